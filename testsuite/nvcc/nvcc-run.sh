#!/bin/sh
# nvcc-run.sh -- how the plugin runs nvcc, tried with fake nvcc scripts:
#   - nvcc's TMPDIR is a private directory (mode 0700, named with only
#     letters, digits and '/._+-'), gone after the compile;
#   - a TMPDIR whose name holds a shell command runs nothing (the fake
#     nvcc pastes TMPDIR into a shell command, as nvcc does; the test
#     first shows that the fake alone does run it);
#   - a TMPDIR that is missing or not a directory compiles, as plain gcc
#     does (in $TMP then);
#   - an nvcc that never ends is stopped after
#     -fplugin-arg-mint-nvcc-timeout=SECONDS, with SIGKILL when it ignores
#     SIGTERM, and an error at the first kernel's pragma; its whole
#     process group goes;
#   - an nvcc that floods its output neither blocks the compile nor fills
#     the error message;
#   - an nvcc that exits 0 with something that is not a fatbin is an
#     error at the first kernel's pragma;
#   - SIGTERM, SIGHUP or SIGQUIT to cc1, or SIGINT to the compile's process
#     group (^C), while nvcc runs: cc1 dies of that signal, nvcc is gone and
#     nothing is left in TMPDIR; on Linux also after a SIGKILL of cc1;
#   - -fplugin-arg-mint-keep keeps the CUDA source and the fatbin next to
#     the object.
#
# Environment (make check sets them):
#   MINT_CC          the GCC that loads the plugin (gcc)
#   MINT_PLUGIN      the plugin, mint.so
#   MINT_TOP_SRCDIR  the source tree (for testsuite/fuzz/nvcc-stub)
# Work directory nvcc-work, removed when all pass.
# Exit status: 0 all passed, 1 a failure, 77 (skipped) no plugin.

here=$(cd "$(dirname "$0")" && pwd)
cc=${MINT_CC:-gcc}
plugin=${MINT_PLUGIN:-}
top=${MINT_TOP_SRCDIR:-$here/../..}
stub=$top/testsuite/fuzz/nvcc-stub
work=$(pwd)/nvcc-work

if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "nvcc-run: no plugin (set MINT_PLUGIN to mint.so): skipped"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/tmp" "$work/fallback" "$work/signal" || exit 1
# Every compile runs its fake nvcc (device-cache.sh tests the cache).
MINT_DEVICE_CACHE=off
export MINT_DEVICE_CACHE

. "$here/harness.sh"

# Stops the fakes a failing plugin left running (their pids in *.pid).
stop_leftovers ()
{
  for f in "$work"/*.pid; do
    if [ -f "$f" ] && running "$(cat "$f")"; then
      kill -9 "$(cat "$f")"
    fi
  done
}
trap stop_leftovers EXIT

cat > "$work/unit.c" <<'EOF'
/* The first kernel's pragma is at line 8, column 14.  */
void
scale (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] *= 2.0;
  }
#pragma mint copy(a, fromDevice, n)
}
EOF
pragma='unit.c:8:14: error: mint: '

# compile NAME NVCC [OPTIONS...]: compiles unit.c into NAME.o with the fake
# NVCC (a script in the work directory); its messages in NAME.log.
compile ()
{
  name=$1 nvcc=$2
  shift 2
  (cd "$work" && timeout 60 $cc -O2 -fdiagnostics-plain-output \
     -fplugin="$plugin" -fplugin-arg-mint-arch=sm_90 \
     -fplugin-arg-mint-nvcc="$work/$nvcc" "$@" -c unit.c -o "$name.o") \
    > "$work/$name.log" 2>&1
}

# with_tmp TMPDIR TMP COMMAND...: COMMAND with TMPDIR and TMP set so (an
# empty one unset) and no TEMP.
with_tmp ()
{
  (
    tmpdir=$1 tmp=$2
    shift 2
    unset TMPDIR TMP TEMP
    [ -z "$tmpdir" ] || { TMPDIR=$tmpdir; export TMPDIR; }
    [ -z "$tmp" ] || { TMP=$tmp; export TMP; }
    "$@"
  )
}

# fake NAME: writes the fake nvcc NAME, a shell script whose body is
# standard input, with $work and $stub set.
fake ()
{
  { echo '#!/bin/sh'; echo "work='$work' stub='$stub'"; cat; } > "$work/$1"
  chmod +x "$work/$1"
}

log_has () { grep -q -e "$2" "$work/$1.log"; }

# ---- The private temporary directory ------------------------------------

fake record <<'EOF'
# Records TMPDIR and its mode, then does what nvcc does.
{ echo "$TMPDIR"; stat -c %a "$TMPDIR"; } > "$work/record.out"
exec "$stub" "$@"
EOF

# private_in DIR TMPDIR TMP: compiles with the fake "record" under TMPDIR
# and TMP; it saw a private directory DIR/mint-XXXXXX, mode 0700, that is
# gone now, and DIR is empty.
private_in ()
{
  rm -f "$work/record.out"
  with_tmp "$2" "$3" compile private record || return 1
  seen=$(sed -n 1p "$work/record.out")
  expr "$seen" : "$1/mint-[A-Za-z0-9]\{6\}\$" > /dev/null \
    && [ "$(sed -n 2p "$work/record.out")" = 700 ] && [ ! -e "$seen" ] \
    && empty_dir "$1"
}

check "nvcc's TMPDIR is a private directory in \$TMPDIR, removed afterwards" \
  private_in "$work/tmp" "$work/tmp" ""

fake shell <<'EOF'
# Pastes TMPDIR into a shell command, as nvcc does for its sub-tools.
sh -c "touch $TMPDIR/tmpxft.ii"
exec "$stub" "$@"
EOF
evil="$work/x \$(touch $work/PWNED)"
mkdir -p "$evil"
(cd "$work" && TMPDIR="$evil" ./shell -o fake-alone.fatbin > /dev/null 2>&1)
check "the fake nvcc alone runs it (else the next test proves nothing)" \
  test -e "$work/PWNED"
rm -f "$work/PWNED"

runs_nothing ()
{
  with_tmp "$evil" "$work/fallback" compile injection shell \
    && [ ! -e "$work/PWNED" ]
}
check "a TMPDIR whose name holds a shell command runs nothing" runs_nothing
check "... nvcc's TMPDIR is in \$TMP then" \
  private_in "$work/fallback" "$evil" "$work/fallback"

: > "$work/a-file"
check "TMPDIR missing: compiles, nvcc's TMPDIR in \$TMP" \
  private_in "$work/fallback" "$work/missing" "$work/fallback"
check "TMPDIR a file: compiles, nvcc's TMPDIR in \$TMP" \
  private_in "$work/fallback" "$work/a-file" "$work/fallback"
check "TMPDIR missing, no TMP: compiles" \
  with_tmp "$work/missing" "" compile unusable record
if [ "$(id -u)" != 0 ]; then
  mkdir -p "$work/read-only" && chmod 555 "$work/read-only"
  check "TMPDIR not writable: compiles, nvcc's TMPDIR in \$TMP" \
    private_in "$work/fallback" "$work/read-only" "$work/fallback"
fi

# ---- Time limit and output ----------------------------------------------

fake hang <<'EOF'
echo $$ > "$work/hang.pid"
exec sleep 120
EOF
fake stubborn <<'EOF'
trap '' TERM
sleep 120 &
echo $! > "$work/stubborn-child.pid"
echo $$ > "$work/stubborn.pid"
wait
EOF

# stopped NAME SECONDS: the fake NAME compiled with a limit of SECONDS is
# stopped within SECONDS + 2 (the grace after SIGTERM) + a margin, with an
# error at the pragma that names the option.
stopped ()
{
  start=$(date +%s)
  option=-fplugin-arg-mint-nvcc-timeout=$2
  compile "$1" "$1" "$option" && return 1
  [ $(($(date +%s) - start)) -le $(($2 + 10)) ] \
    && log_has "$1" "^${pragma}'$work/$1 .* was stopped after $2 seconds\{0,1\} ($option;"
}
gone () { [ -s "$work/$1.pid" ] && ! running "$(cat "$work/$1.pid")"; }

check "an nvcc that never ends is stopped after 1 s, an error at the pragma" \
  stopped hang 1
check "... and is gone" gone hang
check "an nvcc that ignores SIGTERM is stopped too (SIGKILL)" \
  stopped stubborn 1
check "... and so is its process group" gone stubborn-child

fake flood <<'EOF'
echo first line
exec yes mint-flood
EOF
bounded_output ()
{
  log_has flood "^first line" && log_has flood "bytes left out" \
    && [ "$(wc -c < "$work/flood.log")" -lt 65536 ]
}
check "an nvcc that floods its output is stopped" stopped flood 2
check "... and the error keeps a head and a tail of its output" bounded_output

fake flood-then-fatbin <<'EOF'
yes mint-flood | head -c 50000000
exec "$stub" "$@"
EOF
check "an nvcc that writes 50 MB and a fatbin: compiles" \
  compile flood-then-fatbin flood-then-fatbin

# ---- The fatbin -----------------------------------------------------------

fake garbage <<'EOF'
while [ $# -gt 1 ]; do [ "$1" = -o ] && echo "not a fatbin" > "$2"; shift; done
EOF
fake truncated <<'EOF'
"$stub" "$@"
while [ $# -gt 1 ]; do [ "$1" = -o ] && truncate -s -1 "$2"; shift; done
EOF
fake no-code <<'EOF'
# The stub's fatbin with its entry's kind 1 (PTX) turned into 7.
"$stub" "$@"
while [ $# -gt 1 ]; do
  [ "$1" = -o ] \
    && printf '\007' | dd of="$2" bs=1 seek=16 conv=notrunc 2> /dev/null
  shift
done
EOF
rejected ()
{
  ! compile "$1" "$1" \
    && log_has "$1" "^${pragma}'$work/$1' succeeded but wrote no valid fatbin"
}
check "the stub's fatbin compiles (else the next tests prove nothing)" \
  compile stub record
for f in garbage truncated no-code; do
  check "an nvcc that exits 0 with a bad fatbin ($f): an error at the pragma" \
    rejected $f
done

# ---- Signals ----------------------------------------------------------------

fake sleeper <<'EOF'
echo $$ > "$work/sleeper.pid"
exec sleep 120
EOF

# signalled SIG TARGET: SIG to cc1 (TARGET cc1) or to the compile's process
# group (TARGET group) while the fake nvcc sleeps: cc1 dies of it, the fake
# is gone and nothing is left in TMPDIR.
signalled ()
{
  rm -f "$work/sleeper.pid"
  (cd "$work" && TMPDIR="$work/signal" exec setsid $default_signals \
     $cc -O2 -fdiagnostics-plain-output -fplugin="$plugin" \
     -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-nvcc="$work/sleeper" \
     -c unit.c -o signal.o) > "$work/signal-$1.log" 2>&1 &
  job=$!
  n=0
  while [ ! -s "$work/sleeper.pid" ] && [ $n -lt 300 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  cc1=$(cc1_above "$(cat "$work/sleeper.pid" 2> /dev/null)")
  group=$(ps -o pgid= -p "$job" | tr -d ' ')
  if [ -z "$cc1" ] || [ "$group" != "$job" ]; then
    stop_leftovers
    wait $job
    return 1
  fi
  interrupt "$1" "$2" "$cc1" "$group"
  # After a SIGKILL of cc1 its child stops the run when told of the end.
  n=0
  while ! { gone sleeper && empty_dir "$work/signal"; } && [ $n -lt 50 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  ! running "$cc1" && gone sleeper
  stopped=$?
  stop_leftovers
  wait $job
  [ $stopped -eq 0 ] && empty_dir "$work/signal" \
    && reported "$2" "$work/signal-$1.log"
}

if command -v setsid > /dev/null; then
  check "SIGTERM to cc1 while nvcc runs: nothing left behind" \
    signalled TERM cc1
  check "SIGHUP to cc1 while nvcc runs: nothing left behind" \
    signalled HUP cc1
  if [ "$(uname -s)" = Linux ]; then
    check "SIGKILL to cc1 while nvcc runs: nothing left behind" \
      signalled KILL cc1
  fi
  if [ -n "$default_signals" ]; then
    check "SIGQUIT to cc1 while nvcc runs: nothing left behind" \
      signalled QUIT cc1
    check "SIGINT to the compile (^C) while nvcc runs: nothing left behind" \
      signalled INT group
  else
    echo "SKIP: SIGQUIT and SIGINT (no env --default-signal)"
  fi
else
  echo "SKIP: signals (no setsid)"
fi

# ---- -fplugin-arg-mint-keep -----------------------------------------------

"$stub" -o "$work/expected.fatbin"
kept ()
{
  with_tmp "$work/tmp" "" compile keep record -fplugin-arg-mint-keep \
    && [ -s "$work/keep.mint.cu" ] \
    && cmp -s "$work/keep.mint.fatbin" "$work/expected.fatbin" \
    && empty_dir "$work/tmp"
}
check "-fplugin-arg-mint-keep keeps the .cu and fatbin next to the object" \
  kept

finish nvcc-run
