#!/bin/sh
# run.sh RESULTDIR -- on the GPU machine, in the folder build.sh made:
# the copy bandwidth and arithmetic peaks, then each member: its checksum
# at the small N against the CPU build, and its time at the full N, at
# each level built.  RESULTDIR/family.log holds every line,
# RESULTDIR/family.md the table (report.awk).
set -u
here=$(cd "$(dirname "$0")" && pwd)
res=$1
mkdir -p "$res"
log=$res/family.log
: > "$log"
"$here/bin/copy-bandwidth" >> "$log" 2>&1
export MINT_OFFLOAD=mandatory XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/family-cache}
grep -v '^#' "$here/members" | while read -r name flags; do
  set -- $flags
  shift $(($# - 2))
  big=$1 small=$2
  [ -x "$here/bin/$name-cpu" ] || continue
  cpu=$("$here/bin/$name-cpu" "$small" 6 1 | sed 's/.*checksum //')
  for bin in "$here/bin/$name"-O*; do
    level=${bin##*-}
    gpu=$("$bin" "$small" 6 1 2>&1 | sed 's/.*checksum //')
    echo "CHECK $name $level cpu $cpu gpu $gpu" >> "$log"
    echo "RUN $name $level $("$bin" "$big" "${FAMILY_STEPS:-20}" 5 2>&1 | tail -1)" >> "$log"
  done
done
awk -f "$here/report.awk" "$log" > "$res/family.md"
cat "$res/family.md"
