#!/bin/bash
# test_reference_paths.sh — no reference file under a truncated name (issue 28,
# item 10): `reference --out DIR` with a directory of 1010 characters (the files'
# paths over 1023 bytes; the old command computed the reference and wrote it as
# DIR/<name cut short>) is refused before the work, one line, exit 2, nothing
# written; a reference directory (DAEBENCH_REFERENCE_DIR) that long is refused
# by --verify and by run in one line with exit status 2.
# usage: test_reference_paths.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
seg=$(printf 'd%.0s' $(seq 200))
long=$tmp/L/$seg/$seg/$seg/$seg/$seg
long=${long:0:1010}
mkdir -p "$long" || { echo "cannot make the long directory"; exit 1; }
echo "directory of ${#long} characters"
listing() { (cd "$tmp/L" && find . | sort); }

before=$(listing)
timeout 60 "$bin" reference -p andrews --out "$long" >"$tmp/out" 2>"$tmp/.err"
judge_refusal "reference --out (1010 characters)" $? "too long" "$(listing)" "$before"
[ ! -s "$tmp/out" ] && ok "refused before the work (nothing printed)" \
    || bad "worked first: $(head -3 "$tmp/out")"

DAEBENCH_REFERENCE_DIR=$long timeout 60 "$bin" reference --verify -p andrews >"$tmp/out" 2>"$tmp/.err"
judge_refusal "reference --verify, DAEBENCH_REFERENCE_DIR of 1010 characters" $? "longer than" \
    "$(listing)" "$before"
DAEBENCH_REFERENCE_DIR=$long timeout 60 "$bin" run -p andrews -f GGL -s radau5 --tol 1e-4 \
    >"$tmp/out" 2>"$tmp/.err"
judge_refusal "run, DAEBENCH_REFERENCE_DIR of 1010 characters" $? "too long" "$(listing)" "$before"
summary
