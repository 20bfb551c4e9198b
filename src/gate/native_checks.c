/* native.*: from the results of jg_cuda_probe (one per probe id). */
#include <stdio.h>
#include <string.h>

#include "gate/check.h"
#include "gate/gate.h"
#include "gate/gpu_class.h"
#include "schema/check.h"
#include "schema/probe.h"
#include "util/json.h"

/* cuInit succeeded when the probe passed, or failed at a later call. */
static bool init_succeeded(const json_t *drv)
{
    const char *status = JG_STR(probe, drv, status);
    if (status && strcmp(status, "pass") == 0)
        return true;
    const char *call = JG_STR(cuerr, JG_OBJ(probe, drv, cuda_error), call);
    return JG_IS_INT(probe, drv, driver_version) && call && strcmp(call, "cuInit") != 0 &&
           strncmp(call, "dl", 2) != 0;
}

static json_t *check_libcuda(const json_t *drv)
{
    if (!drv)
        return jg_check("native.libcuda", "error", 0, NULL, "the driver probe did not run");
    const char *reason = JG_STR(probe, drv, reason);
    json_t *m = json_pack("{s:O?, s:O?}", "library", JG_NODE(probe, drv, library),
                          "driver_version", JG_NODE(probe, drv, driver_version));
    double dur = JG_NUM(probe, drv, duration_s);
    json_t *c;
    if (init_succeeded(drv))
        c = jg_check("native.libcuda", "pass", dur, m, "libcuda loaded and cuInit succeeded "
                     "(driver %lld)", JG_INT(probe, drv, driver_version, 0));
    else {
        const char *st = JG_STR(probe, drv, status);
        c = jg_check("native.libcuda", st && strcmp(st, "error") == 0 ? "error" : "fail", dur, m,
                     "%s", reason ? reason : "the driver probe failed");
    }
    /* null when the probe had none: the record says so rather than leaving it out */
    json_t *ce = JG_NODE(probe, drv, cuda_error);
    JG_SET(checkm, m, cuda_error, ce ? json_incref(ce) : json_null());
    return c;
}

static json_t *check_device(const json_t *facts, const json_t *drv)
{
    const json_t *dev = jg_probe_device0(drv);
    if (!dev) {
        const char *reason = drv ? JG_STR(probe, drv, reason) : NULL;
        return jg_check("native.device", "fail", 0, NULL, "no CUDA device: %s",
                        reason ? reason : "the driver probe did not run");
    }
    const char *name = JG_STR(cudev, dev, name);
    const char *cc = JG_STR(cudev, dev, compute_capability);
    json_t *integ = JG_NODE(cudev, dev, integrated);
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
