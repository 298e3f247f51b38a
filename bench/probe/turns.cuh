/* turns.cuh -- what the same-buffers probes (schedule/, poisson19/)
   share: each of N kernels once into OUT (BYTES, zeroed before), its
   result compared bit for bit with the first kernel's; then ROUNDS
   rounds of LAUNCHES launches of every kernel in turn, timed with CUDA
   events.  Prints per kernel its median and fastest launch in us, the
   first kernel's median over its own, and whether it had the first's
   bits.  LAUNCH (K) launches kernel K once into OUT; NAME (K) names it.
   Needs CHECK (cuda-check.h).  */

#ifndef PROBE_TURNS_CUH
#define PROBE_TURNS_CUH

#include <algorithm>
#include <string.h>
#include <vector>

template <typename Launch, typename Name>
static void
time_in_turns (int n, int rounds, int launches, double *out, size_t bytes,
               Launch launch, Name name)
{
  std::vector<double> want (bytes / sizeof (double)), got (want.size ());
  std::vector<bool> same (n);
  for (int k = 0; k < n; k++)
    {
      CHECK (cudaMemset (out, 0, bytes));
      launch (k);
      CHECK (cudaGetLastError ());
      CHECK (cudaMemcpy (k ? got.data () : want.data (), out, bytes,
                         cudaMemcpyDeviceToHost));
      same[k] = k == 0 || memcmp (got.data (), want.data (), bytes) == 0;
    }
  std::vector<std::vector<double>> us (n);
  cudaEvent_t start, stop;
  CHECK (cudaEventCreate (&start));
  CHECK (cudaEventCreate (&stop));
  for (int r = 0; r < rounds; r++)
    for (int k = 0; k < n; k++)
      {
        launch (k);
        CHECK (cudaEventRecord (start));
        for (int i = 0; i < launches; i++)
          launch (k);
        CHECK (cudaEventRecord (stop));
        CHECK (cudaEventSynchronize (stop));
        float ms;
        CHECK (cudaEventElapsedTime (&ms, start, stop));
        us[k].push_back (ms * 1000.0 / launches);
      }
  double first = 0;
  for (int k = 0; k < n; k++)
    {
      std::sort (us[k].begin (), us[k].end ());
      double med = us[k][us[k].size () / 2];
      if (k == 0)
        first = med;
      printf ("%-24s %7.1f us  fastest %7.1f  %.4f  %s\n", name (k), med,
              us[k][0], first / med, same[k] ? "same bits" : "DIFFERENT BITS");
    }
}

#endif /* PROBE_TURNS_CUH */
