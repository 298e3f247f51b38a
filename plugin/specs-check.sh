#!/bin/sh
# specs-check.sh -- `gcc -specs=mint-build.specs -fmint-opt=N' compiles with
# the plugin and links libmintrt: one source, two sources in one command,
# -c followed by a separate link; without -fmint-opt it is plain gcc.
# Run by `make check' in plugin/ (CC, srcdir and builddir from the
# environment); the programs run on the CPU when there is no GPU.

cc=${CC:-gcc}
specs=$(pwd)/mint-build.specs
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
void scale (int n, double *a, double f);
int
main (void)
{
  double a[100];
  for (int i = 0; i < 100; i++)
    a[i] = i;
  scale (100, a, 3.0);
  return a[7] == 21.0 ? 0 : 1;
}
END

failed=0
check ()                        # WHAT COMMAND...
{
  what=$1
  shift
  if "$@" > log 2>&1; then
    echo "PASS: $what"
  else
    echo "FAIL: $what: $*"
    sed 's/^/  | /' log
    failed=1
  fi
}
offloaded ()                    # OBJECT: has the kernel image and launch
{
  nm "$1" | grep -q __mint_fatbin && nm "$1" | grep -q mint_launch
}

check "one command, two sources" \
  $cc -specs="$specs" -fmint-opt=2 -O2 main.c kern.c -o prog
check "  runs" ./prog
check "-c" $cc -specs="$specs" -fmint-opt=1 -O2 -c main.c kern.c
check "  kernel in the object" offloaded kern.o
check "separate link" $cc -specs="$specs" -fmint-opt=1 main.o kern.o -o prog2
check "  runs" ./prog2
check "without -fmint-opt: no plugin" \
  $cc -specs="$specs" -O2 -Wno-unknown-pragmas -c kern.c -o plain.o
if nm plain.o | grep -q mint_launch; then
  echo "FAIL: without -fmint-opt the plugin ran"
  failed=1
fi
cd .. && [ $failed -eq 0 ] && rm -rf $work
exit $failed
