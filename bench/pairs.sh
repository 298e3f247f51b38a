#!/bin/sh
# pairs.sh [PAIRS [KERNEL...]] -- mint-auto against the fastest cuda-tuned
# configuration, timed in turns, on the GPU of this machine (in the bench
# bundle, next to run.sh).
#
# Two variants within the noise of one run.sh (a tenth of a percent or
# two) need more than one time each.  For each kernel (default: heat7
# varcoef7 poisson19): cuda-tuned's sweep once, to find its fastest
# configuration, and mint-auto once, to tune (its cache is kept); then
# PAIRS (default 7) turns of both, each 7 blocks of 100 steps (the usual
# clock: bench/README.md).  Prints every time, then per kernel the median
# of each and mint-auto's ratio (cuda-tuned's median over mint-auto's:
# above 1 when mint-auto is faster).

set -u
here=$(cd "$(dirname "$0")" && pwd)
pairs=${1:-7}
[ $# -gt 0 ] && shift
kernels=${*:-heat7 varcoef7 poisson19}
MINT_OFFLOAD=mandatory
export MINT_OFFLOAD
cache=$(mktemp -d) || exit 1
XDG_CACHE_HOME=$cache
export XDG_CACHE_HOME
trap 'rm -rf "$cache"' EXIT

# The time of the line TIME (or RETIME) in a binary's output.
time_of () {
  awk -v tag="$1" '$1 == tag { print $5 }'
}

median () {
  sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

status=0
for k in $kernels; do
  best=$("$here/bin/cuda-tuned-$k" | awk '$1 == "RETIME" { print $4 }')
  if [ -z "$best" ] || ! "$here/bin/mint-$k-Oauto" >/dev/null; then
    echo "FAILED $k: no cuda-tuned configuration or mint-auto failed"
    status=1
    continue
  fi
  cuda=$(mktemp) && mint=$(mktemp) || exit 1
  i=0
  while [ $i -lt "$pairs" ]; do
    "$here/bin/cuda-tuned-$k" -c "$best" -s 100 -r 7 | time_of TIME >>"$cuda"
    "$here/bin/mint-$k-Oauto" -s 100 -r 7 | time_of TIME >>"$mint"
    i=$((i + 1))
  done
  echo "PAIRS $k cuda-tuned $best: $(tr '\n' ' ' <"$cuda")"
  echo "PAIRS $k mint-auto: $(tr '\n' ' ' <"$mint")"
  c=$(median <"$cuda")
  m=$(median <"$mint")
  rm -f "$cuda" "$mint"
  if [ -z "$c" ] || [ -z "$m" ]; then
    echo "FAILED $k: a timed run failed"
    status=1
    continue
  fi
  awk -v k="$k" -v c="$c" -v m="$m" -v n="$pairs" 'BEGIN {
    printf "MEDIAN %s cuda-tuned %.6f mint-auto %.6f ratio %.4f (%d pairs)\n", k, c, m, c / m, n }'
done
exit $status
