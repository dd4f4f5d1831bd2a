/* check.c -- `verify check` and `verify all`: the analyses (one loop over
   the cells, cells_run, serves both).  Their output is written by
   render_text.c, render_json.c and junit.c (check_run.h). */

#include <string.h>
#include "check_run.h"
#include "prove.h"
#include "report.h"
#include "decision.h"
#include "render.h"
#include "witness.h"

void
check_opts_init(check_opts * o)
{
    fmpq_init(o->eps);
    fmpq_init(o->delta);
    fmpq_init(o->T);
    fmpq_one(o->eps);
    fmpq_one(o->delta);
    fmpq_init(o->ov_store[0]);
    fmpq_init(o->ov_store[1]);
    fmpq_init(o->ov_store[2]);
    o->ov.eps1 = o->ov.eps2 = o->ov.eps3 = NULL;
    o->m_max = 1000;
    o->work = 0;
    o->nc = 0;
    o->ro.digits = 30;
    o->ro.max_digits = 480;
    o->ro.limits = NULL;
    o->out_digits = 15;
    o->json = 0;
    o->progress = 0;
    o->out = stdout;
    o->cat = NULL;
    o->junit = NULL;
    o->accept_evidence = 0;
    o->grid = 0;
    o->lower = 0;
}

void
check_opts_clear(check_opts * o)
{
    fmpq_clear(o->eps);
    fmpq_clear(o->delta);
    fmpq_clear(o->T);
    fmpq_clear(o->ov_store[0]);
    fmpq_clear(o->ov_store[1]);
    fmpq_clear(o->ov_store[2]);
}

int
construction_applicable(const construction_info * ci, const svt_model_t M,
    const char ** why)
{
    svt_runs_t R;
    fmpq_t one, zero;
    char err[128];
    int mono;
    if (ci->numeric && M->output == SVT_OUT_TOP)
    {
        *why = "the variant outputs no numbers";
        return 0;
    }
    if (!M->var->monotone_only)
        return 1;
    svt_runs_init(R);
    fmpq_init(one);
    fmpq_init(zero);
    fmpq_one(one);
    construction_build(R, ci, 2, M->c, one, zero, err, sizeof(err));
    mono = svt_runs_monotone(R);
    svt_runs_clear(R);
    fmpq_clear(one);
    fmpq_clear(zero);
    if (!mono)
    {
        *why = "not monotone, and the claim is for monotone queries only";
        return 0;
    }
    return 1;
}

static void
cell_init(cell_struct * c)
{
    lossmax_init(c->agg);
    arb_init(c->worst);
    arb_neg_inf(c->worst);
    c->worst_m = 0;
    c->worst_infinite = 0;
    c->verdict = VERDICT_NO_CLAIM;
}

static void
cell_add(cell_struct * c, ulong m, const ratio_result_t r)
{
    lossmax_add(c->agg, r);
    if (r->verdict == VERDICT_IMPOSSIBLE)
        return;
    if (r->verdict == VERDICT_INFINITE)
    {
        if (!c->worst_infinite)
            c->worst_m = m;
        c->worst_infinite = 1;
        return;
    }
    if (!c->worst_infinite && arb_is_finite(r->loss))
    {
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_get_ubound_arf(a, r->loss, 64);
        arb_get_ubound_arf(b, c->worst, 64);
        if (!arb_is_finite(c->worst) || arf_cmp(a, b) > 0)
        {
            arb_set(c->worst, r->loss);
            c->worst_m = m;
        }
        arf_clear(a);
        arf_clear(b);
    }
}

static void
cell_clear(cell_struct * c)
{
    lossmax_clear(c->agg);
    arb_clear(c->worst);
}

/* How a command evaluates a cell (eval fills the cell, its verdict
   included, and prints it) and says that a construction does not apply
   (not_applicable: text output only). */
typedef struct
{
    void (*eval)(cell_struct * cell, const svt_model_t M,
        const construction_info * ci, void * data);
    void (*not_applicable)(const svt_model_t M, const construction_info * ci,
        const char * why, void * data);
    void * data;
}
cell_visitor;

/* The one loop over the cells of `verify check` and `verify all`: every
   construction at the model M of var, in order.  One that does not apply
   is a skipped JUnit case; any other is evaluated by V and is one JUnit
   case from its verdict. */
static void
cells_run(const svt_variant_struct * var, const svt_model_t M,
    const check_opts * o, const cell_visitor * V)
{
    slong k;
    for (k = 0; k < construction_count(); k++)
    {
        const construction_info * ci = construction_get(k);
        const char * why = NULL;
        cell_struct cell;
        double t0;
        if (!construction_applicable(ci, M, &why))
        {
            if (!o->json)
                V->not_applicable(M, ci, why, V->data);
            check_junit_skip(o->junit, var, ci, M, why);
            continue;
        }
        t0 = integral_clock();
        cell_init(&cell);
        V->eval(&cell, M, ci, V->data);
        check_junit_cell(o->junit, var, ci, M, cell.verdict, cell.worst,
            cell.worst_infinite, cell.worst_m, integral_clock() - t0, o);
        cell_clear(&cell);
    }
}

/* ---- verify check ------------------------------------------------------ */

/* the cutoffs of the check (a variant's own c when it fixes one) */
static void
check_cutoffs(check_run * K)
{
    static const slong dflt[4] = { 1, 2, 5, 20 };
    const check_opts * o = K->o;
    slong i;
    if (K->var->fixed_c > 0)
    {
        K->clist[0] = K->var->fixed_c;
        K->nc = 1;
        return;
    }
    K->nc = o->nc > 0 ? FLINT_MIN(o->nc, CHECK_MAX_C) : (K->var->has_cutoff ? 4 : 1);
    for (i = 0; i < K->nc; i++)
        K->clist[i] = o->nc > 0 ? o->clist[i] : dflt[i];
}

/* M at cutoff c; 0, or -1 with the message on stderr */
static int
check_model(svt_model_t M, const check_run * K, slong c)
{
    char err[256];
    svt_model_init(M);
    if (svt_model_set(M, K->var, K->o->eps, c, K->o->delta, &K->o->ov, err,
            sizeof(err)) != 0)
    {
        fprintf(stderr, "verify: %s\n", err);
        svt_model_clear(M);
        return -1;
    }
    return 0;
}

/* the options of `verify prove` under check's (its default work) */
static void
prove_opts(search_opts * so, const check_opts * o)
{
    search_opts_init(so);
    fmpq_set(so->base.eps, o->eps);
    fmpq_set(so->base.delta, o->delta);
    so->base.ov = o->ov;
    so->base.ro = o->ro;
    so->work = o->work > 0 ? o->work : PROVE_DEFAULT_WORK;
    so->lower = o->lower;
}

/* the proof and its witness at cutoff index ic: one line of text */
static int
check_prove(check_run * K, slong ic)
{
    const check_opts * o = K->o;
    search_opts so;
    prove_result_t P;
    svt_model_t M;
    slong c = K->clist[ic];
    if (check_model(M, K, c) != 0)
        return -1;
    double t0 = integral_clock();
    prove_opts(&so, o);
    prove_result_init(P);
    prove_run(P, K->var, &so, c);
    K->cut[ic].seconds = integral_clock() - t0;
    decision_add_prove(K->D + ic, P, M, c);
    if (ic == 0)
        prove_claim_line(K->proof_line, sizeof(K->proof_line), P->A, M);
    if (!o->json)
        check_text_prove(o->out, c, P);
    if (ic == 0 && K->var->dipa != NULL && !P->A->proved)
    {
        K->dipa_no_bound = 1;
        if (!o->json)
            dipa_cond_text(o->out, K->var->dipa, 1);
    }
    prove_result_clear(P);
    search_opts_clear(&so);
    svt_model_clear(M);
    return 0;
}

/* the decision at each cutoff from what was added; 1 when every cutoff
   is decided (proved, violated, unbounded, no claim) */
static int
check_decide(check_run * K)
{
    slong ic;
    int all = 1;
    for (ic = 0; ic < K->nc; ic++)
    {
        svt_model_t M;
        if (check_model(M, K, K->clist[ic]) != 0)
            return 0;
        decision_finish(K->D + ic, M);
        all &= K->D[ic].status != STATUS_UNDECIDED;
        svt_model_clear(M);
    }
    return all;
}

/* some cutoff is undecided only because its claim has delta > 0 while a
   ratio exceeds eps (--accept-evidence does not accept that) */
static int
check_above_eps_delta(const check_run * K)
{
    slong ic;
    for (ic = 0; ic < K->nc; ic++)
        if (K->D[ic].above_eps_delta)
            return 1;
    return 0;
}

/* the one status of all cutoffs and the index of the one it comes from:
   a violation anywhere; proved only when proved at every cutoff */
static svt_status
check_status(const check_run * K, slong * at)
{
    slong ic;
    svt_status s = STATUS_PROVED;
    *at = 0;
    for (ic = 0; ic < K->nc; ic++)
        if (decision_violated(K->D[ic].status))
        {
            /* the first cutoff, or the first with a certified ratio above
               the claim (a witness to show) */
            if (!decision_violated(s)
                    || (K->D[*at].violated_by_proof && !K->D[ic].violated_by_proof))
                *at = ic;
            if (s != STATUS_UNBOUNDED)
                s = K->D[ic].status;
        }
    if (s != STATUS_PROVED)
        return s;
    for (ic = 0; ic < K->nc; ic++)
        if (K->D[ic].status == STATUS_UNDECIDED)
        {
            *at = ic;
            return STATUS_UNDECIDED;
        }
    return K->var->claimed == NULL ? STATUS_NO_CLAIM : STATUS_PROVED;
}

/* the cell at cutoff c, kept for the JSON summary */
static void
check_keep_cell(check_run * K, slong c, const construction_info * ci,
    const cell_struct * cell)
{
    grid_cell_struct * g;
    if (K->ncells == K->alloc_cells)
    {
        K->alloc_cells = FLINT_MAX(16, 2 * K->alloc_cells);
        K->cells = flint_realloc(K->cells, K->alloc_cells * sizeof(grid_cell_struct));
    }
    g = K->cells + K->ncells++;
    g->c = c;
    g->ci = ci;
    lossmax_init(g->agg);
    lossmax_set(g->agg, cell->agg);
    g->verdict = cell->verdict;
    g->worst_m = cell->worst_m;
}

/* a cell of the grid: the cutoff index ic of the check K */
typedef struct
{
    check_run * K;
    slong ic;
}
grid_at;

/* one construction over the m grid at cutoff index ic */
static void
grid_eval(cell_struct * cell, const svt_model_t M, const construction_info * ci,
    void * data)
{
    const grid_at * g = data;
    check_run * K = g->K;
    const check_opts * o = K->o;
    ulong ms[64];
    slong nm, n, i;
    ratio_result_t r;
    svt_runs_t R;
    nm = sweep_grid(ms, ci->max_m && o->m_max > ci->max_m ? ci->max_m : o->m_max);
    n = ci->uses_m ? nm : 1;
    ratio_result_init(r);
    svt_runs_init(R);
    for (i = 0; i < n; i++)
    {
        ulong m = ci->uses_m ? ms[i] : 1;
        char err[256], where[128];
        /* each m its own input (construction_build appends) */
        svt_runs_truncate(R, 0);
        R->stops = 0;
        if (construction_build(R, ci, m, M->c, o->delta, o->T, err, sizeof(err)) != 0)
            continue;
        ratio_decide(r, M, R, &o->ro);
        if (o->progress)
            fprintf(stderr, "\r  %s c=%ld %s m=%lu: %s        ", K->var->name,
                (long) M->c, ci->name, m, verdict_name(r->verdict));
        cell_add(cell, m, r);
        lossmax_add(K->total, r);
        K->nratios++;
        snprintf(where, sizeof(where), "construction %s, m = %lu, c = %ld",
            ci->name, m, (long) M->c);
        decision_add_ratio(K->D + g->ic, r, R, M->c, where);
    }
    if (o->progress)
        fprintf(stderr, "\r%70s\r", "");
    cell->verdict = lossmax_verdict(cell->agg, M, 0);
    if (!o->json)
        check_text_grid_row(K, M->c, ci, cell);
    check_keep_cell(K, M->c, ci, cell);
    K->inconclusive |= cell->verdict == VERDICT_INCONCLUSIVE;
    ratio_result_clear(r);
    svt_runs_clear(R);
}

static void
grid_not_applicable(const svt_model_t M, const construction_info * ci,
    const char * why, void * data)
{
    const grid_at * g = data;
    (void) M;
    check_text_not_applicable(g->K->o->out, g->K->clist[g->ic], ci, why);
}

/* every applicable construction at every cutoff */
static int
check_grid(check_run * K)
{
    slong ic;
    K->grid = 1;
    if (!K->o->json)
        check_text_grid_header(K);
    for (ic = 0; ic < K->nc; ic++)
    {
        svt_model_t M;
        grid_at g = { K, ic };
        cell_visitor V = { grid_eval, grid_not_applicable, &g };
        if (check_model(M, K, K->clist[ic]) != 0)
            return -1;
        cells_run(K->var, M, K->o, &V);
        svt_model_clear(M);
    }
    return 0;
}

/* the violation at cutoff index ic, shrunk to its smallest form: its
   input in R, its ratio in r, the command that re-checks it in *cmd */
static void
check_witness(svt_runs_t R, ratio_result_t r, char ** cmd, const check_run * K,
    slong ic)
{
    svt_model_t M;
    *cmd = NULL;
    if (K->D[ic].violated_by_proof)
    {
        /* no ratio above the claim: the proof's family as computed, and
           the proof to re-run */
        svt_runs_set(R, K->D[ic].LR);
        *cmd = report_recheck_prove(K->var, K->clist[ic], K->o->eps,
            K->o->delta, &K->o->ov);
        return;
    }
    if (check_model(M, K, K->clist[ic]) != 0)
        return;
    witness_smallest(R, r, cmd, M, K->D[ic].LR, &K->o->ro, K->o->eps,
        K->o->delta, &K->o->ov);
    svt_model_clear(M);
}

/* the cutoff whose numbers stand for the whole check: the one the
   status comes from, or when every cutoff is proved the one with the
   largest bound */
static slong
check_shown_cutoff(const check_run * K, svt_status s, slong at)
{
    slong ic, best = at;
    if (s != STATUS_PROVED)
        return at;
    for (ic = 0; ic < K->nc; ic++)
        if (K->D[ic].proved && arb_gt(K->D[ic].B, K->D[best].B))
            best = ic;
    return best;
}

/* the conclusion as one JSON line, at the model of the cutoff it shows
   (params.c) */
static void
check_json(const check_run * K, svt_status s, slong at, const svt_runs_t W,
    const char * cmd, int accepted, int rc)
{
    svt_model_t M;
    slong shown = check_shown_cutoff(K, s, at);
    if (check_model(M, K, K->clist[shown]) != 0)
        return;
    check_json_conclusion(K, M, s, shown, W, cmd, accepted, rc);
    svt_model_clear(M);
}

/* the smallest witness of each violated cutoff, with its ratio and the
   command that re-checks it (K->cut); the one at cutoff index at into W,
   wr and *cmd (a copy: the caller frees it) */
static void
check_witnesses(check_run * K, slong at, svt_runs_t W, ratio_result_t wr,
    char ** cmd)
{
    slong ic;
    *cmd = NULL;
    for (ic = 0; ic < K->nc; ic++)
    {
        cutoff_struct * cu = K->cut + ic;
        svt_runs_t R;
        ratio_result_t r;
        if (!decision_violated(K->D[ic].status))
            continue;
        svt_runs_init(R);
        ratio_result_init(r);
        check_witness(R, r, &cu->recheck, K, ic);
        if (!K->D[ic].violated_by_proof && svt_runs_length(R) > 0)
        {
            cu->have_witness = 1;
            cu->witness_inf = r->verdict == VERDICT_INFINITE;
            arb_set(cu->witness_loss, r->loss);
        }
        if (ic == at)
        {
            svt_runs_set(W, R);
            ratio_result_swap(wr, r);
            if (cu->recheck != NULL)
            {
                *cmd = flint_malloc(strlen(cu->recheck) + 1);
                strcpy(*cmd, cu->recheck);
            }
        }
        svt_runs_clear(R);
        ratio_result_clear(r);
    }
}

int
verify_check(const svt_variant_struct * var, const check_opts * o)
{
    check_run K;
    svt_status s;
    slong ic, at;
    int rc = 0, accepted;
    svt_runs_t W;
    ratio_result_t wr;
    char * cmd = NULL;

    memset(&K, 0, sizeof(K));
    K.var = var;
    K.o = o;
    K.t0 = integral_clock();
    check_cutoffs(&K);
    lossmax_init(K.total);
    svt_runs_init(W);
    ratio_result_init(wr);
    for (ic = 0; ic < K.nc; ic++)
    {
        decision_init(K.D + ic);
        arb_init(K.cut[ic].witness_loss);
    }
    if (!o->json)
        check_text_title(o->out, var);
    /* the proof and its witness at each cutoff, then the constructions
       where they leave the claim undecided (or when asked: --m-max) */
    for (ic = 0; ic < K.nc && rc == 0; ic++)
        rc = check_prove(&K, ic);
    if (rc == 0 && (!check_decide(&K) || o->grid))
        rc = check_grid(&K) == 0 && (check_decide(&K), 1) ? 0 : -1;
    if (rc != 0)
        rc = CHECK_BAD_INPUT;
    else
    {
        s = check_status(&K, &at);
        K.above_eps_delta = check_above_eps_delta(&K);
        accepted = s == STATUS_UNDECIDED && !K.inconclusive
            && !K.above_eps_delta && var->claimed != NULL
            && o->accept_evidence;
        check_witnesses(&K, at, W, wr, &cmd);
        rc = accepted ? CHECK_PASS : decision_exit(s);
        check_junit_cutoffs(&K, s, at, cmd, accepted);
        if (o->json)
            check_json(&K, s, at, W, cmd, accepted, rc);
        else
            check_text_conclusion(&K, s, at, W, wr, cmd, accepted);
    }
    flint_free(cmd);
    for (ic = 0; ic < K.nc; ic++)
    {
        decision_clear(K.D + ic);
        arb_clear(K.cut[ic].witness_loss);
        flint_free(K.cut[ic].recheck);
    }
    for (ic = 0; ic < K.ncells; ic++)
        lossmax_clear(K.cells[ic].agg);
    flint_free(K.cells);
    svt_runs_clear(W);
    ratio_result_clear(wr);
    lossmax_clear(K.total);
    return rc;
}

/* the command that re-checks the violation of D in `verify all` (where:
   the words of the swept cell whose loss was offered, best_where and
   best_m its construction and m): the proof's when a proof of no bound
   alone decides, the construction's at its m when L is that cell's, else
   L's input; NULL when there is none (flint_free it) */
static char *
all_recheck(const check_opts * o, const svt_variant_struct * var,
    const svt_model_t M, const decision_struct * D, const char * where,
    const char * best_where, ulong best_m)
{
    char * cmd = NULL;
    if (D->violated_by_proof)
        return report_recheck_prove(var, M->c, o->eps, o->delta, &o->ov);
    if (best_where != NULL && strcmp(D->L_where, where) == 0)
    {
        const construction_info * ci = construction_find(best_where);
        if (ci == NULL || D->L_inf)
            return NULL;
        cmd = flint_malloc(1200);
        report_recheck_command(cmd, 1200, report_variant_arg(var), ci, best_m,
            M->c, o->eps, o->delta, o->T);
    }
    else if (svt_runs_length(D->LR) > 0)
        cmd = report_recheck_custom(var, D->LR, M->c, o->eps, o->delta, &o->ov);
    report_recheck_precision(&cmd, &o->ro, -1);
    return cmd;
}

/* `verify all`, one variant: the proof and its witness beside the
   measured sweeps (best: their largest finite loss, any_inf: an infinite
   one), decided once (decision.h); prints the proof and the status.
   Returns 1 when the claim stays undecided (and is not accepted) */
static int
all_decide(const check_opts * o, const svt_variant_struct * var,
    const svt_model_t M, slong c, decision_t D, const arb_t best, int any_inf,
    const char * best_where, ulong best_m)
{
    search_opts so;
    prove_result_t P;
    int accepted, violated;
    char where[200], * cmd;
    double t0 = integral_clock(), secs;
    char why[1400];
    prove_opts(&so, o);
    prove_result_init(P);
    prove_run(P, var, &so, M->c);
    secs = integral_clock() - t0;
    decision_add_prove(D, P, M, c);
    snprintf(where, sizeof(where), "construction %s, m = %lu", best_where
        ? best_where : "", best_m);
    if (best_where != NULL && (any_inf || best != NULL))
        decision_add_loss(D, any_inf, best, c, where);
    decision_finish(D, M);
    violated = decision_violated(D->status);
    accepted = D->status == STATUS_UNDECIDED && o->accept_evidence;
    check_L_B_words(why, sizeof(why), D, o->out_digits);
    snprintf(why + strlen(why), sizeof(why) - strlen(why), "; %.900s", D->reason);
    cmd = violated ? all_recheck(o, var, M, D, where, best_where, best_m) : NULL;
    check_junit_proof(o->junit, var, D->status == STATUS_PROVED, violated, accepted,
        D->status == STATUS_UNDECIDED ? why : NULL, cmd, secs);
    if (o->json)
        all_json_decision(o, var, M, D, P, cmd);
    else
        all_text_decision(o->out, var, D, P, accepted);
    flint_free(cmd);
    prove_result_clear(P);
    search_opts_clear(&so);
    return D->status == STATUS_UNDECIDED && !accepted;
}

/* a cell's sweep into what the variant gathers */
static void
all_gather(all_variant * A, const svt_model_t M, const construction_info * ci,
    const sweep_result_t s, verdict_t sv)
{
    if (M->has_claim && sv == VERDICT_INCONCLUSIVE)
        A->incon = 1;
    if (s->growth == GROWTH_INFINITE)
    {
        A->any_inf = 1;
        return;
    }
    if (s->growth == GROWTH_NONE)
        return;
    if (s->growth == GROWTH_LINEAR)
    {
        A->any_grow = 1;
        if (s->slope / (double) s->block > A->best_slope)
            A->best_slope = s->slope / (double) s->block;
    }
    if (s->growth == GROWTH_SLOW)
        A->any_slow = 1;
    if (M->has_claim && sv == VERDICT_EXCEEDS)
        A->any_exceed = 1;
    if (!arb_is_finite(A->best) || arf_cmp(arb_midref(s->max_loss),
            arb_midref(A->best)) > 0)
    {
        arb_set(A->best, s->max_loss);
        A->best_where = ci->name;
        A->best_m = s->max_loss_m;
    }
}

/* one construction swept in m: a cell of `verify all` */
static void
all_eval(cell_struct * cell, const svt_model_t M, const construction_info * ci,
    void * data)
{
    all_variant * A = data;
    const check_opts * o = A->o;
    sweep_result_t s;
    char serr[256];
    double t0 = integral_clock();
    sweep_result_init(s);
    if (o->progress)
        fprintf(stderr, "\r  %s: %s ...                    ", A->var->name,
            ci->name);
    sweep_run(s, M, ci, o->m_max, o->delta, o->T, &o->ro, 0, NULL,
        NULL, serr, sizeof(serr));
    if (o->progress)
        fprintf(stderr, "\r%60s\r", "");
    cell->verdict = lossmax_verdict(s->agg, M, 0);
    arb_set(cell->worst, s->max_loss);
    cell->worst_infinite = s->growth == GROWTH_INFINITE;
    cell->worst_m = s->max_loss_m;
    if (o->json)
        all_json_cell(A, M, ci, s, cell->verdict, t0);
    else
        all_text_cell(o->out, ci, s, cell->verdict);
    all_gather(A, M, ci, s, cell->verdict);
    sweep_result_clear(s);
}

static void
all_not_applicable(const svt_model_t M, const construction_info * ci,
    const char * why, void * data)
{
    const all_variant * A = data;
    (void) M;
    all_text_not_applicable(A->o->out, ci, why);
}

/* `verify all`, one variant at cutoff c: its cells, then the decision;
   1 when the claim stays undecided */
static int
all_variant_run(const check_opts * o, const svt_variant_struct * var, slong c)
{
    all_variant A;
    cell_visitor V = { all_eval, all_not_applicable, &A };
    svt_model_t M;
    decision_t D;
    char err[256];
    int undecided;
    memset(&A, 0, sizeof(A));
    A.o = o;
    A.var = var;
    arb_init(A.best);
    arb_neg_inf(A.best);
    decision_init(D);
    svt_model_init(M);
    if (svt_model_set(M, var, o->eps, c, o->delta, &o->ov, err, sizeof(err)) != 0)
    {
        /* overrides that do not apply to this variant: use defaults */
        svt_model_set(M, var, o->eps, c, o->delta, NULL, err, sizeof(err));
    }
    if (!o->json)
        all_text_variant(o->out, var, M, c);
    cells_run(var, M, o, &V);
    if (!o->json)
        all_text_measured(o->out, &A, M);
    undecided = all_decide(o, var, M, c, D, A.best_where != NULL && !A.any_inf
        ? A.best : NULL, A.any_inf, A.best_where, A.best_m);
    decision_clear(D);
    arb_clear(A.best);
    svt_model_clear(M);
    return undecided;
}

int
verify_all(const check_opts * o)
{
    slong c = o->nc > 0 ? o->clist[0] : 1;
    slong v;
    int undecided_left = 0;
    if (!o->json)
        all_text_title(o->out, o, c);
    for (v = 0; v < svt_catalog_count(o->cat); v++)
        undecided_left |= all_variant_run(o, svt_catalog_get(o->cat, v), c);
    return undecided_left ? CHECK_INCONCLUSIVE : CHECK_PASS;
}
