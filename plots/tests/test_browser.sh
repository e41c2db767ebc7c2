#!/bin/bash
# test_browser.sh — the report as a browser shows it (issue 19): a small sweep
# (pendulum v28, radau5 + bdf + geoms: 9 curves, so the wpd panel is split),
# its diagrams with a baseline whose runs are changed (ghosts, a diff page with
# regressions), the report; then headless Chromium (browser_check.sh) must find
# no horizontal overflow at 1024 px, every image loaded and the SVG legend
# toggles working, every legend at least 11 px on screen at 1024 and 1280 px.
# The gate must be able to go red: a page with a missing
# image, one wider than 1024 px, a legend too small or overlapping must FAIL.
# Skipped (77) without chromium.
# usage: test_browser.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
here=$(dirname "${BASH_SOURCE[0]}")
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    echo "SKIPPED: chromium is not installed (scripts/setup.sh chromium; .ci/run installs it)"
    exit 77
fi
"$bin" bench --problems pendulum --solvers radau5,bdf,geoms --tols 1e-4,1e-6 --out "$tmp/r" \
    >/dev/null 2>&1 || { bad "bench"; summary; exit 1; }
# the baseline: every bdf run cost 30 % fewer f evaluations and one more digit
python3 - "$tmp/r/bench.json" "$tmp/base.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
for r in b["runs"]:
    if r["solver"] == "bdf" and r["status"] == "ok":
        r["counters"]["f_evals"] = int(r["counters"]["f_evals"] * 0.7)
        r["error"]["gscd"] += 1.0
json.dump(b, open(sys.argv[2], "w"))
PY
"$bin" plot --results "$tmp/r/bench.json" --out "$tmp/r/plots" --baseline "$tmp/base.json" \
    >"$tmp/plot.log" 2>&1 && ok "plot --baseline" || bad "plot --baseline: $(tail -2 "$tmp/plot.log")"
grep -q "ghosts" "$tmp/plot.log" && [ -f "$tmp/r/plots/pendulum-v28-radau5-wpd.svg" ] &&
    [ -f "$tmp/r/plots/pendulum-v28-wpd.svg" ] && ok "split panels: best of each solver + families" ||
    bad "split panels missing: $(ls "$tmp/r/plots" | head)"
"$bin" report --results "$tmp/r/bench.json" --baseline "$tmp/base.json" >"$tmp/rep.log" 2>&1 &&
    ok "report --baseline" || bad "report --baseline: $(cat "$tmp/rep.log")"
grep -q "curve regressions" "$tmp/r/diff.html" && grep -q '<svg class="overlay"' "$tmp/r/diff.html" &&
    grep -q "^| pendulum:v28 .* GGL bdf | f&#95;evals/gscd" "$tmp/r/diff.md" &&
    grep -Eq "\([1-9][0-9]* regressions" "$tmp/rep.log" &&
    ok "diff page: bdf's curves are regressions, with overlays" ||
    bad "diff page: $(cat "$tmp/rep.log")"
[ -n "${KEEP:-}" ] && cp -r "$tmp/r" "$KEEP"
if bash "$here/browser_check.sh" "$tmp/r" >"$tmp/browser.log" 2>&1 &&
   grep -q "index.html: at 1024 px 1 legends, entries at least" "$tmp/browser.log" &&
   grep -q "pendulum-v28.html: at 1024 px [0-9]* legends, entries at least" "$tmp/browser.log"; then
    ok "browser: $(grep -c '^ok' "$tmp/browser.log") checks pass; $(grep -o 'pendulum-v28.html: at 1024 px [0-9]* legends[^,]*, entries at least [0-9.]* px' "$tmp/browser.log")"
else
    bad "browser check:"; cat "$tmp/browser.log"
fi
# the gate goes red: a missing diagram and a page wider than 1024 px
sed 's|plots/pendulum-v28-wpd.png|plots/nosuch.png|' "$tmp/r/pendulum-v28.html" > "$tmp/r/broken.html"
echo '<body><div style="width:2000px">wide</div></body>' > "$tmp/r/wide.html"
echo '<body><table><tr><td style="width:30px;overflow-wrap:anywhere">1e-06 abcdefghijklmnopq</td></tr></table></body>' > "$tmp/r/narrow.html"
echo '<body><table class="matrix"><tr><td style="font-size:8px">tiny</td></tr></table></body>' > "$tmp/r/tiny.html"
# a diagram whose legend is 14 px in a 2000 px wide SVG shown at the page's
# width (about 7 px on screen at 1024 px, 9 px at 1280), and one whose two
# legend entries sit on each other (16 px, 1000 px wide: legible, overlapping)
key() { printf '<g id="gnuplot_plot_%s_keyentry"><g transform="translate(%s,%s)" font-size="%s"><text>%s</text></g></g><g id="gnuplot_plot_%s"><path d="M0,0 L10,10"/></g>' "$@"; }
svg() { printf '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="400" viewBox="0 0 %s 400">%s</svg>' "$1" "$1" "$2"; }
svg 2000 "$(key 1a 1800 40 14 radau5/GGL 1a)" > "$tmp/r/plots/smallkey.svg"
svg 1000 "$(key 1a 800 40 16 radau5/GGL 1a; key 2a 805 44 16 bdf/GGL 2a)" > "$tmp/r/plots/overlapkey.svg"
echo '<body><object type="image/svg+xml" data="plots/smallkey.svg" style="width:100%"></object></body>' > "$tmp/r/smallkey.html"
echo '<body><object type="image/svg+xml" data="plots/overlapkey.svg" style="width:100%"></object></body>' > "$tmp/r/overlapkey.html"
bash "$here/browser_check.sh" "$tmp/r" broken.html wide.html narrow.html tiny.html smallkey.html overlapkey.html >"$tmp/red.log" 2>&1
if grep -q "broken.html: 1 of .* images did not load" "$tmp/red.log" &&
   grep -q "wide.html: horizontal overflow" "$tmp/red.log" &&
   grep -q "narrow.html: at 1024 px .* words broken inside table cells" "$tmp/red.log" &&
   grep -q "tiny.html: 1 cells of the summary matrix below 11 px" "$tmp/red.log" &&
   grep -q "smallkey.html: at 1024 px 1 legends below 11 px: plots/smallkey.svg [6-8]\.[0-9] px" "$tmp/red.log" &&
   grep -q "smallkey.html: at 1280 px 1 legends below 11 px" "$tmp/red.log" &&
   grep -q "overlapkey.html: at 1024 px 1 legends with overlapping entries: plots/overlapkey.svg: radau5/GGL / bdf/GGL" "$tmp/red.log" &&
   ! grep -q "overlapkey.html: .* legends below 11 px" "$tmp/red.log" &&
   grep -q "RESULT: FAIL" "$tmp/red.log"; then
    ok "browser check fails on a missing image, on overflow, on a word broken in a cell, on small matrix text, on a legend below 11 px on screen, on overlapping legend entries"
else
    bad "browser check did not fail:"; cat "$tmp/red.log"
fi
summary
