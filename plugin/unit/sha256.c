/* sha256.c -- SHA-256 as FIPS 180-4 defines it.  */

#include "sha256.h"

#include <string.h>

static const uint32_t round_constants[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

static uint32_t
rotate_right (uint32_t x, int n)
{
  return x >> n | x << (32 - n);
}

/* Mixes one 64-byte block into the state.  */
static void
compress (uint32_t state[8], const unsigned char block[64])
{
  uint32_t w[64], v[8];

  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t) block[4 * i] << 24 | (uint32_t) block[4 * i + 1] << 16
           | (uint32_t) block[4 * i + 2] << 8 | block[4 * i + 3];
  for (int i = 16; i < 64; i++)
    {
      uint32_t s0 = rotate_right (w[i - 15], 7) ^ rotate_right (w[i - 15], 18)
                    ^ w[i - 15] >> 3;
      uint32_t s1 = rotate_right (w[i - 2], 17) ^ rotate_right (w[i - 2], 19)
                    ^ w[i - 2] >> 10;
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
  memcpy (v, state, sizeof v);
  for (int i = 0; i < 64; i++)
    {
      uint32_t s1 = rotate_right (v[4], 6) ^ rotate_right (v[4], 11)
                    ^ rotate_right (v[4], 25);
      uint32_t choice = (v[4] & v[5]) ^ (~v[4] & v[6]);
      uint32_t t1 = v[7] + s1 + choice + round_constants[i] + w[i];
      uint32_t s0 = rotate_right (v[0], 2) ^ rotate_right (v[0], 13)
                    ^ rotate_right (v[0], 22);
      uint32_t majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      memmove (v + 1, v, 7 * sizeof *v);
      v[4] += t1;
      v[0] = t1 + s0 + majority;
    }
  for (int i = 0; i < 8; i++)
    state[i] += v[i];
}

void
sha256_init (struct sha256 *h)
{
  static const uint32_t initial[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };

  memcpy (h->state, initial, sizeof initial);
  h->length = 0;
}

void
sha256_update (struct sha256 *h, const void *data, size_t len)
{
  const unsigned char *p = data;

  while (len > 0)
    {
      size_t used = h->length % 64;
      size_t n = 64 - used < len ? 64 - used : len;

      memcpy (h->block + used, p, n);
      h->length += n;
      p += n;
      len -= n;
      if (used + n == 64)
        compress (h->state, h->block);
    }
}

void
sha256_final (struct sha256 *h, unsigned char digest[SHA256_SIZE])
{
  static const unsigned char padding[64] = { 0x80 };
  uint64_t bits = h->length * 8;
  unsigned char length[8];

  for (int i = 0; i < 8; i++)
    length[i] = (unsigned char) (bits >> (56 - 8 * i));
  /* 0x80, zeros up to 56 bytes into a block, the length in bits.  */
  sha256_update (h, padding, 1 + (119 - h->length % 64) % 64);
  sha256_update (h, length, sizeof length);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++)
      digest[4 * i + j] = (unsigned char) (h->state[i] >> (24 - 8 * j));
}

void
sha256 (const void *data, size_t len, unsigned char digest[SHA256_SIZE])
{
  struct sha256 h;

  sha256_init (&h);
  sha256_update (&h, data, len);
  sha256_final (&h, digest);
}
