/* A 3-D box of radius 2 (125 points) whose weights follow the sign of
   the local velocity, STEPS steps of an N^3 grid: its weights are read
   only under a condition (optimizer-notes.md, round 82).
     gcc -O2 -fplugin=mint.so -fplugin-arg-mint-opt=3 -DN=192 -DSTEPS=10 box125-upwind.c
   with MINT_VERBOSE=1 for the tuned kernel's time.  */
#include <stdio.h>
#include <stdlib.h>
#ifndef N
#define N 64
#endif
#define R 2
#ifndef STEPS
#define STEPS 4
#endif
static double u[N][N][N], v[N][N][N], vel[N][N][N];
int main (void)
{
  double wp[5] = {0.01, 0.05, 0.5, 0.2, 0.04}, wm[5] = {0.04, 0.2, 0.5, 0.05, 0.01};
  for (int k = 0; k < N; k++) for (int j = 0; j < N; j++) for (int i = 0; i < N; i++) {
    u[k][j][i] = ((i * 7 + j * 3 + k) % 17) * 0.1; v[k][j][i] = u[k][j][i];
    vel[k][j][i] = ((i + 2 * j + 3 * k) % 5) - 2.0; }
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(vel, toDevice, N, N, N)
#pragma mint copy(wp, toDevice, 5)
#pragma mint copy(wm, toDevice, 5)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++) {
#pragma mint for nest(all)
      for (int k = R; k < N - R; k++)
        for (int j = R; j < N - R; j++)
          for (int i = R; i < N - R; i++) {
            double s = 0;
            for (int c = -R; c <= R; c++)
              for (int b = -R; b <= R; b++)
                for (int a = -R; a <= R; a++) {
                  double w = vel[k][j][i] > 0 ? wp[a + R] * wp[b + R] * wp[c + R]
                                              : wm[a + R] * wm[b + R] * wm[c + R];
                  s += w * u[k + c][j + b][i + a];
                }
            v[k][j][i] = s;
          }
#pragma mint for nest(all)
      for (int k = R; k < N - R; k++)
        for (int j = R; j < N - R; j++)
          for (int i = R; i < N - R; i++)
            u[k][j][i] = v[k][j][i];
    }
  }
#pragma mint copy(u, fromDevice, N, N, N)
  double s = 0;
  for (int k = 0; k < N; k++) for (int j = 0; j < N; j++) for (int i = 0; i < N; i++) s += u[k][j][i] * ((i + j + k) % 7 + 1);
  printf ("%.12g\n", s);
  return 0;
}
