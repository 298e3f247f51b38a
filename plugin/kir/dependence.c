/* dependence.c -- dependences between the points of a kernel's parallel
   iteration space (see dependence.h).  */

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dependence.h"
#include "kir-dump.h"
#include "kir-type.h"
#include "poly.h"
#include "stencil.h"
#include "xalloc.h"

/* ---- integer solutions ----------------------------------------------- */

#define MAX_ROWS 64
/* Parity guards (below) a kernel's analysis uses at most.  */
#define MAX_PARITY_EDGES 8
/* With free unknowns, solutions are searched up to this many steps, or
   over their whole ranges where one lies within WHOLE_SEARCH steps (two
   within a sixteenth of it).  */
#define SEARCH_STEPS 8
#define WHOLE_SEARCH 512
/* Counters of loops in the body (below) a kernel's analysis uses at
   most.  */
#define MAX_COUNTERS (POLY_MAX_COLUMNS - KIR_MAX_DIMS)
/* Unknowns of the equations: the parallel dimensions' steps between the
   two points, then each counter's steps between the two accesses.  */
#define MAX_COLS POLY_MAX_COLUMNS
/* The same and, where a counter indexes two accesses in different ways,
   its value at the store's (see pair_equation).  */
#define MAX_PAIR_COLS (MAX_COLS + MAX_COUNTERS)

/* Rows: sum over c of a[r][c] * t[c] = a[r][ncols].  */
struct system
{
  int nrows, ncols;
  long long a[MAX_ROWS][MAX_COLS + 1];
};

static long long
gcd (long long a, long long b)
{
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b)
    {
      long long t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* Row I -= row P times the factor that clears column C, scaled to stay
   integral.  0 on overflow.  */
static int
eliminate (struct system *s, int i, int p, int c)
{
  long long g = gcd (s->a[i][c], s->a[p][c]);
  long long fi = s->a[p][c] / g, fp = s->a[i][c] / g;
  long long common = 0;
  for (int j = 0; j <= s->ncols; j++)
    {
      long long x, y;
      if (__builtin_mul_overflow (s->a[i][j], fi, &x)
          || __builtin_mul_overflow (s->a[p][j], fp, &y)
          || __builtin_sub_overflow (x, y, &s->a[i][j]))
        return 0;
      common = gcd (common, s->a[i][j]);
    }
  if (common > 1)
    for (int j = 0; j <= s->ncols; j++)
      s->a[i][j] /= common;
  return 1;
}

/* Value number K of the search order 0, 1, -1, 2, -2, ...  */
static long long
search_value (int k)
{
  return k % 2 ? (k + 1) / 2 : -(k / 2);
}

/* Forms over the unknowns: a solution must make each its residue modulo
   its modulus.  */
struct congruences
{
  int n;
  long long coeff[MAX_PARITY_EDGES][MAX_COLS];        /* in [0, modulus) */
  long long modulus[MAX_PARITY_EDGES];
  long long residue[MAX_PARITY_EDGES];                /* in [0, modulus) */
};

static int
congruent_forms (const struct congruences *c, int ncols, const long long *t)
{
  for (int i = 0; i < c->n; i++)
    {
      long long sum = 0, m = c->modulus[i];
      for (int d = 0; d < ncols; d++)
        sum = (sum + c->coeff[i][d] * (((t[d] % m) + m) % m)) % m;
      if ((sum + m) % m != c->residue[i])
        return 0;
    }
  return 1;
}

/* Whether the system has an integer solution T whose first NPOINT
   unknowns (the distance between the points) are not all 0, with
   |T[c]| <= MOST[c], that gives the forms of FORMS their residues: 1 (T
   set), 0, or -1 when the arithmetic overflowed or none was found where
   a free unknown that a pivot's row depends on may lie beyond the
   search.  Gauss-Jordan elimination without fractions; then
   the free unknowns are tried in order of size up to SEARCH_STEPS and
   the pivots must come out integral.  */
static int
nonzero_solution (struct system *s, int npoint, const long long *most,
                  const struct congruences *forms, long long *t)
{
  int pivot_col[MAX_ROWS], rank = 0, is_pivot[MAX_COLS] = { 0 };
  for (int c = 0; c < s->ncols; c++)
    {
      int r = rank;
      while (r < s->nrows && s->a[r][c] == 0)
        r++;
      if (r == s->nrows)
        continue;
      if (r != rank)
        for (int j = 0; j <= s->ncols; j++)
          {
            long long tmp = s->a[r][j];
            s->a[r][j] = s->a[rank][j];
            s->a[rank][j] = tmp;
          }
      for (int i = 0; i < s->nrows; i++)
        if (i != rank && s->a[i][c] != 0 && !eliminate (s, i, rank, c))
          return -1;
      pivot_col[rank++] = c;
      is_pivot[c] = 1;
    }
  for (int r = rank; r < s->nrows; r++)
    if (s->a[r][s->ncols] != 0)
      return 0;

  int free_cols[MAX_COLS], nfree = 0;
  bool beyond = false;
  long long widest = 0;         /* the free unknowns' largest MOST */
  for (int c = 0; c < s->ncols; c++)
    if (!is_pivot[c])
      {
        bool in_rows = false;
        for (int r = 0; r < rank; r++)
          in_rows |= s->a[r][c] != 0;
        /* A counter that no equation holds (a loop of the body that the
           subscripts do not use) changes nothing: it stays 0, and its
           unbounded range does not cut the search of the others short.  */
        if (c >= npoint && !in_rows)
          {
            t[c] = 0;
            continue;
          }
        free_cols[nfree++] = c;
        beyond |= in_rows && most[c] > SEARCH_STEPS;
        widest = most[c] > widest ? most[c] : widest;
      }
  if (nfree > KIR_MAX_DIMS)
    return -1;                  /* too many combinations to search */
  int limit = nfree ? 2 * SEARCH_STEPS + 1 : 1;
  /* Where the free unknowns' ranges are small (u[46*y + x - 1] of a row
     of 44 points: x's 87 distances), the search covers them whole.  */
  if (beyond && widest <= (nfree == 1 ? WHOLE_SEARCH : WHOLE_SEARCH / 16))
    {
      limit = (int) (2 * widest + 1);
      beyond = false;
    }
  int combinations = 1;
  for (int f = 0; f < nfree; f++)
    combinations *= limit;
  /* Every combination of free values, smaller ones first in each.  */
  for (int radius = 0; radius < limit; radius++)
    for (int n = 0; n < combinations; n++)
      {
        int largest = 0, rest = n, in_range = 1;
        for (int f = 0; f < nfree; f++)
          {
            int k = rest % limit;
            rest /= limit;
            largest = k > largest ? k : largest;
            t[free_cols[f]] = search_value (k);
            in_range &= llabs (t[free_cols[f]]) <= most[free_cols[f]];
          }
        if (largest != radius || !in_range)
          continue;
        int integral = 1, nonzero = 0;
        for (int r = 0; r < rank && integral; r++)
          {
            long long num = s->a[r][s->ncols], x;
            for (int f = 0; f < nfree; f++)
              if (__builtin_mul_overflow (s->a[r][free_cols[f]],
                                          t[free_cols[f]], &x)
                  || __builtin_sub_overflow (num, x, &num))
                return -1;
            integral = num % s->a[r][pivot_col[r]] == 0;
            t[pivot_col[r]] = integral ? num / s->a[r][pivot_col[r]] : 0;
            integral &= llabs (t[pivot_col[r]]) <= most[pivot_col[r]];
          }
        for (int c = 0; c < npoint; c++)
          nonzero |= t[c] != 0;
        if (integral && nonzero && congruent_forms (forms, s->ncols, t))
          return 1;
      }
  return beyond ? -1 : 0;
}

/* ---- parity guards ---------------------------------------------------- */

/* The branch edges that only points of one residue of a linear form of
   the loop variables modulo M take, `if (((x + y) & 1) == color)' of a
   red-black sweep (`% 2' too, `% M' and `& (M - 1)' for M a power of 2,
   and `!=' on its false edge; modulo 2 against 0 both edges, as
   `if ((x + y) & 1)'),
   with the form's coefficients: the form of two points past one edge
   differs by a multiple of M.  M is 0 past an equality of the form to a
   uniform value (`if (i == 5)'): the two points' forms are equal.
   GUARDED: per block, the edges that every path to it takes.  */
struct parity
{
  int nedges;
  long long coeff[MAX_PARITY_EDGES][KIR_MAX_DIMS];
  long long modulus[MAX_PARITY_EDGES];
  unsigned *guarded;
};

/* The statement that computes O, through copies and conversions, or
   NULL.  */
static const struct kir_stmt *
computation (const struct expander *x, const struct kir_operand *o)
{
  const struct kir_stmt *s = NULL;
  while (o->kind == KIR_OPND_LOCAL && x->ndefs[o->index] == 1
         && (s = x->def[o->index])->kind == KIR_ASSIGN
         && (s->op == KIR_MOV || s->op == KIR_CVT))
    o = &s->args[0];
  if (o->kind != KIR_OPND_LOCAL || x->ndefs[o->index] != 1)
    return NULL;
  s = x->def[o->index];
  return s->kind == KIR_ASSIGN ? s : NULL;
}

static void
expand (struct expander *x, const struct kir_operand *o, struct poly *p)
{
  struct kir_affine f = { 0, 1, { { *o, 1 } } };
  poly_expand_affine (x, &f, p);
}

/* A value that GCC computes in the arms of a branch (its temporary of
   `?:', iftmp.0): the block that branches, and the assignments of the
   value in the arm it takes where its condition holds ([0]) and where
   not.  */
struct conditional
{
  const struct kir_block *branch;
  const struct kir_stmt *arm[2];
};

/* Whether LOCAL is assigned twice, once in each successor of a block
   that branches, which only that block goes to; C gets them.  */
static bool
conditional_of (const struct kir_kernel *k, int local, struct conditional *c)
{
  const struct kir_stmt *s[2];
  int found = 0, block[2], pred[2], other[2];
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      if (kir_stmt_writes (&k->blocks[b].stmts[i], local))
        {
          if (found == 2 || k->blocks[b].stmts[i].kind != KIR_ASSIGN)
            return false;
          block[found] = b;
          s[found++] = &k->blocks[b].stmts[i];
        }
  if (found != 2 || block[0] == block[1]
      || kir_predecessors (k, block[0], pred) != 1
      || kir_predecessors (k, block[1], other) != 1 || other[0] != pred[0])
    return false;
  c->branch = &k->blocks[pred[0]];
  for (int e = 0; e < 2; e++)
    if (c->branch->term == KIR_BRANCH && c->branch->succ[e] == block[0]
        && c->branch->succ[1 - e] == block[1])
      {
        c->arm[e] = s[0];
        c->arm[1 - e] = s[1];
        return true;
      }
  return false;
}

/* How many temporaries deep a message spells out a subscript's value
   (put_local) and a conditional is looked for through conversions
   (converted_from).  */
#define EXPRESSION_DEPTH 4

/* The one assignment of LOCAL, or NULL.  */
static const struct kir_stmt *
only_assignment (const struct kir_kernel *k, int local)
{
  const struct kir_stmt *found = NULL;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind != KIR_ASSIGN || s->dst != local)
          continue;
        if (found)
          return NULL;
        found = s;
      }
  return found;
}

/* Whether ARM assigns a multiple of DIVISOR: a product with it, or a
   constant (GCC folds 5 * 8 into 40).  */
static bool
scaled_arm (const struct kir_stmt *arm, long long divisor)
{
  const struct kir_operand *a = &arm->args[0], *by = &arm->args[1];
  if (arm->op == KIR_MOV)
    return a->kind == KIR_OPND_INT && a->ival % divisor == 0;
  return arm->op == KIR_MUL && by->kind == KIR_OPND_INT
         && by->ival == divisor;
}

/* The local that LOCAL holds the value of through copies and integer
   conversions, a few deep.  */
static int
converted_from (const struct kir_kernel *k, int local)
{
  for (int depth = 0; depth < EXPRESSION_DEPTH; depth++)
    {
      const struct kir_stmt *copy = only_assignment (k, local);
      if (!copy || (copy->op != KIR_MOV && copy->op != KIR_CVT)
          || copy->args[0].kind != KIR_OPND_LOCAL
          || !kir_type_is_integer (copy->args[0].type))
        break;
      local = copy->args[0].index;
    }
  return local;
}

/* Whether S divides, by a constant, a conditional value (through
   integer conversions) that each arm assigns as a multiple of that
   constant (scaled_arm): the element of `u[c ? a : b]' of a pointer,
   whose arms the front end scales by the element's size and the kernel
   divides (divided_leaf in translate.cc).  C gets the conditional.  */
static bool
divided_conditional (const struct kir_kernel *k, const struct kir_stmt *s,
                     struct conditional *c)
{
  if (s->op != KIR_DIV || s->args[1].kind != KIR_OPND_INT
      || s->args[1].ival <= 1 || s->args[0].kind != KIR_OPND_LOCAL)
    return false;
  return conditional_of (k, converted_from (k, s->args[0].index), c)
         && scaled_arm (c->arm[0], s->args[1].ival)
         && scaled_arm (c->arm[1], s->args[1].ival);
}

/* Whether O is the same at every point: scalars and constants.  */
static int
uniform (struct expander *x, const struct kir_operand *o)
{
  struct poly p;
  expand (x, o, &p);
  for (int i = 0; i < p.n; i++)
    for (int j = 0; j < p.m[i].degree; j++)
      if (ATOM_KIND (p.m[i].atoms[j]) != ATOM_SCALAR)
        return 0;
  return !p.unknown;
}

/* Whether O is the same at every point, through any operation of
   constants and scalars (`n / 2'), DEPTH assignments deep at most.  */
static bool
point_invariant (const struct expander *x, const struct kir_operand *o,
                 int depth)
{
  if (o->kind != KIR_OPND_LOCAL)
    return o->kind != KIR_OPND_NONE;
  const struct kir_stmt *s = x->def[o->index];
  if (x->ndefs[o->index] != 1 || s->kind != KIR_ASSIGN || depth == 0)
    return false;
  for (int i = 0; i < s->nargs; i++)
    if (!point_invariant (x, &s->args[i], depth - 1))
      return false;
  return true;
}

/* Whether O is a linear form of the loop variables plus a uniform part;
   COEFF gets each loop variable's coefficient.  */
static int
parity_form (struct expander *x, const struct kir_operand *o,
             long long *coeff)
{
  struct poly p;
  expand (x, o, &p);
  memset (coeff, 0, KIR_MAX_DIMS * sizeof *coeff);
  for (int i = 0; i < p.n; i++)
    {
      const struct monomial *m = &p.m[i];
      int scalars = 0;
      for (int j = 0; j < m->degree; j++)
        scalars += ATOM_KIND (m->atoms[j]) == ATOM_SCALAR;
      if (scalars == m->degree)
        continue;
      if (m->degree != 1 || ATOM_KIND (m->atoms[0]) != ATOM_IV)
        return 0;
      coeff[ATOM_INDEX (m->atoms[0])] = m->coeff;
    }
  return !p.unknown;
}

/* The modulus M of `form % M' (O's statement S) or of `form & (M - 1)'
   with M a power of 2, where the constant is O; 0 for others.  */
static long long
residue_modulus (const struct kir_stmt *s, const struct kir_operand *o)
{
  if (o->kind != KIR_OPND_INT || o->ival <= 0)
    return 0;
  if (s->op == KIR_MOD)
    return o->ival > 1 ? o->ival : 0;
  return (o->ival & (o->ival + 1)) == 0 ? o->ival + 1 : 0;
}

/* The form of S, `form % M', or `form & (M - 1)' with M a power of 2,
   whose modulus *MODULUS gets; NULL for others.  */
static const struct kir_operand *
residue_form (const struct kir_stmt *s, long long *modulus)
{
  if (!s || (s->op != KIR_AND && s->op != KIR_MOD))
    return NULL;
  const struct kir_operand *a = &s->args[0], *b = &s->args[1];
  if (s->op == KIR_AND && residue_modulus (s, a))
    {
      const struct kir_operand *t = a;
      a = b;
      b = t;
    }
  *modulus = residue_modulus (s, b);
  return *modulus ? a : NULL;
}

/* Whether O is a linear form of the loop variables plus a uniform part
   as parity_form finds one, or modulo 2 an exclusive or of such forms
   (x ^ y, whose lowest bit is that of x + y), DEPTH deep; COEFF as in
   parity_form, each of an exclusive or the sum of its operands'.  */
static int
odd_form (struct expander *x, const struct kir_operand *o, long long *coeff,
          int depth)
{
  if (parity_form (x, o, coeff))
    return 1;
  const struct kir_stmt *s = computation (x, o);
  long long other[KIR_MAX_DIMS];
  if (depth == 0 || !s || s->op != KIR_XOR
      || !odd_form (x, &s->args[0], coeff, depth - 1)
      || !odd_form (x, &s->args[1], other, depth - 1))
    return 0;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    coeff[d] += other[d];
  return 1;
}

/* Whether O is the residue of a form modulo *MODULUS, `form & 1',
   `form % 2', `form % M' or `form & (M - 1)' (M a power of 2), the form
   modulo 2 perhaps an exclusive or (odd_form); COEFF as in parity_form,
   reduced to [0, M).  */
static int
parity_of_form (struct expander *x, const struct kir_operand *o,
                long long *coeff, long long *modulus)
{
  const struct kir_operand *a = residue_form (computation (x, o), modulus);
  if (!a || !(*modulus == 2 ? odd_form (x, a, coeff, EXPRESSION_DEPTH)
                            : parity_form (x, a, coeff)))
    return 0;
  long long m = *modulus;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    coeff[d] = ((coeff[d] % m) + m) % m;
  return 1;
}

/* Whether block B branches on the residue of a form against a value
   the same at every point (a scalar, `it & 1', `(c + it) % 2'): COEFF
   and *MODULUS as in parity_of_form, *EDGE the successor the equal
   points take, *ZERO whether the value is the constant 0.  Against the
   residue of another form by the same modulus (`(x & 1) == ((y + c) &
   1)'), equal residues are congruent forms: COEFF is the difference of
   the two.  A form itself against a uniform value (`if (i == 5)', `if
   (x == nx - 2)') is a residue modulo 0: *MODULUS 0, COEFF as
   parity_form gives them, and the form of two points past the edge is
   the same.  */
static int
parity_branch (struct expander *x, const struct kir_block *b,
               long long *coeff, long long *modulus, int *edge, bool *zero)
{
  const struct kir_stmt *s;
  if (b->term != KIR_BRANCH || b->succ[0] == b->succ[1]
      || !(s = computation (x, &b->cond))
      || (s->op != KIR_EQ && s->op != KIR_NE))
    return 0;
  *edge = s->op == KIR_NE;
  for (int i = 0; i < 2; i++)
    if ((uniform (x, &s->args[1 - i])
         || point_invariant (x, &s->args[1 - i], 8))
        && parity_of_form (x, &s->args[i], coeff, modulus))
      {
        *zero = s->args[1 - i].kind == KIR_OPND_INT && s->args[1 - i].ival == 0;
        return 1;
      }
  long long other[KIR_MAX_DIMS], m;
  if (parity_of_form (x, &s->args[0], coeff, modulus)
      && parity_of_form (x, &s->args[1], other, &m) && m == *modulus)
    {
      for (int d = 0; d < KIR_MAX_DIMS; d++)
        coeff[d] = ((coeff[d] - other[d]) % m + m) % m;
      *zero = false;
      return 1;
    }
  for (int i = 0; i < 2; i++)
    if (point_invariant (x, &s->args[1 - i], 8)
        && parity_form (x, &s->args[i], coeff))
      for (int d = 0; d < KIR_MAX_DIMS; d++)
        if (coeff[d] != 0)
          {
            *modulus = 0;
            *zero = false;
            return 1;
          }
  return 0;
}

/* Marks in SEEN the blocks reachable from the entry without the edge
   EDGE of block SKIP (-1: none); STACK has room for every block.  */
static void
reach (const struct kir_kernel *k, int skip, int edge, char *seen, int *stack)
{
  int n = 0;
  memset (seen, 0, (size_t) k->nblocks);
  seen[0] = 1;
  stack[n++] = 0;
  while (n > 0)
    {
      int from = stack[--n];
      const struct kir_block *b = &k->blocks[from];
      int nsucc = b->term == KIR_BRANCH ? 2 : b->term == KIR_GOTO;
      for (int e = 0; e < nsucc; e++)
        if (!(from == skip && e == edge) && !seen[b->succ[e]])
          {
            seen[b->succ[e]] = 1;
            stack[n++] = b->succ[e];
          }
    }
}

/* Finds K's parity guards into P.  */
static void
parity_init (struct expander *x, struct parity *p)
{
  const struct kir_kernel *k = x->k;
  char *all = mint_xmalloc ((size_t) k->nblocks);
  char *seen = mint_xmalloc ((size_t) k->nblocks);
  int *stack = mint_xmalloc ((size_t) k->nblocks * sizeof *stack);
  p->nedges = 0;
  p->guarded = mint_xcalloc ((size_t) k->nblocks, sizeof *p->guarded);
  reach (k, -1, 0, all, stack);
  for (int b = 0; b < k->nblocks && p->nedges < MAX_PARITY_EDGES; b++)
    {
      int edge;
      bool zero;
      if (!all[b] || !parity_branch (x, &k->blocks[b], p->coeff[p->nedges],
                                     &p->modulus[p->nedges], &edge, &zero))
        continue;
      /* Modulo 2 the other edge of a test against 0 takes one residue
         too: `% 2' gives it 1 or -1, both odd (against 1, 0 or -1).  */
      int edges = p->modulus[p->nedges] == 2 && zero ? 2 : 1;
      for (int e = 0; e < edges && p->nedges < MAX_PARITY_EDGES; e++)
        {
          if (e > 0)
            {
              memcpy (p->coeff[p->nedges], p->coeff[p->nedges - 1],
                      sizeof p->coeff[0]);
              p->modulus[p->nedges] = 2;
            }
          reach (k, b, e == 0 ? edge : 1 - edge, seen, stack);
          for (int r = 0; r < k->nblocks; r++)
            if (all[r] && !seen[r])
              p->guarded[r] |= 1u << p->nedges;
          p->nedges++;
        }
    }
  free (all);
  free (seen);
  free (stack);
}

/* ---- counters of loops in the body ---------------------------------- */

/* A loop below the parallel ones (`for (ll = 0; ll < NUM_VARS; ll++)'
   over the variables of a structure of arrays) counts a local: two
   accesses see it at values a multiple of its step apart, as two points
   see a parallel loop's variable, so that its planes
   (u[ll*nz*nx + k*nx + i]) are told apart as the points' rows are.  */
struct counter
{
  int local;
  long long step;
  long long count;              /* iterations where known, else 0 */
  /* Where its statements are: the start, the step.  */
  int start_block, start_at, step_block, step_at;
  /* Where RANGED, the counter lies within LO..HI (polynomials over the
     scalars) at each statement of the blocks INSIDE marks, those that
     every path reaches through its loop test's edge into the loop, but
     after the step in its block (counter_range).  */
  bool ranged;
  struct poly lo, hi;
  char *inside;
};

struct counters
{
  int n;
  struct counter c[MAX_COUNTERS];
};

/* Whether S sets its local to a value the same at every point (an
   arithmetic of scalars and constants); *CONSTANT whether it is a
   constant, *VALUE gets it.  */
static bool
uniform_start (struct expander *x, const struct kir_stmt *s,
               long long *value, bool *constant)
{
  if (s->kind != KIR_ASSIGN || s->nargs < 1 || s->nargs > 2
      || (s->op != KIR_MOV && s->op != KIR_CVT && s->op != KIR_ADD
          && s->op != KIR_SUB && s->op != KIR_MUL && s->op != KIR_NEG))
    return false;
  for (int i = 0; i < s->nargs; i++)
    if (!uniform (x, &s->args[i]))
      return false;
  *constant = (s->op == KIR_MOV || s->op == KIR_CVT)
              && s->args[0].kind == KIR_OPND_INT;
  *value = *constant ? s->args[0].ival : 0;
  return true;
}

/* Whether S is `L = L + C' or `L = L - C' (or `L = C + L') for a constant
   C other than 0; *STEP gets the change.  */
static bool
increments (const struct kir_stmt *s, int l, long long *step)
{
  if (s->kind != KIR_ASSIGN || (s->op != KIR_ADD && s->op != KIR_SUB))
    return false;
  for (int i = 0; i < 2; i++)
    {
      const struct kir_operand *self = &s->args[i], *c = &s->args[1 - i];
      if (self->kind == KIR_OPND_LOCAL && self->index == l
          && c->kind == KIR_OPND_INT && c->ival != 0
          && (i == 0 || s->op == KIR_ADD))
        {
          *step = s->op == KIR_ADD ? c->ival : -c->ival;
          return true;
        }
    }
  return false;
}

/* The iterations of the loop that counts L from INIT by STEP, where a
   branch of K tests L against a constant (`L < 4', `L <= 3'), else 0.  */
static long long
counter_count (struct expander *x, int l, long long init, long long step)
{
  const struct kir_kernel *k = x->k;
  for (int b = 0; b < k->nblocks; b++)
    {
      const struct kir_stmt *t;
      if (k->blocks[b].term != KIR_BRANCH
          || !(t = computation (x, &k->blocks[b].cond))
          || t->args[0].kind != KIR_OPND_LOCAL || t->args[0].index != l
          || t->args[1].kind != KIR_OPND_INT)
        continue;
      long long bound = t->args[1].ival, span;
      if (step > 0 && (t->op == KIR_LT || t->op == KIR_LE))
        span = bound - init + (t->op == KIR_LE);
      else if (step < 0 && (t->op == KIR_GT || t->op == KIR_GE))
        span = init - bound + (t->op == KIR_GE);
      else
        continue;
      long long by = step > 0 ? step : -step;
      return span > 0 ? (span + by - 1) / by : 0;
    }
  return 0;
}

/* Whether block H branches on `L OP B' (into *OP, L first), computed in
   H, with B the same at every point (its value into *BOUND).  */
static bool
counter_test (struct expander *x, const struct kir_block *h, int l,
              enum kir_opcode *op, struct poly *bound)
{
  const struct kir_stmt *t;
  bool in_h = false;
  if (h->term != KIR_BRANCH || h->succ[0] == h->succ[1]
      || !(t = computation (x, &h->cond)) || t->nargs != 2)
    return false;
  for (int i = 0; i < h->nstmts; i++)
    in_h |= &h->stmts[i] == t;
  if (!in_h)
    return false;
  for (int i = 0; i < 2; i++)
    if (kir_names_local (&t->args[i], l) && uniform (x, &t->args[1 - i]))
      {
        *op = i == 0 ? t->op : kir_swapped_comparison (t->op);
        expand (x, &t->args[1 - i], bound);
        return *op == KIR_LT || *op == KIR_LE || *op == KIR_GT
               || *op == KIR_GE || *op == KIR_EQ || *op == KIR_NE;
      }
  return false;
}

/* The range of counter N, started by INIT: where its start and its step
   both go to a block H that tests it against a value the same at every
   point, it lies between the start and that value in each block that
   every path reaches through H's edge into the loop (that of the step's
   block), up to the step in the step's block; a test `!=' (GCC's form
   of an unsigned `x > 0') of a counter stepping by 1 or -1 bounds it
   as `<' or `>'.  The arithmetic is taken not to wrap, as the parallel
   loops' bounds are (nest-recognition.cc): below a bound of n - 1 of a
   size_t n, where n is 0, such a loop runs past the ends of the
   arrays; but an unsigned counter going down to a bound of `>=' may
   pass 0, and gets no range.  */
static void
counter_range (struct expander *x, struct counter *n,
               const struct kir_stmt *init)
{
  const struct kir_kernel *k = x->k;
  const struct kir_block *start = &k->blocks[n->start_block];
  const struct kir_block *step = &k->blocks[n->step_block];
  enum kir_opcode op;
  struct poly bound;
  if (start->term != KIR_GOTO || step->term != KIR_GOTO
      || start->succ[0] != step->succ[0]
      || !counter_test (x, &k->blocks[step->succ[0]], n->local, &op, &bound))
    return;
  int h = step->succ[0], into = -1;
  char *all = mint_xmalloc ((size_t) k->nblocks);
  int *stack = mint_xmalloc ((size_t) k->nblocks * sizeof *stack);
  n->inside = mint_xmalloc ((size_t) k->nblocks);
  reach (k, -1, 0, all, stack);
  for (int e = 0; e < 2 && into < 0; e++)
    {
      reach (k, h, e, n->inside, stack);
      if (all[n->step_block] && !n->inside[n->step_block])
        into = e;
    }
  for (int b = 0; b < k->nblocks; b++)
    n->inside[b] = into >= 0 && all[b] && !n->inside[b];
  free (all);
  free (stack);
  if (into == 1)
    op = kir_negated_comparison (op);
  struct poly first;
  if (!poly_expand_assignment (x, init, &first))
    return;
  bool up = n->step > 0;
  if (op == KIR_NE && llabs (n->step) == 1)
    op = up ? KIR_LT : KIR_GT;
  if (into < 0 || first.unknown || bound.unknown
      || (up ? op != KIR_LT && op != KIR_LE : op != KIR_GT && op != KIR_GE)
      || (!up && op == KIR_GE
          && !kir_type_is_signed (k->locals[n->local].type)))
    return;
  struct poly one;
  poly_constant (&one, 1);
  if (op == KIR_LT || op == KIR_GT)
    poly_add (&bound, &one, up ? -1 : 1);
  n->lo = up ? first : bound;
  n->hi = up ? bound : first;
  n->ranged = !n->lo.unknown && !n->hi.unknown;
}

/* Whether counter N lies within its range at statement AT of block B,
   whose access ACC reads it there as its expansion says.  */
static bool
counter_ranged_at (const struct expander *x, const struct counter *n,
                   int b, int at, const struct kir_access *acc)
{
  if (!n->ranged || !n->inside[b] || (b == n->step_block && at > n->step_at)
      || (b == n->start_block && at > n->start_at))
    return false;
  for (int i = 0; i < acc->rank; i++)
    if (!poly_reads_current (x, &x->k->blocks[b], at, &acc->index[i],
                             n->local))
      return false;
  return true;
}

/* Marks in INDEXES the locals in the subscripts of the accesses to the
   arrays K writes, which the analysis compares with each other: their
   loops' counters come first, so that the counters of loops over arrays
   only read (a gather into a private array) leave the columns to them.  */
static void
mark_written_indexes (struct expander *x, char *indexes)
{
  const struct kir_kernel *k = x->k;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind != KIR_LOAD && s->kind != KIR_STORE)
            || !k->arrays[s->access.array].written)
          continue;
        struct poly p[KIR_MAX_DIMS];
        int n = poly_expand_access (x, &s->access, p);
        for (int d = 0; d < n; d++)
          for (int m = 0; m < p[d].n; m++)
            for (int a = 0; a < p[d].m[m].degree; a++)
              if (ATOM_KIND (p[d].m[m].atoms[a]) == ATOM_OPAQUE)
                indexes[ATOM_INDEX (p[d].m[m].atoms[a])] = 1;
      }
}

/* Adds local L to C where it counts a loop (X's kernel's); whether it
   did.  */
static bool
add_counter (struct expander *x, int l, struct counters *c)
{
  const struct kir_kernel *k = x->k;
  if (x->ndefs[l] != 2 || kir_type_is_float (k->locals[l].type))
    return false;
  const struct kir_stmt *init = NULL, *step_stmt = NULL;
  long long step = 0, start = 0;
  bool constant = false;
  struct counter *n = &c->c[c->n];
  memset (n, 0, sizeof *n);
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind == KIR_STORE || s->dst != l)
          continue;
        if (increments (s, l, &step))
          {
            step_stmt = s;
            n->step_block = b, n->step_at = i;
          }
        else if (uniform_start (x, s, &start, &constant))
          {
            init = s;
            n->start_block = b, n->start_at = i;
          }
      }
  if (!init || !step_stmt)
    return false;
  c->n++;
  n->local = l;
  n->step = step;
  n->count = constant ? counter_count (x, l, start, step) : 0;
  counter_range (x, n, init);
  return true;
}

/* The counters of K's loops into C: integer locals that the body sets
   to a value the same at every point and steps by a constant, those in
   the subscripts of the arrays K writes first.  */
static void
find_counters (struct expander *x, struct counters *c)
{
  const struct kir_kernel *k = x->k;
  char *indexes = mint_xcalloc ((size_t) k->nlocals + 1, 1);
  mark_written_indexes (x, indexes);
  c->n = 0;
  for (int pass = 1; pass >= 0; pass--)
    for (int l = 0; l < k->nlocals && c->n < MAX_COUNTERS; l++)
      if (indexes[l] == pass)
        add_counter (x, l, c);
  free (indexes);
}

/* What atom_column reads.  */
struct column_map
{
  const struct kir_kernel *k;
  const struct counters *c;
};

/* The column of atom A among the parallel dimensions and the counters of
   the column_map DATA, or -1.  */
static int
atom_column (int a, const void *data)
{
  const struct column_map *map = (const struct column_map *) data;
  if (ATOM_KIND (a) == ATOM_IV)
    return ATOM_INDEX (a);
  for (int i = 0; i < map->c->n && ATOM_KIND (a) == ATOM_OPAQUE; i++)
    if (map->c->c[i].local == ATOM_INDEX (a))
      return map->k->ndims + i;
  return -1;
}

/* ---- pairs of accesses ----------------------------------------------- */

enum pair_result { PAIR_NONE, PAIR_PROVEN, PAIR_POSSIBLE };

/* The unknowns of the equations: NCOLS columns, each STEP apart.  */
struct columns
{
  int ncols;
  long long step[MAX_PAIR_COLS];
  long long most[MAX_PAIR_COLS];        /* the largest distance in steps */
  /* A counter's distance in steps that its loop runs through, -1
     unknown: a solution within proves a dependence.  */
  long long within[MAX_PAIR_COLS];
  /* Where BOUNDED: the largest distance of a parallel dimension in
     steps as a polynomial over the scalars (its span less 1), and in
     values of its variable (REACH: the same for a step of 1); where
     NONNEGATIVE, the bound is known to be at least 0.  */
  bool bounded[MAX_PAIR_COLS], nonnegative[MAX_PAIR_COLS];
  /* A column of a counter's values (pair_equation): its unknown lies
     within 0..its bound.  */
  bool from_zero[MAX_PAIR_COLS];
  struct poly bound[MAX_PAIR_COLS], reach[MAX_PAIR_COLS];
  /* A counter's range where RANGED (struct counter): its start and its
     width, HI - LO.  A parallel dimension's start where kir_dim has it,
     and where also bounded, STARTED: the range of its variable.  */
  bool ranged[MAX_PAIR_COLS], started[MAX_PAIR_COLS];
  struct poly lo[MAX_PAIR_COLS], width[MAX_PAIR_COLS];
  /* A parallel dimension whose column holds the values of its variable
     at one access (pair_equation), not the distance between two
     points.  */
  bool valued[MAX_PAIR_COLS];
  /* Per scalar (NSCALARS), where KNOWN: a lower bound of its value at a
     launch with points.  */
  int nscalars;
  char *known;
  long long *least;
};

/* Adds the monomials of Q that SET lacks to SET (only which monomials
   SET has matters, not their coefficients).  */
static void
add_monomials (struct poly *set, const struct poly *q)
{
  set->unknown |= q->unknown;
  for (int i = 0; i < q->n; i++)
    if (!poly_coeff (set, &q->m[i]))
      poly_add_monomial (set, &q->m[i], 1);
}

/* Adds the equations of subscripts A (at the store's point p) and B (at
   the other point q = p + step * t, where each counter is step * t past
   the store's) being equal: sum over the columns c of coeff_c * step_c *
   t_c = rest_A - rest_B, one row per monomial.  0 if they index in
   different ways.  */
static int
add_equations (const struct columns *cols, const struct subscript *a,
               const struct subscript *b, struct system *s)
{
  for (int c = 0; c < cols->ncols; c++)
    if (!poly_equal (&a->coeff[c], &b->coeff[c]))
      return 0;
  struct poly diff = a->rest;
  poly_add (&diff, &b->rest, -1);
  if (diff.unknown)
    return 0;
  /* The monomials of the rows: those of the coefficients and of DIFF.  */
  struct poly all;
  poly_constant (&all, 0);
  add_monomials (&all, &diff);
  for (int c = 0; c < cols->ncols; c++)
    add_monomials (&all, &a->coeff[c]);
  if (all.unknown)
    return 0;
  for (int i = 0; i < all.n; i++)
    {
      /* A difference in scalars that no loop variable's coefficient has
         (u[i] against u[i - nx]): whether a distance makes up for it
         depends on the scalars' values.  */
      int in_coeff = 0;
      for (int c = 0; c < cols->ncols; c++)
        in_coeff |= poly_coeff (&a->coeff[c], &all.m[i]) != 0;
      if (all.m[i].degree > 0 && !in_coeff
          && poly_coeff (&diff, &all.m[i]) != 0)
        return 0;
    }
  for (int i = 0; i < all.n && s->nrows < MAX_ROWS; i++)
    {
      long long *row = s->a[s->nrows++];
      for (int c = 0; c < cols->ncols; c++)
        if (__builtin_mul_overflow (poly_coeff (&a->coeff[c], &all.m[i]),
                                    cols->step[c], &row[c]))
          return 0;
      row[cols->ncols] = poly_coeff (&diff, &all.m[i]);
    }
  return 1;
}

/* ---- planes apart: symbolic strides ----------------------------------- */

/* Whether P >= V wherever each scalar is at least its lower bound in
   COLS: P over x = least + y (y >= 0) has no negative coefficient and a
   constant of V at least.  */
static bool
at_least (const struct columns *cols, const struct poly *p, long long v)
{
  struct poly shifted;
  poly_constant (&shifted, 0);
  if (p->unknown)
    return false;
  for (int i = 0; i < p->n; i++)
    {
      struct poly term, factor, product;
      poly_constant (&term, p->m[i].coeff);
      for (int j = 0; j < p->m[i].degree; j++)
        {
          int a = p->m[i].atoms[j];
          if (ATOM_KIND (a) != ATOM_SCALAR || !cols->known[ATOM_INDEX (a)])
            return false;
          struct poly least;
          poly_atom (&factor, a);
          poly_constant (&least, cols->least[ATOM_INDEX (a)]);
          poly_add (&factor, &least, 1);
          poly_multiply (&product, &term, &factor);
          term = product;
        }
      poly_add (&shifted, &term, 1);
    }
  if (shifted.unknown)
    return false;
  long long constant = 0;
  for (int i = 0; i < shifted.n; i++)
    if (shifted.m[i].degree == 0)
      constant = shifted.m[i].coeff;
    else if (shifted.m[i].coeff < 0)
      return false;
  return constant >= v;
}

/* Whether Q - FACTOR * R >= V (at_least).  */
static bool
difference_at_least (const struct columns *cols, const struct poly *q,
                     const struct poly *r, long long factor, long long v)
{
  struct poly d = *q;
  poly_add (&d, r, -factor);
  return at_least (cols, &d, v);
}

/* Whether |Q| > BOUND.  */
static bool
outside (const struct columns *cols, const struct poly *q,
         const struct poly *bound)
{
  struct poly below;
  poly_constant (&below, 0);
  poly_add (&below, q, -1);
  return difference_at_least (cols, q, bound, 1, 1)
         || difference_at_least (cols, &below, bound, 1, 1);
}

/* |P| into *ABS where P's sign is known.  */
static bool
magnitude (const struct columns *cols, const struct poly *p,
           struct poly *abs)
{
  poly_constant (abs, 0);
  if (at_least (cols, p, 0))
    poly_add (abs, p, 1);
  else if (difference_at_least (cols, abs, p, 1, 0))
    poly_add (abs, p, -1);
  else
    return false;
  return !abs->unknown;
}

/* One dimension's equation of two accesses: the sum over the columns C
   still ACTIVE of STRIDE[C] * t[C] is RHS; columns taken out of it keep
   their distance in VALUE where FIXED.  */
struct strided_equation
{
  bool active[MAX_PAIR_COLS], fixed[MAX_PAIR_COLS];
  struct poly stride[MAX_PAIR_COLS], value[MAX_PAIR_COLS];
  struct poly rhs;
};

/* The coefficient of the highest power of atom A in P, a polynomial over
   the other atoms, into *F (of ny in nx*ny + 2*ny + nx + 2: nx + 2).  */
static void
leading_cofactor (const struct poly *p, int a, struct poly *f)
{
  int highest = 0;
  for (int i = 0; i < p->n; i++)
    {
      int power = 0;
      for (int j = 0; j < p->m[i].degree; j++)
        power += p->m[i].atoms[j] == a;
      highest = power > highest ? power : highest;
    }
  poly_constant (f, 0);
  for (int i = 0; i < p->n; i++)
    {
      struct monomial rest = p->m[i];
      rest.degree = 0;
      for (int j = 0; j < p->m[i].degree; j++)
        if (p->m[i].atoms[j] != a)
          rest.atoms[rest.degree++] = p->m[i].atoms[j];
      if (p->m[i].degree - rest.degree == highest)
        poly_add_monomial (f, &rest, 1);
    }
}

/* Whether Q is FACTOR times a polynomial over the scalars, which are
   integers, and FACTOR or -FACTOR exceeds BOUND: then |Q| <= BOUND only
   where Q is 0 (a nonzero multiple is at least |FACTOR| in size, and
   where BOUND is negative no |Q| is within it).  */
static bool
multiple_of (const struct columns *cols, const struct poly *q,
             const struct poly *factor, const struct poly *bound)
{
  struct poly quotient, rest, negated;
  poly_constant (&negated, 0);
  poly_add (&negated, factor, -1);
  return !factor->unknown && factor->n > 0
         && poly_divide (q, factor, &quotient, &rest) && rest.n == 0
         && (difference_at_least (cols, factor, bound, 1, 1)
             || difference_at_least (cols, &negated, bound, 1, 1));
}

/* Whether Q is a multiple of something that exceeds BOUND: a scalar (nx
   (3 - ny) against nx - 3), a scalar's cofactor (ny (nx + 2), rows of
   nx + 2 apart, against nx - 1), or BOUND plus 1 or 2 where that is
   positive (N^2 + 2N, rows of N + 2 apart, against N + 1): then |Q| <=
   BOUND only where Q is 0.  */
static bool
multiple_past (const struct columns *cols, const struct poly *q,
               const struct poly *bound)
{
  /* Only a polynomial over the scalars may be such a multiple; its
     monomials come in any order.  */
  long long constant;
  if (q->unknown || poly_constant_value (q, &constant))
    return false;
  struct poly factor;
  for (int i = 0; i < q->n; i++)
    for (int j = 0; j < q->m[i].degree; j++)
      {
        int a = q->m[i].atoms[j];
        if (ATOM_KIND (a) != ATOM_SCALAR)
          continue;
        poly_atom (&factor, a);
        if (multiple_of (cols, q, &factor, bound))
          return true;
        leading_cofactor (q, a, &factor);
        if (multiple_of (cols, q, &factor, bound))
          return true;
      }
  for (long long past = 1; past <= 2; past++)
    {
      poly_constant (&factor, past);
      poly_add (&factor, bound, 1);
      if (at_least (cols, &factor, 1) && multiple_of (cols, q, &factor, bound))
        return true;
    }
  return false;
}

/* Takes column C out of E where STRIDE[C] * t[C] = R: its distance is R
   / STRIDE[C] where that divides.  False where no distance within the
   column's bound solves it.  */
static bool
settle (const struct columns *cols, struct strided_equation *e, int c,
        const struct poly *r)
{
  struct poly q, rest;
  long long stride, value;
  e->active[c] = false;
  if (poly_constant_value (&e->stride[c], &stride)
      && poly_constant_value (r, &value) && value % stride != 0)
    return false;
  /* A remainder may be 0 for some values of the scalars, unless R is
     smaller than the stride: then only a distance of 0 may solve it.  */
  struct poly r_size, stride_size;
  if (!poly_divide (r, &e->stride[c], &q, &rest) || rest.n > 0)
    {
      if (magnitude (cols, r, &r_size)
          && magnitude (cols, &e->stride[c], &stride_size)
          && difference_at_least (cols, &stride_size, &r_size, 1, 1))
        {
          e->fixed[c] = true;
          poly_constant (&e->value[c], 0);
        }
      return true;
    }
  e->fixed[c] = true;
  e->value[c] = q;
  if (cols->bounded[c] && multiple_past (cols, &q, &cols->bound[c]))
    poly_constant (&e->value[c], 0);
  struct poly zero;
  poly_constant (&zero, 0);
  if (cols->from_zero[c] && difference_at_least (cols, &zero, &q, 1, 1))
    return false;
  return !cols->bounded[c] || !outside (cols, &q, &cols->bound[c]);
}

/* Whether, in E, stride G divides the strides but LO's, and LO's term
   (at most TERM in size, term_size) and the remainder R of E's right
   side by G (into *R) stay below G in size: LO's term then is R, as G
   times anything else is at least G away.  OUT gets E divided by G
   without LO.  */
static bool
divides_past (const struct columns *cols, const struct strided_equation *e,
              int lo, int g, const struct poly *term,
              struct strided_equation *out, struct poly *r)
{
  struct poly rest, size, reach, g_size;
  *out = *e;
  if (!poly_divide (&e->rhs, &e->stride[g], &out->rhs, r))
    return false;
  for (int c = 0; c < cols->ncols; c++)
    if (c != lo && e->active[c]
        && (!poly_divide (&e->stride[c], &e->stride[g], &out->stride[c],
                          &rest)
            || rest.n > 0))
      return false;
  if (!magnitude (cols, r, &size) || !magnitude (cols, &e->stride[g], &g_size))
    return false;
  reach = *term;
  poly_add (&reach, &size, 1);
  return difference_at_least (cols, &g_size, &reach, 1, 1);
}

/* The largest size of column C's term in E into *SIZE, where its bound
   is known.  */
static bool
term_size (const struct columns *cols, const struct strided_equation *e,
           int c, struct poly *size)
{
  struct poly stride, step, coeff, r;
  poly_constant (&step, llabs (cols->step[c]));
  if (!cols->bounded[c]
      || !(cols->nonnegative[c] || at_least (cols, &cols->bound[c], 0))
      || !magnitude (cols, &e->stride[c], &stride)
      || !poly_divide (&stride, &step, &coeff, &r) || r.n > 0)
    return false;
  poly_multiply (size, &coeff, &cols->reach[c]);
  return !size->unknown;
}

/* The least and the largest of column C's term in E into *LEAST and
   *MOST: a value column's stride times 0..its width where the stride's
   sign is known, else -size..size (term_size).  */
static bool
term_range (const struct columns *cols, const struct strided_equation *e,
            int c, struct poly *least, struct poly *most)
{
  struct poly zero, size;
  poly_constant (&zero, 0);
  if (cols->from_zero[c] && at_least (cols, &e->stride[c], 0))
    {
      *least = zero;
      poly_multiply (most, &e->stride[c], &cols->reach[c]);
      return !most->unknown;
    }
  if (cols->from_zero[c] && difference_at_least (cols, &zero, &e->stride[c], 1, 0))
    {
      poly_multiply (least, &e->stride[c], &cols->reach[c]);
      *most = zero;
      return !least->unknown;
    }
  if (!term_size (cols, e, c, &size))
    return false;
  *least = zero;
  poly_add (least, &size, -1);
  *most = size;
  return true;
}

/* Whether LEAST - R and MOST - R lie strictly between -G_SIZE and
   G_SIZE.  */
static bool
within_stride (const struct columns *cols, const struct poly *least,
               const struct poly *most, const struct poly *r,
               const struct poly *g_size)
{
  struct poly low = *least, high = *most;
  poly_add (&low, r, -1);
  poly_add (&high, r, -1);
  poly_add (&low, g_size, 1);
  return difference_at_least (cols, g_size, &high, 1, 1)
         && at_least (cols, &low, 1);
}

/* Takes out of E, as take_smallest, the columns past the first NPOINT
   (no distance between the points, but the values of a dimension's
   variable, struct columns) whose strides column G's does not divide,
   where their terms' sum less R stays between -G and G, for R the
   remainder of E's right side by G, the right side itself, or the
   remainder one G up or down (a sum of 0..n - 1 against -3 modulo
   n + 2 is n - 1): that sum then is R: -1 where it cannot be, 1 taken
   out, 0 none.  The values of the columns taken out are left
   unknown.  */
static int
take_small_group (const struct columns *cols, int npoint,
                  struct strided_equation *e, int g)
{
  struct strided_equation out = *e;
  struct poly least, most, lo, hi, g_size, r, rest;
  int small = 0;
  poly_constant (&least, 0);
  poly_constant (&most, 0);
  poly_constant (&out.stride[g], 1);
  for (int c = 0; c < cols->ncols; c++)
    {
      if (c == g || !e->active[c]
          || (poly_divide (&e->stride[c], &e->stride[g], &out.stride[c],
                           &rest)
              && rest.n == 0))
        continue;
      if ((c < npoint && !cols->valued[c])
          || !term_range (cols, e, c, &lo, &hi))
        return 0;
      poly_add (&least, &lo, 1);
      poly_add (&most, &hi, 1);
      out.active[c] = false;
      small++;
    }
  if (small == 0 || !magnitude (cols, &e->stride[g], &g_size))
    return 0;
  struct poly candidates[4];
  int n = 0;
  bool divided = poly_divide (&e->rhs, &e->stride[g], &out.rhs, &r);
  if (divided)
    candidates[n++] = r;
  candidates[n++] = e->rhs;
  for (int sign = 1; divided && sign >= -1; sign -= 2)
    {
      candidates[n] = r;
      poly_add (&candidates[n++], &g_size, sign);
    }
  int i = 0;
  while (i < n && !within_stride (cols, &least, &most, &candidates[i],
                                   &g_size))
    i++;
  if (i == n)
    return 0;
  r = candidates[i];
  struct poly d = e->rhs;
  poly_add (&d, &r, -1);
  if (!poly_divide (&d, &e->stride[g], &out.rhs, &rest) || rest.n > 0)
    return 0;
  if (difference_at_least (cols, &least, &r, 1, 1)
      || difference_at_least (cols, &r, &most, 1, 1))
    return -1;
  *e = out;
  return 1;
}

/* Takes out of E a column whose term divides_past leaves alone (with
   the rows of a flat array, the column of the smallest stride):
   -1 where no distance within its bound solves its term, 1 taken
   out, 0 no column found.  Else takes out a group of them
   (take_small_group) where their loops' values, not the points, make
   the term.  */
static int
take_smallest (const struct columns *cols, int npoint,
               struct strided_equation *e)
{
  for (int lo = 0; lo < cols->ncols; lo++)
    {
      struct poly term, r;
      if (!e->active[lo] || !term_size (cols, e, lo, &term))
        continue;
      for (int g = 0; g < cols->ncols; g++)
        {
          struct strided_equation rest;
          if (g == lo || !e->active[g]
              || !divides_past (cols, e, lo, g, &term, &rest, &r))
            continue;
          *e = rest;
          return settle (cols, e, lo, &r) ? 1 : -1;
        }
    }
  for (int g = 0; g < cols->ncols; g++)
    {
      int taken = e->active[g] ? take_small_group (cols, npoint, e, g) : 0;
      if (taken != 0)
        return taken;
    }
  return 0;
}

/* What the strides' symbolic sizes tell of two subscripts.  */
enum strided_result
{
  STRIDED_APART,        /* no two points reach one element */
  STRIDED_CONSTANT,     /* only constant distances may: the equations'
                           rows per scalar find them all */
  STRIDED_UNKNOWN
};

/* Where P is c*x + c0 for a scalar x and c > 0, and P >= V: notes x's
   lower bound in COLS.  */
static void
note_least (struct columns *cols, const struct poly *p, long long v)
{
  long long c = 0, c0 = 0;
  int x = -1;
  for (int i = 0; i < p->n; i++)
    if (p->m[i].degree == 0)
      c0 = p->m[i].coeff;
    else if (p->m[i].degree == 1 && x < 0
             && ATOM_KIND (p->m[i].atoms[0]) == ATOM_SCALAR)
      {
        x = ATOM_INDEX (p->m[i].atoms[0]);
        c = p->m[i].coeff;
      }
    else
      return;
  long long need;
  if (p->unknown || x < 0 || c <= 0 || __builtin_sub_overflow (v, c0, &need))
    return;
  /* The least integer x with c*x >= NEED.  */
  long long least = need / c + (need % c > 0);
  if (!cols->known[x] || least > cols->least[x])
    cols->least[x] = least;
  cols->known[x] = 1;
}

/* Column C of the values of a counter in PC, E: STRIDE times the value
   less the range's start, which lies within 0..width (FROM_ZERO), and
   the start's term moved to the right side.  */
static void
value_column (struct columns *pc, struct strided_equation *e, int c,
              int counter, const struct poly *coeff, long long sign)
{
  struct poly start;
  poly_constant (&e->stride[c], 0);
  poly_add (&e->stride[c], coeff, sign);
  poly_multiply (&start, &e->stride[c], &pc->lo[counter]);
  poly_add (&e->rhs, &start, -1);
  e->active[c] = true;
  pc->step[c] = 1;
  pc->bounded[c] = pc->nonnegative[c] = pc->from_zero[c] = true;
  pc->bound[c] = pc->reach[c] = pc->width[counter];
  note_least (pc, &pc->width[counter], 0);
}

/* The equation of subscripts A (of a store) and B reaching one element,
   the sum over the columns C of E's STRIDE[C] times each one's unknown
   equal to E's RHS, over COLS copied into *PC (the first NPOINT the
   parallel dimensions); USED marks the columns in it.  Where a counter's
   range holds at both accesses (RANGED_A, RANGED_B: a bit per counter),
   its distance is at most the range's width; where it indexes A and B
   in different ways, its values at B and at A are unknowns of their own
   (B's in its column, A's in one added), and the range is not empty
   where the access runs: a lower bound of its scalars in PC, which has
   bounds of its own (pair_free).  A parallel dimension whose start is
   known goes alike where A and B index it in different ways (x[(n+2)*i]
   and x[n + 2 + i]).  False where the coefficients of a column differ
   otherwise.  */
static bool
pair_equation (const struct columns *cols, int npoint,
               const struct subscript *a, const struct subscript *b,
               unsigned ranged_a, unsigned ranged_b, struct columns *pc,
               struct strided_equation *e, bool *used)
{
  *pc = *cols;
  size_t n = (size_t) cols->nscalars + 1;
  pc->known = memcpy (mint_xmalloc (n), cols->known, n);
  pc->least = memcpy (mint_xmalloc (n * sizeof *pc->least), cols->least,
                      n * sizeof *pc->least);
  memset (e, 0, sizeof *e);
  memset (used, 0, MAX_PAIR_COLS * sizeof *used);
  e->rhs = a->rest;
  poly_add (&e->rhs, &b->rest, -1);
  for (int c = 0; c < cols->ncols; c++)
    {
      int i = c - npoint;
      bool in_a = i >= 0 && cols->ranged[c] && (ranged_a >> i & 1);
      bool in_b = i >= 0 && cols->ranged[c] && (ranged_b >> i & 1);
      if (poly_equal (&a->coeff[c], &b->coeff[c]))
        {
          if (a->coeff[c].n == 0)
            continue;
          struct poly step;
          poly_constant (&step, cols->step[c]);
          poly_multiply (&e->stride[c], &a->coeff[c], &step);
          e->active[c] = used[c] = true;
          if (in_a && in_b)
            {
              pc->bounded[c] = pc->nonnegative[c] = true;
              pc->bound[c] = pc->reach[c] = cols->width[c];
              note_least (pc, &cols->width[c], 0);
            }
          continue;
        }
      /* A parallel dimension indexed in different ways: the values of its
         variable at each access, as a counter's.  */
      bool valued = i < 0 && cols->started[c];
      if (((a->coeff[c].n > 0 && !in_a) || (b->coeff[c].n > 0 && !in_b))
          && !valued)
        return false;
      if (pc->ncols == MAX_PAIR_COLS)
        return false;
      pc->valued[c] = valued;
      if (b->coeff[c].n > 0)
        {
          value_column (pc, e, c, c, &b->coeff[c], 1);
          used[c] = true;
        }
      if (a->coeff[c].n > 0)
        {
          int added = pc->ncols++;
          value_column (pc, e, added, c, &a->coeff[c], -1);
          used[added] = true;
        }
    }
  return !e->rhs.unknown;
}

/* Whether each of the first NPOINT columns that E USED is out of it
   with a distance of 0: what is left are the loops' values.  */
static bool
points_settled (const struct strided_equation *e, const bool *used,
                int npoint)
{
  for (int c = 0; c < npoint; c++)
    if (used[c] && (e->active[c] || !e->fixed[c] || e->value[c].n > 0))
      return false;
  return true;
}

/* What pair_equation allocated in PC.  */
static void
pair_free (struct columns *pc)
{
  free (pc->known);
  free (pc->least);
}

/* The greatest common divisor of P's coefficients, 0 for P = 0.  */
static long long
content (const struct poly *p)
{
  long long g = 0;
  for (int i = 0; i < p->n; i++)
    g = gcd (g, p->m[i].coeff);
  return g;
}

/* Whether E has no integer solution for any value of the scalars: a
   factor G common to its strides' coefficients divides every term of
   its right side but the constant (2nx*t = 2nx - 3 of a zebra sweep's
   rows two apart: an even number against an odd one).  */
static bool
no_integer_solution (const struct columns *pc,
                     const struct strided_equation *e)
{
  long long g = 0, constant = 0;
  for (int c = 0; c < pc->ncols; c++)
    if (e->active[c])
      {
        if (e->stride[c].unknown)
          return false;
        g = gcd (g, content (&e->stride[c]));
      }
  if (g <= 1 || e->rhs.unknown)
    return false;
  for (int i = 0; i < e->rhs.n; i++)
    if (e->rhs.m[i].degree == 0)
      constant = e->rhs.m[i].coeff;
    else if (e->rhs.m[i].coeff % g != 0)
      return false;
  return constant % g != 0;
}

/* Whether E's right side lies outside the range of its left side, each
   active column's term within its range (term_range): u[j][NG - 1 - g]
   and u[j][NG + g] of a ghost fill over g in 0..NG - 1, the values'
   sum against -1.  */
static bool
out_of_range (const struct columns *pc, const struct strided_equation *e)
{
  struct poly least, most, lo, hi;
  poly_constant (&least, 0);
  poly_constant (&most, 0);
  for (int c = 0; c < pc->ncols; c++)
    if (e->active[c])
      {
        if (!term_range (pc, e, c, &lo, &hi))
          return false;
        poly_add (&least, &lo, 1);
        poly_add (&most, &hi, 1);
      }
  return difference_at_least (pc, &least, &e->rhs, 1, 1)
         || difference_at_least (pc, &e->rhs, &most, 1, 1);
}

/* symbolically_apart on the equation E over PC, whose columns USED.  */
static enum strided_result
strided_apart (const struct columns *pc, int npoint,
               struct strided_equation *e, const bool *used)
{
  if (no_integer_solution (pc, e) || out_of_range (pc, e))
    return STRIDED_APART;
  int n = 0;
  bool free_point = false, valued = false;
  for (int c = 0; c < pc->ncols; c++)
    {
      n += used[c];
      free_point |= c < npoint && !used[c];
      valued |= c < npoint && used[c] && pc->valued[c];
    }
  if (n == 0)
    {
      struct poly none;
      poly_constant (&none, 0);
      return outside (pc, &e->rhs, &none) ? STRIDED_APART : STRIDED_UNKNOWN;
    }
  while (n > 1)
    {
      if (!free_point && !valued && points_settled (e, used, npoint))
        return STRIDED_APART;
      int taken = take_smallest (pc, npoint, e);
      if (taken <= 0)
        return taken < 0 ? STRIDED_APART : STRIDED_UNKNOWN;
      if (out_of_range (pc, e))
        return STRIDED_APART;
      n = 0;
      for (int c = 0; c < pc->ncols; c++)
        n += e->active[c];
    }
  /* The values of a dimension's variable tell nothing of the distance
     between the points: only no solution at all rules them out.  */
  bool constant = !free_point && !valued, same = !free_point && !valued;
  for (int c = 0; c < pc->ncols; c++)
    if (e->active[c] && !settle (pc, e, c, &e->rhs))
      return STRIDED_APART;
  for (int c = 0; c < pc->ncols; c++)
    if (used[c])
      {
        long long value;
        constant &= e->fixed[c]
                    && poly_constant_value (&e->value[c], &value);
        same &= c >= npoint || (e->fixed[c] && e->value[c].n == 0);
      }
  return same ? STRIDED_APART : constant ? STRIDED_CONSTANT : STRIDED_UNKNOWN;
}

/* Whether subscripts A (of a store) and B, with counters ranged at each
   as RANGED_A and RANGED_B (pair_equation), never reach one element from
   two points of COLS (the first NPOINT columns the parallel dimensions),
   by the strides' symbolic sizes: flux[ID_UMOM*(nz+1)*(nx+1) +
   k*(nx+1) + i] and flux[k*(nx+1) + i] meet only with k nz + 1 rows
   apart, and the parallel loop runs over nz; u[nx*y + x - 1] in a loop
   of x from 1 to nx - 1 and u[nx*y] only at the same y.  Delinearizes
   the difference of the rests by the strides, the smallest first.  */
static enum strided_result
symbolically_apart (const struct columns *cols, int npoint,
                    const struct subscript *a, const struct subscript *b,
                    unsigned ranged_a, unsigned ranged_b)
{
  struct columns pc;
  struct strided_equation e;
  bool used[MAX_PAIR_COLS];
  enum strided_result r = STRIDED_UNKNOWN;
  if (pair_equation (cols, npoint, a, b, ranged_a, ranged_b, &pc, &e, used))
    r = strided_apart (&pc, npoint, &e, used);
  pair_free (&pc);
  return r;
}

/* Whether a coefficient of subscript A's columns has a scalar in it.  */
static bool
symbolic_coefficients (const struct columns *cols, const struct subscript *a)
{
  for (int c = 0; c < cols->ncols; c++)
    for (int i = 0; i < a->coeff[c].n; i++)
      if (a->coeff[c].unknown || a->coeff[c].m[i].degree > 0)
        return true;
  return false;
}

/* Whether subscripts A (of a store) and B, with counters ranged at each
   as RANGED_A and RANGED_B (pair_equation), reach one element from two
   points, both past the parity guards COMMON of P and with the residues
   of RESIDUES (add_residue_forms); DISTANCE gets one such distance.  A
   solution is proven where each counter's distance is within its known
   count.  */
static enum pair_result
compare_accesses (const struct kir_kernel *k, const struct columns *cols,
                  const struct subscript *a, const struct subscript *b,
                  int rank, unsigned ranged_a, unsigned ranged_b,
                  const struct parity *p, unsigned common,
                  const struct congruences *residues, long long *distance)
{
  struct system s;
  memset (&s, 0, sizeof s);
  s.ncols = cols->ncols;
  int comparable = 1;
  bool unsure = false;
  for (int i = 0; i < rank; i++)
    if (!a[i].comparable || !b[i].comparable)
      comparable = 0;
    else if (symbolic_coefficients (cols, &a[i]))
      {
        /* A row per monomial finds the distances that meet for every
           value of the scalars; others meet for some (u[k*(nx+1) + i]
           with i up to nx + 1 reaches row k + 1), which only the
           strides' sizes rule out.  */
        enum strided_result r = symbolically_apart (cols, k->ndims, &a[i],
                                                    &b[i], ranged_a,
                                                    ranged_b);
        if (r == STRIDED_APART)
          return PAIR_NONE;
        unsure |= r == STRIDED_UNKNOWN;
        if (!add_equations (cols, &a[i], &b[i], &s))
          comparable = 0;
      }
    else if (symbolically_apart (cols, k->ndims, &a[i], &b[i], ranged_a,
                                 ranged_b) == STRIDED_APART)
      return PAIR_NONE;
    else if (!add_equations (cols, &a[i], &b[i], &s))
      comparable = 0;
  /* The unknowns count steps: a step moves a form by its coefficient
     times the step.  */
  struct congruences c = *residues;
  for (int e = 0; e < p->nedges && c.n < MAX_PARITY_EDGES; e++)
    if (common & (1u << e) && p->modulus[e] == 0 && s.nrows < MAX_ROWS)
      {
        /* Past an equality, the form's distance is 0.  */
        long long *row = s.a[s.nrows++];
        for (int d = 0; d < k->ndims; d++)
          row[d] = p->coeff[e][d] * k->dims[d].step;
      }
    else if (common & (1u << e) && p->modulus[e] != 0)
      {
        for (int d = 0; d < k->ndims; d++)
          c.coeff[c.n][d] = p->coeff[e][d] * (k->dims[d].step
                                              % p->modulus[e])
                            % p->modulus[e];
        c.modulus[c.n] = p->modulus[e];
        c.residue[c.n] = 0;
        c.n++;
      }
  /* A counter's distance between two accesses within its range is at
     most the range's width in steps.  */
  long long t[MAX_COLS] = { 0 }, most[MAX_COLS];
  long long width;
  for (int col = 0; col < cols->ncols; col++)
    {
      int i = col - k->ndims;
      most[col] = cols->most[col];
      if (i >= 0 && cols->ranged[col] && (ranged_a & ranged_b) >> i & 1
          && poly_constant_value (&cols->width[col], &width) && width >= 0)
        most[col] = width / llabs (cols->step[col]);
    }
  int found = nonzero_solution (&s, k->ndims, most, &c, t);
  if (found == 0 && !unsure)
    return PAIR_NONE;
  for (int d = 0; d < k->ndims; d++)
    distance[d] = found > 0 ? t[d] * k->dims[d].step : 0;
  for (int col = k->ndims; col < cols->ncols && found > 0; col++)
    if (t[col] != 0 && llabs (t[col]) > cols->within[col])
      comparable = 0;
  return comparable && found > 0 ? PAIR_PROVEN : PAIR_POSSIBLE;
}

/* Bounds dimension D of COLS (struct columns) by SPAN of X's kernel (a
   kir_dim's span or other_span; NULL: its count), its scalars read
   through their values.  */
static void
bound_dimension (const struct expander *x, struct columns *cols, int d,
                 const struct kir_sum *span)
{
  const struct kir_kernel *k = x->k;
  struct poly one;
  poly_constant (&one, 1);
  cols->most[d] = k->dims[d].count > 0 ? k->dims[d].count - 1 : LLONG_MAX;
  cols->bounded[d] = span || k->dims[d].count > 0;
  if (span)
    {
      poly_expand_sum (x, span, &cols->bound[d]);
      poly_add (&cols->bound[d], &one, -1);
      cols->reach[d] = cols->bound[d];
    }
  else
    {
      poly_constant (&cols->bound[d], k->dims[d].count - 1);
      poly_constant (&cols->reach[d], (k->dims[d].count - 1)
                                      * k->dims[d].step);
    }
  cols->started[d] = cols->bounded[d] && k->dims[d].has_start;
  cols->width[d] = cols->reach[d];
  /* A span constant through its scalars' values (int nx = 46) limits
     the distances as a constant count does: the equations read those
     values too.  */
  long long steps;
  if (cols->bounded[d] && poly_constant_value (&cols->bound[d], &steps)
      && steps >= 0 && steps < cols->most[d])
    cols->most[d] = steps;
}

/* Notes in COLS the lower bound of a scalar that SPAN, a span of X's
   kernel, gives: a launch with points has a span of 1 at least.  */
static void
note_span_least (const struct expander *x, struct columns *cols,
                 const struct kir_sum *span)
{
  struct poly p;
  poly_expand_sum (x, span, &p);
  note_least (cols, &p, 1);
}

/* The symbolic bounds of COLS (struct columns) from the spans of X's
   kernel, its scalars read through their values.  */
static void
init_bounds (const struct expander *x, struct columns *cols)
{
  const struct kir_kernel *k = x->k;
  cols->nscalars = k->nscalars;
  cols->known = mint_xcalloc ((size_t) k->nscalars + 1, 1);
  cols->least = mint_xcalloc ((size_t) k->nscalars + 1, sizeof *cols->least);
  for (int i = 0; i < k->nscalars; i++)
    {
      cols->known[i] = (char) k->scalars[i].has_least;
      cols->least[i] = k->scalars[i].least;
    }
  for (int d = 0; d < k->ndims; d++)
    {
      /* Both spans of a MIN or MAX end.  */
      if (k->dims[d].has_span)
        note_span_least (x, cols, &k->dims[d].span);
      if (k->dims[d].has_other_span)
        note_span_least (x, cols, &k->dims[d].other_span);
      if (k->dims[d].has_start)
        poly_expand_sum (x, &k->dims[d].start, &cols->lo[d]);
      bound_dimension (x, cols, d, k->dims[d].has_span ? &k->dims[d].span
                                                       : NULL);
    }
}

/* Whether a dimension of X's kernel has another span (kir_dim).  */
static bool
other_spans (const struct expander *x)
{
  for (int d = 0; d < x->k->ndims; d++)
    if (x->k->dims[d].has_other_span)
      return true;
  return false;
}

/* The columns of X's kernel: its parallel dimensions, of which two points of a
   loop of COUNT iterations are at most COUNT - 1 steps apart (with
   constant bounds, u[W*y + x] delinearizes), then the counters C, whose
   distance the solution is not limited by (the count is a guess from
   the loop's test) but proves only within.  */
static void
init_columns (const struct expander *x, const struct counters *c,
              struct columns *cols)
{
  const struct kir_kernel *k = x->k;
  cols->ncols = k->ndims + c->n;
  for (int d = 0; d < k->ndims; d++)
    cols->step[d] = k->dims[d].step;
  for (int i = 0; i < c->n; i++)
    {
      const struct counter *n = &c->c[i];
      int col = k->ndims + i;
      cols->step[col] = n->step;
      cols->most[col] = LLONG_MAX;
      cols->within[col] = n->count - 1;
      cols->ranged[col] = n->ranged;
      if (n->ranged)
        {
          cols->lo[col] = n->lo;
          cols->width[col] = n->hi;
          poly_add (&cols->width[col], &n->lo, -1);
        }
    }
  init_bounds (x, cols);
}

/* Splits ACC's subscripts over the columns of K and the counters C into
   OUT; returns how many.  */
static int
split_access (struct expander *x, const struct counters *c,
              const struct kir_access *acc, struct subscript *out)
{
  struct poly p[KIR_MAX_DIMS];
  int n = poly_expand_access (x, acc, p);
  struct column_map map = { x->k, c };
  for (int i = 0; i < n; i++)
    poly_split_columns (&p[i], atom_column, &map, &out[i]);
  return n;
}

/* ---- quotients -------------------------------------------------------- */

/* The most that one dimension's subscripts are scaled by
   (split_accesses).  */
#define MAX_SCALE (1LL << 20)

/* A local that the body computes as N / C, or N >> S (C = 2^S), where
   each parallel loop variable in N moves N by multiples of C (i / 2 in
   a loop of step 2): N keeps its remainder R modulo C at every point,
   and the local is (N - R) / C exactly, SHIFTED / DIVISOR.  A division
   truncates towards 0, so that where R is not 0 it needs N >= 0 at
   every point (-1 / 2 and 1 / 2 are both 0); a shift rounds down.  */
struct quotient
{
  long long divisor;
  struct poly shifted;
};

/* C of S, N / C or N >> S (C = 2^S) for a constant C > 1; else 0.  */
static long long
divisor_of (const struct kir_stmt *s)
{
  const struct kir_operand *c = &s->args[1];
  if (s->kind != KIR_ASSIGN || s->nargs != 2 || c->kind != KIR_OPND_INT)
    return 0;
  if (s->op == KIR_DIV)
    return c->ival > 1 ? c->ival : 0;
  if (s->op == KIR_SHR)
    return c->ival > 0 && c->ival < 62 ? 1LL << c->ival : 0;
  return 0;
}

/* Whether LOCAL of X's kernel is a quotient, which Q gets; COLS has the
   starts of the parallel loops and the least values of the scalars.  */
static bool
quotient_of (struct expander *x, const struct columns *cols, int local,
             struct quotient *q)
{
  const struct kir_kernel *k = x->k;
  const struct kir_stmt *s = x->def[local];
  if (x->ndefs[local] != 1 || !kir_type_is_integer (k->locals[local].type)
      || (q->divisor = divisor_of (s)) == 0)
    return false;
  struct poly n, first;
  bool rising = true;
  expand (x, &s->args[0], &n);
  /* N at the first point: each loop variable at its start.  */
  poly_constant (&first, 0);
  for (int i = 0; i < n.n; i++)
    {
      const struct monomial *m = &n.m[i];
      int d = -1;
      long long move;
      for (int j = 0; j < m->degree; j++)
        if (ATOM_KIND (m->atoms[j]) == ATOM_OPAQUE)
          return false;
        else if (ATOM_KIND (m->atoms[j]) == ATOM_IV)
          d = ATOM_INDEX (m->atoms[j]);
      if (d < 0)
        {
          poly_add_monomial (&first, m, 1);
          continue;
        }
      if (m->degree != 1 || !k->dims[d].has_start
          || __builtin_mul_overflow (m->coeff, k->dims[d].step, &move)
          || move % q->divisor != 0)
        return false;
      poly_add (&first, &cols->lo[d], m->coeff);
      rising &= m->coeff > 0;
    }
  long long r = 0;
  for (int i = 0; i < first.n; i++)
    if (first.m[i].degree == 0)
      r = (first.m[i].coeff % q->divisor + q->divisor) % q->divisor;
    else if (first.m[i].coeff % q->divisor != 0)
      return false;
  if (n.unknown || first.unknown
      || (r != 0 && s->op == KIR_DIV
          && !(rising && at_least (cols, &first, 0))))
    return false;
  struct poly remainder;
  poly_constant (&remainder, r);
  q->shifted = n;
  poly_add (&q->shifted, &remainder, -1);
  return !q->shifted.unknown;
}

/* The least common multiple of A and B, 0 where either is 0 or it is
   past MAX_SCALE.  */
static long long
common_multiple (long long a, long long b)
{
  long long m;
  if (a == 0 || b == 0 || __builtin_mul_overflow (a / gcd (a, b), b, &m))
    return 0;
  return m <= MAX_SCALE ? m : 0;
}

/* The least common multiple of the divisors of the quotients in P (0:
   past MAX_SCALE).  */
static long long
quotient_scale (struct expander *x, const struct columns *cols,
                const struct poly *p)
{
  long long scale = 1;
  struct quotient q;
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < p->m[i].degree; j++)
      if (ATOM_KIND (p->m[i].atoms[j]) == ATOM_OPAQUE
          && quotient_of (x, cols, ATOM_INDEX (p->m[i].atoms[j]), &q))
        scale = common_multiple (scale, q.divisor);
  return scale;
}

/* P times SCALE, each quotient in it whose divisor SCALE is a multiple
   of read as its SHIFTED / DIVISOR (struct quotient): SCALE times the
   subscript, over the loop variables.  P stays as it is (opaque) where a
   monomial has two quotients.  */
static void
scale_subscript (struct expander *x, const struct columns *cols,
                 long long scale, struct poly *p)
{
  struct poly out;
  poly_constant (&out, 0);
  out.unknown = p->unknown;
  for (int i = 0; i < p->n; i++)
    {
      struct monomial m = p->m[i];
      struct quotient q, found;
      struct poly term, product;
      int quotients = 0;
      q.divisor = 1;
      for (int j = 0; j < m.degree; j++)
        if (ATOM_KIND (m.atoms[j]) == ATOM_OPAQUE
            && quotient_of (x, cols, ATOM_INDEX (m.atoms[j]), &found)
            && scale % found.divisor == 0)
          {
            q = found;
            quotients++;
            memmove (&m.atoms[j], &m.atoms[j + 1],
                     (m.degree - j - 1) * sizeof (int));
            m.degree--;
            j--;
          }
      if (quotients > 1)
        return;
      poly_constant (&term, 0);
      poly_add_monomial (&term, &m, scale / q.divisor);
      if (quotients == 1)
        {
          poly_multiply (&product, &term, &q.shifted);
          term = product;
        }
      poly_add (&out, &term, 1);
    }
  *p = out;
}

/* ---- subscripts through the values of a local ----------------------- */

/* An access whose subscripts read a local that the expander cannot read,
   but whose values at a point are one of a few polynomials over the loop
   variables and the scalars, is compared once per value (an entry; two
   such locals at most, each of MAX_CHOICES values at most): the arms of
   a conditional (arm_values), or the residues of a form (residue_values),
   which entries of one form compare through the form's distance.  */
#define MAX_CHOICE_LOCALS 2
#define MAX_CHOICES 4

struct choice
{
  int local;
  int n;
  struct poly value[MAX_CHOICES];
  /* A residue: of FORM modulo MODULUS.  */
  bool residue;
  long long modulus;
  struct poly form;
};

/* Whether P is a polynomial over the loop variables and the scalars, the
   same wherever a point evaluates it.  */
static bool
over_points (const struct poly *p)
{
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < p->m[i].degree; j++)
      if (ATOM_KIND (p->m[i].atoms[j]) == ATOM_OPAQUE)
        return false;
  return !p->unknown;
}

/* The multiple of D that, added to ARM, gives the first loop variable
   that D has alone in a term the coefficient that OTHER has for it; 0
   where it does not divide.  */
static long long
matching_multiple (const struct poly *arm, const struct poly *other,
                   const struct poly *d)
{
  for (int i = 0; i < d->n; i++)
    {
      const struct monomial *m = &d->m[i];
      if (m->degree != 1 || ATOM_KIND (m->atoms[0]) != ATOM_IV)
        continue;
      long long gap = poly_coeff (other, m) - poly_coeff (arm, m);
      return gap % m->coeff == 0 ? gap / m->coeff : 0;
    }
  return 0;
}

/* Whether local L is an integer of an int's width at least, whose
   arithmetic the polynomials follow.  */
static bool
wide_integer (const struct kir_kernel *k, int l)
{
  enum kir_type type = k->locals[l].type;
  return kir_type_is_integer (type) && kir_type_size (type) >= 4;
}

/* Whether LOCAL is a conditional, or the quotient of one by a constant
   that divides its arms (divided_conditional: a row of a pointer to
   rows), whose branch tests two integers over the loop variables and the
   scalars for equality, and whose arms are such values (`x == 0 ? L - 1
   : x - 1' of a periodic neighbour): CH gets each arm's, divided, in
   struct conditional's order.  Where the two are equal their difference
   D is 0, so that the arm taken there is its value plus any multiple of
   D: the one that gives a loop variable the other arm's coefficient (63
   at x == 0 as x + 63, beside x - 1), to compare with the accesses of
   the points' own elements.  */
static bool
arm_values (struct expander *x, int local, struct choice *ch)
{
  struct poly *value = ch->value;
  ch->n = 2;
  ch->residue = false;
  const struct kir_kernel *k = x->k;
  const struct kir_stmt *def = x->ndefs[local] == 1 ? x->def[local] : NULL;
  struct conditional c;
  struct poly divisor, rest;
  poly_constant (&divisor, 1);
  if (def && def->kind == KIR_ASSIGN && divided_conditional (k, def, &c))
    {
      poly_constant (&divisor, def->args[1].ival);
      if (!wide_integer (k, converted_from (k, def->args[0].index)))
        return false;
    }
  else if (!conditional_of (k, local, &c))
    return false;
  const struct kir_stmt *test = computation (x, &c.branch->cond);
  if (!wide_integer (k, local) || !test
      || (test->op != KIR_EQ && test->op != KIR_NE)
      || !kir_type_is_integer (test->args[0].type))
    return false;
  struct poly d, other, factor, multiple;
  expand (x, &test->args[0], &d);
  expand (x, &test->args[1], &other);
  poly_add (&d, &other, -1);
  for (int i = 0; i < 2; i++)
    if (!poly_expand_assignment (x, c.arm[i], &other)
        || !poly_divide (&other, &divisor, &value[i], &rest) || rest.n > 0
        || !over_points (&value[i]))
      return false;
  if (!over_points (&d))
    return false;
  int equal = test->op == KIR_NE;
  poly_constant (&factor, matching_multiple (&value[equal],
                                             &value[1 - equal], &d));
  poly_multiply (&multiple, &d, &factor);
  poly_add (&value[equal], &multiple, 1);
  return !value[equal].unknown;
}

/* Whether P, a form over the loop variables and the scalars, is at least
   0 at every point: each loop variable with a coefficient counts up from
   a start that, with the coefficients and P's other terms, makes it
   so.  */
static bool
nonnegative_at_points (const struct kir_kernel *k, const struct columns *cols,
                       const struct poly *p)
{
  struct poly first;
  poly_constant (&first, 0);
  for (int i = 0; i < p->n; i++)
    {
      const struct monomial *m = &p->m[i];
      int d = m->degree == 1 && ATOM_KIND (m->atoms[0]) == ATOM_IV
              ? ATOM_INDEX (m->atoms[0]) : -1;
      bool scalars = true;
      for (int j = 0; j < m->degree; j++)
        scalars &= ATOM_KIND (m->atoms[j]) == ATOM_SCALAR;
      if (scalars)
        poly_add_monomial (&first, m, 1);
      else if (d >= 0 && m->coeff > 0 && k->dims[d].has_start
               && k->dims[d].step > 0)
        poly_add (&first, &cols->lo[d], m->coeff);
      else
        return false;
    }
  return at_least (cols, &first, 0);
}

/* Whether LOCAL, an integer of an int's width at least, is the residue
   of a form over the loop variables and the scalars modulo M, at most
   MAX_CHOICES, `(y + c) & 1', or `(y + c) % 2' where the form is not
   negative (C's % keeps its sign): CH gets its values 0 .. M - 1.  */
static bool
residue_values (struct expander *x, const struct columns *cols, int local,
                struct choice *ch)
{
  const struct kir_stmt *s = x->ndefs[local] == 1 ? x->def[local] : NULL;
  const struct kir_operand *a
    = s && s->kind == KIR_ASSIGN ? residue_form (s, &ch->modulus) : NULL;
  if (!a || !wide_integer (x->k, local) || ch->modulus > MAX_CHOICES)
    return false;
  expand (x, a, &ch->form);
  if (!over_points (&ch->form)
      || (s->op == KIR_MOD && !nonnegative_at_points (x->k, cols, &ch->form)))
    return false;
  ch->residue = true;
  ch->n = (int) ch->modulus;
  for (int v = 0; v < ch->n; v++)
    poly_constant (&ch->value[v], v);
  return true;
}

/* The locals with values (struct choice) that ACCESS's subscripts read,
   atoms of their expansion, up to MAX_CHOICE_LOCALS, into CH: their
   number.  */
static int
choice_locals (struct expander *x, const struct columns *cols,
               const struct kir_access *access, struct choice *ch)
{
  struct poly p[KIR_MAX_DIMS];
  int n = 0, rank = poly_expand_access (x, access, p);
  for (int d = 0; d < rank; d++)
    for (int i = 0; i < p[d].n; i++)
      for (int j = 0; j < p[d].m[i].degree && n < MAX_CHOICE_LOCALS; j++)
        {
          int a = p[d].m[i].atoms[j], l = ATOM_INDEX (a);
          bool seen = false;
          for (int c = 0; c < n; c++)
            seen |= ch[c].local == l;
          if (ATOM_KIND (a) == ATOM_OPAQUE && !seen
              && (arm_values (x, l, &ch[n])
                  || residue_values (x, cols, l, &ch[n])))
            ch[n++].local = l;
        }
  return n;
}

/* The value that entry CHOSEN (choice_entries) gives choice C of the N
   of CH: its digit in the mixed radix of their numbers of values.  */
static int
chosen_value (const struct choice *ch, int c, int chosen)
{
  for (int i = 0; i < c; i++)
    chosen /= ch[i].n;
  return chosen % ch[c].n;
}

/* ACCESS's subscripts into P (poly_expand_access), each of the locals
   with values (choice_locals) that it reads holding the value that
   CHOSEN picks (chosen_value), or as they are where CHOSEN is -1.  X's
   values of the other locals, which may go through them, are set aside
   meanwhile.  */
static int
expand_chosen (struct expander *x, const struct columns *cols,
               const struct kir_access *access, int chosen, struct poly *p)
{
  struct choice ch[MAX_CHOICE_LOCALS];
  if (chosen < 0)
    return poly_expand_access (x, access, p);
  int n = choice_locals (x, cols, access, ch);
  size_t nlocals = (size_t) x->k->nlocals;
  int *state = mint_xmalloc (nlocals * sizeof *state);
  struct poly *value = mint_xmalloc (nlocals * sizeof *value);
  memcpy (state, x->state, nlocals * sizeof *state);
  memcpy (value, x->value, nlocals * sizeof *value);
  memset (x->state, 0, nlocals * sizeof *x->state);
  for (int c = 0; c < n; c++)
    {
      x->value[ch[c].local] = ch[c].value[chosen_value (ch, c, chosen)];
      x->state[ch[c].local] = 2;
    }
  int rank = poly_expand_access (x, access, p);
  memcpy (x->state, state, nlocals * sizeof *state);
  memcpy (x->value, value, nlocals * sizeof *value);
  free (state);
  free (value);
  return rank;
}

/* Replaces each of the N accesses of *ACC (blocks in *BLOCK) whose
   subscripts read locals with values (choice_locals) by an entry per
   combination of the values, which *CHOSEN gets (-1: an access as it
   is): the number of entries.  */
static int
choice_entries (struct expander *x, const struct columns *cols, int n,
                const struct kir_stmt ***acc, int **block, int **chosen)
{
  int *count = mint_xcalloc ((size_t) n, sizeof *count), total = 0;
  for (int i = 0; i < n; i++)
    {
      struct choice ch[MAX_CHOICE_LOCALS];
      int nch = choice_locals (x, cols, &(*acc)[i]->access, ch);
      count[i] = nch ? 1 : 0;
      for (int c = 0; c < nch; c++)
        count[i] *= ch[c].n;
      total += count[i] ? count[i] : 1;
    }
  const struct kir_stmt **entry = mint_xcalloc ((size_t) total, sizeof *entry);
  int *entry_block = mint_xcalloc ((size_t) total, sizeof *entry_block);
  *chosen = mint_xcalloc ((size_t) total, sizeof **chosen);
  for (int i = 0, e = 0; i < n; i++)
    for (int v = 0; v < (count[i] ? count[i] : 1); v++, e++)
      {
        entry[e] = (*acc)[i];
        entry_block[e] = (*block)[i];
        (*chosen)[e] = count[i] ? v : -1;
      }
  free (count);
  free (*acc);
  free (*block);
  *acc = entry;
  *block = entry_block;
  return total;
}

/* Adds to FORMS, for each residue that entries A (of the store, at point
   p) and B (at q = p + step * t) both choose of one form modulo M, with
   values VA and VB, that the form's distance between the points is VB -
   VA modulo M: the sum over the loop variables d of its coefficient
   times step_d * t_d.  */
static void
add_residue_forms (struct expander *x, const struct columns *cols,
                   const struct kir_access *a, int chosen_a,
                   const struct kir_access *b, int chosen_b,
                   struct congruences *forms)
{
  const struct kir_kernel *k = x->k;
  struct choice cha[MAX_CHOICE_LOCALS], chb[MAX_CHOICE_LOCALS];
  if (chosen_a < 0 || chosen_b < 0)
    return;
  int na = choice_locals (x, cols, a, cha);
  int nb = choice_locals (x, cols, b, chb);
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++)
      {
        const struct choice *ca = &cha[i], *cb = &chb[j];
        long long m = ca->modulus, *row = forms->coeff[forms->n];
        if (!ca->residue || !cb->residue || cb->modulus != m
            || !poly_equal (&ca->form, &cb->form)
            || forms->n == MAX_PARITY_EDGES)
          continue;
        memset (row, 0, sizeof forms->coeff[0]);
        bool distance = true;
        for (int t = 0; t < ca->form.n; t++)
          {
            const struct monomial *mo = &ca->form.m[t];
            bool scalars = true;
            for (int f = 0; f < mo->degree; f++)
              scalars &= ATOM_KIND (mo->atoms[f]) == ATOM_SCALAR;
            if (mo->degree == 1 && ATOM_KIND (mo->atoms[0]) == ATOM_IV)
              {
                int d = ATOM_INDEX (mo->atoms[0]);
                row[d] = ((mo->coeff % m) * (k->dims[d].step % m) % m + m) % m;
              }
            else
              distance &= scalars;
          }
        if (!distance)
          continue;
        forms->modulus[forms->n] = m;
        forms->residue[forms->n++] = (chosen_value (chb, j, chosen_b)
                                      - chosen_value (cha, i, chosen_a)
                                      + m) % m;
      }
}

/* Splits the subscripts of the N accesses ACC, through the values
   CHOSEN (expand_chosen), as split_access does, the
   subscripts of each dimension scaled by one factor that reads their
   quotients over the loop variables (scale_subscript): two of them are
   equal where their multiples are.  Returns the rank.  */
static int
split_accesses (struct expander *x, const struct counters *c,
                const struct columns *cols, const struct kir_stmt **acc,
                const int *chosen, int n,
                struct subscript (*out)[KIR_MAX_DIMS])
{
  struct poly (*p)[KIR_MAX_DIMS] = mint_xcalloc ((size_t) n, sizeof *p);
  long long scale[KIR_MAX_DIMS] = { 1, 1, 1 };
  int rank = 1;
  for (int i = 0; i < n; i++)
    {
      rank = expand_chosen (x, cols, &acc[i]->access, chosen[i], p[i]);
      for (int d = 0; d < rank; d++)
        scale[d] = common_multiple (scale[d],
                                    quotient_scale (x, cols, &p[i][d]));
    }
  struct column_map map = { x->k, c };
  for (int i = 0; i < n; i++)
    for (int d = 0; d < rank; d++)
      {
        if (scale[d] > 1)
          scale_subscript (x, cols, scale[d], &p[i][d]);
        poly_split_columns (&p[i][d], atom_column, &map, &out[i][d]);
      }
  free (p);
  return rank;
}

/* Whether statement S reads or writes array A or array B (-1: none).  */
static bool
accesses (const struct kir_stmt *s, int a, int b)
{
  return (s->kind == KIR_LOAD || s->kind == KIR_STORE)
         && (s->access.array == a || s->access.array == b);
}

/* The accesses of array A (and of B, -1: none, as if they were one
   array) in statement order, and their blocks.  */
static int
collect_accesses (const struct kir_kernel *k, int a, int b,
                  const struct kir_stmt ***out, int **blocks)
{
  int n = 0;
  for (int bl = 0; bl < k->nblocks; bl++)
    for (int i = 0; i < k->blocks[bl].nstmts; i++)
      n += accesses (&k->blocks[bl].stmts[i], a, b);
  *out = mint_xcalloc ((size_t) n, sizeof **out);
  *blocks = mint_xcalloc ((size_t) n, sizeof **blocks);
  n = 0;
  for (int bl = 0; bl < k->nblocks; bl++)
    for (int i = 0; i < k->blocks[bl].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[bl].stmts[i];
        if (accesses (s, a, b))
          {
            (*blocks)[n] = bl;
            (*out)[n++] = s;
          }
      }
  return n;
}

/* Whether subscripts SUB (RANK of them) name one element at every point:
   no loop variable or counter in them, nothing that differs from point
   to point.  */
static bool
one_element (const struct subscript *sub, int rank, int ncols)
{
  for (int i = 0; i < rank; i++)
    {
      if (!sub[i].comparable || sub[i].rest.unknown)
        return false;
      for (int c = 0; c < ncols; c++)
        if (sub[i].coeff[c].n > 0)
          return false;
    }
  return true;
}

/* Whether subscripts A and B, each of one element (one_element), name
   the same one.  */
static bool
same_element (const struct subscript *a, const struct subscript *b, int rank)
{
  for (int i = 0; i < rank; i++)
    if (!poly_equal (&a[i].rest, &b[i].rest))
      return false;
  return true;
}

/* The operand that O copies, through copies of locals set once.  */
static const struct kir_operand *
copied_operand (const struct expander *x, const struct kir_operand *o)
{
  while (o->kind == KIR_OPND_LOCAL && x->ndefs[o->index] == 1
         && x->def[o->index]->kind == KIR_ASSIGN
         && x->def[o->index]->op == KIR_MOV)
    o = &x->def[o->index]->args[0];
  return o;
}

/* Whether stores S and T store one value that is the same at every
   point, a constant or a scalar (`changed[0] = 1'): in whatever order
   the points store it, the element ends with it.  */
static bool
same_uniform_value (const struct expander *x, const struct kir_stmt *s,
                    const struct kir_stmt *t)
{
  const struct kir_operand *a = copied_operand (x, &s->args[0]);
  const struct kir_operand *b = copied_operand (x, &t->args[0]);
  if (a->kind != b->kind)
    return false;
  switch (a->kind)
    {
    case KIR_OPND_SCALAR:
      return a->index == b->index;
    case KIR_OPND_INT:
      return a->ival == b->ival;
    case KIR_OPND_FLOAT:
      return memcmp (&a->fval, &b->fval, sizeof a->fval) == 0;
    default:
      return false;
    }
}

/* The dependence of array A (and B, -1: none, as if they were one
   array), if any, into *OUT (P: the kernel's parity guards, C its
   counters, COLS the columns of both): 1, or 0.  */
static int
array_dependence (struct expander *x, const struct parity *p,
                  const struct counters *c, const struct columns *cols,
                  int a, int b, struct dependence *out)
{
  const struct kir_kernel *k = x->k;
  const struct kir_stmt **acc;
  int *block;
  int *chosen;
  int n = choice_entries (x, cols, collect_accesses (k, a, b, &acc, &block),
                          &acc, &block, &chosen);
  struct subscript (*sub)[KIR_MAX_DIMS] = mint_xcalloc ((size_t) n, sizeof *sub);
  unsigned *ranged = mint_xcalloc ((size_t) n, sizeof *ranged);
  int rank = split_accesses (x, c, cols, acc, chosen, n, sub);
  for (int i = 0; i < n; i++)
    {
      int at = (int) (acc[i] - k->blocks[block[i]].stmts);
      for (int j = 0; j < c->n; j++)
        if (counter_ranged_at (x, &c->c[j], block[i], at, &acc[i]->access))
          ranged[i] |= 1u << j;
    }
  struct columns *other = other_spans (x) ? mint_xmalloc (sizeof *other)
                                           : NULL;
  int found = 0;
  for (int i = 0; i < n && (!found || !out->shared); i++)
    for (int j = 0; j < n && acc[i]->kind == KIR_STORE; j++)
      {
        bool shared = one_element (sub[i], rank, cols->ncols)
                      && one_element (sub[j], rank, cols->ncols)
                      && same_element (sub[i], sub[j], rank);
        /* Stores of one value the same at every point leave it in an
           element whatever their order.  */
        if (acc[j]->kind == KIR_STORE
            && same_uniform_value (x, acc[i], acc[j]))
          continue;
        shared &= acc[j]->kind == KIR_LOAD;
        if (found && out->kind == DEPENDENCE_PROVEN && !shared)
          continue;
        long long distance[KIR_MAX_DIMS];
        struct congruences residues = { 0 };
        add_residue_forms (x, cols, &acc[i]->access, chosen[i],
                           &acc[j]->access, chosen[j], &residues);
        enum pair_result r
          = compare_accesses (k, cols, sub[i], sub[j], rank, ranged[i],
                              ranged[j], p,
                              p->guarded[block[i]] & p->guarded[block[j]],
                              &residues, distance);
        /* A dimension with two spans (i < MIN (nx, hi)) lies within
           each: the points are apart where they are apart with either.  */
        for (int m = 1; r != PAIR_NONE && other && m < 1 << k->ndims; m++)
          {
            long long unused[KIR_MAX_DIMS];
            bool tried = true;
            *other = *cols;
            for (int d = 0; d < k->ndims; d++)
              if (m >> d & 1)
                {
                  tried &= k->dims[d].has_other_span;
                  bound_dimension (x, other, d, &k->dims[d].other_span);
                }
            if (tried
                && compare_accesses (k, other, sub[i], sub[j], rank,
                                     ranged[i], ranged[j], p,
                                     p->guarded[block[i]]
                                     & p->guarded[block[j]],
                                     &residues, unused) == PAIR_NONE)
              r = PAIR_NONE;
          }
        /* A value holds at the points that take it, which the equations
           do not know: a solution there proves nothing.  */
        if (r == PAIR_PROVEN && (chosen[i] >= 0 || chosen[j] >= 0))
          r = PAIR_POSSIBLE;
        if (r == PAIR_NONE || (r == PAIR_POSSIBLE && found))
          continue;
        out->array = a;
        out->kind = r == PAIR_PROVEN ? DEPENDENCE_PROVEN
                                     : DEPENDENCE_POSSIBLE;
        out->shared = shared && r == PAIR_PROVEN;
        out->store = acc[i];
        out->other = acc[j];
        memcpy (out->distance, distance, sizeof distance);
        found = 1;
        if (out->shared)
          break;
      }
  free (other);
  free (sub);
  free (ranged);
  free (chosen);
  free (acc);
  free (block);
  return found;
}

/* What the analysis of a kernel needs of it beyond its accesses.  */
struct analysis
{
  struct expander x;
  struct parity p;
  struct counters c;
  struct columns cols;
};

/* Takes each scalar in a coefficient of a column of access ACC (a row's
   or a plane's length, nx + 4 in state[k*(nx+4) + i]) to be at least 0
   in AN's columns: a length is never negative.  */
static void
note_lengths (struct analysis *an, const struct kir_access *acc)
{
  struct subscript sub[KIR_MAX_DIMS];
  int n = split_access (&an->x, &an->c, acc, sub);
  for (int i = 0; i < n; i++)
    for (int c = 0; c < an->cols.ncols; c++)
      for (int m = 0; m < sub[i].coeff[c].n; m++)
        for (int f = 0; f < sub[i].coeff[c].m[m].degree; f++)
          {
            int a = sub[i].coeff[c].m[m].atoms[f];
            if (ATOM_KIND (a) != ATOM_SCALAR)
              continue;
            int x = ATOM_INDEX (a);
            if (!an->cols.known[x] || an->cols.least[x] < 0)
              an->cols.least[x] = 0;
            an->cols.known[x] = 1;
          }
}

/* Takes the subscripts of access ACC, which every point makes, at the
   first point of the launch (each dimension at its start) to be at least
   0 in AN's columns: the launch checks that such an access lies in its
   array's copy (mintrt.h, every_point_footprint), so that
   `u[nx*j + nx - 2]' from j = 0 runs only where nx >= 2.  */
static void
note_first_point (struct analysis *an, const struct kir_access *acc)
{
  struct subscript sub[KIR_MAX_DIMS];
  int n = split_access (&an->x, &an->c, acc, sub);
  for (int i = 0; i < n; i++)
    {
      struct poly at = sub[i].rest, term;
      bool known = sub[i].comparable;
      for (int c = 0; c < an->cols.ncols && known; c++)
        if (sub[i].coeff[c].n > 0)
          {
            known = c < an->x.k->ndims;
            poly_multiply (&term, &sub[i].coeff[c], &an->cols.lo[c]);
            poly_add (&at, &term, 1);
          }
      if (known)
        note_least (&an->cols, &at, 0);
    }
}

/* Whether every dimension of K has a known start: then the point of the
   starts is a point of each launch with points.  */
static bool
first_point_known (const struct kir_kernel *k)
{
  for (int d = 0; d < k->ndims; d++)
    if (!k->dims[d].has_start)
      return false;
  return true;
}

static void
analysis_init (const struct kir_kernel *k, struct analysis *an)
{
  memset (an, 0, sizeof *an);
  poly_expander_init (&an->x, k);
  parity_init (&an->x, &an->p);
  find_counters (&an->x, &an->c);
  init_columns (&an->x, &an->c, &an->cols);
  bool first_point = first_point_known (k);
  for (int b = 0; b < k->nblocks; b++)
    {
      bool every_point = first_point && stencil_every_point_runs (k, b);
      for (int i = 0; i < k->blocks[b].nstmts; i++)
        if (k->blocks[b].stmts[i].kind == KIR_LOAD
            || k->blocks[b].stmts[i].kind == KIR_STORE)
          {
            note_lengths (an, &k->blocks[b].stmts[i].access);
            if (every_point)
              note_first_point (an, &k->blocks[b].stmts[i].access);
          }
    }
}

static void
analysis_free (struct analysis *an)
{
  free (an->p.guarded);
  for (int i = 0; i < an->c.n; i++)
    free (an->c.c[i].inside);
  free (an->cols.known);
  free (an->cols.least);
  poly_expander_free (&an->x);
}

int
dependence_find (const struct kir_kernel *k, struct dependence *out)
{
  struct analysis an;
  int n = 0;
  analysis_init (k, &an);
  for (int a = 0; a < k->narrays; a++)
    if (array_dependence (&an.x, &an.p, &an.c, &an.cols, a, -1, &out[n]) > 0)
      n++;
  analysis_free (&an);
  return n;
}

/* Whether a point of K loads array R after it stores array W in one
   block: the kernel's pointers are restrict, so that the GPU may load
   first.  */
static bool
loads_after_store (const struct kir_kernel *k, int w, int r)
{
  for (int b = 0; b < k->nblocks; b++)
    {
      bool stored = false;
      for (int i = 0; i < k->blocks[b].nstmts; i++)
        {
          const struct kir_stmt *s = &k->blocks[b].stmts[i];
          stored |= s->kind == KIR_STORE && s->access.array == w;
          if (stored && s->kind == KIR_LOAD && s->access.array == r)
            return true;
        }
    }
  return false;
}

/* Whether arrays W (written) and R (only read) of K may be one array of
   one layout: the same kind of array, and taken as one array, no point
   uses an element another point writes.  */
static bool
may_alias (struct analysis *an, int w, int r)
{
  const struct kir_kernel *k = an->x.k;
  const struct kir_array *aw = &k->arrays[w], *ar = &k->arrays[r];
  struct dependence d;
  return ar->read && !ar->written && aw->elem == ar->elem
         && aw->rank == ar->rank && aw->flat == ar->flat
         && !loads_after_store (k, w, r)
         && !array_dependence (&an->x, &an->p, &an->c, &an->cols, w, r, &d);
}

void
dependence_note_alias_classes (struct kir_kernel *k)
{
  struct analysis an;
  int classes = 0;
  analysis_init (k, &an);
  for (int a = 0; a < k->narrays; a++)
    k->arrays[a].alias_class = '-';
  for (int w = 0; w < k->narrays && classes < 26; w++)
    {
      if (!k->arrays[w].written)
        continue;
      bool any = false;
      for (int r = 0; r < k->narrays; r++)
        if (k->arrays[r].alias_class == '-' && may_alias (&an, w, r))
          {
            k->arrays[r].alias_class = (char) ('a' + classes);
            any = true;
          }
      if (any)
        k->arrays[w].alias_class = (char) ('a' + classes++);
    }
  analysis_free (&an);
}

/* ---- text ------------------------------------------------------------ */

struct text
{
  char *buf;
  size_t len, used;
};

static void
put (struct text *t, const char *s)
{
  size_t n = strlen (s);
  if (t->used + n >= t->len)
    n = t->used + 1 < t->len ? t->len - t->used - 1 : 0;
  memcpy (t->buf + t->used, s, n);
  t->used += n;
  t->buf[t->used] = '\0';
}

static bool
temporary_p (const struct kir_kernel *k, int local)
{
  return strncmp (k->locals[local].name, "_t", 2) == 0;
}

/* The one local that a copy or an integer conversion of LOCAL assigns,
   or -1 (none, or several).  */
static int
copied_into (const struct kir_kernel *k, int local)
{
  int found = -1;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind != KIR_ASSIGN || (s->op != KIR_MOV && s->op != KIR_CVT)
            || s->args[0].kind != KIR_OPND_LOCAL || s->args[0].index != local
            || s->dst < 0)
          continue;
        if (found >= 0 && found != s->dst)
          return -1;
        found = s->dst;
      }
  return found;
}

static void put_local (struct text *t, const struct kir_kernel *k, int local,
                       bool parens, int depth);

/* O, a local in parentheses where it is an operation and PARENS.  */
static void
put_operand (struct text *t, const struct kir_kernel *k,
             const struct kir_operand *o, bool parens, int depth)
{
  char num[32];
  switch (o->kind)
    {
    case KIR_OPND_LOCAL:
      put_local (t, k, o->index, parens, depth);
      return;
    case KIR_OPND_SCALAR:
      put (t, kir_scalar_text (k, o->index));
      return;
    case KIR_OPND_INT:
      snprintf (num, sizeof num, o->type == KIR_U64 ? "%llu" : "%lld",
                o->ival);
      put (t, num);
      return;
    default:
      put (t, "(...)");
    }
}

/* Whether S shows no operation to the reader: a copy, or a conversion
   that keeps every value of its operand.  */
static bool
transparent_p (const struct kir_kernel *k, const struct kir_stmt *s)
{
  enum kir_type to = k->locals[s->dst].type, from = s->args[0].type;
  return s->op == KIR_MOV
         || (s->op == KIR_CVT && kir_type_is_integer (to)
             && kir_type_is_integer (from)
             && (kir_type_size (to) > kir_type_size (from)
                 || (kir_type_size (to) == kir_type_size (from)
                     && kir_type_is_signed (to) == kir_type_is_signed (from))));
}

/* " OP B" of the binary operation S, whose second operand is B: a
   negative signed constant added as its magnitude subtracted (GCC folds
   `n - 1' into n + -1).  */
static void
put_second_operand (struct text *t, const struct kir_kernel *k,
                    const struct kir_stmt *s, int depth)
{
  struct kir_operand b = s->args[1];
  bool minus = s->op == KIR_ADD && b.kind == KIR_OPND_INT
               && kir_type_is_signed (b.type) && b.ival < 0
               && b.ival != LLONG_MIN;
  put (t, " ");
  put (t, minus ? "-" : kir_opcode_symbol (s->op));
  put (t, " ");
  if (minus)
    b.ival = -b.ival;
  put_operand (t, k, &b, true, depth);
}

/* S's value, operands that are the compiler's temporaries spelled out
   DEPTH times more (put_local), in parentheses where it is an operation
   and PARENS: "i / 2", "(unsigned char) (c + 6)" (arithmetic of a type
   narrower than an int, which wraps, shows its type).  */
static void
put_assignment (struct text *t, const struct kir_kernel *k,
                const struct kir_stmt *s, bool parens, int depth)
{
  enum kir_type type = k->locals[s->dst].type;
  bool cast = s->op == KIR_CVT
              || (kir_type_size (type) < 4 && kir_type_is_integer (type));
  bool binary = s->nargs == 2 && s->op != KIR_MIN && s->op != KIR_MAX;
  if (parens || cast)
    put (t, "(");
  if (cast)
    {
      put (t, kir_type_name (type));
      put (t, ") ");
      if (s->op != KIR_CVT)
        put (t, "(");
    }
  if (binary)
    {
      put_operand (t, k, &s->args[0], true, depth);
      put_second_operand (t, k, s, depth);
    }
  else if (s->nargs == 1)
    {
      put (t, kir_opcode_symbol (s->op));
      put_operand (t, k, &s->args[0], true, depth);
    }
  else
    put (t, "...");
  if (cast && s->op != KIR_CVT)
    put (t, ")");
  if (parens && !cast)
    put (t, ")");
}

/* The value of ARM (scaled_arm) divided by DIVISOR.  */
static void
put_divided_arm (struct text *t, const struct kir_kernel *k,
                 const struct kir_stmt *arm, long long divisor, int depth)
{
  struct kir_operand o = arm->args[0];
  if (arm->op == KIR_MOV)
    o.ival /= divisor;
  put_operand (t, k, &o, false, depth);
}

static void put_value (struct text *t, const struct kir_kernel *k,
                       const struct kir_stmt *s, bool parens, int depth);

/* "COND ? A : B" of C, in parentheses where PARENS; each arm's value
   divided by DIVISOR where it is above 1 (divided_conditional).  The
   condition is spelled as the comparison the branch tests.  */
static void
put_conditional (struct text *t, const struct kir_kernel *k,
                 const struct conditional *c, long long divisor,
                 bool parens, int depth)
{
  const struct kir_operand *cond = &c->branch->cond;
  const struct kir_stmt *test
    = cond->kind == KIR_OPND_LOCAL ? only_assignment (k, cond->index) : NULL;
  if (parens)
    put (t, "(");
  if (test)
    put_value (t, k, test, false, depth);
  else
    put_operand (t, k, cond, false, depth);
  for (int e = 0; e < 2; e++)
    {
      put (t, e == 0 ? " ? " : " : ");
      if (divisor > 1)
        put_divided_arm (t, k, c->arm[e], divisor, depth);
      else
        put_value (t, k, c->arm[e], false, depth);
    }
  if (parens)
    put (t, ")");
}

/* The value that assignment S gives (put_local).  */
static void
put_value (struct text *t, const struct kir_kernel *k,
           const struct kir_stmt *s, bool parens, int depth)
{
  struct conditional c;
  if (transparent_p (k, s))
    put_operand (t, k, &s->args[0], parens, depth);
  else if (depth == 0 || s->nargs > 2)
    put (t, "(...)");
  else if (divided_conditional (k, s, &c))
    put_conditional (t, k, &c, s->args[1].ival, parens, depth - 1);
  else
    put_assignment (t, k, s, parens, depth - 1);
}

/* LOCAL's name.  A temporary of the compiler's ("_t...") would mean
   nothing to the reader: the variable it is copied into, where there is
   one (`xm = x == 0 ? n - 1 : x - 1' leaves the value in GCC's iftmp.0,
   then copies it into xm), else the expression of its one assignment
   (put_value, in parentheses where PARENS) or of the arms that assign it
   (`x == 0 ? n - 1 : x - 1' in the subscript itself), DEPTH operations
   deep (copies and conversions that keep the value not shown), else
   "(...)".  */
static void
put_local (struct text *t, const struct kir_kernel *k, int local,
           bool parens, int depth)
{
  struct conditional c;
  if (!temporary_p (k, local))
    {
      put (t, kir_local_text (k, local));
      return;
    }
  int named = copied_into (k, local);
  if (named >= 0 && !temporary_p (k, named))
    {
      put (t, kir_local_text (k, named));
      return;
    }
  const struct kir_stmt *s = only_assignment (k, local);
  if (s)
    put_value (t, k, s, parens, depth);
  else if (depth > 0 && conditional_of (k, local, &c))
    put_conditional (t, k, &c, 1, parens, depth - 1);
  else
    put (t, "(...)");
}

/* The name of ATOM (put_local), in parentheses where it is an
   operation and PARENS.  */
static void
put_atom (struct text *t, const struct kir_kernel *k, int atom, bool parens)
{
  int i = ATOM_INDEX (atom);
  switch (ATOM_KIND (atom))
    {
    case ATOM_SCALAR:
      put (t, kir_scalar_text (k, i));
      return;
    case ATOM_IV:
      put (t, kir_local_text (k, k->dims[i].iv));
      return;
    default:
      put_local (t, k, i, parens, EXPRESSION_DEPTH);
    }
}

static void
put_poly (struct text *t, const struct kir_kernel *k, const struct poly *p)
{
  if (p->unknown)
    {
      put (t, "?");
      return;
    }
  if (p->n == 0)
    {
      put (t, "0");
      return;
    }
  struct poly sorted = *p;
  poly_sort (&sorted);
  for (int i = 0; i < sorted.n; i++)
    {
      const struct monomial *m = &sorted.m[i];
      unsigned long long c = m->coeff < 0 ? -(unsigned long long) m->coeff
                                          : (unsigned long long) m->coeff;
      char num[32];
      put (t, m->coeff < 0 ? (i ? " - " : "-") : (i ? " + " : ""));
      if (c != 1 || m->degree == 0)
        {
          snprintf (num, sizeof num, "%llu%s", c, m->degree ? "*" : "");
          put (t, num);
        }
      for (int j = 0; j < m->degree; j++)
        {
          if (j)
            put (t, "*");
          put_atom (t, k, m->atoms[j], sorted.n > 1 || m->degree > 1 || c != 1);
        }
    }
}

void
dependence_format_access (const struct kir_kernel *k,
                          const struct kir_access *access, char *buf,
                          size_t len)
{
  struct text t = { buf, len, 0 };
  struct expander x;
  buf[0] = '\0';
  poly_expander_init (&x, k);
  x.as_written = 1;
  struct poly p[KIR_MAX_DIMS];
  int n = poly_expand_access (&x, access, p);
  put (&t, kir_array_text (k, access->array));
  for (int i = 0; i < n; i++)
    {
      put (&t, "[");
      put_poly (&t, k, &p[i]);
      put (&t, "]");
    }
  poly_expander_free (&x);
}

void
dependence_format_point (const struct kir_kernel *k, const long long *offset,
                         char *buf, size_t len)
{
  struct text t = { buf, len, 0 };
  buf[0] = '\0';
  for (int d = k->ndims - 1; d >= 0; d--)
    {
      struct poly p;
      poly_atom (&p, ATOM (ATOM_IV, d));
      struct poly c;
      poly_constant (&c, offset[d]);
      poly_add (&p, &c, 1);
      put_poly (&t, k, &p);
      if (d)
        put (&t, ", ");
    }
}
