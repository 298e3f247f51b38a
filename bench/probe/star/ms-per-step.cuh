/* ms-per-step.cuh -- the timing of a variant that the hand-written
   stars (star-common.cuh), periodic-peer.cu and the coefficient
   stencils (../coef/coef-common.cuh) share.  Needs CHECK
   (../cuda-check.h).  */

#ifndef PROBE_MS_PER_STEP_CUH
#define PROBE_MS_PER_STEP_CUH

#include <algorithm>
#include <vector>

/* Milliseconds a step of LAUNCH, which runs PER steps: the median of 5
   blocks of STEPS steps, after a block not timed.  */
template <typename L>
static float
ms_per_step (int steps, L launch, int per = 1)
{
  cudaEvent_t a, b;
  CHECK (cudaEventCreate (&a));
  CHECK (cudaEventCreate (&b));
  std::vector<float> t;
  for (int r = 0; r < 6; r++)
    {
      CHECK (cudaEventRecord (a));
      for (int s = 0; s < steps; s += per)
        launch ();
      CHECK (cudaEventRecord (b));
      CHECK (cudaEventSynchronize (b));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, a, b));
      if (r)
        t.push_back (ms / steps);
    }
  CHECK (cudaGetLastError ());
  CHECK (cudaEventDestroy (a));
  CHECK (cudaEventDestroy (b));
  std::sort (t.begin (), t.end ());
  return t[t.size () / 2];
}

#endif /* PROBE_MS_PER_STEP_CUH */
