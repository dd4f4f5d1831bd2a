/* simulate.c -- a program (a template compiled to one, a DiPA automaton)
   run as its lines state it, with GSL's random generators.  A
   statistical cross-check of the integral models, never a verdict. */

#include <math.h>
#include <string.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "svt.h"

static double
dbl(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

static double
draw(gsl_rng * r, integral_law_kind law, double scale)
{
    return law == INTEGRAL_LAPLACE ? gsl_ran_laplace(r, scale)
        : gsl_ran_gaussian(r, scale);
}

/* ------------------------------------------------------------------ */
/* programs                                                            */

static int
sim_atom(const prog_atom * a, double y, double w)
{
    double x = (a->op == PROG_ABS_GE || a->op == PROG_ABS_LT) ? fabs(y) : y;
    w += fmpq_get_d(a->off);
    if (a->op == PROG_GE || a->op == PROG_ABS_GE)
        return a->strict ? x > w : x >= w;
    return a->strict ? x < w : x <= w;
}

/* the first branch of S whose guard holds for the answers y */
static int
sim_branch(const prog_state * S, const double * y, const double * regs)
{
    int b, i;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        int ok = 1;
        for (i = 0; i < B->natoms && ok; i++)
            ok = sim_atom(B->atoms + i, y[B->atoms[i].answer],
                regs[B->atoms[i].reg]);
        if (ok)
            return b;
    }
    return -1;
}

slong
svt_simulate(svt_answer_kind * a, double * v, const svt_model_t M,
    const double * q, const double * T, slong len, void * rng)
{
    gsl_rng * r = rng;
    const svt_program * P = M->prog;
    double y[PROG_MAX_ANSWERS];
    /* the register: T_i + z, or (DiPA) the assigned value x */
    double z = draw(r, P->noises[P->register_noise].law,
        dbl(M->prog_scale + P->register_noise));
    /* DiPA's registers x (the first holds its value before its first
       assignment), and the values each query compares with */
    double x[PROG_MAX_REGS] = { 0 }, regs[PROG_MAX_REGS];
    slong i, counter = 0;
    int s = 0, k;

    if (P->dipa)
        x[0] = fmpq_get_d(P->noises[P->register_noise].mean) + z;
    if (P->argmax)
    {
        /* Report Noisy Max: every query's noisy answer, the largest wins */
        int n = P->states[0].answer_noise[0];
        double best = -HUGE_VAL, y0;
        slong win = 0;
        for (i = 0; i < len; i++)
        {
            y0 = q[i] + (P->noises[n].exponential
                ? gsl_ran_exponential(r, dbl(M->prog_scale + n))
                : draw(r, P->noises[n].law, dbl(M->prog_scale + n)));
            a[i] = SVT_BOT;
            if (y0 > best)
            {
                best = y0;
                win = i;
            }
        }
        a[win] = P->outputs_numbers ? SVT_NUM : SVT_TOP;
        v[win] = best;
        return len;
    }
    for (i = 0; i < len; i++)
    {
        const prog_state * S = P->states + s;
        const prog_branch * B;
        double qi = S->noninput ? 0.0 : q[i];
        int b;
        for (k = 0; k < S->nanswers; k++)
        {
            int n = S->answer_noise[k];
            y[k] = (S->abs_query ? fabs(qi) : qi) + (n < 0 ? 0.0 : fmpq_get_d(P->noises[n].mean)
                + draw(r, P->noises[n].law, dbl(M->prog_scale + n)));
        }
        for (k = 0; k < P->nregs; k++)
            regs[k] = x[k];
        if (!P->dipa)
            regs[0] = T[i] + z;
        b = sim_branch(S, y, regs);
        if (b < 0)
            return i;   /* no branch: the run ends */
        B = S->branches + b;
        a[i] = B->out == PROG_OUT_BOT ? SVT_BOT : B->out == PROG_OUT_TOP
            ? SVT_TOP : B->out == PROG_OUT_LABEL ? SVT_LABEL : SVT_NUM;
        if (B->out == PROG_OUT_LABEL)
        {
            /* the label's index in svt_program_alphabet */
            svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
            const char * label[SVT_PROGRAM_MAX_ALPHABET];
            slong na = svt_program_alphabet(kind, label, P), j;
            for (j = 0; j < na; j++)
                if (kind[j] == SVT_LABEL && strcmp(label[j], B->out_label) == 0)
                    v[i] = (double) j;
        }
        if (B->out == PROG_OUT_NOISY)
            v[i] = y[B->out_answer];
        else if (B->out == PROG_OUT_GAP)
            v[i] = y[B->out_answer] - regs[0];
        else if (B->out == PROG_OUT_FRESH)
            v[i] = qi + fmpq_get_d(P->noises[B->out_noise].mean)
                + draw(r, P->noises[B->out_noise].law,
                dbl(M->prog_scale + B->out_noise));
        counter += B->cost;
        if (B->reset == PROG_RESET_FRESH)
            z = draw(r, P->noises[B->reset_noise].law,
                dbl(M->prog_scale + B->reset_noise));
        else if (B->reset == PROG_RESET_ANSWER)
        {
            /* the registers assigned (register 0 in our own format) */
            for (k = 0; k < P->nregs; k++)
                if (prog_regs_empty(&B->assign) ? k == 0
                    : prog_regs_has(&B->assign, k))
                    x[k] = y[B->reset_answer];
            if (prog_regs_empty(&B->assign) || prog_regs_has(&B->assign, 0))
                z = x[0] - T[i];
        }
        s = B->next;
        if (B->stop || (P->has_counter && counter >= M->limit))
            return i + 1;
    }
    return len;
}
