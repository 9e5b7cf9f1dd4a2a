#!/bin/sh
# Regenerates the PowerPoint 97 (.ppt) test decks from their flat ODP sources with LibreOffice.
# The .ppt files are committed, so the tests need no LibreOffice; run this only after editing
# a .fodp. Needs LibreOffice Impress (Debian: libreoffice-impress-nogui). Usage: sh make-ppt.sh
set -eu
cd "$(dirname "$0")"
for source in *.fodp; do
  soffice --headless --convert-to ppt --outdir . "$source" >/dev/null
done
