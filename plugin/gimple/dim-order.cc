/* dim-order.cc -- which parallel loop of a nest each kernel dimension
   runs (dim-order.h).

   The points of a parallel nest run in any order, so that which loop
   the warp's threads take (kernel dimension x) is mint's choice: the
   documented default is the innermost, which a program whose inner loop
   walks planes (for y, for x, for z of u[z][y][x]) turns into stores a
   plane apart in every warp.  The subscripts of the stores decide
   instead, where the program leaves the launch shape to mint.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "options.h"
#include "nest.h"
#include "dim-order.h"

/* The subscript of ACCESS, counted from the last, that K's dimension D
   walks alone by one element, or -1.  */
static int
axis_of (const struct kir_kernel *k, const struct kir_access *access, int d)
{
  for (int j = 0; j < access->rank; j++)
    {
      const struct kir_affine *f = &access->index[j];
      bool other = false;
      for (int t = 0; t < f->nterms; t++)
        if (f->terms[t].var.kind == KIR_OPND_LOCAL)
          {
            int dim = kir_dim_of_iv (k, f->terms[t].var.index);
            other |= dim >= 0 && dim != d;
          }
      if (!other && kir_affine_steps_by_one (f, k->dims[d].iv))
        return access->rank - 1 - j;
    }
  return -1;
}

/* The axis of each dimension of K by its stores into AXIS (-1: none,
   or the stores disagree); false where K stores nothing.  */
static bool
store_axes (const struct kir_kernel *k, int *axis)
{
  bool any = false;
  for (int d = 0; d < k->ndims; d++)
    axis[d] = -2;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind != KIR_STORE)
          continue;
        any = true;
        for (int d = 0; d < k->ndims; d++)
          {
            int a = axis_of (k, &s->access, d);
            axis[d] = axis[d] == -2 || axis[d] == a ? a : -1;
          }
      }
  return any;
}

bool
mint_dim_x_walks_rows (const struct kir_kernel *k)
{
  int iv = k->dims[0].iv;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *s = &k->blocks[b].stmts[i];
        if (s->kind != KIR_STORE || s->access.rank < 1)
          continue;
        if (!kir_affine_reads_local (&s->access.index[s->access.rank - 1],
                                     iv))
          return false;
      }
  return true;
}

bool
mint_maps_loops (const struct mint_directive *dir)
{
  if (mint_options.opt_level < 1 || dir->single_block)
    return false;
  for (int d = 0; d < 3; d++)
    if (dir->tile[d] != 0 || dir->chunk[d] != 0)
      return false;
  return true;
}

bool
mint_order_dims (struct mint_nest *nest)
{
  struct kir_kernel *k = nest->kernel;
  int axis[KIR_MAX_DIMS];
  if (!mint_maps_loops (nest->dir) || k->ndims < 2 || !store_axes (k, axis))
    return false;
  /* The dimensions with an axis by it, the others after them as they
     were: the new dimension I is the old FROM[I].  */
  int from[KIR_MAX_DIMS], n = 0;
  for (int a = 0; a < k->ndims; a++)
    for (int d = 0; d < k->ndims; d++)
      if (axis[d] == a)
        from[n++] = d;
  for (int d = 0; d < k->ndims; d++)
    if (axis[d] < 0 || axis[d] >= k->ndims)
      from[n++] = d;
  bool moved = false;
  for (int i = 0; i < n; i++)
    moved |= from[i] != i;
  if (n != k->ndims || axis[from[0]] != 0 || !moved)
    return false;
  struct kir_dim dims[KIR_MAX_DIMS];
  int order[KIR_MAX_DIMS];
  for (int i = 0; i < n; i++)
    {
      dims[i] = k->dims[from[i]];
      order[i] = nest->kir_order[from[i]];
    }
  memcpy (k->dims, dims, sizeof dims[0] * n);
  memcpy (nest->kir_order, order, sizeof order[0] * n);
  return true;
}
