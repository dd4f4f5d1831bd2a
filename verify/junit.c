/* junit.c -- JUnit XML (the schema Jenkins, GitLab and GitHub read:
   testsuites > testsuite > testcase with failure, error or skipped). */

#include <errno.h>
#include <string.h>
#include "junit.h"
#include "check_run.h"
#include "report.h"
#include "integrals.h"

void
junit_init(junit_t J)
{
    J->f = NULL;
    J->path = NULL;
    J->cases = NULL;
    J->len = J->alloc = 0;
    J->t0 = 0;
}

void
junit_clear(junit_t J)
{
    slong i;
    for (i = 0; i < J->len; i++)
    {
        flint_free(J->cases[i].classname);
        flint_free(J->cases[i].name);
        flint_free(J->cases[i].message);
    }
    flint_free(J->cases);
    flint_free(J->path);
    if (J->f != NULL)
        fclose(J->f);
    junit_init(J);
}

static char *
dup(const char * s)
{
    char * d;
    if (s == NULL)
        return NULL;
    d = flint_malloc(strlen(s) + 1);
    strcpy(d, s);
    return d;
}

int
junit_open(junit_t J, const char * path, char * err, size_t errlen)
{
    J->f = fopen(path, "w");
    if (J->f == NULL)
    {
        snprintf(err, errlen, "--junit: cannot write '%s': %s", path,
            strerror(errno));
        return -1;
    }
    J->path = dup(path);
    J->t0 = integral_clock();
    return 0;
}

void
junit_add(junit_t J, const char * classname, const char * name, int outcome,
    const char * message, double seconds)
{
    junit_case_struct * c;
    if (J->len == J->alloc)
    {
        J->alloc = FLINT_MAX(16, 2 * J->alloc);
        J->cases = flint_realloc(J->cases, J->alloc * sizeof(junit_case_struct));
    }
    c = J->cases + J->len++;
    c->classname = dup(classname);
    c->name = dup(name);
    c->message = dup(message);
    c->outcome = outcome;
    c->seconds = seconds;
}

/* s with & < > " ' as entities, and control characters dropped */
static void
put_escaped(FILE * f, const char * s)
{
    for (; s != NULL && *s; s++)
    {
        unsigned char ch = (unsigned char) *s;
        if (ch == '&')
            fputs("&amp;", f);
        else if (ch == '<')
            fputs("&lt;", f);
        else if (ch == '>')
            fputs("&gt;", f);
        else if (ch == '"')
            fputs("&quot;", f);
        else if (ch == '\'')
            fputs("&apos;", f);
        else if (ch >= 0x20 || ch == '\n' || ch == '\t')
            fputc(ch, f);
    }
}

static void
put_case(FILE * f, const junit_case_struct * c)
{
    static const char * tag[4] = { NULL, "failure", "error", "skipped" };
    fputs("    <testcase classname=\"", f);
    put_escaped(f, c->classname);
    fputs("\" name=\"", f);
    put_escaped(f, c->name);
    fprintf(f, "\" time=\"%.3f\"", c->seconds);
    if (c->outcome == JUNIT_PASS)
    {
        fputs("/>\n", f);
        return;
    }
    fprintf(f, ">\n      <%s message=\"", tag[c->outcome]);
    put_escaped(f, c->message);
    if (c->outcome == JUNIT_SKIPPED)
        fputs("\"/>\n", f);
    else
    {
        fprintf(f, "\" type=\"%s\">", c->outcome == JUNIT_FAILURE
            ? "privacy-violation" : "inconclusive");
        put_escaped(f, c->message);
        fprintf(f, "</%s>\n", tag[c->outcome]);
    }
    fputs("    </testcase>\n", f);
}

int
junit_write(junit_t J, const char * suite)
{
    slong i, n[4] = { 0, 0, 0, 0 };
    double t = 0;
    int bad;
    if (J->f == NULL)
        return 0;
    for (i = 0; i < J->len; i++)
        n[J->cases[i].outcome]++;
    t = integral_clock() - J->t0;
    fprintf(J->f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"svt-verify\" tests=\"%ld\" failures=\"%ld\" "
        "errors=\"%ld\" skipped=\"%ld\" time=\"%.3f\">\n",
        (long) J->len, (long) n[1], (long) n[2], (long) n[3], t);
    fputs("  <testsuite name=\"", J->f);
    put_escaped(J->f, suite);
    fprintf(J->f, "\" tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" "
        "skipped=\"%ld\" time=\"%.3f\">\n", (long) J->len, (long) n[1],
        (long) n[2], (long) n[3], t);
    for (i = 0; i < J->len; i++)
        put_case(J->f, J->cases + i);
    fputs("  </testsuite>\n</testsuites>\n", J->f);
    bad = ferror(J->f) != 0;
    bad |= fclose(J->f) != 0;
    J->f = NULL;
    return bad ? -1 : 0;
}

/* ---- the cases of `verify check` and `verify all` (check_run.h) ------- */

/* the name of a cell's JUnit case: "construction c=C" */
static void
junit_case_name(char * name, size_t len, const construction_info * ci,
    const svt_model_t M)
{
    snprintf(name, len, "%s c=%ld", ci->name, (long) M->c);
}

/* a construction that does not apply, as a skipped JUnit case */
void
check_junit_skip(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, const char * why)
{
    char name[128];
    if (J == NULL)
        return;
    junit_case_name(name, sizeof(name), ci, M);
    junit_add(J, var->name, name, JUNIT_SKIPPED, why, 0);
}

/* the JUnit case of one cell (variant, construction, c): its verdict,
   and for a violation the certified ratio with the command that
   re-checks it */
void
check_junit_cell(junit_struct * J, const svt_variant_struct * var,
    const construction_info * ci, const svt_model_t M, verdict_t cv,
    const arb_t worst, int worst_inf, ulong worst_m, double seconds,
    const check_opts * o)
{
    slong digits = o->out_digits;
    char name[128], msg[1024], cmd[512];
    int outcome = JUNIT_PASS;
    char * w;
    if (J == NULL)
        return;
    junit_case_name(name, sizeof(name), ci, M);
    w = worst_inf ? NULL : decimal_interval(worst, digits);
    /* the construction at its largest ratio's m, as `verify ratio` runs it */
    report_recheck_command(cmd, sizeof(cmd), report_variant_arg(var), ci, worst_m,
        M->c, o->eps, o->delta, o->T);
    report_recheck_precision_buf(cmd, sizeof(cmd), &o->ro, -1);
    if (verdict_exceeds_delta_claim(cv, M))
    {
        outcome = JUNIT_ERROR;
        snprintf(msg, sizeof(msg), "ln ratio %s > claimed eps at m = %lu; %s",
            worst_inf ? "inf" : w, worst_m, VERDICT_DELTA_NOTE);
    }
    else if (verdict_violates(cv, M))
    {
        char * cl = decimal_interval(M->claimed, digits);
        outcome = JUNIT_FAILURE;
        snprintf(msg, sizeof(msg), "certified ln ratio %s > claimed eps %s "
            "at m = %lu; re-check: %s", worst_inf ? "inf" : w, cl, worst_m, cmd);
        flint_free(cl);
    }
    else if (cv == VERDICT_INCONCLUSIVE)
    {
        outcome = JUNIT_ERROR;
        snprintf(msg, sizeof(msg), "undecided at the precision cap: the largest "
            "ln ratio %s (m = %lu) is neither certainly within nor above the "
            "claim; re-check: %s", w ? w : "inf", worst_m, cmd);
    }
    else
        snprintf(msg, sizeof(msg), "within the claim");
    junit_add(J, var->name, name, outcome, outcome == JUNIT_PASS ? NULL : msg,
        seconds);
    flint_free(w);
}

/* the JUnit case "proof for every m" of a variant: a pass only when the
   claim is proved; a failure when a certified ratio violates it; with no
   claim, or when finite evidence was accepted (--accept-evidence),
   skipped; otherwise an error: undecided (why: what leaves it undecided,
   with L and B; NULL for the general words) */
void
check_junit_proof(junit_struct * J, const svt_variant_struct * var, int proved,
    int violation, int evidence_accepted, const char * why, const char * cmd,
    double seconds)
{
    int outcome;
    const char * msg;
    char buf[2048];
    if (J == NULL)
        return;
    if (violation)
    {
        outcome = JUNIT_FAILURE;
        snprintf(buf, sizeof(buf), "the claim is violated: a certified ratio "
            "exceeds it, or a proof that the loss has no finite bound%s%.1900s",
            cmd ? "; re-check: " : " (no command: see verify check)",
            cmd ? cmd : "");
        msg = buf;
    }
    else if (proved)
    {
        outcome = JUNIT_PASS;
        msg = NULL;
    }
    else if (var->claimed == NULL)
    {
        outcome = JUNIT_SKIPPED;
        msg = "the variant claims no budget";
    }
    else if (evidence_accepted)
    {
        outcome = JUNIT_SKIPPED;
        msg = "not proved for every m; no violation in the certified ratios, "
            "accepted as evidence (--accept-evidence)";
    }
    else
    {
        outcome = JUNIT_ERROR;
        snprintf(buf, sizeof(buf), "undecided: not proved for every m, and no "
            "certified violation%s%.1900s", why ? ": " : " (see verify prove)",
            why ? why : "");
        msg = buf;
    }
    junit_add(J, var->name, "proof for every m", outcome, msg, seconds);
}

/* "L = [lo, hi] <= the largest loss <= B = b" (B = none when no bound
   is proved, L = none when no certified ratio was computed) */
void
check_L_B_words(char * buf, size_t len, const decision_struct * D, slong digits)
{
    char * l = D->have_L && !D->L_inf ? decimal_interval(D->L, digits) : NULL;
    char * b = decision_B_string(D, digits);
    snprintf(buf, len, "L = %s <= the largest loss <= B = %s",
        D->have_L ? (D->L_inf ? "inf" : l) : "none (no certified ratio)",
        b ? b : D->unbounded
        ? "none (no finite bound, proved)" : "none (no bound proved)");
    flint_free(l);
    flint_free(b);
}

/* the message of a cutoff's case: what decides it, its numbers and the
   command that re-checks it */
static void
junit_cutoff_message(char * msg, size_t len, const check_run * K, slong ic)
{
    const decision_struct * D = K->D + ic;
    const cutoff_struct * cu = K->cut + ic;
    slong dg = K->o->out_digits;
    char lb[512];
    check_L_B_words(lb, sizeof(lb), D, dg);
    if (D->violated_by_proof)
        snprintf(msg, len, "%s at c = %ld: the loss has no finite bound, "
            "proved; %.700s; %s; re-check: %.600s", decision_word(D->status),
            (long) K->clist[ic], D->by_proof, lb,
            cu->recheck ? cu->recheck : "verify prove");
    else if (decision_violated(D->status))
    {
        char * w = cu->have_witness && !cu->witness_inf
            ? decimal_interval(cu->witness_loss, dg) : NULL;
        snprintf(msg, len, "%s at c = %ld: certified ln ratio %s exceeds the "
            "claim; %s; re-check: %.900s", decision_word(D->status),
            (long) K->clist[ic], cu->have_witness ? (w ? w : "inf")
            : "(none shrunk)", lb, cu->recheck ? cu->recheck
            : "(no command: see verify check)");
        flint_free(w);
    }
    else
        snprintf(msg, len, "%s at c = %ld: %s; %.1200s", decision_word(D->status),
            (long) K->clist[ic], lb, D->reason);
}

/* JUnit: the proof and the witness at each cutoff, one case each, then
   "proof for every m" */
void
check_junit_cutoffs(const check_run * K, svt_status s, slong at, const char * cmd,
    int accepted)
{
    slong ic;
    int violated = decision_violated(s);
    char why[1024];
    double total = 0;
    if (K->o->junit == NULL)
        return;
    for (ic = 0; ic < K->nc; ic++)
    {
        const decision_struct * D = K->D + ic;
        char name[64], msg[2400];
        int ok = D->status == STATUS_PROVED || D->status == STATUS_NO_CLAIM;
        snprintf(name, sizeof(name), "proof and witness c=%ld", (long) K->clist[ic]);
        junit_cutoff_message(msg, sizeof(msg), K, ic);
        junit_add(K->o->junit, K->var->name, name, ok ? JUNIT_PASS
            : decision_violated(D->status) ? JUNIT_FAILURE : accepted
            ? JUNIT_SKIPPED : JUNIT_ERROR, ok ? NULL : msg, K->cut[ic].seconds);
        total += K->cut[ic].seconds;
    }
    check_L_B_words(why, sizeof(why), K->D + at, K->o->out_digits);
    snprintf(why + strlen(why), sizeof(why) - strlen(why), " at c = %ld",
        (long) K->clist[at]);
    check_junit_proof(K->o->junit, K->var, s == STATUS_PROVED, violated, accepted,
        s == STATUS_UNDECIDED ? why : NULL, cmd, total);
}
