/* program_argmax.c -- the Report Noisy Max back-end: Pr[A(D) = a] of a
   program with `argmax` (the winner of the largest noisy answer, its
   value when released) as one integral of powered CDF factors, or for
   exponential noise an exact polynomial integral. */

#include "svt.h"

/* Report Noisy Max: the index of the winner k (the one entry that is
   not bot, count 1), or -1 */
static slong
argmax_winner(const svt_runs_t R)
{
    slong i, k = -1;
    for (i = 0; i < R->len; i++)
        if (R->runs[i].a != SVT_BOT)
        {
            if (k >= 0 || R->runs[i].count != 1 || R->runs[i].a == SVT_LABEL)
                return -1;
            k = i;
        }
    return k;
}

/* Report Noisy Max with Exp(b) noise.  The winner's noisy value u is at
   least L = max_i q_i, and s = e^{-(u - L)/b} maps [L, inf) onto (0, 1]:
   Pr[argmax = k] = c_k int_0^1 prod_{i != k} (1 - c_i s)^{n_i} ds with
   c_i = e^{(q_i - L)/b}, an integral of a polynomial (no tail to cut).
   With the value v released: its density (1/b) e^{-(v - q_k)/b} times
   prod_{i != k} (1 - e^{-(v - q_i)/b})^{n_i}, 0 unless v >= L. */
static void
argmax_exp_value(svt_prob_t res, const svt_runs_t R, slong k, int side,
    const arb_t b, slong prec)
{
    fmpq_t x;
    arb_t t;
    slong i;
    fmpq_init(x);
    arb_init(t);
    /* ln density = -(v - q_k)/b - ln b + sum n_i ln(1 - e^{-(v - q_i)/b}) */
    arb_log(res->log_value, b, prec);
    arb_neg(res->log_value, res->log_value);
    for (i = 0; i < R->len && !res->zero; i++)
    {
        fmpq_sub(x, R->runs[k].v, R->runs[i].q[side]);
        if (fmpq_sgn(x) < 0)
            res->zero = 1;      /* a noisy value below its own query */
        arb_set_fmpq(t, x, prec);
        arb_div(t, t, b, prec);
        if (i == k)
            arb_sub(res->log_value, res->log_value, t, prec);
        else if (fmpq_is_zero(x))
            res->zero = 1;      /* F(0) = 0 */
        else
        {
            arb_neg(t, t);
            arb_expm1(t, t, prec);
            arb_neg(t, t);
            arb_log(t, t, prec);
            arb_mul_ui(t, t, R->runs[i].count, prec);
            arb_add(res->log_value, res->log_value, t, prec);
        }
    }
    if (res->zero)
    {
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
    }
    else
        arb_exp(res->value, res->log_value, prec);
    fmpq_clear(x);
    arb_clear(t);
}

/* the largest query of one side */
static const fmpq *
runs_max_q(const svt_runs_t R, int side)
{
    const fmpq * L = R->runs[0].q[side];
    slong i;
    for (i = 1; i < R->len; i++)
        if (fmpq_cmp(R->runs[i].q[side], L) > 0)
            L = R->runs[i].q[side];
    return L;
}

static void
argmax_exp_index(svt_prob_t res, const svt_runs_t R, slong k, int side,
    const arb_t b, const integral_opt_t opt, slong prec)
{
    arb_ptr c = _arb_vec_init(R->len);
    fmpz * n = _fmpz_vec_init(R->len);
    const fmpq * L = runs_max_q(R, side);
    fmpq_t x;
    arb_t ck, J;
    slong i, len = 0;
    fmpq_init(x);
    arb_init(ck);
    arb_init(J);
    for (i = 0; i < R->len; i++)
    {
        fmpq_sub(x, R->runs[i].q[side], L);
        arb_set_fmpq(i == k ? ck : c + len, x, prec);
        if (i == k)
        {
            arb_div(ck, ck, b, prec);   /* ln c_k */
            continue;
        }
        arb_div(c + len, c + len, b, prec);
        arb_exp(c + len, c + len, prec);
        fmpz_set_ui(n + len, R->runs[i].count);
        len++;
    }
    if (integral_linear_powers(J, c, n, len, opt) != INTEGRAL_SUCCESS)
        res->status = SVT_PROB_GOAL_MISSED;
    arb_log(res->log_value, J, prec);
    arb_add(res->log_value, res->log_value, ck, prec);
    arb_exp(res->value, res->log_value, prec);
    fmpq_clear(x);
    arb_clear(ck);
    arb_clear(J);
    _arb_vec_clear(c, R->len);
    _fmpz_vec_clear(n, R->len);
}

/* Pr[argmax = k] = int f(u) prod_{i != k} F(u + q_k - q_i)^{n_i} du, u the
   winner's noise; with the value v released, the point u = v - q_k */
int
svt_argmax_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_t opt)
{
    const slong prec = SVT_PARAM_PREC;
    const svt_program * P = M->prog;
    int noise = P->register_noise;
    const arb_struct * scale = M->prog_scale + noise;
    slong k = argmax_winner(R), i;
    integral_t I;
    integral_result_t ir;
    fmpq_t x;
    arb_t s;
    fmpz_t n;

    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->budget_spent = 0;
    res->note = NULL;
    res->segments = 1;
    if (k < 0 || (R->runs[k].a == SVT_NUM && !P->outputs_numbers))
    {
        res->status = SVT_PROB_IMPOSSIBLE;
        res->zero = 1;
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
        return res->status;
    }
    if (P->noises[noise].exponential)
    {
        if (R->runs[k].a == SVT_NUM)
            argmax_exp_value(res, R, k, side, scale, prec);
        else
            argmax_exp_index(res, R, k, side, scale, opt, prec);
        return res->status;
    }
    fmpq_init(x);
    arb_init(s);
    fmpz_init(n);
    integral_init(I, P->noises[noise].law, scale);
    for (i = 0; i < R->len; i++)
    {
        if (i == k)
            continue;
        fmpq_sub(x, R->runs[k].q[side], R->runs[i].q[side]);
        arb_set_fmpq(s, x, prec);
        fmpz_set_ui(n, R->runs[i].count);
        integral_mul_cdf(I, P->noises[noise].law, scale, s, n);
    }
    if (R->runs[k].a == SVT_NUM)
    {
        fmpq_sub(x, R->runs[k].v, R->runs[k].q[side]);
        arb_set_fmpq(s, x, prec);
        integral_integrand_at(res->value, I, s, prec);
    }
    else
    {
        integral_result_init(ir);
        if (integral_eval(ir, I, opt, 0) != INTEGRAL_SUCCESS)
            res->status = SVT_PROB_GOAL_MISSED;
        res->budget_spent = ir->budget_spent;
        arb_set(res->value, ir->value);
        integral_result_clear(ir);
    }
    res->zero = arb_is_zero(res->value);
    svt_prob_set_log(res, prec);
    integral_clear(I);
    fmpq_clear(x);
    arb_clear(s);
    fmpz_clear(n);
    return res->status;
}

/* the distances q_i - L of the other queries on one side, merged: counts
   of equal distances are added */
static slong
argmax_offsets(fmpq * off, ulong * cnt, const svt_runs_t R, slong k,
    int side, fmpq_t L)
{
    slong i, j, n = 0;
    fmpq_set(L, runs_max_q(R, side));
    for (i = 0; i < R->len; i++)
    {
        fmpq_t d;
        if (i == k)
            continue;
        fmpq_init(d);
        fmpq_sub(d, R->runs[i].q[side], L);
        for (j = 0; j < n && !fmpq_equal(off + j, d); j++)
            ;
        if (j == n)
        {
            fmpq_set(off + n, d);
            cnt[n++] = 0;
        }
        cnt[j] += R->runs[i].count;
        fmpq_clear(d);
    }
    return n;
}

int
svt_exact_log_ratio(fmpq_t r, const svt_model_t M, const svt_runs_t R)
{
    const svt_program * P = M->prog;
    fmpq * off[2];
    ulong * cnt[2];
    fmpq_t L[2], b;
    slong n[2], i, j, k;
    int side, same = 1;
    if (P == NULL || !P->argmax || !P->noises[P->register_noise].exponential)
        return 0;
    k = argmax_winner(R);
    if (k < 0 || R->runs[k].a != SVT_TOP)
        return 0;
    fmpq_init(b);
    if (!svt_model_expr_fmpq(b, M, P->noises[P->register_noise].scale)
            || fmpq_sgn(b) <= 0)
    {
        fmpq_clear(b);
        return 0;
    }
    for (side = 0; side < 2; side++)
    {
        off[side] = _fmpq_vec_init(R->len);
        cnt[side] = flint_calloc(R->len, sizeof(ulong));
        fmpq_init(L[side]);
        n[side] = argmax_offsets(off[side], cnt[side], R, k, side, L[side]);
    }
    /* the same multiset of distances: the same polynomial integral */
    same = n[0] == n[1];
    for (i = 0; i < n[0] && same; i++)
    {
        for (j = 0; j < n[1] && !fmpq_equal(off[0] + i, off[1] + j); j++)
            ;
        same = j < n[1] && cnt[0][i] == cnt[1][j];
    }
    if (same)
    {
        /* ln c_k(D) - ln c_k(D') */
        fmpq_sub(r, R->runs[k].q[0], L[0]);
        fmpq_sub(r, r, R->runs[k].q[1]);
        fmpq_add(r, r, L[1]);
        fmpq_div(r, r, b);
    }
    for (side = 0; side < 2; side++)
    {
        _fmpq_vec_clear(off[side], R->len);
        flint_free(cnt[side]);
        fmpq_clear(L[side]);
    }
    fmpq_clear(b);
    return same;
}

const char *
svt_argmax_impossible(const svt_model_t M, const svt_runs_t R)
{
    slong k = argmax_winner(R);
    if (k < 0 || (R->runs[k].a == SVT_NUM && !M->prog->outputs_numbers))
        return "Report Noisy Max outputs one winner (top, or its noisy "
            "value) and bot elsewhere";
    return NULL;
}
