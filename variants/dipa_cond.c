/* dipa_cond.c -- DiPA's four conditions read off an automaton's
   augmented graph, by DiPAut's definitions (dipa_cond.h). */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_cond.h"

/* the kinds of edges of a node (DiPAut's pre_build_augmentation_*): the
   transition as it is, and with ghost registers assigned too */
enum { K_NORMAL = 1, K_ASSIGN = 2, K_OUT = 4, K_BOTH = 8 };
/* MODE_LP: layers 0, 1 (V1 set), 2 (V2 set).  MODE_PVP: layers 0 =
   (0,0), 1 = (1,0) (V1 set), 2 = (0,1) (Vinsample set), 3 = (1,1). */
enum { MODE_LP = 0, MODE_PVP = 1 };

typedef struct
{
    const dipa_automaton_struct * A;
    int mode, nv, g1, g2, endstate;
    /* nodes: state, layer, the kinds of edges generated, facts (pairs
       x * nv + y: x < y in lt, x = y in eq) in pool */
    slong n, alloc;
    int * state;
    unsigned char * layer, * done;
    slong * lt_off, * eq_off;
    int * lt_n, * eq_n;
    uint32_t * pool;
    slong npool, apool;
    slong * hash;
    slong hcap;
    /* edges: source, target, the state's transition, its kind */
    slong ne, ealloc;
    slong * esrc, * edst;
    int * etrans;
    unsigned char * ekind;
    slong work, budget;
    int over;
    /* scratch of one step */
    uint32_t * nlt, * neq;
    slong anlt, aneq;
    int * sm, * lg, * av;
    unsigned char * insm, * inlg, * mlt, * mgt, * ina;
    /* aug_finish: out and in adjacency (edge indices), components */
    slong * off, * adj, * roff, * radj, * comp;
}
aug_t;

static void
aug_init(aug_t * X, const dipa_automaton_struct * A, int mode, slong budget)
{
    memset(X, 0, sizeof(*X));
    X->A = A;
    X->mode = mode;
    X->nv = A->nregs + 2;
    X->g1 = A->nregs;
    X->g2 = A->nregs + 1;
    X->endstate = A->nstates;
    X->budget = budget;
    X->sm = flint_malloc(X->nv * sizeof(int));
    X->lg = flint_malloc(X->nv * sizeof(int));
    X->av = flint_malloc((X->nv + 2) * sizeof(int));
    X->insm = flint_calloc(X->nv, 1);
    X->inlg = flint_calloc(X->nv, 1);
    X->mlt = flint_calloc(X->nv, 1);
    X->mgt = flint_calloc(X->nv, 1);
    X->ina = flint_calloc(X->nv, 1);
    X->apool = X->anlt = X->aneq = 4096;
    X->pool = flint_malloc(X->apool * sizeof(uint32_t));
    X->nlt = flint_malloc(X->anlt * sizeof(uint32_t));
    X->neq = flint_malloc(X->aneq * sizeof(uint32_t));
}

static void
aug_free_csr(aug_t * X)
{
    flint_free(X->off);
    flint_free(X->adj);
    flint_free(X->roff);
    flint_free(X->radj);
    flint_free(X->comp);
    X->off = X->adj = X->roff = X->radj = X->comp = NULL;
}

static void
aug_clear(aug_t * X)
{
    aug_free_csr(X);
    flint_free(X->state);
    flint_free(X->layer);
    flint_free(X->done);
    flint_free(X->lt_off);
    flint_free(X->eq_off);
    flint_free(X->lt_n);
    flint_free(X->eq_n);
    flint_free(X->pool);
    flint_free(X->hash);
    flint_free(X->esrc);
    flint_free(X->edst);
    flint_free(X->etrans);
    flint_free(X->ekind);
    flint_free(X->nlt);
    flint_free(X->neq);
    flint_free(X->sm);
    flint_free(X->lg);
    flint_free(X->av);
    flint_free(X->insm);
    flint_free(X->inlg);
    flint_free(X->mlt);
    flint_free(X->mgt);
    flint_free(X->ina);
}

static uint64_t
node_hash(int state, int layer, const uint32_t * lt, int nlt,
    const uint32_t * eq, int neq)
{
    uint64_t h = 1469598103934665603ULL;
    int i;
#define MIX(v) (h = (h ^ (uint64_t) (v)) * 1099511628211ULL)
    MIX(state);
    MIX(layer);
    MIX(nlt);
    for (i = 0; i < nlt; i++)
        MIX(lt[i]);
    MIX(neq);
    for (i = 0; i < neq; i++)
        MIX(eq[i]);
#undef MIX
    return h ^ (h >> 29);
}

static int
node_is(const aug_t * X, slong v, int state, int layer, const uint32_t * lt,
    int nlt, const uint32_t * eq, int neq)
{
    return X->state[v] == state && X->layer[v] == layer && X->lt_n[v] == nlt
        && X->eq_n[v] == neq && (nlt == 0
        || memcmp(X->pool + X->lt_off[v], lt, nlt * sizeof(uint32_t)) == 0)
        && (neq == 0
        || memcmp(X->pool + X->eq_off[v], eq, neq * sizeof(uint32_t)) == 0);
}

static void
hash_insert(aug_t * X, slong v)
{
    uint64_t h = node_hash(X->state[v], X->layer[v], X->pool + X->lt_off[v],
        X->lt_n[v], X->pool + X->eq_off[v], X->eq_n[v]);
    slong i = (slong) (h & (uint64_t) (X->hcap - 1));
    while (X->hash[i] >= 0)
        i = (i + 1) & (X->hcap - 1);
    X->hash[i] = v;
}

/* the node (state, layer, facts), added when new; -1 past the budget */
static slong
aug_node(aug_t * X, int state, int layer, const uint32_t * lt, int nlt,
    const uint32_t * eq, int neq)
{
    uint64_t h;
    slong i, v;
    if (X->hcap == 0 || 2 * (X->n + 1) > X->hcap)
    {
        slong k;
        flint_free(X->hash);
        X->hcap = X->hcap ? 2 * X->hcap : 1024;
        X->hash = flint_malloc(X->hcap * sizeof(slong));
        for (k = 0; k < X->hcap; k++)
            X->hash[k] = -1;
        for (k = 0; k < X->n; k++)
            hash_insert(X, k);
    }
    h = node_hash(state, layer, lt, nlt, eq, neq);
    for (i = (slong) (h & (uint64_t) (X->hcap - 1)); X->hash[i] >= 0;
            i = (i + 1) & (X->hcap - 1))
        if (node_is(X, X->hash[i], state, layer, lt, nlt, eq, neq))
            return X->hash[i];
    X->work += nlt + neq + 1;
    if (X->work > X->budget)
    {
        X->over = 1;
        return -1;
    }
    if (X->n == X->alloc)
    {
        X->alloc = X->alloc ? 2 * X->alloc : 256;
        X->state = flint_realloc(X->state, X->alloc * sizeof(int));
        X->layer = flint_realloc(X->layer, X->alloc);
        X->done = flint_realloc(X->done, X->alloc);
        X->lt_off = flint_realloc(X->lt_off, X->alloc * sizeof(slong));
        X->eq_off = flint_realloc(X->eq_off, X->alloc * sizeof(slong));
        X->lt_n = flint_realloc(X->lt_n, X->alloc * sizeof(int));
        X->eq_n = flint_realloc(X->eq_n, X->alloc * sizeof(int));
    }
    while (X->npool + nlt + neq > X->apool)
    {
        X->apool = X->apool ? 2 * X->apool : 4096;
        X->pool = flint_realloc(X->pool, X->apool * sizeof(uint32_t));
    }
    v = X->n++;
    X->state[v] = state;
    X->layer[v] = (unsigned char) layer;
    X->done[v] = 0;
    X->lt_off[v] = X->npool;
    X->lt_n[v] = nlt;
    if (nlt)
        memcpy(X->pool + X->npool, lt, nlt * sizeof(uint32_t));
    X->npool += nlt;
    X->eq_off[v] = X->npool;
    X->eq_n[v] = neq;
    if (neq)
        memcpy(X->pool + X->npool, eq, neq * sizeof(uint32_t));
    X->npool += neq;
    X->hash[i] = v;
    return v;
}

static void
aug_edge(aug_t * X, slong s, slong t, int j, int kind)
{
    if (X->ne == X->ealloc)
    {
        X->ealloc = X->ealloc ? 2 * X->ealloc : 256;
        X->esrc = flint_realloc(X->esrc, X->ealloc * sizeof(slong));
        X->edst = flint_realloc(X->edst, X->ealloc * sizeof(slong));
        X->etrans = flint_realloc(X->etrans, X->ealloc * sizeof(int));
        X->ekind = flint_realloc(X->ekind, X->ealloc);
    }
    X->esrc[X->ne] = s;
    X->edst[X->ne] = t;
    X->etrans[X->ne] = j;
    X->ekind[X->ne] = (unsigned char) kind;
    X->ne++;
}

static int
cmp_u32(const void * a, const void * b)
{
    uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
    return x < y ? -1 : x > y;
}

static slong
sort_unique(uint32_t * a, slong n)
{
    slong i, k = 0;
    if (n <= 1)
        return n;
    qsort(a, n, sizeof(uint32_t), cmp_u32);
    for (i = 0; i < n; i++)
        if (k == 0 || a[k - 1] != a[i])
            a[k++] = a[i];
    return k;
}

static void
grow(uint32_t ** a, slong * alloc, slong need)
{
    if (need > *alloc)
    {
        *alloc = FLINT_MAX(2 * *alloc, need + 64);
        *a = flint_realloc(*a, *alloc * sizeof(uint32_t));
    }
}

/* The layer that kind leads to from layer, and the ghosts it assigns
   (bit 1: g1, bit 2: g2); -1 when kind does not apply. */
static int
kind_target(const aug_t * X, const dipa_trans * T, int layer, int kind,
    int * ghosts)
{
    int assigns = T->nassign > 0, outs = T->out == DIPA_OUT_INSAMPLE;
    *ghosts = 0;
    if (kind == K_NORMAL)
        return layer;
    if (X->mode == MODE_LP)
    {
        if (kind != K_ASSIGN || !assigns || layer > 1)
            return -1;
        *ghosts = layer == 0 ? 1 : 2;
        return layer + 1;
    }
    if (kind == K_ASSIGN && assigns && (layer == 0 || layer == 2))
        return *ghosts = 1, layer + 1;
    if (kind == K_OUT && outs && (layer == 0 || layer == 1))
        return *ghosts = 2, layer + 2;
    if (kind == K_BOTH && assigns && outs && layer == 0)
        return *ghosts = 3, 3;
    return -1;
}

/* DiPAut's raw_build step: transition j of node v with the ghosts
   assigned too, into layer tl */
static void
aug_step(aug_t * X, slong v, int j, int ghosts, int tl, int kind)
{
    const dipa_trans * T = X->A->states[X->state[v]].trans + j;
    const uint32_t * lt = X->pool + X->lt_off[v], * eq = X->pool + X->eq_off[v];
    int nlt = X->lt_n[v], neq = X->eq_n[v], nv = X->nv;
    int nsm = 0, nlg = 0, na = 0, has_lt = 0, has_gt = 0, ok = 1, i, k;
    slong m = 0, q = 0, w;
    for (i = 0; i < T->natoms; i++)
    {
        if (T->atoms[i].ge)
            X->mlt[T->atoms[i].reg] = 1, has_lt = 1;
        else
            X->mgt[T->atoms[i].reg] = 1, has_gt = 1;
    }
#define ADD(list, n, mark, x) do { if (!mark[x]) { mark[x] = 1; \
        list[n++] = (x); } } while (0)
    /* below insample: the compared x, and one step below them */
    if (has_lt)
    {
        for (i = 0; i < T->natoms; i++)
            if (T->atoms[i].ge)
                ADD(X->sm, nsm, X->insm, T->atoms[i].reg);
        for (i = 0; i < nlt; i++)
            if (X->mlt[lt[i] % nv])
                ADD(X->sm, nsm, X->insm, (int) (lt[i] / nv));
        for (i = 0; i < neq; i++)
            if (X->mlt[eq[i] % nv])
                ADD(X->sm, nsm, X->insm, (int) (eq[i] / nv));
    }
    if (has_gt)
    {
        for (i = 0; i < T->natoms; i++)
            if (!T->atoms[i].ge)
                ADD(X->lg, nlg, X->inlg, T->atoms[i].reg);
        for (i = 0; i < nlt; i++)
            if (X->mgt[lt[i] / nv])
                ADD(X->lg, nlg, X->inlg, (int) (lt[i] % nv));
        for (i = 0; i < neq; i++)
            if (X->mgt[eq[i] / nv])
                ADD(X->lg, nlg, X->inlg, (int) (eq[i] % nv));
    }
    /* contradictions: x < x, or x < y where x = y is known */
    for (i = 0; i < nsm && ok; i++)
        if (X->inlg[X->sm[i]])
            ok = 0;
    for (i = 0; i < neq && ok; i++)
        if (X->insm[eq[i] / nv] && X->inlg[eq[i] % nv])
            ok = 0;
    X->work += nlt + neq + (slong) nsm * nlg + 1;
    if (ok)
    {
        for (i = 0; i < T->nassign; i++)
            ADD(X->av, na, X->ina, T->assign[i]);
        if (ghosts & 1)
            ADD(X->av, na, X->ina, X->g1);
        if (ghosts & 2)
            ADD(X->av, na, X->ina, X->g2);
        grow(&X->nlt, &X->anlt, nlt + (slong) nsm * nlg
            + (slong) na * (nsm + nlg));
        grow(&X->neq, &X->aneq, neq + (slong) na * na);
        /* the facts of the assigned registers are forgotten */
        for (i = 0; i < nlt; i++)
            if (!X->ina[lt[i] / nv] && !X->ina[lt[i] % nv])
                X->nlt[m++] = lt[i];
        for (i = 0; i < nsm; i++)
            for (k = 0; k < nlg; k++)
                if (!X->ina[X->sm[i]] && !X->ina[X->lg[k]])
                    X->nlt[m++] = (uint32_t) X->sm[i] * nv + X->lg[k];
        for (i = 0; i < na; i++)
        {
            for (k = 0; k < nsm; k++)
                if (!X->ina[X->sm[k]])
                    X->nlt[m++] = (uint32_t) X->sm[k] * nv + X->av[i];
            for (k = 0; k < nlg; k++)
                if (!X->ina[X->lg[k]])
                    X->nlt[m++] = (uint32_t) X->av[i] * nv + X->lg[k];
        }
        for (i = 0; i < neq; i++)
            if (!X->ina[eq[i] / nv] && !X->ina[eq[i] % nv])
                X->neq[q++] = eq[i];
        for (i = 0; i < na; i++)
            for (k = 0; k < na; k++)
                if (i != k)
                    X->neq[q++] = (uint32_t) X->av[i] * nv + X->av[k];
        m = sort_unique(X->nlt, m);
        q = sort_unique(X->neq, q);
        w = aug_node(X, T->next >= 0 ? T->next : X->endstate, tl, X->nlt,
            (int) m, X->neq, (int) q);
        if (w >= 0)
            aug_edge(X, v, w, j, kind);
        for (i = 0; i < na; i++)
            X->ina[X->av[i]] = 0;
    }
#undef ADD
    for (i = 0; i < nsm; i++)
        X->insm[X->sm[i]] = 0;
    for (i = 0; i < nlg; i++)
        X->inlg[X->lg[i]] = 0;
    for (i = 0; i < T->natoms; i++)
        X->mlt[T->atoms[i].reg] = X->mgt[T->atoms[i].reg] = 0;
}

/* the edges of the given kinds out of node v */
static void
aug_gen(aug_t * X, slong v, int kinds)
{
    int s = X->state[v], j, kind, ghosts, tl;
    kinds &= ~X->done[v];
    X->done[v] |= (unsigned char) kinds;
    if (s >= X->A->nstates)
        return;
    for (j = 0; j < X->A->states[s].ntrans && !X->over; j++)
        for (kind = 1; kind <= K_BOTH && !X->over; kind <<= 1)
            if ((kinds & kind) && (tl = kind_target(X, X->A->states[s].trans
                    + j, X->layer[v], kind, &ghosts)) >= 0)
                aug_step(X, v, j, ghosts, tl, kind);
}

/* every node's edges of the kinds its layer allows, to a fixed point */
static void
aug_close(aug_t * X, const int masks[4])
{
    slong v;
    if (X->n == 0)
        aug_node(X, 0, 0, NULL, 0, NULL, 0);
    for (v = 0; v < X->n && !X->over; v++)
        aug_gen(X, v, masks[X->layer[v]]);
}

/* adjacency in both directions, and the strongly connected components
   (Tarjan, without recursion) */
static void
aug_finish(aug_t * X)
{
    slong n = X->n, e, v, * idx, * low, * stack, * cstack, * it, sp = 0,
        cp = 0, counter = 0, ncomp = 0;
    char * on;
    aug_free_csr(X);
    X->off = flint_calloc(n + 1, sizeof(slong));
    X->roff = flint_calloc(n + 1, sizeof(slong));
    X->adj = flint_malloc((X->ne + 1) * sizeof(slong));
    X->radj = flint_malloc((X->ne + 1) * sizeof(slong));
    X->comp = flint_malloc((n + 1) * sizeof(slong));
    for (e = 0; e < X->ne; e++)
        X->off[X->esrc[e] + 1]++, X->roff[X->edst[e] + 1]++;
    for (v = 0; v < n; v++)
        X->off[v + 1] += X->off[v], X->roff[v + 1] += X->roff[v];
    idx = flint_malloc((n + 1) * sizeof(slong));
    for (v = 0; v < n; v++)
        idx[v] = X->off[v];
    for (e = 0; e < X->ne; e++)
        X->adj[idx[X->esrc[e]]++] = e;
    for (v = 0; v < n; v++)
        idx[v] = X->roff[v];
    for (e = 0; e < X->ne; e++)
        X->radj[idx[X->edst[e]]++] = e;
    low = flint_malloc((n + 1) * sizeof(slong));
    stack = flint_malloc((n + 1) * sizeof(slong));
    cstack = flint_malloc((n + 1) * sizeof(slong));
    it = flint_malloc((n + 1) * sizeof(slong));
    on = flint_calloc(n + 1, 1);
    for (v = 0; v < n; v++)
        idx[v] = -1;
    for (v = 0; v < n; v++)
    {
        if (idx[v] >= 0)
            continue;
        idx[v] = low[v] = counter++;
        it[v] = X->off[v];
        stack[sp++] = v;
        on[v] = 1;
        cstack[cp++] = v;
        while (cp > 0)
        {
            slong u = cstack[cp - 1];
            if (it[u] < X->off[u + 1])
            {
                slong w = X->edst[X->adj[it[u]++]];
                if (idx[w] < 0)
                {
                    idx[w] = low[w] = counter++;
                    it[w] = X->off[w];
                    stack[sp++] = w;
                    on[w] = 1;
                    cstack[cp++] = w;
                }
                else if (on[w] && idx[w] < low[u])
                    low[u] = idx[w];
            }
            else
            {
                cp--;
                if (cp > 0 && low[u] < low[cstack[cp - 1]])
                    low[cstack[cp - 1]] = low[u];
                if (low[u] == idx[u])
                {
                    slong w;
                    do
                    {
                        w = stack[--sp];
                        on[w] = 0;
                        X->comp[w] = ncomp;
                    }
                    while (w != u);
                    ncomp++;
                }
            }
        }
    }
    flint_free(idx);
    flint_free(low);
    flint_free(stack);
    flint_free(cstack);
    flint_free(it);
    flint_free(on);
}

static int
on_cycle(const aug_t * X, slong e)
{
    return X->comp[X->esrc[e]] == X->comp[X->edst[e]];
}

static int
has_pair(const aug_t * X, slong v, int lt, int x, int y)
{
    const uint32_t * a = X->pool + (lt ? X->lt_off[v] : X->eq_off[v]);
    uint32_t key = (uint32_t) x * X->nv + y;
    slong lo = 0, hi = lt ? X->lt_n[v] : X->eq_n[v];
    while (lo < hi)
    {
        slong mid = (lo + hi) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < (lt ? X->lt_n[v] : X->eq_n[v]) && a[lo] == key;
}

static const dipa_trans *
etr(const aug_t * X, slong e)
{
    return X->A->states[X->state[X->esrc[e]]].trans + X->etrans[e];
}

/* DiPAut's get_sm_vars / get_lg_vars for a ghost g: the atom of edge e
   comparing insample > x (ge = 1) or < x (ge = 0) with x = g known at
   its source; -1 when none */
static int
ghost_atom(const aug_t * X, slong e, int ge, int g)
{
    const dipa_trans * T = etr(X, e);
    int i;
    for (i = 0; i < T->natoms; i++)
        if (T->atoms[i].ge == ge && has_pair(X, X->esrc[e], 0, g,
                T->atoms[i].reg))
            return i;
    return -1;
}

/* Breadth first from the sources, through nodes of the layers in
   lmask, to a node with goal set (a source itself counts).  Returns the
   node (pe[]: the edge into each node, -1 at the sources) or -1. */
static slong
bfs(const aug_t * X, const slong * src, slong nsrc, const char * goal,
    unsigned lmask, slong * pe, char * seen)
{
    slong head = 0, tail = 0, * queue = flint_malloc((X->n + 1) * sizeof(slong)),
        found = -1, i;
    memset(seen, 0, X->n);
    for (i = 0; i < nsrc; i++)
        if (!seen[src[i]])
        {
            seen[src[i]] = 1;
            pe[src[i]] = -1;
            queue[tail++] = src[i];
        }
    while (head < tail && found < 0)
    {
        slong u = queue[head++], k;
        if (goal[u])
        {
            found = u;
            break;
        }
        for (k = X->off[u]; k < X->off[u + 1]; k++)
        {
            slong e = X->adj[k], w = X->edst[e];
            if (!seen[w] && (lmask >> X->layer[w] & 1))
            {
                seen[w] = 1;
                pe[w] = e;
                queue[tail++] = w;
            }
        }
    }
    flint_free(queue);
    return found;
}

/* the nodes of the layers in lmask from which a node with goal set is
   reached (through those layers) */
static void
reaches(const aug_t * X, const char * goal, unsigned lmask, char * r)
{
    slong head = 0, tail = 0, * queue = flint_malloc((X->n + 1) * sizeof(slong)),
        v;
    memset(r, 0, X->n);
    for (v = 0; v < X->n; v++)
        if (goal[v] && (lmask >> X->layer[v] & 1))
            r[v] = 1, queue[tail++] = v;
    while (head < tail)
    {
        slong u = queue[head++], k;
        for (k = X->roff[u]; k < X->roff[u + 1]; k++)
        {
            slong w = X->esrc[X->radj[k]];
            if (!r[w] && (lmask >> X->layer[w] & 1))
                r[w] = 1, queue[tail++] = w;
        }
    }
    flint_free(queue);
}

/* snprintf into a witness's words (cut at len) */
static void
say(char * buf, size_t len, const char * fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

/* ---- witnesses ------------------------------------------------------- */

typedef struct
{
    slong * e;
    slong n, alloc;
}
epath;

static void
epath_push(epath * P, slong e)
{
    if (P->n == P->alloc)
    {
        P->alloc = P->alloc ? 2 * P->alloc : 64;
        P->e = flint_realloc(P->e, P->alloc * sizeof(slong));
    }
    P->e[P->n++] = e;
}

/* appends the edges from a source of the last bfs to node t */
static void
epath_bfs(epath * P, const slong * pe, const aug_t * X, slong t)
{
    slong k = 0, u, start = P->n;
    for (u = t; pe[u] >= 0; u = X->esrc[pe[u]])
        epath_push(P, pe[u]), k++;
    /* reverse the k edges just pushed */
    for (u = 0; u < k / 2; u++)
    {
        slong a = P->e[start + u];
        P->e[start + u] = P->e[start + k - 1 - u];
        P->e[start + k - 1 - u] = a;
    }
}

/* appends a path from s to t (reachable through lmask), nothing when s
   = t */
static void
epath_between(epath * P, const aug_t * X, slong s, slong t, unsigned lmask,
    slong * pe, char * seen)
{
    char * goal = flint_calloc(X->n, 1);
    slong r;
    goal[t] = 1;
    r = bfs(X, &s, 1, goal, lmask, pe, seen);
    if (r >= 0)
        epath_bfs(P, pe, X, r);
    flint_free(goal);
}

/* appends edge e and a path back to its source: a cycle through e */
static void
epath_cycle(epath * P, const aug_t * X, slong e, slong * pe, char * seen)
{
    epath_push(P, e);
    epath_between(P, X, X->edst[e], X->esrc[e], 15, pe, seen);
}

static const char *
sname(const dipa_automaton_struct * A, int s)
{
    return s >= 0 && s < A->nstates ? A->states[s].name : "end";
}

/* the states of P into C's path of kind k */
static void
keep_path(dipa_cond_struct * C, int k, const aug_t * X, const epath * P)
{
    slong i;
    C->npath[k] = 0;
    C->path_cut[k] = 0;
    for (i = 0; i <= P->n && P->n > 0; i++)
    {
        int s = i == 0 ? X->state[X->esrc[P->e[0]]] : X->state[X->edst[P->e[i - 1]]];
        if (C->npath[k] == DIPA_COND_PATH_MAX)
        {
            C->path_cut[k] = 1;
            break;
        }
        C->path[k][C->npath[k]++] = s < X->A->nstates ? s : -1;
    }
}

/* "q2 -> q3 -> q2" (at most 12 states shown) */
static void
path_words(char * buf, size_t len, const dipa_automaton_struct * A,
    const dipa_cond_struct * C, int k)
{
    size_t at = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < C->npath[k] && at + 40 < len; i++)
    {
        if (C->npath[k] > 12 && i == 6)
        {
            at += snprintf(buf + at, len - at, " -> ...");
            i = C->npath[k] - 6;
        }
        at += snprintf(buf + at, len - at, "%s%s", i ? " -> " : "",
            sname(A, C->path[k][i]));
    }
    if (C->path_cut[k] && at + 8 < len)
        snprintf(buf + at, len - at, " -> ...");
}

/* "q2 -> q3 (line 2)" */
static void
tr_words(char * buf, size_t len, const aug_t * X, slong e)
{
    const dipa_trans * T = etr(X, e);
    snprintf(buf, len, "%s -> %s (line %d)", sname(X->A, X->state[X->esrc[e]]),
        T->next >= 0 ? X->A->states[T->next].name : T->next_name, T->line);
}

static void
atom_words(char * buf, size_t len, const aug_t * X, slong e, int i)
{
    const dipa_atom * a = etr(X, e)->atoms + i;
    snprintf(buf, len, "insample %s %s", a->ge ? (a->strict ? ">" : ">=")
        : (a->strict ? "<" : "<="), X->A->reg_names[a->reg]);
}

/* ---- the conditions -------------------------------------------------- */

typedef struct
{
    slong comp, e;
}
comp_edge;

static int
cmp_comp_edge(const void * a, const void * b)
{
    const comp_edge * x = a, * y = b;
    if (x->comp != y->comp)
        return x->comp < y->comp ? -1 : 1;
    return x->e < y->e ? -1 : x->e > y->e;
}

static void
leaking_cycle(dipa_cond_struct * C, const aug_t * X, slong * pe, char * seen)
{
    const dipa_automaton_struct * A = X->A;
    slong e, * asg = flint_malloc((A->nregs + 1) * sizeof(slong)),
        * asg_comp = flint_malloc((A->nregs + 1) * sizeof(slong)), nord = 0,
        i, k, e1 = -1, e2 = -1;
    comp_edge * order = flint_malloc((X->ne + 1) * sizeof(comp_edge));
    int reg = -1, atom = -1, r;
    for (r = 0; r < A->nregs; r++)
        asg_comp[r] = -1;
    /* the cycle edges of layer 0, component by component */
    for (e = 0; e < X->ne; e++)
        if (X->layer[X->esrc[e]] == 0 && X->layer[X->edst[e]] == 0 && on_cycle(X, e))
        {
            order[nord].comp = X->comp[X->esrc[e]];
            order[nord++].e = e;
        }
    qsort(order, nord, sizeof(comp_edge), cmp_comp_edge);
    for (i = 0; i < nord && e1 < 0; i = k)
    {
        slong c = order[i].comp;
        for (k = i; k < nord && order[k].comp == c; k++)
        {
            const dipa_trans * T = etr(X, order[k].e);
            for (r = 0; r < T->nassign; r++)
                if (asg_comp[T->assign[r]] != c)
                    asg_comp[T->assign[r]] = c, asg[T->assign[r]] = order[k].e;
        }
        for (k = i; k < nord && order[k].comp == c && e1 < 0; k++)
        {
            const dipa_trans * T = etr(X, order[k].e);
            for (r = 0; r < T->natoms; r++)
                if (asg_comp[T->atoms[r].reg] == c)
                {
                    e1 = asg[T->atoms[r].reg];
                    e2 = order[k].e;
                    reg = T->atoms[r].reg;
                    atom = r;
                    break;
                }
        }
        while (k < nord && order[k].comp == c)
            k++;
    }
    if (e1 >= 0)
    {
        epath P = { NULL, 0, 0 };
        char w[300], a[120], t1[120], t2[120];
        epath_push(&P, e1);
        epath_between(&P, X, X->edst[e1], X->esrc[e2], 1, pe, seen);
        if (e2 != e1)
        {
            epath_push(&P, e2);
            epath_between(&P, X, X->edst[e2], X->esrc[e1], 1, pe, seen);
        }
        else
            epath_between(&P, X, X->edst[e1], X->esrc[e1], 1, pe, seen);
        C->status[DIPA_COND_LEAKING_CYCLE] = DIPA_COND_FOUND;
        keep_path(C, DIPA_COND_LEAKING_CYCLE, X, &P);
        path_words(w, sizeof(w), A, C, DIPA_COND_LEAKING_CYCLE);
        tr_words(t1, sizeof(t1), X, e1);
        tr_words(t2, sizeof(t2), X, e2);
        atom_words(a, sizeof(a), X, e2, atom);
        say(C->text[DIPA_COND_LEAKING_CYCLE], DIPA_COND_TEXT,
            "leaking cycle %s: %s assigns %s, and %s%s compares %s on the "
            "same cycle", w, t1, A->reg_names[reg], t2, e1 == e2 ? " (the same "
            "transition)" : "", a);
        flint_free(P.e);
    }
    flint_free(asg);
    flint_free(asg_comp);
    flint_free(order);
}

static void
disclosing_cycle(dipa_cond_struct * C, const aug_t * X, slong * pe, char * seen)
{
    slong e;
    for (e = 0; e < X->ne; e++)
    {
        const dipa_trans * T = etr(X, e);
        int s = X->state[X->esrc[e]];
        if (X->layer[X->esrc[e]] == 0 && X->layer[X->edst[e]] == 0
                && on_cycle(X, e) && !X->A->states[s].noninput
                && (T->out == DIPA_OUT_INSAMPLE || T->out == DIPA_OUT_PRIME))
        {
            epath P = { NULL, 0, 0 };
            char w[300], t[120];
            epath_cycle(&P, X, e, pe, seen);
            C->status[DIPA_COND_DISCLOSING_CYCLE] = DIPA_COND_FOUND;
            keep_path(C, DIPA_COND_DISCLOSING_CYCLE, X, &P);
            path_words(w, sizeof(w), X->A, C, DIPA_COND_DISCLOSING_CYCLE);
            tr_words(t, sizeof(t), X, e);
            say(C->text[DIPA_COND_DISCLOSING_CYCLE], DIPA_COND_TEXT,
                "disclosing cycle %s: %s, from an input state, outputs %s on "
                "the cycle", w, t, T->out == DIPA_OUT_INSAMPLE ? "insample"
                : "insample'");
            flint_free(P.e);
            return;
        }
    }
}

/* the ghost edge (layer change) on the path from the start to node v,
   and that path */
static slong
path_from_start(epath * P, const aug_t * X, slong v, unsigned lmask,
    slong * pe, char * seen)
{
    slong s = 0;
    epath_between(P, X, s, v, lmask, pe, seen);
    return P->n;
}

/* the words of the ghost edge among P's edges that assigns the ghost
   (the first edge of P whose kind has the bit) */
static slong
ghost_edge(const aug_t * X, const epath * P, slong from, int kinds)
{
    slong i;
    for (i = from; i < P->n; i++)
        if (X->ekind[P->e[i]] & kinds)
            return P->e[i];
    return -1;
}

static void
assign_words(char * buf, size_t len, const aug_t * X, slong e)
{
    const dipa_trans * T = etr(X, e);
    char t[120];
    size_t at = 0;
    int i;
    tr_words(t, sizeof(t), X, e);
    for (i = 0; i < T->nassign && at + 40 < len; i++)
        at += snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
            X->A->reg_names[T->assign[i]]);
    snprintf(buf + at, len - at, " := insample at %s", t);
}

static void
leaking_pair(dipa_cond_struct * C, aug_t * X, slong * pe, char * seen)
{
    slong e, n1 = 0, * src = flint_malloc((X->ne + 1) * sizeof(slong)),
        r = -1, ea = -1, eb = -1, ne1 = X->ne;
    char * L1 = flint_calloc(X->ne + 1, 1), * L2 = flint_calloc(X->ne + 1, 1),
        * goal = flint_calloc(X->n + 1, 1), * cango;
    int variant = 0, first_ge;
    static const int after_masks[4] = { K_NORMAL | K_ASSIGN, K_NORMAL, K_NORMAL, 0 };
    /* L1: cycle edges of layer 1 comparing insample > V1's value; L2: < */
    for (e = 0; e < X->ne; e++)
        if (X->layer[X->esrc[e]] == 1 && on_cycle(X, e))
        {
            L1[e] = ghost_atom(X, e, 1, X->g1) >= 0;
            L2[e] = ghost_atom(X, e, 0, X->g1) >= 0;
        }
    /* (a) an L1 edge, then an L2 edge; (b) the other way */
    for (first_ge = 1; first_ge >= 0 && r < 0; first_ge--)
    {
        const char * F = first_ge ? L1 : L2, * G = first_ge ? L2 : L1;
        n1 = 0;
        memset(goal, 0, X->n);
        for (e = 0; e < X->ne; e++)
        {
            if (F[e])
                src[n1++] = X->edst[e];
            if (G[e])
                goal[X->esrc[e]] = 1;
        }
        r = bfs(X, src, n1, goal, 2, pe, seen);
        if (r >= 0)
        {
            /* the F edge into the node the path starts from, and the G
               edge out of r */
            slong u = r;
            while (pe[u] >= 0)
                u = X->esrc[pe[u]];
            for (e = 0; e < X->ne && ea < 0; e++)
                if (F[e] && X->edst[e] == u)
                    ea = e;
            for (e = 0; e < X->ne && eb < 0; e++)
                if (G[e] && X->esrc[e] == r)
                    eb = e;
            variant = first_ge ? 1 : 2;
        }
    }
    if (r < 0 && !X->over)
    {
        /* layer 2, from where an L1 or L2 edge leads */
        n1 = 0;
        for (e = 0; e < X->ne; e++)
            if (L1[e] || L2[e])
                src[n1++] = X->edst[e];
        memset(goal, 0, X->n);
        bfs(X, src, n1, goal, 2, pe, seen);     /* seen: reached */
        {
            slong v, nbefore = X->n;
            char * from = flint_malloc(nbefore + 1);
            memcpy(from, seen, nbefore);
            for (v = 0; v < nbefore && !X->over; v++)
                if (from[v] && X->layer[v] == 1)
                    aug_gen(X, v, K_ASSIGN);
            flint_free(from);
        }
        aug_close(X, after_masks);
        if (X->over)
            goto out;
        aug_finish(X);
        flint_free(goal);
        goal = flint_calloc(X->n + 1, 1);
        cango = flint_calloc(X->n + 1, 1);
        pe = flint_realloc(pe, (X->n + 1) * sizeof(slong));
        seen = flint_realloc(seen, X->n + 1);
        /* (c) L1, then L4 (< V2's value) from which V2 < V1 becomes
           known; (d) L2, then L3 (> V2's value), then V1 < V2 */
        for (first_ge = 1; first_ge >= 0 && r < 0; first_ge--)
        {
            const char * F = first_ge ? L1 : L2;
            slong v;
            memset(goal, 0, X->n);
            for (v = 0; v < X->n; v++)
                if (X->layer[v] == 2 && (first_ge ? has_pair(X, v, 1, X->g2, X->g1)
                        : has_pair(X, v, 1, X->g1, X->g2)))
                    goal[v] = 1;
            reaches(X, goal, 4, cango);
            memset(goal, 0, X->n);
            for (e = 0; e < X->ne; e++)
                if (X->layer[X->esrc[e]] == 2 && on_cycle(X, e)
                        && cango[X->edst[e]]
                        && ghost_atom(X, e, first_ge ? 0 : 1, X->g2) >= 0)
                    goal[X->esrc[e]] = 1;
            n1 = 0;
            for (e = 0; e < ne1; e++)       /* L1, L2: edges of layer 1 */
                if (F[e])
                    src[n1++] = X->edst[e];
            r = bfs(X, src, n1, goal, 6, pe, seen);
            if (r >= 0)
            {
                slong u = r;
                while (pe[u] >= 0)
                    u = X->esrc[pe[u]];
                for (e = 0; e < ne1 && ea < 0; e++)
                    if (F[e] && X->edst[e] == u)
                        ea = e;
                for (e = 0; e < X->ne && eb < 0; e++)
                    if (X->esrc[e] == r && X->layer[r] == 2 && on_cycle(X, e)
                            && cango[X->edst[e]]
                            && ghost_atom(X, e, first_ge ? 0 : 1, X->g2) >= 0)
                        eb = e;
                variant = first_ge ? 3 : 4;
            }
        }
        flint_free(cango);
    }
    if (r >= 0 && ea >= 0 && eb >= 0)
    {
        epath P = { NULL, 0, 0 };
        slong g1e, g2e = -1, k0;
        char w[300], x1[160], x2[160], a1[120], a2[120], t1[120], t2[120];
        int ia = ghost_atom(X, ea, variant == 1 || variant == 3, X->g1);
        int ib = variant <= 2 ? ghost_atom(X, eb, variant == 2, X->g1)
            : ghost_atom(X, eb, variant == 4, X->g2);
        path_from_start(&P, X, X->esrc[ea], 3, pe, seen);
        g1e = ghost_edge(X, &P, 0, K_ASSIGN);
        epath_cycle(&P, X, ea, pe, seen);
        k0 = P.n;
        epath_between(&P, X, X->esrc[ea], X->esrc[eb], 6, pe, seen);
        if (variant >= 3)
            g2e = ghost_edge(X, &P, k0, K_ASSIGN);
        epath_cycle(&P, X, eb, pe, seen);
        C->status[DIPA_COND_LEAKING_PAIR] = DIPA_COND_FOUND;
        keep_path(C, DIPA_COND_LEAKING_PAIR, X, &P);
        path_words(w, sizeof(w), X->A, C, DIPA_COND_LEAKING_PAIR);
        assign_words(x1, sizeof(x1), X, g1e);
        atom_words(a1, sizeof(a1), X, ea, ia);
        atom_words(a2, sizeof(a2), X, eb, ib);
        tr_words(t1, sizeof(t1), X, ea);
        tr_words(t2, sizeof(t2), X, eb);
        if (variant <= 2)
            say(C->text[DIPA_COND_LEAKING_PAIR], DIPA_COND_TEXT,
                "leaking pair %s: the value of %s is compared on a cycle by "
                "%s (%s), and then, unchanged, on a cycle by %s (%s)", w, x1,
                t1, a1, t2, a2);
        else
        {
            assign_words(x2, sizeof(x2), X, g2e);
            say(C->text[DIPA_COND_LEAKING_PAIR], DIPA_COND_TEXT,
                "leaking pair %s: the value of %s is compared on a cycle by "
                "%s (%s); then the value of %s, on a cycle by %s (%s); the "
                "guards taken imply the second value %s the first", w, x1, t1,
                a1, x2, t2, a2, variant == 3 ? "<" : ">");
        }
        flint_free(P.e);
    }
    else if (r >= 0)
        C->status[DIPA_COND_LEAKING_PAIR] = DIPA_COND_FOUND;
out:
    if (X->over && C->status[DIPA_COND_LEAKING_PAIR] != DIPA_COND_FOUND)
        C->status[DIPA_COND_LEAKING_PAIR] = DIPA_COND_UNDECIDED;
    flint_free(src);
    flint_free(L1);
    flint_free(L2);
    flint_free(goal);
    flint_free(pe);
    flint_free(seen);
}

static void
violating_path(dipa_cond_struct * C, const aug_t * X)
{
    char * fact = flint_calloc(X->n + 1, 1), * cango = flint_calloc(X->n + 1, 1),
        * seen = flint_malloc(X->n + 1);
    slong * pe = flint_malloc((X->n + 1) * sizeof(slong)), e, hit = -1;
    int ge, ia = -1, same = 0;
    /* ge = 1: insample > V1's value, and V1 = Vinsample or Vinsample < V1
       known later; ge = 0: < V1's value, V1 = Vinsample or V1 <
       Vinsample */
    for (ge = 1; ge >= 0 && hit < 0; ge--)
    {
        slong v;
        for (v = 0; v < X->n; v++)
            fact[v] = (X->layer[v] == 3) && (ge ? has_pair(X, v, 1, X->g2, X->g1)
                : has_pair(X, v, 1, X->g1, X->g2));
        reaches(X, fact, 10, cango);
        for (e = 0; e < X->ne && hit < 0; e++)
        {
            slong s = X->esrc[e];
            if ((X->layer[s] != 1 && X->layer[s] != 3) || !on_cycle(X, e))
                continue;
            ia = ghost_atom(X, e, ge, X->g1);
            if (ia < 0)
                continue;
            same = has_pair(X, s, 0, X->g1, X->g2);
            if (same || cango[X->edst[e]])
                hit = e;
        }
    }
    ge++;
    if (hit >= 0)
    {
        epath P = { NULL, 0, 0 };
        slong eo, ev, k0;
        char w[300], xo[160], xv[160], a[120], t[120], to[120];
        path_from_start(&P, X, X->esrc[hit], 15, pe, seen);
        ev = ghost_edge(X, &P, 0, K_ASSIGN | K_BOTH);
        eo = ghost_edge(X, &P, 0, K_OUT | K_BOTH);
        epath_cycle(&P, X, hit, pe, seen);
        k0 = P.n;
        if (!same)
        {
            slong r, x = X->esrc[hit];
            r = bfs(X, &x, 1, fact, 10, pe, seen);
            if (r >= 0)
                epath_bfs(&P, pe, X, r);
            if (eo < 0)
                eo = ghost_edge(X, &P, k0, K_OUT);
        }
        C->status[DIPA_COND_PRIVACY_VIOLATING_PATH] = DIPA_COND_FOUND;
        keep_path(C, DIPA_COND_PRIVACY_VIOLATING_PATH, X, &P);
        path_words(w, sizeof(w), X->A, C, DIPA_COND_PRIVACY_VIOLATING_PATH);
        assign_words(xv, sizeof(xv), X, ev);
        if (eo >= 0)
            tr_words(to, sizeof(to), X, eo);
        else
            snprintf(to, sizeof(to), "?");
        atom_words(a, sizeof(a), X, hit, ia);
        tr_words(t, sizeof(t), X, hit);
        snprintf(xo, sizeof(xo), "%s", to);
        if (same)
            say(C->text[DIPA_COND_PRIVACY_VIOLATING_PATH], DIPA_COND_TEXT,
                "privacy-violating path %s: %s, which outputs that value; %s "
                "compares it on a cycle (%s)", w, xv, t, a);
        else
            say(C->text[DIPA_COND_PRIVACY_VIOLATING_PATH], DIPA_COND_TEXT,
                "privacy-violating path %s: the value of %s is compared on a "
                "cycle by %s (%s), and the guards taken imply it is %s the "
                "insample output by %s", w, xv, t, a, ge ? "above" : "below", xo);
        flint_free(P.e);
    }
    flint_free(fact);
    flint_free(cango);
    flint_free(seen);
    flint_free(pe);
}

/* ---- the entry ------------------------------------------------------- */

void
dipa_cond_init(dipa_cond_t C)
{
    memset(C, 0, sizeof(*C));
    C->first = DIPA_COND_NONE;
}

void
dipa_cond_clear(dipa_cond_t C)
{
    (void) C;
}

const char *
dipa_cond_name(int kind)
{
    static const char * const names[] = { "leaking cycle", "disclosing cycle",
        "leaking pair", "privacy-violating path" };
    return kind >= 0 && kind < DIPA_COND_N ? names[kind] : "none";
}

const char *
dipa_cond_source(int kind)
{
    static const char * const files[] = { "dp_tests/leaking_cycle.py",
        "dp_tests/disclosing_cycle.py", "dp_tests/leaking_pair.py",
        "dp_tests/privacy_violating_path.py" };
    return kind >= 0 && kind < DIPA_COND_N ? files[kind] : "";
}

int
dipa_cond_find(dipa_cond_t C, const dipa_automaton_t A, slong work)
{
    static const int layer0[4] = { K_NORMAL, 0, 0, 0 };
    static const int layer01[4] = { K_NORMAL | K_ASSIGN, K_NORMAL, 0, 0 };
    static const int pvp[4] = { K_NORMAL | K_ASSIGN | K_OUT | K_BOTH,
        K_NORMAL | K_OUT, K_NORMAL | K_ASSIGN, K_NORMAL };
    aug_t X;
    slong * pe;
    char * seen;
    int s, j, k, outs = 0;
    dipa_cond_init(C);
    if (work <= 0)
        work = DIPA_COND_WORK;
    for (s = 0; s < A->nstates; s++)
    {
        C->reads_input |= !A->states[s].noninput;
        for (j = 0; j < A->states[s].ntrans; j++)
            outs |= A->states[s].trans[j].out == DIPA_OUT_INSAMPLE;
    }
    if (A->nstates == 0)
        return C->first;

    /* layer 0: leaking and disclosing cycles */
    aug_init(&X, A, MODE_LP, work);
    aug_close(&X, layer0);
    if (X.over)
    {
        for (k = 0; k < DIPA_COND_N; k++)
            C->status[k] = DIPA_COND_UNDECIDED;
        if (!outs)
            C->status[DIPA_COND_PRIVACY_VIOLATING_PATH] = DIPA_COND_ABSENT;
        goto lp_done;
    }
    aug_finish(&X);
    pe = flint_malloc((X.n + 1) * sizeof(slong));
    seen = flint_malloc(X.n + 1);
    leaking_cycle(C, &X, pe, seen);
    disclosing_cycle(C, &X, pe, seen);
    flint_free(pe);
    flint_free(seen);

    /* layers 1 and 2: leaking pairs */
    aug_close(&X, layer01);
    if (X.over)
        C->status[DIPA_COND_LEAKING_PAIR] = DIPA_COND_UNDECIDED;
    else
    {
        aug_finish(&X);
        pe = flint_malloc((X.n + 1) * sizeof(slong));
        seen = flint_malloc(X.n + 1);
        leaking_pair(C, &X, pe, seen);   /* frees pe and seen */
    }
lp_done:
    C->work += X.work;
    C->nodes += X.n;
    aug_clear(&X);

    /* privacy-violating paths: only when some transition outputs insample
       (as DiPAut) */
    if (outs && C->status[DIPA_COND_PRIVACY_VIOLATING_PATH] != DIPA_COND_UNDECIDED)
    {
        aug_init(&X, A, MODE_PVP, work);
        aug_close(&X, pvp);
        if (X.over)
            C->status[DIPA_COND_PRIVACY_VIOLATING_PATH] = DIPA_COND_UNDECIDED;
        else
        {
            aug_finish(&X);
            violating_path(C, &X);
        }
        C->work += X.work;
        C->nodes += X.n;
        aug_clear(&X);
    }
    for (k = 0; k < DIPA_COND_N && C->first == DIPA_COND_NONE; k++)
        if (C->status[k] == DIPA_COND_FOUND)
            C->first = k;
    return C->first;
}
