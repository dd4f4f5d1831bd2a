/* search.h -- `verify search`: automatic counterexample search for a
   variant never seen before. */

#ifndef SVT_SEARCH_H
#define SVT_SEARCH_H

#include "verify.h"

typedef struct
{
    fmpq_t eps, delta;
    svt_overrides ov;
    ulong m_max;            /* largest m of the construction sweeps */
    double seconds;         /* bound on the work (default 60) */
    ulong seed;
    slong shard, nshards;   /* this shard: tasks i with i % nshards == shard */
    int json;
    int progress;
    FILE * out;
    const char * save_path; /* where the best counterexample is written */
    ratio_opt ro;
}
search_opts;

void search_opts_init(search_opts * o);
void search_opts_clear(search_opts * o);

/* Returns 1 when a certified violation was found, 0 when none was,
   3 when none was but some ratios stayed undecided, 2 on bad input. */
int verify_search(const svt_variant_struct * var, const search_opts * o);

/* Certified lower bound on inf over z in [lo, hi] of the ratio of the
   factors of the runs `block` (counts taken as they are) on D and on D'
   (with the density of numeric outputs); lo_inf/hi_inf for infinite
   ends.  Standard comparison, Laplace query noise, no reset. */
void search_ratio_lower_bound(arb_t res, const svt_model_t M,
    const svt_runs_t block, int lo_inf, const fmpq_t lo, int hi_inf,
    const fmpq_t hi, slong prec);

#endif
