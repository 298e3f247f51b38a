# report.awk -- turn the benchmark log (SIZE/VALID/WRONG/TIME/RETIME/DEVICE/
# NOGPU/FAILED lines, see bench.c) into a markdown report on stdout and a
# CSV file.
#
# Variables: copy_gbs (the copy-bandwidth ceiling, GB/s), csv (CSV path),
# gpu, driver, commit, nvcc, stamp, bw (copy measurements, text), skipped,
# args (extra variant options of this run).
#
# Per kernel and variant the fastest configuration counts, at the time of
# its second measurement (RETIME) where several configurations ran: the
# fastest first time is biased low by the noise it won against.  Derived:
#   Gpoints/s = interior points / time per step
#   GFLOP/s   = points * flops per point / time
#   GB/s      = points * compulsory bytes per point / time
#               (each array read once and the result written once a step)
#   % copy    = GB/s / copy_gbs
#   vs CUDA   = time of the fastest hand-written CUDA variant / time
#
# Autotuning (mint-auto*, TUNED lines; run.sh's run_auto): mint-auto, its
# first run and a 100-step program timed whole (mint-auto-program*, kept
# out of the main table) against the best of mint-O3's swept walks and
# cuda-tuned.

function remember(key, kernel, variant) {
  if (!(kernel in kernel_seen)) {
    kernel_seen[kernel] = 1
    kernels[++nkernels] = kernel
  }
  variant_names[variant] = 1
  if (!(key in variant_seen)) {
    variant_seen[key] = 1
    variants[kernel, ++nvariants[kernel]] = variant
  }
}

$3 ~ /^mint-auto-program/ && ($1 == "SIZE" || $1 == "VALID") { next }
$1 == "TIME" && $3 ~ /^mint-auto-program/ { program_ms[$2, $3] = $5; next }
$1 == "TUNED" {
  tuned[$2] = $3
  for (i = 4; i <= NF; i++) tuned_all[$2] = tuned_all[$2] " " $i
  next
}

$1 == "SIZE" {
  points[$2] = $5; flops[$2] = $6; bytes[$2] = $7; edge[$2] = $4
  remember($2 SUBSEP $3, $2, $3)
}
$1 == "VALID" || $1 == "WRONG" {
  key = $2 SUBSEP $3
  remember(key, $2, $3)
  if ($1 == "WRONG") {
    wrong[key] = wrong[key] " " $4 "(err " $5 ")"
    problems[++nproblems] = $0
  }
  if (!(key in max_err) || $5 + 0 > max_err[key] + 0)
    max_err[key] = $5
}
$1 == "TIME" {
  key = $2 SUBSEP $3
  remember(key, $2, $3)
  if (!(key in best_ms) || $5 + 0 < best_ms[key] + 0) {
    best_ms[key] = $5; best_config[key] = $4
  }
}
$1 == "RETIME" { retime_ms[$2, $3] = $5 }
$1 == "DEVICE" { device_ms[$2, $3, $4] = $5 }
$1 == "NOGPU" { problems[++nproblems] = $0 }
$1 == "FAILED" { problems[++nproblems] = $0 }

END {
  for (key in retime_ms) {
    first_ms[key] = best_ms[key]; best_ms[key] = retime_ms[key]
  }
  for (key in best_ms) {
    split(key, part, SUBSEP)
    if (part[2] ~ /^cuda-/ && (!(part[1] in cuda_ms) || best_ms[key] + 0 < cuda_ms[part[1]] + 0))
      cuda_ms[part[1]] = best_ms[key]
  }
  print "# Stencil benchmarks: " gpu
  print ""
  print "| | |"
  print "|---|---|"
  print "| date | " stamp " |"
  print "| GPU | " gpu " |"
  print "| driver | " driver " |"
  print "| nvcc (build) | " nvcc " |"
  print "| commit | " commit " |"
  print "| copy bandwidth | " bw " reference: " copy_gbs " GB/s |"
  print ""
  print "FP64, one ghost layer; 3D kernels on 512^3 interior points, 2D on 8192^2"
  print "(see each row's points).  Every variant was validated against the CPU"
  print "reference (7 steps on a small grid, max relative error <= 1e-10) before"
  print "it was timed.  Time per step: median of 5 blocks of 20 steps after 3"
  print "warm-up steps (defaults; extra options this run: " (args == "" ? "none" : args) ")."
  print "Every variant with a host clock around each block: CUDA's and mint's"
  print "launches are asynchronous and the block ends with one wait for the"
  print "device (a stream synchronization; a mint barrier), GCC offload's are"
  print "synchronous (this includes their per-launch overhead).  Where a variant"
  print "ran several configurations, the fastest was timed once more and that"
  print "second time is the variant's.  Bytes: compulsory traffic (every array"
  print "read once, the result written once per step).  \"vs CUDA\": time of the"
  print "fastest hand-written CUDA variant over this variant's time (1.00 = as"
  print "fast)."
  print ""
  print "| kernel | variant | config | ms/step | Gpoints/s | GFLOP/s | GB/s | % copy | vs CUDA | max rel err |"
  print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
  print "kernel,variant,config,status,points,ms_per_step,gpoints_s,gflop_s,gb_s,pct_copy,vs_best_cuda,max_rel_err" > csv
  for (i = 1; i <= nkernels; i++) {
    k = kernels[i]
    for (j = 1; j <= nvariants[k]; j++) {
      v = variants[k, j]
      key = k SUBSEP v
      err = (key in max_err) ? max_err[key] : ""
      if (key in wrong && !(key in best_ms)) {
        printf "| %s | %s | %s | WRONG | | | | | | %s |\n", k, v, wrong[key], err
        printf "%s,%s,%s,WRONG,,,,,,,,%s\n", k, v, wrong[key], err > csv
        continue
      }
      if (!(key in best_ms)) {
        printf "| %s | %s | | not timed | | | | | | %s |\n", k, v, err
        printf "%s,%s,,not-timed,,,,,,,,%s\n", k, v, err > csv
        continue
      }
      ms = best_ms[key]; s = ms / 1e3
      gpts = points[k] / s / 1e9
      gflops = points[k] * flops[k] / s / 1e9
      gbs = points[k] * bytes[k] / s / 1e9
      pct = copy_gbs > 0 ? 100 * gbs / copy_gbs : 0
      ratio = (k in cuda_ms) ? sprintf("%.2f", cuda_ms[k] / ms) : ""
      status = (key in wrong) ? "partly-wrong" : "ok"
      printf "| %s | %s | %s | %.3f | %.2f | %.1f | %.0f | %.1f | %s | %s |\n", \
             k, v, best_config[key], ms, gpts, gflops, gbs, pct, ratio, err
      printf "%s,%s,%s,%s,%.0f,%.6f,%.4f,%.2f,%.1f,%.2f,%s,%s\n", \
             k, v, best_config[key], status, points[k], ms, gpts, gflops, gbs, \
             pct, ratio, err > csv
    }
  }
  close(csv)
  timing_section()
  autotuning_section()
  if (nproblems > 0 || skipped != "") {
    print ""
    print "Problems:"
    print ""
    for (i = 1; i <= nproblems; i++)
      print "- " problems[i]
    if (skipped != "")
      print "- not run (over the time budget):" skipped
  }
  print ""
}

# Each variant's first and second time of its fastest configuration, and
# the device time alone (CUDA events) where the variant measured it.
function heading(title) {
  print ""
  print "## " title
  print ""
}

function timing_section(   i, j, k, v, key, dev) {
  heading("Second times and device times")
  print "The fastest configuration's first time (the minimum over the sweep) and"
  print "its second time (the one in the table); \"device\": CUDA events around"
  print "the same launches (without the first launch's latency and the final"
  print "wait)."
  print ""
  print "| kernel | variant | config | first ms | second ms | device ms |"
  print "|---|---|---|---:|---:|---:|"
  for (i = 1; i <= nkernels; i++) {
    k = kernels[i]
    for (j = 1; j <= nvariants[k]; j++) {
      v = variants[k, j]
      key = k SUBSEP v
      if (!(key in first_ms)) continue
      dev = (k SUBSEP v SUBSEP best_config[key]) in device_ms ? device_ms[k, v, best_config[key]] : ""
      printf "| %s | %s | %s | %s | %s | %s |\n", k, v, best_config[key],
             first_ms[key], best_ms[key], dev
    }
  }
}

function pct_slower(ms, ref) {
  return (ms == "" || ref == "") ? "" : sprintf("%+.1f%%", 100 * (ms / ref - 1))
}

function autotuning_section(   i, k, o3, auto, first, cuda, p1, pc) {
  if (!("mint-auto" in variant_names)) return
  heading("Autotuning")
  print "mint-auto: the Mint source with `#pragma mint for nest(all) nowait`, no"
  print "tile or chunksize clause, at opt=3: the plugin builds one variant per"
  print "candidate shape and libmintrt times them on the first launches, keeps the"
  print "fastest and remembers it in its tuning cache.  \"1st run\": the usual"
  print "protocol with an empty cache (tuning happens in the warm-up and the first"
  print "block); \"cached\": the next run.  \"100 steps\": a program of 100 steps"
  print "and nothing else, timed whole (ms/step), with an empty cache and again"
  print "with its cache.  Against the fastest of mint-O3's swept walks and of"
  print "cuda-tuned's shapes, all in this run."
  print ""
  print "| kernel | mint-O3 best swept | ms | mint-auto cached ms | vs swept | 1st run ms | chosen (tile/chunk) | cuda-tuned ms | 100 steps, 1st run | cached | 1st vs cached |"
  print "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|"
  for (i = 1; i <= nkernels; i++) {
    k = kernels[i]
    o3 = (k SUBSEP "mint-O3") in best_ms ? best_ms[k, "mint-O3"] : ""
    auto = (k SUBSEP "mint-auto") in best_ms ? best_ms[k, "mint-auto"] : ""
    first = (k SUBSEP "mint-auto-1st") in best_ms ? best_ms[k, "mint-auto-1st"] : ""
    cuda = (k SUBSEP "cuda-tuned") in best_ms ? best_ms[k, "cuda-tuned"] : ""
    p1 = (k SUBSEP "mint-auto-program-1st") in program_ms ? program_ms[k, "mint-auto-program-1st"] : ""
    pc = (k SUBSEP "mint-auto-program") in program_ms ? program_ms[k, "mint-auto-program"] : ""
    if (auto == "" && first == "") continue
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", k,
           (k SUBSEP "mint-O3") in best_config ? best_config[k, "mint-O3"] : "",
           o3, auto, pct_slower(auto, o3), first, tuned[k], cuda, p1, pc,
           pct_slower(p1, pc)
  }
  print ""
  print "Every variant's time in the tuning run (tile/chunk=ms, fastest of 2):"
  print ""
  for (i = 1; i <= nkernels; i++)
    if (kernels[i] in tuned_all)
      print "- " kernels[i] ":" tuned_all[kernels[i]]
}
