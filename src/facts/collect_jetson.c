/* jetson.is_jetson: true only with Jetson evidence (issue 14): the L4T
 * release file, the nvidia-l4t-core package, or a Jetson module, carrier,
 * devkit or codename compatible (or a Jetson module in the L4T-only
 * properties nvidia,dtsfilename / nvidia,boardids). A Tegra SoC compatible
 * or soc0 family alone is not enough: tablets, Chromebooks, TV boxes and
 * reference or partner boards use the same SoCs (tests/fixtures/roots/
 * README.md). Never on a non-ARM host, never for Grace / DGX Spark. `why`
 * lists the evidence, or its absence. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "facts/fact.h"
#include "facts/sections.h"
#include "schema/fact.h"
#include "schema/facts.h"
#include "util/json.h"

#define GRACE_SOC_ID 36 /* TEGRA241 = 0x24 */

static void add(json_t *why, const char *text)
{
    json_array_append_new(why, json_string(text));
}

static bool release_present(const json_t *doc)
{
    const char *s = JG_FACT_STATUS(doc, l4t_release_line);
    return s && (strcmp(s, "ok") == 0 || strcmp(s, "unparsable") == 0);
}

/* How the module section identified a Jetson module or family; the model
 * text is not evidence. */
static bool dt_jetson(const json_t *doc, json_t *why)
{
    static const char *const evidence[] = {"dt-compatible", "dt-compatible-module",
                                           "dt-compatible-family", "dt-dtsfilename",
                                           "dt-boardids"};
    const char *how = JG_FACT_STR(doc, module_identified_by);
    /* From --host-facts or a mounted tree: how that tree named the module. */
    const char *via = JG_STR(fact, JG_FACT_NODE(doc, module_identified_by), via);
    if (via)
        how = via;
    const char *fam = JG_FACT_STR(doc, module_family);
    for (size_t i = 0; how && fam && i < sizeof evidence / sizeof evidence[0]; i++)
        if (strcmp(how, evidence[i]) == 0) {
            char t[160];
            snprintf(t, sizeof t, "device tree names a %s module (%s)", fam, how);
            add(why, t);
            return true;
        }
    const char *soc = JG_FACT_STR(doc, module_soc);
    if (soc && strncmp(soc, "tegra", 5) == 0) {
        char t[160];
        snprintf(t, sizeof t, "device-tree SoC %.32s alone is not Jetson evidence", soc);
        add(why, t);
    }
    return false;
}

static bool soc0_tegra(const json_t *doc, json_t *why)
{
    const char *fam = JG_FACT_STR(doc, module_soc0_family);
    if (!fam || strncasecmp(fam, "tegra", 5) != 0)
        return false;
    if (JG_FACT_INT(doc, module_soc0_soc_id, 0) == GRACE_SOC_ID)
        add(why, "soc0 says Tegra but soc_id 36 is tegra241 (Grace), not a Jetson");
    else
        add(why, "soc0 family Tegra alone is not Jetson evidence");
    return false;
}

json_t *jg_facts_jetson(const json_t *doc)
{
    json_t *why = json_array();
    const char *arch = JG_FACT_STR(doc, host_arch);
    bool yes = false;
    if (arch && strcmp(arch, "aarch64") != 0 && strncmp(arch, "arm", 3) != 0) {
        char t[96];
        snprintf(t, sizeof t, "architecture %.40s is not aarch64", arch);
        add(why, t);
    } else {
        if (release_present(doc))
            yes = (add(why, "etc/nv_tegra_release present"), true);
        if (jg_ff_value(doc, JG_FF_l4t_core_package))
            yes = (add(why, "dpkg nvidia-l4t-core installed"), true);
        yes = dt_jetson(doc, why) || yes;
        soc0_tegra(doc, why);
        if (!yes) {
            add(why, "no etc/nv_tegra_release, no nvidia-l4t-core package, no Jetson module "
                     "or carrier in the device tree");
        }
    }
    json_t *j = json_object();
    json_object_set_new(j, "is_jetson", jg_fact_ok(json_boolean(yes), NULL));
    json_object_set_new(j, "why", why);
    return j;
}
