/* temporal.c -- which launches of a level-4 kernel are consecutive steps
   of a time loop (mintrt.h, temporal_steps): the ones libmintrt may run
   several at a time in the kernel's temporal variant.  */

#include <string.h>

#include "mintrt-internal.h"

/* The other arrays must not be the swapped ones, which the batch writes
   (an array passed twice would change between the steps).  */
bool
mintrt_temporal_usable (const struct mint_kernel *k,
                        const struct mintrt_args *args)
{
  CUdeviceptr rd = args->arrays[k->temporal_read];
  CUdeviceptr wr = args->arrays[k->temporal_write];

  if (rd == wr)
    return false;
  for (unsigned a = 0; a < k->narrays; a++)
    if (a != k->temporal_read && a != k->temporal_write
        && (args->arrays[a] == rd || args->arrays[a] == wr))
      return false;
  return true;
}

static bool
same_strides (const struct mintrt_args *x, unsigned a,
              const struct mintrt_args *y, unsigned b)
{
  return x->strides[2 * a] == y->strides[2 * b]
         && x->strides[2 * a + 1] == y->strides[2 * b + 1];
}

static bool
same_array (const struct mintrt_args *x, unsigned a,
            const struct mintrt_args *y, unsigned b)
{
  return x->arrays[a] == y->arrays[b] && same_strides (x, a, y, b);
}

bool
mintrt_temporal_follows (const struct mint_kernel *k,
                         const struct mintrt_args *before,
                         const struct mintrt_args *now)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;

  if (memcmp (before->bounds, now->bounds,
              2 * k->ndims * sizeof *now->bounds) != 0
      || memcmp (before->scalars, now->scalars,
                 k->nscalars * sizeof *now->scalars) != 0
      || !same_array (now, rd, before, wr) || !same_array (now, wr, before, rd))
    return false;
  for (unsigned a = 0; a < k->narrays; a++)
    if (a != rd && a != wr && !same_array (now, a, before, a))
      return false;
  return mintrt_temporal_usable (k, now);
}

/* By their copies, not their device pointers, which a closing variant
   exchanges (mintrt.h, closing_tile) but whose cells outside the points
   it keeps.  */
static bool
same_copy (const struct mintrt_args *x, unsigned a,
           const struct mintrt_args *y, unsigned b)
{
  return x->entries[a] == y->entries[b] && same_strides (x, a, y, b);
}

bool
mintrt_temporal_same_space (const struct mint_kernel *k,
                            const struct mintrt_args *before,
                            const struct mintrt_args *now)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;

  return memcmp (before->bounds, now->bounds,
                 2 * k->ndims * sizeof *now->bounds) == 0
         && ((same_copy (now, rd, before, rd)
              && same_copy (now, wr, before, wr))
             || (same_copy (now, rd, before, wr)
                 && same_copy (now, wr, before, rd)));
}

void
mintrt_args_copy (const struct mint_kernel *k, struct mintrt_args *to,
                  const struct mintrt_args *from)
{
  memcpy (to->bounds, from->bounds, 2 * k->ndims * sizeof *to->bounds);
  memcpy (to->arrays, from->arrays, k->narrays * sizeof *to->arrays);
  memcpy (to->strides, from->strides, 2 * k->narrays * sizeof *to->strides);
  memcpy (to->scalars, from->scalars, k->nscalars * sizeof *to->scalars);
  memcpy (to->entries, from->entries, k->narrays * sizeof *to->entries);
}

void
mintrt_args_swap (const struct mint_kernel *k, struct mintrt_args *args)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;
  CUdeviceptr p = args->arrays[rd];
  struct mintrt_present *e = args->entries[rd];
  args->arrays[rd] = args->arrays[wr];
  args->arrays[wr] = p;
  args->entries[rd] = args->entries[wr];
  args->entries[wr] = e;
  for (unsigned i = 0; i < 2; i++)
    {
      long long s = args->strides[2 * rd + i];
      args->strides[2 * rd + i] = args->strides[2 * wr + i];
      args->strides[2 * wr + i] = s;
    }
}
