/* pseudocode.h -- test oracles of the template variants, written from
   the pseudocode (pseudocode.c). */

#ifndef SVT_TESTS_PSEUDOCODE_H
#define SVT_TESTS_PSEUDOCODE_H

#include "svt.h"

/* svt_simulate as the template's pseudocode states it */
slong pseudo_simulate(svt_answer_kind * a, double * v, const svt_model_t M,
    const double * q, const double * T, slong len, void * rng);
/* svt_integrand_at from the template's comparisons as written */
void pseudo_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R,
    int side, const arb_t z, slong prec);

#endif
