/* reduction.c -- whether a kernel's body updates its reduction variable
   as the clause's operator does (reduction.h).

   Each local gets a class: independent of the variable, its partial value
   (the variable, a copy, the variable updated by the operator), a
   comparison of the partial value with an independent E (min and max
   only), or a mix of these over several assignments.  The classes come
   from a fixed point over the body's statements, flow-insensitive but for
   one case: in the block that a comparison's branch enters when E is the
   better value, E (the same value, recomputed or not) is the updated
   partial value, as in `if (e > m) m = e;'.  Then every statement is
   checked against its operands' classes, and the blocks that run only
   where such a comparison went one way may change nothing but the
   variable and locals read there alone.  */

#include "reduction.h"
#include "kir-type.h"
#include "xalloc.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum value_class
{
  V_IND,                        /* independent of the variable */
  V_PART,                       /* the partial value */
  V_CMP,                        /* partial value compared with E */
  V_MIX                         /* one of the above on some paths */
};

struct value
{
  enum value_class cls;
  /* V_PART of an integer variable, converted to floating point.  */
  bool float_view;
  /* V_CMP: the partial value compared and the other operand E; whether
     the true edge means E <= the partial value; whether the false edge
     means the opposite (not under &&); where the comparison is.  */
  struct kir_operand part, e;
  bool below_if_true;
  bool false_known;
  int block, stmt;
};

struct check
{
  const struct kir_kernel *k;
  int var;                      /* the variable's local */
  enum kir_reduction_op op;
  struct value *val;            /* per local: the classes of the last round */
  int *ndefs;                   /* per local: statements assigning it */
  int *def_block, *def_stmt;    /* per local: its last assignment */
  int *pred;                    /* per block: its one predecessor, or -1 */
  /* Per block: the block every way into it comes through last, its one
     predecessor or the head of the branches it joins (join_head); -1 if
     none is known.  */
  int *up;
  /* The statement whose value better_value compares with E, and per
     local whether the locals its value is computed from hold the same
     values there as where it is computed (local_unchanged): 0 not yet
     known, 1 they do, -1 they do not or it is being found.  */
  int until_block, until_stmt;
  signed char *sources_unchanged;
  /* Between the comparison and the statement that may compute its E
     again, no statement stores to an array (so loads of one element
     load one value).  */
  bool no_stores;
  bool report;                  /* the checking pass */
  /* In it: the first statement that sets the variable to a flag's
     constant, and the first that updates it otherwise (-1: none).  */
  int flag_block, flag_stmt;
  int update_block, update_stmt;
  bool faulted;
  struct kir_reduction_fault fault;
};

static const struct value independent = { V_IND, false, { 0 }, { 0 }, false,
                                           false, -1, -1 };

static void
fault (struct check *c, enum kir_reduction_fault_kind kind, int block,
       int stmt)
{
  if (!c->report || c->faulted)
    return;
  c->faulted = true;
  c->fault.kind = kind;
  c->fault.block = block;
  c->fault.stmt = stmt;
  c->fault.other_block = -1;
  c->fault.other_stmt = -1;
}

/* A fault at STMT of BLOCK that another statement, at OTHER_STMT of
   OTHER_BLOCK, makes one.  */
static void
fault_beside (struct check *c, enum kir_reduction_fault_kind kind, int block,
              int stmt, int other_block, int other_stmt)
{
  bool first = c->report && !c->faulted;
  fault (c, kind, block, stmt);
  if (first)
    {
      c->fault.other_block = other_block;
      c->fault.other_stmt = other_stmt;
    }
}

static struct value
operand_value (const struct check *c, const struct kir_operand *o)
{
  if (o->kind != KIR_OPND_LOCAL)
    return independent;
  if (o->index == c->var)
    {
      struct value v = independent;
      v.cls = V_PART;
      return v;
    }
  return c->val[o->index];
}

static struct value
mix (void)
{
  struct value v = independent;
  v.cls = V_MIX;
  return v;
}

/* Whether converting values of type FROM to type TO keeps their order
   (a larger value never becomes a smaller one): all but an integer type
   into one that does not hold all its values (a narrower one, or signed
   and unsigned), which wraps them.  */
static bool
keeps_order (enum kir_type from, enum kir_type to)
{
  if (from == KIR_BOOL || !kir_type_is_integer (from)
      || !kir_type_is_integer (to))
    return true;
  bool from_signed = kir_type_is_signed (from);
  bool to_signed = kir_type_is_signed (to);
  unsigned from_size = kir_type_size (from), to_size = kir_type_size (to);
  if (from_signed == to_signed)
    return to_size >= from_size;
  return to_signed && to_size > from_size;
}

/* ---- equal values ----------------------------------------------------- */

static bool equal_operands (const struct check *, const struct kir_operand *,
                            const struct kir_operand *, int);

static bool
equal_affine (const struct check *c, const struct kir_affine *a,
              const struct kir_affine *b, int depth)
{
  if (a->constant != b->constant || a->nterms != b->nterms)
    return false;
  for (int i = 0; i < a->nterms; i++)
    if (a->terms[i].coeff != b->terms[i].coeff
        || !equal_operands (c, &a->terms[i].var, &b->terms[i].var, depth))
      return false;
  return true;
}

/* Whether statements S and T compute the same value: the same operation
   on equal operands, or loads of the same element of an array the kernel
   does not write, or of any array, a point's own included, where no
   statement stores between them (struct check's no_stores).  */
static bool
equal_statements (const struct check *c, const struct kir_stmt *s,
                  const struct kir_stmt *t, int depth)
{
  if (s->kind != t->kind || s->nargs != t->nargs || s->kind == KIR_PSTORE)
    return false;
  if (s->kind == KIR_LOAD || s->kind == KIR_PLOAD)
    {
      bool written = s->kind == KIR_PLOAD
                     || c->k->arrays[s->access.array].written;
      if (s->access.array != t->access.array || (written && !c->no_stores))
        return false;
      for (int i = 0; i < s->access.rank; i++)
        if (!equal_affine (c, &s->access.index[i], &t->access.index[i],
                           depth))
          return false;
      return true;
    }
  if ((s->kind == KIR_ASSIGN && s->op != t->op)
      || (s->kind == KIR_CALL
          && (!s->callee || !t->callee || strcmp (s->callee, t->callee)))
      || s->kind == KIR_STORE
      || c->k->locals[s->dst].type != c->k->locals[t->dst].type)
    return false;
  for (int i = 0; i < s->nargs; i++)
    if (!equal_operands (c, &s->args[i], &t->args[i], depth))
      return false;
  return true;
}

static const struct kir_stmt *
only_definition (const struct check *c, int local)
{
  if (c->ndefs[local] != 1)
    return NULL;
  return &c->k->blocks[c->def_block[local]].stmts[c->def_stmt[local]];
}

/* The statement of block B that assigns LOCAL last; NULL if none.  */
static const struct kir_stmt *
definition_in (const struct check *c, int b, int local, int *at)
{
  const struct kir_block *blk = &c->k->blocks[b];
  for (int i = blk->nstmts - 1; i >= 0; i--)
    if (kir_stmt_writes (&blk->stmts[i], local))
      {
        *at = i;
        return &blk->stmts[i];
      }
  return NULL;
}

/* Where LOCAL is assigned once in each arm of a branch and nowhere else,
   the arms going on to one block (`t = c ? x : y', as the gimplifier
   writes it): the branch block, and in DEF[S] and AT[S] the assignment in
   the arm that successor S of the branch enters; -1 if LOCAL is not.  */
static int
choice (const struct check *c, int local, const struct kir_stmt *def[2],
        int at[2])
{
  if (c->ndefs[local] != 2)
    return -1;
  const struct kir_block *arm = &c->k->blocks[c->def_block[local]];
  int head = c->pred[c->def_block[local]];
  if (head < 0 || kir_successor_count (arm) != 1)
    return -1;
  const struct kir_block *h = &c->k->blocks[head];
  if (h->term != KIR_BRANCH || h->succ[0] == h->succ[1])
    return -1;
  for (int s = 0; s < 2; s++)
    {
      int a = h->succ[s];
      const struct kir_block *other = &c->k->blocks[a];
      if (c->pred[a] != head || kir_successor_count (other) != 1
          || other->succ[0] != arm->succ[0]
          || !(def[s] = definition_in (c, a, local, &at[s])))
        return -1;
    }
  return head;
}

/* Whether locals A and B are choices (choice) on equal conditions of
   equal values.  */
static bool
equal_choices (const struct check *c, int a, int b, int depth)
{
  const struct kir_stmt *da[2], *db[2];
  int at[2];
  int ha = choice (c, a, da, at), hb = choice (c, b, db, at);
  return ha >= 0 && hb >= 0
         && equal_operands (c, &c->k->blocks[ha].cond,
                            &c->k->blocks[hb].cond, depth)
         && equal_statements (c, da[0], db[0], depth)
         && equal_statements (c, da[1], db[1], depth);
}

/* Whether A and B have the same value wherever both are read, where the
   locals they read are not assigned between the reads (reads_unchanged):
   the same constant, scalar or local, temporaries defined once by equal
   statements, or choices of equal values (equal_choices).  */
static bool
equal_operands (const struct check *c, const struct kir_operand *a,
                const struct kir_operand *b, int depth)
{
  if (a->kind != b->kind || a->type != b->type)
    return false;
  switch (a->kind)
    {
    case KIR_OPND_INT:
      return a->ival == b->ival;
    case KIR_OPND_FLOAT:
      return memcmp (&a->fval, &b->fval, sizeof a->fval) == 0;
    case KIR_OPND_SCALAR:
      return a->index == b->index;
    case KIR_OPND_LOCAL:
      {
        if (a->index == b->index)
          return true;
        if (depth >= 8)
          return false;
        const struct kir_stmt *s = only_definition (c, a->index);
        const struct kir_stmt *t = only_definition (c, b->index);
        if (s && t)
          return equal_statements (c, s, t, depth + 1);
        return equal_choices (c, a->index, b->index, depth + 1);
      }
    default:
      return false;
    }
}

/* A property of statement ST, given the check and an operand E.  */
typedef bool stmt_test (const struct check *c, const struct kir_stmt *st,
                        const struct kir_operand *e);

/* Whether ST assigns the variable or, if it is a local, E.  */
static bool
changes_var_or (const struct check *c, const struct kir_stmt *st,
                const struct kir_operand *e)
{
  return st->dst == c->var
         || (e->kind == KIR_OPND_LOCAL && st->dst == e->index);
}

static bool
stores (const struct check *c, const struct kir_stmt *st,
        const struct kir_operand *e)
{
  (void) c;
  (void) e;
  return st->kind == KIR_STORE || st->kind == KIR_PSTORE;
}

/* Whether HIT holds for a statement of BLOCK from FIRST up to (not
   including) LAST.  */
static bool
hit_in (const struct check *c, int block, int first, int last,
        stmt_test *hit, const struct kir_operand *e)
{
  const struct kir_block *b = &c->k->blocks[block];
  for (int i = first; i < last && i < b->nstmts; i++)
    if (hit (c, &b->stmts[i], e))
      return true;
  return false;
}

/* Whether HIT holds for a statement of a block between HEAD and JOIN
   (join_head): one that a way from HEAD to JOIN passes, the arms of
   `if (a && b)' included.  */
static bool
hit_in_arms (const struct check *c, int head, int join, stmt_test *hit,
             const struct kir_operand *e)
{
  const struct kir_kernel *k = c->k;
  bool *seen = mint_xcalloc ((size_t) k->nblocks, sizeof *seen);
  int *work = mint_xcalloc ((size_t) k->nblocks, sizeof *work);
  int n = 0;
  bool found = false;
  seen[head] = seen[join] = true;
  work[n++] = join;
  while (n > 0 && !found)
    {
      int b = work[--n];
      for (int p = 0; p < k->nblocks && !found; p++)
        if (!seen[p] && kir_goes_to (&k->blocks[p], b))
          {
            seen[p] = true;
            work[n++] = p;
            found = hit_in (c, p, 0, k->blocks[p].nstmts, hit, e);
          }
    }
  free (seen);
  free (work);
  return found;
}

/* Whether HIT holds for a statement on the way from statement FIRST of
   block FROM to statement LAST of block TO, up the blocks every way into
   TO comes through (struct check's up), the arms of the branches on the
   way included; true where FROM is not up that way.  */
static bool
hit_on_path (const struct check *c, int from, int first, int to, int last,
             stmt_test *hit, const struct kir_operand *e)
{
  if (from == to)
    return first > last || hit_in (c, to, first, last, hit, e);
  if (hit_in (c, to, 0, last, hit, e))
    return true;
  for (int q = to, steps = 0; steps < 64; steps++)
    {
      int h = c->up[q];
      if (h < 0 || (c->pred[q] != h && hit_in_arms (c, h, q, hit, e)))
        return true;
      if (h == from)
        return hit_in (c, from, first, c->k->blocks[from].nstmts, hit, e);
      if (hit_in (c, h, 0, c->k->blocks[h].nstmts, hit, e))
        return true;
      q = h;
    }
  return true;
}

/* The comparison whose branch enters BLOCK where its E is the better
   value, through blocks of one predecessor or joins of branches
   (struct check's up) that change neither E nor the variable and branch
   on other conditions (`if (e < m && x > 2)', `m = x > 0 ? x : -x'), up
   to statement STMT; NULL if none.  */
static const struct value *
better_branch (const struct check *c, int block, int stmt)
{
  int from = block;
  for (int steps = 0; steps < 16; steps++)
    {
      int p = c->up[from];
      if (p < 0)
        return NULL;
      const struct kir_block *b = &c->k->blocks[p];
      if (b->term != KIR_BRANCH || b->cond.kind != KIR_OPND_LOCAL
          || b->succ[0] == b->succ[1])
        return NULL;
      const struct value *cmp = &c->val[b->cond.index];
      if (cmp->cls == V_CMP && cmp->block == p)
        {
          if (c->pred[from] != p)
            return NULL;
          bool better_if_true = cmp->below_if_true == (c->op == KIR_RED_MIN);
          bool ok = (better_if_true || cmp->false_known)
                    && b->succ[better_if_true ? 0 : 1] == from
                    && !hit_on_path (c, p, cmp->stmt + 1, block, stmt,
                                     changes_var_or, &cmp->e);
          return ok ? cmp : NULL;
        }
      if (cmp->cls != V_IND)
        return NULL;
      from = p;
    }
  return NULL;
}

/* Whether converting FROM to TO gives every value of FROM exactly: a
   wider integer type that holds its values, a floating type with enough
   digits (an unsigned char or an int to double, float to double).  */
static bool
converts_exactly (enum kir_type from, enum kir_type to)
{
  if (from == to || from == KIR_BOOL)
    return true;
  if (kir_type_is_integer (to))
    return kir_type_is_integer (from) && keeps_order (from, to);
  if (!kir_type_is_float (to))
    return false;               /* a _Bool */
  if (kir_type_is_float (from))
    return kir_type_size (to) >= kir_type_size (from);
  unsigned digits = 8 * kir_type_size (from) - kir_type_is_signed (from);
  return digits <= (to == KIR_F32 ? 24u : 53u);
}

/* Operand O through the conversions that keep its value exactly
   (converts_exactly), DEPTH of them at most: `(double) (int) c' and
   `(double) c' of an unsigned char C are both C, and so is `(float)
   (int) c', whose int holds only C's values.  */
static struct kir_operand
exact_source (const struct check *c, struct kir_operand o, int depth)
{
  for (; depth < 8 && o.kind == KIR_OPND_LOCAL; depth++)
    {
      const struct kir_stmt *def = only_definition (c, o.index);
      if (!def || def->kind != KIR_ASSIGN
          || (def->op != KIR_CVT && def->op != KIR_MOV))
        break;
      struct kir_operand from = exact_source (c, def->args[0], depth + 1);
      if (!converts_exactly (from.type, c->k->locals[def->dst].type))
        break;
      o = from;
    }
  return o;
}

/* Whether ST assigns the value E holds, converted to its destination's
   type where that keeps the order of values: a copy or conversion of E
   or of E's value computed again, also through conversions that keep
   every value (an unsigned char compared as (double) (int) c, assigned
   as (double) c, or compared as an int assigned back as an unsigned
   char).  */
static bool
converts_value (const struct check *c, const struct kir_stmt *st,
                const struct kir_operand *e)
{
  if (st->kind != KIR_ASSIGN || (st->op != KIR_MOV && st->op != KIR_CVT))
    return false;
  enum kir_type to = c->k->locals[st->dst].type;
  if (keeps_order (st->args[0].type, to)
      && equal_operands (c, &st->args[0], e, 0))
    return true;
  struct kir_operand a = exact_source (c, st->args[0], 0);
  struct kir_operand b = exact_source (c, *e, 0);
  return (e->type == to || converts_exactly (a.type, to))
         && equal_operands (c, &a, &b, 0);
}

/* Whether ST assigns |(T) x| where E is |x|, T a narrower floating type:
   rounding is symmetric, so that is (T) E, and GCC folds
   `err = fabs (d)' of a float err and a double d into it.  */
static bool
abs_of_rounded (const struct check *c, const struct kir_stmt *st,
                const struct kir_operand *e)
{
  if (st->kind != KIR_ASSIGN || st->op != KIR_ABS
      || st->args[0].kind != KIR_OPND_LOCAL || e->kind != KIR_OPND_LOCAL)
    return false;
  const struct kir_stmt *cvt = only_definition (c, st->args[0].index);
  const struct kir_stmt *abs = only_definition (c, e->index);
  return cvt && abs && cvt->kind == KIR_ASSIGN && cvt->op == KIR_CVT
         && kir_type_is_float (cvt->args[0].type)
         && kir_type_is_float (c->k->locals[cvt->dst].type)
         && abs->kind == KIR_ASSIGN && abs->op == KIR_ABS
         && equal_operands (c, &cvt->args[0], &abs->args[0], 0);
}

static bool
assigns (const struct check *c, const struct kir_stmt *st,
         const struct kir_operand *e)
{
  (void) c;
  return kir_stmt_writes (st, e->index);
}

/* Whether no statement from statement S of block B on assigns LOCAL
   before the statement better_value checks: up the way into it, or from
   an arm (choice) on through the block the arm goes to.  */
static bool
unchanged_from (const struct check *c, int local, int b, int s)
{
  struct kir_operand l = { .kind = KIR_OPND_LOCAL, .index = local };
  const struct kir_block *blk = &c->k->blocks[b];
  int to = c->until_block, last = c->until_stmt;
  bool arm = b != to && kir_successor_count (blk) == 1
             && c->pred[blk->succ[0]] < 0
             && c->up[blk->succ[0]] == c->pred[b];
  if (arm)
    return !hit_in (c, b, s, blk->nstmts, assigns, &l)
           && !hit_on_path (c, blk->succ[0], 0, to, last, assigns, &l);
  return !hit_on_path (c, b, s, to, last, assigns, &l);
}

static bool local_unchanged (const struct check *, int, int, int, int);

/* Whether the locals that statement ST, statement S of block B, reads
   hold there the values they hold at the statement better_value checks
   (local_unchanged).  */
static bool
reads_unchanged (const struct check *c, const struct kir_stmt *st, int b,
                 int s, int depth)
{
  for (int i = 0; i < st->nargs; i++)
    if (st->args[i].kind == KIR_OPND_LOCAL
        && !local_unchanged (c, st->args[i].index, b, s, depth))
      return false;
  if (st->kind == KIR_ASSIGN || st->kind == KIR_CALL)
    return true;
  for (int i = 0; i < st->access.rank; i++)
    for (int t = 0; t < st->access.index[i].nterms; t++)
      {
        const struct kir_operand *v = &st->access.index[i].terms[t].var;
        if (v->kind == KIR_OPND_LOCAL
            && !local_unchanged (c, v->index, b, s, depth))
          return false;
      }
  return true;
}

/* Whether the locals that LOCAL's value is computed from, where it is a
   temporary defined once or a choice, hold there the values they hold
   at the statement better_value checks.  */
static bool
sources_unchanged (const struct check *c, int local, int depth)
{
  const struct kir_stmt *def[2];
  int at[2];
  if (c->ndefs[local] == 1)
    return reads_unchanged (c, only_definition (c, local),
                            c->def_block[local], c->def_stmt[local], depth);
  int head = choice (c, local, def, at);
  if (head < 0)
    return true;
  const struct kir_block *h = &c->k->blocks[head];
  return (h->cond.kind != KIR_OPND_LOCAL
          || local_unchanged (c, h->cond.index, head, h->nstmts, depth))
         && reads_unchanged (c, def[0], h->succ[0], at[0], depth)
         && reads_unchanged (c, def[1], h->succ[1], at[1], depth);
}

/* Whether LOCAL, read at statement S of block B (S the block's count: in
   its branch), holds there the value it holds at the statement
   better_value checks, and so do the locals its value is computed from
   (sources_unchanged): equal_operands takes a local for itself.  */
static bool
local_unchanged (const struct check *c, int local, int b, int s, int depth)
{
  if (depth > 64 || !unchanged_from (c, local, b, s))
    return false;
  signed char *known = &c->sources_unchanged[local];
  if (*known == 0)
    {
      *known = -1;
      *known = sources_unchanged (c, local, depth + 1) ? 1 : -1;
    }
  return *known > 0;
}

/* The first statement of block B that the value of O, read at B's end,
   is computed from (B's count where none is: O is no local assigned in
   B).  */
static int
first_source (const struct check *c, const struct kir_operand *o, int b,
              int depth)
{
  const struct kir_block *blk = &c->k->blocks[b];
  int at;
  if (o->kind != KIR_OPND_LOCAL || depth > 16
      || !definition_in (c, b, o->index, &at))
    return blk->nstmts;
  const struct kir_stmt *st = &blk->stmts[at];
  int first = at;
  for (int i = 0; i < st->nargs; i++)
    {
      int f = first_source (c, &st->args[i], b, depth + 1);
      first = f < first ? f : first;
    }
  for (int i = 0; i < st->access.rank; i++)
    for (int t = 0; t < st->access.index[i].nterms; t++)
      {
        int f = first_source (c, &st->access.index[i].terms[t].var, b,
                              depth + 1);
        first = f < first ? f : first;
      }
  return first;
}

/* Whether statement STMT of BLOCK, of independent operands, computes the
   better value E of the comparison whose branch enters BLOCK
   (better_branch), so that what it assigns is the updated partial value
   there: it copies E, or converts it keeping the order of values, or
   computes it again (a conversion of an element compared converted:
   `if (a[i] > m) m = a[i];' of a float array and a double variable, or
   of an int array and an unsigned variable, a min of the converted
   values on the GPU as on the CPU).  */
static bool
better_value (struct check *c, int block, int stmt)
{
  if (c->op == KIR_RED_ADD || c->op == KIR_RED_MUL)
    return false;
  const struct value *cmp = better_branch (c, block, stmt);
  if (!cmp)
    return false;
  const struct kir_stmt *st = &c->k->blocks[block].stmts[stmt];
  const struct kir_stmt *def = cmp->e.kind == KIR_OPND_LOCAL
                                 ? only_definition (c, cmp->e.index) : NULL;
  /* E's loads, and those that compute it again, load one value where no
     statement stores from where E is computed: its statement in the
     comparison's block, or the branch head of a choice (`m = MAX (m,
     ABS (b[i]))' after the point's store to b[i]).  */
  const struct kir_stmt *arms[2];
  int at[2];
  int head = !def && cmp->e.kind == KIR_OPND_LOCAL
             ? choice (c, cmp->e.index, arms, at) : -1;
  if (def)
    c->no_stores = c->def_block[cmp->e.index] == cmp->block
                   && !hit_on_path (c, cmp->block,
                                    c->def_stmt[cmp->e.index], block, stmt,
                                    stores, &cmp->e);
  else
    c->no_stores = head >= 0
                   && !hit_on_path (c, head,
                                    first_source (c, &c->k->blocks[head].cond,
                                                  head, 0),
                                    block, stmt, stores, &cmp->e);
  bool equal = converts_value (c, st, &cmp->e)
               || abs_of_rounded (c, st, &cmp->e)
               || (def && equal_statements (c, st, def, 0));
  c->no_stores = false;
  if (!equal)
    return false;
  c->until_block = block;
  c->until_stmt = stmt;
  memset (c->sources_unchanged, 0,
          sizeof *c->sources_unchanged * c->k->nlocals);
  return reads_unchanged (c, st, block, stmt, 0)
         && (cmp->e.kind != KIR_OPND_LOCAL
             || local_unchanged (c, cmp->e.index, cmp->block, cmp->stmt, 0));
}

/* ---- one statement ---------------------------------------------------- */

static struct value join (const struct value *, const struct value *);

static bool
derived (const struct value *v)
{
  return v->cls != V_IND;
}

/* Whether the value of LOCAL reaches the variable: the variable itself,
   or a local that a statement computes from a local it reaches.  */
static bool
reaches_variable (const struct check *c, int local)
{
  const struct kir_kernel *k = c->k;
  if (local < 0)
    return false;
  bool *seen = mint_xcalloc ((size_t) k->nlocals, sizeof *seen);
  int *work = mint_xmalloc (sizeof *work * (size_t) k->nlocals);
  int n = 0;
  seen[local] = true;
  work[n++] = local;
  while (n > 0 && !seen[c->var])
    {
      int l = work[--n];
      for (int b = 0; b < k->nblocks; b++)
        for (int i = 0; i < k->blocks[b].nstmts; i++)
          {
            int dst = k->blocks[b].stmts[i].dst;
            if (dst >= 0 && !seen[dst]
                && kir_stmt_reads (&k->blocks[b].stmts[i], l))
              {
                seen[dst] = true;
                work[n++] = dst;
              }
          }
    }
  bool reached = seen[c->var];
  free (seen);
  free (work);
  return reached;
}

/* An update by OP of the operands A (at most one the partial value, the
   others independent); PART_FIRST: only the first may be the partial
   value (a subtraction).  Another operator is one only where its result
   reaches the variable (s = s * 0.5 + e); elsewhere it reads the partial
   value (cnt += (int) (err * 10)).  */
static struct value
update (struct check *c, enum kir_reduction_op op, const struct value *a,
        int nargs, bool part_first, int block, int stmt)
{
  int parts = 0, where = -1;
  for (int i = 0; i < nargs; i++)
    if (derived (&a[i]))
      {
        parts += 1 + (a[i].cls != V_PART);
        where = i;
      }
  if (parts != 1 || (part_first && where != 0))
    {
      fault (c, KIR_REDUCTION_READ, block, stmt);
      return mix ();
    }
  if (op != c->op)
    {
      int dst = c->k->blocks[block].stmts[stmt].dst;
      if (c->report)
        fault (c, reaches_variable (c, dst) ? KIR_REDUCTION_OPERATOR
                                            : KIR_REDUCTION_READ,
               block, stmt);
      return mix ();
    }
  if (a[where].float_view && (op == KIR_RED_ADD || op == KIR_RED_MUL))
    {
      fault (c, KIR_REDUCTION_ROUNDED, block, stmt);
      return mix ();
    }
  return a[where];
}

static bool truth_valued (const struct check *, const struct kir_operand *);

/* Whether O, a partial value of a _Bool variable that C converts back
   with `!= 0', is the variable itself, or its | or & with anything, or
   its sum with a truth value (`s += a[i] > 0'), through conversions that
   keep every value: a value whose truth only grows or only shrinks, so
   that it does not depend on the order of the points, as it would with a
   negative term (`s += a[i]' of an int a, `s -= 1').  */
static bool
truth_of_sum (const struct check *c, const struct kir_operand *o, int depth)
{
  if (o->kind != KIR_OPND_LOCAL || o->index == c->var || depth > 8)
    return o->kind == KIR_OPND_LOCAL && o->index == c->var;
  const struct kir_stmt *def = only_definition (c, o->index);
  if (!def || def->kind != KIR_ASSIGN)
    return false;
  if (def->op == KIR_CVT || def->op == KIR_MOV)
    return converts_exactly (def->args[0].type,
                             c->k->locals[def->dst].type)
           && truth_of_sum (c, &def->args[0], depth + 1);
  if (def->op != KIR_ADD && def->op != KIR_OR && def->op != KIR_AND)
    return false;
  /* (s | e) != 0 and (s & e) != 0 of a truth value S only grow or only
     shrink, whatever E; (s + e) != 0 only where E is not negative.  */
  for (int i = 0; i < 2; i++)
    if (truth_of_sum (c, &def->args[i], depth + 1)
        && (def->op != KIR_ADD || truth_valued (c, &def->args[1 - i])))
      return true;
  return false;
}

/* The comparison CODE of operands A (values V) for a min or max.  */
static struct value
comparison (struct check *c, enum kir_opcode code,
            const struct kir_operand *a, const struct value *v, int block,
            int stmt)
{
  bool part_left = v[0].cls == V_PART && v[1].cls == V_IND;
  bool part_right = v[1].cls == V_PART && v[0].cls == V_IND;
  /* A _Bool variable's value as a truth value again.  */
  if (code == KIR_NE && c->k->locals[c->var].type == KIR_BOOL
      && (part_left || part_right)
      && a[part_left ? 1 : 0].kind == KIR_OPND_INT
      && a[part_left ? 1 : 0].ival == 0)
    {
      if (truth_of_sum (c, &a[part_left ? 0 : 1], 0))
        return v[part_left ? 0 : 1];
      fault (c, KIR_REDUCTION_READ, block, stmt);
      return mix ();
    }
  bool ordered = code == KIR_LT || code == KIR_LE || code == KIR_GT
                 || code == KIR_GE;
  if (!(part_left || part_right) || !ordered || c->op == KIR_RED_ADD
      || c->op == KIR_RED_MUL)
    {
      fault (c, KIR_REDUCTION_READ, block, stmt);
      return mix ();
    }
  struct value r = independent;
  r.cls = V_CMP;
  r.part = a[part_left ? 0 : 1];
  r.e = a[part_left ? 1 : 0];
  /* E < P, E <= P, P > E, P >= E: E is below on the true edge.  */
  r.below_if_true = (code == KIR_LT || code == KIR_LE) == part_right;
  r.false_known = true;
  r.block = block;
  r.stmt = stmt;
  return r;
}

/* COND ? A[1] : A[2]: the partial value where COND compares it with E and
   picks E where E is better, or where both arms are.  */
static struct value
selection (struct check *c, const struct kir_stmt *st, const struct value *v,
           int block, int stmt)
{
  if (v[0].cls == V_IND && v[1].cls != V_CMP && v[2].cls != V_CMP)
    return join (&v[1], &v[2]);
  if (v[0].cls == V_CMP)
    {
      bool better_if_true = v[0].below_if_true == (c->op == KIR_RED_MIN);
      int better = better_if_true ? 1 : 2;
      if ((better_if_true || v[0].false_known)
          && v[3 - better].cls == V_PART && v[better].cls == V_IND
          && equal_operands (c, &st->args[better], &v[0].e, 0))
        return v[3 - better];
    }
  fault (c, KIR_REDUCTION_READ, block, stmt);
  return mix ();
}

/* Whether operand O holds 0 or 1 only: a _Bool, a comparison, one
   converted (C promotes the operands of `all & e' to int), or an | or &
   of such values (`b[i] | (i % 2 == 0)'), DEPTH operations deep at
   most.  */
static bool
truth_valued_within (const struct check *c, const struct kir_operand *o,
                     int depth)
{
  if (o->type == KIR_BOOL || o->kind != KIR_OPND_LOCAL)
    return o->type == KIR_BOOL
           || (o->kind == KIR_OPND_INT && (o->ival == 0 || o->ival == 1));
  const struct kir_stmt *def = only_definition (c, o->index);
  if (!def || def->kind != KIR_ASSIGN)
    return false;
  switch (def->op)
    {
    case KIR_CVT:
    case KIR_MOV:
      return def->args[0].type == KIR_BOOL;
    case KIR_LT: case KIR_LE: case KIR_GT: case KIR_GE: case KIR_EQ:
    case KIR_NE: case KIR_LAND: case KIR_LOR:
      return true;
    case KIR_OR: case KIR_AND:
      return depth < 8
             && truth_valued_within (c, &def->args[0], depth + 1)
             && truth_valued_within (c, &def->args[1], depth + 1);
    default:
      return false;
    }
}

static bool
truth_valued (const struct check *c, const struct kir_operand *o)
{
  return truth_valued_within (c, o, 0);
}

/* Whether ST, an | || & or && of operands V, updates a _Bool variable
   (its values 0 and 1) as max (| ||) or min (&&, or & of operands of
   values 0 and 1) do.  */
static bool
truth_update (const struct check *c, const struct kir_stmt *st,
              const struct value *v)
{
  if (c->k->locals[c->var].type != KIR_BOOL
      || !(v[0].cls == V_PART || v[1].cls == V_PART))
    return false;
  return st->op != KIR_AND || (truth_valued (c, &st->args[0])
                               && truth_valued (c, &st->args[1]));
}

static struct value
assignment (struct check *c, const struct kir_stmt *st, const struct value *v,
            int block, int stmt)
{
  switch (st->op)
    {
    case KIR_MOV:
    case KIR_CVT:
      /* A sum or product wraps alike in any order; a min or max not.  */
      if (v[0].cls == V_PART
          && (c->op == KIR_RED_MIN || c->op == KIR_RED_MAX)
          && !keeps_order (st->args[0].type, c->k->locals[st->dst].type))
        {
          fault (c, KIR_REDUCTION_WRAPPED, block, stmt);
          return mix ();
        }
      if (v[0].cls == V_PART)
        {
          struct value r = v[0];
          r.float_view = kir_type_is_float (c->k->locals[st->dst].type)
                         && !kir_type_is_float (c->k->locals[c->var].type);
          return r;
        }
      if (v[0].cls == V_CMP)
        fault (c, KIR_REDUCTION_READ, block, stmt);
      return mix ();
    case KIR_ADD:
      return update (c, KIR_RED_ADD, v, 2, false, block, stmt);
    case KIR_SUB:
      return update (c, KIR_RED_ADD, v, 2, true, block, stmt);
    case KIR_MUL:
      return update (c, KIR_RED_MUL, v, 2, false, block, stmt);
    case KIR_MIN:
      return update (c, KIR_RED_MIN, v, 2, false, block, stmt);
    case KIR_MAX:
      return update (c, KIR_RED_MAX, v, 2, false, block, stmt);
    case KIR_LT: case KIR_LE: case KIR_GT: case KIR_GE: case KIR_EQ:
    case KIR_NE:
      return comparison (c, st->op, st->args, v, block, stmt);
    case KIR_OR:
    case KIR_LOR:
    case KIR_AND:
      if (truth_update (c, st, v))
        return update (c, st->op == KIR_AND ? KIR_RED_MIN : KIR_RED_MAX, v,
                       2, false, block, stmt);
      break;
    case KIR_LAND:
      if (truth_update (c, st, v))
        return update (c, KIR_RED_MIN, v, 2, false, block, stmt);
      if ((v[0].cls == V_CMP && v[1].cls == V_IND)
          || (v[1].cls == V_CMP && v[0].cls == V_IND))
        {
          struct value r = v[v[0].cls == V_CMP ? 0 : 1];
          r.false_known = false;
          return r;
        }
      break;
    case KIR_NOT:
      /* !(E < m): the other way round on each edge (GCC writes
         `m > e ? m : e' so).  */
      if (v[0].cls == V_CMP && v[0].false_known)
        {
          struct value r = v[0];
          r.below_if_true = !r.below_if_true;
          return r;
        }
      break;
    case KIR_SELECT:
      return selection (c, st, v, block, stmt);
    default:
      break;
    }
  fault (c, KIR_REDUCTION_READ, block, stmt);
  return mix ();
}

static struct value
call (struct check *c, const struct kir_stmt *st, const struct value *v,
      int block, int stmt)
{
  static const struct { const char *name; enum kir_reduction_op op; } ops[]
    = { { "fmin", KIR_RED_MIN }, { "fminf", KIR_RED_MIN },
        { "fmax", KIR_RED_MAX }, { "fmaxf", KIR_RED_MAX } };
  const char *callee = st->callee ? st->callee : "";
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp (callee, ops[i].name) == 0)
      return update (c, ops[i].op, v, 2, false, block, stmt);
  /* fma (a, b, s) is s + a * b.  */
  if ((strcmp (callee, "fma") == 0 || strcmp (callee, "fmaf") == 0)
      && st->nargs == 3
      && !derived (&v[0]) && !derived (&v[1]))
    return update (c, KIR_RED_ADD, v + 2, 1, false, block, stmt);
  fault (c, KIR_REDUCTION_READ, block, stmt);
  return mix ();
}

static bool
access_derived (const struct check *c, const struct kir_access *acc)
{
  for (int i = 0; i < acc->rank; i++)
    for (int t = 0; t < acc->index[i].nterms; t++)
      {
        struct value v = operand_value (c, &acc->index[i].terms[t].var);
        if (derived (&v))
          return true;
      }
  return false;
}

/* Whether ST sets the variable of a min or max to a constant K (a flag,
   `if (a != b) changed = 1;' under max).  */
static bool
flag_value (const struct check *c, const struct kir_stmt *st)
{
  return st->dst == c->var && (c->op == KIR_RED_MIN || c->op == KIR_RED_MAX)
         && st->kind == KIR_ASSIGN && st->op == KIR_MOV
         && (st->args[0].kind == KIR_OPND_INT
             || st->args[0].kind == KIR_OPND_FLOAT);
}

/* Constant O as a value of type T: NaN, or where T is an integer type,
   its value wrapped to T's width.  */
static long double
constant_in (const struct kir_operand *o, enum kir_type t)
{
  long double v = o->kind == KIR_OPND_FLOAT ? o->fval : (long double) o->ival;
  if (t == KIR_BOOL)
    return v != 0;
  if (!kir_type_is_integer (t))
    return v;
  unsigned bits = 8 * kir_type_size (t);
  unsigned long long u = (unsigned long long) o->ival;
  if (bits < 64)
    u &= (1ULL << bits) - 1;
  if (!kir_type_is_signed (t))
    return (long double) u;
  if (bits < 64 && (u >> (bits - 1)) & 1)
    return (long double) u - (long double) (1ULL << bits);
  return (long double) (long long) u;
}

/* The greatest value of type T where HIGH, else the least.  */
static long double
type_bound (enum kir_type t, bool high)
{
  if (t != KIR_BOOL && !kir_type_is_integer (t))
    return high ? INFINITY : -INFINITY;
  struct kir_operand bound = { .kind = KIR_OPND_INT,
                               .ival = kir_type_int_bound (t, high) };
  return constant_in (&bound, t);
}

/* Flags.  The GPU takes `m = K' as m = max (m, K) (min alike) where K is
   the type's greatest value (least for min), `any = 1' of a _Bool: then
   it is an update.  For another K the program keeps K whatever it held
   before, which the GPU gets only by storing K where a point set it: the
   variable must then be set to that K alone, K must differ from the
   identity the points start from (else a point cannot tell it set it),
   and nothing else may update it.  The checking pass records the first
   flag, the first update, and faults where a second flag sets another
   K.  */
static bool
update_value_p (const struct check *c, const struct kir_stmt *st)
{
  enum kir_type t = c->k->locals[c->var].type;
  return constant_in (&st->args[0], t) == type_bound (t, c->op == KIR_RED_MAX);
}

static void
note_assignment (struct check *c, const struct kir_stmt *st, bool flag,
                 int block, int stmt)
{
  if (!c->report)
    return;
  if (!flag)
    {
      bool copy = st->kind == KIR_ASSIGN && st->op == KIR_MOV
                  && st->args[0].kind == KIR_OPND_LOCAL
                  && st->args[0].index == c->var;
      if (!copy && c->update_block < 0)
        c->update_block = block, c->update_stmt = stmt;
      return;
    }
  enum kir_type t = c->k->locals[c->var].type;
  long double k = constant_in (&st->args[0], t);
  if (k != k || k == type_bound (t, c->op == KIR_RED_MIN))
    fault (c, KIR_REDUCTION_IDENTITY, block, stmt);
  else if (c->flag_block < 0)
    c->flag_block = block, c->flag_stmt = stmt;
  else if (k != constant_in (&c->k->blocks[c->flag_block]
                               .stmts[c->flag_stmt].args[0], t))
    fault_beside (c, KIR_REDUCTION_CONSTANTS, block, stmt, c->flag_block,
                  c->flag_stmt);
}

/* The class of what statement STMT of BLOCK assigns; in the checking
   pass, its fault if any.  */
static struct value
evaluate (struct check *c, int block, int stmt)
{
  const struct kir_stmt *st = &c->k->blocks[block].stmts[stmt];
  struct value v[KIR_MAX_ARGS];
  bool any = false;
  for (int i = 0; i < st->nargs; i++)
    {
      v[i] = operand_value (c, &st->args[i]);
      any |= derived (&v[i]);
    }
  struct value r = independent;
  bool flag = false;
  if (st->kind != KIR_ASSIGN && st->kind != KIR_CALL
      && access_derived (c, &st->access))
    fault (c, KIR_REDUCTION_READ, block, stmt);
  else if ((st->kind == KIR_STORE || st->kind == KIR_PSTORE) && any)
    fault (c, KIR_REDUCTION_READ, block, stmt);
  else if (st->kind == KIR_ASSIGN && any)
    r = assignment (c, st, v, block, stmt);
  else if (st->kind == KIR_CALL && any)
    r = call (c, st, v, block, stmt);
  else if (st->dst >= 0 && better_value (c, block, stmt))
    r.cls = V_PART;
  else if (flag_value (c, st))
    {
      r.cls = V_PART;
      flag = !update_value_p (c, st);
    }
  if (st->dst == c->var && r.cls != V_PART)
    fault (c, KIR_REDUCTION_VALUE, block, stmt);
  else if (st->dst == c->var)
    note_assignment (c, st, flag, block, stmt);
  return r;
}

/* ---- the fixed point -------------------------------------------------- */

static struct value
join (const struct value *a, const struct value *b)
{
  if (a->cls != b->cls || a->cls == V_CMP)
    return a->cls == b->cls && a->block == b->block && a->stmt == b->stmt
             ? *a : mix ();
  struct value r = *a;
  r.float_view |= b->float_view;
  return r;
}

static bool
same_value (const struct value *a, const struct value *b)
{
  return a->cls == b->cls && a->float_view == b->float_view
         && a->block == b->block && a->stmt == b->stmt
         && a->below_if_true == b->below_if_true
         && a->false_known == b->false_known;
}

/* One pass over the body with the classes of the last; whether a class
   changed.  */
static bool
round_changes (struct check *c, struct value *next, bool *seen)
{
  const struct kir_kernel *k = c->k;
  for (int l = 0; l < k->nlocals; l++)
    seen[l] = false, next[l] = independent;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        int dst = k->blocks[b].stmts[i].dst;
        struct value v = evaluate (c, b, i);
        if (dst < 0 || dst == c->var)
          continue;
        next[dst] = seen[dst] ? join (&next[dst], &v) : v;
        seen[dst] = true;
      }
  bool changed = false;
  for (int l = 0; l < k->nlocals; l++)
    changed |= !same_value (&next[l], &c->val[l]);
  memcpy (c->val, next, sizeof *next * k->nlocals);
  return changed;
}

/* Where block B, of several predecessors, joins the ways of the branches
   before it again: the nearest block that the way up (struct check's up)
   from each predecessor passes, the head of `if (c) t = -t;', of `if (c)
   t = x; else t = y;' and of `if (a && b)', also where the ways go on up
   to a loop's header, whose own way up is not known; -1 where B is the
   entry, -2 where no such block is found before a way up stops short (it
   passes a join not yet found, or B itself, over a loop's back edge).  */
static int
join_head (const struct check *c, int b)
{
  const struct kir_kernel *k = c->k;
  if (b == 0)
    return -1;
  /* The blocks on the way up from the predecessors, counted per block:
     a block all of them pass has their number.  A way up may stop short
     (a block whose way up is not known yet, or B itself over a back
     edge): the blocks before it count.  */
  int *passes = mint_xcalloc ((size_t) k->nblocks, sizeof *passes);
  int preds = 0, head = -1;
  bool short_way = false;
  for (int p = 0; p < k->nblocks; p++)
    {
      if (!kir_goes_to (&k->blocks[p], b))
        continue;
      preds++;
      for (int q = p, steps = 0; q != -1; q = c->up[q], steps++)
        if (q == -2 || q == b || steps > k->nblocks)
          {
            short_way = true;
            break;
          }
        else
          passes[q]++;
    }
  /* The nearest: on the way up from any one predecessor.  */
  for (int p = 0; p < k->nblocks && head == -1; p++)
    if (kir_goes_to (&k->blocks[p], b))
      for (int q = p, steps = 0; q >= 0 && q != b && head == -1
                                 && steps <= k->nblocks;
           q = c->up[q], steps++)
        if (passes[q] == preds)
          head = q;
  free (passes);
  return head == -1 && short_way ? -2 : head;
}

static void
count_definitions (struct check *c)
{
  const struct kir_kernel *k = c->k;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        int dst = k->blocks[b].stmts[i].dst;
        if (dst < 0)
          continue;
        c->ndefs[dst]++;
        c->def_block[dst] = b;
        c->def_stmt[dst] = i;
      }
  for (int b = 0; b < k->nblocks; b++)
    c->pred[b] = -1;
  int *npred = mint_xcalloc ((size_t) k->nblocks, sizeof *npred);
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < kir_successor_count (&k->blocks[b]); s++)
      {
        int to = k->blocks[b].succ[s];
        if (s == 1 && to == k->blocks[b].succ[0])
          continue;
        npred[to]++;
        c->pred[to] = npred[to] == 1 ? b : -1;
      }
  /* The entry block is also entered from outside.  */
  c->pred[0] = -1;
  free (npred);
  for (int b = 0; b < k->nblocks; b++)
    c->up[b] = c->pred[b] >= 0 ? c->pred[b] : -2;
  /* A join's head needs the ways up from its predecessors.  */
  for (bool found = true; found;)
    {
      found = false;
      for (int b = 0; b < k->nblocks; b++)
        if (c->up[b] == -2 && (c->up[b] = join_head (c, b)) != -2)
          found = true;
    }
  for (int b = 0; b < k->nblocks; b++)
    if (c->up[b] == -2)
      c->up[b] = -1;
}

/* ---- what a comparison decides --------------------------------------- */

static bool
read_outside (const struct check *c, const bool *region, int local)
{
  for (int b = 0; b < c->k->nblocks; b++)
    if (!region[b] && kir_block_reads (&c->k->blocks[b], local))
      return true;
  return false;
}

/* Into REGION, the blocks that run only where the comparison block P
   branches on went the way of its successor S: that successor if entered
   from P alone, and the blocks entered from those alone.  Each way has
   its own region: where the branches join again (m = e > m ? e : m; then
   a store), the join runs either way.  */
static void
compared_region (const struct check *c, int p, int s, bool *region)
{
  const struct kir_kernel *k = c->k;
  memset (region, 0, sizeof *region * k->nblocks);
  int to = k->blocks[p].succ[s];
  if (c->pred[to] != p)
    return;
  region[to] = true;
  for (bool grew = true; grew;)
    {
      grew = false;
      for (int b = 1; b < k->nblocks; b++)
        {
          if (region[b])
            continue;
          bool entered = false, only = true;
          for (int q = 0; q < k->nblocks; q++)
            if (kir_goes_to (&k->blocks[q], b))
              {
                entered = true;
                only &= region[q];
              }
          if (entered && only)
            region[b] = grew = true;
        }
    }
}

/* Whether LOCAL is a reduction variable of the kernel other than the
   one checked: the combination after the loop reads it.  */
static bool
other_reduction (const struct check *c, int local)
{
  for (int r = 0; r < c->k->nreductions; r++)
    if (c->k->reductions[r].local == local && local != c->var)
      return true;
  return false;
}

/* Whether statement I of block B, which finds a partial value in the
   region of the comparison CMP (compared_region), finds CMP's better
   value E (better_value): elsewhere the point, which starts from the
   identity, would update it where the program's partial value takes the
   other way (`if (m > 0.2) m = fmin (m, a);').  */
static bool
updates_by (struct check *c, const struct value *cmp, int b, int i)
{
  const struct value *by = better_branch (c, b, i);
  return by && by->block == cmp->block && better_value (c, b, i);
}

/* Whether ST, statement I of block B, a copy or conversion of a local,
   assigns the partial value that CMP compared: the local compared (`_a'
   of `({ typeof (m) _a = (m); ... _a > _b ? _a : _b; })'), or that
   local's one statement again (`(double) _a' of a float `_a' compared
   with a double), where no statement from the comparison to ST assigns
   what it reads.  */
static bool
compared_again (const struct check *c, const struct value *cmp,
                const struct kir_stmt *st, int b, int i)
{
  if (cmp->part.kind != KIR_OPND_LOCAL)
    return false;
  const struct kir_operand *read = &cmp->part;
  if (st->args[0].index != cmp->part.index)
    {
      const struct kir_stmt *def = only_definition (c, cmp->part.index);
      if (!def || def->nargs != 1 || !equal_statements (c, st, def, 0))
        return false;
      read = &st->args[0];
    }
  return !hit_on_path (c, cmp->block, cmp->stmt + 1, b, i, assigns, read);
}

/* Whether ST, statement I of block B, copies the partial value that
   REGION found: the variable's own, the one CMP compared
   (compared_again), or a local set only in REGION, where each of its
   values passed this check (the arm `t = m' of `m = e < m ? e : m').  */
static bool
partial_copy (const struct check *c, const bool *region,
              const struct value *cmp, int b, int i)
{
  const struct kir_stmt *st = &c->k->blocks[b].stmts[i];
  if (st->kind != KIR_ASSIGN || (st->op != KIR_MOV && st->op != KIR_CVT)
      || st->args[0].kind != KIR_OPND_LOCAL)
    return false;
  int from = st->args[0].index;
  if (from == c->var || compared_again (c, cmp, st, b, i))
    return true;
  const struct kir_kernel *k = c->k;
  for (int p = 0; p < k->nblocks; p++)
    if (!region[p])
      for (int s = 0; s < k->blocks[p].nstmts; s++)
        if (k->blocks[p].stmts[s].dst == from)
          return false;
  return true;
}

/* Faults where a statement of REGION (compared_region), which the
   comparison CMP decides, stores, sets a local other than to the
   partial value that is read outside it or another reduction variable,
   or finds a partial value other than CMP's better value or a copy
   (`m = a < m ? a : b < m ? b : m' takes B only where A is not better):
   a store or local at its statement, the others at CMP's.  */
static void
check_compared_region (struct check *c, const bool *region,
                       const struct value *cmp)
{
  const struct kir_kernel *k = c->k;
  for (int b = 0; b < k->nblocks && !c->faulted; b++)
    for (int i = 0; region[b] && i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[i];
        struct value v = evaluate (c, b, i);
        if (st->kind == KIR_STORE || st->kind == KIR_PSTORE
            || (st->dst >= 0 && st->dst != c->var && v.cls != V_PART
                && read_outside (c, region, st->dst)))
          fault (c, KIR_REDUCTION_READ, b, i);
        else if ((st->dst >= 0 && other_reduction (c, st->dst))
                 || ((st->dst == c->var || (st->dst >= 0 && v.cls == V_PART))
                     && !partial_copy (c, region, cmp, b, i)
                     && !updates_by (c, cmp, b, i)))
          fault (c, KIR_REDUCTION_READ, cmp->block, cmp->stmt);
      }
}

/* Where the way from block B leads past blocks that only go on: the
   first block with statements or a branch, -2 for the end of the
   point.  */
static int
landing (const struct check *c, int b)
{
  for (int steps = 0; steps < 64; steps++)
    {
      const struct kir_block *blk = &c->k->blocks[b];
      if (blk->nstmts > 0 || blk->term == KIR_BRANCH)
        return b;
      if (blk->term == KIR_NEXT)
        return -2;
      b = blk->succ[0];
    }
  return b;
}

/* Joins TO, where one way out of a region leads, into *EXIT (-3: none
   yet); false where an earlier way leads elsewhere.  */
static bool
same_exit (int *exit, int to)
{
  if (*exit != -3 && *exit != to)
    return false;
  *exit = to;
  return true;
}

/* Where the ways out of REGION, the region of successor S of block P
   (the edge itself where REGION is empty), lead (landing): -1 where they
   lead to different blocks, as a `continue' or `break' in an arm does.  */
static int
region_exit (const struct check *c, const bool *region, int p, int s)
{
  const struct kir_kernel *k = c->k;
  int exit = -3;
  for (int b = 0; b < k->nblocks; b++)
    {
      const struct kir_block *blk = &k->blocks[b];
      if (!region[b])
        continue;
      if (blk->term == KIR_NEXT && !same_exit (&exit, -2))
        return -1;
      for (int j = 0; j < kir_successor_count (blk); j++)
        if (!region[blk->succ[j]]
            && !same_exit (&exit, landing (c, blk->succ[j])))
          return -1;
    }
  return exit == -3 ? landing (c, k->blocks[p].succ[s]) : exit;
}

/* Faults where what a comparison of the partial value decides reaches
   beyond the variable: a store, a local read after the branches join
   (`if (a > m) { m = a; k[y][x] = 0; }' stores where the GPU's point,
   starting from the identity, finds A better, not where the program
   does), or a way on that the other branch does not take (a `continue'
   past a later update).  */
static void
check_compared_regions (struct check *c, bool *region)
{
  const struct kir_kernel *k = c->k;
  for (int p = 0; p < k->nblocks && !c->faulted; p++)
    {
      const struct kir_block *from = &k->blocks[p];
      if (from->term != KIR_BRANCH || from->cond.kind != KIR_OPND_LOCAL
          || c->val[from->cond.index].cls != V_CMP)
        continue;
      const struct value *cmp = &c->val[from->cond.index];
      int exits[2];
      for (int s = 0; s < 2; s++)
        {
          compared_region (c, p, s, region);
          check_compared_region (c, region, cmp);
          exits[s] = region_exit (c, region, p, s);
        }
      if (exits[0] == -1 || exits[0] != exits[1])
        fault (c, KIR_REDUCTION_READ, cmp->block, cmp->stmt);
    }
}

int
kir_check_reduction (const struct kir_kernel *k, int r,
                     struct kir_reduction_fault *out, bool *stores_flag)
{
  struct check c = { 0 };
  c.flag_block = c.update_block = -1;
  c.k = k;
  c.var = k->reductions[r].local;
  c.op = k->reductions[r].op;
  size_t n = k->nlocals > 0 ? (size_t) k->nlocals : 1;
  c.val = mint_xcalloc (n, sizeof *c.val);
  struct value *next = mint_xcalloc (n, sizeof *next);
  bool *seen = mint_xcalloc (n, sizeof *seen);
  c.ndefs = mint_xcalloc (n, sizeof *c.ndefs);
  c.def_block = mint_xcalloc (n, sizeof *c.def_block);
  c.def_stmt = mint_xcalloc (n, sizeof *c.def_stmt);
  c.pred = mint_xcalloc ((size_t) k->nblocks, sizeof *c.pred);
  c.up = mint_xcalloc ((size_t) k->nblocks, sizeof *c.up);
  c.sources_unchanged = mint_xcalloc (n, sizeof *c.sources_unchanged);
  for (int l = 0; l < k->nlocals; l++)
    c.val[l] = independent;
  count_definitions (&c);

  for (int rounds = 0; rounds < 64 && round_changes (&c, next, seen);
       rounds++)
    ;
  c.report = true;
  for (int b = 0; b < k->nblocks && !c.faulted; b++)
    {
      for (int i = 0; i < k->blocks[b].nstmts; i++)
        evaluate (&c, b, i);
      const struct kir_block *blk = &k->blocks[b];
      struct value cond = blk->term == KIR_BRANCH
                            ? operand_value (&c, &blk->cond) : independent;
      if (cond.cls != V_IND && cond.cls != V_CMP)
        fault (&c, KIR_REDUCTION_READ, b, -1);
    }
  bool *region = mint_xcalloc ((size_t) k->nblocks, sizeof *region);
  check_compared_regions (&c, region);
  free (region);
  if (c.flag_block >= 0 && c.update_block >= 0)
    fault_beside (&c, KIR_REDUCTION_RESET, c.flag_block, c.flag_stmt,
                  c.update_block, c.update_stmt);
  if (c.faulted)
    *out = c.fault;
  *stores_flag = !c.faulted && c.flag_block >= 0;

  free (c.val);
  free (next);
  free (seen);
  free (c.ndefs);
  free (c.def_block);
  free (c.def_stmt);
  free (c.pred);
  free (c.up);
  free (c.sources_unchanged);
  return c.faulted ? -1 : 0;
}
