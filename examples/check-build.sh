#!/bin/sh
# check-build.sh heat/BUILD-FILE -- builds the heat example with the build
# system BUILD-FILE belongs to (Makefile: plain make, CMakeLists.txt:
# CMake, configure.ac: Autoconf and Automake) against the mint installed
# under MINT_PREFIX, the way its README says: configure, build, run (on
# the host fallback without a GPU); then touches heat.c, rebuilds, checks
# that heat.c's object and the program were rebuilt but not main.c's,
# and runs the program again.  Run by `make check' in examples/ (the
# environment: srcdir, MINT_PREFIX, CC, MAKE, CMAKE, AUTORECONF,
# PKG_CONFIG).  Exits 77 (skipped) when the build system's tools are
# missing.

build_file=$(basename "$1")
case $build_file in
  Makefile) system=make tools="MAKE" ;;
  CMakeLists.txt) system=cmake tools="CMAKE PKG_CONFIG" ;;
  configure.ac) system=autotools tools="AUTORECONF PKG_CONFIG" ;;
  *) echo "check-build.sh: no build system for $1" >&2; exit 2 ;;
esac
for variable in $tools; do
  eval "tool=\${$variable-}"
  if [ -z "$tool" ] || { [ ! -x "$tool" ] && ! command -v "$tool" > /dev/null 2>&1; }; then
    echo "SKIP: $system: no $variable (configure found none)"
    exit 77
  fi
done

# The example's own make runs are not part of the make running this test.
unset MAKEFLAGS MFLAGS

work=$(pwd)/$system.d
src=$work/src
rm -rf "$work" && mkdir -p "$src" || exit 1
cp "$srcdir"/heat/* "$src"/ || exit 1
cd "$work" || exit 1

# The installation is found the way a user in another prefix finds it:
# pkg-config through PKG_CONFIG_PATH, the driver -specs=mint.specs (by
# its bare name) through LIBRARY_PATH.
PKG_CONFIG_PATH=$MINT_PREFIX/lib/pkgconfig
export PKG_CONFIG_PATH
with_library_path=LIBRARY_PATH=$MINT_PREFIX/lib${LIBRARY_PATH:+:$LIBRARY_PATH}

fail ()
{
  echo "FAIL: $system: $*"
  exit 1
}
step ()                         # WHAT COMMAND...: runs it, logs it
{
  what=$1
  shift
  echo "== $system: $what: $*"
  "$@" || fail "$what"
}

configure ()
{
  case $system in
    make) ;;
    cmake)
      step configure "$CMAKE" -S src -B build -DCMAKE_C_COMPILER="$CC" \
        -DMINT_OPT=3 ;;
    autotools)
      (cd src && step autoreconf "$AUTORECONF" -fi) || exit 1
      mkdir build
      (cd build && step configure ../src/configure CC="$CC" MINT_OPT=3) \
        || exit 1 ;;
  esac
}
build ()
{
  case $system in
    make)
      step build env "$with_library_path" "$MAKE" -C src CC="$CC" \
        MINT='-specs=mint.specs -fmint-opt=3' ;;
    cmake)
      step build "$CMAKE" --build build ;;
    autotools)
      step build "$MAKE" -C build ;;
  esac
}
program ()
{
  find "$work" -name heat -type f -perm -u+x | head -n 1
}
object ()                       # SOURCE: its object file
{
  find "$work" -name "$1.o" -o -name "$1.c.o" | head -n 1
}
# A file's modification time, to the resolution the file system keeps.
mtime ()
{
  stat -c %y "$1"
}
run ()
{
  step run "$(program)" 64 10 > run.log 2>&1
  cat run.log
  grep -q '^heat: .*kernels on: \(host fallback: \|.*(device \)' run.log \
    || fail "the program does not say where its kernels ran"
  grep -q 'PASS$' run.log || fail "the program's result"
}

configure
build
[ -n "$(program)" ] || fail "no program built"
heat_o=$(object heat)
main_o=$(object main)
[ -n "$heat_o" ] && [ -n "$main_o" ] || fail "no objects for heat.c and main.c"
nm "$heat_o" | grep -q mint_launch || fail "heat.c was compiled without the plugin"
run

heat_before=$(mtime "$heat_o")
main_before=$(mtime "$main_o")
program_before=$(mtime "$(program)")
sleep 1                         # file systems that keep whole seconds
touch src/heat.c
build
[ "$(mtime "$heat_o")" != "$heat_before" ] || fail "heat.c was not compiled again"
[ "$(mtime "$main_o")" = "$main_before" ] || fail "main.c was compiled again"
[ "$(mtime "$(program)")" != "$program_before" ] || fail "the program was not linked again"
nm "$heat_o" | grep -q mint_launch || fail "heat.c was compiled again without the plugin"
run

cd .. && rm -rf "$work"
echo "PASS: $system"
