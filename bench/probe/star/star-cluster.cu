/* star-cluster.cu -- a hand-written 3-D star of radius R (6R+1 points,
   FP32 or FP64, the family's coefficients and order of additions) whose
   blocks share their planes' halos through thread-block clusters
   (distributed shared memory, sm_90).

   A block of BX x BY threads computes a tile of (BX*VEC) x (BY*RY)
   points of each plane of a walk of WZ planes along z; each thread
   computes VEC x RY columns (VEC cells: one 16-byte access in x).  The
   planes z-R .. z+R+D of the thread's columns live in a register queue
   (the front loaded D planes ahead).  Each step the block stages its
   plane z in shared memory, once: its own rows from the queue, and the
   halo that no block of its cluster holds, from global memory a step
   ahead.  The clusters are CX x CY blocks of neighbouring tiles; after a
   cluster barrier a block reads the x neighbours and the 2R rows above
   and below its threads' rows from its own shared memory or, where they
   belong to a neighbour of its cluster, from that block's (ld.shared::
   cluster), so only the cluster's outer halo comes from L2.  Why: the
   walks through L1 (mint's level 3) read each halo row and column from
   L2 again (the L2 fabric saturates), the rings of shared planes
   (star-tile.cu) read each plane once but hold too few warps; a cluster
   of small blocks stages its planes once with many warps resident.

   NB = 2 double-buffers the staged plane, one cluster barrier a step
   (its arrive after the stores, its wait before the neighbours' reads,
   the next loads issued between, or not where SPLIT = 0); NB = 1 takes
   two barriers a step.
   CX = CY = 1 is the same kernel without clusters (__syncthreads), the
   control.  A block leaves only after a last cluster barrier, so no
   neighbour reads its shared memory after it exits.

   Usage: star-cluster N [STEPS]: N^3 interior points, N a multiple of
   128 (default 512, STEPS 20); prints the copy bandwidth's time for the
   same bytes and the plain kernel's, then per variant its shape,
   registers, spills, shared memory, the clusters the GPU can hold at
   once (without clusters, the blocks a multiprocessor can), ms a step
   (median of 5 blocks of STEPS launches), its fraction of the copy's
   time, and the largest difference from the plain kernel (NaN where a
   cell is NaN).  A variant that cannot launch says why and the others
   go on.  */

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "../cuda-check.h"
#ifndef REAL
# define REAL double
#endif
#include "star-common.cuh"

/* The x halo in whole 16-byte accesses.  */
#define HV (RA / VEC)

/* Cluster barrier halves: the arrive releases this thread's earlier
   shared-memory stores and reads, the wait acquires the cluster's.  */
__device__ __forceinline__ void
cluster_arrive ()
{
  asm volatile ("barrier.cluster.arrive.release;" ::: "memory");
}

__device__ __forceinline__ void
cluster_wait ()
{
  asm volatile ("barrier.cluster.wait.acquire;" ::: "memory");
}

/* The shared::cluster address of shared address A in block RANK of the
   cluster.  */
__device__ __forceinline__ unsigned
map_rank (unsigned a, unsigned rank)
{
  unsigned d;
  asm volatile ("mapa.shared::cluster.u32 %0, %1, %2;"
                : "=r" (d) : "r" (a), "r" (rank));
  return d;
}

/* One 16-byte load at shared::cluster address A (this block's or a
   neighbour's).  */
__device__ __forceinline__ void
load_cluster (unsigned a, double2 &v)
{
  asm volatile ("ld.shared::cluster.v2.f64 {%0, %1}, [%2];"
                : "=d" (v.x), "=d" (v.y) : "r" (a) : "memory");
}

__device__ __forceinline__ void
load_cluster (unsigned a, float4 &v)
{
  asm volatile ("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];"
                : "=f" (v.x), "=f" (v.y), "=f" (v.z), "=f" (v.w)
                : "r" (a) : "memory");
}

__device__ __forceinline__ VT
load_cluster (unsigned a)
{
  VT v;
  load_cluster (a, v);
  return v;
}

__device__ __forceinline__ VT
load_global (const T *p)
{
  return *(const VT *) p;
}

template <int BX, int BY, int RY, int CX, int CY, int NB, int D, int WZ>
struct shape
{
  static constexpr int BXT = BX, BYT = BY;      /* threads a row, rows */
  static constexpr int NT = BX * BY;
  static constexpr int TX = BX * VEC, TY = BY * RY;     /* tile, points */
  static constexpr int SW = TX + 2 * RA;        /* staged row, cells */
  static constexpr int SH = TY + 2 * R;         /* staged rows */
  static constexpr int PLANE = SH * SW;         /* a buffer, cells */
  static constexpr int Q = 2 * R + 1 + D;       /* queued planes */
  /* The x halo's 16-byte accesses of the tile's rows, and how many a
     thread loads; the rows of the y halo a thread loads (one access a
     row, rows ty, ty + BY, ...).  */
  static constexpr int NXH = TY * 2 * HV;
  static constexpr int XHN = (NXH + NT - 1) / NT;
  static constexpr int YHN = (2 * R + BY - 1) / BY;
  static constexpr bool CLUSTER = CX * CY > 1;
};

/* The halo of plane Z that this block stages itself (the cluster's
   outer halo), loaded into the thread's HX and HY, or stored from them
   into the buffer at OWN.  X0, Y0: the tile's first point.  */
template <typename S>
struct outer_halo
{
  bool left, right, top, bottom;

  __device__ __forceinline__ bool
  x_slot (int i, int &row, int &xrel) const
  {
    const int j = i % (2 * HV), side = j / HV;
    row = i / (2 * HV);
    xrel = side ? S::TX + j % HV * VEC : -RA + j % HV * VEC;
    return i < S::NXH && (side ? right : left);
  }

  __device__ __forceinline__ bool
  y_slot (int hr, int &row) const
  {
    row = hr < R ? hr - R : S::TY + hr - R;
    return hr < 2 * R && (hr < R ? top : bottom);
  }

  __device__ __forceinline__ void
  load (const grid &g, const T *u, int x0, int y0, long z, VT *hx, VT *hy)
      const
  {
    const int t = threadIdx.y * S::BXT + threadIdx.x;
    const T *p = u + g.origin + z * g.plane + (long) y0 * g.row + x0;
#pragma unroll
    for (int k = 0; k < S::XHN; k++)
      {
        int row, xrel;
        if (x_slot (t + k * S::NT, row, xrel))
          hx[k] = load_global (p + row * g.row + xrel);
      }
#pragma unroll
    for (int k = 0; k < S::YHN; k++)
      {
        int row;
        if (y_slot (threadIdx.y + k * S::BYT, row))
          hy[k] = load_global (p + row * g.row + threadIdx.x * VEC);
      }
  }

  __device__ __forceinline__ void
  store (T *own, const VT *hx, const VT *hy) const
  {
    const int t = threadIdx.y * S::BXT + threadIdx.x;
#pragma unroll
    for (int k = 0; k < S::XHN; k++)
      {
        int row, xrel;
        if (x_slot (t + k * S::NT, row, xrel))
          *(VT *) (own + (row + R) * S::SW + RA + xrel) = hx[k];
      }
#pragma unroll
    for (int k = 0; k < S::YHN; k++)
      {
        int row;
        if (y_slot (threadIdx.y + k * S::BYT, row))
          *(VT *) (own + (row + R) * S::SW + RA + threadIdx.x * VEC) = hy[k];
      }
  }
};

template <int BX, int BY, int RY, int CX, int CY, int NB, int D, int WZ,
          int MINB, int SPLIT>
__global__ void __launch_bounds__ (BX * BY, MINB)
cluster_walk (grid g, const T *__restrict__ u, T *__restrict__ v)
{
  typedef shape<BX, BY, RY, CX, CY, NB, D, WZ> S;
  static_assert (BX % 32 == 0, "a warp's threads share their rows");
  static_assert (NB == 1 || NB == 2, "one or two staged planes");
  __shared__ __align__ (16) T buf[NB * S::PLANE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = blockIdx.x * S::TX, y0 = blockIdx.y * S::TY;
  const int z0 = blockIdx.z * WZ;
  const int col = RA + tx * VEC;        /* the thread's first staged cell */

  /* Where the rows above and below the tile and the columns left and
     right of it are staged: this block's buffer where it is at the
     cluster's edge, else its neighbour's, as shared::cluster addresses
     of buffer 0 offset so that this block's row and column offsets
     apply unchanged (32-bit arithmetic, which may wrap and wrap back).  */
  outer_halo<S> halo = { true, true, true, true };
  unsigned own0 = (unsigned) __cvta_generic_to_shared (buf);
  unsigned up0 = own0, down0 = own0, left0 = own0, right0 = own0;
  if constexpr (S::CLUSTER)
    {
      const dim3 c = __clusterRelativeBlockIdx ();
      const unsigned rank = __clusterRelativeBlockRank ();
      const unsigned rows = S::TY * S::SW * sizeof (T);
      const unsigned cols = S::TX * sizeof (T);
      const unsigned cta = own0;
      own0 = map_rank (cta, rank);
      halo.top = c.y == 0;
      halo.bottom = c.y == CY - 1;
      halo.left = c.x == 0;
      halo.right = c.x == CX - 1;
      up0 = halo.top ? own0 : map_rank (cta, rank - CX) + rows;
      down0 = halo.bottom ? own0 : map_rank (cta, rank + CX) - rows;
      left0 = halo.left ? own0 : map_rank (cta, rank - 1) + cols;
      right0 = halo.right ? own0 : map_rank (cta, rank + 1) - cols;
    }

  /* Where the thread's x neighbours' accesses are staged (with clusters
     along x): -HV .. -1, then 1 .. HV accesses from its own.  */
  unsigned side0[2 * HV];
#pragma unroll
  for (int h = 0; h < 2 * HV; h++)
    {
      const int xm = tx + (h < HV ? h - HV : h - HV + 1);
      side0[h] = xm < 0 ? left0 : xm >= BX ? right0 : own0;
    }

  const T *base = u + g.origin + (long) (y0 + ty * RY) * g.row + x0 + tx * VEC;
  T *out = v + g.origin + (long) (y0 + ty * RY) * g.row + x0 + tx * VEC;
  VT q[S::Q][RY];
#pragma unroll
  for (int k = 0; k < S::Q - 1; k++)
#pragma unroll
    for (int j = 0; j < RY; j++)
      q[k][j] = load_global (base + (long) (z0 - R + k) * g.plane + j * g.row);
  VT hx[S::XHN], hy[S::YHN];
  halo.load (g, u, x0, y0, z0, hx, hy);

#pragma unroll 2
  for (int s = 0; s < WZ; s++)
    {
      const long z = z0 + s;
      const int b = NB == 2 ? (s & 1) : 0;
      T *own = buf + b * S::PLANE;
      const unsigned boff = b * S::PLANE * sizeof (T);

#pragma unroll
      for (int j = 0; j < RY; j++)
        *(VT *) (own + (ty * RY + j + R) * S::SW + col) = q[R][j];
      halo.store (own, hx, hy);
      if constexpr (S::CLUSTER)
        {
          cluster_arrive ();
          if constexpr (!SPLIT)
            cluster_wait ();
        }
      else
        __syncthreads ();
#pragma unroll
      for (int j = 0; j < RY; j++)
        q[S::Q - 1][j] = load_global (base + (z + R + D) * g.plane
                                      + j * g.row);
      halo.load (g, u, x0, y0, z + 1, hx, hy);
      if constexpr (S::CLUSTER && SPLIT)
        cluster_wait ();

      /* The rows ty*RY - R .. ty*RY - 1 and ty*RY + RY .. ty*RY + RY +
         R - 1 of the tile (one warp's threads share their row).  */
      VT above[R], below[R];
#pragma unroll
      for (int k = 0; k < R; k++)
        {
          const int ra = ty * RY - R + k, rb = ty * RY + RY + k;
          if (!S::CLUSTER || ra >= 0)
            above[k] = *(const VT *) (own + (ra + R) * S::SW + col);
          else
            above[k] = load_cluster (up0 + boff
                                     + ((ra + R) * S::SW + col) * sizeof (T));
          if (!S::CLUSTER || rb < S::TY)
            below[k] = *(const VT *) (own + (rb + R) * S::SW + col);
          else
            below[k] = load_cluster (down0 + boff
                                     + ((rb + R) * S::SW + col) * sizeof (T));
        }
      VT left[RY][HV], right[RY][HV];
#pragma unroll
      for (int j = 0; j < RY; j++)
#pragma unroll
        for (int h = 0; h < HV; h++)
          {
            const int row = (ty * RY + j + R) * S::SW + col;
            const int l = row - RA + h * VEC, r = row + VEC + h * VEC;
            if (CX == 1)
              {
                left[j][h] = *(const VT *) (own + l);
                right[j][h] = *(const VT *) (own + r);
              }
            else
              {
                left[j][h] = load_cluster (side0[h] + boff + l * sizeof (T));
                right[j][h] = load_cluster (side0[HV + h] + boff
                                            + r * sizeof (T));
              }
          }

      store_columns (out, g, z, q, above, below, left, right);

      if constexpr (NB == 1)
        {
          if constexpr (S::CLUSTER)
            {
              cluster_arrive ();
              cluster_wait ();
            }
          else
            __syncthreads ();
        }
#pragma unroll
      for (int k = 0; k < S::Q - 1; k++)
#pragma unroll
        for (int j = 0; j < RY; j++)
          q[k][j] = q[k + 1][j];
    }
  if constexpr (S::CLUSTER && NB == 2)
    {
      cluster_arrive ();
      cluster_wait ();
    }
}

static grid G;
static int STEPS;
static T *U, *V;
static std::vector<T> host_ref, host_v;
static float copy_ms;

/* The variant of cluster_walk's parameters, launched in clusters of
   CX x (CY * LY) blocks: LY > 1 groups the blocks of kernels whose
   clusters are LY times smaller (without clusters: the control's) in
   clusters that share nothing, to tell their placement from their
   sharing.  */
template <int BX, int BY, int RY, int CX, int CY, int NB, int D, int WZ,
          int MINB, int LY = 1, int SPLIT = 1>
static void
variant ()
{
  typedef shape<BX, BY, RY, CX, CY, NB, D, WZ> S;
  const bool launched = S::CLUSTER || LY > 1;
  printf ("cluster %dx%-2d halo %-5s threads %dx%d columns %dx%d walk %3d "
          "buffers %d split %d ahead %d minb %d: ", CX, CY * LY,
          S::CLUSTER ? "dsmem" : "l2", BX, BY, VEC, RY, WZ, NB, SPLIT, D,
          MINB);
  if (G.n % (S::TX * CX) || G.n % (S::TY * CY * LY) || G.n % WZ)
    {
      printf ("skipped (N does not divide)\n");
      return;
    }
  auto k = cluster_walk<BX, BY, RY, CX, CY, NB, D, WZ, MINB, SPLIT>;
  cudaFuncAttributes at;
  CHECK (cudaFuncGetAttributes (&at, k));
  if (CX * CY * LY > 8
      && cudaFuncSetAttribute (
           k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)
           != cudaSuccess)
    {
      printf ("skipped (no clusters of more than 8 blocks: %s)\n",
              cudaGetErrorString (cudaGetLastError ()));
      return;
    }
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = CX;
  attr.val.clusterDim.y = CY * LY;
  attr.val.clusterDim.z = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3 (G.n / S::TX, G.n / S::TY, G.n / WZ);
  cfg.blockDim = dim3 (BX, BY);
  cfg.attrs = &attr;
  cfg.numAttrs = launched ? 1 : 0;
  int clusters = 0;
  if (launched)
    {
      cudaError_t e = cudaOccupancyMaxActiveClusters (&clusters, k, &cfg);
      if (e != cudaSuccess || clusters == 0)
        {
          printf ("skipped (active clusters %d: %s)\n", clusters,
                  cudaGetErrorString (e));
          cudaGetLastError ();
          return;
        }
    }
  else
    CHECK (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&clusters, k,
                                                          BX * BY, 0));
  CHECK (cudaMemset (V, 0, G.elems * sizeof (T)));
  cudaError_t e = cudaLaunchKernelEx (&cfg, k, G, (const T *) U, V);
  if (e != cudaSuccess)
    {
      printf ("skipped (launch: %s)\n", cudaGetErrorString (e));
      cudaGetLastError ();
      return;
    }
  CHECK (cudaDeviceSynchronize ());
  CHECK (cudaMemcpy (host_v.data (), V, G.elems * sizeof (T),
                     cudaMemcpyDeviceToHost));
  double err = largest_difference (host_v, host_ref);
  float ms = ms_per_step (STEPS, [&] {
    cudaLaunchKernelEx (&cfg, k, G, (const T *) U, V);
  });
  printf ("regs %3d spill %d smem %5d %s %3d: %.4f ms  %.1f%% of copy  "
          "maxdiff %.1e\n", at.numRegs, (int) at.localSizeBytes,
          (int) at.sharedSizeBytes,
          launched ? "clusters/GPU" : "blocks/SM", clusters, ms,
          100 * copy_ms / ms, err);
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = STEPS = argc > 2 ? atoi (argv[2]) : 20;
  if (n <= 0 || n % 128 || steps <= 0)
    {
      fprintf (stderr, "usage: star-cluster N [STEPS], N a multiple of 128\n");
      return 2;
    }
  printf ("radius %d, %s\n", R, sizeof (T) == 8 ? "double" : "float");
  fields f;
  /* The deepest look-ahead: 2 planes.  */
  copy_ms = start_probe (n, 2, steps, G, f);
  U = f.u;
  V = f.v;
  host_ref = f.want;
  host_v.resize (G.elems);
  /* variant<BX, BY, RY, CX, CY, NB, D, WZ, MINB[, LY[, SPLIT]]>.
     32x8 threads, one row each: clusters along y, one and two
     buffers.  */
  variant<32, 8, 1, 1, 1, 2, 1, 64, 2> ();
  variant<32, 8, 1, 1, 2, 2, 1, 64, 2> ();
  variant<32, 8, 1, 1, 4, 2, 1, 64, 2> ();
  variant<32, 8, 1, 1, 8, 2, 1, 64, 2> ();
  variant<32, 8, 1, 1, 1, 1, 1, 64, 2> ();
  variant<32, 8, 1, 1, 2, 1, 1, 64, 2> ();
  variant<32, 8, 1, 1, 4, 1, 1, 64, 2> ();
  variant<32, 8, 1, 1, 8, 1, 1, 64, 2> ();
  /* 16 blocks (not portable); clusters along x too, the x halo from
     the neighbours (the front loaded no sooner than needed, which
     leaves registers for the neighbours' addresses), against the same
     along y alone.  */
  variant<32, 8, 1, 1, 16, 2, 1, 64, 2> ();
  variant<32, 8, 1, 1, 2, 2, 0, 64, 2> ();
  variant<32, 8, 1, 2, 2, 2, 0, 64, 2> ();
  variant<32, 8, 1, 1, 4, 2, 0, 64, 2> ();
  variant<32, 8, 1, 2, 4, 2, 0, 64, 2> ();
  variant<32, 8, 1, 1, 8, 2, 0, 64, 2> ();
  variant<32, 8, 1, 2, 8, 2, 0, 64, 2> ();
  /* The walk's length, the front loaded sooner or later, more
     blocks.  */
  variant<32, 8, 1, 1, 4, 2, 1, 32, 2> ();
  variant<32, 8, 1, 1, 4, 2, 1, 128, 2> ();
  variant<32, 8, 1, 1, 4, 2, 2, 64, 2> ();
  variant<32, 8, 1, 1, 8, 2, 1, 128, 2> ();
  /* 32x4 threads of one row (more, smaller blocks).  */
  variant<32, 4, 1, 1, 1, 2, 1, 64, 4> ();
  variant<32, 4, 1, 1, 4, 2, 1, 64, 4> ();
  variant<32, 4, 1, 1, 8, 2, 1, 64, 4> ();
  variant<32, 4, 1, 1, 16, 2, 1, 64, 4> ();
  /* 32x4 threads of two rows (fewer shared loads a point).  */
  variant<32, 4, 2, 1, 1, 2, 1, 64, 2> ();
  variant<32, 4, 2, 1, 4, 2, 1, 64, 2> ();
  variant<32, 4, 2, 1, 8, 2, 1, 64, 2> ();
  /* 32x16 threads, one block of 16 warps (fewer rows from
     neighbours).  */
  variant<32, 16, 1, 1, 1, 2, 1, 64, 1> ();
  variant<32, 16, 1, 1, 2, 2, 1, 64, 1> ();
  variant<32, 16, 1, 1, 4, 2, 1, 64, 1> ();
#if R <= 2
  /* Three blocks of 32x8 a multiprocessor, which the shorter queues of
     radius 2 leave registers for.  */
  variant<32, 8, 1, 1, 1, 2, 1, 64, 3> ();
  variant<32, 8, 1, 1, 4, 2, 1, 64, 3> ();
  variant<32, 8, 1, 1, 8, 2, 1, 64, 3> ();
#endif
  /* The barrier's wait right after its arrive.  */
  variant<32, 8, 1, 1, 2, 2, 1, 64, 2, 1, 0> ();
  variant<32, 8, 1, 1, 4, 2, 1, 64, 2, 1, 0> ();
  variant<32, 8, 1, 1, 8, 2, 1, 64, 2, 1, 0> ();
  /* The control launched in clusters that share nothing.  */
  variant<32, 8, 1, 1, 1, 2, 1, 64, 2, 4> ();
  variant<32, 8, 1, 1, 1, 2, 1, 64, 2, 8> ();
  /* 64x8 threads, one block of 16 warps (wider and taller tiles).  */
  variant<64, 8, 1, 1, 1, 2, 1, 64, 1> ();
  variant<64, 8, 1, 1, 4, 2, 1, 64, 1> ();
  /* 64x4 threads (wider tiles, less x halo).  */
  variant<64, 4, 1, 1, 1, 2, 1, 64, 2> ();
  variant<64, 4, 1, 1, 4, 2, 1, 64, 2> ();
  variant<64, 4, 1, 1, 8, 2, 1, 64, 2> ();
  return 0;
}
