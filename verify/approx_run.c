/* approx_run.c -- `verify delta` and `verify renyi`: the divergences of
   a pair's output distributions over every output (approx.c), with the
   curve and the eps for a delta; their text and JSON are in
   render_text.c and render_json.c (render.h). */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "approx.h"
#include "render.h"
#include "report.h"

#define APPROX_PREC 256
#define CURVE_POINTS 21

void
approx_opts_init(approx_opts * a)
{
    memset(a, 0, sizeof(*a));
    fmpq_init(a->eps_prv);
    fmpq_init(a->dp_delta);
    fmpq_init(a->alpha);
}

void
approx_opts_clear(approx_opts * a)
{
    fmpq_clear(a->eps_prv);
    fmpq_clear(a->dp_delta);
    fmpq_clear(a->alpha);
}

/* the classes and their probabilities, shared by both commands: 0, or
   2 with a one-line message on stderr */
static int
approx_prepare(approx_pair_t A, const svt_model_t M, const svt_runs_t R,
    const approx_opts * a)
{
    char err[1024];
    slong digits = a->o->ro.digits > 0 ? FLINT_MIN(a->o->ro.digits, 60) : 15;
    if (approx_pair_compute(A, M, R, digits, err, sizeof(err)) != 0)
    {
        fprintf(stderr, "verify: %s\n", err);
        return 2;
    }
    return 0;
}

/* the verdict of delta against the claimed delta at the claimed eps */
static verdict_t
delta_verdict(const arb_t d, const approx_pair_t A, const svt_model_t M,
    int at_claim)
{
    if (!M->has_claim || !at_claim)
        return VERDICT_NO_CLAIM;
    if (arb_gt(d, M->claimed_delta))
        return VERDICT_EXCEEDS;
    if (arb_le(d, M->claimed_delta) && approx_pair_complete(A)
            && !A->C->numbers_merged)
        return VERDICT_WITHIN;
    return VERDICT_INCONCLUSIVE;
}

/* The top of the eps_prv grid of the curve: a round number (1, 2, 2.5
   or 5 times a power of 10) just above the pure loss, else where delta
   falls below 1e-12 (doubling, at most 2^6 times). */
static void
curve_top(fmpq_t top, const approx_pair_t A, const arb_t eps_prv)
{
    static const slong mant[5][2] = { { 1, 1 }, { 2, 1 }, { 5, 2 }, { 5, 1 },
        { 10, 1 } };
    arb_t L, d, x;
    double l;
    slong k, e;
    arb_init(L);
    arb_init(d);
    arb_init(x);
    approx_pure_loss(L, A, APPROX_PREC);
    l = arf_get_d(arb_midref(L), ARF_RND_UP) + mag_get_d(arb_radref(L));
    if (arb_is_finite(L) && l > 0 && l < 50)
    {
        e = (slong) floor(log10(l));
        for (k = 0; k < 5; k++)
        {
            fmpq_set_si(top, mant[k][0], mant[k][1]);
            if (e >= 0)
                fmpz_mul_ui(fmpq_numref(top), fmpq_numref(top), n_pow(10, e));
            else
                fmpz_mul_ui(fmpq_denref(top), fmpq_denref(top), n_pow(10, -e));
            fmpq_canonicalise(top);
            arb_set_fmpq(x, top, APPROX_PREC);
            if (arb_ge(x, L))
                break;
        }
    }
    else
    {
        arb_set_ui(x, 10);
        arb_pow_ui(x, x, 12, APPROX_PREC);
        arb_inv(x, x, APPROX_PREC);
        fmpq_one(top);
        arb_set_fmpq(L, top, APPROX_PREC);
        while (arb_lt(L, eps_prv))
        {
            fmpq_mul_2exp(top, top, 1);
            arb_mul_2exp_si(L, L, 1);
        }
        for (k = 0; k < 6; k++)
        {
            approx_delta_max(d, A, L, APPROX_PREC);
            if (arb_lt(d, x))
                break;
            fmpq_mul_2exp(top, top, 1);
            arb_mul_2exp_si(L, L, 1);
        }
    }
    arb_clear(L);
    arb_clear(d);
    arb_clear(x);
}

/* the k-th point of the curve and its delta */
static void
curve_point(fmpq_t e, arb_t d, const approx_pair_t A, const fmpq_t top,
    slong k)
{
    arb_t E;
    arb_init(E);
    fmpq_mul_si(e, top, k);
    fmpz_mul_ui(fmpq_denref(e), fmpq_denref(e), CURVE_POINTS - 1);
    fmpq_canonicalise(e);
    arb_set_fmpq(E, e, APPROX_PREC);
    approx_delta_max(d, A, E, APPROX_PREC);
    arb_clear(E);
}

static void
delta_compute(delta_result * r, const approx_pair_t A, const svt_model_t M,
    const approx_opts * a)
{
    const slong prec = APPROX_PREC;
    fmpq_t top;
    slong k;
    int at_claim = !a->have_eps_prv;

    arb_init(r->E);
    for (k = 0; k < 3; k++)
        arb_init(r->d[k]);
    arb_init(r->pl);
    arb_init(r->target);
    arb_init(r->lo);
    arb_init(r->hi);
    /* eps_prv: given, else the claimed eps */
    if (a->have_eps_prv)
        arb_set_fmpq(r->E, a->eps_prv, prec);
    else if (M->has_claim)
        arb_set(r->E, M->claimed);
    else
        arb_set(r->E, M->eps);
    approx_delta(r->d[0], A, r->E, 0, prec);
    approx_delta(r->d[1], A, r->E, 1, prec);
    arb_max(r->d[2], r->d[0], r->d[1], prec);
    r->v = delta_verdict(r->d[2], A, M, at_claim || (M->has_claim
        && arb_equal(r->E, M->claimed)));
    approx_pure_loss(r->pl, A, prec);

    /* the smallest eps_prv for a target delta */
    r->want_eps = a->have_dp_delta || claim_has_delta(M);
    if (a->have_dp_delta)
    {
        arb_set_fmpq(r->target, a->dp_delta, prec);
        r->ts = decimal_fmpq(a->dp_delta, a->o->out_digits);
    }
    else
    {
        arb_set(r->target, M->claimed_delta);
        r->ts = decimal_interval(r->target, a->o->out_digits);
    }
    if (r->want_eps)
        approx_eps_for_delta(r->lo, r->hi, A, r->target, 40, prec);

    r->npts = a->curve ? CURVE_POINTS : 0;
    r->ce = _fmpq_vec_init(FLINT_MAX(r->npts, 1));
    r->cd = _arb_vec_init(FLINT_MAX(r->npts, 1));
    fmpq_init(top);
    if (r->npts > 0)
        curve_top(top, A, r->E);
    for (k = 0; k < r->npts; k++)
        curve_point(r->ce + k, r->cd + k, A, top, k);
    fmpq_clear(top);
}

static void
delta_result_clear(delta_result * r)
{
    slong k;
    arb_clear(r->E);
    for (k = 0; k < 3; k++)
        arb_clear(r->d[k]);
    arb_clear(r->pl);
    arb_clear(r->target);
    arb_clear(r->lo);
    arb_clear(r->hi);
    flint_free(r->ts);
    _fmpq_vec_clear(r->ce, FLINT_MAX(r->npts, 1));
    _arb_vec_clear(r->cd, FLINT_MAX(r->npts, 1));
}

int
verify_delta(const svt_model_t M, const svt_runs_t R, const approx_opts * a)
{
    approx_pair_t A;
    delta_result r;
    int rc;

    approx_pair_init(A);
    if ((rc = approx_prepare(A, M, R, a)) == 0)
    {
        delta_compute(&r, A, M, a);
        if (a->o->json)
            delta_json(&r, A, M, a);
        else
            delta_text(&r, A, M, a);
        rc = r.v == VERDICT_EXCEEDS ? 1 : r.v == VERDICT_INCONCLUSIVE ? 3 : 0;
        delta_result_clear(&r);
    }
    approx_pair_clear(A);
    return rc;
}

/* the orders of the Renyi curve */
static const char * renyi_grid[] = { "1/2", "1", "3/2", "2", "3", "4", "6",
    "8", "12", "16", "24", "32", "64" };

int
verify_renyi(const svt_model_t M, const svt_runs_t R, const approx_opts * a)
{
    const slong prec = APPROX_PREC;
    slong k, npts;
    approx_pair_t A;
    arb_ptr al, d;      /* per order: alpha, D(D||D'), D(D'||D), the max */
    fmpq_t q;
    int rc;

    approx_pair_init(A);
    if ((rc = approx_prepare(A, M, R, a)) != 0)
    {
        approx_pair_clear(A);
        return rc;
    }
    npts = a->curve ? (slong) (sizeof(renyi_grid) / sizeof(renyi_grid[0])) : 1;
    al = _arb_vec_init(npts);
    d = _arb_vec_init(3 * npts);
    fmpq_init(q);
    for (k = 0; k < npts; k++)
    {
        if (a->curve)
            fmpq_set_str(q, renyi_grid[k], 10);
        else
            fmpq_set(q, a->alpha);
        arb_set_fmpq(al + k, q, prec);
        approx_renyi(d + 3 * k, A, al + k, 0, prec);
        approx_renyi(d + 3 * k + 1, A, al + k, 1, prec);
        arb_max(d + 3 * k + 2, d + 3 * k, d + 3 * k + 1, prec);
    }
    if (a->o->json)
        renyi_json(A, M, a, al, d, npts);
    else
        renyi_text(A, M, a, al, d, npts);
    _arb_vec_clear(al, npts);
    _arb_vec_clear(d, 3 * npts);
    fmpq_clear(q);
    approx_pair_clear(A);
    return 0;
}
