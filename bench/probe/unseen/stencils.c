/* stencils.c -- stencils the bench and the family do not have, each a
   Mint program of one nest repeated STEPS times (bench/probe/unseen/
   build.sh builds each with -D<NAME>, with and without the plugin):
     LIFE      Game of Life over uint8_t, 2-D, 2 bytes a point
     VC2F      float 2-D 5-point with a coefficient array
     UPWIND    double 2-D upwind advection, fmax/fmin of a velocity field
     HEAT3F    float 3-D 7-point, its weights in a struct through a pointer
     JACRES    double 2-D Jacobi with the largest update, reduction(max)
     JACSUM    the same with the sum of squared updates, reduction(+)
     JACNORED  the same without a reduction
     RED3      double 3-D 7-point with the sum of squared updates
     RED1      double 1-D 3-point with a max and a count reduction
     LBM       D2Q9 lattice Boltzmann, float, 18 planes and a byte mask
     VARK3     double 3-D diffusion, a conductivity array per direction
   (NORED drops RED3's and RED1's reductions.)  Usage: NAME N [STEPS];
   prints ms a step (wall clock over the steps, after one untimed), the
   compulsory bytes a step and a checksum, which the build without the
   plugin must print too.  Measurements:
   bench/results/2026-11-29-NVIDIA-H200-reductions.md.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "../unroll/timing.h"
struct params { double c0, c1; float f0, f1; };
int main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1024, steps = argc > 2 ? atoi (argv[2]) : 10;
  int e = n + 2;
  struct params p = { 0.5, 0.125, 0.4f, 0.1f };
  (void) p;
  double t0 = 0, t1 = 0, sum = 0;
#if defined LIFE
  typedef uint8_t T;
  T (*a)[e] = malloc (sizeof (T) * e * e), (*b)[e] = malloc (sizeof (T) * e * e);
  for (long i = 0; i < (long) e * e; i++) { (&a[0][0])[i] = (i * 2654435761u >> 7) % 3 == 0; (&b[0][0])[i] = 0; }
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            {
              int s = a[y-1][x-1] + a[y-1][x] + a[y-1][x+1] + a[y][x-1] + a[y][x+1] + a[y+1][x-1] + a[y+1][x] + a[y+1][x+1];
              b[y][x] = (s == 3) | ((s == 2) & a[y][x]);
            }
#pragma mint single
        { T (*q)[e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < (long) e * e; i++) sum += (&a[0][0])[i];
  double bytes = 2.0 * n * (double) n;
#elif defined VC2F || defined UPWIND || defined JACRES || defined JACSUM || defined JACNORED
# ifdef VC2F
  typedef float T;
# else
  typedef double T;
# endif
  T (*a)[e] = malloc (sizeof (T) * e * e), (*b)[e] = malloc (sizeof (T) * e * e), (*k)[e] = malloc (sizeof (T) * e * e);
  for (long i = 0; i < (long) e * e; i++) { (&a[0][0])[i] = (&b[0][0])[i] = (T) ((i * 7 + 3) % 101) / 101; (&k[0][0])[i] = (T) ((i * 13 + 5) % 97) / 97 - 0.5; }
  double res = 0;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint copy(k, toDevice, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
# if defined VC2F
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            b[y][x] = a[y][x] + p.f1 * (k[y][x] * (a[y][x-1] + a[y][x+1] - 2 * a[y][x]) + k[y-1][x] * (a[y-1][x] - a[y][x]) + k[y][x] * (a[y+1][x] - a[y][x]));
# elif defined UPWIND
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            b[y][x] = a[y][x] - p.c1 * (fmax (k[y][x], 0.0) * (a[y][x] - a[y][x-1]) + fmin (k[y][x], 0.0) * (a[y][x+1] - a[y][x])
                                        + fmax (k[y][x], 0.0) * (a[y][x] - a[y-1][x]) + fmin (k[y][x], 0.0) * (a[y+1][x] - a[y][x]));
# else
        res = 0;
#  if defined JACSUM
#pragma mint for nest(all) reduction(+:res)
#  elif defined JACNORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(max:res)
#  endif
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            {
              T v = 0.25 * (a[y][x-1] + a[y][x+1] + a[y-1][x] + a[y+1][x]) + k[y][x];
#  if defined JACSUM
              res += (v - a[y][x]) * (v - a[y][x]);
#  elif !defined JACNORED
              res = fmax (res, fabs (v - a[y][x]));
#  endif
              b[y][x] = v;
            }
# endif
#pragma mint single
        { T (*q)[e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < (long) e * e; i++) sum += (&a[0][0])[i];
  sum += res;
  double bytes = 3.0 * sizeof (T) * n * (double) n;
#elif defined HEAT3F
  typedef float T;
  T (*a)[e][e] = malloc (sizeof (T) * e * e * e), (*b)[e][e] = malloc (sizeof (T) * e * e * e);
  for (long i = 0; i < (long) e * e * e; i++) (&a[0][0][0])[i] = (&b[0][0][0])[i] = (T) ((i * 7 + 3) % 101) / 101;
  struct params *pp = &p;
#pragma mint copy(a, toDevice, e, e, e)
#pragma mint copy(b, toDevice, e, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              b[z][y][x] = pp->f0 * a[z][y][x] + pp->f1 * (a[z][y][x-1] + a[z][y][x+1] + a[z][y-1][x] + a[z][y+1][x] + a[z-1][y][x] + a[z+1][y][x]);
#pragma mint single
        { T (*q)[e][e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < (long) e * e * e; i++) sum += (&a[0][0][0])[i];
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
#elif defined RED3 || defined RED1
  typedef double T;
# ifdef RED3
  long cells = (long) e * e * e;
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
# else
  long cells = e;
  double bytes = 2.0 * sizeof (T) * n;
# endif
  T *a = malloc (sizeof (T) * cells), *b = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++) a[i] = b[i] = (T) ((i * 7 + 3) % 101) / 101;
  double res = 0;
  long cnt = 0;
# ifdef RED3
  T (*a3)[e][e] = (T (*)[e][e]) a, (*b3)[e][e] = (T (*)[e][e]) b;
#pragma mint copy(a3, toDevice, e, e, e)
#pragma mint copy(b3, toDevice, e, e, e)
# else
#pragma mint copy(a, toDevice, e)
#pragma mint copy(b, toDevice, e)
# endif
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
        res = 0;
# ifdef RED3
#  ifdef NORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(+:res)
#  endif
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              {
                T v = (a3[z][y][x-1] + a3[z][y][x+1] + a3[z][y-1][x] + a3[z][y+1][x] + a3[z-1][y][x] + a3[z+1][y][x]) / 6;
#  ifndef NORED
                res += (v - a3[z][y][x]) * (v - a3[z][y][x]);
#  endif
                b3[z][y][x] = v;
              }
#pragma mint single
        { T (*q)[e][e] = a3; a3 = b3; b3 = q; }
# else
#  ifdef NORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(max:res) reduction(+:cnt)
#  endif
        for (int x = 1; x <= n; x++)
          {
            T v = 0.25 * a[x-1] + 0.5 * a[x] + 0.25 * a[x+1];
#  ifndef NORED
            res = fmax (res, fabs (v - a[x]));
            cnt += v > 0.5;
#  endif
            b[x] = v;
          }
#pragma mint single
        { T *q = a; a = b; b = q; }
# endif
      }
#pragma mint barrier
    t1 = wall ();
  }
# ifdef RED3
#pragma mint copy(a3, fromDevice, e, e, e)
  a = &a3[0][0][0];
# else
#pragma mint copy(a, fromDevice, e)
# endif
  for (long i = 0; i < cells; i++) sum += a[i];
  sum += res + cnt;
#elif defined LBM
  /* D2Q9, pull scheme, nine float planes a lattice, a byte mask of
     obstacles (bounce-back), BGK relaxation.  */
  typedef float T;
  long cells = (long) e * e;
  T (*f[18])[e];
  for (int i = 0; i < 18; i++)
    {
      f[i] = malloc (sizeof (T) * cells);
      for (long c = 0; c < cells; c++)
        (&f[i][0][0])[c] = (T) (1 + 0.01 * ((c * 7 + i) % 13)) / 9;
    }
  uint8_t (*solid)[e] = malloc ((size_t) cells);
  for (long c = 0; c < cells; c++)
    (&solid[0][0])[c] = (c * 2654435761u >> 9) % 97 == 0;
  T (*a0)[e] = f[0], (*a1)[e] = f[1], (*a2)[e] = f[2], (*a3)[e] = f[3], (*a4)[e] = f[4],
    (*a5)[e] = f[5], (*a6)[e] = f[6], (*a7)[e] = f[7], (*a8)[e] = f[8];
  T (*b0)[e] = f[9], (*b1)[e] = f[10], (*b2)[e] = f[11], (*b3)[e] = f[12], (*b4)[e] = f[13],
    (*b5)[e] = f[14], (*b6)[e] = f[15], (*b7)[e] = f[16], (*b8)[e] = f[17];
  const T omega = 1.7f;
#pragma mint copy(a0, toDevice, e, e)
#pragma mint copy(a1, toDevice, e, e)
#pragma mint copy(a2, toDevice, e, e)
#pragma mint copy(a3, toDevice, e, e)
#pragma mint copy(a4, toDevice, e, e)
#pragma mint copy(a5, toDevice, e, e)
#pragma mint copy(a6, toDevice, e, e)
#pragma mint copy(a7, toDevice, e, e)
#pragma mint copy(a8, toDevice, e, e)
#pragma mint copy(b0, toDevice, e, e)
#pragma mint copy(b1, toDevice, e, e)
#pragma mint copy(b2, toDevice, e, e)
#pragma mint copy(b3, toDevice, e, e)
#pragma mint copy(b4, toDevice, e, e)
#pragma mint copy(b5, toDevice, e, e)
#pragma mint copy(b6, toDevice, e, e)
#pragma mint copy(b7, toDevice, e, e)
#pragma mint copy(b8, toDevice, e, e)
#pragma mint copy(solid, toDevice, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            {
              T g0 = a0[y][x], g1 = a1[y][x - 1], g2 = a2[y - 1][x], g3 = a3[y][x + 1];
              T g4 = a4[y + 1][x], g5 = a5[y - 1][x - 1], g6 = a6[y - 1][x + 1];
              T g7 = a7[y + 1][x + 1], g8 = a8[y + 1][x - 1];
              T rho = g0 + g1 + g2 + g3 + g4 + g5 + g6 + g7 + g8;
              T ux = (g1 - g3 + g5 - g6 - g7 + g8) / rho;
              T uy = (g2 - g4 + g5 + g6 - g7 - g8) / rho;
              T usq = 1.5f * (ux * ux + uy * uy);
              T keep = solid[y][x] ? 0.f : 1.f, w = omega * keep;
#define FEQ(wt, cu) ((wt) * rho * (1 + 3 * (cu) + 4.5f * (cu) * (cu) - usq))
              b0[y][x] = g0 + w * (FEQ (4.f / 9, 0) - g0);
              b1[y][x] = keep * (g1 + w * (FEQ (1.f / 9, ux) - g1)) + (1 - keep) * g3;
              b2[y][x] = keep * (g2 + w * (FEQ (1.f / 9, uy) - g2)) + (1 - keep) * g4;
              b3[y][x] = keep * (g3 + w * (FEQ (1.f / 9, -ux) - g3)) + (1 - keep) * g1;
              b4[y][x] = keep * (g4 + w * (FEQ (1.f / 9, -uy) - g4)) + (1 - keep) * g2;
              b5[y][x] = keep * (g5 + w * (FEQ (1.f / 36, ux + uy) - g5)) + (1 - keep) * g7;
              b6[y][x] = keep * (g6 + w * (FEQ (1.f / 36, -ux + uy) - g6)) + (1 - keep) * g8;
              b7[y][x] = keep * (g7 + w * (FEQ (1.f / 36, -ux - uy) - g7)) + (1 - keep) * g5;
              b8[y][x] = keep * (g8 + w * (FEQ (1.f / 36, ux - uy) - g8)) + (1 - keep) * g6;
#undef FEQ
            }
#pragma mint single
        {
          T (*q)[e];
          q = a0; a0 = b0; b0 = q; q = a1; a1 = b1; b1 = q; q = a2; a2 = b2; b2 = q;
          q = a3; a3 = b3; b3 = q; q = a4; a4 = b4; b4 = q; q = a5; a5 = b5; b5 = q;
          q = a6; a6 = b6; b6 = q; q = a7; a7 = b7; b7 = q; q = a8; a8 = b8; b8 = q;
        }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a0, fromDevice, e, e)
#pragma mint copy(a1, fromDevice, e, e)
#pragma mint copy(a2, fromDevice, e, e)
#pragma mint copy(a3, fromDevice, e, e)
#pragma mint copy(a4, fromDevice, e, e)
#pragma mint copy(a5, fromDevice, e, e)
#pragma mint copy(a6, fromDevice, e, e)
#pragma mint copy(a7, fromDevice, e, e)
#pragma mint copy(a8, fromDevice, e, e)
#pragma mint copy(b0, fromDevice, e, e)
#pragma mint copy(b1, fromDevice, e, e)
#pragma mint copy(b2, fromDevice, e, e)
#pragma mint copy(b3, fromDevice, e, e)
#pragma mint copy(b4, fromDevice, e, e)
#pragma mint copy(b5, fromDevice, e, e)
#pragma mint copy(b6, fromDevice, e, e)
#pragma mint copy(b7, fromDevice, e, e)
#pragma mint copy(b8, fromDevice, e, e)
  T (*last[9])[e] = { a0, a1, a2, a3, a4, a5, a6, a7, a8 };
  for (int i = 0; i < 9; i++)
    for (long c = 0; c < cells; c++)
      sum += (&last[i][0][0])[c] * (i + 1);
  double bytes = (18.0 * sizeof (T) + 1) * n * (double) n;
#elif defined VARK3
  /* double 3-D diffusion with a conductivity per face direction.  */
  typedef double T;
  long cells = (long) e * e * e;
  T (*u)[e][e] = malloc (sizeof (T) * cells), (*v)[e][e] = malloc (sizeof (T) * cells);
  T (*kx)[e][e] = malloc (sizeof (T) * cells), (*ky)[e][e] = malloc (sizeof (T) * cells);
  T (*kz)[e][e] = malloc (sizeof (T) * cells);
  for (long c = 0; c < cells; c++)
    {
      (&u[0][0][0])[c] = (&v[0][0][0])[c] = (T) ((c * 7 + 3) % 101) / 101;
      (&kx[0][0][0])[c] = 0.5 + (T) ((c * 13) % 17) / 34;
      (&ky[0][0][0])[c] = 0.5 + (T) ((c * 11) % 19) / 38;
      (&kz[0][0][0])[c] = 0.5 + (T) ((c * 5) % 23) / 46;
    }
#pragma mint copy(u, toDevice, e, e, e)
#pragma mint copy(v, toDevice, e, e, e)
#pragma mint copy(kx, toDevice, e, e, e)
#pragma mint copy(ky, toDevice, e, e, e)
#pragma mint copy(kz, toDevice, e, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              v[z][y][x] = u[z][y][x] + 0.05 * (kx[z][y][x + 1] * (u[z][y][x + 1] - u[z][y][x])
                                                 - kx[z][y][x] * (u[z][y][x] - u[z][y][x - 1])
                                                 + ky[z][y + 1][x] * (u[z][y + 1][x] - u[z][y][x])
                                                 - ky[z][y][x] * (u[z][y][x] - u[z][y - 1][x])
                                                 + kz[z + 1][y][x] * (u[z + 1][y][x] - u[z][y][x])
                                                 - kz[z][y][x] * (u[z][y][x] - u[z - 1][y][x]));
#pragma mint single
        { T (*q)[e][e] = u; u = v; v = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(u, fromDevice, e, e, e)
#pragma mint copy(v, fromDevice, e, e, e)
  for (long c = 0; c < cells; c++) sum += (&u[0][0][0])[c];
  double bytes = 5.0 * sizeof (T) * n * (double) n * n;
#endif
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms, bytes, bytes / ms / 1e6, sum);
  return 0;
}
