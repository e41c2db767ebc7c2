#!/bin/bash
# test_inject.sh — no injection (issue 15): a bench file whose free text (the
# reason and message of a failed run, the suite and host names) is hostile goes
# through every sink escaped (io/escape.h): gnuplot (plot must not run the
# shell command of a quote-breaking reason, nor a backquote or macro), the .dat
# files (a newline must not add data rows), HTML and Markdown (report: no raw
# markup, one table row per run), CSV (a leading = defused, quotes doubled) and
# the terminal (check: no raw ESC or CR, no forged "check: ... ok" line).
# usage: test_inject.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$tmp" || exit 1
okrun() {  # $1 = rtol, $2 = scd
    echo "{\"problem\": \"pendulum\", \"scenario\": \"v28\", \"params\": {\"g\": 13.75},
 \"formulation\": \"GGL\", \"solver\": \"radau5\", \"rtol\": $1, \"atol\": $1, \"status\": \"ok\",
 \"message\": \"\", \"cpu_seconds\": 0.01, \"repeats\": 5,
 \"counters\": {\"steps\": 100, \"rejected\": 2, \"f_evals\": 900, \"jac_evals\": 10,
              \"decompositions\": 20, \"solves\": 300},
 \"error\": {\"scd\": $2, \"mescd\": 6.1, \"end\": {\"p\": 1e-5, \"v\": 1e-4, \"lambda\": 1e-3, \"mu\": null}},
 \"residual\": {\"position\": 1e-9, \"velocity\": 1e-8, \"acceleration\": null}}"
}
reason="\\u001b[2K\\rcheck: 9 runs: ok\\nx'; system('touch PWNED1'); a='\\n1 2 3 4 5 6 7 8 9 10 11\\n\`touch PWNED2\` @ptitle <script>alert(1)</script>| x |"
message="=HYPERLINK(\\\"http://evil\\\",\\\"y\\\")\\n<img src=x onerror=alert(2)>, \\\"q\\\""
failrun="{\"problem\": \"pendulum\", \"scenario\": \"v28\", \"params\": {\"g\": 13.75},
 \"formulation\": \"GGL\", \"solver\": \"radau5\", \"rtol\": 1e-08, \"atol\": 1e-08,
 \"status\": \"failed\", \"reason\": \"$reason\", \"message\": \"$message\",
 \"cpu_seconds\": 0.01, \"repeats\": 1, \"counters\": {\"steps\": 1}, \"error\": {\"scd\": null}}"
host='<script>alert(3)</script>'
echo "{\"schema\": \"daebench.bench/1\", \"suite\": \"q<b>x</b>\", \"created\": \"now\",
 \"machine\": {\"hostname\": \"$host\", \"cpu\": \"c'\\\"\", \"cores\": 2},
 \"runs\": [$(okrun 1e-04 4.0), $(okrun 1e-06 6.0), $failrun]}" >evil.json
echo "{\"schema\": \"daebench.bench/1\", \"runs\": [$(okrun 1e-04 4.0), $(okrun 1e-06 6.0)]}" >base.json
"$bin" check --baseline base.json --results base.json >/dev/null 2>&1 \
    && ok "the hostile file's shape is valid (the baseline passes check)" || bad "test file invalid"

# gnuplot and .dat
if command -v gnuplot >/dev/null; then
    "$bin" plot --results evil.json --out plots >plot.out 2>plot.err
    rc=$?
    [ $rc -eq 0 ] && [ -s plots/pendulum-v28-wpd.png ] && ok "plot draws the page (exit 0)" \
        || bad "plot: exit $rc: $(cat plot.err)"
    [ ! -e PWNED1 ] && [ ! -e PWNED2 ] && [ ! -e plots/PWNED1 ] && ok "no command run through gnuplot" \
        || bad "gnuplot ran a command of the bench file"
    rows=$(grep -v '^#' plots/pendulum-v28-wpd.dat | grep -c '[0-9]')
    [ "$rows" -eq 2 ] && ok "wpd.dat: 2 data rows (no row added by a newline)" \
        || bad "wpd.dat: $rows data rows: $(cat plots/pendulum-v28-wpd.dat)"
    [ "$(grep -v '^#' plots/pendulum-v28-failed.dat | grep -c '[0-9]')" -eq 1 ] \
        && ok "failed.dat: the failed run marked, one row" \
        || bad "failed.dat: $(cat plots/pendulum-v28-failed.dat)"
else
    echo "skip gnuplot cases: no gnuplot"
fi

# HTML and Markdown
"$bin" report --results evil.json --plots plots --out . >/dev/null 2>report.err \
    && ok "report: exit 0" || bad "report: $(cat report.err)"
# the summary page and the problem's own page (report.c writes one per problem)
pages="index.html pendulum-v28.html"
! cat $pages | grep -qi '<script\|<img src=x\|<b>x' && ok "HTML pages: no markup from the file" \
    || bad "HTML: raw markup: $(cat $pages | grep -i '<script\|<img src=x\|<b>x')"
grep -q '&lt;script&gt;alert(3)' index.html && cat $pages | grep -q '&lt;img src=x' \
    && ok "HTML pages: the text shown escaped" || bad "HTML pages: text missing"
! grep -qi '<script\|<img' report.md && ok "report.md: no markup from the file" \
    || bad "report.md: raw markup: $(grep -i '<script\|<img' report.md)"
# the failed run is one row of the run table; every line that shows the reason
# (run table, failures by solver) is a whole table row, none broken by a newline
[ "$(grep -c '^| radau5 / GGL | 1e-08 | failed' report.md)" -eq 1 ] \
    && [ "$(grep -c 'system(' report.md)" -ge 1 ] \
    && [ "$(grep 'system(' report.md | grep -cv '^|.*|$')" -eq 0 ] \
    && ok "report.md: the failed run is one table row" || bad "report.md rows: $(grep -n 'system(\|evil\|onerror' report.md)"

# CSV
"$bin" csv --results evil.json --out evil.csv >/dev/null 2>csv.err && ok "csv: exit 0" || bad "csv: $(cat csv.err)"
grep -q "\"'=HYPERLINK(\"\"http://evil\"\"" evil.csv && ok "csv: leading = defused, quotes doubled" \
    || bad "csv: $(grep -n HYPERLINK evil.csv)"
! grep -q '^=' evil.csv && ok "csv: no line starts a formula" || bad "csv: a formula line"

# terminal: check prints the reason of a new failing run
"$bin" check --baseline base.json --results evil.json >check.out 2>&1
rc=$?
[ $rc -eq 1 ] && ok "check: the failing run is a regression (exit 1)" || bad "check: exit $rc"
! grep -q $'\e' check.out && ! grep -q $'\r' check.out && ok "check: no raw ESC or CR" \
    || bad "check: raw control characters: $(od -c check.out | head)"
! grep -q '^check:.*: ok$' check.out && [ "$(grep -c '^check: .*: FAIL$' check.out)" -eq 1 ] \
    && ok "check: one summary line, and it says FAIL" || bad "check: forged lines: $(cat check.out)"
summary
