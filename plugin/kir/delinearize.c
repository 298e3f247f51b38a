/* delinearize.c -- flat arrays read as grids (see delinearize.h).  */

#include <stdbool.h>
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

/* An access of the array and where it is: block B, statement AT.  */
struct site
{
  struct kir_access *acc;
  int b, at;
};

/* The accesses of array A, into OUT where not NULL; returns how many.  */
static int
collect (struct kir_kernel *k, int a, struct site *out)
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
              out[n] = (struct site) { &s->access, b, i };
            n++;
          }
      }
  return n;
}

/* ---- a cell along the row: an inner loop's variable ---- */

#define CELL_NONE -1            /* the subscript has no opaque value */
#define CELL_OTHER -2           /* it has one that is no cell */

/* The local that subscript P adds once (its opaque value, such as the
   variable of a loop in the body that walks the row), CELL_NONE or
   CELL_OTHER.  */
static int
cell_local (const struct poly *p)
{
  int local = CELL_NONE;
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < p->m[i].degree; j++)
      if (ATOM_KIND (p->m[i].atoms[j]) == ATOM_OPAQUE)
        {
          if (local != CELL_NONE || p->m[i].degree != 1 || p->m[i].coeff != 1)
            return CELL_OTHER;
          local = ATOM_INDEX (p->m[i].atoms[j]);
        }
  return local;
}

/* Columns of a subscript with a cell: the cell's (0), then the parallel
   loop variables'.  */
static int
cell_column (int atom, const void *data)
{
  (void) data;
  if (ATOM_KIND (atom) == ATOM_OPAQUE)
    return 0;
  return ATOM_KIND (atom) == ATOM_IV ? ATOM_INDEX (atom) + 1 : -1;
}

/* Whether the subscript of the access at SITE reads CELL's value at the
   access (poly_reads_current).  */
static int
site_current (const struct expander *x, const struct site *site, int cell)
{
  return poly_reads_current (x, &x->k->blocks[site->b], site->at,
                             &site->acc->index[0], cell);
}

/* Finds the strides of array A's subscripts (STRIDE, per parallel
   dimension; where CELLS, the cell's first, 1) and each access's offsets
   and cell (CELL, CELL_NONE for none); 0 where A is no grid.  */
static int
grid_of (struct expander *x, const struct site *sites, int n, bool cells,
         struct poly *stride, long long (*off)[KIR_MAX_DIMS], int *cell)
{
  const struct kir_kernel *k = x->k;
  int columns = k->ndims + cells, any = 0;
  for (int i = 0; i < n; i++)
    {
      struct poly p;
      struct subscript s;
      poly_expand_affine (x, &sites[i].acc->index[0], &p);
      cell[i] = cells ? cell_local (&p) : CELL_NONE;
      if (cells)
        poly_split_columns (&p, cell_column, NULL, &s);
      else
        poly_split_subscript (&p, &s);
      if (!s.comparable || cell[i] == CELL_OTHER
          || (cell[i] >= 0 && !site_current (x, &sites[i], cell[i])))
        return 0;
      any |= cell[i] >= 0;
      for (int d = 0; d < columns; d++)
        if (i == 0)
          stride[d] = s.coeff[d];
        else if (!poly_equal (&stride[d], &s.coeff[d])
                 && !(cells && d == 0))
          return 0;
      if (cells && (cell[i] >= 0 ? !is_one (&s.coeff[0]) : s.coeff[0].n))
        return 0;
      if (cells)
        poly_constant (&stride[0], 1);
      for (int d = 1; i == 0 && d < columns; d++)
        if (stride[d].n == 0)
          return 0;
      if ((i == 0 && !is_one (&stride[0]))
          || !find_offsets (&s.rest, stride, columns, off[i]))
        return 0;
    }
  return n > 0 && (!cells || any);
}

/* A[z + off[2]][y + off[1]][x + off[0]] (by rank) for ACC; where CELLS,
   A[y + off[2]][x + off[1]][cell + off[0]] (CELL_NONE: off[0]).  */
static void
rewrite_access (const struct kir_kernel *k, struct kir_access *acc,
                const long long *off, bool cells, int cell)
{
  acc->rank = k->ndims + cells;
  for (int c = 0; c < acc->rank; c++)
    {
      struct kir_affine *f = &acc->index[acc->rank - 1 - c];
      int d = c - cells;
      memset (f, 0, sizeof *f);
      f->constant = off[c];
      if (d < 0 && cell < 0)
        continue;
      f->nterms = 1;
      f->terms[0].var = kir_local (k, d < 0 ? cell : k->dims[d].iv);
      f->terms[0].coeff = 1;
    }
}

/* Rewrites array A if it is a grid: 1, or 0.  A grid over the parallel
   loop variables first; else, in a nest of fewer than three dimensions,
   one whose rows an inner loop walks (its variable the last subscript).  */
static int
delinearize_array (struct expander *x, struct kir_kernel *k, int a)
{
  struct kir_array *arr = &k->arrays[a];
  int n = collect (k, a, NULL);
  struct site *sites = mint_xmalloc ((size_t) n * sizeof *sites);
  long long (*off)[KIR_MAX_DIMS] = mint_xmalloc ((size_t) n * sizeof *off);
  int *cell = mint_xmalloc ((size_t) n * sizeof *cell + 1);
  struct poly stride[KIR_MAX_DIMS];
  struct kir_sum sums[KIR_MAX_DIMS - 1];
  collect (k, a, sites);
  bool cells = false;
  /* A 1-D nest's flat array is its grid already.  */
  int done = k->ndims > 1 && grid_of (x, sites, n, cells, stride, off, cell);
  if (!done && k->ndims < KIR_MAX_DIMS)
    {
      cells = true;
      done = grid_of (x, sites, n, cells, stride, off, cell);
    }
  int rank = k->ndims + cells;
  for (int d = 1; done && d < rank; d++)
    done = poly_to_sum (&stride[d], &sums[d - 1]);
  if (done > 0)
    {
      for (int i = 0; i < n; i++)
        rewrite_access (k, sites[i].acc, off[i], cells, cell[i]);
      arr->rank = rank;
      memcpy (arr->stride, sums, (rank - 1) * sizeof sums[0]);
    }
  free (sites);
  free (off);
  free (cell);
  return done;
}

int
delinearize_kernel (struct kir_kernel *k)
{
  struct expander x;
  int count = 0;
  if (k->ndims < 1)
    return 0;
  poly_expander_init (&x, k);
  for (int a = 0; a < k->narrays; a++)
    if (k->arrays[a].flat && k->arrays[a].rank == 1)
      count += delinearize_array (&x, k, a);
  poly_expander_free (&x);
  if (count > 0)
    kir_drop_dead_assignments (k);
  return count;
}
