/* device-type.cc -- the scalar types the device code holds as the host
   does (device-type.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "device-type.h"

/* The kernel IR type of TYPE, or KIR_VOID when the device cannot hold it.  */
enum kir_type
mint_kir_type (tree type)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return KIR_BOOL;
  if (INTEGRAL_TYPE_P (type))
    {
      bool u = TYPE_UNSIGNED (type);
      switch (TYPE_PRECISION (type))
        {
        case 8: return u ? KIR_U8 : KIR_I8;
        case 16: return u ? KIR_U16 : KIR_I16;
        case 32: return u ? KIR_U32 : KIR_I32;
        case 64: return u ? KIR_U64 : KIR_I64;
        default: return KIR_VOID;
        }
    }
  if (SCALAR_FLOAT_TYPE_P (type))
    {
      if (TYPE_MODE (type) == TYPE_MODE (double_type_node))
        return KIR_F64;
      if (TYPE_MODE (type) == TYPE_MODE (float_type_node))
        return KIR_F32;
    }
  return KIR_VOID;
}

bool
mint_device_type_p (tree type)
{
  return mint_kir_type (type) != KIR_VOID;
}
