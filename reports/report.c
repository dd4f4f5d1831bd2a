/* report.c -- svt-report: the measured Figure 2, one page per variant
   with plots, and each proof error of the paper shown with numbers.
   Every number is computed here (certified enclosures); plots are drawn
   by gnuplot from the data this program writes. */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "align.h"
#include "check.h"
#include "report.h"
#include "decision.h"
#include "page.h"
#include "bibliography.h"
#include "approx_page.h"
#include "stated.h"
#include "witness.h"

#ifndef SVT_VERSION
#define SVT_VERSION "unknown"
#endif

extern const char * const svt_builtin_spec_text[];

typedef struct
{
    const char * dir;
    fmpq_t eps, delta, T;
    slong c;
    ulong m_max;
    ratio_opt ro;
    int progress;
    svt_catalog_t cat;
}
ctx;




static char *
iv(const arb_t x, slong d)
{
    return decimal_interval(x, d);
}

/* ---- per variant ------------------------------------------------------ */

typedef struct
{
    const char * cname;
    growth_t growth;
    double slope;       /* per block of `block` queries (one unit of m) */
    ulong block;
    arb_t max_loss;
    ulong max_m;
    int exceeds;
    slong block_index;  /* its block in the plot's data file (-1: no
                           finite point, drawn as an annotation) */
    int uses_m;         /* the construction grows with m */
    int classified;     /* the sweep could classify growth (its points
                           span two decades, sweep_classifiable) */
    char span[160];     /* "ln ratios a ... b for m = 1 ... M" */
}
row;

/* x for a sentence: "0" when its ball is 0 to 20 digits, else its
   midpoint to 4 digits (the certified intervals are in the tables) */
static void
short_num(char * buf, size_t len, const arb_t x)
{
    if (arb_contains_zero(x) && mag_cmp_2exp_si(arb_radref(x), -66) < 0)
        snprintf(buf, len, "0");
    else
        snprintf(buf, len, "%.4g", arf_get_d(arb_midref(x), ARF_RND_NEAR));
}

/* the sweep's finite points as "ln ratios a ... b for m = 1 ... M" (its
   first and last; "ln ratio a at m = 1, its only finite point"), and
   whether it could classify their growth */
static void
sweep_span(row * r, const sweep_result_t s)
{
    slong i, a = -1, b = -1;
    char x[32], y[32];
    for (i = 0; i < s->len; i++)
        if (arb_is_finite(s->pts[i].loss))
        {
            a = a < 0 ? i : a;
            b = i;
        }
    r->classified = sweep_classifiable(s);
    r->span[0] = '\0';
    if (a < 0)
        return;
    short_num(x, sizeof(x), s->pts[a].loss);
    short_num(y, sizeof(y), s->pts[b].loss);
    if (a == b)
        snprintf(r->span, sizeof(r->span), "ln ratio %s at m = %lu, its only "
            "finite point", x, s->pts[a].m);
    else
        snprintf(r->span, sizeof(r->span), "ln ratios %s ... %s for m = %lu "
            "... %lu", x, y, s->pts[a].m, s->pts[b].m);
}

/* a growth the sweep could not classify: its points span less than the
   two decades a label needs */
static void
unclassified_text(char * buf, size_t len, const row * r)
{
    snprintf(buf, len, "growth not classified: the sweep needs finite ln "
        "ratios up to m >= %lu (%s)", sweep_growth_m_min(), r->span);
}

typedef struct
{
    const svt_variant_struct * var;
    svt_model_t M;
    row rows[32];
    slong nrows;
    char measured[640];
    char evidence[512];
    char proved[1024];          /* the bound for every m, beside L */
    int disagrees;              /* measured and stated properties differ */
    char disagreement[2048];    /* the paragraph that says how */
    int klass;                  /* KLASS_*: the index's colour */
    svt_status status;          /* the one decision */
    int wit_exceeds;            /* its certified L exceeds the claim and
                                   every construction's ratio (a witness
                                   of verify prove) */
    char wit[400];              /* that L and where it was found */
    char * wit_cmd;             /* violated or unbounded, and no construction
                                   shows it: the command that re-checks
                                   the decision's witness at its smallest
                                   (NULL otherwise) */
    char wit_cmd_L[200];        /* the certified ln ratio of that input */
    char loss[1024];            /* the certified loss, for the summary */
    int unbounded;              /* no finite bound, proved (the decision) */
    int growing;                /* a family's certified growth in m, its
                                   unboundedness not proved */
    int gaussian;               /* Gaussian noise: no pure eps bound */
    int bounded;                /* a bound B for every m is proved */
    int stated_eq;              /* ... and it is exactly the budget of the
                                   stated property, */
    char stated_budget[128];    /* ... as the source writes it */
    char Bform[200];            /* B exactly ("7/4"), or its decimal */
    char Ltext[400];            /* the decision's best certified ratio L
                                   and where it was found ("" if none) */
    slong tight;                /* the digits to which L and B agree, when
                                   6 or more (0 otherwise) */
    char claim[64];             /* the claim: "eps", "2 eps" */
    char plain[400];            /* the verdict in plain words (summary) */
    char which[1400];           /* which number is which, when the summary's
                                   and Figure 2's differ ("" otherwise) */
    char number[480];           /* its one number, in plain words */
    char number_src[160];       /* where that number comes from ... */
    const char * number_anchor; /* ... its section on the variant's page */
    char L_lo[64];              /* L rounded down to 4 digits ("" if none) */
    char L_where[300];          /* where the proof found L (its terms) */
    ulong L_m;                  /* the queries of L's input (0: unknown) */
    int L_from_input;           /* L is an input's (the proof's witness or
                                   a search) ... */
    int L_from_sweep;           /* ... or the constructions' sweeps' */
    int any_linear;             /* some construction grows linearly */
    double ymin, ymax;          /* the plotted ln ratios: the least
                                   positive one and the largest */
    ulong m_last;               /* the largest plotted m (the x axis ends
                                   there) */
}
vresult;

#define KLASS_PRIVATE 0     /* the claim proved for every m */
#define KLASS_BOUNDED 1     /* violated, a bound B above the claim proved */
#define KLASS_UNBOUNDED 2   /* violated, no finite bound (proved) */
#define KLASS_NOCLAIM 3     /* no pure claim (report only) */
#define KLASS_VIOLATED 4    /* a certified violation, no bound proved */
#define KLASS_UNDECIDED 5   /* neither proved nor violated */
#define KLASS_COUNT 6

/* the classes follow the one decision (verify/decision.h): private only
   when the claim is proved for every m */
static const char * klass_name[KLASS_COUNT] = { "private (proved)",
    "violated, bounded above its claim", "unbounded (proved)",
    "no pure claim", "violated (no bound found)", "undecided" };
static const char * klass_css[KLASS_COUNT] = { "private", "bounded",
    "unbounded", "other", "violated", "undecided" };
/* what each class means, in plain words (the proof sections name the
   prover's terms) */
static const char * klass_meaning[KLASS_COUNT] = {
    "a proof shows that the loss is at most the claim, for every m",
    "some output's loss is certified above the claim, and a proof shows "
    "that the loss never exceeds a larger limit, for every m",
    "a proof shows that the loss has no limit (it grows with m, or an output "
    "is impossible on one input and possible on its neighbour), so every "
    "claim is broken",
    "the variant claims no pure eps; the row says whether its loss has a "
    "limit",
    "some output's loss is certified above the claim; whether the loss has a "
    "limit is not known",
    "neither proved nor broken (or a time limit stopped the work)" };

static void flag_disagreement(vresult * V, const ctx * C, const arb_t best,
    const char * best_where, ulong best_m);

/* an expression of the model as an exact rational ("3", "2/3") when it
   is one, else the certified decimal of x */
static void
exact_text(char * buf, size_t len, const svt_model_t M, const spec_expr * e,
    const arb_t x)
{
    fmpq * vals = _fmpq_vec_init(SPEC_NVARS);
    int def[SPEC_NVARS];
    fmpq_t q;
    fmpq_init(q);
    stated_model_rationals(vals, def, M);
    if (e != NULL && spec_expr_eval_fmpq(q, e, vals, def) == 0)
    {
        char * t = fmpq_get_str(NULL, 10, q);
        snprintf(buf, len, "%s", t);
        flint_free(t);
    }
    else
    {
        char * t = decimal_bound(x, 6, 0);
        snprintf(buf, len, "%s", t);
        flint_free(t);
    }
    fmpq_clear(q);
    _fmpq_vec_clear(vals, SPEC_NVARS);
}

/* which noise of the program is the threshold noise (which = 0), the
   query noise (1), the reset's (2); -1: none */
static int
noise_of(const svt_program * P, int which)
{
    svt_shape sh;
    int shaped = svt_program_shape(&sh, P), i, j;
    if (which == 0)     /* Report Noisy Max has no threshold register */
        return P->argmax ? -1 : P->register_noise;
    if (which == 1)
        return shaped ? sh.nu : P->states[0].nanswers > 0
            ? P->states[0].answer_noise[0] : -1;
    if (shaped)
        return sh.reset_noise;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            if (P->states[i].branches[j].reset == PROG_RESET_FRESH)
                return P->states[i].branches[j].reset_noise;
    return -1;
}

/* one noise n of the program as its law and exact scale */
static void
noise_text(char * buf, size_t len, const svt_model_t M, int n)
{
    const svt_program * P = M->prog;
    char v[48];
    exact_text(v, sizeof(v), M, P->noises[n].scale, M->prog_scale + n);
    snprintf(buf, len, "%s%s", P->noises[n].exponential ? "Exp "
        : P->noises[n].law == INTEGRAL_GAUSSIAN ? "Gauss sd " : "Lap ", v);
}

/* a noise as its law and exact scale: "Lap 3", "Gauss sd 2", "Exp 2";
   the query noise of a program that draws several answers per query
   lists each ("Lap 8, Lap 4 (two answers)") */
static const char *
scale_text(const svt_model_t M, int which, char * buf, size_t len)
{
    const svt_program * P = M->prog;
    const prog_state * S = P->states;
    int n = noise_of(P, which), k;
    size_t used;
    if (n < 0)
    {
        snprintf(buf, len, "%s", which == 2 ? "no" : "none");
        return buf;
    }
    noise_text(buf, len, M, n);
    if (which != 1 || M->shaped || S->nanswers < 2)
        return buf;
    for (k = 1; k < S->nanswers && (used = strlen(buf)) + 1 < len; k++)
        if (S->answer_noise[k] >= 0)
        {
            char t[64];
            noise_text(t, sizeof(t), M, S->answer_noise[k]);
            snprintf(buf + used, len - used, ", %s", t);
        }
    used = strlen(buf);
    snprintf(buf + used, len - used, " (%s answers)", S->nanswers == 2 ? "two"
        : S->nanswers == 3 ? "three" : "several");
    return buf;
}

/* what a variant releases beside top and bot, read off its program */
static const char *
numeric_text(const svt_model_t M, char * buf, size_t len)
{
    const svt_program * P = M->prog;
    int i, j, noisy = 0, gap = 0, fresh = 0;
    if (M->shaped)
        return M->output == SVT_OUT_COMPARED ? "yes: q + nu, the compared answer"
            : M->output == SVT_OUT_FRESH ? "yes: q + fresh noise" : "no";
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            prog_out_kind o = P->states[i].branches[j].out;
            noisy |= o == PROG_OUT_NOISY;
            gap |= o == PROG_OUT_GAP;
            fresh |= o == PROG_OUT_FRESH;
        }
    if (P->argmax)
        return P->outputs_numbers ? "yes: the noisy maximum" : "no (the index)";
    if (!noisy && !gap && !fresh)
        return "no";
    snprintf(buf, len, "yes: %s%s%s%s%s", noisy ? "q + nu, the compared answer"
        : "", noisy && (gap || fresh) ? "; " : "", gap ? "the gap q + nu - "
        "(T + rho)" : "", gap && fresh ? "; " : "", fresh ? "q + fresh noise" : "");
    return buf;
}

/* the decision's facts the texts use: the bound B, the best certified
   ratio L, whether B is the stated property, the class */
static void
decision_facts(vresult * V, const prove_result_t P, const decision_t D)
{
    V->status = D->status;
    V->unbounded = D->unbounded;
    V->growing = D->growing && !D->unbounded;
    V->gaussian = P->A->gaussian;
    V->bounded = P->A->proved;
    V->tight = P->A->proved && prove_sandwich_digits(P) >= 6
        ? prove_sandwich_digits(P) : 0;
    V->Bform[0] = V->Ltext[0] = '\0';
    stated_claim_text(V->claim, sizeof(V->claim), V->M);
    V->stated_eq = stated_B_is_stated(V->stated_budget,
        sizeof(V->stated_budget), P->A, V->M);
    if (P->A->proved)
    {
        char * b = iv(P->A->bound, 10);
        align_bound_form(V->Bform, sizeof(V->Bform), P->A);
        if (V->Bform[0] == '\0')
            snprintf(V->Bform, sizeof(V->Bform), "%s", b);
        flint_free(b);
    }
    V->L_lo[0] = '\0';
    snprintf(V->L_where, sizeof(V->L_where), "%s", D->have_L ? D->L_where : "");
    V->L_m = D->LR->len > 0 ? svt_runs_length(D->LR) : 0;
    V->L_from_input = D->LR->len > 0;
    V->L_from_sweep = strcmp(D->L_where, "the constructions") == 0;
    if (D->have_L && !D->L_inf)
    {
        char * l = decimal_bound(D->L, 4, 0);
        snprintf(V->L_lo, sizeof(V->L_lo), "%s", l);
        flint_free(l);
    }
    if (D->have_L && D->L_inf)
        snprintf(V->Ltext, sizeof(V->Ltext), "L = inf");
    else if (D->have_L)
    {
        char * l = decimal_bound(D->L, 10, 0);
        snprintf(V->Ltext, sizeof(V->Ltext), "L >= %s", l);
        flint_free(l);
    }
    V->klass = D->status == STATUS_PROVED ? KLASS_PRIVATE
        : D->status == STATUS_UNBOUNDED ? KLASS_UNBOUNDED
        : D->status == STATUS_VIOLATED ? (P->A->proved ? KLASS_BOUNDED
            : KLASS_VIOLATED) : D->status == STATUS_NO_CLAIM ? KLASS_NOCLAIM
        : KLASS_UNDECIDED;
}

/* the bound for every m, in words, from the decision (V->proved) */
static void
bound_words(vresult * V, const decision_t D)
{
    size_t n;
    if (V->bounded)
    {
        char * l = D->have_L && !D->L_inf ? decimal_bound(D->L, 10, 0) : NULL;
        snprintf(V->proved, sizeof(V->proved), "B = %s%s%s%s%s%s; ", V->Bform,
            l ? "; the proof's own input reaches L >= " : "", l ? l : "",
            l ? ", so the largest loss lies in [" : "", l ? l : "", l ? ", B]" : "");
        flint_free(l);
    }
    else
        V->proved[0] = '\0';
    n = strlen(V->proved);
    if (D->status == STATUS_PROVED)
        snprintf(V->proved + n, sizeof(V->proved) - n, "claim proved for every m");
    else if (V->bounded && V->stated_eq)
        snprintf(V->proved + n, sizeof(V->proved) - n, "B = %s: the stated "
            "property, proved for every m; above the claim %s, which a "
            "certified ratio exceeds", V->stated_budget, V->claim);
    else if (V->bounded)
        snprintf(V->proved + n, sizeof(V->proved) - n, "%s",
            D->status == STATUS_NO_CLAIM ? "no claim" : D->status
            == STATUS_VIOLATED ? "B above the claim, and a certified ratio "
            "exceeds it" : "B above the claim; undecided");
    else if (V->unbounded)
    {
        snprintf(V->proved, sizeof(V->proved), "%sunbounded, proved: the loss "
            "has no finite bound; %s%s", D->status == STATUS_NO_CLAIM ? "no pure "
            "eps for any eps: " : "", V->Ltext, V->gaussian ? " (Gaussian noise "
            "has no pure eps bound; verify delta gives (eps, delta))"
            : " (verify prove)");
        n = strlen(V->proved);
        if (D->violated_by_proof && n + 3 < sizeof(V->proved))
            snprintf(V->proved + n, sizeof(V->proved) - n, "; %s", D->by_proof);
    }
    else if (D->status == STATUS_VIOLATED)
        snprintf(V->proved, sizeof(V->proved), "no bound found: no proof "
            "bounds the loss; a certified ratio exceeds the claim%s "
            "(verify prove)", V->growing ? " and grows with m on the proof's "
            "family, but growth without bound is not proved" : ", but growth "
            "without bound is not proved");
    else
        snprintf(V->proved, sizeof(V->proved), "not decided: %.600s (verify prove)",
            D->reason[0] ? D->reason : "no proof bounds the loss, and "
            "no certified ratio exceeds the claim");
}

/* the command that re-checks the decision's violation on input R (the
   witness of verify prove, or the decision's best input) at its smallest
   form (witness_smallest, as verify prove prints it): V->wit_cmd and the
   certified ln ratio in V->wit_cmd_L; none when R is empty or no longer
   certified above the claim */
static void
witness_command(vresult * V, const ctx * C, const svt_runs_t R)
{
    svt_runs_t W;
    ratio_result_t r;
    svt_runs_init(W);
    ratio_result_init(r);
    if (R->len > 0 && witness_smallest(W, r, &V->wit_cmd, V->M, R, &C->ro,
            C->eps, C->delta, NULL))
    {
        char * l = r->verdict == VERDICT_INFINITE ? NULL : iv(r->loss, 10);
        snprintf(V->wit_cmd_L, sizeof(V->wit_cmd_L), "%s", l ? l : "inf");
        flint_free(l);
    }
    ratio_result_clear(r);
    svt_runs_clear(W);
}

/* the one decision (verify/decision.h) from the proof, its witness and
   the sweeps' largest certified ratio (L; NULL when none, inf_L when
   infinite): the bound for every m in V->proved, the class of the
   summary in V->klass: green only when the claim is proved */
static void
proved_text(vresult * V, const ctx * C, const arb_t L, int inf_L, int shown)
{
    search_opts so;
    prove_result_t P;
    decision_t D;
    search_opts_init(&so);
    fmpq_set(so.base.eps, C->eps);
    fmpq_set(so.base.delta, C->delta);
    so.work = PROVE_DEFAULT_WORK;
    prove_result_init(P);
    decision_init(D);
    prove_run(P, V->var, &so, C->c);
    decision_add_prove(D, P, V->M, C->c);
    if (inf_L || L != NULL)
        decision_add_loss(D, inf_L, L, C->c, "the constructions");
    decision_finish(D, V->M);
    V->wit_exceeds = 0;
    V->wit[0] = '\0';
    if (D->have_L && !D->L_inf && V->M->has_claim && !inf_L
            && arb_gt(D->L, V->M->claimed) && (L == NULL || arb_gt(D->L, L)))
    {
        char * l = iv(D->L, 8);
        V->wit_exceeds = 1;
        snprintf(V->wit, sizeof(V->wit), "%s (the input of the proof for "
            "every m)", l);
        flint_free(l);
    }
    decision_facts(V, P, D);
    bound_words(V, D);
    if (!shown && decision_violated(D->status))
        witness_command(V, C, D->LR->len > 0 ? D->LR : P->LR);
    decision_clear(D);
    prove_result_clear(P);
    search_opts_clear(&so);
}

/* what the sweeps over the constructions found */
typedef struct
{
    int any_inf, any_grow, any_exceed;
    slong undecided;
    double slope;           /* the largest linear slope, per query */
    const arb_struct * best;
    const char * where;     /* NULL: no finite ratio */
    ulong m;
    const row * best_row;   /* the row of best (NULL: none) */
    int classified;         /* some sweep in m could classify growth */
    ulong m_max;            /* the sweeps' largest m */
}
sweep_facts;

/* the sweep's part of the measured column: what it shows up to m_max
   beside what the decision proves */
static const char *
sweep_clause(const sweep_facts * F, const ctx * C, char * buf, size_t len)
{
    if (F->any_inf)
        snprintf(buf, len, "; a probability is exactly 0 on a construction");
    else if (F->any_grow)
        snprintf(buf, len, "; the sweep shows linear growth up to m = %lu",
            C->m_max);
    else if (F->classified)
        snprintf(buf, len, "; growth not shown by the sweep up to m = %lu",
            C->m_max);
    else if (F->best_row != NULL && F->best_row->span[0])
    {
        char u[256];
        unclassified_text(u, sizeof(u), F->best_row);
        snprintf(buf, len, "; %s on %s", u, F->best_row->cname);
    }
    else
        snprintf(buf, len, "; growth not classified: the sweep needs finite ln "
            "ratios up to m >= %lu",
            sweep_growth_m_min());
    return buf;
}

/* the measured column, as the one decision says (V->status) */
static void
measured_text(vresult * V, const ctx * C, const sweep_facts * F)
{
    char sw[320], head[128];
    if (V->M->has_claim)
        snprintf(head, sizeof(head), "%s", strcmp(V->claim, "eps") == 0
            ? "not eps-DP" : "");
    if (V->M->has_claim && head[0] == '\0')
        snprintf(head, sizeof(head), "not private at its claim %s", V->claim);
    if (!V->M->has_claim)
        snprintf(V->measured, sizeof(V->measured), "no pure claim%s%s",
            V->unbounded ? ": no pure eps for any eps (loss unbounded, proved)"
            : "", !V->unbounded && F->any_grow ? "; ln ratio grows linearly" : "");
    else if (V->status == STATUS_UNBOUNDED)
        snprintf(V->measured, sizeof(V->measured), "%s (%s)%s", F->any_inf
            ? "inf-DP" : head, F->any_inf ? "exact zero, proved" : "unbounded, "
            "proved", F->any_inf ? "" : sweep_clause(F, C, sw, sizeof(sw)));
    else if (V->status == STATUS_VIOLATED && V->bounded && V->stated_eq)
        snprintf(V->measured, sizeof(V->measured), "%s; B = %s = %s, the stated "
            "property, proved", head, V->Bform, V->stated_budget);
    else if (V->status == STATUS_VIOLATED && V->bounded)
        snprintf(V->measured, sizeof(V->measured), "%s (bounded: B = %s, "
            "proved)", head, V->Bform);
    else if (V->status == STATUS_VIOLATED)
        snprintf(V->measured, sizeof(V->measured), "%s (%s)%s", head,
            V->growing ? "certified ratios grow with m; unbounded not proved"
            : "no bound found", V->wit_exceeds && !F->any_exceed ? ": within "
            "the claim on every construction tried, but a witness exceeds it"
            : sweep_clause(F, C, sw, sizeof(sw)));
    else if (V->status == STATUS_PROVED)
        snprintf(V->measured, sizeof(V->measured), "eps-DP on every "
            "construction tried, and proved");
    else if (F->undecided > 0)
        snprintf(V->measured, sizeof(V->measured), "undecided: %ld ratio%s "
            "not decided at the precision cap", (long) F->undecided,
            F->undecided == 1 ? "" : "s");
    else
        snprintf(V->measured, sizeof(V->measured), "undecided: within the "
            "claim on every construction tried, not proved");
}

/* the evidence column: the certified ratios behind the measured one */
static void
evidence_text(vresult * V, const sweep_facts * F)
{
    char * b = F->where ? iv(F->best, 8) : NULL;
    if (F->any_inf)
        snprintf(V->evidence, sizeof(V->evidence), "a probability is exactly 0 "
            "on one side only");
    else if (F->any_grow)
        snprintf(V->evidence, sizeof(V->evidence), "ln ratio grows ~%.4g per "
            "query; largest %s (%s, m = %lu)", F->slope, b ? b : "-", F->where
            ? F->where : "-", F->m);
    else if (V->wit_exceeds)
        snprintf(V->evidence, sizeof(V->evidence), "ln ratio %s; on the "
            "constructions at most %s (%s, m = %lu)", V->wit, b ? b : "-",
            F->where ? F->where : "-", F->m);
    else if (b)
        snprintf(V->evidence, sizeof(V->evidence), "largest ln ratio %s (%s, "
            "m = %lu)", b, F->where, F->m);
    else
        snprintf(V->evidence, sizeof(V->evidence), "-");
    flint_free(b);
}

static int
measured_ok(const vresult * V)
{
    return V->status == STATUS_PROVED;
}

/* the summary's certified loss: for a decided variant the decision's
   numbers (B and the best certified L), else the constructions' */
static void
loss_text(vresult * V, const sweep_facts * F)
{
    char * b = F->where ? iv(F->best, 8) : NULL;
    if (V->status == STATUS_PROVED || (V->bounded && V->status
            == STATUS_VIOLATED))
        snprintf(V->loss, sizeof(V->loss), "B = %s%s%s, proved for every m; "
            "%s", V->Bform, V->stated_eq && !measured_ok(V) ? " = " : "",
            V->stated_eq && !measured_ok(V) ? V->stated_budget : "",
            V->Ltext[0] ? V->Ltext : "no ratio");
    else if (F->any_inf)
        snprintf(V->loss, sizeof(V->loss), "inf (a probability is exactly 0)");
    else if (V->unbounded && !V->M->has_claim)
        snprintf(V->loss, sizeof(V->loss), "no pure eps for any eps: loss "
            "unbounded, proved (%s)", V->Ltext);
    else if (V->unbounded && V->Ltext[0])
        snprintf(V->loss, sizeof(V->loss), "no finite bound, proved; %s",
            V->Ltext);
    else if (F->any_grow)
        snprintf(V->loss, sizeof(V->loss), "grows ~%.4g per query; %s at m = "
            "%lu (%s)", F->slope, b ? b : "-", F->m, F->where ? F->where : "-");
    else if (V->wit_exceeds)
        snprintf(V->loss, sizeof(V->loss), "%s", V->wit);
    else if (b)
        snprintf(V->loss, sizeof(V->loss), "%s (%s, m = %lu)", b, F->where, F->m);
    else
        snprintf(V->loss, sizeof(V->loss), "-");
    flint_free(b);
}

/* where the summary's number comes from when it is L: the input the
   proof builds, or a construction of the table (its anchor) */
static void
number_from_L(vresult * V)
{
    snprintf(V->number_src, sizeof(V->number_src), "%s",
        V->L_from_input ? "an input the proof builds"
        : "a construction of the table");
    if (!V->L_from_input)
        V->number_anchor = "constructions";
}

/* the summary's cells in plain words: the verdict (V->plain) and one
   number (V->number), with where that number comes from (number_src,
   and the section of the variant's page it links to).  No prover's
   terms here: those are defined in the proof sections. */
static void
plain_text(vresult * V, const sweep_facts * F)
{
    char at[64] = "";
    /* the claim by its value when it is exact ("eps", "2 eps"), else
       by name */
    const char * claim = V->M->has_claim && strstr(V->claim, "eps") != NULL
        ? V->claim : "";
    if (V->L_m > 0)
        snprintf(at, sizeof(at), " at m = %lu", V->L_m);
    else if (V->L_from_sweep && F->where != NULL && F->m > 0)
        snprintf(at, sizeof(at), " at m = %lu", F->m);
    V->number_anchor = "proof";
    V->number_src[0] = '\0';
    switch (V->klass)
    {
        case KLASS_PRIVATE:
            snprintf(V->plain, sizeof(V->plain), "keeps its claim%s%s for every "
                "number of queries m", claim[0] ? " " : "", claim);
            snprintf(V->number, sizeof(V->number), "loss <= %s", V->Bform);
            snprintf(V->number_src, sizeof(V->number_src), "proved for every m");
            break;
        case KLASS_BOUNDED:
            snprintf(V->plain, sizeof(V->plain), "breaks its claim%s%s, but its "
                "loss stays below a larger limit for every m", claim[0] ? " "
                : "", claim);
            snprintf(V->number, sizeof(V->number), "loss <= %s%s%s", V->Bform,
                V->stated_eq ? " = " : "", V->stated_eq ? V->stated_budget : "");
            snprintf(V->number_src, sizeof(V->number_src), "proved for every m");
            break;
        case KLASS_UNBOUNDED:
        case KLASS_NOCLAIM:
            if (V->klass == KLASS_NOCLAIM && V->bounded)
            {
                snprintf(V->plain, sizeof(V->plain), "claims no pure eps; its "
                    "loss stays below a limit for every m");
                snprintf(V->number, sizeof(V->number), "loss <= %s", V->Bform);
                snprintf(V->number_src, sizeof(V->number_src), "proved for "
                    "every m");
                break;
            }
            if (F->any_inf)
            {
                snprintf(V->plain, sizeof(V->plain), "%s: an output possible on "
                    "one input is impossible on its neighbour",
                    V->klass == KLASS_NOCLAIM ? "claims no pure eps, and has "
                    "none" : "breaks every claim");
                snprintf(V->number, sizeof(V->number), "loss = inf");
                snprintf(V->number_src, sizeof(V->number_src), "a probability "
                    "exactly 0 on a construction");
                V->number_anchor = "constructions";
                break;
            }
            snprintf(V->plain, sizeof(V->plain), "%s: its loss grows without "
                "limit (proved)", V->klass == KLASS_NOCLAIM ? "claims no pure "
                "eps, and has none" : "breaks every claim");
            if (V->L_lo[0])
                snprintf(V->number, sizeof(V->number), "loss >= %s%s", V->L_lo, at);
            else
                snprintf(V->number, sizeof(V->number), "loss unbounded");
            number_from_L(V);
            break;
        case KLASS_VIOLATED:
            snprintf(V->plain, sizeof(V->plain), "breaks its claim%s%s; whether "
                "its loss has a limit is not known", claim[0] ? " " : "", claim);
            snprintf(V->number, sizeof(V->number), "loss >= %s%s", V->L_lo[0]
                ? V->L_lo : "?", at);
            number_from_L(V);
            break;
        default:
            snprintf(V->plain, sizeof(V->plain), "not decided: no proof, and "
                "no loss above its claim found");
            if (V->bounded)
                snprintf(V->number, sizeof(V->number), "loss <= %s", V->Bform);
            else if (V->L_lo[0])
                snprintf(V->number, sizeof(V->number), "loss >= %s%s", V->L_lo, at);
            else
                snprintf(V->number, sizeof(V->number), "-");
            snprintf(V->number_src, sizeof(V->number_src), "what the proof "
                "found");
            break;
    }
    /* two numbers for one variant: say which is which */
    V->which[0] = '\0';
    if (F->where != NULL && !F->any_inf && V->L_from_input && V->L_lo[0]
            && V->klass != KLASS_PRIVATE && V->klass != KLASS_BOUNDED)
    {
        char b[32];
        short_num(b, sizeof(b), F->best);
        snprintf(V->which, sizeof(V->which), "Two numbers, two inputs: the "
            "summary's %s is the loss of the input this proof builds, at its m "
            "= %lu; the table of constructions and Figure 2 give %s, the "
            "largest loss on the paper's constructions (%s, at m = %lu, the "
            "report's m go up to %lu). Both certify the same violation; they "
            "differ because their inputs and their m differ.%s%s%s", V->number,
            V->L_m, b, F->where, F->m, F->m_max, V->wit_cmd != NULL ? " The "
            "command on this page re-checks the same failure on the smallest "
            "input that still shows it (ln ratio " : "", V->wit_cmd != NULL
            ? V->wit_cmd_L : "", V->wit_cmd != NULL ? ")." : "");
    }
    else if (F->where != NULL && !F->any_inf && V->bounded && V->L_lo[0]
            && F->best_row != NULL && arb_lt(F->best, V->M->claimed))
    {
        char b[32];
        short_num(b, sizeof(b), F->best);
        snprintf(V->which, sizeof(V->which), "Two numbers: the limit B = %s "
            "holds for every m, and the proof's own input reaches %s, so the "
            "largest loss lies between them; the paper's constructions reach "
            "only %s (%s, m = %lu): they are not the worst inputs.", V->Bform,
            V->L_lo, b, F->where, F->m);
    }
}

static void
analyse_variant(vresult * V, const ctx * C, slong idx)
{
    slong k;
    char err[512];
    FILE * dat;
    char name[256];
    int any_inf = 0, any_grow = 0, any_exceed = 0;
    slong undecided = 0;
    double best_slope = 0;
    arb_t best;
    const char * best_where = NULL;
    ulong best_m = 0;
    slong nblocks = 0, best_k = -1;
    int classified = 0;

    V->var = svt_catalog_get(C->cat, idx);
    svt_model_init(V->M);
    if (svt_model_set(V->M, V->var, C->eps, C->c, C->delta, NULL, err, sizeof(err)) != 0)
        page_die(err);
    V->nrows = 0;
    V->wit_cmd = NULL;
    V->wit_cmd_L[0] = '\0';
    V->any_linear = 0;
    V->ymin = HUGE_VAL;
    V->ymax = -HUGE_VAL;
    V->m_last = 1;
    arb_init(best);
    arb_neg_inf(best);
    snprintf(name, sizeof(name), "plots/%s-ratio.dat", V->var->name);
    dat = page_open(C->dir, name);

    for (k = 0; k < construction_count(); k++)
    {
        const construction_info * ci = construction_get(k);
        const char * why;
        sweep_result_t s;
        row * r;
        slong i;
        if (!construction_applicable(ci, V->M, &why))
            continue;
        sweep_result_init(s);
        sweep_run(s, V->M, ci, C->m_max, C->delta, C->T, &C->ro, 0, NULL, NULL,
            err, sizeof(err));
        if (C->progress)
            fprintf(stderr, "\r  %s: %s            ", V->var->name, ci->name);
        r = V->rows + V->nrows++;
        r->cname = ci->name;
        r->growth = s->growth;
        r->slope = s->slope;
        r->block = s->block;
        arb_init(r->max_loss);
        arb_set(r->max_loss, s->max_loss);
        r->max_m = s->max_loss_m;
        r->exceeds = V->M->has_claim && s->growth != GROWTH_NONE
            && (s->growth == GROWTH_INFINITE || arb_gt(s->max_loss, V->M->claimed));
        undecided += lossmax_undecided(s->agg);
        sweep_span(r, s);
        r->uses_m = ci->uses_m;
        classified |= ci->uses_m && r->classified;
        /* data block for the plot: m, ln ratio (midpoint; the certified
           intervals are in the tables).  gnuplot skips an empty block, so
           a construction with no finite point gets none (and an
           annotation instead): the indices stay those of the legend */
        r->block_index = -1;
        for (i = 0; i < s->len; i++)
            if (arb_is_finite(s->pts[i].loss))
            {
                if (r->block_index < 0)
                {
                    r->block_index = nblocks++;
                    fprintf(dat, "# %s\n", ci->name);
                }
                {
                    double y = arf_get_d(arb_midref(s->pts[i].loss), ARF_RND_NEAR);
                    fprintf(dat, "%lu %.17g\n", s->pts[i].m, y);
                    V->m_last = FLINT_MAX(V->m_last, s->pts[i].m);
                    if (y > 0)
                        V->ymin = FLINT_MIN(V->ymin, y);
                    V->ymax = FLINT_MAX(V->ymax, y);
                }
            }
        if (r->block_index >= 0)
            fprintf(dat, "\n\n");
        if (s->growth == GROWTH_INFINITE)
            any_inf = 1;
        else if (s->growth != GROWTH_NONE)
        {
            if (s->growth == GROWTH_LINEAR)
            {
                any_grow = 1;
                V->any_linear = 1;
                best_slope = FLINT_MAX(best_slope, s->slope / (double) s->block);
            }
            any_exceed |= r->exceeds;
            if (!arb_is_finite(best) || arf_cmp(arb_midref(s->max_loss), arb_midref(best)) > 0)
            {
                arb_set(best, s->max_loss);
                best_where = ci->name;
                best_m = s->max_loss_m;
                best_k = V->nrows - 1;
            }
        }
        sweep_result_clear(s);
    }
    page_close(dat, C->dir, name);
    /* the one decision first: the texts below agree with it */
    proved_text(V, C, any_inf ? NULL : best_where ? best : NULL, any_inf,
        any_inf || any_exceed);
    {
        sweep_facts F = { any_inf, any_grow, any_exceed, undecided, best_slope,
            best, best_where, best_m, best_k >= 0 ? V->rows + best_k : NULL,
            classified, C->m_max };
        measured_text(V, C, &F);
        evidence_text(V, &F);
        flag_disagreement(V, C, best, best_where, best_m);
        loss_text(V, &F);
        plain_text(V, &F);
    }
    arb_clear(best);
}

/* does the construction's source name the variant ("App. 9.3 (the GPTT
   construction ...)" names gptt, "(Alg. 6)" names alg6)? */
static int
source_names(const char * source, const char * name)
{
    char flat[256];
    size_t n = 0;
    for (; *source && n + 1 < sizeof(flat); source++)
        if (*source != ' ' && *source != '.')
            flat[n++] = (char) tolower((unsigned char) *source);
    flat[n] = '\0';
    return strstr(flat, name) != NULL;
}

/* the construction that breaks the variant (infinite first, then the
   one its paper uses, then the largest ratio beyond the claim), else
   the tight one of the private variants */
static const construction_info *
breaking_construction(const vresult * V, int * breaks)
{
    const row * best = NULL;
    slong k;
    int inf = 0;
    *breaks = 1;
    for (k = 0; k < V->nrows; k++)
        inf |= V->rows[k].exceeds && V->rows[k].growth == GROWTH_INFINITE;
    for (k = 0; k < V->nrows && !inf; k++)
    {
        const row * r = V->rows + k;
        if (r->exceeds && source_names(construction_find(r->cname)->source,
                V->var->name))
            return construction_find(r->cname);
    }
    for (k = 0; k < V->nrows; k++)
    {
        const row * r = V->rows + k;
        if (!r->exceeds || strcmp(r->cname, "two-loops") == 0)
            continue;
        if (best == NULL || (r->growth == GROWTH_INFINITE
                && best->growth != GROWTH_INFINITE)
                || (best->growth != GROWTH_INFINITE && r->growth != GROWTH_INFINITE
                && arf_cmp(arb_midref(r->max_loss), arb_midref(best->max_loss)) > 0))
            best = r;
    }
    if (best != NULL)
        return construction_find(best->cname);
    *breaks = 0;
    return construction_find(V->M->output != SVT_OUT_TOP ? "numeric-tail"
        : V->var->monotone_only ? "bottoms" : "split-c");
}

/* the paper's bounds as reference lines on the ratio plot: Alg. 6 on
   split (2m queries) grows at least like m eps/2 (Sec. 4.3, App. 9.2),
   Alg. 4 on split-c tends to (1 + 6c)/4 eps (Sec. 4.3) */
static void
paper_lines(FILE * gp, const vresult * V, const ctx * C)
{
    double eps = fmpq_get_d(C->eps);
    slong k;
    for (k = 0; k < V->nrows; k++)
    {
        const row * r = V->rows + k;
        if (r->block_index < 0)
            continue;
        if (strcmp(V->var->name, "alg6") == 0 && strcmp(r->cname, "split") == 0)
            fprintf(gp, "x*%.17g/2 with lines dashtype 3 lw 2 title 'paper: m ε/2 "
                "on split (2m queries)', ", eps);
        if (strcmp(V->var->name, "alg4") == 0 && strcmp(r->cname, "split-c") == 0)
            fprintf(gp, "%.17g with lines dashtype 3 lw 2 title 'paper: (1+6c)/4 "
                "ε on split-c', ", (1.0 + 6.0 * (double) V->M->c) / 4.0 * eps);
    }
}

/* the largest certified ratio of split-c with every query and T moved by
   t Delta, t = 2, 5, 10, 20 (m = m_max): where an absolute value makes
   the position of the queries matter */
static void
shifted_best(arb_t best, slong * best_t, const vresult * V, const ctx * C)
{
    static const slong ts[4] = { 2, 5, 10, 20 };
    const construction_info * ci = construction_find("split-c");
    ratio_opt ro = C->ro;
    slong j;
    arb_neg_inf(best);
    *best_t = 0;
    for (j = 0; j < 4; j++)
    {
        svt_runs_t R;
        ratio_result_t r;
        fmpq_t t;
        char err[256];
        fmpq_init(t);
        svt_runs_init(R);
        ratio_result_init(r);
        fmpq_mul_si(t, C->delta, ts[j]);
        if (construction_build(R, ci, C->m_max, V->M->c, C->delta, C->T, err,
                sizeof(err)) == 0)
        {
            svt_runs_shift(R, t);
            ratio_decide(r, V->M, R, &ro);
            if (arb_is_finite(r->loss) && (!arb_is_finite(best)
                    || arf_cmp(arb_midref(r->loss), arb_midref(best)) > 0))
            {
                arb_set(best, r->loss);
                *best_t = ts[j];
            }
        }
        ratio_result_clear(r);
        svt_runs_clear(R);
        fmpq_clear(t);
    }
}

/* the paragraph for a variant its source calls broken and the decision
   proves: the proof, how tight it is, and the evidence of the inputs
   where the absolute value matters */
static void
proved_against_source(vresult * V, const ctx * C, const char * b,
    const char * best_where, ulong best_m)
{
    arb_t sb;
    slong t = 0;
    char * s = NULL, shifted[400], tight[500];
    arb_init(sb);
    shifted[0] = '\0';
    if (!svt_variant_translation_invariant(V->var))
    {
        shifted_best(sb, &t, V, C);
        s = arb_is_finite(sb) ? iv(sb, 10) : NULL;
        snprintf(shifted, sizeof(shifted), ", and %s on split-c with every "
            "query and the threshold moved by %+ld Delta (m = %lu; the "
            "absolute value makes the position of the queries matter)",
            s ? s : "-", (long) t, C->m_max);
    }
    tight[0] = '\0';
    if (V->tight)
        snprintf(tight, sizeof(tight), ", and it is tight: the best "
            "certified ratio, %.400s, agrees with B to %ld digits", V->Ltext,
            (long) V->tight);
    snprintf(V->disagreement, sizeof(V->disagreement), "The source says: %s. "
        "Proved: a shift coupling (a proof that pairs each run on D with one on "
        "D' by moving each noise by a fixed amount, `verify prove`) proves ln ratio <= B = %s <= the claim %s "
        "for every m (`verify prove %s`)%s. So, as modelled (top/bot "
        "outputs, inputs the vectors of query answers), the leak the source "
        "describes costs no more than the claim. On the constructions the "
        "largest certified ratio is %s (%s, m = %lu)%s.", V->var->paper_property,
        V->Bform, V->claim, V->var->name, tight, b ? b : "-", best_where
        ? best_where : "-", best_m, shifted);
    flint_free(s);
    arb_clear(sb);
}

/* a measured property that differs from the stated one: the flag and
   its paragraph (the best certified evidence, and why they may differ) */
static void
flag_disagreement(vresult * V, const ctx * C, const arb_t best,
    const char * best_where, ulong best_m)
{
    const char * pp = V->var->paper_property;
    /* the stated property: broken, private, or neither said */
    int stated_broken = strstr(pp, "not private") != NULL
        || strncmp(pp, "incorrect", 9) == 0
        || strncmp(pp, "inf-DP", 6) == 0 || strstr(pp, "not eps-DP") != NULL
        || strstr(pp, "(1+6c)/4") != NULL;
    int stated_private = !stated_broken && strstr(pp, "-DP") != NULL
        && strstr(pp, "no pure") == NULL && strstr(pp, "not stated") == NULL
        && strstr(pp, "DiPAut") == NULL;
    /* measured: the one decision */
    int measured_broken = V->status == STATUS_VIOLATED
        || V->status == STATUS_UNBOUNDED;
    int measured_ok = V->status == STATUS_PROVED;
    char * b = arb_is_finite(best) ? iv(best, 10) : NULL;
    char * cl = V->M->has_claim ? iv(V->M->claimed, 10) : NULL;
    V->disagrees = V->M->has_claim && ((stated_broken && measured_ok)
        || (stated_private && measured_broken));
    if (!V->disagrees)
        goto done;
    if (stated_broken)
        proved_against_source(V, C, b, best_where, best_m);
    else
        snprintf(V->disagreement, sizeof(V->disagreement), "The source says: %s. "
            "Measured: %s; best certified evidence: ln ratio %s (%s, m = %lu), "
            "claimed eps = %s. `verify search %s` gives the counterexample or "
            "explores further.", pp, V->measured, b ? b : "-", best_where
            ? best_where : "-", best_m, cl ? cl : "-", V->var->name);
done:
    flint_free(b);
    flint_free(cl);
}

/* the paragraphs the Figure-2 rows link to when measured and stated
   properties differ */
static void
disagreements(FILE * h, FILE * md, const vresult * V, slong n)
{
    slong i, k = 0;
    for (i = 0; i < n; i++)
    {
        if (!V[i].disagrees)
            continue;
        if (k++ == 0)
        {
            fprintf(h, "<h2>Where the measurement disagrees with the source</h2>\n");
            fprintf(md, "\n## Where the measurement disagrees with the source\n\n");
        }
        fprintf(h, "<p id=\"disagree-%s\"><b>%s.</b> ", V[i].var->name,
            V[i].var->name);
        page_prose(h, V[i].disagreement);
        fprintf(h, "</p>\n");
        fprintf(md, "**%s.** %s\n\n", V[i].var->name, V[i].disagreement);
    }
}

/* the lower end of a log y axis: the least plotted ratio, but not below
   10^-3 (a ratio of 10^-40 at m = 1 would squash every curve) */
static double
ratio_ylow(const vresult * V)
{
    return V->ymin < HUGE_VAL ? FLINT_MAX(V->ymin, 1e-3) : 1e-3;
}

/* The axes of the ln-ratio plot: linear in m when a construction grows
   linearly (log-x would make a line look exponential), log-log when such
   values also span decades, and log-x with linear y for bounded ratios
   (flat lines over m = 1 to 10^6). */
static const char *
ratio_axes(const vresult * V)
{
    if (V->any_linear)
        return V->ymax >= 100 * ratio_ylow(V) ? "log-log" : "linear";
    return "log-x";
}

/* 1 (two panels) when the claim would be lost in the first: its values
   (or axes) reach far beyond 2.5 times the claim; 0 (one panel) when
   they do not, or when there is no claim */
static int
ratio_panels(const vresult * V)
{
    double cl;
    if (!V->M->has_claim)
        return 0;
    cl = arf_get_d(arb_midref(V->M->claimed), ARF_RND_NEAR);
    return strcmp(ratio_axes(V), "log-log") == 0 || V->ymax > 2.5 * cl;
}

/* the curves of the ln-ratio plot (one panel); on a log y axis every
   value below the floor is drawn at the floor (the caption says so) */
/* one colour per construction, none of them the claim's red */
static const char * const curve_colour[12] = { "#1f77b4", "#ff7f0e",
    "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
    "#17becf", "#000000", "#393b79", "#637939" };

static void
ratio_curves(FILE * gp, const vresult * V, const ctx * C, const char * cl,
    double floor)
{
    slong k;
    fprintf(gp, "plot ");
    for (k = 0; k < V->nrows; k++)
        if (V->rows[k].block_index >= 0)
        {
            if (floor > 0)
                fprintf(gp, "'plots/%s-ratio.dat' index %ld using 1:($2 < %.6g "
                    "? %.6g : $2) with linespoints pt %ld ps 1.3 lc rgb '%s' "
                    "title '%s', ", V->var->name, (long) V->rows[k].block_index,
                    floor, floor, (long) (k % 12 + 1), curve_colour[k % 12],
                    V->rows[k].cname);
            else
                fprintf(gp, "'plots/%s-ratio.dat' index %ld with linespoints "
                    "pt %ld ps 1.3 lc rgb '%s' title '%s', ", V->var->name,
                    (long) V->rows[k].block_index, (long) (k % 12 + 1),
                    curve_colour[k % 12], V->rows[k].cname);
        }
    paper_lines(gp, V, C);
    if (cl)
        fprintf(gp, "%s with lines dashtype 2 lw 2 lc rgb '#c00000' title "
            "'claimed ε'\n", cl);
    else
        fprintf(gp, "1/0 notitle\n");
}

/* The ln-ratio plot (SVG, or PNG when png): every construction against m
   on the axes of ratio_axes; with a claim, a second panel zooms on 0 to
   2.5 times the claim, so that the claimed-eps line stays visible however
   large the other ratios grow. */
static void
ratio_plot(FILE * gp, const vresult * V, const ctx * C, int png)
{
    const char * axes = ratio_axes(V);
    char * cl = V->M->has_claim ? decimal_bound(V->M->claimed, 12, 0) : NULL;
    slong k, nl = 0;
    int panels = ratio_panels(V) ? 2 : 1;
    double floor = strcmp(axes, "log-log") == 0 ? ratio_ylow(V) : 0;
    if (png)
        fprintf(gp, "set terminal pngcairo size 860,%d\nset output "
            "'plots/%s-ratio.png'\n", 300 * panels + 100, V->var->name);
    else
        fprintf(gp, "set terminal svg size 860,%d dynamic font 'sans,11'\n"
            "set output 'plots/%s-ratio.svg'\n", 300 * panels + 100,
            V->var->name);
    fprintf(gp, "set encoding utf8\nunset logscale\nunset label\nset grid\n"
        "set key outside right top\nset xlabel 'm'\n"
        "set xrange [%g:%g]\n", strcmp(axes, "linear") == 0 ? 0.0 : 0.9,
        1.1 * (double) FLINT_MAX(V->m_last, 2));
    fprintf(gp, "set ylabel 'ln ratio (max of both directions)'\n");
    if (strcmp(axes, "linear") != 0)
        fprintf(gp, "set logscale x\n");
    for (k = 0; k < V->nrows; k++)
        nl += V->rows[k].block_index < 0;
    /* a band at the top for the infinite results, above every value */
    if (strcmp(axes, "log-log") == 0)
        fprintf(gp, "set logscale y\nset yrange [%.6g:%.6g]\n", floor / 2,
            (nl > 0 ? 200 : 2) * V->ymax);
    else if (nl > 0 && V->ymax > -HUGE_VAL)
        fprintf(gp, "set yrange [0:%.6g]\n", 1.4 * FLINT_MAX(V->ymax, cl != NULL
            ? 1.1 * arf_get_d(arb_midref(V->M->claimed), ARF_RND_NEAR) : 1.0));
    else if (nl > 0)
        fprintf(gp, "set yrange [0:%.6g]\n", cl != NULL ? 2.5
            * arf_get_d(arb_midref(V->M->claimed), ARF_RND_NEAR) : 1.0);
    nl = 0;
    if (panels == 2)
        fprintf(gp, "set multiplot layout 2,1\n");
    fprintf(gp, "set title 'all constructions (axes: %s)'\n", axes);
    /* constructions with no finite point: an arrow up into a shaded band
       at the top of the plot, above every finite value, with its name */
    for (k = 0; k < V->nrows; k++)
        if (V->rows[k].block_index < 0)
        {
            double x = 0.08 + 0.22 * (double) nl;
            nl++;
            if (nl == 1)
                fprintf(gp, "set object 1 rect from graph 0, graph 0.86 to "
                    "graph 1, graph 1 fc rgb '#ffe4e4' fs solid 1.0 noborder "
                    "behind\n");
            fprintf(gp, "set arrow %ld from graph %.3f, graph 0.87 to graph "
                "%.3f, graph 0.99 head filled lw 2 lc rgb '#c00000' front\n"
                "set label %ld \"%s: %s\" at graph %.3f, graph 0.92 left front\n",
                (long) nl, x, x, (long) nl, V->rows[k].cname,
                V->rows[k].growth == GROWTH_INFINITE ? "infinite"
                : V->rows[k].growth == GROWTH_NONE ? "no possible output"
                : "no finite ratio", x + 0.01);
        }
    ratio_curves(gp, V, C, cl, floor);
    if (panels == 2)
    {
        /* linear in m too when a construction grows linearly */
        fprintf(gp, "unset label\nunset arrow\nunset object 1\nunset logscale y\n"
            "set yrange [0:2.5*%s]\n"
            "%sset title 'near the claim: 0 to 2.5 ε'\n", cl,
            V->any_linear ? "unset logscale x\n" : "");
        ratio_curves(gp, V, C, cl, 0);
        fprintf(gp, "unset multiplot\n");
    }
    fprintf(gp, "unset title\nunset label\nunset arrow\nunset object 1\n"
        "unset logscale\nset autoscale y\n");
    flint_free(cl);
}

/* why the variant has no integrand against a threshold noise z (0 and
   the sentence in why), or 1 when it has one */
static int
integrand_exists(const vresult * V, char * why, size_t len)
{
    const svt_program * P = V->M->prog;
    if (P->argmax)
        snprintf(why, len, "There is no integrand plot: %s has no threshold "
            "noise (it reports the largest of its noisy answers), so its "
            "probabilities are not integrals over a threshold noise z",
            V->var->name);
    else if (P->nregs > 1)
        snprintf(why, len, "There is no integrand plot: the probabilities of "
            "%s are joint integrals over its %d registers, not one integral "
            "over a threshold noise z", V->var->name, P->nregs);
    else
        return 1;
    return 0;
}

/* the integrands of both sides on R at z = -15, ..., 15 (step 1/10)
   into plots/NAME-integrand.dat; returns the points where either is not
   0 */
static slong
integrand_data(double * lo, double * hi, const vresult * V, const ctx * C,
    const svt_runs_t R)
{
    double fx[301][2], top = 0;
    char name[256];
    FILE * dat;
    arb_t z, f;
    slong k, nonzero = 0;
    int side;
    snprintf(name, sizeof(name), "plots/%s-integrand.dat", V->var->name);
    dat = page_open(C->dir, name);
    arb_init(z);
    arb_init(f);
    /* z from -15 to 15 in steps of 1/10: 301 points, finer than the
       plot's pixels (each point walks the whole program) */
    for (k = -150; k <= 150; k++)
    {
        int nz = 0;
        fprintf(dat, "%g", k / 10.0);
        for (side = 0; side < 2; side++)
        {
            arb_set_si(z, k);
            arb_div_ui(z, z, 10, 64);
            svt_integrand_at(f, V->M, R, side, z, 64);
            nz |= !arf_is_zero(arb_midref(f));
            fx[k + 150][side] = arf_get_d(arb_midref(f), ARF_RND_NEAR);
            top = FLINT_MAX(top, fabs(fx[k + 150][side]));
            fprintf(dat, " %.10g", fx[k + 150][side]);
        }
        nonzero += nz;
        fprintf(dat, "\n");
    }
    page_close(dat, C->dir, name);
    arb_clear(z);
    arb_clear(f);
    /* the axis spans where the mass sits: the z where either side is
       above 1/1000 of the largest value, with a margin of a tenth of that
       span (at least 1/2) on each side */
    *lo = 15;
    *hi = -15;
    for (k = 0; k <= 300; k++)
        if (fabs(fx[k][0]) > 1e-3 * top || fabs(fx[k][1]) > 1e-3 * top)
        {
            *lo = FLINT_MIN(*lo, (k - 150) / 10.0);
            *hi = FLINT_MAX(*hi, (k - 150) / 10.0);
        }
    if (*lo > *hi)
        *lo = -15, *hi = 15;
    else
    {
        double pad = FLINT_MAX(0.5, (*hi - *lo) / 10);
        *lo = FLINT_MAX(-15, *lo - pad);
        *hi = FLINT_MIN(15, *hi + pad);
    }
    return nonzero;
}

/* the integrand's files of an earlier run, when this one draws none */
static void
integrand_remove(const vresult * V, const ctx * C)
{
    static const char * ext[3] = { "dat", "svg", "png" };
    char path[1024];
    int k;
    for (k = 0; k < 3; k++)
    {
        snprintf(path, sizeof(path), "%s/plots/%s-integrand.%s", C->dir,
            V->var->name, ext[k]);
        unlink(path);
    }
}

/* what the integrand plot of construction ci shows, as the decision
   says it: the construction that breaks the claim, the witness of
   verify prove when none does, no claim, or a claim no construction
   breaks */
static void
integrand_why(char * buf, size_t len, const vresult * V,
    const construction_info * ci, int breaks)
{
    slong k;
    int shown = 0;
    for (k = 0; k < V->nrows; k++)
        shown |= V->rows[k].exceeds;
    if (breaks)
        snprintf(buf, len, "the construction that breaks it");
    else if (!V->M->has_claim)
        snprintf(buf, len, "no claim; shown on %s", ci->name);
    else if (shown)
        snprintf(buf, len, "shown on %s; the constructions that break it are "
            "in the table above", ci->name);
    else if (decision_violated(V->status) && V->wit_cmd != NULL)
        snprintf(buf, len, "no construction tried breaks it (the witness of "
            "verify prove does: ln ratio %s, the command above); shown on %s",
            V->wit_cmd_L, ci->name);
    else if (decision_violated(V->status) && V->wit[0] != '\0')
        snprintf(buf, len, "no construction tried breaks it (the witness of "
            "verify prove does: %s); shown on %s", V->wit, ci->name);
    else if (decision_violated(V->status))
        snprintf(buf, len, "no construction tried breaks it (verify prove's "
            "proof that the loss has no finite bound does); shown on %s",
            ci->name);
    else
        snprintf(buf, len, "no construction breaks it%s; shown on %s",
            V->status == STATUS_PROVED ? ", and the claim is proved for every m"
            : "", ci->name);
}

/* the gnuplot script of the variant: its ratio plots and, when drawn,
   its integrand */
static void
variant_gnuplot(const vresult * V, const ctx * C, int integrand, double lo,
    double hi)
{
    char name[256];
    FILE * gp;
    snprintf(name, sizeof(name), "plots/%s.gp", V->var->name);
    gp = page_open(C->dir, name);
    ratio_plot(gp, V, C, 0);
    ratio_plot(gp, V, C, 1);
    if (integrand)
        fprintf(gp,
            "set terminal svg size 640,400 dynamic font 'sans,11'\n"
            "set output 'plots/%s-integrand.svg'\n"
            "unset label\n"
            "unset logscale x\nset xlabel 'z (threshold noise)'\nset ylabel 'integrand'\n"
            "set key outside right top\nset xrange [%g:%g]\n"
            "plot 'plots/%s-integrand.dat' using 1:2 with lines lw 2 title 'D', "
            "'' using 1:3 with lines lw 2 dashtype 2 title \"D'\"\n"
            "set terminal pngcairo size 640,400\nset output 'plots/%s-integrand.png'\nreplot\n",
            V->var->name, lo, hi, V->var->name, V->var->name);
    page_close(gp, C->dir, name);
    page_gnuplot(C->dir, name);
}

/* The integrand plot for a small instance (m = 3), and its caption; or,
   when the variant has no integrand over a threshold noise or it is 0 at
   every plotted z, no plot and the sentence that says why.  Returns 1
   when drawn. */
static int
integrand_plot(const vresult * V, const ctx * C, char * caption, size_t len)
{
    const construction_info * ci;
    svt_runs_t R;
    char err[256], mtext[32], why[600];
    slong m = 3;
    int breaks, drawn;
    double lo = -15, hi = 15;

    ci = breaking_construction(V, &breaks);
    snprintf(mtext, sizeof(mtext), " with m = %ld", (long) m);
    drawn = integrand_exists(V, caption, len);
    if (drawn)
    {
        svt_runs_init(R);
        construction_build(R, ci, m, V->M->c, C->delta, C->T, err, sizeof(err));
        drawn = integrand_data(&lo, &hi, V, C, R) > 0;
        svt_runs_clear(R);
        if (!drawn)
            snprintf(caption, len, "There is no integrand plot: on %s%s the "
                "integrand against the threshold noise z is 0 at every plotted "
                "z (-15 to 15) for both D and D'", ci->name, ci->uses_m
                ? mtext : "");
    }
    if (drawn)
    {
        integrand_why(why, sizeof(why), V, ci, breaks);
        snprintf(caption, len, "integrands of Pr[A(D)=a] and Pr[A(D')=a] "
            "against the threshold noise z, %s%s (%s)%s", ci->name, ci->uses_m
            ? mtext : "", why, V->M->output == SVT_OUT_COMPARED ? " (the numeric "
            "output cuts the domain at z = v - T = 0)" : V->M->reset
            ? " (first segment: rho is redrawn after top)" : "");
    }
    else
        integrand_remove(V, C);
    variant_gnuplot(V, C, drawn, lo, hi);
    return drawn;
}

/* ---- proof errors ----------------------------------------------------- */

/* Alg. 3: dropping q + nu >= T + z (Eq. 11): the integral over the whole
   line instead of z <= v - T */
/* the closing sentence of the Alg. 3 table: (m-1) eps/2 where every
   certified true ratio of the table contains it (all), and "without
   bound" only as verify prove decides it (status: Alg. 3's decision) */
static void
alg3_closing(FILE * h, FILE * md, int all, svt_status status)
{
    const char * ub = status == STATUS_UNBOUNDED ? "; `verify prove alg3` "
        "proves the loss unbounded" : "";
    fprintf(md, "\nThe ratio after dropping the condition stays within the "
        "claimed budget, as the proof argues; the true ratio %s%s.\n", all
        ? "is (m-1)eps/2 at every m of the table (its certified enclosure "
        "contains it)" : "is in the table", ub);
    fprintf(h, "<p>The ratio after dropping the condition stays within the "
        "claimed budget, as the proof argues; the true ratio %s%s.</p>\n", all
        ? "is (m&minus;1)&epsilon;/2 at every m of the table (its certified "
        "enclosure contains it)" : "is in the table", status == STATUS_UNBOUNDED
        ? "; <code>verify prove alg3</code> proves the loss unbounded" : "");
}

static void
proof_alg3(FILE * h, FILE * md, const ctx * C, svt_status status)
{
    static const ulong ms[] = { 1, 2, 10, 100, 1000 };
    svt_model_t M;
    char err[256];
    size_t i;
    int all = 1;
    svt_model_init(M);
    svt_model_set(M, svt_catalog_find(C->cat, "alg3"), C->eps, 1, C->delta, NULL,
        err, sizeof(err));
    fprintf(h, "<h2 id=\"proof-alg3\">Alg. 3: the step that drops q<sub>i</sub>+&nu;<sub>i</sub> &ge; T+z "
        "(Eq. 11)</h2>\n<p>On the construction of App. 9.1 (q(D)=0<sup>m</sup>&Delta;, "
        "q(D')=&Delta;<sup>m</sup>0, a=&perp;<sup>m</sup>0), the proof replaces each "
        "probability by the integral without the constraint z &le; v&minus;T. Its "
        "ratio is what the proof bounds by e<sup>&epsilon;</sup>; the true ratio "
        "is not.</p>\n<table>\n<tr><th>m</th><th>ln ratio after dropping the "
        "condition</th><th>claimed bound</th><th>true ln ratio (certified)</th>"
        "<th>(m-1)&epsilon;/2</th></tr>\n");
    fprintf(md, "\n## Alg. 3: the step that drops the condition (Eq. 11)\n\n"
        "On the construction of App. 9.1 (q(D) = 0^m Delta, q(D') = Delta^m 0, "
        "a = bot^m 0), the proof replaces each probability by the integral "
        "without the constraint z <= v - T. Its ratio is what the proof bounds "
        "by e^eps; the true ratio is not.\n\n"
        "| m | ln ratio after dropping the condition | claimed bound | true ln ratio | (m-1)eps/2 |\n"
        "|---|---|---|---|---|\n");
    for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
    {
        svt_runs_t R;
        ratio_result_t r;
        arb_t dropped[2], t, cf;
        int side;
        char * s1, * s2, * s3, * s4;
        svt_runs_init(R);
        construction_build(R, construction_find("numeric-tail"), ms[i], 1, C->delta,
            C->T, err, sizeof(err));
        ratio_result_init(r);
        ratio_decide(r, M, R, &C->ro);
        arb_init(t);
        arb_init(cf);
        for (side = 0; side < 2; side++)
        {
            /* the density of the number times int p F(z - q)^m over the
               whole line (the constraint dropped) */
            integral_t I;
            integral_result_t ir;
            fmpz_t n;
            fmpq_t x;
            arb_init(dropped[side]);
            fmpz_init_set_ui(n, ms[i]);
            fmpq_init(x);
            integral_init(I, INTEGRAL_LAPLACE, M->rho_scale);
            fmpq_sub(x, R->runs[0].T, R->runs[0].q[side]);
            arb_set_fmpq(t, x, 256);
            integral_mul_cdf(I, INTEGRAL_LAPLACE, M->nu_scale, t, n);
            fmpq_sub(x, R->runs[1].v, R->runs[1].q[side]);
            arb_set_fmpq(t, x, 256);
            integral_law_density(t, INTEGRAL_LAPLACE, M->nu_scale, t, 256);
            integral_mul_const(I, t, 256);
            integral_result_init(ir);
            integral_eval(ir, I, NULL, 0);
            arb_set(dropped[side], ir->log_value);
            integral_result_clear(ir);
            integral_clear(I);
            fmpz_clear(n);
            fmpq_clear(x);
        }
        arb_sub(t, dropped[0], dropped[1], 256);
        arb_set_ui(cf, ms[i] - 1);
        arb_mul(cf, cf, M->eps, 256);
        arb_mul_2exp_si(cf, cf, -1);
        s1 = iv(t, 10);
        s2 = iv(M->claimed, 10);
        s3 = iv(r->lr[0], 10);
        s4 = iv(cf, 10);
        all &= arb_contains(r->lr[0], cf);
        fprintf(h, "<tr><td>%lu</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
            ms[i], s1, s2, s3, s4);
        fprintf(md, "| %lu | %s | %s | %s | %s |\n", ms[i], s1, s2, s3, s4);
        flint_free(s1);
        flint_free(s2);
        flint_free(s3);
        flint_free(s4);
        arb_clear(dropped[0]);
        arb_clear(dropped[1]);
        arb_clear(t);
        arb_clear(cf);
        ratio_result_clear(r);
        svt_runs_clear(R);
    }
    fprintf(h, "</table>\n");
    alg3_closing(h, md, all, status);
    svt_model_clear(M);
}

/* Alg. 4, 5, 6: int p f g against (int p f)(int p g) */
static void
proof_factorisation(FILE * h, FILE * md, const ctx * C)
{
    static const char * vars[3] = { "alg4", "alg5", "alg6" };
    static const char * cons[3] = { "split-c", "swap", "split" };
    static const ulong ms[3] = { 1, 10, 100 };
    int v, k;
    char err[256];
    fprintf(h, "<h2 id=\"proof-factorisation\">Alg. 4, 5, 6: the false factorisation "
        "&int;pfg = &int;pf &middot; &int;pg</h2>\n<p>f: the product of the "
        "&perp; factors, g: of the &top; factors. The proofs bound each factor "
        "integral's ratio by e<sup>&epsilon;/2</sup>, so the factorised ratio stays "
        "within e<sup>&epsilon;</sup>; the true ratio does not.</p>\n<table>\n"
        "<tr><th>variant</th><th>construction</th><th>m</th><th>ln ratio of "
        "&int;pf&middot;&int;pg</th><th>true ln ratio of &int;pfg</th></tr>\n");
    fprintf(md, "\n## Alg. 4, 5, 6: the false factorisation\n\n"
        "f: the product of the bot factors, g: of the top factors. The proofs "
        "bound each factor integral's ratio by e^(eps/2), so the factorised "
        "ratio stays within e^eps; the true ratio does not.\n\n"
        "| variant | construction | m | ln ratio of (int pf)(int pg) | true ln ratio of int pfg |\n"
        "|---|---|---|---|---|\n");
    for (v = 0; v < 3; v++)
    {
        svt_model_t M;
        svt_model_init(M);
        svt_model_set(M, svt_catalog_find(C->cat, vars[v]), C->eps, 1, C->delta, NULL,
            err, sizeof(err));
        for (k = 0; k < 3; k++)
        {
            svt_runs_t R, F, G;
            svt_prob_t p[2][3];
            ratio_result_t r;
            arb_t fact;
            char * s1, * s2;
            slong i;
            int side, j;
            integral_opt_t io;
            if (strcmp(cons[v], "swap") == 0 && k > 0)
                break;
            svt_runs_init(R);
            svt_runs_init(F);
            svt_runs_init(G);
            construction_build(R, construction_find(cons[v]), ms[k], 1, C->delta, C->T,
                err, sizeof(err));
            for (i = 0; i < R->len; i++)
            {
                const svt_run_struct * q = R->runs + i;
                svt_runs_push(q->a == SVT_BOT ? F : G, q->q[0], q->q[1], q->T, q->a,
                    q->v, q->count);
            }
            integral_opt_init(io);
            for (side = 0; side < 2; side++)
                for (j = 0; j < 3; j++)
                {
                    svt_prob_init(p[side][j]);
                    svt_prob(p[side][j], M, j == 0 ? R : j == 1 ? F : G, side, io);
                }
            ratio_result_init(r);
            ratio_decide(r, M, R, &C->ro);
            arb_init(fact);
            arb_add(fact, p[0][1]->log_value, p[0][2]->log_value, 256);
            arb_sub(fact, fact, p[1][1]->log_value, 256);
            arb_sub(fact, fact, p[1][2]->log_value, 256);
            s1 = iv(fact, 10);
            s2 = r->verdict == VERDICT_INFINITE ? NULL : iv(r->lr[0], 10);
            fprintf(h, "<tr><td>%s</td><td>%s</td><td>%lu</td><td>%s</td><td>%s</td></tr>\n",
                vars[v], cons[v], strcmp(cons[v], "swap") == 0 ? 1UL : ms[k], s1,
                s2 ? s2 : "inf (Pr[A(D')=a] = 0 exactly)");
            fprintf(md, "| %s | %s | %lu | %s | %s |\n", vars[v], cons[v],
                strcmp(cons[v], "swap") == 0 ? 1UL : ms[k], s1,
                s2 ? s2 : "inf (Pr[A(D')=a] = 0 exactly)");
            flint_free(s1);
            flint_free(s2);
            arb_clear(fact);
            ratio_result_clear(r);
            for (side = 0; side < 2; side++)
                for (j = 0; j < 3; j++)
                    svt_prob_clear(p[side][j]);
            svt_runs_clear(R);
            svt_runs_clear(F);
            svt_runs_clear(G);
        }
        svt_model_clear(M);
    }
    fprintf(h, "</table>\n");
}

/* kappa(z) of App. 9.3 for GPTT: F(z)(1 - F(z-1)) / (F(z-1)(1 - F(z))) */
static void
gptt_kappa(arb_t res, const arb_t b, const arb_t z, slong prec)
{
    arb_t a, c, t;
    arb_init(a);
    arb_init(c);
    arb_init(t);
    integral_law_cdf(a, INTEGRAL_LAPLACE, b, z, prec);
    arb_sub_ui(t, z, 1, prec);
    integral_law_cdf(c, INTEGRAL_LAPLACE, b, t, prec);
    arb_sub_ui(t, c, 1, prec);
    arb_neg(t, t);
    arb_mul(res, a, t, prec);
    arb_sub_ui(t, a, 1, prec);
    arb_neg(t, t);
    arb_mul(t, t, c, prec);
    arb_div(res, res, t, prec);
    arb_clear(a);
    arb_clear(c);
    arb_clear(t);
}

/* "What the numbers show" after the App. 9.3 tables: for GPTT, kappa(t)
   falls only to e^(1/b) (lnk: ln kappa at the first and last t); for
   Alg. 1, whether the logic with delta(t) tracked concludes anything */
static void
gptt_conclusions(FILE * h, FILE * md, arb_t lastbound[2],
    arb_t lastloss[2], const arb_t tailk, const arb_t claim, arb_t lnk[2],
    const arb_t invb, const ulong * ts, size_t nts)
{
    char msg1[1400], msg2[1400];
    char * kt = decimal_interval(tailk, 8), * l0 = decimal_interval(lnk[0], 6);
    char * l1 = decimal_interval(lnk[1], 6), * ib = decimal_bound(invb, 6, 0);
    arb_t t;
    arb_init(t);
    arb_one(t);
    if (arb_gt(tailk, t) && arb_gt(lastbound[0], claim)
            && arb_lt(lastbound[0], lastloss[0]))
        snprintf(msg2, sizeof(msg2), "For GPTT: App. 9.3 says kappa(z) goes "
            "to 1 as |z| grows; it goes to e^(1/b), b the query-noise scale "
            "(kappa(200) = %s). So kappa(t) does fall as delta(t) grows, as "
            "the paper says (ln kappa(t) from %s at t = %lu to %s at t = %lu), "
            "but only towards e^(1/b) (ln = %s), not to 1: kappa(t)^t/2 grows "
            "without bound, and the conclusion 'ratio > kappa(t)^t/2' holds at "
            "every t above (it stays below the certified ratio). On this "
            "construction the proof of Chen and Machanavajjhala [CM15] reaches "
            "a true conclusion: GPTT is not private on cm15.", kt, l0, ts[0],
            l1, ts[nts - 1], ib);
    else
        snprintf(msg2, sizeof(msg2), "For GPTT: kappa(200) = %s; compare the "
            "last two columns above.", kt);
    arb_mul_2exp_si(t, claim, -1);
    if (arb_lt(lastbound[1], t))
        snprintf(msg1, sizeof(msg1), "For Alg. 1 the numbers agree with App. "
            "9.3. Its 'proof' that Alg. 1 is not private (kappa taken as one "
            "constant, so kappa^t/2 becomes 'as large as needed') contradicts "
            "Lemma 1: that is how the paper shows the logic is flawed, since it "
            "ignores that delta, and so kappa, depend on t. With delta(t) "
            "tracked, as in the table, kappa(t) falls towards 1 as delta(t) "
            "grows, t ln kappa(t) stays bounded, and kappa(t)^t/2 remains below "
            "e^(eps/2) (Lemma 1's bound) for every t above: the logic done "
            "right concludes nothing for Alg. 1.");
    else
        snprintf(msg1, sizeof(msg1), "For Alg. 1 the logic's bound "
            "kappa(t)^t/2 passes e^(eps/2) at the largest t: it concludes a "
            "false statement, contradicting Lemma 1, as the paper says.");
    fprintf(h, "<p><b>What the numbers show.</b> %s %s</p>\n", msg2, msg1);
    fprintf(md, "\n**What the numbers show.** %s %s\n", msg2, msg1);
    flint_free(kt);
    flint_free(l0);
    flint_free(l1);
    flint_free(ib);
    arb_clear(t);
}

static void
proof_gptt(FILE * h, FILE * md, const ctx * C)
{
    static const ulong ts[] = { 1, 2, 5, 10, 20, 50, 100, 1000 };
    int part;
    char err[256];
    arb_t lastbound[2], lastloss[2], tailk, claim, lnk[2], invb;
    arb_init(lnk[0]);
    arb_init(lnk[1]);
    arb_init(invb);
    arb_init(lastbound[0]);
    arb_init(lastbound[1]);
    arb_init(lastloss[0]);
    arb_init(lastloss[1]);
    arb_init(tailk);
    arb_init(claim);
    for (part = 0; part < 2; part++)
    {
        const char * vname = part == 0 ? "gptt" : "alg1";
        const char * cname = part == 0 ? "cm15" : "bottoms";
        svt_model_t M;
        size_t i;
        svt_model_init(M);
        svt_model_set(M, svt_catalog_find(C->cat, vname), C->eps, 1, C->delta, NULL,
            err, sizeof(err));
        if (part == 0)
        {
            fprintf(h, "<h2 id=\"proof-gptt\">GPTT: the proof logic of Chen-Machanavajjhala (App. 9.3)</h2>\n"
                "<p>&alpha;(t) = Pr[GPTT(D')=a] on cm15 with t = m, &delta;(t) = "
                "|F<sub>&epsilon;1</sub><sup>-1</sup>(&alpha;/4)|, &kappa;(t) = min of "
                "&kappa;(z) on [&minus;&delta;, &delta;] (at the endpoints, where it is "
                "smallest, and on a 401-point grid); the proof concludes ratio &gt; "
                "&kappa;(t)<sup>t</sup>/2.</p>\n");
            fprintf(md, "\n## GPTT: the proof logic of Chen-Machanavajjhala "
                "(App. 9.3)\n\nalpha(t) = Pr[GPTT(D')=a] on cm15 with t = m, "
                "delta(t) = |F_eps1^-1(alpha/4)|, kappa(t) = min of kappa(z) on "
                "[-delta, delta] (at the endpoints, where it is smallest, and on "
                "a 401-point grid); the proof concludes ratio > kappa(t)^t/2.\n\n");
        }
        else
        {
            fprintf(h, "<h3>The same logic applied to Alg. 1 on bottoms</h3>\n<p>"
                "&alpha; = Pr[A(D')=&perp;<sup>t</sup>], &delta; with "
                "&int;<sub>&minus;&delta;</sub><sup>&delta;</sup>p &ge; 1&minus;&alpha;/2, "
                "&kappa; = min F(z)/F(z&minus;1) on [&minus;&delta;, &delta;] (at z = "
                "&delta;); the logic concludes ratio &gt; &kappa;<sup>t</sup>/2, while "
                "Lemma 1 bounds it by e<sup>&epsilon;/2</sup>.</p>\n");
            fprintf(md, "\n### The same logic applied to Alg. 1 on bottoms\n\n"
                "alpha = Pr[A(D')=bot^t], delta with int_-delta^delta p >= "
                "1 - alpha/2, kappa = min F(z)/F(z-1) on [-delta, delta] (at z = "
                "delta); the logic concludes ratio > kappa^t/2, while Lemma 1 "
                "bounds it by e^(eps/2).\n\n");
        }
        fprintf(h, "<table>\n<tr><th>t</th><th>&alpha;(t)</th><th>&delta;(t)</th>"
            "<th>ln &kappa;(t)</th><th>ln(&kappa;(t)<sup>t</sup>/2)</th>"
            "<th>true ln ratio (certified)</th></tr>\n");
        fprintf(md, "| t | alpha(t) | delta(t) | ln kappa(t) | ln(kappa(t)^t/2) | true ln ratio |\n"
            "|---|---|---|---|---|---|\n");
        for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
        {
            svt_runs_t R;
            ratio_result_t r;
            arb_t delta, kap, k2, lk, bound, z, t;
            slong prec = 256, g;
            char * s[5];
            int j;
            svt_runs_init(R);
            construction_build(R, construction_find(cname), ts[i], 1, C->delta, C->T,
                err, sizeof(err));
            ratio_result_init(r);
            ratio_decide(r, M, R, &C->ro);
            arb_init(delta);
            arb_init(kap);
            arb_init(k2);
            arb_init(lk);
            arb_init(bound);
            arb_init(z);
            arb_init(t);
            /* delta = b ln(2/alpha) with b the scale of rho (both parts) */
            arb_set_ui(t, 2);
            arb_log(t, t, prec);
            arb_sub(delta, t, r->p[1]->log_value, prec);
            arb_mul(delta, delta, M->rho_scale, prec);
            /* enough bits for kappa - 1 ~ exp(-delta/b) */
            prec += (slong) (arf_get_d(arb_midref(delta), ARF_RND_UP) + 10);
            if (part == 0)
            {
                gptt_kappa(kap, M->nu_scale, delta, prec);
                arb_neg(z, delta);
                gptt_kappa(k2, M->nu_scale, z, prec);
                arb_min(kap, kap, k2, prec);
                for (g = -200; g <= 200; g++)
                {
                    arb_mul_si(z, delta, g, prec);
                    arb_div_ui(z, z, 200, prec);
                    gptt_kappa(k2, M->nu_scale, z, prec);
                    if (arf_cmp(arb_midref(k2), arb_midref(kap)) < 0)
                        arb_set(kap, k2);
                }
            }
            else
            {
                integral_law_cdf(kap, INTEGRAL_LAPLACE, M->nu_scale, delta, prec);
                arb_sub_ui(z, delta, 1, prec);
                integral_law_cdf(k2, INTEGRAL_LAPLACE, M->nu_scale, z, prec);
                arb_div(kap, kap, k2, prec);
            }
            arb_log(lk, kap, prec);
            arb_mul_ui(bound, lk, ts[i], prec);
            arb_set_ui(t, 2);
            arb_log(t, t, prec);
            arb_sub(bound, bound, t, prec);
            arb_set(lastbound[part], bound);
            if (part == 0)
                arb_set(lnk[i == 0 ? 0 : 1], lk);
            arb_set(lastloss[part], r->loss);
            s[0] = decimal_interval(r->p[1]->value, 6);
            s[1] = decimal_interval(delta, 8);
            s[2] = decimal_interval(lk, 6);
            s[3] = decimal_interval(bound, 6);
            s[4] = decimal_interval(r->lr[0], 10);
            fprintf(h, "<tr><td>%lu</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>"
                "<td>%s</td></tr>\n", ts[i], s[0], s[1], s[2], s[3], s[4]);
            fprintf(md, "| %lu | %s | %s | %s | %s | %s |\n", ts[i], s[0], s[1], s[2],
                s[3], s[4]);
            for (j = 0; j < 5; j++)
                flint_free(s[j]);
            arb_clear(delta);
            arb_clear(kap);
            arb_clear(k2);
            arb_clear(lk);
            arb_clear(bound);
            arb_clear(z);
            arb_clear(t);
            ratio_result_clear(r);
            svt_runs_clear(R);
        }
        fprintf(h, "</table>\n");
        if (part == 0)
        {
            /* kappa(z) far out: the limit App. 9.3 says is 1 */
            arb_set_si(tailk, 200);
            gptt_kappa(tailk, M->nu_scale, tailk, 512);
            arb_inv(invb, M->nu_scale, 256);
            arb_set(claim, M->claimed);
        }
        svt_model_clear(M);
    }
    gptt_conclusions(h, md, lastbound, lastloss, tailk, claim, lnk, invb, ts,
        sizeof(ts) / sizeof(ts[0]));
    arb_clear(lastbound[0]);
    arb_clear(lastbound[1]);
    arb_clear(lastloss[0]);
    arb_clear(lastloss[1]);
    arb_clear(tailk);
    arb_clear(claim);
    arb_clear(lnk[0]);
    arb_clear(lnk[1]);
    arb_clear(invb);
}

/* ---- pages ------------------------------------------------------------ */


/* a growth the sweep does not show (or, below two decades, cannot
   classify), beside what verify prove proves */
static void
growth_not_shown(FILE * p, const vresult * V, const row * r, const ctx * C)
{
    char u[256];
    if (!r->uses_m)
        fprintf(p, "none in m: the construction has no m");
    else if (r->classified)
        fprintf(p, "%s up to m = %lu", growth_name(r->growth), C->m_max);
    else
    {
        unclassified_text(u, sizeof(u), r);
        page_escape(p, u);
    }
    if (V->unbounded)
        fprintf(p, "; <code>verify prove %s</code> proves the loss unbounded "
            "on its own family", V->var->name);
    else if (V->growing)
        fprintf(p, "; <code>verify prove %s</code> certifies growth on its "
            "own family (no bound at all is not proved)", V->var->name);
}

/* the table of the constructions tried on one variant, each with what it
   is, what it shows, and for a violation the command that re-checks it */
static void
variant_rows(FILE * p, const vresult * V, const ctx * C)
{
    slong k;
    fprintf(p, "<h2>Constructions tried (m = 1, 2, 5, ..., %lu)</h2>\n"
        "<table id=\"constructions\"><tr><th>construction</th><th>q(D), q(D'), "
        "output, and what it shows</th><th>largest ln ratio (certified)</th>"
        "<th>at m</th><th>growth</th><th>beyond the claim</th></tr>\n",
        C->m_max);
    for (k = 0; k < V->nrows; k++)
    {
        const row * r = V->rows + k;
        const construction_info * ci = construction_find(r->cname);
        char * s = r->growth == GROWTH_INFINITE ? NULL : r->growth == GROWTH_NONE
            ? NULL : iv(r->max_loss, 10);
        fprintf(p, "<tr><td>%s</td><td class=\"explain\">", r->cname);
        if (ci != NULL)
        {
            page_escape(p, ci->shape);
            fprintf(p, ": ");
            page_escape(p, ci->explain);
            fprintf(p, ".");
            if (r->growth == GROWTH_NOT_SHOWN && strstr(ci->explain, "grow"))
                fprintf(p, r->classified ? " (Up to m = %lu this sweep does "
                    "not show that growth: see the growth column.)" : " (Up to "
                    "m = %lu this sweep cannot classify growth: see the growth "
                    "column.)", C->m_max);
        }
        fprintf(p, "</td><td>%s</td><td>%lu</td><td>%s",
            s ? s : r->growth == GROWTH_INFINITE ? "inf" : "no possible output",
            r->max_m, r->growth == GROWTH_NOT_SHOWN ? "" : growth_name(r->growth));
        if (r->growth == GROWTH_NOT_SHOWN)
            growth_not_shown(p, V, r, C);
        if (r->growth == GROWTH_LINEAR && r->block > 1)
            fprintf(p, " (~%.4g per block of %lu queries, %.4g per query)",
                r->slope, r->block, r->slope / (double) r->block);
        else if (r->growth == GROWTH_LINEAR)
            fprintf(p, " (~%.4g per query)", r->slope);
        fprintf(p, "</td><td>%s", r->exceeds ? "yes" : "no");
        if (r->exceeds && ci != NULL)
        {
            char cmd[512];
            report_recheck_command(cmd, sizeof(cmd), V->var->name, ci,
                r->max_m, C->c, C->eps, C->delta, C->T);
            fprintf(p, ": <code class=\"recheck\">");
            page_escape(p, cmd);
            fprintf(p, "</code>");
        }
        fprintf(p, "</td></tr>\n");
        flint_free(s);
    }
    fprintf(p, "</table>\n");
}

/* one variant's page: its spec, the constructions, the ln-ratio plot
   and the integrand */
/* links to the References of the works a variant's title and source
   cite */
static void
cite_links(FILE * h, const svt_variant_struct * var)
{
    char text[1024];
    snprintf(text, sizeof(text), "%s; %s", var->title, var->source);
    biblio_cite_links(h, text);
}

/* does c change the variant (a cutoff c, or a scale or claim in c)? */
static int
c_matters(const svt_variant_struct * var)
{
    int k;
    if (var->fixed_c > 0)
        return 0;
    if (var->has_cutoff)
        return 1;
    for (k = 0; k < 3; k++)
        if (var->eps_expr[k] != NULL && spec_expr_uses(var->eps_expr[k], SPEC_VAR_C))
            return 1;
    return (var->nu != NULL && spec_expr_uses(var->nu, SPEC_VAR_C))
        || (var->rho != NULL && spec_expr_uses(var->rho, SPEC_VAR_C));
}

#define CSWEEP_N 6

/* The loss on split-c (m bots, c tops in opposite directions: the pair
   that shows Alg. 4's (1+6c)/4 eps) against c, beside the claim at each
   c and, for Alg. 4, the paper's (1+6c)/4 eps: a plot and its data.
   Returns 1 when written (the variant changes with c). */
static int
c_sweep_plot(const vresult * V, const ctx * C)
{
    static const slong cs[CSWEEP_N] = { 1, 2, 3, 5, 8, 10 };
    const construction_info * ci = construction_find("split-c");
    ulong m = FLINT_MIN(C->m_max, 100);
    char name[512], err[256];
    FILE * dat, * gp;
    slong k;
    int alg4 = strcmp(V->var->name, "alg4") == 0;
    if (!c_matters(V->var) || V->var->prog != NULL)
        return 0;
    snprintf(name, sizeof(name), "plots/%s-c.dat", V->var->name);
    dat = page_open(C->dir, name);
    fprintf(dat, "# c, ln ratio (certified midpoint), claimed, (1+6c)/4 eps\n");
    for (k = 0; k < CSWEEP_N; k++)
    {
        svt_model_t M;
        svt_runs_t R;
        ratio_result_t r;
        svt_model_init(M);
        svt_runs_init(R);
        ratio_result_init(r);
        if (svt_model_set(M, V->var, C->eps, cs[k], C->delta, NULL, err,
                sizeof(err)) == 0 && construction_build(R, ci, m, M->c, C->delta,
                C->T, err, sizeof(err)) == 0 && svt_output_impossible(M, R) == NULL)
        {
            ratio_decide(r, M, R, &C->ro);
            fprintf(dat, "%ld %.10g %.10g %.10g\n", (long) cs[k],
                arb_is_finite(r->loss) ? arf_get_d(arb_midref(r->loss),
                ARF_RND_NEAR) : 1e300, M->has_claim
                ? arf_get_d(arb_midref(M->claimed), ARF_RND_NEAR) : 0.0,
                (1 + 6.0 * cs[k]) / 4 * fmpq_get_d(C->eps));
        }
        ratio_result_clear(r);
        svt_runs_clear(R);
        svt_model_clear(M);
    }
    page_close(dat, C->dir, name);
    snprintf(name, sizeof(name), "plots/%s-c.gp", V->var->name);
    gp = page_open(C->dir, name);
    fprintf(gp, "set terminal svg size 640,360 dynamic font 'sans,11'\n"
        "set output 'plots/%s-c.svg'\nset encoding utf8\nset grid\n"
        "set key below\n"
        "set xlabel 'c (the cutoff)'\nset ylabel 'ln ratio on split-c, m = %lu'\n"
        "set xrange [0.5:10.5]\nset yrange [0:*]\n"
        "plot 'plots/%s-c.dat' using 1:2 with linespoints pt 7 lw 2 title "
        "'certified ln ratio'%s%s\n"
        "set terminal pngcairo size 640,360\nset output 'plots/%s-c.png'\nreplot\n",
        V->var->name, m, V->var->name, V->M->has_claim ? ", '' using 1:3 with "
        "lines dashtype 2 lw 2 lc rgb 'red' title 'claimed ε'" : "", alg4
        ? ", '' using 1:4 with lines dashtype 3 lw 2 title 'paper: (1+6c)/4 ε'"
        : "", V->var->name);
    page_close(gp, C->dir, name);
    page_gnuplot(C->dir, name);
    return 1;
}

/* the page's paragraph with the command that re-checks a violation no
   construction on the page shows (the witness of verify prove) */
static void
witness_paragraph(FILE * p, const vresult * V)
{
    if (V->wit_cmd == NULL)
        return;
    fprintf(p, "<p id=\"witness\">No construction tried shows the violation; "
        "the witness of <code>verify prove %s</code> does: ln ratio %s, above "
        "the claim %s. At its smallest, this command re-checks it: <code "
        "class=\"recheck\">", V->var->name, V->wit_cmd_L, V->claim);
    page_escape(p, V->wit_cmd);
    fprintf(p, "</code></p>\n");
}

/* the integrand plot and its caption, or the sentence that says why
   there is none */
static void
integrand_figure(FILE * p, const vresult * V, const ctx * C,
    const char * caption, int drawn)
{
    char name[512];
    fprintf(p, "<h2>Where the mass sits</h2>\n");
    if (!drawn)
    {
        fprintf(p, "<p id=\"no-integrand\">");
        page_escape(p, caption);
        fprintf(p, ".</p>\n");
        return;
    }
    fprintf(p, "<figure>");
    snprintf(name, sizeof(name), "plots/%s-integrand.svg", V->var->name);
    page_inline_svg(p, C->dir, name);
    fprintf(p, "<figcaption>");
    page_escape(p, caption);
    fprintf(p, ". PNG: <a href=\"plots/%s-integrand.png\">plots/%s-integrand.png</a>"
        "</figcaption></figure>\n", V->var->name, V->var->name);
}

/* the step of a published proof that fails, as Lyu, Su and Li [LSL17]
   show it, for the variants whose proof they examine (and the programs
   that coincide with them): the section of the paper, a summary, and
   the section of the index that shows the step with numbers */
typedef struct
{
    const char * names;     /* the variants, each followed by a space */
    const char * where;     /* in [LSL17] */
    const char * summary;   /* plain words (page_prose) */
    const char * anchor;    /* in index.html */
    const char * link;      /* the link's text */
    int holds;              /* the report proves the claim all the same:
                               the source's objection, not a failing step */
}
published_info;

static const published_info published[] = {
    { "alg3 isvt4 roth-sparse ", "Sec. 3.2 and App. 9.1",
      "The published proof of Alg. 3 drops, on its way to Eq. (11), the "
      "condition q_i + nu_i >= T + z from the probability of each released "
      "answer. That condition is what links a released answer to the "
      "threshold noise: each answer shows that the noisy threshold lies "
      "below it, and once the threshold is known the queries answered bot "
      "are no longer free. Without the step, the loss grows with m",
      "proof-alg3", "the dropped condition, with certified numbers", 0 },
    { "alg4 isvt3 ", "Sec. 3.2",
      "Alg. 4's query noise does not grow with the cutoff c, so it is only "
      "((1+6c)/4) eps-DP; its published proof bounds the part of the "
      "integral for the bot answers and the part for the top answers by "
      "e^(eps/2) each, as if the integral of a product were the product of "
      "the integrals",
      "proof-factorisation", "the false factorisation, with certified "
      "numbers", 0 },
    { "alg5 isvt1 ", "Thm. 3.5",
      "Alg. 5 adds no noise to the queries, and its published proof uses "
      "the same false factorisation as Alg. 4 and 6. Thm. 3.5 gives two "
      "queries with q(D) = (0, 1), q(D') = (1, 0): the output (bot, top) "
      "has a positive probability on D and probability exactly 0 on D', so "
      "the loss is inf",
      "proof-factorisation", "the false factorisation, with certified "
      "numbers", 0 },
    { "alg6 isvt2 ", "Sec. 3.2 and App. 9.2",
      "Alg. 6 never stops answering top, and its published proof uses the "
      "false factorisation (the integral of a product taken as the product "
      "of the integrals). App. 9.2 shows that the loss grows without limit "
      "on m queries answered bot followed by m answered top, whose answers "
      "move the other way",
      "proof-factorisation", "the false factorisation, with certified "
      "numbers", 0 },
    { "gptt ", "Sec. 3.3 and App. 9.3",
      "GPTT is Alg. 6 with its own split of the budget. Its conclusion, not "
      "private for any eps, is right, but the published argument for it is "
      "wrong: applied to Alg. 1, which is private, the same argument would "
      "prove it not private",
      "proof-gptt", "the argument of App. 9.3, with certified numbers", 0 },
    { "abs-inside ", "Sec. 3.4",
      "The test |q~ - q(D) + nu_i| >= T + rho puts the query noise inside "
      "the absolute value; its left side is never negative, so an answer "
      "top shows that rho >= -T, a leak like Alg. 3's. On this report's model "
      "(outputs top and bot, inputs the vectors of query answers) the proof "
      "below finds the loss within the claim all the same",
      "disagree-abs-inside", "where the measurement disagrees with the "
      "source", 1 } };

static const published_info *
published_find(const char * name)
{
    size_t k, n = strlen(name);
    for (k = 0; k < sizeof(published) / sizeof(published[0]); k++)
    {
        const char * p = published[k].names;
        for (p = strstr(p, name); p != NULL; p = strstr(p + 1, name))
            if ((p == published[k].names || p[-1] == ' ') && p[n] == ' ')
                return published + k;
    }
    return NULL;
}

/* the published step that fails, at the top of the variant's page */
static void
published_step(FILE * p, const vresult * V)
{
    const published_info * pi = published_find(V->var->name);
    if (pi == NULL)
        return;
    fprintf(p, "<div class=\"published\" id=\"published-step\"><b>%s</b> (<a "
        "href=\"index.html#ref-LSL17\">[LSL17]</a>, %s): ", pi->holds ? "What the "
        "source says is wrong" : "The step of the published proof that fails",
        pi->where);
    page_prose(p, pi->summary);
    fprintf(p, ". See <a href=\"index.html#%s\">%s</a>.</div>\n", pi->anchor,
        pi->link);
}

/* the proof for every m, with the prover's terms, each defined here
   once; and which of the page's numbers is which */
static void
proof_section(FILE * p, const vresult * V)
{
    fprintf(p, "<section id=\"proof\">\n<h2>The proof for every m</h2>\n<p>"
        "<code>verify prove %s</code> reasons about every number of queries m "
        "at once. Its terms: a <dfn>coupling</dfn> pairs each run of the "
        "mechanism on D with one on D' by moving (<dfn>shifting</dfn>) each "
        "noise by a fixed amount, so that both runs give the same output; its "
        "cost is what the shifts cost in the noises' densities, and it bounds "
        "the loss. A <dfn>branch</dfn> is one way a step of the mechanism can "
        "go (a query above or below the threshold). A <dfn>forcing loop</dfn> "
        "is a stretch of queries that the proof's own input repeats m times "
        "to drive the loss of that input as high as the proof allows. A "
        "<dfn>register</dfn> is a value the mechanism keeps from one query to "
        "the next (the noisy threshold, or a released answer). When "
        "every branch has a shift whose total cost stays within B, the loss is "
        "at most B for every m; a branch that no shift aligns, or a costly "
        "branch on a loop, makes the loss grow without limit.</p>\n<p>Its "
        "result: <b>", V->var->name);
    page_prose(p, V->proved);
    fprintf(p, "</b>.</p>\n<p>The certified loss behind it: ");
    page_prose(p, V->loss);
    fprintf(p, ".</p>\n");
    if (V->L_where[0])
    {
        fprintf(p, "<p>Where the proof found that loss: ");
        page_prose(p, V->L_where);
        fprintf(p, ".</p>\n");
    }
    if (V->which[0])
    {
        fprintf(p, "<p id=\"which\">");
        page_prose(p, V->which);
        fprintf(p, "</p>\n");
    }
    fprintf(p, "</section>\n");
}

static void
variant_page(const vresult * V, const ctx * C, slong i, const char * caption,
    int drawn)
{
    char name[512], page[512];
    FILE * p;
    snprintf(page, sizeof(page), "variant-%s.html", V->var->name);
    p = page_open(C->dir, page);
    page_head(p, V->var->name);
    fprintf(p, "<p><a href=\"index.html\">&larr; Figure 2, measured</a></p>\n<h1>");
    page_escape(p, V->var->name);
    fprintf(p, ": ");
    page_escape(p, V->var->title);
    fprintf(p, "</h1>\n<p class=\"verdict %s\"><b>%s</b>: ", klass_css[V->klass],
        klass_name[V->klass]);
    page_prose(p, V->plain);
    fprintf(p, "; <a class=\"number\" href=\"#%s\">", V->number_anchor);
    page_prose(p, V->number);
    fprintf(p, "</a> (");
    page_prose(p, V->number_src);
    fprintf(p, ").</p>\n");
    published_step(p, V);
    fprintf(p, "<p>Source: ");
    page_escape(p, V->var->source);
    cite_links(p, V->var);
    fprintf(p, ". Stated property: ");
    page_prose(p, V->var->paper_property);
    fprintf(p, ". Measured: <b>");
    page_prose(p, V->measured);
    fprintf(p, "</b> &mdash; ");
    page_prose(p, V->evidence);
    fprintf(p, ".</p>\n<h2>Spec</h2>\n<pre>");
    page_escape(p, svt_builtin_spec_text[i]);
    fprintf(p, "</pre>\n");
    variant_rows(p, V, C);
    witness_paragraph(p, V);
    fprintf(p, "<h2>ln ratio against m</h2>\n<figure class=\"ratio-plot\" "
        "data-axes=\"%s\" data-panels=\"%d\">", ratio_axes(V),
        ratio_panels(V) ? 2 : 1);
    snprintf(name, sizeof(name), "plots/%s-ratio.svg", V->var->name);
    page_inline_svg(p, C->dir, name);
    fprintf(p, "<figcaption>curves: midpoints of certified enclosures (widths "
        "below 10<sup>-20</sup>), one marker per m; axes: %s (linear in m when "
        "a construction grows linearly, log-log when its values span "
        "decades%s)%s%s; an arrow into the "
        "shaded band at the top: a construction whose ratio is infinite (a "
        "probability exactly 0). "
        "PNG: <a href=\"plots/%s-ratio.png\">plots/%s-ratio.png</a></figcaption>"
        "</figure>\n", ratio_axes(V), strcmp(ratio_axes(V), "log-log") == 0
        ? "; values below the floor of the y axis are drawn on the floor" : "",
        V->M->has_claim ? "; dashed red: the claimed budget" : "",
        ratio_panels(V) ? ", kept in view by the "
        "second panel (0 to 2.5 eps)" : "", V->var->name, V->var->name);
    if (c_sweep_plot(V, C))
    {
        fprintf(p, "<h2>ln ratio against c</h2>\n<figure class=\"c-plot\">");
        snprintf(name, sizeof(name), "plots/%s-c.svg", V->var->name);
        page_inline_svg(p, C->dir, name);
        fprintf(p, "<figcaption>the pair split-c (m bots, then c tops whose "
            "answers move the other way) at c = 1, 2, 3, 5, 8, 10: certified "
            "ln ratios (midpoints; widths below 10<sup>-20</sup>)%s%s. PNG: <a "
            "href=\"plots/%s-c.png\">plots/%s-c.png</a></figcaption></figure>\n",
            V->M->has_claim ? " beside the claim at each c" : " (no claim)",
            strcmp(V->var->name, "alg4") == 0 ? " and the paper's (1+6c)/4 eps "
            "(Sec. 3.2): Alg. 4's query noise does not grow with c, so its loss "
            "does" : "", V->var->name, V->var->name);
    }
    integrand_figure(p, V, C, caption, drawn);
    proof_section(p, V);
    fprintf(p, "</body></html>\n");
    page_close(p, C->dir, page);
}

/* the index opens with every variant in its colour, its verdict in
   plain words and one number that links to where it comes from: the
   proof section of its page, or its table of constructions */
static void
index_summary(FILE * h, FILE * md, const vresult * V, slong n)
{
    static const char * intro = "The loss of a variant is the largest "
        "ln(Pr[A(D) = a] / Pr[A(D') = a]) over its outputs a and neighbouring "
        "inputs D, D' (defined above); a claim eps holds when the loss is at "
        "most eps for every number of queries m. Each variant is in one of "
        "six classes, each with its colour:";
    static const char * number = "The number is the one that decides the "
        "verdict: a limit proved for every m, or the largest loss certified "
        "on one input (at its m); it links to where it comes from on the "
        "variant's page. The evidence column of Figure 2 below is another "
        "number: the largest loss on the paper's constructions, at m up to "
        "the report's own largest m. The two differ where the loss grows "
        "with m or where the constructions are not the worst inputs; each "
        "variant's page says which is which.";
    slong i, k;
    fprintf(h, "<section id=\"summary\">\n<h2>Summary</h2>\n<p>");
    page_prose(h, intro);
    fprintf(h, "</p>\n<ul id=\"legend\">\n");
    fprintf(md, "## Summary\n\n%s\n\n", intro);
    for (k = 0; k < KLASS_COUNT; k++)
    {
        fprintf(h, "<li><span class=\"verdict %s\">%s</span>: ", klass_css[k],
            klass_name[k]);
        page_prose(h, klass_meaning[k]);
        fprintf(h, ".</li>\n");
        fprintf(md, "- **%s**: %s.\n", klass_name[k], klass_meaning[k]);
    }
    fprintf(h, "</ul>\n<p>");
    page_prose(h, number);
    fprintf(h, "</p>\n");
    fprintf(md, "\n%s\n\n", number);
    fprintf(h, "<table id=\"summary-table\"><tr><th>variant</th>"
        "<th>verdict</th><th>in plain words</th><th>the number (&epsilon; = 1), "
        "and where it comes from</th></tr>\n");
    fprintf(md, "| variant | verdict | in plain words | the number (eps = 1) |\n"
        "|---|---|---|---|\n");
    for (i = 0; i < n; i++)
    {
        fprintf(h, "<tr class=\"verdict %s\"><td><a href=\"variant-%s.html\">%s"
            "</a></td><td>%s</td><td>", klass_css[V[i].klass], V[i].var->name,
            V[i].var->name, klass_name[V[i].klass]);
        page_prose(h, V[i].plain);
        fprintf(h, "</td><td><a class=\"number\" href=\"variant-%s.html#%s\">",
            V[i].var->name, V[i].number_anchor);
        page_prose(h, V[i].number);
        fprintf(h, "</a> (");
        page_prose(h, V[i].number_src);
        fprintf(h, ")</td></tr>\n");
        fprintf(md, "| %s | %s | %s | [%s](variant-%s.html#%s) (%s) |\n",
            V[i].var->name, klass_name[V[i].klass], V[i].plain, V[i].number,
            V[i].var->name, V[i].number_anchor, V[i].number_src);
    }
    fprintf(h, "</table>\n</section>\n");
    fprintf(md, "\n");
}

/* each construction in one sentence, with its q(D), q(D') and output */
static void
construction_glossary(FILE * h, FILE * md)
{
    slong k;
    fprintf(h, "<h2>The constructions</h2>\n<table id=\"glossary\"><tr>"
        "<th>construction</th><th>q(D), q(D'), output</th><th>what it shows"
        "</th><th>source</th></tr>\n");
    fprintf(md, "\n## The constructions\n\n| construction | q(D), q(D'), output "
        "| what it shows | source |\n|---|---|---|---|\n");
    for (k = 0; k < construction_count(); k++)
    {
        const construction_info * ci = construction_get(k);
        fprintf(h, "<tr><td>%s</td><td>", ci->name);
        page_escape(h, ci->shape);
        fprintf(h, "</td><td>");
        page_escape(h, ci->explain);
        fprintf(h, ".</td><td>");
        page_escape(h, ci->source);
        fprintf(h, "</td></tr>\n");
        fprintf(md, "| %s | %s | %s. | %s |\n", ci->name, ci->shape,
            ci->explain, ci->source);
    }
    fprintf(h, "</table>\n");
}

/* the definitions a reader needs before any number: neighbouring
   inputs, the privacy loss, a certified enclosure, and how a verdict is
   read */
static void
definitions(FILE * h, FILE * md)
{
    static const char * text =
        "A mechanism A is eps-differentially private when Pr[A(D) = a] <= "
        "e^eps Pr[A(D') = a] for every output a and every pair of neighbouring "
        "inputs D, D'. Here, as in Lyu, Su and Li [LSL17], inputs are the "
        "vectors of query answers q(D) = (q_1(D), ..., q_m(D)), and D, D' are "
        "neighbours when |q_i(D) - q_i(D')| <= Delta for every i (the "
        "sensitivity; Delta = 1 below); a claim for monotone queries also asks "
        "that the differences q_i(D) - q_i(D') all have one sign. The privacy "
        "loss of an output a on a pair is ln(Pr[A(D) = a] / Pr[A(D') = a]) "
        "(for released numbers, a ratio of densities); the mechanism keeps an "
        "eps claim exactly when no output on no pair has a loss above eps "
        "(either way round). Every probability below is a certified "
        "enclosure: an interval [lo, hi] computed with interval (ball) "
        "arithmetic, Arb, whose every rounding and truncated tail is bounded "
        "rigorously, so the true value is certainly inside. A verdict is "
        "printed only when the enclosures decide it: a certified loss above "
        "the claim is a violation, a proof for every m (see each variant's "
        "proof section, "
        "`verify prove`) is a proof, and anything else is reported as not "
        "decided, never as private.";
    fprintf(h, "<p class=\"definitions\"><b>Definitions.</b> ");
    page_prose(h, text);
    fprintf(h, " <a href=\"#ref-LSL17\">[LSL17]</a></p>\n");
    fprintf(md, "**Definitions.** %s\n\n", text);
}

static void
usage(FILE * f)
{
    fprintf(f,
        "usage: svt-report [--out DIR] [--m-max M]\n"
        "\n"
        "Writes the teaching report of svt-verify: every built-in Sparse Vector\n"
        "Technique variant measured on the constructions of Lyu, Su and Li\n"
        "(PVLDB 2017), Figure 2 with certified numbers, one page per variant\n"
        "with its plots, the counterexamples of App. 9.1-9.2 and the proof\n"
        "error of App. 9.3 with certified numbers, and the approximate-DP\n"
        "page.  Every number is an Arb enclosure; a verdict is the one\n"
        "`verify check` gives.\n"
        "\n"
        "options:\n"
        "  --out DIR    where the pages go (default reports/output); each page\n"
        "               is written as NAME.tmp and renamed when complete, so a\n"
        "               run that is stopped leaves the previous report intact\n"
        "  --m-max M    the largest m of the measured families (default 200,\n"
        "               1 to 10^6); the approximate-DP page's sizes are at\n"
        "               most 5 M (and 1000), but Zhu and Wang's k is fixed;\n"
        "               growth in m is classified only from M = %lu (two\n"
        "               decades); the time grows with M\n"
        "  --help       this text\n"
        "  --version    the version\n"
        "\n"
        "exit status: 0 written, 2 bad arguments or an output that cannot be\n"
        "written.  Needs gnuplot.  See svt-report(1) and verify(1).\n",
        sweep_growth_m_min());
}

int
main(int argc, char ** argv)
{
    ctx C;
    vresult * V;
    slong n, i, k;
    FILE * h, * md;
    char name[512], date[64];
    int a;
    time_t now = time(NULL);

    C.dir = "reports/output";
    C.c = 1;
    C.m_max = 200;
    C.ro.digits = 30;
    C.ro.max_digits = 240;
    C.ro.limits = NULL;
    C.progress = isatty(2);
    fmpq_init(C.eps);
    fmpq_init(C.delta);
    fmpq_init(C.T);
    fmpq_one(C.eps);
    fmpq_one(C.delta);
    for (a = 1; a < argc; a++)
    {
        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0)
        {
            usage(stdout);
            return 0;
        }
        else if (strcmp(argv[a], "--version") == 0)
        {
            printf("svt-report (svt-verify) %s\n", SVT_VERSION);
            return 0;
        }
        else if (strcmp(argv[a], "--out") == 0 && a + 1 < argc)
        {
            C.dir = argv[++a];
            if (C.dir[0] == '\0')
            {
                /* "" would put the pages at the root: "/plots" */
                fprintf(stderr, "svt-report: --out: found an empty folder name, "
                    "expected a folder (e.g. --out reports/output)\n");
                return 2;
            }
        }
        else if (strcmp(argv[a], "--m-max") == 0 && a + 1 < argc)
        {
            if (parse_count(&C.m_max, argv[++a], 1, 1000000) != 0)
            {
                fprintf(stderr, "svt-report: --m-max: found '%.60s', expected "
                    "an integer from 1 to 10^6\n", argv[a]);
                return 2;
            }
        }
        else if (strcmp(argv[a], "--out") == 0 || strcmp(argv[a], "--m-max") == 0)
        {
            fprintf(stderr, "svt-report: %s needs a value (%s)\n", argv[a],
                argv[a][2] == 'o' ? "--out DIR" : "--m-max M");
            return 2;
        }
        else
        {
            fprintf(stderr, "svt-report: unknown argument '%s' (allowed: --out DIR, "
                "--m-max M, --help, --version)\n", argv[a]);
            return 2;
        }
    }
    if (system("gnuplot --version > /dev/null 2>&1") != 0)
        page_die("gnuplot not found (install it with make deps)");
    snprintf(name, sizeof(name), "%s/plots", C.dir);
    page_mkdirs(name);
    svt_catalog_init(C.cat);
    n = svt_catalog_count(C.cat);
    V = flint_malloc(n * sizeof(vresult));

    for (i = 0; i < n; i++)
    {
        char caption[1024];
        int drawn;
        analyse_variant(V + i, &C, i);
        drawn = integrand_plot(V + i, &C, caption, sizeof(caption));
        variant_page(V + i, &C, i, caption, drawn);
    }
    if (C.progress)
        fprintf(stderr, "\r%70s\r", "");

    strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
    h = page_open(C.dir, "index.html");
    md = page_open(C.dir, "report.md");
    page_head(h, "svt-verify: Figure 2, measured");
    fprintf(h, "<h1>Sparse Vector Technique variants: Figure 2, measured</h1>\n");
    fprintf(md, "# Sparse Vector Technique variants: Figure 2, measured\n\n");
    definitions(h, md);
    index_summary(h, md, V, n);
    /* the parameters of the run come after what a reader opens the page
       for, before the table they describe */
    fprintf(h, "<h2>Figure 2, measured</h2>\n<p>svt-verify version %s; generated %s; eps = 1, c = 1, Delta = 1, T = 0; "
        "m = 1, 2, 5, ..., %lu (<code>verify all</code> and <code>check</code> "
        "go to m = 1000 by default, so on a growing family their largest ratio "
        "is larger); every probability is an Arb enclosure with a "
        "relative accuracy goal of %ld digits (raised up to %ld digits before a "
        "verdict is called undecided).</p>\n", SVT_VERSION, date, C.m_max,
        (long) C.ro.digits, (long) C.ro.max_digits);
    fprintf(md, "## Figure 2, measured\n\nsvt-verify version %s; eps = 1, c = 1, Delta = 1, T = 0; m up to %lu "
        "(`verify all` and `check` go to m = 1000 by default, so on a growing "
        "family their largest ratio is larger); goal %ld digits (cap %ld).\n\n", SVT_VERSION, C.m_max, (long) C.ro.digits,
        (long) C.ro.max_digits);

    fprintf(h, "<table id=\"figure2\">\n<tr><th>variant</th><th>threshold noise</th>"
        "<th>query noise</th><th>reset</th><th>numeric output</th><th>cutoff</th>"
        "<th>stated property</th><th>measured</th><th>evidence: the largest "
        "loss on the paper's constructions (certified, m up to %lu)</th>"
        "<th>proved for every m: the limit B, and L, the loss of the proof's "
        "own input (the largest loss lies in [L, B])</th></tr>\n", C.m_max);
    fprintf(md, "| variant | threshold noise | query noise | reset | numeric output | "
        "cutoff | stated property | measured | evidence: the largest loss on the "
        "paper's constructions (m up to %lu) | proved for every m: the limit B, "
        "and L, the loss of the proof's own input |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n", C.m_max);
    for (i = 0; i < n; i++)
    {
        char s0[96], s1[96], s2[96];
        char nbuf[128];
        const char * num = numeric_text(V[i].M, nbuf, sizeof(nbuf));
        char cut[32];
        if (V[i].M->has_cutoff)
            snprintf(cut, sizeof(cut), "%ld", (long) V[i].M->c);
        else
            snprintf(cut, sizeof(cut), "none");
        scale_text(V[i].M, 0, s0, sizeof(s0));
        scale_text(V[i].M, 1, s1, sizeof(s1));
        scale_text(V[i].M, 2, s2, sizeof(s2));
        fprintf(h, "<tr><td><a href=\"variant-%s.html\">%s</a>", V[i].var->name,
            V[i].var->name);
        cite_links(h, V[i].var);
        fprintf(h, "</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>",
            s0, s1, s2, num, cut);
        page_prose(h, V[i].var->paper_property);
        fprintf(h, "</td><td>");
        page_prose(h, V[i].measured);
        if (V[i].disagrees)
            fprintf(h, " <a href=\"#disagree-%s\"><b>(disagrees with the source: "
                "see below)</b></a>", V[i].var->name);
        fprintf(h, "</td><td>");
        page_prose(h, V[i].evidence);
        fprintf(h, "</td><td>");
        page_prose(h, V[i].proved);
        fprintf(h, "</td></tr>\n");
        fprintf(md, "| %s | %s | %s | %s | %s | %s | %s | %s%s | %s | %s |\n", V[i].var->name,
            s0, s1, s2, num, cut, V[i].var->paper_property, V[i].measured,
            V[i].disagrees ? " **(disagrees with the source: see below)**" : "",
            V[i].evidence, V[i].proved);
    }
    fprintf(h, "</table>\n");
    construction_glossary(h, md);
    disagreements(h, md, V, n);
    for (k = 0; k < n && strcmp(V[k].var->name, "alg3") != 0; k++)
        ;
    proof_alg3(h, md, &C, k < n ? V[k].status : STATUS_UNDECIDED);
    proof_factorisation(h, md, &C);
    proof_gptt(h, md, &C);
    fprintf(h, "<h2>Approximate and Renyi DP</h2>\n<p>Certified delta(eps) "
        "curves of Alg. 1, 4, 6 and Gaussian SVT, and the published (eps, "
        "delta) and Renyi claims of Gaussian SVT checked against them: <a "
        "href=\"approx.html\">approximate DP</a>.</p>\n");
    fprintf(md, "\n## Approximate and Renyi DP\n\nSee approx.html: certified "
        "delta(eps) curves and the published claims of Gaussian SVT.\n");
    approx_page(C.dir, C.progress, C.m_max);
    biblio_html(h);
    biblio_md(md);
    fprintf(h, "</body></html>\n");
    page_close(h, C.dir, "index.html");
    page_close(md, C.dir, "report.md");
    printf("report written to %s/index.html and %s/report.md\n", C.dir, C.dir);

    for (i = 0; i < n; i++)
    {
        for (k = 0; k < V[i].nrows; k++)
            arb_clear(V[i].rows[k].max_loss);
        flint_free(V[i].wit_cmd);
        svt_model_clear(V[i].M);
    }
    flint_free(V);
    svt_catalog_clear(C.cat);
    fmpq_clear(C.eps);
    fmpq_clear(C.delta);
    fmpq_clear(C.T);
    flint_cleanup();
    return 0;
}
