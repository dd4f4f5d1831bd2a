/*
    program.h -- SVT variants written as programs, and the compiler from
    a program to per-query factors in the register value z.

    A program runs over one stream of queries q_1, q_2, ...  It holds one
    register (the noisy threshold T_i + z; z drawn from the register's
    noise at the start), a current state and a counter.  In its current
    state, each query draws the state's noisy answers y = q + nu (each
    with its own independent noise, or `exact`: y = q), and takes the
    first branch whose guard holds.  A guard is a conjunction of atoms
    comparing one noisy answer (or its absolute value) with the register
    plus a constant offset.  The branch outputs something, adds its cost
    to the counter, may stop the run, redraw the register, and move to
    another state.  The run stops when the counter reaches its limit.

    The file format (a spec file whose template keys are replaced by
    program lines) is documented with its grammar in
    variants/PROGRAMS.md.

    Probabilities.  Given z, the queries are independent: each query
    contributes a factor in z that is, for every noisy answer, the
    probability that it falls in the set its branch requires, a union of
    intervals whose ends are +-(T + z + offset): a sum of CDF terms
    F(s z + t), the engine's factor form.  A numeric output fixes one
    answer (a constant density and a condition on z), a gap output
    y - (T + z) gives a Laplace density in z (a CDF term on each side of
    its kink).  The z axis is cut where the order of the interval ends or
    a condition changes, so every piece is one engine integral; a fresh
    register starts a new independent segment (a product of integrals).
    When an output can come from several branches with different effects
    (costs, states), the probability is a sum over the paths.
*/

#ifndef SVT_PROGRAM_H
#define SVT_PROGRAM_H

#include <stdint.h>
#include <flint/fmpq.h>
#include "integrals.h"
#include "spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A program holds any number of states (up to PROG_MAX_STATES, a guard
   against memory exhaustion, not a limit of the model).  The analyses
   that walk the state graph in fixed tables -- the shift coupling of
   align.h, the search for families of growing ratios, the proofs of no
   bound -- take at most PROG_SMALL_STATES and refuse larger programs
   with that reason; the probabilities take any number. */
#define PROG_MAX_STATES 4096
#define PROG_SMALL_STATES 16
#define PROG_MAX_ANSWERS 4
#define PROG_MAX_BRANCHES 8
#define PROG_MAX_ATOMS 8
#define PROG_MAX_NOISES 64
#define PROG_MAX_REGS 255       /* DiPA registers (one in our own format):
                                   DiPAut's m-Range goes to 160 */
#define PROG_SMALL_REGS 31      /* the analyses that keep registers in the
                                   bits of an unsigned (the shift coupling
                                   of align.h, the proofs of no bound, the
                                   family search) take at most this many
                                   and refuse more with that reason */
#define PROG_JOINT_MAX_QUERIES 48   /* the queries the searches and the
                                       proof-built witness plan with on
                                       automata of several registers */
#define PROG_JOINT_MAX_RUN 1024     /* the exact joint integral's limit on
                                       one output (its terms and work are
                                       bounded as well) ... */
#define PROG_JOINT_MAX_SMALL_RUN 256 /* ... and with at most 31 registers,
                                        where one function may hold every
                                        register and its terms grow with
                                        the queries */
/* the output of a run that ends because no branch of its state holds:
   such a state gets an implicit last branch `else output end; stop`
   (svt_program_finish), so that the ending is an output like any other */
#define PROG_END_LABEL "end"

/* a set of registers, 0 .. PROG_MAX_REGS (bits; program_joint.c also
   numbers its variables with them: the registers', then insample) */
typedef struct
{
    uint64_t w[4];
}
prog_regs;

static inline int
prog_regs_has(const prog_regs * s, int r)
{
    return (int) (s->w[r >> 6] >> (r & 63) & 1);
}

static inline void
prog_regs_add(prog_regs * s, int r)
{
    s->w[r >> 6] |= UINT64_C(1) << (r & 63);
}

static inline void
prog_regs_del(prog_regs * s, int r)
{
    s->w[r >> 6] &= ~(UINT64_C(1) << (r & 63));
}

static inline int
prog_regs_empty(const prog_regs * s)
{
    return (s->w[0] | s->w[1] | s->w[2] | s->w[3]) == 0;
}

/* the registers 0 .. 31 as the bits of an unsigned: for the analyses of
   programs of at most PROG_SMALL_REGS registers */
static inline unsigned
prog_regs_low(const prog_regs * s)
{
    return (unsigned) (s->w[0] & 0xffffffffu);
}

/* a noise law with its scale expression (in eps, c, Delta, eps_k) */
typedef struct
{
    integral_law_kind law;
    spec_expr * scale;
    fmpq_t mean;            /* the noise is mean + Lap(scale) (DiPA's mu) */
    fmpq_t d;               /* DiPA: the scale is exactly 1/(d eps) (0:
                               another expression) */
    int exponential;        /* law is Laplace, but the noise is Exp(scale)
                               on [0, inf): Report Noisy Max only */
    int line, col;          /* where its scale is written (0: unknown) */
    char what[48];          /* whose noise, for messages ("register z",
                               "answer y", "reset", "output"; a template's
                               key); "": not known */
}
prog_noise;

typedef enum
{
    PROG_GE = 0,    /* y >= T + z + off (or >) */
    PROG_LT,        /* y <  T + z + off (or <=) */
    PROG_ABS_GE,    /* |y| >= T + z + off (or >) */
    PROG_ABS_LT     /* |y| <  T + z + off (or <=) */
}
prog_op;

typedef struct
{
    int answer;     /* index of the noisy answer in its state */
    int reg;        /* DiPA: the register compared (0 in our format) */
    prog_op op;
    int strict;     /* > instead of >=, < instead of <= (only ties of a
                       known answer with a known register tell them
                       apart) */
    fmpq_t off;
}
prog_atom;

typedef enum
{
    PROG_OUT_BOT = 0,
    PROG_OUT_TOP,
    PROG_OUT_LABEL,     /* a named output (no number) */
    PROG_OUT_NOISY,     /* from here on: the output is a number */     /* the noisy answer y (a number) */
    PROG_OUT_GAP,       /* y - (T + z) (a number) */
    PROG_OUT_FRESH      /* q + fresh noise (a number) */
}
prog_out_kind;

typedef enum
{
    PROG_RESET_NONE = 0,
    PROG_RESET_FRESH,   /* z redrawn from a noise */
    PROG_RESET_ANSWER   /* the register takes a noisy answer: a new
                           independent register when the branch has no
                           guard (DiPA's x := insample), chained
                           otherwise (refused) */
}
prog_reset_kind;

typedef struct
{
    int natoms;         /* 0: else (always true) */
    prog_atom atoms[PROG_MAX_ATOMS];
    prog_out_kind out;
    int out_answer;     /* NOISY, GAP: which answer */
    int out_noise;      /* FRESH: index into the noise table */
    char out_label[32]; /* LABEL: its name */
    slong cost;         /* added to the counter */
    int stop;           /* the run stops after this branch */
    prog_reset_kind reset;
    int reset_noise;    /* FRESH: index into the noise table */
    int reset_answer;   /* ANSWER: which answer */
    prog_regs assign;   /* DiPA: the registers set to insample
                           (several: they hold one value) */
    int next;           /* state index (resolved after the last line) */
    char next_name[32]; /* goto NAME as written ("" : stay) */
    int line, col;      /* where the branch is written */
    int ending;         /* the implicit `else output end; stop` of a state
                           whose guards may all fail (not written) */
}
prog_branch;

typedef struct
{
    char name[32];
    int nanswers;
    char answer_name[PROG_MAX_ANSWERS][32];
    int answer_noise[PROG_MAX_ANSWERS];     /* index into noises, -1: exact */
    int nbranches;
    prog_branch branches[PROG_MAX_BRANCHES + 1];  /* + the implicit ending */
    int line;
    int noninput;       /* DiPA's non-input state: its step reads no query
                           (the answers are noise around 0) */
    int abs_query;      /* the answers are |q| + noise (a template's
                           `comparison = abs-outside`); a fresh output
                           still releases q + noise */
}
prog_state;

typedef struct svt_program_struct
{
    char register_name[32];
    int register_noise;         /* index into noises */
    int has_counter;
    spec_expr * limit;          /* the counter's limit (an integer) */
    int limit_line, limit_col;  /* where it is written (0: not written) */
    int nstates;
    prog_state * states;        /* nstates of them (svt_program_add_state) */
    int states_alloc;
    int nnoises;
    prog_noise noises[PROG_MAX_NOISES];
    int outputs_numbers;        /* some branch outputs a number */
    int has_reset;
    int dipa;                   /* DiPA semantics: the register is compared
                                   as it was assigned (x := insample), not
                                   as T_i + z; read from a .dipa file */
    int nregs;                  /* DiPA: registers (names below); with
                                   more than one, probabilities are exact
                                   joint integrals (program_joint.c) */
    char reg_names[PROG_MAX_REGS][32];
    int argmax;                 /* Report Noisy Max: top (or the noisy
                                   value) at the largest noisy answer, bot
                                   elsewhere; the register is the winner's
                                   noisy value (one state "argmax") */
}
svt_program;

/* does P fit the analyses that keep states in tables PROG_SMALL_STATES
   wide and registers in the bits of an unsigned (the shift coupling of
   align.h, the family search, the proofs of no bound)? */
static inline int
prog_fits_small_tables(const svt_program * P)
{
    return P->nstates <= PROG_SMALL_STATES && P->nregs <= PROG_SMALL_REGS;
}

void svt_program_init(svt_program * P);
void svt_program_clear(svt_program * P);
/* A new last state (zeroed, its offsets initialised), and nstates one
   more; NULL when the program already has PROG_MAX_STATES. */
prog_state * svt_program_add_state(svt_program * P);

/* Reading, line by line (see spec_parse.c).  Returns 1 if the line is a
   program line (first word register, counter, state, answer, if, elif,
   else), 0 if not; on error returns -1 with "file:line:col: ..." in err.
   line is the whole line without its comment. */
int svt_program_parse_line(svt_program * P, const char * line,
    const char * file, long lineno, char * err, size_t errlen);
/* 1 if the line (comment removed, leading blanks skipped) is a program
   line */
int svt_program_is_line(const char * line);
/* Checks the whole program after the last line (every goto names a
   state, every state has a branch, a register is given...), and gives
   every state whose guards may all fail (no `else`, and guards that do
   not cover every outcome) its implicit last branch `else output end;
   stop`: a run that ends there is the output `end`, observable and paid
   for like any other.  The label `end` is reserved for it. */
int svt_program_finish(svt_program * P, const char * file, long lineno,
    char * err, size_t errlen);
/* 1 if some branch of state s of P takes every outcome of its noisy
   answers (an else, or guards that cover the line up to probability 0;
   decided for guards without abs on one register), 0 if not or not
   decided (program_info.c) */
int svt_program_state_complete(const svt_program * P, int s);
/* 1 if branches A and B give the same output (bot, top or one label:
   no number) with the same effect (cost, stop, next state, no redraw):
   an observer and the rest of the run cannot tell them apart, so the
   probability walk and the prover merge them (program_info.c) */
int prog_branches_same_effect(const prog_branch * A, const prog_branch * B);

#ifdef __cplusplus
}
#endif

#endif
