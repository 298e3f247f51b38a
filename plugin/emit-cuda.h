/* emit-cuda.h -- CUDA source for Kernel IR kernels (plain C, no GCC).  */
#ifndef MINT_EMIT_CUDA_H
#define MINT_EMIT_CUDA_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every generated .cu starts with (includes, helpers); once per file.  */
void cuda_emit_prelude (FILE *out);

/* One extern "C" __global__ function named K->name, at K->opt_level, with
   the parameter list mintrt.h describes.  Returns 0, or -1 with a message
   in ERR when the kernel cannot be expressed.  */
int cuda_emit_kernel (const struct kir_kernel *k, FILE *out,
                      char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_CUDA_H */
