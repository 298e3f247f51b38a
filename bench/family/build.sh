#!/bin/sh
# build.sh BUILDDIR OUTDIR [LEVELS] -- builds the stencil family (members)
# with BUILDDIR's plugin and runtime, for a GPU machine:
#
#   OUTDIR/bin/NAME-OL    each member autotuned at level L (default "3 4";
#                         "4x": level 4 with -fplugin-arg-mint-exact-level)
#   OUTDIR/bin/NAME-cpu   the same program without the plugin
#   OUTDIR/bin/copy-bandwidth, OUTDIR/run.sh, OUTDIR/report.awk, members
#
# Then on the GPU machine: sh OUTDIR/run.sh RESULTDIR.  Environment:
# FAMILY_ARCH (default sm_90), FAMILY_MEMBERS (names; default all).
set -eu
build=$(cd "$1" && pwd)
out=$2
levels=${3:-3 4}
here=$(cd "$(dirname "$0")" && pwd)
arch=${FAMILY_ARCH:-sm_90}
mkdir -p "$out/bin"
cc="gcc -O2 -std=gnu11 -Wall -Wno-unknown-pragmas"
mint="-fplugin=$build/plugin/.libs/mint.so -fplugin-arg-mint-arch=$arch"
link="-static-libgcc -ldl -lm -lpthread"
grep -v '^#' "$here/members" | while read -r name flags; do
  set -- $flags
  case " ${FAMILY_MEMBERS:-$name} " in *" $name "*) ;; *) continue ;; esac
  defs=
  for f; do case $f in -D*) defs="$defs $f" ;; esac; done
  $cc $defs "$here/family.c" -lm -o "$out/bin/$name-cpu"
  for l in $levels; do
    case $l in
      *x) opt="-fplugin-arg-mint-opt=${l%x} -fplugin-arg-mint-exact-level" ;;
      *) opt=-fplugin-arg-mint-opt=$l ;;
    esac
    $cc $mint $opt $defs "$here/family.c" \
      "$build/runtime/.libs/libmintrt.a" $link -o "$out/bin/$name-O$l"
  done
done
nvcc -O3 -arch="$arch" -Xcompiler -static-libgcc,-static-libstdc++ \
  "$here/../copy-bandwidth.cu" -o "$out/bin/copy-bandwidth"
cp "$here/run.sh" "$here/report.awk" "$here/members" "$out/"
