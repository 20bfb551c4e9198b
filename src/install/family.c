/* The torch family (torch, torchvision, torchaudio): one row each, with
 * where a Jetson build comes from, so that every refusal about a missing
 * or foreign build says what to do (facts: /work/shared/jetson-facts.md
 * §4.1 and §7.4; the source repositories are the projects' own). */
#include <stdio.h>
#include <string.h>

#include "install/constraints.h"

static const struct family_row {
    const char *name;
    const char *source; /* the project's repository, for a source build */
} family[] = {
    {"torch", "https://github.com/pytorch/pytorch"},
    {"torchvision", "https://github.com/pytorch/vision"},
    {"torchaudio", "https://github.com/pytorch/audio"},
};

bool jg_family_member(const char *name)
{
    for (size_t i = 0; i < sizeof family / sizeof family[0]; i++)
        if (strcmp(family[i].name, name) == 0)
            return true;
    return false;
}

const char *jg_family_name(size_t i)
{
    return i < sizeof family / sizeof family[0] ? family[i].name : NULL;
}

void jg_family_remedy(const char *name, char *out, size_t n)
{
    const char *source = NULL;
    for (size_t i = 0; i < sizeof family / sizeof family[0]; i++)
        if (strcmp(family[i].name, name) == 0)
            source = family[i].source;
    if (!source || strcmp(name, "torch") == 0) {
        snprintf(out, n, "install NVIDIA's torch for this JetPack (JetPack 5 and 6: "
                 "developer.download.nvidia.com/compute/redist/jp/vNN/pytorch/ or the "
                 "pypi.jetson-ai-lab.io jp6/cu126 index; JetPack 7: download.pytorch.org/whl/"
                 "cu130) and pin it in the tier's pytorch (pin, torch, sha256)");
        return;
    }
    snprintf(out, n, "get a %s built against the vendor torch: for JetPack 6 from the "
             "pypi.jetson-ai-lab.io jp6/cu126 index, for JetPack 7 from download.pytorch.org/"
             "whl/cu130, else build the release that pairs with that torch from source on the "
             "Jetson (pip install --no-build-isolation --no-deps 'git+%s@vX.Y.Z'); then pin "
             "it beside torch in the tier: pytorch.%s = {\"version\", \"pin\", \"sha256\"} "
             "(docs/schema.md)", name, source, name);
}
