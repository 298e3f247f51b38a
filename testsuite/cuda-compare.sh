#!/bin/sh
# cuda-compare.sh -- proof that a change of the plugin changes no kernel:
# compiles every program of the testsuite (mint.run, mint.dg, mint.build),
# the examples and the bench kernels with the plugin of a base commit and
# with the plugin of this build tree, at every level, keeps the generated
# CUDA (-fplugin-arg-mint-keep) and compares the two byte for byte; the
# unit tests' generated kernels (testsuite/unit/kir: kernels.cu,
# opt-kernels.cu) too.  nvcc is a stub: only the CUDA source is compared.
#
#   testsuite/cuda-compare.sh [BASE]    (from the top of a configured and
#                                        built tree; BASE defaults to HEAD)
#
# The base commit is built in a temporary directory.  The diagnostics of
# each compile are compared too and listed apart: a change may improve a
# message without changing a kernel.  Prints one line per difference and
# ends with "N CUDA files compared, N differ"; exits 1 when one differs.
#
# Also:  cuda-compare.sh snapshot PLUGIN KIRDIR OUTDIR
# writes the CUDA and the diagnostics of PLUGIN (and the unit kernels of
# the built testsuite/unit/kir directory KIRDIR) into OUTDIR.
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-gcc}
# The stub's fatbins stay out of the user's device-code cache.
MINT_DEVICE_CACHE=off
export MINT_DEVICE_CACHE
jobs=${JOBS:-2}

# The configurations every program is compiled in: name and options.
configs='O0:-fplugin-arg-mint-opt=0
O1:-fplugin-arg-mint-opt=1
O2:-fplugin-arg-mint-opt=2
O3:-fplugin-arg-mint-opt=3
O4:-fplugin-arg-mint-opt=4
O1x:-fplugin-arg-mint-opt=1 -fplugin-arg-mint-exact-level
O2x:-fplugin-arg-mint-opt=2 -fplugin-arg-mint-exact-level
O3x:-fplugin-arg-mint-opt=3 -fplugin-arg-mint-exact-level
O4x:-fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level
O3fixed:-fplugin-arg-mint-opt=3 -fplugin-arg-mint-autotune=off'

# One line per compile: NAME|SOURCE|OPTIONS.
jobs_list ()
{
  for f in "$srcdir"/testsuite/mint.run/*.c "$srcdir"/testsuite/mint.dg/*.c \
           "$srcdir"/testsuite/mint.build/*.c "$srcdir"/examples/*.c \
           "$srcdir"/examples/heat/*.c; do
    base=$(echo "$f" | sed "s|^$srcdir/||; s|/|_|g; s|\.c\$||")
    inc="-I$(dirname "$f") -I$srcdir/include"
    echo "$configs" | while IFS=: read -r name opts; do
      echo "$base.$name|$f|-O2 $inc $opts"
    done
    # The test's own options, as DejaGnu gives them.
    own=$(sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$f" | head -n 1)
    more=$(sed -n 's/.*dg-additional-options "\([^"]*\)".*/\1/p' "$f" \
           | head -n 1)
    if [ -n "$own$more" ]; then
      echo "$base.dg|$f|$inc $own $more"
    fi
  done
  for k in HEAT2D HEAT7 POISSON7 VARCOEF7 POISSON19 BOX27; do
    inc="-I$srcdir/bench -DBENCH_KERNEL=BENCH_$k"
    for l in 0 1 2 3; do
      echo "bench_$k.O$l|$srcdir/bench/mint-stencil.c|-O2 $inc -fplugin-arg-mint-opt=$l -DMINT_OPT_LEVEL=$l"
    done
    echo "bench_$k.O4|$srcdir/bench/mint-stencil.c|-O2 $inc -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level -DMINT_OPT_LEVEL=4 -DMINT_AUTO"
    echo "bench_$k.auto|$srcdir/bench/mint-stencil.c|-O2 $inc -fplugin-arg-mint-opt=3 -DMINT_AUTO"
  done
}

# snapshot PLUGIN KIRDIR OUTDIR
snapshot ()
{
  plugin=$1 kirdir=$2 out=$3
  mkdir -p "$out"
  stub="$srcdir/testsuite/fuzz/nvcc-stub"
  mpi=$(mpicc --showme:compile 2>/dev/null || :)
  jobs_list | while IFS='|' read -r name src opts; do
    # Each compile in a directory of its own: only the CUDA (every nvcc
    # group's file: NAME.mint.cu, NAME.mint.1.cu, ...) and the
    # diagnostics are kept (not the object, the fatbin or tree dumps).
    printf '%s\0' "mkdir '$out/$name.d' && cd '$out/$name.d' && $CC -fdiagnostics-plain-output -fplugin='$plugin' -fplugin-arg-mint-nvcc='$stub' -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-keep $mpi $opts -c '$src' -o '$name.o' > '../$name.err' 2>&1; mv '$name'.mint*.cu .. 2>/dev/null; cd .. && rm -rf '$name.d' && sed -i 's|$srcdir/||g' '$name.err'"
  done | xargs -0 -n 1 -P "$jobs" sh -c
  for cu in kernels.cu opt-kernels.cu; do
    cp "$kirdir/$cu" "$out/unit_kir_$cu"
  done
}

if [ "${1:-}" = snapshot ]; then
  snapshot "$2" "$3" "$4"
  exit 0
fi

base=${1:-HEAD}
build=$(pwd)
[ -f "$build/plugin/.libs/mint.so" ] \
  || { echo "cuda-compare.sh: run from a built tree (plugin/.libs/mint.so)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "cuda-compare: building $base in $tmp"
mkdir "$tmp/src"
git -C "$srcdir" archive --format=tar "$base" | tar -x -C "$tmp/src" -f -
(cd "$tmp/src" && autoreconf -fi && ./configure && make -j"$jobs" \
   && make -C testsuite/unit/kir kernels.cu opt-kernels.cu) \
  > "$tmp/build.log" 2>&1 \
  || { tail -n 20 "$tmp/build.log"; echo "cuda-compare: $base does not build" >&2; exit 2; }
make -C "$build/testsuite/unit/kir" kernels.cu opt-kernels.cu > /dev/null

echo "cuda-compare: generating the CUDA of $base and of this tree"
snapshot "$tmp/src/plugin/.libs/mint.so" "$tmp/src/testsuite/unit/kir" "$tmp/before"
snapshot "$build/plugin/.libs/mint.so" "$build/testsuite/unit/kir" "$tmp/after"

compared=0 differ=0 messages=0
for f in "$tmp"/before/*.cu "$tmp"/after/*.cu; do
  basename "$f"
done | sort -u > "$tmp/names"
while read -r cu; do
  compared=$((compared + 1))
  if ! cmp -s "$tmp/before/$cu" "$tmp/after/$cu"; then
    differ=$((differ + 1))
    echo "DIFFERS: $cu"
  fi
done < "$tmp/names"
for e in "$tmp"/before/*.err; do
  n=$(basename "$e")
  cmp -s "$e" "$tmp/after/$n" || { messages=$((messages + 1)); echo "messages differ: $n"; }
done
echo "$compared CUDA files compared ($(ls "$tmp"/before/*.err | wc -l) compiles), $differ differ; diagnostics differ in $messages compiles"
[ "$differ" -eq 0 ]
