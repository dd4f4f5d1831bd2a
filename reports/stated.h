/* stated.h -- the report's reading of a variant's claim and of the
   property its source states, exactly (rationals of the model). */

#ifndef SVT_REPORT_STATED_H
#define SVT_REPORT_STATED_H

#include "align.h"

/* the rationals eps, c, Delta and every eps_k that is a rational (as
   given by --epsK, or its expression); def says which are defined */
void stated_model_rationals(fmpq * vals, int * def, const svt_model_t M);

/* the claim as a multiple of eps: "eps", "2 eps", "3/2 eps" (the
   decimal of the claimed budget when it is not a rational multiple) */
void stated_claim_text(char * buf, size_t len, const svt_model_t M);

/* 1 when the proved bound B of A is exactly the budget of the stated
   property ("((1+6c)/4) eps-DP": (1+6c)/4 eps at M's c and eps), with
   that budget as written in text ("((1+6c)/4) eps"); 0 otherwise (no
   budget stated, or not a rational, or B not exact, or different) */
int stated_B_is_stated(char * text, size_t len, const align_result_t A,
    const svt_model_t M);

#endif
