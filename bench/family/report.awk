# report.awk -- family.log (run.sh) to a Markdown table: each member at
# each level, its time a step, its bound (the larger of compulsory bytes
# over the best copy bandwidth and FLOPs over the arithmetic peak of its
# type), the percentage of the bound reached, and its check against the
# CPU (relative difference of the checksums).
function abs(v) { return v < 0 ? -v : v }
$1 == "DEVICE" { device = substr($0, 8) }
$1 == "COPYBW" && $2 == "best" { bw = $3 }
$1 == "PEAK" { peak[$2] = $3 }
$1 == "CHECK" {
  d = abs($5 - $7) / (abs($5) > 0 ? abs($5) : 1)
  check[$2, $3] = ($7 ~ /^[-0-9.e+]+$/) ? sprintf("%.1e", d) : "FAILED"
}
$1 == "RUN" {
  name = $2; level = $3
  for (i = 4; i < NF; i++) {
    if ($i == "ms/step") ms = $(i + 1)
    if ($i == "bytes/step") bytes = $(i + 1)
    if ($i == "flops/step") flops = $(i + 1)
    if ($i == "n") n = $(i + 1)
    if ($i == "double" || $i == "float") type = $i
  }
  mem = bytes / (bw * 1e9) * 1e3
  fl = flops / (peak[type == "float" ? "fp32" : "fp64"] * 1e9) * 1e3
  bound = mem > fl ? mem : fl
  row[++rows] = sprintf("| %s | %s | %s | %d | %.4f | %.4f | %.4f | %s | %.1f | %s |",
                        name, level, type, n, ms, mem, fl,
                        mem > fl ? "memory" : "compute",
                        ms > 0 ? 100 * bound / ms : 0, check[name, level])
}
END {
  printf "Stencil family on %s: copy %s GB/s, FP64 %s GFLOP/s, FP32 %s GFLOP/s\n\n", device, bw, peak["fp64"], peak["fp32"]
  print "| member | level | type | N | ms/step | memory bound | compute bound | bound by | % of bound | vs CPU |"
  print "|---|---|---|---:|---:|---:|---:|---|---:|---|"
  for (i = 1; i <= rows; i++) print row[i]
}
