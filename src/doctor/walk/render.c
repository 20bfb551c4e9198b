/* The walk as text: one line per step (mark, step, what it means), then what
 * was measured, then the experiment that tested it. */
#include <stdio.h>

#include "schema/doctor.h"
#include "doctor/walk/walk.h"

static const char *mark(enum jg_walk_status s, bool utf8)
{
    switch (s) {
    case JG_WS_PASS: return utf8 ? "[✓]" : "[ok]";
    case JG_WS_WARN: return "[!]";
    case JG_WS_FAIL: return utf8 ? "[✗]" : "[x]";
    case JG_WS_ABSENT: return "[-]";
    default: return "[?]";
    }
}

void jg_walk_render(FILE *f, const json_t *walk, bool utf8)
{
    if (!json_array_size(walk))
        return;
    fputs("\nLayer walk (bottom up; each step measured on this host):\n", f);
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
    {
        enum jg_walk_status st = jg_walk_step_status(s);
        fprintf(f, "%s %s: %s%s\n", mark(st, utf8), JG_STR(walkstep, s, step),
                st == JG_WS_NOT_VERIFIED ? "not verified: " : st == JG_WS_ABSENT ? "absent: " : "",
                JG_STR(walkstep, s, why) ? JG_STR(walkstep, s, why) : "");
        size_t k;
        json_t *m;
        json_array_foreach(JG_STRS(walkstep, s, measured), k, m)
            fprintf(f, "      measured: %s\n", json_string_value(m));
        const json_t *x = JG_OBJ(walkstep, s, experiment);
        if (x)
            fprintf(f, "      experiment: %s: %s (%s)\n", JG_EXPERIMENT_STR(x, change),
                    JG_EXPERIMENT_STR(x, result), JG_EXPERIMENT_STR(x, detail));
    }
}
