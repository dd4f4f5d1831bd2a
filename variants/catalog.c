/* catalog.c -- the built-in variants: the spec files of variants/specs,
   embedded at build time (build/gen/builtin_specs.c). */

#include <stdio.h>
#include <string.h>
#include "svt.h"

extern const char * const svt_builtin_spec_file[];
extern const char * const svt_builtin_spec_text[];
extern const int svt_builtin_spec_count;

void
svt_catalog_init(svt_catalog_t cat)
{
    slong i;
    char err[512];
    cat->len = svt_builtin_spec_count;
    cat->v = flint_malloc(FLINT_MAX(cat->len, 1) * sizeof(svt_variant_struct));
    for (i = 0; i < cat->len; i++)
        if (svt_variant_parse(cat->v + i, svt_builtin_spec_text[i],
                svt_builtin_spec_file[i], err, sizeof(err)) != 0)
        {
            /* the built-in specs are part of the program and tested */
            fprintf(stderr, "internal error: %s\n", err);
            flint_abort();
        }
        else
            cat->v[i].builtin = 1;
}

void
svt_catalog_clear(svt_catalog_t cat)
{
    slong i;
    for (i = 0; i < cat->len; i++)
        svt_variant_clear(cat->v + i);
    flint_free(cat->v);
}

slong
svt_catalog_count(const svt_catalog_t cat)
{
    return cat->len;
}

const svt_variant_struct *
svt_catalog_get(const svt_catalog_t cat, slong i)
{
    if (i < 0 || i >= cat->len)
        return NULL;
    return cat->v + i;
}

const svt_variant_struct *
svt_catalog_find(const svt_catalog_t cat, const char * name)
{
    slong i;
    for (i = 0; i < cat->len; i++)
        if (strcmp(cat->v[i].name, name) == 0)
            return cat->v + i;
    return NULL;
}
