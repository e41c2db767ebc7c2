#!/bin/bash
# plugin_bad.sh — broken plugins (harness/tests/plugins/badplugin.c) never crash
# daebench: another major ABI version, a newer minor one, a missing symbol, a
# crash or a hang while loading, a solver name already taken, a bad name, a
# missing file and a file that is no shared object are each refused with one
# line naming the cause and exit status 2, with no file written; a solver that
# crashes or loops is a failed run ("signal 11", "cpu limit") of run and of bench,
# and an unknown status is a failed run with its message on one line.
# Issue 28: a plugin that ends the process while loading is refused like a
# crash; what the harness cannot vouch for is a failed run (a negative counter,
# ok without a model evaluation: "invalid"; a budget ignored: "budget") and the
# bench file still loads; a plugin's message reaches terminal and JSON as
# printable UTF-8; papers isolates a plugin's run; --resume after a rebuild
# keeps only the new build's runs.
# usage: plugin_bad.sh DAEBENCH_BINARY DIR_OF_BAD_PLUGINS
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
dir=$2
cd "$tmp" || exit 1
refuse() {   # refuse WHAT MUST PLUGIN [subcommand args]
    local what=$1 must=$2 rc before
    shift 2
    before=$(ls -A)
    "$bin" "$@" >/dev/null 2>"$tmp/.err"
    rc=$?
    judge_refusal "$what" "$rc" "$must" "$(ls -A | grep -v '^\.err$')" "$(echo "$before" | grep -v '^\.err$')"
}
refuse "major ABI version" "ABI version 2000 (2.0), this daebench speaks 1.0" list --plugin "$dir/libbadplugin_major.so"
refuse "newer minor ABI" "ABI version 1001 (1.1)" bench --plugin "$dir/libbadplugin_minor.so" --solvers broken --out out
refuse "missing symbol" "missing symbol daebench_plugin_integrate" run --plugin "$dir/libbadplugin_nosym.so" -p pendulum -f GGL -s broken --tol 1e-4
refuse "crash while loading" "crashed while loading (signal 11" list --plugin "$dir/libbadplugin_crashload.so"
DAEBENCH_PLUGIN_LOAD_SECONDS=1 refuse "hang while loading" "did not load within 1 s" list --plugin "$dir/libbadplugin_hangload.so"
refuse "name taken" "solver name 'radau5' is taken" list --plugin "$dir/libbadplugin_taken.so"
refuse "bad name" "bad name" list --plugin "$dir/libbadplugin_name.so"
refuse "same plugin twice" "solver name 'broken' is taken" list --plugin "$dir/libbadplugin_run.so" --plugin "$dir/libbadplugin_run.so"
refuse "missing file" "No such file" list --plugin "$tmp/none.so"
echo "not an ELF file" >"$tmp/junk.so"
refuse "not a shared object" "cannot load" list --plugin "$tmp/junk.so"
rm -f "$tmp/junk.so"
refuse "--plugin without a value" "needs a value" list --plugin
refuse "solver of an unloaded plugin" "unknown solver 'broken'" run -p pendulum -f GGL -s broken --tol 1e-4

# issue 28: a plugin that ends the process while loading, whatever the status
for sub in list "bench --solvers broken --out out" "run -p pendulum -f GGL -s broken --tol 1e-4"; do
    refuse "exit(0) in describe, $sub" "libbadplugin_exitdescribe.so: exited with status 0 while loading" \
        $sub --plugin "$dir/libbadplugin_exitdescribe.so"
done
refuse "exit(0) in a constructor" "libbadplugin_ctorexit.so: exited with status 0 while loading" \
    bench --plugin "$dir/libbadplugin_ctorexit.so" --solvers broken --out out
refuse "_exit(2) in a constructor" "libbadplugin_ctorexit2.so: exited with status 2 while loading" \
    list --plugin "$dir/libbadplugin_ctorexit2.so"

good=$dir/libbadplugin_run.so
# issue 28: runs the harness cannot vouch for fail, with their reason
vouch() {   # vouch MODE REASON MESSAGE [run options]
    local mode=$1 reason=$2 must=$3 out
    shift 3
    out=$("$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --variant "$mode" "$@" \
        --json "$tmp/v.json" 2>&1)
    grep -q "\"reason\":	\"$reason\"" "$tmp/v.json" && echo "$out" | grep -qF -- "$must" \
        && ok "$mode: failed ($reason): $out" || bad "$mode: $out"
}
vouch negative invalid "reported the negative counter solves = -5"
vouch copy invalid "returned ok without evaluating the model"
vouch random invalid "position residual"
vouch ignore budget "more than 1400 evaluations of F and the Jacobian" --max-steps 50
vouch ignore1 budget "reported 722 steps and 0 rejected, more than max_steps 50" --max-steps 50
out=$("$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --variant ignore 2>&1)
# within the default budget it runs to the end, and its solution (0.2 digits) is judged:
# it left the reference (docs/measures.md "When a run is not ok")
echo "$out" | grep -q " failed(diverged: left the solution at t = .*steps=722" &&
    ok "ignore within the default budget: runs, judged diverged" || bad "ignore: $out"
# a negative counter in a bench: the file loads in csv, check and report
BADPLUGIN_MODE=negative "$bin" bench --plugin "$good" --solvers broken,radau5 --problems pendulum \
    --formulations GGL --tols 1e-4 --out "$tmp/neg" >/dev/null 2>&1
f=$tmp/neg/bench.json
grep -q '"reason":	"invalid"' "$f" && "$bin" csv --results "$f" --out "$tmp/neg.csv" >/dev/null 2>&1 \
    && "$bin" check --baseline "$f" --results "$f" >/dev/null 2>&1 \
    && "$bin" report --results "$f" >/dev/null 2>&1 \
    && ok "bench with a negative counter: the run is invalid, csv, check, report load the file" \
    || bad "bench with a negative counter: $(grep '"reason"' "$f")"
# a message with ESC, 0x01 and invalid UTF-8: '?' on the terminal and in the JSON
"$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --variant escape \
    --json "$tmp/e.json" >"$tmp/e.out" 2>&1
if LC_ALL=C grep -q $'[\x01\x1b\xfe\xff]' "$tmp/e.out" "$tmp/e.json"; then
    bad "raw bytes of the plugin's message passed: $(cat -v "$tmp/e.out")"
elif grep -qF 'esc?[2J ctl? bad?? utf8 é end' "$tmp/e.out" && grep -qF 'esc?[2J ctl? bad?? utf8 é end' "$tmp/e.json"; then
    ok "the plugin's message is printable UTF-8: $(cat "$tmp/e.out")"
else
    bad "escaped message: $(cat -v "$tmp/e.out")"
fi
# papers runs a plugin's solver isolated: its crash is a failed run of the page
mkdir -p "$tmp/papers" "$tmp/pout"
cat >"$tmp/papers/seed990.json" <<'JSON'
{"schema": "daebench.papers/1", "seed": "990", "source": "test data",
 "entries": [
  {"id": "a", "table": "T1", "what": "crash", "published": "failed", "measure": "status",
   "run": "-p pendulum -f GGL -s broken --tol 1e-4 --variant crash"}
 ]}
JSON
"$bin" papers --plugin "$good" --papers "$tmp/papers" --seeds 990 --out "$tmp/pout" >"$tmp/p.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "failed(signal 11" "$tmp/p.out" && [ -s "$tmp/pout/papers.json" ] \
    && ok "papers: a crashing plugin is a failed run: $(grep 'signal 11' "$tmp/p.out")" \
    || bad "papers with a crashing plugin: rc $rc: $(tail -3 "$tmp/p.out")"
# --resume after a rebuild: only the new build's runs in the file
cp "$good" "$tmp/rb.so"
"$bin" bench --plugin "$tmp/rb.so" --solvers broken --problems pendulum --formulations GGL \
    --tols 1e-4,1e-6 --out "$tmp/rb" >/dev/null 2>&1
echo "another build" >>"$tmp/rb.so"
new=$(sha256sum "$tmp/rb.so" | cut -d' ' -f1)
"$bin" bench --plugin "$tmp/rb.so" --solvers broken --problems pendulum --formulations GGL \
    --tols 1e-4,1e-6 --out "$tmp/rb" --resume >"$tmp/rb.log" 2>&1
f=$tmp/rb/bench.json
grep -q "resume: 0 of 2 runs already" "$tmp/rb.log" && [ "$(grep -c '"problem":' "$f")" -eq 2 ] \
    && [ "$(grep -c "\"sha256\":	\"$new\"" "$f")" -eq 2 ] \
    && ok "resume after a rebuild: the 2 runs of the new build only" \
    || bad "resume after a rebuild: $(cat "$tmp/rb.log"; grep -c '"problem":' "$f") runs"
"$bin" bench --plugin "$tmp/rb.so" --solvers broken --problems pendulum --formulations GGL \
    --tols 1e-4,1e-6 --out "$tmp/rb" --resume >"$tmp/rb.log" 2>&1
grep -q "resume: 2 of 2 runs already" "$tmp/rb.log" && ok "resume of the same build reuses its runs" \
    || bad "resume of the same build: $(cat "$tmp/rb.log")"
# a solver that crashes, one that loops: failed runs of "run" (isolated), exit 1 (not ok)
out=$("$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --variant crash 2>&1)
rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "failed(signal 11" && ok "run: a crashing plugin is a failed run: $out" \
    || bad "run with a crashing plugin: rc $rc: $out"
out=$(DAEBENCH_CPU_LIMIT=1 "$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --variant loop 2>&1)
rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "failed(cpu limit 1 s" && ok "run: a looping plugin is a failed run: $out" \
    || bad "run with a looping plugin: rc $rc: $out"
# an unknown status: failed, reason input, the message on one line
"$bin" run --plugin "$good" -p pendulum -f GGL -s broken --tol 1e-4 --json "$tmp/r.json" >"$tmp/out" 2>&1
grep -q '"reason":	"input"' "$tmp/r.json" && grep -q 'returned the unknown status 99' "$tmp/r.json" \
    && ok "unknown status 99 is a failed run (input)" || bad "unknown status: $(cat "$tmp/out" "$tmp/r.json")"
[ "$(wc -l <"$tmp/out")" -eq 1 ] && ok "run prints one line" || bad "run output: $(cat "$tmp/out")"
# bench: a crashing and a looping plugin are failed runs in the bench file, the
# sweep goes on and the built-in solver's runs are ok
for mode in crash loop; do
    BADPLUGIN_MODE=$mode DAEBENCH_CPU_LIMIT=1 "$bin" bench --plugin "$good" --solvers broken,radau5 \
        --problems pendulum --formulations GGL --tols 1e-4,1e-6 --out "$tmp/$mode" >"$tmp/log" 2>&1
    rc=$?
    f=$tmp/$mode/bench.json
    want=$([ $mode = crash ] && echo '"reason":	"signal 11"' || echo '"reason":	"cpu limit 1 s"')
    [ $rc -eq 0 ] && [ "$(grep -c '"problem":' "$f")" -eq 4 ] && ok "bench, $mode: 4 runs, exit 0" \
        || bad "bench, $mode: rc $rc: $(tail -3 "$tmp/log")"
    [ "$(grep -c "$want" "$f")" -ge 1 ] && ok "bench, $mode: failed with $want" \
        || bad "bench, $mode: no $want in $(grep '"reason"' "$f")"
    [ "$(grep -c '"status":	"ok"' "$f")" -eq 2 ] && ok "bench, $mode: the 2 radau5 runs are ok" \
        || bad "bench, $mode: ok runs $(grep -c '"status":	"ok"' "$f")"
    grep -q '"sha256":' "$f" && ok "bench, $mode: the failed plugin runs name the plugin" \
        || bad "bench, $mode: no plugin in the records"
done
# reference generation with a crashing or looping plugin as the primary method:
# a failed case (exit 1, the signal named), not a crash
mkdir -p "$tmp/ref"
for mode in crash loop; do
    BADPLUGIN_MODE=$mode DAEBENCH_CPU_LIMIT=1 "$bin" reference --plugin "$good" -p andrews \
        --primary broken:GGL:1e-6 --check radau5:GGL:1e-6 --out "$tmp/ref" >"$tmp/out" 2>&1
    rc=$?
    want=$([ $mode = crash ] && echo "killed by signal 11" || echo "killed by signal 24")
    [ $rc -eq 1 ] && grep -q "FAIL andrews:default: broken on GGL.*$want" "$tmp/out" \
        && [ -z "$(ls "$tmp/ref")" ] && ok "reference, $mode: a failed case, nothing stored: $(head -1 "$tmp/out")" \
        || bad "reference, $mode: rc $rc: $(cat "$tmp/out")"
done
# one mixed bench: radau5 beside seven hostile plugins (one misbehaviour each,
# solver h_<mode>); every radau5 run equals a radau5-only sweep's, every hostile
# run fails with its reason, and the file loads in check, report, plot and csv
hostile=("crash:signal 11" "loop:cpu limit|budget" "negative:invalid" "copy:invalid" "random:invalid"
         "escape:newton" "status99:input")
args=() solvers=radau5
for hc in "${hostile[@]}"; do
    args+=(--plugin "$dir/libhostile_${hc%%:*}.so")
    solvers+=",h_${hc%%:*}"
done
DAEBENCH_CPU_LIMIT=1 "$bin" bench "${args[@]}" --solvers "$solvers" --problems pendulum \
    --formulations GGL --tols 1e-4,1e-6 --out "$tmp/mixed" >"$tmp/mixed.log" 2>&1
rc=$?
"$bin" bench --solvers radau5 --problems pendulum --formulations GGL --tols 1e-4,1e-6 \
    --out "$tmp/alone" >/dev/null 2>&1
m=$tmp/mixed/bench.json
[ $rc -eq 0 ] && [ -s "$m" ] && ok "mixed bench: exit 0, file written" \
    || bad "mixed bench: rc $rc $(tail -3 "$tmp/mixed.log")"
"$bin" check --per-run --ignore-cpu --baseline "$tmp/alone/bench.json" --results "$m" \
    >"$tmp/mc.log" 2>&1
grep -Eq "^solver radau5 .* 0 regressions" "$tmp/mc.log" \
    && ok "mixed bench: every radau5 run as in a radau5-only sweep" \
    || bad "mixed bench, radau5 runs changed: $(grep radau5 "$tmp/mc.log" | head -3)"
"$bin" csv --results "$m" --out "$tmp/m.csv" >/dev/null 2>&1
for hc in "${hostile[@]}"; do
    mode=${hc%%:*} want=${hc#*:}
    rows=$(grep -c ",h_$mode," "$tmp/m.csv")
    good=$(grep ",h_$mode," "$tmp/m.csv" | grep ",failed," | grep -cE "$want")
    [ "$rows" -ge 2 ] && [ "$good" -eq "$rows" ] \
        && ok "mixed bench: h_$mode's $rows runs failed ($want)" \
        || bad "mixed bench: h_$mode: $good of $rows runs failed with '$want'"
done
for c in "csv --results $m --out $tmp/m2.csv" "report --results $m --out $tmp/mrep" \
         "check --baseline $m --results $m"; do
    # shellcheck disable=SC2086
    "$bin" $c >/dev/null 2>&1; rc=$?
    [ $rc -eq 0 ] && ok "mixed bench loads: ${c%% *}" || bad "mixed bench: ${c%% *} exit $rc"
done
if command -v gnuplot >/dev/null; then
    "$bin" plot --results "$m" --out "$tmp/mplots" >/dev/null 2>&1 && ok "mixed bench loads: plot" \
        || bad "mixed bench: plot failed"
fi
summary
