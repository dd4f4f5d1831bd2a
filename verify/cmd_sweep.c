/* cmd_sweep.c -- `verify sweep VARIANT CONSTRUCTION`: the ln ratio along m. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "report.h"

static void
sweep_progress(void * data, ulong m, const ratio_result_t r)
{
    (void) data;
    fprintf(stderr, "\r  m = %lu: %s        ", m, verdict_name(r->verdict));
}

/* a point of the sweep certainly exceeds the claim */
static int
sweep_violated(const sweep_result_t s, const svt_model_t M)
{
    verdict_t v = lossmax_verdict(s->agg, M, 0);
    return M->has_claim && (v == VERDICT_EXCEEDS || v == VERDICT_INFINITE);
}

int
cmd_sweep(cli_struct * cl)
{
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    svt_model_t M;
    sweep_result_t s;
    char err[1024];
    slong i, k;
    double t0;
    static const char * mult[4] = { "eps", "10 eps", "100 eps", "1000 eps" };

    if (cl->npos < 3)
        cli_die("sweep needs VARIANT and CONSTRUCTION (see verify list)");
    var = cli_variant(cl, cl->pos[1]);
    ci = cli_construction(cl->pos[2], 0);
    check_opts_init(&o);
    cli_refuse(cl, "sweep");
    cli_common_options(&o, cl, 1000000, 240);
    cli_require_cutoff(cl, var, &o);
    cli_rational(o.T, cl, O_T, "0", 0);
    svt_model_init(M);
    if (svt_model_set(M, var, o.eps, o.nc ? o.clist[0] : 1, o.delta, &o.ov,
            err, sizeof(err)) != 0)
        cli_die(err);
    cli_require_numeric(ci, M);
    sweep_result_init(s);
    t0 = integral_clock();
    sweep_run(s, M, ci, o.m_max, o.delta, o.T, &o.ro, 1,
        o.progress ? sweep_progress : NULL, NULL, err, sizeof(err));
    if (o.progress)
        fprintf(stderr, "\r%60s\r", "");

    if (o.json)
    {
        for (i = 0; i < s->len; i++)
        {
            json_t * j = report_json_core("sweep-point", var->name, ci->name,
                M, s->pts[i].m, o.out_digits);
            report_json_set_loss(j, s->pts[i].loss, o.out_digits);
            report_json_set_verdict(j, s->pts[i].verdict);
            report_json_line(j);
        }
        {
            json_t * j = report_json_core("sweep", var->name, ci->name, M, 0,
                o.out_digits), * fm = json_array();
            json_object_set_new(j, "loss", report_json_lossmax(s->agg, o.out_digits));
            report_json_set_verdict(j, lossmax_verdict(s->agg, M, 0));
            report_json_set_seconds(j, integral_clock() - t0);
            json_object_set_new(j, "m_max", json_integer((json_int_t) o.m_max));
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
    else
    {
        char * cl = decimal_interval(M->claimed, 10);
        printf("sweep %s on %s (%s)\n  ", var->name, ci->name, ci->shape);
        report_model_line(stdout, M);
        printf("\n  claimed eps %s\n  %12s  %-12s %s\n", cl, "m", "verdict",
            "max(ln ratio D/D', D'/D) [certified]");
        flint_free(cl);
        for (i = 0; i < s->len; i++)
        {
            char * v = arb_is_finite(s->pts[i].loss)
                ? decimal_interval(s->pts[i].loss, o.out_digits) : NULL;
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
            char * ml = decimal_interval(s->max_loss, o.out_digits);
            printf(" -- largest ln ratio %s at m = %lu", ml, s->max_loss_m);
            flint_free(ml);
        }
        if (s->growth == GROWTH_LINEAR || s->growth == GROWTH_SLOW)
            printf("; fitted growth %.6g per block of %lu quer%s (%.6g per query) "
                "over the last decade", s->slope, s->block, s->block == 1 ? "y"
                : "ies", s->slope / (double) s->block);
        printf("\n");
        {
            char * ml = lossmax_string(s->agg, o.out_digits);
            printf("maximum over the %ld points: %s, ln ratio %s", (long) s->len,
                verdict_name(lossmax_verdict(s->agg, M, 0)), ml);
            if (lossmax_undecided(s->agg) > 0)
                printf(" (%ld point%s undecided at the precision cap: never "
                    "dropped)", (long) lossmax_undecided(s->agg),
                    lossmax_undecided(s->agg) == 1 ? "" : "s");
            printf("\n");
            flint_free(ml);
        }
        if (ci->uses_m)
            for (k = 0; k < 4; k++)
            {
                if (s->first_m[k])
                    printf("  passes %-8s first at m = %lu (certified there)\n",
                        mult[k], s->first_m[k]);
                else if (s->first_m_extrap[k] > 0)
                    printf("  passes %-8s not within m <= %lu; linear "
                        "extrapolation: m ~ %.6g\n", mult[k], o.m_max,
                        s->first_m_extrap[k]);
                else
                    printf("  passes %-8s not within m <= %lu\n", mult[k], o.m_max);
            }
    }
    if (!o.json && M->has_claim)
    {
        char cmd[600];
        report_recheck_command(cmd, sizeof(cmd), report_variant_arg(var), ci,
            s->max_loss_m, M->c, o.eps, o.delta, o.T);
        if (sweep_violated(s, M))
            printf("VIOLATED: a certified ratio exceeds the claim (m = %lu; "
                "re-check: %s)\n", s->max_loss_m, cmd);
        else
            printf("no violation in these %ld certified ratios: finite evidence "
                "on one construction, not a proof (`verify prove %s` decides "
                "for every m)\n", (long) s->len, report_variant_arg(var));
    }
    /* 1 when a ratio certainly exceeds the claim, 3 when one is undecided */
    k = cli_verdict_exit(lossmax_verdict(s->agg, M, 0));
    sweep_result_clear(s);
    svt_model_clear(M);
    check_opts_clear(&o);
    return (int) k;
}

