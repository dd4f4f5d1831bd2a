/* search.c -- automatic counterexample search:
     1. every construction family, swept in m and c;
     2. the input patterns of the statistical testers, each with the
        exact privacy loss of the pair (maximum over all outputs);
     3. a seeded optimiser (random restarts, local moves) over q(D),
        q(D') - q(D) in [-Delta, Delta], thresholds and outputs;
     4. for the best input, a family in m and its classification, with a
        proof ratio >= alpha kappa^m when a pointwise bound kappa > 1
        holds over the whole domain. */

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "custom.h"
#include "report.h"
#include "search.h"
#include "render.h"
#include "witness.h"

/* how long a ratio may run past the search's --seconds (the outer time
   guard) before it is stopped */
#define SEARCH_GRACE(seconds) FLINT_MIN(2.0, (seconds) / 4.0)

void
search_opts_init(search_opts * o)
{
    check_opts_init(&o->base);  /* m <= 1000, 480-digit cap */
    o->seconds = SEARCH_DEFAULT_SECONDS;
    o->work = SEARCH_DEFAULT_WORK;
    o->seed = 1;
    o->shard = 0;
    o->nshards = 1;
    o->save_path = NULL;
    o->lower = SEARCH_LOWER_PROOF;
    o->bounded = 0;
}

void
search_opts_clear(search_opts * o)
{
    check_opts_clear(&o->base);
}

slong
search_budget(const search_opts * o)
{
    return o->work * SEARCH_WORK_UNIT;
}

/* ---- bookkeeping ----------------------------------------------------- */

typedef struct
{
    slong evaluated, within, exceeds, infinite, inconclusive, impossible;
    slong timed_out;        /* ratios stopped by the time guard */
    slong tasks;
    slong work;             /* the work done (search_work_of each ratio) */
    double deadline;        /* the outer time guard (--seconds) */
    int stopped;            /* the time guard fired: the result is not
                               the search's (exit 3) */
}
tally;

/* The work of one ratio: what its integrals spent, and
   SEARCH_RATIO_COST (search.h) for the ratio itself. */

/* the search may go on: its work is below `limit` and the time guard
   has not fired (when it has, the search is marked stopped) */
static int
go_on(tally * t, slong limit)
{
    if (t->stopped)
        return 0;
    if (t->deadline > 0 && verify_clock() > t->deadline)
    {
        t->stopped = 1;
        return 0;
    }
    return t->work < limit;
}

typedef struct
{
    int have;
    svt_runs_t R;
    slong ci_index;         /* the model (index into the c set) */
    ratio_result_t r;
    char desc[256];
    const construction_info * ci;   /* when it came from a family */
    ulong m;
}
cand;

/* n ratios of verdict v */
static void
count_n(tally * t, verdict_t v, slong n)
{
    t->evaluated += n;
    switch (v)
    {
        case VERDICT_WITHIN: case VERDICT_NO_CLAIM: t->within += n; break;
        case VERDICT_EXCEEDS: t->exceeds += n; break;
        case VERDICT_INFINITE: t->infinite += n; break;
        case VERDICT_IMPOSSIBLE: t->impossible += n; break;
        default: t->inconclusive += n; break;
    }
}

static void
count(tally * t, const ratio_result_t r)
{
    t->work += r->work + SEARCH_RATIO_COST;
    if (r->timed_out)
    {
        t->timed_out++;     /* stopped by the time guard: not a ratio */
        t->stopped = 1;
    }
    else
        count_n(t, r->verdict, 1);
}

/* every ratio of a maximum, by its own verdict */
static void
count_all(tally * t, const lossmax_t L)
{
    int v;
    for (v = 0; v < VERDICT_COUNT; v++)
    {
        count_n(t, (verdict_t) v, L->count[v]);
        t->work += L->count[v] * SEARCH_RATIO_COST;
    }
}

static void
consider(cand * best, const svt_runs_t R, slong ci_index, ratio_result_t r,
    const char * desc, const construction_info * ci, ulong m)
{
    /* a pair outside the claim (not monotone, for a claim on monotone
       queries) says nothing about the claim: never the best, never L */
    if (r->timed_out || r->outside_claim || r->null_output
            || (best->have && ratio_score(r) <= ratio_score(best->r)))
        return;
    svt_runs_set(best->R, R);
    ratio_result_swap(best->r, r);
    best->ci_index = ci_index;
    snprintf(best->desc, sizeof(best->desc), "%s", desc);
    best->ci = ci;
    best->m = m;
    best->have = 1;
}

/* ---- the pointwise ratio bound (for the kappa^m proof) --------------- */

/* one factor G(z) = F(z + s) or 1 - F(z + s) of law (b), on both sides */
typedef struct
{
    int sf;
    fmpq_t s[2];
    ulong n;
}
pfactor;

/* lower and upper bound of G over the real interval x */
static void
factor_range(arb_t res, const svt_model_t M, int sf, const fmpq_t s,
    const arb_t x, slong prec)
{
    arb_t a;
    arb_init(a);
    arb_set_fmpq(a, s, prec);
    arb_add(a, a, x, prec);
    if (sf)
        arb_neg(a, a);  /* 1 - F(y) = F(-y) */
    integral_law_cdf(res, M->var->nu_law, M->nu_scale, a, prec);
    arb_clear(a);
}

void
search_ratio_lower_bound(arb_t res, const svt_model_t M, const svt_runs_t block,
    int lo_inf, const fmpq_t lo, int hi_inf, const fmpq_t hi, slong prec)
{
    pfactor * f = flint_malloc((block->len + 1) * sizeof(pfactor));
    slong nf = 0, i, j, N;
    arb_t C, t, u, x, best, piece;
    arf_t a, b, w, smax;
    fmpq_t q;
    double K;

    arb_init(C);
    arb_init(t);
    arb_init(u);
    arb_init(x);
    arb_init(best);
    arb_init(piece);
    arf_init(a);
    arf_init(b);
    arf_init(w);
    arf_init(smax);
    fmpq_init(q);
    arb_one(C);

    for (i = 0; i < block->len; i++)
    {
        const svt_run_struct * r = block->runs + i;
        fmpz_t n;
        fmpz_init_set_ui(n, r->count);
        if (r->a == SVT_NUM)
        {
            /* the densities of the numbers */
            const arb_struct * sc = M->output == SVT_OUT_COMPARED ? M->nu_scale
                : M->out_scale;
            integral_law_kind law = M->output == SVT_OUT_COMPARED
                ? M->var->nu_law : INTEGRAL_LAPLACE;
            fmpq_sub(q, r->v, r->q[0]);
            arb_set_fmpq(x, q, prec);
            integral_law_density(t, law, sc, x, prec);
            fmpq_sub(q, r->v, r->q[1]);
            arb_set_fmpq(x, q, prec);
            integral_law_density(u, law, sc, x, prec);
            arb_div(t, t, u, prec);
            arb_pow_fmpz(t, t, n, prec);
            arb_mul(C, C, t, prec);
        }
        if (M->has_nu && !(r->a == SVT_NUM && M->output == SVT_OUT_COMPARED))
        {
            pfactor * g = f + nf++;
            g->sf = (r->a != SVT_BOT);
            fmpq_init(g->s[0]);
            fmpq_init(g->s[1]);
            fmpq_sub(g->s[0], r->T, r->q[0]);
            fmpq_sub(g->s[1], r->T, r->q[1]);
            g->n = r->count;
            for (j = 0; j < 2; j++)
            {
                arf_set_fmpz(w, fmpq_numref(g->s[j]));
                arf_div_fmpz(w, w, fmpq_denref(g->s[j]), 64, ARF_RND_UP);
                arf_abs(w, w);
                if (arf_cmp(w, smax) > 0)
                    arf_set(smax, w);
            }
        }
        fmpz_clear(n);
    }

    /* a finite window [-K, K] beyond every kink; tails handled exactly */
    K = arf_get_d(smax, ARF_RND_UP) + 12 * arf_get_d(arb_midref(M->nu_scale),
        ARF_RND_UP) + 1;
    if (!M->has_nu)
        K = arf_get_d(smax, ARF_RND_UP) + 1;
    arb_pos_inf(best);

    for (N = 4096; N <= 65536; N *= 4)
    {
        double A = lo_inf ? -K : fmpq_get_d(lo), B = hi_inf ? K : fmpq_get_d(hi);
        arb_pos_inf(best);
        if (!lo_inf)
            arf_set_fmpz(a, fmpq_numref(lo)), arf_div_fmpz(a, a, fmpq_denref(lo), prec, ARF_RND_DOWN);
        else
            arf_set_d(a, A);
        for (i = 0; i < N && nf > 0; i++)
        {
            if (i + 1 == N)
            {
                if (!hi_inf)
                    arf_set_fmpz(b, fmpq_numref(hi)), arf_div_fmpz(b, b, fmpq_denref(hi), prec, ARF_RND_UP);
                else
                    arf_set_d(b, B);
            }
            else
                arf_set_d(b, A + (B - A) * (i + 1) / N);
            if (arf_cmp(b, a) <= 0)
                continue;
            arb_set_interval_arf(x, a, b, prec);
            arb_one(piece);
            for (j = 0; j < nf; j++)
            {
                arf_t l, h;
                fmpz_t n;
                arf_init(l);
                arf_init(h);
                fmpz_init_set_ui(n, f[j].n);
                factor_range(t, M, f[j].sf, f[j].s[0], x, prec);
                factor_range(u, M, f[j].sf, f[j].s[1], x, prec);
                arb_get_lbound_arf(l, t, prec);
                arb_get_ubound_arf(h, u, prec);
                arb_set_arf(t, l);
                arb_set_arf(u, h);
                arb_div(t, t, u, prec);
                arb_pow_fmpz(t, t, n, prec);
                arb_mul(piece, piece, t, prec);
                arf_clear(l);
                arf_clear(h);
                fmpz_clear(n);
            }
            arb_get_lbound_arf(w, piece, prec);
            if (arf_cmp(w, arb_midref(best)) < 0 || !arb_is_finite(best))
                arb_set_arf(best, w);
            arf_set(a, b);
        }
        /* the tails: each factor ratio is monotone between its value at
           the window's end and its limit (a Moebius function of exp(z/b)) */
        for (j = 0; j < 2; j++)
        {
            int left = (j == 0);
            slong k;
            if ((left && !lo_inf) || (!left && !hi_inf) || nf == 0)
                continue;
            arb_one(piece);
            arb_set_d(x, left ? -K : K);
            for (k = 0; k < nf; k++)
            {
                fmpz_t n;
                fmpz_init_set_ui(n, f[k].n);
                factor_range(t, M, f[k].sf, f[k].s[0], x, prec);
                factor_range(u, M, f[k].sf, f[k].s[1], x, prec);
                arb_div(t, t, u, prec);
                /* limit: exp(+-(s0 - s1)/b) on the exponential side, 1 on
                   the other */
                if (left != f[k].sf)
                {
                    fmpq_sub(q, f[k].s[0], f[k].s[1]);
                    arb_set_fmpq(u, q, prec);
                    arb_div(u, u, M->nu_scale, prec);
                    if (f[k].sf)
                        arb_neg(u, u);
                    arb_exp(u, u, prec);
                }
                else
                    arb_one(u);
                arb_union(t, t, u, prec);
                arb_pow_fmpz(t, t, n, prec);
                arb_mul(piece, piece, t, prec);
                fmpz_clear(n);
            }
            arb_get_lbound_arf(w, piece, prec);
            if (arf_cmp(w, arb_midref(best)) < 0 || !arb_is_finite(best))
                arb_set_arf(best, w);
        }
        if (nf == 0)
            arb_one(best);
        arb_one(t);
        if (arb_gt(best, t) || nf == 0)
            break;
    }
    arb_mul(res, best, C, prec);

    for (i = 0; i < nf; i++)
    {
        fmpq_clear(f[i].s[0]);
        fmpq_clear(f[i].s[1]);
    }
    flint_free(f);
    arb_clear(C);
    arb_clear(t);
    arb_clear(u);
    arb_clear(x);
    arb_clear(best);
    arb_clear(piece);
    arf_clear(a);
    arf_clear(b);
    arf_clear(w);
    arf_clear(smax);
    fmpq_clear(q);
}

/* the z-domain of one side: bounds from noiseless queries and numbers */
static void
domain_of(int * lo_inf, fmpq_t lo, int * hi_inf, fmpq_t hi,
    const svt_model_t M, const svt_runs_t R, int side)
{
    fmpq_t x;
    slong i;
    fmpq_init(x);
    *lo_inf = *hi_inf = 1;
    for (i = 0; i < R->len; i++)
    {
        const svt_run_struct * r = R->runs + i;
        if (r->a == SVT_NUM && M->output == SVT_OUT_COMPARED)
            fmpq_sub(x, r->v, r->T);
        else if (!M->has_nu)
        {
            fmpq_sub(x, r->q[side], r->T);
            if (r->a == SVT_BOT)
            {
                if (*lo_inf || fmpq_cmp(x, lo) > 0)
                    fmpq_set(lo, x);
                *lo_inf = 0;
                continue;
            }
        }
        else
            continue;
        if (*hi_inf || fmpq_cmp(x, hi) < 0)
            fmpq_set(hi, x);
        *hi_inf = 0;
    }
    fmpq_clear(x);
}

void
search_kappa_proof(char * proof, size_t len, const svt_model_t M, const svt_runs_t base,
    const svt_runs_t block)
{
    int lo_inf[2], hi_inf[2], dir;
    fmpq_t lo[2], hi[2];
    arb_t kappa, alpha, one;
    svt_runs_t all;
    slong i;

    proof[0] = '\0';
    if (!M->shaped || M->comparison != SVT_CMP_STANDARD || M->reset
            || (M->has_nu && M->var->nu_law != INTEGRAL_LAPLACE))
        return;
    fmpq_init(lo[0]);
    fmpq_init(lo[1]);
    fmpq_init(hi[0]);
    fmpq_init(hi[1]);
    arb_init(kappa);
    arb_init(alpha);
    arb_init(one);
    arb_one(one);
    svt_runs_init(all);
    svt_runs_set(all, base);
    for (i = 0; i < block->len; i++)
    {
        const svt_run_struct * r = block->runs + i;
        svt_runs_push(all, r->q[0], r->q[1], r->T, r->a, r->v, r->count);
    }
    domain_of(&lo_inf[0], lo[0], &hi_inf[0], hi[0], M, all, 0);
    domain_of(&lo_inf[1], lo[1], &hi_inf[1], hi[1], M, all, 1);
    if (lo_inf[0] == lo_inf[1] && hi_inf[0] == hi_inf[1]
            && (lo_inf[0] || fmpq_equal(lo[0], lo[1]))
            && (hi_inf[0] || fmpq_equal(hi[0], hi[1])))
        for (dir = 0; dir < 2 && proof[0] == '\0'; dir++)
        {
            svt_runs_t b2, k2;
            svt_runs_init(b2);
            svt_runs_init(k2);
            /* dir 1: the ratio D'/D, by swapping the sides */
            for (i = 0; i < base->len; i++)
            {
                const svt_run_struct * r = base->runs + i;
                svt_runs_push(b2, r->q[dir], r->q[1 - dir], r->T, r->a, r->v, r->count);
            }
            for (i = 0; i < block->len; i++)
            {
                const svt_run_struct * r = block->runs + i;
                svt_runs_push(k2, r->q[dir], r->q[1 - dir], r->T, r->a, r->v, r->count);
            }
            search_ratio_lower_bound(kappa, M, k2, lo_inf[0], lo[0], hi_inf[0], hi[0], 128);
            if (b2->len > 0)
                search_ratio_lower_bound(alpha, M, b2, lo_inf[0], lo[0], hi_inf[0], hi[0], 128);
            else
                arb_one(alpha);
            if (arb_gt(kappa, one) && arb_is_positive(alpha))
            {
                char * ks = decimal_bound(kappa, 8, 0);
                char * as = decimal_bound(alpha, 8, 0);
                arb_t lk;
                char * ls;
                arb_init(lk);
                arb_log(lk, kappa, 128);
                ls = decimal_bound(lk, 8, 0);
                snprintf(proof, len, "PROOF: for every z in the domain, the factors "
                    "of one block are at least kappa = %s times larger on %s than on "
                    "%s (ln kappa >= %s), and the rest at least alpha = %s times, so "
                    "Pr[A(%s)=a_m]/Pr[A(%s)=a_m] >= alpha kappa^m, unbounded in m",
                    ks, dir ? "D'" : "D", dir ? "D" : "D'", ls, as,
                    dir ? "D'" : "D", dir ? "D" : "D'");
                flint_free(ks);
                flint_free(as);
                flint_free(ls);
                arb_clear(lk);
            }
            svt_runs_clear(b2);
            svt_runs_clear(k2);
        }
    svt_runs_clear(all);
    fmpq_clear(lo[0]);
    fmpq_clear(lo[1]);
    fmpq_clear(hi[0]);
    fmpq_clear(hi[1]);
    arb_clear(kappa);
    arb_clear(alpha);
    arb_clear(one);
}

/* ---- released numbers ------------------------------------------------ */

#define NUM_MAX_BASES 16

/* the scale s of the noise in a released number, as a rational near it
   (a heuristic for where to place numbers: k s/4 steps) */
static void
number_scale(fmpq_t s, const svt_model_t M)
{
    const arb_struct * sc = M->output == SVT_OUT_FRESH ? M->out_scale
        : M->nu_scale;
    double d = arb_is_finite(sc) && arb_is_positive(sc)
        ? arf_get_d(arb_midref(sc), ARF_RND_NEAR) : 1.0;
    slong k = (slong) floor(d * 64 + 0.5);
    fmpq_set_si(s, FLINT_MAX(k, 1), 64);
}

/* The places where the density of a released number changes character,
   near one query with threshold T and answers qd, qd2: the threshold
   itself, the answers (the kinks of the number's own noise density), and
   for a program the edges T + a of its guards, beyond which the number
   cannot be output at all (for the register at 0).  Returns how many. */
static slong
number_bases(fmpq * base, const svt_model_t M, const fmpq_t T,
    const fmpq_t qd, const fmpq_t qd2)
{
    slong n = 0, s, b, a, k;
    const svt_program * P = M->shaped ? NULL : M->prog;
    fmpq_set(base + n++, T);
    fmpq_set(base + n++, qd);
    fmpq_set(base + n++, qd2);
    /* (base has NUM_MAX_BASES entries: the next one is written only while
       there is room) */
    for (s = 0; P != NULL && s < P->nstates && n < NUM_MAX_BASES; s++)
        for (b = 0; b < P->states[s].nbranches && n < NUM_MAX_BASES; b++)
            for (a = 0; a < P->states[s].branches[b].natoms && n < NUM_MAX_BASES; a++)
            {
                const prog_atom * at = P->states[s].branches[b].atoms + a;
                fmpq_add(base + n, T, at->off);
                for (k = 0; k < n && !fmpq_equal(base + k, base + n); k++)
                    ;
                if (k == n)
                    n++;
            }
    return n;
}

/* v = base + w s/4 */
static void
number_at(fmpq_t v, const fmpq_t base, slong w, const fmpq_t s)
{
    fmpq_mul_si(v, s, w);
    fmpq_div_2exp(v, v, 2);
    fmpq_add(v, v, base);
}

/* ---- stage 3: the optimiser ------------------------------------------- */

#define OPT_MAXLEN 6

typedef struct
{
    slong len;
    int a[OPT_MAXLEN], d[OPT_MAXLEN], t[OPT_MAXLEN], w[OPT_MAXLEN];
    int wb[OPT_MAXLEN];     /* a released number: w s/4 from the base wb of
                               number_bases (threshold, answers, edges) */
    int out[OPT_MAXLEN];    /* 0 bot, 1 top; for a program: an index into
                               its outputs (svt_program_alphabet) */
    int sign;               /* monotone: every d has this sign */
}
point;

static int
point_runs(svt_runs_t R, const point * p, const svt_model_t M,
    const fmpq_t delta)
{
    slong i, tops = 0;
    fmpq_t qd, qd2, T, v, h;
    fmpq_init(qd);
    fmpq_init(qd2);
    fmpq_init(T);
    fmpq_init(v);
    fmpq_init(h);
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    slong na = !M->shaped ? svt_program_alphabet(kind, label, M->prog) : 0;
    fmpq * base = _fmpq_vec_init(NUM_MAX_BASES);
    fmpq_t s;
    fmpq_init(s);
    number_scale(s, M);
    for (i = 0; i < p->len; i++)
    {
        svt_answer_kind k = p->out[i] ? (M->output == SVT_OUT_TOP ? SVT_TOP : SVT_NUM)
            : SVT_BOT;
        const char * lab = NULL;
        if (na > 0)
        {
            k = kind[p->out[i] % na];
            lab = label[p->out[i] % na];
            if (k == SVT_TOP && M->output != SVT_OUT_TOP)
                k = SVT_NUM;
        }
        fmpq_mul_si(qd, delta, p->a[i]);
        fmpq_div_2exp(qd, qd, 1);
        fmpq_mul_si(h, delta, p->d[i]);
        fmpq_div_2exp(h, h, 2);
        fmpq_add(qd2, qd, h);
        fmpq_mul_si(T, delta, p->t[i]);
        fmpq_div_2exp(T, T, 1);
        if (k == SVT_NUM)
        {
            slong nb = number_bases(base, M, T, qd, qd2);
            number_at(v, base + p->wb[i] % nb, p->w[i], s);
        }
        if (k == SVT_LABEL)
            svt_runs_push_label(R, qd, qd2, T, lab, 1);
        else
            svt_runs_push(R, qd, qd2, T, k, v, 1);
        if (na > 0)
        {
            /* a program: stop where its run stops */
            if (svt_program_ends(M, R) == 1)
                break;
            continue;
        }
        tops += p->out[i];
        if (M->has_cutoff && tops == M->c)
            break;
    }
    fmpq_clear(qd);
    fmpq_clear(qd2);
    fmpq_clear(T);
    fmpq_clear(v);
    fmpq_clear(h);
    fmpq_clear(s);
    _fmpq_vec_clear(base, NUM_MAX_BASES);
    return 0;
}

static void
point_random(point * p, flint_rand_t st, int monotone, slong nout)
{
    slong i;
    p->len = 2 + n_randint(st, OPT_MAXLEN - 1);
    p->sign = n_randint(st, 2) ? 1 : -1;
    for (i = 0; i < OPT_MAXLEN; i++)
    {
        p->a[i] = (int) n_randint(st, 5) - 2;
        p->d[i] = (int) n_randint(st, 9) - 4;
        if (monotone)
            p->d[i] = p->sign * (int) n_randint(st, 5);
        p->t[i] = (int) n_randint(st, 5) - 2;
        p->w[i] = (int) n_randint(st, 17) - 8;
        p->wb[i] = (int) n_randint(st, NUM_MAX_BASES);
        p->out[i] = n_randint(st, 3) == 0;
        if (nout > 2)
            p->out[i] = (int) n_randint(st, nout);
    }
}

static void
point_move(point * p, flint_rand_t st, int monotone, slong nout)
{
    slong i = n_randint(st, p->len);
    switch (n_randint(st, 5))
    {
        case 0:
            p->d[i] = monotone ? p->sign * (int) n_randint(st, 5)
                : (int) n_randint(st, 9) - 4;
            break;
        case 1: p->a[i] = (int) n_randint(st, 5) - 2; break;
        case 2: p->t[i] = (int) n_randint(st, 5) - 2; break;
        case 3: p->out[i] = nout > 2 ? (int) n_randint(st, nout) : p->out[i] ^ 1;
            break;
        default:
            /* the released number: a step of s/4, or another base */
            if (n_randint(st, 3) == 0)
                p->wb[i] = (int) n_randint(st, NUM_MAX_BASES);
            else
                p->w[i] = FLINT_MAX(-8, FLINT_MIN(8, p->w[i]
                    + (n_randint(st, 2) ? 1 : -1)));
            break;
    }
}

/* ---- the driver ------------------------------------------------------- */

static const char * pattern_names[8] = { "one above", "one below",
    "one above rest below", "one below rest above", "half-half", "all above",
    "all below", "X-shape" };
static const int patterns[8][2][5] = {
    { { 0, 0, 0, 0, 0 }, { 1, 0, 0, 0, 0 } },
    { { 0, 0, 0, 0, 0 }, { -1, 0, 0, 0, 0 } },
    { { 0, 0, 0, 0, 0 }, { 1, -1, -1, -1, -1 } },
    { { 0, 0, 0, 0, 0 }, { -1, 1, 1, 1, 1 } },
    { { 0, 0, 0, 0, 0 }, { 1, 1, -1, -1, -1 } },
    { { 0, 0, 0, 0, 0 }, { 1, 1, 1, 1, 1 } },
    { { 0, 0, 0, 0, 0 }, { -1, -1, -1, -1, -1 } },
    { { 1, 1, 0, 0, 0 }, { 0, 0, 1, 1, 1 } },
};

static int
mine(const search_opts * o, tally * t)
{
    return (t->tasks++ % o->nshards) == o->shard;
}

static void
progress(const search_opts * o, const char * stage, const tally * t,
    const cand * best)
{
    if (!o->base.progress)
        return;
    fprintf(stderr, "\r  %s: %ld ratios, best ln ratio %s          ", stage,
        (long) t->evaluated, !best->have ? "-" : best->r->verdict == VERDICT_INFINITE
        ? "inf" : "");
    if (best->have && best->r->verdict != VERDICT_INFINITE && arb_is_finite(best->r->loss))
    {
        char * s = decimal_bound(best->r->loss, 6, 0);
        fprintf(stderr, "\r  %s: %ld ratios, best ln ratio >= %s          ", stage,
            (long) t->evaluated, s);
        flint_free(s);
    }
}

static void
json_stage(const search_opts * o, const svt_variant_struct * var,
    const svt_model_t M, const char * stage, const tally * t,
    const cand * best, double seconds)
{
    if (o->base.json)
        search_stage_json(o, var, M, stage, t->evaluated, t->exceeds
            + t->infinite, t->inconclusive, best->have ? best->desc : NULL,
            best->have ? best->r : NULL, seconds);
}

/* writes the runs as a custom construction file */
static int
save_pair(const char * path, const svt_variant_struct * var,
    const svt_model_t M, const svt_runs_t R, const char * desc,
    const ratio_result_t r, slong digits)
{
    FILE * f = fopen(path, "w");
    slong k;
    const char * keys[3] = { "qD", "qD2", "T" };
    char * loss;
    if (f == NULL)
        return -1;
    loss = arb_is_finite(r->loss) ? decimal_interval(r->loss, digits)
        : NULL;
    fprintf(f, "# the best pair found by verify search for %s (%s): verdict %s, "
        "ln ratio %s%s\n", var->name, desc, verdict_name(r->verdict),
        loss ? loss : r->verdict == VERDICT_INFINITE ? "inf" : "undetermined",
        verdict_violates(r->verdict, M) ? " (a certified counterexample)"
        : verdict_exceeds_delta_claim(r->verdict, M) ? " (above e^eps, not "
        "a counterexample to a claim with delta > 0)" : " (not a counterexample)");
    flint_free(loss);
    fprintf(f, "# re-check: verify ratio %s custom --file %s --c %ld --eps ",
        report_variant_arg(var), path, (long) M->c);
    {
        char * e = decimal_bound(M->eps, 30, 0);
        fprintf(f, "%s\n", e);
        flint_free(e);
    }
    if (R->stops)
        fprintf(f, "# the run stopped after the last output: one query more "
            "than outputs\n");
    for (k = 0; k < 3; k++)
    {
        char label[8];
        snprintf(label, sizeof(label), "%s =", keys[k]);
        if (R->stops)
        {
            /* one more query, never read: the output vector is shorter */
            svt_runs_t R2;
            fmpq_t zero;
            fmpq_init(zero);
            svt_runs_init(R2);
            svt_runs_set(R2, R);
            svt_runs_push(R2, zero, zero, zero, SVT_BOT, zero, 1);
            witness_print_vector(f, label, R2, (int) k);
            svt_runs_clear(R2);
            fmpq_clear(zero);
        }
        else
            witness_print_vector(f, label, R, (int) k);
    }
    {
        char * os = custom_output_string(R);
        fprintf(f, "output = %s\n", os);
        flint_free(os);
    }
    fclose(f);
    return 0;
}

/* evaluates R at model index ic, counts it, keeps the best */
static void
evaluate(cand * best, tally * t, const svt_model_t M, slong ic,
    const svt_runs_t R, const ratio_opt * ro, const char * desc,
    const construction_info * ci, ulong m)
{
    ratio_result_t r;
    ratio_result_init(r);
    ratio_decide(r, M, R, ro);
    count(t, r);
    consider(best, R, ic, r, desc, ci, m);
    ratio_result_clear(r);
}

/* one numeric tail: m queries with output bot, and one released number v
   on the other side of the pair, the number last (after) or first */
static void
numeric_tail_one(cand * best, tally * t, const svt_model_t M, slong ic,
    const search_opts * o, const fmpq_t T0, ulong m, const fmpq_t v, int dir,
    int first, const char * where)
{
    svt_runs_t R;
    fmpq_t zero;
    char desc[256];
    const fmpq * a, * b;
    fmpq_init(zero);
    a = dir ? o->base.delta : zero;
    b = dir ? zero : o->base.delta;
    svt_runs_init(R);
    if (first)
        svt_runs_push(R, b, a, T0, SVT_NUM, v, 1);
    svt_runs_push(R, a, b, T0, SVT_BOT, zero, m);
    if (!first)
        svt_runs_push(R, b, a, T0, SVT_NUM, v, 1);
    snprintf(desc, sizeof(desc), "numeric tail (%s, the number %s), m = %lu, "
        "c = %ld", where, first ? "first" : "last", m, (long) M->c);
    evaluate(best, t, M, ic, R, &o->base.ro, desc, NULL, m);
    svt_runs_clear(R);
    fmpq_clear(zero);
}

/* Numeric tails: m queries whose outputs are bot, and one released
   number, before or after them.  The number is placed on a grid T + k s/2
   (k = -12..12, s the scale of the noise in the number) and, finer, at
   the places where its density changes character (number_bases: the
   threshold, the answers, the edges of the program's guards) moved by
   k s/8, k = -4..4: the leaks of a released number show there. */
static void
numeric_tails(cand * best, tally * t, const svt_model_t M, slong ic,
    const search_opts * o, const fmpq_t T0, slong limit)
{
    ulong ms[64];
    slong n = sweep_grid(ms, o->base.m_max), i, k, dir, first, nb, j;
    fmpq_t s, half, v;
    fmpq * base = _fmpq_vec_init(NUM_MAX_BASES);
    fmpq_init(s);
    fmpq_init(half);
    fmpq_init(v);
    number_scale(s, M);
    fmpq_div_2exp(half, s, 1);      /* base + k half/4 = base + k s/8 */
    for (i = 0; i < n && go_on(t, limit); i++)
        for (dir = 0; dir < 2 && go_on(t, limit); dir++)
        {
            fmpq_t qd, qd2;
            fmpq_init(qd);
            fmpq_init(qd2);
            if (!dir)
                fmpq_set(qd, o->base.delta);
            else
                fmpq_set(qd2, o->base.delta);
            nb = number_bases(base, M, T0, qd, qd2);
            for (first = 0; first < 2 && go_on(t, limit); first++)
            {
                /* the edges and kinks, finely */
                for (j = 0; j < nb && go_on(t, limit); j++)
                    for (k = -4; k <= 4 && go_on(t, limit); k++)
                    {
                        number_at(v, base + j, k, half);
                        numeric_tail_one(best, t, M, ic, o, T0, ms[i], v, dir,
                            first, j == 0 ? "at the threshold" : j < 3
                            ? "at an answer" : "at a guard's edge");
                    }
                /* the coarse grid around the threshold */
                for (k = -12; k <= 12 && go_on(t, limit); k++)
                {
                    number_at(v, T0, 2 * k, s);
                    numeric_tail_one(best, t, M, ic, o, T0, ms[i], v, dir,
                        first, "on the grid");
                }
            }
            fmpq_clear(qd);
            fmpq_clear(qd2);
        }
    _fmpq_vec_clear(base, NUM_MAX_BASES);
    fmpq_clear(s);
    fmpq_clear(half);
    fmpq_clear(v);
}

/* the certified losses of each program family along m (the growth of
   the best family is read from here) */
#define FAM_PTS 8

typedef struct
{
    char key[256];      /* its description with m left out */
    int n;
    ulong m[FAM_PTS];
    arb_struct loss[FAM_PTS];
}
fam_rec;

typedef struct
{
    fam_rec * r;
    slong n, alloc;
}
fam_table;

static void
fam_key(char * key, size_t len, const char * desc)
{
    const char * p = strstr(desc, "m = ");
    size_t k;
    if (p == NULL)
    {
        snprintf(key, len, "%s", desc);
        return;
    }
    k = (size_t) (p - desc) + 4;
    snprintf(key, len, "%.*s*", (int) k, desc);
    p += 4;
    while (*p >= '0' && *p <= '9')
        p++;
    snprintf(key + strlen(key), len - strlen(key), "%s", p);
}

static fam_rec *
fam_find(fam_table * T, const char * key, int create)
{
    slong i;
    for (i = T->n - 1; i >= 0; i--)
        if (strcmp(T->r[i].key, key) == 0)
            return T->r + i;
    if (!create)
        return NULL;
    if (T->n == T->alloc)
    {
        T->alloc = T->alloc ? 2 * T->alloc : 64;
        T->r = flint_realloc(T->r, sizeof(fam_rec) * T->alloc);
    }
    memset(T->r + T->n, 0, sizeof(fam_rec));
    snprintf(T->r[T->n].key, sizeof(T->r[T->n].key), "%s", key);
    return T->r + T->n++;
}

static void
fam_add(fam_table * T, const char * desc, ulong m, const arb_t loss)
{
    char key[256];
    fam_rec * f;
    int k;
    fam_key(key, sizeof(key), desc);
    f = fam_find(T, key, 1);
    /* one point per m: the larger certified loss (both are lower bounds
       of the largest loss at that m) */
    for (k = 0; k < f->n; k++)
        if (f->m[k] == m)
        {
            if (arf_cmp(arb_midref(loss), arb_midref(f->loss + k)) > 0)
                arb_set(f->loss + k, loss);
            return;
        }
    if (f->n == FAM_PTS)
        return;
    f->m[f->n] = m;
    arb_init(f->loss + f->n);
    arb_set(f->loss + f->n, loss);
    f->n++;
}

static void
fam_clear(fam_table * T)
{
    slong i;
    int k;
    for (i = 0; i < T->n; i++)
        for (k = 0; k < T->r[i].n; k++)
            arb_clear(T->r[i].loss + k);
    flint_free(T->r);
    T->r = NULL;
    T->n = T->alloc = 0;
}

/* stage 1b: the callback of search_program_families */
typedef struct
{
    cand * best;
    tally * t;
    const svt_model_struct * M;
    const search_opts * o;
    slong limit;        /* the stage's work budget */
    slong found;        /* the work when the best became a certified
                           violation (-1: not yet) */
    fam_table * fams;
}
family_ctx;

static double
program_family(void * data, const svt_runs_t R, const char * desc, ulong m)
{
    family_ctx * f = data;
    ratio_result_t r;
    double loss;
    /* after a certified violation, a tenth of the budget more to refine
       it (as the optimiser does) */
    if (f->found < 0 && f->best->have && (f->best->r->verdict
            == VERDICT_EXCEEDS || f->best->r->verdict == VERDICT_INFINITE))
        f->found = f->t->work;
    if (!go_on(f->t, f->found < 0 ? f->limit : FLINT_MIN(f->limit,
            f->found + search_budget(f->o) / 10)))
        return -HUGE_VAL;
    ratio_result_init(r);
    ratio_decide(r, f->M, R, &f->o->base.ro);
    count(f->t, r);
    loss = r->verdict == VERDICT_INFINITE ? HUGE_VAL : arb_is_finite(r->loss)
        ? arf_get_d(arb_midref(r->loss), ARF_RND_NEAR) : -HUGE_VAL;
    if (f->fams != NULL && arb_is_finite(r->loss) && r->verdict != VERDICT_IMPOSSIBLE)
        fam_add(f->fams, desc, m, r->loss);
    consider(f->best, R, 0, r, desc, NULL, m);
    ratio_result_clear(r);
    return loss;
}

/* family: base with run `which` repeated m times (or all runs when
   which < 0) */
static void
family_runs(svt_runs_t F, const svt_runs_t base, slong which, ulong m)
{
    slong i;
    for (i = 0; i < base->len; i++)
    {
        const svt_run_struct * r = base->runs + i;
        ulong cnt = (which < 0 || which == i) ? r->count * m : r->count;
        svt_runs_push(F, r->q[0], r->q[1], r->T, r->a, r->v, cnt);
    }
}

/* the stage of released numbers (numeric_tails) until the work reaches
   limit, with its line ("TAG. NAME (...)") and its JSON object */
static void
stage_numbers(cand * best, tally * t, const svt_model_t M,
    const svt_variant_struct * var, const search_opts * o, const fmpq_t T0,
    slong limit, double t0, const char * tag, const char * name)
{
    slong before = t->evaluated;
    numeric_tails(best, t, M, 0, o, T0, limit);
    json_stage(o, var, M, name, t, best, verify_clock() - t0);
    if (!o->base.json)
        fprintf(o->base.out, "  %s. %s (bot^m and one number, before or after "
            "them, at the threshold, the answers and the guards' edges +- k "
            "s/8, and on a grid T + k s/2, k = -12..12; c = %ld): %ld ratios\n",
            tag, name, (long) M->c, (long) (t->evaluated - before));
}

/* stages 1b (a program's own families) and 1c (numeric tails), at the
   first cutoff of the search */
static void
stages_1b_1c(cand * best, tally * t, const svt_model_t M,
    const svt_variant_struct * var, const search_opts * o, const fmpq_t T0,
    double t0, fam_table * fams, int tails_done)
{
    FILE * out = o->base.out;
    slong before = t->evaluated, limit = search_budget(o);
    if (!M->shaped && mine(o, t))
    {
        family_ctx f = { best, t, M, o, limit, -1, fams };
        search_program_families(M, o->base.delta, program_family, &f);
        json_stage(o, var, M, "program families", t, best, verify_clock() - t0);
        if (!o->base.json && svt_model_max_queries(M) > 0)
            fprintf(out, "  1b. the program's own families (a lead-in to each "
                "state, two cycles at it or one there and one at a state after "
                "it, with shifts in {-Delta, 0, Delta}, an exit; all at m = 1 "
                "and 2, then the best by their growth at m = 4, 6, 8, 12, 16, 24 within "
                "%lu queries; c = %ld): %ld ratios\n",
                svt_model_max_queries(M), (long) M->c,
                (long) (t->evaluated - before));
        else if (!o->base.json)
            fprintf(out, "  1b. the program's own families (a lead-in to each "
                "state, two cycles at it or one there and one at a state after "
                "it, repeated m = 1, 10, 100, 1000 times with shifts in {-Delta, "
                "0, Delta}, an exit; c = %ld): %ld ratios\n", (long) M->c,
                (long) (t->evaluated - before));
    }
    if (M->output != SVT_OUT_TOP && !tails_done && mine(o, t))
        stage_numbers(best, t, M, var, o, T0, limit, t0, "1c", "numeric tails");
}

/* one search: what every stage reads and updates */
typedef struct
{
    const svt_variant_struct * var;
    const search_opts * o;
    svt_model_t models[3];
    slong nc;
    tally t;
    cand best;
    fmpq_t T0;
    double t0;
    slong budget;       /* the work budget of the stages (search_budget) */
    ratio_limits lim;   /* on each ratio: its work, and the time guard */
    flint_rand_t st;
    char proof[1024];
    const char * growth;
    double slope;       /* per repetition of the block */
    ulong block;        /* the queries of one repetition */
    fam_table fams;     /* the program families' losses along m */
    char family_note[512];  /* the best program family's certified
                               losses along m */
}
search_run;

/* the models at the cutoffs searched: 1, 2, 5 when c is free; 2 on
   bad parameters */
static int
search_models(search_run * S)
{
    slong cset[3] = { 1, 2, 5 }, ic;
    char err[512];
    slong n = S->var->has_cutoff && S->var->fixed_c == 0 ? 3 : 1;
    for (ic = 0; ic < n; ic++)
    {
        /* S->nc counts the models to clear */
        svt_model_init(S->models[ic]);
        S->nc++;
        if (svt_model_set(S->models[ic], S->var, S->o->base.eps, cset[ic],
                S->o->base.delta, &S->o->base.ov, err, sizeof(err)) != 0)
        {
            fprintf(stderr, "verify: %s\n", err);
            return 2;
        }
    }
    return 0;
}

/* what is searched, in one line */
static void
search_header(search_run * S)
{
    const svt_model_struct * models[3];
    slong ic;
    if (S->o->base.json)
        return;
    for (ic = 0; ic < S->nc; ic++)
        models[ic] = S->models[ic];
    search_header_text(S->var, models, S->nc, S->o);
}

/* the largest m of a construction: the construction's own limit, and
   m <= 10 when the variant limits the queries (the exact joint integral
   of several registers: its cost grows with every query, and the
   program's own families go further) */
static ulong
search_m_max(const svt_model_t M, const construction_info * ci, ulong m_max)
{
    if (ci->max_m && m_max > ci->max_m)
        m_max = ci->max_m;
    if (svt_model_max_queries(M) > 0 && m_max > 10)
        m_max = 10;
    return m_max;
}

/* the construction families in m and c, every query and the threshold
   moved by shift Delta, m up to m_cap (each ratio is computed in both
   directions) */
static void
constructions_pass(search_run * S, slong shift, ulong m_cap)
{
    slong ic, k, i, n;
    char err[512], desc[256];
    ulong ms[64];
    fmpq_t t;
    fmpq_init(t);
    fmpq_mul_si(t, S->o->base.delta, shift);
    for (ic = 0; ic < S->nc && go_on(&S->t, S->budget); ic++)
        for (k = 0; k < construction_count() && go_on(&S->t, S->budget); k++)
        {
            const construction_info * ci = construction_get(k);
            const char * why;
            if (!mine(S->o, &S->t) || !construction_applicable(ci, S->models[ic], &why))
                continue;
            n = ci->uses_m ? sweep_grid(ms, FLINT_MIN(m_cap, search_m_max(
                S->models[ic], ci, S->o->base.m_max))) : 1;
            for (i = 0; i < n && go_on(&S->t, S->budget); i++)
            {
                svt_runs_t R;
                ulong m = ci->uses_m ? ms[i] : 1;
                svt_runs_init(R);
                if (construction_build(R, ci, m, S->models[ic]->c, S->o->base.delta, S->T0,
                        err, sizeof(err)) == 0)
                {
                    if (shift != 0)
                        svt_runs_shift(R, t);
                    if (shift == 0)
                        snprintf(desc, sizeof(desc), "construction %s, m = %lu, c = %ld",
                            ci->name, m, (long) S->models[ic]->c);
                    else
                        snprintf(desc, sizeof(desc), "construction %s shifted by "
                            "%+ld Delta, m = %lu, c = %ld", ci->name, (long) shift,
                            m, (long) S->models[ic]->c);
                    /* a shifted input is not the construction's own family */
                    evaluate(&S->best, &S->t, S->models[ic], ic, R,
                        &S->o->base.ro, desc, shift == 0 ? ci : NULL, m);
                }
                svt_runs_clear(R);
                progress(S->o, "constructions", &S->t, &S->best);
            }
        }
    fmpq_clear(t);
}

/* stage 1: the construction families; for variants that compare an
   absolute value, also with every query and the threshold moved by t,
   where the comparison can go either way (the queries near +-T) */
static void
stage_constructions(search_run * S)
{
    static const slong shifts[8] = { 20, -20, 10, -10, 5, -5, 2, -2 };
    int shifted = !svt_variant_translation_invariant(S->var), j;
    FILE * out = S->o->base.out;

    constructions_pass(S, 0, S->o->base.m_max);
    for (j = 0; shifted && j < 8 && go_on(&S->t, S->budget); j++)
        constructions_pass(S, shifts[j], 100);
    json_stage(S->o, S->var, S->models[0], "constructions", &S->t, &S->best,
            verify_clock() - S->t0);
    if (!S->o->base.json)
        fprintf(out, "  1. constructions: %ld ratios%s\n", (long) S->t.evaluated,
            shifted ? " (also shifted: every query and the threshold moved "
            "together by t = +-2, 5, 10, 20 Delta, m <= 100, since an absolute "
            "value makes the ratio depend on where the queries lie)" : "");
}

/* stage 0: the witness built from the proof (verify/witness.c): the
   costliest run of its coupling made tight, or the cycle or release
   where it fails, at each cutoff, within a quarter of the budget */
static void
stage_proof(search_run * S)
{
    slong ic, own = 0;
    for (ic = 0; ic < S->nc && go_on(&S->t, S->budget / 4); ic++)
    {
        const svt_model_struct * M = S->models[ic];
        align_result_t A;
        witness_t W;
        align_result_init(A);
        witness_init(W);
        align_prove(A, M);
        if (A->proved)
            witness_from_proof(W, M, A, &S->o->base.ro, A->bound,
                S->budget / 4 - S->t.work);
        else
            witness_growing(W, M, A, &S->o->base.ro, S->budget / 4 - S->t.work);
        /* its ratios rank inputs at a capped precision: their work is
           the search's, their verdicts are not counted; a violation it
           certifies is the search's (counted once), a ratio within the
           claim is no counterexample */
        S->t.work += W->work + W->ratios * SEARCH_RATIO_COST;
        own += W->ratios;
        if (W->have && (W->r->verdict == VERDICT_EXCEEDS
                || W->r->verdict == VERDICT_INFINITE))
        {
            count_n(&S->t, W->r->verdict, 1);
            consider(&S->best, W->R, ic, W->r, W->desc, NULL, W->m);
        }
        witness_clear(W);
        align_result_clear(A);
    }
    json_stage(S->o, S->var, S->models[0], "proof witness", &S->t, &S->best,
        verify_clock() - S->t0);
    if (!S->o->base.json)
        fprintf(S->o->base.out, "  0. the witness the proof builds (its costliest "
            "run made tight, or where it fails; c in {1, 2, 5}): %ld ratios of "
            "its own to rank its inputs (a violation it certifies is counted "
            "below, the others are not)\n", (long) own);
}

/* stage 2: the statistical testers' input patterns */
static void
stage_patterns(search_run * S)
{
    slong ic;
    slong k;
    slong i;
    char err[512];
    char desc[256];
    int swapped;
    FILE * out = S->o->base.out;

    /* 2. the statistical testers' patterns, with the exact privacy loss
       of each pair; swapping D and D' only negates every ln ratio, and
       both directions are computed, so each pattern covers its swap */
    {
        slong before = S->t.evaluated;
        for (ic = 0; ic < S->nc && go_on(&S->t, S->budget); ic++)
            for (k = 0; k < 8 && go_on(&S->t, S->budget); k++)
                for (swapped = 0; swapped < 2; swapped++)
                {
                    svt_runs_t R;
                    maxout_struct mo;
                    fmpq_t a, b;
                    if (!mine(S->o, &S->t))
                        continue;
                    if (swapped)
                        continue;   /* covered: |ln ratio| is symmetric */
                    svt_runs_init(R);
                    fmpq_init(a);
                    fmpq_init(b);
                    for (i = 0; i < 5; i++)
                    {
                        fmpq_mul_si(a, S->o->base.delta, patterns[k][0][i]);
                        fmpq_mul_si(b, S->o->base.delta, patterns[k][1][i]);
                        svt_runs_push(R, a, b, S->T0, SVT_BOT, S->T0, 1);
                    }
                    if (!(S->var->monotone_only && !svt_runs_monotone(R)))
                    {
                        maxout_init(&mo);
                        int ok = maxout_run(&mo, S->models[ic], R, &S->o->base.ro,
                            err, sizeof(err)) == 0;
                        S->t.work += mo.work;
                        if (mo.timed_out)
                            S->t.stopped = 1;
                        if (ok && mo.best->verdict != VERDICT_IMPOSSIBLE)
                        {
                            count_all(&S->t, mo.agg);
                            snprintf(desc, sizeof(desc), "pattern '%s' (max over %ld "
                                "outputs), c = %ld", pattern_names[k], (long) mo.outputs,
                                (long) S->models[ic]->c);
                            consider(&S->best, mo.best_runs, ic, mo.best, desc, NULL, 0);
                        }
                        maxout_clear(&mo);
                    }
                    svt_runs_clear(R);
                    fmpq_clear(a);
                    fmpq_clear(b);
                    progress(S->o, "patterns", &S->t, &S->best);
                }
        json_stage(S->o, S->var, S->models[0], "patterns", &S->t, &S->best,
            verify_clock() - S->t0);
        if (!S->o->base.json)
            fprintf(out, "  2. patterns (one above, one below, one above rest below, "
                "one below rest above, half-half, all above, all below, X-shape; "
                "both directions): %ld ratios\n", (long) (S->t.evaluated - before));
    }
}

/* stage 3: the seeded optimiser */
static void
stage_optimiser(search_run * S)
{
    slong ic;
    slong k;
    char desc[256];
    FILE * out = S->o->base.out;

    /* 3. the optimiser: random restarts and local moves, seeded; when a
       violation is already certified it only refines for a few seconds */
    {
        slong before = S->t.evaluated, restarts = 0, nout = 2;
        slong stop = S->budget;
        if (!S->models[0]->shaped)
        {
            svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
            const char * label[SVT_PROGRAM_MAX_ALPHABET];
            nout = svt_program_alphabet(kind, label, S->models[0]->prog);
        }
        if (S->best.have && (S->best.r->verdict == VERDICT_EXCEEDS
                || S->best.r->verdict == VERDICT_INFINITE))
            stop = FLINT_MIN(S->budget, S->t.work + S->budget / 10);
        for (k = 0; go_on(&S->t, stop); k++)
        {
            point p, q;
            svt_runs_t R;
            double sc;
            slong step;
            ic = k % S->nc;
            if (!mine(S->o, &S->t))
                continue;
            restarts++;
            flint_randseed(S->st, S->o->seed * 1000003 + k, 12345 + k);
            point_random(&p, S->st, S->var->monotone_only, nout);
            svt_runs_init(R);
            point_runs(R, &p, S->models[ic], S->o->base.delta);
            {
                ratio_result_t r;
                ratio_result_init(r);
                ratio_decide(r, S->models[ic], R, &S->o->base.ro);
                count(&S->t, r);
                sc = ratio_score(r);
                snprintf(desc, sizeof(desc), "optimiser, restart %ld, c = %ld",
                    (long) k, (long) S->models[ic]->c);
                consider(&S->best, R, ic, r, desc, NULL, 0);
                ratio_result_clear(r);
            }
            for (step = 0; step < 40 && go_on(&S->t, stop); step++)
            {
                ratio_result_t r;
                double sc2;
                q = p;
                point_move(&q, S->st, S->var->monotone_only, nout);
                svt_runs_clear(R);
                svt_runs_init(R);
                point_runs(R, &q, S->models[ic], S->o->base.delta);
                ratio_result_init(r);
                ratio_decide(r, S->models[ic], R, &S->o->base.ro);
                count(&S->t, r);
                sc2 = ratio_score(r);
                if (sc2 >= sc)
                {
                    p = q;
                    sc = sc2;
                    consider(&S->best, R, ic, r, desc, NULL, 0);
                }
                ratio_result_clear(r);
            }
            svt_runs_clear(R);
            progress(S->o, "optimiser", &S->t, &S->best);
        }
        json_stage(S->o, S->var, S->models[0], "optimiser", &S->t, &S->best,
            verify_clock() - S->t0);
        if (!S->o->base.json)
            fprintf(out, "  3. optimiser: %ld restarts, %ld ratios (q(D') - q(D) in "
                "[-Delta, Delta] by Delta/4, q(D), T by Delta/2, outputs, "
                "released numbers at the threshold, the answers or a guard's "
                "edge +- k s/4)\n",
                (long) restarts, (long) (S->t.evaluated - before));
    }
}

/* the words when certified increments do not show growth: what was
   computed is printed beside them, and nothing more is said */
#define GROWTH_UNDECIDED "growth not decided"

/* "m = 10: L10, m = 100: L100, m = 1000: L1000" (certified balls) */
static void
family_note3(char * note, size_t len, const arb_t L10, const arb_t L100,
    const arb_t L1000)
{
    const arb_struct * L[3] = { L10, L100, L1000 };
    static const ulong ms[3] = { 10, 100, 1000 };
    int i;
    note[0] = '\0';
    for (i = 0; i < 3; i++)
    {
        char * ls = arb_is_finite(L[i]) ? decimal_interval(L[i], 8) : NULL;
        snprintf(note + strlen(note), len - strlen(note), "%sm = %lu: %s",
            i ? ", " : "", ms[i], ls ? ls : "-");
        flint_free(ls);
    }
}

/* the last three finite points of a sweep, as in family_note3 */
static void
sweep_note(char * note, size_t len, const sweep_result_t s)
{
    slong i, k = 0, idx[3];
    note[0] = '\0';
    for (i = s->len - 1; i >= 0 && k < 3; i--)
        if (arb_is_finite(s->pts[i].loss))
            idx[k++] = i;
    while (k > 0)
    {
        char * ls = decimal_interval(s->pts[idx[--k]].loss, 8);
        snprintf(note + strlen(note), len - strlen(note), "%sm = %lu: %s",
            note[0] ? ", " : "", s->pts[idx[k]].m, ls);
        flint_free(ls);
    }
}

/* When the best input is a program family (stage 1b), its certified
   losses along m: "growing" only when three of them certify increments
   that do not shrink (growth_certified), else "growth not decided" with
   the losses printed; returns 1 when the family had two points or more. */
static int
program_family_growth(search_run * S)
{
    char key[256];
    fam_rec * f;
    int i, j;
    slong ia, ib, ic;
    if (S->best.ci != NULL || strncmp(S->best.desc, "program family", 14) != 0)
        return 0;
    fam_key(key, sizeof(key), S->best.desc);
    f = fam_find(&S->fams, key, 0);
    if (f == NULL || f->n < 2)
        return 0;
    /* sort by m (a handful of points) */
    for (i = 1; i < f->n; i++)
        for (j = i; j > 0 && f->m[j - 1] > f->m[j]; j--)
        {
            ulong tm = f->m[j];
            arb_struct tl = f->loss[j];
            f->m[j] = f->m[j - 1];
            f->loss[j] = f->loss[j - 1];
            f->m[j - 1] = tm;
            f->loss[j - 1] = tl;
        }
    S->family_note[0] = '\0';
    for (i = 0; i < f->n; i++)
    {
        char * ls = decimal_interval(f->loss + i, 8);
        snprintf(S->family_note + strlen(S->family_note), sizeof(S->family_note)
            - strlen(S->family_note), "%sm = %lu: %s", i ? ", " : "", f->m[i], ls);
        flint_free(ls);
    }
    S->growth = growth_certified_pts(f->m, f->loss, f->n, &ia, &ib, &ic)
        ? "growing" : GROWTH_UNDECIDED;
    /* queries per unit of m: those of the best input over its m */
    S->block = S->best.m > 0 ? svt_runs_length(S->best.R) / S->best.m : 1;
    if (S->block == 0)
        S->block = 1;
    S->slope = (arf_get_d(arb_midref(f->loss + f->n - 1), ARF_RND_NEAR)
        - arf_get_d(arb_midref(f->loss), ARF_RND_NEAR))
        / (double) (f->m[f->n - 1] - f->m[0]);
    return 1;
}

/* stage 4: a family in m for the best input, its growth and proof */
static void
stage_family(search_run * S)
{
    slong i;
    char err[512];

    /* 4. a family in m for the best input (not measured within a limit
       on the queries; not at all when a proof bounds the loss) */
    if (S->o->bounded)
        return;
    if (S->best.have && S->best.r->verdict != VERDICT_IMPOSSIBLE
            && program_family_growth(S))
        ;   /* its own losses along m decide */
    else if (S->best.have && S->best.r->verdict != VERDICT_IMPOSSIBLE
            && svt_model_max_queries(S->models[S->best.ci_index]) > 0)
        S->growth = "not measured (the searches of automata with several "
            "registers stop at 48 queries)";
    else if (S->best.have && S->best.r->verdict != VERDICT_IMPOSSIBLE)
    {
        const svt_model_struct * M = S->models[S->best.ci_index];
        svt_runs_t base, block;
        svt_runs_init(base);
        svt_runs_init(block);
        if (S->best.ci != NULL && S->best.ci->uses_m)
        {
            sweep_result_t s;
            svt_runs_t R1, R2;
            sweep_result_init(s);
            sweep_run(s, M, S->best.ci, FLINT_MAX(S->o->base.m_max, 1000), S->o->base.delta, S->T0, &S->o->base.ro,
                0, NULL, NULL, err, sizeof(err));
            S->growth = s->growth == GROWTH_NOT_SHOWN ? GROWTH_UNDECIDED
                : growth_name(s->growth);
            sweep_note(S->family_note, sizeof(S->family_note), s);
            S->slope = s->slope;
            S->block = s->block;
            /* block: what one more m adds */
            svt_runs_init(R1);
            svt_runs_init(R2);
            construction_build(R1, S->best.ci, 1, M->c, S->o->base.delta, S->T0, err, sizeof(err));
            construction_build(R2, S->best.ci, 2, M->c, S->o->base.delta, S->T0, err, sizeof(err));
            if (R1->len == R2->len)
            {
                for (i = 0; i < R1->len; i++)
                {
                    const svt_run_struct * r = R1->runs + i;
                    ulong unit = R2->runs[i].count - r->count;
                    if (unit > 0)
                        svt_runs_push(block, r->q[0], r->q[1], r->T, r->a, r->v, unit);
                    if (r->count > unit)
                        svt_runs_push(base, r->q[0], r->q[1], r->T, r->a, r->v,
                            r->count - unit);
                }
                search_kappa_proof(S->proof, sizeof(S->proof), M, base, block);
            }
            svt_runs_clear(R1);
            svt_runs_clear(R2);
            sweep_result_clear(s);
        }
        else
        {
            /* replicate one run (or all) of the best input m times */
            slong w, bestw = -2;
            double bests = -HUGE_VAL;
            arb_t L10, L100, L1000;
            arb_init(L10);
            arb_init(L100);
            arb_init(L1000);
            for (w = -1; w < S->best.R->len && w < 64 && (w < 0 || go_on(&S->t, S->budget)); w++)
            {
                svt_runs_t F;
                ratio_result_t r;
                double sc;
                svt_runs_init(F);
                family_runs(F, S->best.R, w, 1000);
                ratio_result_init(r);
                ratio_decide(r, M, F, &S->o->base.ro);
                count(&S->t, r);
                sc = ratio_score(r);
                if (sc > bests)
                {
                    bests = sc;
                    bestw = w;
                    arb_set(L1000, r->loss);
                }
                ratio_result_clear(r);
                svt_runs_clear(F);
            }
            if (bestw > -2 && bests > -HUGE_VAL)
            {
                svt_runs_t F;
                ratio_result_t r;
                svt_runs_init(F);
                family_runs(F, S->best.R, bestw, 100);
                ratio_result_init(r);
                ratio_decide(r, M, F, &S->o->base.ro);
                arb_set(L100, r->loss);
                svt_runs_clear(F);
                svt_runs_init(F);
                family_runs(F, S->best.R, bestw, 10);
                ratio_decide(r, M, F, &S->o->base.ro);
                arb_set(L10, r->loss);
                if (bests == HUGE_VAL)
                    S->growth = "infinite";
                else if (arb_is_finite(L100) && arb_is_finite(L1000))
                {
                    /* growth needs certified increments that do not
                       shrink (growth_certified); linear, a loss that
                       also grows fivefold over the last decade */
                    arb_t five;
                    int grows = growth_certified(10, L10, 100, L100, 1000, L1000);
                    arb_init(five);
                    arb_mul_ui(five, L100, 5, 64);
                    S->growth = grows && arb_gt(L1000, five) && arb_is_positive(L1000)
                        ? "growing" : grows ? "growing-slowly" : GROWTH_UNDECIDED;
                    family_note3(S->family_note, sizeof(S->family_note), L10,
                        L100, L1000);
                    S->slope = (arf_get_d(arb_midref(L1000), ARF_RND_NEAR)
                        - arf_get_d(arb_midref(L100), ARF_RND_NEAR)) / 900.0;
                    S->block = bestw < 0 ? svt_runs_length(S->best.R)
                        : S->best.R->runs[bestw].count;
                    arb_clear(five);
                }
                ratio_result_clear(r);
                svt_runs_clear(F);
                for (i = 0; i < S->best.R->len; i++)
                {
                    const svt_run_struct * r = S->best.R->runs + i;
                    if (bestw < 0 || bestw == i)
                        svt_runs_push(block, r->q[0], r->q[1], r->T, r->a, r->v, r->count);
                    else
                        svt_runs_push(base, r->q[0], r->q[1], r->T, r->a, r->v, r->count);
                }
                search_kappa_proof(S->proof, sizeof(S->proof), M, base, block);
            }
            arb_clear(L10);
            arb_clear(L100);
            arb_clear(L1000);
        }
        svt_runs_clear(base);
        svt_runs_clear(block);
    }
    /* the kappa^m proof: ln ratio >= ln alpha + m ln kappa, growth proved */
    if (S->proof[0] && strcmp(S->growth, GROWTH_UNDECIDED) == 0)
        S->growth = "growing";
}

/* the result (text or JSON), the saved pair; returns the exit code */
static int
search_report(search_run * S)
{
    int violation, above_delta;
    int rc;
    FILE * out = S->o->base.out;
    svt_runs_t W;
    ratio_result_t wr;
    char * cmd = NULL;

    /* the time guard decides nothing: a search it stopped is undecided,
       whatever it had found (another machine would have gone further) */
    violation = !S->t.stopped && S->best.have
        && verdict_violates(S->best.r->verdict, S->models[S->best.ci_index]);
    above_delta = S->best.have && verdict_exceeds_delta_claim(S->best.r->verdict,
        S->models[S->best.ci_index]);
    rc = S->t.stopped || above_delta ? 3 : violation ? 1
        : S->t.inconclusive > 0 ? 3 : 0;
    svt_runs_init(W);
    ratio_result_init(wr);
    if (violation)
    {
        /* the smallest form of the violation, shown and saved */
        witness_smallest(W, wr, &cmd, S->models[S->best.ci_index], S->best.R,
            &S->o->base.ro, S->o->base.eps, S->o->base.delta, &S->o->base.ov);
    }

    {
        search_outcome so;
        so.var = S->var;
        so.M = S->best.have ? S->models[S->best.ci_index] : S->models[0];
        so.has_claim = S->models[0]->has_claim;
        so.out = out;
        so.out_digits = S->o->base.out_digits;
        so.have_best = S->best.have;
        so.best_desc = S->best.desc;
        so.best_R = S->best.R;
        so.best_r = S->best.r;
        so.violation = violation;
        so.above_delta = above_delta;
        so.stopped = S->t.stopped;
        so.evaluated = S->t.evaluated;
        so.within = S->t.within;
        so.exceeds = S->t.exceeds;
        so.infinite = S->t.infinite;
        so.impossible = S->t.impossible;
        so.inconclusive = S->t.inconclusive;
        so.timed_out = S->t.timed_out;
        so.work = S->t.work;
        so.work_budget = S->o->work;
        so.seconds_limit = S->o->seconds;
        so.seconds_used = verify_clock() - S->t0;
        so.shard = S->o->shard;
        so.nshards = S->o->nshards;
        so.growth = S->growth;
        so.slope = S->slope;
        so.block = S->block;
        so.proof = S->proof;
        so.family_note = S->family_note;
        so.witness = violation ? W : NULL;
        so.witness_r = wr;
        so.recheck = cmd;
        so.save_path = S->o->save_path;
        if (S->o->base.json)
            search_outcome_json(&so);
        else
            search_outcome_text(&so);
    }
    if (S->best.have && S->o->save_path != NULL)
    {
        if (save_pair(S->o->save_path, S->var, S->models[S->best.ci_index],
                violation ? W : S->best.R, violation ? "the smallest witness of "
                "the violation found" : S->best.desc, violation ? wr : S->best.r,
                S->o->base.out_digits) != 0)
            fprintf(stderr, "verify: --save: cannot write '%s'\n", S->o->save_path);
        else if (!S->o->base.json)
            fprintf(out, "  written to %s (re-check with the command in its first lines)\n",
                S->o->save_path);
    }
    flint_free(cmd);
    svt_runs_clear(W);
    ratio_result_clear(wr);
    return rc;
}

static void
search_run_init(search_run * S, const svt_variant_struct * var,
    const search_opts * o)
{
    memset(S, 0, sizeof(*S));
    S->var = var;
    S->o = o;
    S->t0 = verify_clock();
    S->budget = search_budget(o);
    S->t.deadline = S->t0 + o->seconds;
    /* each ratio: a work budget of its own, and the time guard with a
       grace, past which it stops (the search is then stopped) */
    S->lim.max_work = SEARCH_RATIO_MAX_WORK;
    S->lim.deadline = S->t.deadline + SEARCH_GRACE(o->seconds);
    S->growth = "none";
    S->block = 1;
    svt_runs_init(S->best.R);
    ratio_result_init(S->best.r);
    fmpq_init(S->T0);
    flint_randinit(S->st);
}

/* clears the search and the models it set (S->nc of them) */
static void
search_run_clear(search_run * S)
{
    slong ic;
    for (ic = 0; ic < S->nc; ic++)
        svt_model_clear(S->models[ic]);
    fam_clear(&S->fams);
    ratio_result_clear(S->best.r);
    svt_runs_clear(S->best.R);
    fmpq_clear(S->T0);
    flint_randclear(S->st);
}

int
verify_search(const svt_variant_struct * var, const search_opts * o_in)
{
    search_run run, * S = &run;
    search_opts oc = *o_in, * o = &oc;  /* shallow: never cleared here */
    int rc;

    search_run_init(S, var, o);
    oc.base.ro.limits = &S->lim;

    rc = search_models(S);
    if (rc == 0)
    {
        int tails_done = 0;
        search_header(S);
        stage_proof(S);
        if (S->models[0]->output != SVT_OUT_TOP && mine(o, &S->t))
        {
            /* a variant that releases numbers: its numbers first, with a
               third of the time (the leaks of a released number show at
               chosen values, which the constructions do not choose) */
            stage_numbers(&S->best, &S->t, S->models[0], var, o, S->T0,
                S->budget / 3, S->t0, "0", "released numbers");
            tails_done = 1;
        }
        stage_constructions(S);
        stages_1b_1c(&S->best, &S->t, S->models[0], var, o, S->T0, S->t0,
            &S->fams, tails_done);
        stage_patterns(S);
        stage_optimiser(S);
        if (o->base.progress)
            fprintf(stderr, "\r%78s\r", "");
        stage_family(S);
        rc = search_report(S);
    }
    search_run_clear(S);
    return rc;
}

void
search_best_init(search_best_t b)
{
    b->have = 0;
    svt_runs_init(b->R);
    ratio_result_init(b->r);
    b->desc[0] = b->proof[0] = b->family_note[0] = '\0';
    b->growth = "none";
    b->slope = 0;
    b->block = 1;
    b->evaluated = b->inconclusive = 0;
    b->work = 0;
    b->stopped = 0;
}

void
search_best_clear(search_best_t b)
{
    svt_runs_clear(b->R);
    ratio_result_clear(b->r);
}

static void
copy_str(char * dst, size_t n, const char * src)
{
    size_t k = strlen(src);
    if (k >= n)
        k = n - 1;
    memcpy(dst, src, k);
    dst[k] = '\0';
}

/* the lower bound's search within the caller's pool (prove: the
   witness spent its part first): every ratio is charged to it, and the
   stages share what is left of it */
static void
search_share_pool(search_run * S, const ratio_limits * outer)
{
    S->lim.pool = outer->pool;
    S->lim.pool_limit = outer->pool_limit;
    S->lim.pool_cost = outer->pool_cost;
    S->budget = outer->pool_limit;
    S->t.work = *outer->pool;
}

int
search_lower_bound(search_best_t res, const svt_variant_struct * var,
    const search_opts * o, slong c)
{
    search_run run, * S = &run;
    search_opts q = *o;
    char * buf = NULL, err[512];
    size_t len = 0;
    int rc = 0;

    q.base.json = 0;
    q.base.progress = 0;
    q.shard = 0;
    q.nshards = 1;
    q.save_path = NULL;
    q.base.out = open_memstream(&buf, &len);
    if (q.base.out == NULL)
        return 2;
    search_run_init(S, var, &q);
    q.base.ro.limits = &S->lim;
    if (o->base.ro.limits != NULL && o->base.ro.limits->pool != NULL)
        search_share_pool(S, o->base.ro.limits);
    svt_model_init(S->models[0]);
    S->nc = 1;
    if (svt_model_set(S->models[0], var, q.base.eps, c, q.base.delta,
            &q.base.ov, err, sizeof(err)) != 0)
        rc = 2;
    else
    {
        stage_constructions(S);
        stages_1b_1c(&S->best, &S->t, S->models[0], var, &q, S->T0, S->t0,
            &S->fams, 0);
        stage_patterns(S);
        stage_family(S);
        res->have = S->best.have;
        if (S->best.have)
        {
            svt_runs_set(res->R, S->best.R);
            ratio_result_swap(res->r, S->best.r);
            copy_str(res->desc, sizeof(res->desc), S->best.desc);
        }
        res->growth = S->growth;
        res->slope = S->slope;
        res->block = S->block;
        copy_str(res->proof, sizeof(res->proof), S->proof);
        copy_str(res->family_note, sizeof(res->family_note), S->family_note);
        res->evaluated = S->t.evaluated;
        res->inconclusive = S->t.inconclusive;
        res->work = S->lim.pool != NULL ? *S->lim.pool : S->t.work;
        res->stopped = S->t.stopped;
    }
    search_run_clear(S);
    fclose(q.base.out);
    free(buf);
    return rc;
}
