/* prove.h -- `verify prove`: a proved upper bound B on the privacy loss
   for every m (variants/align.h), beside the best certified lower bound
   L the engine finds, and the decision they make together. */

#ifndef SVT_PROVE_H
#define SVT_PROVE_H

#include "align.h"
#include "check.h"
#include "search.h"
#include "witness.h"
#include "prove_unbounded.h"

typedef enum
{
    PROVE_PROVED = 0,       /* ln ratio <= B for every m, pair, output */
    PROVE_UNBOUNDED,        /* no bound: the loss grows without bound */
    PROVE_UNKNOWN
}
prove_decision;

const char * prove_decision_name(prove_decision d);

typedef struct
{
    prove_decision decision;
    int claim_holds;        /* 1, 0, or -1 (undecided, or no claim), by
                               the pure eps of the claim; what is printed
                               is the decision's (decision.h: it applies
                               the time limit and an (eps, delta) claim) */
    align_result_t A;       /* the proof (A->proved) or why none */
    search_best_t LB;       /* the search's best certified lower bound */
    witness_t W;            /* the witness built from the proof */
    restart_result_t RS;    /* the family of a restarting program, whose
                               factors prove the loss unbounded */
    int have_L, L_infinite;
    arb_t L;                /* the best certified lower bound (a ball) */
    svt_runs_t LR;          /* its input */
    char L_desc[400];
    int searched;           /* the search ran (the proof's witness did not
                               meet B) */
    slong work;             /* the lower bound's work, the witness's and the
                               search's ratios together (each its engine
                               work and SEARCH_RATIO_COST): at most
                               search_budget (--work) */
    char reason[2048];
    char family[2048];       /* the growing family (unbounded) */
    int unbounded_proved;   /* PROVE_UNBOUNDED with a proof for every m:
                               an exact zero, the alpha kappa^m bound, the
                               Gaussian hazard rate or a released Gaussian
                               number; 0: a family's certified ratios grow
                               by increments that do not shrink (evidence,
                               printed as "growing") */
    char past_claim[600];   /* a proof of no bound that violates the
                               claim where no ratio above it was
                               computed: where its line passes the claim
                               (empty otherwise) */
    double seconds;
    double proof_seconds;   /* the proof alone */
    int stopped;            /* the time guard (--seconds) fired: no
                               decision (PROVE_UNKNOWN, exit 3) */
}
prove_result_struct;

typedef prove_result_struct prove_result_t[1];

/* the digits to which the lower bound L and the proved bound B of P
   agree (0 when they do not, at most 30) */
slong prove_sandwich_digits(const prove_result_t P);

/* what the text and the JSON say when L falls short of B (fewer than 6
   digits): why (the witness's untight reason), and the proof's run when
   it is longer than the witness certifies (W->longer); 0 when not said */
int prove_says_untight(const prove_result_t P);
int prove_says_longer_run(const prove_result_t P);

void prove_result_init(prove_result_t P);
void prove_result_clear(prove_result_t P);

/* When the proof already decides the claim (B <= the claim), L is only
   shown beside B: the search (when the witness leaves L short of B) gets
   this fraction, 1/N, of the work the witness left */
#define PROVE_INFORMATIVE_SHARE 10

/* Proves (or refutes) at cutoff c; o->work is the budget of the lower
   bound L (the witness and the search together, P->work), o->seconds
   only an outer time guard (past it: stopped).
   Returns 0, or 2 on bad parameters (message on stderr). */
int prove_run(prove_result_t P, const svt_variant_struct * var,
    const search_opts * o, slong c);

/* `verify prove`: prints (text or JSON) and returns the exit code: 0 the
   claim is proved (or no claim and decided), 1 violated, 3 undecided. */
int verify_prove(const svt_variant_struct * var, const search_opts * o,
    slong c);

/* The proof A of M's model, in one line for `check`: 1 when proved with
   B <= claimed, 0 otherwise (the line says what holds). */
int prove_claim_line(char * line, size_t len, const align_result_t A,
    const svt_model_t M);

/* `verify prove FILE.dipa` (and check: mode) for an automaton the
   engine does not take for its size (dipa_prove.h: any number of states
   and registers), at o's eps and Delta (text or JSON): prints the proof
   and returns the exit code (0 proved, 3 undecided, 2 bad claim); -1
   when path is not such an automaton (prove it as usual). */
int verify_prove_dipa_file(const char * path, const check_opts * o,
    const char * mode);

/* For a DiPA variant (the automaton it holds): the proof of
   dipa_prove.h, which replaces A's when A has none or a larger bound
   (both are sound).
   Returns 1 when it did. */
int prove_any_size(align_result_t A, const svt_variant_struct * var,
    const svt_model_t M);

/* `verify lint FILE.dipa` for an automaton the engine does not take for
   its size: prints that it reads (text or JSON) and returns 0, or 2 on a
   bad claim; -1 when path is not such an automaton. */
int lint_dipa_file(const char * path, int json);

#endif
