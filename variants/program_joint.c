/* program_joint.c -- DiPA automata with several registers: Pr[A(D)=a]
   as an exact joint integral.

   In a DiPA automaton every step draws insample y = a + mu + Lap(1/(d
   eps)), compares it with registers (values of earlier insamples) and
   may store it in one.  Given the registers, the steps are independent,
   but the registers are no longer one threshold z: the probability is
   an integral over every live register and y.  With Laplace noise and
   guards that compare y with registers, the integrand is a piecewise
   exponential polynomial, and so is its integral over any one variable
   (integrals/pexp.h).  So the walk carries, for each state and set of
   assigned registers, the joint density of the registers restricted to
   the outputs so far, a function of variables 0 .. nregs - 1:

     step:  F(x) -> int [branch taken at (y, x)] p(y) F(x) dy,
            or, when the branch assigns registers := y, the integral
            over their old values instead (each unless another register
            still holds it), y taking the place of one variable that all
            of them then share (min := insample, max := insample);
     end:   the integral of every remaining function over every variable.

   Any number of registers up to PROG_MAX_REGS: the functions have nregs
   + 1 variables (integrals/pexp.h), and the cells of y are the subsets
   of the registers its state compares.  The number of terms grows with
   the queries and with the registers compared together; past the limits
   below (counted in terms, and in bytes with more than three registers)
   the probability is refused with its reason, never truncated.

   A branch is taken on the cells of y among the registers its state
   compares (y < x_j or y >= x_j for each), the first branch whose guard
   holds in a cell.  A numeric output of insample fixes y (a point
   density); insample' contributes its own density at the output.  All
   of it is exact up to Arb's rounding of the coefficients: no
   quadrature, no truncated tail. */

#include <string.h>
#include "program_walk.h"
#include "pexp.h"

#if PROG_MAX_REGS + 1 > PEXP_MAXV
#error "the joint integral has a variable per register and one for insample"
#endif

#define JOINT_MAX_TERMS 100000      /* of one function after a query */
/* the terms of any function on the way, of all those of a layer together
   and of an integral: at most 400000, and with more than three registers
   at most 64 MiB of terms (a term holds 3 rationals, a power and a row of
   the order per variable: 0.4 KiB with 4 registers, 0.8 KiB with 10) */
#define JOINT_MAX_BIG_TERMS 400000
#define JOINT_MAX_BIG_BYTES (WORD(64) << 20)
#define JOINT_MAX_ENTRIES 256

/* the paths that reach state s with the same registers: the assigned
   ones (mask), those holding a released number (cmask, values cval),
   the variable of F that holds each other assigned register (var: a
   transition that assigns several registers at once gives them one
   variable), and their joint density F restricted to the outputs so far */
typedef struct
{
    int s;
    unsigned mask, cmask;
    fmpq cval[PROG_MAX_REGS];
    signed char var[PROG_MAX_REGS];
    pexp_struct F;
}
joint_entry;

typedef struct
{
    slong len;
    joint_entry e[JOINT_MAX_ENTRIES];
}
joint_layer;

typedef struct
{
    const svt_model_struct * M;
    const svt_program * P;
    slong nv;                   /* registers, then y */
    slong max_big;              /* the cap on a layer, a function and an
                                   integral */
    slong next_terms;           /* the terms added to the next layer */
    joint_layer * cur, * next;
    pexp_t ended;               /* runs that stopped at the last query */
    pexp_t L, G, H;             /* scratch of one branch */
    const char * unsupported;
    slong prec;
}
joint_walk;

static void
layer_init(joint_layer * L, slong nv)
{
    slong i;
    int j;
    L->len = 0;
    for (i = 0; i < JOINT_MAX_ENTRIES; i++)
    {
        pexp_init(&L->e[i].F, nv);
        for (j = 0; j < PROG_MAX_REGS; j++)
            fmpq_init(L->e[i].cval + j);
    }
}

static void
layer_clear(joint_layer * L)
{
    slong i;
    int j;
    for (i = 0; i < JOINT_MAX_ENTRIES; i++)
    {
        pexp_clear(&L->e[i].F);
        for (j = 0; j < PROG_MAX_REGS; j++)
            fmpq_clear(L->e[i].cval + j);
    }
}

/* the entry of (s, mask, cmask, cval, var) in L, a new one if needed
   (NULL beyond JOINT_MAX_ENTRIES) */
static joint_entry *
layer_entry(joint_layer * L, int s, unsigned mask, unsigned cmask,
    const fmpq * cval, const signed char * var, slong max_len)
{
    slong i;
    int j, same;
    for (i = 0; i < L->len; i++)
    {
        joint_entry * e = L->e + i;
        if (e->s != s || e->mask != mask || e->cmask != cmask)
            continue;
        for (j = 0, same = 1; j < PROG_MAX_REGS && same; j++)
            same = (cmask >> j & 1) ? fmpq_equal(e->cval + j, cval + j)
                : !(mask >> j & 1) || e->var[j] == var[j];
        if (same)
            return e;
    }
    if (L->len == JOINT_MAX_ENTRIES)
        return NULL;
    {
        joint_entry * e = L->e + L->len++;
        e->s = s;
        e->mask = mask;
        e->cmask = cmask;
        for (j = 0; j < PROG_MAX_REGS; j++)
        {
            fmpq_set(e->cval + j, cval + j);
            e->var[j] = var[j];
        }
        pexp_zero(&e->F);
        e->F.max_len = max_len;
        return e;
    }
}

/* the registers the guards of S compare */
static unsigned
state_regs(const prog_state * S)
{
    unsigned u = 0;
    int b, k;
    for (b = 0; b < S->nbranches; b++)
        for (k = 0; k < S->branches[b].natoms; k++)
            u |= 1u << S->branches[b].atoms[k].reg;
    return u;
}

/* the first branch of S whose guard holds when y >= x_j exactly for the
   registers j in ge, or -1 */
static int
first_branch(const prog_state * S, unsigned ge)
{
    int b, k;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        int holds = 1;
        for (k = 0; k < B->natoms && holds; k++)
        {
            int above = ge >> B->atoms[k].reg & 1;
            holds = (B->atoms[k].op == PROG_GE) ? above : !above;
        }
        if (holds)
            return b;
    }
    return -1;
}

/* G = F * [branch b of S is taken at (y, x)]: a sum over the cells of y
   among the registers compared (a register holding a number c bounds y
   by c; registers that share a variable are on one side of y) */
static void
restrict_to_branch(joint_walk * w, pexp_t G, const pexp_t F,
    const prog_state * S, int b, slong y, const joint_entry * e)
{
    unsigned u = state_regs(S), ge;
    pexp_struct * H = w->H;
    arb_t one;
    fmpq_t zero;
    int j;
    arb_init(one);
    fmpq_init(zero);
    arb_one(one);
    pexp_zero(G);
    /* every subset ge of u (u itself first, 0 last) */
    for (ge = u;; ge = (ge - 1) & u)
    {
        unsigned vmask = 0, vge = 0;
        int ok = first_branch(S, ge) == b;
        /* the sides of the variables: one per variable */
        for (j = 0; ok && j < w->P->nregs; j++)
            if (((u & ~e->cmask) >> j & 1))
            {
                unsigned bit = 1u << e->var[j];
                if ((vmask & bit) && ((vge & bit) != 0) != ((ge >> j & 1) != 0))
                    ok = 0;     /* one value on both sides of y: never */
                vmask |= bit;
                if (ge >> j & 1)
                    vge |= bit;
            }
        if (ok)
        {
            pexp_zero(H);
            pexp_add_ordered(H, F, y, vmask, vge);
            for (j = 0; j < w->P->nregs; j++)
                if ((u & e->cmask) >> j & 1)
                    pexp_mul_piece(H, y, one, zero, (ge >> j & 1) ? e->cval + j
                        : NULL, (ge >> j & 1) ? NULL : e->cval + j, w->prec);
            pexp_add(G, H);
        }
        if (ge == 0)
            break;
    }
    arb_clear(one);
    fmpq_clear(zero);
}

/* the exact rate d eps of noise n and its centre (a + mu) */
static void
noise_of(fmpq_t rate, fmpq_t centre, const joint_walk * w, int n,
    const fmpq_t a)
{
    fmpq_mul(rate, w->P->noises[n].d, w->M->eps_q);
    fmpq_add(centre, a, w->P->noises[n].mean);
}

/* the Laplace density of noise n (centre a + mu) at the point v */
static void
point_density(arb_t res, const joint_walk * w, int n, const fmpq_t a,
    const fmpq_t v)
{
    pexp_t D;
    fmpq_t rate, centre;
    pexp_init(D, 1);
    fmpq_init(rate);
    fmpq_init(centre);
    noise_of(rate, centre, w, n, a);
    pexp_one(D);
    pexp_mul_laplace(D, 0, centre, rate, w->prec);
    pexp_subst(D, 0, v, w->prec);
    pexp_total(res, D, w->prec);
    pexp_clear(D);
    fmpq_clear(rate);
    fmpq_clear(centre);
}

static const char too_many_terms[] = "the exact joint integral grew beyond "
    "its limit of terms (400000; with more than three registers, 64 MiB of "
    "them); supported: outputs of fewer queries or automata with fewer "
    "registers";

/* the function of entry e through branch b of its state, for output r */
static void
joint_branch(joint_walk * w, const joint_entry * e, int b,
    const svt_run_struct * r, int side, int last)
{
    const prog_state * S = w->P->states + e->s;
    const prog_branch * B = S->branches + b;
    const slong y = w->nv - 1;
    int n = S->answer_noise[0], j = -1, released;
    pexp_struct * G = w->G;
    unsigned mask = e->mask, cmask = e->cmask;
    fmpq cval[PROG_MAX_REGS];
    signed char var[PROG_MAX_REGS];
    fmpq_t a, rate, centre;
    joint_entry * to;

    if ((state_regs(S) & ~mask) != 0)
    {
        w->unsupported = "a guard compares a register before its first "
            "assignment; supported: automata that assign every register "
            "before comparing it";
        return;
    }
    if (B->stop && !last)
        return;     /* the run ends before the end of the vector */
    fmpq_init(a);
    fmpq_init(rate);
    fmpq_init(centre);
    for (j = 0; j < PROG_MAX_REGS; j++)
    {
        fmpq_init(cval + j);
        fmpq_set(cval + j, e->cval + j);
        var[j] = e->var[j];
    }
    if (!S->noninput)
        fmpq_set(a, r->q[side]);
    noise_of(rate, centre, w, n, a);
    pexp_zero(w->L);
    pexp_add(w->L, &e->F);
    pexp_mul_laplace(w->L, y, centre, rate, w->prec);
    restrict_to_branch(w, G, w->L, S, b, y, e);
    released = r->a == SVT_NUM && B->out == PROG_OUT_NOISY;
    if (released)
        pexp_subst(G, y, r->v, w->prec);
    else if (r->a == SVT_NUM && B->out == PROG_OUT_FRESH)
    {
        arb_t f;
        fmpq_t zero;
        arb_init(f);
        fmpq_init(zero);
        point_density(f, w, B->out_noise, a, r->v);
        pexp_mul_piece(G, y, f, zero, NULL, NULL, w->prec);
        arb_clear(f);
        fmpq_clear(zero);
    }
    if (B->assign != 0)
    {
        const unsigned A = B->assign;
        unsigned used = 0;      /* the variables other registers keep */
        int k, v = -1;
        for (k = 0; k < w->P->nregs; k++)
            if ((mask & ~cmask & ~A) >> k & 1)
                used |= 1u << var[k];
        /* the old values of the registers assigned, unless another
           register holds them too */
        for (k = 0; k < w->P->nregs && w->unsupported == NULL; k++)
            if (((mask & ~cmask & A) >> k & 1) && !(used >> var[k] & 1)
                    && pexp_uses(G, var[k]))
            {
                pexp_integrate(G, var[k], w->prec);
                if (G->too_large)
                    w->unsupported = too_many_terms;
            }
        if (released)
        {
            cmask |= A;         /* the registers hold the number */
            for (k = 0; k < w->P->nregs; k++)
                if (A >> k & 1)
                    fmpq_set(cval + k, r->v);
        }
        else
        {
            /* y becomes a variable no other register keeps: the first
               assigned register's own when free (so that automata that
               assign one register at a time keep variable j for
               register j), else the first free one; there is one, as at
               most nregs - 1 registers keep theirs */
            for (k = 0; k < w->P->nregs && v < 0; k++)
                if ((A >> k & 1) && !(used >> k & 1))
                    v = k;
            for (k = 0; k < w->P->nregs && v < 0; k++)
                if (!(used >> k & 1))
                    v = k;
            if (v < 0 || pexp_uses(G, v))
                w->unsupported = "internal: no free variable for an "
                    "assigned register (please report this)";
            else
            {
                cmask &= ~A;
                for (k = 0; k < w->P->nregs; k++)
                    if (A >> k & 1)
                        var[k] = (signed char) v;
                if (pexp_uses(G, y))
                    pexp_move(G, y, v);
            }
        }
        mask |= A;
    }
    else if (pexp_uses(G, y))
    {
        pexp_integrate(G, y, w->prec);
        if (G->too_large)
            w->unsupported = too_many_terms;
    }
    if (G->too_large)
        w->unsupported = too_many_terms;
    if (w->unsupported != NULL)
        ;
    else if (B->stop)
    {
        pexp_add(w->ended, G);
        if (w->ended->too_large)
            w->unsupported = too_many_terms;
    }
    else if ((to = layer_entry(w->next, B->next, mask, cmask, cval, var,
            w->max_big))
            != NULL)
    {
        pexp_add(&to->F, G);
        w->next_terms += G->len;
        if (to->F.too_large || w->next_terms > 2 * w->max_big)
            w->unsupported = too_many_terms;
    }
    else
        w->unsupported = "the paths of the output reach more than 256 "
            "(state, registers) combinations; supported: fewer";
    for (j = 0; j < PROG_MAX_REGS; j++)
        fmpq_clear(cval + j);
    fmpq_clear(a);
    fmpq_clear(rate);
    fmpq_clear(centre);
}

/* one query of output r through every matching branch */
static void
joint_step(joint_walk * w, const svt_run_struct * r, int side, int last)
{
    slong i, total;
    int b;
    w->next->len = 0;
    w->next_terms = 0;
    for (i = 0; i < w->cur->len; i++)
    {
        const joint_entry * e = w->cur->e + i;
        const prog_state * S = w->P->states + e->s;
        if (e->F.len == 0)
            continue;
        for (b = 0; b < S->nbranches && w->unsupported == NULL; b++)
            if (prog_branch_matches(S->branches + b, r->a, r->label))
                joint_branch(w, e, b, r, side, last);
    }
    for (i = 0, total = 0; i < w->next->len; i++)
    {
        pexp_normalise(&w->next->e[i].F, w->prec);
        total += w->next->e[i].F.len;
        if (w->next->e[i].F.len > JOINT_MAX_TERMS)
            w->unsupported = "the exact joint integral grew beyond 100000 "
                "terms; supported: outputs of fewer distinct queries";
    }
    if (total > w->max_big && w->unsupported == NULL)
        w->unsupported = too_many_terms;
    {
        joint_layer * t = w->cur;
        w->cur = w->next;
        w->next = t;
    }
}

/* res += the integral of F over every variable (t: scratch) */
static void
add_total(arb_t res, int * exact_zero, joint_walk * w, const pexp_t F,
    arb_t t)
{
    if (F->len == 0 || w->unsupported != NULL)
        return;
    *exact_zero = 0;
    switch (pexp_total_capped(t, F, w->max_big, w->prec))
    {
        case 0:
            break;
        case PEXP_TOO_LARGE:
            w->unsupported = too_many_terms;
            break;
        default:
            w->unsupported = "a term of the joint integral does not decay";
    }
    arb_add(res, res, t, w->prec);
}

/* the whole vector at working precision prec; returns 0, or 1 when
   unsupported (*why says why).  *units counts the work (the terms of
   each layer, weighted by the precision as an integrand evaluation is);
   past limit (> 0) the run stops as unsupported. */
static int
joint_run(arb_t res, int * exact_zero, const svt_model_t M,
    const svt_runs_t R, int side, slong prec, const char ** why,
    slong * units, slong limit)
{
    joint_walk w;
    slong i, wv;
    ulong k;
    arb_t t;
    fmpq zero[PROG_MAX_REGS];
    signed char var0[PROG_MAX_REGS];
    memset(&w, 0, sizeof(w));
    w.M = M;
    w.P = M->prog;
    w.nv = w.P->nregs + 1;
    w.prec = prec;
    if (svt_runs_length(R) > PROG_JOINT_MAX_QUERIES)
    {
        *why = "the exact joint integral of an automaton with several "
            "registers grows with every query; supported: at most 48 queries";
        return 1;
    }
    w.cur = flint_malloc(sizeof(joint_layer));
    w.next = flint_malloc(sizeof(joint_layer));
    layer_init(w.cur, w.nv);
    layer_init(w.next, w.nv);
    pexp_init(w.ended, w.nv);
    pexp_init(w.L, w.nv);
    pexp_init(w.G, w.nv);
    pexp_init(w.H, w.nv);
    w.max_big = w.nv <= 4 ? JOINT_MAX_BIG_TERMS : FLINT_MIN(JOINT_MAX_BIG_TERMS,
        JOINT_MAX_BIG_BYTES / (slong) (sizeof(pexp_term_struct) + w.nv
        * (3 * sizeof(fmpq) + sizeof(slong) + w.nv)));
    w.L->max_len = w.G->max_len = w.H->max_len = w.ended->max_len = w.max_big;
    wv = FLINT_MAX(1, w.nv * w.nv / 16);
    arb_init(t);
    for (i = 0; i < PROG_MAX_REGS; i++)
    {
        fmpq_init(zero + i);
        var0[i] = (signed char) i;
    }
    pexp_one(&layer_entry(w.cur, 0, 0, 0, zero, var0, w.max_big)->F);
    for (i = 0; i < R->len && w.unsupported == NULL; i++)
        for (k = 0; k < R->runs[i].count && w.unsupported == NULL; k++)
        {
            slong e, terms = 1;
            joint_step(&w, R->runs + i, side,
                i == R->len - 1 && k == R->runs[i].count - 1);
            for (e = 0; e < w.cur->len; e++)
                terms += w.cur->e[e].F.len;
            /* a term costs about an eighth of an integrand evaluation
               (with more than three registers, more: its arrays grow
               with the square of the variables) */
            *units += (terms * ((prec + 255) / 256) * wv + 7) / 8;
            if (limit > 0 && *units >= limit && w.unsupported == NULL)
                w.unsupported = "the exact joint integral reached the work "
                    "budget of one ratio (a search's or prove's budget)";
        }
    /* a refusal for its terms has done about a limit's worth of work */
    if (w.nv > 4 && w.unsupported == too_many_terms)
        *units += (w.max_big * ((prec + 255) / 256) * wv + 7) / 8;
    arb_zero(res);
    *exact_zero = 1;
    for (i = 0; i < w.cur->len && !R->stops; i++)
        add_total(res, exact_zero, &w, &w.cur->e[i].F, t);
    add_total(res, exact_zero, &w, w.ended, t);
    /* an exact 0 (every term's region empty, or radius-0 terms that
       cancel) is the exact value */
    if (w.unsupported == NULL && arb_is_zero(res))
        *exact_zero = 1;
    layer_clear(w.cur);
    layer_clear(w.next);
    flint_free(w.cur);
    flint_free(w.next);
    pexp_clear(w.ended);
    pexp_clear(w.L);
    pexp_clear(w.G);
    pexp_clear(w.H);
    arb_clear(t);
    for (i = 0; i < PROG_MAX_REGS; i++)
        fmpq_clear(zero + i);
    *why = w.unsupported;
    return w.unsupported != NULL;
}

int
svt_program_joint_prob(svt_prob_t res, const svt_model_t M,
    const svt_runs_t R, int side, const integral_opt_t opt)
{
    slong goal, cap, prec;
    const char * why = NULL;
    int zero = 0;

    integral_opt_bits(&goal, &cap, opt);
    /* the terms alternate in sign: start with room for cancellation */
    prec = FLINT_MIN(2 * goal + 64, cap);
    res->zero = 0;
    res->status = SVT_PROB_OK;
    res->budget_spent = 0;
    res->note = NULL;
    res->segments = 1;
    for (;;)
    {
        slong units = 0, limit = 0;
        int un;
        if (opt != NULL && opt->work_used != NULL && opt->work_limit > 0)
            limit = FLINT_MAX(1, opt->work_limit - *opt->work_used);
        un = joint_run(res->value, &zero, M, R, side, prec, &why, &units, limit);
        if (opt != NULL && opt->work_used != NULL)
            *opt->work_used += units;
        if (un)
        {
            res->status = SVT_PROB_UNSUPPORTED;
            res->note = why;
            arb_indeterminate(res->value);
            arb_indeterminate(res->log_value);
            return res->status;
        }
        if (zero || arb_rel_accuracy_bits(res->value) >= goal)
            break;
        if (prec >= cap)
        {
            res->status = SVT_PROB_GOAL_MISSED;
            break;
        }
        prec = FLINT_MIN(2 * prec, cap);
    }
    res->zero = zero;
    svt_prob_set_log(res, prec);
    return res->status;
}

/* does some path through the states produce the output vector (guards
   aside)?  The states reachable after each query, as a bit set */
const char *
svt_program_joint_impossible(const svt_model_t M, const svt_runs_t R)
{
    const svt_program * P = M->prog;
    ulong reach = 1, next;
    int ended = 0, s, b;
    slong i;
    for (i = 0; i < R->len && reach != 0; i++)
    {
        const svt_run_struct * r = R->runs + i;
        ulong k;
        for (k = 0; k < r->count && reach != 0; k++)
        {
            int last = i == R->len - 1 && k == r->count - 1;
            next = 0;
            for (s = 0; s < P->nstates; s++)
                for (b = 0; (reach >> s & 1) && b < P->states[s].nbranches; b++)
                {
                    const prog_branch * B = P->states[s].branches + b;
                    if (!prog_branch_matches(B, r->a, r->label))
                        continue;
                    if (!B->stop)
                        next |= 1ul << B->next;
                    else if (last)
                        ended = 1;
                }
            /* a fixed point: the same set until the run's last query */
            if (next == reach && k + 2 < r->count)
                k = r->count - 2;
            reach = next;
        }
    }
    return ((reach != 0 && !R->stops) || ended) ? NULL : "no path of the automaton produces "
        "this output (its transitions do not allow it)";
}

ulong
svt_model_max_queries(const svt_model_t M)
{
    return M->prog->nregs > 1 ? PROG_JOINT_MAX_QUERIES : 0;
}
