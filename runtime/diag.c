/* diag.c -- libmintrt's messages: "mint: FILE:LINE: ..." on stderr; and
   host memory, whose exhaustion is one.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mintrt-internal.h"

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
