#!/bin/sh
# nvrtc.sh -- device code made with the toolkit's NVRTC library in place of
# nvcc's front end (the plugin's program mint-nvrtc loads it), then ptxas
# and fatbinary as nvcc runs them; tried with
# a fake toolkit (fake-nvrtc.c built as its lib64/libnvrtc.so, scripts for
# nvcc, ptxas and fatbinary that log their arguments) and, where nvcc is
# on PATH with its NVRTC, with the real one:
#   - NVRTC gets nvcc's options for cicc (the dialect, -fmad=false under
#     -ffp-contract=off, the tuning candidates' -D) and -default-device;
#     ptxas and fatbinary get what nvcc gives them: a cubin an
#     architecture, the PTX of the newest only, the driver's options;
#   - the PTX loses the variables of NVRTC's built-in headers that nothing
#     refers to, and keeps every other;
#   - -fplugin-arg-mint-nvrtc=off, $NVCC_APPEND_FLAGS or
#     $NVCC_PREPEND_FLAGS (options NVRTC would not see) run nvcc instead,
#     and so does a group with level 4's temporal variants;
#   - a compile error, an NVRTC that hangs (stopped at
#     -fplugin-arg-mint-nvcc-timeout, its process gone), one that crashes
#     and a library that does not load: an error at the first pragma that
#     says which;
#   - SIGTERM to cc1 while NVRTC runs: cc1 dies of it, NVRTC's process is
#     gone and nothing is left in TMPDIR;
#   - the real toolkit: the same object with NVRTC as with nvcc, at levels
#     0 and 3 and under -ffp-contract=off.
#
# Environment (make check sets them): MINT_CC, MINT_PLUGIN and
# MINT_TOP_SRCDIR, as for nvcc-run.sh.  Work directory nvrtc-work, removed
# when all pass.  Exit status: 0 all passed, 1 a failure, 77 (skipped) no
# plugin.

here=$(cd "$(dirname "$0")" && pwd)
cc=${MINT_CC:-gcc}
plugin=${MINT_PLUGIN:-}
top=${MINT_TOP_SRCDIR:-$here/../..}
stub=$top/testsuite/fuzz/nvcc-stub
work=$(pwd)/nvrtc-work

if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "nvrtc: no plugin (set MINT_PLUGIN to mint.so): skipped"
  exit 77
fi
unset MAKEFLAGS MFLAGS MAKELEVEL NVCC_APPEND_FLAGS NVCC_PREPEND_FLAGS
rm -rf "$work"
mkdir -p "$work/tmp" "$work/tk/bin" "$work/tk/lib64" "$work/bad/bin" \
  "$work/bad/lib64" || exit 1

. "$here/harness.sh"

# Stops the fake NVRTC processes a failing plugin left running.
stop_leftovers ()
{
  [ -f "$work/pids" ] || return 0
  for pid in $(cut -d' ' -f1 "$work/pids"); do
    if running "$pid"; then
      kill -9 "$pid"
    fi
  done
}
trap stop_leftovers EXIT

# ---- The fake toolkit --------------------------------------------------------

if ! $cc -shared -fPIC -o "$work/tk/lib64/libnvrtc.so" "$here/fake-nvrtc.c"
then
  echo "nvrtc: cannot build the fake libnvrtc.so"
  exit 1
fi

# nvcc answers --list-gpu-code and otherwise runs the stub, and says so.
cat > "$work/tk/bin/nvcc" <<EOF
#!/bin/sh
case "\$*" in
  --list-gpu-code) printf 'sm_80\nsm_90\n'; exit 0 ;;
esac
echo "nvcc \$*" >> "$work/nvcc.log"
exec "$stub" "\$@"
EOF
# ptxas logs its arguments and copies the PTX into the cubin and seen.ptx.
cat > "$work/tk/bin/ptxas" <<EOF
#!/bin/sh
echo "\$*" >> "$work/ptxas.log"
ptx= out=
while [ \$# -gt 0 ]; do
  case \$1 in
    -o) out=\$2; shift ;;
    *.ptx) ptx=\$1 ;;
  esac
  shift
done
cp "\$ptx" "\$out" && cp "\$ptx" "$work/seen.ptx"
EOF
# fatbinary logs its arguments and writes the stub's fatbin.
cat > "$work/tk/bin/fatbinary" <<EOF
#!/bin/sh
echo "\$*" >> "$work/fatbinary.log"
for a; do
  case \$a in
    --create=*) exec "$stub" -o "\${a#--create=}" ;;
  esac
done
exit 1
EOF
chmod +x "$work/tk/bin/nvcc" "$work/tk/bin/ptxas" "$work/tk/bin/fatbinary"
# A toolkit whose libnvrtc.so is no library.
cp "$work/tk/bin/"* "$work/bad/bin/"
echo 'not a library' > "$work/bad/lib64/libnvrtc.so"

# A 3-D star's nest (level 3 walks its planes with a lambda).
star='#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[z][y][x] = 0.5 * u[z][y][x]
                       + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                + u[z][y - 1][x] + u[z][y + 1][x]
                                + u[z - 1][y][x] + u[z + 1][y][x]);'

# The star alone; its pragma at line 8, column 14.
cat > "$work/unit.c" <<EOF
void
heat (double ***u, double ***v, int n)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
$star
  }
#pragma mint copy(v, fromDevice, n, n, n)
}
EOF

# A time loop of the star with its arrays swapped, which level 4 blocks
# in time (temporal variants), then a nest it does not.
cat > "$work/unit4.c" <<EOF
void
heat (double ***u, double ***v, double *a, int n, int steps)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
$star
#pragma mint single
        {
          double ***w = u;
          u = v;
          v = w;
        }
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = 2 * a[i];
  }
#pragma mint copy(u, fromDevice, n, n, n)
#pragma mint copy(a, fromDevice, n)
}
EOF

# compile NAME [OPTION...]: $source (unit.c) with the fake toolkit for
# sm_80 and sm_90, one run at a time, into NAME.o and NAME.log; the logs
# start afresh.
compile ()
{
  name=$1
  shift
  rm -f "$work/nvcc.log" "$work/ptxas.log" "$work/fatbinary.log" \
    "$work/nvrtc.log" "$work/seen.ptx"
  (cd "$work" && TMPDIR="$work/tmp" FAKE_NVRTC_LOG="$work/nvrtc.log" \
     FAKE_NVRTC_PIDS="$work/pids" timeout 60 $cc -O2 \
     -fdiagnostics-plain-output -fplugin="$plugin" \
     -fplugin-arg-mint-arch=sm_80,sm_90 \
     -fplugin-arg-mint-nvcc="$work/tk/bin/nvcc" \
     -fplugin-arg-mint-nvcc-jobs=1 -fplugin-arg-mint-device-cache=off \
     -fplugin-arg-mint-verbose "$@" -c "${source:-unit.c}" -o "$name.o") \
    > "$work/$name.log" 2>&1
}

# ---- What runs, with which options -------------------------------------------

# NVRTC's options, ptxas's and fatbinary's arguments for each
# architecture (the newest's run first: the longest); and no nvcc run.
runs_as_nvcc ()
{
  compile plain \
    && grep -q 'compiled 1 kernel with NVRTC (archs sm_80,sm_90)' \
         "$work/plain.log" \
    && [ ! -e "$work/nvcc.log" ] \
    && [ "$(sort "$work/nvrtc.log")" = "\
-arch=compute_80 -default-device -std=c++17 -DMINT_CANDIDATE_ARCH=900
-arch=compute_90 -default-device -std=c++17 -DMINT_CANDIDATE_ARCH=900" ] \
    && [ "$(sed 's|/[^ ]*/mint\.|DIR/mint.|g' "$work/ptxas.log" | sort)" = "\
-arch=sm_80 -m64 DIR/mint.sm_80.ptx -o DIR/mint.sm_80.cubin
-arch=sm_90 -m64 DIR/mint.sm_90.ptx -o DIR/mint.sm_90.cubin" ] \
    && [ "$(sed 's|file=/[^ ]*/mint\.|file=DIR/mint.|g; s|--create=[^ ]*|--create=F|' \
              "$work/fatbinary.log" | sort)" = "\
--create=F -64 --cicc-cmdline=-ftz=0 -prec_div=1 -prec_sqrt=1 -fmad=1  --image3=kind=elf,sm=80,file=DIR/mint.sm_80.cubin
--create=F -64 --cicc-cmdline=-ftz=0 -prec_div=1 -prec_sqrt=1 -fmad=1  --image3=kind=elf,sm=90,file=DIR/mint.sm_90.cubin --image3=kind=ptx,sm=90,file=DIR/mint.sm_90.ptx" ] \
    && empty_dir "$work/tmp"
}
check "NVRTC, ptxas and fatbinary get nvcc's options" runs_as_nvcc

# Without contraction: -fmad=false for NVRTC, --fmad false for ptxas, and
# both for the driver's JIT in the fatbin.
no_contraction ()
{
  compile fmad -ffp-contract=off \
    && grep -q -- '-DMINT_CANDIDATE_ARCH=900 -fmad=false$' "$work/nvrtc.log" \
    && grep -q -- '^-arch=sm_90 -m64 --fmad false ' "$work/ptxas.log" \
    && grep -q -- '-64 --cmdline= --fmad false  --cicc-cmdline=-ftz=0 -prec_div=1 -prec_sqrt=1 -fmad=0 ' \
         "$work/fatbinary.log"
}
check "-ffp-contract=off: no fused multiply-adds at any step" no_contraction

# The PTX ptxas gets: without the unreferenced variable of the built-in
# headers, with the one a kernel uses and the program's own.
header_variables ()
{
  compile ptx \
    && ! grep -q '__nv_unused_helper' "$work/seen.ptx" \
    && grep -q '^\.global \.align 4 \.u32 _ZN9__nv_usedE;$' "$work/seen.ptx" \
    && grep -q '^\.global \.align 8 \.b8 mint_table\[16\];$' "$work/seen.ptx" \
    && [ "$(wc -l < "$work/seen.ptx")" -eq 9 ]
}
check "the PTX loses only the headers' unreferenced variables" \
  header_variables

# nvcc runs instead where asked to, or where the environment gives it
# options.
runs_nvcc ()
{
  grep -q 'compiled 1 kernel with nvcc (archs sm_80,sm_90)' "$work/$1.log" \
    && [ "$(grep -c '^nvcc ' "$work/nvcc.log")" -eq 2 ] \
    && [ ! -e "$work/nvrtc.log" ]
}
nvrtc_off ()
{
  compile off -fplugin-arg-mint-nvrtc=off && runs_nvcc off
}
check "-fplugin-arg-mint-nvrtc=off runs nvcc" nvrtc_off
append_flags ()
{
  NVCC_APPEND_FLAGS=-lineinfo compile append && runs_nvcc append \
    && NVCC_PREPEND_FLAGS=-lineinfo compile prepend && runs_nvcc prepend
}
check "NVCC_APPEND_FLAGS or NVCC_PREPEND_FLAGS run nvcc" append_flags

# Level 4's temporal variants address shared memory through pointers,
# which NVRTC would do in 64 bits where nvcc does in 32: their group
# compiles with nvcc, the unit's other group with NVRTC.
temporal_groups ()
{
  source=unit4.c compile temporal -fplugin-arg-mint-opt=4 \
    -fplugin-arg-mint-nvcc-group-size=1 \
    && grep -q 'temporal blocking' "$work/temporal.log" \
    && grep -q 'compiled [0-9]* kernels with NVRTC and nvcc in 2 groups' \
         "$work/temporal.log" \
    && [ "$(grep -c '^nvcc ' "$work/nvcc.log")" -eq 2 ] \
    && [ "$(wc -l < "$work/nvrtc.log")" -eq 2 ]
}
check "level 4's temporal variants compile with nvcc" temporal_groups

# ---- Failures ----------------------------------------------------------------

# fails NAME PATTERN [OPTION...]: the compile fails with one error, at the
# pragma, that has PATTERN; the fake's processes are gone, TMPDIR empty.
fails ()
{
  name=$1 pattern=$2
  shift 2
  rm -f "$work/pids"
  ! compile "$name" "$@" || return 1
  for pid in $(cut -d' ' -f1 "$work/pids" 2> /dev/null); do
    ! running "$pid" || return 1
  done
  [ "$(grep -c '^unit.c:.*error:' "$work/$name.log")" -eq 1 ] \
    && grep -q "^unit.c:8:14: error: mint: $pattern" "$work/$name.log" \
    && empty_dir "$work/tmp"
}
library="'[^ ]*/mint-nvrtc $work/tk/lib64/libnvrtc.so [^ ]*/mint.cu [^ ]*/mint.sm_90.ptx -arch=compute_90 -default-device"
check "a compile error: NVRTC's log in the error" \
  eval 'FAKE_NVRTC=error fails error "$library .*failed with exit status 1:" \
    && grep -q "^mint.cu(3): error: the fake.s error$" "$work/error.log"'
hangs ()
{
  start=$(date +%s)
  FAKE_NVRTC=hang fails hang "$library .*was stopped after 1 second" \
    -fplugin-arg-mint-nvcc-timeout=1 \
    && [ $(($(date +%s) - start)) -lt 20 ]
}
check "an NVRTC that hangs is stopped at the time limit" hangs
check "an NVRTC that crashes: the signal in the error" \
  eval 'FAKE_NVRTC=crash fails crash "$library .*was killed by signal 11"'
check "a libnvrtc.so that does not load: said so" \
  eval 'fails bad "'"'"'[^ ]*/mint-nvrtc $work/bad/lib64/libnvrtc.so .*failed with exit status 2:" \
          -fplugin-arg-mint-nvcc="$work/bad/bin/nvcc" \
    && grep -q "^cannot load $work/bad/lib64/libnvrtc.so" "$work/bad.log"'

# ---- Signals ----------------------------------------------------------------

# SIGTERM to cc1 while the fake NVRTC hangs (ignoring SIGTERM): cc1 dies
# of it, the fake is gone and nothing is left in TMPDIR.
signalled ()
{
  rm -f "$work/pids"
  (cd "$work" && TMPDIR="$work/tmp" FAKE_NVRTC=hang \
     FAKE_NVRTC_PIDS="$work/pids" exec setsid $default_signals \
     $cc -O2 -fdiagnostics-plain-output -fplugin="$plugin" \
     -fplugin-arg-mint-arch=sm_90 -fplugin-arg-mint-nvcc="$work/tk/bin/nvcc" \
     -fplugin-arg-mint-device-cache=off -c unit.c -o signal.o) \
    > "$work/signal.log" 2>&1 &
  job=$!
  n=0
  while [ ! -s "$work/pids" ] && [ $n -lt 300 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  read -r fake parent < "$work/pids"
  cc1=$(cc1_above "$parent")
  if [ -z "$cc1" ]; then
    wait $job
    return 1
  fi
  interrupt TERM cc1 "$cc1" ""
  n=0
  while running "$fake" && [ $n -lt 50 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  ! running "$cc1" && ! running "$fake"
  stopped=$?
  stop_leftovers
  wait $job
  [ $stopped -eq 0 ] && empty_dir "$work/tmp" \
    && reported cc1 "$work/signal.log"
}
if command -v setsid > /dev/null; then
  check "SIGTERM to cc1 while NVRTC runs: nothing left behind" signalled
else
  echo "SKIP: signals (no setsid)"
fi

# ---- The real toolkit --------------------------------------------------------

# same_object LEVEL [OPTION...]: unit.c at LEVEL through NVRTC and through
# nvcc gives the same object.
same_object ()
{
  level=$1
  shift
  for way in on off; do
    (cd "$work" && TMPDIR="$work/tmp" timeout 300 $cc -O2 \
       -fplugin="$plugin" -fplugin-arg-mint-opt="$level" \
       -fplugin-arg-mint-nvcc=nvcc -fplugin-arg-mint-device-cache=off \
       -fplugin-arg-mint-verbose -fplugin-arg-mint-nvrtc=$way "$@" \
       -c unit.c -o "real-$way.o") > "$work/real-$level-$way.log" 2>&1 \
      || return 1
  done
  grep -q 'compiled [0-9]* kernels* with NVRTC' "$work/real-$level-on.log" \
    && grep -q 'compiled [0-9]* kernels* with nvcc' \
         "$work/real-$level-off.log" \
    && cmp -s "$work/real-on.o" "$work/real-off.o"
}
real=$(command -v nvcc 2> /dev/null)
real=$(readlink -f "${real:-/nonexistent}" 2> /dev/null)
if [ -n "$real" ] && [ -e "$(dirname "$real")/../lib64/libnvrtc.so" ]; then
  check "the real toolkit: the same object with NVRTC, level 0" \
    same_object 0
  check "the real toolkit: the same object with NVRTC, -ffp-contract=off" \
    same_object 0 -ffp-contract=off
  check "the real toolkit: the same object with NVRTC, level 3 autotuned" \
    same_object 3
else
  echo "SKIP: the real toolkit (no nvcc on PATH with lib64/libnvrtc.so)"
fi

finish nvrtc
