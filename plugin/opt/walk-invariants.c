/* walk-invariants.c -- the body's costly statements that a level-3 walk
   computes alike at every step (walk-invariants.h).

   A coefficient computed from the point's coordinates, such as
   0.1 * exp (-x * h) * (1 + 0.5 * sin (y * h)), has the same value at
   every point of a walk along z; nvcc does not take the calls out of
   the walk's loop (their slow paths branch), and a 3-D 7-point star with
   one ran at 64% of the copy bandwidth (bench/results/
   2026-11-29-NVIDIA-H200-solvers.md).  The cheap statements that feed
   or use the hoisted ones stay in the body.  */

#include "walk-invariants.h"
#include "kir-type.h"
#include "stencil.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* How many statements of K set each local, into SETS.  */
static void
count_sets (const struct kir_kernel *k, int *sets)
{
  memset (sets, 0, sizeof *sets * (size_t) k->nlocals);
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->dst >= 0 && s->kind != KIR_STORE && s->kind != KIR_PSTORE)
          sets[s->dst]++;
      }
  for (int r = 0; r < k->nreductions; r++)
    sets[k->reductions[r].local] += 2;
}

/* Whether operand O has one value in the walk along M: a constant, a
   scalar, another dimension's variable, or a local an invariant
   statement sets (INVARIANT, by local).  */
static bool
walk_invariant_operand (const struct kir_kernel *k, int m, const int *sets,
                        const bool *invariant, const struct kir_operand *o)
{
  if (o->kind != KIR_OPND_LOCAL)
    return true;
  int d = kir_dim_of_iv (k, o->index);
  if (d >= 0)
    return d != m && sets[o->index] == 0;
  return invariant[o->index];
}

/* Whether S is worth computing once: a math function's call or a
   floating-point division.  */
static bool
costly (const struct kir_kernel *k, const struct kir_stmt *s)
{
  return s->kind == KIR_CALL
         || (s->kind == KIR_ASSIGN && s->op == KIR_DIV
             && kir_type_is_float (k->locals[s->dst].type));
}

/* Marks the statements of block 0 before POS that set the locals S
   reads WALK_PROLOGUE, and theirs in turn.  */
static void
mark_prologue (const struct kir_kernel *k, int pos, unsigned char *role)
{
  const struct kir_block *b = &k->blocks[0];
  const struct kir_stmt *s = &b->stmts[pos];
  for (int a = 0; a < s->nargs; a++)
    {
      if (s->args[a].kind != KIR_OPND_LOCAL)
        continue;
      for (int i = pos - 1; i >= 0; i--)
        if (b->stmts[i].dst == s->args[a].index
            && b->stmts[i].kind != KIR_STORE)
          {
            if (role[i] == WALK_EACH_STEP)
              {
                role[i] = WALK_PROLOGUE;
                mark_prologue (k, i, role);
              }
            break;
          }
    }
}

int
walk_invariants (const struct kir_kernel *k, int m, unsigned char *role)
{
  const struct kir_block *b = &k->blocks[0];
  memset (role, WALK_EACH_STEP, (size_t) b->nstmts);
  int *sets = mint_xmalloc (sizeof *sets * ((size_t) k->nlocals + 1));
  bool *invariant = mint_xcalloc ((size_t) k->nlocals + 1, sizeof *invariant);
  count_sets (k, sets);
  int hoisted = 0;
  for (int i = 0; i < b->nstmts; i++)
    {
      const struct kir_stmt *s = &b->stmts[i];
      if ((s->kind != KIR_ASSIGN && s->kind != KIR_CALL) || s->dst < 0
          || sets[s->dst] != 1)
        continue;
      bool all = true;
      for (int a = 0; a < s->nargs && all; a++)
        all = walk_invariant_operand (k, m, sets, invariant, &s->args[a]);
      if (!all)
        continue;
      invariant[s->dst] = true;
      if (costly (k, s))
        {
          role[i] = WALK_HOISTED;
          hoisted++;
        }
    }
  for (int i = b->nstmts - 1; i >= 0; i--)
    if (role[i] == WALK_HOISTED)
      mark_prologue (k, i, role);
  free (sets);
  free (invariant);
  return hoisted;
}

/* Whether ACC reads the same element as B.  */
static bool
same_element (const struct kir_access *acc, const struct kir_access *b)
{
  if (acc->array != b->array)
    return false;
  for (int i = 0; i < acc->rank; i++)
    if (acc->index[i].nterms != 0 || b->index[i].nterms != 0
        || acc->index[i].constant != b->index[i].constant)
      return false;
  return true;
}

/* Whether S reads an array K does not write at constant subscripts.  */
static bool
reads_table (const struct kir_kernel *k, const struct kir_stmt *s)
{
  if (s->kind != KIR_LOAD || k->arrays[s->access.array].written)
    return false;
  for (int i = 0; i < s->access.rank; i++)
    if (s->access.index[i].nterms != 0)
      return false;
  return true;
}

int
walk_table_loads (const struct kir_kernel *k, struct walk_table *tables)
{
  int n = 0, words = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (!reads_table (k, s) || walk_table_of (tables, n, &s->access) >= 0)
          continue;
        bool checked = stencil_access_checked (k, b, s);
        if (checked && n >= WALK_TABLE_CHECKED)
          continue;
        words += kir_type_words (k->arrays[s->access.array].elem);
        if (words > WALK_TABLE_WORDS)
          return n;
        tables[n++] = (struct walk_table) { s->access, checked };
      }
  return n;
}

int
walk_table_of (const struct walk_table *tables, int n,
               const struct kir_access *acc)
{
  for (int t = 0; t < n; t++)
    if (same_element (acc, &tables[t].access))
      return t;
  return -1;
}
