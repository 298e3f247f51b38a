/* After a launch the host code sets the variables of the parallel loops
   as the host loops would leave them, but a variable that a loop inside
   the body changes keeps its value from before the nest: reading it
   after the nest, before the program sets it again, is an error at the
   read.  So is a read in the body before the point sets it.  */
/* { dg-do compile } */

extern void use (int);

void
f (double *a, int n)
{
  int i, k;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      for (k = 0; k < 3; k++)
        a[i] += k;
    use (i);
    use (k); /* { dg-error ".k. is read here while it may hold the value that a loop inside the offloaded loop nest left" } */
#pragma mint for
    for (i = 0; i < n; i++)
      for (k = 0; k < 3; k++)
        a[i] += k;
    k = 5;
    use (k);
#pragma mint for
    for (i = 0; i < n; i++)
      {
        a[i] += k; /* { dg-error ".k. is read here" } */
        for (k = 0; k < 3; k++)
          a[i] += k;
      }
    k = 0;
  }
#pragma mint copy(a, fromDevice, n)
}

/* A loop nest in a time loop: the next step's nest sets the variable
   again before its body reads it.  */
void
g (double *a, int n, int steps)
{
  int i, k;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (i = 0; i < n; i++)
          for (k = 0; k < 3; k++)
            a[i] += k;
      }
  }
#pragma mint copy(a, fromDevice, n)
}
