/* constructions.c -- the neighbouring inputs of the paper, as families
   in m (Delta = 1 and T = 0 in the paper; both are parameters here). */

#include <stdio.h>
#include <string.h>
#include "verify.h"

static const construction_info table[] =
{
    { "bottoms", "q(D)=0^m, q(D')=D^m, a=bot^m",
      "Lemma 1; the Alg. 1 example of App. 9.3", 0, 1, 0 },
    { "swap", "q(D)=(0,D), q(D')=(D,0), a=(bot,top)",
      "Thm 3.5 (Alg. 5)", 0, 0, 0 },
    { "numeric-tail", "q(D)=0^m D, q(D')=D^m 0, a=bot^m then the number 0",
      "App. 9.1 (Alg. 3, c = 1)", 1, 1, 0 },
    { "split", "q(D)=0^2m, q(D')=D^m (-D)^m, a=bot^m top^m",
      "App. 9.2 (Alg. 6)", 0, 1, 0 },
    { "cm15", "q(D)=0^m D^m, q(D')=D^m 0^m, a=bot^m top^m",
      "App. 9.3 (the GPTT construction of Chen-Machanavajjhala)", 0, 1, 0 },
    { "split-c", "q(D)=0^(m+c), q(D')=D^m (-D)^c, a=bot^m top^c",
      "App. 9.2 kept within the cutoff c", 0, 1, 1 },
};

slong
construction_count(void)
{
    return (slong) (sizeof(table) / sizeof(table[0]));
}

const construction_info *
construction_get(slong i)
{
    if (i < 0 || i >= construction_count())
        return NULL;
    return table + i;
}

const construction_info *
construction_find(const char * name)
{
    slong i;
    for (i = 0; i < construction_count(); i++)
        if (strcmp(table[i].name, name) == 0)
            return table + i;
    return NULL;
}

int
construction_build(svt_runs_t R, const construction_info * ci, ulong m,
    slong c, const fmpq_t delta, const fmpq_t T, char * err, size_t errlen)
{
    fmpq_t z, d, nd;
    fmpq_init(z);
    fmpq_init(d);
    fmpq_init(nd);
    fmpq_set(d, delta);
    fmpq_neg(nd, delta);
    /* the answers are literal; T is the threshold of every query (the
       paper's examples have T = 0) */
    fmpq_zero(z);

    if (m < 1 || (ci->uses_m && m > (UWORD(1) << 62)))
    {
        snprintf(err, errlen, "--m must be between 1 and 2^62");
        fmpq_clear(z);
        fmpq_clear(d);
        fmpq_clear(nd);
        return -1;
    }

    if (strcmp(ci->name, "bottoms") == 0)
        svt_runs_push(R, z, d, T, SVT_BOT, z, m);
    else if (strcmp(ci->name, "swap") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, 1);
        svt_runs_push(R, d, z, T, SVT_TOP, z, 1);
    }
    else if (strcmp(ci->name, "numeric-tail") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, m);
        svt_runs_push(R, d, z, T, SVT_NUM, z, 1);
    }
    else if (strcmp(ci->name, "split") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, m);
        svt_runs_push(R, z, nd, T, SVT_TOP, z, m);
    }
    else if (strcmp(ci->name, "cm15") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, m);
        svt_runs_push(R, d, z, T, SVT_TOP, z, m);
    }
    else if (strcmp(ci->name, "split-c") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, m);
        svt_runs_push(R, z, nd, T, SVT_TOP, z, (ulong) c);
    }
    else
        flint_abort();

    fmpq_clear(z);
    fmpq_clear(d);
    fmpq_clear(nd);
    return 0;
}
