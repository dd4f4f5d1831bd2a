/* model.c -- a variant instantiated at (eps, c, Delta). */

#include <string.h>
#include <stdio.h>
#include "svt.h"

void
svt_model_init(svt_model_t M)
{
    M->var = NULL;
    M->prog = NULL;
    M->c = 1;
    arb_init(M->eps);
    fmpq_init(M->eps_q);
    fmpq_init(M->delta_q);
    arb_init(M->eps1);
    arb_init(M->eps2);
    arb_init(M->eps3);
    arb_init(M->delta);
    arb_init(M->rho_scale);
    arb_init(M->nu_scale);
    arb_init(M->rho_reset_scale);
    arb_init(M->out_scale);
    arb_init(M->claimed);
    arb_init(M->claimed_delta);
    M->prog_scale = NULL;
    M->prog_nscale = 0;
    M->limit = 0;
    M->has_nu = M->reset = M->has_cutoff = 0;
    M->output = SVT_OUT_TOP;
    M->shaped = 0;
    M->comparison = SVT_CMP_STANDARD;
    M->has_claim = 0;
    for (int k = 0; k < 3; k++)
    {
        fmpq_init(M->epsk_given[k]);
        M->epsk_is_given[k] = 0;
    }
}

void
svt_model_clear(svt_model_t M)
{
    arb_clear(M->eps);
    fmpq_clear(M->eps_q);
    fmpq_clear(M->delta_q);
    arb_clear(M->eps1);
    arb_clear(M->eps2);
    for (int k = 0; k < 3; k++)
        fmpq_clear(M->epsk_given[k]);
    arb_clear(M->eps3);
    arb_clear(M->delta);
    arb_clear(M->rho_scale);
    arb_clear(M->nu_scale);
    arb_clear(M->rho_reset_scale);
    arb_clear(M->out_scale);
    arb_clear(M->claimed);
    arb_clear(M->claimed_delta);
    if (M->prog_scale != NULL)
        _arb_vec_clear(M->prog_scale, M->prog_nscale);
}

/* "FILE:LINE:COL: " of the value of key (where it is written), "FILE: "
   when the file does not say where, "" without a file */
static const char *
where_key(char * buf, size_t len, const svt_variant_struct * var,
    const char * key)
{
    int line, col;
    svt_variant_key_pos(var, key, &line, &col);
    if (var->file == NULL)
        buf[0] = '\0';
    else if (line > 0 && col > 0)
        snprintf(buf, len, "%.400s:%d:%d: ", var->file, line, col);
    else
        snprintf(buf, len, "%.400s: ", var->file);
    return buf;
}

/* "at eps = E, c = C, Delta = D" (the model's parameters) */
static const char *
at_params(char * buf, size_t len, const svt_model_t M)
{
    char * e = fmpq_get_str(NULL, 10, M->eps_q), * d = fmpq_get_str(NULL, 10,
        M->delta_q);
    snprintf(buf, len, "at eps = %.60s, c = %ld, Delta = %.60s", e,
        (long) M->c, d);
    flint_free(e);
    flint_free(d);
    return buf;
}

/* the error of a value that is not allowed: "WHERE KEY: found VALUE at
   eps = .., c = .., Delta = .., expected ALLOWED" */
static void
value_error(char * err, size_t errlen, const char * where, const char * key,
    const arb_t x, const svt_model_t M, const char * allowed)
{
    char v[128], at[200];
    spec_value_str(v, sizeof(v), x);
    snprintf(err, errlen, "%s%s: found %s %s, expected %s", where, key, v,
        at_params(at, sizeof(at), M), allowed);
}

/* the error of a value that cannot be computed (a division by 0...) */
static void
eval_error(char * err, size_t errlen, const char * where, const char * key,
    const char * msg, const svt_model_t M)
{
    char at[200];
    snprintf(err, errlen, "%s%s: %s %s", where, key, msg,
        at_params(at, sizeof(at), M));
}

/* evaluates the scale of key; it must be positive */
static int
scale_of(arb_t res, const svt_model_t M, const spec_expr * e, arb_srcptr vals,
    const int * def, const char * what, char * err, size_t errlen)
{
    char msg[256], where[512];
    where_key(where, sizeof(where), M->var, what);
    if (spec_expr_eval(res, e, vals, def, SVT_PARAM_PREC, msg, sizeof(msg)) != 0)
    {
        eval_error(err, errlen, where, what, msg, M);
        return -1;
    }
    if (!arb_is_positive(res))
    {
        value_error(err, errlen, where, what, res, M, "a noise scale > 0");
        return -1;
    }
    return 0;
}

/* the claimed delta: an expression in [0, 1) */
static int
claimed_delta_set(svt_model_t M, const svt_variant_struct * var,
    arb_srcptr vals, const int * def, char * err, size_t errlen)
{
    const slong prec = SVT_PARAM_PREC;
    char msg[512], where[512];
    arb_t u;
    int ok;
    where_key(where, sizeof(where), var, "claimed_delta");
    if (spec_expr_eval(M->claimed_delta, var->claimed_delta, vals, def, prec,
            msg, sizeof(msg)) != 0)
    {
        eval_error(err, errlen, where, "claimed_delta", msg, M);
        return -1;
    }
    arb_init(u);
    arb_sub_ui(u, M->claimed_delta, 1, prec);
    ok = arb_is_nonnegative(M->claimed_delta) && arb_is_negative(u);
    arb_clear(u);
    if (!ok)
    {
        value_error(err, errlen, where, "claimed_delta", M->claimed_delta, M,
            "a delta >= 0 and < 1");
        return -1;
    }
    return 0;
}

int
svt_model_set(svt_model_t M, const svt_variant_struct * var,
    const fmpq_t eps, slong c, const fmpq_t delta, const svt_overrides * ov,
    char * err, size_t errlen)
{
    const slong prec = SVT_PARAM_PREC;
    const svt_overrides none = { NULL, NULL, NULL };
    const fmpq * given[3];
    arb_struct * vals = _arb_vec_init(SPEC_NVARS);
    int def[SPEC_NVARS] = { 1, 1, 1, 0, 0, 0 };
    static const char * names[3] = { "eps1", "eps2", "eps3" };
    static const int order[3] = { 2, 0, 1 };
    char msg[256], where[512];
    int k, r = -1, any_given;

    if (ov == NULL)
        ov = &none;
    given[0] = ov->eps1;
    given[1] = ov->eps2;
    given[2] = ov->eps3;
    any_given = given[0] != NULL || given[1] != NULL || given[2] != NULL;
    if (fmpq_sgn(eps) <= 0)
    {
        snprintf(err, errlen, "eps must be > 0");
        goto done;
    }
    if (c < 1)
    {
        snprintf(err, errlen, "c must be an integer >= 1");
        goto done;
    }
    if (fmpq_sgn(delta) <= 0)
    {
        snprintf(err, errlen, "delta must be > 0");
        goto done;
    }
    for (k = 0; k < 3; k++)
        if (given[k] != NULL && !var->free_eps[k])
        {
            snprintf(err, errlen, "--%s does not apply to %s (its spec fixes "
                "%s; only the budgets listed under 'free' may be given)",
                names[k], var->name, names[k]);
            goto done;
        }

    M->var = var;
    M->c = var->fixed_c > 0 ? var->fixed_c : c;
    arb_set_fmpq(M->eps, eps, prec);
    fmpq_set(M->eps_q, eps);
    fmpq_set(M->delta_q, delta);
    arb_set_fmpq(M->delta, delta, prec);
    arb_set(vals + SPEC_VAR_EPS, M->eps);
    arb_set_si(vals + SPEC_VAR_C, M->c);
    arb_set(vals + SPEC_VAR_DELTA, M->delta);

    /* eps3, eps1, eps2, in this order */
    for (k = 0; k < 3; k++)
    {
        int i = order[k];
        arb_struct * dst = i == 0 ? M->eps1 : i == 1 ? M->eps2 : M->eps3;
        M->epsk_is_given[i] = given[i] != NULL;
        if (given[i] != NULL)
        {
            arb_set_fmpq(dst, given[i], prec);
            fmpq_set(M->epsk_given[i], given[i]);
        }
        else if (var->eps_expr[i] != NULL)
        {
            if (spec_expr_eval(dst, var->eps_expr[i], vals, def, prec, msg,
                    sizeof(msg)) != 0)
            {
                eval_error(err, errlen, where_key(where, sizeof(where), var,
                    names[i]), names[i], msg, M);
                goto done;
            }
        }
        else
            arb_zero(dst);
        if (var->prog != NULL && given[i] == NULL && var->eps_expr[i] == NULL)
            continue;   /* a program that does not split the budget */
        if (i < 2 ? !arb_is_positive(dst) : !arb_is_nonnegative(dst))
        {
            char what[160];
            snprintf(what, sizeof(what), "a budget %s%s", i < 2 ? "> 0"
                : ">= 0", any_given ? " (with the budgets given on the "
                "command line)" : "");
            if (given[i] != NULL)
                snprintf(where, sizeof(where), "--%s: ", names[i]);
            else
                where_key(where, sizeof(where), var, names[i]);
            value_error(err, errlen, where, names[i], dst, M, what);
            goto done;
        }
        arb_set(vals + SPEC_VAR_EPS1 + i, dst);
        def[SPEC_VAR_EPS1 + i] = 1;
    }

    if (var->prog != NULL)
    {
        if (svt_program_model_set(M, vals, def, err, errlen))
            goto done;
        goto claim;
    }

    M->has_nu = var->has_nu;
    M->reset = var->reset;
    M->has_cutoff = var->has_cutoff;
    M->output = var->output;
    if (M->output == SVT_OUT_FRESH && arb_is_zero(M->eps3))
        M->output = SVT_OUT_TOP;

    if (scale_of(M->rho_scale, M, var->rho, vals, def, "threshold_noise", err,
            errlen)
        || (M->has_nu && scale_of(M->nu_scale, M, var->nu, vals, def,
                "query_noise", err, errlen))
        || (M->reset && scale_of(M->rho_reset_scale, M, var->rho_reset, vals,
                def, "reset", err, errlen))
        || (M->output == SVT_OUT_FRESH && scale_of(M->out_scale, M, var->out,
                vals, def, "output", err, errlen)))
        goto done;
    /* from here on the template is its program */
    M->prog = var->compiled[M->output == var->output ? 0 : 1];
    if (svt_program_scales_set(M, vals, def, err, errlen))
        goto done;
    M->shaped = 1;
    M->comparison = var->comparison;

claim:
    M->has_claim = var->claimed != NULL;
    if (M->has_claim)
    {
        where_key(where, sizeof(where), var, "claimed");
        if (spec_expr_eval(M->claimed, var->claimed, vals, def, prec, msg,
                sizeof(msg)) != 0)
        {
            eval_error(err, errlen, where, "claimed", msg, M);
            goto done;
        }
        if (!arb_is_positive(M->claimed))
        {
            value_error(err, errlen, where, "claimed", M->claimed, M,
                "a claimed budget > 0 (or claimed = none)");
            goto done;
        }
    }
    else
        arb_pos_inf(M->claimed);
    arb_zero(M->claimed_delta);
    if (var->claimed_delta != NULL && claimed_delta_set(M, var, vals, def,
            err, errlen) != 0)
        goto done;
    r = 0;

done:
    _arb_vec_clear(vals, SPEC_NVARS);
    return r;
}

int
svt_model_expr_fmpq(fmpq_t res, const svt_model_t M, const spec_expr * e)
{
    fmpq * vals = _fmpq_vec_init(SPEC_NVARS);
    int def[SPEC_NVARS] = { 1, 1, 1, 0, 0, 0 }, ok;
    /* eps, c, Delta as rationals (eps_k undefined) */
    fmpq_set(vals + SPEC_VAR_EPS, M->eps_q);
    fmpq_set_si(vals + SPEC_VAR_C, M->c, 1);
    fmpq_set(vals + SPEC_VAR_DELTA, M->delta_q);
    ok = e != NULL && spec_expr_eval_fmpq(res, e, vals, def) == 0;
    _fmpq_vec_clear(vals, SPEC_NVARS);
    return ok;
}

/* ---- a program's scales and limit ------------------------------- */

/* The counter's limit when it is a rational of eps, c and Delta: decided
   exactly ((1/3)*3 is 1; 2 + 10^-20 is not an integer, and is printed as
   it is).  Returns 1 when decided (M->limit set, or 0 with err), 0 when
   the limit is no such rational (the caller evaluates it in balls). */
static int
counter_exact(svt_model_t M, const svt_program * P, const char * where,
    char * err, size_t errlen)
{
    fmpq_t q, top;
    int ok;
    fmpq_init(q);
    fmpq_init(top);
    if (!svt_model_expr_fmpq(q, M, P->limit))
    {
        fmpq_clear(q);
        fmpq_clear(top);
        return 0;
    }
    fmpz_one(fmpq_numref(top));
    fmpz_mul_2exp(fmpq_numref(top), fmpq_numref(top), 30);
    ok = fmpz_is_one(fmpq_denref(q)) && fmpq_sgn(q) > 0 && fmpq_cmp(q, top) <= 0;
    if (ok)
        M->limit = fmpz_get_si(fmpq_numref(q));
    else
    {
        char * s = fmpq_get_str(NULL, 10, q), at[200];
        M->limit = 0;
        snprintf(err, errlen, "%scounter: found %.80s%s %s, expected a limit "
            "that is an integer from 1 to 2^30", where, s, strlen(s) > 80
            ? "..." : "", at_params(at, sizeof(at), M));
        flint_free(s);
    }
    fmpq_clear(q);
    fmpq_clear(top);
    return 1;
}

/* the model                                                           */

/* "FILE:LINE:COL: " of noise i of M->prog, "FILE: " when not known */
static const char *
where_noise(char * buf, size_t len, const svt_model_t M, int i)
{
    const prog_noise * n = M->prog->noises + i;
    if (M->var->file == NULL)
        buf[0] = '\0';
    else if (n->line <= 0 || n->col <= 0)
        snprintf(buf, len, "%.400s: ", M->var->file);
    else
        snprintf(buf, len, "%.400s:%d:%d: ", M->var->file, n->line, n->col);
    return buf;
}

int
svt_program_scales_set(svt_model_t M, arb_srcptr vals, const int * def,
    char * err, size_t errlen)
{
    const svt_program * P = M->prog;
    char msg[256], where[512];
    int i;

    if (M->prog_scale != NULL)
        _arb_vec_clear(M->prog_scale, M->prog_nscale);
    M->prog_nscale = P->nnoises;
    M->prog_scale = _arb_vec_init(P->nnoises);
    for (i = 0; i < P->nnoises; i++)
    {
        char key[80];
        where_noise(where, sizeof(where), M, i);
        /* the key: whose noise ("register z: noise scale") */
        snprintf(key, sizeof(key), "%s%snoise scale", P->noises[i].what,
            P->noises[i].what[0] ? ": " : "");
        if (spec_expr_eval(M->prog_scale + i, P->noises[i].scale, vals, def,
                SVT_PARAM_PREC, msg, sizeof(msg)) != 0)
        {
            eval_error(err, errlen, where, key, msg, M);
            return -1;
        }
        if (!arb_is_positive(M->prog_scale + i))
        {
            value_error(err, errlen, where, key, M->prog_scale + i, M,
                "a noise scale > 0");
            return -1;
        }
    }
    M->limit = 0;
    if (P->has_counter)
    {
        arb_t x;
        int bad;
        if (M->var->file == NULL)
            where[0] = '\0';
        else if (P->limit_line > 0 && P->limit_col > 0)
            snprintf(where, sizeof(where), "%.400s:%d:%d: ", M->var->file,
                P->limit_line, P->limit_col);
        else
            snprintf(where, sizeof(where), "%.400s: ", M->var->file);
        arb_init(x);
        if (counter_exact(M, P, where, err, errlen))
        {
            arb_clear(x);
            return M->limit > 0 ? 0 : -1;
        }
        bad = spec_expr_eval(x, P->limit, vals, def, SVT_PARAM_PREC, msg,
            sizeof(msg)) != 0;
        if (bad)
            eval_error(err, errlen, where, "counter", msg, M);
        else if (!arb_is_int(x) || !arb_is_positive(x)
                || arf_cmpabs_2exp_si(arb_midref(x), 30) > 0)
        {
            bad = 1;
            value_error(err, errlen, where, "counter", x, M, "a limit that "
                "is an integer from 1 to 2^30");
        }
        if (bad)
        {
            arb_clear(x);
            return -1;
        }
        M->limit = arf_get_si(arb_midref(x), ARF_RND_DOWN);
        arb_clear(x);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* a program with the shape of a template (whose counter, if any, is the
   model's c): the template fields of M as a template's model has them */
static int
program_shape_set(svt_model_t M)
{
    svt_shape sh;
    M->shaped = svt_program_shape(&sh, M->prog)
        && (!sh.cutoff || M->limit == M->c);
    if (!M->shaped)
        return 0;
    M->has_nu = sh.nu >= 0;
    if (M->has_nu)
        arb_set(M->nu_scale, M->prog_scale + sh.nu);
    M->output = sh.output;
    if (sh.output == SVT_OUT_FRESH)
        arb_set(M->out_scale, M->prog_scale + sh.out_noise);
    M->reset = sh.reset_noise >= 0;
    if (M->reset)
        arb_set(M->rho_reset_scale, M->prog_scale + sh.reset_noise);
    M->has_cutoff = sh.cutoff;
    M->comparison = sh.comparison;
    return 1;
}

int
svt_program_model_set(svt_model_t M, arb_srcptr vals, const int * def,
    char * err, size_t errlen)
{
    const svt_program * P = M->var->prog;
    const prog_state * S0 = P->states;
    M->prog = P;
    if (svt_program_scales_set(M, vals, def, err, errlen))
        return -1;
    arb_set(M->rho_scale, M->prog_scale + P->register_noise);
    if (program_shape_set(M))
        return 0;
    M->has_nu = S0->nanswers > 0 && S0->answer_noise[0] >= 0;
    if (M->has_nu)
        arb_set(M->nu_scale, M->prog_scale + S0->answer_noise[0]);
    M->has_cutoff = P->has_counter;
    M->reset = P->has_reset;
    M->output = P->outputs_numbers ? SVT_OUT_COMPARED : SVT_OUT_TOP;
    return 0;
}

