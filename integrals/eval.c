/* eval.c -- certified evaluation of an integral: domain splitting,
   magnitude heuristics, truncation with certified tails, and the
   precision loop. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <acb_calc.h>
#include "piece.h"

/* A cluster of break points whose balls overlap: the exact interval
   [l, r] contains every one of them. */
typedef struct
{
    arf_t l, r;
    double reach;   /* the least reach of its points (bpoint_struct) */
}
cluster_struct;

/* A break point and how far its span may reach past it: 0 for a kink
   (a Laplace term's or density's, a domain end), which always splits;
   for the zero of a Gaussian term of scale s, sqrt(2) s (its argument
   stays within [-1, 1] there, so both of its forms are accurate);
   HUGE_VAL for the centre of a Gaussian density, which has no kink. */
typedef struct
{
    arb_struct x;
    double reach;
}
bpoint_struct;

typedef struct
{
    bpoint_struct * pts;
    slong len, alloc;
}
ptvec_struct;

static void
ptvec_push(ptvec_struct * v, const arb_t x, double reach)
{
    if (v->len == v->alloc)
    {
        v->alloc = FLINT_MAX(8, 2 * v->alloc);
        v->pts = flint_realloc(v->pts, v->alloc * sizeof(bpoint_struct));
    }
    arb_init(&v->pts[v->len].x);
    arb_set(&v->pts[v->len].x, x);
    v->pts[v->len].reach = reach;
    v->len++;
}

static int
cmp_mid(const void * x, const void * y)
{
    return arf_cmp(arb_midref(&((const bpoint_struct *) x)->x),
        arb_midref(&((const bpoint_struct *) y)->x));
}

/* Is x certainly outside the open domain (lo, hi)? */
static int
outside_domain(const integral_struct * I, const arb_t x)
{
    if (!I->lo_inf && arb_le(x, I->lo))
        return 1;
    if (!I->hi_inf && arb_ge(x, I->hi))
        return 1;
    return 0;
}

/* Rigorous enclosure of the normalised integrand over the real interval
   x, by monotonicity of every CDF term. */
/* p(x) prod_k G_k(x)^n_k (without C), x a real ball */
static void
density_times_factors(arb_t res, const integral_struct * I, const arb_t x,
    slong prec)
{
    arb_t g, t, arg;
    slong k, j;
    arb_init(g);
    arb_init(t);
    arb_init(arg);
    integral_law_density(res, I->kind, I->scale, x, prec);
    for (k = 0; k < I->len; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        arb_set(g, f->constant);
        for (j = 0; j < f->nterms; j++)
        {
            const integral_term_struct * tr = f->terms + j;
            arb_mul_si(arg, x, tr->sign, prec);
            arb_add(arg, arg, tr->shift, prec);
            integral_law_cdf(t, tr->kind, tr->scale, arg, prec);
            arb_addmul(g, t, tr->coef, prec);
        }
        arb_pow_fmpz(g, g, f->mult, prec);
        arb_mul(res, res, g, prec);
    }
    arb_clear(g);
    arb_clear(t);
    arb_clear(arg);
}

static void
enclose_interval(arb_ptr res, const integral_struct * I, arb_srcptr x,
    arb_srcptr lref, slong prec)
{
    arb_t t;
    arb_init(t);
    density_times_factors(res, I, x, prec);
    arb_neg(t, lref);
    arb_exp(t, t, prec);
    arb_mul(res, res, t, prec);
    arb_clear(t);
}

void
integral_integrand_at(arb_t res, const integral_t I, const arb_t z, slong prec)
{
    if ((!I->lo_inf && arb_lt(z, I->lo)) || (!I->hi_inf && arb_gt(z, I->hi)))
    {
        arb_zero(res);
        return;
    }
    density_times_factors(res, I, z, prec);
    arb_mul(res, res, I->constant, prec);
}

/* Heuristic value of the log-integrand at the point z (a double): only
   used to choose split points, truncation points and tolerances. */
static double
hlog(piece_t P, double z)
{
    acb_t x, L, pw;
    double r = piece_log_d(P, z);
    if (!isnan(r))
        return r;
    acb_init(x);
    acb_init(L);
    acb_init(pw);
    arf_set_d(arb_midref(acb_realref(x)), z);
    piece_log(L, pw, x, P, 0, 0, 64);
    if (acb_is_finite(L))
        r = arf_get_d(arb_midref(acb_realref(L)), ARF_RND_NEAR);
    else
        r = -HUGE_VAL;
    acb_clear(x);
    acb_clear(L);
    acb_clear(pw);
    return r;
}

typedef struct
{
    piece_t P;
    int lo_inf, hi_inf;
    arf_t a, b;         /* finite ends */
    double zstar;       /* heuristic maximiser of the log-integrand */
    double lstar;       /* heuristic maximum */
    double width;       /* heuristic width of the peak */
}
span_struct;

/* Golden-section search for the maximum of hlog on [x0, x1]. */
static void
golden(double * zbest, double * lbest, piece_t P, double x0, double x1)
{
    const double g = 0.6180339887498949;
    double c = x1 - g * (x1 - x0), d = x0 + g * (x1 - x0);
    double fc = hlog(P, c), fd = hlog(P, d);
    int i;
    for (i = 0; i < 80 && x1 - x0 > 1e-15 * (fabs(x0) + fabs(x1) + 1e-300);
            i++)
    {
        if (fc >= fd)
        {
            x1 = d;
            d = c;
            fd = fc;
            c = x1 - g * (x1 - x0);
            fc = hlog(P, c);
        }
        else
        {
            x0 = c;
            c = d;
            fc = fd;
            d = x0 + g * (x1 - x0);
            fd = hlog(P, d);
        }
    }
    if (fc > *lbest)
    {
        *lbest = fc;
        *zbest = c;
    }
    if (fd > *lbest)
    {
        *lbest = fd;
        *zbest = d;
    }
}

static double
min_scale(const integral_struct * I)
{
    double w = arf_get_d(arb_midref(I->scale), ARF_RND_NEAR);
    slong k, j;
    for (k = 0; k < I->len; k++)
        for (j = 0; j < I->factors[k].nterms; j++)
            w = FLINT_MIN(w, arf_get_d(arb_midref(I->factors[k].terms[j].scale),
                ARF_RND_NEAR));
    return w;
}

/* Heuristics for one span: location, height and width of its peak. */
static void
span_peak(span_struct * S, double w, double drop)
{
    double a = S->lo_inf ? 0 : arf_get_d(S->a, ARF_RND_NEAR);
    double b = S->hi_inf ? 0 : arf_get_d(S->b, ARF_RND_NEAR);
    double zb, lb, s, sl, sr;
    int j;

    if (!S->lo_inf && !S->hi_inf)
    {
        zb = a;
        lb = hlog(S->P, a);
        s = hlog(S->P, b);
        if (s > lb)
        {
            lb = s;
            zb = b;
        }
        golden(&zb, &lb, S->P, a, b);
    }
    else
    {
        /* walk outward from the finite end with doubling steps */
        int dir = S->hi_inf ? 1 : -1;
        double z0 = S->hi_inf ? a : b, zprev = z0, zbefore = z0, z, l;
        double bracket_lo, bracket_hi;
        zb = z0;
        lb = hlog(S->P, z0);
        bracket_lo = bracket_hi = z0;
        for (j = -8; j < 1100; j++)
        {
            z = z0 + dir * w * ldexp(1.0, j);
            l = hlog(S->P, z);
            if (l > lb)
            {
                lb = l;
                zb = z;
                bracket_lo = zbefore;
            }
            if (zb == z0)
                bracket_lo = z0;
            if (zb == zprev)
                bracket_hi = z;
            if (l < lb - drop && z != zb)
                break;
            zbefore = zprev;
            zprev = z;
        }
        if (zb == z0)
            bracket_hi = z0 + dir * w * ldexp(1.0, -8);
        if (bracket_lo != bracket_hi)
            golden(&zb, &lb, S->P, FLINT_MIN(bracket_lo, bracket_hi),
                FLINT_MAX(bracket_lo, bracket_hi));
    }

    /* width: distance at which the log-integrand drops by 1 */
    sl = sr = 0;
    for (s = w * ldexp(1.0, -60); s < w * ldexp(1.0, 1000); s *= 2)
    {
        if (!S->lo_inf && zb - s < a)
        {
            sl = zb - a;
            break;
        }
        sl = s;
        if (hlog(S->P, zb - s) < lb - 1)
            break;
    }
    for (s = w * ldexp(1.0, -60); s < w * ldexp(1.0, 1000); s *= 2)
    {
        if (!S->hi_inf && zb + s > b)
        {
            sr = b - zb;
            break;
        }
        sr = s;
        if (hlog(S->P, zb + s) < lb - 1)
            break;
    }
    S->zstar = zb;
    S->lstar = lb;
    S->width = FLINT_MAX(sl + sr, w * ldexp(1.0, -60));
}

/* The break points of I (the kinks of the density and of the terms, the
   zeros of the Gaussian terms, the finite domain ends), merged into
   clusters of overlapping balls, in increasing order.  An interior
   cluster of Gaussian zeros is dropped when the span that then contains
   it stays within the reach of every zero it holds: with the first and
   the last cluster always kept, the tails keep a fixed form, and a long
   list of nearby thresholds costs one span instead of one each. */
static cluster_struct *
break_clusters(slong * len, const integral_struct * I, slong prec)
{
    ptvec_struct pv = { NULL, 0, 0 };
    cluster_struct * cl;
    slong i, j, k, ncl = 0, kept;
    double reach;
    arb_t x;
    arf_t l, r, w;

    arb_init(x);
    arf_init(l);
    arf_init(r);
    arf_init(w);
    if (!outside_domain(I, x))
        ptvec_push(&pv, x, I->kind == INTEGRAL_LAPLACE ? 0 : HUGE_VAL);
    for (k = 0; k < I->len; k++)
        for (j = 0; j < I->factors[k].nterms; j++)
        {
            const integral_term_struct * tr = I->factors[k].terms + j;
            arb_mul_si(x, tr->shift, -tr->sign, prec);
            reach = tr->kind == INTEGRAL_LAPLACE ? 0 : sqrt(2.0)
                * arf_get_d(arb_midref(tr->scale), ARF_RND_DOWN) * 0.999;
            if (!outside_domain(I, x))
                ptvec_push(&pv, x, reach);
        }
    if (!I->lo_inf)
        ptvec_push(&pv, I->lo, 0);
    if (!I->hi_inf)
        ptvec_push(&pv, I->hi, 0);
    qsort(pv.pts, pv.len, sizeof(bpoint_struct), cmp_mid);

    cl = flint_malloc(FLINT_MAX(pv.len, 1) * sizeof(cluster_struct));
    for (i = 0; i < pv.len; i++)
    {
        arb_get_lbound_arf(l, &pv.pts[i].x, prec);
        arb_get_ubound_arf(r, &pv.pts[i].x, prec);
        if (ncl > 0 && arf_cmp(l, cl[ncl - 1].r) <= 0)
        {
            if (arf_cmp(r, cl[ncl - 1].r) > 0)
                arf_set(cl[ncl - 1].r, r);
            cl[ncl - 1].reach = FLINT_MIN(cl[ncl - 1].reach, pv.pts[i].reach);
        }
        else
        {
            arf_init(cl[ncl].l);
            arf_init(cl[ncl].r);
            arf_set(cl[ncl].l, l);
            arf_set(cl[ncl].r, r);
            cl[ncl].reach = pv.pts[i].reach;
            ncl++;
        }
        arb_clear(&pv.pts[i].x);
    }
    flint_free(pv.pts);

    /* drop the interior clusters of Gaussian zeros that fit */
    reach = HUGE_VAL;
    for (i = 1, kept = 1; i < ncl; i++)
    {
        int drop = 0;
        if (i < ncl - 1 && cl[i].reach > 0 && arf_equal(cl[i].l, cl[i].r))
        {
            arf_sub(w, cl[i + 1].l, cl[kept - 1].r, 53, ARF_RND_UP);
            drop = arf_cmp_d(w, FLINT_MIN(reach, cl[i].reach)) <= 0;
        }
        if (drop)
        {
            reach = FLINT_MIN(reach, cl[i].reach);
            arf_clear(cl[i].l);
            arf_clear(cl[i].r);
            continue;
        }
        reach = HUGE_VAL;
        if (kept != i)
            cl[kept] = cl[i];
        kept++;
    }
    *len = FLINT_MIN(kept, ncl);

    arb_clear(x);
    arf_clear(l);
    arf_clear(r);
    arf_clear(w);
    return cl;
}

/* One segment with acb_calc_integrate.  eval_limit > 0 bounds the
   evaluations (Arb then bounds what is left of the segment crudely: the
   result is still an enclosure, only wider). */
static void
integrate_segment(acb_t res, piece_t P, const arf_t x0, const arf_t x1,
    slong goal, const mag_t tol, slong eval_limit, slong prec)
{
    acb_t a, b;
    acb_calc_integrate_opt_t opt;
    acb_init(a);
    acb_init(b);
    acb_calc_integrate_opt_init(opt);
    if (eval_limit > 0)
        opt->eval_limit = eval_limit;
    arb_set_arf(acb_realref(a), x0);
    arb_set_arf(acb_realref(b), x1);
    acb_calc_integrate(res, piece_func, P, a, b, goal, tol, opt, prec);
    acb_clear(a);
    acb_clear(b);
}

/* An exact interior point of the span: the finite end moved by 1 away
   from it, or the midpoint (exact arf arithmetic: with huge shifts a
   rounded point could fall back onto a kink). */
static void
span_interior_point(arb_t x, const span_struct * S)
{
    arb_zero(x);
    if (S->lo_inf)
        arf_sub_ui(arb_midref(x), S->b, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
    else if (S->hi_inf)
        arf_add_ui(arb_midref(x), S->a, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
    {
        arf_add(arb_midref(x), S->a, S->b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(arb_midref(x), arb_midref(x), -1);
    }
}

/* The spans between the clusters, each with its piece. */
static span_struct *
spans_make(slong * nsp, const integral_struct * I, const cluster_struct * cl,
    slong ncl, slong prec)
{
    span_struct * sp = flint_malloc((ncl + 1) * sizeof(span_struct));
    slong i;
    arb_t x;
    arb_init(x);
    *nsp = 0;
    for (i = -1; i < ncl; i++)
    {
        span_struct * S;
        if (i == -1 && !I->lo_inf)
            continue;
        if (i == ncl - 1 && !I->hi_inf)
            continue;
        S = sp + *nsp;
        arf_init(S->a);
        arf_init(S->b);
        S->lo_inf = (i == -1);
        S->hi_inf = (i == ncl - 1);
        if (!S->lo_inf)
            arf_set(S->a, cl[i].r);
        if (!S->hi_inf)
            arf_set(S->b, cl[i + 1].l);
        span_interior_point(x, S);
        piece_init(S->P, I, x, prec);
        (*nsp)++;
    }
    arb_clear(x);
    return sp;
}

static void
spans_clear(span_struct * sp, slong nsp)
{
    slong i;
    for (i = 0; i < nsp; i++)
    {
        piece_clear(sp[i].P);
        arf_clear(sp[i].a);
        arf_clear(sp[i].b);
    }
    flint_free(sp);
}

/* Heuristics: the reference log-height lref of the integrand (it is
   normalised by exp(lref)) and the absolute tolerance tol of the
   quadrature, from where the mass is and how large it is. */
static void
spans_scale(arb_t lref, mag_t tol, span_struct * sp, slong nsp,
    const integral_struct * I, slong goal_bits)
{
    double w = min_scale(I), drop = 0.7 * goal_bits + 60;
    double lmax = -HUGE_VAL, logm = -HUGE_VAL;
    slong i;
    for (i = 0; i < nsp; i++)
    {
        span_peak(sp + i, w, drop);
        lmax = FLINT_MAX(lmax, sp[i].lstar);
    }
    if (!isfinite(lmax))
        lmax = 0;
    for (i = 0; i < nsp; i++)
        logm = FLINT_MAX(logm, sp[i].lstar - lmax + log(sp[i].width / 2));
    if (!isfinite(logm))
        logm = 0;
    arb_set_d(lref, lmax);
    mag_set_ui_2exp_si(tol, 1, (slong) floor(logm / log(2.0)) - goal_bits - 8);
    for (i = 0; i < nsp; i++)
        arb_set(sp[i].P->lref, lref);
}

/* The certified tail of an infinite span beyond a truncation point far
   enough past the peak that the tail is tight; lo..hi is what is left
   to integrate. */
static void
span_tail(arb_t res, arf_t lo, arf_t hi, span_struct * S,
    const integral_struct * I, const mag_t tol, slong prec)
{
    int dir = S->hi_inf ? 1 : -1;
    double z0 = S->zstar, w = min_scale(I);
    arb_t x;
    slong j;
    arb_init(x);
    if (S->hi_inf)
        z0 = FLINT_MAX(z0, arf_get_d(S->a, ARF_RND_NEAR));
    else
        z0 = FLINT_MIN(z0, arf_get_d(S->b, ARF_RND_NEAR));
    for (j = -2; j < 1100; j++)
    {
        arb_set_d(x, z0 + dir * w * ldexp(1.0, j));
        piece_tail(res, S->P, x, dir, prec);
        if (arb_is_finite(res) && mag_cmp(arb_radref(res), tol) < 0)
            break;
    }
    piece_tail(res, S->P, x, dir, prec);
    if (S->hi_inf)
    {
        arf_set(lo, S->a);
        arf_set(hi, arb_midref(x));
    }
    else
    {
        arf_set(lo, arb_midref(x));
        arf_set(hi, S->b);
    }
    arb_clear(x);
}

/* The integral of the normalised integrand over one span (its tail
   included), split at the peak when the peak is inside.  Evaluations
   past eval_limit (> 0) are bounded crudely by Arb. */
static void
span_integrate(arb_t res, span_struct * S, const integral_struct * I,
    slong goal_bits, const mag_t tol, slong eval_limit, slong prec)
{
    arf_t lo, hi, mid;
    acb_t seg;
    arf_init(lo);
    arf_init(hi);
    arf_init(mid);
    acb_init(seg);
    arb_zero(res);
    if (S->lo_inf || S->hi_inf)
        span_tail(res, lo, hi, S, I, tol, prec);
    else
    {
        arf_set(lo, S->a);
        arf_set(hi, S->b);
    }
    arf_set_d(mid, S->zstar);
    if (arf_cmp(mid, lo) > 0 && arf_cmp(mid, hi) < 0)
    {
        integrate_segment(seg, S->P, lo, mid, goal_bits + 8, tol,
            eval_limit, prec);
        arb_add(res, res, acb_realref(seg), prec);
        if (eval_limit > 0)
            eval_limit = FLINT_MAX(1, eval_limit - S->P->evals);
        integrate_segment(seg, S->P, mid, hi, goal_bits + 8, tol,
            eval_limit, prec);
    }
    else
        integrate_segment(seg, S->P, lo, hi, goal_bits + 8, tol,
            eval_limit, prec);
    arb_add(res, res, acb_realref(seg), prec);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(mid);
    acb_clear(seg);
}

/* Clusters of non-exact break points: |integral| <= width * sup. */
static void
clusters_bound(arb_t total, const integral_struct * I,
    const cluster_struct * cl, slong ncl, const arb_t lref, slong prec)
{
    arb_t x, t;
    slong i;
    arb_init(x);
    arb_init(t);
    for (i = 0; i < ncl; i++)
    {
        if (arf_equal(cl[i].l, cl[i].r))
            continue;
        arb_set_interval_arf(x, cl[i].l, cl[i].r, prec);
        enclose_interval(t, I, x, lref, prec);
        arb_abs(t, t);
        arb_get_ubound_arf(arb_midref(t), t, prec);
        mag_zero(arb_radref(t));
        arb_set_arf(x, cl[i].r);
        arb_sub_arf(x, x, cl[i].l, prec);
        arb_mul(t, t, x, prec);
        arb_add_error(total, t);
    }
    arb_clear(x);
    arb_clear(t);
}

/* One attempt at a fixed precision; eval_limit > 0 bounds the integrand
   evaluations of the attempt (the result stays an enclosure). */
static void
eval_attempt(integral_result_t res, const integral_t I, slong goal_bits,
    slong eval_limit, slong prec)
{
    cluster_struct * cl;
    span_struct * sp;
    slong ncl = 0, nsp = 0, i;
    int undetermined = 0;
    arb_t total, t, lref;
    mag_t tol;

    res->exact_zero = 0;
    res->evals = 0;
    res->prec = prec;

    /* empty domain: the exact zero */
    if (!I->lo_inf && !I->hi_inf && arb_ge(I->lo, I->hi))
    {
        arb_zero(res->value);
        arb_neg_inf(res->log_value);
        res->exact_zero = 1;
        return;
    }

    arb_init(total);
    arb_init(t);
    arb_init(lref);
    mag_init(tol);

    cl = break_clusters(&ncl, I, prec);
    sp = spans_make(&nsp, I, cl, ncl, prec);
    for (i = 0; i < nsp; i++)
        undetermined |= sp[i].P->undetermined;

    if (undetermined)
        arb_indeterminate(total);
    else
    {
        spans_scale(lref, tol, sp, nsp, I, goal_bits);
        for (i = 0; i < nsp; i++)
        {
            slong left = eval_limit <= 0 ? 0
                : FLINT_MAX(1, eval_limit - res->evals);
            span_integrate(t, sp + i, I, goal_bits, tol, left, prec);
            arb_add(total, total, t, prec);
            res->evals += sp[i].P->evals;
        }
        clusters_bound(total, I, cl, ncl, lref, prec);
    }

    /* value = C exp(lref) total */
    arb_exp(t, lref, prec);
    arb_mul(total, total, t, prec);
    arb_mul(res->value, total, I->constant, prec);
    if (arb_is_positive(res->value))
        arb_log(res->log_value, res->value, prec);
    else
        arb_indeterminate(res->log_value);

    spans_clear(sp, nsp);
    for (i = 0; i < ncl; i++)
    {
        arf_clear(cl[i].l);
        arf_clear(cl[i].r);
    }
    flint_free(cl);
    arb_clear(total);
    arb_clear(t);
    arb_clear(lref);
    mag_clear(tol);
}

void
integral_eval_fixed(integral_result_t res, const integral_t I,
    slong goal_bits, slong prec)
{
    eval_attempt(res, I, goal_bits, 0, prec);
}

slong
integral_goal_bits(slong digits)
{
    return (slong) ceil(digits * 3.321928094887362) + 1;
}

/* the cost of one evaluation at prec bits, in work units: one unit up
   to 256 bits, then growing like prec^2 (exp, log and erfc at high
   precision) */
static slong
eval_cost(slong prec)
{
    return ((prec + 255) / 256) * ((prec + 1023) / 1024);
}

/* the ladder's start, shared by integral_eval and integral_eval_point:
   the goal, the cap, the budget (opt's, or what is left of the
   caller's limit) and the first precision (prec, or from the goal and
   the multiplicities when prec <= 0) */
static void
ladder_start(slong * goal, slong * cap, slong * budget, slong * prec,
    const integral_t I, const integral_opt_t opt)
{
    slong k, nbits = 0;
    integral_opt_bits(goal, cap, opt);
    *budget = (opt != NULL && opt->max_work > 0) ? opt->max_work
        : INTEGRAL_DEFAULT_WORK;
    if (opt != NULL && opt->work_used != NULL && opt->work_limit > 0)
        *budget = FLINT_MAX(1, FLINT_MIN(*budget, opt->work_limit
            - *opt->work_used));
    for (k = 0; k < I->len; k++)
        nbits = FLINT_MAX(nbits, (slong) fmpz_bits(I->factors[k].mult));
    if (*prec <= 0)
        *prec = *goal + nbits + 32;
    *prec = FLINT_MIN(*prec, *cap);
}

static int
past_time(const integral_opt_t opt)
{
    return opt != NULL && opt->deadline > 0 && integral_clock() > opt->deadline;
}

/* after a rung: 1 when the ladder stops, with res->status (the goal
   met: `done`; else the cap or the budget reached, budget_spent set for
   the budget or the time), else 0 with *prec doubled up to the cap */
static int
ladder_step(integral_result_t res, int done, slong spent, slong budget,
    slong * prec, slong cap, const integral_opt_t opt)
{
    if (done)
    {
        res->status = INTEGRAL_SUCCESS;
        return 1;
    }
    if (spent >= budget || past_time(opt))
        res->budget_spent = 1;
    if (*prec >= cap || res->budget_spent)
    {
        res->status = INTEGRAL_GOAL_MISSED;
        return 1;
    }
    *prec = FLINT_MIN(2 * *prec, cap);
    return 0;
}

int
integral_eval_point(integral_result_t res, const integral_t I,
    const fmpq_t z, const integral_opt_t opt, slong prec)
{
    slong goal, cap, budget, spent = 0;
    arb_t x;
    arb_init(x);
    ladder_start(&goal, &cap, &budget, &prec, I, opt);
    res->budget_spent = 0;
    for (;;)
    {
        arb_set_fmpq(x, z, prec);
        integral_integrand_at(res->value, I, x, prec);
        spent += eval_cost(prec);
        res->evals = 1;
        res->prec = prec;
        if (ladder_step(res, arb_is_exact(res->value)
                || arb_rel_accuracy_bits(res->value) >= goal, spent, budget,
                &prec, cap, opt))
            break;
    }
    res->exact_zero = arb_is_zero(res->value);
    if (arb_is_positive(res->value))
        arb_log(res->log_value, res->value, prec);
    else
        arb_indeterminate(res->log_value);
    if (opt != NULL && opt->work_used != NULL)
        *opt->work_used += spent;
    arb_clear(x);
    return res->status;
}

int
integral_eval(integral_result_t res, const integral_t I,
    const integral_opt_t opt, slong prec)
{
    slong goal, cap, budget, spent = 0;
    int verbose = opt != NULL && opt->verbose;

    ladder_start(&goal, &cap, &budget, &prec, I, opt);
    res->budget_spent = 0;

    for (;;)
    {
        slong limit = FLINT_MAX(1, (budget - spent) / eval_cost(prec));
        eval_attempt(res, I, goal, limit, prec);
        spent += res->evals * eval_cost(prec);
        if (verbose)
        {
            fprintf(stderr, "integral: prec %ld, %ld evaluations, ",
                (long) prec, (long) res->evals);
            arb_fprintn(stderr, res->value, 20, 0);
            fprintf(stderr, "\n");
        }
        if (ladder_step(res, res->exact_zero
                || arb_rel_accuracy_bits(res->value) >= goal, spent, budget,
                &prec, cap, opt))
            break;
    }
    if (opt != NULL && opt->work_used != NULL)
        *opt->work_used += spent;
    return res->status;
}
