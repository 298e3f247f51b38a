#!/bin/sh
# mpi-bundle.sh BUNDLE -- the Open MPI that this machine's mpicc links
# against, copied into BUNDLE/ompi and BUNDLE/pmix so that a machine
# without MPI can run the bundle's MPI programs (mpi-run.sh sets OPAL_*,
# PMIX_* and LD_LIBRARY_PATH to find it there).
#
# Copies mpirun (orterun) and orted; every shared library they, the
# programs in BUNDLE/bin and the MCA components need, but the C library's;
# the MCA components whose libraries are among those (no InfiniBand, UCX,
# libfabric or PSM: one node, shared memory); the help texts and the
# default parameter files.  Open MPI 4 (ORTE) with external PMIx, as Debian
# 12 ships it.

set -eu
bundle=$1
ompi=$bundle/ompi
pmix=$bundle/pmix

# The C library's own parts, which every Linux machine has.
is_libc () {
  case $(basename "$1") in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libutil.so.*|\
    libresolv.so.*|ld-linux*.so.*|linux-vdso.so.*) return 0 ;;
  esac
  return 1
}

# The resolved paths of the shared libraries FILE needs, but the C
# library's; fails when one is not found.
needs () {
  out=$(ldd "$1") || { echo "mpi-bundle: ldd $1 failed" >&2; return 1; }
  if printf '%s\n' "$out" | grep -q 'not found'; then
    echo "mpi-bundle: $1 needs a library that is not installed:" >&2
    printf '%s\n' "$out" | grep 'not found' >&2
    return 1
  fi
  printf '%s\n' "$out" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
    while read -r lib; do is_libc "$lib" || echo "$lib"; done
}

info_path () {
  ompi_info --path "$1" --parsable | sed -n "s/^path:$1://p"
}

command -v ompi_info >/dev/null 2>&1 || {
  echo "mpi-bundle: no ompi_info: install Open MPI (apt-get install libopenmpi-dev openmpi-bin)" >&2
  exit 1
}
bindir=$(info_path bindir)
pkglibdir=$(info_path pkglibdir)
pkgdatadir=$(info_path pkgdatadir)
sysconfdir=$(info_path sysconfdir)
test -x "$bindir/orterun" || {
  echo "mpi-bundle: no $bindir/orterun: this is not Open MPI 4" >&2
  exit 1
}

rm -rf "$ompi" "$pmix"
mkdir -p "$ompi/bin" "$ompi/lib/openmpi" "$ompi/share" "$ompi/etc"
cp "$bindir/orterun" "$ompi/bin/orterun"
cp "$bindir/orterun" "$ompi/bin/mpirun"
cp "$bindir/orted" "$ompi/bin/orted"

# The external PMIx the launcher's PMIx component loads, from its own
# prefix (PMIX_PREFIX there).
libpmix=$(for component in "$pkglibdir"/mca_pmix_*.so; do
            needs "$component"
          done | grep '/libpmix\.so' | head -n 1 || true)

# The libraries of the launcher, the programs and PMIx, and theirs.
libs=$(for f in "$ompi/bin/orterun" "$ompi/bin/orted" "$bundle"/bin/* \
                $libpmix; do
         needs "$f"
       done | sort -u)
for lib in $libs $libpmix; do
  cp -L "$lib" "$ompi/lib/$(basename "$lib")"
done

pmix_prefix=
if [ -n "$libpmix" ]; then
  pmix_prefix=$(dirname "$(dirname "$(readlink -f "$libpmix")")")
  mkdir -p "$pmix/lib/pmix" "$pmix/share"
  cp -R "$pmix_prefix/share/." "$pmix/share/"
fi

# A component (or PMIx plugin) whose libraries are all carried already, or
# are Open MPI's own helper libraries whose libraries are; the helpers it
# needs are carried with it.
carry_component () {
  dest=$1 component=$2 extra=""
  for lib in $(needs "$component"); do
    name=$(basename "$lib")
    [ -f "$ompi/lib/$name" ] && continue
    case $name in
      libmca_common_*) ;;
      *) return 0 ;;
    esac
    for sub in $(needs "$lib"); do
      [ -f "$ompi/lib/$(basename "$sub")" ] || return 0
    done
    extra="$extra $lib"
  done
  for lib in $extra; do
    cp -L "$lib" "$ompi/lib/$(basename "$lib")"
  done
  cp "$component" "$dest/"
}

for component in "$pkglibdir"/*.so; do
  carry_component "$ompi/lib/openmpi" "$component"
done
if [ -n "$pmix_prefix" ]; then
  for component in "$pmix_prefix"/lib/pmix/*.so; do
    carry_component "$pmix/lib/pmix" "$component"
  done
fi

cp -R "$pkgdatadir" "$ompi/share/openmpi"
for conf in "$sysconfdir"/*.conf; do
  [ -f "$conf" ] && cp "$conf" "$ompi/etc/"
done

{
  echo "open-mpi: $("$bindir/orterun" --version 2>/dev/null | head -n 1)"
  echo "open-mpi-from: $bindir $pkglibdir${pmix_prefix:+ (PMIx: $pmix_prefix)}"
  echo "open-mpi-components: $(ls "$ompi/lib/openmpi" | wc -l) of $(ls "$pkglibdir"/*.so | wc -l)"
} >> "$bundle/BUILD-INFO"
