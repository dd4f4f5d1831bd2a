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
   opposite directions).  Cycle B may also sit at a state t reached from
   s, after the shortest path from s to t (a leaking pair across two
   states: a bot loop below the register, then one above it).  Every
   query value of D is 0, T is 0.  The families are evaluated at m = 1
   first, then 10, 100, 1000, so that the cheap ratios of every family
   come before the expensive ones. */

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
    int state[PROG_SMALL_STATES], branch[PROG_SMALL_STATES];
}
path_struct;

void
search_push_step(svt_runs_t R, const svt_program * P, int s, int b, const fmpq_t q,
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
    int queue[PROG_SMALL_STATES], head = 0, tail = 0, i, b;
    memset(reached, 0, PROG_SMALL_STATES * sizeof(int));
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
        search_push_step(R, P, c->state[0], c->branch[0], zero, d[0], m);
    else
        for (; m > 0; m--)
            for (i = 0; i < c->len; i++)
                search_push_step(R, P, c->state[i], c->branch[i], zero, d[i], 1);
    fmpq_clear(zero);
    fmpq_clear(d[0]);
    fmpq_clear(d[1]);
}

static int
shifts_of(const cycle_struct * c)
{
    return c->len == 1 ? 3 : 9;
}

/* a family: the lead-in to state s, cycle a at s and cycle b at state t
   (t = s: two cycles at s, b >= a; t != s: the shortest path from s to t
   between them) with shifts da, db, the lead-in's first query shifted by
   d0, and the exit e from t (-1: none), its query shifted like cycle
   a's first step (ex = 0) or the other way (ex = 1: a run that ends
   because no guard holds leaks most when the last query moves against
   the cycle's) */
typedef struct
{
    int s, a, t, b, da, db, d0, e, ex;
    double score;
}
family_struct;

#define MAX_FAMILIES 50000

typedef struct
{
    const svt_program * P;
    path_struct lead[PROG_SMALL_STATES];
    path_struct between[PROG_SMALL_STATES][PROG_SMALL_STATES];
    int link[PROG_SMALL_STATES][PROG_SMALL_STATES];     /* a path s -> t */
    cycle_struct cy[PROG_SMALL_STATES][MAX_CYCLES];
    int ncy[PROG_SMALL_STATES];
    family_struct * fam;
    slong nfam, alloc;
}
family_set;

static void
family_add(family_set * F, const family_struct * g)
{
    if (F->nfam == MAX_FAMILIES)
        return;
    if (F->nfam == F->alloc)
    {
        F->alloc = FLINT_MAX(64, 2 * F->alloc);
        F->fam = flint_realloc(F->fam, F->alloc * sizeof(family_struct));
    }
    F->fam[F->nfam] = *g;
    F->fam[F->nfam++].score = 0;
}

/* the shortest paths between every two states (breadth first) */
static void
paths_between(family_set * F)
{
    const svt_program * P = F->P;
    int s;
    for (s = 0; s < P->nstates; s++)
    {
        int queue[PROG_SMALL_STATES], head = 0, tail = 0, b;
        int * seen = F->link[s];
        memset(seen, 0, PROG_SMALL_STATES * sizeof(int));
        seen[s] = 1;
        F->between[s][s].len = 0;
        queue[tail++] = s;
        while (head < tail)
        {
            int u = queue[head++];
            for (b = 0; b < P->states[u].nbranches; b++)
            {
                const prog_branch * B = P->states[u].branches + b;
                int v = B->next, i;
                if (B->stop || seen[v])
                    continue;
                seen[v] = 1;
                F->between[s][v] = F->between[s][u];
                i = F->between[s][v].len++;
                F->between[s][v].state[i] = u;
                F->between[s][v].branch[i] = b;
                queue[tail++] = v;
            }
        }
    }
}

/* the families with cycle a at s and cycle b at t, every shift and exit */
static void
families_at(family_set * F, int s, int a, int t, int b)
{
    const svt_program * P = F->P;
    family_struct g;
    int same = (s == t && a == b);
    g.s = s, g.a = a, g.t = t, g.b = b;
    for (g.da = 0; g.da < shifts_of(F->cy[s] + a); g.da++)
        for (g.db = 0; g.db < (same ? 1 : shifts_of(F->cy[t] + b)); g.db++)
            for (g.d0 = -1; g.d0 <= 1; g.d0++)
                for (g.e = -1; g.e < P->states[t].nbranches; g.e++)
                    for (g.ex = 0; g.ex < (g.e >= 0 && g.da % 3 != 1 ? 2 : 1);
                            g.ex++)
                    {
                        /* e: the branch that leaves t at the end */
                        if (g.e >= 0 && !P->states[t].branches[g.e].stop
                                && P->states[t].branches[g.e].next == t)
                            continue;
                        /* no lead-in, or one whose first step reads no
                           query: its shift changes nothing */
                        if ((F->lead[s].len == 0 || P->states[F->lead[s].state[0]].noninput)
                                && g.d0 != 0)
                            continue;
                        family_add(F, &g);
                    }
}

/* do two cycles take the same branches (one a rotation of the other)? */
static int
same_cycle(const cycle_struct * x, const cycle_struct * y)
{
    int i, j, found;
    if (x->len != y->len)
        return 0;
    for (i = 0; i < x->len; i++)
    {
        for (j = 0, found = 0; j < y->len && !found; j++)
            found = x->state[i] == y->state[j] && x->branch[i] == y->branch[j];
        if (!found)
            return 0;
    }
    return 1;
}

/* every family of the program: two cycles at one state first (DiPA's
   leaking cycles and pairs at one state), then a cycle at s and one at
   a state t reached from s (leaking pairs across states) */
static void
family_list(family_set * F)
{
    const svt_program * P = F->P;
    int reached[PROG_SMALL_STATES], s, t, a, b;
    lead_ins(F->lead, reached, P);
    paths_between(F);
    for (s = 0; s < P->nstates; s++)
        F->ncy[s] = reached[s] ? cycles_at(F->cy[s], P, s) : 0;
    for (s = 0; s < P->nstates; s++)
        for (a = 0; a < F->ncy[s]; a++)
            for (b = a; b < F->ncy[s]; b++)
                families_at(F, s, a, s, b);
    for (s = 0; s < P->nstates; s++)
        for (t = 0; t < P->nstates; t++)
            if (t != s && F->link[s][t])
                for (a = 0; a < F->ncy[s]; a++)
                    for (b = 0; b < F->ncy[t]; b++)
                        if (!same_cycle(F->cy[s] + a, F->cy[t] + b))
                            families_at(F, s, a, t, b);
}

/* the queries of family f at m repetitions */
static ulong
family_queries(const family_set * F, const family_struct * f, ulong m)
{
    ulong per = F->cy[f->s][f->a].len;
    if (f->t != f->s || f->b != f->a)
        per += F->cy[f->t][f->b].len;
    return F->lead[f->s].len + m * per + F->between[f->s][f->t].len
        + (f->e >= 0);
}

/* evaluates family f at m (fn's loss) */
static double
family_eval(const family_set * F, const family_struct * f, ulong m,
    const fmpq_t delta, search_family_fn fn, void * data)
{
    const svt_program * P = F->P;
    const path_struct * mid = &F->between[f->s][f->t];
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
    fmpq_mul_si(dB, delta, f->e < 0 ? 0 : f->ex ? 1 - (f->da % 3)
        : (f->da % 3) - 1);
    /* the lead-in; its first query (the threshold of a DiPA automaton)
       is shifted by d0 */
    for (i = 0; i < F->lead[f->s].len; i++)
        search_push_step(R, P, F->lead[f->s].state[i], F->lead[f->s].branch[i], zero,
            i == 0 ? d0q : zero, 1);
    push_cycle(R, P, F->cy[f->s] + f->a, delta, f->da, m);
    for (i = 0; i < mid->len; i++)
        search_push_step(R, P, mid->state[i], mid->branch[i], zero, zero, 1);
    if (f->t != f->s || f->b != f->a)
        push_cycle(R, P, F->cy[f->t] + f->b, delta, f->db, m);
    if (f->e >= 0)
        search_push_step(R, P, f->t, f->e, zero, dB, 1);
    if (f->t == f->s)
        snprintf(desc, sizeof(desc), "program family at state %s: cycle %d "
            "(shifts %d) and cycle %d (shifts %d) m = %lu times%s, lead-in "
            "shift %+d", P->states[f->s].name, f->a, f->da, f->b, f->db, m,
            f->e < 0 ? "" : f->ex ? ", then an exit shifted the other way"
            : ", then an exit", f->d0);
    else
        snprintf(desc, sizeof(desc), "program family: cycle %d at state %s "
            "(shifts %d) m = %lu times, then cycle %d at state %s (shifts %d) "
            "m times%s, lead-in shift %+d", f->a, P->states[f->s].name, f->da,
            m, f->b, P->states[f->t].name, f->db, f->e < 0 ? "" : f->ex
            ? ", then an exit shifted the other way" : ", then an exit", f->d0);
    loss = fn(data, R, desc, m);
    svt_runs_clear(R);
    fmpq_clear(zero);
    fmpq_clear(dB);
    fmpq_clear(d0q);
    return loss;
}

/* how many of family f's cycles are not shifted at all (0, 1 or 2) */
static int
unmoved_cycles(const family_set * F, const family_struct * f)
{
    int n = f->da == (F->cy[f->s][f->a].len == 1 ? 1 : 4);
    if (f->t != f->s || f->b != f->a)
        n += f->db == (F->cy[f->t][f->b].len == 1 ? 1 : 4);
    return n;
}

static int
family_by_score(const void * x, const void * y)
{
    double a = ((const family_struct *) x)->score;
    double b = ((const family_struct *) y)->score;
    return a > b ? -1 : a < b ? 1 : 0;
}

/* every family at m = 1 and 2 (cheap: an exact joint integral grows
   with m), those whose cycles both move first (a leaking pair moves its
   two loops in opposite directions); then the families in the order of
   their loss extrapolated to m = 16 (score; -HUGE_VAL: not measured) */
static void
families_rank(family_set * F, ulong limit, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    slong i;
    for (i = 0; i < F->nfam; i++)
        F->fam[i].score = -(double) (unmoved_cycles(F, F->fam + i) * F->nfam + i);
    if (F->nfam > 0)
        qsort(F->fam, F->nfam, sizeof(family_struct), family_by_score);
    for (i = 0; i < F->nfam; i++)
    {
        family_struct * f = F->fam + i;
        double l1 = -HUGE_VAL, l2 = -HUGE_VAL;
        if (limit == 0 || family_queries(F, f, 1) <= limit)
            l1 = family_eval(F, f, 1, delta, fn, data);
        if (limit == 0 || family_queries(F, f, 2) <= limit)
            l2 = family_eval(F, f, 2, delta, fn, data);
        f->score = (l2 > -HUGE_VAL && l1 > -HUGE_VAL && l2 < HUGE_VAL)
            ? l2 + 14 * (l2 - l1) : -HUGE_VAL;
    }
    if (F->nfam > 0)
        qsort(F->fam, F->nfam, sizeof(family_struct), family_by_score);
}

/* with a limit on the queries: the ranked families, each at m = 4, 6, 8,
   12, 16, 24 as far as the limit allows and until the engine refuses
   one */
static void
families_ranked(family_set * F, ulong limit, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    static const ulong ms[6] = { 4, 6, 8, 12, 16, 24 };
    slong i;
    int k;
    families_rank(F, limit, delta, fn, data);
    for (i = 0; i < F->nfam && F->fam[i].score > -HUGE_VAL; i++)
        for (k = 0; k < 6 && family_queries(F, F->fam + i, ms[k]) <= limit; k++)
            if (family_eval(F, F->fam + i, ms[k], delta, fn, data) == -HUGE_VAL)
                break;
}

void
search_program_families(const svt_model_t M, const fmpq_t delta,
    search_family_fn fn, void * data)
{
    static const ulong ms[3] = { 10, 100, 1000 };
    ulong limit = svt_model_max_queries(M);
    family_set * F;
    slong i;
    int k;
    /* the tables of paths between states are PROG_SMALL_STATES wide (and
       registers are bits); the
       proof-built witness and the other searches still run */
    if (!prog_fits_small_tables(M->prog))
        return;
    F = flint_calloc(1, sizeof(family_set));
    F->P = M->prog;
    family_list(F);
    if (limit > 0)
        families_ranked(F, limit, delta, fn, data);
    else
    {
        /* the ranked families at m = 10, then 100, then 1000: the cheap
           ratios first, the fastest growing first among them */
        families_rank(F, 0, delta, fn, data);
        for (k = 0; k < 3; k++)
            for (i = 0; i < F->nfam; i++)
                family_eval(F, F->fam + i, ms[k], delta, fn, data);
    }
    flint_free(F->fam);
    flint_free(F);
}
