/*
    pexp.h -- exact integration of piecewise exponential polynomials in a
    few variables.

    A function is a sum of terms

        c * prod_i v_i^{k_i} e^{b_i v_i} * [lo_i <= v_i < hi_i] * [order],

    c an Arb ball, b_i rational (exact: terms with equal exponents merge,
    and b = 0 is known exactly), k_i >= 0, lo_i and hi_i rational or
    infinite, and [order] a set of strict orderings v_i < v_j between
    pairs of variables.  Products of Laplace densities and of indicators
    of comparisons between the variables are such sums, and so is every
    integral of one over a variable: the bounds of v in a term are the
    largest of its lower bounds and the smallest of its upper bounds, one
    case per choice, and the antiderivative of v^k e^{b v} is again a
    term.  Integrating every variable gives a number with no quadrature
    and no truncation: the only rounding is Arb's, in c.

    Ties (v_i = v_j, v_i = lo_i) are sets of measure zero: strict and
    non-strict comparisons are the same here.  A term that does not decay
    at an infinite bound makes the integral fail (PEXP_DIVERGES); the
    integrals of probability densities never do.
*/

#ifndef PEXP_H
#define PEXP_H

#include <flint/fmpq.h>
#include <arb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the most variables of one function (the bounds are bits of an
   unsigned); pexp_init aborts beyond it */
#define PEXP_MAXV 32

/* one term; its arrays have nv entries (rel: nv x nv), allocated by the
   function that holds the term */
typedef struct
{
    arb_t c;
    slong nv;
    fmpq * beta;                /* exponent of e^{beta_i v_i} */
    fmpq * lo;                  /* lower bound of v_i (when has_lo bit i) */
    fmpq * hi;                  /* upper bound of v_i (when has_hi bit i) */
    slong * deg;                /* power of v_i */
    signed char * rel;          /* rel[i nv + j] = 1: v_i > v_j, -1: v_i <
                                   v_j, 0: free */
    unsigned has_lo, has_hi;
}
pexp_term_struct;

typedef struct pexp_struct_s
{
    slong nv;                   /* variables 0 .. nv - 1 */
    slong len, alloc;
    pexp_term_struct * terms;
    void ** blocks;             /* the terms' arrays, a block per growth */
    slong nblocks;
    int diverges;               /* an integral met a term that does not
                                   decay at an infinite bound */
    slong max_len;              /* 0: no limit; else an operation that would
                                   make F hold more terms (or an integral
                                   more) stops, leaving F's terms
                                   meaningless with too_large set: the
                                   caller must look at it */
    int too_large;
    struct pexp_struct_s * scratch;     /* kept for integrals (NULL until
                                           the first) */
}
pexp_struct;

typedef pexp_struct pexp_t[1];

/* F = 0 in nv variables, 1 <= nv <= PEXP_MAXV (else aborts: misuse) */
void pexp_init(pexp_t F, slong nv);
void pexp_clear(pexp_t F);
/* F = 0, or F = 1 (one term, no constraint) */
void pexp_zero(pexp_t F);
void pexp_one(pexp_t F);
/* F += G (the same variables) */
void pexp_add(pexp_t F, const pexp_t G);

/* F = F * c e^{b v} [lo <= v < hi] (lo, hi NULL: infinite) */
void pexp_mul_piece(pexp_t F, slong v, const arb_t c, const fmpq_t b,
    const fmpq * lo, const fmpq * hi, slong prec);
/* F = F * (1/(2 s)) e^{-|v - m| r}, the Laplace density with rate
   r = 1/s and centre m (two pieces) */
void pexp_mul_laplace(pexp_t F, slong v, const fmpq_t m, const fmpq_t r,
    slong prec);
/* F = F * [v_i > v_j] (greater = 1) or F * [v_i < v_j] (greater = 0) */
void pexp_mul_order(pexp_t F, slong i, slong j, int greater);
/* G += F * prod_{j in mask} [v_y > v_j if bit j of ge, else v_y < v_j] */
void pexp_add_ordered(pexp_t G, const pexp_t F, slong y, unsigned mask,
    unsigned ge);
/* F = the integral of F over v (v no longer occurs); returns the terms
   the integral wrote before equal ones merged (a count of its work) */
slong pexp_integrate(pexp_t F, slong v, slong prec);
/* the same, with S (another function in as many variables, else aborts:
   misuse) as the scratch instead of F's own: S's terms are lost, and S
   keeps F's old storage (one scratch for many functions) */
slong pexp_integrate_using(pexp_t F, slong v, pexp_t S, slong prec);
/* F = F at v = x (v no longer occurs) */
void pexp_subst(pexp_t F, slong v, const fmpq_t x, slong prec);
/* renames variable from to variable to, which must not occur */
void pexp_move(pexp_t F, slong from, slong to);
/* G = F with variable i of F renamed map[i], a variable of G (G has any
   number of variables; F's nv entries of map distinct, or -1 for a
   variable that does not occur in F, else aborts: misuse).  G != F;
   G's max_len applies. */
void pexp_embed(pexp_t G, const pexp_t F, const slong * map);
/* does variable v occur in some term? */
int pexp_uses(const pexp_t F, slong v);
/* the variables that occur in some term, as bits */
unsigned pexp_vars(const pexp_t F);
/* F = F * G, where no variable occurs in both (else aborts: misuse);
   F's max_len applies to the product */
void pexp_mul_disjoint(pexp_t F, const pexp_t G, slong prec);
/* are F and G the same terms in the same order, with equal balls?  (0
   may be returned for equal functions written differently) */
int pexp_equal(const pexp_t F, const pexp_t G);
/* merges the terms that differ only in c; returns the number of terms
   it examined (F's length before) */
slong pexp_normalise(pexp_t F, slong prec);
/* res = the integral of F over every variable; returns 0, or
   PEXP_DIVERGES (res indeterminate) */
#define PEXP_DIVERGES 1
int pexp_total(arb_t res, const pexp_t F, slong prec);
/* the same, but when an integral on the way would hold more than
   max_terms terms (max_terms > 0), stops: returns PEXP_TOO_LARGE (res
   indeterminate); *work (unless NULL) grows by the terms its integrals
   wrote (pexp_integrate) */
#define PEXP_TOO_LARGE 2
int pexp_total_capped(arb_t res, const pexp_t F, slong max_terms,
    slong * work, slong prec);

#ifdef __cplusplus
}
#endif

#endif
