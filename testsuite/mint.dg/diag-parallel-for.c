/* OpenMP's habit `#pragma mint parallel for' (helper H2 of round 85): mint
   has no combined directive.  Outside a region it is an unknown clause of
   `parallel', with a note that says how a region and its nests are
   marked; inside one it is a nested region, whose note says that a nest
   takes `#pragma mint for'.  */
/* { dg-do compile } */

#define N 16
double u[N][N], w[N][N];

void
outside (void)
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint parallel for /* { dg-error "unknown clause .for. for .#pragma mint parallel." } */
  /* { dg-message "mint has no combined .parallel for.: .#pragma mint parallel. opens a region" "" { target *-*-* } 15 } */
  /* { dg-error "must be followed by a compound statement" "" { target *-*-* } 15 } */
  for (int y = 1; y < N - 1; y++)
    for (int x = 1; x < N - 1; x++)
      w[y][x] = u[y - 1][x];
}

void
inside (void)
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(w, toDevice, N, N)
#pragma mint parallel /* { dg-message "the enclosing region begins here; a nest inside it takes .#pragma mint for." } */
  {
#pragma mint parallel for /* { dg-error "nested .#pragma mint parallel." } */
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        w[y][x] = u[y - 1][x];
  }
#pragma mint copy(w, fromDevice, N, N)
}

/* A clause that is no `for' keeps the list of clauses.  */
void
other (void)
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint parallel nowait /* { dg-error "unknown clause .nowait." } */
  /* { dg-message "the only clause of .parallel. is .default\\(shared\\)." "" { target *-*-* } 43 } */
  {
  }
}
