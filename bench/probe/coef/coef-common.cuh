/* coef-common.cuh -- what coef2d.cu and coef3d.cu share: the member's
   arithmetic (bench/family/family.c's coefficient stars and box, in its
   order of additions), the padded device layout, the family's start
   values, a CPU reference of N steps, the check, the timing (median of 5
   blocks after a warm-up block) and the 16-byte copy whose bandwidth
   gives the bound.

   The member comes from the same flags as family.c: -DDIMS=2|3, -DR=1|2,
   -DBOX (else a star), -DCOEF=1|2|3, -DREAL=float, and -DNAME="..." (the
   member's name in bench/family/members).  */

#ifndef COEF_COMMON_CUH
#define COEF_COMMON_CUH

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../cuda-check.h"
#include "../star/ms-per-step.cuh"

#ifndef REAL
# define REAL double
#endif
typedef REAL T;
#ifndef R
# define R 1
#endif
#ifndef COEF
# define COEF 1
#endif
#ifndef NAME
# define NAME "member"
#endif
#if COEF == 2 && (R != 1 || defined BOX)
# error "COEF=2 is the radius-1 star"
#endif

#ifdef BOX
# define POINTS ((2 * R + 1) * (2 * R + 1) * (DIMS == 3 ? 2 * R + 1 : 1))
#else
# define POINTS (2 * DIMS * R + 1)
#endif
/* family.c's coefficient of offset (dz, dy, dx): folded in double, then
   cast.  */
#define W(dz, dy, dx) \
  ((T) ((0.999 + 0.0001 * ((dz) * 81 + (dy) * 9 + (dx))) / POINTS))

/* Cells a 16-byte access, and the x halo rounded up to it: the interior
   of each row starts 16-byte aligned.  */
#define VEC (16 / (int) sizeof (T))
#define RA ((R + VEC - 1) / VEC * VEC)

/* The new value of a point from U (dz, dy, dx) and K (dz, dy, dx), its
   neighbours' values: family.c's NEW_VALUE, term for term.  */
template <typename U, typename K>
__host__ __device__ __forceinline__ T
new_value (U u, K k)
{
  const T c = u (0, 0, 0);
#if COEF == 2
  auto flux = [&] (int dz, int dy, int dx) {
    return (k (0, 0, 0) + k (dz, dy, dx)) * (u (dz, dy, dx) - c);
  };
  T f = (flux (0, 0, -1) + flux (0, 0, 1)) + (flux (0, -1, 0) + flux (0, 1, 0));
# if DIMS == 3
  f = f + (flux (-1, 0, 0) + flux (1, 0, 0));
# endif
  return c + (T) 0.1 * f;
#else
# ifdef BOX
  /* PLANE (0) (2-D) or CUBE (3-D): rows in x, summed over y, then z.  */
  T upd = 0;
#  pragma unroll
  for (int dz = (DIMS == 3 ? -R : 0); dz <= (DIMS == 3 ? R : 0); dz++)
    {
      T plane = 0;
#  pragma unroll
      for (int dy = -R; dy <= R; dy++)
        {
          T row = W (dz, dy, -R) * u (dz, dy, -R);
#  pragma unroll
          for (int dx = -R + 1; dx <= R; dx++)
            row = row + W (dz, dy, dx) * u (dz, dy, dx);
          plane = dy == -R ? row : plane + row;
        }
      upd = dz == (DIMS == 3 ? -R : 0) ? plane : upd + plane;
    }
# else
  /* W0 u + ARMS, ARM (q) = PAIR_X (q) + PAIR_Y (q) [+ PAIR_Z (q)].  */
  T arms = 0;
#  pragma unroll
  for (int q = 1; q <= R; q++)
    {
      T arm = W (0, 0, q) * (u (0, 0, -q) + u (0, 0, q))
              + W (0, q, 0) * (u (0, -q, 0) + u (0, q, 0));
#  if DIMS == 3
      arm = arm + W (q, 0, 0) * (u (-q, 0, 0) + u (q, 0, 0));
#  endif
      arms = q == 1 ? arm : arms + arm;
    }
  const T upd = W (0, 0, 0) * c + arms;
# endif
# if COEF == 3
  return k (0, 0, 0) != 0 ? upd : c;
# else
  return c + k (0, 0, 0) * (upd - c);
# endif
#endif
}

/* The device layout: rows padded to 32 cells with the interior's first
   cell 16-byte aligned, at least one 16-byte access of slack right of
   the last (partial) access of a row.  Interior point (z, y, x) lies at
   origin + z plane + y row + x (z = 0 in 2-D).  */
struct grid
{
  int n;
  long row, plane, origin;
  size_t elems;
};

static grid
make_grid (int n)
{
  grid g;
  g.n = n;
  g.row = (RA + (n + VEC - 1) / VEC * VEC + 2 * VEC + 31) / 32 * 32;
  g.plane = g.row * (n + 2 * R);
  g.origin = (DIMS == 3 ? R * g.plane : 0) + R * g.row + RA;
  g.elems = g.plane * (DIMS == 3 ? n + 2 * R : 1);
  return g;
}

/* family.c's arrays (E = N + 2R cells a side, its halo fixed): the start
   values of u (= v) and k, and N steps of the CPU.  */
struct host_fields
{
  int n, e;
  size_t cells;
  std::vector<T> u, k;
};

static host_fields
family_start (int n)
{
  host_fields h;
  h.n = n;
  h.e = n + 2 * R;
  h.cells = 1;
  for (int d = 0; d < DIMS; d++)
    h.cells *= h.e;
  h.u.resize (h.cells);
  h.k.resize (h.cells);
  for (size_t i = 0; i < h.cells; i++)
    {
      h.u[i] = (T) ((i * 7) % 101) / (T) 101;        /* START_VALUE (T, i, 0) */
      h.k[i] = COEF == 3 ? (T) (i % 5 != 2)
                         : (T) 0.1 + (T) 0.075 * (T) (i % 5);
    }
  return h;
}

/* The CPU's accessor of array A around cell I (strides SZ, SY).  */
struct around
{
  const T *a;
  long i, sz, sy;
  __host__ __device__ T
  operator() (int dz, int dy, int dx) const
  {
    return a[i + dz * sz + dy * sy + dx];
  }
};

static void
cpu_steps (host_fields &h, int steps)
{
  const long e = h.e, sy = e, sz = DIMS == 3 ? e * e : 0;
  std::vector<T> v = h.u;
  for (int t = 0; t < steps; t++)
    {
      for (long z = (DIMS == 3 ? R : 0); z < (DIMS == 3 ? h.n + R : 1); z++)
        for (long y = R; y < h.n + R; y++)
          for (long x = R; x < h.n + R; x++)
            {
              const long i = z * sz + y * sy + x;
              v[i] = new_value (around {h.u.data (), i, sz, sy},
                                around {h.k.data (), i, sz, sy});
            }
      std::swap (h.u, v);
    }
}

/* Family cell I's place in the device layout.  */
static size_t
device_index (const grid &g, const host_fields &h, size_t i)
{
  const long e = h.e, x = i % e, y = (i / e) % e, z = DIMS == 3 ? i / (e * e) : R;
  return g.origin + (z - R) * g.plane + (y - R) * g.row + (x - R);
}

/* The device's fields: U and V (both the start values, as in family.c),
   K; the padding zero.  */
struct fields
{
  grid g;
  T *u, *v, *k;
};

static void
upload (fields &f, const host_fields &h)
{
  std::vector<T> du (f.g.elems, 0), dk (f.g.elems, 0);
  for (size_t i = 0; i < h.cells; i++)
    {
      const size_t j = device_index (f.g, h, i);
      du[j] = h.u[i];
      dk[j] = h.k[i];
    }
  const size_t b = f.g.elems * sizeof (T);
  CHECK (cudaMemcpy (f.u, du.data (), b, cudaMemcpyHostToDevice));
  CHECK (cudaMemcpy (f.v, du.data (), b, cudaMemcpyHostToDevice));
  CHECK (cudaMemcpy (f.k, dk.data (), b, cudaMemcpyHostToDevice));
}

static fields
make_fields (const host_fields &h)
{
  fields f;
  f.g = make_grid (h.n);
  const size_t b = f.g.elems * sizeof (T);
  CHECK (cudaMalloc (&f.u, b));
  CHECK (cudaMalloc (&f.v, b));
  CHECK (cudaMalloc (&f.k, b));
  upload (f, h);
  return f;
}

static void
free_fields (fields &f)
{
  CHECK (cudaFree (f.u));
  CHECK (cudaFree (f.v));
  CHECK (cudaFree (f.k));
}

/* The largest relative difference of device array D (layout G) from the
   family array WANT over every cell, halo included.  */
static double
relative_error (const grid &g, const host_fields &want, const T *d)
{
  std::vector<T> got (g.elems);
  CHECK (cudaMemcpy (got.data (), d, g.elems * sizeof (T),
                     cudaMemcpyDeviceToHost));
  double err = 0;
  for (size_t i = 0; i < want.cells; i++)
    {
      const double w = want.u[i], x = got[device_index (g, want, i)];
      const double r = std::fabs (x - w) / std::max (std::fabs (w), 1e-3);
      if (!(r <= err))
        err = r;                /* NaN sticks */
    }
  return err;
}

/* The bound's copy: 16-byte accesses, grid-stride.  */
__global__ void
copy16 (const float4 *__restrict__ a, float4 *__restrict__ b, size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    b[i] = __ldg (a + i);
}

/* GB/s (read + written) of copy16 over a 2 GiB buffer, timed as the
   stencils are (blocks of 20 copies); prints "COPY GB/s".  */
static double
copy_bandwidth ()
{
  const size_t bytes = (size_t) 2 << 30, n = bytes / 16;
  float4 *a, *b;
  CHECK (cudaMalloc (&a, bytes));
  CHECK (cudaMalloc (&b, bytes));
  CHECK (cudaMemset (a, 0, bytes));
  int sms;
  CHECK (cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, 0));
  const double ms = ms_per_step (20, [&] {
    copy16<<<sms * 8, 256>>> (a, b, n);
  });
  CHECK (cudaFree (a));
  CHECK (cudaFree (b));
  const double gbs = 2.0 * bytes / ms / 1e6;
  printf ("COPY GB/s %.1f\n", gbs);
  return gbs;
}

/* Compulsory bytes a step as family.c counts them: each of its arrays
   (u, k and the result) once a point.  */
static double
compulsory_bytes (int n)
{
  double p = 1;
  for (int d = 0; d < DIMS; d++)
    p *= n;
  return p * sizeof (T) * 3;
}

/* The sweep's record: per configuration a RUN line, the best at the
   end.  */
struct best_run
{
  char variant[64] = "", config[64] = "";
  double ms = 1e30;
  bool ok = true;
};

static void
report (best_run &b, const char *variant, const char *config, double ms,
        bool ok)
{
  printf ("RUN %s %s %s %.4f%s\n", NAME, variant, config, ms,
          ok ? "" : " WRONG");
  fflush (stdout);
  if (ok && ms < b.ms)
    {
      snprintf (b.variant, sizeof b.variant, "%s", variant);
      snprintf (b.config, sizeof b.config, "%s", config);
      b.ms = ms;
    }
}

static void
report_bound (int n, double gbs)
{
  const double bytes = compulsory_bytes (n);
  printf ("BOUND %s bytes/step %.6e copy-bound %.4f ms/step\n", NAME, bytes,
          bytes / gbs / 1e6);
}

/* Vectors of C cells, aligned as one access (C * sizeof (T) <= 16):
   plain copies of them compile to one 8- or 16-byte access.  */
template <int C>
struct alignas (C * sizeof (T)) vec
{
  T a[C];
};

/* A vector at P through the read-only path (__ldg), as one access where
   C cells are 8 or 16 bytes.  */
template <int C>
__device__ __forceinline__ vec<C>
load (const T *p)
{
  vec<C> v;
  if constexpr (C * sizeof (T) == 16 && sizeof (T) == 8)
    {
      const double2 t = __ldg ((const double2 *) p);
      v.a[0] = t.x, v.a[1] = t.y;
    }
  else if constexpr (C * sizeof (T) == 16)
    {
      const float4 t = __ldg ((const float4 *) p);
      v.a[0] = t.x, v.a[1] = t.y, v.a[2] = t.z, v.a[3] = t.w;
    }
  else if constexpr (C * sizeof (T) == 8 && sizeof (T) == 4)
    {
      const float2 t = __ldg ((const float2 *) p);
      v.a[0] = t.x, v.a[1] = t.y;
    }
  else
    {
#pragma unroll
      for (int c = 0; c < C; c++)
        v.a[c] = __ldg (p + c);
    }
  return v;
}

/* Stores V at P, only its first M cells where M < C (a row's last,
   partial access).  */
template <int C>
__device__ __forceinline__ void
store (T *p, const vec<C> &v, int m)
{
  if (m >= C)
    *(vec<C> *) p = v;
  else
#pragma unroll
    for (int c = 0; c < C; c++)
      if (c < m)
        p[c] = v.a[c];
}

/* One thread a point, every value loaded: the simplest kernel, a
   baseline.  */
__global__ void
plain (grid g, const T *__restrict__ u, const T *__restrict__ k,
       T *__restrict__ v)
{
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= g.n || y >= g.n)
    return;
  for (int z = blockIdx.z; z < (DIMS == 3 ? g.n : 1); z += gridDim.z)
    {
      const long i = g.origin + z * g.plane + y * g.row + x;
      const long sz = g.plane, sy = g.row;
      v[i] = new_value (
        [&] (int dz, int dy, int dx) { return __ldg (u + i + dz * sz + dy * sy + dx); },
        [&] (int dz, int dy, int dx) { return __ldg (k + i + dz * sz + dy * sy + dx); });
    }
}

static void
launch_plain (const grid &g, const T *u, const T *k, T *v)
{
  plain<<<dim3 ((g.n + 31) / 32, (g.n + 7) / 8, DIMS == 3 ? 16 : 1),
          dim3 (32, 8)>>> (g, u, k, v);
}

/* A sweep of variants: each checked at a small size against the CPU
   (its own number of steps, a multiple of its steps a pass), then timed
   at the family's size.  */
struct sweep
{
  host_fields start;            /* the small size's start values */
  std::vector<std::pair<int, host_fields>> refs;  /* CPU results by steps */
  fields small, big;
  best_run best;
  int steps;                    /* steps a timed block (family.c: 20) */
};

static void
start_sweep (sweep &sw, int n, int n_check, int steps)
{
  printf ("MEMBER %s %s n %d check-n %d\n", NAME,
          sizeof (T) == 4 ? "float" : "double", n, n_check);
  sw.steps = steps;
  report_bound (n, copy_bandwidth ());
  sw.start = family_start (n_check);
  sw.small = make_fields (sw.start);
  host_fields big = family_start (n);
  sw.big = make_fields (big);
}

static const host_fields &
reference (sweep &sw, int steps)
{
  for (auto &r : sw.refs)
    if (r.first == steps)
      return r.second;
  host_fields h = sw.start;
  cpu_steps (h, steps);
  sw.refs.emplace_back (steps, std::move (h));
  return sw.refs.back ().second;
}

/* PASS (grid, in, k, out) launches PER steps from IN to OUT; checked
   over CHECK_STEPS (a multiple of PER) steps to TOL, timed over blocks
   of PER * ceil (steps / PER) steps.  */
template <typename P>
static void
variant (sweep &sw, const char *name, const char *config, int per,
         int check_steps, double tol, P pass)
{
  fields &f = sw.small;
  upload (f, sw.start);
  T *a = f.u, *b = f.v;
  for (int s = 0; s < check_steps; s += per)
    {
      pass (f.g, a, f.k, b);
      std::swap (a, b);
    }
  CHECK (cudaGetLastError ());
  CHECK (cudaDeviceSynchronize ());
  const double err = relative_error (f.g, reference (sw, check_steps), a);
  const bool ok = err <= tol;
  printf ("CHECK %s %s %s %s steps %d relerr %.2e\n", NAME, name, config,
          ok ? "ok" : "WRONG", check_steps, err);
  fields &g = sw.big;
  T *u = g.u, *v = g.v;
  const int steps = (sw.steps + per - 1) / per * per;
  const double ms = ms_per_step (steps, [&] {
    pass (g.g, u, g.k, v);
    std::swap (u, v);
  }, per);
  report (sw.best, name, config, ms, ok);
}

/* The member's sweep from the command line, [N [CHECK_N [STEPS]]]
   (DEF_N, DEF_CHECK and 20 by default), begun with the plain kernel.  */
static void
start_member (sweep &sw, int argc, char **argv, int def_n, int def_check)
{
  start_sweep (sw, argc > 1 ? atoi (argv[1]) : def_n,
               argc > 2 ? atoi (argv[2]) : def_check,
               argc > 3 ? atoi (argv[3]) : 20);
  variant (sw, "plain", "32x8", 1, 7, sizeof (T) == 8 ? 1e-10 : 1e-5,
           [] (const grid &g, const T *a, const T *k, T *b) {
             launch_plain (g, a, k, b);
           });
}

static void
end_sweep (sweep &sw)
{
  printf ("BEST %s %s %s %.4f\n", NAME, sw.best.variant, sw.best.config,
          sw.best.ms);
  free_fields (sw.small);
  free_fields (sw.big);
}

#endif /* COEF_COMMON_CUH */
