/* cmd_ratio.c -- `verify ratio VARIANT PAIR`: one pair, one output (or the
   maximum over every output: --max-over-outputs). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "custom.h"
#include "render.h"
#include "report.h"
#include "search.h"

int
cmd_ratio(cli_struct * cl)
{
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    ratio_limits lim;
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
    /* --work W: each ratio's integrals may spend W units (none by
       default); past it the ratio is inconclusive, at the same place on
       every machine */
    memset(&lim, 0, sizeof(lim));
    if (cl->value[O_WORK])
    {
        lim.max_work = (slong) cli_count(cl, O_WORK, 1, 1, 1000000,
            "an integer number of work units from 1 to 10^6") * SEARCH_WORK_UNIT;
        o.ro.limits = &lim;
    }

    if (cl->value[O_MAXOUT])
    {
        maxout_struct mo;
        double t0 = integral_clock();
        maxout_init(&mo);
        if (maxout_run(&mo, M, R, &o.ro, err, sizeof(err)) != 0)
            cli_die(err);
        if (o.json)
            maxout_json(var, M, &mo, &o, t0);
        else
            maxout_text(var, M, &mo, &o);
        rc = verdict_exit(mo.verdict, M);
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
        rc = verdict_exit(r->verdict, M);
        ratio_result_clear(r);
    }

    svt_runs_clear(R);
    svt_model_clear(M);
    check_opts_clear(&o);
    return rc;
}

