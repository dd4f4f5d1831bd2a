/*
    linpow.c -- J = int_0^1 prod_g (1 - c_g s)^{n_g} ds, 0 <= c_g <= 1.

    The integrand is a polynomial (an entire function), positive on
    [0, 1), so Arb's Gauss-Legendre integration (acb_calc_integrate)
    encloses J with no truncation.  Each factor is at least 1 - s, so
    J >= 1/(N + 1), N = sum n_g: an absolute tolerance of 2^-goal/(N+1)
    is a relative one.  The cost does not grow with N: every group is one
    complex power.
*/

#include <acb_calc.h>
#include "integrals.h"

typedef struct
{
    slong len;
    const arb_struct * c;
    const fmpz * n;
}
linpow_param;

static int
linpow_func(acb_ptr out, const acb_t s, void * param, slong order, slong prec)
{
    const linpow_param * L = param;
    acb_t t;
    slong g;
    (void) order;   /* entire: holomorphic wherever it is asked */
    acb_init(t);
    acb_one(out);
    for (g = 0; g < L->len; g++)
    {
        acb_mul_arb(t, s, L->c + g, prec);
        acb_sub_ui(t, t, 1, prec);
        acb_neg(t, t);
        acb_pow_fmpz(t, t, L->n + g, prec);
        acb_mul(out, out, t, prec);
    }
    acb_clear(t);
    return 0;
}

/* one attempt at working precision prec, relative goal of goal bits */
static void
linpow_fixed(arb_t res, const linpow_param * L, slong goal, slong prec)
{
    acb_t a, b, r;
    mag_t tol;
    fmpz_t N;
    acb_calc_integrate_opt_t opt;
    slong g;
    acb_init(a);
    acb_init(b);
    acb_init(r);
    mag_init(tol);
    fmpz_init(N);
    for (g = 0; g < L->len; g++)
        fmpz_add(N, N, L->n + g);
    fmpz_add_ui(N, N, 1);
    mag_one(tol);
    mag_mul_2exp_si(tol, tol, -goal - (slong) fmpz_bits(N));
    acb_calc_integrate_opt_init(opt);
    acb_one(b);
    acb_calc_integrate(r, linpow_func, (void *) L, a, b, goal, tol, opt, prec);
    /* J is real: drop the imaginary part's rounding */
    arb_set(res, acb_realref(r));
    acb_clear(a);
    acb_clear(b);
    acb_clear(r);
    mag_clear(tol);
    fmpz_clear(N);
}

int
integral_linear_powers(arb_t res, const arb_struct * c, const fmpz * n,
    slong len, const integral_opt_t opt)
{
    slong goal, cap, prec;
    linpow_param L;
    integral_opt_bits(&goal, &cap, opt);
    prec = FLINT_MIN(goal + 32, cap);
    L.len = len;
    L.c = c;
    L.n = n;
    for (;;)
    {
        linpow_fixed(res, &L, goal, prec);
        if (arb_rel_accuracy_bits(res) >= goal)
            return INTEGRAL_SUCCESS;
        if (prec >= cap)
            return INTEGRAL_GOAL_MISSED;
        prec = FLINT_MIN(2 * prec, cap);
    }
}
