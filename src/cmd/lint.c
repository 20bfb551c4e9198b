/* jetgate lint: the policy (through the strict loader) and each workflow
 * (parsed with libyaml into a positioned tree, never grepped) against the
 * rules of src/lint/lint*.c. Findings go to stdout, input errors to stderr. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "lint/lint.h"
#include "policy/policy.h"
#include "util/msg.h"
#include "util/sysroot.h"

typedef struct lint_opts {
    const char *policy;
    bool jetson_only;
} lint_opts;

static const jg_opt options[] = {
    JG_OPT_POLICY(lint_opts),
    JG_OPT_FLAG(lint_opts, jetson_only, "jetson-only", 0,
                "check only the jobs on a Jetson (gate jobs and other Jetson jobs): other "
                "jobs and workflows are skipped; finding jetson.none when no file has one"),
    JG_OPT_END,
};

static int cmd_lint(int argc, char **argv);

const jg_cmd_spec jg_cmd_lint = {
    .name = "lint",
    .summary = "check the policy and the CI workflows",
    .operands = "[WORKFLOW.yml...]",
    .max_operands = -1,
    .about = "Check the policy, then each GitHub Actions workflow against it. For a gate\n"
             "job, one that runs jetgate (a step runs 'jetgate run' or uses the jetgate\n"
             "action, or the job calls jetgate's reusable workflow): runs-on holds the\n"
             "gate's base labels (a tier's recommended labels too, else note\n"
             "jetson.tier-labels: as in claim and matrix, they are optional); the labels\n"
             "given to jetgate are exactly the runs-on labels; some step builds, installs\n"
             "or uses jetgate, and every local action or workflow it names exists in the\n"
             "checkout; the workflow triggers only on the gate's events; evidence is\n"
             "uploaded with actions/upload-artifact, the policy's retention-days,\n"
             "if-no-files-found: error and the name\n"
             "conditional-jetson-${{ github.run_attempt }}; the job is limited to trusted\n"
             "refs. Another job on a Jetson (a runs-on label jetson or jetson-*, directly\n"
             "or through the job's matrix) gets the plan's safety rules only, no untrusted\n"
             "trigger (pull_request, pull_request_target, workflow_run), and is listed as\n"
             "such (note jetson.not-gate). In every workflow: permissions are read-only,\n"
             "except a write a job provably needs, granted in that job on trusted events\n"
             "only (id-token and attestations for actions/attest*, id-token for PyPI\n"
             "trusted publishing, contents for making a release); every 'uses:' is pinned\n"
             "to a full commit SHA.\n\n"
             "Without WORKFLOW arguments only the policy is checked.",
    .opts = options,
    .notes = "Each finding prints as FILE:LINE:COLUMN: RULE: message on stdout, then each\n"
             "note (\"note: FILE:LINE:COLUMN: RULE: ...\": jetson.not-gate, jetson.tier-labels;\n"
             "notes are not findings).\n"
             "Exit codes: 0 clean, 1 findings, 2 unreadable or unparsable input.",
    .run = cmd_lint,
};

/* 0 parsed and linted, 2 when the file cannot be read or parsed; *jobs
 * grows by the file's Jetson jobs. */
static int lint_file(const json_t *policy, const char *path, bool jetson_only, size_t *jobs,
                     size_t *jetson_jobs, jg_findings *out, jg_findings *notes)
{
    jg_blob b;
    if (jg_read_path(path, JG_YAML_MAX_BYTES, &b) != JG_R_OK) {
        char why[128];
        jg_err("%s: cannot read: %s", path, jg_blob_why(&b, JG_YAML_MAX_BYTES, why, sizeof why));
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
    char dir[PATH_MAX], top[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    jg_lint_opts o = {.repo_root = jg_git_root(slash ? (dir[0] ? dir : "/") : ".", top,
                                               sizeof top) == 0 ? top : NULL,
                      .jetson_only = jetson_only, .notes = notes, .jetson_jobs = jetson_jobs};
    *jobs += jg_lint_workflow_opts(policy, path, root, &o, out);
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
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(policy_path, &src, &perr);
    if (!policy) {
        jg_err("%s", perr.text);
        return JG_EXIT_USAGE;
    }
    const char *pname = jg_policy_src_name(&src);
    jg_findings found = {0};
    jg_lint_policy(policy, pname, &found);
    int rc = JG_EXIT_OK;
    size_t jobs = 0, jetson_jobs = 0;
    jg_findings notes = {0};
    for (int i = 0; i < ops.n; i++)
        if (lint_file(policy, ops.v[i], o.jetson_only, &jobs, &jetson_jobs, &found, &notes) !=
            JG_EXIT_OK)
            rc = JG_EXIT_USAGE;
    if (o.jetson_only && ops.n > 0 && rc == JG_EXIT_OK && jobs + jetson_jobs == 0)
        jg_findings_add(&found, ops.v[0], 0, 0, "jetson.none",
                        "--jetson-only: none of the %d workflow(s) has a Jetson job (one that "
                        "runs on a jetson runner, runs 'jetgate run', uses the jetgate action or "
                        "its reusable workflow)",
                        ops.n);
    jg_findings_print(&found, stdout);
    for (size_t i = 0; i < notes.n; i++)
        printf("note: %s:%zu:%zu: %s: %s\n", notes.v[i].file, notes.v[i].line, notes.v[i].col,
               notes.v[i].rule, notes.v[i].msg);
    if (ops.n > 0 && jobs == 0 && jetson_jobs > 0)
        printf("no gate job: %zu Jetson job(s) run no jetgate, so nothing here makes evidence "
               "for a claim (README, \"Adopting jetgate in a project\")\n", jetson_jobs);
    jg_findings_free(&notes);
    if (rc == JG_EXIT_OK && found.n)
        rc = JG_EXIT_NO;
    if (rc == JG_EXIT_OK)
        printf("%s: no findings in the policy%s\n", ops.n > 0 ? "lint" : "lint (policy only)",
               ops.n > 0 ? " and the workflows" : "; no workflow files given");
    else if (found.n)
        printf("%zu finding(s)\n", found.n);
    char desc[PATH_MAX + 128];
    printf("policy: %s\n", jg_policy_src_describe(&src, desc, sizeof desc));
    jg_findings_free(&found);
    json_decref(policy);
    return rc;
}
