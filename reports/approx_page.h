/* approx_page.h -- the report's "approximate DP" page (approx.html):
   certified delta(eps) curves, and the published claims of Gaussian SVT
   checked against certified values (verify/claims.h). */

#ifndef SVT_REPORTS_APPROX_PAGE_H
#define SVT_REPORTS_APPROX_PAGE_H

#include "flint/flint.h"

/* the page's sizes (the curves' and tables' m, DiPApprox's N, the
   stopping times t) are at most APPROX_PAGE_SCALE * m_max, so the
   report's time follows its --m-max; at the default m_max = 200 they are
   the page's own settings (up to 1000: DiPApprox's N = 25, 100, 1000, of
   which DiPApprox itself ran N = 25) */
#define APPROX_PAGE_SCALE 5

/* min(size, APPROX_PAGE_SCALE * m_max) */
ulong approx_page_size(ulong size, ulong m_max);

/* writes dir/approx.html and its plots; progress lines on stderr */
void approx_page(const char * dir, int progress, ulong m_max);

#endif
