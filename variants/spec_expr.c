/* spec_expr.c -- arithmetic expressions of spec files: a recursive
   descent parser and an Arb evaluator. */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "spec.h"

enum { E_NUM, E_VAR, E_NEG, E_ADD, E_SUB, E_MUL, E_DIV, E_POW };

struct spec_expr_struct
{
    int op;
    int var;
    fmpq_t num;
    spec_expr * a, * b;
};

static const char * var_names[SPEC_NVARS] = { "eps", "c", "Delta", "eps1",
    "eps2", "eps3" };

#define MAX_DEPTH 64

typedef struct
{
    const char * s;
    size_t pos;
    int depth;
    char * err;
    size_t errlen;
    int errcol;
    int failed;
}
parser;

static spec_expr *
node(int op)
{
    spec_expr * e = flint_malloc(sizeof(spec_expr));
    e->op = op;
    e->var = -1;
    fmpq_init(e->num);
    e->a = e->b = NULL;
    return e;
}

void
spec_expr_free(spec_expr * e)
{
    if (e == NULL)
        return;
    spec_expr_free(e->a);
    spec_expr_free(e->b);
    fmpq_clear(e->num);
    flint_free(e);
}

spec_expr *
spec_expr_copy(const spec_expr * e)
{
    spec_expr * r;
    if (e == NULL)
        return NULL;
    r = node(e->op);
    r->var = e->var;
    fmpq_set(r->num, e->num);
    r->a = spec_expr_copy(e->a);
    r->b = spec_expr_copy(e->b);
    return r;
}

static void
fail(parser * p, const char * what)
{
    char found[32];
    if (p->failed)
        return;
    p->failed = 1;
    p->errcol = (int) p->pos + 1;
    if (p->s[p->pos] == '\0')
        strcpy(found, "end of expression");
    else
    {
        size_t n = 0;
        while (n < 12 && p->s[p->pos + n] != '\0' && !isspace((unsigned char) p->s[p->pos + n]))
            n++;
        if (n == 0)
            n = 1;
        snprintf(found, sizeof(found), "'%.*s'", (int) n, p->s + p->pos);
    }
    snprintf(p->err, p->errlen, "found %s, expected %s", found, what);
}

static void
skip(parser * p)
{
    while (isspace((unsigned char) p->s[p->pos]))
        p->pos++;
}

static spec_expr * parse_sum(parser * p);
static spec_expr * parse_unary(parser * p);

static spec_expr *
parse_primary(parser * p)
{
    const char * s;
    skip(p);
    s = p->s + p->pos;
    if (*s == '(')
    {
        spec_expr * e;
        p->pos++;
        e = parse_sum(p);
        if (e == NULL)
            return NULL;
        skip(p);
        if (p->s[p->pos] != ')')
        {
            fail(p, "')'");
            spec_expr_free(e);
            return NULL;
        }
        p->pos++;
        return e;
    }
    if (isdigit((unsigned char) *s) || (*s == '.' && isdigit((unsigned char) s[1])))
    {
        spec_expr * e = node(E_NUM);
        long n = spec_read_decimal(e->num, s, 300);
        if (n <= 0)
        {
            fail(p, "a number such as 2, 0.5 or 1e-3 (exponent within 300)");
            spec_expr_free(e);
            return NULL;
        }
        p->pos += (size_t) n;
        return e;
    }
    if (isalpha((unsigned char) *s))
    {
        size_t n = 0;
        int v;
        while (isalnum((unsigned char) s[n]) || s[n] == '_')
            n++;
        for (v = 0; v < SPEC_NVARS; v++)
            if (strlen(var_names[v]) == n && strncmp(s, var_names[v], n) == 0)
            {
                spec_expr * e = node(E_VAR);
                e->var = v;
                p->pos += n;
                return e;
            }
        fail(p, "a number, '(' or one of eps, c, Delta, eps1, eps2, eps3");
        return NULL;
    }
    fail(p, "a number, '(' or one of eps, c, Delta, eps1, eps2, eps3");
    return NULL;
}

/* power := primary ['^' unary]   (right associative) */
static spec_expr *
parse_power(parser * p)
{
    spec_expr * a = parse_primary(p), * b, * e;
    if (a == NULL)
        return NULL;
    skip(p);
    if (p->s[p->pos] != '^')
        return a;
    p->pos++;
    b = parse_unary(p);
    if (b == NULL)
    {
        spec_expr_free(a);
        return NULL;
    }
    e = node(E_POW);
    e->a = a;
    e->b = b;
    return e;
}

static spec_expr *
parse_unary(parser * p)
{
    spec_expr * e, * a;
    if (++p->depth > MAX_DEPTH)
    {
        fail(p, "an expression nested less deep (at most 64 levels of sums and signs: about 30 parentheses)");
        return NULL;
    }
    skip(p);
    if (p->s[p->pos] == '-' || p->s[p->pos] == '+')
    {
        int neg = p->s[p->pos] == '-';
        p->pos++;
        a = parse_unary(p);
        p->depth--;
        if (a == NULL || !neg)
            return a;
        e = node(E_NEG);
        e->a = a;
        return e;
    }
    e = parse_power(p);
    p->depth--;
    return e;
}

static spec_expr *
parse_product(parser * p)
{
    spec_expr * a = parse_unary(p);
    while (a != NULL)
    {
        char c;
        spec_expr * b, * e;
        skip(p);
        c = p->s[p->pos];
        if (c != '*' && c != '/')
            break;
        p->pos++;
        b = parse_unary(p);
        if (b == NULL)
        {
            spec_expr_free(a);
            return NULL;
        }
        e = node(c == '*' ? E_MUL : E_DIV);
        e->a = a;
        e->b = b;
        a = e;
    }
    return a;
}

static spec_expr *
parse_sum(parser * p)
{
    spec_expr * a;
    if (++p->depth > MAX_DEPTH)
    {
        fail(p, "an expression nested less deep (at most 64 levels of sums and signs: about 30 parentheses)");
        return NULL;
    }
    a = parse_product(p);
    while (a != NULL)
    {
        char c;
        spec_expr * b, * e;
        skip(p);
        c = p->s[p->pos];
        if (c != '+' && c != '-')
            break;
        p->pos++;
        b = parse_product(p);
        if (b == NULL)
        {
            spec_expr_free(a);
            a = NULL;
            break;
        }
        e = node(c == '+' ? E_ADD : E_SUB);
        e->a = a;
        e->b = b;
        a = e;
    }
    p->depth--;
    return a;
}

long
spec_read_decimal(fmpq_t res, const char * s, long maxexp)
{
    fmpz_t num, den, t;
    long n = 0, frac = 0, ex = 0, digits = 0;
    int dots = 0;
    fmpz_init(num);
    fmpz_init(den);
    fmpz_init(t);
    for (; isdigit((unsigned char) s[n]) || s[n] == '.'; n++)
    {
        if (s[n] == '.')
        {
            dots++;
            continue;
        }
        fmpz_mul_ui(num, num, 10);
        fmpz_add_ui(num, num, s[n] - '0');
        digits++;
        frac += (dots > 0);
    }
    if (digits == 0)
        n = 0;
    else if (dots > 1 || n > 4000)
        n = -1;
    else if ((s[n] == 'e' || s[n] == 'E') && (isdigit((unsigned char) s[n + 1])
            || ((s[n + 1] == '-' || s[n + 1] == '+') && isdigit((unsigned char) s[n + 2]))))
    {
        long k = n + 1, sign = 1;
        if (s[k] == '-' || s[k] == '+')
            sign = (s[k++] == '-') ? -1 : 1;
        for (; isdigit((unsigned char) s[k]); k++)
        {
            ex = 10 * ex + (s[k] - '0');
            if (ex > maxexp)
                break;
        }
        if (ex > maxexp)
            n = -1;
        else
        {
            ex *= sign;
            n = k;
        }
    }
    if (n > 0)
    {
        ex -= frac;
        fmpz_one(den);
        fmpz_set_ui(t, 10);
        if (ex >= 0)
        {
            fmpz_pow_ui(t, t, (ulong) ex);
            fmpz_mul(num, num, t);
        }
        else
            fmpz_pow_ui(den, t, (ulong) (-ex));
        fmpq_set_fmpz_frac(res, num, den);
    }
    fmpz_clear(num);
    fmpz_clear(den);
    fmpz_clear(t);
    return n;
}

int
spec_decimal_in_range(const fmpq_t x, long maxexp)
{
    fmpz_t t, lim;
    int ok = 1;
    if (fmpq_is_zero(x))
        return 1;
    fmpz_init(t);
    fmpz_init(lim);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, (ulong) maxexp + 1);
    fmpz_mul(lim, t, fmpq_denref(x));
    if (fmpz_cmpabs(fmpq_numref(x), lim) > 0)
        ok = 0;
    fmpz_mul(lim, t, fmpq_numref(x));
    if (fmpz_cmpabs(lim, fmpq_denref(x)) < 0)
        ok = 0;
    fmpz_clear(t);
    fmpz_clear(lim);
    return ok;
}

spec_expr *
spec_expr_parse(const char * s, char * err, size_t errlen, int * errcol)
{
    parser p = { s, 0, 0, err, errlen, 0, 0 };
    spec_expr * e = parse_sum(&p);
    if (e != NULL)
    {
        skip(&p);
        if (p.s[p.pos] != '\0')
        {
            fail(&p, "an operator (+ - * / ^) or the end of the expression");
            spec_expr_free(e);
            e = NULL;
        }
    }
    if (e == NULL && errcol != NULL)
        *errcol = p.errcol;
    return e;
}

int
spec_expr_uses(const spec_expr * e, int v)
{
    if (e == NULL)
        return 0;
    if (e->op == E_VAR)
        return e->var == v;
    return spec_expr_uses(e->a, v) || spec_expr_uses(e->b, v);
}

int
spec_expr_eval(arb_t res, const spec_expr * e, arb_srcptr vals,
    const int * defined, slong prec, char * err, size_t errlen)
{
    arb_t a, b;
    int r = 0;
    switch (e->op)
    {
        case E_NUM:
            arb_set_fmpq(res, e->num, prec);
            return 0;
        case E_VAR:
            if (!defined[e->var])
            {
                snprintf(err, errlen, "%s is not defined here (eps3, eps1, "
                    "eps2 are computed in this order)", var_names[e->var]);
                return -1;
            }
            arb_set(res, vals + e->var);
            return 0;
        default:
            break;
    }
    arb_init(a);
    arb_init(b);
    r = spec_expr_eval(a, e->a, vals, defined, prec, err, errlen);
    if (r == 0 && e->b != NULL)
        r = spec_expr_eval(b, e->b, vals, defined, prec, err, errlen);
    if (r == 0)
        switch (e->op)
        {
            case E_NEG: arb_neg(res, a); break;
            case E_ADD: arb_add(res, a, b, prec); break;
            case E_SUB: arb_sub(res, a, b, prec); break;
            case E_MUL: arb_mul(res, a, b, prec); break;
            case E_DIV:
                if (arb_is_zero(b))
                {
                    snprintf(err, errlen, "division by zero (the divisor is 0 "
                        "at these parameters; a divisor must be nonzero)");
                    r = -1;
                }
                else if (arb_contains_zero(b))
                {
                    snprintf(err, errlen, "division by a value that may be 0");
                    r = -1;
                }
                else
                    arb_div(res, a, b, prec);
                break;
            case E_POW:
                if (e->b->op == E_NUM && fmpz_is_one(fmpq_denref(e->b->num))
                        && fmpz_bits(fmpq_numref(e->b->num)) < 20)
                {
                    if (fmpz_sgn(fmpq_numref(e->b->num)) < 0 && arb_contains_zero(a))
                    {
                        snprintf(err, errlen, "0 to a negative power");
                        r = -1;
                    }
                    else
                        arb_pow_fmpz(res, a, fmpq_numref(e->b->num), prec);
                }
                else if (!arb_is_positive(a))
                {
                    snprintf(err, errlen, "x^y with a non-integer y needs x > 0");
                    r = -1;
                }
                else
                    arb_pow(res, a, b, prec);
                break;
            default:
                flint_abort();
        }
    if (r == 0 && !arb_is_finite(res))
    {
        snprintf(err, errlen, "the value is not finite");
        r = -1;
    }
    arb_clear(a);
    arb_clear(b);
    return r;
}

/* the same in rationals: 0 with res exact, -1 when the expression is not
   rational at these values (a non-integer power, a division by 0, a
   variable not defined) */
int
spec_expr_eval_fmpq(fmpq_t res, const spec_expr * e, const fmpq * vals,
    const int * defined)
{
    fmpq_t a, b;
    int r = 0;
    if (e->op == E_NUM)
    {
        fmpq_set(res, e->num);
        return 0;
    }
    if (e->op == E_VAR)
    {
        if (!defined[e->var])
            return -1;
        fmpq_set(res, vals + e->var);
        return 0;
    }
    fmpq_init(a);
    fmpq_init(b);
    r = spec_expr_eval_fmpq(a, e->a, vals, defined);
    if (r == 0 && e->b != NULL && e->op != E_POW)
        r = spec_expr_eval_fmpq(b, e->b, vals, defined);
    if (r == 0)
        switch (e->op)
        {
            case E_NEG: fmpq_neg(res, a); break;
            case E_ADD: fmpq_add(res, a, b); break;
            case E_SUB: fmpq_sub(res, a, b); break;
            case E_MUL: fmpq_mul(res, a, b); break;
            case E_DIV:
                if (fmpq_is_zero(b))
                    r = -1;
                else
                    fmpq_div(res, a, b);
                break;
            case E_POW:
                if (e->b->op == E_NUM && fmpz_is_one(fmpq_denref(e->b->num))
                        && fmpz_bits(fmpq_numref(e->b->num)) < 8
                        && !(fmpq_is_zero(a) && fmpz_sgn(fmpq_numref(e->b->num)) < 0))
                    fmpq_pow_si(res, a, fmpz_get_si(fmpq_numref(e->b->num)));
                else
                    r = -1;
                break;
            default:
                r = -1;
        }
    fmpq_clear(a);
    fmpq_clear(b);
    return r;
}

/* ---- linear forms in eps1, eps2, eps3 ------------------------------- */

void
spec_linform_init(spec_linform_t f)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_init(f->k[i]);
}

void
spec_linform_clear(spec_linform_t f)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_clear(f->k[i]);
}

void
spec_linform_zero(spec_linform_t f)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_zero(f->k[i]);
}

void
spec_linform_set(spec_linform_t f, const spec_linform_t g)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_set(f->k[i], g->k[i]);
}

int
spec_linform_is_zero(const spec_linform_t f)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        if (!fmpq_is_zero(f->k[i]))
            return 0;
    return 1;
}

int
spec_linform_equal(const spec_linform_t f, const spec_linform_t g)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        if (!fmpq_equal(f->k[i], g->k[i]))
            return 0;
    return 1;
}

void
spec_linform_addmul(spec_linform_t f, const spec_linform_t g, const fmpq_t a)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_addmul(f->k[i], g->k[i], a);
}

void
spec_linform_eval(arb_t res, const spec_linform_t f, arb_srcptr epsk, slong prec)
{
    arb_t t;
    int i;
    arb_init(t);
    arb_set_fmpq(res, f->k[0], prec);
    for (i = 1; i < SPEC_LF_LEN; i++)
        if (!fmpq_is_zero(f->k[i]))
        {
            arb_mul_fmpz(t, epsk + i - 1, fmpq_numref(f->k[i]), prec);
            arb_div_fmpz(t, t, fmpq_denref(f->k[i]), prec);
            arb_add(res, res, t, prec);
        }
    arb_clear(t);
}

/* the constant of f when f is one (0), else -1 */
static int
lf_const(fmpq_t c, const spec_linform_t f)
{
    int i;
    for (i = 1; i < SPEC_LF_LEN; i++)
        if (!fmpq_is_zero(f->k[i]))
            return -1;
    fmpq_set(c, f->k[0]);
    return 0;
}

static void
lf_scale(spec_linform_t f, const fmpq_t a)
{
    int i;
    for (i = 0; i < SPEC_LF_LEN; i++)
        fmpq_mul(f->k[i], f->k[i], a);
}

int
spec_expr_linform(spec_linform_t res, const spec_expr * e, int recip,
    const fmpq * vals, const spec_linform_struct * lf)
{
    spec_linform_t a, b;
    fmpq_t ca, cb;
    int r = -1, i;

    spec_linform_init(a);
    spec_linform_init(b);
    fmpq_init(ca);
    fmpq_init(cb);
    spec_linform_zero(res);
    if (e->op == E_NUM || (e->op == E_VAR && e->var <= SPEC_VAR_DELTA))
    {
        fmpq_set(ca, e->op == E_NUM ? e->num : vals + e->var);
        if (!recip)
            r = (fmpq_set(res->k[0], ca), 0);
        else if (!fmpq_is_zero(ca))
            r = (fmpq_inv(res->k[0], ca), 0);
    }
    else if (e->op == E_VAR)
    {
        spec_linform_set(a, lf + e->var - SPEC_VAR_EPS1);
        if (!recip)
            r = (spec_linform_set(res, a), 0);
        else if (lf_const(ca, a) == 0 && !fmpq_is_zero(ca))
            r = (fmpq_inv(res->k[0], ca), 0);
    }
    else if (e->op == E_POW || (recip && (e->op == E_ADD || e->op == E_SUB)))
    {
        /* a constant, or nothing */
        fmpq * v = _fmpq_vec_init(SPEC_NVARS);
        int def[SPEC_NVARS] = { 1, 1, 1, 0, 0, 0 };
        for (i = 0; i < SPEC_NVARS; i++)
            if (i <= SPEC_VAR_DELTA)
                fmpq_set(v + i, vals + i);
            else if (lf_const(v + i, lf + i - SPEC_VAR_EPS1) == 0)
                def[i] = 1;
        if (spec_expr_eval_fmpq(ca, e, v, def) == 0 && (!recip || !fmpq_is_zero(ca)))
        {
            if (recip)
                fmpq_inv(ca, ca);
            fmpq_set(res->k[0], ca);
            r = 0;
        }
        _fmpq_vec_clear(v, SPEC_NVARS);
    }
    else if (e->op == E_NEG)
    {
        fmpq_set_si(ca, -1, 1);
        if ((r = spec_expr_linform(res, e->a, recip, vals, lf)) == 0)
            lf_scale(res, ca);
    }
    else if (e->op == E_ADD || e->op == E_SUB)
    {
        if (spec_expr_linform(a, e->a, 0, vals, lf) == 0
                && spec_expr_linform(b, e->b, 0, vals, lf) == 0)
        {
            fmpq_set_si(ca, e->op == E_ADD ? 1 : -1, 1);
            spec_linform_set(res, a);
            spec_linform_addmul(res, b, ca);
            r = 0;
        }
    }
    else if (e->op == E_MUL || e->op == E_DIV)
    {
        /* x * y, x / y; 1/(x * y) = (1/x)(1/y), 1/(x / y) = y (1/x) */
        int ra = spec_expr_linform(a, e->a, recip, vals, lf);
        int rb = spec_expr_linform(b, e->b, e->op == E_DIV ? !recip : recip, vals, lf);
        if (ra == 0 && rb == 0)
        {
            if (lf_const(ca, a) == 0)
                r = (spec_linform_set(res, b), lf_scale(res, ca), 0);
            else if (lf_const(cb, b) == 0)
                r = (spec_linform_set(res, a), lf_scale(res, cb), 0);
        }
    }
    spec_linform_clear(a);
    spec_linform_clear(b);
    fmpq_clear(ca);
    fmpq_clear(cb);
    return r;
}

/* ---- naming what was found, for messages ------------------------- */

void
spec_value_str(char * buf, size_t len, const arb_t x)
{
    char * s;
    if (!arb_is_finite(x))
    {
        snprintf(buf, len, "a value that is not finite");
        return;
    }
    if (arb_is_exact(x) && arf_is_int(arb_midref(x))
            && arf_cmpabs_2exp_si(arb_midref(x), 200) < 0)
    {
        fmpz_t n;
        fmpz_init(n);
        arf_get_fmpz(n, arb_midref(x), ARF_RND_DOWN);
        s = fmpz_get_str(NULL, 10, n);
        snprintf(buf, len, "%s", s);
        flint_free(s);
        fmpz_clear(n);
        return;
    }
    if (arb_contains_zero(x) && !arb_is_zero(x))
    {
        s = arb_get_str(x, 5, 0);
        snprintf(buf, len, "%s (not certainly nonzero)", s);
        flint_free(s);
        return;
    }
    s = arb_get_str(x, 15, ARB_STR_NO_RADIUS);
    {
        /* trailing zeros of the digits (before an exponent) dropped */
        char * dot = strchr(s, '.'), * e = strchr(s, 'e');
        if (dot != NULL)
        {
            char * end = e != NULL ? e : s + strlen(s), * z = end;
            while (z > dot + 1 && z[-1] == '0')
                z--;
            if (z == dot + 1)
                z = dot;
            memmove(z, end, strlen(end) + 1);
        }
    }
    snprintf(buf, len, "%s", s);
    flint_free(s);
}

/* a few characters a reader cannot see, by name */
static const char *
char_name(unsigned long u)
{
    switch (u)
    {
        case 0x09: return "tab";
        case 0x0A: return "line feed";
        case 0x0D: return "carriage return";
        case 0x7F: return "delete character";
        case 0xA0: return "no-break space";
        case 0xAD: return "soft hyphen";
        case 0x200B: return "zero-width space";
        case 0x200C: return "zero-width non-joiner";
        case 0x200D: return "zero-width joiner";
        case 0x2060: return "word joiner";
        case 0x2028: return "line separator";
        case 0x2029: return "paragraph separator";
        case 0x202F: return "narrow no-break space";
        case 0xFEFF: return "byte-order mark";
        case 0xFFFD: return "replacement character";
        default: break;
    }
    if (u < 0x20 || (u >= 0x80 && u < 0xA0))
        return "control character";
    if (u >= 0x2000 && u <= 0x200A)
        return "space";
    if (u == 0x2212)
        return "minus sign";
    if (u >= 0x2010 && u <= 0x2015)
        return "dash";
    if (u == 0x2018 || u == 0x2019 || u == 0x201C || u == 0x201D)
        return "curly quote";
    return NULL;
}

/* the code point at s and its length in bytes (0: not UTF-8) */
static int
utf8_decode(unsigned long * u, const unsigned char * p)
{
    int n, k;
    if (p[0] < 0x80)
    {
        *u = p[0];
        return 1;
    }
    n = p[0] >= 0xF0 && p[0] < 0xF5 ? 4 : p[0] >= 0xE0 && p[0] < 0xF0 ? 3
        : p[0] >= 0xC2 && p[0] < 0xE0 ? 2 : 0;
    if (n == 0)
        return 0;
    *u = n == 4 ? p[0] & 0x07 : n == 3 ? p[0] & 0x0F : p[0] & 0x1F;
    for (k = 1; k < n; k++)
    {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
        *u = (*u << 6) | (p[k] & 0x3F);
    }
    if ((n == 3 && *u < 0x800) || (n == 4 && (*u < 0x10000 || *u > 0x10FFFF))
            || (*u >= 0xD800 && *u < 0xE000))
        return 0;
    return n;
}

void
spec_text_visible(char * dst, size_t len, const char * src)
{
    const unsigned char * p = (const unsigned char *) src;
    size_t o = 0;
    if (len == 0)
        return;
    while (*p != '\0' && o + 1 < len)
    {
        unsigned long u;
        int n = utf8_decode(&u, p);
        if (n > 0 && u != 0x7F && (u >= 0x20 || u == '\t')
                && (u < 0x80 || char_name(u) == NULL))
        {
            if (o + (size_t) n + 1 > len)
                break;
            memcpy(dst + o, p, (size_t) n);
            o += (size_t) n;
            p += n;
        }
        else
        {
            /* one a reader cannot see: <U+FEFF byte-order mark> */
            char name[96];
            int w = spec_char_name(name, sizeof(name), (const char *) p);
            int k = snprintf(dst + o, len - o, "<%s>", name);
            if (k < 0 || o + (size_t) k >= len)
                break;
            o += (size_t) k;
            p += w;
        }
    }
    dst[o] = '\0';
}

int
spec_char_name(char * buf, size_t len, const char * s)
{
    unsigned long u;
    int n = utf8_decode(&u, (const unsigned char *) s);
    const char * name;
    if (n == 0)
    {
        snprintf(buf, len, "the byte 0x%02X (not UTF-8 text)",
            (unsigned char) s[0]);
        return 1;
    }
    name = char_name(u);
    if (name != NULL)
        snprintf(buf, len, "U+%04lX %s", u, name);
    else if (u >= 0x80)
        snprintf(buf, len, "U+%04lX '%.*s' (not ASCII)", u, n, s);
    else
        snprintf(buf, len, "'%c'", (int) u);
    return n;
}

const char *
spec_find_invisible(const char * s, size_t n)
{
    size_t i;
    for (i = 0; i < n && s[i] != '\0'; i++)
    {
        unsigned char b = (unsigned char) s[i];
        if (b >= 0x80 || (b < 0x20 && b != '\t' && b != '\r') || b == 0x7F)
            return s + i;
    }
    return NULL;
}
