/* junit.h -- JUnit XML for CI systems: `verify check --junit FILE` and
   `verify all --junit FILE` write one test case per variant and
   construction (the classname is the variant), so that a CI server
   shows the certified verdicts natively. */

#ifndef SVT_JUNIT_H
#define SVT_JUNIT_H

#include <stdio.h>
#include <flint/flint.h>

#define JUNIT_PASS 0
#define JUNIT_FAILURE 1     /* a certified violation of the claim */
#define JUNIT_ERROR 2       /* undecided at the precision cap */
#define JUNIT_SKIPPED 3     /* the construction does not apply */

typedef struct
{
    char * classname, * name, * message;
    int outcome;
    double seconds;
}
junit_case_struct;

typedef struct
{
    FILE * f;               /* opened before any work */
    char * path;
    junit_case_struct * cases;
    slong len, alloc;
    double t0;              /* when it was opened: the suite's time is the
                               wall time from there (a summary case repeats
                               the time of the cases it sums up) */
}
junit_struct;

typedef junit_struct junit_t[1];

void junit_init(junit_t J);
void junit_clear(junit_t J);
/* Opens (and empties) path for writing; 0, or -1 with a one-line
   message. */
int junit_open(junit_t J, const char * path, char * err, size_t errlen);
/* Adds a case (message may be NULL for a pass). */
void junit_add(junit_t J, const char * classname, const char * name,
    int outcome, const char * message, double seconds);
/* Writes the suite (its time: the wall time since junit_open) and closes
   the file; 0, or -1 when the write failed. */
int junit_write(junit_t J, const char * suite);

#endif
