/* interrupts.h -- the signals that end cc1 (SIGHUP, SIGINT, SIGQUIT,
   SIGTERM) while it waits for the processes it started (plain C, no GCC).

   Between interrupts_hold and interrupts_release they are held back but
   while cc1 waits (ppoll or pselect with wait_mask); one that arrives
   then is recorded, so that cc1 can stop its children and remove their
   files, and interrupts_release raises it again with cc1's own
   disposition (GCC's driver does the same for its temporary files).
   SIGCHLD is let through with them, to end such a wait when a child
   exits.  */

#ifndef MINT_INTERRUPTS_H
#define MINT_INTERRUPTS_H

#include <signal.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define INTERRUPT_SIGNALS 4

struct interrupts
{
  sigset_t saved_mask;          /* cc1's signal mask, and its children's */
  sigset_t wait_mask;           /* while waiting */
  struct sigaction saved_actions[INTERRUPT_SIGNALS];
  struct sigaction saved_child_action;
  pid_t holder;                 /* the process that holds them, which forks */
};

/* Holds the signals back and catches those that cc1 does not ignore.  */
void interrupts_hold (struct interrupts *held);

/* The signal caught since interrupts_hold, or 0.  */
int interrupts_caught (void);

/* Restores cc1's dispositions and mask; a signal caught meanwhile is
   raised again (and, unless cc1 handles it, ends cc1 here).  */
void interrupts_release (struct interrupts *held);

/* In a child that fork made of a cc1 holding the signals: every one of
   them as cc1 had it but a handler, which does not belong in the child,
   is the default; SIGTERM is the default anyway, so that cc1 can stop the
   child with it.  Then the mask is cc1's: a signal held back since the
   fork arrives.  The child also gets SIGTERM when the process that
   forked it ends (where the system can say so: Linux), as when that
   process stops it: a cc1 killed with SIGKILL leaves no nvcc run
   behind.  */
void interrupts_reset_in_child (const struct interrupts *held);

#ifdef __cplusplus
}
#endif

#endif /* MINT_INTERRUPTS_H */
