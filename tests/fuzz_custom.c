/* fuzz_custom.c -- libFuzzer target for the custom-pair reader: the
   "key = value" text of a --file, then the vectors it names built into
   runs (make fuzz-custom; a short run is part of make test). */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "custom.h"

int
LLVMFuzzerTestOneInput(const uint8_t * data, size_t size)
{
    char * qD, * qD2, * T, * out;
    char err[1024];
    svt_runs_t R;
    if (custom_read_text((const char *) data, size, "fuzz.txt", &qD, &qD2,
            &T, &out, err, sizeof(err)) != 0)
    {
        if (strncmp(err, "fuzz.txt", 8) != 0 || strchr(err, '\n') != NULL)
            abort();    /* every error names the file, on one line */
        return 0;
    }
    svt_runs_init(R);
    if (custom_build(R, qD, qD2, T, out, 0, err, sizeof(err)) == 0)
    {
        /* what was built is consistent: lengths add up */
        if (svt_runs_length(R) == 0)
            abort();
    }
    else if (err[0] == '\0' || strchr(err, '\n') != NULL)
        abort();
    svt_runs_clear(R);
    flint_free(qD);
    flint_free(qD2);
    flint_free(T);
    flint_free(out);
    flint_cleanup();
    return 0;
}
