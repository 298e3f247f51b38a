/* harness.cuh -- the schedule probe's main (schedule.py writes the
   kernels before it): every kernel on the same two 512^3 grids, the
   bench's data in its layout (rows of 528 doubles, x = 1 on 128 bytes),
   LAUNCHES launches at a time, all kernels in turn, ROUNDS rounds; prints the
   median and the fastest launch in us, the ratio to the first kernel's
   median, and whether the result has the first kernel's bits.

   Usage: schedule [ROUNDS [LAUNCHES]]   (defaults 40, 20)  */

/* cuda-stencil.cu has a CHECK that returns; the probes' one exits.  */
#undef CHECK
#include "../cuda-check.h"
#include "../turns.cuh"

enum { N = 512 };
static const int n_ref = sizeof ref_kernels / sizeof *ref_kernels;
static const int n_kernels
  = n_ref + sizeof mint_kernels / sizeof *mint_kernels;

static const char *
kernel_name (int k)
{
  return k < n_ref ? ref_kernels[k].name : mint_kernels[k - n_ref].name;
}

/* Kernel K from U into OUT: one step over the N^3 interior, 32 x 8
   threads a block, 2 x 1 columns and 4 planes a thread.  */
static void
launch (int k, const dev_layout &d, const double *u, double *out)
{
  dim3 grid (N / 64, N / 8, N / 4), block (32, 8);
  if (k < n_ref)
    ref_kernels[k].fn<<<grid, block>>> (d, u, NULL, NULL, out);
  else
    mint_kernels[k - n_ref].fn<<<grid, block>>> (1, N, 1, N, 1, N,
                                                  u + d.off, d.sy, d.sz,
                                                  out + d.off, d.sy, d.sz);
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 40;
  int launches = argc > 2 ? atoi (argv[2]) : 20;
  /* The bench's grid, data (problem_fill) and device layout.  */
  problem p;
  if (problem_alloc (&p, N, 3, 0, 0))
    return 1;
  problem_fill (&p, 12345);
  const dev_layout d = dev_layout_make (p.g);
  double *u, *out;
  if (to_device (&u, p.u, p.g, d))
    return 1;
  size_t bytes = d.total * sizeof (double);
  CHECK (cudaMalloc (&out, bytes));
  time_in_turns (n_kernels, rounds, launches, out, bytes,
                 [&] (int k) { launch (k, d, u, out); }, kernel_name);
  return 0;
}
