#include "doctor/experiments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doctor/rule.h"
#include "python/torch_installs.h"
#include "schema/doctor.h"
#include "schema/facts.h"
#include "schema/probe.h"
#include "util/env.h"
#include "util/json.h"
#include "util/spawn.h"

extern char **environ;

#define JG_EXP_MAX 6          /* experiments per run */
#define JG_EXP_TIMEOUT_S 20.0 /* one child */

typedef struct exp_env {
    const char *drop[4];   /* variables removed */
    const char *set[2];    /* "NAME=value" added */
} exp_env;

/* environ without secrets and without the dropped names, plus the set entries. */
static char **build_env(const exp_env *e)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **out = calloc(n + 3, sizeof *out);
    size_t k = 0;
    for (size_t i = 0; out && i < n; i++) {
        size_t len = strcspn(environ[i], "=");
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), environ[i]);
        bool drop = jg_env_entry_is_secret(environ[i]); /* the one policy (util/env.h) */
        for (int d = 0; d < 4 && e->drop[d] && !drop; d++)
            drop = strcmp(name, e->drop[d]) == 0;
        for (int s = 0; s < 2 && e->set[s] && !drop; s++)
            drop = strncmp(environ[i], e->set[s], len + 1) == 0;
        if (!drop)
            out[k++] = strdup(environ[i]);
    }
    for (int s = 0; out && s < 2 && e->set[s]; s++)
        out[k++] = strdup(e->set[s]);
    return out;
}

static void free_env(char **envp)
{
    for (size_t i = 0; envp && envp[i]; i++)
        free(envp[i]);
    free(envp);
}

/* "jetgate probe --json driver" with the changed environment: the loader reads
 * LD_LIBRARY_PATH and LD_PRELOAD only at exec, so the probe must be a new process.
 * Its output is a probe result (docs/schema.md "Native probe result"), read here
 * by its own member names. */
static enum jg_experiment_result run_driver(const exp_env *e, char *detail, size_t cap)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return JG_XR_ERROR;
    self[n] = '\0';
    char *argv[] = {self, "probe", "--json", "--timeout", "15", "driver", NULL};
    char **envp = build_env(e);
    jg_spawn_opts so = {.timeout_s = JG_EXP_TIMEOUT_S, .envp = envp};
    jg_child c;
    jg_spawn_argv(argv, &so, &c);
    free_env(envp);
    json_t *doc = c.out ? json_loads(c.out, 0, NULL) : NULL;
    const json_t *p = json_array_get(JG_OBJS(probes, doc, probes), 0);
    const char *st = JG_STR(probe, p, status), *why = JG_STR(probe, p, reason);
    size_t devs = json_array_size(JG_OBJS(probe, p, devices));
    snprintf(detail, cap, "driver probe: %s, %zu device(s)%s%s", st ? st : "no result", devs,
             why ? ": " : "", why ? why : "");
    enum jg_experiment_result r = !st                                 ? JG_XR_ERROR
                                  : strcmp(st, "pass") == 0 && devs > 0 ? JG_XR_WORKS
                                                                        : JG_XR_STILL_FAILS;
    json_decref(doc);
    jg_child_free(&c);
    return r;
}

/* python [flag] -c "import torch; ...": does torch import and see CUDA? */
static enum jg_experiment_result run_python(const char *python, const char *flag,
                                            const exp_env *e, char *detail, size_t cap)
{
    char *path = jg_which(python);
    if (!path) {
        snprintf(detail, cap, "%s not found", python);
        return JG_XR_ERROR;
    }
    char code[] = "import torch;print('JG', torch.__version__, torch.cuda.is_available())";
    char *argv[] = {path, (char *)(flag ? flag : "-c"), flag ? "-c" : code, flag ? code : NULL, NULL};
    char **envp = build_env(e);
    jg_spawn_opts so = {.timeout_s = JG_EXP_TIMEOUT_S, .envp = envp};
    jg_child c;
    jg_spawn_argv(argv, &so, &c);
    free_env(envp);
    free(path);
    const char *line = c.out ? strstr(c.out, "JG ") : NULL;
    const char *err = c.errtxt && *c.errtxt ? strrchr(c.errtxt, '\n') : NULL;
    bool ok = c.outcome == JG_CHILD_EXITED && c.code == 0 && line && strstr(line, " True");
    if (line)
        snprintf(detail, cap, "torch %.*s", (int)strcspn(line + 3, "\n"), line + 3);
    else
        snprintf(detail, cap, "torch does not import%s%.160s", err ? ":" : "",
                 err && err[1] ? err + 1 : (c.errtxt ? c.errtxt : ""));
    jg_child_free(&c);
    return ok ? JG_XR_WORKS : line || c.outcome == JG_CHILD_EXITED ? JG_XR_STILL_FAILS : JG_XR_ERROR;
}

typedef struct exp_run {
    json_t *list;
    double deadline;
    const char *python;
    const char *torch_version;      /* the failing torch's, when the probe read one */
    const char *const *torch_dirs;  /* jg_experiment_opts */
} exp_run;

static void record(exp_run *r, enum jg_experiment_id id, const char *change, const char *probe,
                   const exp_env *e, const char *flag, const char *python)
{
    if (json_array_size(r->list) >= JG_EXP_MAX || jg_now() > r->deadline)
        return;
    char detail[512] = "";
    double t0 = jg_now();
    enum jg_experiment_result res =
        strcmp(probe, "driver") == 0
            ? run_driver(e, detail, sizeof detail)
            : run_python(python ? python : r->python, flag, e, detail, sizeof detail);
    json_t *o = json_object();
    JG_SET_STR(experiment, o, id, jg_experiment_id_name(id));
    JG_SET_STR(experiment, o, change, change);
    JG_SET_STR(experiment, o, probe, probe);
    JG_SET_STR(experiment, o, result, jg_experiment_result_name(res));
    JG_SET_STR(experiment, o, detail, detail);
    JG_SET_NUM(experiment, o, seconds, (double)(long)((jg_now() - t0) * 100) / 100);
    json_array_append_new(r->list, o);
}

/* LD_LIBRARY_PATH without the entries containing needle. */
static void path_without(const char *lp, const char *needle, char *out, size_t cap)
{
    char *copy = strdup(lp), *save = NULL;
    size_t n = (size_t)snprintf(out, cap, "LD_LIBRARY_PATH=");
    for (char *e = copy ? strtok_r(copy, ":", &save) : NULL; e; e = strtok_r(NULL, ":", &save))
        if (!strstr(e, needle) && n < cap)
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n > 16 ? ":" : "", e);
    free(copy);
}

static void native_experiments(exp_run *r)
{
    const char *lp = getenv("LD_LIBRARY_PATH");
    static char no_stubs[8192], no_compat[8192];
    if (getenv("CUDA_VISIBLE_DEVICES")) {
        exp_env e = {.drop = {"CUDA_VISIBLE_DEVICES"}};
        record(r, JG_X_UNSET_CUDA_VISIBLE_DEVICES, "CUDA_VISIBLE_DEVICES unset", "driver", &e, NULL, NULL);
    }
    if (lp && strstr(lp, "/stubs")) {
        path_without(lp, "/stubs", no_stubs, sizeof no_stubs);
        exp_env e = {.set = {no_stubs}};
        record(r, JG_X_DROP_STUBS, "LD_LIBRARY_PATH without its .../stubs entries",
               "driver", &e, NULL, NULL);
    }
    if (lp && strstr(lp, "/compat")) {
        path_without(lp, "/compat", no_compat, sizeof no_compat);
        exp_env e = {.set = {no_compat}};
        record(r, JG_X_DROP_COMPAT,
               "LD_LIBRARY_PATH without its .../compat entries", "driver", &e, NULL, NULL);
    }
    if (getenv("LD_PRELOAD")) {
        exp_env e = {.drop = {"LD_PRELOAD"}};
        record(r, JG_X_UNSET_LD_PRELOAD, "LD_PRELOAD unset", "driver", &e, NULL, NULL);
    }
}

static void python_experiments(exp_run *r)
{
    exp_env none = {{NULL}, {NULL}};
    if (getenv("PYTHONPATH") || getenv("PYTHONHOME"))
        record(r, JG_X_PYTHON_ISOLATED, "python -I (PYTHONPATH, PYTHONHOME and the user site ignored)",
               "python", &none, "-I", NULL);
    record(r, JG_X_PYTHON_NO_USER_SITE, "python -s (the user site-packages ignored)", "python", &none,
           "-s", NULL);
    if ((getenv("VIRTUAL_ENV") || getenv("CONDA_PREFIX")) && access("/usr/bin/python3", X_OK) == 0) {
        exp_env e = {.drop = {"VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONHOME"}};
        record(r, JG_X_SYSTEM_INTERPRETER, "/usr/bin/python3 instead of the environment's python",
               "python", &e, NULL, "/usr/bin/python3");
    }
    /* --python names another interpreter (or a wrapper) than the python3 on PATH */
    char *mine = jg_which(r->python), *other = jg_which("python3");
    if (mine && other && strcmp(mine, other) != 0)
        record(r, JG_X_PATH_PYTHON3, "python3 from PATH instead of the configured interpreter",
               "python", &none, NULL, other);
    free(mine);
    free(other);
}

/* Another torch on the host built for CUDA (NVIDIA's nv / +l4t tag, or a +cu
 * wheel), not the one that failed: does it work with its folder first? */
static void vendor_torch_experiment(exp_run *r)
{
    jg_torch_install found[8];
    size_t n = jg_torch_installs(r->torch_dirs, found, sizeof found / sizeof found[0]);
    for (size_t i = 0; i < n; i++) {
        const char *ver = found[i].version;
        if (!jg_torch_vendor_tag(ver) || (r->torch_version && strcmp(ver, r->torch_version) == 0))
            continue;
        static char path[8192];
        const char *old = getenv("PYTHONPATH");
        snprintf(path, sizeof path, "PYTHONPATH=%s%s%s", found[i].dir, old && *old ? ":" : "",
                 old ? old : "");
        char change[700];
        snprintf(change, sizeof change, "%s first on PYTHONPATH (torch %s there)", found[i].dir, ver);
        exp_env e = {.set = {path}};
        record(r, JG_X_VENDOR_TORCH_FIRST, change, "python", &e, NULL, NULL);
        return;
    }
}

json_t *jg_run_experiments(const json_t *facts, const jg_experiment_opts *o)
{
    exp_run r = {json_array(), jg_now() + (o && o->budget_s > 0 ? o->budget_s : 60.0),
                 o && o->python ? o->python : "python3", JG_FACT_RSTR(facts, python_torch_version),
                 o ? o->torch_dirs : NULL};
    const char *st = JG_FACT_RSTR(facts, cuda_driver_status);
    size_t devs = json_array_size(JG_FACT_RLIST(facts, cuda_driver_devices));
    bool native_failed = !st || strcmp(st, "pass") != 0 || devs == 0 ||
                         JG_FACT_RBOOL(facts, cuda_driver_stub) == 1;
    bool torch_failed = JG_FACT_RBOOL(facts, python_torch_imported) == 0 ||
                        JG_FACT_RBOOL(facts, python_torch_cuda_available) == 0;
    if (native_failed)
        native_experiments(&r);
    else if (torch_failed) {
        python_experiments(&r);
        vendor_torch_experiment(&r);
    }
    return r.list;
}
