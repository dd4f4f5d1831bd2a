/*
    integrals.h -- certified integrals of products of noise-distribution
    factors against a noise density.

    The engine computes rigorous enclosures (Arb balls) of

        I = C * int_{lo}^{hi} p(z) * prod_k G_k(z)^{n_k} dz

    where
      - p is the density of a symmetric noise law (Laplace(0, b) or
        Gaussian(0, sigma)),
      - every factor G_k is  c_0 + sum_j c_j * F_j(s_j * z + t_j)  with
        F_j the CDF of a symmetric law with its own scale, s_j = +1 or -1,
        t_j a real shift; a CDF factor F(z + t) and a survival factor
        1 - F(z + t) = F(-z - t) are the one-term special cases,
      - n_k >= 1 is an integer multiplicity (up to 2^62 and beyond: it is
        stored as an fmpz),
      - lo, hi are reals or -inf / +inf,
      - C is a real constant (an Arb ball).

    The engine knows nothing about SVT.

    Guarantees.
      - The result ball always contains the exact value of I for every
        value of the parameters inside their balls.  Parameters that are
        not exact should be supplied with at least as many bits as the
        largest working precision the caller allows (opt->max_prec); the
        accuracy of the result can never exceed that of the inputs.
      - The domain is split at every non-analytic point (the kink of a
        Laplace law at argument 0, the domain ends), and each analytic
        piece is integrated with acb_calc_integrate.
      - Infinite domains are never truncated silently: beyond the last
        kink, the integrand is an exponential (integrated exactly) times
        factors that are monotone on the tail; their range is bounded
        rigorously and the tail is added as a certified term.
      - An empty domain (lo >= hi) gives the exact ball 0 and the flag
        exact_zero.
      - The relative accuracy goal (default 30 digits) is a goal, not a
        promise: the working precision is raised automatically up to a
        cap, within a work budget (opt->max_work); when the goal is still
        missed, the (correct, wider) ball is returned with status
        INTEGRAL_GOAL_MISSED.  No input makes it run without end.

    Cost.  Each factor group is evaluated once per integrand evaluation as
    exp(n_k * log G_k), so the cost does not depend on the multiplicities,
    except for a working precision that grows like log2(n).

    Thread safety.  No global mutable state: distinct integral_t objects
    may be evaluated from distinct threads.

    Memory.  Every *_init has its *_clear; the integral owns copies of
    everything passed to it.
*/

#ifndef SVT_INTEGRALS_H
#define SVT_INTEGRALS_H

#include <flint/flint.h>
#include <flint/fmpz.h>
#include <arb.h>
#include <acb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Noise laws.  Both are symmetric about 0: F(-x) = 1 - F(x). */
typedef enum
{
    INTEGRAL_LAPLACE = 0,   /* density exp(-|x|/b) / (2b), scale b > 0 */
    INTEGRAL_GAUSSIAN = 1   /* density exp(-x^2/(2 s^2)) / (s sqrt(2 pi)) */
}
integral_law_kind;

/* One term c * F(s * z + t) of a factor, F the CDF of law (kind, scale). */
typedef struct
{
    integral_law_kind kind;
    arb_t scale;
    arb_t coef;
    int sign;               /* +1 or -1 */
    arb_t shift;
}
integral_term_struct;

typedef integral_term_struct integral_term_t[1];

void integral_term_init(integral_term_t t);
void integral_term_clear(integral_term_t t);
/* t = coef * F(sign * z + shift) */
void integral_term_set(integral_term_t t, integral_law_kind kind,
    const arb_t scale, const arb_t coef, int sign, const arb_t shift);

/* One factor group G(z)^n with G = constant + sum of terms. */
typedef struct
{
    arb_t constant;
    slong nterms;
    integral_term_struct * terms;
    fmpz_t mult;
}
integral_factor_struct;

typedef struct
{
    integral_law_kind kind;     /* law of the integration variable z */
    arb_t scale;
    int lo_inf, hi_inf;         /* 1: the bound is infinite */
    arb_t lo, hi;               /* used when finite */
    arb_t constant;             /* C */
    slong len, alloc;
    integral_factor_struct * factors;
}
integral_struct;

typedef integral_struct integral_t[1];

/* Initialises I = int_{-inf}^{+inf} p(z) dz with p of law (kind, scale). */
void integral_init(integral_t I, integral_law_kind kind, const arb_t scale);
void integral_clear(integral_t I);

/* Domain.  The default is the whole real line. */
void integral_set_lo(integral_t I, const arb_t lo);
void integral_set_hi(integral_t I, const arb_t hi);
void integral_set_lo_inf(integral_t I);
void integral_set_hi_inf(integral_t I);

/* C = C * c. */
void integral_mul_const(integral_t I, const arb_t c, slong prec);

/* Multiply the integrand by G^n.  A factor identical to one already
   present (same constant, same terms in the same order) is grouped:
   its multiplicity grows by n.  n = 0 does nothing. */
void integral_mul_factor(integral_t I, const arb_t constant,
    const integral_term_struct * terms, slong nterms, const fmpz_t n);

/* F(z + shift)^n, F the CDF of law (kind, scale). */
void integral_mul_cdf(integral_t I, integral_law_kind kind,
    const arb_t scale, const arb_t shift, const fmpz_t n);

/* (1 - F(z + shift))^n, stored as F(-z - shift)^n. */
void integral_mul_sf(integral_t I, integral_law_kind kind,
    const arb_t scale, const arb_t shift, const fmpz_t n);

/* Options: zero means default.  NULL means all defaults. */
typedef struct
{
    slong goal_digits;  /* relative accuracy goal in decimal digits; 30 */
    slong max_prec;     /* cap on the working precision in bits;
                           max(4096, 16 * goal bits) */
    slong max_work;     /* work budget of one integral_eval, over all its
                           precisions: an integrand evaluation at p bits
                           costs ceil(p / 256) units; 0: the default
                           INTEGRAL_DEFAULT_WORK.  Past it the ladder
                           stops and the (correct, wider) ball is
                           returned with INTEGRAL_GOAL_MISSED and
                           budget_spent set; Arb bounds what is left of
                           a segment crudely, so the result is still an
                           enclosure */
    double deadline;    /* integral_clock() time after which no further
                           precision is tried (0: none); for callers with
                           a time limit, such as a search */
    slong * work_used;  /* NULL, or the caller's running total of work
                           (the units of max_work): integral_eval adds
                           what it spends.  One per thread, so that the
                           total, and where a limit stops, depend on the
                           inputs only */
    slong work_limit;   /* with work_used, > 0: an integral spends at
                           most work_limit - *work_used (at least one
                           evaluation), then stops as at max_work */
    int verbose;        /* 1: print the attempts to stderr */
}
integral_opt_struct;

/* seconds on a monotonic clock (for deadlines and timings) */
double integral_clock(void);

/* a few hundred times what the paper's constructions need (they take
   10^2 to 10^4 evaluations at 30 digits) */
#define INTEGRAL_DEFAULT_WORK 400000

typedef integral_opt_struct integral_opt_t[1];

void integral_opt_init(integral_opt_t opt);
/* the relative goal in bits and the working-precision cap of opt (NULL:
   the defaults), shared by every precision ladder */
void integral_opt_bits(slong * goal, slong * cap, const integral_opt_t opt);

#define INTEGRAL_SUCCESS     0
#define INTEGRAL_GOAL_MISSED 1

typedef struct
{
    arb_t value;        /* encloses I */
    arb_t log_value;    /* encloses ln I (indeterminate unless I > 0) */
    int status;         /* INTEGRAL_SUCCESS or INTEGRAL_GOAL_MISSED */
    int exact_zero;     /* the domain is empty: value is the exact 0 */
    slong prec;         /* last working precision used */
    slong evals;        /* integrand evaluations in the last attempt */
    int budget_spent;   /* integral_eval stopped at the work budget */
}
integral_result_struct;

typedef integral_result_struct integral_result_t[1];

void integral_result_init(integral_result_t r);
void integral_result_clear(integral_result_t r);

/* Evaluates I.  prec is the first working precision to try (0: chosen
   from the goal and the multiplicities).  Returns res->status. */
int integral_eval(integral_result_t res, const integral_t I,
    const integral_opt_t opt, slong prec);

/* One attempt at a fixed working precision, with a relative goal of
   goal_bits; the result is always a correct enclosure.  Used by
   integral_eval; exposed for tests that compare precisions. */
void integral_eval_fixed(integral_result_t res, const integral_t I,
    slong goal_bits, slong prec);

/* ceil(digits * log2(10)) + 1 */
slong integral_goal_bits(slong digits);

/* The integrand C p(z) prod G_k(z)^n_k at the real point z (0 outside
   the domain): the value of the integral against a point mass at z. */
void integral_integrand_at(arb_t res, const integral_t I, const arb_t z,
    slong prec);

/* The integrand at the exact point z, to opt's relative goal: the
   precision ladder of integral_eval (same goal, cap, budget and work
   accounting, one evaluation per precision; prec the first precision
   to try, 0: from the goal), for a register pinned at a released
   value.  Returns res->status; res->value always encloses the integrand
   at z (exact_zero when it is the exact 0). */
int integral_eval_point(integral_result_t res, const integral_t I,
    const fmpq_t z, const integral_opt_t opt, slong prec);

/* J = int_0^1 prod_g (1 - c_g s)^{n_g} ds for 0 <= c_g <= 1 (exact
   balls or balls inside [0, 1]), n_g >= 0: the integral of a polynomial,
   certified with no truncation, at a cost that does not grow with the
   n_g.  The relative goal and precision cap are opt's (NULL: defaults).
   Returns INTEGRAL_SUCCESS or INTEGRAL_GOAL_MISSED (res still encloses
   J). */
int integral_linear_powers(arb_t res, const arb_struct * c, const fmpz * n,
    slong len, const integral_opt_t opt);

/* Law helpers (real balls, any precision). */
void integral_law_cdf(arb_t res, integral_law_kind kind, const arb_t scale,
    const arb_t x, slong prec);
void integral_law_density(arb_t res, integral_law_kind kind,
    const arb_t scale, const arb_t x, slong prec);

#ifdef __cplusplus
}
#endif

#endif
