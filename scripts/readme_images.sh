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
"$bin" --campaigns-dir "$work/campaigns" print tracker beelives-months solo-demo \
  --out "$work/all/tracker-beelives-months-demo.pdf" > /dev/null
"$bin" --campaigns-dir "$work/campaigns" print booklet demo-legacy \
  --out "$work/all/booklet-demo.pdf" > /dev/null
# the demo run's booklet imposed as an A5 booklet, and the duplex alignment test
"$bin" --campaigns-dir "$work/campaigns" print booklet demo-legacy --imposition booklet \
  --out "$work/imposed/booklet-imposed-demo.pdf" > /dev/null
"$bin" --campaigns-dir "$work/campaigns" print booklet --duplex-test \
  --out "$work/imposed/duplex-test.pdf" > /dev/null
# a Queen Bee match log with one match, for a pre-filled match sheet
"$bin" --campaigns-dir "$work/campaigns" queenbee new "Friday hive" --players ann,bob,cy,dee \
  > /dev/null
"$bin" --campaigns-dir "$work/campaigns" queenbee log friday-hive --players ann,bob,cy \
  --winner cy --defeated bob,ann --alliance bob=cy --skill ann=Drones --skill bob=Guards \
  --skill cy=Scouts > /dev/null
"$bin" --campaigns-dir "$work/campaigns" print pad queenbee friday-hive --match last \
  --out "$work/all/pad-queenbee-demo.pdf" > /dev/null
"$bin" --campaigns-dir "$work/campaigns" print tracker beelives-hive solo-demo \
  --out "$work/all/tracker-beelives-hive-demo.pdf" > /dev/null
# a scoring pad two to a sheet (each laid out on the half sheet)
"$bin" print pad beelives --per-page 2 --names "Ann,Bob,Cy" \
  --out "$work/all/pad-beelives-2up.pdf" > /dev/null
rm "$work/all/report.pdf"  # the example report; the demo run's report is shown instead
for pdf in "$work"/all/*.pdf; do
  name=$(basename "$pdf" .pdf)
  pdftoppm -png -r 28 -f 1 -l 1 -singlefile "$pdf" "docs/images/$name"
done
# the printables of issue 14, larger: page 1 (the booklet: its first scenario sheet, page 2)
for name in booklet-demo pad-queenbee-demo aid-hyve-modes tracker-beelives-hive-demo; do
  page=1; [ "$name" = booklet-demo ] && page=2
  pdftoppm -png -r 60 -f "$page" -l "$page" -singlefile "$work/all/$name.pdf" \
    "docs/images/$name"
done
# the HYVE sheet's second page (actions, bread, jellies, seasons)
pdftoppm -png -r 28 -f 2 -l 2 -singlefile "$work/all/sheet-hyve-standard.pdf" \
  docs/images/sheet-hyve-standard-page-2
# landscape sheet sides: the booklet's second back ([4|21]: the first scenario's HP track,
# the last one's hyves) and the duplex test's front
pdftoppm -png -r 40 -f 4 -l 4 -singlefile "$work/imposed/booklet-imposed-demo.pdf" \
  docs/images/booklet-imposed-demo
pdftoppm -png -r 40 -f 1 -l 1 -singlefile "$work/imposed/duplex-test.pdf" \
  docs/images/duplex-test
rm -rf "$work"
# the full-screen session: Textual's SVG screenshot of a seeded game
.venv/bin/python scripts/beelives_play_screenshot.py --out docs/images/beelives-play.svg > /dev/null
ls docs/images
