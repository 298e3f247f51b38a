/* options.h -- -fplugin-arg-mint-* settings, parsed in plugin_init.  */
#ifndef MINT_OPTIONS_H
#define MINT_OPTIONS_H

struct mint_options
{
  int opt_level;                /* -fplugin-arg-mint-opt=N, 0..4 (default 0) */
  const char *arch;             /* -fplugin-arg-mint-arch=LIST, e.g. "sm_80,sm_90";
                                   NULL: NVCC_DEFAULT_ARCHS (nvcc.h) that
                                   this nvcc supports */
  const char *nvcc;             /* -fplugin-arg-mint-nvcc=PATH */
  unsigned nvcc_timeout;        /* -fplugin-arg-mint-nvcc-timeout=SECONDS;
                                   0: no limit */
  int nvcc_jobs;                /* -fplugin-arg-mint-nvcc-jobs=N: nvcc runs
                                   at once; 0 (auto): as make's jobserver
                                   or the CPUs allow (nvcc-jobs.h) */
  unsigned nvcc_group_kib;      /* -fplugin-arg-mint-nvcc-group-size=KIB:
                                   where a group of kernels ends
                                   (device-code.cc); 0: one group */
  int keep;                     /* -fplugin-arg-mint-keep, or -save-temps */
  int verbose;                  /* -fplugin-arg-mint-verbose */
  int dump;                     /* -fplugin-arg-mint-dump: KIR listing on stderr */
  int exact_level;              /* -fplugin-arg-mint-exact-level */
  int dependence_warning;       /* -Wmint-dependence; 0 with
                                   -fplugin-arg-mint-Wno-dependence */
  int autotune;                 /* -fplugin-arg-mint-autotune=on|off
                                   (default on) */
  int nvrtc;                    /* -fplugin-arg-mint-nvrtc=on|off (default
                                   on): NVRTC makes the PTX where the
                                   toolkit has it (nvcc_nvrtc_library) */
  int device_cache;             /* -fplugin-arg-mint-device-cache=on|off
                                   and MINT_DEVICE_CACHE=on|off (default
                                   on): off where either says off */
  unsigned long long device_cache_size;  /* MINT_DEVICE_CACHE_SIZE, bytes
                                   (default DEVICE_CACHE_DEFAULT_SIZE) */
};

extern struct mint_options mint_options;

struct plugin_argument;

/* Parses plugin_init's arguments and the MINT_DEVICE_CACHE* environment
   variables into mint_options (reporting each bad one with error ());
   also sets keep under -save-temps.  0 on errors.  */
int mint_options_parse (int argc, const struct plugin_argument *argv);

/* PLUGIN_INFO's help text: the arguments above.  */
extern const char mint_options_help[];

#endif /* MINT_OPTIONS_H */
