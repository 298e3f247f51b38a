#!/bin/sh
# compile-time.sh -- what -fplugin=mint costs at compile time: wall time of
# `CC -O2 -c` against `CC -O2 -fplugin=mint -fplugin-arg-mint-opt=L -c` on
# each benchmark kernel's Mint source, median of REPS runs.  Level 3 is
# compiled with one walking kernel (the clauses of the sweep's usual
# winner), level "auto" without clauses at level 3: autotuned, one kernel
# per candidate shape.
#
#   sh compile-time.sh CC PLUGIN SRCDIR ARCH OUTBASE [LEVELS] [REPS]
#
# Writes OUTBASE.csv and OUTBASE.md (a section for the results file).
# Runs where the plugin is built; the GPU machine has no plugin.

set -u
if [ $# -lt 5 ]; then
  echo "usage: $0 CC PLUGIN SRCDIR ARCH OUTBASE [LEVELS] [REPS]" >&2
  exit 1
fi
cc=$1 plugin=$2 srcdir=$3 arch=$4 outbase=$5
levels=${6:-3}
reps=${7:-5}
kernels="heat2d heat7 poisson7 varcoef7 poisson19 box27"
obj=$(mktemp)
trap 'rm -f "$obj"' EXIT

# Median wall seconds of REPS runs of a command.
median_seconds () {
  i=0
  while [ $i -lt "$reps" ]; do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "compile-time: failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    echo "$start $end" | awk '{ printf "%.4f\n", $2 - $1 }'
    i=$((i + 1))
  done | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

header="kernel,gcc_O2_s"
for l in $levels; do header="$header,mint_O$l""_s,ratio_O$l"; done
echo "$header" > "$outbase.csv"
{
  echo "## Compile time"
  echo ""
  echo "Wall time of \`$(basename "$cc") -O2 -c\` on each kernel's Mint source,"
  echo "without and with \`-fplugin=mint\` (which runs nvcc for $arch),"
  echo "median of $reps runs, measured on the build machine ($(uname -m),"
  echo "$(nproc 2>/dev/null || echo '?') cores, $("$cc" -dumpfullversion 2>/dev/null || "$cc" -dumpversion))."
  echo ""
  line="| kernel | gcc -O2 (s) |"
  sep="|---|---:|"
  for l in $levels; do
    case $l in auto) name="mint opt=3, autotuned" ;; *) name="mint opt=$l" ;; esac
    line="$line $name (s) | ratio |"; sep="$sep---:|---:|"
  done
  echo "$line"
  echo "$sep"
} > "$outbase.md"

status=0
for k in $kernels; do
  def=-DBENCH_KERNEL=BENCH_$(echo "$k" | tr a-z A-Z)
  base=$(median_seconds "$cc" -O2 -Wno-unknown-pragmas -I"$srcdir" "$def" \
           -c "$srcdir/mint-stencil.c" -o "$obj") || { status=1; continue; }
  csv="$k,$base"
  md="| $k | $base |"
  for l in $levels; do
    case $l,$k in
      auto,*) opt=3 shape=-DMINT_AUTO ;;
      3,heat2d) opt=3 shape="-DMINT_TILE=128,32 -DMINT_CHUNK=1,32" ;;
      3,*) opt=3 shape="-DMINT_TILE=32,8,6 -DMINT_CHUNK=1,1,6" ;;
      *) opt=$l shape= ;;
    esac
    t=$(median_seconds "$cc" -O2 -fplugin="$plugin" -fplugin-arg-mint-opt="$opt" \
          -fplugin-arg-mint-arch="$arch" -I"$srcdir" "$def" $shape \
          -c "$srcdir/mint-stencil.c" -o "$obj") || { status=1; t=failed; }
    r=$(echo "$t $base" | awk '$1 != "failed" { printf "%.1f", $1 / $2 }')
    csv="$csv,$t,$r"
    md="$md $t | $r |"
  done
  echo "$csv" >> "$outbase.csv"
  echo "$md" >> "$outbase.md"
done
echo "" >> "$outbase.md"
cat "$outbase.md"
exit $status
