#!/bin/sh
# mpi-run.sh [OUTDIR] -- heat3d-mpi on the GPUs of this machine, through
# the Open MPI this bundle carries (nothing needs to be installed but the
# NVIDIA driver).
#
#   1. checks, with MINT_OFFLOAD=mandatory: heat3d-mpi against one CPU at
#      1, 2, 4, ... ranks (one GPU each) and at one and two ranks more
#      than GPUs (ranks share a GPU), host-staged and with peer copies
#      (-p, which must not fall back to the host), without and with
#      overlap; the update, device pointer and peer copy test programs in
#      tests/;
#   2. weak scaling of heat7 (512^3 points per GPU) and strong scaling
#      (1024x1024x512 points) at those rank counts: the compute alone (no
#      exchange), the host-staged exchange and the peer copies, each after
#      the step and overlapped with the interior;
#   3. OUTDIR/<date>-<gpu>-mpi.md, .csv, .png (where matplotlib exists)
#      and .log, and the table on standard output.
#
# Without a GPU the checks run on mint's host fallback and nothing is timed.
# Environment: MPI_BUDGET_S (default 480) stops starting timed runs after
# that many seconds; MPI_TIMEOUT_S (default 240) limits each run;
# MPI_STEPS ("-w 5 -b 5 -s 20") the timed steps of each run;
# MPI_TIME_RANKS the rank counts timed (default: those of the checks with
# one GPU each; ranks that share a GPU time the exchange, not scaling).
# Exit status: 0 when every check passed.

set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-results}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
budget=${MPI_BUDGET_S:-480}
per_run=${MPI_TIMEOUT_S:-240}
steps=${MPI_STEPS:--w 5 -b 5 -s 20}
started=$(date +%s)

# The bundle's Open MPI and PMIx, wherever the bundle lies.
OPAL_PREFIX=$here/ompi
OPAL_EXEC_PREFIX=$here/ompi
OPAL_BINDIR=$here/ompi/bin
OPAL_LIBDIR=$here/ompi/lib
OPAL_PKGLIBDIR=$here/ompi/lib/openmpi
OPAL_DATAROOTDIR=$here/ompi/share
OPAL_DATADIR=$here/ompi/share
OPAL_PKGDATADIR=$here/ompi/share/openmpi
OPAL_SYSCONFDIR=$here/ompi/etc
PMIX_PREFIX=$here/pmix
PMIX_LIBDIR=$here/pmix/lib
PMIX_DATAROOTDIR=$here/pmix/share
PMIX_DATADIR=$here/pmix/share
PATH=$here/ompi/bin:$PATH
LD_LIBRARY_PATH=$here/ompi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPAL_PREFIX OPAL_EXEC_PREFIX OPAL_BINDIR OPAL_LIBDIR OPAL_PKGLIBDIR \
  OPAL_DATAROOTDIR OPAL_DATADIR OPAL_PKGDATADIR OPAL_SYSCONFDIR PMIX_PREFIX \
  PMIX_LIBDIR PMIX_DATAROOTDIR PMIX_DATADIR PATH LD_LIBRARY_PATH
# As root, more ranks than cores for the shared-GPU check, one node (no
# ssh needed), shared memory between the ranks.
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_rmaps_base_oversubscribe=1
OMPI_MCA_plm=isolated
OMPI_MCA_btl=self,vader
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_plm OMPI_MCA_btl
unset MINT_DEVICE

log=$out/mpi-run-$$.log
raw=$out/mpi-run-$$.raw
: >"$log"
: >"$raw"
failures=0

mpi () {
  timeout "$per_run" mpirun --bind-to none "$@"
}

echo "== bundle" | tee -a "$log"
cat "$here/BUILD-INFO" | tee -a "$log"
ldd "$here/bin/heat3d-mpi" | tee -a "$log" | grep -E 'libmpi|not found'
if ldd "$here/bin/heat3d-mpi" | grep -q 'not found'; then
  echo "FAIL: heat3d-mpi misses libraries" | tee -a "$log"
  exit 1
fi
mpirun --version 2>&1 | head -n 1 | tee -a "$log"

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
gpus=${gpus:-0}
if [ "$gpus" -gt 0 ]; then
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
  driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n 1)
  MINT_OFFLOAD=mandatory
  ranks=1 n=1
  while [ $((n * 2)) -le "$gpus" ]; do n=$((n * 2)); ranks="$ranks $n"; done
  [ "$n" -eq "$gpus" ] || ranks="$ranks $gpus"
else
  gpu="no GPU"
  driver=none
  MINT_OFFLOAD=default
  ranks="1 2"
fi
export MINT_OFFLOAD
echo "GPUs: $gpus ($gpu, driver $driver); ranks: $ranks; CPUs: $(nproc)" | tee -a "$log"

# check NAME RANKS ARGS...: heat3d-mpi -c must report PASS, and with a
# GPU, -p must copy between the device copies.
check () {
  name=$1 np=$2
  shift 2
  echo "== check $name: -np $np $*" >>"$log"
  mpi -np "$np" "$here/bin/heat3d-mpi" -c "$@" >"$raw.one" 2>&1
  status=$?
  cat "$raw.one" >>"$log"
  if [ "$gpus" -gt 0 ] && grep -q 'cannot be paired' "$raw.one"; then
    echo "FAIL $name: -p fell back to the host"
    failures=$((failures + 1))
  elif [ $status -eq 0 ] && grep -q ': PASS$' "$raw.one"; then
    echo "PASS $name"
  else
    echo "FAIL $name (exit $status):"
    tail -n 5 "$raw.one"
    failures=$((failures + 1))
  fi
}

# Shared memory may not allow one process to read another's memory
# (cross-memory attach, as in some containers): copy through a buffer.
if ! mpi -np 2 "$here/bin/heat3d-mpi" -c 64 64 8 2 >>"$log" 2>&1; then
  echo "heat3d-mpi failed at 2 ranks; again without cross-memory attach" | tee -a "$log"
  OMPI_MCA_btl_vader_single_copy_mechanism=none
  export OMPI_MCA_btl_vader_single_copy_mechanism
fi
MINT_VERBOSE=1 mpi -np 2 "$here/bin/heat3d-mpi" 32 32 8 1 2>&1 |
  grep -E 'kernels run on|no GPU' | tee -a "$log"

echo "== checks ($MINT_OFFLOAD)"
for np in $ranks $((${ranks##* } + 1)) $((${ranks##* } + 2)); do
  check "np$np" "$np" 96 80 $((40 * np)) 12
  check "np$np-overlap" "$np" -o 96 80 $((40 * np + 1)) 12
  check "np$np-peer" "$np" -p 96 80 $((40 * np + 2)) 12
  check "np$np-peer-overlap" "$np" -p -o 97 81 $((40 * np + 1)) 12
done
for test in "$here"/tests/*; do
  echo "== $test" >>"$log"
  if "$test" >>"$log" 2>&1; then
    echo "PASS tests/$(basename "$test")"
  else
    echo "FAIL tests/$(basename "$test") (see $log)"
    failures=$((failures + 1))
  fi
done

if [ "$gpus" -eq 0 ]; then
  echo "no GPU: nothing timed; $failures checks failed"
  rm -f "$raw" "$raw.one"
  [ $failures -eq 0 ]
  exit
fi

# time KIND RANKS MODE-ARGS NX NY NZ
time_run () {
  kind=$1 np=$2 mode=$3
  shift 3
  if [ $(($(date +%s) - started)) -ge "$budget" ]; then
    echo "skipped (budget): $kind -np $np $mode $*" | tee -a "$log"
    return
  fi
  echo "== $kind: -np $np $mode $*" >>"$log"
  mpi -np "$np" "$here/bin/heat3d-mpi" -t $steps $mode "$@" >"$raw.one" 2>&1
  status=$?
  cat "$raw.one" >>"$log"
  if [ $status -ne 0 ]; then
    echo "FAIL timing $kind -np $np $mode (exit $status)"
    failures=$((failures + 1))
  fi
  sed -n "s/^RESULT /RESULT kind=$kind /p" "$raw.one" | tee -a "$raw"
}

ranks=${MPI_TIME_RANKS:-$ranks}
echo "== timing (ms per step, median of blocks, slowest rank; ranks $ranks)"
for np in $ranks; do
  for mode in -x "-x -o" "" -o -p "-p -o"; do
    time_run weak "$np" "$mode" 512 512 $((512 * np))
  done
done
for np in $ranks; do
  for mode in -x "-x -o" "" -o -p "-p -o"; do
    time_run strong "$np" "$mode" 1024 1024 512
  done
done
rm -f "$raw.one"

slug=$(printf '%s' "$gpu" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | sed 's/^-//; s/-$//')
base="$out/$(date -u +%Y-%m-%d)-$slug-mpi"
mv "$log" "$base.log"
python3 "$here/mpi-report.py" "$raw" "$base" "$gpu" "$driver" \
  "$(sed -n 's/^commit: //p' "$here/BUILD-INFO")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  "$(mpirun --version 2>&1 | head -n 1)" "$steps" \
  || { echo "no report: python3 failed; the raw results:"; cat "$raw"; }
rm -f "$raw"
echo "results: $base.md $base.csv $base.log"
echo "$failures failures"
[ $failures -eq 0 ]
