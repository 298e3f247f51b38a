/* test-kir.c -- the Kernel IR without a compiler: kir_finish's checks and
   messages, type helpers, the math table, signatures, counts, the dump,
   the emitted CUDA text and the walk's invariant statements.  */

#define _GNU_SOURCE             /* open_memstream */
#include "kir-test.h"
#include "walk-invariants.h"
#include "unroll.h"
#include "kir-edit.h"
#include "webs.h"
#include "if-convert.h"
#include "stencil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                     \
  do                                                                    \
    if (!(cond))                                                        \
      {                                                                 \
        printf ("FAIL: %s:%d: %s\n", __FILE__, __LINE__, #cond);        \
        failures++;                                                     \
      }                                                                 \
  while (0)

/* Text written by WRITE (K, OUT); caller frees.  */
static char *
capture (const struct kir_kernel *k,
         void (*write) (const struct kir_kernel *, FILE *))
{
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&text, &len);
  if (!out)
    {
      perror ("open_memstream");
      exit (1);
    }
  write (k, out);
  fclose (out);
  return text;
}

static void
emit_or_fail (const struct kir_kernel *k, FILE *out)
{
  char err[256];
  if (t_emit (out, k, NULL, err, sizeof err) != 0)
    {
      printf ("FAIL: cuda_emit_kernel: %s\n", err);
      failures++;
    }
}

static void
expect_text (const char *what, const char *text, const char *needle)
{
  if (strstr (text, needle))
    return;
  printf ("FAIL: %s lacks \"%s\"; it is:\n%s\n", what, needle, text);
  failures++;
}

/* ---- kir_finish rejects malformed kernels -------------------------------- */

/* y[i] = x[i] * 2 over one dimension: valid until a mutation breaks it.  */
static struct kir_kernel *
small_kernel (void)
{
  struct kir_kernel *k = kir_kernel_new ("small", "small.c", 1);
  int i = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &i, (int[]) { 32 }, (int[]) { 1 });
  int x = kir_add_array (k, "x", KIR_F64, 1, 0);
  int y = kir_add_array (k, "y", KIR_F64, 1, 0);
  int v = kir_add_local (k, "v", KIR_F64);
  int b = kir_add_block (k);
  t_load (k, b, v, t_at_ivs (k, x, 0, 0, 0));
  t_op2 (k, b, KIR_MUL, v, kir_local (k, v), kir_float (KIR_F64, 2.0));
  t_store (k, b, t_at_ivs (k, y, 0, 0, 0), kir_local (k, v));
  kir_set_next (k, b);
  return k;
}

static struct kir_stmt *
stmt (struct kir_kernel *k, int i)
{
  return &k->blocks[0].stmts[i];
}

static void m_none (struct kir_kernel *k) { (void) k; }
static void m_unterminated (struct kir_kernel *k) { kir_add_block (k); }
static void m_bad_succ (struct kir_kernel *k) { kir_set_goto (k, 0, 7); }
static void m_bad_local (struct kir_kernel *k) { stmt (k, 1)->args[0].index = 42; }
static void m_type_mismatch (struct kir_kernel *k)
{ stmt (k, 1)->args[1] = kir_float (KIR_F32, 2.0); }
static void m_load_type (struct kir_kernel *k) { k->arrays[0].elem = KIR_F32; }
static void m_rank (struct kir_kernel *k) { stmt (k, 0)->access.rank = 2; }
static void m_step (struct kir_kernel *k) { k->dims[0].step = 0; }
static void m_chunk (struct kir_kernel *k) { k->chunk[0] = 3; }
static void m_tile_beyond (struct kir_kernel *k) { k->tile[1] = 4; }
static void m_threads (struct kir_kernel *k) { k->tile[0] = 2048; }
static void m_no_dims (struct kir_kernel *k) { k->ndims = 0; }
static void m_iv_float (struct kir_kernel *k) { k->locals[0].type = KIR_F64; }
static void m_write_iv (struct kir_kernel *k) { stmt (k, 1)->dst = 0; }
static void m_callee (struct kir_kernel *k)
{
  struct kir_stmt *s = stmt (k, 1);
  s->kind = KIR_CALL;
  s->callee = "printf";
}
static void m_call_arg (struct kir_kernel *k)
{
  struct kir_stmt *s = stmt (k, 1);
  s->kind = KIR_CALL;
  s->callee = "sqrtf";
  s->nargs = 1;
}
static void m_mod_float (struct kir_kernel *k) { stmt (k, 1)->op = KIR_MOD; }
static void m_cmp_dst (struct kir_kernel *k) { stmt (k, 1)->op = KIR_LT; }
static void m_float_cond (struct kir_kernel *k)
{
  int b = kir_add_block (k);
  kir_set_next (k, b);
  kir_set_branch (k, 0, kir_local (k, 1), b, b);
}
static void m_duplicate (struct kir_kernel *k) { kir_add_scalar (k, "x", KIR_I32); }
static void m_identifier (struct kir_kernel *k) { kir_add_local (k, "D.1234", KIR_I32); }
static void m_scalar_type (struct kir_kernel *k) { kir_add_scalar (k, "c", KIR_I16); }
static void m_reduced_twice (struct kir_kernel *k)
{
  kir_add_reduction (k, 1, KIR_RED_ADD);
  kir_add_reduction (k, 1, KIR_RED_MAX);
}
static void m_flat_rank (struct kir_kernel *k) { kir_add_array (k, "f", KIR_F64, 2, 1); }
static void m_term_var (struct kir_kernel *k)
{ stmt (k, 0)->access.index[0].terms[0].var = kir_float (KIR_F64, 1.0); }
static void m_no_blocks (struct kir_kernel *k) { k->nblocks = 0; }

static const struct
{
  void (*mutate) (struct kir_kernel *);
  const char *message;          /* NULL: accepted */
} mutations[] = {
  { m_none, NULL },
  { m_unterminated, "block 1: not terminated" },
  { m_bad_succ, "jumps to block 7, which does not exist" },
  { m_bad_local, "local 42 does not exist" },
  { m_type_mismatch, "types double and float differ" },
  { m_load_type, "load: types double and float differ" },
  { m_rank, "access of rank 2 to array 'x' of rank 1" },
  { m_step, "dimension x has step 0" },
  { m_chunk, "tile 32 in x is not a multiple of chunk 3" },
  { m_tile_beyond, "beyond the 1 parallel dimensions must be 1" },
  { m_threads, "2048 threads in x exceed" },
  { m_no_dims, "0 parallel dimensions" },
  { m_iv_float, "induction variable 'i' has type double" },
  { m_write_iv, "assigns the induction variable 'i'" },
  { m_callee, "'printf' is not a device math function" },
  { m_call_arg, "argument 1 of sqrtf has type double, not float" },
  { m_mod_float, "% on type double" },
  { m_cmp_dst, "destination must be bool" },
  { m_float_cond, "branch condition of type double" },
  { m_duplicate, "the name 'x' is used twice" },
  { m_identifier, "'D.1234' is not a valid C identifier" },
  { m_scalar_type, "scalar 'c' has type short" },
  { m_reduced_twice, "'v' is reduced twice" },
  { m_flat_rank, "flat array 'f' of rank 2 has no valid stride 0" },
  { m_term_var, "a term's variable must be a local or a scalar" },
  { m_no_blocks, "the body has no blocks" },
};

static void
test_finish_rejects (void)
{
  for (size_t i = 0; i < sizeof mutations / sizeof *mutations; i++)
    {
      struct kir_kernel *k = small_kernel ();
      mutations[i].mutate (k);
      char err[256] = "";
      int rc = kir_finish (k, err, sizeof err);
      const char *want = mutations[i].message;
      if (want ? rc != -1 || !strstr (err, want) : rc != 0)
        {
          printf ("FAIL: mutation %zu: rc %d, message \"%s\", expected %s\n",
                  i, rc, err, want ? want : "success");
          failures++;
        }
      else if (want && strncmp (err, "kernel small: ", 14) != 0)
        {
          printf ("FAIL: message does not name the kernel: %s\n", err);
          failures++;
        }
      if (m_no_blocks == mutations[i].mutate)
        k->nblocks = 1;           /* so the block is freed */
      kir_kernel_free (k);
    }
}

/* ---- properties --------------------------------------------------------- */

static void
test_types (void)
{
  CHECK (kir_type_size (KIR_U8) == 1 && kir_type_size (KIR_I16) == 2);
  CHECK (kir_type_size (KIR_F32) == 4 && kir_type_size (KIR_U64) == 8);
  CHECK (kir_type_size (KIR_VOID) == 0);
  CHECK (kir_type_is_float (KIR_F32) && !kir_type_is_float (KIR_I64));
  CHECK (kir_type_is_signed (KIR_I8) && !kir_type_is_signed (KIR_U32));
  CHECK (!strcmp (kir_type_cuda (KIR_U64), "unsigned long long"));
  CHECK (!strcmp (kir_type_cuda (KIR_I8), "signed char"));
  CHECK (!strcmp (kir_type_cuda (KIR_BOOL), "bool"));
  CHECK (kir_type_sig (KIR_U32) == 'I' && kir_type_sig (KIR_F64) == 'd');
  CHECK (kir_type_sig (KIR_I16) == 0);
  CHECK (kir_type_int_bound (KIR_I8, 1) == 127
         && kir_type_int_bound (KIR_I16, 0) == -32768);
  CHECK (kir_type_int_bound (KIR_I64, 0) == -9223372036854775807LL - 1);
  CHECK (kir_type_int_bound (KIR_U32, 1) == -1
         && kir_type_int_bound (KIR_U8, 0) == 0);
  CHECK (kir_type_int_bound (KIR_BOOL, 1) == -1);
}

static void
test_math_table (void)
{
  CHECK (!strcmp (kir_math_function ("sqrt"), "sqrt"));
  CHECK (!strcmp (kir_math_function ("fabsf"), "fabsf"));
  CHECK (!strcmp (kir_math_function ("__builtin_pow"), "pow"));
  CHECK (!strcmp (kir_math_function ("llabs"), "llabs"));
  CHECK (!strcmp (kir_math_function ("fmaf"), "fmaf"));
  CHECK (!strcmp (kir_math_function ("lgamma"), "lgamma"));
  CHECK (kir_math_function ("printf") == NULL);
  CHECK (kir_math_function ("sqrtl") == NULL);   /* no long double on GPUs */
  CHECK (kir_math_function (NULL) == NULL);
  /* An int among floating arguments: ldexp's exponent, jnf's order.  */
  const struct kir_math *ldexp = kir_math_lookup ("ldexp");
  const struct kir_math *jnf = kir_math_lookup ("jnf");
  CHECK (kir_math_arg_type (ldexp, 0) == KIR_F64
         && kir_math_arg_type (ldexp, 1) == KIR_I32);
  CHECK (kir_math_arg_type (jnf, 0) == KIR_I32
         && kir_math_arg_type (jnf, 1) == KIR_F32 && jnf->ret == KIR_F32);
  CHECK (kir_math_arg_type (kir_math_lookup ("nextafter"), 1) == KIR_F64);
}

static void
test_signatures_and_counts (void)
{
  char buf[32];
  struct kir_kernel *k = case_scalars ();
  kir_scalar_sig (k, buf);
  CHECK (!strcmp (buf, "iIlLfd"));
  kir_reduction_sig (k, buf);
  CHECK (!strcmp (buf, ""));
  kir_kernel_free (k);

  k = case_reduce ("reduce", 1);
  kir_reduction_sig (k, buf);
  CHECK (!strcmp (buf, "d+dMi+lmd*"));
  kir_kernel_free (k);

  k = case_heat3d ("heat3d", 0);
  CHECK (k->arrays[0].read && !k->arrays[0].written);
  CHECK (!k->arrays[1].read && k->arrays[1].written);
  CHECK (kir_bytes_per_point (k) == 16);
  CHECK (kir_flops_per_point (k) == 9);     /* 7 adds, 2 muls */
  kir_kernel_free (k);

  k = case_math ();
  CHECK (kir_bytes_per_point (k) == 24);
  CHECK (kir_flops_per_point (k) == 13);    /* 8 calls (fma 2), 4 adds */
  kir_kernel_free (k);

  k = case_step_chunk ();                   /* read and written */
  CHECK (kir_bytes_per_point (k) == 16);
  kir_kernel_free (k);
}

static void
test_dump (void)
{
  struct kir_kernel *k = case_heat3d ("heat3d", 0);
  char *text = capture (k, kir_dump);
  expect_text ("heat3d dump", text, "kernel heat3d (heat3d.c:10) opt 0\n");
  expect_text ("heat3d dump", text, "  dim x: i step 1 tile 8 chunk 1\n");
  expect_text ("heat3d dump", text, "  dim z: k step 1 tile 2 chunk 1\n");
  expect_text ("heat3d dump", text, "  array U double rank 3 read\n");
  expect_text ("heat3d dump", text, "  array Unew double rank 3 written\n");
  expect_text ("heat3d dump", text, "  scalar c1 double\n");
  expect_text ("heat3d dump", text, "    nb = U[k][j][i - 1]\n");
  expect_text ("heat3d dump", text, "    nb = U[k - 1][j][i]\n");
  expect_text ("heat3d dump", text, "    Unew[k][j][i] = res\n    next\n");
  free (text);
  kir_kernel_free (k);

  k = case_flat1d ();
  text = capture (k, kir_dump);
  expect_text ("flat1d dump", text, "  array a double rank 1 flat read\n");
  expect_text ("flat1d dump", text, "    x = a[idx + nx]\n");
  expect_text ("flat1d dump", text, "    x = a[idx - nx]\n");
  expect_text ("flat1d dump", text, "    row = j * nx\n");
  free (text);
  kir_kernel_free (k);

  k = case_cond2d ();
  text = capture (k, kir_dump);
  expect_text ("cond2d dump", text, "    if p goto b1 else b2\n");
  expect_text ("cond2d dump", text, "    goto b3\n");
  expect_text ("cond2d dump", text, "    sign = p ? -1 : 1\n");
  free (text);
  kir_kernel_free (k);

  k = case_reduce ("reduce", 1);
  text = capture (k, kir_dump);
  expect_text ("reduce dump", text, "  reduction max m\n");
  expect_text ("reduce dump", text, "    m = max (m, v)\n");
  expect_text ("reduce dump", text, "    milli = (long long) t\n");
  free (text);
  kir_kernel_free (k);
}

/* ---- emitted CUDA text ----------------------------------------------------- */

static void
test_emit_text (void)
{
  struct kir_kernel *k = case_heat3d ("heat3d", 0);
  char *text = capture (k, emit_or_fail);
  expect_text ("heat3d", text,
               "extern \"C\" __global__ void __launch_bounds__ (64)\n"
               "heat3d (long long mint_lo_x, long long mint_n_x,\n"
               "    long long mint_lo_y, long long mint_n_y,\n"
               "    long long mint_lo_z, long long mint_n_z,\n"
               "    const double *__restrict__ U, long long mint_row_U, "
               "long long mint_plane_U,\n"
               "    double *__restrict__ Unew, long long mint_row_Unew, "
               "long long mint_plane_Unew,\n"
               "    double c0,\n    double c1)\n");
  expect_text ("heat3d", text, "nb = __ldg (&U[((long long) k - 1LL) * "
               "mint_plane_U + ((long long) j) * mint_row_U + "
               "((long long) i)]);");
  expect_text ("heat3d", text, "k = (int) (mint_lo_z + mint_tz * 1LL);");
  free (text);
  kir_kernel_free (k);

  k = case_scalars ();
  text = capture (k, emit_or_fail);
  expect_text ("scalars", text, "double *__restrict__ mint_u_threadIdx, "
               "long long mint_row_mint_u_threadIdx");
  expect_text ("scalars", text, "    int mint_u_class,\n    unsigned u,\n"
               "    long long mint_u_mint_n_x,\n    unsigned long long big,\n"
               "    float mint_u_sqrt,\n    double d)");
  expect_text ("scalars", text, "t = sqrt (d);");
  expect_text ("scalars", text, "mint_u_threadIdx[((long long) mint_u_new)]");
  free (text);
  kir_kernel_free (k);

  k = case_reduce ("reduce", 1);
  text = capture (k, emit_or_fail);
  expect_text ("reduce", text, "    double *mint_red_s,\n    double *mint_red_m,\n"
               "    int *mint_red_cnt,\n    long long *mint_red_mn,\n"
               "    double *mint_red_p)");
  expect_text ("reduce", text, "  m = __longlong_as_double ((long long) "
               "0xfff0000000000000ULL);\n");
  expect_text ("reduce", text, "    double mint_partial = p;\n"
               "    if (mint_block_combine (&mint_partial, mint_op_mul ()))\n"
               "      mint_atomic_mul (mint_red_p, mint_partial);\n");
  free (text);
  kir_kernel_free (k);

  k = case_narrow_reduce ();
  text = capture (k, emit_or_fail);
  expect_text ("narrow_reduce", text, "    const unsigned char *__restrict__ u, "
               "long long mint_row_u");
  expect_text ("narrow_reduce", text, "    unsigned *mint_red_cnt,\n"
               "    int *mint_red_lo,\n    int *mint_red_hi,\n"
               "    unsigned *mint_red_any,\n    unsigned *mint_red_prod)");
  expect_text ("narrow_reduce", text, "  lo = ((signed char) 127);\n"
               "  hi = ((short) -32768);\n  any = false;\n");
  expect_text ("narrow_reduce", text, "x = (unsigned) x * (unsigned) x;");
  expect_text ("narrow_reduce", text, "    int mint_partial = lo;\n");
  free (text);
  char sig[16];
  kir_reduction_sig (k, sig);
  expect_text ("narrow_reduce", sig, "I+imiMIMI*");
  kir_kernel_free (k);

  k = case_types ();
  text = capture (k, emit_or_fail);
  expect_text ("types", text, "l = l ^ (-9223372036854775807LL - 1);");
  expect_text ("types", text, "big = big * 18446744073709551615ULL;");
  expect_text ("types", text, "u2 = u2 * 2654435761U;");
  expect_text ("types", text, "e = e ^ ((unsigned char) 90);");
  expect_text ("types", text, "f = f / 0x1.cp+2f;");
  free (text);
  kir_kernel_free (k);

  k = case_heat3d ("heat3d_opt3", 3);
  text = capture (k, emit_or_fail);
  /* Tile 2 in z with chunksize 1: no walking along z, level 1 tiles.  */
  expect_text ("heat3d_opt3", text, "level 1 code (level 3 asked for)");
  expect_text ("heat3d_opt3", text, "__shared__ double mint_s0[1 * 4 * 6 * 10];");
  expect_text ("heat3d_opt3", text, "__syncthreads ();");
  free (text);
  kir_kernel_free (k);
}

static void
test_emit_unfinished (void)
{
  struct kir_kernel *k = kir_kernel_new ("empty", "empty.c", 1);
  char err[256] = "";
  FILE *out = fopen ("/dev/null", "w");
  CHECK (out && t_emit (out, k, NULL, err, sizeof err) == -1);
  CHECK (strstr (err, "kernel empty: not finished") != NULL);
  if (out)
    fclose (out);
  kir_kernel_free (k);
}

/* v[i] = c[1] * u[i] + w[k] through two private arrays: C, of constant
   subscripts only, becomes locals; W, at a variable one, stays an array
   of the thread.  */
static void
test_private_arrays (void)
{
  struct kir_kernel *k = kir_kernel_new ("priv", "priv.c", 3);
  int iv = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &iv, (int[]) { 64 }, (int[]) { 1 });
  int u = kir_add_array (k, "u", KIR_F64, 1, 0);
  int v = kir_add_array (k, "v", KIR_F64, 1, 0);
  int kk = kir_add_local (k, "k", KIR_I32);
  int t = kir_add_local (k, "t", KIR_F64);
  int x = kir_add_local (k, "x", KIR_F64);
  int c = kir_add_private (k, "c", KIR_F64, 1, (int[]) { 2 });
  int w = kir_add_private (k, "w", KIR_F64, 1, (int[]) { 3 });
  int b = kir_add_block (k);
  struct kir_access at = { c, 1, { { 1, 0, { { { 0 }, 0 } } } } };
  struct kir_stmt *s = kir_append (k, b, KIR_PSTORE);
  s->access = at;
  s->nargs = 1;
  s->args[0] = kir_float (KIR_F64, 0.25);
  s = kir_append (k, b, KIR_PLOAD);
  s->access = at;
  s->dst = t;
  t_op2 (k, b, KIR_MOD, kk, kir_local (k, iv), kir_int (KIR_I32, 3));
  at.array = w;
  at.index[0] = t_iv (k, kk, 0);
  s = kir_append (k, b, KIR_PSTORE);
  s->access = at;
  s->nargs = 1;
  s->args[0] = kir_local (k, t);
  t_load (k, b, x, t_at (k, u, t_iv (k, iv, 0), t_iv (k, iv, 0),
                         t_iv (k, iv, 0)));
  t_op2 (k, b, KIR_MUL, x, kir_local (k, x), kir_local (k, t));
  s = kir_append (k, b, KIR_PLOAD);
  s->access = at;
  s->dst = t;
  t_op2 (k, b, KIR_ADD, x, kir_local (k, x), kir_local (k, t));
  t_store (k, b, t_at (k, v, t_iv (k, iv, 0), t_iv (k, iv, 0),
                       t_iv (k, iv, 0)), kir_local (k, x));
  kir_set_next (k, b);

  kir_scalarize_privates (k);
  CHECK (k->nprivates == 1 && strcmp (k->privates[0].name, "w") == 0);
  CHECK (k->blocks[b].stmts[0].kind == KIR_ASSIGN
          && strcmp (k->locals[k->blocks[b].stmts[0].dst].name, "c_1") == 0);
  CHECK (k->blocks[b].stmts[3].kind == KIR_PSTORE
          && k->blocks[b].stmts[3].access.array == 0);
  char err[256];
  CHECK (kir_finish (k, err, sizeof err) == 0);
  char *text = capture (k, emit_or_fail);
  expect_text ("priv", text, "  double w[3];\n");
  expect_text ("priv", text, "c_1 = 0x1p-2;");
  expect_text ("priv", text, "t = c_1;");
  expect_text ("priv", text, "w[((long long) k)] = t;");
  expect_text ("priv", text, "t = w[((long long) k)];");
  free (text);
  kir_kernel_free (k);
}

/* A C89 body's counter k of two loops (the forward and the backward pass
   of a line sweep) becomes two locals, the second named "k_0" for the
   program's k; a flag set in either arm of a branch and read after it
   stays one.  */
static void
test_split_webs (void)
{
  struct kir_kernel *k = kir_kernel_new ("webs", "webs.c", 70);
  int iv = kir_add_local (k, "i", KIR_I32);
  t_dims (k, 1, &iv, (int[]) { 64 }, (int[]) { 1 });
  int u = kir_add_array (k, "u", KIR_F64, 2, 0);
  int c = kir_add_local (k, "k", KIR_I32);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int f = kir_add_local (k, "f", KIR_I32);
  int x = kir_add_local (k, "x", KIR_F64);
  int entry = kir_add_block (k), h1 = kir_add_block (k);
  int b1 = kir_add_block (k), mid = kir_add_block (k);
  int h2 = kir_add_block (k), b2 = kir_add_block (k);
  int a1 = kir_add_block (k), a2 = kir_add_block (k);
  int join = kir_add_block (k);
  t_op1 (k, entry, KIR_MOV, c, kir_int (KIR_I32, 1));
  kir_set_goto (k, entry, h1);
  t_op2 (k, h1, KIR_LT, more, kir_local (k, c), kir_int (KIR_I32, 8));
  kir_set_branch (k, h1, kir_local (k, more), b1, mid);
  t_load (k, b1, x, t_at (k, u, t_iv (k, iv, 0), t_iv (k, c, -1),
                          t_iv (k, c, -1)));
  t_store (k, b1, t_at (k, u, t_iv (k, iv, 0), t_iv (k, c, 0),
                        t_iv (k, c, 0)), kir_local (k, x));
  t_op2 (k, b1, KIR_ADD, c, kir_local (k, c), kir_int (KIR_I32, 1));
  kir_set_goto (k, b1, h1);
  t_op1 (k, mid, KIR_MOV, c, kir_int (KIR_I32, 6));
  kir_set_goto (k, mid, h2);
  t_op2 (k, h2, KIR_GE, more, kir_local (k, c), kir_int (KIR_I32, 0));
  kir_set_branch (k, h2, kir_local (k, more), b2, a1);
  t_load (k, b2, x, t_at (k, u, t_iv (k, iv, 0), t_iv (k, c, 1),
                          t_iv (k, c, 1)));
  t_store (k, b2, t_at (k, u, t_iv (k, iv, 0), t_iv (k, c, 0),
                        t_iv (k, c, 0)), kir_local (k, x));
  t_op2 (k, b2, KIR_SUB, c, kir_local (k, c), kir_int (KIR_I32, 1));
  kir_set_goto (k, b2, h2);
  t_op1 (k, a1, KIR_MOV, f, kir_int (KIR_I32, 1));
  t_op2 (k, a1, KIR_LT, more, kir_local (k, iv), kir_int (KIR_I32, 3));
  kir_set_branch (k, a1, kir_local (k, more), join, a2);
  t_op1 (k, a2, KIR_MOV, f, kir_int (KIR_I32, 2));
  kir_set_goto (k, a2, join);
  t_op1 (k, join, KIR_CVT, x, kir_local (k, f));
  t_store (k, join, t_at (k, u, t_iv (k, iv, 0), t_iv (k, iv, 0),
                          t_iv (k, iv, 0)), kir_local (k, x));
  kir_set_next (k, join);

  /* k's second loop, more's second and third test, x's second load
     and its conversion.  */
  CHECK (kir_split_webs (k) == 5);
  int second = k->blocks[mid].stmts[0].dst;
  CHECK (second != c && strcmp (k->locals[second].name, "k_0") == 0
         && strcmp (kir_local_text (k, second), "k") == 0);
  CHECK (k->blocks[b1].stmts[2].dst == c
         && kir_names_local (&k->blocks[b1].stmts[2].args[0], c));
  CHECK (kir_names_local (&k->blocks[h2].stmts[0].args[0], second));
  CHECK (k->blocks[b2].stmts[0].access.index[1].terms[0].var.index == second);
  CHECK (k->blocks[b2].stmts[2].dst == second
         && kir_names_local (&k->blocks[b2].stmts[2].args[0], second));
  /* more: the test of each loop and of the branch, each its own.  */
  CHECK (k->blocks[h1].cond.index == more
         && k->blocks[h2].cond.index != more
         && k->blocks[a1].cond.index != more);
  CHECK (k->blocks[a2].stmts[0].dst == f
         && kir_names_local (&k->blocks[join].stmts[0].args[0], f));
  char err[256];
  CHECK (kir_finish (k, err, sizeof err) == 0);
  kir_kernel_free (k);
}

/* A loop of three iterations over the planes of U, its second skipped
   by a condition on its variable alone, is unrolled into straight code
   that loads U at planes 0 and 2; a loop of a symbolic bound stays.  */
static void
test_unroll (void)
{
  struct kir_kernel *k = kir_kernel_new ("unroll", "unroll.c", 50);
  int iv[2] = { kir_add_local (k, "i", KIR_I32),
                kir_add_local (k, "j", KIR_I32) };
  t_dims (k, 2, iv, (int[]) { 16, 4 }, (int[]) { 1, 1 });
  int u = kir_add_array (k, "U", KIR_F64, 3, 0);
  int out = kir_add_array (k, "out", KIR_F64, 2, 0);
  int kk = kir_add_local (k, "kk", KIR_I32);
  int s = kir_add_local (k, "s", KIR_F64);
  int t = kir_add_local (k, "t", KIR_F64);
  int more = kir_add_local (k, "more", KIR_BOOL);
  int skip = kir_add_local (k, "skip", KIR_BOOL);
  int entry = kir_add_block (k), head = kir_add_block (k);
  int body = kir_add_block (k), load = kir_add_block (k);
  int latch = kir_add_block (k), exit_ = kir_add_block (k);
  t_op1 (k, entry, KIR_MOV, s, kir_float (KIR_F64, 0.0));
  t_op1 (k, entry, KIR_MOV, kk, kir_int (KIR_I32, 0));
  kir_set_goto (k, entry, head);
  t_op2 (k, head, KIR_LT, more, kir_local (k, kk), kir_int (KIR_I32, 3));
  kir_set_branch (k, head, kir_local (k, more), body, exit_);
  t_op2 (k, body, KIR_EQ, skip, kir_local (k, kk), kir_int (KIR_I32, 1));
  kir_set_branch (k, body, kir_local (k, skip), latch, load);
  t_load (k, load, t, t_at (k, u, t_iv (k, kk, 0), t_iv (k, iv[1], 0),
                            t_iv (k, iv[0], 0)));
  t_op2 (k, load, KIR_ADD, s, kir_local (k, s), kir_local (k, t));
  kir_set_goto (k, load, latch);
  t_op2 (k, latch, KIR_ADD, kk, kir_local (k, kk), kir_int (KIR_I32, 1));
  kir_set_goto (k, latch, head);
  t_store (k, exit_, t_at_ivs (k, out, 0, 0, 0), kir_local (k, s));
  kir_set_next (k, exit_);
  char err[256];
  CHECK (kir_finish (k, err, sizeof err) == 0);
  CHECK (kir_unroll_constant_loops (k) == 1);
  struct stencil_info info;
  stencil_analyze (k, &info);
  CHECK (!info.nested_loops);
  CHECK (info.arrays[u].regular == 0);  /* plane 0 and 2: no loop variable */
  stencil_info_free (&info);
  int planes = 0, loads = 0;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      if (k->blocks[b].stmts[i].kind == KIR_LOAD)
        {
          const struct kir_affine *f = &k->blocks[b].stmts[i].access.index[0];
          loads++;
          CHECK (f->nterms == 0);
          planes |= 1 << f->constant;
        }
  CHECK (loads == 2 && planes == 5);
  kir_kernel_free (k);

  k = case_inner_loop ();
  CHECK (kir_unroll_constant_loops (k) == 0);
  kir_kernel_free (k);
}

/* kir_sink_stores: the boundary copied in one arm of a branch and the
   star stored in the other become one store where they join, of a local
   each arm sets; arms that store other elements keep their stores, and
   so does an arm that goes on by a branch.  */
static void
test_sink_stores (void)
{
  for (int form = 0; form < 3; form++)
    {
      struct kir_kernel *k = kir_kernel_new ("sink", "sink.c", 60);
      int iv[2] = { kir_add_local (k, "x", KIR_I32),
                    kir_add_local (k, "y", KIR_I32) };
      t_dims (k, 2, iv, (int[]) { 16, 16 }, (int[]) { 1, 1 });
      int a = kir_add_array (k, "a", KIR_F64, 2, 0);
      int b = kir_add_array (k, "b", KIR_F64, 2, 0);
      int edge = kir_add_local (k, "edge", KIR_BOOL);
      int c = kir_add_local (k, "c", KIR_F64);
      int l = kir_add_local (k, "l", KIR_F64);
      int entry = kir_add_block (k), copy = kir_add_block (k);
      int star = kir_add_block (k), join = kir_add_block (k);
      t_op2 (k, entry, KIR_EQ, edge, kir_local (k, iv[0]),
             kir_int (KIR_I32, 0));
      kir_set_branch (k, entry, kir_local (k, edge), copy, star);
      t_load (k, copy, c, t_at_ivs (k, a, 0, 0, 0));
      t_store (k, copy, t_at_ivs (k, b, 0, 0, 0), kir_local (k, c));
      kir_set_goto (k, copy, join);
      t_load (k, star, l, t_at_ivs (k, a, 0, 0, -1));
      t_store (k, star, t_at_ivs (k, b, 0, 0, form == 1), kir_local (k, l));
      if (form == 2)
        kir_set_branch (k, star, kir_local (k, edge), join, join);
      else
        kir_set_goto (k, star, join);
      kir_set_next (k, join);
      char err[256];
      CHECK (kir_finish (k, err, sizeof err) == 0);
      CHECK (kir_sink_stores (k) == (form == 0));
      int stores = 0;
      for (int blk = 0; blk < k->nblocks; blk++)
        for (int i = 0; i < k->blocks[blk].nstmts; i++)
          stores += k->blocks[blk].stmts[i].kind == KIR_STORE;
      CHECK (stores == (form == 0 ? 1 : 2));
      if (form == 0)
        {
          const struct kir_block *j = &k->blocks[join];
          CHECK (j->nstmts == 1 && j->stmts[0].kind == KIR_STORE
                 && j->stmts[0].access.array == b);
          const struct kir_stmt *last = &k->blocks[star].stmts[1];
          CHECK (last->kind == KIR_ASSIGN && last->op == KIR_MOV
                 && last->args[0].index == l
                 && j->stmts[0].args[0].index == last->dst);
          CHECK (kir_finish (k, err, sizeof err) == 0);
        }
      kir_kernel_free (k);
    }
}

/* The roles walk_invariants gives a body's statements in a walk along
   z: a call of x's and a division by y's expression are computed before
   the walk, with the conversions they need; a division by z, one by a
   loaded value, a call of a local the body sets twice and one of a
   scalar's reduction stay in the step.  */
static void
test_walk_invariants (void)
{
  struct kir_kernel *k = kir_kernel_new ("walk", "w.c", 1);
  static const char *const names[] = { "x", "y", "z" };
  int iv[3];
  for (int d = 0; d < 3; d++)
    iv[d] = kir_add_local (k, names[d], KIR_I32);
  static const int tile[3] = { 32, 8, 4 }, chunk[3] = { 1, 1, 4 };
  t_dims (k, 3, iv, tile, chunk);
  int a = kir_add_array (k, "a", KIR_F64, 3, 0);
  int h = kir_add_scalar (k, "h", KIR_F64);
  int l[12];
  for (int i = 0; i < 12; i++)
    {
      char name[8];
      snprintf (name, sizeof name, "t%d", i);
      l[i] = kir_add_local (k, name, KIR_F64);
    }
  int b = kir_add_block (k);
  struct kir_operand one = kir_float (KIR_F64, 1.0);
  t_op1 (k, b, KIR_CVT, l[0], kir_local (k, iv[0]));            /* prologue */
  struct kir_operand x = kir_local (k, l[0]);
  t_call (k, b, "exp", l[1], 1, &x);                             /* hoisted */
  t_op1 (k, b, KIR_CVT, l[2], kir_local (k, iv[1]));            /* prologue */
  t_op2 (k, b, KIR_ADD, l[3], kir_local (k, l[2]), kir_scalar (k, h));
  t_op2 (k, b, KIR_DIV, l[4], one, kir_local (k, l[3]));         /* hoisted */
  t_op1 (k, b, KIR_CVT, l[5], kir_local (k, iv[2]));
  t_op2 (k, b, KIR_DIV, l[6], one, kir_local (k, l[5]));
  t_load (k, b, l[7], t_at_ivs (k, a, 0, 0, 0));
  t_op2 (k, b, KIR_DIV, l[8], one, kir_local (k, l[7]));
  t_op1 (k, b, KIR_MOV, l[9], kir_local (k, l[1]));
  t_op2 (k, b, KIR_MUL, l[9], kir_local (k, l[9]), kir_local (k, l[4]));
  struct kir_operand twice = kir_local (k, l[9]);
  t_call (k, b, "sqrt", l[10], 1, &twice);
  t_op2 (k, b, KIR_ADD, l[11], kir_local (k, l[10]), kir_local (k, l[6]));
  t_op2 (k, b, KIR_ADD, l[11], kir_local (k, l[11]), kir_local (k, l[8]));
  t_store (k, b, t_at_ivs (k, a, 0, 0, 0), kir_local (k, l[11]));
  kir_set_next (k, b);
  char err[256];
  CHECK (kir_finish (k, err, sizeof err) == 0);
  static const unsigned char want[] = {
    WALK_PROLOGUE, WALK_HOISTED, WALK_PROLOGUE, WALK_PROLOGUE, WALK_HOISTED,
    WALK_EACH_STEP, WALK_EACH_STEP, WALK_EACH_STEP, WALK_EACH_STEP,
    WALK_EACH_STEP, WALK_EACH_STEP, WALK_EACH_STEP, WALK_EACH_STEP,
    WALK_EACH_STEP, WALK_EACH_STEP
  };
  unsigned char role[sizeof want + 1];
  CHECK (k->blocks[0].nstmts == (int) sizeof want);
  CHECK (walk_invariants (k, 2, role) == 2);
  for (int i = 0; i < (int) sizeof want && i < k->blocks[0].nstmts; i++)
    if (role[i] != want[i])
      {
        printf ("FAIL: walk_invariants: statement %d is %d, not %d\n", i,
                role[i], want[i]);
        failures++;
      }
  /* Along y, the division by y's expression stays in the step and the
     one by z's leaves it.  */
  CHECK (walk_invariants (k, 1, role) == 2);
  CHECK (role[1] == WALK_HOISTED && role[4] == WALK_EACH_STEP
         && role[5] == WALK_PROLOGUE && role[6] == WALK_HOISTED);
  kir_kernel_free (k);
}

/* ---- kir_if_convert --------------------------------------------------- */

/* The value a 1-D body over doubles stores into array 1 at point X, run
   from block 0 (array 0 holds 10 x + 3 o^2 + o at offset o: its star
   differs from its centre).  */
static double
run_body (const struct kir_kernel *k, int x)
{
  double v[64] = { 0 };
  v[k->dims[0].iv] = x;
  double stored = -1;
  for (int b = 0, steps = 0; b >= 0 && steps < 64; steps++)
    {
      const struct kir_block *blk = &k->blocks[b];
      for (int i = 0; i < blk->nstmts; i++)
        {
          const struct kir_stmt *s = &blk->stmts[i];
          double a[3];
          for (int j = 0; j < s->nargs; j++)
            a[j] = s->args[j].kind == KIR_OPND_LOCAL ? v[s->args[j].index]
                   : s->args[j].kind == KIR_OPND_INT ? (double) s->args[j].ival
                   : s->args[j].fval;
          if (s->kind == KIR_LOAD)
            {
              long long o = s->access.index[0].constant;
              v[s->dst] = 10.0 * x + 3.0 * o * o + o;
            }
          else if (s->kind == KIR_STORE)
            stored = a[0];
          else
            switch (s->op)
              {
              case KIR_MOV: v[s->dst] = a[0]; break;
              case KIR_ADD: v[s->dst] = a[0] + a[1]; break;
              case KIR_MUL: v[s->dst] = a[0] * a[1]; break;
              case KIR_EQ: v[s->dst] = a[0] == a[1]; break;
              case KIR_LT: v[s->dst] = a[0] < a[1]; break;
              case KIR_SELECT: v[s->dst] = a[0] != 0 ? a[1] : a[2]; break;
              default: return -2;
              }
        }
      b = blk->term == KIR_NEXT ? -1
          : blk->term == KIR_GOTO ? blk->succ[0]
          : blk->succ[v[blk->cond.index] != 0 ? 0 : 1];
    }
  return stored;
}

static bool
loads_array0 (const struct kir_kernel *k, const struct kir_stmt *s,
              void *data)
{
  (void) k;
  (void) data;
  return s->access.array == 0;
}

/* `if (x == 0 || x == 15) u = a[x]; else u = star; b[x] = u' (FORM 0,
   both tests going to one copy, which the pass copies), `u = a[x];
   if (0 < x) if (x < 15) u = star; b[x] = u' (FORM 1: triangles in a
   chain), FORM 0 with the store in an arm (FORM 2), the star reading
   array 2 (FORM 3), a 4-statement limit (FORM 4): turned into selects
   in forms 0 and 1, and the same values stored at every point; the
   others keep their branches.  */
static void
test_if_convert (void)
{
  for (int form = 0; form < 5; form++)
    {
      struct kir_kernel *k = kir_kernel_new ("ifc", "ifc.c", 70);
      int x = kir_add_local (k, "x", KIR_I32);
      t_dims (k, 1, &x, (int[]) { 32 }, (int[]) { 1 });
      int a = kir_add_array (k, "a", KIR_F64, 1, 0);
      int b = kir_add_array (k, "b", KIR_F64, 1, 0);
      int c = kir_add_array (k, "c", KIR_F64, 1, 0);
      int p = kir_add_local (k, "p", KIR_BOOL);
      int q = kir_add_local (k, "q", KIR_BOOL);
      int u = kir_add_local (k, "u", KIR_F64);
      int l = kir_add_local (k, "l", KIR_F64);
      int r = kir_add_local (k, "r", KIR_F64);
      int entry = kir_add_block (k), test2 = kir_add_block (k);
      int copy = kir_add_block (k), star = kir_add_block (k);
      int join = kir_add_block (k);
      struct kir_operand lo = kir_int (KIR_I32, 0), hi = kir_int (KIR_I32, 15);
      t_op2 (k, entry, form == 1 ? KIR_LT : KIR_EQ, p,
             form == 1 ? lo : kir_local (k, x), form == 1 ? kir_local (k, x)
             : lo);
      if (form == 1)
        t_load (k, entry, u, t_at_ivs (k, a, 0, 0, 0));
      kir_set_branch (k, entry, kir_local (k, p), form == 1 ? test2 : copy,
                      form == 1 ? join : test2);
      t_op2 (k, test2, form == 1 ? KIR_LT : KIR_EQ, q, kir_local (k, x), hi);
      kir_set_branch (k, test2, kir_local (k, q), form == 1 ? star : copy,
                      form == 1 ? join : star);
      t_load (k, copy, u, t_at_ivs (k, a, 0, 0, 0));
      kir_set_goto (k, copy, join);
      t_load (k, star, l, t_at_ivs (k, form == 3 ? c : a, 0, 0, -1));
      t_load (k, star, r, t_at_ivs (k, a, 0, 0, 1));
      t_op2 (k, star, KIR_ADD, l, kir_local (k, l), kir_local (k, r));
      t_op2 (k, star, KIR_MUL, u, kir_local (k, l), kir_float (KIR_F64, 0.5));
      if (form == 2)
        t_store (k, star, t_at_ivs (k, b, 0, 0, 0), kir_local (k, u));
      kir_set_goto (k, star, join);
      t_store (k, join, t_at_ivs (k, b, 0, 0, 0), kir_local (k, u));
      kir_set_next (k, join);
      char err[256];
      CHECK (kir_finish (k, err, sizeof err) == 0);
      struct kir_kernel *before = kir_kernel_clone (k);
      int turned = kir_if_convert (k, loads_array0, NULL, form == 4 ? 3 : 48);
      CHECK (turned == (form == 0 ? 2 : form == 1 ? 2 : 0));
      int branches = 0;
      for (int blk = 0; blk < k->nblocks; blk++)
        branches += k->blocks[blk].term == KIR_BRANCH;
      CHECK (branches == (turned ? 0 : 2));
      CHECK (k->blocks[0].nstmts == before->blocks[0].nstmts);
      CHECK (kir_finish (k, err, sizeof err) == 0);
      for (int i = 0; i < 16; i++)
        if (run_body (k, i) != run_body (before, i))
          {
            printf ("FAIL: kir_if_convert form %d: at %d %g, not %g\n", form,
                    i, run_body (k, i), run_body (before, i));
            failures++;
          }
      kir_kernel_free (before);
      kir_kernel_free (k);
    }
}

/* `u = a[x]; p = u < 100; if (p) { u = u + u; p = u < 50; } b[x] = p ? -1 : u'
   (the test of an unrolled loop's next iteration assigned in the arm, as
   `for (...) { if (m > 50) break; m = ...; }' does, helper B's finding 1
   of round 82): the select of u reads the branch's condition, not p's
   new value.  */
static void
test_if_convert_condition_assigned (void)
{
  struct kir_kernel *k = kir_kernel_new ("ifp", "ifp.c", 80);
  int x = kir_add_local (k, "x", KIR_I32);
  t_dims (k, 1, &x, (int[]) { 32 }, (int[]) { 1 });
  int a = kir_add_array (k, "a", KIR_F64, 1, 0);
  int b = kir_add_array (k, "b", KIR_F64, 1, 0);
  int p = kir_add_local (k, "p", KIR_BOOL);
  int u = kir_add_local (k, "u", KIR_F64);
  int entry = kir_add_block (k), arm = kir_add_block (k);
  int join = kir_add_block (k);
  t_load (k, entry, u, t_at_ivs (k, a, 0, 0, 0));
  t_op2 (k, entry, KIR_LT, p, kir_local (k, u), kir_float (KIR_F64, 100));
  kir_set_branch (k, entry, kir_local (k, p), arm, join);
  t_op2 (k, arm, KIR_ADD, u, kir_local (k, u), kir_local (k, u));
  t_op2 (k, arm, KIR_LT, p, kir_local (k, u), kir_float (KIR_F64, 50));
  kir_set_goto (k, arm, join);
  t_select (k, join, u, kir_local (k, p), kir_float (KIR_F64, -1),
            kir_local (k, u));
  t_store (k, join, t_at_ivs (k, b, 0, 0, 0), kir_local (k, u));
  kir_set_next (k, join);
  char err[256];
  CHECK (kir_finish (k, err, sizeof err) == 0);
  struct kir_kernel *before = kir_kernel_clone (k);
  CHECK (kir_if_convert (k, loads_array0, NULL, 48) == 1);
  for (int i = 0; i < 16; i++)
    if (run_body (k, i) != run_body (before, i))
      {
        printf ("FAIL: kir_if_convert, condition assigned in the arm: at %d "
                "%g, not %g\n", i, run_body (k, i), run_body (before, i));
        failures++;
      }
  kir_kernel_free (before);
  kir_kernel_free (k);
}

int
main (void)
{
  test_finish_rejects ();
  test_types ();
  test_math_table ();
  test_signatures_and_counts ();
  test_dump ();
  test_emit_text ();
  test_private_arrays ();
  test_split_webs ();
  test_emit_unfinished ();
  test_walk_invariants ();
  test_unroll ();
  test_sink_stores ();
  test_if_convert ();
  test_if_convert_condition_assigned ();
  printf ("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
