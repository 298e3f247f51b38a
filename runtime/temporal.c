/* temporal.c -- which launches of a level-4 kernel are consecutive steps
   of a time loop (mintrt.h, temporal_steps): the ones libmintrt may run
   several at a time in the kernel's temporal variant; and how many
   blocks in z a launch of the variant gets.  */

#include <string.h>

#include "temporal.h"

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
  return x->entries[a] == y->entries[b] && x->origins[a] == y->origins[b]
         && same_strides (x, a, y, b);
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
  memcpy (to->origins, from->origins, k->narrays * sizeof *to->origins);
}

void
mintrt_args_swap (const struct mint_kernel *k, struct mintrt_args *args)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;
  CUdeviceptr p = args->arrays[rd];
  struct mintrt_present *e = args->entries[rd];
  long long origin = args->origins[rd];
  args->arrays[rd] = args->arrays[wr];
  args->arrays[wr] = p;
  args->entries[rd] = args->entries[wr];
  args->entries[wr] = e;
  args->origins[rd] = args->origins[wr];
  args->origins[wr] = origin;
  for (unsigned i = 0; i < 2; i++)
    {
      long long s = args->strides[2 * rd + i];
      args->strides[2 * rd + i] = args->strides[2 * wr + i];
      args->strides[2 * wr + i] = s;
    }
}

/* The cost of N planes in C blocks each of XY blocks' chunks on a GPU
   that runs SLOTS blocks at once, in planes a block walks: whole waves
   of blocks, a partial last wave at part of the cost (a fit to measured
   times, bench/results/HISTORY.md, Runtime), and the pipeline's start in
   each chunk.  */
static double
chunks_cost (long long n, unsigned long long c, unsigned long long xy,
             unsigned long long slots)
{
  unsigned long long blocks = xy * c, waves = blocks / slots;
  double part = (double) (blocks % slots) / (double) slots;
  double chunk = (double) ((n + (long long) c - 1) / (long long) c);
  return ((double) waves + (part > 0 ? 0.5 + 0.5 * part : 0)) * (chunk + 4);
}

unsigned long long
mintrt_level4_chunks (long long n, unsigned long long fewest,
                      unsigned long long xy, unsigned long long slots,
                      unsigned long long max_grid)
{
  if (slots == 0 || xy * fewest >= 8 * slots)
    return fewest;
  double base = chunks_cost (n, fewest, xy, slots), best = base;
  unsigned long long choice = fewest;
  unsigned long long most = ((unsigned long long) n + MINTRT_MIN_CHUNK - 1)
                            / MINTRT_MIN_CHUNK;
  if (most > 4 * fewest)
    most = 4 * fewest;
  if (most > max_grid)
    most = max_grid;
  /* A count that leaves chunks empty costs more than the smaller one
     with the same chunks, which comes first.  */
  for (unsigned long long c = fewest + 1; c <= most; c++)
    {
      double cost = chunks_cost (n, c, xy, slots);
      if (cost < best)
        {
          best = cost;
          choice = c;
        }
    }
  return best < 0.95 * base ? choice : fewest;
}
