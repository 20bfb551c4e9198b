/* jetgate doctor: facts (live, --root or --facts FILE), the kernel probes on a
 * live host, then the pure rules -> findings, as a checklist or JSON. */
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "doctor/diagnose.h"
#include "doctor/experiments.h"
#include "doctor/render.h"
#include "facts/collect.h"
#include "facts/collect_env.h"
#include "facts/fact.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sysroot.h"
#include "cuda/probe.h"
#include "python/pyprobe.h"
#include "doctor/walk/walk.h"
#include "schema/facts.h"
#include "schema/observed.h"

typedef struct doctor_opts {
    const char *root, *facts, *host_facts, *python;
    bool json, verbose, no_experiments;
    double timeout_s;
} doctor_opts;

static const jg_opt options[] = {
    JG_OPT_STR(doctor_opts, root, "root", "DIR",
               "read host files under DIR instead of / (no live probes: the CUDA layers are "
               "then 'not verified')"),
    JG_OPT_STR(doctor_opts, facts, "facts", "FILE",
               "diagnose a saved `jetgate facts --json` document ('-' = stdin)"),
    JG_OPT_STR(doctor_opts, host_facts, "host-facts", "FILE",
               "facts of the host when running inside a container (compares the container's "
               "L4T with the host's)"),
    JG_OPT_STR(doctor_opts, python, "python", "PY",
               "interpreter for the Python/torch probe (default python3)"),
    JG_OPT_FLAG(doctor_opts, json, "json", 0,
                "print {\"findings\", \"layers\", \"healthy\", \"blocking\", "
                "\"kernel_ran\", \"facts_mode\", \"experiments\", \"walk\"}"),
    JG_OPT_FLAG(doctor_opts, verbose, "verbose", 'v',
                "show every finding with its evidence, id and confidence"),
    JG_OPT_TIMEOUT(doctor_opts,
               "deadline for each live probe (default: driver 15 s, tensor op 60 s, Python 180 s)"),
    JG_OPT_FLAG(doctor_opts, no_experiments, "no-experiments", 0,
                "do not re-run a failing probe with one setting changed (live host only; "
                "the experiments take at most 60 s)"),
    JG_OPT_END,
};

static int cmd_doctor(int argc, char **argv);

const jg_cmd_spec jg_cmd_doctor = {
    .name = "doctor",
    .summary = "which layer of the CUDA stack is broken, and the fix",
    .about = "Check every layer of this Jetson's CUDA stack (hardware, kernel driver, CUDA driver,\n"
             "container runtime, CUDA libraries, PyTorch build, Python packages, permissions,\n"
             "configuration, project) and say which one broke and how to fix it. CUDA counts as\n"
             "healthy only after a real kernel ran (native PTX tensor op or a torch tensor op)\n"
             "and every layer the host has was measured (the layer walk: hardware, driver and\n"
             "nodes, libcuda, limits, visible devices, a kernel, the interpreter, its CUDA\n"
             "libraries, torch; docs/doctor-walk.md). A host without NVIDIA hardware is told so.",
    .opts = options,
    .notes = "Findings are ordered most likely root cause first: severity, then confidence, then\n"
             "layer depth from the hardware upward.\n"
             "Exit: 0 no blocking problem was found, 1 a blocking problem was found (on a live\n"
             "host a CUDA kernel that cannot run is one), 2 usage or input error. With --root no\n"
             "kernel runs: the live probes are 'not probed', never failures, so doctor exits 0\n"
             "unless the files show a blocking problem, and CUDA is 'not verified' (--json's\n"
             "\"healthy\" is true only after a kernel ran).",
    .run = cmd_doctor,
};

static json_t *load_facts(const char *path)
{
    jg_jerr err;
    json_t *doc = jg_json_load(path, JG_CAP_LARGE, &err);
    if (!doc) {
        jg_err("%s", err.text);
        return NULL;
    }
    const char *schema = JG_FACT_RSTR(doc, schema);
    if (!schema || strcmp(schema, "jetgate.facts/1") != 0) {
        jg_err("%s: not a jetgate facts document this version reads: expected \"schema\": "
               "\"jetgate.facts/1\", found %s%s%s", path,
               schema ? "\"" : "", schema ? schema : "none", schema ? "\"" : "");
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* The live probes, each in its own child with its own deadline: the driver
 * probe and the native tensor op (cuInit and a context each) run while the
 * host files are read and the Python probe imports torch, so the doctor waits
 * for the slowest, not the sum. Their results take the places the sequential
 * run gave them (cuda_driver among the facts, cuda_tensor_op after env), so
 * the output's order does not depend on which child ended first. */
typedef struct live_probes {
    jg_cuda_job driver, tensor_op;
} live_probes;

static void start_native_probes(live_probes *lp, double timeout_s)
{
    jg_cuda_opts co = {.timeout_s = timeout_s};
    jg_cuda_probe_start("driver", &co, &lp->driver);
    jg_cuda_probe_start("tensor_op", &co, &lp->tensor_op);
}

static void finish_native_probes(live_probes *lp, json_t *doc)
{
    json_t *drv = jg_cuda_probe_finish(&lp->driver), *op = jg_cuda_probe_finish(&lp->tensor_op);
    if (doc) {
        json_object_set_new(doc, "cuda_driver", drv); /* replaces the placeholder in place */
        json_object_set_new(doc, "cuda_tensor_op", op);
    } else {
        json_decref(drv);
        json_decref(op);
    }
}

static void add_python_probe(json_t *doc, const char *python, double timeout_s)
{
    jg_progress("doctor: running %s with torch (up to %.0f s; --timeout)", python,
                timeout_s > 0 ? timeout_s : JG_PY_DEFAULT_TIMEOUT_S);
    jg_py_opts po = {.python = python, .full = true, .timeout_s = timeout_s};
    json_object_set_new(doc, "python", jg_python_probe(&po));
}

/* The layer walk over what was collected (doctor/walk/walk.h), then, live, the
 * experiments its failed steps call for. */
static void add_walk(json_t *doc, const doctor_opts *o, bool live)
{
    jg_root r;
    if (!jg_root_init(&r, o->root))
        return;
    json_t *walk = jg_walk_run(&r, doc, live);
    jg_root_free(&r);
    if (live && !o->no_experiments) {
        json_t *list = JG_FACT_RLIST(doc, experiments);
        if (!list)
            jg_ff_set(doc, JG_FF_experiments, list = json_array());
        jg_walk_experiments(walk, o->python, list, 60.0);
    }
    jg_ff_set(doc, JG_FF_walk, walk);
}

static json_t *collect(const doctor_opts *o, const char **mode)
{
    if (o->facts) {
        *mode = "file";
        return load_facts(o->facts);
    }
    bool live = !o->root || strcmp(o->root, "/") == 0;
    live_probes lp;
    if (live)
        start_native_probes(&lp, o->timeout_s);
    /* the probes run here (live only), not in the facts collection */
    jg_collect_opts co = {.root = o->root, .python = NULL, .probe_cuda = false,
                          .timeout_s = o->timeout_s};
    json_t *doc = jg_facts_collect(&co);
    if (!doc) {
        if (live)
            finish_native_probes(&lp, NULL);
        jg_err("doctor: --root %s: %s", o->root, strerror(errno));
        return NULL;
    }
    *mode = live ? "live" : "sysroot";
    if (live) {
        /* the environment this process (and so the user's program) runs in */
        json_object_set_new(doc, "env", jg_facts_env());
        add_python_probe(doc, o->python, o->timeout_s);
        finish_native_probes(&lp, doc);
        if (!o->no_experiments) {
            jg_experiment_opts eo = {.python = o->python};
            jg_ff_set(doc, JG_FF_experiments, jg_run_experiments(doc, &eo));
        }
    }
    add_walk(doc, o, live);
    return doc;
}

/* Host facts -> observed.host_l4t, which the L4T-mismatch rule compares. */
static bool add_host_facts(json_t *doc, const char *path)
{
    json_t *host = load_facts(path);
    if (!host)
        return false;
    const char *v = JG_FACT_STR(host, l4t_version);
    if (v) {
        jg_ff_put(doc, JG_FF_observed, json_object());
        json_t *h = json_object();
        JG_ITEM_SET_STR(h, version, v);
        JG_ITEM_SET_STR(h, text, "from --host-facts");
        JG_OBS_SET_OBJ(JG_FACT_ROBJ(doc, observed), host_l4t, h);
    }
    json_decref(host);
    return true;
}

static int parse_args(int argc, char **argv, doctor_opts *o)
{
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_doctor, argc, argv, o, &ops);
    if (rc == JG_OPTS_CONTINUE && o->root && o->facts)
        return jg_usage_error("doctor", "--root and --facts exclude each other");
    return rc;
}

static int cmd_doctor(int argc, char **argv)
{
    doctor_opts o = {.python = "python3"};
    int rc = parse_args(argc, argv, &o);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    const char *mode = NULL;
    json_t *facts = collect(&o, &mode);
    if (!facts)
        return JG_EXIT_USAGE;
    if (o.host_facts && !add_host_facts(facts, o.host_facts)) {
        json_decref(facts);
        return JG_EXIT_USAGE;
    }
    json_t *d = jg_diagnose(facts, mode);
    int code = jg_diagnosis_exit(d);
    if (o.json)
        jg_json_print(stdout, d);
    else
        jg_render_checklist(stdout, "jetgate doctor", d, o.verbose, jg_locale_utf8());
    json_decref(d);
    json_decref(facts);
    return jg_finish_stdout(code);
}
