/* heat.h -- the solver of the build-system example (README).  */

#ifndef HEAT_H
#define HEAT_H

/* STEPS explicit Euler steps of the heat equation u_t = laplace(u) on the
   interior of an (N+2) x (N+2) grid whose boundary stays fixed, with
   C = dt / dx^2 (stable up to 0.25).  U and UNEW start as the same grid;
   on return U holds the last step.  */
void heat_steps (int n, int steps, double c, double (*u)[n + 2],
                 double (*unew)[n + 2]);

#endif /* HEAT_H */
