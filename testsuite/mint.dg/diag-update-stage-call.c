/* A call in a region's host code to a function that moves an array to
   the device in a region of its own (a Runge-Kutta stage): the callee's
   kernels write the array on the device, as the region's own would.  A
   host read after the call needs an update toHost after it; one before
   the call, or none, is an error.  A callee that only reads the array
   (a const parameter) leaves the host's copy as current as it was.  */
/* { dg-do compile } */

double monitor (double);

static void
stage (double *u, double *w, int n, double dt)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      w[i] = u[i] + dt * (u[i - 1] - 2 * u[i] + u[i + 1]);
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      u[i] = w[i];
  }
}

static void
norm (const double *u, double *w, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      w[i] = u[i] * u[i];
  }
#pragma mint copy(w, fromDevice, n)
}

void
read_after_stage (double *u, double *w, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint update(u, toHost, 0:n)
        stage (u, w, n, 0.2); /* { dg-message "the call to .stage. runs kernels on .u. in a region of its own, on the device.s copy" } */
        monitor (u[n / 2]); /* { dg-error "host code reads an element of .u. in the .parallel. region, where kernels write the array on the device" } */
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(w, fromDevice, n)
}

void
update_after_stage (double *u, double *w, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        stage (u, w, n, 0.2);
#pragma mint update(u, toHost, 0:n)
        monitor (u[n / 2]);
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(w, fromDevice, n)
}

void
read_after_reading_call (double *u, double *w, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        stage (u, w, n, 0.2);
#pragma mint update(u, toHost, 0:n)
        norm (u, w, n);
        monitor (u[n / 2]);
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(w, fromDevice, n)
}
