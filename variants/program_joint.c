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

   Each function is a product of factors over disjoint variables
   (joint_factors): registers no guard has compared together stay apart,
   so independent groups (m-Range's pairs) never multiply out; a step
   merges the factors of the registers its state compares and changes
   only that one (and the factors of the registers it assigns).

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
#define JOINT_MAX_GROUPS (PROG_MAX_REGS + 1)

/* a function of the registers as a product of factors over disjoint sets
   of variables (gv[g]: the variables factor g may use; 0 for at most one
   constant factor), sorted by gv.  Registers that no guard has compared
   together stay in factors of their own, so independent groups (m-Range's
   range pairs) never multiply out.  ng = 0: the zero function. */
typedef struct
{
    int ng;
    int cap;                    /* the factors initialised: one per
                                   register and the constant, nv */
    unsigned gv[JOINT_MAX_GROUPS];
    pexp_struct F[JOINT_MAX_GROUPS];
}
joint_factors;

/* the paths that reach state s with the same registers: the assigned
   ones (mask), those holding a released number (cmask, values cval),
   the variable that holds each other assigned register (var: a
   transition that assigns several registers at once gives them one
   variable), and their joint density P restricted to the outputs so far */
typedef struct
{
    int s;
    unsigned mask, cmask;
    fmpq cval[PROG_MAX_REGS];
    signed char var[PROG_MAX_REGS];
    joint_factors P;
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
    arb_t ended;                /* Pr of the runs that stopped at the last
                                   query */
    int ended_any;              /* some did (ended is not an exact 0) */
    joint_factors X;            /* the factors of one branch */
    pexp_t L, G, H;             /* scratch of one branch */
    pexp_t S;                   /* the one scratch of every integral */
    const char * unsupported;
    slong prec;
}
joint_walk;

/* ---- products of factors --------------------------------------------- */

static void
factors_init(joint_factors * X, slong nv)
{
    int g;
    X->ng = 0;
    X->cap = (int) FLINT_MIN(nv, JOINT_MAX_GROUPS);
    for (g = 0; g < X->cap; g++)
        pexp_init(X->F + g, nv);
}

static void
factors_clear(joint_factors * X)
{
    int g;
    for (g = 0; g < X->cap; g++)
        pexp_clear(X->F + g);
}

/* X = 0, each factor to hold at most max_len terms */
static void
factors_zero(joint_factors * X, slong max_len)
{
    int g;
    X->ng = 0;
    for (g = 0; g < X->cap; g++)
    {
        pexp_zero(X->F + g);
        X->F[g].max_len = max_len;
    }
}

/* X = 1 (one constant factor) */
static void
factors_one(joint_factors * X, slong max_len)
{
    factors_zero(X, max_len);
    X->ng = 1;
    X->gv[0] = 0;
    pexp_one(X->F);
}

static slong
factors_len(const joint_factors * X)
{
    slong n = 0;
    int g;
    for (g = 0; g < X->ng; g++)
        n += X->F[g].len;
    return n;
}

static int
factors_too_large(const joint_factors * X)
{
    int g;
    for (g = 0; g < X->ng; g++)
        if (X->F[g].too_large)
            return 1;
    return 0;
}

/* is the product 0 (no factor, or one without terms)? */
static int
factors_vanish(const joint_factors * X)
{
    int g;
    for (g = 0; g < X->ng; g++)
        if (X->F[g].len == 0)
            return 1;
    return X->ng == 0;
}

/* removes factor g (its terms are kept for reuse) */
static void
factors_drop(joint_factors * X, int g)
{
    pexp_struct t = X->F[g];
    int k;
    for (k = g; k + 1 < X->ng; k++)
    {
        X->F[k] = X->F[k + 1];
        X->gv[k] = X->gv[k + 1];
    }
    X->F[--X->ng] = t;
}

/* the factors in sel (bits; the constant factor always among them) as one
   product, in the place of the first; returns it (a new constant factor
   when sel is empty) */
static int
factors_merge(joint_factors * X, unsigned sel, slong prec)
{
    int g, first = -1;
    for (g = 0; g < X->ng; g++)
        if (X->gv[g] == 0)
            sel |= 1u << g;
    for (g = X->ng - 1; g >= 0; g--)
        if (sel >> g & 1)
            first = g;
    if (first < 0)
    {
        first = X->ng++;
        X->gv[first] = 0;
        pexp_one(X->F + first);
        return first;
    }
    for (g = X->ng - 1; g > first; g--)
        if (sel >> g & 1)
        {
            pexp_mul_disjoint(X->F + first, X->F + g, prec);
            X->gv[first] |= X->gv[g];
            factors_drop(X, g);
        }
    return first;
}

/* the bits of every factor of X (up to JOINT_MAX_GROUPS = 32 of them) */
static unsigned
every_factor(const joint_factors * X)
{
    return X->ng >= 32 ? ~0u : (1u << X->ng) - 1;
}

/* sorted by gv (the constant factor first): equal products of equal
   factors look alike */
static void
factors_sort(joint_factors * X)
{
    int i, j;
    for (i = 1; i < X->ng; i++)
        for (j = i; j > 0 && X->gv[j] < X->gv[j - 1]; j--)
        {
            pexp_struct t = X->F[j];
            unsigned u = X->gv[j];
            X->F[j] = X->F[j - 1];
            X->gv[j] = X->gv[j - 1];
            X->F[j - 1] = t;
            X->gv[j - 1] = u;
        }
}

static void
pexp_swap(pexp_struct * a, pexp_struct * b)
{
    pexp_struct t = *a;
    *a = *b;
    *b = t;
}

/* X = the factors of E that use no variable in touched (copies), then in
   the last place (returned) an empty factor holding their variables,
   whose function L is the product of the others and of E's constant
   factor (1 when there are none) */
static int
factors_split(joint_factors * X, pexp_t L, const joint_factors * E,
    unsigned touched, slong prec)
{
    int g, first = 1;
    unsigned gv = 0;
    X->ng = 0;
    pexp_one(L);
    for (g = 0; g < E->ng; g++)
        if (E->gv[g] == 0 || (E->gv[g] & touched) != 0)
        {
            if (first)
            {
                pexp_zero(L);
                pexp_add(L, E->F + g);
            }
            else
                pexp_mul_disjoint(L, E->F + g, prec);
            first = 0;
            gv |= E->gv[g];
        }
        else
        {
            X->gv[X->ng] = E->gv[g];
            pexp_zero(X->F + X->ng);
            pexp_add(X->F + X->ng, E->F + g);
            X->ng++;
        }
    X->gv[X->ng] = gv;
    pexp_zero(X->F + X->ng);
    return X->ng++;
}

/* D += S: into the one factor where they differ when every other is
   equal, else both multiplied out into one factor first */
static void
factors_add(joint_factors * D, joint_factors * S, slong prec)
{
    int g, diff = -1, same = D->ng == S->ng;
    if (D->ng == 0)
    {
        /* S is scratch: its functions are moved, not copied */
        for (g = 0; g < S->ng; g++)
        {
            D->gv[g] = S->gv[g];
            pexp_swap(D->F + g, S->F + g);
        }
        D->ng = S->ng;
        return;
    }
    for (g = 0; same && g < D->ng; g++)
        if (D->gv[g] != S->gv[g])
            same = 0;
        else if (!pexp_equal(D->F + g, S->F + g))
        {
            same = diff < 0;
            diff = g;
        }
    if (!same)
    {
        factors_merge(D, every_factor(D), prec);
        factors_merge(S, every_factor(S), prec);
        pexp_add(D->F, S->F);
        D->gv[0] |= S->gv[0];
        return;
    }
    pexp_add(D->F + (diff < 0 ? 0 : diff), S->F + (diff < 0 ? 0 : diff));
}

/* the factor that holds variable v, or -1 */
static int
factors_holding(const joint_factors * X, slong v)
{
    int g;
    for (g = 0; g < X->ng; g++)
        if (X->gv[g] >> v & 1)
            return g;
    return -1;
}

static void
layer_init(joint_layer * L, slong nv)
{
    slong i;
    int j;
    L->len = 0;
    for (i = 0; i < JOINT_MAX_ENTRIES; i++)
    {
        factors_init(&L->e[i].P, nv);
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
        factors_clear(&L->e[i].P);
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
        factors_zero(&e->P, max_len);
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
   registers j in ge, and y = x_j for the registers j in tie (there a
   comparison holds when it is not strict: >=, <=), or -1 */
static int
first_branch(const prog_state * S, unsigned ge, unsigned tie)
{
    int b, k;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        int holds = 1;
        for (k = 0; k < B->natoms && holds; k++)
        {
            int above = ge >> B->atoms[k].reg & 1;
            if (tie >> B->atoms[k].reg & 1)
                holds = !B->atoms[k].strict;
            else
                holds = (B->atoms[k].op == PROG_GE) ? above : !above;
        }
        if (holds)
            return b;
    }
    return -1;
}

/* the registers compared by S that hold the number v exactly: where the
   step releases y = v, its comparisons with them are ties */
static unsigned
tied_registers(const prog_state * S, const joint_entry * e, const fmpq_t v,
    int nregs)
{
    unsigned u = state_regs(S) & e->cmask, tie = 0;
    int j;
    for (j = 0; j < nregs; j++)
        if ((u >> j & 1) && fmpq_equal(e->cval + j, v))
            tie |= 1u << j;
    return tie;
}

/* G = F * [branch b of S is taken at (y, x)]: a sum over the cells of y
   among the registers compared (a register holding a number c bounds y
   by c; registers that share a variable are on one side of y).  The
   registers in tie hold the number y is released at (y = c exactly):
   their comparisons are decided by strictness, and bound nothing. */
static void
restrict_to_branch(joint_walk * w, pexp_t G, const pexp_t F,
    const prog_state * S, int b, slong y, const joint_entry * e,
    unsigned tie)
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
        int ok = (ge & tie) == tie && first_branch(S, ge, tie) == b;
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
                if ((u & e->cmask & ~tie) >> j & 1)
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

/* the old values of the registers that branch B assigns, integrated out
   of the factor that holds them (unless another register holds them
   too); G is factor gi's function, taken out of X.  Returns gi's index
   after factors left constant are folded into G and dropped. */
static int
forget_assigned(joint_walk * w, pexp_t G, int gi, unsigned mask,
    unsigned cmask, const signed char * var, unsigned A)
{
    joint_factors * X = &w->X;
    unsigned used = 0;      /* the variables other registers keep */
    int k, g;
    for (k = 0; k < w->P->nregs; k++)
        if ((mask & ~cmask & ~A) >> k & 1)
            used |= 1u << var[k];
    for (k = 0; k < w->P->nregs && w->unsupported == NULL; k++)
    {
        pexp_struct * H;
        if (!((mask & ~cmask & A) >> k & 1) || (used >> var[k] & 1)
                || (g = factors_holding(X, var[k])) < 0)
            continue;
        H = g == gi ? G : X->F + g;
        if (pexp_uses(H, var[k]))
            pexp_integrate_using(H, var[k], w->S, w->prec);
        X->gv[g] &= ~(1u << var[k]);
        if (H->too_large)
            w->unsupported = too_many_terms;
        else if (g != gi && X->gv[g] == 0)
        {
            /* a factor left without variables is a constant: into G */
            pexp_mul_disjoint(G, H, w->prec);
            factors_drop(X, g);
            if (g < gi)
                gi--;
        }
    }
    return gi;
}

/* the product of the factors of X, integrated over every variable, added
   to res (its terms capped) */
static void
add_product(arb_t res, joint_walk * w, const joint_factors * X)
{
    arb_t p, t;
    int g;
    arb_init(p);
    arb_init(t);
    arb_one(p);
    for (g = 0; g < X->ng && w->unsupported == NULL; g++)
        switch (pexp_total_capped(t, X->F + g, w->max_big, w->prec))
        {
            case 0:
                arb_mul(p, p, t, w->prec);
                break;
            case PEXP_TOO_LARGE:
                w->unsupported = too_many_terms;
                break;
            default:
                w->unsupported = "a term of the joint integral does not decay";
        }
    if (X->ng > 0)
        arb_add(res, res, p, w->prec);
    arb_clear(p);
    arb_clear(t);
}

/* the function of entry e through branch b of its state, for output r:
   only the factor of the registers its state compares changes (merged
   from theirs), and the factors of the registers it assigns */
static void
joint_branch(joint_walk * w, const joint_entry * e, int b,
    const svt_run_struct * r, int side, int last)
{
    const prog_state * S = w->P->states + e->s;
    const prog_branch * B = S->branches + b;
    const slong y = w->nv - 1;
    int n = S->answer_noise[0], j = -1, released, gi;
    unsigned touched = 0;
    pexp_struct * G = w->G;
    joint_factors * X = &w->X;
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
        if ((state_regs(S) & ~cmask) >> j & 1)
            touched |= 1u << var[j];
    }
    if (!S->noninput)
        fmpq_set(a, r->q[side]);
    noise_of(rate, centre, w, n, a);
    /* the factors of the registers compared (and the constant one), as
       one product in L, in place gi of X; the others copied into X */
    gi = factors_split(X, w->L, &e->P, touched, w->prec);
    if (w->L->too_large || factors_too_large(X))
        w->unsupported = too_many_terms;
    pexp_mul_laplace(w->L, y, centre, rate, w->prec);
    released = r->a == SVT_NUM && B->out == PROG_OUT_NOISY;
    restrict_to_branch(w, G, w->L, S, b, y, e, released
        ? tied_registers(S, e, r->v, w->P->nregs) : 0);
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
        gi = forget_assigned(w, G, gi, mask, cmask, var, A);
        for (k = 0; k < w->P->nregs; k++)
            if ((mask & ~cmask & ~A) >> k & 1)
                used |= 1u << var[k];
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
            if (v < 0 || pexp_uses(G, v) || factors_holding(X, v) >= 0)
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
                X->gv[gi] |= 1u << v;
            }
        }
        mask |= A;
    }
    else if (pexp_uses(G, y))
        pexp_integrate_using(G, y, w->S, w->prec);
    if (G->too_large)
        w->unsupported = too_many_terms;
    /* the new function in its place */
    pexp_swap(X->F + gi, G);
    factors_sort(X);
    if (w->unsupported != NULL)
        ;
    else if (B->stop)
    {
        if (!factors_vanish(X))
        {
            w->ended_any = 1;
            add_product(w->ended, w, X);
        }
    }
    else if ((to = layer_entry(w->next, B->next, mask, cmask, cval, var,
            w->max_big))
            != NULL)
    {
        factors_add(&to->P, X, w->prec);
        w->next_terms += factors_len(X);
        if (factors_too_large(&to->P) || w->next_terms > 2 * w->max_big)
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
        if (factors_vanish(&e->P))
            continue;
        for (b = 0; b < S->nbranches && w->unsupported == NULL; b++)
            if (prog_branch_matches(S->branches + b, r->a, r->label))
                joint_branch(w, e, b, r, side, last);
    }
    for (i = 0, total = 0; i < w->next->len; i++)
    {
        joint_factors * X = &w->next->e[i].P;
        int g;
        for (g = 0; g < X->ng; g++)
        {
            pexp_normalise(X->F + g, w->prec);
            if (X->F[g].len > JOINT_MAX_TERMS)
                w->unsupported = "the exact joint integral grew beyond 100000 "
                    "terms; supported: outputs of fewer distinct queries";
        }
        total += factors_len(X);
    }
    if (total > w->max_big && w->unsupported == NULL)
        w->unsupported = too_many_terms;
    {
        joint_layer * t = w->cur;
        w->cur = w->next;
        w->next = t;
    }
}

/* res += the integral of X over every variable */
static void
add_total(arb_t res, int * exact_zero, joint_walk * w, const joint_factors * X)
{
    if (factors_vanish(X) || w->unsupported != NULL)
        return;
    *exact_zero = 0;
    add_product(res, w, X);
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
    arb_init(w.ended);
    factors_init(&w.X, w.nv);
    pexp_init(w.L, w.nv);
    pexp_init(w.G, w.nv);
    pexp_init(w.H, w.nv);
    pexp_init(w.S, w.nv);
    w.max_big = w.nv <= 4 ? JOINT_MAX_BIG_TERMS : FLINT_MIN(JOINT_MAX_BIG_TERMS,
        JOINT_MAX_BIG_BYTES / (slong) (sizeof(pexp_term_struct) + w.nv
        * (3 * sizeof(fmpq) + sizeof(slong) + w.nv)));
    w.L->max_len = w.G->max_len = w.H->max_len = w.max_big;
    factors_zero(&w.X, w.max_big);
    wv = FLINT_MAX(1, w.nv * w.nv / 16);
    for (i = 0; i < PROG_MAX_REGS; i++)
    {
        fmpq_init(zero + i);
        var0[i] = (signed char) i;
    }
    factors_one(&layer_entry(w.cur, 0, 0, 0, zero, var0, w.max_big)->P,
        w.max_big);
    for (i = 0; i < R->len && w.unsupported == NULL; i++)
        for (k = 0; k < R->runs[i].count && w.unsupported == NULL; k++)
        {
            slong e, terms = 1;
            joint_step(&w, R->runs + i, side,
                i == R->len - 1 && k == R->runs[i].count - 1);
            for (e = 0; e < w.cur->len; e++)
                terms += factors_len(&w.cur->e[e].P);
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
        add_total(res, exact_zero, &w, &w.cur->e[i].P);
    if (w.ended_any)
    {
        *exact_zero = 0;
        arb_add(res, res, w.ended, prec);
    }
    /* an exact 0 (every term's region empty, or radius-0 terms that
       cancel) is the exact value */
    if (w.unsupported == NULL && arb_is_zero(res))
        *exact_zero = 1;
    layer_clear(w.cur);
    layer_clear(w.next);
    flint_free(w.cur);
    flint_free(w.next);
    arb_clear(w.ended);
    factors_clear(&w.X);
    pexp_clear(w.L);
    pexp_clear(w.G);
    pexp_clear(w.H);
    pexp_clear(w.S);
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
   aside)?  The states reachable after each query, a flag per state */
const char *
svt_program_joint_impossible(const svt_model_t M, const svt_runs_t R)
{
    const svt_program * P = M->prog;
    char * reach = flint_calloc(2 * P->nstates, 1), * next = reach + P->nstates;
    int ended = 0, any = 1, s, b;
    slong i;
    reach[0] = 1;
    for (i = 0; i < R->len && any; i++)
    {
        const svt_run_struct * r = R->runs + i;
        ulong k;
        for (k = 0; k < r->count && any; k++)
        {
            int last = i == R->len - 1 && k == r->count - 1;
            memset(next, 0, P->nstates);
            for (s = 0; s < P->nstates; s++)
                for (b = 0; reach[s] && b < P->states[s].nbranches; b++)
                {
                    const prog_branch * B = P->states[s].branches + b;
                    if (!prog_branch_matches(B, r->a, r->label))
                        continue;
                    if (!B->stop)
                        next[B->next] = 1;
                    else if (last)
                        ended = 1;
                }
            /* a fixed point: the same set until the run's last query */
            if (memcmp(next, reach, P->nstates) == 0 && k + 2 < r->count)
                k = r->count - 2;
            memcpy(reach, next, P->nstates);
            any = memchr(reach, 1, P->nstates) != NULL;
        }
    }
    flint_free(reach);
    return ((any && !R->stops) || ended) ? NULL : "no path of the automaton "
        "produces this output (its transitions do not allow it)";
}

ulong
svt_model_max_queries(const svt_model_t M)
{
    return M->prog->nregs > 1 ? PROG_JOINT_MAX_QUERIES : 0;
}
