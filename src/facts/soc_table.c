/* jetson-facts.md §3: Jetson SoCs -> compute capability (JS-VAR CUDA_TABLE,
 * OE4T TEGRA_CUDA_ARCHITECTURE), CUDA device name (deviceQuery outputs) and
 * the words that name the GPU in pasted text. One row per SoC; variants map
 * to their row (tests/fixtures/roots/README.md: tegra210b01 is handled as
 * tegra210 by the L4T kernel's nvhost_is_210(), and jtop matches it by
 * substring; tegra23x/tegra26x are the family names the Orin and Thor trees
 * carry). Thor's capability depends on the toolkit (sm_101 became sm_110 in
 * CUDA 13.0). */
#include <string.h>

#include "facts/tables.h"

typedef struct soc_row {
    const char *soc, *cc, *cuda_name;
    const char *words[4]; /* NULL-terminated, lower case */
} soc_row;

/* Order is the triage's word match order: most specific names first. */
static const soc_row socs[] = {
    {"tegra234", "8.7", "Orin", {"orin", NULL}},
    {"tegra264", "11.0", "NVIDIA Thor", {"thor", NULL}},
    {"tegra194", "7.2", "Xavier", {"xavier", NULL}},
    {"tegra186", "6.2", "NVIDIA Tegra X2", {"tx2", "tegra x2", NULL}},
    {"tegra210", "5.3", "NVIDIA Tegra X1", {"tegra x1", "jetson nano", "tx1", NULL}},
    {"tegra124", "3.2", NULL, {NULL}}, /* no CUDA device name on record */
};
#define N_SOCS (sizeof socs / sizeof socs[0])

static const struct { const char *variant, *soc; } variants[] = {
    {"tegra23x", "tegra234"}, {"tegra26x", "tegra264"}, {"tegra210b01", "tegra210"},
};

static const soc_row *soc_lookup(const char *soc)
{
    const char *c = jg_soc_canonical(soc);
    for (size_t i = 0; c && i < N_SOCS; i++)
        if (strcmp(socs[i].soc, c) == 0)
            return &socs[i];
    return NULL;
}

const char *jg_soc_canonical(const char *soc)
{
    for (size_t i = 0; soc && i < sizeof variants / sizeof variants[0]; i++)
        if (strcmp(variants[i].variant, soc) == 0)
            return variants[i].soc;
    for (size_t i = 0; soc && i < N_SOCS; i++)
        if (strcmp(socs[i].soc, soc) == 0)
            return socs[i].soc;
    return NULL;
}

const char *jg_soc_compute_capability(const char *soc, int cuda_major, const char **why)
{
    *why = NULL;
    const soc_row *r = soc_lookup(soc);
    if (!r) {
        *why = "SoC not in the compute capability table";
        return NULL;
    }
    if (strcmp(r->soc, "tegra264") != 0)
        return r->cc;
    if (cuda_major < 0)
        *why = "Thor is 11.0 with CUDA 13 and 10.1 before; the CUDA version is unknown";
    return cuda_major < 0 ? NULL : cuda_major >= 13 ? "11.0" : "10.1";
}

const char *jg_gpu_name_for_soc(const char *soc)
{
    const soc_row *r = soc_lookup(soc);
    return r ? r->cuda_name : NULL;
}

const char *jg_gpu_word(size_t i, const char **cc)
{
    for (size_t s = 0; s < N_SOCS; s++)
        for (const char *const *w = socs[s].words; *w; w++)
            if (i-- == 0) {
                *cc = socs[s].cc;
                return *w;
            }
    return NULL;
}
