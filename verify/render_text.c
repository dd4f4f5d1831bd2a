/* render_text.c -- results as text: `verify check` and `verify all` (the
   proof lines, the grid of constructions, the cells, the conclusions;
   check_run.h), `verify prove`, `verify delta`, `verify renyi`, `verify ratio
   --max-over-outputs`, `verify sweep` and `verify lint` (render.h).  Only printing: every number was decided before. */

#include <math.h>
#include <string.h>
#include "check_run.h"
#include "render.h"
#include "custom.h"
#include "report.h"
#include "witness.h"

/* the title of `verify check` */
void
check_text_title(FILE * out, const svt_variant_struct * var)
{
    fprintf(out, "verify check %s: %s [%s]\n", var->name, var->title,
        var->source);
}

/* the grid's table header */
void
check_text_grid_header(const check_run * K)
{
    FILE * out = K->o->out;
    fprintf(out, "  the constructions, m in 1..%lu (geometric):\n", K->o->m_max);
    fprintf(out, "  %-4s %-13s %6s %7s %7s %8s %6s %6s  %s\n", "c",
        "construction", "points", "within", "exceeds", "infinite",
        "imposs", "incon", "largest ln ratio [certified]");
}

/* one row of the table */
void
check_text_grid_row(const check_run * K, slong c, const construction_info * ci,
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

/* the conclusion in words; one message per status */
void
check_text_conclusion(const check_run * K, svt_status s, slong at, const svt_runs_t W,
    const ratio_result_t wr, const char * cmd, int accepted)
{
    FILE * out = K->o->out;
    const decision_struct * D = K->D + at;
    slong k;
    if (D->violated_by_proof && decision_violated(s))
    {
        char * l = D->have_L && !D->L_inf ? decimal_interval(D->L, K->o->out_digits)
            : NULL, * os;
        fprintf(out, "VIOLATED, UNBOUNDED (proved, c = %ld): the loss has no "
            "finite bound; %s\n", (long) K->clist[at], D->by_proof);
        if (svt_runs_length(W) > 0)
        {
            fprintf(out, "  the largest ratio computed, not certainly above "
                "the claim (%lu quer%s; ln ratio %s, %s):\n",
                svt_runs_length(W), svt_runs_length(W) == 1 ? "y" : "ies",
                l ? l : "-", D->L_where);
            witness_print_vector(out, "  q(D) ", W, 0);
            witness_print_vector(out, "  q(D')", W, 1);
            witness_print_vector(out, "  T    ", W, 2);
            os = custom_output_describe(W);
            fprintf(out, "    output  %s\n", os);
            flint_free(os);
        }
        else if (D->have_L)
            fprintf(out, "  the largest ratio computed, not certainly above "
                "the claim: ln ratio %s (%s)\n", l ? l : "inf", D->L_where);
        fprintf(out, "  re-check (the proof): %s\n(exit 1)\n", cmd ? cmd : "");
        flint_free(l);
    }
    else if (decision_violated(s))
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
            "asked (--accept-evidence, exit 0)" : K->above_eps_delta
            ? "; a ratio above e^eps is no evidence for the claim (exit 3, "
            "--accept-evidence or not)" : "; finite evidence, not a proof "
            "(exit 3; --accept-evidence accepts it with exit 0)");
        if (s == STATUS_UNDECIDED)
        {
            char lb[512];
            check_L_B_words(lb, sizeof(lb), D, K->o->out_digits);
            fprintf(out, "  at c = %ld: %s\n", (long) K->clist[at], lb);
        }
    }
}

/* the line of a cell in text */
void
all_text_cell(FILE * out, const construction_info * ci, const sweep_result_t s,
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

/* the variant's title lines */
void
all_text_variant(FILE * out, const svt_variant_struct * var,
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
void
all_text_measured(FILE * out, const all_variant * A, const svt_model_t M)
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
        fprintf(out, "NOT eps-DP: ln ratio %s > claimed (%s, m = %lu)%s%s\n",
            s, A->best_where, A->best_m, A->any_slow ? "; growing slowly" : "",
            claim_has_delta(M) ? "; " VERDICT_DELTA_NOTE : "");
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

/* the proof and its lower bound at cutoff c: one line */
void
check_text_prove(FILE * out, slong c, const prove_result_t P)
{
    char f[200], * b = NULL, * l = NULL;
    align_bound_form(f, sizeof(f), P->A);
    if (P->A->proved && !f[0])
        b = decimal_interval(P->A->bound, 10);
    if (P->have_L && !P->L_infinite)
        l = decimal_interval(P->L, 10);
    fprintf(out, "  c = %-3ld bound B: %s%s%s; lower bound L: %s%s%s%s\n",
        (long) c, P->A->proved ? (f[0] ? f : b) : P->decision == PROVE_UNBOUNDED
        && P->unbounded_proved ? "none" : "none found",
        P->A->proved && f[0] ? " exactly" : "", P->A->proved
        ? " (proved for every m)" : P->decision == PROVE_UNBOUNDED
        && P->unbounded_proved ? " (no finite bound, proved)" : "",
        P->have_L ? (P->L_infinite ? "inf" : l) : "none",
        P->have_L ? " (" : "", P->have_L ? P->L_desc : "", P->have_L ? ")" : "");
    flint_free(b);
    flint_free(l);
}

/* the decision of a variant of `verify all`: the proof and the status */
void
all_text_decision(FILE * out, const svt_variant_struct * var,
    const decision_struct * D, const prove_result_t P, int accepted)
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
    if (D->violated_by_proof)
        fprintf(out, "; the loss has no finite bound, proved: %s", D->by_proof);
    fprintf(out, "\n\n");
    flint_free(b);
    flint_free(l);
}

/* a construction that does not apply at cutoff c (check's grid) */
void
check_text_not_applicable(FILE * out, slong c, const construction_info * ci,
    const char * why)
{
    fprintf(out, "  %-4ld %-13s n/a: %s\n", (long) c, ci->name, why);
}

/* a construction that does not apply (all) */
void
all_text_not_applicable(FILE * out, const construction_info * ci,
    const char * why)
{
    fprintf(out, "    %-13s n/a (%s)\n", ci->name, why);
}

/* the title of `verify all` */
void
all_text_title(FILE * out, const check_opts * o, slong c)
{
    char epsbuf[256];
    if (fmpz_bits(fmpq_numref(o->eps)) + fmpz_bits(fmpq_denref(o->eps)) > 600)
        strcpy(epsbuf, "?");
    fprintf(out, "Figure 2 of Lyu, Su and Li, measured: certified ln "
        "ratios, eps = %s, c = %ld, m up to %lu\n\n",
        fmpq_get_str(epsbuf, 10, o->eps), (long) c, o->m_max);
}

/* ---- verify ratio --max-over-outputs ----------------------------------- */

void
maxout_text(const svt_variant_struct * var, const svt_model_t M,
    const maxout_struct * mo, const check_opts * o)
{
    report_ctx ctx = { "custom", 0, o->out_digits };
    char * os = custom_output_describe(mo->best_runs);
    char * ml = lossmax_string(mo->agg, o->out_digits);
    printf("%s privacy loss of the pair (maximum over %ld outputs, "
        "%ld of them impossible for %s):\n  max ln ratio %s\n  "
        "verdict %s\n", mo->numeric_searched ? "searched" : "exact",
        (long) mo->outputs, (long) mo->impossible,
        var->name, ml, verdict_name(mo->verdict));
    if (mo->nundecided > 0)
    {
        slong u;
        printf("  undecided: %ld output%s whose ratio the enclosure "
            "does not decide at the precision cap (--max-digits %ld)"
            "%s", (long) mo->nundecided, mo->nundecided == 1 ? "" : "s",
            (long) o->ro.max_digits, mo->verdict == VERDICT_INCONCLUSIVE
            ? ", so the maximum is undecided:" : verdict_violates(mo->verdict,
            M) ? " (a certified violation decides the maximum anyway):"
            : verdict_exceeds_delta_claim(mo->verdict, M) ? " (a certified "
            "ratio above e^eps; with delta > 0 the claim stays undecided):"
            : ":");
        for (u = 0; u < FLINT_MIN(mo->nundecided, MAXOUT_LIST_UNDECIDED); u++)
            printf(" %s", mo->undecided[u]);
        if (mo->nundecided > MAXOUT_LIST_UNDECIDED)
            printf(" ... (%ld more)", (long) (mo->nundecided
                - MAXOUT_LIST_UNDECIDED));
        printf("\n");
    }
    if (mo->partial)
        printf("  note: whether a run of %s stops after some of the "
            "shorter outputs is not decided here, so not every output "
            "was enumerated and \"within\" is never claimed.\n",
            var->name);
    if (mo->numeric_searched)
        printf("  note: %s outputs numbers.  The outputs were first "
            "enumerated as events (top = \"some number is output\"); "
            "then each number of the best pattern was searched "
            "coordinate-wise over T, q(D), q(D') +- k s/2 (k = -12..12, "
            "s the scale of the noise in the number).  The maximum is "
            "a certified lower bound on the supremum over numbers; a "
            "grid cannot certify that no larger value exists, so "
            "\"within\" is never claimed here.\n", var->name);
    printf("largest at output %s:\n", os);
    report_ratio_human(stdout, M, &ctx, mo->best);
    flint_free(os);
    flint_free(ml);
}

/* ---- verify sweep -------------------------------------------------------- */

static const char * const sweep_mult[4] = { "eps", "10 eps", "100 eps", "1000 eps" };

/* the points of a sweep and its classification */
static void
sweep_text_points(const svt_variant_struct * var, const construction_info * ci,
    const svt_model_t M, const sweep_result_t s, const check_opts * o)
{
    slong i;
    char * cl = decimal_interval(M->claimed, 10);
    printf("sweep %s on %s (%s)\n  ", var->name, ci->name, ci->shape);
    report_model_line(stdout, M);
    printf("\n  claimed eps %s\n  %12s  %-12s %s\n", cl, "m", "verdict",
        "max(ln ratio D/D', D'/D) [certified]");
    flint_free(cl);
    for (i = 0; i < s->len; i++)
    {
        char * v = arb_is_finite(s->pts[i].loss)
            ? decimal_interval(s->pts[i].loss, o->out_digits) : NULL;
        printf("  %12lu  %-12s %s\n", s->pts[i].m,
            verdict_name(s->pts[i].verdict), v ? v
            : s->pts[i].verdict == VERDICT_INFINITE ? "inf" : "-");
        flint_free(v);
    }
    printf("classification: %s", s->growth == GROWTH_NOT_SHOWN
        ? "growth not shown (the certified increments along m do not "
        "show growth; finitely many m show no bound either)"
        : growth_name(s->growth));
    if (s->growth == GROWTH_NOT_SHOWN || s->growth == GROWTH_SLOW)
    {
        char * ml = decimal_interval(s->max_loss, o->out_digits);
        printf(" -- largest ln ratio %s at m = %lu", ml, s->max_loss_m);
        flint_free(ml);
    }
    if (s->growth == GROWTH_LINEAR || s->growth == GROWTH_SLOW)
        printf("; fitted growth %.6g per block of %lu quer%s (%.6g per query) "
            "over the last decade", s->slope, s->block, s->block == 1 ? "y"
            : "ies", s->slope / (double) s->block);
    printf("\n");
}

/* the maximum over the points, the first m past multiples of eps, and
   the verdict on the claim */
void
sweep_text(const svt_variant_struct * var, const construction_info * ci,
    const svt_model_t M, const sweep_result_t s, const check_opts * o)
{
    char * ml = lossmax_string(s->agg, o->out_digits);
    slong k;
    sweep_text_points(var, ci, M, s, o);
    printf("maximum over the %ld points: %s, ln ratio %s", (long) s->len,
        verdict_name(lossmax_verdict(s->agg, M, 0)), ml);
    if (lossmax_undecided(s->agg) > 0)
        printf(" (%ld point%s undecided at the precision cap: never "
            "dropped)", (long) lossmax_undecided(s->agg),
            lossmax_undecided(s->agg) == 1 ? "" : "s");
    printf("\n");
    flint_free(ml);
    if (ci->uses_m)
        for (k = 0; k < 4; k++)
        {
            if (s->first_m[k])
                printf("  passes %-8s first at m = %lu (certified there)\n",
                    sweep_mult[k], s->first_m[k]);
            else if (s->first_m_extrap[k] > 0)
                printf("  passes %-8s not within m <= %lu; linear "
                    "extrapolation: m ~ %.6g\n", sweep_mult[k], o->m_max,
                    s->first_m_extrap[k]);
            else
                printf("  passes %-8s not within m <= %lu\n", sweep_mult[k],
                    o->m_max);
        }
    if (M->has_claim)
    {
        char cmd[600];
        report_recheck_command(cmd, sizeof(cmd), report_variant_arg(var), ci,
            s->max_loss_m, M->c, o->eps, o->delta, o->T);
        report_recheck_precision_buf(cmd, sizeof(cmd), &o->ro, -1);
        if (sweep_violated(s, M))
            printf("VIOLATED: a certified ratio exceeds the claim (m = %lu; "
                "re-check: %s)\n", s->max_loss_m, cmd);
        else if (verdict_exceeds_delta_claim(lossmax_verdict(s->agg, M, 0), M))
            printf("UNDECIDED: a certified ratio exceeds e^eps (m = %lu; "
                "re-check: %s), but %s\n", s->max_loss_m, cmd,
                VERDICT_DELTA_NOTE);
        else
            printf("no violation in these %ld certified ratios: finite evidence "
                "on one construction, not a proof (`verify prove %s` decides "
                "for every m)\n", (long) s->len, report_variant_arg(var));
    }
}

/* ---- verify lint --------------------------------------------------------- */

void
lint_text(const svt_variant_struct * v, const char * path)
{
    const char * refused = v->prog != NULL ? svt_program_joint_refusal(v->prog)
        : NULL;
    int s;
    printf("%s: ok -- %s: %s [%s]; claim: %s%s\n", path, v->name, v->title,
        v->source, v->claimed ? "a budget" : "none (report only)",
        v->monotone_only ? ", for monotone queries only" : "");
    if (refused != NULL)
        printf("  note: the engine's probabilities refuse it (%s); verify "
            "prove and check decide it\n", refused);
    /* where a run may end because no branch holds */
    for (s = 0; v->prog != NULL && s < v->prog->nstates; s++)
    {
        const prog_state * S = v->prog->states + s;
        if (S->nbranches > 0 && S->branches[S->nbranches - 1].ending)
            printf("  note: in state %s no branch may hold (line %d): the "
                "run then ends there, the output `end`\n", S->name, S->line);
    }
}

/* ---- verify prove ------------------------------------------------------- */

/* the input of L: its vectors and output, as `verify ratio ... custom`
   takes them */
static void
prove_print_input(FILE * out, const svt_runs_t R)
{
    char * os = custom_output_describe(R);
    witness_print_vector(out, "  q(D) ", R, 0);
    witness_print_vector(out, "  q(D')", R, 1);
    witness_print_vector(out, "  T    ", R, 2);
    fprintf(out, "    output  %s\n", os);
    flint_free(os);
}

/* a violation at its smallest: W, its ratio r, the command cmd that
   re-checks it as written */
static void
prove_print_smallest(FILE * out, const svt_runs_t W, const ratio_result_t r,
    const char * cmd)
{
    char * w = r->verdict == VERDICT_INFINITE ? NULL : decimal_interval(r->loss, 10);
    fprintf(out, "  the smallest witness (%lu quer%s, ln ratio %s): %s\n",
        svt_runs_length(W), svt_runs_length(W) == 1 ? "y" : "ies",
        w ? w : "inf", cmd);
    flint_free(w);
}

/* the one conclusion (decision.h), naming what it rests on */
static void
prove_print_status(FILE * out, const decision_t D, const prove_result_t P)
{
    switch (D->status)
    {
        case STATUS_PROVED:
            fprintf(out, "CLAIM PROVED: B <= the claimed eps, for every m (exit 0)\n");
            break;
        case STATUS_VIOLATED:
        case STATUS_UNBOUNDED:
            if (D->violated_by_proof)
            {
                fprintf(out, "CLAIM VIOLATED (UNBOUNDED): the loss has no "
                    "finite bound, proved; %s (exit 1)\n", D->by_proof);
                break;
            }
            fprintf(out, "CLAIM VIOLATED%s: a certified ratio exceeds the claimed "
                "eps%s (exit 1)\n", D->status == STATUS_UNBOUNDED ? " (UNBOUNDED)"
                : "", P->A->proved ? "; the bound B is proved, above the claim"
                : D->unbounded ? ", and the loss has no finite bound"
                : D->growing ? ", and it grows with m" : "");
            break;
        case STATUS_UNDECIDED:
            fprintf(out, "CLAIM UNDECIDED%s (exit 3)\n", P->stopped
                ? ": stopped by the time limit" : "");
            break;
        default:
            if (P->stopped)
                fprintf(out, "UNDECIDED: stopped by the time limit (exit 3)\n");
            break;
    }
}

void
prove_text(const prove_result_t P, const decision_t D,
    const svt_variant_struct * var, const svt_model_t M, const search_opts * o,
    const svt_runs_t W, const ratio_result_t wr, const char * cmd)
{
    FILE * out = o->base.out;
    slong i, d = prove_sandwich_digits(P), dg = o->base.out_digits;
    fprintf(out, "verify prove %s: %s [%s]\n  ", var->name, var->title, var->source);
    report_model_line(out, M);
    if (M->has_claim)
    {
        char * cl = decimal_interval(M->claimed, 10);
        fprintf(out, "  claim: ln ratio <= %s%s\n", cl, var->monotone_only
            ? " for monotone neighbours (q' >= q everywhere, or <= everywhere)" : "");
        flint_free(cl);
    }
    else
        fprintf(out, "  claim: none (report only)\n");
    fprintf(out, "  bound: %s\n", P->decision == PROVE_PROVED ? "B proved: "
        "ln ratio <= B for every m, every pair of neighbouring inputs and every "
        "output" : P->decision == PROVE_UNBOUNDED && P->unbounded_proved ? "none: "
        "the privacy loss has no finite bound (no shift coupling bounds it, and "
        "a certified family proves it: below)" : P->decision == PROVE_UNBOUNDED
        ? "none found: no shift coupling bounds the loss, and a family's "
        "certified ln ratios grow by increments that do not shrink (below); "
        "that the loss has no bound at all is not proved" : P->A->proved
        ? "B proved (below)" : "none found");
    if (P->A->proved)
    {
        fprintf(out, "  proof (a shift coupling: D's noises mapped one to one onto "
            "D''s, each move of a Laplace noise of scale b by t paid as |t|/b):\n");
        for (i = 0; i < P->A->nsteps; i++)
            fprintf(out, "    %ld. %s\n", (long) i + 1, P->A->steps[i]);
    }
    if (P->reason[0])
        fprintf(out, "  reason: %s\n", P->reason);
    if (P->family[0])
        fprintf(out, "  certified family: %s\n", P->family);
    if (P->A->proved)
    {
        char * b = decimal_interval(P->A->bound, dg), f[200];
        align_bound_form(f, sizeof(f), P->A);
        if (f[0])
            fprintf(out, "  upper bound B = %s exactly (%s)\n", f, b);
        else
            fprintf(out, "  upper bound B = %s\n", b);
        flint_free(b);
    }
    if (P->have_L)
    {
        if (P->L_infinite)
            fprintf(out, "  lower bound L = inf (%s)\n", P->L_desc);
        else
        {
            char * l = decimal_interval(P->L, dg);
            fprintf(out, "  lower bound L = %s (%s)\n", l, P->L_desc);
            flint_free(l);
        }
    }
    else
        fprintf(out, "  lower bound L: %s\n", o->lower == SEARCH_LOWER_NONE
            ? "not computed (--lower-bound none)" : "none found");
    if (P->have_L && P->LR->len > 0)
        prove_print_input(out, P->LR);
    if (prove_says_untight(P))
        fprintf(out, "  L below B: %s\n", P->W->untight);
    if (prove_says_longer_run(P))
    {
        char * c = report_recheck_custom(var, P->W->longer, M->c, o->base.eps,
            o->base.delta, &o->base.ov);
        report_recheck_precision(&c, &o->base.ro, -1);
        fprintf(out, "  its input (not certified here; `verify ratio` takes up "
            "to %d queries, and --work bounds it): %s\n",
            PROG_JOINT_MAX_SMALL_RUN, c);
        flint_free(c);
    }
    if (W != NULL)
        prove_print_smallest(out, W, wr, cmd);
    if (P->A->proved && P->have_L && !P->L_infinite)
    {
        /* a loss is |ln ratio| >= 0: an L that straddles 0 says 0 */
        char * lo = arb_is_nonnegative(P->L) ? decimal_bound(P->L, dg, 0) : NULL;
        char * hi = decimal_bound(P->A->bound, dg, 1);
        fprintf(out, "  the largest loss over all m and inputs lies in [%s, %s]%s",
            lo != NULL ? lo : "0", hi, d >= 8 ? "" : "\n");
        if (d >= 8)
            fprintf(out, ": exact (L and B meet to %ld digits)\n", (long) d);
        flint_free(lo);
        flint_free(hi);
    }
    if (var->dipa != NULL && !P->A->proved)
        dipa_cond_text(out, var->dipa, 1);
    prove_print_status(out, D, P);
    fprintf(out, "  %.3f s for the proof, %.2f s in all (the witness: %ld "
        "ratio%s; ", P->proof_seconds, P->seconds, (long) P->W->ratios,
        P->W->ratios == 1 ? "" : "s");
    if (P->searched)
        fprintf(out, "the search: work %.2f of %ld, --work, the witness's "
            "included)\n", (double) P->work / SEARCH_WORK_UNIT, (long) o->work);
    else
        fprintf(out, "no search%s; work %.2f of %ld, --work)\n",
            o->lower == SEARCH_LOWER_NONE ? ", --lower-bound none"
            : ": the witness settles L", (double) P->work / SEARCH_WORK_UNIT,
            (long) o->work);
}

/* ---- verify delta, verify renyi ------------------------------------------ */

static void
approx_print_interval(FILE * f, const arb_t x, slong digits)
{
    char * s = decimal_interval(x, digits);
    fputs(s, f);
    flint_free(s);
}

static void
approx_text_header(const approx_pair_t A, const svt_model_t M,
    const approx_opts * a, const char * what)
{
    slong dg = a->o->out_digits;
    char * cnt;
    fmpz_t total;
    slong i;
    fmpz_init(total);
    for (i = 0; i < A->C->len; i++)
        fmpz_add(total, total, A->C->count + i);
    cnt = fmpz_get_str(NULL, 10, total);
    printf("%s on %s", M->var->name, a->pair_name);
    if (a->m > 0)
        printf(", m = %lu", a->m);
    printf(": %s over every output\n  ", what);
    report_model_line(stdout, M);
    printf("\n  outputs          %s output vector%s in %ld class%s%s\n",
        strlen(cnt) > 40 ? "many" : cnt, fmpz_is_one(total) ? "" : "s",
        (long) A->C->len, A->C->len == 1 ? "" : "es", A->C->symmetric
        ? " of equal probability (outputs that differ only by the order of "
        "top and bot inside a run of identical queries)" : " (one each)");
    if (strlen(cnt) > 40)
        printf("                   (%ld digits)\n", (long) strlen(cnt));
    printf("  total Pr         D: ");
    approx_print_interval(stdout, A->total[0], dg);
    printf(", D': ");
    approx_print_interval(stdout, A->total[1], dg);
    printf("%s\n", approx_pair_complete(A) ? " (every output counted)" : "");
    if (A->C->numbers_merged)
        printf("  note             %s releases numbers: each released number is "
            "counted as its top event here.  The divergences of the full "
            "output are at least these (post-processing never increases "
            "them), so a violation stands, while `within` is not claimed.\n",
            M->var->name);
    if (A->C->partial)
        printf("  note             whether a run of %s stops after some of "
            "the shorter outputs is not decided here, so not every output was "
            "counted: `within` is not claimed.\n", M->var->name);
    if (A->unsupported > 0)
        printf("  note             %ld class%s could not be certified (%s): "
            "each counts as a probability in [0, 1].\n", (long) A->unsupported,
            A->unsupported == 1 ? "" : "es", A->note ? A->note : "");
    fmpz_clear(total);
    flint_free(cnt);
}

/* "[lo, hi]": the lower end of lo, the upper end of hi ("inf" allowed) */
static char *
approx_ends_string(const arb_t lo, const arb_t hi, slong dg)
{
    char * a = decimal_bound(lo, dg, 0), * b = decimal_bound(hi, dg, 1);
    char * s = flint_malloc(strlen(a) + strlen(b) + 8);
    sprintf(s, "[%s, %s]", a, b);
    flint_free(a);
    flint_free(b);
    return s;
}

static void
approx_print_ends(const arb_t lo, const arb_t hi, slong dg)
{
    char * s = approx_ends_string(lo, hi, dg);
    fputs(s, stdout);
    flint_free(s);
}

void
delta_text(const delta_result * r, const approx_pair_t A, const svt_model_t M,
    const approx_opts * a)
{
    static const char * side[3] = { "D against D'", "D' against D", "delta" };
    slong dg = a->o->out_digits, k;
    approx_text_header(A, M, a, "delta");
    printf("  pure loss        max |ln ratio| over outputs ");
    approx_print_interval(stdout, r->pl, dg);
    printf("\n  delta at eps_prv = ");
    approx_print_interval(stdout, r->E, dg);
    for (k = 0; k < 3; k++)
    {
        printf("\n    %-15s", side[k]);
        approx_print_interval(stdout, r->d[k], dg);
    }
    printf("\n  claimed          ");
    if (M->has_claim)
    {
        printf("(eps, delta) = (");
        approx_print_interval(stdout, M->claimed, 6);
        printf(", ");
        approx_print_interval(stdout, M->claimed_delta, 6);
        printf(")\n");
    }
    else
        printf("none (report only)\n");
    printf("  verdict          %s%s\n", verdict_name(r->v),
        r->v == VERDICT_EXCEEDS ? " -- this pair alone needs more than the "
        "claimed delta at the claimed eps" : r->v == VERDICT_WITHIN ? " -- "
        "this pair stays within the claimed delta (a pair is a lower "
        "bound on the mechanism's delta)" : r->v == VERDICT_INCONCLUSIVE
        ? " -- the enclosure or the outputs counted do not decide it" : "");
    if (r->want_eps)
    {
        printf("  eps_prv at delta = %s\n                   ", r->ts);
        approx_print_ends(r->lo, r->hi, dg);
        printf(" (the smallest eps_prv with delta <= the target)\n");
    }
    if (r->npts > 0)
        printf("  curve            eps_prv: delta (certified)\n");
    for (k = 0; k < r->npts; k++)
    {
        char * es = decimal_fmpq(r->ce + k, 6);
        printf("    %-12s ", es);
        approx_print_interval(stdout, r->cd + k, dg);
        printf("\n");
        flint_free(es);
    }
    printf("  seconds          %.3g (%ld integrals)\n", A->seconds,
        (long) A->integrals);
}

void
renyi_text(const approx_pair_t A, const svt_model_t M, const approx_opts * a,
    arb_srcptr al, arb_srcptr d, slong npts)
{
    slong dg = a->o->out_digits, k;
    approx_text_header(A, M, a, "Renyi divergence");
    printf("  alpha            D_alpha(D||D')   D_alpha(D'||D)   max\n");
    for (k = 0; k < npts; k++)
    {
        printf("    ");
        approx_print_interval(stdout, al + k, 6);
        printf("  ");
        approx_print_interval(stdout, d + 3 * k, dg);
        printf("  ");
        approx_print_interval(stdout, d + 3 * k + 1, dg);
        printf("  ");
        approx_print_interval(stdout, d + 3 * k + 2, dg);
        printf("\n");
    }
    printf("  seconds          %.3g (%ld integrals)\n", A->seconds,
        (long) A->integrals);
}

/* ---- search -------------------------------------------------------- */

void
search_outcome_text(const search_outcome * so)
{
    FILE * out = so->out;
    fprintf(out, "  tried %ld ratios, work %.2f of %ld (--work), in %.1f s: "
        "%ld within, %ld exceed, %ld infinite, %ld impossible, %ld "
        "undecided\n", (long) so->evaluated, (double) so->work
        / SEARCH_WORK_UNIT, (long) so->work_budget, so->seconds_used,
        (long) so->within, (long) so->exceeds, (long) so->infinite,
        (long) so->impossible, (long) so->inconclusive);
    if (so->timed_out > 0)
        fprintf(out, "  (%ld more were stopped by the time limit before "
            "they were decided, and are not counted)\n",
            (long) so->timed_out);
    if (so->stopped)
        fprintf(out, "  STOPPED by the time limit (--seconds %.0f) before "
            "the work budget was done: no verdict (exit 3); what was found "
            "is below, but a run with more time could find more\n",
            so->seconds_limit);
    else if (so->above_delta)
        fprintf(out, "  UNDECIDED: the largest ratio found exceeds e^eps, but "
            "%s (exit 3)\n", VERDICT_DELTA_NOTE);
    else if (!so->violation && so->inconclusive > 0)
        fprintf(out, "  INCONCLUSIVE: %ld ratio%s could not be decided at "
            "the precision cap; they are counted, not dropped (exit 3)\n",
            (long) so->inconclusive, so->inconclusive == 1 ? "" : "s");
    if (so->have_best)
    {
        report_ctx ctx = { "custom", 0, so->out_digits };
        char * os = custom_output_describe(so->best_R);
        fprintf(out, "%s: %s\n", so->violation ? "VIOLATION (certified)"
            : so->stopped ? "stopped by the time limit; the largest ratio "
            "found before it" : "no certified violation; the largest ratio "
            "found", so->best_desc);
        witness_print_vector(out, "q(D) ", so->best_R, 0);
        witness_print_vector(out, "q(D')", so->best_R, 1);
        witness_print_vector(out, "T    ", so->best_R, 2);
        fprintf(out, "  output %s\n", os);
        flint_free(os);
        report_ratio_human(out, so->M, &ctx, so->best_r);
        fprintf(out, "  family in m (best input, a block repeated m times): %s",
            so->growth);
        if (strcmp(so->growth, "growing") == 0)
            fprintf(out, " (~%.6g per repetition of %lu quer%s, %.6g per "
                "query)", so->slope, so->block, so->block == 1 ? "y" : "ies",
                so->slope / (double) so->block);
        if (so->family_note[0])
            fprintf(out, "\n  the family's certified ln ratios: %s", so->family_note);
        if (so->proof[0])
            fprintf(out, "\n  %s\n", so->proof);
        else if (strncmp(so->growth, "growing", 7) == 0)
            fprintf(out, "\n  the growth is evidence, not a proof: no pointwise "
                "kappa > 1 was certified over the whole domain\n");
        else if (strncmp(so->growth, "not measured", 12) == 0)
            fprintf(out, "\n  %s\n", so->violation ? "the violation is certified "
                "at the input above" : "");
        else
            fprintf(out, "\n  %s\n", so->violation ? "the violation is certified "
                "at the input above; growth in m is not decided on this "
                "family" : "");
    }
    if (so->violation)
    {
        char * os = custom_output_describe(so->witness), * w = so->witness_r->verdict
            == VERDICT_INFINITE ? NULL : decimal_interval(so->witness_r->loss,
            so->out_digits);
        fprintf(out, "VIOLATED: the smallest witness (%lu quer%s), ln ratio %s:\n",
            svt_runs_length(so->witness), svt_runs_length(so->witness) == 1 ? "y" : "ies",
            w ? w : "inf");
        witness_print_vector(out, "q(D) ", so->witness, 0);
        witness_print_vector(out, "q(D')", so->witness, 1);
        witness_print_vector(out, "T    ", so->witness, 2);
        fprintf(out, "  output %s\n  re-check: %s\n", os,
            so->recheck ? so->recheck : "(none: not certified again)");
        flint_free(os);
        flint_free(w);
    }
    }

void
search_header_text(const svt_variant_struct * var,
    const svt_model_struct * const * models, slong nc, const search_opts * o)
{
    FILE * out = o->base.out;
    slong ic;

    fprintf(out, "verify search %s: %s [%s]\n", var->name, var->title, var->source);
    fprintf(out, "  claim: ");
    if (models[0]->has_claim)
    {
        char * cl = decimal_interval(models[0]->claimed, 10);
        fprintf(out, "%s%s", cl, var->monotone_only ? " for monotone queries" : "");
        flint_free(cl);
    }
    else
        fprintf(out, "none (report only)");
    fprintf(out, "; c in");
    for (ic = 0; ic < nc; ic++)
        fprintf(out, " %ld", (long) models[ic]->c);
    fprintf(out, "; work %ld (time limit %.0f s); seed %lu; shard %ld/%ld\n",
        (long) o->work, o->seconds, o->seed,
        (long) o->shard, (long) o->nshards);
    if (svt_program_reads_no_input(svt_variant_program(var)))
        fprintf(out, "  note: no state of this automaton reads its input "
            "(every state is non-input), so its outputs do not depend on "
            "the input and its privacy loss is 0, whatever a syntactic "
            "check reports\n");
}
