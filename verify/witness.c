/* witness.c -- counterexamples built from a proof, and the smallest form
   of a certified violation (witness.h). */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "witness.h"
#include "report.h"

/* ---- vectors ---------------------------------------------------------- */

/* one vector of the runs (0: q(D), 1: q(D'), 2: T), value*count */
void
witness_print_vector(FILE * f, const char * label, const svt_runs_t R, int which)
{
    slong i;
    fprintf(f, "  %s  ", label);
    for (i = 0; i < R->len; i++)
    {
        const fmpq * x = which == 2 ? R->runs[i].T : R->runs[i].q[which];
        char * s = fmpq_get_str(NULL, 10, x);
        fprintf(f, "%s%s", i ? "," : "", s);
        if (R->runs[i].count > 1)
            fprintf(f, "*%lu", R->runs[i].count);
        flint_free(s);
    }
    fprintf(f, "\n");
}

/* the runs as a JSON array of {qD, qD2, T, output, count} (exact
   rationals as strings; output bot, top, a label or the number) */
json_t *
witness_runs_json(const svt_runs_t R)
{
    json_t * a = json_array();
    slong i;
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        json_t * o = json_object();
        char * s;
        s = fmpq_get_str(NULL, 10, r->q[0]);
        json_object_set_new(o, "qD", json_string(s));
        flint_free(s);
        s = fmpq_get_str(NULL, 10, r->q[1]);
        json_object_set_new(o, "qD2", json_string(s));
        flint_free(s);
        s = fmpq_get_str(NULL, 10, r->T);
        json_object_set_new(o, "T", json_string(s));
        flint_free(s);
        if (r->a == SVT_NUM)
        {
            s = fmpq_get_str(NULL, 10, r->v);
            json_object_set_new(o, "output", json_string(s));
            flint_free(s);
        }
        else
            json_object_set_new(o, "output", json_string(r->a == SVT_BOT ? "bot"
                : r->a == SVT_TOP ? "top" : r->label));
        json_object_set_new(o, "count", json_integer((json_int_t) r->count));
        json_array_append_new(a, o);
    }
    return a;
}


#define GREEDY_M 30     /* the loops' repetitions while the choices are made */
#define JOINT_M 2       /* ... with several registers (and at most this) */
#define EXHAUST_M 10    /* ... while every choice of a small plan is tried */
#define EXHAUST_MAX 96  /* a plan with at most this many choices: all */
#define SIDES_UNIT 65536    /* the plan's sides this far out first, in
                               tail_unit0 (the error of a register pushed
                               there falls as 1 / distance) */

static const ulong grow_m[] = { 30, 100, 300, 1000, 3000, 10000, 100000,
    1000000, 10000000, 100000000 };

void
witness_init(witness_t W)
{
    memset(W, 0, sizeof(*W));
    svt_runs_init(W->R);
    svt_runs_init(W->base);
    svt_runs_init(W->block);
    svt_runs_init(W->longer);
    ratio_result_init(W->r);
}

void
witness_clear(witness_t W)
{
    svt_runs_clear(W->R);
    svt_runs_clear(W->base);
    svt_runs_clear(W->block);
    svt_runs_clear(W->longer);
    ratio_result_clear(W->r);
}

/* the certified lower end of r's loss (ratio_score), -inf when the ratio
   says nothing of the claim (ratio_speaks_to_claim) */
static double
lower_end(const ratio_result_t r)
{
    return ratio_speaks_to_claim(r) ? ratio_score(r) : -HUGE_VAL;
}

/* the knobs of one plan: per step, the shift d and the edge e */
typedef struct
{
    const align_plan * W;
    int d[ALIGN_PLAN_CAP], e[ALIGN_PLAN_CAP];
    int grp[ALIGN_PLAN_CAP];    /* the first step of the same branch, loop
                                   and shift: one choice for all of them */
    int o[ALIGN_PLAN_CAP];      /* each query moved by o unit Delta (a
                                   tail: tail_knobs) */
    slong unit;
}
knobs;

/* sets the choice of step i's group */
static void
knob_set(knobs * K, slong i, int d, int e)
{
    slong j;
    for (j = i; j < K->W->n; j++)
        if (K->grp[j] == K->grp[i])
        {
            K->d[j] = d;
            K->e[j] = e;
        }
}

/* sets the tail offset of step i's group */
static void
knob_set_o(knobs * K, slong i, int o)
{
    slong j;
    for (j = i; j < K->W->n; j++)
        if (K->grp[j] == K->grp[i])
            K->o[j] = o;
}

/* the unit of K's offsets when some query is moved, else 0 */
static slong
knobs_tail(const knobs * K)
{
    slong i;
    for (i = 0; i < K->W->n; i++)
        if (K->o[i] != 0)
            return K->unit;
    return 0;
}

static int
nedges(const align_wstep * w)
{
    return w->nedge * (w->a == SVT_NUM ? 4 : 1) * (w->abs ? 2 : 1);
}

/* K at the proof's own choices: its shifts, each step at its first edge */
static void
knobs_start(knobs * K, const align_plan * P)
{
    slong i;
    K->W = P;
    K->unit = 0;
    for (i = 0; i < P->n; i++)
    {
        slong j;
        K->d[i] = P->step[i].d;
        K->e[i] = 0;
        K->o[i] = 0;
        K->grp[i] = (int) i;
        for (j = 0; j < i; j++)
            if (K->grp[j] == j && P->step[j].loop == P->step[i].loop
                    && P->step[j].d == P->step[i].d
                    && strcmp(P->step[j].what, P->step[i].what) == 0)
            {
                K->grp[i] = (int) j;
                break;
            }
    }
}

/* the input of plan K at m repetitions of its loops (T = 0) */
static void
plan_runs(svt_runs_t R, const knobs * K, const fmpq_t delta, ulong m)
{
    fmpq_t q, q2, T, v, emin, emax, off;
    slong i;
    fmpq_init(off);
    fmpq_init(q);
    fmpq_init(q2);
    fmpq_init(T);
    fmpq_init(v);
    fmpq_init(emin);
    fmpq_init(emax);
    for (i = 0; i < K->W->n; i++)
    {
        int k;
        for (k = 0; k < K->W->step[i].nedge; k++)
        {
            const fmpq * x = K->W->step[i].edge + k;
            if ((i == 0 && k == 0) || fmpq_cmp(x, emin) < 0)
                fmpq_set(emin, x);
            if ((i == 0 && k == 0) || fmpq_cmp(x, emax) > 0)
                fmpq_set(emax, x);
        }
    }
    svt_runs_truncate(R, 0);
    R->stops = K->W->stops;
    for (i = 0; i < K->W->n; i++)
    {
        const align_wstep * w = K->W->step + i;
        ulong count = w->loop ? m : 1;
        int e = K->e[i] % w->nedge, vk = (K->e[i] / w->nedge) % 4,
            neg = w->abs && K->e[i] >= nedges(w) / 2;
        fmpq_set(q, w->edge + e);
        fmpq_zero(T);
        if (w->abs)
        {
            /* |y| against T + z + edge: y at +(T + edge) or -(T + edge) */
            fmpq_mul_si(T, delta, w->abs);
            fmpq_add(q, q, T);
            if (neg)
                fmpq_neg(q, q);
        }
        /* the tail: the query, its neighbour's and a pinned number move
           together */
        fmpq_mul_si(off, delta, K->o[i]);
        fmpq_mul_si(off, off, K->unit);
        fmpq_add(q, q, off);
        fmpq_mul_si(q2, delta, K->d[i]);
        fmpq_add(q2, q2, q);
        if (w->a == SVT_LABEL)
            svt_runs_push_label(R, q, q2, T, w->label, count);
        else
        {
            /* a number at the answer on D or on D', or 4 Delta beyond
               every edge of the plan (it pins the register there) */
            if (w->num == 2)
                fmpq_zero(v);
            else
                fmpq_set(v, vk == 1 ? q2 : q);
            if (vk >= 2)
            {
                fmpq_mul_si(v, delta, vk == 2 ? -4 : 4);
                fmpq_add(v, v, vk == 2 ? emin : emax);
                fmpq_add(v, v, off);
            }
            svt_runs_push(R, q, q2, T, (svt_answer_kind) w->a, v, count);
        }
    }
    fmpq_clear(q);
    fmpq_clear(q2);
    fmpq_clear(T);
    fmpq_clear(v);
    fmpq_clear(emin);
    fmpq_clear(emax);
    fmpq_clear(off);
}

typedef struct
{
    witness_struct * out;
    const svt_model_struct * M;
    ratio_opt ro;
    slong work_limit;       /* the engine work the witness may spend */
    int joint;              /* several registers: exact joint integrals,
                               whose cost grows fast with m: small m only */
    slong extra;            /* ratios granted beyond max_ratios (the
                               tails' own) */
}
wctx;

/* 1 when the witness does not certify R: with 2 to 31 registers, more
   queries than the searches take (svt_model_max_queries: the terms of
   the exact joint integral grow with the queries, and a witness's
   ratios are many), or than plan P allows when few of them read each
   factor (align_plan.queries), though `verify ratio` computes up to 256 */
static int
beyond_witness_queries(const svt_model_struct * M, const align_plan * P,
    const svt_runs_t R)
{
    ulong cap = M->prog != NULL && M->prog->nregs <= PROG_SMALL_REGS
        ? svt_model_max_queries(M) : 0;
    if (cap > 0 && P->queries > 0)
        cap = FLINT_MAX(cap, (ulong) P->queries);
    return cap > 0 && svt_runs_length(R) > cap;
}

/* certifies plan K at m; keeps it in the witness when its lower end is
   the best; returns that lower end (its loss in loss, when not NULL;
   -HUGE_VAL, not certified, past beyond_witness_queries) */
static double
eval_plan_loss(wctx * X, const knobs * K, ulong m, arb_t loss)
{
    svt_runs_t R;
    ratio_result_t r;
    double lo;
    svt_runs_init(R);
    ratio_result_init(r);
    plan_runs(R, K, X->M->delta_q, m);
    if (beyond_witness_queries(X->M, K->W, R))
    {
        if (X->out->longer->len == 0)
            svt_runs_set(X->out->longer, R);
        svt_runs_clear(R);
        ratio_result_clear(r);
        if (loss != NULL)
            arb_indeterminate(loss);
        return -HUGE_VAL;
    }
    ratio_decide(r, X->M, R, &X->ro);
    X->out->ratios++;
    X->out->work += r->work;
    lo = lower_end(r);
    if (loss != NULL)
    {
        if (lo > -HUGE_VAL && lo < HUGE_VAL)
            arb_set(loss, r->loss);
        else
            arb_indeterminate(loss);
    }
    if (lo > -HUGE_VAL && (!X->out->have || lo > lower_end(X->out->r)))
    {
        svt_runs_set(X->out->R, R);
        ratio_result_swap(X->out->r, r);
        X->out->m = m;
        X->out->tail = knobs_tail(K);
        X->out->have = 1;
    }
    ratio_result_clear(r);
    svt_runs_clear(R);
    return lo;
}

static double
eval_plan(wctx * X, const knobs * K, ulong m)
{
    return eval_plan_loss(X, K, m, NULL);
}

/* several registers: each ratio is an exact joint integral, far dearer */
static slong
max_ratios(const wctx * X)
{
    return (X->joint ? WITNESS_MAX_RATIOS_JOINT : WITNESS_MAX_RATIOS)
        + X->extra;
}

static void
wctx_init(wctx * X, witness_struct * W, const svt_model_struct * M,
    const ratio_opt * ro, slong work_limit)
{
    X->out = W;
    X->M = M;
    X->work_limit = work_limit;
    X->ro = *ro;
    X->ro.digits = 20;
    X->ro.max_digits = 40;
    X->joint = M->prog->nregs > 1;
    X->extra = 0;
}

/* ratios and work left (the witness's own limit, and the pool its
   ratios are charged to when the caller gave one: ratio_limits_room) */
static int
budget_left(const wctx * X)
{
    return X->out->ratios < max_ratios(X) && X->out->work < X->work_limit
        && ratio_limits_room(X->ro.limits) != 0;
}

/* a plan with few choices: all of them at m = EXHAUST_M, the best kept */
static void
exhaust_knobs(wctx * X, knobs * K)
{
    slong i, total = 1, c;
    double best = -HUGE_VAL;
    knobs * T;
    for (i = 0; i < K->W->n && total <= EXHAUST_MAX; i++)
        if (K->grp[i] == i)
            total *= (K->W->step[i].dhi - K->W->step[i].dlo + 1)
                * nedges(K->W->step + i);
    if (total > EXHAUST_MAX || max_ratios(X) < WITNESS_MAX_RATIOS)
        return;
    T = flint_malloc(sizeof(knobs));
    *T = *K;
    for (c = 0; c < total && budget_left(X); c++)
    {
        slong r = c;
        double x;
        for (i = 0; i < K->W->n; i++)
        {
            const align_wstep * w = K->W->step + i;
            slong nd = w->dhi - w->dlo + 1;
            if (K->grp[i] != i)
                continue;
            knob_set(T, i, w->dlo + (int) (r % nd), (int) ((r / nd) % nedges(w)));
            r /= nd * nedges(w);
        }
        x = eval_plan(X, T, EXHAUST_M);
        if (x > best)
        {
            best = x;
            *K = *T;
        }
    }
    flint_free(T);
}

/* one pass over the groups of K's steps, each group's choice set to the
   best at m with the others held: its shift and edge, or (tails) its
   shift and tail offset.  Returns 1 when *best grew. */
static int
coordinate_pass(wctx * X, knobs * K, ulong m, double * best, int tails)
{
    slong i;
    int improved = 0;
    for (i = 0; i < K->W->n && budget_left(X); i++)
    {
        const align_wstep * w = K->W->step + i;
        int bd = K->d[i], be = K->e[i], bo = K->o[i], d, e, o;
        int olo = tails ? -1 : bo, ohi = tails ? 1 : bo;
        int elo = tails ? be : 0, ehi = tails ? be : nedges(w) - 1;
        /* a step that reads no query (dlo = dhi = 0: a non-input state)
           has nothing to move */
        if (K->grp[i] != i || (tails && w->dlo == 0 && w->dhi == 0))
            continue;
        for (o = olo; o <= ohi && budget_left(X); o++)
            for (d = w->dlo; d <= w->dhi && budget_left(X); d++)
                for (e = elo; e <= ehi && budget_left(X); e++)
                {
                    double x;
                    if (o == bo && d == bd && e == be)
                        continue;
                    knob_set_o(K, i, o);
                    knob_set(K, i, d, e);
                    x = eval_plan(X, K, m);
                    if (x > *best)
                    {
                        *best = x;
                        bo = o;
                        bd = d;
                        be = e;
                        improved = 1;
                    }
                }
        knob_set_o(K, i, bo);
        knob_set(K, i, bd, be);
    }
    return improved;
}

/* the choices the proof leaves open, one group of steps at a time (two
   passes) */
static double
settle_knobs(wctx * X, knobs * K)
{
    double best;
    ulong m = X->joint ? JOINT_M : GREEDY_M;
    int pass, improved = 1;
    exhaust_knobs(X, K);
    best = eval_plan(X, K, m);
    for (pass = 0; pass < 2 && improved; pass++)
        improved = coordinate_pass(X, K, m, &best, 0);
    return best;
}

/* is x within 10^-7 (relative, at least absolute) of the target? */
static int
meets(double x, const arb_t target)
{
    double t;
    if (target == NULL || !arb_is_finite(target))
        return 0;
    t = arf_get_d(arb_midref(target), ARF_RND_NEAR);
    return x >= t - 1e-7 * fmax(1.0, fabs(t));
}

/* the loops grown in m until L meets the target or stops growing */
static void
grow_plan(wctx * X, knobs * K, const arb_t target)
{
    double prev = -HUGE_VAL, x;
    size_t j;
    for (j = 0; j < sizeof(grow_m) / sizeof(grow_m[0]) && budget_left(X)
            && (!X->joint || grow_m[j] <= JOINT_M); j++)
    {
        x = eval_plan(X, K, grow_m[j]);
        if (meets(x, target) || x == HUGE_VAL || x <= prev)
            break;
        prev = x;
    }
}

/* the largest offset unit, in Delta, that keeps the witness's queries
   within the command line's range (10^12 in magnitude: its re-check
   commands are printed with them): two units out within 10^11, between
   1 and 2^40 */
static slong
unit_cap(const wctx * X)
{
    fmpq_t q;
    fmpz_t f;
    slong u;
    fmpq_init(q);
    fmpz_init(f);
    fmpq_set_si(q, 50000000000, 1);     /* 10^11 / 2 */
    fmpq_div(q, q, X->M->delta_q);
    fmpq_abs(q, q);
    fmpz_fdiv_q(f, fmpq_numref(q), fmpq_denref(q));
    u = fmpz_cmp_si(f, WORD(1) << 40) > 0 ? WORD(1) << 40
        : FLINT_MAX(1, fmpz_get_si(f));
    fmpq_clear(q);
    fmpz_clear(f);
    return u;
}

/* the first offset unit, in Delta: 8 times the largest noise scale
   (8 Delta at least), where a Laplace tail's ratio under a shift is
   within e^-8 of its limit; at most unit_cap.  A choice of inputs
   only: each ratio is certified */
static slong
tail_unit0(const wctx * X)
{
    slong i, u = 8, cap = unit_cap(X);
    arb_t t;
    arb_init(t);
    for (i = 0; i < X->M->prog_nscale; i++)
    {
        arb_mul_ui(t, X->M->prog_scale + i, 8, 64);
        arb_div(t, t, X->M->delta, 64);
        if (!arb_is_finite(t))
            continue;
        if (arf_cmpabs_2exp_si(arb_midref(t), 40) >= 0)
            u = cap;
        else
            u = FLINT_MAX(u, (slong) ceil(arf_get_d(arb_midref(t), ARF_RND_UP)));
    }
    arb_clear(t);
    return FLINT_MIN(u, cap);
}

/* the unit of T's offsets grown fourfold while L grows (past 2^30
   Delta, or past unit_cap, no more) */
static void
grow_unit(wctx * X, knobs * T, ulong m, double * best, const arb_t target)
{
    while (knobs_tail(T) != 0 && !meets(*best, target) && budget_left(X)
            && T->unit < WORD(1) << 30 && 4 * T->unit <= unit_cap(X))
    {
        double x;
        T->unit *= 4;
        x = eval_plan(X, T, m);
        if (x <= *best)
        {
            T->unit /= 4;
            break;
        }
        *best = x;
    }
}

/* the queries pushed into the noise's tails.  A step's shift is paid in
   full only where the event it needs is rare on both sides: deep in a
   Laplace tail, a shift by t changes the probability by exactly
   e^{t/b}.  Each step (each
   visit on its own: two visits of a state may need opposite tails) may
   move by -U, 0 or +U (U = tail_unit0 Delta), its shift chosen again
   with it, one step at a time (two passes) at m (K's offsets and unit
   kept when K has some: sides_first); then U grows fourfold while L
   grows, and the loops grow in m.  Its own ratios:
   WITNESS_TAIL_RATIOS, and at most as much work as the witness spent
   before. */
static void
tail_knobs(wctx * X, knobs * K, const arb_t target, ulong m)
{
    knobs * T = flint_malloc(sizeof(knobs));
    double best;
    int pass, improved = 1;
    *T = *K;
    for (pass = 0; pass < T->W->n; pass++)
        T->grp[pass] = pass;    /* every step a choice of its own */
    if (knobs_tail(T) == 0)
        T->unit = tail_unit0(X);
    X->extra = X->out->ratios + WITNESS_TAIL_RATIOS - max_ratios(X) + X->extra;
    /* and at most the work spent so far (a quarter of the limit at
       least): the tails never more than double the witness's cost */
    X->work_limit = FLINT_MIN(X->work_limit, X->out->work
        + FLINT_MAX(X->out->work, X->work_limit / 4));
    best = eval_plan(X, T, m);
    grow_unit(X, T, m, &best, target);
    for (pass = 0; pass < 2 && improved && !meets(best, target); pass++)
        improved = coordinate_pass(X, T, m, &best, 1);
    grow_unit(X, T, m, &best, target);
    if (knobs_tail(T) != 0 && !meets(best, target))
        grow_plan(X, T, target);
    flint_free(T);
}

/* K at its plan's sides (align_wstep.tail: where the proof's shifts
   say each forcing step pushes its register), at the plan's shifts,
   far out: SIDES_UNIT times tail_unit0 (at most unit_cap), the unit
   grown while L grows.
   Kept in K when some side is suggested (the choices that follow start
   from it). */
static void
sides_first(wctx * X, knobs * K, const arb_t target)
{
    slong i;
    double best;
    int any = 0;
    ulong m = X->joint ? JOINT_M : GREEDY_M;
    for (i = 0; i < K->W->n; i++)
    {
        K->o[i] = K->W->step[i].tail;
        any |= K->o[i] != 0;
    }
    if (!any)
        return;
    K->unit = FLINT_MIN(tail_unit0(X) * SIDES_UNIT, unit_cap(X));
    best = eval_plan(X, K, m);
    grow_unit(X, K, m, &best, target);
}

/* P with each forcing loop in two halves, each repeated m times with
   choices of its own (NULL when P has no loop or no room): a loop that
   holds registers on both sides (l <= y < r) is paid in full only when
   some visits push l into its tail (the query low, moved down) and
   others r (high, moved up).  The halves start at the two sides. */
static align_plan *
split_loops(const align_plan * P)
{
    align_plan * S;
    slong i, loops = 0;
    int h, k;
    for (i = 0; i < P->n; i++)
        loops += P->step[i].loop != 0;
    if (loops == 0 || P->n + loops > ALIGN_PLAN_CAP)
        return NULL;
    S = align_plan_new();
    S->truncated = P->truncated;
    S->forcing_cut = P->forcing_cut;
    S->stops = P->stops;
    S->queries = P->queries;
    S->cycle = P->cycle;
    for (i = 0; i < P->n; i++)
        for (h = 0; h < (P->step[i].loop ? 2 : 1); h++)
        {
            align_wstep * w = S->step + S->n++;
            fmpq saved[ALIGN_EDGES];
            /* the step's fields copied, its rationals its own */
            memcpy(saved, w->edge, sizeof(saved));
            memcpy(w, P->step + i, sizeof(*w));
            memcpy(w->edge, saved, sizeof(saved));
            for (k = 0; k < ALIGN_EDGES; k++)
                fmpq_set(w->edge + k, P->step[i].edge + k);
            if (w->loop)
            {
                w->tail = h ? 1 : -1;
                w->d = h ? w->dhi : w->dlo;
                snprintf(w->what + strlen(w->what), sizeof(w->what)
                    - strlen(w->what), h ? " (b)" : " (a)");
            }
        }
    return S;
}

/* The best plan P was not made tight: its loops in two halves
   (split_loops), their sides first, then the choices and the tails as
   for a plan.  Returns 1 when this gave the witness. */
static int
witness_split(wctx * X, const align_plan * P, const arb_t target)
{
    align_plan * S = split_loops(P);
    knobs * K;
    double before = lower_end(X->out->r);
    if (S == NULL)
        return 0;
    K = flint_malloc(sizeof(knobs));
    knobs_start(K, S);
    sides_first(X, K, target);
    if (!meets(lower_end(X->out->r), target))
        settle_knobs(X, K);
    if (!meets(lower_end(X->out->r), target))
        tail_knobs(X, K, target, X->joint ? JOINT_M : GREEDY_M);
    flint_free(K);
    align_plan_free(S);
    return lower_end(X->out->r) > before;
}

/* the paid steps of a plan, in words ("state s, branch 1 (x 5)") */
static void
plan_words(char * buf, size_t len, const align_plan * W)
{
    slong i, j;
    buf[0] = '\0';
    for (i = 0; i < W->n && strlen(buf) + 100 < len; i = j)
    {
        for (j = i + 1; j < W->n && (W->step[j].loop
                || strcmp(W->step[j].what, W->step[i].what) == 0); j++)
            ;
        if (W->step[i].loop)
            continue;
        {
            slong k, n = 0;
            for (k = i; k < j; k++)
                n += !W->step[k].loop;
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", buf[0]
                ? ", " : "", W->step[i].what);
            if (n > 1)
                snprintf(buf + strlen(buf), len - strlen(buf), " (x %ld)", (long) n);
        }
    }
    if (i < W->n)
        snprintf(buf + strlen(buf), len - strlen(buf), ", ...");
}

int
witness_from_proof(witness_t W, const svt_model_t M, const align_result_t A,
    const ratio_opt * ro, const arb_t target, slong work_limit)
{
    wctx X;
    int p, pb = -1, split = 0;
    knobs * K = flint_malloc(sizeof(knobs)), * Kb = flint_malloc(sizeof(knobs));

    wctx_init(&X, W, M, ro, work_limit);
    for (p = 0; p < A->nplans && budget_left(&X); p++)
    {
        const align_plan * P = A->plan[p];
        double before = W->have ? lower_end(W->r) : -HUGE_VAL;
        if (P == NULL || P->n == 0 || P->cycle)
            continue;
        knobs_start(K, P);
        sides_first(&X, K, target);
        if (!(W->have && meets(lower_end(W->r), target)))
        {
            settle_knobs(&X, K);
            grow_plan(&X, K, target);
        }
        if (W->have && lower_end(W->r) > before)
        {
            pb = p;
            *Kb = *K;
        }
        if (W->have && meets(lower_end(W->r), target))
            break;
    }
    /* the best plan's queries into the tails, with ratios of their own;
       then its loops in two halves */
    if (pb >= 0 && !meets(lower_end(W->r), target))
        tail_knobs(&X, Kb, target, X.joint ? JOINT_M : GREEDY_M);
    if (pb >= 0 && target != NULL && !meets(lower_end(W->r), target))
        split = witness_split(&X, A->plan[pb], target);
    if (W->have)
    {
        char run[160];
        const align_plan * P = A->plan[pb >= 0 ? pb : 0];
        slong k, loops = 0;
        plan_words(run, sizeof(run), P);
        for (k = 0; k < P->n; k++)
            loops += P->step[k].loop;
        snprintf(W->desc, sizeof(W->desc), "the proof's costliest run (%.150s)",
            run);
        if (loops > 0)
            snprintf(W->desc + strlen(W->desc), sizeof(W->desc) - strlen(W->desc),
                ", its forcing loops m = %lu times%s", W->m, split
                ? " in each of two halves (below, above)" : "");
        if (W->tail != 0)
            snprintf(W->desc + strlen(W->desc), sizeof(W->desc) - strlen(W->desc),
                ", its queries moved into the noise's tails (by multiples of "
                "%ld Delta)", (long) W->tail);
        if (target != NULL && !meets(lower_end(W->r), target)
                && lower_end(W->r) != HUGE_VAL)
        {
            snprintf(W->untight, sizeof(W->untight), "the run %.100s was not "
                "made tight to B%s", run, P->truncated ? " (its first "
                "steps only)" : P->forcing_cut ? " (each forcing cycle "
                "once: twice would pass the queries the witness takes)" : "");
            /* a longer form was refused: say where the loops stopped */
            if (!P->truncated && !P->forcing_cut && W->longer->len > 0)
                snprintf(W->untight + strlen(W->untight), sizeof(W->untight)
                    - strlen(W->untight), " (its loops stop at m = %lu: a run "
                    "of %lu queries passes the %lu the witness certifies with "
                    "%d registers)", W->m, svt_runs_length(W->longer),
                    svt_model_max_queries(M), M->prog->nregs);
        }

    }
    else if (W->longer->len > 0)
        snprintf(W->untight, sizeof(W->untight), "the proof's costliest run "
            "needs %lu queries, more than the %lu the witness certifies with "
            "%d registers (each ratio an exact joint integral)",
            svt_runs_length(W->longer), svt_model_max_queries(M),
            M->prog->nregs);
    flint_free(K);
    flint_free(Kb);
    return W->have;
}

/* the input of K at count 1 split in two: the steps before its loops
   (base) and its loops (block) */
static void
plan_parts(svt_runs_t base, svt_runs_t block, const knobs * K, const fmpq_t delta)
{
    svt_runs_t all;
    slong i, k = 0;
    svt_runs_init(all);
    plan_runs(all, K, delta, 1);
    svt_runs_truncate(base, 0);
    svt_runs_truncate(block, 0);
    for (i = 0; i < K->W->n; i++)
    {
        const svt_run_struct * r = all->runs + k++;
        svt_runs_struct * to = K->W->step[i].loop ? block : base;
        if (r->a == SVT_LABEL)
            svt_runs_push_label(to, r->q[0], r->q[1], r->T, r->label, 1);
        else
            svt_runs_push(to, r->q[0], r->q[1], r->T, r->a, r->v, 1);
    }
    svt_runs_clear(all);
}

int
witness_growing(witness_t W, const svt_model_t M, const align_result_t A,
    const ratio_opt * ro, slong work_limit)
{
    static const ulong ms_one[3] = { 10, 100, 1000 }, ms_joint[3] = { 1, 2, 4 };
    const ulong * ms;
    wctx X;
    int p, j, best = -1;
    double best_lo = -HUGE_VAL;
    arb_struct L[3];
    knobs * K = flint_malloc(sizeof(knobs)), * KB = flint_malloc(sizeof(knobs));

    wctx_init(&X, W, M, ro, work_limit);
    ms = X.joint ? ms_joint : ms_one;
    for (j = 0; j < 3; j++)
        arb_init(L + j);
    for (p = 0; p < A->nplans && budget_left(&X); p++)
    {
        const align_plan * P = A->plan[p];
        double lo;
        if (P == NULL || P->n == 0 || !P->cycle)
            continue;
        knobs_start(K, P);
        settle_knobs(&X, K);
        for (j = 0; j < 3; j++)
            eval_plan_loss(&X, K, ms[j], L + j);
        lo = arb_is_finite(L + 2) ? arf_get_d(arb_midref(L + 2), ARF_RND_DOWN) : -HUGE_VAL;
        if (growth_certified(ms[0], L + 0, ms[1], L + 1, ms[2], L + 2) && lo > best_lo)
        {
            char * s[3];
            best = p;
            best_lo = lo;
            *KB = *K;
            for (j = 0; j < 3; j++)
                s[j] = decimal_interval(L + j, 8);
            snprintf(W->note, sizeof(W->note), "m = %lu: %s, m = %lu: %s, "
                "m = %lu: %s", ms[0], s[0], ms[1], s[1], ms[2], s[2]);
            W->slope = arf_get_d(arb_midref(L + 2), ARF_RND_NEAR)
                - arf_get_d(arb_midref(L + 1), ARF_RND_NEAR);
            W->slope /= (double) (ms[2] - ms[1]);
            for (j = 0; j < 3; j++)
                flint_free(s[j]);
        }
    }
    if (best >= 0)
    {
        W->growing = 1;
        plan_parts(W->base, W->block, KB, M->delta_q);
        W->nblock = W->block->len;
        const align_plan * P = A->plan[best];
        const align_wstep * last = P->step + P->n - 1;
        slong forcing = 0, i;
        for (i = 0; i < P->n - 1; i++)
            forcing += P->step[i].loop;
        snprintf(W->desc, sizeof(W->desc), "where the proof fails (%.60s: %s), "
            "%s m = %lu times", last->what, last->loop ? "a costly branch on a "
            "cycle, repeated" : "a branch no shift aligns, once",
            !forcing ? "with" : M->prog != NULL && M->prog->argmax ? "after "
            "queries that force the coupling's shift," : "after queries that "
            "force the register's shift,",
            ms[2]);
    }
    else if (W->have)
        snprintf(W->desc, sizeof(W->desc), "an input built where the proof "
            "fails, its loops m = %lu times", W->m);
    for (j = 0; j < 3; j++)
        arb_clear(L + j);
    flint_free(K);
    flint_free(KB);
    return W->growing;
}

/* ---- the smallest witness -------------------------------------------- */

static int
still_violates(ratio_result_t r, const svt_model_t M, const svt_runs_t R,
    const ratio_opt * ro)
{
    ratio_decide(r, M, R, ro);
    return ratio_speaks_to_claim(r)
        && (r->verdict == VERDICT_EXCEEDS || r->verdict == VERDICT_INFINITE);
}

/* dst = src with run i left out (skip >= 0), or run i's count set to n */
static void
runs_edit(svt_runs_t dst, const svt_runs_t src, slong skip, slong i, ulong n)
{
    slong k;
    svt_runs_truncate(dst, 0);
    for (k = 0; k < src->len; k++)
    {
        const svt_run_struct * x = src->runs + k;
        if (k == skip)
            continue;
        if (x->a == SVT_LABEL)
            svt_runs_push_label(dst, x->q[0], x->q[1], x->T, x->label,
                k == i ? n : x->count);
        else
            svt_runs_push(dst, x->q[0], x->q[1], x->T, x->a, x->v,
                k == i ? n : x->count);
    }
    dst->stops = src->stops;
}

/* S (a smaller form of R) still violates: R and r become S and its
   ratio t; 1, or 0 when R is left as it was */
static int
try_smaller(svt_runs_t R, ratio_result_t r, svt_runs_t S, ratio_result_t t,
    const svt_model_t M, const ratio_opt * ro)
{
    if (!still_violates(t, M, S, ro))
        return 0;
    svt_runs_set(R, S);
    R->stops = S->stops;
    ratio_result_swap(r, t);
    return 1;
}

/* each count of R cut down to the smallest that still violates
   (bisection, 1 first); the ratios spent */
static slong
shrink_counts(svt_runs_t R, ratio_result_t r, const svt_model_t M,
    const ratio_opt * ro, svt_runs_t S, ratio_result_t t, slong spent)
{
    slong i;
    for (i = 0; i < R->len && spent < SHRINK_MAX_RATIOS; i++)
    {
        ulong ok = R->runs[i].count, bad = 0;
        while (ok - bad > 1 && spent < SHRINK_MAX_RATIOS)
        {
            ulong mid = bad == 0 && ok > 2 ? 1 : bad + (ok - bad) / 2;
            runs_edit(S, R, -1, i, mid);
            spent++;
            if (try_smaller(R, r, S, t, M, ro))
                ok = mid;
            else
                bad = mid;
        }
    }
    return spent;
}

/* every count capped at k = 1, 2, 4, ... (a family's blocks shrink
   together; the short inputs come first): R at the first k that still
   violates; the ratios spent */
static slong
shrink_together(svt_runs_t R, ratio_result_t r, const svt_model_t M,
    const ratio_opt * ro, svt_runs_t S, ratio_result_t t)
{
    ulong k, top = 0;
    slong i, spent = 0;
    for (i = 0; i < R->len; i++)
        top = FLINT_MAX(top, R->runs[i].count);
    for (k = 1; k < top && spent < SHRINK_MAX_RATIOS / 2; k *= 2)
    {
        svt_runs_set(S, R);
        S->stops = R->stops;
        for (i = 0; i < S->len; i++)
            S->runs[i].count = FLINT_MIN(S->runs[i].count, k);
        spent++;
        if (try_smaller(R, r, S, t, M, ro))
            break;
    }
    return spent;
}

ulong
witness_shrink(svt_runs_t R, ratio_result_t r, const svt_model_t M,
    const ratio_opt * ro)
{
    svt_runs_t S;
    ratio_result_t t;
    ulong before = svt_runs_length(R);
    slong i, spent, len, used = 0;
    ratio_limits lim;
    ratio_opt so = *ro;
    /* the shrinking's own pool of work (counted: deterministic) */
    if (ro->limits != NULL)
        lim = *ro->limits;
    else
        memset(&lim, 0, sizeof(lim));
    lim.pool = &used;
    lim.pool_limit = SHRINK_MAX_WORK;
    lim.pool_cost = SHRINK_RATIO_COST;
    so.limits = &lim;
    ro = &so;
    svt_runs_init(S);
    ratio_result_init(t);
    /* the counts first (every later ratio is then of a short input),
       then whole runs left out, the last first, then the counts again */
    spent = shrink_together(R, r, M, ro, S, t);
    spent = shrink_counts(R, r, M, ro, S, t, spent);
    len = R->len;
    for (i = R->len - 1; i >= 0 && R->len > 1 && spent < SHRINK_MAX_RATIOS; i--)
    {
        runs_edit(S, R, i, -1, 0);
        spent++;
        try_smaller(R, r, S, t, M, ro);
    }
    if (R->len < len)
        shrink_counts(R, r, M, ro, S, t, spent);
    ratio_result_clear(t);
    svt_runs_clear(S);
    return before - svt_runs_length(R);
}

int
witness_smallest(svt_runs_t W, ratio_result_t r, char ** cmd,
    const svt_model_t M, const svt_runs_t R, const ratio_opt * ro,
    const fmpq_t eps, const fmpq_t delta, const svt_overrides * ov)
{
    svt_runs_set(W, R);
    *cmd = NULL;
    if (!still_violates(r, M, W, ro))
        return 0;
    witness_shrink(W, r, M, ro);
    *cmd = report_recheck_custom(M->var, W, M->c, eps, delta, ov);
    report_recheck_precision(cmd, ro, r->digits);
    return 1;
}
