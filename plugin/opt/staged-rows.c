/* staged-rows.c -- rows that a warp stages through shared memory
   (staged-rows.h).  */

#include "staged-rows.h"
#include "kir-type.h"
#include "recompute.h"
#include "stencil.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* A recomputed row sweep's segments each lie in one window
   (recompute.h).  */
_Static_assert (STAGED_WINDOW % RECOMPUTE_ROW_SEGMENT == 0,
                "a row sweep's segments are the staged windows");

/* Whether O is the same in every lane, VARYING marking the locals that
   are not.  */
static bool
uniform_operand (const struct kir_operand *o, const char *varying)
{
  return o->kind != KIR_OPND_LOCAL || !varying[o->index];
}

static bool
uniform_affine (const struct kir_affine *f, const char *varying)
{
  for (int t = 0; t < f->nterms; t++)
    if (!uniform_operand (&f->terms[t].var, varying))
      return false;
  return true;
}

/* Whether statement S gives its local a value that may differ between
   lanes.  */
static bool
varying_value (const struct kir_kernel *k, const struct kir_stmt *s,
               const char *varying)
{
  switch (s->kind)
    {
    case KIR_ASSIGN:
    case KIR_CALL:
      for (int i = 0; i < s->nargs; i++)
        if (!uniform_operand (&s->args[i], varying))
          return true;
      return false;
    case KIR_LOAD:
      if (k->arrays[s->access.array].written)
        return true;
      for (int i = 0; i < s->access.rank; i++)
        if (!uniform_affine (&s->access.index[i], varying))
          return true;
      return false;
    default:
      return true;
    }
}

/* The locals whose values may differ between the lanes of a warp, into
   VARYING: x, and what is computed from them or loaded per lane.  */
static void
find_varying (const struct kir_kernel *k, char *varying)
{
  varying[k->dims[0].iv] = 1;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int b = 0; b < k->nblocks; b++)
        for (int i = 0; i < k->blocks[b].nstmts; i++)
          {
            const struct kir_stmt *s = &k->blocks[b].stmts[i];
            if (s->dst < 0 || s->kind == KIR_STORE || s->kind == KIR_PSTORE
                || varying[s->dst] || !varying_value (k, s, varying))
              continue;
            varying[s->dst] = 1;
            changed = true;
          }
    }
}

/* Whether B can reach itself.  */
static bool
in_cycle (const struct kir_kernel *k, int b)
{
  char *seen = mint_xcalloc ((size_t) k->nblocks, 1);
  int *stack = mint_xmalloc ((size_t) k->nblocks * sizeof *stack);
  int top = 0;
  bool cycle = false;
  stack[top++] = b;
  while (top > 0 && !cycle)
    {
      const struct kir_block *blk = &k->blocks[stack[--top]];
      for (int i = 0; i < kir_successor_count (blk) && !cycle; i++)
        {
          int s = blk->succ[i];
          cycle = s == b;
          if (!seen[s])
            {
              seen[s] = 1;
              stack[top++] = s;
            }
        }
    }
  free (seen);
  free (stack);
  return cycle;
}

/* Whether ACC reads or writes the thread's own row: its last subscript
   uniform, the others over the point's coordinates and scalars, x among
   them.  */
static bool
row_access (const struct kir_kernel *k, const struct kir_access *acc,
            const char *varying)
{
  int last = acc->rank - 1;
  if (last < 1 || !uniform_affine (&acc->index[last], varying))
    return false;
  bool lane = false;
  for (int i = 0; i < last; i++)
    for (int t = 0; t < acc->index[i].nterms; t++)
      {
        const struct kir_term *term = &acc->index[i].terms[t];
        if (term->var.kind == KIR_OPND_SCALAR)
          continue;
        if (term->var.kind != KIR_OPND_LOCAL
            || kir_dim_of_iv (k, term->var.index) < 0)
          return false;
        lane |= term->var.index == k->dims[0].iv;
      }
  return lane;
}

/* Whether ACC's row is ROW's.  */
static bool
same_row (const struct kir_access *acc, const struct kir_access *row)
{
  for (int i = 0; i < acc->rank - 1; i++)
    if (acc->index[i].constant != row->index[i].constant
        || !kir_affine_same_terms (&acc->index[i], &row->index[i]))
      return false;
  return true;
}

/* Whether every condition of K's body is uniform.  */
static bool
uniform_branches (const struct kir_kernel *k, const char *varying)
{
  for (int b = 0; b < k->nblocks; b++)
    if (k->blocks[b].term == KIR_BRANCH
        && !uniform_operand (&k->blocks[b].cond, varying))
      return false;
  return true;
}

/* The first row access of array A in K, or NULL.  */
static const struct kir_access *
first_row (const struct kir_kernel *k, int a, const char *varying)
{
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_LOAD || s->kind == KIR_STORE)
            && s->access.array == a && row_access (k, &s->access, varying))
          return &s->access;
      }
  return NULL;
}

/* Stages array A in R where its accesses allow (staged-rows.h): every
   access of ROW, its first row, is a row access (the last subscript
   uniform), and so is every access of a written array.  */
static void
consider_array (const struct kir_kernel *k, int a, const char *varying,
                const char *cyclic, struct staged_rows *r)
{
  const struct kir_access *row = first_row (k, a, varying);
  bool looped = false, checked = false;
  if (!row || r->n >= STAGED_MAX)
    return;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind != KIR_LOAD && s->kind != KIR_STORE)
            || s->access.array != a)
          continue;
        bool on_row = same_row (&s->access, row);
        if ((on_row || k->arrays[a].written)
            && !(on_row && row_access (k, &s->access, varying)))
          return;
        looped |= on_row && cyclic[b];
        checked |= stencil_access_checked (k, b, s);
      }
  if (!looped || (k->arrays[a].flat && !checked))
    return;
  struct kir_access *key = &r->row[r->n];
  *key = *row;
  memset (&key->index[key->rank - 1], 0, sizeof key->index[0]);
  r->array[r->n++] = a;
  r->bytes += (long) STAGED_ROWS * (STAGED_WINDOW + 1)
              * (long) kir_type_size (k->arrays[a].elem);
}

int
staged_rows_find (const struct kir_kernel *k, bool nested_loops,
                  struct staged_rows *r)
{
  memset (r, 0, sizeof *r);
  if (!nested_loops || k->nreductions > 0 || k->ndims < 1
      || k->nlocals < 1)
    return 0;
  char *varying = mint_xcalloc ((size_t) k->nlocals, 1);
  char *cyclic = mint_xcalloc ((size_t) k->nblocks, 1);
  find_varying (k, varying);
  if (uniform_branches (k, varying))
    {
      for (int b = 0; b < k->nblocks; b++)
        cyclic[b] = in_cycle (k, b);
      for (int a = 0; a < k->narrays; a++)
        consider_array (k, a, varying, cyclic, r);
    }
  free (varying);
  free (cyclic);
  return r->n;
}

int
staged_rows_access (const struct staged_rows *r, const struct kir_access *acc)
{
  for (int i = 0; i < r->n; i++)
    if (r->array[i] == acc->array && same_row (acc, &r->row[i]))
      return i;
  return -1;
}
