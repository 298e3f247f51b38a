/* opt-cases.c -- the optimizer test stencils (opt-cases.h).  */

#include "opt-cases.h"
#include "delinearize.h"
#include "kir-test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct opt_spec specs[32];
static int nspecs;

static struct opt_spec *
spec (const char *name, int ndims, int narrays, const char *const *arrays,
      int px, int py, int pz)
{
  struct opt_spec *s = &specs[nspecs++];
  memset (s, 0, sizeof *s);
  s->name = name;
  s->elem = KIR_F64;
  s->ndims = ndims;
  s->narrays = narrays;
  for (int i = 0; i < narrays; i++)
    s->arrays[i] = arrays[i];
  s->points[0] = px;
  s->points[1] = py;
  s->points[2] = pz;
  return s;
}

static void
term (struct opt_spec *s, double coef, int a, int dz, int dy, int dx, int b,
      int bz, int by, int bx)
{
  struct opt_term *t = &s->terms[s->nterms++];
  t->coef = coef;
  t->a = a;
  t->oa[0] = dz, t->oa[1] = dy, t->oa[2] = dx;
  t->b = b;
  t->ob[0] = bz, t->ob[1] = by, t->ob[2] = bx;
}

static void
single (struct opt_spec *s, double coef, int a, int dz, int dy, int dx)
{
  term (s, coef, a, dz, dy, dx, -1, 0, 0, 0);
}

static const int faces[6][3] = { { 0, 0, -1 }, { 0, 0, 1 }, { 0, -1, 0 },
                                 { 0, 1, 0 }, { -1, 0, 0 }, { 1, 0, 0 } };

/* A star of radius 3 (19 points), a weight per offset.  */
static void
star19_terms (struct opt_spec *s)
{
  single (s, 0.3, 0, 0, 0, 0);
  for (int q = 1; q <= 3; q++)
    for (int f = 0; f < 6; f++)
      single (s, 0.01 * (q + 3 * f), 0, q * faces[f][0], q * faces[f][1],
              q * faces[f][2]);
}

static void
make_specs (void)
{
  static const char *const u_out[] = { "U", "Unew" };
  static const char *const u_b_out[] = { "U", "B", "Unew" };
  static const char *const u_b_k_out[] = { "U", "B", "K", "Unew" };
  struct opt_spec *s;

  /* Sizes are odd and not multiples of any tile.  */
  s = spec ("heat7", 3, 2, u_out, 11, 9, 7);
  single (s, 0.4, 0, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    single (s, 0.1, 0, faces[f][0], faces[f][1], faces[f][2]);

  /* (K0 + Kn) (Un - U0) = K0 Un - K0 U0 + Kn Un - Kn U0, plus U0 + B0.  */
  s = spec ("varcoef7", 3, 4, u_b_k_out, 9, 7, 10);
  single (s, 1.0, 0, 0, 0, 0);
  single (s, 1.0, 1, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    {
      const int *o = faces[f];
      term (s, 0.02, 2, 0, 0, 0, 0, o[0], o[1], o[2]);
      term (s, -0.02, 2, 0, 0, 0, 0, 0, 0, 0);
      term (s, 0.02, 2, o[0], o[1], o[2], 0, o[0], o[1], o[2]);
      term (s, -0.02, 2, o[0], o[1], o[2], 0, 0, 0, 0);
    }

  s = spec ("poisson19", 3, 3, u_b_out, 10, 9, 9);
  single (s, 1.0 / 24, 1, 0, 0, 0);
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        {
          int nz = (dz != 0) + (dy != 0) + (dx != 0);
          if (nz == 1 || nz == 2)
            single (s, (nz == 1 ? 2.0 : 1.0) / 24, 0, dz, dy, dx);
        }

  s = spec ("box27", 3, 2, u_out, 9, 10, 8);
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        single (s, 0.01 * (1 + dx + 3 * dy + 9 * dz + 13), 0, dz, dy, dx);

  /* A box of radius 2, its terms plane by plane: level 3 walks it as
     plane sums (plane-sums.h), which the walks of 4 to 6 planes start 4
     planes before their tile.  A coefficient per distance along each
     axis, as a symmetric stencil has: 27 distinct constants, each used
     again before the last is first met (the kernel's table of them).
     38 planes: a full walk of 32, whose steps print the points of a
     register block interleaved (plan-level3.h), and the rest.  */
  s = spec ("box125", 3, 2, u_out, 11, 9, 38);
  for (int dz = -2; dz <= 2; dz++)
    for (int dy = -2; dy <= 2; dy++)
      for (int dx = -2; dx <= 2; dx++)
        single (s, 0.001 * (1 + abs (dx) + 3 * abs (dy) + 9 * abs (dz)), 0,
                dz, dy, dx);

  /* The same box in float, a coefficient per point: a thread of the
     first plane-sum walk computes the four columns of one 16-byte
     access, the last thread of a row fewer (13 in x).  */
  s = spec ("box125_f32", 3, 2, u_out, 13, 9, 38);
  s->elem = KIR_F32;
  for (int dz = -2; dz <= 2; dz++)
    for (int dy = -2; dy <= 2; dy++)
      for (int dx = -2; dx <= 2; dx++)
        single (s, 0.001 * (1 + (dx + 2) + 5 * (dy + 2) + 25 * (dz + 2)), 0,
                dz, dy, dx);

  /* Fourth order along z (halo 2), asymmetric upwind in x.  */
  s = spec ("wide7", 3, 2, u_out, 10, 7, 9);
  single (s, 0.5, 0, 0, 0, 0);
  single (s, 0.2, 0, -2, 0, 0);
  single (s, -0.1, 0, -1, 0, 0);
  single (s, 0.3, 0, 1, 0, 0);
  single (s, 0.05, 0, 2, 0, 0);
  single (s, 0.25, 0, 0, 0, -1);
  single (s, -0.15, 0, 0, 0, -2);
  single (s, 0.35, 0, 0, 1, 0);

  /* A star of radius 3 (19 points), a weight per offset: a halo wider
     than some shapes' blocks in x, y or z (levels 1 and 2 fall back), and
     than the test's ghost cells once were; large enough that the walk
     through a ring of planes (32x16x64 points a block) has blocks inside
     and at every edge.  */
  s = spec ("star19", 3, 2, u_out, 40, 21, 70);
  star19_terms (s);

  /* A star of radius 4 in x and y and 2 in z (21 points): the walks
     through a ring of planes (more than 48 KB of shared memory) in
     one-column threads (64x16 points a block) and in 2x4-column threads
     that read the ring 16 bytes at a time (64x32), with blocks inside
     and at every edge in x and y.  */
  s = spec ("star21_xy4", 3, 2, u_out, 100, 40, 40);
  single (s, 0.2, 0, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    for (int q = 1; q <= (faces[f][0] ? 2 : 4); q++)
      single (s, 0.01 * (q + 4 * f), 0, q * faces[f][0], q * faces[f][1],
              q * faces[f][2]);

  /* The same star in float: the walk through a ring of planes whose
     threads of 4x4 columns read it 16 bytes at a time (128x32 points a
     block), with blocks inside and at every edge in x and y.  */
  s = spec ("star19_f32", 3, 2, u_out, 140, 40, 40);
  s->elem = KIR_F32;
  star19_terms (s);

  /* The float star plus B at the point, as a wave reads its velocity:
     the ring in threads of one row of 4 columns (128x4 points a block).  */
  s = spec ("star19_b_f32", 3, 3, u_b_out, 140, 40, 40);
  s->elem = KIR_F32;
  star19_terms (s);
  single (s, 0.5, 1, 0, 0, 0);

  s = spec ("heat2d", 2, 2, u_out, 21, 37, 1);
  single (s, 0.6, 0, 0, 0, 0);
  for (int f = 0; f < 4; f++)
    single (s, 0.1, 0, 0, faces[f][1], faces[f][2]);

  /* A 2-D star of radius 2: its walks of 16 rows as well as of 32 and
     64 (the halo's) leave partial tiles at both ends of y.  */
  s = spec ("star2d_r2", 2, 2, u_out, 29, 53, 1);
  single (s, 0.5, 0, 0, 0, 0);
  for (int q = 1; q <= 2; q++)
    for (int f = 0; f < 4; f++)
      single (s, 0.1 / q, 0, 0, q * faces[f][1], q * faces[f][2]);

  /* Flat copies (name, twin) of heat7, poisson19 and heat2d.  */
  static const char *const flat[][2] = { { "heat7_flat", "heat7" },
                                         { "poisson19_flat", "poisson19" },
                                         { "heat2d_flat", "heat2d" } };
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < nspecs; j++)
      if (strcmp (specs[j].name, flat[i][1]) == 0)
        {
          s = &specs[nspecs++];
          *s = specs[j];
          s->name = flat[i][0];
          s->flat = 1;
          break;
        }

  s = spec ("lap1d", 1, 3, u_b_out, 37, 1, 1);
  single (s, -2.0, 0, 0, 0, 0);
  single (s, 1.0, 0, 0, 0, -1);
  single (s, 1.0, 0, 0, 0, 1);
  single (s, 0.5, 0, 0, 0, 2);
  term (s, 0.25, 1, 0, 0, 0, 0, 0, 0, 1);

  /* Narrow elements in the tiles: 8-bit cells with their eight neighbours
     (stores wrap), a 16-bit 7-point stencil with a product and negative
     weights, and a bool mask.  */
  s = spec ("life8", 2, 2, u_out, 19, 13, 1);
  s->elem = KIR_U8;
  single (s, 9, 0, 0, 0, 0);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      if (dy || dx)
        single (s, 1 + (dx + 1) * 3 + dy, 0, 0, dy, dx);

  s = spec ("heat16", 3, 3, u_b_out, 10, 9, 7);
  s->elem = KIR_I16;
  single (s, -6, 0, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    single (s, 1, 0, faces[f][0], faces[f][1], faces[f][2]);
  term (s, 3, 1, 0, 0, 0, 0, 1, 0, 0);

  /* 8-byte integers read at a star of radius 3: the walk through a ring
     of shared planes copies them as it copies doubles.  */
  s = spec ("star19_i64", 3, 2, u_out, 40, 21, 70);
  s->elem = KIR_I64;
  single (s, 3, 0, 0, 0, 0);
  for (int q = 1; q <= 3; q++)
    for (int f = 0; f < 6; f++)
      single (s, q - 2 * (f % 2), 0, q * faces[f][0], q * faces[f][1],
              q * faces[f][2]);

  /* Coefficients computed from the coordinates (opt-cases.h).  */
  s = spec ("coef3d", 3, 2, u_out, 11, 9, 13);
  s->coordinates = 1;
  single (s, 0.4, 0, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    single (s, 0.1, 0, faces[f][0], faces[f][1], faces[f][2]);
  s = spec ("coef2d", 2, 2, u_out, 21, 37, 1);
  s->coordinates = 1;
  single (s, 0.6, 0, 0, 0, 0);
  for (int f = 0; f < 4; f++)
    single (s, 0.1, 0, 0, faces[f][1], faces[f][2]);

  /* Updated in place (plan_updated_in_place): the written array read at
     the point only, in 3-D twice (once in a product); level 3 loads it
     before a thread's points, 16 bytes wide on the fast path, and stores
     it after them.  */
  s = spec ("inplace3d", 3, 2, u_out, 11, 9, 7);
  single (s, 0.5, 1, 0, 0, 0);
  term (s, 0.25, 1, 0, 0, 0, 0, 0, 0, 0);
  for (int f = 0; f < 6; f++)
    single (s, 0.1, 0, faces[f][0], faces[f][1], faces[f][2]);
  s = spec ("inplace2d_i32", 2, 3, u_b_out, 23, 13, 1);
  s->elem = KIR_I32;
  single (s, 3, 2, 0, 0, 0);
  single (s, -2, 0, 0, 0, 0);
  single (s, 1, 0, 0, 0, -1);
  single (s, 1, 1, 0, 1, 0);
  single (s, -1, 1, 0, 0, 0);

  /* Read beside the point only, in the plane of the walk: no cell of the
     thread's own column (level 3 keeps the rows' cells in registers all
     the same).  */
  s = spec ("xdiff2d", 2, 2, u_out, 27, 13, 1);
  single (s, 0.6, 0, 0, 0, 1);
  single (s, -0.6, 0, 0, 0, -1);
  single (s, -0.1, 0, 0, 0, 2);
  single (s, 0.1, 0, 0, 0, -2);
  s = spec ("plane4", 3, 2, u_out, 11, 9, 7);
  for (int f = 0; f < 4; f++)
    single (s, 0.2 + 0.05 * f, 0, faces[f][0], faces[f][1], faces[f][2]);

  s = spec ("mask2d", 2, 2, u_out, 17, 11, 1);
  s->elem = KIR_BOOL;
  single (s, 2, 0, 0, 0, 0);
  for (int f = 0; f < 4; f++)
    single (s, -1, 0, 0, faces[f][1], faces[f][2]);
}

int
opt_spec_count (void)
{
  if (!nspecs)
    make_specs ();
  return nspecs;
}

const struct opt_spec *
opt_spec_get (int i)
{
  opt_spec_count ();
  return &specs[i];
}

/* Marching shapes (chunksize = tile along the outermost dimension,
   dividing none of the extents), a shape with a chunk in x (levels 2 and 3
   fall back to level 1), a plain one-point-per-thread shape, and marching
   shapes with chunks below the walk (level 3's register blocks; level 2
   falls back to level 1): 2 x 2, 2 x 4 and an odd 1 x 3, and in 2-D 2
   and 4 in x.  */
static const struct opt_shape shapes3[] = {
  { { 8, 4, 4 }, { 1, 1, 4 } },
  { { 4, 2, 6 }, { 1, 1, 6 } },
  { { 8, 2, 2 }, { 2, 1, 1 } },
  { { 4, 4, 2 }, { 1, 1, 1 } },
  { { 8, 8, 4 }, { 2, 2, 4 } },
  { { 4, 12, 3 }, { 2, 4, 3 } },
  { { 3, 6, 5 }, { 1, 3, 5 } },
};
static const struct opt_shape shapes2[] = {
  { { 8, 5, 1 }, { 1, 5, 1 } },
  { { 4, 4, 1 }, { 2, 2, 1 } },
  { { 8, 5, 1 }, { 2, 5, 1 } },
  { { 16, 3, 1 }, { 4, 3, 1 } },
};
static const struct opt_shape shapes1[] = {
  { { 8, 1, 1 }, { 1, 1, 1 } },
  { { 12, 1, 1 }, { 3, 1, 1 } },
};

int
opt_shape_count (int ndims)
{
  return ndims == 3 ? 7 : ndims == 2 ? 4 : 2;
}

const struct opt_shape *
opt_shape_get (int ndims, int i)
{
  return ndims == 3 ? &shapes3[i] : ndims == 2 ? &shapes2[i] : &shapes1[i];
}

/* ARRAY[(z + dz) * plane + (y + dy) * row + x + dx] (by NDIMS) at offset
   O (dz, dy, dx), computed in block B one operation per local, as an index
   macro would be: IV the loop variables, STRIDE the scalars row and
   plane.  */
static struct kir_access
flat_at (struct kir_kernel *k, int b, int ndims, const int *iv,
         const int *stride, int array, const int *o)
{
  int sum = -1;
  for (int d = ndims - 1; d >= 0; d--)
    {
      char name[32];
      snprintf (name, sizeof name, "i%d", k->nlocals);
      int v = kir_add_local (k, name, KIR_I64);
      t_op1 (k, b, KIR_CVT, v, kir_local (k, iv[d]));
      snprintf (name, sizeof name, "i%d", k->nlocals);
      int w = kir_add_local (k, name, KIR_I64);
      t_op2 (k, b, KIR_ADD, w, kir_local (k, v), kir_int (KIR_I64, o[2 - d]));
      if (d > 0)
        {
          snprintf (name, sizeof name, "i%d", k->nlocals);
          int m = kir_add_local (k, name, KIR_I64);
          t_op2 (k, b, KIR_MUL, m, kir_local (k, w),
                 kir_scalar (k, stride[d - 1]));
          w = m;
        }
      if (sum >= 0)
        {
          snprintf (name, sizeof name, "i%d", k->nlocals);
          int t = kir_add_local (k, name, KIR_I64);
          t_op2 (k, b, KIR_ADD, t, kir_local (k, sum), kir_local (k, w));
          w = t;
        }
      sum = w;
    }
  struct kir_affine zero = t_affine (0, kir_int (KIR_I64, 0), 0);
  return t_at (k, array, t_iv (k, sum, 0), zero, zero);
}

/* A new F64 local of K set in block B to OP (A, C).  */
static int
f64_op (struct kir_kernel *k, int b, enum kir_opcode op, struct kir_operand a,
        struct kir_operand c)
{
  char name[32];
  snprintf (name, sizeof name, "c%d", k->nlocals);
  int v = kir_add_local (k, name, KIR_F64);
  t_op2 (k, b, op, v, a, c);
  return v;
}

/* A new F64 local of K set in block B to CALLEE (A).  */
static int
f64_call (struct kir_kernel *k, int b, const char *callee,
          struct kir_operand a)
{
  char name[32];
  snprintf (name, sizeof name, "c%d", k->nlocals);
  int v = kir_add_local (k, name, KIR_F64);
  t_call (k, b, callee, v, 1, &a);
  return v;
}

/* A new F64 local of K set in block B to loop variable IV.  */
static int
f64_of (struct kir_kernel *k, int b, int iv)
{
  char name[32];
  snprintf (name, sizeof name, "c%d", k->nlocals);
  int v = kir_add_local (k, name, KIR_F64);
  t_op1 (k, b, KIR_CVT, v, kir_local (k, iv));
  return v;
}

/* ACC *= the scale of opt-cases.h's coordinates, in block B.  */
static void
scale_by_coordinates (struct kir_kernel *k, int b, int ndims, const int *iv,
                      int acc)
{
  struct kir_operand one = kir_float (KIR_F64, 1.0);
  int x = f64_of (k, b, iv[0]), y = f64_of (k, b, iv[1]);
  int ex = f64_call (k, b, "exp", kir_local (k, f64_op (k, b, KIR_MUL,
                     kir_local (k, x), kir_float (KIR_F64, -0.01))));
  int sy = f64_call (k, b, "sin", kir_local (k, f64_op (k, b, KIR_MUL,
                     kir_local (k, y), kir_float (KIR_F64, 0.02))));
  int half = f64_op (k, b, KIR_MUL, kir_local (k, sy),
                     kir_float (KIR_F64, 0.5));
  int scale = f64_op (k, b, KIR_MUL, kir_local (k, ex),
                      kir_local (k, f64_op (k, b, KIR_ADD, kir_local (k, half),
                                            one)));
  int q = f64_op (k, b, KIR_DIV, one,
                  kir_local (k, f64_op (k, b, KIR_ADD, kir_local (k, x),
                                        kir_float (KIR_F64, 2.0))));
  scale = f64_op (k, b, KIR_ADD, kir_local (k, scale), kir_local (k, q));
  if (ndims == 3)
    {
      int z = f64_of (k, b, iv[2]);
      int r = f64_op (k, b, KIR_DIV, kir_float (KIR_F64, 0.001),
                      kir_local (k, f64_op (k, b, KIR_ADD, kir_local (k, z),
                                            one)));
      scale = f64_op (k, b, KIR_ADD, kir_local (k, scale), kir_local (k, r));
    }
  t_op2 (k, b, KIR_MUL, acc, kir_local (k, acc), kir_local (k, scale));
}

struct kir_kernel *
opt_build (const struct opt_spec *s, int level, const struct opt_shape *sh,
           const char *name)
{
  struct kir_kernel *k = kir_kernel_new (name, "opt.c", 1);
  k->opt_level = level;
  k->exact_level = 1;           /* each level's own strategy */
  static const char *const ivn[3] = { "x", "y", "z" };
  int iv[3];
  for (int d = 0; d < s->ndims; d++)
    iv[d] = kir_add_local (k, ivn[d], KIR_I32);
  t_dims (k, s->ndims, iv, sh->tile, sh->chunk);
  int arr[OPT_MAX_ARRAYS], stride[2];
  for (int a = 0; a < s->narrays; a++)
    arr[a] = kir_add_array (k, s->arrays[a], s->elem,
                            s->flat ? 1 : s->ndims, s->flat);
  for (int d = 1; s->flat && d < s->ndims; d++)
    stride[d - 1] = kir_add_scalar (k, d == 1 ? "row" : "plane", KIR_I64);
  /* The sum and its terms in SUM; an integer or bool element is loaded
     into E and converted.  */
  enum kir_type sum = kir_type_is_float (s->elem) ? s->elem : KIR_I32;
  int acc = kir_add_local (k, "acc", sum);
  int va = kir_add_local (k, "va", sum);
  int vb = -1;
  for (int i = 0; i < s->nterms && vb < 0; i++)
    if (s->terms[i].b >= 0)
      vb = kir_add_local (k, "vb", sum);
  int e = sum == s->elem ? -1 : kir_add_local (k, "e", s->elem);
  int b = kir_add_block (k);
  t_op1 (k, b, KIR_MOV, acc, sum == KIR_I32 ? kir_int (sum, 0)
                                            : kir_float (sum, 0.0));
  for (int i = 0; i < s->nterms; i++)
    {
      const struct opt_term *t = &s->terms[i];
      for (int f = 0; f < 1 + (t->b >= 0); f++)
        {
          int array = f ? t->b : t->a, v = f ? vb : va;
          const int *o = f ? t->ob : t->oa;
          struct kir_access at
            = s->flat ? flat_at (k, b, s->ndims, iv, stride, arr[array], o)
                      : t_at_ivs (k, arr[array], o[0], o[1], o[2]);
          t_load (k, b, e < 0 ? v : e, at);
          if (e >= 0)
            t_op1 (k, b, KIR_CVT, v, kir_local (k, e));
        }
      if (t->b >= 0)
        t_op2 (k, b, KIR_MUL, va, kir_local (k, va), kir_local (k, vb));
      t_op2 (k, b, KIR_MUL, va, kir_local (k, va),
             sum == KIR_I32 ? kir_int (sum, (long long) t->coef)
                            : kir_float (sum, t->coef));
      t_op2 (k, b, KIR_ADD, acc, kir_local (k, acc), kir_local (k, va));
    }
  if (s->coordinates)
    scale_by_coordinates (k, b, s->ndims, iv, acc);
  static const int none[3] = { 0, 0, 0 };
  struct kir_access centre
    = s->flat ? flat_at (k, b, s->ndims, iv, stride, arr[s->narrays - 1],
                         none)
              : t_at_ivs (k, arr[s->narrays - 1], 0, 0, 0);
  if (e < 0)
    t_store (k, b, centre, kir_local (k, acc));
  else
    {
      t_op1 (k, b, KIR_CVT, e, kir_local (k, acc));
      t_store (k, b, centre, kir_local (k, e));
    }
  kir_set_next (k, b);
  char err[256];
  if (kir_finish (k, err, sizeof err) != 0)
    {
      fprintf (stderr, "FAIL: %s rejected: %s\n", name, err);
      exit (1);
    }
  if (s->flat && level >= 3 && delinearize_kernel (k) != s->narrays)
    {
      fprintf (stderr, "FAIL: %s: not every array delinearized\n", name);
      exit (1);
    }
  return k;
}
