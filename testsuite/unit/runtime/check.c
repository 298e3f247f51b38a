/* check.c -- see check.h.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

extern char **environ;

int check_failures;

bool
check_report (bool ok, const char *what, const char *file, int line)
{
  if (!ok)
    {
      fprintf (stderr, "%s:%d: FAIL: %s\n", file, line, what);
      check_failures++;
    }
  return ok;
}

bool
check_contains (const char *haystack, const char *needle,
                const char *file, int line)
{
  if (strstr (haystack, needle))
    return true;
  fprintf (stderr, "%s:%d: FAIL: expected \"%s\" in:\n%s\n", file, line,
           needle, haystack);
  check_failures++;
  return false;
}

bool
check_ends_with (const char *text, const char *end, const char *file,
                 int line)
{
  size_t n = strlen (text), m = strlen (end);
  if (n >= m && strcmp (text + n - m, end) == 0)
    return true;
  fprintf (stderr, "%s:%d: FAIL: expected \"%s\" at the end of:\n%s\n", file,
           line, end, text);
  check_failures++;
  return false;
}

int
check_status (void)
{
  if (check_failures)
    fprintf (stderr, "%d check(s) failed\n", check_failures);
  return check_failures ? 1 : 0;
}

static void
clear_mint_environment (void)
{
  for (;;)
    {
      char **e = environ;
      while (*e && strncmp (*e, "MINT_", 5) != 0)
        e++;
      if (!*e)
        return;
      char name[256];
      size_t length = strcspn (*e, "=");
      if (length >= sizeof name)
        length = sizeof name - 1;
      memcpy (name, *e, length);
      name[length] = '\0';
      unsetenv (name);
    }
}

void
run_child (void (*fn) (void), const char *const *env,
           struct child_result *result)
{
  int pipefd[2];
  size_t used = 0;
  ssize_t got;
  int status;
  pid_t pid;

  fflush (NULL);
  if (pipe (pipefd) != 0 || (pid = fork ()) < 0)
    {
      perror ("run_child");
      exit (99);
    }
  if (pid == 0)
    {
      close (pipefd[0]);
      dup2 (pipefd[1], STDERR_FILENO);
      close (pipefd[1]);
      clear_mint_environment ();
      for (; env && *env; env++)
        putenv ((char *) *env);
      fn ();
      exit (check_failures ? 2 : 0);
    }
  close (pipefd[1]);
  while (used < sizeof result->err - 1
         && (got = read (pipefd[0], result->err + used,
                         sizeof result->err - 1 - used)) > 0)
    used += (size_t) got;
  result->err[used] = '\0';
  close (pipefd[0]);
  waitpid (pid, &status, 0);
  result->exit_status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}
