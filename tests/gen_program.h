/* gen_program.h -- random programs over the whole grammar of
   variants/PROGRAMS.md (our .svt programs, Report Noisy Max, and DiPAut's
   .dipa automata with one to three registers), for the property tests of
   tests/test_generated.c.

   Deterministic: the text depends on the seed only (its own small PRNG,
   splitmix64).  The text is meant for the library's own readers
   (svt_variant_parse, svt_variant_parse_dipa); a program the reader
   refuses is possible but rare. */

#ifndef SVT_GEN_PROGRAM_H
#define SVT_GEN_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

/* the constructs a program uses (bits of gen_info.features) */
enum
{
    GEN_F_SEVERAL_STATES = 0,
    GEN_F_SEVERAL_ANSWERS,
    GEN_F_ELIF,
    GEN_F_ELSE,
    GEN_F_NO_ELSE,
    GEN_F_RANGE,
    GEN_F_ABS,
    GEN_F_AND,
    GEN_F_OFFSET,
    GEN_F_STRICT,
    GEN_F_EXACT,
    GEN_F_GAP,
    GEN_F_NOISY_OUT,
    GEN_F_FRESH_OUT,
    GEN_F_LABEL,
    GEN_F_NOTHING,
    GEN_F_COST_GT1,
    GEN_F_COUNTER_CONST,
    GEN_F_COUNTER_C,
    GEN_F_STOP,
    GEN_F_GOTO,
    GEN_F_RESET_NOISE,
    GEN_F_RESET_ANSWER,
    GEN_F_MONOTONE,
    GEN_F_GAUSSIAN,
    GEN_F_ARGMAX_LAPLACE,
    GEN_F_ARGMAX_EXP,
    GEN_F_ARGMAX_VALUE,
    GEN_F_DIPA,
    GEN_F_DIPA_1REG,
    GEN_F_DIPA_2REG,
    GEN_F_DIPA_3REG,
    GEN_F_DIPA_NONINPUT,
    GEN_F_DIPA_PRIME,
    GEN_F_DIPA_ASSIGN_GUARDED,
    GEN_F_DIPA_EXIT,
    GEN_F_ABS_QUERY,
    GEN_F_COUNT
};

typedef struct
{
    int dipa;               /* 1: the text is a .dipa automaton */
    uint64_t features;      /* bit GEN_F_x set when the program uses x */
}
gen_info;

/* the name of feature bit f */
const char * gen_feature_name(int f);

/* Writes the program of `seed` into buf (NUL-terminated; a program is at
   most a few KB, 8192 bytes always suffice).  Returns the length, or -1
   when buf is too small. */
int gen_program(char * buf, size_t len, uint64_t seed, gen_info * info);

/* the generator's PRNG, for the tests' own random choices */
typedef struct
{
    uint64_t s;
}
gen_rng;

void gen_rng_seed(gen_rng * r, uint64_t seed);
uint64_t gen_next(gen_rng * r);
/* uniform in [lo, hi] */
long gen_range(gen_rng * r, long lo, long hi);
/* 1 with probability num/den */
int gen_chance(gen_rng * r, long num, long den);

#endif
