#!/bin/sh
# compile-solver.sh -- what -fplugin=mint costs on a solver file of many
# nests (solver12.c: twelve nests of varied stencils): wall time, CPU time
# (user + system, the compiler's and its children's) and object size of
# `CC -O2 -c` without the plugin and with it at each level, with the
# default architectures of nvcc, as a user compiles; median of REPS runs.
#
#   sh compile-solver.sh CC PLUGIN SRCDIR OUTBASE [REPS]
#
# Rows: plain gcc; levels 0, 1 and 2; level 3 without autotuning (one
# kernel a nest); level 3 autotuned (the default of -fmint-opt=3: its
# groups of kernels compiled by nvcc runs at once, as many as the CPUs),
# and so with one nvcc run at a time; level 4; level 3 autotuned while a
# second compile of it runs (make -j2); and a rebuild at level 3 after an
# edit of host code only (-DHOST_EDIT), the kernels unchanged.  Every
# compile but the rebuild starts from an empty device-code cache
# (XDG_CACHE_HOME in a temporary directory).
# Writes OUTBASE.csv and OUTBASE.md.

set -u
if [ $# -lt 4 ]; then
  echo "usage: $0 CC PLUGIN SRCDIR OUTBASE [REPS]" >&2
  exit 1
fi
cc=$1 plugin=$2 srcdir=$3 outbase=$4
reps=${5:-3}
src=$srcdir/solver12.c
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

# Wall and CPU seconds (user + system, of the compiler and every child it
# waited for; "-" without GNU time) of one run of a command, on one line;
# a fresh cache unless KEEP_CACHE=1.
seconds_of () {
  if [ "${KEEP_CACHE:-0}" != 1 ]; then
    rm -rf "$work/cache"
    mkdir "$work/cache"
  fi
  rm -f "$work/time"
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    XDG_CACHE_HOME=$work/cache /usr/bin/time -f "%U %S" -o "$work/time" \
      "$@" >/dev/null 2>"$work/stderr"
  else
    XDG_CACHE_HOME=$work/cache "$@" >/dev/null 2>"$work/stderr"
  fi || {
    echo "compile-solver: failed: $*" >&2
    cat "$work/stderr" >&2
    return 1
  }
  end=$(date +%s.%N)
  cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time" 2>/dev/null)
  echo "$start $end ${cpu:--}" | awk '{ printf "%.2f %s\n", $2 - $1, $3 }'
}

# The median of each of the two columns on standard input.
median () {
  awk '{ print $1 > "'"$work"'/col1"; print $2 > "'"$work"'/col2" }'
  for col in "$work/col1" "$work/col2"; do
    sort -n "$col" | awk '{ v[NR] = $1 }
      END { if (v[1] == "-") print "-";
            else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
  done | paste -sd ' '
}

# Median wall and CPU seconds of REPS runs of a command.
median_seconds () {
  i=0
  while [ $i -lt "$reps" ]; do
    seconds_of "$@" || return 1
    i=$((i + 1))
  done | median
}

# Median seconds of REPS runs of two copies of a command at once (the
# slower of each pair), as `make -j2` runs two compiles.
median_pair_seconds () {
  i=0
  while [ $i -lt "$reps" ]; do
    start=$(date +%s.%N)
    XDG_CACHE_HOME=$work/cache1 "$@" -o "$work/pair1.o" >/dev/null 2>&1 &
    p1=$!
    XDG_CACHE_HOME=$work/cache2 "$@" -o "$work/pair2.o" >/dev/null 2>&1 &
    p2=$!
    wait $p1 && wait $p2 || { echo "compile-solver: failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    rm -rf "$work/cache1" "$work/cache2"
    echo "$start $end" | awk '{ printf "%.2f -\n", $2 - $1 }'
    i=$((i + 1))
  done | median
}

mint="$cc -O2 -fplugin=$plugin"
obj=$work/solver12.o
echo "build,wall_s,cpu_s,object_bytes,kernels" > "$outbase.csv"
{
  echo "## Compile time of a 12-nest solver file"
  echo ""
  echo "Wall time of \`$(basename "$cc") -O2 -c solver12.c\` (bench/solver12.c:"
  echo "twelve nests, 2-D and 3-D, radius 1-3, nine arrays) without and"
  echo "with \`-fplugin=mint\` (nvcc's default architectures), median of"
  echo "$reps runs, on the build machine ($(uname -m), $(nproc 2>/dev/null || echo '?') cores,"
  echo "gcc $("$cc" -dumpfullversion 2>/dev/null || "$cc" -dumpversion),"
  echo "nvcc $(nvcc --version 2>/dev/null | sed -n 's/.*release \([^,]*\),.*/\1/p'));"
  echo "kernels: \`__global__\` functions in the generated CUDA."
  echo ""
  echo "| build | wall s | CPU s | x plain (wall) | object bytes | kernels |"
  echo "|---|---:|---:|---:|---:|---:|"
} > "$outbase.md"

status=0
plain=
# One row: NAME, then the compile command without -c/-o.
row () {
  name=$1
  shift
  times=$(median_seconds "$@" -c "$src" -o "$obj") || { status=1; return; }
  t=${times% *} cpu=${times#* }
  bytes=$(wc -c < "$obj")
  kernels=0
  case "$*" in
    *-fplugin=*)
      rm -f "$work"/kept.*
      XDG_CACHE_HOME=$work/cache "$@" -fplugin-arg-mint-keep -c "$src" \
        -o "$work/kept.o" >/dev/null 2>&1
      kernels=$(cat "$work"/kept.mint*.cu 2>/dev/null | grep -c "__global__") ;;
  esac
  [ -n "$plain" ] || plain=$t
  ratio=$(echo "$t $plain" | awk '{ printf "%.1f", $1 / $2 }')
  echo "$name,$t,$cpu,$bytes,$kernels" >> "$outbase.csv"
  echo "| $name | $t | $cpu | $ratio | $bytes | $kernels |" >> "$outbase.md"
}

row "plain gcc -O2" $cc -O2
row "level 0" $mint -fplugin-arg-mint-opt=0
row "level 1" $mint -fplugin-arg-mint-opt=1
row "level 2" $mint -fplugin-arg-mint-opt=2
row "level 3, autotuning off" $mint -fplugin-arg-mint-opt=3 \
  -fplugin-arg-mint-autotune=off
row "level 3, autotuned (default)" $mint -fplugin-arg-mint-opt=3
row "level 3, autotuned, one nvcc run at a time" $mint -fplugin-arg-mint-opt=3 \
  -fplugin-arg-mint-nvcc-jobs=1
row "level 4" $mint -fplugin-arg-mint-opt=4

times=$(median_pair_seconds $mint -fplugin-arg-mint-opt=3 -c "$src") \
  || status=1
t=${times% *}
ratio=$(echo "$t $plain" | awk '{ printf "%.1f", $1 / $2 }')
echo "level 3 autotuned, two compiles at once,$t,-,," >> "$outbase.csv"
echo "| level 3 autotuned, two compiles at once | $t | - | $ratio | | |" >> "$outbase.md"

# The rebuild: the cache filled by one compile, then host code edited.
rm -rf "$work/cache" && mkdir "$work/cache"
seconds_of $mint -fplugin-arg-mint-opt=3 -c "$src" -o "$obj" >/dev/null \
  || status=1
edit=0
times=$(i=0; while [ $i -lt "$reps" ]; do
      edit=$((edit + 1))
      KEEP_CACHE=1 seconds_of $mint -fplugin-arg-mint-opt=3 -DHOST_EDIT=$edit \
        -c "$src" -o "$obj" || exit 1
      i=$((i + 1))
    done | median) || status=1
t=${times% *} cpu=${times#* }
ratio=$(echo "$t $plain" | awk '{ printf "%.1f", $1 / $2 }')
echo "level 3 autotuned, rebuild after a host-code edit,$t,$cpu,$(wc -c < "$obj")," >> "$outbase.csv"
echo "| level 3 autotuned, rebuild after a host-code edit | $t | $cpu | $ratio | $(wc -c < "$obj") | |" >> "$outbase.md"
echo "" >> "$outbase.md"
cat "$outbase.md"
exit $status
