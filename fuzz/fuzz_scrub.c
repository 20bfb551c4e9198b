/* libFuzzer target: the one scrubber (util/scrub.c) on arbitrary bytes, in
 * each profile (issue body, evidence free text and value, quoted line) and
 * the credential test the environment policy uses. */
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
    free(jg_scrub_text(NULL, s, JG_SCRUB_FREE_TEXT));
    free(jg_scrub_text(NULL, s, JG_SCRUB_VALUE));
    char line[256];
    jg_scrub_line(s, line, sizeof line);
    (void)jg_scrub_has_credential(s);
    free(s);
    return 0;
}
