/* env.h -- the MINT_* environment variables (env.c), and how a
   value from the environment is quoted in a message.  */

#ifndef MINTRT_ENV_H
#define MINTRT_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

enum mintrt_offload
{
  MINTRT_OFFLOAD_DEFAULT,       /* offload if possible, else host loops */
  MINTRT_OFFLOAD_MANDATORY,     /* offload or exit with an error */
  MINTRT_OFFLOAD_DISABLED       /* host loops; the driver is never loaded */
};

enum mintrt_tune
{
  MINTRT_TUNE_ON,               /* the tuning cache's choice, else measure */
  MINTRT_TUNE_OFF,              /* variant 0, the compile-time choice */
  MINTRT_TUNE_RETUNE            /* measure, whatever the cache says */
};

struct mintrt_config
{
  enum mintrt_offload offload;  /* MINT_OFFLOAD */
  int device;                   /* MINT_DEVICE; -1 when unset */
  /* With MINT_DEVICE unset: the node-local rank an MPI launcher gives the
     process (MINTRT_LOCAL_RANK_VARIABLES), -1 if none, and its variable.  */
  int local_rank;
  const char *local_rank_variable;
  bool verbose;                 /* MINT_VERBOSE */
  bool profile;                 /* MINT_PROFILE */
  enum mintrt_tune tune;        /* MINT_TUNE */
  bool pdl;                     /* MINT_PDL */
  const char *cuda_library;     /* MINT_CUDA_LIBRARY (debugging knob) */
};

/* The configuration of this process, filled in once by mintrt_config_read
   at the first runtime call.  */
extern struct mintrt_config mintrt_config;

/* The variables, in order of preference, that launchers set to the rank of
   the process among those on its node: Open MPI's mpirun, MPICH's and
   Intel MPI's hydra, Slurm's srun.  */
#define MINTRT_LOCAL_RANK_VARIABLES \
  { "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID" }

/* The device CONFIG selects among COUNT (> 0) devices: MINT_DEVICE, else
   the local rank modulo COUNT (one rank per GPU), else 0.  */
int mintrt_config_device (const struct mintrt_config *config, int count);

/* The value of NAME, a variable that names a file or directory; NULL when
   it is unset or empty, or in a secure-execution process (setuid, setgid or
   with file capabilities, secure_getenv), which must not let the user who
   runs it choose files the runtime loads or writes.  */
const char *mintrt_file_variable (const char *name);

/* Whether this is a secure-execution process (AT_SECURE).  */
bool mintrt_secure_execution (void);

/* Parse the environment into CONFIG.  On an invalid value returns false and
   puts a message naming the variable and its accepted values into ERROR.  */
bool mintrt_config_read (struct mintrt_config *config,
                         char *error, size_t error_size);


/* The arguments of a "%.*s%s" conversion that quotes TEXT, a value of any
   length (from the environment, a file name), in a message: its first MAX
   bytes, then "..." when it is longer, so that what the message says after
   it survives a fixed-size buffer.  */
#define MINTRT_BOUNDED(text, max)                                       \
  (int) (max), (text), strnlen ((text), (max) + 1) > (max) ? "..." : ""
/* The bounds for a value of a variable and for a file name.  */
#define MINTRT_VALUE_QUOTED 64
#define MINTRT_PATH_QUOTED 200

#endif /* MINTRT_ENV_H */
