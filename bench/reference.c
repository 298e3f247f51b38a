/* reference.c -- the CPU reference of the kernel selected by BENCH_KERNEL,
   plain loops over the flat layout of bench.h.  */

#include "bench.h"
#include "stencils.h"

const char *const bench_kernel_name = ST_NAME;
const int bench_kernel_dims = ST_DIMS;
const int bench_kernel_uses_b = ST_USES_B;
const int bench_kernel_uses_k = ST_USES_K;
const int bench_kernel_flops = ST_FLOPS;
const int bench_kernel_bytes = 8 * (ST_NREAD + 1);

void
reference_steps (struct problem *p, int steps)
{
  const struct grid g = p->g;
  const double *b = p->b, *k = p->k;
  for (int t = 0; t < steps; t++)
    {
      const double *u = p->u;
      double *out = p->unew;
      for (long z = g.hz; z < g.nz + g.hz; z++)
        for (long y = 1; y <= g.ny; y++)
          for (long x = 1; x <= g.nx; x++)
            {
              long i = z * g.sz + y * g.sy + x;
#define U(dz, dy, dx) u[i + (dz) * g.sz + (dy) * g.sy + (dx)]
#define B(dz, dy, dx) b[i + (dz) * g.sz + (dy) * g.sy + (dx)]
#define K(dz, dy, dx) k[i + (dz) * g.sz + (dy) * g.sy + (dx)]
              out[i] = ST_EXPR;
#undef U
#undef B
#undef K
            }
      p->unew = p->u;
      p->u = out;
    }
  (void) b;
  (void) k;
}
