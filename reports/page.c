/* page.c -- writing the report's pages (see page.h). */

#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include "page.h"

static int typeset_page(const char * path);

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
    if (fclose(f) != 0 || bad || (strlen(name) > 5 && strcmp(name
            + strlen(name) - 5, ".html") == 0 && typeset_page(tmp) != 0)
            || rename(tmp, path) != 0)
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

/* the symbols of the prose: words in the text (and in report.md),
   typeset in HTML.  bot and top only where page_prose is asked for them
   (a page's text says "at the top"). */
static const char * const prose_words[][2] = {
    { "eps", "&epsilon;" }, { "eps1", "&epsilon;<sub>1</sub>" },
    { "eps2", "&epsilon;<sub>2</sub>" }, { "eps3", "&epsilon;<sub>3</sub>" },
    { "eps_prv", "&epsilon;<sub>prv</sub>" }, { "kappa", "&kappa;" },
    { "alpha", "&alpha;" }, { "inf", "&infin;" }, { "Delta", "&Delta;" },
    { "delta", "&delta;" }, { "rho", "&rho;" }, { "nu", "&nu;" },
    { "nu_i", "&nu;<sub>i</sub>" }, { "q_i", "q<sub>i</sub>" },
    { "sigma", "&sigma;" }, { "sigma_X", "&sigma;<sub>X</sub>" },
    { "sigma_Z", "&sigma;<sub>Z</sub>" },
    { "bot", "&perp;" }, { "top", "&top;" } };
#define PROSE_ALL 19
#define PROSE_NO_BOT_TOP 17

/* the word of prose_words (of the first nw) at p, or -1 */
static int
prose_word_at(const char * s, const char * p, const char * e, int nw)
{
    int k;
    /* not inside a word, an entity, a file name or an option (--eps) */
    if (p > s && (word_char(p[-1]) || p[-1] == '&' || p[-1] == '\''
            || p[-1] == '.' || (p[-1] == '-' && p - 1 > s && p[-2] == '-')))
        return -1;
    for (k = 0; k < nw; k++)
    {
        size_t n = strlen(prose_words[k][0]);
        if (p + n <= e && strncmp(p, prose_words[k][0], n) == 0
                && (p + n == e || !word_char(p[n])))
            return k;
    }
    return -1;
}

/* [s, e), HTML text already escaped, with its symbols typeset: the
   words of prose_words (the first nw), &lt;= and &gt;= as the signs,
   x^y and x^(...) as superscripts; entities are kept */
static void
typeset(FILE * f, const char * s, const char * e, int nw)
{
    const char * p;
    for (p = s; p < e; )
    {
        int k;
        if (*p == '&')
        {
            size_t n = 1;
            if (p + 5 <= e && (strncmp(p, "&lt;=", 5) == 0
                    || strncmp(p, "&gt;=", 5) == 0))
            {
                fputs(p[1] == 'l' ? "&le;" : "&ge;", f);
                p += 5;
                continue;
            }
            while (p + n < e && n < 12 && (word_char(p[n]) || p[n] == '#'))
                n++;
            if (p + n < e && p[n] == ';')
                n++;
            else
                n = 1;
            fwrite(p, 1, n, f);
            p += n;
            continue;
        }
        if (*p == '^' && p + 1 < e && p[1] == '(')
        {
            const char * c = p + 2;
            int depth = 1;
            while (c < e && depth > 0)
            {
                depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
                c++;
            }
            if (depth == 0)
            {
                fputs("<sup>", f);
                typeset(f, p + 2, c - 1, nw);
                fputs("</sup>", f);
                p = c;
                continue;
            }
        }
        if (*p == '^' && p + 1 < e && (word_char(p[1]) || p[1] == '-'))
        {
            const char * c = p + 2;
            while (c < e && word_char(*c))
                c++;
            fputs("<sup>", f);
            typeset(f, p + 1, c, nw);
            fputs("</sup>", f);
            p = c;
            continue;
        }
        /* q_1, q_m: an index as a subscript */
        if (*p == 'q' && p + 3 <= e && p[1] == '_' && word_char(p[2])
                && (p + 3 == e || !word_char(p[3]))
                && (p == s || !(word_char(p[-1]) || p[-1] == '&')))
        {
            fprintf(f, "q<sub>%c</sub>", p[2]);
            p += 3;
            continue;
        }
        k = prose_word_at(s, p, e, nw);
        if (k >= 0)
        {
            fputs(prose_words[k][1], f);
            p += strlen(prose_words[k][0]);
            continue;
        }
        fputc(*p++, f);
    }
}

void
page_prose(FILE * f, const char * s)
{
    char * buf;
    size_t len;
    FILE * m = open_memstream(&buf, &len);
    if (m == NULL)
        page_die("out of memory");
    page_escape(m, s);
    fclose(m);
    typeset(f, buf, buf + len, PROSE_ALL);
    free(buf);
}

/* the page at path with the text of its HTML typeset (typeset, without
   bot and top), outside the elements that hold code, plots or style:
   one notation on every page, whichever part of the program wrote it */
static int
typeset_page(const char * path)
{
    static const char * const keep[] = { "pre", "code", "svg", "style",
        "script", "title" };
    char * text, * out, * p, * e;
    size_t len, olen;
    long n;
    FILE * f = fopen(path, "rb"), * o;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0)
        return -1;
    rewind(f);
    text = malloc(n + 1);
    if (text == NULL || fread(text, 1, n, f) != (size_t) n)
    {
        fclose(f);
        free(text);
        return -1;
    }
    fclose(f);
    text[n] = '\0';
    len = n;
    o = open_memstream(&out, &olen);
    if (o == NULL)
        return -1;
    for (p = text, e = text + len; p < e; )
    {
        const char * t = memchr(p, '<', e - p);
        size_t k;
        if (t == NULL)
            t = e;
        typeset(o, p, t, PROSE_NO_BOT_TOP);
        if (t == e)
            break;
        p = (char *) t;
        for (k = 0; k < sizeof(keep) / sizeof(keep[0]); k++)
        {
            size_t m = strlen(keep[k]);
            if (strncmp(p + 1, keep[k], m) == 0 && (p[1 + m] == '>'
                    || p[1 + m] == ' '))
            {
                char close[16];
                const char * c;
                snprintf(close, sizeof(close), "</%s>", keep[k]);
                c = strstr(p, close);
                c = c != NULL ? c + strlen(close) : e;
                fwrite(p, 1, c - p, o);
                p = (char *) c;
                break;
            }
        }
        if (k == sizeof(keep) / sizeof(keep[0]))
        {
            const char * c = memchr(p, '>', e - p);
            c = c != NULL ? c + 1 : e;
            fwrite(p, 1, c - p, o);
            p = (char *) c;
        }
    }
    fclose(o);
    f = fopen(path, "wb");
    n = f != NULL && fwrite(out, 1, olen, f) == olen ? 0 : -1;
    if (f != NULL && fclose(f) != 0)
        n = -1;
    free(text);
    free(out);
    return (int) n;
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
