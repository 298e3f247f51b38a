/* Host code of a region calls functions given an array of the region.
   One that moves the array with a region of its own (its kernels write
   it there: the step of a Runge-Kutta integrator) writes the device copy
   the outer region keeps: no warning, and no note suggesting an update
   toDevice after the call, which would copy the host's older values
   over the kernels' results.  One that writes the array on the host
   still gets the warning and its note.  */
/* { dg-do compile } */

#define N 64

static void
stage (double *state, const double *tend, double dt)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tend, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      state[i] = state[i] + dt * tend[i];
  }
#pragma mint copy(state, fromDevice, N)
}

static void
reset (double *state)
{
  for (int i = 0; i < N; i++)
    state[i] = 0.0;
}

double
integrate (double *state, double *tend, int steps)
{
  double mass = 0.0;
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tend, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        stage (state, tend, 0.5);
#pragma mint for reduction(+:mass)
        for (int i = 0; i < N; i++)
          mass += tend[i] * state[i];
      }
    reset (tend); /* { dg-warning "the call to .reset. can write the elements of .tend. in the .parallel. region, where the array lives on the device: the kernels would not see a write" } */
    /* { dg-message "if it writes it, add .#pragma mint update\\(tend, toDevice, ...\\). after the call" "" { target *-*-* } 39 } */
  }
#pragma mint copy(state, fromDevice, N)
  return mass;
}
