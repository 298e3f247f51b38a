/* A const table of at most 32 numbers (in one or two dimensions), static
   or declared in the function with constant values, needs no copy: a
   kernel reads its values.  A larger one, a local const table whose
   values the call computes, or a static table the program may change
   needs a copy; for a local const table the note says to copy it (the
   points share it; private, which the note suggests for other local
   arrays, would leave each point's copy unset).  */
/* { dg-do compile } */

void
weights (int n, double a, const double *u, double *v)
{
  const double w[5] = { -1 / 12.0, 4 / 3.0, -2.5, 4 / 3.0, -1 / 12.0 };
  const double scaled[3] = { a, 2 * a, a };
  const int wide[33] = { 1, 2, 3 };
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel /* { dg-message ".scaled. is a .const. table that the points share: add .#pragma mint copy\\(scaled, toDevice, ...\\). before the .parallel. region" } */
  {
#pragma mint for
    for (int i = 2; i < n - 2; i++)
      {
        double s = 0;
        for (int k = 0; k < 5; k++)
          s += w[k] * u[i + k - 2]; /* { dg-bogus "never copied" } */
        v[i] = s;
      }
#pragma mint for
    for (int i = 2; i < n - 2; i++)
      {
        double s = 0;
        for (int k = 0; k < 3; k++)
          s += scaled[k] * u[i + k - 1]; /* { dg-error "array .scaled. is used in a kernel but never copied to the device" } */
        v[i] = s;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = wide[i & 31] * u[i]; /* { dg-error "array .wide. is used in a kernel but never copied to the device" } */
  }
#pragma mint copy(v, fromDevice, n)
}

static const double taps[5] = { -1 / 12.0, 4 / 3.0, -2.5, 4 / 3.0, -1 / 12.0 };
static const int wide33[33] = { 1, 2, 3 };
static const double mask[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
static const double big[6][6] = { { 1 } };
static int counts[4] = { 1, 2, 3, 4 };

void
tables (int n, const double *u, double *v)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 2; i < n - 2; i++)
      {
        double s = 0;
        for (int k = 0; k < 5; k++)
          s += taps[k] * u[i + k - 2]; /* { dg-bogus "never copied" } */
        v[i] = s;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = wide33[i & 31] * u[i]; /* { dg-error "array .wide33. is used in a kernel but never copied to the device" } */
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = mask[i % 3][0] * u[i - 1] + mask[1][1] * u[i]; /* { dg-bogus "never copied" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = big[i % 6][i % 5] * u[i]; /* { dg-error "array .big. is used in a kernel but never copied to the device" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      v[i] = counts[i & 3] * u[i]; /* { dg-error "array .counts. is used in a kernel but never copied to the device" } */
  }
#pragma mint copy(v, fromDevice, n)
}

/* A table of a type kernels do not compute with cannot be read in one:
   the note says so, not to copy it (the copy would be refused).  */
void
wide_table (int n, const double *u, double *v)
{
  const long double lw[3] = { 0.25L, 0.5L, 0.25L };
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel /* { dg-message ".lw. has elements of type .long double., which a kernel does not compute with" } */
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = (double) (lw[i % 3] * u[i]); /* { dg-error "array .lw. is used in a kernel but never copied to the device" } */
  }
#pragma mint copy(v, fromDevice, n)
}

/* A pointer of the body set to a string literal: the error says that
   the device code cannot read one, and to use a table instead, which
   is offloaded.  */
void
string_literal (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        const char *s = "abcd";
        b[i] = a[i] + s[i % 4]; /* { dg-error "a pointer to a string literal, which the device code cannot read \\(index a static const char array of its characters instead\\)" } */
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        static const char s[] = "abcd";
        b[i] = a[i] + s[i % 4];
      }
  }
#pragma mint copy(b, fromDevice, n)
}
