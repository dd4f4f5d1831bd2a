/* test_programs.c -- variants written as programs (variants/PROGRAMS.md).

   Independent truths for the program compiler:
   - the template path (variants/prob.c, checked by the soundness suite)
     on the same mechanism written as a program (tests/programs/), and
     the benchmark programs that coincide with Lyu, Su and Li's
     algorithms (StatDP's iSVT1-4, CheckDP's badsparsevector1-3), on
     random pairs, outputs and parameters: the enclosures must meet;
   - a simulation of every built-in program (the pseudocode run with
     GSL's generators): the frequency of every output prefix must match
     its certified probability within 5 sigma, and the gap's density
     integrated over an interval must match the simulated frequency;
   - exact zeros and impossible outputs from the paths (stops, counter);
   - the verdicts of the benchmark programs, pinned;
   - every error of the reader names file:line:column. */

#include <math.h>
#include <string.h>
#include <gsl/gsl_rng.h>
#include "svt.h"
#include "verify.h"
#include "testlib.h"

/* ---- helpers ---------------------------------------------------------- */

static ulong
rnd(ulong * s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UWORD(2685821657736338717);
}

static slong
rnd_range(ulong * s, slong lo, slong hi)
{
    return lo + (slong) (rnd(s) % (ulong) (hi - lo + 1));
}

static void
load(svt_variant_struct * v, const char * path)
{
    char err[512];
    cr_assert(svt_variant_load(v, path, err, sizeof(err)) == 0, "%s", err);
}

static void
model_of(svt_model_t M, const svt_variant_struct * v, const char * eps,
    slong c, const fmpq * eps3)
{
    fmpq_t e, d;
    char err[256];
    svt_overrides ov = { NULL, NULL, eps3 };
    fmpq_init(e);
    fmpq_init(d);
    cr_assert(fmpq_set_str(e, eps, 10) == 0);
    fmpq_one(d);
    svt_model_init(M);
    cr_assert(svt_model_set(M, v, e, c, d, &ov, err, sizeof(err)) == 0,
        "%s: %s", v->name, err);
    fmpq_clear(e);
    fmpq_clear(d);
}

/* random short runs: answers and thresholds on a grid k/den with many
   ties, outputs bot/top (and numbers when numeric) */
static void
random_runs(svt_runs_t R, ulong * s, slong len, int numeric)
{
    static const slong dens[3] = { 1, 2, 3 };
    fmpq_t q0, q1, T, v;
    slong i;
    fmpq_init(q0);
    fmpq_init(q1);
    fmpq_init(T);
    fmpq_init(v);
    for (i = 0; i < len; i++)
    {
        slong den = dens[rnd(s) % 3];
        int k = (int) (rnd(s) % (numeric ? 3 : 2));
        fmpq_set_si(q0, rnd_range(s, -2 * den, 2 * den), den);
        fmpq_set_si(q1, rnd_range(s, -den, den), den);
        fmpq_add(q1, q1, q0);
        if (fmpq_cmp_si(q1, 0) != 0 && rnd(s) % 4 == 0)
            fmpq_set(q1, q0);
        fmpq_set_si(T, rnd_range(s, -den, den), den);
        fmpq_set_si(v, rnd_range(s, -3 * den, 3 * den), den);
        svt_runs_push(R, q0, q1, T, k == 0 ? SVT_BOT : k == 1 ? SVT_TOP : SVT_NUM,
            v, (ulong) rnd_range(s, 1, 3));
    }
    fmpq_clear(q0);
    fmpq_clear(q1);
    fmpq_clear(T);
    fmpq_clear(v);
}

/* the probabilities of template and program meet on both sides, and
   they agree on exact zeros and impossible outputs */
static void
agree(const svt_model_t A, const svt_model_t B, const svt_runs_t R)
{
    int side;
    integral_opt_t opt;
    integral_opt_init(opt);
    opt->goal_digits = 20;
    cr_assert_eq(svt_output_impossible(A, R) == NULL,
        svt_output_impossible(B, R) == NULL, "%s vs %s: impossible differs",
        A->var->name, B->var->name);
    if (svt_output_impossible(A, R) != NULL)
        return;
    for (side = 0; side < 2; side++)
    {
        svt_prob_t P, Q;
        svt_prob_init(P);
        svt_prob_init(Q);
        svt_prob(P, A, R, side, opt);
        svt_prob(Q, B, R, side, opt);
        cr_assert_eq(P->zero, Q->zero, "%s vs %s: exact zero differs (side %d)",
            A->var->name, B->var->name, side);
        t_assert_overlap(P->value, Q->value, "%s vs %s (side %d)",
            A->var->name, B->var->name, side);
        if (!P->zero)
            t_assert_tight(Q->value, 40, "%s", B->var->name);
        svt_prob_clear(P);
        svt_prob_clear(Q);
    }
}

typedef struct
{
    const char * builtin;   /* the template */
    const char * program;   /* a file, or builtin:NAME */
    int numeric;
    int cmax;
    const char * eps3;
}
pair_case;

static void
agree_on_random_pairs(const pair_case * pc, slong n, ulong seed)
{
    static const char * const epss[3] = { "1", "1/2", "7/3" };
    svt_variant_struct pv;
    const svt_variant_struct * prog;
    fmpq_t e3;
    slong k;
    fmpq_init(e3);
    if (strncmp(pc->program, "builtin:", 8) == 0)
        prog = t_variant(pc->program + 8);
    else
    {
        load(&pv, pc->program);
        prog = &pv;
    }
    if (pc->eps3)
        fmpq_set_str(e3, pc->eps3, 10);
    for (k = 0; k < n; k++)
    {
        svt_model_t A, B;
        svt_runs_t R;
        const char * eps = epss[rnd(&seed) % 3];
        slong c = rnd_range(&seed, 1, pc->cmax);
        model_of(A, t_variant(pc->builtin), eps, c, pc->eps3 ? e3 : NULL);
        model_of(B, prog, eps, c, pc->eps3 ? e3 : NULL);
        svt_runs_init(R);
        random_runs(R, &seed, rnd_range(&seed, 1, 3), pc->numeric);
        agree(A, B, R);
        svt_runs_clear(R);
        svt_model_clear(A);
        svt_model_clear(B);
    }
    if (prog == &pv)
        svt_variant_clear(&pv);
    fmpq_clear(e3);
}

Test(programs, templates_written_as_programs_agree, .timeout = 900)
{
    static const pair_case cases[] = {
        { "alg1", "tests/programs/alg1.svt", 0, 3, NULL },
        { "alg2", "tests/programs/alg2.svt", 0, 3, NULL },
        { "alg3", "tests/programs/alg3.svt", 1, 3, NULL },
        { "alg5", "tests/programs/alg5.svt", 0, 1, NULL },
        { "alg7", "tests/programs/alg7.svt", 1, 3, "1/5" },
        { "abs-inside", "tests/programs/abs-inside.svt", 0, 3, NULL },
        { "abovethreshold", "tests/programs/abovethreshold.svt", 0, 1, NULL },
        { "gaussian-svt", "tests/programs/gaussian-svt.svt", 0, 2, NULL },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        agree_on_random_pairs(cases + i, cases[i].numeric ? 25 : 40, 77 + i);
}

/* StatDP's iSVT1-4 and CheckDP's badsparsevector1-3 are Alg. 5, 6, 4, 3:
   the same probabilities on every pair */
Test(programs, benchmarks_coincide_with_the_papers_algorithms, .timeout = 600)
{
    static const pair_case cases[] = {
        { "alg5", "builtin:isvt1", 0, 1, NULL },
        { "alg6", "builtin:isvt2", 0, 1, NULL },
        { "alg4", "builtin:isvt3", 0, 3, NULL },
        { "alg3", "builtin:isvt4", 1, 3, NULL },
        { "alg7", "builtin:numeric-sparse", 1, 3, NULL },
        { "alg1", "builtin:svt-thresholds", 0, 3, NULL },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        if (strcmp(cases[i].program, "builtin:numeric-sparse") == 0)
            continue;   /* a different budget split: see below */
        agree_on_random_pairs(cases + i, 30, 300 + i);
    }
}

/* NumericSparse is Alg. 7 with eps1 = eps2 = eps3 = eps/3 */
Test(programs, numeric_sparse_is_alg7_split_in_thirds, .timeout = 300)
{
    ulong seed = 4242;
    slong k;
    fmpq_t third;
    fmpq_init(third);
    fmpq_set_si(third, 1, 3);
    for (k = 0; k < 20; k++)
    {
        svt_model_t A, B;
        svt_runs_t R;
        fmpq_t e, d;
        svt_overrides ov = { third, third, third };
        char err[256];
        slong c = rnd_range(&seed, 1, 3);
        fmpq_init(e);
        fmpq_init(d);
        fmpq_one(e);
        fmpq_one(d);
        svt_model_init(A);
        cr_assert(svt_model_set(A, t_variant("alg7"), e, c, d, &ov, err,
            sizeof(err)) == 0, "%s", err);
        model_of(B, t_variant("numeric-sparse"), "1", c, NULL);
        svt_runs_init(R);
        random_runs(R, &seed, rnd_range(&seed, 1, 3), 1);
        agree(A, B, R);
        svt_runs_clear(R);
        svt_model_clear(A);
        svt_model_clear(B);
        fmpq_clear(e);
        fmpq_clear(d);
    }
    fmpq_clear(third);
}

/* ---- simulation ------------------------------------------------------- */

#define NSIM 200000
#define L 3

/* the outputs of the program's branches (0 bot, 1 top or number, 2+ a
   label), and their names */
static int
symbol_of(svt_answer_kind a, double v, const prog_state * S)
{
    if (a == SVT_BOT)
        return 0;
    if (a != SVT_LABEL)
        return 1;
    (void) S;
    return 2 + (int) v;     /* the branch index of the label */
}

static void
simulate_program(const char * name, slong c, ulong seed)
{
    static const double qd[L] = { 0.5, -0.5, 1.0 };
    static const slong qn[L] = { 1, -1, 1 }, qden[L] = { 2, 2, 1 };
    static const double Td[L] = { 0, 0.25, 0 };
    static const slong Tn[L] = { 0, 1, 0 }, Tden[L] = { 1, 4, 1 };
    const svt_variant_struct * var = t_variant(name);
    const int B = 2 + PROG_MAX_BRANCHES;       /* symbols per position */
    svt_model_t M;
    gsl_rng * rng;
    long * prefix;
    slong n, i, ncode = 1, code;
    integral_opt_t iopt;

    for (i = 0; i < L; i++)
        ncode *= (B + 1);
    prefix = flint_calloc(ncode, sizeof(long));
    model_of(M, var, "1", c, NULL);
    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, seed);
    for (n = 0; n < NSIM; n++)
    {
        svt_answer_kind a[L];
        double v[L];
        slong len = svt_simulate(a, v, M, qd, Td, L, rng), j;
        /* count every prefix of the output (symbols 1..B, 0 = end) */
        for (j = 1; j <= len; j++)
        {
            slong cd = 0;
            for (i = 0; i < j; i++)
                cd = cd * (B + 1) + 1 + symbol_of(a[i], v[i], NULL);
            prefix[cd]++;
        }
    }
    gsl_rng_free(rng);

    integral_opt_init(iopt);
    iopt->goal_digits = 15;
    for (code = 1; code < ncode; code++)
    {
        slong digits[L], len = 0, x = code;
        svt_runs_t R;
        svt_prob_t P;
        double p, f, sd;
        int ok = 1;
        while (x > 0 && len < L)
        {
            digits[len++] = x % (B + 1);
            x /= B + 1;
        }
        if (x > 0)
            continue;
        for (i = 0; i < len; i++)
            ok &= digits[i] != 0;
        if (!ok)
            continue;
        svt_runs_init(R);
        for (i = 0; i < len; i++)
        {
            /* digits are most significant first */
            slong sym = digits[len - 1 - i] - 1;
            fmpq_t q, T;
            fmpq_init(q);
            fmpq_init(T);
            fmpq_set_si(q, qn[i], qden[i]);
            fmpq_set_si(T, Tn[i], Tden[i]);
            if (sym <= 1)
                svt_runs_push(R, q, q, T, sym == 0 ? SVT_BOT : SVT_TOP, q, 1);
            else
            {
                /* a label: the one of branch sym - 2 of some state */
                slong st;
                const char * lab = NULL;
                for (st = 0; st < var->prog->nstates && lab == NULL; st++)
                    if (sym - 2 < var->prog->states[st].nbranches
                            && var->prog->states[st].branches[sym - 2].out
                               == PROG_OUT_LABEL)
                        lab = var->prog->states[st].branches[sym - 2].out_label;
                if (lab == NULL)
                    ok = 0;
                else
                    svt_runs_push_label(R, q, q, T, lab, 1);
            }
            fmpq_clear(q);
            fmpq_clear(T);
        }
        f = prefix[code] / (double) NSIM;
        if (!ok)
        {
            cr_assert_eq(prefix[code], 0);
            svt_runs_clear(R);
            continue;
        }
        svt_prob_init(P);
        svt_prob(P, M, R, 0, iopt);
        cr_assert(P->status != SVT_PROB_UNSUPPORTED, "%s", name);
        p = P->zero ? 0.0 : arf_get_d(arb_midref(P->value), ARF_RND_NEAR);
        sd = sqrt(fmax(p * (1 - p), 1e-12) / NSIM);
        if (fabs(f - p) > 5 * sd + 1e-9)
            fprintf(stderr, "%s: prefix %ld: simulated %.6f, certified %.6f\n",
                name, (long) code, f, p);
        cr_assert(fabs(f - p) <= 5 * sd + 1e-9, "%s: prefix %ld", name, (long) code);
        svt_prob_clear(P);
        svt_runs_clear(R);
    }
    svt_model_clear(M);
    flint_free(prefix);
}

static const char * const builtin_programs[] = {
    "svt-gap", "bad-gap-svt", "numeric-sparse", "adaptive-svt",
    "bad-adaptive-svt", "monotone-svt", "svt-thresholds", "svt-star",
    "num-range", "two-range", "isvt1", "isvt2", "isvt3", "isvt4"
};
#define NPROGRAMS ((int) (sizeof(builtin_programs) / sizeof(builtin_programs[0])))

Test(programs, every_builtin_program_matches_its_simulation, .timeout = 900)
{
    int i;
    for (i = 0; i < NPROGRAMS; i++)
        simulate_program(builtin_programs[i], 2, 900 + i);
}

/* every built-in program is in the list above (so it is simulated), and
   every built-in template is in the soundness suite's list */
Test(programs, every_builtin_program_is_simulated)
{
    svt_catalog_t cat;
    slong i;
    int k, found;
    svt_catalog_init(cat);
    for (i = 0; i < svt_catalog_count(cat); i++)
    {
        const svt_variant_struct * v = svt_catalog_get(cat, i);
        if (v->prog == NULL)
            continue;
        found = 0;
        for (k = 0; k < NPROGRAMS; k++)
            found |= strcmp(v->name, builtin_programs[k]) == 0;
        cr_assert(found, "built-in program %s is not simulated", v->name);
    }
    svt_catalog_clear(cat);
}

/* the density of the second output (a number) integrated over [lo, hi)
   by the midpoint rule, against the simulated frequency of (bot, v in
   [lo, hi)): checks the gap's density in z, the noisy answer's density
   and the paths of adaptive-svt (a gap from either branch) */
static void
number_density_matches(const char * name, double lo, double hi, ulong seed)
{
    const slong K = 200;
    double qd[2] = { 0.0, 1.0 }, Td[2] = { 0, 0 }, v[2], sum = 0, p, sd;
    svt_answer_kind a[2];
    svt_model_t M;
    gsl_rng * rng;
    long hits = 0;
    slong n, k;
    integral_opt_t iopt;

    model_of(M, t_variant(name), "1", 1, NULL);
    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, seed);
    for (n = 0; n < NSIM; n++)
    {
        slong len = svt_simulate(a, v, M, qd, Td, 2, rng);
        if (len == 2 && a[0] == SVT_BOT && a[1] == SVT_NUM && v[1] >= lo && v[1] < hi)
            hits++;
    }
    gsl_rng_free(rng);
    integral_opt_init(iopt);
    iopt->goal_digits = 15;
    for (k = 0; k < K; k++)
    {
        svt_runs_t R;
        svt_prob_t P;
        fmpq_t q0, q1, x, z;
        fmpq_init(q0);
        fmpq_init(q1);
        fmpq_init(x);
        fmpq_init(z);
        fmpq_one(q1);
        /* v = lo + (k + 1/2) (hi - lo) / K, lo and hi multiples of 1/4 */
        fmpq_set_si(x, (slong) (4 * lo) * 2 * K + (2 * k + 1) * (slong) (4 * (hi - lo)),
            8 * K);
        svt_runs_init(R);
        svt_runs_push(R, q0, q0, z, SVT_BOT, z, 1);
        svt_runs_push(R, q1, q1, z, SVT_NUM, x, 1);
        svt_prob_init(P);
        svt_prob(P, M, R, 0, iopt);
        sum += P->zero ? 0.0 : arf_get_d(arb_midref(P->value), ARF_RND_NEAR);
        svt_prob_clear(P);
        svt_runs_clear(R);
        fmpq_clear(q0);
        fmpq_clear(q1);
        fmpq_clear(x);
        fmpq_clear(z);
    }
    p = sum * (hi - lo) / K;
    sd = sqrt(fmax(p * (1 - p), 1e-12) / NSIM);
    if (fabs(hits / (double) NSIM - p) > 5 * sd + 2e-4)
        fprintf(stderr, "%s: simulated %g, certified (midpoint rule) %g\n",
            name, hits / (double) NSIM, p);
    cr_assert(fabs(hits / (double) NSIM - p) <= 5 * sd + 2e-4, "%s", name);
    cr_assert(hits > NSIM / 1000, "%s: the event is not rare", name);
    svt_model_clear(M);
}

Test(programs, numeric_densities_match_the_simulation, .timeout = 600)
{
    number_density_matches("svt-gap", 0.25, 2.75, 11);
    number_density_matches("bad-gap-svt", 0.5, 3.0, 12);
    number_density_matches("numeric-sparse", -1.0, 3.0, 13);
    number_density_matches("adaptive-svt", 0.0, 24.0, 14);
    number_density_matches("bad-adaptive-svt", 0.0, 24.0, 15);
    number_density_matches("isvt4", 0.5, 3.0, 16);
}
