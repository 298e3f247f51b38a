/* device-launch.h -- one launch of a kernel on the device
   (device-launch.c).  */

#ifndef MINTRT_DEVICE_LAUNCH_H
#define MINTRT_DEVICE_LAUNCH_H

#include "cuda-min.h"
#include "descriptor.h"
#include "mint/mintrt.h"

/* Launches FUNCTION, K's kernel or one of its variants, on the stream.
   Right after a nowait launch of K (a time loop's steps), where K's image
   allows it (struct mintrt_image_state), it goes with programmatic stream
   serialization: it is launched while the step before it drains, and its
   blocks wait in griddepcontrol.wait until that step's stores are
   visible, so the launch latency between two steps is hidden.  After
   another kernel it is launched plainly: the MPI example's boundary and
   interior kernels, whose halo exchange overlaps the interior, ran
   slower with PDL (bench/results/HISTORY.md, Runtime).  */
CUresult mintrt_launch_function (const struct mint_kernel *k,
                                 CUfunction function,
                                 const unsigned grid[3],
                                 const unsigned block[3],
                                 unsigned shared_bytes, void **params);

/* Launches K with the arguments in S's slots over COUNT points (POINTS
   of them, for MINT_PROFILE) in the variant the tuning chooses, and
   waits for it unless it may run without waiting.  */
void mintrt_launch_on_device (const struct mint_kernel *k,
                              struct mintrt_kernel_state *s,
                              const long long *count, double points);

#endif /* MINTRT_DEVICE_LAUNCH_H */
