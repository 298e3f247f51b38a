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

/* The same line without exiting.  */
void mintrt_note (const char *file, unsigned line,
                  const char *format, ...) MINTRT_PRINTF (3, 4);

/* The same line without exiting, only under MINT_VERBOSE=1.  */
void mintrt_verbose (const char *file, unsigned line,
                     const char *format, ...) MINTRT_PRINTF (3, 4);

/* calloc of at least one element; out of memory is fatal.  */
void *mintrt_xcalloc (size_t count, size_t size);

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

enum mintrt_tune
{
  MINTRT_TUNE_ON,               /* the tuning cache's choice, else measure */
  MINTRT_TUNE_OFF,              /* variant 0, the compile-time choice */
  MINTRT_TUNE_RETUNE            /* measure, whatever the cache says */
};

struct mintrt_config
{
  enum mintrt_offload offload;  /* MINT_OFFLOAD */
  int device;                   /* MINT_DEVICE; -1 when unset */
  /* With MINT_DEVICE unset: the node-local rank an MPI launcher gives the
     process (MINTRT_LOCAL_RANK_VARIABLES), -1 if none, and its variable.  */
  int local_rank;
  const char *local_rank_variable;
  bool verbose;                 /* MINT_VERBOSE */
  bool profile;                 /* MINT_PROFILE */
  enum mintrt_tune tune;        /* MINT_TUNE */
  bool pdl;                     /* MINT_PDL */
  const char *cuda_library;     /* MINT_CUDA_LIBRARY (debugging knob) */
};

/* The configuration of this process, filled in once by mintrt_config_read
   at the first runtime call.  */
extern struct mintrt_config mintrt_config;

/* The variables, in order of preference, that launchers set to the rank of
   the process among those on its node: Open MPI's mpirun, MPICH's and
   Intel MPI's hydra, Slurm's srun.  */
#define MINTRT_LOCAL_RANK_VARIABLES \
  { "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID" }

/* The device CONFIG selects among COUNT (> 0) devices: MINT_DEVICE, else
   the local rank modulo COUNT (one rank per GPU), else 0.  */
int mintrt_config_device (const struct mintrt_config *config, int count);

/* Parse the environment into CONFIG.  On an invalid value returns false and
   puts a message naming the variable and its accepted values into ERROR.  */
bool mintrt_config_read (struct mintrt_config *config,
                         char *error, size_t error_size);

/* ---- layout.c: device array layout and launch geometry ----------------- */

/* Device rows are padded to a multiple of this many bytes, and the element
   at the align_x offset of every row (of a flat copy: of its first row,
   since its rows are not padded) starts on such a boundary.  */
#define MINTRT_ROW_ALIGN 128u
/* Allocations are a whole number of these bytes (level 3's wide
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
  int max_shared_optin;         /* bytes of shared memory a block may have */
  int multiprocessors;
};

struct mintrt_geometry
{
  unsigned grid[3];
  unsigned block[3];
};

/* Grid and block over COUNT[0..NDIMS-1] points (each > 0) with TILE and
   CHUNK (a descriptor's or a variant's) within LIMITS.  Returns false with
   a message in ERROR when the shape or the device's limits do not allow
   the launch.  */
bool mintrt_geometry_compute (struct mintrt_geometry *geometry,
                              unsigned ndims, const unsigned *tile,
                              const unsigned *chunk, const long long *count,
                              const struct mintrt_limits *limits,
                              char *error, size_t error_size);

/* ---- footprint.c: boxes of elements ------------------------------------ */

/* Elements lo[i] .. hi[i] along axis i (x, y, z); empty if lo > hi.  */
struct mintrt_box
{
  long long lo[3], hi[3];
};

/* The kinds of an axis of a kernel's footprint (mintrt.h).  */
#define MINTRT_AXIS_ANY '*'
#define MINTRT_AXIS_PARALLEL 'p'
#define MINTRT_AXIS_SCALAR 's'
#define MINTRT_AXIS_CONSTANT 'c'

struct mintrt_axis_use
{
  char kind;                    /* MINTRT_AXIS_* */
  int index;                    /* parallel dimension or scalar */
  long long lo, hi;             /* offsets */
};

/* A monomial of a flat array's subscript: COEFF times integer scalars,
   times parallel dimension DIM's variable where DIM >= 0, else a term of
   rest REST.  */
#define MINTRT_TERM_FACTORS 4
struct mintrt_linear_term
{
  long long coeff;
  int nscalars;
  int scalar[MINTRT_TERM_FACTORS];
  int dim, rest;
};

/* A flat array's one subscript (mintrt.h): the sum of the terms of the
   dimensions plus one of the rests, each the sum of its terms plus from
   LO to HI; NTERMS < 0 where it is not known.  */
#define MINTRT_LINEAR_TERMS 64
#define MINTRT_LINEAR_RESTS 16
struct mintrt_linear_use
{
  int nterms, nrests;
  struct mintrt_linear_term term[MINTRT_LINEAR_TERMS];
  long long lo[MINTRT_LINEAR_RESTS], hi[MINTRT_LINEAR_RESTS];
};

/* What a kernel does with one of its arrays.  */
struct mintrt_array_use
{
  bool written;
  struct mintrt_axis_use axis[3];       /* x, y, z */
  struct mintrt_linear_use linear;
};

/* Parses FOOTPRINT, K's footprint or every_point_footprint, into USES
   (K->narrays entries).  False when it is malformed or names a dimension
   or integer scalar K does not have.  */
bool mintrt_footprint_parse (const struct mint_kernel *k,
                             const char *footprint,
                             struct mintrt_array_use *uses);

/* Whether scalar signature letter SIG is an integer type.  */
bool mintrt_integer_sig (char sig);

union mintrt_scalar;

/* The elements USE (of kernel K) may touch at a launch over BOUNDS (lo, n
   per parallel dimension, each n > 0) with the scalar values SCALARS.  */
void mintrt_footprint_box (const struct mint_kernel *k,
                          const struct mintrt_array_use *use,
                          const long long *bounds,
                          const union mintrt_scalar *scalars,
                          struct mintrt_box *box);

/* The elements from *LO to *HI that the flat array of USE (of kernel K)
   may have touched at a launch as mintrt_footprint_box's.  False where
   its subscript is not known or the sum does not fit a long long.  */
bool mintrt_linear_range (const struct mint_kernel *k,
                          const struct mintrt_array_use *use,
                          const long long *bounds,
                          const union mintrt_scalar *scalars,
                          long long *lo, long long *hi);

bool mintrt_box_overlap (const struct mintrt_box *a,
                         const struct mintrt_box *b);
bool mintrt_box_empty (const struct mintrt_box *box);

/* The box of RANGES (start, count for x, y, z) in an array of EXTENT
   (x, y, z).  False, with a message naming the axis in ERROR, when a range
   leaves the array or has a negative count.  */
bool mintrt_box_from_ranges (struct mintrt_box *box, const long long *ranges,
                             const long long *extent, char *error,
                             size_t error_size);

/* ---- present.c: host array -> device allocation ------------------------ */

enum mintrt_pinning
{
  MINTRT_PIN_UNTRIED,
  MINTRT_PIN_DONE,              /* registered with the driver */
  MINTRT_PIN_FAILED             /* transfers use pageable memory */
};

/* Writes that may change cells outside a kernel's points: each copy or
   update to the device, and each launch that is not of the kernel and
   bounds of the one before (KERNEL, BOUNDS).  */
struct mintrt_writes
{
  unsigned long long count;
  const struct mint_kernel *kernel;     /* NULL: not a kernel */
  long long bounds[6];
};

struct mintrt_present
{
  const void *host;             /* key: address of the first element */
  size_t elem_size;
  long long nx, ny, nz;
  unsigned flags;               /* MINT_COPY_* it was created with */
  struct mintrt_layout layout;
  CUdeviceptr alloc;            /* 0: no device memory (host mode, empty) */
  unsigned region;              /* owning region depth; 0: not yet adopted */
  /* A kernel wrote the device copy after the host's was last brought up
     to date by a copy (mint_copy_to_device).  */
  bool device_newer;
  /* A device pointer to it was handed out (mint_device_pointer): code
     libmintrt does not see may write it.  */
  bool handed_out;
  /* Writes to the device copy that may have changed its cells outside a
     kernel's points.  */
  struct mintrt_writes writes;
  /* 0, or a buffer of the copy's layout whose cells outside the points
     of a closing variant (mintrt.h, closing_tile) hold the copy's as of
     SCRATCH_WRITES (writes).  */
  CUdeviceptr scratch;
  unsigned long long scratch_writes;
  /* Not NULL: a closing variant of this kernel left the copy's points a
     step behind (the array it writes nothing into).  One step of the
     kernel (its state's STALE arguments) from the scratch of STALE_SOURCE
     brings them up to date before anything else uses them, unless the
     kernel's next step overwrites them (mintrt.c, repair_stale).  */
  struct mint_kernel *stale_kernel;
  struct mintrt_present *stale_source;
  enum mintrt_pinning pinned;   /* host memory page-locked for updates */
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

/* The entry whose key is HOST, or else the one whose host array HOST
   points into at the start of a row (not a flat copy's): a plane of it
   (a kernel's array A[t % 2] of the copied A[2][NZ][NY][NX]).  The rows
   from the entry's first element to HOST into *ORIGIN (0 for the key);
   NULL if there is none.  */
struct mintrt_present *mintrt_present_find_view
  (const struct mintrt_present_table *table, const void *host,
   long long *origin);

/* Whether any of the BYTES bytes at ADDRESS lie in the host array of
   ENTRY (nx * ny * nz contiguous elements).  */
bool mintrt_present_overlaps (const struct mintrt_present *entry,
                              const void *address, size_t bytes);

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

/* ---- tune.c: the variants of an autotuned kernel ---------------------- */

/* Timed launches of each variant; its fastest counts.  */
#define MINTRT_TUNE_ROUNDS 2

/* Most variants a descriptor may have (the plugin makes at most 8).  */
#define MINTRT_MAX_VARIANTS 64

/* What a choice holds for: the tuning cache's key.  */
struct mintrt_tune_key
{
  unsigned long long code_hash;
  const char *gpu;              /* the device's name */
  unsigned ndims;
  long long extents[3];         /* points of the iteration space, x first */
  unsigned nvariants;
};

enum mintrt_tune_source
{
  MINTRT_TUNED_MEASURED,
  MINTRT_TUNED_CACHE,           /* read from the tuning cache */
  MINTRT_TUNED_OFF              /* MINT_TUNE=off: the compile-time choice */
};

/* A timed launch: its variant and the events recorded around it.  */
struct mintrt_tune_sample
{
  unsigned variant;
  CUevent start, stop;
};

/* The choice among the variants of one kernel over one set of extents.
   The first MINTRT_TUNE_ROUNDS rounds of launches run each usable variant
   once, timed (every other round in reverse order, so that no variant
   always runs first); until every time is read back, later launches run
   the fastest read so far.  */
struct mintrt_tuning
{
  const struct mint_kernel *kernel;
  struct mintrt_tune_key key;
  bool *usable;                 /* per variant: launchable here */
  unsigned nusable;
  double *best_ms;              /* per variant: fastest sample, < 0: none */
  unsigned *nsamples;           /* per variant */
  struct mintrt_tune_sample *samples;   /* the timed launches, in order */
  unsigned planned, issued, read;       /* timed launches */
  bool decided;
  unsigned choice;
  enum mintrt_tune_source source;
  struct mintrt_tuning *next;   /* the same kernel's next extents */
  struct mintrt_tuning *next_all;       /* every tuning, oldest first */
};

/* A tuning of KEY's kernel K where USABLE[v] says which variants can run
   (at least one can), nothing measured yet.  */
struct mintrt_tuning *mintrt_tuning_new (const struct mint_kernel *k,
                                         const struct mintrt_tune_key *key,
                                         const bool *usable);
void mintrt_tuning_free (struct mintrt_tuning *t);

/* The variant the next launch runs.  *TIMED when it is a timed launch:
   its sample is T->samples[T->issued - 1].  */
unsigned mintrt_tune_next (struct mintrt_tuning *t, bool *timed);

/* MS for the oldest timed launch not yet read back.  Returns true when
   that was the last one: T has then decided (the fastest usable variant,
   the first of equals).  */
bool mintrt_tune_record (struct mintrt_tuning *t, double ms);

/* Decides for CHOICE from SOURCE (cache, off).  */
void mintrt_tune_settle (struct mintrt_tuning *t, unsigned choice,
                         enum mintrt_tune_source source);

/* The tuning cache's directory into BUF: $XDG_CACHE_HOME/mint when that
   is an absolute path, else $HOME/.cache/mint.  False when neither
   applies.  */
bool mintrt_tune_cache_dir (char *buf, size_t size);

/* The file of KEY's entry in DIR, into BUF.  False when it is too long.  */
bool mintrt_tune_cache_path (char *buf, size_t size, const char *dir,
                             const struct mintrt_tune_key *key);

/* T's entry (decided) as text, malloc'ed; NULL when out of memory.  */
char *mintrt_tune_cache_format (const struct mintrt_tuning *t);

/* Whether TEXT (LEN bytes) is a sound entry for KEY: then *CHOICE is its
   variant; else WHY says what is wrong with it.  */
bool mintrt_tune_cache_parse (const char *text, size_t len,
                              const struct mintrt_tune_key *key,
                              unsigned *choice, char *why, size_t why_size);

enum mintrt_cache_lookup
{
  MINTRT_CACHE_MISSING,         /* no entry */
  MINTRT_CACHE_FOUND,           /* *choice */
  MINTRT_CACHE_INVALID          /* unreadable or unsound: why */
};

/* Reads the entry for KEY at PATH.  */
enum mintrt_cache_lookup mintrt_tune_cache_load
  (const char *path, const struct mintrt_tune_key *key, unsigned *choice,
   char *why, size_t why_size);

/* Writes TEXT as PATH in DIR (made if missing) through a temporary file
   renamed over it: readers and concurrent writers only ever see whole
   entries.  False with the reason in WHY.  */
bool mintrt_tune_cache_store (const char *dir, const char *path,
                              const char *text, char *why, size_t why_size);

/* MINT_PROFILE: the variants, times and choice of every tuning from
   FIRST on (linked by next_all).  */
void mintrt_tune_report (FILE *out, const struct mintrt_tuning *first);

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

/* The arguments of one launch of a kernel K: views on its parameter slots
   (struct mintrt_kernel_state) or on a copy of them.  */
struct mintrt_args
{
  long long *bounds;            /* lo, n per dimension */
  CUdeviceptr *arrays;          /* element [0][0][0] of each array */
  long long *strides;           /* row, plane per array, in elements */
  union mintrt_scalar *scalars;
  struct mintrt_present **entries;      /* of the arrays */
  long long *origins;           /* rows of each array into its entry
                                   (mintrt_present_find_view) */
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
/* A run of steps with NOW looks at the cells of BEFORE's: the same
   bounds, and the same two arrays read and written, in either order.  */
bool mintrt_temporal_same_space (const struct mint_kernel *k,
                                 const struct mintrt_args *before,
                                 const struct mintrt_args *now);
/* Swaps the read and written arrays of ARGS.  */
void mintrt_args_swap (const struct mint_kernel *k, struct mintrt_args *args);
/* The number of blocks in z of a level-4 variant over N planes, XY
   blocks in each, on a GPU that runs SLOTS of its blocks at once and
   launches at most MAX_GRID in z: FEWEST (chunks of the variant's tile,
   the kernel whose chunk is a constant) unless smaller chunks, down to
   a quarter of those and MINTRT_MIN_CHUNK planes, fill the waves of
   blocks enough better to cost 5% less by a model of the waves, where
   FEWEST make less than 8 waves; those are counted so that no chunk is
   empty (mintrt.h, MINT_CHUNKED_SUFFIX).  On an H100 (heat7) that chose
   the fastest of the chunks measured at each of 12 sizes, 64^3 to
   512^3; at 128^3 and 256^3 the steps ran 2.7 and 1.14 times as fast as
   in chunks of 64.  */
#define MINTRT_MIN_CHUNK 16
unsigned long long mintrt_level4_chunks (long long n,
                                         unsigned long long fewest,
                                         unsigned long long xy,
                                         unsigned long long slots,
                                         unsigned long long max_grid);

/* One of a kernel's level-4 variants (mintrt.h: MINT_TEMPORAL_SUFFIX or
   MINT_CLOSING_SUFFIX) and its second kernel, each with a constant chunk
   and chunked (MINT_CHUNKED_SUFFIX).  */
struct mintrt_level4
{
  CUfunction functions[2][2];   /* [chunked][second] */
  int state;                    /* 0: not loaded, 1: ready, -1: unusable */
  int resident;                 /* blocks a multiprocessor runs at once */
  bool grid_said;               /* told that its grid did not fit */
  CUdeviceptr tiles;            /* a word per block, for BLOCKS blocks */
  unsigned long long blocks;
};

/* The kernel parameters live in fixed slots that PARAMS points at, in the
   order of mintrt.h; mint_launch fills the slots from its varargs.  */
struct mintrt_kernel_state
{
  struct mintrt_array_use *uses;        /* the footprint, per array */
  /* The every_point_footprint, per array; NULL where there is none.  */
  struct mintrt_array_use *every_point_uses;
  struct mintrt_present **entries;      /* of the arrays, at launch */
  long long *origins;           /* their rows into the entries, at launch */
  /* Per variant (one without variants): the function, and its
     MINT_SHARED_SUFFIX twin (mintrt.h); loaded at first use.  */
  CUfunction *functions;
  CUfunction *shared_functions;
  struct mintrt_tuning *tunings;        /* per extents; autotuned kernels */
  unsigned ntunings;
  /* The temporal and the closing variant (mintrt.c, enum level4).  */
  struct mintrt_level4 level4[2];
  /* Closing launches (mintrt.c, launch_closing) so far, and the launches
     they made needed after all: a step to bring up to date the points a
     closing launch left behind, a copy into the scratch after the cells
     outside the points changed.  */
  unsigned long long closings, closing_extras;
  bool closings_off;            /* they cost more than they saved */
  /* The level-4 variants' last parameters (mintrt.h): the launched one's
     words per block, the number of the run of steps held back (mintrt.c,
     held), and the closing variant's buffer laid out as its read array.  */
  CUdeviceptr launch_tiles;
  unsigned long long temporal_run;
  CUdeviceptr closing_scratch;
  /* The count of device writes (mintrt.c, device_writes) when that run
     began.  */
  unsigned long long temporal_run_writes;
  /* The launch's arguments in the parameter slots below; for a kernel
     with a temporal variant also the first and the last step held back
     (mintrt.c, held), a place to keep the slots, the first step of the
     last run, the last closing launch's and another place for the slots
     (repair_stale).  */
  struct mintrt_args slots, first, last, kept, run, stale, spare;
  CUdeviceptr accumulators;     /* one 8-byte slot per reduction */
  CUevent start, stop;          /* MINT_PROFILE */
  struct mintrt_profile profile;
  long long bounds[6];          /* lo, n per dimension */
  CUdeviceptr *array_ptrs;      /* element [0][0][0] of each array */
  long long *array_strides;     /* row, plane per array, in elements */
  union mintrt_scalar *scalars;
  CUdeviceptr *reduction_ptrs;
  void **reduction_hosts;
  /* The extents x, y, z of the copy of each array checked_arrays marks
     (mintrt.h), NCHECKED of them.  */
  long long *checked_extents;
  unsigned nchecked;
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

#endif /* MINTRT_INTERNAL_H */
