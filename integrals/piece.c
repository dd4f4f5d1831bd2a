/* piece.c -- the integrand on an analytic piece, and its tails. */

#include <math.h>
#include <arb_hypgeom.h>
#include <acb_hypgeom.h>
#include "piece.h"

static double
arb_d(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

/* terms with equal E(u z + v): the first of them (a quadratic scan, up
   to a few thousand terms) */
static void
piece_init_same(piece_t P)
{
    slong nt = P->nterms, i, j;
    slong k;
    P->same = flint_malloc((nt + 1) * sizeof(slong));
    P->factor_of = flint_malloc((nt + 1) * sizeof(slong));
    P->E = _acb_vec_init(nt + 1);
    for (k = 0; k < P->I->len; k++)
        for (i = P->first[k]; i < P->first[k + 1]; i++)
            P->factor_of[i] = k;
    for (i = 0; i < nt; i++)
    {
        P->same[i] = i;
        for (j = 0; j < i && nt <= 4096; j++)
            if (P->same[j] == j && P->tkind[j] == P->tkind[i]
                    && arb_equal(P->u + j, P->u + i)
                    && arb_equal(P->v + j, P->v + i))
            {
                P->same[i] = j;
                break;
            }
    }
}

/* double copies of the piece's constants, for piece_log_d */
static void
piece_init_doubles(piece_t P)
{
    slong nt = P->nterms, nf = P->I->len, k;
    P->du = flint_malloc(5 * (nt + 1) * sizeof(double));
    P->dv = P->du + (nt + 1);
    P->dbeta = P->dv + (nt + 1);
    P->dlogbeta = P->dbeta + (nt + 1);
    P->da0 = flint_malloc(3 * (nf + 1) * sizeof(double));
    P->dloga0 = P->da0 + (nf + 1);
    P->dmult = P->dloga0 + (nf + 1);
    for (k = 0; k < nt; k++)
    {
        P->du[k] = arb_d(P->u + k);
        P->dv[k] = arb_d(P->v + k);
        P->dbeta[k] = arb_d(P->beta + k);
        P->dlogbeta[k] = arb_is_finite(P->logbeta + k)
            ? arb_d(P->logbeta + k) : NAN;
    }
    for (k = 0; k < nf; k++)
    {
        P->da0[k] = arb_d(P->a0 + k);
        P->dloga0[k] = P->ftype[k] == PIECE_LOG1P ? arb_d(P->loga0 + k) : NAN;
        P->dmult[k] = fmpz_get_d(P->I->factors[k].mult);
    }
    P->dpa = arb_d(P->pa);
    P->dpb = arb_d(P->pb);
}

void
piece_init(piece_t P, const integral_struct * I, const arb_t m, slong prec)
{
    slong k, j, nt = 0, idx;
    arb_t arg, t;

    arb_init(arg);
    arb_init(t);

    for (k = 0; k < I->len; k++)
        nt += I->factors[k].nterms;

    P->I = I;
    P->nterms = nt;
    P->first = flint_malloc((I->len + 1) * sizeof(slong));
    P->ftype = flint_malloc((I->len + 1) * sizeof(int));
    P->tkind = flint_malloc((nt + 1) * sizeof(int));
    P->beta = _arb_vec_init(nt + 1);
    P->logbeta = _arb_vec_init(nt + 1);
    P->u = _arb_vec_init(nt + 1);
    P->v = _arb_vec_init(nt + 1);
    P->a0 = _arb_vec_init(I->len + 1);
    P->loga0 = _arb_vec_init(I->len + 1);
    arb_init(P->pa);
    arb_init(P->pb);
    arb_init(P->lref);
    P->evals = 0;
    P->undetermined = 0;

    /* density */
    if (I->kind == INTEGRAL_LAPLACE)
    {
        /* log p = -log(2b) -+ z/b */
        arb_mul_2exp_si(t, I->scale, 1);
        arb_log(P->pa, t, prec);
        arb_neg(P->pa, P->pa);
        arb_inv(P->pb, I->scale, prec);
        if (arb_is_positive(m))
            arb_neg(P->pb, P->pb);
        else if (!arb_is_negative(m))
            P->undetermined = 1;    /* m too close to the kink at 0 */
    }
    else
    {
        /* log p = -log(s sqrt(2 pi)) - z^2 / (2 s^2) */
        arb_const_pi(t, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_sqrt(t, t, prec);
        arb_mul(t, t, I->scale, prec);
        arb_log(P->pa, t, prec);
        arb_neg(P->pa, P->pa);
        arb_sqr(t, I->scale, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_inv(P->pb, t, prec);
        arb_neg(P->pb, P->pb);
    }

    idx = 0;
    for (k = 0; k < I->len; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        P->first[k] = idx;
        arb_set(P->a0 + k, f->constant);
        for (j = 0; j < f->nterms; j++, idx++)
        {
            const integral_term_struct * tr = f->terms + j;
            int branch;

            /* sign of the argument s m + t on this piece */
            arb_mul_si(arg, m, tr->sign, prec);
            arb_add(arg, arg, tr->shift, prec);
            if (arb_is_positive(arg))
                branch = 1;
            else if (arb_is_negative(arg))
                branch = -1;
            else if (tr->kind == INTEGRAL_GAUSSIAN)
                branch = 1;     /* both forms are exact; no kink */
            else
            {
                /* m is not certainly off the kink at this precision
                   (huge shifts against a small scale): either form is
                   as good, the caller makes the piece's integral
                   indeterminate */
                P->undetermined = 1;
                branch = 1;
            }

            P->tkind[idx] = tr->kind;
            if (branch > 0)
                arb_add(P->a0 + k, P->a0 + k, tr->coef, prec);
            /* beta = -branch c / 2 */
            arb_mul_2exp_si(P->beta + idx, tr->coef, -1);
            if (branch > 0)
                arb_neg(P->beta + idx, P->beta + idx);

            if (tr->kind == INTEGRAL_LAPLACE)
            {
                /* E = exp(-branch (s z + t) / b) */
                arb_inv(t, tr->scale, prec);
                arb_mul_si(P->u + idx, t, -branch * tr->sign, prec);
                arb_mul(P->v + idx, tr->shift, t, prec);
                if (branch > 0)
                    arb_neg(P->v + idx, P->v + idx);
            }
            else
            {
                /* E = erfc(branch (s z + t) / (b sqrt 2)) */
                arb_sqrt_ui(t, 2, prec);
                arb_mul(t, t, tr->scale, prec);
                arb_inv(t, t, prec);
                arb_mul_si(P->u + idx, t, branch * tr->sign, prec);
                arb_mul(P->v + idx, tr->shift, t, prec);
                if (branch < 0)
                    arb_neg(P->v + idx, P->v + idx);
            }
            if (arb_is_positive(P->beta + idx))
                arb_log(P->logbeta + idx, P->beta + idx, prec);
            else
                arb_indeterminate(P->logbeta + idx);
        }

        /* a pure Gaussian factor beta erfc(w) is generic: off the real
           axis erfc(w) turns around 0, so that its logarithm would meet
           the branch cut on the ellipses of the quadrature; generic
           factors are powered directly there */
        if (arb_is_zero(P->a0 + k) && f->nterms == 1
                && arb_is_positive(P->beta + P->first[k])
                && P->tkind[P->first[k]] == INTEGRAL_LAPLACE)
            P->ftype[k] = PIECE_PURE;
        else if (f->nterms == 1 && arb_is_positive(P->a0 + k))
        {
            /* a single CDF term on its upper branch: G >= c/2 > 0 */
            P->ftype[k] = PIECE_LOG1P;
            arb_log(P->loga0 + k, P->a0 + k, prec);
        }
        else
            P->ftype[k] = PIECE_GENERIC;
    }
    P->first[I->len] = idx;
    piece_init_doubles(P);
    piece_init_same(P);

    arb_clear(arg);
    arb_clear(t);
}

void
piece_clear(piece_t P)
{
    slong nt = P->nterms, nf = P->I->len;
    flint_free(P->first);
    flint_free(P->ftype);
    flint_free(P->tkind);
    _arb_vec_clear(P->beta, nt + 1);
    _arb_vec_clear(P->logbeta, nt + 1);
    _arb_vec_clear(P->u, nt + 1);
    _arb_vec_clear(P->v, nt + 1);
    _arb_vec_clear(P->a0, nf + 1);
    _arb_vec_clear(P->loga0, nf + 1);
    arb_clear(P->pa);
    arb_clear(P->pb);
    arb_clear(P->lref);
    flint_free(P->du);
    flint_free(P->da0);
    flint_free(P->same);
    flint_free(P->factor_of);
    _acb_vec_clear(P->E, nt + 1);
}

/* log erfc(w) in double precision (the asymptotic series where erfc
   underflows) */
static double
log_erfc_d(double w)
{
    double r;
    if (w < 25)
        return log(erfc(w));
    r = 1 / (w * w);
    return -w * w - log(w) - 0.5723649429247001 + log1p(-0.5 * r + 0.75 * r * r);
}

double
piece_log_d(piece_t P, double z)
{
    const integral_struct * I = P->I;
    double L, s, w, g;
    slong k, j;

    L = (I->kind == INTEGRAL_LAPLACE ? P->dpb * z : P->dpb * z * z) + P->dpa
        - arb_d(P->lref);
    for (k = 0; k < I->len; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        slong f0 = P->first[k];
        if (P->ftype[k] == PIECE_PURE)
        {
            w = P->du[f0] * z + P->dv[f0];
            g = P->dlogbeta[f0] + (P->tkind[f0] == INTEGRAL_LAPLACE ? w
                : log_erfc_d(w));
        }
        else
        {
            s = 0;
            for (j = 0; j < f->nterms; j++)
            {
                w = P->du[f0 + j] * z + P->dv[f0 + j];
                s += P->dbeta[f0 + j] * (P->tkind[f0 + j] == INTEGRAL_LAPLACE
                    ? exp(w) : erfc(w));
            }
            if (P->ftype[k] == PIECE_LOG1P)
                g = s / P->da0[k] > -1 ? P->dloga0[k] + log1p(s / P->da0[k])
                    : NAN;
            else if (f->nterms == 1 && P->da0[k] == 0
                    && P->tkind[f0] == INTEGRAL_GAUSSIAN
                    && !isnan(P->dlogbeta[f0]))
                g = P->dlogbeta[f0] + log_erfc_d(P->du[f0] * z + P->dv[f0]);
            else
                g = P->da0[k] + s > 0 ? log(P->da0[k] + s) : NAN;
        }
        if (isnan(g))
            return NAN;
        L += P->dmult[k] * g;
    }
    return L;
}

/* E(u z + v) of term idx */
static void
term_small_e(acb_t res, const acb_t z, piece_t P, slong idx, slong prec)
{
    acb_mul_arb(res, z, P->u + idx, prec);
    acb_add_arb(res, res, P->v + idx, prec);
    if (P->tkind[idx] == INTEGRAL_LAPLACE)
        acb_exp(res, res, prec);
    else
        acb_hypgeom_erfc(res, res, prec);
}

/* E(u z + v) of every term of the factors with sel[k] (NULL: all) into
   P->E, each distinct one once; a pure Laplace factor needs none */
static void
piece_terms_e(const acb_t z, piece_t P, const int * sel, slong prec)
{
    const integral_struct * I = P->I;
    slong k, idx;
    for (k = 0; k < I->len; k++)
    {
        if ((sel != NULL && !sel[k]) || (P->ftype[k] == PIECE_PURE
                && P->tkind[P->first[k]] == INTEGRAL_LAPLACE))
            continue;
        for (idx = P->first[k]; idx < P->first[k + 1]; idx++)
        {
            slong j = P->same[idx];
            if (j < idx && (sel == NULL || sel[P->factor_of[j]])
                    && !(P->ftype[P->factor_of[j]] == PIECE_PURE
                    && P->tkind[j] == INTEGRAL_LAPLACE))
                acb_set(P->E + idx, P->E + j);
            else
                term_small_e(P->E + idx, z, P, idx, prec);
        }
    }
}

/* genlog: NULL, or per factor 1 when a generic factor goes into L as
   n log G (instead of into pw) in pow_mode */
static int
piece_log_direct(acb_t L, acb_t pw, const acb_t z, piece_t P, int analytic,
    int pow_mode, const int * genlog, slong prec)
{
    const integral_struct * I = P->I;
    acb_t t, s;
    slong k, j;
    int ok = 1;

    acb_init(t);
    acb_init(s);

    /* density */
    if (I->kind == INTEGRAL_LAPLACE)
        acb_mul_arb(L, z, P->pb, prec);
    else
    {
        acb_sqr(L, z, prec);
        acb_mul_arb(L, L, P->pb, prec);
    }
    acb_add_arb(L, L, P->pa, prec);
    acb_sub_arb(L, L, P->lref, prec);
    if (pow_mode)
        acb_one(pw);
    piece_terms_e(z, P, NULL, prec);

    for (k = 0; k < I->len && ok; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        slong f0 = P->first[k];

        if (P->ftype[k] == PIECE_PURE)
        {
            if (P->tkind[f0] == INTEGRAL_LAPLACE)
            {
                acb_mul_arb(t, z, P->u + f0, prec);
                acb_add_arb(t, t, P->v + f0, prec);
            }
            else
            {
                acb_log_analytic(t, P->E + f0, analytic, prec);
            }
            acb_add_arb(t, t, P->logbeta + f0, prec);
        }
        else
        {
            acb_zero(s);
            for (j = 0; j < f->nterms; j++)
                acb_addmul_arb(s, P->E + f0 + j, P->beta + f0 + j, prec);
            if (P->ftype[k] == PIECE_LOG1P)
            {
                acb_div_arb(s, s, P->a0 + k, prec);
                if (analytic)
                {
                    acb_add_ui(t, s, 1, prec);
                    if (!arb_is_positive(acb_realref(t)))
                    {
                        ok = 0;
                        break;
                    }
                }
                acb_log1p(t, s, prec);
                acb_add_arb(t, t, P->loga0 + k, prec);
            }
            else
            {
                acb_add_arb(s, s, P->a0 + k, prec);
                if (pow_mode && (genlog == NULL || !genlog[k]))
                {
                    acb_pow_fmpz(s, s, f->mult, prec);
                    acb_mul(pw, pw, s, prec);
                    continue;
                }
                acb_log_analytic(t, s, analytic, prec);
            }
        }
        acb_addmul_fmpz(L, t, f->mult, prec);
    }

    if (!ok || !acb_is_finite(L))
    {
        acb_indeterminate(L);
        ok = 0;
    }

    acb_clear(t);
    acb_clear(s);
    return ok;
}

/* pw = prod G_k(z)^{n_k} over the generic factors k with sel[k] */
static int
piece_generic_pow(acb_t pw, const acb_t z, piece_t P, const int * sel,
    slong prec)
{
    const integral_struct * I = P->I;
    acb_t s;
    slong k, j;
    acb_init(s);
    acb_one(pw);
    piece_terms_e(z, P, sel, prec);
    for (k = 0; k < I->len; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        if (!sel[k])
            continue;
        acb_zero(s);
        for (j = 0; j < f->nterms; j++)
            acb_addmul_arb(s, P->E + P->first[k] + j,
                P->beta + P->first[k] + j, prec);
        acb_add_arb(s, s, P->a0 + k, prec);
        acb_pow_fmpz(s, s, f->mult, prec);
        acb_mul(pw, pw, s, prec);
    }
    acb_clear(s);
    return acb_is_finite(pw);
}

/* D = derivative of the log-integrand (all factors but the generic ones
   when pow_mode) over the ball z; 0 when z meets a branch cut. */
static int
piece_dlog(acb_t D, const acb_t z, piece_t P, int pow_mode, int * genlog,
    slong prec)
{
    const integral_struct * I = P->I;
    acb_t t, s, ds, e, w;
    slong k, j;
    int ok = 1;

    acb_init(t);
    acb_init(s);
    acb_init(ds);
    acb_init(e);
    acb_init(w);

    if (I->kind == INTEGRAL_LAPLACE)
        acb_set_arb(D, P->pb);
    else
    {
        acb_mul_arb(D, z, P->pb, prec);
        acb_mul_2exp_si(D, D, 1);
    }

    for (k = 0; k < I->len && ok; k++)
    {
        const integral_factor_struct * f = I->factors + k;
        slong f0 = P->first[k];

        if (P->ftype[k] == PIECE_PURE && P->tkind[f0] == INTEGRAL_LAPLACE)
        {
            acb_set_arb(t, P->u + f0);
            acb_addmul_fmpz(D, t, f->mult, prec);
            continue;
        }

        /* s = sum beta E(w), ds = sum beta u E'(w) */
        acb_zero(s);
        acb_zero(ds);
        for (j = 0; j < f->nterms; j++)
        {
            slong idx = f0 + j;
            acb_mul_arb(w, z, P->u + idx, prec);
            acb_add_arb(w, w, P->v + idx, prec);
            if (P->tkind[idx] == INTEGRAL_LAPLACE)
            {
                acb_exp(e, w, prec);
                acb_addmul_arb(s, e, P->beta + idx, prec);
                acb_mul_arb(e, e, P->u + idx, prec);
                acb_addmul_arb(ds, e, P->beta + idx, prec);
            }
            else
            {
                acb_hypgeom_erfc(e, w, prec);
                acb_addmul_arb(s, e, P->beta + idx, prec);
                /* d/dw erfc(w) = -2 exp(-w^2) / sqrt(pi) */
                acb_sqr(e, w, prec);
                acb_neg(e, e);
                acb_exp(e, e, prec);
                arb_const_sqrt_pi(acb_realref(t), prec);
                arb_zero(acb_imagref(t));
                acb_div(e, e, t, prec);
                acb_mul_2exp_si(e, e, 1);
                acb_neg(e, e);
                acb_mul_arb(e, e, P->u + idx, prec);
                acb_addmul_arb(ds, e, P->beta + idx, prec);
            }
        }
        if (P->ftype[k] != PIECE_PURE)
            acb_add_arb(s, s, P->a0 + k, prec);
        /* log G is holomorphic where G avoids (-inf, 0] */
        if (!arb_is_positive(acb_realref(s)))
        {
            if (P->ftype[k] == PIECE_GENERIC && pow_mode)
            {
                genlog[k] = 0;  /* powered directly on the ball */
                continue;
            }
            ok = 0;
            break;
        }
        if (P->ftype[k] == PIECE_GENERIC)
            genlog[k] = 1;
        acb_div(t, ds, s, prec);
        acb_addmul_fmpz(D, t, f->mult, prec);
    }

    if (!ok || !acb_is_finite(D))
    {
        acb_indeterminate(D);
        ok = 0;
    }

    acb_clear(t);
    acb_clear(s);
    acb_clear(ds);
    acb_clear(e);
    acb_clear(w);
    return ok;
}

/* On a ball z with a non-zero radius, the direct evaluation suffers from
   the dependency problem: the large, nearly cancelling derivatives of
   the factor groups (n up to 2^62) make the radius of L grow like
   n * rad(z).  The centred form L(m) + (z - m) L'(z), valid on the convex
   ball z where L is holomorphic, keeps it of order n * rad(z)^2. */
int
piece_log(acb_t L, acb_t pw, const acb_t z, piece_t P, int analytic,
    int pow_mode, slong prec)
{
    acb_t m, d, D, pw2;
    int ok, * genlog;
    slong k;

    if (acb_is_exact(z))
        return piece_log_direct(L, pw, z, P, analytic, pow_mode, NULL, prec);

    /* a quadrature node: a real ball of a few ulps, where the direct
       evaluation is as sharp as the centred form unless a large
       multiplicity magnifies the radius (checked on the result); it
       evaluates each term once instead of twice */
    if (!analytic && arb_is_zero(acb_imagref(z))
            && mag_cmp_2exp_si(arb_radref(acb_realref(z)), 8 - prec) <= 0)
    {
        ok = piece_log_direct(L, pw, z, P, 0, pow_mode, NULL, prec);
        if (ok && mag_cmp_2exp_si(arb_radref(acb_realref(L)), 24 - prec) <= 0
                && mag_cmp_2exp_si(arb_radref(acb_imagref(L)), 24 - prec) <= 0
                && (!pow_mode || acb_rel_accuracy_bits(pw) >= prec - 24))
            return 1;
    }

    acb_init(m);
    acb_init(d);
    acb_init(D);
    acb_init(pw2);
    genlog = flint_calloc(P->I->len + 1, sizeof(int));
    acb_get_mid(m, z);
    ok = piece_dlog(D, z, P, pow_mode, genlog, prec);
    if (ok)
        ok = piece_log_direct(L, pw2, m, P, 0, pow_mode, genlog, prec);
    if (ok && pow_mode)
    {
        /* generic factors whose logarithm would meet the branch cut on
           the ball: powered directly */
        int any = 0;
        for (k = 0; k < P->I->len; k++)
            any |= (P->ftype[k] == PIECE_GENERIC && !genlog[k]);
        acb_one(pw);
        if (any)
        {
            for (k = 0; k < P->I->len; k++)     /* the complement */
                genlog[k] = P->ftype[k] == PIECE_GENERIC && !genlog[k];
            ok = piece_generic_pow(pw, z, P, genlog, prec);
        }
    }
    if (ok)
    {
        acb_sub(d, z, m, prec);
        acb_addmul(L, d, D, prec);
    }
    else
        acb_indeterminate(L);

    acb_clear(m);
    acb_clear(d);
    acb_clear(D);
    acb_clear(pw2);
    flint_free(genlog);
    return ok;
}

int
piece_func(acb_ptr out, const acb_t z, void * param, slong order,
    slong prec)
{
    piece_struct * P = param;
    acb_t pw;

    if (order > 1)
        flint_abort();  /* derivatives are never requested */

    P->evals++;
    acb_init(pw);
    if (piece_log(out, pw, z, P, order != 0, 1, prec))
    {
        acb_exp(out, out, prec);
        acb_mul(out, out, pw, prec);
    }
    else
        acb_indeterminate(out);
    acb_clear(pw);
    return 0;
}

