#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/check.h"
#include "gate/junit.h"
#include "schema/check.h"
#include "schema/probe.h"

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

static const char *or_empty(const char *s)
{
    return s ? s : "";
}

static void count(const json_t *checks, int *fail, int *err, int *skip)
{
    json_t *n = jg_check_counts(checks, false);
    *fail = (int)JG_INT(counts, n, fail, 0);
    *err = (int)JG_INT(counts, n, error, 0);
    *skip = (int)(JG_INT(counts, n, skip, 0) + JG_INT(counts, n, unsupported, 0));
    json_decref(n);
}

/* The failure's message: the check's reason, and the CUDA error it carries
 * (name, code and the call that returned it) so a CI page shows which. */
static void put_message(FILE *f, const char *st, const json_t *c)
{
    if (strcmp(st, "unsupported") == 0)
        fputs("unsupported: ", f);
    put_escaped(f, or_empty(JG_STR(check, c, reason)));
    char cuda[256];
    if (*jg_cuda_error_text(jg_check_cuda_error(c), cuda, sizeof cuda)) {
        fputs(" [", f);
        put_escaped(f, cuda);
        fputs("]", f);
    }
}

static void put_case(FILE *f, const char *gate, const json_t *c)
{
    const char *st = or_empty(JG_STR(check, c, status));
    fputs("    <testcase classname=\"", f);
    put_escaped(f, gate);
    fputs("\" name=\"", f);
    put_escaped(f, or_empty(JG_STR(check, c, id)));
    fprintf(f, "\" time=\"%.3f\">\n", JG_NUM(check, c, duration_s));
    const char *tag = strcmp(st, "fail") == 0    ? "failure"
                      : strcmp(st, "error") == 0 ? "error"
                      : strcmp(st, "pass") == 0  ? NULL
                                                 : "skipped";
    if (tag) {
        fprintf(f, "      <%s message=\"", tag);
        put_message(f, st, c);
        fprintf(f, "\"/>\n");
    } else {
        fputs("      <system-out>", f);
        put_escaped(f, or_empty(JG_STR(check, c, reason)));
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
