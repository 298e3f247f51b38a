#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds stencils.c's, solvers.c's,
# suites.c's, shapes.c's, narrow.c's, periodic.c's, upwind.c's, apps.c's
# and ports.c's programs, and boxes.py's (boxNdRr-TYPE) with BUILDDIR's
# plugin and runtime (OUTDIR/NAME-O3, autotuned level 3) and without it
# (OUTDIR/NAME-cpu).
# On the GPU: OUTDIR/NAME-O3 N [STEPS]; MINT_PROFILE=1 prints each
# kernel's tuned time.
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cc="gcc -O2 -std=gnu11 -Wall -Wno-unknown-pragmas"
programs="stencils: LIFE VC2F UPWIND HEAT3F JACRES JACSUM JACNORED RED3 RED1 LBM VARK3
solvers: ZINNER XINNER RBGS ACOUSTIC SWE FLAT3 COEF3 SANDPILE XDIFF XDIFF4F COMPONENTS FIELDS SYSTEM BC3 BC3S BC3B BC3T BC2 BC3F BC3U BC2FR BC1 LOOPSTAR ARMS LIFELOOPS SLABS
suites: BOX2R3 BOX2R4F BOX2R4FW GRAD2F BOX3TAB BOX3R2L MIXED3F DERIV3
shapes: YEE3 ANISO3 ANISO3F ZCOEF3F VC3R2 FLATZ THINX MASK3 SRC3 ADV3 GRADDIV
shapes: ANISO2Y ANISO2X VC2R2 TALL2
narrow: PARTS RGB VEC2 COMP3 LBM9
periodic: PER3 PER3MOD PER2
upwind: UPC3F UPB3 UPB3F
apps: GRAYSCOTT WAVE3L HELPER3 DOWN2 MIXACC3F PARAM3
ports: SCHROD2 COEFARR3 CPLXFLAT2 FLUX2"
echo "$programs" | while read -r file names; do
  for name in $names; do
    src="$here/${file%:}.c"
    $cc -D$name "$src" -lm -o "$out/$name-cpu"
    $cc -fplugin="$build/plugin/.libs/mint.so" \
      -fplugin-arg-mint-arch="${ARCH:-sm_90}" -fplugin-arg-mint-opt=3 \
      -D$name "$src" "$build/runtime/.libs/libmintrt.a" \
      -static-libgcc -ldl -lm -lpthread -o "$out/$name-O3"
  done
done
for box in "2 6 float" "2 6 double" "3 3 double" "3 4 double"; do
  set -- $box
  name=box$1d$2r-$3
  python3 "$here/boxes.py" $1 $2 $3 > "$out/$name.c"
  $cc -I"$here/../unroll" "$out/$name.c" -lm -o "$out/$name-cpu"
  $cc -I"$here/../unroll" -fplugin="$build/plugin/.libs/mint.so" \
    -fplugin-arg-mint-arch="${ARCH:-sm_90}" -fplugin-arg-mint-opt=3 \
    "$out/$name.c" "$build/runtime/.libs/libmintrt.a" \
    -static-libgcc -ldl -lm -lpthread -o "$out/$name-O3"
done
