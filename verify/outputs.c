/* outputs.c -- every output of a variant on a pair of query vectors, one
   by one or in classes of equal probability (see outputs.h). */

#include <string.h>
#include <math.h>
#include "outputs.h"

/* the queries of R one by one (shallow copies: read only) */
static svt_run_struct *
expand_queries(const svt_runs_t R, ulong L)
{
    svt_run_struct * q = flint_malloc(FLINT_MAX(L, 1) * sizeof(svt_run_struct));
    slong i, k;
    ulong j;
    for (i = 0, k = 0; i < R->len; i++)
        for (j = 0; j < R->runs[i].count; j++, k++)
            q[k] = R->runs[i];
    return q;
}

/* the output vectors of a variant with a template's shape (svt_shape):
   every prefix that ends with the c-th top (the run stops there), and
   every full-length vector */
static int
each_template(const svt_model_t M, const svt_run_struct * q, ulong L,
    outputs_fn fn, void * ctx)
{
    slong len, i;
    ulong bits;
    int rc = 0;
    for (len = 1; len <= (slong) L && rc == 0; len++)
        for (bits = 0; bits < (UWORD(1) << len) && rc == 0; bits++)
        {
            svt_runs_t cand;
            slong tops = 0;
            for (i = 0; i < len; i++)
                tops += (bits >> i) & 1;
            if (len < (slong) L && !(M->has_cutoff && tops == M->c
                    && ((bits >> (len - 1)) & 1)))
                continue;
            svt_runs_init(cand);
            for (i = 0; i < len; i++)
                svt_runs_push(cand, q[i].q[0], q[i].q[1], q[i].T,
                    ((bits >> i) & 1) ? SVT_TOP : SVT_BOT, q[i].T, 1);
            rc = fn(ctx, cand);
            svt_runs_clear(cand);
        }
    return rc;
}

/* the output vectors of a program over its alphabet, every length (a
   shorter one where the program ends right after it) */
static int
each_program(const svt_model_t M, const svt_run_struct * q, ulong L,
    outputs_fn fn, void * ctx, int * partial)
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    slong na = svt_program_alphabet(kind, label, M->prog), len, i;
    ulong * digit = flint_calloc(L + 1, sizeof(ulong));
    int rc = 0;

    *partial |= !svt_program_complete(M->prog);
    for (len = 1; len <= (slong) L && rc == 0; len++)
    {
        memset(digit, 0, (L + 1) * sizeof(ulong));
        while (digit[len] == 0 && rc == 0)
        {
            svt_runs_t cand;
            int ends = 1;
            svt_runs_init(cand);
            for (i = 0; i < len; i++)
            {
                if (kind[digit[i]] == SVT_LABEL)
                    svt_runs_push_label(cand, q[i].q[0], q[i].q[1], q[i].T,
                        label[digit[i]], 1);
                else
                    svt_runs_push(cand, q[i].q[0], q[i].q[1], q[i].T,
                        kind[digit[i]], q[i].T, 1);
            }
            if (len < (slong) L)
            {
                /* shorter than the queries: the run stopped there, and
                   only the paths that stop count (ends < 0: some do) */
                ends = svt_program_ends(M, cand);
                cand->stops = ends != 0;
                ends = ends != 0;
            }
            if ((ends == 1 && svt_output_impossible(M, cand) == NULL)
                    || len == (slong) L)
                rc = fn(ctx, cand);
            svt_runs_clear(cand);
            /* the next vector of this length */
            for (i = 0; i <= len; i++)
            {
                if (i < len && ++digit[i] < (ulong) na)
                    break;
                if (i < len)
                    digit[i] = 0;
                else
                    digit[len] = 1;
            }
        }
    }
    flint_free(digit);
    return rc;
}

int
outputs_each(const svt_model_t M, const svt_runs_t R, outputs_fn fn,
    void * ctx, int * partial, char * err, size_t errlen)
{
    ulong L = svt_runs_length(R);
    svt_run_struct * q;
    int rc;

    *partial = 0;
    if (L > CUSTOM_MAX_ENUM)
    {
        snprintf(err, errlen, "%lu queries; outputs are enumerated one by one "
            "for at most %d (2^%d of them)%s", L, CUSTOM_MAX_ENUM,
            CUSTOM_MAX_ENUM, M->shaped && !M->reset ? "" : ": "
            "this variant's outputs have no classes of equal probability "
            "(a reset of the threshold noise, or a program of another shape "
            "than a template's)");
        return -1;
    }
    if (!M->shaped)
    {
        svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
        const char * label[SVT_PROGRAM_MAX_ALPHABET];
        double total = 0;
        slong na = svt_program_alphabet(kind, label, M->prog), len;
        for (len = 1; len <= (slong) L; len++)
            total += pow((double) na, (double) len);
        if (total > (double) (UWORD(1) << CUSTOM_MAX_ENUM))
        {
            snprintf(err, errlen, "%lu queries with %ld outputs each make "
                "%.3g output vectors; at most 2^%d are enumerated", L,
                (long) na, total, CUSTOM_MAX_ENUM);
            return -1;
        }
    }
    q = expand_queries(R, L);
    rc = !M->shaped ? each_program(M, q, L, fn, ctx, partial)
        : each_template(M, q, L, fn, ctx);
    flint_free(q);
    return rc;
}

/* ------------------------------------------------------------------ */
/* classes                                                             */

void
outclass_init(outclass_t C)
{
    C->out = NULL;
    C->count = NULL;
    C->len = C->alloc = 0;
    C->symmetric = C->numbers_merged = C->partial = 0;
}

void
outclass_clear(outclass_t C)
{
    slong i;
    for (i = 0; i < C->len; i++)
    {
        svt_runs_clear(C->out + i);
        fmpz_clear(C->count + i);
    }
    flint_free(C->out);
    flint_free(C->count);
}

static void
outclass_push(outclass_t C, const svt_runs_t out, const fmpz_t count)
{
    if (C->len == C->alloc)
    {
        C->alloc = FLINT_MAX(16, 2 * C->alloc);
        C->out = flint_realloc(C->out, C->alloc * sizeof(svt_runs_struct));
        C->count = flint_realloc(C->count, C->alloc * sizeof(fmpz));
    }
    svt_runs_init(C->out + C->len);
    svt_runs_set(C->out + C->len, out);
    fmpz_init_set(C->count + C->len, count);
    C->len++;
}

static int
push_one(void * ctx, const svt_runs_t out)
{
    fmpz_t one;
    fmpz_init_set_ui(one, 1);
    outclass_push((outclass_struct *) ctx, out, one);
    fmpz_clear(one);
    return 0;
}

/* the walk over the runs of identical queries: per run the number of
   tops, and where the cutoff stops the run */
typedef struct
{
    outclass_struct * C;
    const svt_model_struct * M;
    const svt_run_struct * q;   /* one entry per run of identical queries */
    const ulong * n;            /* its length */
    slong nr;
    svt_runs_t cur;             /* the output so far */
}
class_walk;

static void
push_counts(svt_runs_t out, const svt_run_struct * q, ulong bots, ulong tops)
{
    if (bots > 0)
        svt_runs_push(out, q->q[0], q->q[1], q->T, SVT_BOT, q->T, bots);
    if (tops > 0)
        svt_runs_push(out, q->q[0], q->q[1], q->T, SVT_TOP, q->T, tops);
}

static int
class_step(class_walk * W, slong r, ulong tops, const fmpz_t count)
{
    const svt_model_struct * M = W->M;
    slong saved = W->cur->len;
    ulong k, p, n;
    fmpz_t c2;

    if (W->C->len > OUTPUTS_MAX_CLASSES)
        return -1;
    if (r == W->nr)
    {
        outclass_push(W->C, W->cur, count);
        return 0;
    }
    n = W->n[r];
    fmpz_init(c2);
    for (k = 0; k <= n; k++)
    {
        /* the whole run, with k tops and fewer than c in all */
        if (!M->has_cutoff || tops + k < (ulong) M->c)
        {
            fmpz_bin_uiui(c2, n, k);
            fmpz_mul(c2, c2, count);
            push_counts(W->cur, W->q + r, n - k, k);
            if (class_step(W, r + 1, tops + k, c2) != 0)
                break;
            svt_runs_truncate(W->cur, saved);
        }
    }
    if (k <= n)
    {
        fmpz_clear(c2);
        return -1;
    }
    /* the c-th top at position p of this run: the run stops there */
    k = M->has_cutoff ? (ulong) M->c - tops : 0;
    if (M->has_cutoff && k >= 1 && k <= n)
        for (p = k; p <= n; p++)
        {
            if (W->C->len > OUTPUTS_MAX_CLASSES)
            {
                fmpz_clear(c2);
                return -1;
            }
            fmpz_bin_uiui(c2, p - 1, k - 1);
            fmpz_mul(c2, c2, count);
            push_counts(W->cur, W->q + r, p - k, k);
            outclass_push(W->C, W->cur, c2);
            svt_runs_truncate(W->cur, saved);
        }
    fmpz_clear(c2);
    return 0;
}

/* classes for a template variant without reset */
static int
classes_symmetric(outclass_t C, const svt_model_t M, const svt_runs_t R)
{
    class_walk W;
    svt_run_struct * q = flint_malloc(FLINT_MAX(R->len, 1) * sizeof(svt_run_struct));
    ulong * n = flint_malloc(FLINT_MAX(R->len, 1) * sizeof(ulong));
    slong i, nr = 0;
    fmpz_t one;
    int rc;

    /* runs of identical queries (R's outputs are ignored) */
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (nr > 0 && fmpq_equal(q[nr - 1].q[0], r->q[0])
                && fmpq_equal(q[nr - 1].q[1], r->q[1])
                && fmpq_equal(q[nr - 1].T, r->T))
            n[nr - 1] += r->count;
        else
        {
            q[nr] = *r;
            n[nr++] = r->count;
        }
    }
    W.C = C;
    W.M = M;
    W.q = q;
    W.n = n;
    W.nr = nr;
    svt_runs_init(W.cur);
    fmpz_init_set_ui(one, 1);
    rc = class_step(&W, 0, 0, one);
    fmpz_clear(one);
    svt_runs_clear(W.cur);
    flint_free(q);
    flint_free(n);
    return rc;
}

int
outclass_build(outclass_t C, const svt_model_t M, const svt_runs_t R,
    char * err, size_t errlen)
{
    C->numbers_merged = !M->shaped ? M->prog->outputs_numbers
        : M->output != SVT_OUT_TOP;
    if (M->shaped && !M->reset)
    {
        C->symmetric = 1;
        if (classes_symmetric(C, M, R) != 0)
        {
            snprintf(err, errlen, "the outputs of this pair make more than "
                "%d classes of equal probability (runs of identical queries "
                "and the cutoff c = %ld): use fewer runs or a smaller c",
                OUTPUTS_MAX_CLASSES, (long) M->c);
            return -1;
        }
        return 0;
    }
    return outputs_each(M, R, push_one, C, &C->partial, err, errlen) < 0
        ? -1 : 0;
}
