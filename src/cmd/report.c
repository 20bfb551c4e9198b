/* jetgate report: support document, release notes or issue body in
 * markdown, from the policy and evidence records. Every input is read and
 * validated before anything is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/render.h"
#include "report/report.h"
#include "util/msg.h"

typedef void (*report_fn)(FILE *, const struct jg_report_in *);

struct report_opts {
    report_fn fn;
    const char *policy, *commit, *now, *repo;
    bool support_doc, release_notes, issue_body;
};

static const jg_opt options[] = {
    JG_OPT_FLAG(struct report_opts, support_doc, "support-doc", 0,
                "support matrix with each tier's status from the evidence, install steps per "
                "tier, unified memory in practice"),
    JG_OPT_FLAG(struct report_opts, release_notes, "release-notes", 0,
                "generic ARM64 importability kept apart from Jetson CUDA support, claimed only "
                "where 'jetgate claim' would accept"),
    JG_OPT_FLAG(struct report_opts, issue_body, "issue-body", 0,
                "sanitized summary of the evidence for a bug report (needs at least one "
                "EVIDENCE file)"),
    JG_OPT_POLICY(struct report_opts),
    JG_OPT_STR(struct report_opts, commit, "commit", "SHA",
               "count claims for this commit only (default: any commit named by the evidence)"),
    JG_OPT_STR(struct report_opts, repo, "repo", "REPO",
               "the repository the claims are for, as in 'jetgate claim': owner/name or a "
               "remote URL (default: $GITHUB_REPOSITORY, else this checkout's origin)"),
    JG_OPT_STR(struct report_opts, now, "now", "RFC3339",
               "judge evidence age at this time instead of the clock"),
    JG_OPT_END,
};

static int cmd_report(int argc, char **argv);

const jg_cmd_spec jg_cmd_report = {
    .name = "report",
    .summary = "support doc, release notes or issue body in markdown",
    .operands = "[EVIDENCE...]",
    .max_operands = -1,
    .about = "Write markdown from the policy and jetson-runtime evidence records: exactly one\n"
             "of --support-doc, --release-notes or --issue-body.",
    .opts = options,
    .notes = "Exit: 0 written, 2 usage or bad input (file and position named).",
    .run = cmd_report,
};

static int parse(int argc, char **argv, struct report_opts *o, jg_operands *ops)
{
    int rc = jg_opts_parse(&jg_cmd_report, argc, argv, o, ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    if (o->support_doc + o->release_notes + o->issue_body != 1)
        return jg_usage_error("report", "give exactly one of --support-doc, --release-notes, "
                                        "--issue-body");
    o->fn = o->support_doc     ? jg_report_support_doc
            : o->release_notes ? jg_report_release_notes
                               : jg_report_issue_body;
    if (o->commit && !jg_claim_commit_ok(o->commit))
        return jg_usage_error("report", "--commit: '%s' is not 40 lowercase hex digits",
                              o->commit);
    if (o->issue_body && ops->n == 0)
        return jg_usage_error("report", "--issue-body needs at least one EVIDENCE file");
    return JG_OPTS_CONTINUE;
}

/* The report text goes through render's single write; doc carries the input. */
static const struct jg_report_in *current;
static report_fn current_fn;
static void render(FILE *f, const json_t *unused)
{
    (void)unused;
    current_fn(f, current);
}

/* Every record is validated first (a bad one is refused before any output),
 * then read again one at a time while the report is written: memory holds
 * one record, never all of them. */
static int write_report(const struct report_opts *o, struct jg_report_in *in, int n, char **paths)
{
    for (int i = 0; i < n; i++) {
        jg_jerr err = {{0}};
        json_t *doc = jg_evidence_read(paths[i], &err);
        if (!doc) {
            jg_err("%s", err.text);
            return JG_EXIT_USAGE;
        }
        json_decref(doc);
    }
    in->evidence = NULL;
    in->paths = paths;
    in->n = (size_t)n;
    current = in;
    current_fn = o->fn;
    return jg_render_out(NULL, 0, render) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
}

static int cmd_report(int argc, char **argv)
{
    struct report_opts o = {0};
    jg_operands ops;
    int rc = parse(argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    char repo[JG_REPO_MAX];
    if (o.repo && !jg_repo_normalize(o.repo, getenv("GITHUB_SERVER_URL"), repo, sizeof repo))
        return jg_usage_error("report", "--repo: '%s' is not owner/name or a repository URL",
                              o.repo);
    struct jg_report_in in = {.commit = o.commit, .now = time(NULL), .repo = o.repo ? repo : NULL};
    if (o.now && !jg_evidence_parse_time(o.now, &in.now))
        return jg_usage_error("report", "--now: '%s' is not an RFC 3339 time", o.now);
    jg_policy_src src;
    json_t *policy = jg_policy_open("report", o.policy, &src);
    if (!policy)
        return JG_EXIT_USAGE;
    in.policy = policy;
    /* The support doc is published: name the project policy by its place in the
     * checkout, never by a runner's absolute path. */
    in.policy_name = src.origin == JG_POLICY_FROM_EMBEDDED  ? JG_POLICY_EMBEDDED_NAME
                     : src.origin == JG_POLICY_FROM_GIT_ROOT ? "project policy " JG_POLICY_PROJECT_PATH
                                                             : "policy file";
    rc = write_report(&o, &in, ops.n, ops.v);
    json_decref(policy);
    return rc;
}
