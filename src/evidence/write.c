#include "evidence/write.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "facts/fact.h"
#include "util/atomic.h"
#include "util/json.h"
#include "schema/facts.h"

bool jg_commit_sha_valid(const char *sha)
{
    if (!sha || strlen(sha) != 40)
        return false;
    for (const char *p = sha; *p; p++)
        if (!isdigit((unsigned char)*p) && !(*p >= 'a' && *p <= 'f'))
            return false;
    return true;
}

bool jg_gate_id_valid(const char *id)
{
    if (!id || !*id || strlen(id) > 64 || strstr(id, ".."))
        return false;
    if (!islower((unsigned char)id[0]) && !isdigit((unsigned char)id[0]))
        return false;
    for (const char *p = id; *p; p++)
        if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && !strchr("._-", *p))
            return false;
    return true;
}

/* Version-like strings only ("12.6.68", "2.5.0a0+872d972e41.nv24.08"); anything else is null. */
static json_t *version_or_null(const char *v)
{
    if (!v || !*v || strlen(v) > 80)
        return json_null();
    for (const char *p = v; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(".+-_~", *p))
            return json_null();
    return json_string(v);
}

static json_t *text_or_null(const char *v)
{
    return v ? json_string(v) : json_null();
}

static const json_t *driver_result(const json_t *native)
{
    return jg_json_find_id(native, "driver");
}

static json_t *driver_version(const json_t *facts, const json_t *drv)
{
    json_t *v = jg_json_at(drv, "measurements.driver_version");
    if (!json_is_integer(v))
        v = JG_FACT_RAW(facts, cuda_driver_version);
    return json_is_integer(v) ? json_integer(json_integer_value(v)) : json_null();
}

static json_t *gpu_name(const json_t *drv, const json_t *python)
{
    const char *n = json_string_value(
        json_object_get(json_array_get(jg_json_at(drv, "measurements.devices"), 0), "name"));
    if (!n)
        n = jg_json_str(python, "torch.device_name");
    return text_or_null(n);
}

/* The image the run's container was started from, as the launcher passes it
 * ($JETGATE_IMAGE_DIGEST, "sha256:" + 64 hex): what a container pin is
 * compared with. Anything else is null. */
static json_t *container_digest(void)
{
    const char *d = getenv("JETGATE_IMAGE_DIGEST");
    bool ok = d && strlen(d) == 71 && strncmp(d, "sha256:", 7) == 0 &&
              strspn(d + 7, "0123456789abcdef") == 64;
    return ok ? json_string(d) : json_null();
}

/* The record's platform fields that come straight from one fact: one row
 * each, for the value and for its status (typed enumerators: a row naming a
 * field of another type does not compile). 'v' version-like, 't' free text
 * (scrubbed as such), 'b' boolean. */
static const struct {
    const char *key;
    jg_ff field;
    char kind;
} platform_facts[] = {
    {"arch", (jg_ff)JG_FF_STR_host_arch, 'v'},
    {"is_jetson", (jg_ff)JG_FF_BOOL_jetson_is_jetson, 'b'},
    {"module_part", (jg_ff)JG_FF_STR_module_part_number, 'v'},
    {"module_name", (jg_ff)JG_FF_STR_module_name, 't'},
    {"memory_class", (jg_ff)JG_FF_STR_module_memory_class, 't'},
    {"soc", (jg_ff)JG_FF_STR_module_soc, 'v'},
    {"compute_capability", (jg_ff)JG_FF_STR_module_compute_capability, 'v'},
    {"identified_by", (jg_ff)JG_FF_STR_module_identified_by, 'v'},
    {"l4t", (jg_ff)JG_FF_STR_l4t_version, 'v'},
    {"jetpack", (jg_ff)JG_FF_STR_jetpack_version, 'v'},
    {"os", (jg_ff)JG_FF_STR_host_os_pretty_name, 't'},
    {"cuda_toolkit", (jg_ff)JG_FF_STR_cuda_toolkit, 'v'},
    {"cudnn", (jg_ff)JG_FF_STR_cuda_cudnn, 'v'},
    {"tensorrt", (jg_ff)JG_FF_STR_cuda_tensorrt, 'v'},
};

/* Why a platform field is null, or what qualifies it: the fact's own status
 * with its reason, error, note and dispute, unchanged (issue 14: missing /
 * unreadable / unparsable / unknown reach the record and the doctor). Only
 * fields whose fact is not ok, or carries a note or a dispute, appear. */
static json_t *fact_status(const json_t *facts)
{
    static const char *const keep[] = {"reason", "error", "note", "disputed"};
    json_t *out = json_object();
    for (size_t i = 0; i < sizeof platform_facts / sizeof platform_facts[0]; i++) {
        const json_t *f = jg_ff_node(facts, platform_facts[i].field);
        const char *st = jg_fact_status(f);
        bool qualified = json_object_get(f, "note") || json_object_get(f, "disputed");
        if (!st || (strcmp(st, "ok") == 0 && !qualified))
            continue;
        json_t *e = json_pack("{s:s}", "status", st);
        for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++) {
            const char *v = json_string_value(json_object_get(f, keep[k]));
            if (v)
                json_object_set_new(e, keep[k], json_string(v));
        }
        json_object_set_new(out, platform_facts[i].key, e);
    }
    return out;
}

static json_t *platform_value(const json_t *facts, jg_ff field, char kind)
{
    if (kind == 'b') {
        int b = jg_ff_bool(facts, field);
        return b < 0 ? json_null() : json_boolean(b);
    }
    const char *s = jg_ff_str(facts, field);
    return kind == 't' ? text_or_null(s) : version_or_null(s);
}

json_t *jg_evidence_platform(const json_t *facts, const json_t *native, const json_t *python)
{
    const json_t *drv = driver_result(native);
    json_t *p = json_object();
    for (size_t i = 0; i < sizeof platform_facts / sizeof platform_facts[0]; i++)
        json_object_set_new(p, platform_facts[i].key,
                            platform_value(facts, platform_facts[i].field, platform_facts[i].kind));
    json_object_set_new(p, "driver_version", driver_version(facts, drv));
    json_object_set_new(p, "gpu_name", gpu_name(drv, python));
    json_object_set_new(p, "torch", version_or_null(jg_json_str(python, "torch.version")));
    json_object_set_new(p, "torch_cuda", version_or_null(jg_json_str(python, "torch.cuda")));
    json_object_set_new(p, "container_digest", container_digest());
    json_object_set_new(p, "raw", json_pack("{s:o, s:o}", "nv_tegra_release",
                                            text_or_null(JG_FACT_STR(facts, l4t_release_line)),
                                            "model", text_or_null(JG_FACT_STR(facts, module_model))));
    json_object_set_new(p, "fact_status", fact_status(facts));
    return p;
}

static json_t *env_or_null(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? json_string(v) : json_null();
}

json_t *jg_evidence_run_meta(const char *labels_flag)
{
    const char *labels = labels_flag ? labels_flag : getenv("RUNNER_LABELS");
    json_t *arr = json_array();
    for (const char *p = labels; p && *p;) {
        size_t n = strcspn(p, ",");
        char *l = strndup(p, n);
        char *s = l, *e = l ? l + strlen(l) : NULL;
        while (s && isspace((unsigned char)*s))
            s++;
        while (e && e > s && isspace((unsigned char)e[-1]))
            *--e = '\0';
        if (s && *s)
            json_array_append_new(arr, json_string(s));
        free(l);
        p += n + (p[n] == ',');
    }
    return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "workflow", env_or_null("GITHUB_WORKFLOW"),
                     "event", env_or_null("GITHUB_EVENT_NAME"), "run_id",
                     env_or_null("GITHUB_RUN_ID"), "run_attempt", env_or_null("GITHUB_RUN_ATTEMPT"),
                     "ref", env_or_null("GITHUB_REF"), "runner_labels", arr);
}

static json_t *rfc3339(time_t t)
{
    struct tm tm;
    char buf[32];
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(buf);
}

/* Version fields get only the known-value pass (an IPv4-looking TensorRT
 * version such as 10.3.0.30 is not an address); free text gets every pattern. */
static void scrub_platform(const jg_scrub *s, json_t *p)
{
    const char *key;
    json_t *v;
    json_object_foreach(p, key, v) {
        if (!json_is_string(v))
            continue;
        char *clean = jg_scrub_text(s, json_string_value(v), JG_SCRUB_VALUE);
        if (clean)
            json_string_set(v, clean);
        free(clean);
    }
    static const char *const free_text[] = {"module_name", "memory_class", "os", "gpu_name"};
    /* Names of hardware, not prose: patterns yes, the user's and host's names
     * no (a host called "Orin" must not rename the module). */
    for (size_t i = 0; i < 4; i++)
        jg_scrub_json(s, json_object_get(p, free_text[i]), JG_SCRUB_PATTERNS);
    jg_scrub_json(s, json_object_get(p, "raw"), JG_SCRUB_PATTERNS);
    jg_scrub_json(s, json_object_get(p, "fact_status"), JG_SCRUB_PATTERNS);
}

json_t *jg_evidence_build(const jg_evidence_in *in, const jg_scrub *s)
{
    json_t *platform = jg_evidence_platform(in->facts, in->native, in->python);
    scrub_platform(s, platform);
    json_t *checks = json_deep_copy(in->checks);
    json_t *reasons = json_deep_copy(json_object_get(in->verdict, "reasons"));
    json_t *run = json_deep_copy(in->run);
    jg_scrub_json(s, checks, JG_SCRUB_FREE_TEXT);
    jg_scrub_json(s, reasons, JG_SCRUB_FREE_TEXT);
    jg_scrub_json(s, run, JG_SCRUB_FREE_TEXT);
    json_t *pred = json_object();
    json_object_set_new(pred, "gate", json_string(in->gate));
    json_object_set(pred, "status", json_object_get(in->verdict, "status"));
    json_object_set_new(pred, "reasons", reasons ? reasons : json_array());
    json_object_set_new(pred, "tool", json_pack("{s:s, s:s}", "name", "jetgate", "version",
                                                JETGATE_VERSION));
    json_object_set_new(pred, "commit", json_pack("{s:s, s:o, s:s, s:s?}", "sha", in->sha, "dirty",
                                                  in->dirty < 0 ? json_null()
                                                                : json_boolean(in->dirty),
                                                  "source", in->commit_source, "repository",
                                                  in->repo && *in->repo ? in->repo : NULL));
    json_object_set_new(pred, "run", run ? run : json_object());
    json_object_set_new(pred, "started_at", rfc3339(in->started));
    json_object_set_new(pred, "finished_at", rfc3339(in->finished));
    json_object_set_new(pred, "platform", platform);
    json_object_set_new(pred, "checks", checks ? checks : json_array());
    json_object_set(pred, "counts", json_object_get(in->verdict, "counts"));
    return json_pack("{s:s, s:[{s:s, s:{s:s}}], s:s, s:o}", "_type", JG_EVIDENCE_STATEMENT_TYPE,
                     "subject", "name", "git-commit", "digest", "gitCommit", in->sha,
                     "predicateType", JG_EVIDENCE_PREDICATE_TYPE, "predicate", pred);
}

/* The default evidence folder is two levels deep (conditional-evidence/jetgate);
 * jg_atomic_write makes only the last one. */
static void make_parent(const char *dir)
{
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", dir);
    char *slash = strrchr(parent, '/');
    if (slash && slash != parent) {
        *slash = '\0';
        if (mkdir(parent, 0777) != 0 && errno != EEXIST)
            return; /* jg_atomic_write reports the real error */
    }
}

int jg_evidence_write(const char *dir, const char *gate, const json_t *doc)
{
    make_parent(dir);
    char name[96];
    snprintf(name, sizeof name, "%s.json", gate);
    char *text = jg_json_string(doc);
    if (!text)
        return -1;
    int rc = jg_atomic_write(dir, name, text, strlen(text));
    free(text);
    return rc;
}
