#!/bin/sh
# make-specs.sh TEMPLATE PLUGIN LIBDIR INCLUDEDIR MULTIARCH
#
# Writes the spec file TEMPLATE (mint.specs.in) describes to stdout, for
# mint.so at PLUGIN, libmintrt in LIBDIR and mint/mintrt.h under
# INCLUDEDIR.  -L and -rpath are added only for a LIBDIR that the linker
# and the dynamic loader do not search anyway (an -L/usr/lib would reorder
# the search for every library), -idirafter only for an INCLUDEDIR the
# preprocessor does not search.  MULTIARCH is gcc -print-multiarch.

if [ $# -ne 5 ]; then
  echo "usage: $0 TEMPLATE PLUGIN LIBDIR INCLUDEDIR MULTIARCH" >&2
  exit 2
fi
template=$1 plugin=$2 libdir=$3 includedir=$4 multiarch=${5:-none}

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
    cc1_flags="%{fmint-opt=*:-idirafter $includedir} " ;;
esac

exec sed -e "s|@MINT_PLUGIN@|$plugin|g" \
         -e "s|@MINT_LIB_FLAGS@|$lib_flags|g" \
         -e "s|@MINT_CC1_FLAGS@|$cc1_flags|g" "$template"
