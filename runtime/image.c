/* image.c -- the device image of a translation unit's kernels, loaded
   into a module at the first launch of one of them.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "descriptor.h"
#include "diag.h"
#include "driver.h"

/* Whether MODULE's MINT_WAITS_FOR_GRIDS_SYMBOL is 1.  It is read on the
   update stream, which does not wait for queued kernels.  */
static bool
code_waits_for_grids (CUmodule module)
{
  const struct mintrt_device *d = &mintrt_device;
  CUdeviceptr symbol;
  size_t bytes;
  int waits = 0;

  return CU (cuModuleGetGlobal) (&symbol, &bytes, module,
                                 MINT_WAITS_FOR_GRIDS_SYMBOL) == CUDA_SUCCESS
         && bytes == sizeof waits
         && CU (cuMemcpyDtoHAsync) (&waits, symbol, sizeof waits,
                                    d->update_stream) == CUDA_SUCCESS
         && CU (cuStreamSynchronize) (d->update_stream) == CUDA_SUCCESS
         && waits == 1;
}

const struct mintrt_image_state *
mintrt_kernel_image (const struct mint_kernel *k)
{
  const struct mintrt_device *d = &mintrt_device;
  struct mintrt_image_state *state;
  CUmodule module;
  CUresult r;

  if (k->image->rt)
    return k->image->rt;
  r = CU (cuModuleLoadData) (&module, k->image->data);
  if (r == CUDA_ERROR_NO_BINARY_FOR_GPU || r == CUDA_ERROR_INVALID_PTX
      || r == CUDA_ERROR_INVALID_IMAGE)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; it has no code that %s (compute "
                  "capability %d.%d) can run: rebuild it for sm_%d%d",
                  k->name, mintrt_cu_error (r), d->name, d->cc_major,
                  d->cc_minor, d->cc_major, d->cc_minor);
  if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; its PTX is newer than this driver "
                  "(driver API %d) and there is no sm_%d%d code for "
                  "%s: rebuild it for sm_%d%d", k->name,
                  mintrt_cu_error (r), d->driver_version, d->cc_major,
                  d->cc_minor, d->name, d->cc_major, d->cc_minor);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s", k->name, mintrt_cu_error (r));
  state = mintrt_xcalloc (1, sizeof *state);
  state->module = module;
  /* Pinned, the fault words come back within the wait for the kernels,
     where a pageable copy waits for the stream on its own.  */
  state->fault = aligned_alloc (MINTRT_FAULT_PAGE, MINTRT_FAULT_PAGE);
  if (!state->fault)
    mintrt_fatal (NULL, 0, "out of host memory");
  memset (state->fault, 0, MINTRT_FAULT_PAGE);
  CU (cuMemHostRegister) (state->fault, MINTRT_FAULT_PAGE, 0);
  state->pdl = d->pdl && code_waits_for_grids (module);
  if (d->pdl && !state->pdl)
    mintrt_verbose (k->file, k->line, "the device code of kernel %s does "
                    "not wait for the kernels before it (an older mint "
                    "built it, or for a GPU before sm_90): the kernels of "
                    "its file are launched plainly", k->name);
  k->image->rt = state;
  return state;
}

void
mintrt_kernel_function_name (const struct mint_kernel *k, unsigned variant,
                             unsigned form, char *name, size_t size)
{
  char suffix[32] = "";

  if (k->nvariants)
    snprintf (suffix, sizeof suffix, "%s%u", MINT_VARIANT_SUFFIX, variant);
  if (snprintf (name, size, "%s%s%s%s", k->name, suffix,
                form & MINTRT_FORM_SHARED ? MINT_SHARED_SUFFIX : "",
                form & MINTRT_FORM_UNCHECKED ? MINT_UNCHECKED_SUFFIX : "")
      >= (int) size)
    mintrt_fatal (k->file, k->line, "kernel name %s is too long", k->name);
}

bool
mintrt_shared_allowed (unsigned bytes)
{
  return bytes <= MINTRT_SHARED_DEFAULT
         || bytes <= (unsigned) mintrt_device.limits.max_shared_optin;
}

bool
mintrt_function_shared (CUfunction function, unsigned bytes)
{
  return bytes <= MINTRT_SHARED_DEFAULT
         || (mintrt_shared_allowed (bytes)
             && CU (cuFuncSetAttribute)
                  (function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                   (int) bytes) == CUDA_SUCCESS);
}

CUresult
mintrt_kernel_function (const struct mint_kernel *k,
                        struct mintrt_kernel_state *s, unsigned variant,
                        unsigned form, CUfunction *function)
{
  CUfunction *kept = &s->functions[MINTRT_FORMS * variant + form];
  char name[MINTRT_KERNEL_NAME_SIZE];
  CUresult r;

  if (*kept)
    {
      *function = *kept;
      return CUDA_SUCCESS;
    }
  mintrt_kernel_function_name (k, variant, form, name, sizeof name);
  r = CU (cuModuleGetFunction) (kept, mintrt_kernel_image (k)->module, name);
  if (r != CUDA_SUCCESS)
    {
      *kept = NULL;
      return r;
    }
  if (k->nvariants
      && !mintrt_function_shared (*kept, k->variants[variant].shared_bytes))
    mintrt_fatal (k->file, k->line, "kernel %s needs %u bytes of shared "
                  "memory per block, this GPU allows %d", name,
                  k->variants[variant].shared_bytes,
                  mintrt_device.limits.max_shared_optin);
  *function = *kept;
  return r;
}
