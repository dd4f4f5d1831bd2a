/* program_walk.c -- the walk back-end: certified Pr[A(D) = a] of a
   program with one register, as the sum over the paths of states,
   counter and register redraws that produce the output vector a, and
   for each path the product of its segment integrals (one register
   value z per segment: program_segment.c; a register assigned after a
   guard: program_nested.c). */

#include <string.h>
#include "program_walk.h"

/* ------------------------------------------------------------------ */
/* one segment                                                         */


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
        prog_item_query(x, w, it);   /* the raw q: a fresh number reads it */
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
    if (k > 1 && B->reset != PROG_RESET_FRESH)
    {
        /* the k - 1 identical segments below hold for a fresh reset only;
           walk_from takes a `reset ANSWER` one query at a time, and a
           caller that did not is refused here, never computed */
        w->unsupported = "internal: a register assigned from the answer, "
            "taken for several queries at once";
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
        /* the other k - 1 queries: identical one-query segments, each
           compared with the fresh register the query before drew (k > 1
           only for a fresh reset: walk_from takes a `reset ANSWER` one
           query at a time).  Their item is not the first query's, whose
           threshold may be relative to an answer assigned before it
           (base_item): theirs is the bare T of the query. */
        arb_t v;
        fmpz_t e;
        prog_seg one = ng;
        arb_init(v);
        fmpz_init_set_ui(e, k - 1);
        push_item(w, i, s, b, 0, 1, -1);
        one.start = w->nitems - 1;
        one.base_item = -1;
        segment_value(v, w, w->nitems - 1, w->nitems, &one);
        w->nitems--;
        arb_pow_fmpz(v, v, e, SVT_PARAM_PREC);
        arb_mul(a2, a2, v, SVT_PARAM_PREC);
        arb_clear(v);
        fmpz_clear(e);
    }
    walk_from(w, ni, nd, B->next, nc, a2, ng, stopped);
    w->nitems--;
    arb_clear(a2);
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
    if (!prog_walk_charge(w, 0))
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
    w->P = M->prog;
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
    if (M->prog->argmax)
        return 0;   /* every query gets an output */
    if (M->prog->nregs > 1)
        return -1;  /* not decided for several registers */
    walk_run(&w, M, R, 0, NULL, 0);
    r = w.unsupported != NULL ? -1 : w.paths == 0 ? 0 : w.stopped == w.paths
        ? 1 : w.stopped == 0 ? 0 : -1;
    walk_clear(&w);
    return r;
}

void
svt_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R,
    int side, const arb_t z, slong prec)
{
    prog_walk w;
    fmpq_t zq;
    if (M->prog->argmax || M->prog->nregs > 1)
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

/* an output no branch gives: a number from a program without one, a
   label it does not have */
static const char *
outside_alphabet(const svt_program * P, const svt_runs_t R)
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    slong na = svt_program_alphabet(kind, label, P), i, j;
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (r->a == SVT_NUM && !P->outputs_numbers)
            return "the variant outputs no numbers";
        if (r->a != SVT_LABEL)
            continue;
        for (j = 0; j < na; j++)
            if (kind[j] == SVT_LABEL && strcmp(label[j], r->label) == 0)
                break;
        if (j == na)
            return "the variant has no output of this label";
    }
    return NULL;
}

const char *
svt_program_walk_impossible(const svt_model_t M, const svt_runs_t R)
{
    prog_walk w;
    slong paths;
    const char * u = outside_alphabet(M->prog, R);
    if (u != NULL)
        return u;
    walk_run(&w, M, R, 0, NULL, 0);
    paths = w.paths;
    u = w.unsupported;
    walk_clear(&w);
    if (paths > 0 || u != NULL)
        return NULL;
    return "no path of the program produces this output (its branches, "
        "counter and stops do not allow it)";
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
    res->tie = w.tie;
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

