/* The Python/framework layer: src/python/probe.py, embedded at build, run with
 * the project's interpreter in a supervised child with secrets removed from
 * its environment and HF_HUB_OFFLINE=1 (docs/schema.md, "Python probe result"). */
#ifndef JG_PYPROBE_H
#define JG_PYPROBE_H
#include <jansson.h>
#include <stdbool.h>

typedef struct jg_py_opts {
    const char *python;   /* interpreter; NULL = "python3" */
    double timeout_s;     /* 0 = default */
    bool full;            /* also tensor op, surgery, bitsandbytes NF4 (the gate); false = versions only */
    const char *model;    /* Hugging Face model id to download and run (the model-download
                             gate: network and HF tokens allowed); NULL = offline, no model */
} jg_py_opts;

/* Always returns an object; on failure {"error": "...", "child": {...}}. */
json_t *jg_python_probe(const jg_py_opts *o);

#endif
