#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds poisson19-shfl.cu (after `make` in
# BUILDDIR) as OUTDIR/poisson19-shfl, with ptxas's registers and spills
# of each kernel in OUTDIR/ptxas.log; on the GPU, run
# OUTDIR/poisson19-shfl [ROUNDS [LAUNCHES]].
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
make -s -C "$build/bench" reference-poisson19.o bench-common.o
"${NVCC:-nvcc}" -O3 -arch=sm_90 -std=c++17 -Xptxas -v -I"$src" \
  -I"$src/probe" -Xcompiler -static-libgcc,-static-libstdc++ \
  -DBENCH_KERNEL=BENCH_POISSON19 -DBENCH_CUDA_KIND=1 \
  "$here/poisson19-shfl.cu" "$build/bench/reference-poisson19.o" \
  "$build/bench/bench-common.o" -o "$out/poisson19-shfl" 2> "$out/ptxas.log"
