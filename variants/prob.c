/* prob.c -- the one dispatcher of certified Pr[A(D) = a]: every variant
   (a template compiled to its program, a program, a DiPA automaton) is
   a program M->prog, and the back-end is chosen here from properties of
   that program alone:

     argmax                 Report Noisy Max (program_argmax.c)
     several registers      the exact joint integral (program_joint.c)
     a DiPA register assigned after a guard, short outputs
                            the exact joint integral, else the walk
     otherwise              the walk over paths (program_walk.c): one
                            engine integral in z per segment
                            (program_segment.c), nested brackets for a
                            deferred register (program_nested.c)

   The back-ends never call back into this file. */

#include "svt.h"

const char *
svt_output_impossible(const svt_model_t M, const svt_runs_t R)
{
    if (M->prog->nregs > 1)
        return svt_program_joint_impossible(M, R);
    if (M->prog->argmax)
        return svt_argmax_impossible(M, R);
    return svt_program_walk_impossible(M, R);
}

/* a DiPA automaton with a branch that assigns its register after a
   guard */
static int
dipa_guarded_assignment(const svt_program * P)
{
    int i, j;
    for (i = 0; P->dipa && i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            if (P->states[i].branches[j].natoms > 0
                    && P->states[i].branches[j].reset == PROG_RESET_ANSWER)
                return 1;
    return 0;
}

/* a DiPA automaton whose walk misses its goal or is refused: the exact
   joint integral instead, when the output is short enough for it and it
   succeeds.  An automaton with a guarded assignment (which the walk
   brackets, or refuses twice in a row) has tried it first already. */
static void
dipa_exact_instead(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    svt_prob_t J;
    if (!M->prog->dipa || dipa_guarded_assignment(M->prog)
            || (res->status != SVT_PROB_UNSUPPORTED
            && res->status != SVT_PROB_GOAL_MISSED)
            || svt_runs_length(R) > PROG_JOINT_MAX_QUERIES)
        return;
    svt_prob_init(J);
    if (svt_program_joint_prob(J, M, R, side, opt) == SVT_PROB_OK)
    {
        arb_swap(res->value, J->value);
        arb_swap(res->log_value, J->log_value);
        res->zero = J->zero;
        res->status = SVT_PROB_OK;
        res->note = NULL;
        res->tie = J->tie;
    }
    svt_prob_clear(J);
}

int
svt_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt)
{
    res->tie = 0;
    if (M->prog->argmax)
        return svt_argmax_prob(res, M, R, side, opt);
    if (M->prog->nregs > 1)
        return svt_program_joint_prob(res, M, R, side, opt);
    /* a register assigned after a guard: the walk would bracket it, the
       exact joint integral is cheaper on short outputs */
    if (dipa_guarded_assignment(M->prog)
            && svt_runs_length(R) <= PROG_JOINT_MAX_QUERIES
            && svt_program_joint_prob(res, M, R, side, opt) == SVT_PROB_OK)
        return res->status;
    svt_program_walk_prob(res, M, R, side, opt);
    dipa_exact_instead(res, M, R, side, opt);
    return res->status;
}
