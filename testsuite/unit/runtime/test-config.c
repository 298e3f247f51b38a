/* The MINT_* environment variables: accepted values, defaults, and the
   message and exit status for invalid ones (of any length); the device an
   MPI launcher's node-local rank selects when MINT_DEVICE is unset.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "env.h"
#include "mint/mintrt.h"

static char error[512];

/* Reads the configuration from an environment with no variable it looks
   at but NAME=VALUE (when NAME) and the NULL-terminated pairs MORE.  */
static bool
read_with_more (const char *name, const char *value, const char *const *more,
                struct mintrt_config *c)
{
  static const char *const all[] = { "MINT_OFFLOAD", "MINT_DEVICE",
                                     "MINT_VERBOSE", "MINT_PROFILE",
                                     "MINT_TUNE", "MINT_PDL",
                                     "MINT_CUDA_LIBRARY" };
  static const char *const ranks[] = MINTRT_LOCAL_RANK_VARIABLES;
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    unsetenv (all[i]);
  for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
    unsetenv (ranks[i]);
  if (name)
    setenv (name, value, 1);
  for (; more && *more; more += 2)
    setenv (more[0], more[1], 1);
  error[0] = '\0';
  return mintrt_config_read (c, error, sizeof error);
}

static bool
read_with (const char *name, const char *value, struct mintrt_config *c)
{
  return read_with_more (name, value, NULL, c);
}

static void
test_defaults (void)
{
  struct mintrt_config c;

  CHECK (read_with (NULL, NULL, &c));
  CHECK (c.offload == MINTRT_OFFLOAD_DEFAULT);
  CHECK (c.device == -1 && c.local_rank == -1);
  CHECK (mintrt_config_device (&c, 4) == 0);
  CHECK (!c.verbose && !c.profile);
  CHECK (c.tune == MINTRT_TUNE_ON);
  CHECK (c.pdl);
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
  CHECK (read_with ("MINT_PDL", "0", &c));
  CHECK (!c.pdl);
  CHECK (read_with ("MINT_PDL", "1", &c));
  CHECK (c.pdl);
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
  check_invalid ("MINT_PDL", "on", "0 and 1");
}

/* MINT_DEVICE unset: the first launcher variable that holds a rank, modulo
   the devices; MINT_DEVICE wins.  */
static void
test_local_rank (void)
{
  static const char *const ompi_and_slurm[] = {
    "OMPI_COMM_WORLD_LOCAL_RANK", "3", "SLURM_LOCALID", "1", NULL };
  static const char *const bad_ompi[] = {
    "OMPI_COMM_WORLD_LOCAL_RANK", "x3", "SLURM_LOCALID", "1", NULL };
  static const char *const device_too[] = {
    "OMPI_COMM_WORLD_LOCAL_RANK", "3", NULL };
  struct mintrt_config c;

  CHECK (read_with ("OMPI_COMM_WORLD_LOCAL_RANK", "3", &c));
  CHECK (c.device == -1 && c.local_rank == 3);
  CHECK (strcmp (c.local_rank_variable, "OMPI_COMM_WORLD_LOCAL_RANK") == 0);
  CHECK (mintrt_config_device (&c, 2) == 1);
  CHECK (mintrt_config_device (&c, 4) == 3);
  CHECK (mintrt_config_device (&c, 1) == 0);

  CHECK (read_with ("MPI_LOCALRANKID", "5", &c));
  CHECK (c.local_rank == 5 && mintrt_config_device (&c, 4) == 1);
  CHECK (strcmp (c.local_rank_variable, "MPI_LOCALRANKID") == 0);
  CHECK (read_with ("SLURM_LOCALID", "2", &c));
  CHECK (c.local_rank == 2 && mintrt_config_device (&c, 8) == 2);

  CHECK (read_with_more (NULL, NULL, ompi_and_slurm, &c));
  CHECK (c.local_rank == 3);
  /* A value that is no rank is skipped: the launcher set it, not the
     user.  */
  CHECK (read_with_more (NULL, NULL, bad_ompi, &c));
  CHECK (c.local_rank == 1);
  CHECK (strcmp (c.local_rank_variable, "SLURM_LOCALID") == 0);
  CHECK (read_with ("SLURM_LOCALID", "", &c));
  CHECK (c.local_rank == -1 && mintrt_config_device (&c, 2) == 0);

  CHECK (read_with_more ("MINT_DEVICE", "1", device_too, &c));
  CHECK (c.device == 1 && mintrt_config_device (&c, 2) == 1);
  CHECK (mintrt_config_device (&c, 1) == 1);    /* the driver reports it */
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

/* A value longer than any message buffer: the message quotes its start
   and still ends with the accepted values, read directly and through the
   ABI.  */
static void
test_long_invalid (void)
{
  static const char prefix[] = "MINT_OFFLOAD=";
  static const char end[] = "yyy...\": accepted values are default, "
                            "mandatory and disabled";
  enum { LENGTH = 100 * 1024 };
  char *variable = malloc (sizeof prefix + LENGTH);
  const char *env[] = { variable, NULL };
  struct mintrt_config c;
  struct child_result r;

  if (!CHECK (variable))
    return;
  strcpy (variable, prefix);
  memset (variable + strlen (prefix), 'y', LENGTH);
  variable[strlen (prefix) + LENGTH] = '\0';
  CHECK (!read_with ("MINT_OFFLOAD", variable + strlen (prefix), &c));
  CHECK_CONTAINS (error, "invalid MINT_OFFLOAD=\"yyy");
  CHECK_ENDS_WITH (error, end);

  run_child (first_call, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: site.c:7: invalid MINT_OFFLOAD=\"yyy");
  r.err[strcspn (r.err, "\n")] = '\0';
  CHECK_ENDS_WITH (r.err, end);
  free (variable);
}

int
main (void)
{
  test_defaults ();
  test_valid ();
  test_invalid ();
  test_long_invalid ();
  test_local_rank ();
  test_through_abi ();
  return check_status ();
}
