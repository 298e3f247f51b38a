/* pdl-event-wait.cu -- when does an event recorded between two kernels
   complete if the second is launched with programmatic dependent launch?
   libmintrt records one behind a kernel where a different kernel
   follows, and an update waits for it (the MPI halo exchange waits for
   the boundary kernels while the interior one runs).  A: a heat7 step on
   128^3 (short); event E; B: a heat7 step on 512^3 (long), launched
   plainly or with programmatic stream serialization (B waits in
   griddepcontrol.wait).  Prints the median host time from A's launch to
   E's completion and to the stream's, over REPS turns of each.

   Usage: pdl-event-wait [REPS]   (default 21)  */

#include <algorithm>
#include <chrono>
#include <vector>

#include "../cuda-check.h"

enum { W = 8 };

template <bool WAIT>
__global__ void
step (int n, long sy, long sz, const double *__restrict__ u,
      double *__restrict__ v)
{
  if (WAIT)
    asm volatile ("griddepcontrol.wait;" ::: "memory");
  heat7_column<W> (n, sy, sz, u, v);
}

struct grid3
{
  int n;
  long sy, sz;
  double *u, *v;
};

static grid3
make_grid (int n)
{
  grid3 g = { n, n + 2 + 14, 0, NULL, NULL };
  g.sz = g.sy * (n + 2);
  size_t bytes = (size_t) g.sz * (n + 2) * sizeof (double);
  CHECK (cudaMalloc (&g.u, bytes));
  CHECK (cudaMalloc (&g.v, bytes));
  CHECK (cudaMemset (g.u, 0, bytes));
  return g;
}

static void
launch (const grid3 &g, bool pdl)
{
  cudaLaunchConfig_t c = {};
  c.gridDim = dim3 ((g.n + 31) / 32, (g.n + 7) / 8, (g.n + W - 1) / W);
  c.blockDim = dim3 (32, 8);
  cudaLaunchAttribute a;
  a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  a.val.programmaticStreamSerializationAllowed = 1;
  c.attrs = &a;
  c.numAttrs = pdl;
  CHECK (cudaLaunchKernelEx (&c, step<true>, g.n, g.sy, g.sz,
                             (const double *) g.u, g.v));
}

int
main (int argc, char **argv)
{
  int reps = argc > 1 ? atoi (argv[1]) : 21;
  grid3 a = make_grid (128), b = make_grid (512);
  cudaEvent_t e;
  CHECK (cudaEventCreateWithFlags (&e, cudaEventDisableTiming));
  std::vector<double> to_event[2], to_end[2];
  for (int r = 0; r < reps + 1; r++)
    for (int pdl = 0; pdl < 2; pdl++)
      {
        CHECK (cudaDeviceSynchronize ());
        auto t0 = std::chrono::steady_clock::now ();
        launch (a, false);
        CHECK (cudaEventRecord (e));
        launch (b, pdl);
        CHECK (cudaEventSynchronize (e));
        auto t1 = std::chrono::steady_clock::now ();
        CHECK (cudaDeviceSynchronize ());
        auto t2 = std::chrono::steady_clock::now ();
        if (r == 0)
          continue;
        to_event[pdl].push_back (
          std::chrono::duration<double, std::milli> (t1 - t0).count ());
        to_end[pdl].push_back (
          std::chrono::duration<double, std::milli> (t2 - t0).count ());
      }
  for (int pdl = 0; pdl < 2; pdl++)
    {
      std::sort (to_event[pdl].begin (), to_event[pdl].end ());
      std::sort (to_end[pdl].begin (), to_end[pdl].end ());
      printf ("B %s: A's event after %.4f ms, the stream after %.4f ms "
              "(medians of %d)\n", pdl ? "with PDL" : "plain   ",
              to_event[pdl][reps / 2], to_end[pdl][reps / 2], reps);
    }
  return 0;
}
