/* prob.c -- certified Pr[A(D) = a] for a modelled variant (Eq. 5 of the
   paper, with numeric outputs, resets and noiseless queries). */

#include "svt.h"

void
svt_prob_init(svt_prob_t P)
{
    arb_init(P->value);
    arb_init(P->log_value);
    P->zero = 0;
    P->status = SVT_PROB_OK;
    P->segments = 0;
}

void
svt_prob_clear(svt_prob_t P)
{
    arb_clear(P->value);
    arb_clear(P->log_value);
}

const char *
svt_output_impossible(const svt_model_t M, const svt_runs_t R)
{
    ulong tops = 0;
    slong i;
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (r->a == SVT_BOT)
            continue;
        if (r->a == SVT_NUM && M->output == SVT_OUT_TOP)
            return "the variant outputs no numbers";
        tops += r->count;
        if (M->has_cutoff && tops > (ulong) M->c)
            return "more positive outcomes than the cutoff c";
    }
    if (M->has_cutoff && tops == (ulong) M->c && R->len > 0
            && R->runs[R->len - 1].a == SVT_BOT)
        return "an output after the c-th positive outcome (the algorithm stops)";
    return NULL;
}

/* one segment: a list of (run, how many of its queries) */
typedef struct
{
    slong * run;
    ulong * cnt;
    slong len;
    ulong mult;     /* identical segments, evaluated once */
    int reset_law;  /* rho drawn from the reset law */
}
segment_struct;

static void
fmpq_max_set(fmpq_t x, int * have, const fmpq_t y)
{
    if (!*have || fmpq_cmp(y, x) > 0)
        fmpq_set(x, y);
    *have = 1;
}

static void
fmpq_min_set(fmpq_t x, int * have, const fmpq_t y)
{
    if (!*have || fmpq_cmp(y, x) < 0)
        fmpq_set(x, y);
    *have = 1;
}

/* Pr of one segment; returns the engine status, sets *zero for an exact
   zero found without integrating (a noiseless number that does not
   match). */
static int
segment_prob(integral_result_t out, int * zero, const svt_model_t M,
    const svt_runs_t R, const segment_struct * S, int side,
    const integral_opt_t opt)
{
    const slong prec = SVT_PARAM_PREC;
    integral_t I;
    fmpq_t lo, hi, x;
    int have_lo = 0, have_hi = 0, st;
    arb_t s, c;
    fmpz_t n;
    slong i;

    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(x);
    arb_init(s);
    arb_init(c);
    fmpz_init(n);
    *zero = 0;

    integral_init(I, S->reset_law ? M->var->reset_law : M->var->rho_law,
        S->reset_law ? M->rho_reset_scale : M->rho_scale);

    for (i = 0; i < S->len; i++)
    {
        const svt_run_struct * r = R->runs + S->run[i];
        const fmpq * q = r->q[side];
        fmpz_set_ui(n, S->cnt[i]);

        /* shift T - q: the factor is F_nu(T - q + z) */
        fmpq_sub(x, r->T, q);
        arb_set_fmpq(s, x, prec);

        if (r->a == SVT_BOT)
        {
            if (M->has_nu)
                integral_mul_cdf(I, M->var->nu_law, M->nu_scale, s, n);
            else
            {
                /* q < T + z  <=>  z > q - T */
                fmpq_neg(x, x);
                fmpq_max_set(lo, &have_lo, x);
            }
            continue;
        }

        /* a positive outcome */
        if (r->a == SVT_NUM && M->output == SVT_OUT_COMPARED)
        {
            /* output v = q + nu: density of nu at v - q, and z <= v - T */
            fmpq_sub(x, r->v, q);
            if (M->has_nu)
            {
                arb_set_fmpq(s, x, prec);
                integral_law_density(c, M->var->nu_law, M->nu_scale, s, prec);
                arb_pow_fmpz(c, c, n, prec);
                integral_mul_const(I, c, prec);
            }
            else if (!fmpq_is_zero(x))
            {
                *zero = 1;
                break;
            }
            fmpq_sub(x, r->v, r->T);
            fmpq_min_set(hi, &have_hi, x);
            continue;
        }

        if (M->has_nu)
            integral_mul_sf(I, M->var->nu_law, M->nu_scale, s, n);
        else
        {
            /* q >= T + z  <=>  z <= q - T */
            fmpq_neg(x, x);
            fmpq_min_set(hi, &have_hi, x);
        }
        if (r->a == SVT_NUM)
        {
            /* fresh output noise, independent of the comparison */
            fmpq_sub(x, r->v, q);
            arb_set_fmpq(s, x, prec);
            integral_law_density(c, INTEGRAL_LAPLACE, M->out_scale, s, prec);
            arb_pow_fmpz(c, c, n, prec);
            integral_mul_const(I, c, prec);
        }
    }

    if (!*zero)
    {
        if (have_lo)
        {
            arb_set_fmpq(s, lo, prec);
            integral_set_lo(I, s);
        }
        if (have_hi)
        {
            arb_set_fmpq(s, hi, prec);
            integral_set_hi(I, s);
        }
        st = integral_eval(out, I, opt, 0);
    }
    else
    {
        arb_zero(out->value);
        arb_neg_inf(out->log_value);
        out->exact_zero = 1;
        st = INTEGRAL_SUCCESS;
    }

    integral_clear(I);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(x);
    arb_clear(s);
    arb_clear(c);
    fmpz_clear(n);
    return st;
}

static segment_struct *
seg_new(segment_struct ** segs, slong * nseg, slong maxlen)
{
    segment_struct * S;
    *segs = flint_realloc(*segs, (*nseg + 1) * sizeof(segment_struct));
    S = *segs + *nseg;
    S->run = flint_malloc(maxlen * sizeof(slong));
    S->cnt = flint_malloc(maxlen * sizeof(ulong));
    S->len = 0;
    S->mult = 1;
    S->reset_law = (*nseg > 0);
    (*nseg)++;
    return S;
}

int
svt_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_t opt)
{
    segment_struct * segs = NULL;
    slong nseg = 0, i, maxlen = FLINT_MAX(R->len, 1);
    segment_struct * cur;
    integral_result_t ir;
    const slong prec = SVT_PARAM_PREC;

    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->segments = 0;
    arb_one(res->value);
    arb_zero(res->log_value);

    if (svt_output_impossible(M, R) != NULL)
    {
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
        res->zero = 1;
        res->status = SVT_PROB_IMPOSSIBLE;
        return res->status;
    }

    /* segments: without reset one segment holds everything; with reset a
       positive outcome closes the segment, and a run of k positive
       outcomes adds k - 1 identical one-query segments */
    cur = seg_new(&segs, &nseg, maxlen);
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (!M->reset || r->a == SVT_BOT)
        {
            cur->run[cur->len] = i;
            cur->cnt[cur->len] = r->count;
            cur->len++;
            continue;
        }
        cur->run[cur->len] = i;
        cur->cnt[cur->len] = 1;
        cur->len++;
        if (r->count > 1)
        {
            cur = seg_new(&segs, &nseg, maxlen);
            cur->run[0] = i;
            cur->cnt[0] = 1;
            cur->len = 1;
            cur->mult = r->count - 1;
        }
        cur = seg_new(&segs, &nseg, maxlen);
    }

    integral_result_init(ir);
    for (i = 0; i < nseg; i++)
    {
        int zero, st;
        if (segs[i].len == 0)
            continue;   /* empty trailing segment: probability 1 */
        st = segment_prob(ir, &zero, M, R, segs + i, side, opt);
        res->segments++;
        if (ir->exact_zero || zero)
        {
            res->zero = 1;
            arb_zero(res->value);
            arb_neg_inf(res->log_value);
            break;
        }
        if (st != INTEGRAL_SUCCESS)
            res->status = SVT_PROB_GOAL_MISSED;
        if (segs[i].mult == 1)
        {
            arb_mul(res->value, res->value, ir->value, prec);
            arb_add(res->log_value, res->log_value, ir->log_value, prec);
        }
        else
        {
            fmpz_t k;
            arb_t t;
            fmpz_init_set_ui(k, segs[i].mult);
            arb_init(t);
            arb_pow_fmpz(t, ir->value, k, prec);
            arb_mul(res->value, res->value, t, prec);
            arb_mul_fmpz(t, ir->log_value, k, prec);
            arb_add(res->log_value, res->log_value, t, prec);
            arb_clear(t);
            fmpz_clear(k);
        }
    }
    integral_result_clear(ir);

    for (i = 0; i < nseg; i++)
    {
        flint_free(segs[i].run);
        flint_free(segs[i].cnt);
    }
    flint_free(segs);
    return res->status;
}
