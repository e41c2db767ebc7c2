#!/usr/bin/env bash
# profile.sh — where the instructions of a step go: the four small-system runs
# of `make cost` (Andrews and the pendulum, radau5 and bdf, tol 1e-8) under
# valgrind's callgrind, counted inside the timed integrations only
# (--toggle-collect=db_timed_integrate) with the cache and branch simulation,
# and per run the top functions in instructions per accepted step, with the
# L1 instruction-cache misses (I1mr), the mispredicted conditional (Bcm) and
# indirect (Bim) branches per step.  Writes OUT/profile.md (docs/performance.md
# quotes it).
#
#   scripts/profile.sh [--daebench PATH] [--out DIR] [--top N]
set -eu
DAEBENCH=build/daebench
OUT=results/profile
TOP=12
while [ $# -gt 0 ]; do
    case "$1" in
        --daebench) DAEBENCH="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --top) TOP="$2"; shift 2 ;;
        *) echo "profile.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null 2>&1 || { echo "profile.sh: valgrind not found" >&2; exit 2; }
command -v callgrind_annotate >/dev/null 2>&1 || { echo "profile.sh: callgrind_annotate not found" >&2; exit 2; }
[ -x "$DAEBENCH" ] || { echo "profile.sh: $DAEBENCH not built (make build)" >&2; exit 2; }
export OPENBLAS_NUM_THREADS=1

RUNS='andrews-EoM-radau5|-p andrews -f EoM -s radau5 --tol 1e-8
pendulum-GGL-radau5|-p pendulum -f GGL -s radau5 --tol 1e-8
andrews-EoM1-bdf|-p andrews -f EoM1 -s bdf --tol 1e-8
pendulum-GGL-bdf|-p pendulum -f GGL -s bdf --tol 1e-8'

mkdir -p "$OUT"
tmpdir=$(mktemp -d "$OUT/.profile.XXXXXX")
trap 'rm -rf "$tmpdir"' EXIT
md="$tmpdir/profile.md"
printf '# Profiles of a step (scripts/profile.sh)\n\nCallgrind inside db_timed_integrate, per accepted step (instructions / (repeats × steps)); I1mr: L1 instruction-cache misses, Bcm / Bim: mispredicted conditional / indirect branches (callgrind --cache-sim=yes --branch-sim=yes, the host'"'"'s cache geometry).\n' >"$md"
while IFS='|' read -r name args; do
    [ -n "$name" ] || continue
    cg="$tmpdir/$name.cg"
    rj="$tmpdir/$name.json"
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --toggle-collect=db_timed_integrate --cache-sim=yes \
        --branch-sim=yes --callgrind-out-file="$cg.%p" \
        "$DAEBENCH" run $args --json "$rj" >"$tmpdir/$name.log" 2>&1 ||
        { echo "profile.sh: run $name failed" >&2; tail -5 "$tmpdir/$name.log" >&2; exit 2; }
    steps=$(sed -n 's/^[[:space:]]*"steps":[[:space:]]*\([0-9]*\).*/\1/p' "$rj" | head -1)
    reps=$(sed -n 's/^[[:space:]]*"repeats":[[:space:]]*\([0-9]*\).*/\1/p' "$rj" | head -1)
    # the integrating child: the largest output file
    f=$(ls -S "$cg".* | head -1)
    {
        printf '\n## %s (`daebench run %s`, %s steps × %s repeats)\n\n' "$name" "$args" "$steps" "$reps"
        printf '| function | Ir/step | I1mr/step | Bcm/step | Bim/step |\n|---|---|---|---|---|\n'
        callgrind_annotate --show=Ir,I1mr,Bcm,Bim --show-percs=no "$f" 2>/dev/null |
            awk -v d="$steps" -v r="$reps" -v top="$TOP" '
                function num(s) { gsub(",", "", s); return (s == ".") ? 0 : s + 0 }
                /PROGRAM TOTALS/ { printf "| **total** | %.0f | %.1f | %.1f | %.1f |\n", num($1)/(d*r), num($2)/(d*r), num($3)/(d*r), num($4)/(d*r); go = 1; next }
                go && /^ *[0-9,]+ / && $5 ~ /:/ && n < top {
                    fn = $5; sub(/ \[.*/, "", fn); sub(/^.*:/, "", fn)
                    printf "| %s | %.0f | %.1f | %.1f | %.1f |\n", fn, num($1)/(d*r), num($2)/(d*r), num($3)/(d*r), num($4)/(d*r); n++ }'
    } >>"$md"
    echo "profile: $name"
done <<EOF
$RUNS
EOF
mv "$md" "$OUT/profile.md"
echo "profile: $OUT/profile.md"
