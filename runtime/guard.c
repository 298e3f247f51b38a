/* guard.c -- the accesses the device checks (mintrt.h, checked_arrays):
   the extents a checked kernel gets, and the fault words its image's
   kernels leave, read back with the waits for them.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "descriptor.h"
#include "diag.h"
#include "driver.h"
#include "footprint.h"
#include "image.h"
#include "present.h"

bool mintrt_faults_unread;

/* The kernels launched with checks, each once.  */
static const struct mint_kernel **checked_kernels;
static unsigned nchecked_kernels, checked_kernels_capacity;

/* Whether every element that K's launch (state S) may touch of array A
   lies in a copy of EXTENT elements along x, y and z: where GUARDED,
   where the body's conditions let the accesses run (a guarded
   mintrt_footprint_box: the kernel's checks of A cannot fail), else at
   every point; a flat array's one subscript (its axes any) against the
   product of the extents, as the device compares it, the others'
   subscripts axis by axis.  */
static bool
uses_inside_copy (const struct mint_kernel *k,
                  const struct mintrt_kernel_state *s, unsigned a,
                  const long long extent[3], bool guarded)
{
  const struct mintrt_array_use *use = &s->uses[a];
  struct mintrt_box box;
  long long lo, hi, count;
  bool flat = true;

  for (int i = 0; i < 3; i++)
    flat &= use->axis[i].kind == MINTRT_AXIS_ANY;
  if (flat)
    return mintrt_linear_range (k, use, s->bounds, s->scalars, guarded, &lo,
                                &hi)
           && !__builtin_mul_overflow (extent[0], extent[1], &count)
           && !__builtin_mul_overflow (count, extent[2], &count)
           && lo >= 0 && hi < count;
  mintrt_footprint_box (k, use, s->bounds, s->scalars, guarded, &box);
  for (int i = 0; i < 3; i++)
    if (box.lo[i] <= box.hi[i] && (box.lo[i] < 0 || box.hi[i] >= extent[i]))
      return false;
  return true;
}

void
mintrt_prepare_checks (const struct mint_kernel *k,
                       struct mintrt_kernel_state *s)
{
  unsigned i = 0;

  if (s->nchecked == 0)
    return;
  s->checks = false;
  for (unsigned a = 0; a < k->narrays; a++)
    if (k->checked_arrays[a] == 'c')
      {
        mintrt_present_view_extents (s->entries[a], s->origins[a],
                                     &s->checked_extents[i]);
        s->checks |= !uses_inside_copy (k, s, a, &s->checked_extents[i],
                                        true);
        i += 3;
      }
  if (!s->checks)
    return;
  mintrt_faults_unread = true;
  for (unsigned j = 0; j < nchecked_kernels; j++)
    if (checked_kernels[j] == k)
      return;
  if (nchecked_kernels == checked_kernels_capacity)
    {
      const struct mint_kernel **grown;
      checked_kernels_capacity = 2 * checked_kernels_capacity + 4;
      grown = mintrt_xcalloc (checked_kernels_capacity, sizeof *grown);
      if (nchecked_kernels)
        memcpy (grown, checked_kernels,
                nchecked_kernels * sizeof *checked_kernels);
      free (checked_kernels);
      checked_kernels = grown;
    }
  checked_kernels[nchecked_kernels++] = k;
}

/* Whether every element of array A that K's launch (state S) reaches
   at any point lies in the copy of array C.  */
static bool
reaches_inside (const struct mint_kernel *k,
                const struct mintrt_kernel_state *s, unsigned a, unsigned c)
{
  long long extent[3];
  mintrt_present_view_extents (s->entries[c], s->origins[c], extent);
  return uses_inside_copy (k, s, a, extent, false);
}

bool
mintrt_checked_inside_anywhere (const struct mint_kernel *k,
                                const struct mintrt_kernel_state *s)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;
  for (unsigned a = 0; a < k->narrays && s->nchecked; a++)
    {
      bool swapped = a == rd || a == wr;
      if (k->checked_arrays[a] == 'c'
          && (!reaches_inside (k, s, a, a)
              || (swapped && !reaches_inside (k, s, a, rd + wr - a))))
        return false;
    }
  return true;
}

bool
mintrt_runs_unchecked (const struct mint_kernel *k,
                       const struct mintrt_kernel_state *s)
{
  return (k->flags & MINT_KERNEL_UNCHECKED) && !s->checks;
}

bool
mintrt_copy_fault_words (CUstream stream)
{
  bool ok = true;

  for (unsigned j = 0; j < nchecked_kernels; j++)
    {
      const struct mint_image *image = checked_kernels[j]->image;
      struct mintrt_image_state *state = image->rt;
      bool copied_before = false;
      CUdeviceptr symbol;
      size_t bytes;

      for (unsigned i = 0; i < j; i++)
        copied_before |= checked_kernels[i]->image == image;
      if (copied_before)
        continue;
      CUresult r = CU (cuModuleGetGlobal) (&symbol, &bytes, state->module,
                                           MINT_GUARD_FAULT_SYMBOL);
      if (r == CUDA_SUCCESS
          && bytes != MINTRT_FAULT_WORDS * sizeof *state->fault)
        r = CUDA_ERROR_INVALID_IMAGE;
      if (r == CUDA_SUCCESS)
        r = CU (cuMemcpyDtoHAsync) (state->fault, symbol, bytes, stream);
      ok &= r == CUDA_SUCCESS;
    }
  return ok && (stream == mintrt_device.stream
                || CU (cuStreamSynchronize) (stream) == CUDA_SUCCESS);
}

/* Ends the program with the access FAULT (MINT_GUARD_FAULT_SYMBOL) of a
   kernel of IMAGE: its element, where the kernel noted it.  */
static void
report_guard_fault (const struct mint_image *image,
                    const unsigned long long fault[4])
{
  const struct mint_kernel *k = NULL;
  unsigned array = (unsigned) (fault[0] & MINT_FAULT_ARRAY_MASK) - 1;
  bool stores = fault[0] & MINT_FAULT_STORE, flat = fault[0] & MINT_FAULT_FLAT;
  char name[128], element[128];

  for (unsigned j = 0; j < nchecked_kernels && !k; j++)
    if (checked_kernels[j]->image == image
        && checked_kernels[j]->line == fault[0] >> 32
        && mint_fault_tag (checked_kernels[j]->name)
           == (fault[0] & MINT_FAULT_TAG_MASK))
      k = checked_kernels[j];
  if (!k || array >= k->narrays)
    mintrt_fatal (NULL, 0, "a kernel's fault word reads %#llx, which names "
                  "no kernel that was launched", fault[0]);
  const struct mintrt_present *e
    = ((const struct mintrt_kernel_state *) k->rt)->entries[array];
  if (fault[0] & MINT_FAULT_NO_ELEMENT)
    element[0] = '\0';
  else if (flat)
    snprintf (element, sizeof element, "element %lld of ",
              (long long) fault[1]);
  else
    snprintf (element, sizeof element, "element x = %lld, y = %lld, "
              "z = %lld of ", (long long) fault[1], (long long) fault[2],
              (long long) fault[3]);
  mintrt_fatal (k->file, k->line, "kernel %s %s %sarray %s outside its "
                "copy (%lldx%lldx%lld elements, copied at %s:%u), in an "
                "access the launch could not check: the program's loops %s the "
                "host's memory next to the array there, the device has "
                "nothing; copy every element the loops use", k->name,
                stores ? "writes" : "reads", element,
                mintrt_list_item (k->array_names, array, name, sizeof name),
                e->nx, e->ny, e->nz, e->file, e->line,
                stores ? "write" : "read");
}

void
mintrt_read_guard_faults (void)
{
  for (unsigned j = 0; j < nchecked_kernels; j++)
    {
      const struct mint_image *image = checked_kernels[j]->image;
      const struct mintrt_image_state *state = image->rt;
      if (state->fault[0])
        report_guard_fault (image, state->fault);
    }
}
