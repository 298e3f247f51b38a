/* star-common.cuh -- what the hand-written high-order 3-D stars
   (star-tile.cu, star-l1.cu, star-cluster.cu) share: the family's star of
   radius R (6R+1 points, its coefficients and order of additions) in FP32
   or FP64, the update of a thread's 16-byte columns from registers, the
   grid (rows padded so that the interior's rows start on 16 bytes), the
   plain kernel every variant is checked against and the check, the copy
   whose time is the bound, and the timing of a variant.  Needs CHECK
   (../cuda-check.h).  */

#ifndef PROBE_STAR_COMMON_CUH
#define PROBE_STAR_COMMON_CUH

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>
#include "ms-per-step.cuh"

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

/* Cells per 16 bytes, and the x halo rounded up to it, so that the rows
   start 16-byte aligned.  */
#define VEC (16 / (int) sizeof (T))
#define RA ((R + VEC - 1) / VEC * VEC)
typedef std::conditional<sizeof (T) == 8, double2, float4>::type VT;

struct grid
{
  int n;
  long row, plane;              /* strides in elements */
  long origin;                  /* offset of interior point (0,0,0) */
  size_t elems;
};

/* N^3 interior points and their halo, and EXTRA planes after the last
   (which walks that load ahead may read).  */
static grid
make_grid (int n, int extra)
{
  grid g;
  g.n = n;
  g.row = (n + 2 * RA + 31) / 32 * 32;
  g.plane = g.row * (n + 2 * R);
  g.origin = R * g.plane + R * g.row + RA;
  g.elems = g.plane * (n + 2 * R + extra);
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

__device__ __forceinline__ T
lane (const VT &v, int c)
{
  return ((const T *) &v)[c];
}

/* The update of cell C of row J of a thread's RY rows of 16-byte
   columns: the planes from its queue Q (Q[R] the point's plane), the R
   rows above and below its rows from ABOVE and BELOW, the x halo of each
   row from LEFT and RIGHT (RA / VEC accesses each side).  */
template <int NQ, int RY>
__device__ __forceinline__ T
column_update (const VT (&q)[NQ][RY], const VT (&above)[R],
               const VT (&below)[R], const VT (&left)[RY][RA / VEC],
               const VT (&right)[RY][RA / VEC], int j, int c)
{
  return star_update ([&] (int dz, int dy, int dx) -> T {
    if (dz != 0)
      return lane (q[R + dz][j], c);
    if (dy != 0)
      {
        const int r = j + dy;
        if (r < 0)
          return lane (above[R + r], c);
        if (r >= RY)
          return lane (below[r - RY], c);
        return lane (q[R][r], c);
      }
    const int xc = c + dx;
    if (xc < 0)
      return lane (left[j][(xc + RA) / VEC], (xc + RA) % VEC);
    if (xc >= VEC)
      return lane (right[j][(xc - VEC) / VEC], (xc - VEC) % VEC);
    return lane (q[R][j], xc);
  });
}

/* The thread's RY rows of 16-byte columns of plane Z updated (as
   column_update) and stored at OUT, its first column of plane 0.  */
template <int NQ, int RY>
__device__ __forceinline__ void
store_columns (T *out, const grid &g, long z, const VT (&q)[NQ][RY],
               const VT (&above)[R], const VT (&below)[R],
               const VT (&left)[RY][RA / VEC],
               const VT (&right)[RY][RA / VEC])
{
#pragma unroll
  for (int j = 0; j < RY; j++)
    {
      VT res;
#pragma unroll
      for (int c = 0; c < VEC; c++)
        ((T *) &res)[c] = column_update (q, above, below, left, right, j, c);
      *(VT *) (out + z * g.plane + j * g.row) = res;
    }
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

static void
launch_plain (grid g, const T *u, T *v)
{
  plain<<<dim3 (g.n / 32, g.n / 8, 64), dim3 (32, 8)>>> (g, u, v);
}

/* The copy of N 16-byte accesses from A to B, the bound's kernel.  */
__global__ void
copy (const VT *__restrict__ a, VT *__restrict__ b, size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    b[i] = a[i];
}

/* The largest difference between GOT and WANT, NaN where a cell of
   either is NaN.  */
static double
largest_difference (const std::vector<T> &got, const std::vector<T> &want)
{
  double err = 0;
  for (size_t i = 0; i < got.size (); i++)
    {
      const double d = std::fabs ((double) got[i] - (double) want[i]);
      if (err == err && (d > err || d != d))
        err = d;
    }
  return err;
}

/* The fields of a probe on grid G: U filled with a pattern, V, and REF
   zeroed and then the plain kernel's step of U, also copied to WANT.  */
struct fields
{
  T *u, *v, *ref;
  std::vector<T> want;
};

static fields
make_fields (const grid &g)
{
  fields f;
  std::vector<T> h (g.elems);
  for (size_t i = 0; i < g.elems; i++)
    h[i] = (T) ((i * 2654435761u) % 1000) / 1000;
  CHECK (cudaMalloc (&f.u, g.elems * sizeof (T)));
  CHECK (cudaMalloc (&f.v, g.elems * sizeof (T)));
  CHECK (cudaMalloc (&f.ref, g.elems * sizeof (T)));
  CHECK (cudaMemcpy (f.u, h.data (), g.elems * sizeof (T),
                     cudaMemcpyHostToDevice));
  CHECK (cudaMemset (f.ref, 0, g.elems * sizeof (T)));
  launch_plain (g, f.u, f.ref);
  CHECK (cudaDeviceSynchronize ());
  f.want.resize (g.elems);
  CHECK (cudaMemcpy (f.want.data (), f.ref, g.elems * sizeof (T),
                     cudaMemcpyDeviceToHost));
  return f;
}

/* Makes G, N^3 points and EXTRA planes, and its fields F, and times
   the copy of the array and the plain kernel (STEPS launches a block),
   printing both; returns the copy's milliseconds.  */
static float
start_probe (int n, int extra, int steps, grid &g, fields &f)
{
  g = make_grid (n, extra);
  f = make_fields (g);
  size_t nv = (size_t) n * n * n / VEC;
  float copy_ms = ms_per_step (steps, [&] {
    copy<<<132 * 16, 256>>> ((const VT *) f.u, (VT *) f.v, nv);
  });
  printf ("copy of N^3 cells: %.4f ms (%.1f GB/s)\n", copy_ms,
          2.0 * n * n * n * sizeof (T) / copy_ms / 1e6);
  float pms = ms_per_step (steps, [&] { launch_plain (g, f.u, f.v); });
  printf ("plain: %.4f ms  %.1f%% of copy\n", pms, 100 * copy_ms / pms);
  fflush (stdout);
  return copy_ms;
}

#endif /* PROBE_STAR_COMMON_CUH */
