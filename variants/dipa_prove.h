/*
    dipa_prove.h -- a proof for every m for DiPA automata of any size:
    any number of states and registers, several registers assigned in
    one transition.

    The argument is the shift coupling of align.h, read off the
    automaton itself.  Fix a pair of neighbouring inputs (each entry moves
    by delta in [-1, 1]; Delta = 1).  Every transition that assigns
    registers (a "site") gives the value it stores a shift s in {-1, 0,
    1}: on D' the register holds that value moved by s.  At each step
    the noisy answer y = a + mu + nu moves by t, chosen so that the
    transition taken stays the same:
      - rule A: when every register the state compares has the same
        shift s, t = s keeps every guard, the first-match order and the
        ending (no guard holds) as they are;
      - rule B: when the state's guards are pairwise disjoint (each pair
        has insample >= x in one and insample < x in the other), a
        transition's own guard is kept by any t with
        max(shifts of its >= registers) <= t <= min(shifts of its <
        registers);
      - an assignment needs t = the site's shift, releasing insample
        needs t = 0; an assignment whose value no guard compares before
        its registers are assigned again (every state reached through
        transitions that do not reassign them; a dead value) needs
        nothing: its shift is read nowhere, so it moves by whatever t
        the other rules choose (x := insample; output obot; goto q1
        costs 0).
    Within what the rules allow, t is the closest point to delta, and the
    noise moves by t - delta, which costs d |t - delta| (the noise is
    Lap(1/(d eps))); releasing insample' moves its own noise by delta
    (cost d' |delta|).  A non-input state reads no input: delta = 0.
    Translations per transition keep the transitions taken, so the map
    is one to one on the runs of each sequence of transitions, and
    Pr[A(D)=a] <= e^(B eps) Pr[A(D')=a] for B the largest total cost of a
    run: a longest path in the graph of (state, the order facts of the
    registers, the shifts of their current values), finite when no cycle
    costs anything.

    Order facts: a guard taken implies an order of the registers (x <=
    insample < x' gives x < x'; an assignment x := insample puts x
    beside the registers the guard compared; two registers assigned
    together are equal).  A transition whose guard contradicts the facts
    has probability 0 there, and the ending (no guard holds) is
    impossible where the facts leave no gap among the guards; neither is
    paid.

    Classes: a transition that stops the run (a goto to an undefined
    state, or the ending) and that no rule aligns under the shifts chosen
    gets a class of its own: the runs whose last step it is, proved with
    shifts of their own.  The classes partition the runs by their last
    transition and each coupling keeps its runs' transitions, so B is the
    largest over the classes.

    The shifts: the cycles of the automaton ask for some (a cycle that
    compares insample >= x costs nothing only when x's value moves by -1,
    insample < x by +1); the rest are improved one site at a time while
    the bound decreases, within a budget of work counted in transitions
    examined (deterministic).  A bound that is not found is not evidence
    of a leak: the shifts may depend on the whole run in ways these do
    not.

    Blocks of reads (the order-statistics rule, dipa_blocks.c): when a
    chain of states outputs one symbol whatever holds and its registers
    end as running minima or maxima of its reads (DiPAut's k-min-max),
    the search is run again with the chain as one step whose registers
    end moved by shifts of their own, paid by block_cost: the runs split
    by which read each register ends with, and on each piece the reads
    move so that the piece is kept (the branches inside the chain are
    not).  The smaller B is kept; the costliest run of the first search
    stays the witness.

    Depends on dipa.h; knows nothing of the engine.
*/

#ifndef SVT_DIPA_PROVE_H
#define SVT_DIPA_PROVE_H

#include "dipa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DIPA_PROVE_WORK 20000000    /* transitions examined, default */
#define DIPA_PROVE_STEPS 48         /* lines of the proof kept */
#define DIPA_WITNESS_MAX 512        /* steps of the costliest run kept (the
                                       longest plan, ALIGN_PLAN_CAP) ... */
#define DIPA_WITNESS_SMALL 96       /* ... with at most 31 registers, whose
                                       exact joint integral takes 48
                                       queries (ALIGN_PLAN_MAX) */

typedef struct
{
    int proved;             /* B bounds the loss for every m */
    fmpq_t B;               /* the bound, in units of eps (exact) */
    int stopped;            /* the work budget ran out */
    int unsupported;        /* too many orders of the registers to track,
                               or scales whose denominators are too large */
    slong work;             /* transitions examined */
    slong nodes;            /* nodes of the last graph walked */
    int nclasses;           /* classes of runs proved apart (endings) */
    int nsites;             /* transitions that assign registers */
    char reason[600];       /* not proved: why */
    int nsteps;
    char steps[DIPA_PROVE_STEPS][240];  /* the proof, in words */
    /* proved: the costliest run of the class that gives B, step by step
       (0 steps when longer than DIPA_WITNESS_MAX, or DIPA_WITNESS_SMALL
       with at most 31 registers): the transition (j =
       ntrans: the ending) and the query difference in {-1, 0, 1} at
       which it costs the most (a witness's tight step) */
    int nwit;
    int wit_state[DIPA_WITNESS_MAX], wit_trans[DIPA_WITNESS_MAX];
    signed char wit_delta[DIPA_WITNESS_MAX];
    /* nwit x nregs (row k, register r): the shift of r's current value
       before step k, in Delta (-1, 0, 1): the sides into which a
       witness pushes the registers (NULL when nwit = 0; owned) */
    signed char * wit_cur;
    int wit_nregs;
}
dipa_proof_struct;

typedef dipa_proof_struct dipa_proof_t[1];

void dipa_proof_init(dipa_proof_t R);
void dipa_proof_clear(dipa_proof_t R);

/* Looks for shifts that bound the loss of A for every m, within work
   transitions examined (0: DIPA_PROVE_WORK).  Returns 0 (R->proved says
   whether a bound was found). */
int dipa_prove(dipa_proof_t R, const dipa_automaton_t A, slong work);

/* The order-statistics rule alone (blocks of reads whose path the
   output hides: dipa_blocks.c), as dipa_prove; R->proved = 0 when A has
   no such block or the rule finds no bound.  For tests: dipa_prove
   takes the smaller of this and the other couplings. */
int dipa_prove_blocks(dipa_proof_t R, const dipa_automaton_t A, slong work);

#ifdef __cplusplus
}
#endif

#endif
