/* cli_inputs.c -- the objects the command line names: the variant, the
   construction, the model at the options and the pair (see cli.h). */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "custom.h"

/* every label of an output vector is an output of the program */
static void
require_program_labels(const svt_variant_struct * var, const svt_runs_t R,
    const char * name)
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    char msg[1024];
    slong na, i, k;
    ulong at = 1;   /* the query where run i starts */
    for (i = 0; i < R->len; at += R->runs[i].count, i++)
    {
        if (R->runs[i].a == SVT_NUM && (var->prog != NULL
                ? !var->prog->outputs_numbers : var->output == SVT_OUT_TOP))
        {
            /* a number where the variant releases none: a typo, not an
               impossible output */
            snprintf(msg, sizeof(msg), "%s: a number at query %lu, but "
                "%s outputs no numbers (allowed: bot, top%s)", name, at, var->name,
                var->prog != NULL ? " and its labels" : "");
            cli_die(msg);
        }
        if (R->runs[i].a != SVT_LABEL)
            continue;
        if (var->prog == NULL)
        {
            snprintf(msg, sizeof(msg), "%s: '%s' (the output of query %lu) "
                "is not an output of %s (allowed: bot, top%s)", name,
                R->runs[i].label, at, var->name, var->output != SVT_OUT_TOP
                ? ", numbers" : "");
            cli_die(msg);
        }
        na = svt_program_alphabet(kind, label, var->prog);
        for (k = 0; k < na; k++)
            if (kind[k] == SVT_LABEL && strcmp(label[k], R->runs[i].label) == 0)
                break;
        if (k < na)
            continue;
        snprintf(msg, sizeof(msg), "%s: '%s' (the output of query %lu) "
            "is not an output of %s (allowed:", name, R->runs[i].label, at,
            var->name);
        for (k = 0; k < na; k++)
            snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s %s",
                k > 0 ? "," : "", kind[k] == SVT_BOT ? "bot" : kind[k] == SVT_TOP ? "top"
                : label[k]);
        snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s)",
            var->prog->outputs_numbers ? ", numbers" : "");
        cli_die(msg);
    }
}

/* |q_i(D) - q_i(D')| <= Delta for every query, unless
   --allow-non-neighbours: the first query that breaks it is named */
static void
require_neighbours(const cli_t cl, const svt_runs_t R, const fmpq_t delta,
    const char * name)
{
    ulong pos = 1;
    slong i;
    fmpq_t d;
    char msg[512], * sd, * sq0, * sq1;
    if (cl->value[O_ALLOWNN] != NULL)
        return;
    fmpq_init(d);
    for (i = 0; i < R->len; i++)
    {
        fmpq_sub(d, R->runs[i].q[0], R->runs[i].q[1]);
        fmpq_abs(d, d);
        if (fmpq_cmp(d, delta) > 0)
        {
            sq0 = fmpq_get_str(NULL, 10, R->runs[i].q[0]);
            sq1 = fmpq_get_str(NULL, 10, R->runs[i].q[1]);
            sd = fmpq_get_str(NULL, 10, delta);
            snprintf(msg, sizeof(msg), "%s: query %lu has q(D) = %s and "
                "q(D') = %s, more than Delta = %s apart: D and D' are not "
                "neighbours (allowed: |q(D) - q(D')| <= Delta for every query; "
                "--allow-non-neighbours computes the ratio anyway)", name, pos,
                sq0, sq1, sd);
            flint_free(sq0);
            flint_free(sq1);
            flint_free(sd);
            fmpq_clear(d);
            cli_die(msg);
        }
        pos += R->runs[i].count;
    }
    fmpq_clear(d);
}

const svt_variant_struct *
cli_variant(cli_t cl, const char * name)
{
    const svt_variant_struct * v;
    char msg[1024];
    slong i;
    if (name == NULL)
        cli_die("missing VARIANT (see verify list)");
    if (strchr(name, '/') != NULL || (strlen(name) > 4
            && strcmp(name + strlen(name) - 4, ".svt") == 0)
            || svt_path_is_dipa(name))
    {
        /* a spec file */
        if (svt_variant_load(&cl->user_variant, name, msg, sizeof(msg)) != 0)
            cli_die(msg);
        cl->have_user_variant = 1;
        return &cl->user_variant;
    }
    v = svt_catalog_find(cl->catalog, name);
    if (v == NULL && strchr(name, '.') != NULL)
    {
        /* a name with a dot reads as a file: say whether there is one */
        FILE * f = fopen(name, "r");
        if (f == NULL)
        {
            snprintf(msg, sizeof(msg), "'%.300s' is no built-in variant, and no "
                "file of that name can be read (%s); a variant file is a path "
                "ending in .svt (a spec or program) or .dipa, or contains '/'",
                name, strerror(errno));
            cli_die(msg);
        }
        fclose(f);
        snprintf(msg, sizeof(msg), "'%.300s' is no built-in variant; to read it "
            "as a file, name it with a '/' (./%.300s) or end it in .svt or "
            ".dipa", name, name);
        cli_die(msg);
    }
    for (i = 0; v == NULL && i < svt_catalog_count(cl->catalog); i++)
    {
        /* a near miss (alg11, Alg1, alg7monotone): say which */
        const char * w = svt_catalog_get(cl->catalog, i)->name;
        if (strcasecmp(name, w) == 0 || (strlen(name) >= 4
                && spec_edit_distance3(name, strlen(name), w) <= 1))
        {
            snprintf(msg, sizeof(msg), "unknown variant '%.100s'; did you mean "
                "'%s'? (verify list shows them all)", name, w);
            cli_die(msg);
        }
    }
    if (v == NULL)
    {
        size_t n;
        snprintf(msg, sizeof(msg), "unknown variant '%s' (allowed:", name);
        for (i = 0; i < svt_catalog_count(cl->catalog); i++)
        {
            n = strlen(msg);
            snprintf(msg + n, sizeof(msg) - n, " %s",
                svt_catalog_get(cl->catalog, i)->name);
        }
        n = strlen(msg);
        snprintf(msg + n, sizeof(msg) - n, ", or a spec file path)");
        cli_die(msg);
    }
    return v;
}

const construction_info *
cli_construction(const char * name, int allow_custom)
{
    const construction_info * ci;
    char msg[1024];
    slong i;
    if (name == NULL)
        cli_die("missing CONSTRUCTION (see verify list)");
    if (allow_custom && strcmp(name, "custom") == 0)
        return NULL;
    ci = construction_find(name);
    if (ci == NULL)
    {
        size_t n;
        snprintf(msg, sizeof(msg), "unknown construction '%s' (allowed:", name);
        for (i = 0; i < construction_count(); i++)
        {
            n = strlen(msg);
            snprintf(msg + n, sizeof(msg) - n, " %s", construction_get(i)->name);
        }
        n = strlen(msg);
        snprintf(msg + n, sizeof(msg) - n, "%s)", allow_custom ? " custom" : "");
        cli_die(msg);
    }
    return ci;
}

void
cli_require_numeric(const construction_info * ci, const svt_model_t M)
{
    char err[512];
    if (ci->numeric && M->output == SVT_OUT_TOP)
    {
        snprintf(err, sizeof(err), "construction %s needs a variant that "
            "outputs numbers (alg3, or alg7 with --eps3 > 0)", ci->name);
        cli_die(err);
    }
}

/* A variant with a fixed cutoff (cutoff = 1 in its spec) never takes
   another c: saying so beats replacing the user's value silently. */
void
cli_require_cutoff(const cli_t cl, const svt_variant_struct * var,
    const check_opts * o)
{
    slong i;
    char msg[512];
    if (var->fixed_c <= 0)
        return;
    for (i = 0; i < o->nc; i++)
        if (o->clist[i] != var->fixed_c)
        {
            snprintf(msg, sizeof(msg), "%s %ld: %s has a fixed cutoff c = %ld "
                "(cutoff = %ld in its spec); omit the option or give %ld",
                cl->value[O_CLIST] ? "--c-list: c =" : "--c",
                (long) o->clist[i], var->name, (long) var->fixed_c,
                (long) var->fixed_c, (long) var->fixed_c);
            cli_die(msg);
        }
}

/* The pair of a command: construction ci at m (the threshold --T), or
   custom vectors (--qD, --qD2, --T, --output or --file; the output is
   required when need_output). */
static void
build_pair(svt_runs_t R, const cli_t cl, const construction_info * ci, ulong m,
    const svt_model_t M, check_opts * o, const svt_variant_struct * var,
    int need_output)
{
    char err[1024];
    if (ci != NULL)
    {
        cli_forbid(cl, O_QD, "a named construction");
        cli_forbid(cl, O_QD2, "a named construction");
        cli_forbid(cl, O_OUTPUT, "a named construction");
        cli_forbid(cl, O_FILE, "a named construction");
        cli_forbid(cl, O_MAXOUT, "a named construction (use custom)");
        cli_forbid(cl, O_ALLOWNN, "a named construction (its pairs are neighbours)");
        cli_rational(o->T, cl, O_T, "0", 0);
        cli_require_numeric(ci, M);
        if (construction_build(R, ci, m, M->c, o->delta, o->T, err, sizeof(err)) != 0)
            cli_die(err);
    }
    else
    {
        char * fq = NULL, * fq2 = NULL, * fT = NULL, * fo = NULL;
        const char * qD = cl->value[O_QD], * qD2 = cl->value[O_QD2];
        const char * T = cl->value[O_T], * out = cl->value[O_OUTPUT];
        const char * names[4] = { "--qD", "--qD2", "--T", "--output" };
        char where[4][600];
        cli_forbid(cl, O_M, "custom");
        if (cl->value[O_FILE])
        {
            static const char * keys[4] = { "qD", "qD2", "T", "output" };
            int place[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } }, k;
            if (qD || qD2 || out)
                cli_die("--file: give the vectors either in the file or on the "
                    "command line, not both");
            if (custom_read_file_at(cl->value[O_FILE], &fq, &fq2, &fT, &fo,
                    place, err, sizeof(err)) != 0)
                cli_die(err);
            qD = fq;
            qD2 = fq2;
            if (fT)
                T = fT;
            out = fo;
            /* a vector of the file is named by its place */
            for (k = 0; k < 4; k++)
                if (place[k][0] > 0)
                {
                    snprintf(where[k], sizeof(where[k]), "%.500s:%d:%d: %s",
                        cl->value[O_FILE], place[k][0], place[k][1], keys[k]);
                    names[k] = where[k];
                }
        }
        if (custom_build_named(R, qD, qD2, T, out, need_output, names, err,
                sizeof(err)) != 0)
            cli_die(err);
        require_program_labels(var, R, names[3]);
        require_neighbours(cl, R, o->delta, cl->value[O_FILE] ? names[1]
            : "--qD/--qD2");
        flint_free(fq);
        flint_free(fq2);
        flint_free(fT);
        flint_free(fo);
    }
}

ulong
cli_model_and_pair(svt_model_t M, svt_runs_t R, const cli_t cl,
    const svt_variant_struct * var,
    const construction_info * ci, check_opts * o, int need_output)
{
    char err[1024];
    ulong m;
    cli_require_cutoff(cl, var, o);
    m = cli_count(cl, O_M, 10, 1, UWORD(1) << 62, "an integer from 1 to 2^62");
    svt_model_init(M);
    svt_runs_init(R);
    if (svt_model_set(M, var, o->eps, o->nc ? o->clist[0] : 1, o->delta,
            &o->ov, err, sizeof(err)) != 0)
        cli_die(err);
    build_pair(R, cl, ci, m, M, o, var, need_output);
    return m;
}

