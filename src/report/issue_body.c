/* Issue body: a sanitized summary of evidence records for a contributor's
 * report. Allow-listed fields only (never the raw files, run ids, refs or
 * file paths), free text scrubbed, counts recomputed from the checks. */
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "report/report.h"
#include "util/scrub.h"
#include "util/json.h"

/* A version-like or identifier-like value is printed as is; anything else
 * goes through the scrubber. */
static void value(FILE *f, const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    if (json_is_integer(v)) {
        fprintf(f, "%lld", (long long)json_integer_value(v));
        return;
    }
    if (json_is_boolean(v)) {
        fputs(json_is_true(v) ? "yes" : "no", f);
        return;
    }
    const char *s = json_string_value(v);
    bool plain = s && strlen(s) < 64 && strspn(s, "0123456789abcdefghijklmnopqrstuvwxyz"
                                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ.+_-") == strlen(s);
    if (plain) {
        fputs(s, f);
        return;
    }
    char *clean = jg_scrub_issue(s);
    fputs(clean ? clean : "unknown", f);
    free(clean);
}

static void platform(FILE *f, const json_t *pl)
{
    static const char *const rows[][2] = {
        {"Module", "module_name"},   {"Module part", "module_part"},
        {"Memory class", "memory_class"}, {"SoC", "soc"},
        {"Compute capability", "compute_capability"}, {"Architecture", "arch"},
        {"Jetson", "is_jetson"},      {"JetPack", "jetpack"},
        {"Jetson Linux (L4T)", "l4t"}, {"OS", "os"},
        {"CUDA toolkit", "cuda_toolkit"}, {"CUDA driver version", "driver_version"},
        {"cuDNN", "cudnn"},          {"TensorRT", "tensorrt"},
        {"GPU", "gpu_name"},          {"PyTorch", "torch"},
        {"PyTorch CUDA", "torch_cuda"}};
    fprintf(f, "| Platform | |\n|---|---|\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fprintf(f, "| %s | ", rows[i][0]);
        value(f, pl, rows[i][1]);
        fprintf(f, " |\n");
    }
}

static void checks(FILE *f, const json_t *pred)
{
    static const char *const kinds[] = {"pass", "fail", "skip", "unsupported", "error"};
    const json_t *cs = json_object_get(pred, "checks");
    size_t n[5] = {0};
    for (size_t i = 0; i < json_array_size(cs); i++) {
        const char *st = jg_json_str(json_array_get(cs, i), "status");
        for (size_t k = 0; st && k < 5; k++)
            n[k] += strcmp(st, kinds[k]) == 0;
    }
    fprintf(f, "\nChecks: %zu total, %zu pass, %zu fail, %zu skip, %zu unsupported, %zu error "
               "(counted from the check list).\n\n",
            json_array_size(cs), n[0], n[1], n[2], n[3], n[4]);
    size_t shown = 0;
    for (size_t i = 0; i < json_array_size(cs); i++) {
        const json_t *c = json_array_get(cs, i);
        const char *st = jg_json_str(c, "status");
        if (st && strcmp(st, "pass") == 0)
            continue;
        if (shown++ == 0)
            fprintf(f, "| Check | Status | Reason |\n|---|---|---|\n");
        fputs("| ", f);
        value(f, c, "id");
        fputs(" | ", f);
        value(f, c, "status");
        fputs(" | ", f);
        value(f, c, "reason");
        fputs(" |\n", f);
    }
    if (shown == 0)
        fprintf(f, "Every check passed.\n");
}

static void one(FILE *f, const struct jg_report_in *in, const json_t *doc, size_t i)
{
    const json_t *pred = json_object_get(doc, "predicate");
    fprintf(f, "### Evidence %zu: gate ", i + 1);
    value(f, pred, "gate");
    fputs(", status ", f);
    value(f, pred, "status");
    fputs("\n\n- Commit: ", f);
    value(f, json_object_get(pred, "commit"), "sha");
    fputs("\n- Event: ", f);
    value(f, json_object_get(pred, "run"), "event");
    fputs("\n- Finished: ", f);
    value(f, pred, "finished_at");
    fputs("\n- jetgate: ", f);
    value(f, json_object_get(pred, "tool"), "version");
    /* The tier this hardware is; whether its software matches is the claim's question. */
    const json_t *tier = jg_policy_tier_for_hardware(in->policy, json_object_get(pred, "platform"));
    fprintf(f, "\n- Matching tier: %s\n\n", tier ? jg_json_str(tier, "name") : "none");
    platform(f, json_object_get(pred, "platform"));
    checks(f, pred);
    fputc('\n', f);
}

void jg_report_issue_body(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Jetson runtime report\n\n"
               "Made with `jetgate report --issue-body`. Host names, user names, addresses, "
               "serial numbers and local paths are left out.\n\n");
    for (size_t i = 0; i < in->n; i++)
        one(f, in, in->evidence[i], i);
}
