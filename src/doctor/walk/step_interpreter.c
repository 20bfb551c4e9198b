/* Step: the interpreter itself. Does it start; which executable and prefix
 * (venv, conda or the system's); which directories it searches, in order and
 * where each comes from (the working directory, PYTHONPATH, the user site,
 * site-packages), the .pth files there; and in which of them a torch/ folder
 * sits: the first one wins, so a torch/ in the working directory or on
 * PYTHONPATH shadows the installed one. All of it measured by the Python probe
 * (src/python/probe.py "interpreter") in a child, before torch is imported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

/* A member of the probe's "interpreter" object; "?" when absent (the probe
 * writes them all, but a probe of another version may not). */
static const char *obj_str(const json_t *o, const char *k)
{
    const char *v = json_string_value(json_object_get(o, k));
    return v ? v : "?";
}
#define OBJ_STR(o, k) obj_str((o), (k))

/* A sys.path entry: "" is the working directory. */
static const char *entry_dir(const json_t *e, const json_t *in)
{
    const char *v = json_string_value(json_object_get(e, "entry"));
    return v && *v ? v : obj_str(in, "cwd");
}

static void cannot_start(json_t *s, const char *err)
{
    const char *home = getenv("PYTHONHOME"), *path = getenv("PYTHONPATH");
    jg_walk_measure(s, "the interpreter: %s", err);
    jg_walk_measure(s, "PYTHONHOME %s%s; PYTHONPATH %s", home ? "= " : "unset", home ? home : "",
                    path ? path : "unset");
    bool env = home || path;
    JG_SET_STR(walkstep, s, layer, env ? "configuration" : "python-packages");
    jg_walk_set(s, JG_WS_FAIL, "the interpreter does not start%s",
                home ? " (PYTHONHOME is set: the standard library is looked for there)" : "");
    jg_walk_finding(s, env ? JG_FID_configuration_interpreter_does_not_start
                           : JG_FID_python_packages_interpreter_does_not_start,
                    home ? "unset PYTHONHOME (it is almost never needed; a venv or conda sets up "
                           "its own prefix)"
                         : "reinstall the interpreter or recreate the venv (python3 -m venv --clear)");
}

static void search_path(json_t *s, const json_t *in)
{
    const json_t *path = json_object_get(in, "path");
    size_t i;
    json_t *e;
    char line[900] = "";
    size_t n = 0;
    json_array_foreach(path, i, e)
    {
        const char *entry = json_string_value(json_object_get(e, "entry"));
        if (n < sizeof line - 1)
            n += (size_t)snprintf(line + n, sizeof line - n, "%s%zu. %s [%s]", i ? "; " : "", i + 1,
                                  entry && *entry ? entry : "'' (cwd)", OBJ_STR(e, "from"));
    }
    jg_walk_measure(s, "sys.path: %s", line);
    const char *user = json_string_value(json_object_get(in, "user_site"));
    jg_walk_measure(s, "user site %s; %zu .pth file(s) in the site directories", user ? user : "disabled",
                    json_array_size(json_object_get(in, "pth")));
}

/* The first torch/ on sys.path is the one imported: from the working directory
 * or PYTHONPATH, ahead of an installed one, it shadows it. */
static void shadowing(jg_walk_ctx *c, json_t *s, const json_t *in)
{
    const json_t *dirs = json_object_get(in, "torch_dirs");
    const json_t *first = json_array_get(dirs, 0);
    const char *from = json_string_value(json_object_get(first, "from"));
    size_t i;
    json_t *d;
    json_array_foreach(dirs, i, d)
        jg_walk_measure(s, "torch/ found in %s [%s]%s", entry_dir(d, in), OBJ_STR(d, "from"), i == 0 ? " (imported: first on sys.path)" : " (shadowed)");
    bool broken = JG_FACT_RBOOL(c->facts, python_torch_imported) == 0 ||
                  JG_FACT_RBOOL(c->facts, python_torch_cuda_available) == 0;
    bool cwd = from && strcmp(from, "cwd") == 0, pp = from && strcmp(from, "PYTHONPATH") == 0;
    if (!(cwd || pp) || !broken)
        return;
    jg_walk_set(s, JG_WS_FAIL, "torch is imported from %s (%s), ahead of %s, and does not work",
                cwd ? "the working directory" : "a PYTHONPATH entry",
                entry_dir(first, in),
                json_array_size(dirs) > 1 ? "the installed torch" : "site-packages");
    jg_walk_finding(s, cwd ? JG_FID_configuration_local_torch_folder : JG_FID_configuration_pythonpath_shadows_torch,
                    cwd ? "run the program from another directory, or rename the torch/ folder there "
                          "(a source checkout of PyTorch is not an installed torch)"
                        : "remove that entry from PYTHONPATH");
}

void jg_walk_interpreter(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("interpreter", "python-packages");
    json_array_append_new(steps, s);
    const json_t *py = JG_FACT_RAW(c->facts, python);
    const char *err = JG_FACT_RSTR(c->facts, python_error);
    if (!c->live || !json_is_object(py) || (!err && !JG_FACT_ROBJ(c->facts, python_interpreter))) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "the interpreter was not run%s", c->live ? "" : " (not live)");
        return;
    }
    if (err && strstr(err, "not found")) {
        jg_walk_measure(s, "%s", err);
        jg_walk_set(s, JG_WS_ABSENT, "no such interpreter here (pass --python with the project's)");
        return;
    }
    if (err) {
        cannot_start(s, err);
        return;
    }
    const json_t *in = JG_FACT_ROBJ(c->facts, python_interpreter);
    const char *pyver = JG_FACT_RSTR(c->facts, python_python_version);
    jg_walk_measure(s, "%s starts: Python %s, prefix %s (%s)", OBJ_STR(in, "executable"),
                    pyver ? pyver : "?", OBJ_STR(in, "prefix"),
                    OBJ_STR(in, "kind"));
    search_path(s, in);
    JG_SET_STR(walkstep, s, layer, "configuration");
    shadowing(c, s, in);
    if (jg_walk_step_status(s) == JG_WS_NOT_VERIFIED)
        jg_walk_set(s, JG_WS_PASS, "the interpreter starts and nothing on its path shadows torch");
}
