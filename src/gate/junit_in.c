/* Reading a project's JUnit report (pytest --junitxml and friends). Judged
 * twice: per <testcase> (its <failure>, <error>, <skipped> children) and per
 * suite (the outermost <testsuite> attributes, else <testsuites>'), and the
 * two must agree: a suite that says failures="0" around a failing testcase
 * is a contradiction, never a pass. DOCTYPE and entity declarations are
 * refused before expat expands anything: JUnit has no use for them, and the
 * expat of JetPack 4 and 5 (2.2.5, 2.2.9) has no defence against nested
 * entity expansion. */
#include <expat.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/junit.h"

/* expat 2.9 deprecates XML_GetCurrent{Line,Column}Number for 64-bit forms
 * that older expat (2.2.5 on JetPack 4) lacks. */
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 9)
#define JG_XML_LINE(p) ((unsigned long)XML_GetCurrentLineNumber64(p))
#define JG_XML_COLUMN(p) ((unsigned long)XML_GetCurrentColumnNumber64(p))
#else
#define JG_XML_LINE(p) ((unsigned long)XML_GetCurrentLineNumber(p))
#define JG_XML_COLUMN(p) ((unsigned long)XML_GetCurrentColumnNumber(p))
#endif

typedef struct parse_state {
    XML_Parser parser;
    jg_junit_counts suites, top, cases; /* suite sums, <testsuites>' own, per-testcase */
    bool suite_attrs, top_attrs;         /* whether any count attribute was present */
    int suite_depth;                     /* nesting of <testsuite> elements */
    int case_depth;                      /* inside a <testcase> */
    bool case_failed, case_errored, case_skipped;
    bool bad;
    char *err;
    size_t errlen;
} parse_state;

static void stop(parse_state *s, const char *why)
{
    snprintf(s->err, s->errlen, "line %lu, column %lu: %s",
             JG_XML_LINE(s->parser),
             JG_XML_COLUMN(s->parser), why);
    s->bad = true;
    XML_StopParser(s->parser, XML_FALSE);
}

static bool parse_count(const char *v, long long *out)
{
    if (!*v)
        return false;
    long long n = 0;
    for (const char *p = v; *p; p++) {
        if (*p < '0' || *p > '9' || n > 1000000000LL)
            return false;
        n = n * 10 + (*p - '0');
    }
    *out = n;
    return true;
}

static void add_attrs(parse_state *s, const char **attr, jg_junit_counts *into, bool *seen)
{
    static const char *const names[] = {"tests", "failures", "errors", "skipped"};
    long long *slots[] = {&into->tests, &into->failures, &into->errors, &into->skipped};
    for (size_t i = 0; attr[i]; i += 2)
        for (size_t k = 0; k < 4; k++) {
            if (strcmp(attr[i], names[k]) != 0)
                continue;
            long long n;
            if (!parse_count(attr[i + 1], &n)) {
                char why[96];
                snprintf(why, sizeof why, "%s=\"%.40s\" is not a count", names[k], attr[i + 1]);
                stop(s, why);
                return;
            }
            *slots[k] += n;
            *seen = true;
        }
}

static void on_start(void *ud, const char *name, const char **attr)
{
    parse_state *s = ud;
    if (strcmp(name, "testsuite") == 0) {
        if (s->suite_depth++ == 0) {
            s->suites.suites++;
            add_attrs(s, attr, &s->suites, &s->suite_attrs);
        }
    } else if (strcmp(name, "testsuites") == 0) {
        add_attrs(s, attr, &s->top, &s->top_attrs);
    } else if (strcmp(name, "testcase") == 0) {
        if (s->case_depth++ == 0)
            s->case_failed = s->case_errored = s->case_skipped = false;
    } else if (s->case_depth > 0) {
        s->case_failed |= strcmp(name, "failure") == 0;
        s->case_errored |= strcmp(name, "error") == 0;
        s->case_skipped |= strcmp(name, "skipped") == 0;
    }
}

static void on_end(void *ud, const char *name)
{
    parse_state *s = ud;
    if (strcmp(name, "testsuite") == 0)
        s->suite_depth--;
    if (strcmp(name, "testcase") != 0 || --s->case_depth != 0)
        return;
    s->cases.tests++;
    s->cases.failures += s->case_failed;
    s->cases.errors += s->case_errored;
    s->cases.skipped += s->case_skipped;
}

static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid,
                               const XML_Char *pubid, int has_internal_subset)
{
    (void)name, (void)sysid, (void)pubid, (void)has_internal_subset;
    stop(ud, "a JUnit report declares no DOCTYPE (refused: entity declarations could expand "
             "without bound)");
}

static void XMLCALL on_entity(void *ud, const XML_Char *name, int is_param,
                              const XML_Char *value, int value_length, const XML_Char *base,
                              const XML_Char *sysid, const XML_Char *pubid,
                              const XML_Char *notation)
{
    (void)name, (void)is_param, (void)value, (void)value_length, (void)base, (void)sysid,
        (void)pubid, (void)notation;
    stop(ud, "a JUnit report declares no entities (refused)");
}

/* Suite attributes (when any) against the testcases; -1 with err on disagreement. */
static int agree(parse_state *s, jg_junit_counts *out)
{
    bool attrs = s->suites.suites > 0 ? s->suite_attrs : s->top_attrs;
    const jg_junit_counts *suite = s->suites.suites > 0 ? &s->suites : &s->top;
    *out = s->cases;
    out->suites = s->suites.suites;
    out->cases = s->cases.tests;
    if (!attrs)
        return 0;
    if (suite->tests == s->cases.tests && suite->failures == s->cases.failures &&
        suite->errors == s->cases.errors && suite->skipped == s->cases.skipped)
        return 0;
    snprintf(s->err, s->errlen,
             "the suite says %lld tests, %lld failures, %lld errors, %lld skipped but its "
             "testcases show %lld, %lld, %lld, %lld: the report contradicts itself",
             suite->tests, suite->failures, suite->errors, suite->skipped, s->cases.tests,
             s->cases.failures, s->cases.errors, s->cases.skipped);
    return -1;
}

int jg_junit_count(const char *xml, size_t len, jg_junit_counts *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    parse_state s = {.err = err, .errlen = errlen};
    s.parser = XML_ParserCreate("UTF-8");
    if (!s.parser) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    XML_SetUserData(s.parser, &s);
    XML_SetElementHandler(s.parser, on_start, on_end);
    XML_SetStartDoctypeDeclHandler(s.parser, on_doctype);
    XML_SetEntityDeclHandler(s.parser, on_entity);
    int ok = XML_Parse(s.parser, xml, (int)len, XML_TRUE) == XML_STATUS_OK;
    if (!ok && !s.bad)
        snprintf(err, errlen, "line %lu, column %lu: %s",
                 JG_XML_LINE(s.parser),
                 JG_XML_COLUMN(s.parser),
                 XML_ErrorString(XML_GetErrorCode(s.parser)));
    XML_ParserFree(s.parser);
    if (!ok || s.bad)
        return -1;
    return agree(&s, out);
}

bool jg_junit_green(const jg_junit_counts *k)
{
    return k->tests > 0 && k->cases == k->tests && k->failures == 0 && k->errors == 0 &&
           k->skipped == 0;
}
