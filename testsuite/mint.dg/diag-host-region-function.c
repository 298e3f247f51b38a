/* A function with a parallel region of its own, called in a region
   whose kernels write the array it is given: its host code outside its
   region reads the host's out-of-date copy (before the region), or
   writes elements that the device copy the caller's region keeps never
   sees (a source set before its region, a normalization after it).
   Each is an error at the call, with a note at the parameter.  A
   function that only hands the array on to such functions, or uses it
   only in its region, is fine.  */
/* { dg-do compile } */

static void
apply_source (int n, double *u, double *s, int t) /* { dg-message ".apply_source. reads or writes the elements of its parameter .s. on the host outside its own .parallel. regions" } */
{
  for (int i = 0; i < n; i++)
    s[i] = 0.01 * t * i;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(s, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] += s[i];
  }
#pragma mint copy(u, fromDevice, n)
}

static void
normalize (int n, double *u) /* { dg-message ".normalize. reads or writes the elements of its parameter .u. on the host outside its own .parallel. regions" } */
{
  double sum = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:sum)
    for (int i = 0; i < n; i++)
      sum += u[i];
  }
#pragma mint copy(u, fromDevice, n)
  for (int i = 0; i < n; i++)
    u[i] /= sum;
}

static void
scale (int n, double *u, double a)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] *= a;
  }
#pragma mint copy(u, fromDevice, n)
}

static void
stage (int n, double *u, double *s)
{
  scale (n, u, 0.5);
  scale (n, s, 2.0);
}

void
steps (int n, double *u, double *s, int nt)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(s, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < nt; t++)
      {
#pragma mint for
        for (int i = 0; i < n; i++)
          s[i] = 0.5 * u[i];
        apply_source (n, u, s, t); /* { dg-error "the call to .apply_source. can reach the elements of .s. in the .parallel. region, where kernels write the array on the device" } */
        normalize (n, u); /* { dg-error "the call to .normalize. can reach the elements of .u." } */
        stage (n, u, s); /* { dg-bogus "can reach" } */
      }
  }
#pragma mint copy(u, fromDevice, n)
}
