#!/bin/bash
# test_profiles.sh — scripts/profiles.sh, the per-step profiles of the cost runs
# (docs/profiles.md) on a tiny run list: the page has its heading and one
# section per run, each with a table of at least 3 functions whose Ir/step are
# positive and descending and whose shares sum to at most 100 %, with the
# simulation columns (7 cells) or without them (--no-sim, 4 cells); where perf
# can sample, the CPU share and CPU/Ir columns too (9 cells), the CPU shares
# summing to at most 100 % with the largest of them positive, and each CPU/Ir
# the row's CPU share over its instruction share; a bad --perf-runs is
# refused with 2; a failing
# run exits 2 and leaves the page as it was, with no temporary file left beside
# it; a bad --top is refused with 2.  Skipped (passes with a note) where
# valgrind or callgrind_annotate is not installed or the binary is a sanitizer
# build.
# usage: test_profiles.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
    echo "valgrind not installed: nothing to test"
    exit 0
fi
if grep -q __asan_init "$bin"; then
    echo "a sanitizer build (valgrind cannot run it): nothing to test"
    exit 0
fi
prof() { (cd "$src" && bash scripts/profiles.sh --daebench "$bin" "$@"); }
printf 'pend bdf|-p pendulum -f GGL -s bdf --tol 1e-4\npend radau5|-p pendulum -f GGL -s radau5 --tol 1e-4\n' >"$tmp/runs"

# the rows of section $2 of page $1
rows() { awk -v t="## $2" '$0 == t { on = 1; next } /^## / { on = 0 } on && /^\| `/' "$1"; }
# the table of section $2 of page $1 is well formed, with $3 cells a row
table_ok() {
    rows "$1" "$2" | awk -F'|' -v cells="$3" '
        { n++; if (NF - 2 != cells) bad = 1; ir = $4 + 0; sh = $5 + 0
          if (ir <= 0 || (n > 1 && ir > last)) bad = 1; last = ir; sum += sh }
        END { exit !(n >= 3 && !bad && sum <= 100.5) }'
}

prof --runs "$tmp/runs" --out "$tmp/doc/profiles.md" --top 6 --no-perf >"$tmp/log" 2>&1 && ok "profiles.sh exit 0" \
    || bad "profiles.sh failed: $(cat "$tmp/log")"
p="$tmp/doc/profiles.md"
head -1 "$p" | grep -q '^# Profiles' && ok "heading" || bad "no heading: $(head -3 "$p")"
[ "$(grep -c '^## ' "$p")" = 2 ] && ok "one section per run" || bad "sections: $(grep '^## ' "$p")"
for s in "pend bdf" "pend radau5"; do
    table_ok "$p" "$s" 7 && ok "$s: table of Ir/step, share, branches, D1 and I1 misses" \
        || bad "$s: table: $(rows "$p" "$s")"
done
grep -q 'instructions per step in all' "$p" && ok "total per step" || bad "no total per step"

prof --runs "$tmp/runs" --out "$tmp/doc2/p.md" --no-sim --no-perf --top 4 >"$tmp/log" 2>&1 &&
    table_ok "$tmp/doc2/p.md" "pend bdf" 4 && [ "$(rows "$tmp/doc2/p.md" "pend bdf" | wc -l)" = 4 ] &&
    ok "--no-sim --top 4: 4 rows of 4 cells" || bad "--no-sim: $(cat "$tmp/log" "$tmp/doc2/p.md")"

# the CPU time shares (perf's software clock), where perf can sample here
if command -v perf >/dev/null 2>&1 && perf record -q -e cpu-clock -o "$tmp/probe.data" -- true >/dev/null 2>&1; then
    prof --runs "$tmp/runs" --out "$tmp/doc3/p.md" --top 6 --perf-runs 10 >"$tmp/log" 2>&1 &&
        table_ok "$tmp/doc3/p.md" "pend radau5" 9 &&
        rows "$tmp/doc3/p.md" "pend radau5" | awk -F'|' '
            { sh = $5 + 0; cpu = $6 + 0; r = $7 + 0; sum += cpu; if (cpu > top) top = cpu
              if (sh > 0.5 && cpu > 0.5 && (r < 0.9 * cpu / sh - 0.02 || r > 1.1 * cpu / sh + 0.02)) bad = 1 }
            END { exit !(!bad && sum <= 100.5 && top > 0) }' &&
        grep -q 'CPU share' "$tmp/doc3/p.md" &&
        ok "with perf: CPU share and CPU/Ir columns, consistent" || bad "perf columns: $(cat "$tmp/log"; rows "$tmp/doc3/p.md" "pend radau5")"
else
    echo "perf cannot sample here: CPU share columns not tested"
fi
prof --perf-runs 0 --out "$tmp/x.md" >/dev/null 2>&1
[ $? -eq 2 ] && ok "--perf-runs 0 refused with 2" || bad "--perf-runs 0 not refused"

cp "$p" "$tmp/before.md"
printf 'pend bdf|-p pendulum -f GGL -s bdf --tol 1e-4\nnone|-p no_such_problem -f GGL -s bdf\n' >"$tmp/runs2"
prof --runs "$tmp/runs2" --out "$p" >"$tmp/log" 2>&1
rc=$?
[ $rc -eq 2 ] && cmp -s "$p" "$tmp/before.md" && ok "failing run: exit 2, page unchanged" \
    || bad "failing run: exit $rc, page changed or not: $(cat "$tmp/log")"
[ -z "$(find "$tmp/doc" -name '.profiles.*')" ] && ok "no temporary file left" \
    || bad "left: $(ls -a "$tmp/doc")"
prof --top 0 --out "$tmp/x.md" >/dev/null 2>&1
[ $? -eq 2 ] && ok "--top 0 refused with 2" || bad "--top 0 not refused"
summary
