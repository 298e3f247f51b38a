/* kir-math.h -- the C math functions and GCC builtins a kernel may call
   on the device: their names in the IR and in CUDA, their prototypes and
   their rough cost (plain C, no GCC).  */

#ifndef MINT_KIR_MATH_H
#define MINT_KIR_MATH_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A C math function that CUDA provides under the same name with the same
   semantics, and its prototype (so kir_finish can check a call).  */
struct kir_math
{
  const char *name;
  enum kir_type ret;
  int nargs;
  enum kir_type arg;            /* every argument's type, but INT_ARG's */
  int int_arg;                  /* the argument (from 1) that is an int
                                   (ldexp's exponent, jn's order); 0:
                                   none */
  int size;                     /* KIR_CALL_* (kir_code_size) */
  const char *device;           /* the name in CUDA; NULL: NAME */
};

/* Machine instructions of a call, roughly (CUDA's libdevice, sm_90):
   a few where it is an instruction or two, dozens for a square root or
   a division, a hundred and more for the transcendental ones.  */
#define KIR_CALL_CHEAP 1
#define KIR_CALL_ROOT 20
#define KIR_CALL_LONG 100

/* The name in KIR of a C math function or GCC builtin allowed on the
   device ("sqrt" -> "sqrt", "__builtin_fabsf" -> "fabsf",
   "__builtin_popcount" -> "__builtin_popcount"), or NULL if it cannot run
   there.  */
const char *kir_math_function (const char *c_name);
/* What CUDA calls the function of KIR NAME ("__builtin_popcount" ->
   "__popc").  */
const char *kir_math_device_name (const char *name);

/* The device math function NAME, or the one GCC spells "__builtin_"
   NAME; NULL if none.  */
const struct kir_math *kir_math_lookup (const char *name);

/* The type of argument I (from 0) of F.  */
enum kir_type kir_math_arg_type (const struct kir_math *f, int i);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_MATH_H */
