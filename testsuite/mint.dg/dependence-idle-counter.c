/* A loop of the body whose counter no subscript of an access uses (a
   box blur's window loop beside the store, a sum of a few terms) does not
   limit the search for two points that meet: the colours of an
   interleaved row, out[y][3*x + c] of three parallel loops, are told
   apart with or without it.  Where the points meet (a fourth colour of
   a row of three, a read of the next colour, the same element for every
   colour) the warnings stay.  */
/* { dg-do compile } */

#define W 32
#define H 8

static float in[H][4 * W], out[H][4 * W];

void
interleaved (void)
{
#pragma mint copy(in, toDevice, 4 * W, H)
#pragma mint copy(out, toDevice, 4 * W, H)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        for (int c = 0; c < 3; c++)
          {
            float s = 0;
            for (int d = -1; d <= 1; d++)
              s += in[y + d][3 * (x + d) + c];
            out[y][3 * x + c] = s; /* { dg-bogus "cannot prove" } */
          }
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        for (int c = 0; c < 3; c++)
          {
            float s = 0;
            for (int k = 0; k < 2; k++)
              s += k;
            out[y][x + W * c] = s; /* { dg-bogus "cannot prove" } */
          }
  }
#pragma mint copy(out, fromDevice, 4 * W, H)
}

void
meeting_points (void)
{
#pragma mint copy(in, toDevice, 4 * W, H)
#pragma mint copy(out, toDevice, 4 * W, H)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W - 1; x++)
        for (int c = 0; c <= 3; c++)
          {
            float s = 0;
            for (int k = 0; k < 2; k++)
              s += in[y][x + k];
            out[y][3 * x + c] = s; /* { dg-warning "writes the same element at different points" } */
          }
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W - 1; x++)
        for (int c = 0; c < 3; c++)
          {
            float s = 0;
            for (int k = 0; k < 2; k++)
              s += in[y][x + k];
            out[y][3 * x + c] = s + out[y][3 * x + c + 1]; /* { dg-warning "reads the element that the point" } */
          }
#pragma mint for nest(all)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        for (int c = 0; c < 3; c++)
          {
            float s = 0;
            for (int k = 0; k < 2; k++)
              s += k;
            out[y][x] = s; /* { dg-warning "writes the same element at different points" } */
          }
  }
#pragma mint copy(out, fromDevice, 4 * W, H)
}
