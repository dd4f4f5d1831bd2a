/* law.c -- CDF and density of the symmetric noise laws on real balls. */

#include <arb_hypgeom.h>
#include "integrals.h"

/* F at an exact point x (a ball of radius 0 or not: the branch formula
   is chosen from the certain sign of x; callers pass exact points or
   balls that do not straddle 0). */
static void
laplace_cdf_branch(arb_t res, const arb_t scale, const arb_t x, int positive,
    slong prec)
{
    arb_t t;
    arb_init(t);
    arb_div(t, x, scale, prec);
    if (positive)
    {
        /* 1 - exp(-x/b)/2 */
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_sub_ui(res, t, 1, prec);
        arb_neg(res, res);
    }
    else
    {
        /* exp(x/b)/2 */
        arb_exp(t, t, prec);
        arb_mul_2exp_si(res, t, -1);
    }
    arb_clear(t);
}

static void
laplace_cdf(arb_t res, const arb_t scale, const arb_t x, slong prec)
{
    if (arb_is_nonnegative(x))
        laplace_cdf_branch(res, scale, x, 1, prec);
    else if (arb_is_nonpositive(x))
        laplace_cdf_branch(res, scale, x, 0, prec);
    else
    {
        /* x straddles 0: F is increasing, take the hull of the values at
           the two endpoints. */
        arf_t lo, hi;
        arb_t a, b;
        arf_init(lo);
        arf_init(hi);
        arb_init(a);
        arb_init(b);
        arb_get_lbound_arf(lo, x, prec);
        arb_get_ubound_arf(hi, x, prec);
        arb_set_arf(a, lo);
        arb_set_arf(b, hi);
        laplace_cdf_branch(a, scale, a, 0, prec);
        laplace_cdf_branch(b, scale, b, 1, prec);
        arb_union(res, a, b, prec);
        arf_clear(lo);
        arf_clear(hi);
        arb_clear(a);
        arb_clear(b);
    }
}

static void
gaussian_cdf(arb_t res, const arb_t scale, const arb_t x, slong prec)
{
    /* F(x) = erfc(-x / (s sqrt 2)) / 2 */
    arb_t t;
    arb_init(t);
    arb_sqrt_ui(t, 2, prec);
    arb_mul(t, t, scale, prec);
    arb_div(t, x, t, prec);
    arb_neg(t, t);
    arb_hypgeom_erfc(t, t, prec);
    arb_mul_2exp_si(res, t, -1);
    arb_clear(t);
}

void
integral_law_cdf(arb_t res, integral_law_kind kind, const arb_t scale,
    const arb_t x, slong prec)
{
    if (kind == INTEGRAL_LAPLACE)
        laplace_cdf(res, scale, x, prec);
    else
        gaussian_cdf(res, scale, x, prec);
}

void
integral_law_density(arb_t res, integral_law_kind kind, const arb_t scale,
    const arb_t x, slong prec)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    if (kind == INTEGRAL_LAPLACE)
    {
        /* exp(-|x|/b) / (2b) */
        arb_abs(t, x);
        arb_div(t, t, scale, prec);
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_mul_2exp_si(u, scale, 1);
        arb_div(res, t, u, prec);
    }
    else
    {
        /* exp(-x^2/(2 s^2)) / (s sqrt(2 pi)) */
        arb_div(t, x, scale, prec);
        arb_sqr(t, t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_const_pi(u, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_sqrt(u, u, prec);
        arb_mul(u, u, scale, prec);
        arb_div(res, t, u, prec);
    }
    arb_clear(t);
    arb_clear(u);
}
