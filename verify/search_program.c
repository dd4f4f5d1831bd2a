/* search_program.c -- the families of inputs built from a program's own
   states and branches (stage 1b of verify search).

   For every state s of the program: the shortest path of branches from
   the start to s (the lead-in: a DiPA automaton reads its threshold
   first), then the cycles of at most two branches that return to s.
   A family in m is the lead-in, m repetitions of a cycle A whose
   queries differ by dA Delta between D and D', m repetitions of a cycle
   B shifted by dB Delta, and optionally one branch that leaves s: the
   leaking pairs and leaking cycles of DiPA's characterisation are such
   families (a bot loop and a top loop on one register, shifted in
   opposite directions).  Every query value of D is 0, T is 0. */

#include <string.h>
#include "search.h"

#define MAX_CYCLES 12

typedef struct
{
    int len;
    int state[2], branch[2];
}
cycle_struct;

typedef struct
{
    int len;
    int state[PROG_MAX_STATES], branch[PROG_MAX_STATES];
}
path_struct;

/* the output a branch gives, as an output vector entry (a number: 0,
   which pins a released register next to the queries) */
static void
push_step(svt_runs_t R, const svt_program * P, int s, int b, const fmpq_t q,
    const fmpq_t q2, ulong count)
{
    const prog_branch * B = P->states[s].branches + b;
    fmpq_t zero;
    fmpq_init(zero);
    if (B->out == PROG_OUT_LABEL)
        svt_runs_push_label(R, q, q2, zero, B->out_label, count);
    else if (B->out >= PROG_OUT_NOISY)
        svt_runs_push(R, q, q2, zero, SVT_NUM, zero, count);  /* the number 0 */
    else
        svt_runs_push(R, q, q2, zero, B->out == PROG_OUT_BOT ? SVT_BOT
            : SVT_TOP, zero, count);
    fmpq_clear(zero);
}

/* shortest paths from the start state (breadth first) */
static void
lead_ins(path_struct * lead, int * reached, const svt_program * P)
{
    int queue[PROG_MAX_STATES], head = 0, tail = 0, i, b;
    memset(reached, 0, PROG_MAX_STATES * sizeof(int));
    reached[0] = 1;
    lead[0].len = 0;
    queue[tail++] = 0;
    while (head < tail)
    {
        int s = queue[head++];
        for (b = 0; b < P->states[s].nbranches; b++)
        {
            const prog_branch * B = P->states[s].branches + b;
            int t = B->next;
            if (B->stop || reached[t])
                continue;
            reached[t] = 1;
            lead[t] = lead[s];
            i = lead[t].len++;
            lead[t].state[i] = s;
            lead[t].branch[i] = b;
            queue[tail++] = t;
        }
    }
}

/* cycles of one or two branches from s back to s */
static int
cycles_at(cycle_struct * cy, const svt_program * P, int s)
{
    int n = 0, b, b2;
    const prog_state * S = P->states + s;
    for (b = 0; b < S->nbranches && n < MAX_CYCLES; b++)
    {
        const prog_branch * B = S->branches + b;
        if (B->stop)
            continue;
        if (B->next == s)
        {
            cy[n].len = 1;
            cy[n].state[0] = s;
            cy[n].branch[0] = b;
            n++;
            continue;
        }
        for (b2 = 0; b2 < P->states[B->next].nbranches && n < MAX_CYCLES; b2++)
        {
            const prog_branch * C = P->states[B->next].branches + b2;
            if (C->stop || C->next != s)
                continue;
            cy[n].len = 2;
            cy[n].state[0] = s;
            cy[n].branch[0] = b;
            cy[n].state[1] = B->next;
            cy[n].branch[1] = b2;
            n++;
        }
    }
    return n;
}

/* the cycle m times; step i of the cycle shifted by the digit i of
   `shift` in base 3 (0, 1, 2: -Delta, 0, +Delta) */
static void
push_cycle(svt_runs_t R, const svt_program * P, const cycle_struct * c,
    const fmpq_t delta, int shift, ulong m)
{
    fmpq_t zero, d[2];
    int i, sh = shift;
    fmpq_init(zero);
    for (i = 0; i < 2; i++)
    {
        fmpq_init(d[i]);
        fmpq_mul_si(d[i], delta, sh % 3 - 1);
        sh /= 3;
    }
    if (c->len == 1)
        push_step(R, P, c->state[0], c->branch[0], zero, d[0], m);
    else
        for (; m > 0; m--)
            for (i = 0; i < c->len; i++)
                push_step(R, P, c->state[i], c->branch[i], zero, d[i], 1);
    fmpq_clear(zero);
    fmpq_clear(d[0]);
    fmpq_clear(d[1]);
}

static int
shifts_of(const cycle_struct * c)
{
    return c->len == 1 ? 3 : 9;
}

void
search_program_families(const svt_model_t M, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    static const ulong ms[4] = { 1, 10, 100, 1000 };
    const svt_program * P = M->var->prog;
    path_struct lead[PROG_MAX_STATES];
    cycle_struct cy[MAX_CYCLES];
    int reached[PROG_MAX_STATES], s, a, b, da, db, d0, e, k, i, nc;
    fmpq_t zero, dB, d0q;
    char desc[256];

    fmpq_init(zero);
    fmpq_init(dB);
    fmpq_init(d0q);
    lead_ins(lead, reached, P);
    for (s = 0; s < P->nstates; s++)
    {
        if (!reached[s])
            continue;
        nc = cycles_at(cy, P, s);
        for (a = 0; a < nc; a++)
            for (b = a; b < nc; b++)
                for (da = 0; da < shifts_of(cy + a); da++)
                    for (db = 0; db < (b == a ? 1 : shifts_of(cy + b)); db++)
                        for (d0 = -1; d0 <= 1; d0++)
                            for (e = -1; e < P->states[s].nbranches; e++)
                            {
                                /* e: the branch that leaves s at the end
                                   (-1: none) */
                                if (e >= 0 && !P->states[s].branches[e].stop
                                        && P->states[s].branches[e].next == s)
                                    continue;
                                if (lead[s].len == 0 && d0 != 0)
                                    continue;
                                fmpq_mul_si(d0q, delta, d0);
                                fmpq_mul_si(dB, delta, e >= 0 ? (da % 3) - 1 : 0);
                                for (k = 0; k < 4; k++)
                                {
                                    svt_runs_t R;
                                    svt_runs_init(R);
                                    /* the lead-in; its first query (the
                                       threshold of a DiPA automaton) is
                                       shifted by d0 */
                                    for (i = 0; i < lead[s].len; i++)
                                        push_step(R, P, lead[s].state[i],
                                            lead[s].branch[i], zero,
                                            i == 0 ? d0q : zero, 1);
                                    push_cycle(R, P, cy + a, delta, da, ms[k]);
                                    if (b != a)
                                        push_cycle(R, P, cy + b, delta, db, ms[k]);
                                    if (e >= 0)
                                        push_step(R, P, s, e, zero, dB, 1);
                                    snprintf(desc, sizeof(desc), "program family "
                                        "at state %s: cycle %d (shifts %d) and "
                                        "cycle %d (shifts %d) m = %lu times%s, "
                                        "lead-in shift %+d", P->states[s].name,
                                        a, da, b, db, ms[k], e >= 0
                                        ? ", then an exit" : "", d0);
                                    fn(data, R, desc, ms[k]);
                                    svt_runs_clear(R);
                                }
                            }
    }
    fmpq_clear(zero);
    fmpq_clear(dB);
    fmpq_clear(d0q);
}
