#!/bin/sh
# boundaries.sh -- the boundaries solvers write in a stencil's body (wraps,
# clamps, reflections; boundaries.awk) reach level 3 and keep the plain
# program's answer.
#
# Writes programs of random nests with such boundaries (boundaries.awk),
# compiles each with the plugin at level 3 (nvcc a stub: the CUDA is not
# compiled) and checks that it does not crash and that every nest gets
# level 3 (plugin/opt/edge-fold.h): a form the fold does not reach fails,
# its program left in the work directory.
# Each program also runs, on the host fallback, against its plain loops.
# On the GPU the same programs run at every level in the GPU bundle
# (testsuite/Makefile.am, bundle_boundaries).
#
# Environment (make check sets the first five):
#   MINT_CC, MINT_PLUGIN, MINT_TOP_SRCDIR, MINT_RUNTIME, MINT_LIBS
#                         as for helpers.sh
#   MINT_BOUNDARIES_COUNT programs (24)
#   MINT_BOUNDARIES_SEED  the first seed (1); program K has seed SEED + K
#   MINT_BOUNDARIES_DIR   work directory (boundaries-work), removed when
#                         all pass
# Exit status: 0 all passed, 1 a crash, a refusal, a nest below level 3 or
# a difference, 77 no plugin.

here=$(cd "$(dirname "$0")" && pwd)
count=${MINT_BOUNDARIES_COUNT:-24}
seed=${MINT_BOUNDARIES_SEED:-1}
work=${MINT_BOUNDARIES_DIR:-boundaries-work}
. "$here/programs.sh"
programs_setup boundaries

passed=0 failed=0 nests=0
while programs_next b boundaries.awk; do
  if ! timeout 120 $cc -O2 -std=gnu11 -fdiagnostics-plain-output \
       -I"$top/include" -I"$top/testsuite/mint.run" -fplugin="$plugin" \
       -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-opt=3 \
       -fplugin-arg-mint-verbose -fplugin-arg-mint-nvcc="$here/nvcc-stub" \
       "$p.c" "$runtime" $libs -o "$p-mint" > "$p.log" 2>&1; then
    if grep -q -f "$here/crash-patterns" "$p.log"; then
      echo "FAIL: $p.c: the plugin crashed"
    else
      echo "FAIL: $p.c: the plugin refused it"
    fi
    sed 's/^/  | /' "$p.log" | grep -v ': note: ' | head -20
    failed=$((failed + 1))
    continue
  fi
  bad=
  # The nests, as the program's comments name them ("n2: 3-D ..."), and
  # the level each got.
  for n in $(sed -n 's|.*"\(n[0-9]\): [123]-D.*|\1|p' "$p.c" | sort -u); do
    nests=$((nests + 1))
    grep -q "mint_${n}_mint_[0-9]*.: level 3" "$p.log" || bad="$bad $n"
  done
  MINT_OFFLOAD=default "$p-mint" > "$p.out" 2>&1
  status=$?
  if [ -n "$bad" ] || [ $status -ne 0 ]; then
    [ -n "$bad" ] && echo "FAIL: $p.c: not level 3:$bad"
    [ $status -ne 0 ] && sed 's/^/  | /' "$p.out"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
    rm -f "$p".* "$p-mint"
  fi
done
echo "boundaries: $count programs: $passed with every nest at level 3 ($nests nests), $failed failed"
[ $failed -eq 0 ] && rm -rf "$work"
[ $failed -eq 0 ]
