/* fuzz_spec.c -- libFuzzer target for the spec and program reader, the
   DiPA reader, the model built from what they read, and the prover for
   DiPA automata of any size on every automaton that reads (a small work
   budget) (make fuzz; a short run is part of make test). */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "svt.h"
#include "dipa_prove.h"

/* builds the model of a variant that was read, then frees both */
static void
model_and_clear(svt_variant_struct * v)
{
    svt_model_t M;
    fmpq_t e, d;
    char err[512];
    fmpq_init(e);
    fmpq_init(d);
    fmpq_set_si(e, 1, 3);
    fmpq_one(d);
    svt_model_init(M);
    svt_model_set(M, v, e, 3, d, NULL, err, sizeof(err));
    svt_model_clear(M);
    fmpq_clear(e);
    fmpq_clear(d);
    svt_variant_clear(v);
}

int
LLVMFuzzerTestOneInput(const uint8_t * data, size_t size)
{
    char * text = malloc(size + 1);
    char err[512];
    svt_variant_struct v;
    memcpy(text, data, size);
    text[size] = '\0';
    if (svt_variant_parse(&v, text, "fuzz.svt", err, sizeof(err)) == 0)
        model_and_clear(&v);
    else if (strncmp(err, "fuzz.svt:", 9) != 0)
        abort();    /* every error names file:line:column */
    /* the same bytes as a DiPA automaton */
    if (svt_variant_parse_dipa(&v, text, "fuzz.dipa", err, sizeof(err)) == 0)
        model_and_clear(&v);
    else if (strncmp(err, "fuzz.dipa:", 10) != 0)
        abort();
    /* the automaton of any size, and its proof */
    {
        dipa_automaton_t A;
        dipa_automaton_init(A);
        if (dipa_read(A, text, "fuzz.dipa", err, sizeof(err)) == 0)
        {
            dipa_proof_t R;
            dipa_proof_init(R);
            dipa_prove(R, A, 20000);
            if (R->proved && fmpq_sgn(R->B) < 0)
                abort();    /* a bound is never negative */
            dipa_proof_clear(R);
        }
        else if (strncmp(err, "fuzz.dipa:", 10) != 0)
            abort();
        dipa_automaton_clear(A);
    }
    free(text);
    flint_cleanup();
    return 0;
}
