/* align.c -- shift couplings and their largest cost over all runs (the
   argument is in align.h). */

#include <stdio.h>
#include <string.h>
#include "align_impl.h"

#define RMAX 24             /* pieces of a guard region */

void
align_model_vals(fmpq * vals, const svt_model_struct * M)
{
    int k;
    for (k = 0; k < 3; k++)
        fmpq_init(vals + k);
    fmpq_set(vals + SPEC_VAR_EPS, M->eps_q);
    fmpq_set_si(vals + SPEC_VAR_C, M->c, 1);
    fmpq_set(vals + SPEC_VAR_DELTA, M->delta_q);
}

/* the noises' reciprocal scales as linear forms in eps1..3 */
void
align_recip_forms(align_ctx * C)
{
    spec_linform_struct lf[3];
    fmpq vals[3];
    int i;
    for (i = 0; i < 3; i++)
        spec_linform_init(lf + i);
    align_epsk_linforms(lf, C->M);
    align_model_vals(vals, C->M);
    for (i = 0; i < C->P->nnoises; i++)
    {
        spec_linform_init(C->recip + i);
        C->recip_ok[i] = C->P->noises[i].scale != NULL
            && spec_expr_linform(C->recip + i, C->P->noises[i].scale, 1, vals, lf) == 0;
    }
    for (i = 0; i < 3; i++)
    {
        spec_linform_clear(lf + i);
        fmpq_clear(vals + i);
    }
}

void
align_epsk_linforms(spec_linform_struct * lf, const svt_model_t M)
{
    static const int order[3] = { 2, 0, 1 };
    const svt_variant_struct * v = M->var;
    fmpq vals[3];
    int k;
    align_model_vals(vals, M);
    for (k = 0; k < 3; k++)
    {
        int i = order[k];
        spec_linform_zero(lf + i);
        if (M->epsk_is_given[i])
            fmpq_set(lf[i].k[0], M->epsk_given[i]);
        else if (v->eps_expr[i] != NULL)
        {
            if (spec_expr_linform(lf + i, v->eps_expr[i], 0, vals, lf) != 0)
            {
                spec_linform_zero(lf + i);
                fmpq_one(lf[i].k[i + 1]);   /* a symbol of its own */
            }
        }
        else if (v->prog != NULL)
            fmpq_one(lf[i].k[i + 1]);
    }
    for (k = 0; k < 3; k++)
        fmpq_clear(vals + k);
}

void
align_ctx_clear(align_ctx * C)
{
    int i;
    if (C->P != NULL)
        for (i = 0; i < C->P->nnoises; i++)
            spec_linform_clear(C->recip + i);
    if (C->own_merged)
        align_merged_clear(&C->own);
    fmpq_clear(C->dlo);
    fmpq_clear(C->dhi);
}

/* ---- regions of t = y - (T + z_r) (or |y| - ...) -------------------- */

typedef struct
{
    int n;
    int loinf[RMAX], hiinf[RMAX];
    fmpq_t lo[RMAX], hi[RMAX];
}
region;

static void
region_init(region * R)
{
    int i;
    for (i = 0; i < RMAX; i++)
    {
        fmpq_init(R->lo[i]);
        fmpq_init(R->hi[i]);
    }
    R->n = 1;
    R->loinf[0] = R->hiinf[0] = 1;
}

static void
region_clear(region * R)
{
    int i;
    for (i = 0; i < RMAX; i++)
    {
        fmpq_clear(R->lo[i]);
        fmpq_clear(R->hi[i]);
    }
}

/* the interval of one atom (ends closed: ties have probability 0) */
static void
atom_interval(int * loinf, fmpq_t lo, int * hiinf, fmpq_t hi, const prog_atom * a,
    int negate)
{
    int ge = (a->op == PROG_GE || a->op == PROG_ABS_GE) != negate;
    *loinf = !ge;
    *hiinf = ge;
    fmpq_set(lo, a->off);
    fmpq_set(hi, a->off);
}

/* R := R intersected with the union of the n intervals given */
static int
region_meet(region * R, int n, const int * loinf, const fmpq * lo,
    const int * hiinf, const fmpq * hi)
{
    region out;
    int i, j, ok = 1;
    region_init(&out);
    out.n = 0;
    for (i = 0; i < R->n && ok; i++)
        for (j = 0; j < n && ok; j++)
        {
            int k = out.n, li, hinf;
            if (k == RMAX)
            {
                ok = 0;
                break;
            }
            li = R->loinf[i] && loinf[j];
            hinf = R->hiinf[i] && hiinf[j];
            if (!li)
                fmpq_set(out.lo[k], R->loinf[i] ? lo + j : loinf[j] ? R->lo[i]
                    : fmpq_cmp(R->lo[i], lo + j) > 0 ? R->lo[i] : lo + j);
            if (!hinf)
                fmpq_set(out.hi[k], R->hiinf[i] ? hi + j : hiinf[j] ? R->hi[i]
                    : fmpq_cmp(R->hi[i], hi + j) < 0 ? R->hi[i] : hi + j);
            out.loinf[k] = li;
            out.hiinf[k] = hinf;
            /* keep pieces of positive length */
            if (li || hinf || fmpq_cmp(out.lo[k], out.hi[k]) < 0)
                out.n++;
        }
    /* merge pieces that touch (sorted by their lower end) */
    if (ok)
    {
        int changed = 1;
        while (changed)
        {
            changed = 0;
            for (i = 0; i < out.n && !changed; i++)
                for (j = 0; j < out.n && !changed; j++)
                    if (i != j && !out.hiinf[i] && (out.loinf[j]
                            || fmpq_cmp(out.lo[j], out.hi[i]) <= 0)
                            && (out.loinf[i] || (!out.loinf[j]
                            && fmpq_cmp(out.lo[i], out.lo[j]) <= 0)))
                    {
                        /* i starts first and j starts before i ends */
                        if (out.hiinf[j])
                            out.hiinf[i] = 1;
                        else if (fmpq_cmp(out.hi[j], out.hi[i]) > 0)
                            fmpq_set(out.hi[i], out.hi[j]);
                        out.n--;
                        out.loinf[j] = out.loinf[out.n];
                        out.hiinf[j] = out.hiinf[out.n];
                        fmpq_swap(out.lo[j], out.lo[out.n]);
                        fmpq_swap(out.hi[j], out.hi[out.n]);
                        changed = 1;
                    }
        }
        R->n = out.n;
        for (i = 0; i < out.n; i++)
        {
            R->loinf[i] = out.loinf[i];
            R->hiinf[i] = out.hiinf[i];
            fmpq_set(R->lo[i], out.lo[i]);
            fmpq_set(R->hi[i], out.hi[i]);
        }
    }
    region_clear(&out);
    return ok ? 0 : -1;
}

/* R := R and (the guard's atoms on its answer, or their negation) */
static int
region_guard(region * R, const prog_branch * g, int negate)
{
    int loinf[PROG_MAX_ATOMS + 1], hiinf[PROG_MAX_ATOMS + 1], i, r = 0;
    fmpq lo[PROG_MAX_ATOMS + 1], hi[PROG_MAX_ATOMS + 1];
    for (i = 0; i <= PROG_MAX_ATOMS; i++)
    {
        fmpq_init(lo + i);
        fmpq_init(hi + i);
    }
    if (!negate)
        for (i = 0; i < g->natoms && r == 0; i++)
        {
            atom_interval(loinf, lo, hiinf, hi, g->atoms + i, 0);
            r = region_meet(R, 1, loinf, lo, hiinf, hi);
        }
    else
    {
        /* not (a1 and a2 ...): the union of the complements */
        for (i = 0; i < g->natoms; i++)
            atom_interval(loinf + i, lo + i, hiinf + i, hi + i, g->atoms + i, 1);
        r = region_meet(R, g->natoms, loinf, lo, hiinf, hi);
    }
    for (i = 0; i <= PROG_MAX_ATOMS; i++)
    {
        fmpq_clear(lo + i);
        fmpq_clear(hi + i);
    }
    return r;
}

/* ---- the cost of one answer ------------------------------------------ */

/* what a piece asks of delta = (movement of t): any, >= 0, <= 0, = 0 */
enum { REQ_ANY = 0, REQ_UP, REQ_DOWN, REQ_EQ };

static int
piece_req(const region * R, int i)
{
    if (R->loinf[i] && R->hiinf[i])
        return REQ_ANY;
    if (R->hiinf[i])
        return REQ_UP;
    if (R->loinf[i])
        return REQ_DOWN;
    return REQ_EQ;
}

static const char * req_words[4] = { "any margin",
    "the margin y - (T + register) may only grow",
    "the margin may only shrink", "the margin stays equal" };

/* the constraints on one answer's movement u (y' = y + u) */
typedef struct
{
    int has_lo, has_hi;
    fmpq_t lo, hi;          /* u in [lo, hi] */
    int empty;
}
uset;

static void
uset_init(uset * U)
{
    fmpq_init(U->lo);
    fmpq_init(U->hi);
    U->has_lo = U->has_hi = U->empty = 0;
}

static void
uset_clear(uset * U)
{
    fmpq_clear(U->lo);
    fmpq_clear(U->hi);
}

static void
uset_ge(uset * U, const fmpq_t x)
{
    if (!U->has_lo || fmpq_cmp(x, U->lo) > 0)
        fmpq_set(U->lo, x);
    U->has_lo = 1;
    if (U->has_hi && fmpq_cmp(U->lo, U->hi) > 0)
        U->empty = 1;
}

static void
uset_le(uset * U, const fmpq_t x)
{
    if (!U->has_hi || fmpq_cmp(x, U->hi) < 0)
        fmpq_set(U->hi, x);
    U->has_hi = 1;
    if (U->has_lo && fmpq_cmp(U->lo, U->hi) > 0)
        U->empty = 1;
}

/* res = max over d in {dlo, dhi} of dist(d, U), U not empty */
static void
uset_worst_dist(fmpq_t res, const uset * U, const fmpq_t dlo, const fmpq_t dhi)
{
    fmpq_t t;
    int j;
    fmpq_init(t);
    fmpq_zero(res);
    for (j = 0; j < 2; j++)
    {
        const fmpq * d = j ? dhi : dlo;
        if (U->has_lo && fmpq_cmp(d, U->lo) < 0)
            fmpq_sub(t, U->lo, d);
        else if (U->has_hi && fmpq_cmp(d, U->hi) > 0)
            fmpq_sub(t, d, U->hi);
        else
            fmpq_zero(t);
        if (fmpq_cmp(t, res) > 0)
            fmpq_set(res, t);
    }
    fmpq_clear(t);
}

/* the branch's demands on one answer besides its guard region: a
   released number, a gap, an assignment to a register */
typedef struct
{
    int fix_zero;           /* the number y itself is output: u = 0 */
    int fix_gap;            /* the gap y - (T + z) is output: u = s_0 */
    int fix_reg;            /* assigned to register r (bit r): u = the new
                               value's shift snew[r] */
    const fmpq * snew;
}
answer_fix;

/* Several registers compared with one answer (DiPA): every guard on the
   answer plain, each guard on this answer alone. */
static int
multi_plain(const prog_state * S, int b, int a)
{
    int j, i;
    for (j = 0; j <= b; j++)
    {
        const prog_branch * G = S->branches + j;
        for (i = 0; i < G->natoms; i++)
        {
            const prog_atom * A = G->atoms + i;
            if (A->op == PROG_ABS_GE || A->op == PROG_ABS_LT)
                return 0;
            if ((A->answer == a) != (G->atoms[0].answer == a))
                return 0;
        }
    }
    return 1;
}

/* the literal "atom keeps its truth value" as a bound on u */
static void
literal_bound(uset * U, const prog_atom * A, int truth, const fmpq * s)
{
    int ge = A->op == PROG_GE;
    if (ge == truth)
        uset_ge(U, s + A->reg);
    else
        uset_le(U, s + A->reg);
}

/* Is the piece t (the first false atom of each earlier guard) empty for
   the atoms on one register alone: y - x_r bounded below and above by
   offsets that leave nothing between them? */
static int
piece_empty(const prog_state * S, int b, int a, const int * t)
{
    int r, j, i;
    for (r = 0; r < PROG_SMALL_REGS; r++)
    {
        int haslo = 0, hashi = 0;
        fmpq_t lo, hi;
        int empty;
        fmpq_init(lo);
        fmpq_init(hi);
        for (j = 0; j <= b; j++)
        {
            const prog_branch * G = S->branches + j;
            int n = j == b ? G->natoms : t[j] + 1;
            if (G->natoms == 0 || G->atoms[0].answer != a)
                continue;
            for (i = 0; i < n; i++)
            {
                const prog_atom * A = G->atoms + i;
                int truth = j == b || i < t[j];
                if (A->reg != r)
                    continue;
                if ((A->op == PROG_GE) == truth)
                {
                    if (!haslo || fmpq_cmp(A->off, lo) > 0)
                        fmpq_set(lo, A->off);
                    haslo = 1;
                }
                else
                {
                    if (!hashi || fmpq_cmp(A->off, hi) < 0)
                        fmpq_set(hi, A->off);
                    hashi = 1;
                }
            }
        }
        empty = haslo && hashi && fmpq_cmp(lo, hi) >= 0;
        fmpq_clear(lo);
        fmpq_clear(hi);
        if (empty)
            return 1;
    }
    return 0;
}

/* Several registers: the region of the answer is cut into pieces by
   which atom of each earlier guard is the first false one; on a piece,
   every atom that defines it keeps its truth value (y - x_r moves the way
   that keeps it), so pieces map into themselves and the map stays one
   to one.  The cost is the worst piece's. */
static int
answer_cost_multi(fmpq_t cost, char * txt, size_t tlen, const prog_state * S,
    int b, int a, const fmpq * s, const answer_fix * fx, const fmpq_t dlo,
    const fmpq_t dhi, int law, char * why, size_t wlen)
{
    int t[PROG_MAX_BRANCHES + 1], j, i, rr, done = 0, r = 0;
    fmpq_t c1, zero;
    fmpq_init(c1);
    fmpq_init(zero);
    fmpq_zero(cost);
    memset(t, 0, sizeof(t));
    while (!done && r == 0)
    {
        uset U;
        uset_init(&U);
        for (j = 0; j <= b; j++)
        {
            const prog_branch * G = S->branches + j;
            if (G->natoms == 0 || G->atoms[0].answer != a)
                continue;
            if (j == b)
                for (i = 0; i < G->natoms; i++)
                    literal_bound(&U, G->atoms + i, 1, s);
            else
                for (i = 0; i <= t[j]; i++)
                    literal_bound(&U, G->atoms + i, i < t[j], s);
        }
        if (piece_empty(S, b, a, t))
        {
            uset_clear(&U);
            goto next;
        }
        if (fx->fix_zero)
        {
            uset_ge(&U, zero);
            uset_le(&U, zero);
        }
        if (fx->fix_gap)
        {
            uset_ge(&U, s + 0);
            uset_le(&U, s + 0);
        }
        for (rr = 0; rr < PROG_SMALL_REGS; rr++)
            if (fx->fix_reg >> rr & 1)
            {
                uset_ge(&U, fx->snew + rr);
                uset_le(&U, fx->snew + rr);
            }
        if (U.empty)
        {
            snprintf(why, wlen, "state %s, branch %d: %s cannot keep the sides "
                "of its registers (and its fixes) with the registers moved as "
                "chosen", S->name, b + 1, S->answer_name[a]);
            r = 1;
        }
        else
        {
            uset_worst_dist(c1, &U, dlo, dhi);
            if (!fmpq_is_zero(c1) && law != INTEGRAL_LAPLACE)
            {
                snprintf(why, wlen, "state %s, branch %d: %s would need a shift "
                    "of its %s", S->name, b + 1, S->answer_name[a], law < 0
                    ? "exact value" : "Gaussian noise");
                r = 1;
            }
            else if (fmpq_cmp(c1, cost) > 0)
                fmpq_set(cost, c1);
        }
        uset_clear(&U);
    next:
        /* the next piece */
        done = 1;
        for (j = 0; j < b && done; j++)
        {
            const prog_branch * G = S->branches + j;
            if (G->natoms == 0 || G->atoms[0].answer != a)
                continue;
            if (++t[j] < G->natoms)
                done = 0;
            else
                t[j] = 0;
        }
    }
    if (r == 0 && !fmpq_is_zero(cost) && tlen > 0)
    {
        char * cs = fmpq_get_str(NULL, 10, cost);
        snprintf(txt, tlen, "%s (each register's side kept, piece by piece): "
            "its noise moves by at most %s", S->answer_name[a], cs);
        flint_free(cs);
    }
    fmpq_clear(c1);
    fmpq_clear(zero);
    return r;
}

/* which register the guards on answer a compare it with, and whether in
   |.|; 1 when they mix registers or kinds (or a negated guard spans two
   answers) */
static int
answer_guards(int * reg, int * absmode, const prog_state * S, int b, int a)
{
    int j, i, mixed = 0;
    *reg = *absmode = -1;
    for (j = 0; j <= b; j++)
        for (i = 0; i < S->branches[j].natoms; i++)
        {
            const prog_atom * A = S->branches[j].atoms + i;
            int isabs = A->op == PROG_ABS_GE || A->op == PROG_ABS_LT;
            if (A->answer != a)
                continue;
            if (*reg >= 0 && (A->reg != *reg || isabs != *absmode))
                mixed = 1;
            *reg = A->reg;
            *absmode = isabs;
        }
    for (j = 0; j < b; j++)
        for (i = 1; i < S->branches[j].natoms; i++)
            if (S->branches[j].atoms[i].answer != S->branches[j].atoms[0].answer)
                mixed = 1;
    return mixed;
}

/* the region of t on answer a: the guard of branch b and the negations
   of the guards before it; 0, or -1 when it has too many pieces */
static int
answer_region(region * R, const prog_state * S, int b, int a)
{
    int j;
    for (j = 0; j <= b; j++)
    {
        const prog_branch * G = S->branches + j;
        if (G->natoms == 0 || G->atoms[0].answer != a)
            continue;
        if (region_guard(R, G, j < b) != 0)
            return -1;
    }
    return 0;
}

/* |y| compared: the cheapest of u = d (no shift), u = 0 (|y'| = |y|),
   and y' = y + sign(y) t with t >= 0 (the two signs kept apart) that
   keeps the piece's requirement q with the register moved by sr.
   Returns the option (0, 1, 2; -1 when none) and its shift in opt. */
static int
abs_piece(fmpq_t opt, int q, const fmpq_t sr, const fmpq_t dmax, int law)
{
    int best = -1;
    fmpq_t x, c1;
    fmpq_init(x);
    fmpq_init(c1);
    fmpq_neg(x, dmax);
    if (q == REQ_ANY || (q == REQ_UP && fmpq_cmp(sr, x) <= 0)
            || (q == REQ_DOWN && fmpq_cmp(sr, dmax) >= 0)
            || (q == REQ_EQ && fmpq_is_zero(dmax) && fmpq_is_zero(sr)))
    {
        fmpq_zero(opt);
        best = 0;
    }
    if (best < 0 && law == INTEGRAL_LAPLACE)
    {
        if ((q == REQ_UP && fmpq_sgn(sr) <= 0) || (q == REQ_DOWN
                && fmpq_sgn(sr) >= 0) || (q == REQ_EQ && fmpq_is_zero(sr)))
        {
            fmpq_set(opt, dmax);
            best = 1;
        }
        if (q == REQ_UP || (q == REQ_EQ && fmpq_sgn(sr) >= 0))
        {
            if (fmpq_sgn(sr) > 0)
                fmpq_add(c1, sr, dmax);
            else
                fmpq_set(c1, dmax);
            if (best < 0 || fmpq_cmp(c1, opt) < 0)
            {
                fmpq_set(opt, c1);
                best = 2;
            }
        }
    }
    fmpq_clear(x);
    fmpq_clear(c1);
    return best;
}

static const char * abs_words[3] = { "noise unchanged",
    "moved by -(q' - q), so |y'| = |y|",
    "moved away from 0 by t on its own side of 0 (y' = y + sign(y) t)" };

/* every piece of a |y| region; 0 or 1 (why) */
static int
abs_cost(fmpq_t cost, char * txt, size_t tlen, const region * R,
    const prog_state * S, int b, int a, const fmpq_t sr, const fmpq_t dmax,
    int law, char * why, size_t wlen)
{
    int i, r = 0;
    fmpq_t opt;
    fmpq_init(opt);
    for (i = 0; i < R->n && r == 0; i++)
    {
        int q = piece_req(R, i), best = abs_piece(opt, q, sr, dmax, law);
        if (best < 0)
        {
            snprintf(why, wlen, "state %s, branch %d: |%s| cannot keep its "
                "piece of the guard (%s) with the register moved by the shift "
                "chosen%s", S->name, b + 1, S->answer_name[a], req_words[q],
                law == INTEGRAL_GAUSSIAN ? " (Gaussian noise cannot be shifted "
                "at a bounded cost)" : law < 0 ? " (an exact answer cannot be "
                "shifted)" : "");
            r = 1;
            break;
        }
        if (fmpq_cmp(opt, cost) > 0)
            fmpq_set(cost, opt);
        if (strlen(txt) + 120 < tlen)
            snprintf(txt + strlen(txt), tlen - strlen(txt), "%s|%s| piece %d "
                "(%s): %s", txt[0] ? "; " : "", S->answer_name[a], i + 1,
                req_words[q], abs_words[best]);
    }
    fmpq_clear(opt);
    return r;
}

/* the movements u allowed on a piece: its requirement against the
   register's shift, and the branch's fixes */
static void
piece_uset(uset * U, int q, int reg, const fmpq * s, const answer_fix * fx)
{
    fmpq_t zero;
    int rr;
    fmpq_init(zero);
    if (q == REQ_UP || q == REQ_EQ)
        uset_ge(U, s + reg);
    if (q == REQ_DOWN || q == REQ_EQ)
        uset_le(U, s + reg);
    if (fx->fix_zero)
    {
        uset_ge(U, zero);
        uset_le(U, zero);
    }
    if (fx->fix_gap)
    {
        uset_ge(U, s + 0);
        uset_le(U, s + 0);
    }
    for (rr = 0; rr < PROG_SMALL_REGS; rr++)
        if (fx->fix_reg >> rr & 1)
        {
            uset_ge(U, fx->snew + rr);
            uset_le(U, fx->snew + rr);
        }
    fmpq_clear(zero);
}

/* every piece of a plain region: u in s_r + (delta's range), with the
   fixes; the cost is the worst distance from d = q' - q.  0 or 1 (why) */
static int
plain_cost(fmpq_t cost, char * txt, size_t tlen, const region * R,
    const prog_state * S, int b, int a, int reg, const fmpq * s,
    const answer_fix * fx, const fmpq_t dlo, const fmpq_t dhi, int law,
    char * why, size_t wlen)
{
    int i, r = 0;
    fmpq_t c1;
    fmpq_init(c1);
    for (i = 0; i < R->n && r == 0; i++)
    {
        int q = reg < 0 ? REQ_ANY : piece_req(R, i);
        uset U;
        uset_init(&U);
        piece_uset(&U, q, reg, s, fx);
        if (U.empty)
        {
            snprintf(why, wlen, "state %s, branch %d: %s must stay %s and %s, "
                "which no shift of its noise does with the registers moved as "
                "chosen", S->name, b + 1, S->answer_name[a], q == REQ_ANY
                ? "in its guard" : req_words[q], fx->fix_zero ? "equal to the "
                "released number" : "equal to the register it sets (or its gap)");
            r = 1;
        }
        else
        {
            uset_worst_dist(c1, &U, dlo, dhi);
            if (!fmpq_is_zero(c1) && law != INTEGRAL_LAPLACE)
            {
                snprintf(why, wlen, "state %s, branch %d: %s (%s) would need a "
                    "shift of its %s", S->name, b + 1, S->answer_name[a],
                    q == REQ_ANY ? "released" : req_words[q], law < 0 ? "exact "
                    "value, which has no noise to shift" : "Gaussian noise, "
                    "whose density ratio under a shift is unbounded");
                r = 1;
            }
            else
            {
                if (fmpq_cmp(c1, cost) > 0)
                    fmpq_set(cost, c1);
                if (strlen(txt) + 160 < tlen && !fmpq_is_zero(c1))
                {
                    char * cs = fmpq_get_str(NULL, 10, c1);
                    snprintf(txt + strlen(txt), tlen - strlen(txt), "%s%s%s "
                        "(%s%s): its noise moves by at most %s", txt[0] ? "; "
                        : "", S->answer_name[a], R->n > 1 ? " on one piece" : "",
                        req_words[q], fx->fix_zero ? ", released: y' = y"
                        : fx->fix_gap ? ", the gap released" : fx->fix_reg
                        ? ", assigned: y' - y = the new register value's shift"
                        : "", cs);
                    flint_free(cs);
                }
            }
        }
        uset_clear(&U);
    }
    fmpq_clear(c1);
    return r;
}

/* Cost (a shift amount, paid with the answer's noise) of one answer in
   one branch under register shifts s: the worst piece of its guard
   region.  Returns 0, or 1 when impossible to align (with why), 2 when
   the branch can never be taken. */
static int
answer_cost(fmpq_t cost, char * txt, size_t tlen, const align_ctx * C,
    const prog_state * S, int b, int a, const fmpq * s, const answer_fix * fx,
    char * why, size_t wlen)
{
    int law = S->answer_noise[a] < 0 ? -1 : (int) C->P->noises[S->answer_noise[a]].law;
    int reg, absmode, mixed, r = 0;
    fmpq_t dlo, dhi, dmax;
    region R;

    fmpq_init(dlo);
    fmpq_init(dhi);
    fmpq_init(dmax);
    region_init(&R);
    fmpq_zero(cost);
    txt[0] = '\0';
    /* q' - q: none in a state that reads no input */
    if (!S->noninput)
    {
        fmpq_set(dlo, C->dlo);
        fmpq_set(dhi, C->dhi);
    }
    fmpq_abs(dmax, dlo);
    if (fmpq_cmp(dhi, dmax) > 0)
        fmpq_set(dmax, dhi);    /* dlo <= 0 <= dhi: max |q' - q| */

    mixed = answer_guards(&reg, &absmode, S, b, a);
    if (mixed && absmode == 0 && multi_plain(S, b, a))
        r = answer_cost_multi(cost, txt, tlen, S, b, a, s, fx, dlo, dhi, law,
            why, wlen);
    else if (mixed)
    {
        snprintf(why, wlen, "state %s, branch %d: answer %s is compared both "
            "plainly and in |.|, or in guards over two answers (not handled "
            "by the prover)", S->name, b + 1, S->answer_name[a]);
        r = 1;
    }
    else if (answer_region(&R, S, b, a) != 0)
    {
        snprintf(why, wlen, "state %s, branch %d: guard region of more than "
            "%d pieces (not handled by the prover)", S->name, b + 1, RMAX);
        r = 1;
    }
    else if (R.n == 0)
        r = 2;
    else if (absmode == 1 && (fx->fix_zero || fx->fix_reg || fx->fix_gap))
    {
        snprintf(why, wlen, "state %s, branch %d: answer %s is compared in |.| "
            "and also released or assigned (not handled by the prover)",
            S->name, b + 1, S->answer_name[a]);
        r = 1;
    }
    else if (absmode == 1)
        r = abs_cost(cost, txt, tlen, &R, S, b, a, s + reg, dmax, law, why, wlen);
    else
        r = plain_cost(cost, txt, tlen, &R, S, b, a, reg, s, fx, dlo, dhi, law,
            why, wlen);
    region_clear(&R);
    fmpq_clear(dlo);
    fmpq_clear(dhi);
    fmpq_clear(dmax);
    return r;
}

/* ---- the cost of one branch ------------------------------------------ */


void
align_bw_init(bweight * W)
{
    int k;
    for (k = 0; k < PROG_MAX_NOISES; k++)
        fmpq_init(W->w + k);
    fmpq_init(W->reset_amt);
    W->reset_k = 0;
    W->inf = W->never = W->gaussian = 0;
    W->why[0] = W->txt[0] = '\0';
}

void
align_bw_clear(bweight * W)
{
    int k;
    for (k = 0; k < PROG_MAX_NOISES; k++)
        fmpq_clear(W->w + k);
    fmpq_clear(W->reset_amt);
}

int
align_bw_is_zero(const bweight * W)
{
    int k;
    for (k = 0; k < PROG_MAX_NOISES; k++)
        if (!fmpq_is_zero(W->w + k))
            return 0;
    return fmpq_is_zero(W->reset_amt);
}

void
align_branch_weight(bweight * W, const align_ctx * C, const prog_state * S, int b,
    const fmpq * s, const fmpq * snew)
{
    const prog_branch * B = S->branches + b;
    fmpq_t cost, dmax, x;
    int a, k;
    char txt[400];

    fmpq_init(cost);
    fmpq_init(dmax);
    fmpq_init(x);
    for (a = 0; a < S->nanswers && !W->inf && !W->never; a++)
    {
        answer_fix fx = { 0, 0, 0, snew };
        int rc;
        if ((B->out == PROG_OUT_NOISY) && B->out_answer == a)
            fx.fix_zero = 1;
        if (B->out == PROG_OUT_GAP && B->out_answer == a)
            fx.fix_gap = 1;
        if (B->reset == PROG_RESET_ANSWER && B->reset_answer == a)
            fx.fix_reg |= C->P->dipa && !prog_regs_empty(&B->assign)
                ? (int) prog_regs_low(&B->assign) : 1;
        rc = answer_cost(cost, txt, sizeof(txt), C, S, b, a, s, &fx, W->why,
            sizeof(W->why));
        if (rc == 2)
            W->never = 1;
        else if (rc == 1)
        {
            W->inf = 1;
            W->gaussian = strstr(W->why, "Gaussian") != NULL;
        }
        else
        {
            if (S->answer_noise[a] >= 0)
                fmpq_add(W->w + S->answer_noise[a], W->w + S->answer_noise[a], cost);
            if (txt[0] && strlen(W->txt) + strlen(txt) + 3 < sizeof(W->txt))
                snprintf(W->txt + strlen(W->txt), sizeof(W->txt) - strlen(W->txt),
                    "%s%s", W->txt[0] ? "; " : "", txt);
        }
    }
    if (!W->inf && !W->never && B->out == PROG_OUT_FRESH)
    {
        /* q + fresh noise: the noise moved by -(q' - q) */
        fmpq_abs(dmax, C->dlo);
        fmpq_abs(x, C->dhi);
        if (fmpq_cmp(x, dmax) > 0)
            fmpq_set(dmax, x);
        if (S->noninput)
            fmpq_zero(dmax);
        k = B->out_noise;
        if (!fmpq_is_zero(dmax) && C->P->noises[k].law != INTEGRAL_LAPLACE)
        {
            W->inf = W->gaussian = 1;
            snprintf(W->why, sizeof(W->why), "state %s, branch %d: its released "
                "number has Gaussian noise", S->name, b + 1);
        }
        fmpq_add(W->w + k, W->w + k, dmax);
        snprintf(W->txt + strlen(W->txt), sizeof(W->txt) - strlen(W->txt),
            "%sthe released q + fresh noise: that noise moved by -(q' - q)",
            W->txt[0] ? "; " : "");
    }
    if (!W->inf && !W->never && B->reset == PROG_RESET_FRESH)
    {
        k = B->reset_noise;
        fmpq_abs(x, snew + 0);
        if (!fmpq_is_zero(x) && C->P->noises[k].law != INTEGRAL_LAPLACE)
        {
            W->inf = W->gaussian = 1;
            snprintf(W->why, sizeof(W->why), "state %s, branch %d: the redrawn "
                "register has Gaussian noise", S->name, b + 1);
        }
        fmpq_set(W->reset_amt, x);
        W->reset_k = k;
        snprintf(W->txt + strlen(W->txt), sizeof(W->txt) - strlen(W->txt),
            "%sthe redrawn register moved by its own shift, paid "
            "(|s|/b of its noise) only when a query follows", W->txt[0] ? "; " : "");
    }
    fmpq_clear(cost);
    fmpq_clear(dmax);
    fmpq_clear(x);
}

/* ---- path values: a ball and, where the scales allow, the exact form -- */



void
align_pv_init(pval * x)
{
    arb_init(x->v);
    spec_linform_init(x->lf);
    x->lf_ok = 1;
}

void
align_pv_clear(pval * x)
{
    arb_clear(x->v);
    spec_linform_clear(x->lf);
}

void
align_pv_zero(pval * x)
{
    arb_zero(x->v);
    spec_linform_zero(x->lf);
    x->lf_ok = 1;
}

void
align_pv_set(pval * x, const pval * y)
{
    arb_set(x->v, y->v);
    spec_linform_set(x->lf, y->lf);
    x->lf_ok = y->lf_ok;
}

void
align_pv_add(pval * x, const pval * y)
{
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    arb_add(x->v, x->v, y->v, PPREC);
    spec_linform_addmul(x->lf, y->lf, one);
    x->lf_ok = x->lf_ok && y->lf_ok;
    fmpq_clear(one);
}

/* x += amount / scale_k */
void
align_pv_add_noise(pval * x, const align_ctx * C, int k, const fmpq_t amount)
{
    arb_t t;
    if (fmpq_is_zero(amount))
        return;
    arb_init(t);
    arb_set_fmpq(t, amount, PPREC);
    arb_div(t, t, C->scale + k, PPREC);
    arb_add(x->v, x->v, t, PPREC);
    if (C->recip_ok[k])
        spec_linform_addmul(x->lf, C->recip + k, amount);
    else
        x->lf_ok = 0;
    arb_clear(t);
}

void
align_pv_of_weight(pval * x, const align_ctx * C, const bweight * W)
{
    int k;
    align_pv_zero(x);
    for (k = 0; k < C->P->nnoises; k++)
        align_pv_add_noise(x, C, k, W->w + k);
}

/* 1 when x > y certainly, 0 when x <= y (certainly, or equal forms), -1
   when the balls overlap with different forms */
int
align_pv_gt(const pval * x, const pval * y)
{
    if (arb_gt(x->v, y->v))
        return 1;
    if (arb_le(x->v, y->v))
        return 0;
    if (x->lf_ok && y->lf_ok && spec_linform_equal(x->lf, y->lf))
        return 0;
    return -1;
}

/* x := max(x, y), with the union ball when the two cannot be told apart;
   returns 1 when y was taken */
int
align_pv_max(pval * x, const pval * y)
{
    int g = align_pv_gt(y, x);
    if (g == 1)
    {
        align_pv_set(x, y);
        return 1;
    }
    if (g == -1)
    {
        arb_max(x->v, x->v, y->v, PPREC);
        x->lf_ok = 0;
        return 1;
    }
    return 0;
}

void
align_lf_print(char * buf, size_t len, const spec_linform_t f)
{
    static const char * sym[SPEC_LF_LEN] = { "", " eps1", " eps2", " eps3" };
    int i, any = 0;
    fmpq_t a;
    fmpq_init(a);
    buf[0] = '\0';
    for (i = 0; i < SPEC_LF_LEN; i++)
        if (!fmpq_is_zero(f->k[i]))
        {
            char * s;
            int one;
            fmpq_abs(a, f->k[i]);
            one = fmpq_is_one(a) && i > 0;
            s = fmpq_get_str(NULL, 10, a);
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%s%s",
                any ? (fmpq_sgn(f->k[i]) < 0 ? " - " : " + ")
                : (fmpq_sgn(f->k[i]) < 0 ? "-" : ""), one ? sym[i] + 1 : s,
                one ? "" : sym[i]);
            flint_free(s);
            any = 1;
        }
    if (!any)
        snprintf(buf, len, "0");
    fmpq_clear(a);
}

/* "1/2 eps1 = 0.25" or "0.8472..." */
void
align_pv_print(char * buf, size_t len, const pval * x)
{
    char * s = arb_get_str(x->v, 12, ARB_STR_NO_RADIUS);
    if (x->lf_ok)
    {
        char f[200];
        align_lf_print(f, sizeof(f), x->lf);
        if (fmpq_is_zero(x->lf->k[1]) && fmpq_is_zero(x->lf->k[2])
                && fmpq_is_zero(x->lf->k[3]))
            snprintf(buf, len, "%s", f);
        else
            snprintf(buf, len, "%s = %s", f, s);
    }
    else
        snprintf(buf, len, "%s", s);
    flint_free(s);
}


void
align_bound_form(char * buf, size_t len, const align_result_t res)
{
    if (res->proved && res->exact)
        align_lf_print(buf, len, res->bound_lf);
    else
        buf[0] = '\0';
}
