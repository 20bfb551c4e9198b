/* Workflow lint: the YAML tree (positions, aliases, refusals) and the rules
 * over an inline policy, independent of the embedded default. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lint/lint.h"

static const char *policy_text =
    "{\"evidence\": {\"retention_days\": 7},"
    " \"gates\": [{\"id\": \"jetson-runtime\", \"runner_labels\": [\"self-hosted\", \"jetson\"],"
    "  \"triggers\": [\"workflow_dispatch\"]}],"
    " \"tiers\": [{\"id\": \"t\", \"runner_labels\": [\"orin\"]}, {\"id\": \"l\", \"runner_labels\": []}]}";

static jg_ynode *parse(const char *text)
{
    char err[512];
    jg_ynode *n = jg_yaml_parse(text, strlen(text), "w.yml", err, sizeof err);
    if (!n)
        print_error("%s\n", err);
    return n;
}

static jg_findings lint(const char *text)
{
    json_error_t je;
    json_t *policy = json_loads(policy_text, 0, &je);
    assert_non_null(policy);
    jg_ynode *root = parse(text);
    assert_non_null(root);
    jg_findings f = {0};
    jg_lint_workflow(policy, "w.yml", root, &f);
    jg_yaml_free(root);
    json_decref(policy);
    return f;
}

#define JOB_OK                                                                                 \
    "jobs:\n  hw:\n    if: github.ref == 'refs/heads/main'\n"                                  \
    "    runs-on: [self-hosted, JETSON, orin]\n    steps:\n"                                   \
    "      - run: cmake -S jetgate -B b && cmake --build b\n"                                 \
    "      - run: ./b/src/jetgate run --out e --runner-labels self-hosted,jetson,orin\n"        \
    "      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02\n"         \
    "        with: {name: 'conditional-jetson-${{github.run_attempt}}', retention-days: '7',"  \
    " if-no-files-found: error, path: e}\n"

static void test_positions_and_on_key(void **state)
{
    (void)state;
    jg_ynode *root = parse("name: x\non:\n  workflow_dispatch:\n");
    assert_non_null(root);
    const jg_ynode *on = jg_ymap_get(root, "on");
    assert_non_null(on); /* libyaml keeps the key "on", never the YAML 1.1 boolean */
    assert_int_equal(on->kind, JG_Y_MAP);
    assert_int_equal(on->keys[0]->line, 3);
    assert_int_equal(on->keys[0]->col, 3);
    assert_true(jg_yis_null(on->items[0]));
    assert_false(jg_yis_null(jg_ymap_get(root, "name")));
    jg_yaml_free(root);
}

static void test_refusals(void **state)
{
    (void)state;
    char err[512];
    const char *dup = "a: 1\nb: 2\na: 3\n";
    assert_null(jg_yaml_parse(dup, strlen(dup), "d.yml", err, sizeof err));
    assert_string_equal(err, "d.yml:3:1: duplicate key 'a'");
    const char *complex_key = "? [a]\n: 1\n";
    assert_null(jg_yaml_parse(complex_key, strlen(complex_key), "k.yml", err, sizeof err));
    assert_non_null(strstr(err, "not a scalar"));
    const char *self = "a: &x [1, *x]\n"; /* an alias inside its own anchor */
    assert_null(jg_yaml_parse(self, strlen(self), "s.yml", err, sizeof err));
    assert_non_null(strstr(err, "no complete anchor"));
    assert_null(jg_yaml_parse("", 0, "e.yml", err, sizeof err));
    assert_non_null(strstr(err, "empty"));
}

static void test_alias_bomb_is_bounded(void **state)
{
    (void)state;
    char text[2048] = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 9; i++) {
        char line[128];
        snprintf(line, sizeof line, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n",
                 i, i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
        strcat(text, line);
    }
    char err[512];
    assert_null(jg_yaml_parse(text, strlen(text), "b.yml", err, sizeof err));
    assert_non_null(strstr(err, "more than"));
}

static void test_clean_job_and_inline_policy(void **state)
{
    (void)state;
    jg_findings f = lint("on: [workflow_dispatch]\npermissions: read-all\n" JOB_OK);
    jg_findings_print(&f, stderr);
    assert_int_equal(f.n, 0);
    jg_findings_free(&f);
}

static void test_each_trigger_form(void **state)
{
    (void)state;
    jg_findings f = lint("on: schedule\npermissions: {}\n" JOB_OK);
    assert_int_equal(jg_findings_count(&f, "jetson.triggers"), 1); /* not in this policy */
    jg_findings_free(&f);
    f = lint("on: {workflow_dispatch: null, pull_request: {branches: [main]}}\npermissions: {}\n" JOB_OK);
    assert_int_equal(jg_findings_count(&f, "jetson.triggers"), 1);
    assert_int_equal(f.v[0].line, 1);
    jg_findings_free(&f);
    f = lint("permissions: {}\n" JOB_OK);
    assert_int_equal(jg_findings_count(&f, "jetson.triggers"), 1); /* no 'on' at all */
    jg_findings_free(&f);
}

static void test_permissions_and_pins(void **state)
{
    (void)state;
    jg_findings f = lint("on: workflow_dispatch\npermissions: write-all\n" JOB_OK
                         "  other:\n    runs-on: ubuntu-latest\n    permissions: {contents: write}\n"
                         "    uses: org/repo/.github/workflows/x.yml@main\n"
                         "    steps:\n      - uses: ./local\n"
                         "      - uses: docker://alpine@sha256:"
                         "0000000000000000000000000000000000000000000000000000000000000000\n"
                         "      - uses: docker://alpine:3\n");
    assert_int_equal(jg_findings_count(&f, "permissions.write"), 2);
    assert_int_equal(jg_findings_count(&f, "uses.pinned"), 2); /* reusable @main, docker tag */
    assert_int_equal(f.n, 4);
    jg_findings_free(&f);
}

static void test_runs_on_forms(void **state)
{
    (void)state;
    jg_findings f = lint("on: workflow_dispatch\npermissions: {}\njobs:\n  hw:\n"
                         "    if: github.ref == 'refs/heads/main'\n"
                         "    runs-on: {group: g, labels: [self-hosted, jetson]}\n"
                         "    steps:\n      - run: jetgate run\n");
    assert_int_equal(jg_findings_count(&f, "jetson.runs-on"), 0); /* tier labels: a note */
    assert_int_equal(jg_findings_count(&f, "jetson.upload.missing"), 1);
    jg_findings_free(&f);
    f = lint("on: workflow_dispatch\npermissions: {}\njobs:\n  hw:\n"
             "    if: github.ref == 'refs/heads/main'\n"
             "    runs-on: ${{ matrix.r }}\n    steps:\n      - run: jetgate run\n");
    assert_int_equal(jg_findings_count(&f, "jetson.runs-on"), 1); /* cannot be checked */
    jg_findings_free(&f);
    /* "jetgate runner" is not the gate: no jetson rules for this job. */
    f = lint("on: pull_request\npermissions: {}\njobs:\n  x:\n    runs-on: ubuntu-latest\n"
             "    steps:\n      - run: jetgate runner-info\n");
    assert_int_equal(f.n, 0);
    jg_findings_free(&f);
}

static jg_findings lint_opts(const char *text, bool jetson_only, size_t *jobs)
{
    json_error_t je;
    json_t *policy = json_loads(policy_text, 0, &je);
    jg_ynode *root = parse(text);
    assert_non_null(root);
    jg_findings f = {0};
    jg_lint_opts o = {.repo_root = NULL, .jetson_only = jetson_only};
    *jobs = jg_lint_workflow_opts(policy, "w.yml", root, &o, &f);
    jg_yaml_free(root);
    json_decref(policy);
    return f;
}

#define PIN "@0123456789abcdef0123456789abcdef01234567"

/* Callers of the reusable workflow and users of the action are Jetson jobs. */
static void test_uses_makes_a_jetson_job(void **state)
{
    (void)state;
    size_t jobs;
    jg_findings f = lint_opts("on: pull_request\npermissions: {}\njobs:\n  j:\n"
                              "    permissions: {id-token: write, attestations: write}\n"
                              "    uses: o/JetGate/.github/workflows/jetson-gate.yml" PIN "\n"
                              "    with: {tier-labels: '[\"ORIN\"]'}\n", false, &jobs);
    assert_int_equal(jobs, 1);
    assert_int_equal(jg_findings_count(&f, "jetson.triggers"), 1);
    assert_int_equal(f.n, 1); /* labels compare without case; runs-on is the callee's */
    jg_findings_free(&f);
    f = lint_opts("on: workflow_dispatch\npermissions: {}\njobs:\n  j:\n"
                  "    uses: o/jetgate/.github/workflows/jetson-gate.yml" PIN "\n", false, &jobs);
    assert_int_equal(jg_findings_count(&f, "jetson.runs-on"), 0); /* no tier-labels: a note */
    assert_int_equal(jg_findings_count(&f, "jetson.attest-permissions"), 1); /* nothing granted */
    jg_findings_free(&f);
    /* Another repository's workflow of the same file name is not jetgate's. */
    f = lint_opts("on: pull_request\npermissions: {}\njobs:\n  j:\n"
                  "    uses: o/jetgate-fork/.github/workflows/jetson-gate.yml" PIN "\n", false, &jobs);
    assert_int_equal(jobs, 0);
    assert_int_equal(f.n, 0);
    jg_findings_free(&f);
    f = lint_opts("on: workflow_dispatch\npermissions: {}\njobs:\n  j:\n"
                  "    if: github.ref == 'refs/heads/main'\n    runs-on: [self-hosted, jetson, orin]\n"
                  "    steps:\n      - uses: o/jetgate" PIN "\n"
                  "        with: {labels: 'jetson,self-hosted'}\n", false, &jobs);
    assert_int_equal(jobs, 1);
    assert_int_equal(jg_findings_count(&f, "jetson.labels"), 1); /* orin missing */
    assert_int_equal(jg_findings_count(&f, "jetson.upload.missing"), 0); /* the action uploads */
    assert_int_equal(f.n, 1);
    jg_findings_free(&f);
}

/* id-token: write and attestations: write, exactly, and only in the Jetson
 * job that signs its evidence (issue 29). */
#define SIGNING_JOB                                                                               \
    "    if: github.ref == 'refs/heads/main'\n    runs-on: [self-hosted, linux, ARM64, jetson]\n"  \
    "    steps:\n      - uses: o/jetgate" PIN "\n"                                                 \
    "        with: {labels: 'self-hosted,linux,ARM64,jetson', attest: true}\n"
static size_t permission_findings(const char *perms_top, const char *perms_job, const char *job,
                                  const char *other_job)
{
    char wf[2048];
    size_t jobs;
    snprintf(wf, sizeof wf, "on: workflow_dispatch\npermissions: %s\njobs:\n  j:\n"
             "    permissions: %s\n%s%s", perms_top, perms_job, job, other_job);
    jg_findings f = lint_opts(wf, false, &jobs);
    size_t n = jg_findings_count(&f, "permissions.write");
    jg_findings_free(&f);
    return n;
}

static void test_signing_permissions(void **state)
{
    (void)state;
    const char *both = "{contents: read, id-token: write, attestations: write}";
    const char *cpu = "  cpu:\n    runs-on: ubuntu-latest\n    permissions: {id-token: write}\n"
                      "    steps:\n      - run: make\n";
    const char *plain = "    if: github.ref == 'refs/heads/main'\n"
                        "    runs-on: [self-hosted, linux, ARM64, jetson]\n"
                        "    steps:\n      - uses: o/jetgate" PIN "\n"
                        "        with: {labels: 'self-hosted,linux,ARM64,jetson'}\n";
    const char *attest = "    if: github.ref == 'refs/heads/main'\n"
                         "    runs-on: [self-hosted, linux, ARM64, jetson]\n"
                         "    steps:\n      - uses: o/jetgate" PIN "\n"
                         "        with: {labels: 'self-hosted,linux,ARM64,jetson'}\n"
                         "      - uses: actions/attest" PIN "\n";
    assert_int_equal(permission_findings("{contents: read}", both, SIGNING_JOB, ""), 0);
    assert_int_equal(permission_findings("{contents: read}", both, attest, ""), 0);
    /* Not at the top, not in another job, not beside another write, not without signing. */
    assert_int_equal(permission_findings(both, "{contents: read}", SIGNING_JOB, ""), 2);
    assert_int_equal(permission_findings("{contents: read}", both, SIGNING_JOB, cpu), 1);
    assert_int_equal(permission_findings("{contents: read}",
                                         "{contents: write, id-token: write, attestations: write}",
                                         SIGNING_JOB, ""), 1);
    assert_int_equal(permission_findings("{contents: read}", "{id-token: read, packages: write}",
                                         SIGNING_JOB, ""), 1);
    assert_int_equal(permission_findings("{contents: read}", both, plain, ""), 2);
    /* A caller of the reusable workflow grants both, or hears why. */
    size_t jobs;
    jg_findings f = lint_opts("on: workflow_dispatch\npermissions: {contents: read}\njobs:\n  j:\n"
                              "    permissions: {contents: read, id-token: write}\n"
                              "    uses: o/jetgate/.github/workflows/jetson-gate.yml" PIN "\n"
                              "    with: {tier-labels: '[\"orin\"]'}\n", false, &jobs);
    assert_int_equal(jg_findings_count(&f, "jetson.attest-permissions"), 1);
    assert_int_equal(f.n, 1);
    jg_findings_free(&f);
}

static void test_jetson_only(void **state)
{
    (void)state;
    size_t jobs;
    const char *wf = "on: workflow_dispatch\njobs:\n  cpu:\n    runs-on: ubuntu-latest\n"
                     "    steps:\n      - uses: actions/checkout@v4\n";
    jg_findings f = lint_opts(wf, false, &jobs);
    assert_int_equal(f.n, 2); /* permissions.missing, uses.pinned */
    jg_findings_free(&f);
    f = lint_opts(wf, true, &jobs);
    assert_int_equal(jobs, 0);
    assert_int_equal(f.n, 0);
    jg_findings_free(&f);
}

/* A Jetson job that does not run jetgate (a project's own hardware tests) gets
 * the safety rules only, and a note saying so; the gate's rules are not its. */
static void test_jetson_job_without_gate(void **state)
{
    (void)state;
    json_error_t je;
    json_t *policy = json_loads(policy_text, 0, &je);
    jg_ynode *root = parse("on: [push, pull_request]\npermissions: {contents: read}\njobs:\n"
                           "  hw:\n    runs-on: [self-hosted, jetson, jetpack-6.0.0]\n"
                           "    steps:\n      - uses: actions/checkout@v6\n"
                           "      - run: python -m pytest tests\n");
    jg_findings f = {0}, notes = {0};
    size_t jetson_jobs = 0;
    jg_lint_opts o = {.jetson_only = true, .notes = &notes, .jetson_jobs = &jetson_jobs};
    assert_int_equal(jg_lint_workflow_opts(policy, "w.yml", root, &o, &f), 0); /* no gate job */
    assert_int_equal(jetson_jobs, 1);
    assert_int_equal(jg_findings_count(&f, "jetson.triggers"), 1); /* pull_request, not push */
    assert_int_equal(jg_findings_count(&f, "uses.pinned"), 1);
    assert_int_equal(f.n, 2); /* no runs-on, upload, trusted-ref or jetgate finding */
    assert_int_equal(notes.n, 1);
    assert_string_equal(notes.v[0].rule, "jetson.not-gate");
    jg_findings_free(&f);
    jg_findings_free(&notes);
    jg_yaml_free(root);
    json_decref(policy);
}

/* A write a job's step provably needs is accepted in that job, on trusted
 * events only; granted to the whole workflow it is reported with the job. */
#define REL_JOB(perms)                                                                       \
    "jobs:\n  rel:\n    runs-on: ubuntu-latest\n" perms                                          \
    "    steps:\n      - uses: actions/attest-build-provenance" PIN "\n"                         \
    "      - run: gh release upload v1 dist/*\n"
#define REL_PERMS "    permissions: {id-token: write, attestations: write, contents: write}\n"

static void test_needed_permissions(void **state)
{
    (void)state;
    jg_findings f = lint("on: {release: {types: [published]}}\npermissions: {}\n" REL_JOB(REL_PERMS));
    assert_int_equal(f.n, 0);
    jg_findings_free(&f);
    f = lint("on: [release, pull_request]\npermissions: {}\n" REL_JOB(REL_PERMS));
    assert_int_equal(jg_findings_count(&f, "permissions.write"), 3); /* untrusted event */
    jg_findings_free(&f);
    f = lint("on: release\npermissions: {id-token: write, packages: write}\n" REL_JOB(""));
    assert_int_equal(jg_findings_count(&f, "permissions.write"), 2);
    assert_non_null(strstr(f.v[0].msg, "needed only by job 'rel'"));
    assert_non_null(strstr(f.v[1].msg, "is not read-only")); /* nothing here needs packages */
    jg_findings_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions_and_on_key),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_alias_bomb_is_bounded),
        cmocka_unit_test(test_clean_job_and_inline_policy),
        cmocka_unit_test(test_each_trigger_form),
        cmocka_unit_test(test_permissions_and_pins),
        cmocka_unit_test(test_runs_on_forms),
        cmocka_unit_test(test_uses_makes_a_jetson_job),
        cmocka_unit_test(test_jetson_only),
        cmocka_unit_test(test_jetson_job_without_gate),
        cmocka_unit_test(test_needed_permissions),
        cmocka_unit_test(test_signing_permissions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
