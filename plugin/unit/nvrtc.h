/* nvrtc.h -- a unit's CUDA source into PTX with the CUDA toolkit's NVRTC
   library, the first of the steps nvcc takes (plain C, no GCC).

   Before any kernel, nvcc preprocesses and parses cuda_runtime.h, about
   a quarter of a second a run, which the generated kernels do not use;
   NVRTC has the device-side declarations built in.  nvcc.c loads it in a
   child process of its own (a crash or a hang ends that process, not
   cc1), then runs the toolkit's ptxas and fatbinary as nvcc would: the
   fatbin is nvcc's, byte for byte.  */

#ifndef MINT_NVRTC_H
#define MINT_NVRTC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nvrtc_request
{
  const char *library;          /* libnvrtc's file (nvcc_nvrtc_library) */
  const char *source;           /* the CUDA text, LEN bytes */
  size_t source_len;
  const char *name;             /* the source's name in NVRTC's messages */
  const char *const *options;   /* NVRTC's options, up to a NULL */
  const char *ptx_file;         /* where the PTX goes */
};

/* Exit statuses of nvrtc_write_ptx.  */
#define NVRTC_EXIT_COMPILE 1    /* the source did not compile */
#define NVRTC_EXIT_SETUP 2      /* the library or a file failed */

/* Loads REQUEST->library, compiles the source with REQUEST->options and
   writes its PTX as nvcc's front end would have written it (without the
   unreferenced variables of NVRTC's built-in headers) to
   REQUEST->ptx_file.  NVRTC's log and any failure go to stderr.  Returns
   0 or an NVRTC_EXIT_ status.  For a child process: the library stays
   loaded.  */
int nvrtc_write_ptx (const struct nvrtc_request *request);

/* PTX's text without the declarations of module variables that NVRTC's
   built-in headers add and nothing refers to (names with "__nv_", the
   implementation's, referred to nowhere else in the text): in place,
   LEN bytes; returns the new length.  */
size_t nvrtc_drop_header_variables (char *ptx, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MINT_NVRTC_H */
