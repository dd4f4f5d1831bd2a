#!/usr/bin/env python3
"""Pr[A(D) = a] of DiPAut's k-min-max (tests/dipa_families.py) on the
output of K reads, one continue and bot, when every read has the same
query: a closed form, without quadrature and without the engine.

  kmm_iid_reference.py K EPS QREAD QCONT QBOT [DIGITS]

prints the probability with 25 significant digits (computed at DIGITS,
default 150: the binomial sums below alternate in sign).

The reads y_1 .. y_K are iid Lap(QREAD, 4K/eps); min a and max b have
the joint density K (K - 1) f(a) f(b) (F(b) - F(a))^(K - 2) on a < b.
The continue reads y ~ Lap(QCONT, 4/eps) with a <= y <= b, and bot
reads y ~ Lap(QBOT, 4/eps) with y < a, so that

  Pr = int int_{a < b} K (K - 1) f(a) f(b) (F(b) - F(a))^(K - 2)
                       (G1(b) - G1(a)) G2(a) da db.

On each cell of the plane cut at the centres (a Laplace density or CDF
is one exponential, or 1 minus one, on each side of its centre) the
integrand is a finite sum of c e^(alpha a + beta b) (the power expanded
by the multinomial theorem), and each such term integrates over the
cell's part of a < b in closed form.  Exponents are exact rationals;
the coefficients are mpmath numbers at DIGITS digits.
"""
import sys
from fractions import Fraction
from mpmath import mp, mpf, exp, inf

INF = None   # an infinite end


def fx(q):
    """a rational as an mpmath number"""
    q = Fraction(q)
    return mpf(q.numerator) / q.denominator


def lap_pieces(c, s, lo_side):
    """the Laplace CDF of centre c, scale s on the side of c given
    (lo_side: x < c): a dict exponent -> coefficient (exponent 0 is the
    constant), as a function of x"""
    r = Fraction(1) / s
    if lo_side:          # e^((x - c)/s) / 2
        return {r: exp(-fx(c) * fx(r)) / 2}
    return {Fraction(0): mpf(1), -r: -exp(fx(c) * fx(r)) / 2}


def lap_density(c, s, lo_side):
    r = Fraction(1) / s
    if lo_side:
        return {r: exp(-fx(c) * fx(r)) / (2 * fx(s))}
    return {-r: exp(fx(c) * fx(r)) / (2 * fx(s))}


def int_1d(terms, lo, hi):
    """sum of int_lo^hi c b^p e^(g b) db over terms (c, p, g), p <= 1"""
    total = mpf(0)
    for c, p, g in terms:
        def anti(x):
            if g == 0:
                return x ** (p + 1) / (p + 1)
            G = fx(g)
            if p == 0:
                return exp(G * x) / G
            return exp(G * x) * (x / G - 1 / G ** 2)

        def at(x, upper):
            if x is INF:
                # decays at the infinite end (checked)
                if g == 0 or (g > 0) == upper:
                    raise ValueError("a term does not decay")
                return mpf(0)
            return anti(fx(x))
        total += c * (at(hi, True) - at(lo, False))
    return total


def cell_integral(alpha, beta, a0, a1, b0, b1):
    """int int e^(alpha a + beta b) over a0 < a < a1, b0 < b < b1, a < b"""
    A = fx(alpha)
    total = mpf(0)
    lo = b0 if a0 is INF else a0 if b0 is INF else max(a0, b0)
    hi = a1 if b1 is INF else b1 if a1 is INF else min(a1, b1)
    # b in (max(a0, b0), min(a1, b1)): a from a0 up to b
    if lo is INF or hi is INF or lo < hi:
        if alpha == 0:
            if a0 is INF:
                raise ValueError("a term does not decay")
            terms = [(mpf(1), 1, beta), (-fx(a0), 0, beta)]
        else:
            low = mpf(0) if a0 is INF else exp(A * fx(a0)) / A
            if a0 is INF and alpha < 0:
                raise ValueError("a term does not decay")
            terms = [(1 / A, 0, alpha + beta), (-low, 0, beta)]
        total += int_1d(terms, lo, hi)
    # b in (max(a1, b0), b1): a over all of (a0, a1)
    if a1 is not INF:
        lo2 = a1 if b0 is INF else max(a1, b0)
        if b1 is INF or lo2 < b1:
            if alpha == 0:
                C = fx(a1) - fx(a0)
            else:
                C = exp(A * fx(a1)) / A - (mpf(0) if a0 is INF else exp(A * fx(a0)) / A)
            total += int_1d([(C, 0, beta)], lo2, b1)
    return total


def main():
    k = int(sys.argv[1])
    eps = Fraction(sys.argv[2])
    qr, q1, q2 = (Fraction(x) for x in sys.argv[3:6])
    mp.dps = int(sys.argv[6]) if len(sys.argv) > 6 else 150
    s, t = 4 * k / eps, 4 / eps
    acuts = sorted({qr, q1, q2})
    bcuts = sorted({qr, q1})
    apieces = list(zip([INF] + acuts, acuts + [INF]))
    bpieces = list(zip([INF] + bcuts, bcuts + [INF]))
    total = mpf(0)
    for a0, a1 in apieces:
        for b0, b1 in bpieces:
            if a0 is not INF and b1 is not INF and a0 >= b1:
                continue        # a < b is empty here
            # a point of each piece decides its side of every centre
            ma = (a1 - 1) if a0 is INF else (a0 + 1) if a1 is INF else (a0 + a1) / 2
            mb = (b1 - 1) if b0 is INF else (b0 + 1) if b1 is INF else (b0 + b1) / 2
            Fa = lap_pieces(qr, s, ma < qr)
            Fb = lap_pieces(qr, s, mb < qr)
            # (F(b) - F(a))^(k-2) as exponents (ea, eb): keep a and b apart
            pw = power2(b_minus_a(Fb, Fa), k - 2)
            fa = lap_density(qr, s, ma < qr)
            fb = lap_density(qr, s, mb < qr)
            g1b = lap_pieces(q1, t, mb < q1)
            g1a = lap_pieces(q1, t, ma < q1)
            g2a = lap_pieces(q2, t, ma < q2)
            rest = b_minus_a(g1b, g1a)
            rest = mul2(rest, {(e, Fraction(0)): c for e, c in g2a.items()})
            rest = mul2(rest, {(e, Fraction(0)): c for e, c in fa.items()})
            rest = mul2(rest, {(Fraction(0), e): c for e, c in fb.items()})
            full = mul2(pw, rest)
            for (ea, eb), c in full.items():
                total += c * cell_integral(ea, eb, a0, a1, b0, b1)
    total *= k * (k - 1)
    print(mp.nstr(total, 25))


def b_minus_a(fb, fa):
    """fb(b) - fa(a) as a function of (a, b): exponents (ea, eb)"""
    out = {}
    for e, c in fb.items():
        out[(Fraction(0), e)] = out.get((Fraction(0), e), 0) + c
    for e, c in fa.items():
        out[(e, Fraction(0))] = out.get((e, Fraction(0)), 0) - c
    return out


def mul2(p, q):
    out = {}
    for (a1, b1), c1 in p.items():
        for (a2, b2), c2 in q.items():
            key = (a1 + a2, b1 + b2)
            out[key] = out.get(key, 0) + c1 * c2
    return out


def power2(p, n):
    out = {(Fraction(0), Fraction(0)): mpf(1)}
    base = dict(p)
    while n:
        if n & 1:
            out = mul2(out, base)
        n >>= 1
        if n:
            base = mul2(base, base)
    return out


if __name__ == "__main__":
    main()
