/* libFuzzer target: etc/os-release. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    jg_os_release r;
    jg_parse_os_release(text, size, &r);
    return 0;
}
