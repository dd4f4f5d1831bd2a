/* prove_dipa.c -- `verify prove FILE.dipa` for automata the engine does
   not take (more than 31 registers or 64 noise laws, more than 8
   transitions in a state...): the proof for every m of dipa_prove.h, its bound
   B against the claim, exactly; no lower bound, since the probabilities
   need the engine. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dipa_prove.h"
#include "prove.h"
#include "render.h"
#include "report.h"

/* the automaton of path when the engine refuses it for its size: 0 with
   A read and the refusal in why; -1 otherwise (the usual path reads it,
   and reports its errors) */
static int
too_large_for_engine(dipa_automaton_t A, char ** text, const char * path,
    char * why, size_t len)
{
    svt_program * P;
    int too_large = 0;
    char err[1024];
    *text = svt_read_spec_text(path, err, sizeof(err));
    if (*text == NULL || dipa_read(A, *text, path, err, sizeof(err)) != 0)
        return -1;
    P = flint_malloc(sizeof(svt_program));
    svt_program_init(P);
    if (dipa_to_program(P, A, path, &too_large, why, len) == 0)
        too_large = 0;
    svt_program_clear(P);
    flint_free(P);
    return too_large ? 0 : -1;
}

/* the claim at eps (Delta and c as given): exactly in q when rational
   (return 1), else as a ball in x (return 0); -1 with err on a bad
   expression */
static int
claim_value(fmpq_t q, arb_t x, const char * expr, const check_opts * o,
    char * err, size_t len)
{
    int col, def[SPEC_NVARS] = { 1, 1, 1, 0, 0, 0 }, r = -1, i;
    fmpq vals[SPEC_NVARS];
    arb_struct av[SPEC_NVARS];
    spec_expr * e = spec_expr_parse(expr, err, len, &col);
    if (e == NULL)
        return -1;
    for (i = 0; i < SPEC_NVARS; i++)
    {
        fmpq_init(vals + i);
        arb_init(av + i);
    }
    fmpq_set(vals + SPEC_VAR_EPS, o->eps);
    fmpq_one(vals + SPEC_VAR_C);
    fmpq_set(vals + SPEC_VAR_DELTA, o->delta);
    if (spec_expr_eval_fmpq(q, e, vals, def) == 0)
        r = 1;
    else
    {
        for (i = 0; i < 3; i++)
            arb_set_fmpq(av + i, vals + i, 256);
        if (spec_expr_eval(x, e, av, def, 256, err, len) == 0)
            r = 0;
    }
    for (i = 0; i < SPEC_NVARS; i++)
    {
        fmpq_clear(vals + i);
        arb_clear(av + i);
    }
    spec_expr_free(e);
    return r;
}

static void
print_text(const char * mode, const char * path, const dipa_automaton_t A,
    const dipa_proof_t R,
    const char * why, const char * claim_text, const char * prop,
    const fmpq_t B, int proved, double secs)
{
    slong k;
    char * b = fmpq_get_str(NULL, 10, B);
    printf("verify %s %s: DiPA automaton, %d states, %d registers\n", mode,
        path, A->nstates, A->nregs);
    printf("  claim: ln ratio <= %s %s\n", claim_text, prop);
    printf("  the engine's probabilities do not take it: %s\n", why);
    printf("  bound: the shift coupling for automata of any size "
        "(variants/dipa_prove.h)\n  proof (D's noises mapped one to one onto "
        "D''s; moving a Lap(1/(d eps)) noise by t costs d eps |t|):\n");
    for (k = 0; k < R->nsteps; k++)
        printf("    %ld. %s\n", (long) (k + 1), R->steps[k]);
    if (R->proved)
        printf("  upper bound B = %s exactly (ln ratio <= B for every m, every "
            "pair of neighbouring inputs and every output)\n", b);
    else
        printf("  no bound found: %s\n", R->reason);
    printf("  lower bound: none (the probabilities need the engine)\n");
    if (!R->proved)
        dipa_cond_text(stdout, A, 0);
    if (proved)
        printf("CLAIM PROVED: B <= the claimed eps, for every m (exit 0)\n");
    else
        printf("UNDECIDED: %s (exit 3)\n", R->proved ? "B is above the claim, "
            "and no certified ratio is computed for this automaton"
            : "no bound found, and no certified ratio is computed for this "
            "automaton; not evidence of a leak");
    printf("  %.3g s; work %ld of %ld transitions examined\n", secs,
        (long) R->work, (long) DIPA_PROVE_WORK);
    flint_free(b);
}

/* the claim's fields of the JSON (verify/render_json.c's json_set_claim)
   for the DiPA prover alone: no certified ratio, so no L */
static void
dipa_claim_fields(json_t * o, const dipa_proof_t R, const char * b, int proved)
{
    json_object_set_new(o, "verdict", json_string(proved ? "proved" : "undecided"));
    json_object_set_new(o, "bound_state", json_string(R->proved ? "finite"
        : "unknown"));
    json_object_set_new(o, "B", R->proved ? json_string(b) : json_null());
    json_object_set_new(o, "B_exact", json_boolean(R->proved));
    json_object_set_new(o, "B_formula", json_null());
    json_object_set_new(o, "L", json_null());
}

static void
print_json(const char * mode, const char * path, const dipa_automaton_t A,
    const dipa_proof_t R,
    const char * why, const arb_t claim, const fmpq_t B, int proved, double secs)
{
    json_t * o = report_json_core(mode, path, NULL, NULL, 0, 20);
    json_t * steps = json_array();
    arb_t x;
    char * b = fmpq_get_str(NULL, 10, B);
    slong k;
    arb_init(x);
    json_object_set_new(o, "claimed_eps", report_json_interval(claim, 20));
    json_object_set_new(o, "claimed_delta", json_pack("[ss]", "0", "0"));
    arb_set_fmpq(x, B, 256);
    /* the loss lies in [0, B] (B's decimal upper bound); no certified
       ratio is computed here */
    {
        char * bu = R->proved ? decimal_bound(x, 20, 1) : NULL;
        json_object_set_new(o, "loss", json_pack("[ss]", "0", bu ? bu : "inf"));
        flint_free(bu);
    }
    dipa_claim_fields(o, R, b, proved);
    report_json_set_seconds(o, secs);
    json_object_set_new(o, "recheck", json_null());
    if (strcmp(mode, "check") == 0)
    {
        /* one cutoff: an automaton's own */
        json_t * c = json_object(), * cuts = json_array();
        json_object_set_new(c, "c", json_integer(1));
        dipa_claim_fields(c, R, b, proved);
        json_object_set_new(c, "L_at", json_null());
        json_object_set_new(c, "witness_ln_ratio", json_null());
        json_object_set_new(c, "recheck", json_null());
        json_object_set_new(c, "reason", proved ? json_null() : json_string(R->proved
            ? "B is above the claim, and no certified ratio is computed for "
            "this automaton" : R->reason));
        json_object_set_new(c, "seconds", json_real(secs));
        json_array_append_new(cuts, c);
        json_object_set_new(o, "cutoffs", cuts);
        json_object_set_new(o, "witness", json_null());
        json_object_set_new(o, "witness_ln_ratio", json_null());
        json_object_set_new(o, "evidence_accepted", json_false());
    }
    json_object_set_new(o, "upper_bound", R->proved
        ? report_json_interval(x, 20) : json_null());
    json_object_set_new(o, "upper_bound_exact", R->proved ? json_string(b)
        : json_null());
    json_object_set_new(o, "lower_bound", json_null());
    json_object_set_new(o, "engine_refusal", json_string(why));
    json_object_set_new(o, "reason", R->proved ? json_null()
        : json_string(R->reason));
    for (k = 0; k < R->nsteps; k++)
        json_array_append_new(steps, json_string(R->steps[k]));
    json_object_set_new(o, "proof", steps);
    json_object_set_new(o, "work", json_integer((json_int_t) R->work));
    if (!R->proved)
        json_object_set_new(o, "dipa_condition", dipa_cond_json(A));
    report_json_line(o);
    flint_free(b);
    arb_clear(x);
}

int
verify_prove_dipa_file(const char * path, const check_opts * o,
    const char * mode)
{
    dipa_automaton_t A;
    dipa_proof_t R;
    char why[1024], expr[300], err[512], * text = NULL, * cs;
    const char * prop;
    fmpq_t B, cq;
    arb_t cx, bx;
    int rc = -1, exact, proved;
    double t0 = verify_clock();

    dipa_automaton_init(A);
    if (too_large_for_engine(A, &text, path, why, sizeof(why)) != 0)
        goto done;
    fmpq_init(B);
    fmpq_init(cq);
    arb_init(cx);
    arb_init(bx);
    dipa_proof_init(R);
    prop = svt_dipa_claim(expr, sizeof(expr), text, A->dsum);
    exact = claim_value(cq, cx, expr, o, err, sizeof(err));
    if (exact < 0)
    {
        fprintf(stderr, "verify: %s:1:12: # claimed: %s\n", path, err);
        rc = 2;
        goto out;
    }
    if (exact)
        arb_set_fmpq(cx, cq, 256);
    dipa_prove(R, A, 0);
    /* B scales with eps and Delta (shifts of Delta, noises of 1/(d eps)) */
    fmpq_mul(B, R->B, o->eps);
    fmpq_mul(B, B, o->delta);
    arb_set_fmpq(bx, B, 256);
    proved = R->proved && (exact ? fmpq_cmp(B, cq) <= 0 : arb_le(bx, cx));
    cs = exact ? fmpq_get_str(NULL, 10, cq) : decimal_interval(cx, 10);
    if (o->json)
        print_json(mode, path, A, R, why, cx, B, proved, verify_clock() - t0);
    else
        print_text(mode, path, A, R, why, cs, prop, B, proved, verify_clock() - t0);
    flint_free(cs);
    if (o->junit != NULL)
    {
        char * bs = fmpq_get_str(NULL, 10, B), msg[1400];
        snprintf(msg, sizeof(msg), "undecided: L = none (no certified ratio is "
            "computed for an automaton this large) <= the largest loss <= B = "
            "%.100s; %.1000s", R->proved ? bs : "none (no bound found)",
            R->proved ? "B is above the claim" : R->reason);
        junit_add(o->junit, path, "proof for every m", proved ? JUNIT_PASS
            : JUNIT_ERROR, proved ? NULL : msg, verify_clock() - t0);
        flint_free(bs);
    }
    rc = proved ? 0 : 3;
out:
    dipa_proof_clear(R);
    fmpq_clear(B);
    fmpq_clear(cq);
    arb_clear(cx);
    arb_clear(bx);
done:
    flint_free(text);
    dipa_automaton_clear(A);
    return rc;
}

/* one step of a witness plan: transition T (NULL: the ending) of state
   S, its answer at the registers' centre, the query moved by d */
static void
plan_step(align_wstep * w, const dipa_state * S, const dipa_trans * T, int j,
    int d)
{
    w->num = 0;
    w->label[0] = '\0';
    if (T == NULL || T->out == DIPA_OUT_LABEL)
    {
        w->a = SVT_LABEL;
        snprintf(w->label, sizeof(w->label), "%s", T ? T->label : PROG_END_LABEL);
    }
    else if (T->out == DIPA_OUT_BOT || T->out == DIPA_OUT_TOP)
        w->a = T->out == DIPA_OUT_BOT ? SVT_BOT : SVT_TOP;
    else
    {
        w->a = SVT_NUM;
        w->num = T->out == DIPA_OUT_INSAMPLE ? 1 : 3;
    }
    w->loop = w->abs = w->tail = 0;
    w->dlo = S->noninput ? 0 : -1;
    w->dhi = S->noninput ? 0 : 1;
    w->d = FLINT_MAX(w->dlo, FLINT_MIN(w->dhi, d));
    w->nedge = 1;
    fmpq_zero(w->edge);
    snprintf(w->what, sizeof(w->what), "state %.31s, transition %d", S->name,
        j + 1);
}

/* may transition T be repeated on the way back to a state (no register
   assigned, no number released)? */
static int
plan_free(const dipa_trans * T)
{
    return T->nassign == 0 && T->out != DIPA_OUT_INSAMPLE
        && T->out != DIPA_OUT_PRIME && T->next >= 0;
}

#define PLAN_CYCLE_MAX 256  /* states of a forcing cycle (at most the
                               plan's queries, plan_limits) */

/* a cycle from input state s back to s, its first transition other than
   skip, through input states and free transitions (plan_free), at most
   max_len (<= PLAN_CYCLE_MAX) long, the shortest by breadth-first search: its
   transitions in cyc (their states in cst); returns its length, 0 when
   none */
static int
plan_cycle(int * cst, int * cyc, const dipa_automaton_struct * D, int s,
    int skip, int max_len)
{
    int * from = flint_malloc(2 * D->nstates * sizeof(int)), * by = from
        + D->nstates, * queue = flint_malloc(D->nstates * sizeof(int));
    int head = 0, tail = 0, j, n = 0, found = -1, u;
    for (u = 0; u < D->nstates; u++)
        from[u] = -2;
    /* the states one free transition from s (not skip) */
    for (j = 0; j < D->states[s].ntrans && found < 0; j++)
    {
        const dipa_trans * T = D->states[s].trans + j;
        if (j == skip || !plan_free(T) || D->states[T->next].noninput)
            continue;
        if (T->next == s)
            found = -3 - j;         /* a loop of s itself */
        else if (from[T->next] == -2)
        {
            from[T->next] = -1;
            by[T->next] = j;
            queue[tail++] = T->next;
        }
    }
    while (head < tail && found == -1)
    {
        int v = queue[head++];
        for (j = 0; j < D->states[v].ntrans && found == -1; j++)
        {
            const dipa_trans * T = D->states[v].trans + j;
            if (!plan_free(T) || D->states[T->next].noninput)
                continue;
            if (T->next == s)
            {
                found = v;
                by[s] = j;
            }
            else if (from[T->next] == -2)
            {
                from[T->next] = v;
                by[T->next] = j;
                queue[tail++] = T->next;
            }
        }
    }
    if (found <= -3)
    {
        cst[0] = s;
        cyc[0] = -3 - found;
        n = 1;
    }
    else if (found >= 0)
    {
        /* back from s's predecessor to s's first step */
        int path[PLAN_CYCLE_MAX + 1], len = 0, v = found;
        path[len++] = s;    /* the transition into s is by[s] from found */
        while (v >= 0 && len <= max_len)
        {
            path[len++] = v;
            v = from[v];
        }
        if (v == -1 && len <= max_len)
        {
            /* path: s, found, ..., the first state after s; the cycle runs
               s, path[len - 1], ..., path[1] (= found), back to s */
            int k;
            cst[n] = s;
            cyc[n++] = by[path[len - 1]];
            for (k = len - 1; k >= 1; k--)
            {
                cst[n] = path[k];
                cyc[n++] = k > 1 ? by[path[k - 1]] : by[s];
            }
        }
    }
    flint_free(from);
    flint_free(queue);
    return n;
}

/* the steps of a witness plan of D and the queries of its outputs: with
   at most PROG_SMALL_REGS registers, ALIGN_PLAN_MAX and the exact joint
   integral's PROG_JOINT_MAX_QUERIES, whose terms grow with the queries
   there; with more, ALIGN_PLAN_CAP (the integral keeps small groups of
   registers apart, so each query costs little: m-Range at m = 80 has
   outputs of 241 queries) */
static void
plan_limits(int * steps, int * queries, const dipa_automaton_struct * D)
{
    int wide = D->nregs > PROG_SMALL_REGS;
    *steps = wide ? ALIGN_PLAN_CAP : ALIGN_PLAN_MAX;
    *queries = wide ? ALIGN_PLAN_CAP : PROG_JOINT_MAX_QUERIES;
}

/* the shifts of the registers' current values before step k of R's run */
static const signed char *
wit_row(const dipa_proof_t R, int k)
{
    return R->wit_cur + (size_t) k * R->wit_nregs;
}

/* the transition of step k of R's run (NULL: the ending, no guard
   holding) */
static const dipa_trans *
wit_tr(const dipa_automaton_struct * D, const dipa_proof_t R, int k)
{
    const dipa_state * S = D->states + R->wit_state[k];
    return R->wit_trans[k] < S->ntrans ? S->trans + R->wit_trans[k] : NULL;
}

/* the side of the answer on which atom A holds its register: insample
   >= x holds x below it (-1), insample < x above (+1) */
static int
atom_side(const dipa_atom * A)
{
    return A->ge ? -1 : 1;
}

/* does transition T hold a register whose value is shifted by sigma
   (cur) on sigma's side of the answer?  (insample >= x puts x below it:
   -1; insample < x above: +1.)  Repeated with its query far on that
   side and moved by sigma, it pushes the register's value there, where
   the density of the noise that drew it changes by the full shift, and
   costs nothing: the guard moves with the register. */
static int
pushes(const dipa_trans * T, const signed char * cur, int sigma)
{
    int a;
    for (a = 0; a < T->natoms; a++)
        if (cur[T->atoms[a].reg] == sigma && atom_side(T->atoms + a) == sigma)
            return 1;
    return 0;
}

/* the side of a step whose guard holds the answer beyond a register
   shifted that way (insample >= x with x moved up: +1; insample < x
   with x moved down: -1), 0 when none or both: its query one unit out
   there, between the centre and the registers pushed two units out, so
   that this branch, not one beyond the other side, is what the output
   shows */
static int
beyond_side(const dipa_trans * T, const signed char * cur)
{
    int a, side = 0;
    for (a = 0; a < T->natoms; a++)
    {
        int x = cur[T->atoms[a].reg], t = -atom_side(T->atoms + a);
        if (x == t)
        {
            if (side == -t)
                return 0;
            side = t;
        }
    }
    return side;
}

/* a plan under construction: its steps' states and transitions (stv,
   trv; trv = ntrans: the ending) beside W */
typedef struct
{
    align_plan * W;
    const dipa_automaton_struct * D;
    int stv[ALIGN_PLAN_CAP], trv[ALIGN_PLAN_CAP];
    int steps, queries;     /* its limits (plan_limits) */
    int any;                /* some block pushes */
}
plan_ctx;

/* appends transition j of state st, its query moved by d */
static align_wstep *
push_step(plan_ctx * C, int st, int j, int d)
{
    const dipa_state * S = C->D->states + st;
    align_wstep * w = C->W->step + C->W->n;
    C->stv[C->W->n] = st;
    C->trv[C->W->n++] = j;
    plan_step(w, S, j < S->ntrans ? S->trans + j : NULL, j, d);
    return w;
}

/* a cycle back to an input state (plan_cycle): its states and
   transitions */
typedef struct
{
    const dipa_automaton_struct * D;
    const int * cst, * cyc;
    int n;
}
forcing;

/* does some step of F push a register shifted by sigma (cur)? */
static int
block_pushes(const forcing * F, const signed char * cur, int sigma)
{
    int i, any = 0;
    for (i = 0; i < F->n; i++)
        any |= pushes(F->D->states[F->cst[i]].trans + F->cyc[i], cur, sigma);
    return any;
}

/* Is step j of R's run a pull on register x against side sigma: a
   guard holding x on the other side (insample < x when x is pushed
   down), or an ending of a state that compares x (some answer beyond x
   ends the run)?  Its density grows as x moves back. */
static int
pulls_back(const dipa_automaton_struct * D, const dipa_proof_t R, int j,
    int x, int sigma)
{
    const dipa_state * A = D->states + R->wit_state[j];
    const dipa_trans * U = wit_tr(D, R, j);
    int a, t;
    if (U != NULL)
    {
        for (a = 0; a < U->natoms; a++)
            if (U->atoms[a].reg == x && atom_side(U->atoms + a) == -sigma)
                return 1;
        return 0;
    }
    for (t = 0; t < A->ntrans; t++)
        for (a = 0; a < A->trans[t].natoms; a++)
            if (A->trans[t].atoms[a].reg == x)
                return 1;
    return 0;
}

/* 1 when the guard of step j (an assignment) holds its answer, the
   value assigned, on side sigma of a register: it pulls the value back
   (x := insample under insample < y, x pushed up): one pin more */
static int
guard_pull(const dipa_automaton_struct * D, const dipa_proof_t R, int j,
    int sigma)
{
    const dipa_trans * U = wit_tr(D, R, j);
    int b;
    for (b = 0; U != NULL && b < U->natoms; b++)
        if (atom_side(U->atoms + b) == sigma)
            return 1;
    return 0;
}

/* does step j of R's run assign register x? */
static int
assigns(const dipa_automaton_struct * D, const dipa_proof_t R, int j, int x)
{
    const dipa_trans * U = wit_tr(D, R, j);
    int b;
    for (b = 0; U != NULL && b < U->nassign; b++)
        if (U->assign[b] == x)
            return 1;
    return 0;
}

/* the loops (of m = 2 queries each) that pin the registers a loop of
   one state pushes to side sigma before visit k of R's run: the pins'
   density must outweigh that of the noise that drew each register and
   of every step of the run that pulls it back while it holds that value
   (pulls_back: the visit's exit, a guard before it), rates d_x + the
   pulls' d against d_s per pin (d: the states' scale factors), so 1 +
   (d_x + pulls) / d_s pins, rounded up (a tie leaves the register spread
   evenly, which far out is enough), one more when the assignment's own
   guard holds the value on the other side (guard_pull), at most 16: 1 to
   8 loops */
static int
loop_pins(const forcing * F, const dipa_proof_t R, int k, int sigma)
{
    const dipa_automaton_struct * D = F->D;
    const dipa_state * S = D->states + F->cst[0];
    const dipa_trans * T = S->trans + F->cyc[0];
    const signed char * cur = wit_row(R, k);
    int a, j, j0, most = 1;
    fmpq_t q;
    fmpz_t c;
    fmpq_init(q);
    fmpz_init(c);
    for (a = 0; a < T->natoms; a++)
    {
        int x = T->atoms[a].reg;
        if (cur[x] != sigma || atom_side(T->atoms + a) != sigma)
            continue;
        /* the last assignment of x before visit k: d_x */
        for (j0 = k - 1; j0 >= 0 && !assigns(D, R, j0, x); j0--)
            ;
        if (j0 < 0)
            continue;
        fmpq_set(q, D->states[R->wit_state[j0]].d);
        /* the pulls while x holds that value (the loop's state
           excepted: its exit is the 1 of 1 + ...) */
        for (j = j0 + 1; j < R->nwit && (j <= k || !assigns(D, R, j, x)); j++)
            if (R->wit_state[j] != F->cst[0] && pulls_back(D, R, j, x, sigma))
                fmpq_add(q, q, D->states[R->wit_state[j]].d);
        fmpq_div(q, q, S->d);
        fmpz_cdiv_q(c, fmpq_numref(q), fmpq_denref(q));
        most = FLINT_MAX(most, 1 + guard_pull(D, R, j0, sigma)
            + (fmpz_cmp_ui(c, 14) > 0 ? 14 : (int) fmpz_get_si(c)));
    }
    fmpq_clear(q);
    fmpz_clear(c);
    return (most + 1) / 2;
}

/* the queries of the blocks that push (push_block) before visit k of
   R's run, each cycle reps times (a loop of one step: loop_pins loops
   of 2 queries, their least m) */
static int
block_queries(const forcing * F, const dipa_proof_t R, int k, int reps)
{
    int sigma, q = 0;
    for (sigma = -1; sigma <= 1; sigma += 2)
        if (block_pushes(F, wit_row(R, k), sigma))
            q += F->n == 1 ? 2 * loop_pins(F, R, k, sigma) : reps * F->n;
    return q;
}

/* block sigma: the cycle reps times, each step that pushes a register
   shifted by sigma (cur) moved by sigma, its query two units into the
   tail on sigma's side (beyond the assignments, one unit out), the
   others at the centre (a loop of one step: loop_pins times m) */
static void
push_block(plan_ctx * C, const forcing * F, const dipa_proof_t R, int k,
    int sigma, int reps)
{
    const signed char * cur = wit_row(R, k);
    int i, rep;
    if (!block_pushes(F, cur, sigma))
        return;
    if (F->n == 1)
        reps = loop_pins(F, R, k, sigma);
    for (rep = 0; rep < reps; rep++)
        for (i = 0; i < F->n && C->W->n + 1 < C->steps; i++)
        {
            const dipa_state * S = F->D->states + F->cst[i];
            int p = pushes(S->trans + F->cyc[i], cur, sigma);
            align_wstep * w = push_step(C, F->cst[i], F->cyc[i], p ? sigma : 0);
            w->tail = p ? 2 * sigma : 0;
            w->loop = F->n == 1;
        }
}

/* the queries of W at the least m of its loops (2) */
static int
plan_queries(const align_plan * W)
{
    int i, q = 0;
    for (i = 0; i < W->n; i++)
        q += W->step[i].loop ? 2 : 1;
    return q;
}

/* the forcing before visit k of R's run (an input state): a cycle back
   to its state, in blocks that push the registers to the sides of their
   shifts, twice when that fits the queries, once else; when no block
   fits or pushes, the cycle with the visit's own step moved the other
   way (twice or once) */
static void
force_visit(plan_ctx * C, const dipa_proof_t R, int k)
{
    int cst[PLAN_CYCLE_MAX], cyc[PLAN_CYCLE_MAX], n, rep, i, reps, left, bq;
    forcing F;
    n = plan_cycle(cst, cyc, C->D, R->wit_state[k], R->wit_trans[k],
        FLINT_MIN(PLAN_CYCLE_MAX, C->queries));
    F.D = C->D, F.cst = cst, F.cyc = cyc, F.n = n;
    if (n == 0)
        return;
    reps = n > 1 ? 2 : 1;
    left = C->queries - plan_queries(C->W) - (R->nwit - k);
    if ((bq = block_queries(&F, R, k, reps)) > left && reps == 2)
    {
        reps = 1;
        C->W->forcing_cut = 1;
        bq = block_queries(&F, R, k, reps);
    }
    if (bq > 0 && bq <= left)
    {
        C->any = 1;
        push_block(C, &F, R, k, -1, reps);
        push_block(C, &F, R, k, 1, reps);
        return;
    }
    if (reps == 2 && 2 * n > left)
        reps = 1;
    for (rep = 0; rep < reps; rep++)
        for (i = 0; i < n && C->W->n + n + 1 < C->steps; i++)
            push_step(C, cst[i], cyc[i], cst[i] == R->wit_state[k]
                ? -R->wit_delta[k] : 0)->loop = n == 1;
}

/* the plan of R's run under C's limits (dipa_plan) */
static void
plan_build(plan_ctx * C, const dipa_proof_t R)
{
    int k;
    C->W->n = 0;
    C->W->forcing_cut = 0;
    C->any = 0;
    for (k = 0; k < R->nwit && C->W->n + 1 < C->steps; k++)
    {
        const dipa_state * S = C->D->states + R->wit_state[k];
        const dipa_trans * T = wit_tr(C->D, R, k);
        align_wstep * w;
        if (!S->noninput)
            force_visit(C, R, k);
        w = push_step(C, R->wit_state[k], R->wit_trans[k], R->wit_delta[k]);
        /* an assigned value: its query on the side of its shift, so that
           its guard holds by a margin and the blocks beyond push it */
        if (!S->noninput && T != NULL && T->nassign > 0 && k + 1 < R->nwit)
            w->tail = wit_row(R, k + 1)[T->assign[0]];
        else if (!S->noninput && T != NULL)
            w->tail = beyond_side(T, wit_row(R, k));
    }
    /* no block pushes: no side is suggested (an assignment's side pays
       only where a block beyond holds it) */
    for (k = 0; k < C->W->n && !C->any; k++)
        C->W->step[k].tail = 0;
    C->W->truncated = R->nwit > C->steps;
    /* the run's last transition goes nowhere: it stops there, so the
       paths that carry on with the same outputs are not the run's */
    k = R->nwit - 1;
    C->W->stops = !C->W->truncated && k >= 0 && wit_tr(C->D, R, k) != NULL
        && wit_tr(C->D, R, k)->next < 0;
}

/* a register some transition of S compares (-1: none) */
static int
state_reg(const dipa_state * S)
{
    int j;
    for (j = 0; j < S->ntrans; j++)
        if (S->trans[j].natoms > 0)
            return S->trans[j].atoms[0].reg;
    return -1;
}

/* the representative of register r (union-find with halving) */
static int
group_of(int * up, int r)
{
    while (up[r] != r)
        r = up[r] = up[up[r]];
    return r;
}

/* the most queries of C's plan that touch one factor of the exact
   joint integral (program_joint.c keeps the others apart): the
   registers a state compares (in any of its transitions) or a
   transition assigns together are one factor; an input step touches
   its state's factor and the factor of the registers it assigns.  A
   loop counts 2: with several registers the witness takes its loops
   at m = 2 (witness.c, JOINT_M). */
static int
factor_reads(const plan_ctx * C)
{
    const dipa_automaton_struct * D = C->D;
    int up[PROG_SMALL_REGS], cnt[PROG_SMALL_REGS], r, s, j, a, most = 0;
    for (r = 0; r < D->nregs; r++)
        up[r] = r, cnt[r] = 0;
    for (s = 0; s < D->nstates; s++)
        for (j = 0; j < D->states[s].ntrans; j++)
        {
            const dipa_trans * T = D->states[s].trans + j;
            for (a = 0; a < T->natoms; a++)
                up[group_of(up, T->atoms[a].reg)] = group_of(up,
                    state_reg(D->states + s));
            for (a = 1; a < T->nassign; a++)
                up[group_of(up, T->assign[a])] = group_of(up, T->assign[0]);
        }
    for (j = 0; j < C->W->n; j++)
    {
        const dipa_state * S = D->states + C->stv[j];
        const align_wstep * w = C->W->step + j;
        int g = -1, h = -1, k = w->loop ? 2 : 1;
        if (S->noninput)
            continue;
        if (state_reg(S) >= 0)
            g = group_of(up, state_reg(S));
        if (C->trv[j] < S->ntrans && S->trans[C->trv[j]].nassign > 0)
            h = group_of(up, S->trans[C->trv[j]].assign[0]);
        if (g >= 0)
            most = FLINT_MAX(most, cnt[g] += k);
        if (h >= 0 && h != g)
            most = FLINT_MAX(most, cnt[h] += k);
    }
    return most;
}

/* W into A's plans: first when it suggests sides (the witness tries
   those first, and stops once one meets B), else last; the last one
   dropped when they are ALIGN_MAX_PLANS */
static void
plan_insert(align_result_t A, align_plan * W, int sides)
{
    int k;
    if (A->nplans == ALIGN_MAX_PLANS)
    {
        if (!sides)
        {
            align_plan_free(W);
            return;
        }
        align_plan_free(A->plan[--A->nplans]);
    }
    if (!sides)
    {
        A->plan[A->nplans++] = W;
        return;
    }
    for (k = A->nplans; k > 0; k--)
        A->plan[k] = A->plan[k - 1];
    A->plan[0] = W;
    A->nplans++;
}

/* the witness plan of R's costliest run (align.h: one step per
   transition, its answer at the registers' centre, the query moved by the
   step's tight difference), replacing A's plans.  Before each visit of
   an input state, a cycle back to it forces the registers: for each
   side, the cycle with the steps that push a register shifted to that
   side moved twice as far into that side's tail as the steps that
   assign (push_block), twice (a loop of one step: m times), once when
   twice would outgrow the queries; when none pushes, the cycle with the
   visit's own step moved the other way.  A step that assigns a value
   shifted by s has its query in s's tail.  With at most 31 registers
   the plan may have ALIGN_PLAN_MAX queries when no factor of the
   exact joint integral is read by more than its 48 (m-Range: each
   range pair by its own states), else 48 in all.  replace: A's plans
   give way to it, else it joins them (plan_insert). */
static void
dipa_plan(align_result_t A, const dipa_automaton_struct * D,
    const dipa_proof_t R, int replace)
{
    plan_ctx * C;
    int k;
    if (R->nwit == 0)
        return;
    for (k = 0; k < A->nplans && replace; k++)
    {
        align_plan_free(A->plan[k]);
        A->plan[k] = NULL;
    }
    if (replace)
        A->nplans = 0;
    C = flint_malloc(sizeof(plan_ctx));
    C->W = align_plan_new();
    C->D = D;
    plan_limits(&C->steps, &C->queries, D);
    /* with at most 31 registers: first under ALIGN_PLAN_MAX queries,
       kept when no factor is read by more than 48 of them (a plan that
       fits in 48 is the one 48 would give), else built again under 48 */
    if (D->nregs <= PROG_SMALL_REGS)
        C->queries = ALIGN_PLAN_MAX;
    plan_build(C, R);
    if (D->nregs <= PROG_SMALL_REGS && factor_reads(C) > PROG_JOINT_MAX_QUERIES)
    {
        C->queries = PROG_JOINT_MAX_QUERIES;
        plan_build(C, R);
    }
    else if (D->nregs <= PROG_SMALL_REGS
            && plan_queries(C->W) > PROG_JOINT_MAX_QUERIES)
        C->W->queries = ALIGN_PLAN_MAX;
    plan_insert(A, C->W, C->any);
    flint_free(C);
}

int
prove_any_size(align_result_t A, const svt_variant_struct * var,
    const svt_model_t M)
{
    const dipa_automaton_struct * D = var->dipa;
    dipa_proof_t R;
    fmpq_t B;
    arb_t b;
    int used = 0;
    slong k;
    if (D == NULL || !M->prog->dipa)
        return 0;
    dipa_proof_init(R);
    fmpq_init(B);
    arb_init(b);
    dipa_prove(R, D, 0);
    fmpq_mul(B, R->B, M->eps_q);
    fmpq_mul(B, B, M->delta_q);
    arb_set_fmpq(b, B, 256);
    if (R->proved && (!A->proved || arb_lt(b, A->bound)))
    {
        char was[200];
        if (A->proved)
        {
            char f[160];
            align_bound_form(f, sizeof(f), A);
            snprintf(was, sizeof(was), "; the per-branch coupling gives %s", f);
        }
        else
            snprintf(was, sizeof(was), "; the per-branch coupling finds no bound");
        A->proved = 1;
        A->exact = 1;
        A->gaussian = A->unsupported = A->monotone = 0;
        A->reason[0] = '\0';
        arb_set(A->bound, b);
        spec_linform_zero(A->bound_lf);
        fmpq_set(A->bound_lf->k[0], B);
        A->nsteps = 0;
        snprintf(A->steps[A->nsteps++], ALIGN_STEP_LEN, "the coupling of "
            "variants/dipa_prove.h (one shift per assigned value and class of "
            "runs, order facts, classes of endings)%s", was);
        for (k = 0; k < R->nsteps && A->nsteps < ALIGN_STEPS; k++)
            snprintf(A->steps[A->nsteps++], ALIGN_STEP_LEN, "%s", R->steps[k]);
        dipa_plan(A, D, R, 1);
        used = 1;
    }
    else if (R->proved && A->proved)
        /* the per-branch bound is as small or smaller: this proof's run,
           its registers pushed to their sides, is one more witness to
           try (its ratios are certified like any other) */
        dipa_plan(A, D, R, 0);
    else if (!R->proved && !A->proved && !prog_fits_small_tables(M->prog))
    {
        /* the per-branch coupling did not run: the reason is this one's */
        char was[sizeof(A->reason)];
        size_t n;
        snprintf(was, sizeof(was), "%s", A->reason);
        n = (size_t) snprintf(A->reason, sizeof(A->reason), "the coupling of "
            "variants/dipa_prove.h: %.600s; the per-branch coupling: ",
            R->reason);
        if (n < sizeof(A->reason))
            snprintf(A->reason + n, sizeof(A->reason) - n, "%.400s", was);
    }
    arb_clear(b);
    fmpq_clear(B);
    dipa_proof_clear(R);
    return used;
}

int
lint_dipa_file(const char * path, int json)
{
    dipa_automaton_t A;
    char why[1024], expr[300], err[512], * text = NULL;
    int rc = -1;
    dipa_automaton_init(A);
    if (too_large_for_engine(A, &text, path, why, sizeof(why)) == 0)
    {
        check_opts o;
        fmpq_t q;
        arb_t x;
        check_opts_init(&o);
        fmpq_init(q);
        arb_init(x);
        svt_dipa_claim(expr, sizeof(expr), text, A->dsum);
        if (claim_value(q, x, expr, &o, err, sizeof(err)) < 0)
        {
            fprintf(stderr, "verify: %s:1:12: # claimed: %s\n", path, err);
            rc = 2;
        }
        else if (json)
        {
            json_t * j = report_json_core("lint", path, NULL, NULL, 0, 15);
            json_object_set_new(j, "file", json_string(path));
            json_object_set_new(j, "ok", json_true());
            json_object_set_new(j, "states", json_integer(A->nstates));
            json_object_set_new(j, "registers", json_integer(A->nregs));
            json_object_set_new(j, "engine_refusal", json_string(why));
            report_json_line(j);
            rc = 0;
        }
        else
        {
            printf("%s: ok -- DiPA automaton, %d states, %d registers; the "
                "engine's probabilities refuse it (%s); verify prove and check "
                "decide it\n", path, A->nstates, A->nregs, why);
            rc = 0;
        }
        fmpq_clear(q);
        arb_clear(x);
        check_opts_clear(&o);
    }
    flint_free(text);
    dipa_automaton_clear(A);
    return rc;
}
