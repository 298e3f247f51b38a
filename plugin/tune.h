/* tune.h -- the launch shapes of an autotuned kernel (plain C, no GCC).

   A kernel whose shape is mint's to choose (tile(auto), chunksize(auto),
   or no tile and chunksize clause at level 3; kir.h: shape_choice) is
   emitted once per candidate shape, as NAME MINT_VARIANT_SUFFIX I, and the
   runtime keeps the fastest (mintrt.h).  Every variant is the same Kernel
   IR through the same emitter with another tile, chunk and register
   limit, so all compute the same function.  */

#ifndef MINT_TUNE_H
#define MINT_TUNE_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TUNE_MAX_VARIANTS 11

/* One candidate: what distinguishes the variants.  */
struct tune_shape
{
  int tile[KIR_MAX_DIMS];       /* x, y, z; 1 beyond ndims */
  int chunk[KIR_MAX_DIMS];
  int max_registers;            /* kir_kernel.max_registers; 0: the cost
                                   model's limit */
  int clamp_rows;               /* kir_kernel.clamp_rows */
};

/* The candidate shapes of K (finished by kir_finish) for its opt_level,
   the compile-time choice first; at most TUNE_MAX_VARIANTS, at least one.
   Returns how many.  */
int tune_candidates (const struct kir_kernel *k, struct tune_shape *out);

/* Gives K the launch shape and register limit of S.  */
void tune_apply (struct kir_kernel *k, const struct tune_shape *s);

/* Emits variant I < N of K with shape SHAPES[I], named K->name
   MINT_VARIANT_SUFFIX I, through cuda_emit_kernel; K keeps its name and
   gets shape 0 back.  CLASSES (K->narrays + 1 chars) receives the shape
   classes, "" when no variant has a MINT_SHARED_SUFFIX twin; bit I of
   *SHARED is set when variant I has one.  Returns 0, or -1 with ERR.  */
int tune_emit_variants (struct kir_kernel *k, const struct tune_shape *shapes,
                        int n, FILE *out, char *classes, unsigned *shared,
                        char *err, size_t errlen);

/* FNV-1a, 64 bits, of the LEN bytes at DATA: identifies a kernel's device
   source in the runtime's tuning cache.  */
unsigned long long tune_hash (const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MINT_TUNE_H */
