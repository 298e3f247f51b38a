/* test-kernels.cc -- runs the emitted test kernels (kernels.cu, written by
   gen-kernels) and compares every array with a plain C++ computation of
   the same loop nest.

   Built by g++ with cuda-host-shim.h, it runs the kernels on the CPU,
   blocks in reverse order, a block's threads as coroutines.  Built by nvcc
   (nvcc -x cu test-kernels.cc kir-test.c ...), it runs them on a GPU.

   Arrays are padded (row and plane strides larger than the extents) and the
   whole allocation, padding included, is compared, so a point computed
   twice, a point missed, or a write outside the iteration space fails.  */

#ifdef __CUDACC__
#include <cuda_runtime.h>
#else
#include "cuda-host-shim.h"
#endif

#include "kernels.cu"
#include "kir-test.h"
#include "mint/mintrt.h"

#include <climits>
#include <initializer_list>
#include <cstdio>
#include <cstring>

/* ---- memory and launch ---------------------------------------------------- */

static void *
alloc_bytes (size_t bytes)
{
  void *p = NULL;
#ifdef __CUDACC__
  if (cudaMallocManaged (&p, bytes) != cudaSuccess)
    p = NULL;
#else
  p = std::malloc (bytes);
#endif
  if (!p)
    {
      std::fprintf (stderr, "FAIL: cannot allocate %zu bytes\n", bytes);
      std::exit (1);
    }
  std::memset (p, 0, bytes);
  return p;
}

static void
release (void *p)
{
#ifdef __CUDACC__
  cudaFree (p);
#else
  std::free (p);
#endif
}

/* Launches KERN over N[0..ndims) points the way libmintrt does: grid
   ceil (n / tile), block tile / chunk.  */
template <typename... P, typename... A>
static void
launch (const struct kir_kernel *k, const long long *n, void (*kern) (P...),
        A... args)
{
  unsigned grid[3], block[3];
  for (int d = 0; d < 3; d++)
    {
      long long nd = d < k->ndims ? n[d] : 1;
      grid[d] = (unsigned) ((nd + k->tile[d] - 1) / k->tile[d]);
      block[d] = (unsigned) (k->tile[d] / k->chunk[d]);
    }
#ifdef __CUDACC__
  kern<<<dim3 (grid[0], grid[1], grid[2]),
         dim3 (block[0], block[1], block[2])>>> (args...);
  cudaError_t e = cudaDeviceSynchronize ();
  if (e == cudaSuccess)
    e = cudaGetLastError ();
  if (e != cudaSuccess)
    {
      std::fprintf (stderr, "FAIL: %s: %s\n", k->name, cudaGetErrorString (e));
      std::exit (1);
    }
#else
  shim_launch (grid, block, [&] { kern (args...); });
#endif
}

/* ---- checked accesses (mint_guard_fault) ---------------------------------- */

static unsigned long long
read_and_clear_fault (unsigned long long fault[4])
{
#ifdef __CUDACC__
  cudaMemcpyFromSymbol (fault, mint_guard_fault, sizeof mint_guard_fault);
  cudaMemset (mint_guard_fault, 0, sizeof mint_guard_fault);
#else
  memcpy (fault, mint_guard_fault, sizeof mint_guard_fault);
  memset (mint_guard_fault, 0, sizeof mint_guard_fault);
#endif
  return fault[0];
}

static int
expect_no_fault (const char *name)
{
  unsigned long long fault[4];
  if (read_and_clear_fault (fault) == 0)
    return 0;
  std::fprintf (stderr, "FAIL: %s: a checked access left its copy (%#llx)\n",
                name, fault[0]);
  return 1;
}

/* A block's test (MINT_FAULT_NO_ELEMENT) found loads (STORE false) or
   stores of array ARRAY of K outside its copy.  */
static int
expect_fault (const struct kir_kernel *k, int array, bool store)
{
  unsigned long long fault[4];
  unsigned long long code = ((unsigned long long) k->line << 32)
                            | mint_fault_tag (k->name)
                            | (store ? MINT_FAULT_STORE : 0)
                            | MINT_FAULT_NO_ELEMENT
                            | (unsigned long long) (array + 1);
  if (read_and_clear_fault (fault) == code)
    return 0;
  std::fprintf (stderr, "FAIL: %s: fault %#llx, expected %#llx\n", k->name,
                fault[0], code);
  return 1;
}

/* ---- arrays --------------------------------------------------------------- */

static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;

static unsigned
random_bits (void)
{
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned) (rng_state >> 32);
}

/* In [lo, hi).  */
static double
random_real (double lo, double hi)
{
  return lo + (hi - lo) * (random_bits () / 4294967296.0);
}

/* A padded [nz][ny][nx] array (rank 1 and 2: nz, ny = 1) and its
   reference copy.  */
template <typename T>
struct field
{
  long long nx, ny, nz, row, plane, size;
  T *dev, *ref;

  field (long long nx_, long long ny_ = 1, long long nz_ = 1, int flat = 0)
    : nx (nx_), ny (ny_), nz (nz_)
  {
    row = flat ? nx : nx + 3;
    plane = flat ? nx * ny : row * (ny + 2);
    size = plane * nz;
    dev = (T *) alloc_bytes (size * sizeof (T));
    ref = (T *) alloc_bytes (size * sizeof (T));
  }
  ~field () { release (dev); release (ref); }

  /* Same values in both copies, padding included.  */
  template <typename GEN> void fill (GEN gen)
  {
    for (long long i = 0; i < size; i++)
      dev[i] = ref[i] = (T) gen ();
  }
  void fill_real (double lo, double hi)
  {
    fill ([=] { return random_real (lo, hi); });
  }
  T &at (long long z, long long y, long long x)
  {
    return ref[z * plane + y * row + x];
  }
};

/* Differences between F's device and reference copies, the first few
   printed.  TOL is relative (0: exact).  */
template <typename T>
static int
compare (const char *kernel, const char *array, const field<T> &f, double tol)
{
  int bad = 0;
  for (long long i = 0; i < f.size; i++)
    {
      double got = (double) f.dev[i], want = (double) f.ref[i];
      double diff = got > want ? got - want : want - got;
      double scale = 1.0 + (want < 0 ? -want : want);
      if (tol == 0 ? f.dev[i] == f.ref[i] : diff <= tol * scale)
        continue;
      if (bad++ < 5)
        std::printf ("FAIL: %s: %s at [%lld][%lld][%lld]: got %.17g, want "
                     "%.17g\n", kernel, array, i / f.plane,
                     i % f.plane / f.row, i % f.row, got, want);
    }
  return bad;
}

static int
compare_value (const char *kernel, const char *what, double got, double want,
               double tol)
{
  double diff = got > want ? got - want : want - got;
  if (diff <= tol * (1.0 + (want < 0 ? -want : want)))
    return 0;
  std::printf ("FAIL: %s: %s: got %.17g, want %.17g\n", kernel, what, got,
               want);
  return 1;
}

static const double TOL_F64 = 1e-12;   /* FMA contraction on the device */
static const double TOL_F32 = 1e-5;

/* ---- the kernels ---------------------------------------------------------- */

typedef void (*heat3d_fn) (long long, long long, long long, long long,
                           long long, long long, const double *, long long,
                           long long, double *, long long, long long, double,
                           double);

static int
run_heat3d (const struct kir_kernel *k, heat3d_fn kern)
{
  field<double> u (13, 11, 7), unew (13, 11, 7);
  u.fill_real (-1, 1);
  unew.fill_real (-1, 1);
  const double c0 = 0.4, c1 = 0.1;
  for (long long z = 1; z < u.nz - 1; z++)
    for (long long y = 1; y < u.ny - 1; y++)
      for (long long x = 1; x < u.nx - 1; x++)
        unew.at (z, y, x)
          = c0 * u.at (z, y, x)
            + c1 * (u.at (z, y, x - 1) + u.at (z, y, x + 1)
                    + u.at (z, y - 1, x) + u.at (z, y + 1, x)
                    + u.at (z - 1, y, x) + u.at (z + 1, y, x));
  const long long n[3] = { u.nx - 2, u.ny - 2, u.nz - 2 };
  launch (k, n, kern, 1LL, n[0], 1LL, n[1], 1LL, n[2], (const double *) u.dev,
          u.row, u.plane, unew.dev, unew.row, unew.plane, c0, c1);
  return compare (k->name, "U", u, 0) + compare (k->name, "Unew", unew,
                                                 TOL_F64);
}

static int
run_cond2d (const struct kir_kernel *k)
{
  field<float> u (37, 19), v (37, 19), w (37, 19);
  u.fill_real (-1, 1);
  v.fill_real (-1, 1);
  w.fill_real (-1, 1);
  const float thr = 0.1f;
  for (long long y = 1; y < u.ny - 1; y++)
    for (long long x = 1; x < u.nx - 1; x++)
      {
        float c = u.at (0, y, x);
        if (c > thr)
          v.at (0, y, x) = (c + u.at (0, y, x - 1) + u.at (0, y, x + 1)
                            + u.at (0, y - 1, x) + u.at (0, y + 1, x))
                           * 0.2f;
        else
          v.at (0, y, x) = c * 2.0f;
        w.at (0, y, x) = c < 0.0f ? -1.0f : 1.0f;
      }
  const long long n[2] = { u.nx - 2, u.ny - 2 };
  int fails = 0;
  /* The kernel and its twin without the checks (MINT_UNCHECKED_SUFFIX),
     which libmintrt runs where the reads the footprint names lie in the
     copies: the same values.  */
  for (auto kern : { cond2d, cond2d_unchecked })
    {
      launch (k, n, kern, 1LL, n[0], 1LL, n[1], (const float *) u.dev,
              u.row, u.plane, v.dev, v.row, v.plane, w.dev, w.row, w.plane,
              thr, u.nx, u.ny, u.nz, v.nx, v.ny, v.nz);
      fails += compare (k->name, "V", v, TOL_F32)
               + compare (k->name, "W", w, 0) + expect_no_fault (k->name);
    }
  /* U's copy one column short: the guarded read of u[y][x + 1] at the
     last column leaves it, the first fault names it.  */
  launch (k, n, cond2d, 1LL, n[0], 1LL, n[1], (const float *) u.dev, u.row,
          u.plane, v.dev, v.row, v.plane, w.dev, w.row, w.plane, thr,
          u.nx - 1, u.ny, u.nz, v.nx, v.ny, v.nz);
  return fails + expect_fault (k, 0, false);
}

static int
run_flat1d (const struct kir_kernel *k)
{
  const long long nx = 45, ny = 9;
  field<double> a (nx * ny, 1, 1, 1), b (nx * ny, 1, 1, 1);
  a.fill_real (-1, 1);
  b.fill_real (-1, 1);
  for (long long j = 1; j < ny - 1; j++)
    for (long long i = 1; i < nx - 1; i++)
      {
        long long idx = j * nx + i;
        b.ref[idx] = a.ref[idx - 1] + a.ref[idx + 1] + a.ref[idx + nx]
                     + a.ref[idx - nx];
      }
  const long long n[2] = { nx - 2, ny - 2 };
  launch (k, n, flat1d, 1LL, n[0], 1LL, n[1], (const double *) a.dev, a.row,
          a.plane, b.dev, b.row, b.plane, nx);
  return compare (k->name, "b", b, TOL_F64);
}

static int
run_inner_loop (const struct kir_kernel *k)
{
  field<double> u (21, 10, 5), out (21, 10);
  u.fill_real (-1, 1);
  out.fill_real (-1, 1);
  const double w = 0.5;
  for (long long y = 0; y < u.ny; y++)
    for (long long x = 0; x < u.nx; x++)
      {
        double s = 0.0;
        for (int z = 0; z < u.nz; z++)
          s += u.at (z, y, x) * w;
        out.at (0, y, x) = s;
      }
  const long long n[2] = { u.nx, u.ny };
  launch (k, n, inner_loop, 0LL, n[0], 0LL, n[1], (const double *) u.dev,
          u.row, u.plane, out.dev, out.row, out.plane, (int) u.nz, w, u.nx,
          u.ny, u.nz);
  return compare (k->name, "out", out, TOL_F64) + expect_no_fault (k->name);
}

/* The sweep of case_sweep along z, or where ROWS along the rows, over
   arrays of EXT[0] x EXT[1] x EXT[2] cells (x fastest).  */
template <typename K>
static int
run_sweep (const struct kir_kernel *k, K kern, bool rows,
           const long long ext[3])
{
  field<double> d (ext[0], ext[1], ext[2]), s (ext[0], ext[1], ext[2]);
  d.fill_real (-1, 1);
  s.fill_real (-1, 1);
  const double a = -0.5, w = 0.25;
  const long long len = rows ? s.nx : s.nz;
  long long n[2] = { rows ? s.ny : s.nx, rows ? s.nz : s.ny };
  for (long long j = 0; j < n[1]; j++)
    for (long long i = 0; i < n[0]; i++)
      {
        auto at = [&] (field<double> &f, long long kk) -> double &
          { return rows ? f.at (j, i, kk) : f.at (kk, j, i); };
        for (long long kk = 1; kk < len; kk++)
          at (s, kk) = (at (d, kk) - at (s, kk - 1) * a) * w;
        for (long long kk = len - 2; kk >= 0; kk--)
          at (s, kk) = at (s, kk) - at (s, kk + 1) * 0.25;
      }
  launch (k, n, kern, 0LL, n[0], 0LL, n[1], (const double *) d.dev, d.row,
          d.plane, s.dev, s.row, s.plane, (int) len, a, w, d.nx, d.ny, d.nz,
          s.nx, s.ny, s.nz);
  return compare (k->name, "S", s, TOL_F64) + expect_no_fault (k->name);
}

/* Rows of 70 cells (windows at 0, 16, ..., 64: the last reaches the next
   row), 45 rows from row 1 of 47 (a warp of 13 lanes), flat.  */
static int
run_flat_rows (const struct kir_kernel *k)
{
  const long long nx = 70, rows = 45;
  field<double> d (nx, rows + 2, 1, 1), s (nx, rows + 2, 1, 1);
  d.fill_real (-1, 1);
  s.fill_real (-1, 1);
  for (long long j = 1; j <= rows; j++)
    {
      double *dr = &d.at (0, j, 0), *sr = &s.at (0, j, 0);
      sr[0] = dr[-1];
      for (long long kk = 1; kk < nx; kk++)
        sr[kk] = dr[kk + 1] + sr[kk - 1] * 0.5;
    }
  const long long n[1] = { rows };
  launch (k, n, flat_rows, 1LL, rows, (const double *) d.dev, d.row, d.plane,
          s.dev, s.row, s.plane, nx, d.size, 1LL, 1LL, s.size, 1LL, 1LL);
  return compare (k->name, "S", s, TOL_F64) + expect_no_fault (k->name);
}

static int
run_math (const struct kir_kernel *k)
{
  const long long len = 203;
  field<double> x (len), y (len);
  field<float> xf (len), yf (len);
  x.fill_real (-2, 2);
  y.fill_real (-2, 2);
  xf.fill_real (-2, 2);
  yf.fill_real (-2, 2);
  for (long long i = 0; i < len; i++)
    {
      double a = x.ref[i];
      y.ref[i] = sqrt (fabs (a)) + pow (a, 2.0) + fmin (a, 0.5)
                 + fma (a, a, 1.0);
      float af = xf.ref[i];
      yf.ref[i] = sqrtf (fabsf (af)) + fminf (af, 0.25f);
    }
  const long long n[1] = { len };
  launch (k, n, math, 0LL, len, (const double *) x.dev, x.row, x.plane,
          y.dev, y.row, y.plane, (const float *) xf.dev, xf.row, xf.plane,
          yf.dev, yf.row, yf.plane);
  return compare (k->name, "y", y, TOL_F64) + compare (k->name, "yf", yf,
                                                       TOL_F32);
}

static int
run_types (const struct kir_kernel *k)
{
  const long long len = 77;
  field<int> ai (len);
  field<long long> bl (len);
  field<unsigned> cu (len);
  field<float> df (len);
  field<unsigned char> ec (len);
  ai.fill ([] { return (int) (random_bits () % 2001) - 1000; });
  bl.fill ([] { return (long long) (random_bits () % 2000001) - 1000000; });
  cu.fill (random_bits);
  df.fill_real (-1, 1);
  ec.fill (random_bits);
  for (long long i = 0; i < len; i++)
    {
      int a = ai.ref[i];
      int q = a / 3, r = a % 3;
      int m = a < q ? a : q;
      m = m < r ? r : m;
      m += abs (a);
      m += ~r;
      long long l = bl.ref[i] + (long long) a * 8589934592LL;
      l = (l >> 2) ^ LLONG_MIN;
      bl.ref[i] = l;
      unsigned u2 = ((unsigned) a * 2654435761u) >> 7;
      cu.ref[i] += -u2;
      unsigned long long big = ((unsigned long long) l * ~0ull << 3) >> 40;
      float f = (float) m / 7.0f + (float) big;
      df.ref[i] = a > 0 ? f : -f;
      ec.ref[i] = (unsigned char) (a * 37) ^ 0x5a;
    }
  const long long n[1] = { len };
  launch (k, n, types, 0LL, len, (const int *) ai.dev, ai.row, ai.plane,
          bl.dev, bl.row, bl.plane, cu.dev, cu.row, cu.plane, df.dev, df.row,
          df.plane, ec.dev, ec.row, ec.plane);
  return compare (k->name, "bl", bl, 0) + compare (k->name, "cu", cu, 0)
         + compare (k->name, "df", df, TOL_F32)
         + compare (k->name, "ec", ec, 0);
}

static int
run_narrow (const struct kir_kernel *k)
{
  const long long len = 61;
  field<signed char> s8 (len);
  field<short> s16 (len);
  field<unsigned short> u16 (len);
  field<bool> flags (len);
  field<float> out (len);
  s8.fill ([] { return (int) (random_bits () % 201) - 100; });
  s16.fill ([] { return (int) (random_bits () % 20001) - 10000; });
  u16.fill (random_bits);
  flags.fill ([] { return random_bits () & 1; });
  out.fill_real (-1, 1);
  for (long long i = 0; i < len; i++)
    {
      signed char a = s8.ref[i];
      short h = s16.ref[i] - (short) abs (a);
      unsigned long long big = (unsigned short) (u16.ref[i] << 3);
      unsigned short w = big < 1000 ? big : 1000;
      u16.ref[i] = w;
      flags.ref[i] = !(a < 0 && h > 0) || a < 0;
      out.ref[i] = (float) h + (float) w;
    }
  const long long n[1] = { len };
  launch (k, n, narrow, 0LL, len, (const signed char *) s8.dev, s8.row,
          s8.plane, (const short *) s16.dev, s16.row, s16.plane, u16.dev,
          u16.row, u16.plane, flags.dev, flags.row, flags.plane, out.dev,
          out.row, out.plane);
  return compare (k->name, "u16", u16, 0) + compare (k->name, "flags", flags, 0)
         + compare (k->name, "out", out, 0);
}

static int
run_step_chunk (const struct kir_kernel *k)
{
  field<double> a (20, 14, 12);
  a.fill_real (-1, 1);
  const long long lo[3] = { 1, 2, 1 }, step[3] = { 1, 3, 2 };
  const long long n[3] = { 17, 4, 5 };
  for (long long tz = 0; tz < n[2]; tz++)
    for (long long ty = 0; ty < n[1]; ty++)
      for (long long tx = 0; tx < n[0]; tx++)
        {
          long long x = lo[0] + tx * step[0], y = lo[1] + ty * step[1];
          long long z = lo[2] + tz * step[2];
          a.at (z, y, x) += x * 1.0 + y * 100.0 + z * 10000.0 + 1.0;
        }
  launch (k, n, step_chunk, lo[0], n[0], lo[1], n[1], lo[2], n[2], a.dev,
          a.row, a.plane);
  return compare (k->name, "A", a, TOL_F64);
}

typedef void (*reduce_fn) (long long, long long, long long, long long,
                           const double *, long long, long long, double *,
                           double *, int *, long long *, double *);

static int
run_reduce (const struct kir_kernel *k, reduce_fn kern)
{
  field<double> a (70, 9);
  a.fill_real (0, 1);
  double *s = (double *) alloc_bytes (sizeof *s);
  double *m = (double *) alloc_bytes (sizeof *m);
  int *cnt = (int *) alloc_bytes (sizeof *cnt);
  long long *mn = (long long *) alloc_bytes (sizeof *mn);
  double *p = (double *) alloc_bytes (sizeof *p);
  *s = 10.0, *m = -5.0, *cnt = 3, *mn = 1000000000, *p = 2.0;
  double rs = *s, rm = *m, rp = *p;
  long long rcnt = *cnt, rmn = *mn;
  for (long long y = 0; y < a.ny; y++)
    for (long long x = 0; x < a.nx; x++)
      {
        double v = a.at (0, y, x);
        rs += v;
        rm = fmax (rm, v);
        rcnt += v > 0.5;
        long long milli = (long long) (v * 1000.0);
        rmn = milli < rmn ? milli : rmn;
        rp *= 1.0 + v / 1000.0;
      }
  const long long n[2] = { a.nx, a.ny };
  launch (k, n, kern, 0LL, n[0], 0LL, n[1], (const double *) a.dev, a.row,
          a.plane, s, m, cnt, mn, p);
  int bad = compare_value (k->name, "sum", *s, rs, TOL_F64)
            + compare_value (k->name, "max", *m, rm, 0)
            + compare_value (k->name, "count", *cnt, (double) rcnt, 0)
            + compare_value (k->name, "min", (double) *mn, (double) rmn, 0)
            + compare_value (k->name, "product", *p, rp, TOL_F64);
  release (s);
  release (m);
  release (cnt);
  release (mn);
  release (p);
  return bad;
}

static int
run_narrow_reduce (const struct kir_kernel *k)
{
  const long long len = 157;
  field<unsigned char> u (len);
  field<unsigned short> w (len), sq (len);
  u.fill (random_bits);
  w.fill (random_bits);
  sq.fill (random_bits);
  /* The accumulators: unsigned for +, * and bool, int for a signed min or
     max.  */
  unsigned *cnt = (unsigned *) alloc_bytes (sizeof *cnt);
  int *lo = (int *) alloc_bytes (sizeof *lo);
  int *hi = (int *) alloc_bytes (sizeof *hi);
  unsigned *any = (unsigned *) alloc_bytes (sizeof *any);
  unsigned *prod = (unsigned *) alloc_bytes (sizeof *prod);
  unsigned char rcnt = 200;
  signed char rlo = 100;
  short rhi = -30000;
  bool rany = false;
  short rprod = 3;
  *cnt = rcnt, *lo = rlo, *hi = rhi, *any = rany, *prod = (unsigned) rprod;
  for (long long i = 0; i < len; i++)
    {
      unsigned char v = u.ref[i];
      rcnt += v;
      rlo = (signed char) v < rlo ? (signed char) v : rlo;
      unsigned short x = (unsigned short) ((unsigned) w.ref[i] * w.ref[i]);
      sq.ref[i] = x;
      rhi = (short) x > rhi ? (short) x : rhi;
      rany = rany || v > 250;
      rprod = (short) (rprod * (short) (v | 1));
    }
  const long long n[1] = { len };
  launch (k, n, narrow_reduce, 0LL, len, (const unsigned char *) u.dev,
          u.row, u.plane, (const unsigned short *) w.dev, w.row, w.plane,
          sq.dev, sq.row, sq.plane, cnt, lo, hi, any, prod);
  int bad = compare (k->name, "sq", sq, 0)
            + compare_value (k->name, "cnt", (unsigned char) *cnt, rcnt, 0)
            + compare_value (k->name, "lo", (signed char) *lo, rlo, 0)
            + compare_value (k->name, "hi", (short) *hi, rhi, 0)
            + compare_value (k->name, "any", (bool) *any, rany, 0)
            + compare_value (k->name, "prod", (short) *prod, rprod, 0);
  release (cnt);
  release (lo);
  release (hi);
  release (any);
  release (prod);
  return bad;
}

static int
run_scalars (const struct kir_kernel *k)
{
  field<double> out (50);
  out.fill_real (-1, 1);
  const int class_ = -7;
  const unsigned u = 4000000000u;
  const long long nx = -123456789012LL;
  const unsigned long long big = 0xffff0000ffff0000ull;
  const float sq = 2.5f;
  const double d = 2.0;
  const long long lo = 3, n[1] = { 40 };
  for (long long i = lo; i < lo + n[0]; i++)
    out.ref[i] = (double) i + class_ + (double) u + (double) nx
                 + (double) (big >> 40) + (double) sq + sqrt (d);
  launch (k, n, scalars, lo, n[0], out.dev, out.row, out.plane, class_, u, nx,
          big, sq, d);
  return compare (k->name, "threadIdx", out, TOL_F64);
}

static int
run_case (const struct kir_kernel *k)
{
  const char *name = k->name;
  if (!strcmp (name, "heat3d"))
    return run_heat3d (k, heat3d);
  if (!strcmp (name, "heat3d_opt3"))
    return run_heat3d (k, heat3d_opt3);
  if (!strcmp (name, "cond2d"))
    return run_cond2d (k);
  if (!strcmp (name, "flat1d"))
    return run_flat1d (k);
  if (!strcmp (name, "inner_loop"))
    return run_inner_loop (k);
  if (!strcmp (name, "math"))
    return run_math (k);
  if (!strcmp (name, "types"))
    return run_types (k);
  if (!strcmp (name, "narrow"))
    return run_narrow (k);
  if (!strcmp (name, "step_chunk"))
    return run_step_chunk (k);
  if (!strcmp (name, "reduce"))
    return run_reduce (k, reduce);
  if (!strcmp (name, "reduce_partial_warps"))
    return run_reduce (k, reduce_partial_warps);
  if (!strcmp (name, "scalars"))
    return run_scalars (k);
  if (!strcmp (name, "narrow_reduce"))
    return run_narrow_reduce (k);
  /* Along z, 6 planes; along the rows, 70 cells of 45 x 3 rows (a warp
     of 13 lanes; windows at 0, 32, 64); along z again, 45 planes (whole
     segments of the recomputed sweep, and 4 cells above them).  */
  static const long long z_ext[3] = { 21, 10, 6 }, rows_ext[3] = { 70, 45, 3 };
  static const long long long_z_ext[3] = { 16, 4, 45 };
  if (!strcmp (name, "sweep"))
    return run_sweep (k, sweep, false, z_ext);
  if (!strcmp (name, "row_sweep"))
    return run_sweep (k, row_sweep, true, rows_ext);
  if (!strcmp (name, "recomputed_sweep"))
    return run_sweep (k, recomputed_sweep, false, long_z_ext);
  /* Rows of 70 cells, and of 1100, more than the kept values cover
     (RECOMPUTE_ROW_KEPT segments).  */
  static const long long long_rows_ext[3] = { 1100, 40, 2 };
  if (!strcmp (name, "recomputed_row_sweep"))
    return run_sweep (k, recomputed_row_sweep, true, rows_ext)
           | run_sweep (k, recomputed_row_sweep, true, long_rows_ext);
  if (!strcmp (name, "flat_rows"))
    return run_flat_rows (k);
  std::printf ("FAIL: no run function for kernel %s\n", name);
  return 1;
}

int
main (void)
{
  int failed = 0;
  for (int i = 0; i < case_count (); i++)
    {
      struct kir_kernel *k = case_build (i);
      int bad = run_case (k);
      std::printf ("%s: %s\n", bad ? "FAIL" : "PASS", k->name);
      failed += bad != 0;
      kir_kernel_free (k);
    }
  std::printf ("%d of %d kernels failed\n", failed, case_count ());
  return failed ? 1 : 0;
}
