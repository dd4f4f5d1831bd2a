/* catalog.c -- the SVT variants of the paper, as data.
   Scales are num * (c) * Delta / eps_k: see svt_scale_form. */

#include <string.h>
#include "svt.h"

static const svt_variant_struct catalog[] =
{
    { "alg1", "SVT proposed by Lyu, Su and Li",
      "Alg. 1, Fig. 1; Thm 3.3", "eps-DP",
      SVT_SPLIT_HALF, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 2, 1, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_TOP, { 0, 0, 0 }, 1, 0, 0 },
    { "alg2", "SVT of Dwork and Roth 2014 (threshold noise reset)",
      "Alg. 2, Fig. 1; Sec. 3.2", "eps-DP",
      SVT_SPLIT_HALF, INTEGRAL_LAPLACE, { 1, 1, 1 },
      1, INTEGRAL_LAPLACE, { 2, 1, 1 }, 1, { 1, 1, 2 },
      SVT_OUT_TOP, { 0, 0, 0 }, 1, 0, 0 },
    { "alg3", "SVT of Roth's 2011 lecture notes (outputs q + nu)",
      "Alg. 3, Fig. 1; Sec. 3.2, App. 9.1", "inf-DP",
      SVT_SPLIT_HALF, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 1, 1, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_COMPARED, { 0, 0, 0 }, 1, 0, 0 },
    { "alg4", "SVT of Lee and Clifton 2014 (query noise without c)",
      "Alg. 4, Fig. 1; Sec. 3.2", "((1+6c)/4) eps-DP",
      SVT_SPLIT_QUARTER, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 1, 0, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_TOP, { 0, 0, 0 }, 1, 0, 0 },
    { "alg5", "SVT of Stoddard et al. 2014 (no query noise, no cutoff)",
      "Alg. 5, Fig. 1; Thm 3.5", "inf-DP",
      SVT_SPLIT_HALF, INTEGRAL_LAPLACE, { 1, 0, 1 },
      0, INTEGRAL_LAPLACE, { 0, 0, 0 }, 0, { 0, 0, 0 },
      SVT_OUT_TOP, { 0, 0, 0 }, 0, 0, 0 },
    { "alg6", "SVT of Chen et al. 2015 (no cutoff)",
      "Alg. 6, Fig. 1; App. 9.2", "inf-DP",
      SVT_SPLIT_HALF, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 1, 0, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_TOP, { 0, 0, 0 }, 0, 0, 0 },
    { "gptt", "Generalized Private Threshold Testing (Chen-Machanavajjhala)",
      "Sec. 3.3, App. 9.3", "inf-DP (as Alg. 6 when eps1 = eps2)",
      SVT_SPLIT_FREE, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 1, 0, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_TOP, { 0, 0, 0 }, 0, 1, 0 },
    { "alg7", "Standard SVT, budget split 1:(2c)^(2/3)",
      "Alg. 7, Sec. 4.1-4.2; Thm 4.7", "(eps1+eps2+eps3)-DP",
      SVT_SPLIT_TWOC23, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 2, 1, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_FRESH, { 1, 1, 3 }, 1, 1, 0 },
    { "alg7-monotone", "Standard SVT for monotone queries, split 1:c^(2/3)",
      "Alg. 7 with nu ~ Lap(c Delta/eps2), Sec. 4.3; Thm 4.9",
      "(eps1+eps2+eps3)-DP for monotone queries",
      SVT_SPLIT_C23, INTEGRAL_LAPLACE, { 1, 0, 1 },
      1, INTEGRAL_LAPLACE, { 1, 1, 2 }, 0, { 0, 0, 0 },
      SVT_OUT_FRESH, { 1, 1, 3 }, 1, 1, 1 },
};

slong
svt_variant_count(void)
{
    return (slong) (sizeof(catalog) / sizeof(catalog[0]));
}

const svt_variant_struct *
svt_variant_get(slong i)
{
    if (i < 0 || i >= svt_variant_count())
        return NULL;
    return catalog + i;
}

const svt_variant_struct *
svt_variant_find(const char * name)
{
    slong i;
    for (i = 0; i < svt_variant_count(); i++)
        if (strcmp(catalog[i].name, name) == 0)
            return catalog + i;
    return NULL;
}
