/* render.h -- results of the command line as text (render_text.c, on
   stdout; prove: o->base.out) and JSON lines (render_json.c): `verify
   prove`, `verify delta`, `verify renyi`, `verify ratio
   --max-over-outputs`, `verify sweep`, `verify lint` and the end of
   `verify search` (its stages print their progress as they run).  `verify check`
   and `verify all` are rendered through check_run.h, one ratio through
   report.h.  Only printing: the results are decided by the analyses
   (prove.h: prove_run; approx.h: verify_delta, verify_renyi; custom.h:
   maxout_run; verify.h: sweep_run). */

#ifndef SVT_RENDER_H
#define SVT_RENDER_H

#include <jansson.h>
#include "approx.h"
#include "check.h"
#include "custom.h"
#include "decision.h"
#include "prove.h"

/* the result of `verify prove`: P decided as D (o: the digits, the work,
   --lower-bound); the text shows the smallest witness W of a violation,
   its ratio wr and the command cmd that re-checks it (W NULL: none) */
void prove_text(const prove_result_t P, const decision_t D,
    const svt_variant_struct * var, const svt_model_t M, const search_opts * o,
    const svt_runs_t W, const ratio_result_t wr, const char * cmd);
void prove_json(const prove_result_t P, const decision_t D,
    const svt_variant_struct * var, const svt_model_t M, const search_opts * o);

/* DiPA's condition of A (variants/dipa_cond.h), for an automaton whose
   loss has no proved bound: one line of text (a structural fact of the
   graph, said so; certified: certified bounds were printed before it,
   else it says that none is computed), or the JSON object of the field "dipa_condition"
   (name, definition, witness, path, each condition's status); the
   caller owns the object */
void dipa_cond_text(FILE * out, const struct dipa_automaton_s * A,
    int certified);
json_t * dipa_cond_json(const struct dipa_automaton_s * A);

/* the maximum over every output of a pair (o: the digits; t0: when the
   computation started) */
void maxout_text(const svt_variant_struct * var, const svt_model_t M,
    const maxout_struct * mo, const check_opts * o);
void maxout_json(const svt_variant_struct * var, const svt_model_t M,
    const maxout_struct * mo, const check_opts * o, double t0);

/* a sweep of construction ci in m: its points, classification, the first
   m past multiples of eps and the verdict on the claim (o: the digits,
   m_max, and eps, Delta, T for the re-check command) */
void sweep_text(const svt_variant_struct * var, const construction_info * ci,
    const svt_model_t M, const sweep_result_t s, const check_opts * o);
void sweep_json(const svt_variant_struct * var, const construction_info * ci,
    const svt_model_t M, const sweep_result_t s, const check_opts * o,
    double t0);

/* a spec file that lints: its name, title, source, claim (text: and the
   states where a run may end because no branch holds) */
void lint_text(const svt_variant_struct * v, const char * path);
void lint_json(const svt_variant_struct * v, const char * path);

/* delta at eps_prv (r: the verdict, the eps for a delta, the curve) and
   the Renyi divergences at the orders al[k] (d: D||D', D'||D and their
   max, three per order) of the classes of outputs A */
void delta_text(const delta_result * r, const approx_pair_t A,
    const svt_model_t M, const approx_opts * a);
void delta_json(const delta_result * r, const approx_pair_t A,
    const svt_model_t M, const approx_opts * a);
void renyi_text(const approx_pair_t A, const svt_model_t M,
    const approx_opts * a, arb_srcptr al, arb_srcptr d, slong npts);
void renyi_json(const approx_pair_t A, const svt_model_t M,
    const approx_opts * a, arb_srcptr al, arb_srcptr d, slong npts);

/* the end of `verify search` (search.c decides it: the best input found,
   the verdict, the smallest witness of a violation and its re-check
   command; these only print it) */
typedef struct
{
    const svt_variant_struct * var;
    const svt_model_struct * M;     /* the best input's model, or c = first */
    int has_claim;
    FILE * out;
    slong out_digits;
    int have_best;                  /* a best input: its description, runs
                                       and ratio */
    const char * best_desc;
    const svt_runs_struct * best_R;
    const ratio_result_struct * best_r;
    int violation, stopped;         /* certified violation; the time limit
                                       stopped the search */
    int above_delta;                /* the best ratio exceeds e^eps, and the
                                       claim has delta > 0: undecided */
    slong evaluated, within, exceeds, infinite, impossible, inconclusive,
        timed_out;
    slong work, work_budget;        /* in work units (SEARCH_WORK_UNIT) */
    double seconds_used, seconds_limit;
    slong shard, nshards;
    const char * growth, * proof, * family_note;    /* the family in m */
    double slope;
    ulong block;
    const svt_runs_struct * witness;    /* the smallest witness (NULL: none) */
    const ratio_result_struct * witness_r;
    const char * recheck;               /* its command, or NULL */
    const char * save_path;             /* --save, or NULL */
}
search_outcome;

void search_outcome_text(const search_outcome * so);
/* the head of `verify search`'s text: the variant, its claim, the
   cutoffs (models[0..nc)), the work, seed and shard */
void search_header_text(const svt_variant_struct * var,
    const svt_model_struct * const * models, slong nc, const search_opts * o);
void search_outcome_json(const search_outcome * so);
/* one stage of `verify search` as a JSON line: the ratios it evaluated,
   how many exceed (infinite included) or are undecided, the best input
   so far (best_desc NULL: none) */
void search_stage_json(const search_opts * o, const svt_variant_struct * var,
    const svt_model_struct * M, const char * stage, slong evaluated,
    slong exceeds, slong inconclusive, const char * best_desc,
    const ratio_result_struct * best_r, double seconds);

#endif
