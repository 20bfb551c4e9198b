/* The walk's builders, its order, and what the doctor reads back from it. */
#include "doctor/walk/walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/doctor.h"

JG_DOC_DEFINE(walkstep, JG_WALK_STEP_FIELDS);

#define JG__NAME(e, name) name,
static const char *const statuses[JG_WS_COUNT] = {JG_WALK_STATUSES(JG__NAME)};
#undef JG__NAME

const char *jg_walk_status_name(enum jg_walk_status s)
{
    return s < JG_WS_COUNT ? statuses[s] : "unknown";
}

int jg_walk_status_index(const char *name)
{
    for (int i = 0; name && i < JG_WS_COUNT; i++)
        if (strcmp(statuses[i], name) == 0)
            return i;
    return -1;
}

json_t *jg_walk_step(const char *step, const char *layer)
{
    json_t *s = json_object();
    JG_SET_STR(walkstep, s, step, step);
    JG_SET_STR(walkstep, s, layer, layer);
    JG_SET_STR(walkstep, s, status, "not_verified");
    JG_SET_AS(walkstep, s, measured, STRS, json_array());
    return s;
}

void jg_walk_measure(json_t *step, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_array_append_new(JG_STRS(walkstep, step, measured), json_string(buf));
}

void jg_walk_set(json_t *step, enum jg_walk_status s, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    JG_SET_STR(walkstep, step, status, jg_walk_status_name(s));
    JG_SET_STR(walkstep, step, why, buf);
}

void jg_walk_finding(json_t *step, jg_fid id, const char *fix)
{
    const char *name = jg_fid_name(id);
    char layer[64];
    snprintf(layer, sizeof layer, "%.*s", (int)strcspn(name, "."), name);
    JG_SET_STR(walkstep, step, finding, name);
    JG_SET_STR(walkstep, step, layer, layer);
    JG_SET_STR(walkstep, step, fix, fix);
}

/* The enumerator of a finding id a step wrote; JG_FID_COUNT when none. */
static jg_fid fid_of(const char *name)
{
    for (int f = 0; name && f < JG_FID_COUNT; f++)
        if (strcmp(jg_fid_name((jg_fid)f), name) == 0)
            return (jg_fid)f;
    return JG_FID_COUNT;
}

enum jg_walk_status jg_walk_step_status(const json_t *step)
{
    int i = jg_walk_status_index(JG_STR(walkstep, step, status));
    return i < 0 ? JG_WS_NOT_VERIFIED : (enum jg_walk_status)i;
}

char *jg_walk_read_line(const jg_root *r, const char *rel)
{
    jg_blob b;
    if (jg_read(r, rel, JG_CAP_SMALL, &b) != JG_R_OK) {
        jg_blob_free(&b);
        return NULL;
    }
    size_t n = strcspn(b.data, "\n");
    while (n > 0 && (b.data[n - 1] == ' ' || b.data[n - 1] == '\r' || b.data[n - 1] == '\0'))
        n--;
    char *line = strndup(b.data, n);
    jg_blob_free(&b);
    return line;
}

json_t *jg_walk_run(const jg_root *root, const json_t *facts, bool live)
{
    jg_walk_ctx c = {.root = root, .facts = facts, .live = live, .gpus_seen = -1};
    json_t *steps = json_array();
    jg_walk_hardware(&c, steps);
    jg_walk_kernel_driver(&c, steps);
    jg_walk_jetson(&c, steps);
    jg_walk_libcuda(&c, steps);
    jg_walk_limits(&c, steps);
    jg_walk_visibility(&c, steps);
    jg_walk_context(&c, steps);
    jg_walk_interpreter(&c, steps);
    jg_walk_cuda_libraries(&c, steps);
    jg_walk_torch(&c, steps);
    return steps;
}

bool jg_walk_no_gpu(const json_t *walk)
{
    const json_t *hw = json_array_get(walk, 0);
    const char *name = JG_STR(walkstep, hw, step);
    return name && strcmp(name, "hardware") == 0 && jg_walk_step_status(hw) == JG_WS_ABSENT;
}

bool jg_walk_verified(const json_t *walk)
{
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
    {
        enum jg_walk_status st = jg_walk_step_status(s);
        if (st == JG_WS_FAIL || st == JG_WS_NOT_VERIFIED)
            return false;
    }
    return !jg_walk_no_gpu(walk);
}

static json_t *evidence(const json_t *step)
{
    json_t *ev = json_array();
    size_t i;
    json_t *m;
    json_array_foreach(JG_STRS(walkstep, step, measured), i, m)
        json_array_append_new(ev, json_sprintf("measured: %s", json_string_value(m)));
    const json_t *x = JG_OBJ(walkstep, step, experiment);
    if (x)
        json_array_append_new(ev, json_sprintf("experiment: %s: %s (%s)", JG_EXPERIMENT_STR(x, change),
                                               JG_EXPERIMENT_STR(x, result), JG_EXPERIMENT_STR(x, detail)));
    return ev;
}

/* "the driver probe failed" and "no kernel ran" say what, not why: when
 * another step failed with a cause of its own, they are its symptoms. */
static bool symptom(const char *id)
{
    jg_fid f = fid_of(id);
    return f == JG_FID_cuda_driver_driver_probe_failed || f == JG_FID_cuda_driver_kernel_failed;
}

static bool cause_elsewhere(const json_t *walk)
{
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
    {
        const char *id = JG_STR(walkstep, s, finding);
        if (jg_walk_step_status(s) == JG_WS_FAIL && id && !symptom(id))
            return true;
    }
    return false;
}

/* A fail proven by its experiment is high confidence; measured but not
 * proven, medium; a warn is a warning. */
void jg_walk_findings(const json_t *walk, jg_finding_list *findings)
{
    bool caused = cause_elsewhere(walk);
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
    {
        enum jg_walk_status st = jg_walk_step_status(s);
        const char *id = JG_STR(walkstep, s, finding);
        jg_fid fid = fid_of(id);
        int layer = jg_layer_index(JG_STR(walkstep, s, layer));
        if ((st != JG_WS_FAIL && st != JG_WS_WARN && !(st == JG_WS_ABSENT && i == 0)) ||
            fid == JG_FID_COUNT || layer < 0 || jg_findings_has(findings, fid) || (caused && symptom(id)))
            continue;
        const json_t *x = JG_OBJ(walkstep, s, experiment);
        const char *res = JG_EXPERIMENT_STR(x, result);
        bool proven = res && strcmp(res, "works") == 0;
        jg_finding_spec spec = {fid, (enum jg_layer)layer,
                                st == JG_WS_WARN ? JG_SEV_WARNING : JG_SEV_ERROR,
                                proven || st == JG_WS_ABSENT ? JG_CONF_HIGH : JG_CONF_MEDIUM,
                                JG_STR(walkstep, s, why), JG_STR(walkstep, s, fix)};
        jg_finding_add(findings, &spec, evidence(s));
    }
}

void jg_walk_drop_driver_blame(jg_finding_list *findings)
{
    size_t kept = 0;
    for (size_t i = 0; i < findings->n; i++) {
        enum jg_layer l = findings->v[i].spec.layer;
        if (l == JG_L_KERNEL_DRIVER || l == JG_L_CUDA_DRIVER) { /* its owned texts and evidence */
            free((char *)findings->v[i].spec.summary);
            free((char *)findings->v[i].spec.fix);
            json_decref(findings->v[i].evidence);
            continue;
        }
        findings->v[kept++] = findings->v[i];
    }
    findings->n = kept;
}
