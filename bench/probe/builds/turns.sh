#!/bin/sh
# turns.sh ROUNDS KERNEL CONFIG BUILD... -- the same Mint program built by
# several commits of mint, against cuda-tuned, in turns on the GPU of this
# machine.  The folder beside this script holds bin/cuda-tuned-KERNEL
# (from the bench) and bin/mint-KERNEL-BUILD for each BUILD (the bench's
# mint-KERNEL-Oauto as each commit built it, renamed).  Each mint build is
# tuned once into a cache of its own (its VALID line and its choice among
# the variants, with every variant's time, are printed); then ROUNDS turns
# of cuda-tuned at CONFIG and every build, each 7 blocks of 100 steps (the
# usual clock: bench/README.md), a "T NAME MS" line per time; then the
# median of each.  Round 28 (results/2026-11-28-NVIDIA-H200-round28-pairs.md)
# used it for varcoef7's rolled walk.
set -u
here=$(cd "$(dirname "$0")" && pwd)
rounds=$1 k=$2 config=$3
shift 3
MINT_OFFLOAD=mandatory
export MINT_OFFLOAD
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

for b in "$@"; do
  mkdir -p "$tmp/cache-$b"
  XDG_CACHE_HOME=$tmp/cache-$b "$here/bin/mint-$k-$b" | grep -E "VALID|WRONG" ||
    echo "FAILED tuning $b"
  for f in "$tmp/cache-$b"/mint/*.tune; do
    [ -f "$f" ] && awk -v b="$b" '
      $1 == "choice" { c = $2 }
      $1 == "variant" { s[$2] = $4 "x" $5 "x" $6 "/" $8 "x" $9 "x" $10 "=" $12; n++ }
      END { l = "TUNED " b " choice " c ":"
            for (i = 0; i < n; i++) l = l " " s[i]
            print l }' "$f"
  done
done

i=0
while [ $i -lt "$rounds" ]; do
  "$here/bin/cuda-tuned-$k" -c "$config" -s 100 -r 7 |
    awk '$1 == "TIME" { print "T cuda", $5 }'
  for b in "$@"; do
    XDG_CACHE_HOME=$tmp/cache-$b "$here/bin/mint-$k-$b" -s 100 -r 7 |
      awk -v b="$b" '$1 == "TIME" { print "T", b, $5 }'
  done
  i=$((i + 1))
done >"$tmp/times"
cat "$tmp/times"
for v in cuda "$@"; do
  awk -v v="$v" '$2 == v { print $3 }' "$tmp/times" | sort -n |
    awk -v v="$v" -v k="$k" '{ t[NR] = $1 }
      END { if (NR) print "MEDIAN", k, v, t[int ((NR + 1) / 2)] }'
done
