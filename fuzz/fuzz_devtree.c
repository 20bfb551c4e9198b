/* libFuzzer target: device-tree model and compatible (NUL-separated) strings. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    char model[256];
    jg_parse_dt_model(text, size, model, sizeof model);
    json_t *list = NULL;
    if (!jg_parse_dt_compatible(text, size, &list) && list) {
        jg_dt_ids ids;
        jg_dt_identify(list, &ids);
    }
    json_decref(list);
    return 0;
}
