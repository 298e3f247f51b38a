# helpers.awk -- writes a C program with three random helper functions of
# declarations, assignments, if/else and returns, called in a `#pragma
# mint for' loop body (helpers.sh).  awk -v seed=N -f helpers.awk
# The same seed, the same program.  Locals are read only where every path
# before assigned them, so the plain build has no undefined behaviour; a
# helper the plugin refuses is an error, which helpers.sh counts apart.

function pick(n) { return int(rand() * n) }

function dexpr(vars, nvars, depth,    r, op, a, b) {
  r = rand()
  if (depth > 2 || r < 0.3) {
    r = pick(nvars + 4)
    if (r < nvars) return vars[r + 1]
    r -= nvars
    return r == 0 ? "1.5" : r == 1 ? "0.25" : r == 2 ? "-2.0" : "(double) i"
  }
  op = pick(8)
  a = dexpr(vars, nvars, depth + 1); b = dexpr(vars, nvars, depth + 1)
  if (op == 0) return "fabs (" a ")"
  if (op == 1) return "fmin (" a ", " b ")"
  if (op == 2) return "fmax (" a ", " b ")"
  if (op == 3) return "(" cond(vars, nvars, depth + 1) " ? " a " : " b ")"
  if (op == 4) return "(" a " / " (pick(2) ? "3.0" : "0.5") ")"
  return "(" a " " substr("+-*", op - 4, 1) " " b ")"
}

function cond(vars, nvars, depth,    a, b, c, r) {
  a = dexpr(vars, nvars, depth + 1); b = dexpr(vars, nvars, depth + 1)
  c = a " " substr("< <=> >===!=", 1 + 2 * pick(6), 2) " " b
  gsub(/  +/, " ", c)
  r = rand()
  if (r < 0.15) c = "!(" c ")"
  else if (r < 0.25) c = "(" c ") && (i % " (2 + pick(4)) " == 0)"
  else if (r < 0.3) c = "isnan (" a ") || " c
  return c
}

# Appends the statements of a block to OUT; ASSIGNED (NA of them) are the
# variables every path so far assigned, DECLARED (ND) the locals in scope.
# Returns the text.  MUST_RETURN: end with a return.
function block(assigned, na, declared, nd, depth, must_return,    \
               out, n, k, r, name, j, tgt, op, c, a1, n1, a2, n2, t, e, \
               has_else, d1, dn1, d2, dn2, v, i2) {
  out = ""
  n = 1 + pick(4)
  for (k = 0; k < n; k++) {
    r = rand()
    if (r < 0.25 && nd < 6) {
      name = "l" pick(100)
      for (j = 1; j <= nd; j++) if (declared[j] == name) name = ""
      if (name == "") continue
      declared[++nd] = name
      if (rand() < 0.8) {
        out = out "double " name " = " dexpr(assigned, na, 0) ";\n"
        assigned[++na] = name
      } else
        out = out "double " name ";\n"
    } else if (r < 0.55) {
      j = pick(2 + nd)
      tgt = j == 0 ? "a" : j == 1 ? "b" : declared[j - 1]
      op = substr("= +=-=*=", 1 + 2 * pick(4), 2)
      sub(/ /, "", op)
      for (j = 1; j <= na; j++) if (assigned[j] == tgt) break
      if (j > na) op = "="
      out = out tgt " " op " " dexpr(assigned, na, 0) ";\n"
      if (j > na) assigned[++na] = tgt
    } else if (r < 0.85 && depth < 3) {
      c = cond(assigned, na, 0)
      n1 = copy(assigned, na, a1); dn1 = copy(declared, nd, d1)
      t = block(a1, n1, d1, dn1, depth + 1, rand() < 0.4)
      n1 = blk_na
      has_else = rand() < 0.6
      n2 = copy(assigned, na, a2); dn2 = copy(declared, nd, d2)
      if (has_else) { e = block(a2, n2, d2, dn2, depth + 1, rand() < 0.3); n2 = blk_na }
      out = out "if (" c ")\n{\n" t "}\n"
      if (has_else) out = out "else\n{\n" e "}\n"
      # After the if, a local is assigned where both paths assigned it.
      for (j = 1; j <= n1; j++) {
        v = a1[j]
        if (!member(v, declared, nd) || member(v, assigned, na)) continue
        if (has_else ? member(v, a2, n2) : 0) assigned[++na] = v
      }
    } else if (rand() < 0.3) {
      blk_na = na
      return out "return " dexpr(assigned, na, 0) ";\n"
    }
  }
  if (must_return)
    out = out "return " dexpr(assigned, na, 0) ";\n"
  blk_na = na
  return out
}

function copy(src, n, dst,    j) { split("", dst); for (j = 1; j <= n; j++) dst[j] = src[j]; return n }
function member(v, arr, n,    j) { for (j = 1; j <= n; j++) if (arr[j] == v) return 1; return 0 }

BEGIN {
  srand(seed)
  print "#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n"
  for (h = 0; h < 3; h++) {
    split("", as); split("", ds); as[1] = "a"; as[2] = "b"
    print "static double\nh" h " (double a, double b, int i)\n{\n" \
          block(as, 2, ds, 0, 0, 1) "}\n"
  }
  print "int\nmain (void)\n{\n  int n = 200;"
  print "  double *u = malloc (n * sizeof *u), *v = malloc (n * sizeof *v);"
  print "  for (int i = 0; i < n; i++)"
  print "    {\n      u[i] = sin (0.37 * i) * (i % 7 == 0 ? 0 : 3) + (i % 23 == 0 ? NAN : 0);"
  print "      v[i] = 0;\n    }"
  print "#pragma mint copy(u, toDevice, n)\n#pragma mint copy(v, toDevice, n)"
  print "#pragma mint parallel\n  {\n#pragma mint for"
  print "    for (int i = 1; i < n - 1; i++)"
  print "      v[i] = h0 (u[i], u[i + 1], i) + 0.5 * h1 (u[i - 1], h2 (u[i], 0.5, i), i);"
  print "  }\n#pragma mint copy(v, fromDevice, n)"
  print "  for (int i = 0; i < n; i++)\n    printf (\"%.17g\\n\", v[i]);"
  print "  return 0;\n}"
}
