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

#endif
