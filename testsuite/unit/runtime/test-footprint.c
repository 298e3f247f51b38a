/* Kernel footprints (mintrt.h): parsing, the boxes of a launch, and the
   boxes updates and device pointer queries name.  */

#include <limits.h>
#include <string.h>

#include "check.h"
#include "args.h"
#include "footprint.h"

static struct mint_kernel
kernel (unsigned narrays, const char *scalars, const char *footprint)
{
  struct mint_kernel k = {
    .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = narrays,
    .step = { 1, 1, 1 }, .nscalars = (unsigned) strlen (scalars),
    .name = "k", .file = "f.c",
    .scalar_sig = scalars, .footprint = footprint
  };
  return k;
}

static bool
parses (unsigned narrays, const char *scalars, const char *footprint)
{
  struct mint_kernel k = kernel (narrays, scalars, footprint);
  struct mintrt_array_use uses[4];
  return mintrt_footprint_parse (&k, k.footprint, uses);
}

static void
test_parse (void)
{
  struct mint_kernel k
    = kernel (2, "", "r p0:-1:1 p1:-1:1 p2:-2:3;w p0:0:0 * c:4:4");
  struct mintrt_array_use u[2];

  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (!u[0].written && u[1].written);
  CHECK (u[0].axis[0].kind == MINTRT_AXIS_PARALLEL && u[0].axis[0].index == 0
         && u[0].axis[0].lo == -1 && u[0].axis[0].hi == 1);
  CHECK (u[0].axis[2].index == 2 && u[0].axis[2].lo == -2
         && u[0].axis[2].hi == 3);
  CHECK (u[1].axis[1].kind == MINTRT_AXIS_ANY);
  CHECK (u[1].axis[2].kind == MINTRT_AXIS_CONSTANT && u[1].axis[2].lo == 4);

  CHECK (parses (0, "", ""));
  CHECK (parses (1, "dI", "w s1:-3:3 * *"));
  CHECK (!parses (1, "", NULL));
  CHECK (!parses (1, "", ""));
  CHECK (!parses (1, "", "x * * *"));
  CHECK (!parses (1, "", "r * *"));
  CHECK (!parses (1, "", "r * * *;"));
  CHECK (!parses (1, "", "r * * * "));
  CHECK (!parses (2, "", "r * * *"));
  CHECK (!parses (1, "", "r p3:0:0 * *"));     /* 3 dimensions: 0..2 */
  CHECK (!parses (1, "", "r p0:1:0 * *"));     /* lo > hi */
  CHECK (!parses (1, "", "r p0:0 * *"));
  CHECK (!parses (1, "", "r p:0:0 * *"));
  CHECK (!parses (1, "i", "r s1:0:0 * *"));    /* one scalar */
  CHECK (!parses (1, "d", "r s0:0:0 * *"));    /* not an integer */
  CHECK (!parses (1, "", "r c:0:99999999999999 * *"));
}

static void
test_box (void)
{
  struct mint_kernel k = kernel (2, "iL", "w p0:-1:1 s0:0:0 c:3:5;r * p2:0:0 "
                                 "s1:-1:1");
  struct mintrt_array_use u[2];
  union mintrt_scalar s[2];
  const long long bounds[6] = { 1, 10, 2, 5, 3, 4 };
  struct mintrt_box b;

  s[0].i = -2;
  s[1].ul = ~0ULL;              /* an offset: -1, modulo 2^64 as the kernel adds it */
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  mintrt_footprint_box (&k, &u[0], bounds, s, false, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 11);
  CHECK (b.lo[1] == -2 && b.hi[1] == -2);
  CHECK (b.lo[2] == 3 && b.hi[2] == 5);
  mintrt_footprint_box (&k, &u[1], bounds, s, false, &b);
  CHECK (b.lo[0] == LLONG_MIN && b.hi[0] == LLONG_MAX);
  CHECK (b.lo[1] == 3 && b.hi[1] == 6);
  CHECK (b.lo[2] == -2 && b.hi[2] == 0);
}

/* An axis that adds a scalar to a parallel dimension's variable
   (u[y][x + ng]), with accesses that add none in a form of their own:
   the scalar as its type holds it, an unsigned one zero-extended (a
   negative offset held in an `unsigned' lies past 2^32, where the launch
   stops).  */
static void
test_parallel_scalar (void)
{
  struct mint_kernel k = kernel (1, "iI", "r q0,0:-1:1 q1,1:0:2 c:0:0"
                                 "& q0,0:-1:1 p1:-3:0 c:0:0");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[2];
  const long long bounds[6] = { 1, 10, 2, 5, 0, 1 };
  struct mintrt_box b;

  s[0].i = 5;
  s[1].u = 4294967290u;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  mintrt_footprint_box (&k, &u[0], bounds, s, false, &b);
  CHECK (b.lo[0] == 5 && b.hi[0] == 16);
  CHECK (b.lo[1] == -1 && b.hi[1] == 4294967298LL);
  CHECK (b.lo[2] == 0 && b.hi[2] == 0);
  /* A 64-bit unsigned offset of -1 (size_t s = -1; u[y][x + s]), which
     C and the kernel add modulo 2^64: x - 1.  */
  struct mint_kernel k64 = kernel (1, "L", "r q0,0:0:0 q1,0:-1:1 c:0:0");
  s[0].ul = ~0ULL;
  CHECK (mintrt_footprint_parse (&k64, k64.footprint, u));
  mintrt_footprint_box (&k64, &u[0], bounds, s, false, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 9);
  CHECK (b.lo[1] == 0 && b.hi[1] == 6);
  CHECK (!parses (1, "i", "r q0:0:0 * *"));            /* no scalar */
  CHECK (!parses (1, "i", "r q0,1:0:0 * *"));          /* one scalar */
  CHECK (!parses (1, "d", "r q0,0:0:0 * *"));          /* not an integer */
  CHECK (!parses (1, "i", "r q3,0:0:0 * *"));          /* 3 dimensions */
  CHECK (!parses (1, "i", "r q0,0:0:0/ * *"));
  CHECK (!parses (1, "i", "r q0,0:0:0/1:0 * *"));
}

/* Axes that add several scalars, with and without a parallel dimension's
   variable (u[g + ny + ng][x], u[ny + ng][x]), each times its coefficient
   (u[y - ng][x], u[2 * ng][x]): their sum, 64-bit unsigned ones modulo
   2^64 as the kernel adds them.  */
static void
test_scalar_sums (void)
{
  struct mint_kernel k = kernel (1, "iiL", "r p0:0:0 q1,0,1:-1:0 c:0:0"
                                 "& p0:0:0 s0,1,2:0:1 c:0:0");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[3];
  const long long bounds[6] = { 0, 8, 0, 2, 0, 1 };
  struct mintrt_box b;

  s[0].i = 10;
  s[1].i = 2;
  s[2].ul = ~0ULL;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].axis[1].nscalars == 2 && u[0].more[0][1].nscalars == 3);
  mintrt_axes_box (&k, mintrt_form_axes (&u[0], 0), bounds, s, &b);
  CHECK (b.lo[1] == 11 && b.hi[1] == 13);
  mintrt_axes_box (&k, mintrt_form_axes (&u[0], 1), bounds, s, &b);
  CHECK (b.lo[1] == 11 && b.hi[1] == 12);
  struct mint_kernel c = kernel (1, "ii", "r q0,0*-1:0:0 s0*2,1:1:1 c:0:0");
  CHECK (mintrt_footprint_parse (&c, c.footprint, u));
  CHECK (u[0].axis[0].coeff[0] == -1 && u[0].axis[1].coeff[0] == 2
         && u[0].axis[1].coeff[1] == 1);
  mintrt_axes_box (&c, u[0].axis, bounds, s, &b);
  CHECK (b.lo[0] == -10 && b.hi[0] == -3);        /* x 0..7 less 10 */
  CHECK (b.lo[1] == 23 && b.hi[1] == 23);         /* 2 * 10 + 2 + 1 */
  CHECK (parses (1, "iiii", "r s0,1,2,3:0:0 * *"));
  CHECK (!parses (1, "ii", "r s0*:0:0 * *"));
  CHECK (!parses (1, "iiiii", "r s0,1,2,3,4:0:0 * *")); /* five scalars */
  CHECK (!parses (1, "id", "r q0,0,1:0:0 * *"));        /* not an integer */
  CHECK (!parses (1, "ii", "r s0,:0:0 * *"));
}

/* Axes whose parallel dimension's variable is times a factor
   (f[2 * y + 1][2 * x], u[n - 1 - x], f[3 * y + ng] over y += 2): the
   variable's values scaled, a negative factor's reversed, before the
   offsets and the scalars; a guarded piece scales the values that meet
   its bounds.  */
static void
test_factors (void)
{
  struct mint_kernel k = kernel (1, "i", "r p0*2:0:1 q1*-1,0:-1:-1 "
                                 "p2*3:0:2>2");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[1];
  const long long bounds[6] = { 1, 8, 0, 4, 0, 3 };
  struct mintrt_box b;

  s[0].i = 10;
  k.step[2] = 2;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].axis[0].factor == 2 && u[0].axis[1].factor == -1
         && u[0].axis[2].factor == 3);
  mintrt_axes_box (&k, u[0].axis, bounds, s, &b);
  CHECK (b.lo[0] == 2 && b.hi[0] == 17);          /* x 1..8 */
  CHECK (b.lo[1] == 6 && b.hi[1] == 9);           /* 10 - 1 - (0..3) */
  CHECK (b.lo[2] == 0 && b.hi[2] == 14);          /* z 0, 2, 4 */
  mintrt_footprint_box (&k, &u[0], bounds, s, true, &b);
  CHECK (b.lo[2] == 6 && b.hi[2] == 14);          /* z at least 2 */
  const long long huge[6] = { LLONG_MAX / 2, 2, 0, 1, 0, 1 };
  mintrt_axes_box (&k, u[0].axis, huge, s, &b);
  CHECK (b.lo[0] == LLONG_MAX - 1 && b.hi[0] == LLONG_MAX);
  CHECK (parses (1, "", "r p0*-1024:0:0 * *"));
  /* Quotients (c[y / 2 + 1], c[x >> 2]): from the least value's, rounded
     down, to the greatest's, rounded toward zero.  */
  struct mint_kernel q = kernel (1, "", "r p0/4:0:0 p1/2:1:1 c:0:0");
  const long long from[6] = { -5, 11, 3, 4, 0, 1 };
  CHECK (mintrt_footprint_parse (&q, q.footprint, u));
  CHECK (u[0].axis[0].divisor == 4 && u[0].axis[1].divisor == 2);
  mintrt_axes_box (&q, u[0].axis, from, s, &b);
  CHECK (b.lo[0] == -2 && b.hi[0] == 1);          /* x -5..5 */
  CHECK (b.lo[1] == 2 && b.hi[1] == 4);           /* y 3..6, plus 1 */
  CHECK (!parses (1, "", "r p0/0:0:0 * *"));
  CHECK (!parses (1, "", "r p0/:0:0 * *"));
  CHECK (!parses (1, "", "r p0*0:0:0 * *"));
  CHECK (!parses (1, "", "r p0*:0:0 * *"));
  CHECK (!parses (1, "i", "r q0*2:0:0 * *"));             /* no scalar */
}

/* Accesses of an array in several forms along its axes ('&'): the box is
   their hull, each form's axes apart; at most four forms.  */
static void
test_forms (void)
{
  struct mint_kernel k = kernel (1, "i", "r q0,0:0:0 q1,0:-1:1 c:0:0"
                                 "& q0,0:0:0 c:0:0 c:0:0& p0:0:0 * c:0:0");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[1];
  const long long bounds[6] = { 0, 20, 0, 10, 0, 1 };
  struct mintrt_box b;

  s[0].i = 1;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].nmore == 2);
  CHECK (mintrt_form_axes (&u[0], 1)[1].kind == MINTRT_AXIS_CONSTANT);
  CHECK (mintrt_form_axes (&u[0], 2)[1].kind == MINTRT_AXIS_ANY);
  mintrt_axes_box (&k, mintrt_form_axes (&u[0], 0), bounds, s, &b);
  CHECK (b.lo[1] == 0 && b.hi[1] == 11);
  mintrt_axes_box (&k, mintrt_form_axes (&u[0], 1), bounds, s, &b);
  CHECK (b.lo[1] == 0 && b.hi[1] == 0 && b.lo[0] == 1 && b.hi[0] == 20);
  mintrt_footprint_box (&k, &u[0], bounds, s, false, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 20);
  CHECK (b.lo[1] == LLONG_MIN && b.hi[1] == LLONG_MAX);
  CHECK (parses (1, "", "r p0:0:0 * *& c:0:0 * *"));
  CHECK (!parses (1, "", "r p0:0:0 * *&"));
  CHECK (!parses (1, "", "r p0:0:0 * *& c:0:0 *"));
  CHECK (parses (1, "", "r * * *& * * *& * * *& * * *"));
  CHECK (!parses (1, "", "r * * *& * * *& * * *& * * *& * * *"));
}

/* A parallel axis in pieces, each with the bounds the body's conditions
   put on its variable: the guarded box follows them, the plain box takes
   their hull.  */
static void
test_pieces (void)
{
  /* x: the centre everywhere, x-1..x+1 where x is neither 0 nor n-1
     (scalar 0 is n); y: y-2 where y >= 2; z: z+1 where z <= 2 and z is
     not 1, z-3 only at z == 5 and 6 (none: the launch ends at 4).  */
  struct mint_kernel k
    = kernel (1, "i", "r p0:0:0/-1:1!0!s0-1 p1:0:0/-2:0>2 "
              "p2:1:1<2!1/-3:-3>5<6");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[1];
  const long long bounds[6] = { 0, 10, 0, 8, 1, 4 };
  struct mintrt_box b;

  s[0].i = 10;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].axis[0].npieces == 2 && u[0].axis[0].lo == -1
         && u[0].axis[0].hi == 1);
  CHECK (u[0].axis[0].piece[1].bounds.n == 2
         && u[0].axis[0].piece[1].bounds.bound[1].op == '!'
         && u[0].axis[0].piece[1].bounds.bound[1].scalar == 0
         && u[0].axis[0].piece[1].bounds.bound[1].value == -1);
  mintrt_footprint_box (&k, &u[0], bounds, s, false, &b);
  CHECK (b.lo[0] == -1 && b.hi[0] == 10 && b.lo[1] == -2 && b.hi[1] == 7);
  CHECK (b.lo[2] == -2 && b.hi[2] == 5);
  mintrt_footprint_box (&k, &u[0], bounds, s, true, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 9);
  CHECK (b.lo[1] == 0 && b.hi[1] == 7);
  /* z 1..4: not 1, at most 2, so 2 only: element 3.  */
  CHECK (b.lo[2] == 3 && b.hi[2] == 3);

  /* A launch of x 0..1 with n = 2: no x is inside; the centre still.  */
  const long long narrow[6] = { 0, 2, 0, 8, 1, 4 };
  s[0].i = 2;
  mintrt_footprint_box (&k, &u[0], narrow, s, true, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 1);

  /* No piece has a point: the axis is empty.  */
  struct mint_kernel none = kernel (1, "", "r p0:-5:5>100 * *");
  CHECK (mintrt_footprint_parse (&none, none.footprint, u));
  mintrt_footprint_box (&none, &u[0], bounds, s, true, &b);
  CHECK (b.lo[0] > b.hi[0]);

  CHECK (parses (1, "i", "r p0:0:0/-1:1>s0+0/2:2<-3 * *"));
  CHECK (!parses (1, "", "r p0:0:0>s0+0 * *"));        /* no scalar 0 */
  CHECK (!parses (1, "d", "r p0:0:0>s0+0 * *"));       /* not an integer */
  CHECK (!parses (1, "i", "r p0:0:0>s0 * *"));         /* no signed value */
  CHECK (!parses (1, "", "r p0:0:0>1>2>3>4>5 * *"));   /* 4 bounds at most */
  CHECK (!parses (1, "", "r p0:0:0/1:0 * *"));
  CHECK (!parses (1, "", "r p0:0:0/ * *"));
  CHECK (!parses (1, "", "r p0/0:0 * *"));
  CHECK (!parses (1, "", "r p0:0:0/0:0/0:0/0:0/0:0/0:0/0:0/0:0/0:0 * *"));
  CHECK (!parses (1, "", "r s0:0:0>1 * *"));
}

/* Bounds whose sums the program computes in unsigned arithmetic ("%W"):
   taken modulo 2^W; where that is past a long long, no bound.  */
static void
test_wrapped_bounds (void)
{
  /* x: x+1 where x < n - 1 (n unsigned), modulo 2^32; y: y+1 where
     y < m - 1 (m unsigned long), modulo 2^64; z: z-1 where z is not
     k - 1 (k int), modulo 2^32.  */
  struct mint_kernel k
    = kernel (1, "ILi", "r p0:0:0/1:1<s0-2%32 p1:0:0/1:1<s1-2%64 "
              "p2:0:0/-1:0!s2-1%32");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[3];
  const long long bounds[6] = { 0, 10, 0, 8, 0, 4 };
  struct mintrt_box b;

  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].axis[0].piece[1].bounds.bound[0].wrap == 32);
  /* n = 10, m = 8: x <= 8, y <= 6; k = 0: z not 2^32 - 1.  */
  s[0].u = 10;
  s[1].ul = 8;
  s[2].i = 0;
  mintrt_footprint_box (&k, &u[0], bounds, s, true, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 9);
  CHECK (b.lo[1] == 0 && b.hi[1] == 7);
  CHECK (b.lo[2] == -1 && b.hi[2] == 3);
  /* n = 0 and m = 0: n - 1 wraps, every x and y reads beside; k = 1: z
     is not 0.  */
  s[0].u = 0;
  s[1].ul = 0;
  s[2].i = 1;
  mintrt_footprint_box (&k, &u[0], bounds, s, true, &b);
  CHECK (b.lo[0] == 0 && b.hi[0] == 10);
  CHECK (b.lo[1] == 0 && b.hi[1] == 8);
  CHECK (b.lo[2] == 0 && b.hi[2] == 3);
  /* n = 1: at most 2^32 - 1, no bound on x 0..9.  */
  s[0].u = 1;
  mintrt_footprint_box (&k, &u[0], bounds, s, true, &b);
  CHECK (b.hi[0] == 10);

  CHECK (parses (1, "I", "r p0:0:0<s0-2%1 * *"));
  CHECK (!parses (1, "I", "r p0:0:0<s0-2%0 * *"));
  CHECK (!parses (1, "I", "r p0:0:0<s0-2%65 * *"));
  CHECK (!parses (1, "I", "r p0:0:0<s0-2% * *"));
}

/* A flat array's subscript: the elements a launch reaches, from the
   dimensions' coefficients and the lowest and highest rest.  */
static void
test_linear (void)
{
  struct mint_kernel k = kernel (2, "iLd", "r * * * l,1*p0,1*s0*p1,-2*p2"
                                 "|-1:1|0:0,1*s0|2:2,-1*s0*s1;w * * *");
  struct mintrt_array_use u[2];
  union mintrt_scalar s[3];
  const long long bounds[6] = { 1, 10, 2, 5, 3, 4 };
  long long lo, hi;

  s[0].i = 12;
  s[1].l = 3;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].nlinear == 1 && u[0].linear[0].nterms == 5
         && u[0].linear[0].nrests == 3);
  CHECK (u[1].nlinear == 0);
  /* x 1..10, y 2..6, z 3..6: x + 12 y - 2 z from 1 + 24 - 12 to
     10 + 72 - 6, rests -1..1, 12, 2 - 36.  */
  CHECK (mintrt_linear_range (&k, &u[0], bounds, s, false, &lo, &hi));
  CHECK (lo == 13 - 34 && hi == 76 + 12);
  CHECK (!mintrt_linear_range (&k, &u[1], bounds, s, false, &lo, &hi));
  s[1].l = LLONG_MAX / 4;       /* 12 * s1 overflows: not known */
  CHECK (!mintrt_linear_range (&k, &u[0], bounds, s, false, &lo, &hi));

  /* u[y*12 + x] everywhere, u[(y-1)*12 + x - 1] where y >= 3 and x is
     not 1 (x 1..10, y 2..6): the guarded range starts at 2*12 + 2 - 1.  */
  struct mint_kernel g = kernel (1, "i", "r * * * l,1*p0,1*s0*p1|0:0"
                                 "|-1:-1,-1*s0@1>3@0!1");
  CHECK (mintrt_footprint_parse (&g, g.footprint, u));
  CHECK (u[0].linear[0].bounds[1][1].n == 1
         && u[0].linear[0].bounds[1][0].n == 1
         && u[0].linear[0].bounds[0][0].n == 0);
  s[0].i = 12;
  CHECK (mintrt_linear_range (&g, &u[0], bounds, s, false, &lo, &hi));
  CHECK (lo == 1 + 24 - 12 - 1 && hi == 10 + 72);
  CHECK (mintrt_linear_range (&g, &u[0], bounds, s, true, &lo, &hi));
  CHECK (lo == 2 + 24 - 1 && hi == 10 + 72);
  /* Under y >= 7 the rest has no point; the first rest alone.  */
  struct mint_kernel none = kernel (1, "i", "r * * * l,1*p0,1*s0*p1|0:0"
                                    "|-1:-1,-1*s0@1>7");
  CHECK (mintrt_footprint_parse (&none, none.footprint, u));
  CHECK (mintrt_linear_range (&none, &u[0], bounds, s, true, &lo, &hi));
  CHECK (lo == 1 + 24 && hi == 10 + 72);
  CHECK (!parses (1, "", "r * * * l,1*p0|0:0@3>1"));  /* 3 dimensions */
  CHECK (!parses (1, "", "r * * * l,1*p0|0:0@0"));    /* no bound */
  CHECK (!parses (1, "", "r * * * l,1*p0|0:0@0>1@0<2"));
  CHECK (!parses (1, "", "r * * * l,1*p0@0>1|0:0"));  /* before a rest */

  CHECK (parses (1, "", "r * * * l,1*p0|0:0"));
  CHECK (!parses (1, "", "r * * * l,1*p0"));          /* no rest */
  CHECK (!parses (1, "", "r * * * l|0:0,1*p0"));      /* a rest's variable */
  CHECK (!parses (1, "", "r * * * l,1*p3|0:0"));
  CHECK (!parses (1, "d", "r * * * l,1*s0*p0|0:0"));  /* not an integer */
  CHECK (!parses (1, "", "r * * * l|1:0"));
  CHECK (!parses (1, "i", "r * * * l,1*s0*s0*s0*s0*s0*p0|0:0"));
}

/* A flat array's subscripts in forms of different coefficients
   (u[(y + 1)*12 + x] beside the column u[y*12]): the hull of their
   ranges, at most three forms; a dimension's step counts.  */
static void
test_linear_forms (void)
{
  struct mint_kernel k = kernel (1, "i", "r * * * l,1*p0,1*s0*p1|0:0,1*s0"
                                 " l,1*s0*p1|0:0");
  struct mintrt_array_use u[1];
  union mintrt_scalar s[1];
  const long long bounds[6] = { 1, 10, 2, 5, 0, 1 };
  long long lo, hi;

  s[0].i = 12;
  CHECK (mintrt_footprint_parse (&k, k.footprint, u));
  CHECK (u[0].nlinear == 2);
  /* x 1..10, y 2..6: x + 12 (y + 1) from 37 to 94, 12 y from 24 to 72.  */
  CHECK (mintrt_linear_range (&k, &u[0], bounds, s, false, &lo, &hi));
  CHECK (lo == 24 && hi == 94);
  k.step[1] = 2;                /* y 2, 4, ..., 10 */
  CHECK (mintrt_linear_range (&k, &u[0], bounds, s, false, &lo, &hi));
  CHECK (lo == 24 && hi == 10 + 12 * 11);
  k.step[1] = 0;                /* a step the kernel does not give */
  CHECK (!mintrt_linear_range (&k, &u[0], bounds, s, false, &lo, &hi));
  CHECK (parses (1, "", "r * * * l,1*p0|0:0 l,2*p0|0:0 l,3*p0|0:0"));
  CHECK (!parses (1, "", "r * * * l,1*p0|0:0 l,2*p0|0:0 l,3*p0|0:0"
                  " l,4*p0|0:0"));
  CHECK (!parses (1, "", "r * * * l,1*p0|0:0 l"));
}

static struct mintrt_box
box (long long x0, long long x1, long long y0, long long y1, long long z0,
     long long z1)
{
  struct mintrt_box b = { { x0, y0, z0 }, { x1, y1, z1 } };
  return b;
}

static void
test_overlap (void)
{
  struct mintrt_box plane = box (0, 9, 0, 9, 4, 4);
  struct mintrt_box interior = box (1, 8, 1, 8, 5, 8);
  struct mintrt_box corner = box (9, 20, 9, 9, 0, 4);
  struct mintrt_box empty = box (0, 9, 3, 2, 0, 9);

  CHECK (!mintrt_box_overlap (&plane, &interior));
  CHECK (mintrt_box_overlap (&plane, &corner));
  CHECK (mintrt_box_overlap (&corner, &plane));
  CHECK (!mintrt_box_overlap (&empty, &plane));
  CHECK (mintrt_box_empty (&empty) && !mintrt_box_empty (&plane));
}

static void
test_ranges (void)
{
  const long long extent[3] = { 10, 8, 6 };
  struct mintrt_box b;
  char error[256];

  CHECK (mintrt_box_from_ranges (&b, (const long long[]) { 0, 10, 2, 3, 5,
                                                           1 },
                                 extent, error, sizeof error));
  CHECK (b.lo[0] == 0 && b.hi[0] == 9 && b.lo[1] == 2 && b.hi[1] == 4
         && b.lo[2] == 5 && b.hi[2] == 5);
  /* Nothing at the very end is still inside.  */
  CHECK (mintrt_box_from_ranges (&b, (const long long[]) { 10, 0, 0, 8, 0,
                                                           6 },
                                 extent, error, sizeof error));
  CHECK (mintrt_box_empty (&b));

  CHECK (!mintrt_box_from_ranges (&b, (const long long[]) { 0, 10, 0, 8, 5,
                                                            3 },
                                  extent, error, sizeof error));
  CHECK_CONTAINS (error, "the z range 5:3 (elements 5 to 7) lies outside "
                  "the array's 6 elements in z");
  CHECK (!mintrt_box_from_ranges (&b, (const long long[]) { -1, 2, 0, 8, 0,
                                                            1 },
                                  extent, error, sizeof error));
  CHECK_CONTAINS (error, "the x range -1:2 (elements -1 to 0)");
  CHECK (!mintrt_box_from_ranges (&b, (const long long[]) { 0, 1, 3, -2, 0,
                                                            1 },
                                  extent, error, sizeof error));
  CHECK_CONTAINS (error, "the y range 3:-2 has a negative count");
  CHECK (!mintrt_box_from_ranges (&b, (const long long[]) { 1, LLONG_MAX,
                                                            0, 1, 0, 1 },
                                  extent, error, sizeof error));
  CHECK_CONTAINS (error, "the x range 1:");
}

int
main (void)
{
  test_parse ();
  test_box ();
  test_parallel_scalar ();
  test_scalar_sums ();
  test_factors ();
  test_forms ();
  test_pieces ();
  test_wrapped_bounds ();
  test_linear ();
  test_linear_forms ();
  test_overlap ();
  test_ranges ();
  return check_status ();
}
