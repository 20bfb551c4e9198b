/* The module section: device-tree model and compatible, the part number,
 * carrier and "-super" from "nvidia,<carrier>+<module>[-super]", then the
 * module table (name, memory class, SoC) and the compute capability
 * (module_identity.c). `model` is read but used only as a last resort for
 * the family (jetson-facts.md §1.3). The serial-number property is never
 * read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"
#include "facts/tables.h"
#include "facts/text.h"
#include "util/version.h"

static const char *const dt_dirs[] = {"proc/device-tree", "sys/firmware/devicetree/base"};

/* Read a DT property from the first directory that has it. */
static json_t *dt_read(const jg_root *r, const char *prop, jg_blob *b, char *src, size_t n)
{
    json_t *f = NULL;
    for (size_t i = 0; i < 2; i++) {
        json_decref(f);
        snprintf(src, n, "%s/%s", dt_dirs[i], prop);
        f = jg_fact_read(r, src, JG_CAP_SMALL, b);
        if (!f || strcmp(jg_fact_status(f), "missing") != 0)
            break;
    }
    if (f && strcmp(jg_fact_status(f), "missing") == 0) {
        json_decref(f);
        snprintf(src, n, "%s/%s", dt_dirs[0], prop);
        f = jg_fact_missing(src); /* name the usual path, not the last one tried */
    }
    return f;
}

static json_t *dt_compatible(const jg_root *r)
{
    jg_blob b;
    char src[96];
    json_t *f = dt_read(r, "compatible", &b, src, sizeof src);
    if (f)
        return f;
    json_t *list;
    const char *why = jg_parse_dt_compatible(b.data, b.len, &list);
    jg_blob_free(&b);
    return why ? jg_fact_unparsable(src, why) : jg_fact_ok(list, src);
}

/* Optional sysfs integer or string (tegra_chip_id, soc0). */
static json_t *sysfs_value(const jg_root *r, const char *rel, bool integer)
{
    return jg_fact_line(r, rel, 64, integer);
}

/* The CUDA major for Thor's capability: the toolkit's, else the one the L4T
 * major ships (§2); -1 when neither is known. */
static int cuda_major(const json_t *cuda, const json_t *l4t, const char **why)
{
    const char *v = jg_fact_str(cuda, "toolkit");
    json_t *maj = jg_fact_value(json_object_get(l4t, "major"));
    *why = "CUDA major from the installed toolkit";
    if (v)
        return (int)jg_dotted_part(v, 0);
    *why = "no CUDA toolkit file; CUDA 13 implied by the L4T major (38.x and 39.x ship CUDA 13)";
    return json_is_integer(maj) ? jg_cuda_major_for_l4t_major((int)json_integer_value(maj)) : -1;
}

static void set(json_t *m, const char *key, json_t *fact)
{
    json_object_set_new(m, key, fact);
}

/* Every identity field unknown for one reason. */
static void all_unknown(json_t *m, const char *why)
{
    static const char *const keys[] = {"part_number", "carrier", "super", "revision", "name",
                                       "memory_class", "family", "soc", "compute_capability",
                                       "identified_by"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        set(m, keys[i], jg_fact_unknown(NULL, why));
}

/* nvidia,dtsfilename / nvidia,boardids: one printable string each. */
static json_t *dt_string(const jg_root *r, const char *prop)
{
    jg_blob b;
    char src[96], buf[256];
    json_t *f = dt_read(r, prop, &b, src, sizeof src);
    if (f)
        return f;
    const char *why = jg_parse_dt_model(b.data, b.len, buf, sizeof buf);
    jg_blob_free(&b);
    return why ? jg_fact_unparsable(src, why) : jg_fact_ok(json_string(buf), src);
}

json_t *jg_facts_module(const jg_root *r, const json_t *cuda, const json_t *container,
                        const json_t *l4t)
{
    json_t *m = json_object();
    json_t *model = dt_string(r, "model"), *compat = dt_compatible(r);
    json_t *dts = dt_string(r, "nvidia,dtsfilename"), *ids = dt_string(r, "nvidia,boardids");
    bool masked = json_is_true(jg_fact_value(json_object_get(container, "device_tree_masked")));
    const char *masked_why = "device tree masked inside a container";
    if (masked && strcmp(jg_fact_status(compat), "missing") == 0) {
        json_decref(model);
        json_decref(compat);
        json_decref(dts);
        json_decref(ids);
        model = jg_fact_unknown(NULL, masked_why);
        compat = jg_fact_unknown(NULL, masked_why);
        dts = jg_fact_unknown(NULL, masked_why);
        ids = jg_fact_unknown(NULL, masked_why);
        all_unknown(m, masked_why);
    } else if (jg_fact_value(compat) || jg_fact_value(dts) || jg_fact_value(ids)) {
        jg_dt_props p = {compat, model, dts, ids};
        const char *why;
        int major = cuda_major(cuda, l4t, &why);
        jg_module_identity(m, &p, major, why);
    } else {
        all_unknown(m, "no device-tree compatible to identify the module");
    }
    set(m, "model", model);
    set(m, "compatible", compat);
    set(m, "dtsfilename", dts);
    set(m, "boardids", ids);
    set(m, "tegra_chip_id", sysfs_value(r, "sys/module/tegra_fuse/parameters/tegra_chip_id", true));
    set(m, "soc0_family", sysfs_value(r, "sys/devices/soc0/family", false));
    set(m, "soc0_soc_id", sysfs_value(r, "sys/devices/soc0/soc_id", true));
    set(m, "flash_config", jg_flash_config(r));
    jg_flash_super(m);
    return m;
}
