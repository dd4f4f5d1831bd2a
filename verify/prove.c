/* prove.c -- `verify prove`: the proved upper bound B (variants/align.c)
   beside the best certified lower bound L (search_lower_bound) and the
   decision they make; rendered by render_text.c and render_json.c. */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "prove.h"
#include "render.h"
#include "program.h"
#include "report.h"
#include "custom.h"
#include "decision.h"

const char *
prove_decision_name(prove_decision d)
{
    return d == PROVE_PROVED ? "proved" : d == PROVE_UNBOUNDED ? "unbounded"
        : "unknown";
}

void
prove_result_init(prove_result_t P)
{
    P->decision = PROVE_UNKNOWN;
    P->claim_holds = -1;
    align_result_init(P->A);
    search_best_init(P->LB);
    witness_init(P->W);
    restart_result_init(P->RS);
    P->have_L = P->L_infinite = 0;
    P->searched = 0;
    P->work = 0;
    arb_init(P->L);
    svt_runs_init(P->LR);
    P->L_desc[0] = P->reason[0] = P->family[0] = P->past_claim[0] = '\0';
    P->seconds = 0;
    P->stopped = 0;
    P->unbounded_proved = 0;
}

void
prove_result_clear(prove_result_t P)
{
    align_result_clear(P->A);
    search_best_clear(P->LB);
    witness_clear(P->W);
    restart_result_clear(P->RS);
    arb_clear(P->L);
    svt_runs_clear(P->LR);
}

/* The certified ratios of one query, q(D) = 0 and q(D') = Delta, at
   x = -ceil(k s2), k = 1, 2, 4, ..., kmax: a bot at threshold T = x
   (release = 0) or the released number v = x (release = 1).  Appends
   " NAME = x: [lo, hi];" for each to buf; the last is L.  Returns 1 when
   every ratio was certified and the increments do not shrink (the
   argument beside it says the ratio grows linearly in k; a sequence
   that converges has shrinking increments and is refused). */
static int
doubling_family(prove_result_t P, char * buf, size_t len, const svt_model_t M,
    const search_opts * o, const arb_t s2, int kmax, int release)
{
    arb_t t, prev, inc, prev_inc;
    fmpz_t xz;
    int k, ok = 1;
    arb_init(t);
    arb_init(prev);
    arb_init(inc);
    arb_init(prev_inc);
    fmpz_init(xz);
    arb_neg_inf(prev);
    arb_neg_inf(prev_inc);
    for (k = 1; k <= kmax && ok; k *= 2)
    {
        svt_runs_t R;
        ratio_result_t r;
        fmpq_t x, zero;
        fmpq_init(x);
        fmpq_init(zero);
        arb_mul_si(t, s2, k, 64);
        arf_get_fmpz(xz, arb_midref(t), ARF_RND_CEIL);
        fmpq_set_fmpz(x, xz);
        fmpq_neg(x, x);
        svt_runs_init(R);
        if (release)
            svt_runs_push(R, zero, o->base.delta, zero, SVT_NUM, x, 1);
        else
            svt_runs_push(R, zero, o->base.delta, x, SVT_BOT, zero, 1);
        ratio_result_init(r);
        ratio_decide(r, M, R, &o->base.ro);
        if (arb_is_finite(prev))
            arb_sub(inc, r->loss, prev, 64);
        else
            arb_pos_inf(inc);
        if (!arb_is_finite(r->loss) || !arb_gt(r->loss, prev)
                || (arb_is_finite(prev_inc) && !arb_ge(inc, prev_inc)))
            ok = 0;
        else
        {
            char * xs = fmpz_get_str(NULL, 10, xz);
            char * ls = decimal_interval(r->loss, 8);
            snprintf(buf + strlen(buf), len - strlen(buf), " %s = -%s: %s;",
                release ? "v" : "T", xs, ls);
            flint_free(ls);
            if (arb_is_finite(prev))
                arb_set(prev_inc, inc);
            arb_set(prev, r->loss);
            if (2 * k > kmax)
            {
                arb_set(P->L, r->loss);
                P->have_L = 1;
                svt_runs_set(P->LR, R);     /* the input of L, re-checkable */
                snprintf(P->L_desc, sizeof(P->L_desc), release ? "one released "
                    "number v = -%s, q(D) = 0, q(D') = Delta" : "one bot at "
                    "T = -%s", xs);
            }
            flint_free(xs);
        }
        ratio_result_clear(r);
        svt_runs_clear(R);
        fmpq_clear(x);
        fmpq_clear(zero);
    }
    arb_clear(t);
    arb_clear(prev);
    arb_clear(inc);
    arb_clear(prev_inc);
    fmpz_clear(xz);
    return ok;
}

/* A Gaussian template: one query answered bot, q(D) = 0 and q(D') =
   Delta, threshold T = -k sigma^2/Delta.  With sigma^2 = sigma_rho^2 +
   sigma_nu^2, Pr[bot] = Pr[N(0, sigma^2) > q - T], and the hazard rate of
   a Gaussian is at least x/sigma^2, so ln(Pr[A(D)=bot]/Pr[A(D')=bot]) >=
   T Delta/sigma^2 = k: unbounded in T.  The engine certifies the ratio at
   k = 1, 2, 4, 8. */
static int
gaussian_family(prove_result_t P, const svt_model_t M, const search_opts * o)
{
    const svt_program * G = M->prog;
    svt_shape sh;
    arb_t s2, t;
    int ok;
    /* the hazard-rate argument needs sigma^2 of a Gaussian sum: every
       noise of the comparison Gaussian (a Laplace threshold noise has the
       heavier tail, and the ratios converge), and bot = {q + nu < T + rho}
       (with |q + nu| the event is a band, and the ratios converge to
       Delta^2 / (2 sigma_nu^2): review of 4de4766) */
    if (!svt_program_shape(&sh, G) || sh.comparison == SVT_CMP_ABS_INSIDE
            || G->noises[G->register_noise].law != INTEGRAL_GAUSSIAN
            || (sh.nu >= 0 && G->noises[sh.nu].law != INTEGRAL_GAUSSIAN))
        return 0;
    arb_init(s2);
    arb_init(t);
    arb_sqr(s2, M->rho_scale, 64);
    if (M->has_nu)
    {
        arb_sqr(t, M->nu_scale, 64);
        arb_add(s2, s2, t, 64);
    }
    arb_div(s2, s2, M->delta, 64);
    snprintf(P->family, sizeof(P->family), "one query answered bot, q(D) = 0, "
        "q(D') = Delta, threshold T = -k sigma^2/Delta (sigma^2 = the two "
        "noises' variances), ln ratio >= k by the Gaussian hazard rate; "
        "certified:");
    ok = doubling_family(P, P->family, sizeof(P->family), M, o, s2, 8, 0);
    arb_clear(s2);
    arb_clear(t);
    return ok;
}

/* A program whose start state releases q + gaussian(sigma) on its only
   branch with a number: one query, q(D) = 0, q(D') = Delta, the number v
   released.  Its density is Pr[that branch] phi_sigma(v - q), so the ln
   ratio is a constant (the branch's probabilities, which do not depend
   on v) plus ln phi(v)/phi(v - Delta) = (Delta^2 - 2 v Delta)/(2 sigma^2):
   linear in v, unbounded.  The engine certifies the ratio at
   v = -k sigma^2/Delta, k = 1, 2, 4, 8, 16. */
static int
gaussian_release_family(prove_result_t P, const svt_model_t M,
    const search_opts * o)
{
    const svt_program * G = M->shaped ? NULL : M->prog;
    const prog_state * S0;
    arb_t s2;
    int b, bg = -1, nnum = 0, ok;
    char buf[sizeof(P->family)];
    if (G == NULL || G->nstates < 1 || G->dipa || G->argmax)
        return 0;
    S0 = G->states;
    if (S0->noninput)
        return 0;
    for (b = 0; b < S0->nbranches; b++)
        if (S0->branches[b].out >= PROG_OUT_NOISY)
        {
            nnum++;
            if (S0->branches[b].out == PROG_OUT_FRESH
                    && G->noises[S0->branches[b].out_noise].law == INTEGRAL_GAUSSIAN)
                bg = b;
        }
    if (bg < 0 || nnum != 1 || M->prog_scale == NULL)
        return 0;
    arb_init(s2);
    arb_sqr(s2, M->prog_scale + S0->branches[bg].out_noise, 64);
    arb_div(s2, s2, M->delta, 64);
    snprintf(buf, sizeof(buf), "one query, q(D) = 0, q(D') = Delta, the "
        "number v = q + N(0, sigma^2) released (state %.31s, branch %d): ln "
        "ratio = a constant + (Delta^2 - 2 v Delta)/(2 sigma^2), unbounded "
        "in v; certified:", S0->name, bg + 1);
    ok = doubling_family(P, buf, sizeof(buf), M, o, s2, 16, 1);
    if (ok)
        snprintf(P->family, sizeof(P->family), "%s", buf);
    arb_clear(s2);
    return ok;
}

/* L := the certified ratio r of input R when it is larger than L */
static void
offer_L(prove_result_t P, const ratio_result_t r, const svt_runs_t R,
    const char * desc)
{
    int inf = r->verdict == VERDICT_INFINITE;
    if (!ratio_speaks_to_claim(r) || (!inf && !arb_is_finite(r->loss)))
        return;
    if (P->have_L && (P->L_infinite || (!inf && !arb_gt(r->loss, P->L))))
        return;
    P->have_L = 1;
    P->L_infinite = inf;
    if (!inf)
        arb_set(P->L, r->loss);
    svt_runs_set(P->LR, R);
    snprintf(P->L_desc, sizeof(P->L_desc), "%s", desc);
}

/* the lower bound L from the search's quick stages */
static void
lower_bound(prove_result_t P, const svt_variant_struct * var,
    const search_opts * o, slong c)
{
    P->searched = 1;
    search_lower_bound(P->LB, var, o, c);
    if (P->LB->have)
        offer_L(P, P->LB->r, P->LB->R, P->LB->desc);
}

/* no proof: L from the costly cycles the prover failed on; 1 when one's
   growth in m is certified and its ratio is above the claim (with the
   alpha kappa^m proof where it holds) */
static int
cycle_witness(prove_result_t P, const svt_model_t M, const search_opts * o)
{
    if (P->A->proved || P->A->nplans == 0)
        return 0;
    witness_growing(P->W, M, P->A, &o->base.ro, search_budget(o) / 2);
    if (P->W->have)
        offer_L(P, P->W->r, P->W->R, P->W->desc);
    if (P->L_infinite)
        return 1;
    if (!P->W->growing)
        return 0;
    search_kappa_proof(P->W->kappa, sizeof(P->W->kappa), M, P->W->base, P->W->block);
    return !M->has_claim || (P->have_L && (P->L_infinite || arb_gt(P->L, M->claimed)));
}

static int L_above(const prove_result_t P, const arb_t x);

/* a proof of no bound whose family was not computed past the claim:
   where its certified line passes the claim (P->past_claim, and the
   reason) */
static void
line_past_claim(prove_result_t P, const svt_model_t M)
{
    fmpz_t N;
    arb_t line;
    char * n, * v;
    fmpz_init(N);
    arb_init(line);
    if (restart_line_past(N, line, P->RS, M->claimed))
    {
        n = fmpz_get_str(NULL, 10, N);
        v = decimal_bound(line, 8, 0);
        snprintf(P->past_claim, sizeof(P->past_claim), "the proof's line "
            "passes the claim at m = %s: ln ratio >= %s there, and more at "
            "every larger m (the proof's family, computed here at m = "
            "%lu)", n, v, P->RS->m_shown);
        snprintf(P->reason + strlen(P->reason), sizeof(P->reason)
            - strlen(P->reason), "; the proof's line (below) passes the "
            "claim at m = %s, past the inputs computed here", n);
        flint_free(n);
        flint_free(v);
    }
    else
        snprintf(P->past_claim, sizeof(P->past_claim), "the proof of no "
            "finite bound violates every finite claim (the family was not "
            "computed past the claim)");
    arb_clear(line);
    fmpz_clear(N);
}

/* the work of all the ratios of the proofs of no bound (restart_prove:
   their own pool, apart from --work's, so that --work never changes
   whether such a proof is found; the most any example here takes is
   1.5 * 10^6, restart_chained_block) */
#define PROVE_UNBOUNDED_WORK 4000000

/* no proof: a proof of no bound (prove_unbounded.h: a restart, a kept
   or released cycle), within PROVE_UNBOUNDED_WORK; 1 when one holds and
   its family's ratio is above the claim */
static int
restart_witness(prove_result_t P, const svt_model_t M, const search_opts * o)
{
    ratio_opt own;
    ratio_limits lim;
    slong pool = 0;
    if (P->A->proved || M->prog == NULL)
        return 0;
    unb_own_limits(&own, &lim, &o->base.ro, &pool, SEARCH_RATIO_MAX_WORK,
        PROVE_UNBOUNDED_WORK);
    restart_prove(P->RS, M, o->base.delta, &own);
    if (!P->RS->found)
        return 0;
    /* past the claim: the family at the m where the proof's line crosses
       it, a certified ratio of its own */
    if (M->has_claim && !arb_gt(P->RS->r->loss, M->claimed))
        restart_family_above(P->RS, M, o->base.delta, M->claimed, &o->base.ro);
    offer_L(P, P->RS->r, P->RS->R, P->RS->desc);
    return !M->has_claim || L_above(P, M->claimed);
}

/* L from the witness the proof builds; 1 when it settles the lower bound
   (it meets B to 6 digits, or certifies a ratio above the claim) */
static int
proof_witness(prove_result_t P, const svt_model_t M, const search_opts * o)
{
    if (!P->A->proved || P->A->nplans == 0)
        return 0;
    witness_from_proof(P->W, M, P->A, &o->base.ro, P->A->bound,
        search_budget(o) / 2);
    if (!P->W->have)
        return 0;
    offer_L(P, P->W->r, P->W->R, P->W->desc);
    return prove_sandwich_digits(P) >= 6 || (M->has_claim && P->have_L
        && (P->L_infinite || arb_gt(P->L, M->claimed)));
}

/* is the lower bound certainly above x? */
static int
L_above(const prove_result_t P, const arb_t x)
{
    return P->have_L && (P->L_infinite || (arb_is_finite(P->L) && arb_gt(P->L, x)));
}

/* M at (eps, c) with the options' overrides; 0, or -1 with the message
   on stderr (M cleared) */
static int
prove_model(svt_model_t M, const svt_variant_struct * var,
    const search_opts * o, slong c)
{
    char err[512];
    svt_model_init(M);
    if (svt_model_set(M, var, o->base.eps, c, o->base.delta, &o->base.ov, err,
            sizeof(err)) != 0)
    {
        fprintf(stderr, "verify: %s\n", err);
        svt_model_clear(M);
        return -1;
    }
    return 0;
}

/* L within one pool of work (--work): the witness first, with at most
   half of it, then the search when the witness does not settle L, with
   the rest, or only a tenth of the rest (PROVE_INFORMATIVE_SHARE) when
   the proof already decides the claim and L is only shown beside B.
   Every ratio of both is charged to P->work. */
static void
lower_bound_pooled(prove_result_t P, const svt_model_t M,
    const svt_variant_struct * var, const search_opts * o, slong c)
{
    search_opts ol = *o;    /* shallow: never cleared here */
    ratio_limits lim = *o->base.ro.limits;
    int settled;
    P->work = 0;
    lim.pool = &P->work;
    lim.pool_limit = search_budget(o);
    lim.pool_cost = SEARCH_RATIO_COST;
    ol.base.ro.limits = &lim;
    ol.bounded = P->A->proved;
    /* the proofs of no bound are proofs: their ratios are counted on
       their own (prove_unbounded.h), not from the pool of L */
    settled = proof_witness(P, M, &ol) || restart_witness(P, M, o)
        || cycle_witness(P, M, &ol);
    if (settled && o->lower != SEARCH_LOWER_SEARCH)
        return;
    if (o->lower == SEARCH_LOWER_PROOF && P->A->proved && M->has_claim
            && align_compare_claim(P->A, M) <= 0)
        lim.pool_limit = P->work + (lim.pool_limit - P->work)
            / PROVE_INFORMATIVE_SHARE;
    lower_bound(P, var, &ol, c);
}

int
prove_run(prove_result_t P, const svt_variant_struct * var,
    const search_opts * o, slong c)
{
    svt_model_t M;
    double t0 = verify_clock();
    int growing, grel = 0, gfam = 0;
    /* the ratios of the Gaussian families: the search's limits on each
       ratio (the lower bound's search sets its own) */
    search_opts oq = *o;    /* shallow: never cleared here */
    ratio_limits lim = { .max_work = SEARCH_RATIO_MAX_WORK,
        .deadline = t0 + o->seconds + 2.0 };

    oq.base.ro.limits = &lim;
    o = &oq;
    if (prove_model(M, var, o, c) != 0)
        return 2;
    align_prove(P->A, M);
    prove_any_size(P->A, var, M);
    P->proof_seconds = verify_clock() - t0;
    /* a released number with Gaussian noise: its own family in v decides */
    if (P->A->gaussian && !P->A->proved && !M->shaped)
        grel = gaussian_release_family(P, M, o);
    /* Gaussian noise in a template's shape: its own family in T decides,
       and then the searches in m (slow with Gaussian factors) would add
       nothing; when the family does not grow (a Laplace threshold noise
       may dominate its tail) the searches run as for any variant */
    if (P->A->gaussian && !P->A->proved && M->shaped)
    {
        gfam = gaussian_family(P, M, o);
        if (!gfam)
            P->family[0] = '\0';
    }
    if (o->lower != SEARCH_LOWER_NONE && !grel && !gfam)
        lower_bound_pooled(P, M, var, o, c);

    if (P->A->proved)
    {
        int cmp = align_compare_claim(P->A, M);
        P->decision = PROVE_PROVED;
        if (L_above(P, P->A->bound))
        {
            /* the engine contradicts the proof: never expected */
            P->decision = PROVE_UNKNOWN;
            snprintf(P->reason, sizeof(P->reason), "CONTRADICTION: the certified "
                "lower bound exceeds the proved bound; please report this");
        }
        else if (!M->has_claim)
            P->claim_holds = -1;
        else if (cmp <= 0)
            P->claim_holds = 1;
        else if (L_above(P, M->claimed))
            P->claim_holds = 0;
        else
            snprintf(P->reason, sizeof(P->reason), "%s", cmp == 1 ? "B is above "
                "the claim, and no certified ratio found is: the truth lies "
                "between L and B" : "B and the claim cannot be told apart");
    }
    else
    {
        growing = P->L_infinite || P->LB->proof[0] != '\0' || P->W->growing
            || P->RS->found
            || strcmp(P->LB->growth, "linear") == 0
            || strncmp(P->LB->growth, "growing", 7) == 0
            || strcmp(P->LB->growth, "infinite") == 0;
        snprintf(P->reason, sizeof(P->reason), "no shift coupling bounds the "
            "loss: %s", P->A->reason);
        if (gfam)
        {
            P->decision = PROVE_UNBOUNDED;
            P->unbounded_proved = 1;
            snprintf(P->reason + strlen(P->reason), sizeof(P->reason)
                - strlen(P->reason), ". Gaussian noise has no pure eps bound "
                "at all (the family below); for (eps, delta) use `verify delta`");
        }
        else if (grel)
        {
            P->decision = PROVE_UNBOUNDED;
            P->unbounded_proved = 1;
            snprintf(P->reason + strlen(P->reason), sizeof(P->reason)
                - strlen(P->reason), ". A number released with Gaussian noise "
                "has no pure eps bound at all: its density ratio is unbounded "
                "in the number (the family below); for (eps, delta) use "
                "`verify delta`");
        }
        else if ((growing && (!M->has_claim || L_above(P, M->claimed)))
                || P->RS->found)
        {
            /* a proof of no bound violates every finite claim, even
               where no input long enough to show it was computed */
            if (P->RS->found && M->has_claim && !L_above(P, M->claimed))
                line_past_claim(P, M);
            P->decision = PROVE_UNBOUNDED;
            P->unbounded_proved = P->L_infinite || P->LB->proof[0] != '\0'
                || (P->W->growing && P->W->kappa[0] != '\0') || P->RS->found;
            if (P->RS->found && !P->L_infinite)
                snprintf(P->family, sizeof(P->family), "%.511s; %.1023s",
                    P->RS->desc, P->RS->proof);
            else if (P->W->growing && !P->L_infinite)
                snprintf(P->family, sizeof(P->family), "%.255s: ln ratio growing "
                    "in m (~%.4g per unit of m, a block of %ld quer%s); certified: "
                    "%.400s%s%.1023s", P->W->desc, P->W->slope, (long) P->W->nblock,
                    P->W->nblock == 1 ? "y" : "ies", P->W->note, P->W->kappa[0]
                    ? "; " : "", P->W->kappa);
            else if (P->L_infinite)
                snprintf(P->family, sizeof(P->family), "%s: one side has "
                    "probability exactly 0, the loss is infinite", P->L_desc);
            else
                snprintf(P->family, sizeof(P->family), "%.255s, repeated: ln ratio "
                    "%s in m (~%.4g per unit of m, a block of %lu quer%s)%s%.500s%s%.1023s",
                    P->LB->desc, P->LB->growth, P->LB->slope, P->LB->block,
                    P->LB->block == 1 ? "y" : "ies", P->LB->family_note[0]
                    ? "; certified: " : "", P->LB->family_note,
                    P->LB->proof[0] ? "; " : "", P->LB->proof);
        }
        else
            /* what was computed, and nothing more: finitely many m show
               no bound */
            snprintf(P->reason + strlen(P->reason), sizeof(P->reason)
                - strlen(P->reason), "; and no family was found whose "
                "certified ratio grows in m (%s%s%.500s)", strcmp(P->LB->growth,
                "none") == 0 ? "no family in m was measured" : P->LB->growth,
                P->LB->family_note[0] ? "; the best family's certified ln "
                "ratios: " : "", P->LB->family_note);
        if (P->decision == PROVE_UNBOUNDED && P->unbounded_proved
                && M->has_claim && !L_above(P, M->claimed)
                && P->past_claim[0] == '\0')
            snprintf(P->past_claim, sizeof(P->past_claim), "the proof of no "
                "finite bound violates every finite claim (no ratio computed "
                "here exceeds the claim)");
        if (P->decision == PROVE_UNBOUNDED)
            P->claim_holds = M->has_claim ? 0 : -1;
        else if (M->has_claim && L_above(P, M->claimed))
            P->claim_holds = 0;     /* a certified ratio above the claim */
    }
    /* an (eps, delta) claim: only a pure bound B <= eps decides it (the
       decision says so, decision_finish; here the reason) */
    if (claim_has_delta(M) && P->claim_holds == 0)
    {
        P->past_claim[0] = '\0';
        snprintf(P->reason + strlen(P->reason), sizeof(P->reason)
            - strlen(P->reason), "%s%s", P->reason[0] ? "; " : "",
            DECISION_DELTA_REASON);
    }
    /* the time guard decides nothing: what it stopped is undecided */
    P->stopped = P->LB->stopped || verify_clock() > t0 + o->seconds;
    if (P->stopped)
    {
        P->decision = PROVE_UNKNOWN;
        P->claim_holds = -1;
        snprintf(P->reason, sizeof(P->reason), "stopped by the time limit "
            "(--seconds %.0f) before the lower bound's work budget was done: "
            "no decision (what was computed is below)", o->seconds);
    }
    P->seconds = verify_clock() - t0;
    svt_model_clear(M);
    return 0;
}

int
prove_says_untight(const prove_result_t P)
{
    return P->A->proved && P->W->untight[0] && prove_sandwich_digits(P) < 6;
}

int
prove_says_longer_run(const prove_result_t P)
{
    return P->A->proved && !P->W->have && P->W->longer->len > 0
        && prove_sandwich_digits(P) < 6;
}

slong
prove_sandwich_digits(const prove_result_t P)
{
    arb_t gap;
    arf_t g, b;
    slong d = 0;
    if (!P->A->proved || !P->have_L || P->L_infinite || !arb_is_finite(P->L))
        return 0;
    arb_init(gap);
    arf_init(g);
    arf_init(b);
    arb_sub(gap, P->A->bound, P->L, 128);
    arb_get_abs_ubound_arf(g, gap, 64);
    arb_get_abs_lbound_arf(b, P->A->bound, 64);
    if (arf_is_zero(g))
        d = 30;
    else if (!arf_is_zero(b))
    {
        arf_div(g, g, b, 64, ARF_RND_UP);
        d = (slong) floor(-log10(arf_get_d(g, ARF_RND_UP)));
        if (d < 0)
            d = 0;
        if (d > 30)
            d = 30;
    }
    arb_clear(gap);
    arf_clear(g);
    arf_clear(b);
    return d;
}

/* a violation at its smallest (witness_smallest), for the text: its
   input in W, its ratio in r, the command that re-checks it in *cmd; 0
   when there is none to shrink */
static int
prove_smallest(svt_runs_t W, ratio_result_t r, char ** cmd,
    const prove_result_t P, const decision_t D, const svt_model_t M,
    const search_opts * o)
{
    *cmd = NULL;
    if (!decision_violated(D->status) || P->LR->len == 0)
        return 0;
    return witness_smallest(W, r, cmd, M, P->LR, &o->base.ro, o->base.eps,
        o->base.delta, &o->base.ov);
}

/* the text, with the smallest witness of a violation */
static void
prove_text_smallest(const prove_result_t P, const decision_t D,
    const svt_variant_struct * var, const svt_model_t M, const search_opts * o)
{
    svt_runs_t W;
    ratio_result_t r;
    char * cmd;
    int have;
    svt_runs_init(W);
    ratio_result_init(r);
    have = prove_smallest(W, r, &cmd, P, D, M, o);
    prove_text(P, D, var, M, o, have ? W : NULL, r, cmd);
    flint_free(cmd);
    ratio_result_clear(r);
    svt_runs_clear(W);
}

int
verify_prove(const svt_variant_struct * var, const search_opts * o, slong c)
{
    prove_result_t P;
    decision_t D;
    svt_model_t M;
    int rc;

    if (prove_model(M, var, o, c) != 0)
        return 2;
    prove_result_init(P);
    decision_init(D);
    rc = prove_run(P, var, o, c);
    if (rc == 0)
    {
        decision_add_prove(D, P, M, c);
        decision_finish(D, M);
        if (o->base.json)
            prove_json(P, D, var, M, o);
        else
            prove_text_smallest(P, D, var, M, o);
        rc = !M->has_claim && P->decision == PROVE_UNKNOWN ? 3
            : decision_exit(D->status);
    }
    decision_clear(D);
    prove_result_clear(P);
    svt_model_clear(M);
    return rc;
}

int
prove_claim_line(char * line, size_t len, const align_result_t A,
    const svt_model_t M)
{
    if (A->proved && M->has_claim && align_compare_claim(A, M) <= 0)
    {
        char * b = decimal_interval(A->bound, 10);
        char f[200];
        align_bound_form(f, sizeof(f), A);
        snprintf(line, len, "ln ratio <= B = %s%s <= the claim, for every m "
            "(a shift coupling: `verify prove %s`)", f[0] ? f : b,
            f[0] ? " exactly" : "", report_variant_arg(M->var));
        flint_free(b);
        return 1;
    }
    if (A->proved)
    {
        char * b = decimal_interval(A->bound, 10);
        snprintf(line, len, "proved bound B = %s for every m%s", b,
            M->has_claim ? ", above the claim" : "");
        flint_free(b);
    }
    else
        snprintf(line, len, "no shift coupling bounds the loss");
    return 0;
}
