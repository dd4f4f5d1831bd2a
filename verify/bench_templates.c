/* bench_templates.c -- the time of one certified ratio for every built-in
   template variant (a spec written with the template keys), on the
   constructions that apply, at m = 10 and m = 1000, and of its proof.
   Each time is the best of three rounds of repeated calls (0.1 s each),
   so that a busy machine inflates it less.  Built against two versions
   of the library it compares them in one run (issue 24: a template
   compiled to its program must stay within 10% of the old template
   path).  Not a test. */

#include <stdio.h>
#include <string.h>
#include <time.h>
#include "verify.h"

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* seconds per ratio: the best of three rounds */
static double
time_ratio(const svt_model_t M, const svt_runs_t R, verdict_t * v)
{
    double best = 1e300;
    int round;
    for (round = 0; round < 3; round++)
    {
        ratio_result_t r;
        ratio_opt o = { 30, 240, 0 };
        double t0 = now(), t;
        int reps = 0;
        ratio_result_init(r);
        do
        {
            ratio_decide(r, M, R, &o);
            reps++;
        }
        while (now() - t0 < 0.1);
        t = (now() - t0) / reps;
        if (t < best)
            best = t;
        *v = r->verdict;
        ratio_result_clear(r);
    }
    return best;
}

int
main(void)
{
    static const char * cons[] = { "bottoms", "cm15", "numeric-tail" };
    static const ulong ms[] = { 10, 1000 };
    svt_catalog_t cat;
    fmpq_t eps, delta, T;
    double total = 0;
    slong i;

    svt_catalog_init(cat);
    fmpq_init(eps);
    fmpq_init(delta);
    fmpq_init(T);
    fmpq_one(eps);
    fmpq_one(delta);
    printf("template variants: one certified ratio (eps = 1, c = 2, 30 digits), "
        "best of 3 rounds\n%-16s %-13s %6s %10s  %s\n", "variant",
        "construction", "m", "seconds", "verdict");
    for (i = 0; i < svt_catalog_count(cat); i++)
    {
        const svt_variant_struct * v = svt_catalog_get(cat, i);
        size_t j;
        int k;
        if (v->prog != NULL)
            continue;
        for (j = 0; j < sizeof(cons) / sizeof(cons[0]); j++)
            for (k = 0; k < 2; k++)
            {
                svt_model_t M;
                svt_runs_t R;
                char err[256];
                verdict_t verd;
                double t;
                svt_model_init(M);
                svt_runs_init(R);
                if (svt_model_set(M, v, eps, 2, delta, NULL, err, sizeof(err)) != 0
                        || construction_build(R, construction_find(cons[j]), ms[k],
                        M->c, delta, T, err, sizeof(err)) != 0
                        || svt_output_impossible(M, R) != NULL
                        || (strcmp(cons[j], "numeric-tail") == 0
                            && M->output == SVT_OUT_TOP))
                {
                    svt_runs_clear(R);
                    svt_model_clear(M);
                    continue;
                }
                t = time_ratio(M, R, &verd);
                total += t;
                printf("%-16s %-13s %6lu %10.6f  %s\n", v->name, cons[j], ms[k], t,
                    verdict_name(verd));
                svt_runs_clear(R);
                svt_model_clear(M);
            }
    }
    printf("sum of the template ratios: %.5f s\n", total);
    fmpq_clear(eps);
    fmpq_clear(delta);
    fmpq_clear(T);
    svt_catalog_clear(cat);
    flint_cleanup();
    return 0;
}
