/* decimal.c -- certified decimal output, and parsing of numbers. */

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "spec.h"
#include "verify.h"

/* the digits ns (the first one at 10^e) as a decimal, negative when neg:
   plain for -5 <= e <= 15 (0.00049999, 2.5, 249.75, 1000), else
   d.ddde<e> */
static char *
decimal_format(const char * ns, const fmpz_t e, int neg)
{
    slong len = strlen(ns), k = len, i;
    char * es = fmpz_get_str(NULL, 10, e);
    char * s = flint_malloc(len + strlen(es) + 32), * p = s;
    while (k > 1 && ns[k - 1] == '0')
        k--;                            /* significant digits ns[0..k) */
    if (neg)
        *p++ = '-';
    if (fmpz_cmp_si(e, -5) >= 0 && fmpz_cmp_si(e, 15) <= 0)
    {
        slong ex = fmpz_get_si(e);
        if (ex < 0)
        {
            *p++ = '0';
            *p++ = '.';
            for (i = 0; i < -ex - 1; i++)
                *p++ = '0';
            memcpy(p, ns, k);
            p += k;
        }
        else
        {
            for (i = 0; i <= ex; i++)
                *p++ = i < k ? ns[i] : '0';
            if (k > ex + 1)
            {
                *p++ = '.';
                memcpy(p, ns + ex + 1, k - ex - 1);
                p += k - ex - 1;
            }
        }
        *p = '\0';
    }
    else
    {
        *p++ = ns[0];
        if (k > 1)
        {
            *p++ = '.';
            memcpy(p, ns + 1, k - 1);
            p += k - 1;
        }
        *p++ = 'e';
        strcpy(p, es);
    }
    flint_free(es);
    return s;
}

/* lower (round_up = 0) or upper (round_up = 1) decimal bound of the ball */
char *
decimal_bound(const arb_t x, slong digits, int round_up)
{
    arf_t b;
    arb_t t, y, p10;
    fmpz_t e, N;
    char * s, * ns;
    slong prec, len;
    int neg;

    if (!arb_is_finite(x))
    {
        const char * w;
        if (arf_is_nan(arb_midref(x)))
            w = "nan";
        else if (arf_is_pos_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
            w = "inf";
        else if (arf_is_neg_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
            w = "-inf";
        else
            w = round_up ? "inf" : "-inf";
        s = flint_malloc(8);
        strcpy(s, w);
        return s;
    }

    arf_init(b);
    arb_init(t);
    arb_init(y);
    arb_init(p10);
    fmpz_init(e);
    fmpz_init(N);

    /* the end, rounded outward to a few bits more than the digits need
       (exactly, mid +- rad could take 2^60 bits when the radius is far
       smaller than the midpoint) */
    if (round_up)
        arb_get_ubound_arf(b, x, 128 + 4 * digits);
    else
        arb_get_lbound_arf(b, x, 128 + 4 * digits);

    if (arf_is_zero(b))
    {
        s = flint_malloc(2);
        strcpy(s, "0");
        goto cleanup;
    }

    neg = arf_sgn(b) < 0;
    /* approximate decimal exponent e of |b| (only sets the digit count) */
    prec = 64 + 4 * digits;
    arb_set_arf(t, b);
    arb_abs(t, t);
    arb_log_base_ui(y, t, 10, 64);
    arf_get_fmpz(e, arb_midref(y), ARF_RND_FLOOR);
    /* y = |b| / 10^(e - digits + 1), then N = floor or ceil */
    fmpz_sub_ui(e, e, digits - 1);
    arb_set_ui(p10, 10);
    fmpz_neg(e, e);
    if (fmpz_sgn(e) >= 0)
        arb_pow_fmpz(p10, p10, e, prec + fmpz_bits(e));
    else
    {
        fmpz_neg(e, e);
        arb_pow_fmpz(p10, p10, e, prec + fmpz_bits(e));
        arb_inv(p10, p10, prec + fmpz_bits(e));
        fmpz_neg(e, e);
    }
    fmpz_neg(e, e);
    arb_mul(y, t, p10, prec + 64);
    /* the decimal must be <= b for a lower bound: for b >= 0 round the
       magnitude down, for b < 0 round it up; and conversely */
    if (round_up != neg)
    {
        arb_get_ubound_arf(b, y, prec);
        arf_get_fmpz(N, b, ARF_RND_CEIL);
    }
    else
    {
        arb_get_lbound_arf(b, y, prec);
        arf_get_fmpz(N, b, ARF_RND_FLOOR);
    }

    ns = fmpz_get_str(NULL, 10, N);
    len = strlen(ns);
    /* N may have digits + 1 digits after rounding up: fold into e */
    fmpz_add_ui(e, e, len - 1);
    s = decimal_format(ns, e, neg);
    flint_free(ns);

cleanup:
    arf_clear(b);
    arb_clear(t);
    arb_clear(y);
    arb_clear(p10);
    fmpz_clear(e);
    fmpz_clear(N);
    return s;
}

char *
decimal_interval(const arb_t x, slong digits)
{
    char * lo, * hi, * s;
    slong acc = arb_rel_accuracy_bits(x);
    /* no more digits than the enclosure supports (two past its accuracy,
       so that the two ends still show where they part) */
    if (arb_is_finite(x) && acc < ARF_PREC_EXACT)
        digits = FLINT_MIN(digits, FLINT_MAX(3, (slong) (acc * 0.30103) + 2));
    lo = decimal_bound(x, digits, 0);
    hi = decimal_bound(x, digits, 1);
    if (strcmp(lo, hi) == 0)
    {
        /* an exact value at this number of digits */
        flint_free(hi);
        return lo;
    }
    s = flint_malloc(strlen(lo) + strlen(hi) + 5);
    strcpy(s, "[");
    strcat(s, lo);
    strcat(s, ", ");
    strcat(s, hi);
    strcat(s, "]");
    flint_free(lo);
    flint_free(hi);
    return s;
}

char *
decimal_fmpq(const fmpq_t q, slong digits)
{
    fmpz_t d, N, e;
    char * ns, * s = NULL;
    slong k;
    fmpz_init(d);
    fmpz_init(N);
    fmpz_init(e);
    /* q = N / 10^k for the least k <= 60, when it terminates */
    fmpz_set(d, fmpq_denref(q));
    for (k = 0; k <= 60 && !fmpz_is_one(d); k++)
    {
        fmpz_t g;
        fmpz_init(g);
        fmpz_gcd_ui(g, d, 10);
        if (fmpz_is_one(g))
            k = 61;
        else
            fmpz_divexact(d, d, g);
        fmpz_clear(g);
    }
    if (fmpz_is_one(d) && fmpq_sgn(q) != 0)
    {
        fmpz_ui_pow_ui(N, 10, k);
        fmpz_mul(N, N, fmpq_numref(q));
        fmpz_divexact(N, N, fmpq_denref(q));
        ns = fmpz_get_str(NULL, 10, N);
        if (ns[0] == '-')
            memmove(ns, ns + 1, strlen(ns));
        if (strlen(ns) <= 40)
        {
            /* the first digit sits at 10^(len - 1 - k) */
            fmpz_set_si(e, (slong) strlen(ns) - 1 - k);
            s = decimal_format(ns, e, fmpq_sgn(q) < 0);
        }
        flint_free(ns);
    }
    else if (fmpq_sgn(q) == 0)
    {
        s = flint_malloc(2);
        strcpy(s, "0");
    }
    if (s == NULL)
    {
        arb_t x;
        arb_init(x);
        arb_set_fmpq(x, q, 64 + 4 * digits);
        s = decimal_interval(x, digits);
        arb_clear(x);
    }
    fmpz_clear(d);
    fmpz_clear(N);
    fmpz_clear(e);
    return s;
}

int
parse_rational(fmpq_t res, const char * s)
{
    const char * p = s, * slash;
    int neg = 0, ok = 1;

    /* up to 10^300 written out in full, as a witness prints it */
    if (s == NULL || *s == '\0' || strlen(s) > 1000)
        return -1;
    slash = strchr(s, '/');
    if (slash != NULL)
    {
        /* p/q with integers */
        char * end;
        fmpz_t a, b;
        char buf[1024];
        size_t n = (size_t) (slash - s);
        if (n == 0 || n >= sizeof(buf))
            return -1;
        memcpy(buf, s, n);
        buf[n] = '\0';
        for (end = buf + (buf[0] == '-' || buf[0] == '+'); *end; end++)
            if (!isdigit((unsigned char) *end))
                return -1;
        for (end = (char *) slash + 1; *end; end++)
            if (!isdigit((unsigned char) *end))
                return -1;
        if (slash[1] == '\0' || (n == 1 && !isdigit((unsigned char) buf[0])))
            return -1;
        fmpz_init(a);
        fmpz_init(b);
        fmpz_set_str(a, buf[0] == '+' ? buf + 1 : buf, 10);
        fmpz_set_str(b, slash + 1, 10);
        if (fmpz_is_zero(b))
            ok = 0;
        else
            fmpq_set_fmpz_frac(res, a, b);
        fmpz_clear(a);
        fmpz_clear(b);
        return ok ? 0 : -1;
    }

    if (*p == '+' || *p == '-')
        neg = (*p++ == '-');
    {
        long n = spec_read_decimal(res, p, 1000);
        if (n <= 0 || p[n] != '\0')
            return -1;
        if (neg)
            fmpq_neg(res, res);
    }
    return 0;
}

int
rational_in_range(const fmpq_t x)
{
    return rational_in_range_exp(x, PARSE_EXP_RANGE);
}

int
rational_in_range_exp(const fmpq_t x, ulong e)
{
    fmpq_t a, b;
    int ok;
    if (fmpq_is_zero(x))
        return 1;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_abs(a, x);
    fmpz_set_ui(fmpq_numref(b), 10);
    fmpz_pow_ui(fmpq_numref(b), fmpq_numref(b), e);
    ok = fmpq_cmp(a, b) <= 0;
    fmpq_inv(b, b);
    ok = ok && fmpq_cmp(a, b) >= 0;
    fmpq_clear(a);
    fmpq_clear(b);
    return ok;
}

slong
csv_empty_token(const char * s)
{
    slong k = 1;
    for (;;)
    {
        size_t n = strcspn(s, ",");
        const char * u = s;
        while (u < s + n && isspace((unsigned char) *u))
            u++;
        if (u == s + n)
            return k;
        if (s[n] == '\0')
            return 0;
        s += n + 1;
        k++;
    }
}

int
parse_count(ulong * res, const char * s, ulong lo, ulong hi)
{
    fmpq_t q;
    fmpz_t n;
    int ok;
    char buf[64];
    const char * caret;

    if (s == NULL || strlen(s) >= sizeof(buf))
        return -1;
    /* 10^6 -> 1e6 */
    caret = strchr(s, '^');
    if (caret != NULL)
    {
        size_t k = (size_t) (caret - s);
        if (k != 2 || s[0] != '1' || s[1] != '0')
            return -1;
        snprintf(buf, sizeof(buf), "1e%s", caret + 1);
        s = buf;
    }
    for (caret = s; *caret; caret++)
        if (*caret == '.' || *caret == '-' || *caret == '/')
            return -1;
    fmpq_init(q);
    fmpz_init(n);
    ok = parse_rational(q, s) == 0 && fmpz_is_one(fmpq_denref(q))
        && fmpz_sgn(fmpq_numref(q)) >= 0 && fmpz_cmp_ui(fmpq_numref(q), hi) <= 0
        && fmpz_cmp_ui(fmpq_numref(q), lo) >= 0;
    if (ok)
        *res = fmpz_get_ui(fmpq_numref(q));
    fmpq_clear(q);
    fmpz_clear(n);
    return ok ? 0 : -1;
}
