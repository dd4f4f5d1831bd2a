/* test_errors.c -- every error names its place and the value found
   (issue 47, item 3): the built verify binary is run on the files of
   tests/specs/bad/ and on command lines, and each error must be one line
   on stderr, "verify: " first, naming FILE:LINE:COL (or the option), the
   key, the value found and what is allowed, with exit 2 -- never a
   place 0:0.  The expected texts are written here by hand. */

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "testlib.h"

#define BAD "tests/specs/bad/"

/* runs verify args: exit 2, one line "verify: ...", no 0:0 place, and
   each of the texts says[] in it */
static void
fails_saying(const char * args, const char * const * says, int n)
{
    static char out[1 << 14];
    int rc = run_cli_timeout(args, 120, out, sizeof(out)), i;
    cr_expect_eq(rc, 2, "'%s' gave exit %d, expected 2: %s", args, rc, out);
    cr_expect(strncmp(out, "verify: ", 8) == 0, "'%s': %s", args, out);
    cr_expect(strchr(out, '\n') == out + strlen(out) - 1, "'%s': not one "
        "line: %s", args, out);
    cr_expect(strstr(out, ":0:0") == NULL && strstr(out, ":0:") == NULL,
        "'%s': a place 0:0: %s", args, out);
    for (i = 0; i < n; i++)
        cr_expect(strstr(out, says[i]) != NULL, "'%s' does not say '%s': %s",
            args, says[i], out);
}

#define FAILS(args, ...) do { \
        const char * const s_[] = { __VA_ARGS__ }; \
        fails_saying(args, s_, (int) (sizeof(s_) / sizeof(s_[0]))); \
    } while (0)

/* text into path (the test's own input) */
static void
write_text(const char * path, const char * text, size_t len)
{
    FILE * f = fopen(path, "wb");
    cr_assert(f != NULL, "%s", path);
    cr_assert_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

/* the string text into path */
static void
write_str(const char * path, const char * text)
{
    write_text(path, text, strlen(text));
}

/* a program of one state whose first branch is "if GUARD then ACTIONS"
   (a counter of 3 when counter): lint fails, saying `says` at its place
   (at: "LINE:COL: ...", the file's name put before it; NULL: anywhere) */
static void
branch_fails(int counter, const char * guard, const char * actions,
    const char * at, const char * says)
{
    static const char * path = "build/test-errors-branch.svt";
    char text[800], want[300];
    mkdir("build", 0755);
    snprintf(text, sizeof(text), "name = x\nclaimed = eps\nregister z = "
        "laplace(2/eps)\n%sstate run:\n  answer y = q + laplace(4/eps)\n"
        "  if %s then %s\n  else output bot\n", counter ? "counter = 3\n" : "",
        guard, actions);
    write_str(path, text);
    snprintf(want, sizeof(want), "%s:%s", path, at ? at : "");
    FAILS("lint build/test-errors-branch.svt", at ? want : path, says);
}

/* a header expression evaluated to an illegal value: lint, ratio and
   check all say where, the key, the value and what is allowed */
static void
model_error(const char * file, const char * place, const char * key,
    const char * found, const char * allowed)
{
    static const char * cmds[3] = { "lint %s", "ratio %s bottoms",
        "check %s --c-list 1" };
    char args[512], path[300], want_place[300], want_found[300];
    int k;
    snprintf(want_place, sizeof(want_place), "verify: %s%s:%s: ", BAD,
        file, place);
    snprintf(want_found, sizeof(want_found), "%s: found %s at eps = 1, "
        "c = 1, Delta = 1, expected", key, found);
    for (k = 0; k < 3; k++)
    {
        snprintf(path, sizeof(path), BAD "%s", file);
        snprintf(args, sizeof(args), cmds[k], path);
        FAILS(args, want_place, want_found, allowed);
    }
}

Test(errors, claimed_negative)
{
    model_error("claimed-negative.svt", "9:11", "claimed", "-1",
        "a claimed budget > 0");
}

Test(errors, eps1_negative)
{
    model_error("eps1-negative.svt", "3:8", "eps1", "-1", "a budget > 0");
}

Test(errors, counter_past_2_30)
{
    model_error("counter-huge.svt", "7:11", "counter",
        "100000000000000000001", "an integer from 1 to 2^30");
}

Test(errors, counter_zero)
{
    model_error("counter-zero.svt", "7:11", "counter", "0",
        "an integer from 1 to 2^30");
}

/* one place, that of the key (no second place, no 0:0) */
Test(errors, template_scale_zero)
{
    static char out[1 << 12];
    model_error("laplace-zero.svt", "5:19", "threshold_noise", "0",
        "a noise scale > 0");
    run_cli("lint " BAD "laplace-zero.svt", out, sizeof(out));
    cr_expect(strstr(strstr(out, "laplace-zero.svt") + 1, "laplace-zero.svt")
        == NULL, "two places: %s", out);
}

Test(errors, program_scale_zero)
{
    static char out[1 << 12];
    model_error("program-laplace-zero.svt", "6:22", "register z: noise scale", "0",
        "a noise scale > 0");
    run_cli("lint " BAD "program-laplace-zero.svt", out, sizeof(out));
    cr_expect(strstr(strstr(out, "program-laplace-zero.svt") + 1,
        "program-laplace-zero.svt") == NULL, "two places: %s", out);
}

/* number errors say what kind of number is allowed there and why */
Test(errors, costs)
{
    FAILS("lint " BAD "cost-negative.svt", BAD "cost-negative.svt:10:35: ",
        "found the cost -1", "costs are integers from 0 to 10^6",
        "a refund, a negative cost, is not supported");
    FAILS("ratio " BAD "cost-negative.svt bottoms", BAD "cost-negative.svt:10:35: ");
    FAILS("lint " BAD "cost-half.svt", BAD "cost-half.svt:10:35: ",
        "found the cost 1/2, not an integer",
        "costs are integers from 0 to 10^6");
}

Test(errors, offsets)
{
    static char out[1 << 14];
    /* past 10^300: the limit is named */
    FAILS("lint " BAD "offset-too-large.svt", BAD "offset-too-large.svt:10:15: ",
        "found '1e400'", "an offset", "an exponent within 300");
    /* 10^50 is read (its probability: test specs/huge_guard_offsets_...) */
    mkdir("build", 0755);
    write_str("build/test-errors-offset.svt", "name = big-offset\neps1 = eps/2\neps2 = eps - eps1\nclaimed = eps\n"
        "register z = laplace(Delta/eps1)\ncounter = c\nstate run:\n"
        "  answer y = q + laplace(2*c*Delta/eps2)\n"
        "  if y >= z + 1e50 then output top; cost 1\n  else output bot\n");
    cr_assert_eq(run_cli("lint build/test-errors-offset.svt", out, sizeof(out)),
        0, "%s", out);
    /* the guard never holds: bot on both sides with probability 1 */
    cr_assert_eq(run_cli("ratio build/test-errors-offset.svt custom --qD 0 "
        "--qD2 1 --output bot", out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "[0.999999999999999, 1.00000000000001]") != NULL,
        "%s", out);
}

/* a DiPA automaton's constants too: 10^40 read, 10^400 refused naming
   the limit */
Test(errors, dipa_constants)
{
    static char out[1 << 12];
    mkdir("build", 0755);
    write_str("build/test-errors-d40.dipa", "(q0,1e40,0): output obot; goto q0\n");
    cr_assert_eq(run_cli("lint build/test-errors-d40.dipa", out, sizeof(out)),
        0, "%s", out);
    write_str("build/test-errors-d400.dipa", "(q0,1e400,0): output obot; goto q0\n");
    FAILS("lint build/test-errors-d400.dipa", "build/test-errors-d400.dipa:1:5: ",
        "found '1e400", "an exponent within 300");
}

/* what a reader cannot see is named by its code point */
Test(errors, invisible_characters)
{
    FAILS("lint " BAD "bom.svt", BAD "bom.svt:1:1: ",
        "found U+FEFF byte-order mark");
    FAILS("ratio " BAD "bom.svt bottoms", "U+FEFF byte-order mark");
    mkdir("build", 0755);
    write_str("build/test-errors-nbsp.svt", "name = t\neps1 = eps/2\xc2\xa0\n");
    FAILS("lint build/test-errors-nbsp.svt", "build/test-errors-nbsp.svt:2:13: ",
        "found U+00A0 no-break space");
    write_str("build/test-errors-bom.dipa", "\xef\xbb\xbf(q0,1/4,0): output obot; goto q0\n");
    FAILS("lint build/test-errors-bom.dipa", "build/test-errors-bom.dipa:1:1: ",
        "found U+FEFF byte-order mark");
    write_str("build/test-errors-bom.txt", "\xef\xbb\xbfqD = 0,1\nqD2 = 1,0\noutput = bot,top\n");
    FAILS("ratio alg1 custom --file build/test-errors-bom.txt",
        "build/test-errors-bom.txt:1:1: ", "found U+FEFF byte-order mark");
    /* on the command line: the option, and the character by name */
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output "
        "\"$(printf 'bot,top\\302\\240')\"",
        "--output: token 2 has U+00A0 no-break space");
    FAILS("ratio alg1 bottoms --eps \"$(printf '1\\357\\273\\277')\"",
        "--eps: '1<U+FEFF byte-order mark>' is not a number");
}

/* an output vector shorter than its queries must say the run stopped */
Test(errors, short_output_vectors)
{
    static char out[1 << 14];
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output bot",
        "--output: found 1 entry for 2 queries",
        "a run that stops early ends with 'stop'");
    FAILS("ratio alg1 custom --qD 0*5 --qD2 1*5 --output bot*2,top",
        "--output: found 3 entries for 5 queries");
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output bot --json",
        "--output: found 1 entry for 2 queries");
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output bot,top,stop",
        "found 'stop' after 2 entries for 2 queries");
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output stop,bot",
        "expected 'stop' only as the last token");
    mkdir("build", 0755);
    write_str("build/test-errors-short.txt", "# one entry short\nqD = 0,1\nqD2 = 1,0\noutput = bot\n");
    FAILS("ratio alg1 custom --file build/test-errors-short.txt",
        "build/test-errors-short.txt:4:10: output: found 1 entry for 2 queries");
    /* written as the run that stops: accepted (alg1 stops at its c-th
       top; after a bot it cannot have stopped: impossible) */
    cr_assert_eq(run_cli("ratio alg1 custom --qD 0,1 --qD2 1,0 --output top,stop",
        out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "impossible") == NULL, "%s", out);
    cr_assert_eq(run_cli("ratio alg1 custom --qD 0,1 --qD2 1,0 --output bot,stop",
        out, sizeof(out)), 0, "%s", out);
    cr_assert(strstr(out, "impossible") != NULL, "%s", out);
    /* a program that ends because no branch held ends with `end` */
    cr_assert_neq(run_cli("ratio tests/specs/silent-end.svt custom --qD 0,0,0 "
        "--qD2 1,1,1 --output top,end", out, sizeof(out)), 2, "%s", out);
    cr_assert(strstr(out, "Pr[A(D)=a]") != NULL, "%s", out);
}

/* the newcomer's typos (a trial of the README by someone who had not
   read the code): each error says where, what was found and what is
   allowed */
Test(errors, newcomer_typos)
{
    static char out[1 << 14];
    mkdir("build", 0755);
    /* 'anwser' for 'answer': the program word it misspells */
    write_str("build/test-errors-anwser.svt", "name = x\nclaimed = eps\nregister z = laplace(2/eps)\nstate run:\n"
        "  anwser y = q + laplace(4/eps)\n  if y >= z then output top\n"
        "  else output bot\n");
    FAILS("lint build/test-errors-anwser.svt",
        "build/test-errors-anwser.svt:5:3: unknown key 'anwser y'; did you "
        "mean the program line 'answer ...'?");
    /* a division by a value that is 0, not 'may be' 0 */
    write_str("build/test-errors-div0.svt", "name = x\neps1 = eps/0\neps2 = eps\nclaimed = eps\n"
        "register z = laplace(2/eps1)\nstate run:\n"
        "  answer y = q + laplace(4/eps)\n  if y >= z then output top\n"
        "  else output bot\n");
    FAILS("lint build/test-errors-div0.svt", "build/test-errors-div0.svt:2:",
        "eps1: division by zero", "a divisor must be nonzero");
    /* a file name that is no file and no built-in */
    FAILS("check build/no-such-variant.sv", "'build/no-such-variant.sv'");
    FAILS("check no-such-variant.sv", "'no-such-variant.sv' is no built-in "
        "variant, and no file of that name can be read (No such file or "
        "directory)");
    /* near misses of a key and of a built-in's name */
    write_str("build/test-errors-claimd.svt", "name = x\nclaimd = eps\n");
    FAILS("lint build/test-errors-claimd.svt", "build/test-errors-claimd.svt:2:1: "
        "unknown key 'claimd'; did you mean 'claimed'?");
    FAILS("check alg11", "unknown variant 'alg11'; did you mean 'alg1'?");
    FAILS("check Alg1", "did you mean 'alg1'?");
    FAILS("check alg7monotone", "did you mean 'alg7-monotone'?");
    /* which cutoff of --c-list, and which query's label */
    FAILS("check alg1 --c-list 1,0", "--c-list: entry 2 is '0'");
    FAILS("check alg1 --c-list 1,,2", "--c-list: entry 2 of '1,,2' is empty");
    FAILS("ratio alg1 custom --qD 0*5 --qD2 1*5 --output bot*4,O",
        "--output: 'O' (the output of query 5) is not an output of alg1");
    (void) out;
}

/* from the adversarial review of the errors: a second cost, goto or
   reset in a branch would silently replace the first; a number in
   --output of a variant that releases none is a typo, not an impossible
   output; a counter written (1/3)*3 is the integer 1; a NUL byte is
   named at its own line and column; svt-report --out '' is refused (it
   would write at the root) */
Test(errors, review_of_the_errors, .timeout = 120)
{
    static char out[1 << 14];
    static const char * acts[3][2] = {
        { "output top; cost 1; cost 2", "7:38: found a second cost" },
        { "output top; goto run; goto run", "7:40: found a second goto" },
        { "output top; reset laplace(1); reset laplace(100)",
            "7:48: found a second reset" } };
    char text[600];
    const char * bin = getenv("REPORT_BIN");
    int k;
    mkdir("build", 0755);
    for (k = 0; k < 3; k++)
        branch_fails(1, "y >= z", acts[k][0], acts[k][1], "expected one per branch");
    FAILS("ratio alg1 custom --qD 0,1 --qD2 1,0 --output 1,2",
        "--output: a number at query 1, but alg1 outputs no numbers");
    /* (1/3)*3 is exactly 1: accepted, the same ratio as counter = 1 */
    snprintf(text, sizeof(text), "name = x\nclaimed = eps\nregister z = "
        "laplace(2/eps)\ncounter = (1/3)*3\nstate run:\n  answer y = q + "
        "laplace(4/eps)\n  if y >= z then output top; cost 1\n  else output bot\n");
    write_text("build/test-errors-third.svt", text, strlen(text));
    cr_assert_eq(run_cli("lint build/test-errors-third.svt", out, sizeof(out)), 0,
        "%s", out);
    write_text("build/test-errors-nul.svt", "name = x\neps1 = eps/2\0junk\n", 23);
    FAILS("lint build/test-errors-nul.svt",
        "build/test-errors-nul.svt:2:13: found a NUL byte");
    write_text("build/test-errors-nul.txt", "qD = 0\nqD2 = 1\0\n", 16);
    FAILS("ratio alg1 custom --file build/test-errors-nul.txt",
        "build/test-errors-nul.txt:2:8: found a NUL byte");
    if (bin != NULL)
    {
        char cmd[600];
        FILE * p;
        size_t n;
        int st;
        snprintf(cmd, sizeof(cmd), "%s --out '' 2>&1", bin);
        p = popen(cmd, "r");
        cr_assert(p != NULL);
        n = fread(out, 1, sizeof(out) - 1, p);
        out[n] = '\0';
        st = pclose(p);
        cr_assert_eq(WEXITSTATUS(st), 2, "%s", out);
        cr_assert(strstr(out, "--out: found an empty folder name") != NULL, "%s", out);
    }
}

/* a pair file's label or non-neighbours are named at their place in the
   file, not by the option they stand for */
Test(errors, pair_file_places)
{
    mkdir("build", 0755);
    write_str("build/test-errors-pf1.txt", "qD = 0,1\nqD2 = 1,0\noutput = bot,tpo\n");
    FAILS("ratio alg1 custom --file build/test-errors-pf1.txt",
        "build/test-errors-pf1.txt:3:10: output: 'tpo' (the output of query 2) "
        "is not an output of alg1");
    write_str("build/test-errors-pf2.txt", "qD = 0,1\nqD2 = 5,0\noutput = bot,top\n");
    FAILS("ratio alg1 custom --file build/test-errors-pf2.txt",
        "build/test-errors-pf2.txt:2:7: qD2: query 1 has q(D) = 0 and q(D') = 5");
}

/* a guard's errors quote what they found */
Test(errors, guards_quote_what_they_found)
{
    static const char * guards[3][2] = {
        { "y >= z + 1/0", "6:17: found the denominator '0'" },
        { "z + 2 <= y < z + 1", "6:6: found the empty range 'z + 2 <= y < z + 1'" },
        { "y >= z and y >= z and y >= z and y >= z and y >= z and y >= z and "
          "y >= z and y >= z and y >= z + 1", "found a ninth comparison 'y >= z + 1'" } };
    int k;
    for (k = 0; k < 3; k++)
        branch_fails(0, guards[k][0], "output top", k == 2 ? NULL : guards[k][1],
            guards[k][1]);
}

/* a number written out in full obeys the exponent rule too: 1 and 400
   zeros is 10^400 (it was read, and computed to nan) */
Test(errors, written_out_magnitude)
{
    char text[1200], zeros[401];
    memset(zeros, '0', 400);
    zeros[400] = '\0';
    mkdir("build", 0755);
    snprintf(text, sizeof(text), "name = x\nclaimed = eps\nregister z = "
        "laplace(2/eps)\nstate run:\n  answer y = q + laplace(4/eps)\n"
        "  if y >= z + 1%s then output top\n  else output bot\n", zeros);
    write_str("build/test-errors-400.svt", text);
    FAILS("lint build/test-errors-400.svt", "build/test-errors-400.svt:6:15: "
        "found '1000", "a magnitude from 10^-301 to 10^301");
}
