/* cmd_check.c -- `verify check VARIANT` and `verify all`. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "junit.h"
#include "prove.h"

/* the options of check (var) or all (var NULL) into o */
static void
check_options(check_opts * o, const cli_t cl, const svt_variant_struct * var)
{
    svt_model_t M;
    char err[512];
    cli_common_options(o, cl, 1000, 480);
    cli_rational(o->T, cl, O_T, "0", 0);
    if (cl->value[O_C] && cl->value[O_CLIST])
        cli_die("--c and --c-list: give one of them");
    cli_clist(o, cl);
    if (var == NULL && o->nc > 1)
        cli_die("all: give a single --c");
    o->cat = cl->catalog;
    o->accept_evidence = cl->value[O_ACCEPT] != NULL;
    o->grid = cl->value[O_MMAX] != NULL;
    o->work = (slong) cli_count(cl, O_WORK, PROVE_DEFAULT_WORK, 1, 1000000,
        "an integer number of work units from 1 to 10^6");
    if (var == NULL)
        return;
    cli_require_cutoff(cl, var, o);
    /* validate the overrides once */
    svt_model_init(M);
    if (svt_model_set(M, var, o->eps, o->nc ? o->clist[0] : 1, o->delta, &o->ov,
            err, sizeof(err)) != 0)
        cli_die(err);
    svt_model_clear(M);
}

/* runs check (var) or all (var NULL), with the JUnit report of --junit:
   its file is opened before the work, and fails then */
static int
check_run_junit(check_opts * o, const cli_t cl, const svt_variant_struct * var)
{
    const char * path = cl->value[O_JUNIT];
    junit_t J;
    char err[1024];
    int rc;
    junit_init(J);
    if (path != NULL)
    {
        if (junit_open(J, path, err, sizeof(err)) != 0)
            cli_die(err);
        o->junit = J;
    }
    o->lower = cli_lower_mode(cl);
    rc = var == NULL ? verify_all(o) : verify_check(var, o);
    /* a run stopped by bad input must not leave a file that reads as a
       pass: one error case says so (the message is on stderr) */
    if (o->junit != NULL && rc == CHECK_BAD_INPUT)
        junit_add(J, var == NULL ? "all" : var->name, "the check could not run",
            JUNIT_ERROR, "bad input (exit 2): the one-line error is on the "
            "command's standard error", 0);
    if (o->junit != NULL && junit_write(J, var == NULL ? "verify all"
            : "verify check") != 0)
    {
        fprintf(stderr, "verify: --junit: writing '%s' failed\n", path);
        rc = 2;
    }
    junit_clear(J);
    o->junit = NULL;
    return rc;
}

/* check FILE.dipa for an automaton beyond the engine: its proof for
   every m decides (text, JSON, JUnit); -1 when it is not such a file */
static int
check_large_dipa(cli_struct * cl)
{
    check_opts o;
    junit_t J;
    char err[1024];
    int rc;
    if (!svt_path_is_dipa(cl->pos[1]))
        return -1;
    check_opts_init(&o);
    junit_init(J);
    cli_refuse(cl, "check");
    cli_common_options(&o, cl, 1000, 480);
    if (cl->value[O_JUNIT] != NULL)
    {
        if (junit_open(J, cl->value[O_JUNIT], err, sizeof(err)) != 0)
            cli_die(err);
        o.junit = J;
    }
    rc = verify_prove_dipa_file(cl->pos[1], &o, "check");
    if (o.junit != NULL && rc == CHECK_BAD_INPUT)
        junit_add(J, cl->pos[1], "the check could not run", JUNIT_ERROR,
            "bad input (exit 2): the one-line error is on the command's "
            "standard error", 0);
    if (rc >= 0 && o.junit != NULL && junit_write(J, "verify check") != 0)
    {
        fprintf(stderr, "verify: --junit: writing '%s' failed\n",
            cl->value[O_JUNIT]);
        rc = 2;
    }
    o.junit = NULL;
    junit_clear(J);
    check_opts_clear(&o);
    return rc;
}

int
cmd_check(cli_struct * cl)
{
    const svt_variant_struct * var;
    check_opts o;
    int rc;
    if (cl->npos < 2)
        cli_die("check needs VARIANT (see verify list)");
    rc = check_large_dipa(cl);
    if (rc >= 0)
        return rc;
    var = cli_variant(cl, cl->pos[1]);
    check_opts_init(&o);
    cli_refuse(cl, "check");
    check_options(&o, cl, var);
    rc = check_run_junit(&o, cl, var);
    check_opts_clear(&o);
    return rc;
}

int
cmd_all(cli_struct * cl)
{
    check_opts o;
    int rc;
    check_opts_init(&o);
    cli_refuse(cl, "all");
    check_options(&o, cl, NULL);
    rc = check_run_junit(&o, cl, NULL);
    check_opts_clear(&o);
    return rc;
}
