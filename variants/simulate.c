/* simulate.c -- the algorithms as the paper's pseudocode states them,
   with GSL's random generators.  A statistical cross-check of the
   integral models, never a verdict. */

#include <math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "svt.h"

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
svt_simulate(svt_answer_kind * a, double * v, const svt_model_t M,
    const double * q, const double * T, slong len, void * rng)
{
    gsl_rng * r = rng;
    double rho_scale = dbl(M->rho_scale);
    double nu_scale = M->has_nu ? dbl(M->nu_scale) : 0;
    double reset_scale = M->reset ? dbl(M->rho_reset_scale) : 0;
    double out_scale = M->output == SVT_OUT_FRESH ? dbl(M->out_scale) : 0;
    double rho = draw(r, M->var->rho_law, rho_scale), nu;
    slong i, count = 0;

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
