/* event-gap.cu -- does an event recorded after every launch (libmintrt's
   pending queue: cuEventRecord with CU_EVENT_DISABLE_TIMING behind each
   kernel launched with nowait) slow a stream of back-to-back kernels?
   Times STEPS launches of a one-column heat7 step at 512^3 with CUDA
   events around the whole block, without and with an event behind each
   launch, alternating, REPS times each; prints ms per step.

   Usage: event-gap [STEPS [REPS]]   (defaults 100, 5)  */

#include <vector>

#include "../cuda-check.h"

enum { N = 512, W = 8 };
static const long SY = N + 2 + 14, SZ = SY * (N + 2);

__global__ void
step (const double *__restrict__ u, double *__restrict__ v)
{
  heat7_column<W> (N, SY, SZ, u, v);
}

int
main (int argc, char **argv)
{
  int steps = argc > 1 ? atoi (argv[1]) : 100;
  int reps = argc > 2 ? atoi (argv[2]) : 5;
  size_t bytes = (size_t) SZ * (N + 2) * sizeof (double);
  double *d[2];
  for (int s = 0; s < 2; s++)
    {
      CHECK (cudaMalloc (&d[s], bytes));
      CHECK (cudaMemset (d[s], 0, bytes));
    }
  std::vector<cudaEvent_t> behind (steps);
  for (cudaEvent_t &e : behind)
    CHECK (cudaEventCreateWithFlags (&e, cudaEventDisableTiming));
  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
  dim3 block (32, 8), grid (N / 32, N / 8, (N + W - 1) / W);
  for (int rep = 0; rep < 2 * reps + 1; rep++)
    {
      bool events = rep % 2 == 0;
      CHECK (cudaEventRecord (e0));
      for (int t = 0; t < steps; t++)
        {
          step<<<grid, block>>> (d[t % 2], d[1 - t % 2]);
          if (events)
            CHECK (cudaEventRecord (behind[t]));
        }
      CHECK (cudaEventRecord (e1));
      CHECK (cudaEventSynchronize (e1));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, e0, e1));
      if (rep > 0)              /* the first is the warm-up */
        printf ("%s %.4f ms/step\n", events ? "event behind each launch"
                                            : "no events              ",
                ms / steps);
    }
  return 0;
}
