/* little-endian.h -- numbers in files as little-endian bytes: the
   fatbin's headers (nvcc.c) and the device-code cache's (device-cache.c).
   Plain C.  */

#ifndef MINT_LITTLE_ENDIAN_H
#define MINT_LITTLE_ENDIAN_H

#include <stdint.h>

/* The number in the BYTES bytes at P.  */
static inline uint64_t
little_endian (const unsigned char *p, int bytes)
{
  uint64_t v = 0;

  for (int i = bytes - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* V into the BYTES bytes at P.  */
static inline void
put_little_endian (unsigned char *p, uint64_t v, int bytes)
{
  for (int i = 0; i < bytes; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

#endif /* MINT_LITTLE_ENDIAN_H */
