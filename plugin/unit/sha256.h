/* sha256.h -- SHA-256 (FIPS 180-4), for the device-code cache's keys and
   checksums (plain C, no GCC).  */

#ifndef MINT_SHA256_H
#define MINT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHA256_SIZE 32

struct sha256
{
  uint32_t state[8];
  uint64_t length;              /* bytes hashed so far */
  unsigned char block[64];      /* the bytes of a block not yet full */
};

void sha256_init (struct sha256 *h);
void sha256_update (struct sha256 *h, const void *data, size_t len);
/* The digest of everything hashed since sha256_init.  */
void sha256_final (struct sha256 *h, unsigned char digest[SHA256_SIZE]);

/* The digest of the LEN bytes at DATA.  */
void sha256 (const void *data, size_t len, unsigned char digest[SHA256_SIZE]);

#ifdef __cplusplus
}
#endif

#endif /* MINT_SHA256_H */
