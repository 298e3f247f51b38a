/* poly.c -- a kernel's integer values as polynomials (see poly.h).  */

#include <stdlib.h>
#include <string.h>
#include "poly.h"
#include "kir-type.h"
#include "xalloc.h"

/* ---- polynomials ----------------------------------------------------- */

void
poly_constant (struct poly *p, long long c)
{
  memset (p, 0, sizeof *p);
  if (c)
    {
      p->n = 1;
      p->m[0].coeff = c;
    }
}

int
poly_constant_value (const struct poly *p, long long *value)
{
  *value = p->n ? p->m[0].coeff : 0;
  return !p->unknown && (p->n == 0 || (p->n == 1 && p->m[0].degree == 0));
}

void
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
void
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
void
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
void
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

int
poly_equal (const struct poly *a, const struct poly *b)
{
  struct poly d = *a;
  poly_add (&d, b, -1);
  return !d.unknown && d.n == 0;
}

/* The coefficient of the monomial with M's atoms in P.  */
long long
poly_coeff (const struct poly *p, const struct monomial *m)
{
  for (int i = 0; i < p->n; i++)
    if (same_atoms (&p->m[i], m))
      return p->m[i].coeff;
  return 0;
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

void
poly_sort (struct poly *p)
{
  qsort (p->m, p->n, sizeof p->m[0], compare_monomials);
}

/* Whether monomial D is M times a monomial, which *Q gets (with
   coefficient 1).  */
static int
divides_atoms (const struct monomial *m, const struct monomial *d,
               struct monomial *q)
{
  int i = 0;
  q->degree = 0;
  q->coeff = 1;
  for (int j = 0; j < d->degree; j++)
    if (i < m->degree && m->atoms[i] == d->atoms[j])
      i++;
    else
      q->atoms[q->degree++] = d->atoms[j];
  return i == m->degree;
}

int
poly_divide (const struct poly *d, const struct poly *g, struct poly *q,
             struct poly *r)
{
  if (d->unknown || g->unknown || g->n == 0)
    return 0;
  struct poly sorted = *g;
  poly_sort (&sorted);
  const struct monomial *lead = &sorted.m[0];
  poly_constant (q, 0);
  *r = *d;
  /* Each step takes a monomial the leading one divides out of R; with
     the leading monomial of highest degree, the degrees of what it
     takes fall, so that a few steps per monomial end it.  */
  for (int steps = 0; steps < 4 * MAX_MONOMIALS; steps++)
    {
      struct monomial t;
      int i = 0;
      while (i < r->n && (!divides_atoms (lead, &r->m[i], &t)
                          || llabs (r->m[i].coeff) < llabs (lead->coeff)))
        i++;
      if (i == r->n)
        return !r->unknown && !q->unknown;
      t.coeff = r->m[i].coeff / lead->coeff;
      struct poly term, product;
      poly_constant (&term, 0);
      poly_add_monomial (&term, &t, 1);
      poly_multiply (&product, &term, g);
      poly_add (r, &product, -1);
      poly_add (q, &term, 1);
      if (r->unknown || q->unknown)
        return 0;
    }
  return 0;
}

/* ---- strides over the scalars ---------------------------------------- */

void
poly_from_sum (struct poly *p, const struct kir_sum *s)
{
  poly_constant (p, 0);
  for (int i = 0; i < s->nproducts; i++)
    {
      struct monomial m;
      m.degree = s->products[i].nfactors;
      m.coeff = s->products[i].coeff;
      for (int f = 0; f < m.degree; f++)
        m.atoms[f] = ATOM (ATOM_SCALAR, s->products[i].factor[f]);
      poly_add_monomial (p, &m, 1);
    }
}

int
poly_to_sum (const struct poly *p, struct kir_sum *s)
{
  if (p->unknown)
    return 0;
  struct poly sorted = *p;
  poly_sort (&sorted);
  memset (s, 0, sizeof *s);
  for (int i = 0; i < sorted.n; i++)
    {
      struct kir_product *q = &s->products[s->nproducts++];
      q->coeff = sorted.m[i].coeff;
      q->nfactors = sorted.m[i].degree;
      for (int f = 0; f < q->nfactors; f++)
        {
          if (ATOM_KIND (sorted.m[i].atoms[f]) != ATOM_SCALAR)
            return 0;
          q->factor[f] = ATOM_INDEX (sorted.m[i].atoms[f]);
        }
    }
  return 1;
}

/* ---- expansion of the kernel's values -------------------------------- */

static void expand_operand (struct expander *, const struct kir_operand *,
                            struct poly *);

/* Whether S, which assigns a local of integer type T (not _Bool), may
   wrap at fewer bits than an int has: +, -, *, negation or complement in
   an unsigned type of fewer, or
   a conversion to such a type from a wider one (`(unsigned char) (c +
   6)'), whose value is then not its operands' polynomial.  */
static int
wraps_narrow (const struct kir_stmt *s, enum kir_type t)
{
  if (!kir_type_is_integer (t) || kir_type_size (t) >= 4)
    return 0;
  switch (s->op)
    {
    case KIR_CVT:
      return kir_type_size (s->args[0].type) > kir_type_size (t);
    case KIR_ADD:
    case KIR_SUB:
    case KIR_MUL:
    case KIR_NEG:
    case KIR_BNOT:
      return !kir_type_is_signed (t);
    default:
      return 0;
    }
}

/* The value of LOCAL, through the one assignment that defines it where
   that is integer +, -, *, negation, complement, a copy or an integer
   conversion, none wrapping at fewer bits than an int has (wraps_narrow).  */
static void
expand_definition (struct expander *x, int local, struct poly *p)
{
  const struct kir_stmt *s = x->def[local];
  enum kir_type type = x->k->locals[local].type;
  if (x->ndefs[local] != 1 || s->kind != KIR_ASSIGN
      || kir_type_is_float (type) || wraps_narrow (s, type)
      || !poly_expand_assignment (x, s, p))
    poly_atom (p, ATOM (ATOM_OPAQUE, local));
}

int
poly_expand_assignment (struct expander *x, const struct kir_stmt *s,
                        struct poly *p)
{
  struct poly a, b;
  switch (s->op)
    {
    case KIR_MOV:
    case KIR_CVT:
    case KIR_NEG:
    case KIR_BNOT:
      expand_operand (x, &s->args[0], p);
      if (s->op != KIR_MOV && s->op != KIR_CVT)
        {
          /* ~x is -x - 1.  */
          poly_constant (&a, s->op == KIR_BNOT ? -1 : 0);
          poly_add (&a, p, -1);
          *p = a;
        }
      return 1;
    case KIR_ADD:
    case KIR_SUB:
      expand_operand (x, &s->args[0], p);
      expand_operand (x, &s->args[1], &b);
      poly_add (p, &b, s->op == KIR_ADD ? 1 : -1);
      return 1;
    case KIR_MUL:
      expand_operand (x, &s->args[0], &a);
      expand_operand (x, &s->args[1], &b);
      poly_multiply (p, &a, &b);
      return 1;
    default:
      return 0;
    }
}

static void
expand_local (struct expander *x, int local, struct poly *p)
{
  int d = kir_dim_of_iv (x->k, local);
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

/* Scalar SCALAR of X's kernel: its value where it has one and X does
   not read the program as written, else its atom.  */
static void
expand_scalar (const struct expander *x, int scalar, struct poly *p)
{
  if (x->k->scalars[scalar].has_value && !x->as_written)
    poly_from_sum (p, &x->k->scalars[scalar].value);
  else
    poly_atom (p, ATOM (ATOM_SCALAR, scalar));
}

void
poly_expand_sum (const struct expander *x, const struct kir_sum *s,
                 struct poly *p)
{
  poly_constant (p, 0);
  for (int i = 0; i < s->nproducts; i++)
    {
      struct poly term, factor, product;
      poly_constant (&term, s->products[i].coeff);
      for (int f = 0; f < s->products[i].nfactors; f++)
        {
          expand_scalar (x, s->products[i].factor[f], &factor);
          poly_multiply (&product, &term, &factor);
          term = product;
        }
      poly_add (p, &term, 1);
    }
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
      expand_scalar (x, o->index, p);
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

void
poly_expand_affine (struct expander *x, const struct kir_affine *f,
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

void
poly_expander_init (struct expander *x, const struct kir_kernel *k)
{
  size_t n = (size_t) k->nlocals;
  x->k = k;
  x->def = mint_xcalloc (n, sizeof *x->def);
  x->ndefs = mint_xcalloc (n, sizeof *x->ndefs);
  x->state = mint_xcalloc (n, sizeof *x->state);
  x->value = mint_xcalloc (n, sizeof *x->value);
  x->as_written = 0;
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
}

void
poly_expander_free (struct expander *x)
{
  free (x->def);
  free (x->ndefs);
  free (x->state);
  free (x->value);
}

int
poly_expand_access (struct expander *x, const struct kir_access *access,
                    struct poly *p)
{
  const struct kir_array *a = &x->k->arrays[access->array];
  if (!a->flat || access->rank == 1)
    {
      for (int i = 0; i < access->rank; i++)
        poly_expand_affine (x, &access->index[i], &p[i]);
      return access->rank;
    }
  /* The sum of the subscripts times their strides.  */
  poly_expand_affine (x, &access->index[access->rank - 1], p);
  for (int i = 0; i < access->rank - 1; i++)
    {
      struct poly sub, stride, term;
      poly_expand_affine (x, &access->index[i], &sub);
      poly_from_sum (&stride, &a->stride[access->rank - 2 - i]);
      poly_multiply (&term, &sub, &stride);
      poly_add (p, &term, 1);
    }
  return 1;
}

/* ---- subscripts as functions of the point ---------------------------- */

void
poly_split_columns (const struct poly *p,
                    int (*column) (int atom, const void *data),
                    const void *data, struct subscript *s)
{
  memset (s, 0, sizeof *s);
  s->comparable = !p->unknown;
  for (int i = 0; i < p->n && s->comparable; i++)
    {
      struct monomial m = p->m[i];
      int col = -1, vars = 0;
      for (int j = 0; j < m.degree; j++)
        {
          int at = column (m.atoms[j], data);
          if (at < 0 && ATOM_KIND (m.atoms[j]) != ATOM_SCALAR)
            s->comparable = 0;
          if (at < 0)
            continue;
          vars++;
          col = at;
          /* Drop the variable from the monomial.  */
          memmove (&m.atoms[j], &m.atoms[j + 1],
                   (m.degree - j - 1) * sizeof (int));
          m.degree--;
          j--;
        }
      if (vars > 1)
        s->comparable = 0;
      else if (s->comparable)
        poly_add_monomial (col < 0 ? &s->rest : &s->coeff[col], &m, 1);
    }
}

/* The column of a parallel loop variable's atom, else -1.  */
static int
iv_column (int atom, const void *data)
{
  (void) data;
  return ATOM_KIND (atom) == ATOM_IV ? ATOM_INDEX (atom) : -1;
}

void
poly_split_subscript (const struct poly *p, struct subscript *s)
{
  poly_split_columns (p, iv_column, NULL, s);
}

/* ---- values at a statement ------------------------------------------- */

static int
has_atom (const struct poly *p, int atom)
{
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < p->m[i].degree; j++)
      if (p->m[i].atoms[j] == atom)
        return 1;
  return 0;
}

/* Whether statement AT of B is preceded, after statement FROM, by an
   assignment to LOCAL.  */
static int
assigned_between (const struct kir_block *b, int from, int at, int local)
{
  for (int i = from + 1; i < at; i++)
    if (kir_stmt_writes (&b->stmts[i], local))
      return 1;
  return 0;
}

/* Whether local T, as statement AT of block B reads it, holds what its
   expansion says with LOCAL's value there (poly_reads_current).  */
static int
local_current (const struct expander *x, const struct kir_block *b, int at,
               int t, int local, int depth)
{
  if (t == local || x->ndefs[t] != 1)
    return 1;
  const struct kir_stmt *def = x->def[t];
  if (x->state[t] != 2 || depth > 32)
    return 0;
  if (!has_atom (&x->value[t], ATOM (ATOM_OPAQUE, local)))
    return 1;
  int i = -1;
  for (int j = 0; j < at && i < 0; j++)
    if (&b->stmts[j] == def)
      i = j;
  if (i < 0 || assigned_between (b, i, at, local))
    return 0;
  for (int j = 0; j < def->nargs; j++)
    if (def->args[j].kind == KIR_OPND_LOCAL
        && !local_current (x, b, at, def->args[j].index, local, depth + 1))
      return 0;
  return 1;
}

int
poly_reads_current (const struct expander *x, const struct kir_block *b,
                    int at, const struct kir_affine *f, int local)
{
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].var.kind == KIR_OPND_LOCAL
        && !local_current (x, b, at, f->terms[t].var.index, local, 0))
      return 0;
  return 1;
}
