# report.awk -- turn the benchmark log (SIZE/VALID/WRONG/TIME/NOGPU/FAILED
# lines, see bench.h) into a markdown report on stdout and a CSV file.
#
# Variables: copy_gbs (the copy-bandwidth ceiling, GB/s), csv (CSV path),
# gpu, driver, commit, nvcc, stamp, bw (copy measurements, text), skipped,
# args (extra variant options of this run).
#
# Per kernel and variant the fastest configuration counts.  Derived:
#   Gpoints/s = interior points / time per step
#   GFLOP/s   = points * flops per point / time
#   GB/s      = points * compulsory bytes per point / time
#               (each array read once and the result written once a step)
#   % copy    = GB/s / copy_gbs
#   vs CUDA   = time of the fastest hand-written CUDA variant / time

function remember(key, kernel, variant) {
  if (!(kernel in kernel_seen)) {
    kernel_seen[kernel] = 1
    kernels[++nkernels] = kernel
  }
  if (!(key in variant_seen)) {
    variant_seen[key] = 1
    variants[kernel, ++nvariants[kernel]] = variant
  }
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
  if ($3 ~ /^cuda-/ && (!($2 in cuda_ms) || $5 + 0 < cuda_ms[$2] + 0))
    cuda_ms[$2] = $5
}
$1 == "NOGPU" { problems[++nproblems] = $0 }
$1 == "FAILED" { problems[++nproblems] = $0 }

END {
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
  print "CUDA variants timed with CUDA events; mint with a host clock around"
  print "each block of nowait launches ended by a mint barrier; GCC offload with"
  print "a host clock around synchronizing launches (this includes their"
  print "per-launch overhead).  Bytes: compulsory traffic (every array read once,"
  print "the result written once per step).  \"vs CUDA\": time of the fastest"
  print "hand-written CUDA variant over this variant's time (1.00 = as fast)."
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
