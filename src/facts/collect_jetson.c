/* jetson.is_jetson: true only with Tegra evidence from the files (the
 * release file, nvidia-l4t-core, a Jetson SoC in the device tree, soc0
 * family Tegra), never on a non-aarch64 host, and never for Grace / DGX
 * Spark (tegra241, soc0 family not Tegra, no release file: jetson-facts.md
 * §5 row 16). `why` lists the evidence, or its absence. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "facts/fact.h"
#include "facts/sections.h"
#include "util/json.h"

#define GRACE_SOC_ID 36 /* TEGRA241 = 0x24 */

/* Jetson SoCs of the compute capability table; tegra241 (Grace) is not one. */
static bool jetson_soc(const char *soc)
{
    static const char *const socs[] = {"tegra124", "tegra210", "tegra186", "tegra194",
                                       "tegra234", "tegra23x", "tegra264", "tegra26x"};
    for (size_t i = 0; soc && i < sizeof socs / sizeof socs[0]; i++)
        if (strcmp(soc, socs[i]) == 0)
            return true;
    return false;
}

static void add(json_t *why, const char *text)
{
    json_array_append_new(why, json_string(text));
}

static bool release_present(const json_t *doc)
{
    const char *s = jg_fact_status(jg_json_at(doc, "l4t.release_line"));
    return s && (strcmp(s, "ok") == 0 || strcmp(s, "unparsable") == 0);
}

static bool dt_tegra(const json_t *doc, json_t *why)
{
    size_t i;
    json_t *v;
    json_array_foreach(jg_fact_value(jg_json_at(doc, "module.compatible")), i, v) {
        const char *e = json_string_value(v);
        if (e && strncmp(e, "nvidia,", 7) == 0 && jetson_soc(e + 7)) {
            char t[96];
            snprintf(t, sizeof t, "device-tree compatible %s", e);
            add(why, t);
            return true;
        }
    }
    return false;
}

static bool soc0_tegra(const json_t *doc, json_t *why)
{
    const char *fam = jg_fact_str(doc, "module.soc0_family");
    json_t *id = jg_fact_value(jg_json_at(doc, "module.soc0_soc_id"));
    if (!fam || strncasecmp(fam, "tegra", 5) != 0)
        return false;
    if (json_integer_value(id) == GRACE_SOC_ID) {
        add(why, "soc0 says Tegra but soc_id 36 is tegra241 (Grace), not a Jetson");
        return false;
    }
    add(why, "soc0 family Tegra");
    return true;
}

json_t *jg_facts_jetson(const json_t *doc)
{
    json_t *why = json_array();
    const char *arch = jg_fact_str(doc, "host.arch");
    bool yes = false;
    if (arch && strcmp(arch, "aarch64") != 0) {
        char t[96];
        snprintf(t, sizeof t, "architecture %.40s is not aarch64", arch);
        add(why, t);
    } else {
        if (release_present(doc))
            yes = (add(why, "etc/nv_tegra_release present"), true);
        if (jg_fact_value(jg_json_at(doc, "l4t.core_package")))
            yes = (add(why, "dpkg nvidia-l4t-core installed"), true);
        yes = dt_tegra(doc, why) || yes;
        yes = soc0_tegra(doc, why) || yes;
        if (!yes) {
            add(why, "no etc/nv_tegra_release, no nvidia-l4t-core package, no Jetson SoC "
                     "in the device tree or soc0");
        }
    }
    json_t *j = json_object();
    json_object_set_new(j, "is_jetson", jg_fact_ok(json_boolean(yes), NULL));
    json_object_set_new(j, "why", why);
    return j;
}
