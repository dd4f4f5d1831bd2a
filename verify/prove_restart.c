/* prove_restart.c -- the loss has no bound: programs whose run restarts
   (prove_unbounded.h). */

#include <string.h>
#include "prove_unbounded.h"
#include "search.h"

#define RESTART_MAX_BLOCK 4     /* steps of a block (the restart included) */
#define RESTART_MAX_BLOCKS 16   /* blocks tried per restart */
#define RESTART_MAX_RATIOS 60   /* ratios of the restart proof (2 a shift) */
#define RESTART_MAX_QUERIES 200000  /* the family passing a claim */
#define RESTART_FAMILY_M 100    /* the family's m shown as L */

typedef unb_path block_struct;

void
restart_result_init(restart_result_t W)
{
    W->found = 0;
    W->ratios = 0;
    W->exit.len = 0;
    W->proof[0] = W->desc[0] = '\0';
    W->has_base = 0;
    arb_init(W->k);
    arb_init(W->base);
    ratio_result_init(W->r);
    svt_runs_init(W->R);
}

void
restart_result_clear(restart_result_t W)
{
    arb_clear(W->k);
    arb_clear(W->base);
    ratio_result_clear(W->r);
    svt_runs_clear(W->R);
}

/* can an observer tell every branch of every state from its output?
   Two branches of one state with the same output must have the same
   effect (prog_branches_same_effect); two that release numbers cannot
   be told apart at all */
int
unb_outputs_fix_path(const svt_program * P)
{
    int s, i, j;
    for (s = 0; s < P->nstates; s++)
    {
        const prog_state * S = P->states + s;
        for (i = 0; i < S->nbranches; i++)
            for (j = i + 1; j < S->nbranches; j++)
            {
                const prog_branch * A = S->branches + i, * B = S->branches + j;
                int anum = A->out >= PROG_OUT_NOISY, bnum = B->out >= PROG_OUT_NOISY;
                if (anum || bnum)
                {
                    if (anum && bnum)
                        return 0;
                    continue;
                }
                if (A->out != B->out || (A->out == PROG_OUT_LABEL
                        && strcmp(A->out_label, B->out_label) != 0))
                    continue;
                if (!prog_branches_same_effect(A, B))
                    return 0;
            }
    }
    return 1;
}

/* Is branch b of state s a restart?  1 when nothing read after it
   depends on what came before: DiPA's x := insample as the state's only
   statement (no guard reads the old value; the cut is before the step,
   *before = 1), or a branch that redraws the one register from its noise
   (the cut is after it, *before = 0).  The program has one register and
   no counter (restart_applies). */
static int
restart_branch(const svt_program * P, int s, int b, int * before)
{
    const prog_branch * B = P->states[s].branches + b;
    if (B->stop || B->ending)
        return 0;
    if (P->dipa && B->reset == PROG_RESET_ANSWER && b == 0 && B->natoms == 0)
    {
        *before = 1;
        return 1;
    }
    if (!P->dipa && B->reset == PROG_RESET_FRESH)
    {
        *before = 0;
        return 1;
    }
    return 0;
}

/* the blocks that start with branch b of s and come back to s: b, then
   a simple path of branches that do not stop (at most
   RESTART_MAX_BLOCK steps in all), depth first */
static void
blocks_dfs(block_struct * out, int * n, block_struct * cur,
    const svt_program * P, int s, int at)
{
    int b, i;
    if (*n >= RESTART_MAX_BLOCKS)
        return;
    if (at == s)
    {
        out[(*n)++] = *cur;
        return;
    }
    if (cur->len >= RESTART_MAX_BLOCK)
        return;
    for (i = 0; i < cur->len; i++)
        if (cur->state[i] == at)
            return;     /* simple paths only */
    for (b = 0; b < P->states[at].nbranches; b++)
    {
        const prog_branch * B = P->states[at].branches + b;
        if (B->stop || B->ending)
            continue;
        cur->state[cur->len] = at;
        cur->branch[cur->len] = b;
        cur->len++;
        blocks_dfs(out, n, cur, P, s, B->next);
        cur->len--;
    }
}

static int
blocks_at(block_struct * out, const svt_program * P, int s, int b)
{
    block_struct cur;
    int n = 0;
    cur.len = 1;
    cur.state[0] = s;
    cur.branch[0] = b;
    blocks_dfs(out, &n, &cur, P, s, P->states[s].branches[b].next);
    return n;
}

int
unb_path_to(unb_path * p, const svt_program * P, int from, int s, int keep)
{
    int prev_s[PROG_SMALL_STATES], prev_b[PROG_SMALL_STATES], seen[PROG_SMALL_STATES];
    int queue[PROG_SMALL_STATES], head = 0, tail = 0, b, t, len = 0;
    int path_s[PROG_SMALL_STATES], path_b[PROG_SMALL_STATES];
    memset(seen, 0, sizeof(seen));
    seen[from] = 1;
    queue[tail++] = from;
    while (head < tail)
    {
        int u = queue[head++];
        for (b = 0; b < P->states[u].nbranches; b++)
        {
            const prog_branch * B = P->states[u].branches + b;
            if (B->stop || B->ending || seen[B->next] || (keep
                    && (!prog_regs_empty(&B->assign) || B->reset != PROG_RESET_NONE)))
                continue;
            seen[B->next] = 1;
            prev_s[B->next] = u;
            prev_b[B->next] = b;
            queue[tail++] = B->next;
        }
    }
    if (!seen[s])
        return -1;
    for (t = s; t != from; t = prev_s[t])
    {
        path_s[len] = prev_s[t];
        path_b[len] = prev_b[t];
        len++;
    }
    p->len = len;
    for (t = 0; t < len; t++)
    {
        p->state[t] = path_s[len - 1 - t];
        p->branch[t] = path_b[len - 1 - t];
    }
    return 0;
}

void
unb_push_path(svt_runs_t R, const svt_program * P, const unb_path * p,
    int shift, int shifted, const fmpq_t delta, ulong m)
{
    fmpq_t zero, d[UNB_MAX_PATH];
    int i, sh = shift;
    ulong j;
    fmpq_init(zero);
    for (i = 0; i < p->len; i++)
    {
        fmpq_init(d[i]);
        if (shifted && !P->states[p->state[i]].noninput)
            fmpq_mul_si(d[i], delta, sh % 3 - 1);
        sh /= 3;
    }
    for (j = 0; j < m; j++)
        for (i = 0; i < p->len; i++)
            search_push_step(R, P, p->state[i], p->branch[i], zero, d[i], 1);
    for (i = 0; i < p->len; i++)
        fmpq_clear(d[i]);
    fmpq_clear(zero);
}

void
unb_family_runs(svt_runs_t R, const svt_program * P, const unb_path * lead,
    const unb_path * A, const unb_path * mid, const unb_path * B,
    const unb_path * exit, int shift, const fmpq_t delta, ulong m)
{
    int na = unb_pow3(A->len);
    unb_push_path(R, P, lead, 0, 0, delta, 1);
    unb_push_path(R, P, A, shift % na, 1, delta, m);
    if (B != NULL)
    {
        unb_push_path(R, P, mid, 0, 0, delta, 1);
        unb_push_path(R, P, B, shift / na, 1, delta, m);
    }
    if (exit != NULL && exit->len > 0)
        unb_push_path(R, P, exit, 0, 0, delta, 1);
}

void
unb_own_limits(ratio_opt * own, ratio_limits * lim, const ratio_opt * ro,
    slong * pool, slong max_work, slong pool_limit)
{
    lim->max_work = max_work;
    lim->deadline = ro->limits != NULL ? ro->limits->deadline : 0;
    lim->pool = pool;
    lim->pool_limit = pool_limit;
    lim->pool_cost = 0;
    *own = *ro;
    own->limits = lim;
}

void
unb_keep_family(restart_result_t W, const unb_path * lead, const unb_path * A,
    const unb_path * mid, const unb_path * B, int shift, ulong m, int dir)
{
    W->lead = *lead;
    W->a = *A;
    W->mid.len = 0;
    W->has_b = B != NULL;
    if (B != NULL)
    {
        W->mid = *mid;
        W->b = *B;
    }
    W->exit.len = 0;
    W->shift = shift;
    W->m_shown = m;
    W->dir = dir;
}

int
restart_line_past(fmpz_t N, arb_t line, const restart_result_t W,
    const arb_t claimed)
{
    const arb_struct * r = W->r->lr[W->dir];
    /* the line is start + n k at m = m0 + n, or (a line from a base,
       where the ratio computed is not above the claim) base + m k */
    int base = W->has_base && arb_is_finite(r) && !arb_gt(r, claimed);
    const arb_struct * start = base ? W->base : r;
    arb_t t;
    arf_t hi;
    int ok;
    if (!W->found || !arb_is_positive(W->k) || !arb_is_finite(r)
            || !arb_is_finite(start) || !arb_is_finite(claimed))
        return 0;
    arb_init(t);
    arf_init(hi);
    /* n > (claimed - start) / k, the quotient's upper end rounded up */
    arb_sub(t, claimed, start, 128);
    arb_div(t, t, W->k, 128);
    arb_get_ubound_arf(hi, t, 128);
    /* a negative quotient: the line is above the claim from the start */
    ok = arf_sgn(hi) < 0 || arf_cmpabs_2exp_si(hi, 62) < 0;
    if (ok)
    {
        if (arf_sgn(hi) < 0)
            fmpz_zero(N);
        else
        {
            arf_get_fmpz(N, hi, ARF_RND_FLOOR);
            fmpz_add_ui(N, N, 1);
        }
        if (base && fmpz_cmp_ui(N, W->m_shown) < 0)
            fmpz_set_ui(N, W->m_shown);
        /* the line at N, checked: the decision rests on it */
        arb_mul_fmpz(t, W->k, N, 128);
        arb_add(line, start, t, 128);
        if (!base)
            fmpz_add_ui(N, N, W->m_shown);
        ok = arb_gt(line, claimed);
    }
    arb_clear(t);
    arf_clear(hi);
    return ok;
}

int
restart_family_above(restart_result_t W, const svt_model_t M,
    const fmpq_t delta, const arb_t claimed, const ratio_opt * ro)
{
    double L = arf_get_d(arb_midref(W->r->lr[W->dir]), ARF_RND_DOWN);
    double k = arf_get_d(arb_midref(W->k), ARF_RND_DOWN)
        - mag_get_d(arb_radref(W->k));
    double need = arf_get_d(arb_midref(claimed), ARF_RND_UP) + 1;
    int tries;
    /* a line from a base (Lowered) starts far below the ratios computed:
       the m it passes the claim at is past what the engine takes */
    if (!W->found || W->has_base || !(k > 0)
            || !arb_is_finite(W->r->lr[W->dir]))
        return 0;
    for (tries = 0; tries < 3; tries++)
    {
        /* the m the proof's line passes the claim at (doubles choose m
           only: the ratio at m decides), then twice that */
        double md = W->m_shown + (need - L) / k + 1;
        ulong m;
        if (!(md < 1e9))
            return 0;
        m = md < (double) W->m_shown ? W->m_shown : (ulong) md << tries;
        ulong len = m * (W->a.len + (W->has_b ? W->b.len : 0)) + W->lead.len
            + W->mid.len + W->exit.len;
        svt_runs_t R;
        ratio_result_t r;
        int above;
        if (len > RESTART_MAX_QUERIES)
            return 0;
        svt_runs_init(R);
        ratio_result_init(r);
        unb_family_runs(R, M->prog, &W->lead, &W->a, &W->mid,
            W->has_b ? &W->b : NULL, &W->exit, W->shift, delta, m);
        ratio_decide(r, M, R, ro);
        above = ratio_speaks_to_claim(r) && arb_is_finite(r->lr[W->dir])
            && arb_gt(r->lr[W->dir], claimed);
        if (above)
        {
            char * at = strstr(W->desc, "(m = ");
            ratio_result_swap(W->r, r);
            svt_runs_set(W->R, R);
            W->m_shown = m;
            if (at != NULL)
                snprintf(at, sizeof(W->desc) - (size_t) (at - W->desc),
                    "(m = %lu shown: past the claim)", m);
        }
        ratio_result_clear(r);
        svt_runs_clear(R);
        if (above)
            return 1;
    }
    return 0;
}


int
restart_applies(const svt_model_t M)
{
    const svt_program * P = M->prog;
    return P != NULL && !P->has_counter && !P->argmax
        && (P->dipa ? P->nregs == 1 : P->nregs <= 1) && unb_outputs_fix_path(P);
}

/* the certified ratio r of the family at m */
static void
family_ratio(ratio_result_t r, restart_result_t W, const svt_model_t M,
    const block_struct * lead, const block_struct * k, int shift,
    const fmpq_t delta, ulong m, const ratio_opt * ro)
{
    svt_runs_t R;
    svt_runs_init(R);
    unb_family_runs(R, M->prog, lead, k, NULL, NULL, NULL, shift, delta, m);
    ratio_decide(r, M, R, ro);
    W->ratios++;
    svt_runs_clear(R);
}

/* k = ln ratio(m = 3) - ln ratio(m = 2) of one block and shift, in both
   directions (one pair of ratios); keeps the best certified positive
   one in W */
static void
try_block(restart_result_t W, const svt_model_t M, const block_struct * lead,
    const block_struct * k, int shift, const fmpq_t delta,
    const ratio_opt * ro, int before, int * best_dir, int * best_shift,
    block_struct * best_k)
{
    ratio_result_t r2, r3;
    arb_t kk;
    int dir;
    ratio_result_init(r2);
    ratio_result_init(r3);
    arb_init(kk);
    family_ratio(r2, W, M, lead, k, shift, delta, 2, ro);
    family_ratio(r3, W, M, lead, k, shift, delta, 3, ro);
    for (dir = 0; dir < 2; dir++)
    {
        arb_sub(kk, r3->lr[dir], r2->lr[dir], 128);
        if (ratio_speaks_to_claim(r2) && ratio_speaks_to_claim(r3)
                && arb_is_finite(kk) && arb_is_positive(kk) && (!W->found
                || arf_cmp(arb_midref(kk), arb_midref(W->k)) > 0))
        {
            W->found = 1;
            W->before = before;
            arb_set(W->k, kk);
            *best_dir = dir;
            *best_shift = shift;
            *best_k = *k;
        }
    }
    ratio_result_clear(r2);
    ratio_result_clear(r3);
    arb_clear(kk);
}

int
unb_pow3(int n)
{
    int p = 1;
    while (n-- > 0)
        p *= 3;
    return p;
}

void
unb_path_words(char * buf, size_t len, const svt_program * P, const unb_path * c)
{
    int i;
    buf[0] = '\0';
    for (i = 0; c != NULL && i < c->len; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%.31s (branch %d)",
            i ? " -> " : "", P->states[c->state[i]].name, c->branch[i] + 1);
}

/* the path of a block as "q3 (branch 1) -> q2 (branch 2) -> q3" */
static void
block_words(char * buf, size_t len, const svt_program * P, const block_struct * k)
{
    unb_path_words(buf, len, P, k);
    snprintf(buf + strlen(buf), len - strlen(buf), " -> %.31s",
        P->states[k->state[0]].name);
}

/* the proof's text and the family at m = RESTART_FAMILY_M */
static void
restart_finish(restart_result_t W, const svt_model_t M,
    const block_struct * lead, const block_struct * k, int shift, int dir,
    const fmpq_t delta, const ratio_opt * ro)
{
    static const ulong ms[4] = { RESTART_FAMILY_M, 30, 10, 3 };
    const svt_program * P = M->prog;
    char path[256], * ks;
    unb_path none;
    int i;
    none.len = 0;
    /* the family at the largest m whose ratio the engine computes */
    for (i = 0; i < 4; i++)
    {
        svt_runs_clear(W->R);
        svt_runs_init(W->R);
        unb_family_runs(W->R, P, lead, k, NULL, NULL, NULL, shift, delta, ms[i]);
        unb_keep_family(W, lead, k, &none, NULL, shift, ms[i], dir);
        ratio_result_clear(W->r);
        ratio_result_init(W->r);
        ratio_decide(W->r, M, W->R, ro);
        W->ratios++;
        if (ratio_speaks_to_claim(W->r) && arb_is_finite(W->r->lr[dir]))
            break;
    }
    block_words(path, sizeof(path), P, k);
    ks = decimal_interval(W->k, 8);
    snprintf(W->desc, sizeof(W->desc), "the block %s repeated m times after "
        "the shortest lead-in, q(D) = 0, q(D') in {-Delta, 0, Delta} per step "
        "of the block (m = %lu shown)", path, W->m_shown);
    snprintf(W->proof, sizeof(W->proof), "PROOF: the block starts with a "
        "restart (%s), after which nothing that came before is read again, "
        "and every output fixes the branch taken, so Pr[A(D)=a_m] is the "
        "lead-in's factor times one identical factor per block; hence ln "
        "Pr[A(%s)=a_m]/Pr[A(%s)=a_m] = ln ratio(a_2) + (m - 2) k, with k = "
        "ln ratio(a_3) - ln ratio(a_2) in %s > 0 (certified): unbounded in m",
        W->before ? "x := insample as the state's only statement, so no guard "
        "reads the register's old value" : "the register redrawn from its "
        "noise", dir ? "D'" : "D", dir ? "D" : "D'", ks);
    flint_free(ks);
}

void
restart_prove(restart_result_t W, const svt_model_t M, const fmpq_t delta,
    const ratio_opt * ro)
{
    const svt_program * P = M->prog;
    block_struct lead, blocks[RESTART_MAX_BLOCKS], best_k;
    int s, b, i, n, shift, before, best_dir = 0, best_shift = 0;
    if (P == NULL || !prog_fits_small_tables(P))
        return;     /* the paths and cycles are kept in tables that wide */
    if (!restart_applies(M))
    {
        release_prove(W, M, delta, ro);     /* any number of registers */
        if (!W->found)
            ranges_prove(W, M, delta, ro);  /* cycles of several */
        if (!W->found)
            lowered_prove(W, M, delta, ro); /* a register lowered */
        return;
    }
    for (s = 0; s < P->nstates; s++)
        for (b = 0; b < P->states[s].nbranches; b++)
        {
            if (!restart_branch(P, s, b, &before) || unb_path_to(&lead, P, 0, s, 0) != 0)
                continue;
            n = blocks_at(blocks, P, s, b);
            for (i = 0; i < n; i++)
                for (shift = 0; shift < unb_pow3(blocks[i].len)
                        && W->ratios + 2 <= RESTART_MAX_RATIOS; shift++)
                    try_block(W, M, &lead, blocks + i, shift, delta, ro, before,
                        &best_dir, &best_shift, &best_k);
        }
    if (W->found && unb_path_to(&lead, P, 0, best_k.state[0], 0) == 0)
        restart_finish(W, M, &lead, &best_k, best_shift, best_dir, delta, ro);
    else
        W->found = 0;
    if (!W->found)
        loop_prove(W, M, delta, ro);
    if (!W->found)
        release_prove(W, M, delta, ro);
    if (!W->found)
        lowered_prove(W, M, delta, ro);
}
