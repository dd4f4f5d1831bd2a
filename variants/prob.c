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
    P->budget_spent = 0;
    P->segments = 0;
    P->note = NULL;
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

const char *
svt_output_impossible(const svt_model_t M, const svt_runs_t R)
{
    ulong tops = 0;
    slong i;
    if (M->var->prog != NULL)
        return svt_program_impossible(M, R);
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (r->a == SVT_LABEL)
            return "the variant outputs bot, top or numbers, no labels";
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
    if (R->stops && !(M->has_cutoff && tops == (ulong) M->c))
        return "the run stops only at the c-th positive outcome";
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

/* The factors of one run on one interval of z (for abs-inside, the
   interval lies on one side of z = -T of every run).  Returns 1 when the
   run makes the probability 0 on the interval. */
static int
add_run(integral_t I, fmpq_t lo, int * have_lo, fmpq_t hi, int * have_hi,
    const svt_model_t M, const svt_run_struct * r, int side, ulong count,
    int right_of_minus_T)
{
    const slong prec = SVT_PARAM_PREC;
    fmpq_t q, x;
    arb_t s, c;
    fmpz_t n;
    int zero = 0;
    svt_comparison cmp = M->var->comparison;

    fmpq_init(q);
    fmpq_init(x);
    arb_init(s);
    arb_init(c);
    fmpz_init_set_ui(n, count);
    fmpq_set(q, r->q[side]);
    /* without query noise |q + nu| = |q|: both abs forms compare |q| */
    if (cmp == SVT_CMP_ABS_OUTSIDE || (cmp == SVT_CMP_ABS_INSIDE && !M->has_nu))
    {
        fmpq_abs(q, q);
        cmp = SVT_CMP_STANDARD;
    }

    if (r->a == SVT_NUM && M->output == SVT_OUT_COMPARED)
    {
        /* the output v is the compared noisy answer: density of nu at
           v - q, and the comparison passed: z <= v - T (|v| - T) */
        fmpq_sub(x, r->v, q);
        if (M->has_nu)
        {
            arb_set_fmpq(s, x, prec);
            integral_law_density(c, M->var->nu_law, M->nu_scale, s, prec);
            arb_pow_fmpz(c, c, n, prec);
            integral_mul_const(I, c, prec);
        }
        else if (!fmpq_is_zero(x))
            zero = 1;
        if (cmp == SVT_CMP_ABS_INSIDE)
            fmpq_abs(x, r->v);
        else
            fmpq_set(x, r->v);
        fmpq_sub(x, x, r->T);
        fmpq_min_set(hi, have_hi, x);
        goto done;
    }

    if (cmp == SVT_CMP_ABS_INSIDE)
    {
        /* Pr[|q + nu| >= T + z] = 1 - F(T - q + z) + F(-T - q - z) when
           T + z > 0, and 1 otherwise; bot is its complement */
        if (!right_of_minus_T)
        {
            zero = (r->a == SVT_BOT);
            goto numeric_density;
        }
        {
            integral_term_t t[2];
            arb_t one, k0;
            arb_init(one);
            arb_init(k0);   /* 0 */
            integral_term_init(t[0]);
            integral_term_init(t[1]);
            arb_one(one);
            /* bot: 0 + F(T - q + z) - F(-T - q - z); top: 1 - F(...) + F(...) */
            if (r->a != SVT_BOT)
            {
                arb_neg(one, one);
                arb_one(k0);
            }
            fmpq_sub(x, r->T, q);
            arb_set_fmpq(s, x, prec);
            integral_term_set(t[0], M->var->nu_law, M->nu_scale, one, 1, s);
            fmpq_add(x, r->T, q);
            fmpq_neg(x, x);
            arb_set_fmpq(s, x, prec);
            arb_neg(one, one);
            integral_term_set(t[1], M->var->nu_law, M->nu_scale, one, -1, s);
            integral_mul_factor(I, k0, t[0], 2, n);
            integral_term_clear(t[0]);
            integral_term_clear(t[1]);
            arb_clear(one);
            arb_clear(k0);
        }
        goto numeric_density;
    }

    /* standard: the factor is F_nu(T - q + z) for bot */
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
            fmpq_max_set(lo, have_lo, x);
        }
        goto done;
    }
    if (M->has_nu)
        integral_mul_sf(I, M->var->nu_law, M->nu_scale, s, n);
    else
    {
        /* q >= T + z  <=>  z <= q - T */
        fmpq_neg(x, x);
        fmpq_min_set(hi, have_hi, x);
    }

numeric_density:
    if (!zero && r->a == SVT_NUM)
    {
        /* fresh output noise, independent of the comparison */
        fmpq_sub(x, r->v, r->q[side]);
        arb_set_fmpq(s, x, prec);
        integral_law_density(c, INTEGRAL_LAPLACE, M->out_scale, s, prec);
        arb_pow_fmpz(c, c, n, prec);
        integral_mul_const(I, c, prec);
    }

done:
    fmpq_clear(q);
    fmpq_clear(x);
    arb_clear(s);
    arb_clear(c);
    fmpz_clear(n);
    return zero;
}

/* Pr of one segment: one integral, or for abs-inside comparisons a sum
   of integrals over the intervals cut at every z = -T.  Sets *zero for
   an exact 0. */
static int
segment_prob(integral_result_t out, int * zero, const svt_model_t M,
    const svt_runs_t R, const segment_struct * S, int side,
    const integral_opt_t opt)
{
    const slong prec = SVT_PARAM_PREC;
    fmpq * cuts;
    slong ncut = 0, i, j, iv;
    int st = INTEGRAL_SUCCESS, any = 0, budget = 0;
    integral_result_t part;
    arb_t s;

    arb_init(s);
    integral_result_init(part);
    cuts = _fmpq_vec_init(S->len + 1);
    if (M->var->comparison == SVT_CMP_ABS_INSIDE && M->has_nu)
        for (i = 0; i < S->len; i++)
        {
            const svt_run_struct * r = R->runs + S->run[i];
            if (r->a == SVT_NUM && M->output == SVT_OUT_COMPARED)
                continue;
            fmpq_neg(cuts + ncut, r->T);
            for (j = 0; j < ncut; j++)
                if (fmpq_equal(cuts + j, cuts + ncut))
                    break;
            if (j == ncut)
                ncut++;
        }
    /* sort the cuts */
    for (i = 1; i < ncut; i++)
        for (j = i; j > 0 && fmpq_cmp(cuts + j - 1, cuts + j) > 0; j--)
            fmpq_swap(cuts + j - 1, cuts + j);

    arb_zero(out->value);
    *zero = 1;
    for (iv = 0; iv <= ncut; iv++)
    {
        /* the interval (cuts[iv-1], cuts[iv]) */
        integral_t I;
        fmpq_t lo, hi;
        int have_lo = 0, have_hi = 0, z = 0, pst;
        fmpq_init(lo);
        fmpq_init(hi);
        if (iv > 0)
            fmpq_max_set(lo, &have_lo, cuts + iv - 1);
        if (iv < ncut)
            fmpq_min_set(hi, &have_hi, cuts + iv);
        integral_init(I, S->reset_law ? M->var->reset_law : M->var->rho_law,
            S->reset_law ? M->rho_reset_scale : M->rho_scale);
        for (i = 0; i < S->len && !z; i++)
        {
            const svt_run_struct * r = R->runs + S->run[i];
            fmpq_t mT;
            int right;
            fmpq_init(mT);
            fmpq_neg(mT, r->T);
            /* is this interval right of z = -T of this run? */
            right = iv > 0 && fmpq_cmp(cuts + iv - 1, mT) >= 0;
            z = add_run(I, lo, &have_lo, hi, &have_hi, M, r, side, S->cnt[i], right);
            fmpq_clear(mT);
        }
        /* the domain is exact: an empty or one-point interval of z has
           probability exactly 0 (rho has a density) */
        if (!z && have_lo && have_hi && fmpq_cmp(lo, hi) >= 0)
            z = 1;
        if (!z)
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
            pst = integral_eval(part, I, opt, 0);
            if (pst != INTEGRAL_SUCCESS)
                st = pst;
            budget |= part->budget_spent;
            if (!part->exact_zero)
            {
                arb_add(out->value, out->value, part->value, prec);
                *zero = 0;
            }
            any = 1;
        }
        integral_clear(I);
        fmpq_clear(lo);
        fmpq_clear(hi);
    }
    (void) any;
    out->exact_zero = *zero;
    if (*zero)
    {
        arb_zero(out->value);
        arb_neg_inf(out->log_value);
    }
    else if (arb_is_positive(out->value))
        arb_log(out->log_value, out->value, prec);
    else
        arb_indeterminate(out->log_value);

    out->budget_spent = budget;
    _fmpq_vec_clear(cuts, S->len + 1);
    integral_result_clear(part);
    arb_clear(s);
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

    if (M->var->prog != NULL)
        return svt_program_prob(res, M, R, side, opt);
    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->budget_spent = 0;
    res->segments = 0;
    res->note = NULL;
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
        res->budget_spent |= ir->budget_spent;
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
