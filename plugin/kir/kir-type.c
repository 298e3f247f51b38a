/* kir-type.c -- properties of the Kernel IR's types (kir-type.h).  */

#include "kir-type.h"

int
kir_type_is_float (enum kir_type t)
{
  return t == KIR_F32 || t == KIR_F64;
}

int
kir_type_is_integer (enum kir_type t)
{
  return t >= KIR_I8 && t <= KIR_U64;
}

/* Signed integers and floating types.  */
int
kir_type_is_signed (enum kir_type t)
{
  switch (t)
    {
    case KIR_I8: case KIR_I16: case KIR_I32: case KIR_I64:
    case KIR_F32: case KIR_F64:
      return 1;
    default:
      return 0;
    }
}

long long
kir_type_int_bound (enum kir_type t, int high)
{
  if (!kir_type_is_integer (t) || !kir_type_is_signed (t))
    return high ? -1 : 0;
  unsigned bits = 8 * kir_type_size (t);
  long long greatest = (long long) ((1ULL << (bits - 1)) - 1);
  return high ? greatest : -greatest - 1;
}

unsigned
kir_type_size (enum kir_type t)
{
  switch (t)
    {
    case KIR_BOOL: case KIR_I8: case KIR_U8: return 1;
    case KIR_I16: case KIR_U16: return 2;
    case KIR_I32: case KIR_U32: case KIR_F32: return 4;
    case KIR_I64: case KIR_U64: case KIR_F64: return 8;
    default: return 0;
    }
}

int
kir_type_words (enum kir_type t)
{
  return ((int) kir_type_size (t) + 3) / 4;
}

const char *
kir_type_cuda (enum kir_type t)
{
  switch (t)
    {
    case KIR_BOOL: return "bool";
    case KIR_I8: return "signed char";
    case KIR_U8: return "unsigned char";
    case KIR_I16: return "short";
    case KIR_U16: return "unsigned short";
    case KIR_I32: return "int";
    case KIR_U32: return "unsigned";
    case KIR_I64: return "long long";
    case KIR_U64: return "unsigned long long";
    case KIR_F32: return "float";
    case KIR_F64: return "double";
    default: return "void";
    }
}

const char *
kir_type_name (enum kir_type t)
{
  return t == KIR_VOID ? "void" : kir_type_cuda (t);
}

/* 0 for types that cannot be a kernel scalar or reduction.  */
char
kir_type_sig (enum kir_type t)
{
  switch (t)
    {
    case KIR_I32: return 'i';
    case KIR_U32: return 'I';
    case KIR_I64: return 'l';
    case KIR_U64: return 'L';
    case KIR_F32: return 'f';
    case KIR_F64: return 'd';
    default: return 0;
    }
}

enum kir_type
kir_reduction_type (const struct kir_kernel *k, int r)
{
  enum kir_type t = k->locals[k->reductions[r].local].type;
  enum kir_reduction_op op = k->reductions[r].op;
  if (kir_type_size (t) >= 4)
    return t;
  if ((op == KIR_RED_MIN || op == KIR_RED_MAX) && kir_type_is_signed (t))
    return KIR_I32;
  return KIR_U32;
}
