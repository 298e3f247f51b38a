/* A lattice of phase oscillators (helper A's kuramoto_lattice of round
   82): periodic neighbours through %, four sinf a point, 20 steps of L^2
   points.  Level 3 unrolled its walk of 4 columns 4 times, 64 calls of
   sinf in a round (optimizer-notes.md, round 82).
     gcc -O2 -fplugin=mint.so -fplugin-arg-mint-opt=3 -DL=4096 lattice-sinf.c
   with MINT_PROFILE=1 for the kernel's time.  */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#ifndef L
#define L 96
#endif
int main(void)
{
  float (*th)[L] = malloc(L * sizeof *th), (*tp)[L] = malloc(L * sizeof *tp);
  for (int j = 0; j < L; j++)
    for (int i = 0; i < L; i++) th[j][i] = 0.001f * (j * L + i);
  const float K = 1.2f, dt = 0.05f;
#pragma mint copy(th, toDevice, L, L)
#pragma mint copy(tp, toDevice, L, L)
#pragma mint parallel
  {
  for (int t = 0; t < 20; t++) {
#pragma mint for nest(all) tile(32, 8)
    for (int j = 0; j < L; j++)
      for (int i = 0; i < L; i++) {
        float t0 = th[j][i];
        tp[j][i] = t0 + dt * K * (sinf(th[j][(i + 1) % L] - t0) + sinf(th[j][(i + L - 1) % L] - t0)
                                + sinf(th[(j + 1) % L][i] - t0) + sinf(th[(j + L - 1) % L][i] - t0));
      }
    float (*tmp)[L] = th; th = tp; tp = tmp;
  }
  }
#pragma mint copy(th, fromDevice, L, L)
  printf("%.8g %.8g\n", th[3][4], th[L - 1][0]);
  free(th); free(tp);
  return 0;
}
