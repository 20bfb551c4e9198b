/* libFuzzer target: usr/local/cuda/version.json and version.txt. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    char ver[64];
    jg_parse_cuda_version_json(text, size, ver, sizeof ver);
    jg_parse_cuda_version_txt(text, size, ver, sizeof ver);
    return 0;
}
