/* The module section: device-tree model and compatible, the part number,
 * carrier and "-super" from "nvidia,<carrier>+<module>[-super]", then the
 * module table (name, memory class, SoC) and the compute capability. Logic
 * uses `compatible`, never `model` (jetson-facts.md §1.3). The serial-number
 * property is never read. */
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
    if (f && strcmp(jg_fact_status(f), "missing") == 0)
        snprintf(src, n, "%s/%s", dt_dirs[0], prop);
    return f;
}

static json_t *dt_model(const jg_root *r)
{
    jg_blob b;
    char src[96], buf[256];
    json_t *f = dt_read(r, "model", &b, src, sizeof src);
    if (f)
        return f;
    const char *why = jg_parse_dt_model(b.data, b.len, buf, sizeof buf);
    jg_blob_free(&b);
    return why ? jg_fact_unparsable(src, why) : jg_fact_ok(json_string(buf), src);
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
    jg_blob b;
    json_t *f = jg_fact_read(r, rel, JG_CAP_SMALL, &b);
    if (f)
        return f;
    jg_line l = jg_first_line(b.data, b.len);
    char buf[64];
    unsigned long long v;
    if (integer && jg_parse_uint(l, &v) && v < 1000000)
        f = jg_fact_ok(json_integer((json_int_t)v), rel);
    else if (!integer && l.n && jg_printable(l) && jg_copy(l, buf, sizeof buf))
        f = jg_fact_ok(json_string(buf), rel);
    else
        f = jg_fact_unparsable(rel, integer ? "not a decimal number" : "not one short printable line");
    jg_blob_free(&b);
    return f;
}

/* Major of the toolkit version ("13.0.48" -> 13), -1 when unknown. */
static int cuda_major(const json_t *cuda)
{
    return (int)jg_dotted_part(jg_fact_str(cuda, "toolkit"), 0);
}

static void set(json_t *m, const char *key, json_t *fact)
{
    json_object_set_new(m, key, fact);
}

/* Every identity field unknown for one reason. */
static void all_unknown(json_t *m, const char *why)
{
    static const char *const keys[] = {"part_number", "carrier", "super", "name", "memory_class",
                                       "soc", "compute_capability", "identified_by"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        set(m, keys[i], jg_fact_unknown(NULL, why));
}

static void from_table(json_t *m, const jg_dt_ids *ids)
{
    const jg_module_row *row = jg_module_lookup(ids->module);
    char why[128];
    if (!row) {
        snprintf(why, sizeof why, "part number %s is not in the module table", ids->module);
        set(m, "name", jg_fact_unknown("table:module", why));
        set(m, "memory_class", jg_fact_unknown("table:module", why));
        return;
    }
    snprintf(why, sizeof why, "no marketing name found for %s", row->part);
    set(m, "name", row->name ? jg_fact_ok(json_string(row->name), "table:module")
                             : jg_fact_unknown("table:module", why));
    snprintf(why, sizeof why, "no memory size found for %s", row->part);
    set(m, "memory_class", row->memory ? jg_fact_note(jg_fact_ok(json_string(row->memory),
                                                                 "table:module"), row->note)
                                       : jg_fact_unknown("table:module", why));
}

static void identity(json_t *m, const json_t *compat, const json_t *cuda)
{
    jg_dt_ids ids;
    jg_dt_identify(jg_fact_value(compat), &ids);
    const char *src = json_string_value(json_object_get(compat, "source"));
    const char *no_board = "no nvidia,<carrier>+<module> entry in compatible";
    if (ids.module[0]) {
        set(m, "part_number", jg_fact_ok(json_string(ids.module), src));
        set(m, "carrier", jg_fact_ok(json_string(ids.carrier), src));
        set(m, "super", jg_fact_ok(json_boolean(ids.super), src));
        from_table(m, &ids);
    } else {
        static const char *const keys[] = {"part_number", "carrier", "super", "name", "memory_class"};
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            set(m, keys[i], jg_fact_unknown(src, no_board));
    }
    const jg_module_row *row = jg_module_lookup(ids.module);
    const char *soc = ids.soc[0] ? ids.soc : row ? row->soc : NULL;
    set(m, "soc", soc ? jg_fact_ok(json_string(soc), ids.soc[0] ? src : "table:module")
                      : jg_fact_unknown(src, "no nvidia,tegraNNN entry in compatible"));
    const char *why;
    const char *cc = jg_soc_compute_capability(soc, cuda_major(cuda), &why);
    set(m, "compute_capability", cc ? jg_fact_ok(json_string(cc), "table:compute_capability")
                                    : jg_fact_unknown("table:compute_capability", why));
    set(m, "identified_by", jg_fact_ok(json_string("device-tree"), src));
}

json_t *jg_facts_module(const jg_root *r, const json_t *cuda, const json_t *container)
{
    json_t *m = json_object();
    json_t *model = dt_model(r), *compat = dt_compatible(r);
    bool masked = json_is_true(jg_fact_value(json_object_get(container, "device_tree_masked")));
    const char *masked_why = "device tree masked inside a container";
    if (masked && strcmp(jg_fact_status(compat), "missing") == 0) {
        json_decref(model);
        json_decref(compat);
        model = jg_fact_unknown(NULL, masked_why);
        compat = jg_fact_unknown(NULL, masked_why);
        all_unknown(m, masked_why);
    } else if (jg_fact_value(compat)) {
        identity(m, compat, cuda);
    } else {
        all_unknown(m, "no device-tree compatible to identify the module");
    }
    set(m, "model", model);
    set(m, "compatible", compat);
    set(m, "tegra_chip_id", sysfs_value(r, "sys/module/tegra_fuse/parameters/tegra_chip_id", true));
    set(m, "soc0_family", sysfs_value(r, "sys/devices/soc0/family", false));
    set(m, "soc0_soc_id", sysfs_value(r, "sys/devices/soc0/soc_id", true));
    return m;
}
