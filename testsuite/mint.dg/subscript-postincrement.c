/* A subscript with a post-increment or post-decrement indexes with the
   variable's value before the change, as in C: the gimplifier copies the
   variable into a temporary (k.0 = k; k = k.0 + 1; b[k.0] = x), and the
   subscript is that copy, not the variable, which at the access already
   holds the new value.  A private window filled by win[n++], a gather
   into a list under conditions, a store b[k++] and a load a[m--] of
   copied arrays, and the same in a single block.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#define N 64

void
window (const double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      {
        double w[3];
        int n = 0;
        for (int d = -1; d <= 1; d++)
          w[n++] = a[i + d];
        b[i] = w[0] + 10 * w[1] + 100 * w[2];
      }
  }
#pragma mint copy(b, fromDevice, N)
}

void
gather (const double *a, const unsigned char *live, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(live, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      {
        double nb[2];
        int cnt = 0;
        if (live[i - 1])
          nb[cnt++] = a[i - 1];
        if (live[i + 1])
          nb[cnt++] = a[i + 1];
        double s = a[i];
        for (int q = 0; q < cnt; q++)
          s += nb[q];
        b[i] = s / (cnt + 1);
      }
  }
#pragma mint copy(b, fromDevice, N)
}

void
shared (const double *a, double *b, double *c)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, 2 * N)
#pragma mint copy(c, toDevice, N)
#pragma mint parallel
  {
#pragma mint single
    {
      int j = 0;
      for (int q = 0; q < 4; q++)
        c[j++] = a[q] + 1;
    }
#pragma mint for
    for (int i = 4; i < N - 1; i++)
      {
        int k = 2 * i;
        b[k++] = a[i];
        b[k] = -a[i];
        int m = i;
        double x = a[m--];
        c[i] = x + 100 * a[m];
      }
  }
#pragma mint copy(b, fromDevice, 2 * N)
#pragma mint copy(c, fromDevice, N)
}

/* The stores and loads index with the copies the increments read.  */
/* { dg-final { scan-mint-cu "w\\\[\\(\\(long long\\) _t\[0-9\]+\\)\\\] = " } } */
/* { dg-final { scan-mint-cu-not "w\\\[\\(\\(long long\\) n\[_0-9\]*\\)\\\] = " } } */
/* { dg-final { scan-mint-cu "nb\\\[\\(\\(long long\\) _t\[0-9\]+\\)\\\] = " } } */
/* { dg-final { scan-mint-cu-not "nb\\\[\\(\\(long long\\) cnt\[_0-9\]*\\)\\\] = " } } */
/* { dg-final { scan-mint-cu "c\\\[\\(\\(long long\\) _t\[0-9\]+\\)\\\] = " } } */
/* { dg-final { scan-mint-cu "b\\\[\\(\\(long long\\) _t\[0-9\]+\\)\\\] = " } } */
/* { dg-final { scan-mint-cu "b\\\[\\(\\(long long\\) k_0\\)\\\] = " } } */
/* { dg-final { scan-mint-cu "&a\\\[\\(\\(long long\\) _t\[0-9\]+\\)\\\]" } } */
