#!/usr/bin/env bash
# Make the golden inputs from the three sources beside this script: one document per format the
# engine reads. The outputs are committed (inputs/), so the tests need neither pandoc nor
# LibreOffice; run this again only to change an input, then review the goldens it changes
# (UPDATE_GOLDEN=1 pnpm vitest run --project engine test/golden).
# Needs Debian's pandoc and LibreOffice (libreoffice-writer-nogui, -calc-nogui, -impress-nogui).
set -euo pipefail
cd "$(dirname "$0")"
out=inputs
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# Text documents: pandoc writes each format from the same Markdown.
for format in docx odt rtf epub html; do
  pandoc --standalone --from markdown --output "$out/field-guide.$format" source.md
done
# Slides: pandoc's PowerPoint writer (one slide per level-1 heading, notes included).
pandoc --from markdown --output "$out/survey-deck.pptx" slides.md

soffice() { command soffice --headless --norestore "-env:UserInstallation=file://$tmp/profile" "$@" >/dev/null 2>&1; }
# Word 97 and PDF from the DOCX; OpenDocument and PowerPoint 97 slides from the PPTX.
soffice --convert-to doc --outdir "$out" "$out/field-guide.docx"
soffice --convert-to pdf --outdir "$out" "$out/field-guide.docx"
soffice --convert-to odp --outdir "$out" "$out/survey-deck.pptx"
soffice --convert-to ppt --outdir "$out" "$out/survey-deck.pptx"
# Spreadsheets from the CSV (the CSV itself is an input too).
cp species.csv "$out/species.csv"
for format in xlsx xls ods; do
  soffice --convert-to "$format" --outdir "$out" species.csv
done
ls -l "$out"
