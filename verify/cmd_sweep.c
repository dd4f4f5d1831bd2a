/* cmd_sweep.c -- `verify sweep VARIANT CONSTRUCTION`: the ln ratio along m. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "render.h"

static void
sweep_progress(void * data, ulong m, const ratio_result_t r)
{
    (void) data;
    fprintf(stderr, "\r  m = %lu: %s        ", m, verdict_name(r->verdict));
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
    slong k;
    double t0;

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
        sweep_json(var, ci, M, s, &o, t0);
    else
        sweep_text(var, ci, M, s, &o);
    /* 1 when a ratio certainly violates the claim, 3 when one is undecided */
    k = verdict_exit(lossmax_verdict(s->agg, M, 0), M);
    sweep_result_clear(s);
    svt_model_clear(M);
    check_opts_clear(&o);
    return (int) k;
}

