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

static int
fmpq_cmp_ptr(const void * a, const void * b)
{
    return fmpq_cmp((const fmpq *) a, (const fmpq *) b);
}

/* the integral over z of the register density times the factors of the
   items [from, to), cut into pieces where the factors change form */
static void
segment_value(arb_t out, prog_walk * w, slong from, slong to, int noise)
{
    const slong prec = SVT_PARAM_PREC;
    slong alloc = 8, ncut = 0, i, j, piece;
    fmpq * cuts = _fmpq_vec_init(alloc);
    integral_result_t part;
    fmpq_t zm;
    arb_t s;

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
        integral_init(I, w->P->noises[noise].law, w->M->prog_scale + noise);
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
push_item(prog_walk * w, slong run, int state, int branch, ulong n)
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

/* acc * (the open segment [seg_start, nitems) of register noise) */
static void
close_segment(arb_t res, prog_walk * w, const arb_t acc, slong seg_start,
    int noise)
{
    arb_t v;
    if (!w->evaluate || arb_is_zero(acc) || seg_start == w->nitems)
    {
        arb_set(res, acc);
        return;
    }
    arb_init(v);
    segment_value(v, w, seg_start, w->nitems, noise);
    arb_mul(res, acc, v, SVT_PARAM_PREC);
    arb_clear(v);
}

static void walk_from(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, slong seg_start, int noise, int stopped);

/* takes branch b of state s for k queries of run i, then walks on */
static void
take_branch(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, slong seg_start, int noise, int b, ulong k, int stopped)
{
    const prog_branch * B = w->P->states[s].branches + b;
    const svt_run_struct * r = w->R->runs + i;
    slong ni = (done + k == r->count) ? i + 1 : i;
    ulong nd = (done + k == r->count) ? 0 : done + k;
    slong nc = counter + (slong) k * B->cost;
    arb_t a2;

    arb_init(a2);
    if (B->reset != PROG_RESET_FRESH)
    {
        push_item(w, i, s, b, k);
        walk_from(w, ni, nd, B->next, nc, acc, seg_start, noise, stopped);
        w->nitems--;
        arb_clear(a2);
        return;
    }
    /* the first query closes the segment; the other k - 1 are identical
       one-query segments of the redrawn register */
    push_item(w, i, s, b, 1);
    close_segment(a2, w, acc, seg_start, noise);
    if (k > 1 && w->evaluate && !arb_is_zero(a2))
    {
        arb_t v;
        fmpz_t e;
        arb_init(v);
        fmpz_init_set_ui(e, k - 1);
        segment_value(v, w, w->nitems - 1, w->nitems, B->reset_noise);
        arb_pow_fmpz(v, v, e, SVT_PARAM_PREC);
        arb_mul(a2, a2, v, SVT_PARAM_PREC);
        arb_clear(v);
        fmpz_clear(e);
    }
    walk_from(w, ni, nd, B->next, nc, a2, w->nitems, B->reset_noise, stopped);
    w->nitems--;
    arb_clear(a2);
}

static void
walk_from(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, slong seg_start, int noise, int stopped_here)
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
        close_segment(v, w, acc, seg_start, noise);
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
        k = (nmatch == 1 && B->next == s && !B->stop) ? rest : 1;
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
        take_branch(w, i, done, s, counter, acc, seg_start, noise, b, k, stopped);
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
    walk_from(w, 0, 0, 0, 0, one, 0, w->P->register_noise, 0);
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

int
svt_program_complete(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (P->states[i].branches[P->states[i].nbranches - 1].natoms != 0)
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
