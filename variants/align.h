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
    unchanged costs anything.  Two refinements keep it sound and make it
    finer: a branch that the order of a DiPA automaton's registers (as
    the guards taken imply it) rules out has probability 0 on the runs
    that reach it so, and is not paid (align_facts.c); and a branch that
    stops the run where a choice of shifts cannot align it hands the runs
    that end there to a class of their own, proved with shifts of its
    own, B being the largest over the classes (the classes partition the
    runs by their last branch, and each coupling keeps its runs'
    branches).  This is the argument of Lyu, Su and Li's
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
#define ALIGN_PLAN_MAX 96   /* steps of a witness plan (of the per-branch
                               coupling, and of a DiPA automaton of at
                               most PROG_SMALL_REGS registers) */
#define ALIGN_PLAN_CAP 512  /* the steps a plan holds: a DiPA automaton of
                               more registers, whose exact joint integral
                               keeps small groups of them apart (m-Range
                               at m = 80: 241 queries) */
#define ALIGN_MAX_PLANS 4
#define ALIGN_ABS_T 80     /* the threshold of a state that compares |y| */
#define ALIGN_EDGES 3       /* places of a query at its guards' edges */

/* One query (or a block of m queries) of the witness the proof suggests:
   its output, where the answer sits against its guards, and the shift
   q' - q that makes the proof's coupling step tight. */
typedef struct
{
    int a;                  /* SVT_BOT, SVT_TOP, SVT_NUM or SVT_LABEL */
    char label[SVT_LABEL_LEN];
    int loop;               /* repeated m times: a branch that costs
                               nothing and forces the register's shift */
    int tail;               /* -1, 0, 1: the side of the noise's tails the
                               query is moved into first (a register
                               pushed to the side of its shift), 0: none
                               suggested */
    int d;                  /* q' - q in units of Delta (the proof's
                               tight choice) ... */
    int dlo, dhi;           /* ... within the neighbours' class */
    int abs;                /* its state compares |y|: the queries sit at
                               +-(T + edge) with T = abs Delta
                               (ALIGN_ABS_T times the counter's limit) */
    int num;                /* SVT_NUM: 1 the noisy answer (v = q + edge),
                               2 the gap (v = edge), 3 fresh noise (v = q) */
    int nedge;
    fmpq edge[ALIGN_EDGES]; /* q (with T = 0) at these offsets puts the
                               answer at an edge of its guards */
    char what[80];          /* "state s, branch 2" (the proof's numbering) */
}
align_wstep;

/* the costliest run of one class of neighbours, as queries */
typedef struct
{
    slong n;
    int truncated;          /* the run had more steps than the plan */
    int forcing_cut;        /* its forcing cycles once, where twice would
                               pass the queries the engine takes */
    int stops;              /* its last step ends the run (an observer
                               sees the run stop there) */
    int queries;            /* > 0: the queries the witness may give its
                               outputs (few of them read each factor of
                               the exact joint integral); 0: the model's
                               (svt_model_max_queries) */
    int cycle;              /* no proof: a lead-in, then a costly branch on
                               a cycle that leaves the counter alone,
                               repeated m times (its loss should grow) */
    align_wstep step[ALIGN_PLAN_CAP];
}
align_plan;

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
    int nplans;             /* proved: one plan per class of neighbours (the
                               costliest runs); not proved: the costly
                               cycles of the shifts tried (cycle = 1) */
    align_plan * plan[ALIGN_MAX_PLANS];
}
align_result_struct;

typedef align_result_struct align_result_t[1];

/* an empty plan (its edges initialised), and its release */
align_plan * align_plan_new(void);
void align_plan_free(align_plan * W);

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
