/* bench_verify.c -- end-to-end time of one certified ratio (both
   probabilities, ln ratio, verdict) at m = 10 and m = 10^6; Gaussian SVT
   on two-loops at m = 60 (120 distinct thresholds); the certified
   delta(eps) curve of Gaussian SVT at N = 1000.  Not a test. */

#include <stdio.h>
#include <time.h>
#include "verify.h"
#include "approx.h"

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Gaussian SVT: one ratio on two-loops at m = 60 (thresholds 4/2^j, then
   2/2^j: 120 distinct queries), and the delta(eps) curve of 21 points
   over every output of q(D) = 0^1000, q(D') = 1^1000 */
static void
gaussian_benches(const svt_catalog_t cat)
{
    svt_model_t M;
    svt_runs_t R;
    ratio_result_t r;
    ratio_opt o = { 30, 240, 0 };
    approx_pair_t A;
    fmpq_t one, zero, Tj;
    arb_t E, d;
    char err[256];
    ulong j, loop;
    double t0;
    slong k;

    fmpq_init(one);
    fmpq_init(zero);
    fmpq_init(Tj);
    arb_init(E);
    arb_init(d);
    fmpq_one(one);
    svt_model_init(M);
    svt_model_set(M, svt_catalog_find(cat, "gaussian-svt"), one, 1, one, NULL,
        err, sizeof(err));
    svt_runs_init(R);
    for (loop = 0; loop < 2; loop++)
        for (j = 1; j <= 60; j++)
        {
            fmpq_set_si(Tj, loop == 0 ? 4 : 2, 1);
            fmpq_div_2exp(Tj, Tj, j);
            svt_runs_push(R, zero, one, Tj, (loop == 1 && j == 60) ? SVT_TOP
                : SVT_BOT, zero, 1);
        }
    ratio_result_init(r);
    t0 = now();
    ratio_decide(r, M, R, &o);
    printf("\ngaussian-svt two-loops m = 60 (120 distinct thresholds): one "
        "ratio, 30 digits, %.3f s (%s)\n", now() - t0, verdict_name(r->verdict));
    ratio_result_clear(r);
    svt_runs_clear(R);

    svt_runs_init(R);
    svt_runs_push(R, zero, one, zero, SVT_BOT, zero, 1000);
    approx_pair_init(A);
    t0 = now();
    approx_pair_compute(A, M, R, 15, err, sizeof(err));
    for (k = 0; k <= 20; k++)
    {
        arb_set_si(E, k);
        arb_mul_2exp_si(E, E, -2);
        approx_delta_max(d, A, E, 256);
    }
    printf("gaussian-svt delta(eps) curve, N = 1000 (%ld classes, 21 points, "
        "15 digits): %.3f s on two threads\n", (long) A->C->len, now() - t0);
    approx_pair_clear(A);
    svt_runs_clear(R);
    svt_model_clear(M);
    fmpq_clear(one);
    fmpq_clear(zero);
    fmpq_clear(Tj);
    arb_clear(E);
    arb_clear(d);
}

int
main(void)
{
    static const char * cases[][2] = { { "alg1", "bottoms" }, { "alg3", "numeric-tail" },
        { "alg6", "split" }, { "gptt", "cm15" }, { "alg1", "split-c" } };
    static const ulong ms[] = { 10, 1000000 };
    fmpq_t eps, delta, T;
    size_t i;
    int k;
    svt_catalog_t cat;

    fmpq_init(eps);
    fmpq_init(delta);
    fmpq_init(T);
    fmpq_one(eps);
    fmpq_one(delta);
    svt_catalog_init(cat);
    printf("one certified ratio, end to end (eps = 1, c = 1, 30 digits)\n");
    printf("%-6s %-13s %9s %10s  %s\n", "variant", "construction", "m", "seconds", "verdict");
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (k = 0; k < 2; k++)
        {
            svt_model_t M;
            svt_runs_t R;
            ratio_result_t r;
            ratio_opt o = { 30, 240, 0 };
            char err[256];
            double t0, t;
            int reps = 0;
            svt_model_init(M);
            svt_model_set(M, svt_catalog_find(cat, cases[i][0]), eps, 1, delta, NULL,
                err, sizeof(err));
            svt_runs_init(R);
            construction_build(R, construction_find(cases[i][1]), ms[k], 1, delta,
                T, err, sizeof(err));
            ratio_result_init(r);
            t0 = now();
            do
            {
                ratio_decide(r, M, R, &o);
                reps++;
            }
            while (now() - t0 < 0.3);
            t = (now() - t0) / reps;
            printf("%-6s %-13s %9lu %10.5f  %s\n", cases[i][0], cases[i][1], ms[k], t,
                verdict_name(r->verdict));
            ratio_result_clear(r);
            svt_runs_clear(R);
            svt_model_clear(M);
        }
    gaussian_benches(cat);
    fmpq_clear(eps);
    fmpq_clear(delta);
    fmpq_clear(T);
    svt_catalog_clear(cat);
    flint_cleanup();
    return 0;
}
