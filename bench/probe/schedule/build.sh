#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds the schedule probe (on the build
# machine, after `make` in BUILDDIR): OUTDIR/schedule times heat7's
# autotuned level-3 kernel as mint generates it and the bench's
# stencil_blocked<2,1,4,MINB>, each as built and with the edits that
# schedule.py lists, on the same buffers (see harness.cuh); run it on the
# GPU as OUTDIR/schedule [ROUNDS [LAUNCHES]].  OUTDIR/ptxas.log has
# ptxas's registers and spills of every kernel; OUTDIR/work the sources.
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2/work"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
nvcc=${NVCC:-nvcc}
make -s -C "$build/bench" reference-heat7.o bench-common.o
cd "$out/work"
gcc -O2 -std=gnu11 -I"$src" -fplugin="$build/plugin/.libs/mint.so" \
  -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-opt=3 -DMINT_AUTO \
  -fplugin-arg-mint-keep -DBENCH_KERNEL=BENCH_HEAT7 \
  -c "$src/mint-stencil.c" -o mint-heat7.o
python3 "$here/schedule.py" mint-heat7.mint.cu "$src/cuda-stencil.cu" \
  schedule.cu
"$nvcc" -O3 -arch=sm_90 -lineinfo -Xptxas -v -I"$src" -I"$here" \
  -Xcompiler -static-libgcc,-static-libstdc++ \
  -DBENCH_KERNEL=BENCH_HEAT7 -DBENCH_CUDA_KIND=1 schedule.cu \
  "$build/bench/reference-heat7.o" "$build/bench/bench-common.o" \
  -o "$out/schedule" 2> "$out/ptxas.log"
