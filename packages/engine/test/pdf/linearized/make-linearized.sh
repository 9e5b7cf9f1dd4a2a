#!/usr/bin/env bash
# Make harbour-log.pdf, a linearized ("fast web view") PDF of four pages, from harbour-log.ps.
# The output is committed, so the tests need no Ghostscript; run this again only to change it.
# Note: a linearized file carries a trailer for its first pages at the top, so a copy cut short
# in a download still opens, with the pages before the cut.
# Needs Debian's ghostscript.
set -euo pipefail
cd "$(dirname "$0")"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dFastWebView=true -sOutputFile=harbour-log.pdf harbour-log.ps >/dev/null 2>&1
