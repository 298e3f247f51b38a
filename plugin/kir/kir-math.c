/* kir-math.c -- the C math functions and GCC builtins a kernel may call
   on the device (kir-math.h).  */

#include "kir-math.h"

#include <string.h>

/* Of NARGS arguments of one floating type, but for an int one, INT_ARG
   (from 1; 0: none).  */
#define MATH_D_F_INT(n, nargs, size, int_arg) \
  { #n, KIR_F64, nargs, KIR_F64, int_arg, size, NULL }, \
  { #n "f", KIR_F32, nargs, KIR_F32, int_arg, size, NULL }
#define MATH_D_F(n, nargs, size) MATH_D_F_INT (n, nargs, size, 0)
/* Of one floating argument, returning the integer type RET.  */
#define MATH_D_F_TO(n, ret) \
  { #n, ret, 1, KIR_F64, 0, KIR_CALL_CHEAP, NULL }, \
  { #n "f", ret, 1, KIR_F32, 0, KIR_CALL_CHEAP, NULL }
/* GCC's builtin __builtin_N, known by that name only (a program may have
   a function N of its own), which CUDA calls DEVICE.  */
#define BUILTIN(n, ret, nargs, arg, device) \
  { "__builtin_" #n, ret, nargs, arg, 0, KIR_CALL_CHEAP, device }
/* BUILTIN of a double and of a float (N with an f).  */
#define BUILTIN_D_F(n, ret, device, device_f) \
  BUILTIN (n, ret, 1, KIR_F64, device), \
  BUILTIN (n##f, ret, 1, KIR_F32, device_f)

static const struct kir_math math_functions[] = {
  MATH_D_F (sqrt, 1, KIR_CALL_ROOT), MATH_D_F (cbrt, 1, KIR_CALL_LONG),
  MATH_D_F (fabs, 1, KIR_CALL_CHEAP),
  MATH_D_F (exp, 1, KIR_CALL_LONG), MATH_D_F (exp2, 1, KIR_CALL_LONG),
  MATH_D_F (expm1, 1, KIR_CALL_LONG),
  MATH_D_F (log, 1, KIR_CALL_LONG), MATH_D_F (log2, 1, KIR_CALL_LONG),
  MATH_D_F (log10, 1, KIR_CALL_LONG), MATH_D_F (log1p, 1, KIR_CALL_LONG),
  MATH_D_F (pow, 2, KIR_CALL_LONG),
  MATH_D_F (sin, 1, KIR_CALL_LONG), MATH_D_F (cos, 1, KIR_CALL_LONG),
  MATH_D_F (tan, 1, KIR_CALL_LONG),
  MATH_D_F (asin, 1, KIR_CALL_LONG), MATH_D_F (acos, 1, KIR_CALL_LONG),
  MATH_D_F (atan, 1, KIR_CALL_LONG), MATH_D_F (atan2, 2, KIR_CALL_LONG),
  MATH_D_F (sinh, 1, KIR_CALL_LONG), MATH_D_F (cosh, 1, KIR_CALL_LONG),
  MATH_D_F (tanh, 1, KIR_CALL_LONG),
  MATH_D_F (floor, 1, KIR_CALL_CHEAP), MATH_D_F (ceil, 1, KIR_CALL_CHEAP),
  MATH_D_F (trunc, 1, KIR_CALL_CHEAP), MATH_D_F (round, 1, KIR_CALL_CHEAP),
  MATH_D_F (fmin, 2, KIR_CALL_CHEAP), MATH_D_F (fmax, 2, KIR_CALL_CHEAP),
  MATH_D_F (fmod, 2, KIR_CALL_LONG),
  MATH_D_F (hypot, 2, KIR_CALL_ROOT), MATH_D_F (erf, 1, KIR_CALL_LONG),
  MATH_D_F (erfc, 1, KIR_CALL_LONG),
  MATH_D_F (tgamma, 1, KIR_CALL_LONG), MATH_D_F (lgamma, 1, KIR_CALL_LONG),
  MATH_D_F (copysign, 2, KIR_CALL_CHEAP),
  MATH_D_F (fma, 3, KIR_CALL_CHEAP),
  MATH_D_F (rint, 1, KIR_CALL_CHEAP), MATH_D_F (nearbyint, 1, KIR_CALL_CHEAP),
  MATH_D_F (fdim, 2, KIR_CALL_CHEAP), MATH_D_F (remainder, 2, KIR_CALL_LONG),
  MATH_D_F (asinh, 1, KIR_CALL_LONG), MATH_D_F (acosh, 1, KIR_CALL_LONG),
  MATH_D_F (atanh, 1, KIR_CALL_LONG), MATH_D_F (logb, 1, KIR_CALL_LONG),
  MATH_D_F (j0, 1, KIR_CALL_LONG), MATH_D_F (j1, 1, KIR_CALL_LONG),
  MATH_D_F (y0, 1, KIR_CALL_LONG), MATH_D_F (y1, 1, KIR_CALL_LONG),
  MATH_D_F (nextafter, 2, KIR_CALL_CHEAP), MATH_D_F (exp10, 1, KIR_CALL_LONG),
  MATH_D_F_INT (ldexp, 2, KIR_CALL_CHEAP, 2),
  MATH_D_F_INT (scalbn, 2, KIR_CALL_CHEAP, 2),
  /* Of an order n: CUDA's recur over the order.  */
  MATH_D_F_INT (jn, 2, KIR_CALL_LONG, 1),
  MATH_D_F_INT (yn, 2, KIR_CALL_LONG, 1),
  MATH_D_F_TO (lround, KIR_I64), MATH_D_F_TO (llround, KIR_I64),
  MATH_D_F_TO (lrint, KIR_I64), MATH_D_F_TO (llrint, KIR_I64),
  MATH_D_F_TO (ilogb, KIR_I32),
  { "abs", KIR_I32, 1, KIR_I32, 0, KIR_CALL_CHEAP, NULL },
  /* long is 64-bit on the LP64 host.  */
  { "labs", KIR_I64, 1, KIR_I64, 0, KIR_CALL_CHEAP, NULL },
  { "llabs", KIR_I64, 1, KIR_I64, 0, KIR_CALL_CHEAP, NULL },
  /* The hint is kept: CUDA has __builtin_expect too.  */
  BUILTIN (expect, KIR_I64, 2, KIR_I64, "__builtin_expect"),
  /* Its third argument, the probability, is left out.  */
  BUILTIN (expect_with_probability, KIR_I64, 2, KIR_I64, "__builtin_expect"),
  BUILTIN (popcount, KIR_I32, 1, KIR_U32, "__popc"),
  BUILTIN (popcountl, KIR_I32, 1, KIR_U64, "__popcll"),
  BUILTIN (popcountll, KIR_I32, 1, KIR_U64, "__popcll"),
  /* Undefined for 0 in C; CUDA's give the width.  */
  BUILTIN (clz, KIR_I32, 1, KIR_U32, "__clz"),
  BUILTIN (clzl, KIR_I32, 1, KIR_U64, "__clzll"),
  BUILTIN (clzll, KIR_I32, 1, KIR_U64, "__clzll"),
  BUILTIN (ffs, KIR_I32, 1, KIR_I32, "__ffs"),
  BUILTIN (ffsl, KIR_I32, 1, KIR_I64, "__ffsll"),
  BUILTIN (ffsll, KIR_I32, 1, KIR_I64, "__ffsll"),
  /* CUDA has none of these: the prelude's (cuda_emit_prelude).  */
  BUILTIN (ctz, KIR_I32, 1, KIR_U32, "mint_ctz"),
  BUILTIN (ctzl, KIR_I32, 1, KIR_U64, "mint_ctzll"),
  BUILTIN (ctzll, KIR_I32, 1, KIR_U64, "mint_ctzll"),
  BUILTIN (parity, KIR_I32, 1, KIR_U32, "mint_parity"),
  BUILTIN (parityl, KIR_I32, 1, KIR_U64, "mint_parityll"),
  BUILTIN (parityll, KIR_I32, 1, KIR_U64, "mint_parityll"),
  /* GCC passes bswap16's argument as an int.  */
  BUILTIN (bswap16, KIR_U16, 1, KIR_I32, "mint_bswap16"),
  BUILTIN (bswap32, KIR_U32, 1, KIR_U32, "mint_bswap32"),
  BUILTIN (bswap64, KIR_U64, 1, KIR_U64, "mint_bswap64"),
  /* The prelude's; the extraction names a float's type-generic
     __builtin_signbit signbitf.  */
  BUILTIN (signbit, KIR_I32, 1, KIR_F64, "mint_signbit"),
  BUILTIN (signbitf, KIR_I32, 1, KIR_F32, "mint_signbitf"),
  /* What -funsafe-math-optimizations makes of (int) floor (x), (long)
     ceil (x), (int) round (x) and (int) rint (x): CUDA's conversions
     that round so (rint's to nearest, even on ties, as C's default
     mode), and lround, whose long an int takes.  */
  BUILTIN_D_F (ifloor, KIR_I32, "__double2int_rd", "__float2int_rd"),
  BUILTIN_D_F (iceil, KIR_I32, "__double2int_ru", "__float2int_ru"),
  BUILTIN_D_F (irint, KIR_I32, "__double2int_rn", "__float2int_rn"),
  BUILTIN_D_F (iround, KIR_I32, "lround", "lroundf"),
  BUILTIN_D_F (lfloor, KIR_I64, "__double2ll_rd", "__float2ll_rd"),
  BUILTIN_D_F (lceil, KIR_I64, "__double2ll_ru", "__float2ll_ru"),
  BUILTIN_D_F (llfloor, KIR_I64, "__double2ll_rd", "__float2ll_rd"),
  BUILTIN_D_F (llceil, KIR_I64, "__double2ll_ru", "__float2ll_ru"),
};

#undef MATH_D_F_INT
#undef MATH_D_F
#undef MATH_D_F_TO
#undef BUILTIN
#undef BUILTIN_D_F

static const struct kir_math *
find_math_name (const char *name)
{
  for (size_t i = 0; i < sizeof math_functions / sizeof *math_functions; i++)
    if (strcmp (math_functions[i].name, name) == 0)
      return &math_functions[i];
  return NULL;
}

const struct kir_math *
kir_math_lookup (const char *name)
{
  if (!name)
    return NULL;
  const struct kir_math *f = find_math_name (name);
  if (!f && strncmp (name, "__builtin_", 10) == 0)
    f = find_math_name (name + 10);
  return f;
}

enum kir_type
kir_math_arg_type (const struct kir_math *f, int i)
{
  return i + 1 == f->int_arg ? KIR_I32 : f->arg;
}

const char *
kir_math_function (const char *c_name)
{
  const struct kir_math *f = kir_math_lookup (c_name);
  return f ? f->name : NULL;
}

const char *
kir_math_device_name (const char *name)
{
  const struct kir_math *f = kir_math_lookup (name);
  return f && f->device ? f->device : name;
}
