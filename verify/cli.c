/* cli.c -- the options, the table of the options each command takes, and
   reading the values of options (see cli.h). */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "search.h"

typedef struct
{
    const char * name;
    int is_flag;
    int some_only;      /* for some commands only: refused before anything
                           else by every other command (even list, help
                           and an unknown command) */
}
cli_option;

static const cli_option options[O_COUNT] = {
    [O_EPS] = { "--eps", 0, 0 }, [O_C] = { "--c", 0, 0 },
    [O_M] = { "--m", 0, 0 }, [O_MMAX] = { "--m-max", 0, 0 },
    [O_DELTA] = { "--delta", 0, 0 }, [O_T] = { "--T", 0, 0 },
    [O_EPS1] = { "--eps1", 0, 0 }, [O_EPS2] = { "--eps2", 0, 0 },
    [O_EPS3] = { "--eps3", 0, 0 }, [O_CLIST] = { "--c-list", 0, 0 },
    [O_DIGITS] = { "--digits", 0, 0 }, [O_MAXDIGITS] = { "--max-digits", 0, 0 },
    [O_JSON] = { "--json", 1, 0 }, [O_QD] = { "--qD", 0, 0 },
    [O_QD2] = { "--qD2", 0, 0 }, [O_OUTPUT] = { "--output", 0, 0 },
    [O_FILE] = { "--file", 0, 0 }, [O_MAXOUT] = { "--max-over-outputs", 1, 0 },
    [O_ALLOWNN] = { "--allow-non-neighbours", 1, 0 },
    [O_SECONDS] = { "--seconds", 0, 1 }, [O_WORK] = { "--work", 0, 1 },
    [O_SEED] = { "--seed", 0, 1 }, [O_LOWER] = { "--lower-bound", 0, 1 },
    [O_SHARD] = { "--shard", 0, 1 }, [O_SAVE] = { "--save", 0, 1 },
    [O_JUNIT] = { "--junit", 0, 1 }, [O_ACCEPT] = { "--accept-evidence", 1, 1 },
    [O_EPSPRV] = { "--eps-prv", 0, 1 }, [O_ALPHA] = { "--alpha", 0, 1 },
    [O_CURVE] = { "--curve", 1, 1 }, [O_DPDELTA] = { "--dp-delta", 0, 1 },
};

#define B(k) (UINT64_C(1) << (k))

/* every option that is not for some commands only */
#define TAKES_COMMON (B(O_ALLOWNN + 1) - 1)
/* the budget, the precision and the output: cli_common_options */
#define TAKES_MODEL (B(O_EPS) | B(O_C) | B(O_DELTA) | B(O_EPS1) | B(O_EPS2) \
    | B(O_EPS3) | B(O_DIGITS) | B(O_MAXDIGITS) | B(O_JSON))
/* a construction at --m, or a custom pair */
#define TAKES_PAIR (B(O_M) | B(O_T) | B(O_QD) | B(O_QD2) | B(O_OUTPUT) \
    | B(O_FILE) | B(O_ALLOWNN))
#define TAKES_SEARCH (B(O_MMAX) | B(O_SECONDS) | B(O_WORK) | B(O_SEED))

/* The commands and the options each takes.  The order matters in one
   place: an option for some commands only is said to be "for" the
   commands that take or name it, in this order.  Options marked
   "ignored" below are taken and have no effect (as before the table). */
static const cli_command commands[] = {
    /* list, help, lint: ignore the options of the computing commands */
    { "list", 1, "", cmd_list, TAKES_COMMON, { { -1, NULL } } },
    { "ratio", 3, " VARIANT CONSTRUCTION", cmd_ratio,
      TAKES_MODEL | TAKES_PAIR | B(O_MAXOUT) | B(O_WORK),
      { { O_CLIST, NULL }, { O_MMAX, "ratio (use --m)" }, { -1, NULL } } },
    /* sweep: --qD2, --output, --file, --allow-non-neighbours ignored */
    { "sweep", 3, " VARIANT CONSTRUCTION", cmd_sweep,
      TAKES_MODEL | B(O_MMAX) | B(O_T) | B(O_QD2) | B(O_OUTPUT) | B(O_FILE)
      | B(O_ALLOWNN),
      { { O_M, "sweep (use --m-max)" }, { O_CLIST, NULL }, { O_QD, NULL },
        { O_MAXOUT, NULL }, { -1, NULL } } },
    { "delta", 3, " VARIANT CONSTRUCTION", cmd_delta,
      TAKES_MODEL | (TAKES_PAIR & ~B(O_OUTPUT)) | B(O_EPSPRV) | B(O_DPDELTA)
      | B(O_CURVE),
      { { O_CLIST, NULL }, { O_MMAX, NULL }, { O_MAXOUT, NULL },
        { O_OUTPUT, "delta and renyi (they sum over every output)" },
        { O_ALPHA, "delta (see renyi)" }, { -1, NULL } } },
    { "renyi", 3, " VARIANT CONSTRUCTION", cmd_renyi,
      TAKES_MODEL | (TAKES_PAIR & ~B(O_OUTPUT)) | B(O_ALPHA) | B(O_CURVE),
      { { O_CLIST, NULL }, { O_MMAX, NULL }, { O_MAXOUT, NULL },
        { O_OUTPUT, "delta and renyi (they sum over every output)" },
        { O_EPSPRV, NULL }, { -1, NULL } } },
    /* search, prove: --allow-non-neighbours ignored */
    { "search", 2, " VARIANT", cmd_search,
      (TAKES_MODEL & ~B(O_C)) | TAKES_SEARCH | B(O_SHARD) | B(O_SAVE)
      | B(O_DPDELTA) | B(O_ALLOWNN),
      { { O_M, "search (use --m-max)" }, { O_C, "search (it tries c = 1, 2, 5)" },
        { O_CLIST, NULL }, { O_QD, NULL }, { O_QD2, NULL }, { O_OUTPUT, NULL },
        { O_FILE, NULL }, { O_MAXOUT, NULL },
        { O_T, "search (thresholds are searched)" }, { -1, NULL } } },
    { "prove", 2, " VARIANT", cmd_prove,
      TAKES_MODEL | TAKES_SEARCH | B(O_LOWER) | B(O_ALLOWNN),
      { { O_M, "prove (use --m-max for the lower bound's search)" },
        { O_CLIST, "prove (give one --c)" }, { O_QD, NULL }, { O_QD2, NULL },
        { O_OUTPUT, NULL }, { O_FILE, NULL }, { O_MAXOUT, NULL },
        { O_T, "prove (the proof covers every threshold)" },
        { O_SHARD, NULL }, { O_SAVE, NULL }, { -1, NULL } } },
    /* check, all: --allow-non-neighbours ignored */
    { "check", 2, " VARIANT", cmd_check,
      TAKES_MODEL | B(O_CLIST) | B(O_MMAX) | B(O_T) | B(O_ALLOWNN)
      | B(O_JUNIT) | B(O_ACCEPT) | B(O_LOWER) | B(O_WORK),
      { { O_M, "check (use --m-max)" }, { O_QD, "check/all" },
        { O_QD2, "check/all" }, { O_OUTPUT, "check/all" },
        { O_MAXOUT, "check/all" }, { O_FILE, "check/all" }, { -1, NULL } } },
    { "all", 1, "", cmd_all,
      TAKES_MODEL | B(O_CLIST) | B(O_MMAX) | B(O_T) | B(O_ALLOWNN)
      | B(O_JUNIT) | B(O_ACCEPT) | B(O_WORK),
      { { O_M, "all (use --m-max)" }, { O_QD, "check/all" },
        { O_QD2, "check/all" }, { O_OUTPUT, "check/all" },
        { O_MAXOUT, "check/all" }, { O_FILE, "check/all" }, { -1, NULL } } },
    { "lint", 2, " FILE", cmd_lint, TAKES_COMMON, { { -1, NULL } } },
    { "help", 1, "", cmd_help, TAKES_COMMON, { { -1, NULL } } },
};

#define NCOMMANDS ((int) (sizeof(commands) / sizeof(commands[0])))

_Noreturn void
cli_die(const char * msg)
{
    char shown[4096];
    spec_text_visible(shown, sizeof(shown), msg);   /* invisible: named */
    fprintf(stderr, "verify: %s\n", shown);
    exit(2);
}

void
cli_init(cli_t cl)
{
    memset(cl, 0, sizeof(*cl));
    svt_catalog_init(cl->catalog);
}

void
cli_clear(cli_t cl)
{
    if (cl->have_user_variant)
        svt_variant_clear(&cl->user_variant);
    svt_catalog_clear(cl->catalog);
}

/* one option at argv[*i]: its value into cl (and *i past it) */
static void
parse_option(cli_t cl, int argc, char ** argv, int * i)
{
    const char * a = argv[*i];
    char msg[512];
    int k;
    for (k = 0; k < O_COUNT; k++)
    {
        size_t n = strlen(options[k].name);
        if (strncmp(a, options[k].name, n) != 0 || (a[n] != '\0' && a[n] != '='))
            continue;
        if (options[k].is_flag)
        {
            if (a[n] == '=')
            {
                snprintf(msg, sizeof(msg), "%s takes no value", options[k].name);
                cli_die(msg);
            }
            cl->value[k] = "1";
        }
        else if (a[n] == '=')
            cl->value[k] = a + n + 1;
        else if (*i + 1 < argc)
            cl->value[k] = argv[++*i];
        else
        {
            snprintf(msg, sizeof(msg), "%s needs a value", options[k].name);
            cli_die(msg);
        }
        return;
    }
    snprintf(msg, sizeof(msg), "unknown option '%s' (see verify --help)", a);
    cli_die(msg);
}

void
cli_parse(cli_t cl, int argc, char ** argv)
{
    char msg[512];
    int i;
    for (i = 1; i < argc; i++)
    {
        const char * a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
        {
            cli_usage(stdout);
            exit(0);
        }
        if (strcmp(a, "--version") == 0)
        {
            cli_version();
            exit(0);
        }
        if (strncmp(a, "--", 2) == 0)
            parse_option(cl, argc, argv, &i);
        else if (cl->npos == CLI_MAXPOS)
        {
            snprintf(msg, sizeof(msg), "unexpected argument '%s' (see "
                "verify --help)", a);
            cli_die(msg);
        }
        else
            cl->pos[cl->npos++] = a;
    }
}

const cli_command *
cli_command_find(const char * name)
{
    int i;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return commands + i;
    return NULL;
}

void
cli_forbid(const cli_t cl, int k, const char * where)
{
    char msg[512];
    if (cl->value[k] != NULL)
    {
        snprintf(msg, sizeof(msg), "%s does not apply to %s", options[k].name,
            where);
        cli_die(msg);
    }
}

/* does cmd name option k among its refusals? */
static int
names_refusal(const cli_command * cmd, int k)
{
    int i;
    for (i = 0; i < CLI_MAX_REFUSALS && cmd->refuse[i].opt >= 0; i++)
        if (cmd->refuse[i].opt == k)
            return 1;
    return 0;
}

/* "A and B" (or "A, B and C"): the commands that take option k or name
   it among their refusals, in the table's order */
static void
option_home(char * buf, size_t len, int k)
{
    int i, n = 0, total = 0;
    for (i = 0; i < NCOMMANDS; i++)
        total += (commands[i].takes & B(k)) || names_refusal(commands + i, k);
    buf[0] = '\0';
    for (i = 0; i < NCOMMANDS; i++)
        if ((commands[i].takes & B(k)) || names_refusal(commands + i, k))
        {
            size_t l = strlen(buf);
            n++;
            snprintf(buf + l, len - l, "%s%s", n == 1 ? "" : n == total
                ? " and " : ", ", commands[i].name);
        }
}

/* too many positional arguments for cmd */
static void
check_arity(const cli_t cl, const cli_command * cmd)
{
    char msg[512];
    if (cl->npos <= cmd->maxpos)
        return;
    snprintf(msg, sizeof(msg), "unexpected argument '%s' (%s takes%s%s)",
        cl->pos[cmd->maxpos], cmd->name, cmd->maxpos > 1 ? ""
        : " no arguments", cmd->args);
    cli_die(msg);
}

void
cli_check_command(const cli_t cl, const cli_command * cmd)
{
    char where[256], home[128];
    int k;
    if (cmd != NULL)
        check_arity(cl, cmd);
    for (k = 0; k < O_COUNT; k++)
    {
        if (!options[k].some_only || cl->value[k] == NULL)
            continue;
        if (cmd != NULL && ((cmd->takes & B(k)) || names_refusal(cmd, k)))
            continue;
        option_home(home, sizeof(home), k);
        snprintf(where, sizeof(where), "%s (it is for %s)", cl->pos[0], home);
        cli_forbid(cl, k, where);
    }
}

void
cli_refuse(const cli_t cl, const char * name)
{
    const cli_command * cmd = cli_command_find(name);
    int i, k;
    for (i = 0; i < CLI_MAX_REFUSALS && cmd->refuse[i].opt >= 0; i++)
        cli_forbid(cl, cmd->refuse[i].opt, cmd->refuse[i].where
            ? cmd->refuse[i].where : cmd->name);
    for (k = 0; k < O_COUNT; k++)
        if (!(cmd->takes & B(k)))
            cli_forbid(cl, k, cmd->name);
}

/* --lower-bound proof|search|none */
int
cli_lower_mode(const cli_t cl)
{
    const char * v = cl->value[O_LOWER];
    char msg[256];
    if (v == NULL || strcmp(v, "proof") == 0)
        return SEARCH_LOWER_PROOF;
    if (strcmp(v, "search") == 0)
        return SEARCH_LOWER_SEARCH;
    if (strcmp(v, "none") == 0)
        return SEARCH_LOWER_NONE;
    snprintf(msg, sizeof(msg), "--lower-bound: '%.100s' is not allowed (expected "
        "proof, search or none)", v);
    cli_die(msg);
}

void
cli_rational(fmpq_t x, const cli_t cl, int k, const char * dflt, int positive)
{
    const char * s = cl->value[k] ? cl->value[k] : dflt;
    const char * name = options[k].name;
    char msg[512];
    if (parse_rational(x, s) != 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is not a number (expected e.g. "
            "1, 0.5, 2e-3 or 1/3)", name, s);
        cli_die(msg);
    }
    if (positive && fmpq_sgn(x) <= 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' must be > 0", name, s);
        cli_die(msg);
    }
    if (!rational_in_range(x))
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is out of range (allowed: %s)",
            name, s, positive ? "a number from 10^-12 to 10^12"
            : PARSE_RANGE_TEXT);
        cli_die(msg);
    }
}

ulong
cli_count(const cli_t cl, int k, ulong dflt, ulong lo, ulong hi,
    const char * what)
{
    ulong v;
    char msg[512];
    if (cl->value[k] == NULL)
        return dflt;
    if (parse_count(&v, cl->value[k], lo, hi) != 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is not allowed (expected %s)",
            options[k].name, cl->value[k], what);
        cli_die(msg);
    }
    return v;
}

void
cli_clist(check_opts * o, const cli_t cl)
{
    const char * s = cl->value[O_CLIST];
    char buf[256], * tok, * save = NULL;
    ulong v;
    if (s == NULL)
        return;
    if (strlen(s) >= sizeof(buf))
        cli_die("--c-list: too long");
    if (csv_empty_token(s) > 0)
    {
        char msg[400];
        snprintf(msg, sizeof(msg), "--c-list: entry %ld of '%.100s' is empty "
            "(expected up to 16 comma-separated integers from 1 to 10^6)",
            (long) csv_empty_token(s), s);
        cli_die(msg);
    }
    strcpy(buf, s);
    o->nc = 0;
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
    {
        char msg[400];
        if (o->nc == 16)
            cli_die("--c-list: more than 16 cutoffs (expected up to 16 "
                "comma-separated integers from 1 to 10^6)");
        if (parse_count(&v, tok, 1, 1000000) != 0)
        {
            snprintf(msg, sizeof(msg), "--c-list: entry %ld is '%.60s' (expected "
                "up to 16 comma-separated integers from 1 to 10^6)",
                (long) o->nc + 1, tok);
            cli_die(msg);
        }
        o->clist[o->nc++] = (slong) v;
    }
}

/* --eps1, --eps2, --eps3 into o->ov */
static void
budget_overrides(check_opts * o, const cli_t cl)
{
    if (cl->value[O_EPS1])
    {
        cli_rational(o->ov_store[0], cl, O_EPS1, "1", 1);
        o->ov.eps1 = o->ov_store[0];
    }
    if (cl->value[O_EPS2])
    {
        cli_rational(o->ov_store[1], cl, O_EPS2, "1", 1);
        o->ov.eps2 = o->ov_store[1];
    }
    if (cl->value[O_EPS3])
    {
        cli_rational(o->ov_store[2], cl, O_EPS3, "0", 0);
        if (fmpq_sgn(o->ov_store[2]) < 0)
            cli_die("--eps3: must be >= 0");
        o->ov.eps3 = o->ov_store[2];
    }
}

void
cli_common_options(check_opts * o, const cli_t cl, ulong mmax_default,
    slong maxdigits_default)
{
    cli_rational(o->eps, cl, O_EPS, "1", 1);
    cli_rational(o->delta, cl, O_DELTA, "1", 1);
    budget_overrides(o, cl);
    o->m_max = cli_count(cl, O_MMAX, mmax_default, 1, UWORD(1) << 62,
        "an integer from 1 to 2^62");
    o->ro.digits = (slong) cli_count(cl, O_DIGITS, 30, 5, 10000,
        "an integer from 5 to 10000");
    o->ro.max_digits = (slong) cli_count(cl, O_MAXDIGITS, maxdigits_default, 5,
        100000, "an integer from 5 to 100000");
    if (o->ro.max_digits < o->ro.digits)
        o->ro.max_digits = o->ro.digits;
    o->json = cl->value[O_JSON] != NULL;
    o->out_digits = cl->value[O_DIGITS] ? o->ro.digits : o->json ? 20 : 15;
    o->progress = !o->json && isatty(2);
    o->nc = 0;
    if (cl->value[O_C])
    {
        o->clist[0] = (slong) cli_count(cl, O_C, 1, 1, 1000000,
            "an integer from 1 to 10^6");
        o->nc = 1;
    }
}

void
cli_search_options(search_opts * so, const cli_t cl, slong work_default)
{
    cli_common_options(&so->base, cl, 1000, 480);
    so->seconds = (double) cli_count(cl, O_SECONDS, SEARCH_DEFAULT_SECONDS, 1,
        1000000, "an integer number of seconds from 1 to 10^6");
    so->work = (slong) cli_count(cl, O_WORK, (ulong) work_default, 1, 1000000,
        "an integer number of work units from 1 to 10^6");
    so->seed = cli_count(cl, O_SEED, 1, 0, UWORD_MAX, "a non-negative integer");
}

