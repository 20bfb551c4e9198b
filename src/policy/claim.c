/* Claim rules (issue 5 item 3). Each rule adds its own reason code, so a
 * refusal always says exactly why, and the forgery suite can assert it.
 * The evidence's own status and counts are never trusted alone: required
 * checks are re-evaluated from the check list. */
#include "policy/claim.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/policy.h"
#include "util/json.h"

struct verdict {
    json_t *deny;  /* [{"code","text"}]: any entry refuses the file */
    json_t *notes; /* [{"code","text"}]: information, never refuses */
};

static json_t *reason(const char *code, const char *text)
{
    return json_pack("{s:s, s:s}", "code", code, "text", text);
}

__attribute__((format(printf, 3, 4))) static void add(json_t *list, const char *code,
                                                      const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_array_append_new(list, reason(code, text));
}

static bool has_code(const json_t *list, const char *code)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (strcmp(jg_json_str(json_array_get(list, i), "code"), code) == 0)
            return true;
    return false;
}

int jg_claim_commit_ok(const char *sha)
{
    if (!sha || strlen(sha) != 40)
        return 0;
    for (size_t i = 0; i < 40; i++)
        if (!isxdigit((unsigned char)sha[i]) || isupper((unsigned char)sha[i]))
            return 0;
    return 1;
}

static bool is_part_number(const char *s)
{
    /* "p3701-0005": a letter, four digits, a dash, four digits. */
    if (strlen(s) != 10 || !isalpha((unsigned char)s[0]) || s[5] != '-')
        return false;
    for (size_t i = 1; i < 10; i++)
        if (i != 5 && !isdigit((unsigned char)s[i]))
            return false;
    return true;
}

json_t *jg_claim_tier_blockers(const json_t *tier)
{
    json_t *out = json_array();
    const json_t *parts = jg_json_at(tier, "hardware.module_parts");
    bool parts_ok = json_array_size(parts) > 0;
    for (size_t i = 0; i < json_array_size(parts); i++)
        parts_ok = parts_ok && is_part_number(json_string_value(json_array_get(parts, i)));
    if (!parts_ok)
        add(out, "tier_module_not_exact", "the tier does not name exact module part numbers");
    const char *jp = jg_json_str(tier, "software.jetpack");
    const char *l4t = jg_json_str(tier, "software.l4t");
    if (!jg_version_is_exact(jp) || !jg_version_is_exact(l4t))
        add(out, "tier_jetpack_not_exact",
            "the tier names JetPack %s / L4T %s, not one exact release", jp ? jp : "?",
            l4t ? l4t : "?");
    if (!json_is_object(json_object_get(tier, "pytorch")))
        add(out, "tier_pytorch_not_pinned",
            "the tier pins no PyTorch container or wheel (a maintainer must pin one)");
    return out;
}

/* ---- one rule per function; each appends to v->deny or v->notes ---- */

static void rule_gate(struct verdict *v, const json_t *pred)
{
    const char *gate = json_string_value(json_object_get(pred, "gate"));
    if (!gate || strcmp(gate, JG_CLAIM_GATE) != 0)
        add(v->deny, "wrong_gate", "evidence is from gate %s, only %s evidence backs a claim",
            gate ? gate : "(none)", JG_CLAIM_GATE);
}

static const char *subject_commit(const json_t *doc, const char *want)
{
    const json_t *subj = json_object_get(doc, "subject");
    const char *first = NULL;
    for (size_t i = 0; i < json_array_size(subj); i++) {
        const char *c = jg_json_str(json_array_get(subj, i), "digest.gitCommit");
        if (c && strcmp(c, want) == 0)
            return c;
        if (c && !first)
            first = c;
    }
    return first;
}

static void rule_commit(struct verdict *v, const json_t *doc, const json_t *pred,
                        const char *commit)
{
    const char *subj = subject_commit(doc, commit);
    const char *sha = jg_json_str(pred, "commit.sha");
    bool subj_ok = subj && strcmp(subj, commit) == 0;
    bool sha_ok = sha && strcmp(sha, commit) == 0;
    if (!subj_ok && !sha_ok)
        add(v->deny, "commit_mismatch", "evidence is for commit %s, not %s",
            subj ? subj : (sha ? sha : "(none)"), commit);
    else if (!subj_ok || !sha_ok)
        add(v->deny, "commit_disagree",
            "subject gitCommit (%s) and predicate.commit.sha (%s) disagree",
            subj ? subj : "none", sha ? sha : "none");
    if (!json_is_false(jg_json_at(pred, "commit.dirty")))
        add(v->deny, "dirty_tree",
            "the commit's working tree was %s: the evidence may not be of that commit",
            json_is_true(jg_json_at(pred, "commit.dirty")) ? "dirty" : "of unknown state");
}

static void rule_status(struct verdict *v, const json_t *pred)
{
    const char *status = json_string_value(json_object_get(pred, "status"));
    if (!status || strcmp(status, "passed") != 0)
        add(v->deny, "status_not_passed", "gate status is %s; only \"passed\" supports a claim",
            status ? status : "missing");
}

static const json_t *find_check(const json_t *checks, const char *id, int *copies)
{
    const json_t *found = NULL;
    *copies = 0;
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const char *cid = jg_json_str(json_array_get(checks, i), "id");
        if (cid && strcmp(cid, id) == 0) {
            found = json_array_get(checks, i);
            ++*copies;
        }
    }
    return found;
}

static bool in_strs(const json_t *list, const char *s)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (strcmp(json_string_value(json_array_get(list, i)), s) == 0)
            return true;
    return false;
}

/* "unsupported" is acceptable only for the gate's allow_unsupported ids, and
 * bitsandbytes only where the tier documents it as unsupported. */
static bool unsupported_ok(const json_t *gate, const json_t *tier, const char *id)
{
    if (!in_strs(json_object_get(gate, "allow_unsupported"), id))
        return false;
    if (strcmp(id, "torch.bnb_nf4") == 0)
        return strcmp(jg_json_str(tier, "bitsandbytes"), "unsupported") == 0;
    return true;
}

static void judge_required(struct verdict *v, const json_t *gate, const json_t *tier,
                           const json_t *checks, const char *id)
{
    int copies;
    const json_t *c = find_check(checks, id, &copies);
    if (copies > 1) {
        add(v->deny, "duplicate_check", "check %s appears %d times", id, copies);
        return;
    }
    const char *st = c ? jg_json_str(c, "status") : NULL;
    if (!c)
        add(v->deny, "required_check_missing", "required check %s is not in the evidence", id);
    else if (st && strcmp(st, "pass") == 0)
        return;
    else if (st && strcmp(st, "skip") == 0)
        add(v->deny, "required_check_skipped", "required check %s was skipped: a skip is not a pass",
            id);
    else if (st && strcmp(st, "unsupported") == 0) {
        if (!unsupported_ok(gate, tier, id))
            add(v->deny, "required_check_unsupported",
                "required check %s is unsupported, and the policy does not document it so", id);
    } else
        add(v->deny, "required_check_failed", "required check %s has status %s", id,
            st ? st : "missing");
}

static void rule_checks(struct verdict *v, const json_t *gate, const json_t *tier,
                        const json_t *pred)
{
    const json_t *checks = json_object_get(pred, "checks");
    if (json_array_size(checks) == 0) {
        add(v->deny, "no_checks", "the gate ran no check: a gate that ran nothing did not pass");
        return;
    }
    const json_t *req = json_object_get(gate, "required_checks");
    for (size_t i = 0; i < json_array_size(req); i++)
        judge_required(v, gate, tier, checks, json_string_value(json_array_get(req, i)));
    /* Project hooks are required exactly when the policy configures them. */
    static const char *const hooks[][2] = {{"device_auto", "project.device_auto"},
                                           {"tests", "project.tests"}};
    for (size_t i = 0; i < 2; i++) {
        const json_t *h = json_object_get(json_object_get(gate, "hooks"), hooks[i][0]);
        if (json_is_object(h) && !in_strs(req, hooks[i][1]))
            judge_required(v, gate, tier, checks, hooks[i][1]);
    }
}

static void rule_counts(struct verdict *v, const json_t *pred)
{
    static const char *const kinds[] = {"pass", "fail", "skip", "unsupported", "error"};
    const json_t *checks = json_object_get(pred, "checks");
    const json_t *counts = json_object_get(pred, "counts");
    json_int_t n[5] = {0};
    for (size_t i = 0; i < json_array_size(checks); i++)
        for (size_t k = 0; k < 5; k++) {
            const char *st = jg_json_str(json_array_get(checks, i), "status");
            n[k] += st && strcmp(st, kinds[k]) == 0;
        }
    bool ok = json_is_object(counts) &&
              json_integer_value(json_object_get(counts, "total")) ==
                  (json_int_t)json_array_size(checks) &&
              json_is_integer(json_object_get(counts, "total"));
    for (size_t k = 0; k < 5 && ok; k++)
        ok = json_is_integer(json_object_get(counts, kinds[k])) &&
             json_integer_value(json_object_get(counts, kinds[k])) == n[k];
    if (!ok)
        add(v->deny, "counts_mismatch",
            "counts are missing or disagree with the check list (recomputed: %zu checks, %lld "
            "pass, %lld fail, %lld skip)",
            json_array_size(checks), (long long)n[0], (long long)n[1], (long long)n[2]);
}

static void on_mismatch(void *ctx, const char *code, const char *text)
{
    add((json_t *)ctx, code, "%s", text);
}

static void rule_age(struct verdict *v, const json_t *pred, time_t now, int max_days)
{
    time_t fin;
    const char *s = json_string_value(json_object_get(pred, "finished_at"));
    if (!jg_evidence_parse_time(s, &fin)) {
        add(v->deny, "finished_at_unknown", "finished_at is missing or not an RFC 3339 time");
        return;
    }
    if (fin > now + JG_CLAIM_FUTURE_SLACK_S) {
        add(v->deny, "finished_in_future", "finished_at %s is later than now", s);
        return;
    }
    double days = difftime(now, fin) / 86400.0;
    if (days > max_days)
        add(v->deny, "stale", "evidence finished %.1f days ago; the maximum age is %d days", days,
            max_days);
}

/* The plan's base labels, then the gate's, then the tier's, each once: a
 * policy can add labels, never drop the ones that put a job on a Jetson. */
static json_t *needed_labels(const json_t *gate, const json_t *tier)
{
    json_t *need = json_pack("[s, s, s, s]", "self-hosted", "linux", "ARM64", "jetson");
    const json_t *more[2] = {json_object_get(gate, "runner_labels"),
                             json_object_get(tier, "runner_labels")};
    for (size_t l = 0; l < 2; l++)
        for (size_t i = 0; i < json_array_size(more[l]); i++)
            if (!in_strs(need, json_string_value(json_array_get(more[l], i))))
                json_array_append(need, json_array_get(more[l], i));
    return need;
}

static void rule_run(struct verdict *v, const json_t *gate, const json_t *tier,
                     const json_t *pred)
{
    static const char *const trusted[] = {"workflow_dispatch", "schedule", "release"};
    const char *event = jg_json_str(pred, "run.event");
    bool ok = false;
    for (size_t i = 0; event && i < 3; i++)
        ok = ok || strcmp(event, trusted[i]) == 0;
    if (!ok || !in_strs(json_object_get(gate, "triggers"), event))
        add(v->deny, "event_not_allowed",
            "run event %s is not a trusted trigger of the gate (workflow_dispatch, schedule, "
            "release)",
            event ? event : "unknown");
    json_t *need = needed_labels(gate, tier);
    const json_t *have = jg_json_at(pred, "run.runner_labels");
    char missing[256] = "";
    for (size_t i = 0; i < json_array_size(need); i++) {
        const char *want = json_string_value(json_array_get(need, i));
        if (!in_strs(have, want) && strlen(missing) + strlen(want) + 3 < sizeof missing)
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
                     *missing ? ", " : "", want);
    }
    json_decref(need);
    if (*missing)
        add(v->deny, "runner_labels_missing", "the runner lacks the label(s) %s", missing);
}

/* A waiver for this gate and tier in force at now; reasons for any that are
 * not go to notes. */
static const json_t *active_waiver(struct verdict *v, const json_t *policy, const char *tier_id,
                                   time_t now)
{
    const json_t *ws = json_object_get(policy, "waivers");
    for (size_t i = 0; i < json_array_size(ws); i++) {
        const json_t *w = json_array_get(ws, i);
        const char *wt = jg_json_str(w, "tier");
        if (strcmp(jg_json_str(w, "gate"), JG_CLAIM_GATE) != 0 || (wt && strcmp(wt, tier_id) != 0))
            continue;
        time_t opened, expires;
        const char *issue = jg_json_str(w, "issue");
        if (!jg_evidence_parse_date(jg_json_str(w, "opened"), &opened) ||
            !jg_evidence_parse_date(jg_json_str(w, "expires"), &expires))
            add(v->notes, "waiver_invalid", "waiver %s ignored: unparsable dates", issue);
        else if (expires - opened > (time_t)JG_WAIVER_MAX_DAYS * 86400)
            add(v->notes, "waiver_too_long", "waiver %s ignored: it spans more than %d days",
                issue, JG_WAIVER_MAX_DAYS);
        else if (now >= expires + 86400)
            add(v->notes, "waiver_expired", "waiver %s ignored: it expired on %s", issue,
                jg_json_str(w, "expires"));
        else if (now < opened)
            add(v->notes, "waiver_not_open", "waiver %s ignored: it opens on %s", issue,
                jg_json_str(w, "opened"));
        else
            return w;
    }
    return NULL;
}

/* Waivers accept stale evidence only: never failed, foreign or non-matching. */
static void apply_waivers(struct verdict *v, const json_t *policy, const char *tier_id,
                          time_t now)
{
    if (json_array_size(v->deny) == 0)
        return;
    const json_t *w = active_waiver(v, policy, tier_id, now);
    if (!w)
        return;
    const char *issue = jg_json_str(w, "issue");
    if (json_array_size(v->deny) == 1 && has_code(v->deny, "stale")) {
        add(v->notes, "stale_waived", "stale evidence accepted under waiver %s (%s), until %s",
            issue, jg_json_str(w, "reason"), jg_json_str(w, "expires"));
        json_array_clear(v->deny);
        return;
    }
    add(v->deny, "waiver_not_applicable",
        "waiver %s accepts stale evidence only, never failed, foreign or non-matching evidence",
        issue);
}

static json_t *judge_one(const json_t *policy, const json_t *gate, const json_t *tier,
                         const char *commit, time_t now, const json_t *doc, const char *name)
{
    struct verdict v = {json_array(), json_array()};
    const json_t *pred = json_object_get(doc, "predicate");
    rule_gate(&v, pred);
    rule_commit(&v, doc, pred, commit);
    rule_status(&v, pred);
    rule_checks(&v, gate, tier, pred);
    rule_counts(&v, pred);
    jg_tier_match_platform(tier, json_object_get(pred, "platform"), on_mismatch, v.deny);
    rule_age(&v, pred, now, jg_policy_max_age_days(policy));
    rule_run(&v, gate, tier, pred);
    apply_waivers(&v, policy, jg_json_str(tier, "id"), now);
    return json_pack("{s:s, s:b, s:o, s:o}", "file", name, "accepted",
                     json_array_size(v.deny) == 0, "reasons", v.deny, "notes", v.notes);
}

static json_t *format_now(time_t now)
{
    struct tm tm;
    char buf[32];
    gmtime_r(&now, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(buf);
}

json_t *jg_claim_decide(const json_t *policy, const char *tier_id, const char *commit, time_t now,
                        const json_t *const *evidence, const char *const *names, size_t n)
{
    const json_t *tier = jg_policy_tier(policy, tier_id);
    const json_t *gate = jg_policy_gate(policy, JG_CLAIM_GATE);
    if (!tier || !gate)
        return NULL;
    json_t *blockers = jg_claim_tier_blockers(tier);
    json_t *files = json_array();
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        json_t *r = judge_one(policy, gate, tier, commit, now, evidence[i], names[i]);
        any = any || json_is_true(json_object_get(r, "accepted"));
        json_array_append_new(files, r);
    }
    bool claimable = any && json_array_size(blockers) == 0;
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:b, s:o, s:o}", "schema", "jetgate.claim/1",
                     "tier", tier_id, "tier_name", jg_json_str(tier, "name"), "gate",
                     JG_CLAIM_GATE, "commit", commit, "now", format_now(now), "claimable",
                     claimable, "tier_reasons", blockers, "evidence", files);
}
