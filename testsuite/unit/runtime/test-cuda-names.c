/* cuda-min.h renames each versioned entry point to the symbol
   MINTRT_CU_VERSIONED lists (test-cuda-layout checks that list against the
   toolkit's cuda.h), and cuda-lib.def resolves those symbols.  */

#include <string.h>

#include "check.h"
#include "cuda-min.h"

#define STRING(x) #x
#define EXPANDED(x) STRING (x)

int
main (void)
{
  const char *resolved[64];
  size_t n = 0;

#define CUDA_ONE_CALL(call) resolved[n++] = EXPANDED (call);
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL (call)
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL

#define CHECK_RENAME(name, symbol)                                      \
  {                                                                     \
    bool listed = false;                                                \
    CHECK (strcmp (EXPANDED (name), #symbol) == 0);                     \
    for (size_t i = 0; i < n; i++)                                      \
      listed |= strcmp (resolved[i], #symbol) == 0;                     \
    CHECK (listed);                                                     \
  }
  MINTRT_CU_VERSIONED (CHECK_RENAME)

  CHECK (strcmp (resolved[0], "cuInit") == 0);
  CHECK (strcmp (EXPANDED (cuEventElapsedTime), "cuEventElapsedTime") == 0);
  return check_status ();
}
