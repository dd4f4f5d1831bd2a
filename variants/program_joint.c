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

   Registers.  With at most PEXP_MAXV - 1 of them (31), variable v is
   place v of every function and insample is the last (nregs).  With
   more (m-Range past m = 15, DiPAut's goes to 160 registers), a factor
   holds its variables in its first places, in order (pexp_embed
   renumbers it when they change), and every function is as wide as the
   largest group of registers that one state compares or assigns, joined
   over the states, plus insample (m-Range: a range pair and insample,
   3).  Paths that meet with differently grouped registers multiply their
   factors out; past PEXP_MAXV variables that is refused with its reason.
   The cells of y are the subsets of the registers its state compares (at
   most JOINT_MAX_COMPARED); a branch keeps those where it is the first to
   hold, merged into cubes where its guard does not decide a register
   (restrict_to_branch), and every function drops the terms of empty
   regions (pexp_normalise).  The number of terms grows with the queries
   and with the registers compared together; past the limits below
   (counted in terms, and in bytes with more than three registers) the
   probability is refused with its reason, never truncated.

   A branch is taken on the cells of y among the registers its state
   compares (y < x_j or y >= x_j for each), the first branch whose guard
   holds in a cell.  A numeric output of insample fixes y (a point
   density); insample' contributes its own density at the output.  All
   of it is exact up to Arb's rounding of the coefficients: no
   quadrature, no truncated tail. */

#include <string.h>
#include "program_walk.h"
#include "pexp.h"

/* the terms of any function on the way, of all those of a layer together
   and of an integral: at most 400000, and with more than three registers
   at most 64 MiB of terms (a term holds 3 rationals, a power and a row of
   the order per variable: 0.4 KiB with 4 registers, 0.8 KiB with 10) */
#define JOINT_MAX_BIG_TERMS 400000
#define JOINT_MAX_BIG_BYTES (WORD(64) << 20)
#define JOINT_MAX_ENTRIES 256
/* the terms written (before equal ones merge) that cost as much as an
   integrand evaluation of one register: measured, 1 to 3 us each with
   two or three registers against 10 to 15 us for a unit */
#define JOINT_WRITTEN_PER_UNIT 10
#define JOINT_MAX_COMPARED 16       /* registers one state compares */

/* ---- sets of registers and of variables (prog_regs) ------------------- */

static int
regs_count(const prog_regs * s)
{
    int i, n = 0;
    for (i = 0; i < 4; i++)
    {
        uint64_t x = s->w[i];
        for (; x != 0; x &= x - 1)
            n++;
    }
    return n;
}

/* the members of s below v */
static int
regs_rank(const prog_regs * s, int v)
{
    prog_regs t = *s;
    int i;
    for (i = 0; i < 4; i++)
        t.w[i] = 64 * i + 64 <= v ? t.w[i] : 64 * i >= v ? 0
            : t.w[i] & ((UINT64_C(1) << (v - 64 * i)) - 1);
    return regs_count(&t);
}

static int
regs_equal(const prog_regs * a, const prog_regs * b)
{
    return memcmp(a->w, b->w, sizeof(a->w)) == 0;
}

/* as numbers (bit i worth 2^i) */
static int
regs_cmp(const prog_regs * a, const prog_regs * b)
{
    int i;
    for (i = 3; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void
regs_or(prog_regs * d, const prog_regs * s)
{
    int i;
    for (i = 0; i < 4; i++)
        d->w[i] |= s->w[i];
}

/* do a and b share a member? */
static int
regs_meet(const prog_regs * a, const prog_regs * b)
{
    int i;
    for (i = 0; i < 4; i++)
        if ((a->w[i] & b->w[i]) != 0)
            return 1;
    return 0;
}

/* is some member of a not in b? */
static int
regs_beyond(const prog_regs * a, const prog_regs * b)
{
    int i;
    for (i = 0; i < 4; i++)
        if ((a->w[i] & ~b->w[i]) != 0)
            return 1;
    return 0;
}

/* a function of the registers as a product of factors over disjoint sets
   of variables (gv[g]: the variables factor g may use; empty for at most
   one constant factor), sorted by gv.  Registers that no guard has
   compared together stay in factors of their own, so independent groups
   (m-Range's range pairs) never multiply out.  ng = 0: the zero
   function. */
typedef struct
{
    int ng;
    int cap;                    /* the factors initialised: one per
                                   register and the constant */
    prog_regs * gv;
    pexp_struct * F;
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
    prog_regs mask, cmask;
    fmpq * cval;                /* nregs of them */
    short * var;
    joint_factors P;
}
joint_entry;

/* the entries 0 .. len - 1; 0 .. ninit - 1 are initialised (kept for the
   next query) */
typedef struct
{
    slong len, ninit;
    joint_entry e[JOINT_MAX_ENTRIES];
}
joint_layer;

typedef struct
{
    const svt_model_struct * M;
    const svt_program * P;
    int nregs;
    slong y;                    /* insample's variable: nregs */
    slong width;                /* the places of every function */
    int same_places;            /* variable v in place v (width nregs + 1),
                                   else a factor's in its first places */
    slong max_big;              /* the cap on a layer, a function and an
                                   integral */
    slong next_terms;           /* the terms added to the next layer */
    slong written;              /* the terms written before equal ones
                                   merged (the integrals' and the
                                   layers'): the work done */
    joint_layer * cur, * next;
    arb_t ended;                /* Pr of the runs that stopped at the last
                                   query */
    int ended_any;              /* some did (ended is not an exact 0) */
    joint_factors X;            /* the factors of one branch */
    fmpq * cval;                /* the registers of one branch */
    short * var;
    pexp_t L, G, H;             /* scratch of one branch */
    pexp_t S;                   /* the one scratch of every integral */
    pexp_t E, E2;               /* the scratch of renumbering */
    unsigned char * cells;      /* the cells of one branch (cells_mark) */
    int tie;                    /* the output on a null set
                                   (svt_prob_struct) */
    int tie_seen;               /* the sides of the ties seen (1 above,
                                   2 below, 4 neither) */
    const char * unsupported;
    slong prec;
}
joint_walk;

static const char too_wide[] = "the registers that the exact joint "
    "integral must keep in one function (those compared or assigned "
    "together, and paths that meet with them grouped differently) exceed "
    "its 31 variables; supported: fewer registers, or groups of at most 31";

/* ---- places of the variables ------------------------------------------ */

static void
pexp_swap(pexp_struct * a, pexp_struct * b)
{
    pexp_struct t = *a;
    *a = *b;
    *b = t;
}

/* the first n of d = those of s */
static void
cvals_set(fmpq * d, const fmpq * s, int n)
{
    int i;
    for (i = 0; i < n; i++)
        fmpq_set(d + i, s + i);
}

/* the place of variable v in a function of the variables gv */
static slong
place(const joint_walk * w, const prog_regs * gv, int v)
{
    return w->same_places ? v : regs_rank(gv, v);
}

/* map[i] = the place in a function of the variables to of the variable
   in place i of one of the variables from, variable old becoming new
   (old = -1: none); -1 for a variable not in to */
static void
places_map(slong * map, const joint_walk * w, const prog_regs * from,
    const prog_regs * to, int old, int new)
{
    int i, v;
    for (i = 0; i < w->width; i++)
        map[i] = -1;
    for (v = 0; v <= w->nregs; v++)
        if (prog_regs_has(from, v))
        {
            int u = v == old ? new : v;
            if (prog_regs_has(to, u))
                map[place(w, from, v)] = place(w, to, u);
        }
}

/* H, a function of the variables from, as one of the variables to
   (every variable of from that H uses among them), variable old renamed
   new (old = -1: none) */
static void
factor_renumber(joint_walk * w, pexp_struct * H, const prog_regs * from,
    const prog_regs * to, int old, int new)
{
    slong map[PEXP_MAXV], i;
    int moved = 0;
    if (w->same_places)
    {
        if (old >= 0 && pexp_uses(H, old))
            pexp_move(H, old, new);
        return;
    }
    places_map(map, w, from, to, old, new);
    for (i = 0; i < w->width; i++)
        moved |= map[i] >= 0 && map[i] != i;
    if (!moved)
        return;
    pexp_embed(w->E, H, map);
    pexp_swap(H, w->E);
}

/* D = H, a function of the variables from, as one of the variables to
   (a superset) */
static void
factor_copy_into(joint_walk * w, pexp_struct * D, const pexp_struct * H,
    const prog_regs * from, const prog_regs * to)
{
    slong map[PEXP_MAXV];
    pexp_zero(D);
    if (w->same_places)
    {
        pexp_add(D, H);
        return;
    }
    places_map(map, w, from, to, -1, -1);
    pexp_embed(D, H, map);
}

/* ---- products of factors --------------------------------------------- */

static void
factors_init(joint_factors * X, int cap, slong width)
{
    int g;
    X->ng = 0;
    X->cap = cap;
    X->gv = flint_calloc(cap, sizeof(prog_regs));
    X->F = flint_malloc(cap * sizeof(pexp_struct));
    for (g = 0; g < X->cap; g++)
        pexp_init(X->F + g, width);
}

static void
factors_clear(joint_factors * X)
{
    int g;
    for (g = 0; g < X->cap; g++)
        pexp_clear(X->F + g);
    flint_free(X->F);
    flint_free(X->gv);
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
    memset(X->gv, 0, sizeof(prog_regs));
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

/* L = the product of the factors of X flagged in sel (1 when none), a
   function of their variables *gv; returns 0, or 1 (with w->unsupported)
   when they and room more variables exceed the width */
static int
factors_product(joint_walk * w, pexp_t L, prog_regs * gv,
    const joint_factors * X, const char * sel, int room)
{
    int g, first = 1;
    memset(gv, 0, sizeof(prog_regs));
    for (g = 0; g < X->ng; g++)
        if (sel[g])
            regs_or(gv, X->gv + g);
    if (regs_count(gv) + room > w->width)
    {
        w->unsupported = too_wide;
        return 1;
    }
    pexp_one(L);
    for (g = 0; g < X->ng; g++)
        if (!sel[g])
            continue;
        else if (first)
        {
            factor_copy_into(w, L, X->F + g, X->gv + g, gv);
            first = 0;
        }
        else if (w->same_places)
            pexp_mul_disjoint(L, X->F + g, w->prec);
        else
        {
            factor_copy_into(w, w->E2, X->F + g, X->gv + g, gv);
            pexp_mul_disjoint(L, w->E2, w->prec);
        }
    return 0;
}

/* sorted by gv (the constant factor first): equal products of equal
   factors look alike */
static void
factors_sort(joint_factors * X)
{
    int i, j;
    for (i = 1; i < X->ng; i++)
        for (j = i; j > 0 && regs_cmp(X->gv + j, X->gv + j - 1) < 0; j--)
        {
            pexp_struct t = X->F[j];
            prog_regs u = X->gv[j];
            X->F[j] = X->F[j - 1];
            X->gv[j] = X->gv[j - 1];
            X->F[j - 1] = t;
            X->gv[j - 1] = u;
        }
}

/* X = the factors of E that use no variable in touched (copies), then in
   the last place (returned, or -1 with w->unsupported) an empty factor
   holding their variables, whose function L is the product of the
   others and of E's constant factor (1 when there are none), with room
   for insample */
static int
factors_split(joint_walk * w, joint_factors * X, pexp_t L,
    const joint_factors * E, const prog_regs * touched)
{
    char sel[PROG_MAX_REGS + 1];
    int g;
    X->ng = 0;
    for (g = 0; g < E->ng; g++)
    {
        sel[g] = prog_regs_empty(E->gv + g) || regs_meet(E->gv + g, touched);
        if (!sel[g])
        {
            X->gv[X->ng] = E->gv[g];
            pexp_zero(X->F + X->ng);
            pexp_add(X->F + X->ng, E->F + g);
            X->ng++;
        }
    }
    if (factors_product(w, L, X->gv + X->ng, E, sel, 1))
        return -1;
    pexp_zero(X->F + X->ng);
    return X->ng++;
}

/* D += S: into the one factor where they differ when every other is
   equal; else the factors that both have (the same variables, the same
   function) stay, and the others of each side are multiplied out into
   one factor (over the variables of either side) and added (w->L and
   w->H are the scratch) */
static void
factors_add(joint_walk * w, joint_factors * D, joint_factors * S)
{
    char dk[PROG_MAX_REGS + 1], sk[PROG_MAX_REGS + 1];
    int g, h, diff = -1, same = D->ng == S->ng;
    prog_regs gd, gs, u;
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
        if (!regs_equal(D->gv + g, S->gv + g))
            same = 0;
        else if (!pexp_equal(D->F + g, S->F + g))
        {
            same = diff < 0;
            diff = g;
        }
    if (same)
    {
        pexp_add(D->F + (diff < 0 ? 0 : diff), S->F + (diff < 0 ? 0 : diff));
        return;
    }
    /* the factors both have: dk, sk; the others are flagged to multiply */
    memset(sk, 1, S->ng);
    for (g = 0; g < D->ng; g++)
    {
        dk[g] = 1;
        for (h = 0; h < S->ng && dk[g]; h++)
            if (sk[h] && regs_equal(D->gv + g, S->gv + h)
                    && pexp_equal(D->F + g, S->F + h))
                dk[g] = sk[h] = 0;
    }
    if (factors_product(w, w->L, &gd, D, dk, 0)
            || factors_product(w, w->H, &gs, S, sk, 0))
        return;
    u = gd;
    regs_or(&u, &gs);
    if (regs_count(&u) > w->width)
    {
        w->unsupported = too_wide;
        return;
    }
    factor_renumber(w, w->L, &gd, &u, -1, -1);
    factor_copy_into(w, w->E2, w->H, &gs, &u);
    pexp_add(w->L, w->E2);
    /* D's multiplied factors dropped, their sum in their place (there is
       one: a factor both have is never all of D's, or D = S) */
    for (g = D->ng - 1; g >= 0; g--)
        if (dk[g])
            factors_drop(D, g);
    if (D->ng == D->cap)
    {
        w->unsupported = "internal: no place for a sum of factors (please "
            "report this)";
        return;
    }
    D->gv[D->ng] = u;
    pexp_swap(D->F + D->ng, w->L);
    D->ng++;
    factors_sort(D);
}

/* the factor that holds variable v, or -1 */
static int
factors_holding(const joint_factors * X, int v)
{
    int g;
    for (g = 0; g < X->ng; g++)
        if (prog_regs_has(X->gv + g, v))
            return g;
    return -1;
}

/* ---- layers of entries ----------------------------------------------- */

static void
layer_init(joint_layer * L)
{
    L->len = L->ninit = 0;
}

static void
layer_clear(joint_layer * L, int nregs)
{
    slong i;
    for (i = 0; i < L->ninit; i++)
    {
        factors_clear(&L->e[i].P);
        _fmpq_vec_clear(L->e[i].cval, nregs);
        flint_free(L->e[i].var);
    }
}

/* the entry of (s, mask, cmask, cval, var) in L, a new one if needed
   (NULL beyond JOINT_MAX_ENTRIES) */
static joint_entry *
layer_entry(joint_walk * w, joint_layer * L, int s, const prog_regs * mask,
    const prog_regs * cmask, const fmpq * cval, const short * var)
{
    slong i;
    int j, same;
    joint_entry * e;
    for (i = 0; i < L->len; i++)
    {
        e = L->e + i;
        if (e->s != s || !regs_equal(&e->mask, mask)
                || !regs_equal(&e->cmask, cmask))
            continue;
        for (j = 0, same = 1; j < w->nregs && same; j++)
            same = prog_regs_has(cmask, j) ? fmpq_equal(e->cval + j, cval + j)
                : !prog_regs_has(mask, j) || e->var[j] == var[j];
        if (same)
            return e;
    }
    if (L->len == JOINT_MAX_ENTRIES)
        return NULL;
    e = L->e + L->len;
    if (L->len == L->ninit)
    {
        factors_init(&e->P, w->nregs + 1, w->width);
        e->cval = _fmpq_vec_init(w->nregs);
        e->var = flint_malloc(w->nregs * sizeof(short));
        L->ninit++;
    }
    L->len++;
    e->s = s;
    e->mask = *mask;
    e->cmask = *cmask;
    cvals_set(e->cval, cval, w->nregs);
    memcpy(e->var, var, w->nregs * sizeof(short));
    factors_zero(&e->P, w->max_big);
    return e;
}

/* ---- one step ---------------------------------------------------------- */

/* the registers the guards of S compare */
static prog_regs
state_regs(const prog_state * S)
{
    prog_regs u;
    int b, k;
    memset(&u, 0, sizeof(u));
    for (b = 0; b < S->nbranches; b++)
        for (k = 0; k < S->branches[b].natoms; k++)
            prog_regs_add(&u, S->branches[b].atoms[k].reg);
    return u;
}

/* cr = the registers of u (those a state compares), in order; returns
   their number, or -1 past JOINT_MAX_COMPARED */
static int
compared_regs(int * cr, const prog_regs * u, int nregs)
{
    int j, n = 0;
    for (j = 0; j < nregs; j++)
        if (prog_regs_has(u, j))
        {
            if (n == JOINT_MAX_COMPARED)
                return -1;
            cr[n++] = j;
        }
    return n;
}

/* the index of register r in cr (it is there) */
static int
compared_index(const int * cr, int r)
{
    int i = 0;
    while (cr[i] != r)
        i++;
    return i;
}

/* the first branch of S whose guard holds when y >= x_j exactly for the
   compared registers cr[i], i in ge, and y = x_j for those in tie (there
   a comparison holds when it is not strict: >=, <=), or -1 */
static int
first_branch(const prog_state * S, const int * cr, unsigned ge, unsigned tie)
{
    int b, k;
    for (b = 0; b < S->nbranches; b++)
    {
        const prog_branch * B = S->branches + b;
        int holds = 1;
        for (k = 0; k < B->natoms && holds; k++)
        {
            int i = compared_index(cr, B->atoms[k].reg);
            if (tie >> i & 1)
                holds = !B->atoms[k].strict;
            else
                holds = (B->atoms[k].op == PROG_GE) ? (ge >> i & 1)
                    : !(ge >> i & 1);
        }
        if (holds)
            return b;
    }
    return -1;
}

/* the compared registers cr[i] that hold the number v exactly (bits i):
   where the step releases y = v, its comparisons with them are ties */
static unsigned
tied_registers(const joint_entry * e, const int * cr, int nc, const fmpq_t v)
{
    unsigned tie = 0;
    int i;
    for (i = 0; i < nc; i++)
        if (prog_regs_has(&e->cmask, cr[i]) && fmpq_equal(e->cval + cr[i], v))
            tie |= 1u << i;
    return tie;
}

/* the side of a tie: 1 (2) when every comparison of branches 0 .. b of
   S with a register in tie takes at the tie the value it has with
   insample just above (below) it (>= and < above, > and <= below): the
   density there is the limit from that side; 4 when neither */
static int
tie_side(const prog_state * S, int b, const int * cr, unsigned tie)
{
    int j, k, above = 1, below = 1;
    for (j = 0; j <= b; j++)
        for (k = 0; k < S->branches[j].natoms; k++)
        {
            const prog_atom * a = S->branches[j].atoms + k;
            if (!(tie >> compared_index(cr, a->reg) & 1))
                continue;
            above &= a->strict == (a->op == PROG_LT);
            below &= a->strict == (a->op == PROG_GE);
        }
    return above ? 1 : below ? 2 : 4;
}

/* The cells of y among the compared registers cr of a state: bit i of a
   cell ge is y >= x_{cr[i]}.  A cell cannot occur when a register in tie
   is not at y's bit (its comparison is decided by strictness), or when
   two registers that share a variable are on different sides of y. */
enum { CELL_NEVER, CELL_IN, CELL_OUT };

/* the sides of y of the variables held by the compared registers in fix
   (those holding a variable, not a number), as bits of their places:
   vmask the variables, vge those y is at or above (bit i of val for
   register cr[i]); 0 when two registers that share a variable are on
   different sides (one value on both sides of y: never) */
static int
variable_sides(unsigned * vmask, unsigned * vge, const joint_walk * w,
    const prog_regs * gv, const joint_entry * e, const int * cr, int nc,
    unsigned fix, unsigned val)
{
    int i;
    *vmask = *vge = 0;
    for (i = 0; i < nc; i++)
        if ((fix >> i & 1) && !prog_regs_has(&e->cmask, cr[i]))
        {
            unsigned bit = 1u << place(w, gv, e->var[cr[i]]);
            if ((*vmask & bit) && ((*vge & bit) != 0) != ((val >> i & 1) != 0))
                return 0;
            *vmask |= bit;
            if (val >> i & 1)
                *vge |= bit;
        }
    return 1;
}

/* mark[ge]: CELL_IN when branch b is the first of S to hold in cell ge,
   CELL_OUT when another (or none) is, CELL_NEVER when ge cannot occur */
static void
cells_mark(unsigned char * mark, const joint_walk * w, const prog_regs * gv,
    const prog_state * S, int b, const joint_entry * e, const int * cr,
    int nc, unsigned tie)
{
    const unsigned all = (1u << nc) - 1;
    unsigned ge, vmask, vge;
    for (ge = 0; ge <= all; ge++)
        mark[ge] = (ge & tie) != tie
            || !variable_sides(&vmask, &vge, w, gv, e, cr, nc, all, ge)
            ? CELL_NEVER : first_branch(S, cr, ge, tie) == b ? CELL_IN
            : CELL_OUT;
}

/* 1 when one of two cells is in and the other out */
static int
cells_differ(unsigned char a, unsigned char b)
{
    return (a == CELL_IN && b == CELL_OUT) || (a == CELL_OUT && b == CELL_IN);
}

/* in a cube (the cells with the bits fix at val): whether some cell is
   in (*in) and some out (*out), and a free bit across which a cell in
   meets a cell out (-1: none) */
static int
cube_scan(int * in, int * out, const unsigned char * mark, int nc,
    unsigned fix, unsigned val)
{
    const unsigned free_bits = ((1u << nc) - 1) & ~fix;
    unsigned s;
    int i, split = -1;
    *in = *out = 0;
    for (s = free_bits;; s = (s - 1) & free_bits)
    {
        unsigned ge = val | s;
        *in |= mark[ge] == CELL_IN;
        *out |= mark[ge] == CELL_OUT;
        for (i = 0; split < 0 && i < nc; i++)
            if ((free_bits >> i & 1) && !(ge >> i & 1)
                && cells_differ(mark[ge], mark[ge | 1u << i]))
                split = i;
        if (s == 0)
            break;
    }
    if (split < 0)
        for (i = 0; i < nc && split < 0; i++)
            if (free_bits >> i & 1)
                split = i;
    return split;
}

/* the context of one restriction */
typedef struct
{
    joint_walk * w;
    pexp_struct * G;
    const pexp_struct * F;
    const prog_regs * gv;
    const joint_entry * e;
    const int * cr;
    int nc;
    unsigned tie;
    const unsigned char * mark;
}
cells_ctx;

/* G += F * [y on the side val of the compared registers in fix] (the
   registers in tie bound nothing) */
static void
add_cube(const cells_ctx * C, unsigned fix, unsigned val)
{
    joint_walk * w = C->w;
    const slong y = place(w, C->gv, (int) w->y);
    unsigned vmask, vge;
    pexp_struct * H = w->H;
    arb_t one;
    fmpq_t zero;
    int i;
    if (!variable_sides(&vmask, &vge, w, C->gv, C->e, C->cr, C->nc, fix, val))
        return;
    arb_init(one);
    fmpq_init(zero);
    arb_one(one);
    pexp_zero(H);
    pexp_add_ordered(H, C->F, y, vmask, vge);
    for (i = 0; i < C->nc; i++)
        if ((fix >> i & 1) && prog_regs_has(&C->e->cmask, C->cr[i])
            && !(C->tie >> i & 1))
        {
            const fmpq * c = C->e->cval + C->cr[i];
            pexp_mul_piece(H, y, one, zero, (val >> i & 1) ? c : NULL,
                (val >> i & 1) ? NULL : c, w->prec);
        }
    pexp_add(C->G, H);
    arb_clear(one);
    fmpq_clear(zero);
}

/* G += F on the cells of the cube (fix, val) where the branch is taken,
   as disjoint cubes: a cube none of whose cells is out is added whole
   (the registers it leaves free bound nothing), else it is split on a
   bit across which the branch changes (y >= first) */
static void
add_cover(const cells_ctx * C, unsigned fix, unsigned val)
{
    int in, out, i = cube_scan(&in, &out, C->mark, C->nc, fix, val);
    if (!in)
        return;
    if (!out)
    {
        add_cube(C, fix, val);
        return;
    }
    add_cover(C, fix | 1u << i, val | 1u << i);
    add_cover(C, fix | 1u << i, val);
}

/* G = F * [branch b of S is taken at (y, x)], F a function of the
   variables gv (y among them): a sum over the cells of y among the
   compared registers cr (a register holding a number c bounds y by c;
   registers that share a variable are on one side of y), cells merged
   where the registers they differ in do not decide the branch (a guard
   that does not read a register is not split by it).  The compared
   registers in tie hold the number y is released at (y = c exactly):
   their comparisons are decided by strictness, and bound nothing. */
static void
restrict_to_branch(joint_walk * w, pexp_t G, const pexp_t F,
    const prog_regs * gv, const prog_state * S, int b, const joint_entry * e,
    const int * cr, int nc, unsigned tie)
{
    cells_ctx C;
    cells_mark(w->cells, w, gv, S, b, e, cr, nc, tie);
    C.w = w;
    C.G = G;
    C.F = F;
    C.gv = gv;
    C.e = e;
    C.cr = cr;
    C.nc = nc;
    C.tie = tie;
    C.mark = w->cells;
    pexp_zero(G);
    add_cover(&C, 0, 0);
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

/* the variables the registers of mask but not of cmask or A keep */
static prog_regs
kept_variables(const joint_walk * w, const prog_regs * mask,
    const prog_regs * cmask, const prog_regs * A, const short * var)
{
    prog_regs used;
    int k;
    memset(&used, 0, sizeof(used));
    for (k = 0; k < w->nregs; k++)
        if (prog_regs_has(mask, k) && !prog_regs_has(cmask, k)
                && !prog_regs_has(A, k))
            prog_regs_add(&used, var[k]);
    return used;
}

/* the old values of the registers A that a branch assigns, integrated
   out of the factor that holds them (unless another register holds them
   too); G is factor gi's function, taken out of X.  Returns gi's index
   after factors left constant are folded into G and dropped. */
static int
forget_assigned(joint_walk * w, pexp_t G, int gi, const prog_regs * mask,
    const prog_regs * cmask, const short * var, const prog_regs * A)
{
    joint_factors * X = &w->X;
    const prog_regs used = kept_variables(w, mask, cmask, A, var);
    int k, g;
    for (k = 0; k < w->nregs && w->unsupported == NULL; k++)
    {
        pexp_struct * H;
        prog_regs old;
        slong v;
        if (!prog_regs_has(mask, k) || prog_regs_has(cmask, k)
                || !prog_regs_has(A, k) || prog_regs_has(&used, var[k])
                || (g = factors_holding(X, var[k])) < 0)
            continue;
        H = g == gi ? G : X->F + g;
        old = X->gv[g];
        v = place(w, &old, var[k]);
        if (pexp_uses(H, v))
            w->written += pexp_integrate_using(H, v, w->S, w->prec);
        prog_regs_del(X->gv + g, var[k]);
        if (H->too_large)
            w->unsupported = too_many_terms;
        else
        {
            factor_renumber(w, H, &old, X->gv + g, -1, -1);
            if (g != gi && prog_regs_empty(X->gv + g))
            {
                /* a factor left without variables is a constant: into G */
                pexp_mul_disjoint(G, H, w->prec);
                factors_drop(X, g);
                if (g < gi)
                    gi--;
            }
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
        switch (pexp_total_capped(t, X->F + g, w->max_big, &w->written,
                w->prec))
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

/* insample, stored by a branch that assigns the registers A: in the
   registers' new variable (the first assigned register's own when free,
   so that automata that assign one register at a time keep variable j
   for register j, else the first free one; there is one, as at most
   nregs - 1 registers keep theirs), or, when released (the number
   r->v), as that number */
static void
store_insample(joint_walk * w, pexp_t G, int gi, prog_regs * mask,
    prog_regs * cmask, fmpq * cval, short * var, const prog_regs * A,
    int released, const fmpq_t value)
{
    joint_factors * X = &w->X;
    const prog_regs used = kept_variables(w, mask, cmask, A, var);
    int k, v = -1;
    if (released)
    {
        regs_or(cmask, A);      /* the registers hold the number */
        for (k = 0; k < w->nregs; k++)
            if (prog_regs_has(A, k))
                fmpq_set(cval + k, value);
    }
    else
    {
        prog_regs old = X->gv[gi];
        for (k = 0; k < w->nregs && v < 0; k++)
            if (prog_regs_has(A, k) && !prog_regs_has(&used, k))
                v = k;
        for (k = 0; k < w->nregs && v < 0; k++)
            if (!prog_regs_has(&used, k))
                v = k;
        if (v < 0 || factors_holding(X, v) >= 0)
        {
            w->unsupported = "internal: no free variable for an assigned "
                "register (please report this)";
            return;
        }
        for (k = 0; k < w->nregs; k++)
            if (prog_regs_has(A, k))
            {
                prog_regs_del(cmask, k);
                var[k] = (short) v;
            }
        prog_regs_del(X->gv + gi, (int) w->y);
        prog_regs_add(X->gv + gi, v);
        factor_renumber(w, G, &old, X->gv + gi, (int) w->y, v);
    }
    regs_or(mask, A);
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
    const prog_regs compared = state_regs(S);
    int n = S->answer_noise[0], j, released, gi, nc, cr[JOINT_MAX_COMPARED];
    prog_regs touched, mask = e->mask, cmask = e->cmask;
    pexp_struct * G = w->G;
    joint_factors * X = &w->X;
    fmpq_t a, rate, centre;
    slong y;
    joint_entry * to;

    if (regs_beyond(&compared, &mask))
    {
        w->unsupported = "a guard compares a register before its first "
            "assignment; supported: automata that assign every register "
            "before comparing it";
        return;
    }
    if ((nc = compared_regs(cr, &compared, w->nregs)) < 0)
    {
        w->unsupported = "a state compares more than 16 registers (the cells "
            "of insample among them); supported: at most 16";
        return;
    }
    if (B->stop && !last)
        return;     /* the run ends before the end of the vector */
    memset(&touched, 0, sizeof(touched));
    cvals_set(w->cval, e->cval, w->nregs);
    memcpy(w->var, e->var, w->nregs * sizeof(short));
    for (j = 0; j < w->nregs; j++)
        if (prog_regs_has(&compared, j) && !prog_regs_has(&cmask, j))
            prog_regs_add(&touched, w->var[j]);
    /* the factors of the registers compared (and the constant one), as
       one product in L, in place gi of X; the others copied into X */
    if ((gi = factors_split(w, X, w->L, &e->P, &touched)) < 0)
        return;
    if (w->L->too_large || factors_too_large(X))
        w->unsupported = too_many_terms;
    fmpq_init(a);
    fmpq_init(rate);
    fmpq_init(centre);
    if (!S->noninput)
        fmpq_set(a, r->q[side]);
    noise_of(rate, centre, w, n, a);
    /* insample joins them: the last of their variables */
    prog_regs_add(X->gv + gi, (int) w->y);
    y = place(w, X->gv + gi, (int) w->y);
    pexp_mul_laplace(w->L, y, centre, rate, w->prec);
    released = r->a == SVT_NUM && B->out == PROG_OUT_NOISY;
    {
        unsigned tie = released ? tied_registers(e, cr, nc, r->v) : 0;
        /* as walk_tie (program_segment.c): a tie only the strictness
           decides, or ties on both sides (each puts insample above or
           below a register's value released before it: on one side
           only, the constraints have no cycle) */
        if (tie != 0)
            w->tie_seen |= tie_side(S, b, cr, tie);
        if ((w->tie_seen & 4) || (w->tie_seen & 3) == 3)
            w->tie = 1;
        restrict_to_branch(w, G, w->L, X->gv + gi, S, b, e, cr, nc, tie);
    }
    if (released)
    {
        pexp_subst(G, y, r->v, w->prec);
        prog_regs_del(X->gv + gi, (int) w->y);
    }
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
    if (!prog_regs_empty(&B->assign))
    {
        gi = forget_assigned(w, G, gi, &mask, &cmask, w->var, &B->assign);
        if (w->unsupported == NULL)
            store_insample(w, G, gi, &mask, &cmask, w->cval, w->var,
                &B->assign, released, r->v);
    }
    else if (!released)
    {
        if (pexp_uses(G, y))
            w->written += pexp_integrate_using(G, y, w->S, w->prec);
        prog_regs_del(X->gv + gi, (int) w->y);
    }
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
    else if ((to = layer_entry(w, w->next, B->next, &mask, &cmask, w->cval,
            w->var)) != NULL)
    {
        factors_add(w, &to->P, X);
        w->next_terms += factors_len(X);
        if (factors_too_large(&to->P) || w->next_terms > 2 * w->max_big)
            w->unsupported = too_many_terms;
    }
    else
        w->unsupported = "the paths of the output reach more than 256 "
            "(state, registers) combinations; supported: fewer";
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
            w->written += pexp_normalise(X->F + g, w->prec);
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

/* the group of register r: its root in the forest root */
static int
group_of(const int * root, int r)
{
    while (root[r] != r)
        r = root[r];
    return r;
}

/* the places of every function: nregs + 1 when that fits (variable v in
   place v, *same = 1), else one more than the largest group of registers
   that the states compare or assign together (joined over the states);
   0 (with *why) past PEXP_MAXV */
static slong
joint_width(const svt_program * P, int * same, const char ** why)
{
    int root[PROG_MAX_REGS], size[PROG_MAX_REGS], s, b, k, r, most = 0;
    *same = P->nregs + 1 <= PEXP_MAXV;
    if (*same)
        return P->nregs + 1;
    for (r = 0; r < P->nregs; r++)
        root[r] = r, size[r] = 0;
    for (s = 0; s < P->nstates; s++)
    {
        const prog_state * S = P->states + s;
        int first = -1;
        for (b = 0; b < S->nbranches; b++)
            for (r = 0; r < P->nregs; r++)
            {
                int in = prog_regs_has(&S->branches[b].assign, r);
                for (k = 0; k < S->branches[b].natoms && !in; k++)
                    in = S->branches[b].atoms[k].reg == r;
                if (!in)
                    continue;
                if (first < 0)
                    first = r;
                else
                    root[group_of(root, r)] = group_of(root, first);
            }
    }
    for (r = 0; r < P->nregs; r++)
    {
        int x = group_of(root, r);
        size[x]++;
        most = FLINT_MAX(most, size[x]);
    }
    if (most + 1 > PEXP_MAXV)
    {
        *why = too_wide;
        return 0;
    }
    return most + 1;
}

/* the units of `written` terms written (before equal ones merge) at
   precision prec: about a tenth of a unit each at 256 bits
   (JOINT_WRITTEN_PER_UNIT), more at higher precision */
static slong
written_units(slong written, slong prec)
{
    return written * ((prec + 255) / 256) / JOINT_WRITTEN_PER_UNIT;
}

/* the whole vector at working precision prec; returns 0, or 1 when
   unsupported (*why says why).  *units counts the work (the terms of
   each layer, weighted by the precision as an integrand evaluation is);
   past limit (> 0) the run stops as unsupported. */
static int
joint_run(arb_t res, int * exact_zero, int * tie, const svt_model_t M,
    const svt_runs_t R, int side, slong prec, const char ** why,
    slong * units, slong limit)
{
    joint_walk w;
    slong i, wv;
    ulong k;
    prog_regs none;
    memset(&w, 0, sizeof(w));
    memset(&none, 0, sizeof(none));
    w.M = M;
    w.P = M->prog;
    w.nregs = w.P->nregs;
    w.y = w.nregs;
    w.prec = prec;
    if ((w.width = joint_width(w.P, &w.same_places, why)) == 0)
        return 1;
    /* with at most 31 registers the terms of the functions grow with the
       queries (one function may hold them all); with more, groups of
       registers stay apart and each query costs little */
    if (svt_runs_length(R) > (w.same_places ? PROG_JOINT_MAX_SMALL_RUN
            : PROG_JOINT_MAX_RUN))
    {
        *why = w.same_places ? "the exact joint integral of an automaton "
            "with several registers grows with every query; supported: at "
            "most 256 queries" : "the exact joint integral takes outputs of "
            "at most 1024 queries";
        return 1;
    }
    w.cur = flint_malloc(sizeof(joint_layer));
    w.next = flint_malloc(sizeof(joint_layer));
    layer_init(w.cur);
    layer_init(w.next);
    arb_init(w.ended);
    factors_init(&w.X, w.nregs + 1, w.width);
    w.cval = _fmpq_vec_init(w.nregs);
    w.var = flint_malloc(w.nregs * sizeof(short));
    w.cells = flint_malloc(1u << JOINT_MAX_COMPARED);
    pexp_init(w.L, w.width);
    pexp_init(w.G, w.width);
    pexp_init(w.H, w.width);
    pexp_init(w.S, w.width);
    pexp_init(w.E, w.width);
    pexp_init(w.E2, w.width);
    /* more than three registers: at most 64 MiB of terms, however few
       places a function has (past 31 registers: its group's) */
    w.max_big = w.nregs <= 3 ? JOINT_MAX_BIG_TERMS : FLINT_MIN(
        JOINT_MAX_BIG_TERMS, JOINT_MAX_BIG_BYTES / (slong)
        (sizeof(pexp_term_struct) + w.width * (3 * sizeof(fmpq)
        + sizeof(slong) + w.width)));
    w.L->max_len = w.G->max_len = w.H->max_len = w.max_big;
    w.E->max_len = w.E2->max_len = w.max_big;
    factors_zero(&w.X, w.max_big);
    wv = FLINT_MAX(1, w.width * w.width / 16);
    for (i = 0; i < w.nregs; i++)
        w.var[i] = (short) i;
    factors_one(&layer_entry(&w, w.cur, 0, &none, &none, w.cval, w.var)->P,
        w.max_big);
    for (i = 0; i < R->len && w.unsupported == NULL; i++)
        for (k = 0; k < R->runs[i].count && w.unsupported == NULL; k++)
        {
            slong e, terms = 1, written = w.written;
            joint_step(&w, R->runs + i, side,
                i == R->len - 1 && k == R->runs[i].count - 1);
            for (e = 0; e < w.cur->len; e++)
                terms += factors_len(&w.cur->e[e].P);
            written = w.written - written;
            /* a term kept costs about an eighth of an integrand evaluation
               (with more than three registers, more: its arrays grow
               with the square of the variables), and every term written
               on the way about a tenth (JOINT_WRITTEN_PER_UNIT): the
               larger of the two, so that a query whose terms mostly
               merge (a register compared with many others) is paid for */
            *units += FLINT_MAX((terms * ((prec + 255) / 256) * wv + 7) / 8,
                written_units(written, prec));
            if (limit > 0 && *units >= limit && w.unsupported == NULL)
                w.unsupported = "the exact joint integral reached the work "
                    "budget of one ratio (its --work, or a search's or prove's)";
        }
    /* a refusal for its terms has done about a limit's worth of work */
    if (w.nregs > 3 && w.unsupported == too_many_terms)
        *units += (w.max_big * ((prec + 255) / 256) * wv + 7) / 8;
    arb_zero(res);
    *exact_zero = 1;
    {
        slong written = w.written;
        for (i = 0; i < w.cur->len && !R->stops; i++)
            add_total(res, exact_zero, &w, &w.cur->e[i].P);
        /* the last layer's integrals are work too */
        *units += written_units(w.written - written, prec);
    }
    if (w.ended_any)
    {
        *exact_zero = 0;
        arb_add(res, res, w.ended, prec);
    }
    /* an exact 0 (every term's region empty, or radius-0 terms that
       cancel) is the exact value */
    if (w.unsupported == NULL && arb_is_zero(res))
        *exact_zero = 1;
    layer_clear(w.cur, w.nregs);
    layer_clear(w.next, w.nregs);
    flint_free(w.cur);
    flint_free(w.next);
    arb_clear(w.ended);
    factors_clear(&w.X);
    _fmpq_vec_clear(w.cval, w.nregs);
    flint_free(w.var);
    flint_free(w.cells);
    pexp_clear(w.L);
    pexp_clear(w.G);
    pexp_clear(w.H);
    pexp_clear(w.S);
    pexp_clear(w.E);
    pexp_clear(w.E2);
    *why = w.unsupported;
    *tie = w.tie;
    return w.unsupported != NULL;
}

/* the precision of the next attempt after one at prec ended with acc
   bits of a goal: the bits the cancellation cost (prec - acc) plus the
   goal and a margin when acc says it, else twice prec */
static slong
next_prec(slong prec, slong acc, slong goal)
{
    if (acc <= 0)
        return 2 * prec;
    return FLINT_MIN(2 * prec, FLINT_MAX(prec + 64, prec - acc + goal + 64));
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
        un = joint_run(res->value, &zero, &res->tie, M, R, side, prec, &why,
            &units, limit);
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
        prec = FLINT_MIN(next_prec(prec, arb_rel_accuracy_bits(res->value),
            goal), cap);
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

const char *
svt_program_joint_refusal(const svt_program * P)
{
    const char * why = NULL;
    int same;
    return P->nregs > 1 && joint_width(P, &same, &why) == 0 ? why : NULL;
}

ulong
svt_model_max_queries(const svt_model_t M)
{
    return M->prog->nregs > 1 ? PROG_JOINT_MAX_QUERIES : 0;
}
