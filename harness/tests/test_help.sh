#!/bin/bash
# test_help.sh — the self-teaching CLI: every command answers --help with its
# usage (exit 0), --version names the commit and solvers, every option of the
# help table appears in docs/cli.md, unknown names are answered with the nearest
# valid one and the valid list (exit 2, one line), an unknown --variant is bad
# input (exit 2, nothing written), a typo in a subcommand is caught.
# usage: test_help.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
before=$(ls -A "$tmp" | sort)

for c in list run bench check plot report merge csv reference history; do
    out=$("$bin" "$c" --help 2>&1); rc=$?
    if [ $rc -eq 0 ] && echo "$out" | head -1 | grep -q "^usage: daebench $c"; then
        ok "$c --help"
    else
        bad "$c --help: exit $rc, $(echo "$out" | head -1)"
    fi
    # every option of the help text is in docs/cli.md
    for opt in $(echo "$out" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        grep -q -- "$opt" "$src/docs/cli.md" || bad "docs/cli.md lacks $c $opt"
    done
    # "-h" after other options, too
    "$bin" "$c" --results x -h | grep -q "^usage: daebench $c" && ok "$c ... -h" || bad "$c ... -h"
done
"$bin" --version | grep -q "^daebench [0-9].*solvers: radau5" && ok "--version" || bad "--version"
"$bin" --help | grep -q "daebench run" && ok "--help" || bad "--help"
"$bin" help bench | grep -q "^usage: daebench bench" && ok "help bench" || bad "help bench"

expect_hint() {  # description, text the one line must contain, arguments
    local what=$1 must=$2
    shift 2
    (cd "$tmp" && "$bin" "$@" >"$tmp/.out" 2>"$tmp/.err")
    local rc=$?
    judge_refusal "$what" "$rc" "$must" "$(ls -A "$tmp" | grep -v '^\.out$\|^\.err$' | sort)" "$before"
    rm -f "$tmp/.out" "$tmp/.err"
}
run=(run -p pendulum -f GGL --tol 1e-4 --json out.json)
expect_hint "solver typo"       "did you mean radau5?"  "${run[@]}" -s radua5
expect_hint "solver list"       "valid: radau5, mexx"   "${run[@]}" -s nosuchsolver
expect_hint "problem typo"      "did you mean pendulum?" run -p pendlum -f GGL -s radau5 --tol 1e-4
expect_hint "scenario typo"     "did you mean v28?"     run -p pendulum:v2 -f GGL -s radau5 --tol 1e-4
expect_hint "formulation typo"  "did you mean GGL?"     run -p pendulum -f GLL -s radau5 --tol 1e-4
expect_hint "subcommand typo"   "did you mean bench?"   bnech
expect_hint "bench solver typo" "did you mean geoms?"   bench --solvers goems --out b
expect_hint "unknown variant"   "unknown variant 'foo'" "${run[@]}" -s radau5 --variant foo
expect_hint "unknown bdf variant" "unknown variant"     run -p pendulum -f GGL -s bdf --tol 1e-4 --variant jac=nope --json out.json
if "$bin" --version | grep -q " ida"; then
    expect_hint "ida has no variants" "ida has no variants" "${run[@]}" -s ida --variant x
fi
# a known variant still runs and writes its record
(cd "$tmp" && "$bin" run -p pendulum -f GGL -s radau5 --tol 1e-4 --variant dense --json v.json >/dev/null) &&
    [ -s "$tmp/v.json" ] && ok "known variant runs" || bad "known variant runs"
summary
