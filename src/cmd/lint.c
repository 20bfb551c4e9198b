/* jetgate lint: the policy (through the strict loader) and each workflow
 * (parsed with libyaml into a positioned tree, never grepped) against the
 * rules of src/policy/lint*.c. Findings go to stdout, input errors to stderr. */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "policy/lint.h"
#include "policy/policy.h"
#include "util/msg.h"
#include "util/sysroot.h"

typedef struct lint_opts {
    const char *policy;
} lint_opts;

static const jg_opt options[] = {
    JG_OPT_STR(lint_opts, policy, "policy", "FILE",
               "policy JSON (default: the embedded default policy)"),
    JG_OPT_END,
};

static int cmd_lint(int argc, char **argv);

const jg_cmd_spec jg_cmd_lint = {
    .name = "lint",
    .summary = "check the policy and the CI workflows",
    .operands = "[WORKFLOW.yml...]",
    .max_operands = -1,
    .about = "Check the policy, then each GitHub Actions workflow against it. For the job\n"
             "that runs the jetson-runtime gate (a step runs 'jetgate run', or runs-on\n"
             "names jetson): runs-on holds the gate's base labels and one tier's labels;\n"
             "the workflow triggers only on the gate's events; evidence is uploaded with\n"
             "actions/upload-artifact, the policy's retention-days, if-no-files-found:\n"
             "error and the name conditional-jetson-${{ github.run_attempt }}; the job is\n"
             "limited to trusted refs. In every workflow: permissions are read-only and\n"
             "every 'uses:' is pinned to a full commit SHA.\n\n"
             "Without WORKFLOW arguments only the policy is checked.",
    .opts = options,
    .notes = "Each finding prints as FILE:LINE:COLUMN: RULE: message on stdout.\n"
             "Exit codes: 0 clean, 1 findings, 2 unreadable or unparsable input.",
    .run = cmd_lint,
};

/* 0 parsed and linted, 2 when the file cannot be read or parsed. */
static int lint_file(const json_t *policy, const char *path, jg_findings *out)
{
    jg_blob b;
    if (jg_read_path(path, JG_YAML_MAX_BYTES, &b) != JG_R_OK) {
        jg_err("%s: cannot read: %s", path,
               b.status == JG_R_TOO_BIG ? "too large" : strerror(b.err));
        jg_blob_free(&b);
        return JG_EXIT_USAGE;
    }
    char err[512];
    jg_ynode *root = jg_yaml_parse(b.data, b.len, path, err, sizeof err);
    jg_blob_free(&b);
    if (!root) {
        jg_err("%s", err);
        return JG_EXIT_USAGE;
    }
    if (root->kind != JG_Y_MAP) {
        jg_err("%s:%zu:%zu: a workflow must be a YAML mapping", path, root->line, root->col);
        jg_yaml_free(root);
        return JG_EXIT_USAGE;
    }
    jg_lint_workflow(policy, path, root, out);
    jg_yaml_free(root);
    return JG_EXIT_OK;
}

static int cmd_lint(int argc, char **argv)
{
    lint_opts o = {0};
    jg_operands ops;
    int c = jg_opts_parse(&jg_cmd_lint, argc, argv, &o, &ops);
    if (c != JG_OPTS_CONTINUE)
        return c;
    const char *policy_path = o.policy;
    jg_jerr perr;
    json_t *policy = jg_policy_load(policy_path, &perr);
    if (!policy) {
        jg_err("%s", perr.text);
        return JG_EXIT_USAGE;
    }
    const char *pname = policy_path ? policy_path : JG_POLICY_EMBEDDED_NAME;
    jg_findings found = {0};
    jg_lint_policy(policy, pname, &found);
    int rc = JG_EXIT_OK;
    for (int i = 0; i < ops.n; i++)
        if (lint_file(policy, ops.v[i], &found) != JG_EXIT_OK)
            rc = JG_EXIT_USAGE;
    jg_findings_print(&found, stdout);
    if (rc == JG_EXIT_OK && found.n)
        rc = JG_EXIT_NO;
    if (rc == JG_EXIT_OK)
        printf("%s: no findings in %s%s\n", ops.n > 0 ? "lint" : "lint (policy only)", pname,
               ops.n > 0 ? " and the workflows" : "; no workflow files given");
    else if (found.n)
        printf("%zu finding(s)\n", found.n);
    jg_findings_free(&found);
    json_decref(policy);
    return rc;
}
