/* dipa_facts.c -- the prover for DiPA automata of any size
   (dipa_prove.h), part 1: byte strings interned, the order facts of the
   registers, the automaton prepared (compared registers, disjoint
   guards, sites, scales), what the facts allow (a guard, the ending)
   and the graph of (state, facts). */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_impl.h"

/* ---- an interner of byte strings ---------------------------------------- */


void
interner_init(interner * I)
{
    memset(I, 0, sizeof(*I));
    I->tcap = 1024;
    I->table = flint_malloc(I->tcap * sizeof(int));
    memset(I->table, -1, I->tcap * sizeof(int));
}

void
interner_clear(interner * I)
{
    flint_free(I->arena);
    flint_free(I->off);
    flint_free(I->len);
    flint_free(I->table);
}

static uint64_t
hash_bytes(const unsigned char * k, int len)
{
    uint64_t h = 1469598103934665603ULL;
    int i;
    for (i = 0; i < len; i++)
        h = (h ^ k[i]) * 1099511628211ULL;
    return h;
}

static void interner_grow(interner * I);

/* the index of key (a new one when not seen; *fresh says so) */
int
intern(interner * I, const unsigned char * key, int len, int * fresh)
{
    size_t h = (size_t) hash_bytes(key, len) & (I->tcap - 1);
    for (;; h = (h + 1) & (I->tcap - 1))
    {
        int i = I->table[h];
        if (i < 0)
            break;
        if (I->len[i] == len && memcmp(I->arena + I->off[i], key, len) == 0)
        {
            *fresh = 0;
            return i;
        }
    }
    if (I->n == I->alloc)
    {
        I->alloc = I->alloc ? 2 * I->alloc : 256;
        I->off = flint_realloc(I->off, I->alloc * sizeof(size_t));
        I->len = flint_realloc(I->len, I->alloc * sizeof(int));
    }
    if (I->used + len > I->cap)
    {
        I->cap = 2 * (I->cap + len) + 4096;
        I->arena = flint_realloc(I->arena, I->cap);
    }
    memcpy(I->arena + I->used, key, len);
    I->off[I->n] = I->used;
    I->len[I->n] = len;
    I->used += len;
    I->table[h] = I->n;
    *fresh = 1;
    if (2 * (size_t) (I->n + 1) > I->tcap)
    {
        I->n++;
        interner_grow(I);
        return I->n - 1;
    }
    return I->n++;
}

static void
interner_grow(interner * I)
{
    int i;
    flint_free(I->table);
    I->tcap *= 2;
    I->table = flint_malloc(I->tcap * sizeof(int));
    memset(I->table, -1, I->tcap * sizeof(int));
    for (i = 0; i < I->n; i++)
    {
        size_t h = (size_t) hash_bytes(I->arena + I->off[i], I->len[i])
            & (I->tcap - 1);
        while (I->table[h] >= 0)
            h = (h + 1) & (I->tcap - 1);
        I->table[h] = i;
    }
}

const unsigned char *
interned(const interner * I, int i, int * len)
{
    *len = I->len[i];
    return I->arena + I->off[i];
}

/* ---- order facts (dipa_impl.h says what a fact is) ---------------------- */

uint32_t
fcode(int a, int b, int eq)
{
    if (eq && a > b)
    {
        int t = a;
        a = b;
        b = t;
    }
    return ((uint32_t) a * DIPA_MAX_REGS + (uint32_t) b) * 2 + (uint32_t) eq;
}

int
fhas(const facts * F, uint32_t c)
{
    int lo = 0, hi = F->n - 1;
    while (lo <= hi)
    {
        int mid = (lo + hi) / 2;
        if (F->f[mid] == c)
            return 1;
        if (F->f[mid] < c)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

/* x_b <= x_a is known (b < a or b = a) */
static int
fknown_le(const facts * F, int b, int a)
{
    return a == b || fhas(F, fcode(b, a, 0)) || fhas(F, fcode(a, b, 1));
}

static int
cmp_u32(const void * x, const void * y)
{
    uint32_t a = *(const uint32_t *) x, b = *(const uint32_t *) y;
    return a < b ? -1 : a > b;
}

void
fadd(facts * F, uint32_t c)
{
    int i;
    for (i = 0; i < F->n; i++)
        if (F->f[i] == c)
            return;
    if (F->n < MAX_FACTS)
        F->f[F->n++] = c;
}

/* the directed relations of fact c: (u, v, eq) meaning x_u < x_v, or
   x_u = x_v (both ways) */
static int
fedges(uint32_t c, int * u, int * v, int * eq)
{
    int a = c / 2 / DIPA_MAX_REGS, b = c / 2 % DIPA_MAX_REGS;
    u[0] = a, v[0] = b, eq[0] = c & 1;
    if (!(c & 1))
        return 1;
    u[1] = b, v[1] = a, eq[1] = 1;
    return 2;
}

/* closes F under transitivity (x_u R x_v R' x_w gives x_u < x_w, or =
   when both are =) and sorts it; returns the pairs of facts examined */
slong
fclose_set(facts * F)
{
    int changed = 1;
    slong steps = 0;
    while (changed)
    {
        int n = F->n, i, j, k, l;
        changed = 0;
        steps += (slong) n * n;
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
            {
                int u1[2], v1[2], q1[2], u2[2], v2[2], q2[2];
                int n1 = fedges(F->f[i], u1, v1, q1), n2 = fedges(F->f[j], u2, v2, q2);
                for (k = 0; k < n1; k++)
                    for (l = 0; l < n2; l++)
                        if (v1[k] == u2[l] && u1[k] != v2[l])
                        {
                            int m0 = F->n;
                            fadd(F, fcode(u1[k], v2[l], q1[k] && q2[l]));
                            changed |= F->n != m0;
                        }
            }
    }
    qsort(F->f, F->n, sizeof(uint32_t), cmp_u32);
    return steps;
}

/* ---- the automaton, prepared -------------------------------------------- */


/* two guards are disjoint when one has insample >= x and the other
   insample < x for some register x */
static int
guards_disjoint(const dipa_trans * T, const dipa_trans * U)
{
    int i, j;
    for (i = 0; i < T->natoms; i++)
        for (j = 0; j < U->natoms; j++)
            if (T->atoms[i].reg == U->atoms[j].reg
                    && T->atoms[i].ge != U->atoms[j].ge)
                return 1;
    return 0;
}

int
dipa_value_walk(const prep * P, int from, int r, int * states, char * seen)
{
    const dipa_automaton_struct * A = P->A;
    int n = 0, head = 0, j, k;
    memset(seen, 0, A->nstates);
    if (from < 0)
        return 0;
    seen[from] = 1;
    states[n++] = from;
    while (head < n)
    {
        const dipa_state * D = A->states + states[head++];
        for (j = 0; j < D->ntrans; j++)
        {
            const dipa_trans * T = D->trans + j;
            for (k = 0; k < T->nassign && T->assign[k] != r; k++)
                ;
            if (k == T->nassign && T->next >= 0 && !seen[T->next])
            {
                seen[T->next] = 1;
                states[n++] = T->next;
            }
        }
    }
    return n;
}

/* 1 when no register site x assigns is compared before it is assigned
   again: the value's shift is then read by no guard, and the assignment
   need not fix the noisy answer's move (dipa_graph.c) */
static int
site_is_dead(const prep * P, int x)
{
    const dipa_trans * T = P->A->states[P->site_state[x]].trans
        + P->site_trans[x];
    int * states = flint_malloc((P->A->nstates + 1) * sizeof(int));
    char * seen = flint_malloc(P->A->nstates + 1);
    int k, i, a, n, dead = 1;
    for (k = 0; k < T->nassign && dead; k++)
    {
        n = dipa_value_walk(P, T->next, T->assign[k], states, seen);
        for (i = 0; i < n && dead; i++)
            for (a = 0; a < P->ncomp[states[i]]; a++)
                dead &= P->comp[states[i]][a] != T->assign[k];
    }
    flint_free(states);
    flint_free(seen);
    return dead;
}

/* the scales in units of 1 / (2 L), L the lcm of the denominators: -1
   when they are too large for exact word arithmetic */
static int
prep_scales(prep * P)
{
    const dipa_automaton_struct * A = P->A;
    int s;
    fmpz_one(P->L);
    for (s = 0; s < A->nstates; s++)
    {
        fmpz_lcm(P->L, P->L, fmpq_denref(A->states[s].d));
        if (A->states[s].has_prime)
            fmpz_lcm(P->L, P->L, fmpq_denref(A->states[s].dp));
    }
    if (fmpz_bits(P->L) > 30)
        return -1;
    for (s = 0; s < A->nstates; s++)
    {
        fmpz_t t;
        fmpz_init(t);
        fmpz_divexact(t, P->L, fmpq_denref(A->states[s].d));
        fmpz_mul(t, t, fmpq_numref(A->states[s].d));
        if (fmpz_bits(t) > 28)
            return fmpz_clear(t), -1;
        P->dnum[s] = fmpz_get_si(t);
        P->dpnum[s] = 0;
        if (A->states[s].has_prime)
        {
            fmpz_divexact(t, P->L, fmpq_denref(A->states[s].dp));
            fmpz_mul(t, t, fmpq_numref(A->states[s].dp));
            if (fmpz_bits(t) > 28)
                return fmpz_clear(t), -1;
            P->dpnum[s] = fmpz_get_si(t);
        }
        fmpz_clear(t);
    }
    return 0;
}

int
prep_init(prep * P, const dipa_automaton_struct * A, int blocks)
{
    int s, j, k, l;
    memset(P, 0, sizeof(*P));
    P->A = A;
    P->R = A->nregs;
    fmpz_init(P->L);
    P->comp = flint_calloc(A->nstates, sizeof(int *));
    P->ncomp = flint_calloc(A->nstates, sizeof(int));
    P->disjoint = flint_calloc(A->nstates, sizeof(int));
    P->has_else = flint_calloc(A->nstates, sizeof(int));
    P->site_of = flint_calloc(A->nstates + 1, sizeof(int));
    P->dnum = flint_calloc(A->nstates, sizeof(slong));
    P->dpnum = flint_calloc(A->nstates, sizeof(slong));
    for (s = 0; s < A->nstates; s++)
    {
        const dipa_state * S = A->states + s;
        P->site_of[s + 1] = P->site_of[s] + S->ntrans;
        P->comp[s] = flint_malloc((A->nregs + 1) * sizeof(int));
        P->disjoint[s] = 1;
        for (j = 0; j < S->ntrans; j++)
        {
            const dipa_trans * T = S->trans + j;
            P->has_else[s] |= T->natoms == 0;
            for (k = 0; k < T->natoms; k++)
            {
                for (l = 0; l < P->ncomp[s]; l++)
                    if (P->comp[s][l] == T->atoms[k].reg)
                        break;
                if (l == P->ncomp[s])
                    P->comp[s][P->ncomp[s]++] = T->atoms[k].reg;
            }
            for (k = 0; k < j; k++)
                if (!guards_disjoint(T, S->trans + k))
                    P->disjoint[s] = 0;
        }
    }
    if (blocks)
        blocks_find(P);
    P->site = flint_malloc((P->site_of[A->nstates] + 1) * sizeof(int));
    P->site_state = flint_malloc((P->site_of[A->nstates] + 1) * sizeof(int));
    P->site_trans = flint_malloc((P->site_of[A->nstates] + 1) * sizeof(int));
    P->sig_off = flint_malloc((P->site_of[A->nstates] + 1) * sizeof(int));
    P->sig_n = flint_malloc((P->site_of[A->nstates] + 1) * sizeof(int));
    for (s = 0; s < A->nstates; s++)
        for (j = 0; j < A->states[s].ntrans; j++)
        {
            int id = P->site_of[s] + j;
            P->site[id] = -1;
            if (A->states[s].trans[j].nassign > 0)
            {
                int k = A->states[s].trans[j].nassign;
                int blk = P->block_at != NULL && P->block_at[s] >= 0;
                P->site_state[P->nsites] = s;
                P->site_trans[P->nsites] = j;
                P->sig_off[P->nsites] = P->nsig;
                /* a block's first site: one shift per register (the
                   register's at the exit); else one per guess */
                P->sig_n[P->nsites] = blk ? k : k > 1 ? k + 1 : 1;
                P->nsig += P->sig_n[P->nsites];
                P->guesses |= k > 1 && !blk;
                P->site[id] = P->nsites++;
            }
        }
    P->sig_idle = flint_calloc(P->nsig + 1, 1);
    for (s = 0; s < P->nsites && P->block_at != NULL; s++)
        if (P->block_at[P->site_state[s]] <= -2)
            memset(P->sig_idle + P->sig_off[s], 1, P->sig_n[s]);
    P->site_dead = flint_calloc(P->nsites + 1, 1);
    for (s = 0; s < P->nsites; s++)
        P->site_dead[s] = site_is_dead(P, s);
    return prep_scales(P);
}

void
prep_clear(prep * P)
{
    int s;
    for (s = 0; s < P->A->nstates; s++)
        flint_free(P->comp[s]);
    flint_free(P->comp);
    flint_free(P->ncomp);
    flint_free(P->disjoint);
    flint_free(P->has_else);
    flint_free(P->site_of);
    flint_free(P->site);
    flint_free(P->site_state);
    flint_free(P->site_trans);
    flint_free(P->sig_off);
    flint_free(P->sig_n);
    flint_free(P->site_dead);
    blocks_clear(P);
    flint_free(P->sig_idle);
    flint_free(P->dnum);
    flint_free(P->dpnum);
    fmpz_clear(P->L);
}

/* ---- what the facts allow ------------------------------------------------ */

/* transition T's guard can hold: no insample >= x_a with insample < x_b
   where x_b <= x_a is known */
static int
trans_possible(const dipa_trans * T, const facts * F)
{
    int i, j;
    for (i = 0; i < T->natoms; i++)
        for (j = 0; j < T->natoms; j++)
            if (T->atoms[i].ge && !T->atoms[j].ge
                    && fknown_le(F, T->atoms[j].reg, T->atoms[i].reg))
                return 0;
    return 1;
}

/* does some guard hold at y in gap g of the order pos[] (class
   positions of the compared registers)? */
static int
gap_covered(const dipa_state * S, const int * regpos, int g)
{
    int j, k;
    for (j = 0; j < S->ntrans; j++)
    {
        const dipa_trans * T = S->trans + j;
        int holds = 1;
        for (k = 0; k < T->natoms && holds; k++)
        {
            int p = regpos[T->atoms[k].reg];
            holds = T->atoms[k].ge ? p < g : p >= g;
        }
        if (holds)
            return 1;
    }
    return 0;
}

/* is the order perm[0..n-1] (ascending) allowed by the facts: no pair
   known the other way, and registers known equal with nothing strictly
   between them? */
static int
order_allowed(const facts * F, const int * perm, int n)
{
    int i, j, k;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
        {
            if (fhas(F, fcode(perm[j], perm[i], 0)))
                return 0;
            if (fhas(F, fcode(perm[i], perm[j], 1)))
                for (k = i + 1; k < j; k++)
                    if (!fhas(F, fcode(perm[i], perm[k], 1)))
                        return 0;
        }
    return 1;
}

/* every order of the compared registers that the facts allow, and every
   gap between them, is covered by a guard (registers known equal share
   a place; two registers not known equal differ almost surely, and y
   equal to a register has probability 0) */
static int
covered_rec(const prep * P, int s, const facts * F, int * perm, int depth,
    int * used, int * regpos)
{
    int n = P->ncomp[s], i, g;
    if (depth == n)
    {
        int place = 0;
        if (!order_allowed(F, perm, n))
            return 1;
        for (i = 0; i < n; i++)
        {
            if (i > 0 && !fhas(F, fcode(perm[i - 1], perm[i], 1)))
                place++;
            regpos[perm[i]] = place;
        }
        for (g = 0; g <= place + 1; g++)
            if (!gap_covered(P->A->states + s, regpos, g))
                return 0;
        return 1;
    }
    for (i = 0; i < n; i++)
    {
        if (used[i])
            continue;
        used[i] = 1;
        perm[depth] = P->comp[s][i];
        if (!covered_rec(P, s, F, perm, depth + 1, used, regpos))
        {
            used[i] = 0;
            return 0;
        }
        used[i] = 0;
    }
    return 1;
}

int
ending_possible(const prep * P, int s, const facts * F, int * regpos)
{
    int perm[COVER_REGS], used[COVER_REGS] = { 0 };
    if (P->has_else[s])
        return 0;
    if (P->ncomp[s] > COVER_REGS)
        return 1;
    return !covered_rec(P, s, F, perm, 0, used, regpos);
}

/* the facts after transition T from F; returns the steps it took (pairs
   of facts examined, facts added) */
static slong
facts_after(facts * G, const facts * F, const dipa_trans * T)
{
    int i, j, k;
    slong steps = (slong) T->natoms * T->natoms;
    *G = *F;
    for (i = 0; i < T->natoms; i++)
        for (j = 0; j < T->natoms; j++)
            if (T->atoms[i].ge && !T->atoms[j].ge
                    && T->atoms[i].reg != T->atoms[j].reg)
                fadd(G, fcode(T->atoms[i].reg, T->atoms[j].reg, 0));
    steps += fclose_set(G);
    if (T->nassign == 0)
        return steps;
    /* the assigned registers lose their old facts ... */
    for (i = 0, k = 0; i < G->n; i++)
    {
        int a = G->f[i] / 2 / DIPA_MAX_REGS, b = G->f[i] / 2 % DIPA_MAX_REGS, drop = 0;
        for (j = 0; j < T->nassign; j++)
            drop |= T->assign[j] == a || T->assign[j] == b;
        if (!drop)
            G->f[k++] = G->f[i];
    }
    G->n = k;
    /* ... and hold insample: above the >= registers, below the < ones */
    for (j = 0; j < T->nassign; j++)
    {
        int r = T->assign[j], other;
        for (i = 0; i < T->natoms; i++)
        {
            int x = T->atoms[i].reg;
            for (other = 0; other < T->nassign; other++)
                if (T->assign[other] == x)
                    break;
            if (other < T->nassign)
                continue;
            fadd(G, T->atoms[i].ge ? fcode(x, r, 0) : fcode(r, x, 0));
        }
        /* one value: a chain of equalities (the closure adds the rest) */
        if (j + 1 < T->nassign)
            fadd(G, fcode(r, T->assign[j + 1], 1));
    }
    steps += (slong) T->nassign * (T->natoms + G->n + 1);
    return steps + fclose_set(G);
}

/* ---- the graph of (state, facts) ---------------------------------------- */


static int
fnode(fgraph * G, const prep * P, int s, const facts * F, int * fresh)
{
    unsigned char key[4 + 4 * MAX_FACTS];
    int id;
    memcpy(key, &s, 4);
    memcpy(key + 4, F->f, 4 * F->n);
    id = intern(&G->I, key, 4 + 4 * F->n, fresh);
    if (*fresh)
    {
        if (G->n == G->alloc)
        {
            G->alloc = G->alloc ? 2 * G->alloc : 256;
            G->state = flint_realloc(G->state, G->alloc * sizeof(int));
            G->off = flint_realloc(G->off, G->alloc * sizeof(int));
        }
        G->state[G->n] = s;
        G->off[G->n] = G->nsucc;
        G->nsucc += P->A->states[s].ntrans + 1;
        G->succ = flint_realloc(G->succ, (G->nsucc + 1) * sizeof(int));
        G->n++;
    }
    return id;
}

static void
fnode_facts(const fgraph * G, int id, facts * F)
{
    int len;
    const unsigned char * k = interned(&G->I, id, &len);
    F->n = (len - 4) / 4;
    memcpy(F->f, k + 4, len - 4);
}

/* every (state, facts) reached from the first state; -1 when there are
   too many */
int
fgraph_build(fgraph * G, const prep * P, slong * work, int track)
{
    const dipa_automaton_struct * A = P->A;
    facts F, H;
    int * regpos = flint_calloc(A->nregs + 1, sizeof(int));
    int head, fresh, j;
    slong closing = 0;          /* steps closing the facts */
    memset(G, 0, sizeof(*G));
    interner_init(&G->I);
    F.n = 0;
    fnode(G, P, 0, &F, &fresh);
    for (head = 0; head < G->n; head++)
    {
        int s = G->state[head];
        const dipa_state * S = A->states + s;
        fnode_facts(G, head, &F);
        for (j = 0; j <= S->ntrans; j++)
        {
            int r;
            (*work)++;
            if (j == S->ntrans)
                r = ending_possible(P, s, &F, regpos) ? -1 : -2;
            else if (P->block_at != NULL && P->block_at[s] >= 0)
            {
                /* a block: one step to its exit, its reads unseen */
                int b = P->block_at[s];
                if (track)
                    closing += block_exit_facts(&H, &F, P, b);
                else
                    H.n = 0;
                r = P->blocks[b].exit < 0 ? -1
                    : fnode(G, P, P->blocks[b].exit, &H, &fresh);
                if (G->n > MAX_FNODES || G->I.used > MAX_KEY_BYTES
                        || closing > MAX_CLOSING)
                {
                    flint_free(regpos);
                    return -1;
                }
            }
            else if (!trans_possible(S->trans + j, &F))
                r = -2;
            else if (S->trans[j].next < 0)
                r = -1;
            else
            {
                if (track)
                    closing += facts_after(&H, &F, S->trans + j);
                else
                    H.n = 0;
                r = fnode(G, P, S->trans[j].next, &H, &fresh);
                if (G->n > MAX_FNODES || G->I.used > MAX_KEY_BYTES
                        || closing > MAX_CLOSING)
                {
                    flint_free(regpos);
                    return -1;
                }
            }
            G->succ[G->off[head] + j] = r;
        }
    }
    flint_free(regpos);
    return 0;
}

void
fgraph_clear(fgraph * G)
{
    interner_clear(&G->I);
    flint_free(G->state);
    flint_free(G->succ);
    flint_free(G->off);
}
