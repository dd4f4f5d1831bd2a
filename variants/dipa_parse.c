/* dipa_parse.c -- reading DiPAut's automata (.dipa): the text into a
   dipa_automaton of any size (dipa_read), and the automaton into the
   one model, a program, where it fits the engine (dipa_to_program).  The
   grammar and the semantics are in dipa.h. */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dipa.h"

typedef struct
{
    const char * text, * p, * file;
    long line;
    const char * line_start;
    char * err;
    size_t errlen;
    dipa_automaton_struct * A;
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
    if (spec_find_invisible(L->p, 1) != NULL)
    {
        /* a character one cannot see (or not ASCII): by its code point */
        spec_char_name(buf, len, L->p);
        return buf;
    }
    while (L->p[n] != '\0' && !isspace((unsigned char) L->p[n]) && n < 20
            && n + 1 < len && spec_find_invisible(L->p + n, 1) == NULL)
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
    n = spec_read_decimal(x, L->p, 300);
    if (n <= 0)
    {
        char buf[40];
        return dfail(L, L->p, n < 0 ? "found %s, expected a number (N or N/M, "
            "read exactly; one dot at most, an exponent within 300)"
            : "found %s, expected a number (N or N/M)",
            dfound(L, buf, sizeof(buf)));
    }
    L->p += n;
    if (*L->p == '/')
    {
        fmpq_t d;
        fmpq_init(d);
        n = spec_read_decimal(d, L->p + 1, 300);
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

/* ---- the automaton ---------------------------------------------------- */

void
dipa_automaton_init(dipa_automaton_t A)
{
    memset(A, 0, sizeof(*A));
    fmpq_init(A->dsum);
}

void
dipa_automaton_clear(dipa_automaton_t A)
{
    int i, j;
    for (i = 0; i < A->nstates; i++)
    {
        dipa_state * S = A->states + i;
        for (j = 0; j < S->ntrans; j++)
        {
            flint_free(S->trans[j].atoms);
            flint_free(S->trans[j].assign);
        }
        flint_free(S->trans);
        fmpq_clear(S->d);
        fmpq_clear(S->mu);
        fmpq_clear(S->dp);
        fmpq_clear(S->mup);
    }
    flint_free(A->states);
    flint_free(A->reg_names);
    flint_free(A->reg_line);
    flint_free(A->reg_col);
    flint_free(A->reg_assigned);
    fmpq_clear(A->dsum);
    memset(A, 0, sizeof(*A));
}

/* ---- reading ----------------------------------------------------------- */

/* a variable: its register index in *reg (a new one when first seen) */
static int
dvariable(dipa_lex * L, const char * at, const char * name, int * reg)
{
    dipa_automaton_struct * A = L->A;
    int i;
    for (i = 0; i < A->nregs; i++)
        if (strcmp(A->reg_names[i], name) == 0)
        {
            *reg = i;
            return 0;
        }
    if (A->nregs == DIPA_MAX_REGS || strlen(name) >= 32)
        return dfail(L, at, "found %s, expected at most 1024 registers of at "
            "most 31 characters", name);
    if (A->nregs == A->alloc_regs)
    {
        A->alloc_regs = A->alloc_regs ? 2 * A->alloc_regs : 8;
        A->reg_names = flint_realloc(A->reg_names, A->alloc_regs * 32);
        A->reg_line = flint_realloc(A->reg_line, A->alloc_regs * sizeof(int));
        A->reg_col = flint_realloc(A->reg_col, A->alloc_regs * sizeof(int));
        A->reg_assigned = flint_realloc(A->reg_assigned, A->alloc_regs
            * sizeof(int));
    }
    strcpy(A->reg_names[A->nregs], name);
    A->reg_line[A->nregs] = (int) L->line;
    A->reg_col[A->nregs] = (int) (at - L->line_start) + 1;
    A->reg_assigned[A->nregs] = 0;
    *reg = A->nregs++;
    return 0;
}

/* insample OP VAR (&& ...) */
static int
dguard(dipa_trans * T, dipa_lex * L)
{
    do
    {
        char var[32];
        const char * at;
        int ge, strict = 0, reg;
        if (dexpect(L, "insample", "'insample' (a comparison insample OP VAR)"))
            return -1;
        dskip(L);
        at = L->p;
        if (dsym(L, ">="))
            ge = 1;
        else if (dsym(L, ">"))
            ge = 1, strict = 1;
        else if (dsym(L, "<="))
            ge = 0;
        else if (dsym(L, "<"))
            ge = 0, strict = 1;
        else
            return dfail(L, at, "found %s, expected <, <=, > or >=",
                "another token");
        dskip(L);
        at = L->p;
        if (!dword(L, var) || var[0] == 'q' || var[0] == 'o')
            return dfail(L, at, "found %s, expected a variable", "no variable");
        if (dvariable(L, at, var, &reg))
            return -1;
        if (T->natoms == DIPA_MAX_ATOMS)
            return dfail(L, at, "found %s, expected at most 64 comparisons",
                "one more");
        if ((T->natoms & 7) == 0)
            T->atoms = flint_realloc(T->atoms, (T->natoms + 8) * sizeof(dipa_atom));
        T->atoms[T->natoms].reg = reg;
        T->atoms[T->natoms].ge = ge;
        T->atoms[T->natoms].strict = strict;
        T->atoms[T->natoms].line = (int) L->line;
        T->atoms[T->natoms].col = (int) (at - L->line_start) + 1;
        T->natoms++;
    }
    while (dsym(L, "&&"));
    return 0;
}

/* [VAR := insample (, VAR := insample)*;] output X; goto SID */
static int
dbstatement(dipa_trans * T, dipa_lex * L, int has_prime)
{
    char word[32], buf[40];
    const char * at;
    int reg, k;
    dskip(L);
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
            for (k = 0; k < T->nassign; k++)
                if (T->assign[k] == reg)
                    return dfail(L, at, "found '%s' assigned twice, expected "
                        "each register once per transition", word);
            if (T->nassign == 0)
            {
                T->assign_line = (int) L->line;
                T->assign_col = (int) (at - L->line_start) + 1;
            }
            else if (T->nassign == 1)
            {
                T->assign2_line = (int) L->line;
                T->assign2_col = (int) (at - L->line_start) + 1;
            }
            if ((T->nassign & 7) == 0)
                T->assign = flint_realloc(T->assign, (T->nassign + 8) * sizeof(int));
            T->assign[T->nassign++] = reg;
            L->A->reg_assigned[reg] = 1;
        }
        while (dsym(L, ","));
        if (dexpect(L, ";", "';'") || dexpect(L, "output", "'output'"))
            return -1;
    }
    dskip(L);
    at = L->p;
    if (dsym(L, "insampleprime") || dsym(L, "insample'"))
    {
        if (!has_prime)
            return dfail(L, at, "found %s, expected a state with d' and mu' "
                "(d, mu, d', mu') to output insample'", "insample'");
        T->out = DIPA_OUT_PRIME;
    }
    else if (dsym(L, "insample"))
        T->out = DIPA_OUT_INSAMPLE;
    else if (dword(L, word) && word[0] == 'o')
    {
        T->out = strcmp(word, "obot") == 0 ? DIPA_OUT_BOT
            : strcmp(word, "otop") == 0 ? DIPA_OUT_TOP : DIPA_OUT_LABEL;
        strcpy(T->label, word);
    }
    else
        return dfail(L, at, "found %s, expected an output name o..., "
            "insample or insample'", "something else");
    if (dexpect(L, ";", "';' after the output") || dexpect(L, "goto", "'goto'"))
        return -1;
    dskip(L);
    at = L->p;
    if (!dword(L, T->next_name) || T->next_name[0] != 'q')
        return dfail(L, at, "found %s, expected a state name q...",
            "something else");
    return 0;
}

/* a new transition of S, at the reader's place */
static dipa_trans *
dnew_trans(dipa_state * S, dipa_lex * L)
{
    dipa_trans * T;
    if ((S->ntrans & 7) == 0)
        S->trans = flint_realloc(S->trans, (S->ntrans + 8) * sizeof(dipa_trans));
    T = S->trans + S->ntrans++;
    memset(T, 0, sizeof(*T));
    T->line = (int) L->line;
    T->col = (int) (L->p - L->line_start) + 1;
    return T;
}

/* the state header (qN[:non-input], d, mu[, d', mu']): */
static int
dheader(dipa_state * S, dipa_lex * L)
{
    const char * at;
    char name[32];
    int i;
    dskip(L);
    at = L->p;
    if (!dword(L, name) || name[0] != 'q')
        return dfail(L, at, "found %s, expected a state name q...",
            "something else");
    for (i = 0; L->A->states + i != S; i++)
        if (strcmp(L->A->states[i].name, name) == 0)
            return dfail(L, at, "found '%s' again, expected a new state name",
                name);
    strcpy(S->name, name);
    if (dsym(L, ":"))
    {
        if (dexpect(L, "non-input", "'non-input'"))
            return -1;
        S->noninput = 1;
    }
    if (dexpect(L, ",", "',' then d") || drational(L, S->d)
            || dexpect(L, ",", "',' then mu") || drational(L, S->mu))
        return -1;
    if (dsym(L, ","))
    {
        if (drational(L, S->dp) || dexpect(L, ",", "',' then mu'")
                || drational(L, S->mup))
            return -1;
        S->has_prime = 1;
    }
    return dexpect(L, ")", "')'") || dexpect(L, ":", "':' after the state");
}

static int
dpositive(dipa_lex * L, const char * at, const fmpq_t d)
{
    if (fmpq_sgn(d) <= 0)
        return dfail(L, at, "found %s, expected a scaling factor d > 0 (the "
            "noise is Lap(1/(d eps)))", "d = 0");
    return 0;
}

static int
dblock(dipa_lex * L)
{
    dipa_automaton_struct * A = L->A;
    dipa_state * S;
    const char * state_at;

    dskip(L);
    state_at = L->p;
    if (A->nstates == DIPA_MAX_STATES)
        return dfail(L, state_at, "found %s, expected at most 4096 states",
            "one more");
    if (A->nstates == A->alloc_states)
    {
        A->alloc_states = A->alloc_states ? 2 * A->alloc_states : 16;
        A->states = flint_realloc(A->states, A->alloc_states * sizeof(dipa_state));
    }
    S = A->states + A->nstates++;
    memset(S, 0, sizeof(*S));
    fmpq_init(S->d);
    fmpq_init(S->mu);
    fmpq_init(S->dp);
    fmpq_init(S->mup);
    S->line = (int) L->line;
    S->col = (int) (state_at - L->line_start) + 1;
    if (dexpect(L, "(", "'(' starting a state (qN, d, mu)") || dheader(S, L)
            || dpositive(L, state_at, S->d)
            || (S->has_prime && dpositive(L, state_at, S->dp)))
        return -1;
    fmpq_add(A->dsum, A->dsum, S->d);
    fmpq_add(A->dsum, A->dsum, S->dp);
    if (dsym(L, "if"))
    {
        do
        {
            dipa_trans * T;
            if (S->ntrans == DIPA_MAX_TRANS)
                return dfail(L, L->p, "found %s, expected at most 64 "
                    "transitions in a state", "one more");
            T = dnew_trans(S, L);
            if (dexpect(L, "(", "'('") || dguard(T, L) || dexpect(L, ")", "')'")
                    || dexpect(L, "then", "'then'")
                    || dbstatement(T, L, S->has_prime))
                return -1;
        }
        while (dsym(L, "elseif"));
    }
    else if (dbstatement(dnew_trans(S, L), L, S->has_prime))
        return -1;
    return 0;
}

/* the registers assigned on every path from the first state to each
   state (must[s nregs + r]; reached[s]: some path gets there), by
   intersection over the transitions into it until nothing changes */
static void
dmust_assigned(const dipa_automaton_struct * A, char * must, char * reached)
{
    int s, j, k, r, changed = 1;
    memset(must, 1, (size_t) A->nstates * (size_t) A->nregs);
    memset(reached, 0, (size_t) A->nstates);
    memset(must, 0, (size_t) A->nregs);
    reached[0] = 1;
    while (changed)
    {
        changed = 0;
        for (s = 0; s < A->nstates; s++)
            for (j = 0; reached[s] && j < A->states[s].ntrans; j++)
            {
                const dipa_trans * T = A->states[s].trans + j;
                char * to;
                if (T->next < 0)
                    continue;
                to = must + (size_t) T->next * A->nregs;
                changed |= !reached[T->next];
                reached[T->next] = 1;
                for (r = 0; r < A->nregs; r++)
                {
                    int in = must[(size_t) s * A->nregs + r];
                    for (k = 0; k < T->nassign && !in; k++)
                        in = T->assign[k] == r;
                    if (to[r] && !in)
                    {
                        to[r] = 0;
                        changed = 1;
                    }
                }
            }
    }
}

/* DiPA's registers hold earlier insamples: a guard that some path
   reaches before its register is assigned compares an undefined value
   (DiPAut: "Undefined variable").  -1 with the place of the first. */
static int
dcheck_assigned(dipa_lex * L)
{
    const dipa_automaton_struct * A = L->A;
    char * must, * reached;
    int s, j, k, bad = 0;
    if (A->nregs == 0)
        return 0;
    must = flint_malloc((size_t) A->nstates * (size_t) A->nregs);
    reached = flint_malloc((size_t) A->nstates);
    dmust_assigned(A, must, reached);
    for (s = 0; s < A->nstates && !bad; s++)
        for (j = 0; reached[s] && j < A->states[s].ntrans && !bad; j++)
            for (k = 0; k < A->states[s].trans[j].natoms && !bad; k++)
            {
                const dipa_atom * a = A->states[s].trans[j].atoms + k;
                if (must[(size_t) s * A->nregs + a->reg])
                    continue;
                bad = 1;
                L->line = a->line;
                L->line_start = L->p;
                snprintf(L->err, L->errlen, "%s:%d:%d: found register '%s' "
                    "compared in state %s where a path from the first state "
                    "has not assigned it (its value is undefined in DiPA), "
                    "expected every register assigned (REG := insample) on "
                    "every path before a guard compares it", L->file, a->line,
                    a->col, A->reg_names[a->reg], A->states[s].name);
            }
    flint_free(must);
    flint_free(reached);
    return bad ? -1 : 0;
}

int
dipa_read(dipa_automaton_t A, const char * text, const char * file,
    char * err, size_t errlen)
{
    dipa_lex L;
    int i, j, k;
    memset(&L, 0, sizeof(L));
    L.text = L.p = L.line_start = text;
    L.file = file;
    L.line = 1;
    L.err = err;
    L.errlen = errlen;
    L.A = A;
    for (;;)
    {
        dskip(&L);
        if (*L.p == '\0')
            break;
        if (dblock(&L))
            return -1;
    }
    if (A->nstates == 0)
        return dfail(&L, L.p, "found %s, expected a state (qN, d, mu): ...",
            "an empty automaton");
    /* goto an undefined state ends the run */
    for (i = 0; i < A->nstates; i++)
        for (j = 0; j < A->states[i].ntrans; j++)
        {
            dipa_trans * T = A->states[i].trans + j;
            T->next = -1;
            for (k = 0; k < A->nstates; k++)
                if (strcmp(A->states[k].name, T->next_name) == 0)
                    T->next = k;
        }
    return dcheck_assigned(&L);
}

/* ---- the program ------------------------------------------------------- */

static int
pfail(char * err, size_t errlen, const char * file, int line, int col,
    const char * msg)
{
    snprintf(err, errlen, "%s:%d:%d: %s", file, line, col, msg);
    return -1;
}

/* the noise Lap(1/(d eps)) centred at mu: the entry of P's table with
   that law (the table holds laws, not draws: every step draws its own),
   or a new one */
static int
pnoise(svt_program * P, int * idx, const fmpq_t d, const fmpq_t mu,
    const char * file, const dipa_state * S, char * err, size_t errlen)
{
    char expr[200], msg[200], * ds;
    int ecol, k;
    for (k = 0; k < P->nnoises; k++)
        if (fmpq_equal(P->noises[k].d, d) && fmpq_equal(P->noises[k].mean, mu))
        {
            *idx = k;
            return 0;
        }
    if (P->nnoises == PROG_MAX_NOISES)
        return pfail(err, errlen, file, S->line, S->col, "found one more "
            "noise law, expected at most 64 different pairs (d, mu) (the "
            "engine's limit)");
    ds = fmpq_get_str(NULL, 10, d);
    snprintf(expr, sizeof(expr), "1/((%s)*eps)", ds);
    flint_free(ds);
    P->noises[P->nnoises].scale = spec_expr_parse(expr, msg, sizeof(msg), &ecol);
    if (P->noises[P->nnoises].scale == NULL)
        return pfail(err, errlen, file, S->line, S->col, msg);
    P->noises[P->nnoises].law = INTEGRAL_LAPLACE;
    fmpq_set(P->noises[P->nnoises].mean, mu);
    fmpq_set(P->noises[P->nnoises].d, d);
    *idx = P->nnoises++;
    return 0;
}

/* the engine's limits, each at its place in the file */
static int
plimits(const dipa_automaton_t A, const char * file, char * err, size_t errlen)
{
    char msg[300];
    int i, j;
    if (A->nregs > PROG_MAX_REGS)
    {
        snprintf(msg, sizeof(msg), "found %s, expected at most %d registers "
            "for the probabilities (the exact joint integral is over the "
            "registers and insample; verify prove and check decide automata of any "
            "size)", A->reg_names[PROG_MAX_REGS], PROG_MAX_REGS);
        return pfail(err, errlen, file, A->reg_line[PROG_MAX_REGS],
            A->reg_col[PROG_MAX_REGS], msg);
    }
    for (i = 0; i < A->nstates; i++)
    {
        const dipa_state * S = A->states + i;
        if (S->ntrans > PROG_MAX_BRANCHES)
            return pfail(err, errlen, file, S->trans[PROG_MAX_BRANCHES].line,
                S->trans[PROG_MAX_BRANCHES].col, "found a ninth, expected at "
                "most 8 branches for the probabilities");
        for (j = 0; j < S->ntrans; j++)
        {
            const dipa_trans * T = S->trans + j;
            if (T->natoms > PROG_MAX_ATOMS)
                return pfail(err, errlen, file, T->atoms[PROG_MAX_ATOMS].line,
                    T->atoms[PROG_MAX_ATOMS].col, "found a ninth one, expected "
                    "at most 8 comparisons for the probabilities");
        }
    }
    return 0;
}

/* the branch of transition T */
static void
pbranch(prog_branch * B, const dipa_trans * T, int prime_noise, int self)
{
    int k;
    B->line = T->line;
    B->col = T->col;
    B->natoms = T->natoms;
    for (k = 0; k < T->natoms; k++)
    {
        B->atoms[k].answer = 0;
        B->atoms[k].reg = T->atoms[k].reg;
        B->atoms[k].op = T->atoms[k].ge ? PROG_GE : PROG_LT;
        B->atoms[k].strict = T->atoms[k].strict;
        fmpq_zero(B->atoms[k].off);
    }
    if (T->nassign > 0)
    {
        for (k = 0; k < T->nassign; k++)
            prog_regs_add(&B->assign, T->assign[k]);
        B->reset = PROG_RESET_ANSWER;
        B->reset_answer = 0;
        B->line = T->assign_line;   /* errors point at the assignment */
        B->col = T->assign_col;
    }
    B->out = T->out == DIPA_OUT_BOT ? PROG_OUT_BOT : T->out == DIPA_OUT_TOP
        ? PROG_OUT_TOP : T->out == DIPA_OUT_LABEL ? PROG_OUT_LABEL
        : T->out == DIPA_OUT_INSAMPLE ? PROG_OUT_NOISY : PROG_OUT_FRESH;
    if (T->out == DIPA_OUT_LABEL)
        strcpy(B->out_label, T->label);
    B->out_answer = 0;
    B->out_noise = prime_noise;
    B->next = T->next >= 0 ? T->next : self;
    B->stop = T->next < 0;
    strcpy(B->next_name, T->next >= 0 ? T->next_name : "");
}

int
dipa_to_program(svt_program * P, const dipa_automaton_t A, const char * file,
    int * too_large, char * err, size_t errlen)
{
    int i, j;
    *too_large = 0;
    if (plimits(A, file, err, errlen))
    {
        *too_large = 1;
        return -1;
    }
    /* with several registers, each must be set by some transition */
    for (i = 0; A->nregs > 1 && i < A->nregs; i++)
        if (!A->reg_assigned[i])
        {
            char msg[300];
            snprintf(msg, sizeof(msg), "found register '%s', never assigned "
                "(no transition sets it := insample), expected every register "
                "of an automaton with several to be assigned before it is "
                "compared", A->reg_names[i]);
            return pfail(err, errlen, file, A->reg_line[i], A->reg_col[i], msg);
        }
    P->dipa = 1;
    for (i = 0; i < A->nstates; i++)
    {
        const dipa_state * D = A->states + i;
        prog_state * S = svt_program_add_state(P);
        int prime = -1;
        strcpy(S->name, D->name);
        S->line = D->line;
        S->noninput = D->noninput;
        S->nanswers = 1;
        strcpy(S->answer_name[0], "insample");
        if (pnoise(P, &S->answer_noise[0], D->d, D->mu, file, D, err, errlen)
                || (D->has_prime && pnoise(P, &prime, D->dp, D->mup, file, D,
                    err, errlen)))
        {
            /* the table's limit, like the others: prove decides it */
            *too_large = P->nnoises == PROG_MAX_NOISES;
            return -1;
        }
        S->nbranches = D->ntrans;
        for (j = 0; j < D->ntrans; j++)
            pbranch(S->branches + j, D->trans + j, prime, i);
    }
    strcpy(P->register_name, A->nregs > 0 ? A->reg_names[0] : "x");
    P->nregs = A->nregs > 0 ? A->nregs : 1;
    for (i = 0; i < A->nregs; i++)
        strcpy(P->reg_names[i], A->reg_names[i]);
    /* the register before its first assignment: never compared
       (dipa_read refuses a guard that a path reaches before it); the
       program's register needs a noise all the same */
    P->register_noise = P->states[0].answer_noise[0];
    return svt_program_finish(P, file, 1, err, errlen);
}
