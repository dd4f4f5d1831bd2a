/* align_facts.c -- what the guards a run has taken tell about the order
   of a DiPA automaton's registers, and the branches that order rules out
   (align_impl.h).

   A configuration is a weak order of the registers (which is below,
   which equal).  A fact set is the set of configurations still possible.
   A branch is possible under a configuration when some position of each
   noisy answer (below, at or between the registers' values) makes its
   own atoms true and every earlier branch's atoms false; an atom with an
   offset or an absolute value is "unknown", so it rules nothing out.
   Taking the branch keeps the configurations it is possible under, with
   the registers it assigns moved to their answer's position (a redrawn
   register to every position).  Every such step keeps the true order of
   the run's registers in the set, so a branch impossible under every
   configuration of the set has probability 0 on that run. */

#include <string.h>
#include "align_impl.h"

#define NCONF_MAX 13        /* weak orders of 3 registers: the tables and
                               the sets (bits of an unsigned) hold no more,
                               so automata with more registers track no
                               facts here (dipa_prove.c tracks them as
                               pairs, for any number) */
#define FACTS_REGS 3

typedef struct
{
    int R, n;
    signed char rank[NCONF_MAX][PROG_SMALL_REGS];
    int levels[NCONF_MAX];
}
conf_table;

/* every weak order of R registers as dense ranks */
static void
conf_enumerate(conf_table * T, int R)
{
    int code, total = 1, r, k;
    T->R = R;
    T->n = 0;
    for (r = 0; r < R; r++)
        total *= R;
    for (code = 0; code < total; code++)
    {
        int rk[PROG_SMALL_REGS], used[PROG_SMALL_REGS] = { 0 }, c = code, top = 0;
        for (r = 0; r < R; r++)
        {
            rk[r] = c % R;
            c /= R;
            used[rk[r]] = 1;
        }
        for (k = 0; k < R && used[k]; k++)
            top = k + 1;
        for (k = top; k < R && !used[k]; k++)
            ;
        if (k < R)
            continue;       /* a gap in the ranks: not dense */
        for (r = 0; r < R; r++)
            T->rank[T->n][r] = (signed char) rk[r];
        T->levels[T->n++] = top;
    }
}

/* the configuration of the dense ranking of coordinates x[0..R-1] */
static int
conf_of_coords(const conf_table * T, const int * x)
{
    int rk[PROG_SMALL_REGS], r, s, i;
    for (r = 0; r < T->R; r++)
    {
        int below[2 * PROG_SMALL_REGS + 2] = { 0 };
        rk[r] = 0;
        for (s = 0; s < T->R; s++)
            if (x[s] < x[r] && !below[x[s]])
            {
                below[x[s]] = 1;
                rk[r]++;
            }
    }
    for (i = 0; i < T->n; i++)
    {
        for (r = 0; r < T->R && T->rank[i][r] == rk[r]; r++)
            ;
        if (r == T->R)
            return i;
    }
    return -1;
}

/* 1 true, 0 false, -1 unknown: the atom with the answer at position p
   (2l + 1: equal to level l; 2l: strictly between levels l - 1 and l) */
static int
atom_value(const prog_atom * A, const conf_table * T, int conf, int p)
{
    int at = 2 * T->rank[conf][A->reg] + 1;
    if (!fmpq_is_zero(A->off) || A->op == PROG_ABS_GE || A->op == PROG_ABS_LT)
        return -1;
    if (p == at)
        return !A->strict;      /* equal: >= and <= hold, > and < not */
    return A->op == PROG_GE ? p > at : p < at;
}

/* the guard of branch b alone (a conjunction; 1 for an else) */
static int
guard_value(const prog_branch * B, const conf_table * T, int conf, const int * pos)
{
    int i, v = 1;
    for (i = 0; i < B->natoms && v != 0; i++)
    {
        int a = atom_value(B->atoms + i, T, conf, pos[B->atoms[i].answer]);
        v = a == 0 ? 0 : (a < 0 ? -1 : v);
    }
    return v;
}

/* branch b is taken: its guard holds and no earlier one does */
static int
taken_value(const prog_state * S, int b, const conf_table * T, int conf,
    const int * pos)
{
    int j, v = guard_value(S->branches + b, T, conf, pos);
    for (j = 0; j < b && v != 0; j++)
    {
        int g = guard_value(S->branches + j, T, conf, pos);
        v = g == 1 ? 0 : (g < 0 ? -1 : v);
    }
    return v;
}

/* the configurations after branch b from conf with the answers at pos */
static unsigned
after_branch(const svt_program * P, const prog_branch * B, const conf_table * T,
    int conf, const int * pos)
{
    int x[PROG_SMALL_REGS], r, fresh = -1, nfresh = 0, c, k, top = 2 * T->levels[conf];
    unsigned out = 0, all = (1u << T->n) - 1;
    for (r = 0; r < T->R; r++)
    {
        x[r] = 2 * T->rank[conf][r] + 1;
        if (B->reset == PROG_RESET_ANSWER && (P->dipa && !prog_regs_empty(&B->assign) ? prog_regs_has(&B->assign, r) : r == 0))
            x[r] = pos[B->reset_answer];
        else if (B->reset == PROG_RESET_FRESH && (!prog_regs_empty(&B->assign) ? prog_regs_has(&B->assign, r) : r == 0))
        {
            fresh = r;
            nfresh++;
        }
    }
    if (nfresh > 1)
        return all;             /* several redrawn: any order */
    if (fresh < 0)
    {
        k = conf_of_coords(T, x);
        return k < 0 ? all : 1u << k;
    }
    for (c = 0; c <= top; c++)
    {
        x[fresh] = c;
        k = conf_of_coords(T, x);
        out |= k < 0 ? all : 1u << k;
    }
    return out;
}

/* the fact set after branch b of state S from the set `set` */
static unsigned
facts_after(const svt_program * P, const prog_state * S, int b,
    const conf_table * T, unsigned set)
{
    unsigned out = 0;
    int conf, a, k;
    for (conf = 0; conf < T->n; conf++)
    {
        int npos = 2 * T->levels[conf] + 1, total = 1, pos[PROG_MAX_ANSWERS];
        if (!(set >> conf & 1))
            continue;
        for (a = 0; a < S->nanswers; a++)
            total *= npos;
        for (k = 0; k < total; k++)
        {
            int c = k;
            for (a = 0; a < PROG_MAX_ANSWERS; a++)
            {
                pos[a] = a < S->nanswers ? c % npos : 0;
                c /= npos;
            }
            if (taken_value(S, b, T, conf, pos) != 0)
                out |= after_branch(P, S->branches + b, T, conf, pos);
        }
    }
    return out;
}

static int
facts_index(reg_facts * F, unsigned set)
{
    int i;
    for (i = 0; i < F->nf; i++)
        if (F->set[i] == set)
            return i;
    if (F->nf == F->max)
        return -1;
    F->set[F->nf] = set;
    return F->nf++;
}

/* no tracking: one fact set, every branch possible */
static void
facts_none(reg_facts * F)
{
    F->nf = 1;
    F->set[0] = 1;
    memset(F->next, 0, sizeof(F->next));
}

void
reg_facts_build(reg_facts * F, const svt_program * P, int max_sets)
{
    conf_table T;
    int seen[FACTS_MAX][PROG_SMALL_STATES], stack[FACTS_MAX * PROG_SMALL_STATES];
    int top = 0;
    if (!P->dipa || P->nregs < 2 || P->nregs > FACTS_REGS)
    {
        facts_none(F);
        return;
    }
    conf_enumerate(&T, P->nregs);
    memset(seen, 0, sizeof(seen));
    memset(F->next, -1, sizeof(F->next));
    F->nf = 0;
    F->max = FLINT_MAX(1, FLINT_MIN(max_sets, FACTS_MAX));
    facts_index(F, (1u << T.n) - 1);
    seen[0][0] = 1;
    stack[top++] = 0;
    while (top > 0)
    {
        int node = stack[--top], f = node / PROG_SMALL_STATES, st = node % PROG_SMALL_STATES;
        const prog_state * S = P->states + st;
        int b;
        for (b = 0; b < S->nbranches; b++)
        {
            unsigned set = facts_after(P, S, b, &T, F->set[f]);
            int g;
            if (set == 0)
                continue;       /* impossible: next stays -1 */
            g = facts_index(F, set);
            if (g < 0)
            {
                facts_none(F);  /* too many sets: track nothing */
                return;
            }
            F->next[f][st][b] = (signed char) g;
            if (!S->branches[b].stop && !seen[g][S->branches[b].next])
            {
                seen[g][S->branches[b].next] = 1;
                stack[top++] = g * PROG_SMALL_STATES + S->branches[b].next;
            }
        }
    }
}
