/* profile.c -- MINT_PROFILE: per-kernel launch counts and times, printed
   as a table when the process exits.  */

#include "profile.h"

static struct mintrt_profile *first, **last = &first;

void
mintrt_profile_record (struct mintrt_profile *profile,
                       double ms, double points)
{
  if (profile->calls == 0)
    {
      profile->next = NULL;
      *last = profile;
      last = &profile->next;
    }
  profile->calls++;
  profile->total_ms += ms;
  profile->points += points;
}

void
mintrt_profile_report (FILE *out)
{
  if (!first)
    {
      fputs ("mint: profile: no kernel ran on the device\n", out);
      return;
    }
  fprintf (out, "mint: profile: %-24s %-20s %8s %12s %12s %10s\n",
           "kernel", "location", "calls", "total ms", "mean ms",
           "GB/s");
  for (const struct mintrt_profile *p = first; p; p = p->next)
    {
      const struct mint_kernel *k = p->kernel;
      char location[256];
      double gbps = p->total_ms > 0
                    ? (double) k->bytes_per_point * p->points
                      / (p->total_ms * 1e-3) / 1e9
                    : 0.0;

      snprintf (location, sizeof location, "%s:%u", k->file, k->line);
      fprintf (out,
               "mint: profile: %-24s %-20s %8llu %12.3f %12.4f %10.1f\n",
               k->name, location, p->calls, p->total_ms,
               p->total_ms / (double) p->calls, gbps);
    }
}
