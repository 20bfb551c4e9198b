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
    jg_junit_counts suites, top; /* sums over <testsuite>, and <testsuites>' own attributes */
    int suite_depth;             /* nesting of <testsuite> elements */
    bool bad;
    char *err;
    size_t errlen;
} parse_state;

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

static void add_attrs(parse_state *s, const char **attr, jg_junit_counts *into)
{
    static const char *const names[] = {"tests", "failures", "errors", "skipped"};
    long long *slots[] = {&into->tests, &into->failures, &into->errors, &into->skipped};
    for (size_t i = 0; attr[i]; i += 2)
        for (size_t k = 0; k < 4; k++) {
            if (strcmp(attr[i], names[k]) != 0)
                continue;
            long long n;
            if (!parse_count(attr[i + 1], &n)) {
                snprintf(s->err, s->errlen, "line %lu, column %lu: %s=\"%.40s\" is not a count",
                         JG_XML_LINE(s->parser),
                         JG_XML_COLUMN(s->parser), names[k],
                         attr[i + 1]);
                s->bad = true;
                XML_StopParser(s->parser, XML_FALSE);
                return;
            }
            *slots[k] += n;
        }
}

static void on_start(void *ud, const char *name, const char **attr)
{
    parse_state *s = ud;
    if (strcmp(name, "testsuite") == 0) {
        if (s->suite_depth++ == 0) {
            s->suites.suites++;
            add_attrs(s, attr, &s->suites);
        }
    } else if (strcmp(name, "testsuites") == 0) {
        add_attrs(s, attr, &s->top);
    }
}

static void on_end(void *ud, const char *name)
{
    parse_state *s = ud;
    if (strcmp(name, "testsuite") == 0)
        s->suite_depth--;
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
    int ok = XML_Parse(s.parser, xml, (int)len, XML_TRUE) == XML_STATUS_OK;
    if (!ok && !s.bad)
        snprintf(err, errlen, "line %lu, column %lu: %s",
                 JG_XML_LINE(s.parser),
                 JG_XML_COLUMN(s.parser),
                 XML_ErrorString(XML_GetErrorCode(s.parser)));
    XML_ParserFree(s.parser);
    if (!ok || s.bad)
        return -1;
    *out = s.suites.suites > 0 ? s.suites : s.top;
    return 0;
}
