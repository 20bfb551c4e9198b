/* jetson-facts.md §3 (module part numbers; names after jtop's
 * MODULE_NAME_TABLE, memory per the cited sources). Every row of the facts
 * table is here with exactly its values; "not found" is NULL. */
#include <string.h>

#include "facts/tables.h"

static const jg_module_row rows[] = {
    {"p3834-0008", "Jetson AGX Thor Developer Kit / Jetson T5000 module", "128 GB", "tegra264", NULL, false},
    {"p3834-0000", "Jetson T4000", "64 GB", "tegra264",
     "memory from two public flashing documents (jetson-facts.md §7.3), no NVIDIA page", false},
    {"p3834-0005", NULL, NULL, "tegra264", "Thor reference SKU; marketing name not found", false},
    {"p3701-0000", "Jetson AGX Orin", "32 GB", "tegra234", NULL, true},
    {"p3701-0001", NULL, NULL, "tegra234", "AGX Orin variant; marketing name not found", false},
    {"p3701-0002", "Jetson IGX Orin", NULL, "tegra234", NULL, false},
    {"p3701-0004", "Jetson AGX Orin 32GB", "32 GB", "tegra234", NULL, false},
    {"p3701-0005", "Jetson AGX Orin 64GB", "64 GB", "tegra234", NULL, false},
    {"p3701-0008", "Jetson AGX Orin Industrial", "64 GB", "tegra234", NULL, false},
    {"p3767-0000", "Jetson Orin NX 16GB", "16 GB", "tegra234", NULL, false},
    {"p3767-0001", "Jetson Orin NX 8GB", "8 GB", "tegra234", NULL, false},
    {"p3767-0003", "Jetson Orin Nano 8GB", "8 GB", "tegra234", NULL, false},
    {"p3767-0004", "Jetson Orin Nano 4GB", "4 GB", "tegra234", NULL, false},
    {"p3767-0005", "Jetson Orin Nano Developer Kit module", "8 GB", "tegra234", NULL, false},
    {"p3668-0000", "Jetson Xavier NX", "8 GB", "tegra194", NULL, false},
    {"p3668-0001", "Jetson Xavier NX", "8 GB", "tegra194", NULL, false},
    {"p3668-0003", "Jetson Xavier NX 16GB", "16 GB", "tegra194", NULL, false},
    {"p2888-0001", "Jetson AGX Xavier", "16 GB", "tegra194", NULL, false},
    {"p2888-0003", "Jetson AGX Xavier", "32 GB", "tegra194", NULL, false},
    {"p2888-0004", "Jetson AGX Xavier", "32 GB", "tegra194", NULL, false},
    {"p2888-0005", "Jetson AGX Xavier", "64 GB", "tegra194", NULL, false},
    {"p2888-0006", "Jetson AGX Xavier 8GB", "8 GB", "tegra194", NULL, false},
    {"p2888-0008", "Jetson AGX Xavier Industrial", "32 GB", "tegra194", NULL, false},
    {"p3904-0000", "Clara AGX", NULL, "tegra194", NULL, false},
    {"p3448-0000", "Jetson Nano Developer Kit", "4 GB", "tegra210", NULL, false},
    {"p3448-0002", "Jetson Nano", "4 GB", "tegra210", NULL, false},
    {"p3448-0003", "Jetson Nano 2GB", "2 GB", "tegra210", NULL, false},
    {"p2180-1000", "Jetson TX1", "4 GB", "tegra210", NULL, true},
    {"p3310-1000", "Jetson TX2", "8 GB", "tegra186", NULL, true},
    {"p3489-0000", "Jetson TX2i", "8 GB", "tegra186", NULL, true},
    {"p3489-0888", "Jetson TX2 4GB", "4 GB", "tegra186", NULL, false},
    {"p3636-0001", "Jetson TX2 NX", "4 GB", "tegra186", NULL, true},
    {"r375-0001", "Jetson TK1", "2 GB", "tegra124", NULL, true},
};

const jg_module_row *jg_module_lookup(const char *part)
{
    for (size_t i = 0; part && i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].part, part) == 0)
            return &rows[i];
    return NULL;
}


/* Module families. boards: the module board numbers of §3. implied_by: the
 * devkit and codename compatibles that NVIDIA/jetson-gpio's
 * gpio_pin_data.py (8e5f0a0) and the upstream Linux binding
 * Documentation/devicetree/bindings/arm/tegra.yaml attribute to the family;
 * they name the family, never a module SKU. */
#define GPIO "NVIDIA/jetson-gpio gpio_pin_data.py"
static const jg_family_row families[] = {
    {"Jetson TK1", "tegra124", {"r375", NULL}, {"nvidia,jetson-tk1", NULL},
     "torvalds/linux tegra.yaml, tegra124-jetson-tk1.dts"},
    {"Jetson TX1", "tegra210", {"p2180", NULL}, {"nvidia,p2371-2180", "nvidia,jetson-cv", NULL}, GPIO},
    {"Jetson Nano", "tegra210", {"p3448", NULL},
     {"nvidia,p3450-0000", "nvidia,p3450-0002", "nvidia,jetson-nano", NULL}, GPIO},
    {"Jetson TX2 NX", "tegra186", {"p3636", NULL}, {NULL}, GPIO},
    {"Jetson TX2 series (TX2, TX2i, TX2 4GB)", "tegra186", {"p3310", "p3489", NULL},
     {"nvidia,p2771-0000", "nvidia,p2771-0888", "nvidia,lightning", "nvidia,quill", "nvidia,storm",
      NULL}, GPIO},
    {"Jetson AGX Xavier series", "tegra194", {"p2888", NULL},
     {"nvidia,p2972-0000", "nvidia,p2972-0006", "nvidia,jetson-xavier", "nvidia,galen-industrial",
      "nvidia,jetson-xavier-industrial", NULL}, GPIO},
    {"Jetson Xavier NX", "tegra194", {"p3668", NULL}, {NULL}, GPIO},
    {"Jetson AGX Orin series", "tegra234", {"p3701", NULL}, {NULL}, GPIO},
    {"Jetson Orin NX / Orin Nano series", "tegra234", {"p3767", NULL}, {NULL}, GPIO},
    {"Jetson Thor series", "tegra264", {"p3834", NULL}, {NULL}, GPIO},
};
#define N_FAMILIES (sizeof families / sizeof families[0])

const jg_family_row *jg_family_for_board(const char *board)
{
    if (!board)
        return NULL;
    for (size_t i = 0; i < N_FAMILIES; i++)
        for (const char *const *b = families[i].boards; *b; b++)
            if (strcmp(*b, board) == 0 || strcmp(*b + 1, board) == 0)
                return &families[i];
    return NULL;
}

const jg_family_row *jg_family_for_compatible(const char *entry)
{
    for (size_t i = 0; entry && i < N_FAMILIES; i++)
        for (const char *const *c = families[i].implied_by; *c; c++)
            if (strcmp(*c, entry) == 0)
                return &families[i];
    return NULL;
}

/* Model phrases, most specific first ("Orin Nano" before "Nano"): the real
 * model strings of jetson-facts.md §1.3 and the upstream device trees. */
static const struct { const char *phrase, *board; } model_phrases[] = {
    {"AGX Thor", "p3834"},  {"AGX Orin", "p3701"},   {"Orin NX", "p3767"},
    {"Orin Nano", "p3767"}, {"Xavier NX", "p3668"},  {"AGX Xavier", "p2888"},
    {"TX2 NX", "p3636"},    {"Jetson TX2", "p3310"}, {"Jetson TX1", "p2180"},
    {"Jetson Nano", "p3448"}, {"Jetson TK1", "r375"},
};

const jg_family_row *jg_family_for_model(const char *model)
{
    for (size_t i = 0; model && i < sizeof model_phrases / sizeof model_phrases[0]; i++)
        if (strstr(model, model_phrases[i].phrase))
            return jg_family_for_board(model_phrases[i].board);
    return NULL;
}
