/* dependence.c -- dependences between the points of a kernel's parallel
   iteration space (see dependence.h).  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dependence.h"

/* ---- polynomials ----------------------------------------------------- */

/* An atom: a parallel loop variable, a scalar, or an opaque local, coded
   so that a monomial's atoms sort (and print) scalars first.  */
enum atom_kind { ATOM_SCALAR, ATOM_OPAQUE, ATOM_IV };
#define ATOM(kind, index) (((kind) << 24) | (index))
#define ATOM_KIND(a) ((a) >> 24)
#define ATOM_INDEX(a) ((a) & 0xffffff)

#define MAX_DEGREE 4
#define MAX_MONOMIALS 16

struct monomial
{
  int degree;
  int atoms[MAX_DEGREE];        /* sorted */
  long long coeff;              /* never 0 */
};

/* Integer arithmetic is taken as exact: the index computations of a
   correct C program do not overflow.  UNKNOWN marks what the expansion
   cannot represent (floating values, too many terms, huge numbers).  */
struct poly
{
  int unknown;
  int n;
  struct monomial m[MAX_MONOMIALS];
};

static void
poly_constant (struct poly *p, long long c)
{
  memset (p, 0, sizeof *p);
  if (c)
    {
      p->n = 1;
      p->m[0].coeff = c;
    }
}

static void
poly_atom (struct poly *p, int atom)
{
  poly_constant (p, 1);
  p->m[0].degree = 1;
  p->m[0].atoms[0] = atom;
}

static int
same_atoms (const struct monomial *a, const struct monomial *b)
{
  return (a->degree == b->degree
          && memcmp (a->atoms, b->atoms, a->degree * sizeof (int)) == 0);
}

/* Adds FACTOR * M to P.  */
static void
poly_add_monomial (struct poly *p, const struct monomial *m, long long factor)
{
  long long c;
  if (__builtin_mul_overflow (m->coeff, factor, &c))
    {
      p->unknown = 1;
      return;
    }
  for (int i = 0; i < p->n; i++)
    if (same_atoms (&p->m[i], m))
      {
        if (__builtin_add_overflow (p->m[i].coeff, c, &p->m[i].coeff))
          p->unknown = 1;
        else if (p->m[i].coeff == 0)
          p->m[i] = p->m[--p->n];
        return;
      }
  if (c == 0)
    return;
  if (p->n == MAX_MONOMIALS)
    {
      p->unknown = 1;
      return;
    }
  p->m[p->n] = *m;
  p->m[p->n++].coeff = c;
}

/* P += FACTOR * Q.  */
static void
poly_add (struct poly *p, const struct poly *q, long long factor)
{
  p->unknown |= q->unknown;
  for (int i = 0; i < q->n && !p->unknown; i++)
    poly_add_monomial (p, &q->m[i], factor);
}

static int
compare_ints (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* *P = A * B.  */
static void
poly_multiply (struct poly *p, const struct poly *a, const struct poly *b)
{
  poly_constant (p, 0);
  p->unknown = a->unknown | b->unknown;
  for (int i = 0; i < a->n && !p->unknown; i++)
    for (int j = 0; j < b->n && !p->unknown; j++)
      {
        struct monomial m;
        m.degree = a->m[i].degree + b->m[j].degree;
        if (m.degree > MAX_DEGREE
            || __builtin_mul_overflow (a->m[i].coeff, b->m[j].coeff,
                                       &m.coeff))
          {
            p->unknown = 1;
            break;
          }
        memcpy (m.atoms, a->m[i].atoms, a->m[i].degree * sizeof (int));
        memcpy (m.atoms + a->m[i].degree, b->m[j].atoms,
                b->m[j].degree * sizeof (int));
        qsort (m.atoms, m.degree, sizeof (int), compare_ints);
        poly_add_monomial (p, &m, 1);
      }
}

static int
poly_equal (const struct poly *a, const struct poly *b)
{
  struct poly d = *a;
  poly_add (&d, b, -1);
  return !d.unknown && d.n == 0;
}

/* The coefficient of the monomial with M's atoms in P.  */
static long long
poly_coeff (const struct poly *p, const struct monomial *m)
{
  for (int i = 0; i < p->n; i++)
    if (same_atoms (&p->m[i], m))
      return p->m[i].coeff;
  return 0;
}

/* ---- expansion of the kernel's values -------------------------------- */

struct expander
{
  const struct kir_kernel *k;
  const struct kir_stmt **def;  /* per local: its only definition */
  int *ndefs;
  int *state;                   /* 0 new, 1 being expanded, 2 done */
  struct poly *value;
};

static int
iv_dim (const struct kir_kernel *k, int local)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == local)
      return d;
  return -1;
}

static void expand_operand (struct expander *, const struct kir_operand *,
                            struct poly *);

/* The value of LOCAL, through the one assignment that defines it where
   that is integer +, -, *, negation, a copy or an integer conversion.  */
static void
expand_definition (struct expander *x, int local, struct poly *p)
{
  const struct kir_stmt *s = x->def[local];
  struct poly a, b;
  if (x->ndefs[local] != 1 || s->kind != KIR_ASSIGN
      || kir_type_is_float (x->k->locals[local].type))
    {
      poly_atom (p, ATOM (ATOM_OPAQUE, local));
      return;
    }
  switch (s->op)
    {
    case KIR_MOV:
    case KIR_CVT:
    case KIR_NEG:
      expand_operand (x, &s->args[0], p);
      if (s->op == KIR_NEG)
        {
          poly_constant (&a, 0);
          poly_add (&a, p, -1);
          *p = a;
        }
      return;
    case KIR_ADD:
    case KIR_SUB:
      expand_operand (x, &s->args[0], p);
      expand_operand (x, &s->args[1], &b);
      poly_add (p, &b, s->op == KIR_ADD ? 1 : -1);
      return;
    case KIR_MUL:
      expand_operand (x, &s->args[0], &a);
      expand_operand (x, &s->args[1], &b);
      poly_multiply (p, &a, &b);
      return;
    default:
      poly_atom (p, ATOM (ATOM_OPAQUE, local));
      return;
    }
}

static void
expand_local (struct expander *x, int local, struct poly *p)
{
  int d = iv_dim (x->k, local);
  if (d >= 0)
    {
      poly_atom (p, ATOM (ATOM_IV, d));
      return;
    }
  if (x->state[local] == 1)    /* defined through itself: no value */
    {
      poly_atom (p, ATOM (ATOM_OPAQUE, local));
      return;
    }
  if (x->state[local] == 0)
    {
      x->state[local] = 1;
      expand_definition (x, local, &x->value[local]);
      x->state[local] = 2;
    }
  *p = x->value[local];
}

static void
expand_operand (struct expander *x, const struct kir_operand *o,
                struct poly *p)
{
  switch (o->kind)
    {
    case KIR_OPND_INT:
      poly_constant (p, o->ival);
      return;
    case KIR_OPND_SCALAR:
      poly_atom (p, ATOM (ATOM_SCALAR, o->index));
      p->unknown = kir_type_is_float (o->type);
      return;
    case KIR_OPND_LOCAL:
      expand_local (x, o->index, p);
      return;
    default:
      poly_constant (p, 0);
      p->unknown = 1;
      return;
    }
}

static void
expand_subscript (struct expander *x, const struct kir_affine *f,
                  struct poly *p)
{
  poly_constant (p, f->constant);
  for (int t = 0; t < f->nterms && !p->unknown; t++)
    {
      struct poly term;
      expand_operand (x, &f->terms[t].var, &term);
      poly_add (p, &term, f->terms[t].coeff);
    }
}

static int
expander_init (struct expander *x, const struct kir_kernel *k)
{
  int n = k->nlocals ? k->nlocals : 1;
  x->k = k;
  x->def = calloc (n, sizeof *x->def);
  x->ndefs = calloc (n, sizeof *x->ndefs);
  x->state = calloc (n, sizeof *x->state);
  x->value = calloc (n, sizeof *x->value);
  if (!x->def || !x->ndefs || !x->state || !x->value)
    return -1;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind != KIR_STORE && s->dst >= 0 && s->dst < k->nlocals)
          {
            x->def[s->dst] = s;
            x->ndefs[s->dst]++;
          }
      }
  return 0;
}

static void
expander_free (struct expander *x)
{
  free (x->def);
  free (x->ndefs);
  free (x->state);
  free (x->value);
}

/* ---- subscripts as functions of the point ---------------------------- */

/* A subscript = sum over d of coeff[d] * iv_d + rest, the coefficients
   and the rest polynomials over the scalars; COMPARABLE is 0 when it
   involves opaque values, products of loop variables or unknowns.  */
struct subscript
{
  int comparable;
  struct poly coeff[KIR_MAX_DIMS];
  struct poly rest;
};

static void
split_subscript (const struct poly *p, struct subscript *s)
{
  memset (s, 0, sizeof *s);
  s->comparable = !p->unknown;
  for (int i = 0; i < p->n && s->comparable; i++)
    {
      struct monomial m = p->m[i];
      int dim = -1, ivs = 0;
      for (int j = 0; j < m.degree; j++)
        {
          if (ATOM_KIND (m.atoms[j]) == ATOM_OPAQUE)
            s->comparable = 0;
          if (ATOM_KIND (m.atoms[j]) == ATOM_IV)
            {
              ivs++;
              dim = ATOM_INDEX (m.atoms[j]);
              /* IV atoms sort last: drop it from the monomial.  */
              memmove (&m.atoms[j], &m.atoms[j + 1],
                       (m.degree - j - 1) * sizeof (int));
              m.degree--;
              j--;
            }
        }
      if (ivs > 1)
        s->comparable = 0;
      else if (s->comparable)
        poly_add_monomial (dim < 0 ? &s->rest : &s->coeff[dim], &m, 1);
    }
}

/* ---- integer solutions ----------------------------------------------- */

#define MAX_ROWS 64
/* With free unknowns, solutions are searched up to this many steps.  */
#define SEARCH_STEPS 8

/* Rows: sum over d of a[r][d] * t[d] = a[r][ndims].  */
struct system
{
  int nrows, ncols;
  long long a[MAX_ROWS][KIR_MAX_DIMS + 1];
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

/* Whether the system has an integer solution T other than 0 with
   |T[c]| <= MOST[c]: 1 (T set), 0, or -1 when the arithmetic overflowed.
   Gauss-Jordan elimination without fractions; then the free unknowns are
   tried in order of size and the pivots must come out integral.  */
static int
nonzero_solution (struct system *s, const long long *most, long long *t)
{
  int pivot_col[MAX_ROWS], rank = 0, is_pivot[KIR_MAX_DIMS] = { 0 };
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

  int free_cols[KIR_MAX_DIMS], nfree = 0;
  for (int c = 0; c < s->ncols; c++)
    if (!is_pivot[c])
      free_cols[nfree++] = c;
  int limit = nfree ? 2 * SEARCH_STEPS + 1 : 1;
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
        for (int c = 0; c < s->ncols; c++)
          nonzero |= t[c] != 0;
        if (integral && nonzero)
          return 1;
      }
  return 0;
}

/* ---- pairs of accesses ----------------------------------------------- */

enum pair_result { PAIR_NONE, PAIR_PROVEN, PAIR_POSSIBLE };

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
   the other point q = p + step * t) being equal: sum over d of
   coeff_d * step_d * t_d = rest_A - rest_B, one row per monomial.  0 if
   they index in different ways.  */
static int
add_equations (const struct kir_kernel *k, const struct subscript *a,
               const struct subscript *b, struct system *s)
{
  for (int d = 0; d < k->ndims; d++)
    if (!poly_equal (&a->coeff[d], &b->coeff[d]))
      return 0;
  struct poly diff = a->rest;
  poly_add (&diff, &b->rest, -1);
  if (diff.unknown)
    return 0;
  /* The monomials of the rows: those of the coefficients and of DIFF.  */
  struct poly all;
  poly_constant (&all, 0);
  add_monomials (&all, &diff);
  for (int d = 0; d < k->ndims; d++)
    add_monomials (&all, &a->coeff[d]);
  if (all.unknown)
    return 0;
  for (int i = 0; i < all.n; i++)
    {
      /* A difference in scalars that no loop variable's coefficient has
         (u[i] against u[i - nx]): whether a distance makes up for it
         depends on the scalars' values.  */
      int in_coeff = 0;
      for (int d = 0; d < k->ndims; d++)
        in_coeff |= poly_coeff (&a->coeff[d], &all.m[i]) != 0;
      if (all.m[i].degree > 0 && !in_coeff
          && poly_coeff (&diff, &all.m[i]) != 0)
        return 0;
    }
  for (int i = 0; i < all.n && s->nrows < MAX_ROWS; i++)
    {
      long long *row = s->a[s->nrows++];
      for (int d = 0; d < k->ndims; d++)
        if (__builtin_mul_overflow (poly_coeff (&a->coeff[d], &all.m[i]),
                                    k->dims[d].step, &row[d]))
          return 0;
      row[k->ndims] = poly_coeff (&diff, &all.m[i]);
    }
  return 1;
}

static enum pair_result
compare_accesses (const struct kir_kernel *k, const struct subscript *a,
                  const struct subscript *b, int rank, long long *distance)
{
  struct system s;
  memset (&s, 0, sizeof s);
  s.ncols = k->ndims;
  int comparable = 1;
  for (int i = 0; i < rank; i++)
    if (!a[i].comparable || !b[i].comparable
        || !add_equations (k, &a[i], &b[i], &s))
      comparable = 0;
  /* Two points of a loop of COUNT iterations are at most COUNT - 1 steps
     apart: with constant bounds, u[W*y + x] delinearizes.  */
  long long t[KIR_MAX_DIMS] = { 0 }, most[KIR_MAX_DIMS];
  for (int d = 0; d < k->ndims; d++)
    most[d] = k->dims[d].count > 0 ? k->dims[d].count - 1 : LLONG_MAX;
  int found = nonzero_solution (&s, most, t);
  if (found == 0)
    return PAIR_NONE;
  for (int d = 0; d < k->ndims; d++)
    distance[d] = found > 0 ? t[d] * k->dims[d].step : 0;
  return comparable && found > 0 ? PAIR_PROVEN : PAIR_POSSIBLE;
}

static void
split_access (struct expander *x, const struct kir_access *acc,
              struct subscript *out)
{
  for (int i = 0; i < acc->rank; i++)
    {
      struct poly p;
      expand_subscript (x, &acc->index[i], &p);
      split_subscript (&p, &out[i]);
    }
}

/* The accesses of array A in statement order.  */
static int
collect_accesses (const struct kir_kernel *k, int a,
                  const struct kir_stmt ***out)
{
  int n = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_LOAD || s->kind == KIR_STORE)
            && s->access.array == a)
          n++;
      }
  *out = calloc (n ? n : 1, sizeof **out);
  if (!*out)
    return -1;
  n = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_LOAD || s->kind == KIR_STORE)
            && s->access.array == a)
          (*out)[n++] = s;
      }
  return n;
}

/* The dependence of array A, if any, into *OUT: 1, 0, or -1 when out of
   memory.  */
static int
array_dependence (struct expander *x, int a, struct dependence *out)
{
  const struct kir_kernel *k = x->k;
  const struct kir_stmt **acc;
  int n = collect_accesses (k, a, &acc);
  struct subscript (*sub)[KIR_MAX_DIMS] = calloc (n ? n : 1, sizeof *sub);
  if (n < 0 || !sub)
    {
      free (sub);
      if (n >= 0)
        free (acc);
      return -1;
    }
  for (int i = 0; i < n; i++)
    split_access (x, &acc[i]->access, sub[i]);
  int found = 0;
  for (int i = 0; i < n && (!found || out->kind != DEPENDENCE_PROVEN); i++)
    for (int j = 0; j < n && acc[i]->kind == KIR_STORE; j++)
      {
        long long distance[KIR_MAX_DIMS];
        enum pair_result r = compare_accesses (k, sub[i], sub[j],
                                               acc[i]->access.rank, distance);
        if (r == PAIR_NONE
            || (r == PAIR_POSSIBLE && (found || acc[j]->kind != KIR_LOAD)))
          continue;
        out->array = a;
        out->kind = r == PAIR_PROVEN ? DEPENDENCE_PROVEN
                                     : DEPENDENCE_POSSIBLE;
        out->store = acc[i];
        out->other = acc[j];
        memcpy (out->distance, distance, sizeof distance);
        found = 1;
        if (r == PAIR_PROVEN)
          break;
      }
  free (sub);
  free (acc);
  return found;
}

int
dependence_find (const struct kir_kernel *k, struct dependence *out)
{
  struct expander x;
  int n = 0;
  if (expander_init (&x, k) == 0)
    for (int a = 0; a < k->narrays; a++)
      if (array_dependence (&x, a, &out[n]) > 0)
        n++;
  expander_free (&x);
  return n;
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

/* The name of ATOM; "(...)" for a temporary of the compiler's ("_tN"),
   whose name would mean nothing to the reader.  */
static const char *
atom_name (const struct kir_kernel *k, int atom)
{
  int i = ATOM_INDEX (atom);
  switch (ATOM_KIND (atom))
    {
    case ATOM_SCALAR: return k->scalars[i].name;
    case ATOM_IV: return k->locals[k->dims[i].iv].name;
    default:
      return strncmp (k->locals[i].name, "_t", 2) == 0 ? "(...)"
                                                        : k->locals[i].name;
    }
}

/* Higher degree first, then by atoms.  */
static int
compare_monomials (const void *pa, const void *pb)
{
  const struct monomial *a = pa, *b = pb;
  if (a->degree != b->degree)
    return b->degree - a->degree;
  for (int i = 0; i < a->degree; i++)
    if (a->atoms[i] != b->atoms[i])
      return compare_ints (&a->atoms[i], &b->atoms[i]);
  return 0;
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
  qsort (sorted.m, sorted.n, sizeof sorted.m[0], compare_monomials);
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
          put (t, atom_name (k, m->atoms[j]));
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
  if (expander_init (&x, k) == 0)
    {
      put (&t, k->arrays[access->array].name);
      for (int i = 0; i < access->rank; i++)
        {
          struct poly p;
          expand_subscript (&x, &access->index[i], &p);
          put (&t, "[");
          put_poly (&t, k, &p);
          put (&t, "]");
        }
    }
  expander_free (&x);
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
