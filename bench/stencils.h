/* stencils.h -- the six benchmark stencils, written once for every variant.

   Build a variant for one kernel with -DBENCH_KERNEL=BENCH_<NAME>.  The
   update of one point is the expression ST_EXPR, written in terms of three
   accessor macros that the including file defines for its data layout:

     U(dz,dy,dx)   the solution at time n, offset from the point
     B(dz,dy,dx)   the right-hand side / source term (offset 0 only)
     K(dz,dy,dx)   the conductivity (variable-coefficient kernel only)

   Offsets are integer literals, so every variant folds them away.  The
   kernels are the Mint paper's Table 1 plus a 27-point box stencil.  2D
   kernels use dz = 0 only; their grids have nz = 1 and no z halo.

   ST_FLOPS counts the floating-point operations of ST_EXPR as written;
   ST_NREAD is the number of arrays read, so the compulsory traffic per
   point is 8 * (ST_NREAD + 1) bytes (each array read once, the result
   written once).  */

#ifndef BENCH_STENCILS_H
#define BENCH_STENCILS_H

#define BENCH_HEAT2D 1
#define BENCH_HEAT7 2
#define BENCH_POISSON7 3
#define BENCH_VARCOEF7 4
#define BENCH_POISSON19 5
#define BENCH_BOX27 6

#ifndef BENCH_KERNEL
#error "define BENCH_KERNEL, e.g. -DBENCH_KERNEL=BENCH_HEAT7"
#endif

/* Sums over the neighbour shells of U.  */
#define ST_FACES_XY (U(0,0,-1) + U(0,0,1) + U(0,-1,0) + U(0,1,0))
#define ST_FACES (ST_FACES_XY + U(-1,0,0) + U(1,0,0))
#define ST_EDGES (U(0,-1,-1) + U(0,-1,1) + U(0,1,-1) + U(0,1,1)          \
                  + U(-1,0,-1) + U(-1,0,1) + U(1,0,-1) + U(1,0,1)         \
                  + U(-1,-1,0) + U(-1,1,0) + U(1,-1,0) + U(1,1,0))
#define ST_CORNERS (U(-1,-1,-1) + U(-1,-1,1) + U(-1,1,-1) + U(-1,1,1)     \
                    + U(1,-1,-1) + U(1,-1,1) + U(1,1,-1) + U(1,1,1))

/* Flux of the variable-coefficient heat kernel towards one neighbour:
   kappa at the half point (the mean of the two cells, its 1/2 folded into
   the coefficient) times the difference of U.  */
#define ST_FLUX(dz,dy,dx) \
  ((K(0,0,0) + K(dz,dy,dx)) * (U(dz,dy,dx) - U(0,0,0)))

#if BENCH_KERNEL == BENCH_HEAT2D
# define ST_NAME "heat2d"
# define ST_DIMS 2
# define ST_NREAD 1
# define ST_FLOPS 6
# define ST_EXPR (0.6 * U(0,0,0) + 0.1 * ST_FACES_XY)
#elif BENCH_KERNEL == BENCH_HEAT7
# define ST_NAME "heat7"
# define ST_DIMS 3
# define ST_NREAD 1
# define ST_FLOPS 8
# define ST_EXPR (0.4 * U(0,0,0) + 0.1 * ST_FACES)
#elif BENCH_KERNEL == BENCH_POISSON7
# define ST_NAME "poisson7"
# define ST_DIMS 3
# define ST_NREAD 2
# define ST_FLOPS 8
# define ST_EXPR (-0.01 * B(0,0,0) + (1.0 / 6.0) * ST_FACES)
#elif BENCH_KERNEL == BENCH_VARCOEF7
# define ST_NAME "varcoef7"
# define ST_DIMS 3
# define ST_NREAD 3
# define ST_FLOPS 26
# define ST_EXPR (U(0,0,0) + B(0,0,0)                                     \
                  + 0.02 * (ST_FLUX(0,0,1) + ST_FLUX(0,0,-1)              \
                            + ST_FLUX(0,1,0) + ST_FLUX(0,-1,0)            \
                            + ST_FLUX(1,0,0) + ST_FLUX(-1,0,0)))
#elif BENCH_KERNEL == BENCH_POISSON19
# define ST_NAME "poisson19"
# define ST_DIMS 3
# define ST_NREAD 2
# define ST_FLOPS 20
# define ST_EXPR ((1.0 / 24.0) * (B(0,0,0) + 2.0 * ST_FACES + ST_EDGES))
#elif BENCH_KERNEL == BENCH_BOX27
# define ST_NAME "box27"
# define ST_DIMS 3
# define ST_NREAD 1
# define ST_FLOPS 30
# define ST_EXPR (0.3 * U(0,0,0) + 0.05 * ST_FACES + 0.025 * ST_EDGES     \
                  + 0.0125 * ST_CORNERS)
#else
# error "unknown BENCH_KERNEL"
#endif

#define ST_USES_B (ST_NREAD >= 2)
#define ST_USES_K (ST_NREAD >= 3)

#endif /* BENCH_STENCILS_H */
