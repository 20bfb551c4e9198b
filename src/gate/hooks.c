#include "gate/hooks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evidence/sanitize.h"
#include "facts/module_source.h"
#include "gate/check.h"
#include "gate/junit.h"
#include "schema/check.h"
#include "schema/policy.h"
#include "util/atomic.h"
#include "util/env.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/spawn.h"
#include "util/sysroot.h"

extern char **environ;

json_t *jg_hook_tail(const char *text, size_t len, size_t n)
{
    char *clean = text ? jg_scrub_excerpt(text, len, n, true) : NULL;
    json_t *s = json_string(clean ? clean : "");
    free(clean);
    return s;
}

/* Runs command with /bin/sh -c at o->root with the contract's variables;
 * junit is the $JETGATE_JUNIT path or NULL. */
static void run_shell(const char *command, const jg_hooks_opts *o, const char *junit, jg_child *c)
{
    char py[1100], ev[1100], ju[1100];
    snprintf(py, sizeof py, "JETGATE_PYTHON=%s", o->python ? o->python : "python3");
    snprintf(ev, sizeof ev, "JETGATE_EVIDENCE_DIR=%s", o->evidence_dir ? o->evidence_dir : ".");
    snprintf(ju, sizeof ju, "JETGATE_JUNIT=%s", junit ? junit : "");
    const char *add[] = {py, ev, junit ? ju : NULL, NULL};
    char **envp = jg_env_build(environ, add, JG_ENV_OFFLINE);
    char *argv[] = {"/bin/sh", "-c", (char *)command, NULL};
    /* stderr keeps its first bytes; a larger cap keeps its end as well for the tail. */
    jg_spawn_opts so = {.timeout_s = o->timeout_s, .envp = envp, .err_cap = 1024u * 1024u,
                        .cwd = o->root && *o->root ? o->root : NULL};
    jg_spawn_argv(argv, &so, c);
    jg_env_free(envp);
}

static bool exited_ok(const jg_child *c)
{
    return c->outcome == JG_CHILD_EXITED && c->code == 0;
}

/* measurements gain the output tails and the exit code. */
static json_t *with_output(json_t *m, const jg_child *c)
{
    JG_SET(checkm, m, stdout_tail, jg_hook_tail(c->out, c->out_len, JG_HOOK_TAIL_BYTES));
    JG_SET(checkm, m, stderr_tail, jg_hook_tail(c->errtxt, c->err_len, JG_HOOK_TAIL_BYTES));
    json_object_set_new(m, "exit_code",
                        c->outcome == JG_CHILD_EXITED ? json_integer(c->code) : json_null());
    return m;
}

static json_t *device_auto(const json_t *cfg, const jg_hooks_opts *o)
{
    const char *cmd = JG_STR(hook, cfg, command);
    if (!cmd)
        return jg_check("project.device_auto", "error", 0, NULL, "hook has no \"command\"");
    jg_progress("running the project's device=auto hook");
    jg_child c;
    run_shell(cmd, o, NULL, &c);
    char got[128], desc[160];
    bool cuda = jg_device_auto_is_cuda(c.out, got, sizeof got);
    jg_child_describe(&c, desc, sizeof desc);
    json_t *m = with_output(json_pack("{s:s}", "resolved", got), &c);
    json_t *r;
    if (!exited_ok(&c))
        r = jg_check("project.device_auto", "fail", c.seconds, m, "hook %s", desc);
    else if (cuda)
        r = jg_check("project.device_auto", "pass", c.seconds, m, "device=auto resolves to %s", got);
    else
        r = jg_check("project.device_auto", "fail", c.seconds, m,
                     "device=auto resolves to '%s', not cuda (the last non-empty line of the "
                     "hook's stdout must be cuda or cuda:N)", got);
    jg_child_free(&c);
    return r;
}

static json_t *judge_junit(const char *path, const jg_child *c)
{
    jg_blob b;
    char desc[160], err[300];
    jg_child_describe(c, desc, sizeof desc);
    if (jg_read_path(path, JG_CAP_LARGE, &b) != JG_R_OK) {
        json_t *r = jg_check("project.tests", "fail", c->seconds, with_output(json_object(), c),
                             "tests hook %s and left no JUnit report at $JETGATE_JUNIT (%s)",
                             desc, jg_rstatus_name(b.status));
        jg_blob_free(&b);
        return r;
    }
    jg_junit_counts k;
    int rc = jg_junit_count(b.data, b.len, &k, err, sizeof err);
    jg_blob_free(&b);
    if (rc != 0)
        return jg_check("project.tests", "error", c->seconds, with_output(json_object(), c),
                        "JUnit report: %s", err);
    json_t *m = json_object();
    JG_SET_INT(checkm, m, tests, (json_int_t)k.tests);
    JG_SET_INT(checkm, m, failures, (json_int_t)k.failures);
    JG_SET_INT(checkm, m, errors, (json_int_t)k.errors);
    JG_SET_INT(checkm, m, skipped, (json_int_t)k.skipped);
    bool ok = jg_junit_green(&k) && exited_ok(c);
    return jg_check("project.tests", ok ? "pass" : "fail", c->seconds, with_output(m, c),
                    "%lld tests, %lld failures, %lld errors, %lld skipped; command %s",
                    k.tests, k.failures, k.errors, k.skipped, desc);
}

void jg_scrub_init_live(jg_scrub *s)
{
    jg_scrub_init(s);
    jg_scrub_add_env(s, environ);
    jg_root live;
    if (jg_root_init(&live, "/")) {
        jg_scrub_add_host(s, &live, jg_mounted_device_tree());
        jg_root_free(&live);
    }
}

/* The project's JUnit stays where the policy asked (by default inside the evidence folder
 * the action uploads), so it is scrubbed in place with the evidence's scrubber: pytest
 * writes the runner's host name and local paths into it. A report that cannot be read or
 * rewritten is removed, never left raw. */
static void scrub_project_junit(const char *path)
{
    jg_blob b;
    if (jg_read_path(path, JG_CAP_LARGE, &b) != JG_R_OK) {
        jg_blob_free(&b);
        return;
    }
    jg_scrub s;
    jg_scrub_init_live(&s);
    char *text = strndup(b.data, b.len);
    char *clean = text ? jg_scrub_xml(&s, text) : NULL;
    if (!clean || jg_atomic_write_path(path, clean, strlen(clean)) != 0) {
        jg_warn("cannot scrub the project's JUnit report %s: removed it", path);
        unlink(path);
    }
    free(clean);
    free(text);
    jg_scrub_free(&s);
    jg_blob_free(&b);
}

static json_t *tests(const json_t *cfg, const jg_hooks_opts *o)
{
    const char *cmd = JG_STR(hook, cfg, command);
    const char *junit = JG_STR(hook, cfg, junit);
    if (!cmd)
        return jg_check("project.tests", "error", 0, NULL, "hook has no \"command\"");
    char dir[] = "/tmp/jetgate-junit-XXXXXX", path[1100];
    bool tmp = !junit;
    if (tmp && !mkdtemp(dir))
        return jg_check("project.tests", "error", 0, NULL, "cannot create a temporary directory");
    /* A relative "junit" is the project's: resolve it at the project root. */
    bool rel = !tmp && junit[0] != '/' && o->root && *o->root;
    snprintf(path, sizeof path, "%s%s%s", tmp ? dir : rel ? o->root : "",
             tmp ? "/junit.xml" : rel ? "/" : "", tmp ? "" : junit);
    unlink(path); /* a stale report from an earlier run must not count */
    jg_progress("running the project's conditional tests");
    jg_child c;
    run_shell(cmd, o, path, &c);
    json_t *r = judge_junit(path, &c);
    jg_child_free(&c);
    if (tmp) {
        unlink(path);
        rmdir(dir);
    } else {
        scrub_project_junit(path);
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
                          json_t *(*run)(const json_t *, const jg_hooks_opts *),
                          const jg_hooks_opts *o)
{
    if (!json_is_object(cfg))
        return jg_check(id, "skip", 0, NULL, "not configured");
    if (refusal)
        return jg_check(id, "error", 0, NULL, "%s", refusal);
    return run(cfg, o);
}

json_t *jg_gate_run_hooks(const json_t *gate, const jg_hooks_opts *o)
{
    const json_t *da = JG_NODE(gate, gate, device_auto);
    const json_t *ts = JG_NODE(gate, gate, tests);
    const char *refusal = jg_hooks_refusal(getenv("GITHUB_EVENT_NAME"), getenv("RUNNER_ENVIRONMENT"));
    if (refusal && (json_is_object(da) || json_is_object(ts)))
        jg_err("project hooks: %s", refusal);
    json_t *out = json_array();
    json_array_append_new(out, hook_check("project.device_auto", da, refusal, device_auto, o));
    json_array_append_new(out, hook_check("project.tests", ts, refusal, tests, o));
    return out;
}

static void print_tail(FILE *f, const char *id, const char *stream, const char *tail)
{
    if (!tail || !*tail)
        return;
    fprintf(f, "jetgate: run: %s: last %s of the hook's %s:\n", id, "2 KiB", stream);
    for (const char *p = tail; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(f, "  | %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
}

void jg_hooks_print_failures(FILE *f, const json_t *checks)
{
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const json_t *c = json_array_get(checks, i);
        const char *id = JG_STR(check, c, id), *st = JG_STR(check, c, status);
        if (!id || strncmp(id, "project.", 8) != 0 || !st || strcmp(st, "pass") == 0 ||
            strcmp(st, "skip") == 0)
            continue;
        const json_t *m = JG_OBJ(check, c, measurements);
        fprintf(f, "jetgate: run: %s %s: %s\n", id, st, JG_STR(check, c, reason));
        print_tail(f, id, "stdout", JG_STR(checkm, m, stdout_tail));
        print_tail(f, id, "stderr", JG_STR(checkm, m, stderr_tail));
    }
}
