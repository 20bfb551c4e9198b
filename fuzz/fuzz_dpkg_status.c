/* libFuzzer target: var/lib/dpkg/status stanzas. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

static bool jg_fuzz_want_all(const char *name)
{
    return name[0] != 'x';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    json_t *out = json_object();
    jg_parse_dpkg_status(text, size, jg_fuzz_want_all, out);
    json_decref(out);
    return 0;
}
