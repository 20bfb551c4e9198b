#include "facts/collect_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/sanitize.h"
#include "facts/fact.h"
#include "util/sysroot.h"

extern char **environ;

/* The variables that change which GPU, driver, libraries or Python a process sees. */
static const char *const names[] = {
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
    "CUDA_DEVICE_ORDER",    "CUDA_MODULE_LOADING",    "LD_LIBRARY_PATH",
    "LD_PRELOAD",           "PYTHONPATH",             "PYTHONHOME",
    "PYTHONNOUSERSITE",     "VIRTUAL_ENV",            "CONDA_PREFIX",
    "CONDA_DEFAULT_ENV",    NULL};

const char *jg_env_path_kind(const char *e)
{
    if (strstr(e, "/stubs"))
        return "stubs";
    if (strstr(e, "/compat"))
        return "compat";
    if (strstr(e, "/cuda"))
        return "cuda";
    return "other";
}

static json_t *scrubbed(const jg_scrub *s, const char *value)
{
    char *t = jg_scrub_text(s, value, JG_SCRUB_FREE_TEXT);
    json_t *j = json_string(t ? t : "");
    free(t);
    return j;
}

/* LD_LIBRARY_PATH split into classified entries; the CUDA version of a cuda-X.Y entry. */
static json_t *library_path(const jg_scrub *s, const char *lp, bool *stubs)
{
    json_t *arr = json_array();
    char *copy = strdup(lp ? lp : ""), *save = NULL;
    for (char *e = copy ? strtok_r(copy, ":", &save) : NULL; e; e = strtok_r(NULL, ":", &save)) {
        json_t *o = json_object();
        const char *kind = jg_env_path_kind(e);
        *stubs = *stubs || strcmp(kind, "stubs") == 0;
        json_object_set_new(o, "entry", scrubbed(s, e));
        json_object_set_new(o, "kind", json_string(kind));
        const char *v = strstr(e, "cuda-");
        int maj, min;
        if (v && sscanf(v + 5, "%d.%d", &maj, &min) == 2) {
            char ver[16];
            snprintf(ver, sizeof ver, "%d.%d", maj, min);
            json_object_set_new(o, "cuda", json_string(ver));
        }
        json_array_append_new(arr, o);
    }
    free(copy);
    return arr;
}

/* A venv's pyvenv.cfg says whether the system site-packages (where JetPack's
 * vendor torch lives) are visible inside it. */
static json_t *venv(const jg_scrub *s, const char *prefix)
{
    json_t *o = json_object();
    json_object_set_new(o, "prefix", scrubbed(s, prefix));
    char path[4096];
    snprintf(path, sizeof path, "%s/pyvenv.cfg", prefix);
    jg_blob b;
    json_t *sys = json_null();
    if (jg_read_path(path, 1u << 16, &b) == JG_R_OK) {
        const char *k = strstr(b.data, "include-system-site-packages");
        const char *eq = k ? strchr(k, '=') : NULL;
        if (eq) {
            eq += strspn(eq + 1, " \t") + 1;
            json_decref(sys);
            sys = json_boolean(strncmp(eq, "true", 4) == 0);
        }
    }
    jg_blob_free(&b);
    json_object_set_new(o, "system_site_packages", sys);
    return o;
}

json_t *jg_facts_env(void)
{
    jg_scrub s;
    jg_scrub_init(&s);
    jg_scrub_add_env(&s, environ);
    json_t *env = json_object(), *vars = json_object();
    for (int i = 0; names[i]; i++) {
        const char *v = getenv(names[i]);
        json_object_set_new(vars, names[i],
                            v ? jg_fact_ok(scrubbed(&s, v), "environ") : jg_fact_missing("environ"));
    }
    json_object_set_new(env, "vars", vars);
    bool stubs = false;
    json_object_set_new(env, "library_path", library_path(&s, getenv("LD_LIBRARY_PATH"), &stubs));
    json_object_set_new(env, "library_path_has_stubs", json_boolean(stubs));
    if (getenv("VIRTUAL_ENV"))
        json_object_set_new(env, "venv", venv(&s, getenv("VIRTUAL_ENV")));
    if (getenv("CONDA_PREFIX")) {
        json_t *c = json_object();
        json_object_set_new(c, "prefix", scrubbed(&s, getenv("CONDA_PREFIX")));
        json_object_set_new(env, "conda", c);
    }
    jg_scrub_free(&s);
    return env;
}
