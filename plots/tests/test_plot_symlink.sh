#!/bin/bash
# test_plot_symlink.sh — `plot` writes its .dat files atomically (a temp file
# beside each, renamed over it; issue 28, item 10): a symlink placed in --out at
# the name of a .dat file (the work-precision data, the failed runs, the
# performance profiles) is replaced by the new file, and the file it pointed to,
# outside --out, is left as it was (the old plot wrote through the link).
# usage: test_plot_symlink.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-4 --json "$tmp/a.json" >/dev/null
"$bin" run -p pendulum -f GGL -s bdf --tol 1e-4 --json "$tmp/b.json" >/dev/null
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --max-steps 2 --json "$tmp/c.json" >/dev/null
{
    echo '{"schema": "daebench.bench/1", "suite": "quick", "runs": ['
    cat "$tmp/a.json"; echo ,; cat "$tmp/b.json"; echo ,; cat "$tmp/c.json"
    echo ']}'
} >"$tmp/bench.json"
mkdir "$tmp/out" "$tmp/outside"
names="pendulum-v28-wpd.dat pendulum-v28-failed.dat profile-scd4.dat"
for f in $names; do
    echo "precious $f" >"$tmp/outside/$f"
    ln -s "$tmp/outside/$f" "$tmp/out/$f"
done
"$bin" plot --results "$tmp/bench.json" --out "$tmp/out" >"$tmp/log" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "plot exits 0" || bad "plot: exit $rc: $(tail -3 "$tmp/log")"
for f in $names; do
    [ "$(cat "$tmp/outside/$f")" = "precious $f" ] && ok "$f: the file outside --out is untouched" \
        || bad "$f: written through the symlink: $(head -c 100 "$tmp/outside/$f")"
    [ -f "$tmp/out/$f" ] && [ ! -L "$tmp/out/$f" ] && ok "$f: now a regular file in --out" \
        || bad "$f: $(ls -l "$tmp/out/$f" 2>&1)"
done
grep -q '^# daebench work-precision data' "$tmp/out/pendulum-v28-wpd.dat" \
    && ok "the .dat data written" || bad "wpd.dat: $(head -2 "$tmp/out/pendulum-v28-wpd.dat")"
! ls -A "$tmp/out" | grep -q '\.tmp' && ok "no temp files left" || bad "temp files: $(ls -A "$tmp/out")"
summary
