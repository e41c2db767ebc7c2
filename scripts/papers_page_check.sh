#!/usr/bin/env bash
# papers_page_check.sh — the committed reproduction page must equal the one
# `daebench papers` generates: compares COMMITTED (docs/papers.md) with GENERATED
# (results/papers.md) byte for byte.  Exit 0 when equal; 1 when they differ, with
# the first differing line of each and how to accept the generated page; 2 on bad
# input (a file missing).  `make papers` runs it after the papers command.
#
#   scripts/papers_page_check.sh COMMITTED GENERATED
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 COMMITTED GENERATED" >&2
    exit 2
fi
committed=$1 generated=$2
for f in "$committed" "$generated"; do
    if [ ! -f "$f" ]; then
        echo "papers page: $f: no such file" >&2
        exit 2
    fi
done
if cmp -s "$committed" "$generated"; then
    echo "papers page: $committed equals the generated $generated"
    exit 0
fi
# the first line where they differ (cmp counts from 1; EOF of one side: "EOF")
line=$(cmp "$committed" "$generated" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
if [ -z "$line" ]; then   # one file is a prefix of the other
    line=$(( $(wc -l <"$committed") < $(wc -l <"$generated") ? $(wc -l <"$committed") + 1
                                                            : $(wc -l <"$generated") + 1 ))
fi
echo "papers page: $committed differs from the generated $generated from line $line:"
echo "  committed: $(sed -n "${line}p" "$committed" | cut -c1-240)"
echo "  generated: $(sed -n "${line}p" "$generated" | cut -c1-240)"
echo "  (accept the generated page and verdicts with: make papers-regenerate)"
exit 1
