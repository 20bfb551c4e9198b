/* libFuzzer target: an interpreter's constraints-probe answer (arbitrary
 * JSON, as a broken or hostile site hook could print) through the vendor
 * test and the constraints renderer, both bitsandbytes choices. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "install/constraints.h"
#include "util/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_jerr err;
    json_t *probe = jg_json_parse((const char *)data, size, "fuzz", &err);
    if (!probe)
        return 0;
    char why[256];
    (void)jg_torch_is_vendor(probe, why, sizeof why);
    free(jg_constraints_render(probe, true, "unsupported on this tier"));
    free(jg_constraints_render(probe, false, NULL));
    json_decref(probe);
    return 0;
}
