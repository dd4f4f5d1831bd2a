/* page.h -- writing the report's pages: files in the output directory,
   HTML escaping, gnuplot and its SVG plots inlined. */

#ifndef SVT_REPORTS_PAGE_H
#define SVT_REPORTS_PAGE_H

#include <stdio.h>

/* prints "svt-report: msg" and exits 2 */
void page_die(const char * msg);
/* makes dir and every folder above it that is missing, like mkdir -p;
   dies naming the first folder it could not make */
void page_mkdirs(const char * dir);
/* dir/name opened for writing, as dir/name.tmp (dies on error); a page
   appears under its name only at page_close, so that a run that is
   killed leaves the previous report intact */
FILE * page_open(const char * dir, const char * name);
/* closes f and renames dir/name.tmp to dir/name (dies on error) */
void page_close(FILE * f, const char * dir, const char * name);
void page_escape(FILE * f, const char * s);
/* s as HTML prose: escaped, with its symbols typeset (the words eps,
   kappa, alpha, inf, Delta as the letters; <= and >= as the signs;
   x^y as a superscript).  The text keeps the words, and report.md
   prints them as written: one notation per output. */
void page_prose(FILE * f, const char * s);
/* the SVG file dir/name (written by gnuplot), inlined into the page */
void page_inline_svg(FILE * f, const char * dir, const char * name);
/* runs gnuplot on dir/script inside dir */
int page_gnuplot(const char * dir, const char * script);
/* the head of an HTML page with the report's style */
void page_head(FILE * f, const char * title);

#endif
