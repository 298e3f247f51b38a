/* args.h -- the arguments of one launch of a kernel: the values of its
   scalars and views on its parameter slots (descriptor.h, struct
   mintrt_kernel_state).  Types only.  */

#ifndef MINTRT_ARGS_H
#define MINTRT_ARGS_H

#include "cuda-min.h"

struct mintrt_present;

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

#endif /* MINTRT_ARGS_H */
