/* star-l1.cu -- a hand-written 3-D star of radius R (6R+1 points, FP32
   or FP64, the family's coefficients and order of additions) that walks
   z through L1 as mint's level 3 does, with register blocks in y.

   A block of BX x BY threads computes a tile of (BX*VEC) x (BY*RY)
   points of each plane of a walk of WZ planes; each thread computes
   VEC x RY columns (VEC cells: one 16-byte access in x).  The planes
   z-R .. z+R of the thread's columns live in a register queue (one
   16-byte load of the front plane a row a step); the in-plane
   neighbours come through L1: the 2R rows above and below the thread's
   RY rows, one 16-byte access each, and the x halo of each of its rows.
   A step loads 3*RY + 2R accesses for VEC*RY points (RY = 1: 11 for 4
   float points; RY = 2: 14 for 8; RY = 4: 20 for 16), so taller blocks
   in registers read less of L1 a point.

   Each thread may also load its front plane D planes ahead of the step
   that first reads it (its queue D planes longer), clamped to the last
   plane where CL, and prefetch to L2 PF planes beyond (PF > 0).  Where
   ZF, the grid's fastest dimension runs the tiles along z, so that the
   walks before and after a tile's (which load its first and last planes
   again) run beside it rather than a plane of blocks later.

   Usage: star-l1 N [STEPS]: N^3 interior points, N a multiple of 128;
   prints the copy bandwidth's time for the same bytes, then per variant
   ms a step (median of 5 blocks of STEPS launches), its fraction of the
   copy's time, and the largest difference from the plain kernel.
   Measurements: bench/results/probe/2026-12-01-star-l1.txt,
   2026-12-01-block-order.txt.  */

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "../cuda-check.h"
#ifndef REAL
# define REAL float
#endif
#include "star-common.cuh"

/* The x halo in whole 16-byte accesses.  */
#define HV (RA / VEC)

template <int BX, int BY, int RY, int WZ, int MINB, int D, int PF, int CL = 0,
          int ZF = 0>
__global__ void __launch_bounds__ (BX * BY, MINB)
walk (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  const int bx = ZF ? blockIdx.y : blockIdx.x;
  const int by = ZF ? blockIdx.z : blockIdx.y;
  const int x0 = (bx * BX + threadIdx.x) * VEC;
  const int y0 = (by * BY + threadIdx.y) * RY;
  const int z0 = (ZF ? blockIdx.x : blockIdx.z) * WZ;
  const T *base = u + g.origin + y0 * g.row + x0;
  T *out = v + g.origin + y0 * g.row + x0;
  VT q[2 * R + 1 + D][RY];
#pragma unroll
  for (int k = 0; k < 2 * R + D; k++)
#pragma unroll
    for (int j = 0; j < RY; j++)
      q[k][j] = *(const VT *) (base + (long) (z0 - R + k) * g.plane + j * g.row);
#pragma unroll 4
  for (int s = 0; s < WZ; s++)
    {
      const long z = z0 + s;
#pragma unroll
      for (int j = 0; j < RY; j++)
        q[2 * R + D][j] = *(const VT *) (base + (CL ? min (z + R + D, (long) g.n - 1 + R) : z + R + D) * g.plane + j * g.row);
      if (PF > 0)
#pragma unroll
        for (int j = 0; j < RY; j++)
          asm volatile ("prefetch.global.L2 [%0];" :: "l" (base + (z + R + D + PF) * g.plane + j * g.row));
      const T *p = base + z * g.plane;
      VT above[R], below[R], left[RY][HV], right[RY][HV];
#pragma unroll
      for (int k = 0; k < R; k++)
        {
          above[k] = *(const VT *) (p + (k - R) * g.row);
          below[k] = *(const VT *) (p + (RY + k) * g.row);
        }
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int h = 0; h < HV; h++)
          {
            left[j][h] = *(const VT *) (p + j * g.row - RA + h * VEC);
            right[j][h] = *(const VT *) (p + j * g.row + VEC + h * VEC);
          }
      store_columns (out, g, z, q, above, below, left, right);
#pragma unroll
      for (int k = 0; k < 2 * R + D; k++)
#pragma unroll
        for (int j = 0; j < RY; j++)
          q[k][j] = q[k + 1][j];
    }
}

static grid G;
static int STEPS;
static T *U, *V;
static std::vector<T> host_ref, host_v;
static float copy_ms;

template <int BX, int BY, int RY, int WZ, int MINB, int D, int PF, int CL = 0,
          int ZF = 0>
static void
variant ()
{
  if (G.n % (BX * VEC) || G.n % (BY * RY) || G.n % WZ)
    return;
  dim3 grid_ (G.n / (BX * VEC), G.n / (BY * RY), G.n / WZ), block (BX, BY);
  if (ZF)
    grid_ = dim3 (G.n / WZ, G.n / (BX * VEC), G.n / (BY * RY));
  auto k = walk<BX, BY, RY, WZ, MINB, D, PF, CL, ZF>;
  cudaFuncAttributes at;
  CHECK (cudaFuncGetAttributes (&at, k));
  CHECK (cudaMemset (V, 0, G.elems * sizeof (T)));
  k<<<grid_, block>>> (G, U, V);
  CHECK (cudaDeviceSynchronize ());
  CHECK (cudaMemcpy (host_v.data (), V, G.elems * sizeof (T),
                     cudaMemcpyDeviceToHost));
  double err = largest_difference (host_v, host_ref);
  float ms = ms_per_step (STEPS, [&] { k<<<grid_, block>>> (G, U, V); });
  printf ("zfirst %d walk %2dx%d threads %dx%d columns walk %3d minb %d ahead %d prefetch %d "
          "clamp %d regs %3d spill %4d: %.4f ms  %.1f%% of copy  maxdiff %.1e\n",
          ZF, BX, BY, VEC, RY, WZ, MINB, D, PF, CL, at.numRegs, (int) at.localSizeBytes,
          ms, 100 * copy_ms / ms, err);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = STEPS = argc > 2 ? atoi (argv[2]) : 20;
  fields f;
  /* The deepest look-ahead and prefetch: 24 planes.  */
  copy_ms = start_probe (n, 24, steps, G, f);
  U = f.u;
  V = f.v;
  host_ref = f.want;
  host_v.resize (G.elems);
  variant<32, 8, 1, 8, 2, 0, 0, 0> ();
  variant<32, 8, 1, 8, 2, 1, 0, 0> ();
  variant<32, 8, 1, 8, 2, 2, 0, 0> ();
  variant<32, 8, 1, 8, 2, 3, 0, 0> ();
  variant<32, 8, 1, 16, 2, 0, 0, 0> ();
  variant<32, 8, 1, 16, 2, 1, 0, 0> ();
  variant<32, 8, 1, 16, 2, 2, 0, 0> ();
  variant<32, 8, 1, 16, 2, 3, 0, 0> ();
  variant<32, 8, 1, 32, 2, 0, 0, 0> ();
  variant<32, 8, 1, 32, 2, 1, 0, 0> ();
  variant<32, 8, 1, 32, 2, 2, 0, 0> ();
  variant<32, 8, 1, 32, 2, 3, 0, 0> ();
  variant<32, 8, 1, 64, 2, 0, 0, 0> ();
  variant<32, 8, 1, 64, 2, 1, 0, 0> ();
  variant<32, 8, 1, 64, 2, 2, 0, 0> ();
  variant<32, 8, 1, 64, 2, 3, 0, 0> ();
  variant<32, 8, 1, 16, 2, 0, 0, 0, 1> ();
  variant<32, 8, 1, 64, 2, 0, 0, 0, 1> ();
  variant<32, 8, 1, 16, 2, 2, 0, 1> ();
  variant<32, 8, 1, 32, 2, 2, 0, 1> ();
  variant<32, 8, 1, 64, 2, 0, 4, 0> ();
  variant<32, 8, 1, 64, 2, 2, 8, 0> ();
  variant<32, 4, 1, 16, 4, 2, 0, 0> ();
  variant<64, 4, 1, 16, 2, 2, 0, 0> ();
  variant<16, 8, 1, 16, 4, 2, 0, 0> ();
  variant<32, 4, 2, 64, 2, 0, 0, 0> ();
  variant<32, 8, 2, 64, 1, 0, 0, 0> ();
  variant<32, 4, 4, 64, 2, 0, 0, 0> ();
  return 0;
}
