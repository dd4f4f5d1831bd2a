/* integrand.c -- the integrand of Pr[A(D)=a] at one point z, written
   directly from the pseudocode's comparisons (independently of the
   branch forms of the engine): for plots and cross-checks. */

#include "svt.h"

static int
le(const arb_t x, const arb_t y)
{
    /* x <= y, decided on midpoints: only used to draw indicators */
    return arf_cmp(arb_midref(x), arb_midref(y)) <= 0;
}

void
svt_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R, int side,
    const arb_t z, slong prec)
{
    arb_t g, x, y, q, T, t;
    fmpz_t n;
    slong i;
    svt_comparison cmp = M->var->comparison;
    if (M->var->prog != NULL)
    {
        svt_program_integrand_at(res, M, R, side, z, prec);
        return;
    }
    arb_init(g);
    arb_init(x);
    arb_init(y);
    arb_init(q);
    arb_init(T);
    arb_init(t);
    fmpz_init(n);

    integral_law_density(res, M->var->rho_law, M->rho_scale, z, prec);
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        int top = (r->a != SVT_BOT);
        arb_set_fmpq(q, r->q[side], prec);
        arb_set_fmpq(T, r->T, prec);
        if (cmp == SVT_CMP_ABS_OUTSIDE || (cmp == SVT_CMP_ABS_INSIDE && !M->has_nu))
            arb_abs(q, q);
        arb_add(y, T, z, prec);     /* the noisy threshold T + z */

        if (r->a == SVT_NUM && M->output == SVT_OUT_COMPARED)
        {
            /* density of nu at v - q, and |v| (or v) >= T + z */
            arb_set_fmpq(x, r->v, prec);
            if (cmp == SVT_CMP_ABS_INSIDE)
                arb_abs(x, x);
            if (!le(y, x))
                arb_zero(g);
            else if (M->has_nu)
            {
                arb_set_fmpq(x, r->v, prec);
                arb_sub(x, x, q, prec);
                integral_law_density(g, M->var->nu_law, M->nu_scale, x, prec);
            }
            else
                arb_set_ui(g, fmpq_equal(r->v, r->q[side]) ? 1 : 0);
        }
        else if (!M->has_nu)
        {
            /* q >= T + z is a top */
            arb_set_ui(g, le(y, q) == top ? 1 : 0);
        }
        else if (cmp == SVT_CMP_ABS_INSIDE)
        {
            /* Pr[|q + nu| >= T + z] */
            arb_zero(t);
            if (le(y, t))
                arb_one(g);
            else
            {
                arb_sub(x, y, q, prec);
                integral_law_cdf(g, M->var->nu_law, M->nu_scale, x, prec);
                arb_neg(x, y);
                arb_sub(x, x, q, prec);
                integral_law_cdf(x, M->var->nu_law, M->nu_scale, x, prec);
                arb_sub(g, g, x, prec);     /* Pr[|q + nu| < T + z] */
                arb_sub_ui(g, g, 1, prec);
                arb_neg(g, g);
            }
            if (!top)
            {
                arb_sub_ui(g, g, 1, prec);
                arb_neg(g, g);
            }
        }
        else
        {
            /* Pr[q + nu < T + z] = F(T + z - q) */
            arb_sub(x, y, q, prec);
            integral_law_cdf(g, M->var->nu_law, M->nu_scale, x, prec);
            if (top)
            {
                arb_sub_ui(g, g, 1, prec);
                arb_neg(g, g);
            }
        }
        if (r->a == SVT_NUM && M->output == SVT_OUT_FRESH)
        {
            arb_set_fmpq(x, r->v, prec);
            arb_set_fmpq(t, r->q[side], prec);
            arb_sub(x, x, t, prec);
            integral_law_density(t, INTEGRAL_LAPLACE, M->out_scale, x, prec);
            arb_mul(g, g, t, prec);
        }
        fmpz_set_ui(n, M->reset && top ? 1 : r->count);
        arb_pow_fmpz(g, g, n, prec);
        arb_mul(res, res, g, prec);
        if (M->reset && top)
            break;      /* the first segment only */
    }

    arb_clear(g);
    arb_clear(x);
    arb_clear(y);
    arb_clear(q);
    arb_clear(T);
    arb_clear(t);
    fmpz_clear(n);
}
