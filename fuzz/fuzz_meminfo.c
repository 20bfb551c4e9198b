/* libFuzzer target: proc/meminfo fields. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    unsigned long long v;
    jg_parse_meminfo(text, size, "MemTotal", &v);
    jg_parse_meminfo(text, size, "MemAvailable", &v);
    return 0;
}
