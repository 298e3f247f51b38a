#!/bin/sh
# build.sh BUILDDIR OUTDIR -- builds heat7-flat.c (after `make` in
# BUILDDIR) autotuned at level 3 in both forms, OUTDIR/heat7-flat (a flat
# double * with an index macro) and OUTDIR/heat7-grid (-DGRID, a pointer
# to planes), with libmintrt.so.0 beside them; on the GPU,
# OUTDIR/run.sh [N [STEPS]] runs each twice with MINT_PROFILE=1.
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../.." && pwd)
for form in flat grid; do
  define=
  [ $form = grid ] && define=-DGRID
  gcc -O2 -std=gnu11 $define -fplugin="$build/plugin/.libs/mint.so" \
    -fplugin-arg-mint-opt=3 -fplugin-arg-mint-arch=sm_90 \
    -I"$src/include" "$here/heat7-flat.c" -L"$build/runtime/.libs" \
    -lmintrt -o "$out/heat7-$form"
done
cp -L "$build/runtime/.libs/libmintrt.so.0" "$out/"
cat > "$out/run.sh" <<'RUN'
#!/bin/sh
cd "$(dirname "$0")"
for run in 1 2; do
  for form in flat grid; do
    echo "== heat7-$form, run $run"
    LD_LIBRARY_PATH=. MINT_OFFLOAD=mandatory MINT_PROFILE=1 \
      ./heat7-$form "$@" 2>&1
  done
done
RUN
chmod +x "$out/run.sh"
