/* A periodic domain's wraps in the body (conditions, remainders, an if
   that adds the extent) and walls that clamp or reflect (minimums,
   maximums, absolute values) are folded for the blocks between them, at
   level 3; the others run the body as written.  A stencil that is level 3
   already keeps its plan, and a subscript that no fold makes a loop
   variable plus a constant keeps level 0; level 4 does not apply.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-verbose" } */

#define W 64

void
wraps (int n, double (*a)[n][n], double (*b)[n][n], float (*u)[n],
       float (*v)[n], int *flat, int *out)
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint copy(flat, toDevice, W * n)
#pragma mint copy(out, toDevice, W * n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 28, 29, 30, 31, 32\\) keep one value over a thread.s points: each thread walks" } */
    for (int z = 0; z < n; z++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 24 } */
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          b[z][y][x] = a[z][y][x == 0 ? n - 1 : x - 1]
                       + a[z][y][x == n - 1 ? 0 : x + 1]
                       + a[z][(y + n - 1) % n][x] + a[z][(y + 1) % n][x]
                       + a[z == 0 ? n - 1 : z - 1][y][x]
                       + a[z == n - 1 ? 0 : z + 1][y][x];
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 38, 40\\) keep one value" } */
    for (int y = 1; y < n - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 33 } */
      for (int x = 0; x < n; x++)
        {
          int xm = x - 1, xp = x + 1;
          if (xm < 0)
            xm += n;
          if (xp >= n)
            xp -= n;
          v[y][x] = u[y][xm] + u[y][xp] + u[y - 1][x] + u[y + 1][x];
        }
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 47, 48\\) keep one value" } */
    for (int y = 0; y < n; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 44 } */
      for (int x = 0; x < W; x++)
        out[y * W + x] = flat[y * W + (x + W - 1) % W]
                         + flat[y * W + (x + 1) % W];
#pragma mint for nest(all) /* { dg-message "mint_wraps_49.: level 3: each thread walks" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        v[y][x] = x == 1 ? u[y][x] : u[y][x - 1] + u[y][x + 1];
#pragma mint for nest(all) /* { dg-message "level 0; read-only path for u \\(not level 3: u is read at a subscript that is no loop variable plus a constant\\)" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        v[y][x] = u[y][x == 0 ? n - 1 : x - 1] + u[y][(x * 3) % n];
  }
#pragma mint copy(b, fromDevice, n, n, n)
#pragma mint copy(v, fromDevice, n, n)
#pragma mint copy(out, fromDevice, W * n)
}

/* Walls whose neighbours clamp to them: GCC writes x > 0 ? x - 1 : 0 as
   max (x, 1) - 1 and x < n - 1 ? x + 1 : n - 1 as a minimum, which fold
   like the conditions; a clamp by a helper too.  */
static inline int
clamp_index (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

void
walls (int n, float (*u)[n], float (*v)[n])
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 83, 84\\) keep one value" } */
    for (int y = 0; y < n; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 79 } */
      for (int x = 0; x < n; x++)
        {
          int ym = y > 0 ? y - 1 : 0, yp = y < n - 1 ? y + 1 : n - 1;
          int xm = x > 0 ? x - 1 : 0, xp = x < n - 1 ? x + 1 : n - 1;
          v[y][x] = u[ym][x] + u[yp][x] + u[y][xm] + u[y][xp];
        }
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 90, 91\\) keep one value" } */
    for (int y = 1; y < n - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 87 } */
      for (int x = 0; x < n; x++)
        v[y][x] = u[y][clamp_index (x - 1, 0, n - 1)]
                  + u[y][clamp_index (x + 1, 0, n - 1)] + u[y - 1][x];
  }
#pragma mint copy(v, fromDevice, n, n)
}

/* Walls that reflect through abs.  */
int abs (int);

void
reflect (int n, double (*c)[n], double (*d)[n])
{
#pragma mint copy(c, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 109, 110\\) keep one value" } */
    for (int y = 1; y < n - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 106 } */
      for (int x = 0; x < n; x++)
        d[y][x] = c[y][abs (x - 1)]
                  + c[y][n - 1 - abs (n - 2 - x)] + c[y - 1][x];
  }
#pragma mint copy(d, fromDevice, n, n)
}

/* Over 32-bit unsigned loop variables too, each value that a fold reads
   checked to lie in 0 .. 2^32 - 1, where it is its exact value; the
   constant's 4294967295u of x + n - 1 is its -1.  */
void
unsigned_wraps (unsigned n, double (*c)[n], double (*d)[n])
{
#pragma mint copy(c, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(line 128\\) keep one value" } */
    for (unsigned y = 0; y < n; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 125 } */
      for (unsigned x = 0; x < n; x++)
        d[y][x] = c[y][(x + n - 1) % n] + c[y][(x + 1) % n];
  }
#pragma mint copy(d, fromDevice, n, n)
}

/* A helper's int parameters over long and unsigned loop variables: GCC
   converts x - 1 to int as (int) ((unsigned) x + 4294967295u), which
   folds with the check that the converted value lies in int's range;
   clamps over unsigned loops (an unsigned maximum) and over size_t loops
   (ordered comparisons of 64-bit unsigned values), with the checks that
   their operands are their exact values.  */
void
conversions (int n, double (*c)[n], double (*d)[n])
{
  unsigned long un = n;
#pragma mint copy(c, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 150, 151\\) keep one value" } */
    for (long y = 1; y < n - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 147 } */
      for (long x = 0; x < n; x++)
        d[y][x] = c[y][clamp_index (x - 1, 0, n - 1)]
                  + c[y][clamp_index (x + 1, 0, n - 1)] + c[y - 1][x];
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 155, 156\\) keep one value" } */
    for (unsigned y = 1; y < n - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 152 } */
      for (unsigned x = 0; x < n; x++)
        d[y][x] = c[y][x >= 2 ? x - 2 : 0] + c[y][abs (x - 1)]
                  + c[y][clamp_index (x + 1, 0, n - 1)];
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(line 160\\) keep one value" } */
    for (unsigned long y = 1; y < un - 1; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 157 } */
      for (unsigned long x = 0; x < un; x++)
        d[y][x] = c[y][x > 0 ? x - 1 : 0] + c[y][x < un - 1 ? x + 1 : un - 1]
                  + c[y][x < 1 ? x + un - 1 : x - 1];
  }
#pragma mint copy(d, fromDevice, n, n)
}

/* Clamps to #define'd extents: the loop's count is a constant too, so a
   threshold past its half (x < NX - 1, GCC's minimum of x + 1 and
   NX - 1) has the interior before it.  */
#define NX 4096
#define NY 2048
void
constant_clamps (double (*c)[NX], double (*d)[NX])
{
#pragma mint copy(c, toDevice, NX, NY)
#pragma mint copy(d, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 181, 182\\) keep one value" } */
    for (int y = 0; y < NY; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 178 } */
      for (int x = 0; x < NX; x++)
        d[y][x] = c[y][x < NX - 1 ? x + 1 : NX - 1] + c[y][x > 0 ? x - 1 : 0]
                  + c[y < NY - 1 ? y + 1 : NY - 1][x] + c[y > 0 ? y - 1 : 0][x];
  }
#pragma mint copy(d, fromDevice, NX, NY)
}

/* A field read at wrapped subscripts beside a source term read at the
   point: level 3 as written keeps only the source on chip; the folded
   inside keeps the field too, so the kernel runs that.  */
void
periodic_source (int n, float (*u)[n], float (*v)[n], float (*s)[n])
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint copy(s, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "level 3 where the conditions on the loop variables \\(lines 201, 202\\) keep one value over a thread.s points: .* u in registers" } */
    for (int y = 0; y < n; y++) /* { dg-message "steps of level 4 would cross the points where they change" "" { target *-*-* } 198 } */
      for (int x = 0; x < n; x++)
        v[y][x] = u[y][(x + n - 1) % n] + u[y][(x + 1) % n]
                  + u[(y + n - 1) % n][x] + u[(y + 1) % n][x] + s[y][x];
  }
#pragma mint copy(v, fromDevice, n, n)
}
