/* jetgate probe: run native CUDA probes directly (a developer command for
 * tests and benches; the gate runs the same probes as checks). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cuda/probe.h"
#include "util/json.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate probe [ID...] [--json] [--timeout S] [--library PATH]\n"
           "                     [--surgery-mib N] [--layers L] [--buffers K]\n"
           "                     [--round-robin] [--mapped]\n\n"
           "Run native CUDA probes, each in its own child process with a deadline.\n"
           "IDs: driver, tensor_op, surgery, nf4 (default: all, in that order).\n\n"
           "  --json            print {\"probes\": [...]} as one JSON document\n"
           "  --timeout S       deadline per probe in seconds (default: driver 15, tensor_op\n"
           "                    and nf4 60, surgery 180)\n"
           "  --library PATH    the driver library to dlopen (default libcuda.so.1)\n"
           "  --surgery-mib N   fp16 weights the surgery probe streams, in MiB (default 1024)\n"
           "  --layers L        number of weight matrices for surgery (default 32)\n"
           "  --buffers K       surgery: device buffers in the ring (2..8, default 3)\n"
           "  --round-robin     surgery: one stream per buffer doing upload, edit and\n"
           "                    download, instead of one stream per direction\n"
           "  --mapped          surgery: also run the mapped (zero-copy) path on a discrete\n"
           "                    GPU (an integrated GPU always runs both paths)\n"
           "  -h, --help        this help\n\n"
           "Exit codes: 0 every probe passed, 1 a probe failed or errored, 2 usage error.\n");
    return JG_EXIT_OK;
}

static bool parse_num(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

static void print_text(const json_t *res)
{
    const char *st = jg_json_str(res, "status");
    double secs = json_number_value(json_object_get(res, "duration_s"));
    printf("%-10s %-5s %6.2f s  %s\n", jg_json_str(res, "id"), st ? st : "?", secs,
           jg_json_str(res, "reason") ? jg_json_str(res, "reason") : "");
}

static bool known_id(const char *id)
{
    for (int i = 0; jg_cuda_probe_ids[i]; i++)
        if (strcmp(jg_cuda_probe_ids[i], id) == 0)
            return true;
    return false;
}

enum { OPT_JSON = 1000, OPT_TIMEOUT, OPT_LIBRARY, OPT_MIB, OPT_LAYERS, OPT_BUFFERS, OPT_RR, OPT_MAPPED };

int cmd_probe(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, OPT_JSON},
        {"timeout", required_argument, NULL, OPT_TIMEOUT},
        {"library", required_argument, NULL, OPT_LIBRARY},
        {"surgery-mib", required_argument, NULL, OPT_MIB},
        {"layers", required_argument, NULL, OPT_LAYERS},
        {"mapped", no_argument, NULL, OPT_MAPPED},
        {"buffers", required_argument, NULL, OPT_BUFFERS},
        {"round-robin", no_argument, NULL, OPT_RR},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    jg_cuda_opts o = {0};
    bool json = false;
    double v;
    int c;
    optind = 1;
    opterr = 0; /* we say it ourselves, in our format */
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': return help();
        case OPT_JSON: json = true; break;
        case OPT_MAPPED: o.surgery_mapped = true; break;
        case OPT_LIBRARY: o.library = optarg; break;
        case OPT_TIMEOUT:
            if (!parse_num(optarg, 0.1, 3600, &v))
                return jg_usage_error("probe", "--timeout wants seconds in 0.1..3600, not '%s'", optarg);
            o.timeout_s = v;
            break;
        case OPT_MIB:
            if (!parse_num(optarg, 1, 65536, &v))
                return jg_usage_error("probe", "--surgery-mib wants 1..65536, not '%s'", optarg);
            o.surgery_bytes = (size_t)v * 1024 * 1024;
            break;
        case OPT_LAYERS:
            if (!parse_num(optarg, 1, 4096, &v))
                return jg_usage_error("probe", "--layers wants 1..4096, not '%s'", optarg);
            o.surgery_layers = (int)v;
            break;
        case OPT_BUFFERS:
            if (!parse_num(optarg, 2, 8, &v) || v != (int)v)
                return jg_usage_error("probe", "--buffers wants 2..8, not '%s'", optarg);
            o.surgery_buffers = (int)v;
            break;
        case OPT_RR: o.surgery_round_robin = true; break;
        default: return jg_usage_error("probe", "unknown option '%s'", argv[optind - 1]);
        }
    }
    for (int i = optind; i < argc; i++)
        if (!known_id(argv[i]))
            return jg_usage_error("probe", "unknown probe '%s' (driver, tensor_op, surgery, nf4)",
                                  argv[i]);
    const char *const *ids = optind < argc ? (const char *const *)argv + optind : jg_cuda_probe_ids;
    int n = optind < argc ? argc - optind : -1;
    json_t *all = jg_cuda_probe_list(ids, n, &o, NULL, NULL); /* skips the rest after a hang */
    bool ok = true;
    size_t i;
    json_t *res;
    json_array_foreach(all, i, res) {
        const char *st = jg_json_str(res, "status");
        ok = ok && st && strcmp(st, "pass") == 0;
        if (!json)
            print_text(res);
    }
    if (json) {
        json_t *doc = json_pack("{s:o}", "probes", all);
        jg_json_print(stdout, doc);
        json_decref(doc);
    } else
        json_decref(all);
    return ok ? JG_EXIT_OK : JG_EXIT_NO;
}
