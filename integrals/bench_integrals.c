/* bench_integrals.c -- time of one certified integral as the
   multiplicity grows: the cost must stay flat in n.  Not a test. */

#include <stdio.h>
#include <time.h>
#include "integrals.h"

/* Appendix 9.2 shape: int p(z) F(z - 1)^n (1 - F(z + 1))^n dz */
static void
build(integral_t I, ulong n)
{
    arb_t b, s;
    fmpz_t m;
    arb_init(b);
    arb_init(s);
    fmpz_init_set_ui(m, n);
    arb_set_ui(b, 2);
    integral_init(I, INTEGRAL_LAPLACE, b);
    arb_set_si(s, -1);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, m);
    arb_set_si(s, 1);
    integral_mul_sf(I, INTEGRAL_LAPLACE, b, s, m);
    arb_clear(b);
    arb_clear(s);
    fmpz_clear(m);
}

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
    static const ulong ns[] = { 10, 1000, 1000000, 1000000000 };
    static const slong digits[] = { 30, 100 };
    double t10 = 0, t1e9 = 0;
    int i, d;

    printf("certified integral  int p(z) F(z-1)^n (1-F(z+1))^n dz  (Laplace, b = 2)\n");
    printf("%8s %12s %12s %8s  %s\n", "digits", "n", "seconds", "evals", "value");
    for (d = 0; d < 2; d++)
        for (i = 0; i < 4; i++)
        {
            integral_t I;
            integral_result_t r;
            integral_opt_t opt;
            double t0, t;
            int reps = 0;
            build(I, ns[i]);
            integral_opt_init(opt);
            opt->goal_digits = digits[d];
            integral_result_init(r);
            t0 = now();
            do
            {
                integral_eval(r, I, opt, 0);
                reps++;
            }
            while (now() - t0 < 0.3);
            t = (now() - t0) / reps;
            printf("%8ld %12lu %12.6f %8ld  ", (long) digits[d], ns[i], t,
                (long) r->evals);
            arb_printn(r->value, 12, 0);
            printf("%s\n", r->status == INTEGRAL_SUCCESS ? "" : "  (goal missed)");
            if (d == 0 && i == 0)
                t10 = t;
            if (d == 0 && i == 3)
                t1e9 = t;
            integral_result_clear(r);
            integral_clear(I);
        }
    printf("cost ratio n = 10^9 / n = 10 at 30 digits: %.2f (target < 2)\n",
        t1e9 / t10);
    flint_cleanup();
    return 0;
}
