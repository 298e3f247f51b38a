/* delinearize.c -- flat arrays read as grids (see delinearize.h).  */

#include <stdlib.h>
#include <string.h>
#include "delinearize.h"
#include "poly.h"
#include "kir-edit.h"
#include "xalloc.h"

/* Whether P is the constant 1.  */
static int
is_one (const struct poly *p)
{
  return !p->unknown && p->n == 1 && p->m[0].degree == 0
         && p->m[0].coeff == 1;
}

/* The offsets OFF (x first) with REST = the sum over d of OFF[d] *
   STRIDE[d], STRIDE[0] being 1, each within DELINEARIZE_MAX_OFFSET: the
   smallest in the sum of their magnitudes (with constant strides there
   may be several).  Returns 0 if there are none.  */
static int
find_offsets (const struct poly *rest, const struct poly *stride, int ndims,
              long long *off)
{
  const int side = 2 * DELINEARIZE_MAX_OFFSET + 1;
  int combinations = 1, found = 0;
  long long best = 0;
  for (int d = 1; d < ndims; d++)
    combinations *= side;
  for (int c = 0; c < combinations; c++)
    {
      struct poly left = *rest;
      long long o[KIR_MAX_DIMS] = { 0, 0, 0 }, size = 0;
      for (int d = 1, q = c; d < ndims; d++, q /= side)
        {
          o[d] = q % side - DELINEARIZE_MAX_OFFSET;
          poly_add (&left, &stride[d], -o[d]);
          size += llabs (o[d]);
        }
      if (left.unknown || left.n > 1 || (left.n == 1 && left.m[0].degree))
        continue;
      o[0] = left.n ? left.m[0].coeff : 0;
      if (o[0] < -DELINEARIZE_MAX_OFFSET || o[0] > DELINEARIZE_MAX_OFFSET)
        continue;
      size += llabs (o[0]);
      if (!found || size < best)
        {
          memcpy (off, o, sizeof o);
          best = size;
          found = 1;
        }
    }
  return found;
}

/* The accesses of array A.  */
static int
collect (struct kir_kernel *k, int a, struct kir_access **out)
{
  int n = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        struct kir_stmt *s = &k->blocks[b].stmts[i];
        if ((s->kind == KIR_LOAD || s->kind == KIR_STORE)
            && s->access.array == a)
          {
            if (out)
              out[n] = &s->access;
            n++;
          }
      }
  return n;
}

/* Finds the strides of array A's subscripts (STRIDE, per parallel
   dimension) and each access's offsets; 0 where A is no grid.  */
static int
grid_of (struct expander *x, struct kir_access **acc, int n,
         struct poly *stride, long long (*off)[KIR_MAX_DIMS])
{
  const struct kir_kernel *k = x->k;
  for (int i = 0; i < n; i++)
    {
      struct poly p;
      struct subscript s;
      poly_expand_affine (x, &acc[i]->index[0], &p);
      poly_split_subscript (&p, &s);
      if (!s.comparable)
        return 0;
      for (int d = 0; d < k->ndims; d++)
        if (i == 0)
          stride[d] = s.coeff[d];
        else if (!poly_equal (&stride[d], &s.coeff[d]))
          return 0;
      for (int d = 1; i == 0 && d < k->ndims; d++)
        if (stride[d].n == 0)
          return 0;
      if ((i == 0 && !is_one (&stride[0]))
          || !find_offsets (&s.rest, stride, k->ndims, off[i]))
        return 0;
    }
  return n > 0;
}

/* A[z + off[2]][y + off[1]][x + off[0]] (by rank) for ACC.  */
static void
rewrite_access (const struct kir_kernel *k, struct kir_access *acc,
                const long long *off)
{
  acc->rank = k->ndims;
  for (int d = 0; d < k->ndims; d++)
    {
      struct kir_affine *f = &acc->index[k->ndims - 1 - d];
      memset (f, 0, sizeof *f);
      f->constant = off[d];
      f->nterms = 1;
      f->terms[0].var = kir_local (k, k->dims[d].iv);
      f->terms[0].coeff = 1;
    }
}

/* Rewrites array A if it is a grid: 1, or 0.  */
static int
delinearize_array (struct expander *x, struct kir_kernel *k, int a)
{
  struct kir_array *arr = &k->arrays[a];
  int n = collect (k, a, NULL);
  struct kir_access **acc = mint_xmalloc ((size_t) n * sizeof *acc);
  long long (*off)[KIR_MAX_DIMS] = mint_xmalloc ((size_t) n * sizeof *off);
  struct poly stride[KIR_MAX_DIMS];
  struct kir_sum sums[KIR_MAX_DIMS - 1];
  collect (k, a, acc);
  int done = grid_of (x, acc, n, stride, off);
  for (int d = 1; done && d < k->ndims; d++)
    done = poly_to_sum (&stride[d], &sums[d - 1]);
  if (done > 0)
    {
      for (int i = 0; i < n; i++)
        rewrite_access (k, acc[i], off[i]);
      arr->rank = k->ndims;
      memcpy (arr->stride, sums, (k->ndims - 1) * sizeof sums[0]);
    }
  free (acc);
  free (off);
  return done;
}

static void
count_read (int *local, int write, void *data)
{
  if (!write)
    ((int *) data)[*local]++;
}

/* Removes the assignments whose values nothing reads (the index
   arithmetic of the rewritten accesses), until there are none, and then
   their locals: nvcc would warn of them.  */
static void
remove_dead_assignments (struct kir_kernel *k)
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

int
delinearize_kernel (struct kir_kernel *k)
{
  struct expander x;
  int count = 0;
  if (k->ndims < 2)
    return 0;
  poly_expander_init (&x, k);
  for (int a = 0; a < k->narrays; a++)
    if (k->arrays[a].flat && k->arrays[a].rank == 1)
      count += delinearize_array (&x, k, a);
  poly_expander_free (&x);
  if (count > 0)
    remove_dead_assignments (k);
  return count;
}
