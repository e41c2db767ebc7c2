#!/bin/bash
# test_progress.sh — the status line of the sweep on a terminal fits an
# 80-column terminal (every redraw between carriage returns, escape sequences
# not counted) and carries the time-left estimate; a terminal is faked with
# script(1).  Skipped (77) without script.
# usage: test_progress.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
if ! command -v script >/dev/null; then
    echo "SKIPPED: script(1) not installed (bsdutils)"
    exit 77
fi
# a long problem name in the run summaries: the longest of the catalogue
script -qc "'$bin' bench --problems double_pendulum_stiff,insulator_chain --solvers radau5 \
    --formulations GGL --tols 1e-3,1e-4 --jobs 1 --out '$tmp/r'" /dev/null > "$tmp/tty" 2>&1
lines=$(tr '\r' '\n' < "$tmp/tty" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' | grep '^bench: [0-9]')
[ -n "$lines" ] && ok "status lines drawn" || bad "no status line: $(head -c 300 "$tmp/tty")"
widest=$(echo "$lines" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
[ "$widest" -le 80 ] && ok "widest status line $widest columns" ||
    bad "status line of $widest columns: $(echo "$lines" | awk 'length($0) > 80' | head -1)"
echo "$lines" | grep -q "left" && ok "time-left estimate shown" || bad "no estimate"
summary
