/* approx.c -- the output distributions of a pair and their hockey-stick
   (delta) and Renyi divergences, certified (see approx.h). */

#include <pthread.h>
#include <time.h>
#include "approx.h"

void
approx_pair_init(approx_pair_t A)
{
    outclass_init(A->C);
    A->p[0] = A->p[1] = NULL;
    A->zero[0] = A->zero[1] = NULL;
    arb_init(A->total[0]);
    arb_init(A->total[1]);
    A->unsupported = A->integrals = 0;
    A->note = NULL;
    A->seconds = 0;
}

void
approx_pair_clear(approx_pair_t A)
{
    int s;
    for (s = 0; s < 2; s++)
    {
        if (A->p[s] != NULL)
            _arb_vec_clear(A->p[s], A->C->len);
        flint_free(A->zero[s]);
        arb_clear(A->total[s]);
    }
    outclass_clear(A->C);
}

/* the classes i = first, first + step, ... of one worker */
typedef struct
{
    approx_pair_struct * A;
    const svt_model_struct * M;
    const integral_opt_struct * opt;
    slong first, step;
    const char * note;      /* why a class could not be certified */
}
class_job;

/* both probabilities of the classes of job j; every class is written by
   one worker only */
static void
class_probs(class_job * j)
{
    approx_pair_struct * A = j->A;
    svt_prob_t p;
    slong i;
    int s;
    svt_prob_init(p);
    for (i = j->first; i < A->C->len; i += j->step)
        for (s = 0; s < 2; s++)
        {
            svt_prob(p, j->M, A->C->out + i, s, j->opt);
            if (p->status == SVT_PROB_UNSUPPORTED)
            {
                A->zero[s][i] = -1;     /* unknown: counted below */
                arb_zero_pm_one(A->p[s] + i);
                arb_nonnegative_part(A->p[s] + i, A->p[s] + i);
                if (j->note == NULL)
                    j->note = p->note;
            }
            else
            {
                arb_set(A->p[s] + i, p->value);
                A->zero[s][i] = p->zero;
            }
        }
    svt_prob_clear(p);
}

static void *
class_run(void * arg)
{
    class_probs((class_job *) arg);
    flint_cleanup();    /* the thread's own FLINT caches */
    return NULL;
}

int
approx_pair_compute(approx_pair_t A, const svt_model_t M,
    const svt_runs_t R, slong digits, char * err, size_t errlen)
{
    const slong prec = SVT_PARAM_PREC;
    integral_opt_t iopt;
    double t0 = verify_clock();
    class_job job[2];
    pthread_t th;
    int threaded, s;
    slong i, n;

    if (outclass_build(A->C, M, R, err, errlen) != 0)
        return -1;
    n = A->C->len;
    integral_opt_init(iopt);
    iopt->goal_digits = digits;
    for (s = 0; s < 2; s++)
    {
        A->p[s] = _arb_vec_init(n);
        A->zero[s] = flint_calloc(FLINT_MAX(n, 1), sizeof(int));
    }
    /* two workers over the classes, interleaved (the two cores) */
    for (s = 0; s < 2; s++)
    {
        job[s].A = A;
        job[s].M = M;
        job[s].opt = iopt;
        job[s].first = s;
        job[s].step = 2;
        job[s].note = NULL;
    }
    threaded = n > 1 && pthread_create(&th, NULL, class_run, job + 1) == 0;
    job[0].step = threaded ? 2 : 1;
    class_probs(job);
    if (threaded)
        pthread_join(th, NULL);
    A->note = job[0].note != NULL ? job[0].note : job[1].note;
    for (s = 0; s < 2; s++)
    {
        arb_zero(A->total[s]);
        for (i = 0; i < n; i++)
        {
            if (A->zero[s][i] < 0)
            {
                A->zero[s][i] = 0;
                A->unsupported++;
            }
            arb_addmul_fmpz(A->total[s], A->p[s] + i, A->C->count + i, prec);
        }
    }
    A->integrals = 2 * n;
    A->seconds = verify_clock() - t0;
    return 0;
}

int
approx_pair_complete(const approx_pair_t A)
{
    return A->unsupported == 0 && !A->C->partial;
}

/* ------------------------------------------------------------------ */
/* delta                                                               */

void
approx_delta(arb_t res, const approx_pair_t A, const arb_t E, int dir,
    slong prec)
{
    arb_t eE, x;
    slong i;
    const int a = dir, b = 1 - dir;
    arb_init(eE);
    arb_init(x);
    arb_exp(eE, E, prec);
    arb_zero(res);
    for (i = 0; i < A->C->len; i++)
    {
        if (A->zero[a][i])
            continue;
        if (A->zero[b][i])
            arb_set(x, A->p[a] + i);
        else
        {
            arb_mul(x, eE, A->p[b] + i, prec);
            arb_sub(x, A->p[a] + i, x, prec);
            arb_nonnegative_part(x, x);
        }
        arb_addmul_fmpz(res, x, A->C->count + i, prec);
    }
    arb_nonnegative_part(res, res);     /* rounding below 0 */
    arb_clear(eE);
    arb_clear(x);
}

void
approx_delta_max(arb_t res, const approx_pair_t A, const arb_t E, slong prec)
{
    arb_t d;
    arb_init(d);
    approx_delta(res, A, E, 0, prec);
    approx_delta(d, A, E, 1, prec);
    arb_max(res, res, d, prec);
    arb_nonnegative_part(res, res);
    arb_clear(d);
}

/* -1: delta(E) > target certainly, 1: <= target certainly, 0: undecided */
static int
delta_side(const approx_pair_t A, const arb_t E, const arb_t target,
    slong prec)
{
    arb_t d;
    int r;
    arb_init(d);
    approx_delta_max(d, A, E, prec);
    r = arb_gt(d, target) ? -1 : arb_le(d, target) ? 1 : 0;
    arb_clear(d);
    return r;
}

void
approx_eps_for_delta(arb_t lo, arb_t hi, const approx_pair_t A,
    const arb_t target, slong bits, slong prec)
{
    arb_t L, mid;
    slong k;
    int side;

    arb_init(L);
    arb_init(mid);
    arb_zero(lo);
    arb_zero(hi);
    if (delta_side(A, hi, target, prec) == 1)
        goto done;
    /* an upper end: just above the pure loss (delta is 0 there), else 1;
       then up by 1/256 of itself, from the 21st step also by 1, from the
       31st doubled (an output of probability 0 on one side keeps delta
       up for every eps) */
    approx_pure_loss(L, A, prec);
    if (arb_is_finite(L))
    {
        arb_get_ubound_arf(arb_midref(hi), L, prec);
        arb_set_arf(hi, arb_midref(hi));
    }
    else
        arb_one(hi);
    side = delta_side(A, hi, target, prec);
    for (k = 0; k < 40 && side != 1; k++)
    {
        arb_mul_2exp_si(mid, hi, -8);
        arb_add(hi, hi, mid, prec);
        arb_add_ui(hi, hi, k > 20, prec);
        arb_mul_2exp_si(hi, hi, k > 30);
        side = delta_side(A, hi, target, prec);
    }
    if (side != 1)
    {
        arb_pos_inf(hi);
        goto done;
    }
    /* bisection: delta(lo) > target (or lo = 0), delta(hi) <= target */
    for (k = 0; k < bits; k++)
    {
        arb_add(mid, lo, hi, prec);
        arb_mul_2exp_si(mid, mid, -1);
        side = delta_side(A, mid, target, prec);
        if (side == 0)
            break;
        arb_swap(side > 0 ? hi : lo, mid);
    }
done:
    arb_clear(L);
    arb_clear(mid);
}

void
approx_pure_loss(arb_t res, const approx_pair_t A, slong prec)
{
    arb_t x, y;
    slong i;
    arb_init(x);
    arb_init(y);
    arb_neg_inf(res);
    for (i = 0; i < A->C->len; i++)
    {
        if (A->zero[0][i] && A->zero[1][i])
            continue;
        if (A->zero[0][i] || A->zero[1][i])
        {
            arb_pos_inf(res);
            break;
        }
        arb_log(x, A->p[0] + i, prec);
        arb_log(y, A->p[1] + i, prec);
        arb_sub(x, x, y, prec);
        arb_abs(x, x);
        arb_max(res, res, x, prec);
    }
    arb_clear(x);
    arb_clear(y);
}

/* ------------------------------------------------------------------ */
/* Renyi                                                               */

void
approx_renyi(arb_t res, const approx_pair_t A, const arb_t alpha, int dir,
    slong prec)
{
    const int a = dir, b = 1 - dir;
    int kl = arb_is_one(alpha);
    arb_t s, la, lb, t, am1;
    slong i;
    arb_init(s);
    arb_init(la);
    arb_init(lb);
    arb_init(t);
    arb_init(am1);
    arb_sub_ui(am1, alpha, 1, prec);
    arb_zero(s);
    for (i = 0; i < A->C->len; i++)
    {
        if (A->zero[a][i])
            continue;
        if (A->zero[b][i])
        {
            if (kl || arb_is_positive(am1))
            {
                arb_pos_inf(res);
                goto done;
            }
            continue;   /* p^alpha 0^(1 - alpha) = 0 for alpha < 1 */
        }
        arb_log(la, A->p[a] + i, prec);
        arb_log(lb, A->p[b] + i, prec);
        if (kl)
        {
            /* p_a (ln p_a - ln p_b) */
            arb_sub(t, la, lb, prec);
            arb_mul(t, t, A->p[a] + i, prec);
        }
        else
        {
            /* exp(alpha ln p_a - (alpha - 1) ln p_b) */
            arb_mul(t, alpha, la, prec);
            arb_submul(t, am1, lb, prec);
            arb_exp(t, t, prec);
        }
        arb_addmul_fmpz(s, t, A->C->count + i, prec);
    }
    if (kl)
        arb_set(res, s);
    else
    {
        arb_log(res, s, prec);
        arb_div(res, res, am1, prec);
    }
done:
    arb_clear(s);
    arb_clear(la);
    arb_clear(lb);
    arb_clear(t);
    arb_clear(am1);
}

void
approx_renyi_max(arb_t res, const approx_pair_t A, const arb_t alpha,
    slong prec)
{
    arb_t d;
    arb_init(d);
    approx_renyi(res, A, alpha, 0, prec);
    approx_renyi(d, A, alpha, 1, prec);
    arb_max(res, res, d, prec);
    arb_clear(d);
}
