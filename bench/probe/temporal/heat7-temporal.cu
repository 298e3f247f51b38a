/* heat7-temporal.cu -- the design probe of level 4 (temporal blocking),
   hand-written for the bench's heat7 (u' = 0.4 u + 0.1 * faces) over an
   N^3 interior with a fixed ghost layer, FP64.

   Usage: heat7-temporal [N [STEPS [NAMES]]]   (defaults 512, 24; STEPS a
   multiple of every variant's steps per pass, 60 for all of them; NAMES:
   only the variants whose names it contains).
   Prints the copy bandwidth, then per kernel "TIME name config ms/step",
   and the largest difference from one step at a time (mint's kernels sum
   in the program's order, so they differ by rounding).

   Built with -DMINT_GENERATED='"FILE"', it also times mint's level 4 for
   the same nest: FILE holds the generated prelude and kernels gen_NAME,
   the temporal variant of a Mint heat7 time loop kept by
   -fplugin-arg-mint-keep (3 steps, tiles of 26 x OY cells: mint-stencil.c
   at -fplugin-arg-mint-opt=4), renamed, and defines
   MINT_GENERATED_KERNELS as a list of GENERATED (LABEL, NAME, TY, OY,
   SHARED, RELOAD) (generated_steps; bench/results/optimizer-notes.md,
   rounds 4 and 5; bench/results/2026-11-26-NVIDIA-H200-round15.md).

   The pipeline (one launch runs S steps): a block of TX x TY threads owns
   a TX x TY*RY tile of cells (each thread RY consecutive rows of one
   column) grown by S cells on each side, and walks z over its chunk of W
   planes.  Stage 0 loads a plane; stage k = 1 .. S computes step k two
   planes behind stage k-1.  Each stage k < S keeps its last three planes
   in registers (the thread's own cells) and in a ring of three planes in
   shared memory (for the x and y neighbours): stage k+1 reads the plane
   that stage k made two iterations ago, while stage k writes the third
   slot, so one barrier per plane suffices.  Stages run from S down to 1,
   so each consumes its predecessor's registers before they rotate; the
   global loads of stage 0 are issued first and land in shared memory
   only at the end of the iteration, behind all the stages' arithmetic.
   The tile loses S cells per side: only its TX - 2S by TY*RY - 2S middle
   is stored.

   heat7_lean ("L-" variants, round 8) is level 4's pipeline since:
   stages in ascending order, one plane apart, a ring of two planes.  */

#include <cmath>
#include <cstring>
#include <vector>
#include <utility>
#include <type_traits>

#include "../cuda-check.h"

struct grid
{
  long sy, sz;                  /* row and plane strides (elements) */
  int n;                        /* interior points per dimension */
  long off;                     /* element of (-1, -1, -1) */
};

__host__ __device__ inline long
at (const grid &g, long x, long y, long z)
{
  return g.off + (z + 1) * g.sz + (y + 1) * g.sy + (x + 1);
}

/* One step at a time: each thread one column, walking W planes.  */
__global__ void
heat7_step (grid g, const double *__restrict__ u, double *__restrict__ v,
            int w)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z0 = blockIdx.z * w, z1 = min (z0 + w, g.n);
  if (x >= g.n || y >= g.n)
    return;
  long i = at (g, x, y, z0);
  double lo = __ldg (u + i - g.sz), mid = __ldg (u + i);
  for (int z = z0; z < z1; z++, i += g.sz)
    {
      double hi = __ldg (u + i + g.sz);
      v[i] = heat7_point (mid, lo, hi, __ldg (u + i - g.sy),
                          __ldg (u + i + g.sy), __ldg (u + i - 1),
                          __ldg (u + i + 1));
      lo = mid;
      mid = hi;
    }
}

/* The block's constants.  */
struct tile
{
  grid g;
  const double *a;
  double *b;
  double *ring;
  int x, y0, z0, z1, cell, left, right, below, above;
  bool in_x, inner_x, keep_x;
};

/* Stage k's neighbour of the thread's cell in row R in x (DX = -1, 1):
   from the ring, or (SHFL: TX is the warp) from the lane beside.  */
template <bool SHFL, int TX>
__device__ inline double
x_neighbour (const double *row, double own, int dx, int left, int right)
{
  if (SHFL)
    return dx < 0 ? __shfl_up_sync (~0u, own, 1) : __shfl_down_sync (~0u, own, 1);
  return row[dx < 0 ? left : right];
}

/* Keeps stage k's plane V: the thread's rows in its registers Q (slot
   OLD) and, for the other threads, in the ring at DST (with SHFL only its
   first and last row: the lanes beside read the others by shuffles).  */
template <int TX, int RY, int OLD, bool SHFL>
__device__ inline void
keep_plane (double *dst, const double (&v)[RY], double (&q)[RY][3])
{
#pragma unroll
  for (int r = 0; r < RY; r++)
    {
      if (!SHFL || r == 0 || r == RY - 1)
        dst[r * TX] = v[r];
      q[r][OLD] = v[r];
    }
}

/* One plane of the walk, iteration IT = 3 * m + P: stage 0 loads plane
   z0 - S + IT; stage k computes plane z0 - S + IT - 2k from stage k-1's
   planes of iterations IT-3, IT-2, IT-1 (registers Q[k-1][r][P],
   [(P+1)%3], [(P+2)%3]; ring slot (P+1)%3) and keeps its own in Q[k][r][P]
   and ring slot P.  */
template <int S, int TX, int TY, int RY, int P, bool SHFL>
__device__ inline void
temporal_plane (const tile &t, int it, long base, double (&q)[S][RY][3])
{
  constexpr int ROWS = TY * RY, PLANE = ROWS * TX;
  constexpr int OLD = P, MID = (P + 1) % 3, NEW = (P + 2) % 3;
  const int n = t.g.n, p0 = t.z0 - S + it;
  double loaded[RY];
  const bool load_z = p0 >= -1 && p0 <= n && p0 < t.z1 + S;
#pragma unroll
  for (int r = 0; r < RY; r++)
    loaded[r] = t.in_x && load_z && t.y0 + r >= -1 && t.y0 + r <= n
                ? __ldg (t.a + base + r * t.g.sy) : 0.0;
#pragma unroll
  for (int k = S; k >= 1; k--)
    {
      const int pk = p0 - 2 * k;
      const bool inner_z = pk >= 0 && pk < n;
      const double *src = t.ring + ((k - 1) * 3 + MID) * PLANE + t.cell;
      double v[RY];
#pragma unroll
      for (int r = 0; r < RY; r++)
        {
          const double c = q[k - 1][r][MID];
          const double dn = r > 0 ? q[k - 1][r - 1][MID] : src[t.below];
          const double up = r < RY - 1 ? q[k - 1][r + 1][MID]
                            : src[(RY - 1) * TX + t.above];
          const double *row = src + r * TX;
          const double w = x_neighbour<SHFL, TX> (row, c, -1, t.left, t.right);
          const double e = x_neighbour<SHFL, TX> (row, c, 1, t.left, t.right);
          const bool inner = t.inner_x && inner_z && t.y0 + r >= 0
                             && t.y0 + r < n;
          v[r] = inner ? heat7_point (c, q[k - 1][r][OLD], q[k - 1][r][NEW],
                                      dn, up, w, e)
                       : c;
        }
      if (k == S)
        {
          if (t.keep_x && pk >= t.z0 && pk < t.z1)
#pragma unroll
            for (int r = 0; r < RY; r++)
              {
                const int tr = threadIdx.y * RY + r;
                if (tr >= S && tr < ROWS - S && t.y0 + r < n)
                  t.b[base - 2 * S * t.g.sz + r * t.g.sy] = v[r];
              }
        }
      else
        keep_plane<TX, RY, OLD, SHFL> (t.ring + (k * 3 + P) * PLANE + t.cell,
                                       v, q[k]);
    }
  keep_plane<TX, RY, OLD, SHFL> (t.ring + P * PLANE + t.cell, loaded, q[0]);
  __syncthreads ();
}

template <int S, int TX, int TY, int RY, int MINB, bool SHFL>
__global__ void __launch_bounds__ (TX * TY, MINB)
heat7_temporal (grid g, const double *__restrict__ a,
                double *__restrict__ b, int w)
{
  extern __shared__ double ring[];      /* [S][3][TY * RY][TX] */
  static_assert (!SHFL || TX == 32, "lanes are x neighbours");
  constexpr int OX = TX - 2 * S, OY = TY * RY - 2 * S;
  const int i = threadIdx.x, j = threadIdx.y;
  tile t;
  t.g = g;
  t.a = a;
  t.b = b;
  t.ring = ring;
  t.x = blockIdx.x * OX + i - S;
  t.y0 = blockIdx.y * OY + j * RY - S;
  t.z0 = blockIdx.z * w;
  t.z1 = min (t.z0 + w, g.n);
  t.in_x = t.x >= -1 && t.x <= g.n;
  t.inner_x = t.x >= 0 && t.x < g.n;
  /* Neighbours in shared memory, clamped to the tile (the cells at its
     edge compute values no stored point needs).  */
  t.left = i > 0 ? -1 : 0;
  t.right = i < TX - 1 ? 1 : 0;
  t.below = j > 0 ? -TX : 0;
  t.above = j < TY - 1 ? TX : 0;
  t.cell = j * RY * TX + i;
  t.keep_x = i >= S && i < TX - S && t.x < g.n;
  double q[S][RY][3];
#pragma unroll
  for (int k = 0; k < S; k++)
#pragma unroll
    for (int r = 0; r < RY; r++)
      q[k][r][0] = q[k][r][1] = q[k][r][2] = 0;
  const int iterations = t.z1 - t.z0 + 3 * S;
  long base = at (g, t.x, t.y0, t.z0 - S);
  for (int it = 0; it < iterations; it += 3, base += 3 * g.sz)
    {
      temporal_plane<S, TX, TY, RY, 0, SHFL> (t, it, base, q);
      temporal_plane<S, TX, TY, RY, 1, SHFL> (t, it + 1, base + g.sz, q);
      temporal_plane<S, TX, TY, RY, 2, SHFL> (t, it + 2, base + 2 * g.sz, q);
    }
}

/* Wide tiles: each thread RX adjacent columns and RY >= 2 rows, lanes
   in x, so the x neighbours of its outer columns come from the lanes
   beside (shuffles) and the tile is 32 * RX cells wide.  The ring of
   stage k keeps only the rows other warps read: each thread's first and
   last.  The tile loses HX cells per side in x (S rounded up to even, so
   that a thread's pair of columns is one 16-byte access) and S in y.  */
struct wide_tile
{
  grid g;
  const double *a;
  double *b;
  double *ring;
  int x0, y0, z0, z1, lane, below, above, mine;
  bool any_x, keep;
  bool inner_x[2];
};

/* Keeps stage k's plane V of a wide tile: the thread's cells in its
   registers Q (slot OLD), its first and last row in the ring at DST.  */
template <int RY, int RX, int TW, int OLD>
__device__ inline void
keep_wide_plane (double *dst, const double (&v)[RY][RX],
                 double (&q)[RY][3][RX])
{
#pragma unroll
  for (int c = 0; c < RX; c += 2)
    {
      *(double2 *) (dst + c) = make_double2 (v[0][c], v[0][c + 1]);
      *(double2 *) (dst + TW + c)
        = make_double2 (v[RY - 1][c], v[RY - 1][c + 1]);
    }
#pragma unroll
  for (int r = 0; r < RY; r++)
#pragma unroll
    for (int c = 0; c < RX; c++)
      q[r][OLD][c] = v[r][c];
}

template <int S, int TY, int RY, int RX, int P>
__device__ inline void
wide_plane (const wide_tile &t, int it, long base,
            double (&q)[S][RY][3][RX])
{
  constexpr int TW = 32 * RX, RPLANE = 2 * TY * TW, TH = TY * RY;
  constexpr int OLD = P, MID = (P + 1) % 3, NEW = (P + 2) % 3;
  const int n = t.g.n, p0 = t.z0 - S + it;
  const bool load_z = t.any_x && p0 >= -1 && p0 <= n && p0 < t.z1 + S;
  double loaded[RY][RX];
#pragma unroll
  for (int r = 0; r < RY; r++)
    {
      const bool ok = load_z && t.y0 + r >= -1 && t.y0 + r <= n;
      const double *src = t.a + base + r * t.g.sy;
#pragma unroll
      for (int c = 0; c < RX; c += 2)
        {
          double2 d = ok ? __ldg ((const double2 *) (src + c))
                         : make_double2 (0, 0);
          loaded[r][c] = d.x;
          loaded[r][c + 1] = d.y;
        }
    }
#pragma unroll
  for (int k = S; k >= 1; k--)
    {
      const int pk = p0 - 2 * k;
      const bool inner_z = pk >= 0 && pk < n;
      const double *src = t.ring + ((k - 1) * 3 + MID) * RPLANE;
      double (&m)[RY][3][RX] = q[k - 1];
      double v[RY][RX];
#pragma unroll
      for (int r = 0; r < RY; r++)
        {
          const bool inner_y = inner_z && t.y0 + r >= 0 && t.y0 + r < n;
          const double w0 = __shfl_up_sync (~0u, m[r][MID][RX - 1], 1);
          const double e1 = __shfl_down_sync (~0u, m[r][MID][0], 1);
#pragma unroll
          for (int c = 0; c < RX; c++)
            {
              const double cc = m[r][MID][c];
              const double dn = r > 0 ? m[r - 1][MID][c]
                                : src[t.below + c];
              const double up = r < RY - 1 ? m[r + 1][MID][c]
                                : src[t.above + c];
              const double w = c > 0 ? m[r][MID][c - 1] : w0;
              const double e = c < RX - 1 ? m[r][MID][c + 1] : e1;
              v[r][c] = inner_y && t.inner_x[c]
                        ? heat7_point (cc, m[r][OLD][c], m[r][NEW][c], dn,
                                       up, w, e)
                        : cc;
            }
        }
      if (k == S)
        {
          if (t.keep && pk >= t.z0 && pk < t.z1)
#pragma unroll
            for (int r = 0; r < RY; r++)
              {
                const int tr = threadIdx.y * RY + r;
                if (tr >= S && tr < TH - S && t.y0 + r < n)
#pragma unroll
                  for (int c = 0; c < RX; c += 2)
                    __stwb ((double2 *) (t.b + base - 2 * S * t.g.sz
                                         + r * t.g.sy + c),
                            make_double2 (v[r][c], v[r][c + 1]));
              }
        }
      else
        keep_wide_plane<RY, RX, TW, OLD> (t.ring + (k * 3 + P) * RPLANE
                                          + t.mine, v, q[k]);
    }
  keep_wide_plane<RY, RX, TW, OLD> (t.ring + P * RPLANE + t.mine, loaded,
                                    q[0]);
  __syncthreads ();
}

template <int S, int TY, int RY, int RX, int MINB>
__global__ void __launch_bounds__ (32 * TY, MINB)
heat7_wide (grid g, const double *__restrict__ a, double *__restrict__ b,
            int w)
{
  extern __shared__ double ring[];      /* [S][3][TY][2][32 * RX] */
  /* RX 2: a thread's columns are one 16-byte access and lie all inside or
     all outside the stored middle (HX is even).  */
  static_assert (RY >= 2 && RX == 2, "shape");
  constexpr int TW = 32 * RX, HX = (S + 1) & ~1, OX = TW - 2 * HX;
  constexpr int OY = TY * RY - 2 * S;
  const int j = threadIdx.y;
  wide_tile t;
  t.g = g;
  t.a = a;
  t.b = b;
  t.ring = ring;
  t.lane = threadIdx.x;
  t.x0 = blockIdx.x * OX - HX + RX * t.lane;
  t.y0 = blockIdx.y * OY + j * RY - S;
  t.z0 = blockIdx.z * w;
  t.z1 = min (t.z0 + w, g.n);
  t.any_x = t.x0 + RX - 1 >= -1 && t.x0 <= g.n;
#pragma unroll
  for (int c = 0; c < RX; c++)
    t.inner_x[c] = t.x0 + c >= 0 && t.x0 + c < g.n;
  t.keep = t.x0 >= blockIdx.x * OX && t.x0 < blockIdx.x * OX + OX
           && t.x0 < g.n;
  /* Ring rows 2j (the thread's first row) and 2j+1 (its last); the edge
     threads read their own (values no stored point needs).  */
  t.mine = 2 * j * TW + RX * t.lane;
  t.below = (j > 0 ? 2 * j - 1 : 2 * j) * TW + RX * t.lane;
  t.above = (j < TY - 1 ? 2 * j + 2 : 2 * j + 1) * TW + RX * t.lane;
  double q[S][RY][3][RX];
#pragma unroll
  for (int k = 0; k < S; k++)
#pragma unroll
    for (int r = 0; r < RY; r++)
#pragma unroll
      for (int c = 0; c < RX; c++)
        q[k][r][0][c] = q[k][r][1][c] = q[k][r][2][c] = 0;
  const int iterations = t.z1 - t.z0 + 3 * S;
  long base = at (g, t.x0, t.y0, t.z0 - S);
  for (int it = 0; it < iterations; it += 3, base += 3 * g.sz)
    {
      wide_plane<S, TY, RY, RX, 0> (t, it, base, q);
      wide_plane<S, TY, RY, RX, 1> (t, it + 1, base + g.sz, q);
      wide_plane<S, TY, RY, RX, 2> (t, it + 2, base + 2 * g.sz, q);
    }
}

/* The lean pipeline: stages run in ascending order within an iteration,
   so stage k computes the plane one behind stage k-1 (z0 - S + it - k)
   from stage k-1's last two planes (registers) and the one it made in
   this iteration; the x and y neighbours come from the plane stage k-1
   made one iteration ago, in the slot of a two-plane ring (it % 2) the
   barrier at the end of the iteration separates from the slot being
   written.  Stage 0's loads run one iteration ahead.  Addresses are
   32-bit offsets from the block's corner (the host checks that they
   fit).  A block whose cells and planes all lie in the space (EDGE
   false) computes every cell without a test; the others keep the value
   of the cells outside (the ghost layer of A and B alike).  */
template <int S, int TX, int TY, int RY, bool EDGE>
__device__ __forceinline__ void
lean_walk (const grid &g, const double *__restrict__ a,
           double *__restrict__ b, double *ring, int z0, int z1, int x,
           int y0, int off, int keep_rows)
{
  constexpr int ROWS = TY * RY, PLANE = ROWS * TX, SLOT2 = 2 * PLANE;
  const int i = threadIdx.x, j = threadIdx.y, n = g.n;
  const int sy = (int) g.sy, sz = (int) g.sz;
  const int cell = j * RY * TX + i;
  const int left = i > 0 ? -1 : 0, right = i < TX - 1 ? 1 : 0;
  const int below = j > 0 ? -TX : 0, above = j < TY - 1 ? TX : 0;
  const bool keep_x = i >= S && i < TX - S;
  bool in_y[RY], box_y[RY];
  const bool in_x = x >= 0 && x < n, box_x = x >= -1 && x <= n;
#pragma unroll
  for (int r = 0; r < RY; r++)
    {
      in_y[r] = y0 + r >= 0 && y0 + r < n;
      box_y[r] = y0 + r >= -1 && y0 + r <= n;
    }
  double q[S][RY][2], ahead[RY];
#pragma unroll
  for (int k = 0; k < S; k++)
#pragma unroll
    for (int r = 0; r < RY; r++)
      q[k][r][0] = q[k][r][1] = 0;
  const int iterations = z1 - z0 + 2 * S;
  auto load = [&] (int it, double (&dst)[RY])
    {
      const int p = z0 - S + it;
      const bool ok = p >= -1 && p <= n && it < iterations;
#pragma unroll
      for (int r = 0; r < RY; r++)
        dst[r] = (!EDGE || (box_x && box_y[r])) && ok
                 ? __ldg (a + off + p * sz + r * sy) : 0.0;
    };
  auto plane = [&] (int it, auto slot_c)
    {
      constexpr int SLOT = decltype (slot_c)::value;
      double fresh[RY];
#pragma unroll
      for (int r = 0; r < RY; r++)
        fresh[r] = ahead[r];
      load (it + 1, ahead);
#pragma unroll
      for (int r = 0; r < RY; r++)
        ring[SLOT * PLANE + cell + r * TX] = fresh[r];
#pragma unroll
      for (int k = 1; k <= S; k++)
        {
          const int pk = z0 - S + it - k;
          const bool in_z = pk >= 0 && pk < n;
          const double *src = ring + (k - 1) * SLOT2 + (1 - SLOT) * PLANE
                              + cell;
          double v[RY];
#pragma unroll
          for (int r = 0; r < RY; r++)
            {
              const double c = q[k - 1][r][1];
              const double dn = r > 0 ? q[k - 1][r - 1][1] : src[below];
              const double up = r < RY - 1 ? q[k - 1][r + 1][1]
                                : src[(RY - 1) * TX + above];
              const double w = src[r * TX + left], e = src[r * TX + right];
              v[r] = heat7_point (c, q[k - 1][r][0], fresh[r], dn, up, w, e);
              if (EDGE && !(in_x && in_y[r] && in_z))
                v[r] = c;
            }
#pragma unroll
          for (int r = 0; r < RY; r++)
            {
              q[k - 1][r][0] = q[k - 1][r][1];
              q[k - 1][r][1] = fresh[r];
              fresh[r] = v[r];
            }
          if (k < S)
#pragma unroll
            for (int r = 0; r < RY; r++)
              ring[k * SLOT2 + SLOT * PLANE + cell + r * TX] = v[r];
          else if (keep_x && pk >= z0 && pk < z1 && (!EDGE || x < n))
#pragma unroll
            for (int r = 0; r < RY; r++)
              if ((keep_rows >> r & 1) && (!EDGE || y0 + r < n))
                b[off + pk * sz + r * sy] = v[r];
        }
      __syncthreads ();
    };
  load (0, ahead);
  int it = 0;
  for (; it + 1 < iterations; it += 2)
    {
      plane (it, std::integral_constant<int, 0> ());
      plane (it + 1, std::integral_constant<int, 1> ());
    }
  if (it < iterations)
    plane (it, std::integral_constant<int, 0> ());
}

template <int S, int TX, int TY, int RY, int MINB>
__global__ void __launch_bounds__ (TX * TY, MINB)
heat7_lean (grid g, const double *__restrict__ a, double *__restrict__ b,
            int w)
{
  extern __shared__ double ring[];      /* [S][2][TY * RY][TX] */
  constexpr int OX = TX - 2 * S, OY = TY * RY - 2 * S;
  const int n = g.n;
  const int bx = blockIdx.x * OX - S, by = blockIdx.y * OY - S;
  const int z0 = blockIdx.z * w, z1 = min (z0 + w, n);
  const int x = bx + threadIdx.x, y0 = by + threadIdx.y * RY;
  /* The block's corner: offsets from it fit in 32 bits.  */
  a += at (g, bx, by, 0);
  b += at (g, bx, by, 0);
  const int off = threadIdx.y * RY * (int) g.sy + threadIdx.x;
  int keep_rows = 0;
#pragma unroll
  for (int r = 0; r < RY; r++)
    {
      const int tr = threadIdx.y * RY + r;
      keep_rows |= (tr >= S && tr < TY * RY - S) << r;
    }
  const bool edge = bx < 0 || bx + TX > n || by < 0 || by + TY * RY > n
                    || z0 - S + 1 < 0 || z1 + S - 1 > n;
  if (edge)
    lean_walk<S, TX, TY, RY, true> (g, a, b, ring, z0, z1, x, y0, off,
                                    keep_rows);
  else
    lean_walk<S, TX, TY, RY, false> (g, a, b, ring, z0, z1, x, y0, off,
                                     keep_rows);
}

/* mint's level 4 for the same nest (MINT_GENERATED: a .mint.cu kept by
   -fplugin-arg-mint-keep, kernel mint_heat_10_temporal, 3 steps).  */
#ifdef MINT_GENERATED
# include MINT_GENERATED
#endif

/* ---- the driver ---------------------------------------------------------- */

struct field
{
  grid g;
  size_t elems;
  double *d[2];
};

static std::vector<double> initial;

static void
field_init (field &f, int n)
{
  f.g.n = n;
  f.g.sy = ((n + 2 + 1 + 15) / 16) * 16;      /* x = 0 at an aligned column */
  f.g.sz = f.g.sy * (n + 2);
  f.g.off = 15;                                 /* (-1,..) one before 16 */
  f.elems = f.g.off + f.g.sz * (n + 2) + 16;
  std::vector<double> &h = initial;
  if (h.empty ())
    {
      h.assign (f.elems, 0.0);
      for (int z = -1; z <= n; z++)
        for (int y = -1; y <= n; y++)
          for (int x = -1; x <= n; x++)
            h[at (f.g, x, y, z)] = sin (0.05 * x) * cos (0.03 * y)
                                   + 0.001 * z
                                   + (x < 0 || y < 0 || z < 0 ? 1 : 0);
    }
  for (int s = 0; s < 2; s++)
    {
      CHECK (cudaMalloc (&f.d[s], f.elems * sizeof (double)));
      CHECK (cudaMemcpy (f.d[s], h.data (), f.elems * sizeof (double),
                         cudaMemcpyHostToDevice));
    }
}

typedef void (*pass_fn) (field &, int steps, int w);

static void
plain_steps (field &f, int steps, int w)
{
  dim3 block (32, 8), grid_ ((f.g.n + 31) / 32, (f.g.n + 7) / 8,
                             (f.g.n + w - 1) / w);
  for (int s = 0; s < steps; s++)
    {
      heat7_step<<<grid_, block>>> (f.g, f.d[0], f.d[1], w);
      std::swap (f.d[0], f.d[1]);
    }
}

/* STEPS steps of F in passes of S through KERNEL: BLOCK threads, tiles
   of OX x OY cells and W planes, SHARED bytes of dynamic shared memory.  */
template <typename K>
static void
run_passes (K kernel, field &f, int steps, int s, int w, dim3 block, int ox,
            int oy, size_t shared)
{
  CHECK (cudaFuncSetAttribute (kernel,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int) shared));
  dim3 grid_ ((f.g.n + ox - 1) / ox, (f.g.n + oy - 1) / oy,
              (f.g.n + w - 1) / w);
  for (int i = 0; i < steps; i += s)
    {
      kernel<<<grid_, block, shared>>> (f.g, f.d[0], f.d[1], w);
      std::swap (f.d[0], f.d[1]);
    }
}

template <int S, int TX, int TY, int RY, int MINB, bool SHFL = false>
static void
temporal_steps (field &f, int steps, int w)
{
  run_passes (heat7_temporal<S, TX, TY, RY, MINB, SHFL>, f, steps, S, w,
              dim3 (TX, TY), TX - 2 * S, TY * RY - 2 * S,
              sizeof (double) * S * 3 * TX * TY * RY);
}

template <int S, int TY, int RY, int RX, int MINB>
static void
wide_steps (field &f, int steps, int w)
{
  constexpr int TW = 32 * RX, HX = (S + 1) & ~1;
  run_passes (heat7_wide<S, TY, RY, RX, MINB>, f, steps, S, w, dim3 (32, TY),
              TW - 2 * HX, TY * RY - 2 * S,
              sizeof (double) * S * 3 * TY * 2 * TW);
}

template <int S, int TX, int TY, int RY, int MINB>
static void
lean_steps (field &f, int steps, int w)
{
  /* 32-bit offsets from a block's corner (at most 2^31 elements).  */
  if ((double) f.g.sz * (f.g.n + 2) + (double) f.g.sy * TY * RY >= 2e9)
    {
      fprintf (stderr, "lean: the grid is too large for 32-bit offsets\n");
      exit (1);
    }
  run_passes (heat7_lean<S, TX, TY, RY, MINB>, f, steps, S, w, dim3 (TX, TY),
              TX - 2 * S, TY * RY - 2 * S,
              sizeof (double) * S * 2 * TX * TY * RY);
}

static std::vector<double> reference;

#ifdef MINT_GENERATED
typedef void (*generated_kernel) (long long, long long, long long, long long,
                                  long long, long long, const double *,
                                  long long, long long, double *, long long,
                                  long long, unsigned long long *,
                                  unsigned long long);

/* STEPS steps, one run of steps for the kernel's words per block
   (mintrt.h, MINT_TEMPORAL_SUFFIX), as libmintrt runs them: blocks of 32
   x TY threads, tiles of 26 x OY cells and 64 planes, SHARED bytes of
   dynamic shared memory; RELOAD, where not null, the second kernel,
   launched after each pass as libmintrt does.  */
static void
generated_steps (field &f, int steps, int ty, int oy, int shared,
                 generated_kernel kernel, generated_kernel reload)
{
  static unsigned long long *tiles, runs;      /* the probe has one N */
  generated_kernel kernels[2] = { kernel, reload };
  for (generated_kernel k : kernels)
    if (k)
      CHECK (cudaFuncSetAttribute (k,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   shared));
  dim3 block (32, ty), grid_ ((f.g.n + 25) / 26, (f.g.n + oy - 1) / oy,
                              (f.g.n + 63) / 64);
  size_t blocks = (size_t) grid_.x * grid_.y * grid_.z;
  if (!tiles)
    {
      CHECK (cudaMalloc (&tiles, blocks * sizeof *tiles));
      CHECK (cudaMemset (tiles, 0, blocks * sizeof *tiles));
    }
  runs++;
  for (int s = 0; s < steps; s += 3)
    {
      for (generated_kernel k : kernels)
        if (k)
          k<<<grid_, block, shared>>> (1, f.g.n, 1, f.g.n, 1, f.g.n,
                                       f.d[0] + f.g.off, f.g.sy, f.g.sz,
                                       f.d[1] + f.g.off, f.g.sy, f.g.sz,
                                       tiles, runs);
      std::swap (f.d[0], f.d[1]);
    }
}
/* A variant of kernel gen_NAME: TY threads in y, tiles of OY rows,
   SHARED bytes; RELOAD gen_NAME_reload or nullptr.  */
# define GENERATED(LABEL, NAME, TY, OY, SHARED, RELOAD) \
  { "mint-L4-" LABEL, [] (field &f, int steps, int) { \
      generated_steps (f, steps, TY, OY, SHARED, gen_##NAME, RELOAD); }, 3 },
#endif

static double
max_diff (field &a, field &b)
{
  std::vector<double> &x = reference, y (b.elems);
  if (x.empty ())
    {
      x.resize (a.elems);
      CHECK (cudaMemcpy (x.data (), a.d[0], a.elems * 8,
                         cudaMemcpyDeviceToHost));
    }
  CHECK (cudaMemcpy (y.data (), b.d[0], b.elems * 8, cudaMemcpyDeviceToHost));
  double m = 0;
  int n = a.g.n;
  for (int z = -1; z <= n; z++)
    for (int yy = -1; yy <= n; yy++)
      for (int xx = -1; xx <= n; xx++)
        {
          long i = at (a.g, xx, yy, z);
          double d = fabs (x[i] - y[i]) / (fabs (x[i]) + 1e-300);
          if (!(d <= m))
            m = d;
        }
  return m;
}

static float
time_steps (pass_fn fn, field &f, int steps, int w)
{
  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
  fn (f, 12, w);                                /* warm-up */
  float best = 1e30f;
  for (int rep = 0; rep < 3; rep++)
    {
      CHECK (cudaEventRecord (e0));
      fn (f, steps, w);
      CHECK (cudaEventRecord (e1));
      CHECK (cudaEventSynchronize (e1));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, e0, e1));
      if (ms < best)
        best = ms;
    }
  CHECK (cudaGetLastError ());
  return best / steps;
}

__global__ void
copy_kernel (const double2 *__restrict__ a, double2 *__restrict__ b, long n)
{
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n;
       i += (long) gridDim.x * blockDim.x)
    b[i] = a[i];
}

static void
copy_bandwidth (field &f)
{
  long n = (long) f.elems / 2 - 8;
  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
  float best = 1e30f;
  for (int rep = 0; rep < 10; rep++)
    {
      CHECK (cudaEventRecord (e0));
      copy_kernel<<<132 * 16, 256>>> ((const double2 *) f.d[0],
                                      (double2 *) f.d[1], n);
      CHECK (cudaEventRecord (e1));
      CHECK (cudaEventSynchronize (e1));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, e0, e1));
      if (ms < best)
        best = ms;
    }
  double gbs = 2.0 * n * 16 / (best * 1e-3) / 1e9;
  double points = (double) f.g.n * f.g.n * f.g.n;
  printf ("copy bandwidth %.0f GB/s; per-step limit %.3f ms\n", gbs,
          points * 16 / (gbs * 1e9) * 1e3);
}

struct variant
{
  const char *name;
  pass_fn fn;
  int steps_per_pass;
};

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = argc > 2 ? atoi (argv[2]) : 24;
  const char *only = argc > 3 ? argv[3] : "";
  cudaDeviceProp prop;
  CHECK (cudaGetDeviceProperties (&prop, 0));
  printf ("%s, %d^3, %d steps\n", prop.name, n, steps);
  field ref, f;
  field_init (ref, n);
  field_init (f, n);
  copy_bandwidth (f);
  field_init (f, n);
  plain_steps (ref, steps, n);
  CHECK (cudaDeviceSynchronize ());
  static const variant variants[] = {
#ifdef MINT_GENERATED
    MINT_GENERATED_KERNELS
#endif
    { "L-S3-32x16x2/2", lean_steps<3, 32, 16, 2, 2>, 3 },
    { "L-S3-32x8x4/2", lean_steps<3, 32, 8, 4, 2>, 3 },
    { "L-S3-32x8x4/3", lean_steps<3, 32, 8, 4, 3>, 3 },
    { "L-S3-32x16x4/1", lean_steps<3, 32, 16, 4, 1>, 3 },
    { "L-S3-64x8x2/2", lean_steps<3, 64, 8, 2, 2>, 3 },
    { "L-S3-64x8x4/1", lean_steps<3, 64, 8, 4, 1>, 3 },
    { "L-S5-32x16x4/1", lean_steps<5, 32, 16, 4, 1>, 5 },
    { "L-S5-64x8x4/1", lean_steps<5, 64, 8, 4, 1>, 5 },
    { "L-S2-32x16x2/2", lean_steps<2, 32, 16, 2, 2>, 2 },
    { "L-S4-32x16x4/1", lean_steps<4, 32, 16, 4, 1>, 4 },
    { "W-S2-32x8x4x2/1", wide_steps<2, 8, 4, 2, 1>, 2 },
    { "W-S2-32x8x4x2/2", wide_steps<2, 8, 4, 2, 2>, 2 },
    { "W-S2-32x8x2x2/2", wide_steps<2, 8, 2, 2, 2>, 2 },
    { "W-S2-32x8x2x2/3", wide_steps<2, 8, 2, 2, 3>, 2 },
    { "W-S2-32x16x2x2/1", wide_steps<2, 16, 2, 2, 1>, 2 },
    { "W-S2-32x16x2x2/2", wide_steps<2, 16, 2, 2, 2>, 2 },
    { "W-S2-32x16x4x2/1", wide_steps<2, 16, 4, 2, 1>, 2 },
    { "W-S3-32x16x2x2/1", wide_steps<3, 16, 2, 2, 1>, 3 },
    { "W-S3-32x8x4x2/1", wide_steps<3, 8, 4, 2, 1>, 3 },
    { "W-S3-32x16x4x2/1", wide_steps<3, 16, 4, 2, 1>, 3 },
    { "W-S4-32x16x2x2/1", wide_steps<4, 16, 2, 2, 1>, 4 },
    { "S3-32x8x4/2", temporal_steps<3, 32, 8, 4, 2>, 3 },
    { "S3-32x8x4/2-shfl", temporal_steps<3, 32, 8, 4, 2, true>, 3 },
    { "S3-32x16x4/1", temporal_steps<3, 32, 16, 4, 1>, 3 },
    { "S3-32x16x4/1-shfl", temporal_steps<3, 32, 16, 4, 1, true>, 3 },
    { "S3-64x8x4/1", temporal_steps<3, 64, 8, 4, 1>, 3 },
    { "S3-32x16x2/2", temporal_steps<3, 32, 16, 2, 2>, 3 },
    { "S3-32x8x8/1-shfl", temporal_steps<3, 32, 8, 8, 1, true>, 3 },
    { "S2-32x8x4/3", temporal_steps<2, 32, 8, 4, 3>, 2 },
    { "S2-32x8x4/3-shfl", temporal_steps<2, 32, 8, 4, 3, true>, 2 },
    { "S2-32x16x4/1-shfl", temporal_steps<2, 32, 16, 4, 1, true>, 2 },
    { "S4-32x16x2/1", temporal_steps<4, 32, 16, 2, 1>, 4 },
    { "S4-32x16x4/1-shfl", temporal_steps<4, 32, 16, 4, 1, true>, 4 },
    { "S4-32x8x4/2-shfl", temporal_steps<4, 32, 8, 4, 2, true>, 4 },
  };
  static const int walks[] = { 64, 128, 256 };
  for (int w : walks)
    {
      float ms = time_steps (plain_steps, f, steps, w);
      printf ("TIME heat7 plain w%d %.4f\n", w, ms);
    }
  for (const variant &v : variants)
    for (int w : walks)
      {
        if (*only && !strstr (only, v.name))
          continue;
        field t;
        field_init (t, n);
        v.fn (t, steps, w);
        CHECK (cudaDeviceSynchronize ());
        double d = max_diff (ref, t);
        float ms = time_steps (v.fn, t, steps, w);
        printf ("TIME heat7 %s w%d %.4f  max rel diff %.2e%s\n", v.name, w,
                ms, d, d > 1e-12 ? "  WRONG" : "");
        fflush (stdout);
        CHECK (cudaFree (t.d[0]));
        CHECK (cudaFree (t.d[1]));
      }
  return 0;
}
