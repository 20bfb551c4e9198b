/* Facts as a readable checklist: a headline "Model: ... - JetPack x [L4T y]",
 * then Hardware / Platform / Libraries / Container / GPU sections of
 * "- Name: value" lines. Every status reads as words, never as a bare null. */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/render.h"
#include "schema/fact.h"
#include "schema/facts.h"
#include "schema/probe.h"
#include "schema/pyprobe.h"
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
    const char *reason = JG_STR(fact, fact, reason);
    const char *err = JG_STR(fact, fact, error);
    const char *note = JG_STR(fact, fact, note);
    const char *disputed = JG_STR(fact, fact, disputed);
    if (disputed) { /* a value another public source contradicts is shown as disputed */
        char inner[512];
        json_t *plain = json_deep_copy(fact);
        json_object_del(plain, JG_PATH(fact, disputed));
        jg_fact_text(plain, missing_text, inner, sizeof inner);
        json_decref(plain);
        snprintf(buf, size, "%s [disputed: %s]", inner, disputed);
        return buf;
    }
    if (!st)
        snprintf(buf, size, "unknown (not collected)");
    else if (strcmp(st, "ok") == 0) {
        char v[512];
        value_text(JG_NODE(fact, fact, value), v, sizeof v);
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

/* One " - Label: value" line per fact of a section, in the order shown;
 * missing is what a "missing" status reads as (not installed, not present). */
struct row {
    const char *label;
    jg_ff field;
    const char *missing;
};

static void section(FILE *f, const json_t *doc, const char *title, const struct row *rows, size_t n)
{
    fprintf(f, "%s:\n", title);
    for (size_t i = 0; i < n; i++) {
        char buf[768];
        fprintf(f, " - %s: %s\n", rows[i].label,
                jg_fact_text(jg_ff_node(doc, rows[i].field), rows[i].missing, buf, sizeof buf));
    }
}

#define SECTION(f, doc, title, rows) section((f), (doc), (title), (rows), sizeof(rows) / sizeof(rows)[0])

static const struct row hardware[] = {
    {"Model", JG_FF_module_model, "missing"},
    {"Module", JG_FF_module_name, "missing"},
    {"Family", JG_FF_module_family, "missing"},
    {"Part number", JG_FF_module_part_number, "missing"},
    {"Revision", JG_FF_module_revision, "missing"},
    {"Carrier", JG_FF_module_carrier, "missing"},
    {"Super", JG_FF_module_super, "missing"},
    {"Flash configuration", JG_FF_module_flash_config, "not recorded"},
    {"Memory class", JG_FF_module_memory_class, "missing"},
    {"SoC", JG_FF_module_soc, "missing"},
    {"Compute capability", JG_FF_module_compute_capability, "missing"},
    {"Compatible", JG_FF_module_compatible, "missing"},
    {"DTS file name", JG_FF_module_dtsfilename, "not present"},
    {"Board ids", JG_FF_module_boardids, "not present"},
    {"Tegra chip id", JG_FF_module_tegra_chip_id, "not present"},
    {"soc0 family", JG_FF_module_soc0_family, "not present"},
    {"soc0 soc_id", JG_FF_module_soc0_soc_id, "not present"},
    {"Identified by", JG_FF_module_identified_by, "missing"},
};

static const struct row platform[] = {
    {"Architecture", JG_FF_host_arch, "missing"},
    {"Kernel", JG_FF_host_kernel, "missing"},
    {"Distribution", JG_FF_host_os_pretty_name, "missing"},
    {"Memory total (bytes)", JG_FF_host_memory_total_bytes, "missing"},
    {"Memory available (bytes)", JG_FF_host_memory_available_bytes, "missing"},
    {"Unified memory", JG_FF_host_unified_memory, "missing"},
    {"L4T release line", JG_FF_l4t_release_line, "missing"},
    {"L4T", JG_FF_l4t_version, "missing"},
    {"Board", JG_FF_l4t_board, "missing"},
    {"Release file extras", JG_FF_l4t_extra, "missing"},
    {"nvidia-l4t-core", JG_FF_l4t_core_package, "not installed"},
    {"JetPack (from L4T)", JG_FF_jetpack_version, "missing"},
    {"nvidia-jetpack", JG_FF_jetpack_package, "not installed"},
    {"JetPack agrees", JG_FF_jetpack_agrees, "missing"},
};

static const struct row libraries[] = {
    {"CUDA", JG_FF_cuda_toolkit, "not installed"},
    {"CUDA link", JG_FF_cuda_toolkit_link, "not installed"},
    {"cuDNN", JG_FF_cuda_cudnn, "not installed"},
    {"TensorRT", JG_FF_cuda_tensorrt, "not installed"},
};

static const struct row container[] = {
    {"Inside a container", JG_FF_container_inside, "missing"},
    {"Signs", JG_FF_container_signs, "missing"},
    {"NVIDIA runtime", JG_FF_container_nvidia_runtime, "missing"},
    {"Device tree masked", JG_FF_container_device_tree_masked, "missing"},
};

static const struct row gpu[] = {
    {"Driver family", JG_FF_gpu_driver_family, "missing"},
};

static void headline(FILE *f, const json_t *doc)
{
    const char *model = JG_FACT_STR(doc, module_model);
    if (!model)
        model = JG_FACT_STR(doc, module_name);
    const char *jp = JG_FACT_STR(doc, jetpack_version);
    const char *l4t = JG_FACT_STR(doc, l4t_version);
    fprintf(f, "Model: %s - JetPack %s [L4T %s]\n", model ? model : "unknown", jp ? jp : "unknown",
            l4t ? l4t : "unknown");
    char w[768];
    value_text(JG_FACT_RAW(doc, jetson_why), w, sizeof w);
    fprintf(f, "Jetson: %s (%s)\n", JG_FACT_BOOL(doc, jetson_is_jetson) == 1 ? "yes" : "no", w);
}

/* The packages section: one fact per installed Jetson-relevant package. */
static void packages(FILE *f, const json_t *doc)
{
    const char *name;
    json_t *fact;
    json_object_foreach(json_object_get(doc, "packages"), name, fact) {
        char buf[512];
        fprintf(f, " - %s: %s\n", name, jg_fact_text(fact, "not installed", buf, sizeof buf));
    }
}

static void gpu_nodes(FILE *f, const json_t *doc)
{
    size_t i;
    json_t *n;
    json_array_foreach(JG_FACT_LIST(doc, gpu_nodes), i, n) {
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

/* A live layer: a not_probed fact, or a probe result with status and reason
 * (schema/probe.h), or the Python probe's versions (schema/pyprobe.h). */
static void layer(FILE *f, const char *label, const json_t *l)
{
    const char *st = JG_STR(probe, l, status);
    const char *reason = JG_STR(probe, l, reason);
    const char *err = JG_STR(pyprobe, l, error);
    if (st && strcmp(st, "not_probed") == 0)
        fprintf(f, "%s: not probed (%s)\n", label, reason ? reason : "?");
    else if (st)
        fprintf(f, "%s: %s (%s)\n", label, st, reason ? reason : "");
    else if (err)
        fprintf(f, "%s: error (%s)\n", label, err);
    else if (JG_OBJ(pyprobe, l, torch)) {
        const char *tv = JG_STR(pyprobe, l, torch_version), *tc = JG_STR(pyprobe, l, torch_cuda);
        const char *pv = JG_STR(pyprobe, l, python_version);
        int avail = JG_BOOL(pyprobe, l, torch_cuda_available);
        /* The facts' Python layer reads versions without importing torch, so
         * availability is unknown there, not "no". */
        fprintf(f, "%s: Python %s, torch %s (CUDA build %s, available: %s)\n", label,
                pv ? pv : "?", tv ? tv : "not importable", tc ? tc : "none",
                avail < 0 ? "not probed, torch not imported" : avail ? "yes" : "no");
    } else
        fprintf(f, "%s: unknown\n", label);
}

void jg_facts_print_text(FILE *f, const json_t *doc)
{
    headline(f, doc);
    SECTION(f, doc, "Hardware", hardware);
    SECTION(f, doc, "Platform", platform);
    SECTION(f, doc, "Libraries", libraries);
    packages(f, doc);
    SECTION(f, doc, "Container", container);
    SECTION(f, doc, "GPU", gpu);
    gpu_nodes(f, doc);
    layer(f, "CUDA driver", JG_FACT_NODE(doc, cuda_driver));
    layer(f, "Python", JG_FACT_NODE(doc, python));
}
