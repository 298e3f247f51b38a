/* device-code.cc -- per translation unit: the kernels' CUDA source in
   groups, an nvcc run for each, the embedded fatbins and the static
   descriptors of mintrt.h.

   Kernel and site descriptors are finalized as soon as the pass asks for
   them, while the symbol table is still under construction.  The images
   (a struct mint_image per group and the fatbin bytes it points at) can
   only be built once every function has been lowered, i.e. every kernel
   of the unit is known: at PLUGIN_ALL_IPA_PASSES_START.  That is still
   before LTO streams the unit out, so the images are ordinary varpool
   variables in LTO objects too.  */

#include "gcc-compat.h"

#include "mint/mintrt.h"
#include "kir-core.h"
#include "kir-props.h"
#include "stencil.h"
#include "plan.h"
#include "plan-level3.h"
#include "emit-cuda.h"
#include "emit-kernel.h"
#include "nvcc.h"
#include "nvcc-identity.h"
#include "device-cache.h"
#include "nvcc-jobs.h"
#include "nvcc-batch.h"
#include "options.h"
#include "device-code.h"

/* ---- Descriptor types ------------------------------------------------ */

enum field_kind
{
  FIELD_UNSIGNED,               /* unsigned */
  FIELD_UNSIGNED3,              /* unsigned[3] */
  FIELD_ULL,                    /* unsigned long long */
  FIELD_STRING,                 /* const char * */
  FIELD_BYTES,                  /* const unsigned char * */
  FIELD_VOID_PTR,               /* void * */
  FIELD_IMAGE_PTR,              /* struct mint_image * */
  FIELD_VARIANTS_PTR            /* const struct mint_variant * */
};

/* One member of a mintrt.h struct, with its offset there: the record GCC
   lays out from these is checked against it.  */
struct field_spec
{
  const char *name;
  enum field_kind kind;
  size_t offset;
};

#define FIELD(S, M, KIND) { #M, KIND, offsetof (struct S, M) }

static const field_spec site_fields[] = {
  FIELD (mint_site, abi_version, FIELD_UNSIGNED),
  FIELD (mint_site, line, FIELD_UNSIGNED),
  FIELD (mint_site, file, FIELD_STRING)
};

static const field_spec image_fields[] = {
  FIELD (mint_image, abi_version, FIELD_UNSIGNED),
  FIELD (mint_image, size, FIELD_UNSIGNED),
  FIELD (mint_image, data, FIELD_BYTES),
  FIELD (mint_image, rt, FIELD_VOID_PTR)
};

static const field_spec variant_fields[] = {
  FIELD (mint_variant, tile, FIELD_UNSIGNED3),
  FIELD (mint_variant, chunk, FIELD_UNSIGNED3),
  FIELD (mint_variant, flags, FIELD_UNSIGNED),
  FIELD (mint_variant, max_registers, FIELD_UNSIGNED),
  FIELD (mint_variant, shared_bytes, FIELD_UNSIGNED)
};

static const field_spec kernel_fields[] = {
  FIELD (mint_kernel, abi_version, FIELD_UNSIGNED),
  FIELD (mint_kernel, ndims, FIELD_UNSIGNED),
  FIELD (mint_kernel, narrays, FIELD_UNSIGNED),
  FIELD (mint_kernel, nscalars, FIELD_UNSIGNED),
  FIELD (mint_kernel, nreductions, FIELD_UNSIGNED),
  FIELD (mint_kernel, flags, FIELD_UNSIGNED),
  FIELD (mint_kernel, line, FIELD_UNSIGNED),
  FIELD (mint_kernel, opt_level, FIELD_UNSIGNED),
  FIELD (mint_kernel, tile, FIELD_UNSIGNED3),
  FIELD (mint_kernel, chunk, FIELD_UNSIGNED3),
  FIELD (mint_kernel, step, FIELD_UNSIGNED3),
  FIELD (mint_kernel, bytes_per_point, FIELD_ULL),
  FIELD (mint_kernel, flops_per_point, FIELD_ULL),
  FIELD (mint_kernel, name, FIELD_STRING),
  FIELD (mint_kernel, file, FIELD_STRING),
  FIELD (mint_kernel, array_names, FIELD_STRING),
  FIELD (mint_kernel, scalar_sig, FIELD_STRING),
  FIELD (mint_kernel, reduction_sig, FIELD_STRING),
  FIELD (mint_kernel, shape_classes, FIELD_STRING),
  FIELD (mint_kernel, footprint, FIELD_STRING),
  FIELD (mint_kernel, every_point_footprint, FIELD_STRING),
  FIELD (mint_kernel, checked_arrays, FIELD_STRING),
  FIELD (mint_kernel, alias_classes, FIELD_STRING),
  FIELD (mint_kernel, planes, FIELD_STRING),
  FIELD (mint_kernel, nvariants, FIELD_UNSIGNED),
  FIELD (mint_kernel, variants, FIELD_VARIANTS_PTR),
  FIELD (mint_kernel, code_hash, FIELD_ULL),
  FIELD (mint_kernel, temporal_steps, FIELD_UNSIGNED),
  FIELD (mint_kernel, temporal_fewest, FIELD_UNSIGNED),
  FIELD (mint_kernel, temporal_read, FIELD_UNSIGNED),
  FIELD (mint_kernel, temporal_write, FIELD_UNSIGNED),
  FIELD (mint_kernel, temporal_tile, FIELD_UNSIGNED3),
  FIELD (mint_kernel, temporal_block, FIELD_UNSIGNED3),
  FIELD (mint_kernel, temporal_shared, FIELD_UNSIGNED),
  FIELD (mint_kernel, closing_tile, FIELD_UNSIGNED3),
  FIELD (mint_kernel, closing_shared, FIELD_UNSIGNED),
  FIELD (mint_kernel, image, FIELD_IMAGE_PTR),
  FIELD (mint_kernel, rt, FIELD_VOID_PTR)
};

#define DESCRIPTOR_TYPE(S, FIELDS) \
  build_descriptor_type (#S, FIELDS, ARRAY_SIZE (FIELDS), sizeof (struct S))

static tree site_type_node;
static tree image_type_node;
static tree variant_type_node;
static tree kernel_type_node;

static tree mint_image_type (void);
static tree mint_variant_type (void);

static tree
pointer_to_const (tree type)
{
  return build_pointer_type (build_qualified_type (type, TYPE_QUAL_CONST));
}

static tree
field_type (enum field_kind kind)
{
  switch (kind)
    {
    case FIELD_UNSIGNED:
      return unsigned_type_node;
    case FIELD_UNSIGNED3:
      return build_array_type_nelts (unsigned_type_node, 3);
    case FIELD_ULL:
      return long_long_unsigned_type_node;
    case FIELD_STRING:
      return pointer_to_const (char_type_node);
    case FIELD_BYTES:
      return pointer_to_const (unsigned_char_type_node);
    case FIELD_VOID_PTR:
      return ptr_type_node;
    case FIELD_IMAGE_PTR:
      return build_pointer_type (mint_image_type ());
    case FIELD_VARIANTS_PTR:
      return pointer_to_const (mint_variant_type ());
    }
  gcc_unreachable ();
}

/* GCC must lay the record out exactly as the C compiler that built mint
   laid out mintrt.h's struct: same names, same offsets, same size.  */
static void
check_layout (tree rec, const field_spec *spec, size_t n, size_t size)
{
  size_t i = 0;

  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f), i++)
    gcc_assert (i < n && id_equal (DECL_NAME (f), spec[i].name)
                && (size_t) int_byte_position (f) == spec[i].offset);
  gcc_assert (i == n && tree_to_uhwi (TYPE_SIZE_UNIT (rec)) == size);
}

static tree
build_descriptor_type (const char *tag, const field_spec *spec, size_t n,
                       size_t size)
{
  tree rec = make_node (RECORD_TYPE);
  tree fields = NULL_TREE;

  /* finish_builtin_struct reverses the chain it is given: build it last
     field first.  */
  for (size_t i = 0; i < n; i++)
    {
      tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL,
                           get_identifier (spec[i].name),
                           field_type (spec[i].kind));
      DECL_CHAIN (f) = fields;
      fields = f;
    }
  finish_builtin_struct (rec, tag, fields, NULL_TREE);
  check_layout (rec, spec, n, size);
  return rec;
}

tree
mint_site_type (void)
{
  if (!site_type_node)
    site_type_node = DESCRIPTOR_TYPE (mint_site, site_fields);
  return site_type_node;
}

static tree
mint_image_type (void)
{
  if (!image_type_node)
    image_type_node = DESCRIPTOR_TYPE (mint_image, image_fields);
  return image_type_node;
}

static tree
mint_variant_type (void)
{
  if (!variant_type_node)
    variant_type_node = DESCRIPTOR_TYPE (mint_variant, variant_fields);
  return variant_type_node;
}

tree
mint_kernel_type (void)
{
  if (!kernel_type_node)
    kernel_type_node = DESCRIPTOR_TYPE (mint_kernel, kernel_fields);
  return kernel_type_node;
}

/* ---- Initializers ---------------------------------------------------- */

/* Fills a record's fields in declaration order; each value is named, so an
   initializer that does not follow the struct fails loudly.  */
struct init_builder
{
  tree type;
  tree field;                   /* the next one to fill */
  vec<constructor_elt, va_gc> *elts;
};

static void
init_start (init_builder *b, tree type)
{
  b->type = type;
  b->field = TYPE_FIELDS (type);
  b->elts = NULL;
}

static void
init_value (init_builder *b, const char *name, tree value)
{
  gcc_assert (b->field && id_equal (DECL_NAME (b->field), name));
  CONSTRUCTOR_APPEND_ELT (b->elts, b->field,
                          fold_convert (TREE_TYPE (b->field), value));
  b->field = DECL_CHAIN (b->field);
}

static void
init_unsigned (init_builder *b, const char *name, unsigned value)
{
  init_value (b, name, build_int_cstu (unsigned_type_node, value));
}

static void
init_ull (init_builder *b, const char *name, unsigned long long value)
{
  init_value (b, name, build_int_cstu (long_long_unsigned_type_node, value));
}

static void
init_unsigned3 (init_builder *b, const char *name, const int value[3])
{
  vec<constructor_elt, va_gc> *elts = NULL;

  for (int i = 0; i < 3; i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i),
                            build_int_cstu (unsigned_type_node, value[i]));
  init_value (b, name, build_constructor (TREE_TYPE (b->field), elts));
}

static void
init_string (init_builder *b, const char *name, const char *s)
{
  init_value (b, name, build_string_literal (strlen (s) + 1, s));
}

static void
init_address (init_builder *b, const char *name, tree decl)
{
  init_value (b, name, build_fold_addr_expr (decl));
}

static tree
init_finish (init_builder *b)
{
  gcc_assert (!b->field);
  return build_constructor (b->type, b->elts);
}

/* ---- Static variables ------------------------------------------------ */

static tree
build_static_var (location_t loc, const char *name, tree type, bool readonly)
{
  tree decl = build_decl (loc, VAR_DECL, get_identifier (name), type);

  TREE_STATIC (decl) = 1;
  TREE_PUBLIC (decl) = 0;
  TREE_READONLY (decl) = readonly;
  TREE_USED (decl) = 1;
  TREE_ADDRESSABLE (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  return decl;
}

/* A static structure the host code passes by address to the runtime
   (a site, a kernel's descriptor), initialized to INIT, as an array of
   one: GCC's points-to analysis gives a structure a variable for each
   of its fields, and the structures a function passes all escape, so a
   function of hundreds of launches made it slower than quadratic; an
   array is one variable.  The bytes are the structure's.  */
static tree
build_passed_record (location_t loc, const char *name, tree init,
                     bool readonly)
{
  tree type = build_array_type_nelts (TREE_TYPE (init), 1);
  tree decl = build_static_var (loc, name, type, readonly);
  DECL_INITIAL (decl) = build_constructor_single (type, size_zero_node, init);
  return decl;
}

/* Past symbol-table construction finalize_decl no longer analyzes a
   variable: record the references of its initializer here, so that what
   it points at is output (and streamed, with LTO) with it.  */
static void
finalize_late_var (tree decl)
{
  varpool_node::finalize_decl (decl);
  varpool_node::get (decl)->analyze ();
}

/* ---- The translation unit's device code ------------------------------ */

/* The kernels of a unit go into groups, each a CUDA source of its own (the
   prelude and its kernels) that an nvcc run of its own compiles into an
   image of its own; the runs go in parallel (nvcc-jobs.h), and the
   runtime loads each image at the first launch of one of its kernels.
   The kernels of one nest (its variants and twins) go into one group:
   a nest joins the last group unless that group's kernels already reach
   -fplugin-arg-mint-nvcc-group-size (MINT_DEFAULT_GROUP_KIB), a size in
   the source alone, so that the same source gives the same groups on
   every machine, and an edit of one nest leaves the groups before it as
   they were, and those after it too unless the edit moves the boundary
   of its own group.  A unit whose kernels stay under the size is one
   group: the one CUDA source and image it always was.  */
struct device_group
{
  FILE *cuda;                   /* the prelude and the kernels, into
                                   text/len */
  char *text;
  size_t len;
  size_t kernels_len;           /* the kernels' part of len */
  int first_line, last_line;    /* of its nests, for messages */
  bool temporal;                /* with level 4's temporal variants */
};

static struct
{
  int nkernels;
  location_t first_loc;         /* of the first kernel, for diagnostics */
  int ngroups;
  struct device_group **groups; /* each where its stream writes: it
                                   never moves */
} unit;

/* Group I's struct mint_image, defined once nvcc has run; the kernel
   descriptors of the group point at it.  */
static vec<tree, va_gc> *image_decls;
static vec<tree, va_gc> *site_decls;

static const struct ggc_root_tab device_code_roots[] = {
  { &site_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &image_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &variant_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &kernel_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &image_decls, 1, sizeof (image_decls), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  { &site_decls, 1, sizeof (site_decls), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* NAME for group 0, NAME_I for group I: a unit of one group has the
   names it always had.  */
static char *
group_symbol_name (const char *name, int i)
{
  return i ? xasprintf ("%s_%d", name, i) : xstrdup (name);
}

/* The group the next nest of LINE goes into, started where need be.  */
static struct device_group *
group_for_nest (int line)
{
  size_t limit = (size_t) mint_options.nvcc_group_kib * 1024;
  struct device_group *g = unit.ngroups ? unit.groups[unit.ngroups - 1]
                                        : NULL;

  if (!g || (limit && g->kernels_len >= limit))
    {
      unit.groups = XRESIZEVEC (struct device_group *, unit.groups,
                                unit.ngroups + 1);
      g = unit.groups[unit.ngroups] = XCNEW (struct device_group);
      g->cuda = open_memstream (&g->text, &g->len);
      if (!g->cuda)
        fatal_error (UNKNOWN_LOCATION, "mint: cannot buffer CUDA source: %m");
      cuda_emit_prelude (g->cuda);
      g->first_line = line;
      char *name = group_symbol_name ("__mint_image", unit.ngroups);
      vec_safe_push (image_decls,
                     build_static_var (BUILTINS_LOCATION, name,
                                       mint_image_type (), false));
      free (name);
      unit.ngroups++;
    }
  g->last_line = line;
  return g;
}

tree
mint_site_decl (location_t loc)
{
  const char *file = mint_source_file (loc);
  int line = LOCATION_LINE (loc);
  unsigned i;
  tree decl;
  char name[32];
  init_builder b;

  FOR_EACH_VEC_SAFE_ELT (site_decls, i, decl)
    if (LOCATION_LINE (DECL_SOURCE_LOCATION (decl)) == line
        && strcmp (mint_source_file (DECL_SOURCE_LOCATION (decl)), file) == 0)
      return decl;

  snprintf (name, sizeof name, "__mint_site_%u", vec_safe_length (site_decls));
  init_start (&b, mint_site_type ());
  init_unsigned (&b, "abi_version", MINT_ABI_VERSION);
  init_unsigned (&b, "line", line);
  init_string (&b, "file", file);
  decl = build_passed_record (loc, name, init_finish (&b), true);
  varpool_node::finalize_decl (decl);
  vec_safe_push (site_decls, decl);
  return decl;
}

/* "U,Unew,g->u": the kernel's arrays as the program names them, for the
   runtime's messages.  */
static const char *
source_name (const struct kir_array *a)
{
  return a->source ? a->source : a->name;
}

static char *
array_names (const struct kir_kernel *k)
{
  size_t len = 1;
  char *s;

  for (int i = 0; i < k->narrays; i++)
    len += strlen (source_name (&k->arrays[i])) + 1;
  s = XNEWVEC (char, len);
  s[0] = '\0';
  for (int i = 0; i < k->narrays; i++)
    {
      if (i)
        strcat (s, ",");
      strcat (s, source_name (&k->arrays[i]));
    }
  return s;
}

/* A kernel's device code, as the descriptor describes it.  */
struct kernel_code
{
  const struct mint_plan *plan; /* the kernel's */
  int nvariants;                /* 0: not autotuned */
  unsigned long long hash;      /* of its CUDA source */
};

/* The flags of variant I of plan P of K (struct mint_variant).  */
static unsigned
variant_flags (const struct mint_plan *p, int i, const struct kir_kernel *k)
{
  unsigned flags = (p->shapes[i].margin_reads ? MINT_VARIANT_MARGIN : 0)
                   | (plan_variant_unchecked_only (p, i, k)
                      ? MINT_VARIANT_UNCHECKED_ONLY : 0);
  if (!p->variants[i].classes)
    return flags;
  return flags | MINT_VARIANT_SHARED
         | (plan_variant_has_general (p, i) ? 0 : MINT_VARIANT_SHARED_ONLY);
}

/* The static table of K's variants (struct mint_variant).  */
static tree
build_variant_table (const struct kir_kernel *k,
                     const struct kernel_code *code, location_t loc)
{
  tree elem = build_qualified_type (mint_variant_type (), TYPE_QUAL_CONST);
  tree type = build_array_type_nelts (elem, code->nvariants);
  vec<constructor_elt, va_gc> *elts = NULL;
  char *name = concat ("__mint_variants_", k->name, NULL);

  for (int i = 0; i < code->nvariants; i++)
    {
      init_builder b;
      init_start (&b, mint_variant_type ());
      const struct tune_shape *shape = &code->plan->shapes[i];
      init_unsigned3 (&b, "tile", shape->tile);
      init_unsigned3 (&b, "chunk", shape->chunk);
      init_unsigned (&b, "flags", variant_flags (code->plan, i, k));
      init_unsigned (&b, "max_registers", shape->max_registers);
      const struct level_plan *plan = &code->plan->variants[i];
      init_unsigned (&b, "shared_bytes",
                     (unsigned) plan_dynamic_shared (plan));
      CONSTRUCTOR_APPEND_ELT (elts, size_int (i), init_finish (&b));
    }
  tree decl = build_static_var (loc, name, type, true);
  DECL_INITIAL (decl) = build_constructor (type, elts);
  varpool_node::finalize_decl (decl);
  free (name);
  return decl;
}

/* K's descriptor; IMAGE is its group's.  */
static tree
build_kernel_descriptor (const struct kir_kernel *k,
                         const struct kernel_code *code, tree image,
                         location_t loc)
{
  char *names = array_names (k);
  char *scalar_sig = XNEWVEC (char, k->nscalars + 1);
  char *reduction_sig = XNEWVEC (char, 2 * k->nreductions + 1);
  char *decl_name = concat ("__mint_kernel_", k->name, NULL);
  char *footprint = XNEWVEC (char, STENCIL_FOOTPRINT_ITEM * k->narrays + 1);
  char *every_point
    = XNEWVEC (char, STENCIL_FOOTPRINT_ITEM * k->narrays + 1);
  char *checked = XNEWVEC (char, k->narrays + 1);
  char *alias_classes = XNEWVEC (char, k->narrays + 1);
  char *planes = XNEWVEC (char, k->narrays + 1);
  tree type = mint_kernel_type ();
  tree decl;
  init_builder b;

  kir_scalar_sig (k, scalar_sig);
  kir_reduction_sig (k, reduction_sig);
  stencil_footprint (k, false, footprint);
  stencil_footprint (k, true, every_point);
  stencil_checked_arrays (k, checked);
  kir_alias_classes (k, alias_classes);
  kir_planes (k, planes);
  init_start (&b, type);
  init_unsigned (&b, "abi_version", MINT_ABI_VERSION);
  init_unsigned (&b, "ndims", k->ndims);
  init_unsigned (&b, "narrays", k->narrays);
  init_unsigned (&b, "nscalars", k->nscalars);
  init_unsigned (&b, "nreductions", k->nreductions);
  init_unsigned (&b, "flags",
                 (k->nowait ? MINT_KERNEL_NOWAIT : 0)
                 | (k->independent ? MINT_KERNEL_INDEPENDENT : 0)
                 | (stencil_checks_may_pass (k) ? MINT_KERNEL_UNCHECKED : 0));
  init_unsigned (&b, "line", LOCATION_LINE (loc));
  init_unsigned (&b, "opt_level", k->opt_level);
  init_unsigned3 (&b, "tile", k->tile);
  init_unsigned3 (&b, "chunk", k->chunk);
  /* 0: no slabs (mintrt.h); such a step leaves a few points.  */
  int step[3] = { 1, 1, 1 };
  for (int d = 0; d < k->ndims; d++)
    step[d] = k->dims[d].step <= INT_MAX ? (int) k->dims[d].step : 0;
  init_unsigned3 (&b, "step", step);
  init_ull (&b, "bytes_per_point", kir_bytes_per_point (k));
  init_ull (&b, "flops_per_point", kir_flops_per_point (k));
  init_string (&b, "name", k->name);
  init_string (&b, "file", mint_source_file (loc));
  init_string (&b, "array_names", names);
  init_string (&b, "scalar_sig", scalar_sig);
  init_string (&b, "reduction_sig", reduction_sig);
  init_string (&b, "shape_classes", plan_descriptor_classes (code->plan));
  init_string (&b, "footprint", footprint);
  init_string (&b, "every_point_footprint", every_point);
  init_string (&b, "checked_arrays", checked);
  init_string (&b, "alias_classes", alias_classes);
  init_string (&b, "planes", planes);
  init_unsigned (&b, "nvariants", code->nvariants);
  if (code->nvariants)
    init_address (&b, "variants", build_variant_table (k, code, loc));
  else
    init_value (&b, "variants", null_pointer_node);
  init_ull (&b, "code_hash", code->hash);
  const struct temporal_launch *temporal = &code->plan->temporal.launch;
  init_unsigned (&b, "temporal_steps", temporal->steps);
  init_unsigned (&b, "temporal_fewest", temporal->fewest);
  init_unsigned (&b, "temporal_read", temporal->read);
  init_unsigned (&b, "temporal_write", temporal->write);
  init_unsigned3 (&b, "temporal_tile", temporal->tile);
  init_unsigned3 (&b, "temporal_block", temporal->block);
  init_unsigned (&b, "temporal_shared", temporal->shared);
  init_unsigned3 (&b, "closing_tile", temporal->closing_tile);
  init_unsigned (&b, "closing_shared", temporal->closing_shared);
  init_address (&b, "image", image);
  init_value (&b, "rt", null_pointer_node);

  /* Writable: the runtime caches its state in ->rt.  */
  decl = build_passed_record (loc, decl_name, init_finish (&b), false);
  free (decl_name);
  XDELETEVEC (footprint);
  XDELETEVEC (every_point);
  XDELETEVEC (checked);
  XDELETEVEC (alias_classes);
  XDELETEVEC (planes);
  XDELETEVEC (reduction_sig);
  XDELETEVEC (scalar_sig);
  XDELETEVEC (names);
  return decl;
}

/* "32x8x6" of the first NDIMS of SIZE into BUF.  */
static const char *
format_sizes (char *buf, size_t len, const int *size, int ndims)
{
  size_t n = 0;
  for (int d = 0; d < ndims && n < len; d++)
    n += snprintf (buf + n, len - n, d ? "x%d" : "%d", size[d]);
  return buf;
}

/* Whether another of CODE's variants has the shape of variant I but
   for its walk unrolled in rounds rather than whole.  */
static bool
rounds_twin (const struct kernel_code *code, int i)
{
  struct tune_shape twin = code->plan->shapes[i];
  twin.unroll_whole = !twin.unroll_whole;
  for (int j = 0; j < code->nvariants; j++)
    if (memcmp (&code->plan->shapes[j], &twin, sizeof twin) == 0)
      return true;
  return false;
}

/* -fplugin-arg-mint-verbose: the shapes the runtime will choose from.  */
static void
report_variants (const struct kir_kernel *k, const struct kernel_code *code,
                 location_t loc)
{
  char *list = xstrdup ("");
  for (int i = 0; i < code->nvariants; i++)
    {
      const struct tune_shape *shape = &code->plan->shapes[i];
      char tile[48], chunk[48], registers[96] = "", item[224];
      if (shape->max_registers > 0)
        snprintf (registers, sizeof registers, " (at most %d registers%s%s)",
                  shape->max_registers,
                  shape->clamp_rows ? ", rows through a clamp" : "",
                  shape->stage_planes ? ", planes staged in shared memory"
                  : "");
      snprintf (item, sizeof item, "%s v%d tile %s chunksize %s%s%s%s",
                i ? "," : "", i,
                format_sizes (tile, sizeof tile, shape->tile, k->ndims),
                format_sizes (chunk, sizeof chunk, shape->chunk, k->ndims),
                registers, shape->margin_reads ? " in the margins" : "",
                shape->unroll_whole && rounds_twin (code, i)
                ? " (walk unrolled whole)" : "");
      char *more = concat (list, item, NULL);
      free (list);
      list = more;
    }
  int fallback = plan_margin_fallback (code->plan);
  if (plan_variant_unchecked_only (code->plan, fallback + 1, k))
    {
      char note[160];
      snprintf (note, sizeof note, "; those after v%d only without their "
                "checks, and v0 runs where a check of a launch may fail",
                fallback);
      char *more = concat (list, note, NULL);
      free (list);
      list = more;
    }
  if (fallback)
    inform (loc, "mint: %qs: %d variants for the runtime to time, those "
            "after v1 compiled for the newest GPU architecture only; those "
            "in the margins load cells beside the reads of the program, in "
            "the margins of the copies of the arrays, and v1 runs where "
            "the reads of a launch leave the margins:%s", k->name,
            code->nvariants, list);
  else
    inform (loc, "mint: %qs: %d variants for the runtime to time, those "
            "after v0 compiled for the newest GPU architecture only:%s",
            k->name, code->nvariants, list);
  free (list);
}

/* FNV-1a, 64 bits, of the LEN bytes at DATA: identifies a kernel's device
   source in the runtime's tuning cache.  */
static unsigned long long
source_hash (const void *data, size_t len)
{
  const unsigned char *p = (const unsigned char *) data;
  unsigned long long h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

tree
mint_device_add_kernel (struct kir_kernel *k, struct mint_plan *plan,
                        location_t loc)
{
  struct kernel_code code;
  char err[512];
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&text, &len);
  tree decl;

  if (!out)
    fatal_error (loc, "mint: cannot buffer CUDA source: %m");
  if (unit.nkernels++ == 0)
    unit.first_loc = loc;
  code.plan = plan;
  code.nvariants = plan_variant_count (plan);
  /* After a failure the unit is not compiled (seen_error), so the partial
     text does not matter.  */
  if (cuda_emit_kernel_code (out, k, plan, err, sizeof err) != 0)
    error_at (loc, "mint: cannot generate CUDA for this loop nest: %s", err);
  if (fclose (out) != 0)
    fatal_error (loc, "mint: cannot buffer CUDA source: %m");
  code.hash = source_hash (text, len);
  struct device_group *group = group_for_nest (LOCATION_LINE (loc));
  fwrite (text, 1, len, group->cuda);
  group->kernels_len += len;
  group->temporal |= plan->temporal.launch.steps > 0;
  free (text);
  if (code.nvariants && mint_options.verbose)
    report_variants (k, &code, loc);

  decl = build_kernel_descriptor (k, &code, image_decls->last (), loc);
  plan_free (plan);
  kir_kernel_free (k);
  varpool_node::finalize_decl (decl);
  return decl;
}

/* ---- End of the unit: nvcc and the images ------------------------------ */

/* Where -fplugin-arg-mint-keep puts group I's file of extension EXT:
   GCC's base name for auxiliary outputs plus .mint.EXT for group 0 and
   .mint.I.EXT for the others, i.e. foo.mint.cu (and foo.mint.1.cu ...)
   beside foo.o for `-c foo.c [-o foo.o]`, dir/bar.mint.cu for `-o
   dir/bar.o`, and prog-foo.mint.cu when compiling and linking foo.c into
   prog.  */
static char *
kept_file_name (int i, const char *ext)
{
  return i ? xasprintf ("%s.mint.%d.%s", aux_base_name, i, ext)
           : concat (aux_base_name, ".mint.", ext, NULL);
}

static void
keep_file (int i, const char *ext, const void *data, size_t len)
{
  char *name = kept_file_name (i, ext);
  FILE *f = fopen (name, "wb");
  bool written = f && fwrite (data, 1, len, f) == len;

  if (f && fclose (f) != 0)
    written = false;
  if (!written)
    error_at (unit.first_loc, "mint: cannot write %s: %m", name);
  else if (mint_options.verbose)
    inform (unit.first_loc, "mint: kept %s", name);
  free (name);
}

/* Group I's fatbin as a const byte array (8-byte aligned, as the CUDA
   driver wants) and the group's struct mint_image pointing at it.  */
static void
embed_image (int i, const unsigned char *fatbin, size_t size)
{
  tree byte = build_qualified_type (unsigned_char_type_node, TYPE_QUAL_CONST);
  tree type = build_array_type_nelts (byte, size);
  tree bytes = build_string (size, (const char *) fatbin);
  char *name = group_symbol_name ("__mint_fatbin", i);
  tree data = build_static_var (BUILTINS_LOCATION, name, type, true);
  tree image = (*image_decls)[i];
  init_builder b;

  free (name);
  TREE_TYPE (bytes) = type;
  DECL_INITIAL (data) = bytes;
  SET_DECL_ALIGN (data, MAX (DECL_ALIGN (data), 64));
  DECL_USER_ALIGN (data) = 1;

  init_start (&b, mint_image_type ());
  init_unsigned (&b, "abi_version", MINT_ABI_VERSION);
  init_unsigned (&b, "size", size);
  init_address (&b, "data", data);
  init_value (&b, "rt", null_pointer_node);
  DECL_INITIAL (image) = init_finish (&b);

  finalize_late_var (data);
  finalize_late_var (image);
}

/* The nvcc to run.  */
static const char *
unit_nvcc (void)
{
  return mint_options.nvcc ? mint_options.nvcc : MINT_DEFAULT_NVCC;
}

/* The libnvrtc to make PTX with, that of the nvcc's toolkit
   (nvcc_nvrtc_library), and mint-nvrtc to make it (nvcc_nvrtc_helper),
   into *LIBRARY and *HELPER, malloc'ed; NULL (nvcc runs) where either
   is missing or -fplugin-arg-mint-nvrtc=off.  */
static void
unit_nvrtc (char **library, char **helper)
{
  char *file = mint_options.nvrtc ? nvcc_find (unit_nvcc ()) : NULL;

  *library = file ? nvcc_nvrtc_library (file) : NULL;
  *helper = *library ? nvcc_nvrtc_helper () : NULL;
  if (!*helper)
    {
      free (*library);
      *library = NULL;
    }
  free (file);
}

/* The nvcc run of group G, or its NVRTC run with the library NVRTC.
   Level 4's temporal variants walk a ring in shared memory through
   pointers, which NVRTC's libnvvm addresses in 64 bits where nvcc's cicc
   uses 32 (its short pointers): NVRTC's code would not be nvcc's, so
   nvcc compiles a group that has them.  */
static void
group_job (const struct device_group *g, const char *nvrtc,
           const char *nvrtc_helper, struct nvcc_job *job)
{
  memset (job, 0, sizeof *job);
  job->nvcc = unit_nvcc ();
  job->nvrtc = g->temporal ? NULL : nvrtc;
  job->nvrtc_helper = nvrtc_helper;
  job->arch_list = mint_options.arch;
  job->source = g->text;
  job->source_len = g->len;
  job->timeout = mint_options.nvcc_timeout;
  /* GCC contracts a * b + c only under -ffp-contract=fast, GNU C's
     default (on, ISO C's, contracts nothing in GCC 12).  */
  job->no_contraction = flag_fp_contract_mode != FP_CONTRACT_FAST;
}

/* ERROR, of group I's nvcc run, at the unit's first kernel.  */
static void
report_group_error (int i, const char *error)
{
  const struct device_group *g = unit.groups[i];

  if (unit.ngroups == 1)
    error_at (unit.first_loc, "mint: %s", error);
  else if (g->first_line == g->last_line)
    error_at (unit.first_loc, "mint: the device code of the loop nest of "
              "line %d: %s", g->first_line, error);
  else
    error_at (unit.first_loc, "mint: the device code of the loop nests of "
              "lines %d to %d: %s", g->first_line, g->last_line, error);
  if (!mint_options.keep)
    {
      char *name = kept_file_name (i, "cu");
      inform (unit.first_loc, "mint: %<-fplugin-arg-mint-keep%> keeps "
              "the CUDA source as %s", name);
      free (name);
    }
}

/* Where the device code of the unit's groups came from: how many from
   the cache, and what ran.  */
struct unit_compile
{
  int n;                        /* groups */
  struct nvcc_result *results;  /* per group */
  struct device_cache_entry *entries;
  struct device_cache_report *cache;
  char *nvrtc, *nvrtc_helper;   /* unit_nvrtc's, or NULL */
  int nvrtc_groups;             /* groups whose PTX NVRTC makes */
  int nran;                     /* groups compiled by nvcc */
  int *missing;                 /* their indices */
  struct nvcc_batch *batch;     /* their runs, under way; or NULL */
  bool failed;                  /* a run failed */
  struct nvcc_jobs_report jobs; /* when NRAN > 0 */
};

/* The unit's, from the start of its runs (PLUGIN_ALL_IPA_PASSES_START)
   to its images (PLUGIN_FINISH_UNIT, or at once where LTO streams the
   unit out before then: runs_overlap_p); N is 0 outside.  */
static struct unit_compile unit_compile;

/* "; device code cached (KEY)" and the like for C's group I, or "".  */
static char *
cache_clause (const struct unit_compile *c, int i)
{
  const struct device_cache_report *r = &c->cache[i];

  if (r->use == DEVICE_CACHE_STORED)
    return concat ("; device code cached (", r->key, ")",
                   r->why ? ", replacing an entry that was ignored: " : "",
                   r->why ? r->why : "", NULL);
  if (r->use == DEVICE_CACHE_UNUSED && r->why)
    return concat ("; device code not cached: ", r->why, NULL);
  return xstrdup ("");
}

/* -fplugin-arg-mint-verbose: where the device code came from.  */
static void
report_device_code (const struct unit_compile *c)
{
  static const char *const limits[] = {
    "-fplugin-arg-mint-nvcc-jobs", "make's jobserver",
    "make's jobserver, closed to this compile", "the CPUs"
  };
  const char *archs = c->results[0].archs;
  const char *compiler = c->nvrtc_groups == 0 ? "nvcc"
                         : c->nvrtc_groups == c->n ? "NVRTC"
                         : "NVRTC and nvcc";
  int hits = c->n - c->nran;
  char *cached = cache_clause (c, 0);

  if (c->n == 1 && hits == 1)
    inform_n (unit.first_loc, unit.nkernels,
              "mint: device code from the cache (%s) for %d kernel "
              "(archs %s)",
              "mint: device code from the cache (%s) for %d kernels "
              "(archs %s)", c->cache[0].key, unit.nkernels, archs);
  else if (c->n == 1)
    inform_n (unit.first_loc, unit.nkernels,
              "mint: compiled %d kernel with %s (archs %s)%s",
              "mint: compiled %d kernels with %s (archs %s)%s",
              unit.nkernels, compiler, archs, cached);
  else if (hits == c->n)
    inform (unit.first_loc, "mint: device code from the cache for %d "
            "kernels in %d groups (archs %s)", unit.nkernels, c->n, archs);
  else
    inform (unit.first_loc, "mint: compiled %d kernels with %s in %d "
            "groups, %d at once (%s; archs %s)%s", unit.nkernels, compiler,
            c->n, c->jobs.most_at_once, limits[c->jobs.limit], archs,
            hits ? "; some groups' device code from the cache" : "");
  free (cached);
  for (int i = 0; c->n > 1 && i < c->n; i++)
    if (c->cache[i].use == DEVICE_CACHE_UNUSED && c->cache[i].why)
      {
        inform (unit.first_loc, "mint: device code not cached: %s",
                c->cache[i].why);
        break;
      }
  if (c->nran > 0 && c->jobs.limit == NVCC_JOBS_JOBSERVER_CLOSED)
    inform (unit.first_loc, "mint: %<MAKEFLAGS%> names a jobserver that "
            "make did not pass on to this compile: nvcc runs one at a "
            "time (make passes it on to recipe lines that start with "
            "%<+%>)");
}

/* RAN, the results of the runs of C's groups that the cache lacked, into
   C's results and the cache.  */
static void
take_results (struct unit_compile *c, struct nvcc_result *ran)
{
  for (int j = 0; j < c->nran; j++)
    {
      int i = c->missing[j];
      c->results[i] = ran[j];
      if (c->results[i].fatbin && !c->results[i].error)
        device_cache_store (&c->entries[i], &c->results[i],
                            mint_options.device_cache_size, &c->cache[i]);
    }
}

/* Whether C's runs may go on while cc1 compiles the host code: unless
   LTO streams the unit out, with its images, before that ends.  */
static bool
runs_overlap_p (void)
{
  return !flag_generate_lto;
}

/* The groups' fatbins of C from the cache, and nvcc runs started for
   the others: in the background where they may overlap the host code
   (nvcc_start_fatbins), else at once (nvcc_compile_fatbins).  0, or -1
   where a run failed.  */
static int
start_groups (struct unit_compile *c)
{
  struct nvcc_job *runs = XNEWVEC (struct nvcc_job, c->n);
  int rc = 0;

  c->missing = XNEWVEC (int, c->n);
  for (int i = 0; i < c->n; i++)
    {
      struct nvcc_job job;
      group_job (unit.groups[i], c->nvrtc, c->nvrtc_helper, &job);
      c->nvrtc_groups += job.nvrtc != NULL;
      if (device_cache_lookup (&job, mint_options.device_cache,
                               mint_options.device_cache_size,
                               &c->entries[i], &runs[c->nran],
                               &c->results[i], &c->cache[i]) == 0)
        c->missing[c->nran++] = i;
    }
  if (c->nran > 0 && runs_overlap_p ())
    c->batch = nvcc_start_fatbins (runs, c->nran, mint_options.nvcc_jobs);
  if (c->nran > 0 && !c->batch)
    {
      struct nvcc_result *ran = XNEWVEC (struct nvcc_result, c->nran);
      rc = nvcc_compile_fatbins (runs, c->nran, mint_options.nvcc_jobs, ran,
                                 &c->jobs);
      take_results (c, ran);
      XDELETEVEC (ran);
    }
  XDELETEVEC (runs);
  return rc;
}

/* C's images, or its errors; then C and the unit's groups go.  */
static void
finish_unit (struct unit_compile *c, int rc)
{
  if (rc != 0)
    {
      for (int i = 0; i < c->n; i++)
        if (c->results[i].error)
          report_group_error (i, c->results[i].error);
    }
  else if (!seen_error ())
    {
      for (int i = 0; i < c->n; i++)
        {
          embed_image (i, c->results[i].fatbin, c->results[i].size);
          if (mint_options.keep)
            keep_file (i, "fatbin", c->results[i].fatbin,
                       c->results[i].size);
        }
      if (mint_options.verbose)
        report_device_code (c);
    }
  for (int i = 0; i < c->n; i++)
    {
      nvcc_result_free (&c->results[i]);
      device_cache_entry_free (&c->entries[i]);
      device_cache_report_free (&c->cache[i]);
      free (unit.groups[i]->text);
      XDELETE (unit.groups[i]);
    }
  XDELETEVEC (unit.groups);
  unit.groups = NULL;
  unit.ngroups = 0;
  XDELETEVEC (c->results);
  XDELETEVEC (c->entries);
  XDELETEVEC (c->cache);
  XDELETEVEC (c->missing);
  free (c->nvrtc);
  free (c->nvrtc_helper);
  memset (c, 0, sizeof *c);
}

/* PLUGIN_ALL_IPA_PASSES_START: every kernel is known.  */
static void
start_unit_device_code (void *, void *)
{
  struct unit_compile *c = &unit_compile;
  int rc;

  if (unit.nkernels == 0 || seen_error ())
    return;
  memset (c, 0, sizeof *c);
  c->n = unit.ngroups;
  unit_nvrtc (&c->nvrtc, &c->nvrtc_helper);
  c->results = XCNEWVEC (struct nvcc_result, c->n);
  c->entries = XCNEWVEC (struct device_cache_entry, c->n);
  c->cache = XCNEWVEC (struct device_cache_report, c->n);
  for (int i = 0; i < c->n; i++)
    {
      struct device_group *g = unit.groups[i];
      fclose (g->cuda);
      g->cuda = NULL;
      if (mint_options.keep)
        keep_file (i, "cu", g->text, g->len);
    }
  rc = start_groups (c);
  c->failed = rc != 0;
  /* Where runs may overlap the host code, the images always come at the
     end, so that the object is the same with and without a cache hit.  */
  if (!runs_overlap_p ())
    finish_unit (c, rc);
}

/* PLUGIN_FINISH_UNIT: the host code is compiled; the runs that went on
   meanwhile are waited for, and the images, which are output at once
   now (varpool_node::finalize_decl once the symbol table is finished),
   join the descriptors that point at them.  */
static void
finish_unit_device_code (void *, void *)
{
  struct unit_compile *c = &unit_compile;

  if (c->n == 0)
    return;
  if (c->batch)
    {
      struct nvcc_result *ran = XNEWVEC (struct nvcc_result, c->nran);
      c->failed |= nvcc_finish_fatbins (c->batch, ran, &c->jobs) != 0;
      c->batch = NULL;
      take_results (c, ran);
      XDELETEVEC (ran);
    }
  finish_unit (c, c->failed ? -1 : 0);
}

/* PLUGIN_FINISH: a compile that failed after the runs started has not
   reached PLUGIN_FINISH_UNIT; they are stopped.  */
static void
abandon_unit_device_code (void *, void *)
{
  struct unit_compile *c = &unit_compile;

  if (!c->batch)
    return;
  nvcc_stop_fatbins (c->batch);
  c->batch = NULL;
  finish_unit (c, -1);
}

void
mint_device_register_callbacks (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) device_code_roots);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     start_unit_device_code, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT,
                     finish_unit_device_code, NULL);
  register_callback (plugin_name, PLUGIN_FINISH, abandon_unit_device_code,
                     NULL);
}
