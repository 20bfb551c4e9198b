/* The Python/framework layer: src/python/probe.py, embedded at build, run with
 * the project's interpreter in a supervised child with secrets removed from
 * its environment and HF_HUB_OFFLINE=1 (docs/schema.md, "Python probe result"). */
#ifndef JG_PYPROBE_H
#define JG_PYPROBE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/spawn.h"

#define JG_PY_DEFAULT_TIMEOUT_S 180.0 /* versions and the full probe */

typedef struct jg_py_opts {
    const char *python;   /* interpreter; NULL = "python3" */
    double timeout_s;     /* 0 = default */
    bool full;            /* also tensor op, surgery, bitsandbytes NF4 (the gate); false = versions only */
    const char *model;    /* Hugging Face model id to download and run (the model-download
                             gate: network and HF tokens allowed); NULL = offline, no model */
} jg_py_opts;

/* The one way jetgate runs the project's interpreter (the gate's probe,
 * facts/doctor versions, constraints): python (NULL = "python3") resolved on
 * PATH, `-c script` then args (NULL-terminated, may be NULL), the environment
 * policy of util/env.h with env_flags plus PYTHONDONTWRITEBYTECODE=1 and
 * PYTHONIOENCODING=utf-8, supervised with a deadline (util/spawn.h).
 * 0 with c filled (jg_child_free it), or -1 with why set (not found, no memory). */
int jg_python_run(const char *python, const char *script, const char *const *args,
                  unsigned env_flags, double timeout_s, jg_child *c, char *why, size_t n);

/* Always returns an object; on failure {"error": "...", "child": {...}}. */
json_t *jg_python_probe(const jg_py_opts *o);

#endif
