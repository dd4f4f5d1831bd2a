/* page.c -- writing the report's pages (see page.h). */

#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include "page.h"

void
page_die(const char * msg)
{
    fprintf(stderr, "svt-report: %s\n", msg);
    exit(2);
}

/* 0 when path is a directory (made here or there before) */
static int
make_one(const char * path)
{
    struct stat st;
    if (mkdir(path, 0755) == 0)
        return 0;
    if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    if (errno == EEXIST)
        errno = ENOTDIR;
    return -1;
}

void
page_mkdirs(const char * dir)
{
    char path[1024], msg[1200];
    size_t i, n = strlen(dir);
    if (n == 0 || n >= sizeof(path))
        page_die("--out: expected a directory name of 1 to 1023 characters");
    memcpy(path, dir, n + 1);
    /* each parent, then dir itself, like mkdir -p */
    for (i = 1; i <= n; i++)
        if (path[i] == '/' || path[i] == '\0')
        {
            char keep = path[i];
            if (path[i - 1] == '/')
                continue;
            path[i] = '\0';
            if (make_one(path) != 0)
            {
                snprintf(msg, sizeof(msg), "cannot make the directory %s: %s",
                    path, errno == ENOTDIR ? "a file that is not a directory "
                    "has that name" : strerror(errno));
                page_die(msg);
            }
            path[i] = keep;
        }
}

FILE *
page_open(const char * dir, const char * name)
{
    char path[1024];
    FILE * f;
    snprintf(path, sizeof(path), "%s/%s.tmp", dir, name);
    f = fopen(path, "w");
    if (f == NULL)
    {
        char msg[1200];
        snprintf(msg, sizeof(msg), "cannot write %s: %s", path, strerror(errno));
        page_die(msg);
    }
    return f;
}

void
page_close(FILE * f, const char * dir, const char * name)
{
    char tmp[1024], path[1024];
    int bad = ferror(f);
    snprintf(tmp, sizeof(tmp), "%s/%s.tmp", dir, name);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0)
    {
        char msg[1200];
        snprintf(msg, sizeof(msg), "cannot write %s: %s", path, strerror(errno));
        page_die(msg);
    }
}

void
page_escape(FILE * f, const char * s)
{
    for (; *s; s++)
        switch (*s)
        {
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '&': fputs("&amp;", f); break;
            default: fputc(*s, f);
        }
}

static int
word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9') || c == '_';
}

/* the symbols of the prose, as words in the text and typeset in HTML */
static const char * const prose_words[][2] = {
    { "eps", "&epsilon;" }, { "eps1", "&epsilon;<sub>1</sub>" },
    { "eps2", "&epsilon;<sub>2</sub>" }, { "eps3", "&epsilon;<sub>3</sub>" }, { "kappa", "&kappa;" }, { "alpha", "&alpha;" },
    { "inf", "&infin;" }, { "Delta", "&Delta;" }, { "bot", "&perp;" },
    { "top", "&top;" }, { "nu_i", "&nu;<sub>i</sub>" }, { "rho", "&rho;" },
    { "q_i", "q<sub>i</sub>" } };

void
page_prose(FILE * f, const char * s)
{
    const char * p;
    for (p = s; *p; )
    {
        size_t k;
        int done = 0;
        if (strncmp(p, "<=", 2) == 0 || strncmp(p, ">=", 2) == 0)
        {
            fputs(*p == '<' ? "&le;" : "&ge;", f);
            p += 2;
            continue;
        }
        if (*p == '^' && p[1] == '(' && strchr(p, ')') != NULL)
        {
            /* x^(a/b): the parenthesised exponent, typeset */
            const char * e = strchr(p, ')');
            char inner[256];
            snprintf(inner, sizeof(inner), "%.*s", (int) (e - p - 2), p + 2);
            fputs("<sup>", f);
            page_prose(f, inner);
            fputs("</sup>", f);
            p = e + 1;
            continue;
        }
        if (*p == '^' && word_char(p[1]))
        {
            fputs("<sup>", f);
            for (p++; word_char(*p); p++)
            {
                const char * q = p;
                for (k = 0; k < sizeof(prose_words) / sizeof(prose_words[0]); k++)
                {
                    size_t n = strlen(prose_words[k][0]);
                    if (strncmp(p, prose_words[k][0], n) == 0 && !word_char(p[n]))
                    {
                        fputs(prose_words[k][1], f);
                        p += n - 1;
                        break;
                    }
                }
                if (q == p)
                    fputc(*p, f);
            }
            fputs("</sup>", f);
            continue;
        }
        if (p == s || !(word_char(p[-1]) || p[-1] == '-'))
            for (k = 0; k < sizeof(prose_words) / sizeof(prose_words[0]); k++)
            {
                size_t n = strlen(prose_words[k][0]);
                if (strncmp(p, prose_words[k][0], n) == 0 && !word_char(p[n]))
                {
                    fputs(prose_words[k][1], f);
                    p += n;
                    done = 1;
                    break;
                }
            }
        if (done)
            continue;
        switch (*p)
        {
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '&': fputs("&amp;", f); break;
            default: fputc(*p, f);
        }
        p++;
    }
}

void
page_inline_svg(FILE * f, const char * dir, const char * name)
{
    char path[1024], buf[4096];
    FILE * s;
    size_t n;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    s = fopen(path, "r");
    if (s == NULL)
    {
        fprintf(f, "<p>(plot %s missing)</p>\n", name);
        return;
    }
    /* skip the XML prolog */
    if (fgets(buf, sizeof(buf), s) != NULL && strncmp(buf, "<?xml", 5) != 0)
        fputs(buf, f);
    while ((n = fread(buf, 1, sizeof(buf), s)) > 0)
        fwrite(buf, 1, n, f);
    fclose(s);
}

int
page_gnuplot(const char * dir, const char * script)
{
    char cmd[1200];
    snprintf(cmd, sizeof(cmd), "cd '%s' && gnuplot '%s' 2>/dev/null", dir, script);
    return system(cmd);
}

void
page_head(FILE * f, const char * title)
{
    fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    page_escape(f, title);
    fprintf(f, "</title>\n<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;}"
        "table{border-collapse:collapse;margin:1em 0;}td,th{border:1px solid #999;"
        "padding:3px 6px;font-size:13px;vertical-align:top;}th{background:#eee;}"
        "pre{background:#f6f6f6;padding:8px;}"
        ".verdict{padding:2px 6px;border-radius:3px;}"
        /* one colour per class of the summary, distinct */
        ".verdict.private{background:#c8f0c8;}"
        ".verdict.bounded{background:#ffe0a0;}"
        ".verdict.unbounded{background:#ff9c9c;}"
        ".verdict.violated{background:#f0c4f4;}"
        ".verdict.other{background:#e4e4e4;}"
        ".verdict.undecided{background:#c8dcff;}"
        "#legend{list-style:none;padding-left:0;}#legend li{margin:3px 0;}"
        ".published{border-left:4px solid #c33;background:#fff4f4;padding:6px "
        "10px;margin:1em 0;}"
        "code.recheck{background:#f0f0ff;white-space:nowrap;}"
        "</style></head><body>\n");
}
