/* prove_lowered.c -- the loss has no bound: a DiPA automaton whose cycle
   lowers (or raises) one register to each new insample
   (prove_unbounded.h, Lowered). */

#include <math.h>
#include <string.h>
#include "prove_unbounded.h"

#define LW_PREC 96
#define LW_MAX_TERMS (PROG_MAX_BRANCHES + 1)
#define LW_UPPER_CELLS_LOG 14   /* the upper sum: 2^14 cells */
#define LW_LOWER_CELLS 2048     /* the lower sum's cells */
#define LW_MAX_CYCLE 4          /* steps of a cycle (3^4 shifts) */
#define LW_ALL_CELLS 4000000    /* cells (times steps) of one proof */
#define LW_TRIES 8              /* families whose ratio is computed */
#define LW_NT 6                 /* box sizes tried: M = t beta */
#define LW_RATIO_WORK 100000    /* the family's ratio: work of one ... */
#define LW_POOL_WORK 200000     /* ... and of all of them */

/* one branch: insample in [max over its >= atoms of reg + off, min over
   its < atoms of reg + off) */
typedef struct
{
    int nlo, nhi;
    int lo_reg[PROG_MAX_ATOMS], hi_reg[PROG_MAX_ATOMS];
    const fmpq * lo_off[PROG_MAX_ATOMS];
    const fmpq * hi_off[PROG_MAX_ATOMS];
}
lw_term;

/* one step: insample = c + Lap(b); its branches with the path's output
   (term[0]: the path's own) */
typedef struct
{
    fmpq_t c;
    const arb_struct * b;
    int nterm;
    lw_term term[LW_MAX_TERMS];
}
lw_step;

/* the values a register may take: the line (kind 0), (-inf, v] (1) or
   [v, +inf) (2); in a cell of h: [v, w] (3) */
typedef struct
{
    int kind;
    arb_t v, w;
}
lw_box;

/* the cycle on one side: step 0 assigns h, steps 1 .. n-1 compare */
typedef struct
{
    int n, h, raise;
    lw_step st[UNB_MAX_PATH];
}
lw_cycle;

/* ---- reading the steps ---- */

/* the terms of branch j of S, and of every other branch (not the
   ending) with its output: 0, or -1 when a guard is not read here */
static int
read_terms(lw_step * L, const prog_state * S, int j)
{
    int a, k;
    L->nterm = 0;
    for (k = -1; k < S->nbranches; k++)
    {
        const prog_branch * B = S->branches + (k < 0 ? j : k);
        lw_term * T = L->term + L->nterm;
        if (k == j || (k >= 0 && (B->ending
                || !unb_same_output(B, S->branches + j))))
            continue;
        T->nlo = T->nhi = 0;
        for (a = 0; a < B->natoms; a++)
        {
            const prog_atom * A = B->atoms + a;
            if (A->answer != 0 || A->op > PROG_LT)
                return -1;
            if (A->op == PROG_GE)
            {
                T->lo_reg[T->nlo] = A->reg;
                T->lo_off[T->nlo++] = A->off;
            }
            else
            {
                T->hi_reg[T->nhi] = A->reg;
                T->hi_off[T->nhi++] = A->off;
            }
        }
        L->nterm++;
    }
    return 0;
}

/* 1 when no branch before j in S can hold with j (the first branch
   whose guard holds is taken, so the bounds below read j's guard
   alone): each earlier one, not the ending, has insample >= x + o1
   where j has insample < x + o2 with o2 <= o1, or the reverse */
static int
first_holding(const prog_state * S, int j)
{
    const prog_branch * J = S->branches + j;
    int k, a, c, apart;
    for (k = 0; k < j; k++)
    {
        const prog_branch * K = S->branches + k;
        if (K->ending)
            continue;
        for (apart = 0, a = 0; a < K->natoms && !apart; a++)
            for (c = 0; c < J->natoms && !apart; c++)
            {
                const prog_atom * x = K->atoms + a, * y = J->atoms + c;
                const prog_atom * ge = x->op == PROG_GE ? x : y;
                const prog_atom * lt = x->op == PROG_GE ? y : x;
                apart = x->reg == y->reg && x->answer == y->answer
                    && x->op <= PROG_LT && y->op <= PROG_LT && x->op != y->op
                    && fmpq_cmp(lt->off, ge->off) <= 0;
            }
        if (!apart)
            return 0;
    }
    return 1;
}

/* step i of path p at side `side` (q(D') by the digit of shift);
   0, or -1 */
static int
read_step(lw_step * L, const svt_model_t M, const unb_path * p, int i,
    int shift, int side, const fmpq_t delta)
{
    const svt_program * P = M->prog;
    const prog_state * S = P->states + p->state[i];
    int nz = S->answer_noise[0], d;
    if (nz < 0 || P->noises[nz].law != INTEGRAL_LAPLACE
            || P->noises[nz].exponential || S->abs_query
            || S->branches[p->branch[i]].out >= PROG_OUT_NOISY
            || !first_holding(S, p->branch[i]))
        return -1;
    for (d = 0; d < i; d++)
        shift /= 3;
    fmpq_zero(L->c);
    if (side == 1 && !S->noninput)
        fmpq_mul_si(L->c, delta, shift % 3 - 1);
    fmpq_add(L->c, L->c, P->noises[nz].mean);
    L->b = M->prog_scale + nz;
    return read_terms(L, S, p->branch[i]);
}

/* 1 when branch B assigns h alone, and its only comparison of h is
   insample < h (raise = 0) or insample >= h (raise = 1), offset 0 */
static int
lowers(const prog_branch * B, int h, int * raise)
{
    prog_regs one;
    int a, n = 0;
    memset(&one, 0, sizeof(one));
    prog_regs_add(&one, h);
    if (B->stop || B->ending || memcmp(&one, &B->assign, sizeof(one)) != 0)
        return 0;
    for (a = 0; a < B->natoms; a++)
        if (B->atoms[a].reg == h)
        {
            if (!fmpq_is_zero(B->atoms[a].off) || B->atoms[a].op > PROG_LT)
                return 0;
            *raise = B->atoms[a].op == PROG_GE;
            n++;
        }
    return n == 1;
}

/* the cycle p (its first step assigns) on side `side`: 0, or -1 when it
   is not one this proof reads: every branch of the first state with its
   output lowers h the same way (no other may stop: the last step's
   factor would not be a density of h), the other steps assign nothing */
static int
read_cycle(lw_cycle * C, const svt_model_t M, const unb_path * p,
    int shift, int side, const fmpq_t delta)
{
    const svt_program * P = M->prog;
    const prog_state * S = P->states + p->state[0];
    const prog_branch * B = S->branches + p->branch[0];
    int h, k, i, raise = 0, r2;
    C->n = 0;
    for (h = 0; h < P->nregs && !prog_regs_has(&B->assign, h); h++)
        ;
    if (h == P->nregs || !lowers(B, h, &raise))
        return -1;
    for (k = 0; k < S->nbranches; k++)
        if (!S->branches[k].ending && unb_same_output(S->branches + k, B)
                && (!lowers(S->branches + k, h, &r2) || r2 != raise
                || S->branches[k].next != B->next))
            return -1;
    for (i = 1; i < p->len; i++)
    {
        const prog_branch * E = P->states[p->state[i]].branches + p->branch[i];
        if (!prog_regs_empty(&E->assign) || E->reset != PROG_RESET_NONE)
            return -1;
    }
    C->h = h;
    C->raise = raise;
    for (i = 0; i < p->len; i++)
    {
        fmpq_init(C->st[i].c);
        C->n++;
        if (read_step(C->st + i, M, p, i, shift, side, delta) != 0)
            return -1;
    }
    return 0;
}

static void
cycle_clear(lw_cycle * C)
{
    int i;
    for (i = 0; i < C->n; i++)
        fmpq_clear(C->st[i].c);
    C->n = 0;
}

/* ---- one term's probability over boxes of the registers ---- */

/* the end of term T: the largest reg + off over its >= atoms (up = 0),
   the register at its box's upper end, or the smallest over its <
   atoms at the lower ends (up = 1); with low = 1 the other ends (the
   term's largest probability); 0 when some register's end is infinite
   in the direction that matters (the end is then +inf for up = 0, -inf
   for up = 1), 1 with out, 2 when no atom (the end is -inf, +inf) */
static int
term_end(arb_t out, const lw_term * T, const lw_box * X, int up, int low,
    int skip)
{
    int n = up ? T->nhi : T->nlo, k, any = 2;
    arb_t v, o;
    arb_init(v);
    arb_init(o);
    for (k = 0; k < n; k++)
    {
        int r = up ? T->hi_reg[k] : T->lo_reg[k];
        const lw_box * Bx = X + r;
        /* the end of the box that matters: for a lower end, the box's
           upper end (low = 0: the smallest probability) */
        int hi_end = up ? low : !low;
        if (r == skip)
            continue;
        if (Bx->kind == 0 || (hi_end && Bx->kind == 2)
                || (!hi_end && Bx->kind == 1))
        {
            if (low)
                continue;       /* that end is the widest: no bound */
            any = 0;
            break;
        }
        arb_set(v, Bx->kind == 3 && hi_end ? Bx->w : Bx->v);
        arb_set_fmpq(o, up ? T->hi_off[k] : T->lo_off[k], LW_PREC);
        arb_add(v, v, o, LW_PREC);
        if (any == 2)
            arb_set(out, v);
        else if (up)
            arb_min(out, out, v, LW_PREC);
        else
            arb_max(out, out, v, LW_PREC);
        any = 1;
    }
    arb_clear(v);
    arb_clear(o);
    return any;
}

/* a bound of P(insample in the term's interval, and in `in` when not
   NULL) over the boxes: below (low = 0) or above (low = 1) */
static void
term_prob(arb_t out, const lw_step * L, const lw_term * T, const lw_box * X,
    const lw_box * in, int low, int skip)
{
    arb_t lo, hi, cq;
    arf_t u, d;
    int el, eh;
    arb_init(lo);
    arb_init(hi);
    arb_init(cq);
    arf_init(u);
    arf_init(d);
    arb_set_fmpq(cq, L->c, LW_PREC);
    el = term_end(lo, T, X, 0, low, skip);
    eh = term_end(hi, T, X, 1, low, skip);
    if (in != NULL && in->kind == 1)
    {
        if (eh == 1)
            arb_min(hi, hi, in->v, LW_PREC);
        else if (eh == 2)
            arb_set(hi, in->v);
        eh = eh == 0 ? 0 : 1;
    }
    if (in != NULL && in->kind == 2)
    {
        if (el == 1)
            arb_max(lo, lo, in->v, LW_PREC);
        else if (el == 2)
            arb_set(lo, in->v);
        el = el == 0 ? 0 : 1;
    }
    arb_zero(out);
    if (el != 0 && eh != 0)
    {
        if (eh == 1)
        {
            arb_sub(hi, hi, cq, LW_PREC);
            unb_cdf_bound(u, hi, L->b, low);
        }
        else
            arf_one(u);
        if (el == 1)
        {
            arb_sub(lo, lo, cq, LW_PREC);
            unb_cdf_bound(d, lo, L->b, !low);
        }
        else
            arf_zero(d);
        arf_sub(u, u, d, LW_PREC, low ? ARF_RND_UP : ARF_RND_DOWN);
        if (arf_sgn(u) > 0)
            arb_set_arf(out, u);
    }
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(cq);
    arf_clear(u);
    arf_clear(d);
}

/* the density of step L's insample over the cell [v, w]: a bound of its
   sup (up = 1), at the point of the cell nearest the centre, or of its
   inf (up = 0), at the end farther from it */
static void
density_bound(arb_t out, const lw_step * L, const arb_t v, const arb_t w,
    int up)
{
    arb_t a, t;
    arb_init(a);
    arb_init(t);
    arb_set_fmpq(a, L->c, LW_PREC);
    if (up)
    {
        if (arb_lt(a, v))
            arb_sub(t, v, a, LW_PREC);
        else if (arb_gt(a, w))
            arb_sub(t, w, a, LW_PREC);
        else
            arb_zero(t);        /* the centre may be in the cell */
        integral_law_density(out, INTEGRAL_LAPLACE, L->b, t, LW_PREC);
    }
    else
    {
        arb_sub(t, v, a, LW_PREC);
        integral_law_density(out, INTEGRAL_LAPLACE, L->b, t, LW_PREC);
        arb_sub(t, w, a, LW_PREC);
        integral_law_density(a, INTEGRAL_LAPLACE, L->b, t, LW_PREC);
        arb_min(out, out, a, LW_PREC);
    }
    arb_clear(a);
    arb_clear(t);
}

/* ---- phi, the factor of one pass given h in a cell ---- */

/* a bound of phi over the cell [v, w] of h and the boxes X of the other
   registers: of its sup (up = 1: the density of the assigned insample,
   then per later step the sum over its terms, at most 1; X all lines,
   so every comparison with another register is dropped), or of its inf
   (up = 0: the path's branches, whose comparisons must hold on X) */
static void
cell_phi(arb_t out, const lw_cycle * C, lw_box * X, const arb_t v,
    const arb_t w, int up)
{
    arb_t p, q, lo, hi, sv;
    int i, k, el, eh, kind = X[C->h].kind;
    arb_init(p);
    arb_init(q);
    arb_init(lo);
    arb_init(hi);
    arb_init(sv);
    arb_set(sv, X[C->h].v);     /* h's box, restored below */
    X[C->h].kind = 3;
    arb_set(X[C->h].v, v);
    arb_set(X[C->h].w, w);
    density_bound(out, C->st, v, w, up);
    if (!up)
    {
        /* the assigning branch's comparisons with other registers hold
           on the whole cell: [lo, hi) contains [v, w] */
        el = term_end(lo, C->st[0].term, X, 0, 0, C->h);
        eh = term_end(hi, C->st[0].term, X, 1, 0, C->h);
        if (el == 0 || eh == 0 || (el == 1 && !arb_le(lo, v))
                || (eh == 1 && !arb_le(w, hi)))
            arb_zero(out);
    }
    for (i = 1; i < C->n && !arb_is_zero(out); i++)
    {
        const lw_step * L = C->st + i;
        arb_zero(p);
        for (k = 0; k < (up ? L->nterm : 1); k++)
        {
            term_prob(q, L, L->term + k, X, NULL, up, -1);
            arb_add(p, p, q, LW_PREC);
        }
        arb_sub_si(q, p, 1, LW_PREC);
        if (up && !arb_is_negative(q))
            arb_one(p);         /* a probability: at most 1 */
        arb_mul(out, out, p, LW_PREC);
    }
    X[C->h].kind = kind;
    arb_swap(X[C->h].v, sv);
    arb_clear(sv);
    arb_clear(p);
    arb_clear(q);
    arb_clear(lo);
    arb_clear(hi);
}

/* sum += width times phi's bound (cell_phi, up) on each of the n cells
   of [lo, lo + n width] */
static void
cell_sum(arb_t sum, const lw_cycle * C, lw_box * X, const arb_t lo,
    const arb_t width, slong n, int up)
{
    arb_t v, w, f;
    slong i;
    arb_init(v);
    arb_init(w);
    arb_init(f);
    for (i = 0; i < n; i++)
    {
        arb_mul_si(v, width, i, LW_PREC);
        arb_add(v, v, lo, LW_PREC);
        arb_add(w, v, width, LW_PREC);
        cell_phi(f, C, X, v, w, up);
        arb_addmul(sum, f, width, LW_PREC);
    }
    arb_clear(v);
    arb_clear(w);
    arb_clear(f);
}

/* G >= the integral of phi over the line on the relaxed side (C with
   X all lines): an upper sum over 2^lg cells of [c0 - R, c0 + R], R =
   40 times the largest scale plus the offsets, and the density's tails
   beyond (every later step at most 1); work counts cells times steps */
static void
g_upper(arf_t out, const lw_cycle * C, lw_box * X, int lg, slong * work)
{
    arb_t lo, width, v, w, f, sum;
    double c0 = fmpq_get_d(C->st[0].c), R = 0;
    slong i, n = WORD(1) << lg;
    arb_init(lo);
    arb_init(width);
    arb_init(v);
    arb_init(w);
    arb_init(f);
    arb_init(sum);
    for (i = 0; i < C->n; i++)
    {
        double b = arf_get_d(arb_midref(C->st[i].b), ARF_RND_UP)
            + fabs(fmpq_get_d(C->st[i].c) - c0) + 1;
        R = R > 40 * b ? R : 40 * b;
    }
    R = ceil(R < 1e6 ? R : 1e6);    /* doubles place the grid only */
    arb_set_d(lo, c0 - R);
    arb_set_d(width, 2 * R);
    arb_mul_2exp_si(width, width, -lg);
    cell_sum(sum, C, X, lo, width, n, 1);
    /* the tails: the assigned insample's mass beyond the grid */
    arb_set_fmpq(v, C->st[0].c, LW_PREC);
    arb_sub(w, lo, v, LW_PREC);
    integral_law_cdf(f, INTEGRAL_LAPLACE, C->st[0].b, w, LW_PREC);
    arb_add(sum, sum, f, LW_PREC);
    arb_mul_si(w, width, n, LW_PREC);
    arb_add(w, w, lo, LW_PREC);
    arb_sub(w, v, w, LW_PREC);
    integral_law_cdf(f, INTEGRAL_LAPLACE, C->st[0].b, w, LW_PREC);
    arb_add(sum, sum, f, LW_PREC);
    arb_get_ubound_arf(out, sum, LW_PREC);
    *work += n * C->n;
    arb_clear(lo);
    arb_clear(width);
    arb_clear(v);
    arb_clear(w);
    arb_clear(f);
    arb_clear(sum);
}

/* A <= the integral of phi over I = [-M, M] on the boxes X (the lower
   sum of LW_LOWER_CELLS cells) */
static void
a_lower(arf_t out, const lw_cycle * C, lw_box * X, const arb_t M,
    slong * work)
{
    arb_t lo, width, sum;
    arb_init(lo);
    arb_init(width);
    arb_init(sum);
    arb_neg(lo, M);
    arb_mul_2exp_si(width, M, 1);
    arb_div_si(width, width, LW_LOWER_CELLS, LW_PREC);
    cell_sum(sum, C, X, lo, width, LW_LOWER_CELLS, 0);
    arb_get_lbound_arf(out, sum, LW_PREC);
    *work += LW_LOWER_CELLS * C->n;
    arb_clear(lo);
    arb_clear(width);
    arb_clear(sum);
}

/* mu <= the probability of the lead-in's outputs (side 0: the lead-in is
   not shifted) with every register assigned there last landing in its
   box X: per step, the least probability of its branch over the boxes
   the registers are in then (a register assigned again later: the
   line); 0 when a step is not read here */
static void
lead_lower(arb_t mu, const svt_model_t M, const unb_path * lead,
    const lw_box * X, const fmpq_t delta)
{
    const svt_program * P = M->prog;
    lw_box cur[PROG_MAX_REGS];
    lw_step L;
    arb_t p;
    int i, r, j, last[PROG_MAX_REGS], in;
    arb_init(p);
    fmpq_init(L.c);
    arb_one(mu);
    for (r = 0; r < P->nregs; r++)
    {
        cur[r].kind = 0;
        last[r] = -1;
    }
    for (i = 0; i < lead->len; i++)
        for (r = 0; r < P->nregs; r++)
            if (prog_regs_has(&P->states[lead->state[i]].branches[lead->branch[i]].assign, r))
                last[r] = i;
    for (i = 0; i < lead->len && !arb_is_zero(mu); i++)
    {
        const prog_branch * B = P->states[lead->state[i]].branches + lead->branch[i];
        if (read_step(&L, M, lead, i, 0, 0, delta) != 0)
        {
            arb_zero(mu);
            break;
        }
        /* the box the value assigned here must land in (one at most) */
        for (in = -1, j = 0, r = 0; r < P->nregs; r++)
            if (last[r] == i && X[r].kind != 0)
            {
                in = r;
                j++;
            }
        if (j > 1)
        {
            arb_zero(mu);
            break;
        }
        term_prob(p, &L, L.term, cur, in >= 0 ? X + in : NULL, 0, -1);
        arb_mul(mu, mu, p, LW_PREC);
        for (r = 0; r < P->nregs; r++)
            if (prog_regs_has(&B->assign, r))
                cur[r] = last[r] == i ? X[r] : (lw_box) { 0 };
    }
    fmpq_clear(L.c);
    arb_clear(p);
}

/* ---- the families ---- */

/* the numbers of a family's proof: k, ln w, A, G, w, M */
enum { LW_K, LW_BASE, LW_A, LW_G, LW_W, LW_M, LW_NUMS };

/* a family: the lead-in to the cycle's state, the cycle m times with
   q(D') by the digits of shift, u = dir the side above (0: D) */
typedef struct
{
    unb_path lead, cyc;
    int shift, dir, h, raise;
    double score;           /* ranking only (smaller first) */
    arb_struct num[LW_NUMS];    /* LW_K ... LW_M */
}
lw_cand;

static void
cand_init(lw_cand * c)
{
    int i;
    for (i = 0; i < LW_NUMS; i++)
        arb_init(c->num + i);
}

static void
cand_clear(lw_cand * c)
{
    int i;
    for (i = 0; i < LW_NUMS; i++)
        arb_clear(c->num + i);
}

static void
cand_set(lw_cand * d, const lw_cand * c)
{
    int i;
    d->lead = c->lead;
    d->cyc = c->cyc;
    d->shift = c->shift;
    d->dir = c->dir;
    d->h = c->h;
    d->raise = c->raise;
    d->score = c->score;
    for (i = 0; i < LW_NUMS; i++)
        arb_set(d->num + i, c->num + i);
}

/* the boxes of the u side at size Mi: h beyond +-Mi (above for a
   lowered register), a register the path's comparisons bound only from
   below (insample >= x + off) at or below -Mi - off, only from above
   at or above Mi - off, any other the line */
static void
box_setup(lw_box * X, int nregs, const lw_cycle * C, const arb_t Mi)
{
    int r, i, k, ge, lt;
    arb_t t;
    arb_init(t);
    for (r = 0; r < nregs; r++)
    {
        X[r].kind = 0;
        ge = lt = 0;
        arb_zero(X[r].v);
        for (i = 0; i < C->n; i++)
        {
            const lw_term * T = C->st[i].term;
            for (k = 0; k < T->nlo; k++)
                if (T->lo_reg[k] == r)
                {
                    arb_set_fmpq(t, T->lo_off[k], LW_PREC);
                    arb_max(X[r].v, X[r].v, t, LW_PREC);
                    ge = 1;
                }
            for (k = 0; k < T->nhi; k++)
                if (T->hi_reg[k] == r && !(i == 0 && r == C->h))
                {
                    arb_set_fmpq(t, T->hi_off[k], LW_PREC);
                    arb_neg(t, t);
                    arb_max(X[r].v, X[r].v, t, LW_PREC);
                    lt = 1;
                }
        }
        if (r == C->h)
        {
            X[r].kind = C->raise ? 1 : 2;
            arb_set(X[r].v, Mi);
        }
        else if (ge != lt)
        {
            X[r].kind = ge ? 1 : 2;
            arb_add(X[r].v, X[r].v, Mi, LW_PREC);
        }
        if (X[r].kind == 1)
            arb_neg(X[r].v, X[r].v);
    }
    arb_clear(t);
}

static lw_box *
boxes_new(int n)
{
    lw_box * X = flint_malloc(n * sizeof(lw_box));
    int r;
    for (r = 0; r < n; r++)
    {
        X[r].kind = 0;
        arb_init(X[r].v);
        arb_init(X[r].w);
    }
    return X;
}

static void
boxes_free(lw_box * X, int n)
{
    int r;
    for (r = 0; r < n; r++)
    {
        arb_clear(X[r].v);
        arb_clear(X[r].w);
    }
    flint_free(X);
}

/* the best box size for family c (filled but lead, cyc, shift, dir):
   1 when some size certifies k = ln A - ln G > 0 and w > 0 */
static int
try_family(lw_cand * c, const svt_model_t M, const fmpq_t delta,
    slong * work)
{
    static const int ts[LW_NT] = { 1, 2, 3, 4, 6, 8 };
    const svt_program * P = M->prog;
    lw_cycle Cu, Cv;
    lw_box * X = boxes_new(P->nregs), * Y = boxes_new(P->nregs);
    arf_t g, a;
    arb_t lg, la, k, base, mu, Mi;
    int i, ok = 0;
    double bmax;
    arb_init(mu);
    arb_init(Mi);
    arf_init(g);
    arf_init(a);
    arb_init(lg);
    arb_init(la);
    arb_init(k);
    arb_init(base);
    Cu.n = Cv.n = 0;
    if (read_cycle(&Cu, M, &c->cyc, c->shift, c->dir, delta) != 0
            || read_cycle(&Cv, M, &c->cyc, c->shift, 1 - c->dir, delta) != 0)
        goto done;
    c->h = Cu.h;
    c->raise = Cu.raise;
    g_upper(g, &Cv, Y, LW_UPPER_CELLS_LOG, work);
    arb_set_arf(lg, g);
    arb_log(lg, lg, LW_PREC);
    bmax = arf_get_d(arb_midref(Cu.st[0].b), ARF_RND_UP);
    for (i = 1; i < Cu.n; i++)
        bmax = fmax(bmax, arf_get_d(arb_midref(Cu.st[i].b), ARF_RND_UP));
    for (i = 0; i < LW_NT && bmax < 1e6; i++)
    {
        double score;
        arb_set_d(Mi, ceil(ts[i] * bmax));
        box_setup(X, P->nregs, &Cu, Mi);
        a_lower(a, &Cu, X, Mi, work);
        if (arf_cmp(a, g) <= 0)
            continue;
        lead_lower(mu, M, &c->lead, X, delta);
        if (!arb_is_positive(mu))
            continue;
        arb_set_arf(la, a);
        arb_log(la, la, LW_PREC);
        arb_sub(k, la, lg, LW_PREC);
        arb_log(base, mu, LW_PREC);
        if (!arb_is_positive(k) || !arb_is_finite(base))
            continue;
        /* the m at which the line passes the claim (doubles rank only) */
        score = (M->has_claim ? arf_get_d(arb_midref(M->claimed), ARF_RND_UP)
            : 0) - arf_get_d(arb_midref(base), ARF_RND_DOWN);
        score /= arf_get_d(arb_midref(k), ARF_RND_DOWN);
        if (!ok || score < c->score)
        {
            c->score = score;
            arb_set(c->num + LW_K, k);
            arb_set(c->num + LW_BASE, base);
            arb_set_arf(c->num + LW_A, a);
            arb_set_arf(c->num + LW_G, g);
            arb_set(c->num + LW_W, mu);
            arb_set(c->num + LW_M, Mi);
            ok = 1;
        }
    }
done:
    cycle_clear(&Cu);
    cycle_clear(&Cv);
    boxes_free(X, P->nregs);
    boxes_free(Y, P->nregs);
    arf_clear(g);
    arf_clear(a);
    arb_clear(lg);
    arb_clear(la);
    arb_clear(k);
    arb_clear(base);
    arb_clear(mu);
    arb_clear(Mi);
    return ok;
}

/* the family's and the proof's words in W */
static void
lowered_words(restart_result_t W, const svt_program * P, const lw_cand * c)
{
    const arb_struct * n = c->num;
    char * ks = decimal_interval(n + LW_K, 8), * gs = decimal_bound(n + LW_G, 8, 1);
    char * as = decimal_bound(n + LW_A, 8, 0), * ws = decimal_bound(n + LW_W, 4, 0);
    char * ms = decimal_interval(n + LW_M, 4), * bs = decimal_interval(n + LW_BASE, 8);
    char pc[160], pl[160];
    const char * u = c->dir ? "D'" : "D", * v = c->dir ? "D" : "D'";
    const char * h = P->reg_names[c->h];
    char sh[64];
    int i, d, used = 0;
    unb_path_words(pc, sizeof(pc), P, &c->cyc);
    unb_path_words(pl, sizeof(pl), P, &c->lead);
    /* q(D') of each step of the cycle, in Delta (0 at a non-input step) */
    for (i = 0, d = c->shift; i < c->cyc.len && used < (int) sizeof(sh) - 8;
            i++, d /= 3)
        used += snprintf(sh + used, sizeof(sh) - used, "%s%s", i ? ", " : "",
            P->states[c->cyc.state[i]].noninput || d % 3 == 1 ? "0"
            : d % 3 == 0 ? "-Delta" : "+Delta");
    snprintf(W->desc, sizeof(W->desc), "the cycle %s m times after the "
        "shortest lead-in (%s), q(D) = 0, q(D') = (%s) on the cycle's steps "
        "(m = %lu shown)", pc, pl, sh, W->m_shown);
    snprintf(W->proof, sizeof(W->proof), "PROOF: the cycle's first step "
        "sets %s := insample when insample %s %s, nothing else after the "
        "lead-in assigns a register, and every output fixes the branch: "
        "given the other registers x, the m values of %s are %s and each "
        "adds one factor phi(x, b), so Pr[A(%s)=a_m] = integral of "
        "W(x, b_0) Phi_x(b_0)^m / m!, Phi_x(b_0) the integral of phi %s "
        "b_0. On %s, Phi <= G <= %s (phi with the comparisons with other "
        "registers dropped, integrated over the line: an upper sum); on %s, "
        "with the registers beyond M = %s and the m values in [-M, M], "
        "Pr >= w A^m / m! with A >= %s (a lower sum) and w >= %s (the "
        "lead-in's least probability); hence ln ratio(a_m) >= ln w + m k, "
        "ln w in %s, k = ln A - ln G in %s > 0: unbounded in m",
        h, c->raise ? ">=" : "<", h, h, c->raise ? "increasing" :
        "decreasing", u, c->raise ? "above" : "below", v, gs, u, ms, as, ws,
        bs, ks);
    flint_free(ks);
    flint_free(gs);
    flint_free(as);
    flint_free(ws);
    flint_free(ms);
    flint_free(bs);
}

/* the family c computed at m = 8 (4, 2 when not) for the words and the
   lower bound; 1 when computed and the proof's line lies below it (W
   filled) */
static int
certify(restart_result_t W, const svt_model_t M, const lw_cand * c,
    const fmpq_t delta, const ratio_opt * ro)
{
    static const ulong want[3] = { 8, 4, 2 };
    svt_runs_t R;
    ratio_result_t r;
    arb_t line;
    int j, ok = 0;
    svt_runs_init(R);
    ratio_result_init(r);
    arb_init(line);
    for (j = 0; j < 3 && !ok; j++)
    {
        svt_runs_clear(R);
        svt_runs_init(R);
        unb_family_runs(R, M->prog, &c->lead, &c->cyc, NULL, NULL, NULL,
            c->shift, delta, want[j]);
        ratio_decide(r, M, R, ro);
        W->ratios++;
        if (!ratio_speaks_to_claim(r) || !arb_is_finite(r->lr[c->dir]))
            continue;
        /* the line at m is a lower bound of the ratio there: a computed
           ratio certainly below it would be a fault of the bounds */
        arb_mul_ui(line, c->num + LW_K, want[j], LW_PREC);
        arb_add(line, line, c->num + LW_BASE, LW_PREC);
        if (arb_gt(line, r->lr[c->dir]))
            break;
        ok = 1;
        W->found = 1;
        arb_set(W->k, c->num + LW_K);
        W->has_base = 1;
        arb_set(W->base, c->num + LW_BASE);
        ratio_result_swap(W->r, r);
        svt_runs_set(W->R, R);
        unb_keep_family(W, &c->lead, &c->cyc, NULL, NULL, c->shift, want[j],
            c->dir);
        lowered_words(W, M->prog, c);
    }
    svt_runs_clear(R);
    ratio_result_clear(r);
    arb_clear(line);
    return ok;
}

/* the cycle at state s whose first step is branch j, then the shortest
   path back to s through branches that assign nothing; 0, or -1 */
static int
cycle_at(unb_path * cy, const svt_program * P, int s, int j)
{
    const prog_branch * B = P->states[s].branches + j;
    unb_path back;
    int i;
    if (B->ending || B->stop || prog_regs_empty(&B->assign))
        return -1;
    back.len = 0;
    if (B->next != s && unb_path_to(&back, P, B->next, s, 1) != 0)
        return -1;
    if (back.len + 1 > LW_MAX_CYCLE)
        return -1;
    cy->len = back.len + 1;
    cy->state[0] = s;
    cy->branch[0] = j;
    for (i = 0; i < back.len; i++)
    {
        cy->state[i + 1] = back.state[i];
        cy->branch[i + 1] = back.branch[i];
    }
    return 0;
}

/* keeps c among the n best (by score, the first found first on ties) */
static void
rank_keep(lw_cand * best, int * n, const lw_cand * c)
{
    int i, j;
    for (i = 0; i < *n && c->score >= best[i].score; i++)
        ;
    if (i >= LW_TRIES)
        return;
    if (*n < LW_TRIES)
        (*n)++;
    for (j = *n - 1; j > i; j--)
        cand_set(best + j, best + j - 1);
    cand_set(best + i, c);
}

void
lowered_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    lw_cand best[LW_TRIES], c;
    int s, j, i, n = 0;
    slong work = 0, pool = 0;
    ratio_limits lim;
    ratio_opt own;
    if (P == NULL || !P->dipa || P->has_counter || P->argmax
            || !prog_fits_small_tables(P))
        return;
    for (i = 0; i < LW_TRIES; i++)
        cand_init(best + i);
    cand_init(&c);
    for (s = 0; s < P->nstates; s++)
    {
        if (unb_path_to(&c.lead, P, 0, s, 0) != 0
                || !unb_path_fixed(P, &c.lead))
            continue;
        for (j = 0; j < P->states[s].nbranches; j++)
        {
            if (cycle_at(&c.cyc, P, s, j) != 0 || !unb_path_fixed(P, &c.cyc))
                continue;
            for (c.shift = 0; c.shift < unb_pow3(c.cyc.len); c.shift++)
                for (c.dir = 0; c.dir < 2 && work < LW_ALL_CELLS; c.dir++)
                    if (try_family(&c, M, delta, &work))
                        rank_keep(best, &n, &c);
        }
    }
    /* the proof's ratios have their own limits, counted in work */
    unb_own_limits(&own, &lim, ro, &pool, LW_RATIO_WORK, LW_POOL_WORK);
    for (i = 0; i < n && !W->found && pool < LW_POOL_WORK; i++)
        certify(W, M, best + i, delta, &own);
    for (i = 0; i < LW_TRIES; i++)
        cand_clear(best + i);
    cand_clear(&c);
}
