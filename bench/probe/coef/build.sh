#!/bin/sh
# build.sh OUTDIR -- builds the hand-written coefficient-stencil references
# (coef2d.cu: the 2-D members, coef3d.cu: the 3-D ones), one binary a
# member named as in bench/family/members, ptxas's registers and spills of
# each in OUTDIR/ptxas-MEMBER.log, and OUTDIR/run.sh, which runs them all
# on the GPU (sh OUTDIR/run.sh > coef.log; about 1-2 minutes).
set -eu
mkdir -p "$1"
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
nvcc="${NVCC:-nvcc} -O3 -arch=sm_90 -std=c++17 -Xcompiler -static-libgcc,-static-libstdc++"
build () {                      # build SOURCE MEMBER FLAGS...
  src=$1 m=$2
  shift 2
  $nvcc -Xptxas -v -DNAME="\"$m\"" "$@" "$here/$src" -o "$out/$m" \
    2> "$out/ptxas-$m.log"
  if grep -q 'warning' "$out/ptxas-$m.log"; then
    echo "$m: warnings (see $out/ptxas-$m.log)" >&2
  fi
  if grep 'spill' "$out/ptxas-$m.log" | grep -qv ' 0 bytes spill stores, 0 bytes spill loads'; then
    echo "$m: spills (see $out/ptxas-$m.log)" >&2
  fi
}
build coef2d.cu star2-r1-k -DR=1 -DCOEF=1 &
build coef2d.cu star2-r2-k -DR=2 -DCOEF=1 &
build coef2d.cu box2-r1-k -DBOX -DR=1 -DCOEF=1 &
build coef2d.cu star2-r1-kf -DR=1 -DCOEF=2 &
wait
build coef2d.cu star2-r1-k-f -DR=1 -DCOEF=1 -DREAL=float &
build coef2d.cu star2-r1-kf-f -DR=1 -DCOEF=2 -DREAL=float &
build coef3d.cu star3-r1-k -DR=1 -DCOEF=1 &
build coef3d.cu star3-r1-kf -DR=1 -DCOEF=2 &
wait
build coef2d.cu star2-r1-km -DR=1 -DCOEF=3 &
build coef2d.cu star2-r1-km-f -DR=1 -DCOEF=3 -DREAL=float &
build coef3d.cu star3-r1-km -DR=1 -DCOEF=3 &
wait
cat > "$out/run.sh" <<'EOS'
#!/bin/sh
# run.sh -- every coefficient reference at the family's size (N 8192 in
# 2-D, 512 in 3-D), each checked first at a small odd size.
cd "$(dirname "$0")"
for m in star2-r1-k star2-r2-k box2-r1-k star2-r1-kf star2-r1-k-f \
         star2-r1-kf-f star3-r1-k star3-r1-kf star2-r1-km star2-r1-km-f \
         star3-r1-km; do
  ./$m || echo "FAILED $m"
done
EOS
chmod +x "$out/run.sh"
