/* diag.c -- libmintrt's messages: "mint: FILE:LINE: ..." on stderr; host
   memory, whose exhaustion is one; and opening the files the runtime reads,
   whose failures end in one.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "env.h"

static void
vprint_line (const char *file, unsigned line, const char *format, va_list ap)
{
  if (file)
    fprintf (stderr, "mint: %s:%u: ", file, line);
  else
    fputs ("mint: ", stderr);
  vfprintf (stderr, format, ap);
  fputc ('\n', stderr);
}

void
mintrt_fatal (const char *file, unsigned line, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  vprint_line (file, line, format, ap);
  va_end (ap);
  exit (1);
}

void
mintrt_note (const char *file, unsigned line, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  vprint_line (file, line, format, ap);
  va_end (ap);
}

void
mintrt_verbose (const char *file, unsigned line, const char *format, ...)
{
  va_list ap;

  if (!mintrt_config.verbose)
    return;
  va_start (ap, format);
  vprint_line (file, line, format, ap);
  va_end (ap);
}

void *
mintrt_xcalloc (size_t count, size_t size)
{
  void *p = calloc (count ? count : 1, size);
  if (!p)
    mintrt_fatal (NULL, 0, "out of host memory");
  return p;
}

void *
mintrt_xrealloc (void *p, size_t size)
{
  void *grown = realloc (p, size);
  if (!grown)
    mintrt_fatal (NULL, 0, "out of host memory");
  return grown;
}

const char *
mintrt_list_item (const char *list, unsigned index, char *buf, size_t size)
{
  const char *start = list;
  size_t length;

  if (!list || size == 0)
    return "?";
  for (; index > 0; index--)
    {
      start = strchr (start, ',');
      if (!start)
        return "?";
      start++;
    }
  length = strcspn (start, ",");
  if (length == 0)
    return "?";
  if (length >= size)
    length = size - 1;
  memcpy (buf, start, length);
  buf[length] = '\0';
  return buf;
}

/* Closes FD, which failed, keeping errno; returns -1.  */
static int
close_failed (int fd)
{
  int error = errno;
  close (fd);
  errno = error;
  return -1;
}

int
mintrt_open_regular (const char *path, bool follow, bool *not_regular)
{
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC
                       | (follow ? 0 : O_NOFOLLOW));
  struct stat st;
  int flags;

  /* ELOOP: O_NOFOLLOW's error for a symbolic link.  */
  *not_regular = fd < 0 && !follow && errno == ELOOP;
  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0)
    return close_failed (fd);
  *not_regular = !S_ISREG (st.st_mode);
  if (*not_regular || (flags = fcntl (fd, F_GETFL)) < 0
      || fcntl (fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    return close_failed (fd);
  return fd;
}
