/* The policy, claim decision and matrix field tables (schema/policy.h,
 * claim.h, matrix.h) against the documents: every row is in a policy that
 * uses every member, and in what the claim and the matrix write, with the
 * row's type (or null); every member those
 * documents hold is declared by a row, so nothing is read or written
 * outside the tables; and the validator knows exactly what the tables
 * declare: a policy with every member loads without a warning, and a member
 * no row declares is warned about in each of its objects.
 * (tests/unit/schema_typo.c checks that a misspelled or mistyped field does
 * not compile.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/matrix.h"
#include "policy/policy.h"
#include "schema/claim.h"
#include "schema/matrix.h"
#include "schema/policy.h"

#define NONE ((size_t)-1)
#define SHA "3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345"
#define REPO "github.com/example/project"

/* Every row of a table but skip is in doc, of its type or null. */
static void rows_in(const char *what, const json_t *doc, const jg_field *rows, size_t n,
                    size_t skip)
{
    assert_true(json_is_object(doc));
    for (size_t f = 0; f < n; f++) {
        const json_t *v = jg_doc_node(doc, &rows[f]);
        if (f == skip)
            continue;
        if (!v)
            fail_msg("%s: %s is not there", what, rows[f].path);
        if (!json_is_null(v) && !jg_doc_has_type(v, rows[f].type))
            fail_msg("%s: %s is not %s", what, rows[f].path, jg_doc_type_name(rows[f].type));
    }
}

/* Every member of obj (at prefix, "" for the table's own object) is a row's
 * path or a section some row's path goes through; sections are walked. */
static void members_declared(const char *what, const json_t *obj, const jg_field *rows, size_t n,
                             const char *prefix)
{
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        char full[256];
        snprintf(full, sizeof full, "%s%s%s", prefix, *prefix ? "." : "", key);
        size_t len = strlen(full);
        bool row = false, section = false;
        for (size_t f = 0; f < n; f++) {
            row = row || strcmp(rows[f].path, full) == 0;
            section = section || (strncmp(rows[f].path, full, len) == 0 && rows[f].path[len] == '.');
        }
        if (strcmp(key, JG_POLICY_COMMENT_KEY) != 0 && !row)
            fail_msg("%s: %s is no row of its table", what, full);
        if (section && json_is_object(v))
            members_declared(what, v, rows, n, full);
    }
}

#define CHECK_TABLE(what, doc, P, skip)                                                         \
    do {                                                                                          \
        rows_in(what, doc, JG_ROWS(P), skip);                                                     \
        members_declared(what, doc, JG_ROWS(P), "");                                              \
    } while (0)

/* The default policy with every member of every table: both hooks (tests
 * with junit), an opt-out, a project, a waiver in force, a signer for
 * attestations, and a container pin with a fallback wheel on a tier that
 * names cudnn and tensorrt and requires an attestation. */
static json_t *full_policy(void)
{
    jg_jerr err = {{0}};
    json_t *p = jg_policy_load(NULL, &err);
    assert_non_null(p);
    json_t *gate = (json_t *)jg_policy_gate(p, JG_CLAIM_GATE);
    JG_SET(gate, gate, device_auto, json_pack("{s:s}", JG_PATH(hook, command), "true"));
    JG_SET(gate, gate, tests, json_pack("{s:s, s:s}", JG_PATH(hook, command), "true",
                                        JG_PATH(hook, junit), "j.xml"));
    JG_SET_STR(gate, gate, project_checks_opt_out, "a written reason");
    JG_SET(gate, gate, not_required, json_object()); /* {check id: reason}; empty is valid */
    JG_SET_STR(policy, p, python, "python3");
    JG_SET_STR(policy, p, project_tier, "target");
    json_t *w = json_object();
    JG_SET_STR(waiver, w, gate, JG_CLAIM_GATE);
    JG_SET_STR(waiver, w, tier, "evaluate");
    JG_SET_STR(waiver, w, reason, "runner in repair");
    JG_SET_STR(waiver, w, issue, "https://github.com/example/project/issues/7");
    JG_SET_STR(waiver, w, opened, "2026-11-25");
    JG_SET_STR(waiver, w, expires, "2026-12-20");
    JG_SET(policy, p, waivers, json_pack("[o]", w));
    json_t *t = (json_t *)jg_policy_tier(p, "evaluate");
    JG_SET_STR(tier, t, cudnn, "9.x");
    JG_SET_STR(tier, t, tensorrt, "10.x");
    json_t *pin = json_object(), *fallback = json_object();
    JG_SET_STR(pin, fallback, kind, "wheel");
    JG_SET_STR(pin, fallback, pin, "https://example.org/torch-2.8.0-cp312-cp312-linux_aarch64.whl");
    JG_SET_STR(pin, fallback, torch, "2.8.0");
    JG_SET_STR(pin, fallback, sha256, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    JG_SET_STR(pin, pin, kind, "container");
    JG_SET_STR(pin, pin, pin, "nvcr.io/nvidia/pytorch:25.08-py3-igpu");
    JG_SET_STR(pin, pin, torch, "2.8.0a0");
    JG_SET_STR(pin, pin, digest, "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    JG_SET(pin, pin, fallback, fallback);
    json_t *vision = json_object(), *audio = json_object();
    JG_SET_STR(companion, vision, version, "0.23.0a0");
    JG_SET_STR(companion, vision, pin, "https://example.org/torchvision-0.23.0a0-cp312-cp312-linux_aarch64.whl");
    JG_SET_STR(companion, vision, sha256, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    JG_SET_STR(companion, audio, version, "2.8.0a0");
    JG_SET(pin, pin, torchvision, vision);
    JG_SET(pin, pin, torchaudio, audio);
    JG_SET(tier, t, pytorch, pin);
    JG_SET_BOOL(tier, t, require_attestation, true);
    JG_SET_STR(policy, p, signer_workflow, "example/jetgate/.github/workflows/jetson-gate.yml");
    JG_SET(policy, p, signer_commits, json_pack("[s]", "0123456789abcdef0123456789abcdef01234567"));
    return p;
}

/* What jg_policy_validate(p) says on stderr, into out. 0 when it loads. */
static int validation_stderr(const json_t *p, char *out, size_t n)
{
    fflush(stderr);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(fileno(stderr));
    dup2(fileno(tmp), fileno(stderr));
    jg_jerr err = {{0}};
    int rc = jg_policy_validate(p, "full", &err);
    fflush(stderr);
    dup2(saved, fileno(stderr));
    close(saved);
    rewind(tmp);
    size_t got = fread(out, 1, n - 1, tmp);
    out[got] = '\0';
    fclose(tmp);
    if (rc != 0)
        fail_msg("the policy does not load: %s", err.text);
    return rc;
}

static void policy_rows(void **state)
{
    (void)state;
    json_t *p = full_policy();
    char said[4096];
    validation_stderr(p, said, sizeof said);
    assert_string_equal(said, "");
    CHECK_TABLE("policy", p, policy, NONE);
    const json_t *gate = jg_policy_gate(p, JG_CLAIM_GATE);
    CHECK_TABLE("gate", gate, gate, NONE);
    CHECK_TABLE("tests hook", JG_OBJ(gate, gate, tests), hook, NONE);
    rows_in("device_auto hook", JG_OBJ(gate, gate, device_auto), jg_fields_hook, JGF_hook_junit,
            NONE);
    const json_t *t = jg_policy_tier(p, "evaluate");
    CHECK_TABLE("tier", t, tier, NONE);
    /* a container pin has a digest, its fallback wheel a sha256 */
    CHECK_TABLE("container pin", JG_OBJ(tier, t, pytorch), pin, JGF_pin_sha256);
    const json_t *fallback = JG_OBJ(pin, JG_OBJ(tier, t, pytorch), fallback);
    rows_in("fallback wheel", fallback, jg_fields_pin, JGF_pin_fallback, JGF_pin_digest);
    CHECK_TABLE("torchvision pin", JG_OBJ(pin, JG_OBJ(tier, t, pytorch), torchvision), companion,
                NONE);
    CHECK_TABLE("waiver", json_array_get(JG_OBJS(policy, p, waivers), 0), waiver, NONE);
    json_decref(p);
}

/* A member no row declares, in each object of the policy: warned about. */
static void unknown_members_warned(void **state)
{
    (void)state;
    static const struct {
        const char *object, *warning;
    } objects[] = {
        {"", "full: policy.zz: unknown field"},
        {"evidence", "full: policy.evidence.zz: unknown field"},
        {"project", "full: project.zz: unknown field"},
        {"attestation", "full: policy.attestation.zz: unknown field"},
        {"gates.0", "full: gates[0].zz: unknown field"},
        {"gates.0.hooks", "full: gates[0].hooks.zz: unknown field"},
        {"gates.0.hooks.device_auto", "full: gates[0].hooks.device_auto.zz: unknown field"},
        {"gates.0.hooks.tests", "full: gates[0].hooks.tests.zz: unknown field"},
        {"tiers.1", "full: tiers[1].zz: unknown field"},
        {"tiers.1.hardware", "full: tiers[1].hardware.zz: unknown field"},
        {"tiers.1.software", "full: tiers[1].software.zz: unknown field"},
        {"tiers.1.pytorch", "full: tiers[1].pytorch.zz: unknown field"},
        {"tiers.1.pytorch.fallback", "full: tiers[1].pytorch.fallback.zz: unknown field"},
        {"waivers.0", "full: waivers[0].zz: unknown field"},
    };
    for (size_t i = 0; i < sizeof objects / sizeof objects[0]; i++) {
        json_t *p = full_policy();
        json_t *o = p;
        char path[128], *save = NULL;
        snprintf(path, sizeof path, "%s", objects[i].object);
        for (char *step = strtok_r(path, ".", &save); step; step = strtok_r(NULL, ".", &save))
            o = json_is_array(o) ? json_array_get(o, (size_t)atoi(step)) : json_object_get(o, step);
        assert_true(json_is_object(o));
        json_object_set_new(o, "zz", json_true());
        char said[4096];
        validation_stderr(p, said, sizeof said);
        if (!strstr(said, objects[i].warning))
            fail_msg("%s: no \"%s\" in \"%s\"", objects[i].object, objects[i].warning, said);
        json_decref(p);
    }
}

static void claim_rows(void **state)
{
    (void)state;
    jg_jerr err = {{0}};
    json_t *p = full_policy();
    json_t *good = jg_evidence_read(JG_SOURCE_DIR "/tests/data/claims/good-orin.json", &err);
    assert_non_null(good);
    time_t now;
    assert_true(jg_evidence_parse_time("2026-12-02T12:00:00Z", &now));
    const char *name = "good-orin.json";
    const json_t *docs[1] = {good};
    /* evaluate: a waiver in force, and tier reasons */
    json_t *d = jg_claim_decide(p, "evaluate", SHA, REPO, now, docs, &name, 1);
    CHECK_TABLE("claim", d, claim, NONE);
    /* the waiver in force: as much of the policy's waiver as a claim shows */
    const json_t *in_force = JG_OBJ(claim, d, waiver);
    members_declared("waiver in force", in_force, JG_ROWS(waiver), "");
    assert_string_equal(JG_STR(waiver, in_force, issue), "https://github.com/example/project/issues/7");
    assert_string_equal(JG_STR(waiver, in_force, reason), "runner in repair");
    assert_string_equal(JG_STR(waiver, in_force, expires), "2026-12-20");
    const json_t *reasons = JG_OBJS(claim, d, tier_reasons);
    assert_true(json_array_size(reasons) > 0);
    for (size_t i = 0; i < json_array_size(reasons); i++)
        CHECK_TABLE("tier reason", json_array_get(reasons, i), reason, NONE);
    const json_t *verdict = json_array_get(JG_OBJS(claim, d, evidence), 0);
    CHECK_TABLE("verdict", verdict, verdict, NONE);
    CHECK_TABLE("record reason", json_array_get(JG_OBJS(verdict, verdict, reasons), 0), reason,
                NONE);
    json_decref(d);
    /* target: claimable, no repository given (null), no waiver (null) */
    d = jg_claim_decide(p, "target", SHA, NULL, now, docs, &name, 1);
    CHECK_TABLE("claim without repository", d, claim, NONE);
    assert_true(json_is_null(JG_NODE(claim, d, repository)));
    assert_true(json_is_null(JG_NODE(claim, d, waiver)));
    json_decref(d);
    json_decref(good);
    json_decref(p);
}

static void matrix_rows(void **state)
{
    (void)state;
    json_t *p = full_policy();
    json_t *m = jg_matrix_build(p, "full");
    CHECK_TABLE("matrix", m, matrix, NONE);
    const json_t *rows = JG_OBJS(matrix, m, tiers);
    assert_int_equal(json_array_size(rows), json_array_size(JG_OBJS(policy, p, tiers)));
    for (size_t i = 0; i < json_array_size(rows); i++) {
        const json_t *r = json_array_get(rows, i);
        CHECK_TABLE("matrix row", r, mrow, NONE);
        const json_t *why = JG_OBJS(mrow, r, claim_blockers);
        for (size_t k = 0; k < json_array_size(why); k++)
            CHECK_TABLE("claim blocker", json_array_get(why, k), reason, NONE);
    }
    json_decref(m);
    json_decref(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(policy_rows),
        cmocka_unit_test(unknown_members_warned),
        cmocka_unit_test(claim_rows),
        cmocka_unit_test(matrix_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
