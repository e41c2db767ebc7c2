#!/bin/bash
# test_cli.sh — bad input to daebench ends with exactly one line on stderr, exit
# status 2, and no file written (DESIGN.md §"The program").
# usage: test_cli.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
echo '{"schema": "daebench.bench/1", "runs": [' > "$tmp/corrupt.json"
echo '{"schema": "daebench.bench/1", "runs": [{"problem": 3}]}' > "$tmp/badrun.json"
echo '{"schema": "other/1", "runs": []}' > "$tmp/wrongschema.json"
echo '{"schema": "daebench.bench/1", "runs": []}' > "$tmp/empty.json"
before=$(ls -A "$tmp" | sort)

expect_bad() {  # description, then the arguments
    local what=$1
    shift
    (cd "$tmp" && "$bin" "$@" >"$tmp/.out" 2>"$tmp/.err")
    local rc=$?
    judge_refusal "$what" "$rc" "" "$(ls -A "$tmp" | grep -v '^\.out$\|^\.err$' | sort)" "$before"
    rm -f "$tmp/.out" "$tmp/.err"
}

run=(run -f GGL -s radau5 --json out.json)
expect_bad "unknown problem"       "${run[@]}" -p nosuch --tol 1e-6
expect_bad "unknown scenario"      "${run[@]}" -p pendulum:nosuch --tol 1e-6
expect_bad "unknown formulation"   run -p pendulum -f NOPE -s radau5 --tol 1e-6 --json out.json
expect_bad "unknown solver"        run -p pendulum -f GGL -s nosolver --tol 1e-6 --json out.json
expect_bad "formulation not accepted" run -p pendulum -f oEoM1 -s radau5 --tol 1e-6 --json out.json
expect_bad "negative tol"          "${run[@]}" -p pendulum --tol -1e-6
expect_bad "zero tol"              "${run[@]}" -p pendulum --tol 0
expect_bad "NaN tol"               "${run[@]}" -p pendulum --tol nan
expect_bad "inf tol"               "${run[@]}" -p pendulum --tol inf
expect_bad "underflow tol"         "${run[@]}" -p pendulum --tol 1e-400
expect_bad "overflow tol"          "${run[@]}" -p pendulum --tol 1e400
expect_bad "trailing junk tol"     "${run[@]}" -p pendulum --tol 1e-6x
expect_bad "leading blank tol"     "${run[@]}" -p pendulum --tol " 1e-6"
expect_bad "empty tol"             "${run[@]}" -p pendulum --tol ""
expect_bad "hex tol"               "${run[@]}" -p pendulum --tol 0x1p-20
expect_bad "missing tol"           "${run[@]}" -p pendulum
expect_bad "bad rtol"              "${run[@]}" -p pendulum --rtol -1 --atol 1e-6
expect_bad "unknown param"         "${run[@]}" -p pendulum --tol 1e-6 --param nosuch=1
expect_bad "param without ="       "${run[@]}" -p pendulum --tol 1e-6 --param g
expect_bad "param bad value"       "${run[@]}" -p pendulum --tol 1e-6 --param g=abc
expect_bad "param out of range"    "${run[@]}" -p pendulum --tol 1e-6 --param g=-5
expect_bad "missing --json dir"    run -p pendulum -f GGL -s radau5 --tol 1e-6 --json nodir/x.json
expect_bad "option without value"  run -p pendulum -f GGL -s radau5 --tol
expect_bad "unknown run option"    "${run[@]}" -p pendulum --tol 1e-6 --frobnicate
expect_bad "check: missing results" check --baseline empty.json --results nosuch.json
expect_bad "check: missing baseline" check --baseline nosuch.json --results empty.json
expect_bad "check: corrupt JSON"   check --baseline empty.json --results corrupt.json
expect_bad "check: wrong schema"   check --baseline empty.json --results wrongschema.json
expect_bad "check: bad run"        check --baseline empty.json --results badrun.json
expect_bad "bench: bad tols"       bench --tols 1e-3:abc --out b
expect_bad "bench: bad shard"      bench --shard 3/2 --out b
expect_bad "bench: unknown suite"  bench --suite huge --out b
expect_bad "bench: zero jobs"      bench --jobs 0 --out b
expect_bad "bench: unknown solver" bench --solvers nosolver --out b
expect_bad "bench: unknown problem" bench --problems nosuch --out b
expect_bad "plot: missing results" plot --results nosuch.json --out p
expect_bad "unknown subcommand"    frobnicate
expect_bad "no subcommand"
expect_bad "list: unknown option"  list --xml
expect_bad "--opt=value: a bad value is still bad" run -ppendulum -fGGL -sradau5 --tol=-1
expect_bad "-pVALUE: an unknown problem is still unknown" run -pnosuch -fGGL -sradau5 --tol=1e-6

# a misspelt option or suite name is answered with the nearest valid one
for c in "bench --suite quik:did you mean quick?" "list --jsn:did you mean --json?" \
         "check --baselin x:did you mean --baseline?" "report --resluts x:did you mean --results?" \
         "csv --reslts x:did you mean --results?"; do
    args=${c%%:*}
    want=${c#*:}
    # shellcheck disable=SC2086
    msg=$(cd "$tmp" && "$bin" $args 2>&1 >/dev/null); rc=$?
    [ $rc -eq 2 ] && case "$msg" in *"$want"*) true ;; *) false ;; esac \
        && ok "$args: $msg" || bad "$args: exit $rc, '$msg' lacks '$want'"
done

# run's exit status: 0 ok, 1 a run that is not ok (failed or unsupported)
(cd "$tmp" && "$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 >/dev/null 2>&1); rc0=$?
(cd "$tmp" && "$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --max-steps 2 >/dev/null 2>&1); rc1=$?
(cd "$tmp" && "$bin" run -p bricard -f oEoM0 -s odassl --tol 1e-6 >"$tmp/.u" 2>&1); rc2=$?
[ $rc0 -eq 0 ] && [ $rc1 -eq 1 ] && [ $rc2 -eq 1 ] && grep -q unsupported "$tmp/.u" \
    && ok "run exits 0 ok, 1 failed, 1 unsupported" || bad "run exit: ok $rc0, failed $rc1, unsupported $rc2 ($(cat "$tmp/.u"))"
rm -f "$tmp/.u"

# the forms users type: --opt=value and -pVALUE are --opt value and -p VALUE
a=$(cd "$tmp" && "$bin" run --tol=1e-6 -ppendulum -fGGL -sradau5 2>&1)
b=$(cd "$tmp" && "$bin" run --tol 1e-6 -p pendulum -f GGL -s radau5 2>&1)
[ -n "$a" ] && [ "${a%% cpu=*}" = "${b%% cpu=*}" ] && case "$a" in *" ok "*) true ;; *) false ;; esac \
    && ok "run --tol=1e-6 -ppendulum -fGGL -sradau5 = run --tol 1e-6 -p pendulum ...: ${a%% cpu=*}" \
    || bad "option forms: '$a' vs '$b'"
c=$(cd "$tmp" && "$bin" run --tol 1e-6 -p pendulum -f GGL -s radau5 --param=m=2 2>&1)
d=$(cd "$tmp" && "$bin" run --tol 1e-6 -p pendulum -f GGL -s radau5 --param m=2 2>&1)
[ "${c%% cpu=*}" = "${d%% cpu=*}" ] && [ "${c%% cpu=*}" != "${b%% cpu=*}" ] \
    && ok "--param=m=2 splits at the first '='" || bad "--param=m=2: '$c' vs '$d'"

summary
