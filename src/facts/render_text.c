/* Facts as a readable checklist: a headline "Model: ... - JetPack x [L4T y]",
 * then Hardware / Platform / Libraries / Container / GPU sections of
 * "- Name: value" lines. Every status reads as words, never as a bare null. */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/render.h"
#include "util/json.h"

/* An ok value as text: strings as-is, booleans yes/no, arrays joined. */
static void value_text(const json_t *v, char *buf, size_t size)
{
    buf[0] = '\0';
    if (json_is_string(v))
        snprintf(buf, size, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(buf, size, "%s", json_is_true(v) ? "yes" : "no");
    else if (json_is_array(v)) {
        size_t i, o = 0;
        json_t *e;
        json_array_foreach(v, i, e) {
            const char *s = json_is_string(e) ? json_string_value(e) : "?";
            int w = snprintf(buf + o, size - o, "%s%s", i ? ", " : "", s);
            if (w < 0 || (size_t)w >= size - o)
                break;
            o += (size_t)w;
        }
        if (i == 0)
            snprintf(buf, size, "none");
    } else if (json_is_object(v)) {
        const char *k;
        json_t *e;
        size_t o = 0;
        snprintf(buf, size, "none");
        json_object_foreach((json_t *)v, k, e) {
            const char *s = json_is_string(e) ? json_string_value(e) : "?";
            int w = snprintf(buf + o, size - o, "%s%s=%s", o ? ", " : "", k, s);
            if (w < 0 || (size_t)w >= size - o)
                break;
            o += (size_t)w;
        }
    }
}

const char *jg_fact_text(const json_t *fact, const char *missing_text, char *buf, size_t size)
{
    const char *st = jg_fact_status(fact);
    const char *reason = json_string_value(json_object_get(fact, "reason"));
    const char *err = json_string_value(json_object_get(fact, "error"));
    const char *note = json_string_value(json_object_get(fact, "note"));
    const char *disputed = json_string_value(json_object_get(fact, "disputed"));
    if (disputed) { /* a value another public source contradicts is shown as disputed */
        char inner[512];
        json_t *plain = json_deep_copy(fact);
        json_object_del(plain, "disputed");
        jg_fact_text(plain, missing_text, inner, sizeof inner);
        json_decref(plain);
        snprintf(buf, size, "%s [disputed: %s]", inner, disputed);
        return buf;
    }
    if (!st)
        snprintf(buf, size, "unknown (not collected)");
    else if (strcmp(st, "ok") == 0) {
        char v[512];
        value_text(json_object_get(fact, "value"), v, sizeof v);
        snprintf(buf, size, note ? "%s (%s)" : "%s", v, note);
    } else if (strcmp(st, "missing") == 0)
        snprintf(buf, size, "%s", missing_text);
    else if (strcmp(st, "unreadable") == 0)
        snprintf(buf, size, "unreadable (%s)", err ? err : "?");
    else if (strcmp(st, "not_probed") == 0)
        snprintf(buf, size, "not probed (%s)", reason ? reason : "?");
    else
        snprintf(buf, size, "%s (%s)", st, reason ? reason : "?");
    return buf;
}

static void line(FILE *f, const json_t *doc, const char *label, const char *path, const char *missing)
{
    char buf[768];
    fprintf(f, " - %s: %s\n", label, jg_fact_text(jg_json_at(doc, path), missing, buf, sizeof buf));
}

static void headline(FILE *f, const json_t *doc)
{
    const char *model = jg_fact_str(doc, "module.model");
    if (!model)
        model = jg_fact_str(doc, "module.name");
    const char *jp = jg_fact_str(doc, "jetpack.version");
    const char *l4t = jg_fact_str(doc, "l4t.version");
    fprintf(f, "Model: %s - JetPack %s [L4T %s]\n", model ? model : "unknown", jp ? jp : "unknown",
            l4t ? l4t : "unknown");
    json_t *why = jg_json_at(doc, "jetson.why");
    char w[768];
    value_text(why, w, sizeof w);
    fprintf(f, "Jetson: %s (%s)\n",
            json_is_true(jg_fact_value(jg_json_at(doc, "jetson.is_jetson"))) ? "yes" : "no", w);
}

static void hardware(FILE *f, const json_t *doc)
{
    fprintf(f, "Hardware:\n");
    line(f, doc, "Model", "module.model", "missing");
    line(f, doc, "Module", "module.name", "missing");
    line(f, doc, "Family", "module.family", "missing");
    line(f, doc, "Part number", "module.part_number", "missing");
    line(f, doc, "Revision", "module.revision", "missing");
    line(f, doc, "Carrier", "module.carrier", "missing");
    line(f, doc, "Super", "module.super", "missing");
    line(f, doc, "Memory class", "module.memory_class", "missing");
    line(f, doc, "SoC", "module.soc", "missing");
    line(f, doc, "Compute capability", "module.compute_capability", "missing");
    line(f, doc, "Compatible", "module.compatible", "missing");
    line(f, doc, "DTS file name", "module.dtsfilename", "not present");
    line(f, doc, "Board ids", "module.boardids", "not present");
    line(f, doc, "Tegra chip id", "module.tegra_chip_id", "not present");
    line(f, doc, "soc0 family", "module.soc0_family", "not present");
    line(f, doc, "soc0 soc_id", "module.soc0_soc_id", "not present");
    line(f, doc, "Identified by", "module.identified_by", "missing");
}

static void platform(FILE *f, const json_t *doc)
{
    fprintf(f, "Platform:\n");
    line(f, doc, "Architecture", "host.arch", "missing");
    line(f, doc, "Kernel", "host.kernel", "missing");
    line(f, doc, "Distribution", "host.os.pretty_name", "missing");
    line(f, doc, "Memory total (bytes)", "host.memory.total_bytes", "missing");
    line(f, doc, "Memory available (bytes)", "host.memory.available_bytes", "missing");
    line(f, doc, "Unified memory", "host.unified_memory", "missing");
    line(f, doc, "L4T release line", "l4t.release_line", "missing");
    line(f, doc, "L4T", "l4t.version", "missing");
    line(f, doc, "Board", "l4t.board", "missing");
    line(f, doc, "Release file extras", "l4t.extra", "missing");
    line(f, doc, "nvidia-l4t-core", "l4t.core_package", "not installed");
    line(f, doc, "JetPack (from L4T)", "jetpack.version", "missing");
    line(f, doc, "nvidia-jetpack", "jetpack.package", "not installed");
    line(f, doc, "JetPack agrees", "jetpack.agrees", "missing");
}

static void libraries(FILE *f, const json_t *doc)
{
    fprintf(f, "Libraries:\n");
    line(f, doc, "CUDA", "cuda.toolkit", "not installed");
    line(f, doc, "CUDA link", "cuda.toolkit_link", "not installed");
    line(f, doc, "cuDNN", "cuda.cudnn", "not installed");
    line(f, doc, "TensorRT", "cuda.tensorrt", "not installed");
    const char *name;
    json_t *fact;
    json_object_foreach(jg_json_at(doc, "packages"), name, fact) {
        char buf[512];
        fprintf(f, " - %s: %s\n", name, jg_fact_text(fact, "not installed", buf, sizeof buf));
    }
}

static void container(FILE *f, const json_t *doc)
{
    fprintf(f, "Container:\n");
    line(f, doc, "Inside a container", "container.inside", "missing");
    line(f, doc, "Signs", "container.signs", "missing");
    line(f, doc, "NVIDIA runtime", "container.nvidia_runtime", "missing");
    line(f, doc, "Device tree masked", "container.device_tree_masked", "missing");
}

static void gpu(FILE *f, const json_t *doc)
{
    fprintf(f, "GPU:\n");
    line(f, doc, "Driver family", "gpu.driver_family", "missing");
    size_t i;
    json_t *n;
    json_array_foreach(jg_fact_value(jg_json_at(doc, "gpu.nodes")), i, n) {
        if (!json_is_true(json_object_get(n, "present")))
            continue;
        json_t *op = json_object_get(n, "openable");
        const char *err = json_string_value(json_object_get(n, "error"));
        fprintf(f, " - %s: present%s, %s%s%s\n", json_string_value(json_object_get(n, "path")),
                json_is_true(json_object_get(n, "char_device")) ? " (char device)" : " (not a device)",
                json_is_null(op) ? "open not tried" : json_is_true(op) ? "openable" : "not openable",
                err ? ": " : "", err ? err : "");
    }
}

/* A live layer: a not_probed fact, or a probe result with status and reason. */
static void layer(FILE *f, const json_t *doc, const char *label, const char *key)
{
    json_t *l = json_object_get(doc, key);
    const char *st = json_string_value(json_object_get(l, "status"));
    const char *reason = json_string_value(json_object_get(l, "reason"));
    const char *err = json_string_value(json_object_get(l, "error"));
    if (st && strcmp(st, "not_probed") == 0)
        fprintf(f, "%s: not probed (%s)\n", label, reason ? reason : "?");
    else if (st)
        fprintf(f, "%s: %s (%s)\n", label, st, reason ? reason : "");
    else if (err)
        fprintf(f, "%s: error (%s)\n", label, err);
    else if (json_is_object(jg_json_at(l, "torch"))) {
        const char *tv = jg_json_str(l, "torch.version"), *tc = jg_json_str(l, "torch.cuda");
        const json_t *avail = jg_json_at(l, "torch.cuda_available");
        /* The facts' Python layer reads versions without importing torch, so
         * availability is unknown there, not "no". */
        fprintf(f, "%s: Python %s, torch %s (CUDA build %s, available: %s)\n", label,
                jg_json_str(l, "python.version") ? jg_json_str(l, "python.version") : "?",
                tv ? tv : "not importable", tc ? tc : "none",
                json_is_boolean(avail) ? (json_is_true(avail) ? "yes" : "no")
                                       : "not probed, torch not imported");
    } else
        fprintf(f, "%s: unknown\n", label);
}

void jg_facts_print_text(FILE *f, const json_t *doc)
{
    headline(f, doc);
    hardware(f, doc);
    platform(f, doc);
    libraries(f, doc);
    container(f, doc);
    gpu(f, doc);
    layer(f, doc, "CUDA driver", "cuda_driver");
    layer(f, doc, "Python", "python");
}
