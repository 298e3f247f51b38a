/* test-stencil.c -- the stencil analyzer (plugin/kir/stencil.c) on hand-built
   kernels: offsets, read-only set, halo, regularity, sequential loops;
   the dependences between points (plugin/kir/dependence.c); flat arrays
   delinearized (plugin/kir/delinearize.c).  */
#define _GNU_SOURCE             /* open_memstream */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kir-test.h"
#include "stencil.h"
#include "dependence.h"
#include "delinearize.h"
#include "edge-fold.h"

static int failures;

#define EXPECT(cond)                                                    \
  do {                                                                  \
    if (!(cond))                                                        \
      {                                                                 \
        fprintf (stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond); \
        failures++;                                                     \
      }                                                                 \
  } while (0)

static void
analyze (const struct kir_kernel *k, struct stencil_info *info)
{
  stencil_analyze (k, info);
}

/* 7-point heat: U read at 7 offsets with halo 1 everywhere, Unew written
   at the centre only.  */
static void
test_heat3d (void)
{
  struct kir_kernel *k = case_heat3d ("heat3d", 0);
  struct stencil_info info;
  analyze (k, &info);
  const struct stencil_array *u = &info.arrays[0], *unew = &info.arrays[1];
  EXPECT (u->regular && u->read_only && u->centre_read);
  EXPECT (u->nreads == 7 && u->nwrites == 0 && u->noffsets == 7);
  for (int i = 0; i < 3; i++)
    EXPECT (u->halo_lo[i] == 1 && u->halo_hi[i] == 1);
  EXPECT (u->dim_of[0] == 2 && u->dim_of[1] == 1 && u->dim_of[2] == 0);
  EXPECT (unew->regular && !unew->read_only && unew->writes_centre_only);
  EXPECT (unew->nwrites == 1 && unew->nreads == 0);
  EXPECT (!info.nested_loops);
  EXPECT (stencil_most_reused (k, &info) == 0);
  EXPECT (stencil_halo_x (k, &info, 0) == 1);
  EXPECT (stencil_halo_x (k, &info, 1) == 0);

  char buf[512] = "";
  FILE *f = fmemopen (buf, sizeof buf, "w");
  stencil_dump (k, &info, f);
  fclose (f);
  EXPECT (strstr (buf, "U: regular read-only reads 7 writes 0 offsets 7 "
                  "centre halo 1:1 1:1 1:1\n") != NULL);
  stencil_info_free (&info);
  kir_kernel_free (k);
}

/* A flat array indexed through a computed local is not a regular
   stencil: nothing to tile, no halo.  */
static void
test_flat (void)
{
  struct kir_kernel *k = case_flat1d ();
  struct stencil_info info;
  analyze (k, &info);
  EXPECT (!info.arrays[0].regular && info.arrays[0].read_only);
  EXPECT (!info.arrays[1].regular && !info.arrays[1].read_only);
  EXPECT (stencil_most_reused (k, &info) == -1);
  EXPECT (stencil_halo_x (k, &info, 0) == 0);
  stencil_info_free (&info);
  kir_kernel_free (k);
}

/* A 2-D nest with a sequential z loop: U's first subscript follows no
   parallel IV, and the body has a back edge.  */
static void
test_inner_loop (void)
{
  struct kir_kernel *k = case_inner_loop ();
  struct stencil_info info;
  analyze (k, &info);
  EXPECT (info.nested_loops);
  EXPECT (!info.arrays[0].regular && info.arrays[0].dim_of[0] == -1);
  EXPECT (info.arrays[1].regular && info.arrays[1].writes_centre_only);
  stencil_info_free (&info);
  kir_kernel_free (k);
}

/* 19-point: the 7-point offsets plus the 12 edge neighbours, halo 2 in x
   on the high side only; a write off the centre is noticed.  */
static void
test_poisson19 (void)
{
  struct kir_kernel *k = kir_kernel_new ("p19", "p19.c", 1);
  int iv[3] = { kir_add_local (k, "x", KIR_I32), kir_add_local (k, "y", KIR_I32),
                kir_add_local (k, "z", KIR_I32) };
  t_dims (k, 3, iv, (int[]) { 32, 4, 1 }, (int[]) { 1, 1, 1 });
  int u = kir_add_array (k, "u", KIR_F64, 3, 0);
  int out = kir_add_array (k, "out", KIR_F64, 3, 0);
  int v = kir_add_local (k, "v", KIR_F64);
  int s = kir_add_local (k, "s", KIR_F64);
  int b = kir_add_block (k);
  int n = 0;
  t_op1 (k, b, KIR_MOV, s, kir_float (KIR_F64, 0.0));
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        if (abs (dx) + abs (dy) + abs (dz) <= 2)
          {
            t_load (k, b, v, t_at_ivs (k, u, dz, dy, dx == 1 ? 2 : dx));
            t_op2 (k, b, KIR_ADD, s, kir_local (k, s), kir_local (k, v));
            n++;
          }
  t_store (k, b, t_at_ivs (k, out, 0, 0, 1), kir_local (k, s));
  kir_set_next (k, b);
  char err[256];
  EXPECT (kir_finish (k, err, sizeof err) == 0);

  struct stencil_info info;
  analyze (k, &info);
  EXPECT (n == 19 && info.arrays[u].noffsets == 19);
  EXPECT (info.arrays[u].halo_lo[2] == 1 && info.arrays[u].halo_hi[2] == 2);
  EXPECT (info.arrays[u].halo_lo[0] == 1 && info.arrays[u].halo_hi[0] == 1);
  EXPECT (!info.arrays[out].writes_centre_only);
  EXPECT (stencil_most_reused (k, &info) == u);
  stencil_info_free (&info);
  kir_kernel_free (k);
}

/* ---- dependences between points -------------------------------------- */

#define L(x) kir_local (k, x)
#define S(x) kir_scalar (k, x)

static struct kir_kernel *
finish (struct kir_kernel *k)
{
  char err[256];
  if (kir_finish (k, err, sizeof err) != 0)
    {
      fprintf (stderr, "test kernel rejected: %s\n", err);
      exit (1);
    }
  return k;
}

/* A 1-D kernel over x with step STEP and array a: load a[x + READ] into
   v, then store v at a[x + WRITE] (and, with SECOND, also at
   a[x + WRITE + SECOND]).  */
static struct kir_kernel *
one_d (int step, int read, int write, int second)
{
  struct kir_kernel *k = kir_kernel_new ("one_d", "one_d.c", 1);
  int x = kir_add_local (k, "x", KIR_I32);
  kir_set_dim (k, 0, x, step);
  int a = kir_add_array (k, "a", KIR_F64, 1, 0);
  int v = kir_add_local (k, "v", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_load (k, b, v, t_at (k, a, t_iv (k, x, read), none, none));
  t_store (k, b, t_at (k, a, t_iv (k, x, write), none, none), L (v));
  if (second)
    t_store (k, b, t_at (k, a, t_iv (k, x, write + second), none, none),
             L (v));
  kir_set_next (k, b);
  return finish (k);
}

static int
find (const struct kir_kernel *k, struct dependence *d)
{
  return dependence_find (k, d);
}

static void
test_dependence_one_d (void)
{
  struct dependence d[1];
  char text[128];

  /* a[x] = a[x - 1]: the point x reads what the point x - 1 writes.  */
  struct kir_kernel *k = one_d (1, -1, 0, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_PROVEN);
  EXPECT (d[0].store->kind == KIR_STORE && d[0].other->kind == KIR_LOAD);
  EXPECT (d[0].distance[0] == 1);
  dependence_format_access (k, &d[0].other->access, text, sizeof text);
  EXPECT (strcmp (text, "a[x - 1]") == 0);
  long long back = -d[0].distance[0];
  dependence_format_point (k, &back, text, sizeof text);
  EXPECT (strcmp (text, "x - 1") == 0);
  kir_kernel_free (k);

  /* In place at the point itself: none.  */
  k = one_d (1, 0, 0, 0);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);

  /* Step 2: odd distances are points of the other colour; even ones are
     not.  */
  k = one_d (2, 1, 0, 0);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);
  k = one_d (2, -2, 0, 0);
  EXPECT (find (k, d) == 1 && d[0].distance[0] == 2);
  kir_kernel_free (k);
  k = one_d (3, 4, -2, 0);
  EXPECT (find (k, d) == 1 && d[0].distance[0] == -6);
  kir_kernel_free (k);

  /* Two stores one apart: a write-write dependence.  */
  k = one_d (1, 0, 0, 1);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_PROVEN);
  EXPECT (d[0].other->kind == KIR_STORE && d[0].other != d[0].store);
  kir_kernel_free (k);
}

/* Which points one_d_residue's body takes.  */
enum residue_side
{
  SIDE_EQUAL,                   /* x's residue is color */
  SIDE_NOT_ZERO,                /* it is not 0 */
  SIDE_NOT_COLOR                /* it is not color */
};

/* A 1-D kernel over x with step STEP: where (x RESIDUE CONSTANT) is on
   SIDE of color or 0, tested by CMP (KIR_EQ, or KIR_NE and the other
   edge, as `if (... != color) continue;'), load a[x + READ] and store it
   at a[x].  */
static struct kir_kernel *
one_d_residue (int step, int read, enum kir_opcode cmp,
               enum kir_opcode residue, long long constant,
               enum residue_side side)
{
  struct kir_kernel *k = kir_kernel_new ("parity", "parity.c", 1);
  int x = kir_add_local (k, "x", KIR_I32);
  kir_set_dim (k, 0, x, step);
  int a = kir_add_array (k, "a", KIR_F64, 1, 0);
  int color = kir_add_scalar (k, "color", KIR_I32);
  int bit = kir_add_local (k, "bit", KIR_I32);
  int c = kir_add_local (k, "c", KIR_BOOL);
  int v = kir_add_local (k, "v", KIR_F64);
  int entry = kir_add_block (k), body = kir_add_block (k);
  int done = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op2 (k, entry, residue, bit, L (x), kir_int (KIR_I32, constant));
  t_op2 (k, entry, cmp, c, L (bit),
         side == SIDE_NOT_ZERO ? kir_int (KIR_I32, 0) : S (color));
  bool true_edge = (cmp == KIR_EQ) == (side == SIDE_EQUAL);
  kir_set_branch (k, entry, L (c), true_edge ? body : done,
                  true_edge ? done : body);
  t_load (k, body, v, t_at (k, a, t_iv (k, x, read), none, none));
  t_store (k, body, t_at (k, a, t_iv (k, x, 0), none, none), L (v));
  kir_set_goto (k, body, done);
  kir_set_next (k, done);
  return finish (k);
}

/* one_d_residue with the guard (x & 1) == color.  */
static struct kir_kernel *
one_d_parity (int step, int read, enum kir_opcode cmp)
{
  return one_d_residue (step, read, cmp, KIR_AND, 1, SIDE_EQUAL);
}

/* find on a kernel over one array, which it frees: how many
   dependences, and the first one's distance in x into *DX.  */
static int
find_free (struct kir_kernel *k, long long *dx)
{
  struct dependence d[1];
  int n = find (k, d);
  *dx = n ? d[0].distance[0] : 0;
  kir_kernel_free (k);
  return n;
}

/* A 1-D kernel over x from START in steps of STEP: q = x OP C (KIR_DIV or
   KIR_SHR), then a[q] = a[q + READ] (WITH_READ) or a[q] = b[x].  */
static struct kir_kernel *
one_d_quotient (int step, long long start, enum kir_opcode op, long long c,
                bool with_read, int read)
{
  struct kir_kernel *k = kir_kernel_new ("quotient", "quotient.c", 1);
  int x = kir_add_local (k, "x", KIR_I32);
  kir_set_dim (k, 0, x, step);
  k->dims[0].has_start = 1;
  k->dims[0].start.nproducts = start != 0;
  k->dims[0].start.products[0].coeff = start;
  int a = kir_add_array (k, "a", KIR_F64, 1, 0);
  int src = with_read ? a : kir_add_array (k, "b", KIR_F64, 1, 0);
  int q = kir_add_local (k, "q", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op2 (k, b, op, q, L (x), kir_int (KIR_I32, c));
  t_load (k, b, v, t_at (k, src, with_read ? t_iv (k, q, read)
                                           : t_iv (k, x, 0), none, none));
  t_store (k, b, t_at (k, a, t_iv (k, q, 0), none, none), L (v));
  kir_set_next (k, b);
  return finish (k);
}

/* Quotients of the loop variable by a constant that its step is a
   multiple of: an element per point, and neighbours of the next point;
   else a dependence only possible.  */
static void
test_dependence_quotients (void)
{
  struct dependence d[1];
  char text[128];
  long long dx;

  /* a[x / 2] over even x, over odd x, a[x / 4] in steps of 4,
     a[x >> 1] and a[x / 2] from -4: none.  */
  EXPECT (find_free (one_d_quotient (2, 0, KIR_DIV, 2, false, 0), &dx) == 0);
  EXPECT (find_free (one_d_quotient (2, 1, KIR_DIV, 2, false, 0), &dx) == 0);
  EXPECT (find_free (one_d_quotient (4, 0, KIR_DIV, 4, false, 0), &dx) == 0);
  EXPECT (find_free (one_d_quotient (2, 0, KIR_SHR, 1, false, 0), &dx) == 0);
  EXPECT (find_free (one_d_quotient (2, -4, KIR_DIV, 2, false, 0), &dx)
          == 0);
  /* a[q] = a[q + 1], q = x / 2: the point x + 2 writes what x reads.  */
  struct kir_kernel *k = one_d_quotient (2, 0, KIR_DIV, 2, true, 1);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_PROVEN
          && d[0].distance[0] == -2);
  dependence_format_access (k, &d[0].other->access, text, sizeof text);
  EXPECT (strcmp (text, "a[q + 1]") == 0);
  kir_kernel_free (k);
  /* Step 1, a divisor 4 of step 2, and odd x from -3 (-1 / 2 and 1 / 2
     are both 0): points may write one element.  */
  k = one_d_quotient (1, 0, KIR_DIV, 2, false, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  k = one_d_quotient (2, 0, KIR_DIV, 4, false, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  k = one_d_quotient (2, -3, KIR_DIV, 2, false, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  /* A shift rounds down: odd x from -3 is exact.  */
  EXPECT (find_free (one_d_quotient (2, -3, KIR_SHR, 1, false, 0), &dx)
          == 0);
}

static void
test_dependence_parity (void)
{
  long long dx;

  /* Red-black: the neighbours have the other parity.  */
  EXPECT (find_free (one_d_parity (1, -1, KIR_EQ), &dx) == 0);
  EXPECT (find_free (one_d_parity (1, 1, KIR_NE), &dx) == 0);
  /* Two apart: the same parity.  */
  EXPECT (find_free (one_d_parity (1, -2, KIR_EQ), &dx) == 1 && dx == 2);
  /* With step 2 every point has one parity: the guard says nothing.  */
  EXPECT (find_free (one_d_parity (2, 2, KIR_EQ), &dx) == 1 && dx == -2);
  /* A comparison other than == and != guards nothing.  */
  EXPECT (find_free (one_d_parity (1, 3, KIR_LT), &dx) == 1 && dx == -3);
  /* Residues modulo 3 (`% 3') and 4 (`& 3'): a distance that is no
     multiple of the modulus crosses to another residue.  */
  EXPECT (find_free (one_d_residue (1, -1, KIR_EQ, KIR_MOD, 3, SIDE_EQUAL),
                     &dx) == 0);
  EXPECT (find_free (one_d_residue (1, 2, KIR_NE, KIR_MOD, 3, SIDE_EQUAL),
                     &dx) == 0);
  EXPECT (find_free (one_d_residue (1, -3, KIR_EQ, KIR_MOD, 3, SIDE_EQUAL),
                     &dx) == 1 && dx == 3);
  EXPECT (find_free (one_d_residue (1, -2, KIR_EQ, KIR_AND, 3, SIDE_EQUAL),
                     &dx) == 0);
  EXPECT (find_free (one_d_residue (1, 4, KIR_EQ, KIR_AND, 3, SIDE_EQUAL),
                     &dx) == 1 && dx == -4);
  /* With step 3 every point has one residue modulo 3.  */
  EXPECT (find_free (one_d_residue (3, 3, KIR_EQ, KIR_MOD, 3, SIDE_EQUAL),
                     &dx) == 1 && dx == -3);
  /* Modulo 2 the other edge of a test against 0 is one residue too
     (`if (x & 1)', `if (x % 2)': 1 or -1); against color it may be two
     (x % 2 != 1: 0 or -1), and modulo 3 it is two.  */
  EXPECT (find_free (one_d_residue (1, -1, KIR_NE, KIR_AND, 1, SIDE_NOT_ZERO),
                     &dx) == 0);
  EXPECT (find_free (one_d_residue (1, -1, KIR_EQ, KIR_MOD, 2, SIDE_NOT_ZERO),
                     &dx) == 0);
  EXPECT (find_free (one_d_residue (1, -1, KIR_EQ, KIR_MOD, 2, SIDE_NOT_COLOR),
                     &dx) == 1 && dx == 1);
  EXPECT (find_free (one_d_residue (1, -1, KIR_EQ, KIR_MOD, 3, SIDE_NOT_ZERO),
                     &dx) == 1 && dx == 1);
  /* `& 2' is no residue: the guard says nothing.  */
  EXPECT (find_free (one_d_residue (1, -1, KIR_EQ, KIR_AND, 2, SIDE_EQUAL),
                     &dx) == 1 && dx == 1);
}

/* Sets K's dimension D to span SCALAR + CONSTANT values (SCALAR -1:
   no span known).  */
static void
t_span (struct kir_kernel *k, int d, int scalar, long long constant)
{
  k->dims[d].has_span = scalar >= 0;
  k->dims[d].span = (struct kir_sum) {
    2, { { 1, 1, { scalar } }, { constant, 0, { 0 } } }
  };
}

/* u[IDX (x, y, z)] = u[IDX (x + DX, y + DY, z)] over a 3-D nest with x
   step 2, IDX (x, y, z) = (z * ny + y) * nx + x through temporaries as
   GIMPLE computes it; f, read at the point, is another array.  x spans
   nx + EXTRA_X values (a row, or past it), y spans ny.  */
static struct kir_kernel *
flat (int dx, int dy, int extra_x)
{
  struct kir_kernel *k = kir_kernel_new ("flat", "flat.c", 1);
  int iv[3] = { kir_add_local (k, "x", KIR_I32),
                kir_add_local (k, "y", KIR_I32),
                kir_add_local (k, "z", KIR_I32) };
  t_dims (k, 3, iv, (int[]) { 16, 4, 1 }, (int[]) { 1, 1, 1 });
  k->dims[0].step = 2;
  int u = kir_add_array (k, "u", KIR_F64, 1, 1);
  int f = kir_add_array (k, "f", KIR_F64, 1, 1);
  int nx = kir_add_scalar (k, "nx", KIR_I32);
  int ny = kir_add_scalar (k, "ny", KIR_I32);
  t_span (k, 0, nx, extra_x);
  t_span (k, 1, ny, 0);
  int t[8], v = kir_add_local (k, "v", KIR_F64);
  for (int i = 0; i < 8; i++)
    {
      char name[8];
      snprintf (name, sizeof name, "_t%d", i);
      t[i] = kir_add_local (k, name, KIR_I32);
    }
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  /* The index of the point: t2 = (z * ny + y) * nx.  */
  t_op2 (k, b, KIR_MUL, t[0], L (iv[2]), S (ny));
  t_op2 (k, b, KIR_ADD, t[1], L (t[0]), L (iv[1]));
  t_op2 (k, b, KIR_MUL, t[2], S (nx), L (t[1]));
  /* The neighbour's: t6 = (z * ny + (y + DY)) * nx, converted.  */
  t_op2 (k, b, KIR_ADD, t[3], L (iv[1]), kir_int (KIR_I32, dy));
  t_op2 (k, b, KIR_MUL, t[4], L (iv[2]), S (ny));
  t_op2 (k, b, KIR_ADD, t[5], L (t[4]), L (t[3]));
  t_op2 (k, b, KIR_MUL, t[6], L (t[5]), S (nx));
  t_op1 (k, b, KIR_CVT, t[7], L (t[6]));
  t_load (k, b, v, t_at (k, u, t_affine2 (dx, L (t[7]), 1, L (iv[0]), 1),
                         none, none));
  t_load (k, b, v, t_at (k, f, t_affine2 (0, L (t[2]), 1, L (iv[0]), 1),
                         none, none));
  t_store (k, b, t_at (k, u, t_affine2 (0, L (iv[0]), 1, L (t[2]), 1), none,
                       none), L (v));
  kir_set_next (k, b);
  return finish (k);
}

/* A 1-D kernel over x of array a, whose read a[s] takes s from GCC's
   temporary of `?:': x == 0 ? n - 1 : x - 1, or, SCALED, the byte
   offsets of x == 0 ? n : x, which the read divides by 8.  */
static struct kir_kernel *
conditional_read (bool scaled)
{
  struct kir_kernel *k = kir_kernel_new ("periodic", "periodic.c", 1);
  int x = kir_add_local (k, "x", KIR_I32);
  kir_set_dim (k, 0, x, 1);
  int a = kir_add_array (k, "a", KIR_F64, 1, 0);
  int n = kir_add_scalar (k, "n", KIR_I32);
  int c = kir_add_local (k, "cmp", KIR_BOOL);
  int sel = kir_add_local (k, "_tiftmp_0", KIR_I32);
  int element = kir_add_local (k, "_telement", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int entry = kir_add_block (k), last = kir_add_block (k);
  int first = kir_add_block (k), join = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op2 (k, entry, KIR_EQ, c, L (x), kir_int (KIR_I32, 0));
  kir_set_branch (k, entry, L (c), last, first);
  if (scaled)
    {
      t_op2 (k, last, KIR_MUL, sel, S (n), kir_int (KIR_I32, 8));
      t_op2 (k, first, KIR_MUL, sel, L (x), kir_int (KIR_I32, 8));
      t_op2 (k, join, KIR_DIV, element, L (sel), kir_int (KIR_I32, 8));
    }
  else
    {
      t_op2 (k, last, KIR_ADD, sel, S (n), kir_int (KIR_I32, -1));
      t_op2 (k, first, KIR_ADD, sel, L (x), kir_int (KIR_I32, -1));
    }
  kir_set_goto (k, last, join);
  kir_set_goto (k, first, join);
  t_load (k, join, v, t_at (k, a, t_iv (k, scaled ? element : sel, 0), none,
                            none));
  t_store (k, join, t_at (k, a, t_iv (k, x, 0), none, none), L (v));
  kir_set_next (k, join);
  return finish (k);
}

/* A subscript of GCC's temporary of `?:' spelled as the `?:'.  */
static void
test_format_conditional (void)
{
  struct dependence d[1];
  char text[128];
  for (int scaled = 0; scaled < 2; scaled++)
    {
      struct kir_kernel *k = conditional_read (scaled);
      EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
      dependence_format_access (k, &d[0].other->access, text, sizeof text);
      EXPECT (strcmp (text, scaled ? "a[x == 0 ? n : x]"
                                   : "a[x == 0 ? n - 1 : x - 1]") == 0);
      kir_kernel_free (k);
    }
}

static void
test_dependence_flat (void)
{
  struct dependence d[2];
  char text[128];
  /* Red-black along x: x + 1 stays in the row where x is below nx - 1,
     and reaches the next row's first element, which another point
     writes, where x is nx - 1 (nx odd).  */
  struct kir_kernel *k = flat (1, 0, -1);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);
  k = flat (1, 0, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  /* x up to nx reaches the next row's first element, which another
     point writes: no row of the equations' rows per scalar shows it.  */
  k = flat (0, 0, 1);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  k = flat (0, -1, 0);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_PROVEN);
  EXPECT (d[0].array == 0 && d[0].distance[0] == 0
          && d[0].distance[1] == 1 && d[0].distance[2] == 0);
  dependence_format_access (k, &d[0].other->access, text, sizeof text);
  EXPECT (strcmp (text, "u[nx*ny*z + nx*y - nx + x]") == 0);
  long long back[3] = { 0, -1, 0 };
  dependence_format_point (k, back, text, sizeof text);
  EXPECT (strcmp (text, "z, y - 1, x") == 0);
  kir_kernel_free (k);
}

/* flat (0, -1) delinearized: u[z][y - 1][x] with rows of nx and planes
   of nx*ny, f[z][y][x]; the index arithmetic gone; the dependence found
   and written as before.  */
static void
test_delinearize_flat (void)
{
  struct dependence d[2];
  struct stencil_info info;
  char text[128], *dump = NULL;
  size_t len = 0;
  struct kir_kernel *k = flat (0, -1, 0);
  EXPECT (delinearize_kernel (k) == 2);
  EXPECT (k->arrays[0].rank == 3 && k->arrays[1].rank == 3);
  EXPECT (k->nlocals == 4);     /* x, y, z, v */
  FILE *out = open_memstream (&dump, &len);
  kir_dump (k, out);
  fclose (out);
  EXPECT (strstr (dump, "array u double rank 3 flat read written strides "
                  "nx, nx*ny\n") != NULL);
  free (dump);
  analyze (k, &info);
  EXPECT (info.arrays[0].regular && info.arrays[1].regular);
  EXPECT (info.arrays[0].halo_lo[1] == 1 && info.arrays[0].halo_hi[1] == 0);
  stencil_info_free (&info);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_PROVEN
          && d[0].distance[1] == 1);
  dependence_format_access (k, &d[0].other->access, text, sizeof text);
  EXPECT (strcmp (text, "u[nx*ny*z + nx*y - nx + x]") == 0);
  kir_kernel_free (k);
}

/* A 2-D nest reading a flat u[INDEX] once, INDEX built by FORM: 0
   514*y + x - 513, 1 nx*x + y (transposed), 2 nx*y + x and nx*(y+1) + x
   (rows of two lengths: not a grid); NDIMS 3 adds a z that INDEX lacks.  */
static struct kir_kernel *
flat_form (int form, int ndims)
{
  struct kir_kernel *k = kir_kernel_new ("form", "form.c", 1);
  int iv[3] = { kir_add_local (k, "x", KIR_I32),
                kir_add_local (k, "y", KIR_I32),
                kir_add_local (k, "z", KIR_I32) };
  t_dims (k, ndims, iv, (int[]) { 16, 4, 2 }, (int[]) { 1, 1, 1 });
  int u = kir_add_array (k, "u", KIR_F64, 1, 1);
  int nx = kir_add_scalar (k, "nx", KIR_I32);
  int t0 = kir_add_local (k, "t0", KIR_I32);
  int t1 = kir_add_local (k, "t1", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op2 (k, b, KIR_MUL, t0, L (form == 1 ? iv[0] : iv[1]), S (nx));
  if (form == 0)
    t_load (k, b, v, t_at (k, u, t_affine2 (-513, L (iv[1]), 514, L (iv[0]),
                                            1), none, none));
  else
    t_load (k, b, v, t_at (k, u, t_affine2 (0, L (t0), 1,
                                            L (form == 1 ? iv[1] : iv[0]), 1),
                           none, none));
  if (form == 2)
    {
      t_op2 (k, b, KIR_ADD, t1, L (t0), S (nx));
      t_load (k, b, v, t_at (k, u, t_affine2 (0, L (t1), 2, L (iv[0]), 1),
                             none, none));
    }
  kir_set_next (k, b);
  return finish (k);
}

static void
test_delinearize_forms (void)
{
  struct kir_kernel *k = flat_form (0, 2);
  EXPECT (delinearize_kernel (k) == 1 && k->arrays[0].rank == 2);
  EXPECT (k->arrays[0].stride[0].nproducts == 1
          && k->arrays[0].stride[0].products[0].coeff == 514
          && k->arrays[0].stride[0].products[0].nfactors == 0);
  const struct kir_stmt *load = &k->blocks[0].stmts[0];
  EXPECT (load->kind == KIR_LOAD && load->access.index[0].constant == -1
          && load->access.index[1].constant == 1);
  kir_kernel_free (k);
  for (int form = 1; form <= 2; form++)
    {
      k = flat_form (form, 2);
      EXPECT (delinearize_kernel (k) == 0 && k->arrays[0].rank == 1);
      kir_kernel_free (k);
    }
  k = flat_form (0, 3);
  EXPECT (delinearize_kernel (k) == 0 && k->arrays[0].rank == 1);
  kir_kernel_free (k);
}

/* Branches that join at a lower-numbered block (the blocks come in
   dominator order: `c = p && q ? s : 0' jumps from q's test back to the
   block that sets 0) are no loop; a back edge to the entry is one.  */
static void
test_joins (void)
{
  for (int loop = 0; loop < 2; loop++)
    {
      struct kir_kernel *k = kir_kernel_new ("join", "join.c", 1);
      int i = kir_add_local (k, "i", KIR_I32);
      t_dims (k, 1, &i, (int[]) { 32 }, (int[]) { 1 });
      int v = kir_add_array (k, "v", KIR_F64, 1, 0);
      int p = kir_add_local (k, "p", KIR_BOOL);
      int c = kir_add_local (k, "c", KIR_F64);
      int test_p = kir_add_block (k), zero = kir_add_block (k);
      int test_q = kir_add_block (k), one = kir_add_block (k);
      int store = kir_add_block (k);
      t_op2 (k, test_p, KIR_LT, p, L (i), kir_int (KIR_I32, 7));
      kir_set_branch (k, test_p, L (p), test_q, zero);
      t_op1 (k, zero, KIR_MOV, c, kir_float (KIR_F64, 0.0));
      kir_set_goto (k, zero, store);
      t_op2 (k, test_q, KIR_LT, p, kir_int (KIR_I32, 3), L (i));
      kir_set_branch (k, test_q, L (p), one, loop ? test_p : zero);
      t_op1 (k, one, KIR_MOV, c, kir_float (KIR_F64, 1.0));
      kir_set_goto (k, one, store);
      t_store (k, store, t_at_ivs (k, v, 0, 0, 0), L (c));
      kir_set_next (k, store);
      finish (k);
      struct stencil_info info;
      analyze (k, &info);
      EXPECT (info.nested_loops == loop);
      stencil_info_free (&info);
      kir_kernel_free (k);
    }
}

/* A 2-D nest (k, i) over the flat planes of (nz+1)*(nx+1) elements of
   array f, nx and nz scalars.  */
struct flat_planes
{
  int iv[2], f, nx, nz;
  int row, rows, plane, kr;     /* locals: nx + 1, nz + 1, a plane's
                                   elements, k*(nx + 1) */
};

static struct kir_kernel *
flat_planes_kernel (const char *name, struct flat_planes *fp)
{
  struct kir_kernel *k = kir_kernel_new (name, "planes.c", 1);
  fp->iv[0] = kir_add_local (k, "i", KIR_I32);
  fp->iv[1] = kir_add_local (k, "k", KIR_I32);
  t_dims (k, 2, fp->iv, (int[]) { 16, 4 }, (int[]) { 1, 1 });
  fp->f = kir_add_array (k, "f", KIR_F64, 1, 1);
  fp->nx = kir_add_scalar (k, "nx", KIR_I32);
  fp->nz = kir_add_scalar (k, "nz", KIR_I32);
  fp->row = kir_add_local (k, "row", KIR_I32);
  fp->rows = kir_add_local (k, "rows", KIR_I32);
  fp->plane = kir_add_local (k, "plane", KIR_I32);
  fp->kr = kir_add_local (k, "kr", KIR_I32);
  return k;
}

/* CONSTANT + COEFF * local SELECT + k*(nx + 1) + i: an element of the
   plane that SELECT selects.  */
static struct kir_affine
flat_planes_at (const struct kir_kernel *k, const struct flat_planes *fp,
                int select, long long coeff, long long constant)
{
  struct kir_affine a = t_affine2 (constant, L (select), coeff, L (fp->kr), 1);
  a.terms[a.nterms++] = (struct kir_term) { L (fp->iv[0]), 1 };
  return a;
}

/* Computes the locals of FP in block B.  */
static void
flat_planes_strides (struct kir_kernel *k, int b, const struct flat_planes *fp)
{
  t_op2 (k, b, KIR_ADD, fp->row, S (fp->nx), kir_int (KIR_I32, 1));
  t_op2 (k, b, KIR_ADD, fp->rows, S (fp->nz), kir_int (KIR_I32, 1));
  t_op2 (k, b, KIR_MUL, fp->plane, L (fp->row), L (fp->rows));
  t_op2 (k, b, KIR_MUL, fp->kr, L (fp->iv[1]), L (fp->row));
}

/* A 2-D nest (k, i) over flat planes that a loop in the body selects,
   as a structure of arrays of NV variables does:
   f[ll*(nz+1)*(nx+1) + k*(nx+1) + i] = v (i over a row, k below nz,
   ll from 0 below BOUND, a
   constant or, where BOUND is negative, the scalar nv), read at plane
   ll + DLL and i + DI.  */
static struct kir_kernel *
planes (int bound, int dll, int di)
{
  struct flat_planes fp;
  struct kir_kernel *k = flat_planes_kernel ("planes", &fp);
  t_span (k, 0, fp.nx, 1);
  t_span (k, 1, fp.nz, 0);
  int f = fp.f, plane = fp.plane;
  int nv = kir_add_scalar (k, "nv", KIR_I32);
  int ll = kir_add_local (k, "ll", KIR_I32);
  int at = kir_add_local (k, "at", KIR_I32);
  int read_ll = kir_add_local (k, "read_ll", KIR_I32);
  int read_at = kir_add_local (k, "read_at", KIR_I32);
  int val = kir_add_local (k, "val", KIR_F64);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int entry = kir_add_block (k), head = kir_add_block (k);
  int body = kir_add_block (k), done = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op1 (k, entry, KIR_MOV, ll, kir_int (KIR_I32, 0));
  kir_set_goto (k, entry, head);
  t_op2 (k, head, KIR_LT, more, L (ll),
         bound < 0 ? S (nv) : kir_int (KIR_I32, bound));
  kir_set_branch (k, head, L (more), body, done);
  flat_planes_strides (k, body, &fp);
  t_op2 (k, body, KIR_MUL, at, L (ll), L (plane));
  t_op2 (k, body, KIR_ADD, read_ll, L (ll), kir_int (KIR_I32, dll));
  t_op2 (k, body, KIR_MUL, read_at, L (read_ll), L (plane));
  t_load (k, body, val,
          t_at (k, f, flat_planes_at (k, &fp, read_at, 1, di), none, none));
  t_store (k, body, t_at (k, f, flat_planes_at (k, &fp, at, 1, 0), none, none),
           L (val));
  t_op2 (k, body, KIR_ADD, ll, L (ll), kir_int (KIR_I32, 1));
  kir_set_goto (k, body, head);
  kir_set_next (k, done);
  return finish (k);
}

/* The planes the loop in the body selects differ, and so do the points
   in each plane; a read of another plane at another point is a
   dependence, proven where the loop's count is a constant.  */
static void
test_dependence_planes (void)
{
  struct dependence d[2];
  for (int bound = -1; bound <= 4; bound += 5)
    {
      struct kir_kernel *k = planes (bound, 0, 0);
      EXPECT (find (k, d) == 0);
      kir_kernel_free (k);
      k = planes (bound, 1, 0);
      EXPECT (find (k, d) == 0);        /* the point's own next plane */
      kir_kernel_free (k);
      k = planes (bound, 1, 1);
      EXPECT (find (k, d) == 1 && d[0].other->kind == KIR_LOAD
              && d[0].distance[0] == -1 && d[0].distance[1] == 0
              && d[0].kind == (enum dependence_kind) (bound < 0
                                                      ? DEPENDENCE_POSSIBLE
                                                      : DEPENDENCE_PROVEN));
      kir_kernel_free (k);
    }
}

/* A 2-D nest (k, i) writing the plane WRITE of f[p*(nz+1)*(nx+1) +
   k*(nx+1) + i] and reading the plane READ, both constants, the rows'
   and planes' lengths from the scalars; i spans nx + 1 values, k spans
   nz + EXTRA_K (no span known where EXTRA_K is negative).  */
static struct kir_kernel *
constant_planes (int write, int read, int extra_k)
{
  struct flat_planes fp;
  struct kir_kernel *k = flat_planes_kernel ("cplanes", &fp);
  t_span (k, 0, fp.nx, 1);
  t_span (k, 1, extra_k < 0 ? -1 : fp.nz, extra_k);
  int val = kir_add_local (k, "val", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  flat_planes_strides (k, b, &fp);
  struct kir_affine at_read = flat_planes_at (k, &fp, fp.plane, read, 0);
  struct kir_affine at_write = flat_planes_at (k, &fp, fp.plane, write, 0);
  t_load (k, b, val, t_at (k, fp.f, at_read, none, none));
  t_store (k, b, t_at (k, fp.f, at_write, none, none), L (val));
  kir_set_next (k, b);
  return finish (k);
}

/* Planes that constants select are apart where the spans of the
   parallel loops keep each point in its plane (k below nz of nz + 1
   rows), and may meet where a span is unknown or too long.  */
static void
test_dependence_constant_planes (void)
{
  struct dependence d[2];
  struct kir_kernel *k = constant_planes (1, 0, 0);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);
  k = constant_planes (2, 0, 1);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);
  k = constant_planes (1, 0, 2);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
  k = constant_planes (1, 0, -1);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);
}

/* Dependences the analysis can only suspect, and writes to one element
   from different points.  */
static void
test_dependence_unknown (void)
{
  struct dependence d[2];
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };

  /* 2-D nest (y, x) with a sequential loop over kk (0 to 2): v[kk][y][x]
     = v[kk + 1][y - 1][x] reads what the point (y - 1, x) writes at its
     iteration kk + 1; v[kk + 1][y][x] keeps the point.  */
  for (int dy = -1; dy <= 0; dy++)
    {
      struct kir_kernel *k = kir_kernel_new ("seq", "seq.c", 1);
      int iv[2] = { kir_add_local (k, "x", KIR_I32),
                    kir_add_local (k, "y", KIR_I32) };
      t_dims (k, 2, iv, (int[]) { 16, 4 }, (int[]) { 1, 1 });
      int v = kir_add_array (k, "v", KIR_F64, 3, 0);
      int kk = kir_add_local (k, "kk", KIR_I32);
      int val = kir_add_local (k, "val", KIR_F64);
      int more = kir_add_local (k, "more", KIR_BOOL);
      int entry = kir_add_block (k), head = kir_add_block (k);
      int body = kir_add_block (k), done = kir_add_block (k);
      t_op1 (k, entry, KIR_MOV, kk, kir_int (KIR_I32, 0));
      kir_set_goto (k, entry, head);
      t_op2 (k, head, KIR_LT, more, L (kk), kir_int (KIR_I32, 3));
      kir_set_branch (k, head, L (more), body, done);
      t_load (k, body, val, t_at (k, v, t_iv (k, kk, 1), t_iv (k, iv[1], dy),
                                  t_iv (k, iv[0], 0)));
      t_store (k, body, t_at (k, v, t_iv (k, kk, 0), t_iv (k, iv[1], 0),
                              t_iv (k, iv[0], 0)), L (val));
      t_op2 (k, body, KIR_ADD, kk, L (kk), kir_int (KIR_I32, 1));
      kir_set_goto (k, body, head);
      kir_set_next (k, done);
      finish (k);
      int n = find (k, d);
      if (dy)
        EXPECT (n == 1 && d[0].kind == DEPENDENCE_PROVEN
                && d[0].other->kind == KIR_LOAD && d[0].distance[1] == 1
                && d[0].distance[0] == 0);
      else
        EXPECT (n == 0);
      kir_kernel_free (k);
    }

  /* 2-D nest writing y into a[x]: every y writes the same elements; a
     constant in them instead leaves them as any order would.  */
  struct kir_kernel *k = NULL;
  int a, b;
  for (int constant = 0; constant < 2; constant++)
    {
      k = kir_kernel_new ("rows", "rows.c", 1);
      int iv[2] = { kir_add_local (k, "x", KIR_I32),
                    kir_add_local (k, "y", KIR_I32) };
      t_dims (k, 2, iv, (int[]) { 16, 4 }, (int[]) { 1, 1 });
      a = kir_add_array (k, "a", KIR_I32, 1, 0);
      b = kir_add_block (k);
      t_store (k, b, t_at (k, a, t_iv (k, iv[0], 0), none, none),
               constant ? kir_int (KIR_I32, 1) : L (iv[1]));
      kir_set_next (k, b);
      finish (k);
      if (constant)
        EXPECT (find (k, d) == 0);
      else
        {
          EXPECT (find (k, d) == 1);
          EXPECT (d[0].kind == DEPENDENCE_PROVEN && d[0].other == d[0].store
                  && d[0].distance[0] == 0 && d[0].distance[1] != 0);
        }
      kir_kernel_free (k);
    }

  /* A flat u[x] read at u[x - nx] in a 1-D nest: whether that is another
     point depends on nx.  */
  k = kir_kernel_new ("flat_rows", "rows.c", 1);
  int x = kir_add_local (k, "x", KIR_I32);
  kir_set_dim (k, 0, x, 1);
  int u = kir_add_array (k, "u", KIR_F64, 1, 1);
  int nx = kir_add_scalar (k, "nx", KIR_I32);
  int val = kir_add_local (k, "val", KIR_F64);
  b = kir_add_block (k);
  t_load (k, b, val, t_at (k, u, t_affine2 (0, L (x), 1, S (nx), -1),
                           none, none));
  t_store (k, b, t_at (k, u, t_iv (k, x, 0), none, none), L (val));
  kir_set_next (k, b);
  finish (k);
  EXPECT (find (k, d) == 1 && d[0].kind == DEPENDENCE_POSSIBLE);
  kir_kernel_free (k);

  /* Jacobi: the heat kernel reads U and writes Unew.  */
  k = case_heat3d ("heat3d", 0);
  EXPECT (find (k, d) == 0);
  kir_kernel_free (k);
}

/* The footprint string of mintrt.h for K, of the accesses every point
   makes where EVERY_POINT.  */
static const char *
footprint (const struct kir_kernel *k, bool every_point)
{
  static char buf[4 * STENCIL_FOOTPRINT_ITEM + 1];
  stencil_footprint (k, every_point, buf);
  return buf;
}

#define EXPECT_FOOTPRINT_OF(k, every_point, expected)                   \
  do {                                                                  \
    const char *got_ = footprint (k, every_point);                      \
    if (strcmp (got_, expected) != 0)                                   \
      {                                                                 \
        fprintf (stderr, "%s:%d: FAIL: footprint \"%s\", expected "    \
                 "\"%s\"\n", __FILE__, __LINE__, got_, expected);       \
        failures++;                                                     \
      }                                                                 \
  } while (0)
#define EXPECT_FOOTPRINT(k, expected) EXPECT_FOOTPRINT_OF (k, false, expected)

/* v[i] = u[i] + (i > 0 ? u[i - 1] : 0) + w[i + 1] (when i < 7): the
   every-point footprint leaves out what the branches guard, but not the
   store at the join after them, which every point reaches (p is set
   twice: the footprint knows nothing of the branches' conditions).  The device
   checks the guarded loads, which no access every point makes bounds;
   with u[i - 1] also read at the entry, it checks only w's.  */
static void
test_every_point_footprint (void)
{
  struct kir_kernel *k = kir_kernel_new ("guard", "guard.c", 1);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 32 }, (int[]) { 1 });
  int u = kir_add_array (k, "u", KIR_F64, 1, 0);
  int w = kir_add_array (k, "w", KIR_F64, 1, 0);
  int v = kir_add_array (k, "v", KIR_F64, 1, 0);
  int p = kir_add_local (k, "p", KIR_BOOL);
  int c = kir_add_local (k, "c", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int entry = kir_add_block (k), left = kir_add_block (k);
  int test = kir_add_block (k), right = kir_add_block (k);
  int store = kir_add_block (k);
  t_load (k, entry, c, t_at_ivs (k, u, 0, 0, 0));
  t_op2 (k, entry, KIR_LT, p, kir_int (KIR_I32, 0), L (i));
  kir_set_branch (k, entry, L (p), left, test);
  t_load (k, left, t, t_at_ivs (k, u, 0, 0, -1));
  t_op2 (k, left, KIR_ADD, c, L (c), L (t));
  kir_set_goto (k, left, test);
  t_op2 (k, test, KIR_LT, p, L (i), kir_int (KIR_I32, 7));
  kir_set_branch (k, test, L (p), right, store);
  t_load (k, right, t, t_at_ivs (k, w, 0, 0, 1));
  t_op2 (k, right, KIR_ADD, c, L (c), L (t));
  kir_set_goto (k, right, store);
  t_store (k, store, t_at_ivs (k, v, 0, 0, 0), L (c));
  kir_set_next (k, store);
  finish (k);
  EXPECT_FOOTPRINT (k, "r p0:-1:0 c:0:0 c:0:0;r p0:1:1 c:0:0 c:0:0;"
                    "w p0:0:0 c:0:0 c:0:0");
  EXPECT_FOOTPRINT_OF (k, true, "r p0:0:0 c:0:0 c:0:0;r * c:0:0 c:0:0;"
                       "w p0:0:0 c:0:0 c:0:0");
  char checked[4];
  EXPECT (stencil_checked_arrays (k, checked) == 2);
  EXPECT (strcmp (checked, "cc-") == 0);
  EXPECT (stencil_access_checked (k, left, &k->blocks[left].stmts[0]));
  EXPECT (!stencil_access_checked (k, store, &k->blocks[store].stmts[0]));
  t_load (k, entry, t, t_at_ivs (k, u, 0, 0, -1));
  EXPECT (!stencil_access_checked (k, left, &k->blocks[left].stmts[0]));
  EXPECT (stencil_access_checked (k, right, &k->blocks[right].stmts[0]));
  EXPECT (stencil_checked_arrays (k, checked) == 1);
  EXPECT (strcmp (checked, "-c-") == 0);
  kir_kernel_free (k);

  /* Without branches every access is made at every point.  */
  k = case_heat3d ("heat3d", 0);
  EXPECT_FOOTPRINT_OF (k, true,
                       "r p0:-1:1 p1:-1:1 p2:-1:1;w p0:0:0 p1:0:0 p2:0:0");
  kir_kernel_free (k);
}

/* A 1-D kernel NAME over i of TYPE, 32 points a block, arrays a and b of
   doubles (flat where FLAT), their indices in *I, *A and *B.  */
static struct kir_kernel *
one_d_frame (const char *name, enum kir_type type, int flat, int *i, int *a,
             int *b)
{
  struct kir_kernel *k = kir_kernel_new (name, "one-d.c", 3);
  *i = kir_add_local (k, "i", type);
  t_dims (k, 1, i, (int[]) { 32 }, (int[]) { 1 });
  *a = kir_add_array (k, "a", KIR_F64, 1, flat);
  *b = kir_add_array (k, "b", KIR_F64, 1, flat);
  return k;
}

/* b[i] = a[i] where (i == 0) | (i == n - 1) (as ints, GCC's form of
   `||' in one test), else a[i - 1] + a[i + 1], over TYPE; flat arrays
   where FLAT.  */
static struct kir_kernel *
edges_kernel (enum kir_type type, int flat)
{
  int i, a, b;
  struct kir_kernel *k = one_d_frame ("edges", type, flat, &i, &a, &b);
  int n = kir_add_scalar (k, "n", type);
  int c0 = kir_add_local (k, "c0", KIR_BOOL);
  int c1 = kir_add_local (k, "c1", KIR_BOOL);
  int c = kir_add_local (k, "c", KIR_BOOL);
  int t0 = kir_add_local (k, "t0", KIR_I32);
  int t1 = kir_add_local (k, "t1", KIR_I32);
  int o = kir_add_local (k, "o", KIR_I32);
  int last = kir_add_local (k, "last", type);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int entry = kir_add_block (k), edge = kir_add_block (k);
  int inside = kir_add_block (k), store = kir_add_block (k);
  t_op2 (k, entry, KIR_EQ, c0, L (i), kir_int (type, 0));
  t_op1 (k, entry, KIR_CVT, t0, L (c0));
  t_op2 (k, entry, KIR_ADD, last, kir_scalar (k, n), kir_int (type, -1));
  t_op2 (k, entry, KIR_EQ, c1, L (i), L (last));
  t_op1 (k, entry, KIR_CVT, t1, L (c1));
  t_op2 (k, entry, KIR_OR, o, L (t0), L (t1));
  t_op2 (k, entry, KIR_NE, c, L (o), kir_int (KIR_I32, 0));
  kir_set_branch (k, entry, L (c), edge, inside);
  t_load (k, edge, v, t_at_ivs (k, a, 0, 0, 0));
  kir_set_goto (k, edge, store);
  t_load (k, inside, v, t_at_ivs (k, a, 0, 0, -1));
  t_load (k, inside, t, t_at_ivs (k, a, 0, 0, 1));
  t_op2 (k, inside, KIR_ADD, v, L (v), L (t));
  kir_set_goto (k, inside, store);
  t_store (k, store, t_at_ivs (k, b, 0, 0, 0), L (v));
  kir_set_next (k, store);
  return finish (k);
}

/* The bounds the body's conditions put on the loop variables, with the
   accesses they guard (guards.h): the edges of a 1-D array handled in
   the body, of a flat one; the same where n - 1 may wrap (unsigned) or the condition's
   local is set twice; a loop of the body under `i > 2'.  */
static void
test_guarded_footprint (void)
{
  struct kir_kernel *k = edges_kernel (KIR_I32, 0);
  EXPECT_FOOTPRINT (k, "r p0:0:0/-1:1!0!s0-1 c:0:0 c:0:0;"
                    "w p0:0:0 c:0:0 c:0:0");
  kir_kernel_free (k);
  /* Flat: the rests carry the bounds.  */
  k = edges_kernel (KIR_I32, 1);
  EXPECT_FOOTPRINT (k, "r * * * l,1*p0|0:0|-1:1@0!0!s0-1;"
                    "w * * * l,1*p0|0:0");
  kir_kernel_free (k);
  k = edges_kernel (KIR_U32, 0);
  EXPECT_FOOTPRINT (k, "r p0:0:0/-1:1!0!s0-1%32 c:0:0 c:0:0;"
                    "w p0:0:0 c:0:0 c:0:0");
  /* c set twice: nothing is known of it.  */
  int c = k->blocks[0].stmts[6].dst;
  t_op2 (k, 0, KIR_LT, c, L (k->dims[0].iv), kir_int (KIR_U32, 5));
  EXPECT_FOOTPRINT (k, "r p0:-1:1 c:0:0 c:0:0;w p0:0:0 c:0:0 c:0:0");
  kir_kernel_free (k);

  /* if (i > 2) for (j = 0; j < 4; j++) v += a[i - 3]; b[i] = v.  */
  int i, a, b;
  k = one_d_frame ("loop", KIR_I32, 0, &i, &a, &b);
  int p = kir_add_local (k, "p", KIR_BOOL);
  int q = kir_add_local (k, "q", KIR_BOOL);
  int j = kir_add_local (k, "j", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int entry = kir_add_block (k), loop = kir_add_block (k);
  int store = kir_add_block (k);
  t_op1 (k, entry, KIR_MOV, v, kir_float (KIR_F64, 0));
  t_op1 (k, entry, KIR_MOV, j, kir_int (KIR_I32, 0));
  t_op2 (k, entry, KIR_GT, p, L (i), kir_int (KIR_I32, 2));
  kir_set_branch (k, entry, L (p), loop, store);
  t_load (k, loop, t, t_at_ivs (k, a, 0, 0, -3));
  t_op2 (k, loop, KIR_ADD, v, L (v), L (t));
  t_op2 (k, loop, KIR_ADD, j, L (j), kir_int (KIR_I32, 1));
  t_op2 (k, loop, KIR_LT, q, L (j), kir_int (KIR_I32, 4));
  kir_set_branch (k, loop, L (q), loop, store);
  t_store (k, store, t_at_ivs (k, b, 0, 0, 0), L (v));
  kir_set_next (k, store);
  finish (k);
  EXPECT_FOOTPRINT (k, "r p0:-3:-3>3 c:0:0 c:0:0;w p0:0:0 c:0:0 c:0:0");
  kir_kernel_free (k);
}

/* b[i] = a[i], and a[i + 1] where i + PLUS < SUM, SUM being scalar n (of
   N_TYPE, converted to SUM_TYPE where they differ) plus ADDEND (of
   SUM_TYPE), or the constant ADDEND alone where N_TYPE is KIR_VOID; i of
   IV_TYPE, converted to SUM_TYPE where they differ, i + PLUS of SUM_TYPE;
   a sum with 0 is a copy.  */
static struct kir_kernel *
sum_guard_kernel (enum kir_type iv_type, long long plus,
                  enum kir_type n_type, enum kir_type sum_type,
                  long long addend)
{
  int i, a, b;
  struct kir_kernel *k = one_d_frame ("sum", iv_type, 0, &i, &a, &b);
  int ic = kir_add_local (k, "ic", sum_type);
  int ip = kir_add_local (k, "ip", sum_type);
  int n = kir_add_local (k, "nc", sum_type);
  int sum = kir_add_local (k, "sum", sum_type);
  int c = kir_add_local (k, "c", KIR_BOOL);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int entry = kir_add_block (k), inside = kir_add_block (k);
  int store = kir_add_block (k);
  t_load (k, entry, v, t_at_ivs (k, a, 0, 0, 0));
  t_op1 (k, entry, iv_type == sum_type ? KIR_MOV : KIR_CVT, ic, L (i));
  if (plus)
    t_op2 (k, entry, KIR_ADD, ip, L (ic), kir_int (sum_type, plus));
  else
    t_op1 (k, entry, KIR_MOV, ip, L (ic));
  if (n_type == KIR_VOID)
    t_op1 (k, entry, KIR_MOV, sum, kir_int (sum_type, addend));
  else
    {
      int scalar = kir_add_scalar (k, "n", n_type);
      t_op1 (k, entry, n_type == sum_type ? KIR_MOV : KIR_CVT, n,
             S (scalar));
      if (addend)
        t_op2 (k, entry, KIR_ADD, sum, L (n), kir_int (sum_type, addend));
      else
        t_op1 (k, entry, KIR_MOV, sum, L (n));
    }
  t_op2 (k, entry, KIR_LT, c, L (ip), L (sum));
  kir_set_branch (k, entry, L (c), inside, store);
  t_load (k, inside, t, t_at_ivs (k, a, 0, 0, 1));
  t_op2 (k, inside, KIR_ADD, v, L (v), L (t));
  kir_set_goto (k, inside, store);
  t_store (k, store, t_at_ivs (k, b, 0, 0, 0), L (v));
  kir_set_next (k, store);
  return finish (k);
}

/* Bounds from sums the program computes in unsigned arithmetic: where
   the sum has no loop variable, modulo 2^bits ("%W"); a loop variable
   plus a constant exactly only in 64 bits, where no launch wraps it, and
   as a range test (guards.c, add_range_test).  */
static void
test_wrapped_guards (void)
{
  static const struct
  {
    enum kir_type iv, n, sum;
    long long plus, addend;
    const char *piece;
  } cases[] = {
    /* i < n - 1, n unsigned long: at most n - 2 modulo 2^64.  */
    { KIR_U64, KIR_U64, KIR_U64, 0, -1, "/1:1<s0-2%64" },
    /* i < (unsigned) n - 1, n int: modulo 2^32.  */
    { KIR_U32, KIR_I32, KIR_U32, 0, -1, "/1:1<s0-2%32" },
    /* i < (unsigned) (n - 1), n unsigned long: the narrower wrap.  */
    { KIR_U32, KIR_U64, KIR_U32, 0, 0, "/1:1<s0-1%32" },
    /* i + 1 < n in 64 bits: exact.  */
    { KIR_U64, KIR_U64, KIR_U64, 1, 0, "/1:1<s0-2" },
    /* i < 0xffffffff: the constant folded.  */
    { KIR_U32, KIR_VOID, KIR_U32, 0, -1, "/1:1<4294967294" },
    /* i < 0xffffffffffffffff: past a long long, no bound.  */
    { KIR_U64, KIR_VOID, KIR_U64, 0, -1, "" },
    /* i + 1 < n - 1: the variable's side is not the variable alone.  */
    { KIR_U64, KIR_U64, KIR_U64, 1, -1, "" },
    /* i + 1 < n in 32 bits may wrap; i - 1 < n in any.  */
    { KIR_U32, KIR_U32, KIR_U32, 1, 0, "" },
    { KIR_U64, KIR_U64, KIR_U64, -1, 0, "" },
    /* Signed: exact.  */
    { KIR_I32, KIR_I32, KIR_I32, 0, -1, "/1:1<s0-2" },
    /* Range tests, GCC's `x >= 1 && x <= 128': (unsigned) i - 1 < 128,
       of an int i and of a size_t one.  */
    { KIR_I32, KIR_VOID, KIR_U32, -1, 128, "/1:1>1<128" },
    { KIR_U64, KIR_VOID, KIR_U64, -1, 128, "/1:1>1<128" },
    /* A range near the type's: no bound; nor (i + 1) mod 2^32 < 128.  */
    { KIR_I32, KIR_VOID, KIR_U32, -1, 0x7fffffff, "" },
    { KIR_U32, KIR_VOID, KIR_U32, 1, 128, "" },
    /* A 64-bit unsigned i of a narrower int: (unsigned long) i - 2 < 3.  */
    { KIR_I32, KIR_VOID, KIR_U64, -2, 3, "/1:1>2<4" },
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      struct kir_kernel *k = sum_guard_kernel (cases[c].iv, cases[c].plus,
                                               cases[c].n, cases[c].sum,
                                               cases[c].addend);
      char expected[128];
      snprintf (expected, sizeof expected,
                "r p0:0:%d%s c:0:0 c:0:0;w p0:0:0 c:0:0 c:0:0",
                *cases[c].piece ? 0 : 1, cases[c].piece);
      EXPECT_FOOTPRINT (k, expected);
      kir_kernel_free (k);
    }
}

/* out[j][i] = f[2*j][2*i] + f[2*j+1][2*i+1] + u[n-1-j][i] + u[j][3*i]
   + c[j/2 + 1][i >> 1]: a parallel axis whose variable is times a
   factor, alone ("p0*2") or with scalars ("q1*-1,0"), or divided
   ("p0/2"); u's x, of factors 1 and 3, takes two forms.  */
static void
test_factor_footprint (void)
{
  struct kir_kernel *k = kir_kernel_new ("factor", "factor.c", 5);
  int iv[2] = { kir_add_local (k, "i", KIR_I32),
                kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, (int[]) { 32, 4 }, (int[]) { 1, 1 });
  int f = kir_add_array (k, "f", KIR_F64, 2, 0);
  int u = kir_add_array (k, "u", KIR_F64, 2, 0);
  int out = kir_add_array (k, "out", KIR_F64, 2, 0);
  int c = kir_add_array (k, "c", KIR_F64, 2, 0);
  int n = kir_add_scalar (k, "n", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int half[2] = { kir_add_local (k, "hj", KIR_I32),
                  kir_add_local (k, "hi", KIR_I32) };
  int b = kir_add_block (k);
  struct kir_operand i = kir_local (k, iv[0]), j = kir_local (k, iv[1]);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_load (k, b, v, t_at (k, f, t_affine (0, j, 2), t_affine (0, i, 2),
                         none));
  t_load (k, b, t, t_at (k, f, t_affine (1, j, 2), t_affine (1, i, 2),
                         none));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_load (k, b, t, t_at (k, u, t_affine2 (-1, kir_scalar (k, n), 1, j, -1),
                         t_iv (k, iv[0], 0), none));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_load (k, b, t, t_at (k, u, t_iv (k, iv[1], 0), t_affine (0, i, 3),
                         none));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_op2 (k, b, KIR_DIV, half[0], j, kir_int (KIR_I32, 2));
  t_op2 (k, b, KIR_SHR, half[1], i, kir_int (KIR_I32, 1));
  t_load (k, b, t, t_at (k, c, t_iv (k, half[0], 1), t_iv (k, half[1], 0),
                         none));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_store (k, b, t_at (k, out, t_iv (k, iv[1], 0), t_iv (k, iv[0], 0), none),
           kir_local (k, v));
  kir_set_next (k, b);
  char err[256];
  EXPECT (kir_finish (k, err, sizeof err) == 0);
  EXPECT_FOOTPRINT (k, "r p0*2:0:1 p1*2:0:1 c:0:0;"
                    "r p0:0:0 q1*-1,0:-1:-1 c:0:0& p0*3:0:0 p1:0:0 c:0:0;"
                    "w p0:0:0 p1:0:0 c:0:0;r p0/2:0:0 p1/2:1:1 c:0:0");
  kir_kernel_free (k);
}

/* Per array and axis x, y, z: the parallel dimension, scalar or constant
   every access agrees on, with the offsets; else the whole axis.  */
static void
test_footprint (void)
{
  struct kir_kernel *k = case_heat3d ("heat3d", 0);
  EXPECT_FOOTPRINT (k, "r p0:-1:1 p1:-1:1 p2:-1:1;w p0:0:0 p1:0:0 p2:0:0");
  kir_kernel_free (k);
  /* Flat arrays: one subscript over the whole copy, as the sum of the
     loop variables' terms plus one of the rests (x +- 1 and x, +nx,
     -nx for U).  */
  k = case_flat1d ();
  EXPECT_FOOTPRINT (k, "r * * * l,1*p0,1*s0*p1|-1:1|0:0,1*s0|0:0,-1*s0;"
                    "w * * * l,1*p0,1*s0*p1|0:0");
  kir_kernel_free (k);
  /* A sequential loop's variable in z; a 2-D array has only element 0
     in z.  */
  k = case_inner_loop ();
  EXPECT_FOOTPRINT (k, "r p0:0:0 p1:0:0 *;w p0:0:0 p1:0:0 c:0:0");
  kir_kernel_free (k);
  /* Steps other than 1 (3 in y, 2 in z): the launch takes the last
     value from the kernel's step.  */
  k = case_step_chunk ();
  EXPECT_FOOTPRINT (k, "w p0:0:0 p1:0:0 p2:0:0");
  kir_kernel_free (k);

  /* out[zs][j][i] = u[zs-1][j][i] + u[zs+1][j][i] + u[2][j+1][i]
                     + w[3][j][i] + w[1][j][i] * w[zs][j][i].  */
  k = kir_kernel_new ("plane", "plane.c", 5);
  int iv[2] = { kir_add_local (k, "i", KIR_I32),
                kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, (int[]) { 32, 4 }, (int[]) { 1, 1 });
  int u = kir_add_array (k, "u", KIR_F64, 3, 0);
  int w = kir_add_array (k, "w", KIR_F64, 3, 0);
  int out = kir_add_array (k, "out", KIR_F64, 3, 0);
  kir_add_scalar (k, "c", KIR_F64);
  int zs = kir_add_scalar (k, "zs", KIR_I64);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine x = t_iv (k, iv[0], 0), y = t_iv (k, iv[1], 0);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  struct kir_affine two = none, one = none, three = none;
  two.constant = 2;
  one.constant = 1;
  three.constant = 3;
  t_load (k, b, v, t_at (k, u, t_affine (-1, kir_scalar (k, zs), 1), y, x));
  t_load (k, b, t, t_at (k, u, t_affine (1, kir_scalar (k, zs), 1), y, x));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_load (k, b, t, t_at (k, u, two, t_iv (k, iv[1], 1), x));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_load (k, b, t, t_at (k, w, three, y, x));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_load (k, b, t, t_at (k, w, one, y, x));
  t_op2 (k, b, KIR_ADD, v, kir_local (k, v), kir_local (k, t));
  t_store (k, b, t_at (k, out, t_affine (0, kir_scalar (k, zs), 1), y, x),
           kir_local (k, v));
  kir_set_next (k, b);
  char err[256];
  EXPECT (kir_finish (k, err, sizeof err) == 0);
  /* u's z mixes scalar and constant subscripts: two forms, u[zs +- 1]
     and u[2][j + 1], each its own box.  */
  EXPECT_FOOTPRINT (k, "r p0:0:0 p1:0:0 s1:-1:1& p0:0:0 p1:1:1 c:2:2;"
                    "r p0:0:0 p1:0:0 c:1:3;w p0:0:0 p1:0:0 s1:0:0");
  kir_kernel_free (k);
  test_factor_footprint ();
}


/* A 2-D kernel NAME over x and y of TYPE, 32 x 8 points a block, arrays
   a and b of doubles (their indices in A and B), scalar n of TYPE (N),
   and the loop variables' indices in IV.  */
static struct kir_kernel *
wrap_frame (const char *name, enum kir_type type, int *iv, int *a, int *b,
            int *n)
{
  struct kir_kernel *k = kir_kernel_new (name, "wrap.c", 7);
  iv[0] = kir_add_local (k, "x", type);
  iv[1] = kir_add_local (k, "y", type);
  t_dims (k, 2, iv, (int[]) { 32, 8 }, (int[]) { 1, 1 });
  *a = kir_add_array (k, "a", KIR_F64, 2, 0);
  *b = kir_add_array (k, "b", KIR_F64, 2, 0);
  *n = kir_add_scalar (k, "n", type);
  return k;
}

/* b[y][x] = a[y][x == 0 ? n - 1 : x - 1] + a[y][(x + 1) % n]
   + a[(y + n - 1) % n][x]; with SECOND_IV the wrap's condition compares
   x with y, which no block folds.  */
static struct kir_kernel *
wrapped_kernel (bool second_iv)
{
  int iv[2], a, b, n;
  struct kir_kernel *k = wrap_frame ("wrap", KIR_I32, iv, &a, &b, &n);
  int cmp = kir_add_local (k, "cmp", KIR_BOOL);
  int xm = kir_add_local (k, "xm", KIR_I32);
  int t = kir_add_local (k, "t", KIR_I32);
  int xp = kir_add_local (k, "xp", KIR_I32);
  int ym = kir_add_local (k, "ym", KIR_I32);
  int v[3] = { kir_add_local (k, "v0", KIR_F64),
               kir_add_local (k, "v1", KIR_F64),
               kir_add_local (k, "v2", KIR_F64) };
  int entry = kir_add_block (k), low = kir_add_block (k);
  int inner = kir_add_block (k), join = kir_add_block (k);
  struct kir_operand x = kir_local (k, iv[0]), y = kir_local (k, iv[1]);
  t_op2 (k, entry, KIR_EQ, cmp, x,
         second_iv ? y : kir_int (KIR_I32, 0));
  kir_set_branch (k, entry, kir_local (k, cmp), low, inner);
  t_op2 (k, low, KIR_ADD, xm, kir_scalar (k, n), kir_int (KIR_I32, -1));
  kir_set_goto (k, low, join);
  t_op2 (k, inner, KIR_ADD, xm, x, kir_int (KIR_I32, -1));
  kir_set_goto (k, inner, join);
  t_load (k, join, v[0], t_at (k, a, t_iv (k, iv[1], 0),
                               t_affine (0, kir_local (k, xm), 1),
                               t_iv (k, iv[0], 0)));
  t_op2 (k, join, KIR_ADD, t, x, kir_int (KIR_I32, 1));
  t_op2 (k, join, KIR_MOD, xp, kir_local (k, t), kir_scalar (k, n));
  t_load (k, join, v[1], t_at (k, a, t_iv (k, iv[1], 0),
                               t_affine (0, kir_local (k, xp), 1),
                               t_iv (k, iv[0], 0)));
  t_op2 (k, join, KIR_ADD, t, y, kir_scalar (k, n));
  t_op2 (k, join, KIR_ADD, t, kir_local (k, t), kir_int (KIR_I32, -1));
  t_op2 (k, join, KIR_MOD, ym, kir_local (k, t), kir_scalar (k, n));
  t_load (k, join, v[2], t_at (k, a, t_affine (0, kir_local (k, ym), 1),
                               t_iv (k, iv[0], 0), t_iv (k, iv[0], 0)));
  t_op2 (k, join, KIR_ADD, v[0], kir_local (k, v[0]), kir_local (k, v[1]));
  t_op2 (k, join, KIR_ADD, v[0], kir_local (k, v[0]), kir_local (k, v[2]));
  t_store (k, join, t_at_ivs (k, b, 0, 0, 0), kir_local (k, v[0]));
  kir_set_next (k, join);
  return finish (k);
}

/* Whether ACC's subscript R is the variable of dimension D plus OFFSET.  */
static bool
subscript_is (const struct kir_kernel *k, const struct kir_access *acc,
              int r, int d, long long offset)
{
  const struct kir_affine *f = &acc->index[r];
  return f->nterms == 1 && f->terms[0].coeff == 1
         && f->terms[0].var.kind == KIR_OPND_LOCAL
         && f->terms[0].var.index == k->dims[d].iv && f->constant == offset;
}

/* The wraps of a periodic domain folded (edge-fold.h): three checks (x
   nonzero, x + 1 and y + n - 1 within their quotients' ranges), and an
   inside whose loads are a[y][x - 1], a[y][x + 1], a[y - 1][x]; a
   condition between two loop variables is no check.  */
static void
test_edge_fold (void)
{
  struct kir_kernel *k = wrapped_kernel (false);
  struct edge_fold f;
  EXPECT (edge_fold_kernel (k, &f));
  EXPECT (f.nchecks == 3);
  EXPECT (f.checks[0].kind == EDGE_NONZERO && f.checks[0].dim == 0);
  EXPECT (f.checks[1].kind == EDGE_QUOTIENT && f.checks[1].quotient == 0
          && f.checks[1].rest.constant == 1);
  EXPECT (f.checks[2].kind == EDGE_QUOTIENT && f.checks[2].dim == 1
          && f.checks[2].quotient == 1 && f.checks[2].rest.nterms == 1
          && f.checks[2].rest.constant == -1);
  const struct kir_kernel *in = f.inside;
  int loads = 0;
  for (int bl = 0; in && bl < in->nblocks; bl++)
    {
      EXPECT (in->blocks[bl].term != KIR_BRANCH);
      for (int i = 0; i < in->blocks[bl].nstmts; i++)
        {
          const struct kir_stmt *st = &in->blocks[bl].stmts[i];
          if (st->kind != KIR_LOAD)
            continue;
          EXPECT (subscript_is (in, &st->access, 1, 0,
                                loads == 0 ? -1 : loads == 1 ? 1 : 0));
          EXPECT (subscript_is (in, &st->access, 0, 1, loads == 2 ? -1 : 0));
          loads++;
        }
    }
  EXPECT (loads == 3);
  edge_fold_free (&f);
  EXPECT (f.inside == NULL);
  kir_kernel_free (k);

  k = wrapped_kernel (true);
  EXPECT (edge_fold_kernel (k, &f));
  EXPECT (f.nchecks == 2);
  for (int i = 0; i < f.nchecks; i++)
    EXPECT (f.checks[i].kind == EDGE_QUOTIENT);
  edge_fold_free (&f);
  kir_kernel_free (k);
}

/* b[x] = a[max (x, 1) - 1] + a[min (x + 1, n - 1)] + a[min (x, y)]
   (walls whose neighbours clamp to them, as GCC writes x > 0 ? x - 1 : 0;
   the last, between two loop variables, is no check), or with MAX_OF_N
   a[max (x + 1, n)] first, which is n in most of the domain, not the
   loop variable's arm: nothing folds.  */
static struct kir_kernel *
walls_kernel (bool max_of_n)
{
  int iv[2], a, b, n;
  struct kir_kernel *k = wrap_frame ("walls", KIR_I32, iv, &a, &b, &n);
  int lo = kir_add_local (k, "lo", KIR_I32);
  int xm = kir_add_local (k, "xm", KIR_I32);
  int t = kir_add_local (k, "t", KIR_I32);
  int xp = kir_add_local (k, "xp", KIR_I32);
  int v[2] = { kir_add_local (k, "v0", KIR_F64),
               kir_add_local (k, "v1", KIR_F64) };
  int entry = kir_add_block (k);
  struct kir_operand x = kir_local (k, iv[0]);
  if (max_of_n)
    {
      t_op2 (k, entry, KIR_ADD, t, x, kir_int (KIR_I32, 1));
      t_op2 (k, entry, KIR_MAX, xm, kir_local (k, t), kir_scalar (k, n));
    }
  else
    {
      t_op2 (k, entry, KIR_MAX, lo, x, kir_int (KIR_I32, 1));
      t_op2 (k, entry, KIR_ADD, xm, kir_local (k, lo), kir_int (KIR_I32, -1));
    }
  t_load (k, entry, v[0], t_at (k, a, t_iv (k, iv[1], 0),
                                t_affine (0, kir_local (k, xm), 1),
                                t_iv (k, iv[0], 0)));
  t_op2 (k, entry, KIR_ADD, t, x, kir_int (KIR_I32, 1));
  t_op2 (k, entry, KIR_ADD, lo, kir_scalar (k, n), kir_int (KIR_I32, -1));
  t_op2 (k, entry, KIR_MIN, xp, kir_local (k, t), kir_local (k, lo));
  t_load (k, entry, v[1], t_at (k, a, t_iv (k, iv[1], 0),
                                t_affine (0, kir_local (k, xp), 1),
                                t_iv (k, iv[0], 0)));
  t_op2 (k, entry, KIR_ADD, v[0], kir_local (k, v[0]), kir_local (k, v[1]));
  t_op2 (k, entry, KIR_MIN, xp, x, kir_local (k, iv[1]));
  t_load (k, entry, v[1], t_at (k, a, t_iv (k, iv[1], 0),
                                t_affine (0, kir_local (k, xp), 1),
                                t_iv (k, iv[0], 0)));
  t_op2 (k, entry, KIR_ADD, v[0], kir_local (k, v[0]), kir_local (k, v[1]));
  t_store (k, entry, t_at_ivs (k, b, 0, 0, 0), kir_local (k, v[0]));
  kir_set_next (k, entry);
  return finish (k);
}

/* Walls whose neighbours clamp to them (edge-fold.c, fold_extremum): two
   checks, x - 1 >= 0 and x + 1 - (n - 1) <= 0 over a thread's points, and
   an inside that reads a[y][x - 1] and a[y][x + 1]; the minimum of two
   loop variables stays, and a maximum whose usual arm has no loop
   variable is no check.  */
static void
test_edge_fold_walls (void)
{
  struct kir_kernel *k = walls_kernel (false);
  struct edge_fold f;
  EXPECT (edge_fold_kernel (k, &f));
  EXPECT (f.nchecks == 2);
  EXPECT (f.checks[0].kind == EDGE_SAME && f.checks[0].op == KIR_GE
          && f.checks[0].value == 1 && f.checks[0].dim == 0
          && f.checks[0].coeff == 1 && f.checks[0].rest.constant == -1
          && f.checks[0].rest.nterms == 0);
  EXPECT (f.checks[1].kind == EDGE_SAME && f.checks[1].op == KIR_LE
          && f.checks[1].value == 1 && f.checks[1].rest.constant == 2
          && f.checks[1].rest.nterms == 1);
  const struct kir_kernel *in = f.inside;
  int loads = 0;
  for (int bl = 0; in && bl < in->nblocks; bl++)
    for (int i = 0; i < in->blocks[bl].nstmts; i++)
      {
        const struct kir_stmt *st = &in->blocks[bl].stmts[i];
        if (st->kind != KIR_LOAD)
          continue;
        if (loads < 2)
          EXPECT (subscript_is (in, &st->access, 1, 0, loads == 0 ? -1 : 1));
        else
          EXPECT (!subscript_is (in, &st->access, 1, 0, 0));
        loads++;
      }
  EXPECT (loads == 3);
  edge_fold_free (&f);
  kir_kernel_free (k);

  k = walls_kernel (true);
  EXPECT (edge_fold_kernel (k, &f));
  EXPECT (f.nchecks == 1 && f.checks[0].op == KIR_LE);
  edge_fold_free (&f);
  kir_kernel_free (k);
}

/* b[y][x] = a[y][(x + n + 4294967295u) % n] over 32-bit unsigned loop
   variables and n (GCC's x + n - 1), or with WIDENED the remainder's
   operands converted to longs first.  */
static struct kir_kernel *
unsigned_wrap_kernel (bool widened)
{
  int iv[2], a, b, n;
  struct kir_kernel *k = wrap_frame ("uwrap", KIR_U32, iv, &a, &b, &n);
  int t = kir_add_local (k, "t", KIR_U32);
  int wide = kir_add_local (k, "wide", KIR_I64);
  int wn = kir_add_local (k, "wn", KIR_I64);
  int xm = kir_add_local (k, "xm", widened ? KIR_I64 : KIR_U32);
  int v = kir_add_local (k, "v", KIR_F64);
  int entry = kir_add_block (k);
  t_op2 (k, entry, KIR_ADD, t, kir_local (k, iv[0]), kir_scalar (k, n));
  t_op2 (k, entry, KIR_ADD, t, kir_local (k, t),
         kir_int (KIR_U32, 4294967295LL));
  if (widened)
    {
      t_op1 (k, entry, KIR_CVT, wide, kir_local (k, t));
      t_op1 (k, entry, KIR_CVT, wn, kir_scalar (k, n));
      t_op2 (k, entry, KIR_MOD, xm, kir_local (k, wide), kir_local (k, wn));
    }
  else
    t_op2 (k, entry, KIR_MOD, xm, kir_local (k, t), kir_scalar (k, n));
  t_load (k, entry, v, t_at (k, a, t_iv (k, iv[1], 0),
                             t_affine (0, kir_local (k, xm), 1),
                             t_iv (k, iv[0], 0)));
  t_store (k, entry, t_at_ivs (k, b, 0, 0, 0), kir_local (k, v));
  kir_set_next (k, entry);
  return finish (k);
}

/* That IN, an edge fold's inside, loads once, at a[y][x - 1].  */
static void
expect_one_load_at_x_minus_1 (const struct kir_kernel *in)
{
  int loads = 0;
  for (int bl = 0; in && bl < in->nblocks; bl++)
    for (int i = 0; i < in->blocks[bl].nstmts; i++)
      if (in->blocks[bl].stmts[i].kind == KIR_LOAD)
        {
          EXPECT (subscript_is (in, &in->blocks[bl].stmts[i].access, 1, 0,
                                -1));
          loads++;
        }
  EXPECT (loads == 1);
}

/* The edge fold of the unsigned wrap (unsigned_wrap_kernel): RANGES
   range checks and the quotient 1 of x + n - 1, the inside's subscript
   x - 1.  */
static void
expect_unsigned_fold (bool widened, int ranges)
{
  struct kir_kernel *k = unsigned_wrap_kernel (widened);
  struct edge_fold f;
  EXPECT (edge_fold_kernel (k, &f));
  int found = 0, quotients = 0;
  for (int i = 0; i < f.nchecks; i++)
    {
      found += f.checks[i].kind == EDGE_RANGE && f.checks[i].lo == 0
               && f.checks[i].hi == 4294967295LL;
      quotients += f.checks[i].kind == EDGE_QUOTIENT
                   && f.checks[i].quotient == 1
                   && f.checks[i].rest.constant == -1;
    }
  EXPECT (found == ranges && quotients == 1 && f.nchecks == ranges + 1);
  expect_one_load_at_x_minus_1 (f.inside);
  edge_fold_free (&f);
  kir_kernel_free (k);
}

/* A 32-bit unsigned wrap folds with its values' range checks (the
   dividend x + n - 1, the divisor n, the subscript x - 1) beside the
   quotient's; converted to a long first, with the checks of the two
   conversions (x + n - 1 and n), the remainder and the subscript being
   the long's exact values.  */
static void
test_edge_fold_unsigned (void)
{
  expect_unsigned_fold (false, 3);
  expect_unsigned_fold (true, 2);
}

/* b[y][x] = a[y][max ((int) ((unsigned) x + 4294967295u), 0)] over
   long loop variables: a helper's int parameter, clamp_index (x - 1, 0,
   ...), as GCC converts it; with TWO_IVS the converted value is x + y - 1,
   whose range over a thread's points two variables decide.  */
static struct kir_kernel *
converted_clamp_kernel (bool two_ivs)
{
  int iv[2], a, b, n;
  struct kir_kernel *k = wrap_frame ("conv", KIR_I64, iv, &a, &b, &n);
  int u = kir_add_local (k, "u", KIR_U32);
  int i = kir_add_local (k, "i", KIR_I32);
  int m = kir_add_local (k, "m", KIR_I32);
  int v = kir_add_local (k, "v", KIR_F64);
  int entry = kir_add_block (k);
  t_op1 (k, entry, KIR_CVT, u, kir_local (k, iv[0]));
  if (two_ivs)
    {
      int uy = kir_add_local (k, "uy", KIR_U32);
      t_op1 (k, entry, KIR_CVT, uy, kir_local (k, iv[1]));
      t_op2 (k, entry, KIR_ADD, u, kir_local (k, u), kir_local (k, uy));
    }
  t_op2 (k, entry, KIR_ADD, u, kir_local (k, u),
         kir_int (KIR_U32, 4294967295LL));
  t_op1 (k, entry, KIR_CVT, i, kir_local (k, u));
  t_op2 (k, entry, KIR_MAX, m, kir_local (k, i), kir_int (KIR_I32, 0));
  t_load (k, entry, v, t_at (k, a, t_iv (k, iv[1], 0),
                             t_affine (0, kir_local (k, m), 1),
                             t_iv (k, iv[0], 0)));
  t_store (k, entry, t_at_ivs (k, b, 0, 0, 0), kir_local (k, v));
  kir_set_next (k, entry);
  return finish (k);
}

/* A conversion to int folds with the check that the value, x - 1, lies
   in int's range over a thread's points, beside the clamp's x - 1 >= 0;
   the inside reads a[y][x - 1].  A value of two loop variables is not
   checked, so it does not fold.  */
static void
test_edge_fold_conversion (void)
{
  struct kir_kernel *k = converted_clamp_kernel (false);
  struct edge_fold f;
  EXPECT (edge_fold_kernel (k, &f));
  int ranges = 0, signs = 0;
  for (int i = 0; i < f.nchecks; i++)
    {
      const struct edge_check *c = &f.checks[i];
      bool x_minus_1 = c->dim == 0 && c->coeff == 1 && c->rest.nterms == 0
                       && c->rest.constant == -1;
      ranges += c->kind == EDGE_RANGE && x_minus_1 && c->lo == INT_MIN
                && c->hi == INT_MAX;
      signs += c->kind == EDGE_SAME && x_minus_1 && c->op == KIR_GE;
    }
  EXPECT (ranges == 1 && signs == 1 && f.nchecks == 2);
  expect_one_load_at_x_minus_1 (f.inside);
  edge_fold_free (&f);
  kir_kernel_free (k);

  k = converted_clamp_kernel (true);
  EXPECT (!edge_fold_kernel (k, &f));
  kir_kernel_free (k);
}

/* b[y][x] = a[y][(long long) (x == 0 ? (u64) (n - 1) * 8 : (u64) (x - 1)
   * 8) / D]: a pointer's wrap, p[x == 0 ? n - 1 : x - 1], as GCC writes
   it (each arm a byte offset, divided by the element's size D).  */
static struct kir_kernel *
byte_offset_wrap_kernel (long long d)
{
  int iv[2], a, b, n;
  struct kir_kernel *k = wrap_frame ("bytes", KIR_I32, iv, &a, &b, &n);
  int cmp = kir_add_local (k, "cmp", KIR_BOOL);
  int i = kir_add_local (k, "i", KIR_I32);
  int w = kir_add_local (k, "w", KIR_U64);
  int e = kir_add_local (k, "e", KIR_U64);
  int off = kir_add_local (k, "off", KIR_U64);
  int elem = kir_add_local (k, "elem", KIR_I64);
  int v = kir_add_local (k, "v", KIR_F64);
  int entry = kir_add_block (k);
  t_op2 (k, entry, KIR_EQ, cmp, kir_local (k, iv[0]), kir_int (KIR_I32, 0));
  t_op2 (k, entry, KIR_ADD, i, kir_local (k, iv[0]), kir_int (KIR_I32, -1));
  t_op1 (k, entry, KIR_CVT, w, kir_local (k, i));
  t_op2 (k, entry, KIR_MUL, w, kir_local (k, w), kir_int (KIR_U64, 8));
  t_op2 (k, entry, KIR_ADD, i, kir_scalar (k, n), kir_int (KIR_I32, -1));
  t_op1 (k, entry, KIR_CVT, e, kir_local (k, i));
  t_op2 (k, entry, KIR_MUL, e, kir_local (k, e), kir_int (KIR_U64, 8));
  t_select (k, entry, off, kir_local (k, cmp), kir_local (k, e),
            kir_local (k, w));
  t_op1 (k, entry, KIR_CVT, elem, kir_local (k, off));
  t_op2 (k, entry, KIR_DIV, elem, kir_local (k, elem), kir_int (KIR_I64, d));
  t_load (k, entry, v, t_at (k, a, t_iv (k, iv[1], 0),
                             t_affine (0, kir_local (k, elem), 1),
                             t_iv (k, iv[0], 0)));
  t_store (k, entry, t_at_ivs (k, b, 0, 0, 0), kir_local (k, v));
  kir_set_next (k, entry);
  return finish (k);
}

/* The byte offset divided by the element's size folds to x - 1, which
   the inside reads; divided by 16, which does not divide it, it stays
   (no fold, as no other subscript changes).  */
static void
test_edge_fold_byte_offset (void)
{
  struct kir_kernel *k = byte_offset_wrap_kernel (8);
  struct edge_fold f;
  EXPECT (edge_fold_kernel (k, &f));
  expect_one_load_at_x_minus_1 (f.inside);
  edge_fold_free (&f);
  kir_kernel_free (k);

  k = byte_offset_wrap_kernel (16);
  EXPECT (edge_fold_kernel (k, &f));
  for (int bl = 0; f.inside && bl < f.inside->nblocks; bl++)
    for (int i = 0; i < f.inside->blocks[bl].nstmts; i++)
      if (f.inside->blocks[bl].stmts[i].kind == KIR_LOAD)
        EXPECT (!subscript_is (f.inside,
                               &f.inside->blocks[bl].stmts[i].access, 1, 0,
                               -1));
  edge_fold_free (&f);
  kir_kernel_free (k);
}

int
main (void)
{
  test_footprint ();
  test_every_point_footprint ();
  test_guarded_footprint ();
  test_wrapped_guards ();
  test_heat3d ();
  test_flat ();
  test_inner_loop ();
  test_joins ();
  test_poisson19 ();
  test_dependence_one_d ();
  test_dependence_parity ();
  test_dependence_quotients ();
  test_format_conditional ();
  test_dependence_flat ();
  test_delinearize_flat ();
  test_delinearize_forms ();
  test_dependence_unknown ();
  test_dependence_planes ();
  test_dependence_constant_planes ();
  test_edge_fold ();
  test_edge_fold_walls ();
  test_edge_fold_conversion ();
  test_edge_fold_unsigned ();
  test_edge_fold_byte_offset ();
  if (failures)
    fprintf (stderr, "test-stencil: %d failures\n", failures);
  return failures != 0;
}
