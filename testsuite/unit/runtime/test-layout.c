/* Device array layout (pitch, align_x offset, strides) and launch geometry
   (grid, block, device limits).  */

#include <string.h>

#include "check.h"
#include "diag.h"
#include "layout.h"
#include "mint/mintrt.h"

static void
test_pitched_double (void)
{
  struct mintrt_layout l;

  /* Rows of 1600 bytes: 128-byte blocks cost 64 of them.  */
  CHECK (mintrt_layout_compute (&l, 8, 200, 29, 23, 0, 0) == NULL);
  CHECK (l.row_bytes == 1600);
  CHECK (l.pitch == 1664);
  CHECK (l.offset == 128);      /* a margin of 4 elements, a whole 128 */
  CHECK (l.row_stride == 208);
  CHECK (l.plane_stride == 208 * 29);
  CHECK (l.alloc_bytes == 128 + 1664u * 29 * 23 + 128);

  /* A halo of one: element [..][..][1] starts a 128-byte block.  */
  CHECK (mintrt_layout_compute (&l, 8, 200, 29, 23, 0, 1) == NULL);
  CHECK (l.offset == 128 + 120);
  CHECK (l.pitch == 1664);
  CHECK (l.alloc_bytes == 256 + 1664u * 29 * 23 + 128);  /* whole 16 bytes */

  /* A row of exactly 128 bytes needs no padding.  */
  CHECK (mintrt_layout_compute (&l, 8, 16, 3, 1, 0, 0) == NULL);
  CHECK (l.pitch == 128);

  /* Rows of 296 bytes: 384 would cost 88 of them, 320 costs 24 (under
     an eighth); element [..][..][1] starts a 64-byte block.  */
  CHECK (mintrt_layout_compute (&l, 8, 37, 29, 23, 0, 1) == NULL);
  CHECK (l.pitch == 320);
  CHECK (l.offset == 64 + 56);
  CHECK (l.alloc_bytes == 64 + 56 + 320u * 29 * 23 + 64 + 8);  /* whole 16 */
}

/* Rows of a few components, the pixels of an image: packed, not one to
   128 bytes.  */
static void
test_narrow_rows (void)
{
  struct mintrt_layout l;

  CHECK (mintrt_layout_compute (&l, 8, 3, 1000, 1, 0, 0) == NULL);
  CHECK (l.pitch == 24);
  CHECK (l.row_stride == 3);
  CHECK (mintrt_layout_compute (&l, 1, 3, 64, 64, 0, 0) == NULL);
  CHECK (l.pitch == 3);
  CHECK (l.plane_stride == 3 * 64);
  CHECK (mintrt_layout_compute (&l, 4, 2, 64, 64, 0, 0) == NULL);
  CHECK (l.pitch == 8);
  /* 34 doubles: 32-byte blocks, the widest whose padding (16 bytes) is
     under an eighth of the row.  */
  CHECK (mintrt_layout_compute (&l, 8, 34, 64, 64, 0, 1) == NULL);
  CHECK (l.pitch == 288);
  CHECK ((l.offset + 8) % 32 == 0);
}

/* The least multiple of ELEM_SIZE and ALIGN.  */
static size_t
lcm (size_t elem_size, size_t align)
{
  size_t m = align;
  while (m % elem_size)
    m += align;
  return m;
}

/* The defining properties, for element sizes that do and do not divide
   the alignment, over rows narrow and wide.  */
static void
test_alignment_properties (void)
{
  static const size_t sizes[] = { 1, 2, 4, 8, 12, 16, 24 };

  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (long long nx = 1; nx < 300; nx += 7)
      for (long long align_x = 0; align_x < 40; align_x++)
        {
          size_t es = sizes[s];
          struct mintrt_layout l;

          if (!CHECK (mintrt_layout_compute (&l, es, nx, 5, 3, 0, align_x)
                      == NULL))
            return;
          /* The rows' alignment: the largest power of two, up to
             MINTRT_ROW_ALIGN, that divides the pitch.  */
          size_t align = 1;
          while (align < MINTRT_ROW_ALIGN && l.pitch % (2 * align) == 0)
            align *= 2;
          CHECK (l.pitch % es == 0);
          CHECK (l.pitch >= l.row_bytes);
          /* Padding of at most an eighth of the row, and more for the
             next wider alignment.  */
          CHECK ((l.pitch - l.row_bytes) * 8 <= l.row_bytes);
          if (align < MINTRT_ROW_ALIGN)
            {
              size_t unit = lcm (es, 2 * align);
              size_t wider = (l.row_bytes + unit - 1) / unit * unit;
              CHECK ((wider - l.row_bytes) * 8 > l.row_bytes);
            }
          CHECK ((l.offset + (size_t) align_x * es) % align == 0);
          CHECK (l.offset % es == 0);
          /* A margin of 4 elements, a whole multiple of both.  */
          size_t unit = lcm (es, align);
          size_t margin = (4 * es + unit - 1) / unit * unit;
          CHECK (l.offset >= margin);
          CHECK (l.offset < margin + unit);
          CHECK ((size_t) l.row_stride * es == l.pitch);
          CHECK (l.plane_stride == l.row_stride * 5);
          size_t end = l.offset + l.pitch * 5 * 3 + margin;
          CHECK (l.alloc_bytes >= end);
          CHECK (l.alloc_bytes % MINTRT_ALLOC_UNIT == 0);
          CHECK (l.alloc_bytes - end < MINTRT_ALLOC_UNIT);
        }
}

static void
test_flat (void)
{
  struct mintrt_layout l;

  CHECK (mintrt_layout_compute (&l, 4, 1000, 3, 2, MINT_COPY_FLAT, 0)
         == NULL);
  CHECK (l.pitch == 4000);
  CHECK (l.offset == 128);
  CHECK (l.row_stride == 1000);
  CHECK (l.plane_stride == 3000);
  CHECK (l.alloc_bytes == 128 + 24000 + 128);
  /* Unpadded rows; element 3 of the first on the boundary, the end on a
     whole unit.  */
  CHECK (mintrt_layout_compute (&l, 4, 1000, 3, 2, MINT_COPY_FLAT, 3)
         == NULL);
  CHECK (l.pitch == 4000);
  CHECK ((l.offset + 3 * 4) % MINTRT_ROW_ALIGN == 0);
  CHECK (l.offset == 128 + 116);
  CHECK (l.alloc_bytes == 24384);
}

/* The margins (mintrt.h, MINT_COPY_MARGIN): rows and planes of them
   where the copy has 32 or more, in whole 128-byte blocks.  */
static void
test_margin (void)
{
  struct mintrt_layout l;
  size_t margin = (4 + 4 * 48 + 4 * 48 * 40) * 8;

  CHECK (mintrt_layout_compute (&l, 8, 44, 40, 40, 0, 0) == NULL);
  margin = (margin + 127) / 128 * 128;
  CHECK (l.offset == margin);
  CHECK (l.alloc_bytes == margin + 384u * 40 * 40 + margin);
  /* Rows of margin, no planes: a 2-D copy.  */
  CHECK (mintrt_layout_compute (&l, 8, 44, 40, 1, 0, 0) == NULL);
  CHECK (l.offset == (4 + 4 * 48) * 8 / 128 * 128 + 128);
  CHECK (l.alloc_bytes == 2 * l.offset + 384u * 40);
  /* Without margins, for a copy that does not fit with them.  */
  CHECK (mintrt_layout_compute (&l, 8, 44, 40, 40, MINTRT_LAYOUT_NO_MARGIN,
                                1) == NULL);
  CHECK (l.offset == 120);
  CHECK (l.alloc_bytes == 120 + 384u * 40 * 40 + 8);
}

/* A flat copy of one extent: the margin of four planes (rows) of a cube
   (square) of as many elements, where it would have 32 or more of them;
   else four elements.  */
static void
test_flat_margin (void)
{
  struct mintrt_layout l;

  /* 514^3 doubles: four planes of 514 * 514, in whole 128 bytes.  */
  long long n = 514LL * 514 * 514;
  size_t margin = (4u * 514 * 514 * 8 + 127) / 128 * 128;
  CHECK (mintrt_layout_compute (&l, 8, n, 1, 1, MINT_COPY_FLAT, 0) == NULL);
  CHECK (l.offset == margin);
  CHECK (l.alloc_bytes == margin + (size_t) n * 8 + margin);
  /* One element short of 514^3: the cube's side is 513.  */
  CHECK (mintrt_layout_compute (&l, 8, n - 1, 1, 1, MINT_COPY_FLAT, 0)
         == NULL);
  CHECK (l.offset == (4u * 513 * 513 * 8 + 127) / 128 * 128);
  /* 31^3 floats: no cube of 32, a square of 172: four rows of 172.  */
  CHECK (mintrt_layout_compute (&l, 4, 31 * 31 * 31, 1, 1, MINT_COPY_FLAT,
                                0) == NULL);
  CHECK (l.offset == (4u * 172 * 4 + 127) / 128 * 128);
  /* 1023 elements: four of them.  */
  CHECK (mintrt_layout_compute (&l, 8, 1023, 1, 1, MINT_COPY_FLAT, 0)
         == NULL);
  CHECK (l.offset == 128);
  /* Not flat, or flat with its rows named: the rows' and planes' rule.  */
  CHECK (mintrt_layout_compute (&l, 8, n, 1, 1, 0, 0) == NULL);
  CHECK (l.offset == 128);
  CHECK (mintrt_layout_compute (&l, 8, 40000, 2, 1, MINT_COPY_FLAT, 0)
         == NULL);
  CHECK (l.offset == 128);
  /* At most a quarter of the copy: 32^3 elements, four planes a side.  */
  CHECK (mintrt_layout_compute (&l, 8, 32 * 32 * 32, 1, 1, MINT_COPY_FLAT,
                                0) == NULL);
  CHECK (l.offset == 4u * 32 * 32 * 8);
  CHECK (2 * l.offset * 4 == 32u * 32 * 32 * 8);
}

static void
test_invalid_and_empty (void)
{
  struct mintrt_layout l;

  CHECK (mintrt_layout_compute (&l, 0, 4, 4, 4, 0, 0) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, -1, 4, 4, 0, 0) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, 4, 4, -4, 0, 0) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, 4, 4, 4, 0, -1) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, 1LL << 62, 1, 1, 0, 0) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, 1LL << 30, 1LL << 30, 1LL << 30, 0,
                                0) != NULL);
  CHECK (mintrt_layout_compute (&l, 8, 0, 4, 4, 0, 0) == NULL);
  CHECK (l.alloc_bytes == 0);
  CHECK (mintrt_layout_compute (&l, 8, 4, 4, 0, 0, 1) == NULL);
  CHECK (l.alloc_bytes == 0);
}

static const struct mintrt_limits hopper = {
  1024, { 1024, 1024, 64 }, { 2147483647, 65535, 65535 }, 227 * 1024, 132
};

static struct mint_kernel
kernel_3d (unsigned tx, unsigned ty, unsigned tz,
           unsigned cx, unsigned cy, unsigned cz)
{
  struct mint_kernel k;

  memset (&k, 0, sizeof k);
  k.abi_version = MINT_ABI_VERSION;
  k.ndims = 3;
  k.tile[0] = tx, k.tile[1] = ty, k.tile[2] = tz;
  k.chunk[0] = cx, k.chunk[1] = cy, k.chunk[2] = cz;
  k.name = "k";
  return k;
}

/* The geometry of descriptor K's own shape.  */
static bool
geometry (struct mintrt_geometry *g, const struct mint_kernel *k,
          const long long *count, char *error, size_t error_size)
{
  return mintrt_geometry_compute (g, k->ndims, k->tile, k->chunk, count,
                                  &hopper, error, error_size);
}

static void
test_geometry (void)
{
  struct mint_kernel k = kernel_3d (32, 4, 4, 1, 1, 4);
  struct mintrt_geometry g;
  long long count[3] = { 35, 27, 21 };
  char error[256];

  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[0] == 2 && g.grid[1] == 7 && g.grid[2] == 6);
  CHECK (g.block[0] == 32 && g.block[1] == 4 && g.block[2] == 1);

  /* Exact multiples get no extra block.  */
  count[0] = 64, count[1] = 4, count[2] = 4;
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[0] == 2 && g.grid[1] == 1 && g.grid[2] == 1);

  /* Beyond ndims the descriptor's values do not matter.  */
  k = kernel_3d (16, 16, 0, 2, 1, 0);
  k.ndims = 2;
  count[0] = 100, count[1] = 17;
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[0] == 7 && g.grid[1] == 2 && g.grid[2] == 1);
  CHECK (g.block[0] == 8 && g.block[1] == 16 && g.block[2] == 1);
}

static void
test_geometry_limits (void)
{
  struct mint_kernel k;
  struct mintrt_geometry g;
  long long count[3] = { 100, 100, 100 };
  char error[256];

  k = kernel_3d (64, 32, 1, 1, 1, 1);   /* 2048 threads */
  CHECK (!geometry (&g, &k, count, error, sizeof error));
  CHECK_CONTAINS (error, "2048 threads exceeds this GPU's limit of 1024");

  k = kernel_3d (1, 1, 128, 1, 1, 1);   /* block z > 64 */
  CHECK (!geometry (&g, &k, count, error, sizeof error));
  CHECK_CONTAINS (error, "128 threads per block in z");

  /* A 3-D kernel's blocks along y or z beyond the grid's run in slabs
     of as many as it holds (device-launch.c).  */
  k = kernel_3d (16, 4, 1, 1, 1, 1);
  count[1] = 4LL * 65535 + 1;           /* 65536 blocks in y */
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[1] == 65535 && g.slab[1] == 4LL * 65535 && g.slab[2] == 0);
  count[1] = 4LL * 65535;
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[1] == 65535 && g.slab[1] == 0);
  count[2] = 200000;                    /* tile 1 in z */
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[2] == 65535 && g.slab[2] == 65535 && g.slab[1] == 0);
  count[2] = 100;

  k = kernel_3d (16, 16, 1, 3, 1, 1);
  CHECK (!geometry (&g, &k, count, error, sizeof error));
  CHECK_CONTAINS (error, "tile 16 is not a multiple of chunksize 3 in x");

  /* A 2-D kernel's blocks along y that the grid's y does not hold go
     in layers along z, as few as hold them: 131073 blocks of 16 rows in
     3 layers of 43691 (the last 0 to 2 blocks past the last row).  */
  k = kernel_3d (256, 16, 0, 2, 4, 0);
  k.ndims = 2;
  count[0] = 3, count[1] = 16LL * 131072 + 5;
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[0] == 1 && g.grid[1] == 43691 && g.grid[2] == 3);
  count[1] = 16LL * 65535;
  CHECK (geometry (&g, &k, count, error, sizeof error));
  CHECK (g.grid[1] == 65535 && g.grid[2] == 1);
  count[1] = 16LL * 65535 * 65535 + 1;
  CHECK (!geometry (&g, &k, count, error, sizeof error));
  CHECK_CONTAINS (error, "limit of 4294836225");
}

static void
test_list_item (void)
{
  char buf[16];

  CHECK (strcmp (mintrt_list_item ("U,Unew", 0, buf, sizeof buf), "U") == 0);
  CHECK (strcmp (mintrt_list_item ("U,Unew", 1, buf, sizeof buf), "Unew")
         == 0);
  CHECK (strcmp (mintrt_list_item ("U,Unew", 2, buf, sizeof buf), "?") == 0);
  CHECK (strcmp (mintrt_list_item (NULL, 0, buf, sizeof buf), "?") == 0);
}

int
main (void)
{
  test_pitched_double ();
  test_narrow_rows ();
  test_alignment_properties ();
  test_flat ();
  test_margin ();
  test_flat_margin ();
  test_invalid_and_empty ();
  test_geometry ();
  test_geometry_limits ();
  test_list_item ();
  return check_status ();
}
