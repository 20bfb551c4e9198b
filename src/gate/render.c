#include "gate/render.h"

#include <string.h>

#include "schema/check.h"
#include "schema/evidence.h"
#include "util/json.h"
#include "util/msg.h"

static const char *color_for(const char *status)
{
    if (strcmp(status, "pass") == 0 || strcmp(status, "passed") == 0)
        return "\033[32m";
    if (strcmp(status, "skip") == 0 || strcmp(status, "unsupported") == 0 ||
        strcmp(status, "not_run") == 0)
        return "\033[33m";
    return "\033[31m";
}

static void put_status(FILE *f, const char *status, int width, bool color)
{
    if (color)
        fprintf(f, "%s%-*s\033[0m", color_for(status), width, status);
    else
        fprintf(f, "%-*s", width, status);
}

void jg_gate_print_text(FILE *f, const json_t *ev, const char *where)
{
    const json_t *p = JG_OBJ(stmt, ev, predicate);
    bool color = jg_use_color(f);
    const char *status = JG_STR(pred, p, status);
    const json_t *commit = JG_OBJ(pred, p, commit);
    fprintf(f, "gate %s at commit %.12s%s: ", JG_STR(pred, p, gate), JG_STR(commit, commit, sha),
            JG_BOOL(commit, commit, dirty) == 1 ? " (dirty tree)" : "");
    put_status(f, status ? status : "?", 0, color);
    fputc('\n', f);
    size_t i;
    json_t *v;
    json_array_foreach(JG_STRS(pred, p, reasons), i, v) {
        fprintf(f, "  - %s\n", json_string_value(v));
    }
    fputc('\n', f);
    json_array_foreach(JG_OBJS(pred, p, checks), i, v) {
        fputs("  ", f);
        put_status(f, JG_STR(check, v, status), 12, color);
        fprintf(f, "%-22s %s %s\n", JG_STR(check, v, id), JG_BOOL(check, v, required) == 1 ? "*" : " ",
                JG_STR(check, v, reason));
    }
    const json_t *c = JG_OBJ(pred, p, counts);
    fprintf(f, "\n  (* required)  %lld checks: %lld pass, %lld fail, %lld error, %lld skip, "
               "%lld unsupported\n",
            JG_INT(counts, c, total, 0), JG_INT(counts, c, pass, 0), JG_INT(counts, c, fail, 0),
            JG_INT(counts, c, error, 0), JG_INT(counts, c, skip, 0),
            JG_INT(counts, c, unsupported, 0));
    if (where)
        fprintf(f, "evidence: %s\n", where);
}
