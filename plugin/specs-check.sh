#!/bin/sh
# specs-check.sh -- `gcc -specs=mint-build.specs -fmint-opt=N' compiles
# with the plugin at level N and links libmintrt: one command with two
# sources, -c then a separate link, -S, -E, -flto; next to -fplugin=mint
# or the plugin's full path; with the specs read twice (as when both the
# driver's own spec file and -specs=mint.specs have them); a level other
# than 0-4 is one clear error; without -fmint-opt it is plain gcc.  The
# program finds mint/mintrt.h without -I and prints where its kernels ran.
# Run by `make check' in plugin/ (CC from the environment); the programs
# run on the CPU when there is no GPU.

cc=${CC:-gcc}
specs=$(pwd)/mint-build.specs
plugin_dir=$(pwd)/.libs
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
# cc1's command line, one argument per line, for -fmint-opt=3 and ARGS.
cc1_args ()                     # ARGS...
{
  $cc -specs="$specs" -fmint-opt=3 "$@" -### -c kern.c 2>&1 \
    | grep '/cc1 ' | tr ' ' '\n'
}

check "one command, two sources" \
  $cc -specs="$specs" -fmint-opt=2 -O2 main.c kern.c -o prog
check "  kernels in the program" offloaded prog
check "  runs" runs prog
check "-c" $cc -specs="$specs" -fmint-opt=1 -O2 -c main.c kern.c
check "  kernel in the object" offloaded kern.o
check "separate link" $cc -specs="$specs" -fmint-opt=1 main.o kern.o -o prog2
check "  runs" runs prog2
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
cc1_args > log
if [ "$(grep -c '^"*-fplugin=' log)" -ne 1 ] \
   || ! grep -q -e '-fplugin-arg-mint-opt=3' log \
   || grep -q -e '-fmint-opt' log; then
  fail "cc1 gets the plugin once at level 3, not -fmint-opt"
else
  echo "PASS: cc1 gets the plugin once at level 3, not -fmint-opt"
fi
cc1_args -iplugindir="$plugin_dir" -fplugin=mint > log
if [ "$(grep -c '^"*-fplugin=' log)" -ne 1 ] || ! grep -q '^"*-fplugin=mint"*$' log; then
  fail "-fplugin=mint -fmint-opt=3: the plugin once"
else
  echo "PASS: -fplugin=mint -fmint-opt=3: the plugin once"
fi
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
  $cc -specs="$specs" -O2 -Wno-unknown-pragmas -c kern.c -o plain.o
if nm plain.o | grep -q mint_launch; then
  echo "FAIL: without -fmint-opt the plugin ran"
  failed=1
fi
cd .. && [ $failed -eq 0 ] && rm -rf $work
exit $failed
