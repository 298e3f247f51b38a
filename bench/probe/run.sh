#!/bin/sh
# run.sh -- runs the probe that build.sh made, on a GPU: every
# configuration of every binary, one line "TIME kernel variant config ms"
# each, then per kernel the fastest of each binary.  Environment:
# PROBE_ARGS (default "-r 3 -s 10 -w 2"), PROBE_CUDA_CONFIGS (the
# cuda-tuned configurations).
here=$(cd "$(dirname "$0")" && pwd)
args=${PROBE_ARGS:--r 3 -s 10 -w 2}
MINT_OFFLOAD=mandatory
export MINT_OFFLOAD
log=${1:-$here/probe.log}
: > "$log"
"$here/bin/copy-bandwidth" | tee -a "$log"
c3="32x8x4,32x8x8,32x8x4/1x1,32x8x4/2x1,32x8x4/1x2,32x8x4/2x2,32x8x4/1x4,\
32x8x4/2x4,32x8x8/1x1,32x8x8/2x1,32x8x8/1x2,32x8x8/2x2,32x8x8/1x4,\
32x8x8/2x4,32x8x3/1x1,32x8x3/2x1,32x8x6/1x1,32x8x6/2x1,32x8x6/1x2,\
64x4x4/1x4,64x4x8/1x4,64x4x6/1x4,64x4x3/1x4,32x8x4/2x1/4,32x8x4/1x4/4,\
32x8x8/2x1/4,32x8x4/2x2/4,32x8x3/2x1/4,32x8x6/2x1/4,64x4x4/1x4/4"
c2="256x1x32,128x1x64,256x1x32/1x1,256x1x32/2x1,256x1x32/4x1,\
256x1x16/1x1,256x1x16/2x1,256x1x16/4x1,128x2x32/2x1,64x4x32/2x1,\
64x4x16/2x1,32x8x16/2x1,32x8x32/4x1,256x1x32/2x1/4,256x1x16/2x1/4"
for bin in "$here"/bin/*; do
  name=$(basename "$bin")
  case $name in
    copy-bandwidth) continue ;;
    cuda-tuned-heat2d) set -- -c "${PROBE_CUDA_CONFIGS:-$c2}" ;;
    cuda-tuned-*) set -- -c "${PROBE_CUDA_CONFIGS:-$c3}" ;;
    *) set -- ;;
  esac
  echo "== $name" >&2
  { timeout 120 "$bin" $args "$@" 2>&1 || echo "FAILED $?"; } |
    sed "s|^|$name |" >> "$log"
done
grep -E ' (WRONG|FAILED)' "$log"
# Every time (binary, configuration, ms), then per binary the fastest.
awk '$2 == "TIME" { printf "%s %s %.4f\n", $1, $5, $6 }' "$log"
awk '$2 == "TIME" { if (!($1 in best) || $6 < best[$1]) { best[$1] = $6; cfg[$1] = $5 } }
     END { for (b in best) printf "BEST %-24s %-16s %.4f\n", b, cfg[b], best[b] }' "$log" | sort
