#!/usr/bin/env bash
# cli_doc.sh — regenerate the help blocks of docs/cli.md from the program's own
# help (harness/cli/help.c): the first code block is `daebench --help`, the block
# after each "## COMMAND" heading is `daebench COMMAND --help`.  Prose outside
# those blocks is kept.  Usage: scripts/cli_doc.sh [build/daebench]
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/daebench}
doc=docs/cli.md
tmp=$(mktemp "$doc.XXXXXX")
trap 'rm -f "$tmp"' EXIT
awk -v bin="$bin" '
    function emit(cmd,   line, c) {
        c = bin " " cmd " --help"
        while ((c | getline line) > 0) print line
        close(c)
    }
    BEGIN { first = 1; want = "" }
    /^## / { sec = $2; want = sec }
    /^```$/ && !inblock {
        inblock = 1; print
        if (first) { first = 0; emit(""); skip = 1 }
        else if (want != "" && system(bin " help " want " >/dev/null 2>&1") == 0) { emit(want); skip = 1 }
        else skip = 0
        want = ""
        next
    }
    /^```$/ && inblock { inblock = 0; skip = 0; print; next }
    { if (!(inblock && skip)) print }
' "$doc" >"$tmp"
mv "$tmp" "$doc"
trap - EXIT
