/* A project's own JSON report -> the facts document, each key through the
 * field table. Two shapes are known: OBLITERATUS's scripts/jetson_support.py
 * ({"host": {"architecture", "python_version", "os": {...}, "l4t_release",
 * "jetpack_package"}, "runtime": {"torch_imported", "torch_version",
 * "torch_cuda_version", "cuda_available", "cuda_device_count", "device_name",
 * "compute_capability": [8, 7], "bitsandbytes_version", "torch_import_error"},
 * ...}) and flat ones ({"arch", "release", "torch", "torch_cuda",
 * "cuda_available"}). Keys it does not know (validation, gate_evidence,
 * total_memory_gb, ...) are left alone; null stays unknown. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doctor/triage/report_text.h"
#include "facts/parsers.h"
#include "util/json.h"

enum kind {
    ARCH,         /* "aarch64" / "x86_64": a fact */
    FACT_STR,     /* a string: a fact */
    STR,          /* a string: a probe-shaped value */
    BOOL,         /* a boolean: a probe-shaped value */
    VERSION,      /* torch's version: a string starting with a digit */
    TORCH_CUDA,   /* torch.version.cuda: a version, or null (a CPU build) */
    TORCH_BOOL,   /* what torch answered (not when its import failed) */
    TORCH_INT,
    TORCH_STR,
    CAPABILITY,   /* [8, 7] -> "8.7" */
    RELEASE,      /* the nv_tegra_release line -> L4T version and line */
    BNB_VERSION,  /* bitsandbytes' version: installed */
    IMPORT_ERROR, /* why torch did not import: not imported */
};

/* The key's place in the report (up to three levels), what it is, where it goes. */
static const struct {
    const char *at[3];
    enum kind kind;
    jg_ff field;
} map[] = {
    {{"host", "architecture"}, ARCH, JG_FF_host_arch},
    {{"host", "python_version"}, STR, JG_FF_python_python_version},
    {{"host", "os", "id"}, FACT_STR, JG_FF_host_os_id},
    {{"host", "os", "version_id"}, FACT_STR, JG_FF_host_os_version_id},
    {{"host", "os", "pretty_name"}, FACT_STR, JG_FF_host_os_pretty_name},
    {{"host", "l4t_release"}, RELEASE, JG_FF_l4t_version},
    {{"host", "jetpack_package"}, FACT_STR, JG_FF_jetpack_package},
    {{"runtime", "torch_imported"}, BOOL, JG_FF_python_torch_imported},
    {{"runtime", "torch_import_error"}, IMPORT_ERROR, JG_FF_python_torch_error},
    {{"runtime", "torch_version"}, VERSION, JG_FF_python_torch_version},
    {{"runtime", "torch_cuda_version"}, TORCH_CUDA, JG_FF_python_torch_cuda},
    {{"runtime", "cuda_available"}, TORCH_BOOL, JG_FF_python_torch_cuda_available},
    {{"runtime", "cuda_device_count"}, TORCH_INT, JG_FF_python_torch_device_count},
    {{"runtime", "device_name"}, TORCH_STR, JG_FF_python_torch_device_name},
    {{"runtime", "compute_capability"}, CAPABILITY, JG_FF_python_torch_capability},
    {{"runtime", "bitsandbytes_version"}, BNB_VERSION, JG_FF_python_bitsandbytes_version},
    /* flat reports */
    {{"arch"}, ARCH, JG_FF_host_arch},
    {{"machine"}, ARCH, JG_FF_host_arch},
    {{"release"}, RELEASE, JG_FF_l4t_version},
    {{"l4t_release"}, RELEASE, JG_FF_l4t_version},
    {{"torch"}, VERSION, JG_FF_python_torch_version},
    {{"torch_version"}, VERSION, JG_FF_python_torch_version},
    {{"torch_cuda"}, TORCH_CUDA, JG_FF_python_torch_cuda},
    {{"cuda_build"}, TORCH_CUDA, JG_FF_python_torch_cuda},
    {{"torch_cuda_build"}, TORCH_CUDA, JG_FF_python_torch_cuda},
    {{"cuda_available"}, TORCH_BOOL, JG_FF_python_torch_cuda_available},
};

static const json_t *at(const json_t *doc, const char *const path[3])
{
    const json_t *v = doc;
    for (int i = 0; i < 3 && path[i] && v; i++)
        v = json_object_get(v, path[i]);
    return v == doc ? NULL : v;
}

/* "# R36 (release), REVISION: 4.3, ..." -> l4t.version 36.4.3 and the line (the one parser). */
static void release(jg_tp *p, const char *line)
{
    const jg_l4t_release *rel;
    if (jg_tp_l4t_release(p, line, &rel))
        return;
    char v[48];
    snprintf(v, sizeof v, "%d.%d.%d", rel->major, rel->minor, rel->patch);
    jg_tp_fact(p, JG_FF_l4t_version, json_string(v));
    jg_tp_fact(p, JG_FF_l4t_release_line, json_string(line));
    /* once: a compact report is read whole and again as its line */
    if (!jg_json_list_has(JG_OBS_LIST(p->obs, jetson_hints), "an L4T release line"))
        jg_tp_jetson_hint(p, "an L4T release line");
}

static void capability(jg_tp *p, jg_ff field, const json_t *v)
{
    char cc[32] = "";
    if (json_is_string(v))
        snprintf(cc, sizeof cc, "%s", json_string_value(v));
    else if (json_array_size(v) == 2 && json_is_integer(json_array_get(v, 0)) &&
             json_is_integer(json_array_get(v, 1)))
        snprintf(cc, sizeof cc, "%lld.%lld", (long long)json_integer_value(json_array_get(v, 0)),
                 (long long)json_integer_value(json_array_get(v, 1)));
    if (*cc)
        jg_tp_raw(p, field, json_string(cc));
}

/* One key; torch_failed: the report says torch did not import, so what it
 * says torch answered means nothing. */
static void one(jg_tp *p, enum kind kind, jg_ff field, const json_t *v, bool torch_failed)
{
    const char *s = json_string_value(v);
    bool torch = !torch_failed;
    switch (kind) {
    case ARCH:
        if (s && (strcmp(s, "aarch64") == 0 || strcmp(s, "x86_64") == 0))
            jg_tp_fact(p, field, json_string(s));
        break;
    case FACT_STR: if (s && *s) jg_tp_fact(p, field, json_string(s)); break;
    case STR: if (s && *s) jg_tp_raw(p, field, json_string(s)); break;
    case BOOL: if (json_is_boolean(v)) jg_tp_raw(p, field, json_incref((json_t *)v)); break;
    case VERSION:
        if (s && isdigit((unsigned char)*s)) {
            jg_tp_raw(p, field, json_string(s));
            if (torch)
                jg_tp_raw(p, JG_FF_python_torch_imported, json_true());
        }
        break;
    case TORCH_CUDA:
        if (torch && ((s && isdigit((unsigned char)*s)) || json_is_null(v)))
            jg_tp_raw(p, field, json_incref((json_t *)v));
        break;
    case TORCH_BOOL: if (torch && json_is_boolean(v)) jg_tp_raw(p, field, json_incref((json_t *)v)); break;
    case TORCH_INT: if (torch && json_is_integer(v)) jg_tp_raw(p, field, json_incref((json_t *)v)); break;
    case TORCH_STR: if (torch && s && *s) jg_tp_raw(p, field, json_string(s)); break;
    case CAPABILITY: if (torch) capability(p, field, v); break;
    case RELEASE: if (s) release(p, s); break;
    case BNB_VERSION:
        if (s && *s) {
            jg_tp_raw(p, field, json_string(s));
            jg_tp_raw(p, JG_FF_python_bitsandbytes_installed, json_true());
        }
        break;
    case IMPORT_ERROR:
        if (s && *s) {
            jg_tp_raw(p, field, json_string(s));
            jg_tp_raw(p, JG_FF_python_torch_imported, json_false());
        }
        break;
    }
}

static bool top_level_key(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strlen(map[i].at[0]) == n && memcmp(map[i].at[0], s, n) == 0)
            return true;
    return false;
}

bool jg_tp_project_keys(const char *text, size_t len)
{
    const char *end = text + len, *open = memchr(text, '"', len);
    while (open) {
        const char *close = memchr(open + 1, '"', (size_t)(end - open - 1));
        if (!close)
            return false;
        if (top_level_key(open + 1, (size_t)(close - open - 1)))
            return true;
        open = close + 1 < end ? memchr(close + 1, '"', (size_t)(end - close - 1)) : NULL;
    }
    return false;
}

void jg_tp_project(jg_tp *p, const json_t *doc)
{
    static const char *const imported[3] = {"runtime", "torch_imported"};
    static const char *const import_error[3] = {"runtime", "torch_import_error"};
    if (!json_is_object(doc))
        return;
    bool torch_failed = json_is_false(at(doc, imported)) || json_is_string(at(doc, import_error));
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        const json_t *v = at(doc, map[i].at);
        if (v)
            one(p, map[i].kind, map[i].field, v, torch_failed);
    }
}
