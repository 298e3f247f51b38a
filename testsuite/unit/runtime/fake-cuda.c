/* fake-cuda.c -- a CUDA driver without a GPU, for test-temporal: device
   memory is host memory, and a launch runs the one kernel it knows on the
   host: "step" (1-D, arrays u and w, scalar c: w[i] = c * (u[i-1] + u[i] +
   u[i+1]) for the n points from lo) or "step_temporal", which runs three
   such steps the way mint's temporal variants do (mintrt.h): u read, w
   written by steps 1 and 3, u's points left as they were.  fake_launches
   counts the launches of each.  */

#include <stdlib.h>
#include <string.h>

#include "cuda-min.h"

int fake_launches[2];           /* step, step_temporal */

CUresult cuInit (unsigned flags) { (void) flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion (int *v) { *v = 13000; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount (int *n) { *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet (CUdevice *d, int i) { *d = i; return CUDA_SUCCESS; }

CUresult
cuDeviceGetAttribute (int *value, CUdevice_attribute attribute, CUdevice d)
{
  (void) d;
  *value = attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9
           : attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0
           : attribute == CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z ? 64
           : attribute == CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024
           : 65535;
  return CUDA_SUCCESS;
}

CUresult
cuDeviceGetName (char *name, int len, CUdevice d)
{
  (void) d;
  strncpy (name, "fake", (size_t) len);
  return CUDA_SUCCESS;
}

CUresult
cuDevicePrimaryCtxRetain (CUcontext *c, CUdevice d)
{
  (void) d;
  *c = (CUcontext) 1;
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent (CUcontext c) { (void) c; return CUDA_SUCCESS; }

CUresult
cuStreamCreate (CUstream *s, unsigned flags)
{
  (void) flags;
  *s = (CUstream) 1;
  return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize (CUstream s) { (void) s; return CUDA_SUCCESS; }

CUresult
cuMemGetInfo (size_t *free_bytes, size_t *total_bytes)
{
  *free_bytes = *total_bytes = (size_t) 1 << 30;
  return CUDA_SUCCESS;
}

CUresult
cuMemAlloc (CUdeviceptr *p, size_t bytes)
{
  *p = (CUdeviceptr) calloc (bytes, 1);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemFree (CUdeviceptr p) { free ((void *) p); return CUDA_SUCCESS; }

CUresult
cuMemcpyHtoD (CUdeviceptr dst, const void *src, size_t bytes)
{
  memcpy ((void *) dst, src, bytes);
  return CUDA_SUCCESS;
}

CUresult
cuMemcpyDtoH (void *dst, CUdeviceptr src, size_t bytes)
{
  memcpy (dst, (const void *) src, bytes);
  return CUDA_SUCCESS;
}

CUresult
cuMemcpy3D (const CUDA_MEMCPY3D *c)
{
  const char *src = c->srcMemoryType == CU_MEMORYTYPE_HOST
                    ? c->srcHost : (const char *) c->srcDevice;
  char *dst = c->dstMemoryType == CU_MEMORYTYPE_HOST
              ? c->dstHost : (char *) c->dstDevice;
  for (size_t z = 0; z < c->Depth; z++)
    for (size_t y = 0; y < c->Height; y++)
      memcpy (dst + (z * c->dstHeight + y) * c->dstPitch,
              src + (z * c->srcHeight + y) * c->srcPitch, c->WidthInBytes);
  return CUDA_SUCCESS;
}

CUresult
cuModuleLoadData (CUmodule *m, const void *image)
{
  (void) image;
  *m = (CUmodule) 1;
  return CUDA_SUCCESS;
}

CUresult
cuModuleGetFunction (CUfunction *f, CUmodule m, const char *name)
{
  (void) m;
  if (strcmp (name, "step") == 0)
    *f = (CUfunction) 1;
  else if (strcmp (name, "step_temporal") == 0)
    *f = (CUfunction) 2;
  else
    return CUDA_ERROR_NOT_FOUND;
  return CUDA_SUCCESS;
}

static void
step (double *w, const double *u, long long lo, long long n, double c)
{
  for (long long i = lo; i < lo + n; i++)
    w[i] = c * (u[i - 1] + u[i] + u[i + 1]);
}

CUresult
cuLaunchKernel (CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned shared,
                CUstream s, void **params, void **extra)
{
  (void) gx, (void) gy, (void) gz, (void) bx, (void) by, (void) bz;
  (void) shared, (void) s, (void) extra;
  long long lo = *(long long *) params[0], n = *(long long *) params[1];
  double *u = *(double **) params[2], *w = *(double **) params[5];
  double c = *(double *) params[8];
  if (f == (CUfunction) 1)
    {
      fake_launches[0]++;
      step (w, u, lo, n, c);
      return CUDA_SUCCESS;
    }
  /* The temporal variant: steps 1 and 2 on copies with w's and u's own
     values outside the points.  */
  size_t bytes = (size_t) (lo + n + 1) * sizeof (double);
  double *v1 = malloc (bytes), *v2 = malloc (bytes);
  if (!v1 || !v2)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memcpy (v1, w, bytes);
  memcpy (v2, u, bytes);
  step (v1, u, lo, n, c);
  step (v2, v1, lo, n, c);
  step (w, v2, lo, n, c);
  free (v1);
  free (v2);
  fake_launches[1]++;
  return CUDA_SUCCESS;
}

CUresult cuEventCreate (CUevent *e, unsigned f) { (void) f; *e = (CUevent) 1; return CUDA_SUCCESS; }
CUresult cuEventRecord (CUevent e, CUstream s) { (void) e, (void) s; return CUDA_SUCCESS; }
CUresult cuEventSynchronize (CUevent e) { (void) e; return CUDA_SUCCESS; }

CUresult
cuEventElapsedTime (float *ms, CUevent a, CUevent b)
{
  (void) a, (void) b;
  *ms = 1;
  return CUDA_SUCCESS;
}
