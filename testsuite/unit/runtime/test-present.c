/* The present table: insert, lookup, region adoption and release, and
   whether a value lies in an array's host memory.  */

#include <stdlib.h>

#include "check.h"
#include "present.h"

static int released[8];

static void
release (struct mintrt_present *entry, void *context)
{
  int *count = context;
  released[entry->line]++;
  ++*count;
}

static struct mintrt_present *
add (struct mintrt_present_table *t, const void *host, unsigned tag)
{
  struct mintrt_present e = { .host = host, .elem_size = 8, .nx = 4,
                              .ny = 1, .nz = 1, .alloc = 0x1000 * tag,
                              .line = tag };
  return mintrt_present_add (t, &e);
}

/* An array of 3 x 2 x 2 two-byte elements (24 bytes) in the middle of
   MEMORY: bytes that touch it overlap, bytes beside it do not.  */
static void
test_overlaps (void)
{
  static unsigned char memory[64];
  struct mintrt_present e = { .host = memory + 16, .elem_size = 2, .nx = 3,
                              .ny = 2, .nz = 2 };

  CHECK (mintrt_present_overlaps (&e, memory + 16, 1));
  CHECK (mintrt_present_overlaps (&e, memory + 39, 1));
  CHECK (mintrt_present_overlaps (&e, memory + 12, 8));
  CHECK (mintrt_present_overlaps (&e, memory + 36, 8));
  CHECK (mintrt_present_overlaps (&e, memory, 64));
  CHECK (!mintrt_present_overlaps (&e, memory + 8, 8));
  CHECK (!mintrt_present_overlaps (&e, memory + 40, 8));
  CHECK (!mintrt_present_overlaps (&e, memory + 20, 0));
  e.nz = 0;                     /* an empty array holds nothing */
  CHECK (!mintrt_present_overlaps (&e, memory + 16, 8));
}

/* Planes of a copy: a pointer into its host array at the start of a row
   finds it, with the rows before; others, and flat copies, do not.  */
static void
test_views (void)
{
  struct mintrt_present_table t = { 0 };
  static double a[2][3][4][5], flat[60];
  long long origin = -1;
  struct mintrt_present e = { .host = a, .elem_size = sizeof (double),
                              .nx = 5, .ny = 4, .nz = 6 };
  struct mintrt_present f = { .host = flat, .elem_size = sizeof (double),
                              .nx = 60, .ny = 1, .nz = 1,
                              .flags = MINT_COPY_FLAT };
  struct mintrt_present *ea = mintrt_present_add (&t, &e);
  mintrt_present_add (&t, &f);

  CHECK (mintrt_present_find_view (&t, a, &origin) == ea && origin == 0);
  CHECK (mintrt_present_find_view (&t, a[1], &origin) == ea && origin == 12);
  CHECK (mintrt_present_find_view (&t, a[1][2], &origin) == ea
         && origin == 20);
  CHECK (mintrt_present_find_view (&t, a[0][0][1], &origin) == ea
         && origin == 1);
  CHECK (mintrt_present_find_view (&t, &a[1][2][3][4], &origin) == NULL);
  CHECK (mintrt_present_find_view (&t, a + 2, &origin) == NULL);
  CHECK (mintrt_present_find_view (&t, flat + 5, &origin) == NULL);
  CHECK (mintrt_present_find (&t, a[1]) == NULL);
  int count = 0;
  mintrt_present_region_begin (&t);
  CHECK (mintrt_present_region_end (&t, release, &count) == 2);
  free (t.entries);
}

int
main (void)
{
  struct mintrt_present_table t = { 0 };
  double a[4] = { 0 }, b[4], c[4], d[4];
  struct mintrt_present *e;
  int count = 0;

  CHECK (mintrt_present_find (&t, a) == NULL);

  /* Copies before `parallel` are adopted by the next region.  */
  e = add (&t, a, 1);
  CHECK (e && e->host == a && e->region == 0 && e->alloc == 0x1000);
  add (&t, b, 2);
  CHECK (mintrt_present_find (&t, b)->alloc == 0x2000);
  CHECK (mintrt_present_find (&t, a)->line == 1);
  CHECK (mintrt_present_find (&t, c) == NULL);
  CHECK (mintrt_present_region_begin (&t) == 2);
  CHECK (t.depth == 1);
  CHECK (mintrt_present_find (&t, a)->region == 1);

  /* A copy inside the region belongs to it; a nested region adopts
     nothing and owns what is copied while it is open.  */
  add (&t, c, 3);
  CHECK (mintrt_present_find (&t, c)->region == 1);
  CHECK (mintrt_present_region_begin (&t) == 0);
  add (&t, d, 4);
  CHECK (mintrt_present_find (&t, d)->region == 2);

  CHECK (mintrt_present_region_end (&t, release, &count) == 1);
  CHECK (count == 1 && released[4] == 1);
  CHECK (mintrt_present_find (&t, d) == NULL);
  CHECK (mintrt_present_find (&t, c) != NULL);
  CHECK (t.depth == 1);

  /* Many entries: the table grows, lookups stay right.  */
  double *many = malloc (100 * sizeof *many);
  for (int i = 0; i < 100; i++)
    add (&t, &many[i], 5);
  CHECK (t.count == 103);
  CHECK (mintrt_present_find (&t, &many[57])->host == &many[57]);
  CHECK (mintrt_present_find (&t, a)->line == 1);

  count = 0;
  CHECK (mintrt_present_region_end (&t, release, &count) == 103);
  CHECK (count == 103);
  CHECK (released[1] == 1 && released[2] == 1 && released[3] == 1
         && released[5] == 100);
  CHECK (t.count == 0 && t.depth == 0);
  CHECK (mintrt_present_find (&t, a) == NULL);

  /* After the region, a new copy waits for the next region again.  */
  e = add (&t, a, 6);
  CHECK (e->region == 0);
  CHECK (mintrt_present_region_begin (&t) == 1);
  count = 0;
  CHECK (mintrt_present_region_end (&t, release, &count) == 1);
  CHECK (released[6] == 1);

  free (many);
  free (t.entries);
  test_overlaps ();
  test_views ();
  return check_status ();
}
