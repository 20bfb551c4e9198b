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

/* The first name of a space-separated list not among the installed nvidia-* wheels. */
static const char *first_missing(const char *names, const json_t *wheels, char *buf, size_t n)
{
    for (const char *p = names; p && *p;) {
        size_t len = strcspn(p, " ");
        snprintf(buf, n, "%.*s", (int)len, p);
        if (len && !json_object_get(wheels, buf))
            return buf;
        p += len + (p[len] == ' ');
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

bool jg_torch_fits_tier(const json_t *probe, const json_t *tier, char *why, size_t n)
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
    if (!wheels_present(probe, c->extra_pip, why, n))
        return false;
    snprintf(why, n, "torch %s is the upstream CUDA build tier %s pins (JetPack %s's supported "
             "torch), with its nvidia-* wheels", have, id, jp);
    return true;
}
