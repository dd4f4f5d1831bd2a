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

/* a family: the lead-in to state s, cycles a and b at s with shifts da,
   db, the lead-in's first query shifted by d0, the exit e (-1: none) */
typedef struct
{
    int s, a, b, da, db, d0, e;
    double score;
}
family_struct;

typedef struct
{
    const svt_program * P;
    path_struct lead[PROG_MAX_STATES];
    cycle_struct cy[PROG_MAX_STATES][MAX_CYCLES];
    int ncy[PROG_MAX_STATES];
    family_struct * fam;
    slong nfam, alloc;
}
family_set;

static void
family_add(family_set * F, int s, int a, int b, int da, int db, int d0, int e)
{
    family_struct * f;
    if (F->nfam == F->alloc)
    {
        F->alloc = FLINT_MAX(64, 2 * F->alloc);
        F->fam = flint_realloc(F->fam, F->alloc * sizeof(family_struct));
    }
    f = F->fam + F->nfam++;
    f->s = s, f->a = a, f->b = b, f->da = da, f->db = db, f->d0 = d0, f->e = e;
    f->score = 0;
}

/* every family of the program, in the order of the loops below */
static void
family_list(family_set * F)
{
    const svt_program * P = F->P;
    int reached[PROG_MAX_STATES], s, a, b, da, db, d0, e;
    lead_ins(F->lead, reached, P);
    for (s = 0; s < P->nstates; s++)
    {
        F->ncy[s] = reached[s] ? cycles_at(F->cy[s], P, s) : 0;
        for (a = 0; a < F->ncy[s]; a++)
            for (b = a; b < F->ncy[s]; b++)
                for (da = 0; da < shifts_of(F->cy[s] + a); da++)
                    for (db = 0; db < (b == a ? 1 : shifts_of(F->cy[s] + b)); db++)
                        for (d0 = -1; d0 <= 1; d0++)
                            for (e = -1; e < P->states[s].nbranches; e++)
                            {
                                /* e: the branch that leaves s at the end */
                                if (e >= 0 && !P->states[s].branches[e].stop
                                        && P->states[s].branches[e].next == s)
                                    continue;
                                if (F->lead[s].len == 0 && d0 != 0)
                                    continue;
                                family_add(F, s, a, b, da, db, d0, e);
                            }
    }
}

/* the queries of family f at m repetitions */
static ulong
family_queries(const family_set * F, const family_struct * f, ulong m)
{
    const cycle_struct * cy = F->cy[f->s];
    ulong per = cy[f->a].len + (f->b != f->a ? cy[f->b].len : 0);
    return F->lead[f->s].len + m * per + (f->e >= 0);
}

/* evaluates family f at m (fn's loss) */
static double
family_eval(const family_set * F, const family_struct * f, ulong m,
    const fmpq_t delta, search_family_fn fn, void * data)
{
    const svt_program * P = F->P;
    const cycle_struct * cy = F->cy[f->s];
    svt_runs_t R;
    fmpq_t zero, dB, d0q;
    char desc[256];
    double loss;
    int i;
    fmpq_init(zero);
    fmpq_init(dB);
    fmpq_init(d0q);
    svt_runs_init(R);
    fmpq_mul_si(d0q, delta, f->d0);
    fmpq_mul_si(dB, delta, f->e >= 0 ? (f->da % 3) - 1 : 0);
    /* the lead-in; its first query (the threshold of a DiPA automaton)
       is shifted by d0 */
    for (i = 0; i < F->lead[f->s].len; i++)
        push_step(R, P, F->lead[f->s].state[i], F->lead[f->s].branch[i], zero,
            i == 0 ? d0q : zero, 1);
    push_cycle(R, P, cy + f->a, delta, f->da, m);
    if (f->b != f->a)
        push_cycle(R, P, cy + f->b, delta, f->db, m);
    if (f->e >= 0)
        push_step(R, P, f->s, f->e, zero, dB, 1);
    snprintf(desc, sizeof(desc), "program family at state %s: cycle %d "
        "(shifts %d) and cycle %d (shifts %d) m = %lu times%s, lead-in shift "
        "%+d", P->states[f->s].name, f->a, f->da, f->b, f->db, m, f->e >= 0
        ? ", then an exit" : "", f->d0);
    loss = fn(data, R, desc, m);
    svt_runs_clear(R);
    fmpq_clear(zero);
    fmpq_clear(dB);
    fmpq_clear(d0q);
    return loss;
}

static int
family_by_score(const void * x, const void * y)
{
    double a = ((const family_struct *) x)->score;
    double b = ((const family_struct *) y)->score;
    return a > b ? -1 : a < b ? 1 : 0;
}

/* with a limit on the queries: every family at m = 1 and 4, then the
   families in the order of their loss extrapolated to m = 16, each at
   m = 8, 16, 24 as far as the limit allows */
static void
families_ranked(family_set * F, ulong limit, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    static const ulong ms[3] = { 8, 16, 24 };
    slong i;
    int k;
    for (i = 0; i < F->nfam; i++)
    {
        family_struct * f = F->fam + i;
        double l1 = -HUGE_VAL, l4 = -HUGE_VAL;
        if (family_queries(F, f, 1) <= limit)
            l1 = family_eval(F, f, 1, delta, fn, data);
        if (family_queries(F, f, 4) <= limit)
            l4 = family_eval(F, f, 4, delta, fn, data);
        f->score = (l4 > -HUGE_VAL && l1 > -HUGE_VAL && l4 < HUGE_VAL)
            ? l4 + 4 * (l4 - l1) : -HUGE_VAL;
    }
    qsort(F->fam, F->nfam, sizeof(family_struct), family_by_score);
    for (i = 0; i < F->nfam && F->fam[i].score > -HUGE_VAL; i++)
        for (k = 0; k < 3; k++)
            if (family_queries(F, F->fam + i, ms[k]) <= limit)
                family_eval(F, F->fam + i, ms[k], delta, fn, data);
}

void
search_program_families(const svt_model_t M, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    static const ulong ms[4] = { 1, 10, 100, 1000 };
    ulong limit = svt_model_max_queries(M);
    family_set * F = flint_calloc(1, sizeof(family_set));
    slong i;
    int k;
    F->P = M->var->prog;
    family_list(F);
    if (limit > 0)
        families_ranked(F, limit, delta, fn, data);
    else
        for (i = 0; i < F->nfam; i++)
            for (k = 0; k < 4; k++)
                family_eval(F, F->fam + i, ms[k], delta, fn, data);
    flint_free(F->fam);
    flint_free(F);
}
