/* jetgate claim: may the project claim support for a tier on a commit of a
 * repository? Reads every evidence file before printing, so bad input (exit
 * 2) never leaves a half-printed decision behind; each record is judged as
 * it is read and freed at once, so memory stays that of one record. */
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
#include "schema/claim.h"
#include "util/json.h"
#include "util/msg.h"

struct claim_opts {
    const char *tier, *commit, *policy, *now, *repo;
    bool json;
};

static const jg_opt options[] = {
    JG_OPT_REQ(struct claim_opts, tier, "tier", "ID", "tier of the policy (e.g. target)"),
    JG_OPT_REQ(struct claim_opts, commit, "commit", "SHA", "the 40-hex commit being claimed"),
    JG_OPT_STR(struct claim_opts, repo, "repo", "REPO",
               "the repository claimed for: owner/name or a remote URL (default: "
               "$GITHUB_REPOSITORY, else this checkout's origin); records of another "
               "repository (a fork's) are refused"),
    JG_OPT_POLICY(struct claim_opts),
    JG_OPT_STR(struct claim_opts, now, "now", "RFC3339",
               "judge evidence age at this time instead of the clock"),
    JG_OPT_FLAG(struct claim_opts, json, "json", 0, "print one JSON document (jetgate.claim/1)"),
    JG_OPT_END,
};

static int cmd_claim(int argc, char **argv);

const jg_cmd_spec jg_cmd_claim = {
    .name = "claim",
    .summary = "decide whether evidence supports a tier's claim",
    .operands = "EVIDENCE...",
    .min_operands = 1,
    .max_operands = -1,
    .operand_hint = "at least one EVIDENCE file",
    .about = "Decide whether jetson-runtime evidence records support claiming the tier on\n"
             "exactly that commit of that repository. Every reason is printed per evidence\n"
             "file (docs/schema.md lists the reason codes).",
    .opts = options,
    .notes = "Exit: 0 claimable, 1 refused, 2 usage or bad input (file and position named).",
    .run = cmd_claim,
};

static int parse(int argc, char **argv, struct claim_opts *o, jg_operands *ops)
{
    int rc = jg_opts_parse(&jg_cmd_claim, argc, argv, o, ops);
    if (rc == JG_OPTS_CONTINUE && !jg_claim_commit_ok(o->commit))
        return jg_usage_error("claim", "--commit: '%s' is not 40 lowercase hex digits", o->commit);
    return rc;
}

/* Judge each file as it is read and free it at once; NULL (after printing
 * why) at the first bad file. */
static json_t *judge_all(const jg_claim_ctx *c, int n, char **paths)
{
    json_t *files = json_array();
    for (int i = 0; i < n; i++) {
        jg_jerr err = {{0}};
        json_t *doc = jg_evidence_read(paths[i], &err);
        if (!doc) {
            jg_err("%s", err.text);
            json_decref(files);
            return NULL;
        }
        json_array_append_new(files, jg_claim_judge(c, doc, paths[i]));
        json_decref(doc);
    }
    return files;
}

/* --repo, else this checkout's; "" when neither names one (the claim then
 * refuses with repository_not_given). */
static int repo_of(const struct claim_opts *o, char *repo, size_t n)
{
    if (o->repo && !jg_repo_normalize(o->repo, getenv("GITHUB_SERVER_URL"), repo, n))
        return jg_usage_error("claim", "--repo: '%s' is not owner/name or a repository URL",
                              o->repo);
    if (!o->repo && !jg_repo_here(repo, n))
        repo[0] = '\0';
    return 0;
}

static int decide(const struct claim_opts *o, const json_t *policy, const jg_policy_src *src,
                  int n, char **paths)
{
    time_t now = time(NULL);
    char repo[JG_REPO_MAX];
    if (o->now && !jg_evidence_parse_time(o->now, &now))
        return jg_usage_error("claim", "--now: '%s' is not an RFC 3339 time", o->now);
    if (!jg_policy_tier(policy, o->tier))
        return jg_usage_error("claim", "--tier: no tier '%s' in the policy", o->tier);
    int code = repo_of(o, repo, sizeof repo);
    if (code)
        return code;
    jg_claim_ctx c;
    if (jg_claim_ctx_init(&c, policy, o->tier, o->commit, *repo ? repo : NULL, now) != 0) {
        jg_err("claim: the policy has no %s gate", JG_CLAIM_GATE);
        return JG_EXIT_USAGE;
    }
    json_t *files = judge_all(&c, n, paths);
    if (!files)
        return JG_EXIT_USAGE;
    json_t *d = jg_claim_finish(&c, files);
    code = JG_EXIT_USAGE;
    if (jg_render_out(d, o->json, jg_render_claim_text) == 0)
        code = JG_BOOL(claim, d, claimable) == 1 ? JG_EXIT_OK : JG_EXIT_NO;
    char desc[PATH_MAX + 128];
    if (!o->json)
        printf("policy: %s\n", jg_policy_src_describe(src, desc, sizeof desc));
    json_decref(d);
    return code;
}

static int cmd_claim(int argc, char **argv)
{
    struct claim_opts o = {0};
    jg_operands ops;
    int rc = parse(argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    jg_jerr err = {{0}};
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(o.policy, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    rc = decide(&o, policy, &src, ops.n, ops.v);
    json_decref(policy);
    return rc;
}
