/* custom.c -- parsing of user vectors, and the maximum of the privacy
   loss over every output vector a variant can produce. */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "outputs.h"

typedef struct
{
    int kind;           /* SVT_BOT / SVT_TOP / SVT_NUM / SVT_LABEL (outputs),
                           or SVT_NUM */
    fmpq_t val;
    char label[SVT_LABEL_LEN];
    ulong count;
}
token_struct;

typedef struct
{
    token_struct * t;
    slong len;
    ulong total;
    int stop_mark;      /* the output vector ends with the stop marker */
}
tokvec;

static void
tokvec_clear(tokvec * v)
{
    slong i;
    for (i = 0; i < v->len; i++)
        fmpq_clear(v->t[i].val);
    flint_free(v->t);
    v->t = NULL;
    v->len = 0;
}

/* a program's label: a letter or '_', then letters, digits or '_' */
static int
is_label(const char * s)
{
    size_t i;
    if (strcmp(s, "-") == 0)
        return 1;   /* a program's `output nothing` */
    if (!isalpha((unsigned char) s[0]) && s[0] != '_')
        return 0;
    for (i = 1; s[i]; i++)
        if (!isalnum((unsigned char) s[i]) && s[i] != '_')
            return 0;
    return i < SVT_LABEL_LEN;
}

/* parses "tok,tok*3,..."; outputs allows bot/top and labels */
static int
parse_vector(tokvec * v, const char * s, int outputs, const char * name,
    char * err, size_t errlen)
{
    char * buf, * p, * save = NULL, * tok;
    slong n;
    const char * c;

    v->t = NULL;
    v->len = 0;
    v->total = 0;
    v->stop_mark = 0;
    if (s == NULL || *s == '\0')
    {
        snprintf(err, errlen, "%s: empty vector (expected comma-separated "
            "%s, each optionally *count)", name, outputs ? "bot, top or numbers"
            : "numbers");
        return -1;
    }
    n = csv_empty_token(s);
    if (n > 0)
    {
        snprintf(err, errlen, "%s: token %ld is empty (expected "
            "comma-separated %s, each optionally *count)", name, (long) n,
            outputs ? "bot, top or numbers" : "numbers");
        return -1;
    }
    for (n = 1, c = s; *c; c++)
        n += (*c == ',');
    v->t = flint_malloc(n * sizeof(token_struct));
    buf = flint_malloc(strlen(s) + 1);
    strcpy(buf, s);
    for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save))
    {
        token_struct * t = v->t + v->len;
        char * star;
        while (isspace((unsigned char) *tok))
            tok++;
        for (p = tok + strlen(tok); p > tok && isspace((unsigned char) p[-1]); p--)
            p[-1] = '\0';
        fmpq_init(t->val);
        v->len++;
        t->count = 1;
        star = strchr(tok, '*');
        if (star != NULL)
        {
            *star = '\0';
            if (parse_count(&t->count, star + 1, 1, UWORD(1) << 62) != 0)
            {
                snprintf(err, errlen, "%s: bad count '%s' in token %ld "
                    "(expected an integer from 1 to 2^62)", name, star + 1,
                    (long) v->len);
                flint_free(buf);
                return -1;
            }
        }
        if (outputs && strcmp(tok, CUSTOM_STOP_MARK) == 0)
        {
            /* the run stops here: the last token, no count, no query */
            if (star != NULL || strtok_r(NULL, ",", &save) != NULL)
            {
                snprintf(err, errlen, "%s: token %ld is '%s%s%s', expected "
                    "'%s' only as the last token, without a count (it marks "
                    "where the run stopped)", name, (long) v->len, tok,
                    star ? "*" : "", star ? star + 1 : "", CUSTOM_STOP_MARK);
                flint_free(buf);
                return -1;
            }
            v->len--;
            fmpq_clear(t->val);
            v->stop_mark = 1;
            break;
        }
        if (outputs && (strcmp(tok, "bot") == 0 || strcmp(tok, "top") == 0))
            t->kind = tok[0] == 'b' ? SVT_BOT : SVT_TOP;
        else if (outputs && is_label(tok))
        {
            t->kind = SVT_LABEL;
            snprintf(t->label, sizeof(t->label), "%s", tok);
        }
        else if (parse_rational(t->val, tok) == 0)
        {
            t->kind = SVT_NUM;
            if (!rational_in_range_exp(t->val, PARSE_VECTOR_EXP_RANGE))
            {
                snprintf(err, errlen, "%s: token %ld is '%.60s%s', out of range "
                    "(allowed: %s)", name, (long) v->len, tok, strlen(tok) > 60
                    ? "..." : "", PARSE_VECTOR_RANGE_TEXT);
                flint_free(buf);
                return -1;
            }
        }
        else if (spec_find_invisible(tok, strlen(tok)) != NULL)
        {
            /* a character one cannot see, or not ASCII: by its code point */
            const char * bad = spec_find_invisible(tok, strlen(tok));
            char what[96];
            spec_char_name(what, sizeof(what), bad);
            snprintf(err, errlen, "%s: token %ld has %s at its character %d "
                "(expected %s, in ASCII)", name, (long) v->len, what,
                (int) (bad - tok) + 1, outputs ? "bot, top, a label or a "
                "number" : "a number such as 0, -1.5, 2e-3 or 1/3");
            flint_free(buf);
            return -1;
        }
        else
        {
            snprintf(err, errlen, "%s: token %ld is '%s' (expected %s)", name,
                (long) v->len, tok, outputs ? "bot, top, a label or a number"
                : "a number such as 0, -1.5, 2e-3 or 1/3");
            flint_free(buf);
            return -1;
        }
        if (v->total > (UWORD(1) << 62) - t->count)
        {
            snprintf(err, errlen, "%s: more than 2^62 queries", name);
            flint_free(buf);
            return -1;
        }
        v->total += t->count;
    }
    flint_free(buf);
    if (v->len == 0)
    {
        snprintf(err, errlen, "%s: empty vector%s", name, v->stop_mark
            ? " (a run stops after at least one output)" : "");
        return -1;
    }
    return 0;
}

/* 1 when the last output of v is the label `end` (no branch held: the
   run ended there) */
static int
ends_with_end(const tokvec * v)
{
    return v->len > 0 && v->t[v->len - 1].kind == SVT_LABEL
        && strcmp(v->t[v->len - 1].label, PROG_END_LABEL) == 0;
}

int
custom_build(svt_runs_t R, const char * qD, const char * qD2, const char * T,
    const char * output, int need_output, char * err, size_t errlen)
{
    static const char * names[4] = { "--qD", "--qD2", "--T", "--output" };
    return custom_build_named(R, qD, qD2, T, output, need_output, names, err,
        errlen);
}

int
custom_build_named(svt_runs_t R, const char * qD, const char * qD2,
    const char * T, const char * output, int need_output,
    const char * const * names, char * err, size_t errlen)
{
    tokvec v[4];
    slong pos[4] = { 0, 0, 0, 0 };
    ulong used[4] = { 0, 0, 0, 0 };
    int k, ok = 0, have_out = output != NULL, scalarT;
    ulong total, built = 0;

    memset(v, 0, sizeof(v));
    if (qD == NULL || qD2 == NULL)
    {
        snprintf(err, errlen, "custom: --qD and --qD2 are required (the "
            "query answers on D and on D')");
        return -1;
    }
    if (need_output && !have_out)
    {
        snprintf(err, errlen, "custom: --output is required (or use "
            "--max-over-outputs)");
        return -1;
    }
    if (parse_vector(&v[0], qD, 0, names[0], err, errlen) != 0
        || parse_vector(&v[1], qD2, 0, names[1], err, errlen) != 0
        || parse_vector(&v[2], T != NULL ? T : "0", 0, names[2], err, errlen) != 0
        || (have_out && parse_vector(&v[3], output, 1, names[3], err, errlen) != 0))
        goto done;

    total = v[0].total;
    if (v[1].total != total)
    {
        snprintf(err, errlen, "%s: %lu queries, but %s has %lu", names[1],
            v[1].total, names[0], total);
        goto done;
    }
    scalarT = (v[2].len == 1 && v[2].total == 1);
    if (!scalarT && v[2].total != total)
    {
        snprintf(err, errlen, "%s: %lu thresholds for %lu queries (give one "
            "threshold or one per query)", names[2], v[2].total, total);
        goto done;
    }
    if (have_out && v[3].total > total)
    {
        snprintf(err, errlen, "%s: found %lu entries for %lu queries, expected "
            "one entry per query (or fewer, ending with '%s', when the run "
            "stopped early)", names[3], v[3].total, total, CUSTOM_STOP_MARK);
        goto done;
    }
    if (have_out && v[3].stop_mark && v[3].total == total)
    {
        snprintf(err, errlen, "%s: found '%s' after %lu entries for %lu "
            "queries, expected '%s' only when the run stopped before its last "
            "query (remove it: every query has its output)", names[3],
            CUSTOM_STOP_MARK, v[3].total, total, CUSTOM_STOP_MARK);
        goto done;
    }
    /* fewer outputs than queries: the run stopped after the last output,
       as an observer sees it; the queries after it are never read.  It
       must say so (a missing entry is a typo that would pass): the
       marker `stop`, or the output `end` of a run that ended because no
       branch held */
    if (have_out && v[3].total < total)
    {
        if (!v[3].stop_mark && !ends_with_end(&v[3]))
        {
            snprintf(err, errlen, "%s: found %lu %s for %lu queries, expected "
                "one entry per query; a run that stops early ends with '%s' "
                "after its last output (e.g. %s), or with the output '%s' when "
                "no branch held", names[3], v[3].total, v[3].total == 1
                ? "entry" : "entries", total, CUSTOM_STOP_MARK,
                v[3].total == 1 ? "top,stop" : "bot,top,stop", PROG_END_LABEL);
            goto done;
        }
        R->stops = 1;
        total = v[3].total;
    }

    /* merge the run boundaries of the vectors */
    while (pos[0] < v[0].len && built < total)
    {
        ulong take = FLINT_MIN(v[0].t[pos[0]].count - used[0], total - built);
        const fmpq * Tv;
        svt_answer_kind a = SVT_BOT;
        fmpq_t zero;
        for (k = 1; k < 4; k++)
        {
            if (k == 2 && scalarT)
                continue;
            if (k == 3 && !have_out)
                continue;
            take = FLINT_MIN(take, v[k].t[pos[k]].count - used[k]);
        }
        built += take;
        Tv = scalarT ? v[2].t[0].val : v[2].t[pos[2]].val;
        fmpq_init(zero);
        if (have_out)
            a = v[3].t[pos[3]].kind;
        if (a == SVT_LABEL)
            svt_runs_push_label(R, v[0].t[pos[0]].val, v[1].t[pos[1]].val, Tv,
                v[3].t[pos[3]].label, take);
        else
            svt_runs_push(R, v[0].t[pos[0]].val, v[1].t[pos[1]].val, Tv, a,
                have_out ? v[3].t[pos[3]].val : zero, take);
        fmpq_clear(zero);
        for (k = 0; k < 4; k++)
        {
            if ((k == 2 && scalarT) || (k == 3 && !have_out))
                continue;
            used[k] += take;
            if (used[k] == v[k].t[pos[k]].count)
            {
                pos[k]++;
                used[k] = 0;
            }
        }
    }
    ok = 1;

done:
    for (k = 0; k < 4; k++)
        tokvec_clear(&v[k]);
    return ok ? 0 : -1;
}

/* one "key = value" line of a pair file, cut in place; 0, or -1 with
   the message */
static int
pair_line(char * line, const char * name, long ln, char ** qD, char ** qD2,
    char ** T, char ** output, int (*place)[2], char * err, size_t errlen)
{
    char * p = line, * eq, * key, * val, ** dst;
    size_t n = strlen(line);
    while (n > 0 && isspace((unsigned char) line[n - 1]))
        line[--n] = '\0';
    while (isspace((unsigned char) *p))
        p++;
    if (*p == '\0' || *p == '#')
        return 0;
    {
        /* printable ASCII only: what is not is named by its code point */
        const char * bad = spec_find_invisible(line, n);
        if (bad != NULL)
        {
            char what[96];
            spec_char_name(what, sizeof(what), bad);
            snprintf(err, errlen, "%s:%ld:%d: found %s, expected printable "
                "ASCII text%s", name, ln, (int) (bad - line) + 1, what,
                strncmp(what, "U+FEFF", 6) == 0 ? " (save the file without a "
                "byte-order mark)" : "");
            return -1;
        }
    }
    eq = strchr(p, '=');
    if (eq == NULL)
    {
        snprintf(err, errlen, "%s:%ld:%d: expected 'key = value' with key "
            "qD, qD2, T or output", name, ln, (int) (p - line) + 1);
        return -1;
    }
    *eq = '\0';
    key = p;
    for (val = key + strlen(key); val > key && isspace((unsigned char) val[-1]); val--)
        val[-1] = '\0';
    val = eq + 1;
    while (isspace((unsigned char) *val))
        val++;
    dst = strcmp(key, "qD") == 0 ? qD : strcmp(key, "qD2") == 0 ? qD2
        : strcmp(key, "T") == 0 ? T : strcmp(key, "output") == 0 ? output
        : NULL;
    if (dst == NULL)
    {
        snprintf(err, errlen, "%s:%ld:%d: unknown key '%s' (allowed: qD, "
            "qD2, T, output)", name, ln, (int) (key - line) + 1, key);
        return -1;
    }
    if (*dst != NULL)
    {
        snprintf(err, errlen, "%s:%ld:%d: '%s' given twice", name, ln,
            (int) (key - line) + 1, key);
        return -1;
    }
    *dst = flint_malloc(strlen(val) + 1);
    strcpy(*dst, val);
    if (place != NULL)
    {
        int k = dst == qD ? 0 : dst == qD2 ? 1 : dst == T ? 2 : 3;
        place[k][0] = (int) ln;
        place[k][1] = (int) (val - line) + 1;
    }
    return 0;
}

static void
pair_strings_clear(char ** qD, char ** qD2, char ** T, char ** output)
{
    flint_free(*qD);
    flint_free(*qD2);
    flint_free(*T);
    flint_free(*output);
    *qD = *qD2 = *T = *output = NULL;
}

int
custom_read_text(const char * text, size_t len, const char * name,
    char ** qD, char ** qD2, char ** T, char ** output, char * err,
    size_t errlen)
{
    return custom_read_text_at(text, len, name, qD, qD2, T, output, NULL,
        err, errlen);
}

int
custom_read_text_at(const char * text, size_t len, const char * name,
    char ** qD, char ** qD2, char ** T, char ** output, int (*place)[2],
    char * err, size_t errlen)
{
    size_t at = 0;
    long ln = 0;
    int bad = 0;
    char * line;
    *qD = *qD2 = *T = *output = NULL;
    if (spec_nul_error(text, len, name, err, errlen))
        return -1;
    line = flint_malloc(CUSTOM_MAX_LINE + 2);
    while (at < len)
    {
        const char * nl = memchr(text + at, '\n', len - at);
        size_t n = nl != NULL ? (size_t) (nl - (text + at)) : len - at;
        ln++;
        if (n > CUSTOM_MAX_LINE)
        {
            snprintf(err, errlen, "%s:%ld:%d: line longer than %d characters "
                "(use value*count run-length tokens)", name, ln,
                CUSTOM_MAX_LINE + 1, CUSTOM_MAX_LINE);
            bad = 1;
            break;
        }
        memcpy(line, text + at, n);
        line[n] = '\0';
        at += n + 1;
        if (pair_line(line, name, ln, qD, qD2, T, output, place, err,
                errlen) != 0)
        {
            bad = 1;
            break;
        }
    }
    flint_free(line);
    if (bad)
    {
        pair_strings_clear(qD, qD2, T, output);
        return -1;
    }
    return 0;
}

int
custom_read_file(const char * path, char ** qD, char ** qD2, char ** T,
    char ** output, char * err, size_t errlen)
{
    return custom_read_file_at(path, qD, qD2, T, output, NULL, err, errlen);
}

int
custom_read_file_at(const char * path, char ** qD, char ** qD2, char ** T,
    char ** output, int (*place)[2], char * err, size_t errlen)
{
    FILE * f;
    char * buf;
    size_t n;
    int r;
    *qD = *qD2 = *T = *output = NULL;
    if (svt_regular_file(path, "--file", (long) CUSTOM_MAX_FILE, err, errlen) != 0)
        return -1;
    f = fopen(path, "rb");
    if (f == NULL)
    {
        snprintf(err, errlen, "--file: cannot open '%s'", path);
        return -1;
    }
    /* read at most the limit, whatever stat said (the file may grow) */
    buf = flint_malloc(CUSTOM_MAX_FILE + 1);
    n = fread(buf, 1, CUSTOM_MAX_FILE + 1, f);
    fclose(f);
    if (n > CUSTOM_MAX_FILE)
    {
        flint_free(buf);
        snprintf(err, errlen, "--file: '%s' is too large (expected a regular "
            "text file of at most %ld bytes)", path, (long) CUSTOM_MAX_FILE);
        return -1;
    }
    r = custom_read_text_at(buf, n, path, qD, qD2, T, output, place, err,
        errlen);
    flint_free(buf);
    return r;
}

/* the outputs of R as --output reads them; with mark, the stop marker
   after a run that stopped with queries left (the output `end` says it
   itself) */
static char *
output_string(const svt_runs_t R, int mark)
{
    size_t cap = 64, len = 0;
    char * s = flint_malloc(cap);
    slong i;
    s[0] = '\0';
    for (i = 0; i < R->len; i++)
    {
        char tok[256];
        const svt_run_struct * r = R->runs + i;
        if (r->a == SVT_NUM)
        {
            char * q = fmpq_get_str(NULL, 10, r->v);
            snprintf(tok, sizeof(tok), "%s", q);
            flint_free(q);
        }
        else
            snprintf(tok, sizeof(tok), "%s", r->a == SVT_BOT ? "bot"
                : r->a == SVT_LABEL ? r->label : "top");
        if (r->count > 1)
            snprintf(tok + strlen(tok), sizeof(tok) - strlen(tok), "*%lu", r->count);
        if (len + strlen(tok) + 2 + sizeof(CUSTOM_STOP_MARK) > cap)
        {
            cap = 2 * (len + strlen(tok) + 2 + sizeof(CUSTOM_STOP_MARK));
            s = flint_realloc(s, cap);
        }
        if (i > 0)
            s[len++] = ',';
        strcpy(s + len, tok);
        len += strlen(tok);
    }
    if (mark && R->stops && R->len > 0 && !(R->runs[R->len - 1].a == SVT_LABEL
            && strcmp(R->runs[R->len - 1].label, PROG_END_LABEL) == 0))
    {
        s[len++] = ',';
        strcpy(s + len, CUSTOM_STOP_MARK);
    }
    return s;
}

char *
custom_output_string(const svt_runs_t R)
{
    return output_string(R, 1);
}

char *
custom_output_describe(const svt_runs_t R)
{
    char * s = output_string(R, 0);
    if (R->stops)
    {
        const char * note = " (then the run stops, queries left)";
        s = flint_realloc(s, strlen(s) + strlen(note) + 1);
        strcat(s, note);
    }
    return s;
}

/* ---- maximum over outputs ------------------------------------------ */

void
maxout_init(maxout_struct * mo)
{
    ratio_result_init(mo->best);
    svt_runs_init(mo->best_runs);
    lossmax_init(mo->agg);
    mo->outputs = mo->impossible = 0;
    mo->numeric_searched = 0;
    mo->partial = 0;
    mo->undecided = NULL;
    mo->nundecided = 0;
    mo->verdict = VERDICT_INCONCLUSIVE;
    mo->work = 0;
    mo->timed_out = 0;
}

void
maxout_clear(maxout_struct * mo)
{
    slong i;
    ratio_result_clear(mo->best);
    svt_runs_clear(mo->best_runs);
    lossmax_clear(mo->agg);
    for (i = 0; i < FLINT_MIN(mo->nundecided, MAXOUT_LIST_UNDECIDED); i++)
        flint_free(mo->undecided[i]);
    flint_free(mo->undecided);
}

/* is loss a larger than the current best?  A certified infinite loss
   first, then by the upper end among finite losses, then an undecided
   loss (no finite enclosure) over nothing. */
static int
better(const ratio_result_t cand, const ratio_result_t best, int have)
{
    arf_t ua, ub;
    int r;
    if (!have)
        return 1;
    if (best->verdict == VERDICT_INFINITE)
        return 0;
    if (cand->verdict == VERDICT_INFINITE)
        return 1;
    if (!arb_is_finite(cand->loss))
        return 0;
    if (!arb_is_finite(best->loss))
        return 1;
    arf_init(ua);
    arf_init(ub);
    arb_get_ubound_arf(ua, cand->loss, 64);
    arb_get_ubound_arf(ub, best->loss, 64);
    r = arf_cmp(ua, ub) > 0;
    arf_clear(ua);
    arf_clear(ub);
    return r;
}

/* one output: decided, counted in the maximum, listed when undecided,
   kept when it is the largest so far */
static void
maxout_add(maxout_struct * mo, const svt_model_t M, const svt_runs_t cand,
    const ratio_opt * opt, int * have)
{
    ratio_result_t r;
    ratio_result_init(r);
    ratio_decide(r, M, cand, opt);
    mo->work += r->work;
    mo->timed_out |= r->timed_out;
    mo->outputs++;
    lossmax_add(mo->agg, r);
    if (r->verdict == VERDICT_IMPOSSIBLE)
        mo->impossible++;
    else
    {
        if (r->verdict == VERDICT_INCONCLUSIVE)
        {
            if (mo->nundecided < MAXOUT_LIST_UNDECIDED)
            {
                mo->undecided = flint_realloc(mo->undecided,
                    (mo->nundecided + 1) * sizeof(char *));
                mo->undecided[mo->nundecided] = custom_output_describe(cand);
            }
            mo->nundecided++;
        }
        if (better(r, mo->best, *have))
        {
            ratio_result_swap(mo->best, r);
            svt_runs_set(mo->best_runs, cand);
            *have = 1;
        }
    }
    ratio_result_clear(r);
}

/* the candidate numbers at one position: T, q(D), q(D') and steps of
   s/2 around each, s the scale of the noise in the number */
static slong
numeric_candidates(fmpq * cand, const svt_run_struct * r, const svt_model_t M)
{
    const fmpq * base[3] = { r->T, r->q[0], r->q[1] };
    fmpq_t step, t;
    slong n = 0, b, k;
    fmpz_t num, den;
    arf_t mid;
    fmpq_init(step);
    fmpq_init(t);
    fmpz_init(num);
    fmpz_init(den);
    arf_init(mid);
    /* step = s/2 rounded to a dyadic (only the grid, not a result) */
    arf_set(mid, arb_midref(M->output == SVT_OUT_FRESH ? M->out_scale
        : M->nu_scale));
    arf_get_fmpz(num, mid, ARF_RND_FLOOR);
    if (fmpz_is_zero(num))
        fmpz_one(num);
    fmpz_one(den);
    fmpz_mul_ui(den, den, 2);
    fmpq_set_fmpz_frac(step, num, den);
    for (b = 0; b < 3; b++)
        for (k = -12; k <= 12; k++)
        {
            fmpq_mul_si(t, step, k);
            fmpq_add(cand + n, base[b], t);
            n++;
        }
    fmpq_clear(step);
    fmpq_clear(t);
    fmpz_clear(num);
    fmpz_clear(den);
    arf_clear(mid);
    return n;
}

/* numbers: each top of the best pattern becomes a number v, searched
   coordinate-wise on a grid; every number tried enters the maximum */
static void
numeric_search(maxout_struct * mo, const svt_model_t M, const ratio_opt * opt)
{
    svt_runs_t cur, trial;
    fmpq * cand = _fmpq_vec_init(75);
    slong i, k, nc, pass;
    ratio_result_t r;
    svt_runs_init(cur);
    svt_runs_set(cur, mo->best_runs);
    /* start: every top becomes the number q(D) */
    for (i = 0; i < cur->len; i++)
        if (cur->runs[i].a == SVT_TOP)
        {
            cur->runs[i].a = SVT_NUM;
            fmpq_set(cur->runs[i].v, cur->runs[i].q[0]);
        }
    mo->numeric_searched = 1;
    ratio_result_init(r);
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < cur->len; i++)
        {
            if (cur->runs[i].a != SVT_NUM)
                continue;
            nc = numeric_candidates(cand, cur->runs + i, M);
            for (k = 0; k < nc; k++)
            {
                svt_runs_init(trial);
                svt_runs_set(trial, cur);
                fmpq_set(trial->runs[i].v, cand + k);
                ratio_decide(r, M, trial, opt);
                if (r->verdict != VERDICT_IMPOSSIBLE)
                {
                    lossmax_add(mo->agg, r);
                    if (better(r, mo->best, 1))
                    {
                        ratio_result_swap(mo->best, r);
                        svt_runs_set(mo->best_runs, trial);
                        svt_runs_set(cur, trial);
                    }
                }
                svt_runs_clear(trial);
            }
        }
    ratio_result_clear(r);
    svt_runs_clear(cur);
    _fmpq_vec_clear(cand, 75);
}

typedef struct
{
    maxout_struct * mo;
    const svt_model_struct * M;
    const ratio_opt * opt;
    int have;
}
maxout_walk;

static int
maxout_each(void * ctx, const svt_runs_t out)
{
    maxout_walk * w = ctx;
    maxout_add(w->mo, w->M, out, w->opt, &w->have);
    return 0;
}

int
maxout_run(maxout_struct * mo, const svt_model_t M, const svt_runs_t R,
    const ratio_opt * opt, char * err, size_t errlen)
{
    maxout_walk w = { mo, M, opt, 0 };
    char msg[512];
    if (outputs_each(M, R, maxout_each, &w, &mo->partial, msg,
            sizeof(msg)) < 0)
    {
        snprintf(err, errlen, "--max-over-outputs: %s", msg);
        return -1;
    }
    /* numbers, for a variant that outputs numbers */
    if (w.have && mo->agg->count[VERDICT_INFINITE] == 0
            && M->output != SVT_OUT_TOP)
        numeric_search(mo, M, opt);
    mo->verdict = lossmax_verdict(mo->agg, M, mo->numeric_searched
        || mo->partial);
    return 0;
}
