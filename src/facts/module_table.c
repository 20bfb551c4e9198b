/* jetson-facts.md §3 (module part numbers; names after jtop's
 * MODULE_NAME_TABLE, memory per the cited sources). Every row of the facts
 * table is here with exactly its values; "not found" is NULL. */
#include <string.h>

#include "facts/tables.h"

#define INFERRED "memory is inferred in jetson-facts.md, not confirmed"

static const jg_module_row rows[] = {
    {"p3834-0008", "Jetson AGX Thor Developer Kit / Jetson T5000 module", "128 GB", "tegra264", NULL},
    {"p3834-0000", "Jetson T4000", NULL, "tegra264", NULL},
    {"p3834-0005", NULL, NULL, "tegra264", "Thor reference SKU; marketing name not found"},
    {"p3701-0000", "Jetson AGX Orin", "32 GB", "tegra234", INFERRED},
    {"p3701-0001", NULL, NULL, "tegra234", "AGX Orin variant; marketing name not found"},
    {"p3701-0002", "Jetson IGX Orin", NULL, "tegra234", NULL},
    {"p3701-0004", "Jetson AGX Orin 32GB", "32 GB", "tegra234", NULL},
    {"p3701-0005", "Jetson AGX Orin 64GB", "64 GB", "tegra234", NULL},
    {"p3701-0008", "Jetson AGX Orin Industrial", "64 GB", "tegra234", NULL},
    {"p3767-0000", "Jetson Orin NX 16GB", "16 GB", "tegra234", NULL},
    {"p3767-0001", "Jetson Orin NX 8GB", "8 GB", "tegra234", NULL},
    {"p3767-0003", "Jetson Orin Nano 8GB", "8 GB", "tegra234", NULL},
    {"p3767-0004", "Jetson Orin Nano 4GB", "4 GB", "tegra234", NULL},
    {"p3767-0005", "Jetson Orin Nano Developer Kit module", "8 GB", "tegra234", NULL},
    {"p3668-0000", "Jetson Xavier NX", "8 GB", "tegra194", NULL},
    {"p3668-0001", "Jetson Xavier NX", "8 GB", "tegra194", NULL},
    {"p3668-0003", "Jetson Xavier NX 16GB", "16 GB", "tegra194", NULL},
    {"p2888-0001", "Jetson AGX Xavier", "16 GB", "tegra194", NULL},
    {"p2888-0003", "Jetson AGX Xavier", "32 GB", "tegra194", NULL},
    {"p2888-0004", "Jetson AGX Xavier", "32 GB", "tegra194", NULL},
    {"p2888-0005", "Jetson AGX Xavier", "64 GB", "tegra194", NULL},
    {"p2888-0006", "Jetson AGX Xavier 8GB", "8 GB", "tegra194", NULL},
    {"p2888-0008", "Jetson AGX Xavier Industrial", "32 GB", "tegra194", NULL},
    {"p3904-0000", "Clara AGX", NULL, "tegra194", NULL},
    {"p3448-0000", "Jetson Nano Developer Kit", "4 GB", "tegra210", NULL},
    {"p3448-0002", "Jetson Nano", "4 GB", "tegra210", NULL},
    {"p3448-0003", "Jetson Nano 2GB", "2 GB", "tegra210", NULL},
    {"p2180-1000", "Jetson TX1", "4 GB", "tegra210", INFERRED},
    {"p3310-1000", "Jetson TX2", "8 GB", "tegra186", INFERRED},
    {"p3489-0000", "Jetson TX2i", "8 GB", "tegra186", INFERRED},
    {"p3489-0888", "Jetson TX2 4GB", "4 GB", "tegra186", NULL},
    {"p3636-0001", "Jetson TX2 NX", "4 GB", "tegra186", INFERRED},
    {"r375-0001", "Jetson TK1", "2 GB", "tegra124", INFERRED},
};

const jg_module_row *jg_module_lookup(const char *part)
{
    for (size_t i = 0; part && i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].part, part) == 0)
            return &rows[i];
    return NULL;
}

/* JS-VAR CUDA_TABLE and OE4T TEGRA_CUDA_ARCHITECTURE. */
static const struct { const char *soc, *cc; } cc_rows[] = {
    {"tegra234", "8.7"}, {"tegra23x", "8.7"}, {"tegra194", "7.2"},
    {"tegra186", "6.2"}, {"tegra210", "5.3"}, {"tegra124", "3.2"},
};

const char *jg_soc_compute_capability(const char *soc, int cuda_major, const char **why)
{
    *why = NULL;
    if (soc && (strcmp(soc, "tegra264") == 0 || strcmp(soc, "tegra26x") == 0)) {
        /* sm_101 was renamed sm_110 in CUDA 13.0. */
        if (cuda_major < 0)
            *why = "Thor is 11.0 with CUDA 13 and 10.1 before; the CUDA toolkit version is unknown";
        return cuda_major < 0 ? NULL : cuda_major >= 13 ? "11.0" : "10.1";
    }
    for (size_t i = 0; soc && i < sizeof cc_rows / sizeof cc_rows[0]; i++)
        if (strcmp(cc_rows[i].soc, soc) == 0)
            return cc_rows[i].cc;
    *why = "SoC not in the compute capability table";
    return NULL;
}
