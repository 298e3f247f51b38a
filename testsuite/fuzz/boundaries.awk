# boundaries.awk -- writes a test program (as mint.run's: mint-test.h) of
# four random stencil nests whose boundaries are written in the body, the
# ways solvers write them: periodic wraps by conditions, remainders or a
# helper of ifs, walls that clamp (conditions, a helper) or reflect (abs,
# conditions), or an open halo, one way per axis (boundaries.sh).
#   awk -v seed=N -f boundaries.awk
# The same seed, the same program.  Each nest has 1 to 3 dimensions,
# double, float, int or unsigned char cells, int, long or unsigned loop
# variables (the unsigned ones only in forms whose arithmetic stays in
# range), a star, a box or random offsets of radius 1 to 3, arrays
# indexed as arrays or flat through a macro, extents as parameters or in
# a structure, sometimes a coefficient array or a second field read at
# the offsets, and odd or tiny extents; about one nest in seven has an
# open halo along every axis, and one in ten a fixed boundary (the
# points within the halo of an edge kept or set to 0 by a condition).
# Each runs with mint and as plain loops; the program prints one line a
# nest ("ok" or "FAIL" with the largest relative difference) and exits 1
# on a difference.

function pick(n) { return int(rand() * n) }
function spaces(n,    s) { s = ""; while (n-- > 0) s = s " "; return s }
function choose(list,    a, n) { n = split(list, a, " "); return a[pick(n) + 1] }

# The subscript of the cell K from loop variable V (extent N) in FORM.
function side(form, v, k, n, unsigned_loops,    s, m, variant) {
  if (k == 0)
    return v
  m = k < 0 ? -k : k
  s = k > 0 ? v " + " k : v " - " m
  if (form == "open")
    return s
  if (unsigned_loops) {
    if (form == "clamp")
      return k < 0 ? "(" v " >= " m " ? " v " - " m " : 0)" \
                   : "(" v " + " k " < " n " ? " v " + " k " : " n " - 1)"
    if (form == "wrapm" || m > 1)
      return "(" v " + " n " " (k > 0 ? "+" : "-") " " m ") % " n
    return k < 0 ? "(" v " == 0 ? " n " - 1 : " v " - 1)" \
                 : "(" v " == " n " - 1 ? 0 : " v " + 1)"
  }
  variant = pick(3)
  if (form == "wrapc") {
    if (k < 0) {
      if (variant == 0) return "(" v " < " m " ? " v " + " n " - " m " : " s ")"
      if (variant == 1 && k == -1) return "(" v " == 0 ? " n " - 1 : " s ")"
      return "(" s " < 0 ? " s " + " n " : " s ")"
    }
    if (variant == 0) return "(" v " >= " n " - " k " ? " s " - " n " : " s ")"
    if (variant == 1 && k == 1) return "(" v " + 1 == " n " ? 0 : " s ")"
    return "(" s " >= " n " ? " s " - " n " : " s ")"
  }
  if (form == "wrapm")
    return k < 0 ? "(" s " + " n ") % " n : "(" s ") % " n
  if (form == "wrapf")
    return "wrap_index (" s ", " n ")"
  if (form == "clamp") {
    if (variant == 0) return "clamp_index (" s ", 0, " n " - 1)"
    if (k < 0)
      return variant == 1 ? "(" s " < 0 ? 0 : " s ")" \
                          : "(" v " > " (m - 1) " ? " s " : 0)"
    return variant == 1 ? "(" s " > " n " - 1 ? " n " - 1 : " s ")" \
                        : "(" v " < " n " - " k " ? " s " : " n " - 1)"
  }
  # reflect
  if (k < 0)
    return pick(2) ? "abs (" s ")" : "(" s " < 0 ? -(" s ") : " s ")"
  return pick(2) ? "(" n " - 1 - abs (" n " - 1 - (" s ")))" \
                 : "(" s " > " n " - 1 ? 2 * (" n " - 1) - (" s ") : " s ")"
}

# Whether offset O (components 1..DIMS, "dz dy dx" order reversed) is in
# the nest's set; adds it.
function add_offset(o) {
  if (o in have)
    return
  have[o] = 1
  offsets[++noffsets] = o
}

function nest(id,    dims, type, radius, shape, loops, d, forms, ext, n, \
              flat, varcoef, fields, fixed, style, steps, open_count, r, q, \
              o, c, f, total, coef, term, rhs, i, idx, subs, edge, lo, hi, \
              lhs, cells, name, unsigned_loops, integer, ax, parts, own, \
              params, dimsdecl, copy, kind, ptr, fmt, extents, desc, args) {
  split("x y z", ax, " ")
  dims = choose("1 2 2 3 3 3")
  type = choose("double double float int uchar")
  integer = type == "int" || type == "uchar"
  if (type == "uchar") type = "unsigned char"
  radius = choose("1 1 1 2 2 3")
  shape = choose("star star box random")
  if (dims == 3 && shape == "box") radius = 1
  loops = choose("int int long unsigned")
  unsigned_loops = loops == "unsigned"
  flat = rand() < 0.35
  varcoef = !integer && rand() < 0.3
  fields = rand() < 0.3
  style = choose("param struct")
  steps = 5 + pick(8)
  name = "n" id
  for (d = 1; d <= dims; d++) {
    forms[d] = unsigned_loops ? choose("open wrapc wrapm clamp") \
                              : choose("open wrapc wrapm wrapf clamp reflect")
    if (rand() < 0.15) ext[d] = 2 * radius + 1 + pick(4)
    else if (dims == 1) ext[d] = 500 + pick(4500)
    else if (dims == 2) ext[d] = 20 + pick(240)
    else ext[d] = 6 + pick(54)
    n[d] = style == "struct" ? "e->n" ax[d] : "n" ax[d]
  }
  open_count = 0
  for (d = 1; d <= dims; d++) open_count += forms[d] == "open"
  if (open_count == dims) forms[1 + pick(dims)] = "wrapc"
  # Open along every axis, or over the whole domain with the points
  # within the halo of an edge kept or set to 0 (a fixed boundary).
  fixed = 0
  r = rand()
  if (r < 0.25)
    for (d = 1; d <= dims; d++) forms[d] = "open"
  if (r < 0.1)
    fixed = 1
  # The offsets: "ox oy oz" (0 beyond DIMS).
  split("", have); noffsets = 0
  add_offset("0 0 0")
  if (shape == "star") {
    for (d = 1; d <= dims; d++)
      for (q = 1; q <= radius; q++) {
        add_offset(d == 1 ? -q " 0 0" : d == 2 ? "0 " -q " 0" : "0 0 " -q)
        add_offset(d == 1 ? q " 0 0" : d == 2 ? "0 " q " 0" : "0 0 " q)
      }
  } else {
    c = shape == "box" ? 1000 : 2 + pick(7)
    for (i = 0; i < 400 && c > 0; i++) {
      o = (pick(2 * radius + 1) - radius) " " \
          (dims > 1 ? pick(2 * radius + 1) - radius : 0) " " \
          (dims > 2 ? pick(2 * radius + 1) - radius : 0)
      if (!(o in have)) c--
      add_offset(o)
    }
  }
  total = 0
  for (i = 1; i <= noffsets; i++) {
    split(offsets[i], parts, " ")
    subs = ""
    for (d = dims; d >= 1; d--) {
      idx = side(forms[d], ax[d], parts[d], n[d], unsigned_loops)
      subs = subs (flat ? (d < dims ? ", " : "") "(" idx ")" : "[" idx "]")
    }
    c = 1 + pick(8)
    total += c
    coef[i] = c
    f = fields && pick(2) ? "v" : "a"
    term[i] = flat ? f "[IDX" dims " (" subs ")]" : f subs
  }
  rhs = ""
  for (i = 1; i <= noffsets; i++)
    rhs = rhs (i > 1 ? " + " : "") \
          (integer ? coef[i] " * " term[i] \
                   : "(" type ") " sprintf ("%.17g", coef[i] / total) " * " term[i])
  if (integer)
    rhs = "(" rhs ") / " total
  subs = ""
  for (d = dims; d >= 1; d--)
    subs = subs (flat ? (d < dims ? ", " : "") ax[d] : "[" ax[d] "]")
  lhs = flat ? "b[IDX" dims " (" subs ")]" : "b" subs
  own = flat ? "w[IDX" dims " (" subs ")]" : "w" subs
  if (varcoef)
    rhs = "(" type ") 0.5 * (" rhs ") + (" type ") 0.5 * " own " * (" rhs ")"
  if (fixed) {
    edge = ""
    for (d = 1; d <= dims; d++)
      edge = edge (d > 1 ? " || " : "") ax[d] " < " radius " || " ax[d] \
             " >= " n[d] " - " radius
    rhs = "(" edge ") ? " (pick(2) ? (flat ? "a[IDX" dims " (" subs ")]" \
                                           : "a" subs) : "(" type ") 0") \
          " : " rhs
  }

  printf "#define NEST_%s(PRAGMA, a, b, w, v) \\\n", name
  printf "  for (int t = 0; t < %d; t++) \\\n    { \\\n", steps
  printf "      PRAGMA (for nest(all) nowait) \\\n"
  for (d = dims; d >= 1; d--) {
    lo = forms[d] == "open" && !fixed ? radius : 0
    hi = forms[d] == "open" && !fixed ? n[d] " - " radius : n[d]
    printf "%sfor (%s %s = %s; %s < %s; %s++) \\\n", spaces(6 + 2 * (dims - d)), \
           loops, ax[d], lo, ax[d], hi, ax[d]
  }
  printf "%s%s = %s; \\\n", spaces(6 + 2 * dims), lhs, rhs
  printf "      PRAGMA (single) \\\n      TEST_SWAP (a, b) \\\n    }\n\n"

  # The functions: NAME_mint and NAME_c.
  params = ""
  for (d = 1; d <= dims; d++)
    params = params (d > 1 ? ", " : "") "int n" ax[d]
  if (style == "struct") params = "const struct extents *e"
  dimsdecl = ""
  for (d = dims - 1; d >= 1; d--)
    dimsdecl = dimsdecl "[" n[d] "]"
  copy = ""
  for (d = 1; d <= dims; d++)
    copy = copy (d > 1 ? ", " : "") n[d]
  if (flat) {
    copy = ""
    for (d = 1; d <= dims; d++)
      copy = copy (d > 1 ? " * " : "") "(" n[d] ")"
  }
  for (kind = 0; kind < 2; kind++) {
    ptr = flat ? type " *%s" : type " (*%s)" dimsdecl
    fmt = "static void\n%s_%s (%s, " ptr ", " ptr ", " ptr ", " ptr ")\n{\n"
    printf fmt, name, kind ? "c" : "mint", params, "a", "b", "w", "v"
    if (flat) {
      printf "#define IDX3(z, y, x) (((z) * (%s) + (y)) * (%s) + (x))\n", \
             (dims > 1 ? n[2] : "1"), n[1]
      printf "#define IDX2(y, x) ((y) * (%s) + (x))\n#define IDX1(x) (x)\n", n[1]
    }
    if (kind == 0) {
      printf "#pragma mint copy(a, toDevice, %s)\n", copy
      printf "#pragma mint copy(b, toDevice, %s)\n", copy
      if (varcoef)
        printf "#pragma mint copy(w, toDevice, %s)\n", copy
      if (fields)
        printf "#pragma mint copy(v, toDevice, %s)\n", copy
      printf "#pragma mint parallel\n  {\n    NEST_%s (MINT_PRAGMA, a, b, w, v)\n  }\n", name
      printf "#pragma mint copy(a, fromDevice, %s)\n", copy
      printf "#pragma mint copy(b, fromDevice, %s)\n", copy
    } else
      printf "  NEST_%s (NO_PRAGMA, a, b, w, v)\n", name
    printf "  (void) w;\n  (void) v;\n"
    if (flat)
      printf "#undef IDX3\n#undef IDX2\n#undef IDX1\n"
    printf "}\n\n"
  }

  cells = 1
  extents = ""
  for (d = 1; d <= dims; d++) {
    cells *= ext[d]
    extents = extents (d > 1 ? "x" : "") ext[d]
  }
  desc = sprintf ("%s: %d-D %s%s%s%s %s r%d, %s loops, %s%s, extents %s, %d steps", \
                  name, dims, type, flat ? " flat" : "", \
                  varcoef ? " coefficients" : "", fields ? " two fields" : "", \
                  shape, radius, loops, fixed ? "fixed " : "", \
                  forms[1] (dims > 1 ? "," forms[2] : "") \
                  (dims > 2 ? "," forms[3] : ""), extents, steps)
  args = ""
  for (d = 1; d <= dims; d++)
    args = args (d > 1 ? ", " : "") ext[d]
  if (style == "struct") args = "&ext"
  run[id] = sprintf ("  {\n    struct extents ext = { %d, %d, %d };\n" \
                     "    (void) ext;\n" \
                     "    new_arrays (\"%s\", %d, sizeof (%s), %s, %s);\n" \
                     "    %s *a0 = arrays[0], *b0 = arrays[1], *w0 = arrays[2];\n" \
                     "    %s *a1 = arrays[3], *b1 = arrays[4], *v0 = arrays[5];\n" \
                     "    %s_mint (%s, (void *) a0, (void *) b0, (void *) w0, (void *) v0);\n" \
                     "    %s_c (%s, (void *) a1, (void *) b1, (void *) w0, (void *) v0);\n" \
                     "    fails += !same_cells (\"%s\", %s);\n" \
                     "  }\n", \
                     ext[1], dims > 1 ? ext[2] : 1, dims > 2 ? ext[3] : 1, \
                     desc, cells, type, integer ? 1 : 0, \
                     type == "float" ? "TOL_FLOAT" : integer ? "TOL_EXACT" : "TOL_DOUBLE", \
                     type, type, name, args, name, args, desc, \
                     type == "double" ? "CELL_DOUBLE" : type == "float" ? "CELL_FLOAT" \
                     : type == "int" ? "CELL_INT" : "CELL_BYTE")
}

BEGIN {
  srand(seed)
  print "/* Generated by testsuite/fuzz/boundaries.awk, seed " seed ".  */"
  print "#include \"mint-test.h\""
  print "#include <stdlib.h>\n"
  print "struct extents { long nx, ny, nz; };"
  print "static inline int\nclamp_index (int v, int lo, int hi)\n{\n  return v < lo ? lo : v > hi ? hi : v;\n}"
  print "static inline int\nwrap_index (int v, int n)\n{\n  if (v < 0)\n    v += n;\n  if (v >= n)\n    v -= n;\n  return v;\n}\n"
  print "enum cell { CELL_DOUBLE, CELL_FLOAT, CELL_INT, CELL_BYTE };"
  print "static void *arrays[6];"
  print "static long ncells;"
  print "static double tolerance;\n"
  print "/* The value of cell I of array P of kind K.  */"
  print "static double\ncell (const void *p, enum cell k, long i)\n{"
  print "  switch (k)\n    {"
  print "    case CELL_DOUBLE: return ((const double *) p)[i];"
  print "    case CELL_FLOAT: return ((const float *) p)[i];"
  print "    case CELL_INT: return ((const int *) p)[i];"
  print "    default: return ((const unsigned char *) p)[i];\n    }\n}\n"
  print "/* Allocates the arrays of a nest of CELLS cells of SIZE bytes: a0,"
  print "   b0 for mint, a1, b1 for the plain loops, a and b alike; w0 and v0,"
  print "   read by both.  */"
  print "static void\nnew_arrays (const char *desc, long cells, size_t size, int integer, double tol)\n{"
  print "  (void) desc;\n  ncells = cells;\n  tolerance = tol;"
  print "  for (int k = 0; k < 6; k++)\n    arrays[k] = test_xmalloc (cells * size);"
  print "  for (long i = 0; i < cells; i++)\n    {"
  print "      double v = integer ? (i * 37 + 11) % 251 : (double) ((i * 37 + 11) % 1009) / 1009.0;"
  print "      double w = integer ? (i * 13 + 5) % 17 : (double) ((i * 13 + 5) % 17) / 17.0;"
  print "      double vs[6] = { v, 0, w, v, 0, integer ? (i * 7 + 3) % 101 : (double) ((i * 7 + 3) % 101) / 101.0 };"
  print "      for (int k = 0; k < 6; k++)"
  print "        switch (size)\n          {"
  print "          case 8: ((double *) arrays[k])[i] = vs[k]; break;"
  print "          case 4:"
  print "            if (integer)\n              ((int *) arrays[k])[i] = (int) vs[k];"
  print "            else\n              ((float *) arrays[k])[i] = (float) vs[k];"
  print "            break;"
  print "          default: ((unsigned char *) arrays[k])[i] = (unsigned char) vs[k];\n          }"
  print "    }\n}\n"
  print "/* Compares mint's a and b with the plain loops', reports, frees.  */"
  print "static int\nsame_cells (const char *desc, enum cell k)\n{"
  print "  double err = 0;"
  print "  for (long i = 0; i < ncells; i++)"
  print "    for (int p = 0; p < 2; p++)\n      {"
  print "        double m = cell (arrays[p], k, i), c = cell (arrays[p + 3], k, i);"
  print "        double e = m == c ? 0 : fabs (m - c) / (fabs (c) > 1e-30 ? fabs (c) : 1e-30);"
  print "        err = e > err ? e : err;\n      }"
  print "  printf (\"%s %s: largest relative difference %g\\n\", err <= tolerance ? \"ok\" : \"FAIL\", desc, err);"
  print "  for (int p = 0; p < 6; p++)\n    free (arrays[p]);"
  print "  return err <= tolerance;\n}\n"
  for (id = 0; id < 4; id++)
    nest(id)
  print "int\nmain (void)\n{\n  int fails = 0;"
  for (id = 0; id < 4; id++)
    printf "%s", run[id]
  print "  return fails != 0;\n}"
}
