/* An array declared in the loop body is private to each point (mint.run/
   body-private-array.c); one a kernel cannot hold is an error at its
   first use, once, however many of its elements the body uses: of more
   than 1024 elements, of structures, of more than 3 subscripts,
   volatile, given to a function, or a wide string's assigned whole; one
   of a variable length at its declaration.  */
/* { dg-do compile } */

struct pair { double a, b; };
double sum3 (const double *t);

void
private_arrays (int n, double (*a)[n], double (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double big[2000];
          struct pair p[2];
          int deep[2][2][2][2];
          volatile double vol[2];
          big[x] = a[y][x]; /* { dg-error "the array .big. declared in the loop body has more than 1024 elements; it cannot be private to a point" } */
          p[0].a = a[y][x]; /* { dg-error "structure variable .p. declared in it; only variables, arrays of scalars, and structures of scalars used member by member or copied whole can be private to a point" } */
          deep[0][1][0][1] = x; /* { dg-error "the array .deep. declared in the loop body has more than 3 subscripts" } */
          (void) deep;
          vol[1] = a[y][x]; /* { dg-error "the array .vol. declared in the loop body is volatile" } */
          b[y][x] = big[x] + p[0].a + vol[1]; /* { dg-bogus "structure variable" "reported once, at its first use" } */
        }
  }
#pragma mint copy(b, fromDevice, n, n)
}

void
variable_length (int n, double (*a)[n], double (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double v[n]; /* { dg-error "the loop body declares .v., an array of a variable length; it cannot be private to a point \\(give it a constant length\\)" } */
          v[0] = a[y][x]; /* reported at its declaration, not again */
          b[y][x] = v[0];
        }
  }
#pragma mint copy(b, fromDevice, n, n)
}

void
given_to_a_function (int n, double (*a)[n], double (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double t[3] = { a[y][x - 1], a[y][x], a[y][x + 1] };
          b[y][x] = sum3 (t); /* { dg-error "sum3" } */
        }
  }
#pragma mint copy(b, fromDevice, n, n)
}

/* A wide string's characters are not bytes: assigned whole, an error.  */
void
wide_string (int n, int *w)
{
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        __WCHAR_TYPE__ ws[4] = L"ab"; /* { dg-error "the loop body assigns the whole array .ws.; only its elements can be assigned in a kernel" } */
        w[i] = ws[i % 4];
      }
  }
#pragma mint copy(w, fromDevice, n)
}

/* Initialized whole but never used element by element: the same errors,
   at the initialization (no internal compiler error).  */
void
initialized_only (int n, double *v)
{
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        struct pair p[2] = { 0 }; /* { dg-error "the array .p. declared in the loop body has elements of a type the device cannot hold" } */
        double big[2000] = { 0 }; /* { dg-error "the array .big. declared in the loop body has more than 1024 elements" } */
        (void) p;
        (void) big;
        v[i] = i;
      }
  }
#pragma mint copy(v, fromDevice, n)
}

/* Each variable the body cannot offload is reported once, by name: a
   structure with a bit-field initialized from two elements, a pointer
   set in the body read twice, a vector read twice.  */
struct two { double a, b; unsigned tag : 1; };
typedef double vec2 __attribute__ ((vector_size (16)));

void
once_by_name (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        struct two p = { u[i], u[i + 1] }; /* { dg-error "structure variable .p. declared in it" } */
        v[i] = p.a + p.b; /* { dg-bogus "structure variable" } */
      }
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        vec2 x = { u[i], u[i + 1] };
        v[i] = x[0] + x[1]; /* { dg-error "a vector value, which the device code cannot hold \\(.x.\\)" } */
      }
  }
#pragma mint copy(v, fromDevice, n)
}
