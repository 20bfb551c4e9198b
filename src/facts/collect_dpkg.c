/* The dpkg layer: which Jetson-relevant packages are installed, read once
 * from var/lib/dpkg/status. Only those packages are kept, never the whole
 * list (a host's package list is nobody's business). */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"

#define STATUS_FILE "var/lib/dpkg/status"

static bool starts(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

bool jg_dpkg_wanted(const char *name)
{
    static const char *const exact[] = {
        "nvidia-l4t-core", "nvidia-l4t-kernel", "nvidia-jetpack", "tensorrt", "libnvinfer7",
        "libnvinfer8", "libnvinfer10", "nvidia-container-toolkit", "nvidia-container-runtime",
    };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(name, exact[i]) == 0)
            return true;
    return starts(name, "nvidia-l4t-cuda") || starts(name, "libcudnn") ||
           starts(name, "cuda-toolkit-") || starts(name, "cuda-compat");
}

void jg_dpkg_load(const jg_root *r, jg_dpkg *d)
{
    d->installed = json_object();
    jg_blob b;
    d->file = jg_fact_read(r, STATUS_FILE, JG_CAP_LARGE, &b);
    if (d->file)
        return;
    const char *why = jg_parse_dpkg_status(b.data, b.len, jg_dpkg_wanted, d->installed);
    d->file = why ? jg_fact_unparsable(STATUS_FILE, why) : jg_fact_ok(NULL, STATUS_FILE);
    jg_blob_free(&b);
}

void jg_dpkg_free(jg_dpkg *d)
{
    json_decref(d->installed);
    json_decref(d->file);
}

json_t *jg_dpkg_fact(const jg_dpkg *d, const char *name)
{
    char src[160];
    snprintf(src, sizeof src, "dpkg:%s", name);
    const char *v = json_string_value(json_object_get(d->installed, name));
    if (v)
        return jg_fact_ok(json_string(v), src);
    if (strcmp(jg_fact_status(d->file), "ok") == 0)
        return jg_fact_missing(src);
    return json_deep_copy(d->file);
}

json_t *jg_dpkg_section(const jg_dpkg *d)
{
    json_t *sec = json_object();
    const char *name;
    json_t *v;
    json_object_foreach(d->installed, name, v)
        json_object_set_new(sec, name, jg_dpkg_fact(d, name));
    return sec;
}
