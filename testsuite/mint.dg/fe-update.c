/* update: an array of the region, a direction (toHost or toDevice) and one
   START:COUNT range per dimension, x first; only inside a parallel
   region, and not inside a kernel.  */
/* { dg-do compile } */

struct point { double x, y; };

void
f (int n, double (*vla)[n][n], double ***chain, int scalar, struct point p)
{
#pragma mint copy(vla, toDevice, n, n, n)
#pragma mint copy(chain, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint update(nosuch, toHost, 0:n) /* { dg-error ".nosuch. undeclared" } */
#pragma mint update(scalar, toHost, 0:n) /* { dg-error ".scalar. is not an array or a pointer" } */
#pragma mint update(p, toHost, 0:n) /* { dg-error ".p. is not an array or a pointer" } */
#pragma mint update(f, toHost, 0:n) /* { dg-error ".f. is not a variable" } */
#pragma mint update(vla, toHost, 0:n, 0:n) /* { dg-error ".vla. has 3 dimensions but 2 ranges were given" } */
#pragma mint update(chain, toDevice, 0:n, 0:n, 0:n, 0:n) /* { dg-error "at most 3 ranges" } */
#pragma mint update(vla, fromDevice, 0:n, 0:n, 0:n) /* { dg-error "unknown update direction .fromDevice.; expected .toDevice. or .toHost." } */
#pragma mint update(vla, 1, 0:n, 0:n, 0:n) /* { dg-error "expected .toDevice. or .toHost." } */
#pragma mint update(vla, toHost) /* { dg-error ".update. of .vla. needs its ranges" } */
#pragma mint update(vla, toHost, 0, 0:n, 0:n) /* { dg-error "expected .:." } */
#pragma mint update(vla, toHost, 0:n, 0:n, 0:n /* { dg-error "expected .\\). at end of line" } */
#pragma mint update(vla, toHost, 0:n, 0:n, 0:n) junk /* { dg-error "junk at end of .#pragma mint update." } */
#pragma mint update(vla, toHost, -1:n, 0:n, 0:n) /* { dg-error "update range start must not be negative" } */
#pragma mint update(vla, toHost, 0:-2, 0:n, 0:n) /* { dg-error "update range count must not be negative" } */
#pragma mint update(vla, toHost, 0:n, 0.5:n, 0:n) /* { dg-error "update range start must be an integer expression" } */
#pragma mint update(vla, toHost, 0:n, 0:n, 0:nn) /* { dg-error ".nn. undeclared" } */
#pragma mint update vla, toHost, 0:n /* { dg-error "expected .\\(." } */
#pragma mint for
    for (int i = 0; i < n; i++)
      {
#pragma mint update(vla, toHost, 0:n, 0:n, i:1) /* { dg-error "cannot stand inside a .#pragma mint for. loop nest" } */
        vla[i][0][0] = 1.0;
      }
  }
#pragma mint copy(vla, fromDevice, n, n, n)
}

/* Outside a region there is no device copy to update.  */
void
g (int n, double *b)
{
#pragma mint update(b, toHost, 0:n) /* { dg-error ".#pragma mint update. outside a parallel region" } */
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint single
    {
#pragma mint update(b, toHost, 0:1)
    }
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint update(b, toDevice, 0:n) /* { dg-error ".#pragma mint update. outside a parallel region" } */
}

#pragma mint update(b, toHost, 0:1) /* { dg-error "must appear inside a function body" } */
