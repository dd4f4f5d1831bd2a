/* custom.h -- user-given query/output vectors (command line or file),
   and the exact privacy loss of a pair (maximum over all outputs). */

#ifndef SVT_CUSTOM_H
#define SVT_CUSTOM_H

#include "verify.h"

/* Vectors are comma-separated tokens, each a value or value*count, e.g.
   "0*1000000,1".  Outputs are bot, top or a number.  T may be a single
   value (every query) or a vector.  The output may be omitted when only
   --max-over-outputs is asked.  Returns 0, or -1 with a one-line message
   naming the argument in err. */
int custom_build(svt_runs_t R, const char * qD, const char * qD2,
    const char * T, const char * output, int need_output, char * err,
    size_t errlen);
/* The same, the vectors named in messages by names[0..3] (qD, qD2, T,
   output: an option, or "FILE:LINE:COL: key" for a pair file). */
int custom_build_named(svt_runs_t R, const char * qD, const char * qD2,
    const char * T, const char * output, int need_output,
    const char * const * names, char * err, size_t errlen);

/* An output vector has one entry per query.  A run that stopped before
   its last query (the cutoff, a `stop`) is written with its outputs and
   then this marker ("bot,top,stop"); one that ended because no branch
   held ends with the output `end` instead.  A shorter vector without
   either is an error: a missing entry is a typo. */
#define CUSTOM_STOP_MARK "stop"

/* Reads "key = value" lines (qD, qD2, T, output; # comments) from path;
   the strings are flint_malloc'ed (NULL when absent).  Errors name
   file:line. */
int custom_read_file(const char * path, char ** qD, char ** qD2, char ** T,
    char ** output, char * err, size_t errlen);
/* The same from len bytes of text in memory, named name in errors (the
   file reader and the fuzz target share it).  On error nothing is
   allocated. */
int custom_read_text(const char * text, size_t len, const char * name,
    char ** qD, char ** qD2, char ** T, char ** output, char * err,
    size_t errlen);

/* The same, with where each value is written: place[k] = { line,
   column } for qD, qD2, T, output (k = 0..3; untouched when absent). */
int custom_read_file_at(const char * path, char ** qD, char ** qD2,
    char ** T, char ** output, int (*place)[2], char * err, size_t errlen);
int custom_read_text_at(const char * text, size_t len, const char * name,
    char ** qD, char ** qD2, char ** T, char ** output, int (*place)[2],
    char * err, size_t errlen);

/* the limits of a pair file: 64 MiB, lines of 64 KiB */
#define CUSTOM_MAX_FILE ((size_t) 1 << 26)
#define CUSTOM_MAX_LINE 65534

/* the largest number of queries --max-over-outputs enumerates */
#define CUSTOM_MAX_ENUM 16

/* undecided outputs listed by name (the count is always exact) */
#define MAXOUT_LIST_UNDECIDED 16

typedef struct
{
    ratio_result_t best;        /* the output with the largest loss */
    svt_runs_t best_runs;
    lossmax_t agg;              /* every output's ratio, none dropped */
    slong outputs;              /* how many outputs were enumerated */
    slong impossible;           /* of them: impossible, or probability
                                   exactly 0 on both datasets */
    int numeric_searched;       /* numbers were optimised on a grid */
    int partial;                /* a program whose runs can end early in a
                                   way the outputs do not show: the
                                   enumeration cannot certify `within` */
    char ** undecided;          /* the first undecided outputs */
    slong nundecided;           /* how many outputs are undecided */
    verdict_t verdict;          /* lossmax_verdict of agg */
    slong work;                 /* the work of its ratios (ratio_result) */
    int timed_out;              /* a ratio was stopped by the time guard */
}
maxout_struct;

void maxout_init(maxout_struct * mo);
void maxout_clear(maxout_struct * mo);
int maxout_run(maxout_struct * mo, const svt_model_t M, const svt_runs_t R,
    const ratio_opt * opt, char * err, size_t errlen);

/* writes the outputs of R as "bot,top,0.5" into a new string (as
   --output reads them: ",stop" after a run that stopped with queries
   left) */
char * custom_output_string(const svt_runs_t R);
/* the same, with " (then the run stops, queries left)" when R->stops:
   for people (the string above is what --output and --file read) */
char * custom_output_describe(const svt_runs_t R);

#endif
