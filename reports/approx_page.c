/* approx_page.c -- approx.html: delta(eps) curves of the Laplace
   variants and of Gaussian SVT, and the published approximate and Renyi
   DP claims against certified values.  Every number comes from
   verify/claims.c, whose results tests/test_approx.c pins. */

#include <stdio.h>
#include <string.h>
#include "claims.h"
#include "page.h"
#include "approx_page.h"

#define PREC 256

static void
cell(FILE * h, const arb_t x, slong d)
{
    char * s = decimal_interval(x, d);
    fprintf(h, "<td>%s</td>", s);
    flint_free(s);
}

static void
progress_line(int progress, const char * what)
{
    if (progress)
        fprintf(stderr, "\r  approximate DP: %-50s", what);
}

/* ---- delta curves ------------------------------------------------------ */

typedef struct
{
    const char * variant, * construction, * label;
    ulong m;
}
curve_spec;

static const curve_spec curves[] = {
    { "alg1", "bottoms", "alg1 (eps-DP), bottoms, m", 1000 },
    { "alg4", "split-c", "alg4 (broken), split-c, m", 1000 },
    { "alg6", "split", "alg6 (broken), split, m", 30 },
    { "gaussian-svt", "bottoms", "Gaussian SVT, bottoms, N", 1000 } };

#define NCURVES ((slong) (sizeof(curves) / sizeof(curves[0])))

ulong
approx_page_size(ulong size, ulong m_max)
{
    return FLINT_MIN(size, APPROX_PAGE_SCALE * m_max);
}

static void
curve_label(char * buf, size_t len, slong i, ulong m_max)
{
    snprintf(buf, len, "%s = %lu", curves[i].label,
        approx_page_size(curves[i].m, m_max));
}

/* delta(eps) at eps = 0, 0.1, ..., 4 into plots/approx-delta.dat, one
   block per curve (midpoints of certified balls; 0 where delta is 0) */
static void
delta_curves(const char * dir, int progress, ulong m_max)
{
    svt_catalog_t cat;
    FILE * dat = page_open(dir, "plots/approx-delta.dat");
    char err[512];
    slong i, k;
    arb_t E, d;
    fmpq_t one, zero;

    svt_catalog_init(cat);
    arb_init(E);
    arb_init(d);
    fmpq_init(one);
    fmpq_init(zero);
    fmpq_one(one);
    for (i = 0; i < NCURVES; i++)
    {
        const svt_variant_struct * v = svt_catalog_find(cat, curves[i].variant);
        const construction_info * ci = construction_find(curves[i].construction);
        svt_model_t M;
        svt_runs_t R;
        approx_pair_t A;
        char label[96];
        curve_label(label, sizeof(label), i, m_max);
        progress_line(progress, label);
        svt_model_init(M);
        svt_runs_init(R);
        approx_pair_init(A);
        fprintf(dat, "# %s\n", label);
        if (svt_model_set(M, v, one, 1, one, NULL, err, sizeof(err)) == 0
                && construction_build(R, ci, approx_page_size(curves[i].m,
                    m_max), M->c, one, zero, err,
                    sizeof(err)) == 0
                && approx_pair_compute(A, M, R, 12, err, sizeof(err)) == 0)
            for (k = 0; k <= 40; k++)
            {
                arb_set_si(E, k);
                arb_div_ui(E, E, 10, PREC);
                approx_delta_max(d, A, E, PREC);
                fprintf(dat, "%g %.12g\n", k / 10.0,
                    arf_get_d(arb_midref(d), ARF_RND_NEAR));
            }
        fprintf(dat, "\n\n");
        approx_pair_clear(A);
        svt_runs_clear(R);
        svt_model_clear(M);
    }
    page_close(dat, dir, "plots/approx-delta.dat");
    arb_clear(E);
    arb_clear(d);
    fmpq_clear(one);
    fmpq_clear(zero);
    svt_catalog_clear(cat);
}

static void
delta_plot(FILE * h, const char * dir, ulong m_max)
{
    FILE * gp = page_open(dir, "plots/approx-delta.gp");
    slong i;
    fprintf(gp, "set terminal svg size 860,480 dynamic font 'sans,11'\n"
        "set output 'plots/approx-delta.svg'\nset encoding utf8\nset logscale y\n"
        "set termoption noenhanced\nset format y '1e%%L'\n"
        "set xlabel 'ε_prv'\n"
        "set ylabel 'δ (certified; both directions, the larger)'\n"
        "set key below\nset grid\nset yrange [*:2]\n"
        "set arrow from 1, graph 0 to 1, graph 1 nohead dashtype 2\n"
        "set link x2\nset x2tics ('claimed ε (Laplace variants)' 1)\n"
        "plot ");
    for (i = 0; i < NCURVES; i++)
    {
        char label[96];
        char * e;
        curve_label(label, sizeof(label), i, m_max);
        /* the legend typeset like the page: eps-DP as ε-DP */
        if ((e = strstr(label, "(eps-DP)")) != NULL)
            fprintf(gp, "%s'plots/approx-delta.dat' index %ld using 1:($2 > 0 ? "
                "$2 : 1/0) with linespoints title '%.*s(ε-DP)%s'", i ? ", " : "",
                (long) i, (int) (e - label), label, e + 8);
        else
            fprintf(gp, "%s'plots/approx-delta.dat' index %ld using 1:($2 > 0 ? "
                "$2 : 1/0) with linespoints title '%s'", i ? ", " : "", (long) i,
                label);
    }
    fprintf(gp, "\nset terminal pngcairo size 860,480 noenhanced\n"
        "set output 'plots/approx-delta.png'\nreplot\n");
    page_close(gp, dir, "plots/approx-delta.gp");
    page_gnuplot(dir, "plots/approx-delta.gp");
    fprintf(h, "<figure>");
    page_inline_svg(h, dir, "plots/approx-delta.svg");
    fprintf(h, "<figcaption>delta(eps_prv) over every output of the pair, "
        "eps = 1, c = 1, Delta = 1, T = 0; where delta is exactly 0 (Alg. 1 "
        "from its pure loss on) no point is drawn. PNG: <a href=\"plots/"
        "approx-delta.png\">plots/approx-delta.png</a></figcaption></figure>\n");
}

/* ---- the tables --------------------------------------------------------- */

static void
laplace_table(FILE * h, int progress, ulong m_max)
{
    static const struct { const char * v, * c; ulong m; } rows[] = {
        { "alg1", "bottoms", 1000 }, { "alg4", "split-c", 1000 },
        { "alg6", "split", 30 } };
    arb_t d, lo, hi;
    fmpq_t t;
    char err[512];
    slong i;
    arb_init(d);
    arb_init(lo);
    arb_init(hi);
    fmpq_init(t);
    fmpq_set_si(t, 1, 1000000);
    fprintf(h, "<h2>Laplace variants: delta at the claimed eps</h2>\n<p>A pure "
        "eps claim is an (eps, 0) claim. Alg. 1 keeps delta exactly 0 at its "
        "claim; the broken Alg. 4 and Alg. 6 need a positive delta there, and "
        "a much larger eps_prv for a small delta.</p>\n<table><tr><th>variant"
        "</th><th>pair</th><th>claimed</th><th>delta at eps = 1 (certified)"
        "</th><th>smallest eps_prv with delta &le; 10<sup>-6</sup></th></tr>\n");
    for (i = 0; i < 3; i++)
    {
        progress_line(progress, rows[i].v);
        ulong m = approx_page_size(rows[i].m, m_max);
        if (claims_laplace(d, lo, hi, rows[i].v, rows[i].c, m, t, err,
                sizeof(err)) != 0)
            continue;
        fprintf(h, "<tr><td>%s</td><td>%s, m = %lu</td><td>(1, 0)</td>",
            rows[i].v, rows[i].c, m);
        cell(h, d, 10);
        arb_union(lo, lo, hi, PREC);
        cell(h, lo, 10);
        fprintf(h, "</tr>\n");
    }
    fprintf(h, "</table>\n");
    arb_clear(d);
    arb_clear(lo);
    arb_clear(hi);
    fmpq_clear(t);
}

static void
zhu_wang_table(FILE * h, int progress)
{
    claims_zw_struct z;
    char err[512];
    arb_t r;
    slong c, i;
    arb_init(r);
    fprintf(h, "<h2>Zhu and Wang: the RDP of Gaussian SVT</h2>\n<p><a "
        "href=\"index.html#ref-ZW20\">[ZW20]</a> Their "
        "bound as autodp implements it (rdp_bank.RDP_gaussian_svt_c1, Theorem 8 "
        "with k queries, and RDP_gaussian_svt_cgreater1), for threshold and "
        "query noise N(0, 4), Delta = 1, k = %d (spec "
        "variants/specs/approx/zhu-wang-svt.svt at eps = 1/2). Ours: the "
        "largest certified Renyi divergence over the pairs tried (every query "
        "up at T = 0, 2, 4, 8; the first half up and the second down at T = 0, "
        "2), a lower bound of the mechanism's. The last row per c converts "
        "to (eps, 10<sup>-5</sup>): theirs by rdp(alpha) + ln(1/delta)/(alpha "
        "- 1) at its best alpha, ours the smallest eps_prv of the worst pair."
        "</p>\n<table><tr><th>c</th><th>order alpha</th><th>their bound</th>"
        "<th>ours (certified)</th><th>bound / ours</th><th>worst pair found"
        "</th></tr>\n", CLAIMS_ZW_K);
    for (c = 1; c <= 2; c++)
    {
        progress_line(progress, c == 1 ? "Zhu-Wang, c = 1" : "Zhu-Wang, c = 2");
        claims_zw_init(&z);
        if (claims_zw(&z, c, err, sizeof(err)) == 0)
        {
            for (i = 0; i < CLAIMS_NALPHA; i++)
            {
                fprintf(h, "<tr><td>%ld</td><td>%ld</td>", (long) c,
                    (long) arf_get_si(arb_midref(z.alpha[i]), ARF_RND_NEAR));
                cell(h, z.bound[i], 8);
                cell(h, z.ours[i], 8);
                arb_div(r, z.bound[i], z.ours[i], PREC);
                cell(h, r, 4);
                fprintf(h, "<td>%s</td></tr>\n", z.where[i]);
            }
            fprintf(h, "<tr><td>%ld</td><td>(eps, 10<sup>-5</sup>)</td>", (long) c);
            cell(h, z.dp_bound, 8);
            arb_union(r, z.dp_lo, z.dp_hi, PREC);
            cell(h, r, 8);
            arb_div(r, z.dp_bound, z.dp_lo, PREC);
            cell(h, r, 4);
            fprintf(h, "<td>%s</td></tr>\n", z.dp_where);
        }
        claims_zw_clear(&z);
    }
    fprintf(h, "</table>\n");
    arb_clear(r);
}

/* DiPApprox's N and Lebensold et al.'s stopping times t on this page
   (DiPApprox's own run went to N = 25) */
static const ulong Ns[3] = { 25, 100, 1000 };
static const ulong ts[4] = { 1, 10, 100, 1000 };
#define DIPAPPROX_OWN_N 25

static void
dipapprox_table(FILE * h, int progress, ulong m_max)
{
    arb_t lo, hi, blo, bhi;
    char err[512];
    slong i;
    ulong bk = 0;
    arb_init(lo);
    arb_init(hi);
    arb_init(blo);
    arb_init(bhi);
    fprintf(h, "<h2>DiPApprox, its Theorem 1 setting</h2>\n<p><a "
        "href=\"index.html#ref-BCSV25\">[BCSV25]</a> Gaussian SVT with "
        "threshold noise sigma = 2/eps and query noise sigma = 4/eps (4 and 8 "
        "at eps = 1/2; its program prints at N = 2 the probabilities 0.218 / "
        "0.196 that this spec reproduces), stopping at the "
        "first query below the threshold, inputs in {0, 1} (spec "
        "variants/specs/approx/dipapprox-svt.svt). Claimed: (1.24, 0.01). "
        "DiPApprox confirms it for N &le; %d in 441 s. Ours: the smallest "
        "eps_prv with delta &le; 0.01, certified, on the worst pair found: "
        "inputs 0<sup>k</sup> 1<sup>N-k</sup> against 1<sup>k</sup> "
        "0<sup>N-k</sup> over k on a grid (every input changed; all equal is k "
        "= N; k on the grid of claims_dipapprox_worst). Our value bounds the mechanism's from below: above 1.24 would "
        "refute the claim.</p>\n<table><tr><th>N</th><th>claimed eps_prv</th>"
        "<th>ours (certified)</th><th>at k</th><th>claim</th></tr>\n",
        DIPAPPROX_OWN_N);
    for (i = 0; i < 3; i++)
    {
        ulong N = Ns[i] <= APPROX_PAGE_SCALE * m_max ? Ns[i]
            : i == 0 ? APPROX_PAGE_SCALE * m_max : 0;
        char what[64];
        if (N == 0)
            break;
        snprintf(what, sizeof(what), "DiPApprox N = %lu", N);
        progress_line(progress, what);
        if (claims_dipapprox_worst(blo, bhi, &bk, N, err, sizeof(err)) != 0)
            continue;
        fprintf(h, "<tr><td>%lu</td><td>1.24</td>", N);
        arb_union(lo, blo, bhi, PREC);
        cell(h, lo, 8);
        arb_set_d(hi, 1.24);
        fprintf(h, "<td>%lu</td><td>%s</td></tr>\n", bk, arb_lt(bhi, hi)
            ? "holds on every pair tried" : "refuted");
    }
    fprintf(h, "</table>\n");
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(blo);
    arb_clear(bhi);
}

static void
lebensold_table(FILE * h, int progress, ulong m_max)
{
    arb_t x, y;
    char err[512];
    slong i;
    arb_init(x);
    arb_init(y);
    fprintf(h, "<h2>Lebensold, Precup and Balle: the ex-post loss of Gaussian "
        "AboveThreshold</h2>\n<p><a href=\"index.html#ref-LPB24\">[LPB24]</a> "
        "Their loss at stopping time t "
        "(utils.abovethreshold_expost): the ln ratio of the pair q(D) = "
        "(-Delta)<sup>t-1</sup> (1 + Delta), q(D') = 0<sup>t-1</sup> 1 at "
        "threshold 1/2, output bot<sup>t-1</sup> top, with sigma_X = 1, "
        "sigma_Z = sqrt 3, Delta = 1/10 (spec "
        "variants/specs/approx/lebensold-at.svt at eps = 1). Theirs: mpmath's "
        "quadrature of their integrand (tests/refs/lebensold_expost.py), "
        "uncertified; ours: a certified enclosure.</p>\n<table><tr><th>t</th>"
        "<th>their quadrature</th><th>ours (certified)</th><th>agree</th></tr>\n");
    for (i = 0; i < 4 && ts[i] <= APPROX_PAGE_SCALE * m_max; i++)
    {
        progress_line(progress, "Lebensold et al.");
        if (claims_lebensold(x, ts[i], err, sizeof(err)) != 0)
            continue;
        arb_set_str(y, claims_lebensold_ref(ts[i]), PREC);
        fprintf(h, "<tr><td>%lu</td><td>%s</td>", ts[i],
            claims_lebensold_ref(ts[i]));
        cell(h, x, 25);
        arb_add_error_2exp_si(y, -80);
        fprintf(h, "<td>%s</td></tr>\n", arb_overlaps(x, y)
            ? "to their 25 digits" : "no");
    }
    fprintf(h, "</table>\n");
    arb_clear(x);
    arb_clear(y);
}

/* a list "a, b and c" of the sizes of v[0..n) within the cap (the first
   capped to it when first_capped, as DiPApprox's first row is) */
static void
size_list(FILE * h, const ulong * v, int n, ulong cap, int first_capped)
{
    int i, k = 0, shown = 0;
    for (i = 0; i < n; i++)
        shown += v[i] <= cap || (i == 0 && first_capped);
    for (i = 0; i < n; i++)
        if (v[i] <= cap || (i == 0 && first_capped))
        {
            k++;
            fprintf(h, "%s%lu", k == 1 ? "" : k == shown ? " and " : ", ",
                FLINT_MIN(v[i], cap));
        }
}

/* the sizes of the page exactly: its settings, capped at 5 M, and
   Zhu-Wang's fixed k */
static void
sizes_sentence(FILE * h, ulong m_max)
{
    ulong cap = APPROX_PAGE_SCALE * m_max, top;
    slong i;
    fprintf(h, "<p>The sizes on this page but one are its own settings capped at %d M "
        "= %lu (M the report's --m-max, %lu): the delta curves and the Laplace "
        "table at ",
        APPROX_PAGE_SCALE, cap, m_max);
    for (i = 0; i < NCURVES; i++)
        fprintf(h, "%s%s = %lu", i == 0 ? "" : i + 1 == NCURVES ? " and " : ", ",
            curves[i].label, approx_page_size(curves[i].m, m_max));
    fprintf(h, "; DiPApprox's setting at N = ");
    size_list(h, Ns, 3, cap, 1);
    fprintf(h, " (of ");
    size_list(h, Ns, 3, UWORD_MAX, 0);
    for (i = 0, top = 0; i < 3; i++)
        if (Ns[i] <= cap || i == 0)
            top = FLINT_MIN(Ns[i], cap);
    fprintf(h, "; DiPApprox's own run went to N = %d, ours %s N = %lu); "
        "Lebensold et al.'s loss at t = ", DIPAPPROX_OWN_N, top
        > DIPAPPROX_OWN_N ? "goes beyond it, to" : top == DIPAPPROX_OWN_N
        ? "goes as far," : "stops below it, at", top);
    size_list(h, ts, 4, cap, 0);
    fprintf(h, " (of ");
    size_list(h, ts, 4, UWORD_MAX, 0);
    fprintf(h, "); the one not capped: Zhu and Wang's k = %d queries, their "
        "setting, fixed at every --m-max.</p>\n", CLAIMS_ZW_K);
}

void
approx_page(const char * dir, int progress, ulong m_max)
{
    FILE * h = page_open(dir, "approx.html");
    page_head(h, "svt-verify: approximate DP");
    fprintf(h, "<p><a href=\"index.html\">&larr; Figure 2, measured</a></p>\n"
        "<h1>Approximate and Renyi DP, certified</h1>\n<p>delta(eps_prv) = "
        "sum over every output a of max(0, Pr[A(D)=a] - e<sup>eps_prv</sup> "
        "Pr[A(D')=a]), in both directions, for a pair of neighbouring inputs: "
        "a lower bound of the mechanism's delta at eps_prv. Outputs that differ "
        "only by the order of top and bot inside a run of identical queries "
        "have equal probabilities, so a pair of 1000 identical queries has "
        "1001 classes instead of 2<sup>1000</sup> outputs (<code>verify delta"
        "</code>, <code>verify renyi</code>). Every number below is a certified "
        "enclosure, and a test pins each of them (tests/test_approx.c).</p>\n");
    delta_curves(dir, progress, m_max);
    delta_plot(h, dir, m_max);
    laplace_table(h, progress, m_max);
    zhu_wang_table(h, progress);
    dipapprox_table(h, progress, m_max);
    lebensold_table(h, progress, m_max);
    /* the sizes this run used close the page: it opens with what it
       shows */
    fprintf(h, "<h2>The sizes of this page</h2>\n");
    sizes_sentence(h, m_max);
    fprintf(h, "</body></html>\n");
    page_close(h, dir, "approx.html");
    if (progress)
        fprintf(stderr, "\r%70s\r", "");
}
