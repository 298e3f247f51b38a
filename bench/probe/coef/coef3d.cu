/* coef3d.cu -- hand-written CUDA references for the family's 3-D
   coefficient members (bench/family/family.c, DIMS=3, R=1): star3-r1-k
   (COEF=1: v = u + k (update - u)), star3-r1-kf (COEF=2, flux form
   with k at the point and its six neighbours) and star3-r1-km (COEF=3:
   v = k != 0 ? update : u, a mask), double or float.

   zwalk<BX, BY, CX, WZ, MINB>: one step a launch.  A thread owns CX
     consecutive cells in x (one 8- or 16-byte access) of one row and
     walks WZ planes in z: planes z-1, z, z+1 of its cells of u (and of
     k for the flux form) stay in registers, so each plane is loaded once
     per thread; the y neighbours (16-byte accesses of the rows beside)
     and x neighbours (the cells either side) come through L1, where the
     threads beside loaded them.  Read-only path for all loads.

   Usage: coef3d [N [CHECK_N [STEPS]]] (defaults 512, 45, 20).  */

#ifndef DIMS
# define DIMS 3
#endif
#if DIMS != 3 || R != 1 || defined BOX
# error "coef3d.cu is the 3-D radius-1 stars"
#endif
#include "coef-common.cuh"

template <int BX, int BY, int CX, int WZ, int MINB>
__global__ void __launch_bounds__ (BX * BY, MINB)
zwalk (grid g, const T *__restrict__ u, const T *__restrict__ k,
       T *__restrict__ v)
{
  const int x0 = (blockIdx.x * BX + threadIdx.x) * CX;
  const int y = blockIdx.y * BY + threadIdx.y;
  const int z0 = blockIdx.z * WZ;
  if (x0 >= g.n || y >= g.n)
    return;
  const int nz = min (WZ, g.n - z0), m = g.n - x0;
  const long sy = g.row, sz = g.plane;
  const long o = g.origin + z0 * sz + y * sy + x0;
  const T *up = u + o, *kp = k + o;
  T *vp = v + o;
  vec<CX> lo = load<CX> (up - sz), mid = load<CX> (up);
#if COEF == 2
  vec<CX> klo = load<CX> (kp - sz), kmid = load<CX> (kp);
#endif
#pragma unroll 2
  for (int s = 0; s < nz; s++)
    {
      const long i = s * sz;
      const vec<CX> hi = load<CX> (up + i + sz);
      const vec<CX> dn = load<CX> (up + i - sy), upr = load<CX> (up + i + sy);
      const T west = __ldg (up + i - 1), east = __ldg (up + i + CX);
#if COEF == 2
      const vec<CX> khi = load<CX> (kp + i + sz);
      const vec<CX> kdn = load<CX> (kp + i - sy), kup = load<CX> (kp + i + sy);
      const T kwest = __ldg (kp + i - 1), keast = __ldg (kp + i + CX);
#else
      const vec<CX> kc = load<CX> (kp + i);
#endif
      vec<CX> out;
#pragma unroll
      for (int c = 0; c < CX; c++)
        out.a[c] = new_value (
          [&] (int dz, int dy, int dx) -> T {
            if (dz)
              return dz < 0 ? lo.a[c] : hi.a[c];
            if (dy)
              return dy < 0 ? dn.a[c] : upr.a[c];
            const int xc = c + dx;
            return xc < 0 ? west : xc >= CX ? east : mid.a[xc];
          },
          [&] (int dz, int dy, int dx) -> T {
#if COEF == 2
            if (dz)
              return dz < 0 ? klo.a[c] : khi.a[c];
            if (dy)
              return dy < 0 ? kdn.a[c] : kup.a[c];
            const int xc = c + dx;
            return xc < 0 ? kwest : xc >= CX ? keast : kmid.a[xc];
#else
            return kc.a[c + dz + dy + dx];      /* (0, 0, 0) only */
#endif
          });
      store<CX> (vp + i, out, m);
      lo = mid;
      mid = hi;
#if COEF == 2
      klo = kmid;
      kmid = khi;
#endif
    }
}

template <int BX, int BY, int CX, int WZ, int OCC>
static void
zwalk_variant (sweep &sw)
{
  constexpr int MINB = OCC / (BX * BY);
  char cfg[64];
  snprintf (cfg, sizeof cfg, "%dx%dx%d/cx%d/occ%d", BX, BY, WZ, CX, OCC);
  variant (sw, "zwalk", cfg, 1, 7, sizeof (T) == 8 ? 1e-10 : 1e-5,
           [] (const grid &g, const T *a, const T *k, T *b) {
             const int cols = (g.n + CX - 1) / CX;
             dim3 grid_ ((cols + BX - 1) / BX, (g.n + BY - 1) / BY,
                         (g.n + WZ - 1) / WZ);
             zwalk<BX, BY, CX, WZ, MINB><<<grid_, dim3 (BX, BY)>>> (g, a, k, b);
           });
}

int
main (int argc, char **argv)
{
  sweep sw;
  start_member (sw, argc, argv, 512, 45);
  /* Threads in x and y, cells a thread in x, planes a walk, threads an
     SM is asked to hold.  */
  /* 1536 threads cap the flux form below its registers: 1024 there.  */
  constexpr int V = VEC, HI = COEF == 2 ? 1024 : 1536;
  zwalk_variant<32, 8, 1, 16, HI> (sw);
  zwalk_variant<32, 8, 1, 32, HI> (sw);
  zwalk_variant<64, 4, 1, 32, HI> (sw);
  zwalk_variant<32, 8, 1, 32, 1024> (sw);
  zwalk_variant<32, 8, V, 8, 1024> (sw);
  zwalk_variant<32, 8, V, 16, 1024> (sw);
  zwalk_variant<32, 8, V, 32, 1024> (sw);
  zwalk_variant<32, 8, V, 64, 1024> (sw);
  zwalk_variant<32, 4, V, 16, 1024> (sw);
  zwalk_variant<32, 4, V, 32, 1024> (sw);
  zwalk_variant<64, 4, V, 16, 1024> (sw);
  zwalk_variant<64, 4, V, 32, 1024> (sw);
  zwalk_variant<16, 8, V, 32, 1024> (sw);
  zwalk_variant<32, 8, V, 16, HI> (sw);
  zwalk_variant<32, 8, V, 32, HI> (sw);
  end_sweep (sw);
  return 0;
}
