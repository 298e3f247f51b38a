/* cuda-stencil.cu -- hand-written CUDA for the kernel selected by
   BENCH_KERNEL (stencils.h).  Built once per BENCH_CUDA_KIND:

     CUDA_NAIVE   "cuda-naive": one thread per point, a 3D block of
                  threads, every value loaded from global memory.
                  Configurations "BXxBYxBZ".
     CUDA_TUNED   "cuda-tuned": each thread marches along the slowest axis
                  (z in 3D, y in 2D) over a segment of ZS points, keeping
                  its own column's three values of U (and K) in registers
                  and reading the other neighbours through the read-only
                  data path (__ldg).  Configurations "BXxBYxZS": BX x BY
                  threads over x, y (3D) or over x and BY neighbouring
                  segments (2D).  "BXxBYxW/RXxRY[/MINB]": the same freedom
                  as mint's level 3 (stencil_blocked): RX x RY columns per
                  thread (RY = 1 in 2D), 16-byte loads and stores, the
                  walk of W points unrolled, in blocks of 128 or 256
                  threads, at least MINB resident blocks of 256 threads;
                  "BXxBYxW/RXxRY/MINBr": every cell of the window, not
                  only the own columns, rolled from plane to plane (3D
                  boxes: a step loads one plane of the window).
                  Launched as libmintrt launches (MINT_PDL): on sm_90 on,
                  with programmatic dependent launch unless MINT_PDL=0.
     CUDA_SMEM    "cuda-smem" (3D only): a block marches along z over a
                  segment of ZS planes, keeping three xy planes of U with
                  their halo in shared memory (a ring: each plane is loaded
                  once per block); other arrays through __ldg.
                  Configurations "BXxBYxZS".

   Device rows are padded so that interior element x = 1 of every row
   lies on a 128-byte boundary.  Each block of steps is timed as mint's
   are: a host clock around its launches and a wait for the stream; CUDA
   events around the launches give its device time too.  */

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "stencils.h"

#define CUDA_NAIVE 0
#define CUDA_TUNED 1
#define CUDA_SMEM 2
#ifndef BENCH_CUDA_KIND
#error "define BENCH_CUDA_KIND to 0 (naive), 1 (tuned) or 2 (smem)"
#endif
#if BENCH_CUDA_KIND == CUDA_SMEM && ST_DIMS != 3
#error "the shared-memory variant is for 3D kernels"
#endif

#define CHECK(call)                                                         \
  do                                                                        \
    {                                                                       \
      cudaError_t err_ = (call);                                            \
      if (err_ != cudaSuccess)                                              \
        {                                                                   \
          fprintf (stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,    \
                   cudaGetErrorString (err_));                              \
          return 1;                                                         \
        }                                                                   \
    }                                                                       \
  while (0)

/* The padded device layout of a grid: element (z, y, x) at
   off + z * sz + y * sy + x, sy and sz multiples of 16 doubles.  */
struct dev_layout
{
  long nx, ny, nz, hz;
  long off, sy, sz;
  size_t total;
};

static dev_layout
dev_layout_make (const grid &g)
{
  dev_layout d;
  d.nx = g.nx;
  d.ny = g.ny;
  d.nz = g.nz;
  d.hz = g.hz;
  d.off = 15;
  d.sy = (g.nx + 2 + 15) / 16 * 16;
  d.sz = d.sy * (g.ny + 2);
  d.total = (size_t) (d.off + d.sz * (g.nz + 2 * g.hz));
  return d;
}

#if BENCH_CUDA_KIND == CUDA_NAIVE

__global__ void
stencil_naive (dev_layout d, const double *u, const double *b,
               const double *k, double *out)
{
  long x = blockIdx.x * (long) blockDim.x + threadIdx.x + 1;
  long y = blockIdx.y * (long) blockDim.y + threadIdx.y + 1;
  long z = blockIdx.z * (long) blockDim.z + threadIdx.z + d.hz;
  if (x > d.nx || y > d.ny || z >= d.nz + d.hz)
    return;
  long i = d.off + z * d.sz + y * d.sy + x;
#define U(dz, dy, dx) u[i + (dz) * d.sz + (dy) * d.sy + (dx)]
#define B(dz, dy, dx) b[i + (dz) * d.sz + (dy) * d.sy + (dx)]
#define K(dz, dy, dx) k[i + (dz) * d.sz + (dy) * d.sy + (dx)]
  out[i] = ST_EXPR;
#undef U
#undef B
#undef K
}

#elif BENCH_CUDA_KIND == CUDA_TUNED

/* Is offset (dz, dy, dx) in the thread's own column, and where along it?  */
#if ST_DIMS == 3
# define IN_COLUMN(dz, dy, dx) ((dy) == 0 && (dx) == 0)
# define ALONG(dz, dy) (dz)
#else
# define IN_COLUMN(dz, dy, dx) ((dz) == 0 && (dx) == 0)
# define ALONG(dz, dy) (dy)
#endif
#define FROM_COLUMN(lo, mid, hi, dz, dy) \
  (ALONG (dz, dy) < 0 ? lo : ALONG (dz, dy) > 0 ? hi : mid)

/* cuda-tuned launches as libmintrt does (MINT_PDL, on by default): with
   programmatic stream serialization on sm_90 and later, so a step starts
   while the one before drains; its threads wait here, before they touch
   memory, until that step's stores are visible.  */
__device__ __forceinline__ void
wait_for_grids ()
{
#if __CUDA_ARCH__ >= 900
  asm volatile ("griddepcontrol.wait;" ::: "memory");
#endif
}

__global__ void
stencil_tuned (dev_layout d, int seg, const double *__restrict__ u,
               const double *__restrict__ b, const double *__restrict__ k,
               double *__restrict__ out)
{
  wait_for_grids ();
  long x = blockIdx.x * (long) blockDim.x + threadIdx.x + 1;
#if ST_DIMS == 3
  long y = blockIdx.y * (long) blockDim.y + threadIdx.y + 1;
  long first = 1 + blockIdx.z * (long) seg;
  long last = min (first + seg - 1, d.nz);
  long stride = d.sz;
  long i = d.off + first * d.sz + y * d.sy + x;
  if (x > d.nx || y > d.ny || first > last)
    return;
#else
  long first = 1 + (blockIdx.y * (long) blockDim.y + threadIdx.y) * seg;
  long last = min (first + seg - 1, d.ny);
  long stride = d.sy;
  long i = d.off + first * d.sy + x;
  if (x > d.nx || first > last)
    return;
#endif
  double u_lo = __ldg (u + i - stride), u_mid = __ldg (u + i);
#if ST_USES_K
  double k_lo = __ldg (k + i - stride), k_mid = __ldg (k + i);
#endif
  for (long m = first; m <= last; m++, i += stride)
    {
      double u_hi = __ldg (u + i + stride);
#if ST_USES_K
      double k_hi = __ldg (k + i + stride);
#endif
#define U(dz, dy, dx)                                                   \
  (IN_COLUMN (dz, dy, dx) ? FROM_COLUMN (u_lo, u_mid, u_hi, dz, dy)     \
   : __ldg (u + i + (dz) * d.sz + (dy) * d.sy + (dx)))
#define B(dz, dy, dx) __ldg (b + i + (dz) * d.sz + (dy) * d.sy + (dx))
#define K(dz, dy, dx)                                                   \
  (IN_COLUMN (dz, dy, dx) ? FROM_COLUMN (k_lo, k_mid, k_hi, dz, dy)     \
   : __ldg (k + i + (dz) * d.sz + (dy) * d.sy + (dx)))
      out[i] = ST_EXPR;
#undef U
#undef B
#undef K
      u_lo = u_mid;
      u_mid = u_hi;
#if ST_USES_K
      k_lo = k_mid;
      k_mid = k_hi;
#endif
    }
}

/* Register-blocked: each thread computes RX x RY adjacent columns (RY = 1
   in 2D) of a BX x BY block and walks them along the march over W points,
   W known at compile time so that the walk unrolls.  The planes of its own
   columns of U and K live in registers and rotate with the walk; per step
   it loads the leading plane of its own columns, and every other value its
   points read once, 16 bytes at a time where two x neighbours are read
   (the rows are aligned: x0 - 1 + off is even); ptxas drops the loads of
   cells no point reads, but their presence changes its schedule (0.8%
   faster for heat7 than without them, results/*-round10.md).  Rows past
   the grid's last ghost row are clamped to it (their points are not
   stored; for heat7 the clamp, a no-op on the rows it reads, also makes
   ptxas's schedule 1.5% faster at 80 registers, results/*-round11.md);
   nx must be a multiple of RX.  */
template <int RX, int RY>
struct cells
{
  double v[3][RY + 2][RX + 2];  /* plane -1..1, row -1..RY, column -1..RX */
};

template <int RX, int RY, int W, int MINB, bool ROLL>
__global__ void __launch_bounds__ (256, MINB)
stencil_blocked (dev_layout d, const double *__restrict__ u,
                 const double *__restrict__ b, const double *__restrict__ k,
                 double *__restrict__ out)
{
  wait_for_grids ();
  const long x0 = 1 + (blockIdx.x * (long) blockDim.x + threadIdx.x) * RX;
#if ST_DIMS == 3
  const long y0 = 1 + (blockIdx.y * (long) blockDim.y + threadIdx.y) * RY;
  const long m0 = 1 + blockIdx.z * (long) W, nm = d.nz, sm = d.sz;
  if (x0 > d.nx || y0 > d.ny)
    return;
  long rows[RY + 2];
#pragma unroll
  for (int r = 0; r < RY + 2; r++)
    rows[r] = min (y0 - 1 + r, d.ny + 1) * d.sy;
#else
  const long m0 = 1 + (blockIdx.y * (long) blockDim.y + threadIdx.y) * W;
  const long nm = d.ny, sm = d.sy;
  if (x0 > d.nx || m0 > nm)
    return;
  const long rows[RY + 2] = { 0 };
#endif
  const long base = d.off + x0;
  /* Own columns (planes m-1, m, m+1) and the step's other cells.  */
  cells<RX, RY> uc, kc;
  auto addr = [&] (const double *a, long m, int r, int c)
    { return a + base + m * sm + rows[r + 1] + c; };
  auto own_row = [&] (cells<RX, RY> &dst, int p, const double *a, long m,
                      int r)
    {
      if (RX % 2 == 0)
#pragma unroll
        for (int c = 0; c < RX; c += 2)
          {
            double2 v = __ldg ((const double2 *) addr (a, m, r, c));
            dst.v[p][r + 1][c + 1] = v.x;
            dst.v[p][r + 1][c + 2] = v.y;
          }
      else
#pragma unroll
        for (int c = 0; c < RX; c++)
          dst.v[p][r + 1][c + 1] = __ldg (addr (a, m, r, c));
    };
  /* Every cell of plane P (-1..1) at M but the own ones.  */
  auto others = [&] (cells<RX, RY> &dst, int p, const double *a, long m)
    {
#pragma unroll
      for (int r = -1; r <= RY; r++)
        {
          if (r >= 0 && r < RY)
            {
              dst.v[p + 1][r + 1][0] = __ldg (addr (a, m, r, -1));
              dst.v[p + 1][r + 1][RX + 1] = __ldg (addr (a, m, r, RX));
              continue;
            }
          own_row (dst, p + 1, a, m, r);
          dst.v[p + 1][r + 1][0] = __ldg (addr (a, m, r, -1));
          dst.v[p + 1][r + 1][RX + 1] = __ldg (addr (a, m, r, RX));
        }
    };
#pragma unroll
  for (int r = 0; r < RY; r++)
    {
      own_row (uc, 0, u, m0 - 1, r);
      own_row (uc, 1, u, m0, r);
#if ST_USES_K
      own_row (kc, 0, k, m0 - 1, r);
      own_row (kc, 1, k, m0, r);
#endif
    }
  if (ROLL)
#pragma unroll
    for (int p = -1; p <= 0; p++)
      {
        others (uc, p, u, m0 + p);
#if ST_USES_K
        others (kc, p, k, m0 + p);
#endif
      }
  auto step = [&] (long m)
    {
#pragma unroll
      for (int r = 0; r < RY; r++)
        {
          own_row (uc, 2, u, m + 1, r);
#if ST_USES_K
          own_row (kc, 2, k, m + 1, r);
#endif
        }
#pragma unroll
      for (int p = ROLL ? 1 : -1; p <= 1; p++)
        {
          others (uc, p, u, m + p);
#if ST_USES_K
          others (kc, p, k, m + p);
#endif
        }
#pragma unroll
      for (int j = 0; j < RY; j++)
        {
          double res[RX];
#pragma unroll
          for (int i = 0; i < RX; i++)
            {
#if ST_DIMS == 3
# define CELL(c, dz, dy, dx) c.v[(dz) + 1][j + (dy) + 1][i + (dx) + 1]
#else
# define CELL(c, dz, dy, dx) c.v[(dy) + 1][j + 1][i + (dx) + 1]
#endif
#define U(dz, dy, dx) CELL (uc, dz, dy, dx)
#define K(dz, dy, dx) CELL (kc, dz, dy, dx)
#define B(dz, dy, dx) __ldg (addr (b, m, j, i))
              res[i] = ST_EXPR;
#undef U
#undef K
#undef B
#undef CELL
            }
#if ST_DIMS == 3
          if (y0 + j > d.ny)
            continue;
#endif
          double *o = out + base + m * sm + rows[j + 1];
          if (RX % 2 == 0)
#pragma unroll
            for (int i = 0; i < RX; i += 2)
              *(double2 *) (o + i) = make_double2 (res[i], res[i + 1]);
          else
#pragma unroll
            for (int i = 0; i < RX; i++)
              o[i] = res[i];
        }
      /* The own columns move a plane on, or with ROLL every cell.  */
#pragma unroll
      for (int r = ROLL ? -1 : 0; r < (ROLL ? RY + 1 : RY); r++)
#pragma unroll
        for (int c = ROLL ? 0 : 1; c <= (ROLL ? RX + 1 : RX); c++)
          {
            uc.v[0][r + 1][c] = uc.v[1][r + 1][c];
            uc.v[1][r + 1][c] = uc.v[2][r + 1][c];
#if ST_USES_K
            kc.v[0][r + 1][c] = kc.v[1][r + 1][c];
            kc.v[1][r + 1][c] = kc.v[2][r + 1][c];
#endif
          }
    };
  if (m0 + W - 1 <= nm)
    {
#pragma unroll
      for (int s = 0; s < W; s++)
        step (m0 + s);
    }
  else
    for (long m = m0; m <= nm; m++)
      step (m);
}

/* The blocked kernels a configuration "BXxBYxW/RXxRY[/MINB[r]]" may
   name.  */
typedef void (*blocked_fn) (dev_layout, const double *, const double *,
                            const double *, double *);
struct blocked_entry
{
  int rx, ry, w, minb, roll;
  blocked_fn fn;
};
#define BLOCKED(rx, ry, w, minb) \
  { rx, ry, w, minb, 0, stencil_blocked<rx, ry, w, minb, false> }
#define BLOCKED_ROLL(rx, ry, w, minb) \
  { rx, ry, w, minb, 1, stencil_blocked<rx, ry, w, minb, true> }
#if ST_DIMS == 3
# define BLOCKED_W(rx, ry, minb) BLOCKED (rx, ry, 3, minb), \
  BLOCKED (rx, ry, 4, minb), BLOCKED (rx, ry, 6, minb), \
  BLOCKED (rx, ry, 8, minb)
# define BLOCKED_R(minb) BLOCKED_W (1, 1, minb), BLOCKED_W (2, 1, minb), \
  BLOCKED_W (1, 2, minb), BLOCKED_W (2, 2, minb), BLOCKED_W (1, 4, minb), \
  BLOCKED_W (2, 4, minb)
#else
# define BLOCKED_W(rx, ry, minb) BLOCKED (rx, ry, 8, minb), \
  BLOCKED (rx, ry, 16, minb), BLOCKED (rx, ry, 32, minb)
# define BLOCKED_R(minb) BLOCKED_W (1, 1, minb), BLOCKED_W (2, 1, minb), \
  BLOCKED_W (4, 1, minb)
#endif
static const blocked_entry blocked_kernels[] = {
  BLOCKED_R (1), BLOCKED_R (2), BLOCKED_R (3), BLOCKED_R (4)
#if ST_DIMS == 3
  /* mint's walk for boxes: 2 x 2 points in 32x4 threads, 12 planes; and
     with every cell of the window rolled from plane to plane, as mint
     does, so that a step loads one plane of it.  */
  , BLOCKED (2, 2, 12, 1), BLOCKED (2, 2, 12, 2),
  BLOCKED_ROLL (2, 2, 12, 1), BLOCKED_ROLL (2, 2, 12, 2),
  BLOCKED_ROLL (2, 2, 8, 2), BLOCKED_ROLL (2, 2, 16, 2),
  BLOCKED_ROLL (2, 1, 12, 2), BLOCKED_ROLL (1, 2, 12, 2),
  BLOCKED_ROLL (2, 4, 12, 1)
#endif
};

#else /* CUDA_SMEM */

/* Load plane Z of U, rows y0 .. y0+by+1 and columns x0 .. x0+bx+1 (the
   block's points and their halo), into P; every thread of the block
   takes part.  */
__device__ void
load_plane (double *p, const double *__restrict__ u, const dev_layout &d,
            long z, long y0, long x0)
{
  const int w = blockDim.x + 2, n = w * (blockDim.y + 2);
  const int threads = blockDim.x * blockDim.y;
  for (int t = threadIdx.y * blockDim.x + threadIdx.x; t < n; t += threads)
    {
      long gy = y0 + t / w, gx = x0 + t % w;
      if (gy <= d.ny + 1 && gx <= d.nx + 1)
        p[t] = __ldg (u + d.off + z * d.sz + gy * d.sy + gx);
    }
}

__global__ void
stencil_smem (dev_layout d, int seg, const double *__restrict__ u,
              const double *__restrict__ b, const double *__restrict__ k,
              double *__restrict__ out)
{
  extern __shared__ double planes[];
  const int w = blockDim.x + 2, plane = w * (blockDim.y + 2);
  double *p_lo = planes, *p_mid = planes + plane, *p_hi = planes + 2 * plane;
  long x0 = blockIdx.x * (long) blockDim.x, y0 = blockIdx.y * (long) blockDim.y;
  long x = x0 + threadIdx.x + 1, y = y0 + threadIdx.y + 1;
  long first = 1 + blockIdx.z * (long) seg;
  long last = min (first + seg - 1, d.nz);
  bool active = x <= d.nx && y <= d.ny;
  int centre = (threadIdx.y + 1) * w + threadIdx.x + 1;

  load_plane (p_lo, u, d, first - 1, y0, x0);
  load_plane (p_mid, u, d, first, y0, x0);
  for (long z = first; z <= last; z++)
    {
      load_plane (p_hi, u, d, z + 1, y0, x0);
      __syncthreads ();
      if (active)
        {
          long i = d.off + z * d.sz + y * d.sy + x;
#define U(dz, dy, dx) \
  ((dz) < 0 ? p_lo : (dz) > 0 ? p_hi : p_mid)[centre + (dy) * w + (dx)]
#define B(dz, dy, dx) __ldg (b + i + (dz) * d.sz + (dy) * d.sy + (dx))
#define K(dz, dy, dx) __ldg (k + i + (dz) * d.sz + (dy) * d.sy + (dx))
          out[i] = ST_EXPR;
#undef U
#undef B
#undef K
        }
      /* Everyone is done with p_lo before it is refilled as p_hi.  */
      __syncthreads ();
      double *recycled = p_lo;
      p_lo = p_mid;
      p_mid = p_hi;
      p_hi = recycled;
    }
}

#endif

/* Parse "AxBxC", or for cuda-tuned also "AxBxC/RXxRY[/MINB[r]]" (a
   register block of RX x RY points per thread, a walk of C points, at
   least MINB resident blocks of 256 threads, every cell rolled): v[3..6]
   = RX, RY, MINB, roll; 0 without.  */
static int
parse_config (const char *config, int v[7])
{
  char roll = 0, extra;
  int n = sscanf (config, "%dx%dx%d/%dx%d/%d%c%c", &v[0], &v[1], &v[2],
                  &v[3], &v[4], &v[5], &roll, &extra);
  if (n == 5)
    v[5] = 1;
  if (n == 3)
    v[3] = v[4] = v[5] = 0;
  v[6] = n == 7 && roll == 'r';
  if ((n != 3 && n != 5 && n != 6 && !v[6]) || v[0] < 1 || v[1] < 1
      || v[2] < 1
      || (n > 3 && (BENCH_CUDA_KIND != CUDA_TUNED || v[3] < 1 || v[4] < 1)))
    {
      fprintf (stderr, "bench: bad configuration '%s' (want AxBxC%s)\n",
               config, BENCH_CUDA_KIND == CUDA_TUNED ? "[/RXxRY[/MINB[r]]]"
                                                     : "");
      return 1;
    }
  return 0;
}

static int
to_device (double **dst, const double *src, const grid &g,
           const dev_layout &d)
{
  *dst = NULL;
  if (!src)
    return 0;
  CHECK (cudaMalloc (dst, d.total * sizeof (double)));
  CHECK (cudaMemcpy2D (*dst + d.off, d.sy * sizeof (double), src,
                       g.sy * sizeof (double), (g.nx + 2) * sizeof (double),
                       (g.ny + 2) * (g.nz + 2 * g.hz),
                       cudaMemcpyHostToDevice));
  return 0;
}

struct launch
{
  dim3 grid, block;
  int seg;
  size_t shared;                /* dynamic shared memory, bytes */
#if BENCH_CUDA_KIND == CUDA_TUNED
  blocked_fn blocked;           /* NULL: stencil_tuned */
  bool pdl;                     /* MINT_PDL unset or 1 */
#endif
};

#if BENCH_CUDA_KIND == CUDA_TUNED
/* A blocked configuration: its kernel and grid.  */
static int
make_blocked_launch (const char *config, const int *c, const dev_layout &d,
                     launch *l)
{
  l->blocked = NULL;
  for (const blocked_entry &e : blocked_kernels)
    if (e.rx == c[3] && e.ry == c[4] && e.w == c[2] && e.minb == c[5]
        && e.roll == c[6])
      l->blocked = e.fn;
  long ry = ST_DIMS == 3 ? c[4] : 1;
  if (!l->blocked || (c[0] * c[1] != 256 && c[0] * c[1] != 128)
      || d.nx % c[3] != 0
      || (ST_DIMS == 2 && c[4] != 1))
    {
      fprintf (stderr, "bench: configuration '%s': no such blocked kernel "
               "(128 or 256 threads; nx a multiple of RX)\n", config);
      return 1;
    }
  l->block = dim3 (c[0], c[1], 1);
  long bx = (d.nx / c[3] + c[0] - 1) / c[0];
#if ST_DIMS == 3
  l->grid = dim3 (bx, (d.ny + c[1] * ry - 1) / (c[1] * ry),
                  (d.nz + c[2] - 1) / c[2]);
#else
  l->grid = dim3 (bx, (d.ny + c[1] * c[2] - 1) / (c[1] * c[2]), 1);
#endif
  l->seg = c[2];
  l->shared = 0;
  return 0;
}
#endif

static int
make_launch (const char *config, const dev_layout &d, launch *l)
{
  int c[7];
  if (parse_config (config, c))
    return 1;
#if BENCH_CUDA_KIND == CUDA_TUNED
  const char *pdl = getenv ("MINT_PDL");
  l->pdl = !pdl || strcmp (pdl, "0") != 0;
  if (c[3])
    return make_blocked_launch (config, c, d, l);
  l->blocked = NULL;
#endif
  if ((long) c[0] * c[1] * (BENCH_CUDA_KIND == CUDA_NAIVE ? c[2] : 1) > 1024)
    {
      fprintf (stderr, "bench: configuration '%s': more than 1024 threads\n",
               config);
      return 1;
    }
  l->shared = 0;
#if BENCH_CUDA_KIND == CUDA_NAIVE
  l->block = dim3 (c[0], c[1], c[2]);
  l->grid = dim3 ((d.nx + c[0] - 1) / c[0], (d.ny + c[1] - 1) / c[1],
                  (d.nz + c[2] - 1) / c[2]);
  l->seg = 0;
#elif ST_DIMS == 3
  l->block = dim3 (c[0], c[1], 1);
  l->grid = dim3 ((d.nx + c[0] - 1) / c[0], (d.ny + c[1] - 1) / c[1],
                  (d.nz + c[2] - 1) / c[2]);
  l->seg = c[2];
  if (BENCH_CUDA_KIND == CUDA_SMEM)
    l->shared = 3 * (c[0] + 2) * (c[1] + 2) * sizeof (double);
  if (l->shared > 48 * 1024)
    {
      fprintf (stderr, "bench: configuration '%s': over 48 KB of shared "
               "memory\n", config);
      return 1;
    }
#else
  long segs = (d.ny + c[2] - 1) / c[2];
  l->block = dim3 (c[0], c[1], 1);
  l->grid = dim3 ((d.nx + c[0] - 1) / c[0], (segs + c[1] - 1) / c[1], 1);
  l->seg = c[2];
#endif
  return 0;
}

static int
launch_step (const launch &l, const dev_layout &d, const double *u,
             const double *b, const double *k, double *out)
{
#if BENCH_CUDA_KIND == CUDA_NAIVE
  stencil_naive<<<l.grid, l.block>>> (d, u, b, k, out);
#elif BENCH_CUDA_KIND == CUDA_TUNED
  cudaLaunchAttribute serialize;
  serialize.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  serialize.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t c = {};
  c.gridDim = l.grid;
  c.blockDim = l.block;
  c.attrs = &serialize;
  c.numAttrs = l.pdl;
  if (l.blocked)
    CHECK (cudaLaunchKernelEx (&c, l.blocked, d, u, b, k, out));
  else
    CHECK (cudaLaunchKernelEx (&c, stencil_tuned, d, l.seg, u, b, k, out));
#else
  stencil_smem<<<l.grid, l.block, l.shared>>> (d, l.seg, u, b, k, out);
#endif
  CHECK (cudaGetLastError ());
  return 0;
}

static int
run (problem *p, const char *config, int warmup, int steps, int reps,
     double *block_seconds, double *device_seconds)
{
  const grid &g = p->g;
  dev_layout d = dev_layout_make (g);
  launch l;
  double *du, *dunew, *db, *dk;
  cudaEvent_t start, stop;
  if (make_launch (config, d, &l))
    return 1;
  if (to_device (&du, p->u, g, d) || to_device (&dunew, p->unew, g, d)
      || to_device (&db, p->b, g, d) || to_device (&dk, p->k, g, d))
    return 1;
  CHECK (cudaEventCreate (&start));
  CHECK (cudaEventCreate (&stop));

  for (int t = 0; t < warmup; t++)
    {
      if (launch_step (l, d, du, db, dk, dunew))
        return 1;
      double *tmp = du; du = dunew; dunew = tmp;
    }
  CHECK (cudaDeviceSynchronize ());
  /* The block's time is a host clock from before its first launch to the
     end of a wait for the stream, as mint's (a mint barrier); events
     around the launches see the device time alone, without the first
     launch's latency and the wait's.  */
  for (int r = 0; r < reps; r++)
    {
      double started = wall_seconds ();
      CHECK (cudaEventRecord (start));
      for (int t = 0; t < steps; t++)
        {
          if (launch_step (l, d, du, db, dk, dunew))
            return 1;
          double *tmp = du; du = dunew; dunew = tmp;
        }
      CHECK (cudaEventRecord (stop));
      CHECK (cudaStreamSynchronize (0));
      block_seconds[r] = wall_seconds () - started;
      float ms;
      CHECK (cudaEventElapsedTime (&ms, start, stop));
      device_seconds[r] = 1e-3 * ms;
    }

  CHECK (cudaMemcpy2D (p->u, g.sy * sizeof (double), du + d.off,
                       d.sy * sizeof (double), (g.nx + 2) * sizeof (double),
                       (g.ny + 2) * (g.nz + 2 * g.hz),
                       cudaMemcpyDeviceToHost));
  CHECK (cudaEventDestroy (start));
  CHECK (cudaEventDestroy (stop));
  CHECK (cudaFree (du));
  CHECK (cudaFree (dunew));
  CHECK (cudaFree (db));
  CHECK (cudaFree (dk));
  return 0;
}

static int
probe (const bench_options *, char *why, size_t len)
{
  int n = 0;
  cudaError_t err = cudaGetDeviceCount (&n);
  if (err != cudaSuccess || n == 0)
    {
      snprintf (why, len, "%s",
                err != cudaSuccess ? cudaGetErrorString (err)
                                   : "no CUDA device");
      return 1;
    }
  return 0;
}

#if BENCH_CUDA_KIND == CUDA_NAIVE
# define VARIANT_NAME "cuda-naive"
# if ST_DIMS == 3
#  define VARIANT_CONFIGS "32x4x2,32x8x1,64x4x1,128x2x1,32x4x4"
# else
#  define VARIANT_CONFIGS "32x8x1,64x4x1,128x2x1,256x1x1"
# endif
#elif BENCH_CUDA_KIND == CUDA_TUNED
# define VARIANT_NAME "cuda-tuned"
/* The rolled kernel's shapes, then register blocks of 1 x 1 to 2 x 4
   points with unrolled walks of 3 to 8 (the fastest of a larger sweep on
   the H200, bench/results/optimizer-notes.md), some with at most 128
   registers (/2: 2 blocks of 256, as mint's level 3), 80 (/3) or 64
   (/4); and mint's walk for boxes, 2 x 2 points in 32x4 threads walking
   12 planes, and the same walks with every cell rolled.  */
# if ST_DIMS == 3
#  define VARIANT_CONFIGS "32x8x3,32x8x4,32x8x6,32x8x8,32x8x32,64x4x32," \
  "32x8x4/1x1,32x8x3/2x1,32x8x4/2x1,32x8x6/2x1,32x8x4/2x2,32x8x8/2x2," \
  "32x8x4/2x4,64x4x4/1x4,32x8x3/2x1/4,32x8x4/2x1/4,32x8x4/2x2/4," \
  "32x8x3/2x1/3,32x8x4/2x1/3,32x8x6/2x1/3,32x8x4/2x2/3," \
  "32x8x3/2x1/2,32x8x4/2x1/2,32x8x6/2x1/2,32x8x8/2x1/2,32x8x4/2x2/2," \
  "32x8x8/2x2/2,32x4x12/2x2,32x4x12/2x2/2,32x4x12/2x2/1r," \
  "32x4x12/2x2/2r,32x4x8/2x2/2r,32x4x16/2x2/2r,32x8x12/2x2/2r," \
  "32x8x12/2x1/2r,32x4x12/1x2/2r,32x4x12/2x4/1r"
# else
#  define VARIANT_CONFIGS "128x1x64,256x1x32,64x4x32,128x2x128," \
  "256x1x16/1x1,256x1x16/2x1,256x1x8/2x1,64x4x16/2x1,256x1x32/2x1"
# endif
#else
# define VARIANT_NAME "cuda-smem"
# define VARIANT_CONFIGS "32x8x32,32x8x64,64x4x64,32x16x64,64x8x128"
#endif

int
main (int argc, char **argv)
{
  static const variant v = { VARIANT_NAME, VARIANT_CONFIGS, probe, run };
  return bench_main (argc, argv, &v);
}
