/* prob_pair.c -- Pr[A(D)=a] and Pr[A(D')=a]: the two integrals are
   independent, so for long outputs the second runs in its own thread. */

#include <pthread.h>
#include "svt.h"

/* the fewest distinct runs for which the second side gets a thread */
#define PAIR_THREAD_MIN_RUNS 16

typedef struct
{
    svt_prob_struct * res;
    const svt_model_struct * M;
    const svt_runs_struct * R;
    const integral_opt_struct * opt;
}
side_job;

static void *
side_run(void * arg)
{
    side_job * j = arg;
    svt_prob(j->res, j->M, j->R, 1, j->opt);
    flint_cleanup();    /* the thread's own FLINT caches */
    return NULL;
}

void
svt_prob_pair(svt_prob_t p0, svt_prob_t p1, const svt_model_t M,
    const svt_runs_t R, const integral_opt_t opt)
{
    pthread_t th;
    /* the second side counts its work apart (from the same start, so
       that where a work limit stops it does not depend on the threads'
       timing), then adds it to the caller's total */
    integral_opt_struct o1;
    slong used1 = 0, start = 0;
    side_job j = { p1, M, R, opt };
    int threaded;
    int counted = opt != NULL && opt->work_used != NULL;
    if (counted)
    {
        o1 = *opt;
        used1 = start = *opt->work_used;
        o1.work_used = &used1;
        j.opt = &o1;
    }
    /* a thread of its own only for a long output or a joint integral: a
       new thread starts with empty Arb caches (Gauss-Legendre nodes...),
       which cost more than a short probability (measured: 2-3 times the
       sequential time below 16 runs).  Either way the numbers are the
       same */
    threaded = (R->len >= PAIR_THREAD_MIN_RUNS || M->prog->nregs > 1)
        && pthread_create(&th, NULL, side_run, &j) == 0;
    svt_prob(p0, M, R, 0, opt);
    if (threaded)
        pthread_join(th, NULL);
    else
        svt_prob(p1, M, R, 1, j.opt);
    if (counted)
        *opt->work_used += used1 - start;
}
