/* Shared by the unit tests: load a JSON file the test depends on, failing
 * the test (with the parser's FILE:LINE:COL message) when it cannot. */
#ifndef JG_TEST_JSON_H
#define JG_TEST_JSON_H
#include "util/json.h"

static inline json_t *jg_test_load(const char *path)
{
    jg_jerr err;
    json_t *doc = jg_json_load(path, 16u << 20, &err);
    if (!doc)
        fail_msg("%s", err.text);
    return doc;
}

#endif
