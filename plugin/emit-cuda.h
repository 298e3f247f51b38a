/* emit-cuda.h -- CUDA source for Kernel IR kernels (plain C, no GCC).  */
#ifndef MINT_EMIT_CUDA_H
#define MINT_EMIT_CUDA_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"
#include "mint/mintrt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every generated .cu starts with (includes, helpers); once per file.  */
void cuda_emit_prelude (FILE *out);

/* One extern "C" __global__ function named K->name, at K->opt_level, with
   the parameter list mintrt.h describes.  Levels 1 to 3 (emit-stencil.c)
   fall back to a lower level where their strategy does not apply.  Where
   arrays may share strides, also the variant K->name MINT_SHARED_SUFFIX,
   and CLASSES (K->narrays + 1 chars) receives the arrays' shape classes
   (mintrt.h), else "".  Returns 0, or -1 with a message in ERR when the
   kernel cannot be expressed.  */
int cuda_emit_kernel (const struct kir_kernel *k, FILE *out, char *classes,
                      char *err, size_t errlen);

/* The level K is generated at and why, in a sentence for
   -fplugin-arg-mint-verbose ("level 3: ..." or "level 0 (asked 2): ...").
   Returns the level.  */
int cuda_emit_strategy (const struct kir_kernel *k, char *buf, size_t len);

/* ---- Shared by emit-cuda.c (level 0) and emit-stencil.c (levels 1-3) ---- */

/* How a level prints the body's array accesses.  LOAD prints the value a
   KIR_LOAD of ACC reads, where the level keeps the array on chip, and
   returns 0 to leave it to the global-memory load.  STORE (may be NULL)
   prints, for a KIR_STORE of VALUE to ACC, what the level does instead
   of the store (the whole statement but its indent and ";"), and
   returns 0 to leave it to the store.  */
struct cuda_access_hook
{
  int (*load) (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc, const void *data);
  int (*store) (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc,
                const struct kir_operand *value, const void *data);
  const void *data;
};

/* A user name as printed (renamed where it could clash).  */
void cuda_put_name (FILE *out, const char *name);
/* An operand of a statement: a local, a scalar or a constant.  */
void cuda_put_operand (FILE *out, const struct kir_kernel *k,
                       const struct kir_operand *o);
/* Whether loads of A go through the read-only data path (__ldg).  */
int cuda_read_only_path (const struct kir_array *a);
/* The kernel's opening: a comment naming LEVEL and NOTE, the signature
   with THREADS and MIN_BLOCKS (0: none) as launch bounds, "{" and the
   locals.  With CLASSES, the variant in which arrays of a shape class
   share strides; EXTRA (or NULL) declares parameters after K's.  */
void cuda_put_kernel_head (FILE *out, const struct kir_kernel *k, int level,
                           int threads, int min_blocks, const char *note,
                           const char *classes, const char *extra);
/* The body of one point; KIR_NEXT is `continue'.  HOOK may be NULL.  */
void cuda_put_body (FILE *out, const struct kir_kernel *k,
                    const struct cuda_access_hook *hook, const char *indent);

/* The cost model of level 3 (emit-stencil.c), for K as extracted, before
   its chunks below the walk are set: the register block, points per
   thread per dimension below the walk, into RB (1 beyond); returns 0
   when level 3 does not apply to K.  */
int cuda_level3_block (const struct kir_kernel *k, int *rb);

/* "Full occupancy": 8 blocks of 256 threads fill a multiprocessor's
   65536 registers at 32 a thread.  A level-3 kernel whose max_registers
   is at most this computes one column per thread (the cost model picks
   no register block for it) in a rolled walk: an unrolled walk cannot
   keep its loads in flight in so few registers.  */
#define CUDA_ROLLED_REGISTERS 32

/* Level 4 (emit-temporal.c): the variant K->name MINT_TEMPORAL_SUFFIX that
   runs INFO->steps steps of K in one launch where the program repeats K
   with its arrays INFO->read and INFO->write swapped (mintrt.h).  Emits it
   into OUT (if not NULL), fills INFO and returns 1; or returns 0 with
   INFO->steps 0.  WHY receives a sentence for -fplugin-arg-mint-verbose
   either way.  */
struct cuda_temporal
{
  int steps;                    /* odd, > 1; 0: no variant */
  int read, write;              /* array indices */
  int tile[3];                  /* points per block */
  int block[3];                 /* threads per block */
  int shared;                   /* bytes of dynamic shared memory */
  int closing_tile[3];          /* the closing variant's (MINT_CLOSING_SUFFIX) */
  int closing_shared;
};
int cuda_emit_temporal (const struct kir_kernel *k, FILE *out,
                        struct cuda_temporal *info, char *why,
                        size_t whylen);

/* emit-stencil.c: emits K at the highest level up to K->opt_level whose
   strategy applies and returns that level (1 to 3), or returns 0 and
   emits nothing when level 0 is to be used; -1 with ERR on write errors.
   CLASSES as for cuda_emit_kernel.  WHY (may be NULL) receives the
   sentence of cuda_emit_strategy.  */
int stencil_emit_kernel (const struct kir_kernel *k, FILE *out,
                         char *classes, char *why, size_t whylen, char *err,
                         size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_CUDA_H */
