#include "doctor/render.h"

#include <langinfo.h>
#include <locale.h>
#include <string.h>

#include "doctor/finding.h"
#include "util/msg.h"
#include "util/json.h"

bool jg_locale_utf8(void)
{
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static const char *mark(const char *status, bool utf8)
{
    if (strcmp(status, "ok") == 0)
        return utf8 ? "[✓]" : "[ok]";
    if (strcmp(status, "error") == 0)
        return utf8 ? "[✗]" : "[x]";
    return "[!]";
}

/* ANSI colour for a mark: only on a terminal and without NO_COLOR. */
static void print_mark(FILE *f, const char *status, bool utf8)
{
    const char *m = mark(status, utf8);
    if (!jg_use_color(f)) {
        fputs(m, f);
        return;
    }
    const char *c = strcmp(status, "ok") == 0 ? "32" : strcmp(status, "error") == 0 ? "31" : "33";
    fprintf(f, "\033[%sm%s\033[0m", c, m);
}

static void print_finding(FILE *f, const json_t *x, bool verbose)
{
    fprintf(f, "    - %s\n", jg_json_str(x, "summary"));
    if (!verbose && strcmp(jg_json_str(x, "severity"), "info") == 0)
        return;
    fprintf(f, "      fix: %s\n", jg_json_str(x, "fix"));
    if (!verbose)
        return;
    fprintf(f, "      id: %s (%s, confidence %s)\n", jg_json_str(x, "id"),
            jg_json_str(x, "severity"), jg_json_str(x, "confidence"));
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(x, "evidence"), i, e)
        fprintf(f, "      evidence: %s\n", json_string_value(e));
}

static void print_layer(FILE *f, const json_t *d, int l, bool verbose, bool utf8)
{
    const char *name = jg_layer_name(l);
    json_t *layer = json_object_get(json_object_get(d, "layers"), name);
    const char *status = jg_json_str(layer, "status");
    print_mark(f, status, utf8);
    fprintf(f, " %s", name);
    if (strcmp(status, "not_verified") == 0)
        fputs(": not verified (no CUDA kernel ran)", f);
    fputc('\n', f);
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(d, "findings"), i, x)
    {
        bool info = strcmp(jg_json_str(x, "severity"), "info") == 0;
        if (strcmp(jg_json_str(x, "layer"), name) == 0 && (verbose || !info))
            print_finding(f, x, verbose);
    }
}

/* What the doctor tried: each experiment changed one thing and re-ran a probe. */
static void print_experiments(FILE *f, const json_t *d)
{
    const json_t *list = json_object_get(d, "experiments");
    if (!json_array_size(list))
        return;
    fputs("\nExperiments (one setting changed, the probe re-run):\n", f);
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e)
        fprintf(f, "    - %s: %s (%s)\n", jg_json_str(e, "change"), jg_json_str(e, "result"),
                jg_json_str(e, "detail"));
}

void jg_render_checklist(FILE *f, const char *title, const json_t *d, bool verbose, bool utf8)
{
    fprintf(f, "%s (facts: %s)\n", title, jg_json_str(d, "facts_mode"));
    for (int l = 0; l < JG_L_COUNT; l++)
        print_layer(f, d, l, verbose, utf8);
    print_experiments(f, d);
    json_t *top = json_array_get(json_object_get(d, "findings"), 0);
    if (json_is_true(json_object_get(d, "blocking")))
        fprintf(f, "\nCUDA is blocked. Most likely cause: %s (%s): %s\n", jg_json_str(top, "layer"),
                jg_json_str(top, "id"), jg_json_str(top, "summary"));
    else if (json_is_true(json_object_get(d, "healthy")))
        fputs("\nNo blocking problem; a real CUDA kernel ran.\n", f);
    else
        fputs("\nNo blocking problem found, but CUDA is not verified (no kernel ran).\n", f);
}
