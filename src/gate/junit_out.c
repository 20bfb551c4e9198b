#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/junit.h"

/* XML text: the five specials escaped; control characters other than tab and
 * newline dropped (XML 1.0 cannot carry them). */
static void put_escaped(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            if (c >= 0x20 || c == '\t' || c == '\n')
                fputc(c, f);
        }
    }
}

static const char *str(const json_t *c, const char *key)
{
    const char *s = json_string_value(json_object_get(c, key));
    return s ? s : "";
}

static void count(const json_t *checks, int *fail, int *err, int *skip)
{
    size_t i;
    json_t *c;
    *fail = *err = *skip = 0;
    json_array_foreach(checks, i, c) {
        const char *st = str(c, "status");
        *fail += strcmp(st, "fail") == 0;
        *err += strcmp(st, "error") == 0;
        *skip += strcmp(st, "skip") == 0 || strcmp(st, "unsupported") == 0;
    }
}

static void put_case(FILE *f, const char *gate, const json_t *c)
{
    const char *st = str(c, "status");
    fputs("    <testcase classname=\"", f);
    put_escaped(f, gate);
    fputs("\" name=\"", f);
    put_escaped(f, str(c, "id"));
    fprintf(f, "\" time=\"%.3f\">\n", json_number_value(json_object_get(c, "duration_s")));
    const char *tag = strcmp(st, "fail") == 0    ? "failure"
                      : strcmp(st, "error") == 0 ? "error"
                      : strcmp(st, "pass") == 0  ? NULL
                                                 : "skipped";
    if (tag) {
        fprintf(f, "      <%s message=\"", tag);
        if (strcmp(st, "unsupported") == 0)
            fputs("unsupported: ", f);
        put_escaped(f, str(c, "reason"));
        fprintf(f, "\"/>\n");
    } else {
        fputs("      <system-out>", f);
        put_escaped(f, str(c, "reason"));
        fputs("</system-out>\n", f);
    }
    fputs("    </testcase>\n", f);
}

char *jg_junit_render(const char *gate_id, const json_t *checks)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    int nf, ne, ns;
    count(checks, &nf, &ne, &ns);
    size_t n = json_array_size(checks);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"jetgate\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" "
               "skipped=\"%d\">\n", n, nf, ne, ns);
    fputs("  <testsuite name=\"", f);
    put_escaped(f, gate_id);
    fprintf(f, "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n", n, nf, ne, ns);
    size_t i;
    json_t *c;
    json_array_foreach(checks, i, c) {
        put_case(f, gate_id, c);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
    fclose(f);
    return buf;
}
