/* constructions.c -- the neighbouring inputs of the paper, as families
   in m (Delta = 1 and T = 0 in the paper; both are parameters here). */

#include <stdio.h>
#include <string.h>
#include "verify.h"

static const construction_info table[] =
{
    { "bottoms", "q(D)=0^m, q(D')=Delta^m, a=bot^m",
      "Lemma 1; the Alg. 1 example of App. 9.3", 0, 1, 0, 0,
      "every query is below the threshold on both datasets and one unit higher on D', so the loss is what the bot factors and the threshold noise leak together (bounded by eps1 for a private variant)" },
    { "swap", "q(D)=(0,Delta), q(D')=(Delta,0), a=(bot,top)",
      "Thm 3.5 (Alg. 5)", 0, 0, 0, 0,
      "two queries trade places across the threshold; without query noise (Alg. 5) the output is impossible on D' and the loss is infinite" },
    { "numeric-tail", "q(D)=0^m Delta, q(D')=Delta^m 0, a=bot^m then the number 0",
      "App. 9.1 (Alg. 3, c = 1)", 1, 1, 0, 0,
      "m bots then one released number: the number bounds the threshold noise (the top says q + nu >= T + rho, so rho <= the number - T, App. 9.1), and every bot factor then leaks, so releasing the compared answer (Alg. 3) grows linearly in m (about eps/2 per query, certified to m = 1000); verify prove alg3 proves the loss unbounded" },
    { "split", "q(D)=0^2m, q(D')=Delta^m (-Delta)^m, a=bot^m top^m",
      "App. 9.2 (Alg. 6)", 0, 1, 0, 0,
      "m bots and m tops whose answers move in opposite directions: without a cutoff (Alg. 6) each pair adds to the loss; the paper proves it grows at least like m eps/2, and the certified loss of Alg. 6 grows like m eps (about eps per pair)" },
    { "cm15", "q(D)=0^m Delta^m, q(D')=Delta^m 0^m, a=bot^m top^m",
      "App. 9.3 (the GPTT construction of Chen-Machanavajjhala)", 0, 1, 0, 0,
      "the GPTT counterexample of Chen and Machanavajjhala: m bots then m tops, the answers swapped between D and D'; the certified loss of GPTT grows (about 0.9 eps per unit of m, certified to m = 1000); verify prove gptt proves the loss unbounded, so GPTT is not private, as they conclude; App. 9.3 shows that the logic of their proof is flawed: ignoring that delta depends on t, the same logic would \"prove\" Alg. 1 not private, contradicting Lemma 1; the numbers of the report show that with delta(t) tracked it concludes nothing for Alg. 1, while for GPTT its conclusion here is true" },
    { "split-c", "q(D)=0^(m+c), q(D')=Delta^m (-Delta)^c, a=bot^m top^c",
      "App. 9.2 kept within the cutoff c", 0, 1, 1, 0,
      "the split pair kept within the cutoff c: m bots and c tops in opposite directions, where a query noise that ignores c (Alg. 4) shows a loss of about (1 + 6c)/4 eps" },
    { "paired", "q(D)=(0,0)^m Delta, q(D')=(Delta,-Delta)^m 0, a=bot^2m then the number 0",
      "Online IC of Roth's notes: pairs Q-Q(D^t), Q(D^t)-Q", 1, 1, 0, 0,
      "the paired queries Q - Q(D^t) and Q(D^t) - Q of the Online Iterative Construction, m pairs of bots then one released number" },
    { "retraversal", "q(D)=(0,0)^m 0, q(D')=(Delta,Delta)^m Delta, a=bot^2m top",
      "Sec. 5, SVT-ReTr (monotone)", 0, 1, 0, 0,
      "m passes over two counting queries with bot, then a top: the retraversal of Sec. 5 reads the same queries again and again" },
    { "two-loops", "q_j(D)=0, q_j(D')=Delta, T_j=4/2^j then 2/2^j (j=1..m), "
      "a=bot^(2m-1) top", "SVT_sum of DP-PQD, Algorithm 2", 0, 1, 0, 16,
      "the two loops of DP-PQD's SVT_sum sharing one threshold noise, with thresholds that halve at each step, and a top at the end" },
    { "segments", "(q(D)=0^m 0, q(D')=Delta^m 0) repeated c times, a=(bot^m top)^c",
      "one Lemma-1 loss per segment when rho is redrawn (Alg. 2's reset)", 0, 1, 1, 0,
      "c segments of m bots and a top, each with its own threshold noise when rho is redrawn after a top (Alg. 2): one Lemma-1 loss per segment" },
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

    if (m < 1 || (ci->uses_m && m > (ci->max_m ? ci->max_m : (UWORD(1) << 62))))
    {
        snprintf(err, errlen, "--m must be between 1 and %lu for %s",
            ci->max_m ? ci->max_m : (UWORD(1) << 62), ci->name);
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
    else if (strcmp(ci->name, "paired") == 0)
    {
        /* pairs (Q - Q(D^t), Q(D^t) - Q): (x, -x) on D, (x+D, -x-D) on D' */
        ulong i;
        if (m > 100000)
        {
            /* the pairs alternate: run-length cannot group them */
            snprintf(err, errlen, "--m must be at most 100000 for paired");
            fmpq_clear(z);
            fmpq_clear(d);
            fmpq_clear(nd);
            return -1;
        }
        for (i = 0; i < m; i++)
        {
            svt_runs_push(R, z, d, T, SVT_BOT, z, 1);
            svt_runs_push(R, z, nd, T, SVT_BOT, z, 1);
        }
        svt_runs_push(R, d, z, T, SVT_NUM, z, 1);
    }
    else if (strcmp(ci->name, "retraversal") == 0)
    {
        svt_runs_push(R, z, d, T, SVT_BOT, z, 2 * m);
        svt_runs_push(R, z, d, T, SVT_TOP, z, 1);
    }
    else if (strcmp(ci->name, "two-loops") == 0)
    {
        /* T_j = (T + 4)/2^j, then (T + 2)/2^j: thresholds r/t_j and
           (l + 1)/t_j with r = 4, l = 1, t_j = 2^j */
        ulong j, loop;
        fmpq_t Tj;
        fmpq_init(Tj);
        for (loop = 0; loop < 2; loop++)
            for (j = 1; j <= m; j++)
            {
                fmpq_set_si(Tj, loop == 0 ? 4 : 2, 1);
                fmpq_add(Tj, Tj, T);
                fmpq_div_2exp(Tj, Tj, j);
                svt_runs_push(R, z, d, Tj, (loop == 1 && j == m) ? SVT_TOP
                    : SVT_BOT, z, 1);
            }
        fmpq_clear(Tj);
    }
    else if (strcmp(ci->name, "segments") == 0)
    {
        slong k;
        for (k = 0; k < c; k++)
        {
            svt_runs_push(R, z, d, T, SVT_BOT, z, m);
            svt_runs_push(R, z, z, T, SVT_TOP, z, 1);
        }
    }
    else
        flint_abort();

    fmpq_clear(z);
    fmpq_clear(d);
    fmpq_clear(nd);
    return 0;
}
