/* xalloc.c -- memory for the plugin's C code (xalloc.h).  */

#include "xalloc.h"

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
