/* region.c -- parallel regions, which free the device copies they own at
   their end, and barriers.  */

#include "descriptor.h"
#include "diag.h"
#include "entry.h"
#include "memory.h"
#include "queue.h"
#include "temporal-launch.h"

MINTRT_EXPORT void
mint_region_begin (const struct mint_site *site)
{
  RUNTIME_CALL ();
  size_t adopted;

  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  mintrt_run_held ();
  adopted = mintrt_present_region_begin (&mintrt_copies);
  mintrt_verbose (site->file, site->line, "region begins with %zu array%s "
                  "copied toDevice", adopted, adopted == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_region_end (const struct mint_site *site)
{
  RUNTIME_CALL ();
  size_t released;

  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  if (mintrt_copies.depth == 0)
    mintrt_fatal (site->file, site->line,
                  "end of a parallel region that was never begun");
  if (mintrt_mode == MINTRT_MODE_DEVICE)
    {
      mintrt_run_held ();
      /* A copy freed here needs no repair; one that outlives the region
         may need a scratch freed here.  */
      for (size_t i = 0; i < mintrt_copies.count; i++)
        if (mintrt_copies.entries[i]->region != mintrt_copies.depth)
          mintrt_repair_stale (mintrt_copies.entries[i]);
      mintrt_synchronize (site->file, site->line, NULL);
    }
  released = mintrt_present_region_end (&mintrt_copies,
                                        mintrt_release_entry, (void *) site);
  mintrt_verbose (site->file, site->line, "region ends: %zu device "
                  "array%s freed", released, released == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_barrier (const struct mint_site *site)
{
  RUNTIME_CALL ();
  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  if (mintrt_mode == MINTRT_MODE_DEVICE)
    {
      mintrt_run_held ();
      mintrt_synchronize (site->file, site->line, NULL);
    }
  mintrt_verbose (site->file, site->line, "barrier");
}
