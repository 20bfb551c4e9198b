/* JUnit XML both ways: counting a project's pytest --junitxml report (expat),
 * and writing the gate's checks for CI test viewers. */
#ifndef JG_GATE_JUNIT_H
#define JG_GATE_JUNIT_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct jg_junit_counts {
    long long tests, failures, errors, skipped; /* per testcase */
    long long cases; /* <testcase> elements (= tests) */
    int suites;      /* outermost testsuite elements */
} jg_junit_counts;

/* Counts per <testcase> (a testcase with a <failure>, <error> or <skipped>
 * child counts once for each kind it holds) and checks them against the
 * suite's attributes (summed over the outermost <testsuite> elements, or
 * <testsuites>' own when it holds none): when the suite states counts, they
 * must agree. Returns 0, or -1 with err naming the line and column of
 * malformed XML, a bad count, a DOCTYPE or entity declaration (always
 * refused), or the disagreement. */
int jg_junit_count(const char *xml, size_t len, jg_junit_counts *out, char *err, size_t errlen);

/* The counts are a non-empty, all-green run: tests > 0, nothing failed,
 * errored or was skipped. */
bool jg_junit_green(const jg_junit_counts *k);

/* The checks as one JUnit document (malloc'd): skip/unsupported -> <skipped/>,
 * fail -> <failure>, error -> <error>; all text XML-escaped. */
char *jg_junit_render(const char *gate_id, const json_t *checks);

#endif
