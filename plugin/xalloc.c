/* xalloc.c -- memory for the plugin's C code (xalloc.h).  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE             /* vasprintf */
#endif
#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *
checked (void *p, size_t n)
{
  if (!p)
    {
      fprintf (stderr, "mint: out of memory allocating %zu bytes\n", n);
      exit (1);
    }
  return p;
}

void *
mint_xmalloc (size_t n)
{
  return checked (malloc (n ? n : 1), n);
}

void *
mint_xcalloc (size_t n, size_t size)
{
  if (n == 0 || size == 0)
    n = size = 1;
  return checked (calloc (n, size), n * size);
}

void *
mint_xrealloc (void *p, size_t n)
{
  return checked (realloc (p, n ? n : 1), n);
}

char *
mint_xstrdup (const char *s)
{
  size_t n = strlen (s) + 1;
  return memcpy (mint_xmalloc (n), s, n);
}

char *
mint_xasprintf (const char *fmt, ...)
{
  va_list ap;
  char *s;

  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    {
      fputs ("mint: out of memory\n", stderr);
      exit (1);
    }
  va_end (ap);
  return s;
}
