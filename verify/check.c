/* check.c -- `verify check` and `verify all`. */

#include <string.h>
#include "check.h"
#include "prove.h"
#include "report.h"
#include "custom.h"
#include "decision.h"
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

/* the name of a cell's JUnit case: "construction c=C" */
static void
junit_case_name(char * name, size_t len, const construction_info * ci,
    const svt_model_t M)
{
    snprintf(name, len, "%s c=%ld", ci->name, (long) M->c);
}

/* a construction that does not apply, as a skipped JUnit case */
static void
junit_skip(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, const char * why)
{
    char name[128];
    if (J == NULL)
        return;
    junit_case_name(name, sizeof(name), ci, M);
    junit_add(J, var->name, name, JUNIT_SKIPPED, why, 0);
}

/* the JUnit case of one cell (variant, construction, c): its verdict,
   and for a violation the certified ratio with the command that
   re-checks it */
static void
junit_cell(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, verdict_t cv,
    const arb_t worst, int worst_inf, ulong worst_m, double seconds,
    const check_opts * o)
{
    slong digits = o->out_digits;
    char name[128], msg[1024];
    int outcome = JUNIT_PASS;
    char * w;
    if (J == NULL)
        return;
    junit_case_name(name, sizeof(name), ci, M);
    w = worst_inf ? NULL : decimal_interval(worst, digits);
    if (cv == VERDICT_EXCEEDS || cv == VERDICT_INFINITE)
    {
        char * cl = decimal_interval(M->claimed, digits);
        char cmd[512];
        outcome = JUNIT_FAILURE;
        report_recheck_command(cmd, sizeof(cmd), report_variant_arg(var), ci, worst_m, M->c,
            o->eps, o->delta, o->T);
        snprintf(msg, sizeof(msg), "certified ln ratio %s > claimed eps %s "
            "at m = %lu; re-check: %s", worst_inf ? "inf" : w, cl, worst_m, cmd);
        flint_free(cl);
    }
    else if (cv == VERDICT_INCONCLUSIVE)
    {
        outcome = JUNIT_ERROR;
        snprintf(msg, sizeof(msg), "undecided at the precision cap (largest "
            "ln ratio %s)", w ? w : "inf");
    }
    else
        snprintf(msg, sizeof(msg), "within the claim");
    junit_add(J, var->name, name, outcome, outcome == JUNIT_PASS ? NULL : msg,
        seconds);
    flint_free(w);
}

/* the JUnit case "proof for every m" of a variant: a pass only when the
   claim is proved; a failure when a certified ratio violates it; with no
   claim, or when finite evidence was accepted (--accept-evidence),
   skipped; otherwise an error: undecided */
static void
junit_proof(junit_struct * J, const svt_variant_struct * var, int proved,
    int violation, int evidence_accepted)
{
    int outcome;
    const char * msg;
    if (J == NULL)
        return;
    if (violation)
    {
        outcome = JUNIT_FAILURE;
        msg = "the claim is violated: a certified ratio exceeds it (see the "
            "failing cases)";
    }
    else if (proved)
    {
        outcome = JUNIT_PASS;
        msg = NULL;
    }
    else if (var->claimed == NULL)
    {
        outcome = JUNIT_SKIPPED;
        msg = "the variant claims no budget";
    }
    else if (evidence_accepted)
    {
        outcome = JUNIT_SKIPPED;
        msg = "not proved for every m; no violation in the certified ratios, "
            "accepted as evidence (--accept-evidence)";
    }
    else
    {
        outcome = JUNIT_ERROR;
        msg = "undecided: not proved for every m (no shift coupling proves "
            "the claim: see verify prove), and no certified violation";
    }
    junit_add(J, var->name, "proof for every m", outcome, msg, 0);
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

/* One cell: a construction at a model (variant, c) over the m grid. */
typedef struct
{
    lossmax_t agg;      /* every point, by verdict (check) */
    arb_t worst;        /* largest finite loss (by upper bound) */
    ulong worst_m;
    int worst_infinite;
    verdict_t verdict;  /* of the cell, against the claim */
}
cell_struct;

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
            junit_skip(o->junit, var, ci, M, why);
            continue;
        }
        t0 = integral_clock();
        cell_init(&cell);
        V->eval(&cell, M, ci, V->data);
        junit_cell(o->junit, var, ci, M, cell.verdict, cell.worst,
            cell.worst_infinite, cell.worst_m, integral_clock() - t0, o);
        cell_clear(&cell);
    }
}

/* ---- verify check ------------------------------------------------------ */

#define CHECK_MAX_C 16

/* one run of `verify check`: the cutoffs, each one's decision, and the
   evidence of the constructions' grid */
typedef struct
{
    const svt_variant_struct * var;
    const check_opts * o;
    slong clist[CHECK_MAX_C];
    slong nc;
    decision_struct D[CHECK_MAX_C];
    char proof_line[512];   /* the proof at the first cutoff */
    int grid;               /* the grid ran */
    lossmax_t total;        /* its ratios */
    slong nratios;
    int inconclusive;       /* a grid cell stayed undecided */
    double t0;
}
check_run;

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
    so->work = PROVE_DEFAULT_WORK;
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
    prove_opts(&so, o);
    prove_result_init(P);
    prove_run(P, K->var, &so, c);
    decision_add_prove(K->D + ic, P, M, c);
    if (ic == 0)
        prove_claim_line(K->proof_line, sizeof(K->proof_line), P->A, M);
    if (!o->json)
    {
        char f[200], * b = NULL, * l = NULL;
        FILE * out = o->out;
        align_bound_form(f, sizeof(f), P->A);
        if (P->A->proved && !f[0])
            b = decimal_interval(P->A->bound, 10);
        if (P->have_L && !P->L_infinite)
            l = decimal_interval(P->L, 10);
        fprintf(out, "  c = %-3ld bound B: %s%s%s; lower bound L: %s%s%s%s\n",
            (long) c, P->A->proved ? (f[0] ? f : b) : "none",
            P->A->proved && f[0] ? " exactly" : "", P->A->proved
            ? " (proved for every m)" : P->decision == PROVE_UNBOUNDED
            && P->unbounded_proved ? " (no finite bound, proved)" : "",
            P->have_L ? (P->L_infinite ? "inf" : l) : "none",
            P->have_L ? " (" : "", P->have_L ? P->L_desc : "", P->have_L ? ")" : "");
        flint_free(b);
        flint_free(l);
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

/* the one status of all cutoffs and the index of the one it comes from:
   a violation anywhere; proved only when proved at every cutoff */
static svt_status
check_status(const check_run * K, slong * at)
{
    slong ic;
    svt_status s = STATUS_PROVED;
    *at = 0;
    for (ic = 0; ic < K->nc; ic++)
        if (K->D[ic].status == STATUS_VIOLATED || K->D[ic].status == STATUS_UNBOUNDED)
        {
            if (s != STATUS_VIOLATED && s != STATUS_UNBOUNDED)
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

/* the grid's table header */
static void
grid_header(const check_run * K)
{
    FILE * out = K->o->out;
    fprintf(out, "  the constructions, m in 1..%lu (geometric):\n", K->o->m_max);
    fprintf(out, "  %-4s %-13s %6s %7s %7s %8s %6s %6s  %s\n", "c",
        "construction", "points", "within", "exceeds", "infinite",
        "imposs", "incon", "largest ln ratio [certified]");
}

/* one row of the table */
static void
grid_row(const check_run * K, slong c, const construction_info * ci,
    const cell_struct * cell)
{
    FILE * out = K->o->out;
    const slong * n = cell->agg->count;
    fprintf(out, "  %-4ld %-13s %6ld %7ld %7ld %8ld %6ld %6ld  ", (long) c,
        ci->name, (long) (lossmax_possible(cell->agg) + n[VERDICT_IMPOSSIBLE]),
        (long) (n[VERDICT_WITHIN] + n[VERDICT_NO_CLAIM]),
        (long) n[VERDICT_EXCEEDS], (long) n[VERDICT_INFINITE],
        (long) n[VERDICT_IMPOSSIBLE], (long) n[VERDICT_INCONCLUSIVE]);
    if (cell->worst_infinite)
        fprintf(out, "inf (m = %lu)\n", cell->worst_m);
    else if (arb_is_finite(cell->worst))
    {
        char * s = decimal_interval(cell->worst, K->o->out_digits);
        fprintf(out, "%s (m = %lu)\n", s, cell->worst_m);
        flint_free(s);
    }
    else
        fprintf(out, "-\n");
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
        if (construction_build(R, ci, m, M->c, o->delta, o->T, err, sizeof(err)) != 0)
            continue;
        ratio_decide(r, M, R, &o->ro);
        if (o->progress)
            fprintf(stderr, "\r  %s c=%ld %s m=%lu: %s        ", K->var->name,
                (long) M->c, ci->name, m, verdict_name(r->verdict));
        if (o->json && r->verdict != VERDICT_IMPOSSIBLE)
        {
            report_ctx ctx = { ci->name, ci->uses_m ? m : 0, o->out_digits };
            report_json_line(report_ratio_json(M, &ctx, r));
        }
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
        grid_row(K, M->c, ci, cell);
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
    fprintf(g->K->o->out, "  %-4ld %-13s n/a: %s\n",
        (long) g->K->clist[g->ic], ci->name, why);
}

/* every applicable construction at every cutoff */
static int
check_grid(check_run * K)
{
    slong ic;
    K->grid = 1;
    if (!K->o->json)
        grid_header(K);
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
    if (check_model(M, K, K->clist[ic]) != 0)
        return;
    witness_smallest(R, r, cmd, M, K->D[ic].LR, &K->o->ro, K->o->eps,
        K->o->delta, &K->o->ov);
    svt_model_clear(M);
}

/* the conclusion in words; one message per status */
static void
check_text(const check_run * K, svt_status s, slong at, const svt_runs_t W,
    const ratio_result_t wr, const char * cmd, int accepted)
{
    FILE * out = K->o->out;
    const decision_struct * D = K->D + at;
    slong k;
    if (s == STATUS_VIOLATED || s == STATUS_UNBOUNDED)
    {
        char * l = D->L_inf ? NULL : decimal_interval(D->L, K->o->out_digits);
        char * w = wr->verdict == VERDICT_INFINITE ? NULL
            : decimal_interval(wr->loss, K->o->out_digits);
        char * os = custom_output_describe(W);
        fprintf(out, "VIOLATED%s (certified witness, c = %ld): ln ratio %s > the "
            "claimed eps (largest found: %s, %s)\n", s == STATUS_UNBOUNDED
            ? ", UNBOUNDED" : "", (long) K->clist[at], w ? w : "inf", l ? l : "inf",
            D->L_where);
        fprintf(out, "  the smallest witness (%lu quer%s):\n", svt_runs_length(W),
            svt_runs_length(W) == 1 ? "y" : "ies");
        witness_print_vector(out, "  q(D) ", W, 0);
        witness_print_vector(out, "  q(D')", W, 1);
        witness_print_vector(out, "  T    ", W, 2);
        fprintf(out, "    output  %s\n  re-check: %s\n(exit 1)\n", os, cmd ? cmd : "");
        flint_free(l);
        flint_free(w);
        flint_free(os);
    }
    else if (s == STATUS_PROVED)
        fprintf(out, "PROVED for every m (c in the list above): %s (exit 0)\n",
            K->proof_line);
    else if (s == STATUS_NO_CLAIM)
        fprintf(out, "NO CLAIM: %s claims no budget; the numbers above are "
            "reported only (exit 0)\n", K->var->name);
    else
    {
        fprintf(out, "%s: no violation of the claim of %s in %ld certified "
            "ratios (the witnesses of the proof%s%lu, c in {", accepted
            ? "NO VIOLATION FOUND" : "UNPROVED", K->var->name, (long) (K->nratios
            + K->nc), K->grid ? " and the constructions above, m <= " : "",
            K->grid ? K->o->m_max : 0);
        for (k = 0; k < K->nc; k++)
            fprintf(out, "%s%ld", k ? ", " : "", (long) K->clist[k]);
        fprintf(out, "}), and no proof for every m: %s%s\n", D->reason, accepted
            ? "; not proved for every m: this finite evidence is accepted as "
            "asked (--accept-evidence, exit 0)" : "; finite evidence, not a proof "
            "(exit 3; --accept-evidence accepts it with exit 0)");
    }
}

static void
check_json(const check_run * K, svt_status s, slong at, const svt_runs_t W,
    const char * cmd, int accepted, int rc)
{
    const check_opts * o = K->o;
    svt_model_t M;
    json_t * j;
    int violated = s == STATUS_VIOLATED || s == STATUS_UNBOUNDED;
    if (check_model(M, K, K->clist[0]) != 0)
        return;
    j = report_json_core("check", K->var->name, NULL, M, 0, o->out_digits);
    if (violated && !K->D[at].L_inf)
        report_json_set_loss(j, K->D[at].L, o->out_digits);
    else if (K->grid)
        json_object_set_new(j, "loss", report_json_lossmax(K->total, o->out_digits));
    report_json_set_verdict(j, violated ? (K->D[at].L_inf ? VERDICT_INFINITE
        : VERDICT_EXCEEDS) : s == STATUS_PROVED ? VERDICT_WITHIN
        : s == STATUS_NO_CLAIM ? VERDICT_NO_CLAIM : VERDICT_INCONCLUSIVE);
    report_json_set_seconds(j, integral_clock() - K->t0);
    json_object_set_new(j, "m_max", json_integer((json_int_t) o->m_max));
    json_object_set_new(j, "status", json_string(decision_name(s)));
    json_object_set_new(j, "result", json_string(violated ? "violation"
        : s == STATUS_PROVED ? "proved" : s == STATUS_NO_CLAIM ? "no-claim"
        : K->inconclusive ? "inconclusive" : accepted ? "evidence-accepted"
        : "no-violation-found"));
    json_object_set_new(j, "proved_for_every_m", json_boolean(s == STATUS_PROVED));
    json_object_set_new(j, "proof", s == STATUS_PROVED ? json_string(K->proof_line)
        : json_null());
    json_object_set_new(j, "witness", violated ? witness_runs_json(W) : json_null());
    json_object_set_new(j, "recheck", violated && cmd ? json_string(cmd) : json_null());
    json_object_set_new(j, "ratios", json_integer(K->nratios));
    json_object_set_new(j, "exit", json_integer(rc));
    report_json_line(j);
    svt_model_clear(M);
}

/* JUnit: the proof and the witness at each cutoff, one case each */
static void
check_junit(const check_run * K, svt_status s, slong at, const char * cmd,
    int accepted)
{
    slong ic;
    int violated = s == STATUS_VIOLATED || s == STATUS_UNBOUNDED;
    for (ic = 0; ic < K->nc && K->o->junit != NULL; ic++)
    {
        const decision_struct * D = K->D + ic;
        char name[64], msg[2048];
        int v = D->status == STATUS_VIOLATED || D->status == STATUS_UNBOUNDED;
        snprintf(name, sizeof(name), "proof and witness c=%ld", (long) K->clist[ic]);
        snprintf(msg, sizeof(msg), "%s: %s%s%.1500s", decision_word(D->status),
            v ? "a certified ratio exceeds the claim; re-check: " : D->reason,
            "", v && ic == at && cmd ? cmd : v ? D->L_where : "");
        junit_add(K->o->junit, K->var->name, name, D->status == STATUS_PROVED
            || D->status == STATUS_NO_CLAIM ? JUNIT_PASS : v ? JUNIT_FAILURE
            : accepted ? JUNIT_SKIPPED : JUNIT_ERROR, D->status == STATUS_PROVED
            || D->status == STATUS_NO_CLAIM ? NULL : msg, 0);
    }
    junit_proof(K->o->junit, K->var, s == STATUS_PROVED, violated, accepted);
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
        decision_init(K.D + ic);
    if (!o->json)
        fprintf(o->out, "verify check %s: %s [%s]\n", var->name, var->title,
            var->source);
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
        accepted = s == STATUS_UNDECIDED && !K.inconclusive
            && var->claimed != NULL && o->accept_evidence;
        if (s == STATUS_VIOLATED || s == STATUS_UNBOUNDED)
            check_witness(W, wr, &cmd, &K, at);
        rc = accepted ? CHECK_PASS : decision_exit(s);
        check_junit(&K, s, at, cmd, accepted);
        if (o->json)
            check_json(&K, s, at, W, cmd, accepted, rc);
        else
            check_text(&K, s, at, W, wr, cmd, accepted);
    }
    flint_free(cmd);
    for (ic = 0; ic < K.nc; ic++)
        decision_clear(K.D + ic);
    svt_runs_clear(W);
    ratio_result_clear(wr);
    lossmax_clear(K.total);
    return rc;
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
    FILE * out = o->out;
    search_opts so;
    prove_result_t P;
    int accepted, violated;
    char where[200];
    prove_opts(&so, o);
    prove_result_init(P);
    prove_run(P, var, &so, M->c);
    decision_add_prove(D, P, M, c);
    snprintf(where, sizeof(where), "construction %s, m = %lu", best_where
        ? best_where : "", best_m);
    if (best_where != NULL && (any_inf || best != NULL))
        decision_add_loss(D, any_inf, best, c, where);
    decision_finish(D, M);
    violated = D->status == STATUS_VIOLATED || D->status == STATUS_UNBOUNDED;
    accepted = D->status == STATUS_UNDECIDED && o->accept_evidence;
    junit_proof(o->junit, var, D->status == STATUS_PROVED, violated, accepted);
    if (o->json)
    {
        json_t * j = report_json_core("all", var->name, NULL, M, 0, o->out_digits);
        if (D->have_L && !D->L_inf)
            report_json_set_loss(j, D->L, o->out_digits);
        report_json_set_verdict(j, violated ? (D->L_inf ? VERDICT_INFINITE
            : VERDICT_EXCEEDS) : D->status == STATUS_PROVED ? VERDICT_WITHIN
            : D->status == STATUS_NO_CLAIM ? VERDICT_NO_CLAIM : VERDICT_INCONCLUSIVE);
        json_object_set_new(j, "status", json_string(decision_name(D->status)));
        json_object_set_new(j, "upper_bound", P->A->proved
            ? report_json_interval(P->A->bound, o->out_digits) : json_null());
        json_object_set_new(j, "paper_property", json_string(var->paper_property));
        report_json_line(j);
    }
    else
    {
        char f[200], * b = P->A->proved ? decimal_interval(P->A->bound, 10) : NULL;
        char * l = D->have_L && !D->L_inf ? decimal_interval(D->L, 10) : NULL;
        align_bound_form(f, sizeof(f), P->A);
        if (P->A->proved)
            fprintf(out, "  proved: ln ratio <= B = %s%s for every m\n", f[0] ? f : b,
                f[0] ? " exactly" : "");
        else
            fprintf(out, "  proof: none (no shift coupling bounds the loss; `verify "
                "prove %s`)\n", report_variant_arg(var));
        fprintf(out, "  status: %s", accepted ? "UNDECIDED, accepted as evidence "
            "(--accept-evidence)" : decision_word(D->status));
        if (D->have_L)
            fprintf(out, "; largest certified ln ratio %s (%s)", D->L_inf ? "inf"
                : l, D->L_where);
        if (D->status == STATUS_UNDECIDED)
            fprintf(out, "; %s", D->reason);
        fprintf(out, "\n\n");
        flint_free(b);
        flint_free(l);
    }
    prove_result_clear(P);
    search_opts_clear(&so);
    return D->status == STATUS_UNDECIDED && !accepted;
}

/* what `verify all` gathers over the cells of one variant */
typedef struct
{
    const check_opts * o;
    const svt_variant_struct * var;
    int any_inf, any_grow, any_exceed, any_slow, incon;
    arb_t best;             /* the largest finite loss (by midpoint) */
    const char * best_where;
    ulong best_m;
    double best_slope;
}
all_variant;

/* the line of a cell in JSON */
static void
all_cell_json(const all_variant * A, const svt_model_t M,
    const construction_info * ci, const sweep_result_t s, verdict_t sv,
    double t0)
{
    const check_opts * o = A->o;
    json_t * j = report_json_core("all", A->var->name, ci->name, M, 0,
        o->out_digits);
    json_object_set_new(j, "loss", report_json_lossmax(s->agg, o->out_digits));
    report_json_set_verdict(j, sv);
    report_json_set_seconds(j, integral_clock() - t0);
    json_object_set_new(j, "m_max", json_integer((json_int_t) o->m_max));
    json_object_set_new(j, "growth", json_string(growth_name(s->growth)));
    json_object_set_new(j, "slope_per_block", json_real(s->slope));
    json_object_set_new(j, "block_queries", json_integer((json_int_t) s->block));
    json_object_set_new(j, "slope_per_query", json_real(s->slope / (double) s->block));
    json_object_set_new(j, "max_log_ratio", s->growth == GROWTH_NONE
        ? json_null() : report_json_interval(s->max_loss, o->out_digits));
    json_object_set_new(j, "max_at_m", json_integer((json_int_t) s->max_loss_m));
    json_object_set_new(j, "paper_property", json_string(A->var->paper_property));
    report_json_line(j);
}

/* the line of a cell in text */
static void
all_cell_text(FILE * out, const construction_info * ci, const sweep_result_t s,
    verdict_t sv)
{
    fprintf(out, "    %-13s ", ci->name);
    if (s->growth == GROWTH_NONE && lossmax_possible(s->agg) > 0)
        fprintf(out, "undecided: none of the %ld points was decided "
            "at the precision cap\n", (long) lossmax_possible(s->agg));
    else if (s->growth == GROWTH_NONE)
        fprintf(out, "no output with a non-zero probability (impossible for the\n"
            "                  variant, or probability 0 on both datasets)\n");
    else if (s->growth == GROWTH_INFINITE)
        fprintf(out, "infinite: one probability is exactly 0 (m = %lu)\n",
            s->max_loss_m);
    else
    {
        char * ml = decimal_interval(s->max_loss, 8);
        const char * rel = sv == VERDICT_NO_CLAIM ? "reported"
            : sv == VERDICT_INCONCLUSIVE ? "undecided" : verdict_name(sv);
        fprintf(out, "%-8s max ln ratio %s at m = %lu; %s", rel, ml,
            s->max_loss_m, s->growth == GROWTH_NOT_SHOWN ? "growth not shown"
            : growth_name(s->growth));
        if (s->growth == GROWTH_LINEAR && s->block > 1)
            fprintf(out, " (~%.6g per block of %lu queries, %.6g per "
                "query)", s->slope, s->block, s->slope / (double) s->block);
        else if (s->growth == GROWTH_LINEAR)
            fprintf(out, " (~%.6g per query)", s->slope);
        if (lossmax_undecided(s->agg) > 0)
            fprintf(out, "; %ld point%s undecided at the precision cap",
                (long) lossmax_undecided(s->agg),
                lossmax_undecided(s->agg) == 1 ? "" : "s");
        fprintf(out, "\n");
        flint_free(ml);
    }
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
        all_cell_json(A, M, ci, s, cell->verdict, t0);
    else
        all_cell_text(o->out, ci, s, cell->verdict);
    all_gather(A, M, ci, s, cell->verdict);
    sweep_result_clear(s);
}

static void
all_not_applicable(const svt_model_t M, const construction_info * ci,
    const char * why, void * data)
{
    const all_variant * A = data;
    (void) M;
    fprintf(A->o->out, "    %-13s n/a (%s)\n", ci->name, why);
}

/* the variant's title lines */
static void
all_variant_text(FILE * out, const svt_variant_struct * var,
    const svt_model_t M, slong c)
{
    char * cl = M->has_claim ? decimal_interval(M->claimed, 6) : NULL;
    char fixed[64] = "";
    if (var->fixed_c > 0 && var->fixed_c != c)
        snprintf(fixed, sizeof(fixed), "; c = %ld fixed by the variant",
            (long) var->fixed_c);
    fprintf(out, "%s -- %s [%s]\n  paper: %s; claimed budget %s%s\n",
        var->name, var->title, var->source, var->paper_property,
        cl ? cl : "none (report only)", fixed);
    flint_free(cl);
}

/* "measured: ..." -- what the cells of the variant show */
static void
all_measured_text(FILE * out, const all_variant * A, const svt_model_t M)
{
    char * s = A->best_where != NULL ? decimal_interval(A->best, 8) : NULL;
    fprintf(out, "  measured: ");
    if (!M->has_claim && !A->any_inf && A->best_where != NULL)
        fprintf(out, "no claim to check; largest ln ratio %s (%s, m = %lu)%s%s\n",
            s, A->best_where, A->best_m, A->any_grow ? "; grows linearly in m"
            : "", A->any_slow ? "; growing slowly" : "");
    else if (A->any_inf)
        fprintf(out, "inf-DP (a probability ratio is infinite)\n");
    else if (A->any_grow)
        fprintf(out, "not private for any finite eps on this evidence: "
            "ln ratio grows linearly in m (up to %.6g per query)\n",
            A->best_slope);
    else if (A->any_exceed)
        fprintf(out, "NOT eps-DP: ln ratio %s > claimed (%s, m = %lu)%s\n",
            s, A->best_where, A->best_m, A->any_slow ? "; growing slowly" : "");
    else if (A->incon)
        fprintf(out, "undecided: no certified violation, but some "
            "ratios could not be decided at the precision cap\n");
    else if (A->best_where != NULL)
        fprintf(out, "consistent with the claim: largest ln ratio %s "
            "(%s, m = %lu)%s\n", s, A->best_where, A->best_m,
            A->any_slow ? "; growing slowly" : "");
    else
        fprintf(out, "no applicable construction\n");
    flint_free(s);
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
        all_variant_text(o->out, var, M, c);
    cells_run(var, M, o, &V);
    if (!o->json)
        all_measured_text(o->out, &A, M);
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
    char epsbuf[256];
    if (fmpz_bits(fmpq_numref(o->eps)) + fmpz_bits(fmpq_denref(o->eps)) > 600)
        strcpy(epsbuf, "?");
    if (!o->json)
        fprintf(o->out, "Figure 2 of Lyu, Su and Li, measured: certified ln "
            "ratios, eps = %s, c = %ld, m up to %lu\n\n",
            fmpq_get_str(epsbuf, 10, o->eps), (long) c, o->m_max);
    for (v = 0; v < svt_catalog_count(o->cat); v++)
        undecided_left |= all_variant_run(o, svt_catalog_get(o->cat, v), c);
    return undecided_left ? CHECK_INCONCLUSIVE : CHECK_PASS;
}
