/* integral.c -- building an integral: life cycle, domain, factors. */

#include <stdlib.h>
#include <time.h>
#include "integrals.h"

void
integral_term_init(integral_term_t t)
{
    t->kind = INTEGRAL_LAPLACE;
    arb_init(t->scale);
    arb_one(t->scale);
    arb_init(t->coef);
    arb_one(t->coef);
    t->sign = 1;
    arb_init(t->shift);
}

void
integral_term_clear(integral_term_t t)
{
    arb_clear(t->scale);
    arb_clear(t->coef);
    arb_clear(t->shift);
}

void
integral_term_set(integral_term_t t, integral_law_kind kind,
    const arb_t scale, const arb_t coef, int sign, const arb_t shift)
{
    if (sign != 1 && sign != -1)
        flint_abort();  /* misuse */
    t->kind = kind;
    arb_set(t->scale, scale);
    arb_set(t->coef, coef);
    t->sign = sign;
    arb_set(t->shift, shift);
}

static void
term_copy(integral_term_struct * dst, const integral_term_struct * src)
{
    integral_term_set(dst, src->kind, src->scale, src->coef, src->sign,
        src->shift);
}

static int
term_equal(const integral_term_struct * a, const integral_term_struct * b)
{
    return a->kind == b->kind && a->sign == b->sign
        && arb_equal(a->scale, b->scale) && arb_equal(a->coef, b->coef)
        && arb_equal(a->shift, b->shift);
}

void
integral_init(integral_t I, integral_law_kind kind, const arb_t scale)
{
    if (!arb_is_positive(scale))
        flint_abort();  /* misuse: scales are positive */
    I->kind = kind;
    arb_init(I->scale);
    arb_set(I->scale, scale);
    I->lo_inf = I->hi_inf = 1;
    arb_init(I->lo);
    arb_init(I->hi);
    arb_init(I->constant);
    arb_one(I->constant);
    I->len = I->alloc = 0;
    I->factors = NULL;
}

void
integral_clear(integral_t I)
{
    slong k, j;
    for (k = 0; k < I->len; k++)
    {
        integral_factor_struct * f = I->factors + k;
        arb_clear(f->constant);
        for (j = 0; j < f->nterms; j++)
            integral_term_clear(f->terms + j);
        flint_free(f->terms);
        fmpz_clear(f->mult);
    }
    flint_free(I->factors);
    arb_clear(I->scale);
    arb_clear(I->lo);
    arb_clear(I->hi);
    arb_clear(I->constant);
}

void
integral_set_lo(integral_t I, const arb_t lo)
{
    I->lo_inf = 0;
    arb_set(I->lo, lo);
}

void
integral_set_hi(integral_t I, const arb_t hi)
{
    I->hi_inf = 0;
    arb_set(I->hi, hi);
}

void
integral_set_lo_inf(integral_t I)
{
    I->lo_inf = 1;
}

void
integral_set_hi_inf(integral_t I)
{
    I->hi_inf = 1;
}

void
integral_mul_const(integral_t I, const arb_t c, slong prec)
{
    arb_mul(I->constant, I->constant, c, prec);
}

void
integral_mul_factor(integral_t I, const arb_t constant,
    const integral_term_struct * terms, slong nterms, const fmpz_t n)
{
    slong k, j;
    integral_factor_struct * f;

    if (fmpz_sgn(n) < 0 || nterms < 0)
        flint_abort();  /* misuse */
    if (fmpz_is_zero(n))
        return;

    for (k = 0; k < I->len; k++)
    {
        f = I->factors + k;
        if (f->nterms != nterms || !arb_equal(f->constant, constant))
            continue;
        for (j = 0; j < nterms; j++)
            if (!term_equal(f->terms + j, terms + j))
                break;
        if (j == nterms)
        {
            fmpz_add(f->mult, f->mult, n);
            return;
        }
    }

    if (I->len == I->alloc)
    {
        I->alloc = FLINT_MAX(4, 2 * I->alloc);
        I->factors = flint_realloc(I->factors,
            I->alloc * sizeof(integral_factor_struct));
    }
    f = I->factors + I->len;
    arb_init(f->constant);
    arb_set(f->constant, constant);
    f->nterms = nterms;
    f->terms = flint_malloc(FLINT_MAX(nterms, 1) * sizeof(integral_term_struct));
    for (j = 0; j < nterms; j++)
    {
        integral_term_init(f->terms + j);
        term_copy(f->terms + j, terms + j);
    }
    fmpz_init(f->mult);
    fmpz_set(f->mult, n);
    I->len++;
}

static void
mul_one_term(integral_t I, integral_law_kind kind, const arb_t scale,
    int sign, const arb_t shift, const fmpz_t n)
{
    integral_term_t t;
    arb_t one, zero;
    arb_init(one);
    arb_init(zero);
    arb_one(one);
    integral_term_init(t);
    integral_term_set(t, kind, scale, one, sign, shift);
    integral_mul_factor(I, zero, t, 1, n);
    integral_term_clear(t);
    arb_clear(one);
    arb_clear(zero);
}

void
integral_mul_cdf(integral_t I, integral_law_kind kind, const arb_t scale,
    const arb_t shift, const fmpz_t n)
{
    mul_one_term(I, kind, scale, 1, shift, n);
}

void
integral_mul_sf(integral_t I, integral_law_kind kind, const arb_t scale,
    const arb_t shift, const fmpz_t n)
{
    arb_t s;
    arb_init(s);
    arb_neg(s, shift);
    mul_one_term(I, kind, scale, -1, s, n);
    arb_clear(s);
}

void
integral_opt_init(integral_opt_t opt)
{
    opt->goal_digits = 0;
    opt->max_prec = 0;
    opt->max_work = 0;
    opt->deadline = 0;
    opt->work_used = NULL;
    opt->work_limit = 0;
    opt->verbose = 0;
}

double
integral_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

void
integral_opt_bits(slong * goal, slong * cap, const integral_opt_t opt)
{
    slong digits = (opt != NULL && opt->goal_digits > 0) ? opt->goal_digits : 30;
    *goal = integral_goal_bits(digits);
    *cap = (opt != NULL && opt->max_prec > 0) ? opt->max_prec
        : FLINT_MAX(4096, 16 * *goal);
}

void
integral_result_init(integral_result_t r)
{
    arb_init(r->value);
    arb_init(r->log_value);
    r->status = INTEGRAL_SUCCESS;
    r->exact_zero = 0;
    r->prec = 0;
    r->budget_spent = 0;
    r->evals = 0;
}

void
integral_result_clear(integral_result_t r)
{
    arb_clear(r->value);
    arb_clear(r->log_value);
}
