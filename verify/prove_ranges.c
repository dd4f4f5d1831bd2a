/* prove_ranges.c -- the loss has no bound: a DiPA automaton whose cycles
   compare several registers and keep them (prove_unbounded.h, Ranges). */

#include <math.h>
#include <string.h>
#include "prove_unbounded.h"

#define RG_MAX_DIM 4            /* registers the cycles compare */
#define RG_MAX_STEPS 4          /* A's and B's steps (at most 2 each) */
#define RG_MAX_TERMS (PROG_MAX_BRANCHES + 1)
#define RG_MAX_SCORED 400       /* families ranked (both directions: 2) */
#define RG_TRIES 8              /* families certified, best ranked first */
#define RG_MAX_CELLS 40000      /* cells examined by one bound ... */
#define RG_ALL_CELLS 200000     /* ... and by all of them */
#define RG_MAX_RATIOS 24        /* ratios of this proof ... */
#define RG_RATIO_WORK 60000     /* ... each within this work ... */
#define RG_POOL_WORK 150000     /* ... and all of them within this */
#define RG_PREC 96

/* one branch with the step's output: insample in [max over its >= atoms
   of x + off, min over its < atoms of x + off) */
typedef struct
{
    int nlo, nhi;
    int lo_dim[PROG_MAX_ATOMS], hi_dim[PROG_MAX_ATOMS];
    const fmpq * lo_off[PROG_MAX_ATOMS];
    const fmpq * hi_off[PROG_MAX_ATOMS];
}
rg_term;

/* one step of the cycles: insample = c + Lap(b) */
typedef struct
{
    fmpq_t c;
    const arb_struct * b;
    int nterm;
    rg_term term[RG_MAX_TERMS];
}
rg_step;

/* G as a function of the registers the cycles compare (dimension d is
   register reg[d]), and the values they can take (from the exit) */
typedef struct
{
    int ndim, nsteps;
    int reg[RG_MAX_DIM];
    rg_step st[RG_MAX_STEPS];
    int has_lo[RG_MAX_DIM], has_hi[RG_MAX_DIM];
    arf_struct lo[RG_MAX_DIM], hi[RG_MAX_DIM];
}
rg_g;

/* a box: per dimension [a 2^e, (a+1) 2^e] (kind 0), (-inf, a 2^e] (1),
   [a 2^e, +inf) (2) or the point a 2^e (3) */
typedef struct
{
    fmpz a[RG_MAX_DIM];
    slong e[RG_MAX_DIM];
    int kind[RG_MAX_DIM];
}
rg_cell;

/* a family: cycle a at s, cycle b at t (b < 0: none), exit branch x at
   the last state (x < 0: none) */
typedef struct
{
    int s, a, t, b, x, shift, dir;
    arf_struct score;       /* ranking only: grid max G_u / G_v */
}
rg_cand;

static void
rg_init(rg_g * G)
{
    int d;
    G->ndim = G->nsteps = 0;
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        G->has_lo[d] = G->has_hi[d] = 0;
        arf_init(G->lo + d);
        arf_init(G->hi + d);
    }
}

static void
rg_clear(rg_g * G)
{
    int d;
    for (d = 0; d < G->nsteps; d++)
        fmpq_clear(G->st[d].c);
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        arf_clear(G->lo + d);
        arf_clear(G->hi + d);
    }
}

/* the dimension of register r, added when new; -1 past RG_MAX_DIM */
static int
dim_of(rg_g * G, int r)
{
    int d;
    for (d = 0; d < G->ndim; d++)
        if (G->reg[d] == r)
            return d;
    if (G->ndim == RG_MAX_DIM)
        return -1;
    G->reg[G->ndim] = r;
    return G->ndim++;
}

int
unb_same_output(const prog_branch * A, const prog_branch * B)
{
    if (A->out >= PROG_OUT_NOISY || B->out >= PROG_OUT_NOISY)
        return A->out >= PROG_OUT_NOISY && B->out >= PROG_OUT_NOISY;
    return A->out == B->out && (A->out != PROG_OUT_LABEL
        || strcmp(A->out_label, B->out_label) == 0);
}

/* the terms of step L: every branch of S (not the ending) with branch
   j's output; 0, or -1 when a guard is not one the bound reads */
static int
step_terms(rg_g * G, rg_step * L, const prog_state * S, int j)
{
    int b, a;
    L->nterm = 0;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        rg_term * T = L->term + L->nterm;
        if (B->ending || !unb_same_output(B, S->branches + j))
            continue;
        T->nlo = T->nhi = 0;
        for (a = 0; a < B->natoms; a++)
        {
            const prog_atom * A = B->atoms + a;
            int d = dim_of(G, A->reg);
            if (A->answer != 0 || A->op > PROG_LT || d < 0)
                return -1;
            if (A->op == PROG_GE)
            {
                T->lo_dim[T->nlo] = d;
                T->lo_off[T->nlo++] = A->off;
            }
            else
            {
                T->hi_dim[T->nhi] = d;
                T->hi_off[T->nhi++] = A->off;
            }
        }
        L->nterm++;
    }
    return 0;
}

/* G on side `side` (0: D, every query 0; 1: D', shifted by the digits
   of shift) of the cycles A and B (B may be NULL); 0, or -1 */
static int
build_g(rg_g * G, const svt_model_t M, const unb_path * A,
    const unb_path * B, int shift, int side, const fmpq_t delta)
{
    const svt_program * P = M->prog;
    const unb_path * cyc[2] = { A, B };
    int c, i, sh = shift;
    for (c = 0; c < 2; c++)
        for (i = 0; cyc[c] != NULL && i < cyc[c]->len; i++)
        {
            const prog_state * S = P->states + cyc[c]->state[i];
            rg_step * L = G->st + G->nsteps;
            int nz = S->answer_noise[0];
            if (nz < 0 || P->noises[nz].law != INTEGRAL_LAPLACE
                    || P->noises[nz].exponential || S->abs_query)
                return -1;
            fmpq_init(L->c);
            G->nsteps++;
            if (side == 1 && !S->noninput)
                fmpq_mul_si(L->c, delta, sh % 3 - 1);
            sh /= 3;
            fmpq_add(L->c, L->c, P->noises[nz].mean);
            L->b = M->prog_scale + nz;
            if (step_terms(G, L, S, cyc[c]->branch[i]) != 0)
                return -1;
        }
    return 0;
}

/* the values the registers can take when the exit's guard holds at the
   released 0: insample >= x + off gives x <= -off, insample < x + off
   gives x > -off (the closure: a superset); registers the cycles do not
   compare are not dimensions */
static void
exit_support(rg_g * G, const prog_branch * E)
{
    int a, d;
    for (a = 0; a < E->natoms; a++)
    {
        const prog_atom * A = E->atoms + a;
        arb_t t;
        arf_t v;
        for (d = 0; d < G->ndim && G->reg[d] != A->reg; d++)
            ;
        if (d == G->ndim || A->answer != 0 || A->op > PROG_LT)
            continue;
        arb_init(t);
        arf_init(v);
        arb_set_fmpq(t, A->off, RG_PREC);
        arb_neg(t, t);
        if (A->op == PROG_GE)
        {
            arb_get_ubound_arf(v, t, RG_PREC);
            if (!G->has_hi[d] || arf_cmp(v, G->hi + d) < 0)
                arf_set(G->hi + d, v);
            G->has_hi[d] = 1;
        }
        else
        {
            arb_get_lbound_arf(v, t, RG_PREC);
            if (!G->has_lo[d] || arf_cmp(v, G->lo + d) > 0)
                arf_set(G->lo + d, v);
            G->has_lo[d] = 1;
        }
        arb_clear(t);
        arf_clear(v);
    }
}

/* ---- sup G over a box ---- */

/* the box's ends in dimension d, clipped to the values the register can
   take; 0 when they do not meet them */
static int
cell_ends(arf_t l, int * l_inf, arf_t h, int * h_inf, const rg_g * G,
    const rg_cell * C, int d)
{
    *l_inf = C->kind[d] == 1;
    *h_inf = C->kind[d] == 2;
    arf_set_fmpz(l, C->a + d);
    arf_mul_2exp_si(l, l, C->e[d]);
    arf_set(h, l);
    if (C->kind[d] == 0)
    {
        arf_one(h);
        arf_mul_2exp_si(h, h, C->e[d]);
        arf_add(h, h, l, ARF_PREC_EXACT, ARF_RND_DOWN);
    }
    if (G->has_lo[d] && (*l_inf || arf_cmp(l, G->lo + d) < 0))
    {
        arf_set(l, G->lo + d);
        *l_inf = 0;
    }
    if (G->has_hi[d] && (*h_inf || arf_cmp(h, G->hi + d) > 0))
    {
        arf_set(h, G->hi + d);
        *h_inf = 0;
    }
    return *l_inf || *h_inf || arf_cmp(l, h) <= 0;
}

/* an end of a term over the box, minus c, as a ball: the largest x + off
   over its >= atoms, x at the box's lower end l (up = 0), or the
   smallest x + off over its < atoms, x at the box's upper end h (up =
   1), the infinite ends left out; 0 when none is left (the end is
   infinite) */
static int
term_end(arb_t out, const rg_term * T, const fmpq_t c, arf_struct * ends,
    const int * inf, int up)
{
    int n = up ? T->nhi : T->nlo, k, any = 0;
    arb_t v, cq;
    arb_init(v);
    arb_init(cq);
    arb_set_fmpq(cq, c, RG_PREC);
    for (k = 0; k < n; k++)
    {
        int d = up ? T->hi_dim[k] : T->lo_dim[k];
        if (inf[d])
            continue;
        arb_set_fmpq(v, up ? T->hi_off[k] : T->lo_off[k], RG_PREC);
        arb_add_arf(v, v, ends + d, RG_PREC);
        arb_sub(v, v, cq, RG_PREC);
        if (!any)
            arb_set(out, v);
        else if (up)
            arb_min(out, out, v, RG_PREC);
        else
            arb_max(out, out, v, RG_PREC);
        any = 1;
    }
    arb_clear(v);
    arb_clear(cq);
    return any;
}

/* an upper bound of the step's probability over the box: the sum over
   its terms of P(lower end - c <= noise <= upper end - c), at most 1 */
static void
step_ub(arf_t out, const rg_step * L, arf_struct * l, const int * l_inf,
    arf_struct * h, const int * h_inf)
{
    arb_t lo, hi, sum;
    arf_t u, d;
    int k;
    arb_init(lo);
    arb_init(hi);
    arb_init(sum);
    arf_init(u);
    arf_init(d);
    for (k = 0; k < L->nterm; k++)
    {
        const rg_term * T = L->term + k;
        if (term_end(hi, T, L->c, h, h_inf, 1))
            unb_cdf_bound(u, hi, L->b, 1);
        else
            arf_one(u);
        if (term_end(lo, T, L->c, l, l_inf, 0))
            unb_cdf_bound(d, lo, L->b, 0);
        else
            arf_zero(d);
        arf_sub(u, u, d, RG_PREC, ARF_RND_UP);
        if (arf_sgn(u) > 0)
            arb_add_arf(sum, sum, u, RG_PREC);
    }
    arb_get_ubound_arf(out, sum, RG_PREC);
    if (arf_cmp_si(out, 1) > 0)
        arf_one(out);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(sum);
    arf_clear(u);
    arf_clear(d);
}

/* an upper bound of sup G over the box C (0 when C misses the values) */
static void
g_ub(arf_t out, const rg_g * G, const rg_cell * C)
{
    arf_struct l[RG_MAX_DIM], h[RG_MAX_DIM];
    int li[RG_MAX_DIM], hi[RG_MAX_DIM], d, i, meets = 1;
    arf_t f;
    arf_init(f);
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        arf_init(l + d);
        arf_init(h + d);
    }
    for (d = 0; d < G->ndim; d++)
        meets &= cell_ends(l + d, li + d, h + d, hi + d, G, C, d);
    if (meets)
        arf_one(out);
    else
        arf_zero(out);
    for (i = 0; i < G->nsteps && !arf_is_zero(out); i++)
    {
        step_ub(f, G->st + i, l, li, h, hi);
        arf_mul(out, out, f, RG_PREC, ARF_RND_UP);
    }
    arf_clear(f);
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        arf_clear(l + d);
        arf_clear(h + d);
    }
}

/* the cells per dimension of the first partition */
static int
grid_n(const rg_g * G)
{
    static const int n[RG_MAX_DIM + 1] = { 1, 64, 32, 12, 6 };
    return n[G->ndim];
}

/* the first partition of dimension d: [x0 2^wexp, (x0 + n) 2^wexp],
   wide enough that 40 scales past every answer less offset of its
   steps, and the values the register can take, lie inside (doubles
   choose the grid only; the bounds are balls) */
static void
x_range(fmpz_t x0, slong * wexp, const rg_g * G, int d, int n)
{
    double lo = 0, hi = 0, bmax = 1;
    int i, k, j, first = 1;
    for (i = 0; i < G->nsteps; i++)
    {
        const rg_step * L = G->st + i;
        double c = fmpq_get_d(L->c), b = arf_get_d(arb_midref(L->b), ARF_RND_UP);
        for (k = 0; k < L->nterm; k++)
            for (j = 0; j < L->term[k].nlo + L->term[k].nhi; j++)
            {
                const rg_term * T = L->term + k;
                int lo_atom = j < T->nlo;
                double v;
                if ((lo_atom ? T->lo_dim[j] : T->hi_dim[j - T->nlo]) != d)
                    continue;
                v = c - fmpq_get_d(lo_atom ? T->lo_off[j] : T->hi_off[j - T->nlo]);
                if (b > bmax)
                    bmax = b;
                if (first || v < lo)
                    lo = v;
                if (first || v > hi)
                    hi = v;
                first = 0;
            }
    }
    if (G->has_lo[d] && arf_get_d(G->lo + d, ARF_RND_DOWN) < lo)
        lo = arf_get_d(G->lo + d, ARF_RND_DOWN);
    if (G->has_hi[d] && arf_get_d(G->hi + d, ARF_RND_UP) > hi)
        hi = arf_get_d(G->hi + d, ARF_RND_UP);
    unb_grid_place(x0, wexp, lo, hi, bmax, n);
}

/* cell number idx of the first partition: digit d of idx (base n + 2)
   is the cell in dimension d, 0 the lower tail, n + 1 the upper */
static void
first_cell(rg_cell * C, const rg_g * G, slong idx, int n, fmpz * x0,
    const slong * wexp)
{
    int d;
    for (d = 0; d < G->ndim; d++)
    {
        int i = (int) (idx % (n + 2));
        idx /= n + 2;
        C->kind[d] = i == 0 ? 1 : i == n + 1 ? 2 : 0;
        fmpz_add_si(C->a + d, x0 + d, i == 0 ? 0 : i == n + 1 ? n : i - 1);
        C->e[d] = wexp[d];
    }
}

/* A and B := the halves of box C along finite dimension c (A may be C;
   B may not) */
static void
cell_halves(rg_cell * A, rg_cell * B, const rg_cell * C, int c)
{
    int d;
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        fmpz_set(A->a + d, C->a + d);
        fmpz_set(B->a + d, C->a + d);
        A->e[d] = B->e[d] = C->e[d];
        A->kind[d] = B->kind[d] = C->kind[d];
    }
    fmpz_mul_2exp(A->a + c, C->a + c, 1);
    fmpz_add_ui(B->a + c, A->a + c, 1);
    A->e[c]--;
    B->e[c]--;
}

/* the finite dimension of box C whose halves have the lowest larger
   bound (ties: the widest side, then the first), -1 when none is finite;
   tmp: room for two boxes, apart from C (each trial writes both); each
   bound is counted in *used and *budget */
static int
best_cut(const rg_g * G, const rg_cell * C, rg_cell * tmp, slong * used,
    slong * budget)
{
    arf_t u, v, best;
    int c = -1, d;
    arf_init(u);
    arf_init(v);
    arf_init(best);
    for (d = 0; d < G->ndim; d++)
    {
        if (C->kind[d] != 0)
            continue;
        cell_halves(tmp, tmp + 1, C, d);
        g_ub(u, G, tmp);
        g_ub(v, G, tmp + 1);
        *used += 2;
        *budget -= 2;
        arf_max(u, u, v);
        if (c < 0 || arf_cmp(u, best) < 0
                || (arf_cmp(u, best) == 0 && C->e[d] > C->e[c]))
        {
            c = d;
            arf_set(best, u);
        }
    }
    arf_clear(u);
    arf_clear(v);
    arf_clear(best);
    return c;
}

/* 1 when sup G < target is certified, by bisection of the first
   partition's boxes within RG_MAX_CELLS boxes, taken from *budget; a
   box with no finite side is not cut */
static int
g_below(const void * Gp, const arf_t target, slong * budget)
{
    const rg_g * G = (const rg_g *) Gp;
    int n = grid_n(G), ok = 1, d;
    slong ncells = 1, cap, top = 0, used = 0, idx;
    fmpz x0[RG_MAX_DIM];
    slong wexp[RG_MAX_DIM];
    rg_cell * st;
    arf_t u;
    for (d = 0; d < G->ndim; d++)
        ncells *= n + 2;
    cap = ncells + RG_MAX_CELLS + 4;
    st = flint_malloc(cap * sizeof(rg_cell));
    arf_init(u);
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        fmpz_init(x0 + d);
        wexp[d] = 0;
        if (d < G->ndim)
            x_range(x0 + d, wexp + d, G, d, n);
    }
    for (top = 0; top < cap; top++)
        for (d = 0; d < RG_MAX_DIM; d++)
            fmpz_init(st[top].a + d);
    for (idx = 0, top = 0; idx < ncells; idx++)
        first_cell(st + top++, G, idx, n, x0, wexp);
    while (ok && top > 0)
    {
        rg_cell * C = st + --top;
        int c = -1;
        g_ub(u, G, C);
        if (++used > RG_MAX_CELLS || --(*budget) < 0)
            ok = 0;
        else if (arf_cmp(u, target) >= 0)
        {
            /* cut in halves the finite dimension whose halves have the
               lowest bound (each trial counted as a box; the trials in
               the two slots past C's, never in C's own) */
            c = top + 3 > cap ? -1 : best_cut(G, C, st + top + 1, &used,
                budget);
            if (c < 0)
                ok = 0;     /* a box of tails at or above the target */
            else
            {
                cell_halves(st + top, st + top + 1, C, c);
                top += 2;
            }
        }
    }
    for (top = 0; top < cap; top++)
        for (d = 0; d < RG_MAX_DIM; d++)
            fmpz_clear(st[top].a + d);
    flint_free(st);
    for (d = 0; d < RG_MAX_DIM; d++)
        fmpz_clear(x0 + d);
    arf_clear(u);
    return ok;
}

/* the largest G at the points of a grid of (n + 1) points per
   dimension and at the ends of the values (for ranking only) */
static void
g_grid_max(arf_t out, const rg_g * G)
{
    int n = grid_n(G) >= 12 ? 8 : grid_n(G), d, m = grid_n(G), skip;
    slong np = 1, idx, k;
    fmpz x0[RG_MAX_DIM];
    slong wexp[RG_MAX_DIM];
    rg_cell C;
    arf_t u, p;
    fmpz_t e;
    arf_init(u);
    arf_init(p);
    fmpz_init(e);
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        fmpz_init(x0 + d);
        fmpz_init(C.a + d);
        wexp[d] = 0;
        if (d < G->ndim)
        {
            x_range(x0 + d, wexp + d, G, d, m);
            np *= n + 3;
        }
    }
    arf_zero(out);
    /* per dimension: grid index 0..n, n + 1 the lower end, n + 2 the upper */
    for (idx = 0; idx < np; idx++)
    {
        for (d = 0, k = idx, skip = 0; d < G->ndim && !skip; d++)
        {
            int i = (int) (k % (n + 3));
            k /= n + 3;
            if (i <= n)
            {
                fmpz_add_si(C.a + d, x0 + d, i * (m / n));
                arf_set_fmpz(p, C.a + d);
                arf_mul_2exp_si(p, p, wexp[d]);
            }
            else if (i == n + 1 ? G->has_lo[d] : G->has_hi[d])
                arf_set(p, i == n + 1 ? G->lo + d : G->hi + d);
            else
                skip = 1;
            if (!skip)
            {
                arf_get_fmpz_2exp(C.a + d, e, p);
                C.e[d] = fmpz_get_si(e);
                C.kind[d] = 3;
            }
        }
        if (skip)
            continue;
        g_ub(u, G, &C);
        if (arf_cmp(u, out) > 0)
            arf_set(out, u);
    }
    for (d = 0; d < RG_MAX_DIM; d++)
    {
        fmpz_clear(x0 + d);
        fmpz_clear(C.a + d);
    }
    arf_clear(u);
    arf_clear(p);
    fmpz_clear(e);
}

/* ---- the families ---- */

/* 1 when the path assigns no register */
static int
keeps_registers(const svt_program * P, const unb_path * p)
{
    int i;
    for (i = 0; i < p->len; i++)
    {
        const prog_branch * B = P->states[p->state[i]].branches + p->branch[i];
        if (!prog_regs_empty(&B->assign) || B->reset != PROG_RESET_NONE)
            return 0;
    }
    return 1;
}

int
unb_path_fixed(const svt_program * P, const unb_path * p)
{
    int i, k;
    for (i = 0; i < p->len; i++)
    {
        const prog_state * S = P->states + p->state[i];
        const prog_branch * B = S->branches + p->branch[i];
        for (k = 0; k < S->nbranches; k++)
        {
            const prog_branch * C = S->branches + k;
            if (k != p->branch[i] && unb_same_output(B, C) && !C->stop
                    && !C->ending && !prog_branches_same_effect(B, C))
                return 0;
        }
    }
    return 1;
}

/* 1 when branch x of state f is the only one of its state that
   releases a number: the released 0 then says which guard held */
static int
exit_alone(const svt_program * P, int f, int x)
{
    int k;
    for (k = 0; k < P->states[f].nbranches; k++)
        if (k != x && P->states[f].branches[k].out >= PROG_OUT_NOISY)
            return 0;
    return 1;
}

/* G of the family on side `side`, with the exit's support (x < 0: no
   exit at state f); 0, or -1 */
static int
family_g(rg_g * G, const svt_model_t M, const unb_path * A,
    const unb_path * B, int f, int x, int shift, int side, const fmpq_t delta)
{
    if (build_g(G, M, A, B, shift, side, delta) != 0 || G->ndim < 2)
        return -1;
    if (x >= 0)
        exit_support(G, M->prog->states[f].branches + x);
    return 0;
}

/* the grid maxima of G on both sides (ranking only); 0 when not read or
   a maximum is 0 */
static int
grid_maxima(arf_struct * g, const svt_model_t M, const unb_path * A,
    const unb_path * B, int f, int x, int shift, const fmpq_t delta)
{
    int side, ok = 1;
    for (side = 0; side < 2 && ok; side++)
    {
        rg_g G;
        rg_init(&G);
        ok = family_g(&G, M, A, B, f, x, shift, side, delta) == 0;
        if (ok)
        {
            g_grid_max(g + side, &G);
            ok = !arf_is_zero(g + side);
        }
        rg_clear(&G);
    }
    return ok;
}

/* keeps c among the n best (by score, the first found first on ties) */
static void
rank_keep(rg_cand * best, int * n, const rg_cand * c)
{
    int i, j;
    for (i = 0; i < *n && arf_cmp(&c->score, &best[i].score) <= 0; i++)
        ;
    if (i >= RG_TRIES)
        return;
    if (*n < RG_TRIES)
        (*n)++;
    for (j = *n - 1; j > i; j--)
    {
        arf_swap(&best[j].score, &best[j - 1].score);
        best[j].s = best[j - 1].s;
        best[j].a = best[j - 1].a;
        best[j].t = best[j - 1].t;
        best[j].b = best[j - 1].b;
        best[j].x = best[j - 1].x;
        best[j].shift = best[j - 1].shift;
        best[j].dir = best[j - 1].dir;
    }
    arf_set(&best[i].score, &c->score);
    best[i].s = c->s;
    best[i].a = c->a;
    best[i].t = c->t;
    best[i].b = c->b;
    best[i].x = c->x;
    best[i].shift = c->shift;
    best[i].dir = c->dir;
}

/* the family's and the proof's words in W */
static void
ranges_words(restart_result_t W, const svt_program * P, const unb_path * A,
    const unb_path * B, const unb_path * E, const rg_g * Gv, ulong m0,
    const arb_t s)
{
    char * ss = decimal_interval(s, 8), * ks = decimal_interval(W->k, 8);
    char pa[160], pb[160], pe[160], regs[160], text[1024];
    const char * num = W->dir ? "D'" : "D", * den = W->dir ? "D" : "D'";
    int d;
    size_t used = 0;
    unb_path_words(pa, sizeof(pa), P, A);
    unb_path_words(pb, sizeof(pb), P, B);
    unb_path_words(pe, sizeof(pe), P, E);
    regs[0] = '\0';
    for (d = 0; d < Gv->ndim && used < sizeof(regs); d++)
        used += (size_t) snprintf(regs + used, sizeof(regs) - used, "%s%s",
            d ? ", " : "", P->reg_names[Gv->reg[d]]);
    snprintf(text, sizeof(text), "the cycle %s m times after the shortest "
        "lead-in%s%s%s%s%s, q(D) = 0, q(D') in {-Delta, 0, Delta} per step of "
        "the cycles (m = %lu shown)", pa, B ? ", the shortest path to the "
        "next, then the cycle " : "", pb, B ? " m times" : "", E->len
        ? ", then the exit releasing 0: " : "", pe, m0);
    snprintf(W->desc, sizeof(W->desc), "%.*s", (int) sizeof(W->desc) - 1, text);
    snprintf(W->proof, sizeof(W->proof), "PROOF: nothing after the lead-in "
        "assigns a register and every output fixes the branch (up to branches "
        "that stop the run), so "
        "Pr[A(%s)=a_m] = integral of W(x) H(x) G(x)^m dx, x = (%s), G(x) the "
        "probability of one pass of the cycles given x%s; its log is convex "
        "in m, so each m past %lu adds at least s = ln Pr[a_%lu] - ln "
        "Pr[a_%lu] in %s; on %s, sup G over %s is below a bound certified "
        "by bisection of boxes, so each m adds at most its log; hence ln "
        "Pr[A(%s)=a_m]/Pr[A(%s)=a_m] >= ln ratio(a_%lu) + (m - %lu) k with "
        "k in %s > 0: unbounded in m", num, regs, E->len ? ", H(x) the "
        "path's and the exit's factor (the exit's guard at the released 0 "
        "bounds x)" : ", H(x) the path's factor", m0, m0, m0 - 1, ss, den,
        E->len ? "the x the exit allows" : "every x", num, den, m0, m0, ks);
    flint_free(ss);
    flint_free(ks);
}

/* the certified proof for family c at m0: 1 when found (W filled), 0
   when not, -1 when the engine did not compute the family's ratios */
static int
certify(restart_result_t W, const svt_model_t M, const rg_cand * c,
    const unb_path * A, const unb_path * B, const fmpq_t delta,
    const ratio_opt * ro, ulong m0, slong * budget)
{
    const svt_program * P = M->prog;
    unb_path lead, mid, E;
    svt_runs_t R0, R1;
    ratio_result_t r0, r1;
    rg_g Gv;
    arb_t s, rate;
    arf_t est;
    int ok = 0, u = c->dir, f = B != NULL ? c->t : c->s;
    mid.len = E.len = 0;
    if (unb_path_to(&lead, P, 0, c->s, 0) != 0 || (B != NULL
            && unb_path_to(&mid, P, c->s, c->t, 1) != 0))
        return 0;
    if (c->x >= 0)
    {
        E.len = 1;
        E.state[0] = f;
        E.branch[0] = c->x;
    }
    rg_init(&Gv);
    svt_runs_init(R0);
    svt_runs_init(R1);
    ratio_result_init(r0);
    ratio_result_init(r1);
    arb_init(s);
    arb_init(rate);
    arf_init(est);
    /* the family at m0 - 1 and m0: s, the increment of ln Pr_u */
    unb_family_runs(R0, P, &lead, A, &mid, B, &E, c->shift, delta, m0 - 1);
    unb_family_runs(R1, P, &lead, A, &mid, B, &E, c->shift, delta, m0);
    ratio_decide(r0, M, R0, ro);
    ratio_decide(r1, M, R1, ro);
    W->ratios += 2;
    arb_sub(s, r1->p[u]->log_value, r0->p[u]->log_value, RG_PREC);
    if (!arb_is_finite(s) || !arb_is_finite(r1->lr[u]))
        ok = -1;        /* not computed: a larger m0 will not be either */
    else if (ratio_speaks_to_claim(r1)
            && family_g(&Gv, M, A, B, f, c->x, c->shift, 1 - u, delta) == 0)
    {
        g_grid_max(est, &Gv);
        ok = unb_bound_rate(rate, s, est, g_below, &Gv, budget);
    }
    if (ok == 1)
    {
        W->found = 1;
        arb_set(W->k, rate);
        ratio_result_swap(W->r, r1);
        svt_runs_set(W->R, R1);
        unb_keep_family(W, &lead, A, &mid, B, c->shift, m0, u);
        W->exit = E;
        ranges_words(W, P, A, B, &E, &Gv, m0, s);
    }
    rg_clear(&Gv);
    svt_runs_clear(R0);
    svt_runs_clear(R1);
    ratio_result_clear(r0);
    ratio_result_clear(r1);
    arb_clear(s);
    arb_clear(rate);
    arf_clear(est);
    return ok;
}

/* the largest m0 the engine takes for the family (the lead-in, the
   path and the exit included), at most `want`; 0 when below 4 */
static ulong
family_m0(const svt_model_t M, const rg_cand * c, const unb_path * A,
    const unb_path * B, ulong want)
{
    const svt_program * P = M->prog;
    unb_path lead, mid;
    slong mq = svt_model_max_queries(M), fixed, per;
    ulong m0 = want;
    mid.len = 0;
    if (unb_path_to(&lead, P, 0, c->s, 0) != 0 || (B != NULL
            && unb_path_to(&mid, P, c->s, c->t, 1) != 0))
        return 0;
    fixed = lead.len + mid.len + (c->x >= 0);
    per = A->len + (B != NULL ? B->len : 0);
    if (mq > 0 && fixed + (slong) m0 * per > mq)
        m0 = mq > fixed ? (ulong) ((mq - fixed) / per) : 0;
    return m0 >= 4 ? m0 : 0;
}

/* the exits at state f: branches that release insample, assign nothing
   and are not the ending (at most 4), then -1 (no exit) */
static int
exits_of(int * x, const svt_program * P, int f)
{
    int b, n = 0;
    for (b = 0; b < P->states[f].nbranches && n < 4; b++)
    {
        const prog_branch * E = P->states[f].branches + b;
        if (exit_alone(P, f, b) && !E->ending && E->out == PROG_OUT_NOISY && E->out_answer == 0
                && prog_regs_empty(&E->assign) && E->reset == PROG_RESET_NONE)
            x[n++] = b;
    }
    x[n++] = -1;
    return n;
}

/* ranks every family (within RG_MAX_SCORED) into best; returns how many
   are kept */
static int
rank_families(rg_cand * best, const svt_model_t M,
    unb_path cy[][8], const int * ncy, const fmpq_t delta)
{
    const svt_program * P = M->prog;
    unb_path lead, mid;
    int s, t, a, b, i, nx, x[5], n = 0, shift;
    slong scored = 0;
    rg_cand c;
    arf_struct g[2];
    arf_init(g);
    arf_init(g + 1);
    arf_init(&c.score);
    for (s = 0; s < P->nstates; s++)
    {
        if (ncy[s] == 0 || unb_path_to(&lead, P, 0, s, 0) != 0)
            continue;
        for (t = 0; t < P->nstates; t++)
        {
            mid.len = 0;
            if (t != s && (unb_path_to(&mid, P, s, t, 1) != 0
                    || !keeps_registers(P, &mid) || !unb_path_fixed(P, &mid)))
                continue;
            for (a = 0; a < ncy[s]; a++)
                for (b = -1; b < ncy[t]; b++)
                {
                    const unb_path * B = b >= 0 ? &cy[t][b] : NULL;
                    if ((b < 0 && t != s) || (t == s && b >= 0 && b <= a)
                            || !unb_path_fixed(P, &lead) || !unb_path_fixed(P, &cy[s][a])
                            || (B != NULL && !unb_path_fixed(P, B)))
                        continue;
                    nx = exits_of(x, P, b >= 0 ? t : s);
                    for (shift = 0; shift < unb_pow3(cy[s][a].len
                            + (B != NULL ? B->len : 0)); shift++)
                        for (i = 0; i < nx; i++)
                        {
                            if (scored >= RG_MAX_SCORED)
                                goto done;
                            scored += 2;
                            if (!grid_maxima(g, M, &cy[s][a], B, b >= 0 ? t : s,
                                    x[i], shift, delta))
                                continue;
                            c.s = s;
                            c.a = a;
                            c.t = t;
                            c.b = b;
                            c.x = x[i];
                            c.shift = shift;
                            for (c.dir = 0; c.dir < 2; c.dir++)
                            {
                                arf_div(&c.score, g + c.dir, g + 1 - c.dir, 32,
                                    ARF_RND_DOWN);
                                if (arf_cmp_si(&c.score, 1) > 0)
                                    rank_keep(best, &n, &c);
                            }
                        }
                }
        }
    }
done:
    arf_clear(g);
    arf_clear(g + 1);
    arf_clear(&c.score);
    return n;
}

void
ranges_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    unb_path cy[PROG_SMALL_STATES][8];
    int ncy[PROG_SMALL_STATES], s, i, j, n;
    slong budget = RG_ALL_CELLS, r0 = W->ratios, pool = 0;
    rg_cand best[RG_TRIES];
    ratio_limits lim;
    ratio_opt own;
    if (P == NULL || !P->dipa || P->nregs < 2 || P->has_counter || P->argmax
            || !prog_fits_small_tables(P))
        return;     /* the cycles are kept in tables that wide */
    for (s = 0; s < P->nstates; s++)
        ncy[s] = unb_cycles_of(cy[s], P, s, 0);
    for (i = 0; i < RG_TRIES; i++)
        arf_init(&best[i].score);
    /* the proof's ratios have their own limits, counted in work: a family
       the engine computes only at great cost is given up early */
    unb_own_limits(&own, &lim, ro, &pool, RG_RATIO_WORK, RG_POOL_WORK);
    ro = &own;
    n = rank_families(best, M, cy, ncy, delta);
    /* per family, m0 = 8 first (4 when the engine does not compute it),
       then 16 and 48 while computed and not proved: s grows with m0 */
    for (i = 0; i < n && !W->found && budget > 0 && pool < RG_POOL_WORK; i++)
    {
        const unb_path * A = &cy[best[i].s][best[i].a];
        const unb_path * B = best[i].b >= 0 ? &cy[best[i].t][best[i].b] : NULL;
        static const ulong want[4] = { 8, 16, 48, 0 };
        ulong last = 0, m0;
        int r = 0;
        for (j = 0; want[j] > 0 && !W->found && r >= 0 && pool < RG_POOL_WORK
                && W->ratios - r0 + 2 <= RG_MAX_RATIOS; j++)
        {
            m0 = family_m0(M, best + i, A, B, want[j]);
            if (m0 <= last)
                break;
            r = certify(W, M, best + i, A, B, delta, ro, m0, &budget);
            if (r < 0 && j == 0 && (m0 = family_m0(M, best + i, A, B, 4)) > 0)
                r = certify(W, M, best + i, A, B, delta, ro, m0, &budget) < 0 ? -1 : -2;
            last = m0;
        }
    }
    for (i = 0; i < RG_TRIES; i++)
        arf_clear(&best[i].score);
}
