/* render_json.c -- results as JSON lines (one object per result; schema:
   verify-output.schema.json): `verify check` and `verify all`
   (check_run.h), `verify prove`, `verify delta`, `verify renyi`, `verify
   ratio --max-over-outputs`, `verify sweep` and `verify lint`
   (render.h).  Only printing: every number was decided before. */

#include "check_run.h"
#include "custom.h"
#include "render.h"
#include "report.h"
#include "witness.h"

/* "violated_by_proof": where a proof of no bound passes the claim when
   it alone decides the violation, else null */
static void
json_set_by_proof(json_t * j, const decision_struct * D)
{
    json_object_set_new(j, "violated_by_proof", D->violated_by_proof
        ? json_string(D->by_proof) : json_null());
}

/* an interval of a certified loss: ["inf", "inf"] when infinite */
static json_t *
json_loss_interval(int inf, const arb_t x, slong dg)
{
    json_t * a;
    if (!inf)
        return report_json_interval(x, dg);
    a = json_array();
    json_array_append_new(a, json_string("inf"));
    json_array_append_new(a, json_string("inf"));
    return a;
}

/* [L, B]: the certified lower bound found (0 when none; both "inf"
   when it is infinite) and the proved upper bound (inf when none) */
static json_t *
json_loss_range(int have_L, int L_inf, const arb_t L, int proved,
    const arb_t B, slong dg)
{
    json_t * a = json_array();
    char * lo = have_L && !L_inf ? decimal_bound(L, dg, 0) : NULL;
    char * hi = proved ? decimal_bound(B, dg, 1) : NULL;
    json_array_append_new(a, json_string(have_L && L_inf ? "inf" : lo ? lo : "0"));
    json_array_append_new(a, json_string(have_L && L_inf ? "inf" : hi ? hi : "inf"));
    flint_free(lo);
    flint_free(hi);
    return a;
}

/* [L, B] of a decision */
static json_t *
json_L_B(const decision_struct * D, slong dg)
{
    return json_loss_range(D->have_L, D->L_inf, D->L, D->proved, D->B, dg);
}

/* the verdict on the claim and the bound's own state, the same five
   fields in check, prove, all and each cutoff of check: verdict (s),
   bound_state, B (exact when B_exact, else a certified upper bound
   written in decimals; null when no bound is proved), B_exact and L */
static void
json_set_claim(json_t * j, const decision_struct * D, svt_status s, slong dg)
{
    char * b = decision_B_string(D, dg);
    int exact = decision_B_rational(D);
    json_object_set_new(j, "verdict", json_string(decision_name(s)));
    json_object_set_new(j, "bound_state", json_string(decision_bound_state(D)));
    json_object_set_new(j, "B", b ? json_string(b) : json_null());
    json_object_set_new(j, "B_exact", json_boolean(exact));
    /* B as the proof writes it in the parameters, when it is not a number */
    json_object_set_new(j, "B_formula", D->proved && D->B_exact[0] && !exact
        ? json_string(D->B_exact) : json_null());
    flint_free(b);
    json_object_set_new(j, "L", D->have_L ? json_loss_interval(D->L_inf, D->L, dg)
        : json_null());
}

/* one cutoff of a check: its c, the claim fields, where L comes from,
   the witness's ln ratio and re-check command, the proof's seconds */
static json_t *
check_json_cutoff(const check_run * K, slong ic)
{
    const decision_struct * D = K->D + ic;
    const cutoff_struct * cu = K->cut + ic;
    slong dg = K->o->out_digits;
    json_t * e = json_object();
    json_object_set_new(e, "c", json_integer(K->clist[ic]));
    json_set_claim(e, D, D->status, dg);
    json_object_set_new(e, "L_at", D->have_L ? json_string(D->L_where) : json_null());
    json_object_set_new(e, "witness_ln_ratio", cu->have_witness
        ? json_loss_interval(cu->witness_inf, cu->witness_loss, dg) : json_null());
    json_object_set_new(e, "recheck", cu->recheck ? json_string(cu->recheck)
        : json_null());
    json_object_set_new(e, "reason", D->status == STATUS_UNDECIDED && D->reason[0]
        ? json_string(D->reason) : json_null());
    json_object_set_new(e, "seconds", json_real(cu->seconds));
    return e;
}

void
check_json_conclusion(const check_run * K, const svt_model_t M, svt_status s,
    slong at, const svt_runs_t W, const char * cmd, int accepted, int rc)
{
    const check_opts * o = K->o;
    const decision_struct * D = K->D + at;
    json_t * j, * cuts = json_array();
    slong ic;
    int violated = decision_violated(s);
    int shown = violated && !D->violated_by_proof && svt_runs_length(W) > 0;
    j = report_json_core("check", K->var->name, NULL, M, 0, o->out_digits);
    json_object_set_new(j, "loss", json_L_B(D, o->out_digits));
    json_set_claim(j, D, s, o->out_digits);
    report_json_set_seconds(j, integral_clock() - K->t0);
    json_object_set_new(j, "evidence_accepted", json_boolean(accepted));
    json_object_set_new(j, "m_max", json_integer((json_int_t) o->m_max));
    json_set_by_proof(j, D);
    json_object_set_new(j, "proof", s == STATUS_PROVED ? json_string(K->proof_line)
        : json_null());
    /* a certified violation only: not the family of a proof of no bound
       (violated_by_proof names the m where it passes the claim) */
    json_object_set_new(j, "witness", shown ? witness_runs_json(W) : json_null());
    json_object_set_new(j, "witness_stops", shown ? json_boolean(W->stops)
        : json_null());
    json_object_set_new(j, "witness_ln_ratio", K->cut[at].have_witness
        ? json_loss_interval(K->cut[at].witness_inf, K->cut[at].witness_loss,
        o->out_digits) : json_null());
    json_object_set_new(j, "recheck", violated && cmd ? json_string(cmd) : json_null());
    for (ic = 0; ic < K->nc; ic++)
        json_array_append_new(cuts, check_json_cutoff(K, ic));
    json_object_set_new(j, "cutoffs", cuts);
    json_object_set_new(j, "grid_ran", json_boolean(K->grid));
    {
        /* the constructions where they ran: one entry per cell (check
           prints one object, not one line per ratio) */
        json_t * g = json_array();
        for (ic = 0; ic < K->ncells; ic++)
        {
            const grid_cell_struct * cl = K->cells + ic;
            json_t * e = json_object();
            json_object_set_new(e, "c", json_integer(cl->c));
            json_object_set_new(e, "construction", json_string(cl->ci->name));
            json_object_set_new(e, "ratios", json_integer(lossmax_possible(cl->agg)));
            json_object_set_new(e, "loss", report_json_lossmax(cl->agg,
                o->out_digits));
            json_object_set_new(e, "verdict", json_string(verdict_name(cl->verdict)));
            json_object_set_new(e, "largest_at_m", cl->worst_m > 0
                ? json_integer((json_int_t) cl->worst_m) : json_null());
            json_array_append_new(g, e);
        }
        json_object_set_new(j, "grid", g);
    }
    json_object_set_new(j, "ratios", json_integer(K->nratios));
    json_object_set_new(j, "exit", json_integer(rc));
    if (K->dipa_no_bound)
        json_object_set_new(j, "dipa_condition", dipa_cond_json(K->var->dipa));
    report_json_line(j);
}

/* the line of a cell in JSON */
void
all_json_cell(const all_variant * A, const svt_model_t M,
    const construction_info * ci, const sweep_result_t s, verdict_t sv,
    double t0)
{
    const check_opts * o = A->o;
    json_t * j = report_json_core("all-cell", A->var->name, ci->name, M, 0,
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

/* the decision of a variant of `verify all` */
void
all_json_decision(const check_opts * o, const svt_variant_struct * var,
    const svt_model_t M, const decision_struct * D, const prove_result_t P,
    const char * recheck)
{
    json_t * j = report_json_core("all", var->name, NULL, M, 0, o->out_digits);
    json_object_set_new(j, "recheck", recheck ? json_string(recheck) : json_null());
    json_object_set_new(j, "loss", json_L_B(D, o->out_digits));
    json_set_claim(j, D, D->status, o->out_digits);
    json_set_by_proof(j, D);
    json_object_set_new(j, "upper_bound", P->A->proved
        ? report_json_interval(P->A->bound, o->out_digits) : json_null());
    json_object_set_new(j, "paper_property", json_string(var->paper_property));
    report_json_line(j);
}

/* ---- verify ratio --max-over-outputs ----------------------------------- */

void
maxout_json(const svt_variant_struct * var, const svt_model_t M,
    const maxout_struct * mo, const check_opts * o, double t0)
{
    report_ctx ctx = { "custom", 0, o->out_digits };
    json_t * j = report_json_core("max-over-outputs", var->name,
        "custom", M, 0, o->out_digits), * und = json_array();
    char * os = custom_output_describe(mo->best_runs);
    slong u;
    for (u = 0; u < FLINT_MIN(mo->nundecided, MAXOUT_LIST_UNDECIDED); u++)
        json_array_append_new(und, json_string(mo->undecided[u]));
    json_object_set_new(j, "loss", report_json_lossmax(mo->agg, o->out_digits));
    report_json_set_verdict(j, mo->verdict);
    report_json_set_seconds(j, integral_clock() - t0);
    json_object_set_new(j, "outputs_enumerated", json_integer(mo->outputs));
    json_object_set_new(j, "outputs_impossible", json_integer(mo->impossible));
    json_object_set_new(j, "outputs_undecided", json_integer(mo->nundecided));
    json_object_set_new(j, "undecided_outputs", und);
    json_object_set_new(j, "numbers_searched_on_grid",
        json_boolean(mo->numeric_searched));
    json_object_set_new(j, "argmax_output", json_string(os));
    json_object_set_new(j, "argmax", report_ratio_json(M, &ctx, mo->best));
    report_json_line(j);
    flint_free(os);
}

/* ---- verify sweep -------------------------------------------------------- */

/* one line per point, then the sweep */
void
sweep_json(const svt_variant_struct * var, const construction_info * ci,
    const svt_model_t M, const sweep_result_t s, const check_opts * o,
    double t0)
{
    slong i, k;
    for (i = 0; i < s->len; i++)
    {
        json_t * j = report_json_core("sweep-point", var->name, ci->name,
            M, s->pts[i].m, o->out_digits);
        report_json_set_loss(j, s->pts[i].loss, o->out_digits);
        report_json_set_verdict(j, s->pts[i].verdict);
        report_json_line(j);
    }
    {
        json_t * j = report_json_core("sweep", var->name, ci->name, M, 0,
            o->out_digits), * fm = json_array();
        json_object_set_new(j, "loss", report_json_lossmax(s->agg, o->out_digits));
        report_json_set_verdict(j, lossmax_verdict(s->agg, M, 0));
        report_json_set_seconds(j, integral_clock() - t0);
        json_object_set_new(j, "m_max", json_integer((json_int_t) o->m_max));
        json_object_set_new(j, "classification", json_string(growth_name(s->growth)));
        json_object_set_new(j, "slope_per_block", json_real(s->slope));
        json_object_set_new(j, "block_queries", json_integer((json_int_t) s->block));
        json_object_set_new(j, "slope_per_query", json_real(s->slope / (double) s->block));
        json_object_set_new(j, "points_undecided", json_integer(lossmax_undecided(s->agg)));
        for (k = 0; k < 4; k++)
        {
            json_t * e = json_object();
            json_object_set_new(e, "multiple_of_eps", json_integer(k == 0 ? 1 : k == 1 ? 10 : k == 2 ? 100 : 1000));
            json_object_set_new(e, "first_m", s->first_m[k]
                ? json_integer((json_int_t) s->first_m[k]) : json_null());
            json_object_set_new(e, "extrapolated_m", s->first_m_extrap[k] > 0
                ? json_real(s->first_m_extrap[k]) : json_null());
            json_array_append_new(fm, e);
        }
        json_object_set_new(j, "passes", fm);
        json_object_set_new(j, "status", json_string(sweep_violated(s, M)
            ? "violated" : M->has_claim ? "undecided" : "no-claim"));
        report_json_line(j);
    }
}

/* ---- verify lint --------------------------------------------------------- */

void
lint_json(const svt_variant_struct * v, const char * path)
{
    json_t * j = report_json_core("lint", v->name, NULL, NULL, 0, 15);
    const char * refused = v->prog != NULL ? svt_program_joint_refusal(v->prog)
        : NULL;
    json_object_set_new(j, "file", json_string(path));
    json_object_set_new(j, "ok", json_true());
    json_object_set_new(j, "title", json_string(v->title));
    json_object_set_new(j, "source", json_string(v->source));
    json_object_set_new(j, "has_claim", json_boolean(v->claimed != NULL));
    json_object_set_new(j, "monotone_only", json_boolean(v->monotone_only));
    if (refused != NULL)
        json_object_set_new(j, "engine_refusal", json_string(refused));
    report_json_line(j);
}

/* ---- verify prove ------------------------------------------------------- */

/* why L is below B, when the text says so (lower_bound_untight), and
   the proof's run longer than the witness certifies, as the `verify
   ratio` command the text prints (uncertified_run); null otherwise */
static void
prove_json_untight(json_t * j, const prove_result_t P, const svt_model_t M,
    const svt_variant_struct * var, const search_opts * o)
{
    json_t * u = json_null();
    json_object_set_new(j, "lower_bound_untight", prove_says_untight(P)
        ? json_string(P->W->untight) : json_null());
    if (prove_says_longer_run(P))
    {
        char * c = report_recheck_custom(var, P->W->longer, M->c, o->base.eps,
            o->base.delta, &o->base.ov);
        report_recheck_precision(&c, &o->base.ro, -1);
        u = json_object();
        json_object_set_new(u, "queries",
            json_integer((json_int_t) svt_runs_length(P->W->longer)));
        json_object_set_new(u, "command", json_string(c));
        flint_free(c);
    }
    json_object_set_new(j, "uncertified_run", u);
}

void
prove_json(const prove_result_t P, const decision_t D,
    const svt_variant_struct * var, const svt_model_t M, const search_opts * o)
{
    slong i, dg = o->base.out_digits;
    json_t * j = report_json_core("prove", var->name, NULL, M, 0, dg),
        * steps = json_array();
    /* the loss over every m, pair and output lies in [L, B] */
    json_object_set_new(j, "loss", json_loss_range(P->have_L, P->L_infinite,
        P->L, P->A->proved, P->A->bound, dg));
    /* the verdict on the claim is the one decision's (its rules: a time
       limit, an (eps, delta) claim); bound_state the bound's own */
    json_set_claim(j, D, D->status, dg);
    report_json_set_seconds(j, P->seconds);
    json_set_by_proof(j, D);
    /* the lower bound's own input, re-checked as written by `verify
       ratio` (its ln ratio is L) */
    if (P->have_L && P->LR->len > 0)
    {
        char * rc = report_recheck_custom(var, P->LR, M->c, o->base.eps,
            o->base.delta, &o->base.ov);
        report_recheck_precision(&rc, &o->base.ro, -1);
        json_object_set_new(j, "recheck", json_string(rc));
        flint_free(rc);
    }
    else
        json_object_set_new(j, "recheck", json_null());
    json_object_set_new(j, "lower_bound_input", P->have_L && P->LR->len > 0
        ? witness_runs_json(P->LR) : json_null());
    json_object_set_new(j, "lower_bound_input_stops", P->have_L && P->LR->len > 0
        ? json_boolean(P->LR->stops) : json_null());
    json_object_set_new(j, "upper_bound", P->A->proved
        ? report_json_interval(P->A->bound, dg) : json_null());
    {
        char f[200];
        align_bound_form(f, sizeof(f), P->A);
        json_object_set_new(j, "upper_bound_exact", f[0] ? json_string(f) : json_null());
    }
    json_object_set_new(j, "lower_bound", P->have_L
        ? json_loss_interval(P->L_infinite, P->L, dg) : json_null());
    json_object_set_new(j, "lower_bound_at", P->have_L ? json_string(P->L_desc)
        : json_null());
    json_object_set_new(j, "lower_bound_growth", json_string(P->W->growing
        ? "growing" : P->LB->growth));
    json_object_set_new(j, "sandwich_digits", json_integer(prove_sandwich_digits(P)));
    prove_json_untight(j, P, M, var, o);
    json_object_set_new(j, "monotone_only", json_boolean(var->monotone_only));
    json_object_set_new(j, "reason", P->reason[0] ? json_string(P->reason) : json_null());
    for (i = 0; i < P->A->nsteps && P->A->proved; i++)
        json_array_append_new(steps, json_string(P->A->steps[i]));
    json_object_set_new(j, "proof", steps);
    json_object_set_new(j, "family", P->family[0] ? json_string(P->family) : json_null());
    json_object_set_new(j, "proof_seconds", json_real(P->proof_seconds));
    json_object_set_new(j, "work", json_integer((json_int_t) P->work));
    json_object_set_new(j, "stopped", P->stopped ? json_string("time limit")
        : json_null());
    if (var->dipa != NULL && !P->A->proved)
        json_object_set_new(j, "dipa_condition", dipa_cond_json(var->dipa));
    report_json_line(j);
}

/* ---- verify delta, verify renyi ------------------------------------------ */

/* the fields shared by both commands' JSON objects */
static json_t *
approx_json_header(const approx_pair_t A, const svt_model_t M, const approx_opts * a,
    const char * mode)
{
    slong dg = a->o->out_digits;
    json_t * j = report_json_core(mode, M->var->name, a->pair_name, M, a->m, dg);
    report_json_set_seconds(j, A->seconds);
    json_object_set_new(j, "m", a->m ? json_integer((json_int_t) a->m)
        : json_null());
    json_object_set_new(j, "eps", report_json_interval(M->eps, dg));
    json_object_set_new(j, "c", json_integer(M->c));
    json_object_set_new(j, "classes", json_integer(A->C->len));
    json_object_set_new(j, "symmetric", json_boolean(A->C->symmetric));
    json_object_set_new(j, "numbers_merged", json_boolean(A->C->numbers_merged));
    json_object_set_new(j, "complete", json_boolean(approx_pair_complete(A)));
    json_object_set_new(j, "total_D", report_json_interval(A->total[0], dg));
    json_object_set_new(j, "total_D2", report_json_interval(A->total[1], dg));
    json_object_set_new(j, "integrals", json_integer(A->integrals));
    return j;
}

static json_t *
approx_json_ends(const arb_t lo, const arb_t hi, slong dg)
{
    json_t * o = json_array();
    char * a = decimal_bound(lo, dg, 0), * b = decimal_bound(hi, dg, 1);
    json_array_append_new(o, json_string(a));
    json_array_append_new(o, json_string(b));
    flint_free(a);
    flint_free(b);
    return o;
}

void
delta_json(const delta_result * r, const approx_pair_t A, const svt_model_t M,
    const approx_opts * a)
{
    slong dg = a->o->out_digits, k;
    json_t * j = approx_json_header(A, M, a, "delta");
    json_object_set_new(j, "eps_prv", report_json_interval(r->E, dg));
    json_object_set_new(j, "delta_D_D2", report_json_interval(r->d[0], dg));
    json_object_set_new(j, "delta_D2_D", report_json_interval(r->d[1], dg));
    json_object_set_new(j, "delta", report_json_interval(r->d[2], dg));
    json_object_set_new(j, "pure_loss", report_json_interval(r->pl, dg));
    report_json_set_loss(j, r->pl, dg);
    json_object_set_new(j, "claimed_delta", M->has_claim
        ? report_json_interval(M->claimed_delta, dg) : json_null());
    report_json_set_verdict(j, r->v);
    if (r->want_eps)
    {
        json_object_set_new(j, "dp_delta", json_string(r->ts));
        json_object_set_new(j, "eps_prv_for_dp_delta", approx_json_ends(r->lo, r->hi,
            dg));
    }
    if (r->npts > 0)
    {
        json_t * c = json_array();
        for (k = 0; k < r->npts; k++)
        {
            json_t * pt = json_object();
            char * es = decimal_fmpq(r->ce + k, dg);
            json_object_set_new(pt, "eps_prv", json_string(es));
            json_object_set_new(pt, "delta", report_json_interval(r->cd + k, dg));
            json_array_append_new(c, pt);
            flint_free(es);
        }
        json_object_set_new(j, "curve", c);
    }
    report_json_line(j);
}

/* the Renyi divergences at the orders al[k] (d: D||D', D'||D, the max,
   three per order) */
void
renyi_json(const approx_pair_t A, const svt_model_t M, const approx_opts * a,
    arb_srcptr al, arb_srcptr d, slong npts)
{
    slong dg = a->o->out_digits, k;
    json_t * j = approx_json_header(A, M, a, "renyi"), * c = json_array();
    for (k = 0; k < npts; k++)
    {
        json_t * pt = json_object();
        json_object_set_new(pt, "alpha", report_json_interval(al + k, dg));
        json_object_set_new(pt, "D_D2", report_json_interval(d + 3 * k, dg));
        json_object_set_new(pt, "D2_D", report_json_interval(d + 3 * k + 1, dg));
        json_object_set_new(pt, "renyi", report_json_interval(d + 3 * k + 2, dg));
        json_array_append_new(c, pt);
    }
    json_object_set_new(j, "orders", c);
    report_json_line(j);
}

/* ---- search -------------------------------------------------------- */

void
search_outcome_json(const search_outcome * so)
{
    const svt_model_struct * M = so->M;
    json_t * j = report_json_core("search", so->var->name, so->have_best
        ? "custom" : NULL, M, 0, so->out_digits);
    /* the verdict on the claim: a search proves nothing, it finds a
       violation (unbounded when a kappa^m proof shows its family grows
       without bound) or leaves the claim undecided */
    json_object_set_new(j, "verdict", json_string(!so->has_claim ? "no-claim"
        : so->violation ? (so->proof[0] ? "unbounded" : "violated")
        : "undecided"));
    if (so->have_best)
    {
        report_json_set_loss(j, so->best_r->loss, so->out_digits);
        json_object_set_new(j, "best_verdict", json_string(verdict_name(
            so->stopped ? VERDICT_INCONCLUSIVE : so->best_r->verdict)));
    }
    else
        json_object_set_new(j, "best_verdict", json_null());
    report_json_set_seconds(j, so->seconds_used);
    json_object_set_new(j, "result", json_true());
    json_object_set_new(j, "stage", json_string("result"));
    json_object_set_new(j, "work", json_integer((json_int_t) so->work));
    json_object_set_new(j, "stopped", so->stopped
        ? json_string("time limit") : json_null());
    json_object_set_new(j, "shard", json_integer(so->shard));
    json_object_set_new(j, "shards", json_integer(so->nshards));
    json_object_set_new(j, "ratios", json_integer(so->evaluated));
    json_object_set_new(j, "violation", json_boolean(so->violation));
    json_object_set_new(j, "inconclusive", json_integer(so->inconclusive));
    json_object_set_new(j, "family_growth", json_string(so->growth));
    json_object_set_new(j, "slope_per_block", json_real(so->slope));
    json_object_set_new(j, "block_queries", json_integer((json_int_t) so->block));
    json_object_set_new(j, "slope_per_query", json_real(so->slope / (double) so->block));
    json_object_set_new(j, "proof", so->proof[0] ? json_string(so->proof) : json_null());
    json_object_set_new(j, "family_losses", so->family_note[0]
        ? json_string(so->family_note) : json_null());
    if (so->have_best)
    {
        report_ctx ctx = { "custom", 0, so->out_digits };
        char * os = custom_output_string(so->best_R);
        json_object_set_new(j, "best", json_string(so->best_desc));
        json_object_set_new(j, "best_output", json_string(os));
        json_object_set_new(j, "best_output_stops",
            json_boolean(so->best_R->stops));
        json_object_set_new(j, "best_input", witness_runs_json(so->best_R));
        json_object_set_new(j, "best_ratio", report_ratio_json(so->M,
            &ctx, so->best_r));
        flint_free(os);
    }
    json_object_set_new(j, "witness_ln_ratio", so->violation && so->witness_r != NULL
        ? json_loss_interval(so->witness_r->verdict == VERDICT_INFINITE,
        so->witness_r->loss, so->out_digits) : json_null());
    json_object_set_new(j, "witness", so->violation ? witness_runs_json(so->witness)
        : json_null());
    json_object_set_new(j, "witness_stops", so->violation
        ? json_boolean(so->witness->stops) : json_null());
    json_object_set_new(j, "recheck", so->recheck ? json_string(so->recheck) : json_null());
    json_object_set_new(j, "saved", so->save_path && so->have_best
        ? json_string(so->save_path) : json_null());
    report_json_line(j);
    }

void
search_stage_json(const search_opts * o, const svt_variant_struct * var,
    const svt_model_struct * M, const char * stage, slong evaluated,
    slong exceeds, slong inconclusive, const char * best_desc,
    const ratio_result_struct * best_r, double seconds)
{
    json_t * j = report_json_core("search-stage", var->name, best_desc != NULL
        ? "custom" : NULL, M, 0, o->base.out_digits);
    if (best_desc != NULL)
    {
        report_json_set_loss(j, best_r->loss, o->base.out_digits);
        report_json_set_verdict(j, best_r->verdict);
    }
    report_json_set_seconds(j, seconds);
    json_object_set_new(j, "result", json_false());
    json_object_set_new(j, "stage", json_string(stage));
    json_object_set_new(j, "shard", json_integer(o->shard));
    json_object_set_new(j, "shards", json_integer(o->nshards));
    json_object_set_new(j, "ratios", json_integer(evaluated));
    json_object_set_new(j, "exceeds", json_integer(exceeds));
    json_object_set_new(j, "inconclusive", json_integer(inconclusive));
    json_object_set_new(j, "best", best_desc != NULL ? json_string(best_desc)
        : json_null());
    json_object_set_new(j, "best_log_ratio", best_desc != NULL
        && arb_is_finite(best_r->loss) ? report_json_interval(best_r->loss,
        o->base.out_digits) : best_desc != NULL && best_r->verdict
        == VERDICT_INFINITE ? json_string("inf") : json_null());
    report_json_line(j);
}
