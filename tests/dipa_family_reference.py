#!/usr/bin/env python3
"""Pr[A(D) = a] for DiPAut's scaling families (tests/dipa_families.py),
computed without the engine: an independent check of its exact joint
integral over several registers (tests/test_dipa.c).

  dipa_family_reference.py m-range M EPS Q1,Q2,... O1,O2,... [DIGITS]
  dipa_family_reference.py k-min-max K EPS Q1,Q2,... O1,O2,... [DIGITS]

prints the probability with 20 significant digits (computed with DIGITS,
default 20: fewer are faster), or 0 when no run of the automaton gives
the output.

m-Range: 2M non-input steps draw l_i = Lap(4M/eps) and r_i = 1 +
Lap(4M/eps) (output bot); then range state k = 0, 1, ... (cyclically)
reads y = q + Lap(4/eps) and outputs
    ocontinue  when l_k <= y < r_k       (goes on to range k + 1 mod M)
    top        when y >= l_k, y > r_k    (the run ends)
    bot        when y < l_k, y < r_k     (the run ends)
    end        otherwise: r_k <= y < l_k (no guard holds: the run ends).
Given the registers the steps are independent, and each range k reads
only its own pair (l_k, r_k), so the probability is a product over the
pairs of a two-dimensional integral

    int int p_l(l) p_r(r) prod_{steps j at range k} f_j(l, r) dl dr,

with f_j the probability of step j's output given (l, r): a difference
of Laplace CDFs.

k-min-max (min and max assigned at once by the first step): the first K
steps read y_i = q_i + Lap(4K/eps) and output oread, leaving min and max
of y_1 .. y_K in the registers; then each step reads y = q + Lap(4/eps)
and outputs ocontinue when min <= y <= max (and goes on), top when y >
max, bot when y < min (the run ends).  The probability is the integral
over a = min < b = max of their joint density

    g(a, b) = sum_{i != j} f_i(a) f_j(b) prod_{l != i, j} (F_l(b) - F_l(a))

times the steps' factors (when every read has the same query, the
reads are iid and g(a, b) = k (k - 1) f(a) f(b) (F(b) - F(a))^(k - 2)).

Each integral is computed by mpmath's tanh-sinh quadrature, split at
every kink (the centres, the q_j, and l = r), at 20 digits: none of the
engine's code or its piecewise exponential polynomials is used.  Not for
queries far in the noise's tails (a witness's, moved by hundreds of
scales): 1 - F there cancels, and 20 digits lose the result (a reviewer
found 1% off at m = 16 with queries near 512; 90 digits agree with the
engine).
"""
import sys
from fractions import Fraction
from mpmath import mp, mpf, quad, exp, inf


def lap_pdf(x, c, s):
    return exp(-abs(x - c) / s) / (2 * s)


def lap_cdf(x, c, s):
    return exp((x - c) / s) / 2 if x < c else 1 - exp(-(x - c) / s) / 2


def step_factor(o, l, r, q, s):
    F = lambda x: lap_cdf(x, q, s)
    if o == "ocontinue":
        return max(F(r) - F(l), 0)
    if o == "top":
        return 1 - F(max(l, r))
    if o == "bot":
        return F(min(l, r))
    return max(F(l) - F(r), 0)     # end


PAIRS = {}


def pair_integral(steps, sreg, sy):
    """steps: [(output, q)] read by one range pair (pairs that read the
    same steps have the same integral: it is computed once)"""
    if not steps:
        return mpf(1)
    key = (tuple(steps), sreg, sy)
    if key not in PAIRS:
        PAIRS[key] = pair_integral_of(steps, sreg, sy)
    return PAIRS[key]


def pair_integral_of(steps, sreg, sy):
    qs = [q for _, q in steps]

    def inner(l):
        pts = sorted(set([mpf(1), l] + qs))
        return quad(lambda r: lap_pdf(r, 1, sreg) * prod_f(l, r), [-inf] + pts + [inf])

    def prod_f(l, r):
        p = mpf(1)
        for o, q in steps:
            p *= step_factor(o, l, r, q, sy)
            if p == 0:
                break
        return p

    pts = sorted(set([mpf(0), mpf(1)] + qs))
    return quad(lambda l: lap_pdf(l, 0, sreg) * inner(l), [-inf] + pts + [inf])


def m_range_probability(m, eps, q, out):
    if len(q) != len(out):
        raise SystemExit("dipa_family_reference.py: the vectors differ in length")
    if len(out) < 2 * m or any(o != "bot" for o in out[:2 * m]):
        return mpf(0)
    sreg, sy = mpf(4 * m) / eps, mpf(4) / eps
    steps = [[] for _ in range(m)]
    k = 0
    for j in range(2 * m, len(out)):
        o = out[j]
        if o not in ("ocontinue", "top", "bot", "end"):
            return mpf(0)
        if o != "ocontinue" and j != len(out) - 1:
            return mpf(0)   # the run has ended before the vector does
        steps[k].append((o, mpf(q[j])))
        k = (k + 1) % m
    p = mpf(1)
    for k in range(m):
        p *= pair_integral(steps[k], sreg, sy)
    return p


def k_min_max_probability(k, eps, q, out):
    if len(q) != len(out):
        raise SystemExit("dipa_family_reference.py: the vectors differ in length")
    if len(out) < k or any(o != "oread" for o in out[:k]):
        return mpf(0)
    sread, sy = mpf(4 * k) / eps, mpf(4) / eps
    steps = []
    for j in range(k, len(out)):
        o = out[j]
        if o not in ("ocontinue", "top", "bot"):
            return mpf(0)
        if o != "ocontinue" and j != len(out) - 1:
            return mpf(0)   # the run has ended before the vector does
        steps.append((o, mpf(q[j])))
    reads = [mpf(x) for x in q[:k]]

    def g(a, b):
        if len(set(reads)) == 1:
            # iid reads: the joint density of the min and max of k draws
            c = reads[0]
            return k * (k - 1) * lap_pdf(a, c, sread) * lap_pdf(b, c, sread) \
                * (lap_cdf(b, c, sread) - lap_cdf(a, c, sread)) ** (k - 2)
        s = mpf(0)
        for i in range(k):
            for j in range(k):
                if i == j:
                    continue
                t = lap_pdf(a, reads[i], sread) * lap_pdf(b, reads[j], sread)
                for l in range(k):
                    if l != i and l != j:
                        t *= lap_cdf(b, reads[l], sread) - lap_cdf(a, reads[l], sread)
                s += t
        return s

    def factors(a, b):
        p = mpf(1)
        for o, qj in steps:
            F = lambda x: lap_cdf(x, qj, sy)
            p *= F(b) - F(a) if o == "ocontinue" else 1 - F(b) if o == "top" else F(a)
        return p

    kinks = sorted(set(reads + [qj for _, qj in steps]))

    def inner(a):
        # b > a
        pts = [x for x in kinks if x > a]
        return quad(lambda b: g(a, b) * factors(a, b), [a] + pts + [inf])

    return quad(inner, [-inf] + kinks + [inf])


def main():
    if len(sys.argv) not in (6, 7) or sys.argv[1] not in ("m-range", "k-min-max"):
        raise SystemExit("usage: dipa_family_reference.py m-range|k-min-max N EPS "
                         "Q1,Q2,... O1,O2,... [DIGITS]")
    mp.dps = int(sys.argv[6]) if len(sys.argv) == 7 else 20
    exact = lambda x: mpf(Fraction(x).numerator) / Fraction(x).denominator
    n, eps = int(sys.argv[2]), exact(sys.argv[3])
    q = [exact(x) for x in sys.argv[4].split(",")]
    out = sys.argv[5].split(",")
    f = m_range_probability if sys.argv[1] == "m-range" else k_min_max_probability
    print(mp.nstr(f(n, eps, q, out), 20))


if __name__ == "__main__":
    main()
