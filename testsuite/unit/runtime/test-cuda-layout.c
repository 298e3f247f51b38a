/* cuda-min.h against the CUDA toolkit's cuda.h, where one can be found:
   every constant's value, and the size and every field's offset of
   CUDA_MEMCPY3D and of the launch configuration's types, are checked at
   compile time; the versioned entry point
   names at run time.  Without cuda.h the test is skipped (77).  */

#if defined __has_include
# if __has_include(<cuda.h>)
#  define HAVE_CUDA_H 1
# endif
#endif

#include <stdio.h>

#ifdef HAVE_CUDA_H

#include <stddef.h>
#include <string.h>
#include <cuda.h>
#include "cuda-min.h"

#define SAME_VALUE(name, value) \
  _Static_assert (name == value, #name " differs from cuda.h");
MINTRT_CU_RESULTS (SAME_VALUE)
MINTRT_CU_DEVICE_ATTRIBUTES (SAME_VALUE)
MINTRT_CU_MEMORY_TYPES (SAME_VALUE)
MINTRT_CU_FLAGS (SAME_VALUE)
MINTRT_CU_LAUNCH_ATTRIBUTES (SAME_VALUE)

/* cuda-min.h's types, rebuilt from their field lists under other names:
   the same size, and each field at the same offset, as cuda.h's.  */
#define FIELD(type, name) type name;
#define SAME_LAYOUT(mine, theirs, fields)                               \
  mine { fields (FIELD) };                                              \
  _Static_assert (sizeof (mine) == sizeof (theirs),                     \
                  #theirs " size differs from cuda.h");                 \
  fields (SAME_OFFSET_IN)
#define SAME_OFFSET(mine, theirs, name)                                 \
  _Static_assert (offsetof (mine, name) == offsetof (theirs, name),     \
                  #theirs "." #name " offset differs from cuda.h");

#define SAME_OFFSET_IN(type, name) \
  SAME_OFFSET (struct mint_memcpy3d, CUDA_MEMCPY3D, name)
SAME_LAYOUT (struct mint_memcpy3d, CUDA_MEMCPY3D, MINTRT_CU_MEMCPY3D_FIELDS)
#undef SAME_OFFSET_IN
#define SAME_OFFSET_IN(type, name) \
  SAME_OFFSET (union mint_launch_value, CUlaunchAttributeValue, name)
SAME_LAYOUT (union mint_launch_value, CUlaunchAttributeValue,
             MINTRT_CU_LAUNCH_ATTRIBUTE_VALUE_FIELDS)
#undef SAME_OFFSET_IN
#define SAME_OFFSET_IN(type, name) \
  SAME_OFFSET (struct mint_launch_attribute, CUlaunchAttribute, name)
SAME_LAYOUT (struct mint_launch_attribute, CUlaunchAttribute,
             MINTRT_CU_LAUNCH_ATTRIBUTE_FIELDS)
#undef SAME_OFFSET_IN
#define SAME_OFFSET_IN(type, name) \
  SAME_OFFSET (struct mint_launch_config, CUlaunchConfig, name)
SAME_LAYOUT (struct mint_launch_config, CUlaunchConfig,
             MINTRT_CU_LAUNCH_CONFIG_FIELDS)
#undef SAME_OFFSET_IN

_Static_assert (sizeof (CUdeviceptr) == sizeof (unsigned long long),
                "CUdeviceptr is not unsigned long long");
_Static_assert (sizeof (CUdevice) == sizeof (int), "CUdevice is not int");
_Static_assert (sizeof (CUipcMemHandle) == 64,
                "CUipcMemHandle is not 64 bytes");

#define STRING(x) #x
#define EXPANDED(x) STRING (x)

int
main (void)
{
  int failures = 0;

#define SAME_SYMBOL(name, symbol)                                       \
  if (strcmp (EXPANDED (name), #symbol) != 0)                           \
    {                                                                   \
      printf ("FAIL: cuda.h maps " #name " to %s, cuda-min.h to "       \
              #symbol "\n", EXPANDED (name));                           \
      failures++;                                                       \
    }
  MINTRT_CU_VERSIONED (SAME_SYMBOL)

  printf ("cuda-min.h agrees with cuda.h of CUDA %d.%d\n",
          CUDA_VERSION / 1000, CUDA_VERSION % 1000 / 10);
  return failures ? 1 : 0;
}

#else

int
main (void)
{
  printf ("no cuda.h: skipped\n");
  return 77;
}

#endif
