/* dipa_prove.c -- the prover for DiPA automata of any size
   (dipa_prove.h), part 3: the choice of the shifts (what the cycles ask,
   then one entry at a time while the bound decreases), the classes of
   the endings, and the proof in words.  Parts 1 and 2: dipa_facts.c,
   dipa_graph.c (dipa_impl.h). */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa_impl.h"

/* ---- the choice of the shifts -------------------------------------------- */

typedef struct
{
    const prep * P;
    const fgraph * G;
    slong work, budget;
    int stopped;
    char * reach;               /* reach[s * n + t]: t reached from s */
    char * cur_at;              /* cur_at[x * n + s]: site x's value is a
                                   compared register's current value in s */
    char * loopy;               /* loopy[s]: a transition of s goes back to
                                   s (the costliest run kept ends there
                                   when it can: its witness pins there) */
}
search;

/* reach[] by a walk from each state */
static void
search_reach(search * Q)
{
    const dipa_automaton_struct * A = Q->P->A;
    /* s is queued first unmarked, and again when a cycle reaches it */
    int n = A->nstates, s, * queue = flint_malloc((n + 1) * sizeof(int));
    Q->reach = flint_calloc((size_t) n * n, 1);
    for (s = 0; s < n; s++)
    {
        int head = 0, tail = 0, j;
        char * r = Q->reach + (size_t) s * n;
        queue[tail++] = s;
        while (head < tail)
        {
            const dipa_state * D = A->states + queue[head++];
            for (j = 0; j < D->ntrans; j++)
                if (D->trans[j].next >= 0 && !r[D->trans[j].next])
                    r[D->trans[j].next] = 1, queue[tail++] = D->trans[j].next;
        }
    }
    flint_free(queue);
}

/* loopy[] from the transitions that go back to their own state */
static void
search_loopy(search * Q)
{
    const dipa_automaton_struct * A = Q->P->A;
    int s, j;
    Q->loopy = flint_calloc(A->nstates + 1, 1);
    for (s = 0; s < A->nstates; s++)
        for (j = 0; j < A->states[s].ntrans; j++)
            Q->loopy[s] |= A->states[s].trans[j].next == s;
}

/* The votes of the cycles for the shift of register r's value from
   state `from` on (until a transition assigns r again): bit 1 for
   insample >= r in a cycle, 4 for insample < r, 2 in a non-input state;
   marks where it is current for site x in cur_at. */
static int
value_votes(search * Q, int x, int from, int r)
{
    const prep * P = Q->P;
    const dipa_automaton_struct * A = P->A;
    int n = A->nstates, votes = 0, m, i, j, a, * states = flint_malloc(n * sizeof(int));
    char * seen = flint_malloc(n);
    m = dipa_value_walk(P, from, r, states, seen);
    for (i = 0; i < m; i++)
    {
        int u = states[i];
        const dipa_state * D = A->states + u;
        for (a = 0; a < P->ncomp[u]; a++)
            if (P->comp[u][a] == r && Q->cur_at != NULL)
                Q->cur_at[(size_t) x * n + u] = 1;
        for (j = 0; j < D->ntrans; j++)
        {
            const dipa_trans * T = D->trans + j;
            int cyc = T->next >= 0 && Q->reach[(size_t) T->next * n + u];
            for (a = 0; a < T->natoms && cyc; a++)
                if (T->atoms[a].reg == r)
                    votes |= D->noninput ? 2 : T->atoms[a].ge ? 1 : 4;
        }
    }
    flint_free(states);
    flint_free(seen);
    return votes;
}

static int
vote_shift(int votes)
{
    return votes == 1 ? -1 : votes == 4 ? 1 : 0;
}

/* The first shifts: what the cycles ask of each value where it is
   current (until a transition assigns its register again): -1 for
   insample >= x, +1 for insample < x, 0 in a non-input state or when
   they disagree.  A value in several registers: per guess, the votes of
   every register but the one reassigned first; a block's registers:
   what they ask from the block's exit on.  Marks cur_at. */
static void
first_shifts(search * Q, signed char * sigma)
{
    const prep * P = Q->P;
    int x, g;
    for (x = 0; x < P->nsites; x++)
    {
        const dipa_trans * T = P->A->states[P->site_state[x]].trans + P->site_trans[x];
        int b = P->block_at != NULL ? P->block_at[P->site_state[x]] : -1;
        if (b >= 0)
        {
            for (g = 0; g < P->sig_n[x]; g++)
                sigma[P->sig_off[x] + g] = (signed char) vote_shift(value_votes(Q,
                    x, P->blocks[b].exit, P->blocks[b].regs[g]));
            continue;
        }
        /* each register's votes once; a guess's from the votes before
           and after the register it leaves out (pre[k]: all of them) */
        {
            int k = T->nassign, a, * pre = flint_calloc(k + 2, sizeof(int));
            int * suf = flint_calloc(k + 2, sizeof(int));
            for (a = 0; a < k; a++)
                pre[a + 1] = suf[a] = value_votes(Q, x, T->next, T->assign[a]);
            for (a = 1; a <= k; a++)
                pre[a] |= pre[a - 1];
            for (a = k - 1; a >= 0; a--)
                suf[a] |= suf[a + 1];
            for (g = 0; g < P->sig_n[x]; g++)
                sigma[P->sig_off[x] + g] = (signed char) vote_shift(P->sig_n[x]
                    > 1 && g < k ? pre[g] | suf[g + 1] : pre[k]);
            flint_free(pre);
            flint_free(suf);
        }
    }
}

/* the costliest run of V (edges of S) as steps into R */
static void
keep_witness(dipa_proof_struct * R, const search * Q, const sgraph * S,
    const signed char * sigma, const verdict * V)
{
    const prep * P = Q->P;
    const int most = P->A->nregs > PROG_SMALL_REGS ? DIPA_WITNESS_MAX
        : DIPA_WITNESS_SMALL, nr = P->A->nregs;
    int k, len;
    R->nwit = 0;
    if (V->npath > most)
        return;
    R->wit_cur = flint_realloc(R->wit_cur, (size_t) FLINT_MAX(1, V->npath) * nr);
    R->wit_nregs = nr;
    for (k = 0; k < V->npath; k++)
    {
        int e = V->path[k], u = edge_source(S, e), s = Q->G->state[S->fn[u]];
        int j = S->etrans[e], site = j < P->A->states[s].ntrans
            ? P->site[P->site_of[s] + j] : -1;
        const signed char * cur = (const signed char *) interned(&S->I, u, &len) + 4;
        /* a multi-register site: the guess taken is not kept here; its
           first shift stands for it (the delta is only a hint) */
        int snew = site >= 0 ? sigma[P->sig_off[site]] : 0;
        R->wit_state[k] = s;
        R->wit_trans[k] = j;
        R->wit_delta[k] = (signed char) trans_tight_delta(P, s, j, cur, snew);
        memcpy(R->wit_cur + (size_t) k * nr, cur, nr);
    }
    R->nwit = V->npath;
}

/* dst's costliest run := src's */
static void
wit_copy(dipa_proof_struct * dst, const dipa_proof_struct * src)
{
    size_t n = (size_t) src->nwit * src->wit_nregs;
    dst->nwit = src->nwit;
    memcpy(dst->wit_state, src->wit_state, sizeof(src->wit_state));
    memcpy(dst->wit_trans, src->wit_trans, sizeof(src->wit_trans));
    memcpy(dst->wit_delta, src->wit_delta, sizeof(src->wit_delta));
    dst->wit_nregs = src->wit_nregs;
    dst->wit_cur = flint_realloc(dst->wit_cur, FLINT_MAX(n, 1));
    if (n > 0)
        memcpy(dst->wit_cur, src->wit_cur, n);
}

/* The bound under sigma (INF: none) of the main class (code < 0; deleg
   as main_class) or of the class of transition code's runs (code =
   state * (DIPA_MAX_TRANS + 1) + j); *nodes: the graph's size; wit (when
   not NULL): the costliest run. */
static slong
eval_graph(search * Q, const signed char * sigma, int code, verdict * V,
    int * deleg, int * ndeleg, slong * nodes, dipa_proof_struct * wit)
{
    sgraph S;
    if (ndeleg != NULL)
        *ndeleg = 0;
    if (sgraph_build(&S, Q->P, Q->G, sigma, &Q->work, Q->budget) != 0)
    {
        Q->stopped = 1;
        sgraph_clear(&S);
        V->B = INF, V->bad_kind = 4;
        return INF;
    }
    if (code < 0)
        main_class(V, &S, Q->G, deleg, ndeleg, Q->loopy);
    else
        end_class(V, &S, Q->G, code / (DIPA_MAX_TRANS + 1),
            code % (DIPA_MAX_TRANS + 1));
    if (V->bad_kind >= 1 && V->bad_kind <= 3)
    {
        int u = edge_source(&S, V->bad_edge);
        V->bad_state = Q->G->state[S.fn[u]];
        V->bad_trans = S.etrans[V->bad_edge];
    }
    if (wit != NULL && V->B != INF)
        keep_witness(wit, Q, &S, sigma, V);
    if (nodes != NULL)
        *nodes = S.n;
    sgraph_clear(&S);
    return V->B;
}

static slong
eval_main(search * Q, const signed char * sigma, verdict * V, int * deleg,
    int * ndeleg, slong * nodes)
{
    return eval_graph(Q, sigma, -1, V, deleg, ndeleg, nodes, NULL);
}

static slong
eval_class(search * Q, const signed char * sigma, int code, verdict * V,
    dipa_proof_struct * wit)
{
    return eval_graph(Q, sigma, code, V, NULL, NULL, NULL, wit);
}

/* one site at a time, while the main bound decreases */
static slong
descend(search * Q, signed char * sigma, slong B, int * deleg)
{
    int pass, x, v, nd;
    verdict V;
    for (pass = 0; pass < 2 && !Q->stopped; pass++)
    {
        int improved = 0;
        for (x = 0; x < Q->P->nsig && !Q->stopped; x++)
            for (v = -1; v <= 1 && !Q->P->sig_idle[x]; v++)
            {
                signed char old = sigma[x];
                slong b;
                if (v == old)
                    continue;
                sigma[x] = (signed char) v;
                b = eval_main(Q, sigma, &V, deleg, &nd, NULL);
                if (b < B)
                    B = b, improved = 1;
                else
                    sigma[x] = old;
            }
        if (!improved || B == INF)
            break;
    }
    return B;
}

/* ---- the proof ------------------------------------------------------------ */

void
dipa_proof_init(dipa_proof_t R)
{
    memset(R, 0, sizeof(*R));
    fmpq_init(R->B);
}

void
dipa_proof_clear(dipa_proof_t R)
{
    flint_free(R->wit_cur);
    fmpq_clear(R->B);
}

static void
step(dipa_proof_t R, const char * fmt, ...)
{
    va_list ap;
    if (R->nsteps == DIPA_PROVE_STEPS)
        return;
    va_start(ap, fmt);
    vsnprintf(R->steps[R->nsteps++], sizeof(R->steps[0]), fmt, ap);
    va_end(ap);
}

static void
trans_name(char * buf, size_t len, const dipa_automaton_struct * A, int s, int j)
{
    if (j >= A->states[s].ntrans)
        snprintf(buf, len, "state %s, the ending (no guard holds)", A->states[s].name);
    else
        snprintf(buf, len, "state %s, transition %d", A->states[s].name, j + 1);
}

/* q := u units of 1/(2 L), a rational (in units of eps Delta) */
static void
units_q(fmpq_t q, slong u, const prep * P)
{
    fmpz_set_si(fmpq_numref(q), u);
    fmpz_mul_ui(fmpq_denref(q), P->L, H1);
    fmpq_canonicalise(q);
}

/* units of 1/(2 L) as a rational, printed */
static void
units_str(char * buf, size_t len, slong u, const prep * P)
{
    fmpq_t q;
    char * s;
    fmpq_init(q);
    units_q(q, u, P);
    s = fmpq_get_str(NULL, 10, q);
    snprintf(buf, len, "%s", s);
    flint_free(s);
    fmpq_clear(q);
}

static void
why_not(dipa_proof_t R, const verdict * V, const dipa_automaton_struct * A,
    const char * who)
{
    char t[120];
    if (V->bad_kind == 4)
    {
        snprintf(R->reason, sizeof(R->reason), "%s: the work budget (%ld "
            "transitions examined) ran out before a bound was found", who,
            (long) R->work);
        return;
    }
    trans_name(t, sizeof(t), A, V->bad_state, V->bad_trans);
    snprintf(R->reason, sizeof(R->reason), V->bad_kind == 2 ? "%s: %s lies on "
        "a cycle and costs something under every choice of shifts tried"
        : V->bad_kind == 3 ? "%s: its last step, %s, is aligned by no rule under "
        "the shifts tried" : "%s: no rule aligns %s under the shifts tried, and "
        "the run goes on after it", who, t);
}

/* the shifts of the sites, in words (the moved ones) */
static void
shift_steps(dipa_proof_t R, const prep * P, const signed char * sigma)
{
    const dipa_automaton_struct * A = P->A;
    int x, g, shown = 0, moved = 0, sites = 0;
    for (x = 0; x < P->nsig; x++)
        moved += sigma[x] != 0 && !P->sig_idle[x];
    for (x = 0; x < P->nsites; x++)
        sites += !P->sig_idle[P->sig_off[x]];
    step(R, "a shift for each value a transition assigns (%d such transitions): "
        "on D' the registers hold it moved by the shift; %d moved, every other "
        "by 0", sites, moved);
    if (P->guesses)
        step(R, "a value assigned to several registers at once has a shift for "
            "each class of runs: the register reassigned first (or none); the "
            "classes partition the runs by their transitions, and each keeps "
            "them");
    for (x = 0; x < P->nsites && shown < 12; x++)
        for (g = 0; g < P->sig_n[x] && shown < 12; g++)
            if (P->sig_idle[P->sig_off[x] + g])
                continue;
            else if (sigma[P->sig_off[x] + g] != 0 && P->block_at != NULL
                    && P->block_at[P->site_state[x]] >= 0)
            {
                const dipa_block * B = P->blocks + P->block_at[P->site_state[x]];
                step(R, "the block from %s: %s (the %s of its reads) ends moved "
                    "by %+d", A->states[B->states[0]].name,
                    A->reg_names[B->regs[g]], B->kind[g] < 0 ? "least"
                    : B->kind[g] > 0 ? "greatest" : "first",
                    (int) sigma[P->sig_off[x] + g]);
                shown++;
            }
            else if (sigma[P->sig_off[x] + g] != 0)
            {
                const dipa_trans * T = A->states[P->site_state[x]].trans
                    + P->site_trans[x];
                char t[120], c[80] = "";
                trans_name(t, sizeof(t), A, P->site_state[x], P->site_trans[x]);
                if (P->sig_n[x] > 1)
                    snprintf(c, sizeof(c), ", when %s%s is reassigned first",
                        g < T->nassign ? A->reg_names[T->assign[g]] : "none",
                        g < T->nassign ? "" : " of them");
                step(R, "%s (%s%s := insample%s): moved by %+d", t,
                    A->reg_names[T->assign[0]], T->nassign > 1 ? ", ..." : "",
                    c, (int) sigma[P->sig_off[x] + g]);
                shown++;
            }
    if (shown < moved)
        step(R, "... and %d more moved values", moved - shown);
}

/* the candidate shifts of an ending's class: those of the main class
   with every value compared in its state set to 0, or all 0 */
static slong
best_class(search * Q, const signed char * sigma, int code, verdict * V,
    dipa_proof_struct * wit)
{
    const prep * P = Q->P;
    int n = P->A->nstates, s = code / (DIPA_MAX_TRANS + 1), x;
    signed char * alt = flint_malloc(P->nsig + 1);
    dipa_proof_struct * w2 = flint_calloc(1, sizeof(dipa_proof_struct));
    verdict W;
    slong b = INF, c;
    wit->nwit = w2->nwit = 0;
    if (Q->cur_at != NULL)
    {
        int g;
        memcpy(alt, sigma, P->nsig);
        for (x = 0; x < P->nsites; x++)
            if (Q->cur_at[(size_t) x * n + s])
                for (g = 0; g < P->sig_n[x]; g++)
                    alt[P->sig_off[x] + g] = 0;
        b = eval_class(Q, alt, code, V, wit);
    }
    if (b > 0 && !Q->stopped)
    {
        memset(alt, 0, P->nsig + 1);
        c = eval_class(Q, alt, code, &W, w2);
        if (c < b)
        {
            b = c, *V = W;
            wit_copy(wit, w2);
        }
    }
    flint_free(alt);
    flint_free(w2->wit_cur);
    flint_free(w2);
    return b;
}

static int
run_classes(dipa_proof_t R, search * Q, const signed char * sigma,
    const int * deleg, int nd, slong * B)
{
    const dipa_automaton_struct * A = Q->P->A;
    int k, shown = 0;
    slong most = 0;
    for (k = 0; k < nd; k++)
    {
        verdict V;
        char t[120], u[64];
        dipa_proof_struct * w = flint_calloc(1, sizeof(dipa_proof_struct));
        slong b = best_class(Q, sigma, deleg[k], &V, w);
        if (b != INF && b > *B)
        {
            /* this class gives B: its costliest run is the witness */
            wit_copy(R, w);
        }
        flint_free(w->wit_cur);
        flint_free(w);
        trans_name(t, sizeof(t), A, deleg[k] / (DIPA_MAX_TRANS + 1),
            deleg[k] % (DIPA_MAX_TRANS + 1));
        if (b == INF)
        {
            char who[200];
            R->work = Q->work;
            snprintf(who, sizeof(who), "the runs whose last step is %s", t);
            why_not(R, &V, A, who);
            return -1;
        }
        *B = FLINT_MAX(*B, b);
        most = FLINT_MAX(most, b);
        if (shown++ < 8)
        {
            units_str(u, sizeof(u), b, Q->P);
            step(R, "the runs whose last step is %s (no rule aligns it under "
                "those shifts): a class of their own, with shifts of their own; "
                "their costliest run costs %s", t, u);
        }
    }
    if (shown > 8)
    {
        char u[64];
        units_str(u, sizeof(u), most, Q->P);
        step(R, "... and %d more such classes, each costing at most %s",
            shown - 8, u);
    }
    R->nclasses = nd + 1;
    return 0;
}

/* the path of a pair bound, in words (as much as fits in len) */
static void
pair_path_str(char * buf, size_t len, const pair_result * Z,
    const dipa_automaton_struct * A)
{
    size_t n = 0;
    int k;
    buf[0] = '\0';
    for (k = 0; k < Z->n && n + 1 < len; k++)
    {
        const dipa_state * S = A->states + Z->state[k];
        char j[16] = "end", d[16] = "";
        if (Z->trans[k] < S->ntrans)
            snprintf(j, sizeof(j), "%d", Z->trans[k] + 1);
        if (!S->noninput && Z->delta[k] != 0)
            snprintf(d, sizeof(d), " (delta %+d)", Z->delta[k]);
        n += (size_t) snprintf(buf + n, len - n, "%s%s/%s%s -> %+d",
            k > 0 ? ", " : "", S->name, j, d, Z->t[k]);
    }
}

/* the proof in words when the bound for each pair is B (was: what the
   shifts gave, or "" when they gave nothing) */
static void
pair_steps(dipa_proof_t R, const pair_result * Z, const prep * P,
    const char * was)
{
    char u[64], path[200];
    units_str(u, sizeof(u), Z->B, P);
    R->nsteps = 0;
    step(R, "every run is a path of the graph of (state, order facts), "
        "which has no cycle: %ld path(s), %ld piece(s) of their last steps "
        "(a transition's guard; the ending, no guard holding, split into "
        "disjoint pieces)", (long) Z->paths, (long) Z->pieces);
    step(R, "shifts chosen for each pair of neighbouring inputs: on each "
        "piece each answer moves by t (its noise by t - delta) so that "
        "every comparison keeps its side, a released insample keeps its "
        "value; the cost is the sum of d |t - delta| over the answers");
    step(R, "the least cost is convex in the query differences delta: "
        "its largest value is at a corner (delta = -1 or +1 for each "
        "compared answer; %ld corners), where a minimum cut per threshold "
        "(t >= 0, t >= 1) gives the shifts", (long) Z->corners);
    pair_path_str(path, sizeof(path), Z, P->A);
    step(R, "the costliest piece (state, step, delta -> t): %s; it costs "
        "%s", path, u);
    step(R, "B = the largest over the pieces = %s%s", u, was);
}

/* R's costliest run := the pair bound's costliest path, its corner and
   the registers' shifts (none when longer than DIPA_WITNESS_SMALL) */
static void
pair_witness(dipa_proof_t R, const pair_result * Z,
    const dipa_automaton_struct * A)
{
    int k;
    R->nwit = 0;
    if (Z->n > DIPA_WITNESS_SMALL)
        return;
    R->wit_nregs = A->nregs;
    R->wit_cur = flint_realloc(R->wit_cur,
        (size_t) FLINT_MAX(1, Z->n) * A->nregs + 1);
    for (k = 0; k < Z->n; k++)
    {
        R->wit_state[k] = Z->state[k];
        R->wit_trans[k] = Z->trans[k];
        R->wit_delta[k] = Z->delta[k];
    }
    if (Z->n > 0)
        memcpy(R->wit_cur, Z->cur, (size_t) Z->n * A->nregs);
    R->nwit = Z->n;
}

/* The bound for each neighbouring pair (dipa_pairs.c): when it applies
   and is below R's (or R has none), it is the proof, and its costliest
   path the witness's run. */
static void
pair_proof(dipa_proof_t R, const prep * P, const fgraph * G)
{
    pair_result Z;
    slong work = 0;
    fmpq_t b;
    char was[96] = "; no shifts for every pair were found";
    if (pair_bound(&Z, P, G, &work, DIPA_PROVE_WORK) != 0)
    {
        /* without a cycle, say why it stood down */
        if (Z.why != NULL && strcmp(Z.why, PAIR_CYCLE) != 0)
            step(R, "the bound for each pair of inputs (variants/dipa_pairs.c)"
                " was not found: %s", Z.why);
        pair_result_clear(&Z);
        R->work += work;
        return;
    }
    fmpq_init(b);
    units_q(b, Z.B, P);
    if (!R->proved || fmpq_cmp(b, R->B) < 0)
    {
        if (R->proved)
        {
            char * q = fmpq_get_str(NULL, 10, R->B);
            snprintf(was, sizeof(was), "; one shift per value for every pair "
                "gives %s", q);
            flint_free(q);
        }
        pair_steps(R, &Z, P, was);
        fmpq_set(R->B, b);
        R->proved = 1;
        R->stopped = 0;
        R->reason[0] = '\0';
        R->nclasses = (int) FLINT_MIN(Z.pieces, WORD(1) << 30);
        pair_witness(R, &Z, P->A);
    }
    R->work += work;
    fmpq_clear(b);
    pair_result_clear(&Z);
}

/* the graph of (state, facts) of P into G; too many nodes: none tracked */
static void
facts_graph(dipa_proof_t R, const prep * P, fgraph * G, slong * work)
{
    if (fgraph_build(G, P, work, 1) != 0)
    {
        /* too many orders to track: none (facts only rule things out) */
        fgraph_clear(G);
        fgraph_build(G, P, work, 0);
        step(R, "more than %d (state, order facts) nodes, or more than %d "
            "steps closing their facts: no order of the registers is tracked",
            MAX_FNODES, MAX_CLOSING);
    }
}

/* The shift coupling on P and its graph G, within budget (work already
   spent: *work): the shifts the cycles ask, improved one at a time, then
   the classes of the endings.  Into R. */
static void
shift_proof(dipa_proof_t R, const prep * P, const fgraph * G, slong budget,
    slong work)
{
    const dipa_automaton_struct * A = P->A;
    search Q;
    signed char * sigma;
    int * deleg, nd = 0;
    verdict V;
    slong B;
    char u[64];
    memset(&Q, 0, sizeof(Q));
    Q.P = P;
    Q.G = G;
    Q.budget = budget;
    Q.work = work;
    search_reach(&Q);
    search_loopy(&Q);
    if ((double) P->nsites * A->nstates <= 5e7)
        Q.cur_at = flint_calloc((size_t) P->nsites * A->nstates + 1, 1);
    sigma = flint_calloc(P->nsig + 1, 1);
    deleg = flint_malloc(((size_t) A->nstates * (DIPA_MAX_TRANS + 1) + 1) * sizeof(int));
    first_shifts(&Q, sigma);
    B = eval_main(&Q, sigma, &V, deleg, &nd, NULL);
    B = descend(&Q, sigma, B, deleg);
    B = eval_graph(&Q, sigma, -1, &V, deleg, &nd, &R->nodes, R);
    shift_steps(R, P, sigma);
    step(R, "the graph of (state, order facts, shifts of the registers' current "
        "values): %ld nodes (%d of (state, facts))", (long) R->nodes, G->n);
    R->work = Q.work;
    if (B == INF)
        why_not(R, &V, A, "the runs");
    else
    {
        units_str(u, sizeof(u), B, P);
        step(R, "every cycle costs 0; the costliest run whose last step is "
            "aligned costs %s", u);
        if (run_classes(R, &Q, sigma, deleg, nd, &B) == 0)
        {
            units_q(R->B, B, P);
            units_str(u, sizeof(u), B, P);
            if (nd > 0)
                step(R, "B = the largest over the %d classes = %s", nd + 1, u);
            else
                step(R, "B = the cost of the costliest run = %s", u);
            R->proved = 1;
        }
    }
    R->stopped = Q.stopped;
    R->work = Q.work;
    flint_free(sigma);
    flint_free(deleg);
    flint_free(Q.reach);
    flint_free(Q.loopy);
    flint_free(Q.cur_at);
}

/* The order-statistics rule (dipa_blocks.c): the shift coupling again,
   with each block of reads as one step; its B replaces R's when it is
   smaller.  R's costliest run stays the witness (a block's run is not
   one path of the automaton); without one, none. */
static void
block_proof(dipa_proof_t R, const dipa_automaton_struct * A, slong budget)
{
    prep P;
    fgraph G;
    dipa_proof_struct * R2;
    slong work = 0;
    int k, b;
    if (prep_init(&P, A, 1) != 0 || P.nblocks == 0)
    {
        prep_clear(&P);
        return;
    }
    R2 = flint_calloc(1, sizeof(dipa_proof_struct));
    dipa_proof_init(R2);
    for (b = 0; b < P.nblocks; b++)
        step(R2, "a block of %d reads, states %s to %s: each outputs one symbol "
            "whatever holds, and each register it assigns ends as the least or "
            "the greatest of its candidate reads", P.blocks[b].n,
            A->states[P.blocks[b].states[0]].name,
            A->states[P.blocks[b].states[P.blocks[b].n - 1]].name);
    step(R2, "pieces: the runs split by which read each register of a block "
        "ends with (a partition: ties have probability 0)");
    step(R2, "on a piece, the winner's answer moves by its register's shift, "
        "every other read's by a shift that keeps it on its side of each "
        "winner: the piece is kept, so the map is one to one; the block "
        "costs its costliest piece");
    facts_graph(R2, &P, &G, &work);
    shift_proof(R2, &P, &G, budget, work);
    if (R2->proved && (!R->proved || fmpq_cmp(R2->B, R->B) < 0))
    {
        char was[96] = "";
        if (R->proved)
        {
            char * q = fmpq_get_str(NULL, 10, R->B);
            snprintf(was, sizeof(was), "one shift per value gives %s; ", q);
            flint_free(q);
        }
        if (!R->proved)
            R->nwit = 0;
        R->nsteps = 0;
        step(R, "%sthe order-statistics rule (variants/dipa_blocks.c) "
            "gives less:", was);
        for (k = 0; k < R2->nsteps; k++)
            step(R, "%s", R2->steps[k]);
        fmpq_set(R->B, R2->B);
        R->proved = 1;
        R->stopped = 0;
        R->reason[0] = '\0';
        R->nclasses = R2->nclasses;
        R->nodes = R2->nodes;
    }
    R->work += R2->work;
    dipa_proof_clear(R2);
    flint_free(R2);
    fgraph_clear(&G);
    prep_clear(&P);
}

int
dipa_prove(dipa_proof_t R, const dipa_automaton_t A, slong work)
{
    prep P;
    fgraph G;
    slong fwork = 0, budget = work > 0 ? work : DIPA_PROVE_WORK;

    R->proved = 0;
    R->nsteps = 0;
    R->nwit = 0;
    if (prep_init(&P, A, 0) != 0)
    {
        R->unsupported = 1;
        snprintf(R->reason, sizeof(R->reason), "the scales' denominators are "
            "too large for the prover's exact word arithmetic");
        prep_clear(&P);
        return 0;
    }
    R->nsites = P.nsites;
    facts_graph(R, &P, &G, &fwork);
    shift_proof(R, &P, &G, budget, fwork);
    pair_proof(R, &P, &G);
    fgraph_clear(&G);
    prep_clear(&P);
    block_proof(R, A, budget);
    return 0;
}

int
dipa_prove_blocks(dipa_proof_t R, const dipa_automaton_t A, slong work)
{
    R->proved = 0;
    R->nsteps = 0;
    R->nwit = 0;
    block_proof(R, A, work > 0 ? work : DIPA_PROVE_WORK);
    return 0;
}
