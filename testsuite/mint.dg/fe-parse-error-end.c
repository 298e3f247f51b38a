/* A file that ends inside the for statement of a loop nest gets the
   parser's errors only, none of mint's about what the parser's
   recovery made of the nest (round 93's H2: an error at the
   parallel directive that the initialization calls a function).  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i /* { dg-error "expected" } */
