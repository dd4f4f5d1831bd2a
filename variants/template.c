/* template.c -- a template spec (the keys of spec.h) compiled to the
   program it means: the first step of the pipeline read -> program ->
   per-output factors -> back-end -> engine, so that a template and its
   program twin are one model (one probability path, one prover input,
   one simulator input). */

#include <stdio.h>
#include <string.h>
#include "svt.h"

/* appends a noise (law, a copy of the scale, where the key's value is
   written) to P's table; its index */
static int
add_noise(svt_program * P, const svt_variant_struct * v, const char * key,
    integral_law_kind law, const spec_expr * scale)
{
    int n = P->nnoises++;
    P->noises[n].law = law;
    P->noises[n].scale = spec_expr_copy(scale);
    svt_variant_key_pos(v, key, &P->noises[n].line, &P->noises[n].col);
    snprintf(P->noises[n].what, sizeof(P->noises[n].what), "%s", key);
    return n;
}

/* the one state "run": y = q + nu (or |q| + nu), top when y >= T + z
   (|y| >= T + z for abs-inside), bot otherwise */
static void
run_state(svt_program * P, const svt_variant_struct * v, int nu, int out)
{
    prog_state * S = P->states;
    prog_branch * top = S->branches, * bot = S->branches + 1;

    strcpy(S->name, "run");
    S->line = 1;
    S->nanswers = 1;
    strcpy(S->answer_name[0], "y");
    S->answer_noise[0] = nu;
    S->abs_query = v->comparison == SVT_CMP_ABS_OUTSIDE;
    S->nbranches = 2;

    top->natoms = 1;
    top->atoms[0].answer = 0;
    top->atoms[0].op = v->comparison == SVT_CMP_ABS_INSIDE ? PROG_ABS_GE
        : PROG_GE;
    top->out = out >= 0 ? PROG_OUT_FRESH : v->output == SVT_OUT_COMPARED
        ? PROG_OUT_NOISY : PROG_OUT_TOP;
    top->out_answer = 0;
    top->out_noise = out;
    top->cost = v->has_cutoff ? 1 : 0;
    top->line = bot->line = 1;
    top->col = bot->col = 1;
    bot->out = PROG_OUT_BOT;
}

int
svt_template_compile(svt_program * P, const svt_variant_struct * v,
    int fresh, char * err, size_t errlen)
{
    int nu = -1, out = -1;
    char msg[256];
    int ecol;

    svt_program_init(P);
    strcpy(P->register_name, "rho");
    P->register_noise = add_noise(P, v, "threshold_noise", v->rho_law, v->rho);
    if (v->has_nu)
        nu = add_noise(P, v, "query_noise", v->nu_law, v->nu);
    if (fresh && v->output == SVT_OUT_FRESH)
        out = add_noise(P, v, "output", INTEGRAL_LAPLACE, v->out);
    svt_program_add_state(P);
    run_state(P, v, nu, out);
    if (v->reset)
    {
        P->states[0].branches[0].reset = PROG_RESET_FRESH;
        P->states[0].branches[0].reset_noise = add_noise(P, v, "reset",
            v->reset_law, v->rho_reset);
    }
    if (v->has_cutoff)
    {
        P->has_counter = 1;
        /* the model's c (a fixed cutoff is the model's c) */
        P->limit = spec_expr_parse("c", msg, sizeof(msg), &ecol);
    }
    return svt_program_finish(P, v->file != NULL ? v->file : "template", 1,
        err, errlen);
}
