/* edge-fold.c -- a kernel's conditions on its loop variables folded for
   the blocks away from the domain's edges (edge-fold.h).  */

#include "edge-fold.h"
#include "delinearize.h"
#include "kir-edit.h"
#include "kir-type.h"
#include "xalloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Where a value is read: statement POS of block BLOCK.  */
struct place
{
  int block, pos;
};

/* How many statements assign each local, and the last that does, at
   AT (struct place).  */
struct defs
{
  int *count;
  const struct kir_stmt **def;
  struct place *at;
};

static void
count_defs (const struct kir_kernel *k, struct defs *d)
{
  memset (d->count, 0, (size_t) k->nlocals * sizeof *d->count);
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->dst >= 0)
          {
            d->count[s->dst]++;
            d->def[s->dst] = s;
            d->at[s->dst] = (struct place) { b, i };
          }
      }
}

/* ---- values: sums of loop variables, scalars and a constant ----------- */

static bool
same_var (const struct kir_operand *a, const struct kir_operand *b)
{
  return a->kind == b->kind && a->index == b->index;
}

/* F += COEFF * VAR; false where F would have too many terms.  */
static bool
add_term (struct kir_affine *f, struct kir_operand var, long long coeff)
{
  for (int t = 0; t < f->nterms; t++)
    if (same_var (&f->terms[t].var, &var))
      {
        if (__builtin_add_overflow (f->terms[t].coeff, coeff,
                                    &f->terms[t].coeff))
          return false;
        if (f->terms[t].coeff == 0)
          f->terms[t] = f->terms[--f->nterms];
        return true;
      }
  if (coeff == 0)
    return true;
  if (f->nterms == KIR_MAX_TERMS)
    return false;
  f->terms[f->nterms].var = var;
  f->terms[f->nterms++].coeff = coeff;
  return true;
}

/* F += SCALE * G.  */
static bool
add_scaled (struct kir_affine *f, const struct kir_affine *g, long long scale)
{
  long long c;
  if (__builtin_mul_overflow (g->constant, scale, &c)
      || __builtin_add_overflow (f->constant, c, &f->constant))
    return false;
  for (int t = 0; t < g->nterms; t++)
    if (__builtin_mul_overflow (g->terms[t].coeff, scale, &c)
        || !add_term (f, g->terms[t].var, c))
      return false;
  return true;
}

/* The types whose arithmetic a value follows: signed, or 64 bits wide,
   where it is the same modulo 2^64 as a subscript's, or 32-bit unsigned,
   the same modulo 2^32, where a fold that reads such a value (a
   comparison, a remainder, a subscript) checks that its exact value
   lies in 0 .. 2^32 - 1 (add_range_check).  */
static bool
followed_type (enum kir_type t)
{
  return t == KIR_I32 || t == KIR_I64 || t == KIR_U64 || t == KIR_U32;
}

static enum kir_type
operand_type (const struct kir_kernel *k, const struct kir_operand *o)
{
  if (o->kind == KIR_OPND_LOCAL)
    return k->locals[o->index].type;
  if (o->kind == KIR_OPND_SCALAR)
    return k->scalars[o->index].type;
  return o->type;
}

/* V as a value of type T; a 32-bit unsigned one as its representative
   modulo 2^32 nearest 0 (x + 4294967295u is x - 1: a range check ties
   the sum to the value, add_range_check).  */
static long long
value_in_type (long long v, enum kir_type t)
{
  switch (t)
    {
    case KIR_BOOL: return v != 0;
    case KIR_I8: return (signed char) v;
    case KIR_U8: return (unsigned char) v;
    case KIR_I16: return (short) v;
    case KIR_U16: return (unsigned short) v;
    case KIR_I32:
    case KIR_U32: return (int) v;
    default: return v;
    }
}

/* An integer constant's value in its type.  */
static long long
constant_value (const struct kir_operand *o)
{
  return value_in_type (o->ival, o->type);
}

static bool def_value (const struct kir_kernel *k, const struct defs *d,
                       const struct kir_stmt *s, struct place at,
                       struct kir_affine *v, struct edge_fold *ranges,
                       int depth);
static bool add_range_check (const struct kir_kernel *k, int line,
                             const struct kir_affine *v, long long lo,
                             long long hi, struct edge_fold *f);

/* The only block that goes to block B, or -1.  */
static int
only_predecessor (const struct kir_kernel *k, int b)
{
  int from = -1;
  for (int p = 0; p < k->nblocks; p++)
    for (int i = 0; i < kir_successor_count (&k->blocks[p]); i++)
      if (k->blocks[p].succ[i] == b)
        {
          if (from >= 0)
            return -1;
          from = p;
        }
  return from;
}

/* The statement that assigns LOCAL last before AT, in AT's block or the
   blocks that alone lead to it, or NULL; where it finds one, AT becomes
   its place.  */
static const struct kir_stmt *
def_before (const struct kir_kernel *k, int local, struct place *at)
{
  struct place p = *at;
  for (int steps = 0; steps < k->nblocks && p.block > 0; steps++)
    {
      const struct kir_block *b = &k->blocks[p.block];
      for (int i = p.pos - 1; i >= 0; i--)
        if (b->stmts[i].dst == local)
          {
            at->block = p.block;
            at->pos = i;
            return &b->stmts[i];
          }
      p.block = only_predecessor (k, p.block);
      if (p.block < 0)
        return NULL;
      p.pos = k->blocks[p.block].nstmts;
    }
  for (int i = p.pos - 1; p.block == 0 && i >= 0; i--)
    if (k->blocks[0].stmts[i].dst == local)
      {
        at->block = 0;
        at->pos = i;
        return &k->blocks[0].stmts[i];
      }
  return NULL;
}

/* The value of O read at AT as a sum over the parallel loop variables
   and the scalars, into V: where O is one, a constant, or a local that
   an earlier statement of AT's block, or else the only statement that
   assigns it, assigns from such values.  The range checks that make
   its conversions exact go to RANGES; without RANGES, only constants
   convert.  */
static bool
value_of (const struct kir_kernel *k, const struct defs *d,
          const struct kir_operand *o, struct place at, struct kir_affine *v,
          struct edge_fold *ranges, int depth)
{
  memset (v, 0, sizeof *v);
  switch (o->kind)
    {
    case KIR_OPND_INT:
      v->constant = constant_value (o);
      return true;
    case KIR_OPND_SCALAR:
      return followed_type (k->scalars[o->index].type)
             && add_term (v, kir_scalar (k, o->index), 1);
    case KIR_OPND_LOCAL:
      if (kir_dim_of_iv (k, o->index) >= 0)
        return add_term (v, kir_local (k, o->index), 1);
      if (depth >= 24)
        return false;
      if (def_before (k, o->index, &at))
        return def_value (k, d, &k->blocks[at.block].stmts[at.pos], at, v,
                          ranges, depth + 1);
      return d->count[o->index] == 1
             && def_value (k, d, d->def[o->index], d->at[o->index], v,
                           ranges, depth + 1);
    default:
      return false;
    }
}

/* V = A / C, where positive C divides A's constant and every
   coefficient: the quotient is then exact in any signed type.  */
static bool
divide_exactly (const struct kir_affine *a, long long c, struct kir_affine *v)
{
  if (c <= 0 || a->constant % c != 0)
    return false;
  *v = *a;
  v->constant /= c;
  for (int t = 0; t < v->nterms; t++)
    {
      if (v->terms[t].coeff % c != 0)
        return false;
      v->terms[t].coeff /= c;
    }
  return true;
}

/* Whether V is a constant.  */
static bool
constant_p (const struct kir_affine *v)
{
  return v->nterms == 0;
}

/* The range in which a value of type FROM converted to type TO is its
   representative, into LO and HI; false where every value is
   (followed_type: a 32-bit unsigned value is followed modulo 2^32, the
   others exactly).  */
static bool
conversion_range (enum kir_type from, enum kir_type to, long long *lo,
                  long long *hi)
{
  if (to == KIR_I32 && from != KIR_I32)
    {
      *lo = INT_MIN;
      *hi = INT_MAX;
      return true;
    }
  if (from == KIR_U32 && to != KIR_U32)
    {
      *lo = 0;
      *hi = UINT_MAX;
      return true;
    }
  return false;
}

/* The value that S assigns, as value_of.  Booleans only as constants.  */
static bool
def_value (const struct kir_kernel *k, const struct defs *d,
           const struct kir_stmt *s, struct place at, struct kir_affine *v,
           struct edge_fold *ranges, int depth)
{
  struct kir_affine a, b;
  enum kir_type t = k->locals[s->dst].type, from;
  long long lo, hi;
  if (s->kind != KIR_ASSIGN || (t != KIR_BOOL && !followed_type (t)))
    return false;
  switch (s->op)
    {
    case KIR_MOV:
    case KIR_CVT:
      if (!value_of (k, d, &s->args[0], at, v, ranges, depth))
        return false;
      from = operand_type (k, &s->args[0]);
      if (constant_p (v))
        {
          /* A 32-bit unsigned constant's value is its representative's
             residue.  */
          long long c = from == KIR_U32 ? (unsigned) v->constant
                                        : v->constant;
          v->constant = value_in_type (c, t);
          return true;
        }
      if (t == KIR_BOOL || !followed_type (from))
        return false;
      return !conversion_range (from, t, &lo, &hi)
             || (ranges && add_range_check (k, s->line, v, lo, hi, ranges));
    case KIR_SELECT:
      if (!value_of (k, d, &s->args[0], at, &a, ranges, depth)
          || !constant_p (&a))
        return false;
      return value_of (k, d, &s->args[a.constant ? 1 : 2], at, v, ranges,
                       depth);
    case KIR_NEG:
      return value_of (k, d, &s->args[0], at, &a, ranges, depth)
             && (t != KIR_BOOL || constant_p (&a)) && add_scaled (v, &a, -1);
    case KIR_ADD:
    case KIR_SUB:
      memset (v, 0, sizeof *v);
      return value_of (k, d, &s->args[0], at, &a, ranges, depth)
             && value_of (k, d, &s->args[1], at, &b, ranges, depth)
             && add_scaled (v, &a, 1)
             && add_scaled (v, &b, s->op == KIR_ADD ? 1 : -1)
             && (t != KIR_BOOL || constant_p (v));
    case KIR_MUL:
      memset (v, 0, sizeof *v);
      if (!value_of (k, d, &s->args[0], at, &a, ranges, depth)
          || !value_of (k, d, &s->args[1], at, &b, ranges, depth))
        return false;
      if (constant_p (&b))
        return add_scaled (v, &a, b.constant);
      return constant_p (&a) && add_scaled (v, &b, a.constant);
    case KIR_DIV:
      /* A byte offset back to elements: GCC writes p[c ? i - 1 : n - 1]
         through a pointer as p[(c ? (i - 1) * 8 : (n - 1) * 8) / 8].  */
      return (t == KIR_I32 || t == KIR_I64)
             && value_of (k, d, &s->args[0], at, &a, ranges, depth)
             && value_of (k, d, &s->args[1], at, &b, ranges, depth)
             && constant_p (&b) && divide_exactly (&a, b.constant, v);
    default:
      return false;
    }
}

/* Whether V has a term of a parallel loop variable.  */
static bool
has_variable (const struct kir_kernel *k, const struct kir_affine *v)
{
  for (int t = 0; t < v->nterms; t++)
    if (v->terms[t].var.kind == KIR_OPND_LOCAL
        && kir_dim_of_iv (k, v->terms[t].var.index) >= 0)
      return true;
  return false;
}

/* Splits V into COEFF times the variable of parallel dimension DIM plus
   REST: V has one term of such a variable and its others are scalars.  */
static bool
split_variable (const struct kir_kernel *k, const struct kir_affine *v,
                int *dim, long long *coeff, struct kir_affine *rest)
{
  *dim = -1;
  memset (rest, 0, sizeof *rest);
  rest->constant = v->constant;
  for (int t = 0; t < v->nterms; t++)
    {
      const struct kir_term *term = &v->terms[t];
      if (term->var.kind == KIR_OPND_SCALAR)
        rest->terms[rest->nterms++] = *term;
      else if (*dim >= 0)
        return false;
      else
        {
          *dim = kir_dim_of_iv (k, term->var.index);
          *coeff = term->coeff;
        }
    }
  return *dim >= 0;
}

/* The sign of COEFF * x + REST in most of the domain, x the variable of
   K's dimension DIM: where REST is a constant, x's side of it (the domain
   lies beyond a threshold near its start, or, where the loop's count is
   a constant and the threshold lies past its half, before one near its
   end: a loop from 0 to a #define'd NX, clamped to NX - 1); else the
   side of REST's scalars where they agree, the extents they give lying
   beyond the variable's values; 0 where neither tells.  */
static int
usual_sign (const struct kir_kernel *k, int dim, long long coeff,
            const struct kir_affine *rest)
{
  int sign = 0;
  if (rest->nterms == 0)
    {
      long long count = k->dims[dim].count * k->dims[dim].step;
      long long threshold = -rest->constant / coeff;
      bool near_end = count > 0 && threshold > count / 2;
      return (coeff > 0) != near_end ? 1 : -1;
    }
  for (int t = 0; t < rest->nterms; t++)
    {
      int s = rest->terms[t].coeff > 0 ? 1 : -1;
      if (sign && s != sign)
        return 0;
      sign = s;
    }
  return sign;
}

static bool
same_affine (const struct kir_affine *a, const struct kir_affine *b)
{
  return a->constant == b->constant && kir_affine_same_terms (a, b);
}

static bool
same_check (const struct edge_check *a, const struct edge_check *b)
{
  return a->kind == b->kind && a->dim == b->dim && a->coeff == b->coeff
         && same_affine (&a->rest, &b->rest) && a->op == b->op
         && a->value == b->value && same_affine (&a->divisor, &b->divisor)
         && a->quotient == b->quotient && a->lo == b->lo && a->hi == b->hi;
}

/* Adds C to F's checks unless it has it; false where they are full.  */
static bool
add_check (struct edge_fold *f, const struct edge_check *c)
{
  for (int i = 0; i < f->nchecks; i++)
    if (same_check (&f->checks[i], c))
      return true;
  if (f->nchecks == EDGE_MAX_CHECKS)
    return false;
  f->checks[f->nchecks++] = *c;
  return true;
}

/* Adds to F the check that V, the representative of a value followed
   modulo 2^32 or 2^64 that the statement at LINE reads or converts, lies
   in LO .. HI over a thread's points, where it is that value; false
   where V has more than one loop variable.  */
static bool
add_range_check (const struct kir_kernel *k, int line,
                 const struct kir_affine *v, long long lo, long long hi,
                 struct edge_fold *f)
{
  struct edge_check c = { 0 };
  c.kind = EDGE_RANGE;
  c.lo = lo;
  c.hi = hi;
  c.line = line;
  if (!has_variable (k, v))
    c.rest = *v;
  else if (!split_variable (k, v, &c.dim, &c.coeff, &c.rest))
    return false;
  return add_check (f, &c);
}

/* Adds FROM's checks to F; false where they are full.  */
static bool
add_checks (struct edge_fold *f, const struct edge_fold *from)
{
  for (int i = 0; i < from->nchecks; i++)
    if (!add_check (f, &from->checks[i]))
      return false;
  return true;
}

/* Adds to RANGES the checks that values V[0 .. N) of unsigned type T,
   which a fold of the statement at LINE reads, are their exact values
   (a 64-bit one where its representative is not negative); true where
   T is signed.  */
static bool
add_unsigned_checks (const struct kir_kernel *k, int line, enum kir_type t,
                     const struct kir_affine *v, int n,
                     struct edge_fold *ranges)
{
  if (kir_type_is_signed (t))
    return true;
  for (int i = 0; i < n; i++)
    if (!add_range_check (k, line, &v[i], 0,
                          t == KIR_U32 ? UINT_MAX : LLONG_MAX, ranges))
      return false;
  return true;
}

/* ---- the folds ---------------------------------------------------------- */

static bool
comparison_p (enum kir_opcode op)
{
  return op >= KIR_LT && op <= KIR_NE;
}

/* S, a comparison of a loop variable's multiple with scalars, as the
   constant it is in most of the domain.  */
static bool
fold_comparison (struct kir_kernel *k, const struct defs *d,
                 struct kir_stmt *s, struct place at, struct edge_fold *f)
{
  struct kir_affine a, b, v = { 0 };
  struct edge_check c = { 0 };
  struct edge_fold ranges;
  ranges.nchecks = 0;
  bool ordered = s->op != KIR_EQ && s->op != KIR_NE;
  if (!value_of (k, d, &s->args[0], at, &a, &ranges, 0)
      || !value_of (k, d, &s->args[1], at, &b, &ranges, 0)
      || !add_scaled (&v, &a, 1)
      || !add_scaled (&v, &b, -1)
      || !split_variable (k, &v, &c.dim, &c.coeff, &c.rest))
    return false;
  /* Unsigned operands compare as their exact values where those are
     their representatives (add_unsigned_checks); 32-bit ones are followed
     modulo 2^32 and checked for equality too.  */
  enum kir_type t = operand_type (k, &s->args[0]),
                t1 = operand_type (k, &s->args[1]);
  bool checked = t == KIR_U32;
  if (ordered && !checked
      && (!kir_type_is_signed (t) || !kir_type_is_signed (t1)))
    {
      if (t != KIR_U64 || t1 != KIR_U64)
        return false;
      checked = true;
    }
  int value;
  if (!ordered)
    {
      c.kind = EDGE_NONZERO;
      value = s->op == KIR_NE;
    }
  else
    {
      int sign = usual_sign (k, c.dim, c.coeff, &c.rest);
      if (sign == 0)
        return false;
      c.kind = EDGE_SAME;
      c.op = s->op;
      value = sign > 0 ? s->op == KIR_GT || s->op == KIR_GE
                       : s->op == KIR_LT || s->op == KIR_LE;
      c.value = value;
    }
  c.line = s->line;
  struct kir_affine operands[2] = { a, b };
  if ((checked
       && !add_unsigned_checks (k, s->line, t, operands, 2, &ranges))
      || !add_checks (f, &ranges) || !add_check (f, &c))
    return false;
  kir_set_copy (k, s, s->dst, kir_int (KIR_BOOL, value));
  return true;
}

/* S, a remainder (x + rest) % divisor of followed values (followed_type;
   32-bit unsigned ones with their range checks), as
   x + rest - q * divisor with the quotient q it has in most of the
   domain: where the divisor is a scalar, its multiple in REST
   ((x + n - 1) % n: x - 1); where it is a constant, REST's nearest
   multiple of it.  */
static bool
fold_remainder (struct kir_kernel *k, const struct defs *d,
                struct kir_stmt *s, struct place at, struct edge_fold *f)
{
  struct kir_affine a;
  struct edge_check c = { 0 };
  struct edge_fold ranges;
  ranges.nchecks = 0;
  enum kir_type t = k->locals[s->dst].type;
  if (!followed_type (t)
      || !value_of (k, d, &s->args[0], at, &a, &ranges, 0)
      || !value_of (k, d, &s->args[1], at, &c.divisor, &ranges, 0)
      || !split_variable (k, &a, &c.dim, &c.coeff, &c.rest))
    return false;
  const struct kir_affine *div = &c.divisor;
  if (constant_p (div))
    {
      if (div->constant <= 0 || c.rest.constant > LLONG_MAX - div->constant)
        return false;
      c.quotient = (c.rest.constant + div->constant / 2) / div->constant;
    }
  else if (div->nterms == 1 && div->constant == 0
           && div->terms[0].coeff == 1)
    {
      for (int i = 0; i < c.rest.nterms; i++)
        if (same_var (&c.rest.terms[i].var, &div->terms[0].var))
          c.quotient = c.rest.terms[i].coeff;
    }
  else
    return false;
  /* C's remainder of a negative dividend is not the floored one (the
     check keeps the dividend at or above 0).  */
  if (c.quotient < 0 || (c.quotient > 1 && !constant_p (div)))
    return false;
  c.kind = EDGE_QUOTIENT;
  c.line = s->line;
  struct kir_affine operands[2] = { a, *div };
  if ((t == KIR_U32
       && !add_unsigned_checks (k, s->line, t, operands, 2, &ranges))
      || !add_checks (f, &ranges) || !add_check (f, &c))
    return false;
  if (c.quotient == 0)
    kir_set_copy (k, s, s->dst, s->args[0]);
  else if (constant_p (div))
    {
      s->op = KIR_ADD;
      s->args[1] = kir_int (t, -c.quotient * div->constant);
    }
  else
    s->op = KIR_SUB;
  return true;
}

/* Where V, of S, is a loop variable's multiple plus scalars whose side
   of 0 in most of the domain (usual_sign) is SIGN (1: V >= 0, -1: V <= 0;
   0: either), adds to F the check that it keeps that side over a
   thread's points and returns the side; else 0.  */
static int
add_sign_check (const struct kir_kernel *k, const struct kir_stmt *s,
                const struct kir_affine *v, int sign, struct edge_fold *f)
{
  struct edge_check c = { 0 };
  if (!split_variable (k, v, &c.dim, &c.coeff, &c.rest))
    return 0;
  int usual = usual_sign (k, c.dim, c.coeff, &c.rest);
  if (usual == 0 || (sign != 0 && usual != sign))
    return 0;
  c.kind = EDGE_SAME;
  c.op = usual > 0 ? KIR_GE : KIR_LE;
  c.value = 1;
  c.line = s->line;
  return add_check (f, &c) ? usual : 0;
}

/* Whether S's operands I are values that a minimum, a maximum or an
   absolute value compares as their exact values, into V[I], the range
   checks of their conversions and, where they are unsigned, of their
   exact values into RANGES.  */
static bool
exact_operands (const struct kir_kernel *k, const struct defs *d,
                const struct kir_stmt *s, struct place at,
                struct kir_affine *v, struct edge_fold *ranges)
{
  enum kir_type t = k->locals[s->dst].type;
  if (!followed_type (t))
    return false;
  for (int i = 0; i < s->nargs; i++)
    if (!value_of (k, d, &s->args[i], at, &v[i], ranges, 0))
      return false;
  return add_unsigned_checks (k, s->line, t, v, s->nargs, ranges);
}

/* S, the larger or the smaller (KIR_MAX, KIR_MIN) of a loop variable's
   multiple plus scalars and a value without loop variables, as the one it
   is in most of the domain: a wall whose neighbours clamp to it, min (x +
   1, n - 1) (GCC writes x > 0 ? x - 1 : 0 as max (x, 1) - 1).  */
static bool
fold_extremum (struct kir_kernel *k, const struct defs *d,
               struct kir_stmt *s, struct place at, struct edge_fold *f)
{
  struct kir_affine a[KIR_MAX_ARGS], v = { 0 };
  struct edge_fold ranges;
  ranges.nchecks = 0;
  if (!exact_operands (k, d, s, at, a, &ranges))
    return false;
  bool first = has_variable (k, &a[0]);
  if (first == has_variable (k, &a[1]))
    return false;
  int kept = first ? 0 : 1;
  if (!add_scaled (&v, &a[kept], 1) || !add_scaled (&v, &a[1 - kept], -1)
      || !add_sign_check (k, s, &v, s->op == KIR_MAX ? 1 : -1, f)
      || !add_checks (f, &ranges))
    return false;
  kir_set_copy (k, s, s->dst, s->args[kept]);
  return true;
}

/* S, the absolute value of a loop variable's multiple plus scalars, as
   that value or its negation, whichever it is in most of the domain: a
   wall that reflects, abs (x - 1).  */
static bool
fold_absolute (struct kir_kernel *k, const struct defs *d,
               struct kir_stmt *s, struct place at, struct edge_fold *f)
{
  struct kir_affine v[KIR_MAX_ARGS];
  struct edge_fold ranges;
  ranges.nchecks = 0;
  if (!exact_operands (k, d, s, at, v, &ranges))
    return false;
  int sign = add_sign_check (k, s, &v[0], 0, f);
  if (sign == 0 || !add_checks (f, &ranges))
    return false;
  if (sign > 0)
    kir_set_copy (k, s, s->dst, s->args[0]);
  else
    s->op = KIR_NEG;
  return true;
}

/* S, an operation whose operands are constants here (a condition's
   combination, a choice), as its value.  */
static bool
fold_constant (struct kir_kernel *k, const struct defs *d, struct kir_stmt *s,
               struct place at)
{
  struct kir_affine v[KIR_MAX_ARGS];
  if (s->kind != KIR_ASSIGN || s->dst < 0 || s->nargs < 1
      || s->op == KIR_MOV || s->op == KIR_CVT)
    return false;
  for (int i = 0; i < s->nargs; i++)
    if (!value_of (k, d, &s->args[i], at, &v[i], NULL, 0)
        || !constant_p (&v[i]))
      return false;
  long long a = v[0].constant, b = s->nargs > 1 ? v[1].constant : 0, r;
  switch (s->op)
    {
    case KIR_NOT: r = !a; break;
    case KIR_LAND: r = a && b; break;
    case KIR_LOR: r = a || b; break;
    case KIR_AND: r = a & b; break;
    case KIR_OR: r = a | b; break;
    case KIR_XOR: r = a ^ b; break;
    case KIR_EQ: r = a == b; break;
    case KIR_NE: r = a != b; break;
    default: return false;
    }
  if (k->locals[s->dst].type != KIR_BOOL)
    return false;
  kir_set_copy (k, s, s->dst, kir_int (KIR_BOOL, r != 0));
  return true;
}

/* S, a choice by a constant condition, as the copy of its choice.  */
static bool
fold_select (struct kir_kernel *k, const struct defs *d, struct kir_stmt *s,
             struct place at)
{
  struct kir_affine c;
  if (s->kind != KIR_ASSIGN || s->op != KIR_SELECT
      || !value_of (k, d, &s->args[0], at, &c, NULL, 0) || !constant_p (&c))
    return false;
  kir_set_copy (k, s, s->dst, s->args[c.constant ? 1 : 2]);
  return true;
}

/* One pass of the folds over K's statements.  */
static bool
fold_statements (struct kir_kernel *k, const struct defs *d,
                 struct edge_fold *f)
{
  bool changed = false;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        struct place at = { b, i };
        if (s->kind != KIR_ASSIGN || s->dst < 0)
          continue;
        if (comparison_p (s->op) && k->locals[s->dst].type == KIR_BOOL
            && operand_type (k, &s->args[0]) != KIR_BOOL)
          changed |= fold_comparison (k, d, s, at, f);
        else if (s->op == KIR_MOD)
          changed |= fold_remainder (k, d, s, at, f);
        else if (s->op == KIR_MIN || s->op == KIR_MAX)
          changed |= fold_extremum (k, d, s, at, f);
        else if (s->op == KIR_ABS)
          changed |= fold_absolute (k, d, s, at, f);
        else if (s->op == KIR_SELECT)
          changed |= fold_select (k, d, s, at);
        else
          changed |= fold_constant (k, d, s, at);
      }
  return changed;
}

/* Branches on a constant condition as gotos.  */
static bool
fold_branches (struct kir_kernel *k, const struct defs *d)
{
  bool changed = false;
  for (int b = 0; b < k->nblocks; b++)
    {
      struct kir_block *bl = &k->blocks[b];
      struct place at = { b, bl->nstmts };
      struct kir_affine c;
      if (bl->term != KIR_BRANCH
          || !value_of (k, d, &bl->cond, at, &c, NULL, 0) || !constant_p (&c))
        continue;
      kir_set_goto (k, b, bl->succ[c.constant ? 0 : 1]);
      changed = true;
    }
  return changed;
}

/* In every subscript, the locals whose values are sums of loop
   variables and scalars as those sums (with the range checks of a 32-bit
   unsigned one and of their conversions into F).  */
static void
substitute_subscripts (struct kir_kernel *k, const struct defs *d,
                       struct edge_fold *f)
{
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        struct place at = { b, i };
        if (s->kind != KIR_LOAD && s->kind != KIR_STORE)
          continue;
        for (int r = 0; r < s->access.rank; r++)
          {
            const struct kir_affine *index = &s->access.index[r];
            struct kir_affine g = { index->constant, 0, { { { 0 }, 0 } } };
            struct edge_fold ranges;
            ranges.nchecks = 0;
            bool ok = true;
            for (int t = 0; t < index->nterms && ok; t++)
              {
                const struct kir_term *term = &index->terms[t];
                struct kir_affine v;
                int kept = ranges.nchecks;
                if (term->var.kind == KIR_OPND_LOCAL
                    && kir_dim_of_iv (k, term->var.index) < 0
                    && value_of (k, d, &term->var, at, &v, &ranges, 0))
                  ok = (k->locals[term->var.index].type != KIR_U32
                        || add_unsigned_checks (k, s->line, KIR_U32, &v, 1,
                                                &ranges))
                       && add_scaled (&g, &v, term->coeff);
                else
                  {
                    /* The local stays: none of its checks.  */
                    ranges.nchecks = kept;
                    ok = add_term (&g, term->var, term->coeff);
                  }
              }
            if (ok && add_checks (f, &ranges))
              s->access.index[r] = g;
          }
      }
}

bool
edge_fold_kernel (const struct kir_kernel *k, struct edge_fold *f)
{
  memset (f, 0, sizeof *f);
  if (k->nprivates > 0 || k->nblocks < 1)
    return false;
  struct kir_kernel *in = kir_kernel_clone (k);
  struct defs d;
  d.count = mint_xmalloc ((size_t) (k->nlocals + 1) * sizeof *d.count);
  d.def = mint_xmalloc ((size_t) (k->nlocals + 1) * sizeof *d.def);
  d.at = mint_xmalloc ((size_t) (k->nlocals + 1) * sizeof *d.at);
  bool changed = true;
  for (int round = 0; changed && round < 8; round++)
    {
      count_defs (in, &d);
      changed = fold_statements (in, &d, f);
      changed |= fold_branches (in, &d);
      changed |= kir_drop_unreachable_blocks (in);
    }
  if (f->nchecks > 0)
    {
      count_defs (in, &d);
      substitute_subscripts (in, &d, f);
      kir_drop_dead_assignments (in);
      delinearize_kernel (in);
      f->inside = in;
    }
  else
    kir_kernel_free (in);
  free (d.count);
  free (d.def);
  free (d.at);
  return f->inside != NULL;
}

void
edge_fold_free (struct edge_fold *f)
{
  kir_kernel_free (f->inside);
  memset (f, 0, sizeof *f);
}
