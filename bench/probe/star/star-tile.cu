/* star-tile.cu -- a hand-written 3-D star of radius R (6R+1 points, FP64
   or FP32, the family's coefficients and order of additions) whose block
   stages each plane of its tile and halo in shared memory, against a
   plain kernel of the same arithmetic.

   A block of BX x BY threads computes a tile of (BX*RX) x (BY*RY) points
   of every plane of a walk of WZ planes along z; each thread computes
   RX x RY columns.  The planes pass through a ring of S = R + P + 1
   shared-memory planes filled by cp.async P planes ahead of the walk's
   front (plane z + R): the in-plane neighbours and the front of the
   thread's columns come from there, the columns' planes z-R .. z+R live
   in registers.  One barrier a step.  Why: the L1 walk (mint's level 3)
   spends its time on L2 (94% busy at radius 3); a plane staged once per
   block reads each cell from L2 once.

   The "vector" rows read the ring 16 bytes at a time (RX a multiple of
   the cells in 16 bytes), as the plugin's walks of 2x4 columns do.

   Usage: star-tile N [STEPS]: N^3 interior points, N a multiple of 64;
   prints per variant ms a step (median of 5 blocks of STEPS launches)
   and the largest difference from the plain kernel.  Measurements:
   bench/results/probe/2026-11-29-star-tile.txt, 2026-11-29-star-tile-
   wide.txt, 2026-11-30-star-ring-vector.txt.  */

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include "../cuda-check.h"
#include "star-common.cuh"
#include "../cp-async.cuh"
/* Cell OFF (a constant once unrolled, maybe negative) of the row at ROW,
   which starts on a 16-byte boundary: read as the one 16-byte load of
   its group, which nvcc shares between the cells of the group.  */
template <typename V>
__device__ __forceinline__ T
vector_cell (const T *row, int off)
{
  const int group = off >= 0 ? off / VEC : -((-off + VEC - 1) / VEC);
  const V v = ((const V *) row)[group];
  return ((const T *) &v)[off - group * VEC];
}
template <int BX, int BY, int RX, int RY, int WZ, int P>
struct tile
{
  static constexpr int TX = BX * RX, TY = BY * RY;
  static constexpr int SW = TX + 2 * RA;        /* shared row, cells */
  static constexpr int SH = TY + 2 * R;         /* shared rows */
  static constexpr int S = R + P + 1;           /* ring slots */
  static constexpr size_t bytes = (size_t) S * SH * SW * sizeof (T);
};

template <int BX, int BY, int RX, int RY, int WZ, int P, bool VR>
__global__ void __launch_bounds__ (BX * BY)
staged (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  typedef tile<BX, BY, RX, RY, WZ, P> K;
  extern __shared__ __align__ (16) unsigned char raw[];
  T *ring = (T *) raw;
  const int tid = threadIdx.y * BX + threadIdx.x;
  const int x0 = blockIdx.x * K::TX, y0 = blockIdx.y * K::TY;
  const int z0 = blockIdx.z * WZ;
  /* The tile's first cell (x0 - RA, y0 - R) of plane z.  */
  const T *corner = u + g.origin + (long) (y0 - R) * g.row + (x0 - RA);

  auto fill = [&] (int z) {
    T *slot = ring + (size_t) ((z % K::S + K::S) % K::S) * K::SH * K::SW;
    copy_tile<K::SW, K::SH, BX * BY> (slot, corner + (long) z * g.plane,
                                      g.row, tid);
  };

  const int cx = threadIdx.x * RX, cy = threadIdx.y * RY;  /* in the tile */
  T q[RY][RX][2 * R + 1];
#pragma unroll
  for (int j = 0; j < RY; j++)
#pragma unroll
    for (int i = 0; i < RX; i++)
#pragma unroll
      for (int k = 0; k < 2 * R; k++)
        q[j][i][k] = __ldg (u + g.origin + (long) (z0 - R + k) * g.plane
                            + (long) (y0 + cy + j) * g.row + x0 + cx + i);
#pragma unroll
  for (int k = 0; k < R + P; k++)
    {
      if (z0 + k < g.n + R)
        fill (z0 + k);
      commit ();
    }
  const int zend = min (z0 + WZ, g.n);
#pragma unroll 1
  for (int z = z0; z < zend; z++)
    {
      wait_groups<P - 1> ();
      __syncthreads ();
      if (z + R + P < zend + R)
        fill (z + R + P);
      commit ();
      const T *cur = ring + (size_t) (z % K::S) * K::SH * K::SW;
      const T *front = ring + (size_t) ((z + R) % K::S) * K::SH * K::SW;
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int i = 0; i < RX; i++)
          q[j][i][2 * R] = VR ? vector_cell<VT> (front + (cy + j + R) * K::SW
                                                 + cx + RA, i)
                              : front[(cy + j + R) * K::SW + cx + i + RA];
      T out[RY][RX];
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int i = 0; i < RX; i++)
          out[j][i] = star_update ([&] (int dz, int dy, int dx) {
            if (dy == 0 && dx == 0)
              return q[j][i][R + dz];
            if (VR)
              return vector_cell<VT> (cur + (cy + j + R + dy) * K::SW + cx
                                      + RA, i + dx);
            return cur[(cy + j + R + dy) * K::SW + cx + i + RA + dx];
          });
      T *dst = v + g.origin + (long) z * g.plane + (long) (y0 + cy) * g.row
               + x0 + cx;
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int i = 0; i < RX; i++)
          dst[j * g.row + i] = out[j][i];
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int i = 0; i < RX; i++)
#pragma unroll
          for (int k = 0; k < 2 * R; k++)
            q[j][i][k] = q[j][i][k + 1];
    }
  wait_groups<0> ();
}

struct variant
{
  const char *name;
  void (*launch) (grid, const T *, T *);
};

template <int BX, int BY, int RX, int RY, int WZ, int P, bool VR>
static void
launch_staged (grid g, const T *u, T *v)
{
  typedef tile<BX, BY, RX, RY, WZ, P> K;
  static bool once;
  auto f = staged<BX, BY, RX, RY, WZ, P, VR>;
  if (!once)
    {
      CHECK (cudaFuncSetAttribute (f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   (int) K::bytes));
      once = true;
    }
  dim3 grid_ (g.n / K::TX, g.n / K::TY, (g.n + WZ - 1) / WZ);
  f<<<grid_, dim3 (BX, BY), K::bytes>>> (g, u, v);
}

#define V(BX, BY, RX, RY, WZ, P) \
  { "staged " #BX "x" #BY " threads " #RX "x" #RY " columns walk " #WZ " ahead " #P, \
    launch_staged<BX, BY, RX, RY, WZ, P, false> }
/* The same, the ring's cells read 16 bytes at a time (RX a multiple of
   the cells in 16 bytes).  */
#define VV(BX, BY, RX, RY, WZ, P) \
  { "vector " #BX "x" #BY " threads " #RX "x" #RY " columns walk " #WZ  \
    " ahead " #P, \
    launch_staged<BX, BY, RX, RY, WZ, P, true> }

/* Rows after "plain": the fastest scalar rows of round 37, then reads of
   16 bytes (optimizer-notes.md, rounds 34, 37 and 45), last the shapes
   of the plugin's 16-byte rings of round 56 (32x4 and 32x8 threads of
   a 16-byte unit by 4 columns, 128 planes).  */
static const variant variants_double[] = {
  { "plain", launch_plain },
  V (32, 4, 1, 4, 64, 1),
  V (32, 4, 1, 4, 64, 2),
  V (32, 8, 1, 4, 64, 3),
  V (64, 4, 1, 4, 64, 2),
  V (32, 4, 2, 2, 64, 2),
  VV (32, 4, 2, 2, 64, 1),
  VV (32, 4, 2, 2, 64, 2),
  VV (32, 4, 2, 2, 64, 3),
  VV (32, 8, 2, 2, 64, 2),
  VV (32, 8, 2, 2, 64, 3),
  VV (64, 4, 2, 2, 64, 2),
  VV (32, 8, 2, 1, 64, 2),
  VV (64, 4, 2, 1, 64, 2),
  VV (16, 8, 2, 4, 64, 2),
  VV (32, 4, 2, 4, 64, 2),
  VV (32, 8, 4, 1, 64, 2),
  VV (16, 8, 4, 2, 64, 2),
  VV (32, 4, 2, 4, 128, 2),
  VV (32, 8, 2, 4, 128, 2),
};
static const variant variants_float[] = {
  { "plain", launch_plain },
  V (32, 4, 2, 2, 64, 2),
  V (64, 4, 1, 8, 64, 1),
  V (64, 4, 1, 4, 64, 2),
  VV (32, 8, 4, 1, 64, 1),
  VV (32, 8, 4, 1, 64, 2),
  VV (32, 8, 4, 1, 64, 3),
  VV (16, 8, 4, 1, 64, 2),
  VV (32, 4, 4, 2, 64, 1),
  VV (32, 4, 4, 2, 64, 2),
  VV (32, 4, 4, 2, 64, 3),
  VV (16, 8, 4, 2, 64, 2),
  VV (32, 8, 4, 2, 64, 2),
  VV (16, 16, 4, 1, 64, 2),
  VV (32, 4, 4, 4, 64, 2),
  VV (16, 8, 4, 4, 64, 2),
  VV (32, 4, 4, 4, 128, 2),
  VV (32, 8, 4, 4, 128, 2),
};


int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = argc > 2 ? atoi (argv[2]) : 20;
  if (n % 64)
    {
      fprintf (stderr, "star-tile: N must be a multiple of 64\n");
      return 2;
    }
  grid g = make_grid (n, 0);
  fields f = make_fields (g);
  T *u = f.u, *v = f.v;
  const std::vector<T> &want = f.want;
  std::vector<T> got (g.elems);
  printf ("R %d %s n %d bytes/step %.6e\n", R, sizeof (T) == 8 ? "double" : "float",
          n, 2.0 * n * n * (double) n * sizeof (T));
  const variant *first = sizeof (T) == 8 ? variants_double : variants_float;
  size_t count = sizeof (T) == 8 ? std::size (variants_double)
                                 : std::size (variants_float);
  for (const variant *vp = first; vp < first + count; vp++)
    {
      CHECK (cudaMemset (v, 0, g.elems * sizeof (T)));
      const variant &var = *vp;
      var.launch (g, u, v);
      CHECK (cudaGetLastError ());
      CHECK (cudaDeviceSynchronize ());
      CHECK (cudaMemcpy (got.data (), v, g.elems * sizeof (T), cudaMemcpyDeviceToHost));
      double err = 0;
      for (int z = 0; z < n; z++)
        for (int y = 0; y < n; y++)
          for (int x = 0; x < n; x++)
            {
              size_t i = g.origin + z * g.plane + y * g.row + x;
              err = std::max (err, (double) std::abs (got[i] - want[i]));
            }
      printf ("%-52s ms/step %.4f  err %.1e\n", var.name,
              ms_per_step (steps, [&] { var.launch (g, u, v); }), err);
    }
  return 0;
}
