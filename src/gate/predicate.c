/* The test-result predicate (gate/predicate.h): a view of the record in
 * the vocabulary verifiers of in-toto attestations read, plus the digests
 * that pin what judged it. */
#include "gate/predicate.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embedded.h"
#include "policy/policy.h"
#include "schema/attest.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "util/atomic.h"
#include "util/json.h"
#include "util/sha256.h"

static void sort_checks(const json_t *checks, json_t *pred)
{
    json_t *passed = json_array(), *warned = json_array(), *failed = json_array();
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const json_t *c = json_array_get(checks, i);
        const char *id = JG_STR(check, c, id), *st = JG_STR(check, c, status);
        if (!id)
            continue;
        json_t *to = failed;
        if (st && strcmp(st, "pass") == 0)
            to = passed;
        else if (st && (strcmp(st, "unsupported") == 0 || strcmp(st, "skip") == 0))
            to = warned;
        json_array_append_new(to, json_string(id));
    }
    JG_SET_AS(testres, pred, passed, STRS, passed);
    JG_SET_AS(testres, pred, warned, STRS, warned);
    JG_SET_AS(testres, pred, failed, STRS, failed);
}

static void add_resource(json_t *list, const char *name, const char *sha256)
{
    if (!sha256)
        return;
    json_t *r = json_object();
    JG_SET_STR(resource, r, name, name);
    JG_SET_STR(resource, r, sha256, sha256);
    json_array_append_new(list, r);
}

json_t *jg_predicate_build(const json_t *record, const char *policy_name,
                           const char *policy_sha256, const char *binary_sha256)
{
    const json_t *p = JG_OBJ(stmt, record, predicate);
    const char *status = JG_STR(pred, p, status);
    json_t *pred = json_object();
    JG_SET_STR(testres, pred, result, status && strcmp(status, "passed") == 0 ? "PASSED" : "FAILED");
    json_t *conf = json_array();
    add_resource(conf, policy_name, policy_sha256);
    add_resource(conf, "jetgate " JETGATE_VERSION, binary_sha256);
    JG_SET_AS(testres, pred, configuration, OBJS, conf);
    const json_t *run = JG_OBJ(pred, p, run);
    const char *repo = JG_STR(commit, JG_OBJ(pred, p, commit), repository);
    const char *id = JG_STR(run, run, run_id), *attempt = JG_STR(run, run, run_attempt);
    if (repo && id && attempt) {
        char url[600];
        snprintf(url, sizeof url, "https://%s/actions/runs/%s/attempts/%s", repo, id, attempt);
        JG_SET_STR(testres, pred, url, url);
    }
    sort_checks(JG_OBJS(pred, p, checks), pred);
    return pred;
}

/* How the predicate names the policy: never an absolute path (a home
 * directory is no one's business), the project policy by its place. */
static const char *policy_name(const jg_policy_src *src)
{
    if (src->origin == JG_POLICY_FROM_EMBEDDED)
        return JG_POLICY_EMBEDDED_NAME;
    if (src->origin == JG_POLICY_FROM_GIT_ROOT)
        return JG_POLICY_PROJECT_PATH;
    const char *slash = strrchr(src->path, '/');
    return src->path[0] == '/' && slash ? slash + 1 : src->path;
}

int jg_predicate_write(const char *path, const json_t *record, const jg_policy_src *src)
{
    char policy[JG_SHA256_HEX], binary[JG_SHA256_HEX];
    bool have_policy = true;
    if (src->origin == JG_POLICY_FROM_EMBEDDED)
        jg_sha256_of(jg_embed_default_policy_json, jg_embed_default_policy_json_len, policy);
    else
        have_policy = jg_sha256_file(src->path, policy) == 0;
    bool have_binary = jg_sha256_file("/proc/self/exe", binary) == 0;
    json_t *pred = jg_predicate_build(record, policy_name(src), have_policy ? policy : NULL,
                                      have_binary ? binary : NULL);
    char *text = jg_json_string(pred);
    int rc = text ? jg_atomic_write_path(path, text, strlen(text)) : -1;
    free(text);
    json_decref(pred);
    return rc;
}
