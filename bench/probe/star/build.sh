#!/bin/sh
# build.sh OUTDIR -- builds star-tile.cu for the family's high-order 3-D
# stars: OUTDIR/star-tile-rR-TYPE for radius 2, 3 and 4 in double and
# radius 4 in float, ptxas's registers of each in OUTDIR/ptxas-rR-TYPE.log.
# On the GPU: OUTDIR/star-tile-rR-TYPE [N [STEPS]].
set -eu
mkdir -p "$1"
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
for rt in 2:double 3:double 4:double 4:float; do
  r=${rt%:*} t=${rt#*:}
  "${NVCC:-nvcc}" -O3 -arch=sm_90 -std=c++17 -Xptxas -v -DR="$r" -DREAL="$t" \
    -Xcompiler -static-libgcc,-static-libstdc++ "$here/star-tile.cu" \
    -o "$out/star-tile-r$r-$t" 2> "$out/ptxas-r$r-$t.log"
done
