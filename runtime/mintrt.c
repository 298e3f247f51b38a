/* mintrt.c -- the runtime ABI of mint/mintrt.h.

   The first call decides, once per process, whether kernels run on the
   device (MODE_DEVICE) or the caller's host loops run (MODE_HOST).  The
   present table is kept in both modes, so a program that launches with an
   array it never copied fails the same way with or without a GPU.  */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mintrt-internal.h"

enum mode
{
  MODE_UNDECIDED,
  MODE_HOST,
  MODE_DEVICE
};

static enum mode mode;
static struct mintrt_present_table present;

/* The last kernel launched without waiting, until the stream is next
   synchronized: a fault it causes surfaces only then.  */
static const struct mint_kernel *unsynced_kernel;

static void run_pending (void);

static void *
xcalloc (size_t count, size_t size)
{
  void *p = calloc (count ? count : 1, size);
  if (!p)
    mintrt_fatal (NULL, 0, "out of host memory");
  return p;
}

/* ---- descriptors -------------------------------------------------------- */

/* Bytes of a value of scalar signature letter SIG; 0 if SIG is none.  */
static size_t
scalar_size (char sig)
{
  switch (sig)
    {
    case MINT_SIG_I32:
    case MINT_SIG_U32:
    case MINT_SIG_F32:
      return 4;
    case MINT_SIG_I64:
    case MINT_SIG_U64:
    case MINT_SIG_F64:
      return 8;
    default:
      return 0;
    }
}

static bool
valid_signature (const char *sig, unsigned count)
{
  if (!sig || strlen (sig) != count)
    return false;
  for (unsigned i = 0; i < count; i++)
    if (scalar_size (sig[i]) == 0)
      return false;
  return true;
}

static bool
valid_reduction_signature (const char *sig, unsigned count)
{
  if (!sig || strlen (sig) != 2 * (size_t) count)
    return false;
  for (unsigned i = 0; i < count; i++)
    if (scalar_size (sig[2 * i]) == 0 || !strchr ("+*mM", sig[2 * i + 1])
        || sig[2 * i + 1] == '\0')
      return false;
  return true;
}

/* No temporal variant, or one of an odd number of steps over two arrays
   of the kernel, with a grid.  */
static bool
valid_temporal (const struct mint_kernel *k)
{
  if (k->temporal_steps == 0)
    return true;
  if (k->temporal_steps % 2 == 0 || k->temporal_read >= k->narrays
      || k->temporal_write >= k->narrays
      || k->temporal_read == k->temporal_write || k->nreductions > 0)
    return false;
  for (unsigned d = 0; d < 3; d++)
    if (k->temporal_tile[d] == 0 || k->temporal_block[d] == 0)
      return false;
  return true;
}

static const char rebuild_hint[]
  = "rebuild the program with the mint plugin that matches this libmintrt";

/* A directive site built for another ABI cannot be trusted further; its
   first three fields are the same in every version.  */
static void
check_site (const struct mint_site *site)
{
  if (site->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (site->file, site->line,
                  "this directive was compiled for mint runtime ABI "
                  "version %u, but libmintrt implements version %u; %s",
                  site->abi_version, MINT_ABI_VERSION, rebuild_hint);
}

/* The descriptor checks made at a kernel's first launch.  abi_version,
   name, file and line keep their meaning across ABI versions.  */
static void
check_kernel (const struct mint_kernel *k)
{
  if (k->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (k->file, k->line,
                  "kernel %s was compiled for mint runtime ABI version %u, "
                  "but libmintrt implements version %u; %s",
                  k->name, k->abi_version, MINT_ABI_VERSION, rebuild_hint);
  if (!k->image || !k->image->data || k->image->size == 0)
    mintrt_fatal (k->file, k->line, "kernel %s has no device image",
                  k->name);
  if (k->image->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (k->file, k->line,
                  "the device image of kernel %s was built for mint runtime "
                  "ABI version %u, but libmintrt implements version %u; %s",
                  k->name, k->image->abi_version, MINT_ABI_VERSION,
                  rebuild_hint);
  if (k->ndims < 1 || k->ndims > 3
      || !valid_temporal (k)
      || !valid_signature (k->scalar_sig, k->nscalars)
      || !valid_reduction_signature (k->reduction_sig, k->nreductions)
      || !k->shape_classes
      || (*k->shape_classes && strlen (k->shape_classes) != k->narrays))
    mintrt_fatal (k->file, k->line,
                  "kernel %s has a corrupt descriptor (%u dimensions, "
                  "scalars \"%s\", reductions \"%s\", shape classes "
                  "\"%s\")", k->name, k->ndims,
                  k->scalar_sig ? k->scalar_sig : "(null)",
                  k->reduction_sig ? k->reduction_sig : "(null)",
                  k->shape_classes ? k->shape_classes : "(null)");
}

static struct mintrt_kernel_state *
kernel_state (struct mint_kernel *k)
{
  struct mintrt_kernel_state *s = k->rt;
  unsigned p = 0;

  if (s)
    return s;
  check_kernel (k);
  s = xcalloc (1, sizeof *s);
  s->array_ptrs = xcalloc (k->narrays, sizeof *s->array_ptrs);
  s->array_strides = xcalloc (2 * (size_t) k->narrays,
                              sizeof *s->array_strides);
  s->scalars = xcalloc (k->nscalars, sizeof *s->scalars);
  s->reduction_ptrs = xcalloc (k->nreductions, sizeof *s->reduction_ptrs);
  s->reduction_hosts = xcalloc (k->nreductions,
                                sizeof *s->reduction_hosts);
  s->params = xcalloc (2 * (size_t) k->ndims + 3 * (size_t) k->narrays
                       + k->nscalars + k->nreductions, sizeof *s->params);
  s->slots = (struct mintrt_args) { s->bounds, s->array_ptrs,
                                    s->array_strides, s->scalars };
  if (k->temporal_steps)
    {
      struct mintrt_args *copies[] = { &s->first, &s->last, &s->kept };
      for (unsigned i = 0; i < 3; i++)
        {
          copies[i]->bounds = xcalloc (6, sizeof (long long));
          copies[i]->arrays = xcalloc (k->narrays, sizeof (CUdeviceptr));
          copies[i]->strides = xcalloc (2 * (size_t) k->narrays,
                                        sizeof (long long));
          copies[i]->scalars = xcalloc (k->nscalars,
                                        sizeof (union mintrt_scalar));
        }
    }
  for (unsigned d = 0; d < 2 * k->ndims; d++)
    s->params[p++] = &s->bounds[d];
  for (unsigned a = 0; a < k->narrays; a++)
    {
      s->params[p++] = &s->array_ptrs[a];
      s->params[p++] = &s->array_strides[2 * a];
      s->params[p++] = &s->array_strides[2 * a + 1];
    }
  for (unsigned i = 0; i < k->nscalars; i++)
    s->params[p++] = &s->scalars[i];
  for (unsigned r = 0; r < k->nreductions; r++)
    s->params[p++] = &s->reduction_ptrs[r];
  s->profile.kernel = k;
  k->rt = s;
  return s;
}

/* ---- offload decision --------------------------------------------------- */

static void
report_profile (void)
{
  mintrt_profile_report (stderr);
}

/* Decide, at the first call (made at FILE:LINE), where kernels run.  */
static void
decide (const char *file, unsigned line)
{
  char why[512];

  if (mode != MODE_UNDECIDED)
    return;
  if (!mintrt_config_read (&mintrt_config, why, sizeof why))
    mintrt_fatal (file, line, "%s", why);
  if (mintrt_config.profile)
    atexit (report_profile);

  if (mintrt_config.offload == MINTRT_OFFLOAD_DISABLED)
    {
      mode = MODE_HOST;
      mintrt_verbose (file, line, "MINT_OFFLOAD=disabled: kernels run on "
                      "the host");
      return;
    }
  if (!mintrt_driver_open (mintrt_config.cuda_library, mintrt_config.device,
                           file, line, why, sizeof why))
    {
      if (mintrt_config.offload == MINTRT_OFFLOAD_MANDATORY)
        mintrt_fatal (file, line, "MINT_OFFLOAD=mandatory, but kernels "
                      "cannot run on a GPU: %s", why);
      mode = MODE_HOST;
      mintrt_verbose (file, line, "no GPU, kernels run on the host: %s", why);
      return;
    }
  mode = MODE_DEVICE;
  mintrt_verbose (file, line, "kernels run on device %d: %s (compute "
                  "capability %d.%d, driver API %d)", mintrt_device.ordinal,
                  mintrt_device.name, mintrt_device.cc_major,
                  mintrt_device.cc_minor, mintrt_device.driver_version);
}

/* ---- device memory and synchronization --------------------------------- */

/* Wait for the stream; a failure is blamed on LAUNCHED (the kernel just
   launched) or else on the last kernel that ran without waiting.  */
static void
synchronize (const char *file, unsigned line,
             const struct mint_kernel *launched)
{
  CUresult r = CU (cuStreamSynchronize) (mintrt_device.stream);
  const struct mint_kernel *earlier = unsynced_kernel;

  unsynced_kernel = NULL;
  if (r == CUDA_SUCCESS)
    return;
  if (launched && earlier && earlier != launched)
    mintrt_fatal (launched->file, launched->line,
                  "kernel %s, or kernel %s launched with nowait at %s:%u, "
                  "failed: %s", launched->name, earlier->name, earlier->file,
                  earlier->line, mintrt_cu_error (r));
  if (launched)
    mintrt_fatal (launched->file, launched->line, "kernel %s failed: %s",
                  launched->name, mintrt_cu_error (r));
  if (earlier)
    mintrt_fatal (earlier->file, earlier->line, "kernel %s, launched with "
                  "nowait, failed: %s (found at %s:%u)", earlier->name,
                  mintrt_cu_error (r), file, line);
  mintrt_fatal (file, line, "the device failed: %s", mintrt_cu_error (r));
}

static CUdeviceptr
device_alloc (size_t bytes, const char *what, const char *file,
              unsigned line)
{
  CUdeviceptr ptr;
  CUresult r = CU (cuMemAlloc) (&ptr, bytes);

  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      size_t free_bytes = 0, total_bytes = 0;
      CU (cuMemGetInfo) (&free_bytes, &total_bytes);
      mintrt_fatal (file, line, "out of device memory: %s needs %zu bytes, "
                    "%zu of the device's %zu bytes are free", what, bytes,
                    free_bytes, total_bytes);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "cannot allocate %zu bytes of device memory "
                  "for %s: %s", bytes, what, mintrt_cu_error (r));
  return ptr;
}

static void
release_entry (struct mintrt_present *entry, void *site_arg)
{
  const struct mint_site *site = site_arg;
  CUresult r;

  if (!entry->alloc)
    return;
  r = CU (cuMemFree) (entry->alloc);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "cannot free the device copy of "
                  "the array at %p: %s", entry->host, mintrt_cu_error (r));
}

/* Copy the whole array of ENTRY between HOST (contiguous: rows of nx
   elements, planes of ny rows) and the device.  */
static void
transfer (const struct mintrt_present *entry, void *host, bool to_device,
          const struct mint_site *site)
{
  const struct mintrt_layout *l = &entry->layout;
  CUdeviceptr device = entry->alloc + l->offset;
  CUresult r;

  if (entry->flags & MINT_COPY_FLAT)
    {
      size_t bytes = l->alloc_bytes - l->offset;
      r = to_device ? CU (cuMemcpyHtoD) (device, host, bytes)
                    : CU (cuMemcpyDtoH) (host, device, bytes);
    }
  else
    {
      CUDA_MEMCPY3D copy;

      memset (&copy, 0, sizeof copy);
      if (to_device)
        {
          copy.srcMemoryType = CU_MEMORYTYPE_HOST;
          copy.srcHost = host;
          copy.srcPitch = l->row_bytes;
          copy.srcHeight = (size_t) entry->ny;
          copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.dstDevice = device;
          copy.dstPitch = l->pitch;
          copy.dstHeight = (size_t) entry->ny;
        }
      else
        {
          copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.srcDevice = device;
          copy.srcPitch = l->pitch;
          copy.srcHeight = (size_t) entry->ny;
          copy.dstMemoryType = CU_MEMORYTYPE_HOST;
          copy.dstHost = host;
          copy.dstPitch = l->row_bytes;
          copy.dstHeight = (size_t) entry->ny;
        }
      copy.WidthInBytes = l->row_bytes;
      copy.Height = (size_t) entry->ny;
      copy.Depth = (size_t) entry->nz;
      r = CU (cuMemcpy3D) (&copy);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "copy %s of the array at %p "
                  "(%lldx%lldx%lld elements of %zu bytes) failed: %s",
                  to_device ? "toDevice" : "fromDevice", entry->host,
                  entry->nx, entry->ny, entry->nz, entry->elem_size,
                  mintrt_cu_error (r));
}

/* ---- copies and regions ------------------------------------------------- */

static void
check_shape (const struct mintrt_present *entry, const char *direction,
             size_t elem_size, long long nx, long long ny, long long nz,
             const struct mint_site *site)
{
  if (entry->elem_size == elem_size && entry->nx == nx && entry->ny == ny
      && entry->nz == nz)
    return;
  mintrt_fatal (site->file, site->line,
                "copy %s of the array at %p as %lldx%lldx%lld elements of "
                "%zu bytes, but it is on the device as %lldx%lldx%lld "
                "elements of %zu bytes (copied at %s:%u)", direction,
                entry->host, nx, ny, nz, elem_size, entry->nx, entry->ny,
                entry->nz, entry->elem_size, entry->file, entry->line);
}

MINTRT_EXPORT void
mint_copy_to_device (const struct mint_site *site, const void *host,
                     unsigned long elem_size, long long nx, long long ny,
                     long long nz, unsigned flags, long long align_x)
{
  struct mintrt_layout layout;
  struct mintrt_present *entry;
  const char *problem;

  check_site (site);
  decide (site->file, site->line);
  problem = mintrt_layout_compute (&layout, elem_size, nx, ny, nz, flags,
                                   align_x);
  if (problem)
    mintrt_fatal (site->file, site->line, "cannot copy toDevice %lldx%lldx"
                  "%lld elements of %lu bytes: %s", nx, ny, nz, elem_size,
                  problem);
  if (!host && layout.alloc_bytes)
    mintrt_fatal (site->file, site->line, "copy toDevice of a null pointer");

  /* A fault of a kernel still running is reported as such, not as a
     failure of this copy.  */
  if (mode == MODE_DEVICE)
    {
      run_pending ();
      synchronize (site->file, site->line, NULL);
    }

  entry = mintrt_present_find (&present, host);
  if (entry)
    check_shape (entry, "toDevice", elem_size, nx, ny, nz, site);
  else
    {
      struct mintrt_present init = {
        .host = host, .elem_size = elem_size, .nx = nx, .ny = ny, .nz = nz,
        .flags = flags & MINT_COPY_FLAT, .layout = layout,
        .file = site->file, .line = site->line
      };

      if (mode == MODE_DEVICE && layout.alloc_bytes)
        init.alloc = device_alloc (layout.alloc_bytes, "copy toDevice",
                                   site->file, site->line);
      entry = mintrt_present_add (&present, &init);
      if (!entry)
        mintrt_fatal (site->file, site->line, "out of host memory");
    }

  mintrt_verbose (site->file, site->line, "copy %p toDevice: %lldx%lldx%lld "
                  "elements of %lu bytes, pitch %zu, offset %zu%s", host, nx,
                  ny, nz, elem_size, entry->layout.pitch,
                  entry->layout.offset,
                  mode == MODE_HOST ? " (host mode: no transfer)" : "");
  if (mode == MODE_DEVICE && entry->alloc)
    transfer (entry, (void *) host, true, site);
}

MINTRT_EXPORT void
mint_copy_from_device (const struct mint_site *site, void *host,
                       unsigned long elem_size, long long nx, long long ny,
                       long long nz, unsigned flags)
{
  struct mintrt_present *entry;

  (void) flags;                 /* the layout is the one of toDevice */
  check_site (site);
  decide (site->file, site->line);
  entry = mintrt_present_find (&present, host);
  if (!entry)
    mintrt_fatal (site->file, site->line,
                  "copy fromDevice of the array at %p, which is not on the "
                  "device: copy it toDevice before the parallel region, and "
                  "copy it back before the region ends", host);
  check_shape (entry, "fromDevice", elem_size, nx, ny, nz, site);
  mintrt_verbose (site->file, site->line, "copy %p fromDevice: %lldx%lldx"
                  "%lld elements of %lu bytes%s", host, nx, ny, nz,
                  elem_size,
                  mode == MODE_HOST ? " (host mode: no transfer)" : "");
  if (mode == MODE_DEVICE && entry->alloc)
    {
      run_pending ();
      synchronize (site->file, site->line, NULL);
      transfer (entry, host, false, site);
    }
}

MINTRT_EXPORT void
mint_region_begin (const struct mint_site *site)
{
  size_t adopted;

  check_site (site);
  decide (site->file, site->line);
  run_pending ();
  adopted = mintrt_present_region_begin (&present);
  mintrt_verbose (site->file, site->line, "region begins with %zu array%s "
                  "copied toDevice", adopted, adopted == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_region_end (const struct mint_site *site)
{
  size_t released;

  check_site (site);
  decide (site->file, site->line);
  if (present.depth == 0)
    mintrt_fatal (site->file, site->line,
                  "end of a parallel region that was never begun");
  if (mode == MODE_DEVICE)
    {
      run_pending ();
      synchronize (site->file, site->line, NULL);
    }
  released = mintrt_present_region_end (&present, release_entry,
                                        (void *) site);
  mintrt_verbose (site->file, site->line, "region ends: %zu device "
                  "array%s freed", released, released == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_barrier (const struct mint_site *site)
{
  check_site (site);
  decide (site->file, site->line);
  if (mode == MODE_DEVICE)
    {
      run_pending ();
      synchronize (site->file, site->line, NULL);
    }
  mintrt_verbose (site->file, site->line, "barrier");
}

/* ---- launch ------------------------------------------------------------- */

/* Whether the arrays of each shape class of K (mintrt.h) have equal
   strides, so that its MINT_SHARED_SUFFIX variant computes the same
   addresses.  */
static bool
strides_shared (const struct mint_kernel *k,
                const struct mintrt_kernel_state *s)
{
  const char *classes = k->shape_classes;
  if (!*classes)
    return false;
  for (unsigned a = 0; a < k->narrays; a++)
    {
      unsigned first = 0;
      while (classes[first] != classes[a])
        first++;
      if (classes[a] != '-'
          && (s->array_strides[2 * a] != s->array_strides[2 * first]
              || s->array_strides[2 * a + 1]
                 != s->array_strides[2 * first + 1]))
        return false;
    }
  return true;
}

/* K's module, loaded at first use.  */
static CUmodule
kernel_module (const struct mint_kernel *k)
{
  const struct mintrt_device *d = &mintrt_device;
  CUmodule module;
  CUresult r;

  if (k->image->rt)
    return k->image->rt;
  r = CU (cuModuleLoadData) (&module, k->image->data);
  if (r == CUDA_ERROR_NO_BINARY_FOR_GPU || r == CUDA_ERROR_INVALID_PTX
      || r == CUDA_ERROR_INVALID_IMAGE)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; it has no code that %s (compute "
                  "capability %d.%d) can run: rebuild it for sm_%d%d",
                  k->name, mintrt_cu_error (r), d->name, d->cc_major,
                  d->cc_minor, d->cc_major, d->cc_minor);
  if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; its PTX is newer than this driver "
                  "(driver API %d) and there is no sm_%d%d code for "
                  "%s: rebuild it for sm_%d%d", k->name,
                  mintrt_cu_error (r), d->driver_version, d->cc_major,
                  d->cc_minor, d->name, d->cc_major, d->cc_minor);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s", k->name, mintrt_cu_error (r));
  k->image->rt = module;
  return module;
}

/* The function NAME SUFFIX of kernel K, looked up once into *FUNCTION.  */
static CUfunction
kernel_function (const struct mint_kernel *k, CUfunction *function,
                 const char *suffix)
{
  char name[256];
  CUresult r;

  if (*function)
    return *function;
  if (snprintf (name, sizeof name, "%s%s", k->name, suffix)
      >= (int) sizeof name)
    mintrt_fatal (k->file, k->line, "kernel name %s is too long", k->name);
  r = CU (cuModuleGetFunction) (function, kernel_module (k), name);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "kernel %s is not in its device image: "
                  "%s", name, mintrt_cu_error (r));
  return *function;
}

static double
elapsed_ms (const struct mint_kernel *k, const struct mintrt_kernel_state *s)
{
  float ms = 0;
  CUresult r = CU (cuEventElapsedTime) (&ms, s->start, s->stop);

  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot time kernel %s: %s", k->name,
                  mintrt_cu_error (r));
  return ms;
}

static void
record_event (const struct mint_kernel *k, CUevent *event)
{
  CUresult r = CUDA_SUCCESS;

  if (!*event)
    r = CU (cuEventCreate) (event, 0);
  if (r == CUDA_SUCCESS)
    r = CU (cuEventRecord) (*event, mintrt_device.stream);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot time kernel %s: %s", k->name,
                  mintrt_cu_error (r));
}

static void
copy_reductions (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                 bool to_device)
{
  for (unsigned r = 0; r < k->nreductions; r++)
    {
      size_t bytes = scalar_size (k->reduction_sig[2 * r]);
      CUresult result
        = to_device ? CU (cuMemcpyHtoD) (s->reduction_ptrs[r],
                                         s->reduction_hosts[r], bytes)
                    : CU (cuMemcpyDtoH) (s->reduction_hosts[r],
                                         s->reduction_ptrs[r], bytes);
      if (result != CUDA_SUCCESS)
        mintrt_fatal (k->file, k->line, "kernel %s: cannot copy reduction "
                      "%u %s the device: %s", k->name, r,
                      to_device ? "to" : "from", mintrt_cu_error (result));
    }
}

static void
launch_on_device (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                  const long long *count, double points)
{
  struct mintrt_geometry g;
  char error[512];
  CUfunction function;
  CUresult r;
  bool shared;
  bool wait = mintrt_config.profile || k->nreductions > 0
              || !(k->flags & MINT_KERNEL_NOWAIT);

  if (!mintrt_geometry_compute (&g, k, count, &mintrt_device.limits,
                                error, sizeof error))
    mintrt_fatal (k->file, k->line, "kernel %s: %s", k->name, error);
  shared = strides_shared (k, s);
  function = shared ? kernel_function (k, &s->shared_function,
                                       MINT_SHARED_SUFFIX)
                    : kernel_function (k, &s->function, "");

  if (k->nreductions > 0)
    {
      if (!s->accumulators)
        s->accumulators = device_alloc (8 * (size_t) k->nreductions,
                                        "reduction accumulators", k->file,
                                        k->line);
      for (unsigned i = 0; i < k->nreductions; i++)
        s->reduction_ptrs[i] = s->accumulators + 8 * i;
      copy_reductions (k, s, true);
    }

  mintrt_verbose (k->file, k->line, "launch %s%s: grid %ux%ux%u, block "
                  "%ux%ux%u%s", k->name, shared ? MINT_SHARED_SUFFIX : "",
                  g.grid[0], g.grid[1], g.grid[2], g.block[0], g.block[1],
                  g.block[2], wait ? "" : ", nowait");
  if (mintrt_config.profile)
    record_event (k, &s->start);
  r = CU (cuLaunchKernel) (function, g.grid[0], g.grid[1], g.grid[2],
                           g.block[0], g.block[1], g.block[2], 0,
                           mintrt_device.stream, s->params, NULL);
  if (r != CUDA_SUCCESS && unsynced_kernel)
    mintrt_fatal (k->file, k->line, "cannot launch kernel %s: %s (kernel "
                  "%s, launched with nowait at %s:%u, may have failed)",
                  k->name, mintrt_cu_error (r), unsynced_kernel->name,
                  unsynced_kernel->file, unsynced_kernel->line);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot launch kernel %s with grid "
                  "%ux%ux%u and block %ux%ux%u: %s", k->name, g.grid[0],
                  g.grid[1], g.grid[2], g.block[0], g.block[1], g.block[2],
                  mintrt_cu_error (r));
  if (mintrt_config.profile)
    record_event (k, &s->stop);

  if (!wait)
    {
      unsynced_kernel = k;
      return;
    }
  synchronize (k->file, k->line, k);
  if (k->nreductions > 0)
    copy_reductions (k, s, false);
  if (mintrt_config.profile)
    mintrt_profile_record (&s->profile, elapsed_ms (k, s), points);
}

/* ---- level 4: steps of a time loop, several per launch ------------------ */

/* Launches of one kernel with a temporal variant, each the step after the
   one before (mintrt_temporal_follows), not yet run: COUNT steps, the
   first with the arguments in the kernel state's FIRST, the last LAST.
   Every other runtime call runs them first (run_pending).  */
static struct
{
  struct mint_kernel *kernel;   /* NULL: none */
  unsigned count;
  long long extent[3];
  double points;
} pending;

/* One launch of K's temporal variant with the arguments in S's slots:
   K->temporal_steps steps.  */
static void
launch_temporal (struct mint_kernel *k, struct mintrt_kernel_state *s,
                 const long long *count)
{
  unsigned grid[3];
  bool wait = !(k->flags & MINT_KERNEL_NOWAIT);
  CUfunction function = kernel_function (k, &s->temporal_function,
                                         MINT_TEMPORAL_SUFFIX);
  CUresult r;

  for (unsigned d = 0; d < 3; d++)
    {
      unsigned long long blocks
        = d < k->ndims ? ((unsigned long long) count[d] + k->temporal_tile[d]
                          - 1) / k->temporal_tile[d] : 1;
      if (blocks > (unsigned long long) mintrt_device.limits.max_grid[d])
        mintrt_fatal (k->file, k->line, "kernel %s%s: %lld points in %c "
                      "need %llu blocks, more than this GPU's limit of %d",
                      k->name, MINT_TEMPORAL_SUFFIX, count[d], "xyz"[d],
                      blocks, mintrt_device.limits.max_grid[d]);
      grid[d] = (unsigned) blocks;
    }
  mintrt_verbose (k->file, k->line, "launch %s%s: %u steps, grid %ux%ux%u, "
                  "block %ux%ux%u%s", k->name, MINT_TEMPORAL_SUFFIX,
                  k->temporal_steps, grid[0], grid[1], grid[2],
                  k->temporal_block[0], k->temporal_block[1],
                  k->temporal_block[2], wait ? "" : ", nowait");
  r = CU (cuLaunchKernel) (function, grid[0], grid[1], grid[2],
                           k->temporal_block[0], k->temporal_block[1],
                           k->temporal_block[2], 0, mintrt_device.stream,
                           s->params, NULL);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot launch kernel %s%s: %s",
                  k->name, MINT_TEMPORAL_SUFFIX, mintrt_cu_error (r));
  if (wait)
    synchronize (k->file, k->line, k);
  else
    unsynced_kernel = k;
}

/* Runs the steps waiting, one launch each, in order.  */
static void
run_pending (void)
{
  struct mint_kernel *k = pending.kernel;
  if (!k)
    return;
  struct mintrt_kernel_state *s = k->rt;
  pending.kernel = NULL;
  for (unsigned i = 0; i < pending.count; i++)
    {
      mintrt_args_copy (k, &s->slots, &s->first);
      launch_on_device (k, s, pending.extent, pending.points);
      mintrt_args_swap (k, &s->first);
    }
}

/* K's launch with the arguments in S's slots: where it is the step after
   the ones waiting, it waits too, and whole batches of steps run in the
   temporal variant as they fill, always one step kept back (the batch
   leaves the read array's points stale: the next step overwrites them);
   else the steps waiting run and it waits alone.  */
static void
defer_step (struct mint_kernel *k, struct mintrt_kernel_state *s,
            const long long *count, double points)
{
  if (pending.kernel == k && mintrt_temporal_follows (k, &s->last, &s->slots))
    {
      pending.count++;
      mintrt_args_copy (k, &s->last, &s->slots);
    }
  else
    {
      mintrt_args_copy (k, &s->kept, &s->slots);
      run_pending ();
      mintrt_args_copy (k, &s->slots, &s->kept);
      if (!mintrt_temporal_usable (k, &s->slots))
        {
          launch_on_device (k, s, count, points);
          return;
        }
      pending.kernel = k;
      pending.count = 1;
      memcpy (pending.extent, count, sizeof pending.extent);
      pending.points = points;
      mintrt_args_copy (k, &s->first, &s->slots);
      mintrt_args_copy (k, &s->last, &s->slots);
    }
  while (pending.count > k->temporal_steps)
    {
      mintrt_args_copy (k, &s->slots, &s->first);
      launch_temporal (k, s, pending.extent);
      for (unsigned i = 0; i < k->temporal_steps; i++)
        mintrt_args_swap (k, &s->first);
      pending.count -= k->temporal_steps;
    }
}

/* Read the varargs of mint_launch into S's parameter slots, translating
   host keys through the present table.  Sets COUNT and POINTS; returns
   false when some dimension is empty.  */
static bool
read_arguments (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                va_list ap, long long *count, double *points)
{
  bool empty = false;

  *points = 1;
  for (unsigned d = 0; d < k->ndims; d++)
    {
      s->bounds[2 * d] = va_arg (ap, long long);
      count[d] = s->bounds[2 * d + 1] = va_arg (ap, long long);
      empty |= count[d] <= 0;
      *points *= (double) count[d];
    }

  for (unsigned a = 0; a < k->narrays; a++)
    {
      const void *host = va_arg (ap, const void *);
      const struct mintrt_present *entry
        = mintrt_present_find (&present, host);

      if (!entry)
        {
          char name[128];
          const char *array = mintrt_list_item (k->array_names, a, name,
                                                sizeof name);
          mintrt_fatal (k->file, k->line, "kernel %s uses array %s (host "
                        "address %p), which is not on the device; add "
                        "`#pragma mint copy(%s, toDevice, ...)` before the "
                        "parallel region", k->name, array, host, array);
        }
      s->array_ptrs[a] = entry->alloc + entry->layout.offset;
      s->array_strides[2 * a] = entry->layout.row_stride;
      s->array_strides[2 * a + 1] = entry->layout.plane_stride;
    }

  for (unsigned i = 0; i < k->nscalars; i++)
    switch (k->scalar_sig[i])
      {
      case MINT_SIG_I32:
        s->scalars[i].i = (int) va_arg (ap, long long);
        break;
      case MINT_SIG_U32:
        s->scalars[i].u = (unsigned) va_arg (ap, long long);
        break;
      case MINT_SIG_I64:
        s->scalars[i].l = va_arg (ap, long long);
        break;
      case MINT_SIG_U64:
        s->scalars[i].ul = (unsigned long long) va_arg (ap, long long);
        break;
      case MINT_SIG_F32:
        s->scalars[i].f = (float) va_arg (ap, double);
        break;
      default:                  /* MINT_SIG_F64: check_kernel saw to it */
        s->scalars[i].d = va_arg (ap, double);
        break;
      }

  for (unsigned r = 0; r < k->nreductions; r++)
    s->reduction_hosts[r] = va_arg (ap, void *);
  return !empty;
}

MINTRT_EXPORT int
mint_launch (struct mint_kernel *kernel, ...)
{
  struct mintrt_kernel_state *s = kernel_state (kernel);
  long long count[3] = { 0, 0, 0 };
  double points;
  bool any_points;
  va_list ap;

  decide (kernel->file, kernel->line);
  va_start (ap, kernel);
  any_points = read_arguments (kernel, s, ap, count, &points);
  va_end (ap);

  if (mode != MODE_DEVICE)
    {
      mintrt_verbose (kernel->file, kernel->line, "kernel %s runs on the "
                      "host", kernel->name);
      return 0;
    }
  if (!any_points)
    {
      run_pending ();
      mintrt_verbose (kernel->file, kernel->line, "kernel %s has no points: "
                      "nothing to launch", kernel->name);
      return 1;
    }
  if (kernel->temporal_steps && !mintrt_config.profile)
    {
      defer_step (kernel, s, count, points);
      return 1;
    }
  run_pending ();
  launch_on_device (kernel, s, count, points);
  return 1;
}
