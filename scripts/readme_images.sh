#!/usr/bin/env bash
# Renders the first page of every printable in the catalogue to docs/images/<name>.png for the
# README (needs pdftoppm from poppler-utils), and docs/images/beelives-play.svg. Run from the
# repository root after `make demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin/hyvekit
work=$(mktemp -d)
"$bin" --campaigns-dir "$work/campaigns" demo --out-dir "$work/demo" > /dev/null
"$bin" --campaigns-dir "$work/campaigns" print all --out-dir "$work/all" > /dev/null 2>&1
"$bin" --campaigns-dir "$work/campaigns" print report demo-legacy --out "$work/all/report-demo.pdf" > /dev/null
cp "$work/demo/legacy-sheet.pdf" "$work/all/legacy-sheet-demo.pdf"
# a solo Bee Lives campaign (challenge card Pacifist, March-July logged) for a pre-filled tracker
"$bin" --campaigns-dir "$work/campaigns" beelives new "Solo pacifist" -p Ann:prolific \
  --solo challenge --challenge pacifist --id solo-demo > /dev/null
for month in examples/beelives/campaign/solo-y1-0[1-5]-*.toml; do
  "$bin" --campaigns-dir "$work/campaigns" beelives log solo-demo "$month" > /dev/null
done
"$bin" --campaigns-dir "$work/campaigns" print tracker beelives solo-demo \
  --out "$work/all/tracker-beelives-demo.pdf" > /dev/null
rm "$work/all/report.pdf"  # the example report; the demo run's report is shown instead
for pdf in "$work"/all/*.pdf; do
  name=$(basename "$pdf" .pdf)
  pdftoppm -png -r 28 -f 1 -l 1 -singlefile "$pdf" "docs/images/$name"
done
rm -rf "$work"
# the full-screen session: Textual's SVG screenshot of a seeded game
.venv/bin/python scripts/beelives_play_screenshot.py --out docs/images/beelives-play.svg > /dev/null
ls docs/images
