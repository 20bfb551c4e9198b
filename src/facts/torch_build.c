/* The torch build classifier (torch_build.h). The channel tables are the
 * facts' (jetson-facts.md §4.1 nv tags, §7.1 PyPI aarch64 CUDA from 2.11);
 * the order of the tests is the strength of the evidence: a local tag the
 * build carries, then what its wheel holds, then its version alone. */
#include "facts/torch_build.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char jg_torch_pypi_aarch64_archs[] = "sm_80 sm_90 sm_100 sm_110 sm_120 (+PTX)";

/* §4.1: NVIDIA's redist directories and the nvYY.MM tags of their wheels. */
static const struct {
    int from, to, jetpack; /* YYMM inclusive */
} nv_tags[] = {
    {2203, 2306, 5}, /* jp/v50 .. jp/v512 */
    {2311, 2408, 6}, /* jp/v60dp .. jp/v61 */
};

/* "nvYY.MM" right after '+' or '.' in the local part: 2.5.0a0+872d972e41.nv24.08.17622132 */
static const char *nv_tag(const char *version)
{
    const char *plus = version ? strchr(version, '+') : NULL;
    for (const char *p = plus; p && (p = strstr(p, "nv")); p += 2)
        if ((p[-1] == '+' || p[-1] == '.') && isdigit((unsigned char)p[2]) &&
            isdigit((unsigned char)p[3]) && p[4] == '.' && isdigit((unsigned char)p[5]))
            return p;
    return NULL;
}

int jg_torch_nv_tag_jetpack(const char *version)
{
    const char *p = nv_tag(version);
    int yy = 0, mm = 0;
    if (!p || sscanf(p, "nv%d.%d", &yy, &mm) != 2)
        return 0;
    for (size_t i = 0; i < sizeof nv_tags / sizeof nv_tags[0]; i++)
        if (yy * 100 + mm >= nv_tags[i].from && yy * 100 + mm <= nv_tags[i].to)
            return nv_tags[i].jetpack;
    return 0;
}

static const char *local_part(const char *version)
{
    const char *plus = strchr(version, '+');
    return plus ? plus + 1 : NULL;
}

/* "+cu130" -> "13.0", "+cu126" -> "12.6", "+cu118" -> "11.8"; false when not a cu tag. */
static bool cu_tag(const char *local, char *cuda, size_t n)
{
    if (!local || strncmp(local, "cu", 2) != 0) /* before reading past a shorter tag */
        return false;
    size_t digits = strspn(local + 2, "0123456789");
    if (digits < 3 || digits > 4)
        return false;
    snprintf(cuda, n, "%.*s.%c", (int)digits - 1, local + 2, local[2 + digits - 1]);
    return true;
}

int jg_torch_pypi_aarch64_has_cuda(const char *version)
{
    int major = 0, minor = 0;
    if (!version || sscanf(version, "%d.%d", &major, &minor) != 2)
        return -1;
    return major > 2 || (major == 2 && minor >= 11);
}

jg_torch_input jg_torch_input_version(const char *version)
{
    jg_torch_input in = {version, NULL, -1, -1, -1, NULL};
    return in;
}

__attribute__((format(printf, 3, 4))) static void set(jg_torch_build *out, jg_torch_kind kind,
                                                       const char *fmt, ...)
{
    va_list ap;
    out->kind = kind;
    va_start(ap, fmt);
    vsnprintf(out->why, sizeof out->why, fmt, ap);
    va_end(ap);
}

/* What the version string alone says: its local tag. True when it decided. */
static bool by_tag(const char *v, jg_torch_build *out)
{
    const char *local = local_part(v);
    if (local && strncmp(local, "cpu", 3) == 0)
        return set(out, JG_TORCH_CPU, "torch %s is a CPU-only build (+cpu)", v), true;
    if (cu_tag(local, out->cuda, sizeof out->cuda))
        return set(out, JG_TORCH_UPSTREAM_CUDA, "torch %s is a download.pytorch.org CUDA "
                   "build (+cu tag), not NVIDIA's Jetson build", v), true;
    if (nv_tag(v)) {
        out->nv_jetpack = jg_torch_nv_tag_jetpack(v);
        return set(out, JG_TORCH_NVIDIA_JETSON, "torch %s carries NVIDIA's nvYY.MM tag: "
                   "its Jetson build", v), true;
    }
    if (local && (strncmp(local, "git", 3) == 0 || (strstr(v, "a0+") && isxdigit(*local))))
        return set(out, JG_TORCH_SOURCE, "torch %s has a git-hash local version and no nv "
                   "tag: a build from source", v), true;
    return false;
}

/* A plain version: what the wheel holds, then torch.version.cuda, then the version. */
static void by_contents(const jg_torch_input *in, jg_torch_build *out)
{
    const char *v = in->version;
    bool aarch64 = in->machine && strcmp(in->machine, "aarch64") == 0;
    if (in->cuda_libraries == 0)
        return set(out, JG_TORCH_CPU, "torch %s ships no CUDA library (no libtorch_cuda.so): "
                   "a CPU-only build", v);
    if (in->nvidia_requires > 0) {
        out->from_pypi = true;
        return set(out, JG_TORCH_UPSTREAM_CUDA, "torch %s depends on nvidia-* wheels: a PyPI "
                   "CUDA build, not NVIDIA's Jetson build", v);
    }
    if (in->cuda_libraries > 0 && in->nvidia_requires == 0)
        return set(out, JG_TORCH_JETSON_AI_LAB, "torch %s has CUDA libraries and no nvidia-* "
                   "wheels: a jetson-ai-lab build", v);
    if (in->cuda && strncmp(in->cuda, "13.", 3) == 0 && aarch64)
        return set(out, JG_TORCH_UPSTREAM_CUDA, "torch %s reports CUDA 13 with a plain version "
                   "on aarch64: PyPI's CUDA 13 build (or the cu130 index)", v);
    if (in->cuda && strncmp(in->cuda, "12.", 3) == 0 && aarch64)
        return set(out, JG_TORCH_JETSON_AI_LAB, "torch %s reports CUDA 12 with a plain version "
                   "on aarch64, where PyPI has no CUDA 12 wheel: a jetson-ai-lab build", v);
    set(out, JG_TORCH_UNKNOWN, "torch %s has a plain version and nothing else shows its "
        "channel (PyPI, jetson-ai-lab or a source build)", v);
}

void jg_torch_classify(const jg_torch_input *in, jg_torch_build *out)
{
    memset(out, 0, sizeof *out);
    if (!in->version)
        return set(out, JG_TORCH_UNKNOWN, "%s", "torch is not installed or not seen");
    if (in->cuda)
        snprintf(out->cuda, sizeof out->cuda, "%s", in->cuda);
    if (by_tag(in->version, out))
        return;
    if (in->has_cuda == 0)
        return set(out, JG_TORCH_CPU, "torch %s reports torch.version.cuda None: a CPU-only "
                   "build", in->version);
    by_contents(in, out);
    bool aarch64 = in->machine && strcmp(in->machine, "aarch64") == 0;
    if (out->kind == JG_TORCH_UPSTREAM_CUDA && aarch64 && !out->cuda[0] &&
        jg_torch_pypi_aarch64_has_cuda(in->version) == 1)
        snprintf(out->cuda, sizeof out->cuda, "13.0"); /* §7.1: PyPI's aarch64 default */
    if (out->kind == JG_TORCH_UPSTREAM_CUDA && !strchr(in->version, '+'))
        out->from_pypi = true;
}

const char *jg_torch_kind_name(jg_torch_kind k)
{
    static const char *const names[] = {"unknown", "nvidia-jetson", "jetson-ai-lab",
                                        "upstream-cuda", "cpu", "source"};
    return (size_t)k < sizeof names / sizeof names[0] ? names[k] : "unknown";
}

bool jg_torch_kind_is_jetson(jg_torch_kind k)
{
    return k == JG_TORCH_NVIDIA_JETSON || k == JG_TORCH_JETSON_AI_LAB;
}
