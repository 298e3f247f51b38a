/* interrupts.c -- the signals that end cc1 while it waits for the
   processes it started: held back, recorded, raised again.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "interrupts.h"

#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static const int interrupt_signals[INTERRUPT_SIGNALS]
  = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };

static volatile sig_atomic_t caught_signal;

static void
record_signal (int sig)
{
  if (!caught_signal)
    caught_signal = sig;
}

/* SIGCHLD only has to end the wait (ppoll) when a child exits.  */
static void
wake_up (int sig)
{
  (void) sig;
}

static void
install_handler (int sig, void (*handler) (int), int flags,
                 struct sigaction *saved)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset (&action.sa_mask);
  sigaction (sig, &action, saved);
}

static int
ignored_p (const struct sigaction *action)
{
  return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == SIG_IGN;
}

void
interrupts_hold (struct interrupts *held)
{
  sigset_t blocked;

  caught_signal = 0;
  held->holder = getpid ();
  sigemptyset (&blocked);
  for (int i = 0; i < INTERRUPT_SIGNALS; i++)
    sigaddset (&blocked, interrupt_signals[i]);
  sigaddset (&blocked, SIGCHLD);
  sigprocmask (SIG_BLOCK, &blocked, &held->saved_mask);
  held->wait_mask = held->saved_mask;
  sigdelset (&held->wait_mask, SIGCHLD);
  for (int i = 0; i < INTERRUPT_SIGNALS; i++)
    {
      struct sigaction *saved = &held->saved_actions[i];
      sigaction (interrupt_signals[i], NULL, saved);
      if (!ignored_p (saved))
        install_handler (interrupt_signals[i], record_signal, 0, NULL);
    }
  install_handler (SIGCHLD, wake_up, SA_NOCLDSTOP,
                   &held->saved_child_action);
}

int
interrupts_caught (void)
{
  return caught_signal;
}

void
interrupts_release (struct interrupts *held)
{
  for (int i = 0; i < INTERRUPT_SIGNALS; i++)
    sigaction (interrupt_signals[i], &held->saved_actions[i], NULL);
  sigaction (SIGCHLD, &held->saved_child_action, NULL);
  if (caught_signal)
    raise (caught_signal);
  sigprocmask (SIG_SETMASK, &held->saved_mask, NULL);
}

void
interrupts_reset_in_child (const struct interrupts *held)
{
  for (int i = 0; i < INTERRUPT_SIGNALS; i++)
    {
      int sig = interrupt_signals[i];
      int ignored = ignored_p (&held->saved_actions[i]);
      install_handler (sig, ignored && sig != SIGTERM ? SIG_IGN : SIG_DFL,
                       0, NULL);
    }
  sigaction (SIGCHLD, &held->saved_child_action, NULL);
#ifdef PR_SET_PDEATHSIG
  /* A parent that ended before the call is no longer the parent.  */
  if (prctl (PR_SET_PDEATHSIG, SIGTERM) == 0 && getppid () != held->holder)
    raise (SIGTERM);
#endif
  sigprocmask (SIG_SETMASK, &held->saved_mask, NULL);
}
