/* box-ring.cu -- a hand-written 27-point box (the family's box3-r1:
   distinct coefficients, its order of additions) in FP64 or FP32 whose
   block stages each plane of its tile and halo in shared memory once,
   against a plain kernel of the same arithmetic.

   A block of BX x BY threads computes a tile of (BX*CX) x (BY*RY)
   points of every plane of a walk of WZ planes along z.  The planes
   pass through a ring of P + 1 shared-memory planes filled by cp.async
   P planes ahead.  At plane p each point adds the plane's 3x3 sum to
   three partial sums, as the plugin's plane sums do: the sum of output
   p - 1 ends (and is stored), that of output p takes its middle plane,
   that of output p + 1 starts; so a plane is read from shared memory at
   one step only, 16 bytes at a time.  One barrier a step.  Why: the
   plugin's walks through L1 (round 58) load the L2 fabric with 2.3 to
   3.6 times the array's sectors; a plane staged once per block reads
   each cell from L2 about once and a quarter.

   Usage: box-ring N [STEPS]: N^3 interior points, N a multiple of 128;
   prints per variant ms a step (median of 5 blocks of STEPS launches)
   and the largest difference from the plain kernel; with PROBE_ONLY=i
   in the environment only the i-th variant runs (0: plain).  */

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <type_traits>
#include <vector>
#include "../cuda-check.h"
#include "../star/ms-per-step.cuh"
#include "../cp-async.cuh"

#ifndef REAL
# define REAL double
#endif
typedef REAL T;

#define W(dz, dy, dx) \
  ((T) ((0.999 + 0.0001 * ((dz) * 81 + (dy) * 9 + (dx))) / 27))
#define VEC (16 / (int) sizeof (T))
typedef std::conditional<sizeof (T) == 8, double2, float4>::type VT;

struct grid
{
  int n;
  long row, plane, origin;
  size_t elems;
};

/* N^3 interior points, a halo of one plane and row and VEC cells in x,
   so that the interior's rows start on 16 bytes.  */
static grid
make_grid (int n)
{
  grid g;
  g.n = n;
  g.row = (n + 2 * VEC + 31) / 32 * 32;
  g.plane = g.row * (n + 2);
  g.origin = g.plane + g.row + VEC;
  g.elems = g.plane * (n + 2);
  return g;
}

/* The family's PLANE (dz): rows y-1, y, y+1 added in turn, each row's
   terms x-1, x, x+1 in turn.  AT (dy, dx) is the cell.  */
template <typename F>
__device__ __forceinline__ T
plane_sum (int dz, F at)
{
  T s = 0;
#pragma unroll
  for (int dy = -1; dy <= 1; dy++)
    {
      T r = W (dz, dy, -1) * at (dy, -1) + W (dz, dy, 0) * at (dy, 0);
      r = r + W (dz, dy, 1) * at (dy, 1);
      s = dy == -1 ? r : s + r;
    }
  return s;
}

__global__ void
plain (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  for (int z = blockIdx.z; z < g.n; z += gridDim.z)
    {
      const T *p = u + g.origin + z * g.plane + y * g.row + x;
      T s = 0;
#pragma unroll
      for (int dz = -1; dz <= 1; dz++)
        {
          T t = plane_sum (dz, [&] (int dy, int dx) {
            return p[dz * g.plane + dy * g.row + dx];
          });
          s = dz == -1 ? t : s + t;
        }
      v[g.origin + z * g.plane + y * g.row + x] = s;
    }
}

static void
launch_plain (grid g, const T *u, T *v)
{
  plain<<<dim3 (g.n / 32, g.n / 8, 64), dim3 (32, 8)>>> (g, u, v);
}
template <int BX, int BY, int CX, int RY, int WZ, int P>
struct tile
{
  static constexpr int TX = BX * CX, TY = BY * RY;
  static constexpr int SW = TX + 2 * VEC;       /* shared row, cells */
  static constexpr int SH = TY + 2;             /* shared rows */
  static constexpr int S = P + 1;               /* ring slots */
  static constexpr int LW = CX + 2 * VEC;       /* a thread's row, cells */
  static constexpr size_t bytes = (size_t) S * SH * SW * sizeof (T);
};

template <int BX, int BY, int CX, int RY, int WZ, int P>
__global__ void __launch_bounds__ (BX * BY)
ring (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  typedef tile<BX, BY, CX, RY, WZ, P> K;
  extern __shared__ __align__ (16) unsigned char raw[];
  T *slots = (T *) raw;
  const int tid = threadIdx.y * BX + threadIdx.x;
  const int x0 = blockIdx.x * K::TX, y0 = blockIdx.y * K::TY;
  const int z0 = blockIdx.z * WZ;
  /* The tile's first cell (x0 - VEC, y0 - 1) of plane z.  */
  const T *corner = u + g.origin + (long) (y0 - 1) * g.row + (x0 - VEC);

  auto fill = [&] (int z) {
    T *slot = slots + (size_t) ((z + 1) % K::S) * K::SH * K::SW;
    copy_tile<K::SW, K::SH, BX * BY> (slot, corner + (long) z * g.plane,
                                      g.row, tid);
  };

  const int cx = threadIdx.x * CX, cy = threadIdx.y * RY;  /* in the tile */
  T ends[RY][CX] = {}, mids[RY][CX] = {};
#pragma unroll
  for (int k = 0; k < P; k++)
    {
      fill (z0 - 1 + k);
      commit ();
    }
  const int last = z0 + WZ;     /* the last plane read */
#pragma unroll 1
  for (int z = z0 - 1; z <= last; z++)
    {
      wait_groups<P - 1> ();
      __syncthreads ();
      if (z + P <= last)
        fill (z + P);
      commit ();
      const T *cur = slots + (size_t) ((z + 1) % K::S) * K::SH * K::SW;
      T cell[RY + 2][K::LW];
#pragma unroll
      for (int j = 0; j < RY + 2; j++)
#pragma unroll
        for (int k = 0; k < K::LW / VEC; k++)
          {
            VT w = ((const VT *) (cur + (cy + j) * K::SW + cx))[k];
#pragma unroll
            for (int e = 0; e < VEC; e++)
              cell[j][k * VEC + e] = ((const T *) &w)[e];
          }
      T out[RY][CX];
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int i = 0; i < CX; i++)
          {
            auto at = [&] (int dy, int dx) { return cell[j + 1 + dy][VEC + i + dx]; };
            out[j][i] = ends[j][i] + plane_sum (1, at);
            ends[j][i] = mids[j][i] + plane_sum (0, at);
            mids[j][i] = plane_sum (-1, at);
          }
      if (z - 1 >= z0)
        {
          T *dst = v + g.origin + (long) (z - 1) * g.plane
                   + (long) (y0 + cy) * g.row + x0 + cx;
#pragma unroll
          for (int j = 0; j < RY; j++)
#pragma unroll
            for (int k = 0; k < CX / VEC; k++)
              {
                VT w;
#pragma unroll
                for (int e = 0; e < VEC; e++)
                  ((T *) &w)[e] = out[j][k * VEC + e];
                ((VT *) (dst + j * g.row))[k] = w;
              }
        }
    }
  wait_groups<0> ();
}

struct variant
{
  const char *name;
  void (*launch) (grid, const T *, T *);
};

template <int BX, int BY, int CX, int RY, int WZ, int P>
static void
launch_ring (grid g, const T *u, T *v)
{
  typedef tile<BX, BY, CX, RY, WZ, P> K;
  static bool once;
  auto f = ring<BX, BY, CX, RY, WZ, P>;
  if (!once)
    {
      CHECK (cudaFuncSetAttribute (f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   (int) K::bytes));
      int fit;
      CHECK (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&fit, f, BX * BY,
                                                            K::bytes));
      cudaFuncAttributes a;
      CHECK (cudaFuncGetAttributes (&a, f));
      printf ("  (%d blocks a multiprocessor, %d registers, %zu bytes shared)\n",
              fit, a.numRegs, K::bytes);
      once = true;
    }
  dim3 grid_ (g.n / K::TX, g.n / K::TY, g.n / WZ);
  f<<<grid_, dim3 (BX, BY), K::bytes>>> (g, u, v);
}

#define V(BX, BY, CX, RY, WZ, P) \
  { "ring " #BX "x" #BY " threads " #CX "x" #RY " columns walk " #WZ " ahead " #P, \
    launch_ring<BX, BY, CX, RY, WZ, P> }

static const variant variants[] = {
  { "plain", launch_plain },
  V (32, 8, VEC, 1, 64, 2),
  V (32, 8, VEC, 1, 32, 2),
  V (32, 8, VEC, 1, 16, 2),
  V (32, 8, VEC, 1, 8, 2),
  V (32, 8, VEC, 1, 16, 1),
  V (32, 8, VEC, 1, 8, 1),
  V (64, 4, VEC, 1, 32, 2),
  V (64, 4, VEC, 1, 16, 2),
  V (64, 4, VEC, 1, 16, 1),
  V (64, 8, VEC, 1, 16, 2),
  V (32, 4, 2 * VEC, 2, 32, 2),
  V (32, 4, 2 * VEC, 2, 16, 2),
};

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = argc > 2 ? atoi (argv[2]) : 20;
  if (n % 128)
    {
      fprintf (stderr, "box-ring: N must be a multiple of 128\n");
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
  std::vector<T> want (g.elems), got (g.elems);
  CHECK (cudaMemcpy (want.data (), ref, g.elems * sizeof (T), cudaMemcpyDeviceToHost));
  printf ("box r1 %s n %d bytes/step %.6e\n", sizeof (T) == 8 ? "double" : "float",
          n, 2.0 * n * n * (double) n * sizeof (T));
  const char *only = getenv ("PROBE_ONLY");
  int index = 0;
  for (const variant &var : variants)
    {
      if (only && atoi (only) != index++)
        continue;
      CHECK (cudaMemset (v, 0, g.elems * sizeof (T)));
      var.launch (g, u, v);
      CHECK (cudaGetLastError ());
      CHECK (cudaDeviceSynchronize ());
      CHECK (cudaMemcpy (got.data (), v, g.elems * sizeof (T), cudaMemcpyDeviceToHost));
      double err = 0;
      for (int z = 0; z < n; z++)
        for (int y = 0; y < n; y++)
          for (int x = 0; x < n; x++)
            {
              size_t i = g.origin + (size_t) z * g.plane + (size_t) y * g.row + x;
              err = std::max (err, (double) std::abs (got[i] - want[i]));
            }
      printf ("%-52s ms/step %.4f  err %.1e\n", var.name,
              ms_per_step (steps, [&] { var.launch (g, u, v); }), err);
    }
  return 0;
}
