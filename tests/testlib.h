/* testlib.h -- small helpers shared by the Criterion suites. */

#ifndef SVT_TESTLIB_H
#define SVT_TESTLIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <criterion/criterion.h>
#include <flint/fmpq.h>
#include "integrals.h"

/* x = p / q as a ball at 4096 bits (exact when q is a power of 2). */
static inline void
t_set_frac(arb_t x, slong p, ulong q)
{
    arb_set_si(x, p);
    arb_div_ui(x, x, q, 4096);
}

/* a small deterministic generator (xorshift64*) */
static inline ulong
rnd(ulong * s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UWORD(2685821657736338717);
}

/* uniform in [lo, hi] */
static inline slong
rnd_range(ulong * s, slong lo, slong hi)
{
    return lo + (slong) (rnd(s) % (ulong) (hi - lo + 1));
}

/* Asserts that a and b overlap; prints both on failure. */
#define t_assert_overlap(a, b, ...) do { \
    if (!arb_overlaps((a), (b))) { \
        char * sa_ = arb_get_str((a), 40, 0); \
        char * sb_ = arb_get_str((b), 40, 0); \
        fprintf(stderr, "no overlap: %s vs %s\n", sa_, sb_); \
        flint_free(sa_); flint_free(sb_); } \
    cr_assert(arb_overlaps((a), (b)), __VA_ARGS__); } while (0)

/* Asserts that the ball meets a relative accuracy of bits. */
#define t_assert_tight(a, bits, ...) do { \
    if (arb_rel_accuracy_bits(a) < (bits)) { \
        char * sa_ = arb_get_str((a), 40, 0); \
        fprintf(stderr, "not tight (%ld < %ld bits): %s\n", \
            (long) arb_rel_accuracy_bits(a), (long) (bits), sa_); \
        flint_free(sa_); } \
    cr_assert(arb_rel_accuracy_bits(a) >= (bits), __VA_ARGS__); } while (0)

#ifdef SVT_SVT_H
/* the built-in variant `name` (the catalogue is parsed per test process) */
static inline const svt_variant_struct *
t_variant(const char * name)
{
    static svt_catalog_t cat;
    static int ready = 0;
    const svt_variant_struct * v;
    if (!ready)
    {
        svt_catalog_init(cat);
        ready = 1;
    }
    v = svt_catalog_find(cat, name);
    cr_assert(v != NULL, "variant %s", name);
    return v;
}

/* M = the built-in variant `name` at eps (an integer or a fraction such
   as "3/10"), cutoff c, Delta = 1, no overrides; the caller clears M */
static inline void
t_model(svt_model_t M, const char * name, const char * eps, slong c)
{
    fmpq_t e, d;
    char err[256];
    fmpq_init(e);
    fmpq_init(d);
    cr_assert(fmpq_set_str(e, eps, 10) == 0, "eps %s", eps);
    fmpq_one(d);
    svt_model_init(M);
    cr_assert(svt_model_set(M, t_variant(name), e, c, d, NULL, err,
        sizeof(err)) == 0, "%s: %s", name, err);
    fmpq_clear(e);
    fmpq_clear(d);
}
#endif

/* 1 when the environment variable name is set, not empty and not 0 */
static inline int
env_flag(const char * name)
{
    const char * v = getenv(name);
    return v != NULL && strcmp(v, "0") != 0 && v[0] != '\0';
}

/* 1 in `make test-long` (SVT_LONG_TESTS=1): the slices of a test that
   repeat what `make test` checks at a larger size run there only */
static inline int
long_tests(void)
{
    return env_flag("SVT_LONG_TESTS");
}

/* 1 in the sanitized suite (`make test-san` sets SVT_SANITIZED=1): a
   test may leave there a case that repeats, at a large cost, code the
   sanitized suite runs on smaller cases (the plain suite runs it all) */
static inline int
sanitized(void)
{
    return env_flag("SVT_SANITIZED");
}

/* runs `verify ARGS` (VERIFY_BIN, else ./build/bin/verify) with stderr
   merged into out (NULL: discarded); returns its exit code */
static inline int
run_cli(const char * args, char * out, size_t outlen)
{
    char cmd[1400];
    FILE * p;
    size_t n = 0;
    int st;
    const char * bin = getenv("VERIFY_BIN");
    int secs = 0;
    if (strncmp(args, "--timeout--", 11) == 0)
    {
        secs = atoi(args + 11);
        args = strchr(args, ' ') + 1;
    }
    if (secs > 0)
        snprintf(cmd, sizeof(cmd), "timeout -k 5 %d %s %s 2>&1", secs,
            bin ? bin : "./build/bin/verify", args);
    else
        snprintf(cmd, sizeof(cmd), "%s %s 2>&1", bin ? bin : "./build/bin/verify", args);
    p = popen(cmd, "r");
    cr_assert(p != NULL);
    if (out != NULL)
    {
        n = fread(out, 1, outlen - 1, p);
        out[n] = '\0';
    }
    else
    {
        char buf[4096];
        while (fread(buf, 1, sizeof(buf), p) > 0)
            ;
    }
    st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* the last line of out (the summary line of a command's JSON), its
   trailing newlines removed in place */
static inline char *
t_last_line(char * out)
{
    char * p = out + strlen(out);
    while (p > out && p[-1] == '\n')
        *--p = '\0';
    while (p > out && p[-1] != '\n')
        p--;
    return p;
}

/* the text of file path into buf (len bytes, NUL-terminated, cut at
   len - 1); 0, or -1 when it cannot be opened */
static inline int
t_read_file(const char * path, char * buf, size_t len)
{
    FILE * f = fopen(path, "r");
    if (f == NULL)
        return -1;
    buf[fread(buf, 1, len - 1, f)] = '\0';
    fclose(f);
    return 0;
}

/* run_cli under a wall-clock limit: exit 124 when it did not end in
   time (a hang), 137 when it had to be killed */
static inline int
run_cli_timeout(const char * args, int seconds, char * out, size_t outlen)
{
    char cmd[1200];
    snprintf(cmd, sizeof(cmd), "--timeout--%d %s", seconds, args);
    return run_cli(cmd, out, outlen);
}

/* a DiPA automaton at path: n non-input states q1 .. qn, state qk setting
   register x(k-1) := insample (output obot), then the line last (state
   q(n+1), written by the caller) */
static inline void
write_register_chain(const char * path, int n, const char * last)
{
    FILE * f = fopen(path, "w");
    int k;
    cr_assert(f != NULL, "%s", path);
    for (k = 0; k < n; k++)
        fprintf(f, "(q%d:non-input,1/4,0): x%d:= insample; output obot; "
            "goto q%d\n", k + 1, k, k + 2);
    fprintf(f, "%s\n", last);
    fclose(f);
}

#ifdef SVT_PROVE_UNBOUNDED_H
/* A proof of no bound says ln ratio(a_m) >= ln ratio(a_m0) + (m - m0) k
   for every m >= m0 (m0 the m shown), or (W->has_base) >= base + m k.  The family at m0 + 8, where the
   engine computes it within a small budget, must not be certainly below
   that line. */
static inline void
unbounded_line_holds(const restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const char * path)
{
    svt_runs_t R;
    ratio_result_t r;
    arb_t line;
    ratio_limits lim = { .max_work = 100000 };
    ratio_opt ro = { .digits = 30, .max_digits = 120, .limits = &lim };
    ulong m = W->m_shown + 8;
    svt_runs_init(R);
    ratio_result_init(r);
    arb_init(line);
    unb_family_runs(R, M->prog, &W->lead, &W->a, &W->mid, W->has_b ? &W->b
        : NULL, &W->exit, W->shift, delta, m);
    ratio_decide(r, M, R, &ro);
    if (arb_is_finite(r->lr[W->dir]) && arb_is_finite(W->r->lr[W->dir]))
    {
        /* a line from a base: base + m k (prove_lowered.c) */
        arb_mul_ui(line, W->k, W->has_base ? m : 8, 128);
        arb_add(line, line, W->has_base ? W->base : W->r->lr[W->dir], 128);
        cr_assert(!arb_lt(r->lr[W->dir], line), "%s: ln ratio at m = %lu "
            "is %s, below the proof's line %s (%s)", path, m,
            arb_get_str(r->lr[W->dir], 12, 0), arb_get_str(line, 12, 0),
            W->proof);
    }
    svt_runs_clear(R);
    ratio_result_clear(r);
    arb_clear(line);
}

/* restart_prove on the file at eps = 1, c = 1, Delta = 1: W->found (a
   proof found is checked against the family further in m:
   unbounded_line_holds); the per-branch coupling's verdict in *coupled
   (1: a bound is proved) */
static inline int
unbounded_on(restart_result_t W, const char * path, int * coupled)
{
    svt_variant_struct v;
    svt_model_t M;
    align_result_t A;
    char err[1024];
    fmpq_t e;
    ratio_limits lim = { .max_work = SEARCH_RATIO_MAX_WORK };
    ratio_opt ro = { .digits = 30, .max_digits = 240, .limits = &lim };
    fmpq_init(e);
    fmpq_one(e);
    svt_variant_init(&v);
    cr_assert(svt_variant_load(&v, path, err, sizeof(err)) == 0, "%s", err);
    svt_model_init(M);
    cr_assert(svt_model_set(M, &v, e, 1, e, NULL, err, sizeof(err)) == 0,
        "%s: %s", path, err);
    restart_prove(W, M, e, &ro);
    if (W->found)
        unbounded_line_holds(W, M, e, path);
    if (coupled != NULL)
    {
        align_result_init(A);
        align_prove(A, M);
        *coupled = A->proved;
        align_result_clear(A);
    }
    svt_model_clear(M);
    svt_variant_clear(&v);
    fmpq_clear(e);
    return W->found;
}

/* k's enclosure contains x (an independent closed form or mpmath) */
static inline void
k_contains(const restart_result_t W, double x, double tol, const char * path)
{
    double lo = arf_get_d(arb_midref(W->k), ARF_RND_DOWN)
        - mag_get_d(arb_radref(W->k));
    double hi = arf_get_d(arb_midref(W->k), ARF_RND_UP)
        + mag_get_d(arb_radref(W->k));
    cr_assert(lo - tol <= x && x <= hi + tol, "%s: k = [%.12g, %.12g], "
        "expected %.12g", path, lo, hi, x);
}

#endif

#endif
