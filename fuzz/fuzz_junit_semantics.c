/* libFuzzer target: JUnit semantics (issue 10 item 3, issue 15). Beyond
 * "does not crash", the verdict must keep its invariants for any input: a
 * report is green only when non-empty with nothing failed, errored or
 * skipped; every accepted report's testcase and suite counts agree; no count
 * exceeds the number of testcases; DOCTYPE/ENTITY input is never accepted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gate/junit.h"

static int has(const uint8_t *data, size_t size, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, needle, n) == 0)
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_junit_counts k;
    char err[300];
    if (jg_junit_count((const char *)data, size, &k, err, sizeof err) != 0)
        return 0;
    if (has(data, size, "<!DOCTYPE") || has(data, size, "<!ENTITY"))
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
