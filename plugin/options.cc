/* options.cc -- -fplugin-arg-mint-* parsing.  */

#include "gcc-compat.h"
#include "options.h"
#include "nvcc.h"
#include "device-cache.h"
#include "nvcc-jobs.h"
#include "device-code.h"

struct mint_options mint_options = {
  0,                            /* opt_level */
  NULL,                         /* arch: NVCC_DEFAULT_ARCHS this nvcc has */
  MINT_DEFAULT_NVCC,            /* nvcc */
  NVCC_DEFAULT_TIMEOUT,         /* nvcc_timeout */
  0,                            /* nvcc_jobs: auto */
  MINT_DEFAULT_GROUP_KIB,       /* nvcc_group_kib */
  0,                            /* keep */
  0,                            /* verbose */
  0,                            /* dump */
  0,                            /* exact_level */
  1,                            /* dependence_warning */
  1,                            /* autotune */
  1,                            /* nvrtc */
  1,                            /* device_cache */
  DEVICE_CACHE_DEFAULT_SIZE     /* device_cache_size */
};

#define MINT_STRING(x) MINT_STRING_1 (x)
#define MINT_STRING_1(x) #x

const char mint_options_help[] =
  "Offloads #pragma mint loop nests to NVIDIA GPUs.  Arguments:\n"
  "  -fplugin-arg-mint-opt=N      code-generation level 0..4 (default 0)\n"
  "  -fplugin-arg-mint-arch=LIST  comma-separated sm_XX targets"
  " (default: those of " NVCC_DEFAULT_ARCHS " that nvcc supports,\n"
  "                               plus PTX for the newest)\n"
  "  -fplugin-arg-mint-nvcc=PATH  the nvcc to run (default "
  MINT_DEFAULT_NVCC ")\n"
  "  -fplugin-arg-mint-nvcc-timeout=SECONDS  stop an nvcc run after SECONDS"
  " (default " MINT_STRING (NVCC_DEFAULT_TIMEOUT) "; 0: no limit)\n"
  "                               (nvcc runs with a private temporary"
  " directory in $TMPDIR, removed afterwards)\n"
  "  -fplugin-arg-mint-nvcc-jobs=N|auto  nvcc runs at once, one a group"
  " of kernels (default auto: as make's\n"
  "                               jobserver allows, else one a CPU, at most "
  MINT_STRING (NVCC_MAX_AUTO_JOBS) ")\n"
  "  -fplugin-arg-mint-nvcc-group-size=KIB  a new group of kernels where"
  " the last one's CUDA reaches KIB KiB\n"
  "                               (default "
  MINT_STRING (MINT_DEFAULT_GROUP_KIB) "; 0: one group)\n"
  "  -fplugin-arg-mint-keep       keep the generated .cu and fatbin files"
  " (also -save-temps)\n"
  "  -fplugin-arg-mint-verbose    report each offloaded loop nest\n"
  "  -fplugin-arg-mint-dump       print the Kernel IR on stderr\n"
  "  -fplugin-arg-mint-exact-level  use the level's own strategy even where"
  " it measured slower than level 0\n"
  "  -fplugin-arg-mint-Wno-dependence  no -Wmint-dependence warnings about"
  " points of a loop nest that use an element another point writes\n"
  "  -fplugin-arg-mint-autotune=on|off  variants of kernels with tile(auto)"
  " or chunksize(auto),\n"
  "                               or neither clause at opt=3 or 4, for the"
  " runtime to choose from (default on)\n"
  "  -fplugin-arg-mint-nvrtc=on|off  the toolkit's NVRTC library in place"
  " of nvcc's front end, where it has one\n"
  "                               (the same device code, sooner; default"
  " on)\n"
  "  -fplugin-arg-mint-device-cache=on|off  take device code from the cache"
  " of earlier compiles\n"
  "                               ($XDG_CACHE_HOME/mint/device) where nvcc"
  " would make the same (default on;\n"
  "                               MINT_DEVICE_CACHE=off turns it off too)";

/* "sm_XX[,sm_XX...]", XX two or three digits and an optional feature
   suffix letter (sm_90a).  */

static bool
valid_arch_list (const char *list)
{
  const char *p = list;
  for (;;)
    {
      if (strncmp (p, "sm_", 3) != 0)
        return false;
      p += 3;
      int digits = 0;
      while (ISDIGIT (*p))
        p++, digits++;
      if (digits < 2 || digits > 3)
        return false;
      if (ISLOWER (*p))
        p++;
      if (*p == '\0')
        return true;
      if (*p != ',')
        return false;
      p++;
    }
}

/* A flag argument must come without a value.  */

static bool
parse_flag (const struct plugin_argument *arg, int *flag)
{
  if (arg->value)
    {
      error ("mint: %<-fplugin-arg-mint-%s%> takes no value", arg->key);
      return false;
    }
  *flag = 1;
  return true;
}

/* A value argument must come with a non-empty value.  */

static bool
has_value (const struct plugin_argument *arg, const char *what)
{
  if (arg->value && arg->value[0])
    return true;
  error ("mint: %<-fplugin-arg-mint-%s%> needs a value: "
         "%<-fplugin-arg-mint-%s=%s%>", arg->key, arg->key, what);
  return false;
}

/* An on|off argument into *FLAG.  */

static bool
parse_on_off (const struct plugin_argument *arg, int *flag)
{
  if (!has_value (arg, "on|off"))
    return false;
  if (strcmp (arg->value, "on") != 0 && strcmp (arg->value, "off") != 0)
    {
      error ("mint: bad value %qs for %<-fplugin-arg-mint-%s%>: "
             "expected %<on%> or %<off%>", arg->value, arg->key);
      return false;
    }
  *flag = strcmp (arg->value, "on") == 0;
  return true;
}

/* A count in decimal digits, at most INT_MAX.  */

static bool
parse_count (const char *value, unsigned long *count)
{
  char *end;
  errno = 0;
  *count = strtoul (value, &end, 10);
  return ISDIGIT (value[0]) && !*end && !errno && *count <= INT_MAX;
}

static bool
parse_argument (const struct plugin_argument *arg)
{
  const char *key = arg->key;

  if (strcmp (key, "opt") == 0)
    {
      if (!has_value (arg, "N"))
        return false;
      const char *v = arg->value;
      if (!(ISDIGIT (v[0]) && v[1] == '\0' && v[0] <= '4'))
        {
          error ("mint: bad value %qs for %<-fplugin-arg-mint-opt%>: "
                 "expected 0, 1, 2, 3 or 4", v);
          return false;
        }
      mint_options.opt_level = v[0] - '0';
      return true;
    }
  if (strcmp (key, "arch") == 0)
    {
      if (!has_value (arg, "sm_XX[,sm_XX...]"))
        return false;
      if (!valid_arch_list (arg->value))
        {
          error ("mint: bad value %qs for %<-fplugin-arg-mint-arch%>: "
                 "expected a comma-separated list like %<sm_80,sm_90%>",
                 arg->value);
          return false;
        }
      mint_options.arch = arg->value;
      return true;
    }
  if (strcmp (key, "nvcc") == 0)
    {
      if (!has_value (arg, "PATH"))
        return false;
      mint_options.nvcc = arg->value;
      return true;
    }
  if (strcmp (key, "nvcc-timeout") == 0)
    {
      if (!has_value (arg, "SECONDS"))
        return false;
      unsigned long seconds;
      if (!parse_count (arg->value, &seconds))
        {
          error ("mint: bad value %qs for %<-fplugin-arg-mint-nvcc-timeout%>: "
                 "expected a number of seconds (0: no limit)", arg->value);
          return false;
        }
      mint_options.nvcc_timeout = seconds;
      return true;
    }
  if (strcmp (key, "nvcc-jobs") == 0)
    {
      if (!has_value (arg, "N|auto"))
        return false;
      if (strcmp (arg->value, "auto") == 0)
        {
          mint_options.nvcc_jobs = 0;
          return true;
        }
      unsigned long jobs;
      if (!parse_count (arg->value, &jobs) || jobs == 0)
        {
          error ("mint: bad value %qs for %<-fplugin-arg-mint-nvcc-jobs%>: "
                 "expected a number of nvcc runs at once (1 or more) or "
                 "%<auto%>", arg->value);
          return false;
        }
      mint_options.nvcc_jobs = jobs;
      return true;
    }
  if (strcmp (key, "nvcc-group-size") == 0)
    {
      if (!has_value (arg, "KIB"))
        return false;
      unsigned long kib;
      if (!parse_count (arg->value, &kib))
        {
          error ("mint: bad value %qs for "
                 "%<-fplugin-arg-mint-nvcc-group-size%>: expected a size "
                 "in KiB (0: one group)", arg->value);
          return false;
        }
      mint_options.nvcc_group_kib = kib;
      return true;
    }
  if (strcmp (key, "keep") == 0)
    return parse_flag (arg, &mint_options.keep);
  if (strcmp (key, "verbose") == 0)
    return parse_flag (arg, &mint_options.verbose);
  if (strcmp (key, "dump") == 0)
    return parse_flag (arg, &mint_options.dump);
  if (strcmp (key, "exact-level") == 0)
    return parse_flag (arg, &mint_options.exact_level);
  if (strcmp (key, "Wno-dependence") == 0)
    {
      int given;
      if (!parse_flag (arg, &given))
        return false;
      mint_options.dependence_warning = 0;
      return true;
    }
  if (strcmp (key, "autotune") == 0)
    return parse_on_off (arg, &mint_options.autotune);
  if (strcmp (key, "nvrtc") == 0)
    return parse_on_off (arg, &mint_options.nvrtc);
  if (strcmp (key, "device-cache") == 0)
    return parse_on_off (arg, &mint_options.device_cache);

  error ("mint: unknown argument %<-fplugin-arg-mint-%s%>; known: "
         "opt, arch, nvcc, nvcc-timeout, nvcc-jobs, nvcc-group-size, keep, "
         "verbose, dump, exact-level, Wno-dependence, autotune, nvrtc, "
         "device-cache",
         key);
  return false;
}

/* MINT_DEVICE_CACHE=on|off (any case; unset or empty: on): off turns
   the cache off whatever -fplugin-arg-mint-device-cache says.  */

static bool
parse_device_cache_variable (void)
{
  const char *value = secure_getenv ("MINT_DEVICE_CACHE");

  if (!value || !*value || strcasecmp (value, "on") == 0)
    return true;
  if (strcasecmp (value, "off") == 0)
    {
      mint_options.device_cache = 0;
      return true;
    }
  error ("mint: bad value %qs for %<MINT_DEVICE_CACHE%>: expected %<on%> "
         "or %<off%>", value);
  return false;
}

/* MINT_DEVICE_CACHE_SIZE=N[K|M|G] (unset or empty: the default): bytes,
   KiB, MiB or GiB, more than 0.  */

static bool
parse_device_cache_size_variable (void)
{
  const char *value = secure_getenv ("MINT_DEVICE_CACHE_SIZE");
  static const char units[] = "KMG";
  unsigned long long size;
  const char *unit;
  char *end;

  if (!value || !*value)
    return true;
  errno = 0;
  size = strtoull (value, &end, 10);
  unit = *end ? strchr (units, TOUPPER (*end)) : NULL;
  if (unit)
    {
      int shift = 10 * (int) (unit - units + 1);
      end++;
      size = size <= ULLONG_MAX >> shift ? size << shift : 0;
    }
  if (!ISDIGIT (value[0]) || *end || errno || size == 0)
    {
      error ("mint: bad value %qs for %<MINT_DEVICE_CACHE_SIZE%>: expected "
             "a size such as %<512M%> or %<2G%>", value);
      return false;
    }
  mint_options.device_cache_size = size;
  return true;
}

/* Stem of PATH: its file name up to the last '.'.  */

static bool
same_stem (const char *a, const char *b)
{
  const char *dot_a = strrchr (a, '.');
  const char *dot_b = strrchr (b, '.');
  size_t len_a = dot_a ? (size_t) (dot_a - a) : strlen (a);
  size_t len_b = dot_b ? (size_t) (dot_b - b) : strlen (b);
  return len_a == len_b && strncmp (a, b, len_a) == 0;
}

/* Whether the driver was given -save-temps.  cc1 never sees that option
   itself: the driver preprocesses into a kept DUMPBASE-stem.i and compiles
   that, passing -dumpbase SOURCE.c.  A temporary .i (-no-integrated-cpp)
   has another name; a .i compiled directly has -dumpbase-ext .i.  */

static bool
driver_saves_temps (void)
{
  if (num_in_fnames != 1 || !dump_base_name || !dump_base_ext)
    return false;
  const char *input = lbasename (in_fnames[0]);
  const char *dot = strrchr (input, '.');
  return (dot && strcmp (dot, ".i") == 0
          && strcmp (dump_base_ext, ".i") != 0
          && same_stem (input, lbasename (dump_base_name)));
}

int
mint_options_parse (int argc, const struct plugin_argument *argv)
{
  int ok = 1;
  for (int i = 0; i < argc; i++)
    ok &= parse_argument (&argv[i]);
  ok &= parse_device_cache_variable ();
  ok &= parse_device_cache_size_variable ();
  if (driver_saves_temps ())
    mint_options.keep = 1;
  return ok;
}
