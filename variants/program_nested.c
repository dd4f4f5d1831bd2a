/* program_nested.c -- a register assigned from a compared noisy value and
   compared again: two segments integrated together.

   The parent segment has register z (density p, factors A(z)); query a
   compares its noisy answer y with z (say y >= z + e) and assigns it
   to the register; the child segment's factors B depend on y.  With
   u = y - loc the child's register noise (loc = q_a + mean),

       Pr = int p(z) A(z) H(z) dz,   H(z) = int_{u >= z + c} f(u) B(u) du,

   c = e - loc.  H is monotone in z (decreasing for >=, increasing for
   <).  On a grid a_0 < ... < a_N, with W_j the certified integral of
   p A over [a_j, a_{j+1}] (and W_- , W_+ over the tails) and H_j =
   H(a_j) certified engine integrals, monotonicity brackets Pr:

       sum_j W_j H_{j+1} + W_- H_0  <=  Pr  <=  sum_j W_j H_j + W_- H(-inf) + W_+ H_N

   (mirrored for <).  The enclosure is certified; its width shrinks
   like 1/N, so it decides losses far from the claim, and says
   inconclusive near it. */

#include <math.h>
#include <string.h>
#include "program_walk.h"

#define NESTED_CELLS 256

/* the half-line the assigning branch needs for its answer k, relative
   to the parent register: y >= z + e (dir = +1) or y < z + e (dir =
   -1); 0 when it is not a single half-line (ranges, abs) */
static int
half_line(fmpq_t e, const prog_walk * w, const prog_item * a, int k)
{
    const prog_state * S = w->P->states + a->state;
    int s[2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS];
    fmpq * t = _fmpq_vec_init(2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_t T, y, zero;
    slong n, i, c, first = -1, last = -1, runs = 0;
    int prev = 0, dir = 0;

    fmpq_init(T);
    fmpq_init(y);
    fmpq_init(zero);
    prog_item_T(T, w, a);
    n = prog_answer_ends(s, t, S, a->branch, k, T);
    for (i = 0; i < n; i++)
        if (s[i] < 0)
            goto done;
    prog_sort_ends(t, n);
    /* member cells at z = 0 (the ends are z + t: the pattern moves with z) */
    for (c = 0; c <= n; c++)
    {
        int in;
        if (!prog_cell_point(y, t, n, c))
            continue;
        in = prog_answer_member(S, a->branch, k, T, y, zero);
        if (in && !prev)
            runs++, first = c;
        if (in)
            last = c;
        prev = in;
    }
    if (n == 0 || runs != 1)
        goto done;
    if (last == n && first > 0)
    {
        fmpq_set(e, t + first - 1);
        dir = 1;
    }
    else if (first == 0 && last < n)
    {
        fmpq_set(e, t + last);
        dir = -1;
    }
done:
    _fmpq_vec_clear(t, 2 * PROG_MAX_BRANCHES * PROG_MAX_ATOMS);
    fmpq_clear(T);
    fmpq_clear(y);
    fmpq_clear(zero);
    return dir;
}

void
prog_nested_value(arb_t out, prog_walk * w, const prog_seg * g)
{
    const slong prec = SVT_PARAM_PREC;
    prog_item * a = w->items + g->base_item;
    const prog_branch * B = w->P->states[a->state].branches + a->branch;
    int k = B->reset_answer, dir, j;
    prog_seg parent, child;
    fmpq_t e, c, x, L;
    fmpq * grid;
    arb_ptr W, H;
    arb_t lower, upper, Hall, Wlo, Whi, t;
    double scale;

    arb_zero(out);
    memset(&parent, 0, sizeof(parent));
    parent.start = g->parent_start;
    parent.noise = g->parent_noise;
    parent.base_item = g->parent_base_item;
    parent.parent_base_item = -1;
    child = *g;
    child.deferred = 0;
    fmpq_init(e);
    fmpq_init(c);
    fmpq_init(x);
    fmpq_init(L);
    dir = half_line(e, w, a, k);
    if (dir == 0 || g->parent_pinned)
    {
        w->unsupported = "a register assigned after a guard that is not one "
            "half-line (a range or abs), or after a released one, and compared "
            "again before it is replaced; supported: y >= z + a or y < z + a";
        fmpq_clear(e);
        fmpq_clear(c);
        fmpq_clear(x);
        fmpq_clear(L);
        return;
    }
    /* u = y - loc: y >= z + e  <=>  u >= z + c */
    prog_answer_loc(x, w, a, k);
    fmpq_sub(c, e, x);

    /* the grid: +-L around 0, L about 30 scales of the larger noise plus
       the shift (this only places the grid: every piece is certified) */
    scale = FLINT_MAX(arf_get_d(arb_midref(w->M->prog_scale + parent.noise),
        ARF_RND_UP), arf_get_d(arb_midref(w->M->prog_scale + child.noise),
        ARF_RND_UP));
    if (!(30 * scale + 2 * fabs(fmpq_get_d(c)) + 1 < 1e18))
    {
        /* a guard offset (read exactly at any size) or a scale past what
           the grid's machine integers hold: refused, never misplaced */
        w->unsupported = "a guard offset or noise scale beyond 10^17 on a "
            "register assigned after a guard (the grid of that integral is "
            "placed in machine integers)";
        fmpq_clear(e);
        fmpq_clear(c);
        fmpq_clear(x);
        fmpq_clear(L);
        return;
    }
    fmpq_set_si(L, (slong) (30 * scale + 2 * fabs(fmpq_get_d(c)) + 1), 1);
    grid = _fmpq_vec_init(NESTED_CELLS + 1);
    for (j = 0; j <= NESTED_CELLS; j++)
    {
        fmpz_t d;
        fmpz_init_set_si(d, NESTED_CELLS);
        fmpq_mul_si(grid + j, L, 2 * j - NESTED_CELLS);
        fmpq_div_fmpz(grid + j, grid + j, d);
        fmpz_clear(d);
    }
    W = _arb_vec_init(NESTED_CELLS);
    H = _arb_vec_init(NESTED_CELLS + 1);
    arb_init(lower);
    arb_init(upper);
    arb_init(Hall);
    arb_init(Wlo);
    arb_init(Whi);
    arb_init(t);

    /* the parent without answer k's condition (it is in H) */
    a->skip_answer = k;
    prog_segment_compute(Wlo, w, parent.start, g->start, &parent, NULL, grid);
    prog_segment_compute(Whi, w, parent.start, g->start, &parent,
        grid + NESTED_CELLS, NULL);
    for (j = 0; j < NESTED_CELLS; j++)
        prog_segment_compute(W + j, w, parent.start, g->start, &parent, grid + j,
            grid + j + 1);
    a->skip_answer = -1;
    prog_segment_compute(Hall, w, g->start, w->nitems, &child, NULL, NULL);
    for (j = 0; j <= NESTED_CELLS; j++)
    {
        fmpq_add(x, grid + j, c);
        if (dir > 0)
            prog_segment_compute(H + j, w, g->start, w->nitems, &child, x, NULL);
        else
            prog_segment_compute(H + j, w, g->start, w->nitems, &child, NULL, x);
    }

    /* H decreasing in z for >=, increasing for < */
    arb_zero(lower);
    arb_zero(upper);
    for (j = 0; j < NESTED_CELLS; j++)
    {
        arb_addmul(lower, W + j, H + (dir > 0 ? j + 1 : j), prec);
        arb_addmul(upper, W + j, H + (dir > 0 ? j : j + 1), prec);
    }
    if (dir > 0)
    {
        arb_addmul(lower, Wlo, H + 0, prec);
        arb_addmul(upper, Wlo, Hall, prec);
        arb_addmul(upper, Whi, H + NESTED_CELLS, prec);
    }
    else
    {
        arb_addmul(lower, Whi, H + NESTED_CELLS, prec);
        arb_addmul(upper, Whi, Hall, prec);
        arb_addmul(upper, Wlo, H + 0, prec);
    }
    arb_union(out, lower, upper, prec);
    w->goal_missed = 1;     /* a bracket, not the goal's accuracy */

    _fmpq_vec_clear(grid, NESTED_CELLS + 1);
    _arb_vec_clear(W, NESTED_CELLS);
    _arb_vec_clear(H, NESTED_CELLS + 1);
    arb_clear(lower);
    arb_clear(upper);
    arb_clear(Hall);
    arb_clear(Wlo);
    arb_clear(Whi);
    arb_clear(t);
    fmpq_clear(e);
    fmpq_clear(c);
    fmpq_clear(x);
    fmpq_clear(L);
}
