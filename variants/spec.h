/*
    spec.h -- SVT variants written as spec files.

    A spec is a short text of `key = value` lines ('#' starts a comment):

        name            = alg1                  (letters, digits, - _ .)
        title           = SVT proposed by Lyu, Su and Li
        source          = Alg. 1, Fig. 1; Thm 3.3
        paper_property  = eps-DP                (free text, for reports)
        eps3            = 0                     (expressions in eps, c, Delta
        eps1            = eps/2                  and the eps_k computed before:
        eps2            = eps - eps1             eps3, then eps1, then eps2)
        free            = eps1 eps2 eps3        (which --epsK may override)
        threshold_noise = laplace(Delta/eps1)   (laplace(...) or gaussian(...))
        query_noise     = laplace(2*c*Delta/eps2)   (or none)
        reset           = none                  (or laplace(c*Delta/eps2): rho is
                                                 redrawn after every top)
        output          = top                   (top, compared: the noisy answer
                                                 q + nu, or fresh(scale): q plus
                                                 fresh Laplace noise; fresh with
                                                 a scale that needs eps3 > 0
                                                 falls back to top when eps3 = 0)
        cutoff          = c                     (c, none, or an integer: fixed)
        comparison      = standard              (standard: q + nu >= T + rho;
                                                 abs-inside: |q + nu| >= T + rho;
                                                 abs-outside: |q| + nu >= T + rho)
        claimed         = eps1 + eps2 + eps3    (or none: report only)
        claimed_delta   = 0                     (optional: the claim is
                                                 (claimed, claimed_delta)-DP;
                                                 0 <= delta < 1, default 0)
        monotone_only   = no                    (yes: the claim is for monotone
                                                 queries only)

    Expressions: numbers (1, 0.5, 2e-3), eps c Delta eps1 eps2 eps3,
    + - * / ^ and parentheses; evaluated with Arb balls, never doubles.
    Every error names file:line:column, what was found and what is
    allowed.
*/

#ifndef SVT_SPEC_H
#define SVT_SPEC_H

#include <stddef.h>
#include <flint/fmpq.h>
#include <arb.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct spec_expr_struct spec_expr;

/* Parses an expression; NULL with a message "col N: ..." on error. */
spec_expr * spec_expr_parse(const char * s, char * err, size_t errlen,
    int * errcol);
void spec_expr_free(spec_expr * e);
/* a deep copy (NULL for NULL) */
spec_expr * spec_expr_copy(const spec_expr * e);

/* Variables, in the order eps, c, Delta, eps1, eps2, eps3. */
#define SPEC_VAR_EPS 0
#define SPEC_VAR_C 1
#define SPEC_VAR_DELTA 2
#define SPEC_VAR_EPS1 3
#define SPEC_VAR_EPS2 4
#define SPEC_VAR_EPS3 5
#define SPEC_NVARS 6

/* Evaluates with the variables vals (defined[i] says which may be used).
   Returns 0, or -1 with a message (division by zero, 0^negative, a
   variable not yet defined...). */
int spec_expr_eval(arb_t res, const spec_expr * e, arb_srcptr vals,
    const int * defined, slong prec, char * err, size_t errlen);

/* Reads an unsigned decimal "digits[.digits][e[+-]digits]" exactly at the
   start of s (|exponent| <= maxexp).  Returns the number of characters
   read, or 0 when s does not start with such a number, or -1 when it is
   malformed (two dots, exponent out of range). */
long spec_read_decimal(fmpq_t res, const char * s, long maxexp);
/* 1 when x is 0 or of magnitude from 10^-(maxexp+1) to 10^(maxexp+1):
   the numbers an exponent within maxexp writes, however they are
   written (a program's constants: 1 and 400 zeros is 10^400) */
int spec_decimal_in_range(const fmpq_t x, long maxexp);

/* The value of e in rationals (vals: eps, c, Delta, eps1..3 as fmpq);
   returns -1 when it is not a rational of these (a non-integer power,
   division by 0, an undefined variable). */
int spec_expr_eval_fmpq(fmpq_t res, const spec_expr * e, const fmpq * vals,
    const int * defined);

/* Linear forms k0 + k1 eps1 + k2 eps2 + k3 eps3 with rational
   coefficients, where eps, c and Delta are rationals: the exact algebra
   of budgets (a proof's bound B = eps1 + eps2 and a claim eps1 + eps2 +
   eps3 compare exactly even when eps1 is irrational). */
#define SPEC_LF_LEN 4
typedef struct
{
    fmpq_t k[SPEC_LF_LEN];
}
spec_linform_struct;

typedef spec_linform_struct spec_linform_t[1];

void spec_linform_init(spec_linform_t f);
void spec_linform_clear(spec_linform_t f);
void spec_linform_zero(spec_linform_t f);
void spec_linform_set(spec_linform_t f, const spec_linform_t g);
int spec_linform_is_zero(const spec_linform_t f);
int spec_linform_equal(const spec_linform_t f, const spec_linform_t g);
/* f += a g */
void spec_linform_addmul(spec_linform_t f, const spec_linform_t g, const fmpq_t a);
/* the value, with eps1..3 given as balls */
void spec_linform_eval(arb_t res, const spec_linform_t f, arb_srcptr epsk,
    slong prec);

/* The linear form of e (recip = 0) or of 1/e (recip = 1), with eps, c,
   Delta given as rationals in vals and eps_k as the forms lf[k - 1] (a
   symbol of its own when its expression is not a linear form).  Returns
   -1 when the value is not such a form (eps1 * eps2, 1/eps1 + ...). */
int spec_expr_linform(spec_linform_t res, const spec_expr * e, int recip,
    const fmpq * vals, const spec_linform_struct * lf);

/* 1 if the expression uses variable v */
int spec_expr_uses(const spec_expr * e, int v);

/* For messages.  spec_value_str: the value of a parameter as found (an
   integer exactly, else 15 digits; a ball around 0 with its radius).
   spec_char_name: the character at s by its code point and, for one a
   reader cannot see, its name ("U+FEFF byte-order mark", "U+00A0
   no-break space"; a byte that is not UTF-8 by its value); returns the
   bytes it takes (>= 1).  spec_find_invisible: the first byte of s[0..n)
   that is not printable ASCII (tab and carriage return aside), or NULL. */
void spec_value_str(char * buf, size_t len, const arb_t x);
int spec_char_name(char * buf, size_t len, const char * s);
/* 1, with err "NAME:LINE:COL: found a NUL byte ..." at the first NUL
   of text[0..len), when it holds one; 0 when it holds none */
int spec_nul_error(const char * text, size_t len, const char * name,
    char * err, size_t errlen);
/* The edit distance of a[0..na) and b (insertions, deletions and
   substitutions), at most 3: a larger one is 3.  For the suggestions of
   the errors ('claimd' is 'claimed'). */
int spec_edit_distance3(const char * a, size_t na, const char * b);
const char * spec_find_invisible(const char * s, size_t n);
/* src into dst (len bytes, NUL-terminated), every character a reader
   cannot see (control characters, byte-order marks, zero-width and
   no-break spaces, bytes that are not UTF-8) written as <U+XXXX name>:
   for one-line messages that echo what was given */
void spec_text_visible(char * dst, size_t len, const char * src);

#ifdef __cplusplus
}
#endif

#endif
