#!/bin/bash
# test_papers_cmd.sh — "daebench papers" end to end on a small data file: the page
# files, the verdicts of a count, a status, an event time (in digits) and a
# not-comparable entry, the command shown, a different's cause on the page;
# a different without a cause fails (exit 1); an entry with a run cannot be marked
# not comparable (exit 2); --baseline: the same results pass, a baseline with a better
# verdict late in the data fails (exit 1); a bad data file is refused (exit 2),
# and so is a baseline of another schema or with an entry lacking its verdict,
# before the first run and with nothing written.
# Also the run options the page uses: --h0 reaches the solver, --end-only gives
# end errors without grid errors, --component reports one component's error.
# usage: test_papers_cmd.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mkdir -p "$tmp/papers" "$tmp/out"
cat >"$tmp/papers/seed900.json" <<'JSON'
{"schema": "daebench.papers/1", "seed": "900", "source": "test data",
 "entries": [
  {"id": "a", "table": "T1", "what": "steps", "published": 189, "measure": "steps",
   "run": "-p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --h0 0.01"},
  {"id": "b", "table": "T1", "what": "steps, far off", "published": 20, "measure": "steps",
   "cause": "the published value is made up for the test",
   "run": "-p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --h0 0.01"},
  {"id": "c", "table": "T2", "what": "std fails", "published": "failed", "measure": "status",
   "run": "-p cable_drum -f oEoM1 -s mexx --tol 1e-5 --param mu=1.25 --variant standard --end-only"},
  {"id": "d", "table": "T3", "what": "truck", "published": 692, "not_comparable": "model data"},
  {"id": "e", "table": "T4", "what": "root 1", "published": 0.01124, "measure": "event:0",
   "run": "-p andrews -f oEoM1 -s mexx --tol 1e-5 --end-only"},
  {"id": "f", "table": "T4", "what": "root 1, 4 % off (a count so close is reproduced)",
   "published": 0.01169, "measure": "event:0",
   "cause": "the published value is made up for the test",
   "run": "-p andrews -f oEoM1 -s mexx --tol 1e-5 --end-only"}
 ]}
JSON
"$bin" papers --papers "$tmp/papers" --seeds 900 --out "$tmp/out" >"$tmp/out.txt" 2>"$tmp/err.txt"
rc=$?
if [ $rc -eq 0 ] && [ -s "$tmp/out/papers.json" ] && [ -s "$tmp/out/papers.md" ] &&
   grep -q '<table>' "$tmp/out/papers.html"; then ok "papers writes json, md, html"
else bad "papers: rc $rc $(cat "$tmp/err.txt")"; fi
verdicts=$(python3 -c "
import json; d = json.load(open('$tmp/out/papers.json'))
print(' '.join(e['verdict'].replace(' ', '_') for e in d['entries']))")
if [ "$verdicts" = "reproduced different reproduced not_comparable reproduced different" ]
then ok "verdicts $verdicts"
else bad "verdicts: $verdicts"; fi
if grep -q 'daebench run -p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --h0 0.01' "$tmp/out/papers.md"
then ok "the page shows the command"; else bad "command missing from papers.md"; fi
if grep -q '3 reproduced, 0 close, 2 different, 1 not comparable' "$tmp/out.txt"; then ok "counts"
else bad "counts: $(cat "$tmp/out.txt")"; fi
if grep -q 'different | `daebench run -p pendulum:v28.*; cause: the published value is made up' \
    "$tmp/out/papers.md"; then ok "the page shows the cause"; else bad "cause missing from the page"; fi
if grep -q '| 0.01124 | 0.0112407654[0-9]* | 1 | 4.2 / 3 | reproduced |' "$tmp/out/papers.md"
then ok "event time in digits against its target"
else bad "event row: $(grep 'root 1 |' "$tmp/out/papers.md")"; fi

# a different without a cause fails the command; a run marked not comparable is refused
mkdir -p "$tmp/pc" "$tmp/outc"
sed 's/"seed": "900"/"seed": "902"/; /"cause": /d' "$tmp/papers/seed900.json" >"$tmp/pc/seed902.json"
"$bin" papers --papers "$tmp/pc" --seeds 902 --out "$tmp/outc" >"$tmp/outc.txt" 2>"$tmp/.err"
rc=$?
if [ $rc -eq 1 ] && grep -q '2 different verdicts without a cause' "$tmp/outc.txt" &&
   grep -q 'seed902.json b: different, and the data give no cause' "$tmp/.err"
then ok "different without a cause: exit 1, named"; else bad "uncaused: rc $rc $(cat "$tmp/outc.txt")"; fi
sed 's/"seed": "900"/"seed": "903"/; s/"cause": "the published value is made up for the test"/"not_comparable": "hidden"/' \
    "$tmp/papers/seed900.json" >"$tmp/pc/seed903.json"
"$bin" papers --papers "$tmp/pc" --seeds 903 --out "$tmp/outc" >/dev/null 2>"$tmp/.err"
judge_refusal "a run marked not comparable" $? "an entry with a run gets a verdict" "" ""

# baseline: the same results pass; a baseline where the late entry c... is better fails
cp "$tmp/out/papers.json" "$tmp/base.json"
"$bin" papers --papers "$tmp/papers" --seeds 900 --out "$tmp/out" --baseline "$tmp/base.json" \
    >"$tmp/out2.txt" 2>/dev/null
rc=$?
[ $rc -eq 0 ] && ok "same verdicts: no regression" || bad "same verdicts: rc $rc"
python3 -c "
import json; d = json.load(open('$tmp/base.json'))
d['entries'][1]['verdict'] = 'close'
json.dump(d, open('$tmp/base2.json', 'w'))"
"$bin" papers --papers "$tmp/papers" --seeds 900 --out "$tmp/out" --baseline "$tmp/base2.json" \
    >"$tmp/out3.txt" 2>/dev/null
rc=$?
if [ $rc -eq 1 ] && grep -q 'papers regression: seed 900 b: close -> different' "$tmp/out3.txt"
then ok "worse verdict: exit 1, named"; else bad "worse verdict: rc $rc $(cat "$tmp/out3.txt")"; fi

# bad data: unknown measure, missing run
sed 's/"measure": "steps",/"measure": "stpes",/' "$tmp/papers/seed900.json" >"$tmp/papers/seed901.json"
sed -i 's/"seed": "900"/"seed": "901"/' "$tmp/papers/seed901.json"
before=$(ls "$tmp/out")
"$bin" papers --papers "$tmp/papers" --seeds 901 --out "$tmp/out" >/dev/null 2>"$tmp/.err"
rc=$?
judge_refusal "unknown measure" $rc "unknown measure" "$(ls "$tmp/out")" "$before"

# a bad --baseline is refused before the first run and before any output
# (issue 28, item 10; the old command ran every entry and wrote the pages first)
mkdir "$tmp/out4"
echo '{"schema": "daebench.bench/1", "runs": []}' >"$tmp/base_schema.json"
python3 -c "
import json; d = json.load(open('$tmp/base.json'))
del d['entries'][2]['verdict']
json.dump(d, open('$tmp/base_entry.json', 'w'))"
for b in base_schema:"not a papers results file" base_entry:"entry 2 lacks"; do
    "$bin" papers --papers "$tmp/papers" --seeds 900 --out "$tmp/out4" \
        --baseline "$tmp/${b%%:*}.json" >"$tmp/out4.txt" 2>"$tmp/.err"
    judge_refusal "papers --baseline ${b%%:*}" $? "${b#*:}" "$(ls -A "$tmp/out4")" ""
    [ ! -s "$tmp/out4.txt" ] && ok "papers --baseline ${b%%:*}: nothing run" \
        || bad "papers --baseline ${b%%:*} ran first: $(cat "$tmp/out4.txt")"
done

# run options
line=$("$bin" run -p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --json "$tmp/r0.json")
line1=$("$bin" run -p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --h0 0.01 --json "$tmp/r1.json")
s0=$(echo "$line" | sed 's/.*steps=\([0-9]*\).*/\1/'); s1=$(echo "$line1" | sed 's/.*steps=\([0-9]*\).*/\1/')
[ "$s0" != "$s1" ] && ok "--h0 changes the run ($s0 vs $s1 steps)" || bad "--h0 has no effect ($s0)"
"$bin" run -p pendulum:v28 -f oEoM1 -s geoms --tol 1e-7 --end-only --json "$tmp/r2.json" >/dev/null
if python3 -c "
import json; d = json.load(open('$tmp/r2.json'))
assert d['error']['grid']['p'] is None and d['error']['end']['p'] is not None"; then
    ok "--end-only: end errors, no grid errors"; else bad "--end-only errors"; fi
out=$("$bin" run -p double_pendulum_stiff -f EoM -s rosnys --tol 1e-3 --component v:2 | tail -1)
if echo "$out" | grep -q '^component v:2: max abs error [0-9.e+-]* at t = '; then ok "--component"
else bad "--component: $out"; fi
"$bin" run -p pendulum -f oEoM1 -s geoms --tol 1e-7 --component q:1 >/dev/null 2>"$tmp/.err"
judge_refusal "--component q:1" $? "bad --component" "" ""
summary
