#!/usr/bin/env python3
"""coefficients.py FILE.cu [vconst|shared] -- rewrites, in place, the
CUDA that mint emits for a box walked as plane sums with its points
interleaved (round 36 of bench/results/optimizer-notes.md): each pair of
products of one coefficient (point 0's, then point 1's) reads the
coefficient once, by a volatile load from its __constant__ table
(vconst) or by ld.shared from a copy of the table that the kernel's
threads fill at its start (shared).  Use it from an nvcc wrapper
(-fplugin-arg-mint-nvrtc=off -fplugin-arg-mint-nvcc=WRAPPER, the
wrapper running it on the .cu it is given).  Measurements:
bench/results/probe/2026-11-29-box125-coefficients.txt."""
import re
import sys

mode = sys.argv[2] if len(sys.argv) > 2 else "vconst"
src = open(sys.argv[1]).read()
pat = re.compile(r'^(\s+)(\w+_p0_0) = (\w+) \* (mint_c_\w+)\[(\d+)\];\n\s+(\w+_p0_1) = (\w+) \* \4\[\5\];$', re.M)
def rep(m):
    ind, d0, a0, tab, k, d1, a1 = m.groups()
    if mode == "vconst":
        load = f"const double mint_wc = *(const volatile double *) &{tab}[{k}];"
    else:
        load = f"double mint_wc; asm volatile (\"ld.shared.f64 %0, [%1];\" : \"=d\" (mint_wc) : \"r\" (mint_ws + {8*int(k)}));"
    return f"{ind}{{ {load}\n{ind}  {d0} = {a0} * mint_wc;\n{ind}  {d1} = {a1} * mint_wc; }}"
out, n = pat.subn(rep, src)
if mode == "shared":
    # a shared copy of each table, filled at the kernel's start
    tabs = sorted(set(re.findall(r'static __constant__ double (mint_c_\w+)\[(\d+)\]', src)))
    tab, size = tabs[0]
    out = re.sub(r'(\n\{\n  mint_wait_for_grids \(\);\n)',
                 r'\n{\n  __shared__ double mint_wsh[%s];\n  for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < %s; i += blockDim.x * blockDim.y) mint_wsh[i] = %s[i];\n  __syncthreads ();\n  const unsigned mint_ws = (unsigned) __cvta_generic_to_shared (mint_wsh);\n  mint_wait_for_grids ();\n' % (size, size, tab), out)
open(sys.argv[1], "w").write(out)
sys.stderr.write(f"pair.py {mode}: {n} pairs\n")
