/* cmd_delta.c -- `verify delta VARIANT PAIR` and `verify renyi VARIANT
   PAIR`: the divergences of the pair over every output. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "approx.h"

/* --alpha or --curve */
static void
renyi_options(approx_opts * a, const cli_t cl)
{
    if (cl->value[O_ALPHA] == NULL && cl->value[O_CURVE] == NULL)
        cli_die("renyi needs --alpha A (an order > 0, e.g. 2 or 3/2) or --curve");
    if (cl->value[O_ALPHA] != NULL)
    {
        cli_forbid(cl, O_CURVE, "renyi with --alpha (the curve has its own orders)");
        cli_rational(a->alpha, cl, O_ALPHA, "2", 1);
        a->have_alpha = 1;
    }
}

/* --eps-prv, --dp-delta */
static void
delta_options(approx_opts * a, const cli_t cl)
{
    if (cl->value[O_EPSPRV] != NULL)
    {
        cli_rational(a->eps_prv, cl, O_EPSPRV, "1", 0);
        if (fmpq_sgn(a->eps_prv) < 0)
            cli_die("--eps-prv: must be >= 0");
        a->have_eps_prv = 1;
    }
    if (cl->value[O_DPDELTA] != NULL)
    {
        cli_rational(a->dp_delta, cl, O_DPDELTA, "0", 1);
        if (fmpz_cmp(fmpq_numref(a->dp_delta), fmpq_denref(a->dp_delta)) >= 0)
            cli_die("--dp-delta: must be > 0 and < 1");
        a->have_dp_delta = 1;
    }
}

/* verify delta|renyi VARIANT PAIR: the divergences over every output */
static int
cmd_approx(cli_struct * cl, int renyi)
{
    const char * cmd = renyi ? "renyi" : "delta";
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    approx_opts a;
    svt_model_t M;
    svt_runs_t R;
    char err[1024];
    ulong m;
    int rc;

    if (cl->npos < 3)
    {
        snprintf(err, sizeof(err), "%s needs VARIANT and PAIR (a construction "
            "with --m, or custom with --qD/--qD2/--T or --file)", cmd);
        cli_die(err);
    }
    var = cli_variant(cl, cl->pos[1]);
    ci = cli_construction(cl->pos[2], 1);
    check_opts_init(&o);
    approx_opts_init(&a);
    cli_refuse(cl, cmd);
    if (renyi)
        renyi_options(&a, cl);
    else
        delta_options(&a, cl);
    a.curve = cl->value[O_CURVE] != NULL;
    cli_common_options(&o, cl, 1000, 240);
    if (cl->value[O_DIGITS] == NULL)
        o.ro.digits = 15;
    m = cli_model_and_pair(M, R, cl, var, ci, &o, 0);
    if (!a.have_eps_prv && !renyi && !M->has_claim)
        cli_die("delta: the variant claims no eps; give --eps-prv E");
    a.o = &o;
    a.pair_name = ci ? ci->name : "custom";
    a.m = ci && ci->uses_m ? m : 0;
    rc = renyi ? verify_renyi(M, R, &a) : verify_delta(M, R, &a);
    svt_runs_clear(R);
    svt_model_clear(M);
    approx_opts_clear(&a);
    check_opts_clear(&o);
    return rc;
}


int
cmd_delta(cli_struct * cl)
{
    return cmd_approx(cl, 0);
}

int
cmd_renyi(cli_struct * cl)
{
    return cmd_approx(cl, 1);
}
