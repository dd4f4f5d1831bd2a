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
}
check_opts;

void check_opts_init(check_opts * o);
void check_opts_clear(check_opts * o);

#define CHECK_PASS 0
#define CHECK_VIOLATION 1
#define CHECK_BAD_INPUT 2
#define CHECK_INCONCLUSIVE 3

/* Runs every applicable construction over the m grid and the c list. */
int verify_check(const svt_variant_struct * var, const check_opts * o);

/* Every variant x every applicable construction, at o->clist[0]. */
int verify_all(const check_opts * o);

/* Is the construction applicable to the model? (numeric constructions
   need numeric outputs; monotone-only claims need monotone inputs).
   Sets *why when not. */
int construction_applicable(const construction_info * ci,
    const svt_model_t M, const char ** why);

#endif
