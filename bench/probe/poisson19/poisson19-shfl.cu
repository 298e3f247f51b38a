/* poisson19-shfl.cu -- is there a faster hand-written poisson19 than the
   bench's stencil_blocked?  Kernels that take the x neighbours from the
   next lane (__shfl) instead of loading them: each thread owns RX = 1 or
   2 adjacent columns of R rows, loads only those (16 bytes at a time
   where RX = 2) plus the rows above and below them, and keeps the planes
   m - 1, m, m + 1 of them in registers while it walks W planes in z.  The
   lanes at a warp's ends load the cell beyond it once per plane.  Every
   point sums the terms of ST_EXPR in its order, so the results must have
   the bits of stencil_blocked's.

   Timed as the schedule probe times (harness below): 512^3, the bench's
   data and layout, LAUNCHES launches at a time, every kernel in turn,
   ROUNDS rounds; median and fastest launch in us, ratio to the first
   kernel (the bench's fastest cuda-tuned configuration on the H200,
   32x8x3/2x1/2).

   Build (bench/probe/poisson19/build.sh); usage: poisson19-shfl [ROUNDS
   [LAUNCHES]].  */

#define main cuda_stencil_main
#include "cuda-stencil.cu"
#undef main

#undef CHECK
#include "../cuda-check.h"
#include "../turns.cuh"

#define FULL_MASK 0xffffffffu

/* The x neighbours of a lane's cells V from the lanes beside it; EDGE is
   the cell beyond the warp, loaded by lanes 0 and 31 (others ignore it).  */
__device__ __forceinline__ double
from_left (double v, double edge, int lane)
{
  double s = __shfl_up_sync (FULL_MASK, v, 1);
  return lane == 0 ? edge : s;
}

__device__ __forceinline__ double
from_right (double v, double edge, int lane)
{
  double s = __shfl_down_sync (FULL_MASK, v, 1);
  return lane == 31 ? edge : s;
}

template <int RX, int R, int W, int MINB>
__global__ void __launch_bounds__ (256, MINB)
poisson19_shfl (dev_layout d, const double *__restrict__ u,
                const double *__restrict__ b, double *__restrict__ out)
{
  wait_for_grids ();
  const int lane = threadIdx.x;
  const long x0 = 1 + (blockIdx.x * 32L + lane) * RX;
  const long y0 = 1 + (blockIdx.y * (long) blockDim.y + threadIdx.y) * R;
  const long m0 = 1 + blockIdx.z * (long) W;
  /* A warp whose first column is past the grid has nothing to do; one
     that covers it partly still shuffles (x0 <= nx for its lanes).  */
  if (blockIdx.x * 32L * RX + 1 > d.nx || y0 > d.ny)
    return;
  long rows[R + 2];
#pragma unroll
  for (int r = 0; r < R + 2; r++)
    rows[r] = min (y0 - 1 + r, d.ny + 1) * d.sy;
  const long base = d.off + x0;
  /* The lane's edge cell: x0 - 1 for lane 0, x0 + RX for lane 31.  */
  const long edge_dx = lane == 0 ? -1 : RX;
  const bool edge_lane = lane == 0 || lane == 31;

  double c[3][R + 2][RX];       /* planes m-1..m+1, rows -1..R */
  double e[3][R + 2];           /* their edge cells */
  auto load = [&] (int p, long m)
    {
#pragma unroll
      for (int r = 0; r < R + 2; r++)
        {
          const double *a = u + base + m * d.sz + rows[r];
          if (RX == 2)
            {
              double2 v = __ldg ((const double2 *) a);
              c[p][r][0] = v.x;
              c[p][r][RX - 1] = v.y;
            }
          else
            c[p][r][0] = __ldg (a);
          e[p][r] = edge_lane ? __ldg (a + edge_dx) : 0.0;
        }
    };
  load (0, m0 - 1);
  load (1, m0);
  auto step = [&] (long m)
    {
      load (2, m + 1);
      /* Each plane's x neighbours: in plane m every row, in planes
         m +- 1 the point's own rows.  */
      double left[3][R + 2], right[3][R + 2];
#pragma unroll
      for (int p = 0; p < 3; p++)
#pragma unroll
        for (int r = 0; r < R + 2; r++)
          if (p == 1 || (r >= 1 && r <= R))
            {
              left[p][r] = from_left (c[p][r][RX - 1], e[p][r], lane);
              right[p][r] = from_right (c[p][r][0], e[p][r], lane);
            }
#pragma unroll
      for (int j = 0; j < R; j++)
        {
          double res[RX];
#pragma unroll
          for (int i = 0; i < RX; i++)
            {
#define U(dz, dy, dx)                                                   \
  (i + (dx) < 0 ? left[(dz) + 1][j + (dy) + 1]                          \
   : i + (dx) >= RX ? right[(dz) + 1][j + (dy) + 1]                     \
   : c[(dz) + 1][j + (dy) + 1][i + (dx)])
#define B(dz, dy, dx) __ldg (b + base + m * d.sz + rows[j + 1] + i)
              res[i] = ST_EXPR;
#undef U
#undef B
            }
          if (y0 + j > d.ny || x0 > d.nx)
            continue;
          double *o = out + base + m * d.sz + rows[j + 1];
          if (RX == 2)
            *(double2 *) o = make_double2 (res[0], res[RX - 1]);
          else
            o[0] = res[0];
        }
#pragma unroll
      for (int r = 0; r < R + 2; r++)
        {
#pragma unroll
          for (int i = 0; i < RX; i++)
            {
              c[0][r][i] = c[1][r][i];
              c[1][r][i] = c[2][r][i];
            }
          e[0][r] = e[1][r];
          e[1][r] = e[2][r];
        }
    };
  if (m0 + W - 1 <= d.nz)
    {
#pragma unroll
      for (int s = 0; s < W; s++)
        step (m0 + s);
    }
  else
    for (long m = m0; m <= d.nz; m++)
      step (m);
}

/* ---- harness ------------------------------------------------------- */

enum { N = 512 };

typedef void (*kernel_fn) (dev_layout, const double *, const double *,
                           double *);
struct kernel
{
  const char *name;
  int rx, ry, w, by;            /* cells a thread: RX x RY; walk; block y */
  bool blocked;                 /* stencil_blocked (its signature has K) */
  void (*ref) (dev_layout, const double *, const double *, const double *,
               double *);
  kernel_fn fn;
};

#define REF(rx, ry, w, minb) \
  { "ref-" #rx "x" #ry "-w" #w "-m" #minb, rx, ry, w, 8, true, \
    stencil_blocked<rx, ry, w, minb>, NULL }
#define SHFL(rx, r, w, minb, by) \
  { "shfl-" #rx "x" #r "-w" #w "-m" #minb "-by" #by, rx, r, w, by, false, \
    NULL, poisson19_shfl<rx, r, w, minb> }

static const kernel kernels[] = {
  REF (2, 1, 3, 2),
  REF (2, 1, 4, 2),
  REF (2, 2, 4, 2),
  SHFL (1, 1, 4, 2, 8), SHFL (1, 2, 4, 2, 8), SHFL (1, 4, 4, 2, 8),
  SHFL (1, 4, 8, 2, 8), SHFL (1, 2, 8, 2, 8), SHFL (1, 4, 4, 1, 8),
  SHFL (2, 1, 4, 2, 8), SHFL (2, 2, 4, 2, 8), SHFL (2, 4, 4, 2, 8),
  SHFL (2, 2, 8, 2, 8), SHFL (2, 1, 8, 2, 8), SHFL (2, 4, 4, 1, 8),
  SHFL (2, 2, 4, 2, 4), SHFL (2, 1, 4, 2, 4), SHFL (2, 2, 4, 3, 8),
  SHFL (2, 1, 4, 3, 8), SHFL (2, 1, 4, 4, 8),
};
enum { NK = sizeof kernels / sizeof *kernels };

static void
launch (const kernel &k, const dev_layout &d, const double *u,
        const double *b, double *out)
{
  dim3 grid ((N + 32 * k.rx - 1) / (32 * k.rx),
             (N + k.by * k.ry - 1) / (k.by * k.ry), (N + k.w - 1) / k.w);
  dim3 block (32, k.by);
  if (k.blocked)
    k.ref<<<grid, block>>> (d, u, b, NULL, out);
  else
    k.fn<<<grid, block>>> (d, u, b, out);
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 30;
  int launches = argc > 2 ? atoi (argv[2]) : 20;
  problem p;
  if (problem_alloc (&p, N, 3, 1, 0))
    return 1;
  problem_fill (&p, 12345);
  const dev_layout d = dev_layout_make (p.g);
  double *u, *b, *out;
  if (to_device (&u, p.u, p.g, d) || to_device (&b, p.b, p.g, d))
    return 1;
  size_t bytes = d.total * sizeof (double);
  CHECK (cudaMalloc (&out, bytes));
  time_in_turns (NK, rounds, launches, out, bytes,
                 [&] (int k) { launch (kernels[k], d, u, b, out); },
                 [] (int k) { return kernels[k].name; });
  return 0;
}
