/*
    align.h -- proofs for every m: a shift coupling (an alignment) of a
    variant's noises, and the largest total cost it has over all runs.

    Fix neighbouring inputs (|q'_i - q_i| <= Delta, or one sign of
    q'_i - q_i for a monotone claim).  Map every noise vector of a run on
    D to one on D': each register by a constant s_r in {-Delta, 0,
    Delta} (the proof's choice), each noisy answer y = q + nu by a shift
    that depends on the pair and on the piece of its branch's guard
    region in which y lies, chosen so that the branch taken, its output
    and the next state stay the same.  Pieces are kept apart, so the map
    is injective; a Laplace (or exponential) noise of scale b moved by t
    changes its density by at most e^{|t|/b}.  Hence Pr[A(D)=a] <= e^B
    Pr[A(D')=a] for every output a, where B is the largest total cost
    over all runs: a longest path in the graph of (state, counter)
    pairs, finite for every m when no cycle that leaves the counter
    unchanged costs anything.  This is the argument of Lyu, Su and Li's
    Thm 3.3 (and of LightDP, ShadowDP and DiPA's couplings) made
    mechanical.

    Depends on svt.h (the model); knows nothing of the engine.
*/

#ifndef SVT_ALIGN_H
#define SVT_ALIGN_H

#include "svt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ALIGN_STEPS 40
#define ALIGN_STEP_LEN 1024

typedef struct
{
    int proved;             /* 1: ln ratio <= bound for every m */
    arb_t bound;            /* B, a certified ball */
    int exact;              /* bound_lf is B exactly */
    spec_linform_t bound_lf;    /* B as k0 + k1 eps1 + k2 eps2 + k3 eps3 */
    slong nsteps;
    char steps[ALIGN_STEPS][ALIGN_STEP_LEN];   /* the proof, in words */
    char reason[1024];      /* proved = 0: why no shift coupling works */
    int gaussian;           /* a Gaussian noise would have to move: no
                               pure bound from a shift */
    int unsupported;        /* a construct the prover does not handle (not
                               evidence of a leak) */
    int monotone;           /* the bound is for monotone neighbours */
}
align_result_struct;

typedef align_result_struct align_result_t[1];

void align_result_init(align_result_t a);
void align_result_clear(align_result_t a);

/* Looks for the shift coupling of least total cost.  Returns 0 (with
   res->proved saying whether a bound was found). */
int align_prove(align_result_t res, const svt_model_t M);

/* B against M's claim: -1 when B < claimed, 0 when B = claimed exactly
   (the linear forms agree), 1 when B > claimed, 2 when the balls cannot
   tell. */
int align_compare_claim(const align_result_t res, const svt_model_t M);

/* B exactly, as "7/4" or "1/2 + eps1" ("" when not exact) */
void align_bound_form(char * buf, size_t len, const align_result_t res);

/* The linear forms of eps1, eps2, eps3 of the model (a symbol of its
   own where the spec's expression is not linear). */
void align_epsk_linforms(spec_linform_struct * lf, const svt_model_t M);

#ifdef __cplusplus
}
#endif

#endif
