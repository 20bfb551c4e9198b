/* jetgate probe: run native CUDA probes directly (a developer command for
 * tests and benches; the gate runs the same probes as checks). */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cuda/probe.h"
#include "schema/probe.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/strs.h"

typedef struct probe_opts {
    jg_cuda_opts cuda;
    int surgery_mib;
    bool json;
} probe_opts;

static const jg_opt options[] = {
    JG_OPT_FLAG(probe_opts, json, "json", 0, "print {\"probes\": [...]} as one JSON document"),
    JG_OPT_NUM(probe_opts, cuda.timeout_s, "timeout", "S", 0.1, 3600,
               "deadline per probe in seconds (default: driver 15, tensor_op and nf4 60, "
               "surgery 180)"),
    JG_OPT_STR(probe_opts, cuda.library, "library", "PATH",
               "the driver library to dlopen (default libcuda.so.1)"),
    JG_OPT_INT(probe_opts, surgery_mib, "surgery-mib", "N", 1, 65536,
               "fp16 weights the surgery probe streams, in MiB (default 1024)"),
    JG_OPT_INT(probe_opts, cuda.surgery_layers, "layers", "L", 1, 4096,
               "number of weight matrices for surgery (default 32)"),
    JG_OPT_INT(probe_opts, cuda.surgery_buffers, "buffers", "K", 2, 8,
               "surgery: device buffers in the ring (default 3)"),
    JG_OPT_FLAG(probe_opts, cuda.surgery_round_robin, "round-robin", 0,
                "surgery: one stream per buffer doing upload, edit and download, instead of one "
                "stream per direction"),
    JG_OPT_FLAG(probe_opts, cuda.surgery_mapped, "mapped", 0,
                "surgery: also run the mapped (zero-copy) path on a discrete GPU (an integrated "
                "GPU always runs both paths)"),
    JG_OPT_END,
};

static int cmd_probe(int argc, char **argv);

const jg_cmd_spec jg_cmd_probe = {
    .name = "probe",
    .summary = "(developer) run the native CUDA probes",
    .operands = "[ID...]",
    .max_operands = -1,
    .about = "Run native CUDA probes, each in its own child process with a deadline.\n"
             "IDs: driver, tensor_op, surgery, nf4 (default: all, in that order).",
    .opts = options,
    .notes = "Exit codes: 0 every probe passed, 1 a probe failed or errored, 2 usage error.",
    .run = cmd_probe,
};

static void print_text(const json_t *res)
{
    const char *st = JG_STR(probe, res, status), *reason = JG_STR(probe, res, reason);
    printf("%-10s %-5s %6.2f s  %s\n", JG_STR(probe, res, id), st ? st : "?",
           JG_NUM(probe, res, duration_s), reason ? reason : "");
}

/* Run ids (NULL-terminated when n < 0) and print each result, or all as JSON. */
static int run_probes(const probe_opts *o, const char *const *ids, int n)
{
    json_t *all = jg_cuda_probe_list(ids, n, &o->cuda, NULL, NULL); /* skips the rest after a hang */
    bool ok = true;
    size_t i;
    json_t *res;
    json_array_foreach(all, i, res) {
        const char *st = JG_STR(probe, res, status);
        ok = ok && st && strcmp(st, "pass") == 0;
        if (!o->json)
            print_text(res);
    }
    if (o->json) {
        json_t *doc = json_object();
        JG_SET_AS(probes, doc, probes, OBJS, all);
        jg_json_print(stdout, doc);
        json_decref(doc);
    } else
        json_decref(all);
    return ok ? JG_EXIT_OK : JG_EXIT_NO;
}

static int cmd_probe(int argc, char **argv)
{
    probe_opts o = {0};
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_probe, argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    o.cuda.surgery_bytes = (size_t)o.surgery_mib * 1024 * 1024;
    for (int i = 0; i < ops.n; i++)
        if (!jg_str_in(jg_cuda_probe_ids, ops.v[i]))
            return jg_usage_error("probe", "unknown probe '%s' (driver, tensor_op, surgery, nf4)",
                                  ops.v[i]);
    if (ops.n == 0)
        return run_probes(&o, jg_cuda_probe_ids, -1);
    return run_probes(&o, (const char *const *)ops.v, ops.n);
}
