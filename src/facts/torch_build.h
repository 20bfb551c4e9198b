/* The one classifier of torch builds (jetson-facts.md §4.1-4.3, §7.1, §7.4):
 * which channel an installed or pasted torch came from, judged from what its
 * metadata or a paste shows. doctor, triage, setup, constraints and claim ask
 * it; none keeps its own "is this NVIDIA's torch?". Plain C inputs, so a
 * caller with a probe document and one with a pasted version line use it
 * alike. Evidence that is not there is never filled in: the kind is then
 * UNKNOWN with the reason. */
#ifndef JG_FACTS_TORCH_BUILD_H
#define JG_FACTS_TORCH_BUILD_H
#include <stdbool.h>
#include <stddef.h>

typedef enum jg_torch_kind {
    JG_TORCH_UNKNOWN,       /* the evidence does not decide */
    JG_TORCH_NVIDIA_JETSON, /* NVIDIA's Jetson wheel or container: an nvYY.MM local tag */
    JG_TORCH_JETSON_AI_LAB, /* jetson-ai-lab index build: plain version, CUDA libraries,
                               no nvidia-* wheels, or a CUDA 12 plain version on aarch64 */
    JG_TORCH_UPSTREAM_CUDA, /* download.pytorch.org +cuXYZ, or PyPI's CUDA build (nvidia-*
                               wheels; on aarch64 every PyPI torch >= 2.11) */
    JG_TORCH_CPU,           /* +cpu, torch.version.cuda None, or no libtorch_cuda */
    JG_TORCH_SOURCE,        /* a0+<git hash> or +git without nv tag: a local source build */
} jg_torch_kind;

typedef struct jg_torch_input {
    const char *version; /* torch.__version__; NULL: torch not installed / not seen */
    const char *cuda;    /* torch.version.cuda; NULL unknown (or None: set has_cuda 0) */
    int has_cuda;        /* 1 a CUDA build says so, 0 torch.version.cuda is None, -1 unknown */
    int cuda_libraries;  /* CUDA libraries in the wheel's RECORD; -1 no file list */
    int nvidia_requires; /* nvidia-* requirements of the wheel; -1 unknown */
    const char *machine; /* "aarch64", "x86_64"; NULL unknown */
} jg_torch_input;

typedef struct jg_torch_build {
    jg_torch_kind kind;
    char cuda[16];     /* "13.0" from +cu130, torch.version.cuda or the channel; "" unknown */
    int nv_jetpack;    /* JetPack major an nvYY.MM tag belongs to; 0 unknown */
    bool from_pypi;    /* the plain-version PyPI wheel (CUDA 13 on aarch64 from 2.11) */
    char why[200];     /* one sentence naming the evidence */
} jg_torch_build;

/* An input that knows nothing but the version string. */
jg_torch_input jg_torch_input_version(const char *version);
void jg_torch_classify(const jg_torch_input *in, jg_torch_build *out);
/* "nvidia-jetson", "jetson-ai-lab", "upstream-cuda", "cpu", "source", "unknown". */
const char *jg_torch_kind_name(jg_torch_kind k);
/* NVIDIA's own channels for Jetson: its Jetson wheel or the jetson-ai-lab index. */
bool jg_torch_kind_is_jetson(jg_torch_kind k);

/* §7.1: PyPI's linux aarch64 torch is a CUDA 13.0 build from 2.11; up to 2.10
 * it is CPU-only. 1 / 0 for a parseable version, -1 otherwise. */
int jg_torch_pypi_aarch64_has_cuda(const char *version);
/* The arch list §7.1 gives for PyPI's aarch64 CUDA 13.0 build. */
extern const char jg_torch_pypi_aarch64_archs[];
/* JetPack major of an nvYY.MM tag (NVIDIA's redist index: v50..v512 = nv22.3..nv23.06,
 * v60dp..v61 = nv23.11..nv24.08); 0 when the tag is absent or outside the table. */
int jg_torch_nv_tag_jetpack(const char *version);

#endif
