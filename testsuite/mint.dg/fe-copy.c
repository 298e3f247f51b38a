/* copy: the array must be declared, be an array or a pointer, have as
   many dimensions as extents are given, and be copied in a known
   direction.  */
/* { dg-do compile } */

double fixed3[4][4][4], fixed1[8];
struct point { double x, y; };

void
f (int n, double (*vla)[n][n], double ***chain, int scalar, struct point p)
{
#pragma mint copy(nosuch, toDevice, n) /* { dg-error ".nosuch. undeclared" } */
#pragma mint copy(scalar, toDevice, n) /* { dg-error ".scalar. is not an array or a pointer" } */
#pragma mint copy(p, toDevice, n) /* { dg-error ".p. is not an array or a pointer" } */
#pragma mint copy(f, toDevice, n) /* { dg-error ".f. is not a variable" } */
#pragma mint copy(42, toDevice, n) /* { dg-error "expected the name of an array" } */
#pragma mint copy(vla, toDevice, n, n) /* { dg-error ".vla. has 3 dimensions but 2 extents were given" } */
#pragma mint copy(fixed3, toDevice, 4) /* { dg-error ".fixed3. has 3 dimensions but 1 extent was given" } */
  /* { dg-message "give one extent per dimension, the fastest-varying first" "" { target *-*-* } 18 } */
#pragma mint copy(chain, toDevice, n, n) /* { dg-error ".chain. has 3 dimensions but 2 extents were given" } */
  /* { dg-message "give one extent per dimension" "" { target *-*-* } 20 } */
#pragma mint copy(vla, todevice, n, n, n) /* { dg-error "unknown copy direction .todevice." } */
#pragma mint copy(vla, 1, n, n, n) /* { dg-error "expected .toDevice. or .fromDevice." } */
#pragma mint copy vla, toDevice, n, n, n /* { dg-error "expected .\\(." } */
#pragma mint copy(vla toDevice, n, n, n) /* { dg-error "expected .,." } */
#pragma mint copy(fixed1 + 1, toDevice, 7) /* { dg-error "takes a variable or a structure member" } */
  /* { dg-message "an expression names no array: copy .fixed1. itself, and add the offset to its subscripts in the loop nest" "" { target *-*-* } 26 } */
#pragma mint copy(vla, toDevice, n, n, nn) /* { dg-error ".nn. undeclared" } */
#pragma mint copy(vla, toDevice, n, 0, n) /* { dg-error "extent must be positive" } */
#pragma mint copy(vla, toDevice, n, 1.5, n) /* { dg-error "extent must be an integer expression" } */
#pragma mint copy(vla, toDevice, n, (double) n, n) /* { dg-error "a cast in a clause must be to an integer type" } */
#pragma mint copy(vla, toDevice, n, (long double) n, n) /* { dg-error "a cast in a clause must be to an integer type" } */
#pragma mint copy(vla, toDevice, n, (struct point) n, n) /* { dg-error "a cast in a clause must be to an integer type" } */
#pragma mint copy(vla, toDevice, n, sizeof (struct point), n) /* { dg-error ".sizeof. in a clause takes an expression, or an arithmetic or typedef type name" } */
#pragma mint copy(vla, toDevice, n, sizeof (unsigned double), n) /* { dg-error ".sizeof. in a clause takes an expression" } */
#pragma mint copy(vla, toDevice, n, sizeof (double[2]), n) /* { dg-error ".sizeof. in a clause takes an expression, or an arithmetic or typedef type name with .\\*.s \\(not an array type\\)" } */
#pragma mint copy(fixed1, toDevice, 4, 2) /* { dg-error ".fixed1. has 1 dimension but 2 extents were given" } */
  /* { dg-message ".fixed1. is one-dimensional: give one extent, its length" "" { target *-*-* } 37 } */
}

/* Copies stand outside the region: not inside it, nor inside a kernel.  */
void
g (int n, double *b)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint copy(b, toDevice, n) /* { dg-error ".#pragma mint copy. inside a parallel region" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
#pragma mint copy(b, fromDevice, n) /* { dg-error ".#pragma mint copy. inside a parallel region" } */
        b[i] = 1.0;
      }
  }
#pragma mint copy(b, fromDevice, n)
}

/* Extents are C expressions evaluated where the copy stands: calls and
   ?: too (mint.run/copy-extent-calls.c), but nothing that changes a
   variable, which the error says to compute before the copy; a call that
   may have a side effect (of a function not declared pure or const) gets
   a warning.  */
int rows_of (const double *a, int n) __attribute__ ((pure));
int columns_of (int n) __attribute__ ((const));
int next_size (int n);

void
extent_forms (int n, int flag, double *a, double *b, double (*c)[n])
{
#pragma mint copy(a, toDevice, rows_of (a, n))
#pragma mint copy(b, toDevice, flag ? n : n + 1)
#pragma mint copy(c, toDevice, columns_of (n), next_size (n)) /* { dg-warning "the call to .next_size. may have a side effect, which the program without mint never has: only mint evaluates the expressions of a directive; compute the value into a variable before the directive, or declare .next_size. with .__attribute__ \\(\\(pure\\)\\). if it has none" } */
#pragma mint copy(c, toDevice, !flag || n >= 2 ? n : n << 1, (n & ~1) == n ? n : 1)
#pragma mint copy(a, toDevice, n++) /* { dg-error ".\\+\\+. changes a variable, which an expression of a directive cannot do; compute the value into a variable before the directive" } */
#pragma mint copy(b, toDevice, --n) /* { dg-error ".--. changes a variable" } */
#pragma mint copy(a, toDevice, n += 1) /* { dg-error ".\\+=. changes a variable" } */
#pragma mint copy(b, toDevice, flag ? n = 2 : n) /* { dg-error ".=. changes a variable" } */
#pragma mint copy(b, toDevice, nosuch (n)) /* { dg-error ".nosuch. undeclared" } */
#pragma mint parallel
  {
  }
}

/* A copy names an array, not a cast of one: one error, at the cast, and
   none for the kernel's use of the array the copy refused.  */
void
cast_array (double *a, double *b, int n)
{
#pragma mint copy((double *) a, toDevice, n) /* { dg-error ".copy. names an array, a variable or a structure member, not a cast: name the array itself" } */
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = a[i];
  }
#pragma mint copy(b, fromDevice, n)
}
