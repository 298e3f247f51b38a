/* cuda-min.h against the CUDA toolkit's cuda.h, where one can be found:
   every constant's value, and the size and every field's offset of
   CUDA_MEMCPY3D, are checked at compile time; the versioned entry point
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

/* cuda-min.h's struct, rebuilt from its field list under another name.  */
#define FIELD(type, name) type name;
struct mint_memcpy3d
{
  MINTRT_CU_MEMCPY3D_FIELDS (FIELD)
};

_Static_assert (sizeof (struct mint_memcpy3d) == sizeof (CUDA_MEMCPY3D),
                "CUDA_MEMCPY3D size differs from cuda.h");
#define SAME_OFFSET(type, name)                                         \
  _Static_assert (offsetof (struct mint_memcpy3d, name)                 \
                  == offsetof (CUDA_MEMCPY3D, name),                    \
                  "CUDA_MEMCPY3D." #name " offset differs from cuda.h");
MINTRT_CU_MEMCPY3D_FIELDS (SAME_OFFSET)

_Static_assert (sizeof (CUdeviceptr) == sizeof (unsigned long long),
                "CUdeviceptr is not unsigned long long");
_Static_assert (sizeof (CUdevice) == sizeof (int), "CUdevice is not int");

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
