/* search_delta.c -- `verify search --dp-delta D`: a pair whose certified
   delta at the claimed eps exceeds D (by default the claimed delta).
   The candidates are the paper's constructions and split pairs (the
   first k queries move up, the rest down) over m = 1, 2, 5, ..., at
   thresholds 0, +-Delta, +-2 Delta, +-4 Delta, each summed over every
   output (approx.h). */

#include <stdio.h>
#include <string.h>
#include <time.h>
#include "claims.h"
#include "search.h"
#include "report.h"

/* the budget, counted, never timed: each candidate pair costs one, and
   one more per certified integral of its sum over every output; a unit
   of --work allows DELTA_WORK_UNIT */
#define DELTA_WORK_UNIT 1000

typedef struct
{
    const svt_model_struct * M;
    arb_t E, target;        /* the claimed eps, the delta to beat */
    arb_t best;             /* the largest delta (lower end) so far */
    char where[256];
    int have, exceeds;
    slong evaluated, skipped;
    slong work;
}
dsearch;

/* delta of one candidate pair; 1 when it certainly exceeds the target */
static int
dsearch_try(dsearch * S, const svt_runs_t R, const char * what, slong digits)
{
    approx_pair_t A;
    arb_t d;
    char err[512];
    int ex = 0;
    approx_pair_init(A);
    arb_init(d);
    S->work++;
    if (approx_pair_compute(A, S->M, R, digits, err, sizeof(err)) != 0)
        S->skipped++;
    else
    {
        S->evaluated++;
        S->work += A->integrals;
        approx_delta_max(d, A, S->E, 256);
        if (!S->have || arf_cmp(arb_midref(d), arb_midref(S->best)) > 0)
        {
            arb_set(S->best, d);
            snprintf(S->where, sizeof(S->where), "%s", what);
            S->have = 1;
        }
        ex = arb_gt(d, S->target);
    }
    arb_clear(d);
    approx_pair_clear(A);
    return ex;
}

int
verify_search_delta(const svt_variant_struct * var, const search_opts * o,
    const fmpq_t dp_delta)
{
    static const slong Ts[7] = { 0, 1, -1, 2, -2, 4, -4 };
    const check_opts * b = &o->base;
    ulong ms[64];
    slong nm = sweep_grid(ms, FLINT_MIN(b->m_max, 1000)), i, j, t;
    svt_model_t M;
    dsearch S;
    char err[1024], what[256];
    double t0 = verify_clock();
    fmpq_t T, a, hi;
    int rc = 0, done = 0, stopped = 0;

    svt_model_init(M);
    if (svt_model_set(M, var, b->eps, var->fixed_c > 0 ? var->fixed_c : 1,
            b->delta, &b->ov, err, sizeof(err)) != 0)
    {
        fprintf(stderr, "verify: %s\n", err);
        svt_model_clear(M);
        return 2;
    }
    if (!M->has_claim)
    {
        fprintf(stderr, "verify: search --dp-delta: %s claims no eps; the "
            "delta is taken at the claimed eps\n", var->name);
        svt_model_clear(M);
        return 2;
    }
    S.M = M;
    arb_init(S.E);
    arb_init(S.target);
    arb_init(S.best);
    arb_set(S.E, M->claimed);
    if (dp_delta != NULL)
        arb_set_fmpq(S.target, dp_delta, 256);
    else
        arb_set(S.target, M->claimed_delta);
    S.have = S.exceeds = 0;
    S.evaluated = S.skipped = S.work = 0;
    S.where[0] = '\0';
    fmpq_init(T);
    fmpq_init(a);
    fmpq_init(hi);
    fmpq_zero(a);

    for (t = 0; t < 7 && !done; t++)
        for (i = 0; i < nm && !done; i++)
        {
            /* the constructions, then the split pairs, at m and T */
            for (j = -2; j < construction_count() && !done; j++)
            {
                svt_runs_t R;
                const construction_info * ci = j >= 0 ? construction_get(j) : NULL;
                /* the work budget decides; the time guard only stops */
                if (S.work >= o->work * DELTA_WORK_UNIT
                        || (stopped = verify_clock() - t0 > o->seconds))
                {
                    done = 1;
                    break;
                }
                fmpq_mul_si(T, M->delta_q, Ts[t]);
                svt_runs_init(R);
                if (ci != NULL)
                {
                    if ((!ci->uses_m && i > 0) || (ci->max_m && ms[i] > ci->max_m)
                            || construction_build(R, ci, ms[i], M->c, M->delta_q,
                            T, err, sizeof(err)) != 0)
                    {
                        svt_runs_clear(R);
                        continue;
                    }
                    snprintf(what, sizeof(what), "%s, m = %lu, T = %ld Delta",
                        ci->name, ms[i], (long) Ts[t]);
                }
                else
                {
                    ulong n = 2 * ms[i], k = j == -2 ? n / 2 : n / 4;
                    fmpq_set(hi, M->delta_q);
                    claims_split_pair(R, n, k, a, hi, T);
                    snprintf(what, sizeof(what), "q(D) = 0^%lu Delta^%lu, "
                        "q(D') = Delta^%lu 0^%lu, T = %ld Delta", k, n - k, k,
                        n - k, (long) Ts[t]);
                }
                if (dsearch_try(&S, R, what, FLINT_MIN(b->ro.digits, 15)))
                {
                    S.exceeds = 1;
                    done = 1;
                }
                svt_runs_clear(R);
            }
        }

    rc = stopped ? 3 : S.exceeds ? 1 : 0;
    if (b->json)
    {
        json_t * j = report_json_core("search-delta", var->name, NULL, M, 0,
            b->out_digits);
        if (stopped)
            report_json_set_verdict(j, VERDICT_INCONCLUSIVE);
        else if (S.exceeds)
            report_json_set_verdict(j, VERDICT_EXCEEDS);
        report_json_set_seconds(j, verify_clock() - t0);
        json_object_set_new(j, "work", json_integer(S.work));
        json_object_set_new(j, "stopped", stopped ? json_string("time limit")
            : json_null());
        json_object_set_new(j, "dp_delta", report_json_interval(S.target,
            b->out_digits));
        json_object_set_new(j, "best_delta", S.have
            ? report_json_interval(S.best, b->out_digits) : json_null());
        json_object_set_new(j, "best_pair", json_string(S.where));
        json_object_set_new(j, "exceeds", json_boolean(S.exceeds));
        json_object_set_new(j, "pairs", json_integer(S.evaluated));
        report_json_line(j);
    }
    else
    {
        char * ds = S.have ? decimal_interval(S.best, b->out_digits) : NULL;
        char * ts = decimal_interval(S.target, 6);
        printf("%s: delta at the claimed eps over every output, %ld pairs, "
            "work %.2f of %ld (--work), in %.1f s\n  largest delta    %s\n  at               %s\n  "
            "target           %s\n  result           %s\n", var->name,
            (long) S.evaluated, (double) S.work / DELTA_WORK_UNIT,
            (long) o->work, verify_clock() - t0, ds ? ds : "-", S.where, ts,
            stopped ? "undecided -- stopped by the time limit (--seconds) "
            "before the work budget was done (exit 3)" : S.exceeds ? "exceeds -- a certified pair needs more than the "
            "target delta at the claimed eps" : "none found above the target "
            "(a search certifies no upper bound)");
        flint_free(ds);
        flint_free(ts);
    }
    fmpq_clear(T);
    fmpq_clear(a);
    fmpq_clear(hi);
    arb_clear(S.E);
    arb_clear(S.target);
    arb_clear(S.best);
    svt_model_clear(M);
    return rc;
}
