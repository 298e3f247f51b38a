/* A scalar declared outside the nest and set in an inner loop that
   counts from a constant to a constant runs its first iteration, so a
   store before any exit of that iteration sets it (a Newton step's dx
   read after its loop, a running maximum set where k is its first
   value): it is private to each point.  Where the loop may run no
   iteration (a variable bound, a bound below the start), where a break
   or continue of the first iteration may skip the store, or where the
   store's condition is false in the first iteration, a point may read
   the value the previous point left: the errors stay.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-verbose" } */

double fabs (double);

void
accepted (int n, double *a, double *b)
{
  int i, it, k;
  double dx, m;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 1; i < n - 1; i++)
      {
        for (it = 0; it < 30; it++)
          {
            dx = a[i] / (it + 1); /* { dg-message "mint: .dx. is private to each point" } */
            if (fabs (dx) < 1e-3)
              break;
          }
        for (k = -1; k <= 1; k++)
          if (k == -1)
            m = a[i + k]; /* { dg-message "mint: .m. is private to each point" } */
          else if (a[i + k] > m)
            m = a[i + k];
        b[i] = dx + m;
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
variable_bound (int n, int steps, double *a, double *b)
{
  int i, it;
  double dx;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      {
        for (it = 0; it < steps; it++)
          dx = a[i] * it; /* { dg-error "write to .dx., which is declared outside the loop nest, is a data race" } */
        b[i] = dx; /* { dg-message ".dx. cannot be private to each point: a point may read it here before it sets it" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
no_iteration (int n, double *a, double *b)
{
  int i, it;
  double dx;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for private(dx)
    for (i = 0; i < n; i++)
      {
        for (it = 0; it < 0; it++)
          dx = a[i] * it;
        b[i] = dx; /* { dg-error "private .dx. is read here before this point of the loop nest sets it" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
break_before_store (int n, double *a, double *b)
{
  int i, it;
  double dx;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      {
        for (it = 0; it < 30; it++)
          {
            if (a[i] > it)
              break;
            dx = a[i] - it; /* { dg-error "write to .dx., which is declared outside the loop nest, is a data race" } */
          }
        b[i] = dx; /* { dg-message ".dx. cannot be private to each point: a point may read it here before it sets it" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
continue_before_store (int n, double *a, double *b)
{
  int i, it;
  double dx;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      {
        for (it = 0; it < 30; it++)
          {
            if (a[i] > it)
              continue;
            dx = a[i] - it; /* { dg-error "write to .dx., which is declared outside the loop nest, is a data race" } */
          }
        b[i] = dx; /* { dg-message ".dx. cannot be private to each point: a point may read it here before it sets it" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

/* k == 1 is false where k starts, at 0: the first iteration reads m.  */
void
store_after_first_iteration (int n, double *a, double *b)
{
  int i, k;
  double m;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 1; i < n - 1; i++)
      {
        for (k = 0; k < 3; k++)
          if (k == 1)
            m = a[i + k - 1]; /* { dg-error "write to .m., which is declared outside the loop nest, is a data race" } */
          else if (a[i + k - 1] > m) /* { dg-message ".m. cannot be private to each point: a point may read it here before it sets it" } */
            m = a[i + k - 1];
        b[i] = m;
      }
  }
#pragma mint copy(b, fromDevice, n)
}
