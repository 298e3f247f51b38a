/* mintrt-internal.h -- the pieces libmintrt is built from.

   The logic that needs no GPU (configuration, device layout arithmetic,
   launch geometry, the present table, profile accounting) is pure and
   unit-tested in testsuite/unit/runtime; driver.c wraps libcuda.so.1 and
   mintrt.c implements the ABI of mint/mintrt.h on top of both.  */

#ifndef MINTRT_INTERNAL_H
#define MINTRT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdnoreturn.h>

#include "mint/mintrt.h"
#include "cuda-min.h"

/* The ABI entry points are the only symbols the shared library exports.  */
#define MINTRT_EXPORT __attribute__ ((visibility ("default")))

#define MINTRT_PRINTF(fmt, args) __attribute__ ((format (printf, fmt, args)))

/* ---- diag.c: messages; all are "mint: " lines on stderr ---------------- */

/* "mint: FILE:LINE: MESSAGE", then exit (1).  FILE may be NULL.  */
noreturn void mintrt_fatal (const char *file, unsigned line,
                            const char *format, ...) MINTRT_PRINTF (3, 4);

/* The same line without exiting, only under MINT_VERBOSE=1.  */
void mintrt_verbose (const char *file, unsigned line,
                     const char *format, ...) MINTRT_PRINTF (3, 4);

/* Item INDEX of the comma-separated LIST into BUF ("?" if there is none).  */
const char *mintrt_list_item (const char *list, unsigned index,
                              char *buf, size_t size);

/* ---- config.c: the MINT_* environment variables ------------------------ */

enum mintrt_offload
{
  MINTRT_OFFLOAD_DEFAULT,       /* offload if possible, else host loops */
  MINTRT_OFFLOAD_MANDATORY,     /* offload or exit with an error */
  MINTRT_OFFLOAD_DISABLED       /* host loops; the driver is never loaded */
};

struct mintrt_config
{
  enum mintrt_offload offload;  /* MINT_OFFLOAD */
  int device;                   /* MINT_DEVICE */
  bool verbose;                 /* MINT_VERBOSE */
  bool profile;                 /* MINT_PROFILE */
  const char *cuda_library;     /* MINT_CUDA_LIBRARY (debugging knob) */
};

/* The configuration of this process, filled in once by mintrt_config_read
   at the first runtime call.  */
extern struct mintrt_config mintrt_config;

/* Parse the environment into CONFIG.  On an invalid value returns false and
   puts a message naming the variable and its accepted values into ERROR.  */
bool mintrt_config_read (struct mintrt_config *config,
                         char *error, size_t error_size);

/* ---- layout.c: device array layout and launch geometry ----------------- */

/* Device rows are padded to a multiple of this many bytes, and the element
   at the align_x offset of every row starts on such a boundary.  */
#define MINTRT_ROW_ALIGN 128u
/* Pitched allocations are a whole number of these bytes (level 3's wide
   accesses).  */
#define MINTRT_ALLOC_UNIT 16u

struct mintrt_layout
{
  size_t row_bytes;             /* nx * elem_size: one host row */
  size_t pitch;                 /* bytes between device rows */
  size_t offset;                /* allocation to element [0][0][0], bytes */
  size_t alloc_bytes;           /* what to allocate; 0 for an empty array */
  long long row_stride;         /* pitch in elements */
  long long plane_stride;       /* pitch * ny in elements */
};

/* Layout of an NZ x NY x NX array of ELEM_SIZE-byte elements: pitched and
   aligned at ALIGN_X, or contiguous under MINT_COPY_FLAT.  Returns NULL, or
   a message saying which argument is invalid.  */
const char *mintrt_layout_compute (struct mintrt_layout *layout,
                                   size_t elem_size, long long nx,
                                   long long ny, long long nz,
                                   unsigned flags, long long align_x);

struct mintrt_limits
{
  int max_threads_per_block;
  int max_block[3];
  int max_grid[3];
};

struct mintrt_geometry
{
  unsigned grid[3];
  unsigned block[3];
};

/* Grid and block of KERNEL over COUNT[0..ndims-1] points (each > 0) within
   LIMITS.  Returns false with a message in ERROR when the descriptor's tile
   and chunk or the device's limits do not allow the launch.  */
bool mintrt_geometry_compute (struct mintrt_geometry *geometry,
                              const struct mint_kernel *kernel,
                              const long long *count,
                              const struct mintrt_limits *limits,
                              char *error, size_t error_size);

/* ---- present.c: host array -> device allocation ------------------------ */

struct mintrt_present
{
  const void *host;             /* key: address of the first element */
  size_t elem_size;
  long long nx, ny, nz;
  unsigned flags;               /* MINT_COPY_* it was created with */
  struct mintrt_layout layout;
  CUdeviceptr alloc;            /* 0: no device memory (host mode, empty) */
  unsigned region;              /* owning region depth; 0: not yet adopted */
  const char *file;             /* the copy that created it */
  unsigned line;
};

struct mintrt_present_table
{
  struct mintrt_present **entries;
  size_t count;
  size_t capacity;
  unsigned depth;               /* regions open */
};

/* The entry whose key is HOST, or NULL.  */
struct mintrt_present *mintrt_present_find
  (const struct mintrt_present_table *table, const void *host);

/* Add a copy of ENTRY, owned by the innermost open region (or by the next
   one to open).  Returns the table's entry, NULL when out of memory.  */
struct mintrt_present *mintrt_present_add
  (struct mintrt_present_table *table, const struct mintrt_present *entry);

/* Open a region: it adopts the entries no region owns.  Returns how many.  */
size_t mintrt_present_region_begin (struct mintrt_present_table *table);

/* Close the innermost region (the caller checks one is open): RELEASE each
   entry it owns, then drop them.  Returns how many.  */
size_t mintrt_present_region_end (struct mintrt_present_table *table,
                                  void (*release) (struct mintrt_present *,
                                                   void *),
                                  void *context);

/* ---- profile.c: MINT_PROFILE accounting -------------------------------- */

struct mintrt_profile
{
  const struct mint_kernel *kernel;
  unsigned long long calls;
  double total_ms;
  double points;                /* summed over calls */
  struct mintrt_profile *next;  /* in order of first launch */
};

/* Add one launch of PROFILE's kernel over POINTS points that took MS.  The
   first record links PROFILE into the list the report prints.  */
void mintrt_profile_record (struct mintrt_profile *profile,
                            double ms, double points);

/* Print the table of every recorded kernel to OUT.  */
void mintrt_profile_report (FILE *out);

/* ---- mintrt.c: the state kept per kernel descriptor, in kernel->rt ---- */

union mintrt_scalar
{
  int i;
  unsigned u;
  long long l;
  unsigned long long ul;
  float f;
  double d;
};

/* The kernel parameters live in fixed slots that PARAMS points at, in the
   order of mintrt.h; mint_launch fills the slots from its varargs.  */
/* The arguments of one launch of a kernel K: views on its parameter slots
   (struct mintrt_kernel_state) or on a copy of them.  */
struct mintrt_args
{
  long long *bounds;            /* lo, n per dimension */
  CUdeviceptr *arrays;          /* element [0][0][0] of each array */
  long long *strides;           /* row, plane per array, in elements */
  union mintrt_scalar *scalars;
};

/* ---- temporal.c: level 4's time steps (mintrt.h, temporal_steps) ----- */

/* K's temporal variant may run with ARGS: its read and written arrays
   differ, and no other array is either.  */
bool mintrt_temporal_usable (const struct mint_kernel *k,
                             const struct mintrt_args *args);
/* NOW are the arguments of the step after BEFORE: the read and written
   arrays swapped (pointers and strides), everything else equal, and
   usable.  */
bool mintrt_temporal_follows (const struct mint_kernel *k,
                              const struct mintrt_args *before,
                              const struct mintrt_args *now);
void mintrt_args_copy (const struct mint_kernel *k, struct mintrt_args *to,
                       const struct mintrt_args *from);
/* Swaps the read and written arrays of ARGS.  */
void mintrt_args_swap (const struct mint_kernel *k, struct mintrt_args *args);

struct mintrt_kernel_state
{
  CUfunction function;
  CUfunction shared_function;   /* the _shared variant (mintrt.h) */
  CUfunction temporal_function; /* the _temporal variant */
  /* The launch's arguments in the parameter slots below; for a kernel
     with a temporal variant also the first and the last step waiting
     (mintrt.c, pending) and a place to keep the slots.  */
  struct mintrt_args slots, first, last, kept;
  CUdeviceptr accumulators;     /* one 8-byte slot per reduction */
  CUevent start, stop;          /* MINT_PROFILE */
  struct mintrt_profile profile;
  long long bounds[6];          /* lo, n per dimension */
  CUdeviceptr *array_ptrs;      /* element [0][0][0] of each array */
  long long *array_strides;     /* row, plane per array, in elements */
  union mintrt_scalar *scalars;
  CUdeviceptr *reduction_ptrs;
  void **reduction_hosts;
  void **params;
};

/* ---- driver.c: libcuda.so.1 -------------------------------------------- */

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
  CUdevice device;
  CUcontext context;            /* the device's primary context */
  CUstream stream;              /* every copy and launch goes here */
  struct mintrt_limits limits;
  int cc_major, cc_minor;
  int driver_version;
  char name[128];
};

extern struct mintrt_device mintrt_device;

/* Load LIBRARY, initialize the driver and set up device ORDINAL.  Returns
   false with the reason in WHY when this process cannot offload (no
   library, a stub library, no device).  A MINT_DEVICE beyond the devices
   present is fatal, reported at FILE:LINE.  */
bool mintrt_driver_open (const char *library, int ordinal,
                         const char *file, unsigned line,
                         char *why, size_t why_size);

/* "an illegal memory access was encountered (CUDA_ERROR_ILLEGAL_ADDRESS)",
   as far as the driver or our table knows it; never NULL.  */
const char *mintrt_cu_error (CUresult result);

#endif /* MINTRT_INTERNAL_H */
