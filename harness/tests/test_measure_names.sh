#!/bin/bash
# test_measure_names.sh — one name per accuracy measure in what a user reads:
# the run line prints `gscd=` (the value of error.gscd in its run record), and
# README.md, docs/, the help text, the report's and diagrams' texts (string
# literals of plots/*.c and harness/cli/help.c, labels and titles of plots/*.gp)
# never call a measure bare "scd", "scd=", "observed order" or "correct digits"
# (the only allowed use of the last: the expansion of gscd, "significant correct
# digits").  Allowed, by rule: the JSON key `scd` of files older than the name
# gscd (written `scd` in backquotes or as "error.scd"), `getscd` (the IVP test
# set's routine), and docs/solvers.md, docs/mech-extensions.md and
# docs/catalogue.md lines that quote measured values of the past ("scd 6.15").
# usage: test_measure_names.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=${2:?usage: test_measure_names.sh DAEBENCH_BINARY SOURCE_DIR}
export DAEBENCH_REFERENCE_DIR="$src/reference/data"

# 1. the run line names the measure gscd and prints the record's value
line=$("$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --json "$tmp/r.json" 2>&1)
val=$(printf '%s\n' "$line" | sed -n 's/.* gscd=\([0-9.]*\) .*/\1/p')
rec=$(python3 -c 'import json,sys; print("%.2f" % json.load(open(sys.argv[1]))["error"]["gscd"])' "$tmp/r.json")
if [ -n "$val" ] && [ "$val" = "$rec" ] && ! printf '%s\n' "$line" | grep -q ' scd='; then
    ok "the run line prints gscd=$val, error.gscd of its record"
else
    bad "run line '$line' (record gscd $rec)"
fi

# 2. user-visible text: README, docs, help and report strings, gnuplot labels
texts() {
    for f in "$src"/README.md "$src"/docs/*.md; do
        case $(basename "$f") in solvers.md | mech-extensions.md | catalogue.md | papers.md) continue ;; esac
        awk -v f="$f" '{ print f ":" FNR ": " $0 }' "$f"
    done
    # string literals of the report, plot and help code
    for f in "$src"/plots/*.c "$src"/harness/cli/help.c "$src"/reference/measure_names.c; do
        awk -v f="$f" '{ s = $0; out = ""
            while (match(s, /"([^"\\]|\\.)*"/)) { lit = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
                if (lit != "\"scd\"") out = out " " lit }   # the JSON key of older files
            if (out != "") print f ":" FNR ":" out }' "$f"
    done
    # titles and labels of the gnuplot scripts
    grep -Hn -E 'title|label' "$src"/plots/*.gp | grep -v '^[^:]*:[0-9]*:[[:space:]]*#'
}
texts >"$tmp/texts"
nlines=$(wc -l <"$tmp/texts")
[ "$nlines" -gt 500 ] || bad "only $nlines lines of text collected (collection broken?)"
hits=$(grep -P '(?<![A-Za-z_`.\-])scd(?![A-Za-z_`\-])|(?<!g)scd=|observed order|(?<!significant )correct digits' "$tmp/texts" |
       grep -v 'getscd')
if [ -z "$hits" ]; then
    ok "no bare 'scd', 'scd=', 'observed order' or 'correct digits' in $nlines lines of user-visible text"
else
    bad "other names for a measure:"
    printf '%s\n' "$hits" | head -20
fi

# 3. the rule itself goes red: a scratch copy with the old names
printf 'gscd (correct digits at t_end)\nthe observed order of radau5\nok scd=7.37\nscd >= 4\n' >"$tmp/old"
nold=$(grep -cP '(?<![A-Za-z_`.\-])scd(?![A-Za-z_`\-])|(?<!g)scd=|observed order|(?<!significant )correct digits' "$tmp/old")
[ "$nold" -eq 4 ] && ok "the rule finds all 4 old names in a scratch text" || bad "the rule found $nold of 4 old names"
summary
