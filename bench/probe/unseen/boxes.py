#!/usr/bin/env python3
"""boxes.py DIMS R TYPE -- prints a Mint program of AN5D's box stencils
(box2d<R>r, box3d<R>r): one nest whose value is the (2R+1)^DIMS points
of the box, each with a literal weight of its own, repeated STEPS times.

Usage of the program: NAME N [STEPS]; prints ms a step (wall clock over
the steps, after one untimed) and a checksum, which its build without
the plugin must print too (bench/probe/unseen/build.sh builds both)."""
import itertools
import sys

dims, radius, real = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
suffix = "f" if real == "float" else ""
axes = "zyx"[3 - dims:]
points = (2 * radius + 1) ** dims


def cell(offsets):
    return "".join("[%s%s]" % (v, "%+d" % o if o else "")
                   for v, o in zip(axes, offsets))


terms = ["%.9e%s * a%s" % ((0.999 + 0.0001 * i) / points, suffix, cell(off))
         for i, off in enumerate(itertools.product(range(-radius, radius + 1),
                                                   repeat=dims))]
extents = ", ".join(["e"] * dims)
shape = "[e]" * (dims - 1)
first = "[0]" * dims
loops = "".join("        for (int %s = R; %s < n + R; %s++)\n" % (v, v, v)
                for v in axes)
print(f"""#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "timing.h"             /* bench/probe/unroll */

typedef {real} T;
#define R {radius}

int
main (int argc, char **argv)
{{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  int e = n + 2 * R;
  double t0 = 0, t1 = 0, sum = 0;
  long cells = {" * ".join(["(long) e"] * dims)};
  T (*a){shape} = malloc (sizeof (T) * cells), (*b){shape} = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a{first})[i] = (&b{first})[i] = (T) ((i * 7 + 13) % 101) / (T) 101;
#pragma mint copy(a, toDevice, {extents})
#pragma mint copy(b, toDevice, {extents})
#pragma mint parallel
  {{
    for (int t = -1; t < steps; t++)
      {{
        if (t == 0)
          t0 = wall ();
#pragma mint for nest(all) nowait
{loops}          b{cell([0] * dims)} = {(" +" + chr(10) + "            ").join(terms)};
#pragma mint single
        {{ T (*p){shape} = a; a = b; b = p; }}
      }}
#pragma mint barrier
    t1 = wall ();
  }}
#pragma mint copy(a, fromDevice, {extents})
  for (long i = 0; i < cells; i++)
    sum += (&a{first})[i];
  printf ("box{dims}d{radius}r {real} n %d ms/step %.4f checksum %.10e\\n", n,
          1e3 * (t1 - t0) / steps, sum);
  return 0;
}}""")
