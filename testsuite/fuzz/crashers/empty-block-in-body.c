/* Mutant m1208 of the fuzz test (seed 1), reduced: a do loop in the body
   of a one-loop nest ends in a block with no statement, and the
   extraction took the last statement of every body block for granted
   (a segmentation fault in cc1).  */
void
f (double *a, int n)
{
  int i;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      do
        a[i] += 1.0;
      while (a[i] < 5.0);
  }
#pragma mint copy(a, fromDevice, n)
}
