/* `jetgate init --new-tier ID --module PART --jetpack X.Y --torch-source ...`:
 * a tier of the project's own, from jetgate's tables (module part -> name,
 * memory class, SoC, compute capability; JetPack -> L4T, Ubuntu, CUDA). A
 * value the tables do not hold stops init with its name: never a guess. */
#include "cmd/init_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/tables.h"
#include "schema/policy.h"
#include "util/msg.h"

/* How the tier's torch was made, as the pin object the schema knows:
 * NVIDIA's wheel, a jetson-ai-lab index wheel, a source build's wheel (all
 * kind wheel, pin where that wheel is), or a container image. */
static json_t *pin_for(const jg_tier_spec *s, char *why, size_t n)
{
    static const struct { const char *source, *kind, *says; } kinds[] = {
        {"wheel", "wheel", "NVIDIA's wheel for this JetPack"},
        {"jetson-ai-lab", "wheel", "a wheel from the jetson-ai-lab index (pypi.jetson-ai-lab)"},
        {"source", "wheel", "torch built from source for this JetPack (pin: the built wheel)"},
        {"container", "container", "the torch of this container image"},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(s->torch_source, kinds[i].source) != 0)
            continue;
        if (!s->torch_pin || !s->torch_version) {
            snprintf(why, n, "--torch-source %s needs --torch-pin (%s) and --torch-version "
                     "(torch.__version__ of that build)", s->torch_source,
                     strcmp(kinds[i].kind, "container") == 0 ? "image:tag" : "the wheel's URL or path");
            return NULL;
        }
        return json_pack("{s:s, s:s, s:s, s:s, s:n}", JG_POLICY_COMMENT_KEY, kinds[i].says,
                         "kind", kinds[i].kind, "pin", s->torch_pin, "torch", s->torch_version,
                         strcmp(kinds[i].kind, "container") == 0 ? "digest" : "sha256");
    }
    snprintf(why, n, "--torch-source '%s' is not wheel, jetson-ai-lab, source or container",
             s->torch_source);
    return NULL;
}

static json_t *tier_of(const jg_tier_spec *s, const jg_module_row *m, const char *cc,
                       const char *l4t, json_t *pin)
{
    const char *cuda = jg_cuda_for_l4t(l4t), *ubuntu = jg_ubuntu_for_l4t(l4t);
    char name[200];
    snprintf(name, sizeof name, "%s (JetPack %s)", m->name ? m->name : m->part, s->jetpack);
    json_t *hw = json_pack("{s:[s], s:s?, s:s, s:s}", "module_parts", m->part, "memory_class",
                           m->memory_inferred ? NULL : m->memory, "soc", m->soc,
                           "compute_capability", cc);
    json_t *sw = json_pack("{s:s, s:s, s:s, s:s}", "jetpack", s->jetpack, "l4t", l4t, "ubuntu",
                           ubuntu, "cuda", cuda);
    return json_pack("{s:s, s:s, s:s, s:[], s:o, s:o, s:o, s:s, s:s, s:s}", "id", s->id, "level",
                     s->level ? s->level : "target", "name", name, "runner_labels", "hardware",
                     hw, "software", sw, "pytorch", pin, "bitsandbytes", "unsupported",
                     "evidence", "green jetson-runtime evidence on the exact commit, from this "
                                 "module and JetPack",
                     "memory_notes", "Unified memory is shared by the OS, CUDA, the weights "
                                     "and the page cache: validate with small models first.");
}

json_t *jg_init_spec_tier(const jg_tier_spec *s, char *why, size_t n)
{
    const jg_module_row *m = jg_module_lookup(s->module);
    const char *tw = NULL, *l4t = s->l4t ? s->l4t : jg_l4t_for_jetpack(s->jetpack, &tw), *cc = NULL;
    const char *note, *dispute, *jp = s->l4t ? jg_jetpack_for_l4t(s->l4t, &note, &tw, &dispute) : NULL;
    if (!m || !m->soc)
        return snprintf(why, n, "--module %s is not a Jetson module part in jetgate's table "
                        "(e.g. p3701-0005; `jetgate facts` shows a host's)", s->module), NULL;
    if (!l4t)
        return snprintf(why, n, "--jetpack %s: %s (--l4t)", s->jetpack, tw), NULL;
    if (s->l4t && (!jp || strcmp(jp, s->jetpack) != 0))
        return snprintf(why, n, "--l4t %s is JetPack %s in the table, not %s", s->l4t,
                        jp ? jp : "unknown", s->jetpack), NULL;
    const char *cuda = jg_cuda_for_l4t(l4t);
    if (!cuda || !jg_ubuntu_for_l4t(l4t))
        return snprintf(why, n, "--jetpack %s (L4T %s): the table holds no %s for it", s->jetpack,
                        l4t, cuda ? "Ubuntu release" : "CUDA toolkit"), NULL;
    int runs = jg_l4t_supports_soc(l4t, m->soc, &tw);
    if (runs == 0)
        return snprintf(why, n, "JetPack %s (L4T %s) does not run on %s (%s); it supports %s",
                        s->jetpack, l4t, m->part, m->soc, tw), NULL;
    if (runs < 0)
        jg_warn("init: jetgate's table does not say which modules L4T %s runs on: check "
                "NVIDIA's release notes that JetPack %s supports %s (%s)", l4t, s->jetpack,
                m->part, m->soc);
    if (!(cc = jg_soc_compute_capability(m->soc, atoi(cuda), &tw)))
        return snprintf(why, n, "%s: compute capability unknown: %s", m->soc, tw), NULL;
    json_t *pin = pin_for(s, why, n);
    return pin ? tier_of(s, m, cc, l4t, pin) : NULL;
}
