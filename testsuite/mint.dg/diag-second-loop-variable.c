/* A loop that counts a second variable beside its own, as C89 codes
   and Numerical Recipes write a restriction (for (jf = 3, jc = 2; jc <
   nc; jc++, jf += 2)): as a parallel loop its points run at once, so the
   second variable must be computed from the loop's own in the body; the
   messages say so, where they spoke of a statement between the loops or
   of a reduction, also where the variable is declared in the `for', with
   the program's own variables and values; a counter the body steps is
   not one.  */
/* { dg-do compile } */

void
restrict2 (double (*uc)[64], double (*uf)[128], int nc)
{
  int ic, iif, jc, jf;
#pragma mint copy(uc, toDevice, 64, 64)
#pragma mint copy(uf, toDevice, 128, 128)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-error ".nest\\(2\\). needs 2 perfectly nested loops, but an assignment to .jf., a variable that a loop counts beside its own" } */
    for (jf = 3, jc = 2; jc < nc; jc++, jf += 2) /* { dg-message "compute .jf. from the loop variable in the loop body: its first value plus its step times the steps the loop variable made" } */
      for (iif = 3, ic = 2; ic < nc; ic++, iif += 2)
        uc[jc][ic] = 0.5 * uf[jf][iif] + 0.125 * uf[jf][iif + 1];
  }
#pragma mint copy(uc, fromDevice, 64, 64)
}

void
gather (double *u, const double *v, int n)
{
  int i, k;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, 2 * n + 2)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "the parallel loop over .i. counts .k. beside its own variable" } */
    for (i = 0, k = 1; i < n; i++, k += 2)
      u[i] = v[k]; /* { dg-message "compute .k. from .i. in the loop body: .k = 1 \\+ 2 \\* \\(i - 0\\)." } */
  }
#pragma mint copy(u, fromDevice, n)
}

/* A counter that the body steps on a line of its own is a reduction
   without its clause, not a second loop variable.  */
int
count (double *u, int n)
{
  int cnt = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        u[i] = 2.0 * u[i];
        cnt++; /* { dg-error "write to .cnt., which is declared outside the loop nest, is a data race; declare it inside the loop body or use .reduction\\(OP:cnt\\)." } */
        /* { dg-message "cannot be private to each point" "" { target *-*-* } 55 } */
      }
  }
#pragma mint copy(u, fromDevice, n)
  return cnt;
}

/* Declared in the loop's `for' beside its variable, the second
   variables live across the iterations as ones declared before it do
   (the kernel read them unset).  */
void
declared_beside (double *u, const double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "the parallel loop over .i. counts .im. beside its own variable in its increment; its points run at once, each with its own .i." } */
    for (int i = 1, im = 0; i < n - 1; i++, im++)
      u[i] = 0.5 * v[im]; /* { dg-message "compute .im. from .i. in the loop body: .im = 0 \\+ 1 \\* \\(i - 1\\)." } */
  }
#pragma mint copy(u, fromDevice, n)
}

/* The loop and its body on one line: the increment's variables stand
   after the loop's own step or left of it, a counter of the body before
   it and right of it.  */
int
one_line (double *u, const double *v, int n)
{
  int i, k, c = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, 2 * n + 2)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "the parallel loop over .i. counts .k. beside its own variable" } */
    for (k = 1, i = 0; i < n; k += 2, i++) u[i] = v[k]; /* { dg-message "compute .k. from .i. in the loop body" } */
#pragma mint for
    for (i = 0; i < n; i++) { u[i] = v[i]; c++; } /* { dg-error "write to .c., which is declared outside the loop nest, is a data race" } */
    /* { dg-message "cannot be private to each point" "" { target *-*-* } 94 } */
  }
#pragma mint copy(u, fromDevice, n)
  return c;
}

/* A step of the loop's own other than 1, a start that is no constant:
   the note says what to compute, without a formula where it cannot
   spell one.  */
void
steps (double *u, const double *v, int n, int k0)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, 4 * n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "the parallel loop over .i. counts .k. beside its own variable" } */
    for (int i = 1, k = k0; i < n; i += 2, k += 3)
      u[i] = v[k]; /* { dg-message "compute .k. from .i. in the loop body: .k = k0 \\+ 3 \\* \\(\\(i - 1\\) / 2\\)." } */
#pragma mint for /* { dg-error "the parallel loop over .i. counts .k. beside its own variable" } */
    for (int i = n - 1, k = 0; i >= 0; i--, k++)
      u[i] = v[k]; /* { dg-message "compute .k. from .i. in the loop body: its value before the loop plus 1 for each step of .i." } */
  }
#pragma mint copy(u, fromDevice, n)
}
