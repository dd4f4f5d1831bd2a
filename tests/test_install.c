/* test_install.c -- make install PREFIX=... puts verify, svt-report, the
   man page verify(1), the built-in specs, the JSON schema and the
   documents (every .md of doc/, and PROGRAMS.md, in share/doc/svt-verify)
   in place; the man page documents every command, option, exit code and
   spec key that the program knows; make uninstall removes all of it. */

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testlib.h"

#define PREFIX "build/install-test"

static int
exists(const char * path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static char *
slurp(const char * path)
{
    FILE * f = fopen(path, "r");
    char * s;
    long n;
    cr_assert(f != NULL, "%s", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    s = malloc(n + 1);
    s[fread(s, 1, n, f)] = '\0';
    fclose(f);
    return s;
}

/* the man page writes "-" as "\-" */
static int
man_has(const char * man, const char * word)
{
    char esc[128];
    size_t i, k = 0;
    for (i = 0; word[i] && k + 3 < sizeof(esc); i++)
    {
        if (word[i] == '-')
            esc[k++] = '\\';
        esc[k++] = word[i];
    }
    esc[k] = '\0';
    return strstr(man, esc) != NULL;
}

Test(install, install_man_uninstall, .timeout = 300)
{
    char cwd[1024], cmd[2048], help[16384], out[256];
    char * man;
    const char * p;
    int n = 0;
    static const char * commands[] = { "list", "ratio", "sweep", "check",
        "all", "lint", "prove", "delta", "renyi", "search", "help" };
    static const char * keys[] = { "name", "title", "source",
        "paper_property", "eps1", "eps2", "eps3", "free", "threshold_noise",
        "query_noise", "reset", "output", "cutoff", "comparison", "claimed",
        "claimed_delta", "monotone_only" };
    static const char * verdicts[] = { "within", "exceeds", "infinite",
        "impossible", "inconclusive", "no-claim" };
    size_t i;

    cr_assert(getcwd(cwd, sizeof(cwd)) != NULL);
    snprintf(cmd, sizeof(cmd), "make -s install PREFIX=%s/" PREFIX
        " > /dev/null 2>&1", cwd);
    cr_assert_eq(system(cmd), 0, "make install");
    cr_assert(exists(PREFIX "/bin/verify"));
    cr_assert(exists(PREFIX "/bin/svt-report"));
    cr_assert(exists(PREFIX "/share/man/man1/verify.1"));
    cr_assert(exists(PREFIX "/share/man/man1/svt-report.1"));
    cr_assert(exists(PREFIX "/share/svt-verify/PROGRAMS.md"));
    cr_assert(exists(PREFIX "/share/svt-verify/specs/alg1.svt"));
    cr_assert(exists(PREFIX "/share/svt-verify/specs/approx/zhu-wang-svt.svt"));
    cr_assert(exists(PREFIX "/share/svt-verify/verify-output.schema.json"));
    /* the documents, every one of doc/ and the program language */
    {
        DIR * d = opendir("doc");
        struct dirent * ent;
        int ndocs = 0;
        cr_assert(d != NULL, "doc/");
        while ((ent = readdir(d)) != NULL)
        {
            char path[512];
            size_t k = strlen(ent->d_name);
            if (k < 4 || strcmp(ent->d_name + k - 3, ".md") != 0)
                continue;
            snprintf(path, sizeof(path), PREFIX "/share/doc/svt-verify/%s",
                ent->d_name);
            cr_expect(exists(path), "doc/%s is not installed", ent->d_name);
            ndocs++;
        }
        closedir(d);
        cr_assert_geq(ndocs, 5, "only %d documents in doc/", ndocs);
        cr_assert(exists(PREFIX "/share/doc/svt-verify/PROGRAMS.md"));
        cr_assert(exists(PREFIX "/share/doc/svt-verify/commands.md"));
        /* the README: the five-minute walk and the CI recipe */
        cr_assert(exists(PREFIX "/share/doc/svt-verify/first-hour.md"));
    }

    /* the installed program runs, from its own place */
    {
        FILE * f = popen(PREFIX "/bin/verify --version", "r");
        out[fread(out, 1, sizeof(out) - 1, f)] = '\0';
        cr_assert_eq(pclose(f), 0);
        cr_assert(strncmp(out, "verify (svt-verify) ", 20) == 0, "%s", out);
        f = popen(PREFIX "/bin/verify lint " PREFIX
            "/share/svt-verify/specs/alg3.svt", "r");
        out[fread(out, 1, sizeof(out) - 1, f)] = '\0';
        cr_assert_eq(pclose(f), 0, "%s", out);
    }

    /* svt-report is a command: --help, --version, a man page that
       documents every option of its --help, refusals with exit 2 */
    {
        char rhelp[4096];
        char * rman = slurp(PREFIX "/share/man/man1/svt-report.1");
        FILE * f = popen(PREFIX "/bin/svt-report --version", "r");
        out[fread(out, 1, sizeof(out) - 1, f)] = '\0';
        cr_assert_eq(pclose(f), 0);
        cr_assert(strncmp(out, "svt-report (svt-verify) ", 24) == 0, "%s", out);
        f = popen(PREFIX "/bin/svt-report --help", "r");
        rhelp[fread(rhelp, 1, sizeof(rhelp) - 1, f)] = '\0';
        cr_assert_eq(pclose(f), 0);
        cr_assert(strstr(rhelp, "usage: svt-report") != NULL, "%s", rhelp);
        for (p = strstr(rhelp, "--"); p != NULL; p = strstr(p + 2, "--"))
        {
            char opt[64];
            size_t k = 2;
            while (p[k] && (p[k] == '-' || (p[k] >= 'a' && p[k] <= 'z'))
                    && k < sizeof(opt) - 1)
                k++;
            if (k <= 3)
                continue;
            memcpy(opt, p, k);
            opt[k] = '\0';
            cr_expect(man_has(rman, opt), "svt-report(1) does not document %s", opt);
        }
        f = popen(PREFIX "/bin/svt-report --bogus 2>&1", "r");
        out[fread(out, 1, sizeof(out) - 1, f)] = '\0';
        cr_assert_eq(WEXITSTATUS(pclose(f)), 2, "%s", out);
        cr_assert(strstr(out, "--bogus") != NULL, "%s", out);
        free(rman);
    }

    /* every option of --help is documented */
    man = slurp(PREFIX "/share/man/man1/verify.1");
    run_cli("--help", help, sizeof(help));
    for (p = strstr(help, "--"); p != NULL; p = strstr(p + 2, "--"))
    {
        char opt[64];
        size_t k = 2;
        while (p[k] && (p[k] == '-' || (p[k] >= 'a' && p[k] <= 'z')
                || (p[k] >= '0' && p[k] <= '9')) && k < sizeof(opt) - 1)
            k++;
        if (k <= 3)
            continue;
        memcpy(opt, p, k);
        opt[k] = '\0';
        if (strcmp(opt, "--q") == 0)    /* --qD, --qD2 */
            continue;
        cr_expect(man_has(man, opt), "verify(1) does not document %s", opt);
        n++;
    }
    cr_assert_geq(n, 25, "only %d options found in --help", n);
    cr_expect(man_has(man, "--qD") && man_has(man, "--qD2"));
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
    {
        char w[64];
        snprintf(w, sizeof(w), ".B %s", commands[i]);
        cr_expect(strstr(man, w) != NULL || strstr(man, commands[i]) != NULL,
            "command %s", commands[i]);
    }
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
        cr_expect(strstr(man, keys[i]) != NULL, "spec key %s", keys[i]);
    for (i = 0; i < sizeof(verdicts) / sizeof(verdicts[0]); i++)
        cr_expect(man_has(man, verdicts[i]), "verdict %s", verdicts[i]);
    for (i = 0; i < 4; i++)
    {
        char w[16];
        snprintf(w, sizeof(w), ".B %d\n", (int) i);
        cr_expect(strstr(man, w) != NULL, "exit code %d", (int) i);
    }
    free(man);

    snprintf(cmd, sizeof(cmd), "make -s uninstall PREFIX=%s/" PREFIX
        " > /dev/null 2>&1", cwd);
    cr_assert_eq(system(cmd), 0, "make uninstall");
    cr_assert(!exists(PREFIX "/bin/verify"));
    cr_assert(!exists(PREFIX "/bin/svt-report"));
    cr_assert(!exists(PREFIX "/share/man/man1/verify.1"));
    cr_assert(!exists(PREFIX "/share/man/man1/svt-report.1"));
    cr_assert(!exists(PREFIX "/share/svt-verify"));
    cr_assert(!exists(PREFIX "/share/doc/svt-verify"));
}
