/* recompute.c -- forward passes of line sweeps computed again in segments
   (recompute.h).  */

#include "recompute.h"
#include "kir-edit.h"
#include "kir-type.h"

#include <stdbool.h>
#include <string.h>

/* A loop as kir_carry_stored_values leaves it: HEADER branches to CHECK
   and EXIT; CHECK goes to BODY once FLAG is set, else to FIRST, which
   loads CARRY and sets FLAG; BODY stores ARRAY once, at STORE, and steps
   IV by STEP last; ENTRY is the one other block that goes to HEADER.
   LOAD: the body's load of the element it stores, or -1.  */
struct sweep
{
  int header, check, first, body, exit, entry;
  int iv, flag, carry;
  long long step;
  int array, store, load;
};

/* A bound: SCALAR (-1 for none) plus C.  */
struct bound
{
  int scalar;
  long long c;
};

/* How many blocks of K go to block TO.  */
static int
entries (const struct kir_kernel *k, int to)
{
  int pred[2];
  return kir_predecessors (k, to, pred);
}

/* Whether S of BODY may run again elsewhere with the same result: it
   assigns, calls, or loads an array the kernel never writes.  */
static bool
recomputable (const struct kir_kernel *k, const struct kir_stmt *s)
{
  switch (s->kind)
    {
    case KIR_ASSIGN:
      return true;
    case KIR_CALL:
      return s->dst >= 0;
    case KIR_LOAD:
      return !k->arrays[s->access.array].written;
    default:
      return false;
    }
}

/* The body of SW: one store of SW->array, the carry's copy right after
   it, its step last; with LOAD, one load of the stored element before
   the store; every other statement recomputable.  */
static bool
match_body (const struct kir_kernel *k, struct sweep *sw, bool load)
{
  const struct kir_block *b = &k->blocks[sw->body];
  sw->store = sw->load = -1;
  for (int i = 0; i < b->nstmts - 1; i++)
    {
      const struct kir_stmt *s = &b->stmts[i];
      if (kir_stmt_writes (s, sw->iv) || kir_stmt_writes (s, sw->flag))
        return false;
      if (s->kind == KIR_STORE && s->access.array == sw->array
          && sw->store < 0)
        sw->store = i;
      else if (load && s->kind == KIR_LOAD && s->access.array == sw->array
               && sw->store < 0 && sw->load < 0)
        sw->load = i;
      else if (!recomputable (k, s))
        return false;
    }
  if (sw->store < 0 || sw->store + 1 >= b->nstmts - 1
      || !kir_stmt_writes (&b->stmts[sw->store + 1], sw->carry)
      || (load && (sw->load < 0
                   || !kir_same_element (&b->stmts[sw->store].access,
                                         &b->stmts[sw->load].access))))
    return false;
  return true;
}

/* Whether BODY closes a carried loop stepping by STEP, into SW.  Its
   variable is signed: the bounds of the segments are differences.  */
static bool
match_sweep (const struct kir_kernel *k, int body, long long step,
             struct sweep *sw)
{
  const struct kir_block *b = &k->blocks[body];
  if (b->term != KIR_GOTO || b->nstmts < 3)
    return false;
  const struct kir_stmt *st = &b->stmts[b->nstmts - 1];
  if (st->kind != KIR_ASSIGN || st->nargs != 2 || st->op != KIR_ADD
      || st->args[0].kind != KIR_OPND_LOCAL || st->args[0].index != st->dst
      || st->args[1].kind != KIR_OPND_INT || st->args[1].ival != step
      || !kir_type_is_integer (k->locals[st->dst].type)
      || !kir_type_is_signed (k->locals[st->dst].type))
    return false;
  sw->body = body;
  sw->iv = st->dst;
  sw->step = step;
  sw->header = b->succ[0];
  const struct kir_block *h = &k->blocks[sw->header];
  if (h->term != KIR_BRANCH || sw->header == body)
    return false;
  for (int i = 0; i < h->nstmts; i++)
    if (h->stmts[i].kind != KIR_ASSIGN || h->stmts[i].dst == sw->iv)
      return false;
  int s = 0;
  for (; s < 2; s++)
    {
      const struct kir_block *c = &k->blocks[h->succ[s]];
      if (c->term == KIR_BRANCH && c->nstmts == 0 && c->succ[0] == body
          && c->cond.kind == KIR_OPND_LOCAL)
        break;
    }
  if (s == 2)
    return false;
  sw->check = h->succ[s];
  sw->exit = h->succ[1 - s];
  sw->first = k->blocks[sw->check].succ[1];
  sw->flag = k->blocks[sw->check].cond.index;
  const struct kir_block *f = &k->blocks[sw->first];
  int into_header[2];
  if (f->term != KIR_GOTO || f->succ[0] != body || f->nstmts != 2
      || f->stmts[0].kind != KIR_LOAD
      || !kir_stmt_writes (&f->stmts[1], sw->flag)
      || entries (k, body) != 2 || entries (k, sw->first) != 1
      || entries (k, sw->check) != 1
      || kir_predecessors (k, sw->header, into_header) != 2)
    return false;
  sw->carry = f->stmts[0].dst;
  sw->array = f->stmts[0].access.array;
  sw->entry = into_header[into_header[0] == body];
  return k->blocks[sw->entry].term == KIR_GOTO
         && match_body (k, sw, step < 0);
}

static bool operand_bound (const struct kir_kernel *k,
                           const struct kir_block *b, struct kir_operand o,
                           struct bound *v);

/* The value DEF assigns as a bound: a constant or a scalar, or a scalar
   (or a copy of one, as a scalar of a structure is read) plus or minus a
   constant.  */
static bool
assigned_bound (const struct kir_kernel *k, const struct kir_block *b,
                const struct kir_stmt *def, struct bound *v)
{
  if (def->kind != KIR_ASSIGN)
    return false;
  if (def->op == KIR_MOV)
    return def->args[0].kind != KIR_OPND_LOCAL
           && operand_bound (k, b, def->args[0], v);
  if ((def->op != KIR_ADD && def->op != KIR_SUB)
      || def->args[1].kind != KIR_OPND_INT
      || !operand_bound (k, b, def->args[0], v) || v->scalar < 0
      || v->c != 0)
    return false;
  v->c = def->op == KIR_ADD ? def->args[1].ival : -def->args[1].ival;
  return true;
}

/* O as a bound, where it is a constant, a scalar, or a local that block
   B assigns once (assigned_bound).  */
static bool
operand_bound (const struct kir_kernel *k, const struct kir_block *b,
               struct kir_operand o, struct bound *v)
{
  v->scalar = -1;
  v->c = 0;
  if (o.kind == KIR_OPND_INT)
    {
      v->c = o.ival;
      return true;
    }
  if (o.kind == KIR_OPND_SCALAR)
    {
      v->scalar = o.index;
      return kir_type_is_integer (k->scalars[o.index].type);
    }
  if (o.kind != KIR_OPND_LOCAL)
    return false;
  const struct kir_stmt *def = NULL;
  for (int i = 0; i < b->nstmts; i++)
    if (kir_stmt_writes (&b->stmts[i], o.index))
      {
        if (def)
          return false;
        def = &b->stmts[i];
      }
  return def && assigned_bound (k, b, def, v);
}

/* The value SW's variable starts at (the last assignment in its entry
   block), into V.  */
static bool
start_bound (const struct kir_kernel *k, const struct sweep *sw,
             struct bound *v)
{
  const struct kir_block *e = &k->blocks[sw->entry];
  for (int i = e->nstmts - 1; i >= 0; i--)
    if (kir_stmt_writes (&e->stmts[i], sw->iv))
      return assigned_bound (k, e, &e->stmts[i], v);
  return false;
}

/* The last value of SW's variable for which its header enters the body
   (step 1: the largest; step -1: the smallest), into V.  */
static bool
end_bound (const struct kir_kernel *k, const struct sweep *sw,
           struct bound *v)
{
  const struct kir_block *h = &k->blocks[sw->header];
  if (h->cond.kind != KIR_OPND_LOCAL)
    return false;
  bool body_on_true = h->succ[0] == sw->check;
  for (int i = 0; i < h->nstmts; i++)
    {
      const struct kir_stmt *s = &h->stmts[i];
      if (!kir_stmt_writes (s, h->cond.index))
        continue;
      if (s->nargs != 2 || !body_on_true)
        return false;
      enum kir_opcode op = s->op;
      struct kir_operand other;
      if (kir_names_local (&s->args[0], sw->iv))
        other = s->args[1];
      else if (kir_names_local (&s->args[1], sw->iv))
        {
          other = s->args[0];
          /* B op iv as iv op' B.  */
          op = kir_swapped_comparison (op);
        }
      else
        return false;
      if (!operand_bound (k, h, other, v))
        return false;
      if (sw->step > 0 && (op == KIR_LT || op == KIR_LE))
        v->c -= op == KIR_LT;
      else if (sw->step < 0 && (op == KIR_GT || op == KIR_GE))
        v->c += op == KIR_GT;
      else
        return false;
      return true;
    }
  return false;
}

/* The first statement of block B that reads local L, and the first that
   assigns it (-1 for none), into *READ and *WRITE.  */
static void
first_uses (const struct kir_block *b, int l, int *read, int *write)
{
  *read = *write = -1;
  for (int i = b->nstmts - 1; i >= 0; i--)
    {
      if (kir_stmt_reads (&b->stmts[i], l))
        *read = i;
      if (kir_stmt_writes (&b->stmts[i], l))
        *write = i;
    }
}

/* Whether local L is named in a block of K but F's body and B's body, or
   read there before it is assigned, or in a branch's condition.  */
static bool
live_beside (const struct kir_kernel *k, int l, const struct sweep *f,
             const struct sweep *b)
{
  for (int p = 0; p < k->nblocks; p++)
    {
      const struct kir_block *blk = &k->blocks[p];
      int read, write;
      if (p == f->body)
        continue;
      if (blk->term == KIR_BRANCH && kir_names_local (&blk->cond, l))
        return true;
      first_uses (blk, l, &read, &write);
      if (p == b->body ? read >= 0 && (write < 0 || read <= write)
                       : read >= 0 || write >= 0)
        return true;
    }
  return false;
}

/* Whether the bodies of the pair F, B can run as copies in B's segments:
   neither reads what its header computes; each local F's body assigns,
   but its variable and its carried value, is assigned before it is read
   there, and elsewhere only assigned by B's body before B's body reads
   it: F's copies then neither need a value from the iteration before
   nor leave one that anything reads.  */
static bool
bodies_self_contained (const struct kir_kernel *k, const struct sweep *f,
                       const struct sweep *b)
{
  const struct kir_block *fb = &k->blocks[f->body];
  for (int l = 0; l < k->nlocals; l++)
    {
      int read, write;
      first_uses (fb, l, &read, &write);
      if (read >= 0 && kir_block_assignments (&k->blocks[f->header], l))
        return false;
      int bread, bwrite;
      first_uses (&k->blocks[b->body], l, &bread, &bwrite);
      if (bread >= 0 && kir_block_assignments (&k->blocks[b->header], l))
        return false;
      if (write < 0 || l == f->iv || l == f->carry)
        continue;
      if ((read >= 0 && read <= write) || live_beside (k, l, f, b))
        return false;
    }
  return true;
}

/* Whether the forward sweep F and the backward sweep B make a pair:
   B starts where F ends, at the element F stores last less one, and
   ends at or below where F starts; locals F's body reads from outside
   keep their values through B.  */
static bool
pair (const struct kir_kernel *k, const struct sweep *f,
      const struct sweep *b)
{
  struct bound fa, fb, ba, bb;
  if (f->exit != b->entry || entries (k, b->entry) != 1
      || f->array != b->array || !start_bound (k, f, &fa)
      || !end_bound (k, f, &fb) || !start_bound (k, b, &bb)
      || !end_bound (k, b, &ba) || bb.scalar != fb.scalar
      || bb.c != fb.c - 1 || ba.scalar != fa.scalar || ba.c > fa.c)
    return false;
  const struct kir_block *e = &k->blocks[b->entry];
  for (int i = 0; i < e->nstmts; i++)
    if (e->stmts[i].kind != KIR_ASSIGN)
      return false;
  if (!bodies_self_contained (k, f, b))
    return false;
  const struct kir_stmt *fs = &k->blocks[f->body].stmts[f->store];
  const struct kir_stmt *bs = &k->blocks[b->body].stmts[b->store];
  for (int j = 0; j < fs->access.rank; j++)
    {
      const struct kir_affine *x = &fs->access.index[j];
      const struct kir_affine *y = &bs->access.index[j];
      if (x->constant != y->constant || x->nterms != y->nterms)
        return false;
      for (int t = 0; t < x->nterms; t++)
        if (x->terms[t].coeff != y->terms[t].coeff
            || x->terms[t].var.kind != y->terms[t].var.kind
            || (x->terms[t].var.index != y->terms[t].var.index
                && !(kir_names_local (&x->terms[t].var, f->iv)
                     && kir_names_local (&y->terms[t].var, b->iv))))
          return false;
    }
  const int later[] = { f->header, b->entry, b->header, b->check, b->first,
                        b->body };
  const struct kir_block *fbody = &k->blocks[f->body];
  for (int l = 0; l < k->nlocals; l++)
    {
      bool read = false;
      for (int i = 0; i < fbody->nstmts && !read; i++)
        read = kir_stmt_reads (&fbody->stmts[i], l);
      if (!read || l == f->iv || l == f->carry
          || kir_block_assignments (fbody, l))
        continue;
      for (size_t i = 0; i < sizeof later / sizeof *later; i++)
        if (kir_block_assignments (&k->blocks[later[i]], l))
          return false;
    }
  return true;
}

/* Whether ACCESS names a local other than IV: its element differs from
   line to line, so every line streams its own.  */
static bool
line_stream (const struct kir_access *access, int iv)
{
  for (int j = 0; j < access->rank; j++)
    for (int t = 0; t < access->index[j].nterms; t++)
      {
        const struct kir_operand *var = &access->index[j].terms[t].var;
        if (var->kind == KIR_OPND_LOCAL && var->index != iv)
          return true;
      }
  return false;
}

/* Whether statement I of block B is the first load there of an array
   that IV's lines stream (line_stream).  */
static bool
first_stream (const struct kir_block *b, int i, int iv)
{
  const struct kir_stmt *s = &b->stmts[i];
  if (s->kind != KIR_LOAD || !line_stream (&s->access, iv))
    return false;
  for (int j = 0; j < i; j++)
    if (b->stmts[j].kind == KIR_LOAD
        && b->stmts[j].access.array == s->access.array
        && line_stream (&b->stmts[j].access, iv))
      return false;
  return true;
}

/* Whether computing F's segments again pays.  Each array F's body
   streams is read once more a cell, and S's store and load back give
   way to a checkpoint's store and load a segment: 2 R + 1 + 2 / SEGMENT
   moves a cell for R + 3.  Along z and y the straight segments move
   their bytes at about the copy bandwidth, where the carried loop's
   chain of one cell after another moves them at about 4/5 of it.  Along
   the rows, where both go through the warps' staged windows and the
   checkpoints stay on chip, the rewrite must move no more bytes: 2 R + 1
   for R + 3 (bench/results/optimizer-notes.md, rounds 60 and 61).  */
static bool
recompute_pays (const struct kir_kernel *k, const struct sweep *f,
                bool rows)
{
  const struct kir_block *b = &k->blocks[f->body];
  int streams = 0;
  for (int i = 0; i < b->nstmts; i++)
    streams += first_stream (b, i, f->iv);
  if (rows)
    return 2 * streams + 1 <= streams + 3;
  return 4 * ((2 * streams + 1) * RECOMPUTE_SEGMENT + 2)
         < 5 * (streams + 3) * RECOMPUTE_SEGMENT;
}

/* The last subscript of F's store: the cell in its array's row.  */
static const struct kir_affine *
row_subscript (const struct kir_kernel *k, const struct sweep *f)
{
  const struct kir_stmt *fs = &k->blocks[f->body].stmts[f->store];
  return &fs->access.index[fs->access.rank - 1];
}

/* Whether F's stores walk the rows of its array: the warps stage such
   rows in windows (staged-rows.h).  */
static bool
sweeps_rows (const struct kir_kernel *k, const struct sweep *f)
{
  return kir_affine_steps_by_one (row_subscript (k, f), f->iv);
}

/* Every name of local FROM in S made TO.  */
static void
rename_local (struct kir_stmt *s, int from, int to)
{
  for (int a = 0; a < s->nargs; a++)
    if (kir_names_local (&s->args[a], from))
      s->args[a].index = to;
  if (s->kind != KIR_ASSIGN && s->kind != KIR_CALL)
    for (int i = 0; i < s->access.rank; i++)
      for (int t = 0; t < s->access.index[i].nterms; t++)
        if (kir_names_local (&s->access.index[i].terms[t].var, from))
          s->access.index[i].terms[t].var.index = to;
}

/* Appends to BLOCK `dst = a OP b'.  */
static void
append_op (struct kir_kernel *k, int block, int dst, enum kir_opcode op,
           struct kir_operand a, struct kir_operand b)
{
  struct kir_stmt *s = kir_append (k, block, KIR_ASSIGN);
  s->op = op;
  s->dst = dst;
  s->nargs = 2;
  s->args[0] = a;
  s->args[1] = b;
}

/* Appends to BLOCK a copy of S with local FROM renamed TO.  */
static void
append_renamed (struct kir_kernel *k, int block, struct kir_stmt s, int from,
                int to)
{
  rename_local (&s, from, to);
  *kir_append (k, block, s.kind) = s;
}

/* A rewrite: the pair F, B; its segments of SEGMENT cells (2^SHIFT);
   along the rows, the private array KEPT (else -1) that holds the value
   before each segment, in place of S's element.  The locals: where the
   segments start (FIRST) and end (TOP); a segment's first cell, its
   index, the cell at hand; whether a whole segment runs next, and
   whether B's variable is at or above FIRST; the forward values of a
   segment.  */
struct rewrite
{
  const struct sweep *f, *b;
  int segment, shift, kept;
  int first, top, lo, index, cell, whole, above;
  int value[RECOMPUTE_ROW_SEGMENT];
};

/* F's entry block computes FIRST and TOP: FIRST is where F starts, or
   along the rows the first cell from there that starts a segment of the
   array's cells, so that each segment lies in one staged window; TOP is
   the first cell above F's whole segments from FIRST
   (forward_segments), along the rows no more than RECOMPUTE_ROW_KEPT
   segments.  F's body, which then runs the cells below FIRST and from
   TOP on only, stores them all.  */
static void
compute_top (struct kir_kernel *k, const struct rewrite *r)
{
  const struct sweep *f = r->f;
  enum kir_type t = k->locals[f->iv].type;
  struct kir_operand first = kir_local (k, r->first);
  struct kir_operand top = kir_local (k, r->top);
  int e = f->entry;
  kir_set_copy (k, kir_append (k, e, KIR_ASSIGN), r->first,
                kir_local (k, f->iv));
  if (r->kept >= 0)
    {
      /* The constant by which the row's cells are offset from F's
         variable.  */
      long long c = row_subscript (k, f)->constant;
      append_op (k, e, r->first, KIR_ADD, first,
                 kir_int (t, c + r->segment - 1));
      append_op (k, e, r->first, KIR_AND, first, kir_int (t, -r->segment));
      append_op (k, e, r->first, KIR_SUB, first, kir_int (t, c));
    }
  /* The forward loop's last cell, less FIRST, rounded down to whole
     segments (negative where it runs no cell).  */
  struct bound fb;
  end_bound (k, f, &fb);
  struct kir_operand last = kir_int (t, fb.c);
  if (fb.scalar >= 0)
    {
      append_op (k, e, r->top, KIR_ADD, kir_scalar (k, fb.scalar), last);
      last = top;
    }
  append_op (k, e, r->top, KIR_SUB, last, first);
  append_op (k, e, r->top, KIR_AND, top, kir_int (t, -r->segment));
  if (r->kept >= 0)
    append_op (k, e, r->top, KIR_MIN, top,
               kir_int (t, (long long) RECOMPUTE_ROW_KEPT * r->segment));
  append_op (k, e, r->top, KIR_ADD, first, top);
}

/* Appends to BLOCK a copy of S, a statement of the body of a loop over
   IV, at the segment's cell LO + C: IV named CELL in its operands and LO
   + C in its subscripts, so that the accesses of a segment share LO's
   residue (kir_local; the warps then hold a staged window once a
   segment, emit-rows.c).  */
static void
append_at_cell (struct kir_kernel *k, int block, struct kir_stmt s, int iv,
                const struct rewrite *r, int c)
{
  if (s.kind == KIR_LOAD || s.kind == KIR_STORE)
    for (int i = 0; i < s.access.rank; i++)
      kir_affine_replace_local (&s.access.index[i], iv, r->lo, c);
  append_renamed (k, block, s, iv, r->cell);
}

/* Appends to BLOCK F's body but its step for each cell of a segment from
   LO (its first cell) up: the store of the last cell where STORE_LAST,
   else none, each cell's value kept in R->value.  */
static void
append_forward (struct kir_kernel *k, int block, const struct rewrite *r,
                bool store_last)
{
  const struct sweep *f = r->f;
  enum kir_type t = k->locals[f->iv].type;
  for (int c = 0; c < r->segment; c++)
    {
      append_op (k, block, r->cell, KIR_ADD, kir_local (k, r->lo),
                 kir_int (t, c));
      for (int i = 0; i < k->blocks[f->body].nstmts - 1; i++)
        {
          struct kir_stmt s = k->blocks[f->body].stmts[i];
          if (i == f->store && !store_last)
            kir_set_copy (k, &s, r->value[c], s.args[0]);
          else if (i == f->store && c < r->segment - 1)
            continue;
          append_at_cell (k, block, s, f->iv, r, c);
        }
    }
}

/* Appends to BLOCK the index of the segment from LO in R->kept, and the
   private access to it, into ACCESS.  */
static void
kept_element (struct kir_kernel *k, int block, const struct rewrite *r,
              struct kir_access *access)
{
  enum kir_type t = k->locals[r->f->iv].type;
  append_op (k, block, r->index, KIR_SUB, kir_local (k, r->lo),
             kir_local (k, r->first));
  append_op (k, block, r->index, KIR_SHR, kir_local (k, r->index),
             kir_int (t, r->shift));
  memset (access, 0, sizeof *access);
  access->array = r->kept;
  access->rank = 1;
  access->index[0].nterms = 1;
  access->index[0].terms[0].var = kir_local (k, r->index);
  access->index[0].terms[0].coeff = 1;
}

/* Sends SW's header, where SW's body would run, to INSIDE, which the
   caller fills and which goes on to SEG where its last statement's
   local is set, else to SW's body as before; SW's first iteration there
   loads the carried value as SW's own first iteration does.  */
static void
route_segments (struct kir_kernel *k, const struct sweep *sw, int inside,
                int seg)
{
  int enter = kir_add_block (k), load = kir_add_block (k);
  struct kir_block *h = &k->blocks[sw->header];
  h->succ[h->succ[0] == sw->check ? 0 : 1] = inside;
  const struct kir_block *in = &k->blocks[inside];
  int cond = in->stmts[in->nstmts - 1].dst;
  kir_set_branch (k, inside, kir_local (k, cond), enter, sw->check);
  kir_set_branch (k, enter, kir_local (k, sw->flag), seg, load);
  for (int i = 0; i < 2; i++)
    {
      struct kir_stmt s = k->blocks[sw->first].stmts[i];
      *kir_append (k, load, s.kind) = s;
    }
  kir_set_goto (k, load, seg);
}

/* F runs whole segments from FIRST below TOP as straight code, each
   cell's loads free to go ahead of the chain, storing the checkpoint
   only: the segment's last value, or along the rows the value before
   the segment into R->kept.  */
static void
forward_segments (struct kir_kernel *k, const struct rewrite *r)
{
  const struct sweep *f = r->f;
  enum kir_type t = k->locals[f->iv].type;
  int inside = kir_add_block (k), seg = kir_add_block (k);
  struct kir_operand iv = kir_local (k, f->iv);
  append_op (k, inside, r->cell, KIR_ADD, iv,
             kir_int (t, r->segment - 1));
  append_op (k, inside, r->whole, KIR_LT, kir_local (k, r->cell),
             kir_local (k, r->top));
  if (r->kept >= 0)
    {
      append_op (k, inside, r->above, KIR_GE, iv, kir_local (k, r->first));
      append_op (k, inside, r->whole, KIR_LAND, kir_local (k, r->whole),
                 kir_local (k, r->above));
    }
  route_segments (k, f, inside, seg);
  kir_set_copy (k, kir_append (k, seg, KIR_ASSIGN), r->lo, iv);
  if (r->kept >= 0)
    {
      struct kir_access kept;
      kept_element (k, seg, r, &kept);
      struct kir_stmt *st = kir_append (k, seg, KIR_PSTORE);
      st->access = kept;
      st->nargs = 1;
      st->args[0] = kir_local (k, f->carry);
    }
  append_forward (k, seg, r, r->kept < 0);
  append_op (k, seg, f->iv, KIR_ADD, iv, kir_int (t, r->segment));
  kir_set_goto (k, seg, f->header);
}

/* B's whole segments in [FIRST, TOP), each from LO = B's variable -
   SEGMENT + 1 up: F's values computed again from the one before LO
   (loaded as F's first iteration loads it, or from R->kept), then B's
   body for each cell down to LO, its load of the element replaced by
   the value; B's variable then LO - 1.  */
static void
backward_segments (struct kir_kernel *k, const struct rewrite *r)
{
  const struct sweep *f = r->f, *b = r->b;
  enum kir_type t = k->locals[b->iv].type;
  int inside = kir_add_block (k), seg = kir_add_block (k);
  struct kir_operand iv = kir_local (k, b->iv);
  append_op (k, inside, r->whole, KIR_LT, iv, kir_local (k, r->top));
  append_op (k, inside, r->above, KIR_GE, iv, kir_local (k, r->first));
  append_op (k, inside, r->whole, KIR_LAND, kir_local (k, r->whole),
             kir_local (k, r->above));
  route_segments (k, b, inside, seg);
  struct kir_operand lo = kir_local (k, r->lo);
  append_op (k, seg, r->lo, KIR_SUB, iv, kir_int (t, r->segment - 1));
  kir_set_copy (k, kir_append (k, seg, KIR_ASSIGN), r->cell, lo);
  if (r->kept >= 0)
    {
      struct kir_access kept;
      kept_element (k, seg, r, &kept);
      struct kir_stmt *ld = kir_append (k, seg, KIR_PLOAD);
      ld->dst = f->carry;
      ld->access = kept;
    }
  else
    append_renamed (k, seg, k->blocks[f->first].stmts[0], f->iv, r->cell);
  append_forward (k, seg, r, false);
  for (int c = r->segment - 1; c >= 0; c--)
    {
      append_op (k, seg, r->cell, KIR_ADD, lo, kir_int (t, c));
      const struct kir_block *bb = &k->blocks[b->body];
      for (int i = 0; i < bb->nstmts - 1; i++)
        {
          struct kir_stmt s = bb->stmts[i];
          if (i == b->load)
            kir_set_copy (k, &s, s.dst, kir_local (k, r->value[c]));
          append_at_cell (k, seg, s, b->iv, r, c);
          bb = &k->blocks[b->body];
        }
    }
  append_op (k, seg, b->iv, KIR_SUB, lo, kir_int (t, 1));
  kir_set_goto (k, seg, b->header);
}

/* Rewrites the pair F, B (recompute.h), along the rows where ROWS.  */
static void
recompute_pair (struct kir_kernel *k, const struct sweep *f,
                const struct sweep *b, bool rows)
{
  enum kir_type t = k->locals[f->iv].type;
  enum kir_type elem = k->arrays[f->array].elem;
  struct rewrite r = { .f = f, .b = b, .kept = -1 };
  r.segment = rows ? RECOMPUTE_ROW_SEGMENT : RECOMPUTE_SEGMENT;
  while (1 << r.shift < r.segment)
    r.shift++;
  if (rows)
    {
      int extent = RECOMPUTE_ROW_KEPT;
      r.kept = kir_new_private (k, "mint_kept", elem, 1, &extent);
      r.index = kir_new_local (k, "mint_segment_index", t);
    }
  r.first = kir_new_local (k, "mint_sweep_first", t);
  r.top = kir_new_local (k, "mint_sweep_top", t);
  r.lo = kir_new_local (k, "mint_segment", t);
  if (rows)
    {
      /* The segments start at cells of the row that are multiples of the
         segment (compute_top).  */
      long long c = row_subscript (k, f)->constant % r.segment;
      k->locals[r.lo].modulus = r.segment;
      k->locals[r.lo].residue = (int) ((r.segment - c) % r.segment);
    }
  r.cell = kir_new_local (k, "mint_cell", t);
  r.whole = kir_new_local (k, "mint_whole_segment", KIR_BOOL);
  r.above = kir_new_local (k, "mint_above_first", KIR_BOOL);
  for (int c = 0; c < r.segment; c++)
    r.value[c] = kir_new_local (k, "mint_forward", elem);
  compute_top (k, &r);
  forward_segments (k, &r);
  backward_segments (k, &r);
  if (f->array < 64)
    {
      k->recomputed |= 1ULL << f->array;
      if (rows)
        k->recomputed_rows |= 1ULL << f->array;
    }
}

int
kir_recompute_sweeps (struct kir_kernel *k)
{
  int n = 0, blocks = k->nblocks;
  for (int body = 0; body < blocks; body++)
    {
      struct sweep f, b;
      if (!match_sweep (k, body, 1, &f))
        continue;
      for (int other = 0; other < blocks; other++)
        if (match_sweep (k, other, -1, &b) && pair (k, &f, &b))
          {
            bool rows = sweeps_rows (k, &f);
            if (recompute_pays (k, &f, rows))
              {
                recompute_pair (k, &f, &b, rows);
                n++;
              }
            else if (f.array < 64)
              k->stored_whole |= 1ULL << f.array;
            break;
          }
    }
  return n;
}
