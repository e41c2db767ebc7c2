#!/bin/bash
# test_readme.sh — README.md stays a user's guide: at most 300 lines; its first
# command block (fenced or indented) starts with `make bench-quick`; no line of
# development history (issue numbers, "before:", "→ … after", …); every relative
# link points to an existing file; and every example run it prints — a line
# "    pendulum:…" right below a shown "    $ daebench run …" (or build/daebench)
# — is what the binary prints for that command today, everything but cpu=
# compared.  Runs of plugins (--plugin) are skipped: they need a built plugin.
# usage: test_readme.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=${2:?usage: test_readme.sh DAEBENCH_BINARY SOURCE_DIR}
readme=${DAEBENCH_TEST_README:-$src/README.md}   # a scratch copy can be tested
dir=$(dirname "$readme")
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac   # the runs below cd to $tmp

if [ ! -r "$readme" ]; then
    bad "README: $readme not readable"
    summary
    exit
fi

# 1. length
lines=$(wc -l <"$readme")
if [ "$lines" -le 300 ]; then ok "README has $lines lines (at most 300)"
else bad "README has $lines lines, more than 300"; fi

# 2. the first command block: a ``` fence, or a line indented by 4 spaces after
# a blank line outside a fence; its first line must be `make bench-quick`
first=$(awk '
    /^```/ { getline; print; exit }
    prev_blank && /^    [^ ]/ { print; exit }
    { prev_blank = ($0 ~ /^[[:space:]]*$/) }
' "$readme")
cmd=$(printf '%s\n' "$first" | sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
if [ "$cmd" = "make bench-quick" ]; then ok "the first command block is 'make bench-quick'"
else bad "the first command block starts with '$first', not 'make bench-quick'"; fi

# 3. no development history: how a number changed between versions belongs in docs/
history_re='issue #?[0-9]|before:|→.* after|\(before[ :]|before → after|measured why|was [^ ]+,? now [^ ]+|the default before'
hits=$(grep -nEi "$history_re" "$readme")
if [ -z "$hits" ]; then ok "no line of development history"
else bad "lines of development history (move them to docs/):"; printf '%s\n' "$hits"; fi

# 4. every relative link (outside code blocks) names an existing file
nlinks=0
broken=""
while IFS= read -r target; do
    case $target in
        http://* | https://* | mailto:* | \#*) continue ;;
    esac
    path=${target%%#*}
    nlinks=$((nlinks + 1))
    [ -e "$dir/$path" ] || broken="$broken $target"
done < <(awk '/^```/ { fence = !fence; next } !fence && !/^    / { print }' "$readme" |
         grep -oE '\]\([^) ]+\)' | sed -e 's/^](//' -e 's/)$//')
if [ "$nlinks" -eq 0 ]; then bad "no relative link found in README (parsing broken?)"
elif [ -z "$broken" ]; then ok "all $nlinks relative links point to existing files"
else bad "broken relative links:$broken"; fi

# 5. the printed example runs: each "    pendulum:" line must sit right below the
# shown command that printed it
strip_cpu() { sed -E 's/ cpu=[^ ]*//'; }
export DAEBENCH_REFERENCE_DIR="$src/reference/data"
checked=0
prev=""
lineno=0
while IFS= read -r line; do
    lineno=$((lineno + 1))
    if [[ $line == "    pendulum:"* ]]; then
        shown=${line#    }
        if [[ ! $prev =~ ^\ {4}\$\ (build/)?daebench\ run\  ]]; then
            bad "README:$lineno: example run line without its 'daebench run' command above it"
        elif [[ $prev == *--plugin* ]]; then
            echo "skip README:$lineno: a plugin's run (needs a built plugin)"
        else
            args=${prev#*daebench run }
            # the shown command, run with the binary under test, in $tmp (it may
            # write --json files there)
            read -r -a argv <<<"$args"
            got=$(cd "$tmp" && "$bin" run "${argv[@]}" 2>"$tmp/.err")
            rc=$?
            checked=$((checked + 1))
            if [ "$rc" -ne 0 ]; then
                bad "README:$lineno: 'daebench run $args' exited $rc: $(head -c 300 "$tmp/.err")"
            elif [ "$(printf '%s\n' "$got" | strip_cpu)" = "$(printf '%s\n' "$shown" | strip_cpu)" ]; then
                ok "README:$lineno: 'daebench run $args' prints the line shown (cpu= aside)"
            else
                bad "README:$lineno: 'daebench run $args' prints"
                echo "       $got"
                echo "     README shows"
                echo "       $shown"
            fi
        fi
    fi
    prev=$line
done <"$readme"
if [ "$checked" -eq 0 ]; then bad "no example run of a built-in solver found in README"; fi

summary
