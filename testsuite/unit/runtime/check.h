/* check.h -- the little harness of libmintrt's unit tests.

   CHECK counts failures and reports them at their line; a test's main
   returns check_status ().  run_child runs a function in a child process
   with a given environment, capturing its stderr and exit status, for the
   runtime's paths that end the process.  */

#ifndef MINTRT_TEST_CHECK_H
#define MINTRT_TEST_CHECK_H

#include <stdbool.h>
#include <stddef.h>

extern int check_failures;

#define CHECK(cond)                                                     \
  check_report ((cond), #cond, __FILE__, __LINE__)

bool check_report (bool ok, const char *what, const char *file, int line);

/* CHECK that HAYSTACK contains NEEDLE, showing both when it does not.  */
#define CHECK_CONTAINS(haystack, needle)                                \
  check_contains ((haystack), (needle), __FILE__, __LINE__)

bool check_contains (const char *haystack, const char *needle,
                     const char *file, int line);

/* CHECK that TEXT ends with END, showing both when it does not.  */
#define CHECK_ENDS_WITH(text, end)                                      \
  check_ends_with ((text), (end), __FILE__, __LINE__)

bool check_ends_with (const char *text, const char *end,
                      const char *file, int line);

int check_status (void);

struct child_result
{
  int exit_status;              /* -1 when killed by a signal */
  char err[16384];              /* its stderr */
};

/* Run FN in a child whose environment has no MINT_* variable but those of
   ENV ("NAME=VALUE" strings, NULL-terminated).  When FN returns, the
   child exits 0, or 2 if a CHECK in it failed (its report is in ERR).  */
void run_child (void (*fn) (void), const char *const *env,
                struct child_result *result);

#endif /* MINTRT_TEST_CHECK_H */
