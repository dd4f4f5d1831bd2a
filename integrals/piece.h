/* piece.h -- internal: the integrand on one analytic piece of the domain.

   On a piece no kink lies inside, so every Laplace CDF term has a fixed
   branch and the integrand has a closed holomorphic form:
     term    c F(s z + t) = A + beta * E(u z + v)
             with E = exp (Laplace) or erfc (Gaussian), A in {0, c};
     factor  G = A0 + sum_j beta_j E(u_j z + v_j);
     density log p(z) = pa + pb z (Laplace) or pa + pb z^2 (Gaussian).
   The piece also carries the normalisation exp(-lref) applied to the
   integrand, so that acb_calc_integrate works on numbers near 1. */

#ifndef SVT_INTEGRALS_PIECE_H
#define SVT_INTEGRALS_PIECE_H

#include "integrals.h"

#define PIECE_PURE    0   /* G = beta E(u z + v), beta > 0 */
#define PIECE_LOG1P   1   /* A0 > 0: log G = log A0 + log1p(S / A0) */
#define PIECE_GENERIC 2   /* anything else: G^n by powering */

typedef struct
{
    const integral_struct * I;
    slong nterms;           /* all terms of all factors */
    slong * first;          /* first term of each factor */
    int * ftype;            /* PIECE_* of each factor */
    int * tkind;            /* law of each term */
    arb_ptr beta, logbeta, u, v;    /* per term */
    arb_ptr a0, loga0;      /* per factor */
    arb_t pa, pb;           /* density */
    arb_t lref;             /* integrand is divided by exp(lref) */
    slong evals;
    int undetermined;       /* the sign of a Laplace argument (or of the
                               density's kink) is not certain on the
                               piece at this precision: the piece has no
                               closed form and its integral is unknown */
    slong * same;           /* per term: the first term with the same
                               E(u z + v) (a CDF and its survival share
                               one), evaluated once per point */
    slong * factor_of;      /* per term: its factor */
    acb_ptr E;              /* scratch: the terms' E at the current point */
    /* double copies, for the heuristics only (piece_log_d) */
    double * du, * dv, * dbeta, * dlogbeta, * da0, * dloga0, * dmult;
    double dpa, dpb;
}
piece_struct;

typedef piece_struct piece_t[1];

/* Prepares the piece whose interior contains the exact point m.  Every
   Laplace kink lies outside the piece; a Gaussian term may change sign
   inside it (its two forms are entire functions, both exact): it takes
   the form of its sign at m, the upper one when that sign is 0. */
void piece_init(piece_t P, const integral_struct * I, const arb_t m,
    slong prec);
void piece_clear(piece_t P);

/* L = log of the (normalised) integrand at z.  With pow_mode, generic
   factors are not included in L but multiplied into pw (set to 1 first)
   as G^n, so that zeros of G are harmless.  analytic: z is a domain
   around the path and the result must be holomorphic there, else it is
   made indeterminate.  Returns 0 when a branch cut was met. */
int piece_log(acb_t L, acb_t pw, const acb_t z, piece_t P, int analytic,
    int pow_mode, slong prec);

/* The log of the (normalised) integrand at the real point z, in double
   precision: a heuristic for the choice of split points and tolerances,
   never part of a certified result.  NaN when the double evaluation
   cannot tell (a generic factor that cancels). */
double piece_log_d(piece_t P, double z);

/* The integrand, in the calling convention of acb_calc_integrate. */
int piece_func(acb_ptr out, const acb_t z, void * param, slong order,
    slong prec);

/* Certified enclosure of the integral of the normalised integrand over
   [A, +inf) (dir = +1) or (-inf, A] (dir = -1); the piece must be the
   outermost one on that side and A must lie in it. */
void piece_tail(arb_t res, piece_t P, const arb_t A, int dir, slong prec);

#endif
