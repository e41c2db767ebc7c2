#!/usr/bin/env bash
# fortran_peer.sh — builds the Fortran peer of `make cost`: daebench's drivers
# (peers/radau5/) of Hairer–Wanner's RADAU5 on the runs andrews-EoM-radau5 and
# pendulum-GGL-radau5, compiled with gfortran -O2 against radau5.f and radau5a.f
# of Debian's source package r-cran-desolve 1.34-1 (deSolve's copy of RADAU5;
# the source is fetched here, never kept in the repository).
#
#   scripts/fortran_peer.sh [--radau5-src DIR] [--out DIR]      (make peers)
#
# The source: DIR of --radau5-src (or of the environment variable RADAU5_SRC)
# holding radau5.f and radau5a.f, or the orig tarball
# r-cran-desolve_1.34.orig.tar.gz; else the tarball cached in OUT/src; else
# `apt-get source --download-only r-cran-desolve=1.34-1`, as root only, through a
# temporary deb-src entry in /etc/apt/sources.list.d/ (removed on any exit; apt
# reads only that entry, so the other package lists stay as they were).  The
# tarball's sha256 is checked, and the two files' (so a DIR of loose files must
# hold this very version).  Writes OUT/bin/pendulum_ggl, OUT/bin/andrews_eom
# and OUT/bin/peer.txt (what was built, with which compiler), each by rename of
# a finished file, and prints the binaries' paths.  OUT defaults to
# results/peers.  Exit 2, with one line on stderr, on bad input or a failure.
set -eu
cd "$(dirname "$0")/.."
SRC=${RADAU5_SRC:-}
OUT=results/peers
FC=${FC:-gfortran}
CC=${CC:-gcc}
PKG=r-cran-desolve
VER=1.34-1
ORIG=r-cran-desolve_1.34.orig.tar.gz
ORIG_SHA=2254305f44dde22ac685fef4c60e29a0608af0197c803107365d1d80b75c9f21
R5_SHA=596377774ee5e738e1a3aae2d7d54b29cce1a18af95009ecfc8ac2d77605f672
R5A_SHA=d375c2d56ac959f183ac85a688234fda4c58ef907fb735aaf348b368ad362edd
DRIVERS="pendulum_ggl andrews_eom"

die() { echo "fortran_peer.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --radau5-src) [ $# -ge 2 ] || die "--radau5-src needs a directory"; SRC=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (usage: scripts/fortran_peer.sh [--radau5-src DIR] [--out DIR])" ;;
    esac
done
[ -z "$SRC" ] || [ -d "$SRC" ] || die "--radau5-src/RADAU5_SRC: no directory '$SRC'"
command -v "$FC" >/dev/null 2>&1 || die "$FC not found (apt-get install gfortran)"
command -v "$CC" >/dev/null 2>&1 || die "$CC not found (apt-get install gcc)"
for d in $DRIVERS common stubs; do
    [ -r "peers/radau5/$d.f90" ] || [ -r "peers/radau5/$d.c" ] || die "peers/radau5/$d missing"
done

sha_ok() { [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

mkdir -p "$OUT/src" "$OUT/bin" || die "cannot create $OUT"
tmp=$(mktemp -d "$OUT/.peer.XXXXXX") || die "cannot write in $OUT"
stanza=""
cleanup() {
    [ -z "$stanza" ] || rm -f "$stanza"
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# the orig tarball by apt-get source, into OUT/src (root only)
fetch() {
    [ "$(id -u)" = 0 ] || die "fetching RADAU5's source needs root (a temporary deb-src entry in /etc/apt/sources.list.d); run as root, or pass --radau5-src DIR holding radau5.f and radau5a.f or $ORIG"
    command -v apt-get >/dev/null 2>&1 || die "apt-get not found: pass --radau5-src DIR holding radau5.f and radau5a.f or $ORIG"
    stanza=/etc/apt/sources.list.d/daebench-peer-src-$$.sources
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
        'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$stanza" ||
        die "cannot write $stanza"
    # apt sees only this entry (the other lists neither refreshed nor cleaned up)
    local apt=(-o "Dir::Etc::SourceList=$stanza" -o Dir::Etc::SourceParts=/nonexistent -o APT::Get::List-Cleanup=0)
    echo "fortran_peer.sh: apt-get source --download-only $PKG=$VER" >&2
    apt-get -q "${apt[@]}" update >"$tmp/apt.log" 2>&1 ||
        die "apt-get update of the deb-src entry failed: $(grep -E '^(E|Err):' "$tmp/apt.log" | head -1)"
    mkdir "$tmp/dl"
    (cd "$tmp/dl" && apt-get -q "${apt[@]}" source --download-only "$PKG=$VER") >>"$tmp/apt.log" 2>&1 ||
        die "apt-get source $PKG=$VER failed: $(grep -E '^(E|Err):' "$tmp/apt.log" | head -1)"
    rm -f "$stanza"; stanza=""
    [ -f "$tmp/dl/$ORIG" ] || die "apt-get source gave no $ORIG"
    sha_ok "$tmp/dl/$ORIG" "$ORIG_SHA" || die "$ORIG from the mirror does not match sha256 $ORIG_SHA"
    mv -f "$tmp/dl/$ORIG" "$OUT/src/$ORIG"
}

# radau5.f and radau5a.f into $tmp/src
mkdir "$tmp/src"
tarball=""
if [ -n "$SRC" ] && [ -f "$SRC/radau5.f" ] && [ -f "$SRC/radau5a.f" ]; then
    cp "$SRC/radau5.f" "$SRC/radau5a.f" "$tmp/src/"
    from="$SRC/radau5.f, radau5a.f"
elif [ -n "$SRC" ]; then
    [ -f "$SRC/$ORIG" ] || die "$SRC holds neither radau5.f and radau5a.f nor $ORIG"
    tarball=$SRC/$ORIG
else
    [ -f "$OUT/src/$ORIG" ] || fetch
    tarball=$OUT/src/$ORIG
fi
if [ -n "$tarball" ]; then
    sha_ok "$tarball" "$ORIG_SHA" || die "$tarball does not match sha256 $ORIG_SHA (remove it to fetch it again)"
    tar -xzf "$tarball" -C "$tmp" deSolve/src/radau5.f deSolve/src/radau5a.f 2>"$tmp/tar.log" ||
        die "cannot extract radau5.f, radau5a.f from $tarball: $(head -1 "$tmp/tar.log")"
    mv "$tmp/deSolve/src/radau5.f" "$tmp/deSolve/src/radau5a.f" "$tmp/src/"
    from="$PKG $VER ($ORIG, sha256 $ORIG_SHA)"
fi
sha_ok "$tmp/src/radau5.f" "$R5_SHA" || die "radau5.f is not deSolve 1.34's (sha256 differs from $R5_SHA)"
sha_ok "$tmp/src/radau5a.f" "$R5A_SHA" || die "radau5a.f is not deSolve 1.34's (sha256 differs from $R5A_SHA)"

# gfortran -O2; the drivers with -Wall (the callbacks' unused arguments are
# RADAU5's fixed interface); the binaries renamed into OUT/bin when all are built
b=$tmp/build
mkdir "$b"
compile() {  # compile WHAT CMD...: run the compiler, die with its first error
    local what=$1; shift
    "$@" >>"$b/log" 2>&1 || die "compiling $what failed: $(grep -m1 -iE 'error' "$b/log" || tail -1 "$b/log")"
}
compile stubs.c "$CC" -O2 -c peers/radau5/stubs.c -o "$b/stubs.o"
compile radau5.f "$FC" -O2 -c "$tmp/src/radau5.f" -o "$b/radau5.o"
compile radau5a.f "$FC" -O2 -c "$tmp/src/radau5a.f" -o "$b/radau5a.o"
fflags=(-O2 -Wall -Wno-unused-dummy-argument -J "$b" -I "$b")
compile common.f90 "$FC" "${fflags[@]}" -c peers/radau5/common.f90 -o "$b/common.o"
for d in $DRIVERS; do
    compile "$d.f90" "$FC" "${fflags[@]}" -c "peers/radau5/$d.f90" -o "$b/$d.o"
    compile "$d" "$FC" -O2 -o "$b/$d" "$b/$d.o" "$b/common.o" "$b/radau5.o" "$b/radau5a.o" "$b/stubs.o"
    # a smoke run: one integration that must succeed
    "$b/$d" 1 >"$b/$d.out" 2>&1 && grep -q '^idid=1 .*naccpt=[1-9]' "$b/$d.out" ||
        die "the built $d does not integrate: $(tail -1 "$b/$d.out")"
done
if grep -qi warning "$b/log"; then
    echo "fortran_peer.sh: compiler warnings:" >&2
    grep -i -A3 warning "$b/log" >&2
fi
printf 'RADAU5 (Hairer-Wanner) from %s; %s -O2: %s\n' "$from" "$FC" "$("$FC" --version | head -1)" >"$b/peer.txt"
for d in $DRIVERS peer.txt; do
    mv -f "$b/$d" "$OUT/bin/$d"
done
for d in $DRIVERS; do
    echo "$OUT/bin/$d"
done
