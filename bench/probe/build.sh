#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds the register-blocking probe (run on
# the build machine, after `make` and `make -C bench bench` in BUILDDIR):
#
#   OUTDIR/bin/mint-<kernel>-RXxRY       mint-stencil.c at level 3 with
#                                         exact-level, each thread computing
#                                         RX x RY columns, sweeping its walks
#                                         (configurations 32x8xW; 2-D 128xW)
#   OUTDIR/bin/mint-<kernel>-RXxRY-rN     the same, ptxas limited to N
#                                         registers (-maxrregcount=N)
#   OUTDIR/bin/cuda-tuned-<kernel>        the bench's hand-written CUDA
#   OUTDIR/bin/copy-bandwidth
#   OUTDIR/run.sh                         runs them all (sh OUTDIR/run.sh)
#
# Environment: PROBE_KERNELS (default: all six), PROBE_BLOCKS (default
# "1x1 2x1 2x2 1x4"; RY is 1 in 2-D), PROBE_REGS (the N of the -rN builds,
# default "64 40"; not for 2-D kernels), PROBE_CUDA=no leaves cuda-tuned
# out.
set -eu
build=$(cd "$1" && pwd)
out=$2
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/bin"
kernels=${PROBE_KERNELS:-heat2d heat7 poisson7 varcoef7 poisson19 box27}
cc="gcc -O2 -std=gnu11 -I$src -fplugin=$build/plugin/.libs/mint.so \
  -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-opt=3 -DMINT_OPT_LEVEL=3 \
  -fplugin-arg-mint-exact-level -fplugin-arg-mint-nvcc=$src/probe/nvcc-flags"
link="$build/runtime/.libs/libmintrt.a -static-libgcc -ldl -lm"
for k in $kernels; do
  K=$(echo "$k" | tr a-z A-Z)
  objs="$build/bench/reference-$k.o $build/bench/bench-common.o"
  regs_list=${PROBE_REGS-64 40}
  [ "$k" = heat2d ] && regs_list=
  for rb in ${PROBE_BLOCKS:-1x1 2x1 2x2 1x4}; do
    rx=${rb%x*} ry=${rb#*x}
    [ "$k" = heat2d ] && [ "$ry" != 1 ] && continue
    for regs in "" $regs_list; do
      MINT_PROBE_NVCC_FLAGS=${regs:+-maxrregcount=$regs} $cc \
        -DBENCH_KERNEL=BENCH_$K -DMINT_RB_X=$rx -DMINT_RB_Y=$ry \
        "$src/mint-stencil.c" $objs $link \
        -o "$out/bin/mint-$k-$rb${regs:+-r$regs}"
    done
  done
  [ "${PROBE_CUDA:-yes}" = no ] || cp "$build/bench/cuda-tuned-$k" "$out/bin/"
done
cp "$build/bench/copy-bandwidth" "$out/bin/"
strip "$out"/bin/*
cp "$src/probe/run.sh" "$out/"
