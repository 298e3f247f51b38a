#!/bin/sh
# build.sh -- builds heat7-buffers.c in both forms at levels 3 and 4 into
# OUT (default ./double-buffer): planes-O3, swap-O3, planes-O4, swap-O4.
# Run from the top of a built tree.  On the GPU, time them in turns:
#   for i in 1 2 3; do for p in swap-O3 planes-O3 swap-O4 planes-O4; do
#   ./$p 200; done; done
set -eu
out=${1:-double-buffer}
src=$(dirname "$0")/heat7-buffers.c
mkdir -p "$out"
for level in 3 4; do
  for form in planes swap; do
    define=
    [ $form = planes ] && define=-DPLANES
    ${CC:-gcc} -O2 -fplugin=plugin/.libs/mint.so -Iinclude \
      -fplugin-arg-mint-opt=$level -fplugin-arg-mint-arch=sm_90 $define \
      "$src" runtime/.libs/libmintrt.a -ldl -lm -o "$out/$form-O$level"
  done
done
