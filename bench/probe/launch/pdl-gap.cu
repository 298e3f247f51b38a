/* pdl-gap.cu -- does programmatic dependent launch (sm_90: the launch
   attribute programmaticStreamSerialization, the kernel waiting with
   griddepcontrol.wait before its first load) shorten a stream of
   back-to-back dependent steps?  Times STEPS launches of a one-column
   heat7 step on an N^3 grid with a host clock around the whole block
   ended by one synchronize, in turns: plain launches, PDL with the wait
   only, PDL with the wait and an early trigger (launch_dependents), PDL
   with the wait and an event recorded behind each launch (as libmintrt
   does where a different kernel follows); REPS turns; prints the median
   ms per step of each and checks that all give the same bits.

   Usage: pdl-gap N [STEPS [REPS]]   (defaults 512, 100, 7)  */

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "../cuda-check.h"

enum { W = 8 };

template <int MODE>             /* 0 plain, 1 wait, 2 wait + trigger */
__global__ void
step (int n, long sy, long sz, const double *__restrict__ u,
      double *__restrict__ v)
{
  if (MODE)
    asm volatile ("griddepcontrol.wait;" ::: "memory");
  if (MODE == 2)
    asm volatile ("griddepcontrol.launch_dependents;");
  heat7_column<W> (n, sy, sz, u, v);
}

static void
launch (int mode, int n, long sy, long sz, const double *u, double *v,
        cudaEvent_t behind)
{
  dim3 block (32, 8), grid ((n + 31) / 32, (n + 7) / 8, (n + W - 1) / W);
  if (mode == 0)
    {
      step<0><<<grid, block>>> (n, sy, sz, u, v);
      return;
    }
  cudaLaunchConfig_t c = {};
  c.gridDim = grid;
  c.blockDim = block;
  cudaLaunchAttribute a;
  a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  a.val.programmaticStreamSerializationAllowed = 1;
  c.attrs = &a;
  c.numAttrs = 1;
  if (mode == 2)
    CHECK (cudaLaunchKernelEx (&c, step<2>, n, sy, sz, u, v));
  else
    CHECK (cudaLaunchKernelEx (&c, step<1>, n, sy, sz, u, v));
  if (mode == 3)
    CHECK (cudaEventRecord (behind));
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = argc > 2 ? atoi (argv[2]) : 100;
  int reps = argc > 3 ? atoi (argv[3]) : 7;
  long sy = n + 2 + 14, sz = sy * (n + 2);
  size_t total = (size_t) sz * (n + 2), bytes = total * sizeof (double);
  std::vector<double> init (total), want (total), got (total);
  for (size_t i = 0; i < total; i++)
    init[i] = (double) (i * 2654435761u % 1000) / 1000;
  double *d[2];
  for (int s = 0; s < 2; s++)
    CHECK (cudaMalloc (&d[s], bytes));
  const char *names[] = { "plain", "pdl-wait", "pdl-trigger", "pdl-event" };
  enum { MODES = 4 };
  std::vector<double> ms[MODES];
  cudaEvent_t behind;
  CHECK (cudaEventCreateWithFlags (&behind, cudaEventDisableTiming));
  for (int rep = 0; rep < reps + 1; rep++)
    for (int mode = 0; mode < MODES; mode++)
      {
        for (int s = 0; s < 2; s++)
          CHECK (cudaMemcpy (d[s], init.data (), bytes,
                             cudaMemcpyHostToDevice));
        CHECK (cudaDeviceSynchronize ());
        auto t0 = std::chrono::steady_clock::now ();
        for (int t = 0; t < steps; t++)
          launch (mode, n, sy, sz, d[t % 2], d[1 - t % 2], behind);
        CHECK (cudaDeviceSynchronize ());
        auto t1 = std::chrono::steady_clock::now ();
        if (rep == 0)           /* the warm-up, and the bits */
          {
            CHECK (cudaMemcpy (mode ? got.data () : want.data (),
                               d[steps % 2], bytes, cudaMemcpyDeviceToHost));
            if (mode && memcmp (got.data (), want.data (), bytes))
              printf ("%s: different bits\n", names[mode]);
            continue;
          }
        ms[mode].push_back (
          std::chrono::duration<double, std::milli> (t1 - t0).count ()
          / steps);
      }
  for (int mode = 0; mode < MODES; mode++)
    {
      std::sort (ms[mode].begin (), ms[mode].end ());
      printf ("N %d %-12s median %.5f ms/step  fastest %.5f  ratio %.4f\n", n,
              names[mode], ms[mode][reps / 2], ms[mode][0],
              ms[0][reps / 2] / ms[mode][reps / 2]);
    }
  return 0;
}
