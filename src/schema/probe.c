#include "schema/probe.h"

#include <stdio.h>
#include <string.h>

JG_DOC_DEFINE(probe, JG_PROBE_FIELDS);
JG_DOC_DEFINE(probes, JG_PROBE_RUN_FIELDS);
JG_DOC_DEFINE(cuerr, JG_CUDA_ERROR_FIELDS);
JG_DOC_DEFINE(cudev, JG_CUDA_DEVICE_FIELDS);

bool jg_probe_status_own(const char *status)
{
    static const char *const own[] = {"pass", "fail", "skip"};
    for (size_t i = 0; status && i < sizeof own / sizeof own[0]; i++)
        if (strcmp(status, own[i]) == 0)
            return true;
    return false;
}

json_t *jg_cuda_error_new(const char *call, int code, const char *name, const char *text)
{
    json_t *e = json_object();
    JG_SET_STR(cuerr, e, call, call);
    JG_SET_INT(cuerr, e, code, code);
    JG_SET_STR(cuerr, e, name, name);
    if (text)
        JG_SET_STR(cuerr, e, text, text);
    return e;
}

int jg_cuda_error_code(const json_t *err)
{
    return JG_IS_INT(cuerr, err, code) ? (int)JG_INT(cuerr, err, code, -1) : -1;
}

const json_t *jg_probe_cuda_error(const json_t *probe)
{
    const json_t *e = JG_OBJ(probe, probe, cuda_error);
    return JG_IS_INT(cuerr, e, code) ? e : NULL;
}

const char *jg_cuda_error_text(const json_t *err, char *buf, size_t n)
{
    const char *name = JG_STR(cuerr, err, name), *call = JG_STR(cuerr, err, call);
    if (!JG_IS_INT(cuerr, err, code))
        snprintf(buf, n, "%s", "");
    else
        snprintf(buf, n, "%s (%lld)%s%s", name ? name : "CUDA error",
                 JG_INT(cuerr, err, code, 0), call ? " in " : "", call ? call : "");
    return buf;
}

const json_t *jg_probe_device0(const json_t *probe)
{
    return json_array_get(JG_OBJS(probe, probe, devices), 0);
}
