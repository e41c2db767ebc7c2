# lib.sh — what the shell tests of harness/tests/ share (sourced, not a test):
# bin = the daebench binary ($1 of the test), a temporary directory $tmp removed
# when the test's own shell exits (not when one of its subshells does), the
# counters n and fails with ok/bad, judge_refusal for a call that must be
# refused, and summary.  Usage, first thing in a test:
#     source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$1
tmp=$(mktemp -d)
trap '[ "$BASHPID" = "$$" ] && rm -rf "$tmp"' EXIT
fails=0
n=0
ok() { n=$((n + 1)); echo "ok   $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL $1"; }

# judge_refusal WHAT RC MUST NOW BEFORE: a daebench call that must be refused
# exited with status RC, its stderr is in $tmp/.err; it passes with exit status 2,
# exactly one line on stderr that contains MUST (unless MUST is empty), and the
# listing NOW of its working directory equal to the listing BEFORE (no file
# written)
judge_refusal() {
    local what=$1 rc=$2 must=$3 now=$4 before=$5 lines
    n=$((n + 1))
    lines=$(wc -l <"$tmp/.err")
    if [ "$rc" -ne 2 ]; then
        echo "FAIL [$what]: exit status $rc, expected 2 ($(head -c 300 "$tmp/.err"))"
        fails=$((fails + 1))
    elif [ "$lines" -ne 1 ]; then
        echo "FAIL [$what]: $lines lines on stderr, expected 1:"
        cat "$tmp/.err"
        fails=$((fails + 1))
    elif [ -n "$must" ] && ! grep -qF -- "$must" "$tmp/.err"; then
        echo "FAIL [$what]: message does not name '$must': $(cat "$tmp/.err")"
        fails=$((fails + 1))
    elif [ "$now" != "$before" ]; then
        echo "FAIL [$what]: files written: $(echo $now)"
        fails=$((fails + 1))
    else
        echo "ok   [$what]: $(cat "$tmp/.err")"
    fi
}

# the closing line; the status of the test (0: nothing failed)
summary() {
    echo "$((n - fails)) passed, $fails failed"
    [ "$fails" -eq 0 ]
}

# valgrind can run $bin: exits the test (passing, with a note) where valgrind is
# not installed or $bin is a sanitizer build
need_valgrind() {
    if ! command -v valgrind >/dev/null 2>&1; then
        echo "valgrind not installed: nothing to test"
        exit 0
    fi
    if grep -q __asan_init "$bin"; then
        echo "a sanitizer build (valgrind cannot run it): nothing to test"
        exit 0
    fi
}
