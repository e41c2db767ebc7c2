#!/bin/bash
# browser_check.sh DIR [PAGE ...] — load the report in DIR (index.html, diff.html
# when there, every <problem>-<scenario>.html or the PAGEs given) in headless
# Chromium through browser_check.html: no horizontal overflow at 1024 px, no word
# broken inside a table cell (1024 and 1280 px), summary matrix text >= 11 px,
# every legend entry of every SVG >= 11 px on screen and not overlapping another, every
# image loaded, every SVG loaded with a working legend toggle.  Exit 0 pass,
# 1 fail, 77 when chromium is not installed (scripts/setup.sh chromium).
set -u
dir=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
    echo "browser check SKIPPED: chromium is not installed (scripts/setup.sh chromium; .ci/run does)"
    exit 77
fi
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
    pages=(index.html)
    [ -f "$dir/diff.html" ] && pages+=(diff.html)
    for f in "$dir"/*-*.html; do [ -f "$f" ] && pages+=("$(basename "$f")"); done
fi
list=""
for p in "${pages[@]}"; do list="$list\"file://$dir/$p\","; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s|/\*PAGES\*/|$list|" "$here/browser_check.html" > "$work/check.html"
timeout 300 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --allow-file-access-from-files --disable-web-security \
    --window-size=1200,900 --virtual-time-budget=60000 --dump-dom "file://$work/check.html" \
    > "$work/dom.html" 2> "$work/chrome.log"
result=$(sed -n '/<pre id="result">/,/<\/pre>/p' "$work/dom.html" | sed 's/<[^>]*>//g')
if [ -z "$result" ]; then
    echo "browser check: no result from chromium:"
    tail -5 "$work/chrome.log"
    exit 1
fi
echo "$result"
echo "$result" | grep -q "RESULT: PASS"
