/* A tier's status for reports, straight from the claim logic: a report can
 * never say "claimed" where 'jetgate claim' would refuse. */
#include <stdio.h>
#include <string.h>

#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/report.h"
#include "schema/evidence.h"
#include "util/json.h"

static const char *record_commit(const json_t *doc)
{
    const char *c = JG_STR(subject, json_array_get(JG_OBJS(stmt, doc, subject), 0), git_commit);
    return jg_claim_commit_ok(c) ? c : NULL;
}

/* The refusal to show in one line: a waiver first (it is the maintainers'
 * own word), then the tier's, then the first record's. */
static void first_reason(const json_t *decision, char *why, size_t n)
{
    const json_t *tr = json_object_get(decision, "tier_reasons");
    for (size_t i = 0; i < json_array_size(tr); i++)
        if (strcmp(jg_json_str(json_array_get(tr, i), "code"), "waived") == 0) {
            snprintf(why, n, "%s", jg_json_str(json_array_get(tr, i), "text"));
            return;
        }
    if (json_array_size(tr) > 0) {
        snprintf(why, n, "%s", jg_json_str(json_array_get(tr, 0), "text"));
        return;
    }
    const json_t *e = json_array_get(json_object_get(decision, "evidence"), 0);
    const json_t *r = json_array_get(json_object_get(e, "reasons"), 0);
    if (r && !*why)
        snprintf(why, n, "no accepted evidence (%s)", jg_json_str(r, "text"));
}

static json_t *claimed(const json_t *d, const char *commit)
{
    const char *opt_out = jg_json_str(d, "scope.opt_out_reason");
    char why[700];
    if (opt_out)
        snprintf(why, sizeof why, "accepted jetson-runtime evidence; the claim covers jetgate's "
                                  "own probes only, not the project's code (%s)", opt_out);
    else
        snprintf(why, sizeof why, "accepted jetson-runtime evidence, the project's own checks "
                                  "included");
    return json_pack("{s:b, s:s, s:s, s:s}", "claimed", 1, "commit", commit, "why", why, "scope",
                     opt_out ? " (jetgate's own probes only: the policy opts out of the "
                               "project's checks)"
                             : "");
}

json_t *jg_report_tier_status(const struct jg_report_in *in, const json_t *tier)
{
    const char *tier_id = jg_json_str(tier, "id");
    char why[600] = "", here[JG_REPO_MAX];
    const char *repo = in->repo ? in->repo : (jg_repo_here(here, sizeof here) ? here : NULL);
    for (size_t i = 0; i < in->n; i++) {
        const char *commit = in->commit ? in->commit : record_commit(in->evidence[i]);
        if (!commit)
            continue;
        const char *name = "evidence";
        json_t *d = jg_claim_decide(in->policy, tier_id, commit, repo, in->now, &in->evidence[i],
                                    &name, 1);
        if (json_is_true(json_object_get(d, "claimable"))) {
            json_t *out = claimed(d, commit);
            json_decref(d);
            return out;
        }
        first_reason(d, why, sizeof why);
        json_decref(d);
    }
    if (!*why) {
        json_t *blockers = jg_claim_blockers(in->policy, jg_policy_gate(in->policy, JG_CLAIM_GATE),
                                             tier, repo, in->now);
        snprintf(why, sizeof why, "%s",
                 json_array_size(blockers) ? jg_json_str(json_array_get(blockers, 0), "text")
                                           : "no jetson-runtime evidence given");
        json_decref(blockers);
    }
    return json_pack("{s:b, s:n, s:s, s:b}", "claimed", 0, "commit", "why", why, "waived",
                     strncmp(why, "not claimed (waived", 19) == 0);
}

void jg_report_each_tier(FILE *f, const struct jg_report_in *in,
                         void (*fn)(FILE *f, const json_t *tier, const json_t *status))
{
    const json_t *tiers = json_object_get(in->policy, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        json_t *st = jg_report_tier_status(in, json_array_get(tiers, i));
        fn(f, json_array_get(tiers, i), st);
        json_decref(st);
    }
}
