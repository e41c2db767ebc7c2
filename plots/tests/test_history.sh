#!/bin/bash
# test_history.sh — "daebench history" on three synthetic bench files of the
# commits aaaaaaa, bbbbbbb, ccccccc: the f_evals of pendulum GGL radau5 grow by
# 5 % (below the threshold) and then by 30 %, those of GGL bdf by 8 % and back,
# and pendulum EoM radau5 (only in the first two files) doubles.  The move of
# GGL radau5 must be named between bbbbbbb and ccccccc with x1.30 at every
# level, bdf never, and radau5's mean must use GGL only (the series in every
# file).  Also --threshold, --max, --work, the first file's "scd" (older name),
# the outputs, no gnuplot in PATH (exit 0, data written), and bad input: one
# file, a corrupt file, a missing file, a misspelt --work (exit 2, one line,
# nothing written).
# usage: test_history.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
src=$2

# gen FILE COMMIT DAY RADAU5_FACTOR BDF_FACTOR [EOM_FACTOR] [SCDNAME]: runs at
# rtol 1e-3 .. 1e-9 reaching 3 .. 9 digits with f_evals 200 * 2^k * factor, steps fixed
gen() {
    local f=$1 commit=$2 day=$3 fr=$4 fb=$5 fe=${6:-} scd=${7:-gscd}
    {
        printf '{"schema": "daebench.bench/1", "created": "2025-03-%sT10:00:00Z", ' "$day"
        printf '"git": "%s0000000000", "build": {"commit": "%s0000000000", "dirty": false},\n' \
            "$commit" "$commit"
        printf ' "machine": {"cpu": "c"}, "runs": [\n'
        local sep="" series solver form fac k
        for series in "GGL radau5 $fr" "GGL bdf $fb" ${fe:+"EoM radau5 $fe"}; do
            read -r form solver fac <<<"$series"
            for k in 0 1 2 3 4 5 6; do
                awk -v s="$sep" -v form="$form" -v solver="$solver" -v fac="$fac" -v k="$k" \
                    -v scd="$scd" 'BEGIN {
                    printf "%s{\"problem\": \"pendulum\", \"scenario\": \"v28\", \"params\": {}, ", s
                    printf "\"formulation\": \"%s\", \"solver\": \"%s\", \"rtol\": 1e-%d, ", form, solver, k + 3
                    printf "\"atol\": 1e-%d, \"status\": \"ok\", \"cpu_seconds\": 0.01, ", k + 3
                    printf "\"counters\": {\"steps\": %d, \"f_evals\": %.0f, \"decompositions\": 5}, ", \
                        50 * 2 ^ k, 200 * 2 ^ k * fac
                    printf "\"error\": {\"%s\": %d}}\n", scd, k + 3 }'
                sep=","
            done
        done
        # a failed run is no point of a curve
        printf ',{"problem": "pendulum", "scenario": "v28", "params": {}, "formulation": "GGL",
          "solver": "bdf", "rtol": 1e-12, "atol": 1e-12, "status": "failed", "reason": "budget"}\n'
        printf ']}\n'
    } >"$f"
}
gen "$tmp/h1.json" aaaaaaa 01 1 1 1 scd
gen "$tmp/h2.json" bbbbbbb 02 1.05 1.08 2
gen "$tmp/h3.json" ccccccc 03 1.365 1

# check WHAT: the last command's exit status was 0
check_rc() { [ "$1" -eq 0 ] && ok "$2: exit 0" || { bad "$2: exit $1"; cat "$tmp/err"; }; }
# has WHAT ERE: a line of $tmp/out matches
has() {
    grep -Eq -- "$2" "$tmp/out" && ok "$1" || { bad "$1: no line matching '$2'"; cat "$tmp/out"; }
}
hasnot() {
    grep -Eq -- "$2" "$tmp/out" && { bad "$1: a line matches '$2'"; cat "$tmp/out"; } || ok "$1"
}
files=("$tmp/h1.json" "$tmp/h2.json" "$tmp/h3.json")

"$bin" history "${files[@]}" --out "$tmp/o" >"$tmp/out" 2>"$tmp/err"
check_rc $? "three files"
for L in 4 6 8; do
    case $L in 4) a=420 b=546 ;; 6) a=1680 b=2184 ;; 8) a=6720 b=8736 ;; esac
    has "GGL radau5 moved at $L digits between bbbbbbb and ccccccc" \
        "^moved: pendulum:v28 GGL radau5 at $L digits: $a -> $b \(x1\.30\) between bbbbbbb and ccccccc \(files 2 -> 3\)$"
    has "solver radau5 moved at $L digits (GGL only)" \
        "^moved: solver radau5 \(1 series\) at $L digits: 1\.050 -> 1\.365 \(x1\.30\) between bbbbbbb and ccccccc"
done
has "EoM radau5 (two files only) moved x2.00 between aaaaaaa and bbbbbbb" \
    "^moved: pendulum:v28 EoM radau5 at 6 digits: 1600 -> 3200 \(x2\.00\) between aaaaaaa and bbbbbbb"
hasnot "GGL radau5: its 5 % step is no move" "^moved: .*GGL radau5.*between aaaaaaa"
hasnot "EoM radau5: nothing between files 2 and 3 (absent in 3)" "^moved: .*EoM radau5.*ccccccc"
hasnot "bdf (8 % and back) never named" "^moved: .*bdf"
[ "$(grep -c '^moved: ' "$tmp/out")" -eq 9 ] && ok "9 move lines (3 + 3 series, 3 solver)" ||
    bad "move lines: $(grep -c '^moved: ' "$tmp/out")"
# the table: rows by file, radau5@4 radau5@6 radau5@8 bdf@4 bdf@6 bdf@8
has "row 2: radau5 x1.050 (GGL only), bdf x1.080" \
    "^2 +bbbbbbb +2025-03-02 +1\.050 +1\.050 +1\.050 +1\.080 +1\.080 +1\.080 .*h2\.json$"
has "row 3: radau5 x1.365, bdf x1.000" \
    "^3 +ccccccc +2025-03-03 +1\.365 +1\.365 +1\.365 +1\.000 +1\.000 +1\.000 .*h3\.json$"
has "series counts: 1 per column" "^ +series +1 +1 +1 +1 +1 +1$"
grep -q '"schema":[[:space:]]*"daebench.history/1"' "$tmp/o/history.json" &&
    grep -q '"to_commit":[[:space:]]*"ccccccc"' "$tmp/o/history.json" &&
    ok "history.json: schema and moves" || bad "history.json"
grep -q "^# block 2: radau5 at 6 digits (1 series)" "$tmp/o/history.dat" &&
    grep -q "^3 1.365000e+00 1$" "$tmp/o/history.dat" && ok "history.dat: blocks" ||
    { bad "history.dat"; cat "$tmp/o/history.dat"; }
if command -v gnuplot >/dev/null; then
    [ -s "$tmp/o/history.png" ] && [ -s "$tmp/o/history.svg" ] && ok "history.png and .svg" ||
        { bad "no diagram"; cat "$tmp/err"; }
fi

"$bin" history "${files[@]}" --out "$tmp/o" --threshold 0.5 >"$tmp/out" 2>"$tmp/err"
check_rc $? "--threshold 0.5"
hasnot "--threshold 0.5: x1.30 is no move" "^moved: .*GGL radau5"
has "--threshold 0.5: x2.00 still is" "^moved: pendulum:v28 EoM radau5 at 4 digits"

"$bin" history "${files[@]}" --out "$tmp/o" --max 1 >"$tmp/out" 2>"$tmp/err"
check_rc $? "--max 1"
[ "$(grep -c '^moved: pendulum' "$tmp/out")" -eq 1 ] && has "--max 1: the largest (x2.00) first" \
    "^moved: pendulum:v28 EoM radau5 .*x2\.00" || bad "--max 1: $(grep -c '^moved: pendulum' "$tmp/out") lines"

"$bin" history "${files[@]}" --out "$tmp/o" --work steps --levels 5,7 >"$tmp/out" 2>"$tmp/err"
check_rc $? "--work steps --levels 5,7"
hasnot "--work steps: the steps did not change" "^moved: .*GGL"
has "--levels 5,7: the columns" "^# +commit +created +radau5@5 +radau5@7 +bdf@5 +bdf@7 +file$"

# without gnuplot: the data all the same, exit 0, said on stderr
PATH=/nonexistent "$bin" history "${files[@]}" --out "$tmp/ng" >"$tmp/out" 2>"$tmp/err"
check_rc $? "no gnuplot in PATH"
grep -q "gnuplot not found" "$tmp/err" && [ -s "$tmp/ng/history.dat" ] && [ -s "$tmp/ng/history.json" ] &&
    [ ! -e "$tmp/ng/history.png" ] && ok "no gnuplot: .dat and .json written, said so" ||
    bad "no gnuplot: $(cat "$tmp/err"; ls "$tmp/ng")"

# bad input: exit 2, one line, nothing written (default --out results/history)
mkdir "$tmp/w"
head -c 300 "$tmp/h2.json" >"$tmp/corrupt.json"
before=$(ls -A "$tmp/w")
refuse() {
    local what=$1 must=$2
    shift 2
    (cd "$tmp/w" && "$bin" history "$@" >/dev/null 2>"$tmp/.err")
    judge_refusal "$what" $? "$must" "$(ls -A "$tmp/w")" "$before"
}
refuse "one file" "at least two bench files" "$tmp/h1.json"
refuse "no file" "at least two bench files"
refuse "corrupt file" "corrupt.json" "$tmp/h1.json" "$tmp/corrupt.json"
refuse "missing file" "nosuch.json" "$tmp/h1.json" "$tmp/nosuch.json"
refuse "--work typo" "did you mean f_evals?" "${files[@]}" --work fevals
refuse "bad --levels" "bad level" "${files[@]}" --levels 4,x
refuse "bad --threshold" "bad --threshold" "${files[@]}" --threshold -1
refuse "unknown option" "unknown option" "${files[@]}" --frobnicate

# help, and its options in docs/cli.md
out=$("$bin" history --help)
echo "$out" | head -1 | grep -q "^usage: daebench history" && ok "history --help" || bad "history --help"
for opt in $(echo "$out" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    grep -q -- "$opt" "$src/docs/cli.md" || bad "docs/cli.md lacks history $opt"
done
summary
