/* test_unbounded.c -- the proofs that a program's loss has no bound
   (verify/prove_unbounded.h) on programs of our own format and on the
   built-in variants; the DiPA automata are in test_dipa.c. */

#include <math.h>
#include <string.h>
#include "svt.h"
#include "align.h"
#include "search.h"
#include "prove_unbounded.h"
#include "testlib.h"

/* The restart proof on a program of our own format (not DiPA): Alg. 2
   without its counter redraws its threshold at every top, so each top
   adds k = ln P(N_y - N_rho >= 0) / P(N_y - N_rho >= 1), N_y ~ Lap(4),
   N_rho ~ Lap(2): 0.17885857082816774162 (mpmath quad). */
Test(unbounded, program_restart_proved_unbounded, .timeout = 300)
{
    restart_result_t W;
    int coupled;
    restart_result_init(W);
    cr_assert(unbounded_on(W, "tests/programs/alg2-no-counter.svt", &coupled));
    cr_assert(!coupled);
    cr_assert(strstr(W->proof, "redrawn") != NULL, "%s", W->proof);
    k_contains(W, 0.17885857082816774162, 1e-12, "alg2-no-counter");
    restart_result_clear(W);
}
