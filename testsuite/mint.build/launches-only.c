/* launches-only.c -- a stand-in for libmintrt whose every launch reports
   that the kernel ran, and does nothing.  A program linked with it runs
   the host code the plugin puts after a launch (what a GPU run takes) on
   a machine without one; only what that code sets can be checked.  */

#include "mint/mintrt.h"

void
mint_check_copy_shape (const struct mint_site *site, long long nx,
                       long long ny, long long nz, long long row,
                       long long plane, long long whole)
{
}

void
mint_copy_to_device (const struct mint_site *site, const void *host,
                     unsigned long elem_size, long long nx, long long ny,
                     long long nz, unsigned flags, long long align_x)
{
}

void
mint_copy_from_device (const struct mint_site *site, void *host,
                       unsigned long elem_size, long long nx, long long ny,
                       long long nz, unsigned flags)
{
}

void
mint_region_begin (const struct mint_site *site)
{
}

void
mint_region_end (const struct mint_site *site)
{
}

void
mint_barrier (const struct mint_site *site)
{
}

int
mint_launch (struct mint_kernel *kernel, ...)
{
  return 1;
}
