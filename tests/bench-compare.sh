#!/bin/sh
# bench-compare.sh BASE -- the template benchmark (verify/bench_templates.c)
# built against the library of revision BASE and against this tree's,
# run in turn (base, here, base, here) on one machine in one run, and
# the best time of each case with its change in percent.  Used for
# "no template variant slower by more than 10%" (issue 24).  Not a test.
#
#   sh tests/bench-compare.sh 2ebb4cb        (make bench-compare BASE=...)
set -e
BASE=${1:?usage: bench-compare.sh BASE-REVISION}
HERE=$(pwd)
TMP=$(mktemp -d)
trap 'git -C "$HERE" worktree remove --force "$TMP/base" >/dev/null 2>&1; rm -rf "$TMP"' EXIT
git worktree add --detach "$TMP/base" "$BASE" >/dev/null 2>&1
make -C "$TMP/base" -j2 build/libsvt.a >/dev/null
make -j2 build/bench-templates >/dev/null
LIBS="-pthread -ljansson -lgsl -lgslcblas -lflint-arb -lflint -lmpfr -lgmp -lm"
# the benchmark's source from here, the headers and library of BASE
(cd "$TMP/base" && cc -std=c11 -O2 -Iintegrals -Ivariants -Iverify \
    -D_POSIX_C_SOURCE=200809L "$HERE/verify/bench_templates.c" \
    build/libsvt.a $LIBS -o "$TMP/bench-base")
for round in 1 2; do
    "$TMP/bench-base" > "$TMP/base$round.txt"
    ./build/bench-templates > "$TMP/here$round.txt"
done
echo "template ratios, best of two runs (seconds): $BASE -> this tree"
# lines: variant construction m seconds verdict
awk '
    FNR == 1 { f++ }
    NF == 5 && $4 ~ /^[0-9.]+$/ {
        k = $1 " " $2 " " $3
        if (f <= 2) { if (!(k in b) || $4 < b[k]) b[k] = $4; order[++n] = k }
        else if (!(k in h) || $4 < h[k]) h[k] = $4
    }
    END {
        for (i = 1; i <= n; i++) {
            k = order[i]
            if (seen[k]++) continue
            split(k, p, " ")
            printf "%-16s %-13s %6s %10.6f %10.6f %+5.0f%%\n", p[1], p[2], p[3],
                b[k], h[k], 100 * (h[k] / b[k] - 1)
            tb += b[k]; th += h[k]
        }
        printf "%-37s %10.6f %10.6f %+5.0f%%\n", "all", tb, th, 100 * (th / tb - 1)
    }' "$TMP/base1.txt" "$TMP/base2.txt" "$TMP/here1.txt" "$TMP/here2.txt"
