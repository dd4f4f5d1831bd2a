/*
    svt.h -- symbolic models of Sparse Vector Technique variants, the
    certified probability of an output vector, and direct simulators.

    A variant (svt_variant_struct) is data: how the budget eps is split,
    the laws and scales of the threshold noise rho and of the query noise
    nu, whether rho is redrawn after each positive outcome, what is output
    on a positive outcome, the cutoff, and the claimed budget.  A template
    is sugar for a program: its keys are compiled, when it is read, to the
    one-state program they mean (template.c), and from then on every
    variant is a program (program.h), as are the programs and DiPA
    automata users write.  A model (svt_model_t) is a variant
    instantiated at (eps, c, Delta): every scale is an Arb ball, and
    M->prog is the program that runs.

    Query-answer vectors come in run-length form (svt_runs_t): a run is
    `count` consecutive queries with the same answers on D and D', the
    same threshold and the same output, so families in m cost the same at
    m = 10 and m = 10^9.

    Probabilities.  For an output vector a, Pr[A(D) = a] is (Eq. 5 of
    the paper) the integral over the threshold noise z of its density
    times one factor per query:
        bot      Pr[q + nu <  T + z] = F_nu(T - q + z)
        top      Pr[q + nu >= T + z] = 1 - F_nu(T - q + z)
        v (num)  density of nu at v - q, and the constraint z <= v - T
                 (Alg. 3: the output is the compared noisy answer);
                 or top times the density of the fresh output noise
                 at v - q (Alg. 7 with eps3 > 0)
    in general the factors of the program's branches (program_factor.c),
    summed over the paths through its states, with one integral per
    segment between redraws of the register; prob.c chooses the
    back-end.  For a variant that outputs numbers, an entry `top` of an
    output vector stands for the event "a number is output here" (the
    number is marginalised out); an entry `v` is the density at that
    number.
    Outputs the variant cannot produce (more than c tops, anything after
    the c-th top, a number from a variant that outputs only top) are
    reported as impossible.
*/

#ifndef SVT_SVT_H
#define SVT_SVT_H

#include <flint/fmpq.h>
#include "integrals.h"
#include "spec.h"
#include "program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* variants                                                            */

typedef enum
{
    SVT_OUT_TOP = 0,        /* outputs top */
    SVT_OUT_COMPARED = 1,   /* outputs the compared noisy answer q + nu */
    SVT_OUT_FRESH = 2       /* outputs q + fresh noise (when eps3 > 0) */
}
svt_output_kind;

typedef enum
{
    SVT_CMP_STANDARD = 0,   /* q + nu >= T + rho */
    SVT_CMP_ABS_INSIDE = 1, /* |q + nu| >= T + rho (Sec. 3.4, not private) */
    SVT_CMP_ABS_OUTSIDE = 2 /* |q| + nu >= T + rho (its fix) */
}
svt_comparison;

/* A variant, as read from a spec file (see spec.h for the format). */
typedef struct
{
    char * name;
    char * title;
    char * source;              /* where it is in the literature */
    char * paper_property;      /* the privacy property the source states */
    char * file;                /* the spec file, or "builtin:NAME" */
    int builtin;                /* a built-in (named by its name on a
                                   command line, not by its file) */
    spec_expr * eps_expr[3];    /* eps1, eps2, eps3 (NULL: 0) */
    int free_eps[3];            /* may the user override eps_k? */
    integral_law_kind rho_law;
    spec_expr * rho;
    int has_nu;
    integral_law_kind nu_law;
    spec_expr * nu;
    int reset;                  /* rho redrawn after each top */
    integral_law_kind reset_law;
    spec_expr * rho_reset;
    svt_output_kind output;
    spec_expr * out;            /* scale of the fresh output noise */
    int has_cutoff;
    slong fixed_c;              /* > 0: the cutoff is this, not the user's c */
    svt_comparison comparison;
    spec_expr * claimed;        /* NULL: no claim, report only */
    spec_expr * claimed_delta;  /* NULL: a pure claim (delta = 0) */
    int monotone_only;          /* the claim is for monotone queries only */
    struct dipa_automaton_s * dipa; /* a .dipa file: the automaton as read
                                   (variants/dipa.h; the prover of any
                                   size reads it), else NULL */
    svt_program * prog;         /* a program (variants/PROGRAMS.md), or NULL:
                                   the template keys above describe it */
    svt_program * compiled[2];  /* a template: the program it means
                                   (template.c); [1] with a fresh output
                                   replaced by top, for eps3 = 0 (NULL
                                   when the output is not fresh) */
    int key_line[20], key_col[20];  /* where each key's value starts */
}
svt_variant_struct;

void svt_variant_init(svt_variant_struct * v);
void svt_variant_clear(svt_variant_struct * v);
/* Parses a spec; on error returns -1 with "file:line:column: what was
   found, what is allowed" in err. */
int svt_variant_parse(svt_variant_struct * v, const char * text,
    const char * file, char * err, size_t errlen);
/* line and column of the value of `key` (0 when absent) */
void svt_variant_key_pos(const svt_variant_struct * v, const char * key,
    int * line, int * col);
/* Reads a DiPA automaton (.dipa) as a program variant named after the
   file (variants/PROGRAMS.md says how DiPA's semantics map). */
int svt_variant_parse_dipa(svt_variant_struct * v, const char * text,
    const char * file, char * err, size_t errlen);
/* 0 when path names a regular file of at most max_bytes; else -1 with a
   one-line message in err ("what: 'path' is a directory (a FIFO, a
   device, too large) ...", or "what: cannot read 'path': reason").
   Checked before opening, so that a FIFO never blocks. */
int svt_regular_file(const char * path, const char * what, long max_bytes,
    char * err, size_t errlen);
/* A template's keys compiled to the one-state program they mean (the
   noises rho, nu, reset, output; the branch top with its cost, reset and
   output; else bot; the counter c): fresh = 0 replaces a fresh output by
   top (eps3 = 0).  Returns 0, or -1 with a message in err. */
int svt_template_compile(svt_program * P, const svt_variant_struct * v,
    int fresh, char * err, size_t errlen);
/* The shape of a template, read off a program (what template.c
   compiles, and any program written the same way): one state with one
   answer y = q + nu (or exact, or |q| + nu), `if y >= rho` (abs(y) >=
   rho) `then output top | y | q + Lap; cost 1 (with a counter); reset
   (a fresh draw)`, `else output bot`.  The analyses that know this
   shape (classes of equal outputs, closed forms of the search) apply to
   every program that has it, whatever way it was written. */
typedef struct
{
    int nu;                     /* the answer's noise (-1: exact) */
    svt_output_kind output;
    int out_noise;              /* SVT_OUT_FRESH: its noise */
    int reset_noise;            /* -1: no reset */
    svt_comparison comparison;
    int cutoff;                 /* a counter of the tops */
}
svt_shape;

/* 1 and sh filled when P has the shape of a template, else 0 */
int svt_program_shape(svt_shape * sh, const svt_program * P);
/* the program of a variant: its own, or its template's compiled one */
const svt_program * svt_variant_program(const svt_variant_struct * v);
/* The text of a spec file (at most 1 MiB, no NUL byte; flint_free it),
   or NULL with a one-line message in err. */
char * svt_read_spec_text(const char * path, char * err, size_t errlen);
/* The claimed budget of a DiPA file's text as an expression in eps (into
   expr): its "# claimed = EXPR" line, else the reference 2 dsum eps
   (dsum: the sum of every d and d'); returns the sentence that says
   which. */
const char * svt_dipa_claim(char * expr, size_t len, const char * text,
    const fmpq_t dsum);
/* 1 when path names a DiPA automaton (ends in .dipa) */
int svt_path_is_dipa(const char * path);
/* Reads and parses a spec file (a .dipa file as DiPA automaton). */
int svt_variant_load(svt_variant_struct * v, const char * path, char * err,
    size_t errlen);

/* The built-in catalogue: the spec files of variants/specs, embedded at
   build time.  A catalogue object owns its parsed variants. */
typedef struct
{
    svt_variant_struct * v;
    slong len;
}
svt_catalog_struct;

typedef svt_catalog_struct svt_catalog_t[1];

void svt_catalog_init(svt_catalog_t cat);
void svt_catalog_clear(svt_catalog_t cat);
slong svt_catalog_count(const svt_catalog_t cat);
const svt_variant_struct * svt_catalog_get(const svt_catalog_t cat, slong i);
const svt_variant_struct * svt_catalog_find(const svt_catalog_t cat,
    const char * name);

/* ------------------------------------------------------------------ */
/* models                                                              */

typedef struct
{
    /* each NULL or a positive rational override */
    const fmpq * eps1;
    const fmpq * eps2;
    const fmpq * eps3;
}
svt_overrides;

typedef struct
{
    const svt_variant_struct * var;
    const svt_program * prog;   /* what runs: var->prog, or the template's
                                   compiled program (fresh output or top,
                                   as eps3 says) */
    slong c;                    /* the cutoff (also in the scales) */
    arb_t eps, eps1, eps2, eps3, delta;
    fmpq_t eps_q, delta_q;      /* eps and Delta, exactly */
    arb_t rho_scale, nu_scale, rho_reset_scale, out_scale;
    int has_nu, reset, has_cutoff;
    svt_output_kind output;     /* SVT_OUT_FRESH only when eps3 > 0 */
    int shaped;                 /* prog has the shape of a template
                                   (svt_shape): the fields above and
                                   comparison describe it exactly */
    svt_comparison comparison;
    int has_claim;
    arb_t claimed;              /* the claimed budget, when has_claim */
    arb_t claimed_delta;        /* the claimed delta (0: a pure claim) */
    /* the scale of every noise of prog's table, and the counter's
       limit */
    arb_ptr prog_scale;
    slong prog_nscale;
    slong limit;
    fmpq_t epsk_given[3];       /* --eps1..3 as given (when epsk_is_given) */
    int epsk_is_given[3];
}
svt_model_struct;

typedef svt_model_struct svt_model_t[1];

/* Parameters are computed at SVT_PARAM_PREC bits. */
#define SVT_PARAM_PREC 8192

void svt_model_init(svt_model_t M);
void svt_model_clear(svt_model_t M);
/* Returns 0 on success, or a negative code with a message in err (size
   errlen) when the parameters are not admissible (eps3 >= eps, ...). */
int svt_model_set(svt_model_t M, const svt_variant_struct * var,
    const fmpq_t eps, slong c, const fmpq_t delta, const svt_overrides * ov,
    char * err, size_t errlen);

/* ------------------------------------------------------------------ */
/* run-length query/output vectors                                     */

typedef enum
{
    SVT_BOT = 0,
    SVT_TOP = 1,
    SVT_NUM = 2,
    SVT_LABEL = 3       /* a named output of a program (label) */
}
svt_answer_kind;

#define SVT_LABEL_LEN 32

typedef struct
{
    fmpq_t q[2];        /* q_i(D), q_i(D') */
    fmpq_t T;           /* threshold T_i */
    svt_answer_kind a;  /* output */
    fmpq_t v;           /* the number when a = SVT_NUM */
    char label[SVT_LABEL_LEN];  /* the name when a = SVT_LABEL */
    ulong count;        /* >= 1 */
}
svt_run_struct;

typedef struct
{
    svt_run_struct * runs;
    slong len, alloc;
    int stops;          /* the run stopped right after the last output while
                           queries remained (a vector shorter than the
                           queries, as an observer sees it): only the paths
                           of a program that stop there count; 0: no
                           requirement (the queries ended there) */
}
svt_runs_struct;

typedef svt_runs_struct svt_runs_t[1];

void svt_runs_init(svt_runs_t R);
void svt_runs_clear(svt_runs_t R);
void svt_runs_push(svt_runs_t R, const fmpq_t qD, const fmpq_t qD2,
    const fmpq_t T, svt_answer_kind a, const fmpq_t v, ulong count);
/* the same with a label (a = SVT_LABEL, at most SVT_LABEL_LEN - 1 chars) */
void svt_runs_push_label(svt_runs_t R, const fmpq_t qD, const fmpq_t qD2,
    const fmpq_t T, const char * label, ulong count);
/* keeps the first len runs */
void svt_runs_truncate(svt_runs_t R, slong len);
/* dst = a copy of src */
void svt_runs_set(svt_runs_t dst, const svt_runs_t src);
/* every query (both sides), threshold and released number moved by t */
void svt_runs_shift(svt_runs_t R, const fmpq_t t);
/* number of queries (saturates at UWORD_MAX) */
ulong svt_runs_length(const svt_runs_t R);
/* 1 if q(D) - q(D') never changes sign (monotone queries) */
int svt_runs_monotone(const svt_runs_t R);
/* |q_i(D) - q_i(D')| <= delta for every i */
int svt_runs_within_sensitivity(const svt_runs_t R, const fmpq_t delta);

/* ------------------------------------------------------------------ */
/* certified probabilities                                             */

#define SVT_PROB_OK         0
#define SVT_PROB_GOAL_MISSED 1
#define SVT_PROB_IMPOSSIBLE 2   /* the variant cannot produce this output */
#define SVT_PROB_UNSUPPORTED 3  /* the engine cannot certify it (see note) */

typedef struct
{
    arb_t value;        /* Pr[A(D)=a] (a density if a has numbers) */
    arb_t log_value;
    int zero;           /* exactly 0 */
    int status;
    int budget_spent;   /* an integral stopped at the engine's work budget
                           (a higher goal would not help) */
    slong segments;     /* number of integrals (after grouping) */
    const char * note;  /* why SVT_PROB_UNSUPPORTED */
    int tie;            /* a released number (or a register holding one)
                           sits exactly on a comparison it takes part in:
                           the density there is decided by the
                           comparison's strictness, on a null set of
                           outputs (value is still that density) */
}
svt_prob_struct;

typedef svt_prob_struct svt_prob_t[1];

void svt_prob_init(svt_prob_t P);
void svt_prob_clear(svt_prob_t P);
/* log_value from value: -inf when zero (value set to the exact 0), the
   logarithm of a positive value, indeterminate otherwise */
void svt_prob_set_log(svt_prob_t P, slong prec);

/* Why an output is impossible, or NULL when it is possible. */
const char * svt_output_impossible(const svt_model_t M, const svt_runs_t R);

/* side = 0 for D, 1 for D'. */
int svt_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt);

/* Both sides, p0 = Pr[A(D)=a] and p1 = Pr[A(D')=a]: the second in a
   thread of its own for outputs of at least 16 runs or several
   registers, else in turn (a new thread's empty Arb caches cost more
   than a short probability).  The same numbers either way. */
void svt_prob_pair(svt_prob_t p0, svt_prob_t p1, const svt_model_t M,
    const svt_runs_t R, const integral_opt_t opt);

/* The integrand of Pr[A(side)=a] at the real point z: the first segment
   of the first path through the program's states (the whole integrand
   when the output fixes the path and the register is not redrawn; 0 for
   Report Noisy Max and several registers).  For plots and cross-checks,
   never for verdicts. */
void svt_integrand_at(arb_t res, const svt_model_t M, const svt_runs_t R,
    int side, const arb_t z, slong prec);

/* The back-ends svt_prob dispatches to (prob.c says which, when): */
/* Report Noisy Max (program_argmax.c) */
int svt_argmax_prob(svt_prob_t res, const svt_model_t M, const svt_runs_t R,
    int side, const integral_opt_t opt);
const char * svt_argmax_impossible(const svt_model_t M, const svt_runs_t R);
/* DiPA automata: the exact integral over the registers and the current
   insample (program_joint.c); for several registers the only back-end */
int svt_program_joint_prob(svt_prob_t res, const svt_model_t M,
    const svt_runs_t R, int side, const integral_opt_t opt);
/* the engine's walk alone (segments, brackets for a register assigned
   after a guard); svt_prob prefers the exact joint integral for
   such DiPA automata on short outputs */
int svt_program_walk_prob(svt_prob_t res, const svt_model_t M,
    const svt_runs_t R, int side, const integral_opt_t opt);
const char * svt_program_joint_impossible(const svt_model_t M,
    const svt_runs_t R);
/* why the exact joint integral refuses every output of P (with more than
   31 registers: a group compared or assigned together wider than its 31
   variables), or NULL */
const char * svt_program_joint_refusal(const svt_program * P);
/* the most queries an output vector may have (0: no limit); automata
   with several registers have one, since their exact joint integral
   grows with every query */
ulong svt_model_max_queries(const svt_model_t M);
/* 1 when ln(Pr[A(D)=a] / Pr[A(D')=a]) is known to be exactly the
   rational r (Report Noisy Max with exponential noise, when the other
   queries' distances below the maximum agree on both sides: the
   polynomial integrals are then equal), 0 when not known */
int svt_exact_log_ratio(fmpq_t r, const svt_model_t M, const svt_runs_t R);
/* an expression of the variant (a scale, the claim) at this model's eps,
   c, Delta, in rationals: 1 when it is a rational (res set), else 0 */
int svt_model_expr_fmpq(fmpq_t res, const svt_model_t M, const spec_expr * e);
/* 1 when adding the same t to every query and threshold changes no
   probability (no absolute value of a noisy answer is compared) */
int svt_variant_translation_invariant(const svt_variant_struct * var);
/* 1 when no state reads the input (DiPA automata whose states are all
   non-input): the outputs do not depend on the input */
int svt_program_reads_no_input(const svt_program * P);
/* 1 when some state's answers are |q| + noise (abs(q)): |q'| - |q| need
   not keep the sign of q' - q, nor the probabilities a translation */
int svt_program_reads_abs_query(const svt_program * P);

/* why the walk finds no path producing R (NULL: some path, or not
   decided) */
const char * svt_program_walk_impossible(const svt_model_t M,
    const svt_runs_t R);
/* Does the run stop right after the output R?  1 on every path that
   produces it, 0 on none, -1 on some (or undecided). */
int svt_program_ends(const svt_model_t M, const svt_runs_t R);
/* The outputs a program can give at one query: bot, top (or a number,
   marginalised), and its labels (pointers into P); returns how many,
   at most SVT_PROGRAM_MAX_ALPHABET for a program read (svt_program_finish
   refuses more). */
#define SVT_PROGRAM_MAX_ALPHABET (3 + 128)
slong svt_program_alphabet(svt_answer_kind * kind, const char ** label,
    const svt_program * P);
/* 1 if in every state some branch takes every outcome (an else, or
   guards that cover the line up to probability 0): only a stop ends a
   run early */
int svt_program_complete(const svt_program * P);
/* Evaluates the scales and limit of M->prog into M; 0 or -1 with err. */
int svt_program_scales_set(svt_model_t M, arb_srcptr vals, const int * def,
    char * err, size_t errlen);
/* M->prog = M->var->prog, its scales and limit, and the template fields
   of M (has_nu, reset, output...) read off the program */
int svt_program_model_set(svt_model_t M, arb_srcptr vals, const int * def,
    char * err, size_t errlen);

/* ------------------------------------------------------------------ */
/* direct simulation of the pseudocode                                 */

/* One run of the algorithm on the query answers of side `side`; writes
   at most `len` outputs (kinds into a, numbers into v; for a program's
   label, v is its index in svt_program_alphabet), returns how many were
   written (the algorithm stops after c tops, a program where it stops).  rng is a gsl_rng *.
   Uses doubles: simulation is a statistical check, never a verdict. */
slong svt_simulate(svt_answer_kind * a, double * v, const svt_model_t M,
    const double * q, const double * T, slong len, void * rng);

#ifdef __cplusplus
}
#endif

#endif
