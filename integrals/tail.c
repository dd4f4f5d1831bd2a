/* tail.c -- certified enclosure of an infinite tail of the integrand.

   Beyond the last kink, on [A, +inf) (or (-inf, A]):
     - the density and every pure Laplace factor are exponentials in z:
       their product is a Laplace-type exponential or a Gaussian times an
       exponential, integrated exactly;
     - every other term beta E(u z + v) is monotone and tends to 0 on the
       tail, so its range is the hull of its value at A and 0; the range
       of each remaining factor, raised to its multiplicity, bounds the
       rest of the integrand from both sides.
   The product of the exact integral and these ranges contains the tail. */

#include <arb_hypgeom.h>
#include "piece.h"

static void
term_small_real(arb_t res, piece_t P, slong idx, const arb_t A, slong prec)
{
    arb_mul(res, A, P->u + idx, prec);
    arb_add(res, res, P->v + idx, prec);
    if (P->tkind[idx] == INTEGRAL_LAPLACE)
        arb_exp(res, res, prec);
    else
        arb_hypgeom_erfc(res, res, prec);
    arb_mul(res, res, P->beta + idx, prec);
}

void
piece_tail(arb_t res, piece_t P, const arb_t A, int dir, slong prec)
{
    const integral_struct * I = P->I;
    arb_t a, slope, logrange, mrange, s, e, zero, t;
    slong k, j;

    arb_init(a);
    arb_init(slope);
    arb_init(logrange);
    arb_init(mrange);
    arb_init(s);
    arb_init(e);
    arb_init(zero);
    arb_init(t);

    arb_sub(a, P->pa, P->lref, prec);
    if (I->kind == INTEGRAL_LAPLACE)
        arb_set(slope, P->pb);
    arb_one(mrange);

    for (k = 0; k < I->len; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        slong f0 = P->first[k];

        if (P->ftype[k] == PIECE_PURE && P->tkind[f0] == INTEGRAL_LAPLACE)
        {
            arb_add(t, P->logbeta + f0, P->v + f0, prec);
            arb_addmul_fmpz(a, t, f->mult, prec);
            arb_addmul_fmpz(slope, P->u + f0, f->mult, prec);
            continue;
        }

        arb_zero(s);
        for (j = 0; j < f->nterms; j++)
        {
            term_small_real(e, P, f0 + j, A, prec);
            arb_union(e, e, zero, prec);
            arb_add(s, s, e, prec);
        }

        if (P->ftype[k] == PIECE_LOG1P)
        {
            arb_div(s, s, P->a0 + k, prec);
            arb_log1p(t, s, prec);
            arb_add(t, t, P->loga0 + k, prec);
            arb_addmul_fmpz(logrange, t, f->mult, prec);
        }
        else
        {
            if (P->ftype[k] == PIECE_GENERIC)
                arb_add(s, s, P->a0 + k, prec);
            arb_pow_fmpz(t, s, f->mult, prec);
            arb_mul(mrange, mrange, t, prec);
        }
    }

    if (I->kind == INTEGRAL_LAPLACE)
    {
        /* int exp(a + slope z) over the tail = exp(a + slope A) / |slope| */
        if (dir > 0 ? !arb_is_negative(slope) : !arb_is_positive(slope))
            flint_abort();  /* cannot happen: the density decays */
        arb_mul(t, slope, A, prec);
        arb_add(t, t, a, prec);
        arb_exp(t, t, prec);
        arb_abs(e, slope);
        arb_div(res, t, e, prec);
    }
    else
    {
        /* int exp(a + pb z^2 + slope z), pb = -1/(2 sig^2):
           = exp(a + slope^2 sig^2 / 2) sig sqrt(pi/2)
             erfc(dir (A - mu) / (sig sqrt 2)),  mu = slope sig^2 */
        arb_t sig2, mu;
        arb_init(sig2);
        arb_init(mu);
        arb_set(sig2, I->scale);
        arb_sqr(sig2, sig2, prec);
        arb_mul(mu, slope, sig2, prec);
        arb_mul(t, slope, mu, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_add(t, t, a, prec);
        arb_exp(res, t, prec);
        arb_const_pi(t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_sqrt(t, t, prec);
        arb_mul(t, t, I->scale, prec);
        arb_mul(res, res, t, prec);
        arb_sub(t, A, mu, prec);
        if (dir < 0)
            arb_neg(t, t);
        arb_sqrt_ui(e, 2, prec);
        arb_mul(e, e, I->scale, prec);
        arb_div(t, t, e, prec);
        arb_hypgeom_erfc(t, t, prec);
        arb_mul(res, res, t, prec);
        arb_clear(sig2);
        arb_clear(mu);
    }

    arb_exp(t, logrange, prec);
    arb_mul(res, res, t, prec);
    arb_mul(res, res, mrange, prec);

    arb_clear(a);
    arb_clear(slope);
    arb_clear(logrange);
    arb_clear(mrange);
    arb_clear(s);
    arb_clear(e);
    arb_clear(zero);
    arb_clear(t);
}
