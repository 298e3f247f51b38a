/* entry.c -- what every entry point of the ABI does first.  Its caller
   takes the runtime's state for the call (one host thread at a time), and
   the first call decides, once per process, whether kernels run on the
   device (MINTRT_MODE_DEVICE) or the caller's host loops run
   (MINTRT_MODE_HOST).  mint_offload_status says which.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "entry.h"
#include "diag.h"
#include "driver.h"
#include "env.h"
#include "memory.h"
#include "profile.h"
#include "tune-launch.h"

enum mintrt_mode mintrt_mode;

static void
report_profile (void)
{
  mintrt_profile_report (stderr);
  mintrt_tunings_report (stderr);
}

/* In MINTRT_MODE_HOST, why the host runs the loops (for
   mint_offload_status).  */
static char host_reason[512];

void
mintrt_decide (const char *file, unsigned line)
{
  const struct mintrt_config *c = &mintrt_config;
  char why[sizeof host_reason - 16], chosen[160] = "";

  if (mintrt_mode != MINTRT_MODE_UNDECIDED)
    return;
  if (!mintrt_config_read (&mintrt_config, why, sizeof why))
    mintrt_fatal (file, line, "%s", why);
  if (c->profile)
    atexit (report_profile);

  if (c->offload == MINTRT_OFFLOAD_DISABLED)
    {
      mintrt_mode = MINTRT_MODE_HOST;
      snprintf (host_reason, sizeof host_reason, "MINT_OFFLOAD=disabled");
      mintrt_verbose (file, line, "MINT_OFFLOAD=disabled: kernels run on "
                      "the host");
      return;
    }
  if (!mintrt_driver_open (c, file, line, why, sizeof why))
    {
      if (c->offload == MINTRT_OFFLOAD_MANDATORY)
        mintrt_fatal (file, line, "MINT_OFFLOAD=mandatory, but kernels "
                      "cannot run on a GPU: %s", why);
      mintrt_mode = MINTRT_MODE_HOST;
      snprintf (host_reason, sizeof host_reason, "no GPU (%s)", why);
      mintrt_verbose (file, line, "no GPU, kernels run on the host: %s", why);
      return;
    }
  mintrt_mode = MINTRT_MODE_DEVICE;
  if (c->device < 0 && c->local_rank >= 0)
    snprintf (chosen, sizeof chosen, " (MINT_DEVICE unset: %s=%d modulo "
              "%d device%s)", c->local_rank_variable, c->local_rank,
              mintrt_device.count, mintrt_device.count == 1 ? "" : "s");
  mintrt_verbose (file, line, "kernels run on device %d%s: %s (compute "
                  "capability %d.%d, driver API %d)%s", mintrt_device.ordinal,
                  chosen, mintrt_device.name, mintrt_device.cc_major,
                  mintrt_device.cc_minor, mintrt_device.driver_version,
                  mintrt_device.pdl ? ", programmatic dependent launch"
                                    : "");
}

/* The runtime's state (the present table, the steps held back, the
   queued launches) belongs to one host thread from its call until the
   end of its outermost parallel region leaves no array on the device.
   Another thread's call waits until then: regions that several threads
   run (an OpenMP loop over problems) run one after another, each with
   its own arrays.  */
static pthread_mutex_t owner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t owner_free = PTHREAD_COND_INITIALIZER;
static bool owned;
static _Thread_local bool owner;

int
mintrt_enter_runtime (void)
{
  if (owner)
    return 0;
  pthread_mutex_lock (&owner_lock);
  while (owned)
    pthread_cond_wait (&owner_free, &owner_lock);
  owned = owner = true;
  pthread_mutex_unlock (&owner_lock);
  if (mintrt_mode == MINTRT_MODE_DEVICE)
    mintrt_driver_make_current ();
  return 0;
}

void
mintrt_leave_runtime (int *unused)
{
  (void) unused;
  if (!owner || mintrt_copies.depth || mintrt_copies.count)
    return;
  pthread_mutex_lock (&owner_lock);
  owned = owner = false;
  pthread_cond_broadcast (&owner_free);
  pthread_mutex_unlock (&owner_lock);
}

MINTRT_EXPORT int
mint_offload_status (char *buf, size_t size)
{
  RUNTIME_CALL ();
  mintrt_decide (NULL, 0);
  if (mintrt_mode == MINTRT_MODE_DEVICE)
    {
      snprintf (buf, size, "%s (device %d, compute capability %d.%d)",
                mintrt_device.name, mintrt_device.ordinal,
                mintrt_device.cc_major, mintrt_device.cc_minor);
      return 1;
    }
  snprintf (buf, size, "host fallback: %s", host_reason);
  return 0;
}
