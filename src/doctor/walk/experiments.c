/* Experiments that follow the walk: for a failed step whose cause can be
 * tested without side effects, the failing probe runs again in a child with
 * that one thing changed, and the step says "proven by experiment" or
 * "tried: still fails". The changes: the address-space limit raised (the
 * soft to the hard one, or both to unlimited where this process may: raised
 * for the fork and put back at once), PYTHONHOME unset, python -I, another working directory. The other
 * counter-experiments (CUDA_VISIBLE_DEVICES, the stub library, -s, the system
 * interpreter) are doctor/experiments.c's; a step whose finding they already
 * tested takes their result. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "schema/doctor.h"
#include "util/env.h"
#include "util/spawn.h"
#include "doctor/walk/walk.h"

extern char **environ;

#define TRY_TIMEOUT_S 30.0

typedef struct trial {
    const char *probe;  /* "native" | "python" | "interpreter" */
    const char *drop;   /* a variable unset, or NULL */
    const char *flag;   /* an interpreter flag, or NULL */
    const char *cwd;    /* another working directory, or NULL */
    bool raise_as;      /* RLIMIT_AS raised (jg_walk_raise_as) */
} trial;

static char **env_without(const char *drop)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **kept = calloc(n + 1, sizeof *kept);
    size_t k = 0;
    size_t len = drop ? strlen(drop) : 0;
    for (size_t i = 0; kept && i < n; i++)
        if (!drop || strncmp(environ[i], drop, len) != 0 || environ[i][len] != '=')
            kept[k++] = environ[i];
    char **envp = kept ? jg_env_build(kept, NULL, JG_ENV_OFFLINE) : NULL;
    free(kept);
    return envp;
}

/* The last non-empty line of a child's stderr (the exception that ended it). */
static void last_line(const char *text, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!text)
        return;
    const char *end = text + strlen(text);
    while (end > text && (end[-1] == '\n' || end[-1] == ' '))
        end--;
    const char *start = end;
    while (start > text && start[-1] != '\n')
        start--;
    snprintf(buf, n, "%.*s", (int)(end - start), start);
}

static const char torch_check[] =
    "import torch;x=torch.ones(2,device='cuda');print('JG',torch.__version__,float((x+x).sum())==4.0)";

/* The address-space experiment's change, made on this process for the fork
 * and put back after it (setrlimit(RLIMIT_AS, old): lowering needs no
 * privilege). With the soft limit under the hard one the soft is raised to
 * it; with the two equal, both go to unlimited, which needs CAP_SYS_RESOURCE
 * (root, where the container keeps it): the one change that tests the cause wherever the kernel allows it. */
const char *jg_walk_raise_as(struct rlimit *old, char *why, size_t n)
{
    if (getrlimit(RLIMIT_AS, old) != 0) {
        snprintf(why, n, "not tried: RLIMIT_AS could not be read");
        return NULL;
    }
    struct rlimit to = {old->rlim_max, old->rlim_max};
    const char *change = "soft RLIMIT_AS raised to the hard limit";
    if (old->rlim_cur == old->rlim_max) {
        to.rlim_cur = to.rlim_max = RLIM_INFINITY;
        change = "RLIMIT_AS raised to unlimited, soft and hard (root)";
    }
    if (setrlimit(RLIMIT_AS, &to) == 0)
        return change;
    snprintf(why, n, "not tried: the hard limit is %llu MiB and raising it needs privilege "
             "(CAP_SYS_RESOURCE: root, in a container that keeps it); ask the admin, or as "
             "root: ulimit -Hv unlimited",
             (unsigned long long)(old->rlim_max >> 20));
    return NULL;
}

static enum jg_experiment_result run(const trial *t, const char *python, char *detail, size_t cap)
{
    char self[4096] = "", *exe = NULL;
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    char *argv[8] = {NULL};
    if (strcmp(t->probe, "native") == 0) {
        char *a[] = {self, "probe", "--json", "--timeout", "20", "tensor_op", NULL};
        memcpy(argv, a, sizeof a);
    } else {
        exe = jg_which(python);
        int k = 0;
        argv[k++] = exe ? exe : (char *)python;
        if (t->flag)
            argv[k++] = (char *)t->flag;
        argv[k++] = "-c";
        argv[k++] = strcmp(t->probe, "python") == 0 ? (char *)torch_check : "import sys;print('JG',sys.prefix,True)";
    }
    struct rlimit old;
    if (t->raise_as && !jg_walk_raise_as(&old, detail, cap)) {
        free(exe);
        return JG_XR_ERROR; /* nothing could be raised: said, not run */
    }
    char **envp = env_without(t->drop);
    jg_spawn_opts so = {.timeout_s = TRY_TIMEOUT_S, .envp = envp, .cwd = t->cwd};
    jg_child c;
    jg_spawn_argv(argv, &so, &c);
    if (t->raise_as)
        setrlimit(RLIMIT_AS, &old); /* lowering is always allowed */
    jg_env_free(envp);
    free(exe);
    const char *out = c.out ? strstr(c.out, strcmp(t->probe, "native") ? "JG " : "\"status\": \"") : NULL;
    bool ok = out && c.outcome == JG_CHILD_EXITED && c.code == 0 &&
              (strcmp(t->probe, "native") ? strstr(out, " True") != NULL : strncmp(out + 11, "pass", 4) == 0);
    char desc[96], tail[200];
    jg_child_describe(&c, desc, sizeof desc);
    last_line(c.errtxt, tail, sizeof tail);
    snprintf(detail, cap, "%s %s%s%s", strcmp(t->probe, "native") ? python : "native tensor op",
             ok ? "works" : desc, !ok && *tail ? ": " : "", ok ? "" : tail);
    enum jg_experiment_result r = ok ? JG_XR_WORKS
                                  : c.outcome == JG_CHILD_NOSPAWN ? JG_XR_ERROR : JG_XR_STILL_FAILS;
    jg_child_free(&c);
    return r;
}

static void record(json_t *step, json_t *list, enum jg_experiment_id id, const char *change,
                   const trial *t, const char *python)
{
    char detail[512];
    double t0 = jg_now();
    enum jg_experiment_result res = run(t, python, detail, sizeof detail);
    json_t *o = json_object();
    JG_SET_STR(experiment, o, id, jg_experiment_id_name(id));
    JG_SET_STR(experiment, o, change, change);
    JG_SET_STR(experiment, o, probe, strcmp(t->probe, "native") == 0 ? "driver" : "python");
    JG_SET_STR(experiment, o, result, jg_experiment_result_name(res));
    JG_SET_STR(experiment, o, detail, detail);
    JG_SET_NUM(experiment, o, seconds, (double)(long)((jg_now() - t0) * 100) / 100);
    json_array_append_new(list, o);
    JG_SET_AS(walkstep, step, experiment, OBJ, json_incref(o));
}

/* A counter-experiment doctor/experiments.c already ran for this finding. */
static const json_t *earlier(const json_t *list, const char *finding)
{
    static const struct { jg_fid finding; const char *exp; } map[] = {
        {JG_FID_configuration_visible_devices, "unset-CUDA_VISIBLE_DEVICES"},
        {JG_FID_configuration_stub_library_first, "drop-stubs-from-LD_LIBRARY_PATH"},
        {JG_FID_configuration_pythonpath_shadows_torch, "python-isolated"},
    };
    for (size_t m = 0; m < sizeof map / sizeof map[0]; m++) {
        if (strcmp(jg_fid_name(map[m].finding), finding) != 0)
            continue;
        size_t i;
        json_t *x;
        json_array_foreach(list, i, x)
            if (strcmp(JG_EXPERIMENT_STR(x, id), map[m].exp) == 0)
                return x;
    }
    return NULL;
}

static void try_step(json_t *step, const char *id, const char *python, json_t *list, bool native_failed)
{
    const json_t *x = earlier(list, id);
    if (x) {
        JG_SET_AS(walkstep, step, experiment, OBJ, json_deep_copy(x));
        return;
    }
    struct rlimit as;
    if (strcmp(id, jg_fid_name(JG_FID_configuration_address_space_limit)) == 0) {
        bool equal = getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur == as.rlim_max;
        trial t = {native_failed ? "native" : "python", NULL, NULL, NULL, true};
        record(step, list, JG_X_RAISE_ADDRESS_SPACE_LIMIT,
               equal ? "RLIMIT_AS raised to unlimited, soft and hard (root)"
                     : "soft RLIMIT_AS raised to the hard limit", &t, python);
    } else if (strstr(id, ".interpreter-does-not-start") && getenv("PYTHONHOME")) {
        trial t = {"interpreter", "PYTHONHOME", NULL, NULL, false};
        record(step, list, JG_X_UNSET_PYTHONHOME, "PYTHONHOME unset", &t, python);
    } else if (strstr(id, ".interpreter-does-not-start")) {
        trial t = {"interpreter", NULL, "-I", NULL, false};
        record(step, list, JG_X_PYTHON_ISOLATED, "python -I (PYTHONPATH, PYTHONHOME and the user "
               "site ignored)", &t, python);
    } else if (strcmp(id, jg_fid_name(JG_FID_configuration_local_torch_folder)) == 0) {
        trial t = {"python", NULL, NULL, "/", false};
        record(step, list, JG_X_OTHER_DIRECTORY, "run from / instead of the working directory", &t, python);
    } else if (strcmp(id, jg_fid_name(JG_FID_configuration_pythonpath_shadows_torch)) == 0) {
        trial t = {"python", NULL, "-I", NULL, false};
        record(step, list, JG_X_PYTHON_ISOLATED, "python -I (PYTHONPATH, PYTHONHOME and the user "
               "site ignored)", &t, python);
    }
}

void jg_walk_experiments(json_t *walk, const char *python, json_t *list, double budget_s)
{
    double deadline = jg_now() + budget_s;
    bool native_failed = false;
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
    {
        const char *name = JG_STR(walkstep, s, step);
        if (strcmp(name, "context-and-kernel") == 0)
            native_failed = jg_walk_step_status(s) == JG_WS_FAIL;
    }
    json_array_foreach(walk, i, s)
    {
        const char *id = JG_STR(walkstep, s, finding);
        if (jg_walk_step_status(s) == JG_WS_FAIL && id && jg_now() < deadline)
            try_step(s, id, python, list, native_failed);
    }
}
