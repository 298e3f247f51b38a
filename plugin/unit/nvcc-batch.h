/* nvcc-batch.h -- a unit's nvcc runs in the background while cc1 compiles
   its host code (plain C, no GCC).

   nvcc_compile_fatbins (nvcc-jobs.h) in a process that fork made of cc1,
   which sends the results back through a pipe: cc1 starts it when the
   kernels are known (PLUGIN_ALL_IPA_PASSES_START) and takes the results
   when the host code is compiled (PLUGIN_FINISH_UNIT), so that the two
   overlap.  From the start to the end cc1 holds back the signals that
   end it (interrupts.h); one that came meanwhile stops the runs when cc1
   waits for them, and then ends cc1.  */

#ifndef MINT_NVCC_BATCH_H
#define MINT_NVCC_BATCH_H

#include "nvcc-jobs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvcc_batch;

/* Starts nvcc_compile_fatbins (JOBS, N, AT_ONCE) in a process of its own
   and returns at once; JOBS and their sources may go then.  NULL where
   the process cannot start (call nvcc_compile_fatbins then).  */
struct nvcc_batch *nvcc_start_fatbins (const struct nvcc_job *jobs, int n,
                                       int at_once);

/* Waits for BATCH and takes what nvcc_compile_fatbins gave into RESULTS
   (as many as its jobs) and REPORT; frees BATCH.  Returns 0 when all
   compiled, else -1, each failure in its result.  */
int nvcc_finish_fatbins (struct nvcc_batch *batch,
                         struct nvcc_result *results,
                         struct nvcc_jobs_report *report);

/* Stops BATCH's runs (each removes its directory), waits for its
   process and frees BATCH: for a compile that ends without the
   results.  */
void nvcc_stop_fatbins (struct nvcc_batch *batch);

#ifdef __cplusplus
}
#endif

#endif /* MINT_NVCC_BATCH_H */
