/* The claim's rules over one record, one rule per function; each refusal
 * has its own reason code (docs/schema.md "Claim reason codes") so the
 * forgery suite can assert exactly why. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "evidence/read.h"
#include "policy/accept.h"
#include "policy/claim_internal.h"
#include "policy/policy.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/policy.h"
#include "util/json.h"

static void rule_gate(struct verdict *v, const json_t *pred)
{
    const char *gate = JG_STR(pred, pred, gate);
    if (!gate || strcmp(gate, JG_CLAIM_GATE) != 0)
        jg_claim_add(v->deny, "wrong_gate",
                     "evidence is from gate %s, only %s evidence backs a claim",
                     gate ? gate : "(none)", JG_CLAIM_GATE);
}

/* Every subject must name the claimed commit: a record that also speaks for
 * another commit is not evidence of this one alone. Reported only when some
 * subject names it (otherwise the record is simply for another commit). */
static void rule_subjects(struct verdict *v, const json_t *doc, const char *commit, bool *have)
{
    const json_t *subj = JG_OBJS(stmt, doc, subject);
    *have = false;
    for (size_t i = 0; i < json_array_size(subj); i++) {
        const char *c = JG_STR(subject, json_array_get(subj, i), git_commit);
        *have = *have || (c && strcmp(c, commit) == 0);
    }
    for (size_t i = 0; *have && i < json_array_size(subj); i++) {
        const char *c = JG_STR(subject, json_array_get(subj, i), git_commit);
        if (!c || strcmp(c, commit) != 0)
            jg_claim_add(v->deny, "subject_other_commit", "subject[%zu] names commit %s, not %s",
                         i, c ? c : "(none)", commit);
    }
}

static void rule_commit(struct verdict *v, const json_t *doc, const json_t *pred,
                        const jg_claim_ctx *c)
{
    bool subj_ok;
    rule_subjects(v, doc, c->commit, &subj_ok);
    const json_t *rc = JG_OBJ(pred, pred, commit);
    const char *sha = JG_STR(commit, rc, sha);
    bool sha_ok = sha && strcmp(sha, c->commit) == 0;
    if (!subj_ok && !sha_ok)
        jg_claim_add(v->deny, "commit_mismatch", "evidence is for commit %s, not %s",
                     sha ? sha : "(none)", c->commit);
    else if (!subj_ok || !sha_ok)
        jg_claim_add(v->deny, "commit_disagree",
                     "the subjects and predicate.commit.sha (%s) disagree on the commit",
                     sha ? sha : "none");
    int dirty = JG_BOOL(commit, rc, dirty);
    if (dirty != 0)
        jg_claim_add(v->deny, "dirty_tree",
                     "the commit's working tree was %s: the evidence may not be of that commit",
                     dirty == 1 ? "dirty" : "of unknown state");
    const char *src = JG_STR(commit, rc, source);
    if (!src || strcmp(src, "git") != 0)
        jg_claim_add(v->deny, "commit_not_head",
                     "commit source is %s: only a commit read from the tested checkout's HEAD "
                     "(source \"git\") is bound to the code that ran",
                     src ? src : "unknown");
    const char *repo = JG_STR(commit, rc, repository);
    if (!repo)
        jg_claim_add(v->deny, "repository_unknown",
                     "the record names no repository: a fork's record for the same commit would "
                     "read the same");
    else if (c->repo && strcmp(repo, c->repo) != 0) /* no c->repo: repository_not_given */
        jg_claim_add(v->deny, "repository_mismatch", "evidence is from repository %s, not %s",
                     repo, c->repo);
}

/* The record's own verdict may only agree with the recomputed one. */
static void rule_status(struct verdict *v, const json_t *pred)
{
    const char *status = JG_STR(pred, pred, status);
    size_t reasons = json_array_size(JG_STRS(pred, pred, reasons));
    if (!status || strcmp(status, "passed") != 0)
        jg_claim_add(v->deny, "status_not_passed",
                     "gate status is %s; only \"passed\" supports a claim",
                     status ? status : "missing");
    else if (reasons > 0)
        jg_claim_add(v->deny, "reasons_on_passed",
                     "the record says \"passed\" yet lists %zu reason(s) against it", reasons);
}

static const json_t *find_check(const json_t *checks, const char *id, int *copies)
{
    const json_t *found = NULL;
    *copies = 0;
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const char *cid = JG_STR(check, json_array_get(checks, i), id);
        if (cid && strcmp(cid, id) == 0) {
            found = json_array_get(checks, i);
            ++*copies;
        }
    }
    return found;
}

/* A passing project.tests must show a non-empty, all-green JUnit run. */
static void judge_junit_counts(struct verdict *v, const json_t *c)
{
    const json_t *m = JG_OBJ(check, c, measurements);
    bool ok = JG_INT(checkm, m, tests, 0) > 0 && JG_INT(checkm, m, failures, -1) == 0 &&
              JG_INT(checkm, m, errors, -1) == 0 && JG_INT(checkm, m, skipped, -1) == 0;
    if (!ok)
        jg_claim_add(v->deny, "project_tests_junit_contradicts",
                     "project.tests passes without a non-empty, non-skipped, all-green JUnit "
                     "count in its measurements");
}

static void judge_required(struct verdict *v, const jg_claim_ctx *cx, const json_t *checks,
                           const char *id)
{
    int copies;
    const json_t *c = find_check(checks, id, &copies);
    const char *st = c ? JG_STR(check, c, status) : NULL;
    if (copies > 1)
        jg_claim_add(v->deny, "duplicate_check", "check %s appears %d times", id, copies);
    else if (!c)
        jg_claim_add(v->deny, "required_check_missing", "required check %s is not in the evidence",
                     id);
    else if (jg_accept_status(cx->gate, cx->tier, id, st)) {
        if (strcmp(id, "project.tests") == 0 && strcmp(st, "pass") == 0)
            judge_junit_counts(v, c);
    } else if (st && strcmp(st, "skip") == 0)
        jg_claim_add(v->deny, "required_check_skipped",
                     "required check %s was skipped: a skip is not a pass", id);
    else if (st && strcmp(st, "unsupported") == 0)
        jg_claim_add(v->deny, "required_check_unsupported",
                     "required check %s is unsupported, and the policy does not document it so",
                     id);
    else if (st && !jg_accept_status_known(st))
        jg_claim_add(v->deny, "required_check_status_unknown",
                     "required check %s has the unknown status \"%.40s\"", id, st);
    else
        jg_claim_add(v->deny, "required_check_failed", "required check %s has status %s", id,
                     st ? st : "missing");
}

/* Checks the policy does not know that failed: never decisive, always said. */
static void note_unknown_failures(struct verdict *v, const json_t *checks)
{
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const char *id = JG_STR(check, json_array_get(checks, i), id);
        const char *st = JG_STR(check, json_array_get(checks, i), status);
        if (id && !jg_policy_known_check(id) && (!st || strcmp(st, "pass") != 0))
            jg_claim_add(v->notes, "unknown_check_failed",
                         "check %.60s (not a check id of this jetgate) has status %s", id,
                         st ? st : "missing");
    }
}

static void rule_checks(struct verdict *v, const jg_claim_ctx *cx, const json_t *pred)
{
    const json_t *checks = JG_OBJS(pred, pred, checks);
    if (json_array_size(checks) == 0) {
        jg_claim_add(v->deny, "no_checks",
                     "the gate ran no check: a gate that ran nothing did not pass");
        return;
    }
    json_t *req = jg_accept_required_ids(cx->gate);
    for (size_t i = 0; i < json_array_size(req); i++)
        judge_required(v, cx, checks, json_string_value(json_array_get(req, i)));
    json_decref(req);
    note_unknown_failures(v, checks);
}

static void rule_counts(struct verdict *v, const json_t *pred)
{
    const json_t *checks = JG_OBJS(pred, pred, checks);
    const json_t *counts = JG_OBJ(pred, pred, counts);
    json_t *n = jg_check_counts(checks, false);
    bool ok = JG_IS_INT(counts, counts, total) &&
              JG_INT(counts, counts, total, 0) == (long long)json_array_size(checks);
    for (size_t k = 0; k < JG_CHECK_NSTATUS && ok; k++)
        ok = jg_counts_get(counts, k) >= 0 && jg_counts_get(counts, k) == jg_counts_get(n, k);
    if (!ok)
        jg_claim_add(v->deny, "counts_mismatch",
                     "counts are missing or disagree with the check list (recomputed: %zu checks, "
                     "%lld pass, %lld fail, %lld skip)",
                     json_array_size(checks), JG_INT(counts, n, pass, 0),
                     JG_INT(counts, n, fail, 0), JG_INT(counts, n, skip, 0));
    json_decref(n);
}

static void on_mismatch(void *ctx, const char *code, const char *text)
{
    jg_claim_add((json_t *)ctx, code, "%s", text);
}

static void rule_times(struct verdict *v, const json_t *pred, time_t now, int max_days)
{
    time_t fin, start;
    const char *s = JG_STR(pred, pred, finished_at);
    const char *st = JG_STR(pred, pred, started_at);
    bool have_start = jg_evidence_parse_time(st, &start);
    if (!have_start)
        jg_claim_add(v->deny, "started_at_unknown",
                     "started_at is missing or not an RFC 3339 time");
    if (!jg_evidence_parse_time(s, &fin)) {
        jg_claim_add(v->deny, "finished_at_unknown",
                     "finished_at is missing or not an RFC 3339 time");
        return;
    }
    if (have_start && start > fin)
        jg_claim_add(v->deny, "started_after_finished", "started_at %s is after finished_at %s",
                     st, s);
    if (fin > now + JG_CLAIM_FUTURE_SLACK_S) {
        jg_claim_add(v->deny, "finished_in_future", "finished_at %s is later than now", s);
        return;
    }
    double days = difftime(now, fin) / 86400.0;
    if (days > max_days)
        jg_claim_add(v->deny, "stale", "evidence finished %.1f days ago; the maximum age is %d days",
                     days, max_days);
}

/* Missing labels of need (each once) into out; true when any is missing. GitHub
 * compares runner labels case-insensitively, so does this. */
static bool missing_labels(const json_t *need, const json_t *have, char *out, size_t n)
{
    *out = '\0';
    for (size_t i = 0; i < json_array_size(need); i++) {
        const char *want = json_string_value(json_array_get(need, i));
        if (want && !jg_json_list_has_nocase(have, want) && !strstr(out, want) &&
            strlen(out) + strlen(want) + 3 < n)
            snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "", want);
    }
    return *out != '\0';
}

/* The plan's base labels and the gate's are required; the tier's are
 * recommended (a note), as the plan's "optional labels by tier" says. */
static void rule_run(struct verdict *v, const jg_claim_ctx *cx, const json_t *pred)
{
    static const char *const trusted[] = {"workflow_dispatch", "schedule", "release"};
    const json_t *run = JG_OBJ(pred, pred, run);
    const char *event = JG_STR(run, run, event);
    bool ok = false;
    for (size_t i = 0; event && i < 3; i++)
        ok = ok || strcmp(event, trusted[i]) == 0;
    if (!ok || !jg_json_list_has(JG_NODE(gate, cx->gate, triggers), event))
        jg_claim_add(v->deny, "event_not_allowed",
                     "run event %s is not a trusted trigger of the gate (workflow_dispatch, "
                     "schedule, release)",
                     event ? event : "unknown");
    json_t *need = json_pack("[s, s, s, s]", "self-hosted", "linux", "ARM64", "jetson");
    json_array_extend(need, JG_NODE(gate, cx->gate, runner_labels));
    const json_t *have = JG_NODE(run, run, runner_labels);
    char missing[256];
    if (missing_labels(need, have, missing, sizeof missing))
        jg_claim_add(v->deny, "runner_labels_missing", "the runner lacks the label(s) %s",
                     missing);
    json_decref(need);
    if (missing_labels(JG_NODE(tier, cx->tier, runner_labels), have, missing, sizeof missing))
        jg_claim_add(v->notes, "tier_labels_missing",
                     "the runner lacks the tier's recommended label(s) %s", missing);
}

void jg_claim_rules(struct verdict *v, const jg_claim_ctx *c, const json_t *doc)
{
    const json_t *pred = JG_OBJ(stmt, doc, predicate);
    rule_gate(v, pred);
    rule_commit(v, doc, pred, c);
    rule_status(v, pred);
    rule_checks(v, c, pred);
    rule_counts(v, pred);
    jg_claim_recompute(v, doc);
    jg_tier_match_platform(c->tier, JG_NODE(pred, pred, platform), on_mismatch, v->deny);
    rule_times(v, pred, c->now, jg_policy_max_age_days(c->policy));
    rule_run(v, c, pred);
}
