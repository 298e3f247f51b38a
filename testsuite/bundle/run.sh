#!/bin/sh
# run.sh -- runs the GPU bundle built by `make gpu-bundle`.
#
#   sh run.sh [--sanitize | --racecheck]
#
# Every program runs with MINT_OFFLOAD=mandatory: a kernel that cannot run on
# the GPU is an error, never a silent fallback to the host loops.  Each
# program checks its results against a CPU computation of the same loops and
# exits 0 when they agree.  --sanitize runs each under compute-sanitizer's
# memcheck, --racecheck under its racecheck (shared-memory races of the
# optimized levels).  Every program is built at each code-generation level
# (tests/optN/); autotuned kernels time, so run, every variant.  Prints one
# PASS/FAIL line per program, the output of each failure, and ends with
# "N passed, N failed"; exits 0 iff none failed.
# Logs go to $LOGDIR (default: logs/ next to this script).  LEVELS (e.g.
# "opt0 opt3-exact") runs only those levels, and then neither the smoke
# test nor the builds: several runners with their own LOGDIR can share
# the GPU.

here=$(cd "$(dirname "$0")" && pwd) || exit 2
logdir=${LOGDIR:-$here/logs}

sanitizer=
tool=memcheck
case ${1-} in
  --sanitize|--racecheck)
    [ "$1" = --racecheck ] && tool=racecheck
    sanitizer=$(command -v compute-sanitizer 2>/dev/null)
    if [ -z "$sanitizer" ] && [ -x /usr/local/cuda/bin/compute-sanitizer ]; then
      sanitizer=/usr/local/cuda/bin/compute-sanitizer
    fi
    if [ -z "$sanitizer" ]; then
      echo "run.sh: --sanitize: compute-sanitizer is neither on PATH nor in /usr/local/cuda/bin" >&2
      exit 2
    fi
    ;;
  "") ;;
  *) echo "usage: sh run.sh [--sanitize | --racecheck]" >&2; exit 2 ;;
esac

mkdir -p "$logdir" || exit 2
MINT_OFFLOAD=mandatory
export MINT_OFFLOAD
# Autotuned kernels time every variant in every program (MINT_TUNE=retune),
# so each variant runs, under the sanitizers too; their choices go to a
# cache of the bundle's own, not the user's.
MINT_TUNE=retune
XDG_CACHE_HOME=$logdir/tune-cache
export MINT_TUNE XDG_CACHE_HOME

passed=0
failed=0

# check PROGRAM [ARG...]: runs one program, reports PASS or FAIL.
check() {
  program=$1
  shift
  label="$(basename "$(dirname "$program")")/$(basename "$program")${1:+ $*}"
  log="$logdir/$(echo "$label" | tr ' /' '__').log"
  if [ ! -x "$program" ]; then
    echo "FAIL $label (missing)"
    failed=$((failed + 1))
    return
  fi
  if [ -n "$sanitizer" ]; then
    "$sanitizer" --tool "$tool" --error-exitcode 1 "$program" "$@" >"$log" 2>&1
  else
    "$program" "$@" >"$log" 2>&1
  fi
  status=$?
  if [ "$status" -eq 0 ]; then
    echo "PASS $label"
    passed=$((passed + 1))
  else
    echo "FAIL $label (exit status $status; log: $log)"
    tail -n 20 "$log" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
}

if [ -z "${LEVELS-}" ]; then
  check "$here/smoke"
  check "$here/unit/test-opt"
  for program in "$here"/builds/*; do
    check "$program"
  done
  LEVELS=$(cd "$here/tests" && echo opt*)
fi

for name in $LEVELS; do
  level=$here/tests/$name
  # Every test program at its default (small) size.
  for program in "$level"/*; do
    check "$program"
  done

  # The Mint paper's kernels at the paper's size (not under a sanitizer: too
  # slow there) and at one that is no multiple of any tile.
  for kernel in paper-heat3d paper-poisson3d-7pt paper-heat3d-varcoef paper-poisson3d-19pt; do
    [ -n "$sanitizer" ] || check "$level/$kernel" 256 256 256
    check "$level/$kernel" 97 61 45
  done
  [ -n "$sanitizer" ] || check "$level/paper-heat2d" 4096 4096
  check "$level/paper-heat2d" 997 611
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
