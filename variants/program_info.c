/* program_info.c -- properties of a program read off its lines: which
   branches give the same output, whether a state takes every outcome,
   the outputs it can give, whether it reads the input or commutes with
   a translation of the queries. */

#include <string.h>
#include "program_walk.h"

int
prog_branch_matches(const prog_branch * B, svt_answer_kind a, const char * label)
{
    if (a == SVT_BOT)
        return B->out == PROG_OUT_BOT;
    if (a == SVT_TOP)   /* top, or a number marginalised out */
        return B->out == PROG_OUT_TOP || B->out >= PROG_OUT_NOISY;
    if (a == SVT_LABEL)
        return B->out == PROG_OUT_LABEL && strcmp(B->out_label, label) == 0;
    return B->out >= PROG_OUT_NOISY;
}

int
prog_branches_same_effect(const prog_branch * A, const prog_branch * B)
{
    return A->out == B->out && A->out <= PROG_OUT_LABEL
        && (A->out != PROG_OUT_LABEL || strcmp(A->out_label, B->out_label) == 0)
        && A->cost == B->cost && A->stop == B->stop && A->next == B->next
        && A->reset == PROG_RESET_NONE && B->reset == PROG_RESET_NONE;
}

/* does some branch of S take every value of the noisy answers, up to a
   set of probability 0?  Decided for guards without abs on noisy
   answers, where the order of the interval ends does not depend on z:
   the state is complete when, for some answer, no cell between its ends
   escapes every guard on that answer. */
static int
state_complete(const prog_state * S)
{
    int s[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    fmpq * t = _fmpq_vec_init(2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_t T, y, zm;
    int k, j, i, complete = 0, last = S->nbranches - 1;
    slong n, c;

    if (S->branches[last].natoms == 0)
        complete = 1;
    fmpq_init(T);
    fmpq_init(y);
    fmpq_init(zm);
    for (k = 0; k < S->nanswers && !complete; k++)
    {
        int ok = S->answer_noise[k] >= 0, any_escape = 0;
        for (j = 0; j <= last && ok; j++)
            for (i = 0; i < S->branches[j].natoms; i++)
                if (S->branches[j].atoms[i].answer == k
                        && S->branches[j].atoms[i].op >= PROG_ABS_GE)
                    ok = 0;
        if (!ok)
            continue;
        n = prog_answer_ends(s, t, S, last, k, T);
        if (n == 0)
            continue;
        /* sort the ends (all of slope +1), test a point in every cell */
        prog_sort_ends(t, n);
        for (c = 0; c <= n && !any_escape; c++)
        {
            int taken = 0;
            if (!prog_cell_point(y, t, n, c))
                continue;
            for (j = 0; j <= last && !taken; j++)
                if (S->branches[j].natoms > 0
                        && S->branches[j].atoms[0].answer == k)
                    taken = prog_answer_member(S, j, k, T, y, zm);
            any_escape = !taken;
        }
        complete = !any_escape;
    }
    _fmpq_vec_clear(t, 2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_clear(T);
    fmpq_clear(y);
    fmpq_clear(zm);
    return complete;
}

int
svt_program_state_complete(const svt_program * P, int s)
{
    const prog_state * S = P->states + s;
    int j, i;
    if (S->nbranches > 0 && S->branches[S->nbranches - 1].natoms == 0)
        return 1;
    /* several registers: decided when every atom compares the same one */
    for (j = 0; j < S->nbranches; j++)
        for (i = 0; i < S->branches[j].natoms; i++)
            if (S->branches[j].atoms[i].reg != S->branches[0].atoms[0].reg)
                return 0;
    return state_complete(S);
}

int
svt_program_complete(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (!svt_program_state_complete(P, i))
            return 0;
    return 1;
}

/* the outputs a program can give at one query: bot, top (or a number,
   marginalised), and its labels */
slong
svt_program_alphabet(svt_answer_kind * kind, const char ** label,
    const svt_program * P)
{
    slong n = 0, i, j, k;
    int bot = 0, top = 0;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            const prog_branch * B = P->states[i].branches + j;
            bot |= B->out == PROG_OUT_BOT;
            top |= B->out == PROG_OUT_TOP || B->out >= PROG_OUT_NOISY;
        }
    if (bot)
        kind[n] = SVT_BOT, label[n++] = NULL;
    if (top)
        kind[n] = SVT_TOP, label[n++] = NULL;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            const prog_branch * B = P->states[i].branches + j;
            if (B->out != PROG_OUT_LABEL)
                continue;
            for (k = 0; k < n; k++)
                if (label[k] != NULL && strcmp(label[k], B->out_label) == 0)
                    break;
            if (k == n)
                kind[n] = SVT_LABEL, label[n++] = B->out_label;
        }
    return n;
}

int
svt_program_reads_no_input(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (!P->states[i].noninput)
            return 0;
    return P->nstates > 0;
}

int
svt_program_reads_abs_query(const svt_program * P)
{
    int i;
    for (i = 0; i < P->nstates; i++)
        if (P->states[i].abs_query)
            return 1;
    return 0;
}

int
svt_variant_translation_invariant(const svt_variant_struct * var)
{
    const svt_program * P = svt_variant_program(var);
    int i, j, k;
    if (svt_program_reads_abs_query(P))
        return 0;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            for (k = 0; k < P->states[i].branches[j].natoms; k++)
                if (P->states[i].branches[j].atoms[k].op == PROG_ABS_GE
                        || P->states[i].branches[j].atoms[k].op == PROG_ABS_LT)
                    return 0;
    return 1;
}

const svt_program *
svt_variant_program(const svt_variant_struct * v)
{
    return v->prog != NULL ? v->prog : v->compiled[0];
}

/* the first branch of a template's state: one atom y >= rho (abs(y) for
   abs-inside) on answer 0, no offset, top / y / q + noise, cost 1 with a
   counter (0 without), no stop, no move, reset none or a fresh draw.
   y > rho is y >= rho when the answer or the register is noisy: their
   noises are continuous, so a tie has probability 0 (isvt4 is Alg. 3) */
static int
shape_top(svt_shape * sh, const svt_program * P, const prog_branch * B)
{
    const prog_atom * a = B->atoms;
    int tie_null = P->register_noise >= 0 || P->states[0].answer_noise[0] >= 0;
    if (B->natoms != 1 || a->answer != 0 || a->reg != 0
            || (a->strict && !tie_null)
            || !fmpq_is_zero(a->off) || (a->op != PROG_GE && a->op != PROG_ABS_GE)
            || B->stop || B->next != 0 || B->cost != (P->has_counter ? 1 : 0)
            || B->reset == PROG_RESET_ANSWER)
        return 0;
    if (B->out == PROG_OUT_TOP)
        sh->output = SVT_OUT_TOP;
    else if (B->out == PROG_OUT_NOISY && B->out_answer == 0 && sh->nu >= 0)
        sh->output = SVT_OUT_COMPARED;
    else if (B->out == PROG_OUT_FRESH && P->noises[B->out_noise].law
            == INTEGRAL_LAPLACE && fmpq_is_zero(P->noises[B->out_noise].mean))
    {
        sh->output = SVT_OUT_FRESH;
        sh->out_noise = B->out_noise;
    }
    else
        return 0;
    sh->reset_noise = B->reset == PROG_RESET_FRESH ? B->reset_noise : -1;
    sh->comparison = a->op == PROG_ABS_GE ? SVT_CMP_ABS_INSIDE : SVT_CMP_STANDARD;
    return 1;
}

int
svt_program_shape(svt_shape * sh, const svt_program * P)
{
    const prog_state * S = P->states;
    const prog_branch * bot = S->branches + 1;
    int i;
    memset(sh, 0, sizeof(*sh));
    sh->out_noise = sh->reset_noise = -1;
    if (P->dipa || P->argmax || P->nregs != 1 || P->nstates != 1
            || S->noninput || S->nanswers != 1 || S->nbranches != 2
            || bot->natoms != 0 || bot->out != PROG_OUT_BOT || bot->cost != 0
            || bot->stop || bot->reset != PROG_RESET_NONE || bot->next != 0)
        return 0;
    for (i = 0; i < P->nnoises; i++)
        if (P->noises[i].exponential || !fmpq_is_zero(P->noises[i].mean))
            return 0;
    sh->nu = S->answer_noise[0];
    if (!shape_top(sh, P, S->branches))
        return 0;
    if (S->abs_query)
    {
        if (sh->comparison != SVT_CMP_STANDARD)
            return 0;   /* |(|q| + nu)|: no template writes it */
        sh->comparison = SVT_CMP_ABS_OUTSIDE;
    }
    sh->cutoff = P->has_counter;
    return 1;
}
