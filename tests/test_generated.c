/* test_generated.c -- soundness on programs nobody wrote by hand (issue
   22, finding 6).  tests/gen_program.c writes random programs over the
   whole grammar of variants/PROGRAMS.md (and DiPA automata with one to
   three registers); the library's own readers read them, and for every
   program (eps = 1, Delta = 1, c in 1..3):

   - ratios: every certified ln ratio of random neighbouring pairs (1 to
     6 queries, half-integer values, runs with counts; monotone pairs for
     a monotone claim) and outputs (simulated ones and random ones,
     numbers included) is at most the proved B of align_prove (the
     prover of `verify prove`), compared as balls: a failure is a ratio
     whose lower end is above B's upper end, or an infinite ratio;
   - Monte Carlo: the engine's probability of an output prefix (numbers
     marginalised as top) agrees with the frequency of that prefix in
     GEN_NSIM runs of the program (svt_simulate), by Bernstein's
     inequality at confidence 1 - 1e-9 per comparison;
   - sums: the probabilities of all outputs of a short pair
     (outputs_each, as `delta` and --max-over-outputs enumerate them)
     sum, on both sides, to a ball that contains 1; pairs whose outputs
     cannot all be enumerated (`partial`) are counted, not checked;
   - sandwich (every GEN_LB_EVERY-th program): prove_run's certified
     lower bound L never exceeds B;
   - budget: each program runs in a child process with an alarm of
     GEN_SECONDS; a child that runs past it (or crashes) is a failure,
     with the phase it was in.

   Environment: SVT_GEN_PROGRAMS=N (default 400), SVT_GEN_SEED=S (first
   seed, default 1), SVT_GEN_SHARD=i/n (this part of the seed range),
   SVT_GEN_SEEDS=s1,s2,... (exactly these seeds), SVT_GEN_SECONDS (the
   alarm, default 120), SVT_GEN_NSIM (default 20000), SVT_GEN_LB_EVERY
   (default 8; 0: never), SVT_GEN_VERBOSE=1 (print every program).
   Every failure prints its seed and program text; a failing seed is
   re-run alone with SVT_GEN_SEEDS=seed, and belongs in `regressions`
   below. */

#define _XOPEN_SOURCE 700     /* sigaltstack */
#include <math.h>
#include <execinfo.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <gsl/gsl_rng.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include "svt.h"
#include "verify.h"
#include "outputs.h"
#include "align.h"
#include "prove.h"
#include "testlib.h"
#include "gen_program.h"
#include "prove_unbounded.h"

#define GEN_SHARDS 16           /* Criterion parameters (run --jobs 2) */
#define GEN_MAX_SEEDS 64        /* SVT_GEN_SEEDS */
#define GEN_DELTA_MC 1e-9       /* per Monte Carlo comparison */

typedef struct
{
    long programs, refused, model_refused, complete, with_end, proved, monotone;
    long ratios, ratios_finite, ratios_infinite_ok, ratios_impossible,
        ratios_unsupported, ratios_undetermined;
    long mc_programs, mc_comparisons, mc_unsupported;
    long sum_programs, sum_partial, sum_unsupported, sum_too_many;
    long lb_checked, lb_have, prove_slow;
    long unb_checked, unb_found;
    long budget_spent;
    long failures;
    long features[GEN_F_COUNT];
    double seconds_max;
    unsigned long long seconds_max_seed;
}
gen_stats;

static long
env_long(const char * name, long dflt)
{
    const char * s = getenv(name);
    return s != NULL && *s != '\0' ? strtol(s, NULL, 10) : dflt;
}

/* ---- failure reports ------------------------------------------------- */

static void
report_runs(const char * what, const svt_runs_t R)
{
    slong i;
    fprintf(stderr, "  %s:", what);
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        char * a = fmpq_get_str(NULL, 10, r->q[0]);
        char * b = fmpq_get_str(NULL, 10, r->q[1]);
        char * t = fmpq_get_str(NULL, 10, r->T);
        char * v = fmpq_get_str(NULL, 10, r->v);
        fprintf(stderr, " [qD %s qD' %s T %s out %s x%lu]", a, b, t,
            r->a == SVT_BOT ? "bot" : r->a == SVT_TOP ? "top"
            : r->a == SVT_LABEL ? r->label : v, (unsigned long) r->count);
        flint_free(a);
        flint_free(b);
        flint_free(t);
        flint_free(v);
    }
    fprintf(stderr, "\n");
}

static void
report_ball(const char * what, const arb_t x)
{
    char * s = arb_get_str(x, 20, 0);
    fprintf(stderr, "  %s = %s\n", what, s);
    flint_free(s);
}

static void
report_program(unsigned long long seed, const char * text, const char * why)
{
    fprintf(stderr, "generated: FAIL seed %llu (SVT_GEN_SEEDS=%llu): %s\n"
        "---- program ----\n%s-----------------\n", seed, seed, why, text);
}

/* ---- pairs and outputs ------------------------------------------------ */

/* one query of a pair (values in halves) */
typedef struct
{
    long q0, q1, T;     /* q(D), q(D'), T, in units of 1/2 */
}
gquery;

/* L queries: q(D) in {-2..2}/2, q(D') - q(D) in {-2..2}/2 (one sign for
   monotone pairs), T mostly 0; runs of equal queries */
static void
gen_pair(gquery * Q, int L, int monotone, gen_rng * r)
{
    int i, sign = gen_chance(r, 1, 2) ? 1 : -1;
    for (i = 0; i < L; i++)
    {
        if (i > 0 && gen_chance(r, 1, 3))
        {
            Q[i] = Q[i - 1];    /* a run */
            continue;
        }
        Q[i].q0 = gen_range(r, -2, 2);
        Q[i].q1 = Q[i].q0 + gen_range(r, 0, 2) * (monotone ? sign
            : gen_chance(r, 1, 2) ? 1 : -1);
        Q[i].T = gen_chance(r, 1, 5) ? gen_range(r, -1, 2) : 0;
    }
}

/* an output entry: an index into the alphabet, or a number (v/4) */
typedef struct
{
    int sym;            /* alphabet index; -1: a number */
    long v;             /* the number, in quarters */
}
gout;

/* R = the queries Q[0..len) with outputs O, equal neighbours merged into
   runs with counts */
static void
build_runs(svt_runs_t R, const gquery * Q, const gout * O, int len,
    const svt_answer_kind * kind, const char * const * label)
{
    fmpq_t a, b, T, v;
    int i;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(T);
    fmpq_init(v);
    svt_runs_truncate(R, 0);
    for (i = 0; i < len; i++)
    {
        if (i > 0 && memcmp(Q + i, Q + i - 1, sizeof(gquery)) == 0
                && O[i].sym == O[i - 1].sym && (O[i].sym >= 0 || O[i].v == O[i - 1].v))
        {
            R->runs[R->len - 1].count++;
            continue;
        }
        fmpq_set_si(a, Q[i].q0, 2);
        fmpq_set_si(b, Q[i].q1, 2);
        fmpq_set_si(T, Q[i].T, 2);
        fmpq_set_si(v, O[i].v, 4);
        if (O[i].sym < 0)
            svt_runs_push(R, a, b, T, SVT_NUM, v, 1);
        else if (kind[O[i].sym] == SVT_LABEL)
            svt_runs_push_label(R, a, b, T, label[O[i].sym], 1);
        else
            svt_runs_push(R, a, b, T, kind[O[i].sym], T, 1);
    }
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(T);
    fmpq_clear(v);
}

typedef struct
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    int na;
    int bot, top;       /* their indices (-1: none) */
}
galpha;

static void
get_alphabet(galpha * A, const svt_program * P)
{
    int i;
    if (P->argmax)
    {
        A->na = 2;
        A->kind[0] = SVT_BOT, A->label[0] = NULL;
        A->kind[1] = SVT_TOP, A->label[1] = NULL;
    }
    else
        A->na = (int) svt_program_alphabet(A->kind, A->label, P);
    A->bot = A->top = -1;
    for (i = 0; i < A->na; i++)
    {
        if (A->kind[i] == SVT_BOT)
            A->bot = i;
        if (A->kind[i] == SVT_TOP)
            A->top = i;
    }
}

/* one simulated run on side 0 of Q, as alphabet indices (numbers: top,
   or kept as numbers in v when keep_numbers) */
static int
simulate_once(gout * O, const svt_model_t M, const gquery * Q, int L,
    const galpha * A, gsl_rng * rng, int keep_numbers)
{
    double q[8], T[8], v[8];
    svt_answer_kind a[8];
    int i, n;
    for (i = 0; i < L; i++)
    {
        q[i] = Q[i].q0 / 2.0;
        T[i] = Q[i].T / 2.0;
    }
    n = (int) svt_simulate(a, v, M, q, T, L, rng);
    for (i = 0; i < n; i++)
    {
        O[i].v = 0;
        if (a[i] == SVT_BOT)
            O[i].sym = A->bot;
        else if (a[i] == SVT_TOP)
            O[i].sym = A->top;
        else if (a[i] == SVT_LABEL)
            O[i].sym = (int) v[i];
        else if (keep_numbers && fabs(v[i]) < 1000)
        {
            O[i].sym = -1;
            O[i].v = lround(v[i] * 4);
        }
        else
            O[i].sym = A->top;
    }
    return n;
}

/* ---- the properties ---------------------------------------------------- */

typedef struct
{
    unsigned long long seed;
    const char * text;
    const svt_model_struct * M;
    const galpha * A;
    gen_stats * st;
    gen_rng * r;
    gsl_rng * rng;
    align_result_struct * B;    /* the proof (B->proved) */
    int monotone;
}
gctx;

static volatile const char * phase = "start";

static void
on_alarm(int sig)
{
    static char msg[256];
    const char * p = (const char *) phase;
    int n = snprintf(msg, sizeof(msg), "generated: the program ran past its "
        "budget (signal %d) in phase: %s\n", sig, p);
    if (n > 0)
        (void) !write(2, msg, (size_t) n);
    _exit(4);
}

/* a crash of the child: its phase and a backtrace, then the signal */
static void
on_crash(int sig)
{
    static char msg[256];
    void * frames[64];
    int n = snprintf(msg, sizeof(msg), "generated: the child got signal %d in "
        "phase: %s; backtrace:\n", sig, (const char *) phase);
    if (n > 0)
        (void) !write(2, msg, (size_t) n);
    backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* a certified ln ratio above the proved B (or infinite) */
static void
check_ratio(gctx * g, const svt_runs_t R)
{
    svt_prob_t p0, p1;
    integral_opt_t iopt;
    arb_t lr;
    svt_prob_init(p0);
    svt_prob_init(p1);
    arb_init(lr);
    integral_opt_init(iopt);
    iopt->goal_digits = 12;
    if (svt_output_impossible(g->M, R) != NULL)
    {
        g->st->ratios_impossible++;
        goto done;
    }
    svt_prob_pair(p0, p1, g->M, R, iopt);
    g->st->budget_spent += p0->budget_spent || p1->budget_spent;
    if (p0->status == SVT_PROB_IMPOSSIBLE || p1->status == SVT_PROB_IMPOSSIBLE
            || (p0->zero && p1->zero))
    {
        g->st->ratios_impossible++;
        goto done;
    }
    if (p0->status == SVT_PROB_UNSUPPORTED || p1->status == SVT_PROB_UNSUPPORTED)
    {
        g->st->ratios_unsupported++;
        goto done;
    }
    g->st->ratios++;
    if (p0->zero || p1->zero)
    {
        const svt_prob_struct * nz = p0->zero ? p1 : p0;
        if (arb_is_positive(nz->value))
        {
            if (g->B->proved)
            {
                report_program(g->seed, g->text, "an infinite certified ratio, "
                    "while prove says proved");
                report_runs("pair and output", R);
                report_ball("Pr[A(D)=a]", p0->value);
                report_ball("Pr[A(D')=a]", p1->value);
                report_ball("B", g->B->bound);
                g->st->failures++;
            }
            else
                g->st->ratios_infinite_ok++;
        }
        else
            g->st->ratios_undetermined++;
        goto done;
    }
    arb_sub(lr, p0->log_value, p1->log_value, SVT_PARAM_PREC);
    if (!arb_is_finite(lr))
    {
        g->st->ratios_undetermined++;
        goto done;
    }
    g->st->ratios_finite++;
    if (g->B->proved)
    {
        arb_t nb;
        arb_init(nb);
        arb_neg(nb, g->B->bound);
        if (arb_gt(lr, g->B->bound) || arb_lt(lr, nb))
        {
            report_program(g->seed, g->text, "a certified ln ratio above the "
                "proved B");
            report_runs("pair and output", R);
            report_ball("Pr[A(D)=a]", p0->value);
            report_ball("Pr[A(D')=a]", p1->value);
            report_ball("ln ratio", lr);
            report_ball("B", g->B->bound);
            g->st->failures++;
        }
        arb_clear(nb);
    }
done:
    svt_prob_clear(p0);
    svt_prob_clear(p1);
    arb_clear(lr);
}

static void
prop_ratios(gctx * g, int npairs)
{
    int k;
    svt_runs_t R;
    svt_runs_init(R);
    for (k = 0; k < npairs; k++)
    {
        gquery Q[6];
        gout O[8];
        int L = (int) gen_range(g->r, 1, 6), len, i;
        gen_pair(Q, L, g->monotone, g->r);
        if (gen_chance(g->r, 1, 2) || g->A->na == 0)
        {
            /* a simulated output, numbers kept; sometimes a prefix */
            len = simulate_once(O, g->M, Q, L, g->A, g->rng, 1);
            if (len > 1 && gen_chance(g->r, 1, 4))
                len = (int) gen_range(g->r, 1, len);
            if (len == 0)
                continue;
        }
        else
        {
            len = L;
            for (i = 0; i < L; i++)
            {
                if (i > 0 && memcmp(Q + i, Q + i - 1, sizeof(gquery)) == 0
                        && gen_chance(g->r, 1, 2))
                {
                    O[i] = O[i - 1];
                    continue;
                }
                O[i].sym = (int) gen_range(g->r, 0, g->A->na - 1);
                O[i].v = 0;
                if (g->M->var->prog->outputs_numbers && gen_chance(g->r, 1, 3))
                {
                    O[i].sym = -1;
                    O[i].v = gen_range(g->r, -6, 8);
                }
            }
        }
        build_runs(R, Q, O, len, g->A->kind, g->A->label);
        check_ratio(g, R);
        if (g->st->failures > 0)
            break;
    }
    svt_runs_clear(R);
}

/* Bernstein: |f - p| <= t with probability >= 1 - delta, for the mean f
   of N Bernoulli(p) draws, t = a/3 + sqrt(a^2/9 + 2 a p(1-p)),
   a = ln(2/delta)/N; p ranges over the engine's ball */
static int
mc_agrees(double f, double lo, double hi, long N, double * t_out)
{
    double a = log(2 / GEN_DELTA_MC) / N, var, t, dist;
    double pm = lo <= 0.5 && hi >= 0.5 ? 0.5 : fabs(lo - 0.5) < fabs(hi - 0.5) ? lo : hi;
    pm = fmin(fmax(pm, 0), 1);
    var = pm * (1 - pm);
    t = a / 3 + sqrt(a * a / 9 + 2 * a * var);
    dist = f < lo ? lo - f : f > hi ? f - hi : 0;
    *t_out = t;
    return dist <= t;
}

static void
prop_monte_carlo(gctx * g, long N)
{
    gquery Q[6];
    int L = (int) gen_range(g->r, 1, 5), i, j, k, nt = 0;
    gout * runs = flint_malloc(sizeof(gout) * 8 * N);
    int * lens = flint_malloc(sizeof(int) * N);
    gout targets[16][8];
    int tlen[16];
    svt_runs_t R;
    integral_opt_t iopt;

    gen_pair(Q, L, g->monotone, g->r);
    for (k = 0; k < N; k++)
        lens[k] = simulate_once(runs + 8 * k, g->M, Q, L, g->A, g->rng, 0);
    /* targets: every length-1 prefix, then the outputs of the first
       runs (distinct), then their prefixes of length 2; Report Noisy
       Max outputs one vector over all the queries: the L outputs with
       one top */
    if (g->M->var->prog->argmax)
        for (i = 0; i < L; i++)
        {
            for (j = 0; j < L; j++)
            {
                targets[nt][j].sym = j == i ? g->A->top : g->A->bot;
                targets[nt][j].v = 0;
            }
            tlen[nt++] = L;
        }
    for (i = 0; i < g->A->na && nt < 6 && !g->M->var->prog->argmax; i++)
    {
        targets[nt][0].sym = i;
        targets[nt][0].v = 0;
        tlen[nt++] = 1;
    }
    for (k = 0; k < N && nt < 12; k++)
    {
        int dup = 0, t;
        if (lens[k] < 1)
            continue;
        for (t = 0; t < nt && !dup; t++)
            if (tlen[t] == lens[k]
                    && memcmp(targets[t], runs + 8 * k, sizeof(gout) * lens[k]) == 0)
                dup = 1;
        if (dup || (g->M->var->prog->argmax && lens[k] != L))
            continue;
        memcpy(targets[nt], runs + 8 * k, sizeof(gout) * lens[k]);
        tlen[nt++] = lens[k];
        if (lens[k] > 2 && nt < 12 && gen_chance(g->r, 1, 2)
                && !g->M->var->prog->argmax)
        {
            memcpy(targets[nt], runs + 8 * k, sizeof(gout) * 2);
            tlen[nt++] = 2;
        }
    }
    svt_runs_init(R);
    integral_opt_init(iopt);
    iopt->goal_digits = 10;
    g->st->mc_programs++;
    for (i = 0; i < nt; i++)
    {
        svt_prob_t P;
        long hits = 0;
        double f, lo, hi, t;
        for (k = 0; k < N; k++)
        {
            if (lens[k] < tlen[i])
                continue;
            for (j = 0; j < tlen[i]; j++)
                if (runs[8 * k + j].sym != targets[i][j].sym)
                    break;
            hits += j == tlen[i];
        }
        build_runs(R, Q, targets[i], tlen[i], g->A->kind, g->A->label);
        svt_prob_init(P);
        svt_prob(P, g->M, R, 0, iopt);
        g->st->budget_spent += P->budget_spent;
        if (P->status == SVT_PROB_UNSUPPORTED)
        {
            g->st->mc_unsupported++;
            svt_prob_clear(P);
            continue;
        }
        if (P->zero || P->status == SVT_PROB_IMPOSSIBLE)
            lo = hi = 0;
        else
        {
            arb_t x;
            arb_init(x);
            arb_get_lbound_arf(arb_midref(x), P->value, 53);
            lo = arf_get_d(arb_midref(x), ARF_RND_DOWN);
            arb_get_ubound_arf(arb_midref(x), P->value, 53);
            hi = arf_get_d(arb_midref(x), ARF_RND_UP);
            arb_clear(x);
            if (!isfinite(lo) || !isfinite(hi))
                lo = -HUGE_VAL, hi = HUGE_VAL;
        }
        g->st->mc_comparisons++;
        f = hits / (double) N;
        if (!mc_agrees(f, lo, hi, N, &t))
        {
            char why[256];
            snprintf(why, sizeof(why), "the engine disagrees with the "
                "simulator: frequency %.6f in %ld runs, engine [%.8g, %.8g], "
                "allowed distance %.3g (Bernstein, 1 - %g)", f, N, lo, hi, t,
                GEN_DELTA_MC);
            report_program(g->seed, g->text, why);
            report_runs("queries (side D) and output prefix", R);
            g->st->failures++;
        }
        svt_prob_clear(P);
    }
    svt_runs_clear(R);
    flint_free(runs);
    flint_free(lens);
}

typedef struct
{
    gctx * g;
    arb_t sum[2];
    int unsupported;
    slong count;
}
sum_ctx;

static int
sum_one(void * data, const svt_runs_t out)
{
    sum_ctx * s = data;
    svt_prob_t p0, p1;
    integral_opt_t iopt;
    integral_opt_init(iopt);
    iopt->goal_digits = 12;
    svt_prob_init(p0);
    svt_prob_init(p1);
    svt_prob_pair(p0, p1, s->g->M, out, iopt);
    s->count++;
    if (p0->status == SVT_PROB_UNSUPPORTED || p1->status == SVT_PROB_UNSUPPORTED)
        s->unsupported = 1;
    if (!p0->zero && p0->status != SVT_PROB_IMPOSSIBLE)
        arb_add(s->sum[0], s->sum[0], p0->value, SVT_PARAM_PREC);
    if (!p1->zero && p1->status != SVT_PROB_IMPOSSIBLE)
        arb_add(s->sum[1], s->sum[1], p1->value, SVT_PARAM_PREC);
    svt_prob_clear(p0);
    svt_prob_clear(p1);
    return s->unsupported;
}

static void
prop_sum(gctx * g)
{
    gquery Q[3];
    gout O[3];
    int L, i, partial = 0, rc;
    double total = 0;
    sum_ctx s;
    svt_runs_t R;
    char err[512];

    /* the longest pair with at most 40 output vectors */
    for (L = 1; L < 3; L++)
    {
        double n = 0, p = 1;
        for (i = 1; i <= L + 1; i++)
            n += (p *= g->A->na);
        if (n > 40)
            break;
    }
    (void) total;
    L = (int) gen_range(g->r, 1, L);
    gen_pair(Q, L, g->monotone, g->r);
    for (i = 0; i < L; i++)
        O[i].sym = 0, O[i].v = 0;
    svt_runs_init(R);
    build_runs(R, Q, O, L, g->A->kind, g->A->label);
    s.g = g;
    arb_init(s.sum[0]);
    arb_init(s.sum[1]);
    s.unsupported = 0;
    s.count = 0;
    rc = outputs_each(g->M, R, sum_one, &s, &partial, err, sizeof(err));
    if (rc < 0)
        g->st->sum_too_many++;
    else if (s.unsupported)
        g->st->sum_unsupported++;
    else if (partial)
        g->st->sum_partial++;
    else
    {
        g->st->sum_programs++;
        for (i = 0; i < 2; i++)
            if (!arb_contains_si(s.sum[i], 1))
            {
                report_program(g->seed, g->text, i == 0
                    ? "the outputs' probabilities on D do not sum to 1"
                    : "the outputs' probabilities on D' do not sum to 1");
                report_runs("pair", R);
                report_ball("sum", s.sum[i]);
                fprintf(stderr, "  (%ld output vectors)\n", (long) s.count);
                g->st->failures++;
            }
    }
    arb_clear(s.sum[0]);
    arb_clear(s.sum[1]);
    svt_runs_clear(R);
}

static void
prop_sandwich(gctx * g, const svt_variant_struct * v, slong c)
{
    search_opts o;
    prove_result_t P;
    int rc;
    search_opts_init(&o);
    o.work = 1;         /* the budget that decides: the same L everywhere */
    o.seconds = 2;      /* the outer guard */
    o.base.m_max = 16;
    o.base.ro.digits = 15;
    o.base.ro.max_digits = 30;
    double t0 = integral_clock(), dt;
    prove_result_init(P);
    g->st->lb_checked++;
    rc = prove_run(P, v, &o, c);
    dt = integral_clock() - t0;
    if (dt > o.seconds + env_long("SVT_GEN_PROVE_SLACK", 30))
    {
        char why[200];
        snprintf(why, sizeof(why), "prove_run with a time limit of %g s took "
            "%.1f s", o.seconds, dt);
        report_program(g->seed, g->text, why);
        g->st->failures++;
        g->st->prove_slow++;
    }
    if (rc == 0 && P->A->proved && P->have_L)
    {
        g->st->lb_have++;
        if (P->L_infinite || arb_gt(P->L, P->A->bound))
        {
            report_program(g->seed, g->text, "prove's lower bound L is above "
                "its upper bound B");
            report_ball("L", P->L);
            report_ball("B", P->A->bound);
            fprintf(stderr, "  L from: %s\n", P->L_desc);
            g->st->failures++;
        }
    }
    prove_result_clear(P);
    search_opts_clear(&o);
}

/* the proofs of no bound (verify/prove_unbounded.h): never where the
   coupling proves a bound; where none is proved, counted */
static void
prop_unbounded(gctx * g)
{
    restart_result_t W;
    fmpq_t delta;
    ratio_limits lim = { .max_work = SEARCH_RATIO_MAX_WORK };
    ratio_opt ro = { .digits = 30, .max_digits = 240, .limits = &lim };
    fmpq_init(delta);
    fmpq_one(delta);
    restart_result_init(W);
    restart_prove(W, g->M, delta, &ro);
    if (g->B->proved)
    {
        g->st->unb_checked++;
        if (W->found)
        {
            report_program(g->seed, g->text, "a proof of no bound, while "
                "prove proves a bound");
            fprintf(stderr, "  %s\n  %s\n", W->desc, W->proof);
            report_ball("B", g->B->bound);
            g->st->failures++;
        }
    }
    else
        g->st->unb_found += W->found;
    restart_result_clear(W);
    fmpq_clear(delta);
}

/* every property of one program, in this process */
static void
check_program(unsigned long long seed, gen_stats * st, int lb)
{
    static char text[8192];
    char err[1024];
    gen_info info;
    svt_variant_struct v;
    svt_model_t M;
    fmpq_t eps, delta;
    galpha A;
    align_result_t B;
    gen_rng r;
    gctx g;
    slong c;
    int rc, f;

    phase = "generate";
    cr_assert(gen_program(text, sizeof(text), seed, &info) > 0);
    st->programs++;
    for (f = 0; f < GEN_F_COUNT; f++)
        st->features[f] += (info.features >> f) & 1;
    if (env_long("SVT_GEN_VERBOSE", 0))
        fprintf(stderr, "generated: seed %llu\n%s", seed, text);
    phase = "read";
    rc = info.dipa ? svt_variant_parse_dipa(&v, text, "gen.dipa", err, sizeof(err))
        : svt_variant_parse(&v, text, "gen.svt", err, sizeof(err));
    if (rc != 0)
    {
        st->refused++;
        if (env_long("SVT_GEN_VERBOSE", 0))
            fprintf(stderr, "generated: seed %llu refused: %s\n", seed, err);
        return;
    }
    gen_rng_seed(&r, seed ^ UINT64_C(0x5eed));
    c = gen_range(&r, 1, 3);
    fmpq_init(eps);
    fmpq_init(delta);
    fmpq_one(eps);
    fmpq_one(delta);
    svt_model_init(M);
    if (svt_model_set(M, &v, eps, c, delta, NULL, err, sizeof(err)) != 0)
    {
        st->model_refused++;
        if (env_long("SVT_GEN_VERBOSE", 0))
            fprintf(stderr, "generated: seed %llu model refused: %s\n", seed, err);
        goto out;
    }
    st->complete += svt_program_complete(v.prog);
    get_alphabet(&A, v.prog);
    for (f = 0; f < A.na; f++)
        st->with_end += A.kind[f] == SVT_LABEL && strcmp(A.label[f], "end") == 0;
    phase = "prove";
    align_result_init(B);
    align_prove(B, M);
    st->proved += B->proved;
    g.seed = seed;
    g.text = text;
    g.M = M;
    g.A = &A;
    g.st = st;
    g.r = &r;
    g.rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(g.rng, (unsigned long) seed);
    g.B = B;
    g.monotone = v.monotone_only || B->monotone;
    st->monotone += g.monotone;
    phase = "ratios";
    prop_ratios(&g, B->proved ? 16 : 6);
    phase = "monte carlo";
    if (st->failures == 0 && A.na > 0)
        prop_monte_carlo(&g, env_long("SVT_GEN_NSIM", 20000));
    phase = "sum of all outputs";
    if (st->failures == 0 && A.na > 0)
        prop_sum(&g);
    phase = "no bound (prove_unbounded.h)";
    if (st->failures == 0 && restart_applies(M) && (!B->proved || seed % 4 == 0))
        prop_unbounded(&g);
    phase = "lower bound L (prove_run)";
    if (st->failures == 0 && lb)
        prop_sandwich(&g, &v, c);
    phase = "done";
    gsl_rng_free(g.rng);
    align_result_clear(B);
out:
    svt_model_clear(M);
    svt_variant_clear(&v);
    fmpq_clear(eps);
    fmpq_clear(delta);
}

/* the program in a child process with an alarm; its statistics come
   back through a pipe */
static void
run_program(unsigned long long seed, gen_stats * total, int lb, long seconds,
    unsigned long long * failed, int * nfailed)
{
    int fd[2], status;
    pid_t pid;
    gen_stats st;
    double t0 = integral_clock(), dt;
    cr_assert(pipe(fd) == 0);
    fflush(stderr);
    fflush(stdout);
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0)
    {
        close(fd[0]);
        signal(SIGALRM, on_alarm);
        {
            /* the handler runs on its own stack (a stack overflow too) */
            static char altstack[1 << 16];
            stack_t ss;
            ss.ss_sp = altstack;
            ss.ss_size = sizeof(altstack);
            ss.ss_flags = 0;
            sigaltstack(&ss, NULL);
        }
        {
            struct sigaction sa;
            memset(&sa, 0, sizeof(sa));
            sa.sa_handler = on_crash;
            sa.sa_flags = SA_ONSTACK;
            sigaction(SIGSEGV, &sa, NULL);
        }
        signal(SIGBUS, on_crash);
        signal(SIGABRT, on_crash);
        signal(SIGFPE, on_crash);
        alarm((unsigned) seconds);
        memset(&st, 0, sizeof(st));
        check_program(seed, &st, lb);
        alarm(0);
        (void) !write(fd[1], &st, sizeof(st));
        close(fd[1]);
        fflush(stderr);
        _exit(0);
    }
    close(fd[1]);
    memset(&st, 0, sizeof(st));
    {
        size_t got = 0;
        ssize_t n;
        while (got < sizeof(st) && (n = read(fd[0], (char *) &st + got,
                sizeof(st) - got)) > 0)
            got += (size_t) n;
        if (got != sizeof(st))
            memset(&st, 0, sizeof(st));
    }
    close(fd[0]);
    cr_assert(waitpid(pid, &status, 0) == pid);
    dt = integral_clock() - t0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    {
        static char text[8192];
        gen_info info;
        gen_program(text, sizeof(text), seed, &info);
        report_program(seed, text, WIFEXITED(status) && WEXITSTATUS(status) == 4
            ? "ran past its budget (see the phase above)" : "the child crashed");
        fprintf(stderr, "  status %d, %.1f s\n", status, dt);
        memset(&st, 0, sizeof(st));
        st.programs = 1;
        st.failures = 1;
    }
    if (st.failures > 0 && *nfailed < 1000)
        failed[(*nfailed)++] = seed;
    if (dt > total->seconds_max)
    {
        total->seconds_max = dt;
        total->seconds_max_seed = seed;
    }
    {
        long * a = (long *) total, * b = (long *) &st;
        size_t i, n = offsetof(gen_stats, seconds_max) / sizeof(long);
        for (i = 0; i < n; i++)
            a[i] += b[i];
    }
}

static void
print_stats(const char * what, const gen_stats * s)
{
    fprintf(stderr, "generated: %s: %ld programs, %ld refused by the reader, "
        "%ld by the model, %ld complete (%ld with the output end), %ld "
        "proved (%ld monotone); ratios: "
        "%ld computed (%ld finite, %ld infinite with no proof, %ld "
        "undetermined), %ld impossible, %ld unsupported; Monte Carlo: %ld "
        "comparisons on %ld programs (%ld unsupported); sums: %ld checked, "
        "%ld partial, %ld unsupported, %ld too many outputs; L <= B: %ld "
        "checked (%ld with L, %ld past the time limit); proofs of no bound: %ld "
        "programs with a bound tried, %ld without a bound proved unbounded; "
        "%ld at the work budget; slowest %.1f s (seed "
        "%llu); %ld failures\n", what, s->programs, s->refused,
        s->model_refused, s->complete, s->with_end, s->proved, s->monotone, s->ratios,
        s->ratios_finite, s->ratios_infinite_ok, s->ratios_undetermined,
        s->ratios_impossible, s->ratios_unsupported, s->mc_comparisons,
        s->mc_programs, s->mc_unsupported, s->sum_programs, s->sum_partial,
        s->sum_unsupported, s->sum_too_many, s->lb_checked, s->lb_have,
        s->prove_slow, s->unb_checked, s->unb_found, s->budget_spent, s->seconds_max, s->seconds_max_seed, s->failures);
}

/* the seeds of shard `shard` of GEN_SHARDS: [*lo, *hi) */
static void
shard_range(unsigned long long * lo, unsigned long long * hi, int shard)
{
    long N = env_long("SVT_GEN_PROGRAMS", 400);
    unsigned long long s0 = (unsigned long long) env_long("SVT_GEN_SEED", 1);
    const char * sh = getenv("SVT_GEN_SHARD");
    long i = 0, n = 1, a, b;
    if (sh != NULL && sscanf(sh, "%ld/%ld", &i, &n) == 2 && n > 0 && i >= 0 && i < n)
    {
        /* this part of the whole range */
        a = N * i / n;
        b = N * (i + 1) / n;
        s0 += (unsigned long long) a;
        N = b - a;
    }
    a = N * shard / GEN_SHARDS;
    b = N * (shard + 1) / GEN_SHARDS;
    *lo = s0 + (unsigned long long) a;
    *hi = s0 + (unsigned long long) b;
}

ParameterizedTestParameters(generated, soundness)
{
    static int shards[GEN_SHARDS];
    int i;
    for (i = 0; i < GEN_SHARDS; i++)
        shards[i] = i;
    return cr_make_param_array(int, shards, GEN_SHARDS);
}

ParameterizedTest(int * shard, generated, soundness, .timeout = 0)
{
    unsigned long long lo, hi, s, failed[1000];
    int nfailed = 0, i;
    long every = env_long("SVT_GEN_LB_EVERY", 8);
    long seconds = env_long("SVT_GEN_SECONDS", 120);
    const char * list = getenv("SVT_GEN_SEEDS");
    gen_stats total;
    char what[128];

    memset(&total, 0, sizeof(total));
    if (list != NULL && *list != '\0')
    {
        /* exactly these seeds, all in shard 0 */
        const char * p = list;
        if (*shard != 0)
            return;
        while (*p != '\0')
        {
            char * end;
            s = strtoull(p, &end, 10);
            if (end == p)
                break;
            run_program(s, &total, 1, seconds, failed, &nfailed);
            p = *end == ',' ? end + 1 : end;
        }
        snprintf(what, sizeof(what), "seeds %s", list);
    }
    else
    {
        shard_range(&lo, &hi, *shard);
        if (lo == hi)
            return;
        fprintf(stderr, "generated: shard %d: seeds %llu..%llu\n", *shard, lo, hi - 1);
        for (s = lo; s < hi; s++)
            run_program(s, &total, every > 0 && s % (unsigned long long) every == 0,
                seconds, failed, &nfailed);
        snprintf(what, sizeof(what), "shard %d, seeds %llu..%llu", *shard, lo, hi - 1);
    }
    print_stats(what, &total);
    if (nfailed > 0)
    {
        fprintf(stderr, "generated: %s: failing seeds (re-run with "
            "SVT_GEN_SEEDS=...):", what);
        for (i = 0; i < nfailed; i++)
            fprintf(stderr, "%s%llu", i ? "," : " ", failed[i]);
        fprintf(stderr, "\n");
    }
    cr_assert_eq(nfailed, 0, "%s: %d programs failed (seeds above)", what, nfailed);
}

/* The seeds whose programs found a library bug (the campaign of seeds
   1000001..1002000 and the plain seed), re-run with every property:
   337, 355, 1000623: `reset ANSWER` of an exact answer after a guard
   crashed the nested integral (prog_nested_value read the scale of noise
   -1); 1000008, 1000656: prove's lower bound ran past --seconds (several
   branches with the same output); 1000264, 1001672: prove's lower bound L
   came from a pair that is not monotone, above the proved B of a
   monotone claim (Report Noisy Max; a run that ends); 1002512, 1004288:
   the walk recursed past the stack on a long family whose queries each
   take one of two bot branches (PROG_MAX_DEPTH); 3000109: after `reset
   ANSWER`, a run of queries that each redraw the register from fresh
   noise compared all but its first with a threshold moved by the
   answer's q_a - T_a (the engine's Pr off the simulator's). */
Test(generated, regressions, .timeout = 0)
{
    static const unsigned long long seeds[] = { 337, 355, 1000623, 1000008,
        1000656, 1000264, 1001672, 1002512, 1004288, 3000109 };
    unsigned long long failed[16];
    int nfailed = 0, i;
    gen_stats total;
    memset(&total, 0, sizeof(total));
    for (i = 0; i < (int) (sizeof(seeds) / sizeof(seeds[0])); i++)
        run_program(seeds[i], &total, 1, env_long("SVT_GEN_SECONDS", 120),
            failed, &nfailed);
    print_stats("regressions", &total);
    for (i = 0; i < nfailed; i++)
        fprintf(stderr, "generated: regression seed %llu fails\n", failed[i]);
    cr_assert_eq(nfailed, 0, "%d regression seeds fail (above)", nfailed);
}

/* the generator itself: deterministic, over the whole grammar, and
   mostly accepted by the readers (no engine work) */
Test(generated, generator_covers_the_grammar)
{
    static char text[8192], again[8192];
    long N = FLINT_MAX(env_long("SVT_GEN_PROGRAMS", 400), 2000), refused = 0, dipa = 0;
    long features[GEN_F_COUNT] = { 0 };
    unsigned long long s, s0 = (unsigned long long) env_long("SVT_GEN_SEED", 1);
    int f;
    for (s = s0; s < s0 + (unsigned long long) N; s++)
    {
        gen_info info, info2;
        svt_variant_struct v;
        char err[1024];
        int rc;
        cr_assert(gen_program(text, sizeof(text), s, &info) > 0);
        cr_assert(gen_program(again, sizeof(again), s, &info2) > 0);
        cr_assert_str_eq(text, again, "seed %llu: not deterministic", s);
        dipa += info.dipa;
        rc = info.dipa ? svt_variant_parse_dipa(&v, text, "gen.dipa", err, sizeof(err))
            : svt_variant_parse(&v, text, "gen.svt", err, sizeof(err));
        if (rc != 0)
        {
            refused++;
            if (refused <= 5)
                fprintf(stderr, "generated: seed %llu refused: %s\n", s, err);
            continue;
        }
        for (f = 0; f < GEN_F_COUNT; f++)
            features[f] += (info.features >> f) & 1;
        svt_variant_clear(&v);
    }
    fprintf(stderr, "generated: %ld programs (%ld DiPA), %ld refused by the "
        "reader (%.1f%%); accepted programs per construct:", N, dipa, refused,
        100.0 * refused / N);
    for (f = 0; f < GEN_F_COUNT; f++)
        fprintf(stderr, "%s %s %ld", f ? "," : "", gen_feature_name(f), features[f]);
    fprintf(stderr, "\n");
    cr_assert(refused * 10 <= N, "more than 10%% of the programs refused");
    for (f = 0; f < GEN_F_COUNT; f++)
        cr_assert(features[f] > 0, "no accepted program uses %s", gen_feature_name(f));
}
