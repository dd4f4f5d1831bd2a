#!/bin/sh
# bench-decide.sh VERIFY -- the wall time of `verify prove` and `verify
# check` (default budget and cutoffs) on every built-in variant, and the
# slowest of each (issue 23: prove under 1 s, check under 2 s on two
# cores).  Part of `make bench`, never of the tests.
V=${1:-./build/bin/verify}
names=$($V list | sed -n '/^variants:/,/^constructions/p' | awk '/^  [a-z0-9]/ {print $1}')
now() { date +%s.%N; }
printf '%-18s %8s %8s  %s\n' variant prove_s check_s status
for n in $names; do
    t0=$(now); st=$($V prove "$n" --json 2>/dev/null | tail -1 | sed -n 's/.*"status":"\([a-z-]*\)".*/\1/p'); t1=$(now)
    $V check "$n" >/dev/null 2>&1; t2=$(now)
    echo "$n $t0 $t1 $t2 $st"
done | awk '{ p = $3 - $2; c = $4 - $3; printf "%-18s %8.3f %8.3f  %s\n", $1, p, c, $5;
              if (p > mp) { mp = p; wp = $1 } if (c > mc) { mc = c; wc = $1 } }
            END { printf "slowest prove: %s %.3f s; slowest check: %s %.3f s\n", wp, mp, wc, mc }'
