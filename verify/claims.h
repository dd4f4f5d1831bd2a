/* claims.h -- published approximate and Renyi DP claims for Gaussian SVT,
   and the delta of the Laplace variants, against certified values: the
   rows of the report's "approximate DP" page, computed here so that the
   tests pin every number the page shows.

   Settings (each table states them):
     - Zhu and Wang (NeurIPS 2020; autodp rdp_bank): threshold and query
       noise N(0, 4) (zhu-wang-svt at eps = 1/2), Delta = 1, k = 100
       queries, c = 1 and c = 2; orders 2, 8, 32; delta = 1e-5;
     - DiPApprox (CCS 2025), its Theorem 1 setting: dipapprox-svt at
       eps = 1/2 (sigma_rho = 8, sigma_nu = 4), inputs in {0, 1},
       delta = 1/100, claimed eps_prv = 1.24; N = 25, 100, 1000;
     - Lebensold, Precup and Balle (AISTATS 2024): lebensold-at at eps = 1
       (sigma_X = 1, sigma_Z = sqrt 3), Delta = 1/10, queries in [0, 1],
       threshold rho = 1/2, stopping times t = 1, 10, 100, 1000;
     - Laplace: alg1, alg4, alg6 at eps = 1 on the pairs of their
       constructions. */

#ifndef SVT_CLAIMS_H
#define SVT_CLAIMS_H

#include "approx.h"

/* an embedded spec of variants/specs/approx by name; 0, or -1 */
int claims_variant(svt_variant_struct * v, const char * name);

/* Zhu and Wang's RDP bound (autodp's rdp_bank): c = 1, Theorem 8 for k
   queries, ln k/(alpha - 1) + alpha Delta^2/s1^2 + 2 alpha Delta^2/s2^2;
   c > 1, c ln(k/c)/(alpha - 1) + (c + 1) alpha Delta^2/(2 s1^2). */
void claims_zw_rdp(arb_t res, const arb_t alpha, const arb_t s1,
    const arb_t s2, const arb_t Delta, ulong k, slong c, slong prec);
/* its (eps, delta) by the RDP conversion rdp(alpha) + ln(1/delta)/(alpha
   - 1), least over alpha = 1 + j/16, j = 1, ..., 16 * 256 */
void claims_zw_dp(arb_t res, const arb_t delta, const arb_t s1,
    const arb_t s2, const arb_t Delta, ulong k, slong c, slong prec);

/* q(D) = a^k b^(n-k), q(D') = b^k a^(n-k) at threshold T (outputs bot:
   delta and renyi ignore them); k = n: every query moves the same way */
void claims_split_pair(svt_runs_t R, ulong n, ulong k, const fmpq_t a,
    const fmpq_t b, const fmpq_t T);

#define CLAIMS_NALPHA 3
#define CLAIMS_ZW_K 100     /* the queries of the Zhu-Wang rows */

typedef struct
{
    slong c;
    ulong k;
    arb_t alpha[CLAIMS_NALPHA], bound[CLAIMS_NALPHA], ours[CLAIMS_NALPHA];
    char where[CLAIMS_NALPHA][96];  /* the worst pair found */
    arb_t delta, dp_bound, dp_lo, dp_hi;
    char dp_where[96];
}
claims_zw_struct;

void claims_zw_init(claims_zw_struct * z);
void claims_zw_clear(claims_zw_struct * z);
/* the Zhu-Wang row at cutoff c, with k = CLAIMS_ZW_K queries (their
   setting, fixed: the report does not scale it): the bound and the
   largest certified divergence over the candidate pairs.  0, or -1 with
   err. */
int claims_zw(claims_zw_struct * z, slong c, char * err, size_t errlen);

/* DiPApprox at N inputs: the smallest eps_prv with delta <= 1/100 on the
   split pair at k (inputs 0^k 1^(N-k) against 1^k 0^(N-k)), [lo, hi].
   0, or -1 with err. */
int claims_dipapprox(arb_t lo, arb_t hi, ulong N, ulong k, char * err,
    size_t errlen);

/* their own value at t = 1, 10, 100, 1000: mpmath's quad of their
   integrand (tests/refs/lebensold_expost.py), or NULL */
const char * claims_lebensold_ref(ulong t);

/* the worst split pair of claims_dipapprox over the grid of k: every
   k <= 8 (the worst lies at k = 4 for every N), then 10, 15, 20, 25, 50,
   100, 150, 200, 250 up to N; the k in *k */
int claims_dipapprox_worst(arb_t lo, arb_t hi, ulong * k, ulong N,
    char * err, size_t errlen);

/* Lebensold et al.'s ex-post loss at stopping time t, certified */
int claims_lebensold(arb_t res, ulong t, char * err, size_t errlen);

/* A Laplace variant (built-in name) on a construction at m: delta at the
   claimed eps, and the smallest eps_prv for dp_delta.  0, or -1. */
int claims_laplace(arb_t delta, arb_t eps_lo, arb_t eps_hi,
    const char * variant, const char * construction, ulong m,
    const fmpq_t dp_delta, char * err, size_t errlen);

#endif
