/* Runs the embedded probe.py with the chosen interpreter and parses its one
 * JSON document. The interpreter is resolved on PATH here because the child
 * gets an explicit (scrubbed) environment and execve does not search PATH. */
#include "python/pyprobe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embedded.h"
#include "evidence/sanitize.h"
#include "util/env.h"
#include "util/json.h"
#include "util/spawn.h"

extern char **environ;

#define PY_MODEL_TIMEOUT_S 900.0

static json_t *child_json(const jg_child *c)
{
    return json_pack("{s:s, s:o, s:o}", "outcome",
                     c->outcome == JG_CHILD_EXITED     ? "exited"
                     : c->outcome == JG_CHILD_SIGNALED ? "signaled"
                     : c->outcome == JG_CHILD_TIMEOUT  ? "timeout"
                                                       : "nospawn",
                     "code", c->outcome == JG_CHILD_EXITED ? json_integer(c->code) : json_null(),
                     "signal", c->outcome == JG_CHILD_SIGNALED ? json_integer(c->signo) : json_null());
}

/* Last non-empty line of the child's stderr: usually the exception that
 * ended it; scrubbed before it is cut to n - 1 bytes. */
static void last_line(const char *text, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!text)
        return;
    const char *end = text + strlen(text);
    while (end > text && (end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\r'))
        end--;
    const char *start = end;
    while (start > text && start[-1] != '\n')
        start--;
    char *clean = jg_scrub_excerpt(start, (size_t)(end - start), n - 1, false);
    snprintf(buf, n, "%s", clean ? clean : "");
    free(clean);
}

static json_t *failure(const char *why, const jg_child *c)
{
    json_t *r = json_object();
    json_object_set_new(r, "error", json_string(why));
    json_object_set_new(r, "child", c ? child_json(c) : json_null());
    return r;
}

static json_t *parse_result(const jg_child *c)
{
    char desc[160], tail[200], why[1024];
    jg_child_describe(c, desc, sizeof desc);
    if (c->outcome != JG_CHILD_EXITED || c->code != 0) {
        last_line(c->errtxt, tail, sizeof tail);
        snprintf(why, sizeof why, "Python probe %s%s%s", desc, *tail ? ": " : "", tail);
        return failure(why, c);
    }
    if (c->out_truncated) {
        snprintf(why, sizeof why, "Python probe printed more than %zu bytes, the limit for its "
                 "result (a site hook or the interpreter wrote to stdout)", c->out_len);
        return failure(why, c);
    }
    jg_jerr err;
    json_t *doc = jg_json_parse(c->out ? c->out : "", c->out_len, "python probe output", &err);
    if (!doc || !json_is_object(doc)) {
        snprintf(why, sizeof why, "Python probe printed no JSON object (%s)",
                 doc ? "not an object" : err.text);
        json_decref(doc);
        return failure(why, c);
    }
    json_object_set_new(doc, "child", child_json(c));
    return doc;
}

int jg_python_run(const char *python, const char *script, const char *const *args,
                  unsigned env_flags, double timeout_s, jg_child *c, char *why, size_t n)
{
    memset(c, 0, sizeof *c);
    c->outcome = JG_CHILD_NOSPAWN;
    const char *name = python ? python : "python3";
    char *exe = jg_which(name);
    if (!exe) {
        snprintf(why, n, "Python interpreter '%s' not found", name);
        return -1;
    }
    const char *const add[] = {"PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8", NULL};
    char **envp = jg_env_build(environ, add, env_flags);
    char *argv[12] = {exe, "-c", (char *)script, NULL};
    for (size_t k = 0; args && args[k] && k + 4 < sizeof argv / sizeof *argv; k++)
        argv[3 + k] = (char *)args[k];
    jg_spawn_opts so = {.timeout_s = timeout_s, .envp = envp};
    int rc = -1;
    if (!envp)
        snprintf(why, n, "out of memory building the child environment");
    else if ((rc = jg_spawn_argv(argv, &so, c)) != 0)
        snprintf(why, n, "could not start %s", name);
    jg_env_free(envp);
    free(exe);
    return rc;
}

json_t *jg_python_probe(const jg_py_opts *o)
{
    bool model = o && o->model;
    const char *args[4] = {NULL};
    int k = 0;
    if (o && (o->full || model))
        args[k++] = "full";
    if (model) {
        args[k++] = "model-download";
        args[k++] = o->model;
    }
    double deflt = model ? PY_MODEL_TIMEOUT_S : JG_PY_DEFAULT_TIMEOUT_S;
    double timeout = o && o->timeout_s > 0 ? o->timeout_s : deflt;
    jg_child c;
    char why[300];
    if (jg_python_run(o ? o->python : NULL, jg_embed_probe_py, args,
                      model ? JG_ENV_KEEP_HF_TOKEN : JG_ENV_OFFLINE, timeout, &c, why, sizeof why) != 0)
        return failure(why, c.outcome == JG_CHILD_NOSPAWN ? &c : NULL);
    json_t *r = parse_result(&c);
    jg_child_free(&c);
    return r;
}
