/* libFuzzer target: etc/nv_tegra_release (L4T release line and extra KEY=value lines). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    jg_l4t_release r = {0};
    jg_parse_tegra_release(text, size, &r);
    json_decref(r.extra);
    return 0;
}
