/* The MINT_* environment variables: accepted values, defaults, and the
   message and exit status for invalid ones.  */

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mintrt-internal.h"

static char error[512];

static bool
read_with (const char *name, const char *value, struct mintrt_config *c)
{
  static const char *const all[] = { "MINT_OFFLOAD", "MINT_DEVICE",
                                     "MINT_VERBOSE", "MINT_PROFILE",
                                     "MINT_TUNE", "MINT_CUDA_LIBRARY" };
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    unsetenv (all[i]);
  if (name)
    setenv (name, value, 1);
  error[0] = '\0';
  return mintrt_config_read (c, error, sizeof error);
}

static void
test_defaults (void)
{
  struct mintrt_config c;

  CHECK (read_with (NULL, NULL, &c));
  CHECK (c.offload == MINTRT_OFFLOAD_DEFAULT);
  CHECK (c.device == 0);
  CHECK (!c.verbose && !c.profile);
  CHECK (c.tune == MINTRT_TUNE_ON);
  CHECK (strcmp (c.cuda_library, "libcuda.so.1") == 0);

  /* Empty is unset.  */
  CHECK (read_with ("MINT_OFFLOAD", "", &c));
  CHECK (c.offload == MINTRT_OFFLOAD_DEFAULT);
}

static void
test_valid (void)
{
  struct mintrt_config c;

  CHECK (read_with ("MINT_OFFLOAD", "mandatory", &c));
  CHECK (c.offload == MINTRT_OFFLOAD_MANDATORY);
  CHECK (read_with ("MINT_OFFLOAD", "DISABLED", &c));
  CHECK (c.offload == MINTRT_OFFLOAD_DISABLED);
  CHECK (read_with ("MINT_OFFLOAD", "Default", &c));
  CHECK (c.offload == MINTRT_OFFLOAD_DEFAULT);
  CHECK (read_with ("MINT_DEVICE", "3", &c));
  CHECK (c.device == 3);
  CHECK (read_with ("MINT_DEVICE", "0", &c));
  CHECK (c.device == 0);
  CHECK (read_with ("MINT_VERBOSE", "1", &c));
  CHECK (c.verbose);
  CHECK (read_with ("MINT_VERBOSE", "0", &c));
  CHECK (!c.verbose);
  CHECK (read_with ("MINT_PROFILE", "1", &c));
  CHECK (c.profile);
  CHECK (read_with ("MINT_TUNE", "off", &c));
  CHECK (c.tune == MINTRT_TUNE_OFF);
  CHECK (read_with ("MINT_TUNE", "Retune", &c));
  CHECK (c.tune == MINTRT_TUNE_RETUNE);
  CHECK (read_with ("MINT_TUNE", "on", &c));
  CHECK (c.tune == MINTRT_TUNE_ON);
  CHECK (read_with ("MINT_CUDA_LIBRARY", "/opt/x/libcuda.so.1", &c));
  CHECK (strcmp (c.cuda_library, "/opt/x/libcuda.so.1") == 0);
}

static void
check_invalid (const char *name, const char *value, const char *accepted)
{
  struct mintrt_config c;
  char expect[128];

  CHECK (!read_with (name, value, &c));
  snprintf (expect, sizeof expect, "invalid %s=\"%s\"", name, value);
  CHECK_CONTAINS (error, expect);
  CHECK_CONTAINS (error, accepted);
}

static void
test_invalid (void)
{
  check_invalid ("MINT_OFFLOAD", "yes", "default, mandatory and disabled");
  check_invalid ("MINT_OFFLOAD", "mandatoryx", "default, mandatory");
  check_invalid ("MINT_DEVICE", "-1", "device numbers");
  check_invalid ("MINT_DEVICE", "1x", "device numbers");
  check_invalid ("MINT_DEVICE", "99999999999", "device numbers");
  check_invalid ("MINT_VERBOSE", "yes", "0 and 1");
  check_invalid ("MINT_VERBOSE", "2", "0 and 1");
  check_invalid ("MINT_PROFILE", "on", "0 and 1");
  check_invalid ("MINT_TUNE", "1", "on, off and retune");
}

/* Through the ABI: the first call reads the environment, reports at its
   site and exits 1; later calls never read it again.  */

static const struct mint_site site = { MINT_ABI_VERSION, 7, "site.c" };

static void
first_call (void)
{
  mint_region_begin (&site);
}

static void
decided_once (void)
{
  mint_region_begin (&site);
  setenv ("MINT_OFFLOAD", "bogus", 1);
  mint_region_end (&site);
}

static void
test_through_abi (void)
{
  static const char *const bogus[] = { "MINT_OFFLOAD=bogus", NULL };
  static const char *const verbose[] = { "MINT_VERBOSE=true", NULL };
  static const char *const disabled[] = { "MINT_OFFLOAD=disabled", NULL };
  struct child_result r;

  run_child (first_call, bogus, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: site.c:7: invalid MINT_OFFLOAD=\"bogus\": "
                  "accepted values are default, mandatory and disabled");

  run_child (first_call, verbose, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: site.c:7: invalid MINT_VERBOSE=\"true\"");

  run_child (decided_once, disabled, &r);
  CHECK (r.exit_status == 0);
  CHECK (r.err[0] == '\0');
}

int
main (void)
{
  test_defaults ();
  test_valid ();
  test_invalid ();
  test_through_abi ();
  return check_status ();
}
