/* approx.h -- approximate and Renyi differential privacy of a pair:
   the output distributions of A(D) and A(D') over every output, and the
   divergences between them, as certified enclosures.

       delta(E)  = sum_a max(0, Pr[A(D)=a] - e^E Pr[A(D')=a])
       D_alpha   = 1/(alpha - 1) ln sum_a Pr[A(D)=a]^alpha Pr[A(D')=a]^(1-alpha)

   in both directions (D against D', D' against D).  The outputs come in
   classes of equal probability (outputs.h), each computed once. */

#ifndef SVT_APPROX_H
#define SVT_APPROX_H

#include "outputs.h"
#include "check.h"

typedef struct
{
    outclass_t C;
    arb_ptr p[2];           /* per class: Pr[A(D)=a], Pr[A(D')=a] */
    int * zero[2];          /* exactly 0 */
    arb_t total[2];         /* sum count * p: must contain 1 */
    slong unsupported;      /* classes the engine could not certify */
    const char * note;      /* why (the first one) */
    slong integrals;
    double seconds;
}
approx_pair_struct;

typedef approx_pair_struct approx_pair_t[1];

void approx_pair_init(approx_pair_t A);
void approx_pair_clear(approx_pair_t A);

/* Every class of outputs of M on the queries of R, and both
   probabilities of each at a relative goal of `digits`.  Returns 0, or
   -1 with a message (too many classes or queries). */
int approx_pair_compute(approx_pair_t A, const svt_model_t M,
    const svt_runs_t R, slong digits, char * err, size_t errlen);

/* every probability certified, every output counted */
int approx_pair_complete(const approx_pair_t A);

/* delta at E in direction dir (0: D against D', 1: D' against D) */
void approx_delta(arb_t res, const approx_pair_t A, const arb_t E, int dir,
    slong prec);
/* the larger of the two directions */
void approx_delta_max(arb_t res, const approx_pair_t A, const arb_t E,
    slong prec);

/* The smallest E >= 0 with delta_max(E) <= target, enclosed in
   [lo, hi]: delta_max(lo') > target for every lo' < lo is certified
   where lo > 0, and delta_max(hi) <= target.  hi = +inf when no E
   reaches the target (an output of probability 0 on one side carries
   more than target).  Bisection to `bits` bits. */
void approx_eps_for_delta(arb_t lo, arb_t hi, const approx_pair_t A,
    const arb_t target, slong bits, slong prec);

/* The pure loss: max over outputs of |ln(p0/p1)| (+inf when an output
   has probability 0 on one side only); indeterminate when a class has
   no positive enclosure. */
void approx_pure_loss(arb_t res, const approx_pair_t A, slong prec);

/* Renyi divergence of order alpha > 0 (alpha = 1: Kullback-Leibler) in
   direction dir; +inf when an output of the first has probability 0
   under the second. */
void approx_renyi(arb_t res, const approx_pair_t A, const arb_t alpha,
    int dir, slong prec);
void approx_renyi_max(arb_t res, const approx_pair_t A, const arb_t alpha,
    slong prec);

/* the commands: `verify delta` and `verify renyi` on the pair R (built
   from `pair_name`); compute, print text or JSON (render_text.c,
   render_json.c) and return the exit code */
typedef struct
{
    const check_opts * o;
    const char * pair_name;     /* construction name, or "custom" */
    ulong m;                    /* its m (0: custom) */
    fmpq_t eps_prv;             /* --eps-prv (default: the claimed eps) */
    int have_eps_prv;
    fmpq_t dp_delta;            /* --dp-delta (default: claimed_delta) */
    int have_dp_delta;
    fmpq_t alpha;               /* --alpha */
    int have_alpha;
    int curve;                  /* --curve */
}
approx_opts;

void approx_opts_init(approx_opts * a);
void approx_opts_clear(approx_opts * a);

int verify_delta(const svt_model_t M, const svt_runs_t R,
    const approx_opts * a);

/* everything `verify delta` decides and prints (render.h), computed once
   (approx_run.c) */
typedef struct
{
    arb_t E;                /* eps_prv */
    arb_t d[3];             /* delta: D against D', D' against D, max */
    arb_t pl;               /* the pure loss */
    int want_eps;           /* the smallest eps_prv for a target delta */
    arb_t target, lo, hi;
    char * ts;              /* the target, printed */
    verdict_t v;
    slong npts;             /* the curve (0: none) */
    fmpq * ce;
    arb_ptr cd;
}
delta_result;

int verify_renyi(const svt_model_t M, const svt_runs_t R,
    const approx_opts * a);

#endif
