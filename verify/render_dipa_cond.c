/* render_dipa_cond.c -- the DiPA condition of an automaton whose loss has
   no proved bound (variants/dipa_cond.h), as one line of text or a JSON
   field: a fact of the automaton's graph by DiPAut's definitions, shown
   beside the certified numbers, never in their place. */

#include <string.h>
#include "dipa_cond.h"
#include "render.h"
#include "report.h"

#define COND_LEAD "DiPA condition (DiPAut's definition, read off the " \
    "automaton's graph): "

static void
cond_also(char * buf, size_t len, const dipa_cond_struct * C, int status)
{
    size_t at = 0;
    int k;
    buf[0] = '\0';
    for (k = 0; k < DIPA_COND_N; k++)
        if ((int) C->status[k] == status && k != C->first && at + 30 < len)
            at += snprintf(buf + at, len - at, "%s%s", at ? ", " : "",
                dipa_cond_name(k));
}

void
dipa_cond_text(FILE * out, const dipa_automaton_struct * A, int certified)
{
    dipa_cond_t C;
    char also[120], open[120];
    dipa_cond_init(C);
    dipa_cond_find(C, A, 0);
    cond_also(also, sizeof(also), C, DIPA_COND_FOUND);
    cond_also(open, sizeof(open), C, DIPA_COND_UNDECIDED);
    if (C->first != DIPA_COND_NONE)
        fprintf(out, "  " COND_LEAD "%s%s%s%s%s%s -- a structural fact of the "
            "graph, not a number: %s\n", C->text[C->first], also[0] ? "; also "
            : "", also, open[0] ? "; not decided (work budget): " : "", open,
            C->reads_input ? "" : " (no state reads input)", certified
            ? "the certified bounds above are what show the loss"
            : "no certified ratio is computed for this automaton");
    else if (open[0])
        fprintf(out, "  " COND_LEAD "none found; not decided (the augmented "
            "graph outgrew the work budget): %s\n", open);
    else
        fprintf(out, "  " COND_LEAD "none -- no leaking cycle, disclosing "
            "cycle, leaking pair or privacy-violating path (well-formed in "
            "DiPAut's terms, whose graph has no edge for a run that ends "
            "because no guard holds); a structural fact, not a bound\n");
    dipa_cond_clear(C);
}

json_t *
dipa_cond_json(const dipa_automaton_struct * A)
{
    dipa_cond_t C;
    json_t * o = json_object(), * path = json_array(), * all = json_object();
    char def[200];
    int k;
    dipa_cond_init(C);
    dipa_cond_find(C, A, 0);
    json_object_set_new(o, "name", json_string(dipa_cond_name(C->first)));
    snprintf(def, sizeof(def), "DiPAut's %s (bhusalb/DiPAut %s), read off "
        "the automaton's augmented graph: a structural fact, not a bound",
        C->first == DIPA_COND_NONE ? "four conditions" : dipa_cond_name(C->first),
        C->first == DIPA_COND_NONE ? "dp_tests/" : dipa_cond_source(C->first));
    json_object_set_new(o, "definition", json_string(def));
    json_object_set_new(o, "witness", C->first == DIPA_COND_NONE ? json_null()
        : json_string(C->text[C->first]));
    for (k = 0; C->first != DIPA_COND_NONE && k < C->npath[C->first]; k++)
    {
        int s = C->path[C->first][k];
        json_array_append_new(path, json_string(s >= 0 ? A->states[s].name
            : "end"));
    }
    json_object_set_new(o, "path", path);
    json_object_set_new(o, "path_truncated", json_boolean(C->first
        != DIPA_COND_NONE && C->path_cut[C->first]));
    for (k = 0; k < DIPA_COND_N; k++)
        json_object_set_new(all, dipa_cond_name(k), json_string(C->status[k]
            == DIPA_COND_FOUND ? "found" : C->status[k] == DIPA_COND_UNDECIDED
            ? "not decided" : "absent"));
    json_object_set_new(o, "conditions", all);
    json_object_set_new(o, "reads_input", json_boolean(C->reads_input));
    dipa_cond_clear(C);
    return o;
}
