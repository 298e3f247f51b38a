# programs.sh -- sourced by the tests that write programs and compile them
# with the plugin (helpers.sh, boundaries.sh).  programs_setup NAME: sets
# cc, plugin, top, runtime and libs from make check's environment (HERE
# set by the test), skips the test (exit 77) without a plugin or runtime,
# and makes the test's empty work directory WORK.  programs_next PREFIX
# AWK: the next of COUNT programs from SEED on, its seed S, its path
# without suffix P (WORK/PREFIX S) and P.c written by AWK; false after the
# last.

programs_setup ()
{
  cc=${MINT_CC:-gcc}
  plugin=${MINT_PLUGIN:-}
  top=${MINT_TOP_SRCDIR:-$here/../..}
  runtime=${MINT_RUNTIME:-}
  libs=${MINT_LIBS:--ldl -lm}
  if [ -z "$plugin" ] || [ ! -f "$plugin" ] || [ ! -f "$runtime" ]; then
    echo "$1: no plugin or runtime (set MINT_PLUGIN to mint.so, MINT_RUNTIME to libmintrt.a): skipped"
    exit 77
  fi
  rm -rf "$work"
  mkdir -p "$work" || exit 1
  k=0
}

programs_next ()
{
  [ "$k" -lt "$count" ] || return 1
  s=$((seed + k))
  k=$((k + 1))
  p=$work/$1$s
  awk -v seed="$s" -f "$here/$2" > "$p.c" || exit 1
}
