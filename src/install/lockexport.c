/* A uv.lock or pylock.toml as a requirements file for `pip install
 * --no-deps -r`, the way a lock-based project installs on a Jetson: exactly
 * the locked versions,
 * with the lock's hashes, minus the torch family (the vendor build stays)
 * and bitsandbytes. Every value was checked against its grammar when the
 * lock was read (install/lockcheck.c), so a line holds one requirement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/setup.h"
#include "install/toml.h"
#include "util/msg.h"
#include "util/sysroot.h"

static bool kept_out(const char *name)
{
    return strcmp(name, "torch") == 0 || strcmp(name, "torchvision") == 0 ||
           strcmp(name, "torchaudio") == 0 || strcmp(name, "bitsandbytes") == 0;
}

/* A file entry's hashes: uv.lock's "hash" = "ALGO:HEX", pylock.toml's
 * "hashes" = {ALGO = "HEX"}; into list, -1 on one off its grammar. */
static int file_hashes(const json_t *file, json_t *list, char *bad, size_t n)
{
    const char *h = json_string_value(json_object_get(file, "hash"));
    const char *algo;
    json_t *hex;
    char joined[300];
    if (h && !jg_hash_ok(h))
        return snprintf(bad, n, "%.80s", h), -1;
    if (h)
        json_array_append_new(list, json_string(h));
    json_object_foreach(json_object_get(file, "hashes"), algo, hex)
    {
        snprintf(joined, sizeof joined, "%s:%s", algo, json_is_string(hex) ? json_string_value(hex) : "");
        if (!jg_hash_ok(joined))
            return snprintf(bad, n, "%.80s", joined), -1;
        json_array_append_new(list, json_string(joined));
    }
    return 0;
}

/* "name==version" (name normalized) -> the package's hashes (sdist and
 * wheels), from the lock's packages; -1 on a malformed hash. */
static int index_hashes(const jg_toml *doc, json_t *by_pkg, char *why, size_t n)
{
    const json_t *pkgs = json_object_get(doc->root, "package"); /* uv.lock */
    if (!pkgs)
        pkgs = json_object_get(doc->root, "packages"); /* pylock.toml */
    size_t i, j;
    json_t *p, *w;
    json_array_foreach(pkgs, i, p)
    {
        const char *name = json_string_value(json_object_get(p, "name"));
        const char *ver = json_string_value(json_object_get(p, "version"));
        char key[300], norm[128], bad[100];
        if (!name || !ver)
            continue;
        jg_req_normalize(name, norm, sizeof norm);
        snprintf(key, sizeof key, "%s==%s", norm, ver);
        json_t *list = json_array(), *files = json_copy(json_object_get(p, "wheels"));
        if (!json_is_array(files))
            files = (json_decref(files), json_array());
        json_array_append(files, json_object_get(p, "sdist"));
        int rc = 0;
        json_array_foreach(files, j, w)
        if (rc == 0)
            rc = file_hashes(w, list, bad, sizeof bad);
        json_decref(files);
        if (rc != 0) {
            json_decref(list);
            return snprintf(why, n, "%s: '%s' is not a valid hash (sha256:<64 hex>): the lock "
                            "is refused", key, bad), -1;
        }
        json_object_set_new(by_pkg, key, list);
    }
    return 0;
}

/* Hashes only when every line has some: pip checks all lines or none. */
static bool all_hashed(const jg_reqs *reqs, const json_t *by_pkg, const char **unhashed)
{
    for (size_t i = 0; i < reqs->n; i++) {
        const jg_req *r = &reqs->v[i];
        char key[400];
        snprintf(key, sizeof key, "%s%s", r->name, r->spec);
        if (r->kind == JG_REQ_PACKAGE && !kept_out(r->name) &&
            (r->url[0] || json_array_size(json_object_get(by_pkg, key)) == 0)) {
            *unhashed = r->name;
            return false;
        }
    }
    return true;
}

static int write_reqs(FILE *f, const jg_reqs *reqs, const json_t *by_pkg, char *why, size_t n)
{
    const char *unhashed = NULL;
    bool hashed = all_hashed(reqs, by_pkg, &unhashed);
    if (!hashed)
        jg_warn("setup: %s has no hash in the lock (or comes from a URL or git): pip installs "
                "the lock's packages without checking their hashes", unhashed);
    for (size_t i = 0; i < reqs->n; i++) {
        const jg_req *r = &reqs->v[i];
        if (r->kind != JG_REQ_PACKAGE || kept_out(r->name))
            continue;
        if (r->url[0] && strncmp(r->url, "http", 4) != 0 && strncmp(r->url, "git+", 4) != 0)
            return snprintf(why, n, "%s:%zu: %s comes from a local source (%s): install it "
                            "yourself, it cannot be exported exactly", r->file, r->line, r->name,
                            r->url), -1;
        if (!r->url[0] && !r->spec[0])
            return snprintf(why, n, "%s:%zu: %s has no locked version", r->file, r->line,
                            r->name), -1;
        if (r->url[0])
            fprintf(f, "%s @ %s", r->name, r->url);
        else
            fprintf(f, "%s%s", r->name, r->spec);
        char key[400];
        snprintf(key, sizeof key, "%s%s", r->name, r->spec);
        size_t j;
        json_t *h;
        json_array_foreach(hashed ? json_object_get(by_pkg, key) : NULL, j, h)
            fprintf(f, " --hash=%s", json_string_value(h));
        fputc('\n', f);
    }
    return 0;
}

char *jg_lock_export_text(const char *path, const char *data, size_t size,
                          const jg_marker_env *sel, char *why, size_t n)
{
    jg_reqs reqs = {0};
    jg_toml doc;
    json_t *by_pkg = json_object();
    int rc = jg_reqfile_parse(path, data, size, sel, &reqs, why, n); /* by its name */
    if (rc == 0 && (rc = jg_toml_parse(path, data, size, &doc, why, n)) == 0) {
        rc = index_hashes(&doc, by_pkg, why, n);
        jg_toml_free(&doc);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = rc == 0 ? open_memstream(&text, &len) : NULL;
    if (f) {
        fprintf(f, "# jetgate setup: %s without the torch family and bitsandbytes\n", path);
        rc = write_reqs(f, &reqs, by_pkg, why, n);
        if (fclose(f) != 0)
            rc = -1;
    }
    jg_reqs_free(&reqs);
    json_decref(by_pkg);
    if (rc != 0 || !f) {
        free(text);
        return NULL;
    }
    return text;
}

char *jg_lock_export(const char *path, const jg_marker_env *sel, char *why, size_t n)
{
    jg_blob b;
    if (jg_read_path(path, JG_CAP_LARGE, &b) != JG_R_OK) {
        snprintf(why, n, "%s: cannot read", path);
        jg_blob_free(&b);
        return NULL;
    }
    char *text = jg_lock_export_text(path, b.data, b.len, sel, why, n);
    jg_blob_free(&b);
    return text;
}
