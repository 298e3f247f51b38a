/* diag.h -- libmintrt's messages, all "mint: " lines on stderr; host
   memory, whose exhaustion ends the program with one; and opening the
   files the runtime reads (diag.c).  */

#ifndef MINTRT_DIAG_H
#define MINTRT_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdnoreturn.h>

#define MINTRT_PRINTF(fmt, args) __attribute__ ((format (printf, fmt, args)))

/* "mint: FILE:LINE: MESSAGE", then exit (1).  FILE may be NULL.  */
noreturn void mintrt_fatal (const char *file, unsigned line,
                            const char *format, ...) MINTRT_PRINTF (3, 4);

/* The same line without exiting.  */
void mintrt_note (const char *file, unsigned line,
                  const char *format, ...) MINTRT_PRINTF (3, 4);

/* The same line without exiting, only under MINT_VERBOSE=1.  */
void mintrt_verbose (const char *file, unsigned line,
                     const char *format, ...) MINTRT_PRINTF (3, 4);

/* calloc of at least one element; out of memory is fatal.  */
void *mintrt_xcalloc (size_t count, size_t size);

/* realloc to SIZE bytes (> 0); out of memory is fatal.  */
void *mintrt_xrealloc (void *p, size_t size);

/* Item INDEX of the comma-separated LIST into BUF ("?" if there is none).  */
const char *mintrt_list_item (const char *list, unsigned index,
                              char *buf, size_t size);

/* Opens PATH for reading without blocking (a FIFO or a device at PATH
   would block the open or the reads) and, unless FOLLOW, without following
   a symbolic link at PATH.  Returns a blocking descriptor when PATH is a
   regular file; else -1, with *NOT_REGULAR set when PATH is something else
   (with FOLLOW false, a symbolic link too) and errno saying why
   otherwise.  */
int mintrt_open_regular (const char *path, bool follow, bool *not_regular);

#endif /* MINTRT_DIAG_H */
