/* emit-kernel.c -- the CUDA of a planned kernel (emit-kernel.h).  */

#include "emit-kernel.h"
#include "emit-cuda.h"
#include "emit-stencil.h"
#include "emit-level3.h"
#include "plan.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* K by plan P, its arrays sharing strides by CLASSES (or not: NULL).  */
static void
put_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
            const char *classes)
{
  cuda_put_kernel_head (out, k, p->level, p->threads, p->min_blocks,
                        k->opt_level > 0 ? p->description : NULL, classes,
                        NULL);
  if (p->level == 0)
    cuda_put_level0_body (out, k);
  else if (p->level < 3)
    cuda_put_shared_tiles_body (out, k, p);
  else
    cuda_put_level3_body (out, k, p);
  fputs ("}\n\n", out);
}

int
cuda_emit_planned_kernel (FILE *out, const struct kir_kernel *k,
                          const struct level_plan *p, char *err,
                          size_t errlen)
{
  if (k->ndims < 1 || k->nblocks < 1)
    {
      snprintf (err, errlen, "kernel %s: not finished (kir_finish)", k->name);
      return -1;
    }
  put_kernel (out, k, p, NULL);
  if (p->classes)
    put_kernel (out, k, p, p->classes);
  if (ferror (out))
    {
      snprintf (err, errlen, "kernel %s: cannot write the CUDA source",
                k->name);
      return -1;
    }
  return 0;
}

int
cuda_emit_kernel (const struct kir_kernel *k, FILE *out, char *classes,
                  char *err, size_t errlen)
{
  struct stencil_info info;
  struct level_plan p;
  char *shapes = mint_xmalloc ((size_t) k->narrays + 1);
  classes[0] = '\0';
  stencil_analyze (k, &info);
  plan_shape_classes (k, shapes);
  plan_shape (k, &info, shapes, &p);
  int status = cuda_emit_planned_kernel (out, k, &p, err, errlen);
  if (p.classes)
    strcpy (classes, p.classes);
  plan_shape_free (&p);
  stencil_info_free (&info);
  free (shapes);
  return status;
}

int
cuda_emit_strategy (const struct kir_kernel *k, char *buf, size_t len)
{
  struct stencil_info info;
  struct level_plan p;
  char none[1] = "";
  stencil_analyze (k, &info);
  plan_shape (k, &info, none, &p);
  snprintf (buf, len, "%s", p.description);
  plan_shape_free (&p);
  stencil_info_free (&info);
  return p.level;
}

int
cuda_level3_block (const struct kir_kernel *k, int *rb)
{
  struct stencil_info info;
  stencil_analyze (k, &info);
  int level3 = plan_register_block (k, &info, rb);
  stencil_info_free (&info);
  return level3;
}
