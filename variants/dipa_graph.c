/* dipa_graph.c -- the prover for DiPA automata of any size
   (dipa_prove.h), part 2: the cost of a transition under the rules, the
   graph of (state, facts, shifts) under a choice of shifts, its longest
   paths, and the classes of runs (the main one, and one per ending that
   no rule aligns). */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_impl.h"

/* ---- the cost of a transition ------------------------------------------ */


/* max over delta in [dlo, dhi] (half-units) of the distance from delta
   to the set {a} u [lo, hi] (has_a, has_i say which parts exist) */
static slong
max_dist(slong dlo, slong dhi, int has_a, slong a, int has_i, slong lo,
    slong hi)
{
    slong cand[7], best = 0;
    int n = 0, i;
    cand[n++] = dlo;
    cand[n++] = dhi;
    if (has_a)
        cand[n++] = a;
    if (has_i)
    {
        cand[n++] = lo;
        cand[n++] = hi;
        if (has_a)
        {
            cand[n++] = (a + lo) / 2;   /* both even: exact */
            cand[n++] = (a + hi) / 2;
        }
    }
    for (i = 0; i < n; i++)
    {
        slong x = cand[i], d = WORD_MAX;
        if (x < dlo || x > dhi)
            continue;
        if (has_a)
            d = FLINT_ABS(x - a);
        if (has_i)
        {
            slong di = x < lo ? lo - x : x > hi ? x - hi : 0;
            d = FLINT_MIN(d, di);
        }
        best = FLINT_MAX(best, d);
    }
    return best;
}

/* Cost of transition j of state s (j = ntrans: the ending) with the
   current shifts cur[] (in {-1, 0, 1}) and the site's shift snew: in
   units of 1 / (2 L), or -1 when no rule aligns it. */
static slong
trans_cost_range(const prep * P, int s, int j, const signed char * cur,
    int snew, slong dlo, slong dhi)
{
    const dipa_state * S = P->A->states + s;
    const dipa_trans * T = j < S->ntrans ? S->trans + j : NULL;
    int has_a = 1, has_i = 0, k;
    slong a = 0, lo = -4 * H1, hi = 4 * H1, m;
    /* rule A: every compared register has the same shift */
    for (k = 0; k < P->ncomp[s]; k++)
        if (cur[P->comp[s][k]] != cur[P->comp[s][0]])
            has_a = 0;
    if (has_a && P->ncomp[s] > 0)
        a = H1 * cur[P->comp[s][0]];
    else if (has_a)
    {
        has_a = 0;              /* no register: t is free */
        has_i = 1;
    }
    /* rule B: the transition's own guard, when the guards are disjoint */
    if (T != NULL && P->disjoint[s] && !has_i)
    {
        has_i = 1;
        for (k = 0; k < T->natoms; k++)
        {
            slong v = H1 * cur[T->atoms[k].reg];
            if (T->atoms[k].ge)
                lo = FLINT_MAX(lo, v);
            else
                hi = FLINT_MIN(hi, v);
        }
        if (lo > hi)
            has_i = 0;
    }
    /* an assignment or a released insample fixes t; not an assignment
       whose value no guard reads before it is replaced (site_dead: its
       shift is read nowhere, so the value moves by whatever t is) */
    if (T != NULL && (T->out == DIPA_OUT_INSAMPLE || (T->nassign > 0
            && !P->site_dead[P->site[P->site_of[s] + j]])))
    {
        slong t = T->nassign > 0 ? H1 * snew : 0;
        if (T->nassign > 0 && T->out == DIPA_OUT_INSAMPLE && snew != 0)
            return -1;
        if (!((has_a && a == t) || (has_i && lo <= t && t <= hi)))
            return -1;
        has_a = 1;
        a = t;
        has_i = 0;
    }
    if (!has_a && !has_i)
        return -1;
    m = max_dist(dlo, dhi, has_a, a, has_i, lo, hi) * P->dnum[s];
    if (T != NULL && T->out == DIPA_OUT_PRIME && !S->noninput)
        m += FLINT_MAX(-dlo, dhi) * P->dpnum[s];
    return m;
}

slong
trans_cost(const prep * P, int s, int j, const signed char * cur, int snew)
{
    slong d = P->A->states[s].noninput ? 0 : H1;
    return trans_cost_range(P, s, j, cur, snew, -d, d);
}

int
trans_tight_delta(const prep * P, int s, int j, const signed char * cur,
    int snew)
{
    slong lo, hi;
    if (P->A->states[s].noninput)
        return 0;
    lo = trans_cost_range(P, s, j, cur, snew, -H1, -H1);
    hi = trans_cost_range(P, s, j, cur, snew, H1, H1);
    return lo > hi ? -1 : hi > lo ? 1 : 0;
}

/* ---- the cost of a block of reads (dipa_blocks.c) ----------------------- */

/* Read i of block B may win both registers k and l with probability > 0
   (then both shifts must be one): same kind (i least, or greatest, of
   both sets), or opposite kinds with no other candidate in common (else
   that one would lie both above and below read i). */
static int
may_win_both(const dipa_block * B, int i, int k, int l)
{
    int j;
    if (B->kind[k] == B->kind[l] || B->kind[k] == 0 || B->kind[l] == 0)
        return 1;
    for (j = 0; j < B->n; j++)
        if (j != i && B->member[j * B->nregs + k] && B->member[j * B->nregs + l])
            return 0;
    return 1;
}

/* Read i's answer moves by t.  As a loser of every register it may be
   stored in, t lies in [lo, hi] (above the shift of each minimum, below
   that of each maximum); winning register k fixes t = c[k], which must
   lie there too.  Its cost for the worst query difference: base (as a
   loser) and, per register, the extra cost of winning it (gain[k], or
   -1 when that piece cannot be kept).  Returns -1 when no t keeps even
   the losers' piece. */
static int
read_costs(const prep * P, const dipa_block * B, int i, const signed char * c,
    slong * base, slong * gain)
{
    int s = B->states[i], k, l;
    slong d = P->A->states[s].noninput ? 0 : H1, lo = -4 * H1, hi = 4 * H1;
    for (k = 0; k < B->nregs; k++)
        if (B->member[i * B->nregs + k])
        {
            if (B->kind[k] <= 0)
                lo = FLINT_MAX(lo, H1 * c[k]);
            if (B->kind[k] >= 0)
                hi = FLINT_MIN(hi, H1 * c[k]);
        }
    /* a register never reassigned (kind 0) has read 0 as its only
       candidate: t = c[k] both ways */
    if (lo > hi)
        return -1;
    *base = max_dist(-d, d, 0, 0, 1, lo, hi) * P->dnum[s];
    for (k = 0; k < B->nregs; k++)
    {
        gain[k] = 0;
        if (!B->member[i * B->nregs + k])
            continue;
        for (l = 0; l < B->nregs; l++)
            if (l != k && B->member[i * B->nregs + l] && c[l] != c[k]
                    && may_win_both(B, i, k, l))
                gain[k] = -1;
        if (gain[k] == 0)
            gain[k] = max_dist(-d, d, 1, H1 * c[k], 0, 0, 0) * P->dnum[s] - *base;
    }
    return 0;
}

/* The largest over the pieces is at most the sum of the losers' costs
   plus, per register, the largest extra cost of its winner (a read that
   wins several registers pays its fixed point once, at most its loser's
   cost plus each extra, every extra being >= 0). */
slong
block_cost(const prep * P, int b, const signed char * c)
{
    const dipa_block * B = P->blocks + b;
    slong total = 0, base, * gain = flint_malloc(B->nregs * sizeof(slong));
    slong * most = flint_calloc(B->nregs, sizeof(slong));
    int i, k, ok = 1;
    for (i = 0; i < B->n && ok; i++)
    {
        ok = read_costs(P, B, i, c, &base, gain) == 0;
        total += ok ? base : 0;
        for (k = 0; k < B->nregs && ok; k++)
        {
            ok = gain[k] >= 0;
            most[k] = FLINT_MAX(most[k], gain[k]);
        }
    }
    for (k = 0; k < B->nregs; k++)
        total += most[k];
    flint_free(gain);
    flint_free(most);
    return ok ? total : -1;
}

/* ---- the graph of (state, facts, shifts) under a choice of shifts ------- */


void
sgraph_clear(sgraph * S)
{
    interner_clear(&S->I);
    flint_free(S->fn);
    flint_free(S->estart);
    flint_free(S->eto);
    flint_free(S->etrans);
    flint_free(S->ecost);
}

/* The node (f, the current shifts, the pending guesses).  A value
   assigned to several registers at once carries the guess of its class:
   tag[r] = g + 1 when register g is to be reassigned first, R + 1 + r0
   when none is (r0 its first register); 0 when nothing is pending. */
static int
snode(sgraph * S, int f, const signed char * cur, const unsigned short * tag,
    int R, int tags)
{
    unsigned char key[4 + 3 * DIPA_MAX_REGS];
    int fresh, id, len = 4 + R;
    memcpy(key, &f, 4);
    memcpy(key + 4, cur, R);
    if (tags)
    {
        memcpy(key + 4 + R, tag, 2 * R);
        len += 2 * R;
    }
    id = intern(&S->I, key, len, &fresh);
    if (fresh)
    {
        if (S->n + 1 >= S->alloc)
        {
            S->alloc = 2 * S->alloc + 256;
            S->fn = flint_realloc(S->fn, S->alloc * sizeof(int));
            S->estart = flint_realloc(S->estart, (S->alloc + 1) * sizeof(int));
        }
        S->fn[S->n++] = f;
    }
    return id;
}

static void
sedge(sgraph * S, int to, int j, slong cost)
{
    if (S->ne == S->ealloc)
    {
        S->ealloc = 2 * S->ealloc + 1024;
        S->eto = flint_realloc(S->eto, S->ealloc * sizeof(int));
        S->etrans = flint_realloc(S->etrans, S->ealloc * sizeof(int));
        S->ecost = flint_realloc(S->ecost, S->ealloc * sizeof(slong));
    }
    S->eto[S->ne] = to;
    S->etrans[S->ne] = j;
    S->ecost[S->ne] = cost;
    S->ne++;
}

/* a transition that reassigns a register whose value has a pending
   guess: 0 when it reassigns the guessed one (the guess is settled: tags
   cleared in ntag), -1 when it reassigns others of the value but not the
   guessed one, or any when none was guessed (the run is not of this
   class) */
static int
settle_guesses(unsigned short * ntag, const unsigned short * tag,
    const dipa_trans * T, int R)
{
    int k, l, r;
    for (k = 0; k < T->nassign; k++)
    {
        unsigned short t = tag[T->assign[k]];
        if (t == 0)
            continue;
        if (t > R)
            return -1;
        for (l = 0; l < T->nassign && T->assign[l] != t - 1; l++)
            ;
        if (l == T->nassign)
            return -1;
        for (r = 0; r < R; r++)
            if (ntag[r] == t)
                ntag[r] = 0;
    }
    return 0;
}

typedef struct
{
    signed char * cur, * nxt;
    unsigned short * tag, * ntag, * gtag;
}
walk_bufs;

/* the edge over a block (its first state's transition, site): every
   register it assigns ends moved by its shift, its cost block_cost's */
static void
block_edge(sgraph * S, const prep * P, int site, int succ,
    const signed char * sigma, walk_bufs * W)
{
    const dipa_block * B = P->blocks + P->block_at[P->site_state[site]];
    const signed char * c = sigma + P->sig_off[site];
    int k, to = -1, R = FLINT_MAX(P->R, 1);
    if (succ >= 0)
    {
        memcpy(W->nxt, W->cur, R);
        memcpy(W->gtag, W->ntag, 2 * R);
        for (k = 0; k < B->nregs; k++)
        {
            W->nxt[B->regs[k]] = c[k];
            W->gtag[B->regs[k]] = 0;
        }
        to = snode(S, succ, W->nxt, W->gtag, R, P->guesses);
    }
    sedge(S, to, 0, block_cost(P, P->block_at[P->site_state[site]], c));
}

/* the edges of node u (state s, fact node f) */
static int
sgraph_expand(sgraph * S, const prep * P, const fgraph * G,
    const signed char * sigma, int u, walk_bufs * W, slong * work, slong budget)
{
    int f = S->fn[u], s = G->state[f], R = FLINT_MAX(P->R, 1), j, k, g;
    const dipa_state * D = P->A->states + s;
    /* the facts rule out every transition: the ending is certain on both
       sides (the facts hold on every run that reaches f), so it costs
       nothing */
    int certain_end = G->succ[G->off[f] + D->ntrans] != -2;
    for (j = 0; j < D->ntrans; j++)
        certain_end &= G->succ[G->off[f] + j] == -2;
    for (j = 0; j <= D->ntrans; j++)
    {
        const dipa_trans * T = j < D->ntrans ? D->trans + j : NULL;
        int succ = G->succ[G->off[f] + j], site, ng = 1;
        if (succ == -2)
            continue;
        memcpy(W->ntag, W->tag, 2 * R);
        if (T != NULL && settle_guesses(W->ntag, W->tag, T, R) != 0)
            continue;
        site = T != NULL ? P->site[P->site_of[s] + j] : -1;
        if (T != NULL && P->block_at != NULL && P->block_at[s] >= 0)
        {
            const dipa_block * B = P->blocks + P->block_at[s];
            /* block_cost looks at each read and pair of registers */
            if ((*work += (slong) B->n * B->nregs * B->nregs) > budget
                    || S->n > MAX_SNODES || S->I.used > MAX_KEY_BYTES)
                return -1;
            block_edge(S, P, site, succ, sigma, W);
            continue;
        }
        if (site >= 0)
            ng = P->sig_n[site];
        for (g = 0; g < ng; g++)
        {
            int snew = site >= 0 ? sigma[P->sig_off[site] + g] : 0, to = -1;
            if (++*work > budget || S->n > MAX_SNODES
                    || S->I.used > MAX_KEY_BYTES)
                return -1;
            if (succ >= 0)
            {
                memcpy(W->nxt, W->cur, R);
                memcpy(W->gtag, W->ntag, 2 * R);
                for (k = 0; site >= 0 && k < T->nassign; k++)
                {
                    W->nxt[T->assign[k]] = (signed char) snew;
                    if (ng > 1)
                        W->gtag[T->assign[k]] = (unsigned short) (g < T->nassign
                            ? T->assign[g] + 1 : R + 1 + T->assign[0]);
                }
                to = snode(S, succ, W->nxt, W->gtag, R, P->guesses);
            }
            sedge(S, to, j, j == D->ntrans && certain_end ? 0
                : trans_cost(P, s, j, W->cur, snew));
        }
    }
    return 0;
}

/* walks every node reached from the start under the shifts sigma; -1
   when the work budget or the node limit is reached */
int
sgraph_build(sgraph * S, const prep * P, const fgraph * G,
    const signed char * sigma, slong * work, slong budget)
{
    int R = FLINT_MAX(P->R, 1), u, len, r = 0;
    walk_bufs W;
    W.cur = flint_calloc(R, 1);
    W.nxt = flint_calloc(R, 1);
    W.tag = flint_calloc(R, 2);
    W.ntag = flint_calloc(R, 2);
    W.gtag = flint_calloc(R, 2);
    memset(S, 0, sizeof(*S));
    interner_init(&S->I);
    snode(S, 0, W.cur, W.tag, R, P->guesses);
    for (u = 0; u < S->n && r == 0; u++)
    {
        const unsigned char * key = interned(&S->I, u, &len);
        memcpy(W.cur, key + 4, R);
        if (P->guesses)
            memcpy(W.tag, key + 4 + R, 2 * R);
        S->estart[u] = S->ne;
        r = sgraph_expand(S, P, G, sigma, u, &W, work, budget);
    }
    S->estart[S->n] = S->ne;
    flint_free(W.cur);
    flint_free(W.nxt);
    flint_free(W.tag);
    flint_free(W.ntag);
    flint_free(W.gtag);
    return r;
}

/* ---- longest paths ------------------------------------------------------- */

/* Strongly connected components of the nodes in mask (edges: feasible,
   to a node in mask), in reverse topological order (Tarjan, iterative).
   comp[u] is u's component; returns the number of components. */
static int
tarjan(const sgraph * S, const char * mask, int * comp)
{
    int n = S->n, idx = 0, nc = 0, u;
    int * index = flint_malloc(n * sizeof(int)), * low = flint_malloc(n * sizeof(int));
    int * stack = flint_malloc(n * sizeof(int)), * cs = flint_malloc(n * sizeof(int));
    int * ce = flint_malloc(n * sizeof(int));
    char * on = flint_calloc(n, 1);
    int sp = 0, csp;
    for (u = 0; u < n; u++)
        index[u] = -1, comp[u] = -1;
    for (u = 0; u < n; u++)
    {
        if (!mask[u] || index[u] >= 0)
            continue;
        csp = 0;
        cs[csp] = u, ce[csp] = S->estart[u], csp++;
        index[u] = low[u] = idx++;
        stack[sp++] = u, on[u] = 1;
        while (csp > 0)
        {
            int v = cs[csp - 1], e = ce[csp - 1];
            if (e < S->estart[v + 1])
            {
                int w = S->eto[e];
                ce[csp - 1]++;
                if (w < 0 || S->ecost[e] < 0 || !mask[w])
                    continue;
                if (index[w] < 0)
                {
                    index[w] = low[w] = idx++;
                    stack[sp++] = w, on[w] = 1;
                    cs[csp] = w, ce[csp] = S->estart[w], csp++;
                }
                else if (on[w])
                    low[v] = FLINT_MIN(low[v], index[w]);
                continue;
            }
            if (low[v] == index[v])
            {
                int w;
                do
                {
                    w = stack[--sp];
                    on[w] = 0;
                    comp[w] = nc;
                }
                while (w != v);
                nc++;
            }
            csp--;
            if (csp > 0)
                low[cs[csp - 1]] = FLINT_MIN(low[cs[csp - 1]], low[v]);
        }
    }
    flint_free(index);
    flint_free(low);
    flint_free(stack);
    flint_free(cs);
    flint_free(ce);
    flint_free(on);
    return nc;
}

/* Longest paths from the start within mask: dist[u] (-1: not reached).
   Returns -1, with *bad the edge, when an edge inside a cycle costs
   something. */
static int
longest(const sgraph * S, const char * mask, slong * dist, int * bad)
{
    int * comp = flint_malloc(S->n * sizeof(int)), * order;
    int nc = tarjan(S, mask, comp), u, e, c, k, * cstart, * pos;
    slong * cd = flint_malloc((nc + 1) * sizeof(slong));
    for (u = 0; u < S->n; u++)
        dist[u] = -1;
    /* nodes grouped by component */
    cstart = flint_calloc(nc + 1, sizeof(int));
    pos = flint_calloc(nc + 1, sizeof(int));
    order = flint_malloc((S->n + 1) * sizeof(int));
    for (u = 0; u < S->n; u++)
        if (comp[u] >= 0)
            cstart[comp[u] + 1]++;
    for (c = 0; c < nc; c++)
        cstart[c + 1] += cstart[c];
    for (u = 0; u < S->n; u++)
        if (comp[u] >= 0)
            order[cstart[comp[u]] + pos[comp[u]]++] = u;
    for (c = 0; c < nc; c++)
        cd[c] = -1;
    if (mask[0])
        cd[comp[0]] = 0;
    /* Tarjan numbers components in reverse topological order */
    for (c = nc - 1; c >= 0; c--)
    {
        for (k = cstart[c]; k < cstart[c + 1]; k++)
            dist[order[k]] = cd[c];
        for (k = cstart[c]; k < cstart[c + 1]; k++)
        {
            u = order[k];
            for (e = S->estart[u]; e < S->estart[u + 1]; e++)
            {
                int w = S->eto[e];
                if (w < 0 || S->ecost[e] < 0 || !mask[w])
                    continue;
                if (comp[w] == c)
                {
                    if (S->ecost[e] > 0 && cd[c] >= 0)
                    {
                        *bad = e;
                        flint_free(comp), flint_free(cd), flint_free(cstart);
                        flint_free(pos), flint_free(order);
                        return -1;
                    }
                }
                else if (cd[c] >= 0)
                    cd[comp[w]] = FLINT_MAX(cd[comp[w]], cd[c] + S->ecost[e]);
            }
        }
    }
    flint_free(comp), flint_free(cd), flint_free(cstart);
    flint_free(pos), flint_free(order);
    return 0;
}

/* the edge's source node (edges are stored by source) */
int
edge_source(const sgraph * S, int e)
{
    int lo = 0, hi = S->n - 1;
    while (lo < hi)
    {
        int mid = (lo + hi + 1) / 2;
        if (S->estart[mid] <= e)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* the edges into each node: rsrc[rstart[w] .. rstart[w + 1] - 1] */
static void
reverse_edges(const sgraph * S, int ** rstart_out, int ** rsrc_out)
{
    int * rstart = flint_calloc(S->n + 1, sizeof(int)), * rsrc, * fill, u, e;
    for (e = 0; e < S->ne; e++)
        if (S->eto[e] >= 0)
            rstart[S->eto[e] + 1]++;
    for (u = 0; u < S->n; u++)
        rstart[u + 1] += rstart[u];
    rsrc = flint_malloc((S->ne + 1) * sizeof(int));
    fill = flint_calloc(S->n + 1, sizeof(int));
    for (u = 0; u < S->n; u++)
        for (e = S->estart[u]; e < S->estart[u + 1]; e++)
            if (S->eto[e] >= 0)
                rsrc[rstart[S->eto[e]] + fill[S->eto[e]]++] = e;
    flint_free(fill);
    *rstart_out = rstart;
    *rsrc_out = rsrc;
}

/* The costliest run to node u_end (then edge e_last; -1: none) into
   V->path: back from u_end to the start over tight edges (dist[v] +
   cost = dist[w], within mask), breadth first, so it ends. */
static void
tight_path_rev(verdict * V, const sgraph * S, const char * mask,
    const slong * dist, int u_end, int e_last, const int * rstart,
    const int * rsrc)
{
    int * par = flint_malloc(S->n * sizeof(int)), * queue = flint_malloc(S->n
        * sizeof(int)), head = 0, tail = 0, u, k, n = 0;
    for (u = 0; u < S->n; u++)
        par[u] = -2;
    par[u_end] = -1;
    queue[tail++] = u_end;
    while (head < tail && par[0] == -2)
    {
        int w = queue[head++];
        for (k = rstart[w]; k < rstart[w + 1]; k++)
        {
            int e = rsrc[k], v = edge_source(S, e);
            if (!mask[v] || par[v] != -2 || S->ecost[e] < 0 || dist[v] < 0
                    || dist[v] + S->ecost[e] != dist[w])
                continue;
            par[v] = e;
            queue[tail++] = v;
        }
    }
    V->npath = 0;
    if (u_end == 0 || par[0] != -2)
    {
        for (u = 0; u != u_end && n < DIPA_PATH_MAX; u = S->eto[par[u]])
            V->path[n++] = par[u];
        if (u == u_end && e_last >= 0 && n < DIPA_PATH_MAX)
            V->path[n++] = e_last;
        V->npath = u == u_end && (e_last < 0 || V->path[n - 1] == e_last) ? n : 0;
    }
    flint_free(par);
    flint_free(queue);
}

static void
tight_path(verdict * V, const sgraph * S, const char * mask,
    const slong * dist, int u_end, int e_last)
{
    int * rs, * rr;
    reverse_edges(S, &rs, &rr);
    tight_path_rev(V, S, mask, dist, u_end, e_last, rs, rr);
    flint_free(rs);
    flint_free(rr);
}

/* ---- the classes ---------------------------------------------------------- */


/* does a run that stops in node u make a better witness than one that
   stops in node b (the same cost)?  When u's state is preferred (a loop
   of its own: the witness can pin the registers there) and b's is not */
static int
preferred(const char * prefer, const fgraph * G, const sgraph * S, int u,
    int b)
{
    return prefer != NULL && prefer[G->state[S->fn[u]]]
        && (b < 0 || !prefer[G->state[S->fn[b]]]);
}

/* the main class: runs whose last step is not a delegated ending.
   deleg[] collects the stopping transitions no rule aligns (state *
   (DIPA_MAX_TRANS + 1) + j), *ndeleg of them. */
void
main_class(verdict * V, const sgraph * S, const fgraph * G, int * deleg,
    int * ndeleg, const char * prefer)
{
    char * mask = flint_calloc(S->n, 1);
    slong * dist = flint_malloc(S->n * sizeof(slong));
    int * queue = flint_malloc(S->n * sizeof(int)), head = 0, tail = 0, u, e, k;
    int besta = -1, beste = -1;
    V->B = 0;
    V->bad_kind = 0;
    V->npath = 0;
    *ndeleg = 0;
    mask[0] = 1;
    queue[tail++] = 0;
    for (head = 0; head < tail; head++)
        for (u = queue[head], e = S->estart[u]; e < S->estart[u + 1]; e++)
        {
            int w = S->eto[e];
            if (S->ecost[e] < 0)
            {
                int code = G->state[S->fn[u]] * (DIPA_MAX_TRANS + 1) + S->etrans[e];
                if (w >= 0)
                {
                    V->B = INF, V->bad_kind = 1, V->bad_edge = e;
                    goto done;
                }
                for (k = 0; k < *ndeleg && deleg[k] != code; k++)
                    ;
                if (k == *ndeleg)
                    deleg[(*ndeleg)++] = code;
                continue;
            }
            if (w >= 0 && !mask[w])
                mask[w] = 1, queue[tail++] = w;
        }
    if (longest(S, mask, dist, &V->bad_edge) != 0)
    {
        V->B = INF, V->bad_kind = 2;
        goto done;
    }
    for (u = 0; u < S->n; u++)
        if (mask[u] && dist[u] >= 0)
        {
            if (dist[u] > V->B || besta < 0)
                besta = u, beste = -1;
            V->B = FLINT_MAX(V->B, dist[u]);
            for (e = S->estart[u]; e < S->estart[u + 1]; e++)
                if (S->eto[e] < 0 && S->ecost[e] >= 0
                        && (dist[u] + S->ecost[e] > V->B
                        || (dist[u] + S->ecost[e] == V->B
                        && preferred(prefer, G, S, u, besta))))
                {
                    V->B = dist[u] + S->ecost[e];
                    besta = u, beste = e;
                }
        }
    if (besta >= 0)
        tight_path(V, S, mask, dist, besta, beste);
done:
    flint_free(mask);
    flint_free(dist);
    flint_free(queue);
}

/* the class of the runs whose last step is transition j of state s */
void
end_class(verdict * V, const sgraph * S, const fgraph * G, int s, int j)
{
    char * mask = flint_calloc(S->n, 1);
    slong * dist = flint_malloc(S->n * sizeof(slong));
    int * queue = flint_malloc(S->n * sizeof(int)), tail = 0, u, e;
    int * rstart, * rsrc, besta = -1, beste = -1;
    V->B = 0;
    V->bad_kind = 0;
    V->npath = 0;
    reverse_edges(S, &rstart, &rsrc);
    /* the nodes where the last step is possible, and those reaching them */
    for (u = 0; u < S->n; u++)
        if (G->state[S->fn[u]] == s)
            for (e = S->estart[u]; e < S->estart[u + 1]; e++)
                if (S->etrans[e] == j && !mask[u])
                    mask[u] = 1, queue[tail++] = u;
    for (u = 0; u < tail; u++)
        for (e = rstart[queue[u]]; e < rstart[queue[u] + 1]; e++)
        {
            int v = edge_source(S, rsrc[e]);
            if (S->ecost[rsrc[e]] < 0)
            {
                V->B = INF, V->bad_kind = 1, V->bad_edge = rsrc[e];
                goto done;
            }
            if (!mask[v])
                mask[v] = 1, queue[tail++] = v;
        }
    if (!mask[0])
        goto done;              /* no run ends there */
    if (longest(S, mask, dist, &V->bad_edge) != 0)
    {
        V->B = INF, V->bad_kind = 2;
        goto done;
    }
    for (u = 0; u < S->n; u++)
        if (mask[u] && dist[u] >= 0 && G->state[S->fn[u]] == s)
            for (e = S->estart[u]; e < S->estart[u + 1]; e++)
                if (S->etrans[e] == j)
                {
                    if (S->ecost[e] < 0)
                    {
                        V->B = INF, V->bad_kind = 3, V->bad_edge = e;
                        goto done;
                    }
                    if (besta < 0 || dist[u] + S->ecost[e] > V->B)
                        besta = u, beste = e;
                    V->B = FLINT_MAX(V->B, dist[u] + S->ecost[e]);
                }
    if (besta >= 0)
        tight_path(V, S, mask, dist, besta, beste);
done:
    flint_free(mask);
    flint_free(dist);
    flint_free(queue);
    flint_free(rstart);
    flint_free(rsrc);
}
