/* transfers-ref.cu -- hand-written CUDA peers of transfers.c's two
   multigrid transfers, for the same grids (n coarse intervals, 2n + 1
   fine points a side, double, pitched rows):

     restriction  c[y][x] = full weighting of f around (2y, 2x), 1 <= y, x < n
     prolongation e[2y + i][2x + j] from c[y .. y+1][x .. x+1], 0 <= y, x < n

   Each is timed in several forms (ms a call, median of 5 blocks of 20
   calls after one, CUDA events: ms-per-step.cuh), and the fastest is the
   peer.  The prolongation's
   forms: a thread per coarse column walking R coarse rows, keeping the
   row it shares with the next step in registers, writing each fine row's
   two cells with one 16-byte store; the right neighbour's cells loaded
   (LDG) or taken from the next lane (SHFL).  The restriction's: a thread
   per coarse point, or walking R coarse rows with the shared fine row
   kept.  Then a step of both, as transfers.c runs them.  Prints each
   form's time and a checksum of e equal to transfers.c's.  Usage: transfers-ref [n [calls]].  */

#include "../cuda-check.h"
#include "../star/ms-per-step.cuh"

static __device__ double
weigh (const double *f, size_t pf)
{
  return 0.25 * f[0]
         + 0.125 * (f[-(long) pf] + f[pf] + f[-1] + f[1])
         + 0.0625 * (f[-(long) pf - 1] + f[-(long) pf + 1] + f[pf - 1]
                     + f[pf + 1]);
}

__global__ void
restrict_point (const double *__restrict__ f, size_t pf, double *__restrict__ c,
                size_t pc, int n)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < n && y < n)
    c[(size_t) y * pc + x] = weigh (f + (size_t) (2 * y) * pf + 2 * x, pf);
}

/* R coarse rows a thread; fine row 2y + 1 of one step is row 2y - 1 of
   the next, kept in registers.  */
template <int R>
__global__ void
restrict_walk (const double *__restrict__ f, size_t pf, double *__restrict__ c,
               size_t pc, int n)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y0 = blockIdx.y * R + 1;
  if (x >= n)
    return;
  const double *p = f + (size_t) (2 * y0 - 1) * pf + 2 * x;
  double u0 = __ldg (p - 1), u1 = __ldg (p), u2 = __ldg (p + 1);
  for (int r = 0; r < R && y0 + r < n; r++)
    {
      const double *m = p + pf, *d = p + 2 * pf;
      double m0 = __ldg (m - 1), m1 = __ldg (m), m2 = __ldg (m + 1);
      double d0 = __ldg (d - 1), d1 = __ldg (d), d2 = __ldg (d + 1);
      c[(size_t) (y0 + r) * pc + x]
        = 0.25 * m1 + 0.125 * (u1 + d1 + m0 + m2)
          + 0.0625 * (u0 + u2 + d0 + d2);
      u0 = d0, u1 = d1, u2 = d2;
      p = d;
    }
}

/* The cell right of P, whose value is V: from the next lane where SHFL
   (every lane shuffles), loaded at the warp's EDGE and without SHFL.  */
template <bool SHFL>
static __device__ double
right_of (const double *p, double v, bool edge)
{
  double r = SHFL ? __shfl_down_sync (0xffffffffu, v, 1) : 0.0;
  return SHFL && !edge ? r : __ldg (p + 1);
}

template <int R, bool SHFL>
__global__ void
prolong_walk (const double *__restrict__ c, size_t pc, double *__restrict__ e,
              size_t pe, int n)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y0 = blockIdx.y * R;
  int xs = min (x, n - 1);         /* lanes past n still shuffle */
  const double *p = c + (size_t) y0 * pc + xs;
  bool edge = (threadIdx.x & 31) == 31 || x >= n - 1;
  double a0 = __ldg (p), a1 = right_of<SHFL> (p, a0, edge);
  for (int r = 0; r < R && y0 + r < n; r++)
    {
      p += pc;
      double b0 = __ldg (p), b1 = right_of<SHFL> (p, b0, edge);
      if (x < n)
        {
          double *q = e + (size_t) (2 * (y0 + r)) * pe + 2 * x;
          __stwb ((double2 *) q, make_double2 (a0, (a0 + a1) * 0.5));
          __stwb ((double2 *) (q + pe),
                  make_double2 ((a0 + b0) * 0.5,
                                (((a0 + a1) + b0) + b1) * 0.25));
        }
      a0 = b0, a1 = b1;
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4096;
  int calls = argc > 2 ? atoi (argv[2]) : 20;
  size_t m = 2 * (size_t) n + 1;
  std::vector<double> hf (m * m), hc ((size_t) (n + 1) * (n + 1), 0.0);
  for (size_t y = 0; y < m; y++)
    for (size_t x = 0; x < m; x++)
      hf[y * m + x] = (double) ((y * 31 + x) % 101) / 101.0;
  double *f, *c, *e;
  size_t pf, pc, pe;
  CHECK (cudaMallocPitch ((void **) &f, &pf, m * sizeof (double), m));
  CHECK (cudaMallocPitch ((void **) &e, &pe, m * sizeof (double), m));
  CHECK (cudaMallocPitch ((void **) &c, &pc, (n + 1) * sizeof (double),
                          n + 1));
  CHECK (cudaMemcpy2D (f, pf, hf.data (), m * sizeof (double),
                       m * sizeof (double), m, cudaMemcpyHostToDevice));
  CHECK (cudaMemcpy2D (e, pe, hf.data (), m * sizeof (double),
                       m * sizeof (double), m, cudaMemcpyHostToDevice));
  CHECK (cudaMemcpy2D (c, pc, hc.data (), (n + 1) * sizeof (double),
                       (n + 1) * sizeof (double), n + 1,
                       cudaMemcpyHostToDevice));
  pf /= sizeof (double), pc /= sizeof (double), pe /= sizeof (double);
  double rbytes = ((double) (n - 1) * (n - 1) * 4 + (double) (n - 1) * (n - 1))
                  * sizeof (double);
  double pbytes = ((double) n * n * 4 + (double) n * n) * sizeof (double);
  printf ("restriction: %.4e bytes a call (f once, c), prolongation: %.4e "
          "(c once, e)\n", rbytes, pbytes);

  auto rp = [&] {
    dim3 b (32, 8), g ((n - 1 + 31) / 32, (n - 1 + 7) / 8);
    restrict_point<<<g, b>>> (f, pf, c, pc, n);
  };
  printf ("restriction point-per-thread 32x8: %.4f ms\n", ms_per_step (calls, rp));
  auto rw8 = [&] {
    dim3 b (128), g ((n - 1 + 127) / 128, (n - 1 + 7) / 8);
    restrict_walk<8><<<g, b>>> (f, pf, c, pc, n);
  };
  printf ("restriction walk 128x8: %.4f ms\n", ms_per_step (calls, rw8));
  auto rw16 = [&] {
    dim3 b (128), g ((n - 1 + 127) / 128, (n - 1 + 15) / 16);
    restrict_walk<16><<<g, b>>> (f, pf, c, pc, n);
  };
  printf ("restriction walk 128x16: %.4f ms\n", ms_per_step (calls, rw16));

#define PROLONG(R, S, BX)                                               \
  {                                                                     \
    auto l = [&] {                                                      \
      dim3 b (BX), g ((n + BX - 1) / BX, (n + R - 1) / R);              \
      prolong_walk<R, S><<<g, b>>> (c, pc, e, pe, n);                   \
    };                                                                  \
    printf ("prolongation walk %dx%d %s: %.4f ms\n", BX, R,             \
            S ? "shfl" : "ldg", ms_per_step (calls, l));                \
  }
  PROLONG (8, false, 128)
  PROLONG (16, false, 128)
  PROLONG (16, true, 128)
  PROLONG (32, true, 128)
  PROLONG (16, true, 256)
  PROLONG (8, true, 256)

  /* A two-grid step as transfers.c's: a restriction, then a
     prolongation that reads what it wrote.  */
  auto step = [&] {
    rp ();
    dim3 b (256), g ((n + 255) / 256, (n + 7) / 8);
    prolong_walk<8, true><<<g, b>>> (c, pc, e, pe, n);
  };
  printf ("step (restriction point-per-thread, prolongation walk 256x8 "
          "shfl): %.4f ms\n", ms_per_step (calls, step));
  std::vector<double> he (m * m);
  CHECK (cudaMemcpy2D (he.data (), m * sizeof (double), e,
                       pe * sizeof (double), m * sizeof (double), m,
                       cudaMemcpyDeviceToHost));
  double s = 0;
  for (size_t i = 0; i < m * m; i++)
    s += he[i];
  printf ("checksum %.12e\n", s);
  return 0;
}
