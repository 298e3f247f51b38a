/* Host code of a region calls a time step that hands its arrays on to
   Runge-Kutta stages with regions of their own: the step moves them to
   the device as the stages do, so no warning and no advice to update
   them toDevice after the call (which would put the host's older values
   back over the stages' results); such an update gets the warning for
   stale updates.  An output routine called between the steps reads the
   array on the host, where the stages' kernels wrote it on the device:
   an error, as if the region's own kernels wrote it.  Pointers the
   step swaps before it hands them on are handed on as well.  */
/* { dg-do compile } */

#include <stdio.h>

#define N 64

static void
stage (double *out, const double *in, double dt)
{
#pragma mint copy(out, toDevice, N)
#pragma mint copy(in, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      out[i] = out[i] + dt * in[i];
  }
#pragma mint copy(out, fromDevice, N)
}

static void
step (double *state, double *tmp, double dt)
{
  stage (tmp, state, dt / 2);
  stage (state, tmp, dt);
}

static void
output (double *state)
{
  printf ("%g\n", state[0]);
}

void
run (double *state, double *tmp, int steps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tmp, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      step (state, tmp, 0.1); /* { dg-bogus "can write the elements" } */
  }
#pragma mint copy(state, fromDevice, N)
}

void
run_update (double *state, double *tmp, int steps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tmp, toDevice, N)
#pragma mint parallel /* { dg-message "the kernels of this region write .state." } */
  {
    for (int t = 0; t < steps; t++)
      {
        step (state, tmp, 0.1);
#pragma mint update(state, toDevice, 0:N) /* { dg-warning "no host code of the .parallel. region writes it" } */
      }
  }
#pragma mint copy(state, fromDevice, N)
}

void
run_output (double *state, double *tmp, int steps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tmp, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint update\\(state, toHost, ...\\). before the call" } */
  {
    for (int t = 0; t < steps; t++)
      {
        step (state, tmp, 0.1);
        output (state); /* { dg-error "the call to .output. can reach the elements of .state. in the .parallel. region, where kernels write the array on the device" } */
      }
  }
#pragma mint copy(state, fromDevice, N)
}

/* A step that swaps its pointers (Stam's SWAP) before handing them on
   still only hands them on; one that then writes through a swapped
   pointer reaches the elements on the host.  */
static void
swapped_step (double *state, double *tmp, double dt)
{
  double *t = state;
  state = tmp;
  tmp = t;
  stage (tmp, state, dt);
}

static void
swapped_write (double *state, double *tmp, double dt)
{
  double *t = state;
  state = tmp;
  tmp = t;
  stage (tmp, state, dt);
  state[0] = 0;
}

void
run_swapped (double *state, double *tmp, int steps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(tmp, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint update\\(tmp, toHost, ...\\). before the call" } */
  /* { dg-message "add .#pragma mint update\\(state, toHost, ...\\). before the call" "" { target *-*-* } 115 } */
  {
    for (int t = 0; t < steps; t++)
      {
        swapped_step (state, tmp, 0.1); /* { dg-bogus "elements" } */
        swapped_write (state, tmp, 0.1); /* { dg-error "the call to .swapped_write. can reach the elements of .tmp. in the .parallel. region" } */
        /* { dg-error "the call to .swapped_write. can reach the elements of .state. in the .parallel. region" "" { target *-*-* } 121 } */
      }
  }
#pragma mint copy(state, fromDevice, N)
}
