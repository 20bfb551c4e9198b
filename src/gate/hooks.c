#include "gate/hooks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gate/check.h"
#include "gate/junit.h"
#include "util/env.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/spawn.h"
#include "util/sysroot.h"

extern char **environ;

bool jg_device_auto_is_cuda(const char *out, char *got, size_t n)
{
    const char *end = out ? out + strlen(out) : NULL;
    while (end && end > out && isspace((unsigned char)end[-1]))
        end--;
    const char *start = end;
    while (start && start > out && start[-1] != '\n')
        start--;
    while (start && start < end && isspace((unsigned char)*start))
        start++;
    snprintf(got, n, "%.*s", start ? (int)(end - start) : 0, start ? start : "");
    if (strcmp(got, "cuda") == 0)
        return true;
    if (strncmp(got, "cuda:", 5) != 0 || !got[5])
        return false;
    for (const char *p = got + 5; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    return true;
}

/* Runs command with /bin/sh -c; extra is one "NAME=value" or NULL. */
static void run_shell(const char *command, const char *extra, double timeout_s, jg_child *c)
{
    const char *add[] = {extra, NULL};
    char **envp = jg_env_build(environ, add, JG_ENV_OFFLINE);
    char *argv[] = {"/bin/sh", "-c", (char *)command, NULL};
    jg_spawn_opts o = {.timeout_s = timeout_s, .envp = envp};
    jg_spawn_argv(argv, &o, c);
    jg_env_free(envp);
}

static bool exited_ok(const jg_child *c)
{
    return c->outcome == JG_CHILD_EXITED && c->code == 0;
}

static json_t *device_auto(const json_t *cfg, double timeout_s)
{
    const char *cmd = json_string_value(json_object_get(cfg, "command"));
    if (!cmd)
        return jg_check("project.device_auto", "error", 0, NULL, "hook has no \"command\"");
    jg_progress("running the project's device=auto hook");
    jg_child c;
    run_shell(cmd, NULL, timeout_s, &c);
    char got[128], desc[160];
    bool cuda = jg_device_auto_is_cuda(c.out, got, sizeof got);
    jg_child_describe(&c, desc, sizeof desc);
    json_t *m = json_pack("{s:s}", "resolved", got);
    json_t *r;
    if (!exited_ok(&c))
        r = jg_check("project.device_auto", "fail", c.seconds, m, "hook %s", desc);
    else if (cuda)
        r = jg_check("project.device_auto", "pass", c.seconds, m, "device=auto resolves to %s", got);
    else
        r = jg_check("project.device_auto", "fail", c.seconds, m,
                     "device=auto resolves to '%s', not cuda", got);
    jg_child_free(&c);
    return r;
}

static json_t *judge_junit(const char *path, const jg_child *c)
{
    jg_blob b;
    char desc[160], err[300];
    jg_child_describe(c, desc, sizeof desc);
    if (jg_read_path(path, JG_CAP_LARGE, &b) != JG_R_OK) {
        json_t *r = jg_check("project.tests", "fail", c->seconds, NULL,
                             "tests hook %s and left no JUnit report (%s)", desc,
                             jg_rstatus_name(b.status));
        jg_blob_free(&b);
        return r;
    }
    jg_junit_counts k;
    int rc = jg_junit_count(b.data, b.len, &k, err, sizeof err);
    jg_blob_free(&b);
    if (rc != 0)
        return jg_check("project.tests", "error", c->seconds, NULL, "JUnit report: %s", err);
    json_t *m = json_pack("{s:I, s:I, s:I, s:I, s:o}", "tests", (json_int_t)k.tests, "failures",
                          (json_int_t)k.failures, "errors", (json_int_t)k.errors, "skipped",
                          (json_int_t)k.skipped, "exit_code",
                          c->outcome == JG_CHILD_EXITED ? json_integer(c->code) : json_null());
    bool ok = k.tests > 0 && k.failures == 0 && k.errors == 0 && k.skipped == 0 && exited_ok(c);
    return jg_check("project.tests", ok ? "pass" : "fail", c->seconds, m,
                    "%lld tests, %lld failures, %lld errors, %lld skipped; command %s",
                    k.tests, k.failures, k.errors, k.skipped, desc);
}

static json_t *tests(const json_t *cfg, double timeout_s)
{
    const char *cmd = json_string_value(json_object_get(cfg, "command"));
    const char *junit = json_string_value(json_object_get(cfg, "junit"));
    if (!cmd)
        return jg_check("project.tests", "error", 0, NULL, "hook has no \"command\"");
    char dir[] = "/tmp/jetgate-junit-XXXXXX", path[1100], var[1200];
    bool tmp = !junit;
    if (tmp && !mkdtemp(dir))
        return jg_check("project.tests", "error", 0, NULL, "cannot create a temporary directory");
    snprintf(path, sizeof path, "%s%s", tmp ? dir : junit, tmp ? "/junit.xml" : "");
    unlink(path); /* a stale report from an earlier run must not count */
    snprintf(var, sizeof var, "JETGATE_JUNIT=%s", path);
    jg_progress("running the project's conditional tests");
    jg_child c;
    run_shell(cmd, var, timeout_s, &c);
    json_t *r = judge_junit(path, &c);
    jg_child_free(&c);
    if (tmp) {
        unlink(path);
        rmdir(dir);
    }
    return r;
}

const char *jg_hooks_refusal(const char *event, const char *runner_environment)
{
    if (!event || (strcmp(event, "pull_request") != 0 && strcmp(event, "pull_request_target") != 0))
        return NULL;
    /* Only a runner GitHub itself says is ephemeral may run a PR's code;
     * an unset RUNNER_ENVIRONMENT is treated as self-hosted. */
    if (runner_environment && strcmp(runner_environment, "github-hosted") == 0)
        return NULL;
    return "refused: project hooks never run for a pull_request or pull_request_target event "
           "on a self-hosted runner (untrusted code on a persistent machine); run the gate "
           "from workflow_dispatch, schedule or release";
}

static json_t *hook_check(const char *id, const json_t *cfg, const char *refusal,
                          json_t *(*run)(const json_t *, double), double timeout_s)
{
    if (!json_is_object(cfg))
        return jg_check(id, "skip", 0, NULL, "not configured");
    if (refusal)
        return jg_check(id, "error", 0, NULL, "%s", refusal);
    return run(cfg, timeout_s);
}

json_t *jg_gate_run_hooks(const json_t *gate, double timeout_s)
{
    const json_t *hooks = json_object_get(gate, "hooks");
    const json_t *da = json_object_get(hooks, "device_auto");
    const json_t *ts = json_object_get(hooks, "tests");
    const char *refusal = jg_hooks_refusal(getenv("GITHUB_EVENT_NAME"), getenv("RUNNER_ENVIRONMENT"));
    if (refusal && (json_is_object(da) || json_is_object(ts)))
        jg_err("project hooks: %s", refusal);
    json_t *out = json_array();
    json_array_append_new(out, hook_check("project.device_auto", da, refusal, device_auto, timeout_s));
    json_array_append_new(out, hook_check("project.tests", ts, refusal, tests, timeout_s));
    return out;
}
