/* program_prob.c -- certified Pr[A(D) = a] of a program: the walk over
   the paths of states, counter and register redraws that produce the
   output vector a, and for each path the product of its segment
   integrals (one register value z per segment). */

#include <string.h>
#include "program_walk.h"

static slong argmax_winner(const svt_runs_t R);

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

/* what determines a segment's value: its register and, per item, the
   state, branch, count, answer, threshold and output (flint_free it) */
static char *
segment_key(prog_walk * w, slong from, slong to, const prog_seg * g)
{
    size_t cap = 256, len = 0;
    char * key = flint_malloc(cap);
    fmpq_t x;
    slong i;
    int k;
    fmpq_init(x);
    len += (size_t) snprintf(key, cap, "%d/%d", g->noise, g->pinned);
    for (i = from - (g->pinned ? 1 : 0); i < to; i++)
    {
        const prog_item * it = w->items + (i < from ? g->base_item : i);
        const svt_run_struct * r = w->R->runs + it->run;
        char * s[3];
        prog_item_q(x, w, it);
        s[0] = fmpq_get_str(NULL, 16, x);
        prog_item_T(x, w, it);
        s[1] = fmpq_get_str(NULL, 16, x);
        s[2] = fmpq_get_str(NULL, 16, r->v);
        for (k = 0; k < 2; k++)
        {
            size_t need = len + strlen(s[0]) + strlen(s[1]) + strlen(s[2])
                + SVT_LABEL_LEN + 80;
            if (need > cap)
            {
                cap = 2 * need;
                key = flint_realloc(key, cap);
            }
        }
        len += (size_t) snprintf(key + len, cap - len, "|%d,%d,%x,%lu,%s,%s,%d,%s,%s",
            it->state, it->branch, it->group, it->n, s[0], s[1], (int) r->a,
            r->a == SVT_NUM ? s[2] : "", r->a == SVT_LABEL ? r->label : "");
        for (k = 0; k < 3; k++)
            flint_free(s[k]);
    }
    fmpq_clear(x);
    return key;
}


/* the value of a segment, from the cache when an identical one was
   integrated before */
static void
segment_value(arb_t out, prog_walk * w, slong from, slong to, const prog_seg * g)
{
    char * key = segment_key(w, from, to, g);
    slong i;
    for (i = 0; i < w->ncache; i++)
        if (strcmp(w->cache_key[i], key) == 0)
        {
            arb_set(out, w->cache_val + i);
            flint_free(key);
            return;
        }
    prog_segment_compute(out, w, from, to, g, NULL, NULL);
    if (w->ncache < PROG_CACHE)
    {
        if (w->cache_key == NULL)
        {
            w->cache_key = flint_malloc(PROG_CACHE * sizeof(char *));
            w->cache_val = _arb_vec_init(PROG_CACHE);
        }
        w->cache_key[w->ncache] = key;
        arb_set(w->cache_val + w->ncache, out);
        w->ncache++;
    }
    else
        flint_free(key);
}

/* charges n item factors (about an eighth of an integrand evaluation
   each) to the caller's work total, and checks its budget and its time
   guard: 0, with w->unsupported set, when either is past */
static int
walk_charge(prog_walk * w, slong n)
{
    const integral_opt_struct * o = w->opt;
    if (o == NULL)
        return 1;
    if (o->work_used != NULL)
        *o->work_used += (n + 7) / 8;
    if (o->work_used != NULL && o->work_limit > 0
            && *o->work_used >= o->work_limit)
    {
        w->unsupported = "the integrals of this probability's paths reached "
            "the work budget of one ratio (a search's or prove's budget)";
        return 0;
    }
    if (o->deadline > 0 && integral_clock() > o->deadline)
    {
        w->unsupported = "the caller's time ran out inside this probability "
            "(--seconds)";
        return 0;
    }
    return 1;
}

/* the integral over z (in the window [lo, hi] when given) of the
   register density times the factors of the items [from, to), cut into
   pieces where the factors change form */
void
prog_segment_compute(arb_t out, prog_walk * w, slong from, slong to,
    const prog_seg * g, const fmpq * lo, const fmpq * hi)
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
    if (!walk_charge(w, to - from))
    {
        arb_indeterminate(out);
        return;
    }
    cuts = _fmpq_vec_init(alloc);
    integral_result_init(part);
    fmpq_init(zm);
    arb_init(s);
    for (i = from; i < to; i++)
        prog_item_cuts(&cuts, &ncut, &alloc, w, w->items + i);
    for (i = 0; i < 2; i++)
    {
        const fmpq * e = i == 0 ? lo : hi;
        if (e == NULL)
            continue;
        if (ncut == alloc)
        {
            fmpq * nc = _fmpq_vec_init(2 * alloc);
            for (j = 0; j < ncut; j++)
                fmpq_swap(nc + j, cuts + j);
            _fmpq_vec_clear(cuts, alloc);
            cuts = nc;
            alloc *= 2;
        }
        fmpq_set(cuts + ncut++, e);
    }
    qsort(cuts, ncut, sizeof(fmpq), fmpq_cmp_ptr);
    for (i = j = 0; i < ncut; i++)
        if (j == 0 || !fmpq_equal(cuts + j - 1, cuts + i))
            fmpq_swap(cuts + j++, cuts + i);
    ncut = j;

    /* building the factors of every item on every piece is work too (at
       the parameters' precision): a path of thousands of queries costs
       more than its integrals' evaluations */
    arb_zero(out);
    if (!walk_charge(w, (to - from) * ncut))
    {
        arb_indeterminate(out);
        ncut = -1;      /* no piece */
    }
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
        if ((lo != NULL && fmpq_cmp(zm, lo) < 0) || (hi != NULL && fmpq_cmp(zm, hi) > 0))
            continue;   /* outside the window */
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
            w->budget_spent |= part->budget_spent;
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
push_item(prog_walk * w, slong run, int state, int branch, unsigned group,
    ulong n, slong base_item)
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
    w->items[w->nitems].skip_answer = -1;
    w->items[w->nitems].group = group;
    w->nitems++;
}

int
prog_branch_matches(const prog_branch * B, svt_answer_kind a, const char * label)
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
    if (w->at_z != NULL && !w->at_done && g->start == 0)
    {
        /* the first segment of the first path: its integrand at at_z */
        integral_t I;
        slong i;
        int zero = 0;
        integral_init(I, w->P->noises[g->noise].law, w->M->prog_scale + g->noise);
        for (i = 0; i < w->nitems && !zero; i++)
            zero = prog_item_factor(I, w, w->items + i, w->at_z, SVT_PARAM_PREC);
        if (zero)
            arb_zero(w->at_res);
        else
        {
            arb_t z;
            arb_init(z);
            arb_set_fmpq(z, w->at_z, SVT_PARAM_PREC);
            integral_integrand_at(w->at_res, I, z, SVT_PARAM_PREC);
            arb_clear(z);
        }
        integral_clear(I);
        w->at_done = 1;
    }
    if (g->deferred)
    {
        /* a register assigned after a guard: integrated with its parent,
           nested when it is compared again before it is replaced */
        slong i;
        int uses = 0;
        if (!w->evaluate || arb_is_zero(acc))
        {
            arb_set(res, acc);
            return;
        }
        for (i = g->start; i < w->nitems; i++)
            uses |= prog_item_uses_register(w, w->items + i);
        arb_init(v);
        if (uses)
            prog_nested_value(v, w, g);
        else
        {
            prog_seg p, c = *g;
            arb_t u;
            arb_init(u);
            memset(&p, 0, sizeof(p));
            p.start = g->parent_start;
            p.noise = g->parent_noise;
            p.base_item = g->parent_base_item;
            p.pinned = g->parent_pinned;
            p.parent_base_item = -1;
            c.deferred = 0;
            segment_value(v, w, p.start, g->start, &p);
            if (g->start < w->nitems)
            {
                segment_value(u, w, g->start, w->nitems, &c);
                arb_mul(v, v, u, SVT_PARAM_PREC);
            }
            arb_clear(u);
        }
        arb_mul(res, acc, v, SVT_PARAM_PREC);
        arb_clear(v);
        return;
    }
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
    const arb_t acc, prog_seg g, int b, unsigned group, ulong k, int stopped)
{
    const prog_branch * B = w->P->states[s].branches + b;
    const svt_run_struct * r = w->R->runs + i;
    slong ni = (done + k == r->count) ? i + 1 : i;
    ulong nd = (done + k == r->count) ? 0 : done + k;
    /* without a counter, costs are not added (k may be 2^62) */
    slong nc = w->P->has_counter ? counter + (slong) k * B->cost : 0;
    prog_seg ng;
    arb_t a2;

    if (B->reset == PROG_RESET_NONE)
    {
        push_item(w, i, s, b, group, k, g.base_item);
        walk_from(w, ni, nd, B->next, nc, acc, g, stopped);
        w->nitems--;
        return;
    }
    arb_init(a2);
    push_item(w, i, s, b, 0, 1, g.base_item);
    memset(&ng, 0, sizeof(ng));
    if (B->reset == PROG_RESET_ANSWER && (B->natoms > 0 || b > 0)
            && !(B->out == PROG_OUT_NOISY && B->out_answer == B->reset_answer
                && r->a == SVT_NUM))
    {
        /* assigned after a guard, not released: the new register depends on
           this segment's; both are integrated together when it closes */
        if (g.deferred)
        {
            w->unsupported = "two registers in a row assigned from compared "
                "noisy values (a double nested integral); supported: one such "
                "register at a time, or one released by its branch";
            w->nitems--;
            arb_clear(a2);
            return;
        }
        ng.start = w->nitems;
        ng.noise = w->P->states[s].answer_noise[B->reset_answer];
        ng.base_item = w->nitems - 1;
        ng.deferred = 1;
        ng.parent_start = g.start;
        ng.parent_noise = g.noise;
        ng.parent_base_item = g.base_item;
        ng.parent_pinned = g.pinned;
        walk_from(w, ni, nd, B->next, nc, acc, ng, stopped);
        w->nitems--;
        arb_clear(a2);
        return;
    }
    /* the first query closes the segment */
    close_segment(a2, w, acc, &g);
    ng.start = w->nitems;
    ng.base_item = -1;
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

int
prog_branches_same_effect(const prog_branch * A, const prog_branch * B)
{
    return A->out == B->out && A->out <= PROG_OUT_LABEL
        && (A->out != PROG_OUT_LABEL || strcmp(A->out_label, B->out_label) == 0)
        && A->cost == B->cost && A->stop == B->stop && A->next == B->next
        && A->reset == PROG_RESET_NONE && B->reset == PROG_RESET_NONE;
}

/* branches with the same output and effect are one branch whose set is
   the union of theirs, when every guard of the state up to them is on
   one answer (the union of the events is then a union of intervals of
   that answer): group[b] = the bits of the later branches merged into b,
   -1 for a branch merged into an earlier one.  Without the merge, two
   bot branches make 2^m paths. */
static void
merged_branches(int * group, const prog_state * S, const svt_run_struct * r)
{
    int a, b, j, i, k = -1, one_answer = 1;
    for (j = 0; j < S->nbranches; j++)
    {
        group[j] = 0;
        for (i = 0; i < S->branches[j].natoms; i++)
        {
            if (k < 0)
                k = S->branches[j].atoms[i].answer;
            one_answer &= S->branches[j].atoms[i].answer == k
                && S->branches[j].atoms[i].reg == S->branches[0].atoms[0].reg;
        }
    }
    if (!one_answer || r->a == SVT_NUM)
        return;
    for (a = 0; a < S->nbranches; a++)
        if (group[a] >= 0 && prog_branch_matches(S->branches + a, r->a, r->label))
            for (b = a + 1; b < S->nbranches; b++)
                if (group[b] >= 0
                        && prog_branches_same_effect(S->branches + a, S->branches + b))
                {
                    group[a] |= 1 << b;
                    group[b] = -1;
                }
}

static void
walk_from(prog_walk * w, slong i, ulong done, int s, slong counter,
    const arb_t acc, prog_seg g, int stopped_here)
{
    const prog_state * S = w->P->states + s;
    const svt_run_struct * r;
    int b, nmatch = 0, last, stop_at_end = 0;
    int group[PROG_MAX_BRANCHES + 1];

    if (w->unsupported != NULL)
        return;
    if (!walk_charge(w, 0))
        return;
    if (w->segments > PROG_MAX_SEGMENTS)
    {
        w->unsupported = "the output has too many paths through the program's "
            "states (more than 3000 integrals, the work budget of one "
            "probability); supported: outputs that fix the branch of all but "
            "a few queries";
        return;
    }
    if (w->nitems > PROG_MAX_DEPTH)
    {
        w->unsupported = "the output has more than 3000 queries in a row that "
            "each may take one of several branches (the walk's depth); "
            "supported: fewer, or runs whose branch is fixed";
        return;
    }
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
        if (w->R->stops && !stopped_here)
            return;     /* the observer saw the run stop here */
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
    /* a branch that stops can only take the very last query: it does not
       split the queries before it */
    last = i == w->R->len - 1;
    merged_branches(group, S, r);
    for (b = 0; b < S->nbranches; b++)
        if (group[b] >= 0 && prog_branch_matches(S->branches + b, r->a, r->label))
        {
            if (!S->branches[b].stop || (last && r->count - done == 1))
                nmatch++;
            else if (last)
                stop_at_end = 1;
        }
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        ulong rest = r->count - done, k;
        int stopped = B->stop;
        if (group[b] < 0 || !prog_branch_matches(B, r->a, r->label))
            continue;
        /* many queries at once when nothing can change between them (all
           but the last, when a stopping branch may take the last) */
        k = (nmatch == 1 && B->next == s && !B->stop
            && B->reset != PROG_RESET_ANSWER) ? rest : 1;
        if (k == rest && rest > 1 && stop_at_end)
            k = rest - 1;
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
        take_branch(w, i, done, s, counter, acc, g, b, (unsigned) group[b], k,
            stopped);
    }
}

static void
walk_init(prog_walk * w, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_struct * opt, int evaluate)
{
    memset(w, 0, sizeof(*w));
    w->M = M;
    w->P = M->var->prog;
    w->R = R;
    w->side = side;
    w->opt = opt;
    w->evaluate = evaluate;
    arb_init(w->total);
}

static void
walk_go(prog_walk * w)
{
    arb_t one;
    arb_init(one);
    arb_one(one);
    {
        prog_seg g;
        memset(&g, 0, sizeof(g));
        g.noise = w->P->register_noise;
        g.base_item = -1;
        g.parent_base_item = -1;
        walk_from(w, 0, 0, 0, 0, one, g, 0);
    }
    arb_clear(one);
}

static void
walk_run(prog_walk * w, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_struct * opt, int evaluate)
{
    walk_init(w, M, R, side, opt, evaluate);
    walk_go(w);
}

static void
walk_clear(prog_walk * w)
{
    slong i;
    arb_clear(w->total);
    flint_free(w->items);
    for (i = 0; i < w->ncache; i++)
        flint_free(w->cache_key[i]);
    if (w->cache_key != NULL)
    {
        flint_free(w->cache_key);
        _arb_vec_clear(w->cache_val, PROG_CACHE);
    }
}

int
svt_program_ends(const svt_model_t M, const svt_runs_t R)
{
    prog_walk w;
    int r;
    if (M->var->prog->argmax)
        return 0;   /* every query gets an output */
    if (M->var->prog->nregs > 1)
        return -1;  /* not decided for several registers */
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
        prog_sort_ends(t, n);
        for (c = 0; c <= n && !any_escape; c++)
        {
            int taken = 0;
            if (!prog_cell_point(y, t, n, c))
                continue;
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
svt_program_state_complete(const svt_program * P, int s)
{
    const prog_state * S = P->states + s;
    int j, i;
    if (S->nbranches > 0 && S->branches[S->nbranches - 1].natoms == 0)
        return 1;
    /* several registers: decided when every atom compares the same one */
    for (j = 0; j < S->nbranches; j++)
        for (i = 0; i < S->branches[j].natoms; i++)
            if (S->branches[j].atoms[i].reg != S->branches[0].atoms[0].reg)
                return 0;
    return state_complete(S);
}

int
svt_program_complete(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (!svt_program_state_complete(P, i))
            return 0;
    return 1;
}

/* the outputs a program can give at one query: bot, top (or a number,
   marginalised), and its labels */
slong
svt_program_alphabet(svt_answer_kind * kind, const char ** label,
    const svt_program * P)
{
    slong n = 0, i, j, k;
    int bot = 0, top = 0;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            const prog_branch * B = P->states[i].branches + j;
            bot |= B->out == PROG_OUT_BOT;
            top |= B->out == PROG_OUT_TOP || B->out >= PROG_OUT_NOISY;
        }
    if (bot)
        kind[n] = SVT_BOT, label[n++] = NULL;
    if (top)
        kind[n] = SVT_TOP, label[n++] = NULL;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            const prog_branch * B = P->states[i].branches + j;
            if (B->out != PROG_OUT_LABEL)
                continue;
            for (k = 0; k < n; k++)
                if (label[k] != NULL && strcmp(label[k], B->out_label) == 0)
                    break;
            if (k == n)
                kind[n] = SVT_LABEL, label[n++] = B->out_label;
        }
    return n;
}

void
svt_program_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R,
    int side, const arb_t z, slong prec)
{
    prog_walk w;
    fmpq_t zq;
    if (M->var->prog->argmax || M->var->prog->nregs > 1)
    {
        arb_zero(res);  /* no one-dimensional integrand to plot */
        return;
    }
    fmpq_init(zq);
    arf_get_fmpq(zq, arb_midref(z));
    walk_init(&w, M, R, side, NULL, 0);
    w.at_z = zq;
    w.at_res = res;
    arb_zero(res);
    walk_go(&w);
    arb_set_round(res, res, prec);
    walk_clear(&w);
    fmpq_clear(zq);
}

const char *
svt_program_impossible(const svt_model_t M, const svt_runs_t R)
{
    prog_walk w;
    if (M->var->prog->nregs > 1)
        return svt_program_joint_impossible(M, R);
    if (M->var->prog->argmax)
        return argmax_winner(R) < 0 || (R->runs[argmax_winner(R)].a == SVT_NUM
            && !M->var->prog->outputs_numbers) ? "Report Noisy Max outputs one "
            "winner (top, or its noisy value) and bot elsewhere" : NULL;
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

/* Report Noisy Max: the index of the winner k (the one entry that is
   not bot, count 1), or -1 */
static slong
argmax_winner(const svt_runs_t R)
{
    slong i, k = -1;
    for (i = 0; i < R->len; i++)
        if (R->runs[i].a != SVT_BOT)
        {
            if (k >= 0 || R->runs[i].count != 1 || R->runs[i].a == SVT_LABEL)
                return -1;
            k = i;
        }
    return k;
}

/* Report Noisy Max with Exp(b) noise.  The winner's noisy value u is at
   least L = max_i q_i, and s = e^{-(u - L)/b} maps [L, inf) onto (0, 1]:
   Pr[argmax = k] = c_k int_0^1 prod_{i != k} (1 - c_i s)^{n_i} ds with
   c_i = e^{(q_i - L)/b}, an integral of a polynomial (no tail to cut).
   With the value v released: its density (1/b) e^{-(v - q_k)/b} times
   prod_{i != k} (1 - e^{-(v - q_i)/b})^{n_i}, 0 unless v >= L. */
static void
argmax_exp_value(svt_prob_t res, const svt_runs_t R, slong k, int side,
    const arb_t b, slong prec)
{
    fmpq_t x;
    arb_t t;
    slong i;
    fmpq_init(x);
    arb_init(t);
    /* ln density = -(v - q_k)/b - ln b + sum n_i ln(1 - e^{-(v - q_i)/b}) */
    arb_log(res->log_value, b, prec);
    arb_neg(res->log_value, res->log_value);
    for (i = 0; i < R->len && !res->zero; i++)
    {
        fmpq_sub(x, R->runs[k].v, R->runs[i].q[side]);
        if (fmpq_sgn(x) < 0)
            res->zero = 1;      /* a noisy value below its own query */
        arb_set_fmpq(t, x, prec);
        arb_div(t, t, b, prec);
        if (i == k)
            arb_sub(res->log_value, res->log_value, t, prec);
        else if (fmpq_is_zero(x))
            res->zero = 1;      /* F(0) = 0 */
        else
        {
            arb_neg(t, t);
            arb_expm1(t, t, prec);
            arb_neg(t, t);
            arb_log(t, t, prec);
            arb_mul_ui(t, t, R->runs[i].count, prec);
            arb_add(res->log_value, res->log_value, t, prec);
        }
    }
    if (res->zero)
    {
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
    }
    else
        arb_exp(res->value, res->log_value, prec);
    fmpq_clear(x);
    arb_clear(t);
}

/* the largest query of one side */
static const fmpq *
runs_max_q(const svt_runs_t R, int side)
{
    const fmpq * L = R->runs[0].q[side];
    slong i;
    for (i = 1; i < R->len; i++)
        if (fmpq_cmp(R->runs[i].q[side], L) > 0)
            L = R->runs[i].q[side];
    return L;
}

static void
argmax_exp_index(svt_prob_t res, const svt_runs_t R, slong k, int side,
    const arb_t b, const integral_opt_t opt, slong prec)
{
    arb_ptr c = _arb_vec_init(R->len);
    fmpz * n = _fmpz_vec_init(R->len);
    const fmpq * L = runs_max_q(R, side);
    fmpq_t x;
    arb_t ck, J;
    slong i, len = 0;
    fmpq_init(x);
    arb_init(ck);
    arb_init(J);
    for (i = 0; i < R->len; i++)
    {
        fmpq_sub(x, R->runs[i].q[side], L);
        arb_set_fmpq(i == k ? ck : c + len, x, prec);
        if (i == k)
        {
            arb_div(ck, ck, b, prec);   /* ln c_k */
            continue;
        }
        arb_div(c + len, c + len, b, prec);
        arb_exp(c + len, c + len, prec);
        fmpz_set_ui(n + len, R->runs[i].count);
        len++;
    }
    if (integral_linear_powers(J, c, n, len, opt) != INTEGRAL_SUCCESS)
        res->status = SVT_PROB_GOAL_MISSED;
    arb_log(res->log_value, J, prec);
    arb_add(res->log_value, res->log_value, ck, prec);
    arb_exp(res->value, res->log_value, prec);
    fmpq_clear(x);
    arb_clear(ck);
    arb_clear(J);
    _arb_vec_clear(c, R->len);
    _fmpz_vec_clear(n, R->len);
}

/* Pr[argmax = k] = int f(u) prod_{i != k} F(u + q_k - q_i)^{n_i} du, u the
   winner's noise; with the value v released, the point u = v - q_k */
static int
argmax_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R, int side,
    const integral_opt_t opt)
{
    const slong prec = SVT_PARAM_PREC;
    const svt_program * P = M->var->prog;
    int noise = P->register_noise;
    const arb_struct * scale = M->prog_scale + noise;
    slong k = argmax_winner(R), i;
    integral_t I;
    integral_result_t ir;
    fmpq_t x;
    arb_t s;
    fmpz_t n;

    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->budget_spent = 0;
    res->note = NULL;
    res->segments = 1;
    if (k < 0 || (R->runs[k].a == SVT_NUM && !P->outputs_numbers))
    {
        res->status = SVT_PROB_IMPOSSIBLE;
        res->zero = 1;
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
        return res->status;
    }
    if (P->noises[noise].exponential)
    {
        if (R->runs[k].a == SVT_NUM)
            argmax_exp_value(res, R, k, side, scale, prec);
        else
            argmax_exp_index(res, R, k, side, scale, opt, prec);
        return res->status;
    }
    fmpq_init(x);
    arb_init(s);
    fmpz_init(n);
    integral_init(I, P->noises[noise].law, scale);
    for (i = 0; i < R->len; i++)
    {
        if (i == k)
            continue;
        fmpq_sub(x, R->runs[k].q[side], R->runs[i].q[side]);
        arb_set_fmpq(s, x, prec);
        fmpz_set_ui(n, R->runs[i].count);
        integral_mul_cdf(I, P->noises[noise].law, scale, s, n);
    }
    if (R->runs[k].a == SVT_NUM)
    {
        fmpq_sub(x, R->runs[k].v, R->runs[k].q[side]);
        arb_set_fmpq(s, x, prec);
        integral_integrand_at(res->value, I, s, prec);
    }
    else
    {
        integral_result_init(ir);
        if (integral_eval(ir, I, opt, 0) != INTEGRAL_SUCCESS)
            res->status = SVT_PROB_GOAL_MISSED;
        res->budget_spent = ir->budget_spent;
        arb_set(res->value, ir->value);
        integral_result_clear(ir);
    }
    res->zero = arb_is_zero(res->value);
    svt_prob_set_log(res, prec);
    integral_clear(I);
    fmpq_clear(x);
    arb_clear(s);
    fmpz_clear(n);
    return res->status;
}

/* a DiPA automaton with a branch that assigns its register after a
   guard */
static int
dipa_guarded_assignment(const svt_program * P)
{
    int i, j;
    for (i = 0; P->dipa && i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            if (P->states[i].branches[j].natoms > 0
                    && P->states[i].branches[j].reset == PROG_RESET_ANSWER)
                return 1;
    return 0;
}

/* a DiPA automaton whose walk misses its goal or is refused: the exact
   joint integral instead, when the output is short enough for it and it
   succeeds.  An automaton with a guarded assignment (which the walk
   brackets, or refuses twice in a row) has tried it first already. */
static void
dipa_exact_instead(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    svt_prob_t J;
    if (!M->var->prog->dipa || dipa_guarded_assignment(M->var->prog)
            || (res->status != SVT_PROB_UNSUPPORTED
            && res->status != SVT_PROB_GOAL_MISSED)
            || svt_runs_length(R) > PROG_JOINT_MAX_QUERIES)
        return;
    svt_prob_init(J);
    if (svt_program_joint_prob(J, M, R, side, opt) == SVT_PROB_OK)
    {
        arb_swap(res->value, J->value);
        arb_swap(res->log_value, J->log_value);
        res->zero = J->zero;
        res->status = SVT_PROB_OK;
        res->note = NULL;
    }
    svt_prob_clear(J);
}

int
svt_program_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    if (M->var->prog->argmax)
        return argmax_prob(res, M, R, side, opt);
    if (M->var->prog->nregs > 1)
        return svt_program_joint_prob(res, M, R, side, opt);
    /* a register assigned after a guard: the walk would bracket it, the
       exact joint integral is cheaper on short outputs */
    if (dipa_guarded_assignment(M->var->prog)
            && svt_runs_length(R) <= PROG_JOINT_MAX_QUERIES
            && svt_program_joint_prob(res, M, R, side, opt) == SVT_PROB_OK)
        return res->status;
    svt_program_walk_prob(res, M, R, side, opt);
    dipa_exact_instead(res, M, R, side, opt);
    return res->status;
}

/* the walk over the paths, segment integrals by the engine */
int
svt_program_walk_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    prog_walk w;
    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->budget_spent = 0;
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
        svt_prob_set_log(res, SVT_PARAM_PREC);
        if (w.goal_missed)
            res->status = SVT_PROB_GOAL_MISSED;
        res->budget_spent = w.budget_spent;
    }
    walk_clear(&w);
    return res->status;
}

int
svt_program_reads_no_input(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (!P->states[i].noninput)
            return 0;
    return P->nstates > 0;
}

/* the distances q_i - L of the other queries on one side, merged: counts
   of equal distances are added */
static slong
argmax_offsets(fmpq * off, ulong * cnt, const svt_runs_t R, slong k,
    int side, fmpq_t L)
{
    slong i, j, n = 0;
    fmpq_set(L, runs_max_q(R, side));
    for (i = 0; i < R->len; i++)
    {
        fmpq_t d;
        if (i == k)
            continue;
        fmpq_init(d);
        fmpq_sub(d, R->runs[i].q[side], L);
        for (j = 0; j < n && !fmpq_equal(off + j, d); j++)
            ;
        if (j == n)
        {
            fmpq_set(off + n, d);
            cnt[n++] = 0;
        }
        cnt[j] += R->runs[i].count;
        fmpq_clear(d);
    }
    return n;
}

int
svt_exact_log_ratio(fmpq_t r, const svt_model_t M, const svt_runs_t R)
{
    const svt_program * P = M->var->prog;
    fmpq * off[2];
    ulong * cnt[2];
    fmpq_t L[2], b;
    slong n[2], i, j, k;
    int side, same = 1;
    if (P == NULL || !P->argmax || !P->noises[P->register_noise].exponential)
        return 0;
    k = argmax_winner(R);
    if (k < 0 || R->runs[k].a != SVT_TOP)
        return 0;
    fmpq_init(b);
    if (!svt_model_expr_fmpq(b, M, P->noises[P->register_noise].scale)
            || fmpq_sgn(b) <= 0)
    {
        fmpq_clear(b);
        return 0;
    }
    for (side = 0; side < 2; side++)
    {
        off[side] = _fmpq_vec_init(R->len);
        cnt[side] = flint_calloc(R->len, sizeof(ulong));
        fmpq_init(L[side]);
        n[side] = argmax_offsets(off[side], cnt[side], R, k, side, L[side]);
    }
    /* the same multiset of distances: the same polynomial integral */
    same = n[0] == n[1];
    for (i = 0; i < n[0] && same; i++)
    {
        for (j = 0; j < n[1] && !fmpq_equal(off[0] + i, off[1] + j); j++)
            ;
        same = j < n[1] && cnt[0][i] == cnt[1][j];
    }
    if (same)
    {
        /* ln c_k(D) - ln c_k(D') */
        fmpq_sub(r, R->runs[k].q[0], L[0]);
        fmpq_sub(r, r, R->runs[k].q[1]);
        fmpq_add(r, r, L[1]);
        fmpq_div(r, r, b);
    }
    for (side = 0; side < 2; side++)
    {
        _fmpq_vec_clear(off[side], R->len);
        flint_free(cnt[side]);
        fmpq_clear(L[side]);
    }
    fmpq_clear(b);
    return same;
}

int
svt_variant_translation_invariant(const svt_variant_struct * var)
{
    const svt_program * P = var->prog;
    int i, j, k;
    if (P == NULL)
        return var->comparison == SVT_CMP_STANDARD;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            for (k = 0; k < P->states[i].branches[j].natoms; k++)
                if (P->states[i].branches[j].atoms[k].op == PROG_ABS_GE
                        || P->states[i].branches[j].atoms[k].op == PROG_ABS_LT)
                    return 0;
    return 1;
}
