/* cmd_search.c -- `verify search VARIANT`: look for a counterexample. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "search.h"

int
cmd_search(cli_struct * cl)
{
    const svt_variant_struct * var;
    search_opts so;
    int rc;
    if (cl->npos < 2)
        cli_die("search needs VARIANT (a built-in name or a spec file)");
    var = cli_variant(cl, cl->pos[1]);
    cli_refuse(cl, "search");
    search_opts_init(&so);
    cli_common_options(&so.base, cl, 1000, 480);
    so.seconds = (double) cli_count(cl, O_SECONDS, SEARCH_DEFAULT_SECONDS, 1,
        1000000, "an integer number of seconds from 1 to 10^6");
    so.work = (slong) cli_count(cl, O_WORK, SEARCH_DEFAULT_WORK, 1, 1000000,
        "an integer number of work units from 1 to 10^6");
    so.seed = cli_count(cl, O_SEED, 1, 0, UWORD_MAX, "a non-negative integer");
    if (cl->value[O_SHARD])
    {
        ulong i, n;
        char buf[64];
        const char * slash = strchr(cl->value[O_SHARD], '/');
        size_t k = slash ? (size_t) (slash - cl->value[O_SHARD]) : 0;
        if (slash == NULL || k == 0 || k >= sizeof(buf))
            cli_die("--shard: expected i/n with 0 <= i < n, e.g. 0/4");
        memcpy(buf, cl->value[O_SHARD], k);
        buf[k] = '\0';
        if (parse_count(&i, buf, 0, 1000000) != 0
                || parse_count(&n, slash + 1, 1, 1000000) != 0 || i >= n)
            cli_die("--shard: expected i/n with 0 <= i < n <= 10^6, e.g. 0/4");
        so.shard = (slong) i;
        so.nshards = (slong) n;
    }
    so.save_path = cl->value[O_SAVE];
    if (so.save_path != NULL)
    {
        /* opened (and emptied) before the work, so that a bad path fails
           at once instead of after the whole search */
        FILE * f = fopen(so.save_path, "w");
        char msg[1200];
        if (f == NULL)
        {
            snprintf(msg, sizeof(msg), "--save: cannot write '%s': %s",
                so.save_path, strerror(errno));
            cli_die(msg);
        }
        fclose(f);
    }
    if (cl->value[O_DPDELTA] != NULL)
    {
        fmpq_t d;
        cli_forbid(cl, O_SHARD, "search --dp-delta");
        cli_forbid(cl, O_SAVE, "search --dp-delta");
        fmpq_init(d);
        cli_rational(d, cl, O_DPDELTA, "0", 0);
        if (fmpq_sgn(d) < 0 || fmpz_cmp(fmpq_numref(d), fmpq_denref(d)) >= 0)
            cli_die("--dp-delta: must be >= 0 and < 1");
        rc = verify_search_delta(var, &so, d);
        fmpq_clear(d);
    }
    else
        rc = verify_search(var, &so);
    search_opts_clear(&so);
    return rc;
}

