/* jetgate matrix: the support tiers of the policy, as a table or JSON. */
#include <getopt.h>
#include <stdio.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "policy/matrix.h"
#include "policy/policy.h"
#include "report/render.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate matrix [--policy FILE] [--json]\n\n"
           "Show the support tiers: module, JetPack / L4T / Ubuntu / CUDA, runner labels,\n"
           "evidence requirement, bitsandbytes status, and whether the tier can be claimed\n"
           "in principle (or why not).\n\n"
           "  --policy FILE    policy JSON (default: discovered, see jetgate policy)\n"
           "  --json           print one JSON document (jetgate.matrix/1)\n"
           "  -h, --help       this help\n\n"
           "Exit: 0 printed, 2 usage or bad policy.\n");
    return JG_EXIT_OK;
}

int cmd_matrix(int argc, char **argv)
{
    static const struct option longs[] = {{"policy", required_argument, NULL, 'p'},
                                          {"json", no_argument, NULL, 'j'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    const char *path = NULL;
    int json = 0, ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        if (ch == 'p')
            path = optarg;
        else if (ch == 'j')
            json = 1;
        else if (ch == 'h')
            return help();
        else
            return jg_usage_error("matrix", "bad option '%s'", argv[optind - 1]);
    }
    if (optind < argc)
        return jg_usage_error("matrix", "unexpected argument '%s'", argv[optind]);
    jg_jerr err = {{0}};
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(path, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    json_t *m = jg_matrix_build(policy, jg_policy_src_name(&src));
    int rc = jg_render_out(m, json, jg_render_matrix_text) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
    json_decref(m);
    json_decref(policy);
    return rc;
}
