#!/bin/sh
# helpers.sh -- a call of a helper function in a loop body computes what
# the plain program's call computes.
#
# Writes programs with random helpers of if/else, assignments and returns
# (helpers.awk), builds each without the plugin and with it, runs both
# (the plugin's build on the host fallback, which runs the loops with the
# helpers replaced by their expressions) and compares what they print.
# A helper the plugin refuses is an error at its call, counted apart; a
# crash (crash-patterns) or a different output fails the test, and its
# program is left in the work directory.
#
# Environment (make check sets the first three):
#   MINT_CC, MINT_PLUGIN, MINT_TOP_SRCDIR   as for fuzz.sh
#   MINT_RUNTIME         the static libmintrt.a
#   MINT_LIBS            the libraries it needs (-ldl -lm)
#   MINT_HELPERS_COUNT   programs (40)
#   MINT_HELPERS_SEED    the first seed (1); program K has seed SEED + K
#   MINT_HELPERS_DIR     work directory (helpers-work), removed when all pass
# Exit status: 0 all passed, 1 a crash or a difference, 77 no plugin.

here=$(cd "$(dirname "$0")" && pwd)
count=${MINT_HELPERS_COUNT:-40}
seed=${MINT_HELPERS_SEED:-1}
work=${MINT_HELPERS_DIR:-helpers-work}
. "$here/programs.sh"
programs_setup helpers

same=0 refused=0 failed=0
while programs_next h helpers.awk; do
  $cc -O2 -std=gnu11 -w "$p.c" -o "$p-plain" $libs || { echo "FAIL: $p.c: the plain build failed"; failed=$((failed + 1)); continue; }
  if timeout 60 $cc -O2 -std=gnu11 -w -fdiagnostics-plain-output \
       -I"$top/include" -fplugin="$plugin" -fplugin-arg-mint-arch=sm_90 \
       -fplugin-arg-mint-nvcc="$here/nvcc-stub" "$p.c" "$runtime" \
       $libs -o "$p-mint" > "$p.log" 2>&1; then
    "$p-plain" > "$p.plain.out" 2>&1
    MINT_OFFLOAD=default "$p-mint" > "$p.mint.out" 2>&1
    if cmp -s "$p.plain.out" "$p.mint.out"; then
      same=$((same + 1))
      rm -f "$p".* "$p-plain" "$p-mint"
    else
      echo "FAIL: $p.c: prints other values with the plugin"
      failed=$((failed + 1))
    fi
  elif grep -q -f "$here/crash-patterns" "$p.log" || ! grep -q 'error: ' "$p.log"; then
    echo "FAIL: $p.c: the plugin crashed"
    sed 's/^/  | /' "$p.log" | head -20
    failed=$((failed + 1))
  else
    refused=$((refused + 1))
    rm -f "$p".* "$p-plain"
  fi
done
echo "helpers: $count programs: $same print what their plain build prints, $refused refused with an error, $failed failed"
[ $failed -eq 0 ] && rm -rf "$work"
[ $failed -eq 0 ]
