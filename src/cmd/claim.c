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
#include "policy/attest.h"
#include "policy/claim.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/render.h"
#include "schema/claim.h"
#include "schema/policy.h"
#include "util/env.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sha256.h"

struct claim_opts {
    const char *tier, *commit, *policy, *now, *repo, *attestation;
    bool json, verify_gh;
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
    JG_OPT_STR(struct claim_opts, attestation, "attestation", "FILE",
               "what `gh attestation verify EVIDENCE --format json` printed (several joined "
               "with `jq -s add`): each evidence file must have a verified attestation whose "
               "subject is its sha256, signed by the policy's attestation.signer_workflow, for "
               "this repository and commit and the record's run (docs/schema.md, \"Signed "
               "evidence\"); required for tiers with require_attestation"),
    JG_OPT_FLAG(struct claim_opts, verify_gh, "verify-with-gh", 0,
                "run `gh attestation verify` (gh on PATH, with its token) for each evidence file "
                "instead of --attestation"),
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
    if (rc == JG_OPTS_CONTINUE && o->attestation && o->verify_gh)
        return jg_usage_error("claim", "--attestation and --verify-with-gh: give one");
    return rc;
}

/* The verified attestations for one file: gh's (run now), else those
 * given (NULL: none); *bad when gh could not be run. New reference. */
static json_t *attestations_for(const jg_claim_ctx *c, const json_t *given, bool gh,
                                const char *path, bool *bad)
{
    if (!gh)
        return json_incref((json_t *)given);
    char signer[512], why[600] = "gh reads the evidence file itself: give its path, not -";
    jg_attest_signer_normalize(JG_STR(policy, c->policy, signer_workflow), signer, sizeof signer);
    json_t *res = strcmp(path, "-") ? jg_attest_run_gh(path, c->repo, signer, why, sizeof why) : NULL;
    if (!res)
        jg_err("claim: --verify-with-gh: %s", why);
    else if (json_array_size(res) == 0)
        jg_warn("claim: gh verified no attestation for %s: %s", path, why);
    *bad = !res;
    return res;
}

/* Judge each file as it is read and free it at once; NULL (after printing
 * why) at the first bad file. */
static json_t *judge_all(const jg_claim_ctx *c, const json_t *given, bool gh, int n,
                         char **paths)
{
    json_t *files = json_array();
    for (int i = 0; i < n; i++) {
        jg_jerr err = {{0}};
        char sha[JG_SHA256_HEX];
        bool bad = false;
        json_t *doc = jg_evidence_read_sha256(paths[i], sha, &err);
        json_t *att = doc ? attestations_for(c, given, gh, paths[i], &bad) : NULL;
        if (!doc || bad) {
            if (!doc)
                jg_err("%s", err.text);
            json_decref(doc);
            json_decref(files);
            return NULL;
        }
        json_t *v = jg_claim_judge(c, doc, paths[i]);
        jg_attest_judge(c, v, doc, sha, att);
        json_array_append_new(files, v);
        json_decref(att);
        json_decref(doc);
    }
    return files;
}

/* --attestation's results; --verify-with-gh's prerequisites. -1 after
 * printing why. */
static int attest_setup(const struct claim_opts *o, const json_t *policy, const char *repo,
                        json_t **given)
{
    jg_jerr err = {{0}};
    char signer[512];
    *given = NULL;
    if (o->attestation && !(*given = jg_attest_load(o->attestation, &err)))
        return jg_err("%s", err.text), -1;
    if (!o->verify_gh)
        return 0;
    if (!jg_attest_signer_normalize(JG_STR(policy, policy, signer_workflow), signer, sizeof signer))
        return jg_usage_error("claim", "--verify-with-gh: the policy names no signer workflow "
                                       "(policy.attestation.signer_workflow)"), -1;
    if (!*repo)
        return jg_usage_error("claim", "--verify-with-gh: no repository to verify for (--repo)"), -1;
    char *gh = jg_which("gh");
    free(gh);
    if (!gh)
        return jg_usage_error("claim", "--verify-with-gh: gh is not on PATH (install GitHub CLI, "
                                       "or give --attestation FILE)"), -1;
    return 0;
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
    json_t *given;
    if (attest_setup(o, policy, repo, &given) != 0)
        return JG_EXIT_USAGE;
    json_t *files = judge_all(&c, given, o->verify_gh, n, paths);
    json_decref(given);
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
