/* cmd_prove.c -- `verify prove VARIANT`: a proof for every m beside the
   best certified lower bound. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "search.h"
#include "prove.h"

int
cmd_prove(cli_struct * cl)
{
    const svt_variant_struct * var;
    search_opts so;
    int rc;
    if (cl->npos < 2)
        cli_die("prove needs VARIANT (a built-in name or a spec file)");
    if (svt_path_is_dipa(cl->pos[1]))
    {
        /* an automaton beyond the engine: the prover of any size */
        cli_refuse(cl, "prove");
        search_opts_init(&so);
        cli_search_options(&so, cl, PROVE_DEFAULT_WORK);
        rc = verify_prove_dipa_file(cl->pos[1], &so.base, "prove");
        search_opts_clear(&so);
        if (rc >= 0)
            return rc;
    }
    var = cli_variant(cl, cl->pos[1]);
    cli_refuse(cl, "prove");
    search_opts_init(&so);
    cli_search_options(&so, cl, PROVE_DEFAULT_WORK);
    so.lower = cli_lower_mode(cl);
    cli_require_cutoff(cl, var, &so.base);
    if (so.base.nc > 0 && so.base.clist[0] > 65536)
        cli_die("--c: prove takes c up to 65536 (the path analysis walks every "
            "counter value)");
    rc = verify_prove(var, &so, so.base.nc > 0 ? so.base.clist[0]
        : var->fixed_c > 0 ? var->fixed_c : 1);
    search_opts_clear(&so);
    return rc;
}

