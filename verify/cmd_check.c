/* cmd_check.c -- `verify check VARIANT` and `verify all`. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "junit.h"

/* check VARIANT, or all */
static int
check_or_all(cli_struct * cl, int all)
{
    const svt_variant_struct * var = NULL;
    check_opts o;
    int rc;
    if (!all)
    {
        if (cl->npos < 2)
            cli_die("check needs VARIANT (see verify list)");
        var = cli_variant(cl, cl->pos[1]);
    }
    check_opts_init(&o);
    cli_refuse(cl, all ? "all" : "check");
    cli_common_options(&o, cl, 1000, 480);
    cli_rational(o.T, cl, O_T, "0", 0);
    if (cl->value[O_C] && cl->value[O_CLIST])
        cli_die("--c and --c-list: give one of them");
    cli_clist(&o, cl);
    if (all && o.nc > 1)
        cli_die("all: give a single --c");
    if (!all)
    {
        cli_require_cutoff(cl, var, &o);
        /* validate the overrides once */
        svt_model_t M;
        char err[512];
        svt_model_init(M);
        if (svt_model_set(M, var, o.eps, o.nc ? o.clist[0] : 1, o.delta, &o.ov,
                err, sizeof(err)) != 0)
            cli_die(err);
        svt_model_clear(M);
    }
    o.cat = cl->catalog;
    {
        junit_t J;
        char err[1024];
        junit_init(J);
        /* the report file is opened before the work, and fails then */
        if (cl->value[O_JUNIT] != NULL)
        {
            if (junit_open(J, cl->value[O_JUNIT], err, sizeof(err)) != 0)
                cli_die(err);
            o.junit = J;
        }
        o.accept_evidence = cl->value[O_ACCEPT] != NULL;
        o.grid = cl->value[O_MMAX] != NULL;
        o.lower = cli_lower_mode(cl);
        rc = all ? verify_all(&o) : verify_check(var, &o);
        if (o.junit != NULL && junit_write(J, all ? "verify all"
                : "verify check") != 0)
        {
            fprintf(stderr, "verify: --junit: writing '%s' failed\n",
                cl->value[O_JUNIT]);
            rc = 2;
        }
        junit_clear(J);
    }
    check_opts_clear(&o);
    return rc;
}


int
cmd_check(cli_struct * cl)
{
    return check_or_all(cl, 0);
}

int
cmd_all(cli_struct * cl)
{
    return check_or_all(cl, 1);
}
