/* prove_loop.c -- the loss has no bound: a DiPA automaton with one
   register whose cycles keep it (prove_unbounded.h). */

#include <math.h>
#include <string.h>
#include "prove_unbounded.h"

#define LOOP_MAX_CYCLES 8       /* cycles of at most 2 steps per state */
#define LOOP_SCORE_GRID 32      /* points of the ranking grid */
#define LOOP_MAX_SCORED 2000    /* families ranked in all */
#define LOOP_GRID 256           /* cells of the first partition */
#define LOOP_MAX_CELLS 4000     /* cells examined by one bound ... */
#define LOOP_ALL_CELLS 200000   /* ... and by all of them */
#define LOOP_TRIES 10           /* families certified, best ranked first */
#define LOOP_MAX_RATIOS 60      /* ratios of the loop proof */
#define RELEASE_MAX_RATIOS 40   /* ratios of the released cycle */
#define LOOP_PREC 96

/* one step of the repeated part, as the bound sees it: the noisy answer
   y = c + Lap(b), and the set of y - x that takes this step's output:
   ncell intervals (lo, hi), lo_inf / hi_inf for -inf / +inf */
typedef struct
{
    fmpq_t c;
    const arb_struct * b;
    int ncell;
    fmpq lo[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS + 1];
    fmpq hi[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS + 1];
    int lo_inf[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS + 1];
    int hi_inf[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS + 1];
}
loop_step;

/* G as a function of the register's value during A (x0) and, when the
   path from A to B assigns the register once, during B (x1) */
typedef struct
{
    int nsteps, ndim;
    loop_step st[2 * 2];    /* A's and B's steps (at most 2 each) */
    int var[2 * 2];         /* the value step i compares: 0 (x0) or 1 (x1) */
    int has_lo[2], has_hi[2];   /* x_d's values lie in */
    arf_struct lo[2], hi[2];    /* [lo, hi] (bounds of the balls: wider) */
    int ncons;              /* x1 >= x0 + off (ge) or x1 < x0 + off: */
    int cons_ge[PROG_MAX_ATOMS];
    arf_struct cons_lo[PROG_MAX_ATOMS], cons_hi[PROG_MAX_ATOMS];  /* off */
}
loop_g;

static void
loop_g_init(loop_g * G)
{
    int d;
    G->nsteps = G->ncons = 0;
    G->ndim = 1;
    for (d = 0; d < 2; d++)
    {
        G->has_lo[d] = G->has_hi[d] = 0;
        arf_init(G->lo + d);
        arf_init(G->hi + d);
    }
    for (d = 0; d < PROG_MAX_ATOMS; d++)
    {
        arf_init(G->cons_lo + d);
        arf_init(G->cons_hi + d);
    }
}

/* the first branch of S whose guard holds at y - x = r (r not an
   offset); -1 when a guard is not one the bound reads */
static int
first_match(const prog_state * S, const fmpq_t r)
{
    int b, a;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        int holds = 1;
        for (a = 0; a < B->natoms; a++)
        {
            const prog_atom * A = B->atoms + a;
            int c = fmpq_cmp(r, A->off);
            if (A->answer != 0 || A->reg != 0 || A->op > PROG_LT)
                return -1;
            holds &= A->op == PROG_GE ? c > 0 : c < 0;
        }
        if (holds)
            return b;
    }
    return S->nbranches;    /* no guard holds: the ending */
}

static int
fmpq_cmp_ptr(const void * a, const void * b)
{
    return fmpq_cmp((const fmpq *) a, (const fmpq *) b);
}

/* the cells of y - x (between the guards' offsets) whose first branch
   gives the output of branch j (the same branch, or one with the same
   effect), merged when adjacent; 0, or -1 when the state's guards are
   not read */
static int
step_cells(loop_step * L, const prog_state * S, int j)
{
    fmpq off[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    int n = 0, u = 0, b, a, i, ret = 0;
    fmpq_t r;
    for (b = 0; b < S->nbranches; b++)
        for (a = 0; a < S->branches[b].natoms; a++)
            off[n++] = *S->branches[b].atoms[a].off;     /* shallow */
    qsort(off, n, sizeof(fmpq), fmpq_cmp_ptr);
    for (i = 0; i < n; i++)
        if (u == 0 || !fmpq_equal(off + u - 1, off + i))
            off[u++] = off[i];
    fmpq_init(r);
    L->ncell = 0;
    for (i = 0; i <= u && ret == 0; i++)
    {
        int k, same;
        if (u == 0)
            fmpq_zero(r);
        else if (i == 0)
            fmpq_sub_si(r, off, 1);
        else if (i == u)
            fmpq_add_si(r, off + u - 1, 1);
        else
        {
            fmpq_add(r, off + i - 1, off + i);
            fmpq_div_2exp(r, r, 1);
        }
        k = first_match(S, r);
        if (k < 0)
        {
            ret = -1;
            break;
        }
        same = k == j || (k < S->nbranches
            && prog_branches_same_effect(S->branches + k, S->branches + j));
        if (!same)
            continue;
        if (L->ncell > 0 && !L->hi_inf[L->ncell - 1] && i > 0
                && fmpq_equal(L->hi + L->ncell - 1, off + i - 1))
        {
            /* adjacent: extend the last cell */
            L->hi_inf[L->ncell - 1] = i == u;
            if (i < u)
                fmpq_set(L->hi + L->ncell - 1, off + i);
            continue;
        }
        k = L->ncell++;
        fmpq_init(L->lo + k);
        fmpq_init(L->hi + k);
        L->lo_inf[k] = i == 0;
        L->hi_inf[k] = i == u;
        if (i > 0)
            fmpq_set(L->lo + k, off + i - 1);
        if (i < u)
            fmpq_set(L->hi + k, off + i);
    }
    fmpq_clear(r);
    return ret;
}

static void
loop_g_clear(loop_g * G)
{
    int i, k;
    for (i = 0; i < G->nsteps; i++)
    {
        for (k = 0; k < G->st[i].ncell; k++)
        {
            fmpq_clear(G->st[i].lo + k);
            fmpq_clear(G->st[i].hi + k);
        }
        fmpq_clear(G->st[i].c);
    }
    G->nsteps = 0;
    for (i = 0; i < 2; i++)
    {
        arf_clear(G->lo + i);
        arf_clear(G->hi + i);
    }
    for (i = 0; i < PROG_MAX_ATOMS; i++)
    {
        arf_clear(G->cons_lo + i);
        arf_clear(G->cons_hi + i);
    }
}

void
unb_grid_place(fmpz_t x0, slong * wexp, double lo, double hi, double bmax,
    int n)
{
    lo -= 40 * bmax;
    hi += 40 * bmax;
    if (!(isfinite(lo) && isfinite(hi) && fabs(lo) < 1e15 && fabs(hi) < 1e15
            && hi - lo >= 1))
    {
        /* doubles cannot place the grid (a huge mu or scale): any grid
           with its tails still covers every value, so only the proof may
           be missed, never made wrong */
        lo = -1;
        hi = 1;
    }
    *wexp = 0;
    while (ldexp(1.0, (int) *wexp) * n < hi - lo)
        (*wexp)++;
    while (*wexp > -20 && ldexp(1.0, (int) *wexp - 1) * n >= hi - lo)
        (*wexp)--;
    fmpz_set_d(x0, floor(lo / ldexp(1.0, (int) *wexp)));
}

/* the Laplace CDF of scale b at t, bounded above (up) or below: the
   engine's CDF at the ball's upper (lower) end, a point */
void
unb_cdf_bound(arf_t out, const arb_t t, const arb_t b, int up)
{
    arb_t e, tt;
    arf_t p;
    arb_init(e);
    arb_init(tt);
    arf_init(p);
    if (up)
        arb_get_ubound_arf(p, t, LOOP_PREC);
    else
        arb_get_lbound_arf(p, t, LOOP_PREC);
    arb_set_arf(tt, p);
    integral_law_cdf(e, INTEGRAL_LAPLACE, b, tt, LOOP_PREC);
    if (up)
        arb_get_ubound_arf(out, e, LOOP_PREC);
    else
        arb_get_lbound_arf(out, e, LOOP_PREC);
    arb_clear(e);
    arb_clear(tt);
    arf_clear(p);
}

/* the CDF of the step's noise at end + x - c, bounded above (up) or
   below: end an offset of a cell, x an end of the interval of x */
static void
end_cdf(arf_t out, const loop_step * L, const fmpq_t end, const arb_t x,
    int up)
{
    arb_t t, cq;
    arb_init(t);
    arb_init(cq);
    arb_set_fmpq(t, end, LOOP_PREC);
    arb_add(t, t, x, LOOP_PREC);
    arb_set_fmpq(cq, L->c, LOOP_PREC);
    arb_sub(t, t, cq, LOOP_PREC);
    unb_cdf_bound(out, t, L->b, up);
    arb_clear(t);
    arb_clear(cq);
}

/* an upper bound of sup over x in [l, h] of the step's probability:
   the sum over its cells of P(l + lo - c <= noise <= h + hi - c), at
   most 1 (l_inf / h_inf: the end is -inf / +inf) */
static void
step_ub(arf_t out, const loop_step * L, const arb_t l, int l_inf,
    const arb_t h, int h_inf)
{
    arb_t sum;
    arf_t u, d;
    int k;
    arb_init(sum);
    arf_init(u);
    arf_init(d);
    arb_zero(sum);
    for (k = 0; k < L->ncell; k++)
    {
        if (L->hi_inf[k] || h_inf)
            arf_one(u);
        else
            end_cdf(u, L, L->hi + k, h, 1);
        if (L->lo_inf[k] || l_inf)
            arf_zero(d);
        else
            end_cdf(d, L, L->lo + k, l, 0);
        arf_sub(u, u, d, LOOP_PREC, ARF_RND_UP);
        arb_add_arf(sum, sum, u, LOOP_PREC);
    }
    arb_get_ubound_arf(out, sum, LOOP_PREC);
    if (arf_cmp_si(out, 1) > 0)
        arf_one(out);
    arb_clear(sum);
    arf_clear(u);
    arf_clear(d);
}

/* a cell of the (x0, x1) plane: per dimension, [a 2^e, (a+1) 2^e]
   (kind 0), (-inf, a 2^e] (kind 1), [a 2^e, +inf) (kind 2) or the point
   a 2^e (kind 3) */
typedef struct
{
    fmpz a[2];
    slong e[2];
    int kind[2];
}
loop_cell;

/* the ends of dimension d of cell C, clipped to x_d's values; 0 when
   they do not meet them */
static int
cell_ends(arb_t l, int * l_inf, arb_t h, int * h_inf, const loop_g * G,
    const loop_cell * C, int d)
{
    fmpz_t k;
    fmpz_init(k);
    *l_inf = C->kind[d] == 1;
    *h_inf = C->kind[d] == 2;
    arb_set_fmpz(l, C->a + d);
    arb_mul_2exp_si(l, l, C->e[d]);
    fmpz_add_ui(k, C->a + d, C->kind[d] == 0);
    arb_set_fmpz(h, k);
    arb_mul_2exp_si(h, h, C->e[d]);
    if (C->kind[d] == 1)
        arb_set(h, l);
    fmpz_clear(k);
    if (G->has_lo[d] && (*l_inf || arf_cmp(arb_midref(l), G->lo + d) < 0))
    {
        arb_set_arf(l, G->lo + d);
        *l_inf = 0;
    }
    if (G->has_hi[d] && (*h_inf || arf_cmp(arb_midref(h), G->hi + d) > 0))
    {
        arb_set_arf(h, G->hi + d);
        *h_inf = 0;
    }
    return *l_inf || *h_inf || arf_cmp(arb_midref(l), arb_midref(h)) <= 0;
}

/* an upper bound of sup of G over cell C (0 when C misses the values
   the registers can take) */
static void
g_ub(arf_t out, const loop_g * G, const loop_cell * C)
{
    arf_t f, t;
    arb_t l[2], h[2];
    int i, d, li[2], hi[2], meets = 1;
    arf_init(f);
    arf_init(t);
    for (d = 0; d < 2; d++)
    {
        arb_init(l[d]);
        arb_init(h[d]);
    }
    for (d = 0; d < G->ndim; d++)
        meets &= cell_ends(l[d], li + d, h[d], hi + d, G, C, d);
    /* x1 >= x0 + off misses the cell when x1 <= h1 < l0 + off; x1 < x0 +
       off when x1 >= l1 >= h0 + off */
    for (i = 0; meets && G->ndim == 2 && i < G->ncons; i++)
        if (G->cons_ge[i] && !hi[1] && !li[0])
        {
            arf_add(t, arb_midref(l[0]), G->cons_lo + i, LOOP_PREC, ARF_RND_DOWN);
            meets = arf_cmp(arb_midref(h[1]), t) >= 0;
        }
        else if (!G->cons_ge[i] && !li[1] && !hi[0])
        {
            arf_add(t, arb_midref(h[0]), G->cons_hi + i, LOOP_PREC, ARF_RND_UP);
            meets = arf_cmp(arb_midref(l[1]), t) < 0;
        }
    arf_one(out);
    if (!meets)
        arf_zero(out);
    for (i = 0; i < G->nsteps && !arf_is_zero(out); i++)
    {
        d = G->var[i];
        step_ub(f, G->st + i, l[d], li[d], h[d], hi[d]);
        arf_mul(out, out, f, LOOP_PREC, ARF_RND_UP);
    }
    arf_clear(f);
    arf_clear(t);
    for (d = 0; d < 2; d++)
    {
        arb_clear(l[d]);
        arb_clear(h[d]);
    }
}

/* the range of dimension d of the first partition: [x0, x0 + w n] with
   w = 2^wexp, wide enough that 40 scales past every answer and offset
   of its steps lies inside */
static void
x_range(fmpz_t x0, slong * wexp, const loop_g * G, int d, int n)
{
    double lo = 0, hi = 0, bmax = 1;
    int i, k, first = 1;
    for (i = 0; i < G->nsteps; i++)
    {
        const loop_step * L = G->st + i;
        double c = fmpq_get_d(L->c), b = arf_get_d(arb_midref(L->b), ARF_RND_UP);
        if (G->var[i] != d)
            continue;
        if (b > bmax)
            bmax = b;
        for (k = 0; k < 2 * L->ncell; k++)
        {
            const fmpq * o = k % 2 ? L->hi + k / 2 : L->lo + k / 2;
            double v;
            if (k % 2 ? L->hi_inf[k / 2] : L->lo_inf[k / 2])
                continue;
            v = c - fmpq_get_d(o);
            if (first || v < lo)
                lo = v;
            if (first || v > hi)
                hi = v;
            first = 0;
        }
    }
    unb_grid_place(x0, wexp, lo, hi, bmax, n);
}

/* the cells per dimension of the first partition: a grid of n, and the
   two tails */
static int
grid_n(const loop_g * G)
{
    return G->ndim == 1 ? LOOP_GRID : LOOP_GRID / 8;
}

/* 1 when sup G < target is certified, by bisection of the first
   partition's cells within LOOP_MAX_CELLS cells, taken from *budget; a
   cell of a tail is not cut */
static int
g_below(const loop_g * G, const arf_t target, slong * budget)
{
    int n = grid_n(G), ok = 1, d, i0, i1, m1 = G->ndim == 2 ? n + 2 : 1;
    slong cap = 5 * LOOP_MAX_CELLS + (slong) (n + 2) * m1 + 4, top = 0, used = 0;
    loop_cell * st = flint_malloc(cap * sizeof(loop_cell));
    fmpz_t x0[2];
    slong wexp[2];
    arf_t u;
    arf_init(u);
    for (d = 0; d < 2; d++)
    {
        fmpz_init(x0[d]);
        wexp[d] = 0;
        if (d < G->ndim)
            x_range(x0[d], wexp + d, G, d, n);
    }
    for (top = 0; top < cap; top++)
        for (d = 0; d < 2; d++)
            fmpz_init(st[top].a + d);
    top = 0;
    /* the first partition: index -1 and n are the tails */
    for (i0 = n; i0 >= -1; i0--)
        for (i1 = (G->ndim == 2 ? n : -1); i1 >= -1; i1--)
        {
            loop_cell * C = st + top++;
            int idx[2] = { i0, i1 };
            for (d = 0; d < 2; d++)
            {
                C->kind[d] = d < G->ndim ? (idx[d] < 0 ? 1 : idx[d] == n ? 2 : 0) : 1;
                fmpz_add_si(C->a + d, x0[d], idx[d] < 0 ? 0 : idx[d]);
                C->e[d] = wexp[d];
            }
        }
    while (ok && top > 0)
    {
        loop_cell * C = st + --top;
        g_ub(u, G, C);
        if (++used > (G->ndim == 1 ? LOOP_MAX_CELLS : 5 * LOOP_MAX_CELLS)
                || --(*budget) < 0)
            ok = 0;
        else if (arf_cmp(u, target) >= 0)
        {
            /* cut the finite dimension with the wider cell in halves */
            loop_cell * D = st + top + 1;
            int c = -1;
            for (d = 0; d < G->ndim; d++)
                if (C->kind[d] == 0 && (c < 0 || C->e[d] > C->e[c]))
                    c = d;
            if (c < 0)
            {
                ok = 0;     /* a tail at or above the target */
                break;
            }
            for (d = 0; d < 2; d++)
            {
                fmpz_set(D->a + d, C->a + d);
                D->e[d] = C->e[d];
                D->kind[d] = C->kind[d];
            }
            fmpz_mul_2exp(C->a + c, C->a + c, 1);
            fmpz_add_ui(D->a + c, C->a + c, 1);
            C->e[c]--;
            D->e[c]--;
            top += 2;
        }
    }
    for (top = 0; top < cap; top++)
        for (d = 0; d < 2; d++)
            fmpz_clear(st[top].a + d);
    flint_free(st);
    for (d = 0; d < 2; d++)
        fmpz_clear(x0[d]);
    arf_clear(u);
    return ok;
}

/* the largest G at the points of a grid and at the ends of the values
   (for ranking only) */
static void
g_grid_max(arf_t out, const loop_g * G)
{
    int n = G->ndim == 1 ? LOOP_SCORE_GRID : LOOP_SCORE_GRID / 2, i[2], d;
    int m = grid_n(G);
    fmpz_t x0[2];
    slong wexp[2];
    loop_cell C;
    arf_t u;
    arf_init(u);
    for (d = 0; d < 2; d++)
    {
        fmpz_init(x0[d]);
        fmpz_init(C.a + d);
        wexp[d] = 0;
        if (d < G->ndim)
            x_range(x0[d], wexp + d, G, d, m);
    }
    arf_zero(out);
    /* points: grid index 0..n, n + 1: the lower end, n + 2: the upper */
    for (i[0] = 0; i[0] <= n + 2; i[0]++)
        for (i[1] = 0; i[1] <= (G->ndim == 2 ? n + 2 : 0); i[1]++)
        {
            int skip = 0;
            for (d = 0; d < G->ndim; d++)
            {
                /* a point: a cell of width 0 */
                arf_t p;
                arf_init(p);
                if (i[d] <= n)
                {
                    fmpz_add_si(C.a + d, x0[d], i[d] * (m / n));
                    arf_set_fmpz(p, C.a + d);
                    arf_mul_2exp_si(p, p, wexp[d]);
                }
                else if (i[d] == n + 1 ? G->has_lo[d] : G->has_hi[d])
                    arf_set(p, i[d] == n + 1 ? G->lo + d : G->hi + d);
                else
                    skip = 1;
                if (!skip)
                {
                    fmpz_t e;
                    fmpz_init(e);
                    arf_get_fmpz_2exp(C.a + d, e, p);
                    C.e[d] = fmpz_get_si(e);
                    C.kind[d] = 3;  /* a point: [a 2^e, a 2^e] */
                    fmpz_clear(e);
                }
                arf_clear(p);
            }
            if (skip)
                continue;
            g_ub(u, G, &C);
            if (arf_cmp(u, out) > 0)
                arf_set(out, u);
        }
    for (d = 0; d < 2; d++)
    {
        fmpz_clear(x0[d]);
        fmpz_clear(C.a + d);
    }
    arf_clear(u);
}

/* ---- the families ---- */

/* 1 when branch B stores insample in the register and releases it */
static int
branch_pins(const prog_branch * B)
{
    return B->reset == PROG_RESET_ANSWER && B->out == PROG_OUT_NOISY
        && B->out_answer == B->reset_answer;
}

/* 1 when the last step of the lead-in that sets the register releases
   the value it stores (x := insample; output insample): the register
   then holds a number of the output (0 in these families) */
static int
lead_pins(const svt_program * P, const unb_path * lead)
{
    int i;
    for (i = lead->len - 1; i >= 0; i--)
    {
        const prog_branch * B = P->states[lead->state[i]].branches + lead->branch[i];
        if (B->reset == PROG_RESET_NONE && prog_regs_empty(&B->assign))
            continue;
        return branch_pins(B);
    }
    return 0;
}

typedef struct
{
    int s, a, t, b;         /* cycle a at s, cycle b at t (b < 0: none) */
    int shift, dir;         /* shifts of A's then B's steps; the side u */
    arf_struct score;       /* ranking only: grid max G_u / G_v */
}
loop_cand;

/* may branch B be a step of a repeated cycle?  It does not stop and
   assigns nothing, and it releases no number (release = 0) or releases
   insample, the answer DiPA's guards compare (release = 1) */
static int
cycle_step(const prog_branch * B, int release)
{
    return !B->stop && !B->ending && prog_regs_empty(&B->assign) && B->reset == PROG_RESET_NONE
        && (release ? B->out == PROG_OUT_NOISY && B->out_answer == 0
            : B->out < PROG_OUT_NOISY);
}

int
unb_cycles_of(unb_path * cy, const svt_program * P, int s, int release)
{
    int n = 0, b, b2;
    for (b = 0; b < P->states[s].nbranches && n < LOOP_MAX_CYCLES; b++)
    {
        const prog_branch * B = P->states[s].branches + b;
        if (!cycle_step(B, release))
            continue;
        if (B->next == s)
        {
            cy[n].len = 1;
            cy[n].state[0] = s;
            cy[n++].branch[0] = b;
            continue;
        }
        for (b2 = 0; b2 < P->states[B->next].nbranches && n < LOOP_MAX_CYCLES; b2++)
        {
            const prog_branch * C = P->states[B->next].branches + b2;
            if (C->next != s || !cycle_step(C, release))
                continue;
            cy[n].len = 2;
            cy[n].state[0] = s;
            cy[n].branch[0] = b;
            cy[n].state[1] = B->next;
            cy[n++].branch[1] = b2;
        }
    }
    return n;
}

/* The values the register can take after the lead-in, when its last
   assignment there is guarded and the one before released the value it
   stored (0 in these families): the guard's comparisons of insample
   (the value assigned) with that 0 bound it; the other guards of the
   state, not taken, are ignored (a superset) */
static void
lead_support(loop_g * G, const svt_program * P, const unb_path * lead)
{
    int i, j = -1, a;
    const prog_branch * B = NULL;
    for (i = lead->len - 1; i >= 0; i--)
    {
        const prog_branch * C = P->states[lead->state[i]].branches + lead->branch[i];
        if (C->reset == PROG_RESET_NONE && prog_regs_empty(&C->assign))
            continue;
        if (B == NULL)
            B = C;
        else
        {
            j = i;
            break;
        }
    }
    if (B != NULL && branch_pins(B))
    {
        /* x0 is the released 0 */
        G->has_lo[0] = G->has_hi[0] = 1;
        arf_zero(G->lo);
        arf_zero(G->hi);
        return;
    }
    if (B == NULL || j < 0 || B->reset != PROG_RESET_ANSWER || B->natoms == 0
            || !branch_pins(P->states[lead->state[j]].branches + lead->branch[j]))
        return;
    for (a = 0; a < B->natoms; a++)
    {
        const prog_atom * A = B->atoms + a;
        arf_t v;
        arb_t t;
        if (A->answer != B->reset_answer || A->reg != 0 || A->op > PROG_LT)
            continue;
        arf_init(v);
        arb_init(t);
        arb_set_fmpq(t, A->off, LOOP_PREC);
        if (A->op == PROG_GE)
        {
            arb_get_lbound_arf(v, t, LOOP_PREC);
            if (!G->has_lo[0] || arf_cmp(v, G->lo) > 0)
                arf_set(G->lo, v);
            G->has_lo[0] = 1;
        }
        else
        {
            arb_get_ubound_arf(v, t, LOOP_PREC);
            if (!G->has_hi[0] || arf_cmp(v, G->hi) < 0)
                arf_set(G->hi, v);
            G->has_hi[0] = 1;
        }
        arf_clear(v);
        arb_clear(t);
    }
}

/* the branch of the path that assigns the register, NULL when none;
   *n: how many do */
static const prog_branch *
mid_assignment(const svt_program * P, const unb_path * mid, int * n)
{
    const prog_branch * as = NULL;
    int i;
    *n = 0;
    for (i = 0; mid != NULL && i < mid->len; i++)
    {
        const prog_branch * B = P->states[mid->state[i]].branches + mid->branch[i];
        if (B->reset != PROG_RESET_NONE || !prog_regs_empty(&B->assign))
        {
            as = B;
            (*n)++;
        }
    }
    return as;
}

/* B's steps compare x1, the value that branch `as` stores: x1 is the
   released 0 when it releases it; else its guard's comparisons of the
   value with x0 (insample >= x0 + off, < x0 + off) constrain (x0, x1),
   the other guards of its state (not taken) ignored (a superset) */
static void
assignment_constraints(loop_g * G, const prog_branch * as)
{
    int a;
    G->ndim = 2;
    if (branch_pins(as))
    {
        G->has_lo[1] = G->has_hi[1] = 1;
        arf_zero(G->lo + 1);
        arf_zero(G->hi + 1);
    }
    for (a = 0; a < as->natoms; a++)
    {
        const prog_atom * A = as->atoms + a;
        arb_t t;
        if (A->answer != as->reset_answer || A->reg != 0 || A->op > PROG_LT)
            continue;
        arb_init(t);
        arb_set_fmpq(t, A->off, LOOP_PREC);
        G->cons_ge[G->ncons] = A->op == PROG_GE;
        arb_get_lbound_arf(G->cons_lo + G->ncons, t, LOOP_PREC);
        arb_get_ubound_arf(G->cons_hi + G->ncons, t, LOOP_PREC);
        G->ncons++;
        arb_clear(t);
    }
}

/* G on side `side` (0: D, every query 0; 1: D', shifted) of the cycles
   A and B (B may be NULL); 0, or -1 when a guard is not read */
static int
build_g(loop_g * G, const svt_model_t M, const unb_path * A,
    const unb_path * mid, const unb_path * B, int shift, int side,
    const fmpq_t delta)
{
    const svt_program * P = M->prog;
    const unb_path * cyc[2] = { A, B };
    int c, i, sh = shift;
    const prog_branch * as = mid_assignment(P, B != NULL ? mid : NULL, &c);
    if (c > 1)
        return -1;
    G->nsteps = 0;
    if (as != NULL)
        assignment_constraints(G, as);
    for (c = 0; c < 2; c++)
        for (i = 0; cyc[c] != NULL && i < cyc[c]->len; i++)
        {
            const prog_state * S = P->states + cyc[c]->state[i];
            loop_step * L = G->st + G->nsteps;
            int nz = S->answer_noise[0];
            if (nz < 0 || P->noises[nz].law != INTEGRAL_LAPLACE
                    || P->noises[nz].exponential || S->abs_query)
                return -1;
            fmpq_init(L->c);
            L->ncell = 0;
            G->var[G->nsteps] = c == 1 && as != NULL;
            G->nsteps++;
            if (side == 1 && !S->noninput)
                fmpq_mul_si(L->c, delta, sh % 3 - 1);
            sh /= 3;
            fmpq_add(L->c, L->c, P->noises[nz].mean);
            L->b = M->prog_scale + nz;
            if (step_cells(L, S, cyc[c]->branch[i]) != 0)
                return -1;
        }
    return 0;
}

/* the path from s to t: the shortest that assigns nothing, else the
   shortest (build_g refuses more than one assignment); 0, or -1 */
static int
mid_path(unb_path * mid, const svt_program * P, int s, int t)
{
    mid->len = 0;
    if (s == t)
        return 0;
    return unb_path_to(mid, P, s, t, 1) == 0 ? 0 : unb_path_to(mid, P, s, t, 0);
}

/* 1 when every value the cycles compare is a released number: x0 (the
   lead-in's last assignment releases it) and x1 (the path's assignment,
   if any, releases it) */
static int
family_pinned(const svt_program * P, const unb_path * lead, const unb_path * mid)
{
    int n;
    const prog_branch * as = mid_assignment(P, mid, &n);
    return lead_pins(P, lead) && (as == NULL || (n == 1 && branch_pins(as)));
}

/* the families' ranking (for ranking only): the grid maxima of G on
   side D (g[0]) and side D' (g[1]); the score of direction u is
   g[u] / g[1 - u].  0 when the guards are not read or a maximum is 0 */
static int
loop_grid_maxima(arf_struct * g, const svt_model_t M, const unb_path * A,
    const unb_path * mid, const unb_path * B, int shift, const fmpq_t delta,
    const unb_path * lead)
{
    loop_g G;
    int side, ok = 1;
    for (side = 0; side < 2 && ok; side++)
    {
        loop_g_init(&G);
        ok = build_g(&G, M, A, mid, B, shift, side, delta) == 0;
        lead_support(&G, M->prog, lead);
        if (ok)
        {
            /* a released value is a point: the grid's ends take it */
            g_grid_max(g + side, &G);
            ok = !arf_is_zero(g + side);
        }
        loop_g_clear(&G);
    }
    return ok;
}

/* 1 when below(G, target) certifies sup G < e^lt, with lt rounded up to
   a point; rate = s - that point (> 0) */
static int
try_target(arb_t rate, unb_below_fn below, const void * G, const arb_t s,
    const arb_t lt, slong * budget)
{
    arf_t t;
    arb_t e;
    int ok = 0;
    arf_init(t);
    arb_init(e);
    arb_get_ubound_arf(t, lt, LOOP_PREC);
    arb_set_arf(e, t);                  /* ln target, exactly */
    arb_sub(rate, s, e, LOOP_PREC);
    if (arb_is_positive(rate))
    {
        arb_exp(e, e, LOOP_PREC);
        arb_get_lbound_arf(t, e, LOOP_PREC);   /* at most the target */
        ok = below(G, t, budget);
    }
    arf_clear(t);
    arb_clear(e);
    return ok;
}

int
unb_bound_rate(arb_t rate, const arb_t s, const arf_t est, unb_below_fn below,
    const void * G, slong * budget)
{
    arb_t a, b, half, r;
    int ok, tries;
    arb_init(a);
    arb_init(b);
    arb_init(half);
    arb_init(r);
    if (arf_is_zero(est))
        arb_sub_ui(a, s, 64, LOOP_PREC);
    else
    {
        arb_set_arf(a, est);
        arb_log(a, a, LOOP_PREC);
    }
    arb_sub(b, s, a, LOOP_PREC);
    arb_mul_2exp_si(b, b, -8);
    arb_sub(b, s, b, LOOP_PREC);        /* s - (s - a)/256 */
    ok = try_target(r, below, G, s, b, budget);
    if (ok)
        arb_set(rate, r);
    for (tries = 0; ok && tries < 8; tries++)
    {
        arb_add(half, a, b, LOOP_PREC);
        arb_mul_2exp_si(half, half, -1);
        if (try_target(r, below, G, s, half, budget))
        {
            arb_set(b, half);
            arb_set(rate, r);
        }
        else
            arb_set(a, half);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(half);
    arb_clear(r);
    return ok;
}

/* g_below for unb_bound_rate */
static int
loop_below(const void * G, const arf_t target, slong * budget)
{
    return g_below((const loop_g *) G, target, budget);
}

/* the rate of the one-register bound (unb_bound_rate, from the grid's
   estimate of sup G_v) */
static int
bound_rate(arb_t rate, const loop_g * Gv, const arb_t s, slong * budget)
{
    arf_t est;
    int ok;
    arf_init(est);
    g_grid_max(est, Gv);
    ok = unb_bound_rate(rate, s, est, loop_below, Gv, budget);
    arf_clear(est);
    return ok;
}

/* the family's and the proof's words in W (side u the numerator; s the
   certified increment of ln Pr_u, unused when pinned) */
static void
loop_words(restart_result_t W, const svt_program * P, const unb_path * cy_a,
    const unb_path * cy_b, int u, ulong m0, int pinned, int twod,
    const arb_t s)
{
    char * ss = decimal_interval(s, 8), * ks = decimal_interval(W->k, 8);
    char pa[160], pb[160];
    const char * num = u ? "D'" : "D", * den = u ? "D" : "D'";
    unb_path_words(pa, sizeof(pa), P, cy_a);
    unb_path_words(pb, sizeof(pb), P, cy_b);
    snprintf(W->desc, sizeof(W->desc), "the cycle %s m times%s%s%s after "
        "the shortest lead-in, q(D) = 0, q(D') in {-Delta, 0, Delta} per "
        "step of the cycles (m = %lu shown)", pa, cy_b ? ", the shortest "
        "path to the next, then the cycle " : "", pb, cy_b ? " m times" : "",
        m0);
    if (pinned)
        snprintf(W->proof, sizeof(W->proof), "PROOF: the register x holds "
            "the number the lead-in released (x := insample; output "
            "insample), nothing after the lead-in assigns it, and every "
            "output fixes the branch, so each pass of the cycles multiplies "
            "Pr[A(D)=a_m] and Pr[A(D')=a_m] by the same factors G(x): ln "
            "Pr[A(%s)=a_m]/Pr[A(%s)=a_m] = ln ratio(a_%lu) + (m - %lu) k, with "
            "k = ln ratio(a_%lu) - ln ratio(a_%lu) in %s > 0 (certified): "
            "unbounded in m", num, den, m0, m0, m0, m0 - 1, ks);
    else
        snprintf(W->proof, sizeof(W->proof), "PROOF: %s and every output "
            "fixes the branch, so Pr[A(%s)=a_m] = integral of w(x) G(x)^m dx, "
            "G(x) the probability of one pass of the cycles given x%s; its "
            "log is convex in m, so each m past %lu adds at least s = ln "
            "Pr[a_%lu] - ln Pr[a_%lu] in %s; on %s, sup G is below a bound "
            "certified by bisection %s, so each m adds at most its log; hence "
            "ln Pr[A(%s)=a_m]/Pr[A(%s)=a_m] >= ln ratio(a_%lu) + (m - %lu) k "
            "with k in %s > 0: unbounded in m", twod ? "the path between the "
            "cycles assigns the register x once (x0 before, x1 after) and "
            "nothing else after the lead-in does," : "nothing after the "
            "lead-in assigns the register x", num, twod ? " = (x0, x1), the "
            "assignment's guard relating x1 to x0" : "", m0, m0, m0 - 1, ss,
            den, twod ? "of the (x0, x1) plane over the values the guard "
            "allows" : "of the x axis over the values x can take", num, den,
            m0, m0, ks);
    flint_free(ss);
    flint_free(ks);
}

/* the certified proof for one family at m0: 1 when found (W filled), 0
   when not, -1 when the engine did not compute the family's ratios */
static int
loop_certify(restart_result_t W, const svt_model_t M, const loop_cand * c,
    const unb_path * cy_a, const unb_path * cy_b, const fmpq_t delta,
    const ratio_opt * ro, ulong m0, slong * budget)
{
    const svt_program * P = M->prog;
    unb_path lead, mid;
    svt_runs_t R0, R1;
    ratio_result_t r0, r1;
    loop_g Gv;
    arb_t s, rate;
    int ok = 0, u = c->dir, pinned, twod, nas;
    mid.len = 0;
    if (unb_path_to(&lead, P, 0, c->s, 0) != 0 || (cy_b != NULL
            && mid_path(&mid, P, c->s, c->t) != 0))
        return 0;
    loop_g_init(&Gv);
    svt_runs_init(R0);
    svt_runs_init(R1);
    ratio_result_init(r0);
    ratio_result_init(r1);
    arb_init(s);
    arb_init(rate);
    /* the family at m0 - 1 and m0: s, the increment of ln Pr_u */
    unb_family_runs(R0, P, &lead, cy_a, &mid, cy_b, NULL, c->shift, delta, m0 - 1);
    unb_family_runs(R1, P, &lead, cy_a, &mid, cy_b, NULL, c->shift, delta, m0);
    ratio_decide(r0, M, R0, ro);
    ratio_decide(r1, M, R1, ro);
    W->ratios += 2;
    arb_sub(s, r1->p[u]->log_value, r0->p[u]->log_value, LOOP_PREC);
    pinned = family_pinned(P, &lead, cy_b != NULL ? &mid : NULL);
    twod = cy_b != NULL && mid_assignment(P, &mid, &nas) != NULL;
    if (pinned)
    {
        /* Pr_u(m) = w_u G_u(0)^m exactly: the increment is k */
        arb_sub(rate, r1->lr[u], r0->lr[u], LOOP_PREC);
        ok = ratio_speaks_to_claim(r0) && ratio_speaks_to_claim(r1)
            && arb_is_finite(rate) && arb_is_positive(rate);
    }
    else if (ratio_speaks_to_claim(r1) && arb_is_finite(s) && arb_is_finite(r1->lr[u])
            && build_g(&Gv, M, cy_a, &mid, cy_b, c->shift, 1 - u, delta) == 0)
    {
        lead_support(&Gv, P, &lead);
        ok = bound_rate(rate, &Gv, s, budget);
    }
    if (!arb_is_finite(s) || !arb_is_finite(r1->lr[u]))
        ok = -1;        /* not computed: a larger m0 will not be either */
    if (ok == 1)
    {
        W->found = 1;
        arb_set(W->k, rate);
        ratio_result_swap(W->r, r1);
        svt_runs_set(W->R, R1);
        unb_keep_family(W, &lead, cy_a, &mid, cy_b, c->shift, m0, u);
        loop_words(W, P, cy_a, cy_b, u, m0, pinned, twod, s);
    }
    loop_g_clear(&Gv);
    svt_runs_clear(R0);
    svt_runs_clear(R1);
    ratio_result_clear(r0);
    ratio_result_clear(r1);
    arb_clear(s);
    arb_clear(rate);
    return ok;
}

/* keeps candidate c among the n best (by score, the first found first
   on ties), at most LOOP_TRIES */
static void
rank_keep(loop_cand * best, int * n, const loop_cand * c)
{
    int i;
    for (i = *n; i > 0 && arf_cmp(&c->score, &best[i - 1].score) > 0; i--)
        if (i < LOOP_TRIES)
        {
            arf_struct keep = best[i].score;    /* its own arf, moved below */
            best[i] = best[i - 1];
            best[i].score = keep;
            arf_set(&best[i].score, &best[i - 1].score);
        }
    if (i < LOOP_TRIES)
    {
        arf_struct keep = best[i].score;
        best[i] = *c;
        best[i].score = keep;
        arf_set(&best[i].score, &c->score);
        if (*n < LOOP_TRIES)
            (*n)++;
    }
}

/* 1 when B is A started at another step (the same steps in a cycle) */
static int
same_cycle(const unb_path * A, const unb_path * B)
{
    int r, i, same;
    if (A->len != B->len)
        return 0;
    for (r = 0; r < A->len; r++)
    {
        for (i = 0, same = 1; i < A->len && same; i++)
            same = A->state[i] == B->state[(i + r) % A->len]
                && A->branch[i] == B->branch[(i + r) % A->len];
        if (same)
            return 1;
    }
    return 0;
}

/* 1 when the family at m0 has more queries than the engine takes (the
   exact joint integral's limit), leaving 2 PROG_SMALL_STATES for the
   lead-in and the path between the cycles */
static int
too_long(const svt_model_t M, const unb_path * A, const unb_path * B, ulong m0)
{
    slong mq = svt_model_max_queries(M);
    ulong n = m0 * (A->len + (B != NULL ? B->len : 0)) + 2 * PROG_SMALL_STATES;
    return mq > 0 && n > (ulong) mq;
}

void
loop_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    static const ulong m0s[3] = { 16, 64, 400 };
    unb_path cy[PROG_SMALL_STATES][LOOP_MAX_CYCLES], lead, mid;
    int ncy[PROG_SMALL_STATES], s, t, a, b, shift, i, j, n = 0;
    slong scored = 0, budget = LOOP_ALL_CELLS, r0 = W->ratios;
    loop_cand best[LOOP_TRIES], c;
    int dead[LOOP_TRIES];
    arf_struct g[2];
    if (!P->dipa || P->nregs != 1 || !restart_applies(M))
        return;
    for (s = 0; s < P->nstates; s++)
        ncy[s] = unb_cycles_of(cy[s], P, s, 0);
    arf_init(g);
    arf_init(g + 1);
    arf_init(&c.score);
    for (i = 0; i < LOOP_TRIES; i++)
        arf_init(&best[i].score);
    for (s = 0; s < P->nstates; s++)
    {
        if (ncy[s] == 0 || unb_path_to(&lead, P, 0, s, 0) != 0)
            continue;
        for (t = 0; t < P->nstates; t++)
        {
            if (mid_path(&mid, P, s, t) != 0)
                continue;
            for (a = 0; a < ncy[s]; a++)
                for (b = -1; b < ncy[t]; b++)
                {
                    int nsh;
                    if ((b < 0 && t != s) || (t == s && b >= 0 && b <= a)
                            || (b >= 0 && same_cycle(&cy[s][a], &cy[t][b])))
                        continue;
                    nsh = unb_pow3(cy[s][a].len + (b >= 0 ? cy[t][b].len : 0));
                    for (shift = 0; shift < nsh; shift++)
                    {
                        if (scored >= LOOP_MAX_SCORED)
                            goto ranked;
                        scored += 2;    /* both directions */
                        if (!loop_grid_maxima(g, M, &cy[s][a], &mid, b >= 0
                                ? &cy[t][b] : NULL, shift, delta, &lead))
                            continue;
                        for (c.dir = 0; c.dir < 2; c.dir++)
                        {
                            arf_div(&c.score, g + c.dir, g + 1 - c.dir, 32,
                                ARF_RND_DOWN);
                            c.s = s;
                            c.a = a;
                            c.t = t;
                            c.b = b;
                            c.shift = shift;
                            if (arf_cmp_si(&c.score, 1) > 0)
                                rank_keep(best, &n, &c);
                        }
                    }
                }
        }
    }
ranked:
    for (i = 0; i < n; i++)
        dead[i] = 0;
    for (j = 0; j < 3 && !W->found && budget > 0; j++)
        for (i = 0; i < n && !W->found && budget > 0
                && W->ratios - r0 + 2 <= LOOP_MAX_RATIOS; i++)
            if (!dead[i] && !too_long(M, &cy[best[i].s][best[i].a], best[i].b >= 0
                    ? &cy[best[i].t][best[i].b] : NULL, m0s[j]))
                dead[i] = loop_certify(W, M, best + i, &cy[best[i].s][best[i].a],
                    best[i].b >= 0 ? &cy[best[i].t][best[i].b] : NULL, delta, ro,
                    m0s[j], &budget) < 0;
    for (i = 0; i < LOOP_TRIES; i++)
        arf_clear(&best[i].score);
    arf_clear(g);
    arf_clear(g + 1);
    arf_clear(&c.score);
}

/* ---- a cycle that releases insample at every step ---- */


/* the released cycle c after the lead-in, its steps shifted by `shift`:
   1 when k = ln ratio(a_3) - ln ratio(a_2) is certified positive (W
   filled) */
static int
release_try(restart_result_t W, const svt_model_t M, const unb_path * lead,
    const unb_path * c, int shift, const fmpq_t delta, const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    svt_runs_t R2, R3;
    ratio_result_t r2, r3;
    unb_path none;
    arb_t k;
    int dir;
    none.len = 0;
    svt_runs_init(R2);
    svt_runs_init(R3);
    ratio_result_init(r2);
    ratio_result_init(r3);
    arb_init(k);
    unb_family_runs(R2, P, lead, c, &none, NULL, NULL, shift, delta, 2);
    unb_family_runs(R3, P, lead, c, &none, NULL, NULL, shift, delta, 3);
    ratio_decide(r2, M, R2, ro);
    ratio_decide(r3, M, R3, ro);
    W->ratios += 2;
    for (dir = 0; dir < 2 && !W->found; dir++)
    {
        char * ks, pa[160];
        arb_sub(k, r3->lr[dir], r2->lr[dir], LOOP_PREC);
        if (!ratio_speaks_to_claim(r2) || !ratio_speaks_to_claim(r3)
                || !arb_is_finite(k) || !arb_is_positive(k))
            continue;
        W->found = 1;
        arb_set(W->k, k);
        ratio_result_swap(W->r, r3);
        svt_runs_set(W->R, R3);
        unb_keep_family(W, lead, c, &none, NULL, shift, 3, dir);
        unb_path_words(pa, sizeof(pa), P, c);
        ks = decimal_interval(k, 8);
        snprintf(W->desc, sizeof(W->desc), "the cycle %s m times after the "
            "shortest lead-in, releasing 0 at every step, q(D) = 0, q(D') in "
            "{-Delta, 0, Delta} per step of the cycle (m = 3 shown)", pa);
        snprintf(W->proof, sizeof(W->proof), "PROOF: every step of the cycle "
            "releases insample and assigns nothing, and every output fixes "
            "the branch, so given the registers each step's factor is the "
            "density of the released number times whether its guard holds "
            "there, the same in every repetition: Pr[A(%s)=a_m] = c^m times a "
            "constant, and ln Pr[A(%s)=a_m]/Pr[A(%s)=a_m] = ln ratio(a_2) + (m "
            "- 2) k, with k = ln ratio(a_3) - ln ratio(a_2) in %s > 0 "
            "(certified): unbounded in m", dir ? "D'" : "D", dir ? "D'" : "D",
            dir ? "D" : "D'", ks);
        flint_free(ks);
    }
    svt_runs_clear(R2);
    svt_runs_clear(R3);
    ratio_result_clear(r2);
    ratio_result_clear(r3);
    arb_clear(k);
    return W->found;
}

void
release_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    unb_path cy[LOOP_MAX_CYCLES], lead;
    int s, a, n, shift, nsh;
    slong r0 = W->ratios;
    if (!P->dipa || P->has_counter || !unb_outputs_fix_path(P))
        return;
    for (s = 0; s < P->nstates && !W->found; s++)
    {
        n = unb_cycles_of(cy, P, s, 1);
        if (n == 0 || unb_path_to(&lead, P, 0, s, 0) != 0)
            continue;
        for (a = 0; a < n && !W->found; a++)
        {
            nsh = unb_pow3(cy[a].len);
            /* every step shifted by +Delta first: the densities of the
               released numbers differ the most there */
            for (shift = nsh - 1; shift >= 0 && W->ratios - r0 + 2
                    <= RELEASE_MAX_RATIOS; shift--)
                if (release_try(W, M, &lead, cy + a, shift, delta, ro))
                    break;
        }
    }
}
