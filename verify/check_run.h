/* check_run.h -- inside `verify check` and `verify all` (not installed):
   the state the analysis (check.c) fills and its renderings read: text
   (render_text.c), JSON (render_json.c) and JUnit cases (junit.c).  The
   renderings only print: they decide nothing. */

#ifndef SVT_CHECK_RUN_H
#define SVT_CHECK_RUN_H

#include <stdio.h>
#include "check.h"
#include "decision.h"
#include "prove.h"
#include "junit.h"

/* One cell: a construction at a model (variant, c) over the m grid. */
typedef struct
{
    lossmax_t agg;      /* every point, by verdict (check) */
    arb_t worst;        /* largest finite loss (by upper bound) */
    ulong worst_m;
    int worst_infinite;
    verdict_t verdict;  /* of the cell, against the claim */
}
cell_struct;

#define CHECK_MAX_C 16

/* what a check keeps of one cutoff beside its decision: the time its
   proof took, and for a violation the smallest witness's certified ln
   ratio and the command that re-checks it */
typedef struct
{
    double seconds;         /* the proof and its lower bound */
    int have_witness;       /* a certified ratio above the claim */
    int witness_inf;        /* ... infinite (an exact zero) */
    arb_t witness_loss;     /* ... its ln ratio */
    char * recheck;         /* `verify ratio ...` of the witness as written
                               (or `verify prove ...` when a proof of no
                               bound alone decides); NULL when none */
}
cutoff_struct;

/* one cell of a check's grid as its JSON says it: the construction at
   cutoff c, its ratios' maximum (agg), its verdict and the m of its
   largest ratio */
typedef struct
{
    slong c;
    const construction_info * ci;
    lossmax_t agg;
    verdict_t verdict;
    ulong worst_m;
}
grid_cell_struct;

/* one run of `verify check`: the cutoffs, each one's decision, and the
   evidence of the constructions' grid */
typedef struct
{
    const svt_variant_struct * var;
    const check_opts * o;
    slong clist[CHECK_MAX_C];
    slong nc;
    decision_struct D[CHECK_MAX_C];
    cutoff_struct cut[CHECK_MAX_C];
    grid_cell_struct * cells;   /* the grid's cells, in order (JSON) */
    slong ncells, alloc_cells;
    char proof_line[512];   /* the proof at the first cutoff */
    int dipa_no_bound;      /* a DiPA automaton with no bound proved at the
                               first cutoff: its DiPA condition is shown */
    int grid;               /* the grid ran */
    lossmax_t total;        /* its ratios */
    slong nratios;
    int inconclusive;       /* a grid cell stayed undecided */
    int above_eps_delta;    /* a cutoff undecided only by its claim's
                               delta > 0 (decision.h): not accepted as
                               evidence */
    double t0;
}
check_run;

/* what `verify all` gathers over the cells of one variant */
typedef struct
{
    const check_opts * o;
    const svt_variant_struct * var;
    int any_inf, any_grow, any_exceed, any_slow, incon;
    arb_t best;             /* the largest finite loss (by midpoint) */
    const char * best_where;
    ulong best_m;
    double best_slope;
}
all_variant;

/* --- render_text.c: to out (or K->o->out) --- */

/* the title of a check */
void check_text_title(FILE * out, const svt_variant_struct * var);
/* the proof and its lower bound at cutoff c: one line */
void check_text_prove(FILE * out, slong c, const prove_result_t P);
/* the header of the grid of constructions, and one row (a cell) */
void check_text_grid_header(const check_run * K);
void check_text_grid_row(const check_run * K, slong c,
    const construction_info * ci, const cell_struct * cell);
/* a construction that does not apply at cutoff c */
void check_text_not_applicable(FILE * out, slong c,
    const construction_info * ci, const char * why);
/* the conclusion in words, one message per status s (at: the cutoff
   index it comes from; W, wr, cmd: the smallest witness of a violation,
   its ratio and the command that re-checks it) */
void check_text_conclusion(const check_run * K, svt_status s, slong at,
    const svt_runs_t W, const ratio_result_t wr, const char * cmd,
    int accepted);

/* the title of `verify all` (eps, cutoff c, m_max) */
void all_text_title(FILE * out, const check_opts * o, slong c);
/* a variant's title lines at model M (cutoff c asked) */
void all_text_variant(FILE * out, const svt_variant_struct * var,
    const svt_model_t M, slong c);
/* one cell: the sweep s of construction ci, its verdict sv */
void all_text_cell(FILE * out, const construction_info * ci,
    const sweep_result_t s, verdict_t sv);
void all_text_not_applicable(FILE * out, const construction_info * ci,
    const char * why);
/* "measured: ..." -- what the cells of a variant show */
void all_text_measured(FILE * out, const all_variant * A,
    const svt_model_t M);
/* the proof and the status of a variant */
void all_text_decision(FILE * out, const svt_variant_struct * var,
    const decision_struct * D, const prove_result_t P, int accepted);

/* --- render_json.c: one JSON line each on stdout --- */

/* the conclusion of a check (M: the model at the first cutoff; rc: the
   exit code) */
void check_json_conclusion(const check_run * K, const svt_model_t M,
    svt_status s, slong at, const svt_runs_t W, const char * cmd,
    int accepted, int rc);
/* one cell of `verify all` (t0: when its sweep started) */
void all_json_cell(const all_variant * A, const svt_model_t M,
    const construction_info * ci, const sweep_result_t s, verdict_t sv,
    double t0);
/* the decision of a variant of `verify all` */
void all_json_decision(const check_opts * o, const svt_variant_struct * var,
    const svt_model_t M, const decision_struct * D, const prove_result_t P,
    const char * recheck);

/* --- junit.c: the cases (nothing when J or K->o->junit is NULL) --- */

/* a construction that does not apply: skipped */
void check_junit_skip(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, const char * why);
/* one cell from its verdict cv: a pass, a failure with the certified
   ratio and the command that re-checks it, or an error (undecided) */
void check_junit_cell(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, verdict_t cv,
    const arb_t worst, int worst_inf, ulong worst_m, double seconds,
    const check_opts * o);
/* "proof for every m" of a variant: a pass only when proved, a failure
   on a violation, skipped with no claim or when evidence was accepted,
   an error otherwise (why: L, B and where, or NULL; cmd: the command
   that re-checks a violation, or NULL); seconds: the time of the proof */
void check_junit_proof(junit_struct * J, const svt_variant_struct * var,
    int proved, int violated, int evidence_accepted, const char * why,
    const char * cmd, double seconds);
/* "L = [lo, hi] <= the largest loss <= B = b" of a decision (none for
   either when there is none) */
void check_L_B_words(char * buf, size_t len, const decision_struct * D,
    slong digits);
/* the proof and witness at each cutoff of a check, then its "proof for
   every m" */
void check_junit_cutoffs(const check_run * K, svt_status s, slong at,
    const char * cmd, int accepted);

#endif
