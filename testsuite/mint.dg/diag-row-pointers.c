/* Pointers declared in the loop body that the kernel cannot compute again
   at each use: set from a variable that changes before a use, set under
   a condition, set before a loop that changes what they were set from,
   or set twice, is an error at its first use, naming it; one declared
   outside the nest is shared by the points.  Such a pointer compared is
   a pointer value (once for the pointer), a row of an array of pointers
   chosen by a condition is no one row, nor is a structure member
   chosen by one, and one compared with another row is one error.  */
/* { dg-do compile } */

void
changed (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          int m = j;
          const double *p = u + m * nx;
          if (i > 3)
            m = 0;
          v[j * nx + i] = p[i] + m; /* { dg-error "uses a pointer of the loop body that is not set once, before its uses, to an array plus an offset that keeps its value up to the uses \\(.p.\\)" } */
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
conditional (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          double s = 0;
          const double *p;
          for (int k = 0; k < 3; k++)
            {
              if (k == 0)
                p = u + (j - 1 + k) * nx;
              s += p[i]; /* { dg-error "pointer of the loop body that is not set once, before its uses" } */
            }
          v[j * nx + i] = s;
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
before_loop (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          double s = 0;
          int k = 0;
          const double *p = u + (j - 1 + k) * nx;
          for (k = 0; k < 3; k++)
            s += p[i]; /* { dg-error "pointer of the loop body that is not set once, before its uses" } */
          v[j * nx + i] = s;
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
twice (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          const double *p = u + j * nx;
          double a = p[i]; /* { dg-error "pointer of the loop body that is not set once, before its uses" } */
          p = p + nx;
          v[j * nx + i] = a + p[i];
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
outside (int nx, int ny, double *u, double *v)
{
  const double *p;
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          p = u + j * nx; /* { dg-error "write to the pointer .p., which is declared outside the loop nest, is a data race" } */
          v[j * nx + i] = p[i];
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
compared (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          const double *a = u + j * nx, *b = u + (j + 1) * nx;
          v[j * nx + i] = a == b ? 0.0 : a[i] + b[i]; /* { dg-error "computes with a pointer value" } */
        }
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

/* A row of an array of pointers set under a condition is not one row.  */
void
table_row_chosen (int nx, int ny, double **u, double **v)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          const double *r = u[j];
          if (i > 3)
            r = u[j + 1];
          v[j][i] = r[i]; /* { dg-error "uses a pointer of the loop body that is not set once, before its uses, to an array plus an offset that keeps its value up to the uses \\(.r.\\)" } */
        }
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* A pointer value compared with another is one error at the
   comparison.  */
void
table_row_compared (int nx, int ny, double **u, double **v)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        {
          const double *r = u[j];
          v[j][i] = r == u[0] ? 1.0 : r[i]; /* { dg-error "computes with a pointer value" } */
        }
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* A structure member chosen by a condition is no one array, as a row
   is not; set once, it is the member's (mint.run/member-pointers.c).  */
struct pair
{
  double *u, *w;
};

void
member_chosen (int n, struct pair *g, double *v)
{
#pragma mint copy(g->u, toDevice, n)
#pragma mint copy(g->w, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        const double *p = g->u;
        if (i > 3)
          p = g->w;
        v[i] = p[i - 1]; /* { dg-error "uses a pointer of the loop body that is not set once, before its uses, to an array plus an offset that keeps its value up to the uses \\(.p.\\)" } */
      }
  }
#pragma mint copy(v, fromDevice, n)
}
