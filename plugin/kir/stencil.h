/* stencil.h -- stencil analysis of a Kernel IR kernel (plain C, no GCC).

   For every array: which offsets relative to the point being computed the
   body reads, whether the kernel only reads it, the halo on each side and
   whether the centre point is used.  The optimizer picks its strategy from
   this, the runtime aligns rows by the low-x halo.  */

#ifndef MINT_STENCIL_H
#define MINT_STENCIL_H

#include <stdbool.h>

#include <stdio.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A 3-D box of radius 4 (AN5D's box3d4r) reads 729.  */
#define STENCIL_MAX_OFFSETS 1024

/* An offset is given per array dimension, in subscript order (offset[0] is
   the first subscript: z of a rank-3 array).  */
struct stencil_offset
{
  int offset[KIR_MAX_DIMS];
  int count;                    /* accesses with this offset */
};

struct stencil_array
{
  /* Every access subscripts each dimension with "parallel IV + constant",
     the IV of the parallel dimension that dimension maps to, and each
     parallel dimension is used by exactly one subscript.  */
  int regular;
  int too_many_offsets;         /* read at more than STENCIL_MAX_OFFSETS */
  int read_only;
  int nreads, nwrites;
  int centre_read;              /* reads offset (0,...,0) */
  int writes_centre_only;       /* every write is at offset (0,...,0) */
  /* dim_of[i]: the parallel dimension (0 = x) subscript i follows, -1 if
     that subscript does not follow a parallel IV.  */
  int dim_of[KIR_MAX_DIMS];
  /* Some access subscripts it with a parallel IV: a grid, not a table
     read at constant subscripts or at the body's own loop variables.  */
  int follows_grid;
  int halo_lo[KIR_MAX_DIMS];    /* largest negative read offset, as >= 0 */
  int halo_hi[KIR_MAX_DIMS];
  int noffsets;                 /* distinct read offsets, if regular */
  struct stencil_offset offsets[STENCIL_MAX_OFFSETS];
};

struct stencil_info
{
  int narrays;
  struct stencil_array *arrays; /* narrays entries, index = KIR array index */
  int nested_loops;             /* body has back edges (sequential loops) */
};

/* Analyzes K (after kir_finish) into INFO.  */
void stencil_analyze (const struct kir_kernel *k, struct stencil_info *info);
void stencil_info_free (struct stencil_info *info);

/* The array whose reads a shared-memory tile saves the most loads for:
   regular, most distinct offsets in the xy plane; -1 if none reads a
   neighbour.  */
int stencil_most_reused (const struct kir_kernel *k,
                         const struct stencil_info *info);

/* Low-x halo over the kernel's regular arrays: the alignment offset for
   mint_copy_to_device.  */
int stencil_halo_x (const struct kir_kernel *k, const struct stencil_info *info,
                    int array);

/* The footprint string of mint_kernel (mintrt.h): per array, whether K
   writes it and which elements along each axis it may touch, relative to
   the launch's parallel bounds or integer scalars, per form of the
   accesses along the axes (up to four), else the whole axis; for a
   flat array, its one subscript as a sum over the loop variables and
   the scalars where every access agrees but for a constant.  Where
   EVERY_POINT, only of the accesses every point makes
   (every_point_footprint).  BUF must hold STENCIL_FOOTPRINT_ITEM
   characters per array, plus 1.  */
#define STENCIL_FOOTPRINT_ITEM 4096
void stencil_footprint (const struct kir_kernel *k, bool every_point,
                        char *buf);

/* Whether every point of K runs block B: no path from the entry to the
   point's end avoids B.  */
bool stencil_every_point_runs (const struct kir_kernel *k, int b);

/* Whether statement ST of block B of K is an access the launch check
   does not bound: the body makes it under a condition, and it may leave
   the range of its array that the accesses every point makes cover; or
   every point makes it, in a form the launch checks, but its array's
   accesses take more forms than the footprint holds.  The kernel checks
   such an access against its array's copy on the device (mintrt.h,
   checked_arrays).  */
bool stencil_access_checked (const struct kir_kernel *k, int b,
                             const struct kir_stmt *st);
/* Whether K checks an access (stencil_access_checked).  */
bool stencil_has_checks (const struct kir_kernel *k);
/* Whether K checks accesses and a launch may find that no check can
   fail (libmintrt, guard.c): the footprint (stencil_footprint) of each
   checked array bounds it along each axis or, flat, its subscript.  */
bool stencil_checks_may_pass (const struct kir_kernel *k);
/* Whether every subscript of ACC is a sum of K's parallel loop variables
   and scalars, which keep their values through the body.  */
bool stencil_fixed_access (const struct kir_kernel *k,
                           const struct kir_access *acc);
/* The checked_arrays string of mint_kernel (mintrt.h) into BUF
   (K->narrays + 1 characters): 'c' for an array with an access
   stencil_access_checked, else '-'.  Returns the number of 'c's.  */
int stencil_checked_arrays (const struct kir_kernel *k, char *buf);

/* One line per array for -fplugin-arg-mint-verbose and the tests.  */
void stencil_dump (const struct kir_kernel *k, const struct stencil_info *info,
                   FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* MINT_STENCIL_H */
