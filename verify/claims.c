/* claims.c -- the rows of the "approximate DP" tables (see claims.h). */

#include <stdio.h>
#include <string.h>
#include "claims.h"

#define CLAIMS_PREC 256
#define CLAIMS_DIGITS 12

extern const char * const svt_approx_spec_file[];
extern const char * const svt_approx_spec_text[];
extern const int svt_approx_spec_count;

int
claims_variant(svt_variant_struct * v, const char * name)
{
    char err[512];
    slong i;
    size_t n = strlen(name);
    for (i = 0; i < svt_approx_spec_count; i++)
    {
        const char * f = strrchr(svt_approx_spec_file[i], '/');
        f = f ? f + 1 : svt_approx_spec_file[i];
        if (strncmp(f, name, n) == 0 && strcmp(f + n, ".svt") == 0)
            return svt_variant_parse(v, svt_approx_spec_text[i],
                svt_approx_spec_file[i], err, sizeof(err)) == 0 ? 0 : -1;
    }
    return -1;
}

void
claims_zw_rdp(arb_t res, const arb_t alpha, const arb_t s1, const arb_t s2,
    const arb_t Delta, ulong k, slong c, slong prec)
{
    arb_t t, d2;
    arb_init(t);
    arb_init(d2);
    arb_sqr(d2, Delta, prec);
    arb_sub_ui(t, alpha, 1, prec);
    if (c <= 1)
    {
        arb_log_ui(res, k, prec);
        arb_div(res, res, t, prec);
        /* alpha Delta^2 (1/s1^2 + 2/s2^2) */
        arb_sqr(t, s1, prec);
        arb_div(t, d2, t, prec);
        arb_mul(t, t, alpha, prec);
        arb_add(res, res, t, prec);
        arb_sqr(t, s2, prec);
        arb_div(t, d2, t, prec);
        arb_mul(t, t, alpha, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_add(res, res, t, prec);
    }
    else
    {
        arb_set_ui(res, k);
        arb_div_si(res, res, c, prec);
        arb_log(res, res, prec);
        arb_mul_si(res, res, c, prec);
        arb_div(res, res, t, prec);
        /* (c + 1) alpha Delta^2 / (2 s1^2) */
        arb_sqr(t, s1, prec);
        arb_div(t, d2, t, prec);
        arb_mul(t, t, alpha, prec);
        arb_mul_si(t, t, c + 1, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_add(res, res, t, prec);
    }
    arb_clear(t);
    arb_clear(d2);
}

void
claims_zw_dp(arb_t res, const arb_t delta, const arb_t s1, const arb_t s2,
    const arb_t Delta, ulong k, slong c, slong prec)
{
    arb_t a, r, ld, b;
    slong j;
    arb_init(a);
    arb_init(r);
    arb_init(ld);
    arb_init(b);
    arb_log(ld, delta, prec);
    arb_neg(ld, ld);
    arb_pos_inf(res);
    for (j = 1; j <= 16 * 256; j++)
    {
        arb_set_si(a, j);
        arb_mul_2exp_si(a, a, -4);
        arb_div(r, ld, a, prec);
        arb_add_ui(a, a, 1, prec);
        claims_zw_rdp(b, a, s1, s2, Delta, k, c, prec);
        arb_add(r, r, b, prec);
        if (arf_cmp(arb_midref(r), arb_midref(res)) < 0 || !arb_is_finite(res))
            arb_set(res, r);
    }
    arb_clear(a);
    arb_clear(r);
    arb_clear(ld);
    arb_clear(b);
}

void
claims_split_pair(svt_runs_t R, ulong n, ulong k, const fmpq_t a,
    const fmpq_t b, const fmpq_t T)
{
    svt_runs_push(R, a, b, T, SVT_BOT, T, k);
    svt_runs_push(R, b, a, T, SVT_BOT, T, n - k);
}

/* the model of an embedded spec at (eps, c, Delta) */
static int
claims_model(svt_model_t M, svt_variant_struct * v, const char * name,
    const char * eps, slong c, const char * Delta, char * err,
    size_t errlen)
{
    fmpq_t e, d;
    int r;
    if (claims_variant(v, name) != 0)
    {
        snprintf(err, errlen, "no embedded spec %s", name);
        return -1;
    }
    fmpq_init(e);
    fmpq_init(d);
    parse_rational(e, eps);
    parse_rational(d, Delta);
    r = svt_model_set(M, v, e, c, d, NULL, err, errlen);
    fmpq_clear(e);
    fmpq_clear(d);
    return r;
}

void
claims_zw_init(claims_zw_struct * z)
{
    slong i;
    memset(z, 0, sizeof(*z));
    for (i = 0; i < CLAIMS_NALPHA; i++)
    {
        arb_init(z->alpha[i]);
        arb_init(z->bound[i]);
        arb_init(z->ours[i]);
    }
    arb_init(z->delta);
    arb_init(z->dp_bound);
    arb_init(z->dp_lo);
    arb_init(z->dp_hi);
}

void
claims_zw_clear(claims_zw_struct * z)
{
    slong i;
    for (i = 0; i < CLAIMS_NALPHA; i++)
    {
        arb_clear(z->alpha[i]);
        arb_clear(z->bound[i]);
        arb_clear(z->ours[i]);
    }
    arb_clear(z->delta);
    arb_clear(z->dp_bound);
    arb_clear(z->dp_lo);
    arb_clear(z->dp_hi);
}

/* x replaces best (and its description) when its lower end is larger */
static void
keep_worst(arb_t best, char * where, const arb_t x, const char * what)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arb_get_lbound_arf(a, x, CLAIMS_PREC);
    arb_get_lbound_arf(b, best, CLAIMS_PREC);
    if (!arb_is_finite(best) || arf_cmp(a, b) > 0)
    {
        arb_set(best, x);
        snprintf(where, 96, "%s", what);
    }
    arf_clear(a);
    arf_clear(b);
}

int
claims_zw(claims_zw_struct * z, slong c, char * err, size_t errlen)
{
    static const slong alphas[CLAIMS_NALPHA] = { 2, 8, 32 };
    static const char * Ts[6] = { "0", "2", "4", "8", "0", "2" };
    const ulong n = CLAIMS_ZW_K;
    svt_variant_struct v;
    svt_model_t M;
    arb_t x, lo, hi;
    fmpq_t zero, one, T;
    slong i, j;
    int r = 0;

    svt_variant_init(&v);
    svt_model_init(M);
    arb_init(x);
    arb_init(lo);
    arb_init(hi);
    fmpq_init(zero);
    fmpq_init(one);
    fmpq_init(T);
    fmpq_one(one);
    if (claims_model(M, &v, "zhu-wang-svt", "1/2", c, "1", err, errlen) != 0)
    {
        r = -1;
        goto done;
    }
    z->c = c;
    z->k = n;
    arb_set_ui(z->delta, 10);
    arb_pow_ui(z->delta, z->delta, 5, CLAIMS_PREC);
    arb_inv(z->delta, z->delta, CLAIMS_PREC);
    for (i = 0; i < CLAIMS_NALPHA; i++)
    {
        arb_set_si(z->alpha[i], alphas[i]);
        claims_zw_rdp(z->bound[i], z->alpha[i], M->rho_scale, M->nu_scale,
            M->delta, n, c, CLAIMS_PREC);
        arb_neg_inf(z->ours[i]);
    }
    claims_zw_dp(z->dp_bound, z->delta, M->rho_scale, M->nu_scale, M->delta,
        n, c, CLAIMS_PREC);
    arb_neg_inf(z->dp_lo);
    /* candidates: every query moves up (T = 0, 2, 4, 8), or the first
       half up and the second down (T = 0, 2) */
    for (j = 0; j < 6 && r == 0; j++)
    {
        approx_pair_t A;
        svt_runs_t R;
        char what[96];
        ulong k = j < 4 ? n : n / 2;
        parse_rational(T, Ts[j]);
        svt_runs_init(R);
        claims_split_pair(R, n, k, zero, one, T);
        if (k == n)
            snprintf(what, sizeof(what), "q(D) = 0^%lu, q(D') = 1^%lu, T = %s",
                n, n, Ts[j]);
        else
            snprintf(what, sizeof(what), "q(D) = 0^%lu 1^%lu, q(D') = 1^%lu "
                "0^%lu, T = %s", k, n - k, k, n - k, Ts[j]);
        approx_pair_init(A);
        r = approx_pair_compute(A, M, R, CLAIMS_DIGITS, err, errlen);
        if (r == 0)
        {
            for (i = 0; i < CLAIMS_NALPHA; i++)
            {
                approx_renyi_max(x, A, z->alpha[i], CLAIMS_PREC);
                keep_worst(z->ours[i], z->where[i], x, what);
            }
            approx_eps_for_delta(lo, hi, A, z->delta, 30, CLAIMS_PREC);
            if (!arb_is_finite(z->dp_lo) || arb_gt(lo, z->dp_lo))
            {
                arb_set(z->dp_lo, lo);
                arb_set(z->dp_hi, hi);
                snprintf(z->dp_where, sizeof(z->dp_where), "%s", what);
            }
        }
        approx_pair_clear(A);
        svt_runs_clear(R);
    }
done:
    svt_model_clear(M);
    svt_variant_clear(&v);
    arb_clear(x);
    arb_clear(lo);
    arb_clear(hi);
    fmpq_clear(zero);
    fmpq_clear(one);
    fmpq_clear(T);
    return r;
}

int
claims_dipapprox(arb_t lo, arb_t hi, ulong N, ulong k, char * err,
    size_t errlen)
{
    svt_variant_struct v;
    svt_model_t M;
    approx_pair_t A;
    svt_runs_t R;
    arb_t target;
    fmpq_t zero, minus1;
    int r;

    svt_variant_init(&v);
    svt_model_init(M);
    approx_pair_init(A);
    svt_runs_init(R);
    arb_init(target);
    fmpq_init(zero);
    fmpq_init(minus1);
    fmpq_set_si(minus1, -1, 1);
    r = claims_model(M, &v, "dipapprox-svt", "1/2", 1, "1", err, errlen);
    if (r == 0)
    {
        /* BelowThreshold on inputs x is AboveThreshold on q = -x */
        claims_split_pair(R, N, k, zero, minus1, zero);
        r = approx_pair_compute(A, M, R, CLAIMS_DIGITS, err, errlen);
    }
    if (r == 0)
    {
        arb_set(target, M->claimed_delta);
        approx_eps_for_delta(lo, hi, A, target, 30, CLAIMS_PREC);
    }
    arb_clear(target);
    fmpq_clear(zero);
    fmpq_clear(minus1);
    svt_runs_clear(R);
    approx_pair_clear(A);
    svt_model_clear(M);
    svt_variant_clear(&v);
    return r;
}

int
claims_dipapprox_worst(arb_t lo, arb_t hi, ulong * k, ulong N, char * err,
    size_t errlen)
{
    /* every split k <= 8 (the worst lies at k = 4 for every N: the run
       stops at the first bot, so the later queries hardly matter), then
       a coarse grid up to 250 */
    static const ulong grid[] = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 25,
        50, 100, 150, 200, 250 };
    size_t i;
    arb_t l, h;
    int have = 0;
    arb_init(l);
    arb_init(h);
    for (i = 0; i < sizeof(grid) / sizeof(grid[0]) && grid[i] <= N; i++)
    {
        if (claims_dipapprox(l, h, N, grid[i], err, errlen) != 0)
            continue;
        if (!have || arb_gt(l, lo))
        {
            arb_set(lo, l);
            arb_set(hi, h);
            *k = grid[i];
            have = 1;
        }
    }
    arb_clear(l);
    arb_clear(h);
    return have ? 0 : -1;
}

const char *
claims_lebensold_ref(ulong t)
{
    return t == 1 ? "0.03157391382094923380707925"
        : t == 10 ? "0.2282805547481694855503338"
        : t == 100 ? "0.4882532746449114942314011"
        : t == 1000 ? "0.7107206946318788151610733" : NULL;
}

int
claims_lebensold(arb_t res, ulong t, char * err, size_t errlen)
{
    svt_variant_struct v;
    svt_model_t M;
    svt_runs_t R;
    ratio_result_t rr;
    ratio_opt ro = { 30, 240, 0 };
    fmpq_t lo, hi, bot, top, rho;
    int r;

    svt_variant_init(&v);
    svt_model_init(M);
    svt_runs_init(R);
    ratio_result_init(rr);
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(bot);
    fmpq_init(top);
    fmpq_init(rho);
    r = claims_model(M, &v, "lebensold-at", "1", 1, "1/10", err, errlen);
    if (r == 0)
    {
        /* boty = 0, topy = 1: (boty - Delta)^(t-1) (topy + Delta) against
           boty^(t-1) topy */
        fmpq_set_si(lo, -1, 10);
        fmpq_set_si(hi, 11, 10);
        fmpq_one(top);
        fmpq_set_si(rho, 1, 2);
        svt_runs_push(R, lo, bot, rho, SVT_BOT, rho, t - 1);
        svt_runs_push(R, hi, top, rho, SVT_TOP, rho, 1);
        ratio_decide(rr, M, R, &ro);
        arb_set(res, rr->lr[0]);
        if (!arb_is_finite(res))
        {
            snprintf(err, errlen, "the ex-post loss at t = %lu was not "
                "certified", t);
            r = -1;
        }
    }
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(bot);
    fmpq_clear(top);
    fmpq_clear(rho);
    ratio_result_clear(rr);
    svt_runs_clear(R);
    svt_model_clear(M);
    svt_variant_clear(&v);
    return r;
}

int
claims_laplace(arb_t delta, arb_t eps_lo, arb_t eps_hi, const char * variant,
    const char * construction, ulong m, const fmpq_t dp_delta, char * err,
    size_t errlen)
{
    svt_catalog_t cat;
    const svt_variant_struct * v;
    const construction_info * ci = construction_find(construction);
    svt_model_t M;
    approx_pair_t A;
    svt_runs_t R;
    arb_t target;
    fmpq_t one, zero;
    int r = -1;

    svt_catalog_init(cat);
    svt_model_init(M);
    approx_pair_init(A);
    svt_runs_init(R);
    arb_init(target);
    fmpq_init(one);
    fmpq_init(zero);
    fmpq_one(one);
    v = svt_catalog_find(cat, variant);
    if (v == NULL || ci == NULL)
        snprintf(err, errlen, "unknown variant or construction");
    else if (svt_model_set(M, v, one, 1, one, NULL, err, errlen) == 0
            && construction_build(R, ci, m, M->c, one, zero, err, errlen) == 0
            && approx_pair_compute(A, M, R, CLAIMS_DIGITS, err, errlen) == 0)
    {
        approx_delta_max(delta, A, M->claimed, CLAIMS_PREC);
        arb_set_fmpq(target, dp_delta, CLAIMS_PREC);
        approx_eps_for_delta(eps_lo, eps_hi, A, target, 30, CLAIMS_PREC);
        r = 0;
    }
    arb_clear(target);
    fmpq_clear(one);
    fmpq_clear(zero);
    svt_runs_clear(R);
    approx_pair_clear(A);
    svt_model_clear(M);
    svt_catalog_clear(cat);
    return r;
}
