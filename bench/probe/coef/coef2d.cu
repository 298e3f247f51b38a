/* coef2d.cu -- hand-written CUDA references for the family's 2-D
   coefficient members (bench/family/family.c, DIMS=2): star2-r1-k,
   star2-r2-k, box2-r1-k (COEF=1: v = u + k (update - u)), star2-r1-kf
   (COEF=2, flux form), star2-r1-km (COEF=3: v = k != 0 ? update : u, a
   mask), in double or float (-DREAL=float).

   blocked<BX, BY, SY, MINB>: one step a launch.  A thread owns one
     16-byte column (VEC cells in x) of SY rows and walks them in y: the
     2R+1 rows of u around the current one (and of k for the flux form)
     stay in registers, so a row of u is loaded once per thread; the x
     halo of a row comes through L1 as the 16-byte accesses beside the
     thread's (their lines were just loaded by the lanes beside).  All
     global loads use the read-only path; stores are 16-byte.

   temporal<S, TX, C> (COEF=1 or 3 radius-1 star only): S steps a
     launch.  A
     block of TX threads owns a tile TX*C cells wide (C cells a thread)
     that overlaps its neighbours' by S cells a side, and walks a segment
     of H rows (runtime) in y.  Stage 0 loads a row of u and k; stage s
     computes step s two rows behind stage s-1.  Each stage keeps the
     thread's cells of its last three rows in registers (the y
     neighbours) and its newest row in a ring in shared memory (the x
     neighbours, read two iterations later); k waits in a ring of 2S+1
     rows.  One barrier a row.  Only the tile's middle TX*C - 2S cells
     and the segment's rows are stored; cells of the ghost layer keep
     their values.

   Usage: coef2d [N [CHECK_N [STEPS]]] (defaults 8192, 301, 20).  */

#ifndef DIMS
# define DIMS 2
#endif
#if DIMS != 2
# error "coef2d.cu is the 2-D members"
#endif
#include "coef-common.cuh"

/* ---- one step a launch ---- */

/* The thread's window: rows y-R .. y+R of its column of u (U[R] the
   current row) with, for the box, each row's x halo; for the flux form
   rows y-1 .. y+1 of k.  */
template <int BX, int BY, int SY, int MINB, bool FULL>
__device__ __forceinline__ void
walk_rows (const grid &g, const T *__restrict__ up, const T *__restrict__ kp,
           T *__restrict__ vp, int rows, int m)
{
  const long sy = g.row;
  vec<VEC> u[2 * R + 1];
#ifdef BOX
  vec<VEC> ul[2 * R + 1], ur[2 * R + 1];
#endif
#if COEF == 2
  vec<VEC> k[3];
  k[0] = load<VEC> (kp - sy);
  k[1] = load<VEC> (kp);
#endif
#pragma unroll
  for (int i = 0; i < 2 * R; i++)
    {
      u[i] = load<VEC> (up + (i - R) * sy);
#ifdef BOX
      ul[i] = load<VEC> (up + (i - R) * sy - VEC);
      ur[i] = load<VEC> (up + (i - R) * sy + VEC);
#endif
    }
  constexpr int UNROLL = SY <= 16 ? SY : 4;
#pragma unroll UNROLL
  for (int j = 0; j < SY; j++)
    {
      if (!FULL && j >= rows)
        break;
      const T *p = up + j * sy;
      u[2 * R] = load<VEC> (p + R * sy);
#ifdef BOX
      ul[2 * R] = load<VEC> (p + R * sy - VEC);
      ur[2 * R] = load<VEC> (p + R * sy + VEC);
      auto left = [&] (int dy) { return ul[R + dy]; };
      auto right = [&] (int dy) { return ur[R + dy]; };
#else
      /* A star needs the x halo of its current row only.  */
      const vec<VEC> l0 = load<VEC> (p - VEC), r0 = load<VEC> (p + VEC);
      auto left = [&] (int) { return l0; };
      auto right = [&] (int) { return r0; };
#endif
#if COEF == 2
      k[2] = load<VEC> (kp + (j + 1) * sy);
      const vec<VEC> kl = load<VEC> (kp + j * sy - VEC),
                     kr = load<VEC> (kp + j * sy + VEC);
#else
      const vec<VEC> kc = load<VEC> (kp + j * sy);
#endif
      vec<VEC> out;
#pragma unroll
      for (int c = 0; c < VEC; c++)
        out.a[c] = new_value (
          [&] (int, int dy, int dx) -> T {
            const int xc = c + dx;
            if (xc < 0)
              return left (dy).a[xc + VEC];
            if (xc >= VEC)
              return right (dy).a[xc - VEC];
            return u[R + dy].a[xc];
          },
          [&] (int, int dy, int dx) -> T {
#if COEF == 2
            const int xc = c + dx;
            if (xc < 0)
              return kl.a[xc + VEC];
            if (xc >= VEC)
              return kr.a[xc - VEC];
            return k[1 + dy].a[xc];
#else
            return kc.a[c + dx + dy];   /* (0, 0, 0) only */
#endif
          });
      store<VEC> (vp + j * sy, out, m);
#pragma unroll
      for (int i = 0; i < 2 * R; i++)
        {
          u[i] = u[i + 1];
#ifdef BOX
          ul[i] = ul[i + 1];
          ur[i] = ur[i + 1];
#endif
        }
#if COEF == 2
      k[0] = k[1];
      k[1] = k[2];
#endif
    }
}

template <int BX, int BY, int SY, int MINB>
__global__ void __launch_bounds__ (BX * BY, MINB)
blocked (grid g, const T *__restrict__ u, const T *__restrict__ k,
         T *__restrict__ v)
{
  const int x0 = (blockIdx.x * BX + threadIdx.x) * VEC;
  const int y0 = (blockIdx.y * BY + threadIdx.y) * SY;
  if (x0 >= g.n || y0 >= g.n)
    return;
  const long o = g.origin + y0 * g.row + x0;
  const int m = g.n - x0;       /* cells of the column inside */
  if (y0 + SY <= g.n)
    walk_rows<BX, BY, SY, MINB, true> (g, u + o, k + o, v + o, SY, m);
  else
    walk_rows<BX, BY, SY, MINB, false> (g, u + o, k + o, v + o, g.n - y0, m);
}

template <int BX, int BY, int SY, int OCC>
static void
blocked_variant (sweep &sw)
{
  constexpr int MINB = OCC / (BX * BY);
  char cfg[64];
  snprintf (cfg, sizeof cfg, "%dx%dx%d/occ%d", BX, BY, SY, OCC);
  variant (sw, "blocked", cfg, 1, 7, sizeof (T) == 8 ? 1e-10 : 1e-5,
           [] (const grid &g, const T *a, const T *k, T *b) {
             const int cols = (g.n + VEC - 1) / VEC;
             dim3 grid_ ((cols + BX - 1) / BX, (g.n + BY * SY - 1) / (BY * SY));
             blocked<BX, BY, SY, MINB><<<grid_, dim3 (BX, BY)>>> (g, a, k, b);
           });
}

/* ---- S steps a launch (COEF=1 or 3, radius-1 star) ---- */

#if (COEF == 1 || COEF == 3) && R == 1 && !defined BOX
# define HAVE_TEMPORAL 1

template <int C>
__device__ __forceinline__ vec<C>
load_row (const grid &g, const T *__restrict__ a, int gx, int gy)
{
  /* Rows -1 .. n and the columns the layout holds; zero beyond (cells
     that reach no stored point).  */
  if (gy >= -1 && gy <= g.n && gx >= -RA && gx < g.n + VEC)
    return load<C> (a + g.origin + (long) gy * g.row + gx);
  return vec<C> {};
}

template <int S, int TX, int C, bool KG>
__global__ void __launch_bounds__ (TX, 1)
temporal (grid g, const T *__restrict__ u, const T *__restrict__ k,
          T *__restrict__ v, int h)
{
  static_assert (S % C == 0, "tiles start 16-byte aligned");
  constexpr int WID = TX * C, RW = WID + 2 * C, M = 2 * S + 1;
  extern __shared__ __align__ (16) unsigned char smem_[];
  T *ring = (T *) smem_;               /* [S][4][RW]: stages 0 .. S-1 */
  T *kring = ring + S * 4 * RW;        /* [M][RW], unless KG */
  const int lx = threadIdx.x * C;
  const int gx = blockIdx.x * (WID - 2 * S) - S + lx;
  const int y0 = blockIdx.y * h, y1 = min (y0 + h, g.n);
  const int iters = y1 - y0 + 3 * S;
  vec<C> q[S][3] = {};          /* stage s's rows of iterations it-3 .. it-1 */
  vec<C> nu = load_row<C> (g, u, gx, y0 - S), nk = load_row<C> (g, k, gx, y0 - S);
  for (int it = 0; it < iters; it++)
    {
      const vec<C> lu = nu, lk = nk;
      /* Stage 0's next row, in flight behind this row's arithmetic.  */
      nu = load_row<C> (g, u, gx, y0 - S + it + 1);
      nk = load_row<C> (g, k, gx, y0 - S + it + 1);
      if (!KG)
        *(vec<C> *) (kring + it % M * RW + C + lx) = lk;
      /* Stages S .. 1: each reads stage s-1's rows before they move.  */
#pragma unroll
      for (int s = S; s >= 1; s--)
        {
          const int gy = y0 - S + it - 2 * s;
          const T *mid = ring + ((s - 1) * 4 + ((it - 2) & 3)) * RW + C + lx;
          const T west = mid[-1], east = mid[C];
          /* k of the row: from the ring, or (KG) again through L1.  */
          const vec<C> kc = KG ? load_row<C> (g, k, gx, gy)
                            : *(const vec<C> *) (kring + (it + 2 * M - 2 * s) % M * RW + C + lx);
          const bool row_in = gy >= 0 && gy < g.n;
          vec<C> out;
#pragma unroll
          for (int c = 0; c < C; c++)
            {
              const T centre = q[s - 1][1].a[c];
              const bool in = row_in && gx + c >= 0 && gx + c < g.n;
              out.a[c] = in ? new_value (
                [&] (int, int dy, int dx) -> T {
                  const int xc = c + dx;
                  if (dy != 0)
                    return q[s - 1][1 + dy].a[c];
                  return xc < 0 ? west : xc >= C ? east : q[s - 1][1].a[xc];
                },
                [&] (int, int, int) { return kc.a[c]; })
                : centre;
            }
          if (s == S)
            {
              if (gy >= y0 && gy < y1 && lx >= S && lx < WID - S && gx < g.n)
                store<C> (v + g.origin + (long) gy * g.row + gx, out, g.n - gx);
            }
          else
            {
              *(vec<C> *) (ring + (s * 4 + (it & 3)) * RW + C + lx) = out;
              q[s][0] = q[s][1];
              q[s][1] = q[s][2];
              q[s][2] = out;
            }
        }
      *(vec<C> *) (ring + (it & 3) * RW + C + lx) = lu;
      q[0][0] = q[0][1];
      q[0][1] = q[0][2];
      q[0][2] = lu;
      __syncthreads ();
    }
}

template <int S, int TX, int C, bool KG>
static void
temporal_variant (sweep &sw, int h)
{
  constexpr int RW = TX * C + 2 * C;
  constexpr size_t SMEM = (size_t) (4 * S + (KG ? 0 : 2 * S + 1)) * RW * sizeof (T);
  CHECK (cudaFuncSetAttribute (temporal<S, TX, C, KG>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int) SMEM));
  char cfg[64];
  snprintf (cfg, sizeof cfg, "S%d/%dx%d/h%d%s", S, TX, C, h, KG ? "/kg" : "");
  /* Two passes, against the CPU to 1e-12 in double: the same answer as
     step by step.  */
  variant (sw, "temporal", cfg, S, 2 * S, sizeof (T) == 8 ? 1e-12 : 1e-5,
           [h] (const grid &g, const T *a, const T *k, T *b) {
             dim3 grid_ ((g.n + TX * C - 2 * S - 1) / (TX * C - 2 * S),
                         (g.n + h - 1) / h);
             temporal<S, TX, C, KG><<<grid_, TX, SMEM>>> (g, a, k, b, h);
           });
}
#endif

int
main (int argc, char **argv)
{
  sweep sw;
  start_member (sw, argc, argv, 8192, 301);
  /* Block shapes (threads in x, threads in y, rows a thread) and the
     threads an SM is asked to hold (the register cap).  */
  /* The box and the radius-2 star need more registers for their
     windows: a lower occupancy (80 registers) there.  */
#if defined BOX || R == 2
  constexpr int LO = 768;
#else
  constexpr int LO = 1024;
#endif
  blocked_variant<32, 4, 8, LO> (sw);
  blocked_variant<32, 4, 16, LO> (sw);
  blocked_variant<32, 8, 16, LO> (sw);
  blocked_variant<64, 2, 16, LO> (sw);
  blocked_variant<64, 4, 16, LO> (sw);
  blocked_variant<128, 1, 16, LO> (sw);
  blocked_variant<128, 2, 16, LO> (sw);
  blocked_variant<32, 4, 32, LO> (sw);
  blocked_variant<64, 4, 32, LO> (sw);
  blocked_variant<128, 2, 32, LO> (sw);
  blocked_variant<64, 2, 64, LO> (sw);
  blocked_variant<256, 1, 64, LO> (sw);
#ifdef HAVE_TEMPORAL
  /* Fused steps S, threads a tile TX, cells a thread C (16 bytes where
     S allows: 8-byte float2 for S = 2, 6 in float), k from a ring in
     shared memory or again through L1 (kg), rows a segment H.  */
  constexpr int C4 = sizeof (T) == 8 ? 2 : 4;
  for (int h : {256, 1024})
    {
      temporal_variant<2, 128, 2, false> (sw, h);
      temporal_variant<2, 256, 2, false> (sw, h);
      temporal_variant<4, 128, C4, false> (sw, h);
      temporal_variant<4, 128, C4, true> (sw, h);
      temporal_variant<4, 256, C4, true> (sw, h);
      temporal_variant<6, 64, 2, false> (sw, h);
      temporal_variant<6, 128, 2, false> (sw, h);
      temporal_variant<6, 128, 2, true> (sw, h);
      temporal_variant<8, 64, C4, false> (sw, h);
      temporal_variant<8, 128, C4, false> (sw, h);
      temporal_variant<8, 128, C4, true> (sw, h);
    }
#endif
  end_sweep (sw);
  return 0;
}
