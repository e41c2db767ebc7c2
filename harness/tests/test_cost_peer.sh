#!/bin/bash
# test_cost_peer.sh — the Fortran peer of scripts/cost.sh (--peer DIR, make
# peers) without Debian's sources: a peer directory of shell scripts that print
# what the RADAU5 drivers print (peers/radau5: "naccpt=", "us_per_step_mean=").
# With --peer the run's Fortran figures are measured, not the stored ones:
# cost.json (valid JSON) says "fortran_measured": true, carries the fake's
# accepted steps, its CPU figure (least over the rounds and the rounds' spread),
# a positive instruction figure from Ir(2 integrations) - Ir(1), and the
# ratios ours / Fortran; the program gets NREP then its arguments (1 and 2 under
# callgrind, 0 in the CPU rounds, each right after our run of the round); the
# table prints the Fortran row.  Without --peer the stored figures stay
# ("fortran_measured": false).  A peer that fails (under callgrind or only in
# the CPU rounds), a missing program and a missing --peer directory: exit 2,
# the message naming the peer, no cost.json written.  scripts/fortran_peer.sh
# refuses bad input (unknown argument, a missing source directory, a directory
# without the sources, sources of another version) with exit 2 and one line.
# Skipped (passes with a note) where valgrind is not installed or the binary is
# a sanitizer build.
# usage: test_cost_peer.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
need_valgrind
jc=$(dirname "$bin")/daebench-jsoncheck

# the fake peer: NREP integrations (NREP = 0: three) of 50 accepted steps,
# 2.5 µs per step; it wants its second argument to be 7, logs its calls
mkdir "$tmp/peer"
cat >"$tmp/peer/fake" <<EOF
#!/bin/sh
echo "\$*" >>"$tmp/calls"
[ "\$2" = 7 ] || { echo "fake: wrong arguments \$*" >&2; exit 1; }
n=\$1; [ "\$n" -gt 0 ] || n=3
i=0; while [ \$i -lt \$((n * 500)) ]; do i=\$((i + 1)); done
echo "idid=1 nfcn=600 njac=50 nstep=50 naccpt=50 nrejct=0 ndec=50 nsol=150"
echo "nrep=\$n cpu_total= 3.75000E-04 cpu_mean= 1.25000E-04 cpu_min= 1.00000E-04"
echo "us_per_step_mean=    2.5000 us_per_step_min=    2.0000 us_per_step_median=    2.2500"
EOF
# fails as RADAU5 does when it gives up
printf '#!/bin/sh\necho "idid=-4 nfcn=1"\necho " fake_bad: RADAU5 failed, IDID = -4" >&2\nexit 1\n' >"$tmp/peer/fake_bad"
# succeeds under callgrind (NREP 1, 2), fails in the CPU rounds (NREP 0)
sed '2i [ "$1" = 0 ] \&\& { echo "fake_cpu_bad: broken timing" >\&2; exit 3; }' "$tmp/peer/fake" >"$tmp/peer/fake_cpu_bad"
echo 'RADAU5 fake peer' >"$tmp/peer/peer.txt"
chmod +x "$tmp/peer/fake" "$tmp/peer/fake_bad" "$tmp/peer/fake_cpu_bad"

run='pend|-p pendulum -f GGL -s radau5 --tol 1e-4|14100|0'
cost() { (cd "$src" && bash scripts/cost.sh --daebench "$bin" --runs "$tmp/runs" "$@"); }

echo "$run|fake 7" >"$tmp/runs"
COST_ROUNDS_LOG="$tmp/order" cost --rounds 2 --out "$tmp/a" --peer "$tmp/peer" >"$tmp/log" 2>&1 &&
    ok "cost.sh --peer: exit status 0" || bad "cost.sh --peer failed: $(cat "$tmp/log")"
"$jc" "$tmp/a/cost.json" >/dev/null && ok "cost.json is valid JSON" || bad "cost.json invalid: $(cat "$tmp/a/cost.json")"
line=$(grep '"name": "pend"' "$tmp/a/cost.json")
echo "$line" | grep -q '"fortran_measured": true,' && echo "$line" | grep -q '"fortran_steps": 50,' &&
    echo "$line" | grep -q '"fortran_cpu_us_per_step": 2.5,' &&
    echo "$line" | grep -q '"fortran_cpu_rounds": {"min": 2.5, "median": 2.5, "max": 2.5}' &&
    ok "cost.json: measured, the fake's steps and CPU figure" || bad "cost.json run: $line"
fir=$(echo "$line" | sed -n 's/.*"fortran_per_step": \([0-9.]*\),.*/\1/p')
awk -v f="$fir" 'BEGIN { exit !(f > 0 && f != 14100) }' && ok "Fortran Ir/step measured: $fir (not the stored 14100)" ||
    bad "fortran_per_step '$fir'"
ours=$(echo "$line" | sed -n 's/.*"instructions_per_step": \([0-9.]*\),.*/\1/p')
cmin=$(echo "$line" | sed -n 's/.*"cpu_us_per_step": {"min": \([0-9.eE+-]*\),.*/\1/p')
ri=$(echo "$line" | sed -n 's/.*"ratio_instructions": \([0-9.]*\),.*/\1/p')
rc=$(echo "$line" | sed -n 's/.*"ratio_cpu": {"min": \([0-9.]*\),.*/\1/p')
awk -v o="$ours" -v f="$fir" -v r="$ri" -v c="$cmin" -v q="$rc" 'BEGIN {
    d = r - o / f; e = q - c / 2.5; exit !(d < 1e-3 * r && d > -1e-3 * r && e < 1e-3 * q && e > -1e-3 * q) }' &&
    ok "ratios ours/Fortran: instructions $ri, CPU $rc" || bad "ratios '$ri' '$rc' (ours $ours $cmin, Fortran $fir 2.5)"
grep -q '"fortran_peer": "RADAU5 fake peer",' "$tmp/a/cost.json" && ok "cost.json names the peer (peer.txt)" ||
    bad "fortran_peer: $(grep fortran_peer "$tmp/a/cost.json" | head -1)"
[ "$(tr '\n' ',' <"$tmp/calls")" = "1 7,2 7,0 7,0 7," ] && ok "peer called with NREP 1, 2, then 0 per round, and its arguments" ||
    bad "peer calls: $(tr '\n' ',' <"$tmp/calls")"
[ "$(tr '\n' ' ' <"$tmp/order")" = "1 pend 1 pend peer 2 pend 2 pend peer " ] && ok "peer timed right after ours in each round" ||
    bad "order of the CPU rounds: $(tr '\n' ' ' <"$tmp/order")"
grep -Eq '^  Fortran \(measured\) +[0-9]+ +- +2\.5 +2\.5 +2\.5 ' "$tmp/log" && ok "table: the Fortran row" ||
    bad "no Fortran row: $(cat "$tmp/log")"

# without --peer the stored figure stays
cost --rounds 1 --out "$tmp/b" >"$tmp/log" 2>&1 && grep '"name": "pend"' "$tmp/b/cost.json" |
    grep -q '"fortran_per_step": 14100, .*"fortran_measured": false, "fortran_steps": null' &&
    ok "without --peer: the stored figure, not measured" || bad "without --peer: $(cat "$tmp/log" "$tmp/b/cost.json")"

# refusals: exit 2, a message naming the peer, no cost.json
refused() {  # refused WHAT MUST OUTDIR
    local rc=$1 what=$2 must=$3 out=$4
    if [ "$rc" -eq 2 ] && grep -q -- "$must" "$tmp/log" && [ ! -e "$out/cost.json" ]; then
        ok "$what: exit 2, $(grep -- "$must" "$tmp/log" | head -1)"
    else
        bad "$what: exit $rc: $(cat "$tmp/log")"
    fi
}
echo "$run|fake_bad" >"$tmp/runs"
cost --rounds 1 --out "$tmp/c" --peer "$tmp/peer" >"$tmp/log" 2>&1
refused $? "failing peer" "the Fortran peer .*fake_bad failed (NREP 1): .*IDID = -4" "$tmp/c"
echo "$run|fake_cpu_bad 7" >"$tmp/runs"
cost --rounds 1 --out "$tmp/d" --peer "$tmp/peer" >"$tmp/log" 2>&1
refused $? "peer failing in the CPU rounds" "fake_cpu_bad failed (NREP 0): fake_cpu_bad: broken timing" "$tmp/d"
echo "$run|missing" >"$tmp/runs"
cost --rounds 1 --out "$tmp/e" --peer "$tmp/peer" >"$tmp/log" 2>&1
refused $? "missing peer program" "no peer program .*missing" "$tmp/e"
cost --rounds 1 --out "$tmp/f" --peer "$tmp/nowhere" >"$tmp/log" 2>&1
refused $? "missing --peer directory" "no directory .*nowhere" "$tmp/f"

# scripts/fortran_peer.sh: bad input refused with one line and exit 2
fp() {  # fp WHAT MUST ARGS...: must be refused
    local what=$1 must=$2 rc
    shift 2
    (cd "$src" && bash scripts/fortran_peer.sh --out "$tmp/peers" "$@") >"$tmp/fp.out" 2>"$tmp/fp.err"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/fp.err")" -eq 1 ] && grep -q -- "$must" "$tmp/fp.err" &&
        [ ! -s "$tmp/fp.out" ] && [ -z "$(ls -A "$tmp/peers/bin" 2>/dev/null)" ]; then
        ok "fortran_peer.sh $what: $(cat "$tmp/fp.err")"
    else
        bad "fortran_peer.sh $what: exit $rc: $(cat "$tmp/fp.err" "$tmp/fp.out")"
    fi
}
fp "unknown argument" "unknown argument '--bogus'" --bogus
fp "missing directory" "no directory" --radau5-src "$tmp/nowhere"
mkdir "$tmp/empty" "$tmp/other"
fp "directory without sources" "holds neither" --radau5-src "$tmp/empty"
printf '      SUBROUTINE RADAU5\n      END\n' >"$tmp/other/radau5.f"
cp "$tmp/other/radau5.f" "$tmp/other/radau5a.f"
fp "another version" "radau5.f is not deSolve 1.34's" --radau5-src "$tmp/other"
: >"$tmp/other/r-cran-desolve_1.34.orig.tar.gz"
rm "$tmp/other/radau5a.f"
fp "a tarball that does not match" "does not match sha256" --radau5-src "$tmp/other"
summary
