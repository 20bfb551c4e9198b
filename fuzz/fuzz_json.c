/* Strict JSON input (policy, evidence, facts files): never crash, bounded depth. */
#include <stddef.h>
#include <stdint.h>

#include <stdlib.h>

#include "util/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_jerr err;
    json_t *doc = jg_json_parse((const char *)data, size, "fuzz", &err);
    if (doc) {
        char *s = jg_json_string(doc);
        free(s);
        json_decref(doc);
    }
    return 0;
}
