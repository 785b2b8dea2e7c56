#!/usr/bin/env bash
# Behaviour unchanged?  Runs the shipped examples and campaigns through the CLI of two checkouts
# and compares what they print and the records they write (times and paths masked).
#   scripts/same_outputs.sh OLD_CHECKOUT [NEW_CHECKOUT]     (NEW: this checkout)
# Exit 0 when every output is the same; the differences are printed otherwise.
set -u
old=$(cd "$1" && pwd); new=$(cd "${2:-$(dirname "$0")/..}" && pwd)
py=${PYTHON:-$new/.venv/bin/python}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

play() {   # play SRC OUT
  local src=$1 out=$2 n=0 dir; dir=$(mktemp -d -p "$work"); mkdir -p "$out"
  run() {
    n=$((n + 1))
    { echo "\$ hyvekit ${*//$src/SRC}"
      (cd "$dir" && PYTHONPATH=$src HYVEKIT_CAMPAIGNS=$dir/campaigns COLUMNS=100 \
        "$py" -m hyvekit "$@" 2>&1); echo "exit=$?"; } > "$out/$(printf %03d $n).txt"
  }
  local e=$src/examples c=$src/examples/beelives/campaign f id
  for f in "$e"/hyve/*.toml; do run hyve check "$f"; run hyve check "$f" --json; done
  for f in "$e"/beelives/*.toml; do run beelives check "$f"; run beelives check "$f" --json; done
  run beelives new League -p Susan:prolific -p Jeremy:aggressive --years 2
  run beelives log league "$c"/2p-y1-*.toml; run beelives year-end league
  run beelives log league "$c"/2p-y2-*.toml; run beelives year-end league --starvation Jeremy
  run beelives status league; run beelives status league --json
  run beelives new Solo -p Ann:prolific --solo challenge --challenge Pacifist
  run beelives log solo "$c"/solo-y1-*.toml; run beelives year-end solo
  run beelives status solo --json
  run beelives new Zed -p Ann:prolific --solo campaign --campaign-card Zombees --years 2
  run beelives log zed "$c"/solo-y1-*.toml; run beelives year-end zed
  run beelives log zed "$c"/zombees-y2-01-march.toml; run beelives status zed --json
  run campaign check league; run campaign check zed
  run hyve legacy new "Summer run" --colours yellow,blue,green,purple,red
  run hyve legacy shop summer-run --bread 1 --bread 1 --population red:2,purple:4
  run hyve legacy start summer-run
  run hyve legacy result summer-run won --hp-past-start 7 --population 12 --hyves 4
  run hyve legacy status summer-run --json
  for id in league solo zed summer-run; do run campaign export "$id" -; done
}
mask() { sed -E "s|/tmp/tmp[^/ \"]*|TMP|g; s|\"at\": \"[^\"]*\"|\"at\": T|g; s|20[0-9-]{8}[ T][0-9:]{5,8}[^ \"]*|TIME|g" "$@"; }

play "$old" "$work/old"; play "$new" "$work/new"
status=0
for f in "$work"/old/*.txt; do
  if ! diff <(mask "$f") <(mask "$work/new/$(basename "$f")") > "$work/diff"; then
    echo "== $(head -1 "$f")"; cat "$work/diff"; status=1
  fi
done
echo "$(ls "$work"/old | wc -l) commands compared: $([ $status = 0 ] && echo same || echo DIFFERENT)"
exit $status
