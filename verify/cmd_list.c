/* cmd_list.c -- `verify list` (the catalogue), `verify lint FILE` (a spec
   file checked) and `verify help`. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "report.h"

int
cmd_list(cli_struct * cl)
{
    slong i;
    printf("variants:\n");
    for (i = 0; i < svt_catalog_count(cl->catalog); i++)
    {
        const svt_variant_struct * v = svt_catalog_get(cl->catalog, i);
        printf("  %-14s %s [%s]; paper: %s\n", v->name, v->title, v->source,
            v->paper_property);
    }
    printf("constructions (Delta = --delta, T = --T):\n");
    for (i = 0; i < construction_count(); i++)
    {
        const construction_info * c = construction_get(i);
        printf("  %-14s %s [%s]%s\n", c->name, c->shape, c->source,
            c->numeric ? " (numeric outputs)" : "");
    }
    printf("  %-14s --qD, --qD2, --T, --output or --file\n", "custom");
    return 0;
}

/* verify lint FILE: parse, then instantiate at a few parameters */
int
cmd_lint(cli_struct * cl)
{
    svt_variant_struct v;
    char err[1024];
    static const slong cs[3] = { 1, 2, 20 };
    static const char * epss[3] = { "1", "1/10", "8" };
    int i, j;
    if (cl->npos < 2)
        cli_die("lint needs a spec FILE");
    if (svt_variant_load(&v, cl->pos[1], err, sizeof(err)) != 0)
        cli_die(err);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
        {
            svt_model_t M;
            fmpq_t e, d;
            char msg[512];
            fmpq_init(e);
            fmpq_init(d);
            parse_rational(e, epss[j]);
            fmpq_one(d);
            svt_model_init(M);
            if (svt_model_set(M, &v, e, cs[i], d, NULL, msg, sizeof(msg)) != 0)
            {
                char key[32];
                int line = 0, col = 0;
                size_t n = strcspn(msg, ":");
                if (n < sizeof(key))
                {
                    memcpy(key, msg, n);
                    key[n] = '\0';
                    svt_variant_key_pos(&v, key, &line, &col);
                }
                snprintf(err, sizeof(err), "%s:%d:%d: with eps = %s, c = %ld, "
                    "Delta = 1: %s", cl->pos[1], line, col, epss[j], (long) cs[i], msg);
                svt_model_clear(M);
                svt_variant_clear(&v);
                cli_die(err);
            }
            svt_model_clear(M);
            fmpq_clear(e);
            fmpq_clear(d);
        }
    if (cl->value[O_JSON])
    {
        json_t * j = report_json_core("lint", v.name, NULL, NULL, 0, 15);
        json_object_set_new(j, "file", json_string(cl->pos[1]));
        json_object_set_new(j, "ok", json_true());
        json_object_set_new(j, "title", json_string(v.title));
        json_object_set_new(j, "source", json_string(v.source));
        json_object_set_new(j, "has_claim", json_boolean(v.claimed != NULL));
        json_object_set_new(j, "monotone_only", json_boolean(v.monotone_only));
        report_json_line(j);
    }
    else
    {
        int s;
        printf("%s: ok -- %s: %s [%s]; claim: %s%s\n", cl->pos[1], v.name, v.title,
            v.source, v.claimed ? "a budget" : "none (report only)",
            v.monotone_only ? ", for monotone queries only" : "");
        /* where a run may end because no branch holds */
        for (s = 0; v.prog != NULL && s < v.prog->nstates; s++)
        {
            const prog_state * S = v.prog->states + s;
            if (S->nbranches > 0 && S->branches[S->nbranches - 1].ending)
                printf("  note: in state %s no branch may hold (line %d): the "
                    "run then ends there, the output `end`\n", S->name, S->line);
        }
    }
    svt_variant_clear(&v);
    return 0;
}


int
cmd_help(cli_struct * cl)
{
    (void) cl;
    cli_usage(stdout);
    return 0;
}
