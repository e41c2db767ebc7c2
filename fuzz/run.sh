#!/usr/bin/env bash
# fuzz/run.sh — build the libFuzzer harnesses of the JSON readers with clang
# (-DDAEBENCH_FUZZ=ON: coverage, address, undefined) and run each for a bounded
# time from its seed corpus (fuzz/corpus/<target>/, copied: the repository's
# corpus is not changed).  Prints executions and executions per second of each;
# exits 1 if a fuzzer found a crash (the input is kept in
# BUILD/fuzz-artifacts/<target>/: fix the bug, then add the input to
# fuzz/regress/<target>/ so that the fuzz/replay_<target> test keeps it).
# usage: fuzz/run.sh [SECONDS_EACH (60)] [TARGET ...]
# env: FUZZ_BUILD (build-fuzz), CC (clang), FUZZ_NO_BUILD=1 (run what is built)
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(reference check resume)
build=${FUZZ_BUILD:-build-fuzz}
cc=${CC:-clang}
case $cc in *clang*) ;; *) cc=clang ;; esac
if ! command -v "$cc" >/dev/null; then
    echo "fuzz: $cc not found (the fuzzers need clang with libFuzzer)" >&2
    exit 2
fi
mkdir -p "$build"
[ -n "${FUZZ_NO_BUILD:-}" ] || {
cmake -S . -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Debug -DDAEBENCH_FUZZ=ON \
    >"$build/fuzz-configure.log" 2>&1 || { cat "$build/fuzz-configure.log" >&2; exit 2; }
cmake --build "$build" -j "${JOBS:-2}" --target "${targets[@]/#/fuzz_}" >"$build/fuzz-build.log" 2>&1 \
    || { tail -30 "$build/fuzz-build.log" >&2; exit 2; }
}
export OPENBLAS_NUM_THREADS=1
# the harnesses' scratch files: in memory when possible, removed at the end
shm=/dev/shm
[ -w "$shm" ] || shm=${TMPDIR:-/tmp}
export TMPDIR=$(mktemp -d "$shm/daebench-fuzz-run.XXXXXX")
trap 'rm -rf "$TMPDIR"' EXIT
found=0
printf '%-10s %12s %10s %8s  %s\n' target executions exec/s seconds result
for t in "${targets[@]}"; do
    work=$build/fuzz-corpus/$t
    art=$build/fuzz-artifacts/$t
    mkdir -p "$work" "$art"
    rm -f "$art"/*
    cp -n fuzz/corpus/"$t"/* "$work"/ 2>/dev/null
    log=$build/fuzz-$t.log
    "$build/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$art/" "$work" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    [ -z "$took" ] && took=$secs
    rate=$(( ${execs:-0} / (took > 0 ? took : 1) ))
    if [ $rc -ne 0 ] || ls "$art" | grep -q .; then
        result="CRASH: $(ls "$art" | head -3 | tr '\n' ' ')(log $log)"
        found=1
    else
        result=ok
    fi
    printf '%-10s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "$rate" "$took" "$result"
    if [ "$result" != ok ]; then
        # what CI needs to reproduce it: the report and the input (base64)
        grep -E -A12 '^==[0-9]+==ERROR|runtime error|deadly signal|^SUMMARY|^[^ ]*: No such|Aborted|perror' \
            "$log" | head -60 | sed 's/^/    /'
        for a in "$art"/*; do
            [ -f "$a" ] || continue
            echo "    input $(basename "$a") ($(wc -c < "$a") bytes), base64:"
            head -c 6000 "$a" | base64 -w 100 | sed 's/^/    /'
        done
    fi
done
exit $found
