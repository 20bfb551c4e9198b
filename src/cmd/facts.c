/* jetgate facts: what this host's files (and, live, the driver and Python
 * probes) say about the five moving pieces. Human output is grouped like
 * jetson_release; --json prints the canonical facts document. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "facts/collect.h"
#include "facts/render.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/opts.h"

static int help(void)
{
    printf("usage: jetgate facts [--root DIR] [--python PY] [--files-only] [--json]\n\n"
           "Report what this host says about the Jetson stack: module and compute\n"
           "capability, L4T and JetPack, OS, CUDA/cuDNN/TensorRT, container, GPU nodes.\n"
           "Every fact carries its source and a status (ok, missing, unreadable,\n"
           "unparsable, unknown, not_probed).\n\n"
           "options:\n"
           "  --root DIR    read every host file under DIR instead of / (a sysroot);\n"
           "                live probes are then reported as not probed\n"
           "  --python PY   interpreter for the Python layer (default: python3)\n"
           "  --files-only  host files only: skip the CUDA driver probe and the\n"
           "                Python probe (what bench/facts.sh times)\n"
           "  --json        print the facts document as canonical JSON\n"
           "  -h, --help    show this help\n\n"
           "Exit codes: 0 facts printed, 2 usage error or a bad --root.\n");
    return JG_EXIT_OK;
}

int cmd_facts(int argc, char **argv)
{
    jg_collect_opts o = {.root = NULL, .python = "python3", .probe_cuda = true};
    bool json = false, bad = false, files_only = false;
    const char *v;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return help();
        else if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--files-only") == 0)
            files_only = true;
        else if ((v = jg_opt_value(argc, argv, &i, "--root", &bad)) != NULL)
            o.root = v;
        else if ((v = jg_opt_value(argc, argv, &i, "--python", &bad)) != NULL)
            o.python = v;
        else
            return jg_usage_error("facts", bad ? "%s needs a value" : "unknown option '%s'", argv[i]);
    }
    if (files_only) {
        o.probe_cuda = false;
        o.python = NULL;
    }
    if (o.root && !o.root[0])
        return jg_usage_error("facts", "--root needs a directory");
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
