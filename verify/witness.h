/* witness.h -- counterexamples built from a proof, and the smallest form
   of a certified violation.

   The prover's costliest run (align_plan: which branches pay, in which
   order, which register shift each visit needs) is turned into a pair
   of neighbouring inputs: before each visit of a state whose register
   the coupling moves, m queries of a loop that costs nothing and forces
   that move; each paid step with its answer at an edge of its guards
   and shifted against the register, so that the coupling pays its full
   shift there.  The engine certifies the ratio for growing m, and the
   few choices the plan leaves open (the edge, the sign of a shift the
   proof does not fix) are settled by certified ratios.  When the run
   is realised, L approaches B; otherwise the output names the step
   whose tightness was not realised.  A plan whose steps name the sides
   of the tails their queries belong in (align_wstep.tail: a DiPA
   proof's registers pushed to the sides of their shifts, where the
   densities of the noises that drew them change by the full shift) is
   tried there first, far out (sides_first).  A plan that falls short
   of B is tried once more with each step's query moved into the
   noise's tails (a shift is paid in full only where the event it needs
   is rare), with WITNESS_TAIL_RATIOS ratios of its own and at most the
   work spent before.

   Everything is counted in ratios (at most WITNESS_MAX_RATIOS) and in
   the engine's work (work_limit, in integral_opt_struct's units), never
   in time: the same inputs give the same witness. */

#ifndef SVT_WITNESS_H
#define SVT_WITNESS_H

#include <stdio.h>
#include <jansson.h>
#include "verify.h"
#include "align.h"

#define WITNESS_MAX_RATIOS 160  /* ratios the choices and the growth in m
                                   may spend */
#define WITNESS_MAX_RATIOS_JOINT 12  /* ... with several registers (each
                                   ratio an exact joint integral) */
#define WITNESS_TAIL_RATIOS 120  /* ... and then the queries pushed into
                                   the noise's tails, any registers */
#define SHRINK_MAX_RATIOS 80    /* ratios the shrinking may spend ... */
#define SHRINK_MAX_WORK 200000     /* ... and work (verify.h's units, its
                                   ratios' and SHRINK_RATIO_COST each) */
#define SHRINK_RATIO_COST 50

typedef struct
{
    int have;
    svt_runs_t R;           /* the best input found */
    ratio_result_t r;       /* its certified ratio */
    ulong m;                /* the loops' repetitions in R */
    slong tail;             /* R's queries moved into the tails by
                               multiples of tail Delta (0: not moved) */
    char desc[384];
    char untight[320];      /* L below B: the step not realised ("" else) */
    svt_runs_t longer;      /* the first input of the proof's run that
                               was not certified for its length (more
                               queries than the witness takes with 2 to
                               31 registers; empty: none) */
    slong ratios;           /* ratios computed */
    slong work;             /* their engine work */
    /* witness_growing: */
    int growing;            /* the family's growth in m is certified */
    char note[400];         /* its certified ln ratios along m */
    double slope;           /* ~ per unit of m (display only) */
    svt_runs_t base, block; /* the family: base, then block m times */
    slong nblock;           /* queries per unit of m */
    char kappa[1024];       /* the alpha kappa^m proof on it (prove.c) */
}
witness_struct;

typedef witness_struct witness_t[1];

void witness_init(witness_t W);
void witness_clear(witness_t W);

/* The witness of A's plans (A proved) against M, each ratio under ro
   (ro->limits may bound its work).  target: stop when the certified
   lower bound is within 10^-7 relative of it (B), NULL: never early.
   Returns 1 when a finite or infinite certified loss was found. */
int witness_from_proof(witness_t W, const svt_model_t M, const align_result_t A,
    const ratio_opt * ro, const arb_t target, slong work_limit);

/* No proof (A->proved = 0): the costly cycles the prover failed on, as
   families in m (a lead-in, m queries that force the register's shift,
   m of the costly branch), certified at m = 10, 100, 1000.  Returns 1
   when the growth of one is certified (growth_certified); the best input
   is in W->R either way. */
int witness_growing(witness_t W, const svt_model_t M, const align_result_t A,
    const ratio_opt * ro, slong work_limit);

/* R, whose ratio is certified above M's claim, made as small as it stays
   so: runs removed, then each run's count cut down (a bisection), each
   candidate certified by ratio_decide under ro.  r is replaced by the
   ratio of the smaller input.  Returns the number of queries removed. */
ulong witness_shrink(svt_runs_t R, ratio_result_t r, const svt_model_t M,
    const ratio_opt * ro);

/* The smallest form of R's violation, as it is shown: W (R shrunk by
   witness_shrink), r its certified ratio under ro, and in *cmd the
   command that re-checks it as written (report_recheck_custom;
   flint_free it).  Returns 1 when W is certified above the claim (cmd
   set), 0 otherwise (cmd NULL). */
int witness_smallest(svt_runs_t W, ratio_result_t r, char ** cmd,
    const svt_model_t M, const svt_runs_t R, const ratio_opt * ro,
    const fmpq_t eps, const fmpq_t delta, const svt_overrides * ov);

/* one vector of R (which: 0 q(D), 1 q(D'), 2 T) as "  LABEL  v*count,..." */
void witness_print_vector(FILE * f, const char * label, const svt_runs_t R,
    int which);
/* R as a JSON array of {qD, qD2, T, output, count} (exact rationals as
   strings) */
json_t * witness_runs_json(const svt_runs_t R);

#endif
