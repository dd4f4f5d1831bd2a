/* outputs.h -- every output a variant can give on a pair of query-answer
   vectors, one by one or in classes of equal probability.

   Without a reset of the threshold noise, Pr[A(D)=a] is an integral of a
   product of one factor per query: two outputs that differ only by the
   order of top and bot inside a run of identical queries have equal
   probabilities (on both datasets).  A class holds all of them: per run,
   how many tops; where the cutoff stops the run, the position of the
   stop (the c-th top is last).  Its count is a product of binomials, so
   that a pair of 10^6 identical queries has 10^6 + 1 classes instead of
   2^(10^6) outputs.  Variants with a reset, and programs, are enumerated
   output by output (at most CUSTOM_MAX_ENUM queries). */

#ifndef SVT_OUTPUTS_H
#define SVT_OUTPUTS_H

#include "custom.h"

/* the largest number of classes built */
#define OUTPUTS_MAX_CLASSES 200000

/* one call per output vector (count 1), shorter ones where the variant
   stops; returns 0, or the callback's non-zero value to stop early */
typedef int (*outputs_fn)(void * ctx, const svt_runs_t out);

/* Every output of M on the queries of R (their outputs are ignored).
   *partial: a program whose runs can end early in a way the outputs do
   not show.  Returns 0, the callback's value, or -1 with a message (too
   many queries). */
int outputs_each(const svt_model_t M, const svt_runs_t R, outputs_fn fn,
    void * ctx, int * partial, char * err, size_t errlen);

typedef struct
{
    svt_runs_struct * out;  /* one output vector per class */
    fmpz * count;           /* the output vectors it stands for */
    slong len, alloc;
    int symmetric;          /* classes of equal probability (else 1 each) */
    int numbers_merged;     /* released numbers stand as their top event */
    int partial;            /* see outputs_each */
}
outclass_struct;

typedef outclass_struct outclass_t[1];

void outclass_init(outclass_t C);
void outclass_clear(outclass_t C);

/* The classes of every output of M on the queries of R.  Returns 0, or
   -1 with a one-line message (too many classes or queries). */
int outclass_build(outclass_t C, const svt_model_t M, const svt_runs_t R,
    char * err, size_t errlen);

#endif
