/* program_walk.h -- internal to the program compiler: the walk over the
   paths of a program that produce one output vector (program_walk.c)
   and the factors of one query on one piece of the z axis
   (program_factor.c). */

#ifndef SVT_PROGRAM_WALK_H
#define SVT_PROGRAM_WALK_H

#include "svt.h"

/* `n` queries of run `run`, in state `state`, taking branch `branch` */
typedef struct
{
    slong run;
    int state, branch;
    ulong n;
    slong base_item;    /* the item that assigned the register of this
                           item's segment by `reset ANSWER` (-1: none) */
    int skip_answer;    /* an answer whose condition is left out (it goes
                           into a nested integral), -1: none */
    unsigned group;     /* the later branches merged with `branch` (bits):
                           the same output and effect, every guard of the
                           state up to them on one answer, so that the item
                           takes any of them (one union of intervals) */
}
prog_item;

/* the open segment of a path: its items start at `start`, its register
   is drawn from noise `noise`; assigned by the item base_item (reset
   ANSWER), `pinned` when that item also released the value (a point
   mass).  `deferred`: assigned after a guard and not released, so the
   previous segment (items [parent_start, start), its register from
   parent_noise...) is integrated together with this one. */
typedef struct
{
    slong start;
    int noise;
    slong base_item;
    int pinned;
    int deferred;
    slong parent_start;
    int parent_noise;
    slong parent_base_item;
    int parent_pinned;
}
prog_seg;

typedef struct
{
    const svt_model_struct * M;
    const svt_program * P;
    const svt_runs_struct * R;
    int side;
    const integral_opt_struct * opt;
    int evaluate;           /* 0: only look for a path (no integrals) */
    prog_item * items;      /* the items of the path so far */
    slong nitems, alloc;
    arb_t total;            /* sum over the complete paths */
    slong paths;            /* complete paths found */
    slong stopped;          /* of these, paths whose run stopped at the end */
    slong nonzero;          /* paths whose probability is not exactly 0 */
    slong steps;            /* work done (capped) */
    slong segments;
    int goal_missed;
    int budget_spent;       /* an integral stopped at its work budget */
    int tie;                /* an output on a null set (svt_prob_struct) */
    int tie_seen;           /* the ties seen so far (PROG_TIE_* or'd) */
    const char * unsupported;
    /* identical segments (a cycle repeated m times) are integrated once:
       their description and value */
    char ** cache_key;
    arb_ptr cache_val;
    slong ncache;
    /* plots: the integrand of the first segment of the first path at the
       point at_z (NULL: not wanted) */
    const fmpq * at_z;
    arb_struct * at_res;
    int at_done;
}
prog_walk;

#define PROG_CACHE 64

/* the walk stops (unsupported) after this many steps */
#define PROG_MAX_STEPS 20000
/* the integrals one probability may take (its work budget) */
#define PROG_MAX_SEGMENTS 3000
/* the deepest path: items (queries or runs of them) on one path, each a
   level of the walk's recursion (about 1.2 KB of stack under ASan) */
#define PROG_MAX_DEPTH 3000

/* the item's query (0 in a non-input state), and what its noisy answers
   are centred on (|q| in a state with abs_query) */
void prog_item_query(fmpq_t q, const prog_walk * w, const prog_item * it);
void prog_item_q(fmpq_t q, const prog_walk * w, const prog_item * it);
void prog_answer_loc(fmpq_t loc, const prog_walk * w, const prog_item * it, int k);
/* charges n item factors to the caller's work total and checks its
   budget and time guard: 0, with w->unsupported set, when either is
   past (program_segment.c) */
int prog_walk_charge(prog_walk * w, slong n);
/* the integral of the segment g's items [from, to) over z in the window
   [lo, hi] (NULL: unbounded) */
void prog_segment_compute(arb_t out, prog_walk * w, slong from, slong to,
    const prog_seg * g, const fmpq * lo, const fmpq * hi);
/* a deferred segment and its parent, integrated together (nested
   integrals enclosed by monotone brackets; program_nested.c) */
void prog_nested_value(arb_t out, prog_walk * w, const prog_seg * g);
int prog_item_uses_register(const prog_walk * w, const prog_item * it);
void prog_item_T(fmpq_t T, const prog_walk * w, const prog_item * it);
/* the ends t[0..n) sorted; a point inside cell c (between end c-1 and
   end c, c = 0..n, unbounded at both sides) into y: 0 when the cell is
   empty (two equal ends) */
void prog_sort_ends(fmpq * t, slong n);
int prog_cell_point(fmpq_t y, const fmpq * t, slong n, slong c);
int prog_answer_member(const prog_state * S, int b, int k, const fmpq_t T,
    const fmpq_t y, const fmpq_t zm);
slong prog_answer_ends(int * s, fmpq * t, const prog_state * S, int b,
    int k, const fmpq_t T);
int prog_fixed_value(fmpq_t y, const prog_walk * w, const prog_item * it,
    int k, const fmpq_t z);
/* whether a fixed answer of the item (a released number, an exact
   query) lies exactly on an end of one of the comparisons its branches
   evaluate at the register value z (a tie; outside the cut points,
   where z is a piece's midpoint, only a tie independent of z, or at a
   register pinned at a released number): 0 none; PROG_TIE_ABOVE or
   PROG_TIE_BELOW a tie where every such comparison takes the value it
   has with the answer just above (>=, <) or just below (>, <=) the end,
   so that the density there is the limit from that side;
   PROG_TIE_STRICT one that only the strictness decides; or'd with
   PROG_TIE_EXACT when the answer is an exact query (a constant) */
#define PROG_TIE_ABOVE 1
#define PROG_TIE_BELOW 2
#define PROG_TIE_STRICT 4
#define PROG_TIE_EXACT 8
int prog_item_tie(const prog_walk * w, const prog_item * it, const fmpq_t z);
/* multiplies I by the item's factor on the piece with midpoint zm;
   returns 1 when the factor is 0 there */
int prog_item_factor(integral_t I, const prog_walk * w, const prog_item * it,
    const fmpq_t zm, slong prec);
/* appends the cut points of the item's factor to the vector cuts */
void prog_item_cuts(fmpq ** cuts, slong * ncut, slong * alloc,
    const prog_walk * w, const prog_item * it);

/* does branch B produce the output (a, label)?  top also stands for a
   number, marginalised out */
int prog_branch_matches(const prog_branch * B, svt_answer_kind a,
    const char * label);

#endif
