/* kir-core.c -- the Kernel IR: construction (kir-core.h).  */

#include "kir-core.h"
#include "mint/mintrt.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- allocation --------------------------------------------------------- */

/* Makes room for one more element of an array of N elements of SIZE bytes
   with capacity *CAP.  */
static void *
grow (void *items, int n, int *cap, size_t size)
{
  if (n < *cap)
    return items;
  *cap = *cap ? 2 * *cap : 8;
  return mint_xrealloc (items, (size_t) *cap * size);
}

/* ---- construction ------------------------------------------------------- */

struct kir_kernel *
kir_kernel_new (const char *name, const char *file, int line)
{
  struct kir_kernel *k = mint_xmalloc (sizeof *k);
  memset (k, 0, sizeof *k);
  k->name = mint_xstrdup (name);
  k->fault_tag = mint_fault_tag (name);
  k->file = mint_xstrdup (file ? file : "");
  k->line = line;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      k->dims[d].iv = -1;
      k->tile[d] = 1;
      k->chunk[d] = 1;
    }
  return k;
}

void
kir_kernel_free (struct kir_kernel *k)
{
  if (!k)
    return;
  for (int i = 0; i < k->nlocals; i++)
    {
      free (k->locals[i].name);
      free (k->locals[i].source);
    }
  for (int i = 0; i < k->nscalars; i++)
    {
      free (k->scalars[i].name);
      free (k->scalars[i].source);
    }
  for (int i = 0; i < k->narrays; i++)
    {
      free (k->arrays[i].name);
      free (k->arrays[i].source);
    }
  for (int i = 0; i < k->nprivates; i++)
    free (k->privates[i].name);
  for (int i = 0; i < k->nblocks; i++)
    free (k->blocks[i].stmts);
  free (k->privates);
  free (k->locals);
  free (k->scalars);
  free (k->arrays);
  free (k->reductions);
  free (k->blocks);
  free (k->name);
  free (k->file);
  free (k);
}

/* A copy of the N elements of SIZE bytes at ITEMS, with capacity N.  */
static void *
copy_items (const void *items, int n, int *cap, size_t size)
{
  *cap = n;
  if (n == 0)
    return NULL;
  void *copy = mint_xmalloc ((size_t) n * size);
  memcpy (copy, items, (size_t) n * size);
  return copy;
}

struct kir_kernel *
kir_kernel_clone (const struct kir_kernel *k)
{
  struct kir_kernel *c = mint_xmalloc (sizeof *c);
  *c = *k;
  c->name = mint_xstrdup (k->name);
  c->file = mint_xstrdup (k->file);
  c->locals = copy_items (k->locals, k->nlocals, &c->locals_cap,
                          sizeof *k->locals);
  for (int i = 0; i < k->nlocals; i++)
    {
      c->locals[i].name = mint_xstrdup (k->locals[i].name);
      c->locals[i].source = k->locals[i].source
                            ? mint_xstrdup (k->locals[i].source) : NULL;
    }
  c->scalars = copy_items (k->scalars, k->nscalars, &c->scalars_cap,
                           sizeof *k->scalars);
  for (int i = 0; i < k->nscalars; i++)
    {
      c->scalars[i].name = mint_xstrdup (k->scalars[i].name);
      c->scalars[i].source = k->scalars[i].source
                             ? mint_xstrdup (k->scalars[i].source) : NULL;
    }
  c->arrays = copy_items (k->arrays, k->narrays, &c->arrays_cap,
                          sizeof *k->arrays);
  for (int i = 0; i < k->narrays; i++)
    {
      c->arrays[i].name = mint_xstrdup (k->arrays[i].name);
      c->arrays[i].source = k->arrays[i].source
                            ? mint_xstrdup (k->arrays[i].source) : NULL;
    }
  c->privates = copy_items (k->privates, k->nprivates, &c->privates_cap,
                            sizeof *k->privates);
  for (int i = 0; i < k->nprivates; i++)
    c->privates[i].name = mint_xstrdup (k->privates[i].name);
  c->reductions = copy_items (k->reductions, k->nreductions,
                              &c->reductions_cap, sizeof *k->reductions);
  c->blocks = copy_items (k->blocks, k->nblocks, &c->blocks_cap,
                          sizeof *k->blocks);
  for (int i = 0; i < k->nblocks; i++)
    c->blocks[i].stmts = copy_items (k->blocks[i].stmts, k->blocks[i].nstmts,
                                     &c->blocks[i].cap,
                                     sizeof *k->blocks[i].stmts);
  return c;
}

int
kir_add_local (struct kir_kernel *k, const char *name, enum kir_type type)
{
  k->locals = grow (k->locals, k->nlocals, &k->locals_cap, sizeof *k->locals);
  memset (&k->locals[k->nlocals], 0, sizeof k->locals[0]);
  k->locals[k->nlocals].name = mint_xstrdup (name);
  k->locals[k->nlocals].type = type;
  return k->nlocals++;
}

int
kir_add_scalar (struct kir_kernel *k, const char *name, enum kir_type type)
{
  k->scalars = grow (k->scalars, k->nscalars, &k->scalars_cap,
                     sizeof *k->scalars);
  memset (&k->scalars[k->nscalars], 0, sizeof k->scalars[0]);
  k->scalars[k->nscalars].name = mint_xstrdup (name);
  k->scalars[k->nscalars].type = type;
  return k->nscalars++;
}

int
kir_add_array (struct kir_kernel *k, const char *name, enum kir_type elem,
               int rank, int flat)
{
  k->arrays = grow (k->arrays, k->narrays, &k->arrays_cap, sizeof *k->arrays);
  struct kir_array *a = &k->arrays[k->narrays];
  memset (a, 0, sizeof *a);
  a->name = mint_xstrdup (name);
  a->elem = elem;
  a->rank = rank;
  a->flat = flat;
  a->alias_class = '-';
  return k->narrays++;
}

int
kir_add_private (struct kir_kernel *k, const char *name, enum kir_type elem,
                 int rank, const int *extent)
{
  k->privates = grow (k->privates, k->nprivates, &k->privates_cap,
                      sizeof *k->privates);
  struct kir_private *p = &k->privates[k->nprivates];
  memset (p, 0, sizeof *p);
  p->name = mint_xstrdup (name);
  p->elem = elem;
  p->rank = rank;
  for (int i = 0; i < rank && i < KIR_MAX_DIMS; i++)
    p->extent[i] = extent[i];
  return k->nprivates++;
}

void
kir_set_array_source (struct kir_kernel *k, int a, char *source)
{
  free (k->arrays[a].source);
  k->arrays[a].source = source;
}

void
kir_set_scalar_source (struct kir_kernel *k, int s, char *source)
{
  free (k->scalars[s].source);
  k->scalars[s].source = source;
}

void
kir_set_local_source (struct kir_kernel *k, int l, char *source)
{
  free (k->locals[l].source);
  k->locals[l].source = source;
}

int
kir_affine_same_terms (const struct kir_affine *f, const struct kir_affine *g)
{
  if (f->nterms != g->nterms)
    return 0;
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].coeff != g->terms[t].coeff
        || f->terms[t].var.kind != g->terms[t].var.kind
        || f->terms[t].var.index != g->terms[t].var.index)
      return 0;
  return 1;
}

int
kir_affine_reads_local (const struct kir_affine *f, int local)
{
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].var.kind == KIR_OPND_LOCAL
        && f->terms[t].var.index == local)
      return 1;
  return 0;
}

int
kir_affine_steps_by_one (const struct kir_affine *f, int local)
{
  for (int t = 0; t < f->nterms; t++)
    if (f->terms[t].var.kind == KIR_OPND_LOCAL
        && f->terms[t].var.index == local
        && (f->terms[t].coeff == 1 || f->terms[t].coeff == -1))
      return 1;
  return 0;
}

int
kir_successor_count (const struct kir_block *b)
{
  return b->term == KIR_BRANCH ? 2 : b->term == KIR_GOTO;
}

int
kir_goes_to (const struct kir_block *b, int to)
{
  for (int s = 0; s < kir_successor_count (b); s++)
    if (b->succ[s] == to)
      return 1;
  return 0;
}

int
kir_names_local (const struct kir_operand *o, int local)
{
  return o->kind == KIR_OPND_LOCAL && o->index == local;
}

enum kir_opcode
kir_swapped_comparison (enum kir_opcode op)
{
  return op == KIR_LT ? KIR_GT : op == KIR_GT ? KIR_LT
         : op == KIR_LE ? KIR_GE : op == KIR_GE ? KIR_LE : op;
}

enum kir_opcode
kir_negated_comparison (enum kir_opcode op)
{
  return op == KIR_LT ? KIR_GE : op == KIR_GE ? KIR_LT
         : op == KIR_LE ? KIR_GT : op == KIR_GT ? KIR_LE
         : op == KIR_EQ ? KIR_NE : op == KIR_NE ? KIR_EQ : op;
}

int
kir_stmt_reads (const struct kir_stmt *s, int local)
{
  for (int a = 0; a < s->nargs; a++)
    if (kir_names_local (&s->args[a], local))
      return 1;
  if (s->kind != KIR_ASSIGN && s->kind != KIR_CALL)
    for (int i = 0; i < s->access.rank; i++)
      for (int t = 0; t < s->access.index[i].nterms; t++)
        if (kir_names_local (&s->access.index[i].terms[t].var, local))
          return 1;
  return 0;
}

int
kir_block_reads (const struct kir_block *b, int local)
{
  if (b->term == KIR_BRANCH && kir_names_local (&b->cond, local))
    return 1;
  for (int i = 0; i < b->nstmts; i++)
    if (kir_stmt_reads (&b->stmts[i], local))
      return 1;
  return 0;
}

int
kir_stmt_writes (const struct kir_stmt *s, int local)
{
  return s->kind != KIR_STORE && s->kind != KIR_PSTORE && s->dst == local;
}

int
kir_predecessors (const struct kir_kernel *k, int b, int pred[2])
{
  int n = 0;
  for (int p = 0; p < k->nblocks; p++)
    if (kir_goes_to (&k->blocks[p], b))
      {
        if (n < 2)
          pred[n] = p;
        n++;
      }
  return n;
}

int
kir_block_assignments (const struct kir_block *b, int local)
{
  int n = 0;
  for (int i = 0; i < b->nstmts; i++)
    n += kir_stmt_writes (&b->stmts[i], local);
  return n;
}

int
kir_dim_of_iv (const struct kir_kernel *k, int local)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].iv == local)
      return d;
  return -1;
}

int
kir_dim_shorter (const struct kir_kernel *k, int d, long long n)
{
  return k->dims[d].count > 0 && k->dims[d].count < n;
}

const char *
kir_array_text (const struct kir_kernel *k, int a)
{
  return k->arrays[a].source ? k->arrays[a].source : k->arrays[a].name;
}

const char *
kir_scalar_text (const struct kir_kernel *k, int s)
{
  return k->scalars[s].source ? k->scalars[s].source : k->scalars[s].name;
}

const char *
kir_local_text (const struct kir_kernel *k, int l)
{
  return k->locals[l].source ? k->locals[l].source : k->locals[l].name;
}

int
kir_add_reduction (struct kir_kernel *k, int local, enum kir_reduction_op op)
{
  k->reductions = grow (k->reductions, k->nreductions, &k->reductions_cap,
                        sizeof *k->reductions);
  k->reductions[k->nreductions].local = local;
  k->reductions[k->nreductions].op = op;
  k->reductions[k->nreductions].stores_flag = false;
  return k->nreductions++;
}

/* A new block is "goto nowhere" until a kir_set_* call terminates it, so
   kir_finish can tell an unterminated block from a KIR_NEXT one.  */
int
kir_add_block (struct kir_kernel *k)
{
  k->blocks = grow (k->blocks, k->nblocks, &k->blocks_cap, sizeof *k->blocks);
  struct kir_block *b = &k->blocks[k->nblocks];
  memset (b, 0, sizeof *b);
  b->term = KIR_GOTO;
  b->succ[0] = b->succ[1] = -1;
  return k->nblocks++;
}

/* The returned statement stays valid until the next append to BLOCK.  */
struct kir_stmt *
kir_append (struct kir_kernel *k, int block, enum kir_stmt_kind kind)
{
  if (block < 0 || block >= k->nblocks)
    {
      fprintf (stderr, "mint: kir_append to block %d of kernel %s, which has "
               "%d blocks\n", block, k->name, k->nblocks);
      exit (1);
    }
  struct kir_block *b = &k->blocks[block];
  b->stmts = grow (b->stmts, b->nstmts, &b->cap, sizeof *b->stmts);
  struct kir_stmt *s = &b->stmts[b->nstmts++];
  memset (s, 0, sizeof *s);
  s->kind = kind;
  s->op = KIR_MOV;
  s->dst = -1;
  return s;
}

void
kir_set_dim (struct kir_kernel *k, int d, int iv, long long step)
{
  if (d < 0 || d >= KIR_MAX_DIMS)
    {
      fprintf (stderr, "mint: kir_set_dim: dimension %d out of range\n", d);
      exit (1);
    }
  k->dims[d].iv = iv;
  k->dims[d].step = step;
  if (k->ndims < d + 1)
    k->ndims = d + 1;
}

static struct kir_block *
block_to_terminate (struct kir_kernel *k, int block)
{
  if (block < 0 || block >= k->nblocks)
    {
      fprintf (stderr, "mint: terminating block %d of kernel %s, which has "
               "%d blocks\n", block, k->name, k->nblocks);
      exit (1);
    }
  return &k->blocks[block];
}

void
kir_set_next (struct kir_kernel *k, int block)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_NEXT;
  b->succ[0] = b->succ[1] = -1;
}

void
kir_set_goto (struct kir_kernel *k, int block, int to)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_GOTO;
  b->succ[0] = to;
  b->succ[1] = -1;
}

void
kir_set_branch (struct kir_kernel *k, int block, struct kir_operand cond,
                int if_true, int if_false)
{
  struct kir_block *b = block_to_terminate (k, block);
  b->term = KIR_BRANCH;
  b->cond = cond;
  b->succ[0] = if_true;
  b->succ[1] = if_false;
}

struct kir_operand
kir_local (const struct kir_kernel *k, int local)
{
  struct kir_operand o = { KIR_OPND_LOCAL, KIR_VOID, local, 0, 0.0 };
  if (local >= 0 && local < k->nlocals)
    o.type = k->locals[local].type;
  return o;
}

struct kir_operand
kir_scalar (const struct kir_kernel *k, int scalar)
{
  struct kir_operand o = { KIR_OPND_SCALAR, KIR_VOID, scalar, 0, 0.0 };
  if (scalar >= 0 && scalar < k->nscalars)
    o.type = k->scalars[scalar].type;
  return o;
}

struct kir_operand
kir_int (enum kir_type type, long long value)
{
  struct kir_operand o = { KIR_OPND_INT, type, -1, value, 0.0 };
  return o;
}

struct kir_operand
kir_float (enum kir_type type, double value)
{
  struct kir_operand o = { KIR_OPND_FLOAT, type, -1, 0, value };
  return o;
}

int
kir_name_taken (const struct kir_kernel *k, const char *name)
{
  for (int i = 0; i < k->nlocals; i++)
    if (strcmp (k->locals[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->nscalars; i++)
    if (strcmp (k->scalars[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->narrays; i++)
    if (strcmp (k->arrays[i].name, name) == 0)
      return 1;
  for (int i = 0; i < k->nprivates; i++)
    if (strcmp (k->privates[i].name, name) == 0)
      return 1;
  return 0;
}
