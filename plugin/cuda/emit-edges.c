/* emit-edges.c -- the CUDA that chooses between a kernel's inside and
   its body as written (emit-edges.h).  */

#include "emit-edges.h"
#include "emit-cuda.h"

static const char axis[] = "xyz";

/* The value of check C at the first or last point (END "first" or
   "last"), in 64-bit signed arithmetic.  */
static void
put_check_value (FILE *out, const struct kir_kernel *k,
                 const struct edge_check *c, const char *end)
{
  fprintf (out, "(%lldLL * mint_%s_%c + ", c->coeff, end, axis[c->dim]);
  cuda_put_affine (out, k, &c->rest);
  fputc (')', out);
}

static const char *const comparison[] = { "<", "<=", ">", ">=" };

/* Check C at END (put_check_value).  */
static void
put_check_at (FILE *out, const struct kir_kernel *k,
              const struct edge_check *c, const char *end)
{
  switch (c->kind)
    {
    case EDGE_NONZERO:
      put_check_value (out, k, c, end);
      fputs (" > 0", out);
      break;
    case EDGE_SAME:
      fputs (c->value ? "(" : "!(", out);
      put_check_value (out, k, c, end);
      fprintf (out, " %s 0)", comparison[c->op - KIR_LT]);
      break;
    case EDGE_QUOTIENT:
      put_check_value (out, k, c, end);
      fprintf (out, " >= %lldLL * ", c->quotient);
      cuda_put_affine (out, k, &c->divisor);
      fputs (" && ", out);
      put_check_value (out, k, c, end);
      fprintf (out, " < %lldLL * ", c->quotient + 1);
      cuda_put_affine (out, k, &c->divisor);
      break;
    case EDGE_RANGE:
      put_check_value (out, k, c, end);
      /* 0 without a suffix, as before the bounds were given.  */
      fprintf (out, c->lo == 0 ? " >= %lld && " : " >= %lldLL && ", c->lo);
      put_check_value (out, k, c, end);
      fprintf (out, " <= %lldLL", c->hi);
      break;
    }
}

void
cuda_put_edge_checks (FILE *out, const struct kir_kernel *k,
                      const struct edge_fold *edges)
{
  fputs ("  const bool mint_folded = true", out);
  for (int i = 0; i < edges->nchecks; i++)
    {
      const struct edge_check *c = &edges->checks[i];
      fputs ("\n    && ", out);
      if (c->kind == EDGE_QUOTIENT)
        {
          fputs ("0 < ", out);
          cuda_put_affine (out, k, &c->divisor);
          fputs (" && ", out);
        }
      if (c->kind == EDGE_NONZERO)
        {
          /* Nonzero at both ends and of one sign: nonzero between.  */
          fputs ("((", out);
          put_check_at (out, k, c, "first");
          fputs (" && ", out);
          put_check_at (out, k, c, "last");
          fputs (") || (", out);
          put_check_value (out, k, c, "first");
          fputs (" < 0 && ", out);
          put_check_value (out, k, c, "last");
          fputs (" < 0))", out);
          continue;
        }
      put_check_at (out, k, c, "first");
      fputs (" && ", out);
      put_check_at (out, k, c, "last");
    }
  fputs (";\n", out);
}

/* mint_first_<axis> and mint_last_<axis>, the variable of K's dimension
   D at the point of index FIRST and at the one before index END (C
   expressions).  */
static void
put_ends (FILE *out, const struct kir_kernel *k, int d, const char *first,
          const char *end)
{
  char a = axis[d];
  long long step = k->dims[d].step;
  fprintf (out, "  [[maybe_unused]] const long long mint_first_%c = "
           "mint_lo_%c + %s * %lldLL;\n"
           "  [[maybe_unused]] const long long mint_last_%c = mint_lo_%c + "
           "(%s - 1) * %lldLL;\n", a, a, first, step, a, a, end, step);
}

void
cuda_put_block_ends (FILE *out, const struct kir_kernel *k)
{
  for (int d = 0; d < k->ndims; d++)
    {
      char first[64], end[96];
      const char *block = cuda_block_index (k, d);
      snprintf (first, sizeof first, "(long long) %s * %d", block,
                k->tile[d]);
      snprintf (end, sizeof end, "mint_min ((long long) %s * %d + %d, "
                "mint_n_%c)", block, k->tile[d], k->tile[d], axis[d]);
      put_ends (out, k, d, first, end);
    }
}

/* The variable of dimension D of K set from the point's index
   mint_e<axis>.  */
static void
put_variable (FILE *out, const struct kir_kernel *k, int d,
              const char *indent)
{
  char point[16];
  snprintf (point, sizeof point, "mint_e%c", axis[d]);
  fputs (indent, out);
  cuda_put_loop_variable (out, k, d, point);
}

void
cuda_put_thread_edge (FILE *out, const struct kir_kernel *edge,
                      const struct edge_fold *edges, int walk,
                      const int *columns)
{
  char first[16], end[64];
  for (int d = 0; d < walk; d++)
    {
      snprintf (first, sizeof first, "mint_t%c", axis[d]);
      snprintf (end, sizeof end, "mint_min (mint_t%c + %d, mint_n_%c)",
                axis[d], columns[d], axis[d]);
      put_ends (out, edge, d, first, end);
    }
  /* A 1-D nest's walk of one step is along no dimension of its own.  */
  bool walked = walk < edge->ndims;
  if (walked)
    {
      snprintf (first, sizeof first, "mint_o%c", axis[walk]);
      put_ends (out, edge, walk, first, "mint_end");
    }
  cuda_put_edge_checks (out, edge, edges);
  /* Rolled: unrolled, the loops copied the body once per point of the
     thread (128 times for a walk of 32 rows of 4 columns) and nvcc took
     seconds a nest.  Each point's body in a lambda: KIR_NEXT leaves the
     do-while.  */
  fprintf (out, "  if (!mint_folded)\n  {\n");
  cuda_put_dimension_locals (out, edge);
  fprintf (out, "#pragma unroll 1\n"
           "  for (int mint_s = 0; mint_s < %d; ++mint_s)\n  {\n"
           "    const long long mint_e%c = mint_o%c + mint_s;\n"
           "    if (mint_e%c >= mint_end)\n      break;\n",
           edge->tile[walk], axis[walk], axis[walk], axis[walk]);
  if (walked)
    put_variable (out, edge, walk, "    ");
  char indent[4 * KIR_MAX_DIMS + 16];
  int depth = 0;
  for (int d = walk - 1; d >= 0; d--, depth++)
    {
      snprintf (indent, sizeof indent, "%*s", 4 + 4 * depth, "");
      fprintf (out, "#pragma unroll 1\n"
               "%sfor (int mint_f%c = 0; mint_f%c < %d; ++mint_f%c)\n"
               "%s  {\n%s    const long long mint_e%c = mint_t%c + "
               "mint_f%c;\n%s    if (mint_e%c >= mint_n_%c)\n"
               "%s      break;\n", indent, axis[d], axis[d], columns[d],
               axis[d], indent, indent, axis[d], axis[d], axis[d], indent,
               axis[d], axis[d], indent);
      snprintf (indent, sizeof indent, "%*s", 8 + 4 * depth, "");
      put_variable (out, edge, d, indent);
    }
  snprintf (indent, sizeof indent, "%*s", 4 + 4 * depth, "");
  fprintf (out, "%s[&]\n%s  {\n", indent, indent);
  snprintf (indent, sizeof indent, "%*s", 8 + 4 * depth, "");
  cuda_put_point_locals (out, edge, indent);
  snprintf (indent, sizeof indent, "%*s", 4 + 4 * depth, "");
  fprintf (out, "%s    do\n%s      {\n", indent, indent);
  snprintf (indent, sizeof indent, "%*s", 12 + 4 * depth, "");
  cuda_put_body (out, edge, NULL, indent);
  fprintf (out, "%*s}\n%*swhile (0);\n%*s} ();\n", 10 + 4 * depth, "",
           8 + 4 * depth, "", 6 + 4 * depth, "");
  while (depth-- > 0)
    fprintf (out, "%*s}\n", 6 + 4 * depth, "");
  /* With a reduction, both ways meet the block's combination.  */
  fputs (edge->nreductions > 0 ? "  }\n  }\n  else\n  {\n"
                               : "  }\n  return;\n  }\n", out);
}
