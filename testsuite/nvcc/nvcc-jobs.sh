#!/bin/sh
# nvcc-jobs.sh -- a unit's kernels in groups, an nvcc run each, several at
# once; tried with a fake nvcc that logs its runs, sleeps, fails or hangs
# where it is told to, and writes the stub's fatbin with the checksum of
# its CUDA source in place of the stub's PTX:
#   - -fplugin-arg-mint-nvcc-group-size=1 puts each nest of a unit into a
#     group of its own: an nvcc run, a kept foo.mint[.N].cu and fatbin, and
#     an image in the object each; a unit of one group has the object it
#     always had;
#   - -fplugin-arg-mint-nvcc-jobs=1 and =4 give the same object bytes; 1
#     runs one at a time, 4 several;
#   - two architectures: an nvcc run each, at once, their fatbins merged;
#     the newest architecture's, the longest, with cicc's -split-compile
#     over the slots when each run has its own, the object the same;
#   - a failing group: one error, at the first kernel's pragma; the runs
#     under way are stopped and waited for, no temporary directory stays;
#   - the time limit holds for each of the runs at once;
#   - host code that fails to compile after the runs have started (they
#     go on while cc1 compiles it): they are stopped, nothing is left;
#   - under `make -j3' (a recipe line with '+'), two compiles never have
#     more than 3 nvcc runs at once, and make gets its tokens back; a
#     --jobserver-auth=fifo:PATH jobserver gets back the bytes it gave; a
#     jobserver whose descriptors make did not pass on, or that are no
#     pipe, is left alone: one run at a time, nothing written to them;
#   - SIGTERM to cc1, or SIGINT to the compile's process group, while
#     several runs are under way: cc1 dies of the signal, every run is
#     gone and nothing is left in TMPDIR.
#
# Environment (make check sets them): MINT_CC, MINT_PLUGIN and
# MINT_TOP_SRCDIR, as for nvcc-run.sh.  Work directory nvcc-jobs-work,
# removed when all pass.  Exit status: 0 all passed, 1 a failure, 77
# (skipped) no plugin.

here=$(cd "$(dirname "$0")" && pwd)
cc=${MINT_CC:-gcc}
plugin=${MINT_PLUGIN:-}
top=${MINT_TOP_SRCDIR:-$here/../..}
stub=$top/testsuite/fuzz/nvcc-stub
work=$(pwd)/nvcc-jobs-work

if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "nvcc-jobs: no plugin (set MINT_PLUGIN to mint.so): skipped"
  exit 77
fi
# The jobserver of a make that runs this test is not the tests' to use.
unset MAKEFLAGS MFLAGS MAKELEVEL
rm -rf "$work"
mkdir -p "$work/tmp" || exit 1

. "$here/harness.sh"

# Stops what a failing plugin left running: the fakes, and the processes
# that ran them (pids in runs.log).
stop_leftovers ()
{
  [ -f "$work/runs.log" ] || return 0
  for pid in $(awk '$1 == "start" { print $3, $4 }' "$work/runs.log"); do
    if running "$pid"; then
      kill -9 "$pid"
    fi
  done
}
trap stop_leftovers EXIT

# unit FILE NAME...: a function NAME for each NAME, each with a loop nest
# whose kernel has more than 1 KiB of CUDA, into FILE (in the work
# directory).  The first pragma is at line 8, column 14.
unit ()
{
  file=$work/$1
  shift
  for name in "$@"; do
    cat <<EOF
void
$name (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + 2.0 * a[i] + a[i + 1]) * 0.25 + b[i] * b[i]
             - (a[i] < 0.0 ? a[i] : 0.5 * a[i]);
  }
#pragma mint copy(b, fromDevice, n)
}
EOF
  done > "$file"
}
unit four.c one two three four
unit six.c one two three four five six
unit six-more.c seven eight nine ten eleven twelve
unit failing.c one two fail_here four
fail_line=36                    # of fail_here's nest: 14 lines a function

# The fake nvcc.  Appends "start TIME PID PARENT TAG" and "end TIME PID"
# lines to runs.log (TIME in nanoseconds, PARENT the process that ran it,
# TAG the first 7 hex digits of its source's md5); for a source that
# names mint_fail_here it fails (FAKE_FAIL=1) or hangs (FAKE_FAIL=hang),
# for the others it sleeps FAKE_SLEEP seconds.  Its fatbin is the stub's, the PTX "TAG\n".
cat > "$work/fake" <<EOF
#!/bin/sh
work='$work' stub='$stub'
EOF
cat >> "$work/fake" <<'EOF'
out= cu=
for arg in "$@"; do
  case $prev in -o) out=$arg ;; esac
  case $arg in *.cu) cu=$arg ;; esac
  prev=$arg
done
[ -n "$cu" ] || exec "$stub" "$@"
tag=$(md5sum < "$cu" | cut -c1-7)
echo "start $(date +%s%N) $$ $PPID $tag" >> "$work/runs.log"
echo "args $*" >> "$work/runs.log"
if grep -q mint_fail_here "$cu"; then
  case $FAKE_FAIL in
    1) echo "fake: fails for $tag"; exit 1 ;;
    hang) exec sleep 120 ;;
  esac
fi
[ -z "$FAKE_SLEEP" ] || sleep "$FAKE_SLEEP"
"$stub" "$@"
printf '%s\n' "$tag" | dd of="$out" bs=1 seek=80 conv=notrunc 2> /dev/null
echo "end $(date +%s%N) $$" >> "$work/runs.log"
EOF
chmod +x "$work/fake"

# compile NAME SOURCE [OPTIONS...]: SOURCE into NAME.o with the fake, in
# the work directory, TMPDIR its tmp; messages in NAME.log, runs.log
# afresh.
compile ()
{
  name=$1 source=$2
  shift 2
  rm -f "$work/runs.log"
  (cd "$work" && TMPDIR="$work/tmp" timeout 120 $cc -O2 \
     -fdiagnostics-plain-output -fplugin="$plugin" \
     -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-nvcc="$work/fake" \
     "$@" -c "$source" -o "$name.o") > "$work/$name.log" 2>&1
}

runs () { awk '$1 == "start"' "$work/runs.log" 2> /dev/null | wc -l; }

# The most runs under way at once in runs.log.
most_at_once ()
{
  awk '$1 == "start" { print $2, 1 } $1 == "end" { print $2, -1 }' \
      "$work/runs.log" \
    | sort -n -k1,1 -k2,2 \
    | awk '{ n += $2; if (n > most) most = n } END { print most + 0 }'
}

tag_of () { md5sum < "$1" | cut -c1-7; }

# ---- Groups -----------------------------------------------------------------

# grouped: each of four.c's nests in a group of its own, kept, compiled
# and embedded: the Nth group's kept fatbin has the tag of its kept
# source, and the object holds every tag.
grouped ()
{
  compile groups four.c -fplugin-arg-mint-nvcc-group-size=1 \
    -fplugin-arg-mint-keep || return 1
  [ "$(runs)" -eq 4 ] && [ ! -e "$work/groups.mint.4.cu" ] || return 1
  for suffix in '' .1 .2 .3; do
    cu=$work/groups.mint$suffix.cu fatbin=$work/groups.mint$suffix.fatbin
    [ "$(grep -c '__global__' "$cu")" -eq 1 ] \
      && head -n 1 "$cu" | grep -q '^/\* Generated by mint' \
      && [ "$(dd if="$fatbin" bs=1 skip=80 count=7 2> /dev/null)" \
           = "$(tag_of "$cu")" ] \
      && grep -a -q "$(tag_of "$cu")" "$work/groups.o" \
      && grep -q "start .* $(tag_of "$cu")\$" "$work/runs.log" || return 1
  done
  empty_dir "$work/tmp"
}
check "group-size=1: a group, an nvcc run, kept files and an image a nest" \
  grouped

one_group ()
{
  compile whole four.c -fplugin-arg-mint-nvcc-group-size=0 \
    -fplugin-arg-mint-keep \
    && [ "$(runs)" -eq 1 ] && [ "$(grep -c '__global__' "$work/whole.mint.cu")" -eq 4 ] \
    && [ ! -e "$work/whole.mint.1.cu" ] \
    && compile default four.c && [ "$(runs)" -eq 1 ] \
    && cmp -s "$work/whole.o" "$work/default.o"
}
check "group-size=0: one group, the object of a unit under the default size" \
  one_group

same_objects ()
{
  compile serial four.c -fplugin-arg-mint-nvcc-group-size=1 \
    -fplugin-arg-mint-nvcc-jobs=1 || return 1
  serial_most=$(most_at_once)
  FAKE_SLEEP=1 compile parallel four.c -fplugin-arg-mint-nvcc-group-size=1 \
    -fplugin-arg-mint-nvcc-jobs=4 || return 1
  parallel_most=$(most_at_once)
  cmp -s "$work/serial.o" "$work/parallel.o" && cmp -s "$work/serial.o" "$work/groups.o" \
    && [ "$serial_most" -eq 1 ] && [ "$parallel_most" -ge 2 ] \
    && [ "$parallel_most" -le 4 ]
}
check "nvcc-jobs=1 and =4: the same object; one run at a time, and several" \
  same_objects

# two_archs: -fplugin-arg-mint-arch=sm_80,sm_90 runs nvcc once for each
# architecture, at once (nvcc's --threads runs cicc for one after the
# other), each with one -gencode, PTX only for the newest, the tuning
# candidates from sm_90 on in both; the kept fatbin is one container
# holding both runs' entries.
two_archs ()
{
  FAKE_SLEEP=1 compile archs four.c -fplugin-arg-mint-arch=sm_80,sm_90 \
    -fplugin-arg-mint-nvcc-jobs=2 -fplugin-arg-mint-keep || return 1
  fatbin=$work/archs.mint.fatbin
  [ "$(runs)" -eq 2 ] && [ "$(most_at_once)" -eq 2 ] \
    && grep -q '^args .*arch=compute_80,code=sm_80 -DMINT_CANDIDATE_ARCH=900 ' \
         "$work/runs.log" \
    && grep -q '^args .*arch=compute_90,code=\[sm_90,compute_90\] -DMINT_CANDIDATE_ARCH=900 ' \
         "$work/runs.log" \
    && ! grep -q '^args .*-gencode.*-gencode' "$work/runs.log" \
    && [ "$(grep -a -o "$(tag_of "$work/archs.mint.cu")" "$fatbin" | wc -l)" \
         -eq 2 ] \
    && [ "$(od -An -t u8 -j 8 -N 8 "$fatbin" | tr -d ' ')" \
         -eq $(( $(stat -c %s "$fatbin") - 16 )) ] \
    && empty_dir "$work/tmp"
}
check "two architectures: an nvcc run each, at once, one fatbin of both" \
  two_archs

# split_compile VERSION JOBS: four.c for sm_80 and sm_90 by the fake as
# the nvcc of a toolkit whose include/cuda.h says CUDA_VERSION VERSION,
# JOBS runs at once; prints the cicc -split-compile options of its runs,
# the newest architecture's first.
split_compile ()
{
  mkdir -p "$work/tk/bin" "$work/tk/include" || return 1
  cp "$work/fake" "$work/tk/bin/nvcc" \
    && printf '#define CUDA_VERSION %s\n' "$1" > "$work/tk/include/cuda.h" \
    && compile split four.c -fplugin-arg-mint-arch=sm_80,sm_90 \
         -fplugin-arg-mint-nvcc="$work/tk/bin/nvcc" \
         -fplugin-arg-mint-nvcc-jobs="$2" || return 1
  for arch in 90 80; do
    sed -n "s/^args .*code=.*sm_$arch.* \(-Xcicc=-split-compile,[0-9]*\) .*/\1/p" \
      "$work/runs.log"
  done
}
# The run of the newest architecture, the longest, splits cicc's work on
# its kernels over the slots (nvcc 12.4 on) when every run has a slot of
# its own; the object is the same.  (nvcc's own -split-compile would
# split ptxas's too, and record that option in the fatbin's PTX: an
# object that depended on the CPUs.)
split_runs ()
{
  [ "$(split_compile 12040 4)" = "-Xcicc=-split-compile,4" ] \
    && cmp -s "$work/split.o" "$work/archs.o" \
    && [ -z "$(split_compile 12030 4)" ] \
    && [ -z "$(split_compile 12040 1)" ]
}
check "the newest architecture's run splits its kernels where slots are free" \
  split_runs

# With the nvcc on PATH, where there is one: the object is the same
# whether the runs split their kernels or go one at a time.
same_object_real_nvcc ()
{
  compile real1 four.c -fplugin-arg-mint-arch=sm_80,sm_90 \
    -fplugin-arg-mint-nvcc=nvcc -fplugin-arg-mint-nvcc-jobs=1 \
    -fplugin-arg-mint-device-cache=off \
    && compile real4 four.c -fplugin-arg-mint-arch=sm_80,sm_90 \
         -fplugin-arg-mint-nvcc=nvcc -fplugin-arg-mint-nvcc-jobs=4 \
         -fplugin-arg-mint-device-cache=off \
    && cmp -s "$work/real1.o" "$work/real4.o"
}
if command -v nvcc > /dev/null 2>&1; then
  check "the real nvcc: the same object one run at a time and split" \
    same_object_real_nvcc
fi

# ---- Failures -----------------------------------------------------------------

# fails JOBS [SECONDS]: failing.c's third nest fails while the others
# sleep SECONDS: one error, at the first pragma, that names the nest; the compile
# does not wait for the sleepers, and when it ends, no run is left, nor
# the processes that ran them (pids in runs.log), nor a temporary
# directory.
fails ()
{
  start=$(date +%s)
  FAKE_SLEEP=${2:-0} FAKE_FAIL=1 compile failing failing.c \
    -fplugin-arg-mint-nvcc-group-size=1 -fplugin-arg-mint-nvcc-jobs="$1" \
    && return 1
  for pid in $(awk '$1 == "start" { print $3, $4 }' "$work/runs.log"); do
    ! running "$pid" || return 1
  done
  [ $(($(date +%s) - start)) -lt 20 ] \
    && [ "$(grep -c 'error:' "$work/failing.log")" -eq 1 ] \
    && grep -q "^failing.c:8:14: error: mint: the device code of the loop nest of line $fail_line: '$work/fake .* failed with exit status 1:" \
         "$work/failing.log" \
    && grep -q '^fake: fails for' "$work/failing.log" \
    && empty_dir "$work/tmp"
}
check "a failing group, 4 at once: one error, the others stopped, nothing left" \
  fails 4 30
# One at a time, the failing run is the last that started (the runs go
# longest source first, so it need not be the third).
serial_stops ()
{
  fails 1 || return 1
  failed_tag=$(sed -n 's/^fake: fails for //p' "$work/failing.log")
  [ -n "$failed_tag" ] \
    && [ "$(awk '$1 == "start" { tag = $5 } END { print tag }' \
            "$work/runs.log")" = "$failed_tag" ]
}
check "a failing group, one at a time: one error, no run after it" \
  serial_stops

times_out ()
{
  option=-fplugin-arg-mint-nvcc-timeout=1
  start=$(date +%s)
  FAKE_FAIL=hang compile hang failing.c -fplugin-arg-mint-nvcc-group-size=1 \
    -fplugin-arg-mint-nvcc-jobs=4 "$option" && return 1
  [ $(($(date +%s) - start)) -le 15 ] \
    && grep -q "^failing.c:8:14: error: mint: the device code of the loop nest of line $fail_line: '$work/fake .* was stopped after 1 second ($option;" \
         "$work/hang.log" \
    && [ "$(grep -c 'error:' "$work/hang.log")" -eq 1 ] && empty_dir "$work/tmp"
}
check "the time limit holds for each run at once" times_out

# late.c: four.c's nests, then host code that fails to compile after the
# runs have started: a call to a function with the error attribute, which
# only the expansion of a long function reports.  The runs are stopped
# (FAKE_SLEEP keeps them going), none is left, nor a directory.
{
  cat "$work/four.c"
  echo 'extern void boom (void) __attribute__ ((error ("boom is called")));'
  echo 'double late (double *x) { double s = 0;'
  i=0
  while [ $i -lt 3000 ]; do
    echo "  s += x[$i] * x[$((i + 1))] / (x[$((i + 2))] + $i.0);"
    i=$((i + 1))
  done
  echo '  if (s < 0) boom (); return s; }'
} > "$work/late.c"
late_error ()
{
  start=$(date +%s)
  FAKE_SLEEP=60 compile late late.c -fplugin-arg-mint-nvcc-group-size=1 \
    -fplugin-arg-mint-nvcc-jobs=4 && return 1
  for pid in $(awk '$1 == "start" { print $3, $4 }' "$work/runs.log"); do
    ! running "$pid" || return 1
  done
  [ $(($(date +%s) - start)) -lt 20 ] \
    && [ "$(grep -c 'error:' "$work/late.log")" -eq 1 ] \
    && grep -q "error: call to .boom. declared with attribute error" \
         "$work/late.log" \
    && empty_dir "$work/tmp"
}
check "host code that fails after the runs started: they are stopped" \
  late_error

# ---- make's jobserver ---------------------------------------------------------

cat > "$work/jobs.mk" <<'EOF'
# Compiles each SOURCE.c into SOURCE.o, a group a nest.  A '+' line gets
# make's jobserver (GNU make before 4.4 passes it on to no other line).
MINT = $(CC) -O2 -fplugin=$(PLUGIN) -fplugin-arg-mint-arch=sm_90 \
  -fplugin-arg-mint-nvcc=$(FAKE) -fplugin-arg-mint-nvcc-group-size=1 \
  -fplugin-arg-mint-verbose
plus-%.o: %.c
	+$(MINT) -c $< -o $@
%.o: %.c
	$(MINT) -c $< -o $@
EOF

# The jobserver of a pipe, which GNU make 4.4 has to be told to use.
if make --jobserver-style=pipe --version > /dev/null 2>&1; then
  pipe_style=--jobserver-style=pipe
else
  pipe_style=
fi

# make_j3 LOG TARGET...: make -j3 with the fake, sleeping 1 s a run.
make_j3 ()
{
  log=$1
  shift
  rm -f "$work/runs.log" "$work"/*six*.o
  (cd "$work" && FAKE_SLEEP=1 TMPDIR="$work/tmp" timeout 120 \
     make -j3 $pipe_style -f jobs.mk CC="$cc" PLUGIN="$plugin" \
     FAKE="$work/fake" "$@") > "$work/$log" 2>&1
}

jobserver ()
{
  make_j3 make-one.log plus-six.o || return 1
  one_most=$(most_at_once)
  make_j3 make-two.log plus-six.o plus-six-more.o || return 1
  [ "$one_most" -ge 2 ] && [ "$one_most" -le 3 ] \
    && [ "$(most_at_once)" -le 3 ] && [ "$(runs)" -eq 12 ] \
    && grep -q "in 6 groups, [23] at once (make's jobserver;" "$work/make-one.log" \
    && ! grep -q -i 'jobserver tokens\|INTERNAL' "$work/make-one.log" \
                                                "$work/make-two.log"
}
check "make -j3: at most 3 nvcc runs at once, in one compile or two" \
  jobserver

closed_jobserver ()
{
  make_j3 make-closed.log six.o && [ "$(most_at_once)" -eq 1 ] \
    && grep -q "in 6 groups, 1 at once (make's jobserver, closed to this compile;" \
         "$work/make-closed.log" \
    && grep -q "names a jobserver that make did not pass on" \
         "$work/make-closed.log"
}
check "make -j3, a recipe line without '+': one run at a time" \
  closed_jobserver

# fifo_jobserver: a jobserver of the fifo: kind holding the tokens "xy".
fifo_jobserver ()
{
  fifo=$work/jobserver.fifo
  rm -f "$fifo" && mkfifo "$fifo" || return 1
  exec 7<> "$fifo"
  printf xy >&7
  FAKE_SLEEP=1 MAKEFLAGS="-j3 --jobserver-auth=fifo:$fifo" \
    compile fifo six.c -fplugin-arg-mint-nvcc-group-size=1
  status=$?
  tokens=$(timeout 5 dd bs=1 count=2 <&7 2> /dev/null)
  exec 7>&-
  [ $status -eq 0 ] && { [ "$tokens" = xy ] || [ "$tokens" = yx ]; } \
    && [ "$(most_at_once)" -ge 2 ] \
    && [ "$(most_at_once)" -le 3 ]
}
check "a fifo: jobserver: at most 3 at once, its tokens back" fifo_jobserver

# MAKEFLAGS names descriptors 8 and 9, closed, or a file's: one run at a
# time, the file untouched.
jobserver_8_9 () { FAKE_SLEEP=1 MAKEFLAGS="-j3 --jobserver-auth=8,9" "$@"; }
closed_descriptors ()
{
  jobserver_8_9 compile closed six.c -fplugin-arg-mint-nvcc-group-size=1 \
    8<&- 9>&- && [ "$(most_at_once)" -eq 1 ]
}
file_descriptors ()
{
  : > "$work/not-a-pipe"
  jobserver_8_9 compile file six.c -fplugin-arg-mint-nvcc-group-size=1 \
    8< "$work/not-a-pipe" 9>> "$work/not-a-pipe" \
    && [ "$(most_at_once)" -eq 1 ] && [ ! -s "$work/not-a-pipe" ]
}
check "--jobserver-auth=8,9, closed: one run at a time" closed_descriptors
check "--jobserver-auth=8,9, a file's: one run at a time, nothing written" \
  file_descriptors

# ---- Signals --------------------------------------------------------------------

# signalled SIG TARGET: SIG to cc1 (TARGET cc1) or to the compile's process
# group (TARGET group) while 4 runs sleep: cc1 dies of it, the runs and the
# processes that ran them are gone, and nothing is left in TMPDIR.
signalled ()
{
  rm -f "$work/runs.log"
  (cd "$work" && FAKE_SLEEP=120 TMPDIR="$work/tmp" exec setsid \
     $default_signals $cc -O2 -fdiagnostics-plain-output -fplugin="$plugin" \
     -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-nvcc="$work/fake" \
     -fplugin-arg-mint-nvcc-group-size=1 -fplugin-arg-mint-nvcc-jobs=4 \
     -c four.c -o signal.o) > "$work/signal-$1.log" 2>&1 &
  job=$!
  n=0
  while [ "$(runs 2> /dev/null || echo 0)" -lt 4 ] && [ $n -lt 300 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  child=$(awk '$1 == "start" { print $4; exit }' "$work/runs.log")
  cc1=$(cc1_above "$child")
  group=$(ps -o pgid= -p "$job" | tr -d ' ')
  if [ "$(runs)" -lt 4 ] || [ -z "$cc1" ] || [ "$group" != "$job" ]; then
    stop_leftovers
    wait $job
    return 1
  fi
  interrupt "$1" "$2" "$cc1" "$group"
  # After a SIGKILL of cc1 the processes it forked stop the runs when
  # told of the end.
  n=0
  while [ $n -lt 50 ]; do
    gone=0
    for pid in $cc1 $(awk '$1 == "start" { print $3, $4 }' "$work/runs.log")
    do
      ! running "$pid" || gone=1
    done
    [ $gone -eq 0 ] && empty_dir "$work/tmp" && break
    sleep 0.1
    n=$((n + 1))
  done
  stop_leftovers
  wait $job
  [ $gone -eq 0 ] && empty_dir "$work/tmp" \
    && reported "$2" "$work/signal-$1.log"
}

if command -v setsid > /dev/null; then
  check "SIGTERM to cc1 while 4 runs go: nothing left behind" \
    signalled TERM cc1
  if [ "$(uname -s)" = Linux ]; then
    check "SIGKILL to cc1 while 4 runs go: nothing left behind" \
      signalled KILL cc1
  fi
  if [ -n "$default_signals" ]; then
    check "SIGINT to the compile (^C) while 4 runs go: nothing left behind" \
      signalled INT group
  else
    echo "SKIP: SIGINT (no env --default-signal)"
  fi
else
  echo "SKIP: signals (no setsid)"
fi

finish nvcc-jobs
