/* model.c -- a variant instantiated at (eps, c, Delta). */

#include <stdio.h>
#include "svt.h"

void
svt_model_init(svt_model_t M)
{
    M->var = NULL;
    M->c = 1;
    arb_init(M->eps);
    arb_init(M->eps1);
    arb_init(M->eps2);
    arb_init(M->eps3);
    arb_init(M->delta);
    arb_init(M->rho_scale);
    arb_init(M->nu_scale);
    arb_init(M->rho_reset_scale);
    arb_init(M->out_scale);
    arb_init(M->claimed);
    M->has_nu = M->reset = M->has_cutoff = 0;
    M->output = SVT_OUT_TOP;
}

void
svt_model_clear(svt_model_t M)
{
    arb_clear(M->eps);
    arb_clear(M->eps1);
    arb_clear(M->eps2);
    arb_clear(M->eps3);
    arb_clear(M->delta);
    arb_clear(M->rho_scale);
    arb_clear(M->nu_scale);
    arb_clear(M->rho_reset_scale);
    arb_clear(M->out_scale);
    arb_clear(M->claimed);
}

static void
scale_of(arb_t res, const svt_model_t M, svt_scale_form f)
{
    const arb_struct * e = f.eps_index == 1 ? M->eps1
        : f.eps_index == 2 ? M->eps2 : M->eps3;
    arb_mul_si(res, M->delta, f.num, SVT_PARAM_PREC);
    if (f.with_c)
        arb_mul_si(res, res, M->c, SVT_PARAM_PREC);
    arb_div(res, res, e, SVT_PARAM_PREC);
}

int
svt_model_set(svt_model_t M, const svt_variant_struct * var,
    const fmpq_t eps, slong c, const fmpq_t delta, const svt_overrides * ov,
    char * err, size_t errlen)
{
    const slong prec = SVT_PARAM_PREC;
    const svt_overrides none = { NULL, NULL, NULL };
    arb_t r, t;

    if (ov == NULL)
        ov = &none;
    if (fmpq_sgn(eps) <= 0)
    {
        snprintf(err, errlen, "eps must be > 0");
        return -1;
    }
    if (c < 1)
    {
        snprintf(err, errlen, "c must be an integer >= 1");
        return -1;
    }
    if (fmpq_sgn(delta) <= 0)
    {
        snprintf(err, errlen, "delta must be > 0");
        return -1;
    }
    if ((ov->eps1 || ov->eps2) && var->split != SVT_SPLIT_FREE
            && var->split != SVT_SPLIT_TWOC23 && var->split != SVT_SPLIT_C23)
    {
        snprintf(err, errlen, "--eps1/--eps2 apply only to gptt, alg7 and "
            "alg7-monotone (%s fixes its split)", var->name);
        return -1;
    }
    if (ov->eps3 && var->output != SVT_OUT_FRESH)
    {
        snprintf(err, errlen, "--eps3 applies only to alg7 and alg7-monotone");
        return -1;
    }
    if ((ov->eps1 && fmpq_sgn(ov->eps1) <= 0) || (ov->eps2 && fmpq_sgn(ov->eps2) <= 0)
            || (ov->eps3 && fmpq_sgn(ov->eps3) < 0))
    {
        snprintf(err, errlen, "eps1 and eps2 must be > 0, eps3 >= 0");
        return -1;
    }

    arb_init(r);
    arb_init(t);
    M->var = var;
    M->c = c;
    arb_set_fmpq(M->eps, eps, prec);
    arb_set_fmpq(M->delta, delta, prec);
    arb_zero(M->eps3);

    switch (var->split)
    {
        case SVT_SPLIT_HALF:
            arb_mul_2exp_si(M->eps1, M->eps, -1);
            arb_set(M->eps2, M->eps1);
            break;
        case SVT_SPLIT_QUARTER:
            arb_mul_2exp_si(M->eps1, M->eps, -2);
            arb_sub(M->eps2, M->eps, M->eps1, prec);
            break;
        case SVT_SPLIT_FREE:
            arb_mul_2exp_si(M->eps1, M->eps, -1);
            arb_set(M->eps2, M->eps1);
            if (ov->eps1)
                arb_set_fmpq(M->eps1, ov->eps1, prec);
            if (ov->eps2)
                arb_set_fmpq(M->eps2, ov->eps2, prec);
            break;
        default:
            if (ov->eps3)
            {
                arb_set_fmpq(M->eps3, ov->eps3, prec);
                if (fmpq_cmp(ov->eps3, eps) >= 0)
                {
                    snprintf(err, errlen, "eps3 must be smaller than eps");
                    arb_clear(r);
                    arb_clear(t);
                    return -1;
                }
            }
            /* r = (2c)^(2/3) or c^(2/3); eps1 = (eps-eps3)/(1+r) */
            arb_set_si(r, var->split == SVT_SPLIT_TWOC23 ? 2 * c : c);
            arb_set_ui(t, 2);
            arb_div_ui(t, t, 3, prec);
            arb_pow(r, r, t, prec);
            arb_sub(t, M->eps, M->eps3, prec);
            arb_add_ui(M->eps1, r, 1, prec);
            arb_div(M->eps1, t, M->eps1, prec);
            arb_mul(M->eps2, M->eps1, r, prec);
            if (ov->eps1)
                arb_set_fmpq(M->eps1, ov->eps1, prec);
            if (ov->eps2)
                arb_set_fmpq(M->eps2, ov->eps2, prec);
            break;
    }

    M->has_nu = var->has_nu;
    M->reset = var->reset;
    M->has_cutoff = var->has_cutoff;
    M->output = var->output;
    if (M->output == SVT_OUT_FRESH && arb_is_zero(M->eps3))
        M->output = SVT_OUT_TOP;

    scale_of(M->rho_scale, M, var->rho);
    if (M->has_nu)
        scale_of(M->nu_scale, M, var->nu);
    if (M->reset)
        scale_of(M->rho_reset_scale, M, var->rho_reset);
    if (M->output == SVT_OUT_FRESH)
        scale_of(M->out_scale, M, var->out);

    if (var->claim_is_eps123 && var->split != SVT_SPLIT_FREE
            && ov->eps1 == NULL && ov->eps2 == NULL)
        arb_set(M->claimed, M->eps);    /* eps1 + eps2 + eps3 = eps exactly */
    else if (var->claim_is_eps123)
    {
        arb_add(M->claimed, M->eps1, M->eps2, prec);
        arb_add(M->claimed, M->claimed, M->eps3, prec);
    }
    else
        arb_set(M->claimed, M->eps);

    arb_clear(r);
    arb_clear(t);
    return 0;
}
