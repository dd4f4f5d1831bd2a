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
        ".verdict.private{background:#c8f0c8;}"
        ".verdict.bounded{background:#ffe0a0;}"
        ".verdict.unbounded{background:#ffc0c0;}"
        ".verdict.violated{background:#ffc0c0;}"
        ".verdict.other{background:#e4e4e4;}"
        ".verdict.undecided{background:#e4e4e4;}"
        "code.recheck{background:#f0f0ff;white-space:nowrap;}"
        "</style></head><body>\n");
}
