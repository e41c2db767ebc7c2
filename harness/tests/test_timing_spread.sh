#!/bin/bash
# test_timing_spread.sh — scripts/timing_spread.sh --compare on two small
# synthetic sweeps (bench.json with its calibration, bench.csv beside it): only
# runs ok in both and of at least 2 ms in A are compared, a quoted message
# with commas does not shift the columns, the calibrated and uncalibrated
# ratios and their spread, the per-solver means and the CPU of the timing are
# the ones computed by hand; a file without calibration is refused with 2.
# usage: test_timing_spread.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
hdr='problem,scenario,params,formulation,solver,variant,rtol,atol,status,reason,message,cpu_seconds,repeats,steps'
mk() { # DIR CALIBRATION then CSV rows on stdin
    mkdir -p "$1"
    printf '{\n\t"calibration":\t{\n\t\t"checksum":\t1,\n\t\t"seconds":\t%s\n\t},\n\t"runs":\t[]\n}\n' "$2" >"$1/bench.json"
    { echo "$hdr"; cat; } >"$1/bench.csv"
}
mk "$tmp/A" 0.02 <<'EOF2'
pendulum,default,,GGL,radau5,,1e-06,1e-06,ok,,"a, quoted, message",0.010,3,10
pendulum,default,,GGL,bdf,,1e-06,1e-06,ok,,,0.004,10,10
pendulum,default,,GGL,bdf,,1e-08,1e-08,ok,,,0.001,10,10
andrews,default,,EoM,bdf,,1e-06,1e-06,failed,newton,x,0.050,1,10
EOF2
mk "$tmp/B" 0.04 <<'EOF2'
pendulum,default,,GGL,radau5,,1e-06,1e-06,ok,,"a, quoted, message",0.040,2,10
pendulum,default,,GGL,bdf,,1e-06,1e-06,ok,,,0.004,5,10
pendulum,default,,GGL,bdf,,1e-08,1e-08,ok,,,0.009,10,10
andrews,default,,EoM,bdf,,1e-06,1e-06,ok,,,0.100,1,10
EOF2
out=$(cd "$src" && bash scripts/timing_spread.sh --compare "$tmp/A/bench.json" "$tmp/B/bench.json" 2>&1) &&
    ok "--compare exit 0" || bad "--compare failed: $out"
# compared: radau5 1e-6 (raw x4, calibrated x2) and bdf 1e-6 (raw x1, calibrated x0.5)
echo "$out" | grep -q '^spread: 2 runs' && ok "2 runs compared (ok in both, >= 2 ms)" || bad "runs: $out"
echo "$out" | grep -q 'geometric mean B/A 1.000; |ratio| median 2.000, 90th percentile 2.000, max 2.000' &&
    ok "calibrated spread" || bad "calibrated: $out"
echo "$out" | grep -q 'uncalibrated .*geometric mean B/A 2.000; |ratio| median 1.000, 90th percentile 4.000, max 4.000' &&
    ok "uncalibrated spread" || bad "uncalibrated: $out"
echo "$out" | grep -q 'radau5 2.000 (1)' && echo "$out" | grep -q 'bdf 0.500 (1)' &&
    ok "per solver" || bad "per solver: $out"
# timing CPU: A 0.03 + 0.04 + 0.01 + 0.05 = 0.13 s; B 0.08 + 0.02 + 0.09 + 0.1 = 0.29 s
echo "$out" | grep -q 'A 0.1 s, B 0.3 s; of one call: A 0.1 s, B 0.2 s' && ok "CPU of the timing" ||
    bad "timing CPU: $out"
printf '{"runs": []}\n' >"$tmp/A/bench.json"
(cd "$src" && bash scripts/timing_spread.sh --compare "$tmp/A/bench.json" "$tmp/B/bench.json") >/dev/null 2>&1
[ $? -eq 2 ] && ok "no calibration: exit 2" || bad "no calibration not refused"
summary
