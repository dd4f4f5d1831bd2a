/* cli.h -- the command-line layer of `verify` (not part of libsvt).

   The options and, in one table (cli.c), the options each command takes;
   what a command refuses is refused from that table, with a one-line
   error and exit 2.  The helpers here read an option's value or die:
   every cli_* function that meets bad input prints "verify: MESSAGE" on
   stderr and exits 2 (they never return an error).  The commands
   themselves are in cmd_*.c, the usage text in cli_help.c, the objects
   named on the command line (variant, construction, pair) in
   cli_inputs.c. */

#ifndef SVT_CLI_H
#define SVT_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "check.h"
#include "search.h"

/* The options.  Those "for some commands only" (cli.c) come last, in the
   order in which they are refused. */
enum
{
    O_EPS, O_C, O_M, O_MMAX, O_DELTA, O_T, O_EPS1, O_EPS2, O_EPS3, O_CLIST,
    O_DIGITS, O_MAXDIGITS, O_JSON, O_QD, O_QD2, O_OUTPUT, O_FILE, O_MAXOUT,
    O_ALLOWNN,
    O_SECONDS, O_WORK, O_SEED, O_LOWER, O_SHARD, O_SAVE, O_JUNIT, O_ACCEPT,
    O_EPSPRV, O_ALPHA, O_CURVE, O_DPDELTA,
    O_COUNT
};

#define CLI_MAXPOS 4

/* One run of the program: the options given (value[k] is NULL when
   option k is absent, "1" for a flag), the positional arguments (pos[0]
   is the command), the catalogue, and a variant read from a file. */
typedef struct
{
    const char * value[O_COUNT];
    const char * pos[CLI_MAXPOS];
    int npos;
    svt_catalog_t catalog;
    svt_variant_struct user_variant;
    int have_user_variant;
}
cli_struct;

typedef cli_struct cli_t[1];

typedef int (*cli_command_fn)(cli_struct * cl);

/* an option a command refuses, and where it applies instead (the text
   after "does not apply to"; NULL: the command's name) */
typedef struct
{
    int opt;
    const char * where;
}
cli_refusal;

#define CLI_MAX_REFUSALS 12

/* A command: its name, how many positional arguments it takes (the
   command included) and their names for the error, the function that
   runs it, the options it takes (a mask of bits 1 << O_*), and the
   options it refuses with a word of its own, in the order they are
   checked.  Every option a command does not take is refused. */
typedef struct
{
    const char * name;
    int maxpos;
    const char * args;
    cli_command_fn run;
    uint64_t takes;
    cli_refusal refuse[CLI_MAX_REFUSALS];
}
cli_command;

/* --- cli.c --- */

/* prints "verify: msg" on stderr and exits 2 */
_Noreturn void cli_die(const char * msg);

/* Reads argv into cl: options into value[], the rest into pos[].  -h,
   --help and --version print and exit 0 where they appear. */
void cli_init(cli_t cl);
void cli_parse(cli_t cl, int argc, char ** argv);
void cli_clear(cli_t cl);

/* the command named name, or NULL */
const cli_command * cli_command_find(const char * name);

/* Before the command runs: too many positional arguments, and the
   options that are for some commands only, given to another one (also
   to an unknown command).  cmd may be NULL (unknown command). */
void cli_check_command(const cli_t cl, const cli_command * cmd);

/* Within the command (after its variant and pair are read): every other
   option it does not take. */
void cli_refuse(const cli_t cl, const char * name);

/* dies "--NAME does not apply to where" when option k is given */
void cli_forbid(const cli_t cl, int k, const char * where);

/* the value of option k (or dflt) as a rational; positive: > 0 */
void cli_rational(fmpq_t x, const cli_t cl, int k, const char * dflt,
    int positive);

/* the value of option k as an integer in [lo, hi] (dflt when absent);
   what names the allowed values in the error */
ulong cli_count(const cli_t cl, int k, ulong dflt, ulong lo, ulong hi,
    const char * what);

/* --lower-bound proof|search|none, as SEARCH_LOWER_* */
int cli_lower_mode(const cli_t cl);

/* --c-list into o->clist, o->nc (nothing when absent) */
void cli_clist(check_opts * o, const cli_t cl);

/* the options common to the computing commands into o (--eps, --delta,
   --eps1..3, --m-max, --digits, --max-digits, --json, --c) */
void cli_common_options(check_opts * o, const cli_t cl, ulong mmax_default,
    slong maxdigits_default);

/* the options of search and prove into so: the common ones (m_max
   default 1000, max-digits 480), --seconds, --work (default
   work_default), --seed */
void cli_search_options(search_opts * so, const cli_t cl, slong work_default);

/* --- cli_help.c --- */

void cli_usage(FILE * f);
void cli_version(void);

/* --- cli_inputs.c: the objects the arguments name --- */

/* a built-in variant or one read from a file (kept in cl) */
const svt_variant_struct * cli_variant(cli_t cl, const char * name);

/* a construction, or NULL for "custom" when allow_custom */
const construction_info * cli_construction(const char * name,
    int allow_custom);

/* dies when the construction needs numbers the variant does not output */
void cli_require_numeric(const construction_info * ci, const svt_model_t M);

/* dies when --c or --c-list names another cutoff than the variant's fixed
   one */
void cli_require_cutoff(const cli_t cl, const svt_variant_struct * var,
    const check_opts * o);

/* The model at the options o (--c, --eps, ...) and its pair: construction
   ci at --m (threshold --T), or custom vectors (--qD, --qD2, --T,
   --output or --file; the output is required when need_output).  M and
   R are initialised here.  Returns --m. */
ulong cli_model_and_pair(svt_model_t M, svt_runs_t R, const cli_t cl,
    const svt_variant_struct * var, const construction_info * ci,
    check_opts * o, int need_output);

/* --- cmd_*.c: the commands; each returns the exit code --- */

int cmd_list(cli_struct * cl);
int cmd_help(cli_struct * cl);
int cmd_lint(cli_struct * cl);
int cmd_ratio(cli_struct * cl);
int cmd_sweep(cli_struct * cl);
int cmd_check(cli_struct * cl);
int cmd_all(cli_struct * cl);
int cmd_search(cli_struct * cl);
int cmd_prove(cli_struct * cl);
int cmd_delta(cli_struct * cl);
int cmd_renyi(cli_struct * cl);

#endif
