/* A maintainer-ready Markdown reply to a pasted report (jetgate triage
 * --reply): the diagnosis in one sentence, the quoted lines that show it, the
 * fix for that platform, what to run next, and what the report does not say. */
#include "doctor/reply.h"

#include <string.h>

#include "util/json.h"

static const json_t *first_diagnosis(const json_t *d)
{
    size_t i;
    json_t *f;
    json_array_foreach(json_object_get(d, "findings"), i, f)
    {
        const char *sev = jg_json_str(f, "severity");
        if (sev && strcmp(sev, "info") != 0)
            return f;
    }
    return NULL;
}

/* Evidence strings "what = line N: text" quote the report; others are facts. */
static void print_evidence(FILE *out, const json_t *f)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(f, "evidence"), i, e)
    {
        const char *s = json_string_value(e);
        const char *at = s ? strstr(s, " = line ") : NULL;
        if (at)
            fprintf(out, "> %s\n", strchr(at + 8, ':') ? strchr(at + 8, ':') + 2 : at + 3);
        else if (s)
            fprintf(out, "- `%s`\n", s);
    }
}

static void print_unknowns(FILE *out, const json_t *facts, const json_t *d)
{
    fputs("\n**What this report does not show:**\n", out);
    int n = 0;
    if (!jg_json_at(facts, "l4t.version") && !jg_json_at(facts, "jetpack.version")) {
        fputs("- the L4T / JetPack release (`head -1 /etc/nv_tegra_release` on a Jetson)\n", out);
        n++;
    }
    if (!jg_json_at(facts, "python.torch.version")) {
        fputs("- the torch build (`python3 -c 'import torch; print(torch.__version__, "
              "torch.version.cuda, torch.cuda.is_available())'`)\n", out);
        n++;
    }
    if (!jg_json_at(facts, "container.inside") && !jg_json_at(facts, "observed.docker") &&
        !jg_json_at(facts, "observed.images") &&
        !jg_json_at(facts, "observed.signals.image_platform_mismatch")) {
        fputs("- whether this ran in a container (and with `--runtime nvidia`)\n", out);
        n++;
    }
    if (!json_is_true(json_object_get(d, "kernel_ran"))) {
        fputs("- whether a CUDA kernel actually runs (`is_available()` alone proves nothing)\n", out);
        n++;
    }
    if (!n)
        fputs("- nothing essential; the doctor on the device can still confirm it\n", out);
}

void jg_render_reply(FILE *out, const json_t *d, const json_t *facts)
{
    const json_t *f = first_diagnosis(d);
    if (f) {
        fprintf(out, "**Diagnosis** (%s, confidence %s): %s.\n\n", jg_json_str(f, "layer"),
                jg_json_str(f, "confidence"), jg_json_str(f, "summary"));
        fputs("**What shows it:**\n\n", out);
        print_evidence(out, f);
        fprintf(out, "\n**Fix:** %s\n", jg_json_str(f, "fix"));
    } else {
        fputs("**Diagnosis:** nothing in this report shows a broken layer of the CUDA stack.\n", out);
    }
    fputs("\n**Next:** on the device, run `jetgate doctor -v` and paste its output: it runs a "
          "real CUDA kernel and re-runs a failing probe with one setting changed (a variable, a "
          "library path entry, the interpreter) to prove the cause.\n",
          out);
    print_unknowns(out, facts, d);
}
