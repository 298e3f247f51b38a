/* load-marker.c -- a library whose constructor creates the file named by
   MINT_TEST_MARKER: test-secure's evidence that a process loaded it (and
   ran its code).  */

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__ ((constructor)) static void
mark (void)
{
  const char *path = getenv ("MINT_TEST_MARKER");
  int fd = path ? open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)
                : -1;
  if (fd >= 0)
    close (fd);
}
