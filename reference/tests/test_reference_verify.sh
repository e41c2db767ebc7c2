#!/bin/bash
# test_reference_verify.sh — `daebench reference --verify` on the stored references
# (DESIGN.md §"Reference solutions", issues 4 and 13): all of them pass (schema,
# agreement targets over the grid and at t_end, two method families, end = last
# grid row, the whole span recomputed by the reference integrator, exact
# solutions against radau5); a missing, truncated or schema-violating reference
# is a one-line error with exit status 2; a file below a target is exit 1.
# Corrupted values: test_reference_corrupt.c.  $1 = daebench binary, $2 = source dir.
bin="$1"; src="$2"
fail=0
note() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d /tmp/daebench-refverify-XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# every stored reference passes (the whole span recomputed, targets, families)
for p in andrews truck skateboard insulator_chain pendulum_chain double_pendulum_stiff pendulum \
         cable_drum caraxis fekete slider_crank four_bar_chain bricard wheelset; do
    "$bin" reference --verify -p $p > "$tmp/out" 2>&1; st=$?
    cat "$tmp/out"
    [ $st -eq 0 ] || note "reference --verify -p $p: status $st (want 0)"
    grep -q "all ok" "$tmp/out" || note "reference --verify -p $p does not say 'all ok'"
done

# the table (README, report): one row per stored file, with both families
"$bin" reference --table > "$tmp/table" 2>&1 || note "reference --table failed"
for f in "$src"/reference/data/*.json; do
    b=$(basename "$f" .json); row="| ${b%-*}:${b##*-} |"
    grep -F "$row" "$tmp/table" |
        grep -q "extrapolation.*| \(Radau IIA\|BDF\|Gauss-Legendre\)\|Gauss-Legendre.*| extrapolation" ||
        note "reference --table: no row with two families for $b"
done

# the per-component column: the wheelset's spin angle chi (up to 1.77) sets p's scale and
# hides its small coordinates (up to 1.6e-2): a p component is shown, at least 1.5 digits
# below the group's agreement
row=$(grep -F "| wheelset:default |" "$tmp/table")
pag=$(printf '%s\n' "$row" | awk -F'|' '{split($5, a, " / "); print a[1]}')
pco=$(printf '%s\n' "$row" | awk -F'|' '{split($7, a, " / "); sub(/^ *p:[0-9]+ /, "", a[1]); print a[1]}')
awk -v g="$pag" -v c="$pco" 'BEGIN { exit !(c != "" && c + 1.5 <= g + 0) }' ||
    note "reference --table: wheelset's hidden p component not shown (group $pag, component '$pco')"

# one-line exit-2 errors, on copies in a temporary reference directory
bad() {  # $1 = what, then the command's expected stderr pattern
    DAEBENCH_REFERENCE_DIR="$tmp/refs" "$bin" reference --verify -p andrews \
        > "$tmp/o" 2> "$tmp/e"; st=$?
    [ $st -eq 2 ] || note "$1: status $st (want 2)"
    [ "$(wc -l < "$tmp/e")" -eq 1 ] || note "$1: stderr is not one line: $(cat "$tmp/e")"
    grep -q "$2" "$tmp/e" || note "$1: stderr lacks '$2': $(cat "$tmp/e")"
}
mkdir -p "$tmp/refs"
bad "missing reference" "andrews-default.json"
head -c 5000 "$src/reference/data/andrews-default.json" > "$tmp/refs/andrews-default.json"
bad "truncated reference" "andrews-default.json"
sed 's/daebench.reference\/1/daebench.reference\/9/' "$src/reference/data/andrews-default.json" \
    > "$tmp/refs/andrews-default.json"
bad "wrong schema" "schema"
sed 's/"agreement":{[^}]*}/"agreement":7/' "$src/reference/data/andrews-default.json" \
    > "$tmp/refs/andrews-default.json"
bad "agreement not an object" "agreement"
sed 's/"lambda":\[\[/"lambda":[[1,/' "$src/reference/data/andrews-default.json" \
    > "$tmp/refs/andrews-default.json"
bad "grid row of the wrong length" "grid.lambda"

# below a target (agreement_end.lambda lowered to 7.9): exit 1 naming the field
sed 's/"agreement_end":{"p":\([0-9.]*\),"v":\([0-9.]*\),"lambda":[0-9.]*/"agreement_end":{"p":\1,"v":\2,"lambda":7.9/' \
    "$src/reference/data/andrews-default.json" > "$tmp/refs/andrews-default.json"
grep -q '"lambda":7.9' "$tmp/refs/andrews-default.json" || note "sed did not lower agreement_end"
DAEBENCH_REFERENCE_DIR="$tmp/refs" "$bin" reference --verify -p andrews > "$tmp/o" 2>&1; st=$?
[ $st -eq 1 ] || note "agreement_end below target: status $st (want 1)"
grep -q "agreement_end.lambda = 7.9 is below the target" "$tmp/o" || note "no target message: $(cat "$tmp/o")"
# the wheelset (kinks of the creep law) is held to the same targets: its v at 9.9
sed 's/"agreement":{"p":\([0-9.]*\),"v":[0-9.]*/"agreement":{"p":\1,"v":9.9/' \
    "$src/reference/data/wheelset-default.json" > "$tmp/refs/wheelset-default.json"
grep -q '"agreement":{"p":[0-9.]*,"v":9.9' "$tmp/refs/wheelset-default.json" ||
    note "sed did not lower the wheelset's agreement"
DAEBENCH_REFERENCE_DIR="$tmp/refs" "$bin" reference --verify -p wheelset > "$tmp/o" 2>&1; st=$?
[ $st -eq 1 ] || note "wheelset agreement.v below the target: status $st (want 1)"
grep -q "agreement.v = 9.9 is below the target of 10 digits" "$tmp/o" ||
    note "no wheelset target message: $(cat "$tmp/o")"
rm -f "$tmp/refs/wheelset-default.json"
# primary and check of one family: exit 1
sed 's/"check":{"solver":"geoms","formulation":"oEoM0","family":"Radau IIA collocation"/"check":{"solver":"refint","formulation":"EoM0","family":"extrapolation"/' \
    "$src/reference/data/andrews-default.json" > "$tmp/refs/andrews-default.json"
grep -q '"check":{"solver":"refint"' "$tmp/refs/andrews-default.json" || note "sed did not change the check"
DAEBENCH_REFERENCE_DIR="$tmp/refs" "$bin" reference --verify -p andrews > "$tmp/o" 2>&1; st=$?
[ $st -eq 1 ] || note "one family: status $st (want 1)"
grep -q "of one method family" "$tmp/o" || note "no family message: $(cat "$tmp/o")"

exit $fail
