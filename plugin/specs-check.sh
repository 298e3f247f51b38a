#!/bin/sh
# specs-check.sh -- `gcc -specs=mint-build.specs -fmint-opt=N' compiles
# with the plugin at level N and links libmintrt: one command with two
# sources, -c then a separate link, -S, -E, -flto; next to -fplugin=mint
# or the plugin's full path; a link against the static libmintrt; with
# the specs read twice (as when both the
# driver's own spec file and -specs=mint.specs have them); a level other
# than 0-4 is one clear error; -Wno-mint-dependence reaches the plugin;
# without -fmint-opt it is plain gcc.  The
# program finds mint/mintrt.h without -I and prints where its kernels ran.
#
# Then the spellings of the manual's Invoking, each with plugin arguments
# before and after -fmint-opt, through -specs= and through a spec file read
# the way GCC reads the one `make install-driver-specs' writes (a -B
# directory's specs file, which the driver reads instead of its built-in
# specs, with the same rules for unknown options), naming a copy of
# mint.so as an installation's: -fplugin=mint and -fplugin=mint.so name
# the specs' plugin, an explicit -fplugin=PATH wins over it, -specs=
# wins over the driver's file (make check of a build tree on a machine
# with mint installed); and -fplugin=mint.so without specs, which GCC
# leaves to the dynamic loader's search path.
#
# Run by `make check' in plugin/ (CC, MINT_RUNTIME_DIR and
# MINT_INCLUDE_DIR from the environment); the programs run on the CPU when
# there is no GPU.  The checks hold whatever this machine has installed:
# where a mint's driver specs are, their plugin is the one that
# -fplugin=mint.so without -specs and the -B spelling expect.

cc=${CC:-gcc}
specs=$(pwd)/mint-build.specs
plugin_dir=$(pwd)/.libs
make_specs="${SHELL:-/bin/sh} $(cd "${srcdir:-.}" && pwd)/make-specs.sh"
template=$(cd "${srcdir:-.}" && pwd)/mint.specs.in
work=specs-check.d
rm -rf $work && mkdir $work && cd $work || exit 1
cat > kern.c <<'END'
void
scale (int n, double *a, double f)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = f * a[i];
  }
#pragma mint copy(a, fromDevice, n)
}
END
cat > main.c <<'END'
#include <stdio.h>
#ifdef __MINT__
#include <mint/mintrt.h>
#endif
void scale (int n, double *a, double f);
int
main (void)
{
  double a[100];
  char where[200] = "built without the plugin";
  for (int i = 0; i < 100; i++)
    a[i] = i;
  scale (100, a, 3.0);
#ifdef __MINT__
  mint_offload_status (where, sizeof where);
#endif
  printf ("kernels: %s\n", where);
  return a[7] == 21.0 ? 0 : 1;
}
END

failed=0
fail ()                         # MESSAGE
{
  echo "FAIL: $1"
  sed 's/^/  | /' log
  failed=1
}
check ()                        # WHAT COMMAND...
{
  what=$1
  shift
  if "$@" > log 2>&1; then
    echo "PASS: $what"
  else
    fail "$what: $*"
  fi
}
offloaded ()                    # OBJECT: has the kernel image and launch
{
  nm "$1" | grep -q __mint_fatbin && nm "$1" | grep -q mint_launch
}
runs ()                         # PROGRAM: passes, says where kernels ran
{
  "./$1" && grep -q '^kernels: \(host fallback: \|.*(device \)' log
}
# The plugin options (and any -fmint-opt) that cc1 gets for COMMAND -c
# kern.c, one a line, each once: every mint spec file the driver reads
# repeats the same options.
plugin_options ()               # COMMAND...
{
  "$@" -### -c kern.c > driver.log 2>&1 || return 1
  grep '/cc1 ' driver.log | tr ' ' '\n' | tr -d '"' \
    | grep -e '^-fplugin' -e '^-fmint' | awk '!seen[$0]++'
}
cc1_gets ()                     # WHAT EXPECTED COMMAND...: in this order
{
  what=$1 expected=$2 got=
  shift 2
  if plugin_options "$@" > options; then
    got=$(tr '\n' ' ' < options)
    if [ "$got" = "$expected " ]; then
      echo "PASS: $what"
      return
    fi
  fi
  { cat driver.log; echo "cc1 gets: $got"; echo "expected: $expected"; } > log
  fail "$what: $*"
}
# The mint.so files that cc1 loads for COMMAND, as the dynamic loader
# reports them.
loaded_plugins ()               # COMMAND...
{
  LD_DEBUG=libs "$@" -fsyntax-only kern.c > ld.log 2>&1 || return 1
  sed -n 's/.*calling init: \(.*\/mint\.so\)$/\1/p' ld.log | sort -u
}
loads ()                        # WHAT PLUGIN COMMAND...
{
  what=$1 plugin=$2
  shift 2
  loaded=$(loaded_plugins "$@")
  if [ "$loaded" = "$plugin" ]; then
    echo "PASS: $what"
  else
    { grep -e mint -e error ld.log; echo "loaded: $loaded"; } > log
    fail "$what: $*"
  fi
}
noting ()                       # COMMAND...: its output also in notes.log
{
  "$@" > notes.log 2>&1
  status=$?
  cat notes.log
  return $status
}
# notes.log has -fplugin-arg-mint-verbose's notes of the plugin at level 3,
# for sm_80 (-fplugin-arg-mint-arch=sm_80).
level3_sm80 ()
{
  grep -q 'note: mint: .*not level 3' notes.log \
    && grep -E -q 'note: mint: compiled 1 kernel with (nvcc|NVRTC) \(archs sm_80\)' \
         notes.log
}

check "one command, two sources" \
  $cc -specs="$specs" -fmint-opt=2 -O2 main.c kern.c -o prog
check "  kernels in the program" offloaded prog
check "  runs" runs prog
check "-c" $cc -specs="$specs" -fmint-opt=1 -O2 -c main.c kern.c
check "  kernel in the object" offloaded kern.o
check "separate link" $cc -specs="$specs" -fmint-opt=1 main.o kern.o -o prog2
check "  runs" runs prog2
# Against the static libmintrt (a folder that holds only libmintrt.a, as
# an install configured --disable-shared has): the spec's -lmintrt comes
# after -lc, and the libraries the archive needs must follow it.
mkdir static-lib && cp "$MINT_RUNTIME_DIR/libmintrt.a" static-lib/ || exit 1
check "separate link, static libmintrt" \
  $cc -specs="$specs" -fmint-opt=1 -Lstatic-lib main.o kern.o -o prog-static
check "  needs no libmintrt.so" \
  sh -c "readelf -d prog-static > dyn.log && ! grep -q libmintrt dyn.log"
check "  runs" runs prog-static
# The driver's output goes to a file before grep reads it: a driver killed
# by SIGPIPE (grep -q stops reading) deletes its output file, here kern.o.
check "-fmint-opt=4 is level 4" \
  sh -c "$cc -specs='$specs' -fmint-opt=4 -### -c kern.c > driver.log 2>&1 \
         && grep -q -- '-fplugin-arg-mint-opt=4' driver.log"
check "-S" $cc -specs="$specs" -fmint-opt=3 -S kern.c -o kern.s
check "  kernel in the assembly" grep -q mint_launch kern.s
check "-E defines __MINT__" \
  sh -c "$cc -specs='$specs' -fmint-opt=0 -E -dM main.c -o macros.h \
         && grep -q '^#define __MINT__ 1$' macros.h"
check "-flto, one command" \
  $cc -specs="$specs" -fmint-opt=3 -flto -O2 main.c kern.c -o prog-lto
check "  runs" runs prog-lto

# Level 3 of the plugin, loaded once, also after -fplugin=mint (found in
# the build tree through -iplugindir) or -fplugin=PATH.
cc1_gets "cc1 gets the plugin once at level 3, not -fmint-opt" \
  "-fplugin=$plugin_dir/mint.so -fplugin-arg-mint-opt=3" \
  $cc -specs="$specs" -fmint-opt=3
cc1_gets "-fplugin=mint -fmint-opt=3: the plugin once" \
  "-fplugin=mint -fplugin-arg-mint-opt=3" \
  $cc -specs="$specs" -fmint-opt=3 -iplugindir="$plugin_dir" -fplugin=mint
check "-fplugin=mint -fmint-opt=1, one command" \
  $cc -specs="$specs" -iplugindir="$plugin_dir" -fplugin=mint -fmint-opt=1 \
  main.c kern.c -o prog-named
check "  runs" runs prog-named
check "-fplugin=PATH -fmint-opt=1" \
  $cc -specs="$specs" -fplugin="$plugin_dir/mint.so" -fmint-opt=1 -c kern.c \
  -o kern-path.o
check "  kernel in the object" offloaded kern-path.o
check "-fplugin=mint at the link adds libmintrt" \
  $cc -specs="$specs" -fplugin=mint main.o kern.o -o prog-link
check "specs read twice" \
  $cc -specs="$specs" -specs="$specs" -fmint-opt=2 main.c kern.c -o prog-twice
check "  runs" runs prog-twice

# ---- The spellings of the manual's Invoking -----------------------------
# Two more copies of mint.so: an installation's, which driver/specs names
# (GCC's built-in specs and that installation's mint.specs, read through
# -B the way the driver reads its own spec file), and one for an explicit
# -fplugin=PATH.
mkdir inst other driver || exit 1
cp "$plugin_dir/mint.so" inst/mint.so && cp "$plugin_dir/mint.so" other/mint.so \
  || exit 1
build_plugin=$plugin_dir/mint.so
inst_plugin=$(pwd)/inst/mint.so
other_plugin=$(pwd)/other/mint.so
{ $cc -dumpspecs && $make_specs "$template" "$inst_plugin" \
    "$MINT_RUNTIME_DIR" "$MINT_INCLUDE_DIR" ""; } > driver/specs || exit 1
with_driver=-B$(pwd)/driver/
# The driver reads its own spec file after -B's: where an installed mint
# has its rules there (make install-driver-specs), they replace driver/'s,
# and its plugin is the one to expect.
own_plugin=$($cc -v -fsyntax-only -x c /dev/null 2>&1 \
  | sed -n 's/^Reading specs from //p' | xargs -r sed -n 's/^# The plugin: //p' \
  | tail -n 1)
driver_plugin=${own_plugin:-$inst_plugin}

verbose=-fplugin-arg-mint-verbose
arch=-fplugin-arg-mint-arch=sm_80,sm_90
for spelling in -specs "driver specs" "driver specs, -specs"; do
  case $spelling in
    -specs) options="-specs=$specs" plugin=$build_plugin ;;
    "driver specs") options=$with_driver plugin=$driver_plugin ;;
    *) options="$with_driver -specs=$specs" plugin=$build_plugin ;;
  esac
  level3="-fplugin=$plugin -fplugin-arg-mint-opt=3 $verbose $arch"
  cc1_gets "$spelling: arguments after -fmint-opt" "$level3" \
    $cc $options -fmint-opt=3 $verbose $arch
  cc1_gets "$spelling: arguments before -fmint-opt" "$level3" \
    $cc $options $verbose $arch -fmint-opt=3
  cc1_gets "$spelling: arguments around -fmint-opt" "$level3" \
    $cc $options $verbose -fmint-opt=3 $arch
  cc1_gets "$spelling: -Wno-mint-dependence" \
    "$level3 -fplugin-arg-mint-Wno-dependence" \
    $cc $options -fmint-opt=3 $verbose -Wno-mint-dependence $arch
  for name in mint mint.so; do
    cc1_gets "$spelling: -fplugin=$name first" "$level3" \
      $cc $options -fplugin=$name $verbose -fmint-opt=3 $arch
    cc1_gets "$spelling: -fplugin=$name last" "$level3" \
      $cc $options $verbose -fmint-opt=3 $arch -fplugin=$name
    cc1_gets "$spelling: -fplugin=$name, plugin options spelled out" \
      "-fplugin=$plugin $verbose -fplugin-arg-mint-opt=3 $arch" \
      $cc $options $verbose -fplugin=$name -fplugin-arg-mint-opt=3 $arch
  done
  explicit="-fplugin=$other_plugin -fplugin-arg-mint-opt=3 $verbose $arch"
  cc1_gets "$spelling: an explicit -fplugin=PATH first wins" "$explicit" \
    $cc $options -fplugin="$other_plugin" $verbose -fmint-opt=3 $arch
  cc1_gets "$spelling: an explicit -fplugin=PATH last wins" "$explicit" \
    $cc $options $verbose -fmint-opt=3 $arch -fplugin="$other_plugin"
  cc1_gets "$spelling: -fplugin=mint after -iplugindir is GCC's" \
    "-fplugin=mint -fplugin-arg-mint-opt=3 $verbose" \
    $cc $options -iplugindir="$plugin_dir" $verbose -fplugin=mint -fmint-opt=3
done

# The plugin each spelling really loads, and its arguments taken.
arch=-fplugin-arg-mint-arch=sm_80
loads "driver specs, the design's -fplugin=mint.so -fmint-opt=3: the driver's plugin" \
  "$driver_plugin" $cc $with_driver -fplugin=mint.so -fmint-opt=3
check "  compiles, -fplugin-arg-mint-* before and after taken" \
  noting $cc $with_driver $verbose -fplugin=mint.so -fmint-opt=3 $arch -c kern.c \
  -o design.o
check "  the notes of level 3 for sm_80" level3_sm80
check "  kernel in the object" offloaded design.o
loads "-specs, -fmint-opt=3: the specs' plugin" \
  "$build_plugin" $cc -specs="$specs" $verbose -fmint-opt=3
check "  one command, -fplugin-arg-mint-* before and after taken" \
  noting $cc -specs="$specs" $verbose -fmint-opt=3 $arch main.c kern.c -o prog-args
check "  the notes of level 3 for sm_80" level3_sm80
check "  runs" runs prog-args
loads "driver specs, an explicit -fplugin=PATH: that plugin" \
  "$other_plugin" $cc $with_driver -fplugin="$other_plugin" -fmint-opt=3
check "  compiles, -fplugin-arg-mint-* before and after taken" \
  noting $cc $with_driver $verbose -fmint-opt=3 $arch -fplugin="$other_plugin" \
  -c kern.c -o explicit.o
check "  the notes of level 3 for sm_80" level3_sm80
check "  kernel in the object" offloaded explicit.o
loads "driver specs and -specs: the plugin of -specs" \
  "$build_plugin" $cc $with_driver -specs="$specs" -fmint-opt=3
check "  one command" \
  $cc $with_driver -specs="$specs" -fmint-opt=3 main.c kern.c -o prog-both
check "  runs" runs prog-both
# Without specs GCC takes the dot in mint.so for a path's and leaves the
# name to dlopen, which searches LD_LIBRARY_PATH (and /usr/lib, where
# make install --prefix=/usr links LIBDIR/mint.so).  The driver's own
# spec file, where it has mint's rules, names the plugin instead.
library_path=LD_LIBRARY_PATH=$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
loads "no -specs, -fplugin=mint.so: the dynamic loader's" \
  "${own_plugin:-$build_plugin}" env "$library_path" $cc -fplugin=mint.so
check "  compiles, plugin options spelled out" \
  noting env "$library_path" $cc -fplugin=mint.so $verbose -fplugin-arg-mint-opt=3 \
  $arch -c kern.c -o named.o
check "  the notes of level 3 for sm_80" level3_sm80
check "  kernel in the object" offloaded named.o

for level in 9 abc ""; do
  if $cc -specs="$specs" -fmint-opt=$level -c kern.c -o bad.o > log 2>&1; then
    fail "-fmint-opt=$level is accepted"
  elif [ "$(grep -c "error: mint: argument to '-fmint-opt=' should be 0, 1, 2, 3 or 4" log)" -ne 1 ] \
       || grep -q unrecognized log; then
    fail "-fmint-opt=$level: not the one expected error"
  else
    echo "PASS: -fmint-opt=$level is an error"
  fi
done

check "without -fmint-opt: no plugin" \
  $cc -specs="$specs" -O2 -Wno-unknown-pragmas -Wno-mint-dependence \
  -c kern.c -o plain.o
if nm plain.o | grep -q mint_launch; then
  echo "FAIL: without -fmint-opt the plugin ran"
  failed=1
fi
cd .. && [ $failed -eq 0 ] && rm -rf $work
exit $failed
