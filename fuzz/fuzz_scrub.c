/* libFuzzer target: the free-text scrubber of issue bodies (home paths,
 * addresses, UUIDs) on arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/scrub.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    free(jg_scrub_issue(s));
    free(s);
    return 0;
}
