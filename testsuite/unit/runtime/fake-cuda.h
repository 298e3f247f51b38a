/* fake-cuda.h -- what fake-cuda.c's device is, for the tests that use it.  */
#ifndef MINT_FAKE_CUDA_H
#define MINT_FAKE_CUDA_H

/* Shared memory a block may opt in to (CU_DEVICE_ATTRIBUTE_MAX_SHARED_
   MEMORY_PER_BLOCK_OPTIN), as on sm_86.  */
#define FAKE_SHARED_OPTIN (99 * 1024)

#endif
