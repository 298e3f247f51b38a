/* driver.c -- the CUDA driver, loaded with dlopen so that libmintrt needs
   no CUDA toolkit to build and no GPU to run (after libgomp's
   plugin-nvptx.c).  */

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "diag.h"
#include "env.h"

struct mintrt_cuda_lib mintrt_cu;
struct mintrt_device mintrt_device;

static void *cuda_handle;

static void
unload (void)
{
  dlclose (cuda_handle);
  cuda_handle = NULL;
  memset (&mintrt_cu, 0, sizeof mintrt_cu);
}

/* Whether LIBRARY, when it is a path (MINT_CUDA_LIBRARY), is a regular
   file: dlopen would block on a FIFO.  A name without a slash is the
   loader's to find.  */
static bool
loadable (const char *library, char *why, size_t why_size)
{
  bool not_regular;
  int fd;

  if (!strchr (library, '/'))
    return true;
  fd = mintrt_open_regular (library, true, &not_regular);
  if (fd >= 0)
    {
      close (fd);
      return true;
    }
  snprintf (why, why_size, "cannot load the CUDA driver: %.*s%s: %s",
            MINTRT_BOUNDED (library, MINTRT_PATH_QUOTED),
            not_regular ? "not a regular file" : strerror (errno));
  return false;
}

/* Why dlopen of LIBRARY failed, into WHY.  dlerror's message starts with
   the library's name, which may be long: it is quoted bounded, so that
   the reason after it stays.  */
static void
load_failure (const char *library, char *why, size_t why_size)
{
  const char *error = dlerror ();
  size_t n = strlen (library);

  if (strncmp (error, library, n) == 0 && strncmp (error + n, ": ", 2) == 0)
    snprintf (why, why_size, "cannot load the CUDA driver: %.*s%s: %s",
              MINTRT_BOUNDED (library, MINTRT_PATH_QUOTED), error + n + 2);
  else
    snprintf (why, why_size, "cannot load the CUDA driver: %s", error);
}

/* dlopen LIBRARY and resolve every entry point of cuda-lib.def.  */
static bool
load (const char *library, char *why, size_t why_size)
{
  if (!loadable (library, why, why_size))
    return false;
  cuda_handle = dlopen (library, RTLD_LAZY | RTLD_LOCAL);
  if (!cuda_handle)
    {
      load_failure (library, why, why_size);
      return false;
    }

  /* Two levels, so that CALL is macro-expanded (to its _v2 name) before
     it is turned into the symbol's string.  */
#define CUDA_ONE_CALL(call) CUDA_ONE_CALL_1 (call, false)
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL_1 (call, true)
#define CUDA_ONE_CALL_1(call, maybe_null)                               \
  mintrt_cu.call = (__typeof__ (mintrt_cu.call)) dlsym (cuda_handle, #call); \
  if (!mintrt_cu.call && !(maybe_null))                                 \
    {                                                                   \
      snprintf (why, why_size, "%.*s%s lacks %s: the CUDA driver is too " \
                "old", MINTRT_BOUNDED (library, MINTRT_PATH_QUOTED), #call); \
      unload ();                                                        \
      return false;                                                     \
    }
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
#undef CUDA_ONE_CALL_1

  return true;
}

static const char *
result_name (CUresult result)
{
  switch (result)
    {
#define MINTRT_CU_RESULT_CASE(name, value) case name: return #name;
      MINTRT_CU_RESULTS (MINTRT_CU_RESULT_CASE)
#undef MINTRT_CU_RESULT_CASE
    default:
      return NULL;
    }
}

const char *
mintrt_cu_error (CUresult result)
{
  static char text[256];
  const char *description = NULL, *name = NULL;

  if (mintrt_cu.cuGetErrorString
      && mintrt_cu.cuGetErrorString (result, &description) != CUDA_SUCCESS)
    description = NULL;
  if (mintrt_cu.cuGetErrorName
      && mintrt_cu.cuGetErrorName (result, &name) != CUDA_SUCCESS)
    name = NULL;
  if (!name)
    name = result_name (result);

  if (description && name)
    snprintf (text, sizeof text, "%s (%s)", description, name);
  else if (name)
    snprintf (text, sizeof text, "%s", name);
  else if (description)
    snprintf (text, sizeof text, "%s (CUDA error %d)", description,
              (int) result);
  else
    snprintf (text, sizeof text, "CUDA error %d", (int) result);
  return text;
}

/* Run CALL; on failure say which and why in WHY and return false.  */
#define TRY(call, args)                                                 \
  do                                                                    \
    {                                                                   \
      CUresult try_result = CU (call) args;                             \
      if (try_result != CUDA_SUCCESS)                                   \
        {                                                               \
          snprintf (why, why_size, "%s failed: %s", #call,              \
                    mintrt_cu_error (try_result));                      \
          return false;                                                 \
        }                                                               \
    }                                                                   \
  while (0)

static bool
query_device (struct mintrt_device *d, char *why, size_t why_size)
{
  const struct
  {
    CUdevice_attribute attribute;
    int *value;
  } queries[] = {
    { CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
      &d->limits.max_threads_per_block },
    { CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, &d->limits.max_block[0] },
    { CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, &d->limits.max_block[1] },
    { CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, &d->limits.max_block[2] },
    { CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, &d->limits.max_grid[0] },
    { CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, &d->limits.max_grid[1] },
    { CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, &d->limits.max_grid[2] },
    { CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &d->cc_major },
    { CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &d->cc_minor },
    { CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
      &d->limits.max_shared_optin },
    { CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
      &d->limits.multiprocessors },
  };

  for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++)
    TRY (cuDeviceGetAttribute,
         (queries[i].value, queries[i].attribute, d->device));
  TRY (cuDeviceGetName, (d->name, (int) sizeof d->name, d->device));
  TRY (cuDriverGetVersion, (&d->driver_version));
  return true;
}

bool
mintrt_driver_open (const struct mintrt_config *config,
                    const char *file, unsigned line,
                    char *why, size_t why_size)
{
  struct mintrt_device *d = &mintrt_device;
  const char *library = config->cuda_library;
  CUresult r;
  int count, ordinal;

  if (!load (library, why, why_size))
    return false;
  r = CU (cuInit) (0);
  if (r == CUDA_ERROR_STUB_LIBRARY)
    {
      snprintf (why, why_size, "%.*s%s is the CUDA toolkit's stub library, "
                "not a driver", MINTRT_BOUNDED (library, MINTRT_PATH_QUOTED));
      return false;
    }
  if (r != CUDA_SUCCESS)
    {
      snprintf (why, why_size, "cuInit failed: %s", mintrt_cu_error (r));
      return false;
    }
  TRY (cuDeviceGetCount, (&count));
  if (count == 0)
    {
      snprintf (why, why_size, "the CUDA driver sees no device");
      return false;
    }
  ordinal = mintrt_config_device (config, count);
  if (ordinal >= count)
    mintrt_fatal (file, line,
                  "MINT_DEVICE=%d, but this machine has %d CUDA device%s "
                  "(0 to %d)", ordinal, count, count == 1 ? "" : "s",
                  count - 1);
  d->ordinal = ordinal;
  d->count = count;
  TRY (cuDeviceGet, (&d->device, ordinal));
  if (!query_device (d, why, why_size))
    return false;
  /* The primary context is the one the CUDA runtime uses, so device
     pointers can be shared with CUDA-runtime code in the same process.  */
  TRY (cuDevicePrimaryCtxRetain, (&d->context, d->device));
  TRY (cuCtxSetCurrent, (d->context));
  TRY (cuStreamCreate, (&d->stream, 0));
  TRY (cuStreamCreate, (&d->update_stream, CU_STREAM_NON_BLOCKING));
  d->pdl = config->pdl && d->cc_major >= 9 && CU (cuLaunchKernelEx);
  return true;
}

void
mintrt_driver_make_current (void)
{
  CUresult r = CU (cuCtxSetCurrent) (mintrt_device.context);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (NULL, 0, "cannot use the device from this thread: "
                  "cuCtxSetCurrent failed: %s", mintrt_cu_error (r));
}
