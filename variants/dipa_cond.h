/*
    dipa_cond.h -- the four conditions of DiPA's decidability theorem
    (leaking cycle, disclosing cycle, leaking pair, privacy-violating
    path) read off a DiPA automaton's graph, as DiPAut decides them for
    several registers (bhusalb/DiPAut, dp_tests/ and builders/).

    What is decided, and how.  Everything is exact combinatorics on
    graphs; no probability is computed and nothing here is evidence of a
    loss by itself: the certified numbers are.

    The augmented graph (DiPAut's builders/augmentation_graph_builder.py,
    raw_build): nodes are (state, layer, order facts), from the first
    state with no facts.  Facts are pairs x < y and x = y of registers
    (and of ghost registers, below).  A transition compares insample > x
    (or >=: the same) and insample < y (or <=); it is followed from a
    node when the facts it adds -- every register known below or equal to
    a compared x is below every register known above or equal to a
    compared y, one step of the known order on each side, as DiPAut does
    -- contradict none (no x < x, no x < y with x = y); then the facts of
    the registers it assigns are forgotten, and those registers are put
    above what the guard puts below insample, below what it puts above,
    and equal to each other.  Each transition's own guard only (not the
    negations of the guards before it), as DiPAut builds its edges.  A
    goto to a state that is not defined leads to an end node with no
    transitions.  A run that ends because no guard holds is no edge of
    DiPAut's graph (it pays nothing for it: README, example_23), so a
    loss through that ending is none of these conditions.  The first
    state of the file is the start (DiPAut: q1).

    Ghost registers record one value for the conditions on values: a
    transition that assigns may also assign V1 (moving from layer 0 to
    1) or V2 (layer 1 to 2); for privacy-violating paths, a transition
    that outputs insample may also assign Vinsample.  Cycles are strongly
    connected components of the augmented graph (a transition lies on a
    cycle when its two ends are in one component).

      leaking cycle (dp_tests/leaking_cycle.py): a component of layer 0
        in which some transition assigns a register x and some
        transition's guard compares x.
      disclosing cycle (dp_tests/disclosing_cycle.py): a component of
        layer 0 with a transition from an input state that outputs
        insample or insample'.
      leaking pair (dp_tests/leaking_pair.py): in layer 1 (V1 set), a
        cycle transition comparing insample > x and one comparing
        insample < x', x and x' both holding V1's value (x = V1 known),
        one reachable from the other; or a cycle transition of layer 1
        comparing insample > V1's value from which a cycle transition of
        layer 2 comparing insample < V2's value is reachable, after which
        V2 < V1 becomes known (and the mirror: < V1, then > V2, then V1 <
        V2).
      privacy-violating path (dp_tests/privacy_violating_path.py): only
        when some transition outputs insample; a cycle transition, after
        V1 is set, comparing insample > (or <) a register holding V1's
        value, where V1 is the value output (assigned together), or from
        which a node is reachable where Vinsample < V1 (or V1 <
        Vinsample) is known.

    Where this differs from DiPAut's code (its answers on its examples are
    met all the same; tests/test_dipa.c): a register's facts are all
    forgotten when it is assigned (DiPAut keeps those with registers that
    are never assigned); the registers a guard puts below insample are
    read per transition (DiPAut caches them by the transition's index,
    shared between its leaking-pair and privacy-violating-path graphs).

    Cost: the augmented graph is explored within a budget of work (pairs
    of facts copied, deterministic); layer 2 only from where a leaking
    pair could still end (after a cycle transition of layer 1 that
    compares V1's value).  A condition whose graph outgrows the budget is
    "not decided", never absent.  An automaton whose states read no input
    has its conditions all the same (they are facts of the graph, and
    DiPAut reports them); its loss is 0 (dipa_prove proves B = 0).

    Depends on dipa.h only.
*/

#ifndef SVT_DIPA_COND_H
#define SVT_DIPA_COND_H

#include "dipa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DIPA_COND_WORK 40000000     /* facts copied, default budget */
#define DIPA_COND_PATH_MAX 64       /* states of a witness kept */
#define DIPA_COND_TEXT 600

typedef enum
{
    DIPA_COND_NONE = -1,
    DIPA_COND_LEAKING_CYCLE = 0,    /* DiPAut's order of tests */
    DIPA_COND_DISCLOSING_CYCLE,
    DIPA_COND_LEAKING_PAIR,
    DIPA_COND_PRIVACY_VIOLATING_PATH,
    DIPA_COND_N
}
dipa_cond_kind;

typedef enum
{
    DIPA_COND_ABSENT = 0,
    DIPA_COND_FOUND = 1,
    DIPA_COND_UNDECIDED = 2         /* the work budget ran out */
}
dipa_cond_status;

typedef struct
{
    dipa_cond_status status[DIPA_COND_N];
    int first;                  /* the first found in DiPAut's order (the
                                   one DiPAut reports), or DIPA_COND_NONE */
    int reads_input;            /* some state reads input */
    /* per condition found: the witness in words, and the states of its
       path (the cycle, or the path from the start), as indices of
       A->states (-1: the end of the run) */
    char text[DIPA_COND_N][DIPA_COND_TEXT];
    int npath[DIPA_COND_N];
    int path[DIPA_COND_N][DIPA_COND_PATH_MAX];
    int path_cut[DIPA_COND_N];  /* the path was longer than kept */
    slong work;                 /* facts copied */
    slong nodes;                /* nodes of the augmented graphs */
}
dipa_cond_struct;

typedef dipa_cond_struct dipa_cond_t[1];

void dipa_cond_init(dipa_cond_t C);
void dipa_cond_clear(dipa_cond_t C);

/* Decides each condition for A within work facts copied (0:
   DIPA_COND_WORK).  Deterministic.  Returns C->first. */
int dipa_cond_find(dipa_cond_t C, const dipa_automaton_t A, slong work);

/* "leaking cycle", "disclosing cycle", "leaking pair",
   "privacy-violating path"; "none" for DIPA_COND_NONE */
const char * dipa_cond_name(int kind);

/* DiPAut's file that decides kind (dp_tests/...) */
const char * dipa_cond_source(int kind);

#ifdef __cplusplus
}
#endif

#endif
