/* pseudocode.c -- test oracles written directly from the paper's
   pseudocode of the template variants (the comparisons as Fig. 1 states
   them), independently of the program a template compiles to: a
   simulator and the integrand of Eq. 5.  Programs are passed on to the
   library's own. */

#include <math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "pseudocode.h"

static double
dbl(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

static double
draw(gsl_rng * r, integral_law_kind law, double scale)
{
    return law == INTEGRAL_LAPLACE ? gsl_ran_laplace(r, scale)
        : gsl_ran_gaussian(r, scale);
}

slong
pseudo_simulate(svt_answer_kind * a, double * v, const svt_model_t M,
    const double * q, const double * T, slong len, void * rng)
{
    gsl_rng * r = rng;
    double rho_scale = dbl(M->rho_scale);
    double nu_scale = M->has_nu ? dbl(M->nu_scale) : 0;
    double reset_scale = M->reset ? dbl(M->rho_reset_scale) : 0;
    double out_scale = M->output == SVT_OUT_FRESH ? dbl(M->out_scale) : 0;
    double rho, nu;
    slong i, count = 0;

    if (M->var->prog != NULL)
        return svt_simulate(a, v, M, q, T, len, rng);
    rho = draw(r, M->var->rho_law, rho_scale);

    for (i = 0; i < len; i++)
    {
        double lhs;
        nu = M->has_nu ? draw(r, M->var->nu_law, nu_scale) : 0.0;
        if (M->var->comparison == SVT_CMP_ABS_INSIDE)
            lhs = fabs(q[i] + nu);
        else if (M->var->comparison == SVT_CMP_ABS_OUTSIDE)
            lhs = fabs(q[i]) + nu;
        else
            lhs = q[i] + nu;
        if (lhs >= T[i] + rho)
        {
            if (M->output == SVT_OUT_COMPARED)
            {
                a[i] = SVT_NUM;
                v[i] = (M->var->comparison == SVT_CMP_ABS_OUTSIDE
                    ? fabs(q[i]) : q[i]) + nu;
            }
            else if (M->output == SVT_OUT_FRESH)
            {
                a[i] = SVT_NUM;
                v[i] = q[i] + gsl_ran_laplace(r, out_scale);
            }
            else
                a[i] = SVT_TOP;
            count++;
            if (M->reset)
                rho = draw(r, M->var->reset_law, reset_scale);
            if (M->has_cutoff && count >= M->c)
                return i + 1;
        }
        else
            a[i] = SVT_BOT;
    }
    return len;
}

static int
le(const arb_t x, const arb_t y)
{
    /* x <= y, decided on midpoints: only used to draw indicators */
    return arf_cmp(arb_midref(x), arb_midref(y)) <= 0;
}

void
pseudo_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R, int side,
    const arb_t z, slong prec)
{
    arb_t g, x, y, q, T, t;
    fmpz_t n;
    slong i;
    svt_comparison cmp = M->var->comparison;
    if (M->var->prog != NULL)
    {
        svt_integrand_at(res, M, R, side, z, prec);
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
