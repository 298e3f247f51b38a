/* test-opt.cc -- the optimizer's levels (plugin/opt/plan-level.c) against
   the CPU.  Every stencil of opt-cases.h, at every level and block shape
   (opt-kernels.cu, written by gen-opt-kernels), runs on fresh random data
   over a padded field whose extents no tile divides; the whole allocation
   of every array is compared with the same sum computed here, so a wrong
   halo, a point missed or computed twice, or a write outside the space
   fails; every kernel runs with rows aligned for 16-byte accesses and
   without, and on the CPU every load through __ldg or __ldcg is
   checked to stay in the cells the program reads.  Level 4's temporal
   variants run against their steps (and their fewest, where they may run
   fewer), the closing variants against two.  Then the levels each kernel gets are
   checked against what the optimizer's rules say, and kernels outside its
   reach (inner loops, conditional or irregular reads, reductions, steps)
   are checked to get exactly the level-0 code.

   Built by g++ with cuda-host-shim.h it runs the kernels on the CPU, a
   block's threads as coroutines (so __syncthreads is real);
   built by nvcc (nvcc -x cu test-opt.cc opt-cases.c kir-test.c ...) it
   runs them on a GPU, for compute-sanitizer.  Usage: test-opt [PREFIX]:
   with PREFIX, only the kernels whose names start with it, not checked
   for their level.  */

#include <cstdio>
#include <cstdlib>
#ifdef __CUDACC__
#include <cuda_runtime.h>
#else
#include "cuda-host-shim.h"
#endif

#include "opt-kernels.cu"
#include "opt-cases.h"
#include "kir-test.h"
#include "plan-level.h"
#include "plan-tune.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

static unsigned long long rng_state = 0x2545f4914f6cdd1dull;

static unsigned long long
random_bits (void)
{
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return rng_state >> 11;
}

/* Test data of each element type: in [-1, 1) for double and float, any
   8-bit value, 16-bit values whose sums fit, 0 or 1.  */
template <typename T>
static T
random_value (void)
{
  unsigned long long r = random_bits ();
  if constexpr (std::is_floating_point_v<T>)
    return (T) r / 9007199254740992.0 * 2.0 - 1.0;
  else if constexpr (std::is_same_v<T, bool>)
    return r & 1;
  else if constexpr (sizeof (T) == 1)
    return (T) r;
  else
    return (T) ((int) (r % 2001) - 1000);
}

/* How far a result of type T may lie from the CPU's, relative to
   1 + |value|: nvcc contracts a product and a sum into one FMA where the
   CPU rounds twice, which moves a float sum of 125 terms by up to about
   1e-5, a double one by about 1e-15.  */
template <typename T>
static double
tolerance (void)
{
  if constexpr (std::is_same_v<T, float>)
    return 1e-4;
  else if constexpr (std::is_floating_point_v<T>)
    return 1e-12;
  else
    return 0;
}

template <typename T>
static T *
alloc_elements (long long n)
{
  void *p = NULL;
#ifdef __CUDACC__
  if (cudaMallocManaged (&p, n * sizeof (T)) != cudaSuccess)
    p = NULL;
#else
  p = std::malloc (n * sizeof (T));
#endif
  if (!p)
    {
      std::fprintf (stderr, "FAIL: out of memory\n");
      std::exit (1);
    }
  return (T *) p;
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

/* One padded field per array: ghost cells around the points, rows and
   planes longer than the extents.  ALIGNED: rows of a whole number of
   16-byte units from a 16-byte boundary, in an allocation of whole 16-byte
   units, as the runtime lays them out (level 3 then accesses them 16
   bytes wide); else rows one element longer, from one element past the
   boundary (one element at a time).  */
template <typename T>
struct fields
{
  long long ext[3], row, plane, size, alloc;
  T *dev[OPT_MAX_ARRAYS], *ref[OPT_MAX_ARRAYS], *block[OPT_MAX_ARRAYS];
  int n;

  fields (const opt_spec *s, int aligned) : n (s->narrays)
  {
    const long long unit = 16 / sizeof (T) ? 16 / sizeof (T) : 1;
    for (int d = 0; d < 3; d++)
      ext[d] = d < s->ndims ? s->points[d] + 2 * OPT_GHOST : 1;
    row = (ext[0] + 3 + unit - 1) / unit * unit + !aligned;
    plane = row * (ext[1] + (s->ndims >= 2 ? 2 : 0));
    size = plane * ext[2];
    alloc = (size + 1 + unit - 1) / unit * unit;
    for (int a = 0; a < n; a++)
      {
        block[a] = alloc_elements<T> (alloc);
        dev[a] = block[a] + !aligned;
        ref[a] = alloc_elements<T> (size);
        for (long long i = 0; i < size; i++)
          dev[a][i] = ref[a][i] = random_value<T> ();
      }
  }
  ~fields ()
  {
    for (int a = 0; a < n; a++)
      {
        release (block[a]);
        release (ref[a]);
      }
  }
  T at (int a, long long z, long long y, long long x) const
  {
    return ref[a][z * plane + y * row + x];
  }
};

/* The scale of a spec with coordinates at point (X, Y, Z) (opt-cases.h),
   in the kernel's order of operations.  */
static double
coordinate_scale (const opt_spec *s, long long x, long long y, long long z)
{
  double fx = (double) (int) x, fy = (double) (int) y;
  double scale = std::exp (fx * -0.01) * (std::sin (fy * 0.02) * 0.5 + 1.0)
                 + 1.0 / (fx + 2.0);
  if (s->ndims == 3)
    scale = scale + 0.001 / ((double) (int) z + 1.0);
  return scale;
}

/* The stencil summed as opt-cases.h says: in T for a floating T, else in
   int, converted to T when stored.  */
template <typename T>
static void
reference (const opt_spec *s, fields<T> &f)
{
  typedef std::conditional_t<std::is_floating_point_v<T>, T, int> sum_t;
  const long long g = OPT_GHOST;
  long long pz = s->ndims == 3 ? s->points[2] : 1;
  long long py = s->ndims >= 2 ? s->points[1] : 1;
  long long z0 = s->ndims == 3 ? g : 0, y0 = s->ndims >= 2 ? g : 0;
  for (long long z = z0; z < z0 + pz; z++)
    for (long long y = y0; y < y0 + py; y++)
      for (long long x = g; x < g + s->points[0]; x++)
        {
          sum_t acc = 0;
          for (int i = 0; i < s->nterms; i++)
            {
              const opt_term *t = &s->terms[i];
              sum_t va = f.at (t->a, z + t->oa[0], y + t->oa[1],
                               x + t->oa[2]);
              if (t->b >= 0)
                va = va * (sum_t) f.at (t->b, z + t->ob[0], y + t->ob[1],
                                        x + t->ob[2]);
              acc = acc + va * (sum_t) t->coef;
            }
          if (s->coordinates)
            acc = acc * coordinate_scale (s, x, y, z);
          f.ref[s->narrays - 1][z * f.plane + y * f.row + x] = (T) acc;
        }
}

#ifndef __CUDACC__
/* Every load through __ldg or __ldcg of the kernel being run
   must read the box of cells the program reads (per dimension, from the
   lowest to the highest offset it reads, around the points); a 16-byte
   load must be aligned, hold such a cell and lie in the allocation.  On
   the CPU only (the shim's __ldg and __ldcg).  */
struct read_boxes
{
  const char *dev[OPT_MAX_ARRAYS], *block[OPT_MAX_ARRAYS];
  long long row, plane, size, alloc, elem;
  long long lo[OPT_MAX_ARRAYS][3], hi[OPT_MAX_ARRAYS][3];
  int n, read[OPT_MAX_ARRAYS];
  int *bad;                     /* loads outside */
};
static read_boxes boxes;

static void
note_read (int a, const int *o, const opt_spec *s)
{
  for (int d = 0; d < 3; d++)
    {
      /* o is (dz, dy, dx); dimension d = x, y, z.  */
      long long first = d < s->ndims ? OPT_GHOST + o[2 - d] : 0;
      long long last = d < s->ndims ? first + s->points[d] - 1 : 0;
      if (!boxes.read[a] || first < boxes.lo[a][d])
        boxes.lo[a][d] = first;
      if (!boxes.read[a] || last > boxes.hi[a][d])
        boxes.hi[a][d] = last;
    }
  boxes.read[a] = 1;
}

static int
in_box (int a, long long i)
{
  long long at[3] = { i % boxes.row, i % boxes.plane / boxes.row,
                      i / boxes.plane };
  if (!boxes.read[a] || i < 0 || i >= boxes.size)
    return 0;
  for (int d = 0; d < 3; d++)
    if (at[d] < boxes.lo[a][d] || at[d] > boxes.hi[a][d])
      return 0;
  return 1;
}

static void
check_read (const void *p, std::size_t size)
{
  const char *q = (const char *) p;
  for (int a = 0; a < boxes.n; a++)
    if (q >= boxes.block[a] && q < boxes.block[a] + boxes.alloc * boxes.elem)
      {
        long long i = (q - boxes.dev[a]) / boxes.elem;
        long long n = (long long) size / boxes.elem;
        int any = 0;
        for (long long e = 0; e < n; e++)
          any |= in_box (a, i + e);
        if (!any
            || (n > 1 && (q + size > boxes.block[a] + boxes.alloc * boxes.elem
                          || (unsigned long long) p % size != 0)))
          (*boxes.bad)++;
        return;
      }
  (*boxes.bad)++;
}
#endif

template <typename T>
static int
run_typed (const opt_kernel *kern, const opt_spec *s, int aligned)
{
  fields<T> f (s, aligned);
  reference (s, f);
  int bad_reads = 0;
#ifndef __CUDACC__
  boxes = read_boxes ();
  boxes.n = s->narrays;
  boxes.row = f.row;
  boxes.plane = f.plane;
  boxes.size = f.size;
  boxes.alloc = f.alloc;
  boxes.elem = sizeof (T);
  boxes.bad = &bad_reads;
  for (int a = 0; a < s->narrays; a++)
    {
      boxes.dev[a] = (const char *) f.dev[a];
      boxes.block[a] = (const char *) f.block[a];
    }
  for (int i = 0; i < s->nterms; i++)
    {
      note_read (s->terms[i].a, s->terms[i].oa, s);
      if (s->terms[i].b >= 0)
        note_read (s->terms[i].b, s->terms[i].ob, s);
    }
  shim_read_check = check_read;
#endif
  long long lo[3], n[3], row[OPT_MAX_ARRAYS], plane[OPT_MAX_ARRAYS];
  void *dev[OPT_MAX_ARRAYS];
  for (int d = 0; d < 3; d++)
    {
      lo[d] = OPT_GHOST;
      n[d] = s->points[d];
    }
  for (int a = 0; a < s->narrays; a++)
    {
      row[a] = s->ndims >= 2 ? f.row : f.size;
      plane[a] = s->ndims == 3 ? f.plane : f.size;
      dev[a] = f.dev[a];
    }
  kern->launch (lo, n, dev, row, plane);
#ifdef __CUDACC__
  cudaError_t e = cudaDeviceSynchronize ();
  if (e == cudaSuccess)
    e = cudaGetLastError ();
  if (e != cudaSuccess)
    {
      std::printf ("FAIL: %s: %s\n", kern->name, cudaGetErrorString (e));
      return 1;
    }
#endif
#ifndef __CUDACC__
  shim_read_check = nullptr;
#endif
  const double tol = tolerance<T> ();
  const char *rows = aligned ? "aligned" : "unaligned";
  int bad = bad_reads != 0;
  if (bad_reads)
    std::printf ("FAIL: %s (%s rows): %d loads outside the cells the "
                 "program reads\n", kern->name, rows, bad_reads);
  for (int a = 0; a < s->narrays; a++)
    for (long long i = 0; i < f.size; i++)
      {
        double got = f.dev[a][i], want = f.ref[a][i];
        double diff = got > want ? got - want : want - got;
        if (diff <= tol * (1.0 + (want < 0 ? -want : want)))
          continue;
        if (bad++ < 3)
          std::printf ("FAIL: %s (%s rows): %s at [%lld][%lld][%lld]: got "
                       "%.17g, want %.17g\n", kern->name, rows,
                       s->arrays[a], i / f.plane, i % f.plane / f.row,
                       i % f.row, got, want);
      }
  return bad;
}

/* KERN with aligned and with unaligned rows.  */
static int
run_kernel (const opt_kernel *kern)
{
  const opt_spec *s = opt_spec_get (kern->spec);
  int bad = 0;
  for (int aligned = 1; aligned >= 0; aligned--)
    switch (s->elem)
      {
      case KIR_U8: bad += run_typed<unsigned char> (kern, s, aligned); break;
      case KIR_I16: bad += run_typed<short> (kern, s, aligned); break;
      case KIR_I32: bad += run_typed<int> (kern, s, aligned); break;
      case KIR_I64: bad += run_typed<long long> (kern, s, aligned); break;
      case KIR_BOOL: bad += run_typed<bool> (kern, s, aligned); break;
      case KIR_F32: bad += run_typed<float> (kern, s, aligned); break;
      case KIR_F64: bad += run_typed<double> (kern, s, aligned); break;
      default:
        std::printf ("FAIL: %s: no test data of its element type\n",
                     kern->name);
        return 1;
      }
  return bad;
}

/* A temporal variant (level 4) against its steps of the stencil on
   the CPU, the read and written arrays swapped after each, over a field
   of EXT points (more than one block in every dimension where EXT says
   so): the written array must hold the last step's values inside and
   keep its own outside, every other array must be unchanged (the read one
   too: the runtime runs the step after a batch as an ordinary launch).
   SHELL says how the cells outside the points of the read and the written
   array compare: each step must see the values of the array it reads
   there, where the two agree in a block's cells passed on from the read
   array, else reloaded (one cell that differs must not be missed).  The
   variant runs twice: the second time its blocks take what they found
   out from their words of the run (mintrt.h); with one cell that
   differs, a run before in which it did not must not count.  */
enum temporal_shell
{
  SHELL_RANDOM,                 /* every cell differs (random data) */
  SHELL_SAME,                   /* the written array a copy of the read */
  SHELL_X,                      /* the same but for one cell beside x = 0 */
  SHELL_Z                       /* ... beside the walk's first plane (z = 0,
                                   y = 0 in 2-D), amid the others */
};
static const char *const shell_names[] = { "random", "same", "x", "z" };

/* The element of F at point (Z, Y, X) of a field of NDIMS dimensions.  */
template <typename T>
static long long
field_index (const fields<T> &f, int ndims, long long z, long long y,
             long long x)
{
  return (ndims == 3 ? (z + OPT_GHOST) * f.plane : 0)
         + (y + OPT_GHOST) * f.row + x + OPT_GHOST;
}

/* The cell that differs with SHELL_X or SHELL_Z, else -1.  */
template <typename T>
static long long
make_shell (fields<T> &f, const opt_temporal_kernel *tk, const int *ext,
            temporal_shell shell)
{
  if (shell == SHELL_RANDOM)
    return -1;
  for (long long i = 0; i < f.size; i++)
    f.dev[tk->write][i] = f.ref[tk->write][i] = f.ref[tk->read][i];
  if (shell == SHELL_SAME)
    return -1;
  int ndims = opt_spec_get (tk->spec)->ndims;
  long long i = shell == SHELL_X
                ? field_index (f, ndims, ext[2] / 2, ext[1] / 2, -1)
                : ndims == 3 ? field_index (f, ndims, -1, ext[1] / 2,
                                            ext[0] / 2)
                : field_index (f, ndims, 0, -1, ext[0] / 2);
  f.dev[tk->write][i] = f.ref[tk->write][i] = f.ref[tk->read][i] + 1;
  return i;
}

/* Words for the blocks of a temporal variant, more than the tests need.  */
#define OPT_TILES 4096

/* TK's temporal variant launched for STEPS steps, or its closing variant
   where CLOSING (mintrt.h, MINT_CLOSING_SUFFIX), in its chunked form where
   CHUNKED (MINT_CHUNKED_SUFFIX), against its steps on the CPU, 2 for the
   closing one: that one writes only the second, into a scratch laid out as the
   read array, which holds the read array's cells outside the points and
   other values at them; the scratch must end with the second step inside
   and the read array's cells outside, the written array unchanged.  */
template <typename T>
static int
run_level4_typed (const opt_temporal_kernel *tk, const int *ext,
                  temporal_shell shell, bool closing, bool chunked, int steps)
{
  opt_spec s = *opt_spec_get (tk->spec);
  for (int d = 0; d < 3; d++)
    s.points[d] = ext[d];
  fields<T> f (&s, 1);
  long long one = make_shell (f, tk, ext, shell);
  T *keep_read = alloc_elements<T> (f.size);
  T *keep_write = alloc_elements<T> (f.size);
  T *scratch_block = closing ? alloc_elements<T> (f.alloc) : nullptr;
  T *scratch = closing ? scratch_block + (f.dev[tk->read] - f.block[tk->read])
                       : nullptr;
  for (long long i = 0; i < f.size; i++)
    {
      keep_read[i] = f.ref[tk->read][i];
      keep_write[i] = f.ref[tk->write][i];
      if (closing)
        scratch[i] = keep_read[i];
    }
  for (long long z = 0; closing && z < s.points[2]; z++)
    for (long long y = 0; y < s.points[1]; y++)
      for (long long x = 0; x < s.points[0]; x++)
        scratch[field_index (f, s.ndims, z, y, x)] = random_value<T> ();
  for (int step = 0; step < steps; step++)
    {
      reference (&s, f);
      T *t = f.ref[tk->read];
      f.ref[tk->read] = f.ref[tk->write];
      f.ref[tk->write] = t;
    }
  long long lo[3], n[3], row[OPT_MAX_ARRAYS], plane[OPT_MAX_ARRAYS];
  void *dev[OPT_MAX_ARRAYS];
  for (int d = 0; d < 3; d++)
    {
      lo[d] = OPT_GHOST;
      n[d] = s.points[d];
    }
  for (int a = 0; a < s.narrays; a++)
    {
      row[a] = f.row;
      plane[a] = f.plane;
      dev[a] = f.dev[a];
    }
  unsigned long long *tiles = alloc_elements<unsigned long long> (OPT_TILES);
  for (int i = 0; i < OPT_TILES; i++)
    tiles[i] = 0;
  unsigned long long run = 1;
  if (closing)
    tk->closing[chunked] (lo, n, dev, row, plane, tiles, OPT_TILES, run,
                          2, scratch);
  else if (one >= 0)
    {
      T differs = f.dev[tk->write][one];
      f.dev[tk->write][one] = f.dev[tk->read][one];
      tk->launch[chunked] (lo, n, dev, row, plane, tiles, OPT_TILES, run++,
                           steps, nullptr);
#ifdef __CUDACC__
      cudaDeviceSynchronize ();
#endif
      f.dev[tk->write][one] = differs;
    }
  for (int again = 0; !closing && again < 2; again++)
    tk->launch[chunked] (lo, n, dev, row, plane, tiles, OPT_TILES, run,
                         steps, nullptr);
#ifdef __CUDACC__
  if (cudaDeviceSynchronize () != cudaSuccess)
    {
      std::printf ("FAIL: %s: %s\n", tk->name,
                   cudaGetErrorString (cudaGetLastError ()));
      return 1;
    }
#endif
  const double tol = tolerance<T> ();
  int bad = 0;
  /* After the swaps ref[read] holds the last step.  */
  for (int a = 0; a < s.narrays + closing; a++)
    {
      const T *got = a < s.narrays ? f.dev[a] : scratch;
      const T *want = a == s.narrays ? f.ref[tk->read]
                      : a == tk->read ? keep_read
                      : a == tk->write ? (closing ? keep_write
                                                  : f.ref[tk->read])
                      : f.ref[a];
      for (long long i = 0; i < f.size; i++)
        {
          double g = got[i], w = want[i], diff = g - w;
          if (diff < 0)
            diff = -diff;
          if (diff <= tol * (1.0 + (w < 0 ? -w : w)))
            continue;
          if (bad++ < 3)
            std::printf ("FAIL: %s at %dx%dx%d: %s at [%lld][%lld][%lld]: "
                         "got %.17g, want %.17g\n", tk->name, ext[0], ext[1],
                         ext[2], a < s.narrays ? s.arrays[a] : "the scratch",
                         i / f.plane, i % f.plane / f.row, i % f.row, g, w);
        }
    }
  release (keep_read);
  release (keep_write);
  release (scratch_block);
  release (tiles);
  std::printf ("%s: %s, %d steps per launch%s%s, at %dx%dx%d, shells %s\n",
               bad ? "FAIL" : "PASS", tk->name, steps,
               closing ? " (closing)" : "", chunked ? " (chunked)" : "",
               ext[0], ext[1], ext[2], shell_names[shell]);
  return bad != 0;
}

/* TK's level-4 variants with elements of type T, the closing one where
   there is one; a variant that may run fewer steps also for its fewest,
   with every cell outside the points differing or one beside the walk's
   first plane (the stages after them pass the values on).  */
template <typename T>
static int
run_temporal_typed (const opt_temporal_kernel *tk, const int *ext,
                    temporal_shell shell, bool chunked)
{
  bool closing = tk->closing[chunked] != nullptr;
  bool fewer = tk->fewest < tk->steps
               && (shell == SHELL_RANDOM || shell == SHELL_Z);
  return run_level4_typed<T> (tk, ext, shell, false, chunked, tk->steps)
         + (fewer ? run_level4_typed<T> (tk, ext, shell, false, chunked,
                                         tk->fewest) : 0)
         + (closing ? run_level4_typed<T> (tk, ext, shell, true, chunked, 2)
                    : 0);
}

/* TK's level-4 variants, in their chunked form where CHUNKED.  */
static int
run_temporal (const opt_temporal_kernel *tk, const int *ext,
              temporal_shell shell, bool chunked = false)
{
  switch (opt_spec_get (tk->spec)->elem)
    {
    case KIR_U8:
      return run_temporal_typed<unsigned char> (tk, ext, shell, chunked);
    case KIR_I16: return run_temporal_typed<short> (tk, ext, shell, chunked);
    case KIR_I32: return run_temporal_typed<int> (tk, ext, shell, chunked);
    case KIR_I64:
      return run_temporal_typed<long long> (tk, ext, shell, chunked);
    case KIR_BOOL: return run_temporal_typed<bool> (tk, ext, shell, chunked);
    case KIR_F32: return run_temporal_typed<float> (tk, ext, shell, chunked);
    case KIR_F64: return run_temporal_typed<double> (tk, ext, shell, chunked);
    default:
      std::printf ("FAIL: %s: no test data of its element type\n", tk->name);
      return 1;
    }
}

/* TK's level-4 variants over fields of several extents: one block;
   several in x and y, with a partial one; several along the walk; one
   whose tile lies inside in x.  Then blocks around one inside in every
   dimension (the walk without tests), with every shell's cells
   differing, and with one cell differing beside x = 0 (blocks inside in
   the plane at the ends of the walk pass the values of the planes
   outside on) or beside the walk's first plane (one of those reloads).
   The chunked forms over 133 (3-D) or 600 (2-D) planes, in chunks of
   about 15.  A 2-D variant's rows are 256 cells (plan-temporal.h), its
   chunks 256 rows.  */
static int
run_temporal_extents (const opt_temporal_kernel *tk)
{
  static const int exts3[][3] = { { 11, 9, 7 }, { 61, 23, 13 },
                                  { 9, 7, 133 }, { 61, 61, 5 } };
  static const int inside3[3] = { 56, 120, 131 };
  static const int exts2[][3] = { { 11, 9, 1 }, { 600, 23, 1 },
                                  { 9, 600, 1 }, { 61, 61, 1 } };
  static const int inside2[3] = { 600, 700, 1 };
  bool plane = opt_spec_get (tk->spec)->ndims == 3;
  const int (*exts)[3] = plane ? exts3 : exts2;
  int failed = 0, walk = plane ? 2 : 1;
  for (int e = 0; e < 4; e++)
    for (temporal_shell shell : { SHELL_RANDOM, SHELL_SAME, SHELL_X,
                                  SHELL_Z })
      {
        failed += run_temporal (tk, exts[e], shell);
        if (exts[e][walk] > OPT_CHUNK)
          failed += run_temporal (tk, exts[e], shell, true);
      }
  for (temporal_shell shell : { SHELL_RANDOM, SHELL_X, SHELL_Z })
    failed += run_temporal (tk, plane ? inside3 : inside2, shell);
  return failed;
}

/* Whether S's halo is at most KERN's threads in each dimension below
   NDIMS (0: x).  */
static bool
halo_within_block (const opt_spec *s, const opt_kernel *kern, int ndims)
{
  for (int d = 0; d < ndims; d++)
    for (int i = 0; i < s->nterms; i++)
      {
        const opt_term *t = &s->terms[i];
        int threads = kern->tile[d] / kern->chunk[d];
        if (std::abs (t->oa[2 - d]) > threads
            || (t->b >= 0 && std::abs (t->ob[2 - d]) > threads))
          return false;
      }
  return true;
}

/* The level the optimizer's rules give: marching needs chunksize = tile in
   the outermost dimension (> 1), level 2 also 1 elsewhere (level 3 takes
   chunks there as its register block); a 1-D nest's level 3 is a walk of
   one step, its register block at most 8 points; levels 1 and 2 need
   halo <= threads per tiled dimension (wide7's z halo of 2 with one
   thread in z: level 0).  */
static int
expected_level (const opt_kernel *kern)
{
  const opt_spec *s = opt_spec_get (kern->spec);
  int m = s->ndims - 1, walks = s->ndims >= 2 && kern->tile[m] > 1
                                && kern->chunk[m] == kern->tile[m];
  if (s->ndims == 1 && kern->level == 3 && kern->chunk[0] <= 8)
    return 3;
  int one_column = 1;
  for (int d = 0; d < m; d++)
    one_column &= kern->chunk[d] == 1;
  int level = kern->level;
  if (level == 3 && !walks)
    level = 2;
  if (level == 2 && !(walks && one_column))
    level = 1;
  if (level == 2 && !halo_within_block (s, kern, m))
    level = 1;
  if (level == 1 && !halo_within_block (s, kern, s->ndims))
    level = 0;
  /* Flat arrays get no shared-memory tiles, nor does an array read at
     more than 64 offsets.  */
  if ((s->flat || s->nterms > 64) && level < 3)
    level = 0;
  return level;
}

/* Emitted CUDA of K (its functions) without their comments.  */
static std::string
code_of (struct kir_kernel *k)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&buf, &len);
  char err[256];
  if (!out || t_emit (out, k, NULL, err, sizeof err) != 0)
    {
      std::printf ("FAIL: cannot emit %s\n", k->name);
      std::exit (1);
    }
  std::fclose (out);
  std::string code (buf, len);
  std::free (buf);
  /* Without the comments, which name the level asked for (one a
     function: the kernel, its twins).  */
  for (size_t at; (at = code.find ("/*")) != std::string::npos;)
    code.erase (at, code.find ("*/", at) + 2 - at);
  return code;
}

/* Kernels the optimizer cannot help get level 0 code at every level up
   to TOP, with the reason in the strategy (a reduction is combined at
   level 3 too, where the stencil walks).  */
static int
check_fallbacks (void)
{
  struct fallback
  {
    struct kir_kernel *(*build) (void);
    const char *reason;
    int top;
  };
  static const fallback cases[] = {
    { case_inner_loop, "the body has inner loops", 3 },
    { case_cond2d, "U is read under a condition, beyond the cells it reads "
      "at every point", 3 },
    { case_flat1d, "a is read through a linearized subscript (a pointer to "
      "rows, T (*a)[NX], indexed a[y][x], can use this level)", 3 },
    { case_step_chunk, "step 3 in y", 3 },
    { [] { return case_reduce ("reduce", 1); }, "the nest has a reduction, "
      "which only level 3 and level 0 combine", 2 },
    /* 1-D: level 3 computes a thread's adjacent points (opt-one-d.c).  */
    { case_math, "no read-only array is read at neighbouring points", 2 },
  };
  int bad = 0;
  for (const fallback &c : cases)
    {
      struct kir_kernel *k = c.build ();
      k->exact_level = 1;       /* applicability, not the cost model */
      k->opt_level = 0;
      std::string level0 = code_of (k);
      int before = bad;
      for (int level = 1; level <= c.top; level++)
        {
          k->opt_level = level;
          char why[512];
          int got = t_strategy (k, why, sizeof why);
          if (got != 0 || !std::strstr (why, c.reason)
              || code_of (k) != level0)
            {
              std::printf ("FAIL: %s at level %d: got level %d (%s), want "
                           "level 0 code because %s\n", k->name, level, got,
                           why, c.reason);
              bad++;
            }
        }
      std::printf ("%s: fallback %s: %s\n", bad > before ? "FAIL" : "PASS",
                   k->name, c.reason);
      kir_kernel_free (k);
    }
  return bad;
}

/* Without exact_level, the cost model: levels 1 and 2 (shared memory)
   give level 0 code, level 3 keeps the register column for the 7- and
   the 19-point stencil.  */
static int
check_cost_model (void)
{
  static const struct { const char *spec; int level, want; } cases[] = {
    { "heat7", 1, 0 }, { "heat7", 2, 0 }, { "heat7", 3, 3 },
    { "poisson19", 2, 0 }, { "poisson19", 3, 3 },
  };
  const opt_shape *march = opt_shape_get (3, 0);
  int bad = 0;
  for (const auto &c : cases)
    for (int i = 0; i < opt_spec_count (); i++)
      if (!std::strcmp (opt_spec_get (i)->name, c.spec))
        {
          struct kir_kernel *k = opt_build (opt_spec_get (i), c.level, march,
                                            "cost_model");
          k->exact_level = 0;
          char why[512];
          int got = t_strategy (k, why, sizeof why);
          int ok = got == c.want
                   && (c.want > 0 || std::strstr (why, "measured slower"));
          std::printf ("%s: cost model: %s at level %d: %s\n",
                       ok ? "PASS" : "FAIL", c.spec, c.level, why);
          bad += !ok;
          kir_kernel_free (k);
        }
  return bad;
}

/* Candidate V of C is candidate W with a register limit of REGISTERS.  */
static bool
same_shape (const struct tune_shape *c, int v, int w, int registers)
{
  return std::memcmp (c[v].tile, c[w].tile, sizeof c[v].tile) == 0
         && std::memcmp (c[v].chunk, c[w].chunk, sizeof c[v].chunk) == 0
         && c[v].max_registers == registers;
}

/* Candidate V of C is the rolled one-column walk of LENGTH planes in
   32x8 blocks at LEVEL3_ROLLED_REGISTERS.  */
static bool
rolled_walk (const struct tune_shape *c, int v, int length)
{
  return c[v].tile[0] == 32 && c[v].tile[1] == 8 && c[v].tile[2] == length
         && c[v].chunk[0] == 1 && c[v].chunk[1] == 1
         && c[v].chunk[2] == length
         && c[v].max_registers == LEVEL3_ROLLED_REGISTERS;
}

/* Candidates V, V + 1 and V + 2 of C are the rolled walks of a star
   stencil with a halo of HALO planes: 8, 3 and 4 times HALO.  */
static bool
star_rolled_walks (const struct tune_shape *c, int v, int halo)
{
  return rolled_walk (c, v, 8 * halo) && rolled_walk (c, v + 1, 3 * halo)
         && rolled_walk (c, v + 2, 4 * halo);
}

/* Candidate V of C is one point a thread in 32x8 blocks (no walk), which
   ends the walks of a 3-D star.  */
static bool
point_block (const struct tune_shape *c, int v)
{
  return c[v].tile[0] == 32 && c[v].tile[1] == 8 && c[v].tile[2] == 1
         && c[v].chunk[0] == 1 && c[v].chunk[1] == 1 && c[v].chunk[2] == 1
         && c[v].max_registers == 0;
}

/* Candidate V of C is the box's walk of 12 planes in which each of 32x4
   threads computes two rows (of the cost model's columns), unrolled
   whole.  */
static bool
box_rows_walk (const struct tune_shape *c, int v)
{
  return c[v].tile[0] == 32 * c[v].chunk[0] && c[v].tile[1] == 8
         && c[v].tile[2] == 12 && c[v].chunk[1] == 2 && c[v].chunk[2] == 12
         && c[v].max_registers == 0 && c[v].unroll_whole;
}

/* Candidate V of C is candidate W (the box's walk unrolled whole) with
   its walk unrolled in rounds.  */
static bool
rounds_twin (const struct tune_shape *c, int v, int w)
{
  struct tune_shape rounds = c[w];
  rounds.unroll_whole = 0;
  return c[w].unroll_whole && std::memcmp (&c[v], &rounds, sizeof rounds) == 0;
}

/* Candidate V of C is a walk through a ring of shared planes: 64x4
   threads of 1x4 columns walking 64 planes at 128 registers, or where
   VECTOR threads of one 16-byte unit by 4 columns (2x4 in double, 4x4
   in float) walking 128 at 255, 32x8 threads where TALL, else 32x4.  */
static bool
ring_walk (const struct tune_shape *c, int v, bool vector, bool tall = false)
{
  int walk = vector ? 128 : 64;
  return (vector ? c[v].tile[0] == 32 * c[v].chunk[0]
                   && (c[v].chunk[0] == 2 || c[v].chunk[0] == 4)
                 : c[v].tile[0] == 64 && c[v].chunk[0] == 1)
         && c[v].tile[1] == (tall ? 32 : 16) && c[v].tile[2] == walk
         && c[v].chunk[1] == 4 && c[v].chunk[2] == walk
         && c[v].max_registers == (vector ? 255 : 128) && c[v].stage_planes;
}

/* Candidate V of C walks through the ring of planes in float where the
   nest reads other arrays: 32x4 threads of one row of 4 columns read it
   16 bytes at a time, walking 128 planes at 128 registers.  */
static bool
ring_row (const struct tune_shape *c, int v)
{
  return c[v].tile[0] == 128 && c[v].chunk[0] == 4 && c[v].tile[1] == 4
         && c[v].chunk[1] == 1 && c[v].tile[2] == 128 && c[v].chunk[2] == 128
         && c[v].max_registers == 128 && c[v].stage_planes;
}

/* Whether K with candidate S unrolls STEPS steps of its walk.  */
static bool
unrolls (struct kir_kernel *k, const struct tune_shape *s, int steps)
{
  tune_apply (k, s);
  char pragma[32];
  std::snprintf (pragma, sizeof pragma, "#pragma unroll %d\n", steps);
  return code_of (k).find (pragma) != std::string::npos;
}

/* Candidate V of C is a walk of 4 planes at 64 registers.  */
static bool
limited_walk (const struct tune_shape *c, int v)
{
  return c[v].tile[2] == 4 && c[v].chunk[2] == 4 && c[v].max_registers == 64
         && !c[v].clamp_rows;
}

/* Candidate V of C is candidate W at 80 registers with its rows through a
   clamp.  */
static bool
clamped_walk (const struct tune_shape *c, int v, int w)
{
  return same_shape (c, v, w, 80) && c[v].clamp_rows && !c[w].clamp_rows;
}

/* With the cost model (no exact level), the 3-D level-3 walks of heat7
   and varcoef7 compute its 2x1 register block, the 4-plane walk at 64
   registers (the third candidate) too, and at 80 with clamped rows; the
   rolled walks at LEVEL3_ROLLED_REGISTERS compute one column.  The
   walks of poisson19 and box27 in 2x1 columns would hold 32 and 48
   words from step to step: no walk at 64 or 80 registers, the box walk
   third, unrolled whole, and fourth in rounds.  */
static int
check_register_block_candidates (void)
{
  int bad = 0;
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const opt_spec *s = opt_spec_get (i);
      bool star = !std::strcmp (s->name, "heat7")
                  || !std::strcmp (s->name, "varcoef7");
      bool full = !std::strcmp (s->name, "poisson19")
                  || !std::strcmp (s->name, "box27");
      if (!star && !full)
        continue;
      struct kir_kernel *k = opt_build (s, 3, opt_shape_get (3, 0), "c");
      k->exact_level = 0;
      struct tune_shape c[TUNE_MAX_VARIANTS];
      int n = t_candidates (k, c);
      int ok = c[0].tile[0] == 64 && c[0].chunk[0] == 2 && c[0].chunk[1] == 1;
      if (star)
        ok &= n == 8 && limited_walk (c, 2) && c[2].chunk[0] == 2
              && clamped_walk (c, 3, 2) && star_rolled_walks (c, 4, 1)
              && point_block (c, 7);
      else
        ok &= n == 4 && box_rows_walk (c, 2) && rounds_twin (c, 3, 2);
      for (int v = 0; full && v < n; v++)
        ok &= c[v].max_registers == 0;
      std::printf ("%s: register blocks of %s's candidates\n",
                   ok ? "PASS" : "FAIL", s->name);
      bad += !ok;
      kir_kernel_free (k);
    }
  return bad;
}

/* With the cost model, heat2d's level-3 walks compute its 2x1 register
   block but the last, which keeps one column in 256-wide blocks.  */
static int
check_one_column_candidate (void)
{
  int bad = 0;
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const opt_spec *s = opt_spec_get (i);
      if (std::strcmp (s->name, "heat2d"))
        continue;
      struct kir_kernel *k = opt_build (s, 3, opt_shape_get (3, 0), "c");
      k->exact_level = 0;
      struct tune_shape c[TUNE_MAX_VARIANTS];
      int n = t_candidates (k, c);
      bool ok = n == 3;
      for (int v = 0; ok && v < n; v++)
        ok = c[v].chunk[0] == (v < n - 1 ? 2 : 1);
      ok = ok && c[n - 1].tile[0] == 256 && c[n - 1].tile[1] == 16;
      std::printf ("%s: one-column candidate of %s\n", ok ? "PASS" : "FAIL",
                   s->name);
      bad += !ok;
      kir_kernel_free (k);
    }
  return bad;
}

/* Whether C (N of them) are the candidates of flat spec S's twin over
   grids at LEVEL.  */
static int
same_candidates (const opt_spec *s, int level, const struct tune_shape *c,
                 int n)
{
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const opt_spec *twin = opt_spec_get (i);
      size_t len = std::strlen (twin->name);
      if (twin->flat || std::strncmp (s->name, twin->name, len) != 0
          || std::strcmp (s->name + len, "_flat") != 0)
        continue;
      struct kir_kernel *k = opt_build (twin, level,
                                        opt_shape_get (s->ndims, 0), "t");
      struct tune_shape t[TUNE_MAX_VARIANTS];
      int same = t_candidates (k, t) == n
                 && std::memcmp (t, c, n * sizeof *t) == 0;
      kir_kernel_free (k);
      return same;
    }
  return 0;
}

/* The candidate shapes of plan-tune.h: at most TUNE_MAX_VARIANTS, distinct,
   launchable, every one walking where the first does (the 7-point
   stencil's walks: 6 planes, then 3; 4 and 3 with three read-only
   arrays; in 2-D 16 rows, then 32, then one column a thread; in 1-D at
   level 3 blocks of 256, 128 and 512 threads), register
   limits only at level 3, the rolled walk with one column, block shapes
   where nothing walks, blocks of 4096 points for a reduction; a halo of
   2 planes doubles the walks.  The 3-D level-3 candidates go on with the 4-plane
   walk at 64 registers and at 80 with clamped rows (with a one-plane halo
   only: wide7's halo of 2 goes without; where their queues fit in half
   of 64 registers), and the rolled walk of 8
   planes, followed by those of 3 and 4 and one point a thread for a star
   stencil (not poisson19); star19 (radius 3, double) and star21_xy4
   (radius 4 in x and y) have the walk through a ring of shared planes
   and the ring read 16 bytes at a time before the point, star19_f32
   (float) the latter only, and star19_b_f32 (float, reading B too) it
   in one row a thread.  A flat spec's are
   its twin's, but at level 2 (the twin's walk in shared memory).  */
static int
check_candidates (void)
{
  int bad = 0;
  for (int i = 0; i < opt_spec_count (); i++)
    for (int level = 0; level <= 3; level++)
      {
        const opt_spec *s = opt_spec_get (i);
        struct kir_kernel *k = opt_build (s, level, opt_shape_get (s->ndims,
                                                                   0), "c");
        struct tune_shape c[TUNE_MAX_VARIANTS];
        int n = t_candidates (k, c), ok = n >= 1 && n <= TUNE_MAX_VARIANTS;
        int m = s->ndims - 1;
        for (int v = 0; v < n; v++)
          {
            int threads = 1;
            for (int d = 0; d < 3; d++)
              {
                ok &= c[v].tile[d] % c[v].chunk[d] == 0;
                ok &= d < s->ndims
                      || (c[v].tile[d] == 1 && c[v].chunk[d] == 1);
                threads *= c[v].tile[d] / c[v].chunk[d];
              }
            ok &= threads <= 1024;
            for (int w = 0; w < v; w++)
              ok &= std::memcmp (&c[v], &c[w], sizeof c[v]) != 0;
            tune_apply (k, &c[v]);
            char why[512];
            int got = t_strategy (k, why, sizeof why);
            bool walks = (s->ndims >= 2 || level == 3)
                         && (level == 3
                             || (level == 2 && k->exact_level && !s->flat
                                 && s->nterms <= 64));
            bool last_point = walks && v == n - 1 && s->ndims == 3
                              && point_block (c, v);
            ok &= (got >= 2) == (walks && !last_point);
            ok &= c[v].max_registers == 0 || got == 3;
            ok &= !c[v].unroll_whole || box_rows_walk (c, v);
            ok &= !c[v].stage_planes || ring_walk (c, v, false)
                  || ring_walk (c, v, true) || ring_walk (c, v, true, true)
                  || ring_row (c, v);
            if (c[v].max_registers == LEVEL3_ROLLED_REGISTERS)
              ok &= c[v].chunk[0] == 1 && c[v].chunk[1] == 1
                    && std::strstr (why, "in a rolled loop")
                    && std::strstr (why, "at most 32 registers a thread");
          }
        if (level == 3 && !std::strcmp (s->name, "heat7"))
          ok &= n == 8 && c[0].tile[2] == 6 && c[0].chunk[2] == 6
                && c[0].tile[0] == 32 && c[0].tile[1] == 8
                && c[1].tile[2] == 3 && limited_walk (c, 2)
                && clamped_walk (c, 3, 2) && star_rolled_walks (c, 4, 1)
                && point_block (c, 7);
        if (level == 3 && !std::strcmp (s->name, "box125"))
          {
            /* Plane sums: the long walks, their coefficients literals
               (ptxas places them), the two points of a thread
               interleaved in the steps of a full walk (each with its
               copy of the locals), one point alone.  */
            tune_apply (k, &c[0]);
            char why[512];
            std::string code = code_of (k);
            ok &= n == 3 && same_shape (c, 0, 0, 80)
                  && c[0].tile[0] == 64 && c[0].chunk[0] == 2
                  && c[0].tile[2] == 32 && c[1].tile[0] == 64
                  && c[1].tile[1] == 16 && c[1].tile[2] == 32
                  && c[1].chunk[0] == 2 && c[1].chunk[1] == 2
                  && c[1].max_registers == 128
                  && c[2].chunk[0] == 1 && c[2].max_registers == 80
                  && t_strategy (k, why, sizeof why) == 3
                  && std::strstr (why, "(plane sums)")
                  && code.find ("__constant__") == std::string::npos
                  && code.find ("_p0_1 = ") != std::string::npos;
            tune_apply (k, &c[2]);
            ok &= code_of (k).find ("_p0_0 = ") == std::string::npos;
          }
        /* In float the first walk's threads take the four columns of one
           16-byte access.  */
        if (level == 3 && !std::strcmp (s->name, "box125_f32"))
          ok &= n == 3 && c[0].tile[0] == 128 && c[0].tile[1] == 4
                && c[0].chunk[0] == 4 && c[0].chunk[1] == 1
                && c[0].max_registers == 80 && c[1].chunk[0] == 2
                && c[1].chunk[1] == 2;
        if (level == 3 && !std::strcmp (s->name, "wide7"))
          ok &= n == 6 && c[0].tile[m] == 12 && c[1].tile[m] == 6
                && star_rolled_walks (c, 2, 2) && point_block (c, 5);
        if (level == 3 && !std::strcmp (s->name, "poisson19"))
          {
            /* The box walk unrolls its 12 planes, where the budget of
               other walks takes 6: both are candidates.  No rolled walk:
               its queues would hold 20 words from step to step, more
               than half of its 32 registers.  */
            ok &= n == 6 && box_rows_walk (c, 4) && rounds_twin (c, 5, 4)
                  && unrolls (k, &c[4], 12) && unrolls (k, &c[5], 6);
            for (int v = 0; v < n; v++)
              ok &= c[v].max_registers != LEVEL3_ROLLED_REGISTERS;
          }
        if (level == 3 && !std::strcmp (s->name, "star19"))
          {
            /* A star of radius 3 in double: the walks through a ring of
               shared planes, in one-column threads and in 2x4-column
               threads, before the point block.  */
            tune_apply (k, &c[5]);
            char why[512];
            ok &= n == 8 && star_rolled_walks (c, 2, 3)
                  && ring_walk (c, 5, false) && ring_walk (c, 6, true, true)
                  && point_block (c, 7)
                  && t_strategy (k, why, sizeof why) == 3
                  && std::strstr (why, "U through a ring of 6 shared planes "
                                  "of 72x22, copied 2 planes ahead;");
          }
        if (level == 3 && !std::strcmp (s->name, "star19_f32"))
          {
            /* In float, the ring only in 4x4-column threads, read 16
               bytes at a time: one-column threads lost to the walk
               through L1.  */
            ok &= n == 7 && star_rolled_walks (c, 2, 3)
                  && ring_walk (c, 5, true, true) && c[5].chunk[0] == 4
                  && point_block (c, 6);
          }
        if (level == 3 && !std::strcmp (s->name, "star19_b_f32"))
          {
            /* Reading B too, the float ring in one row of 4 columns a
               thread: 4x4 columns lost to the walk through L1.  */
            ok &= n == 7 && star_rolled_walks (c, 2, 3) && ring_row (c, 5)
                  && point_block (c, 6);
          }
        if (level == 3 && !std::strcmp (s->name, "star21_xy4"))
          {
            /* An in-plane radius of 4: the ring in one-column threads,
               then in 2x4-column threads reading it 16 bytes at a time,
               32x8 of them (U is the only array read).  */
            tune_apply (k, &c[6]);
            char why[512];
            ok &= n == 8 && star_rolled_walks (c, 2, 2)
                  && ring_walk (c, 5, false) && ring_walk (c, 6, true, true)
                  && point_block (c, 7)
                  && t_strategy (k, why, sizeof why) == 3
                  && std::strstr (why, "U through a ring of 5 shared planes "
                                  "of 74x40, copied 2 planes ahead, read 16 "
                                  "bytes at a time");
          }
        if (level == 3 && !std::strcmp (s->name, "varcoef7"))
          ok &= n == 8 && c[0].tile[2] == 4 && c[1].tile[2] == 3
                && same_shape (c, 2, 0, 64) && clamped_walk (c, 3, 0)
                && star_rolled_walks (c, 4, 1);
        if (level == 3 && !std::strcmp (s->name, "lap1d"))
          ok &= n == 3 && c[0].tile[0] == 256 && c[1].tile[0] == 128
                && c[2].tile[0] == 512;
        if (level == 3 && !std::strcmp (s->name, "heat2d"))
          ok &= n == 3 && c[0].tile[0] == 128 && c[0].tile[1] == 16
                && c[0].chunk[1] == 16 && c[1].tile[1] == 32
                && c[2].tile[0] == 256 && c[2].chunk[0] == 1
                && c[2].tile[1] == 16 && c[2].chunk[1] == 16
                && c[2].max_registers == 0;
        if (s->flat && level != 2)
          ok &= same_candidates (s, level, c, n);
        if (level == 0 && s->ndims == 3)
          ok &= n == 6 && c[0].tile[0] == 32 && c[0].tile[1] == 8
                && c[0].tile[2] == 1;
        std::printf ("%s: candidates of %s at level %d: %d\n",
                     ok ? "PASS" : "FAIL", s->name, level, n);
        bad += !ok;
        kir_kernel_free (k);
      }
  struct kir_kernel *k = case_reduce ("reduce", 1);
  k->opt_level = 3;
  struct tune_shape c[TUNE_MAX_VARIANTS];
  int n = t_candidates (k, c), ok = n >= 1;
  for (int i = 0; i < n; i++)
    ok &= c[i].tile[0] * c[i].tile[1] >= 4096 || c[i].chunk[1] == 16;
  std::printf ("%s: a reduction's %d candidates cover 4096 points a block "
               "or take 16 points a thread\n", ok ? "PASS" : "FAIL", n);
  kir_kernel_free (k);
  return bad + !ok + check_register_block_candidates ()
         + check_one_column_candidate ();
}

/* Runs the kernels (of COUNT) whose names start with PREFIX against the
   CPU and, where PREFIX is empty (all of them), checks the levels they got
   against the optimizer's rules; *RAN gets how many ran.  Returns how many
   failed.  */
static int
run_kernels (const char *prefix, int count, int *ran)
{
  int failed = 0;
  *ran = 0;
  for (int i = 0; i < count; i++)
    {
      const opt_kernel *kern = &opt_kernels[i];
      if (std::strncmp (kern->name, prefix, std::strlen (prefix)))
        continue;
      int bad = run_kernel (kern);
      int want = expected_level (kern);
      if (!*prefix && kern->effective != want)
        {
          std::printf ("FAIL: %s: level %d, want %d: %s\n", kern->name,
                       kern->effective, want, kern->strategy);
          bad++;
        }
      std::printf ("%s: %s (level %d)\n", bad ? "FAIL" : "PASS", kern->name,
                   kern->effective);
      failed += bad != 0;
      ++*ran;
    }
  return failed;
}

int
main (int argc, char **argv)
{
  int count = sizeof opt_kernels / sizeof *opt_kernels, ran;
  if (argc > 1)
    {
      /* Short enough for compute-sanitizer's slower tools.  */
      int failed = run_kernels (argv[1], count, &ran);
      std::printf ("%d of %d kernels named %s* failed\n", failed, ran,
                   argv[1]);
      return failed || !ran ? 1 : 0;
    }
  int failed = run_kernels ("", count, &ran);
  int ntemporal = sizeof opt_temporal_kernels / sizeof *opt_temporal_kernels;
  for (int i = 0; i < ntemporal; i++)
    failed += run_temporal_extents (&opt_temporal_kernels[i]);
  failed += check_fallbacks ();
  failed += check_cost_model ();
  failed += check_candidates ();
  std::printf ("%d of %d kernels failed\n", failed, count);
  return failed ? 1 : 0;
}
