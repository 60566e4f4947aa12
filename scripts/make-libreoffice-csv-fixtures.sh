#!/bin/sh
# Regenerates test/fixtures/libreoffice-csv/*.csv and *.tsv from register.fods with LibreOffice
# itself, in the dialects people save: comma and UTF-8 (Calc's "CSV UTF-8"), semicolon and
# Windows-1252 (a European Excel/Calc default), tab and UTF-8, and comma with every text cell
# quoted. The files are committed: neither CI nor the tests run this. Needs LibreOffice's Calc:
#   apt-get install -y --no-install-recommends libreoffice-calc-nogui
# The filter options are: separator, quote, character set (76 UTF-8, 1 Windows-1252), first
# line, cell format, language, quote all text cells.
set -eu

dir="$(cd "$(dirname "$0")/.." && pwd)/test/fixtures/libreoffice-csv"
soffice="${SOFFICE:-soffice}"
if ! command -v "$soffice" >/dev/null 2>&1; then
  echo "soffice not found: install libreoffice-calc-nogui (Debian/Ubuntu) or set SOFFICE" >&2
  exit 2
fi
profile="$(mktemp -d)"
out="$(mktemp -d)"
trap 'rm -rf "$profile" "$out"' EXIT

convert() { # name extension filter-options
  "$soffice" -env:UserInstallation="file://$profile" --headless \
    --convert-to "$2:Text - txt - csv (StarCalc):$3" --outdir "$out" "$dir/register.fods" >/dev/null
  mv "$out/register.$2" "$dir/$1.$2"
  echo "wrote $dir/$1.$2"
}

convert register-utf8-comma csv '44,34,76,1,,0,false'
convert register-1252-semicolon csv '59,34,1,1,,0,false'
convert register-utf8-tab tsv '9,34,76,1,,0,false'
convert register-quote-all csv '44,34,76,1,,0,true'

# Elapsed times and line breaks in XLSX, as Calc writes them.
"$soffice" -env:UserInstallation="file://$profile" --headless --convert-to xlsx --outdir "$dir" "$dir/durations.fods" >/dev/null
unzip -p "$dir/durations.xlsx" docProps/app.xml | grep -q '<Application>LibreOffice' || { echo "durations.xlsx: not written by LibreOffice" >&2; exit 1; }
echo "wrote $dir/durations.xlsx"
