/* A parallel loop starts at the value its initialization computed; the
   launch computes the start again from what the initialization read, so
   a change of that between the initialization and the loop is an error
   at the initialization (a cursor moved on before its loop, a start
   taken with g++ or through st[k++]); a start kept in a variable of its
   own is taken.  */
/* { dg-do compile } */

int g;

void
f (int n, double *b, const int *st)
{
  int pos = 0, k = 0, i, y;
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    i = pos; /* { dg-error "the loop over .i. starts at a value computed from .pos., which changes before the loop begins" } */
    pos += n / 4;
#pragma mint for
    for (; i < pos; i++) /* { dg-message "compute the start into a variable of its own before .pos. changes" } */
      b[i] = 1.0;
#pragma mint for
    for (int j = g++; j < n; j++) /* { dg-error "the loop over .j. starts at a value computed from .g., which changes" } */
      /* { dg-message "compute the start into a variable of its own before .g. changes" "" { target *-*-* } 24 } */
      b[j] = 2.0;
#pragma mint for
    for (int j = st[k++]; j < n; j++) /* { dg-error "the loop over .j. starts at a value computed from .k., which changes" } */
      /* { dg-message "compute the start into a variable of its own before .k. changes" "" { target *-*-* } 28 } */
      b[j] = 3.0;
    y = g; /* { dg-error "the loop over .y. starts at a value computed from .g., which changes" } */
    g--;
#pragma mint for
    for (; y < n; y++) /* { dg-message "compute the start into a variable of its own before .g. changes" } */
      b[y] = 4.0;
    int start = pos;
    pos += n / 4;
#pragma mint for
    for (i = start; i < pos; i++)
      b[i] = 5.0;
    int s = g++;
#pragma mint for
    for (int j = s; j < n; j++)
      b[j] = 6.0;
  }
#pragma mint copy(b, fromDevice, n)
}

/* An initialization that calls a function or branches, and a function
   that calls setjmp, where GCC forms no loops: errors that say so.  */
int first (void);
#include <setjmp.h>
jmp_buf env;

void
calls_and_branches (int n, double *b, int c)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = first (); i < n; i++) /* { dg-error "the initialization of the loop after .#pragma mint for. calls a function; call it before the directive" } */
      b[i] = 1.0;
#pragma mint for
    for (int i = c > 2 ? g++ : g--; i < n; i++) /* { dg-error "the initialization of the loop after .#pragma mint for. branches" } */
      b[i] = 2.0;
  }
#pragma mint copy(b, fromDevice, n)
}

void
with_setjmp (int n, double *b)
{
  if (setjmp (env))
    return;
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "a function that calls .setjmp. cannot offload its loop nests" } */
    for (int i = 0; i < n; i++)
      b[i] = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
}
