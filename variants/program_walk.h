/* program_walk.h -- internal to the program compiler: the walk over the
   paths of a program that produce one output vector (program_prob.c)
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
    slong base_item;    /* DiPA: the item that assigned the register of
                           this item's segment (-1: none) */
}
prog_item;

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

void prog_item_q(fmpq_t q, const prog_walk * w, const prog_item * it);
int prog_item_uses_register(const prog_walk * w, const prog_item * it);
void prog_item_T(fmpq_t T, const prog_walk * w, const prog_item * it);
int prog_answer_member(const prog_state * S, int b, int k, const fmpq_t T,
    const fmpq_t y, const fmpq_t zm);
slong prog_answer_ends(int * s, fmpq * t, const prog_state * S, int b,
    int k, const fmpq_t T);
int prog_fixed_value(fmpq_t y, const prog_walk * w, const prog_item * it,
    int k, const fmpq_t z);
/* multiplies I by the item's factor on the piece with midpoint zm;
   returns 1 when the factor is 0 there */
int prog_item_factor(integral_t I, const prog_walk * w, const prog_item * it,
    const fmpq_t zm, slong prec);
/* appends the cut points of the item's factor to the vector cuts */
void prog_item_cuts(fmpq ** cuts, slong * ncut, slong * alloc,
    const prog_walk * w, const prog_item * it);

#endif
