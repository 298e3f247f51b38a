#!/bin/sh
# driver-specs.sh install|uninstall|uninstall-ours FILE CC PLUGIN [SPECS]
#
# The spec file GCC's driver reads at every run, on top of its built-in
# specs (FILE: standard_exec_prefix/TARGET/specs, e.g.
# /usr/lib/gcc/x86_64-linux-gnu/specs), with mint's lines in it, so that
# `gcc -fmint-opt=N' needs no -specs option.  Used by `make
# install-driver-specs', `make uninstall-driver-specs' and `make
# uninstall'.
#
#   install FILE CC PLUGIN SPECS  writes the header line below and SPECS (a
#                       mint.specs naming PLUGIN) into FILE.  Refuses when
#                       FILE exists and mint did not write it, or when
#                       PLUGIN is not installed.  Without DESTDIR, checks
#                       that CC now takes -fmint-opt (else removes FILE).
#   uninstall FILE      removes FILE if mint wrote it; refuses otherwise.
#   uninstall-ours FILE CC PLUGIN
#                       removes FILE if mint wrote it for PLUGIN (make
#                       uninstall of that installation); else nothing.

header='# mint driver specs: written by "make install-driver-specs" of mint;'
action=$1 file=$2 cc=$3 plugin=$4 specs=$5

written_by_mint ()
{
  head -n 1 "$file" | grep -q '^# mint driver specs:'
}

case $action in
  install)
    if [ -e "$file" ] && ! written_by_mint; then
      echo "install-driver-specs: $file exists and was not written by mint; not replacing it" >&2
      exit 1
    fi
    if [ ! -f "$DESTDIR$plugin" ]; then
      echo "install-driver-specs: $DESTDIR$plugin is not installed: run make install first" >&2
      exit 1
    fi
    mkdir -p "$(dirname "$file")" || exit 1
    { echo "$header"; echo '# "make uninstall-driver-specs" removes it.'; echo
      cat "$specs"; } > "$file.tmp" && mv "$file.tmp" "$file" || exit 1
    echo "installed $file"
    [ -n "$DESTDIR" ] && exit 0
    if ! $cc -fmint-opt=0 -### -x c -c /dev/null 2>&1 \
         | grep -q -e '-fplugin-arg-mint-opt=0'; then
      rm -f "$file"
      echo "install-driver-specs: $cc does not read $file; removed it.  It reads:" >&2
      $cc -v -x c -fsyntax-only /dev/null 2>&1 | grep -i 'specs' >&2
      exit 1
    fi
    ;;
  uninstall)
    if [ -e "$file" ]; then
      if ! written_by_mint; then
        echo "uninstall-driver-specs: $file was not written by mint; not removing it" >&2
        exit 1
      fi
      rm -f "$file" && echo "removed $file"
    fi
    ;;
  uninstall-ours)
    if [ -e "$file" ] && written_by_mint \
       && grep -q -F -e "-fplugin=$plugin}" "$file"; then
      rm -f "$file" && echo "removed $file"
    fi
    ;;
  *)
    echo "usage: $0 install|uninstall|uninstall-ours FILE CC PLUGIN [SPECS]" >&2
    exit 2
    ;;
esac
