#!/bin/sh
# compile-many.sh -- how the plugin's compile time grows with the number
# of nests in one function: one region of N one-line nests (1-D, in main
# over arrays it allocates; 2-D, over a pointer to rows), for each N of
# COUNTS, timed without the plugin and with it at levels 0 and 3.  nvcc
# is the testsuite's stub (testsuite/fuzz/nvcc-stub), so the times are
# GCC's and the plugin's alone; the device-code cache is off.  Best of
# REPS.
#
#   sh compile-many.sh CC PLUGIN NVCC_STUB OUTBASE [COUNTS] [REPS]
#
# Writes OUTBASE.md.

set -u
if [ $# -lt 4 ]; then
  echo "usage: $0 CC PLUGIN NVCC_STUB OUTBASE [COUNTS] [REPS]" >&2
  exit 1
fi
cc=$1 plugin=$2 stub=$3 outbase=$4
counts=${5:-100 200 400 1000}
reps=${6:-3}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

# The source of N nests of FORM: 1d, in main over arrays it allocates;
# 2d, in a function over the rows its caller gives it.
nests () {
  echo '#include <stdlib.h>'
  if [ "$1" = 1d ]; then
    echo 'int main (void)'
    echo '{'
    echo '  int n = 1024;'
    echo '  double *a = calloc (n, sizeof *a), *b = calloc (n, sizeof *b);'
    echo '#pragma mint copy(a, toDevice, n)'
    echo '#pragma mint copy(b, toDevice, n)'
  else
    echo 'void run (int n, double (*c)[n], double (*d)[n])'
    echo '{'
    echo '#pragma mint copy(c, toDevice, n, n)'
    echo '#pragma mint copy(d, toDevice, n, n)'
  fi
  echo '#pragma mint parallel'
  echo '  {'
  awk -v n="$2" -v form="$1" 'BEGIN {
    for (i = 0; i < n; i++)
      if (form == "1d")
        printf "#pragma mint for\n    for (int i = 0; i < n; i++) b[i] += a[i] * %d;\n", i
      else
        printf "#pragma mint for nest(all)\n    for (int y = 1; y < n - 1; y++)\n      for (int x = 1; x < n - 1; x++)\n        d[y][x] = c[y][x] * %d + c[y - 1][x];\n", i
  }'
  echo '  }'
  if [ "$1" = 1d ]; then
    echo '#pragma mint copy(b, fromDevice, n)'
    echo '  return b[1] > 0;'
  else
    echo '#pragma mint copy(d, fromDevice, n, n)'
  fi
  echo '}'
}

# Best wall seconds of REPS runs of a command.
best_seconds () {
  i=0
  while [ $i -lt "$reps" ]; do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "compile-many: failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    echo "$start $end" | awk '{ printf "%.2f\n", $2 - $1 }'
    i=$((i + 1))
  done | sort -n | head -1
}

mint="-fplugin=$plugin -fplugin-arg-mint-nvcc=$stub -fplugin-arg-mint-device-cache=off"
{
  echo "## Compile time of many nests in one function"
  echo ""
  echo "\`$(basename "$cc") -O2 -c\` ($("$cc" -dumpfullversion)), stub nvcc, best of $reps,"
  echo "$(nproc 2>/dev/null || echo '?') cores: one region of N one-line nests."
  echo ""
  echo "| form | N | gcc -O2 (s) | mint level 0 (s) | mint level 3 (s) |"
  echo "|---|---:|---:|---:|---:|"
} > "$outbase.md"
status=0
for form in 1d 2d; do
  for n in $counts; do
    nests $form "$n" > "$work/many.c"
    plain=$(best_seconds "$cc" -O2 -c "$work/many.c" -o "$work/many.o") || status=1
    l0=$(best_seconds "$cc" -O2 -c $mint -fplugin-arg-mint-opt=0 "$work/many.c" -o "$work/many.o") || status=1
    l3=$(best_seconds "$cc" -O2 -c $mint -fplugin-arg-mint-opt=3 "$work/many.c" -o "$work/many.o") || status=1
    echo "| $form | $n | $plain | $l0 | $l3 |" >> "$outbase.md"
  done
done
cat "$outbase.md"
exit $status
