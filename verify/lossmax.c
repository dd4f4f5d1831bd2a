/* lossmax.c -- the maximum of many certified ratios and its verdict.
   The invariant of the program lives here: `within` only when every
   ratio that went into the maximum was certified within. */

#include <stdio.h>
#include <string.h>
#include "verify.h"

void
lossmax_init(lossmax_t L)
{
    slong i;
    for (i = 0; i < VERDICT_COUNT; i++)
        L->count[i] = 0;
    arf_init(L->lo);
    arf_init(L->hi);
    arf_init(L->hi_enclosed);
    arf_neg_inf(L->lo);
    arf_neg_inf(L->hi);
    arf_neg_inf(L->hi_enclosed);
}

void
lossmax_set(lossmax_t L, const lossmax_t S)
{
    slong i;
    for (i = 0; i < VERDICT_COUNT; i++)
        L->count[i] = S->count[i];
    arf_set(L->lo, S->lo);
    arf_set(L->hi, S->hi);
    arf_set(L->hi_enclosed, S->hi_enclosed);
}

void
lossmax_clear(lossmax_t L)
{
    arf_clear(L->lo);
    arf_clear(L->hi);
    arf_clear(L->hi_enclosed);
}

static void
arf_max_set(arf_t x, const arf_t y)
{
    if (arf_cmp(y, x) > 0)
        arf_set(x, y);
}

void
lossmax_add(lossmax_t L, const ratio_result_t r)
{
    arf_t t;
    L->count[r->verdict]++;
    if (r->verdict == VERDICT_IMPOSSIBLE)
        return;
    if (r->verdict == VERDICT_INFINITE)
    {
        arf_pos_inf(L->lo);
        arf_pos_inf(L->hi);
        arf_pos_inf(L->hi_enclosed);
        return;
    }
    if (!arb_is_finite(r->loss))
    {
        /* nothing is known of this loss: the maximum is unbounded above */
        arf_pos_inf(L->hi);
        arf_pos_inf(L->hi_enclosed);
        return;
    }
    /* exact ends: a tight loss (eps - 2^-200) must stay below the claim */
    arf_init(t);
    arb_get_lbound_arf(t, r->loss, ARF_PREC_EXACT);
    arf_max_set(L->lo, t);
    arb_get_ubound_arf(t, r->loss, ARF_PREC_EXACT);
    arf_max_set(L->hi, t);
    if (!(r->exact && r->verdict == VERDICT_WITHIN))
        arf_max_set(L->hi_enclosed, t);
    arf_clear(t);
}

slong
lossmax_possible(const lossmax_t L)
{
    slong i, n = 0;
    for (i = 0; i < VERDICT_COUNT; i++)
        if (i != VERDICT_IMPOSSIBLE)
            n += L->count[i];
    return n;
}

slong
lossmax_undecided(const lossmax_t L)
{
    return L->count[VERDICT_INCONCLUSIVE];
}

void
lossmax_bounds(arb_t lo, arb_t hi, const lossmax_t L)
{
    arb_set_arf(lo, L->lo);
    arb_set_arf(hi, L->hi);
}

int
lossmax_ends(char ** lo, char ** hi, const lossmax_t L, slong digits)
{
    arb_t a, b;
    if (lossmax_possible(L) == 0)
        return 0;
    /* an infinite ratio set both ends to +inf, an unknown one the upper */
    arb_init(a);
    arb_init(b);
    lossmax_bounds(a, b, L);
    *lo = decimal_bound(a, digits, 0);
    *hi = decimal_bound(b, digits, 1);
    arb_clear(a);
    arb_clear(b);
    return 1;
}

char *
lossmax_string(const lossmax_t L, slong digits)
{
    char * a, * b, * s;
    if (!lossmax_ends(&a, &b, L, digits))
    {
        s = flint_malloc(2);
        strcpy(s, "-");
        return s;
    }
    s = flint_malloc(strlen(a) + strlen(b) + 8);
    if (strcmp(a, b) == 0)
        strcpy(s, a);
    else
        sprintf(s, "[%s, %s]", a, b);
    flint_free(a);
    flint_free(b);
    return s;
}

verdict_t
lossmax_verdict(const lossmax_t L, const svt_model_t M, int sup_uncertified)
{
    arb_t hi;
    int ok;
    if (L->count[VERDICT_INFINITE] > 0)
        return VERDICT_INFINITE;
    if (L->count[VERDICT_EXCEEDS] > 0)
        return VERDICT_EXCEEDS;
    if (L->count[VERDICT_INCONCLUSIVE] > 0)
        return VERDICT_INCONCLUSIVE;
    if (lossmax_possible(L) == 0)
        return VERDICT_IMPOSSIBLE;
    if (!M->has_claim || L->count[VERDICT_NO_CLAIM] > 0)
        return VERDICT_NO_CLAIM;
    if (sup_uncertified)
        return VERDICT_INCONCLUSIVE;
    /* every ratio is within: check it once more on the certified upper
       ends, so that no path can print `within` above the claim (those
       decided exactly were compared with the claim in rationals) */
    if (L->count[VERDICT_WITHIN] != lossmax_possible(L)
            || !arf_is_finite(L->hi) || arf_is_pos_inf(L->hi_enclosed))
        return VERDICT_INCONCLUSIVE;
    arb_init(hi);
    arb_set_arf(hi, L->hi_enclosed);
    ok = arf_is_neg_inf(L->hi_enclosed) || arb_le(hi, M->claimed);
    arb_clear(hi);
    return ok ? VERDICT_WITHIN : VERDICT_INCONCLUSIVE;
}
