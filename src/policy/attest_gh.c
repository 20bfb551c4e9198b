/* What `gh attestation verify --format json` printed: read from a file the
 * user gives, or from gh run here (`jetgate claim --verify-with-gh`). Only
 * the shape is checked here (an array of objects holding a
 * verificationResult); what the results say is attest_verify.c's. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/attest.h"
#include "schema/attest.h"
#include "util/env.h"
#include "util/spawn.h"
#include "util/sysroot.h"

/* gh verifying over the network, the transparency log included. */
#define GH_TIMEOUT_S 120.0

static json_t *shape_error(jg_jerr *err, const char *name, const char *path, const char *fmt,
                           ...) __attribute__((format(printf, 4, 5)));
static json_t *shape_error(jg_jerr *err, const char *name, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jg_jerr_vat(err, name, path, fmt, ap);
    va_end(ap);
    return NULL;
}

static json_t *check_shape(json_t *doc, const char *name, jg_jerr *err)
{
    if (!doc)
        return NULL;
    const char *what = "expected the JSON array `gh attestation verify --format json` prints";
    if (!json_is_array(doc)) {
        json_decref(doc);
        return shape_error(err, name, "(root)", "%s", what);
    }
    for (size_t i = 0; i < json_array_size(doc); i++) {
        const json_t *r = json_array_get(doc, i);
        char at[64];
        snprintf(at, sizeof at, "[%zu].%s", i, JG_PATH(ghres, verification));
        if (!json_is_object(r) || !JG_OBJ(ghres, r, verification)) {
            json_decref(doc);
            return shape_error(err, name, at, "missing or not an object (%s)", what);
        }
    }
    return doc;
}

json_t *jg_attest_parse(const char *text, size_t len, const char *name, jg_jerr *err)
{
    return check_shape(jg_json_parse(text, len, name, err), name, err);
}

json_t *jg_attest_load(const char *path, jg_jerr *err)
{
    return check_shape(jg_json_load(path, JG_CAP_LARGE, err), path, err);
}

/* The first line of gh's stderr, for the refusal's text. */
static void first_line(const char *text, char *why, size_t n)
{
    const char *s = text ? text : "";
    while (*s == '\n' || *s == ' ')
        s++;
    snprintf(why, n, "%.*s", (int)strcspn(s, "\n"), *s ? s : "no message");
}

/* gh needs its token: the child environment keeps no secrets except these. */
static char **gh_env(void)
{
    static const char *const names[] = {"GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN"};
    char *add[4] = {NULL};
    size_t k = 0;
    for (size_t i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        size_t len = v ? strlen(names[i]) + strlen(v) + 2 : 0;
        if (v && (add[k] = malloc(len)) != NULL)
            snprintf(add[k++], len, "%s=%s", names[i], v);
    }
    extern char **environ;
    char **envp = jg_env_build(environ, (const char *const *)add, 0);
    for (size_t i = 0; i < k; i++)
        free(add[i]);
    return envp;
}

json_t *jg_attest_run_gh(const char *evidence, const char *repo, const char *signer,
                         char *why, size_t n)
{
    /* repo and signer are "host/owner/name[...]": gh takes them without the host. */
    const char *owner_name = strchr(repo, '/'), *signer_path = strchr(signer, '/');
    char *argv[] = {"gh", "attestation", "verify", (char *)evidence, "--repo",
                    (char *)(owner_name ? owner_name + 1 : repo), "--predicate-type",
                    JG_TEST_RESULT_TYPE, "--signer-workflow",
                    (char *)(signer_path ? signer_path + 1 : signer), "--format", "json", NULL};
    char **envp = gh_env();
    jg_spawn_opts o = {.timeout_s = GH_TIMEOUT_S, .out_cap = JG_CAP_LARGE, .envp = envp};
    jg_child ch;
    jg_spawn_argv(argv, &o, &ch);
    jg_env_free(envp);
    json_t *res = NULL;
    jg_jerr err;
    if (ch.outcome == JG_CHILD_EXITED && ch.code == 0) {
        res = jg_attest_parse(ch.out, ch.out_len, "gh attestation verify", &err);
        if (!res)
            snprintf(why, n, "%s", err.text);
    } else if (ch.outcome == JG_CHILD_EXITED) {
        first_line(ch.errtxt, why, n); /* gh verified nothing: a refusal, not an error */
        res = json_array();
    } else {
        char how[120];
        jg_child_describe(&ch, how, sizeof how);
        snprintf(why, n, "gh attestation verify %s", how);
    }
    jg_child_free(&ch);
    return res;
}
