/* cmd_search.c -- `verify search VARIANT`: look for a counterexample. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "search.h"

/* --shard i/n into so */
static void
search_shard(search_opts * so, const char * v)
{
    ulong i, n;
    char buf[64];
    const char * slash = strchr(v, '/');
    size_t k = slash ? (size_t) (slash - v) : 0;
    if (slash == NULL || k == 0 || k >= sizeof(buf))
        cli_die("--shard: expected i/n with 0 <= i < n, e.g. 0/4");
    memcpy(buf, v, k);
    buf[k] = '\0';
    if (parse_count(&i, buf, 0, 1000000) != 0
            || parse_count(&n, slash + 1, 1, 1000000) != 0 || i >= n)
        cli_die("--shard: expected i/n with 0 <= i < n <= 10^6, e.g. 0/4");
    so->shard = (slong) i;
    so->nshards = (slong) n;
}

/* --save FILE: opened (and emptied) before the work, so that a bad path
   fails at once instead of after the whole search */
static void
search_save_path(const char * path)
{
    FILE * f = fopen(path, "w");
    char msg[1200];
    if (f == NULL)
    {
        snprintf(msg, sizeof(msg), "--save: cannot write '%s': %s", path,
            strerror(errno));
        cli_die(msg);
    }
    fclose(f);
}

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
    cli_search_options(&so, cl, SEARCH_DEFAULT_WORK);
    if (cl->value[O_SHARD])
        search_shard(&so, cl->value[O_SHARD]);
    so.save_path = cl->value[O_SAVE];
    if (so.save_path != NULL)
        search_save_path(so.save_path);
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

