# mutate.awk -- writes mutants of the #pragma mint lines of C sources.
#
#   awk -v seed=S -v count=N -v dir=DIR -f mutate.awk FILE...
#
# Writes DIR/mNNNN.c for NNNN = 1..N, each a copy of one of the FILEs with
# one or two of its pragma lines changed, and prints one line per mutant:
# "NAME SOURCE LINE WHAT".  The random numbers come from a Park-Miller
# generator, so a seed gives the same mutants with every awk.
# Mutations of a pragma line's tokens (those after `#pragma mint'):
# delete, duplicate or swap tokens, replace one with a random number,
# identifier or punctuator, cut the line short; and of whole lines: delete
# one, or swap it with another pragma line of the file.  Line numbers stay
# as in the source.

function random(n)
{
  state = (state * 16807) % 2147483647
  return state % n
}

function pick(list,   items, n)
{
  n = split(list, items, " ")
  return items[random(n) + 1]
}

# Splits S into tok[1..ntok]: identifiers, numbers, strings, two-character
# punctuators, single characters.
function tokenize(s,   t)
{
  ntok = 0
  while (s != "") {
    if (match(s, /^[ \t]+/)) {
      s = substr(s, RLENGTH + 1)
      continue
    }
    if (match(s, /^[A-Za-z_][A-Za-z_0-9]*/) \
        || match(s, /^[0-9][A-Za-z_0-9.]*/) \
        || match(s, /^"[^"]*"/) \
        || match(s, /^(->|<=|>=|==|!=|&&|\|\||\+\+|--|##)/))
      t = substr(s, 1, RLENGTH)
    else
      t = substr(s, 1, 1)
    tok[++ntok] = t
    s = substr(s, length(t) + 1)
  }
}

function join(   s, i)
{
  s = ""
  for (i = 1; i <= ntok; i++)
    s = s (i > 1 ? " " : "") tok[i]
  return s
}

function random_token(   kind)
{
  kind = random(3)
  if (kind == 0)
    return pick("0 -1 1 2 3 4 7 16 32 1024 1025 65536 65537 2147483647 " \
                "4294967296 99999999999999999999 1.5 0x10 1e9 010")
  if (kind == 1)
    return pick("all toDevice fromDevice shared default nest tile " \
                "chunksize nowait reduction copy parallel for barrier " \
                "single mint n N x i min max foo sizeof int double main " \
                "NULL __func__ U a")
  return pick("( ) , : + - * / % [ ] . -> ; { } ! ~ & = ? # \"s\" 'c' <")
}

# Applies one random change to the tokens of a pragma line; says which.
function mutate_tokens(   k, t, i, op)
{
  if (ntok == 0) {
    tok[++ntok] = random_token()
    return "insert"
  }
  k = random(ntok) + 1
  op = random(6)
  if (op == 0) {
    for (i = k; i < ntok; i++)
      tok[i] = tok[i + 1]
    ntok--
    return "delete " k
  }
  if (op == 1) {
    for (i = ntok; i >= k; i--)
      tok[i + 1] = tok[i]
    ntok++
    return "duplicate " k
  }
  if (op == 2 && k < ntok) {
    t = tok[k]; tok[k] = tok[k + 1]; tok[k + 1] = t
    return "swap " k
  }
  if (op == 3) {
    ntok = k - 1
    return "truncate " k
  }
  if (op == 4) {
    for (i = ntok; i >= k; i--)
      tok[i + 1] = tok[i]
    ntok++
    tok[k] = random_token()
    return "insert " k
  }
  tok[k] = random_token()
  return "replace " k
}

# The mutated text of pragma line L of file F.
function mutate_line(f, l,   text, head, what)
{
  text = line[f, l]
  sub(/\/\*.*$/, "", text)              # dg- comments of the tests
  match(text, /^[ \t]*#[ \t]*pragma[ \t]+mint/)
  head = substr(text, 1, RLENGTH)
  tokenize(substr(text, RLENGTH + 1))
  what = mutate_tokens()
  if (random(3) == 0)
    what = what "," mutate_tokens()
  mutated[f, l] = head " " join()
  return what
}

function write_mutant(name, f,   l, file)
{
  file = dir "/" name ".c"
  for (l = 1; l <= nlines[f]; l++)
    print ((f, l) in mutated ? mutated[f, l] : line[f, l]) > file
  close(file)
}

FNR == 1 { files[++nfiles] = FILENAME }
{
  line[nfiles, FNR] = $0
  nlines[nfiles] = FNR
  if ($0 ~ /^[ \t]*#[ \t]*pragma[ \t]+mint/) {
    npragmas++
    pragma_file[npragmas] = nfiles
    pragma_line[npragmas] = FNR
    file_pragmas[nfiles] = file_pragmas[nfiles] " " FNR
  }
}

END {
  state = seed % 2147483646 + 1
  for (m = 1; m <= count && npragmas > 0; m++) {
    delete mutated
    p = random(npragmas) + 1
    f = pragma_file[p]
    l = pragma_line[p]
    kind = random(10)
    if (kind == 0) {
      mutated[f, l] = ""
      what = "delete line"
    } else if (kind == 1) {
      other = pick(file_pragmas[f])
      mutated[f, l] = line[f, other]
      mutated[f, other] = line[f, l]
      what = "swap with line " other
    } else
      what = mutate_line(f, l)
    name = sprintf("m%04d", m)
    write_mutant(name, f)
    printf "%s %s %d %s\n", name, files[f], l, what
  }
}
