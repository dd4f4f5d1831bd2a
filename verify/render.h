/* render.h -- results of the command line as text (render_text.c, on
   stdout; prove: o->base.out) and JSON lines (render_json.c): `verify
   prove`, `verify delta`, `verify renyi`, `verify ratio
   --max-over-outputs`, `verify sweep` and `verify lint`.  `verify check`
   and `verify all` are rendered through check_run.h, one ratio through
   report.h.  Only printing: the results are decided by the analyses
   (prove.h: prove_run; approx.h: verify_delta, verify_renyi; custom.h:
   maxout_run; verify.h: sweep_run). */

#ifndef SVT_RENDER_H
#define SVT_RENDER_H

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

#endif
