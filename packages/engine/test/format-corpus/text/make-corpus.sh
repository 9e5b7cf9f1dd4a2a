#!/bin/sh
# Regenerates the generated files of this corpus (gen_*) from sources/. Needs pandoc and
# LibreOffice (`apt-get install pandoc libreoffice-writer`); CI does not run it: the files it
# writes are committed. Run from anywhere: sh make-corpus.sh
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
  cp "$work/$source.lo.odt" "$work/$source.lo.rtf" files/
  mv "files/$source.lo.odt" "files/gen_$source.lo.odt"
  mv "files/$source.lo.rtf" "files/gen_$source.lo.rtf"
done

# EPUB 3 and EPUB 2, one chapter per top-level heading.
pandoc sources/handbook.md -o files/gen_handbook.epub
pandoc sources/handbook.md -t epub2 -o files/gen_handbook.epub2.epub
pandoc sources/field-report.md -o files/gen_field-report.epub

# HTML documents: pandoc's standalone HTML5 and LibreOffice's XHTML export.
pandoc sources/field-report.md -s -o files/gen_field-report.pandoc.html
soffice --headless --convert-to "xhtml:XHTML Writer File:UTF8" --outdir "$work" "files/gen_handbook.lo.odt" >/dev/null
cp "$work/gen_handbook.lo.xhtml" files/gen_handbook.lo.xhtml

# Fixed timestamps would be nicer, but the converters stamp the current time; the tests read
# the files' content, never their bytes' hash.
