#!/bin/bash
# test_papers_page.sh — the check that the committed reproduction page equals the
# generated one (scripts/papers_page_check.sh, run by `make papers`): equal pages
# pass; a page that differs only in one cell late in the file (its last table row)
# fails with exit 1 and names that line; a page one line shorter fails; a missing
# page is bad input (exit 2).  And the committed docs/papers.md is a page of the
# papers command (its title and counts line), so the check compares like with like.
# usage: test_papers_page.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
check="$src/scripts/papers_page_check.sh"
page="$src/docs/papers.md"

n_lines=$(wc -l <"$page")
if [ "$n_lines" -gt 100 ] && head -1 "$page" | grep -q '^# Reproduction of the published tables' &&
   grep -q '^\*\*[0-9]* reproduced, [0-9]* close, [0-9]* different, [0-9]* not comparable\.\*\*$' "$page"
then ok "docs/papers.md is a generated page ($n_lines lines)"; else bad "docs/papers.md is not a page"; fi

cp "$page" "$tmp/same.md"
bash "$check" "$page" "$tmp/same.md" >"$tmp/out.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "equal pages pass" || bad "equal pages: rc $rc $(cat "$tmp/out.txt")"

# one cell of the last table row changed: a difference late in the file
last=$(grep -n '^| ' "$page" | tail -1 | cut -d: -f1)
awk -v l="$last" 'NR == l { sub(/\| [a-z ]*reproduced \||\| close \||\| different \||\| not comparable \|/, "| changed |") } { print }' \
    "$page" >"$tmp/late.md"
if cmp -s "$page" "$tmp/late.md"; then
    sed "${last}s/|\$/| x |/" "$page" >"$tmp/late.md"
fi
bash "$check" "$page" "$tmp/late.md" >"$tmp/out.txt" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "from line $last:" "$tmp/out.txt" && grep -q 'make papers-regenerate' "$tmp/out.txt"
then ok "a page differing at line $last of $n_lines fails (exit 1, line named)"
else bad "late difference: rc $rc $(cat "$tmp/out.txt")"; fi

head -n -1 "$page" >"$tmp/short.md"
bash "$check" "$page" "$tmp/short.md" >"$tmp/out.txt" 2>&1
rc=$?
[ $rc -eq 1 ] && ok "a page one line shorter fails" || bad "shorter page: rc $rc $(cat "$tmp/out.txt")"

bash "$check" "$page" "$tmp/none.md" >"$tmp/out.txt" 2>&1
rc=$?
[ $rc -eq 2 ] && ok "a missing page: exit 2" || bad "missing page: rc $rc"
summary
