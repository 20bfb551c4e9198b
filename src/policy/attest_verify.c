/* A claim's evidence against its verified attestations (policy/attest.h):
 * gh has checked the signature, the certificate chain and the transparency
 * log; here each verified statement must be about this evidence file, from
 * the policy's signer workflow, for the claimed repository and commit, and
 * from the run the record names. One refusal code per mismatch, so the
 * forged and mismatched recordings in the tests each show their own. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "policy/attest.h"
#include "policy/claim_internal.h"
#include "policy/repo.h"
#include "schema/attest.h"
#include "schema/claim.h"
#include "schema/evidence.h"
#include "schema/policy.h"

/* Does one of the statement's subjects carry this sha256? */
static bool names_digest(const json_t *res, const char *sha256)
{
    const json_t *subj = JG_OBJS(ghres, res, subjects);
    for (size_t i = 0; i < json_array_size(subj); i++) {
        const char *d = JG_STR(ghsubj, json_array_get(subj, i), sha256);
        if (d && strcasecmp(d, sha256) == 0)
            return true;
    }
    return false;
}

/* buildSignerURI "https://HOST/OWNER/NAME/.github/workflows/FILE@REF" is the
 * policy's signer workflow (REF may be anything: the digest is checked). */
static bool signer_is(const char *uri, const char *want)
{
    char path[600], norm[600];
    const char *at = uri ? strrchr(uri, '@') : NULL;
    if (!at || (size_t)(at - uri) >= sizeof path)
        return false;
    snprintf(path, sizeof path, "%.*s", (int)(at - uri), uri);
    return jg_attest_signer_normalize(path, norm, sizeof norm) && strcmp(norm, want) == 0;
}

static void check_signer(struct verdict *v, const json_t *cert, const json_t *policy,
                         const char *want)
{
    const char *uri = JG_STR(ghcert, cert, signer_uri), *dig = JG_STR(ghcert, cert, signer_digest);
    if (!signer_is(uri, want)) {
        jg_claim_add(v->deny, "attestation_signer_mismatch",
                     "signed by workflow %s, not the policy's signer %s", uri ? uri : "(none)", want);
        return;
    }
    const json_t *commits = JG_STRS(policy, policy, signer_commits);
    if (json_array_size(commits) == 0)
        jg_claim_add(v->notes, "attestation_signer_any_commit",
                     "signed by %s at commit %s; the policy names no signer commits, so any "
                     "commit of that workflow is accepted", want, dig ? dig : "(none)");
    else if (!dig || !jg_json_list_has(commits, dig))
        jg_claim_add(v->deny, "attestation_signer_commit",
                     "signed by %s at commit %s, which is not one of the policy's "
                     "attestation.signer_commits", want, dig ? dig : "(none)");
}

static void check_source(struct verdict *v, const json_t *cert, const jg_claim_ctx *c)
{
    const char *uri = JG_STR(ghcert, cert, source_uri), *dig = JG_STR(ghcert, cert, source_digest);
    char repo[JG_REPO_MAX];
    if (!uri || !jg_repo_normalize(uri, NULL, repo, sizeof repo) ||
        (c->repo && strcmp(repo, c->repo) != 0))
        jg_claim_add(v->deny, "attestation_repository_mismatch",
                     "the signing run was in repository %s, not %s", uri ? uri : "(none)",
                     c->repo ? c->repo : "(none given)");
    if (!dig || strcmp(dig, c->commit) != 0)
        jg_claim_add(v->deny, "attestation_commit_mismatch",
                     "the signing run was for commit %s, not %s", dig ? dig : "(none)", c->commit);
}

/* runInvocationURI ends in /actions/runs/<run_id>/attempts/<attempt>: the
 * run the record names. A record naming no run cannot be matched. */
static void check_run(struct verdict *v, const json_t *cert, const json_t *doc)
{
    const json_t *run = JG_OBJ(pred, JG_OBJ(stmt, doc, predicate), run);
    const char *id = JG_STR(run, run, run_id), *attempt = JG_STR(run, run, run_attempt);
    const char *uri = JG_STR(ghcert, cert, run_uri);
    char want[200];
    snprintf(want, sizeof want, "/actions/runs/%s/attempts/%s", id ? id : "?",
             attempt ? attempt : "?");
    size_t n = uri ? strlen(uri) : 0, w = strlen(want);
    if (!id || !attempt || n < w || strcmp(uri + n - w, want) != 0)
        jg_claim_add(v->deny, "attestation_run_mismatch",
                     "signed in run %s, but the record names run %s attempt %s",
                     uri ? uri : "(none)", id ? id : "(none)", attempt ? attempt : "(none)");
}

/* Every rule over one verified statement already known to be about this file. */
static void judge_one(struct verdict *v, const jg_claim_ctx *c, const json_t *res,
                      const json_t *doc, const char *signer)
{
    const char *type = JG_STR(ghres, res, predicate_type), *result = JG_STR(ghres, res, result);
    if (!type || strcmp(type, JG_TEST_RESULT_TYPE) != 0)
        jg_claim_add(v->deny, "attestation_predicate_type",
                     "the attestation's predicate is %s, not jetgate's test result (%s)",
                     type ? type : "(none)", JG_TEST_RESULT_TYPE);
    else if (!result || strcmp(result, "PASSED") != 0)
        jg_claim_add(v->deny, "attestation_result_not_passed",
                     "the signed test result is %s, not PASSED", result ? result : "(none)");
    const json_t *cert = JG_OBJ(ghres, res, certificate);
    check_signer(v, cert, c->policy, signer);
    check_source(v, cert, c);
    check_run(v, cert, doc);
    const char *runner = JG_STR(ghcert, cert, runner);
    jg_claim_add(v->notes, "attestation_runner",
                 "signed on a %s runner: the signature names the workflow, commit and run that "
                 "wrote the file, not that the runner was honest", runner ? runner : "(unnamed)");
}

/* The first statement about the file that passes every rule; else the
 * reasons of the first one about it; else why none is. */
static void judge_all(struct verdict *out, const jg_claim_ctx *c, const json_t *results,
                      const json_t *doc, const char *sha256, const char *signer)
{
    struct verdict first = {NULL, NULL};
    for (size_t i = 0; i < json_array_size(results); i++) {
        const json_t *res = json_array_get(results, i);
        if (!names_digest(res, sha256))
            continue;
        struct verdict v = {json_array(), json_array()};
        judge_one(&v, c, res, doc, signer);
        if (json_array_size(v.deny) == 0) {
            jg_claim_add(v.notes, "attestation_verified", "signed by %s for %s at %s in %s",
                         JG_STR(ghcert, JG_OBJ(ghres, res, certificate), signer_uri),
                         c->repo ? c->repo : "?", c->commit,
                         JG_STR(ghcert, JG_OBJ(ghres, res, certificate), run_uri));
            json_decref(first.deny), json_decref(first.notes);
            first = v;
            break;
        }
        if (!first.deny)
            first = v;
        else
            json_decref(v.deny), json_decref(v.notes);
    }
    if (!first.deny)
        jg_claim_add(out->deny, json_array_size(results) ? "attestation_digest_mismatch"
                                                         : "attestation_missing",
                     "no verified attestation has this file's sha256 %s as its subject (%zu "
                     "verified attestation%s given)", sha256, json_array_size(results),
                     json_array_size(results) == 1 ? "" : "s");
    else {
        json_array_extend(out->deny, first.deny);
        json_array_extend(out->notes, first.notes);
        json_decref(first.deny), json_decref(first.notes);
    }
}

void jg_attest_judge(const jg_claim_ctx *c, json_t *verdict, const json_t *doc,
                     const char *sha256, const json_t *results)
{
    bool required = JG_BOOL(tier, c->tier, require_attestation) == 1;
    if (!results && !required)
        return;
    struct verdict v = {JG_OBJS(verdict, verdict, reasons), JG_OBJS(verdict, verdict, notes)};
    char signer[512];
    if (!jg_attest_signer_normalize(JG_STR(policy, c->policy, signer_workflow), signer,
                                    sizeof signer))
        jg_claim_add(v.deny, "attestation_signer_not_configured",
                     "an attestation was given, but the policy names no signer workflow "
                     "(policy.attestation.signer_workflow)");
    else if (!results)
        jg_claim_add(v.deny, "attestation_missing",
                     "tier %s requires a verified attestation: give --attestation FILE (what "
                     "`gh attestation verify --format json` printed for this file) or "
                     "--verify-with-gh", c->tier_id);
    else
        judge_all(&v, c, results, doc, sha256, signer);
    JG_SET_BOOL(verdict, verdict, accepted, json_array_size(v.deny) == 0 &&
                                                JG_BOOL(verdict, verdict, accepted) == 1);
}
