/* xalloc.h -- memory for the plugin's C code (plain C, no GCC).

   The one policy for a failed allocation, as GCC's xmalloc has it: cc1
   ends with a message.  No caller has a failure to pass on.  */

#ifndef MINT_XALLOC_H
#define MINT_XALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* malloc (N), at least one byte.  */
void *mint_xmalloc (size_t n);
/* calloc (N, SIZE), at least one byte.  */
void *mint_xcalloc (size_t n, size_t size);
/* realloc (P, N), at least one byte.  */
void *mint_xrealloc (void *p, size_t n);
/* A copy of S.  */
char *mint_xstrdup (const char *s);
/* The string that printf would print.  */
char *mint_xasprintf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif /* MINT_XALLOC_H */
