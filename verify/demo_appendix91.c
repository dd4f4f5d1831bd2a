/* demo_appendix91.c -- the certified engine on the integral of the
   paper's Appendix 9.1 (Alg. 3, c = 1, T = 0, Delta = 1):

     Pr[A(D)  = bot^m 0] = (eps/4) e^{-eps/2} int_{-inf}^0 p(z) F(z)^m dz
     Pr[A(D') = bot^m 0] = (eps/4)            int_{-inf}^0 p(z) F(z-1)^m dz

   with rho, nu ~ Lap(2/eps) and F the CDF of Lap(2/eps); the paper
   shows that their ratio is exactly e^{(m-1) eps/2}. */

#include <stdio.h>
#include "integrals.h"

static int
prob(integral_result_t r, const arb_t b, slong shift, const arb_t qv,
    ulong m)
{
    integral_t I;
    arb_t s, c;
    fmpz_t n;
    int st;
    arb_init(s);
    arb_init(c);
    fmpz_init_set_ui(n, m);
    integral_init(I, INTEGRAL_LAPLACE, b);
    arb_set_si(s, shift);
    integral_mul_cdf(I, INTEGRAL_LAPLACE, b, s, n);
    arb_zero(s);
    integral_set_hi(I, s);
    /* density of nu at the numeric output minus the query answer */
    integral_law_density(c, INTEGRAL_LAPLACE, b, qv, 4096);
    integral_mul_const(I, c, 4096);
    st = integral_eval(r, I, NULL, 0);
    integral_clear(I);
    arb_clear(s);
    arb_clear(c);
    fmpz_clear(n);
    return st;
}

int
main(void)
{
    static const ulong ms[] = { 1, 2, 10, 1000, 1000000, 1000000000 };
    arb_t eps, b, q, lr, cf;
    int i;

    arb_init(eps);
    arb_init(b);
    arb_init(q);
    arb_init(lr);
    arb_init(cf);
    arb_one(eps);
    arb_set_ui(b, 2);   /* 2 Delta / eps */

    printf("Alg. 3 on the construction of Appendix 9.1 (eps = 1, c = 1)\n");
    printf("certified enclosures at 30 digits; closed form ln ratio = (m-1) eps/2\n\n");
    for (i = 0; i < 6; i++)
    {
        integral_result_t rD, rD2;
        integral_result_init(rD);
        integral_result_init(rD2);
        arb_set_si(q, -1);      /* output 0, q_{m+1}(D) = 1 */
        prob(rD, b, 0, q, ms[i]);
        arb_zero(q);            /* output 0, q_{m+1}(D') = 0 */
        prob(rD2, b, -1, q, ms[i]);
        arb_sub(lr, rD->log_value, rD2->log_value, 256);
        arb_set_ui(cf, ms[i] - 1);
        arb_mul(cf, cf, eps, 256);
        arb_mul_2exp_si(cf, cf, -1);
        printf("m = %lu\n  Pr[A(D)=a]  = ", ms[i]);
        arb_printn(rD->value, 25, 0);
        printf("\n  Pr[A(D')=a] = ");
        arb_printn(rD2->value, 25, 0);
        printf("\n  ln ratio    = ");
        arb_printn(lr, 25, 0);
        printf("\n  (m-1)eps/2  = ");
        arb_printn(cf, 25, 0);
        printf("   %s\n", arb_overlaps(lr, cf) ? "enclosed" : "NOT ENCLOSED");
        integral_result_clear(rD);
        integral_result_clear(rD2);
    }
    arb_clear(eps);
    arb_clear(b);
    arb_clear(q);
    arb_clear(lr);
    arb_clear(cf);
    flint_cleanup();
    return 0;
}
