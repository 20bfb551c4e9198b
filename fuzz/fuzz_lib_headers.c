/* libFuzzer target: cudnn_version.h and NvInferVersion.h. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "facts/parsers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    char ver[64];
    jg_parse_cudnn_header(text, size, ver, sizeof ver);
    jg_parse_tensorrt_header(text, size, ver, sizeof ver);
    return 0;
}
