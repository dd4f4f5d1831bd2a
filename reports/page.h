/* page.h -- writing the report's pages: files in the output directory,
   HTML escaping, gnuplot and its SVG plots inlined. */

#ifndef SVT_REPORTS_PAGE_H
#define SVT_REPORTS_PAGE_H

#include <stdio.h>

/* prints "svt-report: msg" and exits 2 */
void page_die(const char * msg);
/* dir/name opened for writing (dies on error) */
FILE * page_open(const char * dir, const char * name);
void page_escape(FILE * f, const char * s);
/* the SVG file dir/name (written by gnuplot), inlined into the page */
void page_inline_svg(FILE * f, const char * dir, const char * name);
/* runs gnuplot on dir/script inside dir */
int page_gnuplot(const char * dir, const char * script);
/* the head of an HTML page with the report's style */
void page_head(FILE * f, const char * title);

#endif
