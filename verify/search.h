/* search.h -- `verify search`: automatic counterexample search for a
   variant never seen before. */

#ifndef SVT_SEARCH_H
#define SVT_SEARCH_H

#include "check.h"

typedef struct
{
    check_opts base;        /* eps, delta, overrides, m_max, digits, json,
                               progress, out (T and the c list are unused) */
    double seconds;         /* the outer time guard: past it the search
                               stops and says so (exit 3), never another
                               verdict (default SEARCH_DEFAULT_SECONDS) */
    slong work;             /* the budget that decides: work units, see
                               SEARCH_WORK_UNIT (default
                               SEARCH_DEFAULT_WORK; prove: PROVE_DEFAULT_WORK) */
    ulong seed;
    slong shard, nshards;   /* this shard: tasks i with i % nshards == shard */
    const char * save_path; /* where the best counterexample is written */
    int lower;              /* prove's lower bound: SEARCH_LOWER_* */
    int bounded;            /* the loss is proved bounded for every m
                               (prove's B): no family in m is grown to
                               show a growth that cannot be (stage 4) */
}
search_opts;

enum
{
    SEARCH_LOWER_PROOF = 0, /* the witness the proof builds; the search only
                               when it does not settle L */
    SEARCH_LOWER_SEARCH,    /* the search as well, always */
    SEARCH_LOWER_NONE       /* no lower bound */
};

/* The search's budget is counted in work, never in time, so that its
   result depends on the inputs and options only: every ratio costs the
   work its integrals spend (integrand evaluations weighted by their
   precision, the units of integral_opt_struct.max_work) plus
   SEARCH_RATIO_COST; `--work W` allows W SEARCH_WORK_UNITs, about one
   second each of a 2024 x86-64 core.  The stages stop where the work
   reaches their share (released numbers a third, then the
   constructions, the program's families, numeric tails, patterns and
   the optimiser up to the whole; the family in m of the best input
   comes after, with at most 65 ratios).  Each ratio has its own budget,
   SEARCH_RATIO_MAX_WORK.  `--seconds S` is only an outer guard. */
#define SEARCH_WORK_UNIT 100000
/* the work of one ratio beyond its integrals (closed forms, exact
   rationals, the program walk outside its integrals), so that a budget
   also ends a search whose ratios need no integral */
#define SEARCH_RATIO_COST 50
#define SEARCH_DEFAULT_WORK 30
#define PROVE_DEFAULT_WORK 10
#define SEARCH_RATIO_MAX_WORK 4000000
#define SEARCH_DEFAULT_SECONDS 600

/* o->work in the units of integral_opt_struct.max_work */
slong search_budget(const search_opts * o);

void search_opts_init(search_opts * o);
void search_opts_clear(search_opts * o);

/* The families of a program's own states and branches (a lead-in to a
   state, then two cycles at it repeated m times with shifted queries,
   then an exit; search_program.c): fn is called with each input and
   returns its loss as a double, used only to order the families (the
   midpoint of the certified loss; HUGE_VAL when infinite, -HUGE_VAL when
   undetermined).  With a limit on the queries (svt_model_max_queries),
   the families are ranked at m = 1 and 2 and the best extended. */
typedef double (*search_family_fn)(void * data, const svt_runs_t R,
    const char * desc, ulong m);
void search_program_families(const svt_model_t M, const fmpq_t delta,
    search_family_fn fn, void * data);

/* The best certified lower bound on the loss that the search's quick
   stages find (the constructions in m, the testers' patterns, a program's
   own families, numeric tails) at one cutoff c, within o->seconds and
   silently; with its family in m and, where it holds, the alpha kappa^m
   proof.  `verify prove` puts it beside the proved upper bound. */
typedef struct
{
    int have;
    svt_runs_t R;           /* the best input */
    ratio_result_t r;       /* its certified ratio */
    char desc[384];
    const char * growth;    /* of its family in m */
    double slope;
    ulong block;
    char proof[1024];       /* the kappa^m proof, or "" */
    char family_note[512];  /* a program family's certified losses along m */
    slong evaluated, inconclusive;
    slong work;             /* the work the search did */
    int stopped;            /* the time guard (--seconds) stopped it */
}
search_best_struct;

typedef search_best_struct search_best_t[1];

void search_best_init(search_best_t b);
void search_best_clear(search_best_t b);
/* 0, or 2 on bad parameters */
int search_lower_bound(search_best_t res, const svt_variant_struct * var,
    const search_opts * o, slong c);

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

/* Appends the step of branch b of state s of P to R: queries q, q2
   (T = 0), the branch's output as an output vector entry (a number: 0,
   which pins a released register next to the queries), count times. */
void search_push_step(svt_runs_t R, const svt_program * P, int s, int b,
    const fmpq_t q, const fmpq_t q2, ulong count);

/* Tries the proof ratio >= alpha kappa^m for the family base + m block
   (a template without reset, Laplace noise): for every z in the domain,
   the block's factors are at least kappa > 1 times larger on one side.
   Writes it into proof (empty when it does not hold). */
void search_kappa_proof(char * proof, size_t len, const svt_model_t M,
    const svt_runs_t base, const svt_runs_t block);

/* `verify search --dp-delta D` (dp_delta NULL: the claimed delta): the
   largest certified delta at the claimed eps over the constructions and
   split pairs, until one exceeds the target or o->seconds pass; exit 1
   when one does, 0 otherwise, 2 on bad parameters (search_delta.c). */
int verify_search_delta(const svt_variant_struct * var, const search_opts * o,
    const fmpq_t dp_delta);

#endif
