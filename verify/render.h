/* render.h -- results of the command line as text (render_text.c, on
   stdout) and JSON lines (render_json.c): `verify ratio
   --max-over-outputs`, `verify sweep` and `verify lint`.  `verify check` and `verify
   all` are rendered through check_run.h, one ratio through report.h,
   delta and Renyi in approx_cmd.c.  Only printing: the results are
   decided by the analyses (custom.h: maxout_run; verify.h: sweep_run). */

#ifndef SVT_RENDER_H
#define SVT_RENDER_H

#include "check.h"
#include "custom.h"

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

#endif
