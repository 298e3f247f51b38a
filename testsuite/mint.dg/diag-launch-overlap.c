/* A kernel reads a structure member once, at its launch, where the loops
   read it at each use.  When the member lies in the host memory of an
   array the kernel writes, the loops would see the kernel's stores, so
   the program stops with an error at the launch naming both (mintrt.h,
   mint_check_scalar), with or without a GPU.  The parent process runs the
   offending launch in a child and checks its exit status and message;
   the same kernel with the member elsewhere runs to the end.  */
/* { dg-do run } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct params
{
  double dt;
};

static double buf[64];

static void
offload (const struct params *p)
{
#pragma mint copy(buf, toDevice, 64)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 32; i++)
      buf[i] = buf[i] + p->dt;
  }
#pragma mint copy(buf, fromDevice, 64)
}

int
main (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    return 2;
  pid_t child = fork ();
  if (child == 0)
    {
      dup2 (fds[1], 2);
      offload ((const struct params *) &buf[40]);
      _exit (0);
    }
  close (fds[1]);
  char err[4096];
  ssize_t n, len = 0;
  while ((n = read (fds[0], err + len, sizeof err - 1 - len)) > 0)
    len += n;
  err[len] = '\0';
  int status;
  waitpid (child, &status, 0);
  int ok = WIFEXITED (status) && WEXITSTATUS (status) == 1
           && strstr (err, "diag-launch-overlap.c:28: kernel ")
           && strstr (err, "reads p->dt once, at its launch, but p->dt lies "
                           "in array buf");
  printf ("overlapping member: exit status %d, message: %s", status, err);

  struct params apart = { 0.5 };
  for (int i = 0; i < 64; i++)
    buf[i] = i;
  offload (&apart);
  ok &= buf[31] == 31.5 && buf[32] == 32;
  printf ("member elsewhere: buf[31] %g, buf[32] %g\n", buf[31], buf[32]);
  return !ok;
}
