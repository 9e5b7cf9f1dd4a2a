#!/bin/sh
# Regenerates the test decks (numbered lists, bold and italic runs) from their flat ODP sources with LibreOffice: PowerPoint 97 (.ppt),
# and the same decks as PPTX and ODP to check the other readers against. The decks are committed,
# so the tests need no LibreOffice; run this only after editing a .fodp. Needs LibreOffice Impress (Debian: libreoffice-impress-nogui). Usage: sh make-ppt.sh
set -eu
cd "$(dirname "$0")"
for source in *.fodp; do
  for format in ppt pptx odp; do
    soffice --headless --convert-to "$format" --outdir . "$source" >/dev/null
  done
done
