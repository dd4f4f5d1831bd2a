/*
    prove_unbounded.h -- two proofs that the privacy loss of a program
    has no bound, each from a family of inputs in m and certified
    enclosures (prove_restart.c, prove_loop.c).

    Both apply to programs with one register and no counter whose
    outputs fix the branch taken in every state (two branches of a state
    with the same output have the same effect, and at most one releases a
    number): the sequence of states is then known from the output alone.
    Every query of D is 0; q(D') is in {-Delta, 0, +Delta} per step of
    the repeated part (the same in every repetition), and 0 elsewhere.

    Restart (prove_restart.c).  A restart is a step after which nothing
    that came before is read again: DiPA's `x := insample` as a state's
    only statement (no guard reads the old value: the cut is before the
    step), or a branch that redraws the register from its noise (the cut
    is after it).  The state at a cut is known and the rest of the run
    does not depend on the past, so Pr[A(D)=a] is the product of the
    factors of the pieces between cuts.  The family: the shortest lead-in
    to a restart, then a block (the restart and a simple path back to it,
    at most 4 steps) m times.  Every repetition adds one identical factor
    to each side, so ln ratio(a_m) = ln ratio(a_2) + (m - 2) k for m >= 2,
    with k = ln ratio(a_3) - ln ratio(a_2) from two certified
    enclosures: a certified k > 0 proves the loss unbounded.

    Loop (prove_loop.c), for DiPA automata with one register x.  The
    family: the shortest lead-in to a state s, a cycle A at s m times,
    the shortest path to a state t and a cycle B at t m times (B may be
    absent), where nothing after the lead-in assigns x.  Given x, the
    steps are independent, so Pr_u(m) = integral of w_u(x) G_u(x)^m dx,
    G_u(x) the probability of one A and one B given x on side u.  ln
    Pr_u(m) is convex in m (Hoelder), so for m >= m0, ln Pr_u(m) >= ln
    Pr_u(m0) + (m - m0) s_u with s_u = ln Pr_u(m0) - ln Pr_u(m0 - 1); and
    Pr_v(m) <= Pr_v(m0) Gmax_v^(m - m0) with Gmax_v >= sup_x G_v(x),
    certified by bisection of the x axis (on an interval, each step's
    probability is at most P(noise in the union of its cells, widened by
    the interval)).  s_u > ln Gmax_v proves ln ratio(a_m) >= ln ratio(a_m0)
    + (m - m0)(s_u - ln Gmax_v), unbounded in m.

    Released cycle (prove_loop.c), DiPA automata with any number of
    registers.  A cycle (at most 2 steps) none of whose steps assigns a
    register and each of which releases insample, the answer its guard
    compares: given the registers, a step's factor is the density of the
    released number (0 in the family) times whether its guard holds at 0,
    the same in every repetition.  So Pr(a_m) = c^m times the integral
    of w(x) times the indicators, and ln ratio(a_m) = ln ratio(a_2) +
    (m - 2) k exactly, k = ln ratio(a_3) - ln ratio(a_2).

    Ranges (prove_ranges.c), DiPA automata with two to four registers
    whose cycles compare several of them (insample in [x1, x2), as in
    DiPAut's range examples).  The family: the shortest lead-in to s, a
    cycle A at s m times, the shortest path to t that assigns nothing
    and a cycle B at t m times (B may be absent), then (may be absent) an
    exit: one step that releases insample, the number 0.  Nothing after
    the lead-in assigns a register, and every output fixes the branch,
    so given the registers x the steps are independent: Pr_u(m) =
    integral of W_u(dx) H_u(x) G_u(x)^m, W_u the lead-in's part, H_u the
    path's and the exit's, G_u one pass of the cycles.  As in Loop, ln
    Pr_u(m) >= ln Pr_u(m0) + (m - m0) s_u (Hoelder), and Pr_v(m) <=
    Pr_v(m0) Gmax_v^(m - m0) with Gmax_v >= sup G_v over the x where
    H_v(x) > 0: the exit's guard, read at the released 0, bounds the
    registers it compares (insample >= x: x <= 0; insample < x: x > 0).
    Gmax_v is certified by bisection of boxes of x: over a box, a step's
    probability is at most the sum, over the branches with its output,
    of P(noise in [the largest lower end, the smallest upper end]), each
    end a register's end of the box plus the guard's offset; a box is cut
    along the dimension whose halves have the lowest bound (a register
    far from the others' values is left whole).  DiPAut's num_range_1 is
    proved this way (the exit bounds the range's upper register), and
    two_range_1 (two ranges sharing a register: three dimensions).

    Lowered (prove_lowered.c), DiPA automata with any number of
    registers whose cycle lowers one register h to each new insample
    (DiPAut's leaking cycle over lo and hi: insample < hi, hi :=
    insample, then lo <= insample < hi).  The family: the shortest
    lead-in to the state s that assigns, then the cycle at s m times,
    its first step h := insample under insample < h (offset 0; or >= h:
    raised), the others assigning nothing, every output fixing the
    branch (and, for the bounds below, no earlier branch of a step able
    to hold with the path's).  Given the other registers x, the values
    b_1 > ... > b_m of h are ordered and each adds one factor phi(x, b),
    the density of the insample assigned times the probabilities of the
    cycle's later steps, so Pr_u(m) = integral of W(x, b_0)
    Phi_x(b_0)^m / m!, Phi_x(b_0) the integral of phi below b_0 (the m!
    orders of m values).  On v, phi is at most its value with every
    comparison with another register dropped (each step at most 1),
    whose integral over the line is at most G (an upper sum over 2^14
    cells and the density's tails): Pr_v(m) <= G^m / m!.  On u, with x
    and b_0 in boxes beyond +-M and b_1 .. b_m in [-M, M] (ordered below
    b_0 by construction), Pr_u(m) >= w A^m / m!, A a lower sum of the
    least phi over the boxes, w the lead-in's least probability of
    landing there (step by step).  Hence ln ratio(a_m) >= ln w + m k for
    every m, k = ln A - ln G: a certified k > 0 proves the loss
    unbounded.  The line is far below the ratios computed (ln w is about
    -20 on DiPAut's files), so the family is not taken to the m where
    it passes the claim; the proof says at which m it does.

    The work is counted (ratios, cells): deterministic.
*/

#ifndef SVT_PROVE_UNBOUNDED_H
#define SVT_PROVE_UNBOUNDED_H

#include "verify.h"

#ifdef __cplusplus
extern "C" {
#endif

#define UNB_MAX_PATH 16     /* steps of a path kept (PROG_SMALL_STATES) */

typedef struct
{
    int len;
    int state[UNB_MAX_PATH], branch[UNB_MAX_PATH];
}
unb_path;

typedef struct
{
    int found;              /* certified: the loss is unbounded */
    int before;             /* restart: the cut is before the restart */
    arb_t k;                /* the ln ratio each repetition adds at least */
    char proof[1024];       /* "PROOF: ..." */
    char desc[512];         /* the family */
    ratio_result_t r;       /* the family at the m shown ... */
    svt_runs_t R;           /* ... and its input */
    slong ratios;           /* ratios computed */
    /* the family: the lead-in, A m times, then (has_b) mid and B m
       times; q(D') of A's and B's steps by `shift`; direction dir */
    unb_path lead, a, mid, b, exit;    /* exit: a last step (len 0: none) */
    int has_b, shift, dir;
    ulong m_shown;
    /* has_base: the proof's line is ln ratio(a_m) >= base + m k for
       every m >= 1, not ln ratio(a_m0) + (m - m0) k (Lowered) */
    int has_base;
    arb_t base;
}
restart_result_struct;

typedef restart_result_struct restart_result_t[1];

void restart_result_init(restart_result_t W);
void restart_result_clear(restart_result_t W);

/* 1 when M is a program the arguments apply to (one register, no
   counter, outputs that fix the path) */
int restart_applies(const svt_model_t M);

/* Looks for a restart family whose certified k is positive, then (DiPA,
   none found) a loop family: W->found, under the limits of ro;
   Delta = delta.  Programs of more than PROG_SMALL_STATES states are not
   searched (W->found stays 0): every function below takes at most that
   many. */
void restart_prove(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const ratio_opt * ro);

/* ---- shared by prove_restart.c and prove_loop.c ---- */


/* the shortest path of branches that do not stop from state `from` to
   s (breadth first), using only branches that assign nothing when
   keep is set; -1 when s is not reached */
int unb_path_to(unb_path * p, const svt_program * P, int from, int s,
    int keep);

/* appends the path's steps to R, step i with q(D) = 0 and q(D') = the
   digit i of `shift` in base 3 (-Delta, 0, +Delta; 0 in a non-input
   state; shift 0 with all = 0: every step unshifted), m times */
void unb_push_path(svt_runs_t R, const svt_program * P, const unb_path * p,
    int shift, int shifted, const fmpq_t delta, ulong m);

/* 3^n (the shifts of n steps) */
int unb_pow3(int n);

/* the path's steps as "q2 (branch 1) -> q3 (branch 2)" (c may be NULL:
   empty) */
void unb_path_words(char * buf, size_t len, const svt_program * P,
    const unb_path * c);

/* 1 when two branches of a state with the same output have the same
   effect and at most one releases a number */
int unb_outputs_fix_path(const svt_program * P);

/* R := the family's input: the lead-in, A m times, then (B not NULL)
   mid and B m times, then (exit not NULL, not empty) the exit, q(D') of
   A's then B's steps by the digits of shift (base 3) */
void unb_family_runs(svt_runs_t R, const svt_program * P,
    const unb_path * lead, const unb_path * A, const unb_path * mid,
    const unb_path * B, const unb_path * exit, int shift,
    const fmpq_t delta, ulong m);

/* keeps the family found in W (to take it further in m) */
void unb_keep_family(restart_result_t W, const unb_path * lead,
    const unb_path * A, const unb_path * mid, const unb_path * B, int shift,
    ulong m, int dir);

/* The line of W's proof, ln ratio(a_m) >= ln ratio(a_m0) + (m - m0) k
   for every m >= m0 = W->m_shown, past `claimed` without computing the
   family there: 1 with N the first m at which the line's certified
   value `line` is above the claim (N = m0 when the ratio computed is);
   0 when W proves nothing or its enclosures are not finite. */
int restart_line_past(fmpz_t N, arb_t line, const restart_result_t W,
    const arb_t claimed);

/* The family found taken to the m where the proof's line passes the
   claim: 1 when its certified ratio there is above `claimed` (W->r,
   W->R, W->m_shown replaced); 0 when not, too long (200000 queries), or the line is from a base
   (W->has_base: it passes the claim far past what the engine takes). */
int restart_family_above(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const arb_t claimed, const ratio_opt * ro);

/* the loop proof (prove_loop.c): fills W when found */
void loop_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro);

/* the released cycle (prove_loop.c), any number of registers: fills W
   when found */
void release_prove(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const ratio_opt * ro);

/* the cycles of several registers (prove_ranges.c), DiPA automata with
   two to four registers: fills W when found */
void ranges_prove(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const ratio_opt * ro);

/* own := *ro with limits of its own in lim, for a proof's ratios: at
   most max_work each and pool_limit in all (counted in *pool, which the
   caller zeroes), under ro's deadline */
void unb_own_limits(ratio_opt * own, ratio_limits * lim,
    const ratio_opt * ro, slong * pool, slong max_work, slong pool_limit);

/* the lowered register (prove_lowered.c), DiPA automata: fills W when
   found */
void lowered_prove(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const ratio_opt * ro);

/* 1 when an observer cannot tell branches A and B apart by their output
   (any two numbers look alike) */
int unb_same_output(const prog_branch * A, const prog_branch * B);

/* 1 when the output of every step of path p fixes its branch, up to
   branches that stop: every other branch with an output that looks the
   same has the same effect, or stops (a run that takes it gives no
   later output; at the family's last step, it only adds to the weight
   of the integral, which stays log-convex in m) */
int unb_path_fixed(const svt_program * P, const unb_path * p);

/* the cycles at s of one or two branches that do not stop and assign
   nothing, releasing no number (release = 0) or insample at every step
   (release = 1); at most 8 */
int unb_cycles_of(unb_path * cy, const svt_program * P, int s, int release);

/* the Laplace CDF of scale b at t, bounded above (up) or below: a point
   at or above (below) every value in the ball t */
void unb_cdf_bound(arf_t out, const arb_t t, const arb_t b, int up);

/* The first partition of one dimension of a bisection: cells of width
   2^wexp from x0 2^wexp, n of them covering [lo - 40 bmax, hi + 40 bmax]
   (lo, hi: the answers less the guards' offsets; bmax: the largest noise
   scale).  Doubles choose the grid only; where they cannot place it (not
   finite, beyond 1e15, less than 1 wide) it is put at [-1, 1]: any grid
   with its tails covers every value, so a proof may be missed, never
   made wrong. */
void unb_grid_place(fmpz_t x0, slong * wexp, double lo, double hi,
    double bmax, int n);

/* below(G, target, budget): 1 when sup G < target is certified, taking
   the work from *budget */
typedef int (*unb_below_fn)(const void * G, const arf_t target,
    slong * budget);

/* The rate of a loop proof: s - ln(a target that below() certifies
   above sup G), the target first just below e^s, then bisected down
   towards est (an estimate of sup G; 0: unknown), keeping the lowest
   that holds (8 steps); 1 when one holds (rate > 0) */
int unb_bound_rate(arb_t rate, const arb_t s, const arf_t est,
    unb_below_fn below, const void * G, slong * budget);

#ifdef __cplusplus
}
#endif

#endif
