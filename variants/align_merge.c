/* align_merge.c -- before the prover couples a program, branches that
   give the same output with the same effect are merged (align.h).

   In a state whose guards all compare one noisy answer y with one
   register (no |y|), the line of u = y - (T + z) is cut at the guards'
   offsets; each cell is taken by exactly one branch (the first whose
   guard holds there, up to the cell's ends, which have probability 0).
   Branches with the same output, cost, stop, next state and no redraw
   cannot be told apart by an observer, so the state is rewritten as one
   branch per maximal interval of cells taken by one such class: the two
   bot branches of `if y >= z then top elif y >= z - 1 then bot else bot`
   become `y < z -> bot`, which a shift coupling keeps for free, where
   the piece [z - 1, z) alone would have to be paid for on every query. */

#include <string.h>
#include "align_impl.h"
#include "program_walk.h"   /* prog_cell_point */

#define MAXCUT (PROG_MAX_BRANCHES * PROG_MAX_ATOMS)

/* the answer and register every atom of S compares (0), or -1 when the
   state mixes answers, registers or |y|, or compares an exact answer */
static int
single_answer(const prog_state * S)
{
    int j, i, k = -1, reg = -1;
    for (j = 0; j < S->nbranches; j++)
        for (i = 0; i < S->branches[j].natoms; i++)
        {
            const prog_atom * A = S->branches[j].atoms + i;
            if (A->op == PROG_ABS_GE || A->op == PROG_ABS_LT)
                return -1;
            if ((k >= 0 && A->answer != k) || (reg >= 0 && A->reg != reg))
                return -1;
            k = A->answer;
            reg = A->reg;
        }
    if (k < 0 || S->answer_noise[k] < 0)
        return -1;
    return k;
}

/* the branch that takes u: the first whose guard holds */
static int
branch_at(const prog_state * S, const fmpq_t u)
{
    int j, i;
    for (j = 0; j < S->nbranches; j++)
    {
        int holds = 1;
        for (i = 0; i < S->branches[j].natoms && holds; i++)
        {
            const prog_atom * A = S->branches[j].atoms + i;
            int c = fmpq_cmp(u, A->off);
            holds = A->op == PROG_GE ? c >= 0 : c < 0;
        }
        if (holds)
            return j;
    }
    return -1;
}

/* the sorted distinct offsets of S's atoms; returns how many */
static int
state_cuts(fmpq * cut, const prog_state * S)
{
    int n = 0, j, i, p;
    for (j = 0; j < S->nbranches; j++)
        for (i = 0; i < S->branches[j].natoms; i++)
        {
            const fmpq * o = S->branches[j].atoms[i].off;
            for (p = 0; p < n && fmpq_cmp(cut + p, o) < 0; p++)
                ;
            if (p < n && fmpq_equal(cut + p, o))
                continue;
            memmove(cut + p + 1, cut + p, (size_t) (n - p) * sizeof(fmpq));
            /* the moved entries keep their values; cut[p] is fresh */
            fmpq_init(cut + p);
            fmpq_set(cut + p, o);
            n++;
        }
    return n;
}

/* for each cell (distinct cuts: every cell is an interval), the branch
   that takes it and its class: the first branch with that branch's effect
   (-1: none takes it) */
static void
cell_classes(int * took, int * cls, const prog_state * S, const fmpq * cut,
    int n)
{
    fmpq_t u;
    int c, a;
    fmpq_init(u);
    for (c = 0; c <= n; c++)
    {
        prog_cell_point(u, cut, n, c);
        took[c] = cls[c] = branch_at(S, u);
        for (a = 0; took[c] >= 0 && a < took[c]; a++)
            if (prog_branches_same_effect(S->branches + a, S->branches + took[c]))
            {
                cls[c] = a;
                break;
            }
    }
    fmpq_clear(u);
}

/* dst = src, every field but the atoms' storage (dst's own) */
static void
copy_branch(prog_branch * dst, const prog_branch * src)
{
    prog_atom keep[PROG_MAX_ATOMS];
    int i;
    memcpy(keep, dst->atoms, sizeof(keep));
    *dst = *src;
    memcpy(dst->atoms, keep, sizeof(keep));
    for (i = 0; i < src->natoms; i++)
    {
        dst->atoms[i].answer = src->atoms[i].answer;
        dst->atoms[i].reg = src->atoms[i].reg;
        dst->atoms[i].op = src->atoms[i].op;
        dst->atoms[i].strict = src->atoms[i].strict;
        fmpq_set(dst->atoms[i].off, src->atoms[i].off);
    }
}

/* the branch of class b on the cells [lo, hi] (hi = n: up to +inf):
   y >= T + z + cut[lo - 1] (when lo > 0) and y < T + z + cut[hi] (when
   hi < n) */
static void
interval_branch(prog_branch * dst, const prog_branch * cls, int k, int reg,
    const fmpq * cut, int n, int lo, int hi)
{
    prog_branch tmp = *cls;
    tmp.natoms = 0;     /* the atoms are written below */
    copy_branch(dst, &tmp);
    if (lo > 0)
    {
        prog_atom * A = dst->atoms + dst->natoms++;
        A->answer = k, A->reg = reg, A->op = PROG_GE, A->strict = 0;
        fmpq_set(A->off, cut + lo - 1);
    }
    if (hi < n)
    {
        prog_atom * A = dst->atoms + dst->natoms++;
        A->answer = k, A->reg = reg, A->op = PROG_LT, A->strict = 1;
        fmpq_set(A->off, cut + hi);
    }
}

/* writes S as one branch per maximal interval of cells of one class into
   D (D's atoms initialised); 1 when two branches were merged, 0 when S is
   to be kept as it is (nothing to merge, or too many intervals) */
static int
merge_state(prog_state * D, const prog_state * S)
{
    fmpq cut[MAXCUT];
    int cls[MAXCUT + 1], took[MAXCUT + 1], n, c, lo, nb = 0, merged = 0;
    int k = single_answer(S), ok = 1, reg;

    if (S->nbranches < 2 || k < 0)
        return 0;
    reg = S->branches[0].natoms > 0 ? S->branches[0].atoms[0].reg : 0;
    n = state_cuts(cut, S);
    cell_classes(took, cls, S, cut, n);
    for (c = 0; c <= n; c++)
        ok &= cls[c] >= 0;
    /* two cells of one class taken by different branches: a merge */
    for (c = 0; c <= n && ok; c++)
        for (lo = 0; lo <= n; lo++)
            merged |= cls[c] == cls[lo] && took[c] != took[lo];
    /* the intervals */
    for (c = 0; c <= n && ok && merged; c = lo)
    {
        for (lo = c; lo <= n && cls[lo] == cls[c]; lo++)
            ;
        if (nb == PROG_MAX_BRANCHES + 1)
            ok = 0;
        else
            interval_branch(D->branches + nb++, S->branches + cls[c], k, reg,
                cut, n, c, lo - 1);
    }
    D->nbranches = nb;
    for (c = 0; c < n; c++)
        fmpq_clear(cut + c);
    return ok && merged;
}

/* dst (initialised by svt_program_init) = src with its noises' scales and
   counter limit borrowed: clear it with align_merged_clear */
static void
copy_program(svt_program * dst, const svt_program * src)
{
    int i, j;
    svt_program tmp;
    /* the states, into dst's own array and fmpq storage */
    for (i = 0; i < src->nstates; i++)
    {
        prog_state * S = svt_program_add_state(dst), own = *S;
        *S = src->states[i];
        for (j = 0; j <= PROG_MAX_BRANCHES; j++)
        {
            memcpy(S->branches[j].atoms, own.branches[j].atoms,
                sizeof(own.branches[j].atoms));
            if (j < src->states[i].nbranches)
                copy_branch(S->branches + j, src->states[i].branches + j);
        }
    }
    /* the scalars and names; the fmpq storage stays dst's own */
    tmp = *src;
    tmp.states = dst->states;
    tmp.states_alloc = dst->states_alloc;
    for (i = 0; i < PROG_MAX_NOISES; i++)
    {
        tmp.noises[i].mean[0] = dst->noises[i].mean[0];
        tmp.noises[i].d[0] = dst->noises[i].d[0];
        fmpq_set(tmp.noises[i].mean, src->noises[i].mean);
        fmpq_set(tmp.noises[i].d, src->noises[i].d);
    }
    *dst = tmp;
}

int
align_merge_program(svt_program * dst, const svt_program * src)
{
    int s, any = 0;
    if (src->argmax)
        return 0;
    svt_program_init(dst);
    copy_program(dst, src);
    for (s = 0; s < src->nstates; s++)
    {
        prog_state D = dst->states[s];  /* its atoms' storage, reused */
        int j, m = merge_state(&D, src->states + s);
        /* D's atoms are the storage of dst's: always copied back */
        memcpy(dst->states[s].branches, D.branches, sizeof(D.branches));
        if (m)
            dst->states[s].nbranches = D.nbranches;
        else
            for (j = 0; j < src->states[s].nbranches; j++)
                copy_branch(dst->states[s].branches + j,
                    src->states[s].branches + j);
        any |= m;
    }
    if (!any)
        align_merged_clear(dst);
    return any;
}

void
align_merged_clear(svt_program * P)
{
    int i;
    for (i = 0; i < P->nnoises; i++)
        P->noises[i].scale = NULL;  /* borrowed */
    P->limit = NULL;
    svt_program_clear(P);
}
