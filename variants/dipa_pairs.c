/* dipa_pairs.c -- the prover for DiPA automata of any size
   (dipa_prove.h), part 4: the bound for each neighbouring pair, when
   every run is a path of the graph of (state, order facts) without a
   cycle.

   The shift coupling of dipa_graph.c moves each value by one shift
   whatever the pair of inputs.  Here the shifts are chosen for the pair.
   For a path p, a piece Q of the region of its last step (a conjunction
   of comparisons insample >= x or insample < x), and the query
   differences delta (units of Delta), the coupling moves each step's
   answer by t_i (its noise by t_i - delta_i).  It maps the noises of D
   that take p through Q one to one onto noises of D' that do the same
   (a translation) when every comparison keeps its side: t_i >= t_j for
   insample_i >= (the value of step j), t_i <= t_j for <; a released
   insample keeps its value (t_i = 0), and so does a register never
   assigned (its initial value).  Its cost is sum_i d_i |t_i - delta_i|
   (with d_i' |delta_i| for a released insample'), in units of eps Delta.

   So Pr[D, p, Q] <= e^C Pr[D', p, Q] with C the least cost over the t
   that keep the comparisons, g(delta); the pieces of all paths partition
   the noises, so the loss of every output is at most the largest g.
   g is convex in delta (the least of a jointly convex function over a
   set that does not depend on delta), so its largest value over the box
   [-1, 1]^n is at a corner: delta_i in {-1, 1} for the steps whose
   answer a comparison reads (0 in a non-input state); a step no
   comparison reads takes t_i = delta_i and costs 0.  At a corner the
   shifts are taken in {-1, 0, 1}: any such t that keeps the
   comparisons bounds g from above, so the bound stands whichever t is
   found; the least is found by one minimum cut per threshold (t >= 0,
   t >= 1), the two cuts nested.  The pieces: a transition's own guard,
   and, where a state's guards overlap, not g_i for every earlier
   transition i (the first guard that holds is taken); the ending, where
   no guard holds, as the disjoint pieces not g_1 and not g_2 ..., each
   not (a_1 and ... and a_k) split as a_1 .. a_{l-1} and not a_l (the
   same split for the earlier guards); nothing when the order facts rule
   out every transition (the ending is certain on both sides), and no
   negation of an earlier guard they rule out. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_impl.h"

#define PAIR_MAX_CORNERS 14     /* compared input steps of one piece:
                                   2^14 corners */
#define PAIR_MAX_CONS 1024      /* comparisons of one piece */
#define PAIR_INF ((slong) 1 << 50)

/* a comparison t_hi >= t_lo (variables: steps; nsteps: the initial
   value, fixed at 0) */
typedef struct
{
    int hi, lo;
}
pcons;

typedef struct
{
    const prep * P;
    const fgraph * G;
    slong * work, budget;
    int fail;                   /* not applicable (why: failwhy) */
    const char * failwhy;
    int R;
    /* the current path */
    int n;
    int state[PAIR_MAX_STEPS], trans[PAIR_MAX_STEPS];
    int node[PAIR_MAX_STEPS];   /* each step's node of the facts graph */
    int end_certain;            /* the last step is the ending, and the
                                   facts rule out every transition */
    int nt;                     /* the path's steps taken as transitions
                                   (n, or n - 1 when it ends in the
                                   ending) */
    int * holder;               /* (PAIR_MAX_STEPS + 1) x R: the step whose
                                   value each register holds before step
                                   k (nsteps... : -1, the initial value) */
    char * onpath;              /* fact nodes on the path (a cycle) */
    pcons cons[PAIR_MAX_CONS];
    int ncons;
    /* the flow network: (nv + 2)^2 capacities */
    slong * cap;
    int * queue, * par;
    /* the result: the bound, the counts and the costliest path so far
       (out->n = 0: none yet), with its registers' holders */
    pair_result * out;
    int * best_holder;
}
pairs;

/* the bound is not found here: why (the first reason stands) */
static void
give_up(pairs * Z, const char * why)
{
    if (!Z->fail)
        Z->failwhy = why;
    Z->fail = 1;
}

/* ---- one corner: the least-cost shifts in {-1, 0, 1} ------------------ */

/* a max flow from s to t over nn nodes (capacities Z->cap, left as the
   residual); side[] := the nodes reached from s in the residual graph
   (the least source side of a minimum cut) */
static void
max_flow(pairs * Z, int nn, int s, int t, char * side)
{
    slong * C = Z->cap;
    int * q = Z->queue, * par = Z->par, head, tail, u, v;
    for (;;)
    {
        for (u = 0; u < nn; u++)
            par[u] = -1;
        par[s] = s;
        head = tail = 0;
        q[tail++] = s;
        while (head < tail && par[t] < 0)
            for (u = q[head++], v = 0; v < nn; v++)
                if (par[v] < 0 && C[(size_t) u * nn + v] > 0)
                    par[v] = u, q[tail++] = v;
        if (par[t] < 0)
            break;
        {
            slong f = PAIR_INF;
            for (v = t; v != s; v = par[v])
                f = FLINT_MIN(f, C[(size_t) par[v] * nn + v]);
            for (v = t; v != s; v = par[v])
            {
                C[(size_t) par[v] * nn + v] -= f;
                C[(size_t) v * nn + par[v]] += f;
            }
        }
    }
    for (u = 0; u < nn; u++)
        side[u] = par[u] >= 0;
}

/* x[i] = [t_i >= theta] of least cost sum w_i |x_i - [delta_i >= theta]|
   with x_hi >= x_lo for every comparison and the fixed values (t = 0) */
static void
threshold_cut(pairs * Z, int nv, const signed char * delta,
    const slong * w, const char * fixed, int theta, char * x)
{
    int nn = nv + 2, s = nv, t = nv + 1, i;
    slong * C = Z->cap;
    memset(C, 0, (size_t) nn * nn * sizeof(slong));
    for (i = 0; i < nv; i++)
    {
        if (fixed[i])
        {
            if (theta <= 0)
                C[(size_t) s * nn + i] = PAIR_INF;
            else
                C[(size_t) i * nn + t] = PAIR_INF;
        }
        else if (delta[i] >= theta)
            C[(size_t) s * nn + i] = w[i];
        else
            C[(size_t) i * nn + t] = w[i];
    }
    for (i = 0; i < Z->ncons; i++)
        C[(size_t) Z->cons[i].lo * nn + Z->cons[i].hi] = PAIR_INF;
    max_flow(Z, nn, s, t, x);
    (*Z->work) += (slong) nn * nn;
}

/* the cost of the shifts t at delta (units of 1 / (H1 L)), or -1 when
   they break a comparison or a fixed value (never, by the cuts: checked) */
static slong
corner_cost(const pairs * Z, int nv, const signed char * delta,
    const slong * w, const char * fixed, const signed char * t)
{
    slong c = 0;
    int i;
    for (i = 0; i < Z->ncons; i++)
        if (t[Z->cons[i].hi] < t[Z->cons[i].lo])
            return -1;
    for (i = 0; i < nv; i++)
    {
        if (fixed[i] && t[i] != 0)
            return -1;
        c += w[i] * FLINT_ABS(t[i] - delta[i]);
    }
    return c;
}

/* ---- one piece: the largest over its corners -------------------------- */

/* what a piece's corners need: each answer's rate w (units of 1 / (H1
   L) per Delta), which answers a comparison reads (read), which keep
   their value (fixed: a released insample, the initial value), the
   compared input steps (the corners' coordinates, idx), and the cost of
   the released insample' (prime) */
typedef struct
{
    int nv, nc, idx[PAIR_MAX_CORNERS];
    slong w[PAIR_MAX_STEPS + 1], prime;
    char fixed[PAIR_MAX_STEPS + 1], read[PAIR_MAX_STEPS + 1];
}
piece;

/* C := the piece of Z->cons on the path; -1 when it has too many
   corners */
static int
piece_setup(piece * C, const pairs * Z)
{
    const prep * P = Z->P;
    int n = Z->n, i;
    memset(C, 0, sizeof(*C));
    C->nv = n + 1;
    for (i = 0; i < Z->ncons; i++)
        C->read[Z->cons[i].hi] = C->read[Z->cons[i].lo] = 1;
    C->fixed[n] = 1;
    for (i = 0; i < n; i++)
    {
        const dipa_state * S = P->A->states + Z->state[i];
        const dipa_trans * T = Z->trans[i] < S->ntrans ? S->trans + Z->trans[i]
            : NULL;
        C->w[i] = H1 * P->dnum[Z->state[i]];
        if (T != NULL && T->out == DIPA_OUT_INSAMPLE)
            C->fixed[i] = C->read[i] = 1;
        if (T != NULL && T->out == DIPA_OUT_PRIME && !S->noninput)
            C->prime += H1 * P->dpnum[Z->state[i]];
        if (C->read[i] && !S->noninput)
        {
            if (C->nc == PAIR_MAX_CORNERS)
                return -1;
            C->idx[C->nc++] = i;
        }
    }
    return 0;
}

/* t := shifts for the corner delta that keep every comparison, the
   least cost by the two threshold cuts (made nested by their union) */
static void
corner_shifts(pairs * Z, const piece * C, const signed char * delta,
    signed char * t)
{
    char x0[PAIR_MAX_STEPS + 3], x1[PAIR_MAX_STEPS + 3];
    int i;
    threshold_cut(Z, C->nv, delta, C->w, C->fixed, 0, x0);
    threshold_cut(Z, C->nv, delta, C->w, C->fixed, 1, x1);
    for (i = 0; i < C->nv; i++)
        t[i] = (signed char) (-1 + (x0[i] || x1[i]) + x1[i]);
    for (i = 0; i < C->nv; i++)
        if (!C->read[i] && !C->fixed[i])
            t[i] = delta[i];        /* read by nothing: it follows */
}

/* the path, its corner and its shifts become the costliest when they
   cost more (or when none is kept yet) */
static void
keep_best(pairs * Z, slong cost, const signed char * delta,
    const signed char * t)
{
    pair_result * O = Z->out;
    int n = Z->n;
    if (cost <= O->B && O->n > 0)
        return;
    O->B = cost;
    O->n = n;
    memcpy(O->state, Z->state, n * sizeof(int));
    memcpy(O->trans, Z->trans, n * sizeof(int));
    memcpy(O->delta, delta, n);
    memcpy(O->t, t, n + 1);
    memcpy(Z->best_holder, Z->holder, (size_t) n * Z->R * sizeof(int));
}

/* the piece whose comparisons are Z->cons, on the path Z->state[0 ..
   n - 1]: its largest cost over the corners */
static void
piece_bound(pairs * Z)
{
    piece C;
    slong best = -1;
    signed char delta[PAIR_MAX_STEPS + 1], t[PAIR_MAX_STEPS + 1];
    signed char bdelta[PAIR_MAX_STEPS + 1], bt[PAIR_MAX_STEPS + 1];
    ulong c, ncorner;
    int k;
    if (piece_setup(&C, Z) != 0)
    {
        give_up(Z, "a piece compares more than 14 answers");
        return;
    }
    ncorner = UWORD(1) << C.nc;
    for (c = 0; c < ncorner; c++)
    {
        slong cost;
        memset(delta, 0, sizeof(delta));
        for (k = 0; k < C.nc; k++)
            delta[C.idx[k]] = (c >> k) & 1 ? 1 : -1;
        corner_shifts(Z, &C, delta, t);
        cost = corner_cost(Z, C.nv, delta, C.w, C.fixed, t);
        if (cost < 0)
        {
            give_up(Z, "a cut broke a comparison");
            return;
        }
        if (cost > best)
        {
            best = cost;
            memcpy(bdelta, delta, C.nv);
            memcpy(bt, t, C.nv);
        }
        if (*Z->work > Z->budget)
        {
            give_up(Z, "the work budget ran out");
            return;
        }
    }
    Z->out->corners += ncorner;
    Z->out->pieces++;
    keep_best(Z, best + C.prime, bdelta, bt);
}

/* ---- the paths and the pieces ------------------------------------------ */

/* adds the comparisons of step k's atom a (negated: neg) */
static int
add_atom(pairs * Z, int k, const dipa_atom * a, int neg)
{
    int h = Z->holder[(size_t) k * Z->R + a->reg], ge = a->ge != neg;
    int var = h < 0 ? Z->n : h;
    if (Z->ncons == PAIR_MAX_CONS)
    {
        give_up(Z, "a piece has more than 1024 comparisons");
        return -1;
    }
    Z->cons[Z->ncons].hi = ge ? k : var;
    Z->cons[Z->ncons].lo = ge ? var : k;
    Z->ncons++;
    return 0;
}

/* the pieces of not g_i for every transition i from i to end - 1 of
   step k's state that the facts leave possible: each not (a_1 and ...
   and a_m) split into the disjoint a_1 .. a_{l-1} and not a_l, their
   product; `then` on each (with Z->cons holding it), Z->cons restored */
static void
negated_guards(pairs * Z, int k, int i, int end, void (* then)(pairs *, int))
{
    const dipa_state * S = Z->P->A->states + Z->state[k];
    int l, a, base = Z->ncons;
    if (Z->fail)
        return;
    while (i < end && Z->G->succ[Z->G->off[Z->node[k]] + i] == -2)
        i++;
    if (i == end)
    {
        then(Z, k);
        return;
    }
    for (l = 0; l < S->trans[i].natoms && !Z->fail; l++)
    {
        Z->ncons = base;
        for (a = 0; a < l; a++)
            add_atom(Z, k, S->trans[i].atoms + a, 0);
        add_atom(Z, k, S->trans[i].atoms + l, 1);
        if (!Z->fail)
            negated_guards(Z, k, i + 1, end, then);
    }
    Z->ncons = base;
}

/* the piece in Z->cons, at the path's last step k */
static void
last_piece(pairs * Z, int k)
{
    (void) k;
    piece_bound(Z);
}

static void path_pieces(pairs * Z, int k);

/* the steps after step k */
static void
next_step(pairs * Z, int k)
{
    path_pieces(Z, k + 1);
}

/* the pieces of the path from step k on (steps below Z->nt are
   transitions): each transition's own atoms and, in a state whose
   guards are not pairwise disjoint, not g_i for each earlier transition
   i, since the first guard that holds is taken (an earlier guard
   without atoms always holds: no piece); then the last step's: its
   transition's, or the ending's, not g_i for every transition (nothing
   more when the facts rule out every one) */
static void
path_pieces(pairs * Z, int k)
{
    const dipa_state * S;
    int j, a, base = Z->ncons;
    if (Z->fail)
        return;
    if (k == Z->nt)
    {
        if (Z->nt == Z->n || Z->end_certain)
            piece_bound(Z);
        else
            negated_guards(Z, k, 0, Z->P->A->states[Z->state[k]].ntrans,
                last_piece);
        return;
    }
    S = Z->P->A->states + Z->state[k];
    j = Z->trans[k];
    for (a = 0; a < S->trans[j].natoms; a++)
        if (add_atom(Z, k, S->trans[j].atoms + a, 0) != 0)
            return;
    if (Z->P->disjoint[Z->state[k]])
        next_step(Z, k);
    else
        negated_guards(Z, k, 0, j, next_step);
    Z->ncons = base;
}

static void
walk(pairs * Z, int f)
{
    const dipa_automaton_struct * A = Z->P->A;
    int s = Z->G->state[f], j, k = Z->n, r;
    const dipa_state * S = A->states + s;
    int certain_end = 1;
    if (Z->fail)
        return;
    if (Z->onpath[f])
    {
        give_up(Z, PAIR_CYCLE);
        return;
    }
    if (*Z->work > Z->budget)
    {
        give_up(Z, "the work budget ran out");
        return;
    }
    if (k == PAIR_MAX_STEPS)
    {
        give_up(Z, "a run is longer than 48 steps");
        return;
    }
    Z->onpath[f] = 1;
    for (j = 0; j < S->ntrans; j++)
        certain_end &= Z->G->succ[Z->G->off[f] + j] == -2;
    for (j = 0; j <= S->ntrans && !Z->fail; j++)
    {
        int succ = Z->G->succ[Z->G->off[f] + j];
        if (succ == -2)
            continue;
        (*Z->work)++;
        Z->state[k] = s;
        Z->trans[k] = j;
        Z->node[k] = f;
        Z->n = k + 1;
        if (j < S->ntrans)
        {
            int * nh = Z->holder + (size_t) (k + 1) * Z->R;
            memcpy(nh, Z->holder + (size_t) k * Z->R, Z->R * sizeof(int));
            for (r = 0; r < S->trans[j].nassign; r++)
                nh[S->trans[j].assign[r]] = k;
        }
        if (j == S->ntrans || succ == -1)
        {
            Z->out->paths++;
            Z->end_certain = certain_end;
            Z->nt = j == S->ntrans ? k : k + 1;
            Z->ncons = 0;
            path_pieces(Z, 0);
        }
        else
            walk(Z, succ);
        Z->n = k;
    }
    Z->onpath[f] = 0;
}

int
pair_bound(pair_result * out, const prep * P, const fgraph * G, slong * work,
    slong budget)
{
    pairs * Z = flint_calloc(1, sizeof(pairs));
    int R = FLINT_MAX(P->R, 1), nn = PAIR_MAX_STEPS + 3, k, r;
    memset(out, 0, sizeof(*out));
    Z->out = out;
    Z->P = P;
    Z->G = G;
    Z->work = work;
    Z->budget = budget;
    Z->R = R;
    Z->holder = flint_malloc((size_t) (PAIR_MAX_STEPS + 1) * R * sizeof(int));
    Z->best_holder = flint_malloc((size_t) PAIR_MAX_STEPS * R * sizeof(int));
    for (r = 0; r < R; r++)
        Z->holder[r] = -1;
    Z->onpath = flint_calloc(G->n + 1, 1);
    Z->cap = flint_malloc((size_t) nn * nn * sizeof(slong));
    Z->queue = flint_malloc(nn * sizeof(int));
    Z->par = flint_malloc(nn * sizeof(int));
    walk(Z, 0);
    out->ok = !Z->fail;
    out->why = Z->failwhy;
    if (out->ok && out->n > 0)
    {
        /* each register's shift before each step: its holder's t */
        out->cur = flint_malloc((size_t) out->n * P->A->nregs + 1);
        for (k = 0; k < out->n; k++)
            for (r = 0; r < P->A->nregs; r++)
            {
                int h = Z->best_holder[(size_t) k * R + r];
                out->cur[(size_t) k * P->A->nregs + r] = h < 0 ? 0
                    : out->t[h];
            }
    }
    flint_free(Z->holder);
    flint_free(Z->best_holder);
    flint_free(Z->onpath);
    flint_free(Z->cap);
    flint_free(Z->queue);
    flint_free(Z->par);
    flint_free(Z);
    return out->ok ? 0 : -1;
}

void
pair_result_clear(pair_result * out)
{
    flint_free(out->cur);
    out->cur = NULL;
}
