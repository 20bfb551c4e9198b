/* libFuzzer target: JUnit semantics (issue 10 item 3, issue 15). Beyond
 * "does not crash", the verdict must keep its invariants for any input: a
 * report is green only when non-empty with nothing failed, errored or
 * skipped; every accepted report's testcase and suite counts agree; no count
 * exceeds the number of testcases; a DOCTYPE or ENTITY declaration is never
 * accepted (the same bytes inside a processing instruction, a comment or CDATA
 * are text, and may be). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gate/junit.h"

static int at(const uint8_t *data, size_t size, size_t i, const char *s)
{
    size_t n = strlen(s);
    return i + n <= size && memcmp(data + i, s, n) == 0;
}

/* Does the input hold NEEDLE as markup? Inside a processing instruction, a
 * comment or a CDATA section the same bytes are text, not a declaration. */
static int declares(const uint8_t *data, size_t size, const char *needle)
{
    static const char *const opaque[][2] = {{"<?", "?>"}, {"<!--", "-->"}, {"<![CDATA[", "]]>"}};
    for (size_t i = 0; i < size; i++) {
        size_t k = 0;
        while (k < 3 && !at(data, size, i, opaque[k][0]))
            k++;
        if (k < 3) {
            for (i += strlen(opaque[k][0]); i < size && !at(data, size, i, opaque[k][1]); i++)
                ;
            continue;
        }
        if (at(data, size, i, needle))
            return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_junit_counts k;
    char err[300];
    if (jg_junit_count((const char *)data, size, &k, err, sizeof err) != 0)
        return 0;
    if (declares(data, size, "<!DOCTYPE") || declares(data, size, "<!ENTITY"))
        abort(); /* a declaration was accepted */
    if (k.tests != k.cases || k.failures > k.cases || k.errors > k.cases || k.skipped > k.cases ||
        k.failures < 0 || k.errors < 0 || k.skipped < 0)
        abort();
    if (jg_junit_green(&k) && (k.tests == 0 || k.failures || k.errors || k.skipped))
        abort();
    if (!jg_junit_green(&k) && k.tests > 0 && !k.failures && !k.errors && !k.skipped)
        abort();
    return 0;
}
