/* A tier's status for reports, straight from the claim logic: a report can
 * never say "claimed" where 'jetgate claim' would refuse. */
#include <stdio.h>
#include <string.h>

#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/report.h"
#include "schema/claim.h"
#include "schema/evidence.h"
#include "schema/policy.h"

static const char *record_commit(const json_t *doc)
{
    const char *c = JG_STR(subject, json_array_get(JG_OBJS(stmt, doc, subject), 0), git_commit);
    return jg_claim_commit_ok(c) ? c : NULL;
}

/* The refusal to show in one line: a waiver first (it is the maintainers'
 * own word), then the tier's, then the first record's. */
static void first_reason(const json_t *decision, char *why, size_t n)
{
    const json_t *tr = JG_OBJS(claim, decision, tier_reasons);
    for (size_t i = 0; i < json_array_size(tr); i++)
        if (strcmp(JG_STR(reason, json_array_get(tr, i), code), "waived") == 0) {
            snprintf(why, n, "%s", JG_STR(reason, json_array_get(tr, i), text));
            return;
        }
    if (json_array_size(tr) > 0) {
        snprintf(why, n, "%s", JG_STR(reason, json_array_get(tr, 0), text));
        return;
    }
    const json_t *e = json_array_get(JG_OBJS(claim, decision, evidence), 0);
    const json_t *r = json_array_get(JG_OBJS(verdict, e, reasons), 0);
    if (r && !*why)
        snprintf(why, n, "no accepted evidence (%s)", JG_STR(reason, r, text));
}

static void claimed(const json_t *d, const char *commit, struct jg_tier_status *st)
{
    const char *opt_out = JG_STR(claim, d, opt_out_reason);
    *st = (struct jg_tier_status){.claimed = true, .commit = commit, .scope = ""};
    if (opt_out) {
        snprintf(st->why, sizeof st->why, "accepted jetson-runtime evidence; the claim covers "
                                          "jetgate's own probes only, not the project's code (%s)",
                 opt_out);
        st->scope = " (jetgate's own probes only: the policy opts out of the project's checks)";
    } else
        snprintf(st->why, sizeof st->why, "accepted jetson-runtime evidence, the project's own "
                                          "checks included");
}

void jg_report_tier_status(const struct jg_report_in *in, const json_t *tier,
                           struct jg_tier_status *st)
{
    const char *tier_id = JG_STR(tier, tier, id);
    char why[600] = "", here[JG_REPO_MAX];
    const char *repo = in->repo ? in->repo : (jg_repo_here(here, sizeof here) ? here : NULL);
    for (size_t i = 0; i < in->n; i++) {
        const char *commit = in->commit ? in->commit : record_commit(in->evidence[i]);
        if (!commit)
            continue;
        const char *name = "evidence";
        json_t *d = jg_claim_decide(in->policy, tier_id, commit, repo, in->now, &in->evidence[i],
                                    &name, 1);
        if (JG_BOOL(claim, d, claimable) == 1) {
            claimed(d, commit, st);
            json_decref(d);
            return;
        }
        first_reason(d, why, sizeof why);
        json_decref(d);
    }
    if (!*why) {
        json_t *blockers = jg_claim_blockers(in->policy, jg_policy_gate(in->policy, JG_CLAIM_GATE),
                                             tier, repo, in->now);
        snprintf(why, sizeof why, "%s",
                 json_array_size(blockers) ? JG_STR(reason, json_array_get(blockers, 0), text)
                                           : "no jetson-runtime evidence given");
        json_decref(blockers);
    }
    *st = (struct jg_tier_status){.waived = strncmp(why, "not claimed (waived", 19) == 0};
    snprintf(st->why, sizeof st->why, "%s", why);
}

void jg_report_each_tier(FILE *f, const struct jg_report_in *in,
                         void (*fn)(FILE *f, const json_t *tier, const struct jg_tier_status *st))
{
    const json_t *tiers = JG_OBJS(policy, in->policy, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        struct jg_tier_status st;
        jg_report_tier_status(in, json_array_get(tiers, i), &st);
        fn(f, json_array_get(tiers, i), &st);
    }
}
