/* main.c -- the `verify` command: parse arguments, call the library,
   report, exit.  Exit codes: 0 success / no violation found, 1 a certified
   violation (check), 2 bad input, 3 inconclusive (check). */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "custom.h"
#include "report.h"
#include "search.h"
#include "prove.h"
#include "approx.h"

#ifndef SVT_VERSION
#define SVT_VERSION "unknown"
#endif

static void
print_usage(FILE * f)
{
    fprintf(f,
"usage: verify COMMAND [ARGS] [OPTIONS]\n"
"\n"
"Certified checks of the privacy claims of Sparse Vector Technique variants\n"
"(Lyu, Su, Li, PVLDB 2017).  Every number is a rigorous Arb enclosure.\n"
"\n"
"commands:\n"
"  list                               variants and constructions, with sources\n"
"  ratio VARIANT CONSTRUCTION         Pr[A(D)=a], Pr[A(D')=a], ln ratios, verdict\n"
"  ratio VARIANT custom --qD V --qD2 V [--T V] [--output V | --max-over-outputs]\n"
"  ratio VARIANT custom --file F      the same, read from a file (key = value);\n"
"                                     ratio exits 0 within (or no claim,\n"
"                                     impossible), 1 exceeds or infinite,\n"
"                                     3 undecided\n"
"  sweep VARIANT CONSTRUCTION         ln ratio along m = 1, 2, 5, ..., --m-max;\n"
"                                     growing (certified increments that do not\n"
"                                     shrink) or not shown, first m past k*eps;\n"
"                                     exit 1 when a ratio certainly exceeds the\n"
"                                     claim, 3 when one is undecided\n"
"  check VARIANT                      every applicable construction over m and c,\n"
"                                     and the proof for every m; exit 0 only when\n"
"                                     the claim is proved for every m (or the\n"
"                                     variant claims nothing), 1 a certified\n"
"                                     violation, 3 otherwise: no violation in the\n"
"                                     certified ratios is evidence, not a proof\n"
"                                     (--accept-evidence)\n"
"  all                                every variant x construction: Figure 2,\n"
"                                     measured; exit 3 when a claim is neither\n"
"                                     proved nor violated\n"
"  lint FILE                          check a variant spec file (format: variants/spec.h)\n"
"  prove VARIANT                      a proof for every m: an upper bound B from a\n"
"                                     shift coupling, beside the best certified\n"
"                                     lower bound L; decision proved, unbounded or\n"
"                                     unknown; exit 0 claim proved, 1 violated,\n"
"                                     3 undecided\n"
"  delta VARIANT PAIR                 delta(eps_prv) = sum over every output of\n"
"                                     max(0, Pr[A(D)=a] - e^eps_prv Pr[A(D')=a]),\n"
"                                     both ways, certified; PAIR is a construction\n"
"                                     (with --m, --T) or custom (--qD, --qD2, --T\n"
"                                     or --file; no output); exit 0 within (or no\n"
"                                     claim), 1 above the claimed delta at the\n"
"                                     claimed eps, 3 undecided\n"
"  renyi VARIANT PAIR --alpha A       the Renyi divergence of order A (1: KL) of\n"
"                                     the same output distributions, both ways\n"
"  search VARIANT                     look for a counterexample: constructions in m\n"
"                                     and c, the statistical testers' patterns, a\n"
"                                     seeded optimiser, then a family in m (with a\n"
"                                     kappa^m proof when one holds); exit 1 when a\n"
"                                     violation is certified, 0 none, 3 undecided\n"
"\n"
"VARIANT is a built-in name (verify list), the path of a spec or program\n"
"file (variants/PROGRAMS.md), or a DiPA automaton (.dipa).\n"
"\n"
"options:\n"
"  --eps E          total budget (default 1); E > 0, e.g. 0.5, 1/3, 2e-1\n"
"                   (every real given -- budgets, Delta, T, query answers,\n"
"                   numbers -- is 0 or of magnitude 10^-12 to 10^12)\n"
"  --c C            cutoff, integer >= 1 (default 1)\n"
"  --m M            family size, 1 <= M <= 2^62 (default 10); 1e6 and 10^6 work\n"
"  --m-max M        largest m: sweep (default 10^6), check and all (1000)\n"
"  --delta D        sensitivity (default 1)\n"
"  --T T            threshold (default 0); custom: one value or one per query\n"
"  --eps1/--eps2 E  budget split (gptt, alg7, alg7-monotone)\n"
"  --eps3 E         budget of the numeric outputs of alg7 (default 0)\n"
"  --c-list 1,2,5   cutoffs for check (default 1,2,5,20)\n"
"  --digits P       relative accuracy goal in digits (default 30)\n"
"  --max-digits P   cap when a verdict is undecided (default 240; check and\n"
"                   all: 480, enough to separate a ratio from a bound it\n"
"                   approaches like 2^-m up to m = 1000)\n"
"  --json           one JSON object per result on stdout\n"
"  --qD, --qD2 V    custom query answers: comma-separated, value or value*count\n"
"  --output V       custom output: bot, top, a label, - or a number per query\n"
"                   (value*count)\n"
"  --allow-non-neighbours  custom: compute even when |q(D) - q(D')| > Delta\n"
"                   somewhere (otherwise an error, exit 2)\n"
"  --max-over-outputs  the exact privacy loss of the pair: maximum over every\n"
"                   output the variant can produce (at most %d queries)\n"
"  --work W         search, prove: the budget, counted in work (integrand\n"
"                   evaluations weighted by precision, and ratios tried),\n"
"                   never in time, so that the result is the same on every\n"
"                   machine; W units, about a second each on a 2024 core\n"
"                   (search default 30; prove's lower bound 10)\n"
"  --seconds S      search, prove: an outer time guard (default 600): past it\n"
"                   the command stops, says \"stopped by the time limit\" and\n"
"                   exits 3, never with another verdict\n"
"  --lower-bound HOW  prove, check: where the lower bound L comes from:\n"
"                   'proof' (default: the witness built from the proof's\n"
"                   costliest run, or from where the proof fails; the search\n"
"                   only when that witness does not settle L), 'search' (the\n"
"                   search as well, always) or 'none' (the proof alone)\n"
"  --seed N         search: seed of the optimiser (default 1)\n"
"  --shard i/n      search: do the i-th of n shares of the tasks (0 <= i < n),\n"
"                   with --json to merge the lines of many machines\n"
"  --save FILE      search: write the best pair as a custom file\n"
"  --eps-prv E      delta: the eps of delta(eps) (default: the claimed eps)\n"
"  --dp-delta D     delta: also the smallest eps_prv with delta <= D (default:\n"
"                   the claimed delta when positive); search: look for a pair\n"
"                   whose delta at the claimed eps exceeds D (--delta is the\n"
"                   sensitivity Delta)\n"
"  --curve          delta: delta on 21 values of eps_prv from 0 to just above\n"
"                   the pure loss; renyi: orders 1/2 to 64\n"
"  --alpha A        renyi: the order, A > 0\n"
"  --junit FILE     check and all: also write JUnit XML to FILE, one test case\n"
"                   per variant and construction (failure: a certified\n"
"                   violation, with the command that re-checks it; error:\n"
"                   undecided; skipped: the construction does not apply),\n"
"                   and \"proof for every m\" per variant (pass only when\n"
"                   proved; error when neither proved nor violated)\n"
"  --accept-evidence  check and all: accept finite evidence: a claim that is\n"
"                   not proved for every m, with no certified violation and\n"
"                   no undecided ratio, exits 0 (and its JUnit proof case is\n"
"                   skipped) instead of 3\n"
"  --version        the version of svt-verify\n"
"  -h, --help       this text\n"
"\n"
"exit codes: 0 within (or no claim), 1 a certified violation, 2 bad input\n"
"(a one-line error), 3 undecided at the precision cap or the work budget\n"
"(the enclosure is printed).\n"
"\n"
"For a variant that outputs numbers, `top` in an output stands for the event\n"
"\"a number is output here\"; a number v stands for the density at v.\n",
        CUSTOM_MAX_ENUM);
}

/* the program's catalogue, and a variant read from a spec file */
static svt_catalog_t catalog;
static svt_variant_struct user_variant;
static int have_user_variant = 0;

static void
die(const char * msg)
{
    fprintf(stderr, "verify: %s\n", msg);
    exit(2);
}

typedef struct
{
    const char * name;
    const char * value;
    int is_flag;
}
optdef;

enum { O_EPS, O_C, O_M, O_MMAX, O_DELTA, O_T, O_EPS1, O_EPS2, O_EPS3, O_CLIST,
       O_DIGITS, O_MAXDIGITS, O_JSON, O_QD, O_QD2, O_OUTPUT, O_FILE, O_MAXOUT,
       O_SECONDS, O_WORK, O_SEED, O_SHARD, O_SAVE, O_ALLOWNN, O_EPSPRV, O_DPDELTA,
       O_ALPHA, O_CURVE, O_JUNIT, O_ACCEPT, O_LOWER, O_COUNT };

static optdef opts[O_COUNT] = {
    { "--eps", NULL, 0 }, { "--c", NULL, 0 }, { "--m", NULL, 0 },
    { "--m-max", NULL, 0 }, { "--delta", NULL, 0 }, { "--T", NULL, 0 },
    { "--eps1", NULL, 0 }, { "--eps2", NULL, 0 }, { "--eps3", NULL, 0 },
    { "--c-list", NULL, 0 }, { "--digits", NULL, 0 }, { "--max-digits", NULL, 0 },
    { "--json", NULL, 1 }, { "--qD", NULL, 0 }, { "--qD2", NULL, 0 },
    { "--output", NULL, 0 }, { "--file", NULL, 0 },
    { "--max-over-outputs", NULL, 1 },
    { "--seconds", NULL, 0 }, { "--work", NULL, 0 }, { "--seed", NULL, 0 },
    { "--shard", NULL, 0 },
    { "--save", NULL, 0 }, { "--allow-non-neighbours", NULL, 1 },
    { "--eps-prv", NULL, 0 }, { "--dp-delta", NULL, 0 }, { "--alpha", NULL, 0 },
    { "--curve", NULL, 1 }, { "--junit", NULL, 0 },
    { "--accept-evidence", NULL, 1 },
    { "--lower-bound", NULL, 0 },
};

/* splits argv into positional arguments and options */
static int
parse_args(int argc, char ** argv, const char ** pos, int maxpos)
{
    int i, npos = 0, k;
    char msg[512];
    for (i = 1; i < argc; i++)
    {
        const char * a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
        {
            print_usage(stdout);
            exit(0);
        }
        if (strcmp(a, "--version") == 0)
        {
            printf("verify (svt-verify) %s\n", SVT_VERSION);
            exit(0);
        }
        if (strncmp(a, "--", 2) != 0)
        {
            if (npos == maxpos)
            {
                snprintf(msg, sizeof(msg), "unexpected argument '%s' (see "
                    "verify --help)", a);
                die(msg);
            }
            pos[npos++] = a;
            continue;
        }
        for (k = 0; k < O_COUNT; k++)
        {
            size_t n = strlen(opts[k].name);
            if (strncmp(a, opts[k].name, n) == 0 && (a[n] == '\0' || a[n] == '='))
            {
                if (opts[k].is_flag)
                {
                    if (a[n] == '=')
                    {
                        snprintf(msg, sizeof(msg), "%s takes no value", opts[k].name);
                        die(msg);
                    }
                    opts[k].value = "1";
                }
                else if (a[n] == '=')
                    opts[k].value = a + n + 1;
                else if (i + 1 < argc)
                    opts[k].value = argv[++i];
                else
                {
                    snprintf(msg, sizeof(msg), "%s needs a value", opts[k].name);
                    die(msg);
                }
                break;
            }
        }
        if (k == O_COUNT)
        {
            snprintf(msg, sizeof(msg), "unknown option '%s' (see verify --help)", a);
            die(msg);
        }
    }
    return npos;
}

/* --lower-bound proof|search|none */
static int
get_lower_mode(void)
{
    const char * v = opts[O_LOWER].value;
    char msg[256];
    if (v == NULL || strcmp(v, "proof") == 0)
        return SEARCH_LOWER_PROOF;
    if (strcmp(v, "search") == 0)
        return SEARCH_LOWER_SEARCH;
    if (strcmp(v, "none") == 0)
        return SEARCH_LOWER_NONE;
    snprintf(msg, sizeof(msg), "--lower-bound: '%.100s' is not allowed (expected "
        "proof, search or none)", v);
    die(msg);
    return 0;
}

static void
get_rational(fmpq_t x, int k, const char * dflt, int positive)
{
    const char * s = opts[k].value ? opts[k].value : dflt;
    char msg[512];
    if (parse_rational(x, s) != 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is not a number (expected e.g. "
            "1, 0.5, 2e-3 or 1/3)", opts[k].name, s);
        die(msg);
    }
    if (positive && fmpq_sgn(x) <= 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' must be > 0", opts[k].name, s);
        die(msg);
    }
    if (!rational_in_range(x))
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is out of range (allowed: %s)",
            opts[k].name, s, positive ? "a number from 10^-12 to 10^12"
            : PARSE_RANGE_TEXT);
        die(msg);
    }
}

static ulong
get_count(int k, ulong dflt, ulong lo, ulong hi, const char * what)
{
    ulong v;
    char msg[512];
    if (opts[k].value == NULL)
        return dflt;
    if (parse_count(&v, opts[k].value, lo, hi) != 0)
    {
        snprintf(msg, sizeof(msg), "%s: '%s' is not allowed (expected %s)",
            opts[k].name, opts[k].value, what);
        die(msg);
    }
    return v;
}

static void
forbid(int k, const char * where)
{
    char msg[512];
    if (opts[k].value != NULL)
    {
        snprintf(msg, sizeof(msg), "%s does not apply to %s", opts[k].name, where);
        die(msg);
    }
}

/* every label of an output vector is an output of the program */
static void
require_program_labels(const svt_variant_struct * var, const svt_runs_t R)
{
    svt_answer_kind kind[SVT_PROGRAM_MAX_ALPHABET];
    const char * label[SVT_PROGRAM_MAX_ALPHABET];
    char msg[1024];
    slong na, i, k;
    for (i = 0; i < R->len; i++)
    {
        if (R->runs[i].a != SVT_LABEL)
            continue;
        if (var->prog == NULL)
        {
            snprintf(msg, sizeof(msg), "--output: '%s' is not an output of %s "
                "(allowed: bot, top%s)", R->runs[i].label, var->name,
                var->output != SVT_OUT_TOP ? ", numbers" : "");
            die(msg);
        }
        na = svt_program_alphabet(kind, label, var->prog);
        for (k = 0; k < na; k++)
            if (kind[k] == SVT_LABEL && strcmp(label[k], R->runs[i].label) == 0)
                break;
        if (k < na)
            continue;
        snprintf(msg, sizeof(msg), "--output: '%s' is not an output of %s "
            "(allowed:", R->runs[i].label, var->name);
        for (k = 0; k < na; k++)
            snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s %s",
                k > 0 ? "," : "", kind[k] == SVT_BOT ? "bot" : kind[k] == SVT_TOP ? "top"
                : label[k]);
        snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s)",
            var->prog->outputs_numbers ? ", numbers" : "");
        die(msg);
    }
}

/* |q_i(D) - q_i(D')| <= Delta for every query, unless
   --allow-non-neighbours: the first query that breaks it is named */
static void
require_neighbours(const svt_runs_t R, const fmpq_t delta)
{
    ulong pos = 1;
    slong i;
    fmpq_t d;
    char msg[512], * sd, * sq0, * sq1;
    if (opts[O_ALLOWNN].value != NULL)
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
            snprintf(msg, sizeof(msg), "--qD/--qD2: query %lu has q(D) = %s and "
                "q(D') = %s, more than Delta = %s apart: D and D' are not "
                "neighbours (allowed: |q(D) - q(D')| <= Delta for every query; "
                "--allow-non-neighbours computes the ratio anyway)", pos, sq0,
                sq1, sd);
            flint_free(sq0);
            flint_free(sq1);
            flint_free(sd);
            fmpq_clear(d);
            die(msg);
        }
        pos += R->runs[i].count;
    }
    fmpq_clear(d);
}

/* the exit code of a verdict: 1 a certified violation, 3 undecided */
static int
verdict_exit(verdict_t v)
{
    return v == VERDICT_EXCEEDS || v == VERDICT_INFINITE ? 1
        : v == VERDICT_INCONCLUSIVE ? 3 : 0;
}

static const svt_variant_struct *
get_variant(const char * name)
{
    const svt_variant_struct * v;
    char msg[1024];
    slong i;
    if (name == NULL)
        die("missing VARIANT (see verify list)");
    if (strchr(name, '/') != NULL || (strlen(name) > 4
            && strcmp(name + strlen(name) - 4, ".svt") == 0) || (strlen(name) > 5
            && strcmp(name + strlen(name) - 5, ".dipa") == 0))
    {
        /* a spec file */
        if (svt_variant_load(&user_variant, name, msg, sizeof(msg)) != 0)
            die(msg);
        have_user_variant = 1;
        return &user_variant;
    }
    v = svt_catalog_find(catalog, name);
    if (v == NULL)
    {
        size_t n;
        snprintf(msg, sizeof(msg), "unknown variant '%s' (allowed:", name);
        for (i = 0; i < svt_catalog_count(catalog); i++)
        {
            n = strlen(msg);
            snprintf(msg + n, sizeof(msg) - n, " %s",
                svt_catalog_get(catalog, i)->name);
        }
        n = strlen(msg);
        snprintf(msg + n, sizeof(msg) - n, ", or a spec file path)");
        die(msg);
    }
    return v;
}

static const construction_info *
get_construction(const char * name, int allow_custom)
{
    const construction_info * ci;
    char msg[1024];
    slong i;
    if (name == NULL)
        die("missing CONSTRUCTION (see verify list)");
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
        die(msg);
    }
    return ci;
}

/* dies when the construction needs numbers the variant does not output */
static void
require_numeric(const construction_info * ci, const svt_model_t M)
{
    char err[512];
    if (ci->numeric && M->output == SVT_OUT_TOP)
    {
        snprintf(err, sizeof(err), "construction %s needs a variant that "
            "outputs numbers (alg3, or alg7 with --eps3 > 0)", ci->name);
        die(err);
    }
}

/* A variant with a fixed cutoff (cutoff = 1 in its spec) never takes
   another c: saying so beats replacing the user's value silently. */
static void
require_cutoff(const svt_variant_struct * var, const check_opts * o)
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
                opts[O_CLIST].value ? "--c-list: c =" : "--c",
                (long) o->clist[i], var->name, (long) var->fixed_c,
                (long) var->fixed_c, (long) var->fixed_c);
            die(msg);
        }
}

/* common numeric options into the check options */
static void
common_options(check_opts * o, ulong mmax_default, slong maxdigits_default)
{
    get_rational(o->eps, O_EPS, "1", 1);
    get_rational(o->delta, O_DELTA, "1", 1);
    if (opts[O_EPS1].value)
    {
        get_rational(o->ov_store[0], O_EPS1, "1", 1);
        o->ov.eps1 = o->ov_store[0];
    }
    if (opts[O_EPS2].value)
    {
        get_rational(o->ov_store[1], O_EPS2, "1", 1);
        o->ov.eps2 = o->ov_store[1];
    }
    if (opts[O_EPS3].value)
    {
        get_rational(o->ov_store[2], O_EPS3, "0", 0);
        if (fmpq_sgn(o->ov_store[2]) < 0)
            die("--eps3: must be >= 0");
        o->ov.eps3 = o->ov_store[2];
    }
    o->m_max = get_count(O_MMAX, mmax_default, 1, UWORD(1) << 62,
        "an integer from 1 to 2^62");
    o->ro.digits = (slong) get_count(O_DIGITS, 30, 5, 10000,
        "an integer from 5 to 10000");
    o->ro.max_digits = (slong) get_count(O_MAXDIGITS, maxdigits_default, 5, 100000,
        "an integer from 5 to 100000");
    if (o->ro.max_digits < o->ro.digits)
        o->ro.max_digits = o->ro.digits;
    o->json = opts[O_JSON].value != NULL;
    o->out_digits = opts[O_DIGITS].value ? o->ro.digits : o->json ? 20 : 15;
    o->progress = !o->json && isatty(2);
    o->nc = 0;
    if (opts[O_C].value)
    {
        o->clist[0] = (slong) get_count(O_C, 1, 1, 1000000,
            "an integer from 1 to 10^6");
        o->nc = 1;
    }
}

static void
cmd_list(void)
{
    slong i;
    printf("variants:\n");
    for (i = 0; i < svt_catalog_count(catalog); i++)
    {
        const svt_variant_struct * v = svt_catalog_get(catalog, i);
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
}

/* The pair of a command: construction ci at m (the threshold --T), or
   custom vectors (--qD, --qD2, --T, --output or --file; the output is
   required when need_output). */
static void
build_pair(svt_runs_t R, const construction_info * ci, ulong m,
    const svt_model_t M, check_opts * o, const svt_variant_struct * var,
    int need_output)
{
    char err[1024];
    if (ci != NULL)
    {
        forbid(O_QD, "a named construction");
        forbid(O_QD2, "a named construction");
        forbid(O_OUTPUT, "a named construction");
        forbid(O_FILE, "a named construction");
        forbid(O_MAXOUT, "a named construction (use custom)");
        forbid(O_ALLOWNN, "a named construction (its pairs are neighbours)");
        get_rational(o->T, O_T, "0", 0);
        require_numeric(ci, M);
        if (construction_build(R, ci, m, M->c, o->delta, o->T, err, sizeof(err)) != 0)
            die(err);
    }
    else
    {
        char * fq = NULL, * fq2 = NULL, * fT = NULL, * fo = NULL;
        const char * qD = opts[O_QD].value, * qD2 = opts[O_QD2].value;
        const char * T = opts[O_T].value, * out = opts[O_OUTPUT].value;
        forbid(O_M, "custom");
        if (opts[O_FILE].value)
        {
            if (qD || qD2 || out)
                die("--file: give the vectors either in the file or on the "
                    "command line, not both");
            if (custom_read_file(opts[O_FILE].value, &fq, &fq2, &fT, &fo, err,
                    sizeof(err)) != 0)
                die(err);
            qD = fq;
            qD2 = fq2;
            if (fT)
                T = fT;
            out = fo;
        }
        if (custom_build(R, qD, qD2, T, out, need_output, err, sizeof(err)) != 0)
            die(err);
        require_program_labels(var, R);
        flint_free(fq);
        flint_free(fq2);
        flint_free(fT);
        flint_free(fo);
        require_neighbours(R, o->delta);
    }
}

/* The model at the options o (--c, --eps, ...) and its pair (see
   build_pair); M and R are initialised here.  Returns --m. */
static ulong
model_and_pair(svt_model_t M, svt_runs_t R, const svt_variant_struct * var,
    const construction_info * ci, check_opts * o, int need_output)
{
    char err[1024];
    ulong m;
    require_cutoff(var, o);
    m = get_count(O_M, 10, 1, UWORD(1) << 62, "an integer from 1 to 2^62");
    svt_model_init(M);
    svt_runs_init(R);
    if (svt_model_set(M, var, o->eps, o->nc ? o->clist[0] : 1, o->delta,
            &o->ov, err, sizeof(err)) != 0)
        die(err);
    build_pair(R, ci, m, M, o, var, need_output);
    return m;
}

static int
cmd_ratio(const char ** pos, int npos)
{
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    svt_model_t M;
    svt_runs_t R;
    char err[1024];
    ulong m;
    int rc = 0;

    if (npos < 3)
        die("ratio needs VARIANT and CONSTRUCTION (see verify list)");
    var = get_variant(pos[1]);
    ci = get_construction(pos[2], 1);
    check_opts_init(&o);
    forbid(O_CLIST, "ratio");
    forbid(O_MMAX, "ratio (use --m)");
    common_options(&o, 1000000, 240);
    m = model_and_pair(M, R, var, ci, &o, opts[O_MAXOUT].value == NULL);

    if (opts[O_MAXOUT].value)
    {
        maxout_struct mo;
        double t0 = integral_clock();
        maxout_init(&mo);
        if (maxout_run(&mo, M, R, &o.ro, err, sizeof(err)) != 0)
            die(err);
        if (o.json)
        {
            report_ctx ctx = { "custom", 0, o.out_digits };
            json_t * j = report_json_core("max-over-outputs", var->name,
                "custom", M, 0, o.out_digits), * und = json_array();
            char * os = custom_output_describe(mo.best_runs);
            slong u;
            for (u = 0; u < FLINT_MIN(mo.nundecided, MAXOUT_LIST_UNDECIDED); u++)
                json_array_append_new(und, json_string(mo.undecided[u]));
            json_object_set_new(j, "loss", report_json_lossmax(mo.agg, o.out_digits));
            report_json_set_verdict(j, mo.verdict);
            report_json_set_seconds(j, integral_clock() - t0);
            json_object_set_new(j, "outputs_enumerated", json_integer(mo.outputs));
            json_object_set_new(j, "outputs_impossible", json_integer(mo.impossible));
            json_object_set_new(j, "outputs_undecided", json_integer(mo.nundecided));
            json_object_set_new(j, "undecided_outputs", und);
            json_object_set_new(j, "numbers_searched_on_grid", json_boolean(mo.numeric_searched));
            json_object_set_new(j, "argmax_output", json_string(os));
            json_object_set_new(j, "argmax", report_ratio_json(M, &ctx, mo.best));
            report_json_line(j);
            flint_free(os);
        }
        else
        {
            report_ctx ctx = { "custom", 0, o.out_digits };
            char * os = custom_output_describe(mo.best_runs);
            char * ml = lossmax_string(mo.agg, o.out_digits);
            printf("%s privacy loss of the pair (maximum over %ld outputs, "
                "%ld of them impossible for %s):\n  max ln ratio %s\n  "
                "verdict %s\n", mo.numeric_searched ? "searched" : "exact",
                (long) mo.outputs, (long) mo.impossible,
                var->name, ml, verdict_name(mo.verdict));
            if (mo.nundecided > 0)
            {
                slong u;
                printf("  undecided: %ld output%s whose ratio the enclosure "
                    "does not decide at the precision cap (--max-digits %ld)"
                    "%s", (long) mo.nundecided, mo.nundecided == 1 ? "" : "s",
                    (long) o.ro.max_digits, mo.verdict == VERDICT_INCONCLUSIVE
                    ? ", so the maximum is undecided:" : " (a certified "
                    "violation decides the maximum anyway):");
                for (u = 0; u < FLINT_MIN(mo.nundecided, MAXOUT_LIST_UNDECIDED); u++)
                    printf(" %s", mo.undecided[u]);
                if (mo.nundecided > MAXOUT_LIST_UNDECIDED)
                    printf(" ... (%ld more)", (long) (mo.nundecided - MAXOUT_LIST_UNDECIDED));
                printf("\n");
            }
            if (mo.partial)
                printf("  note: whether a run of %s stops after some of the "
                    "shorter outputs is not decided here, so not every output "
                    "was enumerated and \"within\" is never claimed.\n",
                    var->name);
            if (mo.numeric_searched)
                printf("  note: %s outputs numbers.  The outputs were first "
                    "enumerated as events (top = \"some number is output\"); "
                    "then each number of the best pattern was searched "
                    "coordinate-wise over T, q(D), q(D') +- k s/2 (k = -12..12, "
                    "s the scale of the noise in the number).  The maximum is "
                    "a certified lower bound on the supremum over numbers; a "
                    "grid cannot certify that no larger value exists, so "
                    "\"within\" is never claimed here.\n", var->name);
            printf("largest at output %s:\n", os);
            report_ratio_human(stdout, M, &ctx, mo.best);
            flint_free(os);
            flint_free(ml);
        }
        rc = verdict_exit(mo.verdict);
        maxout_clear(&mo);
    }
    else
    {
        ratio_result_t r;
        report_ctx ctx = { ci ? ci->name : "custom", ci && ci->uses_m ? m : 0,
            o.out_digits };
        ratio_result_init(r);
        ratio_decide(r, M, R, &o.ro);
        if (o.json)
            report_json_line(report_ratio_json(M, &ctx, r));
        else
        {
            report_ratio_human(stdout, M, &ctx, r);
            if (ci && ci->numeric)
                printf("  (an output with numbers: the probabilities are densities)\n");
        }
        rc = verdict_exit(r->verdict);
        ratio_result_clear(r);
    }

    svt_runs_clear(R);
    svt_model_clear(M);
    check_opts_clear(&o);
    return rc;
}

static void
sweep_progress(void * data, ulong m, const ratio_result_t r)
{
    (void) data;
    fprintf(stderr, "\r  m = %lu: %s        ", m, verdict_name(r->verdict));
}

/* a point of the sweep certainly exceeds the claim */
static int
sweep_violated(const sweep_result_t s, const svt_model_t M)
{
    verdict_t v = lossmax_verdict(s->agg, M, 0);
    return M->has_claim && (v == VERDICT_EXCEEDS || v == VERDICT_INFINITE);
}

static int
cmd_sweep(const char ** pos, int npos)
{
    const svt_variant_struct * var;
    const construction_info * ci;
    check_opts o;
    svt_model_t M;
    sweep_result_t s;
    char err[1024];
    slong i, k;
    double t0;
    static const char * mult[4] = { "eps", "10 eps", "100 eps", "1000 eps" };

    if (npos < 3)
        die("sweep needs VARIANT and CONSTRUCTION (see verify list)");
    var = get_variant(pos[1]);
    ci = get_construction(pos[2], 0);
    check_opts_init(&o);
    forbid(O_M, "sweep (use --m-max)");
    forbid(O_CLIST, "sweep");
    forbid(O_QD, "sweep");
    forbid(O_MAXOUT, "sweep");
    common_options(&o, 1000000, 240);
    require_cutoff(var, &o);
    get_rational(o.T, O_T, "0", 0);
    svt_model_init(M);
    if (svt_model_set(M, var, o.eps, o.nc ? o.clist[0] : 1, o.delta, &o.ov,
            err, sizeof(err)) != 0)
        die(err);
    require_numeric(ci, M);
    sweep_result_init(s);
    t0 = integral_clock();
    sweep_run(s, M, ci, o.m_max, o.delta, o.T, &o.ro, 1,
        o.progress ? sweep_progress : NULL, NULL, err, sizeof(err));
    if (o.progress)
        fprintf(stderr, "\r%60s\r", "");

    if (o.json)
    {
        for (i = 0; i < s->len; i++)
        {
            json_t * j = report_json_core("sweep-point", var->name, ci->name,
                M, s->pts[i].m, o.out_digits);
            report_json_set_loss(j, s->pts[i].loss, o.out_digits);
            report_json_set_verdict(j, s->pts[i].verdict);
            report_json_line(j);
        }
        {
            json_t * j = report_json_core("sweep", var->name, ci->name, M, 0,
                o.out_digits), * fm = json_array();
            json_object_set_new(j, "loss", report_json_lossmax(s->agg, o.out_digits));
            report_json_set_verdict(j, lossmax_verdict(s->agg, M, 0));
            report_json_set_seconds(j, integral_clock() - t0);
            json_object_set_new(j, "m_max", json_integer((json_int_t) o.m_max));
            json_object_set_new(j, "classification", json_string(growth_name(s->growth)));
            json_object_set_new(j, "slope_per_block", json_real(s->slope));
            json_object_set_new(j, "block_queries", json_integer((json_int_t) s->block));
            json_object_set_new(j, "slope_per_query", json_real(s->slope / (double) s->block));
            json_object_set_new(j, "points_undecided", json_integer(lossmax_undecided(s->agg)));
            for (k = 0; k < 4; k++)
            {
                json_t * e = json_object();
                json_object_set_new(e, "multiple_of_eps", json_integer(k == 0 ? 1 : k == 1 ? 10 : k == 2 ? 100 : 1000));
                json_object_set_new(e, "first_m", s->first_m[k]
                    ? json_integer((json_int_t) s->first_m[k]) : json_null());
                json_object_set_new(e, "extrapolated_m", s->first_m_extrap[k] > 0
                    ? json_real(s->first_m_extrap[k]) : json_null());
                json_array_append_new(fm, e);
            }
            json_object_set_new(j, "passes", fm);
            json_object_set_new(j, "status", json_string(sweep_violated(s, M)
                ? "violated" : M->has_claim ? "undecided" : "no-claim"));
            report_json_line(j);
        }
    }
    else
    {
        char * cl = decimal_interval(M->claimed, 10);
        printf("sweep %s on %s (%s)\n  ", var->name, ci->name, ci->shape);
        report_model_line(stdout, M);
        printf("\n  claimed eps %s\n  %12s  %-12s %s\n", cl, "m", "verdict",
            "max(ln ratio D/D', D'/D) [certified]");
        flint_free(cl);
        for (i = 0; i < s->len; i++)
        {
            char * v = arb_is_finite(s->pts[i].loss)
                ? decimal_interval(s->pts[i].loss, o.out_digits) : NULL;
            printf("  %12lu  %-12s %s\n", s->pts[i].m,
                verdict_name(s->pts[i].verdict), v ? v
                : s->pts[i].verdict == VERDICT_INFINITE ? "inf" : "-");
            flint_free(v);
        }
        printf("classification: %s", s->growth == GROWTH_NOT_SHOWN
            ? "growth not shown (the certified increments along m do not "
            "show growth; finitely many m show no bound either)"
            : growth_name(s->growth));
        if (s->growth == GROWTH_NOT_SHOWN || s->growth == GROWTH_SLOW)
        {
            char * ml = decimal_interval(s->max_loss, o.out_digits);
            printf(" -- largest ln ratio %s at m = %lu", ml, s->max_loss_m);
            flint_free(ml);
        }
        if (s->growth == GROWTH_LINEAR || s->growth == GROWTH_SLOW)
            printf("; fitted growth %.6g per block of %lu quer%s (%.6g per query) "
                "over the last decade", s->slope, s->block, s->block == 1 ? "y"
                : "ies", s->slope / (double) s->block);
        printf("\n");
        {
            char * ml = lossmax_string(s->agg, o.out_digits);
            printf("maximum over the %ld points: %s, ln ratio %s", (long) s->len,
                verdict_name(lossmax_verdict(s->agg, M, 0)), ml);
            if (lossmax_undecided(s->agg) > 0)
                printf(" (%ld point%s undecided at the precision cap: never "
                    "dropped)", (long) lossmax_undecided(s->agg),
                    lossmax_undecided(s->agg) == 1 ? "" : "s");
            printf("\n");
            flint_free(ml);
        }
        if (ci->uses_m)
            for (k = 0; k < 4; k++)
            {
                if (s->first_m[k])
                    printf("  passes %-8s first at m = %lu (certified there)\n",
                        mult[k], s->first_m[k]);
                else if (s->first_m_extrap[k] > 0)
                    printf("  passes %-8s not within m <= %lu; linear "
                        "extrapolation: m ~ %.6g\n", mult[k], o.m_max,
                        s->first_m_extrap[k]);
                else
                    printf("  passes %-8s not within m <= %lu\n", mult[k], o.m_max);
            }
    }
    if (!o.json && M->has_claim)
    {
        char cmd[600];
        report_recheck_command(cmd, sizeof(cmd), report_variant_arg(var), ci,
            s->max_loss_m, M->c, o.eps, o.delta, o.T);
        if (sweep_violated(s, M))
            printf("VIOLATED: a certified ratio exceeds the claim (m = %lu; "
                "re-check: %s)\n", s->max_loss_m, cmd);
        else
            printf("no violation in these %ld certified ratios: finite evidence "
                "on one construction, not a proof (`verify prove %s` decides "
                "for every m)\n", (long) s->len, report_variant_arg(var));
    }
    /* 1 when a ratio certainly exceeds the claim, 3 when one is undecided */
    k = verdict_exit(lossmax_verdict(s->agg, M, 0));
    sweep_result_clear(s);
    svt_model_clear(M);
    check_opts_clear(&o);
    return (int) k;
}

static void
parse_clist(check_opts * o)
{
    const char * s = opts[O_CLIST].value;
    char buf[256], * tok, * save = NULL;
    ulong v;
    if (s == NULL)
        return;
    if (strlen(s) >= sizeof(buf))
        die("--c-list: too long");
    if (csv_empty_token(s) > 0)
        die("--c-list: expected up to 16 comma-separated integers from 1 to 10^6");
    strcpy(buf, s);
    o->nc = 0;
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
    {
        if (o->nc == 16 || parse_count(&v, tok, 1, 1000000) != 0)
            die("--c-list: expected up to 16 comma-separated integers from 1 to 10^6");
        o->clist[o->nc++] = (slong) v;
    }
}

static int
cmd_check(const char ** pos, int npos, int all)
{
    const svt_variant_struct * var = NULL;
    check_opts o;
    int rc;
    if (!all)
    {
        if (npos < 2)
            die("check needs VARIANT (see verify list)");
        var = get_variant(pos[1]);
    }
    check_opts_init(&o);
    forbid(O_M, all ? "all (use --m-max)" : "check (use --m-max)");
    forbid(O_QD, "check/all");
    forbid(O_QD2, "check/all");
    forbid(O_OUTPUT, "check/all");
    forbid(O_MAXOUT, "check/all");
    forbid(O_FILE, "check/all");
    common_options(&o, 1000, 480);
    get_rational(o.T, O_T, "0", 0);
    if (opts[O_C].value && opts[O_CLIST].value)
        die("--c and --c-list: give one of them");
    parse_clist(&o);
    if (all && o.nc > 1)
        die("all: give a single --c");
    if (!all)
    {
        require_cutoff(var, &o);
        /* validate the overrides once */
        svt_model_t M;
        char err[512];
        svt_model_init(M);
        if (svt_model_set(M, var, o.eps, o.nc ? o.clist[0] : 1, o.delta, &o.ov,
                err, sizeof(err)) != 0)
            die(err);
        svt_model_clear(M);
    }
    o.cat = catalog;
    {
        junit_t J;
        char err[1024];
        junit_init(J);
        /* the report file is opened before the work, and fails then */
        if (opts[O_JUNIT].value != NULL)
        {
            if (junit_open(J, opts[O_JUNIT].value, err, sizeof(err)) != 0)
                die(err);
            o.junit = J;
        }
        o.accept_evidence = opts[O_ACCEPT].value != NULL;
        o.grid = opts[O_MMAX].value != NULL;
        o.lower = get_lower_mode();
        rc = all ? verify_all(&o) : verify_check(var, &o);
        if (o.junit != NULL && junit_write(J, all ? "verify all"
                : "verify check") != 0)
        {
            fprintf(stderr, "verify: --junit: writing '%s' failed\n",
                opts[O_JUNIT].value);
            rc = 2;
        }
        junit_clear(J);
    }
    check_opts_clear(&o);
    return rc;
}

static int
cmd_search(const char ** pos, int npos)
{
    const svt_variant_struct * var;
    search_opts so;
    int rc;
    if (npos < 2)
        die("search needs VARIANT (a built-in name or a spec file)");
    var = get_variant(pos[1]);
    forbid(O_M, "search (use --m-max)");
    forbid(O_C, "search (it tries c = 1, 2, 5)");
    forbid(O_CLIST, "search");
    forbid(O_QD, "search");
    forbid(O_QD2, "search");
    forbid(O_OUTPUT, "search");
    forbid(O_FILE, "search");
    forbid(O_MAXOUT, "search");
    forbid(O_T, "search (thresholds are searched)");
    search_opts_init(&so);
    common_options(&so.base, 1000, 480);
    so.seconds = (double) get_count(O_SECONDS, SEARCH_DEFAULT_SECONDS, 1,
        1000000, "an integer number of seconds from 1 to 10^6");
    so.work = (slong) get_count(O_WORK, SEARCH_DEFAULT_WORK, 1, 1000000,
        "an integer number of work units from 1 to 10^6");
    so.seed = get_count(O_SEED, 1, 0, UWORD_MAX, "a non-negative integer");
    if (opts[O_SHARD].value)
    {
        ulong i, n;
        char buf[64];
        const char * slash = strchr(opts[O_SHARD].value, '/');
        size_t k = slash ? (size_t) (slash - opts[O_SHARD].value) : 0;
        if (slash == NULL || k == 0 || k >= sizeof(buf))
            die("--shard: expected i/n with 0 <= i < n, e.g. 0/4");
        memcpy(buf, opts[O_SHARD].value, k);
        buf[k] = '\0';
        if (parse_count(&i, buf, 0, 1000000) != 0
                || parse_count(&n, slash + 1, 1, 1000000) != 0 || i >= n)
            die("--shard: expected i/n with 0 <= i < n <= 10^6, e.g. 0/4");
        so.shard = (slong) i;
        so.nshards = (slong) n;
    }
    so.save_path = opts[O_SAVE].value;
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
            die(msg);
        }
        fclose(f);
    }
    if (opts[O_DPDELTA].value != NULL)
    {
        fmpq_t d;
        forbid(O_SHARD, "search --dp-delta");
        forbid(O_SAVE, "search --dp-delta");
        fmpq_init(d);
        get_rational(d, O_DPDELTA, "0", 0);
        if (fmpq_sgn(d) < 0 || fmpz_cmp(fmpq_numref(d), fmpq_denref(d)) >= 0)
            die("--dp-delta: must be >= 0 and < 1");
        rc = verify_search_delta(var, &so, d);
        fmpq_clear(d);
    }
    else
        rc = verify_search(var, &so);
    search_opts_clear(&so);
    return rc;
}

static int
cmd_prove(const char ** pos, int npos)
{
    const svt_variant_struct * var;
    search_opts so;
    int rc;
    if (npos < 2)
        die("prove needs VARIANT (a built-in name or a spec file)");
    var = get_variant(pos[1]);
    forbid(O_M, "prove (use --m-max for the lower bound's search)");
    forbid(O_CLIST, "prove (give one --c)");
    forbid(O_QD, "prove");
    forbid(O_QD2, "prove");
    forbid(O_OUTPUT, "prove");
    forbid(O_FILE, "prove");
    forbid(O_MAXOUT, "prove");
    forbid(O_T, "prove (the proof covers every threshold)");
    forbid(O_SHARD, "prove");
    forbid(O_SAVE, "prove");
    search_opts_init(&so);
    common_options(&so.base, 1000, 480);
    so.seconds = (double) get_count(O_SECONDS, SEARCH_DEFAULT_SECONDS, 1,
        1000000, "an integer number of seconds from 1 to 10^6");
    so.work = (slong) get_count(O_WORK, PROVE_DEFAULT_WORK, 1, 1000000,
        "an integer number of work units from 1 to 10^6");
    so.seed = get_count(O_SEED, 1, 0, UWORD_MAX, "a non-negative integer");
    so.lower = get_lower_mode();
    require_cutoff(var, &so.base);
    if (so.base.nc > 0 && so.base.clist[0] > 65536)
        die("--c: prove takes c up to 65536 (the path analysis walks every "
            "counter value)");
    rc = verify_prove(var, &so, so.base.nc > 0 ? so.base.clist[0]
        : var->fixed_c > 0 ? var->fixed_c : 1);
    search_opts_clear(&so);
    return rc;
}

/* verify delta|renyi VARIANT PAIR: the divergences over every output */
static int
cmd_approx(const char ** pos, int npos, int renyi)
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

    if (npos < 3)
    {
        snprintf(err, sizeof(err), "%s needs VARIANT and PAIR (a construction "
            "with --m, or custom with --qD/--qD2/--T or --file)", cmd);
        die(err);
    }
    var = get_variant(pos[1]);
    ci = get_construction(pos[2], 1);
    check_opts_init(&o);
    approx_opts_init(&a);
    forbid(O_CLIST, cmd);
    forbid(O_MMAX, cmd);
    forbid(O_MAXOUT, cmd);
    forbid(O_SECONDS, cmd);
    forbid(O_WORK, cmd);
    forbid(O_SEED, cmd);
    forbid(O_SHARD, cmd);
    forbid(O_SAVE, cmd);
    forbid(O_OUTPUT, "delta and renyi (they sum over every output)");
    if (renyi)
    {
        forbid(O_EPSPRV, "renyi");
        forbid(O_DPDELTA, "renyi");
        if (opts[O_ALPHA].value == NULL && opts[O_CURVE].value == NULL)
            die("renyi needs --alpha A (an order > 0, e.g. 2 or 3/2) or --curve");
        if (opts[O_ALPHA].value != NULL)
        {
            forbid(O_CURVE, "renyi with --alpha (the curve has its own orders)");
            get_rational(a.alpha, O_ALPHA, "2", 1);
            a.have_alpha = 1;
        }
    }
    else
    {
        forbid(O_ALPHA, "delta (see renyi)");
        if (opts[O_EPSPRV].value != NULL)
        {
            get_rational(a.eps_prv, O_EPSPRV, "1", 0);
            if (fmpq_sgn(a.eps_prv) < 0)
                die("--eps-prv: must be >= 0");
            a.have_eps_prv = 1;
        }
        if (opts[O_DPDELTA].value != NULL)
        {
            get_rational(a.dp_delta, O_DPDELTA, "0", 1);
            if (fmpz_cmp(fmpq_numref(a.dp_delta), fmpq_denref(a.dp_delta)) >= 0)
                die("--dp-delta: must be > 0 and < 1");
            a.have_dp_delta = 1;
        }
    }
    a.curve = opts[O_CURVE].value != NULL;
    common_options(&o, 1000, 240);
    if (opts[O_DIGITS].value == NULL)
        o.ro.digits = 15;
    m = model_and_pair(M, R, var, ci, &o, 0);
    if (!a.have_eps_prv && !renyi && !M->has_claim)
        die("delta: the variant claims no eps; give --eps-prv E");
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

/* verify lint FILE: parse, then instantiate at a few parameters */
static int
cmd_lint(const char ** pos, int npos)
{
    svt_variant_struct v;
    char err[1024];
    static const slong cs[3] = { 1, 2, 20 };
    static const char * epss[3] = { "1", "1/10", "8" };
    int i, j;
    if (npos < 2)
        die("lint needs a spec FILE");
    if (svt_variant_load(&v, pos[1], err, sizeof(err)) != 0)
        die(err);
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
                    "Delta = 1: %s", pos[1], line, col, epss[j], (long) cs[i], msg);
                svt_model_clear(M);
                svt_variant_clear(&v);
                die(err);
            }
            svt_model_clear(M);
            fmpq_clear(e);
            fmpq_clear(d);
        }
    if (opts[O_JSON].value)
    {
        json_t * j = report_json_core("lint", v.name, NULL, NULL, 0, 15);
        json_object_set_new(j, "file", json_string(pos[1]));
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
        printf("%s: ok -- %s: %s [%s]; claim: %s%s\n", pos[1], v.name, v.title,
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

/* options that belong to some commands only: refused elsewhere, never
   silently ignored */
static void
forbid_elsewhere(const char * cmd)
{
    static const struct { int opt; const char * cmds; } scope[] = {
        { O_SECONDS, "search prove" }, { O_WORK, "search prove" },
        { O_SEED, "search prove" }, { O_LOWER, "prove check" },
        { O_SHARD, "search prove" }, { O_SAVE, "search prove" },
        { O_JUNIT, "check all" }, { O_ACCEPT, "check all" },
        { O_EPSPRV, "delta renyi" },
        { O_ALPHA, "delta renyi" }, { O_CURVE, "delta renyi" },
        { O_DPDELTA, "delta search" },
    };
    size_t i;
    char msg[256];
    for (i = 0; i < sizeof(scope) / sizeof(scope[0]); i++)
    {
        const char * c = scope[i].cmds, * sp = strchr(c, ' ');
        size_t n = strlen(cmd);
        if ((strncmp(c, cmd, n) == 0 && c[n] == ' ') || strcmp(sp + 1, cmd) == 0)
            continue;
        snprintf(msg, sizeof(msg), "%s (it is for %.*s and %s)", cmd,
            (int) (sp - c), c, sp + 1);
        forbid(scope[i].opt, msg);
    }
}

/* the positional arguments each command takes */
static void
check_arity(const char ** pos, int npos)
{
    static const struct { const char * cmd; int maxpos; const char * args; }
    cmds[] = {
        { "list", 1, "" }, { "help", 1, "" }, { "all", 1, "" },
        { "ratio", 3, " VARIANT CONSTRUCTION" },
        { "sweep", 3, " VARIANT CONSTRUCTION" },
        { "delta", 3, " VARIANT CONSTRUCTION" },
        { "renyi", 3, " VARIANT CONSTRUCTION" },
        { "check", 2, " VARIANT" }, { "search", 2, " VARIANT" },
        { "prove", 2, " VARIANT" }, { "lint", 2, " FILE" },
    };
    size_t i;
    char msg[512];
    for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
        if (strcmp(pos[0], cmds[i].cmd) == 0 && npos > cmds[i].maxpos)
        {
            snprintf(msg, sizeof(msg), "unexpected argument '%s' (%s takes%s%s)",
                pos[cmds[i].maxpos], cmds[i].cmd,
                cmds[i].maxpos > 1 ? "" : " no arguments", cmds[i].args);
            die(msg);
        }
}

int
main(int argc, char ** argv)
{
    const char * pos[4] = { NULL, NULL, NULL, NULL };
    int npos, rc = 0;
    char msg[256];

    npos = parse_args(argc, argv, pos, 4);
    svt_catalog_init(catalog);
    if (npos == 0)
    {
        print_usage(stderr);
        return 2;
    }
    check_arity(pos, npos);
    forbid_elsewhere(pos[0]);
    if (strcmp(pos[0], "list") == 0)
        cmd_list();
    else if (strcmp(pos[0], "ratio") == 0)
        rc = cmd_ratio(pos, npos);
    else if (strcmp(pos[0], "sweep") == 0)
        rc = cmd_sweep(pos, npos);
    else if (strcmp(pos[0], "check") == 0)
        rc = cmd_check(pos, npos, 0);
    else if (strcmp(pos[0], "all") == 0)
        rc = cmd_check(pos, npos, 1);
    else if (strcmp(pos[0], "search") == 0)
        rc = cmd_search(pos, npos);
    else if (strcmp(pos[0], "lint") == 0)
        rc = cmd_lint(pos, npos);
    else if (strcmp(pos[0], "prove") == 0)
        rc = cmd_prove(pos, npos);
    else if (strcmp(pos[0], "delta") == 0)
        rc = cmd_approx(pos, npos, 0);
    else if (strcmp(pos[0], "renyi") == 0)
        rc = cmd_approx(pos, npos, 1);
    else if (strcmp(pos[0], "help") == 0)
        print_usage(stdout);
    else
    {
        snprintf(msg, sizeof(msg), "unknown command '%s' (allowed: list, "
            "ratio, sweep, check, all, lint, search, prove, delta, renyi, help)", pos[0]);
        die(msg);
    }
    if (have_user_variant)
        svt_variant_clear(&user_variant);
    svt_catalog_clear(catalog);
    flint_cleanup();
    return rc;
}
