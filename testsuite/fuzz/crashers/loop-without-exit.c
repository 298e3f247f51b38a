/* Loops after `for' that never end, or end only through a jump: errors at
   the directive, never a crash.  (Code after an endless loop is
   unreachable, so each case has its own function.)  */

void
f (int n, double *a)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (;;)
      a[0] = 1.0;
  }
#pragma mint copy(a, fromDevice, n)
}

void
g (int n, double *a)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; ; i++)
      a[i] = 0.0;
  }
#pragma mint copy(a, fromDevice, n)
}

void
h (int n, double *a)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      if (a[i] < 0.0)
        for (;;)
          ;
#pragma mint for
  }
#pragma mint copy(a, fromDevice, n)
}
