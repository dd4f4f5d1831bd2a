/* cmd_list.c -- `verify list` (the catalogue), `verify lint FILE` (a spec
   file checked) and `verify help`. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "cli.h"
#include "render.h"
#include "prove.h"
#include "report.h"

/* `verify list --json`: {"variants": [...], "constructions": [...]} */
static int
list_json(cli_struct * cl)
{
    json_t * j = json_object(), * vs = json_array(), * cs = json_array();
    slong i;
    char * s;
    for (i = 0; i < svt_catalog_count(cl->catalog); i++)
    {
        const svt_variant_struct * v = svt_catalog_get(cl->catalog, i);
        json_array_append_new(vs, json_pack("{s:s, s:s, s:s, s:s, s:b}",
            "name", v->name, "title", v->title, "source", v->source,
            "paper_property", v->paper_property, "program", v->prog != NULL));
    }
    for (i = 0; i < construction_count(); i++)
    {
        const construction_info * c = construction_get(i);
        json_array_append_new(cs, json_pack("{s:s, s:s, s:s, s:s, s:b}",
            "name", c->name, "shape", c->shape, "source", c->source,
            "explain", c->explain, "numeric", c->numeric != 0));
    }
    json_object_set_new(j, "schema_version", json_integer(REPORT_SCHEMA_VERSION));
    json_object_set_new(j, "mode", json_string("list"));
    json_object_set_new(j, "variants", vs);
    json_object_set_new(j, "constructions", cs);
    s = json_dumps(j, JSON_COMPACT);
    printf("%s\n", s);
    free(s);
    json_decref(j);
    return 0;
}

int
cmd_list(cli_struct * cl)
{
    slong i;
    if (cl->value[O_JSON] != NULL)
        return list_json(cl);
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

/* the error of a model that does not instantiate: FILE:LINE:COL of the
   key the message msg names */
static void
lint_error(char * err, size_t len, const svt_variant_struct * v,
    const char * path, const char * msg, const char * eps, slong c)
{
    char key[32];
    int line = 0, col = 0;
    size_t n = strcspn(msg, ":");
    if (strncmp(msg, path, strlen(path)) == 0 && msg[strlen(path)] == ':')
    {
        /* the model's message names its place and parameters */
        snprintf(err, len, "%s", msg);
        return;
    }
    if (n < sizeof(key))
    {
        memcpy(key, msg, n);
        key[n] = '\0';
        svt_variant_key_pos(v, key, &line, &col);
    }
    if (line > 0 && col > 0)
        snprintf(err, len, "%s:%d:%d: with eps = %s, c = %ld, Delta = 1: %s",
            path, line, col, eps, (long) c, msg);
    else
        snprintf(err, len, "%s: with eps = %s, c = %ld, Delta = 1: %s", path,
            eps, (long) c, msg);
}

/* dies unless the spec v read from path instantiates at c = 1, 2, 20
   and eps = 1, 1/10, 8 (Delta = 1), naming the line of the key at fault */
static void
lint_instantiate(svt_variant_struct * v, const char * path)
{
    static const slong cs[3] = { 1, 2, 20 };
    static const char * epss[3] = { "1", "1/10", "8" };
    char err[1024], msg[512];
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
        {
            svt_model_t M;
            fmpq_t e, d;
            int bad;
            fmpq_init(e);
            fmpq_init(d);
            parse_rational(e, epss[j]);
            fmpq_one(d);
            svt_model_init(M);
            bad = svt_model_set(M, v, e, cs[i], d, NULL, msg, sizeof(msg)) != 0;
            svt_model_clear(M);
            fmpq_clear(e);
            fmpq_clear(d);
            if (!bad)
                continue;
            lint_error(err, sizeof(err), v, path, msg, epss[j], cs[i]);
            svt_variant_clear(v);
            cli_die(err);
        }
}

/* verify lint FILE: parse, then instantiate at a few parameters */
int
cmd_lint(cli_struct * cl)
{
    svt_variant_struct v;
    char err[1024];
    if (cl->npos < 2)
        cli_die("lint needs a spec FILE");
    if (svt_path_is_dipa(cl->pos[1]))
    {
        int rc = lint_dipa_file(cl->pos[1], cl->value[O_JSON] != NULL);
        if (rc >= 0)
            return rc;
    }
    if (svt_variant_load(&v, cl->pos[1], err, sizeof(err)) != 0)
        cli_die(err);
    lint_instantiate(&v, cl->pos[1]);
    if (cl->value[O_JSON])
        lint_json(&v, cl->pos[1]);
    else
        lint_text(&v, cl->pos[1]);
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
