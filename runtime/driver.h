/* driver.h -- the CUDA driver, loaded with dlopen (driver.c): its entry
   points and the device the runtime uses.  */

#ifndef MINTRT_DRIVER_H
#define MINTRT_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "env.h"
#include "cuda-min.h"
#include "layout.h"

struct mintrt_cuda_lib
{
#define CUDA_ONE_CALL(call) __typeof__ (call) *call;
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL (call)
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
};

/* The driver's entry points; CU (cuMemAlloc) is the versioned pointer.  */
extern struct mintrt_cuda_lib mintrt_cu;
#define CU(call) (mintrt_cu.call)

struct mintrt_device
{
  int ordinal;
  int count;                    /* devices the driver sees */
  CUdevice device;
  CUcontext context;            /* the device's primary context */
  CUstream stream;              /* every copy and launch goes here, */
  CUstream update_stream;       /* but updates: they need not wait for
                                   queued kernels they do not touch */
  struct mintrt_limits limits;
  int cc_major, cc_minor;
  int driver_version;
  /* Kernels whose code waits for the grids before them are launched
     with programmatic stream serialization (MINT_PDL, sm_90 on, a driver
     with cuLaunchKernelEx).  */
  bool pdl;
  char name[128];
};

extern struct mintrt_device mintrt_device;

/* Load CONFIG's CUDA library, initialize the driver and set up the device
   CONFIG selects (mintrt_config_device).  Returns false with the reason in
   WHY when this process cannot offload (no library, a stub library, no
   device).  A MINT_DEVICE beyond the devices present is fatal, reported
   at FILE:LINE.  */
bool mintrt_driver_open (const struct mintrt_config *config,
                         const char *file, unsigned line,
                         char *why, size_t why_size);

/* Makes the device's context current in the calling thread (a thread
   other than the one that opened the driver); a failure is fatal.  */
void mintrt_driver_make_current (void);

/* "an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)",
   as far as the driver or our table knows it; never NULL.  */
const char *mintrt_cu_error (CUresult result);

#endif /* MINTRT_DRIVER_H */
