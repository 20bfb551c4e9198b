/* The jetpack section: JetPack from the L4T release through the one table
 * (never a nearest entry, never a default), the nvidia-jetpack package when
 * installed, and whether the two agree with each other and with the module
 * (a release that does not support the module's SoC, §7.2, never agrees). */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/sections.h"
#include "facts/tables.h"

/* "6.2+b77" -> "6.2", "5.1.2-b104" -> "5.1.2". */
static void jetpack_part(const char *pkg, char *out, size_t size)
{
    size_t n = strcspn(pkg, "+-~");
    if (n >= size)
        n = size - 1;
    memcpy(out, pkg, n);
    out[n] = '\0';
}

static json_t *version_fact(const json_t *l4t)
{
    const char *ver = jg_fact_str(l4t, "version");
    if (!ver) {
        json_t *f = jg_fact_unknown("table:jetpack", "the L4T release is not known");
        return f;
    }
    const char *note, *why, *dispute;
    const char *jp = jg_jetpack_for_l4t(ver, &note, &why, &dispute);
    json_t *f;
    if (!jp) {
        char reason[256];
        snprintf(reason, sizeof reason, "L4T %s: %s", ver, why);
        f = jg_fact_unknown("table:jetpack", reason);
    } else {
        f = jg_fact_note(jg_fact_ok(json_string(jp), "table:jetpack"), note);
    }
    /* A public source says otherwise: the value stands flagged, never silently. */
    if (dispute)
        json_object_set_new(f, "disputed", json_string(dispute));
    return f;
}

static json_t *agrees_fact(const json_t *version, const json_t *package)
{
    const char *table = json_string_value(jg_fact_value(version));
    const char *pkg = json_string_value(jg_fact_value(package));
    if (!pkg)
        return jg_fact_unknown(NULL, "nvidia-jetpack is not installed");
    if (!table)
        return jg_fact_unknown(NULL, "no JetPack value from the L4T table");
    char part[64];
    jetpack_part(pkg, part, sizeof part);
    return jg_fact_ok(json_boolean(strcmp(part, table) == 0), NULL);
}

json_t *jg_facts_jetpack(const json_t *l4t, const jg_dpkg *d)
{
    json_t *jp = json_object();
    json_t *version = version_fact(l4t);
    json_t *package = jg_dpkg_fact(d, "nvidia-jetpack");
    json_object_set_new(jp, "agrees", agrees_fact(version, package));
    json_object_set_new(jp, "version", version);
    json_object_set_new(jp, "package", package);
    return jp;
}

/* The table's module list for the release against the module's SoC: a
 * release that does not support the SoC (JetPack 7.0 on an Orin) disagrees,
 * whatever the package says; unknown lists change nothing. */
void jg_jetpack_check_module(json_t *jetpack, const json_t *l4t, const json_t *module)
{
    const char *ver = jg_fact_str(l4t, "version");
    const char *soc = jg_fact_str(module, "soc"), *socs;
    if (jg_l4t_supports_soc(ver, soc, &socs) != 0)
        return;
    char why[200];
    snprintf(why, sizeof why, "L4T %s supports %s only, not this module's %s (table:jetpack)",
             ver, socs, soc);
    json_object_set_new(jetpack, "agrees", jg_fact_note(jg_fact_ok(json_false(), NULL), why));
}
