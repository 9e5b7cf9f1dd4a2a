#!/bin/sh
# Regenerates the generated files of this corpus (gen_*, mal_*) from sources/ and the Debian
# files. Needs pandoc and LibreOffice (`apt-get install pandoc libreoffice-writer`); CI does not
# run it: the files it writes are committed. Run from anywhere: sh make-corpus.sh
#
# The deb_* files are real documents from Debian packages, unchanged (manifest.json names each
# package and licence), fetched with `apt-get download <package>` and `dpkg -x <file.deb> DIR`:
# live-manual-odf, live-manual-epub, python-odf-doc, latex2rtf-doc. hand_* files are written by hand.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for source in field-report handbook; do
  # pandoc's own writers.
  pandoc "sources/$source.md" -o "files/gen_$source.pandoc.odt"
  pandoc "sources/$source.md" -s -o "files/gen_$source.pandoc.rtf"
  # LibreOffice's writers, from a DOCX pandoc makes (Word styles, real lists and notes).
  pandoc "sources/$source.md" -o "$work/$source.lo.docx"
  soffice --headless --convert-to odt --outdir "$work" "$work/$source.lo.docx" >/dev/null
  soffice --headless --convert-to rtf --outdir "$work" "$work/$source.lo.docx" >/dev/null
  cp "$work/$source.lo.odt" "files/gen_$source.lo.odt"
  cp "$work/$source.lo.rtf" "files/gen_$source.lo.rtf"
done

# A real document (python-odf's API manual, from Debian) written as RTF by LibreOffice.
soffice --headless --convert-to rtf --outdir "$work" files/deb_api-for-odfpy.odt >/dev/null
cp "$work/deb_api-for-odfpy.rtf" files/gen_api-for-odfpy.lo.rtf

# EPUB 3 and EPUB 2, one chapter per top-level heading.
pandoc sources/handbook.md -o files/gen_handbook.epub
pandoc sources/handbook.md -t epub2 -o files/gen_handbook.epub2.epub
pandoc sources/field-report.md -o files/gen_field-report.epub

# HTML documents: pandoc's standalone HTML5 and LibreOffice's XHTML export.
pandoc sources/field-report.md -s -o files/gen_field-report.pandoc.html
soffice --headless --convert-to "xhtml:XHTML Writer File:UTF8" --outdir "$work" "files/gen_handbook.lo.odt" >/dev/null
cp "$work/gen_handbook.lo.xhtml" files/gen_handbook.lo.xhtml

# The converters stamp the current time into their output, so a rerun changes the bytes (and the
# manifest's sha256) but not the text the vectors check.

# Malformed: the first 60% of a file, as an interrupted download leaves it.
for file in gen_handbook.lo.odt gen_handbook.epub gen_handbook.lo.rtf; do
  size=$(wc -c < "files/$file")
  head -c $((size * 6 / 10)) "files/$file" > "files/mal_truncated.${file##*.}"
done
