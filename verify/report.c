/* report.c -- human and JSON renderings of ratio results. */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "custom.h"

json_t *
report_json_interval(const arb_t x, slong digits)
{
    char * lo = decimal_bound(x, digits, 0);
    char * hi = decimal_bound(x, digits, 1);
    json_t * a = json_array();
    json_array_append_new(a, json_string(lo));
    json_array_append_new(a, json_string(hi));
    flint_free(lo);
    flint_free(hi);
    return a;
}

json_t *
report_json_lossmax(const lossmax_t L, slong digits)
{
    char * a, * b;
    json_t * j;
    if (!lossmax_ends(&a, &b, L, digits))
        return json_null();
    j = json_array();
    json_array_append_new(j, json_string(a));
    json_array_append_new(j, json_string(b));
    flint_free(a);
    flint_free(b);
    return j;
}

json_t *
report_json_core(const char * mode, const char * variant,
    const char * construction, const svt_model_t M, ulong m, slong digits)
{
    json_t * o = json_object();
    json_object_set_new(o, "schema_version", json_integer(REPORT_SCHEMA_VERSION));
    json_object_set_new(o, "mode", json_string(mode));
    json_object_set_new(o, "variant", json_string(variant));
    json_object_set_new(o, "construction", construction
        ? json_string(construction) : json_null());
    if (M != NULL)
    {
        json_t * p = json_object();
        json_object_set_new(p, "eps", report_json_interval(M->eps, digits));
        json_object_set_new(p, "c", json_integer(M->c));
        json_object_set_new(p, "Delta", report_json_interval(M->delta, digits));
        json_object_set_new(p, "m", m > 0 ? json_integer((json_int_t) m)
            : json_null());
        json_object_set_new(o, "params", p);
        json_object_set_new(o, "claimed_eps", M->has_claim
            ? report_json_interval(M->claimed, digits) : json_null());
        json_object_set_new(o, "claimed_delta", M->has_claim
            ? report_json_interval(M->claimed_delta, digits) : json_null());
    }
    else
    {
        json_object_set_new(o, "params", json_null());
        json_object_set_new(o, "claimed_eps", json_null());
        json_object_set_new(o, "claimed_delta", json_null());
    }
    json_object_set_new(o, "loss", json_null());
    json_object_set_new(o, "verdict", json_null());
    json_object_set_new(o, "seconds", json_real(0));
    return o;
}

void
report_json_set_loss(json_t * o, const arb_t loss, slong digits)
{
    if (arb_is_finite(loss) || (arf_is_pos_inf(arb_midref(loss))
            && mag_is_finite(arb_radref(loss))))
        json_object_set_new(o, "loss", report_json_interval(loss, digits));
    else
        json_object_set_new(o, "loss", json_null());
}

void
report_json_set_verdict(json_t * o, verdict_t v)
{
    json_object_set_new(o, "verdict", json_string(verdict_name(v)));
}

void
report_json_set_seconds(json_t * o, double seconds)
{
    json_object_set_new(o, "seconds", json_real(seconds));
}

/* appends " name q" to buf unless q is the default dflt */
static void
rational_option(char * buf, size_t len, const char * name, const fmpq_t q,
    slong dflt)
{
    char * v;
    if (fmpz_is_one(fmpq_denref(q)) && fmpz_equal_si(fmpq_numref(q), dflt))
        return;
    if (fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q)) > 300)
        return;
    v = fmpq_get_str(NULL, 10, q);
    snprintf(buf + strlen(buf), len - strlen(buf), " %s %s", name, v);
    flint_free(v);
}

const char *
report_variant_arg(const svt_variant_struct * var)
{
    if (!var->builtin && var->file != NULL && strncmp(var->file, "builtin:", 8) != 0)
        return var->file;
    return var->name;
}

/* one vector of R (which: 0 q(D), 1 q(D'), 2 T) as "v*count,...", with
   the query after a stop when R stops (flint_free it) */
static char *
vector_string(const svt_runs_t R, int which)
{
    size_t len = 64, used = 0;
    char * buf = flint_malloc(len);
    slong i;
    buf[0] = '\0';
    for (i = 0; i <= R->len; i++)
    {
        char * v;
        size_t need;
        if (i == R->len && !R->stops)
            break;
        v = fmpq_get_str(NULL, 10, i == R->len ? R->runs[0].T
            : which == 2 ? R->runs[i].T : R->runs[i].q[which]);
        if (i == R->len)
            strcpy(v, "0");
        need = used + strlen(v) + 32;
        if (need > len)
        {
            len = 2 * need;
            buf = flint_realloc(buf, len);
        }
        used += (size_t) sprintf(buf + used, "%s%s", i ? "," : "", v);
        if (i < R->len && R->runs[i].count > 1)
            used += (size_t) sprintf(buf + used, "*%lu", R->runs[i].count);
        flint_free(v);
    }
    return buf;
}

/* the variant argument as a shell word: single-quoted when it holds
   anything but letters, digits and _ . / + - */
static void
shell_word(char * buf, size_t len, const char * w)
{
    size_t i, k = 0;
    int plain = w[0] != '\0';
    for (i = 0; w[i]; i++)
        plain &= isalnum((unsigned char) w[i]) || strchr("_./+-", w[i]) != NULL;
    if (plain)
    {
        snprintf(buf, len, "%s", w);
        return;
    }
    buf[k++] = '\'';
    for (i = 0; w[i] && k + 6 < len; i++)
    {
        if (w[i] == '\'')
        {
            memcpy(buf + k, "'\\''", 4);
            k += 4;
        }
        else
            buf[k++] = w[i];
    }
    buf[k++] = '\'';
    buf[k] = '\0';
}

/* " --eps E --delta D [--eps1 ...]" */
static void
recheck_options(char * opt, size_t len, const fmpq_t eps, const fmpq_t delta,
    const svt_overrides * ov)
{
    rational_option(opt, len, "--eps", eps, 1);
    rational_option(opt, len, "--delta", delta, 1);
    if (ov != NULL && ov->eps1 != NULL)
        rational_option(opt, len, "--eps1", ov->eps1, -1);
    if (ov != NULL && ov->eps2 != NULL)
        rational_option(opt, len, "--eps2", ov->eps2, -1);
    if (ov != NULL && ov->eps3 != NULL)
        rational_option(opt, len, "--eps3", ov->eps3, -1);
}

char *
report_recheck_prove(const svt_variant_struct * var, slong c,
    const fmpq_t eps, const fmpq_t delta, const svt_overrides * ov)
{
    char opt[1200] = "", name[4200], * buf;
    size_t len;
    recheck_options(opt, sizeof(opt), eps, delta, ov);
    shell_word(name, sizeof(name), report_variant_arg(var));
    len = strlen(name) + strlen(opt) + 64;
    buf = flint_malloc(len);
    snprintf(buf, len, "verify prove %s --c %ld%s", name, (long) c, opt);
    return buf;
}

/* s in single quotes when it holds a '*' (s is freed, the result
   returned; the vectors hold no quote) */
static char *
glob_quoted(char * s)
{
    char * q;
    size_t n;
    if (strchr(s, '*') == NULL)
        return s;
    n = strlen(s);
    q = flint_malloc(n + 3);
    q[0] = '\'';
    memcpy(q + 1, s, n);
    q[n + 1] = '\'';
    q[n + 2] = '\0';
    flint_free(s);
    return q;
}

char *
report_recheck_custom(const svt_variant_struct * var, const svt_runs_t R,
    slong c, const fmpq_t eps, const fmpq_t delta, const svt_overrides * ov)
{
    char * q0 = vector_string(R, 0), * q1 = vector_string(R, 1),
        * T = vector_string(R, 2), * out = custom_output_string(R), * buf;
    char opt[1200] = "", name[4200];
    size_t len;
    /* a vector with a count (0*30) is a shell glob: quoted, so that the
       command runs as written under any shell (zsh, bash -O failglob) */
    q0 = glob_quoted(q0);
    q1 = glob_quoted(q1);
    T = glob_quoted(T);
    out = glob_quoted(out);
    recheck_options(opt, sizeof(opt), eps, delta, ov);
    shell_word(name, sizeof(name), report_variant_arg(var));
    len = strlen(q0) + strlen(q1) + strlen(T) + strlen(out) + strlen(opt)
        + strlen(name) + 128;
    buf = flint_malloc(len);
    snprintf(buf, len, "verify ratio %s custom --qD %s --qD2 %s --T %s --output "
        "%s --c %ld%s", name, q0, q1, T, out, (long) c, opt);
    flint_free(q0);
    flint_free(q1);
    flint_free(T);
    flint_free(out);
    return buf;
}

void
report_recheck_command(char * buf, size_t len, const char * variant,
    const construction_info * ci, ulong m, slong c, const fmpq_t eps,
    const fmpq_t delta, const fmpq_t T)
{
    char opt[400] = "";
    if (ci->uses_m)
        snprintf(opt, sizeof(opt), " --m %lu", m > 0 ? m : 1UL);
    rational_option(opt, sizeof(opt), "--eps", eps, 1);
    rational_option(opt, sizeof(opt), "--delta", delta, 1);
    rational_option(opt, sizeof(opt), "--T", T, 0);
    {
        char name[1100];
        shell_word(name, sizeof(name), variant);
        snprintf(buf, len, "verify ratio %s %s%s --c %ld", name, ci->name, opt,
            (long) c);
    }
}

/* the options of report_recheck_precision into opt */
static void
precision_options(char * opt, size_t len, const ratio_opt * ro, slong used)
{
    opt[0] = '\0';
    if (ro == NULL)
        return;
    if (ro->digits > 0 && ro->digits != 30)
        snprintf(opt, len, " --digits %ld", (long) ro->digits);
    if (ro->max_digits > 240 && (used < 0 || used > 240))
        snprintf(opt + strlen(opt), len - strlen(opt), " --max-digits %ld",
            (long) ro->max_digits);
}

void
report_recheck_precision(char ** cmd, const ratio_opt * ro, slong used)
{
    char opt[64];
    size_t n;
    if (*cmd == NULL || strncmp(*cmd, "verify ratio ", 13) != 0)
        return;
    precision_options(opt, sizeof(opt), ro, used);
    n = strlen(*cmd);
    *cmd = flint_realloc(*cmd, n + strlen(opt) + 1);
    strcpy(*cmd + n, opt);
}

void
report_recheck_precision_buf(char * buf, size_t len, const ratio_opt * ro,
    slong used)
{
    char opt[64];
    if (strncmp(buf, "verify ratio ", 13) != 0)
        return;
    precision_options(opt, sizeof(opt), ro, used);
    if (strlen(buf) + strlen(opt) < len)
        strcat(buf, opt);
}

static json_t *
json_lohi(const arb_t x, slong digits)
{
    char * lo = decimal_bound(x, digits, 0);
    char * hi = decimal_bound(x, digits, 1);
    json_t * o = json_object();
    json_object_set_new(o, "lo", json_string(lo));
    json_object_set_new(o, "hi", json_string(hi));
    flint_free(lo);
    flint_free(hi);
    return o;
}

static char *
short_str(const arb_t x)
{
    /* a short, still certified, display of a parameter */
    return decimal_interval(x, 8);
}

/* a program need not split its budget: eps_k is then undefined (0) */
static int
eps_defined(const svt_model_t M, int k)
{
    const arb_struct * x = k == 0 ? M->eps1 : k == 1 ? M->eps2 : M->eps3;
    return M->var->prog == NULL || !arb_is_zero(x);
}

void
report_model_line(FILE * out, const svt_model_t M)
{
    char * e = short_str(M->eps), * d = short_str(M->delta);
    int k, first = 1;
    fprintf(out, "eps = %s, c = %ld, Delta = %s", e, (long) M->c, d);
    for (k = 0; k < 3; k++)
    {
        const arb_struct * x = k == 0 ? M->eps1 : k == 1 ? M->eps2 : M->eps3;
        char * s;
        if (!eps_defined(M, k) || (k == 2 && arb_is_zero(x)))
            continue;
        s = short_str(x);
        fprintf(out, "%seps%d = %s", first ? " (" : ", ", k + 1, s);
        first = 0;
        flint_free(s);
    }
    if (!first)
        fprintf(out, ")");
    flint_free(e);
    flint_free(d);
}

json_t *
report_ratio_json(const svt_model_t M, const report_ctx * ctx,
    const ratio_result_t r)
{
    slong dg = ctx->out_digits;
    json_t * o = report_json_core("ratio", M->var->name, ctx->construction, M,
        ctx->m, dg), * lr = json_object();
    report_json_set_loss(o, r->loss, dg);
    report_json_set_verdict(o, r->verdict);
    report_json_set_seconds(o, r->seconds);
    json_object_set_new(o, "eps", report_json_interval(M->eps, dg));
    json_object_set_new(o, "eps1", eps_defined(M, 0)
        ? report_json_interval(M->eps1, dg) : json_null());
    json_object_set_new(o, "eps2", eps_defined(M, 1)
        ? report_json_interval(M->eps2, dg) : json_null());
    json_object_set_new(o, "eps3", eps_defined(M, 2)
        ? report_json_interval(M->eps3, dg) : json_null());
    json_object_set_new(o, "c", json_integer(M->c));
    if (ctx->m > 0)
        json_object_set_new(o, "m", json_integer((json_int_t) ctx->m));
    else
        json_object_set_new(o, "m", json_null());
    json_object_set_new(o, "delta", report_json_interval(M->delta, dg));
    json_object_set_new(o, "digits", json_integer(r->digits));
    json_object_set_new(o, "pr_D", report_json_interval(r->p[0]->value, dg));
    json_object_set_new(o, "pr_D2", report_json_interval(r->p[1]->value, dg));
    json_object_set_new(lr, "D_over_D2", json_lohi(r->lr[0], dg));
    json_object_set_new(lr, "D2_over_D", json_lohi(r->lr[1], dg));
    json_object_set_new(o, "log_ratio", lr);
    json_object_set_new(o, "claim_monotone_only", json_boolean(M->var->monotone_only));
    json_object_set_new(o, "outside_claim", json_boolean(r->outside_claim));
    json_object_set_new(o, "null_output", json_boolean(r->null_output));
    json_object_set_new(o, "note", r->note ? json_string(r->note) : json_null());
    json_object_set_new(o, "work", json_integer((json_int_t) r->work));
    return o;
}

void
report_json_line(json_t * obj)
{
    char * s = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
    puts(s);
    free(s);
    json_decref(obj);
}

static void
line(FILE * out, const char * label, const arb_t x, slong digits)
{
    char * s = decimal_interval(x, digits > 0 ? digits : 15);
    fprintf(out, "  %-16s %s\n", label, s);
    flint_free(s);
}

void
report_ratio_human(FILE * out, const svt_model_t M, const report_ctx * ctx,
    const ratio_result_t r)
{
    int numeric = 0;
    fprintf(out, "%s on %s", M->var->name, ctx->construction);
    if (ctx->m > 0)
        fprintf(out, ", m = %lu", ctx->m);
    fprintf(out, "\n  ");
    report_model_line(out, M);
    fprintf(out, ", goal %ld digits\n", (long) r->digits);
    (void) numeric;
    line(out, "Pr[A(D)=a]", r->p[0]->value, ctx->out_digits);
    line(out, "Pr[A(D')=a]", r->p[1]->value, ctx->out_digits);
    if (r->verdict != VERDICT_IMPOSSIBLE)
    {
        line(out, "ln ratio D/D'", r->lr[0], ctx->out_digits);
        line(out, "ln ratio D'/D", r->lr[1], ctx->out_digits);
    }
    if (M->has_claim)
        line(out, "claimed eps", M->claimed, ctx->out_digits);
    else
        fprintf(out, "  %-16s none (report only)\n", "claimed eps");
    fprintf(out, "  %-16s %s", "verdict", verdict_name(r->verdict));
    switch (r->verdict)
    {
        case VERDICT_WITHIN:
            fprintf(out, " -- %s", r->note ? r->note
                : "both ln ratios are certainly <= the claimed eps");
            break;
        case VERDICT_EXCEEDS:
            if (r->note)
                fprintf(out, " -- %s", r->note);
            else
                fprintf(out, " -- ln ratio %s is certainly > the claimed eps",
                    arb_is_positive(r->lr[0]) ? "D/D'" : "D'/D");
            break;
        case VERDICT_INFINITE:
            fprintf(out, " -- Pr[A(%s)=a] is exactly 0, the other is not",
                r->p[0]->zero ? "D" : "D'");
            break;
        case VERDICT_IMPOSSIBLE:
            fprintf(out, " -- %s", r->note ? r->note : "");
            break;
        default:
            fprintf(out, " -- %s", r->note ? r->note : "");
    }
    fprintf(out, "\n");
    if (verdict_exceeds_delta_claim(r->verdict, M))
        fprintf(out, "  note: %s\n", VERDICT_DELTA_NOTE);
    if (r->outside_claim)
        fprintf(out, "  note: the input is not monotone; %s claims its budget "
            "for monotone queries only\n", M->var->name);
}
