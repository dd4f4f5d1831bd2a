/* program_factor.c -- the factor of one query of a program in the
   register value z, on one piece of the z axis (see program.h): the
   probability that every noisy answer falls where the branch needs it,
   as a sum of CDF terms F(s z + t), and the densities of its number.

   Notation.  An atom compares y (or |y|) with w = T + z + off.  Its
   interval ends in y are s z + t with (s, t) = (+1, T + off) and, for
   |y|, (-1, -(T + off)).  On a piece of the z axis where no two ends
   cross and no fixed answer crosses an end, the order of the ends is
   the order at the piece's midpoint zm, so the cells between the ends
   and the cells that belong to the branch's set are decided exactly
   (rational arithmetic at zm). */

#include "program_walk.h"

/* the query's answer (0 in a non-input state) */
void
prog_item_query(fmpq_t q, const prog_walk * w, const prog_item * it)
{
    if (w->P->states[it->state].noninput)
        fmpq_zero(q);
    else
        fmpq_set(q, w->R->runs[it->run].q[w->side]);
}

/* what the noisy answers are centred on: the query, or |q| */
void
prog_item_q(fmpq_t q, const prog_walk * w, const prog_item * it)
{
    prog_item_query(q, w, it);
    if (w->P->states[it->state].abs_query)
        fmpq_abs(q, q);
}

/* where the noise of answer k is centred: q + mean */
void
prog_answer_loc(fmpq_t loc, const prog_walk * w, const prog_item * it, int k)
{
    int n = w->P->states[it->state].answer_noise[k];
    prog_item_q(loc, w, it);
    if (n >= 0)
        fmpq_add(loc, loc, w->P->noises[n].mean);
}

/* what the register is compared as, without z: T_i plus, after `reset
   ANSWER` at query a, the answer's centre over its threshold (q_a +
   mean - T_a: the register is y - T_a); in DiPA semantics where it was
   assigned (q_a + mean, 0 before any assignment) */
void
prog_item_T(fmpq_t T, const prog_walk * w, const prog_item * it)
{
    fmpq_zero(T);
    if (it->base_item >= 0)
    {
        const prog_item * a = w->items + it->base_item;
        const prog_branch * B = w->P->states[a->state].branches + a->branch;
        prog_answer_loc(T, w, a, B->reset_answer);
        if (!w->P->dipa)
            fmpq_sub(T, T, w->R->runs[a->run].T);
    }
    if (!w->P->dipa)
        fmpq_add(T, T, w->R->runs[it->run].T);
}

/* does the item's factor depend on the register (a guard is evaluated
   before its branch is taken, or it releases a gap)? */
/* the last branch the item may take (its own, or the last merged) */
static int
item_last(const prog_item * it)
{
    int b = it->branch;
    while (it->group >> (b + 1))
        b++;
    return b;
}

int
prog_item_uses_register(const prog_walk * w, const prog_item * it)
{
    const prog_state * S = w->P->states + it->state;
    int j;
    for (j = 0; j <= item_last(it); j++)
        if (S->branches[j].natoms > 0)
            return 1;
    return S->branches[it->branch].out == PROG_OUT_GAP;
}

/* atom at (y, zm): y OP T + zm + off */
static int
atom_holds(const prog_atom * a, const fmpq_t T, const fmpq_t y, const fmpq_t zm)
{
    fmpq_t w, ay;
    int r;
    fmpq_init(w);
    fmpq_init(ay);
    fmpq_add(w, T, zm);
    fmpq_add(w, w, a->off);
    fmpq_set(ay, y);
    if (a->op == PROG_ABS_GE || a->op == PROG_ABS_LT)
        fmpq_abs(ay, ay);
    r = fmpq_cmp(ay, w);
    if (a->op == PROG_GE || a->op == PROG_ABS_GE)
        r = a->strict ? r > 0 : r >= 0;
    else
        r = a->strict ? r < 0 : r <= 0;
    fmpq_clear(w);
    fmpq_clear(ay);
    return r;
}

static int
guard_holds(const prog_branch * B, const fmpq_t T, const fmpq_t y,
    const fmpq_t zm)
{
    int i;
    for (i = 0; i < B->natoms; i++)
        if (!atom_holds(B->atoms + i, T, y, zm))
            return 0;
    return 1;
}

/* does answer k of state S at value y take branch b (given that the
   other answers do their part): b's guard holds if it is on k, and
   every earlier guard on k fails */
int
prog_answer_member(const prog_state * S, int b, int k, const fmpq_t T,
    const fmpq_t y, const fmpq_t zm)
{
    int j;
    for (j = 0; j <= b; j++)
    {
        const prog_branch * B = S->branches + j;
        if (B->natoms == 0 || B->atoms[0].answer != k)
            continue;
        if (guard_holds(B, T, y, zm) != (j == b))
            return 0;
    }
    return 1;
}

/* does answer k at value y take one of the item's branches? */
static int
item_member(const prog_state * S, const prog_item * it, int k,
    const fmpq_t T, const fmpq_t y, const fmpq_t zm)
{
    int b;
    if (prog_answer_member(S, it->branch, k, T, y, zm))
        return 1;
    for (b = it->branch + 1; it->group >> b; b++)
        if ((it->group >> b & 1) && prog_answer_member(S, b, k, T, y, zm))
            return 1;
    return 0;
}

void
prog_sort_ends(fmpq * t, slong n)
{
    slong i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && fmpq_cmp(t + j - 1, t + j) > 0; j--)
            fmpq_swap(t + j - 1, t + j);
}

int
prog_cell_point(fmpq_t y, const fmpq * t, slong n, slong c)
{
    if (c == 0)
        fmpq_sub_si(y, t, 1);
    else if (c == n)
        fmpq_add_si(y, t + n - 1, 1);
    else if (fmpq_equal(t + c - 1, t + c))
        return 0;
    else
    {
        fmpq_add(y, t + c - 1, t + c);
        fmpq_div_2exp(y, y, 1);
    }
    return 1;
}

/* does answer k matter for branch b */
static int
answer_constrained(const prog_state * S, int b, int k)
{
    int j;
    for (j = 0; j <= b; j++)
        if (S->branches[j].natoms > 0 && S->branches[j].atoms[0].answer == k)
            return 1;
    return 0;
}

/* the interval ends (s, t) of answer k for branch b: up to 2 per atom */
slong
prog_answer_ends(int * s, fmpq * t, const prog_state * S, int b, int k,
    const fmpq_t T)
{
    slong n = 0;
    int j, i;
    for (j = 0; j <= b; j++)
    {
        const prog_branch * B = S->branches + j;
        for (i = 0; i < B->natoms; i++)
        {
            const prog_atom * a = B->atoms + i;
            if (a->answer != k)
                continue;
            s[n] = 1;
            fmpq_add(t + n, T, a->off);
            n++;
            if (a->op == PROG_ABS_GE || a->op == PROG_ABS_LT)
            {
                s[n] = -1;
                fmpq_neg(t + n, t + n - 1);
                n++;
            }
        }
    }
    return n;
}

/* the value a fixed answer takes at z (exact: q; a number v; a gap g:
   g + T + z); returns 0 when answer k is not fixed */
int
prog_fixed_value(fmpq_t y, const prog_walk * w, const prog_item * it,
    int k, const fmpq_t z)
{
    const svt_run_struct * r = w->R->runs + it->run;
    const prog_state * S = w->P->states + it->state;
    const prog_branch * B = S->branches + it->branch;
    if (r->a == SVT_NUM && B->out_answer == k
            && (B->out == PROG_OUT_NOISY || B->out == PROG_OUT_GAP))
    {
        fmpq_set(y, r->v);
        if (B->out == PROG_OUT_GAP)
        {
            fmpq_t T;
            fmpq_init(T);
            prog_item_T(T, w, it);
            fmpq_add(y, y, T);
            fmpq_add(y, y, z);
            fmpq_clear(T);
        }
        return 1;
    }
    if (S->answer_noise[k] < 0)
    {
        prog_item_q(y, w, it);
        return 1;
    }
    return 0;
}

/* shift = t - q, exactly */
static void
end_shift(arb_t shift, const fmpq_t t, const fmpq_t q, slong prec)
{
    fmpq_t d;
    fmpq_init(d);
    fmpq_sub(d, t, q);
    arb_set_fmpq(shift, d, prec);
    fmpq_clear(d);
}

#define PROG_NENDS (2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS)

static void
ends_init(fmpq * t)
{
    slong i;
    for (i = 0; i < PROG_NENDS; i++)
        fmpq_init(t + i);
}

static void
ends_clear(fmpq * t)
{
    slong i;
    for (i = 0; i < PROG_NENDS; i++)
        fmpq_clear(t + i);
}

int
prog_item_tie(const prog_walk * w, const prog_item * it, const fmpq_t z)
{
    const prog_state * S = w->P->states + it->state;
    int j, i, k, bmax = it->branch, above = 1, below = 1, any = 0, cr = 0;
    fmpq_t T, y, e;
    fmpq_init(T);
    fmpq_init(y);
    fmpq_init(e);
    prog_item_T(T, w, it);
    for (j = it->branch + 1; it->group >> j; j++)
        if (it->group >> j & 1)
            bmax = j;
    for (k = 0; k < S->nanswers; k++)
    {
        if (!prog_fixed_value(y, w, it, k, z))
            continue;
        for (j = 0; j <= bmax; j++)
            for (i = 0; i < S->branches[j].natoms; i++)
            {
                const prog_atom * a = S->branches[j].atoms + i;
                int abs = a->op == PROG_ABS_GE || a->op == PROG_ABS_LT, hit;
                if (a->answer != k)
                    continue;
                fmpq_add(e, T, a->off);
                fmpq_add(e, e, z);          /* T + off + z */
                hit = fmpq_equal(e, y);
                fmpq_neg(e, e);
                hit |= abs && fmpq_equal(e, y);
                if (!hit)
                    continue;
                any = 1;
                cr |= S->answer_noise[k] < 0;   /* an exact query */
                above &= !abs && a->strict == (a->op == PROG_LT);
                below &= !abs && a->strict == (a->op == PROG_GE);
            }
    }
    fmpq_clear(T);
    fmpq_clear(y);
    fmpq_clear(e);
    return !any ? 0 : (above ? PROG_TIE_ABOVE : below ? PROG_TIE_BELOW
        : PROG_TIE_STRICT) | (cr ? PROG_TIE_EXACT : 0);
}

/* F(upper) - F(lower) summed over the runs of member cells, into the
   factor (c0, terms); returns the number of terms, or -1 when no cell
   is a member (the factor is 0) */
static slong
cells_factor(arb_t c0, integral_term_struct * terms, const prog_walk * w,
    const prog_state * S, const prog_item * it, int k, const fmpq_t T,
    const fmpq_t q, const fmpq_t zm, slong prec)
{
    int s[PROG_NENDS];
    fmpq t[PROG_NENDS], e[PROG_NENDS];  /* on the stack: no allocation per
                                           factor (a hot path) */
    slong order[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    slong n, i, j, m = 0, nt = 0, run_start = -1;
    const prog_noise * nz = w->P->noises + S->answer_noise[k];
    const arb_struct * scale = w->M->prog_scale + S->answer_noise[k];
    fmpq_t y;
    arb_t shift, one;
    int any = 0;

    ends_init(t);
    ends_init(e);
    fmpq_init(y);
    arb_init(shift);
    arb_init(one);
    n = prog_answer_ends(s, t, S, item_last(it), k, T);
    /* the distinct ends, sorted by their value at zm */
    for (i = 0; i < n; i++)
    {
        fmpq_mul_si(e + i, zm, s[i]);
        fmpq_add(e + i, e + i, t + i);
        for (j = 0; j < m; j++)
            if (fmpq_equal(e + order[j], e + i))
                break;
        if (j < m)
            continue;
        order[m++] = i;
        for (j = m - 1; j > 0 && fmpq_cmp(e + order[j - 1], e + order[j]) > 0; j--)
        {
            slong x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    }
    arb_zero(c0);
    /* cell c lies between end c-1 and end c (c = 0..m) */
    for (i = 0; i <= m; i++)
    {
        int in;
        if (i == 0)
            fmpq_sub_si(y, e + order[0], 1);
        else if (i == m)
            fmpq_add_si(y, e + order[m - 1], 1);
        else
        {
            fmpq_add(y, e + order[i - 1], e + order[i]);
            fmpq_div_2exp(y, y, 1);
        }
        in = item_member(S, it, k, T, y, zm);
        if (in && run_start < 0)
            run_start = i;
        if (in)
            any = 1;
        if (run_start >= 0 && (!in || i == m))
        {
            slong hi_cell = in ? i : i - 1;
            /* + F(end hi_cell) (or 1 at +inf), - F(end run_start - 1) */
            if (hi_cell == m)
                arb_add_ui(c0, c0, 1, prec);
            else
            {
                slong x = order[hi_cell];
                end_shift(shift, t + x, q, prec);
                arb_one(one);
                integral_term_set(terms + nt++, nz->law, scale, one, s[x], shift);
            }
            if (run_start > 0)
            {
                slong x = order[run_start - 1];
                end_shift(shift, t + x, q, prec);
                arb_set_si(one, -1);
                integral_term_set(terms + nt++, nz->law, scale, one, s[x], shift);
            }
            run_start = -1;
        }
    }
    ends_clear(t);
    ends_clear(e);
    fmpq_clear(y);
    arb_clear(shift);
    arb_clear(one);
    return any ? nt : -1;
}

/* the constant density of the item's number (1 when it has none) */
static void
number_density(arb_t d, const prog_walk * w, const prog_item * it, slong prec)
{
    const svt_run_struct * r = w->R->runs + it->run;
    const prog_state * S = w->P->states + it->state;
    const prog_branch * B = S->branches + it->branch;
    int noise = -1;
    arb_t x;
    fmpq_t v;
    arb_one(d);
    if (r->a != SVT_NUM)
        return;
    if (B->out == PROG_OUT_NOISY && !(B->reset == PROG_RESET_ANSWER
            && B->reset_answer == B->out_answer))
        noise = S->answer_noise[B->out_answer];
    else if (B->out == PROG_OUT_FRESH)
        noise = B->out_noise;
    if (noise < 0)
        return;     /* GAP: a density in z, see prog_item_factor; a number
                       that is the new register: its point mass */
    arb_init(x);
    fmpq_init(v);
    if (B->out == PROG_OUT_FRESH)
        prog_item_query(v, w, it);
    else
        prog_item_q(v, w, it);
    fmpq_add(v, v, w->P->noises[noise].mean);
    fmpq_sub(v, r->v, v);
    arb_set_fmpq(x, v, prec);
    integral_law_density(d, w->P->noises[noise].law, w->M->prog_scale + noise,
        x, prec);
    arb_clear(x);
    fmpq_clear(v);
}

/* the gap's Laplace density in z on the piece: (1/b) F(x) left of its
   kink, (1/b) (1 - F(x)) right of it, x = g + T + z - q */
static void
gap_density(integral_t I, const prog_walk * w, const prog_item * it,
    const fmpq_t zm, const fmpz_t n, slong prec)
{
    const svt_run_struct * r = w->R->runs + it->run;
    const prog_state * S = w->P->states + it->state;
    int noise = S->answer_noise[S->branches[it->branch].out_answer];
    const arb_struct * scale = w->M->prog_scale + noise;
    fmpq_t x;
    arb_t sh, c;
    fmpq_t loc;
    fmpq_init(x);
    fmpq_init(loc);
    arb_init(sh);
    arb_init(c);
    prog_item_T(x, w, it);
    fmpq_add(x, x, r->v);
    prog_answer_loc(loc, w, it, S->branches[it->branch].out_answer);
    fmpq_sub(x, x, loc);
    fmpq_clear(loc);
    arb_set_fmpq(sh, x, prec);
    fmpq_add(x, x, zm);
    if (fmpq_sgn(x) < 0)
        integral_mul_cdf(I, INTEGRAL_LAPLACE, scale, sh, n);
    else
        integral_mul_sf(I, INTEGRAL_LAPLACE, scale, sh, n);
    arb_inv(c, scale, prec);
    arb_pow_fmpz(c, c, n, prec);
    integral_mul_const(I, c, prec);
    fmpq_clear(x);
    arb_clear(sh);
    arb_clear(c);
}

int
prog_item_factor(integral_t I, const prog_walk * w, const prog_item * it,
    const fmpq_t zm, slong prec)
{
    const svt_run_struct * r = w->R->runs + it->run;
    const prog_state * S = w->P->states + it->state;
    const prog_branch * B = S->branches + it->branch;
    integral_term_struct terms[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    fmpz_t n;
    fmpq_t y;
    arb_t c0, d;
    int k, b, zero = 0;
    slong i, nt, nterms = 0;

    fmpq_t T, loc;
    fmpz_init_set_ui(n, it->n);
    fmpq_init(y);
    fmpq_init(T);
    fmpq_init(loc);
    prog_item_T(T, w, it);
    arb_init(c0);
    arb_init(d);
    /* cells_factor gives at most one term per end: two per atom */
    for (b = 0; b < S->nbranches; b++)
        nterms += 2 * S->branches[b].natoms;
    for (i = 0; i < nterms; i++)
        integral_term_init(terms + i);
    for (k = 0; k < S->nanswers && !zero; k++)
    {
        if (k == it->skip_answer)
            continue;
        if (prog_fixed_value(y, w, it, k, zm))
        {
            zero = !item_member(S, it, k, T, y, zm);
            continue;
        }
        if (!answer_constrained(S, item_last(it), k))
            continue;
        prog_answer_loc(loc, w, it, k);
        nt = cells_factor(c0, terms, w, S, it, k, T, loc, zm, prec);
        if (nt < 0)
            zero = 1;
        else if (!(nt == 0 && arb_is_one(c0)))
            integral_mul_factor(I, c0, terms, nt, n);
    }
    if (!zero && r->a == SVT_NUM && B->out == PROG_OUT_GAP)
        gap_density(I, w, it, zm, n, prec);
    else if (!zero && r->a == SVT_NUM)
    {
        number_density(d, w, it, prec);
        arb_pow_fmpz(d, d, n, prec);
        integral_mul_const(I, d, prec);
    }
    for (i = 0; i < nterms; i++)
        integral_term_clear(terms + i);
    fmpz_clear(n);
    fmpq_clear(y);
    fmpq_clear(T);
    fmpq_clear(loc);
    arb_clear(c0);
    arb_clear(d);
    return zero;
}

/* the points of the z axis where the item's factor changes form */
void
prog_item_cuts(fmpq ** cuts, slong * ncut, slong * alloc, const prog_walk * w,
    const prog_item * it)
{
    const svt_run_struct * r = w->R->runs + it->run;
    const prog_state * S = w->P->states + it->state;
    const prog_branch * B = S->branches + it->branch;
    int s[PROG_NENDS];
    fmpq t[PROG_NENDS];
    fmpq_t y, zero, x, T;
    slong n, i, j;
    int k;

    ends_init(t);
    fmpq_init(y);
    fmpq_init(zero);
    fmpq_init(x);
    fmpq_init(T);
    prog_item_T(T, w, it);
#define PUSH_CUT(val) do { \
        if (*ncut == *alloc) { \
            slong na = 2 * *alloc + 8, ii; \
            fmpq * nc = _fmpq_vec_init(na); \
            for (ii = 0; ii < *ncut; ii++) fmpq_swap(nc + ii, *cuts + ii); \
            _fmpq_vec_clear(*cuts, *alloc); \
            *cuts = nc; *alloc = na; } \
        fmpq_set(*cuts + (*ncut)++, (val)); } while (0)

    for (k = 0; k < S->nanswers; k++)
    {
        int fixed;
        if (k == it->skip_answer)
            continue;
        fixed = prog_fixed_value(y, w, it, k, zero);
        int gap = fixed && r->a == SVT_NUM && B->out == PROG_OUT_GAP
            && B->out_answer == k;
        n = prog_answer_ends(s, t, S, item_last(it), k, T);
        for (i = 0; i < n; i++)
        {
            if (fixed && !gap)
            {
                /* y = s z + t  <=>  z = s (y - t) */
                fmpq_sub(x, y, t + i);
                if (s[i] < 0)
                    fmpq_neg(x, x);
                PUSH_CUT(x);
            }
            else if (gap && s[i] < 0)
            {
                /* y(0) + z = -z + t  <=>  z = (t - y(0)) / 2 */
                fmpq_sub(x, t + i, y);
                fmpq_div_2exp(x, x, 1);
                PUSH_CUT(x);
            }
            else if (!fixed)
                for (j = 0; j < n; j++)
                    if (s[j] != s[i] && s[i] > 0)
                    {
                        /* z + t_i = -z + t_j */
                        fmpq_sub(x, t + j, t + i);
                        fmpq_div_2exp(x, x, 1);
                        PUSH_CUT(x);
                    }
        }
        if (gap)
        {
            /* the kink of the density: g + T + z = q + mean */
            prog_answer_loc(x, w, it, k);
            fmpq_sub(x, x, y);
            PUSH_CUT(x);
        }
    }
#undef PUSH_CUT
    ends_clear(t);
    fmpq_clear(y);
    fmpq_clear(zero);
    fmpq_clear(x);
    fmpq_clear(T);
}
