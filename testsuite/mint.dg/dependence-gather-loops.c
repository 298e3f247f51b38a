/* A lattice-Boltzmann collision: a loop of the body gathers the point's
   populations from a read-only array into a private array, a branch
   stores a column of the written array in another loop, and the other
   branch sums the private array in a third and stores in a fourth.  The
   counters of the loops over arrays that are only read take no part in
   the comparison, so the four loops do not exceed what the analysis
   holds: no warning; a store one cell over keeps it.  */
/* { dg-do compile } */

#define N 64
#define Q 9

void
collide (double *f, const double *g)
{
#pragma mint copy(f, toDevice, Q * N * N + 1)
#pragma mint copy(g, toDevice, Q * N * N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        {
          double fl[Q], rho;
          for (int q = 0; q < Q; q++)
            fl[q] = g[(q * N + j) * N + i];
          if (g[j * N + i] > 0.5)
            for (int q = 0; q < Q; q++)
              f[(q * N + j) * N + i] = 1.0; /* { dg-bogus "cannot prove" } */
          else
            {
              rho = 0.0;
              for (int q = 0; q < Q; q++)
                rho += fl[q];
              for (int q = 0; q < Q; q++)
                f[(q * N + j) * N + i] = rho;
            }
        }
#pragma mint for nest(all)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        {
          double fl[Q], rho;
          for (int q = 0; q < Q; q++)
            fl[q] = g[(q * N + j) * N + i];
          if (g[j * N + i] > 0.5)
            for (int q = 0; q < Q; q++)
              f[(q * N + j) * N + i] = 1.0; /* { dg-warning "cannot prove that .f.4096.q . i . 64.j.. does not write an element that another point" } */
          else
            {
              rho = 0.0;
              for (int q = 0; q < Q; q++)
                rho += fl[q];
              for (int q = 0; q < Q; q++)
                f[(q * N + j) * N + i + 1] = rho;
            }
        }
  }
#pragma mint copy(f, fromDevice, Q * N * N + 1)
}
