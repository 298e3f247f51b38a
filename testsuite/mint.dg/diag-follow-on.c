/* One error for one mistake, without follow-on errors: a directive
   inside a loop nest is no nest of its own (not a race on b[i]); a
   memcpy of an element into a local is an access of the array as
   another type, not also pointer arithmetic; and an 'asm' statement
   takes 'an'; a copy of 'u + 1' is its one error, with
   a note to copy u and offset its subscripts.  */
/* { dg-do compile } */

#include <string.h>

void
directive_in_nest (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
#pragma mint for /* { dg-error "directives cannot stand inside a .#pragma mint for. loop nest" } */
        for (int j = 0; j < 2; j++)
          b[i] += a[i]; /* { dg-bogus "data race" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
memcpy_into_local (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        double t;
        memcpy (&t, &a[i], sizeof t); /* { dg-error "accesses the elements of .a., of type .double., as .long unsigned int." } */
        /* { dg-bogus "pointer arithmetic" "" { target *-*-* } 40 } */
        b[i] = t;
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
asm_statement (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        double t = a[i];
        __asm__ volatile ("" : "+x" (t)); /* { dg-error "an .asm. statement cannot be offloaded" } */
        b[i] = t;
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
copy_of_offset (double *u, double *w, int n)
{
#pragma mint copy(u + 1, toDevice, n - 1) /* { dg-error "takes a variable or a structure member" } */
  /* { dg-message "an expression names no array: copy .u. itself" "" { target *-*-* } 69 } */
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      w[i] = u[i]; /* { dg-bogus "never copied" } */
  }
#pragma mint copy(w, fromDevice, n)
}
