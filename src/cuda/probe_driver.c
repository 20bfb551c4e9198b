/* Driver probe: does libcuda load and initialise, which driver version is
 * it, and what devices does it see. Free memory needs a context, so each
 * device gets a short-lived one. No UUIDs or PCI ids are read. */
#include <stdio.h>

#include "cuda/child.h"
#include "util/json.h"
#include "util/spawn.h"

static json_t *device_json(jg_probe_run *r, int index)
{
    CUdevice dev;
    char name[256] = "";
    int major = 0, minor = 0, integrated = 0, sms = 0;
    size_t total = 0, free_b = 0, total2 = 0;
    CUcontext ctx = NULL;
    if (!JG_PR_CALL(r, cuDeviceGet, (&dev, index)) ||
        !JG_PR_CALL(r, cuDeviceGetName, (name, (int)sizeof name - 1, dev)) ||
        !JG_PR_CALL(r, cuDeviceGetAttribute, (&major, JG_CU_ATTR_CC_MAJOR, dev)) ||
        !JG_PR_CALL(r, cuDeviceGetAttribute, (&minor, JG_CU_ATTR_CC_MINOR, dev)) ||
        !JG_PR_CALL(r, cuDeviceGetAttribute, (&integrated, JG_CU_ATTR_INTEGRATED, dev)) ||
        !JG_PR_CALL(r, cuDeviceGetAttribute, (&sms, JG_CU_ATTR_MULTIPROCESSOR_COUNT, dev)) ||
        !JG_PR_CALL(r, cuDeviceTotalMem, (&total, dev)))
        return NULL;
    double t0 = jg_now(); /* free memory needs a context */
    if (!JG_PR_CALL(r, cuCtxCreate, (&ctx, 0, dev)) ||
        !JG_PR_CALL(r, cuMemGetInfo, (&free_b, &total2)))
        return NULL;
    if (index == 0)
        json_object_set_new(r->meas, "context_s", jg_json_real(jg_now() - t0));
    JG_PR_CALL(r, cuCtxDestroy, (ctx));
    char cc[32];
    snprintf(cc, sizeof cc, "%d.%d", major, minor);
    json_t *d = json_object();
    json_object_set_new(d, "index", json_integer(index));
    json_object_set_new(d, "name", json_string(name));
    json_object_set_new(d, "compute_capability", json_string(cc));
    json_object_set_new(d, "integrated", json_boolean(integrated != 0));
    json_object_set_new(d, "sm_count", json_integer(sms));
    json_object_set_new(d, "total_bytes", json_integer((json_int_t)total));
    json_object_set_new(d, "free_bytes", json_integer((json_int_t)free_b));
    return d;
}

void jg_probe_driver(jg_probe_run *r)
{
    bool inited = jg_pr_init(r);
    if (r->cu.symbols)
        json_object_set(r->meas, "symbols", r->cu.symbols);
    if (!inited)
        return;
    int version = 0, count = 0;
    if (!JG_PR_CALL(r, cuDriverGetVersion, (&version)))
        return;
    json_object_set_new(r->meas, "driver_version", json_integer(version));
    if (!JG_PR_CALL(r, cuDeviceGetCount, (&count)))
        return;
    json_object_set_new(r->meas, "device_count", json_integer(count));
    json_t *devs = json_array();
    json_object_set_new(r->meas, "devices", devs);
    for (int i = 0; i < count; i++) {
        json_t *d = device_json(r, i);
        if (!d)
            return;
        json_array_append_new(devs, d);
    }
    if (count == 0) {
        jg_pr_set(r, "fail", "the driver (version %d) initialised but reports no device", version);
        return;
    }
    const char *name = json_string_value(json_object_get(json_array_get(devs, 0), "name"));
    jg_pr_set(r, "pass", "driver %d.%d initialised; %d device(s), device 0 is %s",
              version / 1000, (version % 1000) / 10, count, name ? name : "unnamed");
}
