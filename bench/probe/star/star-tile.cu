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

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <type_traits>
#include <vector>
#include "../cuda-check.h"

#ifndef R
# define R 4
#endif
#ifndef REAL
# define REAL double
#endif
typedef REAL T;

#define POINTS (6 * R + 1)
#define W(dz, dy, dx) \
  ((T) ((0.999 + 0.0001 * ((dz) * 81 + (dy) * 9 + (dx))) / POINTS))

/* Cells per 16 bytes, and the x halo rounded up to it, so that the tile's
   rows start 16-byte aligned.  */
#define VEC (16 / (int) sizeof (T))
#define RA ((R + VEC - 1) / VEC * VEC)

struct grid
{
  int n;
  long row, plane;              /* strides in elements */
  long origin;                  /* offset of interior point (0,0,0) */
  size_t elems;
};

static grid
make_grid (int n)
{
  grid g;
  g.n = n;
  g.row = (n + 2 * RA + 31) / 32 * 32;
  g.plane = g.row * (n + 2 * R);
  g.origin = R * g.plane + R * g.row + RA;
  g.elems = g.plane * (n + 2 * R);
  return g;
}

/* The family's update: the centre, then per distance q the x pair, the
   y pair, the z pair.  */
template <typename F>
__device__ __forceinline__ T
star_update (F at)
{
  T arms = 0;
#pragma unroll
  for (int q = 1; q <= R; q++)
    {
      T arm = W (0, 0, q) * (at (0, 0, -q) + at (0, 0, q))
              + W (0, q, 0) * (at (0, -q, 0) + at (0, q, 0))
              + W (q, 0, 0) * (at (-q, 0, 0) + at (q, 0, 0));
      arms = q == 1 ? arm : arms + arm;
    }
  return W (0, 0, 0) * at (0, 0, 0) + arms;
}

__global__ void
plain (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= g.n || y >= g.n)
    return;
  for (int z = blockIdx.z; z < g.n; z += gridDim.z)
    {
      const T *p = u + g.origin + z * g.plane + y * g.row + x;
      v[g.origin + z * g.plane + y * g.row + x] = star_update (
        [&] (int dz, int dy, int dx) { return p[dz * g.plane + dy * g.row + dx]; });
    }
}

__device__ __forceinline__ void
copy16 (void *dst, const void *src)
{
  asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                :: "r" ((unsigned) __cvta_generic_to_shared (dst)),
                   "l" (__cvta_generic_to_global (src)) : "memory");
}

__device__ __forceinline__ void
commit () { asm volatile ("cp.async.commit_group;" ::: "memory"); }

template <int N>
__device__ __forceinline__ void
wait_groups () { asm volatile ("cp.async.wait_group %0;" :: "n" (N) : "memory"); }

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
typedef std::conditional<sizeof (T) == 8, double2, float4>::type VT;

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
    const T *src = corner + (long) z * g.plane;
    constexpr int per_row = K::SW / VEC;
    for (int i = tid; i < per_row * K::SH; i += BX * BY)
      {
        int r = i / per_row, c = (i % per_row) * VEC;
        copy16 (slot + r * K::SW + c, src + (long) r * g.row + c);
      }
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

static void
launch_plain (grid g, const T *u, T *v)
{
  plain<<<dim3 (g.n / 32, g.n / 8, 64), dim3 (32, 8)>>> (g, u, v);
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
   16 bytes (optimizer-notes.md, rounds 34, 37 and 45).  */
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
  grid g = make_grid (n);
  std::vector<T> h (g.elems);
  for (size_t i = 0; i < g.elems; i++)
    h[i] = (T) ((i * 2654435761u) % 1000) / 1000;
  T *u, *v, *ref;
  CHECK (cudaMalloc (&u, g.elems * sizeof (T)));
  CHECK (cudaMalloc (&v, g.elems * sizeof (T)));
  CHECK (cudaMalloc (&ref, g.elems * sizeof (T)));
  CHECK (cudaMemcpy (u, h.data (), g.elems * sizeof (T), cudaMemcpyHostToDevice));
  CHECK (cudaMemset (ref, 0, g.elems * sizeof (T)));
  launch_plain (g, u, ref);
  CHECK (cudaDeviceSynchronize ());
  std::vector<T> want (g.elems), got (g.elems);
  CHECK (cudaMemcpy (want.data (), ref, g.elems * sizeof (T), cudaMemcpyDeviceToHost));
  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
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
      std::vector<float> ms;
      for (int b = 0; b < 6; b++)
        {
          CHECK (cudaEventRecord (e0));
          for (int s = 0; s < steps; s++)
            var.launch (g, u, v);
          CHECK (cudaEventRecord (e1));
          CHECK (cudaEventSynchronize (e1));
          float t;
          CHECK (cudaEventElapsedTime (&t, e0, e1));
          if (b)
            ms.push_back (t / steps);
        }
      std::sort (ms.begin (), ms.end ());
      printf ("%-52s ms/step %.4f  err %.1e\n", var.name, ms[ms.size () / 2], err);
    }
  return 0;
}
