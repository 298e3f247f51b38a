#!/bin/sh
# make-specs.sh TEMPLATE PLUGIN LIBDIR INCLUDEDIR MULTIARCH
#
# Writes the spec file TEMPLATE (mint.specs.in) describes to stdout, for
# mint.so at PLUGIN, libmintrt in LIBDIR and mint/mintrt.h under
# INCLUDEDIR.  DL_LIBS in the environment (configure's, -ldl or empty)
# follows -lmintrt with -lc, for a link against the static libmintrt.
# -L and -rpath are added only for a LIBDIR that the linker
# and the dynamic loader do not search anyway (an -L/usr/lib would reorder
# the search for every library), -idirafter only for an INCLUDEDIR the
# preprocessor does not search.  MULTIARCH is gcc -print-multiarch.

if [ $# -ne 5 ]; then
  echo "usage: $0 TEMPLATE PLUGIN LIBDIR INCLUDEDIR MULTIARCH" >&2
  exit 2
fi
template=$1 plugin=$2 libdir=$3 includedir=$4 multiarch=${5:-none}

# A spec has no quoting that every place in it honours: the paths may hold
# only characters that mean nothing to the driver.
for path in "$plugin" "$libdir" "$includedir"; do
  case $path in
    *[!A-Za-z0-9_./,=+@:~-]*)
      echo "$0: $path: a spec file cannot name a path with characters other than letters, digits and _./,=+@:~-" >&2
      exit 1 ;;
  esac
done

# The plugin as the switch a spec tests, %{fplugin=PATH:...}: there every
# character but letters, digits and _,.=+@- needs a backslash.
plugin_switch=$(printf '%s\n' "$plugin" | sed 's/[^A-Za-z0-9_,.=+@-]/\\&/g')

case $libdir in
  /lib|/usr/lib|/lib64|/usr/lib64|/lib/"$multiarch"|/usr/lib/"$multiarch")
    lib_flags= ;;
  *)
    lib_flags="-L$libdir -rpath $libdir " ;;
esac
case $includedir in
  /usr/include|/usr/local/include)
    cc1_flags= ;;
  *)
    cc1_flags="%{fmint-opt=*|fplugin=$plugin_switch:-idirafter $includedir} " ;;
esac

lib_deps="${DL_LIBS:+$DL_LIBS }-lc"
case $lib_deps in
  *[!A-Za-z0-9_./,=+@:~\ -]*)
    echo "$0: DL_LIBS=$DL_LIBS: a spec file cannot name such a library" >&2
    exit 1 ;;
esac

# TEXT as the replacement of a sed s||| command.
sed_text ()
{
  printf '%s\n' "$1" | sed 's/[\\&|]/\\&/g'
}

exec sed -e "s|@MINT_PLUGIN@|$(sed_text "$plugin")|g" \
         -e "s|@MINT_PLUGIN_SWITCH@|$(sed_text "$plugin_switch")|g" \
         -e "s|@MINT_LIB_FLAGS@|$(sed_text "$lib_flags")|g" \
         -e "s|@MINT_LIB_DEPS@|$(sed_text "$lib_deps")|g" \
         -e "s|@MINT_CC1_FLAGS@|$(sed_text "$cc1_flags")|g" "$template"
