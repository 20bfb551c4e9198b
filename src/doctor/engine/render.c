#include "doctor/render.h"

#include <langinfo.h>
#include <locale.h>
#include <string.h>

#include "doctor/engine/finding.h"
#include "util/msg.h"
#include "doctor/walk/walk.h"

bool jg_locale_utf8(void)
{
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static const char *mark(int status, bool utf8)
{
    if (status == JG_LS_OK)
        return utf8 ? "[✓]" : "[ok]";
    if (status == JG_LS_ERROR)
        return utf8 ? "[✗]" : "[x]";
    return "[!]";
}

/* ANSI colour for a mark: only on a terminal and without NO_COLOR. */
static void print_mark(FILE *f, int status, bool utf8)
{
    const char *m = mark(status, utf8);
    if (!jg_use_color(f)) {
        fputs(m, f);
        return;
    }
    const char *c = status == JG_LS_OK ? "32" : status == JG_LS_ERROR ? "31" : "33";
    fprintf(f, "\033[%sm%s\033[0m", c, m);
}

static bool is_info(const json_t *finding)
{
    return jg_severity_index(JG_FINDING_STR(finding, severity)) == JG_SEV_INFO;
}

static void print_finding(FILE *f, const json_t *x, bool verbose)
{
    fprintf(f, "    - %s\n", JG_FINDING_STR(x, summary));
    if (!verbose && is_info(x))
        return;
    fprintf(f, "      fix: %s\n", JG_FINDING_STR(x, fix));
    if (!verbose)
        return;
    fprintf(f, "      id: %s (%s, confidence %s)\n", JG_FINDING_STR(x, id),
            JG_FINDING_STR(x, severity), JG_FINDING_STR(x, confidence));
    size_t i;
    json_t *e;
    json_array_foreach(JG_FINDING_LIST(x, evidence), i, e)
        fprintf(f, "      evidence: %s\n", json_string_value(e));
}

static void print_layer(FILE *f, const json_t *d, int l, bool verbose, bool utf8)
{
    const char *name = jg_layer_name(l);
    json_t *layer = json_object_get(JG_RESULT_OBJ(d, layers), name);
    int status = jg_layer_status_index(JG_LAYER_ENTRY_STR(layer, status));
    print_mark(f, status, utf8);
    fprintf(f, " %s", name);
    if (status == JG_LS_NOT_VERIFIED)
        fputs(": not verified (no CUDA kernel ran)", f);
    fputc('\n', f);
    size_t i;
    json_t *x;
    json_array_foreach(JG_RESULT_LIST(d, findings), i, x)
    {
        if (jg_layer_index(JG_FINDING_STR(x, layer)) == l && (verbose || !is_info(x)))
            print_finding(f, x, verbose);
    }
}

/* What the doctor tried: each experiment changed one thing and re-ran a probe. */
static void print_experiments(FILE *f, const json_t *d)
{
    const json_t *list = JG_RESULT_LIST(d, experiments);
    if (!json_array_size(list))
        return;
    fputs("\nExperiments (one setting changed, the probe re-run):\n", f);
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e)
        fprintf(f, "    - %s: %s (%s)\n", JG_EXPERIMENT_STR(e, change), JG_EXPERIMENT_STR(e, result),
                JG_EXPERIMENT_STR(e, detail));
}

void jg_render_checklist(FILE *f, const char *title, const json_t *d, bool verbose, bool utf8)
{
    fprintf(f, "%s (facts: %s)\n", title, JG_RESULT_STR(d, facts_mode));
    for (int l = 0; l < JG_L_COUNT; l++)
        print_layer(f, d, l, verbose, utf8);
    jg_walk_render(f, JG_RESULT_LIST(d, walk), utf8);
    print_experiments(f, d);
    json_t *top = json_array_get(JG_RESULT_LIST(d, findings), 0);
    if (jg_walk_no_gpu(JG_RESULT_LIST(d, walk))) { /* a plain answer, no driver blame */
        const char *sum = JG_FINDING_STR(top, summary);
        fprintf(f, "\nN%s\nWhat to do: %s\n", sum && *sum ? sum + 1 : "o NVIDIA GPU here",
                JG_FINDING_STR(top, fix));
        return;
    }
    /* a project-layer error stops the run but is no fault of the CUDA stack: the headline
     * must not say CUDA is blocked when the finding itself says CUDA works */
    bool project = jg_layer_index(JG_FINDING_STR(top, layer)) == JG_L_PROJECT;
    if (JG_RESULT_BOOL(d, blocking) == 1)
        fprintf(f, "\n%s Most likely cause: %s (%s): %s\n",
                project ? "Blocked, but not by the CUDA stack." : "CUDA is blocked.",
                JG_FINDING_STR(top, layer), JG_FINDING_STR(top, id), JG_FINDING_STR(top, summary));
    else if (JG_RESULT_BOOL(d, healthy) == 1)
        fputs("\nNo blocking problem; a real CUDA kernel ran.\n", f);
    else
        fputs("\nNo blocking problem found, but CUDA is not verified (no kernel ran).\n", f);
}
