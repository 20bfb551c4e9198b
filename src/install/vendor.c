/* Which torch is NVIDIA's Jetson build: the installed torch is judged from its
 * metadata alone by the one classifier (facts/torch_build.h), so a CPU-only,
 * PyPI or server-CUDA wheel is refused with the reason, never pinned. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "facts/torch_build.h"
#include "install/constraints.h"
#include "install/pep440.h"
#include "install/reqfile.h"
#include "schema/pyprobe.h"
#include "schema/policy.h"

bool jg_torch_is_vendor(const json_t *probe, char *why, size_t n)
{
    const char *version = JG_STR(cprobe, probe, torch_version);
    const char *machine = JG_STR(pyprobe, probe, python_machine); /* the same "python" member */
    const json_t *libs = JG_NODE(cprobe, probe, torch_cuda_libraries);
    const json_t *nvidia = JG_NODE(cprobe, probe, torch_nvidia_requires);
    if (!version)
        return snprintf(why, n, "torch is not installed for this interpreter"), false;
    if (!machine || strcmp(machine, "aarch64") != 0)
        return snprintf(why, n, "the interpreter runs on %s, not aarch64: no Jetson torch here",
                        machine ? machine : "an unknown machine"), false;
    bool record = JG_BOOL(cprobe, probe, torch_has_record) == 1;
    jg_torch_input in = jg_torch_input_version(version);
    in.machine = machine;
    in.cuda_libraries = record || json_array_size(libs) ? (int)json_array_size(libs) : -1;
    in.nvidia_requires = (int)json_array_size(nvidia);
    jg_torch_build b;
    jg_torch_classify(&in, &b);
    if (b.kind == JG_TORCH_UNKNOWN)
        return snprintf(why, n, "torch %s has no nv tag and no file list to show CUDA "
                        "libraries: cannot tell it is a Jetson build", version), false;
    if (b.kind == JG_TORCH_UPSTREAM_CUDA && json_array_size(nvidia) > 0)
        snprintf(why, n, "torch %s depends on nvidia-* wheels (%s, ...): a PyPI CUDA build%s, "
                 "not NVIDIA's Jetson build", version, json_string_value(json_array_get(nvidia, 0)),
                 b.cuda[0] ? " (CUDA 13 on aarch64 from torch 2.11)" : "");
    else
        snprintf(why, n, "%s", b.why);
    return jg_torch_kind_is_jetson(b.kind);
}

int jg_bnb_excluded(const json_t *policy, const char *tier_id, char *why, size_t n)
{
    size_t i;
    json_t *tier;
    const json_t *tiers = JG_NODE(policy, policy, tiers);
    bool all_supported = json_array_size(tiers) > 0;
    json_array_foreach(tiers, i, tier)
    {
        const char *id = JG_STR(tier, tier, id);
        const char *bnb = JG_STR(tier, tier, bitsandbytes);
        bool supported = bnb && strcmp(bnb, "supported") == 0;
        if (tier_id && id && strcmp(id, tier_id) == 0) {
            snprintf(why, n, "tier %s marks bitsandbytes %s", id, supported ? "supported"
                                                                             : "unsupported");
            return !supported;
        }
        all_supported = all_supported && supported;
    }
    if (tier_id)
        return snprintf(why, n, "the policy has no tier '%s'", tier_id), -1;
    snprintf(why, n, all_supported ? "every tier of the policy marks bitsandbytes supported"
                                   : "no --tier given and not every tier marks bitsandbytes "
                                     "supported (unsupported until proven)");
    return !all_supported;
}

/* "3.10" from a cp310 wheel tag, so version markers can be judged in CPU CI. */
static void python_of_wheel(const char *pin, char *out, size_t n)
{
    const char *cp = strstr(pin, "-cp3");
    out[0] = '\0';
    if (cp && isdigit((unsigned char)cp[4]))
        snprintf(out, n, "3.%.*s", (int)strspn(cp + 4, "0123456789"), cp + 4);
}

/* torchvision / torchaudio pinned beside torch, as the probe lists them. */
static void add_companions(json_t *packages, const json_t *pt)
{
    const json_t *co[] = {JG_NODE(pin, pt, torchvision), JG_NODE(pin, pt, torchaudio)};
    const char *names[] = {"torchvision", "torchaudio"};
    for (size_t i = 0; i < 2; i++)
        if (JG_STR(companion, co[i], version))
            json_object_set_new(packages, names[i],
                                json_pack("{s:s}", "version", JG_STR(companion, co[i], version)));
}

json_t *jg_tier_pin_probe(const json_t *policy, const char *tier_id)
{
    size_t i;
    json_t *tier;
    json_array_foreach(JG_NODE(policy, policy, tiers), i, tier)
    {
        const char *id = JG_STR(tier, tier, id);
        if (!tier_id || !id || strcmp(id, tier_id) != 0)
            continue;
        const json_t *pt = JG_NODE(tier, tier, pytorch);
        const char *kind = JG_STR(pin, pt, kind);
        const char *pin = JG_STR(pin, pt, pin);
        const char *recorded = JG_STR(pin, pt, torch);
        char name[64], version[128], py[16] = "";
        jg_version parsed;
        if (kind && strcmp(kind, "container") == 0 && recorded &&
            jg_version_parse(recorded, &parsed)) /* the torch the policy records for the image */
            snprintf(version, sizeof version, "%s", recorded);
        else if (!kind || strcmp(kind, "wheel") != 0 || !pin ||
                 !jg_wheel_version(pin, name, sizeof name, version, sizeof version) ||
                 strcmp(name, "torch") != 0)
            return NULL;
        else
            python_of_wheel(pin, py, sizeof py);
        json_t *python = py[0] ? json_pack("{s:s}", "version", py) : json_object();
        json_t *doc = json_pack("{s:o,s:{s:{s:s}}}", "python", python, "packages", "torch",
                                "version", version);
        add_companions(json_object_get(doc, "packages"), pt);
        return doc;
    }
    return NULL;
}
