/* star-common.cuh -- what the hand-written high-order 3-D stars
   (star-tile.cu, star-l1.cu) share: the family's star of radius R (6R+1
   points, its coefficients and order of additions) in FP32 or FP64, the
   grid (rows padded so that the interior's rows start on 16 bytes), the
   plain kernel every variant is checked against, and the timing of a
   variant.  Needs CHECK (../cuda-check.h).  */

#ifndef PROBE_STAR_COMMON_CUH
#define PROBE_STAR_COMMON_CUH

#include <algorithm>
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

#endif /* PROBE_STAR_COMMON_CUH */
