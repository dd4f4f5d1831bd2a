/* dipa_blocks.c -- the prover for DiPA automata of any size
   (dipa_prove.h), the order-statistics rule: blocks of reads whose path
   the output does not show, and whose registers end as running minima
   and maxima of the reads (dipa_impl.h, dipa_block).  Found here; their
   cost is block_cost (dipa_graph.c); the graph of facts steps over them
   with the facts of block_exit_facts.

   The argument (DiPAut's k-min-max is the example).  A block's output is
   the same on every path through it, so only what its registers hold at
   its exit matters.  Each register ends holding one of the reads (the
   least, or the greatest, of the reads that may be stored in it): the
   "winner".  Pieces: the runs split by the winner of each register (a
   partition up to ties, which have probability 0 since every read is a
   continuous noise).  On a piece, the winner's answer moves by the
   register's chosen shift c and every other read's answer by any t that
   keeps it on its side of each winner (t >= c for a minimum's losers, t
   <= c for a maximum's), so the piece of D maps into the same piece of
   D': the winners, hence the registers, move by exactly c, and the map
   is one to one (different pieces land in different pieces).  The
   transitions inside the block need not be kept. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_impl.h"

#define BLOCK_FACT_REGS 64     /* the exit's facts among at most this many
                                   registers */

/* the facts that hold at read `upto` of block B (before it reads), on
   every run, among its registers idx[0 .. n-1] (indices into B->regs):
   registers whose candidate reads are the same set are equal (same kind,
   or a single read), or the minimum is below the maximum (a set of two
   reads or more: a tie has probability 0).  Returns the steps it took
   (as fclose_set). */
static slong
block_facts(facts * F, const dipa_block * B, int upto, const int * idx, int n)
{
    int a, c, i;
    slong steps = 0;
    for (a = 0; a < n; a++)
        for (c = a + 1; c < n; c++)
        {
            int k = idx[a], l = idx[c], same = 1, size = 0, lo, hi;
            steps += upto;
            for (i = 0; i < upto; i++)
            {
                same &= B->member[i * B->nregs + k] == B->member[i * B->nregs + l];
                size += B->member[i * B->nregs + k];
            }
            if (!same)
                continue;
            if (size == 1 || B->kind[k] == B->kind[l])
                fadd(F, fcode(B->regs[k], B->regs[l], 1));
            else
            {
                lo = B->kind[k] < 0 ? B->regs[k] : B->regs[l];
                hi = B->kind[k] < 0 ? B->regs[l] : B->regs[k];
                fadd(F, fcode(lo, hi, 0));
            }
        }
    return steps + fclose_set(F);
}

slong
block_exit_facts(facts * H, const facts * F, const prep * P, int b)
{
    const dipa_block * B = P->blocks + b;
    int i, m = 0;
    /* the facts of registers the block does not assign stay */
    for (i = 0; i < F->n; i++)
    {
        int a = F->f[i] / 2 / DIPA_MAX_REGS, c = F->f[i] / 2 % DIPA_MAX_REGS;
        if (!B->assigned[a] && !B->assigned[c])
            H->f[m++] = F->f[i];
    }
    H->n = m;
    /* among all its registers, when there are few (else none: sound,
       less precise) */
    if (B->nregs <= BLOCK_FACT_REGS)
    {
        int idx[BLOCK_FACT_REGS];
        for (i = 0; i < B->nregs; i++)
            idx[i] = i;
        return block_facts(H, B, B->n, idx, B->nregs);
    }
    return fclose_set(H);
}

/* index of register r in B->regs, or -1 */
static int
block_reg(const dipa_block * B, int r)
{
    int k;
    for (k = 0; k < B->nregs; k++)
        if (B->regs[k] == r)
            return k;
    return -1;
}

/* Can state s be read i of block B (entered only from prev)?  Every
   transition outputs the same symbol and goes to the same state, assigns
   only B's registers (or ones no guard compares anywhere), compares only
   B's, and for each register r the state
   assigns: the transitions that store insample in r hold only when it
   beats r (insample < r for a minimum, > for a maximum), the others
   only when it does not; no ending is possible under the facts.  Sets
   the kinds it learns and row i of member[]. */
static int
block_read(dipa_block * B, const prep * P, int s, int prev, int i,
    const int * pred, const char * compared, int * regpos)
{
    const dipa_state * S = P->A->states + s;
    const dipa_trans * T0 = S->trans;
    int j, k, a, r;
    facts F;
    if (pred[s] != prev || S->ntrans == 0)
        return 0;
    for (j = 0; j < S->ntrans; j++)
    {
        const dipa_trans * T = S->trans + j;
        if (T->next != T0->next || T->out != T0->out || T->out >= DIPA_OUT_INSAMPLE
                || (T->out == DIPA_OUT_LABEL && strcmp(T->label, T0->label) != 0))
            return 0;
        for (a = 0; a < T->natoms; a++)
            if (block_reg(B, T->atoms[a].reg) < 0)
                return 0;
        /* a register no guard compares anywhere may be assigned too:
           its value is read by nothing */
        for (a = 0; a < T->nassign; a++)
            if ((k = block_reg(B, T->assign[a])) >= 0)
                B->member[i * B->nregs + k] = 1;
            else if (compared[T->assign[a]])
                return 0;
    }
    for (k = 0; k < B->nregs; k++)
    {
        if (!B->member[i * B->nregs + k])
            continue;
        r = B->regs[k];
        for (j = 0; j < S->ntrans; j++)
        {
            const dipa_trans * T = S->trans + j;
            int stores = 0, seen = 0;
            for (a = 0; a < T->nassign; a++)
                stores |= T->assign[a] == r;
            for (a = 0; a < T->natoms; a++)
            {
                /* the side of insample this atom says: +1 above r */
                int side = T->atoms[a].ge ? 1 : -1, beats;
                if (T->atoms[a].reg != r)
                    continue;
                if (B->kind[k] == 0)
                    B->kind[k] = (signed char) (stores ? side : -side);
                beats = side == B->kind[k];
                if (beats != stores)
                    return 0;
                seen = 1;
            }
            if (!seen)
                return 0;
        }
    }
    /* the facts among the registers this state compares (every one of
       them is B's, above; past COVER_REGS the ending is taken possible) */
    if (P->ncomp[s] > COVER_REGS)
        return 0;
    {
        int idx[COVER_REGS];
        for (a = 0; a < P->ncomp[s]; a++)
            idx[a] = block_reg(B, P->comp[s][a]);
        F.n = 0;
        block_facts(&F, B, i, idx, P->ncomp[s]);
        return !ending_possible(P, s, &F, regpos);
    }
}

/* the block that starts at s (one transition, no guard, assigning), when
   one or more reads follow it */
static int
block_from(dipa_block * B, const prep * P, int s, const int * pred,
    const char * used, const char * compared, int * regpos)
{
    const dipa_automaton_struct * A = P->A;
    const dipa_trans * T = A->states[s].trans;
    int n = A->nstates, cur, prev = s, k, l;
    memset(B, 0, sizeof(*B));
    if (A->states[s].ntrans != 1 || T->natoms != 0 || T->nassign == 0
            || T->out >= DIPA_OUT_INSAMPLE)
        return 0;
    for (k = 0; k < T->nassign; k++)
        for (l = k + 1; l < T->nassign; l++)
            if (T->assign[k] == T->assign[l])
                return 0;
    B->nregs = T->nassign;
    B->regs = flint_malloc(B->nregs * sizeof(int));
    memcpy(B->regs, T->assign, B->nregs * sizeof(int));
    B->kind = flint_calloc(B->nregs, 1);
    B->states = flint_malloc((n + 1) * sizeof(int));
    B->member = flint_calloc((size_t) (n + 1) * B->nregs, 1);
    B->states[B->n++] = s;
    for (k = 0; k < B->nregs; k++)
        B->member[k] = 1;
    for (cur = T->next; cur >= 0 && cur != s && !used[cur]; )
    {
        signed char kinds[DIPA_MAX_REGS];
        memcpy(kinds, B->kind, B->nregs);
        if (!block_read(B, P, cur, prev, B->n, pred, compared, regpos))
        {
            /* a state that is not a read of the block learns nothing */
            memcpy(B->kind, kinds, B->nregs);
            memset(B->member + (size_t) B->n * B->nregs, 0, B->nregs);
            break;
        }
        B->states[B->n++] = cur;
        prev = cur;
        cur = A->states[cur].trans[0].next;
    }
    B->exit = cur;
    /* the registers its transitions assign (dead ones included) */
    B->assigned = flint_calloc(A->nregs + 1, 1);
    for (k = 0; k < B->n; k++)
    {
        const dipa_state * S = A->states + B->states[k];
        int j, a;
        for (j = 0; j < S->ntrans; j++)
            for (a = 0; a < S->trans[j].nassign; a++)
                B->assigned[S->trans[j].assign[a]] = 1;
    }
    return B->n >= 2;
}

static void
block_clear(dipa_block * B)
{
    flint_free(B->states);
    flint_free(B->regs);
    flint_free(B->kind);
    flint_free(B->member);
    flint_free(B->assigned);
}

/* pred[t]: the one state whose transitions enter t (-1: none, -2:
   several, or the first state) */
static int *
single_preds(const dipa_automaton_struct * A)
{
    int * pred = flint_malloc((A->nstates + 1) * sizeof(int)), s, j;
    for (s = 0; s < A->nstates; s++)
        pred[s] = s == 0 ? -2 : -1;
    for (s = 0; s < A->nstates; s++)
        for (j = 0; j < A->states[s].ntrans; j++)
        {
            int t = A->states[s].trans[j].next;
            if (t >= 0)
                pred[t] = pred[t] == -1 || pred[t] == s ? s : -2;
        }
    return pred;
}

void
blocks_find(prep * P)
{
    const dipa_automaton_struct * A = P->A;
    int * pred = single_preds(A), s, i;
    int * regpos = flint_calloc(A->nregs + 1, sizeof(int));
    char * used = flint_calloc(A->nstates + 1, 1);
    char * compared = flint_calloc(A->nregs + 1, 1);
    for (s = 0; s < A->nstates; s++)
        for (i = 0; i < P->ncomp[s]; i++)
            compared[P->comp[s][i]] = 1;
    P->block_at = flint_malloc((A->nstates + 1) * sizeof(int));
    for (s = 0; s < A->nstates; s++)
        P->block_at[s] = -1;
    for (s = 0; s < A->nstates; s++)
    {
        dipa_block B;
        memset(&B, 0, sizeof(B));
        if (used[s] || !block_from(&B, P, s, pred, used, compared, regpos))
        {
            if (B.regs != NULL)
                block_clear(&B);
            continue;
        }
        for (i = 0; i < B.n; i++)
            used[B.states[i]] = 1;
        for (i = 1; i < B.n; i++)
            P->block_at[B.states[i]] = -2 - P->nblocks;
        P->blocks = flint_realloc(P->blocks, (P->nblocks + 1) * sizeof(dipa_block));
        P->blocks[P->nblocks] = B;
        P->block_at[s] = P->nblocks++;
    }
    flint_free(pred);
    flint_free(regpos);
    flint_free(used);
    flint_free(compared);
}

void
blocks_clear(prep * P)
{
    int b;
    for (b = 0; b < P->nblocks; b++)
        block_clear(P->blocks + b);
    flint_free(P->blocks);
    flint_free(P->block_at);
}
