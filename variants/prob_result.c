/* prob_result.c -- the result of a probability (svt.h). */

#include "svt.h"

void
svt_prob_init(svt_prob_t P)
{
    arb_init(P->value);
    arb_init(P->log_value);
    P->zero = 0;
    P->status = SVT_PROB_OK;
    P->budget_spent = 0;
    P->segments = 0;
    P->note = NULL;
    P->tie = 0;
}

void
svt_prob_clear(svt_prob_t P)
{
    arb_clear(P->value);
    arb_clear(P->log_value);
}

void
svt_prob_set_log(svt_prob_t P, slong prec)
{
    if (P->zero)
    {
        arb_zero(P->value);
        arb_neg_inf(P->log_value);
    }
    else if (arb_is_positive(P->value))
        arb_log(P->log_value, P->value, prec);
    else
        arb_indeterminate(P->log_value);
}
