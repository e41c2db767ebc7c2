#!/bin/bash
# test_trajectory_digits.sh — `run --trajectory FILE.csv` writes every time and
# value with 17 significant digits (a double read back is the double written):
# the pendulum's state at its output times, none of which is a round number
# after t0, must show 17 significant digits in at least one value per row.
# usage: test_trajectory_digits.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
(cd "$tmp" && "$bin" run -p pendulum -f GGL -s radau5 --tol 1e-8 --trajectory traj.csv \
    >/dev/null 2>&1) || bad "run --trajectory"
[ -s "$tmp/traj.csv" ] && ok "trajectory written" || bad "no trajectory"
# the largest count of significant digits per data row, the smallest over rows
least=$(awk -F, 'NR > 2 && $1 ~ /^[0-9]/ {
        m = 0
        for (i = 2; i <= NF; i++) {
            v = $i; sub(/^-/, "", v); sub(/[eE].*/, "", v); gsub(/\./, "", v); sub(/^0+/, "", v)
            if (length(v) > m) m = length(v)
        }
        if (least == "" || m < least) least = m
    } END { print least }' "$tmp/traj.csv")
[ -n "$least" ] && [ "$least" -ge 16 ] && ok "every row has a value with $least+ significant digits" \
    || bad "a row with at most $least significant digits: $(sed -n 3p "$tmp/traj.csv" | cut -c1-200)"
summary
