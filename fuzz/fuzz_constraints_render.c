/* libFuzzer target: an interpreter's constraints-probe answer through the
 * vendor test and the constraints renderer, both bitsandbytes choices. The
 * input is the answer as JSON (as a broken or hostile site hook could print
 * it) or, when it is not JSON, lines "NAME VERSION [CUDA-LIBRARY]" built into
 * the probe's shape, so that arbitrary version strings reach the renderer. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "install/constraints.h"
#include "util/json.h"

static json_t *from_lines(const char *text)
{
    json_t *pkgs = json_object();
    char *copy = strdup(text), *save = NULL;
    for (char *l = copy ? strtok_r(copy, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        char *name = strtok(l, " "), *ver = strtok(NULL, " "), *lib = strtok(NULL, " ");
        if (!name || !ver)
            continue;
        json_object_set_new(pkgs, name, json_pack("{s:s, s:[], s:[], s:b}", "version", ver,
                                                  "cuda_libraries", "nvidia_requires",
                                                  "has_record", 1));
        if (lib)
            json_array_append_new(json_object_get(json_object_get(pkgs, name), "cuda_libraries"),
                                  json_string(lib));
    }
    free(copy);
    return json_pack("{s:o, s:{s:s, s:s}}", "packages", pkgs, "python", "machine", "aarch64",
                     "version", "3.10.12");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    jg_jerr err;
    json_t *probe = jg_json_parse(text, size, "fuzz", &err);
    if (!probe && !memchr(data, '\0', size))
        probe = from_lines(text);
    free(text);
    if (!probe)
        return 0;
    char why[256];
    (void)jg_torch_is_vendor(probe, why, sizeof why);
    free(jg_constraints_render(probe, true, "unsupported on this tier", why, sizeof why));
    free(jg_constraints_render(probe, false, NULL, why, sizeof why));
    json_decref(probe);
    return 0;
}
