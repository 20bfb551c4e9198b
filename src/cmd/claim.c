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
#include "policy/discover.h"
#include "policy/policy.h"
#include "report/render.h"
#include "util/json.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate claim --tier ID --commit SHA [--policy FILE] [--now RFC3339]\n"
           "                     [--json] EVIDENCE...\n\n"
           "Decide whether jetson-runtime evidence records support claiming the tier on\n"
           "exactly that commit. Every reason is printed per evidence file.\n\n"
           "  --tier ID        tier of the policy (e.g. target)\n"
           "  --commit SHA     the 40-hex commit being claimed\n"
           "  --policy FILE    policy JSON (default: discovered, see jetgate policy)\n"
           "  --now RFC3339    judge evidence age at this time instead of the clock\n"
           "  --json           print one JSON document (jetgate.claim/1)\n"
           "  -h, --help       this help\n\n"
           "Exit: 0 claimable, 1 refused, 2 usage or bad input (file and position named).\n");
    return JG_EXIT_OK;
}

struct claim_opts {
    const char *tier, *commit, *policy, *now;
    int json;
};

static int parse(int argc, char **argv, struct claim_opts *o, int *first)
{
    static const struct option longs[] = {
        {"tier", required_argument, NULL, 't'},   {"commit", required_argument, NULL, 'c'},
        {"policy", required_argument, NULL, 'p'}, {"now", required_argument, NULL, 'n'},
        {"json", no_argument, NULL, 'j'},         {"help", no_argument, NULL, 'h'},
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

/* Load every evidence file; on the first bad one print why and return -1. */
static int load_all(int n, char **paths, json_t **docs)
{
    for (int i = 0; i < n; i++) {
        jg_jerr err = {{0}};
        docs[i] = jg_evidence_read(paths[i], &err);
        if (!docs[i]) {
            jg_err("%s", err.text);
            return -1;
        }
    }
    return 0;
}

static int decide(const struct claim_opts *o, const json_t *policy, const jg_policy_src *src,
                  int n, char **paths)
{
    time_t now = time(NULL);
    if (o->now && !jg_evidence_parse_time(o->now, &now))
        return jg_usage_error("claim", "--now: '%s' is not an RFC 3339 time", o->now);
    if (!jg_policy_tier(policy, o->tier))
        return jg_usage_error("claim", "--tier: no tier '%s' in the policy", o->tier);
    json_t **docs = calloc((size_t)n, sizeof *docs);
    int code = JG_EXIT_USAGE;
    if (docs && load_all(n, paths, docs) == 0) {
        json_t *d = jg_claim_decide(policy, o->tier, o->commit, now, (const json_t *const *)docs,
                                    (const char *const *)paths, (size_t)n);
        if (!d)
            jg_err("claim: the policy has no %s gate", JG_CLAIM_GATE);
        else if (jg_render_out(d, o->json, jg_render_claim_text) == 0)
            code = json_is_true(json_object_get(d, "claimable")) ? JG_EXIT_OK : JG_EXIT_NO;
        char desc[PATH_MAX + 128];
        if (d && !o->json)
            printf("policy: %s\n", jg_policy_src_describe(src, desc, sizeof desc));
        json_decref(d);
    }
    for (int i = 0; docs && i < n; i++)
        json_decref(docs[i]);
    free(docs);
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
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(o.policy, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    rc = decide(&o, policy, &src, argc - first, argv + first);
    json_decref(policy);
    return rc;
}
