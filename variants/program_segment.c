/* program_segment.c -- one segment of a path: the integral over the
   register value z of its density times the factors of the segment's
   items (program_factor.c), cut into pieces where the factors change
   form, each piece one engine integral (integrals/).  Used by the walk
   (program_walk.c) and by the nested brackets (program_nested.c). */

#include <stdlib.h>
#include "program_walk.h"

static int
fmpq_cmp_ptr(const void * a, const void * b)
{
    return fmpq_cmp((const fmpq *) a, (const fmpq *) b);
}

/* a tie of item it at z (prog_item_tie) makes the output a null set
   whose density is no limit of densities near it (w->tie) when only the
   strictness decides it, or when the output's ties need different
   sides, or an exact query's tie meets another (constants on both ends
   of a tie could close a cycle).  Ties on one side only are one limit:
   each puts an answer above (below) a register's value set earlier, or
   a constant, and such a system of order constraints has no cycle. */
static void
walk_tie(prog_walk * w, const prog_item * it, const fmpq_t z)
{
    int t = prog_item_tie(w, it, z), sides = PROG_TIE_ABOVE | PROG_TIE_BELOW;
    if (t == 0)
        return;
    w->tie_seen |= t;
    if ((w->tie_seen & PROG_TIE_STRICT) || (w->tie_seen & sides) == sides
            || ((w->tie_seen & PROG_TIE_EXACT) && w->tie_seen != t))
        w->tie = 1;
}

/* the ties of the segment's items [from, to) at z: once a segment, and
   every item (a factor that is 0 does not hide a later item's tie).  z
   is the pinned value, or a point off the cuts, where only ties that do
   not depend on z occur */
static void
segment_ties(prog_walk * w, slong from, slong to, const fmpq_t z)
{
    slong i;
    for (i = from; i < to; i++)
        walk_tie(w, w->items + i, z);
}

/* the pinned segment's integrand at z0, its factors built at p bits
   (each item's charged as ceil(p / 256) eighths of an evaluation: an
   exp at p bits), evaluated once at p bits; 0 when a
   factor is 0 (out the exact 0), -1 when the budget is spent */
static int
pinned_at(integral_result_t pt, prog_walk * w, slong from, slong to,
    const prog_seg * g, const fmpq_t z0, slong p)
{
    integral_t I;
    integral_opt_struct o;
    slong i;
    int zero = 0;
    if (!prog_walk_charge(w, (to - from) * ((p + 255) / 256)))
        return -1;
    integral_init(I, w->P->noises[g->noise].law, w->M->prog_scale + g->noise);
    for (i = from; i < to && !zero; i++)
        zero = prog_item_factor(I, w, w->items + i, z0, p);
    if (zero)
        arb_zero(pt->value);
    else
    {
        if (w->opt != NULL)
            o = *w->opt;
        else
            integral_opt_init(&o);
        o.max_prec = p;
        integral_eval_point(pt, I, z0, &o, p);
    }
    integral_clear(I);
    return zero ? 0 : 1;
}

/* a register released by the item that assigned it: z0 = v - (q + mean);
   the integrand at z0 to the goal of the walk's options, by a ladder of
   precisions that builds the factors at each (a number's density is an
   exp: at 8192 bits, as the parameters are, it cost 50 evaluations) */
static void
pinned_value(arb_t out, prog_walk * w, slong from, slong to, const prog_seg * g)
{
    const prog_item * a = w->items + g->base_item;
    fmpq_t z0, T;
    integral_result_t pt;
    slong goal, cap, p;
    int r;
    fmpq_init(z0);
    fmpq_init(T);
    /* the base of the register is where the assigning answer is centred */
    {
        prog_item probe = *a;
        probe.base_item = g->base_item;
        prog_item_T(T, w, &probe);
    }
    fmpq_sub(z0, w->R->runs[a->run].v, T);
    segment_ties(w, from, to, z0);
    integral_opt_bits(&goal, &cap, w->opt);
    integral_result_init(pt);
    for (p = FLINT_MIN(goal + 64, cap);; p = FLINT_MIN(2 * p, cap))
    {
        r = pinned_at(pt, w, from, to, g, z0, p);
        if (r <= 0 || pt->status == INTEGRAL_SUCCESS || pt->budget_spent
                || p >= cap)
            break;
    }
    if (r < 0)
        arb_indeterminate(out);
    else
    {
        if (r > 0 && pt->status != INTEGRAL_SUCCESS)
            w->goal_missed = 1;
        w->budget_spent |= r > 0 && pt->budget_spent;
        arb_set(out, pt->value);
        w->segments++;      /* one of the probability's integrals */
    }
    integral_result_clear(pt);
    fmpq_clear(z0);
    fmpq_clear(T);
}

/* charges n item factors (about an eighth of an integrand evaluation
   each) to the caller's work total, and checks its budget and its time
   guard: 0, with w->unsupported set, when either is past */
int
prog_walk_charge(prog_walk * w, slong n)
{
    const integral_opt_struct * o = w->opt;
    if (o == NULL)
        return 1;
    if (o->work_used != NULL)
        *o->work_used += (n + 7) / 8;
    if (o->work_used != NULL && o->work_limit > 0
            && *o->work_used >= o->work_limit)
    {
        w->unsupported = "the integrals of this probability's paths reached "
            "the work budget of one ratio (its --work, or a search's or prove's)";
        return 0;
    }
    if (o->deadline > 0 && integral_clock() > o->deadline)
    {
        w->unsupported = "the caller's time ran out inside this probability "
            "(--seconds)";
        return 0;
    }
    return 1;
}

/* the integral over z (in the window [lo, hi] when given) of the
   register density times the factors of the items [from, to), cut into
   pieces where the factors change form */
void
prog_segment_compute(arb_t out, prog_walk * w, slong from, slong to,
    const prog_seg * g, const fmpq * lo, const fmpq * hi)
{
    const slong prec = SVT_PARAM_PREC;
    slong alloc = 8, ncut = 0, i, j, piece;
    fmpq * cuts;
    integral_result_t part;
    fmpq_t zm;
    arb_t s;

    if (g->pinned)
    {
        pinned_value(out, w, from, to, g);
        return;
    }
    if (!prog_walk_charge(w, to - from))
    {
        arb_indeterminate(out);
        return;
    }
    cuts = _fmpq_vec_init(alloc);
    integral_result_init(part);
    fmpq_init(zm);
    arb_init(s);
    for (i = from; i < to; i++)
        prog_item_cuts(&cuts, &ncut, &alloc, w, w->items + i);
    for (i = 0; i < 2; i++)
    {
        const fmpq * e = i == 0 ? lo : hi;
        if (e == NULL)
            continue;
        if (ncut == alloc)
        {
            fmpq * nc = _fmpq_vec_init(2 * alloc);
            for (j = 0; j < ncut; j++)
                fmpq_swap(nc + j, cuts + j);
            _fmpq_vec_clear(cuts, alloc);
            cuts = nc;
            alloc *= 2;
        }
        fmpq_set(cuts + ncut++, e);
    }
    qsort(cuts, ncut, sizeof(fmpq), fmpq_cmp_ptr);
    for (i = j = 0; i < ncut; i++)
        if (j == 0 || !fmpq_equal(cuts + j - 1, cuts + i))
            fmpq_swap(cuts + j++, cuts + i);
    ncut = j;

    /* building the factors of every item on every piece is work too (at
       the parameters' precision): a path of thousands of queries costs
       more than its integrals' evaluations */
    arb_zero(out);
    if (!prog_walk_charge(w, (to - from) * ncut))
    {
        arb_indeterminate(out);
        ncut = -1;      /* no piece */
    }
    for (piece = 0; piece <= ncut; piece++)
    {
        integral_t I;
        int zero = 0;
        if (ncut == 0)
            fmpq_zero(zm);
        else if (piece == 0)
            fmpq_sub_si(zm, cuts, 1);
        else if (piece == ncut)
            fmpq_add_si(zm, cuts + ncut - 1, 1);
        else
        {
            fmpq_add(zm, cuts + piece - 1, cuts + piece);
            fmpq_div_2exp(zm, zm, 1);
        }
        if (piece == 0)
            segment_ties(w, from, to, zm);     /* zm is off the cuts */
        if ((lo != NULL && fmpq_cmp(zm, lo) < 0) || (hi != NULL && fmpq_cmp(zm, hi) > 0))
            continue;   /* outside the window */
        integral_init(I, w->P->noises[g->noise].law, w->M->prog_scale + g->noise);
        if (piece > 0)
        {
            arb_set_fmpq(s, cuts + piece - 1, prec);
            integral_set_lo(I, s);
        }
        if (piece < ncut)
        {
            arb_set_fmpq(s, cuts + piece, prec);
            integral_set_hi(I, s);
        }
        for (i = from; i < to && !zero; i++)
            zero = prog_item_factor(I, w, w->items + i, zm, prec);
        if (!zero)
        {
            if (integral_eval(part, I, w->opt, 0) != INTEGRAL_SUCCESS)
                w->goal_missed = 1;
            w->budget_spent |= part->budget_spent;
            if (!part->exact_zero)
                arb_add(out, out, part->value, prec);
            w->segments++;
        }
        integral_clear(I);
    }
    _fmpq_vec_clear(cuts, alloc);
    integral_result_clear(part);
    fmpq_clear(zm);
    arb_clear(s);
}

