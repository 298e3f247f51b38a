/* descriptor.h -- the checks of the descriptors the plugin emits
   (mintrt.h), and the state libmintrt keeps per kernel (descriptor.c).  */

#ifndef MINTRT_DESCRIPTOR_H
#define MINTRT_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>

#include "args.h"
#include "cuda-min.h"
#include "footprint.h"
#include "mint/mintrt.h"
#include "profile.h"

struct mintrt_present;
struct mintrt_tuning;

/* Bytes of a value of scalar signature letter SIG; 0 if SIG is none.  */
size_t mintrt_scalar_size (char sig);

/* What a message about a descriptor from another ABI tells the user.  */
extern const char mintrt_rebuild_hint[];

/* A directive site built for another ABI cannot be trusted further; its
   first three fields are the same in every version.  */
void mintrt_check_site (const struct mint_site *site);

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
  /* Per variant (one without variants), MINTRT_FORMS of them: the
     function in each form (image.h); loaded at first use.  */
  CUfunction *functions;
  struct mintrt_tuning *tunings;        /* per extents; autotuned kernels */
  unsigned ntunings;
  /* The temporal and the closing variant (temporal-launch.c, enum
     level4).  */
  struct mintrt_level4 level4[2];
  /* Closing launches (temporal-launch.c, launch_closing) so far, and the
     launches they made needed after all: a step to bring up to date the
     points a closing launch left behind, a copy into the scratch after
     the cells outside the points changed.  */
  unsigned long long closings, closing_extras;
  bool closings_off;            /* they cost more than they saved */
  bool strides_said;            /* told that a shape class's strides differ */
  bool checks_said;             /* told that a launch needs the checks */
  /* The level-4 variants' last parameters (mintrt.h): the launched one's
     words per block, the number of the run of steps held back
     (temporal-launch.c, held), the steps of the launch, and the closing
     variant's buffer laid out as its read array.  */
  CUdeviceptr launch_tiles;
  unsigned long long temporal_run;
  unsigned launch_steps;
  CUdeviceptr closing_scratch;
  /* The count of device writes (memory.c, mintrt_device_writes) when
     that run began.  */
  unsigned long long temporal_run_writes;
  /* The launch's arguments in the parameter slots below; for a kernel
     with a temporal variant also the first and the last step held back
     (temporal-launch.c, held), a place to keep the slots, the first step
     of the last run, the last closing launch's and another place for the
     slots (mintrt_repair_stale).  */
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
  /* Whether the launch's checks may fail: an element of a checked array
     it may touch lies outside the array's copy (guard.c).  */
  bool checks;
  /* False where the launch may not run the variants flagged
     MINT_VARIANT_MARGIN (launch.c, footprint_in_margins).  */
  bool margins_hold;
  void **params;
};

/* Whether some variant of K has FLAG (MINT_VARIANT_*).  */
bool mintrt_some_variant_has (const struct mint_kernel *k, unsigned flag);

/* K's state, made at its first launch after the checks of its descriptor
   (a corrupt one ends the program).  */
struct mintrt_kernel_state *mintrt_kernel_state_of (struct mint_kernel *k);

#endif /* MINTRT_DESCRIPTOR_H */
