/* periodic-peer.cu -- a hand-written peer of bench/probe/unseen/periodic.c's
   PER3: the 3-D 7-point star over a periodic N^3 domain in double, each
   neighbour's index wrapped (i == 0 ? n - 1 : i - 1), written as strong
   as we can: the same walk as mint's level 3 (a block of 32 x 8 threads,
   VEC columns a thread read 16 bytes at a time where VEC is 2, WZ planes
   a thread along z, the planes z-1, z, z+1 of its columns in registers),
   every wrap a select rather than a branch, so that no thread of a warp
   runs other code than its neighbours.

     walk-V<vec>-Z<wz>   the periodic walk
     fallback-V<vec>-Z<wz>  mint's form (plugin/opt/edge-fold.h): a
                         thread whose columns or block's planes touch a
                         wrap computes its points one at a time by the
                         body as written, the others walk unwrapped
     open-V<vec>-Z<wz>   the same walk without the wraps in x (the star
                         reads x - 1 and x + 1, the nest leaves out x = 0
                         and x = N - 1, as periodic.c's -DOPEN_X): what
                         the wraps in x cost

   Each prints ms a step (median of 5 blocks of STEPS launches), its
   fraction of the copy kernel's time for the same bytes, and its largest
   difference from a plain kernel (a thread a point, the wraps as
   periodic.c writes them).  bench/probe/star/build.sh builds it;
   measurements: bench/results/probe/2026-12-01-periodic-peer.txt.
   Usage: periodic-peer N [STEPS], N a multiple of 64.  */

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../cuda-check.h"
#include "ms-per-step.cuh"

typedef double T;

__device__ __forceinline__ int
below (int i, int n)
{
  return i == 0 ? n - 1 : i - 1;
}

__device__ __forceinline__ int
above (int i, int n)
{
  return i == n - 1 ? 0 : i + 1;
}

/* periodic.c's body at (z, y, x), its order of additions; OPEN: x - 1
   and x + 1 unwrapped.  */
template <bool OPEN>
__device__ __forceinline__ T
point (T c, T w, T e, T s, T nn, T b, T a)
{
  return 0.4 * c + 0.1 * (w + e + s + nn + b + a);
}

template <bool OPEN>
__global__ void
plain (int n, const T *__restrict__ u, T *__restrict__ v)
{
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  const int z = blockIdx.z;
  if ((OPEN && (x == 0 || x == n - 1)))
    return;
  const long row = n, plane = (long) n * n;
  const T *p = u + z * plane + y * row;
  const int xw = OPEN ? x - 1 : below (x, n), xe = OPEN ? x + 1 : above (x, n);
  v[z * plane + y * row + x]
    = point<OPEN> (p[x], p[xw], p[xe], u[z * plane + below (y, n) * row + x],
                   u[z * plane + above (y, n) * row + x],
                   u[below (z, n) * plane + y * row + x],
                   u[above (z, n) * plane + y * row + x]);
}

/* periodic.c's body at one point, its wraps as periodic.c writes them.  */
__device__ __forceinline__ T
wrapped_point (int n, const T *__restrict__ u, int z, int y, int x)
{
  const long row = n, plane = (long) n * n;
  const T *p = u + z * plane + y * row;
  return point<false> (p[x], p[below (x, n)], p[above (x, n)],
                       u[z * plane + below (y, n) * row + x],
                       u[z * plane + above (y, n) * row + x],
                       u[below (z, n) * plane + y * row + x],
                       u[above (z, n) * plane + y * row + x]);
}

template <int VEC> struct vec_of;
template <> struct vec_of<1> { typedef double type; };
template <> struct vec_of<2> { typedef double2 type; };

template <int VEC>
__device__ __forceinline__ T
cell (const typename vec_of<VEC>::type &v, int c)
{
  return ((const T *) &v)[c];
}

template <bool OPEN, int VEC, int WZ, int FALLBACK = 0>
__global__ void __launch_bounds__ (256)
walk (int n, const T *__restrict__ u, T *__restrict__ v)
{
  typedef typename vec_of<VEC>::type VT;
  const long row = n, plane = (long) n * n;
  const int x0 = (blockIdx.x * 32 + threadIdx.x) * VEC;
  const int y = blockIdx.y * 8 + threadIdx.y;
  const int z0 = blockIdx.z * WZ;
  if (FALLBACK
      && (x0 == 0 || x0 + VEC == n || y == 0 || y == n - 1 || z0 == 0
          || z0 + WZ == n))
    {
#pragma unroll 1
      for (int s = 0; s < WZ; s++)
#pragma unroll 1
        for (int c = 0; c < VEC; c++)
          v[(z0 + s) * plane + y * row + x0 + c]
            = wrapped_point (n, u, z0 + s, y, x0 + c);
      return;
    }
  const long ys = y * row;
  const long yn = FALLBACK ? ys - row : below (y, n) * row;
  const long yp = FALLBACK ? ys + row : above (y, n) * row;
  const int xw = OPEN || FALLBACK ? x0 - 1 : below (x0, n);
  const int xe = OPEN || FALLBACK ? x0 + VEC : above (x0 + VEC - 1, n);
  const bool first = OPEN && x0 == 0, last = OPEN && x0 + VEC == n;
  VT q0 = *(const VT *) (u + (FALLBACK ? z0 - 1 : below (z0, n)) * plane + ys + x0);
  VT q1 = *(const VT *) (u + z0 * plane + ys + x0);
#pragma unroll 4
  for (int s = 0; s < WZ; s++)
    {
      const int z = z0 + s;
      const VT q2 = *(const VT *) (u + (FALLBACK ? z + 1 : above (z, n)) * plane + ys + x0);
      const T *p = u + z * plane;
      const VT dn = *(const VT *) (p + yn + x0), up = *(const VT *) (p + yp + x0);
      const T w = first ? 0 : p[ys + xw], e = last ? 0 : p[ys + xe];
      VT res;
#pragma unroll
      for (int c = 0; c < VEC; c++)
        {
          const T cw = c == 0 ? w : cell<VEC> (q1, c - 1);
          const T ce = c == VEC - 1 ? e : cell<VEC> (q1, c + 1);
          ((T *) &res)[c]
            = point<OPEN> (cell<VEC> (q1, c), cw, ce, cell<VEC> (dn, c),
                           cell<VEC> (up, c), cell<VEC> (q0, c),
                           cell<VEC> (q2, c));
        }
      if (!OPEN || !(first || last))
        *(VT *) (v + z * plane + ys + x0) = res;
      else
        for (int c = 0; c < VEC; c++)
          if (x0 + c != 0 && x0 + c != n - 1)
            v[z * plane + ys + x0 + c] = ((T *) &res)[c];
      q0 = q1;
      q1 = q2;
    }
}

__global__ void
copy (const double2 *__restrict__ a, double2 *__restrict__ b, size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    b[i] = a[i];
}

static int N, STEPS;
static T *U, *V;
static size_t ELEMS;
static std::vector<T> want, got;
static float copy_ms;

template <bool OPEN>
static void
reference ()
{
  CHECK (cudaMemset (V, 0, ELEMS * sizeof (T)));
  plain<OPEN><<<dim3 (N / 32, N / 8, N), dim3 (32, 8)>>> (N, U, V);
  CHECK (cudaDeviceSynchronize ());
  CHECK (cudaMemcpy (want.data (), V, ELEMS * sizeof (T), cudaMemcpyDeviceToHost));
  float ms = ms_per_step (STEPS, [&] {
    plain<OPEN><<<dim3 (N / 32, N / 8, N), dim3 (32, 8)>>> (N, U, V); });
  printf ("%s plain: %.4f ms  %.1f%% of copy\n", OPEN ? "open" : "walk", ms,
          100 * copy_ms / ms);
}

template <bool OPEN, int VEC, int WZ, int FALLBACK = 0>
static void
variant ()
{
  dim3 grid (N / (32 * VEC), N / 8, N / WZ), block (32, 8);
  auto k = walk<OPEN, VEC, WZ, FALLBACK>;
  cudaFuncAttributes at;
  CHECK (cudaFuncGetAttributes (&at, k));
  CHECK (cudaMemset (V, 0, ELEMS * sizeof (T)));
  k<<<grid, block>>> (N, U, V);
  CHECK (cudaDeviceSynchronize ());
  CHECK (cudaMemcpy (got.data (), V, ELEMS * sizeof (T), cudaMemcpyDeviceToHost));
  double err = 0;
  for (size_t i = 0; i < ELEMS; i++)
    err = std::max (err, std::fabs (got[i] - want[i]));
  float ms = ms_per_step (STEPS, [&] { k<<<grid, block>>> (N, U, V); });
  printf ("%s-V%d-Z%d regs %3d: %.4f ms  %.1f%% of copy  maxdiff %.1e\n",
          OPEN ? "open" : FALLBACK ? "fallback" : "walk", VEC, WZ,
          at.numRegs, ms, 100 * copy_ms / ms, err);
}

int
main (int argc, char **argv)
{
  N = argc > 1 ? atoi (argv[1]) : 512;
  STEPS = argc > 2 ? atoi (argv[2]) : 20;
  if (N % 64)
    {
      fprintf (stderr, "N must be a multiple of 64\n");
      return 1;
    }
  ELEMS = (size_t) N * N * N;
  std::vector<T> start (ELEMS);
  for (size_t i = 0; i < ELEMS; i++)
    start[i] = (T) ((i * 7) % 101) / 101;
  want.resize (ELEMS);
  got.resize (ELEMS);
  CHECK (cudaMalloc (&U, ELEMS * sizeof (T)));
  CHECK (cudaMalloc (&V, ELEMS * sizeof (T)));
  CHECK (cudaMemcpy (U, start.data (), ELEMS * sizeof (T), cudaMemcpyHostToDevice));
  copy_ms = ms_per_step (STEPS, [&] {
    copy<<<132 * 16, 256>>> ((const double2 *) U, (double2 *) V, ELEMS / 2); });
  printf ("copy of N^3 cells: %.4f ms (%.1f GB/s)\n", copy_ms,
          2.0 * ELEMS * sizeof (T) / copy_ms / 1e6);
  reference<false> ();
  variant<false, 1, 8> ();
  variant<false, 1, 16> ();
  variant<false, 1, 32> ();
  variant<false, 2, 8> ();
  variant<false, 2, 16> ();
  variant<false, 2, 32> ();
  variant<false, 2, 64> ();
  variant<false, 2, 8, 1> ();
  variant<false, 2, 16, 1> ();
  variant<false, 1, 16, 1> ();
  reference<true> ();
  variant<true, 1, 16> ();
  variant<true, 2, 8> ();
  variant<true, 2, 16> ();
  variant<true, 2, 32> ();
  return 0;
}
