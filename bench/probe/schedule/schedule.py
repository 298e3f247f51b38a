#!/usr/bin/env python3
"""schedule.py MINT_CU CUDA_STENCIL_CU OUT_CU -- writes the source of the
schedule probe: heat7's level-3 kernel as mint generated it (MINT_CU, kept
with -fplugin-arg-mint-keep) and the bench's hand-written stencil_blocked
(CUDA_STENCIL_CU), each as built and with edits that change only the code
ptxas sees (VARIANTS below), all timed on the same buffers by harness.cuh.

The mint kernel is the one whose comment holds KERNEL_COMMENT (default: the
autotuner's pick on the H200, 64x8x4 points, 2x1 columns, 64 registers),
or the one named by --kernel NAME; mint_clamped is the variant of the same
walk at 80 registers with its rows through a clamp (CLAMPED_COMMENT), as
built only."""

import argparse
import re
import sys

KERNEL_COMMENT = ("walks 4 points along z and computes 2x1 columns, its own "
                  "columns in registers; u in registers; 16-byte accesses to "
                  "u, unew where rows are aligned; at most 64 registers")

CLAMPED_COMMENT = ("at most 80 registers a thread; rows through a clamp")

KERNEL_RE = re.compile(r'/\* [^\n]*\n(?:   [^\n]*\n)*?extern "C" __global__ '
                       r'void __launch_bounds__ \(256, \d+\)\n(\w+) \(')

# Edits of the mint kernel (old text, new text).
ALIGNED_ONLY = ('  if (mint_fast)\n    mint_walk (mint_bool<true> ());\n'
                '  else\n    mint_walk (mint_bool<false> ());',
                '  (void) mint_fast;\n  mint_walk (mint_bool<true> ());')
# The leading plane's own columns of the whole unrolled walk loaded before
# it (mint_lead), instead of one step at a time.
LEAD = [
    ('  auto mint_step = [&] (auto mint_v, long long mint_tz)\n',
     '  double2 mint_lead[4];\n'
     '  auto mint_step = [&] (auto mint_v, long long mint_tz, '
     'auto mint_pre)\n'),
    ('      (void) mint_v;\n',
     '      (void) mint_v;\n      (void) mint_pre;\n'),
    ('          const double2 mint_w = __ldg ((const double2 *) (mint_g0 + '
     '(mint_tz - mint_oz + 1) * mint_dm0));\n',
     '          double2 mint_w;\n'
     '          if constexpr (decltype (mint_pre)::value)\n'
     '            mint_w = mint_lead[mint_tz - mint_oz];\n'
     '          else\n'
     '            mint_w = __ldg ((const double2 *) (mint_g0 + '
     '(mint_tz - mint_oz + 1) * mint_dm0));\n'),
    ('            mint_step (mint_v, mint_oz + mint_s);',
     '            mint_lead[mint_s] = __ldg ((const double2 *) (mint_g0 + '
     '(mint_s + 1) * mint_dm0));\n'
     '#pragma unroll 4\n'
     '          for (int mint_s = 0; mint_s < 4; ++mint_s)\n'
     '            mint_step (mint_v, mint_oz + mint_s, mint_bool<true> ());'),
    ('          mint_step (mint_v, mint_tz);',
     '          mint_step (mint_v, mint_tz, mint_bool<false> ());'),
]
# The x neighbours of plane m from the next lanes' own columns (shuffles;
# lanes 0 and 31 load theirs).
MINT_SHFL = [
    ('      mint_h0_1_1_0 = __ldg (mint_g0 + (mint_tz - mint_oz + 0) * '
     'mint_dm0 + -1 * 1LL);\n'
     '      mint_h0_1_1_3 = (decltype (mint_v)::value || mint_tx + 2 < '
     'mint_n_x + 1 ? __ldg (mint_g0 + (mint_tz - mint_oz + 0) * mint_dm0 + '
     '2 * 1LL) : (double) 0);\n',
     '      mint_h0_1_1_0 = __shfl_up_sync (~0u, mint_c0_1_1_2, 1);\n'
     '      mint_h0_1_1_3 = __shfl_down_sync (~0u, mint_c0_1_1_1, 1);\n'
     '      if (threadIdx.x % 32 == 0)\n'
     '        mint_h0_1_1_0 = __ldg (mint_g0 + (mint_tz - mint_oz + 0) * '
     'mint_dm0 - 1);\n'
     '      if (threadIdx.x % 32 == 31)\n'
     '        mint_h0_1_1_3 = __ldg (mint_g0 + (mint_tz - mint_oz + 0) * '
     'mint_dm0 + 2);\n'),
]

# Edits of stencil_blocked.
NO_CLAMP = ('rows[r] = min (y0 - 1 + r, d.ny + 1) * d.sy;',
            'rows[r] = (y0 - 1 + r) * d.sy;')
NO_GUARD = ('          if (y0 + j > d.ny)\n            continue;\n', '')
STWB = ('*(double2 *) (o + i) = make_double2 (res[i], res[i + 1]);',
        '__stwb ((double2 *) (o + i), make_double2 (res[i], res[i + 1]));')
# Streaming stores (st.global.cs): evicted first from L2, which keeps the
# lines of u that other blocks still read.
STCS = ('*(double2 *) (o + i) = make_double2 (res[i], res[i + 1]);',
        '__stcs ((double2 *) (o + i), make_double2 (res[i], res[i + 1]));')
REF_SHFL = [('''          if (r >= 0 && r < RY)
            {''', '''          if (r >= 0 && r < RY && p == 0)
            {
              double lv = __shfl_up_sync (~0u, dst.v[1][r + 1][RX], 1);
              double rv = __shfl_down_sync (~0u, dst.v[1][r + 1][1], 1);
              if (threadIdx.x % 32 == 0)
                lv = __ldg (addr (a, m, r, -1));
              if (threadIdx.x % 32 == 31)
                rv = __ldg (addr (a, m, r, RX));
              dst.v[1][r + 1][0] = lv;
              dst.v[1][r + 1][RX + 1] = rv;
              continue;
            }
          if (r >= 0 && r < RY)
            {''')]

# (name, kernel, edits); each at 4 and 3 resident blocks (64 and 80
# registers): NAME4, NAME3.
VARIANTS = [
    ('ref', 'ref', []),
    ('ref_noclamp', 'ref', [NO_CLAMP]),
    ('ref_like_mint', 'ref', [NO_CLAMP, NO_GUARD, STWB]),
    ('ref_shfl', 'ref', REF_SHFL),
    ('ref_stcs', 'ref', [STCS]),
    ('mint', 'mint', []),
    ('mint_aligned', 'mint', [ALIGNED_ONLY]),
    ('mint_lead', 'mint', [ALIGNED_ONLY] + LEAD),
    ('mint_shfl', 'mint', [ALIGNED_ONLY] + MINT_SHFL),
]


MINT_FN = '''struct ref_kernel { const char *name; blocked_fn fn; };
typedef void (*mint_fn) (long long, long long, long long, long long,
                         long long, long long, const double *, long long,
                         long long, double *, long long, long long);
struct mint_kernel { const char *name; mint_fn fn; };'''


def function_at(text, start):
    end = text.index('\n}\n', start) + 3
    return text[start:end]


def mint_kernel(text, name, comment):
    kernels = [(m.start(), m.group(1)) for m in KERNEL_RE.finditer(text)]
    if not kernels:
        sys.exit('schedule.py: no kernel in the mint file')
    preamble = text[:kernels[0][0]]
    for start, found in kernels:
        body = function_at(text, start)
        if (name and found == name) or (not name and found.endswith('_shared')
                                        and comment in body):
            return preamble, body, found
    sys.exit('schedule.py: the mint kernel is not in the file')


def edited(text, edits):
    for old, new in edits:
        if old not in text:
            sys.exit('schedule.py: an edit does not apply: ' + old[:60])
        text = text.replace(old, new)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('mint_cu')
    ap.add_argument('cuda_stencil_cu')
    ap.add_argument('out_cu')
    ap.add_argument('--kernel')
    a = ap.parse_args()
    mint_text = open(a.mint_cu).read()
    preamble, mint, mint_name = mint_kernel(mint_text, a.kernel,
                                            KERNEL_COMMENT)
    _, clamped, clamped_name = mint_kernel(mint_text, None, CLAMPED_COMMENT)
    cuda = open(a.cuda_stencil_cu).read()
    ref = function_at(cuda, cuda.index(
        'template <int RX, int RY, int W, int MINB>\n__global__'))
    out = ['#define main cuda_stencil_main', '#include "cuda-stencil.cu"',
           '#undef main', preamble]
    mints, refs = [], []
    for name, kernel, edits in VARIANTS:
        if kernel == 'ref':
            out.append(edited(ref, edits).replace('stencil_blocked', name))
        for minb in (4, 3):
            n = '%s%d' % (name, minb)
            if kernel == 'ref':
                refs.append((n, '%s<2, 1, 4, %d>' % (name, minb)))
            else:
                text = edited(mint, edits).replace(mint_name, n)
                out.append(re.sub(r'__launch_bounds__ \(256, \d+\)',
                                  '__launch_bounds__ (256, %d)' % minb, text))
                mints.append(n)
    out.append(clamped.replace(clamped_name, 'mint_clamped3'))
    mints.append('mint_clamped3')
    out.append(MINT_FN)
    out.append('static const struct ref_kernel ref_kernels[] = {')
    out += ['  { "%s", %s },' % r for r in refs]
    out.append('};\nstatic const struct mint_kernel mint_kernels[] = {')
    out += ['  { "%s", %s },' % (n, n) for n in mints]
    out.append('};\n#include "harness.cuh"')
    open(a.out_cu, 'w').write('\n'.join(out) + '\n')


main()
