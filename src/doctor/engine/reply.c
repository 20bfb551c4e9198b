/* A maintainer-ready Markdown reply to a pasted report (jetgate triage
 * --reply): the diagnosis in one sentence, the quoted lines that show it, the
 * fix for that platform, what to run next, and what the report does not say. */
#include "doctor/reply.h"

#include <string.h>

#include "doctor/rule.h"
#include "schema/doctor.h"
#include "schema/facts.h"
#include "schema/observed.h"
#include "util/get_jetgate.h"

static const json_t *first_diagnosis(const json_t *d)
{
    size_t i;
    json_t *f;
    json_array_foreach(JG_RESULT_LIST(d, findings), i, f)
    {
        int sev = jg_severity_index(JG_FINDING_STR(f, severity));
        if (sev >= 0 && sev != JG_SEV_INFO)
            return f;
    }
    return NULL;
}

/* Evidence strings "what = line N: text" quote the report; others are facts. */
static void print_evidence(FILE *out, const json_t *f)
{
    size_t i;
    json_t *e;
    json_array_foreach(JG_FINDING_LIST(f, evidence), i, e)
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
    if (!JG_FACT_NODE(facts, l4t_version) && !JG_FACT_NODE(facts, jetpack_version)) {
        fputs("- the L4T / JetPack release (`head -1 /etc/nv_tegra_release` on a Jetson)\n", out);
        n++;
    }
    if (!JG_FACT_NODE(facts, python_torch_version)) {
        fputs("- the torch build (`python3 -c 'import torch; print(torch.__version__, "
              "torch.version.cuda, torch.cuda.is_available())'`)\n", out);
        n++;
    }
    /* the rules' own test of a container, or a container-runtime diagnosis (a docker error) */
    jg_view v;
    jg_view_init(&v, facts);
    const json_t *top = first_diagnosis(d);
    bool runtime = top && jg_layer_index(JG_FINDING_STR(top, layer)) == JG_L_CONTAINER_RUNTIME;
    if (!JG_FACT_NODE(facts, container_inside) && !jg_container_evidenced(&v) && !runtime &&
        !jg_view_signal(&v, JG_SIG_image_platform_mismatch)) {
        fputs("- whether this ran in a container (and with `--runtime nvidia`)\n", out);
        n++;
    }
    if (JG_RESULT_BOOL(d, kernel_ran) != 1) {
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
        fprintf(out, "**Diagnosis** (%s, confidence %s): %s.\n\n", JG_FINDING_STR(f, layer),
                JG_FINDING_STR(f, confidence), JG_FINDING_STR(f, summary));
        fputs("**What shows it:**\n\n", out);
        print_evidence(out, f);
        fprintf(out, "\n**Fix:** %s\n", JG_FINDING_STR(f, fix));
    } else {
        fputs("**Diagnosis:** nothing in this report shows a broken layer of the CUDA stack.\n", out);
    }
    fputs("\n**Next:** on the device, run `jetgate doctor -v` and paste its output: it runs a "
          "real CUDA kernel and re-runs a failing probe with one setting changed (a variable, a "
          "library path entry, the interpreter) to prove the cause.\n",
          out);
    fputs("\n" JG_GET_JETGATE "\n", out);
    print_unknowns(out, facts, d);
}
