/* jetgate policy: which policy this directory's commands use, and what it
 * says after loading (so a maintainer sees the file jetgate actually read). */
#include <stdio.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "util/json.h"
#include "util/msg.h"

typedef struct policy_opts {
    const char *policy;
    bool json, where;
} policy_opts;

static const jg_opt options[] = {
    JG_OPT_STR(policy_opts, policy, "policy", "FILE", "this policy instead of the discovered one"),
    JG_OPT_FLAG(policy_opts, json, "json", 0, "only the validated policy document (canonical JSON)"),
    JG_OPT_FLAG(policy_opts, where, "where", 0,
                "only its path, or \"" JG_POLICY_EMBEDDED_NAME "\""),
    JG_OPT_END,
};

static int cmd_policy(int argc, char **argv);

const jg_cmd_spec jg_cmd_policy = {
    .name = "policy",
    .summary = "print the policy in use and where it came from",
    .about = "Print the policy every command would use here: --policy FILE, else\n"
             "$" JG_POLICY_ENV ", else " JG_POLICY_PROJECT_PATH " at the root of the git checkout,\n"
             "else the embedded default policy. Human output starts with a line saying which.",
    .opts = options,
    .notes = "Exit: 0, or 2 when the policy cannot be read or is invalid.",
    .run = cmd_policy,
};

static int cmd_policy(int argc, char **argv)
{
    policy_opts o = {0};
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_policy, argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    if (o.json && o.where)
        return jg_usage_error("policy", "--json and --where exclude each other");
    jg_policy_src src;
    jg_jerr err = {{0}};
    json_t *doc = jg_policy_load_from(o.policy, &src, &err);
    if (!doc) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    char desc[PATH_MAX + 128];
    if (o.where)
        printf("%s\n", jg_policy_src_name(&src));
    else if (!o.json)
        printf("policy: %s\n", jg_policy_src_describe(&src, desc, sizeof desc));
    rc = o.where ? 0 : jg_json_print(stdout, doc);
    json_decref(doc);
    return rc == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
}
