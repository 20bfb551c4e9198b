/* libFuzzer target: the Python probe's result document (arbitrary JSON, as
 * a hostile interpreter could print) fed into the framework checks and the
 * model-download check, against the facts of a real Orin and of no host. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "gate/gate.h"
#include "util/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_jerr err;
    json_t *python = jg_json_parse((const char *)data, size, "fuzz", &err);
    if (!python)
        return 0;
    static json_t *orin;
    if (!orin)
        orin = jg_json_load(JG_FUZZ_SOURCE_DIR "/tests/data/gate/facts-orin.json", 1u << 24, &err);
    const json_t *facts[] = {orin, NULL};
    for (size_t i = 0; i < 2; i++) {
        json_t *checks = json_array();
        jg_gate_torch_checks(facts[i], python, checks);
        json_array_append_new(checks, jg_gate_model_check(true, python));
        char *s = jg_json_string(checks);
        free(s);
        json_decref(checks);
    }
    json_decref(python);
    return 0;
}
