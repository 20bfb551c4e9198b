/* Claim assembly (issue 10): tier blockers, waivers, and the decision
 * document from per-record verdicts (the rules are in claim_rules.c). A
 * waiver never makes evidence claimable: it records an accepted gap. */
#include "policy/claim.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence/read.h"
#include "facts/tables.h"
#include "policy/accept.h"
#include "policy/attest.h"
#include "policy/claim_internal.h"
#include "policy/policy.h"
#include "policy/repo.h"
#include "schema/claim.h"
#include "schema/policy.h"
#include "util/json.h"
#include "util/strs.h"

void jg_claim_add(json_t *list, const char *code, const char *fmt, ...)
{
    char text[512];
    JG_FORMAT_VARGS(text, fmt);
    json_t *r = json_object();
    JG_SET_STR(reason, r, code, code);
    JG_SET_STR(reason, r, text, text);
    json_array_append_new(list, r);
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
    if (!s || strlen(s) != 10 || !isalpha((unsigned char)s[0]) || s[5] != '-')
        return false;
    for (size_t i = 1; i < 10; i++)
        if (i != 5 && !isdigit((unsigned char)s[i]))
            return false;
    return true;
}

static void tier_blockers(json_t *out, const json_t *tier)
{
    const json_t *parts = JG_NODE(tier, tier, module_parts);
    bool parts_ok = json_array_size(parts) > 0;
    for (size_t i = 0; i < json_array_size(parts); i++)
        parts_ok = parts_ok && is_part_number(json_string_value(json_array_get(parts, i)));
    if (!parts_ok)
        jg_claim_add(out, "tier_module_not_exact", "the tier does not name exact module part numbers");
    const char *jp = JG_STR(tier, tier, jetpack);
    const char *l4t = JG_STR(tier, tier, l4t);
    if (!jg_version_is_exact(jp) || !jg_version_is_exact(l4t))
        jg_claim_add(out, "tier_jetpack_not_exact",
                     "the tier names JetPack %s / L4T %s, not one exact release", jp ? jp : "?",
                     l4t ? l4t : "?");
    const json_t *pt = JG_NODE(tier, tier, pytorch);
    if (!json_is_object(pt))
        jg_claim_add(out, "tier_pytorch_not_pinned",
                     "the tier pins no PyTorch container or wheel (a maintainer must pin one)");
    else if (!JG_STR(pin, pt, torch))
        jg_claim_add(out, "tier_pytorch_version_not_pinned",
                     "the tier's PyTorch pin names no torch version (pytorch.torch, "
                     "torch.__version__ with its local tag) to compare the record's torch with");
    char why[400]; /* the pin against the JetPack's torch channel (facts/tables.h) */
    if (JG_STR(pin, pt, torch) && jp &&
        jg_torch_fits_jetpack(JG_STR(pin, pt, torch), atoi(jp), JG_STR(tier, tier, soc), why,
                              sizeof why) == 0)
        jg_claim_add(out, "tier_pytorch_not_jetpacks_build", "the tier pins %s", why);
}

static void gate_blockers(json_t *out, const json_t *gate)
{
    if (jg_accept_project_checks(gate) != JG_PROJECT_MISSING)
        return;
    jg_claim_add(out, "project_checks_not_configured",
                 "the policy does not run the project's own checks (gate %s needs both hooks, "
                 "device_auto and tests): a claim needs the project's code to run on the Jetson. "
                 "Run `jetgate init --device-auto CMD --tests CMD` to configure them, or opt out in "
                 "writing with \"%s\"",
                 JG_CLAIM_GATE, JG_PATH(gate, project_checks_opt_out));
}

json_t *jg_claim_blockers(const json_t *policy, const json_t *gate, const json_t *tier,
                          const char *repo, time_t now)
{
    json_t *out = json_array();
    tier_blockers(out, tier);
    if (gate)
        gate_blockers(out, gate);
    json_t *w = now ? jg_claim_waiver(policy, JG_STR(tier, tier, id), repo, now, NULL) : NULL;
    if (w)
        jg_claim_add(out, "waived", "not claimed (waived until %s, issue %s): %s",
                     JG_STR(waiver, w, expires), JG_STR(waiver, w, issue),
                     JG_STR(waiver, w, reason));
    json_decref(w);
    return out;
}

/* Why a waiver for this tier is not in force at now, or NULL when it is. */
static const char *waiver_defect(const json_t *w, time_t now, const char **code)
{
    time_t opened, expires;
    if (!jg_evidence_parse_date(JG_STR(waiver, w, opened), &opened) ||
        !jg_evidence_parse_date(JG_STR(waiver, w, expires), &expires))
        return *code = "waiver_invalid", "its dates are not calendar dates";
    if (now >= expires + 86400)
        return *code = "waiver_expired", "it expired";
    if (now < opened)
        return *code = "waiver_not_open", "it is not open yet";
    return NULL;
}

json_t *jg_claim_waiver(const json_t *policy, const char *tier_id, const char *repo, time_t now,
                        json_t *notes)
{
    const json_t *ws = JG_OBJS(policy, policy, waivers);
    for (size_t i = 0; i < json_array_size(ws); i++) {
        const json_t *w = json_array_get(ws, i);
        const char *wt = JG_STR(waiver, w, tier), *issue = JG_STR(waiver, w, issue);
        if (strcmp(JG_STR(waiver, w, gate), JG_CLAIM_GATE) != 0 || (wt && strcmp(wt, tier_id) != 0))
            continue;
        const char *code = NULL, *why = waiver_defect(w, now, &code);
        if (why) {
            if (notes)
                jg_claim_add(notes, code, "waiver %s is not in force: %s", issue, why);
            continue;
        }
        time_t opened, expires;
        jg_evidence_parse_date(JG_STR(waiver, w, opened), &opened);
        jg_evidence_parse_date(JG_STR(waiver, w, expires), &expires);
        char wrepo[JG_REPO_MAX];
        if (notes && expires - opened > (time_t)JG_WAIVER_MAX_DAYS * 86400)
            jg_claim_add(notes, "waiver_too_long", "waiver %s spans more than %d days (lint "
                         "refuses it); it still withholds the claim", issue, JG_WAIVER_MAX_DAYS);
        if (notes && repo && (!jg_repo_of_issue(issue, wrepo, sizeof wrepo) || strcmp(wrepo, repo)))
            jg_claim_add(notes, "waiver_foreign_issue", "waiver %s is not an issue of %s (lint "
                         "refuses it); it still withholds the claim", issue, repo);
        json_t *in_force = json_object(); /* as much of the waiver as a claim shows */
        JG_SET_STR(waiver, in_force, issue, issue);
        JG_SET_STR(waiver, in_force, reason, JG_STR(waiver, w, reason));
        JG_SET_STR(waiver, in_force, expires, JG_STR(waiver, w, expires));
        return in_force;
    }
    return NULL;
}

int jg_claim_ctx_init(jg_claim_ctx *c, const json_t *policy, const char *tier_id,
                      const char *commit, const char *repo, time_t now)
{
    *c = (jg_claim_ctx){.policy = policy, .gate = jg_policy_gate(policy, JG_CLAIM_GATE),
                        .tier = jg_policy_tier(policy, tier_id), .tier_id = tier_id,
                        .commit = commit, .repo = repo, .now = now};
    return c->gate && c->tier ? 0 : -1;
}

json_t *jg_claim_judge(const jg_claim_ctx *c, const json_t *doc, const char *name)
{
    struct verdict v = {json_array(), json_array()};
    jg_claim_rules(&v, c, doc);
    json_t *out = json_object();
    JG_SET_STR(verdict, out, file, name);
    JG_SET_BOOL(verdict, out, accepted, json_array_size(v.deny) == 0);
    JG_SET_AS(verdict, out, reasons, OBJS, v.deny);
    JG_SET_AS(verdict, out, notes, OBJS, v.notes);
    return out;
}

/* What the claim covers: the project's checks and jetgate's, or (opted out) jetgate's only. */
static void set_scope(json_t *d, const json_t *gate)
{
    bool opted_out = jg_accept_project_checks(gate) == JG_PROJECT_OPTED_OUT;
    JG_SET_STR(claim, d, covers, opted_out ? "jetgate_probes_only" : "project_and_jetgate");
    JG_SET_STR(claim, d, opt_out_reason, opted_out ? jg_accept_opt_out(gate) : NULL);
}

json_t *jg_claim_finish(const jg_claim_ctx *c, json_t *files)
{
    json_t *blockers = jg_claim_blockers(c->policy, c->gate, c->tier, c->repo, c->now);
    if (!c->repo)
        jg_claim_add(blockers, "repository_not_given",
                     "no repository to claim for: give --repo, or run in the project's checkout "
                     "(GITHUB_REPOSITORY or an origin remote)");
    json_t *notes = json_array();
    json_t *waiver = jg_claim_waiver(c->policy, c->tier_id, c->repo, c->now, notes);
    bool any = false;
    for (size_t i = 0; i < json_array_size(files); i++)
        any = any || JG_BOOL(verdict, json_array_get(files, i), accepted) == 1;
    json_t *d = json_object();
    JG_SET_STR(claim, d, schema, "jetgate.claim/1");
    JG_SET_STR(claim, d, tier, c->tier_id);
    JG_SET_STR(claim, d, tier_name, JG_STR(tier, c->tier, name));
    JG_SET_STR(claim, d, gate, JG_CLAIM_GATE);
    JG_SET_STR(claim, d, commit, c->commit);
    JG_SET_STR(claim, d, repository, c->repo);
    JG_SET_AS(claim, d, now, STR, jg_evidence_time(c->now));
    JG_SET_BOOL(claim, d, claimable, any && json_array_size(blockers) == 0);
    set_scope(d, c->gate);
    JG_SET_AS(claim, d, tier_reasons, OBJS, blockers);
    JG_SET_AS(claim, d, notes, OBJS, notes);
    JG_SET(claim, d, waiver, waiver ? waiver : json_null());
    JG_SET_AS(claim, d, evidence, OBJS, files);
    return d;
}

json_t *jg_claim_decide(const json_t *policy, const char *tier_id, const char *commit,
                        const char *repo, time_t now, const json_t *const *evidence,
                        const char *const *names, size_t n)
{
    jg_claim_ctx c;
    if (jg_claim_ctx_init(&c, policy, tier_id, commit, repo, now) != 0)
        return NULL;
    json_t *files = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *v = jg_claim_judge(&c, evidence[i], names[i]);
        jg_attest_judge(&c, v, evidence[i], NULL, NULL); /* no signature here: a tier requiring one is refused */
        json_array_append_new(files, v);
    }
    return jg_claim_finish(&c, files);
}
