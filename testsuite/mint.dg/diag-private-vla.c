/* Scratch arrays declared before the nest that each point fills before
   it reads them: one of a variable length (a `static const int' is no
   constant in C) cannot be private, and the note says so beside the copy
   for an input the points share, never a copy alone; `private' of it
   says why it is refused.  */
/* { dg-do compile } */

static const int NUM_VARS = 4;

void
tendencies (double *state, double *flux, int n)
{
  double vals[NUM_VARS];
#pragma mint copy(state, toDevice, n * NUM_VARS)
#pragma mint copy(flux, toDevice, n * NUM_VARS)
#pragma mint parallel /* { dg-message ".vals. has a variable length: if each point sets the elements it reads before it reads them, give it a constant length" } */
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        for (int ll = 0; ll < NUM_VARS; ll++)
          vals[ll] = state[ll * n + i]; /* { dg-error "array .vals. is used in a kernel but never copied to the device" } */
        for (int ll = 0; ll < NUM_VARS; ll++)
          flux[ll * n + i] = 2.0 * vals[ll];
      }
  }
#pragma mint copy(flux, fromDevice, n * NUM_VARS)
}

void
tendencies_private (double *state, double *flux, int n)
{
  double vals[NUM_VARS];
#pragma mint copy(state, toDevice, n * NUM_VARS)
#pragma mint copy(flux, toDevice, n * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for private(vals) /* { dg-error "private array .vals. has a variable length" } */
    for (int i = 0; i < n; i++)
      {
        for (int ll = 0; ll < NUM_VARS; ll++)
          vals[ll] = state[ll * n + i];
        for (int ll = 0; ll < NUM_VARS; ll++)
          flux[ll * n + i] = 2.0 * vals[ll];
      }
  }
#pragma mint copy(flux, fromDevice, n * NUM_VARS)
}
