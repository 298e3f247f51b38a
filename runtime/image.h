/* image.h -- the device image of a translation unit's kernels, loaded at
   first use (image.c).  */

#ifndef MINTRT_IMAGE_H
#define MINTRT_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "cuda-min.h"
#include "mint/mintrt.h"

/* MINT_GUARD_FAULT_SYMBOL's words, and the host page they come back to.  */
#define MINTRT_FAULT_WORDS 4
#define MINTRT_FAULT_PAGE 4096

/* An image's module, and whether its kernels may be launched with
   programmatic stream serialization (mintrt_launch_function): where the
   device allows it (mintrt_device.pdl) and the code the driver loaded for
   this GPU waits for the grids before its kernels
   (MINT_WAITS_FOR_GRIDS_SYMBOL: 0 in code for GPUs before sm_90, absent
   from images of older plugins).  */
struct mintrt_image_state
{
  CUmodule module;
  bool pdl;
  /* Its MINT_GUARD_FAULT_SYMBOL, as last copied (mintrt_copy_fault_words,
     guard.c): a page of its own, pinned where the driver lets it.  */
  unsigned long long *fault;
};

/* K's image's state (mint_image's rt), its module loaded at first use.  */
const struct mintrt_image_state *
mintrt_kernel_image (const struct mint_kernel *k);

struct mintrt_kernel_state;

/* The size of a kernel function's name, its terminating null included.  */
#define MINTRT_KERNEL_NAME_SIZE 256

/* The forms of a variant's function: its MINT_SHARED_SUFFIX twin, its
   MINT_UNCHECKED_SUFFIX twin (MINT_KERNEL_UNCHECKED), or both.  */
#define MINTRT_FORM_SHARED 1u
#define MINTRT_FORM_UNCHECKED 2u
#define MINTRT_FORMS 4u

/* Into NAME (SIZE bytes), the name of VARIANT's function of kernel K
   (VARIANT ignored without variants) in FORM (MINTRT_FORM_*); a fatal
   error at K's line where it does not fit.  */
void mintrt_kernel_function_name (const struct mint_kernel *k,
                                  unsigned variant, unsigned form,
                                  char *name, size_t size);

/* Into *FUNCTION, VARIANT's function of kernel K (state S; ignored
   without variants) in FORM (MINTRT_FORM_*), found in the loaded image
   at first use and kept in S.  CUDA_ERROR_NOT_FOUND where the image the
   driver loaded for this GPU lacks it: a tuning candidate compiled only
   for newer GPUs (MINT_CANDIDATE_ARCH).  */
CUresult mintrt_kernel_function (const struct mint_kernel *k,
                                 struct mintrt_kernel_state *s,
                                 unsigned variant, unsigned form,
                                 CUfunction *function);

/* Shared memory every block may have without opting in.  */
#define MINTRT_SHARED_DEFAULT (48 * 1024)

/* Whether this device lets a block have BYTES of dynamic shared memory:
   at most MINTRT_SHARED_DEFAULT, or at most its max_shared_optin.  */
bool mintrt_shared_allowed (unsigned bytes);

/* Whether FUNCTION's blocks may take BYTES of dynamic shared memory on
   this device: at most MINTRT_SHARED_DEFAULT, or allowed
   (mintrt_shared_allowed) and the function opted in to BYTES.  */
bool mintrt_function_shared (CUfunction function, unsigned bytes);

#endif /* MINTRT_IMAGE_H */
