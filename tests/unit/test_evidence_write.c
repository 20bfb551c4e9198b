/* Evidence record v1: shape, allow-listed platform, validation helpers, and
 * the sanitizer: planted canaries (user, host, home, tokens, serial, IP, MAC,
 * UUID) never reach the record, while ordinary text and versions survive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doctor/report.h"
#include "evidence/sanitize.h"
#include "evidence/write.h"
#include "facts/collect.h"
#include "facts/fact.h"
#include "gate/check.h"
#include "gate/gate.h"
#include "gate/input.h"
#include "util/json.h"

#define DATA JG_SOURCE_DIR "/tests/data/gate/"
#define SHA "0123456789abcdef0123456789abcdef01234567"

static json_t *load(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, DATA "%s", name);
    jg_jerr err;
    json_t *j = jg_json_load(path, 1 << 20, &err);
    if (!j)
        fail_msg("%s", err.text);
    return j;
}

static const char *const canaries[] = {
    "canaryuser", "canarylog", "canary-host", "hf_CanaryToken", "s3cr3t-canary", "1424621812345",
    "192.168.1.77", "fe80::1ff", "aa:bb:cc:dd:ee:ff", "123e4567-e89b", "ghp_abcdefghij",
    "canary-etc-host", NULL};

static char root[64];

static void put(const char *rel, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void make_scrub(jg_scrub *s)
{
    strcpy(root, "/tmp/jg-ev-XXXXXX");
    assert_non_null(mkdtemp(root));
    char p[512];
    const char *dirs[] = {"etc", "proc", "proc/device-tree"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", root, dirs[i]);
        mkdir(p, 0755);
    }
    put("etc/hostname", "canary-etc-host\n");
    put("proc/device-tree/serial-number", "1424621812345");
    char *env[] = {"USER=canaryuser", "LOGNAME=canarylog", "HOSTNAME=canary-host",
                   "HOME=/home/canaryuser", "HF_TOKEN=hf_CanaryToken1234567890abcdef",
                   "MY_SECRET=s3cr3t-canary-value", "PATH=/usr/bin", NULL};
    jg_scrub_init(s);
    jg_scrub_add_env(s, env);
    jg_root r;
    assert_true(jg_root_init(&r, root));
    jg_scrub_add_host(s, &r, NULL);
    jg_scrub_add(s, "bob", "<user>");
    /* Runner accounts and hosts named like the hardware (issue #15 row 2). */
    jg_scrub_add(s, "jetson", "<user>");
    jg_scrub_add(s, "Orin", "<host>");
    jg_root_free(&r);
}

static void drop_root(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    assert_int_equal(system(cmd), 0);
}

static void scrub_text_cases(void **state)
{
    (void)state;
    jg_scrub s;
    make_scrub(&s);
    struct {
        const char *in, *out;
    } cases[] = {
        {"error in /home/canaryuser/proj/x.py", "error in <home>/proj/x.py"},
        {"/home/bob/.cache and /root/.cache", "<home>/.cache and <home>/.cache"},
        {"/usr/root/x stays", "/usr/root/x stays"},
        {"user canaryuser on canary-host", "user <user> on <host>"},
        {"bobcat bob", "bobcat <user>"}, /* short values only as whole words */
        {"canaryusers", "canaryusers"},  /* user and host names only as whole words */
        {"workflow jetson-runtime by jetson at Orin:", "workflow jetson-runtime by <user> at <host>:"},
        {"torch on OrinNX", "torch on OrinNX"},
        /* Credential shapes by value, whatever printed them (issue #15 row 4). */
        {"401 for url: https://ci-bot:PW@pypi.example/simple/", "401 for url: https://<secret>@pypi.example/simple/"},
        {"postgres://u:pw@h/db", "postgres://<secret>@h/db"},
        {"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_abc",
         "Authorization: Bearer <secret>"},
        {"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl end", "jwt <token> end"},
        {"post https://hooks.slack.com/services/T000/B000/XXXX now", "post <webhook> now"},
        {"tok glpat-abcdefghij0123456789", "tok <token>"},
        {"tok xoxb-1234567890-abcdefghijkl", "tok <token>"},
        {"key AKIAIOSFODNN7EXAMPLE!", "key <token>!"},
        {"git@github.com:o/r.git and https://github.com/o/r", "git@github.com:o/r.git and https://github.com/o/r"},
        {"connect 192.168.1.77:443 failed", "connect <ip>:443 failed"},
        {"L4T 36.4.3 and 999.1.1.1", "L4T 36.4.3 and 999.1.1.1"},
        {"link fe80::1ff:fe23:4567:890a up", "link <ip> up"},
        {"at 01:49:37 UTC, c10::Error", "at 01:49:37 UTC, c10::Error"},
        {"mac aa:bb:cc:dd:ee:ff", "mac <mac>"},
        {"id 123e4567-e89b-12d3-a456-426614174000.", "id <uuid>."},
        {"tok hf_CanaryToken1234567890abcdef!", "tok <secret>!"},
        {"tok ghp_abcdefghijklmnopqrstuvwxyz0123", "tok <token>"},
        {"s3cr3t-canary-value", "<secret>"},
        {"serial 1424621812345", "serial <serial>"},
        {"/usr/lib/aarch64-linux-gnu/nvidia/libcuda.so.1", "/usr/lib/aarch64-linux-gnu/nvidia/libcuda.so.1"},
        {"torch 2.5.0a0+872d972e41.nv24.08.17622132", "torch 2.5.0a0+872d972e41.nv24.08.17622132"},
        {"CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_NO_DEVICE"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *got = jg_scrub_text(&s, cases[i].in, JG_SCRUB_FREE_TEXT);
        if (strcmp(got, cases[i].out) != 0)
            fail_msg("scrub('%s') = '%s', wanted '%s'", cases[i].in, got, cases[i].out);
        free(got);
    }
    json_t *doc = json_pack("{s:s, s:{s:s, s:i, s:[s], s:s, s:s}}", "a", "on canary-host", "m",
                            "serial_number", "x", "GPU_UUID", 3, "list", "192.168.1.77",
                            "library_path", "/opt/x/libcuda.so.1", "library", "libcuda.so.1");
    jg_scrub_json(&s, doc, JG_SCRUB_FREE_TEXT);
    assert_string_equal(jg_json_str(doc, "a"), "on <host>");
    assert_null(jg_json_at(doc, "m.serial_number"));
    assert_null(jg_json_at(doc, "m.GPU_UUID"));
    assert_null(jg_json_at(doc, "m.library_path"));
    assert_string_equal(jg_json_str(doc, "m.library"), "libcuda.so.1");
    assert_string_equal(json_string_value(json_array_get(jg_json_at(doc, "m.list"), 0)), "<ip>");
    json_decref(doc);
    jg_scrub_free(&s);
    drop_root();
}

static json_t *build(const char *facts_name, const char *native_name, const char *py_name,
                     jg_scrub *s, json_t **facts_out)
{
    json_t *facts = load(facts_name), *native = load(native_name), *py = load(py_name);
    json_t *policy = load("policy.json");
    /* Canaries planted in free text that a probe or the facts might carry. */
    json_object_set_new(json_object_get(json_object_get(facts, "module"), "model"), "value",
                        json_string("NVIDIA Jetson AGX Orin Developer Kit"));
    json_t *drv = json_array_get(native, 0);
    json_object_set_new(drv, "reason", json_string("loaded from /home/canaryuser/lib by canaryuser "
                                                   "at 192.168.1.77 aa:bb:cc:dd:ee:ff serial "
                                                   "1424621812345 ghp_abcdefghijklmnopqrstuvwxyz0123"));
    json_object_set_new(json_object_get(drv, "measurements"), "gpu_uuid",
                        json_string("GPU-123e4567-e89b-12d3-a456-426614174000"));
    json_object_set_new(json_object_get(py, "torch"), "device_name",
                        json_string("Orin hf_CanaryToken1234567890abcdef s3cr3t-canary-value"));
    jg_gate_in in = {.facts = facts, .native = native, .python = py,
                     .gate = jg_gate_find(policy, "jetson-runtime"),
                     .tier = jg_gate_tier_for(policy, facts)};
    json_t *checks = jg_gate_checks(&in);
    json_t *verdict = jg_gate_verdict(checks, in.gate, in.tier);
    setenv("GITHUB_WORKFLOW", "jetson-runtime canary-host", 1);
    setenv("GITHUB_RUN_ID", "42", 1);
    unsetenv("GITHUB_EVENT_NAME");
    json_t *run = jg_evidence_run_meta("self-hosted, ARM64 ,jetson,");
    jg_evidence_in ein = {.gate = "jetson-runtime", .verdict = verdict, .checks = checks,
                          .facts = facts, .native = native, .python = py, .sha = SHA,
                          .dirty = 1, .commit_source = "flag", .run = run,
                          .started = 1796205600, .finished = 1796205602};
    json_t *ev = jg_evidence_build(&ein, s);
    json_decref(run);
    json_decref(verdict);
    json_decref(checks);
    json_decref(policy);
    json_decref(py);
    json_decref(native);
    if (facts_out)
        *facts_out = facts;
    else
        json_decref(facts);
    return ev;
}

static void record_shape(void **state)
{
    (void)state;
    jg_scrub s;
    make_scrub(&s);
    json_t *ev = build("facts-orin.json", "native-orin.json", "python-orin.json", &s, NULL);
    assert_string_equal(jg_json_str(ev, "_type"), JG_EVIDENCE_STATEMENT_TYPE);
    assert_string_equal(jg_json_str(ev, "predicateType"), JG_EVIDENCE_PREDICATE_TYPE);
    json_t *subj = json_array_get(json_object_get(ev, "subject"), 0);
    assert_string_equal(jg_json_str(subj, "digest.gitCommit"), SHA);
    json_t *p = json_object_get(ev, "predicate");
    assert_string_equal(jg_json_str(p, "gate"), "jetson-runtime");
    assert_string_equal(jg_json_str(p, "status"), "passed");
    assert_string_equal(jg_json_str(p, "commit.sha"), SHA);
    assert_true(json_is_true(jg_json_at(p, "commit.dirty")));
    assert_string_equal(jg_json_str(p, "started_at"), "2026-12-02T10:00:00Z");
    assert_string_equal(jg_json_str(p, "platform.tensorrt"), "10.3.0.30");
    assert_string_equal(jg_json_str(p, "platform.module_part"), "p3701-0005");
    assert_string_equal(jg_json_str(p, "platform.compute_capability"), "8.7");
    assert_string_equal(jg_json_str(p, "platform.gpu_name"), "Orin");
    assert_int_equal(json_integer_value(jg_json_at(p, "platform.driver_version")), 12060);
    assert_string_equal(jg_json_str(p, "platform.torch_cuda"), "12.6");
    assert_string_equal(jg_json_str(p, "platform.identified_by"), "device-tree");
    /* A host named Orin and a user named jetson rename neither the hardware nor a label. */
    assert_string_equal(jg_json_str(p, "platform.raw.model"), "NVIDIA Jetson AGX Orin Developer Kit");
    assert_true(json_is_null(jg_json_at(p, "run.event")));
    assert_string_equal(jg_json_str(p, "run.run_id"), "42");
    json_t *labels = jg_json_at(p, "run.runner_labels");
    assert_int_equal(json_array_size(labels), 3);
    assert_string_equal(json_string_value(json_array_get(labels, 1)), "ARM64");
    assert_string_equal(json_string_value(json_array_get(labels, 2)), "jetson");
    assert_int_equal(json_array_size(jg_json_at(p, "checks")), 18);
    assert_int_equal(json_integer_value(jg_json_at(p, "counts.total")), 18);
    assert_true(json_is_null(jg_json_at(p, "platform.cudnn")) == false);

    /* Canonical text carries none of the canaries. */
    char *text = jg_json_string(ev);
    for (size_t i = 0; canaries[i]; i++)
        if (strstr(text, canaries[i]))
            fail_msg("canary '%s' reached the evidence", canaries[i]);
    free(text);

    /* Written atomically under the gate's name, and parses back identically. */
    char dir[600];
    snprintf(dir, sizeof dir, "%s/out", root);
    assert_int_equal(jg_evidence_write(dir, "jetson-runtime", ev), 0);
    char path[700];
    snprintf(path, sizeof path, "%s/jetson-runtime.json", dir);
    jg_jerr err;
    json_t *back = jg_json_load(path, 1 << 20, &err);
    assert_non_null(back);
    assert_true(json_equal(back, ev));
    json_decref(back);
    json_decref(ev);
    jg_scrub_free(&s);
    drop_root();
}

static void x86_platform_nulls(void **state)
{
    (void)state;
    jg_scrub s;
    jg_scrub_init(&s);
    json_t *facts = load("facts-x86.json");
    json_t *p = jg_evidence_platform(facts, NULL, NULL);
    assert_string_equal(jg_json_str(p, "arch"), "x86_64");
    assert_true(json_is_false(jg_json_at(p, "is_jetson")));
    const char *nulls[] = {"module_part", "soc", "l4t", "jetpack", "torch", "gpu_name",
                           "driver_version", "raw.nv_tegra_release", "identified_by"};
    for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
        if (!json_is_null(jg_json_at(p, nulls[i])))
            fail_msg("platform.%s should be null", nulls[i]);
    json_decref(p);
    json_decref(facts);
    jg_scrub_free(&s);
}

/* A run builds its platform summary once (issue 25: "a value parsed once"): the
 * gate's tier and the record read the summary the caller built; neither
 * jg_gate_judge nor jg_evidence_build builds another, and the record's copy is
 * the one given (a marker set in it reaches the record), scrubbed apart. */
static void platform_built_once(void **state)
{
    (void)state;
    jg_scrub s;
    jg_scrub_init(&s);
    json_t *facts = load("facts-orin.json"), *native = load("native-orin.json");
    json_t *py = load("python-orin.json"), *policy = load("policy.json");
    unsigned long before = jg_evidence_platform_builds();
    json_t *platform = jg_evidence_platform(facts, native, py);
    json_object_set_new(platform, "os", json_string("Marker OS 1.0"));
    jg_gate_inputs gi = {.facts = facts, .native = native, .python = py};
    json_t *verdict;
    json_t *checks =
        jg_gate_judge(policy, jg_gate_find(policy, "jetson-runtime"), &gi, platform, false, &verdict);
    jg_evidence_in ein = {.gate = "jetson-runtime", .verdict = verdict, .checks = checks,
                          .facts = facts, .native = native, .python = py, .platform = platform,
                          .sha = SHA, .dirty = 0, .commit_source = "flag",
                          .started = 1796205600, .finished = 1796205602};
    json_t *ev = jg_evidence_build(&ein, &s);
    assert_int_equal(jg_evidence_platform_builds() - before, 1);
    assert_string_equal(jg_json_str(ev, "predicate.platform.os"), "Marker OS 1.0");
    assert_string_equal(jg_json_str(ev, "predicate.platform.soc"), jg_json_str(platform, "soc"));
    assert_true(json_object_get(platform, "fact_status") != NULL); /* the caller's, untouched */
    json_decref(ev);
    json_decref(checks);
    json_decref(verdict);
    json_decref(platform);
    json_decref(policy);
    json_decref(py);
    json_decref(native);
    json_decref(facts);
    jg_scrub_free(&s);
}

/* Issue 14: a fact's status and reason reach the record and, read back,
 * the doctor's facts unchanged (AGX Orin p3701-0000 fixture: memory only
 * inferred -> unknown with its reason; no toolkit -> missing; the part
 * carries its "as flashed" note). */
static void fact_status_round_trip(void **state)
{
    (void)state;
    jg_root r;
    assert_true(jg_root_init(&r, JG_FIXTURES "/roots/agx-orin-devkit-p3701-0000-r35.4.1"));
    json_t *facts = jg_facts_collect_files(&r);
    jg_root_free(&r);
    json_t *p = jg_evidence_platform(facts, NULL, NULL);
    assert_true(json_is_null(json_object_get(p, "memory_class")));
    assert_string_equal(jg_json_str(p, "fact_status.memory_class.status"), "unknown");
    const char *why = jg_json_str(p, "fact_status.memory_class.reason");
    assert_non_null(why);
    assert_non_null(strstr(why, "inferred"));
    assert_string_equal(jg_json_str(p, "fact_status.cuda_toolkit.status"), "missing");
    assert_non_null(strstr(jg_json_str(p, "fact_status.module_part.note"), "as flashed"));
    assert_null(json_object_get(json_object_get(p, "fact_status"), "l4t")); /* ok, no note */
    json_t *st = json_pack("{s:{s:O}}", "predicate", "platform", p);
    json_t *back = jg_facts_from_evidence(st);
    assert_string_equal(jg_fact_status(jg_json_at(back, "module.memory_class")), "unknown");
    assert_string_equal(jg_json_str(back, "module.memory_class.reason"), why);
    assert_string_equal(jg_fact_status(jg_json_at(back, "cuda.toolkit")), "missing");
    assert_string_equal(jg_fact_str(back, "module.part_number"), "p3701-0000");
    assert_non_null(strstr(jg_json_str(back, "module.part_number.note"), "as flashed"));
    json_decref(back);
    json_decref(st);
    json_decref(p);
    json_decref(facts);
}

/* The record kept from the real H200 run (x86_64, discrete GPU): CUDA and
 * framework checks passed there, the Jetson checks failed, and the gate is
 * not_run. Re-judging its checks must give the same verdict. */
static void h200_example_record(void **state)
{
    (void)state;
    jg_jerr err;
    json_t *ev = jg_json_load(JG_SOURCE_DIR "/tests/data/h200-evidence.json", 1 << 20, &err);
    assert_non_null(ev);
    json_t *p = json_object_get(ev, "predicate");
    assert_string_equal(jg_json_str(p, "status"), "not_run");
    assert_string_equal(jg_json_str(p, "platform.arch"), "x86_64");
    assert_true(json_is_false(jg_json_at(p, "platform.is_jetson")));
    const char *pass[] = {"native.libcuda", "native.tensor_op", "native.surgery", "native.nf4",
                          "torch.import", "torch.cuda_build", "torch.cuda_available",
                          "torch.tensor_op", "torch.surgery"};
    const char *fail[] = {"host.arm64", "host.jetson", "host.module", "native.device",
                          "torch.device_name"};
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(p, "checks"), i, c) {
        const char *id = jg_json_str(c, "id"), *st = jg_json_str(c, "status");
        for (size_t k = 0; k < sizeof pass / sizeof *pass; k++)
            if (strcmp(id, pass[k]) == 0 && strcmp(st, "pass") != 0)
                fail_msg("%s is %s on the H200", id, st);
        for (size_t k = 0; k < sizeof fail / sizeof *fail; k++)
            if (strcmp(id, fail[k]) == 0 && strcmp(st, "fail") != 0)
                fail_msg("%s is %s on the H200", id, st);
    }
    json_t *v = jg_gate_verdict(json_object_get(p, "checks"), NULL, NULL);
    assert_string_equal(jg_json_str(v, "status"), "not_run");
    assert_true(json_equal(json_object_get(v, "reasons"), json_object_get(p, "reasons")));
    assert_true(json_equal(json_object_get(v, "counts"), json_object_get(p, "counts")));
    json_decref(v);
    json_decref(ev);
}

static void validators(void **state)
{
    (void)state;
    assert_true(jg_commit_sha_valid(SHA));
    assert_false(jg_commit_sha_valid("0123456789ABCDEF0123456789abcdef01234567"));
    assert_false(jg_commit_sha_valid("0123456"));
    assert_false(jg_commit_sha_valid(SHA "0"));
    assert_false(jg_commit_sha_valid(NULL));
    assert_true(jg_gate_id_valid("jetson-runtime"));
    assert_false(jg_gate_id_valid("../etc/passwd"));
    assert_false(jg_gate_id_valid("a/b"));
    assert_false(jg_gate_id_valid(""));
    assert_false(jg_gate_id_valid("-x"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scrub_text_cases),
        cmocka_unit_test(record_shape),
        cmocka_unit_test(x86_platform_nulls),
        cmocka_unit_test(platform_built_once),
        cmocka_unit_test(fact_status_round_trip),
        cmocka_unit_test(h200_example_record),
        cmocka_unit_test(validators),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
