#!/usr/bin/env python3
"""An independent value for tests/test_dipa.c (witnesses_pushed_into_the_tails):
Pr[A(D) = (bot, bot, top)] of tests/dipa/chain_simple.dipa by mpmath
quadrature, no code of the engine.  x0 = q1 + Lap(4); y2 = q2 + Lap(2)
must be >= x0 and becomes x; y3 = q3 + Lap(2) must be <= x.  So
Pr = int f2(y2) P[x0 <= y2] P[y3 <= y2] dy2.

    python3 tests/tail_reference.py 32,-32,32 33,-33,33
"""
import sys
from mpmath import mp, quad, exp, log, inf

mp.dps = 30


def lap(x, m, b):
    return exp(-abs(x - m) / b) / (2 * b)


def cdf(x, m, b):
    return exp((x - m) / b) / 2 if x < m else 1 - exp(-(x - m) / b) / 2


def pr(q1, q2, q3):
    f = lambda y2: cdf(y2, q1, 4) * cdf(y2, q3, 2) * lap(y2, q2, 2)
    return quad(f, sorted({-inf, q1, q2, q3, inf}))


a = pr(*map(int, sys.argv[1].split(",")))
b = pr(*map(int, sys.argv[2].split(",")))
print(a, b, log(a / b))
