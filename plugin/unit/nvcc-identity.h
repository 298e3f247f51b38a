/* nvcc-identity.h -- which nvcc a compile runs, and what of the CUDA
   toolkit and of the environment decides what it makes of a source
   (plain C, no GCC): the device-code cache's key covers it.  */

#ifndef MINT_NVCC_IDENTITY_H
#define MINT_NVCC_IDENTITY_H

#ifdef __cplusplus
extern "C" {
#endif

/* The file that posix_spawnp would run for PROGRAM: PROGRAM itself when
   it has a '/', else the first executable regular file of that name in
   the directories of $PATH (/bin:/usr/bin when it is unset).  Malloc'ed;
   NULL when there is none.  */
char *nvcc_find (const char *program);

/* The identity of the nvcc FILE (nvcc_find's answer) as a malloc'ed
   text: its real path, the size and times of the toolkit's files that
   turn CUDA into a fatbin, of the host compiler it preprocesses with,
   of HELPER (mint-nvrtc) where it is not NULL, and the environment
   variables nvcc reads for options.  */
char *nvcc_identity (const char *file, const char *helper);

/* The file RELATIVE names from the real directory of the nvcc FILE
   ("ptxas", "../include/cuda.h"), malloc'ed; NULL where FILE does not
   resolve.  */
char *nvcc_toolkit_file (const char *file, const char *relative);

/* The toolkit's libnvrtc beside the nvcc FILE (../lib64/libnvrtc.so),
   where it has one and ptxas and fatbinary beside nvcc, and nvcc takes
   no options from the environment, which NVRTC would not see; malloc'ed,
   else NULL.  */
char *nvcc_nvrtc_library (const char *file);

/* mint-nvrtc, the program that makes PTX with NVRTC: the file beside
   the plugin (or, for libtool's uninstalled .libs/mint.so, in the
   directory above), malloc'ed; NULL where there is none.  */
char *nvcc_nvrtc_helper (void);

/* The CUDA_VERSION of the toolkit of the nvcc FILE (12010 for 12.1), as
   its include/cuda.h defines it; 0 where there is none.  */
int nvcc_cuda_version (const char *file);

#ifdef __cplusplus
}
#endif

#endif /* MINT_NVCC_IDENTITY_H */
