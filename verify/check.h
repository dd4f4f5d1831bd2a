/* check.h -- `verify check` (the CI assertion) and `verify all` (the
   measured Figure 2). */

#ifndef SVT_CHECK_H
#define SVT_CHECK_H

#include "verify.h"
#include "junit.h"

typedef struct
{
    fmpq_t eps, delta, T;
    fmpq_t ov_store[3];     /* storage of the overrides eps1, eps2, eps3 */
    svt_overrides ov;       /* points into ov_store, or NULL */
    ulong m_max;
    slong clist[16];
    slong nc;
    ratio_opt ro;
    slong out_digits;   /* significant digits printed for results: --digits,
                           else 15 (text) or 20 (JSON) */
    int json;
    int progress;       /* progress lines on stderr */
    FILE * out;
    const svt_catalog_struct * cat;     /* for verify_all */
    junit_struct * junit;   /* --junit: one case per variant and
                               construction (NULL: none) */
    int accept_evidence;    /* --accept-evidence: no violation in the
                               certified ratios, none undecided, and no
                               proof is exit 0 (otherwise 3) */
    int grid;               /* check: the constructions' grid runs even when
                               the proof and its witness decide (--m-max
                               given) */
    int lower;              /* check: the proof's lower bound
                               (SEARCH_LOWER_*, --lower-bound) */
    slong work;             /* check, all: the work of the proof's lower
                               bound (--work; 0: PROVE_DEFAULT_WORK) */
}
check_opts;

void check_opts_init(check_opts * o);
void check_opts_clear(check_opts * o);

/* exit codes: CHECK_PASS only when the claim is proved for every m (or,
   with accept_evidence, when no certified ratio violates it and none is
   undecided); a variant that claims nothing passes */
#define CHECK_PASS 0
#define CHECK_VIOLATION 1
#define CHECK_BAD_INPUT 2
#define CHECK_INCONCLUSIVE 3

/* Runs every applicable construction over the m grid and the c list,
   and the proof for every m at each cutoff.  CHECK_PASS when proved,
   CHECK_VIOLATION on a certified violation, CHECK_INCONCLUSIVE
   otherwise (finite evidence alone is not a proof). */
int verify_check(const svt_variant_struct * var, const check_opts * o);

/* Every variant x every applicable construction, at o->clist[0].
   CHECK_PASS when every claim is decided (proved for every m, or a
   certified violation), CHECK_INCONCLUSIVE when one is not. */
int verify_all(const check_opts * o);

/* Is the construction applicable to the model? (numeric constructions
   need numeric outputs; monotone-only claims need monotone inputs).
   Sets *why when not. */
int construction_applicable(const construction_info * ci,
    const svt_model_t M, const char ** why);

#endif
