/* test_soundness.c -- the maximum over outputs against a brute-force
   enumeration, on random short pairs for every built-in variant.

   The brute force is written here, apart from verify/custom.c: it
   enumerates the outputs itself, decides which are impossible by the
   pseudocode's stop rule, and finds the exact zeros of noiseless
   comparisons from exact rational domains.  For a variant without query
   noise (Alg. 5) it also computes every probability in closed form,
   F_rho(hi) - F_rho(lo) per segment, with no quadrature at all.  Then
   `--max-over-outputs` must agree: the same impossible count, the same
   exact zeros, `infinite` exactly when an output has one zero side,
   and `within` only when every ratio the brute force computed is
   certified at or below the claim.

   The pairs use non-dyadic values (k/10, k/3) and many ties, where an
   exact domain is a single point.  SVT_SOUNDNESS_PAIRS sets the number
   of pairs per variant (default 200, the slice of `make test`;
   `make test-long` runs 2000), SVT_SOUNDNESS_SEED the seed the pairs
   are drawn from (default 0: the slice is the same on every run). */

#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "custom.h"
#include "testlib.h"
#include <criterion/parameterized.h>

#define MAX_Q 4

static const char * const variants[] = {
    "alg1", "alg2", "alg3", "alg4", "alg5", "alg6", "gptt", "alg7",
    "alg7-monotone", "abovethreshold", "roth-sparse", "abs-inside",
    "abs-outside", "svt-sum", "svt-retraversal", "gaussian-svt"
};
#define NVARIANTS ((int) (sizeof(variants) / sizeof(variants[0])))

/* ---- random pairs (rnd, rnd_range: testlib.h) ------------------------ */

/* a value on the grid k/den, den in {1, 2, 3, 10}, in [-lim, lim] */
static void
rnd_grid(fmpq_t x, ulong * s, slong lim)
{
    static const slong dens[4] = { 1, 2, 3, 10 };
    slong den = dens[rnd(s) % 4];
    fmpq_set_si(x, rnd_range(s, -lim * den, lim * den), den);
}

/* a difference q(D') - q(D) in [-1, 1] (Delta = 1), often 0 or +-1 */
static void
rnd_diff(fmpq_t d, ulong * s)
{
    static const slong num[7] = { 0, 1, 1, 1, 3, 7, 1 };
    static const slong den[7] = { 1, 1, 2, 3, 10, 10, 1 };
    slong k = rnd_range(s, 0, 6);
    fmpq_set_si(d, num[k], den[k]);
    if (rnd(s) & 1)
        fmpq_neg(d, d);
}

typedef struct
{
    slong m;
    fmpq_t q[2][MAX_Q];
    fmpq_t T[MAX_Q];
}
pair_struct;

static void
pair_init(pair_struct * p)
{
    int i, k;
    for (i = 0; i < MAX_Q; i++)
    {
        fmpq_init(p->T[i]);
        for (k = 0; k < 2; k++)
            fmpq_init(p->q[k][i]);
    }
}

static void
pair_clear(pair_struct * p)
{
    int i, k;
    for (i = 0; i < MAX_Q; i++)
    {
        fmpq_clear(p->T[i]);
        for (k = 0; k < 2; k++)
            fmpq_clear(p->q[k][i]);
    }
}

/* A random pair.  Ties are made on purpose: a query often repeats an
   earlier answer, and the threshold often equals an answer. */
static void
pair_random(pair_struct * p, ulong * s, slong mmax, int monotone)
{
    fmpq_t d;
    int i, sign = (rnd(s) & 1) ? 1 : -1, perT = (rnd(s) % 4) == 0;
    fmpq_init(d);
    p->m = rnd_range(s, 1, mmax);
    rnd_grid(p->T[0], s, 1);
    for (i = 0; i < p->m; i++)
    {
        if (i > 0 && rnd(s) % 3 == 0)
            fmpq_set(p->q[0][i], p->q[0][rnd_range(s, 0, i - 1)]);
        else if (rnd(s) % 4 == 0)
            fmpq_set(p->q[0][i], p->T[0]);
        else
            rnd_grid(p->q[0][i], s, 2);
        rnd_diff(d, s);
        if (monotone)
        {
            fmpq_abs(d, d);
            if (sign < 0)
                fmpq_neg(d, d);
        }
        fmpq_add(p->q[1][i], p->q[0][i], d);
        if (i > 0)
        {
            if (perT)
                rnd_grid(p->T[i], s, 1);
            else
                fmpq_set(p->T[i], p->T[0]);
        }
    }
    fmpq_clear(d);
}

static void
pair_runs(svt_runs_t R, const pair_struct * p, const svt_answer_kind * a,
    slong len)
{
    fmpq_t zero;
    slong i;
    fmpq_init(zero);
    for (i = 0; i < len; i++)
        svt_runs_push(R, p->q[0][i], p->q[1][i], p->T[i],
            a == NULL ? SVT_BOT : a[i], zero, 1);
    fmpq_clear(zero);
}

/* ---- the brute force ------------------------------------------------- */

/* Can the pseudocode produce the output a[0..len) on m queries?  It
   answers every query in order and stops right after the c-th top. */
static int
bf_possible(const svt_model_t M, const svt_answer_kind * a, slong len,
    slong m)
{
    slong i, tops = 0;
    for (i = 0; i < len; i++)
    {
        if (M->has_cutoff && tops == M->c)
            return 0;   /* an answer after the stop */
        tops += (a[i] == SVT_TOP);
    }
    /* a short output ends exactly at the stop */
    return len == m || (M->has_cutoff && tops == M->c);
}

/* Laplace CDF at the exact rational x, scale b */
static void
bf_laplace_cdf(arb_t res, const arb_t b, const fmpq_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_fmpq(t, x, prec);
    arb_div(t, t, b, prec);
    if (fmpq_sgn(x) < 0)
    {
        arb_exp(res, t, prec);
        arb_mul_2exp_si(res, res, -1);
    }
    else
    {
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_one(res);
        arb_sub(res, res, t, prec);
    }
    arb_clear(t);
}

/* For a variant without query noise: the exact probability of the
   output on one side, from exact rational domains.  Each segment (the
   threshold noise is redrawn after a top when the variant resets) is
   the event lo < z <= hi with lo the largest q - T over its bots and
   hi the smallest q - T over its tops; its probability is F(hi) - F(lo),
   exactly 0 when lo >= hi.  Returns 1 for an exact zero. */
static int
bf_noiseless(arb_t res, const svt_model_t M, const pair_struct * p,
    const svt_answer_kind * a, slong len, int side, slong prec)
{
    slong i;
    int zero = 0, seg_reset = 0;
    fmpq_t lo, hi, x;
    int have_lo = 0, have_hi = 0;
    arb_t f, g;
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(x);
    arb_init(f);
    arb_init(g);
    arb_one(res);
    for (i = 0; i <= len; i++)
    {
        int close = (i == len);
        if (!close)
        {
            fmpq_set(x, p->q[side][i]);
            if (M->var->comparison != SVT_CMP_STANDARD)
                fmpq_abs(x, x);
            fmpq_sub(x, x, p->T[i]);
            if (a[i] == SVT_BOT)
            {
                if (!have_lo || fmpq_cmp(x, lo) > 0)
                    fmpq_set(lo, x);
                have_lo = 1;
            }
            else
            {
                if (!have_hi || fmpq_cmp(x, hi) < 0)
                    fmpq_set(hi, x);
                have_hi = 1;
                close = M->reset;
            }
        }
        if (!close || (!have_lo && !have_hi))
            continue;
        /* the segment lo < z <= hi */
        if (have_lo && have_hi && fmpq_cmp(lo, hi) >= 0)
            zero = 1;
        else
        {
            const arb_struct * b = seg_reset ? M->rho_reset_scale : M->rho_scale;
            if (have_hi)
                bf_laplace_cdf(f, b, hi, prec);
            else
                arb_one(f);
            if (have_lo)
                bf_laplace_cdf(g, b, lo, prec);
            else
                arb_zero(g);
            arb_sub(f, f, g, prec);
            arb_mul(res, res, f, prec);
        }
        have_lo = have_hi = 0;
        seg_reset = 1;
    }
    if (zero)
        arb_zero(res);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(x);
    arb_clear(f);
    arb_clear(g);
    return zero;
}

typedef struct
{
    slong outputs, impossible, undecided;
    int infinite, exceeds, no_claim;
    arb_t lo, hi;       /* max of the lower ends and of the upper ends of
                           the finite losses (-inf: none) */
}
brute_struct;

static void
arb_max_point(arb_t x, const arb_t ball, int upper)
{
    arb_t t;
    arb_init(t);
    if (upper)
        arb_get_ubound_arf(arb_midref(t), ball, 64);
    else
        arb_get_lbound_arf(arb_midref(t), ball, 64);
    if (arf_cmp(arb_midref(t), arb_midref(x)) > 0)
        arb_set(x, t);
    arb_clear(t);
}

/* every output of the pair, each decided on its own */
static void
brute_force(brute_struct * B, const svt_model_t M, const pair_struct * p,
    const ratio_opt * ro, ulong * checks)
{
    svt_answer_kind a[MAX_Q];
    slong len, i;
    ulong bits;
    const slong prec = 256;
    arb_t exact;
    arb_init(exact);
    B->outputs = B->impossible = B->undecided = 0;
    B->infinite = B->exceeds = B->no_claim = 0;
    arb_neg_inf(B->lo);
    arb_neg_inf(B->hi);
    for (len = 1; len <= p->m; len++)
        for (bits = 0; bits < (UWORD(1) << len); bits++)
        {
            svt_runs_t R;
            ratio_result_t r;
            int zero[2] = { 0, 0 }, side;
            for (i = 0; i < len; i++)
                a[i] = ((bits >> i) & 1) ? SVT_TOP : SVT_BOT;
            if (len < p->m && !bf_possible(M, a, len, p->m))
                continue;   /* not an output at all: the run goes on */
            B->outputs++;
            if (!bf_possible(M, a, len, p->m))
            {
                B->impossible++;
                continue;
            }
            svt_runs_init(R);
            ratio_result_init(r);
            pair_runs(R, p, a, len);
            ratio_decide(r, M, R, ro);
            for (side = 0; side < 2; side++)
            {
                if (!M->has_nu)
                {
                    /* closed form from exact domains: the engine must
                       find the same zeros and values */
                    zero[side] = bf_noiseless(exact, M, p, a, len, side, prec);
                    cr_assert_eq(r->p[side]->zero, zero[side],
                        "%s: exact zero of side %d differs from the exact "
                        "domain", M->var->name, side);
                    if (!zero[side])
                        t_assert_overlap(exact, r->p[side]->value,
                            "%s: closed form F(hi) - F(lo)", M->var->name);
                    (*checks)++;
                }
                else
                    cr_assert(!r->p[side]->zero, "%s: a noisy comparison "
                        "has full support, no exact zero", M->var->name);
            }
            if (zero[0] && zero[1])
                B->impossible++;
            else if (zero[0] || zero[1])
                B->infinite = 1;
            else if (r->verdict == VERDICT_EXCEEDS)
                B->exceeds = 1;
            else if (r->verdict == VERDICT_INCONCLUSIVE)
                B->undecided++;
            else if (r->verdict == VERDICT_NO_CLAIM)
                B->no_claim = 1;
            else
                cr_assert_eq(r->verdict, VERDICT_WITHIN, "%s: verdict %s",
                    M->var->name, verdict_name(r->verdict));
            if (!zero[0] && !zero[1] && arb_is_finite(r->loss))
            {
                arb_max_point(B->lo, r->loss, 0);
                arb_max_point(B->hi, r->loss, 1);
            }
            ratio_result_clear(r);
            svt_runs_clear(R);
        }
    arb_clear(exact);
}

/* ---- the comparison ---------------------------------------------------- */

static void
compare_one(const svt_model_t M, const pair_struct * p, const ratio_opt * ro,
    ulong * checks)
{
    brute_struct B;
    maxout_struct mo;
    svt_runs_t R;
    char err[256];
    verdict_t want;

    arb_init(B.lo);
    arb_init(B.hi);
    brute_force(&B, M, p, ro, checks);

    svt_runs_init(R);
    pair_runs(R, p, NULL, p->m);
    maxout_init(&mo);
    cr_assert(maxout_run(&mo, M, R, ro, err, sizeof(err)) == 0, "%s", err);

    cr_assert_eq(mo.outputs, B.outputs, "%s: %ld outputs, brute force %ld",
        M->var->name, (long) mo.outputs, (long) B.outputs);
    cr_assert_eq(mo.impossible, B.impossible, "%s: %ld impossible, brute "
        "force %ld", M->var->name, (long) mo.impossible, (long) B.impossible);

    if (B.infinite)
        want = VERDICT_INFINITE;
    else if (B.exceeds)
        want = VERDICT_EXCEEDS;
    else if (B.undecided > 0)
        want = VERDICT_INCONCLUSIVE;
    else if (B.outputs == B.impossible)
        want = VERDICT_IMPOSSIBLE;
    else if (!M->has_claim || B.no_claim)
        want = VERDICT_NO_CLAIM;
    else if (M->output != SVT_OUT_TOP)
        want = VERDICT_INCONCLUSIVE;    /* a grid of numbers certifies no sup */
    else
        want = VERDICT_WITHIN;

    if (M->output != SVT_OUT_TOP && !B.infinite
            && (mo.verdict == VERDICT_EXCEEDS || mo.verdict == VERDICT_INFINITE))
    {
        /* the numbers found a violation the events did not show: it must
           be certified on its own */
        cr_assert(mo.best->verdict == VERDICT_EXCEEDS
            || mo.best->verdict == VERDICT_INFINITE);
    }
    else
        cr_assert_eq(mo.verdict, want, "%s: max-over-outputs says %s, the "
            "brute force %s", M->var->name, verdict_name(mo.verdict),
            verdict_name(want));

    /* the invariant: within only when every ratio is certified within */
    if (mo.verdict == VERDICT_WITHIN)
    {
        cr_assert(!B.infinite && !B.exceeds && B.undecided == 0);
        cr_assert(arb_is_finite(B.hi) && arb_le(B.hi, M->claimed),
            "%s: within, but a ratio of the brute force is not certified "
            "below the claim", M->var->name);
    }
    /* both enclose the true maximum: their intervals meet */
    if (arb_is_finite(B.lo) && mo.verdict != VERDICT_INFINITE)
    {
        arb_t lo, hi;
        arb_init(lo);
        arb_init(hi);
        lossmax_bounds(lo, hi, mo.agg);
        cr_assert(arb_le(B.lo, hi), "%s: the maximum's upper end is below "
            "a certified loss", M->var->name);
        if (M->output == SVT_OUT_TOP && B.undecided == 0)
            cr_assert(arb_le(lo, B.hi), "%s: the maximum's lower end is "
                "above every loss", M->var->name);
        arb_clear(lo);
        arb_clear(hi);
    }
    (*checks)++;
    maxout_clear(&mo);
    svt_runs_clear(R);
    arb_clear(B.lo);
    arb_clear(B.hi);
}

static slong
pairs_per_variant(void)
{
    const char * s = getenv("SVT_SOUNDNESS_PAIRS");
    slong n = s ? atol(s) : 200;
    return n > 0 ? n : 200;
}

static ulong
soundness_seed(void)
{
    const char * s = getenv("SVT_SOUNDNESS_SEED");
    return s ? strtoul(s, NULL, 10) : 0;
}

ParameterizedTestParameters(soundness, max_over_outputs_vs_brute_force)
{
    static int idx[NVARIANTS];
    int i;
    for (i = 0; i < NVARIANTS; i++)
        idx[i] = i;
    return cr_make_param_array(int, idx, NVARIANTS);
}

ParameterizedTest(int * vi, soundness, max_over_outputs_vs_brute_force,
    .timeout = 1800)
{
    static const char * const epss[4] = { "1", "1/2", "283/100", "109/125" };
    const char * name = variants[*vi];
    const svt_variant_struct * var = t_variant(name);
    slong n = pairs_per_variant(), k;
    ulong seed = (0x9E3779B97F4A7C15 ^ (ulong) (*vi + 1))
        + 0x2545F4914F6CDD1D * soundness_seed(), checks = 0;
    ratio_opt ro = { 15, 60, 0 };
    pair_struct p;
    pair_init(&p);
    for (k = 0; k < n; k++)
    {
        svt_model_t M;
        slong c = var->fixed_c > 0 ? var->fixed_c
            : var->has_cutoff ? rnd_range(&seed, 1, 3) : 1;
        t_model(M, name, epss[rnd(&seed) % 4], c);
        /* short pairs; shorter still where one ratio is costly (Gaussian
           factors, and the numbers searched for numeric outputs) */
        pair_random(&p, &seed, !M->has_nu ? MAX_Q
            : (var->nu_law == INTEGRAL_GAUSSIAN || M->output != SVT_OUT_TOP) ? 2 : 3,
            var->monotone_only && (rnd(&seed) % 5) != 0);
        compare_one(M, &p, &ro, &checks);
        svt_model_clear(M);
    }
    pair_clear(&p);
    cr_assert_geq(checks, (ulong) n);
}

/* every built-in template variant is in the list above */
Test(soundness, every_builtin_is_tested)
{
    svt_catalog_t cat;
    slong i;
    int k, found;
    svt_catalog_init(cat);
    for (i = 0; i < svt_catalog_count(cat); i++)
    {
        if (svt_catalog_get(cat, i)->prog != NULL)
            continue;   /* programs: tests/test_programs.c */
        found = 0;
        for (k = 0; k < NVARIANTS; k++)
            found |= strcmp(svt_catalog_get(cat, i)->name, variants[k]) == 0;
        cr_assert(found, "built-in %s is missing from the soundness test",
            svt_catalog_get(cat, i)->name);
    }
    svt_catalog_clear(cat);
}

/* The five pairs of the soundness report, each `infinite`, and the
   single-ratio form of each gives an exact zero on D. */
Test(soundness, reported_pairs_are_infinite)
{
    static const char * const cases[6][5] = {
        /* qD, qD2, T, eps, c */
        { "0,0", "0,1", "7/10", "1", "1" },
        { "3/10,3/10", "3/10,13/10", "0", "1", "1" },
        { "-1,-1,0,0", "-1,0,0,0", "7/10", "1", "1" },
        { "1,1,2", "2,1,3", "4/5", "283/100", "1" },
        { "-1,0,-1,-1,-1", "-2,1,-1,-1,-1", "1/10", "109/125", "3" },
        { NULL, NULL, NULL, NULL, NULL }
    };
    int i;
    for (i = 0; cases[i][0] != NULL; i++)
    {
        svt_model_t M;
        svt_runs_t R;
        maxout_struct mo;
        ratio_opt ro = { 30, 240, 0 };
        char err[256];
        t_model(M, "alg5", cases[i][3], atol(cases[i][4]));
        svt_runs_init(R);
        cr_assert(custom_build(R, cases[i][0], cases[i][1], cases[i][2], NULL,
            0, err, sizeof(err)) == 0, "%s", err);
        maxout_init(&mo);
        cr_assert(maxout_run(&mo, M, R, &ro, err, sizeof(err)) == 0);
        cr_assert_eq(mo.verdict, VERDICT_INFINITE, "case %d: %s", i,
            verdict_name(mo.verdict));
        cr_assert_eq(mo.best->verdict, VERDICT_INFINITE);
        /* the argmax has an exact zero on one side, and the single-ratio
           form of it says so at once */
        cr_assert(mo.best->p[0]->zero != mo.best->p[1]->zero);
        {
            /* the argmax output alone, as `ratio ... --output` computes it */
            ratio_result_t r;
            ratio_result_init(r);
            cr_assert_eq(ratio_decide(r, M, mo.best_runs, &ro), VERDICT_INFINITE);
            cr_assert(r->p[0]->zero != r->p[1]->zero);
            cr_assert(arb_is_zero(r->p[r->p[0]->zero ? 0 : 1]->value));
            cr_assert_eq(r->digits, 30, "decided at the first goal");
            ratio_result_clear(r);
        }
        maxout_clear(&mo);
        svt_runs_clear(R);
        svt_model_clear(M);
    }
}

/* The impossible count is exact: 13 of the 16 outputs of this pair have
   probability 0 on both sides or cannot be produced. */
Test(soundness, impossible_count_is_exact)
{
    svt_model_t M;
    svt_runs_t R;
    maxout_struct mo;
    ratio_opt ro = { 30, 240, 0 };
    char err[256];
    t_model(M, "alg5", "1", 1);
    svt_runs_init(R);
    cr_assert(custom_build(R, "1,-1,-1,1", "0,-2,-2,0", "-9/10", NULL, 0, err,
        sizeof(err)) == 0);
    maxout_init(&mo);
    cr_assert(maxout_run(&mo, M, R, &ro, err, sizeof(err)) == 0);
    cr_assert_eq(mo.outputs, 16);
    cr_assert_eq(mo.impossible, 13);
    cr_assert_eq(mo.nundecided, 0);
    maxout_clear(&mo);
    svt_runs_clear(R);
    svt_model_clear(M);
}
