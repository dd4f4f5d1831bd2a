/* search.h -- `verify search`: automatic counterexample search for a
   variant never seen before. */

#ifndef SVT_SEARCH_H
#define SVT_SEARCH_H

#include "check.h"

typedef struct
{
    check_opts base;        /* eps, delta, overrides, m_max, digits, json,
                               progress, out (T and the c list are unused) */
    double seconds;         /* bound on the work (default 30) */
    ulong seed;
    slong shard, nshards;   /* this shard: tasks i with i % nshards == shard */
    const char * save_path; /* where the best counterexample is written */
}
search_opts;

void search_opts_init(search_opts * o);
void search_opts_clear(search_opts * o);

/* The families of a program's own states and branches (a lead-in to a
   state, then two cycles at it repeated m times with shifted queries,
   then an exit; search_program.c): fn is called with each input and
   returns its loss as a double, used only to order the families (the
   midpoint of the certified loss; HUGE_VAL when infinite, -HUGE_VAL when
   undetermined).  With a limit on the queries (svt_model_max_queries),
   the families are ranked at m = 1 and 4 and the best extended. */
typedef double (*search_family_fn)(void * data, const svt_runs_t R,
    const char * desc, ulong m);
void search_program_families(const svt_model_t M, const fmpq_t delta,
    search_family_fn fn, void * data);

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
