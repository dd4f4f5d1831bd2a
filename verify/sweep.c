/* sweep.c -- the log-ratio along a geometric sweep of m, its
   classification (growing linearly, growing slowly, infinite, or growth
   not shown: certified increments decide, see growth_certified),
   and the first m at which it passes eps, 10 eps, 100 eps, 1000 eps. */

#include <math.h>
#include <stdio.h>
#include "verify.h"

const char *
growth_name(growth_t g)
{
    static const char * names[] = { "growth-not-shown", "growing",
        "growing-slowly", "infinite", "none" };
    return names[g];
}

int
growth_certified(ulong ma, const arb_t La, ulong mb, const arb_t Lb,
    ulong mc, const arb_t Lc)
{
    const slong prec = 128;
    arb_t d1, d2, t;
    int ok;
    if (!(2 * ma <= mb && 2 * mb <= mc) || !arb_is_finite(La)
            || !arb_is_finite(Lb) || !arb_is_finite(Lc))
        return 0;
    arb_init(d1);
    arb_init(d2);
    arb_init(t);
    /* d1 = (L_b - L_a)/ln(m_b/m_a), d2 = (L_c - L_b)/ln(m_c/m_b) */
    arb_sub(d1, Lb, La, prec);
    arb_set_ui(t, mb);
    arb_div_ui(t, t, ma, prec);
    arb_log(t, t, prec);
    arb_div(d1, d1, t, prec);
    arb_sub(d2, Lc, Lb, prec);
    arb_set_ui(t, mc);
    arb_div_ui(t, t, mb, prec);
    arb_log(t, t, prec);
    arb_div(d2, d2, t, prec);
    arb_mul_2exp_si(t, d1, -1);
    ok = arb_is_positive(d1) && arb_ge(d2, t);
    arb_clear(d1);
    arb_clear(d2);
    arb_clear(t);
    return ok;
}

int
growth_certified_pts(const ulong * m, const arb_struct * L, slong n,
    slong * ia, slong * ib, slong * ic)
{
    slong i;
    *ia = *ib = *ic = -1;
    for (i = n - 1; i >= 0 && *ic < 0; i--)
        if (arb_is_finite(L + i))
            *ic = i;
    for (i = *ic - 1; *ic > 0 && i >= 0 && *ib < 0; i--)
        if (arb_is_finite(L + i) && 2 * m[i] <= m[*ic])
            *ib = i;
    for (i = *ib - 1; *ib > 0 && i >= 0 && *ia < 0; i--)
        if (arb_is_finite(L + i) && 2 * m[i] <= m[*ib])
            *ia = i;
    if (*ia < 0)
        return 0;
    return growth_certified(m[*ia], L + *ia, m[*ib], L + *ib, m[*ic], L + *ic);
}

void
sweep_result_init(sweep_result_t s)
{
    int k;
    s->pts = NULL;
    s->len = 0;
    s->growth = GROWTH_NONE;
    s->slope = 0;
    s->block = 1;
    arb_init(s->max_loss);
    s->max_loss_m = 0;
    lossmax_init(s->agg);
    for (k = 0; k < 4; k++)
    {
        s->first_m[k] = 0;
        s->first_m_extrap[k] = 0;
    }
}

void
sweep_result_clear(sweep_result_t s)
{
    slong i;
    for (i = 0; i < s->len; i++)
        arb_clear(s->pts[i].loss);
    flint_free(s->pts);
    arb_clear(s->max_loss);
    lossmax_clear(s->agg);
}

slong
sweep_grid(ulong * ms, ulong m_max)
{
    static const ulong steps[3] = { 1, 2, 5 };
    ulong p = 1;
    slong n = 0;
    int k;
    for (;;)
    {
        for (k = 0; k < 3; k++)
        {
            ulong m = steps[k] * p;
            if (m > m_max || n >= 63)
                goto done;
            ms[n++] = m;
        }
        if (p > UWORD_MAX / 10)
            break;
        p *= 10;
    }
done:
    if (n == 0 || ms[n - 1] != m_max)
        ms[n++] = m_max;
    return n;
}

/* the queries each unit of m adds to the construction: the block */
ulong
construction_block(const construction_info * ci, slong c, const fmpq_t delta,
    const fmpq_t T)
{
    svt_runs_t R1, R2;
    char err[256];
    ulong b = 1;
    if (!ci->uses_m)
        return 1;
    svt_runs_init(R1);
    svt_runs_init(R2);
    if (construction_build(R1, ci, 1, c, delta, T, err, sizeof(err)) == 0
            && construction_build(R2, ci, 2, c, delta, T, err, sizeof(err)) == 0
            && svt_runs_length(R2) > svt_runs_length(R1))
        b = svt_runs_length(R2) - svt_runs_length(R1);
    svt_runs_clear(R1);
    svt_runs_clear(R2);
    return b;
}

/* loss at m (certified), and its verdict */
static verdict_t
eval_at(arb_t loss, const svt_model_t M, const construction_info * ci,
    ulong m, const fmpq_t delta, const fmpq_t T, const ratio_opt * opt,
    ratio_result_t r, char * err, size_t errlen)
{
    svt_runs_t R;
    verdict_t v;
    svt_runs_init(R);
    if (construction_build(R, ci, m, M->c, delta, T, err, errlen) != 0)
    {
        svt_runs_clear(R);
        r->verdict = VERDICT_INCONCLUSIVE;
        r->note = "the construction could not be built";
        arb_indeterminate(r->loss);
        arb_indeterminate(loss);
        return VERDICT_INCONCLUSIVE;
    }
    v = ratio_decide(r, M, R, opt);
    arb_set(loss, r->loss);
    svt_runs_clear(R);
    return v;
}

static int
passes(const arb_t loss, verdict_t v, const arb_t target)
{
    if (v == VERDICT_INFINITE)
        return 1;
    return arb_is_finite(loss) && arb_gt(loss, target);
}

/* the points a decade below ic (ib) and a decade below ib (ia), each the
   largest finite one; -1 when none */
static void
decade_points(const sweep_result_t s, slong ic, slong * ib, slong * ia)
{
    slong i;
    *ib = *ia = -1;
    for (i = ic - 1; ic >= 0 && i >= 0; i--)
        if (arb_is_finite(s->pts[i].loss)
                && s->pts[i].m * SWEEP_DECADE <= s->pts[ic].m)
        {
            *ib = i;
            break;
        }
    for (i = *ib - 1; *ib > 0 && i >= 0; i--)
        if (arb_is_finite(s->pts[i].loss)
                && s->pts[i].m * SWEEP_DECADE <= s->pts[*ib].m)
        {
            *ia = i;
            break;
        }
}

ulong
sweep_growth_m_min(void)
{
    ulong ms[64];
    sweep_grid(ms, 1);
    return ms[0] * SWEEP_DECADE * SWEEP_DECADE;
}

int
sweep_classifiable(const sweep_result_t s)
{
    slong i, ic = -1, ib, ia;
    for (i = 0; i < s->len; i++)
    {
        if (s->pts[i].verdict == VERDICT_INFINITE)
            return 1;   /* classified: infinite */
        if (arb_is_finite(s->pts[i].loss))
            ic = i;
    }
    decade_points(s, ic, &ib, &ia);
    return ia >= 0;
}

int
sweep_run(sweep_result_t s, const svt_model_t M, const construction_info * ci,
    ulong m_max, const fmpq_t delta, const fmpq_t T, const ratio_opt * opt,
    int find_thresholds, sweep_progress_fn progress, void * pdata,
    char * err, size_t errlen)
{
    ulong ms[64];
    slong n, i, ia, ib, ic, k;
    ratio_result_t r;
    arb_t target, loss;
    const slong prec = 256;

    if (ci->max_m && m_max > ci->max_m)
        m_max = ci->max_m;
    n = ci->uses_m ? sweep_grid(ms, m_max) : 1;
    if (!ci->uses_m)
        ms[0] = 1;
    s->pts = flint_malloc(n * sizeof(sweep_point));
    s->block = construction_block(ci, M->c, delta, T);
    ratio_result_init(r);
    arb_init(target);
    arb_init(loss);

    for (i = 0; i < n; i++)
    {
        sweep_point * p = s->pts + s->len;
        arb_init(p->loss);
        p->m = ms[i];
        s->len++;
        p->verdict = eval_at(p->loss, M, ci, ms[i], delta, T, opt, r, err, errlen);
        lossmax_add(s->agg, r);
        if (progress != NULL)
            progress(pdata, ms[i], r);
        if (p->verdict == VERDICT_INFINITE)
            break;
    }

    /* classification */
    arb_neg_inf(s->max_loss);
    ia = ib = ic = -1;
    for (i = 0; i < s->len; i++)
    {
        sweep_point * p = s->pts + i;
        if (p->verdict == VERDICT_INFINITE)
        {
            s->growth = GROWTH_INFINITE;
            arb_pos_inf(s->max_loss);
            s->max_loss_m = p->m;
            break;
        }
        if (!arb_is_finite(p->loss))
            continue;
        if (arf_is_neg_inf(arb_midref(s->max_loss))
                || arf_cmp(arb_midref(p->loss), arb_midref(s->max_loss)) > 0)
        {
            arb_set(s->max_loss, p->loss);
            s->max_loss_m = p->m;
        }
        ic = i;
    }
    if (s->growth != GROWTH_INFINITE)
    {
        if (ic < 0)
            s->growth = GROWTH_NONE;
        else
        {
            decade_points(s, ic, &ib, &ia);
            s->growth = GROWTH_NOT_SHOWN;
            if (ib >= 0)
            {
                const arb_struct * Lb = s->pts[ib].loss, * Lc = s->pts[ic].loss;
                s->slope = (arf_get_d(arb_midref(Lc), ARF_RND_NEAR)
                    - arf_get_d(arb_midref(Lb), ARF_RND_NEAR))
                    / ((double) s->pts[ic].m - (double) s->pts[ib].m);
            }
            if (ia >= 0)
            {
                /* two decades m_a <= m_b/10 <= m_c/100.  Linear: the last
                   decade multiplies the loss by >= 5 and its slope per
                   query is at least half the previous decade's (a family
                   that rises to a plateau, or a sweep of a single decade,
                   is never called linear).  Slow: the increments do not
                   shrink (growth_certified).  Otherwise growth is not
                   shown, which is not a bound. */
                const arb_struct * La = s->pts[ia].loss, * Lb = s->pts[ib].loss,
                    * Lc = s->pts[ic].loss;
                arb_t d1, d2, s1, s2;
                arb_init(d1);
                arb_init(d2);
                arb_init(s1);
                arb_init(s2);
                arb_sub(d1, Lb, La, prec);
                arb_sub(d2, Lc, Lb, prec);
                arb_div_ui(s1, d1, s->pts[ib].m - s->pts[ia].m, prec);
                arb_div_ui(s2, d2, s->pts[ic].m - s->pts[ib].m, prec);
                arb_mul_2exp_si(s1, s1, -1);
                arb_mul_ui(target, Lb, 5, prec);
                /* both need the certified rule (growth_certified) */
                if (!growth_certified(s->pts[ia].m, La, s->pts[ib].m, Lb,
                        s->pts[ic].m, Lc))
                    ;
                else if (arb_is_positive(Lc) && arb_gt(Lc, target)
                        && arb_is_positive(s2) && arb_ge(s2, s1))
                    s->growth = GROWTH_LINEAR;
                else
                    s->growth = GROWTH_SLOW;
                arb_clear(d1);
                arb_clear(d2);
                arb_clear(s1);
                arb_clear(s2);
            }
        }
    }

    /* first m passing k eps, by bisection between sweep points (the
       ratio is taken to grow with m, as it does on these families) */
    if (find_thresholds && ci->uses_m)
    {
        static const ulong mult[4] = { 1, 10, 100, 1000 };
        for (k = 0; k < 4; k++)
        {
            arb_mul_ui(target, M->claimed, mult[k], prec);
            for (i = 0; i < s->len; i++)
                if (passes(s->pts[i].loss, s->pts[i].verdict, target))
                    break;
            if (i < s->len)
            {
                ulong lo = i == 0 ? 0 : s->pts[i - 1].m, hi = s->pts[i].m;
                while (hi - lo > 1)
                {
                    ulong mid = lo + (hi - lo) / 2;
                    verdict_t v = eval_at(loss, M, ci, mid, delta, T, opt, r,
                        err, errlen);
                    if (passes(loss, v, target))
                        hi = mid;
                    else
                        lo = mid;
                }
                s->first_m[k] = hi;
            }
            else if (s->growth == GROWTH_LINEAR && s->slope > 0 && ic >= 0)
            {
                double t = arf_get_d(arb_midref(target), ARF_RND_NEAR);
                double lc = arf_get_d(arb_midref(s->pts[ic].loss), ARF_RND_NEAR);
                s->first_m_extrap[k] = s->pts[ic].m + ceil((t - lc) / s->slope);
            }
        }
    }

    ratio_result_clear(r);
    arb_clear(target);
    arb_clear(loss);
    return 0;
}

int
sweep_violated(const sweep_result_t s, const svt_model_t M)
{
    return verdict_violates(lossmax_verdict(s->agg, M, 0), M);
}
