#!/bin/bash
# test_disk.sh — a full disk is daebench's error, never a solver's (issue 15):
# on a small tmpfs (mounted here when the test may mount one; skipped
# otherwise) a sweep that runs out of space exits non-zero naming the error,
# records no run as "crash" or failed, and once space is back "bench --resume"
# completes it from what was saved (bench.json or the part files), every run
# ok and none twice.  report on a full disk keeps the old index.html (temp file
# + rename), merge writes no JSON without its CSV, and a write error on
# standard output (/dev/full) is exit 2.
# usage: test_disk.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
jc=$(dirname "$bin")/daebench-jsoncheck

"$bin" list >/dev/full 2>"$tmp/.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'write error on standard output' "$tmp/.err" \
    && ok "stdout on /dev/full: exit 2, said" || bad "stdout on /dev/full: exit $rc: $(cat "$tmp/.err")"

mnt=$tmp/mnt
mkdir "$mnt"
if ! mount -t tmpfs -o size=256k tmpfs "$mnt" 2>/dev/null; then
    echo "skip the full-disk cases: cannot mount a tmpfs here"
    summary
    exit $?
fi
trap 'umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT
fill() {  # leave about $1 KiB free on the tmpfs
    rm -f "$mnt/filler"
    local free
    free=$(df -k --output=avail "$mnt" | tail -1)
    [ "$free" -gt "$1" ] && head -c $(( (free - $1) * 1024 )) /dev/zero >"$mnt/filler" 2>/dev/null
}
sel=(--problems pendulum --solvers radau5,bdf --formulations GGL,EoM1 --tols 1e-4,1e-5,1e-6 --jobs 2)
fill 12
"$bin" bench "${sel[@]}" --out "$mnt/r" 2>"$tmp/log1"
rc=$?
[ $rc -ne 0 ] && grep -q 'No space left on device' "$tmp/log1" \
    && ok "full disk: exit $rc, the error named" || bad "full disk: exit $rc: $(tail -3 "$tmp/log1")"
! grep -q 'crash\|worker exited' "$tmp/log1" && ok "no run called a crash, no worker failure" || bad "crash records: $(grep 'crash\|worker exited' "$tmp/log1")"
if [ -f "$mnt/r/bench.json" ]; then
    "$jc" "$mnt/r/bench.json" | grep -q -v ' ok ' && bad "failed records on a full disk" \
        || ok "bench.json holds ok runs only"
fi
rm -f "$mnt/filler"
"$bin" bench "${sel[@]}" --out "$mnt/r" --resume 2>"$tmp/log2"
rc=$?
[ $rc -eq 0 ] && ok "space back: --resume completes" || bad "resume: exit $rc: $(tail -3 "$tmp/log2")"
grep -q 'bench: resume: [1-9][0-9]* of 12 runs' "$tmp/log2" && ok "some runs saved before the disk filled were reused" \
    || echo "note: no run saved before the disk filled: $(head -1 "$tmp/log2")"
"$jc" "$mnt/r/bench.json" | cut -d' ' -f1-6 >"$tmp/ids"
[ "$(wc -l <"$tmp/ids")" -eq 12 ] && [ "$(sort "$tmp/ids" | uniq -d | wc -l)" -eq 0 ] \
    && ! grep -q -v ' ok$' "$tmp/ids" && ok "12 runs, all ok, none twice" || bad "after resume: $(cat "$tmp/ids")"
[ -z "$(ls -A "$mnt/r" | grep '^\.')" ] && ok "no part or temporary file left" \
    || bad "left: $(ls -A "$mnt/r")"

# report: the old index.html survives a failed write
mkdir "$mnt/rep"
echo OLD >"$mnt/rep/index.html"
fill 0
"$bin" report --results "$mnt/r/bench.json" --out "$mnt/rep" 2>"$tmp/.err"
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$mnt/rep/index.html")" = OLD ] && [ "$(ls -A "$mnt/rep")" = index.html ] \
    && ok "report on a full disk: exit 2, index.html kept, no temp file" \
    || bad "report on a full disk: exit $rc, $(ls -A "$mnt/rep"): $(cat "$tmp/.err")"
# merge: neither file, or both
"$bin" merge --out "$mnt/m.json" "$mnt/r/bench.json" 2>"$tmp/.err"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$mnt/m.json" ] && [ ! -e "$mnt/m.csv" ] \
    && ok "merge on a full disk: exit 2, nothing written" || bad "merge: exit $rc, $(ls "$mnt"): $(cat "$tmp/.err")"
rm -f "$mnt/filler"
summary
