/* decision.h -- the one decision on a variant's claim, from the proof,
   the certified witnesses and the finite evidence.  Every surface
   (prove, check, all, sweep, search, JUnit, JSON and the report's
   summary) decides with it and prints its word.

   The states, for a variant with a claim eps at one cutoff:
     PROVED     a shift coupling proves ln ratio <= B <= eps for every m
                (and no certified ratio contradicts it);
     VIOLATED   a certified ratio (anywhere: a witness, a construction, a
                search) exceeds eps;
     UNBOUNDED  violated, and the loss is proved to have no finite bound
                (an exact zero, alpha kappa^m, a Gaussian hazard rate,
                a family's certified line); such a proof violates every
                finite claim even where no ratio above the claim was
                computed (violated_by_proof: by_proof says where the
                proof's line passes it);
     UNDECIDED  neither: [L, B] and the reason (also when a time guard
                stopped the work, and for an (eps, delta) claim with
                delta > 0 that no pure bound B <= eps proves: a pure ratio
                does not violate it);
   and NO_CLAIM for a variant that claims nothing (report only). */

#ifndef SVT_DECISION_H
#define SVT_DECISION_H

#include "prove.h"

typedef enum
{
    STATUS_PROVED = 0,
    STATUS_VIOLATED,
    STATUS_UNBOUNDED,
    STATUS_UNDECIDED,
    STATUS_NO_CLAIM
}
svt_status;

typedef struct
{
    svt_status status;
    int has_claim;
    int proved;             /* a bound B for every m */
    int B_le_claim;         /* ... and B <= the claim, exactly or certainly */
    arb_t B;
    char B_exact[200];      /* B as an exact expression (align_bound_form),
                               "" when the proof's bound is not exact or
                               the cutoffs' bounds differ */
    int have_L, L_inf;      /* the largest certified ratio seen */
    arb_t L;
    svt_runs_t LR;          /* its input ... */
    slong L_c;              /* ... at this cutoff */
    char L_where[300];      /* ... and where it was found */
    int unbounded;          /* no finite bound, proved */
    int growing;            /* a family's certified growth (evidence) */
    char by_proof[600];     /* a proof of no bound: where it passes the
                               claim (prove.h, past_claim) */
    int violated_by_proof;  /* UNBOUNDED from that proof alone: no
                               certified ratio above the claim was
                               computed (L is below it) */
    int above_eps_delta;    /* UNDECIDED only because the claim has
                               delta > 0: a certified ratio above eps, or
                               a loss with no pure bound (evidence against
                               the claim: never accepted as evidence for
                               it) */
    int stopped;            /* a time guard stopped the work */
    char reason[1100];      /* UNDECIDED: why */
}
decision_struct;

typedef decision_struct decision_t[1];

/* why an (eps, delta) claim with delta > 0 is left undecided by what
   prove and check compute (pure eps only) */
#define DECISION_DELTA_REASON "the claim is (eps, delta)-DP with delta > 0, " \
    "and prove and check decide pure eps only: a ratio above eps, an exact " \
    "zero or a loss with no pure bound does not violate it (`verify delta` " \
    "and `verify search --dp-delta` decide it; a pure bound B <= eps proves it)"

void decision_init(decision_t D);
void decision_clear(decision_t D);

/* the proof, its witness and the search of prove_run at cutoff c */
void decision_add_prove(decision_t D, const prove_result_t P,
    const svt_model_t M, slong c);
/* one certified ratio r of input R (a construction, a search, a sweep
   point) at cutoff c */
void decision_add_ratio(decision_t D, const ratio_result_t r,
    const svt_runs_t R, slong c, const char * where);
/* a certified loss without its input (a sweep's maximum; x NULL when
   inf) */
void decision_add_loss(decision_t D, int inf, const arb_t x, slong c,
    const char * where);
/* sets D->status from everything added (M: the claim) */
svt_status decision_finish(decision_t D, const svt_model_t M);

/* 1 when D's exact B is a number (a rational such as "7/4"), 0 when it is
   a formula in the parameters ("2 - eps1") or there is none */
int decision_B_rational(const decision_struct * D);

/* B as printed: its exact rational when it is one, else a certified
   decimal upper bound with `digits` digits; NULL when no bound is proved
   (flint_free it) */
char * decision_B_string(const decision_struct * D, slong digits);

/* the bound's own state, beside the verdict on the claim: "finite" (a
   bound B for every m, proved), "none" (no finite bound, proved) or
   "unknown" */
const char * decision_bound_state(const decision_struct * D);

/* 1 when s says the claim is violated: VIOLATED or UNBOUNDED (exit 1) */
int decision_violated(svt_status s);

/* "PROVED", "VIOLATED", "UNBOUNDED", "UNDECIDED", "NO CLAIM" */
const char * decision_word(svt_status s);
/* the JSON and CSS name: "proved", "violated", "unbounded", "undecided",
   "no-claim" */
const char * decision_name(svt_status s);
/* the exit code of check and prove: 0 proved (or no claim), 1 violated or
   unbounded, 3 undecided */
int decision_exit(svt_status s);

#endif
