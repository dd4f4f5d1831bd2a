/* stated.c -- the claim and the stated property, exactly (stated.h). */

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "stated.h"
#include "verify.h"

void
stated_model_rationals(fmpq * vals, int * def, const svt_model_t M)
{
    static const int order[3] = { 2, 0, 1 };
    int k;
    for (k = 0; k < SPEC_NVARS; k++)
        def[k] = k < 3;
    fmpq_set(vals + SPEC_VAR_EPS, M->eps_q);
    fmpq_set_si(vals + SPEC_VAR_C, M->c, 1);
    fmpq_set(vals + SPEC_VAR_DELTA, M->delta_q);
    for (k = 0; k < 3; k++)
    {
        int i = order[k];
        fmpq * v = vals + SPEC_VAR_EPS1 + i;
        if (M->epsk_is_given[i])
        {
            fmpq_set(v, M->epsk_given[i]);
            def[SPEC_VAR_EPS1 + i] = 1;
        }
        else if (M->var->eps_expr[i] == NULL)
        {
            fmpq_zero(v);
            def[SPEC_VAR_EPS1 + i] = M->var->prog == NULL;
        }
        else
            def[SPEC_VAR_EPS1 + i] = spec_expr_eval_fmpq(v, M->var->eps_expr[i],
                vals, def) == 0;
    }
}

/* the value of e in the model's rationals; 0 when it is one */
static int
model_fmpq(fmpq_t res, const svt_model_t M, const spec_expr * e)
{
    fmpq * vals = _fmpq_vec_init(SPEC_NVARS);
    int def[SPEC_NVARS], rc;
    stated_model_rationals(vals, def, M);
    rc = e != NULL ? spec_expr_eval_fmpq(res, e, vals, def) : -1;
    _fmpq_vec_clear(vals, SPEC_NVARS);
    return rc;
}

void
stated_claim_text(char * buf, size_t len, const svt_model_t M)
{
    fmpq_t q;
    fmpq_init(q);
    if (!M->has_claim)
        snprintf(buf, len, "none");
    else if (model_fmpq(q, M, M->var->claimed) == 0 && !fmpq_is_zero(M->eps_q))
    {
        fmpq_div(q, q, M->eps_q);
        if (fmpq_is_one(q))
            snprintf(buf, len, "eps");
        else
        {
            char * s = fmpq_get_str(NULL, 10, q);
            snprintf(buf, len, "%s eps", s);
            flint_free(s);
        }
    }
    else
    {
        char * s = decimal_bound(M->claimed, 8, 0);
        snprintf(buf, len, "%s", s);
        flint_free(s);
    }
    fmpq_clear(q);
}

/* the budget written before "-DP" in the stated property, with the
   products its prose leaves implicit made explicit ("6c" -> "6*c",
   ") eps" -> ")*eps"); 0 when there is one */
static int
stated_budget_text(char * expr, size_t elen, char * text, size_t tlen,
    const char * pp)
{
    const char * e = strstr(pp, "-DP");
    size_t i, n = 0, k;
    char prev = '\0';
    if (e == NULL || e == pp || strncmp(pp, "not", 3) == 0)
        return -1;
    k = (size_t) (e - pp);
    while (k > 0 && pp[k - 1] == ' ')
        k--;
    snprintf(text, tlen, "%.*s", (int) k, pp);
    for (i = 0; i < k && n + 2 < elen; i++)
    {
        char ch = pp[i];
        if (ch == ' ')
            continue;
        if ((isdigit((unsigned char) prev) || prev == ')')
                && (isalpha((unsigned char) ch) || ch == '('))
            expr[n++] = '*';
        expr[n++] = ch;
        prev = ch;
    }
    expr[n] = '\0';
    return n > 0 ? 0 : -1;
}

int
stated_B_is_stated(char * text, size_t len, const align_result_t A,
    const svt_model_t M)
{
    char expr[256], err[128];
    int col, same = 0;
    spec_expr * e;
    fmpq_t s;
    text[0] = '\0';
    if (!A->proved || !A->exact || !fmpq_is_zero(A->bound_lf->k[1])
            || !fmpq_is_zero(A->bound_lf->k[2])
            || !fmpq_is_zero(A->bound_lf->k[3])
            || stated_budget_text(expr, sizeof(expr), text, len,
                M->var->paper_property) != 0)
        return 0;
    e = spec_expr_parse(expr, err, sizeof(err), &col);
    if (e == NULL)
        return 0;
    fmpq_init(s);
    same = model_fmpq(s, M, e) == 0 && fmpq_equal(s, A->bound_lf->k[0]);
    fmpq_clear(s);
    spec_expr_free(e);
    return same;
}
