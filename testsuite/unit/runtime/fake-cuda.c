/* fake-cuda.c -- a CUDA driver without a GPU, for libmintrt's tests of
   what it does on a device (MINT_CUDA_LIBRARY=.../libfakecuda.so).

   One device; device memory is host memory; a launch runs nothing but
   advances a device clock by its function's cost, so the events recorded
   around it time it.  Configured by the environment:

     FAKE_CUDA_NAME=NAME         the device's name (default "Fake GPU")
     FAKE_CUDA_COST=F=MS,...     milliseconds a launch of function F takes
                                 (default 1)
     FAKE_CUDA_LAZY=1            events complete only when the stream, or
                                 a later event, is synchronized (as behind
                                 a queue of nowait launches); else at once
     FAKE_CUDA_LOG=FILE          appends "launch F" per launch, "sync"
                                 per stream synchronization and "wait"
                                 per wait for an event
     FAKE_CUDA_CC=N              the major compute capability (default 9)
     FAKE_CUDA_GRID_WAIT=0|none  modules' mint_waits_for_grids is 0 (code
                                 for an older GPU), or they lack it (an
                                 older plugin's); else it is 1

   An image that is a string "fake-module:F,G,..." is a module of the
   functions F, G, ... alone, and its load is logged as "load F,G,...";
   any other image has every function.

   Two functions also run, on the host, for test-temporal: "step" (1-D,
   arrays u and w, scalar c: w[i] = c * (u[i-1] + u[i] + u[i+1]) for the n
   points from lo) and "step_temporal", as many such steps as its
   parameter after the run's number says (odd), the way mint's temporal
   variants run them (mintrt.h): u read, w written by the last, u's points
   left as they were.  fake_launches counts their launches.

   fake_ipc_opens and fake_ipc_closes count cuIpcOpenMemHandle's and
   cuIpcCloseMemHandle's calls.  */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda-min.h"
#include "fake-cuda.h"
#include "mint/mintrt.h"

#define EXPORT __attribute__ ((visibility ("default")))

struct CUfunc_st
{
  char name[256];
  double cost_ms;
};

struct CUevent_st
{
  double ms;                    /* the device clock when it was reached */
  unsigned long long order;     /* of its recording, from 1 */
};

static double clock_ms;         /* device time of the work queued so far */
static unsigned long long recorded;     /* events recorded so far */
static unsigned long long reached;      /* the last event known reached */
static FILE *log_file;

static void
log_line (const char *what, const char *name)
{
  if (!log_file && getenv ("FAKE_CUDA_LOG"))
    log_file = fopen (getenv ("FAKE_CUDA_LOG"), "a");
  if (log_file)
    {
      fprintf (log_file, "%s%s%s\n", what, name ? " " : "", name ? name : "");
      fflush (log_file);
    }
}

/* FAKE_CUDA_COST's value for NAME, else 1.  */
static double
cost_of (const char *name)
{
  const char *list = getenv ("FAKE_CUDA_COST");
  size_t len = strlen (name);
  for (const char *p = list; p && *p; p = strchr (p, ','), p = p ? p + 1 : p)
    if (strncmp (p, name, len) == 0 && p[len] == '=')
      return atof (p + len + 1);
  return 1.0;
}

static int
lazy (void)
{
  const char *v = getenv ("FAKE_CUDA_LAZY");
  return v && v[0] == '1';
}

EXPORT CUresult cuInit (unsigned flags) { (void) flags; return CUDA_SUCCESS; }

EXPORT CUresult
cuDriverGetVersion (int *version)
{
  *version = 12080;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuDeviceGetCount (int *count)
{
  *count = 1;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuDeviceGet (CUdevice *device, int ordinal)
{
  *device = ordinal;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

EXPORT CUresult
cuDeviceGetAttribute (int *value, CUdevice_attribute attribute,
                      CUdevice device)
{
  (void) device;
  switch (attribute)
    {
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
      *value = 1024;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
      *value = 64;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
      *value = 2147483647;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
      *value = 65535;
      break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      *value = getenv ("FAKE_CUDA_CC") ? atoi (getenv ("FAKE_CUDA_CC")) : 9;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
      *value = FAKE_SHARED_OPTIN;
      break;
    default:
      *value = 0;
    }
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuDeviceGetName (char *name, int len, CUdevice device)
{
  const char *fake = getenv ("FAKE_CUDA_NAME");
  (void) device;
  snprintf (name, (size_t) len, "%s", fake ? fake : "Fake GPU");
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuDevicePrimaryCtxRetain (CUcontext *context, CUdevice device)
{
  (void) device;
  *context = (CUcontext) &clock_ms;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuCtxSetCurrent (CUcontext context)
{
  (void) context;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuStreamCreate (CUstream *stream, unsigned flags)
{
  (void) flags;
  *stream = (CUstream) &recorded;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuStreamSynchronize (CUstream stream)
{
  (void) stream;
  reached = recorded;
  log_line ("sync", NULL);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemGetInfo (size_t *free_bytes, size_t *total_bytes)
{
  *free_bytes = *total_bytes = (size_t) 1 << 30;
  return CUDA_SUCCESS;
}

/* Allocations not freed yet; FAKE_CUDA_ALLOCS, where set, is the most
   the device has room for, FAKE_CUDA_BYTES the most bytes one may
   have.  */
static int live_allocs;

EXPORT CUresult
cuMemAlloc (CUdeviceptr *ptr, size_t bytes)
{
  const char *most = getenv ("FAKE_CUDA_ALLOCS");
  const char *largest = getenv ("FAKE_CUDA_BYTES");
  if ((most && live_allocs >= atoi (most))
      || (largest && bytes > strtoull (largest, NULL, 10)))
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *p = calloc (1, bytes);
  *ptr = (CUdeviceptr) p;
  live_allocs += p != NULL;
  return p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

EXPORT CUresult
cuMemFree (CUdeviceptr ptr)
{
  live_allocs -= ptr != 0;
  free ((void *) ptr);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemcpyHtoD (CUdeviceptr dst, const void *src, size_t bytes)
{
  memcpy ((void *) dst, src, bytes);
  return CUDA_SUCCESS;
}

/* Copies run at once: the stream has done its work by the time the
   runtime could look.  */
EXPORT CUresult
cuMemcpyHtoDAsync (CUdeviceptr dst, const void *src, size_t bytes,
                   CUstream stream)
{
  (void) stream;
  return cuMemcpyHtoD (dst, src, bytes);
}

EXPORT CUresult
cuMemcpyDtoHAsync (void *dst, CUdeviceptr src, size_t bytes, CUstream stream)
{
  (void) stream;
  memcpy (dst, (const void *) src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemcpyDtoDAsync (CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                   CUstream stream)
{
  (void) stream;
  memcpy ((void *) dst, (const void *) src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemcpy3DAsync (const CUDA_MEMCPY3D *c, CUstream stream)
{
  const char *src = c->srcMemoryType == CU_MEMORYTYPE_HOST
                    ? c->srcHost : (const void *) c->srcDevice;
  char *dst = c->dstMemoryType == CU_MEMORYTYPE_HOST
              ? c->dstHost : (void *) c->dstDevice;
  (void) stream;
  src += c->srcXInBytes + (c->srcZ * c->srcHeight + c->srcY) * c->srcPitch;
  dst += c->dstXInBytes + (c->dstZ * c->dstHeight + c->dstY) * c->dstPitch;
  for (size_t z = 0; z < c->Depth; z++)
    for (size_t y = 0; y < c->Height; y++)
      memcpy (dst + (z * c->dstHeight + y) * c->dstPitch,
              src + (z * c->srcHeight + y) * c->srcPitch, c->WidthInBytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemHostRegister (void *ptr, size_t bytes, unsigned flags)
{
  (void) ptr, (void) bytes, (void) flags;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuMemHostUnregister (void *ptr)
{
  (void) ptr;
  return CUDA_SUCCESS;
}

/* A handle for another process is the address itself, which only this
   process can use: test-peer "maps" it in the process that made it.  */
EXPORT int fake_ipc_opens, fake_ipc_closes;

EXPORT CUresult
cuIpcGetMemHandle (CUipcMemHandle *handle, CUdeviceptr ptr)
{
  memset (handle, 0, sizeof *handle);
  memcpy (handle->reserved, &ptr, sizeof ptr);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuIpcOpenMemHandle (CUdeviceptr *ptr, CUipcMemHandle handle, unsigned flags)
{
  if (flags != CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS)
    return CUDA_ERROR_INVALID_VALUE;
  memcpy (ptr, handle.reserved, sizeof *ptr);
  fake_ipc_opens++;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuIpcCloseMemHandle (CUdeviceptr ptr)
{
  (void) ptr;
  fake_ipc_closes++;
  return CUDA_SUCCESS;
}

#define FAKE_MODULE "fake-module:"

/* A module is its image.  */
EXPORT CUresult
cuModuleLoadData (CUmodule *module, const void *image)
{
  if (strncmp (image, FAKE_MODULE, strlen (FAKE_MODULE)) == 0)
    log_line ("load", (const char *) image + strlen (FAKE_MODULE));
  *module = (CUmodule) image;
  return CUDA_SUCCESS;
}

/* Whether MODULE has function NAME.  */
static int
module_has (CUmodule module, const char *name)
{
  const char *image = (const char *) module;
  size_t len = strlen (name);
  if (strncmp (image, FAKE_MODULE, strlen (FAKE_MODULE)) != 0)
    return 1;
  for (const char *p = image + strlen (FAKE_MODULE); *p;
       p += strcspn (p, ","), p += *p == ',')
    if (strncmp (p, name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
      return 1;
  return 0;
}

EXPORT CUresult
cuModuleGetFunction (CUfunction *function, CUmodule module, const char *name)
{
  struct CUfunc_st *f;
  if (!module_has (module, name))
    return CUDA_ERROR_NOT_FOUND;
  f = calloc (1, sizeof *f);
  if (!f)
    return CUDA_ERROR_OUT_OF_MEMORY;
  snprintf (f->name, sizeof f->name, "%s", name);
  f->cost_ms = cost_of (name);
  *function = f;
  return CUDA_SUCCESS;
}

/* MINT_GUARD_FAULT_SYMBOL, of every module.  */
static unsigned long long guard_fault[4];

/* Every module defines MINT_WAITS_FOR_GRIDS_SYMBOL, an int, as
   FAKE_CUDA_GRID_WAIT says, and MINT_GUARD_FAULT_SYMBOL.  */
EXPORT CUresult
cuModuleGetGlobal (CUdeviceptr *ptr, size_t *bytes, CUmodule module,
                   const char *name)
{
  static int waits;
  const char *setting = getenv ("FAKE_CUDA_GRID_WAIT");
  (void) module;
  if (strcmp (name, MINT_GUARD_FAULT_SYMBOL) == 0)
    {
      *ptr = (CUdeviceptr) guard_fault;
      *bytes = sizeof guard_fault;
      return CUDA_SUCCESS;
    }
  if (strcmp (name, MINT_WAITS_FOR_GRIDS_SYMBOL) != 0
      || (setting && strcmp (setting, "none") == 0))
    return CUDA_ERROR_NOT_FOUND;
  waits = !setting || strcmp (setting, "0") != 0;
  *ptr = (CUdeviceptr) &waits;
  *bytes = sizeof waits;
  return CUDA_SUCCESS;
}

EXPORT int fake_launches[3];    /* step, step_temporal, step_closing */
/* The run number (its last parameter) of each launch of step_temporal.  */
EXPORT unsigned long long fake_runs[64];

static void
step (double *w, const double *u, long long lo, long long n, double c)
{
  for (long long i = lo; i < lo + n; i++)
    w[i] = c * (u[i - 1] + u[i] + u[i + 1]);
}

/* "step", "step_temporal" and "step_closing" with their parameters.  */
static CUresult
run_step (const char *name, void **params)
{
  long long lo = *(long long *) params[0], n = *(long long *) params[1];
  double *u = *(double **) params[2], *w = *(double **) params[5];
  double c = *(double *) params[8];
  if (strcmp (name, "step") == 0)
    {
      fake_launches[0]++;
      step (w, u, lo, n, c);
      return CUDA_SUCCESS;
    }
  /* Steps 1 and 2 on copies holding w's and u's own values outside the
     points.  */
  size_t bytes = (size_t) (lo + n + 1) * sizeof (double);
  double *v1 = malloc (bytes), *v2 = malloc (bytes);
  if (!v1 || !v2)
    {
      free (v1);
      free (v2);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  if (strcmp (name, "step_closing") == 0)
    {
      /* Step 2 into the scratch (laid out as u), w left as it was.  */
      fake_launches[2]++;
      memcpy (v1, w, bytes);
      step (v1, u, lo, n, c);
      step (*(double **) params[12], v1, lo, n, c);
      free (v1);
      free (v2);
      return CUDA_SUCCESS;
    }
  if (fake_launches[1] < 64)
    fake_runs[fake_launches[1]] = *(unsigned long long *) params[10];
  memcpy (v1, w, bytes);
  memcpy (v2, u, bytes);
  const double *from = u;
  for (unsigned s = 1; s < *(unsigned *) params[11]; s++)
    {
      double *to = s % 2 ? v1 : v2;
      step (to, from, lo, n, c);
      from = to;
    }
  step (w, from, lo, n, c);
  free (v1);
  free (v2);
  fake_launches[1]++;
  return CUDA_SUCCESS;
}

/* The extents the last launch of "guarded" got for its array u, and
   whether it ran "guarded_unchecked".  */
EXPORT long long fake_guarded_extents[3];
EXPORT int fake_guarded_unchecked;

/* "guarded": w[x] = u[x] + u[x + 1] where u[x] > 0.5, over points lo to
   lo + n - 1 of one dimension, kernel line 7, arrays u (checked) and w;
   it notes a read of u outside u's copy as the plugin's code does: the
   element, or where FAKE_CUDA_BLOCK_TEST is set, only the array.
   "guarded_unchecked" (UNCHECKED), its twin without the checks, notes
   none.  */
static void
run_guarded (void **params, bool unchecked)
{
  long long lo = *(long long *) params[0], n = *(long long *) params[1];
  const double *u = *(double **) params[2];
  double *w = *(double **) params[5];
  for (int i = 0; i < 3; i++)
    fake_guarded_extents[i] = *(long long *) params[8 + i];
  fake_guarded_unchecked = unchecked;
  for (long long x = lo; x < lo + n; x++)
    if (u[x] > 0.5)
      {
        if (!unchecked && x + 1 >= fake_guarded_extents[0]
            && guard_fault[0] == 0)
          {
            /* A block's test notes no element (FAKE_CUDA_BLOCK_TEST).  */
            guard_fault[0] = (7ULL << 32) | mint_fault_tag ("guarded") | 1
                             | (getenv ("FAKE_CUDA_BLOCK_TEST")
                                ? MINT_FAULT_NO_ELEMENT : 0);
            guard_fault[1] = (unsigned long long) (x + 1);
          }
        else
          w[x] = u[x] + u[x + 1];
      }
}

EXPORT CUresult
cuFuncSetAttribute (CUfunction f, CUfunction_attribute attribute, int value)
{
  (void) f;
  return attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
         && value >= 0 && value <= FAKE_SHARED_OPTIN
         ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* One block a multiprocessor (level 4's 512 threads of 128 registers).  */
EXPORT CUresult
cuOccupancyMaxActiveBlocksPerMultiprocessor (int *blocks, CUfunction f,
                                             int block_size,
                                             size_t shared_bytes)
{
  (void) f, (void) block_size, (void) shared_bytes;
  *blocks = 1;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuLaunchKernel (CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned shared,
                CUstream stream, void **params, void **extra)
{
  (void) gx, (void) gy, (void) gz, (void) bx, (void) by, (void) bz;
  (void) stream, (void) extra;
  clock_ms += f->cost_ms;
  log_line ("launch", f->name);
  if (shared)
    {
      char bytes[32];
      snprintf (bytes, sizeof bytes, "%u", shared);
      log_line ("shared", bytes);
    }
  if (strcmp (f->name, "step") == 0 || strcmp (f->name, "step_temporal") == 0
      || strcmp (f->name, "step_closing") == 0)
    return run_step (f->name, params);
  if (strncmp (f->name, "step_v", 6) == 0)      /* step's variants */
    return run_step ("step", params);
  if (strcmp (f->name, "guarded") == 0
      || strcmp (f->name, "guarded" MINT_UNCHECKED_SUFFIX) == 0)
    run_guarded (params, strcmp (f->name, "guarded") != 0);
  return CUDA_SUCCESS;
}

/* Counts the launches with programmatic stream serialization allowed.  */
EXPORT int fake_pdl_launches;

EXPORT CUresult
cuLaunchKernelEx (const CUlaunchConfig *c, CUfunction f, void **params,
                  void **extra)
{
  for (unsigned i = 0; i < c->numAttrs; i++)
    if (c->attrs[i].id == CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
        && c->attrs[i].value.programmaticStreamSerializationAllowed)
      fake_pdl_launches++;
  return cuLaunchKernel (f, c->gridDimX, c->gridDimY, c->gridDimZ,
                         c->blockDimX, c->blockDimY, c->blockDimZ,
                         c->sharedMemBytes, c->hStream, params, extra);
}

EXPORT CUresult
cuEventCreate (CUevent *event, unsigned flags)
{
  (void) flags;
  *event = calloc (1, sizeof **event);
  return *event ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

EXPORT CUresult
cuEventRecord (CUevent event, CUstream stream)
{
  (void) stream;
  event->ms = clock_ms;
  event->order = ++recorded;
  if (!lazy ())
    reached = recorded;
  return CUDA_SUCCESS;
}

/* The stream reaches its events in order.  */
static int
complete (CUevent event)
{
  return event->order <= reached;
}

EXPORT CUresult
cuEventSynchronize (CUevent event)
{
  log_line ("wait", NULL);
  if (event->order > reached)
    reached = event->order;
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuEventQuery (CUevent event)
{
  return complete (event) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

EXPORT CUresult
cuEventDestroy (CUevent event)
{
  free (event);
  return CUDA_SUCCESS;
}

EXPORT CUresult
cuEventElapsedTime (float *ms, CUevent start, CUevent end)
{
  if (!complete (start) || !complete (end))
    return CUDA_ERROR_NOT_READY;
  *ms = (float) (end->ms - start->ms);
  return CUDA_SUCCESS;
}
