/* The <stdint.h> types and C's usual arithmetic conversions between
   them: a negative int8_t converted to uint32_t in a sum, signed against
   unsigned comparisons (int32_t -1 is not below 5u), 32-bit unsigned
   products that wrap, 64-bit products of 32-bit operands, uint8_t against
   int8_t comparisons in int, int64_t and uint64_t shifts; a long long
   sum and an unsigned long long min, and int64_t and uint8_t scalars.  */
/* { dg-do run } */
#include <stdint.h>
#include "mint-test.h"

#define N 211
#define MIXED(s8, u32, i) (s8[i] + u32[i])
#define BELOW(i32, i) (i32[i] < 5u)
#define WRAP(u32, i) (u32[i] * u32[i] + 2654435761u)
#define WIDE(i32, u32, i) ((int64_t) i32[i] * u32[i] - (i32[i] >> 1))
#define BYTES(u8, s8, i) ((u8[i] > s8[i]) + 2 * (u8[i] == (uint8_t) s8[i]))
#define SHIFTS(i64, u64, i, k) ((i64[i] >> k) ^ (int64_t) (u64[i] << k))
#define OFFSET(u8, i, off, k) (u8[i] * off + k)

struct outputs
{
  uint32_t mixed[N], wrap[N];
  int32_t below[N], bytes[N];
  int64_t wide[N], shifts[N], offset[N];
};

static void
compute_mint (const int8_t *s8, const uint8_t *u8, const int32_t *i32,
              const uint32_t *u32, const int64_t *i64, const uint64_t *u64,
              struct outputs *o, int64_t off, uint8_t k, long long *sum,
              unsigned long long *least)
{
  uint32_t *mixed = o->mixed, *wrap = o->wrap;
  int32_t *below = o->below, *bytes = o->bytes;
  int64_t *wide = o->wide, *shifts = o->shifts, *offset = o->offset;
  long long total = -5;
  unsigned long long low = ~0ull;
#pragma mint copy(s8, toDevice, N)
#pragma mint copy(u8, toDevice, N)
#pragma mint copy(i32, toDevice, N)
#pragma mint copy(u32, toDevice, N)
#pragma mint copy(i64, toDevice, N)
#pragma mint copy(u64, toDevice, N)
#pragma mint copy(mixed, toDevice, N)
#pragma mint copy(wrap, toDevice, N)
#pragma mint copy(below, toDevice, N)
#pragma mint copy(bytes, toDevice, N)
#pragma mint copy(wide, toDevice, N)
#pragma mint copy(shifts, toDevice, N)
#pragma mint copy(offset, toDevice, N)
#pragma mint parallel
  {
#pragma mint for tile(32)
    for (int i = 0; i < N; i++)
      {
        mixed[i] = MIXED (s8, u32, i);
        below[i] = BELOW (i32, i);
        wrap[i] = WRAP (u32, i);
        wide[i] = WIDE (i32, u32, i);
        bytes[i] = BYTES (u8, s8, i);
        shifts[i] = SHIFTS (i64, u64, i, k);
        offset[i] = OFFSET (u8, i, off, k);
      }
#pragma mint for tile(32) reduction(+:total)
    for (int i = 0; i < N; i++)
      total += wide[i];
#pragma mint for tile(32) reduction(min:low)
    for (int i = 0; i < N; i++)
      low = u64[i] < low ? u64[i] : low;
  }
#pragma mint copy(mixed, fromDevice, N)
#pragma mint copy(wrap, fromDevice, N)
#pragma mint copy(below, fromDevice, N)
#pragma mint copy(bytes, fromDevice, N)
#pragma mint copy(wide, fromDevice, N)
#pragma mint copy(shifts, fromDevice, N)
#pragma mint copy(offset, fromDevice, N)
  *sum = total;
  *least = low;
}

int
main (void)
{
  int8_t s8[N];
  uint8_t u8[N];
  int32_t i32[N];
  uint32_t u32[N];
  int64_t i64[N];
  uint64_t u64[N];
  for (int i = 0; i < N; i++)
    {
      s8[i] = (int8_t) (i * 29 % 256 - 128);
      u8[i] = (uint8_t) (i * 67 + 3);
      i32[i] = (i * 7919) % 20001 - 10000;
      u32[i] = 4000000000u - (uint32_t) i * 123457u;
      i64[i] = (int64_t) (i - 100) * 1234567890123LL;
      u64[i] = 0x9e3779b97f4a7c15ull * (uint64_t) (i + 1);
    }
  static struct outputs got, want;
  memset (&got, 0x5a, sizeof got);
  memset (&want, 0x5a, sizeof want);
  long long sum, rsum = -5;
  unsigned long long least, rleast = ~0ull;
  const int64_t off = -3000000000LL;
  const uint8_t k = 5;
  compute_mint (s8, u8, i32, u32, i64, u64, &got, off, k, &sum, &least);
  for (int i = 0; i < N; i++)
    {
      want.mixed[i] = MIXED (s8, u32, i);
      want.below[i] = BELOW (i32, i);
      want.wrap[i] = WRAP (u32, i);
      want.wide[i] = WIDE (i32, u32, i);
      want.bytes[i] = BYTES (u8, s8, i);
      want.shifts[i] = SHIFTS (i64, u64, i, k);
      want.offset[i] = OFFSET (u8, i, off, k);
      rsum += want.wide[i];
      rleast = u64[i] < rleast ? u64[i] : rleast;
    }

  printf ("sum %lld (cpu %lld), min %llu (cpu %llu)\n", sum, rsum, least,
          rleast);
  int status = test_report ("int8 + uint32", max_error (got.mixed,
                                                        want.mixed, N),
                            TOL_EXACT);
  status |= test_report ("int32 < 5u", max_error (got.below, want.below, N),
                         TOL_EXACT);
  status |= test_report ("uint32 wraps", max_error (got.wrap, want.wrap, N),
                         TOL_EXACT);
  status |= test_report ("int64 products", max_error (got.wide, want.wide,
                                                      N), TOL_EXACT);
  status |= test_report ("uint8 against int8", max_error (got.bytes,
                                                          want.bytes, N),
                         TOL_EXACT);
  status |= test_report ("64-bit shifts", max_error (got.shifts,
                                                     want.shifts, N),
                         TOL_EXACT);
  status |= test_report ("scalars", max_error (got.offset, want.offset, N),
                         TOL_EXACT);
  status |= test_report ("long long sum", max_error (&sum, &rsum, 1),
                         TOL_EXACT);
  status |= test_report ("unsigned long long min", max_error (&least,
                                                              &rleast, 1),
                         TOL_EXACT);
  return status;
}
