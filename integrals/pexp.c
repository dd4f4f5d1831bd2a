/* pexp.c -- exact integration of piecewise exponential polynomials (see
   pexp.h). */

#include <stdlib.h>
#include <string.h>
#include <flint/fmpz.h>
#include "pexp.h"

/* ---- terms ----------------------------------------------------------- */

#define REL(t, i, j) ((t)->rel[(i) * (t)->nv + (j)])

/* the bytes of a term's arrays (3 nv rationals, nv degrees, nv x nv
   relations), a multiple of sizeof(fmpq) so that blocks of them align */
static size_t
term_bytes(slong nv)
{
    size_t n = 3 * nv * sizeof(fmpq) + nv * sizeof(slong) + nv * nv;
    return (n + sizeof(fmpq) - 1) / sizeof(fmpq) * sizeof(fmpq);
}

/* a zero term in nv variables, its arrays at mem (term_bytes(nv) zero
   bytes, owned by the caller) */
static void
term_init_at(pexp_term_struct * t, slong nv, void * mem)
{
    slong i;
    arb_init(t->c);
    t->nv = nv;
    t->beta = mem;
    for (i = 0; i < 3 * nv; i++)
        fmpz_one(fmpq_denref(t->beta + i));     /* 0/1: the zero bytes */
    t->lo = t->beta + nv;
    t->hi = t->beta + 2 * nv;
    t->deg = (slong *) (t->beta + 3 * nv);
    t->rel = (signed char *) (t->deg + nv);
    t->has_lo = t->has_hi = 0;
}

/* releases what t's values hold, not its arrays */
static void
term_clear_at(pexp_term_struct * t)
{
    slong i;
    arb_clear(t->c);
    for (i = 0; i < 3 * t->nv; i++)
        fmpq_clear(t->beta + i);
}

/* a term with arrays of its own (scratch) */
static void
term_init(pexp_term_struct * t, slong nv)
{
    term_init_at(t, nv, flint_calloc(term_bytes(nv), 1));
}

static void
term_clear(pexp_term_struct * t)
{
    term_clear_at(t);
    flint_free(t->beta);
}

/* t = 0 with no bound, relation or power */
static void
term_zero(pexp_term_struct * t)
{
    slong i;
    arb_zero(t->c);
    for (i = 0; i < 3 * t->nv; i++)
        fmpq_zero(t->beta + i);
    memset(t->deg, 0, t->nv * sizeof(slong) + t->nv * t->nv);
    t->has_lo = t->has_hi = 0;
}

/* d = s for fmpz: inline where neither holds a bignum (the common case:
   term_set copies 6 nv of them) */
static inline void
z_set(fmpz_t d, const fmpz_t s)
{
    if (!COEFF_IS_MPZ(*d) && !COEFF_IS_MPZ(*s))
        *d = *s;
    else
        fmpz_set(d, s);
}

/* d = s (the same number of variables) */
static void
term_set(pexp_term_struct * d, const pexp_term_struct * s)
{
    slong i;
    arb_set(d->c, s->c);
    for (i = 0; i < 3 * s->nv; i++)
    {
        z_set(fmpq_numref(d->beta + i), fmpq_numref(s->beta + i));
        z_set(fmpq_denref(d->beta + i), fmpq_denref(s->beta + i));
    }
    memcpy(d->deg, s->deg, s->nv * sizeof(slong) + s->nv * s->nv);
    d->has_lo = s->has_lo;
    d->has_hi = s->has_hi;
}

/* exchanges the contents of two terms of one function (no copy) */
static void
term_swap(pexp_term_struct * a, pexp_term_struct * b)
{
    pexp_term_struct t = *a;
    *a = *b;
    *b = t;
}

/* v >= x; returns 0 when the term's region becomes empty */
static int
term_lo(pexp_term_struct * t, slong v, const fmpq_t x)
{
    if (!(t->has_lo >> v & 1) || fmpq_cmp(x, t->lo + v) > 0)
        fmpq_set(t->lo + v, x);
    t->has_lo |= 1u << v;
    return !(t->has_hi >> v & 1) || fmpq_cmp(t->lo + v, t->hi + v) < 0;
}

/* v < x */
static int
term_hi(pexp_term_struct * t, slong v, const fmpq_t x)
{
    if (!(t->has_hi >> v & 1) || fmpq_cmp(x, t->hi + v) < 0)
        fmpq_set(t->hi + v, x);
    t->has_hi |= 1u << v;
    return !(t->has_lo >> v & 1) || fmpq_cmp(t->lo + v, t->hi + v) < 0;
}

/* v_i > v_j (s = 1) or v_i < v_j (s = -1); 0 on a contradiction */
static int
term_rel(pexp_term_struct * t, slong i, slong j, int s)
{
    if (i == j || REL(t, i, j) == -s)
        return 0;
    REL(t, i, j) = (signed char) s;
    REL(t, j, i) = (signed char) -s;
    return 1;
}

/* removes every trace of v */
static void
term_forget(pexp_term_struct * t, slong v)
{
    int j;
    fmpq_zero(t->beta + v);
    t->deg[v] = 0;
    t->has_lo &= ~(1u << v);
    t->has_hi &= ~(1u << v);
    fmpq_zero(t->lo + v);
    fmpq_zero(t->hi + v);
    for (j = 0; j < t->nv; j++)
        REL(t, v, j) = REL(t, j, v) = 0;
}

static int
term_cmp(const pexp_term_struct * a, const pexp_term_struct * b)
{
    const slong nv = a->nv;
    slong i, j;
    int r;
    /* the integers first: they tell most terms apart */
    for (i = 0; i < nv; i++)
        if (a->deg[i] != b->deg[i])
            return a->deg[i] < b->deg[i] ? -1 : 1;
    if (a->has_lo != b->has_lo)
        return a->has_lo < b->has_lo ? -1 : 1;
    if (a->has_hi != b->has_hi)
        return a->has_hi < b->has_hi ? -1 : 1;
    for (i = 0; i < nv; i++)
        for (j = i + 1; j < nv; j++)
            if (REL(a, i, j) != REL(b, i, j))
                return REL(a, i, j) < REL(b, i, j) ? -1 : 1;
    for (i = 0; i < nv; i++)
    {
        if ((r = fmpq_cmp(a->beta + i, b->beta + i)) != 0)
            return r;
        if ((a->has_lo >> i & 1) && (r = fmpq_cmp(a->lo + i, b->lo + i)) != 0)
            return r;
        if ((a->has_hi >> i & 1) && (r = fmpq_cmp(a->hi + i, b->hi + i)) != 0)
            return r;
    }
    return 0;
}

/* c = c x^p e^{g x} */
static void
mul_at_point(arb_t c, const fmpq_t g, const fmpq_t x, ulong p, slong prec)
{
    arb_t e;
    fmpq_t y;
    arb_init(e);
    fmpq_init(y);
    fmpq_mul(y, g, x);
    arb_set_fmpq(e, y, prec);
    arb_exp(e, e, prec);
    arb_mul(c, c, e, prec);
    if (p > 0)
    {
        arb_set_fmpq(e, x, prec);
        arb_pow_ui(e, e, p, prec);
        arb_mul(c, c, e, prec);
    }
    arb_clear(e);
    fmpq_clear(y);
}

/* ---- functions ------------------------------------------------------- */

void
pexp_init(pexp_t F, slong nv)
{
    if (nv < 1 || nv > PEXP_MAXV)
    {
        flint_printf("pexp_init: %wd variables, expected 1 to %d\n", nv,
            PEXP_MAXV);
        flint_abort();
    }
    F->nv = nv;
    F->max_len = 0;
    F->too_large = 0;
    F->len = F->alloc = 0;
    F->terms = NULL;
    F->blocks = NULL;
    F->nblocks = 0;
    F->diverges = 0;
    F->scratch = NULL;
}

void
pexp_clear(pexp_t F)
{
    slong k;
    for (k = 0; k < F->alloc; k++)
        term_clear_at(F->terms + k);
    for (k = 0; k < F->nblocks; k++)
        flint_free(F->blocks[k]);
    flint_free(F->blocks);
    flint_free(F->terms);
    if (F->scratch != NULL)
    {
        pexp_clear(F->scratch);
        flint_free(F->scratch);
    }
}

/* a new term at the end, holding whatever was there: the caller sets
   all of it (term_set) */
static pexp_term_struct *
pexp_push_raw(pexp_t F)
{
    /* past the limit F is only "too large": its terms are dropped, so
       that its memory stays bounded */
    if (F->max_len > 0 && F->len >= F->max_len)
    {
        F->too_large = 1;
        F->len = 0;
    }
    if (F->len == F->alloc)
    {
        slong k, n = FLINT_MAX(8, 2 * F->alloc);
        if (F->max_len > 0)
            n = FLINT_MIN(n, F->max_len);   /* > len, as len < max_len */
        /* the arrays of the new terms in one block */
        size_t sz = term_bytes(F->nv);
        char * mem = flint_calloc(n - F->alloc, sz);
        F->terms = flint_realloc(F->terms, n * sizeof(pexp_term_struct));
        F->blocks = flint_realloc(F->blocks, (F->nblocks + 1) * sizeof(void *));
        F->blocks[F->nblocks++] = mem;
        for (k = F->alloc; k < n; k++)
            term_init_at(F->terms + k, F->nv, mem + (k - F->alloc) * sz);
        F->alloc = n;
    }
    return F->terms + F->len++;
}

/* a new term at the end, zero */
static pexp_term_struct *
pexp_push(pexp_t F)
{
    pexp_term_struct * t = pexp_push_raw(F);
    term_zero(t);
    return t;
}

/* keeps the terms flagged in keep, in order */
static void
pexp_compact(pexp_t F, const char * keep)
{
    slong k, n = 0;
    for (k = 0; k < F->len; k++)
        if (keep[k])
        {
            if (n != k)
                term_swap(F->terms + n, F->terms + k);
            n++;
        }
    F->len = n;
}

void
pexp_zero(pexp_t F)
{
    F->len = 0;
    F->diverges = 0;
    F->too_large = 0;
}

void
pexp_one(pexp_t F)
{
    pexp_zero(F);
    arb_one(pexp_push(F)->c);
}

void
pexp_add(pexp_t F, const pexp_t G)
{
    slong k;
    for (k = 0; k < G->len; k++)
        term_set(pexp_push_raw(F), G->terms + k);
    F->diverges |= G->diverges;
    F->too_large |= G->too_large;
}

void
pexp_mul_piece(pexp_t F, slong v, const arb_t c, const fmpq_t b,
    const fmpq * lo, const fmpq * hi, slong prec)
{
    char * keep = flint_malloc(F->len + 1);
    slong k;
    for (k = 0; k < F->len; k++)
    {
        pexp_term_struct * t = F->terms + k;
        arb_mul(t->c, t->c, c, prec);
        fmpq_add(t->beta + v, t->beta + v, b);
        keep[k] = (lo == NULL || term_lo(t, v, lo))
            && (hi == NULL || term_hi(t, v, hi));
    }
    pexp_compact(F, keep);
    flint_free(keep);
}

void
pexp_mul_laplace(pexp_t F, slong v, const fmpq_t m, const fmpq_t r,
    slong prec)
{
    slong k, n = F->len;
    char * keep;
    arb_t e1, e2;
    fmpq_t b;
    if (F->max_len > 0 && 2 * n > F->max_len)
    {
        F->too_large = 1;
        F->len = 0;
        return;
    }
    arb_init(e1);
    arb_init(e2);
    fmpq_init(b);
    /* v >= m: (r/2) e^{r m} e^{-r v}; v < m: (r/2) e^{-r m} e^{r v} */
    fmpq_neg(b, r);
    arb_set_fmpq(e1, r, prec);
    arb_mul_2exp_si(e1, e1, -1);
    arb_set(e2, e1);
    mul_at_point(e1, r, m, 0, prec);
    mul_at_point(e2, b, m, 0, prec);
    for (k = 0; k < n; k++)
    {
        pexp_push_raw(F);   /* may move the terms: index after it */
        term_set(F->terms + n + k, F->terms + k);
    }
    keep = flint_malloc(2 * n + 1);
    for (k = 0; k < 2 * n; k++)
    {
        pexp_term_struct * t = F->terms + k;
        if (k < n)
        {
            arb_mul(t->c, t->c, e1, prec);
            fmpq_add(t->beta + v, t->beta + v, b);
            keep[k] = term_lo(t, v, m);
        }
        else
        {
            arb_mul(t->c, t->c, e2, prec);
            fmpq_add(t->beta + v, t->beta + v, r);
            keep[k] = term_hi(t, v, m);
        }
    }
    pexp_compact(F, keep);
    flint_free(keep);
    arb_clear(e1);
    arb_clear(e2);
    fmpq_clear(b);
}

void
pexp_mul_order(pexp_t F, slong i, slong j, int greater)
{
    char * keep = flint_malloc(F->len + 1);
    slong k;
    for (k = 0; k < F->len; k++)
        keep[k] = term_rel(F->terms + k, i, j, greater ? 1 : -1);
    pexp_compact(F, keep);
    flint_free(keep);
}

void
pexp_add_ordered(pexp_t G, const pexp_t F, slong y, unsigned mask,
    unsigned ge)
{
    slong k, j;
    for (k = 0; k < F->len; k++)
    {
        pexp_term_struct * t = pexp_push_raw(G);
        int ok = 1;
        term_set(t, F->terms + k);
        for (j = 0; ok && j < F->nv; j++)
            if (mask >> j & 1)
                ok = term_rel(t, y, j, (ge >> j & 1) ? 1 : -1);
        if (!ok)
            G->len--;
    }
    G->diverges |= F->diverges;
    G->too_large |= F->too_large;
}

unsigned
pexp_vars(const pexp_t F)
{
    unsigned u = 0;
    slong v;
    for (v = 0; v < F->nv; v++)
        if (pexp_uses(F, v))
            u |= 1u << v;
    return u;
}

void
pexp_mul_disjoint(pexp_t F, const pexp_t G, slong prec)
{
    const unsigned gv = pexp_vars(G);
    pexp_t H;
    slong a, b, v, j;
    if ((pexp_vars(F) & gv) != 0)
    {
        flint_printf("pexp_mul_disjoint: the factors share a variable\n");
        flint_abort();
    }
    pexp_init(H, F->nv);
    H->max_len = F->max_len;
    for (a = 0; a < F->len && !H->too_large; a++)
        for (b = 0; b < G->len && !H->too_large; b++)
        {
            const pexp_term_struct * t = G->terms + b;
            pexp_term_struct * u = pexp_push_raw(H);
            term_set(u, F->terms + a);
            arb_mul(u->c, u->c, t->c, prec);
            for (v = 0; v < F->nv; v++)
                if (gv >> v & 1)
                {
                    fmpq_set(u->beta + v, t->beta + v);
                    u->deg[v] = t->deg[v];
                    fmpq_set(u->lo + v, t->lo + v);
                    fmpq_set(u->hi + v, t->hi + v);
                    u->has_lo |= t->has_lo & (1u << v);
                    u->has_hi |= t->has_hi & (1u << v);
                    for (j = 0; j < F->nv; j++)
                        if (REL(t, v, j) != 0)
                        {
                            REL(u, v, j) = REL(t, v, j);
                            REL(u, j, v) = REL(t, j, v);
                        }
                }
        }
    H->diverges = F->diverges | G->diverges;
    H->too_large |= F->too_large | G->too_large;
    pexp_zero(F);
    pexp_add(F, H);
    F->too_large |= H->too_large;
    pexp_clear(H);
}

int
pexp_equal(const pexp_t F, const pexp_t G)
{
    slong k;
    if (F->nv != G->nv || F->len != G->len || F->diverges != G->diverges
            || F->too_large != G->too_large)
        return 0;
    for (k = 0; k < F->len; k++)
        if (term_cmp(F->terms + k, G->terms + k) != 0
                || !arb_equal(F->terms[k].c, G->terms[k].c))
            return 0;
    return 1;
}

int
pexp_uses(const pexp_t F, slong v)
{
    slong k, j;
    for (k = 0; k < F->len; k++)
    {
        const pexp_term_struct * t = F->terms + k;
        if (!fmpq_is_zero(t->beta + v) || t->deg[v] != 0
                || (t->has_lo >> v & 1) || (t->has_hi >> v & 1))
            return 1;
        for (j = 0; j < F->nv; j++)
            if (REL(t, v, j) != 0)
                return 1;
    }
    return 0;
}

void
pexp_move(pexp_t F, slong from, slong to)
{
    slong k, j;
    for (k = 0; k < F->len; k++)
    {
        pexp_term_struct * t = F->terms + k;
        term_forget(t, to);
        fmpq_set(t->beta + to, t->beta + from);
        t->deg[to] = t->deg[from];
        fmpq_set(t->lo + to, t->lo + from);
        fmpq_set(t->hi + to, t->hi + from);
        if (t->has_lo >> from & 1)
            t->has_lo |= 1u << to;
        if (t->has_hi >> from & 1)
            t->has_hi |= 1u << to;
        for (j = 0; j < F->nv; j++)
            if (j != to && j != from)
            {
                REL(t, to, j) = REL(t, from, j);
                REL(t, j, to) = REL(t, j, from);
            }
        term_forget(t, from);
    }
}

void
pexp_embed(pexp_t G, const pexp_t F, const slong * map)
{
    slong k, i, j;
    for (i = 0; i < F->nv; i++)
        if (map[i] < 0 ? pexp_uses(F, i) : map[i] >= G->nv)
        {
            flint_printf("pexp_embed: variable %wd has no place\n", i);
            flint_abort();
        }
    pexp_zero(G);
    for (k = 0; k < F->len; k++)
    {
        const pexp_term_struct * s = F->terms + k;
        pexp_term_struct * t = pexp_push(G);
        arb_set(t->c, s->c);
        for (i = 0; i < F->nv; i++)
        {
            const slong a = map[i];
            if (a < 0)
                continue;
            fmpq_set(t->beta + a, s->beta + i);
            fmpq_set(t->lo + a, s->lo + i);
            fmpq_set(t->hi + a, s->hi + i);
            t->deg[a] = s->deg[i];
            t->has_lo |= (unsigned) (s->has_lo >> i & 1) << a;
            t->has_hi |= (unsigned) (s->has_hi >> i & 1) << a;
            for (j = 0; j < F->nv; j++)
                if (map[j] >= 0)
                    REL(t, a, map[j]) = REL(s, i, j);
        }
    }
    G->diverges |= F->diverges;
    G->too_large |= F->too_large;
}

void
pexp_subst(pexp_t F, slong v, const fmpq_t x, slong prec)
{
    char * keep = flint_malloc(F->len + 1);
    slong k, j;
    for (k = 0; k < F->len; k++)
    {
        pexp_term_struct * t = F->terms + k;
        int ok = (!(t->has_lo >> v & 1) || fmpq_cmp(x, t->lo + v) >= 0)
            && (!(t->has_hi >> v & 1) || fmpq_cmp(x, t->hi + v) < 0);
        for (j = 0; ok && j < F->nv; j++)
            if (REL(t, v, j) == 1)
                ok = term_hi(t, j, x);      /* v_j < x */
            else if (REL(t, v, j) == -1)
                ok = term_lo(t, j, x);      /* v_j > x */
        keep[k] = ok;
        if (!ok)
            continue;
        mul_at_point(t->c, t->beta + v, x, (ulong) t->deg[v], prec);
        term_forget(t, v);
    }
    pexp_compact(F, keep);
    flint_free(keep);
}

/* ---- integration ------------------------------------------------------ */

/* one end of an integral: an infinite end, the term's constant bound, or
   another variable */
typedef struct
{
    int kind;       /* 0 infinite, 1 constant, 2 variable */
    slong var;
}
pexp_end;

/* the antiderivative of v^a e^{g v}: sum_k coef_k v^{pw_k} e^{g v};
   returns the number of terms */
static slong
antiderivative(fmpq * coef, slong * pw, slong a, const fmpq_t g)
{
    slong k;
    if (fmpq_is_zero(g))
    {
        fmpq_set_si(coef, 1, a + 1);
        pw[0] = a + 1;
        return 1;
    }
    /* (-1)^k a!/(a-k)! / g^{k+1} */
    fmpq_inv(coef, g);
    pw[0] = a;
    for (k = 1; k <= a; k++)
    {
        fmpq_mul_si(coef + k, coef + k - 1, -(a - k + 1));
        fmpq_div(coef + k, coef + k, g);
        pw[k] = a - k;
    }
    return a + 1;
}

/* out += sign * s * [antiderivative at the end E] */
static void
emit(pexp_t out, const pexp_term_struct * s, const pexp_end * E, int upper,
    const fmpq * lo, const fmpq * hi, const fmpq * coef, const slong * pw,
    slong n, const fmpq_t g, slong prec)
{
    arb_t e;
    slong k;
    if (E->kind == 0)
    {
        /* e^{g v} v^p tends to 0 at +inf iff g < 0, at -inf iff g > 0 */
        if (fmpq_sgn(g) != (upper ? -1 : 1))
            out->diverges = 1;
        return;
    }
    arb_init(e);
    for (k = 0; k < n; k++)
    {
        pexp_term_struct * t = pexp_push_raw(out);
        term_set(t, s);
        arb_set_fmpq(e, coef + k, prec);
        if (!upper)
            arb_neg(e, e);
        if (E->kind == 1)
            mul_at_point(e, g, upper ? hi : lo, (ulong) pw[k], prec);
        else
        {
            fmpq_add(t->beta + E->var, t->beta + E->var, g);
            t->deg[E->var] += pw[k];
        }
        arb_mul(t->c, t->c, e, prec);
    }
    arb_clear(e);
}

/* s = base with the lower end L the largest of the lower bounds, the
   upper end U the smallest of the upper ones, and L < U; 0 if empty */
static int
constrain(pexp_term_struct * s, const pexp_end * L, const pexp_end * U,
    const slong * low, slong nlow, const slong * up, slong nup, int clo,
    int chi, const fmpq * lo, const fmpq * hi)
{
    slong k;
    int ok = 1;
    for (k = 0; ok && k < nlow; k++)
        if (L->kind == 2 && low[k] != L->var)
            ok = term_rel(s, L->var, low[k], 1);
        else if (L->kind == 1)
            ok = term_hi(s, low[k], lo);
    if (ok && L->kind == 2 && clo)
        ok = term_lo(s, L->var, lo);
    for (k = 0; ok && k < nup; k++)
        if (U->kind == 2 && up[k] != U->var)
            ok = term_rel(s, U->var, up[k], -1);
        else if (U->kind == 1)
            ok = term_lo(s, up[k], hi);
    if (ok && U->kind == 2 && chi)
        ok = term_hi(s, U->var, hi);
    if (!ok || L->kind == 0 || U->kind == 0)
        return ok;
    if (L->kind == 2 && U->kind == 2)
        return term_rel(s, L->var, U->var, -1);
    if (L->kind == 2)
        return term_hi(s, L->var, hi);
    if (U->kind == 2)
        return term_lo(s, U->var, lo);
    return fmpq_cmp(lo, hi) < 0;
}

/* scratch space of one integral: two terms and the antiderivative */
typedef struct
{
    pexp_term_struct base, s;
    fmpq * coef;
    slong * pw;
    slong alloc;
}
pexp_work;

static void
integrate_term(pexp_t out, const pexp_term_struct * t, slong v,
    pexp_work * W, slong prec)
{
    slong low[PEXP_MAXV], up[PEXP_MAXV], nlow = 0, nup = 0, j, n, li, ui;
    int clo = t->has_lo >> v & 1, chi = t->has_hi >> v & 1;
    slong a = t->deg[v];
    fmpq * coef;
    slong * pw;
    pexp_end Ls[PEXP_MAXV + 1], Us[PEXP_MAXV + 1];
    slong nL = 0, nU = 0;
    pexp_term_struct * base = &W->base, * s = &W->s;

    if (a + 2 > W->alloc)
    {
        _fmpq_vec_clear(W->coef, W->alloc);
        W->coef = _fmpq_vec_init(a + 2);
        W->pw = flint_realloc(W->pw, (a + 2) * sizeof(slong));
        W->alloc = a + 2;
    }
    coef = W->coef;
    pw = W->pw;

    for (j = 0; j < t->nv; j++)
        if (REL(t, v, j) == 1)
            low[nlow++] = j;
        else if (REL(t, v, j) == -1)
            up[nup++] = j;
    /* the candidates for the largest lower and the smallest upper bound */
    if (clo)
        Ls[nL].kind = 1, Ls[nL++].var = -1;
    for (j = 0; j < nlow; j++)
        Ls[nL].kind = 2, Ls[nL++].var = low[j];
    if (nL == 0)
        Ls[nL].kind = 0, Ls[nL++].var = -1;
    if (chi)
        Us[nU].kind = 1, Us[nU++].var = -1;
    for (j = 0; j < nup; j++)
        Us[nU].kind = 2, Us[nU++].var = up[j];
    if (nU == 0)
        Us[nU].kind = 0, Us[nU++].var = -1;

    n = antiderivative(coef, pw, a, t->beta + v);
    term_set(base, t);
    term_forget(base, v);
    for (li = 0; li < nL; li++)
        for (ui = 0; ui < nU; ui++)
        {
            term_set(s, base);
            if (!constrain(s, Ls + li, Us + ui, low, nlow, up, nup, clo, chi,
                    t->lo + v, t->hi + v))
                continue;
            emit(out, s, Us + ui, 1, t->lo + v, t->hi + v, coef, pw, n,
                t->beta + v, prec);
            emit(out, s, Ls + li, 0, t->lo + v, t->hi + v, coef, pw, n,
                t->beta + v, prec);
        }
}

slong
pexp_integrate(pexp_t F, slong v, slong prec)
{
    if (F->scratch == NULL)
    {
        F->scratch = flint_malloc(sizeof(pexp_struct));
        pexp_init(F->scratch, F->nv);
    }
    return pexp_integrate_using(F, v, F->scratch, prec);
}

slong
pexp_integrate_using(pexp_t F, slong v, pexp_t out, slong prec)
{
    slong k;
    if (out->nv != F->nv || out == F)
    {
        flint_printf("pexp_integrate_using: the scratch must be another "
            "function in as many variables\n");
        flint_abort();
    }
    pexp_zero(out);
    out->diverges = F->diverges;
    out->max_len = F->max_len;
    {
        pexp_work W;
        term_init(&W.base, F->nv);
        term_init(&W.s, F->nv);
        W.alloc = 8;
        W.coef = _fmpq_vec_init(W.alloc);
        W.pw = flint_malloc(W.alloc * sizeof(slong));
        for (k = 0; k < F->len && !out->too_large; k++)
        {
            integrate_term(out, F->terms + k, v, &W, prec);
            if (F->max_len > 0 && out->len > F->max_len)
                out->too_large = 1;
        }
        term_clear(&W.base);
        term_clear(&W.s);
        _fmpq_vec_clear(W.coef, W.alloc);
        flint_free(W.pw);
    }
    /* swap the term arrays, keep the scratch attached to F */
    {
        pexp_term_struct * t = F->terms;
        void ** b = F->blocks;
        slong len = F->len, alloc = F->alloc, nb = F->nblocks;
        F->terms = out->terms;
        F->blocks = out->blocks;
        F->nblocks = out->nblocks;
        F->len = out->len;
        F->alloc = out->alloc;
        F->diverges = out->diverges;
        F->too_large |= out->too_large;
        out->terms = t;
        out->blocks = b;
        out->nblocks = nb;
        out->len = len;
        out->alloc = alloc;
    }
    if (F->too_large)
        F->len = 0;
    return pexp_normalise(F, prec);
}

static ulong
hash_mix(ulong h, ulong x)
{
    h ^= x + UWORD(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
    return h;
}

static ulong
hash_fmpz(ulong h, const fmpz_t x)
{
    if (!COEFF_IS_MPZ(*x))
        return hash_mix(h, (ulong) *x);
    {
        const __mpz_struct * z = COEFF_TO_PTR(*x);
        slong k, n = z->_mp_size < 0 ? -z->_mp_size : z->_mp_size;
        h = hash_mix(h, (ulong) z->_mp_size);
        for (k = 0; k < n; k++)
            h = hash_mix(h, (ulong) z->_mp_d[k]);
        return h;
    }
}

/* a hash of everything term_cmp compares */
static ulong
term_hash(const pexp_term_struct * t)
{
    ulong h = hash_mix(t->has_lo, t->has_hi);
    slong i, j;
    for (i = 0; i < t->nv; i++)
    {
        h = hash_mix(h, (ulong) t->deg[i]);
        h = hash_fmpz(h, fmpq_numref(t->beta + i));
        h = hash_fmpz(h, fmpq_denref(t->beta + i));
        if (t->has_lo >> i & 1)
            h = hash_fmpz(hash_fmpz(h, fmpq_numref(t->lo + i)),
                fmpq_denref(t->lo + i));
        if (t->has_hi >> i & 1)
            h = hash_fmpz(hash_fmpz(h, fmpq_numref(t->hi + i)),
                fmpq_denref(t->hi + i));
        for (j = i + 1; j < t->nv; j++)
            h = hash_mix(h, (ulong) (REL(t, i, j) + 2));
    }
    return h;
}

/* the region of t written without the bounds and orders that the others
   imply, so that one region is written one way; returns 0 when the
   region is empty.  below[i]: the variables that the orders put below
   v_i, directly or through others (the closure).  The region is empty
   when the orders have a cycle, or when a lower bound of some variable
   at or below v_i is at least an upper bound of v_i (v_a >= lo, v_a <
   ... < v_i < hi, lo >= hi).  A lower bound of v_i is implied when a
   variable below v_i has one at least as large; an upper bound, when a
   variable above has one at most as large; v_i < v_j, when some v_k
   lies between them. */
static int
term_reduce(pexp_term_struct * t)
{
    const slong nv = t->nv;
    unsigned below[PEXP_MAXV], above[PEXP_MAXV], drop_lo = 0, drop_hi = 0;
    slong i, j, k;
    for (i = 0; i < nv; i++)
    {
        below[i] = above[i] = 0;
        for (j = 0; j < nv; j++)
            if (REL(t, i, j) == 1)
                below[i] |= 1u << j;
    }
    for (k = 0; k < nv; k++)
        for (i = 0; i < nv; i++)
            if (below[i] >> k & 1)
                below[i] |= below[k];
    for (i = 0; i < nv; i++)
    {
        if (below[i] >> i & 1)
            return 0;
        for (j = 0; j < nv; j++)
            if (below[i] >> j & 1)
                above[j] |= 1u << i;
    }
    for (i = 0; i < nv; i++)
        for (j = 0; j < nv; j++)
        {
            if (!(below[i] >> j & 1) && j != i)
                continue;
            /* v_j <= v_i: j's lower bound against i's upper one */
            if ((t->has_lo >> j & 1) && (t->has_hi >> i & 1)
                    && fmpq_cmp(t->lo + j, t->hi + i) >= 0)
                return 0;
            if (j == i)
                continue;
            if ((t->has_lo >> j & 1) && (t->has_lo >> i & 1)
                    && fmpq_cmp(t->lo + j, t->lo + i) >= 0)
                drop_lo |= 1u << i;
            if ((t->has_hi >> j & 1) && (t->has_hi >> i & 1)
                    && fmpq_cmp(t->hi + i, t->hi + j) <= 0)
                drop_hi |= 1u << j;
        }
    for (i = 0; i < nv; i++)
    {
        if (drop_lo >> i & 1)
            fmpq_zero(t->lo + i);
        if (drop_hi >> i & 1)
            fmpq_zero(t->hi + i);
        for (j = 0; j < nv; j++)
        {
            int direct = (below[i] >> j & 1)
                && !(below[i] & above[j]);
            REL(t, i, j) = (signed char) (direct ? 1
                : (above[i] >> j & 1) && !(above[i] & below[j]) ? -1 : 0);
        }
    }
    t->has_lo &= ~drop_lo;
    t->has_hi &= ~drop_hi;
    return 1;
}

/* drops the terms whose region is empty, writes each region one way
   (term_reduce), merges equal terms through a hash table (first
   occurrences keep their order) and drops exact zeros */
slong
pexp_normalise(pexp_t F, slong prec)
{
    char * keep;
    slong * table, size = 16, k, examined = F->len;
    if (F->len == 0)
        return 0;
    while (size < 2 * F->len)
        size *= 2;
    table = flint_malloc(size * sizeof(slong));
    for (k = 0; k < size; k++)
        table[k] = -1;
    keep = flint_malloc(F->len);
    for (k = 0; k < F->len; k++)
    {
        slong p;
        if (!(keep[k] = (char) term_reduce(F->terms + k)))
            continue;
        p = (slong) (term_hash(F->terms + k) & (ulong) (size - 1));
        while (table[p] >= 0 && term_cmp(F->terms + table[p], F->terms + k) != 0)
            p = (p + 1) & (size - 1);
        if (table[p] < 0)
            table[p] = k;
        else
        {
            arb_add(F->terms[table[p]].c, F->terms[table[p]].c,
                F->terms[k].c, prec);
            keep[k] = 0;
        }
    }
    for (k = 0; k < F->len; k++)
        if (keep[k] && arb_is_zero(F->terms[k].c))
            keep[k] = 0;
    pexp_compact(F, keep);
    flint_free(keep);
    flint_free(table);
    return examined;
}

int
pexp_total_capped(arb_t res, const pexp_t F, slong max_terms, slong * work,
    slong prec)
{
    pexp_t G;
    slong v, k;
    int r;
    pexp_init(G, F->nv);
    G->max_len = max_terms;
    pexp_add(G, F);
    for (v = 0; v < F->nv && !G->too_large; v++)
        if (pexp_uses(G, v))
        {
            slong made = pexp_integrate(G, v, prec);
            if (work != NULL)
                *work += made;
        }
    arb_zero(res);
    for (k = 0; k < G->len; k++)
        arb_add(res, res, G->terms[k].c, prec);
    r = G->too_large ? PEXP_TOO_LARGE : G->diverges ? PEXP_DIVERGES : 0;
    pexp_clear(G);
    if (r != 0)
        arb_indeterminate(res);
    return r;
}

int
pexp_total(arb_t res, const pexp_t F, slong prec)
{
    return pexp_total_capped(res, F, 0, NULL, prec);
}
