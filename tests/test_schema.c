/* test_schema.c -- one JSON schema for every mode: each mode's --json
   output is validated, line by line, against the checked-in JSON Schema
   verify/verify-output.schema.json with python3-jsonschema (Debian's
   package, the reference validator), and its shared core is read back
   with jansson. */

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "testlib.h"

#define SCHEMA "verify/verify-output.schema.json"

static const char * validator =
    "import json, sys, jsonschema\n"
    "s = json.load(open(sys.argv[1]))\n"
    "jsonschema.Draft202012Validator.check_schema(s)\n"
    "n = 0\n"
    "for line in open(sys.argv[2]):\n"
    "    if line.strip():\n"
    "        jsonschema.validate(json.loads(line), s, "
    "cls=jsonschema.Draft202012Validator)\n"
    "        n += 1\n"
    "print(n)\n";

/* runs verify ARGS --json into a file, validates every line, checks the
   mode and the verdict of the last line; returns the number of lines */
static long
validate_mode(const char * args, const char * mode, const char * verdict)
{
    char cmd[2048], out[4096], path[128], py[128];
    const char * bin = getenv("VERIFY_BIN");
    FILE * p;
    long n = -1;
    json_t * j;
    json_error_t e;
    char last[65536] = "", line[65536];
    snprintf(path, sizeof(path), "build/schema-%d.jsonl", (int) getpid());
    snprintf(cmd, sizeof(cmd), "%s %s --json > %s", bin ? bin
        : "./build/bin/verify", args, path);
    cr_assert(system(cmd) != -1);
    /* the validator's own file per process: tests run in parallel, and
       one rewriting a shared file while another reads it made the
       reader see an empty script (no output: "printed no JSON") */
    snprintf(py, sizeof(py), "build/schema-validate-%d.py", (int) getpid());
    {
        FILE * v = fopen(py, "w");
        cr_assert(v != NULL);
        fputs(validator, v);
        fclose(v);
    }
    snprintf(cmd, sizeof(cmd), "/usr/bin/python3 %s " SCHEMA " %s 2>&1", py,
        path);
    p = popen(cmd, "r");
    cr_assert(p != NULL);
    out[fread(out, 1, sizeof(out) - 1, p)] = '\0';
    cr_assert_eq(pclose(p), 0, "'%s': not valid against the schema: %s",
        args, out);
    unlink(py);
    n = atol(out);
    cr_assert_geq(n, 1, "'%s' printed no JSON", args);
    /* the last object's core, read back */
    p = fopen(path, "r");
    cr_assert(p != NULL);
    while (fgets(line, sizeof(line), p) != NULL)
        if (line[0] == '{')
            strcpy(last, line);
    fclose(p);
    unlink(path);
    j = json_loads(last, 0, &e);
    cr_assert(j != NULL, "%s", last);
    cr_assert_str_eq(json_string_value(json_object_get(j, "mode")), mode, "%s", args);
    if (verdict != NULL)
        cr_assert_str_eq(json_string_value(json_object_get(j, "verdict")),
            verdict, "%s: %s", args, last);
    cr_assert_eq(json_integer_value(json_object_get(j, "schema_version")), 2);
    json_decref(j);
    return n;
}

Test(schema, the_schema_is_a_valid_schema)
{
    cr_assert_eq(system("/usr/bin/python3 -c 'import json, jsonschema; "
        "jsonschema.Draft202012Validator.check_schema(json.load(open(\""
        SCHEMA "\")))'"), 0);
}

/* verify list --json: the catalogue as JSON (it printed text before) */
Test(schema, list_is_json, .timeout = 60)
{
    static char out[1 << 16];
    json_t * j;
    json_error_t e;
    cr_assert_eq(validate_mode("list", "list", NULL), 1);
    cr_assert_eq(run_cli("list --json", out, sizeof(out)), 0);
    j = json_loads(out, 0, &e);
    cr_assert(j != NULL, "%s", out);
    cr_assert_geq(json_array_size(json_object_get(j, "variants")), 30);
    cr_assert_geq(json_array_size(json_object_get(j, "constructions")), 10);
    json_decref(j);
}

Test(schema, ratio_and_custom, .timeout = 300)
{
    validate_mode("ratio alg1 bottoms", "ratio", "within");
    validate_mode("ratio alg5 swap", "ratio", "infinite");
    validate_mode("ratio alg3 numeric-tail --m 5", "ratio", "exceeds");
    validate_mode("ratio alg1 custom --qD 0,1 --qD2 1,0 --output bot,top",
        "ratio", "within");
    validate_mode("ratio alg1 custom --qD 0,1 --qD2 1,0 --max-over-outputs",
        "max-over-outputs", "within");
    validate_mode("ratio gaussian-svt bottoms", "ratio", "no-claim");
}

Test(schema, sweep_check_all, .timeout = 600)
{
    cr_assert_geq(validate_mode("sweep alg1 bottoms --m-max 100", "sweep",
        "within"), 2);
    /* one object, the grid's cells inside it */
    cr_assert_eq(validate_mode("check alg3 --m-max 10", "check", "unbounded"), 1);
    validate_mode("check alg1 --m-max 10 --c-list 1", "check", "proved");
    cr_assert_geq(validate_mode("all --m-max 3", "all", NULL), 20);
}

Test(schema, search_prove_lint, .timeout = 600)
{
    validate_mode("search alg6 --work 3", "search", "unbounded");
    validate_mode("search alg1 --work 2 --dp-delta 0.1", "search-delta", NULL);
    validate_mode("prove alg1", "prove", "proved");
    validate_mode("prove alg4 --c 2", "prove", "violated");
    validate_mode("lint variants/specs/alg1.svt", "lint", NULL);
    /* DiPA automata beyond the engine: the proof of any size (issue 26) */
    cr_assert_eq(system("mkdir -p build && python3 tests/dipa_families.py "
        "m-range 4 > build/schema-m-range_4.dipa"), 0);
    validate_mode("prove build/schema-m-range_4.dipa", "prove", "proved");
    validate_mode("check build/schema-m-range_4.dipa", "check", "proved");
    validate_mode("lint build/schema-m-range_4.dipa", "lint", NULL);
    /* past what the engine reads (256 registers): the DiPA prover's own
       output, proved (claim 1000) and undecided (claim 1 < B = 5/4) */
    cr_assert_eq(system("(echo '# claimed = 1000'; for i in $(seq 1 256); do "
        "echo \"(q$i:non-input,1/4,0): x$((i-1)) := insample; output oread; "
        "goto q$((i+1))\"; done; echo '(q257,1/2,0): if (insample <= x255) then "
        "output obot; goto q257 elseif (insample >= x255) then output otop; "
        "goto q258') > build/schema-big.dipa && sed 's/^# claimed = 1000/# "
        "claimed = 1/' build/schema-big.dipa > build/schema-big-above.dipa"), 0);
    validate_mode("prove build/schema-big.dipa", "prove", "proved");
    validate_mode("check build/schema-big.dipa", "check", "proved");
    validate_mode("check build/schema-big-above.dipa", "check", "undecided");
}

/* DiPA automata with no bound proved carry "dipa_condition" (the
   schema's definition): engine-sized (prove, check; four registers; a
   claim violated by a proof of no bound alone) and
   beyond the engine (32 registers: prove, check) */
Test(schema, dipa_condition, .timeout = 300)
{
    validate_mode("prove tests/dipa/leaking_pair_loop.dipa", "prove", "unbounded");
    validate_mode("check tests/dipa/leaking_cycle_chained.dipa", "check",
        "unbounded");
    /* violated by a proof of no bound alone (violated_by_proof) */
    cr_assert_eq(system("mkdir -p build && (echo '# claimed = 40'; cat "
        "tests/dipa/num_range.dipa) > build/schema-num-range-far.dipa"), 0);
    validate_mode("check build/schema-num-range-far.dipa", "check", "unbounded");
    validate_mode("prove tests/dipa/cond/leaking_pair_four_registers.dipa",
        "prove", "violated");
    validate_mode("prove tests/dipa/cond/leaking_pair_32_registers.dipa",
        "prove", "undecided");
    validate_mode("check tests/dipa/cond/leaking_pair_32_registers.dipa",
        "check", "undecided");
}

Test(schema, delta_renyi, .timeout = 300)
{
    validate_mode("delta alg1 bottoms --m 5", "delta", "within");
    validate_mode("renyi alg1 bottoms --m 5 --alpha 2", "renyi", NULL);
}
