/* host.arm64, host.jetson, host.module: from the facts document only. */
#include "gate/gate.h"

#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "gate/check.h"
#include "schema/fact.h"
#include "schema/facts.h"
#include "util/json.h"

static const char *status_of(const json_t *facts, jg_ff field)
{
    const char *s = jg_ff_status(facts, field);
    return s ? s : "absent";
}

static json_t *check_arm64(const json_t *facts)
{
    const char *arch = JG_FACT_STR(facts, host_arch);
    json_t *m = json_pack("{s:s?}", "arch", arch);
    if (!arch)
        return jg_check("host.arm64", "fail", 0, m, "architecture unknown (%s)",
                        status_of(facts, JG_FF_host_arch));
    if (strcmp(arch, "aarch64") == 0 || strcmp(arch, "arm64") == 0)
        return jg_check("host.arm64", "pass", 0, m, "%s", arch);
    return jg_check("host.arm64", "fail", 0, m, "architecture is %s, not ARM64", arch);
}

static json_t *check_jetson(const json_t *facts)
{
    int is = JG_FACT_BOOL(facts, jetson_is_jetson);
    const char *l4t = JG_FACT_STR(facts, l4t_version);
    json_t *m = json_pack("{s:s?}", "l4t", l4t);
    if (is != 1) {
        const char *why = json_string_value(json_array_get(JG_FACT_RAW(facts, jetson_why), 0));
        return jg_check("host.jetson", "fail", 0, m, "not a Jetson (%s)",
                        why ? why : is == 0 ? "no Jetson platform signs" : "unknown");
    }
    if (!l4t)
        return jg_check("host.jetson", "fail", 0, m,
                        "Jetson signs found but the L4T release is not identified (%s)",
                        status_of(facts, JG_FF_l4t_version));
    return jg_check("host.jetson", "pass", 0, m, "Jetson with L4T %s", l4t);
}

static json_t *check_module(const json_t *facts)
{
    const char *part = JG_FACT_STR(facts, module_part_number);
    const char *name = JG_FACT_STR(facts, module_name);
    const char *jp = JG_FACT_STR(facts, jetpack_version);
    const char *by = JG_FACT_STR(facts, module_identified_by);
    json_t *m = json_pack("{s:s?, s:s?, s:s?, s:s?}", "part_number", part, "name", name,
                          "jetpack", jp, "identified_by", by);
    if (part && jp)
        return jg_check("host.module", "pass", 0, m, "%s (%s), JetPack %s", part,
                        name ? name : "name not on record", jp);
    char why[600] = "";
    if (!part)
        snprintf(why, sizeof why, "module part number not identified (%s%s)",
                 status_of(facts, JG_FF_module_part_number),
                 JG_FACT_BOOL(facts, container_device_tree_masked) == 1
                     ? "; the container masks the device tree: pass --host-facts"
                     : "");
    if (!jp) {
        const json_t *f = JG_FACT_NODE(facts, jetpack_version);
        const char *r = JG_STR(fact, f, reason);
        size_t used = strlen(why);
        snprintf(why + used, sizeof why - used, "%sJetPack not identified (%s)", used ? "; " : "",
                 r ? r : status_of(facts, JG_FF_jetpack_version));
    }
    return jg_check("host.module", "fail", 0, m, "%s", why);
}

void jg_gate_host_checks(const json_t *facts, json_t *checks)
{
    json_array_append_new(checks, check_arm64(facts));
    json_array_append_new(checks, check_jetson(facts));
    json_array_append_new(checks, check_module(facts));
}
