/* runs.c -- run-length query/output vectors. */

#include <stdio.h>
#include <string.h>
#include "svt.h"

void
svt_runs_init(svt_runs_t R)
{
    R->runs = NULL;
    R->len = R->alloc = 0;
    R->stops = 0;
}

void
svt_runs_truncate(svt_runs_t R, slong len)
{
    for ( ; R->len > len; R->len--)
    {
        svt_run_struct * r = R->runs + R->len - 1;
        fmpq_clear(r->q[0]);
        fmpq_clear(r->q[1]);
        fmpq_clear(r->T);
        fmpq_clear(r->v);
    }
}

void
svt_runs_clear(svt_runs_t R)
{
    svt_runs_truncate(R, 0);
    flint_free(R->runs);
}

void
svt_runs_push(svt_runs_t R, const fmpq_t qD, const fmpq_t qD2,
    const fmpq_t T, svt_answer_kind a, const fmpq_t v, ulong count)
{
    svt_run_struct * r;
    if (count == 0)
        return;
    if (R->len == R->alloc)
    {
        R->alloc = FLINT_MAX(8, 2 * R->alloc);
        R->runs = flint_realloc(R->runs, R->alloc * sizeof(svt_run_struct));
    }
    r = R->runs + R->len;
    fmpq_init(r->q[0]);
    fmpq_init(r->q[1]);
    fmpq_init(r->T);
    fmpq_init(r->v);
    fmpq_set(r->q[0], qD);
    fmpq_set(r->q[1], qD2);
    fmpq_set(r->T, T);
    r->a = a;
    if (a == SVT_NUM)
        fmpq_set(r->v, v);
    r->label[0] = '\0';
    r->count = count;
    R->len++;
}

void
svt_runs_push_label(svt_runs_t R, const fmpq_t qD, const fmpq_t qD2,
    const fmpq_t T, const char * label, ulong count)
{
    svt_runs_push(R, qD, qD2, T, SVT_LABEL, qD, count);
    if (count > 0)
        snprintf(R->runs[R->len - 1].label, SVT_LABEL_LEN, "%s", label);
}

void
svt_runs_shift(svt_runs_t R, const fmpq_t t)
{
    slong i;
    for (i = 0; i < R->len; i++)
    {
        fmpq_add(R->runs[i].q[0], R->runs[i].q[0], t);
        fmpq_add(R->runs[i].q[1], R->runs[i].q[1], t);
        fmpq_add(R->runs[i].T, R->runs[i].T, t);
        if (R->runs[i].a == SVT_NUM)
            fmpq_add(R->runs[i].v, R->runs[i].v, t);
    }
}

void
svt_runs_set(svt_runs_t dst, const svt_runs_t src)
{
    slong i;
    if (dst == src)
        return;
    svt_runs_clear(dst);
    svt_runs_init(dst);
    for (i = 0; i < src->len; i++)
    {
        const svt_run_struct * r = src->runs + i;
        svt_runs_push(dst, r->q[0], r->q[1], r->T, r->a, r->v, r->count);
        memcpy(dst->runs[dst->len - 1].label, r->label, SVT_LABEL_LEN);
    }
    dst->stops = src->stops;
}

ulong
svt_runs_length(const svt_runs_t R)
{
    ulong n = 0;
    slong i;
    for (i = 0; i < R->len; i++)
    {
        if (n > UWORD_MAX - R->runs[i].count)
            return UWORD_MAX;
        n += R->runs[i].count;
    }
    return n;
}

int
svt_runs_monotone(const svt_runs_t R)
{
    int up = 0, down = 0;
    slong i;
    for (i = 0; i < R->len; i++)
    {
        int s = fmpq_cmp(R->runs[i].q[0], R->runs[i].q[1]);
        up |= (s > 0);
        down |= (s < 0);
    }
    return !(up && down);
}

int
svt_runs_within_sensitivity(const svt_runs_t R, const fmpq_t delta)
{
    fmpq_t d;
    slong i;
    int ok = 1;
    fmpq_init(d);
    for (i = 0; i < R->len && ok; i++)
    {
        fmpq_sub(d, R->runs[i].q[0], R->runs[i].q[1]);
        fmpq_abs(d, d);
        ok = fmpq_cmp(d, delta) <= 0;
    }
    fmpq_clear(d);
    return ok;
}
