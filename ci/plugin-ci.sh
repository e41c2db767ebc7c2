#!/bin/bash
# plugin-ci.sh — the benchmark job of a solver's own CI (ci/github-actions.yml
# calls it; CTest plugin/c runs it on the example plugin): the quick suite with
# the plugin's solvers, the diagrams and the report, and the regression check
# against the baseline committed in the solver's repository.
# usage: plugin-ci.sh PLUGIN.so SOLVERS BASELINE.json OUTDIR [more bench options]
# Exit status: 0 fine, 1 regressions (or no baseline yet: commit OUTDIR/bench.json
# as BASELINE), 2 bad input; daebench must be in PATH (or $DAEBENCH).
set -u
[ $# -ge 4 ] || { echo "usage: plugin-ci.sh PLUGIN.so SOLVERS BASELINE.json OUTDIR [bench options]" >&2; exit 2; }
plugin=$1 solvers=$2 baseline=$3 out=$4
shift 4
daebench=${DAEBENCH:-daebench}
case $plugin in */*) ;; *) plugin=./$plugin ;; esac
"$daebench" list --plugin "$plugin" >/dev/null || exit 2
"$daebench" bench --plugin "$plugin" --solvers "$solvers" --suite quick --out "$out" "$@" || exit 2
"$daebench" plot --results "$out/bench.json" --out "$out/plots" || exit 2
"$daebench" report --results "$out/bench.json" --plots "$out/plots" || exit 2
if [ ! -f "$baseline" ]; then
    echo "plugin-ci: no baseline $baseline yet: commit $out/bench.json as $baseline" >&2
    exit 1
fi
# CPU time is left out: CI machines differ and are shared; counters and accuracy decide
"$daebench" check --ignore-cpu --baseline "$baseline" --results "$out/bench.json"
