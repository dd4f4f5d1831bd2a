/* approx_page.h -- the report's "approximate DP" page (approx.html):
   certified delta(eps) curves, and the published claims of Gaussian SVT
   checked against certified values (verify/claims.h). */

#ifndef SVT_REPORTS_APPROX_PAGE_H
#define SVT_REPORTS_APPROX_PAGE_H

/* writes dir/approx.html and its plots; progress lines on stderr */
void approx_page(const char * dir, int progress);

#endif
