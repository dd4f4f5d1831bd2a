/* dipa_parse.c -- reading DiPAut's automata (.dipa) into a program.

   The grammar is DiPAut's (core/parser.py of bhusalb/DiPAut):
     block     := '(' SID [':' 'non-input'] ',' r ',' r [',' r ',' r] ')'
                  ':' statement
     statement := 'if' '(' cmp ')' 'then' bstmt ('elseif' '(' cmp ')'
                  'then' bstmt)* | bstmt
     cmp       := 'insample' op VAR ('&&' 'insample' op VAR)*
     bstmt     := [VAR ':=' 'insample' (',' VAR ':=' 'insample')* ';']
                  'output' (OID | 'insample' | 'insampleprime') ';'
                  'goto' SID
     r         := NUMBER | NUMBER '/' NUMBER
   with SID = q..., OID = o..., op in <, <=, >, >=.  Lines starting with
   '#' are ours: "# claimed = EXPR" sets the claimed budget.

   Semantics (DiPA): in state (d, mu, d', mu') reading input a,
   insample = a + mu + Lap(1/(d eps)) and insample' = a + mu' +
   Lap(1/(d' eps)); a non-input state reads nothing (a = 0).  The
   outputs obot and otop are our bot and top; other output names are
   labels; 'goto' to a state that is not defined ends the run.  Each
   step of the automaton is one entry of the query and output vectors
   (a non-input step's query value is ignored). */

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "program.h"

typedef struct
{
    const char * text, * p, * file;
    long line;
    const char * line_start;
    char * err;
    size_t errlen;
    char reg[PROG_MAX_REGS][32];    /* the registers' names, as seen */
    int nregs;
    long reg_line[PROG_MAX_REGS];   /* where each is first seen */
    int reg_col[PROG_MAX_REGS];
    unsigned assigned;              /* the registers some transition sets */
    fmpq * dsum;            /* the sum of every d and d' */
}
dipa_lex;

static int
dfail(dipa_lex * L, const char * at, const char * fmt, const char * a)
{
    char msg[400];
    snprintf(msg, sizeof(msg), fmt, a);
    snprintf(L->err, L->errlen, "%s:%ld:%d: %s", L->file, L->line,
        (int) (at - L->line_start) + 1, msg);
    return -1;
}

/* skips blanks, newlines and our '#' lines */
static void
dskip(dipa_lex * L)
{
    for (;;)
    {
        while (*L->p == ' ' || *L->p == '\t' || *L->p == '\r')
            L->p++;
        if (*L->p == '\n')
        {
            L->p++;
            L->line++;
            L->line_start = L->p;
            continue;
        }
        if (*L->p == '#' && L->p == L->line_start)
        {
            while (*L->p != '\0' && *L->p != '\n')
                L->p++;
            continue;
        }
        return;
    }
}

static const char *
dfound(dipa_lex * L, char * buf, size_t len)
{
    size_t n = 0;
    if (*L->p == '\0')
        return "the end of the file";
    while (L->p[n] != '\0' && !isspace((unsigned char) L->p[n]) && n < 20
            && n + 1 < len)
        n++;
    snprintf(buf, len, "'%.*s'", (int) n, L->p);
    return buf;
}

static int
dsym(dipa_lex * L, const char * sym)
{
    size_t n = strlen(sym);
    dskip(L);
    if (strncmp(L->p, sym, n) != 0)
        return 0;
    if (isalpha((unsigned char) sym[0]) && (isalnum((unsigned char) L->p[n])
            || L->p[n] == '_' || (strcmp(sym, "insample") == 0 && L->p[n] == '\'')))
        return 0;
    L->p += n;
    return 1;
}

static int
dexpect(dipa_lex * L, const char * sym, const char * what)
{
    char buf[40], msg[200];
    if (dsym(L, sym))
        return 0;
    snprintf(msg, sizeof(msg), "found %s, expected %s", dfound(L, buf,
        sizeof(buf)), what);
    return dfail(L, L->p, "%s", msg);
}

static int
dword(dipa_lex * L, char * buf)
{
    size_t n = 0;
    dskip(L);
    if (!isalpha((unsigned char) *L->p) && *L->p != '_')
        return 0;
    while (isalnum((unsigned char) L->p[n]) || L->p[n] == '_')
        n++;
    if (n > 31)
        return 0;
    memcpy(buf, L->p, n);
    buf[n] = '\0';
    L->p += n;
    return 1;
}

/* NUMBER or NUMBER/NUMBER, >= 0 */
static int
drational(dipa_lex * L, fmpq_t x)
{
    long n;
    dskip(L);
    n = spec_read_decimal(x, L->p, 30);
    if (n <= 0)
    {
        char buf[40];
        return dfail(L, L->p, "found %s, expected a number (N or N/M)",
            dfound(L, buf, sizeof(buf)));
    }
    L->p += n;
    if (*L->p == '/')
    {
        fmpq_t d;
        fmpq_init(d);
        n = spec_read_decimal(d, L->p + 1, 30);
        if (n <= 0 || fmpq_is_zero(d))
        {
            fmpq_clear(d);
            return dfail(L, L->p, "found %s, expected N/M with M > 0",
                "a bad fraction");
        }
        fmpq_div(x, x, d);
        fmpq_clear(d);
        L->p += n + 1;
    }
    return 0;
}

/* the noise Lap(1/(d eps)) centred at mu: a new entry of the table */
static int
dnoise(svt_program * P, int * idx, dipa_lex * L, const char * at,
    const fmpq_t d, const fmpq_t mu)
{
    char expr[200], msg[200], * ds;
    int ecol;
    if (fmpq_sgn(d) <= 0)
        return dfail(L, at, "found %s, expected a scaling factor d > 0 (the "
            "noise is Lap(1/(d eps)))", "d = 0");
    if (P->nnoises == PROG_MAX_NOISES)
        return dfail(L, at, "found %s, expected at most 64 noise laws",
            "one more state");
    ds = fmpq_get_str(NULL, 10, d);
    snprintf(expr, sizeof(expr), "1/((%s)*eps)", ds);
    flint_free(ds);
    P->noises[P->nnoises].scale = spec_expr_parse(expr, msg, sizeof(msg), &ecol);
    if (P->noises[P->nnoises].scale == NULL)
        return dfail(L, at, "%s", msg);
    P->noises[P->nnoises].law = INTEGRAL_LAPLACE;
    fmpq_set(P->noises[P->nnoises].mean, mu);
    fmpq_set(P->noises[P->nnoises].d, d);
    fmpq_add(L->dsum, L->dsum, d);
    *idx = P->nnoises++;
    return 0;
}

/* a variable: its register index in *reg (a new one when first seen) */
static int
dvariable(dipa_lex * L, const char * at, const char * name, int * reg)
{
    int i;
    for (i = 0; i < L->nregs; i++)
        if (strcmp(L->reg[i], name) == 0)
        {
            *reg = i;
            return 0;
        }
    if (L->nregs == PROG_MAX_REGS || strlen(name) >= 32)
        return dfail(L, at, "found %s, expected at most 3 registers (the "
            "exact joint integral is over the registers and insample)", name);
    strcpy(L->reg[L->nregs], name);
    L->reg_line[L->nregs] = L->line;
    L->reg_col[L->nregs] = (int) (at - L->line_start) + 1;
    *reg = L->nregs++;
    return 0;
}

/* insample OP VAR (&& ...) */
static int
dguard(prog_branch * B, dipa_lex * L)
{
    do
    {
        char var[32];
        const char * at;
        prog_op op;
        int strict = 0, reg;
        fmpq_t zero;
        if (dexpect(L, "insample", "'insample' (a comparison insample OP VAR)"))
            return -1;
        dskip(L);
        at = L->p;
        if (dsym(L, ">="))
            op = PROG_GE;
        else if (dsym(L, ">"))
            op = PROG_GE, strict = 1;
        else if (dsym(L, "<="))
            op = PROG_LT;
        else if (dsym(L, "<"))
            op = PROG_LT, strict = 1;
        else
            return dfail(L, at, "found %s, expected <, <=, > or >=",
                "another token");
        dskip(L);
        at = L->p;
        if (!dword(L, var) || var[0] == 'q' || var[0] == 'o')
            return dfail(L, at, "found %s, expected a variable", "no variable");
        if (dvariable(L, at, var, &reg))
            return -1;
        if (B->natoms == PROG_MAX_ATOMS)
            return dfail(L, at, "found %s, expected at most 4 comparisons",
                "a fifth one");
        fmpq_init(zero);
        B->atoms[B->natoms].answer = 0;
        B->atoms[B->natoms].reg = reg;
        B->atoms[B->natoms].op = op;
        B->atoms[B->natoms].strict = strict;
        fmpq_zero(B->atoms[B->natoms].off);
        B->natoms++;
        fmpq_clear(zero);
    }
    while (dsym(L, "&&"));
    return 0;
}

/* [VAR := insample;] output X; goto SID */
static int
dbstatement(svt_program * P, prog_branch * B, dipa_lex * L, int prime_noise,
    const char * state_at)
{
    char word[32], buf[40];
    const char * at;
    int reg;
    (void) P;
    dskip(L);
    at = L->p;
    if (!dsym(L, "output"))
    {
        do
        {
            dskip(L);
            at = L->p;
            if (!dword(L, word) || word[0] == 'q' || word[0] == 'o')
                return dfail(L, at, "found %s, expected 'output' or an "
                    "assignment VAR := insample", dfound(L, buf, sizeof(buf)));
            if (dvariable(L, at, word, &reg) || dexpect(L, ":=", "':='")
                    || dexpect(L, "insample", "'insample' (VAR := insample)"))
                return -1;
            if (B->assign != 0 && B->assign != 1u << reg)
                return dfail(L, at, "found %s, expected one register assigned "
                    "per transition (two registers holding the same value are "
                    "not supported)", word);
            B->assign = 1u << reg;
            L->assigned |= 1u << reg;
            B->reset = PROG_RESET_ANSWER;
            B->reset_answer = 0;
            B->line = (int) L->line;    /* errors point at the assignment */
            B->col = (int) (at - L->line_start) + 1;
        }
        while (dsym(L, ","));
        if (dexpect(L, ";", "';'") || dexpect(L, "output", "'output'"))
            return -1;
    }
    dskip(L);
    at = L->p;
    if (dsym(L, "insampleprime") || dsym(L, "insample'"))
    {
        if (prime_noise < 0)
            return dfail(L, at, "found %s, expected a state with d' and mu' "
                "(d, mu, d', mu') to output insample'", "insample'");
        B->out = PROG_OUT_FRESH;
        B->out_noise = prime_noise;
    }
    else if (dsym(L, "insample"))
    {
        B->out = PROG_OUT_NOISY;
        B->out_answer = 0;
    }
    else if (dword(L, word) && word[0] == 'o')
    {
        if (strcmp(word, "obot") == 0)
            B->out = PROG_OUT_BOT;
        else if (strcmp(word, "otop") == 0)
            B->out = PROG_OUT_TOP;
        else
        {
            B->out = PROG_OUT_LABEL;
            strcpy(B->out_label, word);
        }
    }
    else
        return dfail(L, at, "found %s, expected an output name o..., "
            "insample or insample'", "something else");
    if (dexpect(L, ";", "';' after the output") || dexpect(L, "goto", "'goto'"))
        return -1;
    dskip(L);
    at = L->p;
    if (!dword(L, B->next_name) || B->next_name[0] != 'q')
        return dfail(L, at, "found %s, expected a state name q...",
            "something else");
    (void) state_at;
    return 0;
}

static int
dblock(svt_program * P, dipa_lex * L)
{
    prog_state * S;
    fmpq_t r[4];
    char name[32];
    const char * at, * state_at;
    int nr = 2, i, k, prime = -1, ret = -1;

    for (k = 0; k < 4; k++)
        fmpq_init(r[k]);
    dskip(L);
    state_at = L->p;
    if (P->nstates == PROG_MAX_STATES)
    {
        dfail(L, state_at, "found %s, expected at most 16 states", "a 17th");
        goto done;
    }
    S = P->states + P->nstates;
    if (dexpect(L, "(", "'(' starting a state (qN, d, mu)"))
        goto done;
    dskip(L);
    at = L->p;
    if (!dword(L, name) || name[0] != 'q')
    {
        dfail(L, at, "found %s, expected a state name q...", "something else");
        goto done;
    }
    for (i = 0; i < P->nstates; i++)
        if (strcmp(P->states[i].name, name) == 0)
        {
            dfail(L, at, "found '%s' again, expected a new state name", name);
            goto done;
        }
    strcpy(S->name, name);
    S->line = (int) L->line;
    if (dsym(L, ":"))
    {
        if (dexpect(L, "non-input", "'non-input'"))
            goto done;
        S->noninput = 1;
    }
    if (dexpect(L, ",", "',' then d") || drational(L, r[0])
            || dexpect(L, ",", "',' then mu") || drational(L, r[1]))
        goto done;
    if (dsym(L, ","))
    {
        if (drational(L, r[2]) || dexpect(L, ",", "',' then mu'")
                || drational(L, r[3]))
            goto done;
        nr = 4;
    }
    if (dexpect(L, ")", "')'") || dexpect(L, ":", "':' after the state"))
        goto done;
    P->nstates++;
    S->nanswers = 1;
    strcpy(S->answer_name[0], "insample");
    if (dnoise(P, &S->answer_noise[0], L, state_at, r[0], r[1]))
        goto done;
    if (nr == 4 && dnoise(P, &prime, L, state_at, r[2], r[3]))
        goto done;
    if (dsym(L, "if"))
    {
        do
        {
            prog_branch * B;
            if (S->nbranches == PROG_MAX_BRANCHES)
            {
                dfail(L, L->p, "found %s, expected at most 8 branches",
                    "a ninth");
                goto done;
            }
            B = S->branches + S->nbranches++;
            B->line = (int) L->line;
            B->col = (int) (L->p - L->line_start) + 1;
            B->next = (int) (S - P->states);
            if (dexpect(L, "(", "'('") || dguard(B, L) || dexpect(L, ")", "')'")
                    || dexpect(L, "then", "'then'")
                    || dbstatement(P, B, L, prime, state_at))
                goto done;
        }
        while (dsym(L, "elseif"));
    }
    else
    {
        prog_branch * B = S->branches + S->nbranches++;
        B->line = (int) L->line;
        B->col = (int) (L->p - L->line_start) + 1;
        B->next = (int) (S - P->states);
        if (dbstatement(P, B, L, prime, state_at))
            goto done;
    }
    ret = 0;
done:
    for (k = 0; k < 4; k++)
        fmpq_clear(r[k]);
    return ret;
}

int
svt_program_parse_dipa(svt_program * P, fmpq_t dsum, const char * text,
    const char * file, char * err, size_t errlen)
{
    dipa_lex L;
    int i, j, k;
    memset(&L, 0, sizeof(L));
    L.text = L.p = L.line_start = text;
    L.file = file;
    L.line = 1;
    L.err = err;
    L.errlen = errlen;
    L.dsum = dsum;
    fmpq_zero(dsum);
    P->dipa = 1;
    for (;;)
    {
        dskip(&L);
        if (*L.p == '\0')
            break;
        if (dblock(P, &L))
            return -1;
    }
    if (P->nstates == 0)
        return dfail(&L, L.p, "found %s, expected a state (qN, d, mu): ...",
            "an empty automaton");
    /* with several registers, each must be set by some transition */
    for (i = 0; L.nregs > 1 && i < L.nregs; i++)
        if (!(L.assigned >> i & 1))
        {
            snprintf(err, errlen, "%s:%ld:%d: found register '%s', never "
                "assigned (no transition sets it := insample), expected every "
                "register of an automaton with several to be assigned before "
                "it is compared", file, L.reg_line[i], L.reg_col[i], L.reg[i]);
            return -1;
        }
    strcpy(P->register_name, L.nregs > 0 ? L.reg[0] : "x");
    P->nregs = L.nregs > 0 ? L.nregs : 1;
    for (i = 0; i < L.nregs; i++)
        strcpy(P->reg_names[i], L.reg[i]);
    /* the register before its first assignment: never compared in a
       well-formed automaton; drawn from the first state's noise */
    P->register_noise = P->states[0].answer_noise[0];
    /* goto an undefined state ends the run */
    for (i = 0; i < P->nstates; i++)
        for (j = 0; j < P->states[i].nbranches; j++)
        {
            prog_branch * B = P->states[i].branches + j;
            for (k = 0; k < P->nstates; k++)
                if (strcmp(P->states[k].name, B->next_name) == 0)
                    break;
            if (k == P->nstates)
            {
                B->stop = 1;
                B->next_name[0] = '\0';
            }
        }
    return svt_program_finish(P, file, L.line, err, errlen);
}
