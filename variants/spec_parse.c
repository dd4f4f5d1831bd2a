/* spec_parse.c -- reading a variant from a spec file (format in spec.h). */

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "svt.h"
#include "dipa.h"

enum { K_NAME, K_TITLE, K_SOURCE, K_PROPERTY, K_EPS1, K_EPS2, K_EPS3, K_FREE,
       K_RHO, K_NU, K_RESET, K_OUTPUT, K_CUTOFF, K_COMPARISON, K_CLAIMED,
       K_MONOTONE, K_CLAIMED_DELTA, K_COUNT };

static const char * keys[K_COUNT] = { "name", "title", "source",
    "paper_property", "eps1", "eps2", "eps3", "free", "threshold_noise",
    "query_noise", "reset", "output", "cutoff", "comparison", "claimed",
    "monotone_only", "claimed_delta" };

static const int required[K_COUNT] = { 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1,
    1, 0, 1, 0, 0 };

#define MAX_LINE 4096
#define MAX_TEXT 240

void
svt_variant_init(svt_variant_struct * v)
{
    memset(v, 0, sizeof(*v));
    v->rho_law = v->nu_law = v->reset_law = INTEGRAL_LAPLACE;
    v->output = SVT_OUT_TOP;
    v->comparison = SVT_CMP_STANDARD;
}

void
svt_variant_clear(svt_variant_struct * v)
{
    int k;
    flint_free(v->name);
    flint_free(v->title);
    flint_free(v->source);
    flint_free(v->paper_property);
    flint_free(v->file);
    for (k = 0; k < 3; k++)
        spec_expr_free(v->eps_expr[k]);
    spec_expr_free(v->rho);
    spec_expr_free(v->nu);
    spec_expr_free(v->rho_reset);
    spec_expr_free(v->out);
    spec_expr_free(v->claimed);
    spec_expr_free(v->claimed_delta);
    if (v->prog != NULL)
    {
        svt_program_clear(v->prog);
        flint_free(v->prog);
    }
    if (v->dipa != NULL)
    {
        dipa_automaton_clear(v->dipa);
        flint_free(v->dipa);
    }
    for (k = 0; k < 2; k++)
        if (v->compiled[k] != NULL)
        {
            svt_program_clear(v->compiled[k]);
            flint_free(v->compiled[k]);
        }
    memset(v, 0, sizeof(*v));
}

static char *
dupstr(const char * s, size_t n)
{
    char * r = flint_malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

typedef struct
{
    const char * file;
    long line;
    char * err;
    size_t errlen;
}
ctx;

int
spec_nul_error(const char * text, size_t len, const char * name, char * err,
    size_t errlen)
{
    const char * z = memchr(text, '\0', len), * k;
    long line = 1, col = 1;
    if (z == NULL)
        return 0;
    for (k = text; k < z; k++)
    {
        col++;
        if (*k == '\n')
        {
            line++;
            col = 1;
        }
    }
    snprintf(err, errlen, "%s:%ld:%ld: found a NUL byte (U+0000), expected "
        "text", name, line, col);
    return 1;
}

int
spec_edit_distance3(const char * a, size_t na, const char * b)
{
    size_t nb = strlen(b), i, j;
    int d[24][24];
    if (na > 20 || nb > 20)
        return 3;
    for (i = 0; i <= na; i++)
        d[i][0] = (int) i;
    for (j = 0; j <= nb; j++)
        d[0][j] = (int) j;
    for (i = 1; i <= na; i++)
        for (j = 1; j <= nb; j++)
        {
            int x = d[i - 1][j] + 1, y = d[i][j - 1] + 1,
                z = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            d[i][j] = x < y ? (x < z ? x : z) : (y < z ? y : z);
        }
    return d[na][nb] < 3 ? d[na][nb] : 3;
}

/* the program word that the first word of key misspells (at most two
   edits, not the word itself), or NULL: 'anwser y' is 'answer' */
static const char *
near_program_word(const char * key)
{
    static const char * words[] = { "register", "counter", "state", "answer" };
    size_t n = strcspn(key, " \t");
    size_t k;
    if (key[n] == '\0')
        return NULL;    /* one word: a key, not a program line */
    for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
        if (spec_edit_distance3(key, n, words[k]) <= 2)
            return words[k];
    return NULL;
}

static int
error_at(ctx * c, int col, const char * fmt, const char * a, const char * b)
{
    char msg[512];
    snprintf(msg, sizeof(msg), fmt, a, b);
    snprintf(c->err, c->errlen, "%s:%ld:%d: %s", c->file, c->line, col, msg);
    return -1;
}

/* an expression at column col */
static int
parse_expr_at(spec_expr ** out, ctx * c, const char * s, int col)
{
    char msg[256];
    int ecol = 0;
    *out = spec_expr_parse(s, msg, sizeof(msg), &ecol);
    if (*out == NULL)
        return error_at(c, col + ecol - 1, "%s%s", msg, "");
    return 0;
}

/* "laplace(EXPR)", "gaussian(EXPR)", or "none" when allow_none */
static int
parse_law(integral_law_kind * law, spec_expr ** e, int * present, ctx * c,
    const char * val, int col, int allow_none)
{
    const char * open = strchr(val, '(');
    size_t n = strlen(val), kw;
    char * inner;
    int r;
    if (allow_none && strcmp(val, "none") == 0)
    {
        *present = 0;
        return 0;
    }
    if (open == NULL || n < 2 || val[n - 1] != ')')
        return error_at(c, col, "found '%s', expected laplace(SCALE), "
            "gaussian(SCALE)%s", val, allow_none ? " or none" : "");
    kw = (size_t) (open - val);
    if (kw == 7 && strncmp(val, "laplace", 7) == 0)
        *law = INTEGRAL_LAPLACE;
    else if (kw == 8 && strncmp(val, "gaussian", 8) == 0)
        *law = INTEGRAL_GAUSSIAN;
    else
    {
        char name[48];
        snprintf(name, sizeof(name), "%.*s", (int) FLINT_MIN(kw, 40), val);
        return error_at(c, col, "found law '%s', expected laplace or "
            "gaussian%s", name, "");
    }
    inner = dupstr(open + 1, n - kw - 2);
    r = parse_expr_at(e, c, inner, col + (int) kw + 1);
    flint_free(inner);
    if (r == 0)
        *present = 1;
    return r;
}

const char *
svt_dipa_claim(char * expr, size_t len, const char * text, const fmpq_t dsum)
{
    const char * cl = strstr(text, "# claimed =");
    while (cl != NULL && cl != text && cl[-1] != '\n')
        cl = strstr(cl + 1, "# claimed =");
    if (cl != NULL)
    {
        const char * e = cl + 11, * eol = strchr(e, '\n');
        size_t n = eol ? (size_t) (eol - e) : strlen(e);
        snprintf(expr, len, "%.*s", (int) FLINT_MIN(n, 290), e);
        return "(DiPA states no budget; the claim is the file's '# claimed' "
            "line)";
    }
    else
    {
        char * ds = fmpq_get_str(NULL, 10, dsum);
        snprintf(expr, len, "2*(%s)*eps", ds);
        flint_free(ds);
        return "(DiPA states no budget; the claim is the reference 2 (sum of d "
            "and d') eps)";
    }
}

/* A DiPA automaton (.dipa): the program, named after the file.  DiPA
   files state no budget; the claim is "# claimed = EXPR" when the file
   has that line, else the reference 2 (sum of d and d') eps. */
int
svt_variant_parse_dipa(svt_variant_struct * v, const char * text,
    const char * file, char * err, size_t errlen)
{
    const char * base = strrchr(file, '/'), * pp;
    char name[64], expr[300], msg[256];
    size_t i, n;
    int ecol = 0, too_large;

    svt_variant_init(v);
    v->file = dupstr(file, strlen(file));
    base = base ? base + 1 : file;
    n = strlen(base) - 5;
    for (i = 0; i < n && i < 63; i++)
        name[i] = (isalnum((unsigned char) base[i]) || base[i] == '-'
            || base[i] == '.') ? base[i] : '_';
    name[i] = '\0';
    v->name = dupstr(name, strlen(name));
    v->title = dupstr("DiPA automaton", 14);
    v->source = dupstr(file, strlen(file));
    v->prog = flint_malloc(sizeof(svt_program));
    svt_program_init(v->prog);
    v->dipa = flint_malloc(sizeof(dipa_automaton_struct));
    dipa_automaton_init(v->dipa);
    if (dipa_read(v->dipa, text, file, err, errlen)
            || dipa_to_program(v->prog, v->dipa, file, &too_large, err, errlen))
    {
        svt_variant_clear(v);
        return -1;
    }
    pp = svt_dipa_claim(expr, sizeof(expr), text, v->dipa->dsum);
    v->paper_property = dupstr(pp, strlen(pp));
    {
        /* where the '# claimed =' line is (its expression's column) */
        const char * cl = strstr(text, "# claimed =");
        while (cl != NULL && cl != text && cl[-1] != '\n')
            cl = strstr(cl + 1, "# claimed =");
        if (cl != NULL)
        {
            const char * t;
            int line = 1;
            for (t = text; t < cl; t++)
                line += *t == '\n';
            v->key_line[K_CLAIMED] = line;
            v->key_col[K_CLAIMED] = 12;
        }
    }
    v->claimed = spec_expr_parse(expr, msg, sizeof(msg), &ecol);
    if (v->claimed == NULL)
    {
        snprintf(err, errlen, "%s:%d:%d: # claimed: %s", file,
            v->key_line[K_CLAIMED] > 0 ? v->key_line[K_CLAIMED] : 1,
            11 + ecol, msg);
        svt_variant_clear(v);
        return -1;
    }
    {
        const svt_program * P = v->prog;
        v->rho_law = INTEGRAL_LAPLACE;
        v->has_nu = 1;
        v->nu_law = INTEGRAL_LAPLACE;
        v->has_cutoff = 0;
        v->reset = P->has_reset;
        v->output = P->outputs_numbers ? SVT_OUT_COMPARED : SVT_OUT_TOP;
    }
    return 0;
}

/* a template's programs: as written, and for a fresh output the one
   with top instead (eps3 = 0) */
static int
compile_template(svt_variant_struct * v, char * err, size_t errlen)
{
    int k;
    for (k = 0; k < (v->output == SVT_OUT_FRESH ? 2 : 1); k++)
    {
        v->compiled[k] = flint_malloc(sizeof(svt_program));
        if (svt_template_compile(v->compiled[k], v, k == 0, err, errlen))
            return -1;
    }
    return 0;
}

/* after the last line of a template spec: every required key given */
static int
template_keys(ctx * c, const int * seen)
{
    int k;
    c->line++;
    for (k = 0; k < K_COUNT; k++)
        if (required[k] && !seen[k])
            return error_at(c, 1, "missing key '%s' (required: name, eps1, "
                "eps2, threshold_noise, query_noise, output, cutoff, "
                "claimed; or a program: see man verify and PROGRAMS.md in "
                "share/doc/svt-verify)%s", keys[k], "");
    return 0;
}

/* after the last line of a program: its header keys, no template key,
   a complete program; the template fields say what the program has */
static int
program_keys(svt_variant_struct * v, ctx * c, const int * seen)
{
    static const int only_template[] = { K_RHO, K_NU, K_RESET, K_OUTPUT,
        K_CUTOFF, K_COMPARISON };
    const svt_program * P = v->prog;
    const prog_state * S0;
    size_t i;
    for (i = 0; i < sizeof(only_template) / sizeof(int); i++)
        if (seen[only_template[i]])
        {
            c->line = v->key_line[only_template[i]];
            return error_at(c, 1, "key '%s' does not apply to a program (its "
                "register, answer and branch lines say it; see man verify and "
                "PROGRAMS.md in share/doc/svt-verify)%s", keys[only_template[i]], "");
        }
    if (!seen[K_NAME] || !seen[K_CLAIMED])
    {
        c->line++;
        return error_at(c, 1, "missing key '%s' (a program needs name and "
            "claimed)%s", seen[K_NAME] ? "claimed" : "name", "");
    }
    if (svt_program_finish(v->prog, c->file, c->line + 1, c->err, c->errlen))
        return -1;
    S0 = P->states;
    v->rho_law = P->noises[P->register_noise].law;
    v->has_nu = S0->nanswers > 0 && S0->answer_noise[0] >= 0;
    if (v->has_nu)
        v->nu_law = P->noises[S0->answer_noise[0]].law;
    v->has_cutoff = P->has_counter;
    v->reset = P->has_reset;
    v->output = P->outputs_numbers ? SVT_OUT_COMPARED : SVT_OUT_TOP;
    return 0;
}

/* the value of key k (after its checks) */
static int
set_key(svt_variant_struct * v, ctx * c, int k, const char * val, int vcol)
{
    int r = 0;
    size_t i;
    switch (k)
    {
        case K_NAME:
            for (i = 0; val[i]; i++)
                if (!isalnum((unsigned char) val[i]) && val[i] != '-'
                        && val[i] != '_' && val[i] != '.')
                    break;
            if (val[i] != '\0' || i > 63)
                r = error_at(c, vcol + (int) (val[i] ? i : 0),
                    "found '%.40s', expected a name of at most 63 letters, "
                    "digits, '-', '_' or '.'%s", val, "");
            else
                v->name = dupstr(val, strlen(val));
            break;
        case K_TITLE:
        case K_SOURCE:
        case K_PROPERTY:
            if (strlen(val) > MAX_TEXT)
                r = error_at(c, vcol + MAX_TEXT, "text longer than %s "
                    "characters%s", "240", "");
            else if (k == K_TITLE)
                v->title = dupstr(val, strlen(val));
            else if (k == K_SOURCE)
                v->source = dupstr(val, strlen(val));
            else
                v->paper_property = dupstr(val, strlen(val));
            break;
        case K_EPS1:
        case K_EPS2:
        case K_EPS3:
        {
            int idx = k - K_EPS1;
            r = parse_expr_at(&v->eps_expr[idx], c, val, vcol);
            /* order of computation: eps3, eps1, eps2 */
            if (r == 0 && spec_expr_uses(v->eps_expr[idx], SPEC_VAR_EPS1 + idx))
                r = error_at(c, vcol, "%s is defined in terms of itself%s",
                    keys[k], "");
            else if (r == 0 && idx == 2 && (spec_expr_uses(v->eps_expr[2], SPEC_VAR_EPS1)
                    || spec_expr_uses(v->eps_expr[2], SPEC_VAR_EPS2)))
                r = error_at(c, vcol, "eps3 may use eps, c and Delta only "
                    "(eps3, eps1, eps2 are computed in this order)%s%s", "", "");
            else if (r == 0 && idx == 0 && spec_expr_uses(v->eps_expr[0], SPEC_VAR_EPS2))
                r = error_at(c, vcol, "eps1 may not use eps2 (eps3, eps1, "
                    "eps2 are computed in this order)%s%s", "", "");
            break;
        }
        case K_FREE:
        {
            char * save = NULL, * tok, * buf = dupstr(val, strlen(val));
            for (tok = strtok_r(buf, " ,", &save); tok && r == 0;
                    tok = strtok_r(NULL, " ,", &save))
            {
                if (strcmp(tok, "eps1") == 0)
                    v->free_eps[0] = 1;
                else if (strcmp(tok, "eps2") == 0)
                    v->free_eps[1] = 1;
                else if (strcmp(tok, "eps3") == 0)
                    v->free_eps[2] = 1;
                else
                    r = error_at(c, vcol + (int) (tok - buf), "found '%.20s', "
                        "expected eps1, eps2 or eps3%s", tok, "");
            }
            flint_free(buf);
            break;
        }
        case K_RHO:
        {
            int present;
            r = parse_law(&v->rho_law, &v->rho, &present, c, val, vcol, 0);
            break;
        }
        case K_NU:
            r = parse_law(&v->nu_law, &v->nu, &v->has_nu, c, val, vcol, 1);
            break;
        case K_RESET:
            r = parse_law(&v->reset_law, &v->rho_reset, &v->reset, c, val, vcol, 1);
            break;
        case K_OUTPUT:
            if (strcmp(val, "top") == 0)
                v->output = SVT_OUT_TOP;
            else if (strcmp(val, "compared") == 0)
                v->output = SVT_OUT_COMPARED;
            else if (strncmp(val, "fresh(", 6) == 0 && val[strlen(val) - 1] == ')')
            {
                char * inner = dupstr(val + 6, strlen(val) - 7);
                v->output = SVT_OUT_FRESH;
                r = parse_expr_at(&v->out, c, inner, vcol + 6);
                flint_free(inner);
            }
            else
                r = error_at(c, vcol, "found '%.40s', expected top, compared "
                    "or fresh(SCALE)%s", val, "");
            break;
        case K_CUTOFF:
            if (strcmp(val, "c") == 0)
                v->has_cutoff = 1;
            else if (strcmp(val, "none") == 0)
                v->has_cutoff = 0;
            else
            {
                char * end;
                long n = strtol(val, &end, 10);
                if (*end != '\0' || n < 1 || n > 1000000 || !isdigit((unsigned char) val[0]))
                    r = error_at(c, vcol, "found '%.40s', expected c, none or an "
                        "integer from 1 to 10^6%s", val, "");
                else
                {
                    v->has_cutoff = 1;
                    v->fixed_c = n;
                }
            }
            break;
        case K_COMPARISON:
            if (strcmp(val, "standard") == 0)
                v->comparison = SVT_CMP_STANDARD;
            else if (strcmp(val, "abs-inside") == 0)
                v->comparison = SVT_CMP_ABS_INSIDE;
            else if (strcmp(val, "abs-outside") == 0)
                v->comparison = SVT_CMP_ABS_OUTSIDE;
            else
                r = error_at(c, vcol, "found '%.40s', expected standard, "
                    "abs-inside or abs-outside%s", val, "");
            break;
        case K_CLAIMED:
            if (strcmp(val, "none") != 0)
                r = parse_expr_at(&v->claimed, c, val, vcol);
            break;
        case K_CLAIMED_DELTA:
            r = parse_expr_at(&v->claimed_delta, c, val, vcol);
            break;
        case K_MONOTONE:
            if (strcmp(val, "yes") == 0)
                v->monotone_only = 1;
            else if (strcmp(val, "no") == 0)
                v->monotone_only = 0;
            else
                r = error_at(c, vcol, "found '%.40s', expected yes or no%s",
                    val, "");
            break;
    }
    return r;
}

/* one line without its comment (line), its key part (key, col kcol):
   key = value */
static int
key_value_line(svt_variant_struct * v, ctx * c, int * seen, char * line,
    char * key, int kcol)
{
    char * val, * eq = strchr(key, '=');
    int k, vcol;
    size_t i;
    if (eq == NULL)
        return error_at(c, kcol, "found '%.40s', expected 'key = value'%s", key, "");
    val = eq + 1;
    while (isspace((unsigned char) *val))
        val++;
    vcol = (int) (val - line) + 1;
    for (i = (size_t) (eq - key); i > 0 && isspace((unsigned char) key[i - 1]); i--)
        ;
    key[i] = '\0';
    for (k = 0; k < K_COUNT; k++)
        if (strcmp(key, keys[k]) == 0)
            break;
    if (k == K_COUNT && near_program_word(key) != NULL)
        return error_at(c, kcol, "unknown key '%.40s'; did you mean the "
            "program line '%s ...'? (a program's lines start with register, "
            "counter, state, answer, if, else; see man verify)", key,
            near_program_word(key));
    if (k == K_COUNT && strchr(key, ' ') == NULL && strlen(key) >= 4)
    {
        /* one word close to a key: say which */
        for (k = 0; k < K_COUNT; k++)
            if (spec_edit_distance3(key, strlen(key), keys[k]) <= 2)
                return error_at(c, kcol, "unknown key '%.40s'; did you mean "
                    "'%s'? (see man verify for the keys)", key, keys[k]);
        k = K_COUNT;
    }
    if (k == K_COUNT)
        return error_at(c, kcol, "unknown key '%.40s' (allowed: name, title, "
            "source, paper_property, eps1, eps2, eps3, free, threshold_noise, "
            "query_noise, reset, output, cutoff, comparison, claimed, "
            "claimed_delta, monotone_only; or a program line, see man verify "
            "and PROGRAMS.md in share/doc/svt-verify)%s",
            key, "");
    if (seen[k])
        return error_at(c, kcol, "key '%s' given twice%s", keys[k], "");
    seen[k] = 1;
    v->key_line[k] = (int) c->line;
    v->key_col[k] = vcol;
    if (*val == '\0')
        return error_at(c, vcol, "found nothing after '%s =', expected a value%s",
            keys[k], "");
    return set_key(v, c, k, val, vcol);
}

/* the first character of line that is not allowed there, or NULL:
   printable ASCII, and in the value of a free text key (title, source,
   paper_property) any UTF-8 character but a control character */
static const char *
first_invisible(const char * line)
{
    static const char * free_keys[3] = { "title", "source", "paper_property" };
    const char * k = line, * eq = strchr(line, '='), * p;
    int i, text = 0;
    while (isspace((unsigned char) *k))
        k++;
    for (i = 0; i < 3 && eq != NULL; i++)
    {
        size_t n = strlen(free_keys[i]);
        const char * t = k + n;
        if (strncmp(k, free_keys[i], n) != 0)
            continue;
        while (t < eq && (*t == ' ' || *t == '\t'))
            t++;
        text |= t == eq;
    }
    if (!text)
        return spec_find_invisible(line, strlen(line));
    p = spec_find_invisible(line, (size_t) (eq - line));
    if (p != NULL)
        return p;
    for (p = eq; *p != '\0'; )
    {
        char name[96];
        int n = spec_char_name(name, sizeof(name), p);
        if (((unsigned char) *p < 0x20 && *p != '\t' && *p != '\r')
                || *p == 0x7F || strncmp(name, "the byte", 8) == 0
                || strstr(name, "control character") != NULL)
            return p;
        p += n;
    }
    return NULL;
}

/* the next line of the text into line (comment removed, end trimmed);
   returns its length, or -1 with an error */
static long
read_line(char * line, const char ** p, ctx * c)
{
    const char * eol = strchr(*p, '\n');
    size_t len = eol ? (size_t) (eol - *p) : strlen(*p), i;
    char * hash;
    c->line++;
    if (len > MAX_LINE)
        return error_at(c, MAX_LINE + 1, "line longer than %s characters%s",
            "4096", "");
    memcpy(line, *p, len);
    line[len] = '\0';
    *p = eol ? eol + 1 : *p + len;
    hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    {
        /* outside comments and free text (title, source, paper_property):
           printable ASCII; what is not is named by its code point */
        const char * bad = first_invisible(line);
        if (bad != NULL)
        {
            char name[96];
            spec_char_name(name, sizeof(name), bad);
            return error_at(c, (int) (bad - line) + 1, "found %s, expected "
                "printable ASCII text%s", name, bad == line && c->line == 1
                && strncmp(name, "U+FEFF", 6) == 0 ? " (save the file "
                "without a byte-order mark)" : " (other characters may "
                "appear in comments and in title, source and paper_property)");
        }
    }
    for (i = strlen(line); i > 0 && isspace((unsigned char) line[i - 1]); i--)
        line[i - 1] = '\0';
    return (long) strlen(line);
}

int
svt_variant_parse(svt_variant_struct * v, const char * text, const char * file,
    char * err, size_t errlen)
{
    ctx c = { file, 0, err, errlen };
    int seen[K_COUNT] = { 0 };
    const char * p = text;
    int r = 0;

    svt_variant_init(v);
    v->file = dupstr(file, strlen(file));

    while (*p != '\0' && r == 0)
    {
        char line[MAX_LINE + 1], * key;
        if (read_line(line, &p, &c) < 0)
        {
            r = -1;
            break;
        }
        key = line;
        while (isspace((unsigned char) *key))
            key++;
        if (*key == '\0')
            continue;
        if (svt_program_is_line(key))
        {
            if (v->prog == NULL)
            {
                v->prog = flint_malloc(sizeof(svt_program));
                svt_program_init(v->prog);
            }
            if (svt_program_parse_line(v->prog, line, file, c.line, err, errlen) < 0)
                r = -1;
            continue;
        }
        r = key_value_line(v, &c, seen, line, key, (int) (key - line) + 1);
    }

    if (r == 0)
        r = v->prog != NULL ? program_keys(v, &c, seen) : template_keys(&c, seen);
    if (r == 0 && v->prog == NULL && v->output == SVT_OUT_COMPARED && !v->has_nu)
    {
        c.line = v->key_line[K_OUTPUT] > 0 ? v->key_line[K_OUTPUT] : 1;
        r = error_at(&c, v->key_col[K_OUTPUT] > 0 ? v->key_col[K_OUTPUT] : 1,
            "found output = compared with query_noise = none, expected a "
            "query noise (the output would be the exact answer)%s%s", "", "");
    }
    if (r == 0 && v->prog == NULL)
        r = compile_template(v, err, errlen);
    if (r == 0)
    {
        if (v->title == NULL)
            v->title = dupstr(v->name, strlen(v->name));
        if (v->source == NULL)
            v->source = dupstr("user spec", 9);
        if (v->paper_property == NULL)
            v->paper_property = dupstr("(not stated)", 12);
    }
    else
        svt_variant_clear(v);
    return r;
}

void
svt_variant_key_pos(const svt_variant_struct * v, const char * key,
    int * line, int * col)
{
    int k;
    *line = *col = 0;
    for (k = 0; k < K_COUNT; k++)
        if (strcmp(keys[k], key) == 0)
        {
            *line = v->key_line[k];
            *col = v->key_col[k];
        }
}

int
svt_regular_file(const char * path, const char * what, long max_bytes,
    char * err, size_t errlen)
{
    struct stat st;
    const char * kind = NULL;
    if (stat(path, &st) != 0)
    {
        snprintf(err, errlen, "%s: cannot read '%s': %s", what, path,
            strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        kind = "is a directory";
    else if (S_ISFIFO(st.st_mode))
        kind = "is a FIFO";
    else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        kind = "is a device";
    else if (!S_ISREG(st.st_mode))
        kind = "is not a regular file";
    else if ((long) st.st_size > max_bytes)
        kind = "is too large";
    if (kind == NULL)
        return 0;
    snprintf(err, errlen, "%s: '%s' %s (expected a regular text file of at "
        "most %ld bytes)", what, path, kind, max_bytes);
    return -1;
}

int
svt_path_is_dipa(const char * path)
{
    size_t n = strlen(path);
    return n > 5 && strcmp(path + n - 5, ".dipa") == 0;
}

char *
svt_read_spec_text(const char * path, char * err, size_t errlen)
{
    FILE * f;
    char * buf;
    size_t n;
    if (svt_regular_file(path, "spec file", (1 << 20) - 1, err, errlen) != 0)
        return NULL;
    f = fopen(path, "rb");
    if (f == NULL)
    {
        snprintf(err, errlen, "%s: cannot open the file: %s", path,
            strerror(errno));
        return NULL;
    }
    buf = flint_malloc(1 << 20);
    n = fread(buf, 1, (1 << 20) - 1, f);
    if (n == (1 << 20) - 1 && fgetc(f) != EOF)
    {
        fclose(f);
        flint_free(buf);
        snprintf(err, errlen, "%s: larger than 1 MiB (expected a spec file "
            "of at most 1 MiB)", path);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    if (spec_nul_error(buf, n, path, err, errlen))
    {
        flint_free(buf);
        return NULL;
    }
    return buf;
}

int
svt_variant_load(svt_variant_struct * v, const char * path, char * err,
    size_t errlen)
{
    char * buf = svt_read_spec_text(path, err, errlen);
    int r;
    if (buf == NULL)
        return -1;
    if (svt_path_is_dipa(path))
        r = svt_variant_parse_dipa(v, buf, path, err, errlen);
    else
        r = svt_variant_parse(v, buf, path, err, errlen);
    flint_free(buf);
    return r;
}
