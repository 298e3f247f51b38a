#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds the multigrid transfers (run on the
# build machine after `make` in BUILDDIR): OUTDIR/transfers-O0 and
# OUTDIR/transfers-O3 (transfers.c, a restriction and a prolongation,
# through the plugin at levels 0 and 3), OUTDIR/transfers-ref
# (transfers-ref.cu, their hand-written peers), OUTDIR/copy-bandwidth.
# On the GPU: MINT_PROFILE=1 OUTDIR/transfers-O3 [N [STEPS]] (per-kernel
# ms at exit), OUTDIR/transfers-ref [N [CALLS]]; the checksums agree.
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
for l in 0 3; do
  gcc -O2 -fplugin="$build/plugin/.libs/mint.so" -fplugin-arg-mint-arch=sm_90 \
    -fplugin-arg-mint-opt=$l -I"$build/include" "$here/transfers.c" \
    "$build/runtime/.libs/libmintrt.a" -static-libgcc -ldl -lm -lpthread \
    -o "$out/transfers-O$l"
done
nvcc="${NVCC:-nvcc} -O3 -arch=sm_90 -std=c++17 -Xcompiler -static-libgcc,-static-libstdc++"
$nvcc "$here/transfers-ref.cu" -o "$out/transfers-ref"
$nvcc "$here/../../copy-bandwidth.cu" -o "$out/copy-bandwidth"
