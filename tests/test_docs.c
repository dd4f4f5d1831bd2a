/* test_docs.c -- every command printed in README.md and in the EXAMPLES
   of man/verify.1 runs, and exits as documented.

   The convention: a command is a line that starts with the program's
   name and ends with the comment `# exit N`, N its exit status.  In
   README.md it is a line of a ```sh block that starts with
   `./build/bin/verify ` or `verify ` (the other blocks, ```text for what a command
   prints, are not run; a line that starts with `./build/bin/verify ` in
   one of them, or in a block indented by four spaces, fails the test:
   it would be a command that is not run).  In man/verify.1 it is a line
   between .nf and .fi in EXAMPLES that starts with `verify `.  A command
   without `# exit N` fails the test, so that no command is printed
   without the status it gives.

   The commands run in order, with the built binary (VERIFY_BIN, else
   ./build/bin/verify), in one scratch folder that links every entry of
   the repository root (so `variants/specs/...` and `tests/...` are found
   as from the root, and the files the examples write, such as
   `--junit alg1.xml`, do not land in the checkout); a command may read
   a file that one before it wrote.  Each has 120 s before it counts as
   a hang; the README keeps its examples to a second or so each.

   Also: the README's two set-up commands are there as CI runs them, the
   README stays a first hour (at most 260 lines), its links to doc/ and
   variants/ exist, and --help points at the installed documents. */

#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "testlib.h"

#define MAX_CMDS 64
#define CMD_LEN 1024

typedef struct
{
    char args[CMD_LEN];     /* what follows the program's name */
    int exit_code;          /* the documented status, -1 when none */
    int line;               /* its line in the file */
} doc_cmd;

static char *
slurp(const char * path)
{
    FILE * f = fopen(path, "r");
    char * s;
    long n;
    cr_assert(f != NULL, "cannot read %s (the tests run from the repository "
        "root)", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    s = malloc(n + 1);
    s[fread(s, 1, n, f)] = '\0';
    fclose(f);
    return s;
}

/* line (a copy, without its newline) with the man page's escapes read:
   \- is -, \e is a backslash, \(aq a quote */
static void
man_unescape(char * s)
{
    char * w = s;
    const char * r = s;
    while (*r)
    {
        if (r[0] == '\\' && r[1] == '-')
        {
            *w++ = '-';
            r += 2;
        }
        else if (r[0] == '\\' && r[1] == 'e')
        {
            *w++ = '\\';
            r += 2;
        }
        else if (strncmp(r, "\\(aq", 4) == 0)
        {
            *w++ = '\'';
            r += 4;
        }
        else
            *w++ = *r++;
    }
    *w = '\0';
}

/* a command line: the text after prefix, its `# exit N` read off and cut */
static void
add_command(doc_cmd * cmds, int * n, const char * text, int line)
{
    doc_cmd * c;
    const char * hash;
    size_t len;
    cr_assert_lt(*n, MAX_CMDS, "more than %d commands", MAX_CMDS);
    c = cmds + (*n)++;
    c->line = line;
    c->exit_code = -1;
    hash = strstr(text, "# exit ");
    len = hash != NULL ? (size_t) (hash - text) : strlen(text);
    if (hash != NULL)
    {
        char * end;
        long v = strtol(hash + 7, &end, 10);
        if (end != hash + 7 && v >= 0 && v <= 255)
            c->exit_code = (int) v;
    }
    while (len > 0 && isspace((unsigned char) text[len - 1]))
        len--;
    cr_assert_lt(len, sizeof(c->args), "line %d: command too long", line);
    memcpy(c->args, text, len);
    c->args[len] = '\0';
}

/* the program's name at the start of s (after blanks), or NULL */
static const char *
command_start(const char * s, const char * name)
{
    size_t k = strlen(name);
    while (*s == ' ' || *s == '\t')
        s++;
    return strncmp(s, name, k) == 0 ? s + k : NULL;
}

/* the line at p into buf (cut to len - 1 characters); returns its
   newline, or NULL on the last line */
static const char *
next_line(char * buf, size_t len, const char * p)
{
    const char * e = strchr(p, '\n');
    size_t n = e ? (size_t) (e - p) : strlen(p);
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return e;
}

/* the commands of README.md: the lines of ```sh blocks that start with
   ./build/bin/verify or verify; *stray counts the lines that start with
   ./build/bin/verify elsewhere (in another block, or indented as a
   block), each logged unless quiet */
static int
readme_commands(const char * text, doc_cmd * cmds, int * stray, int quiet)
{
    int n = 0, line = 0, fenced = 0, sh = 0;
    const char * p = text;
    *stray = 0;
    while (*p)
    {
        char buf[CMD_LEN + 64];
        const char * args, * e = next_line(buf, sizeof(buf), p);
        size_t len = e ? (size_t) (e - p) : strlen(p);
        line++;
        if (strncmp(buf, "```", 3) == 0)
        {
            fenced = !fenced;
            sh = fenced && strcmp(buf, "```sh") == 0;
        }
        else if (sh && (args = command_start(buf, "verify ")) != NULL)
            add_command(cmds, &n, args, line);
        else if ((args = command_start(buf, "./build/bin/verify ")) != NULL)
        {
            if (sh)
                add_command(cmds, &n, args, line);
            else if (fenced || strncmp(buf, "    ", 4) == 0)
            {
                if (!quiet)
                    cr_log_error("README.md:%d: a command outside a ```sh block "
                    "is not run: %s", line, buf);
                (*stray)++;
            }
        }
        p = e ? e + 1 : p + len;
    }
    cr_assert(!fenced, "README.md: a ``` block is not closed");
    return n;
}

/* the commands of man/verify.1's EXAMPLES, between .nf and .fi */
static int
man_commands(const char * text, doc_cmd * cmds)
{
    int n = 0, line = 0, in_examples = 0, nofill = 0;
    const char * p = text;
    while (*p)
    {
        char buf[CMD_LEN + 64];
        const char * args, * e = next_line(buf, sizeof(buf), p);
        size_t len = e ? (size_t) (e - p) : strlen(p);
        line++;
        if (strncmp(buf, ".SH", 3) == 0)
            in_examples = strstr(buf, "EXAMPLES") != NULL;
        else if (strncmp(buf, ".nf", 3) == 0)
            nofill = 1;
        else if (strncmp(buf, ".fi", 3) == 0)
            nofill = 0;
        else if (in_examples && nofill)
        {
            man_unescape(buf);
            if ((args = command_start(buf, "verify ")) != NULL)
                add_command(cmds, &n, args, line);
        }
        p = e ? e + 1 : p + len;
    }
    return n;
}

/* a scratch folder whose entries link those of the repository root */
static void
scratch_root(char * dir, size_t len)
{
    char cwd[PATH_MAX];
    DIR * d;
    struct dirent * ent;
    cr_assert(getcwd(cwd, sizeof(cwd)) != NULL);
    snprintf(dir, len, "/tmp/svt-docs-XXXXXX");
    cr_assert(mkdtemp(dir) != NULL, "mkdtemp");
    d = opendir(cwd);
    cr_assert(d != NULL);
    while ((ent = readdir(d)) != NULL)
    {
        char from[2 * PATH_MAX], to[2 * PATH_MAX];
        if (ent->d_name[0] == '.')
            continue;
        snprintf(from, sizeof(from), "%s/%s", cwd, ent->d_name);
        snprintf(to, sizeof(to), "%s/%s", dir, ent->d_name);
        cr_assert_eq(symlink(from, to), 0, "symlink %s", to);
    }
    closedir(d);
}

/* the binary, as an absolute path */
static void
verify_bin(char * bin, size_t len)
{
    const char * b = getenv("VERIFY_BIN");
    char cwd[PATH_MAX];
    if (b == NULL || b[0] == '\0')
        b = "./build/bin/verify";
    cr_assert(access(b, X_OK) == 0, "the verify binary %s is not there "
        "(VERIFY_BIN)", b);
    cr_assert(getcwd(cwd, sizeof(cwd)) != NULL);
    if (b[0] == '/')
        snprintf(bin, len, "%s", b);
    else
        snprintf(bin, len, "%s/%s", cwd, b);
}

/* runs every command of file (what: where its commands are) and checks
   its exit status; returns the number run */
static int
run_documented(const char * file, const doc_cmd * cmds, int n)
{
    char dir[64], bin[2 * PATH_MAX + 8], cmd[CMD_LEN + 3 * PATH_MAX + 64];
    static char out[1 << 16];
    int i, bad = 0;
    double slowest = 0;
    int slowest_i = 0;
    verify_bin(bin, sizeof(bin));
    scratch_root(dir, sizeof(dir));
    for (i = 0; i < n; i++)
    {
        const doc_cmd * c = cmds + i;
        FILE * p;
        size_t got;
        int st, code;
        struct timespec t0, t1;
        double secs;
        cr_expect_neq(c->exit_code, -1, "%s:%d: `verify %s` does not end in "
            "`# exit N` (its documented exit status)", file, c->line, c->args);
        if (c->exit_code == -1)
        {
            bad++;
            continue;
        }
        snprintf(cmd, sizeof(cmd), "cd '%s' && timeout -k 5 120 '%s' %s 2>&1",
            dir, bin, c->args);
        clock_gettime(CLOCK_MONOTONIC, &t0);
        p = popen(cmd, "r");
        cr_assert(p != NULL);
        got = fread(out, 1, sizeof(out) - 1, p);
        out[got] = '\0';
        while (fgetc(p) != EOF)
            ;
        st = pclose(p);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
        if (secs > slowest)
        {
            slowest = secs;
            slowest_i = i;
        }
        code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        if (code != c->exit_code)
        {
            bad++;
            /* the end of the output says why */
            cr_log_error("%s:%d: `verify %s` exited %d (124: past 120 s), "
                "documented `# exit %d`; its output ends:\n%s", file, c->line,
                c->args, code, c->exit_code,
                got > 1500 ? out + got - 1500 : out);
        }
    }
    fprintf(stderr, "docs: %s: %d commands run, the slowest %.1f s "
        "(line %d: verify %s)\n", file, n, slowest,
        n > 0 ? cmds[slowest_i].line : 0, n > 0 ? cmds[slowest_i].args : "");
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
    cr_expect_eq(bad, 0, "%s: %d of %d commands did not exit as documented "
        "(above)", file, bad, n);
    return n;
}

Test(docs, readme_commands_exit_as_documented, .timeout = 900)
{
    static doc_cmd cmds[MAX_CMDS];
    char * text = slurp("README.md");
    int stray;
    int n = readme_commands(text, cmds, &stray, 0);
    cr_expect_eq(stray, 0, "README.md: %d commands outside ```sh blocks "
        "(above)", stray);
    /* the five-minute walk (check, prove, the broken one, its re-check)
       and the CI recipe at least */
    cr_assert_geq(n, 6, "README.md: only %d commands found", n);
    run_documented("README.md", cmds, n);
    free(text);
}

Test(docs, man_examples_exit_as_documented, .timeout = 900)
{
    static doc_cmd cmds[MAX_CMDS];
    char * text = slurp("man/verify.1");
    int n = man_commands(text, cmds);
    cr_assert_geq(n, 6, "man/verify.1: only %d commands in EXAMPLES", n);
    run_documented("man/verify.1", cmds, n);
    free(text);
}

/* the convention is read as written: a missing `# exit N` is found, a
   command outside a code block is not a command, \- is read */
Test(docs, commands_are_read_as_the_convention_says)
{
    static doc_cmd cmds[MAX_CMDS];
    const char * md = "Text: ./build/bin/verify list   # exit 0 is prose\n"
        "```sh\n./build/bin/verify list   # exit 0\n"
        "./build/bin/verify check alg3\n```\n"
        "```text\nverify check alg3: what it prints\n```\n"
        "    ./build/bin/verify prove alg4 --c 3   # exit 1\n"
        "```\n./build/bin/verify ratio x   # exit 1\n```\n"
        "```sh\n  ./build/bin/verify ratio x   # exit 12\n"
        "verify ratio y   # exit 3\n```\n";
    int stray;
    const char * man = ".SH EXAMPLES\n.nf\nverify check alg1 \\-\\-json   # exit 0\n"
        "# a comment\n.fi\n.SH SEE ALSO\n.nf\nverify list   # exit 0\n.fi\n";
    int n = readme_commands(md, cmds, &stray, 1);
    cr_assert_eq(n, 4);
    cr_assert_eq(stray, 2);
    cr_assert_str_eq(cmds[3].args, "ratio y");
    cr_assert_eq(cmds[3].exit_code, 3);
    cr_assert_str_eq(cmds[0].args, "list");
    cr_assert_eq(cmds[0].exit_code, 0);
    cr_assert_str_eq(cmds[1].args, "check alg3");
    cr_assert_eq(cmds[1].exit_code, -1);
    cr_assert_str_eq(cmds[2].args, "ratio x");
    cr_assert_eq(cmds[2].exit_code, 12);
    n = man_commands(man, cmds);
    cr_assert_eq(n, 1);
    cr_assert_str_eq(cmds[0].args, "check alg1 --json");
    cr_assert_eq(cmds[0].exit_code, 0);
}

/* the README is the first hour: the two set-up commands as CI runs them,
   at most about 250 lines, and the documents it points to exist */
Test(docs, readme_is_the_first_hour)
{
    char * text = slurp("README.md");
    const char * p;
    int lines = 0, links = 0;
    for (p = text; *p; p++)
        lines += *p == '\n';
    cr_expect_leq(lines, 260, "README.md has %d lines: the reference belongs "
        "in doc/ and the man pages", lines);
    cr_expect(strstr(text, "\napt-get update && apt-get install -y make && "
        "make deps && make run\n") != NULL, "the set-up command of make run");
    cr_expect(strstr(text, "\napt-get update && apt-get install -y make && "
        "make deps && make test\n") != NULL, "the set-up command of make test");
    /* every link ](path) to a file of the checkout */
    for (p = strstr(text, "]("); p != NULL; p = strstr(p + 2, "]("))
    {
        char path[256];
        size_t k = 0;
        struct stat st;
        const char * q = p + 2;
        if (strncmp(q, "http", 4) == 0 || *q == '#')
            continue;
        while (q[k] && q[k] != ')' && q[k] != '#' && k < sizeof(path) - 1)
            k++;
        memcpy(path, q, k);
        path[k] = '\0';
        cr_expect_eq(stat(path, &st), 0, "README.md links to %s, which is "
            "not there", path);
        links++;
    }
    cr_expect_geq(links, 8, "README.md: only %d links to the documents", links);
    free(text);
}

/* --help points an installed user at what is installed */
Test(docs, help_points_at_installed_documents)
{
    static char help[32768];
    run_cli("--help", help, sizeof(help));
    cr_expect(strstr(help, "usage: verify") != NULL, "%s", help);
    cr_expect(strstr(help, "share/doc/svt-verify") != NULL, "--help does not "
        "name the installed documents");
    cr_expect(strstr(help, "man verify") != NULL, "--help does not name "
        "the man page");
    cr_expect(strstr(help, "variants/spec.h") == NULL, "--help points at "
        "variants/spec.h, which an installed user does not have");
}
