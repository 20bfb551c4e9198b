/* NVIDIA GPUs older than Kepler, by the model names people paste ("GeForce GTX
 * 460", "Quadro FX 1800"): the architecture and what dropped it. Jetson
 * knowledge stays in soc_table.c; this table only answers "is the named
 * discrete GPU too old for any current CUDA".
 *
 * Sources: NVIDIA's list of legacy CUDA GPUs
 * (https://developer.nvidia.com/cuda-legacy-gpus: GeForce 8 / 9 / 200 series
 * and the Quadro FX line are compute capability 1.x, GeForce 400 / 500 series
 * and Tesla C2000 / M2000 are 2.x); Fermi (2.x) removed in CUDA 9.0
 * (https://github.com/kaldi-asr/kaldi/issues/1918, a maintainer: "Fermi
 * (aka 2.x) was deprecated in CUDA 8.0 and removed in CUDA 9.0"; CMake's arch
 * table, https://gitlab.kitware.com/cmake/cmake/-/merge_requests/5719); 1.x is
 * below the 2.0 that CUDA 7.5 builds require
 * (https://github.com/fireice-uk/xmr-stak/issues/1169). */
#include "facts/tables.h"

#include <stddef.h>

typedef struct {
    const char *pattern; /* lower case; '#' is one digit; a final '*' allows any text after */
    const char *arch;    /* for the reader: which generation, and the last CUDA for it */
} legacy_row;

#define TESLA_ARCH "Tesla architecture, compute capability 1.x: no CUDA after 6.5"
#define FERMI_ARCH "Fermi, compute capability 2.x: no CUDA after 8.0"

static const legacy_row legacy[] = {
    {"quadro fx*", TESLA_ARCH}, {"geforce 8#00*", TESLA_ARCH}, {"geforce 9#00*", TESLA_ARCH},
    {"gtx 2#0", TESLA_ARCH},    {"gts 2#0", TESLA_ARCH},       {"gt 2#0", TESLA_ARCH},
    {"gtx 4#0", FERMI_ARCH},    {"gts 4#0", FERMI_ARCH},       {"gt 4#0", FERMI_ARCH},
    {"gtx 5#0", FERMI_ARCH},    {"gt 5#0", FERMI_ARCH},        {"tesla c20#0", FERMI_ARCH},
    {"tesla m20#0", FERMI_ARCH},
};

const char *jg_legacy_gpu_pattern(size_t i)
{
    return i < sizeof legacy / sizeof legacy[0] ? legacy[i].pattern : NULL;
}
