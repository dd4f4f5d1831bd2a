/* program_parse.c -- reading the program lines of a variant file (the
   grammar is in variants/PROGRAMS.md). */

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "svt.h"

void
svt_program_init(svt_program * P)
{
    int i;
    memset(P, 0, sizeof(*P));
    P->register_noise = -1;
    P->nregs = 1;
    for (i = 0; i < PROG_MAX_NOISES; i++)
    {
        fmpq_init(P->noises[i].mean);
        fmpq_init(P->noises[i].d);
    }
}

prog_state *
svt_program_add_state(svt_program * P)
{
    prog_state * S;
    int j, k;
    if (P->nstates >= PROG_MAX_STATES)
        return NULL;
    if (P->nstates == P->states_alloc)
    {
        P->states_alloc = FLINT_MAX(8, 2 * P->states_alloc);
        P->states = flint_realloc(P->states,
            (size_t) P->states_alloc * sizeof(prog_state));
    }
    S = P->states + P->nstates++;
    memset(S, 0, sizeof(*S));
    for (j = 0; j <= PROG_MAX_BRANCHES; j++)
        for (k = 0; k < PROG_MAX_ATOMS; k++)
            fmpq_init(S->branches[j].atoms[k].off);
    return S;
}

void
svt_program_clear(svt_program * P)
{
    int i, j, k;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j <= PROG_MAX_BRANCHES; j++)
            for (k = 0; k < PROG_MAX_ATOMS; k++)
                fmpq_clear(P->states[i].branches[j].atoms[k].off);
    flint_free(P->states);
    for (i = 0; i < P->nnoises; i++)
        spec_expr_free(P->noises[i].scale);
    for (i = 0; i < PROG_MAX_NOISES; i++)
    {
        fmpq_clear(P->noises[i].mean);
        fmpq_clear(P->noises[i].d);
    }
    spec_expr_free(P->limit);
    memset(P, 0, sizeof(*P));
}

static const char * program_words[] = { "register", "counter", "state",
    "answer", "if", "elif", "else", "argmax", NULL };

/* the reading position in one line */
typedef struct
{
    const char * line;
    const char * p;
    const char * file;
    long lineno;
    char * err;
    size_t errlen;
}
cursor;

static int
col_of(const cursor * c, const char * at)
{
    return (int) (at - c->line) + 1;
}

static int
fail(cursor * c, const char * at, const char * fmt, const char * a)
{
    char msg[400];
    snprintf(msg, sizeof(msg), fmt, a);
    snprintf(c->err, c->errlen, "%s:%ld:%d: %s", c->file, c->lineno,
        col_of(c, at), msg);
    return -1;
}

/* what is at the cursor, for messages */
static const char *
found(const cursor * c, char * buf, size_t len)
{
    size_t n = 0;
    if (*c->p == '\0')
        return "the end of the line";
    if (spec_find_invisible(c->p, 1) != NULL)
    {
        /* a character one cannot see (or not ASCII): by its code point */
        spec_char_name(buf, len, c->p);
        return buf;
    }
    while (c->p[n] != '\0' && !isspace((unsigned char) c->p[n]) && n + 1 < len
            && n < 24 && spec_find_invisible(c->p + n, 1) == NULL)
        n++;
    snprintf(buf, len, "'%.*s'", (int) n, c->p);
    return buf;
}

static void
skip(cursor * c)
{
    while (isspace((unsigned char) *c->p))
        c->p++;
}

/* an identifier into buf (at most 31 characters); 0 when none */
static int
ident(cursor * c, char * buf)
{
    size_t n = 0;
    skip(c);
    if (!isalpha((unsigned char) *c->p) && *c->p != '_')
        return 0;
    while (isalnum((unsigned char) c->p[n]) || c->p[n] == '_')
        n++;
    if (n > 31)
        return 0;
    memcpy(buf, c->p, n);
    buf[n] = '\0';
    c->p += n;
    return 1;
}

/* the keyword kw (a whole word, or a symbol) */
static int
accept(cursor * c, const char * kw)
{
    size_t n = strlen(kw);
    skip(c);
    if (strncmp(c->p, kw, n) != 0)
        return 0;
    if (isalpha((unsigned char) kw[0]) && (isalnum((unsigned char) c->p[n])
            || c->p[n] == '_'))
        return 0;
    c->p += n;
    return 1;
}

static int
expect(cursor * c, const char * kw, const char * allowed)
{
    char buf[40], msg[300];
    if (accept(c, kw))
        return 0;
    snprintf(msg, sizeof(msg), "found %s, expected %s",
        found(c, buf, sizeof(buf)), allowed);
    return fail(c, c->p, "%s", msg);
}

static int
at_end(cursor * c)
{
    skip(c);
    return *c->p == '\0';
}

/* the largest decimal exponent of a constant in a program (as in
   expressions): constants are read exactly, as rationals, at any size
   up to 10^300 */
#define PROG_MAX_EXP 300

/* a rational constant: decimal or a/b, what (e.g. "an offset") the
   kind of number read, for messages */
static int
rational(cursor * c, fmpq_t x, const char * what)
{
    long n;
    char buf[40], msg[300];
    skip(c);
    n = spec_read_decimal(x, c->p, PROG_MAX_EXP);
    if (n > 0 && !spec_decimal_in_range(x, PROG_MAX_EXP))
        n = -1;     /* written out past the exponent's range */
    if (n <= 0)
    {
        snprintf(msg, sizeof(msg), "found %s, expected %s: a number "
            "(decimal such as 2, 0.5 or 1e-3, or a/b%s)",
            *c->p ? found(c, buf, sizeof(buf)) : "the end of the line", what,
            n < 0 ? "; one dot at most, an exponent within 300: a magnitude from 10^-301 to 10^301" : "");
        return fail(c, c->p, "%s", msg);
    }
    c->p += n;
    if (*c->p == '/')
    {
        fmpq_t d;
        fmpq_init(d);
        n = spec_read_decimal(d, c->p + 1, PROG_MAX_EXP);
        if (n <= 0 || fmpq_is_zero(d))
        {
            char buf[40];
            fmpq_clear(d);
            c->p++;
            return fail(c, c->p, n <= 0 ? "found %s, expected a nonzero "
                "denominator after '/'" : "found the denominator %s, expected a "
                "nonzero denominator", found(c, buf, sizeof(buf)));
        }
        fmpq_div(x, x, d);
        fmpq_clear(d);
        c->p += n + 1;
    }
    return 0;
}

/* laplace(EXPR) or gaussian(EXPR), or with allow_exp exponential(EXPR):
   a new entry of the noise table */
static int
noise_law(svt_program * P, int * idx, cursor * c, int allow_exp)
{
    integral_law_kind law;
    const char * start, * open;
    char inner[1024], msg[256];
    int depth = 0, ecol = 0, exponential = 0;
    size_t n;
    skip(c);
    start = c->p;
    if (accept(c, "laplace"))
        law = INTEGRAL_LAPLACE;
    else if (accept(c, "gaussian"))
        law = INTEGRAL_GAUSSIAN;
    else if (accept(c, "exponential"))
    {
        if (!allow_exp)
            return fail(c, start, "found %s, expected laplace(SCALE) or "
                "gaussian(SCALE) (exponential noise is for 'argmax' only: "
                "one-sided noise on a compared answer has no density on "
                "both sides of the threshold)", "exponential");
        law = INTEGRAL_LAPLACE;
        exponential = 1;
    }
    else
    {
        char buf[40];
        return fail(c, c->p, allow_exp ? "found %s, expected laplace(SCALE) "
            "or exponential(SCALE)" : "found %s, expected laplace(SCALE) or "
            "gaussian(SCALE)", found(c, buf, sizeof(buf)));
    }
    skip(c);
    if (*c->p != '(')
        return fail(c, c->p, "found %s, expected '(' after the law",
            *c->p ? "another character" : "the end of the line");
    open = c->p;
    for (; *c->p != '\0'; c->p++)
    {
        if (*c->p == '(')
            depth++;
        else if (*c->p == ')' && --depth == 0)
            break;
    }
    if (*c->p != ')')
        return fail(c, open, "found %s, expected a closing ')'", "'(' without ')'");
    n = (size_t) (c->p - open - 1);
    if (n >= sizeof(inner))
        return fail(c, open, "found %s, expected a scale of at most 1000 "
            "characters", "a longer scale");
    memcpy(inner, open + 1, n);
    inner[n] = '\0';
    c->p++;
    if (P->nnoises == PROG_MAX_NOISES)
        return fail(c, start, "found %s, expected at most 64 noises in a "
            "program (the register, each noisy answer and each reset or fresh "
            "output written is one)", "a 65th noise");
    P->noises[P->nnoises].scale = spec_expr_parse(inner, msg, sizeof(msg), &ecol);
    if (P->noises[P->nnoises].scale == NULL)
        return fail(c, open + ecol, "%s", msg);
    P->noises[P->nnoises].law = law;
    P->noises[P->nnoises].exponential = exponential;
    P->noises[P->nnoises].line = (int) c->lineno;
    P->noises[P->nnoises].col = (int) (open + 1 - c->line) + 1;
    *idx = P->nnoises++;
    return 0;
}

static int
noise(svt_program * P, int * idx, cursor * c)
{
    return noise_law(P, idx, c, 0);
}

static prog_state *
current_state(svt_program * P)
{
    return P->nstates > 0 ? P->states + P->nstates - 1 : NULL;
}

/* the answer named buf in state S, or -1 */
static int
answer_index(const prog_state * S, const char * buf)
{
    int i;
    for (i = 0; i < S->nanswers; i++)
        if (strcmp(S->answer_name[i], buf) == 0)
            return i;
    return -1;
}

/* an answer name of the current state */
static int
answer_ref(svt_program * P, int * idx, cursor * c)
{
    char buf[32];
    const char * at;
    skip(c);
    at = c->p;
    if (!ident(c, buf))
        return fail(c, at, "found %s, expected the name of a noisy answer of "
            "this state", *at ? "no name" : "the end of the line");
    *idx = answer_index(current_state(P), buf);
    if (*idx < 0)
        return fail(c, at, "found '%s', expected the name of a noisy answer "
            "declared in this state ('answer NAME = q + laplace(...)')", buf);
    return 0;
}

/* REG [(+|-) NUMBER]: the register, and its offset into off */
static int
register_plus(svt_program * P, fmpq_t off, cursor * c)
{
    char buf[32];
    const char * at;
    char what[48];
    skip(c);
    at = c->p;
    found(c, what, sizeof(what));
    if (!ident(c, buf) || strcmp(buf, P->register_name) != 0)
    {
        char msg[400];
        snprintf(msg, sizeof(msg), "found %s, expected the register %s (%s, "
            "%s + NUMBER or %s - NUMBER)", what, P->register_name,
            P->register_name, P->register_name, P->register_name);
        return fail(c, at, "%s", msg);
    }
    fmpq_zero(off);
    if (accept(c, "+"))
        return rational(c, off, "an offset");
    if (accept(c, "-"))
    {
        if (rational(c, off, "an offset"))
            return -1;
        fmpq_neg(off, off);
    }
    return 0;
}

static int
add_atom(prog_branch * B, int answer, prog_op op, int strict, const fmpq_t off,
    cursor * c, const char * at)
{
    if (B->natoms == PROG_MAX_ATOMS)
    {
        char what[80];
        int n = (int) FLINT_MIN(c->p - at, 40);
        while (n > 0 && isspace((unsigned char) at[n - 1]))
            n--;
        snprintf(what, sizeof(what), "a ninth comparison '%.*s'", n, at);
        return fail(c, at, "found %s, expected at most 8 comparisons in a guard",
            what);
    }
    B->atoms[B->natoms].answer = answer;
    B->atoms[B->natoms].op = op;
    B->atoms[B->natoms].strict = strict;
    fmpq_set(B->atoms[B->natoms].off, off);
    B->natoms++;
    return 0;
}

/* one comparison: y OP REG+a | abs(y) OP REG+a | REG+a <= y < REG+b */
static int
atom(svt_program * P, prog_branch * B, cursor * c)
{
    const char * at;
    int ans, absv = 0, r = 0;
    fmpq_t off, off2;
    char buf[32];
    skip(c);
    at = c->p;
    fmpq_init(off);
    fmpq_init(off2);
    if (strncmp(c->p, P->register_name, strlen(P->register_name)) == 0
            && !isalnum((unsigned char) c->p[strlen(P->register_name)])
            && c->p[strlen(P->register_name)] != '_')
    {
        /* a range REG + a <= y < REG + b */
        int s1 = 1, s2 = 1;
        if (register_plus(P, off, c) || (accept(c, "<=") ? (s1 = 0) : expect(c,
                "<", "'<=' or '<' (a range: REG + a <= ANSWER < REG + b)"))
            || answer_ref(P, &ans, c) || (accept(c, "<=") ? (s2 = 0) : expect(c,
                "<", "'<' or '<=' (a range: REG + a <= ANSWER < REG + b)"))
            || register_plus(P, off2, c))
            r = -1;
        else if (fmpq_cmp(off, off2) >= 0)
        {
            char what[80];
            snprintf(what, sizeof(what), "the empty range '%.*s'",
                (int) FLINT_MIN(c->p - at, 50), at);
            r = fail(c, at, "found %s, expected a range REG + a <= ANSWER < REG + b "
                "with a < b", what);
        }
        else
            r = add_atom(B, ans, PROG_GE, s1, off, c, at) || add_atom(B, ans,
                PROG_LT, s2, off2, c, at) ? -1 : 0;
        goto done;
    }
    if (accept(c, "abs"))
    {
        absv = 1;
        if (expect(c, "(", "'(' after abs") || answer_ref(P, &ans, c)
                || expect(c, ")", "')'"))
        {
            r = -1;
            goto done;
        }
    }
    else if (answer_ref(P, &ans, c))
    {
        r = -1;
        goto done;
    }
    skip(c);
    {
        prog_op op;
        int strict = 0;
        const char * opat = c->p;
        if (accept(c, ">=") || (accept(c, ">") && (strict = 1)))
            op = absv ? PROG_ABS_GE : PROG_GE;
        else if (accept(c, "<=") || (accept(c, "<") && (strict = 1)))
            op = absv ? PROG_ABS_LT : PROG_LT;
        else
        {
            r = fail(c, opat, "found %s, expected a comparison >=, >, < or <=",
                found(c, buf, sizeof(buf)));
            goto done;
        }
        if (register_plus(P, off, c))
            r = -1;
        else
            r = add_atom(B, ans, op, strict, off, c, at);
    }
done:
    fmpq_clear(off);
    fmpq_clear(off2);
    return r;
}

/* 1 when the atoms of B of kind abs (0: y, 1: |y|) meet at one value of
   y - (T + z): some lower end a (>=, >) equals some upper end b (<, <=).
   (A lower end above an upper end leaves no value: an empty guard, whose
   probability the engine computes as exactly 0.) */
static int
guard_point(const prog_branch * B, int abs)
{
    int i, j;
    for (i = 0; i < B->natoms; i++)
        for (j = 0; j < B->natoms; j++)
            if (B->atoms[i].op == (abs ? PROG_ABS_GE : PROG_GE)
                    && B->atoms[j].op == (abs ? PROG_ABS_LT : PROG_LT)
                    && fmpq_equal(B->atoms[i].off, B->atoms[j].off))
                return 1;
    return 0;
}

static int
guard(svt_program * P, prog_branch * B, cursor * c)
{
    int first = -1;
    const char * start;
    skip(c);
    start = c->p;
    do
    {
        const char * at;
        skip(c);
        at = c->p;
        if (atom(P, B, c))
            return -1;
        if (first < 0)
            first = B->atoms[0].answer;
        else if (B->atoms[B->natoms - 1].answer != first)
            return fail(c, at, "found %s, expected comparisons of one noisy "
                "answer in a guard (the engine needs each branch's condition "
                "to be on one answer)", "a second answer");
    }
    while (accept(c, "and") || accept(c, "&&"));
    /* a guard that holds at one value has probability 0: its outputs
       cannot be observed (a gap released there was given a density) */
    if (guard_point(B, 0) || guard_point(B, 1))
        return fail(c, start, "found %s, expected lower ends below upper ends "
            "(a guard that holds at one value has probability 0)",
            "a guard whose lower end equals its upper end");
    return 0;
}

static int
output(svt_program * P, prog_branch * B, cursor * c)
{
    char buf[32];
    const char * at;
    skip(c);
    at = c->p;
    if (accept(c, "bot"))
        B->out = PROG_OUT_BOT;
    else if (accept(c, "top"))
        B->out = PROG_OUT_TOP;
    else if (accept(c, "nothing"))
    {
        /* no output: written '-' in output vectors */
        B->out = PROG_OUT_LABEL;
        strcpy(B->out_label, "-");
    }
    else if (accept(c, "q"))
    {
        B->out = PROG_OUT_FRESH;
        if (expect(c, "+", "'+' (q + laplace(SCALE): the answer with fresh noise)")
                || noise(P, &B->out_noise, c))
            return -1;
        strcpy(P->noises[B->out_noise].what, "output q + noise");
    }
    else if (ident(c, buf))
    {
        B->out_answer = answer_index(current_state(P), buf);
        if (B->out_answer < 0)
        {
            /* a label */
            if (strcmp(buf, P->register_name) == 0 || strcmp(buf, "q") == 0)
                return fail(c, at, "found '%s', expected bot, top, a label, a "
                    "noisy answer of this state, ANSWER - REGISTER (the gap) or "
                    "q + laplace(SCALE)", buf);
            if (strcmp(buf, PROG_END_LABEL) == 0)
                return fail(c, at, "found the label '%s', expected another "
                    "name (it is the output of a run that ends because no "
                    "branch holds)", buf);
            if (strcmp(buf, "stop") == 0)
                return fail(c, at, "found the label '%s', expected another "
                    "name (in an output vector, 'stop' marks where a run "
                    "stopped with queries left; the action is '; stop')", buf);
            B->out = PROG_OUT_LABEL;
            strcpy(B->out_label, buf);
            return 0;
        }
        B->out = PROG_OUT_NOISY;
        if (accept(c, "-"))
        {
            const char * rat;
            skip(c);
            rat = c->p;
            if (!ident(c, buf) || strcmp(buf, P->register_name) != 0)
                return fail(c, rat, "found %s, expected the register (the gap "
                    "is ANSWER - REGISTER)", "something else");
            B->out = PROG_OUT_GAP;
        }
    }
    else
        return fail(c, at, "found %s, expected bot, top, a noisy answer, "
            "ANSWER - REGISTER (the gap) or q + laplace(SCALE)",
            found(c, buf, sizeof(buf)));
    return 0;
}

/* the cost of a branch after the word cost: an integer from 0 to 10^6 */
static int
cost_action(prog_branch * B, cursor * c)
{
    const char * at;
    fmpq_t x;
    int r = 0;
    fmpq_init(x);
    skip(c);
    at = c->p;
    if (*c->p == '-' || *c->p == '+')
    {
        /* a sign: the cost is read whole, for the message */
        const char * p = c->p + 1;
        long n;
        char msg[300], buf[40];
        while (*p == ' ' || *p == '\t')
            p++;
        n = spec_read_decimal(x, p, PROG_MAX_EXP);
        if (n > 0)
            snprintf(buf, sizeof(buf), "the cost %c%.*s", *c->p,
                (int) FLINT_MIN(n, 30), p);
        else
            found(c, buf, sizeof(buf));
        snprintf(msg, sizeof(msg), "found %s, expected a cost (costs are "
            "integers from 0 to 10^6%s)", buf,
            *c->p == '-' && n > 0 && !fmpq_is_zero(x) ? "; a refund, a "
            "negative cost, is not supported" : "; write the number "
            "without a sign");
        r = fail(c, at, "%s", msg);
    }
    else if (rational(c, x, "a cost"))
        r = -1;
    else if (!fmpz_is_one(fmpq_denref(x))
            || fmpz_cmp_si(fmpq_numref(x), 1000000) > 0)
    {
        char msg[300];
        snprintf(msg, sizeof(msg), "found the cost %.*s%s, expected a "
            "cost (costs are integers from 0 to 10^6: the counter counts "
            "whole steps up to its limit)", (int) FLINT_MIN(c->p - at, 40),
            at, fmpz_is_one(fmpq_denref(x)) ? ", more than 10^6"
            : ", not an integer");
        r = fail(c, at, "%s", msg);
    }
    else
        B->cost = fmpz_get_si(fmpq_numref(x));
    fmpq_clear(x);
    return r;
}

/* the actions a branch may hold once each (action's *seen) */
#define SEEN_OUTPUT 1
#define SEEN_COST 2
#define SEEN_GOTO 4
#define SEEN_RESET 8
#define SEEN_STOP 16

/* action word w at `at` given twice in one branch: the error (a second
   cost, goto or reset would silently replace the first) */
static int
twice(cursor * c, const char * at, int * seen, int bit, const char * w)
{
    char what[64];
    if (!(*seen & bit))
    {
        *seen |= bit;
        return 0;
    }
    snprintf(what, sizeof(what), "a second %s", w);
    return fail(c, at, "found %s, expected one per branch (a second would "
        "replace the first)", what);
}

static int
action(svt_program * P, prog_branch * B, cursor * c, int * seen)
{
    char buf[40];
    const char * at;
    skip(c);
    at = c->p;
    if (accept(c, "output"))
    {
        if (twice(c, at, seen, SEEN_OUTPUT, "output"))
            return -1;
        return output(P, B, c);
    }
    if (accept(c, "cost"))
    {
        if (twice(c, at, seen, SEEN_COST, "cost"))
            return -1;
        return cost_action(B, c);
    }
    if (accept(c, "stop"))
    {
        if (twice(c, at, seen, SEEN_STOP, "stop"))
            return -1;
        B->stop = 1;
        return 0;
    }
    if (accept(c, "goto"))
    {
        if (twice(c, at, seen, SEEN_GOTO, "goto"))
            return -1;
        skip(c);
        at = c->p;
        if (!ident(c, B->next_name))
            return fail(c, at, "found %s, expected a state name",
                found(c, buf, sizeof(buf)));
        return 0;
    }
    if (accept(c, "reset"))
    {
        if (twice(c, at, seen, SEEN_RESET, "reset"))
            return -1;
        skip(c);
        if (strncmp(c->p, "laplace", 7) == 0 || strncmp(c->p, "gaussian", 8) == 0)
        {
            B->reset = PROG_RESET_FRESH;
            if (noise(P, &B->reset_noise, c))
                return -1;
            strcpy(P->noises[B->reset_noise].what, "reset");
            return 0;
        }
        B->reset = PROG_RESET_ANSWER;
        return answer_ref(P, &B->reset_answer, c);
    }
    return fail(c, at, "found %s, expected an action: output, cost, stop, "
        "goto or reset", found(c, buf, sizeof(buf)));
}

static int
actions(svt_program * P, prog_branch * B, cursor * c)
{
    int seen = 0;
    do
        if (action(P, B, c, &seen))
            return -1;
    while (accept(c, ";"));
    if (!at_end(c))
    {
        char buf[40];
        return fail(c, c->p, "found %s, expected ';' and another action, or the "
            "end of the line", found(c, buf, sizeof(buf)));
    }
    if (!(seen & SEEN_OUTPUT))
        return fail(c, c->line, "found %s, expected an output in every branch "
            "(output bot, top, a label, nothing, a noisy answer, its gap or "
            "q + noise)", "a branch without output");
    return 0;
}

static int
branch_line(svt_program * P, cursor * c, const char * word, const char * at)
{
    prog_state * S = current_state(P);
    prog_branch * B;
    if (S == NULL)
        return fail(c, at, "found '%s', expected 'state NAME:' before the "
            "first branch", word);
    if (S->nbranches > 0 && S->branches[S->nbranches - 1].natoms == 0)
        return fail(c, at, "found '%s', expected no branch after 'else' (it "
            "takes every remaining outcome)", word);
    if ((strcmp(word, "if") == 0) != (S->nbranches == 0))
        return fail(c, at, "found '%s', expected 'if' for the first branch of "
            "a state and 'elif' or 'else' after it", word);
    if (S->nbranches == PROG_MAX_BRANCHES)
        return fail(c, at, "found %s, expected at most 8 branches in a state",
            "a ninth branch");
    B = S->branches + S->nbranches++;
    B->line = (int) c->lineno;
    B->col = col_of(c, at);
    B->next = (int) (S - P->states);
    if (strcmp(word, "else") != 0)
    {
        if (guard(P, B, c) || expect(c, "then", "'then' after the guard"))
            return -1;
    }
    return actions(P, B, c);
}

int
svt_program_is_line(const char * line)
{
    int k;
    while (isspace((unsigned char) *line))
        line++;
    for (k = 0; program_words[k] != NULL; k++)
    {
        size_t n = strlen(program_words[k]);
        if (strncmp(line, program_words[k], n) == 0
                && !isalnum((unsigned char) line[n]) && line[n] != '_'
                && line[n] != '-')
            return 1;
    }
    return 0;
}

static int
state_line(svt_program * P, cursor * c, const char * at)
{
    prog_state * S;
    char buf[40];
    int i;
    if (P->argmax)
        return fail(c, at, "found %s, expected nothing after 'argmax' (Report "
            "Noisy Max is one line)", "'state'");
    if (P->register_noise < 0)
        return fail(c, at, "found %s, expected 'register NAME = laplace(SCALE)' "
            "before the first state", "'state'");
    S = svt_program_add_state(P);
    if (S == NULL)
        return fail(c, at, "found %s, expected at most 4096 states",
            "one more state");
    skip(c);
    at = c->p;
    if (!ident(c, S->name))
        return fail(c, at, "found %s, expected a state name",
            found(c, buf, sizeof(buf)));
    for (i = 0; i < P->nstates - 1; i++)
        if (strcmp(P->states[i].name, S->name) == 0)
            return fail(c, at, "found '%s', expected a new state name (it is "
                "defined twice)", S->name);
    S->line = (int) c->lineno;
    if (expect(c, ":", "':' after the state name"))
        return -1;
    if (!at_end(c))
        return fail(c, c->p, "found %s, expected the end of the line after "
            "'state NAME:'", found(c, buf, sizeof(buf)));
    return 0;
}

static int
answer_line(svt_program * P, cursor * c, const char * at)
{
    prog_state * S = current_state(P);
    char name[32], buf[40];
    if (S == NULL)
        return fail(c, at, "found %s, expected 'state NAME:' before its "
            "answers", "'answer'");
    if (S->nbranches > 0)
        return fail(c, at, "found %s, expected the answers of a state before "
            "its branches", "'answer'");
    if (S->nanswers == PROG_MAX_ANSWERS)
        return fail(c, at, "found %s, expected at most 4 noisy answers per "
            "state", "a fifth answer");
    skip(c);
    at = c->p;
    if (!ident(c, name) || strcmp(name, P->register_name) == 0
            || strcmp(name, "q") == 0 || answer_index(S, name) >= 0)
    {
        c->p = at;      /* the name itself, when it was read */
        return fail(c, at, "found %s, expected a new answer name (not q, not "
            "the register, not used in this state)", found(c, buf, sizeof(buf)));
    }
    if (expect(c, "=", "'=' after the answer name"))
        return -1;
    strcpy(S->answer_name[S->nanswers], name);
    skip(c);
    at = c->p;
    if (accept(c, "exact"))
    {
        if (S->abs_query)
            return fail(c, at, "found %s, expected every answer of a state on "
                "q or every one on abs(q) (write abs(q) for the exact |q|)",
                "exact");
        S->answer_noise[S->nanswers] = -1;
    }
    else if (accept(c, "abs"))
    {
        /* abs(q) [+ NOISE]: the answer is |q| (+ noise) */
        if (S->nanswers > 0 && !S->abs_query)
            return fail(c, at, "found %s, expected every answer of a state on "
                "q or every one on abs(q)", "abs(q)");
        if (expect(c, "(", "'(' after abs") || expect(c, "q", "'q' in abs(q)")
                || expect(c, ")", "')' after abs(q"))
            return -1;
        S->abs_query = 1;
        S->answer_noise[S->nanswers] = -1;
        if (accept(c, "+") && noise(P, &S->answer_noise[S->nanswers], c))
            return -1;
    }
    else if (accept(c, "q"))
    {
        if (S->abs_query)
            return fail(c, at, "found %s, expected every answer of a state on "
                "q or every one on abs(q)", "q");
        if (expect(c, "+", "'+' (q + laplace(SCALE), q + gaussian(SCALE), "
                "abs(q) + ... or exact)") || noise(P, &S->answer_noise[S->nanswers], c))
            return -1;
    }
    else
        return fail(c, c->p, "found %s, expected q + laplace(SCALE), "
            "q + gaussian(SCALE), abs(q) + laplace(SCALE), abs(q) or exact",
            found(c, buf, sizeof(buf)));
    if (S->answer_noise[S->nanswers] >= 0)
        snprintf(P->noises[S->answer_noise[S->nanswers]].what,
            sizeof(P->noises[0].what), "answer %s", name);
    S->nanswers++;
    if (!at_end(c))
        return fail(c, c->p, "found %s, expected the end of the line",
            found(c, buf, sizeof(buf)));
    return 0;
}

static int
register_line(svt_program * P, cursor * c, const char * at)
{
    char buf[40];
    if (P->register_noise >= 0)
        return fail(c, at, "found %s, expected one register per program",
            "a second 'register'");
    skip(c);
    at = c->p;
    if (!ident(c, P->register_name) || strcmp(P->register_name, "q") == 0)
        return fail(c, at, "found %s, expected the register's name "
            "(register z = laplace(SCALE))", found(c, buf, sizeof(buf)));
    if (expect(c, "=", "'=' after the register name")
            || noise(P, &P->register_noise, c))
        return -1;
    {
        char name[32];
        memcpy(name, P->register_name, sizeof(name));
        name[31] = '\0';
        snprintf(P->noises[P->register_noise].what, sizeof(P->noises[0].what),
            "register %s", name);
    }
    if (!at_end(c))
        return fail(c, c->p, "found %s, expected the end of the line",
            found(c, buf, sizeof(buf)));
    return 0;
}

/* argmax NAME = q + (laplace|exponential)(SCALE) output (index | value): Report Noisy
   Max as a one-state program whose register is the winner's noisy value
   (z = y_k): the winner outputs top (index) or its noisy value, every
   other query bot */
static int
argmax_line(svt_program * P, cursor * c, const char * at)
{
    prog_state * S;
    char buf[40];
    int value;
    if (P->nstates > 0 || P->register_noise >= 0 || P->has_counter)
        return fail(c, at, "found %s, expected 'argmax' alone: Report Noisy Max "
            "has no register, counter or states of its own", "'argmax'");
    S = svt_program_add_state(P);
    P->argmax = 1;
    strcpy(S->name, "argmax");
    strcpy(P->register_name, "z");
    S->line = (int) c->lineno;
    skip(c);
    at = c->p;
    if (!ident(c, S->answer_name[0]) || strcmp(S->answer_name[0], "z") == 0
            || strcmp(S->answer_name[0], "q") == 0)
        return fail(c, at, "found %s, expected the answer's name (argmax y = q "
            "+ laplace(SCALE) output index)", found(c, buf, sizeof(buf)));
    if (expect(c, "=", "'='") || expect(c, "q", "q + laplace(SCALE)")
            || expect(c, "+", "'+'")
            || noise_law(P, &S->answer_noise[0], c, 1))
        return -1;
    snprintf(P->noises[S->answer_noise[0]].what, sizeof(P->noises[0].what),
        "argmax %s", S->answer_name[0]);
    if (P->noises[S->answer_noise[0]].law != INTEGRAL_LAPLACE)
        return fail(c, at, "found %s, expected laplace(SCALE) or "
            "exponential(SCALE) (Report Noisy Max with Gaussian noise is not "
            "supported)", "gaussian");
    S->nanswers = 1;
    P->register_noise = S->answer_noise[0];
    if (expect(c, "output", "'output index' or 'output value'"))
        return -1;
    if (accept(c, "index"))
        value = 0;
    else if (accept(c, "value"))
        value = 1;
    else
        return fail(c, c->p, "found %s, expected index or value",
            found(c, buf, sizeof(buf)));
    if (!at_end(c))
        return fail(c, c->p, "found %s, expected the end of the line",
            found(c, buf, sizeof(buf)));
    /* the branches say what each query can output: the winner (y >= z,
       z its own value) and the others */
    S->nbranches = 2;
    S->branches[0].natoms = 1;
    S->branches[0].atoms[0].answer = 0;
    S->branches[0].atoms[0].op = PROG_GE;
    S->branches[0].out = value ? PROG_OUT_NOISY : PROG_OUT_TOP;
    S->branches[0].out_answer = 0;
    S->branches[1].out = PROG_OUT_BOT;
    S->branches[0].line = S->branches[1].line = (int) c->lineno;
    return 0;
}

static int
counter_line(svt_program * P, cursor * c, const char * at)
{
    char msg[256];
    int ecol = 0;
    if (P->has_counter)
        return fail(c, at, "found %s, expected one counter per program",
            "a second 'counter'");
    if (expect(c, "=", "'=' (counter = LIMIT, an integer expression in c)"))
        return -1;
    skip(c);
    at = c->p;
    P->limit = spec_expr_parse(c->p, msg, sizeof(msg), &ecol);
    if (P->limit == NULL)
        return fail(c, at + (ecol > 0 ? ecol - 1 : 0), "%s", msg);
    P->limit_line = (int) c->lineno;
    P->limit_col = col_of(c, at);
    P->has_counter = 1;
    return 0;
}

int
svt_program_parse_line(svt_program * P, const char * line, const char * file,
    long lineno, char * err, size_t errlen)
{
    cursor c = { line, line, file, lineno, err, errlen };
    char word[32] = "";
    const char * at;
    if (!svt_program_is_line(line))
        return 0;
    skip(&c);
    at = c.p;
    ident(&c, word);
    if (P->argmax)
        return fail(&c, at, "found '%s', expected no other program line after "
            "'argmax' (Report Noisy Max is one line)", word);
    if (strcmp(word, "register") == 0)
        return register_line(P, &c, at) ? -1 : 1;
    if (strcmp(word, "counter") == 0)
        return counter_line(P, &c, at) ? -1 : 1;
    if (strcmp(word, "argmax") == 0)
        return argmax_line(P, &c, at) ? -1 : 1;
    if (strcmp(word, "state") == 0)
        return state_line(P, &c, at) ? -1 : 1;
    if (strcmp(word, "answer") == 0)
        return answer_line(P, &c, at) ? -1 : 1;
    return branch_line(P, &c, word, at) ? -1 : 1;
}

/* the implicit last branch `else output end; stop` of every state whose
   guards may all fail (Report Noisy Max has no guards to fail) */
static void
add_endings(svt_program * P)
{
    int i;
    if (P->argmax)
        return;
    for (i = 0; i < P->nstates; i++)
    {
        prog_state * S = P->states + i;
        prog_branch * E;
        if (svt_program_state_complete(P, i))
            continue;
        E = S->branches + S->nbranches++;
        E->natoms = 0;
        E->out = PROG_OUT_LABEL;
        strcpy(E->out_label, PROG_END_LABEL);
        E->cost = 0;
        E->stop = 1;
        E->reset = PROG_RESET_NONE;
        E->next = i;
        E->next_name[0] = '\0';
        E->line = S->line;
        E->col = 1;
        E->ending = 1;
    }
}

/* where the first branch whose output is label (a pointer into P, as
   svt_program_alphabet gives it) is written; the implicit ending is not
   written: its state's line */
static void
label_place(int * line, int * col, const svt_program * P, const char * label)
{
    int i, j;
    *line = *col = 1;
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
            if (P->states[i].branches[j].out_label == label)
            {
                const prog_branch * B = P->states[i].branches + j;
                *line = B->line > 0 ? B->line : P->states[i].line;
                *col = B->line > 0 ? B->col : 1;
                return;
            }
}

/* the outputs of one query fit the tables of SVT_PROGRAM_MAX_ALPHABET;
   else the error names the first label past them, where it is written */
static int
alphabet_fits(const svt_program * P, const char * file, char * err,
    size_t errlen)
{
    slong n = 3, i;
    svt_answer_kind * kind;
    const char ** label;
    int line, col;
    for (i = 0; i < P->nstates; i++)
        n += P->states[i].nbranches;
    kind = flint_malloc(n * sizeof(svt_answer_kind));
    label = flint_malloc(n * sizeof(const char *));
    n = svt_program_alphabet(kind, label, P);
    if (n > SVT_PROGRAM_MAX_ALPHABET)
    {
        label_place(&line, &col, P, label[SVT_PROGRAM_MAX_ALPHABET]);
        snprintf(err, errlen, "%s:%d:%d: found the output '%s', one more than "
            "%d different outputs of one query, expected at most %d (bot, top "
            "and %d labels)", file, line, col, label[SVT_PROGRAM_MAX_ALPHABET],
            SVT_PROGRAM_MAX_ALPHABET, SVT_PROGRAM_MAX_ALPHABET,
            SVT_PROGRAM_MAX_ALPHABET - 2);
    }
    flint_free(kind);
    flint_free(label);
    return n <= SVT_PROGRAM_MAX_ALPHABET ? 0 : -1;
}

int
svt_program_finish(svt_program * P, const char * file, long lineno,
    char * err, size_t errlen)
{
    int i, j, k;
    if (P->nstates == 0)
    {
        snprintf(err, errlen, "%s:%ld:1: found the end of the file, expected "
            "'register NAME = laplace(SCALE)' and at least one 'state NAME:'",
            file, lineno);
        return -1;
    }
    for (i = 0; i < P->nstates; i++)
    {
        prog_state * S = P->states + i;
        if (S->nbranches == 0)
        {
            snprintf(err, errlen, "%s:%d:1: state '%s' has no branch, expected "
                "'if GUARD then ...' and 'else ...'", file, S->line, S->name);
            return -1;
        }
        for (j = 0; j < S->nbranches; j++)
        {
            prog_branch * B = S->branches + j;
            if (B->next_name[0] != '\0')
            {
                for (k = 0; k < P->nstates; k++)
                    if (strcmp(P->states[k].name, B->next_name) == 0)
                        break;
                if (k == P->nstates)
                {
                    snprintf(err, errlen, "%s:%d:%d: found 'goto %s', expected "
                        "the name of a state of the program", file, B->line,
                        B->col, B->next_name);
                    return -1;
                }
                B->next = k;
            }
            if (B->out == PROG_OUT_GAP && S->answer_noise[B->out_answer] >= 0
                    && P->noises[S->answer_noise[B->out_answer]].law != INTEGRAL_LAPLACE)
            {
                snprintf(err, errlen, "%s:%d:%d: found a gap output of a "
                    "Gaussian answer, expected a Laplace answer (the engine "
                    "integrates Laplace densities in the register only)",
                    file, B->line, B->col);
                return -1;
            }
            if (B->out == PROG_OUT_GAP && S->answer_noise[B->out_answer] < 0)
            {
                snprintf(err, errlen, "%s:%d:%d: found a gap output of an exact "
                    "answer, expected a noisy answer (an exact gap would "
                    "release the register)", file, B->line, B->col);
                return -1;
            }
            if (B->out == PROG_OUT_NOISY && S->answer_noise[B->out_answer] < 0)
            {
                snprintf(err, errlen, "%s:%d:%d: found an output of an exact "
                    "answer, expected a noisy answer (the output would be "
                    "q itself)", file, B->line, B->col);
                return -1;
            }
            if (B->reset == PROG_RESET_ANSWER
                    && S->answer_noise[B->reset_answer] < 0)
            {
                snprintf(err, errlen, "%s:%d:%d: found 'reset %s' of an exact "
                    "answer, expected a noisy answer (a register set to q "
                    "itself has no noise to integrate)", file, B->line, B->col,
                    S->answer_name[B->reset_answer]);
                return -1;
            }
            if (B->out >= PROG_OUT_NOISY)
                P->outputs_numbers = 1;
            if (B->reset != PROG_RESET_NONE)
                P->has_reset = 1;
        }
    }
    add_endings(P);
    return alphabet_fits(P, file, err, errlen);
}
