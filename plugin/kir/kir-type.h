/* kir-type.h -- properties of the Kernel IR's types: class, size, name
   in CUDA, letter in a descriptor's signature (plain C, no GCC).  */

#ifndef MINT_KIR_TYPE_H
#define MINT_KIR_TYPE_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Properties of types.  */
int kir_type_is_float (enum kir_type t);
int kir_type_is_integer (enum kir_type t);          /* not KIR_BOOL */
int kir_type_is_signed (enum kir_type t);
/* The greatest value of integer or _Bool type T where HIGH, else the
   least, as T's bits in a long long: all ones for the greatest of an
   unsigned type or a _Bool.  */
long long kir_type_int_bound (enum kir_type t, int high);
unsigned kir_type_size (enum kir_type t);
/* The 4-byte registers a value of T takes.  */
int kir_type_words (enum kir_type t);
const char *kir_type_cuda (enum kir_type t);        /* "double", "int", ... */
/* The name of T in messages and listings ("void" included).  */
const char *kir_type_name (enum kir_type t);
char kir_type_sig (enum kir_type t);                /* MINT_SIG_* letter */

/* The type of reduction R's accumulator (the kernel parameter and the
   host temporary): the variable's own type, or for a variable narrower
   than 32 bits int (min and max of a signed type) or unsigned (the
   others), whose sums and products wrap to the same low bits.  */
enum kir_type kir_reduction_type (const struct kir_kernel *k, int r);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_TYPE_H */
