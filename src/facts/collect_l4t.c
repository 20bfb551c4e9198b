/* The l4t section: etc/nv_tegra_release (raw first line kept beside the
 * parsed values), with the dpkg nvidia-l4t-core version as the fallback
 * when the file is absent (jetson-facts.md §1.1, §1.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"
#include "facts/text.h"
#include "util/version.h"

#define RELEASE "etc/nv_tegra_release"

/* "36.4.3-20250107174145" -> "36.4.3" when that is a 3-part version. */
static bool l4t_from_core(const char *pkg, char *ver, size_t size, int *major)
{
    size_t n = strcspn(pkg, "-");
    if (n == 0 || n >= size)
        return false;
    memcpy(ver, pkg, n);
    ver[n] = '\0';
    jg_dotted v;
    if (!jg_dotted_exact(ver, 3, 3, &v) || v.part[0] > 999)
        return false;
    *major = (int)v.part[0];
    return true;
}

/* version / major from the dpkg fallback, or the release file's failure. */
static void from_dpkg(json_t *l4t, const json_t *file_fact, const jg_dpkg *d)
{
    json_t *core = jg_dpkg_fact(d, "nvidia-l4t-core");
    const char *pkg = json_string_value(jg_fact_value(core));
    char ver[32];
    int major;
    if (pkg && l4t_from_core(pkg, ver, sizeof ver, &major)) {
        json_object_set_new(l4t, "version", jg_fact_ok(json_string(ver), "dpkg:nvidia-l4t-core"));
        json_object_set_new(l4t, "major", jg_fact_ok(json_integer(major), "dpkg:nvidia-l4t-core"));
    } else if (pkg) {
        json_object_set_new(l4t, "version", jg_fact_unparsable("dpkg:nvidia-l4t-core",
                                                               "version is not <L4T>-<timestamp>"));
        json_object_set_new(l4t, "major", json_deep_copy(json_object_get(l4t, "version")));
    } else {
        json_object_set_new(l4t, "version", json_deep_copy(file_fact));
        json_object_set_new(l4t, "major", json_deep_copy(file_fact));
    }
    json_object_set_new(l4t, "board", json_deep_copy(file_fact));
    json_object_set_new(l4t, "extra", json_deep_copy(file_fact));
    json_decref(core);
}

static void from_release(json_t *l4t, const jg_l4t_release *rel)
{
    char ver[48];
    snprintf(ver, sizeof ver, "%d.%d.%d", rel->major, rel->minor, rel->patch);
    json_object_set_new(l4t, "version", jg_fact_ok(json_string(ver), RELEASE));
    json_object_set_new(l4t, "major", jg_fact_ok(json_integer(rel->major), RELEASE));
    json_object_set_new(l4t, "board", rel->board[0] ? jg_fact_ok(json_string(rel->board), RELEASE)
                                                    : jg_fact_unknown(RELEASE, "no BOARD field"));
    json_object_set_new(l4t, "extra", jg_fact_ok(json_incref(rel->extra), RELEASE));
}

json_t *jg_facts_l4t(const jg_root *r, const jg_dpkg *d)
{
    json_t *l4t = json_object();
    jg_blob b;
    json_t *fail = jg_fact_read(r, RELEASE, JG_CAP_SMALL, &b);
    jg_l4t_release rel;
    memset(&rel, 0, sizeof rel);
    if (!fail) {
        const char *why = jg_parse_tegra_release(b.data, b.len, &rel);
        if (why) {
            fail = jg_fact_unparsable(RELEASE, why);
            if (rel.line[0]) /* keep the raw line even when its fields do not parse */
                json_object_set_new(l4t, "release_line", jg_fact_ok(json_string(rel.line), RELEASE));
        }
        jg_blob_free(&b);
    }
    if (!json_object_get(l4t, "release_line"))
        json_object_set_new(l4t, "release_line",
                            fail ? json_deep_copy(fail) : jg_fact_ok(json_string(rel.line), RELEASE));
    if (fail)
        from_dpkg(l4t, fail, d);
    else
        from_release(l4t, &rel);
    json_object_set_new(l4t, "core_package", jg_dpkg_fact(d, "nvidia-l4t-core"));
    json_decref(rel.extra);
    json_decref(fail);
    return l4t;
}
