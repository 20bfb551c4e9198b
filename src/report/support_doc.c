/* The support document (markdown): the matrix with each tier's status from
 * the given evidence, install steps per tier, and what unified memory means
 * in practice. Wording follows the plan: a tier is never "ARM64". */
#include <stdlib.h>
#include <string.h>

#include "report/render.h"
#include "report/report.h"
#include "report/scrub.h"
#include "util/json.h"

static void status_cell(FILE *f, const json_t *st)
{
    if (json_is_true(json_object_get(st, "claimed")))
        fprintf(f, "claimed on commit `%.12s`%s", jg_json_str(st, "commit"),
                jg_json_str(st, "scope"));
    else {
        char *why = jg_scrub(jg_json_str(st, "why")); /* may quote evidence values */
        /* A waiver's text already reads "not claimed (waived until ..., issue ...)". */
        fprintf(f, "%s%s", json_is_true(json_object_get(st, "waived")) ? "" : "not claimed: ",
                why ? why : "unknown");
        free(why);
    }
}

static void matrix_table(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Support matrix\n\n"
               "| Tier | Module | JetPack / Jetson Linux | Ubuntu / CUDA | PyTorch source | "
               "bitsandbytes | Status |\n|---|---|---|---|---|---|---|\n");
    const json_t *tiers = json_object_get(in->policy, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        const json_t *t = json_array_get(tiers, i);
        char *parts = jg_render_join(jg_json_at(t, "hardware.module_parts"), ", ");
        const char *mem = jg_json_str(t, "hardware.memory_class");
        fprintf(f, "| %s (%s) | %s: %s, %s, CC %s | %s / L4T %s | %s / %s | ",
                jg_json_str(t, "name"), jg_json_str(t, "level"), parts, mem ? mem : "memory varies",
                jg_json_str(t, "hardware.soc"), jg_json_str(t, "hardware.compute_capability"),
                jg_json_str(t, "software.jetpack"), jg_json_str(t, "software.l4t"),
                jg_json_str(t, "software.ubuntu"), jg_json_str(t, "software.cuda"));
        if (jg_json_str(t, "pytorch.pin"))
            fprintf(f, "%s `%s`", jg_json_str(t, "pytorch.kind"), jg_json_str(t, "pytorch.pin"));
        else
            fprintf(f, "not pinned");
        fprintf(f, " | %s | ", jg_json_str(t, "bitsandbytes"));
        json_t *st = jg_report_tier_status(in, t);
        status_cell(f, st);
        fprintf(f, " |\n");
        json_decref(st);
        free(parts);
    }
    fprintf(f, "\nGeneric ARM64 (linux/aarch64) builds show only that the code imports and its CPU "
               "tests pass; they are not Jetson CUDA support. Results from x86_64 CUDA hosts are "
               "not Jetson evidence either. A tier is claimed only with passing, non-skipped "
               "`jetson-runtime` evidence from that tier's hardware on the exact commit, at most "
               "%d days old.\n\n",
            (int)json_integer_value(jg_json_at(in->policy, "evidence.max_age_days")));
}

static void flashed_host(FILE *f, const json_t *t)
{
    fprintf(f, "On a flashed Jetson (JetPack %s), keep NVIDIA's PyTorch visible and never let pip "
               "replace it:\n\n```sh\npython3 -m venv --system-site-packages .venv\n"
               ". .venv/bin/activate\n",
            jg_json_str(t, "software.jetpack"));
    /* The wheel pin, or a container pin's native fallback; its sha256 when published. */
    const json_t *pt = json_object_get(t, "pytorch");
    const json_t *wheel = strcmp(jg_json_str(pt, "kind"), "wheel") == 0
                              ? pt : json_object_get(pt, "fallback");
    const char *sha = jg_json_str(wheel, "sha256");
    if (wheel && sha)
        fprintf(f, "pip install '%s#sha256=%s'\n", jg_json_str(wheel, "pin"), sha);
    else if (wheel)
        fprintf(f, "# sha256 of this wheel: unknown (no public source gives it), so pip "
                   "cannot verify the download\npip install '%s'\n",
                jg_json_str(wheel, "pin"));
    fprintf(f, "jetgate constraints > jetson-constraints.txt   # pins the installed vendor torch\n"
               "pip install -c jetson-constraints.txt .        # or: uv pip install --constraint "
               "jetson-constraints.txt .\n```\n\n");
}

static void container(FILE *f, const json_t *t)
{
    if (strcmp(jg_json_str(t, "pytorch.kind"), "container") == 0)
        fprintf(f, "In a container, build from the pinned image and install the project without "
                   "touching its torch:\n\n```dockerfile\nFROM %s%s%s\nCOPY . /src\n"
                   "RUN jetgate constraints > /tmp/c.txt && pip install -c /tmp/c.txt /src\n"
                   "```\n\nRun it with the NVIDIA runtime (`--runtime nvidia`) so the GPU "
                   "devices and driver libraries are mounted.\n\n",
                jg_json_str(t, "pytorch.pin"), jg_json_str(t, "pytorch.digest") ? "@" : "",
                jg_json_str(t, "pytorch.digest") ? jg_json_str(t, "pytorch.digest") : "");
    else
        fprintf(f, "Container: this tier pins a wheel, not an image. Until the policy pins an "
                   "exact NVIDIA Jetson container for JetPack %s, use the flashed-host path.\n\n",
                jg_json_str(t, "software.jetpack"));
}

static void install(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Install\n\n");
    const json_t *tiers = json_object_get(in->policy, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        const json_t *t = json_array_get(tiers, i);
        fprintf(f, "### %s (%s)\n\n", jg_json_str(t, "name"), jg_json_str(t, "level"));
        if (!json_is_object(json_object_get(t, "pytorch")))
            fprintf(f, "No PyTorch source is pinned for this tier, so there are no supported "
                       "install steps yet. %s\n\n",
                    jg_json_str(t, "evidence"));
        else {
            flashed_host(f, t);
            container(f, t);
        }
        if (strcmp(jg_json_str(t, "bitsandbytes"), "unsupported") == 0)
            fprintf(f, "bitsandbytes is unsupported on this tier: the PyPI aarch64 wheels target "
                       "server ARM, not Jetson. The constraints exclude it until a pinned build "
                       "passes the gate.\n\n");
    }
}

static void memory(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Unified memory in practice\n\n"
               "A Jetson has no separate GPU memory: one DRAM pool is shared by the operating "
               "system, CUDA, model weights, activations and the file cache. \"64 GB\" on an AGX "
               "Orin 64 GB is a capacity class, not memory a model can count on.\n\n");
    const json_t *tiers = json_object_get(in->policy, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++)
        fprintf(f, "- %s: %s\n", jg_json_str(json_array_get(tiers, i), "name"),
                jg_json_str(json_array_get(tiers, i), "memory_notes"));
    fprintf(f, "\n## Validate with small models first\n\n"
               "Start with a small model to prove the CUDA path (`jetgate doctor`, then "
               "`jetgate run`), watch memory while it runs, and only then try larger models. "
               "Move large ablation runs to dedicated CUDA hosts.\n");
}

void jg_report_support_doc(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "# NVIDIA Jetson support\n\n"
               "Generated by `jetgate report --support-doc` from the %s.\n\n",
            in->policy_name);
    matrix_table(f, in);
    install(f, in);
    memory(f, in);
}
