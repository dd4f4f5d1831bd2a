/* gen_program.c -- random programs over the grammar of
   variants/PROGRAMS.md (see gen_program.h). */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gen_program.h"

/* ---- PRNG (splitmix64) ------------------------------------------------ */

void
gen_rng_seed(gen_rng * r, uint64_t seed)
{
    r->s = seed * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x2545F4914F6CDD1D);
}

uint64_t
gen_next(gen_rng * r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

long
gen_range(gen_rng * r, long lo, long hi)
{
    return lo + (long) (gen_next(r) % (uint64_t) (hi - lo + 1));
}

int
gen_chance(gen_rng * r, long num, long den)
{
    return gen_range(r, 0, den - 1) < num;
}

static const char *
pick(gen_rng * r, const char * const * v, int n)
{
    return v[gen_range(r, 0, n - 1)];
}

#define PICK(r, v) pick((r), (v), (int) (sizeof(v) / sizeof((v)[0])))

/* ---- text ---------------------------------------------------------------- */

typedef struct
{
    char * buf;
    size_t len, pos;
    int overflow;
}
sbuf;

static void
put(sbuf * b, const char * fmt, ...)
{
    va_list ap;
    int n;
    if (b->overflow)
        return;
    va_start(ap, fmt);
    n = vsnprintf(b->buf + b->pos, b->len - b->pos, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t) n >= b->len - b->pos)
    {
        b->overflow = 1;
        return;
    }
    b->pos += (size_t) n;
}

static const char * const feature_names[GEN_F_COUNT] = {
    "several states", "several answers", "elif", "else", "state without else",
    "range guard", "abs guard", "and", "offset", "strict comparison",
    "exact answer", "gap output", "noisy answer output", "fresh-noise output",
    "label", "nothing", "cost > 1", "constant counter", "c-dependent counter",
    "stop", "goto", "reset noise", "reset answer", "monotone_only",
    "Gaussian noise", "argmax Laplace", "argmax exponential", "argmax value",
    "DiPA", "DiPA 1 register", "DiPA 2 registers", "DiPA 3 registers",
    "DiPA non-input state", "DiPA insample'", "DiPA guarded assignment",
    "DiPA exit (goto undefined state)", "abs(q) answer",
};

const char *
gen_feature_name(int f)
{
    return f >= 0 && f < GEN_F_COUNT ? feature_names[f] : "?";
}

#define SET(f) (info->features |= UINT64_C(1) << (f))

/* ---- our programs ------------------------------------------------------ */

static const char * const reg_scales[] = { "Delta/eps1", "2*Delta/eps1",
    "Delta/eps", "Delta/(2*eps1)" };
static const char * const ans_scales[] = { "2*c*Delta/eps2", "c*Delta/eps2",
    "2*Delta/eps2", "4*Delta/eps", "Delta/eps2", "3*c*Delta/eps2" };
static const char * const fresh_scales[] = { "c*Delta/eps3", "Delta/eps3",
    "2*Delta/eps", "4*c*Delta/eps" };
static const char * const gauss_scales[] = { "2*Delta/eps2", "c*Delta/eps",
    "1", "1/2" };
static const char * const offsets[] = { " + 1", " - 1", " + 1/2", " - 1/2",
    " + 2", " - 3/2" };
static const char * const labels[] = { "lo", "mid", "hi", "warn" };

typedef struct
{
    int nanswers;
    int gaussian[4];    /* the answer's noise is Gaussian */
    int exact[4];
}
gstate;

static void
noise(sbuf * b, gen_rng * r, const char * const * scales, int n, int gauss)
{
    if (gauss)
        put(b, "gaussian(%s)", PICK(r, gauss_scales));
    else
        put(b, "laplace(%s)", pick(r, scales, n));
}

static void
offset(sbuf * b, gen_rng * r, gen_info * info)
{
    if (gen_chance(r, 1, 3))
    {
        put(b, "%s", PICK(r, offsets));
        SET(GEN_F_OFFSET);
    }
}

/* the parts of an atom's text "y OP z OFF" or "abs(y) OP z OFF": 1 with
   abs, the direction (1: >= or >, 0: < or <=) and the offset's text; 0
   for a range */
static int
atom_parts(const char * a, int * abs, int * lower, const char ** off)
{
    const char * op = strpbrk(a, "<>");
    if (a[0] == 'z' || op == NULL)
        return 0;
    *abs = strncmp(a, "abs(", 4) == 0;
    *lower = op[0] == '>';
    *off = strstr(op, " z");
    if (*off == NULL)
        return 0;
    *off += 2;
    return 1;
}

/* 1 when atoms a and b (texts) bound the same y from opposite sides at
   the same offset: the guard holds at one value at most */
static int
atoms_meet(const char * a, const char * b)
{
    int aa, al, ba, bl;
    const char * ao, * bo;
    return atom_parts(a, &aa, &al, &ao) && atom_parts(b, &ba, &bl, &bo)
        && aa == ba && al != bl && strcmp(ao, bo) == 0;
}

/* one atom on answer y */
static void
atom(sbuf * b, gen_rng * r, const char * y, gen_info * info)
{
    int k = (int) gen_range(r, 0, 9);
    int strict = gen_chance(r, 1, 4);
    if (strict)
        SET(GEN_F_STRICT);
    if (k <= 3)
    {
        put(b, "%s %s z", y, strict ? ">" : ">=");
        offset(b, r, info);
    }
    else if (k <= 6)
    {
        put(b, "%s %s z", y, strict ? "<=" : "<");
        offset(b, r, info);
    }
    else if (k <= 8)
    {
        /* abs(y) compared */
        put(b, "abs(%s) %s z", y, gen_chance(r, 1, 2) ? (strict ? ">" : ">=")
            : (strict ? "<=" : "<"));
        offset(b, r, info);
        SET(GEN_F_ABS);
    }
    else
    {
        /* a range z + a <= y < z + b, a < b */
        static const char * const lo[] = { " - 1", " - 2", "", " - 1/2" };
        static const char * const hi[] = { " + 1", " + 2", " + 1/2" };
        put(b, "z%s %s %s %s z%s", PICK(r, lo), gen_chance(r, 1, 2) ? "<=" : "<",
            y, gen_chance(r, 1, 2) ? "<" : "<=", PICK(r, hi));
        SET(GEN_F_RANGE);
    }
}

static void
actions(sbuf * b, gen_rng * r, const gstate * S, int nstates, int has_counter,
    gen_info * info)
{
    int k = (int) gen_range(r, 0, 99), a = (int) gen_range(r, 0, S->nanswers - 1);
    int i;
    /* a released answer is a noisy one (an exact answer would be q) */
    for (i = 0; i < S->nanswers && S->exact[a]; i++)
        a = (a + 1) % S->nanswers;
    if (S->exact[a] && k >= 74 && k < 92)
        k = 92;
    put(b, "output ");
    if (k < 30)
        put(b, "bot");
    else if (k < 58)
        put(b, "top");
    else if (k < 68)
    {
        put(b, "%s", PICK(r, labels));
        SET(GEN_F_LABEL);
    }
    else if (k < 74)
    {
        put(b, "nothing");
        SET(GEN_F_NOTHING);
    }
    else if (k < 84)
    {
        put(b, "y%d", a);
        SET(GEN_F_NOISY_OUT);
    }
    else if (k < 92 && !S->gaussian[a])
    {
        put(b, "y%d - z", a);
        SET(GEN_F_GAP);
    }
    else
    {
        put(b, "q + ");
        noise(b, r, fresh_scales, 4, gen_chance(r, 1, 8));
        SET(GEN_F_FRESH_OUT);
    }
    /* a cost */
    k = (int) gen_range(r, 0, 9);
    if (k >= 4 || (has_counter && k >= 2))
    {
        int cost = gen_chance(r, 1, 5) ? (int) gen_range(r, 2, 3) : 1;
        put(b, "; cost %d", cost);
        if (cost > 1)
            SET(GEN_F_COST_GT1);
    }
    if (gen_chance(r, 1, 10))
    {
        put(b, "; stop");
        SET(GEN_F_STOP);
    }
    if (gen_chance(r, 1, 10))
    {
        put(b, "; reset ");
        noise(b, r, reg_scales, 4, gen_chance(r, 1, 10));
        SET(GEN_F_RESET_NOISE);
    }
    else if (gen_chance(r, 1, 14))
    {
        put(b, "; reset y%d", a);
        SET(GEN_F_RESET_ANSWER);
    }
    if (nstates > 1 && gen_chance(r, 2, 5))
    {
        put(b, "; goto s%d", (int) gen_range(r, 0, nstates - 1));
        SET(GEN_F_GOTO);
    }
}

static void
gen_argmax(sbuf * b, gen_rng * r, gen_info * info)
{
    int e = gen_chance(r, 1, 2), val = gen_chance(r, 1, 3);
    static const char * const sc[] = { "2*Delta/eps", "Delta/eps", "4*Delta/eps" };
    put(b, "argmax y = q + %s(%s) output %s\n", e ? "exponential" : "laplace",
        PICK(r, sc), val ? "value" : "index");
    SET(e ? GEN_F_ARGMAX_EXP : GEN_F_ARGMAX_LAPLACE);
    if (val)
        SET(GEN_F_ARGMAX_VALUE);
}

static void
gen_svt(sbuf * b, gen_rng * r, uint64_t seed, gen_info * info)
{
    static const char * const e1[] = { "eps/2", "eps/4", "eps/3" };
    static const char * const claims[] = { "eps", "eps", "eps", "2*eps",
        "3*eps/4", "c*eps" };
    static const char * const counters[] = { "c", "c", "2", "1", "c + 1",
        "2*c", "3" };
    int nstates, s, has_counter, i;

    put(b, "name = gen-%llu\n", (unsigned long long) seed);
    put(b, "eps1 = %s\neps2 = eps - eps1\neps3 = eps/4\n", PICK(r, e1));
    put(b, "claimed = %s\n", PICK(r, claims));
    if (gen_chance(r, 3, 20))
    {
        put(b, "monotone_only = yes\n");
        SET(GEN_F_MONOTONE);
    }
    if (gen_chance(r, 1, 16))
    {
        gen_argmax(b, r, info);
        return;
    }
    put(b, "register z = ");
    i = gen_chance(r, 1, 14);
    if (i)
        SET(GEN_F_GAUSSIAN);
    noise(b, r, reg_scales, 4, i);
    put(b, "\n");
    has_counter = gen_chance(r, 3, 4);
    if (has_counter)
    {
        const char * cnt = PICK(r, counters);
        put(b, "counter = %s\n", cnt);
        SET(strchr(cnt, 'c') ? GEN_F_COUNTER_C : GEN_F_COUNTER_CONST);
    }
    nstates = (int) gen_range(r, 1, 10);
    nstates = nstates <= 5 ? 1 : nstates <= 8 ? 2 : nstates == 9 ? 3 : 4;
    if (nstates > 1)
        SET(GEN_F_SEVERAL_STATES);
    for (s = 0; s < nstates; s++)
    {
        gstate S;
        int nb, k, els, absq;
        memset(&S, 0, sizeof(S));
        S.nanswers = gen_chance(r, 1, 4) ? (int) gen_range(r, 2, 3) : 1;
        if (S.nanswers > 1)
            SET(GEN_F_SEVERAL_ANSWERS);
        put(b, "state s%d:\n", s);
        /* the answers on |q| (a template's abs-outside), in every answer */
        absq = gen_chance(r, 1, 8);
        if (absq)
            SET(GEN_F_ABS_QUERY);
        for (k = 0; k < S.nanswers; k++)
        {
            int t = (int) gen_range(r, 0, 19);
            put(b, "  answer y%d = ", k);
            if (t < 2)
            {
                put(b, absq ? "abs(q)\n" : "exact\n");
                S.exact[k] = 1;
                SET(GEN_F_EXACT);
            }
            else
            {
                S.gaussian[k] = t == 2;
                if (S.gaussian[k])
                    SET(GEN_F_GAUSSIAN);
                put(b, absq ? "abs(q) + " : "q + ");
                noise(b, r, ans_scales, 6, S.gaussian[k]);
                put(b, "\n");
            }
        }
        nb = (int) gen_range(r, 1, 6);
        nb = nb <= 3 ? 1 : nb <= 5 ? 2 : 3;
        els = gen_chance(r, 3, 4);
        SET(els ? GEN_F_ELSE : GEN_F_NO_ELSE);
        if (nb > 1)
            SET(GEN_F_ELIF);
        for (k = 0; k < nb; k++)
        {
            char y[8];
            int na = gen_chance(r, 1, 5) ? 2 : 1, j;
            snprintf(y, sizeof(y), "y%d", (int) gen_range(r, 0, S.nanswers - 1));
            char first[64] = "";
            put(b, "  %s ", k == 0 ? "if" : "elif");
            for (j = 0; j < na; j++)
            {
                size_t at;
                int tries = 0;
                if (j > 0)
                {
                    put(b, gen_chance(r, 1, 2) ? " and " : " && ");
                    SET(GEN_F_AND);
                }
                at = b->pos;
                atom(b, r, y, info);
                /* two comparisons meeting at one value are refused by the
                   reader: draw the second again (at most 4 times) */
                while (j > 0 && !b->overflow && tries++ < 4
                        && atoms_meet(first, b->buf + at))
                {
                    b->pos = at;
                    atom(b, r, y, info);
                }
                if (j == 0 && !b->overflow)
                    snprintf(first, sizeof(first), "%s", b->buf + at);
            }
            put(b, " then ");
            actions(b, r, &S, nstates, has_counter, info);
            put(b, "\n");
        }
        if (els)
        {
            put(b, "  else ");
            actions(b, r, &S, nstates, has_counter, info);
            put(b, "\n");
        }
    }
}

/* ---- DiPA automata ------------------------------------------------------- */

static const char * const dipa_d[] = { "1/4", "1/2", "1", "1/3", "1/8" };
static const char * const dipa_mu[] = { "0", "0", "0", "1", "1/2", "2" };
static const char * const dipa_out[] = { "obot", "otop", "oa", "ob" };

static void
dipa_output(sbuf * b, gen_rng * r, int prime, gen_info * info)
{
    int k = (int) gen_range(r, 0, 9);
    if (k < 7)
        put(b, "output %s", dipa_out[k < 3 ? 0 : k < 6 ? 1 : (int) gen_range(r, 2, 3)]);
    else if (k < 9 || !prime)
        put(b, "output insample");
    else
    {
        put(b, "output insampleprime");
        SET(GEN_F_DIPA_PRIME);
    }
}

static void
dipa_goto(sbuf * b, gen_rng * r, int first, int nstates, gen_info * info)
{
    if (gen_chance(r, 1, 8))
    {
        put(b, "; goto q99");    /* not defined: the run ends */
        SET(GEN_F_DIPA_EXIT);
    }
    else
        put(b, "; goto q%d", (int) gen_range(r, first, nstates));
}

static void
gen_dipa(sbuf * b, gen_rng * r, gen_info * info)
{
    static const char * const regs[3] = { "x", "lo", "hi" };
    int nregs = (int) gen_range(r, 1, 6), ncmp, s, k;
    nregs = nregs <= 3 ? 1 : nregs <= 5 ? 2 : 3;
    info->dipa = 1;
    SET(GEN_F_DIPA);
    SET(nregs == 1 ? GEN_F_DIPA_1REG : nregs == 2 ? GEN_F_DIPA_2REG : GEN_F_DIPA_3REG);
    if (gen_chance(r, 1, 3))
        put(b, "# claimed = %s\n", gen_chance(r, 1, 2) ? "eps" : "3*eps/2");
    ncmp = (int) gen_range(r, 1, 3);
    /* states q1..q{nregs}: assign the registers, one each */
    for (s = 1; s <= nregs; s++)
    {
        int ni = gen_chance(r, 1, 2);
        if (ni)
            SET(GEN_F_DIPA_NONINPUT);
        put(b, "(q%d%s,%s,%s): %s:= insample; output %s; goto q%d\n", s,
            ni ? ":non-input" : "", PICK(r, dipa_d), PICK(r, dipa_mu),
            regs[s - 1], gen_chance(r, 3, 4) ? "obot" : "oinput", s + 1);
    }
    if (ncmp > 1)
        SET(GEN_F_SEVERAL_STATES);
    /* comparison states q{nregs+1}..q{nregs+ncmp} */
    for (s = nregs + 1; s <= nregs + ncmp; s++)
    {
        int prime = gen_chance(r, 1, 4), nb = (int) gen_range(r, 1, 3);
        int ni = gen_chance(r, 1, 10);
        if (ni)
            SET(GEN_F_DIPA_NONINPUT);
        put(b, "(q%d%s,%s,%s", s, ni ? ":non-input" : "", PICK(r, dipa_d),
            PICK(r, dipa_mu));
        if (prime)
            put(b, ", %s,%s", PICK(r, dipa_d), PICK(r, dipa_mu));
        put(b, "): ");
        if (gen_chance(r, 1, 12))
        {
            /* no guard: an output and a goto */
            dipa_output(b, r, prime, info);
            dipa_goto(b, r, nregs + 1, nregs + ncmp, info);
            put(b, "\n");
            continue;
        }
        if (nb > 1)
            SET(GEN_F_ELIF);
        for (k = 0; k < nb; k++)
        {
            int na = gen_chance(r, 1, 3) ? 2 : 1, j;
            static const char * const ops[] = { "<", "<=", ">", ">=" };
            put(b, "%s (", k == 0 ? "if" : " elseif");
            for (j = 0; j < na; j++)
                put(b, "%sinsample %s %s", j ? " && " : "", PICK(r, ops),
                    regs[gen_range(r, 0, nregs - 1)]);
            if (na > 1)
                SET(GEN_F_AND);
            put(b, ") then ");
            if (gen_chance(r, 1, 6))
            {
                put(b, "%s:= insample; ", regs[gen_range(r, 0, nregs - 1)]);
                SET(GEN_F_DIPA_ASSIGN_GUARDED);
            }
            dipa_output(b, r, prime, info);
            dipa_goto(b, r, nregs + 1, nregs + ncmp, info);
        }
        put(b, "\n");
    }
}

int
gen_program(char * buf, size_t len, uint64_t seed, gen_info * info)
{
    gen_rng r;
    sbuf b = { buf, len, 0, 0 };
    gen_rng_seed(&r, seed);
    info->dipa = 0;
    info->features = 0;
    if (len == 0)
        return -1;
    buf[0] = '\0';
    if (gen_chance(&r, 1, 4))
        gen_dipa(&b, &r, info);
    else
        gen_svt(&b, &r, seed, info);
    return b.overflow ? -1 : (int) b.pos;
}
