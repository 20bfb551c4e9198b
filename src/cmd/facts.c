/* jetgate facts: what this host's files (and, live, the driver and Python
 * probes) say about the five moving pieces. Human output is grouped like
 * jetson_release; --json prints the canonical facts document. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "facts/collect.h"
#include "facts/render.h"
#include "python/pyprobe.h"
#include "util/json.h"
#include "util/msg.h"

typedef struct facts_opts {
    const char *root, *python;
    bool files_only, json;
    double timeout_s;
} facts_opts;

static const jg_opt options[] = {
    JG_OPT_STR(facts_opts, root, "root", "DIR",
               "read every host file under DIR instead of / (a sysroot); live probes are then "
               "reported as not probed"),
    JG_OPT_STR(facts_opts, python, "python", "PY",
               "interpreter for the Python layer (default: python3)"),
    JG_OPT_FLAG(facts_opts, files_only, "files-only", 0,
                "host files only: skip the CUDA driver probe and the Python probe (what "
                "bench/facts.sh times)"),
    JG_OPT_FLAG(facts_opts, json, "json", 0, "print the facts document as canonical JSON"),
    JG_OPT_TIMEOUT(facts_opts,
               "deadline for the driver and Python probes (default: driver 15 s, Python 180 s)"),
    JG_OPT_END,
};

static int cmd_facts(int argc, char **argv);

const jg_cmd_spec jg_cmd_facts = {
    .name = "facts",
    .summary = "what this host's files say about the Jetson stack",
    .about = "Report what this host says about the Jetson stack: module and compute\n"
             "capability, L4T and JetPack, OS, CUDA/cuDNN/TensorRT, container, GPU nodes.\n"
             "Every fact carries its source and a status (ok, missing, unreadable,\n"
             "unparsable, unknown, not_probed).",
    .opts = options,
    .notes = "Exit codes: 0 facts printed, 2 usage error or a bad --root.",
    .run = cmd_facts,
};

static int cmd_facts(int argc, char **argv)
{
    facts_opts f = {.python = "python3"};
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_facts, argc, argv, &f, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    jg_collect_opts o = {.root = f.root, .python = f.python, .probe_cuda = true,
                         .timeout_s = f.timeout_s};
    bool json = f.json;
    if (f.files_only) {
        o.probe_cuda = false;
        o.python = NULL;
    }
    if (o.root && !o.root[0])
        return jg_usage_error("facts", "--root needs a directory");
    bool live = !o.root || strcmp(o.root, "/") == 0;
    if (live && o.python) /* a hanging interpreter must not look like a hung jetgate */
        jg_progress("facts: asking %s for the Python layer (up to %.0f s; --timeout)", o.python,
                    o.timeout_s > 0 ? o.timeout_s : JG_PY_DEFAULT_TIMEOUT_S);
    json_t *doc = jg_facts_collect(&o);
    if (!doc) {
        jg_err("facts: --root %s: %s", o.root ? o.root : "/", strerror(errno));
        return JG_EXIT_USAGE;
    }
    if (json)
        jg_json_print(stdout, doc);
    else
        jg_facts_print_text(stdout, doc);
    json_decref(doc);
    return JG_EXIT_OK;
}
