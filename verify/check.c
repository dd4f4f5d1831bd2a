/* check.c -- `verify check` and `verify all`. */

#include <string.h>
#include "check.h"
#include "prove.h"
#include "report.h"

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
        report_recheck_command(cmd, sizeof(cmd), var->name, ci, worst_m, M->c,
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

/* summary of one (variant, c, construction) over the m grid */
typedef struct
{
    lossmax_t agg;      /* every point, by verdict */
    arb_t worst;        /* largest finite loss (by upper bound) */
    ulong worst_m;
    int worst_infinite;
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

/* evaluates one construction at one m; 0 on success */
static int
eval_point(ratio_result_t r, const svt_model_t M, const construction_info * ci,
    ulong m, const check_opts * o)
{
    svt_runs_t R;
    char err[256];
    int ok;
    svt_runs_init(R);
    ok = construction_build(R, ci, m, M->c, o->delta, o->T, err, sizeof(err)) == 0;
    if (ok)
        ratio_decide(r, M, R, &o->ro);
    svt_runs_clear(R);
    return ok ? 0 : -1;
}

int
verify_check(const svt_variant_struct * var, const check_opts * o)
{
    slong default_c[4] = { 1, 2, 5, 20 };
    const slong * clist = o->nc > 0 ? o->clist : default_c;
    slong nc = o->nc > 0 ? o->nc : (var->has_cutoff ? 4 : 1);
    if (var->fixed_c > 0)
    {
        /* the cutoff is part of the variant: the CLI refuses another */
        default_c[0] = var->fixed_c;
        clist = default_c;
        nc = 1;
    }
    ulong ms[64];
    slong nm, ic, k, i;
    int violation = 0, inconclusive = 0, proved = 0, accepted, rc;
    char proof_line[512] = "";
    slong nratios = 0;
    double t0, t_start;
    lossmax_t total;        /* every ratio of every cell */
    ratio_result_t worst, r;
    ulong worst_m = 0;
    const construction_info * worst_ci = NULL;
    svt_model_t worst_M;
    FILE * out = o->out;

    ratio_result_init(worst);
    ratio_result_init(r);
    svt_model_init(worst_M);
    lossmax_init(total);
    t_start = integral_clock();

    if (!o->json)
    {
        fprintf(out, "verify check %s: %s [%s]\n", var->name, var->title, var->source);
        fprintf(out, "  m in 1..%lu (geometric), c in", o->m_max);
        for (ic = 0; ic < nc; ic++)
            fprintf(out, " %ld", (long) clist[ic]);
        fprintf(out, "%s\n", !var->has_cutoff ? " (no cutoff: c unused)"
            : var->fixed_c > 0 ? " (fixed by the variant)" : "");
        fprintf(out, "  %-4s %-13s %6s %7s %7s %8s %6s %6s  %s\n", "c",
            "construction", "points", "within", "exceeds", "infinite",
            "imposs", "incon", "largest ln ratio [certified]");
    }

    for (ic = 0; ic < nc; ic++)
    {
        svt_model_t M;
        char err[256];
        svt_model_init(M);
        if (svt_model_set(M, var, o->eps, clist[ic], o->delta, &o->ov, err,
                sizeof(err)) != 0)
        {
            fprintf(stderr, "verify: %s\n", err);
            svt_model_clear(M);
            ratio_result_clear(worst);
            ratio_result_clear(r);
            svt_model_clear(worst_M);
            return CHECK_BAD_INPUT;
        }
        for (k = 0; k < construction_count(); k++)
        {
            const construction_info * ci = construction_get(k);
            const char * why = NULL;
            cell_struct cell;
            slong n;
            nm = sweep_grid(ms, ci->max_m && o->m_max > ci->max_m ? ci->max_m : o->m_max);
            n = ci->uses_m ? nm : 1;
            if (!construction_applicable(ci, M, &why))
            {
                if (!o->json)
                    fprintf(out, "  %-4ld %-13s n/a: %s\n", (long) clist[ic],
                        ci->name, why);
                junit_skip(o->junit, var, ci, M, why);
                continue;
            }
            t0 = integral_clock();
            cell_init(&cell);
            for (i = 0; i < n; i++)
            {
                ulong m = ci->uses_m ? ms[i] : 1;
                if (eval_point(r, M, ci, m, o) != 0)
                    continue;
                if (o->progress)
                    fprintf(stderr, "\r  %s c=%ld %s m=%lu: %s        ",
                        var->name, (long) clist[ic], ci->name, m,
                        verdict_name(r->verdict));
                if (o->json && r->verdict != VERDICT_IMPOSSIBLE)
                {
                    report_ctx ctx = { ci->name, ci->uses_m ? m : 0, o->out_digits };
                    report_json_line(report_ratio_json(M, &ctx, r));
                }
                cell_add(&cell, m, r);
                lossmax_add(total, r);
                nratios++;
                if (r->verdict == VERDICT_EXCEEDS || r->verdict == VERDICT_INFINITE)
                {
                    int take = worst_ci == NULL
                        || (r->verdict == VERDICT_INFINITE && worst->verdict != VERDICT_INFINITE);
                    if (!take && worst->verdict != VERDICT_INFINITE
                            && r->verdict == VERDICT_EXCEEDS
                            && arb_gt(r->loss, worst->loss))
                        take = 1;
                    violation = 1;
                    if (take)
                    {
                        ratio_result_swap(worst, r);
                        worst_ci = ci;
                        worst_m = m;
                        svt_model_clear(worst_M);
                        svt_model_init(worst_M);
                        svt_model_set(worst_M, var, o->eps, clist[ic], o->delta,
                            &o->ov, err, sizeof(err));
                    }
                }
            }
            if (o->progress)
                fprintf(stderr, "\r%70s\r", "");
            if (!o->json)
            {
                const slong * n = cell.agg->count;
                fprintf(out, "  %-4ld %-13s %6ld %7ld %7ld %8ld %6ld %6ld  ",
                    (long) clist[ic], ci->name,
                    (long) (lossmax_possible(cell.agg) + n[VERDICT_IMPOSSIBLE]),
                    (long) (n[VERDICT_WITHIN] + n[VERDICT_NO_CLAIM]),
                    (long) n[VERDICT_EXCEEDS], (long) n[VERDICT_INFINITE],
                    (long) n[VERDICT_IMPOSSIBLE], (long) n[VERDICT_INCONCLUSIVE]);
                if (cell.worst_infinite)
                    fprintf(out, "inf (m = %lu)\n", cell.worst_m);
                else if (arb_is_finite(cell.worst))
                {
                    char * s = decimal_interval(cell.worst, o->out_digits);
                    fprintf(out, "%s (m = %lu)\n", s, cell.worst_m);
                    flint_free(s);
                }
                else
                    fprintf(out, "-\n");
            }
            /* the cell passes only as a whole: every point certified */
            {
                verdict_t cv = lossmax_verdict(cell.agg, M, 0);
                junit_cell(o->junit, var, ci, M, cv, cell.worst,
                    cell.worst_infinite, cell.worst_m, integral_clock() - t0, o);
                if (cv == VERDICT_EXCEEDS || cv == VERDICT_INFINITE)
                    violation = 1;
                else if (cv == VERDICT_INCONCLUSIVE)
                    inconclusive = 1;
            }
            cell_clear(&cell);
        }
        svt_model_clear(M);
    }

    /* the theorem: a shift coupling bounds the loss for every m at every
       cutoff checked (computed symbolically, in milliseconds) */
    {
        char line[512];
        proved = 1;
        for (ic = 0; ic < nc; ic++)
        {
            svt_model_t M;
            char err[256];
            svt_model_init(M);
            if (svt_model_set(M, var, o->eps, clist[ic], o->delta, &o->ov, err,
                    sizeof(err)) != 0 || !prove_claim_line(line, sizeof(line), M))
                proved = 0;
            else if (ic == 0)
                strcpy(proof_line, line);
            svt_model_clear(M);
        }
    }
    /* the decision: a proof, a certified violation, or neither (finite
       evidence is a pass only when the user accepts it as such) */
    accepted = !violation && !proved && !inconclusive && var->claimed != NULL
        && o->accept_evidence;
    rc = violation ? CHECK_VIOLATION : proved || var->claimed == NULL
        || accepted ? CHECK_PASS : CHECK_INCONCLUSIVE;
    junit_proof(o->junit, var, proved, violation, accepted);
    if (o->json)
    {
        /* the summary: the theorem beside the finite-m evidence */
        /* the verdict of all the cells: each was decided with its own
           cutoff's claim */
        svt_model_t M0;
        json_t * j;
        char err[256];
        verdict_t v = violation ? worst->verdict : proved ? VERDICT_WITHIN
            : var->claimed == NULL ? VERDICT_NO_CLAIM : VERDICT_INCONCLUSIVE;
        svt_model_init(M0);
        svt_model_set(M0, var, o->eps, clist[0], o->delta, &o->ov, err,
            sizeof(err));
        j = report_json_core("check", var->name, NULL, M0, 0, o->out_digits);
        json_object_set_new(j, "loss", report_json_lossmax(total, o->out_digits));
        report_json_set_verdict(j, v);
        report_json_set_seconds(j, integral_clock() - t_start);
        json_object_set_new(j, "m_max", json_integer((json_int_t) o->m_max));
        svt_model_clear(M0);
        json_object_set_new(j, "result", json_string(violation ? "violation"
            : proved ? "proved" : var->claimed == NULL ? "no-claim"
            : inconclusive ? "inconclusive" : accepted ? "evidence-accepted"
            : "no-violation-found"));
        json_object_set_new(j, "proved_for_every_m", json_boolean(proved && !violation));
        json_object_set_new(j, "proof", proved ? json_string(proof_line) : json_null());
        json_object_set_new(j, "ratios", json_integer(nratios));
        json_object_set_new(j, "exit", json_integer(rc));
        report_json_line(j);
    }
    if (!o->json)
    {
        /* one message per case */
        if (violation)
        {
            report_ctx ctx = { worst_ci->name, worst_ci->uses_m ? worst_m : 0, o->out_digits };
            if (proved)
                fprintf(out, "CONTRADICTION: a certified ratio exceeds a proved "
                    "bound; please report this\n");
            fprintf(out, "FAIL: certified violation of the claim of %s (exit 1). "
                "Counterexample:\n", var->name);
            report_ratio_human(out, worst_M, &ctx, worst);
        }
        else if (proved)
            fprintf(out, "PROVED for every m (c in the list above): %s; the "
                "finite-m table above is supporting evidence%s (exit 0)\n",
                proof_line, inconclusive ? " (its undecided ratios are covered "
                "by the proof)" : "");
        else if (var->claimed == NULL)
            fprintf(out, "NO CLAIM: %s claims no budget; the ratios above are "
                "reported only (exit 0)\n", var->name);
        else if (inconclusive)
            fprintf(out, "UNDECIDED: no certified violation, but some ratios "
                "could not be decided at the precision cap, and the claim is "
                "not proved for every m (exit 3)\n");
        else
        {
            slong k;
            fprintf(out, "%s: no violation of the claim of %s in %ld "
                "certified ratios (the constructions above, m <= %lu, c in {",
                accepted ? "NO VIOLATION FOUND" : "UNDECIDED", var->name,
                (long) nratios, o->m_max);
            for (k = 0; k < nc; k++)
                fprintf(out, "%s%ld", k ? ", " : "", (long) clist[k]);
            if (accepted)
                fprintf(out, "}); not proved for every m: this finite evidence "
                    "is accepted as asked (--accept-evidence, exit 0)\n");
            else
                fprintf(out, "}), and no proof for every m (`verify prove %s`): "
                    "finite evidence, not a proof (exit 3; --accept-evidence "
                    "accepts it with exit 0)\n", var->name);
        }
    }

    ratio_result_clear(worst);
    ratio_result_clear(r);
    svt_model_clear(worst_M);
    lossmax_clear(total);
    return rc;
}

int
verify_all(const check_opts * o)
{
    slong c = o->nc > 0 ? o->clist[0] : 1;
    slong v, k;
    FILE * out = o->out;
    int undecided_left = 0;

    char epsbuf[256];
    if (fmpz_bits(fmpq_numref(o->eps)) + fmpz_bits(fmpq_denref(o->eps)) > 600)
        strcpy(epsbuf, "?");
    if (!o->json)
    {
        fprintf(out, "Figure 2 of Lyu, Su and Li, measured: certified ln "
            "ratios, eps = %s, c = %ld, m up to %lu\n\n",
            fmpq_get_str(epsbuf, 10, o->eps), (long) c, o->m_max);
    }

    for (v = 0; v < svt_catalog_count(o->cat); v++)
    {
        const svt_variant_struct * var = svt_catalog_get(o->cat, v);
        svt_model_t M;
        char err[256];
        int any_inf = 0, any_grow = 0, any_exceed = 0, any_slow = 0;
        int var_incon = 0, var_proved = 0, var_violation = 0, accepted;
        arb_t best;
        const char * best_where = NULL;
        ulong best_m = 0;
        double best_slope = 0;

        svt_model_init(M);
        arb_init(best);
        arb_neg_inf(best);
        if (svt_model_set(M, var, o->eps, c, o->delta, &o->ov, err, sizeof(err)) != 0)
        {
            /* overrides that do not apply to this variant: use defaults */
            svt_model_set(M, var, o->eps, c, o->delta, NULL, err, sizeof(err));
        }
        if (!o->json)
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
        for (k = 0; k < construction_count(); k++)
        {
            const construction_info * ci = construction_get(k);
            const char * why = NULL;
            sweep_result_t s;
            verdict_t sv;
            char serr[256];
            double t0;
            if (!construction_applicable(ci, M, &why))
            {
                if (!o->json)
                    fprintf(out, "    %-13s n/a (%s)\n", ci->name, why);
                junit_skip(o->junit, var, ci, M, why);
                continue;
            }
            t0 = integral_clock();
            sweep_result_init(s);
            if (o->progress)
                fprintf(stderr, "\r  %s: %s ...                    ", var->name,
                    ci->name);
            sweep_run(s, M, ci, o->m_max, o->delta, o->T, &o->ro, 0, NULL,
                NULL, serr, sizeof(serr));
            if (o->progress)
                fprintf(stderr, "\r%60s\r", "");
            sv = lossmax_verdict(s->agg, M, 0);
            junit_cell(o->junit, var, ci, M, sv, s->max_loss,
                s->growth == GROWTH_INFINITE, s->max_loss_m,
                integral_clock() - t0, o);
            if (o->json)
            {
                json_t * j = report_json_core("all", var->name, ci->name, M, 0,
                    o->out_digits);
                json_object_set_new(j, "loss", report_json_lossmax(s->agg,
                    o->out_digits));
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
                json_object_set_new(j, "paper_property", json_string(var->paper_property));
                report_json_line(j);
            }
            else
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
                        : sv == VERDICT_INCONCLUSIVE ? "undecided"
                        : verdict_name(sv);
                    fprintf(out, "%-8s max ln ratio %s at m = %lu; %s",
                        rel, ml, s->max_loss_m, s->growth == GROWTH_NOT_SHOWN
                        ? "growth not shown" : growth_name(s->growth));
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
            if (M->has_claim && sv == VERDICT_INCONCLUSIVE)
                var_incon = 1;
            if (M->has_claim && (sv == VERDICT_EXCEEDS || sv == VERDICT_INFINITE))
                var_violation = 1;
            if (s->growth == GROWTH_INFINITE)
                any_inf = 1;
            else if (s->growth != GROWTH_NONE)
            {
                if (s->growth == GROWTH_LINEAR)
                {
                    any_grow = 1;
                    if (s->slope / (double) s->block > best_slope)
                        best_slope = s->slope / (double) s->block;
                }
                if (s->growth == GROWTH_SLOW)
                    any_slow = 1;
                if (M->has_claim && sv == VERDICT_EXCEEDS)
                    any_exceed = 1;
                if (!arb_is_finite(best) || arf_cmp(arb_midref(s->max_loss),
                        arb_midref(best)) > 0)
                {
                    arb_set(best, s->max_loss);
                    best_where = ci->name;
                    best_m = s->max_loss_m;
                }
            }
            sweep_result_clear(s);
        }
        if (!o->json)
        {
            fprintf(out, "  measured: ");
            if (!M->has_claim && !any_inf && best_where != NULL)
            {
                char * s = decimal_interval(best, 8);
                fprintf(out, "no claim to check; largest ln ratio %s (%s, m = %lu)%s%s\n",
                    s, best_where, best_m, any_grow ? "; grows linearly in m"
                    : "", any_slow ? "; growing slowly" : "");
                flint_free(s);
            }
            else if (any_inf)
                fprintf(out, "inf-DP (a probability ratio is infinite)\n");
            else if (any_grow)
                fprintf(out, "not private for any finite eps on this evidence: "
                    "ln ratio grows linearly in m (up to %.6g per query)\n",
                    best_slope);
            else if (any_exceed)
            {
                char * s = decimal_interval(best, 8);
                fprintf(out, "NOT eps-DP: ln ratio %s > claimed (%s, m = %lu)%s\n",
                    s, best_where, best_m, any_slow ? "; growing slowly" : "");
                flint_free(s);
            }
            else if (var_incon)
                fprintf(out, "undecided: no certified violation, but some "
                    "ratios could not be decided at the precision cap\n");
            else if (best_where != NULL)
            {
                char * s = decimal_interval(best, 8);
                fprintf(out, "consistent with the claim: largest ln ratio %s "
                    "(%s, m = %lu)%s\n", s, best_where, best_m,
                    any_slow ? "; growing slowly" : "");
                flint_free(s);
            }
            else
                fprintf(out, "no applicable construction\n");
        }
        {
            /* the proof for every m beside the measured maximum */
            align_result_t A;
            align_result_init(A);
            align_prove(A, M);
            if (A->proved && M->has_claim && align_compare_claim(A, M) <= 0)
                var_proved = 1;
            if (!o->json)
            {
                if (A->proved)
                {
                    char * b = decimal_interval(A->bound, 10), f[200];
                    char * l = best_where != NULL && !any_inf
                        ? decimal_bound(best, 10, 0) : NULL;
                    align_bound_form(f, sizeof(f), A);
                    fprintf(out, "  proved: ln ratio <= B = %s%s for every m%s%s%s\n",
                        f[0] ? f : b, f[0] ? " exactly," : "", l ? "; the largest "
                        "loss lies in [" : "", l ? l : "", l ? ", B]" : "");
                    flint_free(b);
                    if (l)
                        flint_free(l);
                }
                else
                    fprintf(out, "  proof: none (no shift coupling bounds the "
                        "loss; `verify prove %s`)\n", var->name);
            }
            align_result_clear(A);
            /* decided: proved for every m, or a certified violation (or
               finite evidence, when the user accepts it as such) */
            accepted = M->has_claim && !var_proved && !var_violation
                && !var_incon && o->accept_evidence;
            junit_proof(o->junit, var, var_proved, var_violation, accepted);
            if (M->has_claim && !var_proved && !var_violation && !accepted)
            {
                undecided_left = 1;
                if (!o->json)
                    fprintf(out, "  undecided: not proved for every m, and no "
                        "certified violation%s\n", var_incon ? " (some ratios "
                        "undecided at the precision cap)" : "");
            }
            else if (accepted && !o->json)
                fprintf(out, "  not proved for every m; no violation in the "
                    "certified ratios, accepted as evidence (--accept-evidence)\n");
            if (!o->json)
                fprintf(out, "\n");
        }
        arb_clear(best);
        svt_model_clear(M);
    }
    return undecided_left ? CHECK_INCONCLUSIVE : CHECK_PASS;
}
