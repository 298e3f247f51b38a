/* Structure members: a kernel reads them (passed by value at the launch)
   but never writes one; an array reached through a member must be copied
   through that member, unless every point reads the same element (a
   coefficient, read once at the launch); what cannot be passed is
   reported at its line.  */
/* { dg-do compile } */

struct params
{
  double dt;
  int count;
  double c[3];
  volatile double v;
  unsigned flag : 1;
  double *coef;
};

struct grid
{
  int n;
  double *u, *w;
  double a[8];
};

void
body (struct params *p, struct grid *g, struct params *many, int k)
{
#pragma mint copy(g->u, toDevice, g->n)
#pragma mint copy(g->w, toDevice, g->n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < g->n; i++)
      p->dt = g->u[i]; /* { dg-error "writes the structure member .p->dt." } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      p->count++; /* { dg-error "writes the structure member .p->count." } */
    /* { dg-message "accumulate it in a scalar variable with a .reduction. clause and assign .p->count. after the loop nest" "" { target *-*-* } 37 } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = p->c[i % 3] + p->c[k]; /* { dg-error "array .p->c. is used in a kernel but never copied" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = p->v; /* { dg-error "uses a volatile structure member" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = p->flag; /* { dg-error "uses a bit-field" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = p->coef[2] + p->coef[k]; /* { dg-bogus "never copied" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = p->coef[i]; /* { dg-error "array .p->coef. is used in a kernel but never copied" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      g->w[i] = many[i].dt; /* { dg-error "structure member at a subscript that varies" } */
#pragma mint for
    for (int i = 0; i < g->n; i++)
      {
        struct params *q = p;
        g->w[i] = q->dt; /* { dg-error "through a pointer that is assigned inside the loop nest" } */
      }
#pragma mint for
    for (int i = 0; i < g->n; i++)
      {
        struct { double x, y; double *from; } pt;
        pt.x = g->u[i]; /* { dg-error "structure variable .pt. declared in it" } */
        g->w[i] = pt.x; /* { dg-bogus "structure variable" "reported once" } */
      }
  }
#pragma mint copy(g->w, fromDevice, g->n)
}

/* An array member the kernel reads must be copied, like any array.  */
void
not_copied (struct grid *g, double *out)
{
#pragma mint copy(out, toDevice, 8)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 8; i++)
      out[i] = g->a[i]; /* { dg-error "array .g->a. is used in a kernel but never copied" } */
  }
}

void
copies (struct params *p, struct grid *g, double *a)
{
#pragma mint copy(p->dt, toDevice, 3) /* { dg-error ".p->dt. is not an array or a pointer" } */
#pragma mint copy(p->c[1], toDevice, 3) /* { dg-error ".p->c\\\[1\\\]. is not an array or a pointer" } */
#pragma mint copy(g->nosuch, toDevice, 3) /* { dg-error "nosuch" } */
#pragma mint copy(*p, toDevice, 3) /* { dg-error "expected the name of an array" } */
#pragma mint copy(a[g->n], toDevice, 3) /* { dg-error "takes a variable or a structure member" } */
#pragma mint parallel
  {
  }
}

double
reduce (struct params *p, double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:p->dt) /* { dg-error "reduction variable must be a variable, not a structure member" } */
    for (int i = 0; i < n; i++)
      p->dt += a[i];
  }
  return p->dt;
}
