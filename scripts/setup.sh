#!/usr/bin/env bash
# setup.sh — make sure the Debian packages daebench needs are installed.
# As root: installs what is missing with apt-get.  Otherwise: prints the one
# apt-get line to run and fails.  Extra packages can be named as arguments.
set -eu
# libsuitesparse-dev: KLU, the sparse LU of the structured path (optional in CMake).
# libsundials-dev: SUNDIALS IDA, the external peer solver `ida` (optional in CMake,
# installed by default so that CI builds it and `check` compares its baseline runs;
# without it, name it optional: daebench check --optional ida).
pkgs="cmake make gcc pkg-config liblapack-dev libblas-dev libcjson-dev gnuplot-nox libsuitesparse-dev libsundials-dev $*"
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: not a Debian system; make sure these are installed: $pkgs" >&2
    exit 0
fi
missing=""
for p in $pkgs; do
    st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$st" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0
line="apt-get update && apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" = 0 ]; then
    echo "setup: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
    echo "setup: missing Debian packages; run as root: $line" >&2
    exit 1
fi
