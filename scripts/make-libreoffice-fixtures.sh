#!/bin/sh
# Regenerates test/fixtures/libreoffice/*.xlsx from the hand-written .fods beside them, with
# LibreOffice itself, so the tests read files a real spreadsheet program wrote. The .xlsx are
# committed: neither CI nor the tests run this. Needs LibreOffice's Calc, e.g. on Debian 12:
#   apt-get install -y --no-install-recommends libreoffice-calc-nogui
set -eu

dir="$(cd "$(dirname "$0")/.." && pwd)/test/fixtures/libreoffice"
soffice="${SOFFICE:-soffice}"
if ! command -v "$soffice" >/dev/null 2>&1; then
  echo "soffice not found: install libreoffice-calc-nogui (Debian/Ubuntu) or set SOFFICE" >&2
  exit 2
fi

# A private profile: a desktop LibreOffice that is open, or a first-run profile, does not interfere.
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT

for src in "$dir"/*.fods; do
  "$soffice" -env:UserInstallation="file://$profile" --headless --convert-to xlsx --outdir "$dir" "$src" >/dev/null
  out="${src%.fods}.xlsx"
  # The point of these files is who wrote them: check it was LibreOffice.
  if ! unzip -p "$out" docProps/app.xml | grep -q '<Application>LibreOffice'; then
    echo "$out: docProps/app.xml does not name LibreOffice" >&2
    exit 1
  fi
  echo "wrote $out"
done
