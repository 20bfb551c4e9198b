/* A tier's status for reports, straight from the claim logic: a report can
 * never say "claimed" where 'jetgate claim' would refuse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "report/report.h"
#include "schema/claim.h"
#include "schema/evidence.h"
#include "schema/policy.h"
#include "util/msg.h"

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
    *st = (struct jg_tier_status){.claimed = true, .scope = ""};
    snprintf(st->commit_buf, sizeof st->commit_buf, "%s", commit); /* the record goes first */
    st->commit = st->commit_buf;
    if (opt_out) {
        snprintf(st->why, sizeof st->why, "accepted jetson-runtime evidence; the claim covers "
                                          "jetgate's own probes only, not the project's code (%s)",
                 opt_out);
        st->scope = " (jetgate's own probes only: the policy opts out of the project's checks)";
    } else
        snprintf(st->why, sizeof st->why, "accepted jetson-runtime evidence, the project's own "
                                          "checks included");
}

json_t *jg_report_record(const struct jg_report_in *in, size_t i)
{
    if (in->evidence)
        return json_incref((json_t *)in->evidence[i]);
    jg_jerr err = {{0}};
    json_t *doc = jg_evidence_read(in->paths[i], &err);
    if (!doc)
        jg_warn("report: %s (left out)", err.text);
    return doc;
}

/* Does doc make the tier claimable (st filled)? Else its reason into why. */
static bool try_record(const struct jg_report_in *in, const json_t *tier, const char *repo,
                       const json_t *doc, struct jg_tier_status *st, char *why, size_t n)
{
    const char *commit = in->commit ? in->commit : record_commit(doc);
    if (!commit)
        return false;
    const char *name = "evidence";
    json_t *d = jg_claim_decide(in->policy, JG_STR(tier, tier, id), commit, repo, in->now, &doc,
                                &name, 1);
    bool ok = JG_BOOL(claim, d, claimable) == 1;
    if (ok)
        claimed(d, commit, st);
    else
        first_reason(d, why, n);
    json_decref(d);
    return ok;
}

/* Not claimed by any record: the reason to show. */
static void unclaimed(const struct jg_report_in *in, const json_t *tier, const char *repo,
                      char *why, size_t n, struct jg_tier_status *st)
{
    if (!*why) {
        json_t *blockers = jg_claim_blockers(in->policy, jg_policy_gate(in->policy, JG_CLAIM_GATE),
                                             tier, repo, in->now);
        snprintf(why, n, "%s",
                 json_array_size(blockers) ? JG_STR(reason, json_array_get(blockers, 0), text)
                                           : "no jetson-runtime evidence given");
        json_decref(blockers);
    }
    *st = (struct jg_tier_status){.waived = strncmp(why, "not claimed (waived", 19) == 0};
    snprintf(st->why, sizeof st->why, "%s", why);
}

static const char *repo_of(const struct jg_report_in *in, char *here, size_t n)
{
    return in->repo ? in->repo : (jg_repo_here(here, n) ? here : NULL);
}

void jg_report_tier_status(const struct jg_report_in *in, const json_t *tier,
                           struct jg_tier_status *st)
{
    char why[600] = "", here[JG_REPO_MAX];
    const char *repo = repo_of(in, here, sizeof here);
    for (size_t i = 0; i < in->n; i++) {
        json_t *doc = jg_report_record(in, i);
        bool ok = doc && try_record(in, tier, repo, doc, st, why, sizeof why);
        json_decref(doc);
        if (ok)
            return;
    }
    unclaimed(in, tier, repo, why, sizeof why, st);
}

/* One pass over the records for every tier: one record in memory at a time. */
void jg_report_each_tier(FILE *f, const struct jg_report_in *in,
                         void (*fn)(FILE *f, const json_t *tier, const struct jg_tier_status *st))
{
    const json_t *tiers = JG_OBJS(policy, in->policy, tiers);
    size_t nt = json_array_size(tiers);
    struct jg_tier_status *st = calloc(nt ? nt : 1, sizeof *st);
    char(*why)[600] = calloc(nt ? nt : 1, sizeof *why);
    char here[JG_REPO_MAX];
    const char *repo = repo_of(in, here, sizeof here);
    for (size_t i = 0; st && why && i < in->n; i++) {
        json_t *doc = jg_report_record(in, i);
        for (size_t t = 0; doc && t < nt; t++)
            if (!st[t].claimed)
                try_record(in, json_array_get(tiers, t), repo, doc, &st[t], why[t], sizeof why[t]);
        json_decref(doc);
    }
    for (size_t t = 0; st && why && t < nt; t++) {
        if (!st[t].claimed)
            unclaimed(in, json_array_get(tiers, t), repo, why[t], sizeof why[t], &st[t]);
        fn(f, json_array_get(tiers, t), &st[t]);
    }
    free(st);
    free(why);
}
