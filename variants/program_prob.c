/* program_prob.c -- certified Pr[A(D) = a] of a program: the walk over
   the paths of states, counter and register redraws that produce the
   output vector a, and for each path the product of its segment
   integrals (one register value z per segment). */

#include <string.h>
#include "program_walk.h"

/* ------------------------------------------------------------------ */
/* the model                                                           */

int
svt_program_model_set(svt_model_t M, arb_srcptr vals, const int * def,
    char * err, size_t errlen)
{
    const svt_program * P = M->var->prog;
    const prog_state * S0 = P->states;
    char msg[256];
    int i;

    if (M->prog_scale != NULL)
        _arb_vec_clear(M->prog_scale, M->prog_nscale);
    M->prog_nscale = P->nnoises;
    M->prog_scale = _arb_vec_init(P->nnoises);
    for (i = 0; i < P->nnoises; i++)
    {
        if (spec_expr_eval(M->prog_scale + i, P->noises[i].scale, vals, def,
                SVT_PARAM_PREC, msg, sizeof(msg)) != 0)
        {
            snprintf(err, errlen, "noise scale: %s", msg);
            return -1;
        }
        if (!arb_is_positive(M->prog_scale + i))
        {
            snprintf(err, errlen, "noise scale: the scale must be > 0");
            return -1;
        }
    }
    M->limit = 0;
    if (P->has_counter)
    {
        arb_t x;
        arb_init(x);
        if (spec_expr_eval(x, P->limit, vals, def, SVT_PARAM_PREC, msg,
                sizeof(msg)) != 0 || !arb_is_int(x) || !arb_is_positive(x)
                || arf_cmpabs_2exp_si(arb_midref(x), 30) > 0)
        {
            snprintf(err, errlen, "counter: the limit must be an integer from 1 "
                "to 2^30 (found %s)", msg[0] && !arb_is_finite(x) ? msg
                : "another value");
            arb_clear(x);
            return -1;
        }
        M->limit = arf_get_si(arb_midref(x), ARF_RND_DOWN);
        arb_clear(x);
    }
    arb_set(M->rho_scale, M->prog_scale + P->register_noise);
    M->has_nu = S0->nanswers > 0 && S0->answer_noise[0] >= 0;
    if (M->has_nu)
        arb_set(M->nu_scale, M->prog_scale + S0->answer_noise[0]);
    M->has_cutoff = P->has_counter;
    M->reset = P->has_reset;
    M->output = P->outputs_numbers ? SVT_OUT_COMPARED : SVT_OUT_TOP;
    return 0;
}

/* ------------------------------------------------------------------ */
/* one segment                                                         */

/* the open segment of a path: its items start at `start`, its register
   is drawn from noise `noise`; in DiPA semantics it was assigned by the
   item base_item, and `pinned` when that item also released the value
   (the register is then known: a point mass) */
typedef struct
{
    slong start;
    int noise;
    slong base_item;
    int pinned;
}
prog_seg;

static int
fmpq_cmp_ptr(const void * a, const void * b)
{
    return fmpq_cmp((const fmpq *) a, (const fmpq *) b);
}

/* a register released by the item that assigned it: z0 = v - (q + mean) */
static void
pinned_value(arb_t out, prog_walk * w, slong from, slong to, const prog_seg * g)
{
    const slong prec = SVT_PARAM_PREC;
    const prog_item * a = w->items + g->base_item;
    fmpq_t z0, T;
    arb_t z;
    integral_t I;
    slong i;
    int zero = 0;
    fmpq_init(z0);
    fmpq_init(T);
    arb_init(z);
    /* the base of the register is where the assigning answer is centred */
    {
        prog_item probe = *a;
        probe.base_item = g->base_item;
        prog_item_T(T, w, &probe);
    }
    fmpq_sub(z0, w->R->runs[a->run].v, T);
    arb_set_fmpq(z, z0, prec);
    integral_init(I, w->P->noises[g->noise].law, w->M->prog_scale + g->noise);
    for (i = from; i < to && !zero; i++)
        zero = prog_item_factor(I, w, w->items + i, z0, prec);
    if (zero)
        arb_zero(out);
    else
        integral_integrand_at(out, I, z, prec);
    integral_clear(I);
    fmpq_clear(z0);
    fmpq_clear(T);
    arb_clear(z);
}

/* the integral over z of the register density times the factors of the
   items [from, to), cut into pieces where the factors change form */
static void
segment_value(arb_t out, prog_walk * w, slong from, slong to, const prog_seg * g)
{
    const slong prec = SVT_PARAM_PREC;
    slong alloc = 8, ncut = 0, i, j, piece;
    fmpq * cuts;
    integral_result_t part;
    fmpq_t zm;
    arb_t s;

    if (g->pinned)
    {
        pinned_value(out, w, from, to, g);
        return;
    }
    cuts = _fmpq_vec_init(alloc);
    integral_result_init(part);
    fmpq_init(zm);
    arb_init(s);
    for (i = from; i < to; i++)
        prog_item_cuts(&cuts, &ncut, &alloc, w, w->items + i);
    qsort(cuts, ncut, sizeof(fmpq), fmpq_cmp_ptr);
    for (i = j = 0; i < ncut; i++)
        if (j == 0 || !fmpq_equal(cuts + j - 1, cuts + i))
            fmpq_swap(cuts + j++, cuts + i);
    ncut = j;

    arb_zero(out);
    for (piece = 0; piece <= ncut; piece++)
    {
        integral_t I;
        int zero = 0;
        if (ncut == 0)
            fmpq_zero(zm);
        else if (piece == 0)
            fmpq_sub_si(zm, cuts, 1);
        else if (piece == ncut)
            fmpq_add_si(zm, cuts + ncut - 1, 1);
        else
        {
            fmpq_add(zm, cuts + piece - 1, cuts + piece);
            fmpq_div_2exp(zm, zm, 1);
        }
        integral_init(I, w->P->noises[g->noise].law, w->M->prog_scale + g->noise);
        if (piece > 0)
        {
            arb_set_fmpq(s, cuts + piece - 1, prec);
            integral_set_lo(I, s);
        }
        if (piece < ncut)
        {
            arb_set_fmpq(s, cuts + piece, prec);
            integral_set_hi(I, s);
        }
        for (i = from; i < to && !zero; i++)
            zero = prog_item_factor(I, w, w->items + i, zm, prec);
        if (!zero)
        {
            if (integral_eval(part, I, w->opt, 0) != INTEGRAL_SUCCESS)
                w->goal_missed = 1;
            if (!part->exact_zero)
                arb_add(out, out, part->value, prec);
            w->segments++;
        }
        integral_clear(I);
    }
    _fmpq_vec_clear(cuts, alloc);
    integral_result_clear(part);
    fmpq_clear(zm);
    arb_clear(s);
}

/* ------------------------------------------------------------------ */
/* the walk                                                            */

static void
push_item(prog_walk * w, slong run, int state, int branch, ulong n,
    slong base_item)
{
    if (w->nitems == w->alloc)
    {
        w->alloc = 2 * w->alloc + 16;
        w->items = flint_realloc(w->items, w->alloc * sizeof(prog_item));
    }
    w->items[w->nitems].run = run;
    w->items[w->nitems].state = state;
    w->items[w->nitems].branch = branch;
    w->items[w->nitems].n = n;
    w->items[w->nitems].base_item = base_item;
    w->nitems++;
}

static int
branch_matches(const prog_branch * B, svt_answer_kind a, const char * label)
{
    if (a == SVT_BOT)
        return B->out == PROG_OUT_BOT;
    if (a == SVT_TOP)   /* top, or a number marginalised out */
        return B->out == PROG_OUT_TOP || B->out >= PROG_OUT_NOISY;
    if (a == SVT_LABEL)
        return B->out == PROG_OUT_LABEL && strcmp(B->out_label, label) == 0;
    return B->out >= PROG_OUT_NOISY;
}

/* acc * (the open segment g, its items up to the top of the stack) */
static void
close_segment(arb_t res, prog_walk * w, const arb_t acc, const prog_seg * g)
{
    arb_t v;
    if (!w->evaluate || arb_is_zero(acc) || (g->start == w->nitems && !g->pinned))
    {
        arb_set(res, acc);
        return;
    }
    arb_init(v);
    segment_value(v, w, g->start, w->nitems, g);
    arb_mul(res, acc, v, SVT_PARAM_PREC);
    arb_clear(v);
}

static void walk_from(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, prog_seg g, int stopped);

/* takes branch b of state s for k queries of run i, then walks on */
static void
take_branch(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, prog_seg g, int b, ulong k, int stopped)
{
    const prog_branch * B = w->P->states[s].branches + b;
    const svt_run_struct * r = w->R->runs + i;
    slong ni = (done + k == r->count) ? i + 1 : i;
    ulong nd = (done + k == r->count) ? 0 : done + k;
    slong nc = counter + (slong) k * B->cost;
    prog_seg ng;
    arb_t a2;

    if (B->reset == PROG_RESET_NONE)
    {
        push_item(w, i, s, b, k, g.base_item);
        walk_from(w, ni, nd, B->next, nc, acc, g, stopped);
        w->nitems--;
        return;
    }
    arb_init(a2);
    /* the first query closes the segment */
    push_item(w, i, s, b, 1, g.base_item);
    close_segment(a2, w, acc, &g);
    ng.start = w->nitems;
    ng.base_item = -1;
    ng.pinned = 0;
    if (B->reset == PROG_RESET_FRESH)
        ng.noise = B->reset_noise;
    else
    {
        /* x := insample, unguarded: a new register centred at the answer;
           released too when the branch outputs that answer */
        ng.noise = w->P->states[s].answer_noise[B->reset_answer];
        ng.base_item = w->nitems - 1;
        ng.pinned = B->out == PROG_OUT_NOISY && B->out_answer == B->reset_answer
            && r->a == SVT_NUM;
    }
    if (k > 1 && w->evaluate && !arb_is_zero(a2))
    {
        /* the other k - 1 queries: identical one-query segments */
        arb_t v;
        fmpz_t e;
        prog_seg one = ng;
        arb_init(v);
        fmpz_init_set_ui(e, k - 1);
        one.start = w->nitems - 1;
        segment_value(v, w, w->nitems - 1, w->nitems, &one);
        arb_pow_fmpz(v, v, e, SVT_PARAM_PREC);
        arb_mul(a2, a2, v, SVT_PARAM_PREC);
        arb_clear(v);
        fmpz_clear(e);
    }
    walk_from(w, ni, nd, B->next, nc, a2, ng, stopped);
    w->nitems--;
    arb_clear(a2);
}

static void
walk_from(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, prog_seg g, int stopped_here)
{
    const prog_state * S = w->P->states + s;
    const svt_run_struct * r;
    int b, nmatch = 0;

    if (w->unsupported != NULL)
        return;
    if (++w->steps > PROG_MAX_STEPS)
    {
        w->unsupported = "the output has too many paths through the program's "
            "states (more than 20000 steps); supported: outputs that fix the "
            "branch of all but a few queries";
        return;
    }
    if (i == w->R->len)
    {
        arb_t v;
        arb_init(v);
        close_segment(v, w, acc, &g);
        arb_add(w->total, w->total, v, SVT_PARAM_PREC);
        w->paths++;
        w->stopped += stopped_here;
        if (!arb_is_zero(v))
            w->nonzero++;
        arb_clear(v);
        return;
    }
    r = w->R->runs + i;
    for (b = 0; b < S->nbranches; b++)
        nmatch += branch_matches(S->branches + b, r->a, r->label);
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        ulong rest = r->count - done, k;
        int stopped = B->stop;
        if (!branch_matches(B, r->a, r->label))
            continue;
        /* many queries at once when nothing can change between them */
        k = (nmatch == 1 && B->next == s && !B->stop
            && B->reset != PROG_RESET_ANSWER) ? rest : 1;
        if (w->P->has_counter && B->cost > 0)
        {
            ulong need = (ulong) ((w->M->limit - counter + B->cost - 1) / B->cost);
            if (k >= need)
            {
                k = need;
                stopped = 1;
            }
        }
        if (stopped && !(k == rest && i == w->R->len - 1))
            continue;   /* the run stops before the end of the vector */
        take_branch(w, i, done, s, counter, acc, g, b, k, stopped);
    }
}

static void
walk_run(prog_walk * w, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_struct * opt, int evaluate)
{
    arb_t one;
    memset(w, 0, sizeof(*w));
    w->M = M;
    w->P = M->var->prog;
    w->R = R;
    w->side = side;
    w->opt = opt;
    w->evaluate = evaluate;
    arb_init(w->total);
    arb_init(one);
    arb_one(one);
    {
        prog_seg g = { 0, w->P->register_noise, -1, 0 };
        walk_from(w, 0, 0, 0, 0, one, g, 0);
    }
    arb_clear(one);
}

static void
walk_clear(prog_walk * w)
{
    arb_clear(w->total);
    flint_free(w->items);
}

int
svt_program_ends(const svt_model_t M, const svt_runs_t R)
{
    prog_walk w;
    int r;
    walk_run(&w, M, R, 0, NULL, 0);
    r = w.unsupported != NULL ? -1 : w.paths == 0 ? 0 : w.stopped == w.paths
        ? 1 : w.stopped == 0 ? 0 : -1;
    walk_clear(&w);
    return r;
}

/* does some branch of S take every value of the noisy answers, up to a
   set of probability 0?  Decided for guards without abs on noisy
   answers, where the order of the interval ends does not depend on z:
   the state is complete when, for some answer, no cell between its ends
   escapes every guard on that answer. */
static int
state_complete(const prog_state * S)
{
    int s[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    fmpq * t = _fmpq_vec_init(2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_t T, y, zm;
    int k, j, i, complete = 0, last = S->nbranches - 1;
    slong n, c;

    if (S->branches[last].natoms == 0)
        complete = 1;
    fmpq_init(T);
    fmpq_init(y);
    fmpq_init(zm);
    for (k = 0; k < S->nanswers && !complete; k++)
    {
        int ok = S->answer_noise[k] >= 0, any_escape = 0;
        for (j = 0; j <= last && ok; j++)
            for (i = 0; i < S->branches[j].natoms; i++)
                if (S->branches[j].atoms[i].answer == k
                        && S->branches[j].atoms[i].op >= PROG_ABS_GE)
                    ok = 0;
        if (!ok)
            continue;
        n = prog_answer_ends(s, t, S, last, k, T);
        if (n == 0)
            continue;
        /* sort the ends (all of slope +1), test a point in every cell */
        for (i = 1; i < n; i++)
            for (j = i; j > 0 && fmpq_cmp(t + j - 1, t + j) > 0; j--)
                fmpq_swap(t + j - 1, t + j);
        for (c = 0; c <= n && !any_escape; c++)
        {
            int taken = 0;
            if (c == 0)
                fmpq_sub_si(y, t, 1);
            else if (c == n)
                fmpq_add_si(y, t + n - 1, 1);
            else if (fmpq_equal(t + c - 1, t + c))
                continue;
            else
            {
                fmpq_add(y, t + c - 1, t + c);
                fmpq_div_2exp(y, y, 1);
            }
            for (j = 0; j <= last && !taken; j++)
                if (S->branches[j].natoms > 0
                        && S->branches[j].atoms[0].answer == k)
                    taken = prog_answer_member(S, j, k, T, y, zm);
            any_escape = !taken;
        }
        complete = !any_escape;
    }
    _fmpq_vec_clear(t, 2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_clear(T);
    fmpq_clear(y);
    fmpq_clear(zm);
    return complete;
}

int
svt_program_complete(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (!state_complete(P->states + i))
            return 0;
    return 1;
}

const char *
svt_program_impossible(const svt_model_t M, const svt_runs_t R)
{
    prog_walk w;
    slong paths;
    const char * u;
    walk_run(&w, M, R, 0, NULL, 0);
    paths = w.paths;
    u = w.unsupported;
    walk_clear(&w);
    if (paths > 0 || u != NULL)
        return NULL;
    return "no path of the program produces this output (its branches, "
        "counter and stops do not allow it)";
}

int
svt_program_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    prog_walk w;
    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->note = NULL;
    walk_run(&w, M, R, side, opt, 1);
    res->segments = w.segments;
    if (w.unsupported != NULL)
    {
        res->status = SVT_PROB_UNSUPPORTED;
        res->note = w.unsupported;
        arb_indeterminate(res->value);
        arb_indeterminate(res->log_value);
    }
    else if (w.paths == 0)
    {
        res->status = SVT_PROB_IMPOSSIBLE;
        res->zero = 1;
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
    }
    else if (w.nonzero == 0)
    {
        res->zero = 1;
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
    }
    else
    {
        arb_set(res->value, w.total);
        if (arb_is_positive(res->value))
            arb_log(res->log_value, res->value, SVT_PARAM_PREC);
        else
            arb_indeterminate(res->log_value);
        if (w.goal_missed)
            res->status = SVT_PROB_GOAL_MISSED;
    }
    walk_clear(&w);
    return res->status;
}
