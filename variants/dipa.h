/*
    dipa.h -- DiPA automata (.dipa, DiPAut's format) as read, of any
    size, before they become a program.

    Reading is two steps: dipa_read parses the text into a
    dipa_automaton (any number of states, registers, comparisons and
    assignments per transition); dipa_to_program turns it into the one
    model (program.h) when it fits the engine's limits, and otherwise
    says which limit, at the place in the file.  The prover for every
    size, dipa_prove (dipa_prove.h), reads the automaton itself.

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
    with SID = q..., OID = o..., op in <, <=, >, >=.  Lines starting
    with '#' are ours: "# claimed = EXPR" sets the claimed budget.

    Semantics (DiPA): in state (d, mu, d', mu') reading input a,
    insample = a + mu + Lap(1/(d eps)) and insample' = a + mu' +
    Lap(1/(d' eps)); a non-input state reads nothing (a = 0).  The first
    transition whose guard holds is taken; when none holds the run ends
    (the output `end`).  `goto` to a state that is not defined ends the
    run.  A register holds an earlier insample: a guard that some path
    from the first state reaches before the register is assigned is
    refused by dipa_read, at the guard.
*/

#ifndef SVT_DIPA_H
#define SVT_DIPA_H

#include <flint/fmpq.h>
#include "program.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DIPA_MAX_STATES 4096
#define DIPA_MAX_REGS 1024
#define DIPA_MAX_TRANS 64       /* transitions of one state */
#define DIPA_MAX_ATOMS 64       /* comparisons of one guard */

typedef enum
{
    DIPA_OUT_BOT = 0,
    DIPA_OUT_TOP,
    DIPA_OUT_LABEL,
    DIPA_OUT_INSAMPLE,      /* releases insample */
    DIPA_OUT_PRIME          /* releases insample' */
}
dipa_out;

typedef struct
{
    int reg;
    int ge;                 /* insample >= reg (or >); else insample < reg
                               (or <=) */
    int strict;
    int line, col;
}
dipa_atom;

typedef struct
{
    int natoms;             /* 0: no guard (the state's only statement) */
    dipa_atom * atoms;
    int nassign;
    int * assign;           /* registers set := insample */
    int assign_line, assign_col;    /* where the first assignment is */
    int assign2_line, assign2_col;  /* ... and the second */
    dipa_out out;
    char label[32];         /* DIPA_OUT_LABEL */
    int next;               /* state index; -1: the run ends */
    char next_name[32];
    int line, col;
}
dipa_trans;

typedef struct
{
    char name[32];
    int line, col;
    int noninput;
    fmpq_t d, mu;           /* insample = a + mu + Lap(1/(d eps)) */
    int has_prime;
    fmpq_t dp, mup;         /* insample' */
    int ntrans;
    dipa_trans * trans;
}
dipa_state;

typedef struct dipa_automaton_s
{
    int nstates;
    dipa_state * states;
    int nregs;
    char (* reg_names)[32];
    int * reg_line, * reg_col;  /* where each register is first seen */
    int * reg_assigned;         /* some transition sets it */
    fmpq_t dsum;                /* the sum of every d and d' */
    int alloc_states, alloc_regs;
}
dipa_automaton_struct;

typedef dipa_automaton_struct dipa_automaton_t[1];

void dipa_automaton_init(dipa_automaton_t A);
void dipa_automaton_clear(dipa_automaton_t A);

/* Parses text (file names the errors).  Returns 0, or -1 with
   "file:line:col: found X, expected Y" in err. */
int dipa_read(dipa_automaton_t A, const char * text, const char * file,
    char * err, size_t errlen);

/* The program of A (P initialised and empty).  Returns 0, or -1 with
   the error in err; *too_large is set to 1 when the error is one of the
   engine's limits (states, registers, branches, comparisons) rather than
   a fault of the file.  A transition may assign several registers at
   once (they then hold one value). */
int dipa_to_program(svt_program * P, const dipa_automaton_t A,
    const char * file, int * too_large, char * err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
