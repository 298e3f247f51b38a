/* kir-test.c -- IR builders and the hand-built test kernels.  */

#include "kir-test.h"
#include "emit-cuda.h"
#include "emit-kernel.h"
#include "plan.h"
#include "delinearize.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- builders ------------------------------------------------------------ */

static struct kir_stmt *
assign (struct kir_kernel *k, int b, enum kir_opcode op, int dst, int nargs)
{
  struct kir_stmt *s = kir_append (k, b, KIR_ASSIGN);
  s->op = op;
  s->dst = dst;
  s->nargs = nargs;
  return s;
}

void
t_op1 (struct kir_kernel *k, int b, enum kir_opcode op, int dst,
       struct kir_operand a)
{
  assign (k, b, op, dst, 1)->args[0] = a;
}

void
t_op2 (struct kir_kernel *k, int b, enum kir_opcode op, int dst,
       struct kir_operand a, struct kir_operand c)
{
  struct kir_stmt *s = assign (k, b, op, dst, 2);
  s->args[0] = a;
  s->args[1] = c;
}

void
t_select (struct kir_kernel *k, int b, int dst, struct kir_operand cond,
          struct kir_operand if_true, struct kir_operand if_false)
{
  struct kir_stmt *s = assign (k, b, KIR_SELECT, dst, 3);
  s->args[0] = cond;
  s->args[1] = if_true;
  s->args[2] = if_false;
}

void
t_call (struct kir_kernel *k, int b, const char *callee, int dst, int nargs,
        const struct kir_operand *args)
{
  struct kir_stmt *s = kir_append (k, b, KIR_CALL);
  s->callee = callee;
  s->dst = dst;
  s->nargs = nargs;
  memcpy (s->args, args, (size_t) nargs * sizeof *args);
}

void
t_load (struct kir_kernel *k, int b, int dst, struct kir_access at)
{
  struct kir_stmt *s = kir_append (k, b, KIR_LOAD);
  s->dst = dst;
  s->access = at;
}

void
t_store (struct kir_kernel *k, int b, struct kir_access at,
         struct kir_operand value)
{
  struct kir_stmt *s = kir_append (k, b, KIR_STORE);
  s->access = at;
  s->nargs = 1;
  s->args[0] = value;
}

struct kir_affine
t_affine (long long constant, struct kir_operand var, long long coeff)
{
  struct kir_affine f = { constant, 1, { { var, coeff } } };
  return f;
}

struct kir_affine
t_affine2 (long long constant, struct kir_operand var, long long coeff,
           struct kir_operand var2, long long coeff2)
{
  struct kir_affine f = { constant, 2, { { var, coeff }, { var2, coeff2 } } };
  return f;
}

struct kir_affine
t_iv (const struct kir_kernel *k, int local, long long offset)
{
  return t_affine (offset, kir_local (k, local), 1);
}

struct kir_access
t_at (const struct kir_kernel *k, int array, struct kir_affine i0,
      struct kir_affine i1, struct kir_affine i2)
{
  struct kir_access a;
  memset (&a, 0, sizeof a);
  a.array = array;
  a.rank = k->arrays[array].rank;
  a.index[0] = i0;
  a.index[1] = i1;
  a.index[2] = i2;
  return a;
}

struct kir_access
t_at_ivs (const struct kir_kernel *k, int array, long long dz, long long dy,
          long long dx)
{
  struct kir_affine x = t_iv (k, k->dims[0].iv, dx);
  int rank = k->arrays[array].rank;
  if (rank == 1)
    return t_at (k, array, x, x, x);
  struct kir_affine y = t_iv (k, k->dims[1].iv, dy);
  if (rank == 2)
    return t_at (k, array, y, x, x);
  return t_at (k, array, t_iv (k, k->dims[2].iv, dz), y, x);
}

void
t_dims (struct kir_kernel *k, int ndims, const int *ivs, const int *tile,
        const int *chunk)
{
  for (int d = 0; d < ndims; d++)
    {
      kir_set_dim (k, d, ivs[d], 1);
      k->tile[d] = tile[d];
      k->chunk[d] = chunk[d];
    }
}

static struct kir_kernel *
finished (struct kir_kernel *k)
{
  char err[256];
  if (kir_finish (k, err, sizeof err) != 0)
    {
      fprintf (stderr, "FAIL: test kernel rejected: %s\n", err);
      exit (1);
    }
  return k;
}

#define L(x) kir_local (k, x)
#define S(x) kir_scalar (k, x)
#define I32(v) kir_int (KIR_I32, v)
#define I64(v) kir_int (KIR_I64, v)
#define F64(v) kir_float (KIR_F64, v)
#define F32(v) kir_float (KIR_F32, v)

/* ---- the test kernels ----------------------------------------------------- */

/* Unew = c0 * U + c1 * (sum of the six axis neighbours).  */
struct kir_kernel *
case_heat3d (const char *name, int opt_level)
{
  struct kir_kernel *k = kir_kernel_new (name, "heat3d.c", 10);
  k->opt_level = opt_level;
  k->exact_level = 1;
  int iv[3] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I32),
                kir_add_local (k, "k", KIR_I32) };
  t_dims (k, 3, iv, (int[]) { 8, 4, 2 }, (int[]) { 1, 1, 1 });
  int u = kir_add_array (k, "U", KIR_F64, 3, 0);
  int unew = kir_add_array (k, "Unew", KIR_F64, 3, 0);
  int c0 = kir_add_scalar (k, "c0", KIR_F64);
  int c1 = kir_add_scalar (k, "c1", KIR_F64);
  int centre = kir_add_local (k, "centre", KIR_F64);
  int nb = kir_add_local (k, "nb", KIR_F64);
  int sum = kir_add_local (k, "sum", KIR_F64);
  int res = kir_add_local (k, "res", KIR_F64);
  int b = kir_add_block (k);
  static const int off[6][3] = { { 0, 0, -1 }, { 0, 0, 1 }, { 0, -1, 0 },
                                 { 0, 1, 0 }, { -1, 0, 0 }, { 1, 0, 0 } };
  t_load (k, b, centre, t_at_ivs (k, u, 0, 0, 0));
  t_op1 (k, b, KIR_MOV, sum, F64 (0.0));
  for (int n = 0; n < 6; n++)
    {
      t_load (k, b, nb, t_at_ivs (k, u, off[n][0], off[n][1], off[n][2]));
      t_op2 (k, b, KIR_ADD, sum, L (sum), L (nb));
    }
  t_op2 (k, b, KIR_MUL, sum, L (sum), S (c1));
  t_op2 (k, b, KIR_MUL, res, L (centre), S (c0));
  t_op2 (k, b, KIR_ADD, res, L (res), L (sum));
  t_store (k, b, t_at_ivs (k, unew, 0, 0, 0), L (res));
  kir_set_next (k, b);
  return finished (k);
}

/* V = U > thr ? 5-point average : 2 U (if/else); W = U < 0 ? -1 : 1.  */
struct kir_kernel *
case_cond2d (void)
{
  struct kir_kernel *k = kir_kernel_new ("cond2d", "cond2d.c", 20);
  int iv[2] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, (int[]) { 16, 8 }, (int[]) { 2, 1 });
  int u = kir_add_array (k, "U", KIR_F32, 2, 0);
  int v = kir_add_array (k, "V", KIR_F32, 2, 0);
  int w = kir_add_array (k, "W", KIR_F32, 2, 0);
  int thr = kir_add_scalar (k, "thr", KIR_F32);
  int c = kir_add_local (k, "c", KIR_F32);
  int t = kir_add_local (k, "t", KIR_F32);
  int s = kir_add_local (k, "s", KIR_F32);
  int p = kir_add_local (k, "p", KIR_BOOL);
  int sign = kir_add_local (k, "sign", KIR_F32);
  int entry = kir_add_block (k), hot = kir_add_block (k);
  int cold = kir_add_block (k), join = kir_add_block (k);

  t_load (k, entry, c, t_at_ivs (k, u, 0, 0, 0));
  t_op2 (k, entry, KIR_GT, p, L (c), S (thr));
  kir_set_branch (k, entry, L (p), hot, cold);

  static const int off[4][2] = { { 0, -1 }, { 0, 1 }, { -1, 0 }, { 1, 0 } };
  t_op1 (k, hot, KIR_MOV, s, L (c));
  for (int n = 0; n < 4; n++)
    {
      t_load (k, hot, t, t_at_ivs (k, u, 0, off[n][0], off[n][1]));
      t_op2 (k, hot, KIR_ADD, s, L (s), L (t));
    }
  t_op2 (k, hot, KIR_MUL, s, L (s), F32 (0.2));
  t_store (k, hot, t_at_ivs (k, v, 0, 0, 0), L (s));
  kir_set_goto (k, hot, join);

  t_op2 (k, cold, KIR_MUL, s, L (c), F32 (2.0));
  t_store (k, cold, t_at_ivs (k, v, 0, 0, 0), L (s));
  kir_set_goto (k, cold, join);

  t_op2 (k, join, KIR_LT, p, L (c), F32 (0.0));
  t_select (k, join, sign, L (p), F32 (-1.0), F32 (1.0));
  t_store (k, join, t_at_ivs (k, w, 0, 0, 0), L (sign));
  kir_set_next (k, join);
  return finished (k);
}

/* b[idx] = a[idx-1] + a[idx+1] + a[idx+nx] + a[idx-nx], idx = j*nx + i
   computed in the body, over flat 1-D arrays.  */
struct kir_kernel *
case_flat1d (void)
{
  struct kir_kernel *k = kir_kernel_new ("flat1d", "flat1d.c", 30);
  int iv[2] = { kir_add_local (k, "i", KIR_I64), kir_add_local (k, "j", KIR_I64) };
  t_dims (k, 2, iv, (int[]) { 32, 2 }, (int[]) { 1, 1 });
  int a = kir_add_array (k, "a", KIR_F64, 1, 1);
  int bb = kir_add_array (k, "b", KIR_F64, 1, 1);
  int nx = kir_add_scalar (k, "nx", KIR_I64);
  int row = kir_add_local (k, "row", KIR_I64);
  int idx = kir_add_local (k, "idx", KIR_I64);
  int x = kir_add_local (k, "x", KIR_F64);
  int sum = kir_add_local (k, "sum", KIR_F64);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
  t_op2 (k, b, KIR_MUL, row, L (iv[1]), S (nx));
  t_op2 (k, b, KIR_ADD, idx, L (row), L (iv[0]));
  t_load (k, b, sum, t_at (k, a, t_affine (-1, L (idx), 1), none, none));
  t_load (k, b, x, t_at (k, a, t_affine (1, L (idx), 1), none, none));
  t_op2 (k, b, KIR_ADD, sum, L (sum), L (x));
  t_load (k, b, x, t_at (k, a, t_affine2 (0, L (idx), 1, S (nx), 1), none,
                         none));
  t_op2 (k, b, KIR_ADD, sum, L (sum), L (x));
  t_load (k, b, x, t_at (k, a, t_affine2 (0, L (idx), 1, S (nx), -1), none,
                         none));
  t_op2 (k, b, KIR_ADD, sum, L (sum), L (x));
  t_store (k, b, t_at (k, bb, t_iv (k, idx, 0), none, none), L (sum));
  kir_set_next (k, b);
  return finished (k);
}

/* out[j][i] = sum over kk < nz of U[kk][j][i] * w: a sequential loop
   (back edge) below a 2-D parallel nest.  */
struct kir_kernel *
case_inner_loop (void)
{
  struct kir_kernel *k = kir_kernel_new ("inner_loop", "inner.c", 40);
  int iv[2] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, (int[]) { 16, 4 }, (int[]) { 1, 1 });
  int u = kir_add_array (k, "U", KIR_F64, 3, 0);
  int out = kir_add_array (k, "out", KIR_F64, 2, 0);
  int nz = kir_add_scalar (k, "nz", KIR_I32);
  int w = kir_add_scalar (k, "w", KIR_F64);
  int kk = kir_add_local (k, "kk", KIR_I32);
  int s = kir_add_local (k, "s", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int entry = kir_add_block (k), head = kir_add_block (k);
  int body = kir_add_block (k), exit_ = kir_add_block (k);

  t_op1 (k, entry, KIR_MOV, s, F64 (0.0));
  t_op1 (k, entry, KIR_MOV, kk, I32 (0));
  kir_set_goto (k, entry, head);
  t_op2 (k, head, KIR_LT, more, L (kk), S (nz));
  kir_set_branch (k, head, L (more), body, exit_);
  t_load (k, body, t, t_at (k, u, t_iv (k, kk, 0), t_iv (k, iv[1], 0),
                            t_iv (k, iv[0], 0)));
  t_op2 (k, body, KIR_MUL, t, L (t), S (w));
  t_op2 (k, body, KIR_ADD, s, L (s), L (t));
  t_op2 (k, body, KIR_ADD, kk, L (kk), I32 (1));
  kir_set_goto (k, body, head);
  t_store (k, exit_, t_at_ivs (k, out, 0, 0, 0), L (s));
  kir_set_next (k, exit_);
  return finished (k);
}

/* A line sweep below a 2-D parallel nest, its stored values carried to
   the next iteration (kir_carry_stored_values), along z:
   S[kk][j][i] = (D[kk][j][i] - a * S[kk - 1][j][i]) * w for kk = 1 .. nz-1,
   then S[kk][j][i] -= 0.25 * S[kk + 1][j][i] for kk = nz-2 .. 0; or where
   ROWS along the rows, S[j][i][kk] (nz the rows' length), in blocks of 2
   warps, which stage the rows (staged-rows.h).  Where RECOMPUTE, at
   level 3, whose backward loop computes the forward one's values again
   (kir_recompute_sweeps), along the rows from values kept in a private
   array.  */
static struct kir_kernel *
sweep_kernel (const char *name, bool rows, bool recompute)
{
  struct kir_kernel *k = kir_kernel_new (name, "sweep.c", 60);
  k->opt_level = recompute ? 3 : 1;
  int iv[2] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, rows ? (int[]) { 32, 2 } : (int[]) { 16, 4 },
          (int[]) { 1, 1 });
  int d = kir_add_array (k, "D", KIR_F64, 3, 0);
  int sa = kir_add_array (k, "S", KIR_F64, 3, 0);
  int nz = kir_add_scalar (k, "nz", KIR_I32);
  int a = kir_add_scalar (k, "a", KIR_F64);
  int w = kir_add_scalar (k, "w", KIR_F64);
  int kk = kir_add_local (k, "kk", KIR_I32);
  int t = kir_add_local (k, "t", KIR_F64);
  int p = kir_add_local (k, "p", KIR_F64);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int entry = kir_add_block (k), head = kir_add_block (k);
  int body = kir_add_block (k), turn = kir_add_block (k);
  int head2 = kir_add_block (k), body2 = kir_add_block (k);
  int exit_ = kir_add_block (k);
  struct kir_affine i = t_iv (k, iv[0], 0), j = t_iv (k, iv[1], 0);
#define AT(array, c) (rows ? t_at (k, array, j, i, t_iv (k, kk, c))     \
                      : t_at (k, array, t_iv (k, kk, c), j, i))

  t_op1 (k, entry, KIR_MOV, kk, I32 (1));
  kir_set_goto (k, entry, head);
  t_op2 (k, head, KIR_LT, more, L (kk), S (nz));
  kir_set_branch (k, head, L (more), body, turn);
  t_load (k, body, t, AT (d, 0));
  t_load (k, body, p, AT (sa, -1));
  t_op2 (k, body, KIR_MUL, p, L (p), S (a));
  t_op2 (k, body, KIR_SUB, t, L (t), L (p));
  t_op2 (k, body, KIR_MUL, t, L (t), S (w));
  t_store (k, body, AT (sa, 0), L (t));
  t_op2 (k, body, KIR_ADD, kk, L (kk), I32 (1));
  kir_set_goto (k, body, head);
  t_op2 (k, turn, KIR_SUB, kk, S (nz), I32 (2));
  kir_set_goto (k, turn, head2);
  t_op2 (k, head2, KIR_GE, more, L (kk), I32 (0));
  kir_set_branch (k, head2, L (more), body2, exit_);
  t_load (k, body2, t, AT (sa, 0));
  t_load (k, body2, p, AT (sa, 1));
  t_op2 (k, body2, KIR_MUL, p, L (p), F64 (0.25));
  t_op2 (k, body2, KIR_SUB, t, L (t), L (p));
  t_store (k, body2, AT (sa, 0), L (t));
  t_op2 (k, body2, KIR_ADD, kk, L (kk), I32 (-1));
  kir_set_goto (k, body2, head2);
  kir_set_next (k, exit_);
#undef AT
  finished (k);
  if (kir_carry_stored_values (k) != 2)
    {
      fprintf (stderr, "FAIL: %s: the two loads were not carried\n", name);
      exit (1);
    }
  if (recompute && kir_recompute_sweeps (k) != 1)
    {
      fprintf (stderr, "FAIL: %s: the sweeps were not rewritten\n", name);
      exit (1);
    }
  return k;
}

struct kir_kernel *
case_sweep (void)
{
  return sweep_kernel ("sweep", false, false);
}

struct kir_kernel *
case_row_sweep (void)
{
  return sweep_kernel ("row_sweep", true, false);
}

struct kir_kernel *
case_recomputed_sweep (void)
{
  return sweep_kernel ("recomputed_sweep", false, true);
}

struct kir_kernel *
case_recomputed_row_sweep (void)
{
  return sweep_kernel ("recomputed_row_sweep", true, true);
}

/* A recurrence along the rows of flat arrays in a 1-D nest, row = j*nx:
   S[row] = D[row - 1] (the row before's last element), then S[row + kk]
   = D[row + kk + 1] + 0.5 * S[row + kk - 1] for kk = 1 .. nx-1 (at the
   row's end, the next row's first).  Read as grids (delinearize_kernel)
   at level 3, its carried value in a register, its rows staged by the
   warps, whose windows must reach the rows around each lane's.  */
struct kir_kernel *
case_flat_rows (void)
{
  struct kir_kernel *k = kir_kernel_new ("flat_rows", "flat-rows.c", 70);
  k->opt_level = 3;
  int j = kir_add_local (k, "j", KIR_I64);
  t_dims (k, 1, &j, (int[]) { 32 }, (int[]) { 1 });
  int d = kir_add_array (k, "D", KIR_F64, 1, 1);
  int sa = kir_add_array (k, "S", KIR_F64, 1, 1);
  int nx = kir_add_scalar (k, "nx", KIR_I64);
  int row = kir_add_local (k, "row", KIR_I64);
  int kk = kir_add_local (k, "kk", KIR_I64);
  int t = kir_add_local (k, "t", KIR_F64);
  int p = kir_add_local (k, "p", KIR_F64);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int entry = kir_add_block (k), head = kir_add_block (k);
  int body = kir_add_block (k), exit_ = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };
#define CELL(array, c) t_at (k, array, t_affine2 (c, L (row), 1, L (kk), 1), \
                             none, none)

  t_op2 (k, entry, KIR_MUL, row, L (j), S (nx));
  t_load (k, entry, t, t_at (k, d, t_affine (-1, L (row), 1), none, none));
  t_store (k, entry, t_at (k, sa, t_affine (0, L (row), 1), none, none),
           L (t));
  t_op1 (k, entry, KIR_MOV, kk, I64 (1));
  kir_set_goto (k, entry, head);
  t_op2 (k, head, KIR_LT, more, L (kk), S (nx));
  kir_set_branch (k, head, L (more), body, exit_);
  t_load (k, body, t, CELL (d, 1));
  t_load (k, body, p, CELL (sa, -1));
  t_op2 (k, body, KIR_MUL, p, L (p), F64 (0.5));
  t_op2 (k, body, KIR_ADD, t, L (t), L (p));
  t_store (k, body, CELL (sa, 0), L (t));
  t_op2 (k, body, KIR_ADD, kk, L (kk), I64 (1));
  kir_set_goto (k, body, head);
  kir_set_next (k, exit_);
#undef CELL
  finished (k);
  if (delinearize_kernel (k) != 2 || kir_carry_stored_values (k) != 1)
    {
      fprintf (stderr, "FAIL: flat_rows: not read as grids and carried\n");
      exit (1);
    }
  return k;
}

/* y = sqrt (fabs (x)) + pow (x, 2) + fmin (x, 0.5) + fma (x, x, 1);
   yf = sqrtf (fabsf (xf)) + fminf (xf, 0.25f).  */
struct kir_kernel *
case_math (void)
{
  struct kir_kernel *k = kir_kernel_new ("math", "math.c", 50);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 64 }, (int[]) { 4 });
  int x = kir_add_array (k, "x", KIR_F64, 1, 0);
  int y = kir_add_array (k, "y", KIR_F64, 1, 0);
  int xf = kir_add_array (k, "xf", KIR_F32, 1, 0);
  int yf = kir_add_array (k, "yf", KIR_F32, 1, 0);
  int a = kir_add_local (k, "a", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int r = kir_add_local (k, "r", KIR_F64);
  int af = kir_add_local (k, "af", KIR_F32);
  int tf = kir_add_local (k, "tf", KIR_F32);
  int rf = kir_add_local (k, "rf", KIR_F32);
  int b = kir_add_block (k);

  t_load (k, b, a, t_at_ivs (k, x, 0, 0, 0));
  t_call (k, b, "fabs", t, 1, (struct kir_operand[]) { L (a) });
  t_call (k, b, "sqrt", r, 1, (struct kir_operand[]) { L (t) });
  t_call (k, b, "pow", t, 2, (struct kir_operand[]) { L (a), F64 (2.0) });
  t_op2 (k, b, KIR_ADD, r, L (r), L (t));
  t_call (k, b, "fmin", t, 2, (struct kir_operand[]) { L (a), F64 (0.5) });
  t_op2 (k, b, KIR_ADD, r, L (r), L (t));
  t_call (k, b, "fma", t, 3,
          (struct kir_operand[]) { L (a), L (a), F64 (1.0) });
  t_op2 (k, b, KIR_ADD, r, L (r), L (t));
  t_store (k, b, t_at_ivs (k, y, 0, 0, 0), L (r));

  t_load (k, b, af, t_at_ivs (k, xf, 0, 0, 0));
  t_call (k, b, "fabsf", tf, 1, (struct kir_operand[]) { L (af) });
  t_call (k, b, "sqrtf", rf, 1, (struct kir_operand[]) { L (tf) });
  t_call (k, b, "fminf", tf, 2, (struct kir_operand[]) { L (af), F32 (0.25) });
  t_op2 (k, b, KIR_ADD, rf, L (rf), L (tf));
  t_store (k, b, t_at_ivs (k, yf, 0, 0, 0), L (rf));
  kir_set_next (k, b);
  return finished (k);
}

/* Integer semantics over int, long long, unsigned, float and unsigned char
   elements; the reference is case_types_reference in test-kernels.cc.  */
struct kir_kernel *
case_types (void)
{
  struct kir_kernel *k = kir_kernel_new ("types", "types.c", 60);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 32 }, (int[]) { 1 });
  int ai = kir_add_array (k, "ai", KIR_I32, 1, 0);
  int bl = kir_add_array (k, "bl", KIR_I64, 1, 0);
  int cu = kir_add_array (k, "cu", KIR_U32, 1, 0);
  int df = kir_add_array (k, "df", KIR_F32, 1, 0);
  int ec = kir_add_array (k, "ec", KIR_U8, 1, 0);
  int a = kir_add_local (k, "a", KIR_I32);
  int q = kir_add_local (k, "q", KIR_I32);
  int r = kir_add_local (k, "r", KIR_I32);
  int m = kir_add_local (k, "m", KIR_I32);
  int l = kir_add_local (k, "l", KIR_I64);
  int l2 = kir_add_local (k, "l2", KIR_I64);
  int u = kir_add_local (k, "u", KIR_U32);
  int u2 = kir_add_local (k, "u2", KIR_U32);
  int big = kir_add_local (k, "big", KIR_U64);
  int f = kir_add_local (k, "f", KIR_F32);
  int f2 = kir_add_local (k, "f2", KIR_F32);
  int e = kir_add_local (k, "e", KIR_U8);
  int pos = kir_add_local (k, "pos", KIR_BOOL);
  int b = kir_add_block (k);
  struct kir_access at_i[5];
  for (int n = 0; n < 5; n++)
    at_i[n] = t_at_ivs (k, n, 0, 0, 0);

  /* int: q = a / 3, r = a % 3 (truncating), m = max (min (a, q), r) + abs a
     + ~r.  */
  t_load (k, b, a, at_i[ai]);
  t_op2 (k, b, KIR_DIV, q, L (a), I32 (3));
  t_op2 (k, b, KIR_MOD, r, L (a), I32 (3));
  t_op2 (k, b, KIR_MIN, m, L (a), L (q));
  t_op2 (k, b, KIR_MAX, m, L (m), L (r));
  t_op1 (k, b, KIR_ABS, q, L (a));
  t_op2 (k, b, KIR_ADD, m, L (m), L (q));
  t_op1 (k, b, KIR_BNOT, q, L (r));
  t_op2 (k, b, KIR_ADD, m, L (m), L (q));
  /* long long: bl = ((bl + a * 2^33) >> 2) ^ LLONG_MIN (arithmetic shift).  */
  t_load (k, b, l, at_i[bl]);
  t_op1 (k, b, KIR_CVT, l2, L (a));
  t_op2 (k, b, KIR_MUL, l2, L (l2), kir_int (KIR_I64, 8589934592LL));
  t_op2 (k, b, KIR_ADD, l, L (l), L (l2));
  t_op2 (k, b, KIR_SHR, l, L (l), I32 (2));
  t_op2 (k, b, KIR_XOR, l, L (l), kir_int (KIR_I64, -9223372036854775807LL - 1));
  t_store (k, b, at_i[bl], L (l));
  /* unsigned: cu = abs (cu - (((unsigned) a * 2654435761u) >> 7)).  */
  t_load (k, b, u, at_i[cu]);
  t_op1 (k, b, KIR_CVT, u2, L (a));
  t_op2 (k, b, KIR_MUL, u2, L (u2), kir_int (KIR_U32, 2654435761u));
  t_op2 (k, b, KIR_SHR, u2, L (u2), I32 (7));
  t_op1 (k, b, KIR_NEG, u2, L (u2));
  t_op2 (k, b, KIR_ADD, u, L (u), L (u2));
  t_op1 (k, b, KIR_ABS, u, L (u));
  t_store (k, b, at_i[cu], L (u));
  /* float: df = (float) m / 7 + (float) (((unsigned long long) bl * ~0ull
     << 3) >> 40), negated unless a > 0.  */
  t_op1 (k, b, KIR_CVT, f, L (m));
  t_op2 (k, b, KIR_DIV, f, L (f), F32 (7.0));
  t_op1 (k, b, KIR_CVT, big, L (l));
  t_op2 (k, b, KIR_MUL, big, L (big), kir_int (KIR_U64, -1));
  t_op2 (k, b, KIR_SHL, big, L (big), I32 (3));
  t_op2 (k, b, KIR_SHR, big, L (big), I32 (40));
  t_op1 (k, b, KIR_CVT, f2, L (big));
  t_op2 (k, b, KIR_ADD, f, L (f), L (f2));
  t_op2 (k, b, KIR_GT, pos, L (a), I32 (0));
  t_op1 (k, b, KIR_NEG, f2, L (f));
  t_select (k, b, f, L (pos), L (f), L (f2));
  t_store (k, b, at_i[df], L (f));
  /* unsigned char: ec = (unsigned char) (a * 37) ^ 0x5a.  */
  t_op2 (k, b, KIR_MUL, q, L (a), I32 (37));
  t_op1 (k, b, KIR_CVT, e, L (q));
  t_op2 (k, b, KIR_XOR, e, L (e), kir_int (KIR_U8, 0x5a));
  t_store (k, b, at_i[ec], L (e));
  kir_set_next (k, b);
  return finished (k);
}

/* Narrow and boolean types, bool logic, a shift by an unsigned char, an
   unsigned 64-bit min, infinite constants and a negative index coefficient:
   negi = -i; h = s16[-negi] - (short) abs (s8[i]);
   w = min ((unsigned long long) (unsigned short) (u16[i] << 3), 1000);
   flags[i] = !(s8[i] < 0 && h > 0) || s8[i] < 0;
   out[i] = fmaxf (fminf ((float) h, inf) + (float) w, -inf).  */
struct kir_kernel *
case_narrow (void)
{
  struct kir_kernel *k = kir_kernel_new ("narrow", "narrow.c", 65);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 32 }, (int[]) { 1 });
  int s8 = kir_add_array (k, "s8", KIR_I8, 1, 0);
  int s16 = kir_add_array (k, "s16", KIR_I16, 1, 0);
  int u16 = kir_add_array (k, "u16", KIR_U16, 1, 0);
  int flags = kir_add_array (k, "flags", KIR_BOOL, 1, 0);
  int out = kir_add_array (k, "out", KIR_F32, 1, 0);
  int negi = kir_add_local (k, "negi", KIR_I32);
  int a = kir_add_local (k, "a", KIR_I8);
  int h = kir_add_local (k, "h", KIR_I16);
  int h2 = kir_add_local (k, "h2", KIR_I16);
  int w = kir_add_local (k, "w", KIR_U16);
  int big = kir_add_local (k, "big", KIR_U64);
  int p = kir_add_local (k, "p", KIR_BOOL);
  int q = kir_add_local (k, "q", KIR_BOOL);
  int f = kir_add_local (k, "f", KIR_F32);
  int g = kir_add_local (k, "g", KIR_F32);
  int b = kir_add_block (k);
  struct kir_affine none = { 0, 0, { { { 0 }, 0 } } };

  t_op1 (k, b, KIR_NEG, negi, L (i));
  t_load (k, b, h, t_at (k, s16, t_affine (0, L (negi), -1), none, none));
  t_load (k, b, a, t_at_ivs (k, s8, 0, 0, 0));
  t_op1 (k, b, KIR_ABS, a, L (a));
  t_op1 (k, b, KIR_CVT, h2, L (a));
  t_op2 (k, b, KIR_SUB, h, L (h), L (h2));
  t_load (k, b, w, t_at_ivs (k, u16, 0, 0, 0));
  t_op2 (k, b, KIR_SHL, w, L (w), kir_int (KIR_U8, 3));
  t_op1 (k, b, KIR_CVT, big, L (w));
  t_op2 (k, b, KIR_MIN, big, L (big), kir_int (KIR_U64, 1000));
  t_op1 (k, b, KIR_CVT, w, L (big));
  t_store (k, b, t_at_ivs (k, u16, 0, 0, 0), L (w));

  t_load (k, b, a, t_at_ivs (k, s8, 0, 0, 0));
  t_op2 (k, b, KIR_LT, p, L (a), kir_int (KIR_I8, 0));
  t_op2 (k, b, KIR_GT, q, L (h), kir_int (KIR_I16, 0));
  t_op2 (k, b, KIR_LAND, q, L (p), L (q));
  t_op1 (k, b, KIR_NOT, q, L (q));
  t_op2 (k, b, KIR_LOR, q, L (q), L (p));
  t_store (k, b, t_at_ivs (k, flags, 0, 0, 0), L (q));

  t_op1 (k, b, KIR_CVT, f, L (h));
  t_call (k, b, "fminf", f, 2,
          (struct kir_operand[]) { L (f), F32 (HUGE_VAL) });
  t_op1 (k, b, KIR_CVT, g, L (w));
  t_op2 (k, b, KIR_ADD, f, L (f), L (g));
  t_call (k, b, "fmaxf", f, 2,
          (struct kir_operand[]) { L (f), F32 (-HUGE_VAL) });
  t_store (k, b, t_at_ivs (k, out, 0, 0, 0), L (f));
  kir_set_next (k, b);
  return finished (k);
}

/* A[k][j][i] += 10000 k + 100 j + i + 1 over a strided 3-D space: step 3
   in y and 2 in z, chunk 2 in x and z; IVs of three integer types.  */
struct kir_kernel *
case_step_chunk (void)
{
  struct kir_kernel *k = kir_kernel_new ("step_chunk", "step.c", 70);
  int iv[3] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I64),
                kir_add_local (k, "k", KIR_U32) };
  t_dims (k, 3, iv, (int[]) { 8, 2, 4 }, (int[]) { 2, 1, 2 });
  k->dims[1].step = 3;
  k->dims[2].step = 2;
  int arr = kir_add_array (k, "A", KIR_F64, 3, 0);
  int v = kir_add_local (k, "v", KIR_F64);
  int c = kir_add_local (k, "c", KIR_F64);
  int b = kir_add_block (k);
  static const double weight[3] = { 1.0, 100.0, 10000.0 };
  t_load (k, b, v, t_at_ivs (k, arr, 0, 0, 0));
  for (int d = 0; d < 3; d++)
    {
      t_op1 (k, b, KIR_CVT, c, L (iv[d]));
      t_op2 (k, b, KIR_MUL, c, L (c), F64 (weight[d]));
      t_op2 (k, b, KIR_ADD, v, L (v), L (c));
    }
  t_op2 (k, b, KIR_ADD, v, L (v), F64 (1.0));
  t_store (k, b, t_at_ivs (k, arr, 0, 0, 0), L (v));
  kir_set_next (k, b);
  return finished (k);
}

/* Over a[j][i]: s += a, m = max (m, a), cnt += a > 0.5, mn = min (mn,
   (long long) (a * 1000)), p *= 1 + a / 1000.  With FULL_WARPS, a block
   has 32 threads (the device combines within warps first), else 30.  */
struct kir_kernel *
case_reduce (const char *name, int full_warps)
{
  struct kir_kernel *k = kir_kernel_new (name, "reduce.c", 80);
  int iv[2] = { kir_add_local (k, "i", KIR_I32), kir_add_local (k, "j", KIR_I32) };
  if (full_warps)
    t_dims (k, 2, iv, (int[]) { 32, 4 }, (int[]) { 2, 2 });
  else
    t_dims (k, 2, iv, (int[]) { 10, 3 }, (int[]) { 1, 1 });
  int arr = kir_add_array (k, "a", KIR_F64, 2, 0);
  int v = kir_add_local (k, "v", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int big = kir_add_local (k, "big", KIR_BOOL);
  int one = kir_add_local (k, "one", KIR_I32);
  int milli = kir_add_local (k, "milli", KIR_I64);
  int s = kir_add_local (k, "s", KIR_F64);
  int m = kir_add_local (k, "m", KIR_F64);
  int cnt = kir_add_local (k, "cnt", KIR_I32);
  int mn = kir_add_local (k, "mn", KIR_I64);
  int p = kir_add_local (k, "p", KIR_F64);
  kir_add_reduction (k, s, KIR_RED_ADD);
  kir_add_reduction (k, m, KIR_RED_MAX);
  kir_add_reduction (k, cnt, KIR_RED_ADD);
  kir_add_reduction (k, mn, KIR_RED_MIN);
  kir_add_reduction (k, p, KIR_RED_MUL);
  int b = kir_add_block (k);
  t_load (k, b, v, t_at_ivs (k, arr, 0, 0, 0));
  t_op2 (k, b, KIR_ADD, s, L (s), L (v));
  t_op2 (k, b, KIR_MAX, m, L (m), L (v));
  t_op2 (k, b, KIR_GT, big, L (v), F64 (0.5));
  t_op1 (k, b, KIR_CVT, one, L (big));
  t_op2 (k, b, KIR_ADD, cnt, L (cnt), L (one));
  t_op2 (k, b, KIR_MUL, t, L (v), F64 (1000.0));
  t_op1 (k, b, KIR_CVT, milli, L (t));
  t_op2 (k, b, KIR_MIN, mn, L (mn), L (milli));
  t_op2 (k, b, KIR_DIV, t, L (v), F64 (1000.0));
  t_op2 (k, b, KIR_ADD, t, L (t), F64 (1.0));
  t_op2 (k, b, KIR_MUL, p, L (p), L (t));
  kir_set_next (k, b);
  return finished (k);
}

/* Reductions of narrow and bool variables, whose accumulators are wider
   (kir_reduction_type), over u[i] (unsigned char) and w[i] (unsigned
   short): cnt += u (unsigned char, wraps); lo = min (lo, (signed char) u);
   hi = max (hi, (short) (w * w)); any = max (any, u > 250); prod *=
   (short) (u | 1) (wraps); and sq[i] = w * w, an unsigned short product
   whose promoted operands overflow int.  */
struct kir_kernel *
case_narrow_reduce (void)
{
  struct kir_kernel *k = kir_kernel_new ("narrow_reduce", "narrow.c", 85);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 64 }, (int[]) { 2 });
  int u = kir_add_array (k, "u", KIR_U8, 1, 0);
  int w = kir_add_array (k, "w", KIR_U16, 1, 0);
  int sq = kir_add_array (k, "sq", KIR_U16, 1, 0);
  int cnt = kir_add_local (k, "cnt", KIR_U8);
  int lo = kir_add_local (k, "lo", KIR_I8);
  int hi = kir_add_local (k, "hi", KIR_I16);
  int any = kir_add_local (k, "any", KIR_BOOL);
  int prod = kir_add_local (k, "prod", KIR_I16);
  int v = kir_add_local (k, "v", KIR_U8);
  int sv = kir_add_local (k, "sv", KIR_I8);
  int x = kir_add_local (k, "x", KIR_U16);
  int h = kir_add_local (k, "h", KIR_I16);
  int big = kir_add_local (k, "big", KIR_BOOL);
  kir_add_reduction (k, cnt, KIR_RED_ADD);
  kir_add_reduction (k, lo, KIR_RED_MIN);
  kir_add_reduction (k, hi, KIR_RED_MAX);
  kir_add_reduction (k, any, KIR_RED_MAX);
  kir_add_reduction (k, prod, KIR_RED_MUL);
  int b = kir_add_block (k);
  t_load (k, b, v, t_at_ivs (k, u, 0, 0, 0));
  t_op2 (k, b, KIR_ADD, cnt, L (cnt), L (v));
  t_op1 (k, b, KIR_CVT, sv, L (v));
  t_op2 (k, b, KIR_MIN, lo, L (lo), L (sv));
  t_load (k, b, x, t_at_ivs (k, w, 0, 0, 0));
  t_op2 (k, b, KIR_MUL, x, L (x), L (x));
  t_store (k, b, t_at_ivs (k, sq, 0, 0, 0), L (x));
  t_op1 (k, b, KIR_CVT, h, L (x));
  t_op2 (k, b, KIR_MAX, hi, L (hi), L (h));
  t_op2 (k, b, KIR_GT, big, L (v), kir_int (KIR_U8, 250));
  t_op2 (k, b, KIR_OR, any, L (any), L (big));
  t_op2 (k, b, KIR_OR, v, L (v), kir_int (KIR_U8, 1));
  t_op1 (k, b, KIR_CVT, h, L (v));
  t_op2 (k, b, KIR_MUL, prod, L (prod), L (h));
  kir_set_next (k, b);
  return finished (k);
}

/* One scalar of every signature letter, and names that clash with C++ and
   CUDA (class, new, threadIdx, sqrt) or with the emitter's own (mint_n_x):
   threadIdx[new] = class + u + mint_n_x + (big >> 40) + sqrt + sqrt (d)
   + new.  */
struct kir_kernel *
case_scalars (void)
{
  struct kir_kernel *k = kir_kernel_new ("scalars", "scalars.c", 90);
  int iv = kir_add_local (k, "new", KIR_I32);
  t_dims (k, 1, &iv, (int[]) { 16 }, (int[]) { 1 });
  int out = kir_add_array (k, "threadIdx", KIR_F64, 1, 0);
  static const char *const names[6] = { "class", "u", "mint_n_x", "big",
                                        "sqrt", "d" };
  static const enum kir_type types[6] = { KIR_I32, KIR_U32, KIR_I64, KIR_U64,
                                          KIR_F32, KIR_F64 };
  int sc[6];
  for (int n = 0; n < 6; n++)
    sc[n] = kir_add_scalar (k, names[n], types[n]);
  int acc = kir_add_local (k, "min", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int shifted = kir_add_local (k, "shifted", KIR_U64);
  int b = kir_add_block (k);
  t_op1 (k, b, KIR_CVT, acc, L (iv));
  for (int n = 0; n < 6; n++)
    {
      struct kir_operand x = S (sc[n]);
      if (types[n] == KIR_U64)
        {
          t_op2 (k, b, KIR_SHR, shifted, x, I32 (40));
          x = L (shifted);
        }
      if (types[n] == KIR_F64)
        {
          t_call (k, b, "sqrt", t, 1, &x);
          x = L (t);
        }
      else
        {
          t_op1 (k, b, KIR_CVT, t, x);
          x = L (t);
        }
      t_op2 (k, b, KIR_ADD, acc, L (acc), x);
    }
  t_store (k, b, t_at_ivs (k, out, 0, 0, 0), L (acc));
  kir_set_next (k, b);
  return finished (k);
}

struct kir_kernel *
case_build (int i)
{
  switch (i)
    {
    case 0: return case_heat3d ("heat3d", 0);
    case 1: return case_heat3d ("heat3d_opt3", 3);
    case 2: return case_cond2d ();
    case 3: return case_flat1d ();
    case 4: return case_inner_loop ();
    case 5: return case_math ();
    case 6: return case_types ();
    case 7: return case_step_chunk ();
    case 8: return case_reduce ("reduce", 1);
    case 9: return case_scalars ();
    case 10: return case_narrow ();
    case 11: return case_reduce ("reduce_partial_warps", 0);
    case 12: return case_narrow_reduce ();
    case 13: return case_sweep ();
    case 14: return case_row_sweep ();
    case 15: return case_recomputed_sweep ();
    case 16: return case_recomputed_row_sweep ();
    case 17: return case_flat_rows ();
    default: return NULL;
    }
}

int
case_count (void)
{
  return 18;
}

FILE *
t_open_cu (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUT.cu\n", argv[0]);
      return NULL;
    }
  FILE *out = fopen (argv[1], "w");
  if (!out)
    {
      perror (argv[1]);
      return NULL;
    }
  cuda_emit_prelude (out);
  return out;
}

int
t_emit (FILE *out, const struct kir_kernel *k, int *twin, char *err,
        size_t errlen)
{
  struct mint_plan *p = plan_kernel_shaped (k);
  int status = cuda_emit_kernel (out, k, &p->kernel, err, errlen);
  if (twin)
    *twin = p->kernel.classes != NULL;
  plan_free (p);
  return status;
}

int
t_strategy (const struct kir_kernel *k, char *why, size_t len)
{
  struct mint_plan *p = plan_kernel_shaped (k);
  int level = p->kernel.level;
  snprintf (why, len, "%s", p->kernel.description);
  plan_free (p);
  return level;
}

int
t_candidates (const struct kir_kernel *k, struct tune_shape *out)
{
  struct stencil_info info;
  stencil_analyze (k, &info);
  int n = tune_candidates (k, &info, out);
  stencil_info_free (&info);
  return n;
}
