/* options.h -- -fplugin-arg-mint-* settings, parsed in plugin_init.  */
#ifndef MINT_OPTIONS_H
#define MINT_OPTIONS_H

struct mint_options
{
  int opt_level;                /* -fplugin-arg-mint-opt=N, 0..3 (default 0) */
  const char *arch;             /* -fplugin-arg-mint-arch=LIST: "sm_70,sm_80,sm_90" */
  const char *nvcc;             /* -fplugin-arg-mint-nvcc=PATH */
  int keep;                     /* -fplugin-arg-mint-keep, or -save-temps */
  int verbose;                  /* -fplugin-arg-mint-verbose */
  int dump;                     /* -fplugin-arg-mint-dump: KIR listing on stderr */
};

extern struct mint_options mint_options;

#endif /* MINT_OPTIONS_H */
