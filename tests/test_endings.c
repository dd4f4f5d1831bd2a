/* test_endings.c -- a run that ends because no branch holds is the output
   `end` (issue 22, finding 1): its probability against an independent
   quadrature and the simulator, every output of a pair summing to 1, the
   prover paying for it (B = 1, 1 and 5/4 on the three programs of the
   issue), and the label reserved. */

#include <math.h>
#include <gsl/gsl_rng.h>
#include "svt.h"
#include "verify.h"
#include "outputs.h"
#include "testlib.h"

static void
load(svt_variant_struct * v, const char * path)
{
    char err[512];
    svt_variant_init(v);
    cr_assert(svt_variant_load(v, path, err, sizeof(err)) == 0, "%s", err);
}

static void
model_at(svt_model_t M, const svt_variant_struct * v)
{
    fmpq_t e, d;
    char err[256];
    fmpq_init(e);
    fmpq_init(d);
    fmpq_one(e);
    fmpq_one(d);
    svt_model_init(M);
    cr_assert(svt_model_set(M, v, e, 1, d, NULL, err, sizeof(err)) == 0,
        "%s", err);
    fmpq_clear(e);
    fmpq_clear(d);
}

static double
lap_cdf(double x, double b)
{
    return x < 0 ? 0.5 * exp(x / b) : 1 - 0.5 * exp(-x / b);
}

/* silent-end (register Lap(2), answers Lap(4), T = 0): Pr[top^k, end]
   = int e^{-|z|/2}/4 (1 - F(z - q))^k F(z - q_end) dz, by composite
   Simpson in doubles on pieces between the kinks -- independent of the
   engine */
static double
silent_end_quadrature(double q, int k, double qend)
{
    double cuts[5] = { -400, 0, 0, 0, 400 }, total = 0, t;
    int i, j, n = 200000;
    cuts[2] = q;
    cuts[3] = qend;
    for (i = 1; i < 4; i++)     /* sort the kinks 0, q, qend */
        for (j = 1; j < 4 - i; j++)
            if (cuts[j] > cuts[j + 1])
                t = cuts[j], cuts[j] = cuts[j + 1], cuts[j + 1] = t;
    for (i = 0; i < 4; i++)
    {
        double a = cuts[i], b = cuts[i + 1], h = (b - a) / n, s = 0;
        if (b <= a)
            continue;
        for (j = 0; j <= n; j++)
        {
            double z = a + j * h;
            double f = exp(-fabs(z) / 2) / 4 * pow(1 - lap_cdf(z - q, 4), k)
                * lap_cdf(z - qend, 4);
            s += f * (j == 0 || j == n ? 1 : j % 2 ? 4 : 2);
        }
        total += s * h / 3;
    }
    return total;
}

/* the run-length vector: k tops at q, then `end` at qend */
static void
tops_then_end(svt_runs_t R, slong q0, slong q1, ulong k, slong e0, slong e1)
{
    fmpq_t a, b, T;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(T);
    fmpq_set_si(a, q0, 1);
    fmpq_set_si(b, q1, 1);
    svt_runs_push(R, a, b, T, SVT_TOP, T, k);
    fmpq_set_si(a, e0, 1);
    fmpq_set_si(b, e1, 1);
    svt_runs_push_label(R, a, b, T, PROG_END_LABEL, 1);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(T);
}

Test(endings, probability_against_an_independent_quadrature)
{
    static const int ks[3] = { 1, 5, 20 };
    svt_variant_struct v;
    svt_model_t M;
    int i;
    load(&v, "tests/specs/silent-end.svt");
    model_at(M, &v);
    for (i = 0; i < 3; i++)
    {
        svt_runs_t R;
        svt_prob_t p0, p1;
        arb_t lr;
        double want0 = silent_end_quadrature(0, ks[i], 0);
        double want1 = silent_end_quadrature(-1, ks[i], 1);
        double got;
        svt_runs_init(R);
        tops_then_end(R, 0, -1, ks[i], 0, 1);
        svt_prob_init(p0);
        svt_prob_init(p1);
        arb_init(lr);
        svt_prob_pair(p0, p1, M, R, NULL);
        cr_assert_eq(p0->status, SVT_PROB_OK);
        cr_assert_eq(p1->status, SVT_PROB_OK);
        arb_sub(lr, p0->log_value, p1->log_value, 128);
        got = arf_get_d(arb_midref(lr), ARF_RND_NEAR);
        cr_assert(fabs(got - log(want0 / want1)) < 1e-7,
            "k = %d: engine ln ratio %.12f, quadrature %.12f", ks[i], got,
            log(want0 / want1));
        cr_assert(fabs(arf_get_d(arb_midref(p0->value), ARF_RND_NEAR) - want0)
            < 1e-9 * want0, "k = %d: Pr[D] vs quadrature %.15g", ks[i], want0);
        /* the numbers: 0.911 at k = 5 (independent quadrature) */
        if (ks[i] == 5)
            cr_assert(fabs(got - 0.911) < 5e-4, "k = 5: %.6f", got);
        arb_clear(lr);
        svt_prob_clear(p0);
        svt_prob_clear(p1);
        svt_runs_clear(R);
    }
    svt_model_clear(M);
    svt_variant_clear(&v);
}

/* every output of a short pair (endings included) sums to a ball that
   contains 1, and each one's probability is within 5 sigma of the
   simulator's frequency */
typedef struct
{
    const svt_model_struct * M;
    arb_t total;
    char key[256][16];
    double p[256];
    int n;
}
sum_ctx;

static void
key_of(char * key, const svt_answer_kind * a, const double * v, slong len,
    const svt_program * P)
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    slong i;
    svt_program_alphabet(kind, label, P);
    for (i = 0; i < len; i++)
        key[i] = a[i] == SVT_BOT ? 'b' : a[i] == SVT_TOP ? 't'
            : label[(slong) v[i]][0];
    key[len] = '\0';
}

static int
add_output(void * data, const svt_runs_t R)
{
    sum_ctx * S = data;
    svt_prob_t p;
    slong i, len = 0;
    svt_prob_init(p);
    svt_prob(p, S->M, R, 0, NULL);
    cr_assert(p->status == SVT_PROB_OK || p->status == SVT_PROB_IMPOSSIBLE,
        "status %d", p->status);
    if (p->status == SVT_PROB_OK)
        arb_add(S->total, S->total, p->value, 128);
    cr_assert(S->n < 256);
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        ulong j;
        for (j = 0; j < r->count; j++)
            S->key[S->n][len++] = r->a == SVT_BOT ? 'b' : r->a == SVT_TOP
                ? 't' : r->label[0];
    }
    S->key[S->n][len] = '\0';
    S->p[S->n++] = p->status == SVT_PROB_OK
        ? arf_get_d(arb_midref(p->value), ARF_RND_NEAR) : 0;
    svt_prob_clear(p);
    return 0;
}

static void
sum_and_simulate(const char * path)
{
    static const slong q[3] = { 0, 1, -1 };
    const int nsim = 200000;
    svt_variant_struct v;
    svt_model_t M;
    svt_runs_t R;
    sum_ctx S;
    fmpq_t a, T;
    int partial, i, n;
    char err[256];
    double qd[3], Td[3] = { 0, 0, 0 };
    gsl_rng * rng;

    load(&v, path);
    model_at(M, &v);
    svt_runs_init(R);
    fmpq_init(a);
    fmpq_init(T);
    for (i = 0; i < 3; i++)
    {
        fmpq_set_si(a, q[i], 1);
        qd[i] = (double) q[i];
        svt_runs_push(R, a, a, T, SVT_BOT, T, 1);
    }
    memset(&S, 0, sizeof(S));
    S.M = M;
    arb_init(S.total);
    cr_assert_eq(outputs_each(M, R, add_output, &S, &partial, err,
        sizeof(err)), 0, "%s", err);
    cr_assert(!partial, "%s: every output is enumerated", path);
    cr_assert(arb_contains_si(S.total, 1), "%s: the outputs sum to 1", path);
    cr_assert(arb_rel_accuracy_bits(S.total) > 30);
    /* the simulator */
    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 2022);
    {
        long * count = calloc((size_t) S.n, sizeof(long));
        for (n = 0; n < nsim; n++)
        {
            svt_answer_kind out[3];
            double val[3];
            char key[16];
            slong len = svt_simulate(out, val, M, qd, Td, 3, rng);
            key_of(key, out, val, len, v.prog);
            for (i = 0; i < S.n && strcmp(S.key[i], key) != 0; i++)
                ;
            cr_assert(i < S.n, "%s: simulated output %s not enumerated",
                path, key);
            count[i]++;
        }
        for (i = 0; i < S.n; i++)
        {
            double f = (double) count[i] / nsim;
            double sd = sqrt(S.p[i] * (1 - S.p[i]) / nsim);
            cr_assert(fabs(f - S.p[i]) <= 5 * sd + 1e-9, "%s: output %s: "
                "engine %.6f, simulator %.6f (5 sigma = %.6f)", path, S.key[i],
                S.p[i], f, 5 * sd);
        }
        free(count);
    }
    gsl_rng_free(rng);
    arb_clear(S.total);
    fmpq_clear(a);
    fmpq_clear(T);
    svt_runs_clear(R);
    svt_model_clear(M);
    svt_variant_clear(&v);
}

Test(endings, every_output_sums_to_one_and_matches_the_simulator)
{
    sum_and_simulate("tests/specs/silent-end.svt");
    sum_and_simulate("tests/specs/endings-two-states.svt");
    sum_and_simulate("tests/specs/alg1-no-top.svt");
    sum_and_simulate("tests/dipa/svt_no_termination.dipa");
}

/* the three programs of the issue: B = 1, 1, 5/4, each attained by the
   search's family "cycle m times, then an exit shifted the other way" */
Test(endings, the_prover_pays_for_the_ending, .timeout = 900)
{
    static char out[1 << 16];
    cr_assert_eq(run_cli_timeout("prove tests/specs/silent-end.svt", 600, out,
        sizeof(out)), 1, "%s", out);
    cr_assert(strstr(out, "upper bound B = 1 exactly") != NULL, "%s", out);
    cr_assert(strstr(out, "no guard holds: the run ends") != NULL, "%s", out);
    cr_assert(strstr(out, "CLAIM VIOLATED") != NULL, "%s", out);
    cr_assert_eq(run_cli_timeout("prove tests/specs/alg1-no-top.svt", 600, out,
        sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "upper bound B = 1 exactly") != NULL, "%s", out);
    cr_assert_eq(run_cli_timeout("prove tests/dipa/svt_no_termination.dipa "
        "--json", 600, out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "\"upper_bound_exact\":\"5/4\"") != NULL, "%s", out);
    /* the witness, re-checked by ratio: ln ratio 1 - 10^-k at k = 100 */
    cr_assert_eq(run_cli("ratio tests/specs/silent-end.svt custom --qD 0*100,0 "
        "--qD2 -1*100,1 --output top*100,end", out, sizeof(out)), 1, "%s", out);
    cr_assert(strstr(out, "[0.999999999999999, 1]") != NULL, "%s", out);
}

Test(endings, every_command_sees_the_ending)
{
    static char out[1 << 16];
    /* the maximum over outputs is attained at an ending */
    cr_assert_eq(run_cli("ratio tests/specs/silent-end.svt custom --qD 0,0,0 "
        "--qD2 -1,-1,1 --max-over-outputs", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "largest at output top,top,end") != NULL, "%s", out);
    cr_assert(strstr(out, "not every output") == NULL, "%s", out);
    /* delta counts it: the totals contain 1 */
    cr_assert_eq(run_cli("delta tests/specs/endings-two-states.svt custom "
        "--qD 0,0,0 --qD2 1,-1,1", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "(every output counted)") != NULL, "%s", out);
    /* JSON names it */
    cr_assert_eq(run_cli("ratio tests/specs/silent-end.svt custom --qD 0,0 "
        "--qD2 -1,1 --output top,end --json", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "end") != NULL, "%s", out);
}

Test(endings, the_label_is_reserved)
{
    static char out[1 << 14];
    FILE * f = fopen("build/test-endings-reserved.svt", "w");
    cr_assert(f != NULL);
    fputs("name = r\neps1 = eps/2\neps2 = eps - eps1\nclaimed = eps\n"
        "register z = laplace(Delta/eps1)\nstate s:\n"
        "  answer y = q + laplace(2*Delta/eps2)\n"
        "  if y >= z then output end; stop\n  else output bot\n", f);
    fclose(f);
    cr_assert_eq(run_cli("lint build/test-endings-reserved.svt", out,
        sizeof(out)), 2, "%s", out);
    cr_assert(strstr(out, "reserved") != NULL || strstr(out, "no branch holds")
        != NULL, "%s", out);
    cr_assert(strstr(out, ":8:") != NULL, "line 8 named: %s", out);
    /* a template never ends early: `end` is not one of its outputs */
    cr_assert_eq(run_cli("ratio alg1 custom --qD 0,0 --qD2 1,1 --output bot,end",
        out, sizeof(out)), 2, "%s", out);
    cr_assert(strchr(out, '\n') == strrchr(out, '\n'), "one line: %s", out);
}

/* ---- branches with the same output are one factor (finding 2) ------ */

static void
random_pair(svt_runs_t R, ulong * s, slong c)
{
    slong len = rnd_range(s, 1, 6), i, tops = 0;
    fmpq_t a, b, T;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(T);
    for (i = 0; i < len; i++)
    {
        int top = tops < c - 1 && rnd_range(s, 0, 2) == 0;
        ulong count = top ? 1 : (ulong) rnd_range(s, 1, 40);
        fmpq_set_si(a, rnd_range(s, -4, 4), 2);
        fmpq_set_si(b, rnd_range(s, -2, 2), 2);
        fmpq_add(b, b, a);
        fmpq_set_si(T, rnd_range(s, -1, 1), 1);
        svt_runs_push(R, a, b, T, top ? SVT_TOP : SVT_BOT, T, count);
        tops += top;
    }
    /* the last query: the c-th top (the run stops) or a bot */
    svt_runs_push(R, a, b, T, tops == c - 1 && rnd_range(s, 0, 1) ? SVT_TOP
        : SVT_BOT, T, 1);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(T);
}

static void
same_probabilities(const char * merged, const char * plain, slong c, ulong seed)
{
    svt_variant_struct v1, v2;
    svt_model_t M1, M2;
    fmpq_t e, d;
    char err[256];
    int t;
    load(&v1, merged);
    load(&v2, plain);
    fmpq_init(e);
    fmpq_init(d);
    fmpq_one(e);
    fmpq_one(d);
    svt_model_init(M1);
    svt_model_init(M2);
    cr_assert(svt_model_set(M1, &v1, e, c, d, NULL, err, sizeof(err)) == 0, "%s", err);
    cr_assert(svt_model_set(M2, &v2, e, c, d, NULL, err, sizeof(err)) == 0, "%s", err);
    for (t = 0; t < 12; t++)
    {
        svt_runs_t R;
        svt_prob_t p1, p2;
        int side;
        svt_runs_init(R);
        random_pair(R, &seed, c);
        for (side = 0; side < 2; side++)
        {
            svt_prob_init(p1);
            svt_prob_init(p2);
            svt_prob(p1, M1, R, side, NULL);
            svt_prob(p2, M2, R, side, NULL);
            cr_assert_eq(p1->status, p2->status, "%s, case %d: status %d vs "
                "%d (%s)", merged, t, p1->status, p2->status,
                p1->note ? p1->note : "");
            if (p1->status == SVT_PROB_OK)
            {
                t_assert_overlap(p1->value, p2->value, "%s, case %d, side %d",
                    merged, t, side);
                cr_assert(arb_rel_accuracy_bits(p1->value) > 60,
                    "%s, case %d: tight", merged, t);
                /* one path per output: no more integrals than the plain
                   program takes times the pieces of the extra cut */
                cr_assert(p1->segments <= 4 * p2->segments + 8, "%s, case %d: "
                    "%ld integrals against %ld", merged, t, (long) p1->segments,
                    (long) p2->segments);
            }
            svt_prob_clear(p1);
            svt_prob_clear(p2);
        }
        svt_runs_clear(R);
    }
    svt_model_clear(M1);
    svt_model_clear(M2);
    svt_variant_clear(&v1);
    svt_variant_clear(&v2);
    fmpq_clear(e);
    fmpq_clear(d);
}

Test(endings, branches_with_one_output_are_one_factor, .timeout = 600)
{
    same_probabilities("tests/specs/alg1-split-bot.svt", "tests/programs/alg1.svt",
        1, 101);
    same_probabilities("tests/specs/alg1-split-bot.svt", "tests/programs/alg1.svt",
        3, 102);
    same_probabilities("tests/specs/gauss-two-tops.svt",
        "tests/specs/gauss-one-top.svt", 2, 103);
}

/* the two programs of the issue that hung prove under --seconds 5 */
Test(endings, same_output_branches_do_not_hang, .timeout = 900)
{
    static char out[1 << 16];
    int rc;
    rc = run_cli_timeout("prove tests/specs/alg1-split-bot.svt --work 5",
        120, out, sizeof(out));
    cr_assert(rc == 0, "rc %d: %s", rc, out);
    cr_assert(strstr(out, "upper bound B = 1 exactly") != NULL, "%s", out);
    rc = run_cli_timeout("prove tests/specs/gauss-two-tops.svt --seconds 5",
        120, out, sizeof(out));
    cr_assert(rc == 1 || rc == 3, "rc %d: %s", rc, out);
    rc = run_cli_timeout("ratio tests/specs/alg1-split-bot.svt custom "
        "--qD 0*1000 --qD2 1*1000 --output bot*1000", 60, out, sizeof(out));
    cr_assert(rc == 0, "rc %d: %s", rc, out);
}

/* ---- a stop is seen when queries are left -------------------------- */

/* int e^{-|z|/br}/(2 br) (1 - F_ba(z + off - q)) dz, composite Simpson */
static double
top_quadrature(double br, double ba, double off, double q)
{
    double cuts[4] = { -400, 0, 0, 400 }, total = 0, t;
    int i, j, n = 200000;
    cuts[1] = q - off;
    if (cuts[1] > cuts[2])
        t = cuts[1], cuts[1] = cuts[2], cuts[2] = t;
    for (i = 0; i < 3; i++)
    {
        double a = cuts[i], b = cuts[i + 1], h = (b - a) / n, s = 0;
        if (b <= a)
            continue;
        for (j = 0; j <= n; j++)
        {
            double z = a + j * h;
            double f = exp(-fabs(z) / br) / (2 * br)
                * (1 - lap_cdf(z + off - q, ba));
            s += f * (j == 0 || j == n ? 1 : j % 2 ? 4 : 2);
        }
        total += s * h / 3;
    }
    return total;
}

Test(endings, a_stop_with_queries_left_is_an_output)
{
    static char out[1 << 16];
    FILE * f;
    double want;
    char * p;
    /* top, then the run stops, two queries left: only the stopping branch
       (y >= T + z + 1); register Lap(2), answers Lap(8) */
    cr_assert_eq(run_cli("ratio tests/specs/stop-or-continue.svt custom "
        "--qD 0,0,0 --qD2 1,1,-1 --output top,stop", out, sizeof(out)), 0,
        "%s", out);
    want = top_quadrature(2, 8, 1, 0);
    p = strstr(out, "Pr[A(D)=a]");
    cr_assert(p != NULL, "%s", out);
    p = strchr(p, '[') + 1;
    p = strchr(p, '[') + 1;
    cr_assert(fabs(strtod(p, NULL) - want) < 1e-9, "Pr[top; stop] %s vs "
        "quadrature %.15f", p, want);
    /* one query: the run ends with the queries, both top branches count */
    cr_assert_eq(run_cli("ratio tests/specs/stop-or-continue.svt custom "
        "--qD 0 --qD2 1 --output top", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "[0.499999999999999, 0.500000000000001]") != NULL,
        "%s", out);
    /* every output of a pair, stops included, sums to 1 */
    cr_assert_eq(run_cli("delta tests/specs/stop-or-continue.svt custom "
        "--qD 0,0,0 --qD2 1,1,-1", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "(every output counted)") != NULL, "%s", out);
    /* more outputs than queries is an error, and so is a shorter vector
       that does not say the run stopped; a pair file reads the shorter
       output the same way */
    cr_assert_eq(run_cli("ratio tests/specs/stop-or-continue.svt custom "
        "--qD 0,0,0 --qD2 1,1,-1 --output top", out, sizeof(out)), 2, "%s", out);
    cr_assert_eq(run_cli("ratio tests/specs/stop-or-continue.svt custom "
        "--qD 0 --qD2 1 --output top,top", out, sizeof(out)), 2, "%s", out);
    f = fopen("build/test-endings-stop.txt", "w");
    cr_assert(f != NULL);
    fputs("qD = 0,0,0\nqD2 = 1,1,-1\noutput = top,stop\n", f);
    fclose(f);
    cr_assert_eq(run_cli("ratio tests/specs/stop-or-continue.svt custom "
        "--file build/test-endings-stop.txt", out, sizeof(out)), 0, "%s", out);
    p = strchr(strchr(strstr(out, "Pr[A(D)=a]"), '[') + 1, '[') + 1;
    cr_assert(fabs(strtod(p, NULL) - want) < 1e-9, "%s", out);
    /* a template stops only at its c-th top */
    cr_assert_eq(run_cli("ratio alg1 custom --qD 0,0 --qD2 1,1 --output bot,stop",
        out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "impossible") != NULL, "%s", out);
    cr_assert_eq(run_cli("ratio alg1 custom --qD 0,0 --qD2 1,1 --output top,stop",
        out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "impossible") == NULL, "%s", out);
}
