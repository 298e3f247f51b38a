/* env.c -- the MINT_* environment variables.

   MINT_OFFLOAD=default|mandatory|disabled   (like OMP_TARGET_OFFLOAD)
   MINT_DEVICE=N                             device ordinal; default: the
                                             node-local rank an MPI
                                             launcher sets, modulo the
                                             number of devices, else 0
   MINT_VERBOSE=0|1                          a line per copy, launch, region
   MINT_PROFILE=0|1                          per-kernel timing table at exit
   MINT_TUNE=on|off|retune                   autotuned kernels: time their
                                             variants unless the tuning
                                             cache knows the fastest (on),
                                             run the compile-time choice
                                             (off), time them again (retune)
   MINT_PDL=0|1                              programmatic dependent launch
                                             (sm_90 on): a time loop's next
                                             step starts while the one
                                             before drains (1)
   MINT_CUDA_LIBRARY=PATH                    the driver library to
                                             dlopen instead of
                                             libcuda.so.1 (a test's fake
                                             driver, a driver outside the
                                             loader's path)

   An unset or empty variable takes its default; anything else that is not
   an accepted value is an error.  A secure-execution process (setuid,
   setgid, file capabilities) ignores MINT_CUDA_LIBRARY, as the dynamic
   loader ignores LD_PRELOAD there: the user who runs it must not choose
   code it loads.  */

#define _GNU_SOURCE             /* secure_getenv */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/auxv.h>

#include "env.h"

struct mintrt_config mintrt_config;

/* The value of NAME, or NULL when it is unset or empty.  */
static const char *
lookup (const char *name)
{
  const char *value = getenv (name);
  return value && *value ? value : NULL;
}

const char *
mintrt_file_variable (const char *name)
{
  const char *value = secure_getenv (name);
  return value && *value ? value : NULL;
}

bool
mintrt_secure_execution (void)
{
  return getauxval (AT_SECURE) != 0;
}

/* VALUE as one of the N names of WORDS (any case) into *OUT.  */
struct keyword
{
  const char *name;
  int value;
};

static bool
parse_keyword (const char *value, const struct keyword *words, size_t n,
               int *out)
{
  for (size_t i = 0; i < n; i++)
    if (strcasecmp (value, words[i].name) == 0)
      {
        *out = words[i].value;
        return true;
      }
  return false;
}

static bool
parse_offload (const char *value, enum mintrt_offload *offload)
{
  static const struct keyword names[] = {
    { "default", MINTRT_OFFLOAD_DEFAULT },
    { "mandatory", MINTRT_OFFLOAD_MANDATORY },
    { "disabled", MINTRT_OFFLOAD_DISABLED },
  };
  int v;
  if (!parse_keyword (value, names, sizeof names / sizeof *names, &v))
    return false;
  *offload = (enum mintrt_offload) v;
  return true;
}

static bool
parse_tune (const char *value, enum mintrt_tune *tune)
{
  static const struct keyword names[] = {
    { "on", MINTRT_TUNE_ON },
    { "off", MINTRT_TUNE_OFF },
    { "retune", MINTRT_TUNE_RETUNE },
  };
  int v;
  if (!parse_keyword (value, names, sizeof names / sizeof *names, &v))
    return false;
  *tune = (enum mintrt_tune) v;
  return true;
}

static bool
parse_ordinal (const char *value, int *ordinal)
{
  long long n = 0;

  if (!*value)
    return false;
  for (const char *p = value; *p; p++)
    {
      if (*p < '0' || *p > '9')
        return false;
      n = n * 10 + (*p - '0');
      if (n > INT_MAX)
        return false;
    }
  *ordinal = (int) n;
  return true;
}

static bool
parse_switch (const char *value, bool *on)
{
  if (strcmp (value, "0") == 0 || strcmp (value, "1") == 0)
    {
      *on = value[0] == '1';
      return true;
    }
  return false;
}

/* The first launcher variable that holds a rank (others are skipped: the
   user did not set them, so they are no user error).  */
static void
read_local_rank (struct mintrt_config *config)
{
  static const char *const names[] = MINTRT_LOCAL_RANK_VARIABLES;

  config->local_rank = -1;
  config->local_rank_variable = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    {
      const char *value = lookup (names[i]);
      if (value && parse_ordinal (value, &config->local_rank))
        {
          config->local_rank_variable = names[i];
          return;
        }
    }
}

int
mintrt_config_device (const struct mintrt_config *config, int count)
{
  if (config->device >= 0)
    return config->device;
  if (config->local_rank >= 0)
    return config->local_rank % count;
  return 0;
}

bool
mintrt_config_read (struct mintrt_config *config,
                    char *error, size_t error_size)
{
  const char *value;

  config->offload = MINTRT_OFFLOAD_DEFAULT;
  config->device = -1;
  config->verbose = false;
  config->profile = false;
  config->tune = MINTRT_TUNE_ON;
  config->pdl = true;
  config->cuda_library = "libcuda.so.1";

#define INVALID(name, accepted)                                         \
  do                                                                    \
    {                                                                   \
      snprintf (error, error_size,                                      \
                "invalid %s=\"%.*s%s\": accepted values are %s",        \
                name, MINTRT_BOUNDED (value, MINTRT_VALUE_QUOTED),      \
                accepted);                                              \
      return false;                                                     \
    }                                                                   \
  while (0)

  if ((value = lookup ("MINT_OFFLOAD"))
      && !parse_offload (value, &config->offload))
    INVALID ("MINT_OFFLOAD", "default, mandatory and disabled");
  if ((value = lookup ("MINT_DEVICE"))
      && !parse_ordinal (value, &config->device))
    INVALID ("MINT_DEVICE", "device numbers 0, 1, ...");
  read_local_rank (config);
  if ((value = lookup ("MINT_VERBOSE"))
      && !parse_switch (value, &config->verbose))
    INVALID ("MINT_VERBOSE", "0 and 1");
  if ((value = lookup ("MINT_PROFILE"))
      && !parse_switch (value, &config->profile))
    INVALID ("MINT_PROFILE", "0 and 1");
  if ((value = lookup ("MINT_TUNE")) && !parse_tune (value, &config->tune))
    INVALID ("MINT_TUNE", "on, off and retune");
  if ((value = lookup ("MINT_PDL")) && !parse_switch (value, &config->pdl))
    INVALID ("MINT_PDL", "0 and 1");
  if ((value = mintrt_file_variable ("MINT_CUDA_LIBRARY")))
    config->cuda_library = value;

#undef INVALID
  return true;
}
