/* align_runs.c -- the runs of a variant under a shift coupling: the
   branches that can repeat, the costliest run, and the choice of the
   shifts (align.h).

   Each value a register can hold has its own shift: the first draw, and
   each branch that redraws it or assigns it an answer (a "site").  The
   runs are walked on nodes (state, the site of each register's current
   value) at each counter level.  A choice gives every site a shift in
   {-Delta, 0, Delta}; every choice is tried, and the cheapest finite
   one is the proof. */

#include <stdio.h>
#include <string.h>
#include "align_impl.h"

static int
ipow3(int k)
{
    int r = 1;
    while (k-- > 0)
        r *= 3;
    return r;
}

#define LEVELS_MAX 65536    /* counter values the path analysis walks */
#define MAXSITES 16
#define MAXCUR 64           /* combinations of current sites */
#define MAXSLOTS 7          /* independent shifts (3^7 choices) */
#define MAXX 512           /* combinations of current sites and order facts */
#define MAXNODES (PROG_SMALL_STATES * MAXX)
#define DELEG_MAX 16        /* branches that stop a run, handed to classes */

/* ---- sites ---------------------------------------------------------- */

typedef struct
{
    int n;                          /* sites, all registers */
    int reg[MAXSITES];
    int st[MAXSITES], br[MAXSITES]; /* the assigning branch (-1: first draw) */
    int base[PROG_SMALL_REGS];        /* register r's sites: base[r] ... */
    int nper[PROG_SMALL_REGS];        /* ... base[r] + nper[r] - 1 (first draw
                                       first) */
    int slot[MAXSITES];             /* its shift's index, -1: always 0 */
    int nslots;
    int stride[PROG_SMALL_REGS];
    int ncur;
    reg_facts facts;                /* the registers' order (align_facts.c) */
    int nx;                         /* ncur * facts.nf: a node is (state,
                                       x = cur + ncur * fact set) */
    /* the site (index within its register) branch (s, b) assigns to r,
       -1 when it leaves r alone */
    int asg[PROG_SMALL_STATES][PROG_MAX_BRANCHES + 1][PROG_SMALL_REGS];
    int reach[MAXNODES];            /* node (s, x) reached: index
                                       x * nstates + s */
    int initial[PROG_SMALL_REGS];     /* the first draw is compared */
}
site_map;

/* registers assigned by branch B (bits) */
static unsigned
assigned_regs(const svt_program * P, const prog_branch * B)
{
    if (B->reset == PROG_RESET_NONE)
        return 0;
    return P->dipa && !prog_regs_empty(&B->assign)
        ? prog_regs_low(&B->assign) : 1u;
}

static int
cur_site(const site_map * S, int cur, int r)
{
    return (cur / S->stride[r]) % S->nper[r];
}

/* the sites, and the nodes reached from (start, first draws); -1 when
   there are too many */
static int
sites_build(site_map * S, const align_ctx * C)
{
    const svt_program * P = C->P;
    int r, s, b, k, stack[MAXNODES], top = 0;

    memset(S, 0, sizeof(*S));
    memset(S->asg, -1, sizeof(S->asg));
    for (r = 0; r < P->nregs; r++)
    {
        if (S->n >= MAXSITES)
            return -1;      /* the first draws alone fill the sites */
        S->base[r] = S->n;
        S->reg[S->n] = r;
        S->st[S->n] = S->br[S->n] = -1;
        S->n++;
        for (s = 0; s < P->nstates; s++)
            for (b = 0; b < P->states[s].nbranches; b++)
                if (assigned_regs(P, P->states[s].branches + b) >> r & 1)
                {
                    if (S->n >= MAXSITES)
                        return -1;
                    S->asg[s][b][r] = S->n - S->base[r];
                    S->reg[S->n] = r;
                    S->st[S->n] = s;
                    S->br[S->n] = b;
                    S->n++;
                }
        S->nper[r] = S->n - S->base[r];
    }
    S->ncur = 1;
    for (r = 0; r < P->nregs; r++)
    {
        S->stride[r] = S->ncur;
        S->ncur *= S->nper[r];
    }
    if (S->ncur > MAXCUR)
        return -1;
    reg_facts_build(&S->facts, P, MAXX / S->ncur);
    S->nx = S->ncur * S->facts.nf;

    /* the nodes reached; which first draws are compared */
    if (!P->dipa)
        S->initial[0] = 1;
    S->reach[0] = 1;
    stack[top++] = 0;
    while (top > 0)
    {
        int node = stack[--top], x = node / P->nstates, cur = x % S->ncur;
        int f = x / S->ncur;
        s = node % P->nstates;
        for (b = 0; b < P->states[s].nbranches; b++)
        {
            const prog_branch * B = P->states[s].branches + b;
            int nc = cur, j, i, nn;
            if (S->facts.next[f][s][b] < 0)
                continue;
            for (j = 0; j <= b; j++)
                for (i = 0; i < P->states[s].branches[j].natoms; i++)
                {
                    r = P->states[s].branches[j].atoms[i].reg;
                    if (cur_site(S, cur, r) == 0)
                        S->initial[r] = 1;
                }
            if (B->out == PROG_OUT_GAP && cur_site(S, cur, 0) == 0)
                S->initial[0] = 1;
            for (r = 0; r < P->nregs; r++)
                if (S->asg[s][b][r] >= 0)
                    nc += (S->asg[s][b][r] - cur_site(S, cur, r)) * S->stride[r];
            nn = (nc + S->ncur * S->facts.next[f][s][b]) * P->nstates + B->next;
            if (!B->stop && !S->reach[nn])
            {
                S->reach[nn] = 1;
                stack[top++] = nn;
            }
        }
    }

    /* one shift per site when few; else one per register */
    S->nslots = 0;
    for (k = 0; k < S->n; k++)
        S->slot[k] = (S->st[k] < 0 && !S->initial[S->reg[k]]) ? -1 : S->nslots++;
    if (S->nslots > MAXSLOTS)
    {
        S->nslots = 0;
        for (r = 0; r < P->nregs; r++)
        {
            for (k = S->base[r]; k < S->base[r] + S->nper[r]; k++)
                S->slot[k] = S->nslots;
            S->nslots++;
        }
    }
    return 0;
}

/* ---- one choice of shifts -------------------------------------------- */

typedef struct
{
    pval wv, rv;            /* the branch's cost; a redraw's (paid when a
                               query follows) */
    int inf, never;
}
edge;

typedef struct
{
    edge e[PROG_SMALL_STATES][PROG_MAX_BRANCHES + 1][MAXCUR];
    pval start;             /* the first draws */
    pval total;             /* B of this choice (its own runs) */
    pval whole;             /* and of the classes it hands on */
    int deleg_choice[DELEG_MAX];    /* each class's choice of shifts */
    slong uses[PROG_SMALL_STATES][PROG_MAX_BRANCHES + 1];    /* on the costliest run */
    fmpq shift[MAXSITES];
    char why[600];
    /* the costliest run, step by step (the first ALIGN_PLAN_MAX) */
    int nrun, run_trunc;
    int cyc_st, cyc_b, cyc_cur;     /* a costly branch on a free cycle */
    int inf_st, inf_b, inf_cur;     /* a branch no shift aligns */
    int run_st[ALIGN_PLAN_MAX], run_b[ALIGN_PLAN_MAX], run_cur[ALIGN_PLAN_MAX];
    const site_map * S;     /* the sites the edges are indexed by */
    /* a class of runs (those that end by one branch): branch b of state
       st at x is allowed when allow[ALLOW_AT(st, b, x)]; NULL: every
       branch */
    const unsigned char * allow;
    /* the whole: a branch that stops the run and cannot be aligned is
       handed to a class of its own (deleg), not a failure */
    int deleg_ok, ndeleg;
    int deleg_st[DELEG_MAX], deleg_b[DELEG_MAX], deleg_cur[DELEG_MAX];
}
choice_eval;

#define NB (PROG_MAX_BRANCHES + 1)
#define ALLOW_AT(st, b, x) (((x) * PROG_SMALL_STATES + (st)) * NB + (b))
#define ALLOW_SIZE (MAXX * PROG_SMALL_STATES * NB)

/* the cost of branch b of state st at x (edges are kept per sites) */
static edge *
edge_at(const choice_eval * E, int st, int b, int x)
{
    return (edge *) &E->e[st][b][x % E->S->ncur];
}

/* branch b of state st at x may be taken: the order facts allow it, the
   class does, and it is not a branch that can never be taken */
static int
edge_open(const choice_eval * E, int st, int b, int x)
{
    const site_map * S = E->S;
    int f = x / S->ncur;
    if (S->facts.next[f][st][b] < 0 || edge_at(E, st, b, x)->never == 1)
        return 0;
    return E->allow == NULL || E->allow[ALLOW_AT(st, b, x)];
}

static choice_eval *
choice_new(const site_map * S)
{
    choice_eval * E = flint_malloc(sizeof(choice_eval));
    int s, b, c;
    E->S = S;
    E->allow = NULL;
    E->deleg_ok = E->ndeleg = 0;
    for (s = 0; s < PROG_SMALL_STATES; s++)
        for (b = 0; b <= PROG_MAX_BRANCHES; b++)
            for (c = 0; c < MAXCUR; c++)
            {
                align_pv_init(&E->e[s][b][c].wv);
                align_pv_init(&E->e[s][b][c].rv);
            }
    for (s = 0; s < MAXSITES; s++)
        fmpq_init(E->shift + s);
    align_pv_init(&E->start);
    align_pv_init(&E->total);
    align_pv_init(&E->whole);
    E->why[0] = '\0';
    return E;
}

static void
choice_free(choice_eval * E)
{
    int s, b, c;
    for (s = 0; s < PROG_SMALL_STATES; s++)
        for (b = 0; b <= PROG_MAX_BRANCHES; b++)
            for (c = 0; c < MAXCUR; c++)
            {
                align_pv_clear(&E->e[s][b][c].wv);
                align_pv_clear(&E->e[s][b][c].rv);
            }
    for (s = 0; s < MAXSITES; s++)
        fmpq_clear(E->shift + s);
    align_pv_clear(&E->start);
    align_pv_clear(&E->total);
    align_pv_clear(&E->whole);
    flint_free(E);
}

/* the shifts compared (s) and assigned (snew) at node cur by branch b */
static void
node_shifts(fmpq * s, fmpq * snew, const site_map * S, const choice_eval * E,
    int st, int b, int cur)
{
    int r;
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_zero(s + r);
        fmpq_zero(snew + r);
    }
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        if (S->nper[r] == 0)
            continue;
        fmpq_set(s + r, E->shift + S->base[r] + cur_site(S, cur, r));
        fmpq_set(snew + r, S->asg[st][b][r] >= 0
            ? E->shift + S->base[r] + S->asg[st][b][r] : s + r);
    }
}

/* the node after branch b of state st at x (the branch is possible) */
static int
next_node(const site_map * S, const svt_program * P, int st, int b, int x)
{
    int r, nc = x % S->ncur, f = S->facts.next[x / S->ncur][st][b];
    for (r = 0; r < P->nregs; r++)
        if (S->asg[st][b][r] >= 0)
            nc += (S->asg[st][b][r] - cur_site(S, x, r)) * S->stride[r];
    return (nc + S->ncur * FLINT_MAX(f, 0)) * P->nstates
        + P->states[st].branches[b].next;
}

/* branch b of state st with sites cur is taken somewhere: at a node
   reached, with facts that allow it, in the class; that node's x + 1, or
   0 */
static int
edge_needed(const site_map * S, const choice_eval * E, int nst, int st, int b,
    int cur)
{
    int f;
    for (f = 0; f < S->facts.nf; f++)
    {
        int x = cur + S->ncur * f;
        if (S->reach[x * nst + st] && S->facts.next[f][st][b] >= 0
                && (E->allow == NULL || E->allow[ALLOW_AT(st, b, x)]))
            return x + 1;
    }
    return 0;
}

/* every edge's cost under the choice's shifts; -1 when a branch taken
   cannot be aligned (with deleg_ok, a branch that stops the run is
   listed in deleg instead, and never taken here) */
static int
edge_costs(const align_ctx * C, const site_map * S, choice_eval * E)
{
    const svt_program * P = C->P;
    fmpq s[PROG_SMALL_REGS], snew[PROG_SMALL_REGS];
    int st, b, cur, r, rc = 0;
    bweight W;
    E->ndeleg = 0;
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_init(s + r);
        fmpq_init(snew + r);
    }
    /* every edge, also past a failure (a witness needs the costs of the
       other branches); the first failure is the one reported */
    for (cur = 0; cur < S->ncur; cur++)
        for (st = 0; st < P->nstates; st++)
        {
            for (b = 0; b < P->states[st].nbranches; b++)
            {
                edge * e = &E->e[st][b][cur];
                int xn = edge_needed(S, E, P->nstates, st, b, cur);
                if (xn == 0)
                {
                    e->inf = 0;
                    e->never = 1;
                    continue;
                }
                node_shifts(s, snew, S, E, st, b, cur);
                align_bw_init(&W);
                align_branch_weight(&W, C, P->states + st, b, s, snew);
                e->inf = W.inf;
                e->never = W.never;
                if (W.inf && !W.never && E->deleg_ok && P->states[st].branches[b].stop
                        && E->ndeleg < DELEG_MAX)
                {
                    E->deleg_st[E->ndeleg] = st;
                    E->deleg_b[E->ndeleg] = b;
                    E->deleg_cur[E->ndeleg++] = cur;
                    e->never = 1;
                }
                else if (W.inf && !W.never && rc != 0)
                    ;
                else if (W.inf && !W.never)
                {
                    E->inf_st = st;
                    E->inf_b = b;
                    E->inf_cur = xn - 1;
                    snprintf(E->why, sizeof(E->why), "%s", W.why);
                    rc = -1;
                }
                else if (!W.never)
                {
                    align_pv_of_weight(&e->wv, C, &W);
                    align_pv_zero(&e->rv);
                    align_pv_add_noise(&e->rv, C, W.reset_k, W.reset_amt);
                    /* a zero cost is exactly zero */
                    e->inf = 0;
                    if (align_bw_is_zero(&W))
                        e->never = -1;  /* marks "costs nothing" */
                }
                align_bw_clear(&W);
            }
        }
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_clear(s + r);
        fmpq_clear(snew + r);
    }
    return rc;
}

/* ---- cycles that leave the counter alone ----------------------------- */

typedef struct
{
    const align_ctx * C;
    const site_map * S;
    const choice_eval * E;
    int index[MAXNODES], low[MAXNODES], on[MAXNODES], comp[MAXNODES];
    int stack[MAXNODES], top, next, ncomp;
}
tarjan;

static int
free_edge(const align_ctx * C, const prog_branch * B)
{
    return !B->stop && (C->limit == 0 || B->cost == 0);
}

static void
tarjan_visit(tarjan * T, int v)
{
    const svt_program * P = T->C->P;
    int st = v % P->nstates, cur = v / P->nstates, b;
    T->index[v] = T->low[v] = ++T->next;
    T->stack[T->top++] = v;
    T->on[v] = 1;
    for (b = 0; b < P->states[st].nbranches; b++)
    {
        const prog_branch * B = P->states[st].branches + b;
        int w;
        if (!free_edge(T->C, B) || !edge_open(T->E, st, b, cur))
            continue;
        w = next_node(T->S, P, st, b, cur);
        if (T->index[w] == 0)
        {
            tarjan_visit(T, w);
            if (T->low[w] < T->low[v])
                T->low[v] = T->low[w];
        }
        else if (T->on[w] && T->index[w] < T->low[v])
            T->low[v] = T->index[w];
    }
    if (T->low[v] == T->index[v])
    {
        int w;
        do
        {
            w = T->stack[--T->top];
            T->on[w] = 0;
            T->comp[w] = T->ncomp;
        }
        while (w != v);
        T->ncomp++;
    }
}

/* no costly branch on a cycle that leaves the counter unchanged; 0 or -1 */
static int
check_cycles(const align_ctx * C, const site_map * S, choice_eval * E)
{
    const svt_program * P = C->P;
    int N = P->nstates * S->nx, v, b;
    tarjan * T = flint_calloc(1, sizeof(tarjan));
    int rc = 0;
    T->C = C;
    T->S = S;
    T->E = E;
    E->cyc_b = -1;
    for (v = 0; v < N; v++)
        if (S->reach[v] && T->index[v] == 0)
            tarjan_visit(T, v);
    for (v = 0; v < N && rc == 0; v++)
    {
        int st = v % P->nstates, cur = v / P->nstates;
        if (!S->reach[v])
            continue;
        for (b = 0; b < P->states[st].nbranches && rc == 0; b++)
        {
            const prog_branch * B = P->states[st].branches + b;
            const edge * e = edge_at(E, st, b, cur);
            int w;
            if (!edge_open(E, st, b, cur) || e->never != 0 || !free_edge(C, B))
                continue;
            w = next_node(S, P, st, b, cur);
            if (T->comp[w] == T->comp[v])
            {
                char cs[160];
                pval t;
                align_pv_init(&t);
                align_pv_set(&t, &e->wv);
                align_pv_add(&t, &e->rv);
                align_pv_print(cs, sizeof(cs), &t);
                align_pv_clear(&t);
                E->cyc_st = st;
                E->cyc_b = b;
                E->cyc_cur = cur;
                snprintf(E->why, sizeof(E->why), "state %s, branch %d costs %s "
                    "> 0 and lies on a cycle that %s, so it is paid without "
                    "bound in m", P->states[st].name, b + 1, cs, C->limit == 0
                    ? "nothing stops (no counter)" : "leaves the counter unchanged");
                rc = -1;
            }
        }
    }
    flint_free(T);
    return rc;
}

/* ---- the costliest run ---------------------------------------------- */

/* the longest-path table: per counter level (a window of the levels a
   branch's cost reaches) and node, AT = the costliest continuation (0:
   the run ends there), TK = the same taking at least one branch (TAKEN
   says one exists); choice = the branch AT takes, per level and node */
typedef struct
{
    slong L, win;
    int N;
    pval * ring;
    int * taken;
    signed char * choice;
}
dp_table;

#define AT(T, kk, vv) ((T)->ring + ((kk) % (T)->win) * (T)->N + (vv))
#define TK(T, kk, vv) ((T)->ring + (T)->win * (T)->N + ((kk) % (T)->win) * (T)->N + (vv))
#define TAKEN(T, kk, vv) ((T)->taken[((kk) % (T)->win) * (T)->N + (vv)])

/* 0, or -1 when the walk would be too large */
static int
dp_init(dp_table * T, const align_ctx * C, const site_map * S)
{
    const svt_program * P = C->P;
    slong i;
    int v, b;
    T->L = C->limit > 0 ? C->limit : 1;
    T->win = 1;
    T->N = P->nstates * S->nx;
    for (v = 0; v < P->nstates; v++)
        for (b = 0; b < P->states[v].nbranches; b++)
        {
            slong cb = P->states[v].branches[b].cost;
            if (cb < 0)
                return -1;
            if (C->limit > 0 && cb + 1 > T->win)
                T->win = cb + 1;
        }
    if (T->L > LEVELS_MAX || T->win > 4096 || T->L * T->N > (slong) 1 << 22)
        return -1;
    T->ring = flint_malloc(sizeof(pval) * T->win * T->N * 2);
    for (i = 0; i < 2 * T->win * T->N; i++)
        align_pv_init(T->ring + i);
    T->taken = flint_malloc(sizeof(int) * T->win * T->N);
    T->choice = flint_malloc((size_t) T->L * T->N);
    return 0;
}

static void
dp_clear(dp_table * T)
{
    slong i;
    for (i = 0; i < 2 * T->win * T->N; i++)
        align_pv_clear(T->ring + i);
    flint_free(T->ring);
    flint_free(T->taken);
    flint_free(T->choice);
}

/* node v at level k takes branch b: its cost and the best continuation
   (a redrawn register is paid when a query follows) into x */
static void
dp_edge(pval * x, const dp_table * T, const align_ctx * C, const site_map * S,
    const choice_eval * E, slong k, int v, int b)
{
    const svt_program * P = C->P;
    int st = v % P->nstates, cur = v / P->nstates;
    const prog_branch * B = P->states[st].branches + b;
    const edge * e = edge_at(E, st, b, cur);
    slong cb = C->limit > 0 ? B->cost : 0;
    int w = next_node(S, P, st, b, cur);
    align_pv_set(x, &e->wv);
    if (!B->stop && k + cb < T->L)
    {
        pval r;
        align_pv_init(&r);
        if (TAKEN(T, k + cb, w))
        {
            align_pv_set(&r, &e->rv);
            align_pv_add(&r, TK(T, k + cb, w));
        }
        align_pv_max(&r, AT(T, k + cb, w));
        align_pv_add(x, &r);
        align_pv_clear(&r);
    }
}

/* one counter level: the branches that leave the counter alone iterate
   to a fixed point (their cycles cost 0) */
static void
dp_level(dp_table * T, const align_ctx * C, const site_map * S,
    const choice_eval * E, slong k)
{
    const svt_program * P = C->P;
    int v, b, round, changed = 1;
    pval x;
    align_pv_init(&x);
    for (v = 0; v < T->N; v++)
    {
        align_pv_zero(AT(T, k, v));     /* the run may end here */
        align_pv_zero(TK(T, k, v));
        TAKEN(T, k, v) = 0;
        T->choice[k * T->N + v] = -1;
    }
    for (round = 0; round <= T->N && changed; round++)
    {
        changed = 0;
        for (v = 0; v < T->N; v++)
        {
            int st = v % P->nstates;
            if (!S->reach[v])
                continue;
            for (b = 0; b < P->states[st].nbranches; b++)
            {
                if (!edge_open(E, st, b, v / P->nstates))
                    continue;
                dp_edge(&x, T, C, S, E, k, v, b);
                if (!TAKEN(T, k, v))
                {
                    align_pv_set(TK(T, k, v), &x);
                    TAKEN(T, k, v) = 1;
                }
                else
                    align_pv_max(TK(T, k, v), &x);
                if (align_pv_max(AT(T, k, v), &x))
                {
                    T->choice[k * T->N + v] = (signed char) b;
                    changed = 1;
                }
            }
        }
    }
    align_pv_clear(&x);
}

/* the branches the costliest run takes, and how often */
static void
dp_uses(choice_eval * E, const dp_table * T, const align_ctx * C,
    const site_map * S)
{
    const svt_program * P = C->P;
    slong k = 0, steps = 0;
    int v = 0;
    memset(E->uses, 0, sizeof(E->uses));
    E->nrun = E->run_trunc = 0;
    while (steps++ < T->L * T->N + 16)
    {
        int b = T->choice[k * T->N + v], st = v % P->nstates;
        const prog_branch * B;
        if (b < 0)
            break;
        B = P->states[st].branches + b;
        E->uses[st][b]++;
        if (E->nrun < ALIGN_PLAN_MAX)
        {
            E->run_st[E->nrun] = st;
            E->run_b[E->nrun] = b;
            E->run_cur[E->nrun++] = v / P->nstates;
        }
        else
            E->run_trunc = 1;
        if (B->stop || (C->limit > 0 && k + B->cost >= T->L))
            break;
        k += C->limit > 0 ? B->cost : 0;
        v = next_node(S, P, st, b, v / P->nstates);
    }
}

/* the costliest run: the longest path over (counter level, node), from
   the top level down.  Fills E->total and E->uses; 0, or -1 when too
   large. */
static int
longest_run(const align_ctx * C, const site_map * S, choice_eval * E)
{
    dp_table T;
    slong k;
    if (dp_init(&T, C, S) != 0)
        return -1;
    for (k = T.L - 1; k >= 0; k--)
        dp_level(&T, C, S, E, k);
    align_pv_set(&E->total, &E->start);
    align_pv_add(&E->total, AT(&T, 0, 0));
    dp_uses(E, &T, C, S);
    dp_clear(&T);
    return 0;
}

#undef AT
#undef TK
#undef TAKEN

/* one choice of shifts: every edge's cost, the checks, the costliest
   run.  0 when finite, -1 (why in E->why) when not. */
static int
eval_choice(const align_ctx * C, const site_map * S, choice_eval * E)
{
    const svt_program * P = C->P;
    int r;
    fmpq_t x;
    E->cyc_b = E->inf_b = -1;
    if (edge_costs(C, S, E) != 0)
        return -1;
    fmpq_init(x);
    align_pv_zero(&E->start);
    for (r = 0; r < P->nregs; r++)
        if (S->initial[r])
        {
            fmpq_abs(x, E->shift + S->base[r]);
            if (!fmpq_is_zero(x) && P->noises[P->register_noise].law != INTEGRAL_LAPLACE)
            {
                snprintf(E->why, sizeof(E->why), "the register's Gaussian noise "
                    "would have to move");
                fmpq_clear(x);
                return -1;
            }
            align_pv_add_noise(&E->start, C, P->register_noise, x);
        }
    fmpq_clear(x);
    if (check_cycles(C, S, E) != 0)
        return -1;
    if (longest_run(C, S, E) != 0)
    {
        snprintf(E->why, sizeof(E->why), "the counter's limit times the "
            "states is too large, or a branch costs more than 4095 (not "
            "analysed)");
        return -1;
    }
    return 0;
}

/* ---- the proof in words ---------------------------------------------- */

static void
add_step(align_result_t res, const char * fmt, const char * a, const char * b)
{
    if (res->nsteps < ALIGN_STEPS)
        snprintf(res->steps[res->nsteps++], ALIGN_STEP_LEN, fmt, a, b);
}

static const char *
out_word(const prog_branch * B)
{
    switch (B->out)
    {
        case PROG_OUT_BOT: return "bot";
        case PROG_OUT_TOP: return "top";
        case PROG_OUT_LABEL: return B->out_label;
        case PROG_OUT_NOISY: return "the noisy answer";
        case PROG_OUT_GAP: return "the gap";
        default: return "q + fresh noise";
    }
}

/* "y >= z + 1 and y < z + 2" */
static void
guard_print(char * buf, size_t len, const svt_program * P, const prog_state * S,
    const prog_branch * B)
{
    int i;
    buf[0] = '\0';
    if (B->natoms == 0)
    {
        snprintf(buf, len, B->ending ? "no guard holds: the run ends" : "else");
        return;
    }
    for (i = 0; i < B->natoms; i++)
    {
        const prog_atom * A = B->atoms + i;
        int isabs = A->op == PROG_ABS_GE || A->op == PROG_ABS_LT;
        int ge = A->op == PROG_GE || A->op == PROG_ABS_GE;
        char * o = fmpq_get_str(NULL, 10, A->off);
        const char * reg = P->dipa ? P->reg_names[A->reg] : P->register_name;
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s%s%s %s %s%s%s%s",
            i ? " and " : "", isabs ? "|" : "", S->answer_name[A->answer],
            isabs ? "|" : "", ge ? (A->strict ? ">" : ">=") : (A->strict ? "<" : "<="),
            P->dipa ? "" : "T + ", reg, fmpq_is_zero(A->off) ? "" : " + ",
            fmpq_is_zero(A->off) ? "" : o);
        flint_free(o);
    }
}

/* the branches the registers' order rules out on some runs */
static void
facts_step(align_result_t res, const svt_program * P, const site_map * S,
    const char * cls)
{
    char buf[ALIGN_STEP_LEN];
    size_t l = 0;
    int st, b, x, n = 0;
    for (st = 0; st < P->nstates; st++)
        for (b = 0; b < P->states[st].nbranches; b++)
        {
            for (x = 0; x < S->nx; x++)
                if (S->reach[x * P->nstates + st]
                        && S->facts.next[x / S->ncur][st][b] < 0)
                    break;
            if (x == S->nx || l + 40 > sizeof(buf))
                continue;
            l += snprintf(buf + l, sizeof(buf) - l, "%s%s branch %d", n++ ? ", " : "",
                P->states[st].name, b + 1);
        }
    if (n > 0)
        add_step(res, "%sthe order of the registers that the guards taken "
            "imply rules out, on the runs that reach them after such guards: "
            "state %.700s (probability 0 there; such runs are not paid)", cls, buf);
}

static void
proof_steps(align_result_t res, const align_ctx * C, const site_map * S,
    const choice_eval * E, const char * cls)
{
    const svt_program * P = C->P;
    char buf[ALIGN_STEP_LEN], g[200], v[200];
    fmpq s[PROG_SMALL_REGS], snew[PROG_SMALL_REGS];
    int st, b, k, cur, r;
    bweight W;

    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_init(s + r);
        fmpq_init(snew + r);
    }
    align_pv_print(v, sizeof(v), &E->start);
    for (k = 0; k < S->n; k++)
    {
        int reg = S->reg[k];
        const char * nm = P->dipa ? P->reg_names[reg] : P->register_name;
        char * ss = fmpq_get_str(NULL, 10, E->shift + k);
        if (S->st[k] < 0 && !S->initial[reg])
        {
            flint_free(ss);
            continue;
        }
        if (S->st[k] < 0)
            snprintf(buf, sizeof(buf), "%sregister %s, first draw: moved by s = %s on "
                "D' (%s' = %s + s), paid |s|/b (the first draws together: %s)",
                cls, nm, ss, nm, nm, v);
        else
            snprintf(buf, sizeof(buf), "%sregister %s, the value set in state %s, "
                "branch %d: moved by %s on D'", cls, nm, P->states[S->st[k]].name,
                S->br[k] + 1, ss);
        add_step(res, "%s%s", buf, "");
        flint_free(ss);
    }
    for (st = 0; st < P->nstates; st++)
        for (b = 0; b < P->states[st].nbranches; b++)
        {
            const prog_branch * B = P->states[st].branches + b;
            int shown = 0;
            for (cur = 0; cur < S->nx && !shown; cur++)
            {
                if (!S->reach[cur * P->nstates + st] || !edge_open(E, st, b, cur))
                    continue;
                node_shifts(s, snew, S, E, st, b, cur);
                align_bw_init(&W);
                align_branch_weight(&W, C, P->states + st, b, s, snew);
                guard_print(g, sizeof(g), P, P->states + st, B);
                align_pv_print(v, sizeof(v), &edge_at(E, st, b, cur)->wv);
                snprintf(buf, sizeof(buf), "state %s, branch %d (%.120s -> %s%s): %.600s; "
                    "costs %.60s%s; on the costliest run %ld time%s", P->states[st].name,
                    b + 1, g, out_word(B), C->limit > 0 && B->cost > 0 ? ", counter "
                    "+its cost" : "", W.txt[0] ? W.txt : "no noise moves (the guard "
                    "holds on D' whenever it holds on D)", v, S->ncur > 1
                    ? " (with the registers' values at their first reach)" : "",
                    (long) E->uses[st][b], E->uses[st][b] == 1 ? "" : "s");
                add_step(res, "%s%s", buf, "");
                align_bw_clear(&W);
                shown = 1;
            }
        }
    facts_step(res, P, S, cls);
    align_pv_print(v, sizeof(v), &E->total);
    snprintf(buf, sizeof(buf), "%sthe costliest run (every cycle that leaves the "
        "counter unchanged costs 0%s): total %s", cls, C->limit > 0 ? "; the "
        "counter stops the run at its limit" : "", v);
    add_step(res, "%s%s", buf, "");
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_clear(s + r);
        fmpq_clear(snew + r);
    }
}

/* ---- the costliest run as a witness plan ------------------------------ */

/* +1: branch b's set lies above its register (y >= z + a), -1: below, 0:
   both sides or none (an else takes the side its earlier guards leave) */
static int
branch_side(const prog_state * S, int b)
{
    const prog_branch * B = S->branches + b;
    int i, ge = 0, lt = 0, j, side = 0;
    if (B->natoms > 0)
    {
        for (i = 0; i < B->natoms; i++)
        {
            ge += B->atoms[i].op == PROG_GE || B->atoms[i].op == PROG_ABS_GE;
            lt += B->atoms[i].op == PROG_LT || B->atoms[i].op == PROG_ABS_LT;
        }
        return lt == 0 ? 1 : ge == 0 ? -1 : 0;
    }
    for (j = 0; j < b; j++)
    {
        int sj = branch_side(S, j);
        if (sj == 0 || (side != 0 && sj != side))
            return 0;
        side = sj;
    }
    return -side;
}

/* the register branch b of S compares (its own guards, or the state's) */
static int
branch_reg(const prog_state * S, int b)
{
    int j;
    if (S->branches[b].natoms > 0)
        return S->branches[b].atoms[0].reg;
    for (j = 0; j < S->nbranches; j++)
        if (S->branches[j].natoms > 0)
            return S->branches[j].atoms[0].reg;
    return -1;
}

/* the sign of x / Delta */
static int
unit_sign(const fmpq_t x)
{
    return fmpq_sgn(x);
}

/* the offsets of branch b's guards (an else: its state's earlier ones) */
static void
step_edges(align_wstep * w, const prog_state * S, int b)
{
    int j, i, k;
    w->nedge = 0;
    for (j = S->branches[b].natoms > 0 ? b : 0; j <= b && w->nedge < ALIGN_EDGES; j++)
        for (i = 0; i < S->branches[j].natoms && w->nedge < ALIGN_EDGES; i++)
        {
            const fmpq * o = S->branches[j].atoms[i].off;
            for (k = 0; k < w->nedge && !fmpq_equal(w->edge + k, o); k++)
                ;
            if (k == w->nedge)
                fmpq_set(w->edge + w->nedge++, o);
        }
    if (w->nedge == 0)
        fmpq_zero(w->edge + w->nedge++);
}

static void
step_output(align_wstep * w, const prog_branch * B)
{
    w->num = 0;
    w->label[0] = '\0';
    switch (B->out)
    {
        case PROG_OUT_BOT: w->a = SVT_BOT; break;
        case PROG_OUT_TOP: w->a = SVT_TOP; break;
        case PROG_OUT_LABEL:
            w->a = SVT_LABEL;
            snprintf(w->label, sizeof(w->label), "%s", B->out_label);
            break;
        default:
            w->a = SVT_NUM;
            w->num = B->out == PROG_OUT_NOISY ? 1 : B->out == PROG_OUT_GAP ? 2 : 3;
    }
}

/* a branch of state st that costs nothing, returns to st and lies on the
   given side of its register: m of them force the register's shift */
static int
forcing_loop(const align_ctx * C, const choice_eval * E, int st, int cur, int side)
{
    const prog_state * S = C->P->states + st;
    int b;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        if (B->stop || B->ending || B->next != st || B->reset != PROG_RESET_NONE
                || (C->limit > 0 && B->cost != 0) || !edge_open(E, st, b, cur)
                || edge_at(E, st, b, cur)->never != -1
                || branch_side(S, b) != side || (side == 0 && B->natoms < 2))
            continue;
        return b;
    }
    return -1;
}

static align_wstep *
plan_push(align_plan * W, const align_ctx * C, int st, int b, int loop, int d)
{
    align_wstep * w;
    int dlo = fmpq_sgn(C->dlo), dhi = fmpq_sgn(C->dhi);
    if (W->n == ALIGN_PLAN_MAX)
    {
        W->truncated = 1;
        return NULL;
    }
    w = W->step + W->n++;
    step_output(w, C->P->states[st].branches + b);
    step_edges(w, C->P->states + st, b);
    w->loop = loop;
    {
        const prog_state * ps = C->P->states + st;
        int j, i;
        w->abs = ps->abs_query;
        for (j = 0; j < ps->nbranches; j++)
            for (i = 0; i < ps->branches[j].natoms; i++)
                w->abs |= ps->branches[j].atoms[i].op == PROG_ABS_GE
                    || ps->branches[j].atoms[i].op == PROG_ABS_LT;
        /* far enough from 0 that |y| = y: the noises scale with c */
        if (w->abs)
            w->abs = ALIGN_ABS_T * (int) FLINT_MAX(1, FLINT_MIN(C->limit, 1000));
    }
    w->dlo = dlo;
    w->dhi = dhi;
    w->d = FLINT_MAX(dlo, FLINT_MIN(dhi, d));
    snprintf(w->what, sizeof(w->what), "state %.31s, branch %d", C->P->states[st].name,
        b + 1);
    return w;
}

/* the queries of a path of n steps (st, b, cur) under E's shifts: before
   each visit of a node whose compared register moves, m queries of a
   loop that forces the move; each step with the answer at its guards'
   edge, shifted against the register (its noise then moves by the full
   shift the proof pays); a register redrawn or assigned is a new value,
   forced anew.  The last step is repeated m times when
   repeat_last (a costly cycle); a costly interval with nothing else to
   force the shift forces it itself, m times the other way first. */
static void
plan_steps(align_plan * W, const align_ctx * C, const site_map * S,
    const choice_eval * E, int n, const int * pst, const int * pb,
    const int * pcur, int repeat_last)
{
    const svt_program * P = C->P;
    fmpq s[PROG_SMALL_REGS], snew[PROG_SMALL_REGS];
    int i, r, prev = -1;
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_init(s + r);
        fmpq_init(snew + r);
    }
    for (i = 0; i < n; i++)
    {
        int st = pst[i], b = pb[i], cur = pcur[i], last = repeat_last && i == n - 1;
        const prog_state * ps = P->states + st;
        int reg = branch_reg(ps, b), sd = 0, d, node = cur * P->nstates + st;
        node_shifts(s, snew, S, E, st, b, cur);
        if (reg >= 0)
            sd = unit_sign(s + reg);
        if (sd != 0 && (node != prev || (i > 0 && reg >= 0
                && S->asg[pst[i - 1]][pb[i - 1]][reg] >= 0)))
        {
            int l = forcing_loop(C, E, st, cur, sd > 0 ? -1 : 1);
            if (l < 0)
                l = forcing_loop(C, E, st, cur, 0);
            if (l < 0 && last && branch_side(ps, b) == 0)
                l = b;
            if (l >= 0)
                plan_push(W, C, st, l, 1, sd);
        }
        prev = node;
        if (edge_at(E, st, b, cur)->never == -1 && !last)
        {
            /* costs nothing: an assignment follows its new shift */
            d = 0;
            for (r = 0; r < P->nregs; r++)
                if (S->asg[st][b][r] >= 0 && fmpq_sgn(snew + r) != 0)
                    d = fmpq_sgn(snew + r);
        }
        else
            d = sd != 0 ? -sd : branch_side(ps, b) < 0 ? 1 : -1;
        plan_push(W, C, st, b, last, d);
    }
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        fmpq_clear(s + r);
        fmpq_clear(snew + r);
    }
}

/* the queries of E's costliest run (plan_steps) */
static void
plan_build(align_plan * W, const align_ctx * C, const site_map * S,
    const choice_eval * E)
{
    W->n = 0;
    W->truncated = E->run_trunc;
    plan_steps(W, C, S, E, E->nrun, E->run_st, E->run_b, E->run_cur, 0);
}

/* a shortest path of branches from node src to node `to` (breadth
   first); its length, or -1 */
static int
path_between(int * pst, int * pb, int * pcur, int max, const align_ctx * C,
    const site_map * S, const choice_eval * E, int src, int to)
{
    const svt_program * P = C->P;
    int N = P->nstates * S->nx, * from = flint_malloc(sizeof(int) * 2 * N),
        * queue = flint_malloc(sizeof(int) * N), head = 0, tail = 0, v, b, n = 0;
    for (v = 0; v < 2 * N; v++)
        from[v] = -1;
    from[2 * src] = src;
    queue[tail++] = src;
    while (head < tail && from[2 * to] < 0)
    {
        int u = queue[head++], st = u % P->nstates, cur = u / P->nstates;
        for (b = 0; b < P->states[st].nbranches; b++)
        {
            const prog_branch * B = P->states[st].branches + b;
            int w;
            if (B->stop || !edge_open(E, st, b, cur))
                continue;
            w = next_node(S, P, st, b, cur);
            if (from[2 * w] >= 0 || w == src)
                continue;
            from[2 * w] = u;
            from[2 * w + 1] = b;
            queue[tail++] = w;
        }
    }
    if (to != src && from[2 * to] < 0)
        n = -1;
    else
    {
        for (v = to; v != src; v = from[2 * v])
            n++;
        if (n > max)
            n = -1;
        else
        {
            int i = n;
            for (v = to; v != src; v = from[2 * v])
            {
                i--;
                pst[i] = from[2 * v] % P->nstates;
                pcur[i] = from[2 * v] / P->nstates;
                pb[i] = from[2 * v + 1];
            }
        }
    }
    flint_free(from);
    flint_free(queue);
    return n;
}

#define CYCLE_PASSES 6  /* a cycle of several branches, unrolled */

/* E failed on the costly branch (cyc_st, cyc_b) of a free cycle: the
   lead-in to its node, then the branch m times (a cycle of several
   branches: the cycle CYCLE_PASSES times); or on a branch no shift
   aligns (inf_st, inf_b: a released number): the lead-in, the branch
   once (plan_steps adds the loops that force the shifts).  0, or -1 when
   not built (a cycle of more than one branch) */
static int
plan_cycle(align_plan * W, const align_ctx * C, const site_map * S,
    const choice_eval * E)
{
    const svt_program * P = C->P;
    int repeat = E->cyc_b >= 0;
    int st = repeat ? E->cyc_st : E->inf_st, b = repeat ? E->cyc_b : E->inf_b,
        cur = repeat ? E->cyc_cur : E->inf_cur, node = cur * P->nstates + st;
    int pst[ALIGN_PLAN_MAX], pb[ALIGN_PLAN_MAX], pcur[ALIGN_PLAN_MAX], n;
    int back = 0, w;
    if (b < 0)
        return -1;
    n = path_between(pst, pb, pcur, ALIGN_PLAN_MAX / 2 - 2, C, S, E, 0, node);
    if (n < 0)
        return -1;
    w = next_node(S, P, st, b, cur);
    if (repeat && w != node)
    {
        /* a cycle of several branches: unrolled as often as fits, each
           pass with its own forcing loops (plan_steps) */
        int bst[ALIGN_PLAN_MAX], bb[ALIGN_PLAN_MAX], bcur[ALIGN_PLAN_MAX], r, i;
        back = path_between(bst, bb, bcur, ALIGN_PLAN_MAX / 4, C, S, E, w, node);
        if (back < 0)
            return -1;
        for (r = 0; r < CYCLE_PASSES && n + 1 + back <= ALIGN_PLAN_MAX / 2; r++)
        {
            pst[n] = st;
            pb[n] = b;
            pcur[n++] = cur;
            for (i = 0; i < back; i++, n++)
            {
                pst[n] = bst[i];
                pb[n] = bb[i];
                pcur[n] = bcur[i];
            }
        }
    }
    else
    {
        pst[n] = st;
        pb[n] = b;
        pcur[n++] = cur;
    }
    W->n = 0;
    W->truncated = 0;
    W->cycle = 1;
    plan_steps(W, C, S, E, n, pst, pb, pcur, repeat && back == 0);
    /* a release needs something that pins the register */
    if (!repeat)
    {
        slong i;
        int loops = 0;
        for (i = 0; i < W->n; i++)
            loops += W->step[i].loop;
        if (loops == 0)
            W->n = 0;
    }
    return 0;
}

static align_plan *
plan_new(void)
{
    align_plan * W = flint_calloc(1, sizeof(align_plan));
    slong i;
    int k;
    for (i = 0; i < ALIGN_PLAN_CAP; i++)
        for (k = 0; k < ALIGN_EDGES; k++)
            fmpq_init(W->step[i].edge + k);
    return W;
}

static void
plan_free(align_plan * W)
{
    slong i;
    int k;
    if (W == NULL)
        return;
    for (i = 0; i < ALIGN_PLAN_CAP; i++)
        for (k = 0; k < ALIGN_EDGES; k++)
            fmpq_clear(W->step[i].edge + k);
    flint_free(W);
}

align_plan *
align_plan_new(void)
{
    return plan_new();
}

void
align_plan_free(align_plan * W)
{
    plan_free(W);
}

/* ---- Report Noisy Max -------------------------------------------------- */

/* the witness of Report Noisy Max: m other queries pushed up on D', the
   winner down (its index or its released value) */
static void
argmax_plan(align_result_t res, const align_ctx * C, int value)
{
    align_plan * W = plan_new();
    int k, dlo = fmpq_sgn(C->dlo), dhi = fmpq_sgn(C->dhi);
    W->cycle = value;
    W->n = 2;
    for (k = 0; k < 2; k++)
    {
        align_wstep * w = W->step + k;
        w->a = k == 0 ? SVT_BOT : value ? SVT_NUM : SVT_TOP;
        w->num = k == 1 && value ? 1 : 0;
        w->loop = k == 0;
        w->dlo = dlo;
        w->dhi = dhi;
        w->d = FLINT_MAX(dlo, FLINT_MIN(dhi, k == 0 ? 1 : -1));
        w->nedge = 1;
        fmpq_zero(w->edge);
        snprintf(w->what, sizeof(w->what), "%s", k == 0 ? "the other queries"
            : value ? "the released maximum" : "the winner");
    }
    res->plan[res->nplans++] = W;
}

static int
argmax_prove(align_result_t res, align_ctx * C)
{
    const svt_program * P = C->P;
    const prog_state * S = P->states;
    int k = S->answer_noise[0], value = S->branches[0].out == PROG_OUT_NOISY;
    fmpq_t amount;
    pval x;
    char v[200];

    argmax_plan(res, C, value);
    if (value)
    {
        snprintf(res->reason, sizeof(res->reason), "the released maximum y_k "
            "must stay equal (its noise moved by -(q'_k - q_k)), so every other "
            "noisy answer must be moved down to stay below it: a cost for every "
            "query, without bound in m");
        return 0;
    }
    fmpq_init(amount);
    align_pv_init(&x);
    /* the winner's noise up by Delta - (q'_k - q_k) <= 2 Delta (Delta when
       monotone), every other noise unchanged */
    fmpq_sub(amount, C->dhi, C->dlo);
    if (fmpq_is_zero(C->dlo) || fmpq_is_zero(C->dhi))
        fmpq_set(amount, C->M->delta_q);
    align_pv_add_noise(&x, C, k, amount);
    align_pv_print(v, sizeof(v), &x);
    res->proved = 1;
    arb_set(res->bound, x.v);
    res->exact = x.lf_ok;
    spec_linform_set(res->bound_lf, x.lf);
    add_step(res, "the winner k's noise moves up by at most %s (so y'_k >= y_k + "
        "max(q'_j - q_j) keeps it above every other y'_j, whose noise stays), "
        "which an exponential or Laplace noise pays as |shift|/b; every other "
        "noise unchanged: total %s", fmpq_is_zero(C->dlo) || fmpq_is_zero(C->dhi)
        ? "Delta (monotone: the winner alone moves by 0..Delta)" : "2 Delta", v);
    fmpq_clear(amount);
    align_pv_clear(&x);
    return 0;
}

void
align_result_init(align_result_t a)
{
    arb_init(a->bound);
    spec_linform_init(a->bound_lf);
    a->proved = a->exact = 0;
    a->nsteps = 0;
    a->reason[0] = '\0';
    a->gaussian = a->unsupported = a->monotone = 0;
    a->nplans = 0;
    memset(a->plan, 0, sizeof(a->plan));
}

void
align_result_clear(align_result_t a)
{
    arb_clear(a->bound);
    spec_linform_clear(a->bound_lf);
    int k;
    for (k = 0; k < ALIGN_MAX_PLANS; k++)
        plan_free(a->plan[k]);
}

/* a plan for the costly cycle E failed on, unless one has it already */
static void
cycle_plan_add(align_result_t res, const align_ctx * C, const site_map * S,
    const choice_eval * E)
{
    align_plan * W;
    int k;
    char what[80];
    if (res->nplans >= ALIGN_MAX_PLANS)
        return;
    W = plan_new();
    if (plan_cycle(W, C, S, E) != 0 || W->n == 0)
    {
        plan_free(W);
        return;
    }
    snprintf(what, sizeof(what), "%s", W->step[W->n - 1].what);
    for (k = 0; k < res->nplans; k++)
    {
        const align_plan * V = res->plan[k];
        if (V->n == W->n && strcmp(V->step[V->n - 1].what, what) == 0
                && V->step[V->n - 1].d == W->step[W->n - 1].d)
        {
            plan_free(W);
            return;
        }
    }
    res->plan[res->nplans++] = W;
}

/* the shifts of choice number c: per slot, in base 3, Delta, 0, -Delta */
static void
choice_set(choice_eval * E, const align_ctx * C, const site_map * S, int c)
{
    int k;
    for (k = 0; k < S->n; k++)
    {
        int d = S->slot[k] < 0 ? 1 : (c / ipow3(S->slot[k])) % 3;
        fmpq_mul_si(E->shift + k, C->M->delta_q, d == 0 ? 1 : d == 1 ? 0 : -1);
    }
}

/* x is a better total than the best so far (y): certainly smaller, or
   not told apart and smaller at the midpoint */
static int
pv_better(const pval * x, const pval * y)
{
    int g = align_pv_gt(y, x);
    return g == 1 || (g == -1 && arf_cmp(arb_midref(x->v), arb_midref(y->v)) < 0);
}

/* the runs that end by branch b0 of state st0 with sites cur0: the nodes
   from which such an ending is reachable, the branches between them that
   go on, and the ending itself (allow, ALLOW_SIZE bytes) */
static void
class_allow(unsigned char * allow, const align_ctx * C, const site_map * S,
    int st0, int b0, int cur0)
{
    const svt_program * P = C->P;
    int N = P->nstates * S->nx, v, b, changed = 1;
    unsigned char * can = flint_calloc(N, 1);
    memset(allow, 0, ALLOW_SIZE);
    for (v = 0; v < N; v++)
    {
        int x = v / P->nstates;
        can[v] = S->reach[v] && v % P->nstates == st0 && x % S->ncur == cur0
            && S->facts.next[x / S->ncur][st0][b0] >= 0;
        if (can[v])
            allow[ALLOW_AT(st0, b0, x)] = 1;
    }
    while (changed)
    {
        changed = 0;
        for (v = 0; v < N; v++)
        {
            int st = v % P->nstates, x = v / P->nstates;
            if (!S->reach[v])
                continue;
            for (b = 0; b < P->states[st].nbranches; b++)
            {
                int w;
                if (P->states[st].branches[b].stop || allow[ALLOW_AT(st, b, x)]
                        || S->facts.next[x / S->ncur][st][b] < 0)
                    continue;
                w = next_node(S, P, st, b, x);
                if (can[w])
                {
                    allow[ALLOW_AT(st, b, x)] = 1;
                    changed |= !can[v];
                    can[v] = 1;
                }
            }
        }
    }
    flint_free(can);
}

/* the cheapest choice of shifts for the runs `allow` admits: its number
   (its total in *tot), or -1 when none is finite */
static int
class_best(pval * tot, const align_ctx * C, const site_map * S,
    choice_eval * E, const unsigned char * allow, int ncomb)
{
    int c, bestc = -1;
    E->allow = allow;
    E->deleg_ok = 0;
    for (c = 0; c < ncomb; c++)
    {
        choice_set(E, C, S, c);
        if (eval_choice(C, S, E) == 0 && (bestc < 0 || pv_better(&E->total, tot)))
        {
            align_pv_set(tot, &E->total);
            bestc = c;
        }
    }
    E->allow = NULL;
    return bestc;
}

/* the classes of runs handed on (the branches that stop a run where a
   choice cannot align them), each proved once with its own shifts */
#define CLASS_MAX 64
typedef struct
{
    int n, st[CLASS_MAX], b[CLASS_MAX], cur[CLASS_MAX], choice[CLASS_MAX];
    pval tot[CLASS_MAX];
    unsigned char * allow;
    choice_eval * E;
}
class_memo;

static void
class_memo_clear(class_memo * K)
{
    int i;
    for (i = 0; i < K->n; i++)
        align_pv_clear(K->tot + i);
    flint_free(K->allow);
    if (K->E != NULL)
        choice_free(K->E);
}

/* the class of (st, b, cur) in K, proved when first asked; -1 when K is
   full */
static int
class_find(class_memo * K, const align_ctx * C, const site_map * S, int st,
    int b, int cur, int ncomb)
{
    int i;
    for (i = 0; i < K->n; i++)
        if (K->st[i] == st && K->b[i] == b && K->cur[i] == cur)
            return i;
    if (K->n == CLASS_MAX)
        return -1;
    if (K->E == NULL)
    {
        K->E = choice_new(S);
        K->allow = flint_malloc(ALLOW_SIZE);
    }
    class_allow(K->allow, C, S, st, b, cur);
    align_pv_init(K->tot + i);
    K->st[i] = st;
    K->b[i] = b;
    K->cur[i] = cur;
    K->choice[i] = class_best(K->tot + i, C, S, K->E, K->allow, ncomb);
    return K->n++;
}

/* E's whole total: its own runs', and each class's it hands on; -1 (why
   in E->why) when a class has no finite choice */
static int
choice_whole(choice_eval * E, class_memo * K, const align_ctx * C,
    const site_map * S, int ncomb)
{
    int j;
    align_pv_set(&E->whole, &E->total);
    for (j = 0; j < E->ndeleg; j++)
    {
        int i = class_find(K, C, S, E->deleg_st[j], E->deleg_b[j], E->deleg_cur[j], ncomb);
        if (i < 0 || K->choice[i] < 0)
        {
            snprintf(E->why, sizeof(E->why), "state %s, branch %d stops the run "
                "where these shifts cannot align it, and no choice of shifts "
                "aligns the runs that end there", C->P->states[E->deleg_st[j]].name,
                E->deleg_b[j] + 1);
            return -1;
        }
        E->deleg_choice[j] = K->choice[i];
        align_pv_max(&E->whole, K->tot + i);
    }
    return 0;
}

/* one failed choice: its reason (the first three), its witness plan */
static void
choice_failed(align_result_t res, const align_ctx * C, const site_map * S,
    const choice_eval * E, int nfail)
{
    size_t l = strlen(res->reason);
    if (nfail < 3 && l + 80 < sizeof(res->reason))
    {
        char * ss = fmpq_get_str(NULL, 10, E->shift + 0);
        snprintf(res->reason + l, sizeof(res->reason) - l, "%sregister "
            "moved by %s%s: %s", l > 0 && res->reason[l - 1] != ' ' ? "; " : "",
            ss, S->nslots > 1 ? " (and the other values as chosen)" : "",
            E->why);
        flint_free(ss);
    }
    if (E->cyc_b >= 0 || E->inf_b >= 0)
        cycle_plan_add(res, C, S, E);
    res->gaussian |= strstr(E->why, "Gaussian") != NULL;
    res->unsupported |= strstr(E->why, "not handled") != NULL
        || strstr(E->why, "not analysed") != NULL;
}

/* the cheapest choice of shifts for one class of neighbours; 0 when some
   choice is finite (the best in *best: its whole total counts the runs
   it hands on to classes of their own), -1 with the reasons in
   res->reason */
static int
best_choice(align_result_t res, const align_ctx * C, const site_map * S,
    choice_eval ** best, const char * cls)
{
    int ncomb = 1, c, k, have = 0, nfail = 0;
    choice_eval * E = choice_new(S);
    class_memo K;
    memset(&K, 0, sizeof(K));
    for (k = 0; k < S->nslots; k++)
        ncomb *= 3;
    snprintf(res->reason + strlen(res->reason), sizeof(res->reason)
        - strlen(res->reason), "%s", cls);
    for (c = 0; c < ncomb; c++)
    {
        choice_set(E, C, S, c);
        E->why[0] = '\0';
        E->deleg_ok = 1;
        if (eval_choice(C, S, E) != 0 || choice_whole(E, &K, C, S, ncomb) != 0)
        {
            choice_failed(res, C, S, E, nfail++);
            continue;
        }
        if (!have || pv_better(&E->whole, &(*best)->whole))
        {
            choice_eval * t = *best;
            *best = E;
            E = t;
            have = 1;
        }
    }
    if (ncomb > 3 && !have)
    {
        size_t l = strlen(res->reason);
        snprintf(res->reason + l, sizeof(res->reason) - l, "; and so for all %d "
            "choices of the shifts", ncomb);
    }
    class_memo_clear(&K);
    choice_free(E);
    return have ? 0 : -1;
}

/* the classes of runs E hands on: each one's proof, with its own shifts;
   the plan of the costliest class replaces E's when it costs more */
static void
classes_explained(align_result_t res, const align_ctx * C, const site_map * S,
    const choice_eval * E, const char * cls, align_plan * W)
{
    choice_eval * K;
    unsigned char * allow;
    pval top;               /* the costliest so far: its plan is W's */
    int j;
    if (E->ndeleg == 0)
        return;
    K = choice_new(S);
    allow = flint_malloc(ALLOW_SIZE);
    align_pv_init(&top);
    align_pv_set(&top, &E->total);
    for (j = 0; j < E->ndeleg; j++)
    {
        char pre[200];
        class_allow(allow, C, S, E->deleg_st[j], E->deleg_b[j], E->deleg_cur[j]);
        K->allow = allow;
        K->deleg_ok = 0;
        choice_set(K, C, S, E->deleg_choice[j]);
        if (eval_choice(C, S, K) != 0)
            continue;       /* not reached: the class was proved so */
        snprintf(pre, sizeof(pre), "%s[the runs that end by state %s, branch %d, "
            "where the shifts above cannot align it] ", cls,
            C->P->states[E->deleg_st[j]].name, E->deleg_b[j] + 1);
        proof_steps(res, C, S, K, pre);
        if (align_pv_gt(&K->total, &top) == 1)
        {
            align_pv_set(&top, &K->total);
            plan_build(W, C, S, K);
        }
    }
    align_pv_clear(&top);
    K->allow = NULL;
    flint_free(allow);
    choice_free(K);
}

/* the neighbours of class cls: q' - q in [dlo, dhi] */
static void
set_class(align_ctx * C, int ncls, int cls)
{
    fmpq_set_si(C->dlo, ncls == 2 && cls == 0 ? 0 : -1, 1);
    fmpq_set_si(C->dhi, ncls == 2 && cls == 1 ? 0 : 1, 1);
    fmpq_mul(C->dlo, C->dlo, C->M->delta_q);
    fmpq_mul(C->dhi, C->dhi, C->M->delta_q);
}

int
align_prove(align_result_t res, const svt_model_t M)
{
    static const char * names[2] = { "[q' >= q] ", "[q' <= q] " };
    align_ctx C;
    site_map * S;
    int ncls, cls, ok = 1, r;
    choice_eval * best[2] = { NULL, NULL };

    memset(&C, 0, sizeof(C));
    fmpq_init(C.dlo);
    fmpq_init(C.dhi);
    C.M = M;
    C.P = M->prog;
    if (align_merge_program(&C.own, C.P))
    {
        C.own_merged = 1;
        C.P = &C.own;
    }
    C.scale = M->prog_scale;
    C.limit = C.P->has_counter ? M->limit : 0;
    align_recip_forms(&C);
    res->proved = 0;
    res->nsteps = 0;
    for (cls = 0; cls < ALIGN_MAX_PLANS; cls++)
    {
        plan_free(res->plan[cls]);
        res->plan[cls] = NULL;
    }
    res->nplans = 0;
    res->reason[0] = '\0';
    res->monotone = M->var->monotone_only;
    if (!prog_fits_small_tables(C.P))
    {
        if (C.P->nstates > PROG_SMALL_STATES)
            snprintf(res->reason, sizeof(res->reason), "more than %d states "
                "(the per-branch coupling's tables; a DiPA automaton is proved "
                "at any size by variants/dipa_prove.h)", PROG_SMALL_STATES);
        else
            snprintf(res->reason, sizeof(res->reason), "more than %d "
                "registers (the per-branch coupling keeps them in bits; a DiPA "
                "automaton is proved at any size by variants/dipa_prove.h)",
                PROG_SMALL_REGS);
        res->unsupported = 1;
        align_ctx_clear(&C);
        return 0;
    }
    /* monotone queries: two classes by the sign of q' - q, unless a state
       reads |q| (|q'| - |q| need not keep the sign of q' - q) */
    ncls = M->var->monotone_only && !svt_program_reads_abs_query(C.P) ? 2 : 1;

    if (C.P->argmax)
    {
        set_class(&C, ncls, 0);
        if (ncls == 2)
            fmpq_set(C.dhi, M->delta_q);    /* only the winner's shift differs */
        argmax_prove(res, &C);
        align_ctx_clear(&C);
        return 0;
    }

    /* a transition that assigns one value to several registers: the
       sites would give them shifts of their own, and the order facts
       (align_facts.c) were never checked on it; dipa_prove.h's coupling
       handles it (verify prove runs both) */
    {
        int st, b;
        for (st = 0; C.P->dipa && st < C.P->nstates; st++)
            for (b = 0; b < C.P->states[st].nbranches; b++)
            {
                unsigned A = prog_regs_low(&C.P->states[st].branches[b].assign);
                if ((A & (A - 1)) != 0)
                {
                    snprintf(res->reason, sizeof(res->reason), "state %s, "
                        "branch %d assigns one value to several registers "
                        "(not handled by the per-branch coupling)",
                        C.P->states[st].name, b + 1);
                    res->unsupported = 1;
                    align_ctx_clear(&C);
                    return 0;
                }
            }
    }
    S = flint_malloc(sizeof(site_map));
    if (sites_build(S, &C) != 0)
    {
        snprintf(res->reason, sizeof(res->reason), "more than %d register "
            "assignments or %d combinations of them (not handled by the "
            "prover)", MAXSITES, MAXCUR);
        res->unsupported = 1;
        flint_free(S);
        align_ctx_clear(&C);
        return 0;
    }
    for (r = 0; C.P->dipa && C.P->nregs > 1 && r < C.P->nregs; r++)
        if (S->initial[r])
        {
            /* the engine refuses these too: nothing could check a bound */
            snprintf(res->reason, sizeof(res->reason), "a guard compares "
                "register %s before its first assignment (an automaton with "
                "several registers: the value it holds then is not modelled; "
                "not handled by the prover)", C.P->reg_names[r]);
            res->unsupported = 1;
            flint_free(S);
            align_ctx_clear(&C);
            return 0;
        }
    for (cls = 0; cls < ncls; cls++)
        best[cls] = choice_new(S);
    for (cls = 0; cls < ncls && ok; cls++)
    {
        set_class(&C, ncls, cls);
        if (best_choice(res, &C, S, &best[cls], ncls == 1 ? "" : names[cls]) != 0)
            ok = 0;
    }
    if (ok)
    {
        pval B;
        align_pv_init(&B);
        align_pv_set(&B, &best[0]->whole);
        if (ncls == 2)
            align_pv_max(&B, &best[1]->whole);
        res->proved = 1;
        res->reason[0] = '\0';
        arb_set(res->bound, B.v);
        res->exact = B.lf_ok;
        spec_linform_set(res->bound_lf, B.lf);
        for (cls = 0; cls < ALIGN_MAX_PLANS; cls++)
        {
            plan_free(res->plan[cls]);
            res->plan[cls] = NULL;
        }
        for (cls = 0; cls < ncls; cls++)
        {
            set_class(&C, ncls, cls);
            proof_steps(res, &C, S, best[cls], ncls == 1 ? "" : names[cls]);
            res->plan[cls] = plan_new();
            plan_build(res->plan[cls], &C, S, best[cls]);
            classes_explained(res, &C, S, best[cls], ncls == 1 ? "" : names[cls],
                res->plan[cls]);
        }
        res->nplans = ncls;
        align_pv_clear(&B);
    }
    for (cls = 0; cls < ncls; cls++)
        choice_free(best[cls]);
    flint_free(S);
    align_ctx_clear(&C);
    return 0;
}

int
align_compare_claim(const align_result_t res, const svt_model_t M)
{
    spec_linform_t cl;
    fmpq vals[3];
    spec_linform_struct lf[3];
    int k, r = 2;
    if (!M->has_claim || !res->proved)
        return 2;
    if (arb_lt(res->bound, M->claimed))
        return -1;
    if (arb_gt(res->bound, M->claimed))
        return 1;
    spec_linform_init(cl);
    for (k = 0; k < 3; k++)
        spec_linform_init(lf + k);
    align_epsk_linforms(lf, M);
    align_model_vals(vals, M);
    if (res->exact && spec_expr_linform(cl, M->var->claimed, 0, vals, lf) == 0
            && spec_linform_equal(cl, res->bound_lf))
        r = 0;
    for (k = 0; k < 3; k++)
    {
        fmpq_clear(vals + k);
        spec_linform_clear(lf + k);
    }
    spec_linform_clear(cl);
    return r;
}
