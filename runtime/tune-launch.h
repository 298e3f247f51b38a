/* tune-launch.h -- the launches of an autotuned kernel: its tunings and
   their timed launches (tune-launch.c).  */

#ifndef MINTRT_TUNE_LAUNCH_H
#define MINTRT_TUNE_LAUNCH_H

#include <stdio.h>

#include "descriptor.h"
#include "mint/mintrt.h"
#include "tune.h"

/* The tuning of K (state S) over COUNT, made at the first launch over
   it; NULL past MAX_TUNINGS_PER_KERNEL extents.  */
struct mintrt_tuning *mintrt_tuning_for (const struct mint_kernel *k,
                                         struct mintrt_kernel_state *s,
                                         const long long *count);

/* After the stream was synchronized: every tuning's times are there.  */
void mintrt_read_all_samples (void);

/* The variant of K (state S) to launch over COUNT (0 without variants),
   and the sample to time it into, if any.  */
unsigned mintrt_choose_variant (const struct mint_kernel *k,
                                struct mintrt_kernel_state *s,
                                const long long *count,
                                struct mintrt_tune_sample **sample);

/* MINT_PROFILE: every tuning's variants, times and choice, to OUT.  */
void mintrt_tunings_report (FILE *out);

#endif /* MINTRT_TUNE_LAUNCH_H */
