#!/usr/bin/env python3
"""Pr[A(D) = bot^n] for tests/dipa/two_registers_leaking_cycle.dipa with
every query 0, computed without the engine: an independent check of its
exact joint integral on long outputs (tests/test_dipa.c).

  leaking_cycle_reference.py N [DIGITS]

The automaton reads lo = Lap(2) and hi = 8 + Lap(2), then alternates
q3 (lo <= y < hi: bot) and q4 (y < hi: bot, hi := y), every y = Lap(6)
independent.  With u = F(y) (F the CDF of Lap(6)) each y is uniform on
[0, 1]; let L = F(lo), t = F(hi) - L.  The probability of the next j
steps from q3 is A_j(t) and from q4 is B_j(t):

    A_0 = B_0 = 1,
    A_j(t) = t B_{j-1}(t)              (q3: u in [L, L + t)),
    B_1(t) = t + L                     (q4: u < F(hi), then the end),
    B_j(t) = int_0^t A_{j-1}(s) ds     (q4: the new hi at u = L + s;
                                        q3 after it needs s > 0),

polynomials in t and L with rational coefficients, all positive.  Then
Pr = E[A_{n-2}(t); t > 0] over lo and hi: a double integral that mpmath
evaluates (tanh-sinh, split at the centres) with DIGITS digits (default
60).  Fewer digits are not enough past about 45 queries: at N = 48, 30
digits give 1.73e-34 against the true 1.1285e-34 (50 digits agree with
the engine to its last digit); use 60 to 90 there.  None of the
engine's code is used.
"""
import sys
from fractions import Fraction
from mpmath import mp, mpf, quad, exp, inf


def lap_pdf(x, c, s):
    return exp(-abs(x - c) / s) / (2 * s)


def lap_cdf(x, c, s):
    return exp((x - c) / s) / 2 if x < c else 1 - exp(-(x - c) / s) / 2


def polys(n):
    """A_{n-2} as {(i, j): coefficient of t^i L^j}"""
    a = {(0, 0): Fraction(1)}
    b = {(0, 0): Fraction(1)}
    for j in range(1, n - 1):
        a, a_prev = {(i + 1, k): c for (i, k), c in b.items()}, a
        b = ({(1, 0): Fraction(1), (0, 1): Fraction(1)} if j == 1 else
             {(i + 1, k): c / (i + 1) for (i, k), c in a_prev.items()})
    return a


def main():
    n = int(sys.argv[1])
    mp.dps = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    p = [(i, k, mpf(c.numerator) / c.denominator)
         for (i, k), c in polys(n).items()]

    def inner(lo):
        big_l = lap_cdf(lo, 0, 6)

        def f(hi):
            t = lap_cdf(hi, 0, 6) - big_l
            if t <= 0:
                return mpf(0)
            return lap_pdf(hi, 8, 2) * sum(c * t ** i * big_l ** k
                                           for i, k, c in p)
        pts = [x for x in (0, 8) if x > lo]
        return lap_pdf(lo, 0, 2) * quad(f, [lo] + pts + [inf])
    print(mp.nstr(quad(inner, [-inf, 0, 8, inf]), 20))


if __name__ == "__main__":
    main()
