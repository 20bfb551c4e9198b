/* Per JetPack, the torch that works there and how to install it (jetson-facts.md
 * §4.1, §4.2, §7.4): the one home of this knowledge; doctor's and triage's fix
 * texts, the support doc and release notes read it through tables.h. */
#include <stdio.h>
#include <string.h>

#include "facts/tables.h"
#include "facts/torch_build.h"

/* §7.4: the wheels JetPack 7.2's upstream CUDA 13 torch needs from pip (Orin and Thor) */
const char jg_cu13_pip_wheels[] =
    "nvidia-cudnn-cu13 nvidia-nccl-cu13 nvidia-cusparselt-cu13 nvidia-nvshmem-cu13";

static const jg_torch_channel channels[] = {
    {4, NULL, "NVIDIA's PyTorch wheel for JetPack 4.6 (cp36)", NULL,
     "nvcr.io/nvidia/l4t-pytorch:r32.7.1-pth1.10-py3", NULL, NULL, "3.6", NULL, NULL, NULL, NULL},
    {5, NULL,
     "NVIDIA's JetPack 5 wheel from https://developer.download.nvidia.com/compute/redist/jp/ "
     "(v512: torch 2.1.0a0+41361538.nv23.06, cp38, for JetPack 5.1.2)",
     NULL, "nvcr.io/nvidia/l4t-pytorch:r35.2.1-pth2.0-py3", NULL, NULL, "3.8", NULL, NULL, NULL,
     NULL},
    {6, NULL,
     "NVIDIA's JetPack 6 build: pip install torch --index-url https://pypi.jetson-ai-lab.io/jp6/cu126 "
     "(or the https://developer.download.nvidia.com/compute/redist/jp/v61/pytorch/ wheel "
     "2.5.0a0+872d972e41.nv24.08 for JetPack 6.1/6.2)",
     "https://pypi.jetson-ai-lab.io/jp6/cu126",
     "nvcr.io/nvidia/pytorch:<YY.MM>-py3-igpu", "the last -igpu tag is 26.02", NULL,
     /* §4.1: every v60/v61 wheel is cp310; JP6.1+ wheels load libcusparseLt, which the
      * JetPack CUDA install lacks (pytorch/TensorRT docsrc/getting_started/jetpack.rst) */
     "3.10", "cuSPARSELt", "libcusparseLt.so.0", "/usr/local/cuda/lib64",
     "NVIDIA's JetPack 6.1+ wheels load it and JetPack's CUDA does not include it"},
    /* §7.4: JetPack 7.2 runs Orin on the plain upstream cu130 wheels, which need the
     * nvidia-*-cu13 wheels from pip; jetson-ai-lab's sbsa/cu130 torch fails on Orin */
    {7, "tegra234",
     "the upstream CUDA 13 build: pip install torch --index-url https://download.pytorch.org/whl/cu130 "
     "(not jetson-ai-lab's sbsa/cu130 torch, which has no kernel Orin runs)",
     "https://download.pytorch.org/whl/cu130", "nvcr.io/nvidia/pytorch:<YY.MM>-py3",
     "multi-arch: the same tag as on servers",
     jg_cu13_pip_wheels, NULL, NULL, NULL, NULL, NULL},
    {7, NULL,
     "the standard SBSA CUDA 13 wheels: pip install torch --index-url "
     "https://download.pytorch.org/whl/cu130",
     "https://download.pytorch.org/whl/cu130", "nvcr.io/nvidia/pytorch:<YY.MM>-py3",
     "multi-arch: the same tag as on servers",
     NULL, NULL, NULL, NULL, NULL, NULL},
};

const jg_torch_channel *jg_torch_channel_for(int jp_major, const char *soc)
{
    const char *canon = jg_soc_canonical(soc);
    for (size_t i = 0; i < sizeof channels / sizeof channels[0]; i++)
        if (channels[i].jp_major == jp_major &&
            (!channels[i].soc || (canon && strcmp(channels[i].soc, canon) == 0)))
            return &channels[i];
    return NULL;
}

/* What the channel of this JetPack serves, against the kind of build a version is. */
int jg_torch_fits_jetpack(const char *torch, int jp_major, const char *soc, char *why, size_t n)
{
    const jg_torch_channel *c = jg_torch_channel_for(jp_major, soc);
    jg_torch_input in = jg_torch_input_version(torch);
    jg_torch_build b;
    jg_torch_classify(&in, &b);
    bool upstream = c && c->index && strstr(c->index, "download.pytorch.org");
    if (!c || b.kind == JG_TORCH_UNKNOWN || b.kind == JG_TORCH_SOURCE)
        return snprintf(why, n, "%s", c ? b.why : "no torch channel is on record for this "
                        "JetPack"), -1;
    if (b.kind == JG_TORCH_CPU)
        return snprintf(why, n, "torch %s is a CPU-only build", torch), 0;
    if (b.kind == JG_TORCH_UPSTREAM_CUDA && upstream && strncmp(b.cuda, "13.", 3) != 0)
        return snprintf(why, n, "torch %s is a CUDA %s build; JetPack %d's torch is a CUDA 13 "
                        "build", torch, b.cuda, jp_major), 0;
    if (b.kind == JG_TORCH_UPSTREAM_CUDA && !upstream)
        return snprintf(why, n, "torch %s is an upstream CUDA build (PyPI or "
                        "download.pytorch.org); JetPack %d's torch is NVIDIA's build: %s", torch,
                        jp_major, c->install), 0;
    if (b.kind == JG_TORCH_NVIDIA_JETSON && (upstream || (b.nv_jetpack && b.nv_jetpack != jp_major)))
        return snprintf(why, n, "torch %s is NVIDIA's wheel for JetPack %d, not JetPack %d's "
                        "torch: %s", torch, b.nv_jetpack, jp_major, c->install), 0;
    if (b.kind == JG_TORCH_JETSON_AI_LAB && upstream)
        return snprintf(why, n, "%s", b.why), -1;
    return snprintf(why, n, "torch %s is the kind of build JetPack %d uses", torch, jp_major), 1;
}
