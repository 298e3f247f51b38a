/* profile.h -- MINT_PROFILE: per-kernel launch counts and times, printed
   as a table when the process exits (profile.c).  */

#ifndef MINTRT_PROFILE_H
#define MINTRT_PROFILE_H

#include <stdio.h>

#include "mint/mintrt.h"

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

#endif /* MINTRT_PROFILE_H */
