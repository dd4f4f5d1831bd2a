/* junit.c -- JUnit XML (the schema Jenkins, GitLab and GitHub read:
   testsuites > testsuite > testcase with failure, error or skipped). */

#include <errno.h>
#include <string.h>
#include "junit.h"

void
junit_init(junit_t J)
{
    J->f = NULL;
    J->path = NULL;
    J->cases = NULL;
    J->len = J->alloc = 0;
}

void
junit_clear(junit_t J)
{
    slong i;
    for (i = 0; i < J->len; i++)
    {
        flint_free(J->cases[i].classname);
        flint_free(J->cases[i].name);
        flint_free(J->cases[i].message);
    }
    flint_free(J->cases);
    flint_free(J->path);
    if (J->f != NULL)
        fclose(J->f);
    junit_init(J);
}

static char *
dup(const char * s)
{
    char * d;
    if (s == NULL)
        return NULL;
    d = flint_malloc(strlen(s) + 1);
    strcpy(d, s);
    return d;
}

int
junit_open(junit_t J, const char * path, char * err, size_t errlen)
{
    J->f = fopen(path, "w");
    if (J->f == NULL)
    {
        snprintf(err, errlen, "--junit: cannot write '%s': %s", path,
            strerror(errno));
        return -1;
    }
    J->path = dup(path);
    return 0;
}

void
junit_add(junit_t J, const char * classname, const char * name, int outcome,
    const char * message, double seconds)
{
    junit_case_struct * c;
    if (J->len == J->alloc)
    {
        J->alloc = FLINT_MAX(16, 2 * J->alloc);
        J->cases = flint_realloc(J->cases, J->alloc * sizeof(junit_case_struct));
    }
    c = J->cases + J->len++;
    c->classname = dup(classname);
    c->name = dup(name);
    c->message = dup(message);
    c->outcome = outcome;
    c->seconds = seconds;
}

/* s with & < > " ' as entities, and control characters dropped */
static void
put_escaped(FILE * f, const char * s)
{
    for (; s != NULL && *s; s++)
    {
        unsigned char ch = (unsigned char) *s;
        if (ch == '&')
            fputs("&amp;", f);
        else if (ch == '<')
            fputs("&lt;", f);
        else if (ch == '>')
            fputs("&gt;", f);
        else if (ch == '"')
            fputs("&quot;", f);
        else if (ch == '\'')
            fputs("&apos;", f);
        else if (ch >= 0x20 || ch == '\n' || ch == '\t')
            fputc(ch, f);
    }
}

static void
put_case(FILE * f, const junit_case_struct * c)
{
    static const char * tag[4] = { NULL, "failure", "error", "skipped" };
    fputs("    <testcase classname=\"", f);
    put_escaped(f, c->classname);
    fputs("\" name=\"", f);
    put_escaped(f, c->name);
    fprintf(f, "\" time=\"%.3f\"", c->seconds);
    if (c->outcome == JUNIT_PASS)
    {
        fputs("/>\n", f);
        return;
    }
    fprintf(f, ">\n      <%s message=\"", tag[c->outcome]);
    put_escaped(f, c->message);
    if (c->outcome == JUNIT_SKIPPED)
        fputs("\"/>\n", f);
    else
    {
        fprintf(f, "\" type=\"%s\">", c->outcome == JUNIT_FAILURE
            ? "privacy-violation" : "inconclusive");
        put_escaped(f, c->message);
        fprintf(f, "</%s>\n", tag[c->outcome]);
    }
    fputs("    </testcase>\n", f);
}

int
junit_write(junit_t J, const char * suite)
{
    slong i, n[4] = { 0, 0, 0, 0 };
    double t = 0;
    int bad;
    if (J->f == NULL)
        return 0;
    for (i = 0; i < J->len; i++)
    {
        n[J->cases[i].outcome]++;
        t += J->cases[i].seconds;
    }
    fprintf(J->f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"svt-verify\" tests=\"%ld\" failures=\"%ld\" "
        "errors=\"%ld\" skipped=\"%ld\" time=\"%.3f\">\n",
        (long) J->len, (long) n[1], (long) n[2], (long) n[3], t);
    fputs("  <testsuite name=\"", J->f);
    put_escaped(J->f, suite);
    fprintf(J->f, "\" tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" "
        "skipped=\"%ld\" time=\"%.3f\">\n", (long) J->len, (long) n[1],
        (long) n[2], (long) n[3], t);
    for (i = 0; i < J->len; i++)
        put_case(J->f, J->cases + i);
    fputs("  </testsuite>\n</testsuites>\n", J->f);
    bad = ferror(J->f) != 0;
    bad |= fclose(J->f) != 0;
    J->f = NULL;
    return bad ? -1 : 0;
}
