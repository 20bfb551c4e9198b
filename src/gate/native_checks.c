/* native.*: from the results of jg_cuda_probe (one per probe id). */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "gate/gpu_class.h"
#include "util/json.h"

/* cuInit succeeded when the probe passed, or failed at a later call. */
static bool init_succeeded(const json_t *drv)
{
    const char *status = json_string_value(json_object_get(drv, "status"));
    if (status && strcmp(status, "pass") == 0)
        return true;
    const char *call = jg_json_str(drv, "cuda_error.call");
    return json_is_integer(jg_json_at(drv, "measurements.driver_version")) && call &&
           strcmp(call, "cuInit") != 0 && strncmp(call, "dl", 2) != 0;
}

static json_t *check_libcuda(const json_t *drv)
{
    if (!drv)
        return jg_check("native.libcuda", "error", 0, NULL, "the driver probe did not run");
    const char *reason = json_string_value(json_object_get(drv, "reason"));
    json_t *m = json_pack("{s:O?, s:O?, s:O?}", "library", jg_json_at(drv, "measurements.library"),
                          "driver_version", jg_json_at(drv, "measurements.driver_version"),
                          "cuda_error", json_object_get(drv, "cuda_error"));
    double dur = json_number_value(json_object_get(drv, "duration_s"));
    if (init_succeeded(drv))
        return jg_check("native.libcuda", "pass", dur, m, "libcuda loaded and cuInit succeeded "
                        "(driver %lld)", (long long)json_integer_value(
                            jg_json_at(drv, "measurements.driver_version")));
    const char *st = json_string_value(json_object_get(drv, "status"));
    return jg_check("native.libcuda", st && strcmp(st, "error") == 0 ? "error" : "fail", dur, m,
                    "%s", reason ? reason : "the driver probe failed");
}

static json_t *check_device(const json_t *facts, const json_t *drv)
{
    json_t *dev = json_array_get(jg_json_at(drv, "measurements.devices"), 0);
    if (!dev) {
        const char *reason = drv ? json_string_value(json_object_get(drv, "reason")) : NULL;
        return jg_check("native.device", "fail", 0, NULL, "no CUDA device: %s",
                        reason ? reason : "the driver probe did not run");
    }
    const char *name = json_string_value(json_object_get(dev, "name"));
    const char *cc = json_string_value(json_object_get(dev, "compute_capability"));
    json_t *integ = json_object_get(dev, "integrated");
    int integrated = json_is_boolean(integ) ? json_is_true(integ) : -1;
    json_t *m = json_pack("{s:s?, s:s?, s:O?}", "name", name, "compute_capability", cc,
                          "integrated", integ);
    char why[512];
    bool ok = jg_gpu_class_match(facts, name, integrated, cc, why, sizeof why);
    return jg_check("native.device", ok ? "pass" : "fail", 0, m, "%s", why);
}

void jg_gate_native_checks(const json_t *facts, const json_t *native, json_t *checks)
{
    const json_t *drv = jg_json_find_id(native, "driver");
    json_array_append_new(checks, check_libcuda(drv));
    json_array_append_new(checks, check_device(facts, drv));
    static const char *const pairs[][2] = {
        {"native.tensor_op", "tensor_op"}, {"native.surgery", "surgery"}, {"native.nf4", "nf4"}};
    for (size_t i = 0; i < 3; i++)
        json_array_append_new(checks, jg_check_from_step(pairs[i][0], jg_json_find_id(native, pairs[i][1]),
                                                         "the native probe did not run"));
}
