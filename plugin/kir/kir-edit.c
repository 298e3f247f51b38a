/* kir-edit.c -- changes to a built kernel (kir-edit.h).  */

#include "kir-edit.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PREFIX and the first number that makes a name K does not have yet,
   into NAME (SIZE bytes).  */
static void
fresh_name (const struct kir_kernel *k, const char *prefix, char *name,
            size_t size)
{
  for (int n = 0;; n++)
    {
      snprintf (name, size, "%s%d", prefix, n);
      if (!kir_name_taken (k, name))
        return;
    }
}

int
kir_new_local (struct kir_kernel *k, const char *prefix, enum kir_type type)
{
  char name[64];
  fresh_name (k, prefix, name, sizeof name);
  return kir_add_local (k, name, type);
}

int
kir_new_private (struct kir_kernel *k, const char *prefix,
                 enum kir_type elem, int rank, const int *extent)
{
  char name[64];
  fresh_name (k, prefix, name, sizeof name);
  return kir_add_private (k, name, elem, rank, extent);
}

void
kir_set_copy (const struct kir_kernel *k, struct kir_stmt *s, int dst,
              struct kir_operand value)
{
  s->kind = KIR_ASSIGN;
  s->op = value.type == k->locals[dst].type ? KIR_MOV : KIR_CVT;
  s->dst = dst;
  s->nargs = 1;
  s->args[0] = value;
  memset (&s->access, 0, sizeof s->access);
}

struct kir_stmt *
kir_insert (struct kir_kernel *k, int block, int pos, enum kir_stmt_kind kind)
{
  kir_append (k, block, kind);
  struct kir_block *b = &k->blocks[block];
  memmove (&b->stmts[pos + 1], &b->stmts[pos],
           (size_t) (b->nstmts - 1 - pos) * sizeof *b->stmts);
  struct kir_stmt *s = &b->stmts[pos];
  memset (s, 0, sizeof *s);
  s->kind = kind;
  s->op = KIR_MOV;
  s->dst = -1;
  return s;
}

void
kir_affine_replace_local (struct kir_affine *f, int from, int to,
                          long long offset)
{
  int n = 0;
  for (int t = 0; t < f->nterms; t++)
    {
      struct kir_term term = f->terms[t];
      if (kir_names_local (&term.var, from))
        {
          f->constant += term.coeff * offset;
          if (to < 0)
            continue;
          term.var.index = to;
        }
      f->terms[n++] = term;
    }
  f->nterms = n;
}

bool
kir_same_element (const struct kir_access *a, const struct kir_access *b)
{
  if (a->array != b->array || a->rank != b->rank)
    return false;
  for (int i = 0; i < a->rank; i++)
    if (!kir_affine_same_terms (&a->index[i], &b->index[i])
        || a->index[i].constant != b->index[i].constant)
      return false;
  return true;
}

/* The store that ends block B of K where B goes on by its goto, or
   NULL.  */
static struct kir_stmt *
final_store (struct kir_kernel *k, int b)
{
  struct kir_block *blk = &k->blocks[b];
  if (blk->term != KIR_GOTO || blk->nstmts == 0
      || blk->stmts[blk->nstmts - 1].kind != KIR_STORE)
    return NULL;
  return &blk->stmts[blk->nstmts - 1];
}

/* kir_sink_stores for block J: whether it moved a store there.  Each
   block that goes to J has just stored the element, with the values of
   the subscripts' variables that J starts with.  */
static bool
sink_into (struct kir_kernel *k, int j)
{
  const struct kir_stmt *first = NULL;
  int preds = 0;
  for (int b = 0; b < k->nblocks; b++)
    {
      if (!kir_goes_to (&k->blocks[b], j))
        continue;
      const struct kir_stmt *st = final_store (k, b);
      if (b == j || !st
          || (first && !kir_same_element (&first->access, &st->access)))
        return false;
      first = first ? first : st;
      preds++;
    }
  if (j == 0 || preds < 2)
    return false;
  struct kir_stmt store = *first;
  int value = kir_new_local (k, "mint_stored",
                             k->arrays[store.access.array].elem);
  for (int b = 0; b < k->nblocks; b++)
    if (kir_goes_to (&k->blocks[b], j))
      {
        struct kir_stmt *st = final_store (k, b);
        kir_set_copy (k, st, value, st->args[0]);
      }
  store.args[0] = kir_local (k, value);
  *kir_insert (k, j, 0, KIR_STORE) = store;
  return true;
}

bool
kir_drop_unreachable_blocks (struct kir_kernel *k)
{
  int *map = mint_xmalloc ((size_t) k->nblocks * sizeof *map);
  int *stack = mint_xmalloc ((size_t) k->nblocks * sizeof *stack);
  int top = 0, kept = 0;
  for (int b = 0; b < k->nblocks; b++)
    map[b] = -1;
  map[0] = 0;
  stack[top++] = 0;
  while (top > 0)
    {
      const struct kir_block *bl = &k->blocks[stack[--top]];
      for (int i = 0; i < kir_successor_count (bl); i++)
        if (map[bl->succ[i]] < 0)
          {
            map[bl->succ[i]] = 0;
            stack[top++] = bl->succ[i];
          }
    }
  for (int b = 0; b < k->nblocks; b++)
    if (map[b] < 0)
      free (k->blocks[b].stmts);
    else
      {
        map[b] = kept;
        k->blocks[kept++] = k->blocks[b];
      }
  bool changed = kept < k->nblocks;
  k->nblocks = kept;
  for (int b = 0; b < kept; b++)
    for (int i = 0; i < kir_successor_count (&k->blocks[b]); i++)
      k->blocks[b].succ[i] = map[k->blocks[b].succ[i]];
  free (stack);
  free (map);
  return changed;
}

int
kir_sink_stores (struct kir_kernel *k)
{
  int moved = 0;
  for (int j = 1; j < k->nblocks; j++)
    moved += sink_into (k, j);
  return moved;
}

static void
visit_operand (struct kir_operand *o,
               void (*fn) (int *, int, void *), void *data)
{
  if (o->kind == KIR_OPND_LOCAL)
    fn (&o->index, 0, data);
}

/* Calls FN (WRITE 0) on every local that statement S reads: its operands
   and its subscripts' variables.  */
static void
stmt_for_each_read (struct kir_stmt *s,
                    void (*fn) (int *local, int write, void *data),
                    void *data)
{
  for (int a = 0; a < s->nargs; a++)
    visit_operand (&s->args[a], fn, data);
  if (s->kind != KIR_ASSIGN && s->kind != KIR_CALL)
    for (int j = 0; j < s->access.rank; j++)
      for (int t = 0; t < s->access.index[j].nterms; t++)
        visit_operand (&s->access.index[j].terms[t].var, fn, data);
}

void
kir_for_each_local (struct kir_kernel *k,
                    void (*fn) (int *local, int write, void *data),
                    void *data)
{
  for (int d = 0; d < k->ndims; d++)
    fn (&k->dims[d].iv, 0, data);
  for (int r = 0; r < k->nreductions; r++)
    fn (&k->reductions[r].local, 0, data);
  for (int b = 0; b < k->nblocks; b++)
    {
      struct kir_block *blk = &k->blocks[b];
      if (blk->term == KIR_BRANCH)
        visit_operand (&blk->cond, fn, data);
      for (int i = 0; i < blk->nstmts; i++)
        {
          struct kir_stmt *s = &blk->stmts[i];
          if (s->kind != KIR_STORE && s->dst >= 0)
            fn (&s->dst, 1, data);
          stmt_for_each_read (s, fn, data);
        }
    }
}


/* The locals that a rename's MAP (of NMAP locals) renames.  */
struct rename_map
{
  const int *map;
  int nmap;
};

static void
rename_read (int *local, int write, void *data)
{
  const struct rename_map *r = (const struct rename_map *) data;
  (void) write;
  if (*local < r->nmap && r->map[*local] >= 0)
    *local = r->map[*local];
}

void
kir_stmt_rename_reads (struct kir_stmt *s, const int *map, int nmap)
{
  struct rename_map r = { map, nmap };
  stmt_for_each_read (s, rename_read, &r);
}

static void
mark_named (int *local, int write, void *data)
{
  (void) write;
  ((int *) data)[*local] = 1;
}

static void
renumber (int *local, int write, void *data)
{
  (void) write;
  *local = ((const int *) data)[*local];
}

void
kir_mark_named_locals (const struct kir_kernel *k, int *named)
{
  /* mark_named changes no local of K.  */
  kir_for_each_local ((struct kir_kernel *) k, mark_named, named);
}

void
kir_drop_unused_locals (struct kir_kernel *k)
{
  int *map = mint_xmalloc ((k->nlocals ? k->nlocals : 1) * sizeof *map);
  memset (map, 0, (k->nlocals ? k->nlocals : 1) * sizeof *map);
  kir_mark_named_locals (k, map);
  int n = 0;
  for (int i = 0; i < k->nlocals; i++)
    if (map[i])
      {
        k->locals[n] = k->locals[i];
        map[i] = n++;
      }
    else
      {
        free (k->locals[i].name);
        free (k->locals[i].source);
      }
  k->nlocals = n;
  kir_for_each_local (k, renumber, map);
  free (map);
}

/* Whether ACC (to private array P of K) has constant subscripts within
   P's extents; its element's number into *ELEMENT.  */
static int
constant_private_element (const struct kir_kernel *k,
                          const struct kir_access *acc, long long *element)
{
  const struct kir_private *p = &k->privates[acc->array];
  *element = 0;
  for (int d = 0; d < acc->rank; d++)
    {
      const struct kir_affine *f = &acc->index[d];
      if (f->nterms != 0 || f->constant < 0 || f->constant >= p->extent[d])
        return 0;
      *element = *element * p->extent[d] + f->constant;
    }
  return 1;
}

/* Whether every access of K to private array P has constant subscripts
   within its extents.  */
static int
private_constant_only (const struct kir_kernel *k, int p)
{
  long long element;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_PLOAD || s->kind == KIR_PSTORE)
            && s->access.array == p
            && !constant_private_element (k, &s->access, &element))
          return 0;
      }
  return 1;
}

/* The local of element ELEMENT of private array P, made at its first
   use (LOCALS, one per element, -1 until then).  */
static int
element_local (struct kir_kernel *k, int p, long long element, int *locals)
{
  if (locals[element] < 0)
    {
      char name[80];
      snprintf (name, sizeof name, "%.40s_%lld", k->privates[p].name,
                element);
      for (int n = 1; kir_name_taken (k, name); n++)
        snprintf (name, sizeof name, "%.40s_%lld_%d", k->privates[p].name,
                  element, n);
      locals[element] = kir_add_local (k, name, k->privates[p].elem);
    }
  return locals[element];
}

/* Private array P as locals: its loads and stores become moves.  */
static void
scalarize_private (struct kir_kernel *k, int p)
{
  long long elements = 1;
  for (int d = 0; d < k->privates[p].rank; d++)
    elements *= k->privates[p].extent[d];
  int *locals = mint_xmalloc (elements * sizeof *locals);
  for (long long e = 0; e < elements; e++)
    locals[e] = -1;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        long long element;
        if ((s->kind != KIR_PLOAD && s->kind != KIR_PSTORE)
            || s->access.array != p)
          continue;
        constant_private_element (k, &s->access, &element);
        int local = element_local (k, p, element, locals);
        if (s->kind == KIR_PLOAD)
          {
            s->nargs = 1;
            s->args[0] = kir_local (k, local);
          }
        else
          s->dst = local;
        s->kind = KIR_ASSIGN;
        s->op = KIR_MOV;
        memset (&s->access, 0, sizeof s->access);
      }
  free (locals);
}

void
kir_scalarize_privates (struct kir_kernel *k)
{
  int *renumbered = mint_xmalloc ((k->nprivates ? k->nprivates : 1)
                                    * sizeof *renumbered);
  int n = 0;
  for (int p = 0; p < k->nprivates; p++)
    if (private_constant_only (k, p))
      {
        scalarize_private (k, p);
        free (k->privates[p].name);
        renumbered[p] = -1;
      }
    else
      {
        k->privates[n] = k->privates[p];
        renumbered[p] = n++;
      }
  k->nprivates = n;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind == KIR_PLOAD || s->kind == KIR_PSTORE)
          s->access.array = renumbered[s->access.array];
      }
  free (renumbered);
}

static void
count_read (int *local, int write, void *data)
{
  if (!write)
    ((int *) data)[*local]++;
}

void
kir_drop_dead_assignments (struct kir_kernel *k)
{
  int *uses = mint_xmalloc ((size_t) k->nlocals * sizeof *uses);
  for (int removed = 1; removed;)
    {
      removed = 0;
      memset (uses, 0, (size_t) k->nlocals * sizeof *uses);
      kir_for_each_local (k, count_read, uses);
      for (int b = 0; b < k->nblocks; b++)
        {
          struct kir_block *blk = &k->blocks[b];
          int n = 0;
          for (int i = 0; i < blk->nstmts; i++)
            if (blk->stmts[i].kind == KIR_ASSIGN && blk->stmts[i].dst >= 0
                && uses[blk->stmts[i].dst] == 0)
              removed = 1;
            else
              blk->stmts[n++] = blk->stmts[i];
          blk->nstmts = n;
        }
    }
  free (uses);
  kir_drop_unused_locals (k);
}
