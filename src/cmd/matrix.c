/* jetgate matrix: the support tiers of the policy, as a table or JSON. */
#include <stdio.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "policy/matrix.h"
#include "policy/policy.h"
#include "report/render.h"
#include "util/msg.h"

typedef struct matrix_opts {
    const char *policy;
    bool json;
} matrix_opts;

static const jg_opt options[] = {
    JG_OPT_POLICY(matrix_opts),
    JG_OPT_FLAG(matrix_opts, json, "json", 0, "print one JSON document (jetgate.matrix/1)"),
    JG_OPT_END,
};

static int cmd_matrix(int argc, char **argv);

const jg_cmd_spec jg_cmd_matrix = {
    .name = "matrix",
    .summary = "show the support matrix of the policy",
    .about = "Show the support tiers: module, JetPack / L4T / Ubuntu / CUDA, runner labels,\n"
             "evidence requirement, bitsandbytes status, and whether the tier can be claimed\n"
             "in principle (or why not).",
    .opts = options,
    .notes = "Exit: 0 printed, 2 usage or bad policy.",
    .run = cmd_matrix,
};

static int cmd_matrix(int argc, char **argv)
{
    matrix_opts o = {0};
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_matrix, argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    const char *path = o.policy;
    jg_jerr err = {{0}};
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(path, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    json_t *m = jg_matrix_build(policy, jg_policy_src_name(&src));
    rc = jg_render_out(m, o.json, jg_render_matrix_text) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
    json_decref(m);
    json_decref(policy);
    return rc;
}
