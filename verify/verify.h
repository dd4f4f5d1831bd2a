/*
    verify.h -- constructions of neighbouring inputs, certified ratio
    checks and verdicts, sweeps in m, and the checks behind the `verify`
    command.  Depends on variants/ (svt.h) and integrals/.
*/

#ifndef SVT_VERIFY_H
#define SVT_VERIFY_H

#include <stdio.h>
#include <flint/fmpq.h>
#include "svt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* constructions (families in m)                                       */

typedef struct
{
    const char * name;
    const char * shape;         /* q(D), q(D'), output */
    const char * source;
    int numeric;                /* needs a variant that outputs numbers */
    int uses_m;                 /* 0: the construction has a fixed size */
    int uses_c;                 /* the size depends on c */
    ulong max_m;                /* largest m (0: 2^62) */
    const char * explain;       /* one sentence: what it shows */
}
construction_info;

slong construction_count(void);
const construction_info * construction_get(slong i);
const construction_info * construction_find(const char * name);

/* Builds the runs of construction `name` at (m, c, Delta, T).  Returns
   0, or -1 with a message in err. */
int construction_build(svt_runs_t R, const construction_info * ci, ulong m,
    slong c, const fmpq_t delta, const fmpq_t T, char * err, size_t errlen);

/* ------------------------------------------------------------------ */
/* ratios and verdicts                                                 */

typedef enum
{
    VERDICT_WITHIN = 0,
    VERDICT_EXCEEDS,
    VERDICT_INFINITE,
    VERDICT_IMPOSSIBLE,
    VERDICT_INCONCLUSIVE,
    VERDICT_NO_CLAIM        /* the variant claims no budget: report only */
}
verdict_t;

#define VERDICT_COUNT 6     /* the number of verdicts above */

const char * verdict_name(verdict_t v);

/* 1 when M claims (eps, delta)-DP with a delta that may be > 0 (the
   spec's claimed_delta is not exactly 0): only an exact 0 makes the
   claim pure, so that a ratio above eps is a violation only then */
int claim_has_delta(const svt_model_t M);

/* 1 when a ratio's verdict v certifies that M's claim is violated: the
   ratio exceeds e^eps or is infinite, and the claim is pure (delta = 0).
   One ratio never violates an (eps, delta) claim with delta > 0 (a set
   of outputs of probability up to delta may exceed e^eps). */
int verdict_violates(verdict_t v, const svt_model_t M);

/* 1 when v exceeds e^eps (or is infinite) against a claim with
   delta > 0: reported as undecided, not as a violation */
int verdict_exceeds_delta_claim(verdict_t v, const svt_model_t M);

/* the exit code of v against M's claim: 1 a certified violation
   (verdict_violates), 3 undecided (an undecided ratio, or one above
   eps against a claim with delta > 0), 0 otherwise */
int verdict_exit(verdict_t v, const svt_model_t M);

/* the sentence said of a ratio above eps against a claim with delta > 0 */
#define VERDICT_DELTA_NOTE "the claim is (eps, delta) with delta > 0, which " \
    "no single ratio above e^eps violates (outputs of total probability up " \
    "to delta may exceed it): undecided; `verify delta` or `verify search " \
    "--dp-delta` bounds delta at this eps"

/* the limits a search or a proof puts on each of its ratios */
typedef struct
{
    slong max_work;     /* work budget of the whole ratio, both sides and
                           every goal (integral_opt_struct's units: an
                           integrand evaluation at p bits costs
                           ceil(p/256) ceil(p/1024)); 0: none.  Counted,
                           so where it stops depends on the inputs only */
    double deadline;    /* integral_clock() time past which no higher goal
                           is tried and integrals stop (0: none): the
                           outer time guard (--seconds); a ratio stopped
                           by it is timed_out */
    slong * pool;       /* NULL, or the work every ratio under these limits
                           has spent (a search's or prove's lower bound):
                           ratio_decide adds each ratio's work and
                           pool_cost to it ... */
    slong pool_limit;   /* ... and lets a ratio spend at most pool_limit -
                           *pool - pool_cost, less a small reserve for the
                           evaluation an integral finishes past its cap
                           (none at all when that is not positive: the
                           ratio is inconclusive, nothing computed), so
                           that *pool stays within pool_limit.  Counted,
                           never timed */
    slong pool_cost;    /* charged per ratio computed, beside its work */
}
ratio_limits;

/* the work a ratio under lim may still spend (its pool's rest, capped
   by max_work; 0: nothing, -1: no limit) */
slong ratio_limits_room(const ratio_limits * lim);

typedef struct
{
    slong digits;       /* first relative goal in digits (default 30) */
    slong max_digits;   /* cap for the goal when undecided (default 240) */
    const ratio_limits * limits;    /* NULL: none */
}
ratio_opt;

typedef struct
{
    svt_prob_t p[2];    /* Pr[A(D)=a], Pr[A(D')=a] */
    arb_t lr[2];        /* ln(p0/p1), ln(p1/p0) */
    arb_t loss;         /* max of the two: |ln(p0/p1)| */
    verdict_t verdict;
    const char * note;  /* why impossible, or a remark; may be NULL */
    int outside_claim;  /* the claim does not cover this input */
    int null_output;    /* the output lies on a null set where a released
                           number ties with a value it is compared with
                           (svt_prob_struct's tie): pure DP bounds sets of
                           outputs, so the density ratio there is no
                           loss; never a violation, never L */
    int exact;          /* decided by the exact rational ln ratio (a tie
                           with the claim counts as within) */
    slong digits;       /* goal used for the decision */
    double seconds;
    slong work;         /* the work its integrals spent (both sides, every
                           goal), in integral_opt_struct's units */
    int timed_out;      /* undecided because the caller's time guard
                           passed (opt->limits->deadline): not computed,
                           rather than undecided */
}
ratio_result_struct;

typedef ratio_result_struct ratio_result_t[1];

void ratio_result_init(ratio_result_t r);
void ratio_result_clear(ratio_result_t r);
void ratio_result_swap(ratio_result_t a, ratio_result_t b);

/* Why a ratio stayed undecided at the cap: an enclosure that straddles
   the claim, or (its own note) a probability ball that still contains 0,
   which makes the ln ratio nan. */
const char * ratio_undecided_note(const ratio_result_t r);

/* The certified lower end of r's loss as a double rounded down: HUGE_VAL
   when infinite, -HUGE_VAL when impossible or not finite.  For ranking
   inputs only (never a decision). */
double ratio_score(const ratio_result_t r);

/* seconds on the monotonic clock (for the reported times and the time
   guards only: no verdict depends on it) */
double verify_clock(void);

/* Does r say something about the claim?  Not when the time guard stopped
   it, when its input lies outside a monotone claim, or when the output
   is impossible on both sides.  The one filter of every lower bound. */
int ratio_speaks_to_claim(const ratio_result_t r);

/* Computes both probabilities and decides against M->claimed, raising
   the goal until the enclosure decides or the cap is reached. */
verdict_t ratio_decide(ratio_result_t r, const svt_model_t M,
    const svt_runs_t R, const ratio_opt * opt);

/* ------------------------------------------------------------------ */
/* the maximum of many certified ratios                                */

/* The largest loss over a set of ratios (the outputs of one pair, the
   points of a sweep, the cells of a check, the inputs of a search), and
   its verdict.  This is the one place where verdicts are combined, and
   it enforces the invariant of the program: the maximum is `within`
   only when every ratio that went into it was certified at or below the
   claim (or is impossible).  A ratio that was not decided makes the
   maximum `inconclusive` unless a certified violation (`infinite`,
   `exceeds`) decides it anyway; it is never dropped. */
typedef struct
{
    slong count[VERDICT_COUNT];     /* ratios added, by verdict_t */
    arf_t lo;           /* max of the certified lower ends (-inf: none) */
    arf_t hi;           /* max of the certified upper ends; +inf when an
                           undecided ratio has no finite enclosure */
    arf_t hi_enclosed;  /* the same without the ratios decided exactly
                           (whose enclosures may straddle a tie) */
}
lossmax_struct;

typedef lossmax_struct lossmax_t[1];

void lossmax_init(lossmax_t L);
void lossmax_clear(lossmax_t L);
void lossmax_add(lossmax_t L, const ratio_result_t r);
/* L := S */
void lossmax_set(lossmax_t L, const lossmax_t S);
/* the ratios added that are not impossible */
slong lossmax_possible(const lossmax_t L);
/* ratios whose verdict is inconclusive */
slong lossmax_undecided(const lossmax_t L);
/* the certified ends: lo <= max loss <= hi, as exact points (lo may be
   -inf when no ratio has a finite lower end, hi +inf when one is
   infinite or unknown) */
void lossmax_bounds(arb_t lo, arb_t hi, const lossmax_t L);
/* the certified decimal ends of lossmax_bounds ("inf" and "-inf"
   allowed), flint_free both; 0 (and nothing set) when every ratio was
   impossible */
int lossmax_ends(char ** lo, char ** hi, const lossmax_t L, slong digits);
/* "[lo, hi]" with certified decimal ends ("inf" when a ratio is
   infinite, "-" when every ratio is impossible); flint_free it */
char * lossmax_string(const lossmax_t L, slong digits);
/* The verdict of the maximum against M's claim.  sup_uncertified: the
   ratios sample a supremum (numbers on a grid) and cannot certify it,
   so `within` becomes `inconclusive`. */
verdict_t lossmax_verdict(const lossmax_t L, const svt_model_t M,
    int sup_uncertified);

/* ------------------------------------------------------------------ */
/* sweeps in m                                                         */

typedef struct
{
    ulong m;
    verdict_t verdict;
    arb_t loss;
}
sweep_point;

/* The growth of a family's certified ln ratios along m.  A growth label
   needs certified increments that do not shrink (growth_certified);
   finitely many m never show a bound, so there is no "bounded". */
typedef enum
{
    GROWTH_NOT_SHOWN = 0,   /* the increments do not certify growth */
    GROWTH_LINEAR,
    GROWTH_SLOW,
    GROWTH_INFINITE,
    GROWTH_NONE         /* no point could be computed */
}
growth_t;

const char * growth_name(growth_t g);

/* The rule behind every growth label: three points m_a < m_b < m_c, each
   at least twice the one before, with certified losses L_a, L_b, L_c;
   growth is certified when the increment from m_a to m_b is certainly
   positive and the increment from m_b to m_c, per unit of ln m, is
   certainly at least half of it: the increments do not shrink to 0
   (a loss that approaches a limit like C - K/m loses a factor m_c/m_b of
   its increment; C + K ln m keeps it).  Decided with Arb balls. */
int growth_certified(ulong ma, const arb_t La, ulong mb, const arb_t Lb,
    ulong mc, const arb_t Lc);

/* Over points sorted by m (n of them): picks m_c the largest, m_b the
   largest with 2 m_b <= m_c, m_a the largest with 2 m_a <= m_b, and
   applies growth_certified; 0 when there are no three such points.
   Sets the three indices (or -1). */
int growth_certified_pts(const ulong * m, const arb_struct * L, slong n,
    slong * ia, slong * ib, slong * ic);

typedef struct
{
    sweep_point * pts;
    slong len;
    growth_t growth;
    double slope;       /* fitted growth of ln ratio per unit of m, that
                           is per block of `block` queries (last decade);
                           linear growth needs two decades of sustained
                           slope, see sweep.c */
    ulong block;        /* queries added by each unit of m (1 when the
                           construction does not use m) */
    arb_t max_loss;     /* largest loss seen (finite points): for the
                           growth classification only */
    lossmax_t agg;      /* every point, undecided ones included: the
                           maximum and its verdict */
    ulong max_loss_m;
    /* first m at which the loss certainly passes k eps, k = 1, 10, 100,
       1000; 0 when not reached; *_extrap: a linear extrapolation */
    ulong first_m[4];
    double first_m_extrap[4];
}
sweep_result_struct;

typedef sweep_result_struct sweep_result_t[1];

void sweep_result_init(sweep_result_t s);
void sweep_result_clear(sweep_result_t s);

/* The growth label needs three finite points m_a <= m_c / SWEEP_DECADE^2,
   m_b <= m_c / SWEEP_DECADE, m_c (two decades; see sweep_run).  Below
   that, the sweep leaves growth unclassified (GROWTH_NOT_SHOWN), whatever
   its numbers do. */
#define SWEEP_DECADE 10

/* The smallest m_max at which a sweep from m = 1 has two decades, so can
   classify growth: SWEEP_DECADE^2 times the grid's first m. */
ulong sweep_growth_m_min(void);

/* 1 when the sweep's finite points span the two decades a growth label
   needs (whatever the label); 0 when it could not classify growth. */
int sweep_classifiable(const sweep_result_t s);

/* The queries each unit of m adds to construction ci (its block; 1 when
   it does not use m). */
ulong construction_block(const construction_info * ci, slong c,
    const fmpq_t delta, const fmpq_t T);

/* The geometric grid 1, 2, 5, 10, 20, 50, ... up to m_max (included).
   Returns the number of values written (at most 64). */
slong sweep_grid(ulong * ms, ulong m_max);

/* progress: called after every point (may be NULL) */
typedef void (*sweep_progress_fn)(void * data, ulong m, const ratio_result_t r);

int sweep_run(sweep_result_t s, const svt_model_t M,
    const construction_info * ci, ulong m_max, const fmpq_t delta,
    const fmpq_t T, const ratio_opt * opt, int find_thresholds,
    sweep_progress_fn progress, void * pdata, char * err, size_t errlen);

/* 1 when a point of the sweep certainly exceeds the claim of M */
int sweep_violated(const sweep_result_t s, const svt_model_t M);

/* ------------------------------------------------------------------ */
/* output helpers                                                      */

/* Certified decimal bounds: lo <= x (round_up = 0) or hi >= x
   (round_up = 1) with `digits` significant digits; flint_free the
   result. */
char * decimal_bound(const arb_t x, slong digits, int round_up);
/* "[lo, hi]" with certified decimal ends; flint_free the result. */
char * decimal_interval(const arb_t x, slong digits);

/* q exactly when it is a terminating decimal of at most 40 digits
   (0.025, 1/1000), else decimal_interval with `digits`; flint_free the
   result. */
char * decimal_fmpq(const fmpq_t q, slong digits);

/* Parses a rational written as an integer, a decimal (1.25, -3e-2) or a
   fraction (1/3).  Returns 0 or -1. */
int parse_rational(fmpq_t res, const char * s);
/* 1 when x is 0 or 10^-PARSE_EXP_RANGE <= |x| <= 10^PARSE_EXP_RANGE: the
   range of every real a user gives (budgets, sensitivity, thresholds,
   query answers, released numbers).  Beyond it the noise scales and the
   shifts of an integrand part by more than 10^24 and the certified
   answer would cost more than any budget, so it is refused up front. */
#define PARSE_EXP_RANGE 12
#define PARSE_RANGE_TEXT "0 or a magnitude from 10^-12 to 10^12"
int rational_in_range(const fmpq_t x);
/* The values of a pair (--qD, --qD2, --T, the numbers of --output, a
   pair file) are exact rationals as large or small as a file's constants
   (exponent within 300), so that a witness of a program with a huge
   offset can be given back as written. */
#define PARSE_VECTOR_EXP_RANGE 300
#define PARSE_VECTOR_RANGE_TEXT "0 or a magnitude from 10^-300 to 10^300, read exactly"
int rational_in_range_exp(const fmpq_t x, ulong e);
/* The 1-based index of the first empty (or blank) token of the
   comma-separated list s, 0 when there is none (strtok would drop it
   silently and shift every later token). */
slong csv_empty_token(const char * s);
/* Parses an integer m >= lo, written 1000, 1e6 or 10^6.  0 or -1. */
int parse_count(ulong * res, const char * s, ulong lo, ulong hi);

#ifdef __cplusplus
}
#endif

#endif
