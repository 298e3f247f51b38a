#!/bin/sh
# build.sh OUTDIR -- builds the hand-written high-order 3-D stars:
# star-tile.cu (planes staged in shared memory) for radius 2, 3 and 4 in
# double and radius 4 in float, ptxas's registers of each in
# OUTDIR/ptxas-rR-TYPE.log; star-l1.cu (the walk through L1 with register
# blocks in y and fronts loaded ahead) for radius 3 and 4 in float and
# radius 2, 3 and 4 in double; star-cluster.cu (blocks that share their
# halos through thread-block clusters) for radius 2 and 4 in double and
# radius 4 in float, ptxas's registers of each in
# OUTDIR/ptxas-cluster-rR-TYPE.log; periodic-peer.cu (the 7-point star
# over a periodic domain, periodic.c's PER3, its wraps as selects);
# one-d.cu (the 1-D 3-point star, one, two and four points a thread).  On
# the GPU: OUTDIR/star-tile-rR-TYPE [N [STEPS]], OUTDIR/star-l1-rR-TYPE
# [N [STEPS]], OUTDIR/star-cluster-rR-TYPE [N [STEPS]],
# OUTDIR/periodic-peer [N [STEPS]], OUTDIR/one-d.
set -eu
mkdir -p "$1"
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
nvcc="${NVCC:-nvcc} -O3 -arch=sm_90 -std=c++17 -Xcompiler -static-libgcc,-static-libstdc++"
for rt in 2:double 3:double 4:double 4:float; do
  r=${rt%:*} t=${rt#*:}
  $nvcc -Xptxas -v -DR="$r" -DREAL="$t" "$here/star-tile.cu" \
    -o "$out/star-tile-r$r-$t" 2> "$out/ptxas-r$r-$t.log"
done
for rt in 2:double 3:double 4:double 3:float 4:float; do
  r=${rt%:*} t=${rt#*:}
  $nvcc -DR="$r" -DREAL="$t" "$here/star-l1.cu" -o "$out/star-l1-r$r-$t"
done
for rt in 2:double 4:double 4:float; do
  r=${rt%:*} t=${rt#*:}
  $nvcc -Xptxas -v -DR="$r" -DREAL="$t" "$here/star-cluster.cu" \
    -o "$out/star-cluster-r$r-$t" 2> "$out/ptxas-cluster-r$r-$t.log"
done
$nvcc "$here/periodic-peer.cu" -o "$out/periodic-peer"
$nvcc "$here/one-d.cu" -o "$out/one-d"
