/* report.h -- human and JSON renderings of results. */

#ifndef SVT_REPORT_H
#define SVT_REPORT_H

#include <jansson.h>
#include "verify.h"

typedef struct
{
    const char * construction;  /* name, or "custom" */
    ulong m;                    /* 0 when not a family member */
    slong out_digits;           /* digits of decimal bounds */
}
report_ctx;

/* the JSON object of one ratio (caller json_decref's it) */
json_t * report_ratio_json(const svt_model_t M, const report_ctx * ctx,
    const ratio_result_t r);
void report_ratio_human(FILE * out, const svt_model_t M,
    const report_ctx * ctx, const ratio_result_t r);
/* one line "eps = 1, c = 1, Delta = 1" describing the model */
void report_model_line(FILE * out, const svt_model_t M);
/* prints a JSON object as one line on stdout and frees it */
void report_json_line(json_t * obj);
/* interval as a JSON object {lo, hi} of decimal strings */
json_t * report_json_interval(const arb_t x, slong digits);

/* the maximum of a lossmax as [lo, hi] decimal strings ("inf" allowed),
   null when every ratio was impossible */
json_t * report_json_lossmax(const lossmax_t L, slong digits);

/* The shared core of every JSON object verify prints (the schema is
   verify/verify-output.schema.json, version REPORT_SCHEMA_VERSION):
   schema_version, mode, variant, construction (NULL: null), params (eps,
   c, Delta, m of M; null without a model), claimed_eps (null when the
   variant claims no budget), then loss = null, verdict = null and
   seconds = 0 until the mode sets them.  Each mode adds its own fields
   after these. */
#define REPORT_SCHEMA_VERSION 2
json_t * report_json_core(const char * mode, const char * variant,
    const char * construction, const svt_model_t M, ulong m, slong digits);
/* loss = [lo, hi] of a loss ("inf" allowed; null when undefined) */
void report_json_set_loss(json_t * o, const arb_t loss, slong digits);
void report_json_set_verdict(json_t * o, verdict_t v);
void report_json_set_seconds(json_t * o, double seconds);

/* The one-line command that re-checks a construction's ratio at m:
   "verify ratio VARIANT CONSTRUCTION [--m M] [--eps E] [--delta D] [--T T]
   --c C", with the parameters that differ from verify's defaults written
   exactly (rationals). */
/* the variant as a command line names it: the spec file's path for a
   user spec, the name of a built-in */
const char * report_variant_arg(const svt_variant_struct * var);
/* "verify prove VARIANT --c C [--eps E --delta D --eps1 ...]": the proof
   that re-checks a violation shown by a proof of no bound (flint_free
   it) */
char * report_recheck_prove(const svt_variant_struct * var, slong c,
    const fmpq_t eps, const fmpq_t delta, const svt_overrides * ov);
/* "verify ratio VARIANT custom --qD ... --qD2 ... --T ... --output ...
   --c C [--eps E --delta D --eps1 ...]" that re-checks R as written (the
   variant a shell word; flint_free it) */
char * report_recheck_custom(const svt_variant_struct * var,
    const svt_runs_t R, slong c, const fmpq_t eps, const fmpq_t delta,
    const svt_overrides * ov);
void report_recheck_command(char * buf, size_t len, const char * variant,
    const construction_info * ci, ulong m, slong c, const fmpq_t eps,
    const fmpq_t delta, const fmpq_t T);
/* A `verify ratio` command decides at ratio's own precision (goal 30
   digits, cap 240) unless told: the options that make it decide as the
   command that printed it did, " --digits D" where ro's first goal
   differs and " --max-digits P" where its ratio needed a goal above 240
   (used: the goal its decision used, ratio_result_struct's digits; -1
   when unknown: then whenever ro's cap is above 240).  Nothing for any
   other command.  The heap string *cmd is reallocated; the buffer form
   appends when it fits. */
void report_recheck_precision(char ** cmd, const ratio_opt * ro, slong used);
void report_recheck_precision_buf(char * buf, size_t len, const ratio_opt * ro,
    slong used);

#endif
