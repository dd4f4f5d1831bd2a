/* cmd_ratio.c -- `verify ratio VARIANT PAIR`: one pair, one output (or the
   maximum over every output: --max-over-outputs). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "custom.h"
#include "report.h"

int
cmd_ratio(cli_struct * cl)
{
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    svt_model_t M;
    svt_runs_t R;
    char err[1024];
    ulong m;
    int rc = 0;

    if (cl->npos < 3)
        cli_die("ratio needs VARIANT and CONSTRUCTION (see verify list)");
    var = cli_variant(cl, cl->pos[1]);
    ci = cli_construction(cl->pos[2], 1);
    check_opts_init(&o);
    cli_refuse(cl, "ratio");
    cli_common_options(&o, cl, 1000000, 240);
    m = cli_model_and_pair(M, R, cl, var, ci, &o, cl->value[O_MAXOUT] == NULL);

    if (cl->value[O_MAXOUT])
    {
        maxout_struct mo;
        double t0 = integral_clock();
        maxout_init(&mo);
        if (maxout_run(&mo, M, R, &o.ro, err, sizeof(err)) != 0)
            cli_die(err);
        if (o.json)
        {
            report_ctx ctx = { "custom", 0, o.out_digits };
            json_t * j = report_json_core("max-over-outputs", var->name,
                "custom", M, 0, o.out_digits), * und = json_array();
            char * os = custom_output_describe(mo.best_runs);
            slong u;
            for (u = 0; u < FLINT_MIN(mo.nundecided, MAXOUT_LIST_UNDECIDED); u++)
                json_array_append_new(und, json_string(mo.undecided[u]));
            json_object_set_new(j, "loss", report_json_lossmax(mo.agg, o.out_digits));
            report_json_set_verdict(j, mo.verdict);
            report_json_set_seconds(j, integral_clock() - t0);
            json_object_set_new(j, "outputs_enumerated", json_integer(mo.outputs));
            json_object_set_new(j, "outputs_impossible", json_integer(mo.impossible));
            json_object_set_new(j, "outputs_undecided", json_integer(mo.nundecided));
            json_object_set_new(j, "undecided_outputs", und);
            json_object_set_new(j, "numbers_searched_on_grid", json_boolean(mo.numeric_searched));
            json_object_set_new(j, "argmax_output", json_string(os));
            json_object_set_new(j, "argmax", report_ratio_json(M, &ctx, mo.best));
            report_json_line(j);
            flint_free(os);
        }
        else
        {
            report_ctx ctx = { "custom", 0, o.out_digits };
            char * os = custom_output_describe(mo.best_runs);
            char * ml = lossmax_string(mo.agg, o.out_digits);
            printf("%s privacy loss of the pair (maximum over %ld outputs, "
                "%ld of them impossible for %s):\n  max ln ratio %s\n  "
                "verdict %s\n", mo.numeric_searched ? "searched" : "exact",
                (long) mo.outputs, (long) mo.impossible,
                var->name, ml, verdict_name(mo.verdict));
            if (mo.nundecided > 0)
            {
                slong u;
                printf("  undecided: %ld output%s whose ratio the enclosure "
                    "does not decide at the precision cap (--max-digits %ld)"
                    "%s", (long) mo.nundecided, mo.nundecided == 1 ? "" : "s",
                    (long) o.ro.max_digits, mo.verdict == VERDICT_INCONCLUSIVE
                    ? ", so the maximum is undecided:" : " (a certified "
                    "violation decides the maximum anyway):");
                for (u = 0; u < FLINT_MIN(mo.nundecided, MAXOUT_LIST_UNDECIDED); u++)
                    printf(" %s", mo.undecided[u]);
                if (mo.nundecided > MAXOUT_LIST_UNDECIDED)
                    printf(" ... (%ld more)", (long) (mo.nundecided - MAXOUT_LIST_UNDECIDED));
                printf("\n");
            }
            if (mo.partial)
                printf("  note: whether a run of %s stops after some of the "
                    "shorter outputs is not decided here, so not every output "
                    "was enumerated and \"within\" is never claimed.\n",
                    var->name);
            if (mo.numeric_searched)
                printf("  note: %s outputs numbers.  The outputs were first "
                    "enumerated as events (top = \"some number is output\"); "
                    "then each number of the best pattern was searched "
                    "coordinate-wise over T, q(D), q(D') +- k s/2 (k = -12..12, "
                    "s the scale of the noise in the number).  The maximum is "
                    "a certified lower bound on the supremum over numbers; a "
                    "grid cannot certify that no larger value exists, so "
                    "\"within\" is never claimed here.\n", var->name);
            printf("largest at output %s:\n", os);
            report_ratio_human(stdout, M, &ctx, mo.best);
            flint_free(os);
            flint_free(ml);
        }
        rc = cli_verdict_exit(mo.verdict);
        maxout_clear(&mo);
    }
    else
    {
        ratio_result_t r;
        report_ctx ctx = { ci ? ci->name : "custom", ci && ci->uses_m ? m : 0,
            o.out_digits };
        ratio_result_init(r);
        ratio_decide(r, M, R, &o.ro);
        if (o.json)
            report_json_line(report_ratio_json(M, &ctx, r));
        else
        {
            report_ratio_human(stdout, M, &ctx, r);
            if (ci && ci->numeric)
                printf("  (an output with numbers: the probabilities are densities)\n");
        }
        rc = cli_verdict_exit(r->verdict);
        ratio_result_clear(r);
    }

    svt_runs_clear(R);
    svt_model_clear(M);
    check_opts_clear(&o);
    return rc;
}

