/* main.c -- the `verify` command: read the arguments, run the command,
   exit.  Exit codes: 0 success / no violation found, 1 a certified
   violation, 2 bad input (a one-line error), 3 undecided.

   Where things are (verify/):
   - the command line: main.c (this dispatcher), cli.c and cli.h (the
     options, the table of the options each command takes, reading
     values), cli_help.c (the usage text), cli_inputs.c (the variant,
     construction and pair the arguments name), and one cmd_*.c where
     each command starts: cmd_list.c (list, lint, help), cmd_ratio.c,
     cmd_sweep.c, cmd_check.c (check, all), cmd_search.c, cmd_prove.c,
     cmd_delta.c (delta, renyi);
   - the analyses (libsvt): ratio.c, sweep.c, check.c, search.c,
     search_program.c, search_delta.c, prove.c, approx.c, approx_run.c
     (delta, renyi), outputs.c, lossmax.c, witness.c, decision.c,
     claims.c; check.c runs check and all through one loop over the
     cells;
   - the renderings: render_text.c and render_json.c (check, all, prove,
     delta, renyi, sweep, ratio --max-over-outputs, lint; render.h,
     check_run.h), junit.c (JUnit XML), report.c (one ratio as text or
     JSON); search's head, stage JSON lines and result too
     (search_outcome: search.c decides, render_*.c print); search.c
     prints only the one-line text progress of each stage as it runs. */

#include <string.h>
#include "cli.h"

int
main(int argc, char ** argv)
{
    const cli_command * cmd;
    cli_t cl;
    char msg[256];
    int rc;

    cli_init(cl);
    cli_parse(cl, argc, argv);
    if (cl->npos == 0)
    {
        cli_usage(stderr);
        cli_clear(cl);
        return 2;
    }
    cmd = cli_command_find(cl->pos[0]);
    cli_check_command(cl, cmd);
    if (cmd == NULL)
    {
        snprintf(msg, sizeof(msg), "unknown command '%s' (allowed: list, "
            "ratio, sweep, check, all, lint, search, prove, delta, renyi, "
            "help)", cl->pos[0]);
        cli_die(msg);
    }
    rc = cmd->run(cl);
    cli_clear(cl);
    flint_cleanup();
    return rc;
}
