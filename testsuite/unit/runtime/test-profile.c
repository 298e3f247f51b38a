/* MINT_PROFILE's table: calls, times and effective bandwidth per kernel,
   in order of first launch.  */

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "profile.h"

static char *
report (void)
{
  static char text[4096];
  FILE *f = tmpfile ();
  size_t n;

  mintrt_profile_report (f);
  rewind (f);
  n = fread (text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose (f);
  return text;
}

int
main (void)
{
  struct mint_kernel heat = { .name = "heat_k", .file = "heat.c",
                              .line = 40, .bytes_per_point = 16 };
  struct mint_kernel copy = { .name = "copy_k", .file = "copy.c",
                              .line = 7, .bytes_per_point = 8 };
  struct mintrt_profile heat_profile = { .kernel = &heat };
  struct mintrt_profile copy_profile = { .kernel = &copy };
  char *text, *heat_line, *copy_line;

  CHECK_CONTAINS (report (), "mint: profile: no kernel ran on the device");

  /* 16 bytes x 2e6 points in 2 ms: 16 GB/s; 8 bytes x 1e9 points in
     4 ms: 2000 GB/s.  */
  mintrt_profile_record (&heat_profile, 1.5, 1e6);
  mintrt_profile_record (&copy_profile, 4.0, 1e9);
  mintrt_profile_record (&heat_profile, 0.5, 1e6);
  text = report ();
  CHECK_CONTAINS (text, "mint: profile: kernel");
  CHECK_CONTAINS (text, "GB/s");
  heat_line = strstr (text, "heat_k");
  copy_line = strstr (text, "copy_k");
  if (CHECK (heat_line && copy_line && heat_line < copy_line))
    {
      unsigned long long calls;
      double total, mean, gbps;
      char location[64];

      CHECK (sscanf (heat_line, "heat_k %63s %llu %lf %lf %lf", location,
                     &calls, &total, &mean, &gbps) == 5);
      CHECK (strcmp (location, "heat.c:40") == 0);
      CHECK (calls == 2 && total == 2.0 && mean == 1.0 && gbps == 16.0);
      CHECK (sscanf (copy_line, "copy_k %63s %llu %lf %lf %lf", location,
                     &calls, &total, &mean, &gbps) == 5);
      CHECK (calls == 1 && gbps == 2000.0);
    }
  return check_status ();
}
