/* align_impl.h -- the parts of the prover shared by align.c (the cost of
   one branch under given register shifts) and align_runs.c (the runs:
   which branches repeat, the costliest run, the choice of shifts). */

#ifndef SVT_ALIGN_IMPL_H
#define SVT_ALIGN_IMPL_H

#include "align.h"

#define PPREC 512           /* bits of the path sums */

/* the variant as a program, with its noises' scales */
typedef struct
{
    const svt_model_struct * M;
    const svt_program * P;
    svt_program own;            /* the program with its same-output
                                   branches merged */
    int own_merged;             /* own is align_merge_program's */
    arb_srcptr scale;           /* per noise */
    spec_linform_struct recip[PROG_MAX_NOISES]; /* 1/scale */
    int recip_ok[PROG_MAX_NOISES];
    slong limit;                /* 0: no counter */
    fmpq_t dlo, dhi;            /* q' - q in [dlo, dhi] (this class) */
}
align_ctx;

/* eps, c, Delta of M as rationals (vals[0..2], initialised here; the
   caller clears them) */
void align_model_vals(fmpq * vals, const svt_model_struct * M);
void align_recip_forms(align_ctx * C);
void align_ctx_clear(align_ctx * C);
/* dst = src with, in every state whose guards compare one noisy answer
   with one register, the branches of the same output and effect (cost,
   stop, next state, no redraw) merged: one branch per interval of
   y - (T + z) (align_merge.c).  Returns 1 and fills dst (to be cleared
   with align_merged_clear: it borrows src's scales) when something was
   merged, 0 and leaves dst cleared otherwise. */
int align_merge_program(svt_program * dst, const svt_program * src);
void align_merged_clear(svt_program * P);

/* The order of a DiPA automaton's registers as the guards taken tell it
   (align_facts.c): fact set f holds the weak orders of the registers
   still possible (bits); next[f][st][b] is the fact set after branch b
   of state st, -1 when that branch is impossible under f (probability 0
   on every run that reaches st with facts f).  Tracked for DiPA with two
   or three registers; otherwise (or when more than max_sets, at most
   FACTS_MAX, sets would be reached) one set under which every branch is
   possible. */
#define FACTS_MAX 32
typedef struct
{
    int nf, max;
    unsigned set[FACTS_MAX];
    signed char next[FACTS_MAX][PROG_SMALL_STATES][PROG_MAX_BRANCHES + 1];
}
reg_facts;

void reg_facts_build(reg_facts * F, const svt_program * P, int max_sets);

/* the cost of one branch: the shift paid with each noise */
typedef struct
{
    fmpq w[PROG_MAX_NOISES];    /* shift paid with each noise */
    fmpq_t reset_amt;           /* the redrawn register's shift, paid
                                   only when the run goes on */
    int reset_k;
    int inf;                    /* cannot be aligned */
    int never;                  /* the branch can never be taken */
    int gaussian;
    char why[400];
    char txt[600];
}
bweight;

void align_bw_init(bweight * W);
void align_bw_clear(bweight * W);
int align_bw_is_zero(const bweight * W);
/* under the shifts s of the registers compared, snew of the values
   assigned (or redrawn) by the branch */
void align_branch_weight(bweight * W, const align_ctx * C, const prog_state * S,
    int b, const fmpq * s, const fmpq * snew);

/* path values: a ball and, where the scales allow, the exact form */
typedef struct
{
    arb_t v;
    spec_linform_t lf;
    int lf_ok;
}
pval;

void align_pv_init(pval * x);
void align_pv_clear(pval * x);
void align_pv_zero(pval * x);
void align_pv_set(pval * x, const pval * y);
void align_pv_add(pval * x, const pval * y);
void align_pv_add_noise(pval * x, const align_ctx * C, int k, const fmpq_t amount);
void align_pv_of_weight(pval * x, const align_ctx * C, const bweight * W);
int align_pv_gt(const pval * x, const pval * y);
int align_pv_max(pval * x, const pval * y);
void align_pv_print(char * buf, size_t len, const pval * x);
void align_lf_print(char * buf, size_t len, const spec_linform_t f);

#endif
