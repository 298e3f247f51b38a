/* entry.h -- what every entry point of the ABI does first: the offload
   decision and the calling thread's ownership of the runtime (entry.c).  */

#ifndef MINTRT_ENTRY_H
#define MINTRT_ENTRY_H

/* The ABI entry points are the only symbols the shared library exports.  */
#define MINTRT_EXPORT __attribute__ ((visibility ("default")))

enum mintrt_mode
{
  MINTRT_MODE_UNDECIDED,
  MINTRT_MODE_HOST,
  MINTRT_MODE_DEVICE
};

/* Where kernels run, decided by the first call (mintrt_decide).  */
extern enum mintrt_mode mintrt_mode;

/* Decide, at the first call (made at FILE:LINE), where kernels run.  */
void mintrt_decide (const char *file, unsigned line);

/* Makes the calling thread the owner, waiting for another's scope to
   end; the device's context becomes current in it.  */
int mintrt_enter_runtime (void);

/* At the end of a call: gives the state up where no array is left on
   the device and no region is open.  */
void mintrt_leave_runtime (int *unused);

/* The first statement of every call of the ABI: the caller owns the
   state for the call, and gives it up at its end if it is idle.  */
#define RUNTIME_CALL() \
  int runtime_call_ __attribute__ ((cleanup (mintrt_leave_runtime))) \
    = mintrt_enter_runtime ()

#endif /* MINTRT_ENTRY_H */
