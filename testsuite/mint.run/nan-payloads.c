/* NaN constants keep their bits in the kernel: a payload
   (__builtin_nan ("0x1234"), a negative one, a float's), and a
   signalling NaN's quiet bit clear, of double and float.  Every NaN had
   become the canonical quiet NaN of its sign, so that a program that
   tags missing data with payloads read other bits back.  Stored without
   arithmetic, as the loops do; compared bit for bit.  */
/* { dg-do run } */
#include "mint-test.h"

#define DOUBLE_NAN(i)                                                     \
  ((i) % 3 == 0 ? __builtin_nan ("0x1234")                                \
   : (i) % 3 == 1 ? __builtin_nans ("") : -__builtin_nan ("0x55"))
#define FLOAT_NAN(i)                                                      \
  ((i) % 2 == 0 ? __builtin_nanf ("0x2a") : __builtin_nansf ("0x7"))

static void
store_mint (int n, double *d, float *f)
{
#pragma mint copy(d, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        d[i] = DOUBLE_NAN (i);
        f[i] = FLOAT_NAN (i);
      }
  }
#pragma mint copy(d, fromDevice, n)
#pragma mint copy(f, fromDevice, n)
}

int
main (void)
{
  enum { n = 60 };
  double d[n], dref[n];
  float f[n], fref[n];
  memset (d, 0, sizeof d);
  memset (f, 0, sizeof f);
  store_mint (n, d, f);
  for (int i = 0; i < n; i++)
    {
      dref[i] = DOUBLE_NAN (i);
      fref[i] = FLOAT_NAN (i);
    }
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += memcmp (&d[i], &dref[i], sizeof d[i]) != 0
             || memcmp (&f[i], &fref[i], sizeof f[i]) != 0;
  unsigned long long b;
  unsigned w;
  memcpy (&b, &d[1], sizeof b);
  memcpy (&w, &f[1], sizeof w);
  printf ("d[1] %016llx f[1] %08x\n", b, w);
  return test_report ("NaN bits (elements wrong)", wrong, TOL_EXACT);
}
