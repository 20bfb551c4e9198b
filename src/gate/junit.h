/* JUnit XML both ways: counting a project's pytest --junitxml report (expat),
 * and writing the gate's checks for CI test viewers. */
#ifndef JG_GATE_JUNIT_H
#define JG_GATE_JUNIT_H
#include <jansson.h>
#include <stddef.h>

typedef struct jg_junit_counts {
    long long tests, failures, errors, skipped;
    int suites; /* testsuite elements counted */
} jg_junit_counts;

/* Sums tests/failures/errors/skipped over the outermost <testsuite> elements,
 * or over <testsuites> when it holds no <testsuite>. Returns 0, or -1 with
 * err naming the line and column of malformed XML or a bad count. */
int jg_junit_count(const char *xml, size_t len, jg_junit_counts *out, char *err, size_t errlen);

/* The checks as one JUnit document (malloc'd): skip/unsupported -> <skipped/>,
 * fail -> <failure>, error -> <error>; all text XML-escaped. */
char *jg_junit_render(const char *gate_id, const json_t *checks);

#endif
