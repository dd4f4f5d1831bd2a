/* approx_cmd.c -- `verify delta` and `verify renyi`: the divergences of
   a pair's output distributions, rendered as text or JSON. */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "approx.h"
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

static void
print_interval(FILE * f, const arb_t x, slong digits)
{
    char * s = decimal_interval(x, digits);
    fputs(s, f);
    flint_free(s);
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

static void
human_header(const approx_pair_t A, const svt_model_t M,
    const approx_opts * a, const char * what)
{
    slong dg = a->o->out_digits;
    char * cnt;
    fmpz_t total;
    slong i;
    fmpz_init(total);
    for (i = 0; i < A->C->len; i++)
        fmpz_add(total, total, A->C->count + i);
    cnt = fmpz_get_str(NULL, 10, total);
    printf("%s on %s", M->var->name, a->pair_name);
    if (a->m > 0)
        printf(", m = %lu", a->m);
    printf(": %s over every output\n  ", what);
    report_model_line(stdout, M);
    printf("\n  outputs          %s output vector%s in %ld class%s%s\n",
        strlen(cnt) > 40 ? "many" : cnt, fmpz_is_one(total) ? "" : "s",
        (long) A->C->len, A->C->len == 1 ? "" : "es", A->C->symmetric
        ? " of equal probability (outputs that differ only by the order of "
        "top and bot inside a run of identical queries)" : " (one each)");
    if (strlen(cnt) > 40)
        printf("                   (%ld digits)\n", (long) strlen(cnt));
    printf("  total Pr         D: ");
    print_interval(stdout, A->total[0], dg);
    printf(", D': ");
    print_interval(stdout, A->total[1], dg);
    printf("%s\n", approx_pair_complete(A) ? " (every output counted)" : "");
    if (A->C->numbers_merged)
        printf("  note             %s releases numbers: each released number is "
            "counted as its top event here.  The divergences of the full "
            "output are at least these (post-processing never increases "
            "them), so a violation stands, while `within` is not claimed.\n",
            M->var->name);
    if (A->C->partial)
        printf("  note             whether a run of %s stops after some of "
            "the shorter outputs is not decided here, so not every output was "
            "counted: `within` is not claimed.\n", M->var->name);
    if (A->unsupported > 0)
        printf("  note             %ld class%s could not be certified (%s): "
            "each counts as a probability in [0, 1].\n", (long) A->unsupported,
            A->unsupported == 1 ? "" : "es", A->note ? A->note : "");
    fmpz_clear(total);
    flint_free(cnt);
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

/* the fields shared by both commands' JSON objects */
static json_t *
json_header(const approx_pair_t A, const svt_model_t M, const approx_opts * a,
    const char * mode)
{
    slong dg = a->o->out_digits;
    json_t * j = report_json_core(mode, M->var->name, a->pair_name, M, a->m, dg);
    report_json_set_seconds(j, A->seconds);
    json_object_set_new(j, "m", a->m ? json_integer((json_int_t) a->m)
        : json_null());
    json_object_set_new(j, "eps", report_json_interval(M->eps, dg));
    json_object_set_new(j, "c", json_integer(M->c));
    json_object_set_new(j, "classes", json_integer(A->C->len));
    json_object_set_new(j, "symmetric", json_boolean(A->C->symmetric));
    json_object_set_new(j, "numbers_merged", json_boolean(A->C->numbers_merged));
    json_object_set_new(j, "complete", json_boolean(approx_pair_complete(A)));
    json_object_set_new(j, "total_D", report_json_interval(A->total[0], dg));
    json_object_set_new(j, "total_D2", report_json_interval(A->total[1], dg));
    json_object_set_new(j, "integrals", json_integer(A->integrals));
    return j;
}

/* "[lo, hi]": the lower end of lo, the upper end of hi ("inf" allowed) */
static char *
ends_string(const arb_t lo, const arb_t hi, slong dg)
{
    char * a = decimal_bound(lo, dg, 0), * b = decimal_bound(hi, dg, 1);
    char * s = flint_malloc(strlen(a) + strlen(b) + 8);
    sprintf(s, "[%s, %s]", a, b);
    flint_free(a);
    flint_free(b);
    return s;
}

static void
print_ends(const arb_t lo, const arb_t hi, slong dg)
{
    char * s = ends_string(lo, hi, dg);
    fputs(s, stdout);
    flint_free(s);
}

static json_t *
json_ends(const arb_t lo, const arb_t hi, slong dg)
{
    json_t * o = json_array();
    char * a = decimal_bound(lo, dg, 0), * b = decimal_bound(hi, dg, 1);
    json_array_append_new(o, json_string(a));
    json_array_append_new(o, json_string(b));
    flint_free(a);
    flint_free(b);
    return o;
}

/* everything `verify delta` prints, computed once */
typedef struct
{
    arb_t E;                /* eps_prv */
    arb_t d[3];             /* delta: D against D', D' against D, max */
    arb_t pl;               /* the pure loss */
    int want_eps;           /* the smallest eps_prv for a target delta */
    arb_t target, lo, hi;
    char * ts;              /* the target, printed */
    verdict_t v;
    slong npts;             /* the curve (0: none) */
    fmpq * ce;
    arb_ptr cd;
}
delta_result;

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
    r->want_eps = a->have_dp_delta || (M->has_claim
        && arb_is_positive(M->claimed_delta));
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

static void
delta_json(const delta_result * r, const approx_pair_t A, const svt_model_t M,
    const approx_opts * a)
{
    slong dg = a->o->out_digits, k;
    json_t * j = json_header(A, M, a, "delta");
    json_object_set_new(j, "eps_prv", report_json_interval(r->E, dg));
    json_object_set_new(j, "delta_D_D2", report_json_interval(r->d[0], dg));
    json_object_set_new(j, "delta_D2_D", report_json_interval(r->d[1], dg));
    json_object_set_new(j, "delta", report_json_interval(r->d[2], dg));
    json_object_set_new(j, "pure_loss", report_json_interval(r->pl, dg));
    report_json_set_loss(j, r->pl, dg);
    json_object_set_new(j, "claimed_delta", M->has_claim
        ? report_json_interval(M->claimed_delta, dg) : json_null());
    report_json_set_verdict(j, r->v);
    if (r->want_eps)
    {
        json_object_set_new(j, "dp_delta", json_string(r->ts));
        json_object_set_new(j, "eps_prv_for_dp_delta", json_ends(r->lo, r->hi,
            dg));
    }
    if (r->npts > 0)
    {
        json_t * c = json_array();
        for (k = 0; k < r->npts; k++)
        {
            json_t * pt = json_object();
            char * es = decimal_fmpq(r->ce + k, dg);
            json_object_set_new(pt, "eps_prv", json_string(es));
            json_object_set_new(pt, "delta", report_json_interval(r->cd + k, dg));
            json_array_append_new(c, pt);
            flint_free(es);
        }
        json_object_set_new(j, "curve", c);
    }
    report_json_line(j);
}

static void
delta_human(const delta_result * r, const approx_pair_t A, const svt_model_t M,
    const approx_opts * a)
{
    static const char * side[3] = { "D against D'", "D' against D", "delta" };
    slong dg = a->o->out_digits, k;
    human_header(A, M, a, "delta");
    printf("  pure loss        max |ln ratio| over outputs ");
    print_interval(stdout, r->pl, dg);
    printf("\n  delta at eps_prv = ");
    print_interval(stdout, r->E, dg);
    for (k = 0; k < 3; k++)
    {
        printf("\n    %-15s", side[k]);
        print_interval(stdout, r->d[k], dg);
    }
    printf("\n  claimed          ");
    if (M->has_claim)
    {
        printf("(eps, delta) = (");
        print_interval(stdout, M->claimed, 6);
        printf(", ");
        print_interval(stdout, M->claimed_delta, 6);
        printf(")\n");
    }
    else
        printf("none (report only)\n");
    printf("  verdict          %s%s\n", verdict_name(r->v),
        r->v == VERDICT_EXCEEDS ? " -- this pair alone needs more than the "
        "claimed delta at the claimed eps" : r->v == VERDICT_WITHIN ? " -- "
        "this pair stays within the claimed delta (a pair is a lower "
        "bound on the mechanism's delta)" : r->v == VERDICT_INCONCLUSIVE
        ? " -- the enclosure or the outputs counted do not decide it" : "");
    if (r->want_eps)
    {
        printf("  eps_prv at delta = %s\n                   ", r->ts);
        print_ends(r->lo, r->hi, dg);
        printf(" (the smallest eps_prv with delta <= the target)\n");
    }
    if (r->npts > 0)
        printf("  curve            eps_prv: delta (certified)\n");
    for (k = 0; k < r->npts; k++)
    {
        char * es = decimal_fmpq(r->ce + k, 6);
        printf("    %-12s ", es);
        print_interval(stdout, r->cd + k, dg);
        printf("\n");
        flint_free(es);
    }
    printf("  seconds          %.3g (%ld integrals)\n", A->seconds,
        (long) A->integrals);
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
            delta_human(&r, A, M, a);
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
    slong dg = a->o->out_digits, k, npts;
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
    {
        json_t * j = json_header(A, M, a, "renyi"), * c = json_array();
        for (k = 0; k < npts; k++)
        {
            json_t * pt = json_object();
            json_object_set_new(pt, "alpha", report_json_interval(al + k, dg));
            json_object_set_new(pt, "D_D2", report_json_interval(d + 3 * k, dg));
            json_object_set_new(pt, "D2_D", report_json_interval(d + 3 * k + 1, dg));
            json_object_set_new(pt, "renyi", report_json_interval(d + 3 * k + 2, dg));
            json_array_append_new(c, pt);
        }
        json_object_set_new(j, "orders", c);
        report_json_line(j);
    }
    else
    {
        human_header(A, M, a, "Renyi divergence");
        printf("  alpha            D_alpha(D||D')   D_alpha(D'||D)   max\n");
        for (k = 0; k < npts; k++)
        {
            printf("    ");
            print_interval(stdout, al + k, 6);
            printf("  ");
            print_interval(stdout, d + 3 * k, dg);
            printf("  ");
            print_interval(stdout, d + 3 * k + 1, dg);
            printf("  ");
            print_interval(stdout, d + 3 * k + 2, dg);
            printf("\n");
        }
        printf("  seconds          %.3g (%ld integrals)\n", A->seconds,
            (long) A->integrals);
    }
    _arb_vec_clear(al, npts);
    _arb_vec_clear(d, 3 * npts);
    fmpq_clear(q);
    approx_pair_clear(A);
    return 0;
}
