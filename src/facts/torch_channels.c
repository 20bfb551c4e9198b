/* Per JetPack, the torch that works there and how to install it (jetson-facts.md
 * §4.1, §4.2, §7.4): the one home of this knowledge; doctor's and triage's fix
 * texts, the support doc and release notes read it through tables.h. */
#include <string.h>

#include "facts/tables.h"

/* §7.4: the wheels JetPack 7.2's upstream CUDA 13 torch needs from pip (Orin and Thor) */
const char jg_cu13_pip_wheels[] =
    "nvidia-cudnn-cu13 nvidia-nccl-cu13 nvidia-cusparselt-cu13 nvidia-nvshmem-cu13";

static const jg_torch_channel channels[] = {
    {4, NULL, "NVIDIA's PyTorch wheel for JetPack 4.6 (cp36)", NULL,
     "nvcr.io/nvidia/l4t-pytorch:r32.7.1-pth1.10-py3", NULL},
    {5, NULL,
     "NVIDIA's JetPack 5 wheel from https://developer.download.nvidia.com/compute/redist/jp/ "
     "(v512: torch 2.1.0a0+41361538.nv23.06, cp38, for JetPack 5.1.2)",
     NULL, "nvcr.io/nvidia/l4t-pytorch:r35.2.1-pth2.0-py3", NULL},
    {6, NULL,
     "NVIDIA's JetPack 6 build: pip install torch --index-url https://pypi.jetson-ai-lab.io/jp6/cu126 "
     "(or the https://developer.download.nvidia.com/compute/redist/jp/v61/pytorch/ wheel "
     "2.5.0a0+872d972e41.nv24.08 for JetPack 6.1/6.2)",
     "https://pypi.jetson-ai-lab.io/jp6/cu126",
     "nvcr.io/nvidia/pytorch:<YY.MM>-py3-igpu (the last -igpu tag is 26.02)", NULL},
    /* §7.4: JetPack 7.2 runs Orin on the plain upstream cu130 wheels, which need the
     * nvidia-*-cu13 wheels from pip; jetson-ai-lab's sbsa/cu130 torch fails on Orin */
    {7, "tegra234",
     "the upstream CUDA 13 build: pip install torch --index-url https://download.pytorch.org/whl/cu130 "
     "(not jetson-ai-lab's sbsa/cu130 torch, which has no kernel Orin runs)",
     "https://download.pytorch.org/whl/cu130", "nvcr.io/nvidia/pytorch:<YY.MM>-py3 (multi-arch)",
     jg_cu13_pip_wheels},
    {7, NULL,
     "the standard SBSA CUDA 13 wheels: pip install torch --index-url "
     "https://download.pytorch.org/whl/cu130",
     "https://download.pytorch.org/whl/cu130", "nvcr.io/nvidia/pytorch:<YY.MM>-py3 (multi-arch)",
     NULL},
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
