/* decision.c -- the one decision on a variant's claim (decision.h). */

#include <string.h>
#include "decision.h"

void
decision_init(decision_t D)
{
    memset(D, 0, sizeof(*D));
    arb_init(D->B);
    arb_init(D->L);
    svt_runs_init(D->LR);
    D->status = STATUS_UNDECIDED;
}

void
decision_clear(decision_t D)
{
    arb_clear(D->B);
    arb_clear(D->L);
    svt_runs_clear(D->LR);
}

/* L := the certified loss x (inf when infinite) of input R, if larger */
static void
offer(decision_t D, int inf, const arb_t x, const svt_runs_t R, slong c,
    const char * where)
{
    if (!inf && !arb_is_finite(x))
        return;
    if (D->have_L && (D->L_inf || (!inf && !arb_gt(x, D->L))))
        return;
    D->have_L = 1;
    D->L_inf = inf;
    if (!inf)
        arb_set(D->L, x);
    if (R != NULL)
        svt_runs_set(D->LR, R);
    D->L_c = c;
    snprintf(D->L_where, sizeof(D->L_where), "%.290s", where);
}

void
decision_add_prove(decision_t D, const prove_result_t P, const svt_model_t M,
    slong c)
{
    if (P->A->proved && !D->proved)
    {
        D->proved = 1;
        D->B_le_claim = M->has_claim && align_compare_claim(P->A, M) <= 0;
        arb_set(D->B, P->A->bound);
        align_bound_form(D->B_exact, sizeof(D->B_exact), P->A);
    }
    else if (P->A->proved)
    {
        /* several cutoffs: the claim must hold at each */
        D->B_le_claim &= M->has_claim && align_compare_claim(P->A, M) <= 0;
        char f[200];
        align_bound_form(f, sizeof(f), P->A);
        if (strcmp(f, D->B_exact) != 0)
            D->B_exact[0] = '\0';
        arb_union(D->B, D->B, P->A->bound, 128);
    }
    if (P->have_L)
        offer(D, P->L_infinite, P->L, P->LR, c, P->L_desc);
    D->unbounded |= P->decision == PROVE_UNBOUNDED && P->unbounded_proved;
    if (P->decision == PROVE_UNBOUNDED && P->unbounded_proved
            && P->past_claim[0] && D->by_proof[0] == '\0')
        snprintf(D->by_proof, sizeof(D->by_proof), "%s", P->past_claim);
    D->growing |= P->decision == PROVE_UNBOUNDED;
    D->stopped |= P->stopped;
    if (P->reason[0] && D->reason[0] == '\0')
        snprintf(D->reason, sizeof(D->reason), "%.1090s", P->reason);
}

void
decision_add_ratio(decision_t D, const ratio_result_t r, const svt_runs_t R,
    slong c, const char * where)
{
    if (!ratio_speaks_to_claim(r))
        return;
    offer(D, r->verdict == VERDICT_INFINITE, r->loss, R, c, where);
}

void
decision_add_loss(decision_t D, int inf, const arb_t x, slong c,
    const char * where)
{
    arb_t z;
    arb_init(z);
    offer(D, inf, inf ? z : x, NULL, c, where);
    arb_clear(z);
}

svt_status
decision_finish(decision_t D, const svt_model_t M)
{
    D->has_claim = M->has_claim;
    D->violated_by_proof = 0;   /* decided again from everything added */
    D->above_eps_delta = 0;
    /* a time guard decides nothing: what it stopped depends on the load */
    if (D->stopped)
    {
        D->status = STATUS_UNDECIDED;
        snprintf(D->reason, sizeof(D->reason), "stopped by the time limit "
            "before the work budget was done: no decision");
    }
    else if (!M->has_claim)
        D->status = STATUS_NO_CLAIM;
    else if (D->have_L && (D->L_inf || arb_gt(D->L, M->claimed)))
        D->status = D->unbounded ? STATUS_UNBOUNDED : STATUS_VIOLATED;
    else if (D->unbounded && D->by_proof[0])
    {
        /* no finite bound, proved: every finite claim is violated */
        D->status = STATUS_UNBOUNDED;
        D->violated_by_proof = 1;
    }
    else if (D->proved && D->B_le_claim)
    {
        D->status = STATUS_PROVED;
        if (D->have_L && !D->L_inf && arb_gt(D->L, D->B))
        {
            D->status = STATUS_UNDECIDED;
            snprintf(D->reason, sizeof(D->reason), "CONTRADICTION: a certified "
                "ratio exceeds the proved bound; please report this");
        }
    }
    else
    {
        D->status = STATUS_UNDECIDED;
        if (D->reason[0] == '\0')
            snprintf(D->reason, sizeof(D->reason), "%s", D->proved
                ? "the proved bound B is above the claim, and no certified "
                "ratio is: the truth lies between L and B"
                : "no shift coupling bounds the loss, and no certified ratio "
                "exceeds the claim");
    }
    /* an (eps, delta) claim with delta > 0: a ratio above eps, an exact
       zero or a loss with no pure bound does not violate it */
    if (claim_has_delta(M) && decision_violated(D->status))
    {
        D->status = STATUS_UNDECIDED;
        D->violated_by_proof = 0;
        D->above_eps_delta = 1;
        snprintf(D->reason, sizeof(D->reason), "%s", DECISION_DELTA_REASON);
    }
    return D->status;
}

const char *
decision_word(svt_status s)
{
    static const char * w[] = { "PROVED", "VIOLATED", "UNBOUNDED", "UNDECIDED",
        "NO CLAIM" };
    return w[s];
}

const char *
decision_name(svt_status s)
{
    static const char * w[] = { "proved", "violated", "unbounded", "undecided",
        "no-claim" };
    return w[s];
}

int
decision_B_rational(const decision_struct * D)
{
    fmpq_t q;
    int ok;
    if (!D->proved || D->B_exact[0] == '\0')
        return 0;
    fmpq_init(q);
    ok = fmpq_set_str(q, D->B_exact, 10) == 0;
    fmpq_clear(q);
    return ok;
}

char *
decision_B_string(const decision_struct * D, slong digits)
{
    char * s;
    if (!D->proved)
        return NULL;
    if (!decision_B_rational(D))
        return decimal_bound(D->B, digits, 1);
    s = flint_malloc(strlen(D->B_exact) + 1);
    strcpy(s, D->B_exact);
    return s;
}

const char *
decision_bound_state(const decision_struct * D)
{
    return D->proved ? "finite" : D->unbounded ? "none" : "unknown";
}

int
decision_violated(svt_status s)
{
    return s == STATUS_VIOLATED || s == STATUS_UNBOUNDED;
}

int
decision_exit(svt_status s)
{
    return s == STATUS_PROVED || s == STATUS_NO_CLAIM ? 0
        : s == STATUS_UNDECIDED ? 3 : 1;
}
