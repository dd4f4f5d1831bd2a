/* ratio.c -- certified ratio of Pr[A(D)=a] and Pr[A(D')=a], and the
   verdict against the claimed budget.  A verdict is printed only when
   the enclosure decides it; otherwise the goal is raised, and at the
   cap the answer is "inconclusive". */

#include <math.h>
#include <time.h>
#include "verify.h"
#include "align.h"

const char *
verdict_name(verdict_t v)
{
    static const char * names[] = { "within", "exceeds", "infinite",
        "impossible", "inconclusive", "no-claim" };
    return names[v];
}

int
claim_has_delta(const svt_model_t M)
{
    return M->has_claim && !arb_is_zero(M->claimed_delta);
}

static int
verdict_above(verdict_t v, const svt_model_t M)
{
    return M->has_claim && (v == VERDICT_EXCEEDS || v == VERDICT_INFINITE);
}

int
verdict_violates(verdict_t v, const svt_model_t M)
{
    return verdict_above(v, M) && !claim_has_delta(M);
}

int
verdict_exceeds_delta_claim(verdict_t v, const svt_model_t M)
{
    return verdict_above(v, M) && claim_has_delta(M);
}

int
verdict_exit(verdict_t v, const svt_model_t M)
{
    return verdict_violates(v, M) ? 1 : verdict_exceeds_delta_claim(v, M)
        || v == VERDICT_INCONCLUSIVE ? 3 : 0;
}

void
ratio_result_init(ratio_result_t r)
{
    svt_prob_init(r->p[0]);
    svt_prob_init(r->p[1]);
    arb_init(r->lr[0]);
    arb_init(r->lr[1]);
    arb_init(r->loss);
    r->verdict = VERDICT_INCONCLUSIVE;
    r->note = NULL;
    r->outside_claim = 0;
    r->null_output = 0;
    r->exact = 0;
    r->digits = 0;
    r->seconds = 0;
    r->work = 0;
    r->timed_out = 0;
}

void
ratio_result_clear(ratio_result_t r)
{
    svt_prob_clear(r->p[0]);
    svt_prob_clear(r->p[1]);
    arb_clear(r->lr[0]);
    arb_clear(r->lr[1]);
    arb_clear(r->loss);
}

void
ratio_result_swap(ratio_result_t a, ratio_result_t b)
{
    ratio_result_struct t = *a;
    *a = *b;
    *b = t;
}

const char *
ratio_undecided_note(const ratio_result_t r)
{
    if (arb_is_finite(r->loss))
        return "the enclosure straddles the claimed budget at the precision cap";
    if (r->p[0]->zero || r->p[1]->zero)
        return "one probability is exactly 0, and the enclosure of the other "
            "still contains 0 at the precision cap: impossible or infinite is "
            "undecided";
    return "a probability enclosure still contains 0 at the precision cap, "
        "so the ln ratio is undetermined (nan), not near the claim";
}

/* the loss is known to 100 bits and its enclosure contains the claim */
static int
ratio_tie(const ratio_result_t r, const svt_model_t M)
{
    return M->has_claim && arb_is_finite(r->loss)
        && arb_rel_accuracy_bits(r->loss) >= 100
        && arb_contains(r->loss, M->claimed);
}

/* an undecided ratio of a variant whose claim is proved for every m
   (variants/align.h): the shift coupling certifies e^B Pr[A(D')=a] >=
   Pr[A(D)=a] (and the other way) pointwise in the noise, with B <= the
   claim, so the ratio is within whatever the enclosure says */
static int
ratio_by_proof(ratio_result_t r, const svt_model_t M, const svt_runs_t R)
{
    align_result_t A;
    int ok;
    /* the proof covers neighbours only (monotone ones for such a claim) */
    if (!M->has_claim || r->p[0]->zero || r->p[1]->zero || r->outside_claim
            || !svt_runs_within_sensitivity(R, M->delta_q)
            || (M->var->monotone_only && !svt_runs_monotone(R)))
        return 0;
    if (arb_is_finite(r->loss) && arb_gt(r->loss, M->claimed))
        return 0;
    align_result_init(A);
    align_prove(A, M);
    ok = A->proved && align_compare_claim(A, M) <= 0;
    align_result_clear(A);
    if (ok)
    {
        r->verdict = VERDICT_WITHIN;
        r->exact = 1;   /* not decided by its enclosure */
        r->note = "decided by the proof for every m (`verify prove`): a shift "
            "coupling gives e^B Pr[A(D')=a] >= Pr[A(D)=a] and the reverse "
            "with B <= the claim, while the enclosure still straddles the claim";
    }
    return ok;
}

/* an undecided ratio whose exact value is known in rationals (and lies
   in the enclosure): decided by an exact comparison with the claim */
static int
ratio_exact(ratio_result_t r, const svt_model_t M, const svt_runs_t R)
{
    fmpq_t x, cl;
    int done = 0;
    fmpq_init(x);
    fmpq_init(cl);
    if (M->has_claim && svt_model_expr_fmpq(cl, M, M->var->claimed)
            && svt_exact_log_ratio(x, M, R)
            && arb_contains_fmpq(r->lr[0], x))
    {
        fmpq_abs(x, x);
        r->verdict = fmpq_cmp(x, cl) <= 0 ? VERDICT_WITHIN : VERDICT_EXCEEDS;
        r->exact = 1;
        r->note = r->verdict == VERDICT_WITHIN ? "decided exactly: the ln "
            "ratio is a rational, here at most the claimed budget (equal to it "
            "when the enclosure straddles it)" : "decided exactly: the ln ratio "
            "is a rational above the claimed budget";
        done = 1;
    }
    fmpq_clear(x);
    fmpq_clear(cl);
    return done;
}

/* the caller's time guard (opt->limits->deadline) has passed */
static int
past_deadline(const ratio_opt * opt)
{
    return opt != NULL && opt->limits != NULL && opt->limits->deadline > 0
        && integral_clock() > opt->limits->deadline;
}

/* an integral that reaches its cap still finishes the evaluation (or
   the joint integral's term) it is in: a ratio may pass its cap by that
   much, which the pool keeps in reserve */
#define RATIO_POOL_SLACK 1000

static verdict_t ratio_decide_within(ratio_result_t r, const svt_model_t M,
    const svt_runs_t R, const ratio_opt * opt);

slong
ratio_limits_room(const ratio_limits * lim)
{
    slong room;
    if (lim == NULL || lim->pool == NULL)
        return lim != NULL && lim->max_work > 0 ? lim->max_work : -1;
    room = lim->pool_limit - *lim->pool - lim->pool_cost - RATIO_POOL_SLACK;
    if (room <= 0)
        return 0;
    return lim->max_work > 0 ? FLINT_MIN(room, lim->max_work) : room;
}

/* the pool of lim is spent: r says so, nothing computed */
static verdict_t
ratio_pool_spent(ratio_result_t r)
{
    int k;
    for (k = 0; k < 2; k++)
    {
        arb_indeterminate(r->p[k]->value);
        arb_indeterminate(r->p[k]->log_value);
        r->p[k]->zero = 0;
        r->p[k]->status = SVT_PROB_UNSUPPORTED;
        r->p[k]->budget_spent = 1;
        r->p[k]->segments = 0;
        r->p[k]->note = NULL;
        arb_indeterminate(r->lr[k]);
    }
    arb_indeterminate(r->loss);
    r->null_output = 0;
    r->verdict = VERDICT_INCONCLUSIVE;
    r->note = "the work budget (--work) was spent before this ratio: not "
        "computed";
    r->digits = 0;
    r->seconds = 0;
    r->work = 0;
    r->timed_out = 0;
    return r->verdict;
}

verdict_t
ratio_decide(ratio_result_t r, const svt_model_t M, const svt_runs_t R,
    const ratio_opt * opt)
{
    verdict_t v;
    const ratio_limits * lim = opt != NULL ? opt->limits : NULL;
    slong room = ratio_limits_room(lim);
    ratio_limits capped;
    ratio_opt o;
    r->outside_claim = M->var->monotone_only && !svt_runs_monotone(R);
    r->exact = 0;
    if (room == 0)
        return ratio_pool_spent(r);
    if (lim == NULL || lim->pool == NULL)
        return ratio_decide_within(r, M, R, opt);
    /* a pool: this ratio may spend its rest, and is charged to it; its
       two sides count their work apart, each up to the cap
       (svt_prob_pair), so each gets half */
    capped = *lim;
    capped.max_work = FLINT_MAX(1, room / 2);
    o = *opt;
    o.limits = &capped;
    v = ratio_decide_within(r, M, R, &o);
    *lim->pool += r->work + lim->pool_cost;
    return v;
}

static verdict_t
ratio_decide_within(ratio_result_t r, const svt_model_t M, const svt_runs_t R,
    const ratio_opt * opt)
{
    const slong prec = SVT_PARAM_PREC;
    slong digits = (opt && opt->digits > 0) ? opt->digits : 30;
    slong max_digits = (opt && opt->max_digits > 0) ? opt->max_digits : 240;
    double t0 = verify_clock();
    const char * why;
    slong used = 0;
    const ratio_limits * lim = opt != NULL ? opt->limits : NULL;

    max_digits = FLINT_MAX(max_digits, digits);
    r->note = NULL;
    r->exact = 0;
    r->outside_claim = M->var->monotone_only && !svt_runs_monotone(R);
    why = svt_output_impossible(M, R);

    for (;;)
    {
        integral_opt_t iopt;
        int spent, ratio_spent;
        integral_opt_init(iopt);
        iopt->goal_digits = digits;
        iopt->deadline = lim ? lim->deadline : 0;
        iopt->work_used = &used;
        iopt->work_limit = lim ? lim->max_work : 0;
        r->digits = digits;

        if (why != NULL)
        {
            svt_prob(r->p[0], M, R, 0, iopt);
            svt_prob(r->p[1], M, R, 1, iopt);
            arb_indeterminate(r->lr[0]);
            arb_indeterminate(r->lr[1]);
            arb_indeterminate(r->loss);
            r->note = why;
            r->verdict = VERDICT_IMPOSSIBLE;
            break;
        }

        svt_prob_pair(r->p[0], r->p[1], M, R, iopt);
        if (r->p[0]->status == SVT_PROB_UNSUPPORTED
                || r->p[1]->status == SVT_PROB_UNSUPPORTED)
        {
            arb_indeterminate(r->lr[0]);
            arb_indeterminate(r->lr[1]);
            arb_indeterminate(r->loss);
            r->note = r->p[0]->note ? r->p[0]->note : r->p[1]->note;
            r->verdict = VERDICT_INCONCLUSIVE;
            break;
        }

        if (r->p[0]->zero && r->p[1]->zero)
        {
            arb_indeterminate(r->lr[0]);
            arb_indeterminate(r->lr[1]);
            arb_indeterminate(r->loss);
            r->note = "probability exactly 0 on both datasets";
            r->verdict = VERDICT_IMPOSSIBLE;
            break;
        }
        if (r->p[0]->zero || r->p[1]->zero)
        {
            int z = r->p[0]->zero ? 0 : 1;
            if (arb_is_positive(r->p[1 - z]->value))
            {
                arb_pos_inf(r->lr[1 - z]);
                arb_neg_inf(r->lr[z]);
                arb_pos_inf(r->loss);
                r->verdict = VERDICT_INFINITE;
                break;
            }
            /* the other side is not yet certainly positive */
            arb_indeterminate(r->lr[0]);
            arb_indeterminate(r->lr[1]);
            arb_indeterminate(r->loss);
        }
        else
        {
            arb_sub(r->lr[0], r->p[0]->log_value, r->p[1]->log_value, prec);
            arb_neg(r->lr[1], r->lr[0]);
            arb_abs(r->loss, r->lr[0]);
            if (arb_is_finite(r->loss) && !M->has_claim)
            {
                r->verdict = VERDICT_NO_CLAIM;
                r->note = "the variant claims no budget: the ratio is reported";
                break;
            }
            if (arb_is_finite(r->loss))
            {
                if (arb_le(r->loss, M->claimed))
                {
                    r->verdict = VERDICT_WITHIN;
                    break;
                }
                if (arb_gt(r->loss, M->claimed))
                {
                    r->verdict = VERDICT_EXCEEDS;
                    break;
                }
            }
        }
        /* an integral stopped at the engine's work budget: a higher goal
           would cost more and stop there too */
        ratio_spent = lim != NULL && lim->max_work > 0 && used >= lim->max_work;
        spent = r->p[0]->budget_spent || r->p[1]->budget_spent || ratio_spent;
        if (spent || past_deadline(opt))
            max_digits = digits;
        if (digits >= max_digits && ratio_exact(r, M, R))
            break;
        if (digits >= max_digits && ratio_by_proof(r, M, R))
            break;
        if (digits >= max_digits)
        {
            r->verdict = VERDICT_INCONCLUSIVE;
            r->note = ratio_tie(r, M) ? "the ln ratio equals the claimed "
                "budget to more than 30 digits: an exact tie (the claim is "
                "attained), which no enclosure can decide, or a gap below "
                "that" : ratio_spent ? "the integrals reached the work "
                "budget of one ratio (--work) before the enclosure decided "
                "the claim" : spent ? "the integrals reached the engine's work budget before "
                "the enclosure decided the claim (extreme parameters: "
                "noise scales and shifts far apart)" : ratio_undecided_note(r);
            break;
        }
        digits = FLINT_MIN(2 * digits, max_digits);
    }
    r->null_output = r->p[0]->tie || r->p[1]->tie;
    if (r->null_output && (r->verdict == VERDICT_EXCEEDS
            || r->verdict == VERDICT_INFINITE || r->verdict == VERDICT_WITHIN))
    {
        r->verdict = VERDICT_INCONCLUSIVE;
        r->note = "the output lies on a null set: a released number equals a "
            "value it is compared with (a tie that only the comparisons' "
            "strictness decides, or ties on both sides); pure DP bounds the "
            "probability of sets of outputs, so the density ratio at this one "
            "output is no loss (move the number off the tie)";
    }
    r->seconds = verify_clock() - t0;
    r->work = used;
    r->timed_out = r->verdict == VERDICT_INCONCLUSIVE && past_deadline(opt);
    return r->verdict;
}

double
verify_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

double
ratio_score(const ratio_result_t r)
{
    arf_t t;
    double d;
    if (r->verdict == VERDICT_INFINITE)
        return HUGE_VAL;
    if (r->verdict == VERDICT_IMPOSSIBLE || !arb_is_finite(r->loss))
        return -HUGE_VAL;
    arf_init(t);
    arb_get_lbound_arf(t, r->loss, 64);
    d = arf_get_d(t, ARF_RND_DOWN);
    arf_clear(t);
    return d;
}

int
ratio_speaks_to_claim(const ratio_result_t r)
{
    return !r->timed_out && !r->outside_claim && !r->null_output
        && r->verdict != VERDICT_IMPOSSIBLE;
}
