/* Issue body: a sanitized summary of evidence records for a contributor's
 * report. Allow-listed fields only (never the raw files, run ids, refs or
 * file paths), free text scrubbed, counts recomputed from the checks. */
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "report/report.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/policy.h"
#include "util/scrub.h"
#include "util/json.h"

/* A version-like or identifier-like value is printed as is; anything else
 * goes through the scrubber. */
static void value(FILE *f, const json_t *obj, const jg_field *field)
{
    const json_t *v = jg_doc_node(obj, field);
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
    static const struct {
        const char *label;
        enum jgf_platform field;
    } rows[] = {
        {"Module", JGF_platform_module_name},   {"Module part", JGF_platform_module_part},
        {"Memory class", JGF_platform_memory_class}, {"SoC", JGF_platform_soc},
        {"Compute capability", JGF_platform_compute_capability}, {"Architecture", JGF_platform_arch},
        {"Jetson", JGF_platform_is_jetson},      {"JetPack", JGF_platform_jetpack},
        {"Jetson Linux (L4T)", JGF_platform_l4t}, {"OS", JGF_platform_os},
        {"CUDA toolkit", JGF_platform_cuda_toolkit},
        {"CUDA driver version", JGF_platform_driver_version},
        {"cuDNN", JGF_platform_cudnn},          {"TensorRT", JGF_platform_tensorrt},
        {"GPU", JGF_platform_gpu_name},          {"PyTorch", JGF_platform_torch},
        {"PyTorch CUDA", JGF_platform_torch_cuda}};
    fprintf(f, "| Platform | |\n|---|---|\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fprintf(f, "| %s | ", rows[i].label);
        value(f, pl, &jg_fields_platform[rows[i].field]);
        fprintf(f, " |\n");
    }
}

static void checks(FILE *f, const json_t *pred)
{
    const json_t *cs = JG_OBJS(pred, pred, checks);
    json_t *n = jg_check_counts(cs, false);
    fprintf(f, "\nChecks: %zu total, %lld pass, %lld fail, %lld skip, %lld unsupported, %lld error "
               "(counted from the check list).\n\n",
            json_array_size(cs), JG_INT(counts, n, pass, 0), JG_INT(counts, n, fail, 0),
            JG_INT(counts, n, skip, 0), JG_INT(counts, n, unsupported, 0),
            JG_INT(counts, n, error, 0));
    json_decref(n);
    size_t shown = 0;
    for (size_t i = 0; i < json_array_size(cs); i++) {
        const json_t *c = json_array_get(cs, i);
        const char *st = JG_STR(check, c, status);
        if (st && strcmp(st, "pass") == 0)
            continue;
        if (shown++ == 0)
            fprintf(f, "| Check | Status | Reason |\n|---|---|---|\n");
        fputs("| ", f);
        value(f, c, JG_FIELD(check, id));
        fputs(" | ", f);
        value(f, c, JG_FIELD(check, status));
        fputs(" | ", f);
        value(f, c, JG_FIELD(check, reason));
        fputs(" |\n", f);
    }
    if (shown == 0)
        fprintf(f, "Every check passed.\n");
}

static void one(FILE *f, const struct jg_report_in *in, const json_t *doc, size_t i)
{
    const json_t *pred = JG_OBJ(stmt, doc, predicate);
    fprintf(f, "### Evidence %zu: gate ", i + 1);
    value(f, pred, JG_FIELD(pred, gate));
    fputs(", status ", f);
    value(f, pred, JG_FIELD(pred, status));
    fputs("\n\n- Commit: ", f);
    value(f, JG_OBJ(pred, pred, commit), JG_FIELD(commit, sha));
    fputs("\n- Event: ", f);
    value(f, JG_OBJ(pred, pred, run), JG_FIELD(run, event));
    fputs("\n- Finished: ", f);
    value(f, pred, JG_FIELD(pred, finished_at));
    fputs("\n- jetgate: ", f);
    value(f, JG_OBJ(pred, pred, tool), JG_FIELD(tool, version));
    /* The tier this hardware is; whether its software matches is the claim's question. */
    const json_t *platform_doc = JG_NODE(pred, pred, platform);
    const json_t *tier = jg_policy_tier_for_hardware(in->policy, platform_doc);
    fprintf(f, "\n- Matching tier: %s\n\n", tier ? JG_STR(tier, tier, name) : "none");
    platform(f, platform_doc);
    checks(f, pred);
    fputc('\n', f);
}

void jg_report_issue_body(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Jetson runtime report\n\n"
               "Made with `jetgate report --issue-body`. Host names, user names, addresses, "
               "serial numbers and local paths are left out.\n\n");
    for (size_t i = 0; i < in->n; i++) {
        json_t *doc = jg_report_record(in, i); /* one at a time: bounded memory */
        if (doc)
            one(f, in, doc, i);
        json_decref(doc);
    }
}
