/* bibliography.h -- the works the report cites, with authors, title,
   venue and year: a References section for the index, and links from a
   variant's title and source to the entries they cite. */

#ifndef SVT_REPORTS_BIBLIOGRAPHY_H
#define SVT_REPORTS_BIBLIOGRAPHY_H

#include <stdio.h>
#include <flint/flint.h>

slong biblio_count(void);
const char * biblio_key(slong i);
const char * biblio_text(slong i);
/* " [KEY], [KEY]" links (to index.html#ref-KEY) for every entry that
   the text (a variant's title and source) cites; nothing when none */
void biblio_cite_links(FILE * h, const char * text);
/* the References section: HTML (anchors ref-KEY) and Markdown */
void biblio_html(FILE * h);
void biblio_md(FILE * md);

#endif
