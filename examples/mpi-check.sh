#!/bin/sh
# mpi-check.sh -- make check of heat3d-mpi.c: the plugin's build at 2 and 3
# ranks (more ranks than the CI machine's 2 cores: host fallback, the
# ranks share the CPUs), each way of exchanging halos, and the plain C
# build; every run compares with one CPU.  Skipped without mpicc/mpirun.
#
# Environment: MPIRUN (from configure).  Open MPI reads the OMPI_*
# variables below (other MPIs ignore them): run as root too, more ranks
# than cores, shared memory only, no launcher agent (ssh) needed.

if test -z "$MPIRUN" || test ! -x ./heat3d-mpi || test ! -x ./heat3d-mpi-cpu
then
  echo "SKIP: no MPI (mpicc and mpirun); apt-get install libopenmpi-dev openmpi-bin"
  exit 77
fi

OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_rmaps_base_oversubscribe=1
OMPI_MCA_plm=isolated
OMPI_MCA_btl=self,vader
OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_plm OMPI_MCA_btl \
  OMPI_MCA_btl_vader_single_copy_mechanism
unset MINT_DEVICE

failures=0
# run EXPECT RANKS PROGRAM ARGS...: EXPECT is PASS, or FAIL for a run whose
# check must fail.
run () {
  expect=$1 ranks=$2
  shift 2
  out=$(timeout 120 "$MPIRUN" -np "$ranks" "$@" 2>&1)
  if printf '%s\n' "$out" | grep -q "): $expect\$"; then
    echo "ok: -np $ranks $* reports $expect"
  else
    echo "FAIL: -np $ranks $* (expected $expect):"
    printf '%s\n' "$out"
    failures=$((failures + 1))
  fi
}

# Slabs of 15, 15 and 10, 10, 10 planes; 1 plane per rank; odd extents.
# On the host fallback -p pairs nothing and falls back to host staging.
run PASS 2 ./heat3d-mpi -c 24 20 30 10
run PASS 3 ./heat3d-mpi -c -o 24 20 30 10
run PASS 2 ./heat3d-mpi -c -o -d 17 23 31 9
run PASS 3 ./heat3d-mpi -c -d 17 23 3 6
run PASS 1 ./heat3d-mpi -c -p 24 20 30 10
run PASS 2 ./heat3d-mpi -c -p 24 20 30 10
run PASS 3 ./heat3d-mpi -c -o -p 17 23 31 9
run PASS 3 ./heat3d-mpi -c -o 9 11 3 6
run PASS 3 ./heat3d-mpi-cpu -c -o 24 20 30 10
run PASS 2 ./heat3d-mpi-cpu -c -p 24 20 30 10
# Without the exchange the slabs drift apart: the check must see it.
run FAIL 2 ./heat3d-mpi -c -x 24 20 30 10

echo "$failures failed"
test "$failures" -eq 0
