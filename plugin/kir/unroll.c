/* unroll.c -- loops of the body with a constant trip count, unrolled
   (unroll.h).  */

#include "unroll.h"
#include "kir-edit.h"
#include "kir-type.h"
#include "xalloc.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A loop of the body: the header tests IV against a constant and goes to
   ENTRY (the first block of an iteration) or EXIT; PREHEADER sets IV to
   FIRST and goes to the header; LATCH ends with IV += STEP and goes back.
   IN marks the loop's blocks, the header's too.  */
struct body_loop
{
  int header, preheader, latch, entry, exit;
  int iv;
  long long first, step;
  int trips;
  char *in;
};

static bool
is_int_constant (const struct kir_operand *o)
{
  return o->kind == KIR_OPND_INT;
}

/* Whether the integer V satisfies V OP C.  */
static bool
compare (enum kir_opcode op, long long v, long long c)
{
  switch (op)
    {
    case KIR_LT: return v < c;
    case KIR_LE: return v <= c;
    case KIR_GT: return v > c;
    case KIR_GE: return v >= c;
    default: return v != c;
    }
}


/* Whether P ends with IV = constant before its goto to the header (into
   L->first).  */
static bool
sets_first (const struct kir_block *p, struct body_loop *l)
{
  for (int i = p->nstmts - 1; i >= 0; i--)
    if (kir_stmt_writes (&p->stmts[i], l->iv))
      {
        const struct kir_stmt *s = &p->stmts[i];
        if (s->kind != KIR_ASSIGN || s->op != KIR_MOV
            || !is_int_constant (&s->args[0]))
          return false;
        l->first = s->args[0].ival;
        return true;
      }
  return false;
}

/* Whether B's last statement is IV = IV + constant (into L->step).  */
static bool
steps_last (const struct kir_block *b, struct body_loop *l)
{
  if (b->nstmts == 0 || b->term != KIR_GOTO)
    return false;
  const struct kir_stmt *s = &b->stmts[b->nstmts - 1];
  if (s->kind != KIR_ASSIGN || s->op != KIR_ADD || s->dst != l->iv
      || !kir_names_local (&s->args[0], l->iv)
      || !is_int_constant (&s->args[1]) || s->args[1].ival == 0)
    return false;
  l->step = s->args[1].ival;
  return true;
}

/* Marks the blocks of the natural loop of L's back edge in L->in.  */
static void
mark_loop (const struct kir_kernel *k, struct body_loop *l)
{
  int *work = mint_xmalloc ((size_t) k->nblocks * sizeof *work);
  int n = 0;
  memset (l->in, 0, (size_t) k->nblocks);
  l->in[l->header] = 1;
  l->in[l->latch] = 1;
  work[n++] = l->latch;
  while (n > 0)
    {
      int b = work[--n];
      for (int p = 0; p < k->nblocks; p++)
        if (!l->in[p] && kir_goes_to (&k->blocks[p], b))
          {
            l->in[p] = 1;
            work[n++] = p;
          }
    }
  free (work);
}

/* Whether a path from the blocks L leaves to reads L's variable before
   it sets it: the value after the loop, which the copies do not keep.
   Another loop over the same variable sets it first.  */
static bool
live_after (const struct kir_kernel *k, const struct body_loop *l)
{
  char *seen = mint_xcalloc ((size_t) k->nblocks, 1);
  int *work = mint_xmalloc ((size_t) k->nblocks * sizeof *work);
  int n = 0;
  bool live = false;
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; l->in[b] && s < kir_successor_count (&k->blocks[b]); s++)
      {
        int to = k->blocks[b].succ[s];
        if (!l->in[to] && !seen[to])
          {
            seen[to] = 1;
            work[n++] = to;
          }
      }
  while (n > 0 && !live)
    {
      const struct kir_block *blk = &k->blocks[work[--n]];
      bool set = false;
      for (int i = 0; i < blk->nstmts && !set && !live; i++)
        {
          live = kir_stmt_reads (&blk->stmts[i], l->iv);
          set = kir_stmt_writes (&blk->stmts[i], l->iv);
        }
      if (set || live)
        continue;
      live = blk->term == KIR_BRANCH && kir_names_local (&blk->cond, l->iv);
      for (int s = 0; s < kir_successor_count (blk); s++)
        if (!seen[blk->succ[s]])
          {
            seen[blk->succ[s]] = 1;
            work[n++] = blk->succ[s];
          }
    }
  free (seen);
  free (work);
  return live;
}

/* Whether the loop's blocks are entered only through the header, IV is
   assigned there only by the latch's step and not read after the loop,
   and the unrolled copies stay within the budget.  */
static bool
loop_is_closed (const struct kir_kernel *k, const struct body_loop *l)
{
  long statements = 0;
  for (int b = 0; b < k->nblocks; b++)
    {
      const struct kir_block *blk = &k->blocks[b];
      if (!l->in[b])
        {
          for (int s = 0; s < kir_successor_count (blk); s++)
            if (l->in[blk->succ[s]] && blk->succ[s] != l->header)
              return false;
          continue;
        }
      statements += blk->nstmts;
      for (int i = 0; i < blk->nstmts; i++)
        if (kir_stmt_writes (&blk->stmts[i], l->iv)
            && !(b == l->latch && i == blk->nstmts - 1))
          return false;
    }
  return statements * l->trips <= UNROLL_MAX_STATEMENTS && !live_after (k, l);
}

/* Whether H heads a loop that can be unrolled (into L, whose IN the
   caller allocated).  */
static bool
find_loop (const struct kir_kernel *k, int h, struct body_loop *l)
{
  const struct kir_block *hb = &k->blocks[h];
  if (hb->term != KIR_BRANCH || hb->nstmts != 1
      || hb->cond.kind != KIR_OPND_LOCAL)
    return false;
  const struct kir_stmt *test = &hb->stmts[0];
  if (test->kind != KIR_ASSIGN || test->dst != hb->cond.index
      || (test->op != KIR_LT && test->op != KIR_LE && test->op != KIR_GT
          && test->op != KIR_GE && test->op != KIR_NE)
      || test->args[0].kind != KIR_OPND_LOCAL
      || !is_int_constant (&test->args[1]))
    return false;
  l->header = h;
  l->iv = test->args[0].index;
  l->entry = hb->succ[0];
  l->exit = hb->succ[1];
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == l->iv)
      return false;
  int pred[2];
  if (kir_predecessors (k, h, pred) != 2)
    return false;
  for (int i = 0; i < 2; i++)
    {
      l->preheader = pred[i];
      l->latch = pred[1 - i];
      const struct kir_block *p = &k->blocks[l->preheader];
      if (p->term == KIR_GOTO && l->preheader != h && sets_first (p, l)
          && steps_last (&k->blocks[l->latch], l))
        break;
      l->latch = -1;
    }
  if (l->latch < 0 || l->latch == h)
    return false;
  /* The trip count, by running the test.  */
  l->trips = 0;
  for (long long v = l->first;
       compare (test->op, v, test->args[1].ival); v += l->step)
    if (++l->trips > UNROLL_MAX_TRIPS)
      return false;
  mark_loop (k, l);
  return !l->in[l->preheader] && !l->in[l->exit] && l->in[l->entry]
         && loop_is_closed (k, l);
}

/* O with L's variable replaced by VALUE.  */
static void
substitute_operand (struct kir_operand *o, const struct kir_kernel *k,
                    int iv, long long value)
{
  if (kir_names_local (o, iv))
    *o = kir_int (k->locals[iv].type, value);
}

/* Block FROM of L copied into block TO for the iteration where L's
   variable is VALUE: the latch without its step.  */
static void
copy_block (struct kir_kernel *k, const struct body_loop *l, int from,
            int to, long long value)
{
  int n = k->blocks[from].nstmts - (from == l->latch);
  for (int i = 0; i < n; i++)
    {
      struct kir_stmt copy = k->blocks[from].stmts[i];
      for (int a = 0; a < copy.nargs; a++)
        substitute_operand (&copy.args[a], k, l->iv, value);
      if (copy.kind != KIR_ASSIGN && copy.kind != KIR_CALL)
        for (int j = 0; j < copy.access.rank; j++)
          kir_affine_replace_local (&copy.access.index[j], l->iv, -1, value);
      *kir_append (k, to, copy.kind) = copy;
    }
  struct kir_block *src = &k->blocks[from], *dst = &k->blocks[to];
  dst->term = src->term;
  dst->cond = src->cond;
  substitute_operand (&dst->cond, k, l->iv, value);
  dst->succ[0] = src->succ[0];
  dst->succ[1] = src->succ[1];
}

/* Replaces loop L by one copy of its blocks per iteration.  */
static void
unroll (struct kir_kernel *k, const struct body_loop *l)
{
  int nblocks = k->nblocks;
  int *copy = mint_xmalloc ((size_t) (l->trips > 0 ? l->trips : 1) * nblocks
                            * sizeof *copy);
  for (int i = 0; i < l->trips; i++)
    for (int b = 0; b < nblocks; b++)
      copy[i * nblocks + b] = l->in[b] && b != l->header ? kir_add_block (k)
                                                         : b;
  for (int i = 0; i < l->trips; i++)
    {
      int next = i + 1 < l->trips ? copy[(i + 1) * nblocks + l->entry]
                                  : l->exit;
      for (int b = 0; b < nblocks; b++)
        {
          int to = copy[i * nblocks + b];
          if (to == b)
            continue;
          copy_block (k, l, b, to, l->first + i * l->step);
          struct kir_block *blk = &k->blocks[to];
          for (int s = 0; s < kir_successor_count (blk); s++)
            blk->succ[s] = blk->succ[s] == l->header ? next
                           : copy[i * nblocks + blk->succ[s]];
        }
    }
  k->blocks[l->preheader].succ[0] = l->trips > 0 ? copy[l->entry] : l->exit;
  free (copy);
}

/* ---- after the copies ------------------------------------------------- */

/* Whether values of type T are the integers a long long holds as C
   computes them (bool and the signed types).  */
static bool
plain_integer (enum kir_type t)
{
  return t == KIR_BOOL || t == KIR_I8 || t == KIR_I16 || t == KIR_I32
         || t == KIR_I64;
}

/* Folds an integer statement whose operands are integer constants into
   *OUT.  */
static bool
fold (const struct kir_stmt *s, long long *out)
{
  long long v[KIR_MAX_ARGS];
  for (int a = 0; a < s->nargs; a++)
    {
      const struct kir_operand *o = &s->args[a];
      if (o->kind != KIR_OPND_INT || !plain_integer (o->type))
        return false;
      v[a] = o->ival;
    }
  switch (s->op)
    {
    case KIR_ADD: return !__builtin_add_overflow (v[0], v[1], out);
    case KIR_SUB: return !__builtin_sub_overflow (v[0], v[1], out);
    case KIR_MUL: return !__builtin_mul_overflow (v[0], v[1], out);
    case KIR_DIV:
    case KIR_MOD:
      if (v[1] == 0 || (v[1] == -1 && v[0] == LLONG_MIN))
        return false;
      *out = s->op == KIR_DIV ? v[0] / v[1] : v[0] % v[1];
      return true;
    case KIR_MOV:
    case KIR_CVT: *out = v[0]; return true;
    case KIR_NOT: *out = !v[0]; return true;
    case KIR_OR: *out = v[0] | v[1]; return true;
    case KIR_AND: *out = v[0] & v[1]; return true;
    case KIR_LAND: *out = v[0] && v[1]; return true;
    case KIR_LOR: *out = v[0] || v[1]; return true;
    case KIR_EQ: *out = v[0] == v[1]; return true;
    case KIR_NE: *out = v[0] != v[1]; return true;
    case KIR_LT: *out = v[0] < v[1]; return true;
    case KIR_LE: *out = v[0] <= v[1]; return true;
    case KIR_GT: *out = v[0] > v[1]; return true;
    case KIR_GE: *out = v[0] >= v[1]; return true;
    default: return false;
    }
}

/* Whether V is a value of type T, which fold computed.  */
static bool
fits (enum kir_type t, long long v)
{
  switch (t)
    {
    case KIR_BOOL: return v == 0 || v == 1;
    case KIR_I32: return v >= -2147483647LL - 1 && v <= 2147483647LL;
    case KIR_I64: return true;
    default: return false;
    }
}

/* The terms of F over locals of known integer values (VALUE) added to
   its constant.  */
static void
fold_affine (struct kir_affine *f, const struct kir_operand *value)
{
  int n = 0;
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].var.kind == KIR_OPND_LOCAL
        && value[f->terms[t].var.index].kind == KIR_OPND_INT)
      f->constant += f->terms[t].coeff * value[f->terms[t].var.index].ival;
    else
      f->terms[n++] = f->terms[t];
  f->nterms = n;
}

/* Renumbers K's blocks in reverse postorder from the entry, dropping
   those it does not reach.  */
static void
renumber_blocks (struct kir_kernel *k)
{
  int n = k->nblocks;
  int *order = mint_xmalloc ((size_t) n * sizeof *order);
  int *number = mint_xmalloc ((size_t) n * sizeof *number);
  int *stack = mint_xmalloc ((size_t) n * sizeof *stack);
  int *edge = mint_xcalloc ((size_t) n, sizeof *edge);
  char *seen = mint_xcalloc ((size_t) n, 1);
  int done = n, top = 0;
  stack[top++] = 0;
  seen[0] = 1;
  while (top > 0)
    {
      int b = stack[top - 1];
      if (edge[b] < kir_successor_count (&k->blocks[b]))
        {
          int s = k->blocks[b].succ[edge[b]++];
          if (!seen[s])
            {
              seen[s] = 1;
              stack[top++] = s;
            }
          continue;
        }
      order[--done] = b;
      top--;
    }
  struct kir_block *blocks = mint_xmalloc ((size_t) n * sizeof *blocks);
  for (int b = 0; b < n; b++)
    number[b] = -1;
  for (int i = done; i < n; i++)
    number[order[i]] = i - done;
  for (int b = 0; b < n; b++)
    if (number[b] < 0)
      free (k->blocks[b].stmts);
    else
      blocks[number[b]] = k->blocks[b];
  for (int i = 0; i < n - done; i++)
    for (int s = 0; s < kir_successor_count (&blocks[i]); s++)
      blocks[i].succ[s] = number[blocks[i].succ[s]];
  free (k->blocks);
  k->blocks = blocks;
  k->blocks_cap = n;
  k->nblocks = n - done;
  free (order);
  free (number);
  free (stack);
  free (edge);
  free (seen);
}

/* Joins each block to the one its goto leads to where that block has no
   other predecessor: the iterations' copies become one straight block,
   as a body written out term by term is (plane-sums.h takes one).  The
   blocks joined are left unreached.  */
static void
join_straight_blocks (struct kir_kernel *k)
{
  int *preds = mint_xcalloc ((size_t) k->nblocks + 1, sizeof *preds);
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < kir_successor_count (&k->blocks[b]); s++)
      preds[k->blocks[b].succ[s]]++;
  for (int b = 0; b < k->nblocks; b++)
    for (struct kir_block *blk = &k->blocks[b]; blk->term == KIR_GOTO;)
      {
        int s = blk->succ[0];
        if (s == b || s == 0 || preds[s] != 1)
          break;
        struct kir_block *next = &k->blocks[s];
        for (int i = 0; i < next->nstmts; i++)
          *kir_append (k, b, next->stmts[i].kind) = next->stmts[i];
        blk = &k->blocks[b];
        next = &k->blocks[s];
        blk->term = next->term;
        blk->cond = next->cond;
        blk->succ[0] = next->succ[0];
        blk->succ[1] = next->succ[1];
        next->nstmts = 0;
        next->term = KIR_GOTO;
        next->succ[0] = s;
        preds[s] = 0;
      }
  free (preds);
}

/* C's arithmetic of OP on constants A (and B) in floating type T, into
   *OUT: false where OP is none of the four operations, a move or a
   conversion, or the value is no finite number.  The host computes in T
   as the device does, so the value is the program's.  */
static bool
fold_float (enum kir_opcode op, enum kir_type t, const struct kir_operand *a,
            const struct kir_operand *b, double *out)
{
  double x[2];
  for (int i = 0; i < (b ? 2 : 1); i++)
    {
      const struct kir_operand *o = i ? b : a;
      if (o->kind == KIR_OPND_FLOAT)
        x[i] = o->fval;
      else if (!plain_integer (o->type) || llabs (o->ival) > (1LL << 53))
        return false;
      else
        x[i] = (double) o->ival;
      if (t == KIR_F32)
        x[i] = (float) x[i];
    }
  double r;
  switch (op)
    {
    case KIR_MOV:
    case KIR_CVT: r = x[0]; break;
    case KIR_NEG: r = -x[0]; break;
    case KIR_ADD: r = t == KIR_F32 ? (double) ((float) x[0] + (float) x[1])
                                   : x[0] + x[1]; break;
    case KIR_SUB: r = t == KIR_F32 ? (double) ((float) x[0] - (float) x[1])
                                   : x[0] - x[1]; break;
    case KIR_MUL: r = t == KIR_F32 ? (double) ((float) x[0] * (float) x[1])
                                   : x[0] * x[1]; break;
    case KIR_DIV: r = t == KIR_F32 ? (double) ((float) x[0] / (float) x[1])
                                   : x[0] / x[1]; break;
    default: return false;
    }
  *out = r;
  return isfinite (r);
}

/* The constant that statement S computes from constant operands, into
   *OUT.  */
static bool
fold_statement (const struct kir_kernel *k, const struct kir_stmt *s,
                struct kir_operand *out)
{
  enum kir_type t = k->locals[s->dst].type;
  for (int a = 0; a < s->nargs; a++)
    if (s->args[a].kind != KIR_OPND_INT && s->args[a].kind != KIR_OPND_FLOAT)
      return false;
  /* A choice by a known condition (an element of a table of constants
     at a known subscript) is the operand chosen, of the local's type.  */
  if (s->op == KIR_SELECT)
    {
      const struct kir_operand *chosen = &s->args[s->args[0].ival ? 1 : 2];
      if (s->args[0].kind != KIR_OPND_INT || chosen->type != t)
        return false;
      *out = *chosen;
      return true;
    }
  if (kir_type_is_float (t))
    {
      double r;
      if (s->nargs < 1 || s->nargs > 2
          || !fold_float (s->op, t, &s->args[0],
                          s->nargs == 2 ? &s->args[1] : NULL, &r))
        return false;
      *out = kir_float (t, r);
      return true;
    }
  long long v;
  if (!plain_integer (t) || !fold (s, &v) || !fits (t, v))
    return false;
  *out = kir_int (t, v);
  return true;
}

/* Substitutes the locals of known values (VALUE) into the operands of
   statement S.  */
static void
substitute_known (struct kir_stmt *s, const struct kir_operand *value)
{
  if (s->kind == KIR_ASSIGN || s->kind == KIR_CALL || s->kind == KIR_STORE)
    for (int a = 0; a < s->nargs; a++)
      if (s->args[a].kind == KIR_OPND_LOCAL
          && value[s->args[a].index].kind != KIR_OPND_NONE)
        s->args[a] = value[s->args[a].index];
}

/* Per block, the values that statements compute from constants alone:
   between the copies, the integers (int off = k - 2 with k's value)
   replace their locals in the block's subscripts, and a branch on one
   becomes a jump (if (dy || dx)); where OPERANDS, once the body is one
   straight block, every constant (a weight of the unrolled iteration,
   (0.999 + 0.0001 * (5 * dy + dx)) / 25) also replaces its local in the
   statements after: the kernel reads the constant, as the program built
   without the plugin does once GCC has folded it.  Integers only of
   types whose values a long long holds as C computes them; floating
   values computed in their type as the host computes them.  */
static void
fold_block_constants (struct kir_kernel *k, bool operands)
{
  struct kir_operand *value = mint_xcalloc ((size_t) k->nlocals + 1,
                                            sizeof *value);
  for (int b = 0; b < k->nblocks; b++)
    {
      struct kir_block *blk = &k->blocks[b];
      for (int l = 0; l < k->nlocals; l++)
        value[l].kind = KIR_OPND_NONE;
      for (int i = 0; i < blk->nstmts; i++)
        {
          struct kir_stmt *s = &blk->stmts[i];
          if (s->kind != KIR_ASSIGN && s->kind != KIR_CALL)
            for (int j = 0; j < s->access.rank; j++)
              fold_affine (&s->access.index[j], value);
          struct kir_stmt copy = *s, *known = operands ? s : &copy;
          substitute_known (known, value);
          if (s->kind == KIR_STORE || s->kind == KIR_PSTORE || s->dst < 0)
            continue;
          struct kir_operand c;
          if (s->kind == KIR_ASSIGN && fold_statement (k, known, &c))
            value[s->dst] = c;
          else
            value[s->dst].kind = KIR_OPND_NONE;
        }
      if (blk->term != KIR_BRANCH)
        continue;
      if (blk->cond.kind == KIR_OPND_INT)
        blk->succ[0] = blk->succ[blk->cond.ival ? 0 : 1];
      else if (blk->cond.kind == KIR_OPND_LOCAL
               && value[blk->cond.index].kind == KIR_OPND_INT)
        blk->succ[0] = blk->succ[value[blk->cond.index].ival ? 0 : 1];
      else
        continue;
      blk->term = KIR_GOTO;
    }
  free (value);
}

static void
count_read (int *local, int write, void *data)
{
  if (!write)
    ((int *) data)[*local]++;
}

/* Whether assignment I of BLK sets a value that nothing reads: its
   local is read nowhere (READS), or set again further on in the block
   before any read.  */
static bool
dead_assignment (const struct kir_block *blk, int i, const int *reads)
{
  int local = blk->stmts[i].dst;
  if (blk->stmts[i].kind != KIR_ASSIGN || local < 0)
    return false;
  if (reads[local] == 0)
    return true;
  for (int j = i + 1; j < blk->nstmts; j++)
    {
      if (kir_stmt_reads (&blk->stmts[j], local))
        return false;
      if (kir_stmt_writes (&blk->stmts[j], local))
        return true;
    }
  return false;
}

/* Drops the assignments whose value nothing reads: the loops' variables,
   which the copies set and no longer read, and an accumulator's "s = 0"
   where its first term now adds the constant (plane-sums.h takes a body
   whose statements of no plane set their locals once).  */
static void
drop_dead_assignments (struct kir_kernel *k)
{
  int *reads = mint_xmalloc (((size_t) k->nlocals + 1) * sizeof *reads);
  for (bool dropped = true; dropped;)
    {
      dropped = false;
      memset (reads, 0, ((size_t) k->nlocals + 1) * sizeof *reads);
      kir_for_each_local (k, count_read, reads);
      for (int b = 0; b < k->nblocks; b++)
        {
          struct kir_block *blk = &k->blocks[b];
          int n = 0;
          for (int i = 0; i < blk->nstmts; i++)
            if (dead_assignment (blk, i, reads))
              dropped = true;
            else
              blk->stmts[n++] = blk->stmts[i];
          blk->nstmts = n;
        }
    }
  free (reads);
  kir_drop_unused_locals (k);
}

int
kir_unroll_constant_loops (struct kir_kernel *k)
{
  int unrolled = 0;
  for (bool again = true; again;)
    {
      again = false;
      struct body_loop l;
      l.in = mint_xmalloc ((size_t) k->nblocks + 1);
      /* The last header found in block order is an inner loop's or one
         after the others.  */
      for (int h = k->nblocks - 1; h >= 0 && !again; h--)
        if (find_loop (k, h, &l))
          {
            unroll (k, &l);
            fold_block_constants (k, false);
            renumber_blocks (k);
            unrolled++;
            again = true;
          }
      free (l.in);
    }
  if (unrolled > 0)
    {
      join_straight_blocks (k);
      renumber_blocks (k);
      fold_block_constants (k, true);
      join_straight_blocks (k);
      renumber_blocks (k);
      drop_dead_assignments (k);
    }
  return unrolled;
}
