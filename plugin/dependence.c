/* dependence.c -- dependences between the points of a kernel's parallel
   iteration space (see dependence.h).  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dependence.h"
#include "poly.h"

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

/* Splits ACC's subscripts into OUT; returns how many.  */
static int
split_access (struct expander *x, const struct kir_access *acc,
              struct subscript *out)
{
  struct poly p[KIR_MAX_DIMS];
  int n = poly_expand_access (x, acc, p);
  for (int i = 0; i < n; i++)
    poly_split_subscript (&p[i], &out[i]);
  return n;
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
  int rank = 1;
  for (int i = 0; i < n; i++)
    rank = split_access (x, &acc[i]->access, sub[i]);
  int found = 0;
  for (int i = 0; i < n && (!found || out->kind != DEPENDENCE_PROVEN); i++)
    for (int j = 0; j < n && acc[i]->kind == KIR_STORE; j++)
      {
        long long distance[KIR_MAX_DIMS];
        enum pair_result r = compare_accesses (k, sub[i], sub[j], rank,
                                               distance);
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
  if (poly_expander_init (&x, k) == 0)
    for (int a = 0; a < k->narrays; a++)
      if (array_dependence (&x, a, &out[n]) > 0)
        n++;
  poly_expander_free (&x);
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
  if (poly_expander_init (&x, k) == 0)
    {
      struct poly p[KIR_MAX_DIMS];
      int n = poly_expand_access (&x, access, p);
      put (&t, k->arrays[access->array].name);
      for (int i = 0; i < n; i++)
        {
          put (&t, "[");
          put_poly (&t, k, &p[i]);
          put (&t, "]");
        }
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
