/* test_simulate.c -- every variant's certified probabilities against a
   direct simulation of its pseudocode (GSL generators, fixed seeds):
   the frequency of every output pattern must be within 5 sigma. */

#include <math.h>
#include <gsl/gsl_rng.h>
#include "svt.h"
#include "verify.h"
#include "testlib.h"
#include "pseudocode.h"

#define NSIM 200000

typedef struct
{
    const char * name;
    slong c;
    const char * eps3;      /* NULL, or a budget for the numeric outputs */
}
simcase;

static void
check_variant(const simcase * sc, ulong seed)
{
    /* three queries, answers straddling the threshold; T varies */
    static const double qd[3] = { 0.5, -0.5, 1.0 };
    static const slong qn[3] = { 1, -1, 1 }, qden[3] = { 2, 2, 1 };
    static const double Td[3] = { 0, 0.25, 0 };
    static const slong Tn[3] = { 0, 1, 0 }, Tden[3] = { 1, 4, 1 };
    const slong L = 3;
    svt_model_t M;
    fmpq_t eps, delta, e3;
    svt_overrides ov = { NULL, NULL, NULL };
    char err[256];
    gsl_rng * rng;
    long counts[64] = { 0 };
    slong n, i, k;
    svt_answer_kind a[3];
    double v[3];
    integral_opt_t iopt;

    fmpq_init(eps);
    fmpq_init(delta);
    fmpq_init(e3);
    fmpq_set_si(eps, 1, 1);
    fmpq_one(delta);
    if (sc->eps3)
    {
        fmpq_set_si(e3, 1, 4);
        ov.eps3 = e3;
    }
    svt_model_init(M);
    cr_assert(svt_model_set(M, t_variant(sc->name), eps, sc->c, delta,
        &ov, err, sizeof(err)) == 0, "%s", err);

    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, seed);
    /* pattern code: base 3 digits (0 bot, 1 top/number, 2 absent) */
    for (n = 0; n < NSIM; n++)
    {
        slong len = pseudo_simulate(a, v, M, qd, Td, L, rng);
        int code = 0;
        for (i = L - 1; i >= 0; i--)
            code = 3 * code + (i >= len ? 2 : a[i] == SVT_BOT ? 0 : 1);
        counts[code]++;
    }
    gsl_rng_free(rng);

    integral_opt_init(iopt);
    iopt->goal_digits = 20;
    for (k = 0; k < 27; k++)
    {
        svt_runs_t R;
        svt_prob_t P;
        int code = k, len = 0, valid = 1, seen_absent = 0;
        double p, f, sd;
        svt_answer_kind pat[3];
        for (i = 0; i < L; i++)
        {
            int d = code % 3;
            code /= 3;
            if (d == 2)
                seen_absent = 1;
            else if (seen_absent)
                valid = 0;
            else
            {
                pat[i] = d == 0 ? SVT_BOT : SVT_TOP;
                len++;
            }
        }
        if (!valid || len == 0)
        {
            cr_assert_eq(counts[k], 0);
            continue;
        }
        svt_runs_init(R);
        for (i = 0; i < len; i++)
        {
            fmpq_t q, T;
            fmpq_init(q);
            fmpq_init(T);
            fmpq_set_si(q, qn[i], qden[i]);
            fmpq_set_si(T, Tn[i], Tden[i]);
            svt_runs_push(R, q, q, T, pat[i], q, 1);
            fmpq_clear(q);
            fmpq_clear(T);
        }
        svt_prob_init(P);
        if (len < L && svt_output_impossible(M, R) == NULL)
        {
            /* a shorter output is produced only when the run stopped at
               the c-th top, which the model does not know as impossible
               unless the last entry is that top */
            ulong tops = 0;
            for (i = 0; i < len; i++)
                tops += (pat[i] != SVT_BOT);
            if (!(M->has_cutoff && tops == (ulong) M->c && pat[len - 1] != SVT_BOT))
            {
                cr_assert_eq(counts[k], 0, "%s: pattern %ld cannot occur", sc->name, (long) k);
                svt_prob_clear(P);
                svt_runs_clear(R);
                continue;
            }
        }
        svt_prob(P, M, R, 0, iopt);
        p = P->zero ? 0.0 : arf_get_d(arb_midref(P->value), ARF_RND_NEAR);
        f = counts[k] / (double) NSIM;
        sd = sqrt(fmax(p * (1 - p), 1e-12) / NSIM);
        if (fabs(f - p) > 5 * sd + 1e-9)
            fprintf(stderr, "%s seed %lu pattern %ld: simulated %.6f, certified %.6f\n",
                sc->name, seed, (long) k, f, p);
        cr_assert(fabs(f - p) <= 5 * sd + 1e-9, "%s: pattern %ld", sc->name, (long) k);
        svt_prob_clear(P);
        svt_runs_clear(R);
    }

    svt_model_clear(M);
    fmpq_clear(eps);
    fmpq_clear(delta);
    fmpq_clear(e3);
}

Test(simulate, every_variant_matches_its_model, .timeout = 600)
{
    static const simcase cases[] = {
        { "alg1", 1, NULL }, { "alg1", 2, NULL }, { "alg2", 2, NULL },
        { "alg3", 2, NULL }, { "alg4", 2, NULL }, { "alg5", 1, NULL },
        { "alg6", 1, NULL }, { "gptt", 1, NULL }, { "alg7", 2, NULL },
        { "alg7", 2, "1/4" }, { "alg7-monotone", 2, NULL },
        { "abovethreshold", 1, NULL }, { "abs-inside", 2, NULL },
        { "abs-outside", 2, NULL }, { "svt-sum", 1, NULL },
        { "gaussian-svt", 2, NULL }, { "roth-sparse", 2, NULL },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_variant(cases + i, 1000 + i);
}

/* the density of a numeric output (Alg. 3) integrated over an interval,
   against the simulated frequency of that event */
Test(simulate, alg3_numeric_density, .timeout = 600)
{
    svt_model_t M;
    fmpq_t eps, delta, x;
    char err[256];
    gsl_rng * rng;
    double qd[2] = { 0.0, 1.0 }, Td[2] = { 0, 0 }, v[2];
    svt_answer_kind a[2];
    long hits = 0;
    slong n, k;
    const slong K = 200;
    double lo = 0.5, hi = 2.5, sum = 0, p, sd;
    integral_opt_t iopt;

    fmpq_init(eps);
    fmpq_init(delta);
    fmpq_init(x);
    fmpq_one(eps);
    fmpq_one(delta);
    svt_model_init(M);
    cr_assert(svt_model_set(M, t_variant("alg3"), eps, 1, delta, NULL,
        err, sizeof(err)) == 0);
    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 77);
    for (n = 0; n < NSIM; n++)
    {
        slong len = pseudo_simulate(a, v, M, qd, Td, 2, rng);
        if (len == 2 && a[0] == SVT_BOT && a[1] == SVT_NUM && v[1] >= lo && v[1] < hi)
            hits++;
    }
    gsl_rng_free(rng);
    /* midpoint rule over the certified density of (bot, v) */
    integral_opt_init(iopt);
    iopt->goal_digits = 15;
    for (k = 0; k < K; k++)
    {
        svt_runs_t R;
        svt_prob_t P;
        fmpq_t q0, q1, z;
        fmpq_init(q0);
        fmpq_init(q1);
        fmpq_init(z);
        fmpq_one(q1);
        /* v = lo + (k + 1/2) h, h = (hi - lo)/K = 1/100 */
        fmpq_set_si(x, 2 * k + 1, 200);
        fmpq_set_si(z, 1, 2);
        fmpq_add(x, x, z);
        fmpq_zero(z);
        svt_runs_init(R);
        svt_runs_push(R, q0, q0, z, SVT_BOT, z, 1);
        svt_runs_push(R, q1, q1, z, SVT_NUM, x, 1);
        svt_prob_init(P);
        svt_prob(P, M, R, 0, iopt);
        sum += arf_get_d(arb_midref(P->value), ARF_RND_NEAR);
        svt_prob_clear(P);
        svt_runs_clear(R);
        fmpq_clear(q0);
        fmpq_clear(q1);
        fmpq_clear(z);
    }
    p = sum * (hi - lo) / K;
    sd = sqrt(p * (1 - p) / NSIM);
    /* midpoint rule error: the density is smooth on [0.5, 2.5] away from
       its kinks at 0 and 1; 1e-4 covers it */
    cr_assert(fabs(hits / (double) NSIM - p) <= 5 * sd + 1e-4,
        "simulated %g, certified (midpoint rule) %g", hits / (double) NSIM, p);
    svt_model_clear(M);
    fmpq_clear(eps);
    fmpq_clear(delta);
    fmpq_clear(x);
}

/* the pointwise integrand (written from the comparisons) integrated by
   the midpoint rule against the certified probability (engine) */
Test(simulate, pointwise_integrand_matches_engine, .timeout = 600)
{
    static const char * names[] = { "alg1", "alg2", "alg3", "alg5", "alg6",
        "abs-inside", "abs-outside", "gaussian-svt", "svt-gap", "isvt1" };
    static const char * cons[] = { "swap", "split-c", "numeric-tail", "bottoms" };
    size_t i, j;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        for (j = 0; j < 4; j++)
        {
            svt_model_t M;
            svt_runs_t R;
            svt_prob_t P;
            fmpq_t d, T;
            char err[256];
            integral_opt_t iopt;
            arb_t z, f;
            double sum = 0, h = 1.0 / 64, p;
            slong k;
            fmpq_init(d);
            fmpq_init(T);
            fmpq_one(d);
            t_model(M, names[i], "1", 2);
            svt_runs_init(R);
            if (construction_build(R, construction_find(cons[j]), 3, M->c, d, T, err,
                    sizeof(err)) != 0 || svt_output_impossible(M, R) != NULL
                    || M->reset)
            {
                svt_runs_clear(R);
                svt_model_clear(M);
                fmpq_clear(d);
                fmpq_clear(T);
                continue;
            }
            svt_prob_init(P);
            integral_opt_init(iopt);
            iopt->goal_digits = 15;
            svt_prob(P, M, R, 0, iopt);
            arb_init(z);
            arb_init(f);
            /* midpoint rule: the jumps (at integers) fall on cell ends */
            for (k = -64 * 80; k < 64 * 80; k++)
            {
                arb_set_si(z, 2 * k + 1);
                arb_div_ui(z, z, 128, 64);
                pseudo_integrand_at(f, M, R, 0, z, 64);
                sum += arf_get_d(arb_midref(f), ARF_RND_NEAR) * h;
            }
            p = P->zero ? 0 : arf_get_d(arb_midref(P->value), ARF_RND_NEAR);
            cr_assert(fabs(sum - p) <= 2e-3 * p + 1e-12, "%s on %s: midpoint rule %g, "
                "engine %g", names[i], cons[j], sum, p);
            arb_clear(z);
            arb_clear(f);
            svt_prob_clear(P);
            svt_runs_clear(R);
            svt_model_clear(M);
            fmpq_clear(d);
            fmpq_clear(T);
        }
}
