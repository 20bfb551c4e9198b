/* Parent side of the native probes: run each probe body in a fresh child
 * (the parent never loads libcuda: CUDA is not fork-safe) under a deadline,
 * and turn whatever the child did into one result object. A child that
 * exits badly, dies by a signal, outlives its deadline or prints something
 * that is not its result is a probe with status "error" and the reason. */
#include "cuda/probe.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cuda/child.h"
#include "schema/probe.h"
#include "util/json.h"
#include "util/spawn.h"

const char *const jg_cuda_probe_ids[] = {"driver", "tensor_op", "surgery", "nf4", NULL};

struct probe_def {
    const char *id;
    void (*body)(jg_probe_run *r);
    double default_timeout_s;
};

/* Default deadlines. Surgery gets more: its CPU reference checks every one
 * of 512 Mi weights (twice on an integrated GPU, which also runs the mapped
 * path); that took 4-6 s per check on a fast x86 host, and a small Jetson's
 * cores are several times slower. */
static const struct probe_def probes[] = {
    {"driver", jg_probe_driver, 15},
    {"tensor_op", jg_probe_tensor_op, 60},
    {"surgery", jg_probe_surgery, 180},
    {"nf4", jg_probe_nf4, 60},
};

struct child_arg {
    const struct probe_def *def;
    const jg_cuda_opts *opts;
};

/* The result goes to the original stdout; anything else written to stdout
 * in the child (a driver's chatter) is sent to stderr, so that it can never
 * be mistaken for, or spoil, the result. */
static int child_main(void *p)
{
    const struct child_arg *a = p;
    jg_probe_run r = {.id = a->def->id, .opts = a->opts, .doc = json_object(),
                      .meas = json_object()};
    JG_SET(probe, r.doc, measurements, r.meas);
    int fd = fcntl(1, F_DUPFD_CLOEXEC, 3);
    r.result = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!r.result || dup2(2, 1) < 0)
        r.result = stdout;
    a->def->body(&r);
    return jg_pr_finish(&r);
}

/* The last "jetgate-step: X" line the child wrote: the call it was in. */
static void last_step(const jg_child *c, char *buf, size_t n)
{
    buf[0] = '\0';
    const char *tag = "jetgate-step: ";
    for (const char *p = c->errtxt; p && (p = strstr(p, tag)); p += strlen(tag)) {
        const char *s = p + strlen(tag);
        size_t len = strcspn(s, "\n");
        snprintf(buf, n, "%.*s", (int)len, s);
    }
}

static const char *outcome_name(enum jg_outcome o)
{
    switch (o) {
    case JG_CHILD_EXITED: return "exited";
    case JG_CHILD_SIGNALED: return "signaled";
    case JG_CHILD_TIMEOUT: return "timeout";
    case JG_CHILD_NOSPAWN: return "nospawn";
    }
    return "nospawn";
}

static void set_child(json_t *res, const jg_child *c, const char *outcome)
{
    JG_SET(probe, res, child, json_object()); /* replaces whatever the child's output said */
    JG_SET_STR(probe, res, child_outcome, outcome);
    JG_SET(probe, res, child_code, c->outcome == JG_CHILD_EXITED ? json_integer(c->code)
                                                                 : json_null());
    JG_SET(probe, res, child_signal, c->outcome == JG_CHILD_SIGNALED ? json_integer(c->signo)
                                                                     : json_null());
}

/* The child's own result, when it is one: an object with our id and a known status. */
static json_t *parse_result(const jg_child *c, const char *id)
{
    if (c->outcome != JG_CHILD_EXITED || c->code != 0 || !c->out || c->out_truncated)
        return NULL;
    jg_jerr err;
    json_t *doc = jg_json_parse(c->out, c->out_len, "probe output", &err);
    const char *got = JG_STR(probe, doc, id);
    bool valid = json_is_object(doc) && got && strcmp(got, id) == 0 &&
                 jg_probe_status_own(JG_STR(probe, doc, status)) && JG_STR(probe, doc, reason) &&
                 JG_OBJ(probe, doc, measurements);
    if (!valid) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

static json_t *error_result(const char *id, const char *reason)
{
    json_t *o = json_object();
    JG_SET_STR(probe, o, id, id);
    JG_SET_STR(probe, o, status, "error");
    JG_SET_STR(probe, o, reason, reason);
    JG_SET(probe, o, cuda_error, json_null());
    JG_SET(probe, o, measurements, json_object());
    return o;
}

static json_t *classify(const jg_child *c, const char *id, double deadline)
{
    json_t *res = parse_result(c, id);
    if (res) {
        set_child(res, c, "exited");
        return res;
    }
    char step[128], how[160], reason[512];
    last_step(c, step, sizeof step);
    const char *where = step[0] ? step : "start-up";
    const char *outcome = outcome_name(c->outcome);
    if (c->outcome == JG_CHILD_TIMEOUT)
        snprintf(reason, sizeof reason, "probe child timed out after %.1f s (deadline %.1f s) in %s",
                 c->seconds, deadline, where);
    else if (c->outcome == JG_CHILD_EXITED && c->code == 0) {
        outcome = "garbage";
        snprintf(reason, sizeof reason, "probe child printed no valid result (%zu bytes%s) after %s",
                 c->out_len, c->out_truncated ? ", truncated" : "", where);
    } else {
        jg_child_describe(c, how, sizeof how);
        snprintf(reason, sizeof reason, "probe child %s in %s", how, where);
    }
    res = error_result(id, reason);
    set_child(res, c, outcome);
    return res;
}

static const struct probe_def *find(const char *id)
{
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        if (strcmp(probes[i].id, id) == 0)
            return &probes[i];
    return NULL;
}

double jg_cuda_probe_deadline(const char *id, const jg_cuda_opts *o)
{
    const struct probe_def *def = find(id);
    if (!def)
        return 0;
    return o && o->timeout_s > 0 ? o->timeout_s : def->default_timeout_s;
}

void jg_cuda_probe_start(const char *id, const jg_cuda_opts *o, jg_cuda_job *j)
{
    memset(j, 0, sizeof *j);
    j->id = id;
    j->def = find(id);
    if (!j->def)
        return;
    jg_cuda_opts dflt = {0};
    struct child_arg arg = {j->def, o ? o : &dflt}; /* copied into the child by the fork */
    j->deadline = jg_cuda_probe_deadline(id, arg.opts);
    jg_spawn_opts so = {.timeout_s = j->deadline, .grace_s = 0.5};
    jg_spawn_fn_start(child_main, &arg, &so, &j->job, &j->child);
}

json_t *jg_cuda_probe_finish(jg_cuda_job *j)
{
    if (!j->def) {
        json_t *res = error_result(j->id, "unknown probe id");
        JG_SET(probe, res, child, json_null());
        JG_SET_NUM(probe, res, duration_s, 0);
        return res;
    }
    jg_spawn_finish(&j->job, &j->child);
    json_t *res = classify(&j->child, j->id, j->deadline);
    JG_SET_NUM(probe, res, duration_s, j->child.seconds);
    jg_child_free(&j->child);
    return res;
}

json_t *jg_cuda_probe(const char *id, const jg_cuda_opts *o)
{
    jg_cuda_job j;
    jg_cuda_probe_start(id, o, &j);
    return jg_cuda_probe_finish(&j);
}

static json_t *skipped_after_hang(const char *id, const json_t *hung)
{
    const char *reason = JG_STR(probe, hung, reason);
    json_t *res = error_result(id, "");
    JG_SET_STR(probe, res, status, "skip");
    char why[700];
    snprintf(why, sizeof why, "not run: the GPU or driver did not answer in the %s probe (%s); "
             "this probe would wait its whole deadline too", JG_STR(probe, hung, id),
             reason ? reason : "timed out");
    JG_SET_STR(probe, res, reason, why);
    JG_SET(probe, res, child, json_null());
    JG_SET_NUM(probe, res, duration_s, 0);
    return res;
}

static bool timed_out(const json_t *res)
{
    const char *outcome = JG_STR(probe, res, child_outcome);
    return outcome && strcmp(outcome, "timeout") == 0;
}

json_t *jg_cuda_probe_list(const char *const *ids, int n, const jg_cuda_opts *o,
                           void (*progress)(const char *id), bool *hung)
{
    json_t *arr = json_array();
    const json_t *first_hang = NULL;
    for (int i = 0; n < 0 ? ids[i] != NULL : i < n; i++) {
        if (first_hang) {
            json_array_append_new(arr, skipped_after_hang(ids[i], first_hang));
            continue;
        }
        if (progress)
            progress(ids[i]);
        json_t *res = jg_cuda_probe(ids[i], o);
        json_array_append_new(arr, res);
        if (timed_out(res))
            first_hang = res;
    }
    if (hung)
        *hung = first_hang != NULL;
    return arr;
}
