/* jetgate claim: may the project claim support for a tier on a commit?
 * Reads every evidence file before deciding, so bad input (exit 2) never
 * leaves a half-printed decision behind. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/render.h"
#include "util/json.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate claim --tier ID --commit SHA [--repo REPO] [--policy FILE]\n"
           "                     [--now RFC3339] [--json] EVIDENCE...\n\n"
           "Decide whether jetson-runtime evidence records support claiming the tier on\n"
           "exactly that commit of that repository. Every reason is printed per evidence file.\n\n"
           "  --tier ID        tier of the policy (e.g. target)\n"
           "  --commit SHA     the 40-hex commit being claimed\n"
           "  --repo REPO      the repository being claimed for (owner/name or a remote URL;\n"
           "                   default: $GITHUB_REPOSITORY, else this checkout's origin)\n"
           "  --policy FILE    policy JSON (default: the embedded default policy)\n"
           "  --now RFC3339    judge evidence age at this time instead of the clock\n"
           "  --json           print one JSON document (jetgate.claim/1)\n"
           "  -h, --help       this help\n\n"
           "Exit: 0 claimable, 1 refused, 2 usage or bad input (file and position named).\n");
    return JG_EXIT_OK;
}

struct claim_opts {
    const char *tier, *commit, *policy, *now, *repo;
    int json;
};

static int parse(int argc, char **argv, struct claim_opts *o, int *first)
{
    static const struct option longs[] = {
        {"tier", required_argument, NULL, 't'},   {"commit", required_argument, NULL, 'c'},
        {"policy", required_argument, NULL, 'p'}, {"now", required_argument, NULL, 'n'},
        {"json", no_argument, NULL, 'j'},         {"help", no_argument, NULL, 'h'},
        {"repo", required_argument, NULL, 'r'},
        {NULL, 0, NULL, 0}};
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (ch) {
        case 't': o->tier = optarg; break;
        case 'c': o->commit = optarg; break;
        case 'p': o->policy = optarg; break;
        case 'n': o->now = optarg; break;
        case 'j': o->json = 1; break;
        case 'r': o->repo = optarg; break;
        case 'h': return -1;
        default:
            return jg_usage_error("claim", "bad option '%s'", argv[optind - 1]);
        }
    }
    *first = optind;
    if (!o->tier || !o->commit)
        return jg_usage_error("claim", "--tier and --commit are required");
    if (!jg_claim_commit_ok(o->commit))
        return jg_usage_error("claim", "--commit: '%s' is not 40 lowercase hex digits", o->commit);
    if (optind >= argc)
        return jg_usage_error("claim", "give at least one EVIDENCE file");
    return 0;
}

/* Judge each file as it is read and free it at once, so memory stays that
 * of one record whatever the number of files; nothing is printed before the
 * last file was read (bad input never leaves a half-printed decision). */
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

static int repo_of(const struct claim_opts *o, char *repo, size_t n)
{
    if (o->repo && !jg_repo_normalize(o->repo, getenv("GITHUB_SERVER_URL"), repo, n))
        return jg_usage_error("claim", "--repo: '%s' is not owner/name or a repository URL",
                              o->repo);
    if (!o->repo && !jg_repo_here(repo, n))
        return jg_usage_error("claim", "no repository to claim for: give --repo (no "
                                       "GITHUB_REPOSITORY and no origin remote here)");
    return 0;
}

static int decide(const struct claim_opts *o, const json_t *policy, int n, char **paths)
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
    if (jg_claim_ctx_init(&c, policy, o->tier, o->commit, repo, now) != 0) {
        jg_err("claim: the policy has no %s gate", JG_CLAIM_GATE);
        return JG_EXIT_USAGE;
    }
    json_t *files = judge_all(&c, n, paths);
    if (!files)
        return JG_EXIT_USAGE;
    json_t *d = jg_claim_finish(&c, files);
    code = JG_EXIT_USAGE;
    if (jg_render_out(d, o->json, jg_render_claim_text) == 0)
        code = json_is_true(json_object_get(d, "claimable")) ? JG_EXIT_OK : JG_EXIT_NO;
    json_decref(d);
    return code;
}

int cmd_claim(int argc, char **argv)
{
    struct claim_opts o = {0};
    int first = 0;
    int rc = parse(argc, argv, &o, &first);
    if (rc < 0)
        return help();
    if (rc != 0)
        return rc;
    jg_jerr err = {{0}};
    json_t *policy = jg_policy_load(o.policy, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    rc = decide(&o, policy, argc - first, argv + first);
    json_decref(policy);
    return rc;
}
