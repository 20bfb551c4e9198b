/* The software half of the tier matcher: L4T, JetPack, Ubuntu, CUDA toolkit,
 * cuDNN / TensorRT where the tier names them, the pinned PyTorch build, and
 * the record's internal contradictions (a release line against its L4T, a
 * GPU name against its SoC). Missing values mismatch: unknown never claims. */
#include <stdio.h>
#include <string.h>

#include "facts/parsers.h"
#include "facts/tables.h" /* jg_gpu_name_for_soc: the SoC -> CUDA device name table */
#include "policy/tier_match.h"
#include "schema/evidence.h"
#include "schema/policy.h"

/* "12.6" accepts 12.6 and 12.6.68 (a release and its updates); patterns as usual. */
static bool release_matches(const char *pattern, const char *version)
{
    if (!pattern || !version)
        return false;
    size_t n = strlen(pattern);
    if (jg_version_is_exact(pattern))
        return strncmp(pattern, version, n) == 0 && (version[n] == '\0' || version[n] == '.');
    char head[64];
    size_t k = strspn(version, "0123456789.");
    snprintf(head, sizeof head, "%.*s", (int)k, version);
    return jg_version_matches(pattern, head);
}

static void compare(struct matcher *m, const char *code, const char *what, const char *want,
                    const char *got, bool release)
{
    bool ok = release ? release_matches(want, got) : jg_version_matches(want, got);
    if (!ok)
        jg_tier_miss(m, code, "%s %s, the tier needs %s", what, jg_tier_shown(got), want);
}

/* "Ubuntu 22.04.5 LTS" -> "22.04.5"; NULL when the OS is not Ubuntu. */
static const char *ubuntu_version(const char *os, char *buf, size_t n)
{
    if (!os || strncmp(os, "Ubuntu ", 7) != 0)
        return NULL;
    snprintf(buf, n, "%.*s", (int)strspn(os + 7, "0123456789."), os + 7);
    return *buf ? buf : NULL;
}

/* A raw nv_tegra_release line that names another release than "l4t". */
static void match_release_line(struct matcher *m, const json_t *platform)
{
    const char *line = JG_STR(platform, platform, raw_nv_tegra_release);
    const char *l4t = JG_STR(platform, platform, l4t);
    if (!line || !l4t)
        return;
    jg_l4t_release r;
    memset(&r, 0, sizeof r);
    char got[48] = "";
    if (!jg_parse_tegra_release(line, strlen(line), &r))
        snprintf(got, sizeof got, "%d.%d.%d", r.major, r.minor, r.patch);
    json_decref(r.extra);
    if (strcmp(got, l4t) != 0)
        jg_tier_miss(m, "l4t_release_line_contradicts",
                     "the raw release line says %s while l4t says %s", *got ? got : "nothing",
                     l4t);
}

/* An L4T release whose module list (facts table, jetson-facts.md §7.2) leaves out the
 * platform's SoC: Orin evidence on JetPack 7.0/7.1, Xavier on JetPack 6 or 7. */
static void match_module_support(struct matcher *m, const json_t *platform)
{
    const char *l4t = JG_STR(platform, platform, l4t), *soc = JG_STR(platform, platform, soc);
    const char *socs;
    if (jg_l4t_supports_soc(l4t, soc, &socs) == 0)
        jg_tier_miss(m, "l4t_not_for_soc", "L4T %s supports %s only, not SoC %s", l4t, socs, soc);
}

static void match_gpu_name(struct matcher *m, const json_t *platform)
{
    const char *soc = JG_STR(platform, platform, soc);
    const char *want = jg_gpu_name_for_soc(soc);
    const char *got = JG_STR(platform, platform, gpu_name);
    size_t n = want ? strlen(want) : 0;
    bool ok = want && got && strncmp(got, want, n) == 0 &&
              (got[n] == '\0' || got[n] == ' ' || got[n] == '(');
    if (!ok)
        jg_tier_miss(m, "gpu_name_contradicts", "GPU name %s is not the %s GPU of SoC %s",
                     jg_tier_shown(got), want ? want : "(unknown)", jg_tier_shown(soc));
}

/* The record's torch against one pin object {kind, torch, digest}. */
static bool pin_satisfied(const json_t *pt, const json_t *platform)
{
    const char *kind = JG_STR(pin, pt, kind);
    const char *version = JG_STR(pin, pt, torch);
    const char *torch = JG_STR(platform, platform, torch);
    if (kind && strcmp(kind, "container") == 0) {
        const char *digest = JG_STR(pin, pt, digest);
        const char *got = JG_STR(platform, platform, container_digest);
        if (!digest || !got || strcmp(digest, got) != 0)
            return false;
    }
    return version && torch && strcmp(version, torch) == 0;
}

static void match_torch(struct matcher *m, const json_t *tier, const json_t *platform)
{
    const char *torch = JG_STR(platform, platform, torch);
    if (!JG_STR(platform, platform, torch_cuda))
        jg_tier_miss(m, "torch_not_cuda", "torch %s reports no CUDA version: not a CUDA build",
                     jg_tier_shown(torch));
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    if (!pt)
        return; /* no pin: the tier blocker tier_pytorch_not_pinned refuses */
    const json_t *fallback = JG_NODE(pin, pt, fallback);
    if (pin_satisfied(pt, platform) || pin_satisfied(fallback, platform))
        return;
    const char *image = JG_STR(platform, platform, container_digest);
    jg_tier_miss(m, "torch_pin_mismatch", "torch %s%s%s is not the tier's pinned build %s%s",
                 jg_tier_shown(torch), image ? " in image " : "", image ? image : "",
                 jg_tier_shown(JG_STR(pin, pt, torch)),
                 json_is_object(fallback) ? " (nor its fallback wheel)" : "");
}

/* torchvision / torchaudio pinned beside torch (or beside the fallback
 * wheel): the record's version is the pinned one, local tag included. */
static void match_companions(struct matcher *m, const json_t *tier, const json_t *platform)
{
    const json_t *pt = JG_OBJ(tier, tier, pytorch), *fb = JG_NODE(pin, pt, fallback);
    const json_t *pins[][2] = {{JG_NODE(pin, pt, torchvision), JG_NODE(pin, fb, torchvision)},
                               {JG_NODE(pin, pt, torchaudio), JG_NODE(pin, fb, torchaudio)}};
    const char *got[] = {JG_STR(platform, platform, torchvision),
                         JG_STR(platform, platform, torchaudio)};
    static const char *const names[] = {"torchvision", "torchaudio"};
    static const char *const codes[] = {"torchvision_pin_mismatch", "torchaudio_pin_mismatch"};
    for (size_t i = 0; i < 2; i++) {
        const char *want = JG_STR(companion, pins[i][0], version);
        const char *alt = JG_STR(companion, pins[i][1], version);
        if ((!want && !alt) || (got[i] && ((want && strcmp(want, got[i]) == 0) ||
                                           (alt && strcmp(alt, got[i]) == 0))))
            continue;
        jg_tier_miss(m, codes[i], "%s %s is not the %s the tier pins beside torch (%s)", names[i],
                     got[i] ? got[i] : "(not recorded)", names[i], want ? want : alt);
    }
}

void jg_tier_match_software(struct matcher *m, const json_t *tier, const json_t *platform)
{
    compare(m, "l4t_mismatch", "L4T", JG_STR(tier, tier, l4t), JG_STR(platform, platform, l4t),
            false);
    compare(m, "jetpack_mismatch", "JetPack", JG_STR(tier, tier, jetpack),
            JG_STR(platform, platform, jetpack), false);
    char ub[32];
    compare(m, "ubuntu_mismatch", "Ubuntu", JG_STR(tier, tier, ubuntu),
            ubuntu_version(JG_STR(platform, platform, os), ub, sizeof ub), true);
    compare(m, "cuda_mismatch", "CUDA toolkit", JG_STR(tier, tier, cuda),
            JG_STR(platform, platform, cuda_toolkit), true);
    if (JG_STR(tier, tier, cudnn))
        compare(m, "cudnn_mismatch", "cuDNN", JG_STR(tier, tier, cudnn),
                JG_STR(platform, platform, cudnn), true);
    if (JG_STR(tier, tier, tensorrt))
        compare(m, "tensorrt_mismatch", "TensorRT", JG_STR(tier, tier, tensorrt),
                JG_STR(platform, platform, tensorrt), true);
    match_release_line(m, platform);
    match_module_support(m, platform);
    match_gpu_name(m, platform);
    match_torch(m, tier, platform);
    match_companions(m, tier, platform);
}
