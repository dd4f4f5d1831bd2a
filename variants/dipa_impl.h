/* dipa_impl.h -- the internals of the prover for DiPA automata of any
   size (dipa_prove.h), shared by dipa_facts.c, dipa_graph.c and
   dipa_prove.c.  Not a public interface. */

#ifndef SVT_DIPA_IMPL_H
#define SVT_DIPA_IMPL_H

#include <stdint.h>
#include "dipa_prove.h"

#define INF WORD_MAX
#define MAX_FACTS 256           /* facts kept per node (more are dropped:
                                   fewer facts only cost precision) */
#define MAX_FNODES 400000       /* (state, facts) nodes */
#define MAX_SNODES 2000000      /* (state, facts, shifts) nodes */
#define MAX_KEY_BYTES (1 << 27) /* the bytes of either graph's keys (so
                                   that memory stays bounded whatever the
                                   number of registers) */
#define MAX_CLOSING 40000000    /* steps closing the facts of the graph of
                                   (state, facts) (pairs of facts examined:
                                   a few tenths of a second), past which no
                                   order is tracked (hundreds of registers
                                   assigned at once) */
#define COVER_REGS 7            /* a state's ending is decided from the
                                   facts when it compares at most this many
                                   registers (else it is taken possible) */
#define H1 2                    /* shifts in half-units (midpoints exact) */
#define DIPA_PATH_MAX 512       /* edges of a costliest run kept
                                   (DIPA_WITNESS_MAX) */

/* byte strings, each with its index (dipa_facts.c) */
typedef struct
{
    unsigned char * arena;
    size_t used, cap;
    size_t * off;
    int * len;
    int n, alloc;
    int * table;
    size_t tcap;
}
interner;

void interner_init(interner * I);
void interner_clear(interner * I);
/* the index of key (a new one when not seen; *fresh says so) */
int intern(interner * I, const unsigned char * key, int len, int * fresh);
const unsigned char * interned(const interner * I, int i, int * len);

/* A set of order facts.  A fact is a code (a * DIPA_MAX_REGS + b) * 2 +
   eq, meaning x_a < x_b (eq = 0) or x_a = x_b (eq = 1, a < b); a set is
   sorted and closed under transitivity. */
typedef struct
{
    int n;
    uint32_t f[MAX_FACTS];
}
facts;

uint32_t fcode(int a, int b, int eq);
int fhas(const facts * F, uint32_t c);
void fadd(facts * F, uint32_t c);
/* closes F under transitivity and sorts it; returns the pairs of facts
   examined */
slong fclose_set(facts * F);

/* A block of reads whose path is hidden (dipa_blocks.c, the
   order-statistics rule): states[0] has one transition, without a
   guard, that assigns regs[] := insample; each later state states[i] is
   entered only from states[i - 1], every one of its transitions outputs
   the same symbol and goes to the same state (states[i + 1], or exit
   after the last), and each register it assigns is a running minimum
   (kind -1: stored exactly when insample < it) or maximum (kind +1);
   under the facts that hold there no run ends in it.  At the exit a
   register holds the least (or greatest) of the reads i with member[i *
   nregs + k] (its candidates). */
typedef struct
{
    int n;                      /* reads */
    int * states;
    int exit;                   /* -1: the run stops */
    int nregs;
    int * regs;                 /* as states[0] assigns them */
    signed char * kind;         /* -1, +1, 0: never reassigned */
    char * member;              /* n x nregs */
    char * assigned;            /* per register of the automaton: some
                                   transition of the block assigns it */
}
dipa_block;

/* the automaton, prepared */
typedef struct
{
    const dipa_automaton_struct * A;
    int R;                      /* registers */
    int ** comp;                /* comp[s]: the registers state s compares */
    int * ncomp;
    int * disjoint;             /* its guards are pairwise disjoint */
    int * has_else;             /* a transition without a guard */
    int * site;                 /* site of (s, j) at site_of[s] + j, -1 */
    int * site_of;
    int nsites;
    int * site_state, * site_trans;
    int * sig_off, * sig_n;     /* site x's shifts: sigma[sig_off[x] + g],
                                   one per guess g (a value assigned to k
                                   registers: which is reassigned first,
                                   g < k, or none, g = k; one value: 1) */
    char * site_dead;           /* site x's value is never compared: no
                                   state reached before its registers
                                   are assigned again compares one */
    int nsig;
    int guesses;                /* some transition assigns several */
    slong * dnum;               /* d of state s in units of 1/(2 L) per
                                   half-unit of shift ... */
    slong * dpnum;              /* ... and d' */
    fmpz_t L;                   /* the common denominator */
    /* blocks (only when asked for): a block's first state s has
       block_at[s] = its index b, a later state of it -2 - b (else -1;
       NULL: none asked); its site has one shift per register, the
       register's at the block's exit; the shifts of the sites inside a
       block are read nowhere (sig_idle) */
    int nblocks;
    dipa_block * blocks;
    int * block_at;
    char * sig_idle;
}
prep;

/* The states where a value that register r takes on entering state
   `from` is still r's (from itself included, then through transitions
   that do not assign r), in states[] (from first), seen[] marking them
   (nstates entries each); returns how many (0 when from < 0: the run
   ended). */
int dipa_value_walk(const prep * P, int from, int r, int * states,
    char * seen);

/* -1 when the scales' denominators are too large for word arithmetic;
   blocks: find the blocks of reads (dipa_blocks.c) */
int prep_init(prep * P, const dipa_automaton_struct * A, int blocks);

/* can the run end in state s (no guard holds) under the facts? */
int ending_possible(const prep * P, int s, const facts * F, int * regpos);

/* the blocks of P->A into P (dipa_blocks.c) */
void blocks_find(prep * P);
void blocks_clear(prep * P);
/* the facts after block b from F: those of the registers it does not
   assign, and those its registers have on every run; returns the steps
   it took (as fclose_set) */
slong block_exit_facts(facts * H, const facts * F, const prep * P, int b);
/* Cost of block b when its registers end moved by c[k] (in the order of
   its regs[]), in the units of trans_cost: the largest over the pieces
   (which read each register ends with) of the least cost that keeps the
   piece, for the worst query differences; -1 when some piece cannot be
   kept. */
slong block_cost(const prep * P, int b, const signed char * c);
void prep_clear(prep * P);

/* the graph of (state, facts) reached from the first state */
typedef struct
{
    interner I;                 /* key: state, then the facts */
    int * state;
    int * succ;                 /* succ[off[f] + j]: the fact node after
                                   transition j (-1: the run stops, -2:
                                   impossible); j = ntrans: the ending */
    int * off;
    int n, alloc, nsucc;
}
fgraph;

/* -1 when there are more than MAX_FNODES, or closing the facts takes
   more than MAX_CLOSING steps; track = 0: no facts are derived (one node
   per state; sound, only less precise) */
int fgraph_build(fgraph * G, const prep * P, slong * work, int track);
void fgraph_clear(fgraph * G);

/* Cost of transition j of state s (j = ntrans: the ending) with the
   current shifts cur[] and the site's shift snew: in units of 1 / (H1 L)
   (L the common denominator of the scales), or -1 when no rule aligns
   it. */
slong trans_cost(const prep * P, int s, int j, const signed char * cur,
    int snew);

/* the graph of (state, facts, shifts) under a choice of shifts sigma */
typedef struct
{
    interner I;                 /* key: fact node, then the shifts */
    int n, alloc;
    int * fn;                   /* its fact node */
    int * estart;               /* its edges: estart[u] .. estart[u + 1] - 1 */
    int ne, ealloc;
    int * eto;                  /* -1: the run stops */
    int * etrans;               /* the transition (j = ntrans: the ending) */
    slong * ecost;              /* -1: no rule aligns it */
}
sgraph;

/* -1 when the work budget or the node limit is reached */
int sgraph_build(sgraph * S, const prep * P, const fgraph * G,
    const signed char * sigma, slong * work, slong budget);
void sgraph_clear(sgraph * S);
/* the source node of edge e */
int edge_source(const sgraph * S, int e);

/* a class's bound, or why there is none */
typedef struct
{
    slong B;                    /* INF: no bound */
    int bad_edge;               /* why not: an edge of the graph ... */
    int bad_kind;               /* 1 not aligned and the run goes on, 2 a
                                   costly cycle, 3 the class's last step
                                   not aligned, 4 the work budget */
    int bad_state, bad_trans;
    int npath;              /* B finite: the costliest run, as edges of
                               the graph (at most DIPA_PATH_MAX; 0 when
                               longer) */
    int path[DIPA_PATH_MAX];
}
verdict;

/* the main class (runs whose last step is not a delegated ending); the
   stopping transitions no rule aligns are collected in deleg[] as
   state * (DIPA_MAX_TRANS + 1) + j.  Of the costliest runs, the one
   kept (V->path) stops in a state marked in prefer (by state; NULL:
   none) when one does. */
void main_class(verdict * V, const sgraph * S, const fgraph * G, int * deleg,
    int * ndeleg, const char * prefer);
/* the class of the runs whose last step is transition j of state s */
void end_class(verdict * V, const sgraph * S, const fgraph * G, int s, int j);

/* The query difference delta in {-1, 0, 1} (units of Delta) at which
   transition j of state s costs the most under the shifts (the tight
   step of a witness). */
int trans_tight_delta(const prep * P, int s, int j, const signed char * cur,
    int snew);

/* The bound for each neighbouring pair (dipa_pairs.c), when every run
   is a path of G without a cycle, of at most 48 steps, through states
   whose guards are pairwise disjoint: the largest over the paths, the
   pieces of their last steps and the corners of the query differences
   of the least cost of shifts chosen for that pair. */
#define PAIR_MAX_STEPS 48       /* steps of a path */
#define PAIR_CYCLE "a run may pass a state twice with the same order facts " \
    "(a cycle)"                 /* pair_result.why when there is a cycle */

typedef struct
{
    int ok;                     /* 0: not applicable (why) */
    const char * why;
    slong B;                    /* units of 1 / (H1 L) */
    slong paths, pieces, corners;
    /* the costliest: its path (j = ntrans: the ending), the corner, the
       shifts of the answers, and each register's shift before each step
       (n x nregs, owned) */
    int n;
    int state[PAIR_MAX_STEPS], trans[PAIR_MAX_STEPS];
    signed char delta[PAIR_MAX_STEPS], t[PAIR_MAX_STEPS + 1];
    signed char * cur;
}
pair_result;

int pair_bound(pair_result * out, const prep * P, const fgraph * G,
    slong * work, slong budget);
void pair_result_clear(pair_result * out);

#endif
