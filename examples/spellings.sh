#!/bin/sh
# spellings.sh -- the design's spelling -fplugin=mint.so against the mint
# installed under MINT_PREFIX, with plugin arguments before and after the
# level: through -specs=mint.specs (found by its bare name through
# LIBRARY_PATH), where it names the installation's plugin, and without
# -specs, where GCC leaves the name to the dynamic loader, which finds the
# link LIBDIR/mint.so through LD_LIBRARY_PATH (unless the driver's own
# spec file has mint's rules).  Each builds the heat
# example, runs it (on the host fallback without a GPU) and must load the
# plugin it names.  Run by `make check' in examples/ (the environment:
# srcdir, MINT_PREFIX, CC).

work=$(pwd)/spellings.d
rm -rf "$work" && mkdir -p "$work" || exit 1
cp "$srcdir"/heat/heat.c "$srcdir"/heat/heat.h "$srcdir"/heat/main.c "$work"/ \
  || exit 1
cd "$work" || exit 1
lib=$MINT_PREFIX/lib

failed=0
# WHAT PLUGIN LEVEL COMMAND...: COMMAND builds heat with mint.so at PLUGIN
# at LEVEL (-fplugin-arg-mint-verbose's notes), and heat runs.
builds ()
{
  what=$1 plugin=$2 level=$3
  shift 3
  rm -f heat run.log
  if LD_DEBUG=libs "$@" > build.log 2>&1 \
     && grep -q "calling init: $plugin\$" build.log \
     && grep -q "note: mint: .*: level $level:" build.log \
     && ./heat 32 4 > run.log 2>&1 && grep -q 'PASS$' run.log; then
    echo "PASS: $what"
  else
    echo "FAIL: $what: $*"
    grep -v '^ *[0-9]*:' build.log | grep -e mint -e error -e warning \
      | sed 's/^/  | /'
    [ -f run.log ] && sed 's/^/  | /' run.log
    failed=1
  fi
}

verbose=-fplugin-arg-mint-verbose
exact=-fplugin-arg-mint-exact-level
builds "-specs=mint.specs -fplugin=mint.so -fmint-opt=3, arguments before" \
  "$MINT_PREFIX/lib/mint/plugin/mint.so" 3 \
  env LIBRARY_PATH="$lib${LIBRARY_PATH:+:$LIBRARY_PATH}" \
  "$CC" -specs=mint.specs $verbose $exact -fplugin=mint.so -fmint-opt=3 \
  -O2 heat.c main.c -lm -o heat
builds "-specs=mint.specs -fmint-opt=3 -fplugin=mint.so, arguments after" \
  "$MINT_PREFIX/lib/mint/plugin/mint.so" 3 \
  env LIBRARY_PATH="$lib${LIBRARY_PATH:+:$LIBRARY_PATH}" \
  "$CC" -specs=mint.specs -fmint-opt=3 -fplugin=mint.so $verbose $exact \
  -O2 heat.c main.c -lm -o heat
# The driver's own spec file, where a mint is installed with its driver
# specs, names the plugin of -fplugin=mint.so instead.
own_plugin=$("$CC" -v -fsyntax-only -x c /dev/null 2>&1 \
  | sed -n 's/^Reading specs from //p' | xargs -r sed -n 's/^# The plugin: //p' \
  | tail -n 1)
builds "no -specs: -fplugin=mint.so -fplugin-arg-mint-opt=3 -lmintrt" \
  "${own_plugin:-$lib/mint.so}" 3 \
  env LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$CC" -fplugin=mint.so $verbose -fplugin-arg-mint-opt=3 $exact \
  -I"$MINT_PREFIX/include" -O2 heat.c main.c -L"$lib" -Wl,-rpath,"$lib" \
  -lmintrt -lm -o heat

cd .. && [ $failed -eq 0 ] && rm -rf "$work"
exit $failed
