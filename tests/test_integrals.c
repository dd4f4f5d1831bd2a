/* test_integrals.c -- the certified integral engine against independent
   truths: total mass, CDF differences, Beta-function identities, a
   closed form for a shifted factor, exact zeros, two-way computations
   (two precisions, two splittings of the domain) and random cases. */

#include <math.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/fmpq_poly.h>
#include "testlib.h"
#include "pexp.h"

static const integral_law_kind laws[2] = { INTEGRAL_LAPLACE, INTEGRAL_GAUSSIAN };

/* Evaluates with the default goal (30 digits) and checks the status. */
static void
eval_ok(integral_result_t r, const integral_t I)
{
    int st = integral_eval(r, I, NULL, 0);
    cr_assert_eq(st, INTEGRAL_SUCCESS, "goal missed");
    t_assert_tight(r->value, integral_goal_bits(30), "result not tight");
}

Test(integrals, total_mass_is_one)
{
    static const slong num[] = { 1, 1, 2, 15, 7 };
    static const ulong den[] = { 3, 1, 1, 2, 1024 };
    arb_t b, one;
    int i, l;
    arb_init(b);
    arb_init(one);
    arb_one(one);
    for (l = 0; l < 2; l++)
        for (i = 0; i < 5; i++)
        {
            integral_t I;
            integral_result_t r;
            t_set_frac(b, num[i], den[i]);
            integral_init(I, laws[l], b);
            integral_result_init(r);
            eval_ok(r, I);
            t_assert_overlap(r->value, one, "mass law %d scale %ld/%lu", l,
                num[i], den[i]);
            cr_assert(arb_contains_zero(r->log_value), "log of 1 must contain 0");
            integral_result_clear(r);
            integral_clear(I);
        }
    arb_clear(b);
    arb_clear(one);
}

Test(integrals, interval_mass_is_cdf_difference)
{
    /* (lo, hi) as fractions; inf marked by den 0 */
    static const slong lo_n[] = { -1, 0, -3, 1, -5, 1, 0 };
    static const ulong lo_d[] = { 1, 0, 10, 3, 1, 10, 1 };
    static const slong hi_n[] = { 1, 1, 7, 0, -2, 2, 0 };
    static const ulong hi_d[] = { 1, 2, 10, 0, 1, 10, 0 };
    arb_t b, lo, hi, e, t;
    int i, l, s;
    arb_init(b);
    arb_init(lo);
    arb_init(hi);
    arb_init(e);
    arb_init(t);
    for (l = 0; l < 2; l++)
        for (s = 1; s <= 3; s++)
            for (i = 0; i < 7; i++)
            {
                integral_t I;
                integral_result_t r;
                t_set_frac(b, s, 2);
                integral_init(I, laws[l], b);
                integral_result_init(r);
                arb_zero(e);
                if (lo_d[i] != 0)
                {
                    t_set_frac(lo, lo_n[i], lo_d[i]);
                    integral_set_lo(I, lo);
                    integral_law_cdf(t, laws[l], b, lo, 512);
                    arb_sub(e, e, t, 512);
                }
                if (hi_d[i] != 0)
                {
                    t_set_frac(hi, hi_n[i], hi_d[i]);
                    integral_set_hi(I, hi);
                    integral_law_cdf(t, laws[l], b, hi, 512);
                    arb_add(e, e, t, 512);
                }
                else
                    arb_add_ui(e, e, 1, 512);
                eval_ok(r, I);
                t_assert_overlap(r->value, e, "F(hi)-F(lo), case %d law %d", i, l);
                integral_result_clear(r);
                integral_clear(I);
            }
    arb_clear(b);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(e);
    arb_clear(t);
}

/* exact j! k! / (j + k + 1)!: a rational for small arguments, and
   exp(lgamma(j+1) + lgamma(k+1) - lgamma(j+k+2)) otherwise */
static void
beta_exact(arb_t res, ulong j, ulong k, slong prec)
{
    if (j + k <= 2000)
    {
        fmpz_t a, c;
        fmpq_t q;
        fmpz_init(a);
        fmpz_init(c);
        fmpq_init(q);
        fmpz_fac_ui(a, j);
        fmpz_fac_ui(c, k);
        fmpz_mul(a, a, c);
        fmpz_fac_ui(c, j + k + 1);
        fmpq_set_fmpz_frac(q, a, c);
        arb_set_fmpq(res, q, prec);
        fmpz_clear(a);
        fmpz_clear(c);
        fmpq_clear(q);
    }
    else
    {
        arb_t t;
        arb_init(t);
        arb_set_ui(t, j + 1);
        arb_lgamma(res, t, prec);
        arb_set_ui(t, k + 1);
        arb_lgamma(t, t, prec);
        arb_add(res, res, t, prec);
        arb_set_ui(t, j);
        arb_add_ui(t, t, k + 2, prec);
        arb_lgamma(t, t, prec);
        arb_sub(res, res, t, prec);
        arb_exp(res, res, prec);
        arb_clear(t);
    }
}

static void
check_beta(integral_law_kind law, slong bnum, ulong j, ulong k)
{
    arb_t b, zero, e;
    fmpz_t n;
    integral_t I;
    integral_result_t r;
    arb_init(b);
    arb_init(zero);
    arb_init(e);
    fmpz_init(n);
    t_set_frac(b, bnum, 4);
    integral_init(I, law, b);
    fmpz_set_ui(n, j);
    integral_mul_cdf(I, law, b, zero, n);
    fmpz_set_ui(n, k);
    integral_mul_sf(I, law, b, zero, n);
    integral_result_init(r);
    eval_ok(r, I);
    beta_exact(e, j, k, 1024);
    t_assert_overlap(r->value, e, "law %d scale %ld/4: j = %lu, k = %lu", law,
        bnum, j, k);
    arb_log(e, e, 1024);
    t_assert_overlap(r->log_value, e, "log, j = %lu, k = %lu", j, k);
    integral_result_clear(r);
    integral_clear(I);
    arb_clear(b);
    arb_clear(zero);
    arb_clear(e);
    fmpz_clear(n);
}

Test(integrals, cdf_power_is_one_over_n_plus_one)
{
    static const ulong ns[] = { 0, 1, 2, 10, 1000, 1000000, 1000000000,
        UWORD(4611686018427387904) /* 2^62 */ };
    int i;
    for (i = 0; i < 8; i++)
    {
        check_beta(INTEGRAL_LAPLACE, 4, ns[i], 0);
        check_beta(INTEGRAL_LAPLACE, 9, 0, ns[i]);
    }
}

Test(integrals, beta_identity_up_to_1e9)
{
    static const ulong js[] = { 1, 3, 10, 1000, 1000000, 1000000000, 7, 1000000000 };
    static const ulong ks[] = { 1, 5, 10, 1000, 3, 1000000000, 1000000000, 1 };
    int i;
    for (i = 0; i < 8; i++)
        check_beta(INTEGRAL_LAPLACE, 3, js[i], ks[i]);
}

Test(integrals, gaussian_beta_identity)
{
    static const ulong js[] = { 1, 0, 5, 1000, 1000000 };
    static const ulong ks[] = { 0, 3, 7, 1000, 2 };
    int i;
    for (i = 0; i < 5; i++)
        check_beta(INTEGRAL_GAUSSIAN, 6, js[i], ks[i]);
}

Test(integrals, below_1e_minus_100000_full_accuracy)
{
    /* j = k = 10^6: the value is about 4^(-2 10^6), near 10^(-1204120) */
    arb_t bound;
    arb_t b, zero;
    fmpz_t n;
    integral_t I;
    integral_result_t r;
    arb_init(bound);
    arb_init(b);
    arb_init(zero);
    fmpz_init(n);
    arb_one(b);
    integral_init(I, INTEGRAL_LAPLACE, b);
    fmpz_set_ui(n, 1000000);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, zero, n);
    integral_mul_sf(I, INTEGRAL_LAPLACE, b, zero, n);
    integral_result_init(r);
    eval_ok(r, I);
    /* value < 10^-100000 */
    arb_set_ui(bound, 10);
    arb_pow_ui(bound, bound, 100000, 64);
    arb_inv(bound, bound, 64);
    cr_assert(arb_lt(r->value, bound), "value must be below 1e-100000");
    cr_assert(arb_is_positive(r->value), "value must be certainly positive");
    beta_exact(bound, 1000000, 1000000, 512);
    t_assert_overlap(r->value, bound, "tiny Beta value");
    integral_result_clear(r);
    integral_clear(I);
    arb_clear(bound);
    arb_clear(b);
    arb_clear(zero);
    fmpz_clear(n);
}

/* int p_b(z) F_b(z + s) dz = Pr[nu - rho <= s] for iid Laplace(b):
   1 - exp(-s/b) (2 + s/b) / 4 for s >= 0, and by symmetry otherwise. */
static void
laplace_diff_cdf(arb_t res, const arb_t b, const arb_t s, slong prec)
{
    arb_t x, t;
    arb_init(x);
    arb_init(t);
    arb_abs(x, s);
    arb_div(x, x, b, prec);
    arb_neg(t, x);
    arb_exp(t, t, prec);
    arb_add_ui(x, x, 2, prec);
    arb_mul(t, t, x, prec);
    arb_mul_2exp_si(t, t, -2);
    if (arb_is_nonnegative(s))
    {
        arb_sub_ui(res, t, 1, prec);
        arb_neg(res, res);
    }
    else
        arb_set(res, t);
    arb_clear(x);
    arb_clear(t);
}

Test(integrals, shifted_factor_closed_form)
{
    static const slong sn[] = { 0, 1, -1, 3, -7, 1, 25, -25 };
    static const ulong sd[] = { 1, 10, 10, 1, 3, 1024, 1, 1 };
    arb_t b, s, e;
    fmpz_t one;
    int i;
    arb_init(b);
    arb_init(s);
    arb_init(e);
    fmpz_init_set_ui(one, 1);
    t_set_frac(b, 5, 2);
    for (i = 0; i < 8; i++)
    {
        integral_t I;
        integral_result_t r;
        t_set_frac(s, sn[i], sd[i]);
        integral_init(I, INTEGRAL_LAPLACE, b);
        integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, one);
        integral_result_init(r);
        eval_ok(r, I);
        laplace_diff_cdf(e, b, s, 1024);
        t_assert_overlap(r->value, e, "shift %ld/%lu", sn[i], sd[i]);
        integral_result_clear(r);
        integral_clear(I);
    }
    arb_clear(b);
    arb_clear(s);
    arb_clear(e);
    fmpz_clear(one);
}

Test(integrals, empty_domain_is_exact_zero)
{
    arb_t b, lo, hi, z;
    fmpz_t n;
    integral_t I;
    integral_result_t r;
    int k;
    arb_init(b);
    arb_init(lo);
    arb_init(hi);
    arb_init(z);
    fmpz_init_set_ui(n, 5);
    arb_one(b);
    for (k = 0; k < 2; k++)
    {
        integral_init(I, INTEGRAL_LAPLACE, b);
        integral_mul_cdf(I, INTEGRAL_LAPLACE, b, z, n);
        arb_set_si(lo, 1);
        arb_set_si(hi, k == 0 ? 1 : -2);
        integral_set_lo(I, lo);
        integral_set_hi(I, hi);
        integral_result_init(r);
        cr_assert_eq(integral_eval(r, I, NULL, 0), INTEGRAL_SUCCESS);
        cr_assert(r->exact_zero, "flag exact_zero");
        cr_assert(arb_is_zero(r->value), "exact ball 0");
        integral_result_clear(r);
        integral_clear(I);
    }
    arb_clear(b);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(z);
    fmpz_clear(n);
}

Test(integrals, goal_missed_still_encloses)
{
    arb_t b, z, e;
    fmpz_t n;
    integral_t I;
    integral_result_t r;
    integral_opt_t opt;
    arb_init(b);
    arb_init(z);
    arb_init(e);
    fmpz_init_set_ui(n, 1000);
    arb_one(b);
    integral_init(I, INTEGRAL_LAPLACE, b);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, z, n);
    integral_opt_init(opt);
    opt->goal_digits = 60;
    opt->max_prec = 64;
    integral_result_init(r);
    cr_assert_eq(integral_eval(r, I, opt, 0), INTEGRAL_GOAL_MISSED);
    cr_assert_eq(r->prec, 64);
    arb_one(e);
    arb_div_ui(e, e, 1001, 512);
    t_assert_overlap(r->value, e, "a missed goal still encloses");
    integral_result_clear(r);
    integral_clear(I);
    arb_clear(b);
    arb_clear(z);
    arb_clear(e);
    fmpz_clear(n);
}

/* ---- random cases, computed two ways ---------------------------------- */

typedef struct
{
    integral_law_kind law;
    slong bnum;
    int nf;
    integral_law_kind flaw[4];
    slong fscale[4], fshift[4];
    int fsurv[4];
    ulong fmult[4];
    int lo_inf, hi_inf;
    slong lo, hi;       /* in quarters */
}
rcase;

static void
build_case(integral_t I, const rcase * c)
{
    arb_t b, s;
    fmpz_t n;
    int k;
    arb_init(b);
    arb_init(s);
    fmpz_init(n);
    t_set_frac(b, c->bnum, 4);
    integral_init(I, c->law, b);
    for (k = 0; k < c->nf; k++)
    {
        t_set_frac(b, c->fscale[k], 4);
        t_set_frac(s, c->fshift[k], 8);
        fmpz_set_ui(n, c->fmult[k]);
        if (c->fsurv[k])
            integral_mul_sf(I, c->flaw[k], b, s, n);
        else
            integral_mul_cdf(I, c->flaw[k], b, s, n);
    }
    if (!c->lo_inf)
    {
        t_set_frac(b, c->lo, 4);
        integral_set_lo(I, b);
    }
    if (!c->hi_inf)
    {
        t_set_frac(b, c->hi, 4);
        integral_set_hi(I, b);
    }
    arb_clear(b);
    arb_clear(s);
    fmpz_clear(n);
}

static void
print_case(const rcase * c, ulong seed, int iter)
{
    int k;
    fprintf(stderr, "seed %lu iter %d: law %d b %ld/4 lo %s%ld/4 hi %s%ld/4\n",
        seed, iter, c->law, c->bnum, c->lo_inf ? "-inf " : "", c->lo,
        c->hi_inf ? "+inf " : "", c->hi);
    for (k = 0; k < c->nf; k++)
        fprintf(stderr, "  %s law %d b %ld/4 shift %ld/8 n %lu\n",
            c->fsurv[k] ? "sf" : "cdf", c->flaw[k], c->fscale[k],
            c->fshift[k], c->fmult[k]);
}

Test(integrals, random_cases_two_ways)
{
    const ulong seed = 20261122;
    flint_rand_t st;
    int iter;
    flint_randinit(st);
    flint_randseed(st, seed, seed ^ 0x5eed);
    for (iter = 0; iter < 60; iter++)
    {
        rcase c;
        integral_t I, J1, J2;
        integral_result_t r1, r2, ra, rb;
        arb_t sum;
        slong cut;
        int k;

        c.law = laws[n_randint(st, 4) == 0];
        c.bnum = 1 + n_randint(st, 16);
        c.nf = n_randint(st, 5);
        for (k = 0; k < c.nf; k++)
        {
            static const ulong mults[] = { 1, 2, 3, 17, 1000, 1000000, 1000000000 };
            c.flaw[k] = laws[n_randint(st, 5) == 0];
            c.fscale[k] = 1 + n_randint(st, 24);
            c.fshift[k] = (slong) n_randint(st, 65) - 32;
            c.fsurv[k] = n_randint(st, 2);
            c.fmult[k] = mults[n_randint(st, 7)];
        }
        c.lo_inf = n_randint(st, 2);
        c.hi_inf = n_randint(st, 2);
        c.lo = (slong) n_randint(st, 41) - 30;
        c.hi = c.lo + 1 + n_randint(st, 40);

        build_case(I, &c);
        integral_result_init(r1);
        integral_result_init(r2);
        integral_result_init(ra);
        integral_result_init(rb);
        arb_init(sum);

        /* way 1: two precisions */
        integral_eval_fixed(r1, I, 40, 80);
        integral_eval_fixed(r2, I, 120, 200);
        if (!arb_overlaps(r1->value, r2->value))
            print_case(&c, seed, iter);
        t_assert_overlap(r1->value, r2->value, "two precisions");

        /* way 2: split the domain at a random point inside it */
        cut = c.lo_inf ? c.hi - 1 - (slong) n_randint(st, 8)
            : c.lo + 1 + (slong) n_randint(st, 8);
        if (!c.hi_inf && cut >= c.hi)
            cut = c.hi - 1;
        if (!c.lo_inf && cut <= c.lo)
            cut = c.lo;
        {
            rcase c1 = c, c2 = c;
            c1.hi_inf = 0;
            c1.hi = cut;
            c2.lo_inf = 0;
            c2.lo = cut;
            build_case(J1, &c1);
            build_case(J2, &c2);
            integral_eval(ra, J1, NULL, 0);
            integral_eval(rb, J2, NULL, 0);
            integral_eval(r2, I, NULL, 0);
            arb_add(sum, ra->value, rb->value, 512);
            if (!arb_overlaps(sum, r2->value) || r2->status != INTEGRAL_SUCCESS)
                print_case(&c, seed, iter);
            t_assert_overlap(sum, r2->value, "split at %ld/4", cut);
            cr_assert_eq(r2->status, INTEGRAL_SUCCESS, "goal met");
            integral_clear(J1);
            integral_clear(J2);
        }

        arb_clear(sum);
        integral_result_clear(r1);
        integral_result_clear(r2);
        integral_result_clear(ra);
        integral_result_clear(rb);
        integral_clear(I);
    }
    flint_randclear(st);
}

Test(integrals, grouping_makes_one_factor)
{
    arb_t b, s;
    fmpz_t n;
    integral_t I;
    arb_init(b);
    arb_init(s);
    fmpz_init_set_ui(n, 3);
    arb_one(b);
    integral_init(I, INTEGRAL_LAPLACE, b);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, n);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, n);
    integral_mul_sf(I, INTEGRAL_LAPLACE, b, s, n);
    cr_assert_eq(I->len, 2);
    cr_assert(fmpz_equal_ui(I->factors[0].mult, 6));
    integral_clear(I);
    arb_clear(b);
    arb_clear(s);
    fmpz_clear(n);
}

/* int_0^1 prod (1 - c_g s)^{n_g} ds against the exact rational integral
   of the expanded polynomial (fmpq_poly), and 1/(n + 1) at n = 10^6 */
Test(integrals, linear_powers_exact_polynomial)
{
    const slong cn[3][2] = { { 1, 1 }, { 1, 2 }, { 3, 7 } };   /* c = num/den */
    const ulong pw[3] = { 3, 5, 11 };
    arb_struct c[3];
    fmpz n[3];
    fmpq_poly_t p, f;
    fmpq_t x, one;
    arb_t want, got;
    slong g;
    fmpq_poly_init(p);
    fmpq_poly_init(f);
    fmpq_init(x);
    fmpq_init(one);
    arb_init(want);
    arb_init(got);
    fmpq_one(one);
    fmpq_poly_one(p);
    for (g = 0; g < 3; g++)
    {
        arb_init(c + g);
        fmpz_init_set_ui(n + g, pw[g]);
        arb_set_si(c + g, cn[g][0]);
        arb_div_si(c + g, c + g, cn[g][1], 256);
        /* f = 1 - (num/den) s */
        fmpq_poly_zero(f);
        fmpq_poly_set_coeff_si(f, 0, 1);
        fmpq_set_si(x, -cn[g][0], cn[g][1]);
        fmpq_poly_set_coeff_fmpq(f, 1, x);
        fmpq_poly_pow(f, f, pw[g]);
        fmpq_poly_mul(p, p, f);
    }
    fmpq_poly_integral(p, p);
    fmpq_poly_evaluate_fmpq(x, p, one);
    arb_set_fmpq(want, x, 256);
    cr_assert_eq(integral_linear_powers(got, c, n, 3, NULL), INTEGRAL_SUCCESS);
    t_assert_overlap(got, want, "int (1-s)^3 (1-s/2)^5 (1-3s/7)^11");
    t_assert_tight(got, integral_goal_bits(30), "not tight");
    /* one group, n = 10^6 */
    fmpz_set_ui(n, 1000000);
    arb_one(c);
    cr_assert_eq(integral_linear_powers(got, c, n, 1, NULL), INTEGRAL_SUCCESS);
    arb_one(want);
    arb_div_ui(want, want, 1000001, 256);
    t_assert_overlap(got, want, "1/(10^6 + 1)");
    t_assert_tight(got, integral_goal_bits(30), "not tight at 10^6");
    for (g = 0; g < 3; g++)
    {
        arb_clear(c + g);
        fmpz_clear(n + g);
    }
    fmpq_poly_clear(p);
    fmpq_poly_clear(f);
    fmpq_clear(x);
    fmpq_clear(one);
    arb_clear(want);
    arb_clear(got);
}

/* ---- exact piecewise exponential polynomials (pexp.h) ------------------ */

/* three i.i.d. Laplace variables: each order has probability 1/6, the
   largest is any one with 1/3; the total mass is 1 */
Test(integrals, pexp_iid_orders_are_exact)
{
    pexp_t F;
    fmpq_t m, r;
    arb_t got, want;
    slong v;
    pexp_init(F, 3);
    fmpq_init(m);
    fmpq_init(r);
    arb_init(got);
    arb_init(want);
    fmpq_set_si(m, 1, 3);
    fmpq_set_si(r, 2, 5);
    pexp_one(F);
    for (v = 0; v < 3; v++)
        pexp_mul_laplace(F, v, m, r, 256);
    cr_assert_eq(pexp_total(got, F, 256), 0);
    arb_one(want);
    t_assert_overlap(got, want, "mass 1");
    t_assert_tight(got, 200, "mass");
    pexp_mul_order(F, 2, 0, 1);
    pexp_mul_order(F, 2, 1, 1);
    cr_assert_eq(pexp_total(got, F, 256), 0);
    arb_set_si(want, 1);
    arb_div_ui(want, want, 3, 256);
    t_assert_overlap(got, want, "v2 largest: 1/3");
    t_assert_tight(got, 200, "1/3");
    pexp_mul_order(F, 0, 1, 0);
    cr_assert_eq(pexp_total(got, F, 256), 0);
    arb_div_ui(want, want, 2, 256);
    t_assert_overlap(got, want, "v0 < v1 < v2: 1/6");
    pexp_mul_order(F, 0, 2, 1);     /* contradicts v2 > v0 */
    cr_assert_eq(F->len, 0);
    pexp_clear(F);
    fmpq_clear(m);
    fmpq_clear(r);
    arb_clear(got);
    arb_clear(want);
}

/* pexp_mul_disjoint: F(v0, v1) = [v0 < v1] p(v0) p(v1) and G(v2, v3) =
   [v2 > v3] p(v2) p(v3) [v3 >= 1/2]; the product's total is the product
   of the totals (computed without it, each in its own variables), the
   product built in either order has the same total, and a copy compares
   equal while the product does not */
Test(integrals, pexp_product_of_disjoint_factors)
{
    pexp_t F, G, H;
    fmpq_t m, r, h;
    arb_t a, b, ab, got;
    pexp_init(F, 5);
    pexp_init(G, 5);
    pexp_init(H, 5);
    fmpq_init(m);
    fmpq_init(r);
    fmpq_init(h);
    arb_init(a);
    arb_init(b);
    arb_init(ab);
    arb_init(got);
    fmpq_set_si(m, 1, 3);
    fmpq_set_si(r, 2, 5);
    fmpq_set_si(h, 1, 2);
    pexp_one(F);
    pexp_mul_laplace(F, 0, m, r, 256);
    fmpq_set_si(r, 3, 1);
    pexp_mul_laplace(F, 1, m, r, 256);
    pexp_mul_order(F, 0, 1, 0);
    pexp_one(G);
    pexp_mul_laplace(G, 2, r, h, 256);
    pexp_mul_laplace(G, 3, m, r, 256);
    pexp_mul_order(G, 2, 3, 1);
    arb_one(a);
    fmpq_zero(m);
    pexp_mul_piece(G, 3, a, m, h, NULL, 256);      /* [v3 >= 1/2] */
    cr_assert_eq(pexp_vars(F), 3u);
    cr_assert_eq(pexp_vars(G), 12u);
    cr_assert_eq(pexp_total(a, F, 256), 0);
    cr_assert_eq(pexp_total(b, G, 256), 0);
    arb_mul(ab, a, b, 256);
    pexp_add(H, F);
    cr_assert(pexp_equal(H, F));
    pexp_mul_disjoint(H, G, 256);
    cr_assert(!pexp_equal(H, F));
    cr_assert_eq(pexp_vars(H), 15u);
    cr_assert_eq(H->len, F->len * G->len);
    cr_assert_eq(pexp_total(got, H, 256), 0);
    t_assert_overlap(got, ab, "total of F G = total F * total G");
    t_assert_tight(got, 200, "F G");
    pexp_zero(H);
    pexp_add(H, G);
    pexp_mul_disjoint(H, F, 256);
    cr_assert_eq(pexp_total(got, H, 256), 0);
    t_assert_overlap(got, ab, "total of G F");
    pexp_clear(F);
    pexp_clear(G);
    pexp_clear(H);
    fmpq_clear(m);
    fmpq_clear(r);
    fmpq_clear(h);
    arb_clear(a);
    arb_clear(b);
    arb_clear(ab);
    arb_clear(got);
}

/* Pr[X < Y] for X ~ Lap(m1, 1/r1), Y ~ Lap(m2, 1/r2), with different
   rates and centres, against the quadrature engine's int f_Y F_X; and a
   density at a point against integral_law_density */
Test(integrals, pexp_against_the_engine)
{
    pexp_t F;
    fmpq_t m1, r1, m2, r2, x;
    arb_t got, s1, s2, sh, want;
    integral_t I;
    integral_result_t res;
    fmpz_t one;
    pexp_init(F, 2);
    fmpq_init(m1);
    fmpq_init(r1);
    fmpq_init(m2);
    fmpq_init(r2);
    fmpq_init(x);
    arb_init(got);
    arb_init(s1);
    arb_init(s2);
    arb_init(sh);
    arb_init(want);
    fmpz_init_set_ui(one, 1);
    fmpq_set_si(m1, 3, 2);
    fmpq_set_si(r1, 1, 2);
    fmpq_set_si(m2, -1, 4);
    fmpq_set_si(r2, 3, 1);
    pexp_one(F);
    pexp_mul_laplace(F, 0, m1, r1, 256);
    pexp_mul_laplace(F, 1, m2, r2, 256);
    pexp_mul_order(F, 0, 1, 0);
    cr_assert_eq(pexp_total(got, F, 256), 0);
    /* engine: int p_Y(u) F_X(u + m2 - m1) du, u = y - m2 */
    arb_set_fmpq(s2, r2, 256);
    arb_inv(s2, s2, 256);
    arb_set_fmpq(s1, r1, 256);
    arb_inv(s1, s1, 256);
    fmpq_sub(x, m2, m1);
    arb_set_fmpq(sh, x, 256);
    integral_init(I, INTEGRAL_LAPLACE, s2);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, s1, sh, one);
    integral_result_init(res);
    cr_assert_eq(integral_eval(res, I, NULL, 0), INTEGRAL_SUCCESS);
    t_assert_overlap(got, res->value, "Pr[X < Y]");
    t_assert_tight(got, 200, "Pr[X < Y]");
    /* the density of Y at 2/7 times Pr[X < 2/7] */
    fmpq_set_si(x, 2, 7);
    pexp_subst(F, 1, x, 256);
    cr_assert_eq(pexp_total(got, F, 256), 0);
    fmpq_sub(x, x, m2);
    arb_set_fmpq(sh, x, 256);
    integral_law_density(want, INTEGRAL_LAPLACE, s2, sh, 256);
    fmpq_set_si(x, 2, 7);
    fmpq_sub(x, x, m1);
    arb_set_fmpq(sh, x, 256);
    integral_law_cdf(s2, INTEGRAL_LAPLACE, s1, sh, 256);
    arb_mul(want, want, s2, 256);
    t_assert_overlap(got, want, "f_Y(2/7) F_X(2/7)");
    integral_result_clear(res);
    integral_clear(I);
    pexp_clear(F);
    fmpq_clear(m1);
    fmpq_clear(r1);
    fmpq_clear(m2);
    fmpq_clear(r2);
    fmpq_clear(x);
    arb_clear(got);
    arb_clear(s1);
    arb_clear(s2);
    arb_clear(sh);
    arb_clear(want);
    fmpz_clear(one);
}

/* int phi_sigma(z) sum_j c_j Phi((z + t_j)/s) dz = sum_j c_j
   Phi(t_j / sqrt(s^2 + sigma^2)): fifty Gaussian terms whose zeros lie
   close together share one span (eval.c drops the clusters between),
   each term taking the form of its sign at the span's midpoint; the
   value must still hold to the goal. */
Test(integrals, gaussian_nearby_zeros_share_a_span)
{
    const slong nt = 50, prec = 256;
    arb_t sigma, s, t, c, exact, r2, x;
    integral_term_struct * terms;
    integral_t I;
    integral_result_t r;
    fmpz_t one;
    slong j;

    arb_init(sigma);
    arb_init(s);
    arb_init(t);
    arb_init(c);
    arb_init(exact);
    arb_init(r2);
    arb_init(x);
    fmpz_init_set_ui(one, 1);
    arb_set_ui(sigma, 2);
    arb_set_ui(s, 4);
    arb_set_ui(c, nt);
    arb_inv(c, c, prec);
    /* sqrt(s^2 + sigma^2) */
    arb_sqr(r2, s, prec);
    arb_addmul(r2, sigma, sigma, prec);
    arb_sqrt(r2, r2, prec);
    terms = flint_malloc(nt * sizeof(integral_term_struct));
    arb_zero(exact);
    for (j = 0; j < nt; j++)
    {
        arb_set_si(t, j - 20);
        arb_div_ui(t, t, 16, prec);
        integral_term_init(terms + j);
        /* Phi((z + t)/s) = F_s(z + t) */
        integral_term_set(terms + j, INTEGRAL_GAUSSIAN, s, c, 1, t);
        integral_law_cdf(x, INTEGRAL_GAUSSIAN, r2, t, prec);
        arb_addmul(exact, x, c, prec);
    }
    integral_init(I, INTEGRAL_GAUSSIAN, sigma);
    arb_zero(x);
    integral_mul_factor(I, x, terms, nt, one);
    integral_result_init(r);
    eval_ok(r, I);
    t_assert_overlap(r->value, exact, "sum of fifty Gaussian CDF terms");
    cr_assert(arb_rel_accuracy_bits(r->value) >= 95, "30 digits");

    for (j = 0; j < nt; j++)
        integral_term_clear(terms + j);
    flint_free(terms);
    integral_result_clear(r);
    integral_clear(I);
    arb_clear(sigma);
    arb_clear(s);
    arb_clear(t);
    arb_clear(c);
    arb_clear(exact);
    arb_clear(r2);
    arb_clear(x);
    fmpz_clear(one);
}

/* F at the point x (every variable substituted): a ball */
static void
pexp_at(arb_t res, const pexp_t F, fmpq_t * x)
{
    pexp_t E;
    slong v, k;
    pexp_init(E, F->nv);
    pexp_add(E, F);
    for (v = 0; v < F->nv; v++)
        pexp_subst(E, v, x[v], 256);
    arb_zero(res);
    for (k = 0; k < E->len; k++)
        arb_add(res, res, E->terms[k].c, 256);
    pexp_clear(E);
}

/* one term c e^{b v0} [bounds] [orders] added to F: per variable a
   bound below and above with probability 1/2 each (integers in -3..3),
   and per pair an order with probability 1/2 */
static void
add_random_term(pexp_t F, flint_rand_t st)
{
    pexp_t H;
    fmpq_t lo, hi, b;
    arb_t c;
    slong v, j;
    pexp_init(H, F->nv);
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(b);
    arb_init(c);
    pexp_one(H);
    for (v = 0; v < F->nv; v++)
    {
        int has_lo = n_randint(st, 2), has_hi = n_randint(st, 2);
        fmpq_set_si(lo, (slong) n_randint(st, 7) - 3, 1);
        fmpq_set_si(hi, (slong) n_randint(st, 7) - 3, 1);
        fmpq_set_si(b, (slong) n_randint(st, 5) - 2, 4);
        arb_set_si(c, (slong) n_randint(st, 9) - 4);
        pexp_mul_piece(H, v, c, b, has_lo ? lo : NULL, has_hi ? hi : NULL,
            256);
        for (j = v + 1; j < F->nv; j++)
            if (n_randint(st, 2))
                pexp_mul_order(H, v, j, (int) n_randint(st, 2));
    }
    pexp_add(F, H);
    pexp_clear(H);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(b);
    arb_clear(c);
}

/* pexp_normalise drops the terms whose region is empty (here through a
   chain of orders: 1 <= v0 < v1 < 0) and writes a region one way (v0 <
   v1 < 0 with and without the implied v0 < 0: one term of both
   coefficients); and on random functions of four variables (random
   bounds, orders, exponents) it never changes the function: at random
   points off every bound, F and normalise(F) agree */
Test(integrals, pexp_normalise_keeps_the_function)
{
    pexp_t F, G;
    fmpq_t zero, one, x[4];
    arb_t a, b, c;
    flint_rand_t st;
    int round, k, reduced = 0, inside = 0;
    pexp_init(F, 4);
    pexp_init(G, 4);
    fmpq_init(zero);
    fmpq_init(one);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    for (k = 0; k < 4; k++)
        fmpq_init(x[k]);
    flint_randinit(st);
    fmpq_one(one);
    /* 2 [v0 < v1 < 0] + 3 [v0 < v1 < 0, v0 < 0] + [1 <= v0 < v1 < 0] */
    arb_set_si(a, 2);
    pexp_one(G);
    pexp_mul_piece(G, 1, a, zero, NULL, zero, 256);
    pexp_mul_order(G, 0, 1, 0);
    pexp_add(F, G);
    arb_set_si(a, 3);
    pexp_one(G);
    pexp_mul_piece(G, 1, a, zero, NULL, zero, 256);
    arb_one(a);
    pexp_mul_piece(G, 0, a, zero, NULL, zero, 256);
    pexp_mul_order(G, 0, 1, 0);
    pexp_add(F, G);
    pexp_one(G);
    pexp_mul_piece(G, 1, a, zero, NULL, zero, 256);
    pexp_mul_piece(G, 0, a, zero, one, NULL, 256);
    pexp_mul_order(G, 0, 1, 0);
    pexp_add(F, G);
    cr_assert_eq(F->len, 3);
    cr_assert_eq(pexp_normalise(F, 256), 3, "the terms examined");
    cr_assert_eq(F->len, 1, "one region, one term: %wd", F->len);
    arb_set_si(a, 5);
    t_assert_overlap(F->terms[0].c, a, "2 + 3");
    /* random functions */
    for (round = 0; round < 300; round++)
    {
        pexp_zero(F);
        for (k = 0; k < 6; k++)
            add_random_term(F, st);
        pexp_zero(G);
        pexp_add(G, F);
        pexp_normalise(G, 256);
        cr_assert(G->len <= F->len);
        reduced += G->len < F->len;
        for (k = 0; k < 24; k++)
        {
            slong v;
            /* points at odd multiples of 1/14: off every integer bound
               and every tie of two coordinates, almost surely */
            for (v = 0; v < 4; v++)
                fmpq_set_si(x[v], 2 * (slong) n_randint(st, 112) - 111, 14);
            if (fmpq_equal(x[0], x[1]) || fmpq_equal(x[0], x[2])
                    || fmpq_equal(x[0], x[3]) || fmpq_equal(x[1], x[2])
                    || fmpq_equal(x[1], x[3]) || fmpq_equal(x[2], x[3]))
                continue;
            pexp_at(b, F, x);
            pexp_at(c, G, x);
            cr_assert(arb_overlaps(b, c), "round %d: F and normalise(F) "
                "differ at a point", round);
            inside += !arb_is_zero(b);
        }
    }
    cr_assert(reduced > 30, "normalise dropped terms in only %d rounds",
        reduced);
    cr_assert(inside > 200, "only %d points inside a region", inside);
    pexp_clear(F);
    pexp_clear(G);
    fmpq_clear(zero);
    fmpq_clear(one);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    for (k = 0; k < 4; k++)
        fmpq_clear(x[k]);
    flint_randclear(st);
}

/* the work an integral reports is the terms it wrote before equal ones
   merged (the exact joint integral's budget counts them): the integral
   over v0 of 2 copies of e^{v0} [0 <= v0 < v1] writes two terms per
   copy (the ends v1 and 0), four in all, which merge into two:
   e^{v1} [0 <= v1] - [0 < v1], twice */
Test(integrals, pexp_integral_counts_the_terms_it_writes)
{
    pexp_t F, G;
    fmpq_t zero, one;
    arb_t a, t;
    pexp_init(F, 2);
    pexp_init(G, 2);
    fmpq_init(zero);
    fmpq_init(one);
    arb_init(a);
    arb_init(t);
    fmpq_one(one);
    arb_one(a);
    pexp_one(G);
    pexp_mul_piece(G, 0, a, one, zero, NULL, 256);
    pexp_mul_order(G, 0, 1, 0);
    pexp_add(F, G);
    pexp_add(F, G);
    cr_assert_eq(F->len, 2);
    cr_assert_eq(pexp_integrate(F, 0, 256), 4, "the terms written");
    cr_assert_eq(F->len, 2, "merged: %wd", F->len);
    /* and the total of e^{-2 v1} [v1 >= 0] times it is 2 (1 - 1/2) = 1;
       its integral over v1 writes one term per term (the end 0) */
    {
        slong work = 0;
        fmpq_t m1;
        fmpq_init(m1);
        fmpq_set_si(m1, -2, 1);
        pexp_mul_piece(F, 1, a, m1, zero, NULL, 256);
        cr_assert_eq(pexp_total_capped(t, F, 0, &work, 256), 0);
        cr_assert_eq(work, 2, "the terms the total wrote: %wd", work);
        fmpq_clear(m1);
    }
    arb_one(a);
    t_assert_overlap(t, a, "the total");
    pexp_clear(F);
    pexp_clear(G);
    fmpq_clear(zero);
    fmpq_clear(one);
    arb_clear(a);
    arb_clear(t);
}

/* integral_eval_point: the integrand at an exact point to the goal, by
   the precision ladder, against a closed form (a Laplace(3) density at
   z = 1/3 times F_2(z - 1)^1000 = (e^{-1/3} / 2)^1000, about 10^-446),
   at 30 and 200 digits; its work added to the caller's total; the exact
   0 outside the domain */
Test(integrals, point_evaluation_to_the_goal)
{
    static const slong digits[2] = { 30, 200 };
    integral_t I;
    integral_result_t r;
    integral_opt_t opt;
    arb_t b, s, want, t;
    fmpq_t z;
    fmpz_t n;
    slong used = 0;
    int i;
    arb_init(b);
    arb_init(s);
    arb_init(want);
    arb_init(t);
    fmpq_init(z);
    fmpz_init_set_ui(n, 1000);
    fmpq_set_si(z, 1, 3);
    arb_set_ui(b, 3);
    integral_init(I, INTEGRAL_LAPLACE, b);
    arb_set_ui(b, 2);
    arb_set_si(s, -1);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, n);
    /* e^{-1/9} / 6 * 2^-1000 * e^{-1000/3} */
    arb_set_si(want, -1 - 3000);
    arb_div_ui(want, want, 9, 2000);
    arb_exp(want, want, 2000);
    arb_div_ui(want, want, 6, 2000);
    arb_mul_2exp_si(want, want, -1000);
    integral_result_init(r);
    integral_opt_init(opt);
    opt->work_used = &used;
    for (i = 0; i < 2; i++)
    {
        slong before = used;
        opt->goal_digits = digits[i];
        cr_assert_eq(integral_eval_point(r, I, z, opt, 0), INTEGRAL_SUCCESS);
        t_assert_overlap(r->value, want, "at %ld digits", (long) digits[i]);
        t_assert_tight(r->value, integral_goal_bits(digits[i]), "%ld digits",
            (long) digits[i]);
        cr_assert(used > before, "no work charged");
        arb_log(t, want, 2000);
        cr_assert(arb_overlaps(r->log_value, t));
    }
    arb_zero(s);
    integral_set_hi(I, s);
    cr_assert_eq(integral_eval_point(r, I, z, NULL, 0), INTEGRAL_SUCCESS);
    cr_assert(r->exact_zero && arb_is_zero(r->value));
    integral_result_clear(r);
    integral_clear(I);
    arb_clear(b);
    arb_clear(s);
    arb_clear(want);
    arb_clear(t);
    fmpq_clear(z);
    fmpz_clear(n);
}
