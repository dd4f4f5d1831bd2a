/* bench_verify.c -- end-to-end time of one certified ratio (both
   probabilities, ln ratio, verdict) at m = 10 and m = 10^6.  Not a test. */

#include <stdio.h>
#include <time.h>
#include "verify.h"

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
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
            ratio_opt o = { 30, 240 };
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
    fmpq_clear(eps);
    fmpq_clear(delta);
    fmpq_clear(T);
    svt_catalog_clear(cat);
    flint_cleanup();
    return 0;
}
