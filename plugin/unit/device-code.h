/* device-code.h -- per translation unit: CUDA source, nvcc, embedding.

   The pass hands each extracted kernel over with its plan (plan.h);
   device-code.cc emits its CUDA (emit-kernel.h) into a group of the
   unit's kernels, builds the kernel descriptor (struct mint_kernel of
   mintrt.h) as a static variable and returns it.  Once all functions of
   the unit are lowered, an nvcc run per group, several at once
   (nvcc-jobs.h), compiles the group's kernels into a fatbin, embedded as
   a const byte array that the group's struct mint_image points at, and
   its descriptors with it (LTO-safe: varpool variables, no asm tricks).

   Include after the GCC headers.  */

#ifndef MINT_DEVICE_CODE_H
#define MINT_DEVICE_CODE_H

/* Where a group of kernels ends by default
   (-fplugin-arg-mint-nvcc-group-size), in KiB of CUDA.  nvcc takes about
   0.6 s of CPU for a group however small (its front end, the prelude,
   ptxas and fatbinary for two architectures) and about 30 ms more for
   each KiB of mint's kernels at level 3: a group of 256 KiB or more
   spends under a tenth of its time on that fixed part, and a file of a
   dozen nests at level 3 (about 160 KiB of kernels a nest) still makes
   six groups to run at once.  */
#define MINT_DEFAULT_GROUP_KIB 256

struct kir_kernel;
struct mint_plan;

/* Takes ownership of K (already kir_finish'ed) and of PLAN, its plan.
   LOC is the `for` directive's location, for diagnostics.  Returns the
   descriptor VAR_DECL whose address is mint_launch's first argument.  */
tree mint_device_add_kernel (struct kir_kernel *k, struct mint_plan *plan,
                             location_t loc);

/* A static const struct mint_site for LOC (file, line), shared between
   calls with the same location.  Returns the VAR_DECL.  */
tree mint_site_decl (location_t loc);

/* The RECORD_TYPEs the descriptors use (built on first use).  */
tree mint_kernel_type (void);
tree mint_site_type (void);

/* Registers the callbacks that finish the unit (nvcc + embedding).  */
void mint_device_register_callbacks (const char *plugin_name);

#endif /* MINT_DEVICE_CODE_H */
