/* Driver probe: does libcuda load and initialise, which driver version is
 * it, and what devices does it see. Free memory needs a context, so each
 * device gets a short-lived one. No UUIDs or PCI ids are read. */
#include <stdio.h>

#include "cuda/child.h"
#include "schema/probe.h"
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
        JG_SET_NUM(probe, r->doc, context_s, jg_now() - t0);
    JG_PR_CALL(r, cuCtxDestroy, (ctx));
    char cc[32];
    snprintf(cc, sizeof cc, "%d.%d", major, minor);
    json_t *d = json_object();
    JG_SET_INT(cudev, d, index, index);
    JG_SET(cudev, d, name, json_string(name)); /* not valid UTF-8: left out */
    JG_SET_STR(cudev, d, compute_capability, cc);
    JG_SET_BOOL(cudev, d, integrated, integrated != 0);
    JG_SET_INT(cudev, d, sm_count, sms);
    JG_SET_INT(cudev, d, total_bytes, (json_int_t)total);
    JG_SET_INT(cudev, d, free_bytes, (json_int_t)free_b);
    return d;
}

void jg_probe_driver(jg_probe_run *r)
{
    bool inited = jg_pr_init(r);
    if (r->cu.symbols)
        JG_SET(probe, r->doc, symbols, json_incref(r->cu.symbols));
    if (!inited)
        return;
    int version = 0, count = 0;
    if (!JG_PR_CALL(r, cuDriverGetVersion, (&version)))
        return;
    JG_SET_INT(probe, r->doc, driver_version, version);
    if (!JG_PR_CALL(r, cuDeviceGetCount, (&count)))
        return;
    JG_SET_INT(probe, r->doc, device_count, count);
    json_t *devs = json_array();
    JG_SET(probe, r->doc, devices, devs);
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
    const char *name = JG_STR(cudev, json_array_get(devs, 0), name);
    jg_pr_set(r, "pass", "driver %d.%d initialised; %d device(s), device 0 is %s",
              version / 1000, (version % 1000) / 10, count, name ? name : "unnamed");
}
