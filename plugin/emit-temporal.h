/* emit-temporal.h -- level 4: several time steps per launch (plain C,
   no GCC).  */
#ifndef MINT_EMIT_TEMPORAL_H
#define MINT_EMIT_TEMPORAL_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The variant K->name MINT_TEMPORAL_SUFFIX that runs INFO->steps steps
   of K in one launch where the program repeats K with its arrays
   INFO->read and INFO->write swapped (mintrt.h).  Emits it into OUT (if
   not NULL), fills INFO and returns 1; or returns 0 with INFO->steps 0.
   WHY receives a sentence for -fplugin-arg-mint-verbose either way.  */
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

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_TEMPORAL_H */
