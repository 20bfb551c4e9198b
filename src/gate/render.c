#include "gate/render.h"

#include <string.h>

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
    const json_t *p = json_object_get(ev, "predicate");
    bool color = jg_use_color(f);
    const char *status = jg_json_str(p, "status");
    fprintf(f, "gate %s at commit %.12s%s: ", jg_json_str(p, "gate"), jg_json_str(p, "commit.sha"),
            json_is_true(jg_json_at(p, "commit.dirty")) ? " (dirty tree)" : "");
    put_status(f, status ? status : "?", 0, color);
    fputc('\n', f);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(p, "reasons"), i, v) {
        fprintf(f, "  - %s\n", json_string_value(v));
    }
    fputc('\n', f);
    json_array_foreach(json_object_get(p, "checks"), i, v) {
        fputs("  ", f);
        put_status(f, jg_json_str(v, "status"), 12, color);
        fprintf(f, "%-22s %s %s\n", jg_json_str(v, "id"),
                json_is_true(json_object_get(v, "required")) ? "*" : " ", jg_json_str(v, "reason"));
    }
    const json_t *c = json_object_get(p, "counts");
    fprintf(f, "\n  (* required)  %lld checks: %lld pass, %lld fail, %lld error, %lld skip, "
               "%lld unsupported\n",
            json_integer_value(json_object_get(c, "total")),
            json_integer_value(json_object_get(c, "pass")),
            json_integer_value(json_object_get(c, "fail")),
            json_integer_value(json_object_get(c, "error")),
            json_integer_value(json_object_get(c, "skip")),
            json_integer_value(json_object_get(c, "unsupported")));
    if (where)
        fprintf(f, "evidence: %s\n", where);
}
