#!/bin/sh
# run.sh -- run every benchmark of this bundle on the GPU of this machine.
#
#   sh run.sh [OUTDIR]        (default OUTDIR: ./results)
#
# Measures the device-to-device copy bandwidth, then runs every variant
# binary in bin/ (each validates against its CPU reference before it times
# anything) and writes OUTDIR/<date>-<gpu>.md, .csv, .png and .log.
# Without a GPU it says "no GPU", runs only the validations that can run
# on the host (mint's host fallback, GCC offload's host fallback) and
# writes no results file.
#
# Autotuned binaries (mint-*-Oauto) run four times, see run_auto.
# Environment: BENCH_COMMIT overrides the commit recorded in BUILD-INFO;
# BENCH_BUDGET_S (default 420) stops starting new binaries once that many
# seconds have passed; BENCH_TIMEOUT_S (default 90) limits each binary;
# BENCH_ARGS adds options to every variant (e.g. "-s 10 -r 3").
# Exit status: 0 when every check that ran passed, 1 otherwise.

set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-results}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
budget=${BENCH_BUDGET_S:-420}
per_binary=${BENCH_TIMEOUT_S:-90}
extra_args=${BENCH_ARGS:-}

# libgomp and its nvptx plugin travel with the bundle; libgomp dlopens the
# plugin by name, so LD_LIBRARY_PATH must name lib/.
LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

started=$(date +%s)
log=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$log" "$errors"' EXIT

# Run one binary with a time limit, its stdout into the log, its stderr
# into $errors (and the terminal).
run_binary () {
  : >"$errors"
  if command -v timeout >/dev/null 2>&1; then
    timeout "$per_binary" "$@" >>"$log" 2>"$errors"
  else
    "$@" >>"$log" 2>"$errors"
  fi
  status=$?
  cat "$errors" >&2
  return $status
}

# mint-<kernel>-Oauto, autotuned: the usual protocol twice, first with an
# empty tuning cache (it times the variants on its first launches:
# mint-auto-1st), then with the cache that run left (mint-auto); then a
# program of 100 steps timed whole, with an empty cache and again with its
# cache (mint-auto-program-1st, mint-auto-program: what tuning costs).  The
# choice of the first run, with every variant's time, goes to the log as a
# TUNED line.
run_auto () {
  bin=$1
  kernel=$(basename "$bin" | cut -d- -f2)
  cache=$(mktemp -d) || return 1
  XDG_CACHE_HOME=$cache run_binary "$bin" -V mint-auto-1st $extra_args &&
    for f in "$cache"/mint/*.tune; do
      [ -f "$f" ] && awk -v kernel="$kernel" '
        $1 == "choice" { choice = $2 }
        $1 == "variant" { shape[$2] = $4 "x" $5 "x" $6 "/" $8 "x" $9 "x" $10
                          ms[$2] = $12; n++ }
        END { line = "TUNED " kernel " " shape[choice]
              for (i = 0; i < n; i++) line = line " " shape[i] "=" ms[i]
              print line }' "$f" >>"$log"
    done &&
    XDG_CACHE_HOME=$cache run_binary "$bin" -V mint-auto $extra_args &&
    rm -rf "$cache" && mkdir "$cache" &&
    XDG_CACHE_HOME=$cache run_binary "$bin" -V mint-auto-program-1st \
      $extra_args -w 0 -s 100 -r 1 &&
    XDG_CACHE_HOME=$cache run_binary "$bin" -V mint-auto-program \
      $extra_args -w 0 -s 100 -r 1
  status=$?
  rm -rf "$cache"
  return $status
}

# The last message of the binary that just failed, on one line.
last_error () {
  tail -n 1 "$errors" | tr -d '\r'
}

bw_out=$("$here/bin/copy-bandwidth" 2>&1)
bw_status=$?
printf '%s\n' "$bw_out"
failures=0

if [ $bw_status -ne 0 ]; then
  echo "no GPU: $(printf '%s\n' "$bw_out" | sed -n 's/^NOGPU copy-bandwidth //p' | head -n 1)"
  echo "timing skipped; validating the host fallbacks only"
  for bin in "$here"/bin/*; do
    name=$(basename "$bin")
    case $name in
      copy-bandwidth|cuda-*) continue ;;
    esac
    # mint falls back to its host loops; GCC offload to host (-H).
    MINT_OFFLOAD=default run_binary "$bin" -n 0 -H $extra_args
    status=$?
    [ $status -ne 0 ] && { echo "FAILED $name (exit $status): $(last_error)"; failures=$((failures + 1)); }
  done
  grep -E '^(VALID|WRONG)' "$log"
  echo "no GPU: nothing timed; $failures host validations failed"
  [ $failures -eq 0 ]
  exit
fi

copy_gbs=$(printf '%s\n' "$bw_out" | awk '$1 == "COPYBW" && $2 == "best" { print $3 }')
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
[ -n "$gpu" ] || gpu=$(printf '%s\n' "$bw_out" | sed -n 's/^DEVICE //p')
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)
commit=${BENCH_COMMIT:-$(sed -n 's/^commit: //p' "$here/BUILD-INFO" 2>/dev/null)}
built_nvcc=$(sed -n 's/^nvcc: //p' "$here/BUILD-INFO" 2>/dev/null)
date=$(date -u +%Y-%m-%d)
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)

# Device work must reach the device, or the run is reported as failed.
MINT_OFFLOAD=mandatory
OMP_TARGET_OFFLOAD=MANDATORY
ACC_DEVICE_TYPE=nvidia
export MINT_OFFLOAD OMP_TARGET_OFFLOAD ACC_DEVICE_TYPE

# Kernel by kernel, mint first, so a run cut short by the budget still
# compares every variant of the kernels it reached.
ordered=$(cd "$here/bin" && ls | awk -F- '
  BEGIN { n = split("heat2d heat7 poisson7 varcoef7 poisson19 box27", k, " ")
          for (i = 1; i <= n; i++) rank[k[i]] = i }
  $0 == "copy-bandwidth" { next }
  { kernel = $1 == "mint" ? $2 : $NF
    print (kernel in rank ? rank[kernel] : 99), ($1 == "mint" ? 0 : 1), $0 }' |
  sort -k1,1n -k2,2n -k3,3 | awk '{ print $3 }')

skipped=""
for name in $ordered; do
  bin=$here/bin/$name
  now=$(date +%s)
  if [ $((now - started)) -ge "$budget" ]; then
    skipped="$skipped $name"
    continue
  fi
  echo "== $name" >&2
  case $name in
    mint-*-Oauto) run_auto "$bin" ;;
    *) run_binary "$bin" $extra_args ;;
  esac
  status=$?
  case $status in
    0) ;;
    2) echo "WRONG result: $name" >&2; failures=$((failures + 1)) ;;
    124) echo "FAILED $name: over ${per_binary}s" >&2
         echo "FAILED $name timeout" >>"$log"; failures=$((failures + 1)) ;;
    *) echo "FAILED $name: exit $status" >&2
       echo "FAILED $name exit-$status: $(last_error)" >>"$log"
       failures=$((failures + 1)) ;;
  esac
done
[ -n "$skipped" ] && echo "skipped (over the ${budget}s budget):$skipped" >&2

slug=$(printf '%s' "$gpu" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | sed 's/^-//; s/-$//')
base="$out/$date-$slug"
cp "$log" "$base.log"
awk -v copy_gbs="$copy_gbs" -v csv="$base.csv" \
    -v gpu="$gpu" -v driver="$driver" -v commit="${commit:-unknown}" \
    -v nvcc="${built_nvcc:-unknown}" -v stamp="$stamp" \
    -v bw="$(printf '%s\n' "$bw_out" | awk '$1 == "COPYBW" { printf "%s %s GB/s; ", $2, $3 }')" \
    -v skipped="$skipped" -v args="$extra_args" \
    -f "$here/report.awk" "$log" > "$base.md"
if [ -f "$here/compile-time.md" ]; then
  cat "$here/compile-time.md" >> "$base.md"
fi
if command -v python3 >/dev/null 2>&1 \
   && python3 "$here/plot.py" "$base.csv" "$base.png" "$gpu" 2>"$base.plot-errors"; then
  rm -f "$base.plot-errors"
  printf '\n![%% of copy bandwidth](%s)\n' "$(basename "$base.png")" >> "$base.md"
else
  echo "no chart: see $base.plot-errors" >&2
fi

cat "$base.md"
echo "results: $base.md $base.csv"
echo "$failures failures"
[ $failures -eq 0 ]
