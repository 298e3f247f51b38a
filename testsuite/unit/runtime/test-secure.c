/* A secure-execution process ignores the variables that name files: a
   setuid copy of this program, owned by root and run by user nobody, does
   not load the library MINT_CUDA_LIBRARY names (whose constructor would
   run as root) and keeps no tuning cache under XDG_CACHE_HOME or HOME.
   The same copy without setuid loads the library and takes the cache
   directory, so the test can fail.  It needs root (to make the copy
   setuid) and util-linux's setpriv (to run it as nobody), else it is
   skipped, as it is on a file system mounted nosuid.  */

#define _GNU_SOURCE             /* execvpe */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "tune.h"

#define NOBODY 65534

/* In the copy: what the runtime made of the environment, a line each.  */
static int
report (void)
{
  char where[1024], dir[4096];

  printf ("secure %d\n", getauxval (AT_SECURE) != 0);
  mint_offload_status (where, sizeof where);
  printf ("status %s\n", where);
  printf ("cache %s\n", mintrt_tune_cache_dir (dir, sizeof dir) ? dir
                                                                 : "none");
  return 0;
}

static char scratch[] = "/tmp/mint-test-secure.XXXXXX";
static char copy[64], library[64], marker[64], xdg[64], home[64];

/* FROM copied to TO, with MODE.  */
static bool
copy_file (const char *from, const char *to, mode_t mode)
{
  char buf[65536];
  ssize_t n = 0;
  int in = open (from, O_RDONLY | O_CLOEXEC);
  int out = open (to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  bool ok = in >= 0 && out >= 0;

  while (ok && (n = read (in, buf, sizeof buf)) > 0)
    ok = write (out, buf, (size_t) n) == n;
  ok = ok && n == 0;
  if (in >= 0)
    close (in);
  if (out >= 0)
    ok = close (out) == 0 && ok;
  return ok && chmod (to, mode) == 0;
}

/* The copy's report as user nobody, into OUT; false unless it exits 0
   within a minute.  */
static bool
run_copy (char *out, size_t size)
{
  char library_variable[96], marker_variable[96], xdg_variable[96];
  char home_variable[96];
  char *const argv[] = { "setpriv", "--reuid=65534", "--regid=65534",
                         "--clear-groups", copy, "--report", NULL };
  char *const env[] = { library_variable, marker_variable, xdg_variable,
                        home_variable, NULL };
  int pipefd[2], status;
  size_t used = 0;
  ssize_t got;
  pid_t pid;

  snprintf (library_variable, sizeof library_variable,
            "MINT_CUDA_LIBRARY=%s", library);
  snprintf (marker_variable, sizeof marker_variable, "MINT_TEST_MARKER=%s",
            marker);
  snprintf (xdg_variable, sizeof xdg_variable, "XDG_CACHE_HOME=%s", xdg);
  snprintf (home_variable, sizeof home_variable, "HOME=%s", home);
  fflush (NULL);
  if (pipe (pipefd) != 0 || (pid = fork ()) < 0)
    return false;
  if (pid == 0)
    {
      dup2 (pipefd[1], STDOUT_FILENO);
      close (pipefd[0]);
      close (pipefd[1]);
      alarm (60);
      execvpe (argv[0], argv, env);
      _exit (127);
    }
  close (pipefd[1]);
  while (used < size - 1
         && (got = read (pipefd[0], out + used, size - 1 - used)) > 0)
    used += (size_t) got;
  out[used] = '\0';
  close (pipefd[0]);
  return waitpid (pid, &status, 0) == pid && WIFEXITED (status)
         && WEXITSTATUS (status) == 0;
}

/* Makes the scratch directory, which only root and group nobody may
   enter (the setuid copy is in it), and the copies.  */
static bool
prepare (const char *marker_library)
{
  char out_dir[48], self[32];

  snprintf (copy, sizeof copy, "%s/program", scratch);
  snprintf (library, sizeof library, "%s/libloadmarker.so", scratch);
  snprintf (out_dir, sizeof out_dir, "%s/out", scratch);
  snprintf (marker, sizeof marker, "%s/loaded", out_dir);
  snprintf (xdg, sizeof xdg, "%s/xdg", scratch);
  snprintf (home, sizeof home, "%s/home", scratch);
  snprintf (self, sizeof self, "/proc/%ld/exe", (long) getpid ());
  return chown (scratch, 0, NOBODY) == 0 && chmod (scratch, 0750) == 0
         && mkdir (out_dir, 0700) == 0 && chown (out_dir, 0, NOBODY) == 0
         && chmod (out_dir, 0770) == 0
         && copy_file (self, copy, 0755)
         && copy_file (marker_library, library, 0644);
}

/* The checks, in the order that proves they can fail; 77 when the
   setuid copy does not run with secure execution.  */
static int
run_checks (void)
{
  char out[4096], expect[256];

  /* Without setuid: loaded (and no driver), the cache directory taken.  */
  CHECK (run_copy (out, sizeof out));
  CHECK_CONTAINS (out, "secure 0\n");
  CHECK (access (marker, F_OK) == 0);
  snprintf (expect, sizeof expect, "status host fallback: no GPU (%s lacks "
            "cuInit", library);
  CHECK_CONTAINS (out, expect);
  snprintf (expect, sizeof expect, "cache %s/mint\n", xdg);
  CHECK_CONTAINS (out, expect);
  unlink (marker);

  /* Setuid root: neither.  */
  CHECK (chmod (copy, 04755) == 0);
  CHECK (run_copy (out, sizeof out));
  if (strstr (out, "secure 0\n"))
    {
      printf ("SKIP: the setuid copy %s runs without secure execution (a "
              "file system mounted nosuid, or no_new_privs)\n", copy);
      return 77;
    }
  CHECK_CONTAINS (out, "secure 1\n");
  CHECK (access (marker, F_OK) != 0);
  CHECK (strstr (out, "libloadmarker") == NULL);
  CHECK_CONTAINS (out, "cache none\n");
  return check_status ();
}

int
main (int argc, char **argv)
{
  const char *marker_library = getenv ("MINT_TEST_MARKER_LIBRARY");
  char command[128];
  int status;

  if (argc == 2 && strcmp (argv[1], "--report") == 0)
    return report ();
  if (geteuid () != 0)
    {
      printf ("SKIP: not root: a setuid-root copy cannot be made\n");
      return 77;
    }
  if (system ("command -v setpriv >/dev/null 2>&1") != 0)
    {
      printf ("SKIP: no setpriv (util-linux) to run as another user\n");
      return 77;
    }
  if (!marker_library || access (marker_library, R_OK) != 0
      || !mkdtemp (scratch))
    {
      fprintf (stderr, "test-secure: no MINT_TEST_MARKER_LIBRARY or no "
               "scratch directory\n");
      return 99;
    }
  status = prepare (marker_library) ? run_checks () : 99;
  snprintf (command, sizeof command, "rm -rf %s", scratch);
  if (system (command) != 0)
    status = 99;
  return status;
}
