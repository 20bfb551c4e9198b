#include "evidence/write.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "evidence/read.h"
#include "schema/fact.h"
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/fact.h"
#include "schema/facts.h"
#include "schema/probe.h"
#include "schema/pyprobe.h"
#include "util/atomic.h"
#include "util/json.h"

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
    json_t *v = JG_NODE(probe, drv, driver_version);
    if (!json_is_integer(v))
        v = JG_FACT_RAW(facts, cuda_driver_version);
    return json_is_integer(v) ? json_integer(json_integer_value(v)) : json_null();
}

static json_t *gpu_name(const json_t *drv, const json_t *python)
{
    const char *n = JG_STR(cudev, jg_probe_device0(drv), name);
    if (!n)
        n = JG_STR(pyprobe, python, torch_device_name);
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

/* The platform field of the i-th fact the record copies (schema/evidence.h). */
static const char *platform_key(size_t i)
{
    return jg_fields_platform[jg_platform_facts[i].key].path;
}

/* Why a platform field is null, or what qualifies it: the fact's own status
 * with its reason, error, note and dispute, unchanged (issue 14: missing /
 * unreadable / unparsable / unknown reach the record and the doctor). Only
 * fields whose fact is not ok, or carries a note or a dispute, appear. */
static json_t *fact_status(const json_t *facts)
{
    static const enum jgf_fact keep[] = {JGF_fact_reason, JGF_fact_error, JGF_fact_note,
                                         JGF_fact_disputed};
    json_t *out = json_object();
    for (size_t i = 0; i < JG_PLATFORM_NFACTS; i++) {
        const json_t *f = jg_ff_node(facts, jg_platform_facts[i].field);
        const char *st = jg_fact_status(f);
        bool qualified = JG_NODE(fact, f, note) || JG_NODE(fact, f, disputed);
        if (!st || (strcmp(st, "ok") == 0 && !qualified))
            continue;
        json_t *e = json_object();
        JG_SET_STR(fact, e, status, st);
        for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++) {
            const char *v = jg_doc_str(f, &jg_fields_fact[keep[k]]);
            if (v)
                jg_doc_set(e, &jg_fields_fact[keep[k]], json_string(v));
        }
        json_object_set_new(out, platform_key(i), e);
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

static unsigned long platform_builds;

unsigned long jg_evidence_platform_builds(void)
{
    return platform_builds;
}

json_t *jg_evidence_platform(const json_t *facts, const json_t *native, const json_t *python)
{
    platform_builds++;
    const json_t *drv = driver_result(native);
    json_t *p = json_object();
    for (size_t i = 0; i < JG_PLATFORM_NFACTS; i++)
        json_object_set_new(p, platform_key(i), platform_value(facts, jg_platform_facts[i].field,
                                                               jg_platform_facts[i].kind));
    JG_SET(platform, p, driver_version, driver_version(facts, drv));
    JG_SET(platform, p, gpu_name, gpu_name(drv, python));
    JG_SET(platform, p, torch, version_or_null(JG_STR(pyprobe, python, torch_version)));
    JG_SET(platform, p, torch_cuda, version_or_null(JG_STR(pyprobe, python, torch_cuda)));
    JG_SET(platform, p, torchvision, version_or_null(JG_STR(pyprobe, python, pkg_torchvision)));
    JG_SET(platform, p, torchaudio, version_or_null(JG_STR(pyprobe, python, pkg_torchaudio)));
    JG_SET(platform, p, container_digest, container_digest());
    JG_SET(platform, p, raw_nv_tegra_release, text_or_null(JG_FACT_STR(facts, l4t_release_line)));
    JG_SET(platform, p, raw_model, text_or_null(JG_FACT_STR(facts, module_model)));
    JG_SET(platform, p, fact_status, fact_status(facts));
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
    json_t *run = json_object();
    JG_SET(run, run, workflow, env_or_null("GITHUB_WORKFLOW"));
    JG_SET(run, run, event, env_or_null("GITHUB_EVENT_NAME"));
    JG_SET(run, run, run_id, env_or_null("GITHUB_RUN_ID"));
    JG_SET(run, run, run_attempt, env_or_null("GITHUB_RUN_ATTEMPT"));
    JG_SET(run, run, ref, env_or_null("GITHUB_REF"));
    JG_SET(run, run, runner_labels, arr);
    return run;
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
    /* Names of hardware, not prose: patterns yes, the user's and host's names
     * no (a host called "Orin" must not rename the module). */
    static const enum jgf_platform free_text[] = {JGF_platform_module_name,
                                                  JGF_platform_memory_class, JGF_platform_os,
                                                  JGF_platform_gpu_name, JGF_platform_raw,
                                                  JGF_platform_fact_status};
    for (size_t i = 0; i < sizeof free_text / sizeof free_text[0]; i++)
        jg_scrub_json(s, jg_doc_node(p, &jg_fields_platform[free_text[i]]), JG_SCRUB_PATTERNS);
}

static json_t *tool(void)
{
    json_t *t = json_object();
    JG_SET_STR(tool, t, name, "jetgate");
    JG_SET_STR(tool, t, version, JETGATE_VERSION);
    return t;
}

static json_t *commit_of(const jg_evidence_in *in)
{
    json_t *c = json_object();
    JG_SET_STR(commit, c, sha, in->sha);
    JG_SET(commit, c, dirty, in->dirty < 0 ? json_null() : json_boolean(in->dirty));
    JG_SET_STR(commit, c, source, in->commit_source);
    JG_SET_STR(commit, c, repository, in->repo && *in->repo ? in->repo : NULL);
    return c;
}

/* The in-toto Statement: one subject, the commit. */
static json_t *statement(const char *sha, json_t *pred)
{
    json_t *subject = json_object();
    JG_SET_STR(subject, subject, name, "git-commit");
    JG_SET_STR(subject, subject, git_commit, sha);
    json_t *st = json_object();
    JG_SET_STR(stmt, st, type, JG_EVIDENCE_STATEMENT_TYPE);
    JG_SET(stmt, st, subject, json_pack("[o]", subject));
    JG_SET_STR(stmt, st, predicate_type, JG_EVIDENCE_PREDICATE_TYPE);
    JG_SET(stmt, st, predicate, pred);
    return st;
}

json_t *jg_evidence_build(const jg_evidence_in *in, const jg_scrub *s)
{
    json_t *platform = in->platform ? json_deep_copy(in->platform)
                                    : jg_evidence_platform(in->facts, in->native, in->python);
    scrub_platform(s, platform);
    json_t *checks = json_deep_copy(in->checks);
    json_t *reasons = json_deep_copy(JG_STRS(pred, in->verdict, reasons));
    json_t *run = json_deep_copy(in->run);
    jg_scrub_json(s, checks, JG_SCRUB_FREE_TEXT);
    jg_scrub_json(s, reasons, JG_SCRUB_FREE_TEXT);
    jg_scrub_json(s, run, JG_SCRUB_FREE_TEXT);
    json_t *pred = json_object();
    JG_SET_STR(pred, pred, gate, in->gate);
    JG_SET(pred, pred, status, json_incref(JG_NODE(pred, in->verdict, status)));
    JG_SET(pred, pred, reasons, reasons ? reasons : json_array());
    JG_SET(pred, pred, tool, tool());
    JG_SET(pred, pred, commit, commit_of(in));
    JG_SET(pred, pred, run, run ? run : json_object());
    JG_SET(pred, pred, started_at, jg_evidence_time(in->started));
    JG_SET(pred, pred, finished_at, jg_evidence_time(in->finished));
    JG_SET(pred, pred, platform, platform);
    JG_SET(pred, pred, checks, checks ? checks : json_array());
    JG_SET(pred, pred, counts, json_incref(JG_NODE(pred, in->verdict, counts)));
    return statement(in->sha, pred);
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
