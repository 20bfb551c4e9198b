/* The torch a tier accepts: NVIDIA's Jetson build (vendor.c), or, where the
 * tier pins an upstream CUDA build and that is its JetPack's supported torch
 * (the facts' channel table: JetPack 7.2 runs the cu130 wheels, §7.4), exactly
 * that build with every nvidia-* wheel it needs installed. A PyPI or
 * download.pytorch.org torch is refused everywhere else, whatever its CUDA. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/tables.h"
#include "facts/torch_build.h"
#include "install/constraints.h"
#include "schema/policy.h"
#include "schema/pyprobe.h"

/* One entry of a channel's space-separated wheel list: "name" or "name==version" (the
 * version the row requires, when it states one). Returns the rest of the list. */
static const char *list_entry(const char *p, char *name, size_t n, char *ver, size_t vn)
{
    size_t len = strcspn(p, " "), nl = strcspn(p, "=");
    nl = nl < len ? nl : len;
    snprintf(name, n, "%.*s", (int)nl, p);
    snprintf(ver, vn, "%.*s", nl + 2 <= len && strncmp(p + nl, "==", 2) == 0
                                  ? (int)(len - nl - 2) : 0, p + nl + 2 * (nl + 2 <= len));
    return p + len + (p[len] == ' ');
}

/* The first name of a space-separated list not among the installed nvidia-* wheels. */
static const char *first_missing(const char *names, const json_t *wheels, char *buf, size_t n)
{
    char ver[64];
    for (const char *p = names; p && *p;) {
        p = list_entry(p, buf, n, ver, sizeof ver);
        if (*buf && !json_object_get(wheels, buf))
            return buf;
    }
    return NULL;
}

/* Every nvidia-* requirement of the installed torch, then the channel's extra wheels. */
static bool wheels_present(const json_t *probe, const char *extra, char *why, size_t n)
{
    const json_t *wheels = JG_NODE(cprobe, probe, nvidia_wheels), *req;
    char name[96];
    size_t i;
    json_array_foreach(JG_NODE(cprobe, probe, torch_nvidia_requires), i, req)
    {
        const char *r = json_string_value(req);
        if (r && !json_object_get(wheels, r))
            return snprintf(why, n, "torch requires %s, which is not installed: pip install "
                            "%s", r, extra ? extra : r), false;
    }
    if (first_missing(extra, wheels, name, sizeof name))
        return snprintf(why, n, "the upstream CUDA torch needs %s from pip (JetPack does not "
                        "ship it): pip install %s", name, extra), false;
    return true;
}

/* The facts' channel for the tier's JetPack and SoC, when the tier pins an upstream CUDA
 * build; NULL when it pins NVIDIA's build (or nothing). */
static const jg_torch_channel *upstream_pin(const json_t *tier, bool *upstream)
{
    jg_torch_input in = jg_torch_input_version(JG_STR(pin, JG_OBJ(tier, tier, pytorch), torch));
    jg_torch_build pin;
    jg_torch_classify(&in, &pin);
    *upstream = tier && pin.kind == JG_TORCH_UPSTREAM_CUDA;
    const char *jp = JG_STR(tier, tier, jetpack);
    return *upstream ? jg_torch_channel_for(jp ? atoi(jp) : 0, JG_STR(tier, tier, soc)) : NULL;
}

bool jg_tier_missing_wheels(const json_t *probe, const json_t *tier)
{
    bool upstream;
    const jg_torch_channel *c = upstream_pin(tier, &upstream);
    char name[96];
    return c && first_missing(c->extra_pip, JG_NODE(cprobe, probe, nvidia_wheels), name,
                              sizeof name);
}

const char *jg_tier_extra_wheels(const json_t *tier)
{
    bool upstream;
    const jg_torch_channel *c = upstream_pin(tier, &upstream);
    return c ? c->extra_pip : NULL;
}

bool jg_torch_pin_fits_tier(const json_t *probe, const json_t *tier, char *why, size_t n)
{
    const char *pinned = JG_STR(pin, JG_OBJ(tier, tier, pytorch), torch);
    const char *have = JG_STR(cprobe, probe, torch_version);
    bool upstream;
    const jg_torch_channel *c = upstream_pin(tier, &upstream);
    if (!upstream)
        return jg_torch_is_vendor(probe, why, n);
    const char *jp = JG_STR(tier, tier, jetpack), *id = JG_STR(tier, tier, id);
    char fit[400];
    if (!c || jg_torch_fits_jetpack(pinned, atoi(jp), JG_STR(tier, tier, soc), fit, sizeof fit) != 1)
        return snprintf(why, n, "tier %s pins %s", id, c ? fit : "an upstream CUDA build for a "
                        "JetPack with no torch channel on record"), false;
    const char *machine = JG_STR(pyprobe, probe, python_machine); /* the same "python" member */
    if (!machine || strcmp(machine, "aarch64") != 0)
        return snprintf(why, n, "the interpreter runs on %s, not aarch64: no Jetson torch here",
                        machine ? machine : "an unknown machine"), false;
    if (!have || strcmp(have, pinned) != 0)
        return snprintf(why, n, "tier %s pins the upstream CUDA build torch %s; %s is installed",
                        id, pinned, have ? have : "no torch"), false;
    snprintf(why, n, "torch %s is the upstream CUDA build tier %s pins (JetPack %s's supported "
             "torch)", have, id, jp);
    return true;
}

bool jg_torch_fits_tier(const json_t *probe, const json_t *tier, char *why, size_t n)
{
    bool upstream;
    const jg_torch_channel *c = upstream_pin(tier, &upstream);
    if (!jg_torch_pin_fits_tier(probe, tier, why, n))
        return false;
    if (!upstream)
        return true;
    if (!wheels_present(probe, c->extra_pip, why, n))
        return false;
    size_t len = strlen(why);
    snprintf(why + len, n - len, ", with its nvidia-* wheels");
    return true;
}

size_t jg_tier_missing_list(const json_t *probe, const json_t *tier, char *out, size_t n)
{
    const json_t *wheels = JG_NODE(cprobe, probe, nvidia_wheels), *req;
    const char *extra = jg_tier_extra_wheels(tier);
    char name[96], ver[64];
    size_t count = 0, i;
    out[0] = '\0';
    json_array_foreach(JG_NODE(cprobe, probe, torch_nvidia_requires), i, req)
    {
        const char *r = json_string_value(req);
        if (extra && r && !json_object_get(wheels, r) && !strstr(extra, r) && strlen(out) + strlen(r) + 2 < n)
            count++, strcat(strcat(out, *out ? " " : ""), r);
    }
    for (const char *p = extra; p && *p;) {
        p = list_entry(p, name, sizeof name, ver, sizeof ver);
        if (*name && !json_object_get(wheels, name) && strlen(out) + strlen(name) + 2 < n)
            count++, strcat(strcat(out, *out ? " " : ""), name);
    }
    return count;
}

bool jg_tier_wheel_version(const json_t *tier, const char *wheel, char *ver, size_t n)
{
    char name[96];
    for (const char *p = jg_tier_extra_wheels(tier); p && *p;) {
        p = list_entry(p, name, sizeof name, ver, n);
        if (strcmp(name, wheel) == 0)
            return *ver != '\0';
    }
    return ver[0] = '\0', false;
}
