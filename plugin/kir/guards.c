/* guards.c -- the bounds the body's conditions put on the parallel loop
   variables in each block (guards.h).

   A forward pass over the body's graph: each edge of a branch on a
   comparison of a loop variable with a constant or an integer scalar
   (plus a constant) adds that comparison, or its negation, to what holds
   before it; where paths meet, what holds on all of them.  The loop
   variables keep their values through the body, so what held on the way
   into a loop of the body holds on its back edges too.  */

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "guards.h"
#include "kir-type.h"
#include "xalloc.h"

/* Definitions deeper than this are not followed (and a local computed
   from itself not at all).  */
#define GUARD_MAX_DEPTH 16

/* An integer value: COEFF_IV times parallel dimension IV's variable
   (IV >= 0) plus COEFF_SCALAR times scalar SCALAR (SCALAR >= 0) plus
   CONSTANT; where WRAP is not 0, that sum modulo 2^WRAP (with a loop
   variable, the variable of a type of at most WRAP bits plus a
   constant).  */
struct linear_value
{
  int iv, scalar, wrap;
  long long coeff_iv, coeff_scalar, constant;
};

/* Constants beyond this are not followed: the sums stay exact.  */
#define GUARD_MAX_CONSTANT (1LL << 40)

/* Whether converting a value of type FROM to TO keeps every value.  */
static bool
keeps_value (enum kir_type from, enum kir_type to)
{
  if (!kir_type_is_integer (from) || !kir_type_is_integer (to))
    return false;
  if (kir_type_is_signed (from) == kir_type_is_signed (to))
    return kir_type_size (to) >= kir_type_size (from);
  return !kir_type_is_signed (from) && kir_type_size (to) > kir_type_size (from);
}

/* *R = A + FACTOR * B; false where the sum has two variables or two
   scalars, or grows too large.  */
static bool
add_value (struct linear_value *r, const struct linear_value *a,
           const struct linear_value *b, long long factor)
{
  *r = *a;
  if (b->iv >= 0)
    {
      if (r->iv >= 0 && r->iv != b->iv)
        return false;
      r->iv = b->iv;
      r->coeff_iv += factor * b->coeff_iv;
    }
  if (b->scalar >= 0)
    {
      if (r->scalar >= 0 && r->scalar != b->scalar)
        return false;
      r->scalar = b->scalar;
      r->coeff_scalar += factor * b->coeff_scalar;
    }
  r->constant += factor * b->constant;
  return llabs (r->constant) <= GUARD_MAX_CONSTANT
         && llabs (r->coeff_iv) <= 1 && llabs (r->coeff_scalar) <= 1;
}

/* *R = A + FACTOR * B in unsigned arithmetic of BITS bits, modulo
   2^BITS, where neither holds a loop variable, or where A (or B, added)
   is a loop variable plus a constant and the other a constant; exact
   where that constant adds at least 0 to an exact value in 64 bits,
   which the launch's values (long long) never wrap.  */
static bool
unsigned_sum (struct linear_value *r, const struct linear_value *a,
              const struct linear_value *b, long long factor, int bits)
{
  if ((a->wrap && a->wrap != bits) || (b->wrap && b->wrap != bits))
    return false;
  if (a->iv < 0 && b->iv < 0)
    {
      if (!add_value (r, a, b, factor))
        return false;
      r->wrap = bits;
      return true;
    }
  const struct linear_value *with_iv = a->iv >= 0 ? a : b;
  const struct linear_value *added = a->iv >= 0 ? b : a;
  if ((with_iv != a && factor != 1) || with_iv->coeff_iv != 1
      || with_iv->scalar >= 0 || added->iv >= 0 || added->scalar >= 0
      || !add_value (r, a, b, factor))
    return false;
  bool exact = bits == 64 && !with_iv->wrap && !added->wrap
               && factor * added->constant >= 0;
  r->wrap = exact ? 0 : bits;
  return true;
}

/* The value of operand O into *V, where it is a loop variable, an integer
   scalar or constant, or a local computed from them by signed + and -,
   unsigned + and - (unsigned_sum), copies, conversions that keep every
   value and conversions to unsigned types of values without a loop
   variable (modulo 2^bits).  */
static bool
resolve (const struct expander *x, const struct kir_operand *o,
         int depth, struct linear_value *v)
{
  const struct kir_kernel *k = x->k;
  memset (v, 0, sizeof *v);
  v->iv = v->scalar = -1;
  if (!kir_type_is_integer (o->type) || depth > GUARD_MAX_DEPTH)
    return false;
  switch (o->kind)
    {
    case KIR_OPND_INT:
      /* An unsigned constant past the signed range comes sign-extended
         (GCC's int_cst_value): the same modulo 2^bits.  */
      v->constant = o->ival;
      if (o->ival < 0 && !kir_type_is_signed (o->type))
        v->wrap = 8 * (int) kir_type_size (o->type);
      return llabs (o->ival) <= GUARD_MAX_CONSTANT;
    case KIR_OPND_SCALAR:
      v->scalar = o->index;
      v->coeff_scalar = 1;
      return kir_type_is_integer (k->scalars[o->index].type);
    case KIR_OPND_LOCAL:
      break;
    default:
      return false;
    }
  int dim = kir_dim_of_iv (k, o->index);
  if (dim >= 0)
    {
      v->iv = dim;
      v->coeff_iv = 1;
      return x->ndefs[o->index] == 0;
    }
  const struct kir_stmt *s = x->def[o->index];
  if (x->ndefs[o->index] != 1 || s->kind != KIR_ASSIGN)
    return false;
  struct linear_value a, b;
  enum kir_type type = k->locals[s->dst].type;
  bool is_signed = kir_type_is_signed (type);
  int bits = 8 * (int) kir_type_size (type);
  switch (s->op)
    {
    case KIR_MOV:
      return resolve (x, &s->args[0], depth + 1, v);
    case KIR_CVT:
      if (!resolve (x, &s->args[0], depth + 1, v))
        return false;
      if (keeps_value (s->args[0].type, type))
        return true;
      if (is_signed
          || (v->iv >= 0 && (v->wrap || v->scalar >= 0
                             || kir_type_size (s->args[0].type)
                                > kir_type_size (type))))
        return false;
      v->wrap = v->wrap && v->wrap < bits ? v->wrap : bits;
      return true;
    case KIR_NEG:
      return is_signed && resolve (x, &s->args[0], depth + 1, &a)
             && a.wrap == 0 && add_value (v, v, &a, -1);
    case KIR_ADD:
    case KIR_SUB:
      if (!resolve (x, &s->args[0], depth + 1, &a)
          || !resolve (x, &s->args[1], depth + 1, &b))
        return false;
      if (!is_signed)
        return unsigned_sum (v, &a, &b, s->op == KIR_ADD ? 1 : -1, bits);
      return a.wrap == 0 && b.wrap == 0
             && add_value (v, &a, &b, s->op == KIR_ADD ? 1 : -1);
    default:
      return false;
    }
}

/* Whether bounds A and B are of one kind: the same op on the same scalar,
   wrapped alike.  */
static bool
same_kind (const struct guard_bound *a, const struct guard_bound *b)
{
  return a->op == b->op && a->scalar == b->scalar && a->wrap == b->wrap;
}

/* Whether of two bounds of B's kind the greater (at least) or the less
   (at most) value says more: not of `not', nor where the value wraps.  */
static bool
ordered (const struct guard_bound *b)
{
  return b->op != GUARD_NOT && b->wrap == 0;
}

/* Adds bound B on dimension DIM's variable to SETS: where one of the same
   kind is there, the stronger of the two (of unordered ones, both).  A
   set that is full stays as it is (it then says less than holds).  */
static void
add_bound (struct guard_set *sets, int dim, const struct guard_bound *b)
{
  struct guard_set *set = &sets[dim];
  for (int i = 0; i < set->n; i++)
    {
      struct guard_bound *o = &set->bound[i];
      if (!same_kind (o, b))
        continue;
      if (b->value == o->value)
        return;
      if (!ordered (b))
        continue;
      if ((b->op == GUARD_AT_LEAST) == (b->value > o->value))
        o->value = b->value;
      return;
    }
  if (set->n < GUARD_MAX_BOUNDS)
    set->bound[set->n++] = *b;
}

/* VALUE modulo 2^BITS into *VALUE: false where it is past a long long
   (no loop variable's value reaches it).  */
static bool
fold_wrap (long long *value, int bits)
{
  unsigned long long v = (unsigned long long) *value;
  if (bits < 64)
    v &= (1ULL << bits) - 1;
  *value = (long long) v;
  return v <= (unsigned long long) LLONG_MAX;
}

/* add_bound of B, a wrapped constant taken modulo 2^bits first (none
   where that is past a long long).  */
static void
add_folded_bound (struct guard_set *sets, int dim, const struct guard_bound *b)
{
  struct guard_bound folded = *b;
  if (folded.wrap && folded.scalar < 0)
    {
      if (!fold_wrap (&folded.value, folded.wrap))
        return;
      folded.wrap = 0;
    }
  add_bound (sets, dim, &folded);
}

/* Adds what the range test `(X - M) mod 2^W OP K' says of loop variable X
   to SETS, RANGE being its left side and K a constant (GCC folds `x >= m
   && x <= m + k' so, as `(unsigned) x - m <= k'): where M and K are at
   least 0 and M + K is below 2^(W-2), X lies from M to M + K under `<='
   (`<' K + 1), is M + K under `==', is not under `!=', since no other X
   of its type's range wraps into 0 to K.  `>' and `>=' say no bound.  */
static void
add_range_test (enum kir_opcode op, const struct linear_value *range,
                const struct linear_value *k, struct guard_set *sets)
{
  int bits = range->wrap;
  if (k->iv >= 0 || k->scalar >= 0 || (k->wrap && k->wrap != bits)
      || range->coeff_iv != 1 || range->scalar >= 0)
    return;
  unsigned long long mask = bits < 64 ? (1ULL << bits) - 1 : ~0ULL;
  unsigned long long limit = 1ULL << (bits - 2);
  unsigned long long m = -(unsigned long long) range->constant & mask;
  unsigned long long top = (unsigned long long) k->constant & mask;
  if (op == KIR_LT && top > 0)
    {
      op = KIR_LE;
      top--;
    }
  if (m >= limit || top >= limit - m)
    return;
  struct guard_bound at = { GUARD_AT_LEAST, -1, 0, (long long) (m + top) };
  switch (op)
    {
    case KIR_LE:
      at.value = (long long) m;
      add_bound (sets, range->iv, &at);
      at.op = GUARD_AT_MOST;
      at.value = (long long) (m + top);
      break;
    case KIR_EQ:
      add_bound (sets, range->iv, &at);
      at.op = GUARD_AT_MOST;
      break;
    case KIR_NE:
      at.op = GUARD_NOT;
      break;
    default:
      return;
    }
  add_bound (sets, range->iv, &at);
}

/* Adds what `A OP B' says to SETS, where it compares a loop variable with
   a scalar plus a constant or with a constant.  Where the scalar's side
   wraps, the bound does too, and the loop variable's side must be the
   variable alone: the bound's value then differs from what holds only
   where the sum it is compared with wraps (at most -1 becomes 2^bits - 1,
   at least 2^bits becomes 0), which says less.  */
static void
add_comparison (const struct expander *x, enum kir_opcode op,
                const struct kir_operand *a, const struct kir_operand *b,
                struct guard_set *sets)
{
  struct linear_value va, vb, diff;
  if (!resolve (x, a, 0, &va) || !resolve (x, b, 0, &vb))
    return;
  if (va.iv >= 0 && va.wrap)
    {
      add_range_test (op, &va, &vb, sets);
      return;
    }
  if (vb.iv >= 0 && vb.wrap)
    {
      add_range_test (kir_swapped_comparison (op), &vb, &va, sets);
      return;
    }
  if ((va.wrap && vb.wrap)
      || !add_value (&diff, &va, &vb, -1) || diff.iv < 0
      || diff.coeff_iv == 0)
    return;
  const struct linear_value *with_iv = va.iv >= 0 ? &va : &vb;
  int wrap = va.wrap | vb.wrap;
  if (wrap && with_iv->constant != 0)
    return;
  /* DIFF OP 0, as `iv OP' value'.  */
  if (diff.coeff_iv < 0)
    {
      op = kir_swapped_comparison (op);
      diff.coeff_scalar = -diff.coeff_scalar;
      diff.constant = -diff.constant;
    }
  if (diff.scalar >= 0 && diff.coeff_scalar == 1)
    return;
  struct guard_bound at = { GUARD_NOT,
                            diff.coeff_scalar ? diff.scalar : -1, wrap,
                            -diff.constant };
  switch (op)
    {
    case KIR_LT:
      at.value--;
      /* Fall through.  */
    case KIR_LE:
      at.op = GUARD_AT_MOST;
      break;
    case KIR_GT:
      at.value++;
      /* Fall through.  */
    case KIR_GE:
      at.op = GUARD_AT_LEAST;
      break;
    case KIR_EQ:
      at.op = GUARD_AT_MOST;
      add_folded_bound (sets, diff.iv, &at);
      at.op = GUARD_AT_LEAST;
      break;
    case KIR_NE:
      break;
    default:
      return;
    }
  add_folded_bound (sets, diff.iv, &at);
}

/* Adds what `O != 0' being TRUTH says to SETS: a comparison; where O is
   nonzero both operands of an `&&' or `&', where zero both of an `||' or
   `|'; through `!', `!= 0', `== 0', copies and conversions (those that
   keep zero and nonzero apart where O is zero).  */
static void
add_condition (const struct expander *x, const struct kir_operand *o,
               bool truth, int depth, struct guard_set *sets)
{
  const struct kir_stmt *s;
  if (o->kind != KIR_OPND_LOCAL || depth > GUARD_MAX_DEPTH
      || x->ndefs[o->index] != 1
      || (s = x->def[o->index])->kind != KIR_ASSIGN)
    return;
  enum kir_type type = x->k->locals[s->dst].type;
  switch (s->op)
    {
    case KIR_CVT:
      if (!truth && type != KIR_BOOL && s->args[0].type != KIR_BOOL
          && !keeps_value (s->args[0].type, type))
        return;
      /* Fall through.  */
    case KIR_MOV:
    case KIR_NOT:
      add_condition (x, &s->args[0], truth == (s->op != KIR_NOT), depth + 1,
                     sets);
      return;
    case KIR_LAND:
    case KIR_AND:
    case KIR_LOR:
    case KIR_OR:
      if (truth == (s->op == KIR_LAND || s->op == KIR_AND))
        for (int i = 0; i < 2; i++)
          add_condition (x, &s->args[i], truth, depth + 1, sets);
      return;
    case KIR_EQ:
    case KIR_NE:
      for (int i = 0; i < 2; i++)
        if (s->args[1 - i].kind == KIR_OPND_INT && s->args[1 - i].ival == 0)
          add_condition (x, &s->args[i], truth == (s->op == KIR_NE),
                         depth + 1, sets);
      /* Fall through.  */
    case KIR_LT: case KIR_LE: case KIR_GT: case KIR_GE:
      add_comparison (x, truth ? s->op : kir_negated_comparison (s->op),
                      &s->args[0], &s->args[1], sets);
      return;
    default:
      return;
    }
}

/* Whether set A holds bound B.  */
static bool
set_has (const struct guard_set *a, const struct guard_bound *b)
{
  for (int i = 0; i < a->n; i++)
    if (same_kind (&a->bound[i], b) && a->bound[i].value == b->value)
      return true;
  return false;
}

bool
guard_set_equal (const struct guard_set *a, const struct guard_set *b)
{
  if (a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++)
    if (!set_has (b, &a->bound[i]))
      return false;
  return true;
}

/* *TO = what holds at the points where *TO holds and at those where FROM
   does alike: of each bound of TO with one of the same kind and scalar
   in FROM, the weaker.  */
static void
meet (struct guard_set *to, const struct guard_set *from)
{
  int n = 0;
  for (int i = 0; i < to->n; i++)
    {
      struct guard_bound b = to->bound[i];
      bool kept = false;
      for (int j = 0; j < from->n && !kept; j++)
        {
          const struct guard_bound *f = &from->bound[j];
          if (!same_kind (f, &b))
            continue;
          if (b.op == GUARD_AT_LEAST && ordered (&b))
            b.value = f->value < b.value ? f->value : b.value;
          else if (b.op == GUARD_AT_MOST && ordered (&b))
            b.value = f->value > b.value ? f->value : b.value;
          kept = ordered (&b) || f->value == b.value;
        }
      if (kept)
        to->bound[n++] = b;
    }
  to->n = n;
}

/* Joins the bounds EDGE of an edge into TO's; whether they changed.  */
static bool
flow_into (struct block_guards *to, const struct guard_set *edge)
{
  if (!to->reached)
    {
      to->reached = true;
      memcpy (to->dim, edge, sizeof to->dim);
      return true;
    }
  bool changed = false;
  for (int dim = 0; dim < KIR_MAX_DIMS; dim++)
    {
      struct guard_set before = to->dim[dim];
      meet (&to->dim[dim], &edge[dim]);
      changed |= !guard_set_equal (&before, &to->dim[dim]);
    }
  return changed;
}

struct block_guards *
guards_analyze (const struct expander *x)
{
  const struct kir_kernel *k = x->k;
  struct block_guards *g = mint_xcalloc ((size_t) k->nblocks + 1, sizeof *g);
  int *work = mint_xmalloc (((size_t) k->nblocks + 1) * sizeof *work);
  char *queued = mint_xcalloc ((size_t) k->nblocks + 1, 1);
  int top = 0, steps = 0;

  if (k->nblocks > 0)
    {
      g[0].reached = true;
      work[top++] = 0;
      queued[0] = 1;
    }
  /* Each bound only weakens at a join, from a finite choice; the limit
     is a safety net.  */
  while (top > 0 && steps++ < 64 * k->nblocks)
    {
      int b = work[--top];
      const struct kir_block *blk = &k->blocks[b];
      queued[b] = 0;
      for (int e = 0; e < kir_successor_count (blk); e++)
        {
          struct guard_set edge[KIR_MAX_DIMS];
          memcpy (edge, g[b].dim, sizeof edge);
          if (blk->term == KIR_BRANCH && blk->succ[0] != blk->succ[1])
            add_condition (x, &blk->cond, e == 0, 0, edge);
          int to = blk->succ[e];
          if (flow_into (&g[to], edge) && !queued[to])
            {
              queued[to] = 1;
              work[top++] = to;
            }
        }
    }
  if (top > 0)
    for (int b = 0; b < k->nblocks; b++)
      memset (g[b].dim, 0, sizeof g[b].dim);
  free (work);
  free (queued);
  return g;
}
