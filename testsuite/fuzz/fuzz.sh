#!/bin/sh
# fuzz.sh -- the plugin never crashes on a malformed directive.
#
# Mutates the #pragma mint lines of the testsuite's programs (mutate.awk)
# and compiles each mutant with the plugin.  A compile may succeed or fail
# with a diagnostic; it must not crash (an internal compiler error, a
# signal, a failure without an error message) nor run longer than 20 s.
# The inputs in crashers/ once crashed the plugin: they are compiled on
# every run first.  A new crasher is left in the work directory; add it to
# crashers/ with the fix.
#
# Environment (make check sets the first three):
#   MINT_CC            the GCC that loads the plugin (gcc)
#   MINT_PLUGIN        the plugin, mint.so
#   MINT_TOP_SRCDIR    the source tree (for include/ and testsuite/)
#   MINT_FUZZ_COUNT    mutants to compile (1500)
#   MINT_FUZZ_SEED     the random seed (1); the same seed, the same mutants
#   MINT_FUZZ_SECONDS  stop compiling mutants after this long (90)
#   MINT_FUZZ_JOBS     compiles run in parallel (2)
#   MINT_FUZZ_DIR      work directory (fuzz-work), removed when all pass
#   MINT_FUZZ_KEEP     if set, keep the work directory anyway
# What counts as a crash: the patterns in crash-patterns (grep -f).
# Exit status: 0 all passed, 1 a crash or hang, 77 (skipped) no plugin.

here=$(cd "$(dirname "$0")" && pwd)
cc=${MINT_CC:-gcc}
plugin=${MINT_PLUGIN:-}
top=${MINT_TOP_SRCDIR:-$here/../..}
count=${MINT_FUZZ_COUNT:-1500}
seed=${MINT_FUZZ_SEED:-1}
seconds=${MINT_FUZZ_SECONDS:-90}
jobs=${MINT_FUZZ_JOBS:-2}
work=${MINT_FUZZ_DIR:-fuzz-work}
limit=20

# ---- one compile: fuzz.sh --compile FILE, writes FILE.result ----------
if [ "${1:-}" = --compile ]; then
  file=$2
  if [ -e "$work/stop" ]; then
    echo skipped > "$file.result"
    exit 0
  fi
  timeout $limit $cc -O2 -fdiagnostics-plain-output \
    -I"$top/include" -I"$top/testsuite/mint.run" -I"$top/testsuite/mint.dg" \
    -fplugin="$plugin" -fplugin-arg-mint-arch=sm_90 \
    -fplugin-arg-mint-nvcc="$here/nvcc-stub" \
    -c -o /dev/null "$file" > "$file.log" 2>&1
  rc=$?
  if [ $rc -eq 124 ]; then
    verdict="hang: no result after $limit s"
  elif grep -q -f "$here/crash-patterns" "$file.log"; then
    verdict="crash: $(grep -m1 -f "$here/crash-patterns" "$file.log")"
  elif [ $rc -eq 0 ]; then
    verdict=ok
  elif grep -q 'error: ' "$file.log"; then
    verdict=error
  else
    verdict="crash: exit status $rc without an error message"
  fi
  echo "$verdict" > "$file.result"
  exit 0
fi

if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "fuzz: no plugin (set MINT_PLUGIN to mint.so): skipped"
  exit 77
fi

rm -rf "$work"
mkdir -p "$work/mutants" "$work/crashers" || exit 1
start=$(date +%s)

# The regression inputs first, without a time limit but the per-compile one.
for f in "$here"/crashers/*.c; do
  [ -f "$f" ] && cp "$f" "$work/crashers/"
done
awk -v seed="$seed" -v count="$count" -v dir="$work/mutants" \
  -f "$here/mutate.awk" "$top"/testsuite/mint.run/*.c \
  "$top"/testsuite/mint.dg/*.c > "$work/index" || exit 1

compile_all ()
{
  find "$1" -name '*.c' | sort \
    | xargs -n 1 -P "$jobs" sh "$here/fuzz.sh" --compile
}

export MINT_CC MINT_PLUGIN MINT_TOP_SRCDIR MINT_FUZZ_DIR
MINT_CC=$cc MINT_PLUGIN=$plugin MINT_TOP_SRCDIR=$top MINT_FUZZ_DIR=$work
compile_all "$work/crashers"
( sleep "$seconds" && touch "$work/stop" ) &
timer=$!
compile_all "$work/mutants"
kill "$timer" 2> /dev/null

# ---- the verdicts -----------------------------------------------------
failed=0
report ()                       # FILE VERDICT
{
  echo "FAIL: $1: $2"
  sed 's/^/  | /' "$1.log" | head -20
  failed=$((failed + 1))
}
crashers=0
for r in "$work"/crashers/*.c.result; do
  [ -f "$r" ] || continue
  crashers=$((crashers + 1))
  v=$(cat "$r")
  case $v in ok|error) ;; *) report "${r%.result}" "$v" ;; esac
done
crashers_failed=$failed
ok=0 errors=0 skipped=0
for r in "$work"/mutants/*.c.result; do
  [ -f "$r" ] || continue
  v=$(cat "$r")
  case $v in
    ok) ok=$((ok + 1)) ;;
    error) errors=$((errors + 1)) ;;
    skipped) skipped=$((skipped + 1)) ;;
    *)
      name=$(basename "${r%.c.result}")
      report "${r%.result}" "$v ($(grep "^$name " "$work/index" | cut -d' ' -f2-))"
      ;;
  esac
done
compiled=$((ok + errors + failed - crashers_failed))
echo "fuzz: seed $seed: $compiled of $count mutants compiled in" \
  "$(( $(date +%s) - start )) s: $ok without errors, $errors rejected with" \
  "a diagnostic, $failed crashed or hung; $crashers regression inputs;" \
  "$skipped not compiled (time limit ${seconds} s)"
if [ $failed -gt 0 ]; then
  echo "fuzz: the failing inputs and their output are in $work;" \
    "add each to $here/crashers/ with its fix"
  exit 1
fi
[ -n "${MINT_FUZZ_KEEP:-}" ] || rm -rf "$work"
exit 0
