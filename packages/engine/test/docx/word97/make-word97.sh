#!/bin/sh
# Regenerates the Word 97 (.doc) test files from their flat ODT sources with LibreOffice.
# The .doc files are committed, so the tests need no LibreOffice; run this only after editing
# a .fodt. Usage: sh make-word97.sh
set -eu
cd "$(dirname "$0")"
for source in *.fodt; do
  soffice --headless --convert-to doc --outdir . "$source" >/dev/null
done
